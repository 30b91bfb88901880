"""Judging played matches: every decision of a record against the search, with luck and ratings."""
