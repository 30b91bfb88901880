"""Backgammon rules and state: pure Python, no pygame (the front end lives in ui)."""

__version__ = "0.1.0"
