"""The new-game and settings dialog."""
