"""The Drill screen: the player's own errors, practised."""
