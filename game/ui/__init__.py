"""game.ui."""
