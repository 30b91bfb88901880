"""The player's statistics screen."""
