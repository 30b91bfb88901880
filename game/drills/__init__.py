"""Drills from the player's own errors: the cards, their schedule, the deck that keeps them, and
their export and import (no pygame, no AI: the errors come judged from the review or the tutor)."""
