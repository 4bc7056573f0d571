"""spaCy set-up and Rasa graph components that wrap the core."""
