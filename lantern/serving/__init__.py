"""Serving the bot to many people at once: admission control and deployment settings."""
