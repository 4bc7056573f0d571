"""Rasa custom actions: thin adapters that read the tracker, call ``lantern`` and send replies."""
