"""Rasa channels of Lantern's own (the Telegram connector)."""
