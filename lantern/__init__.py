"""Lantern: the framework-free core of the Lantern chatbot."""

__version__ = "0.1.0"
