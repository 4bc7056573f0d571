"""Lantern: the framework-free core of the Lantern chatbot.

Importing Lantern turns Rasa's telemetry off (usage reports and error reporting to a third
party): every process that runs Lantern's code, the Rasa server, the action server and the
command line, is covered by the project's own configuration.
"""

import os

os.environ["RASA_TELEMETRY_ENABLED"] = "false"

__version__ = "0.1.0"
