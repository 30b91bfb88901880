"""The position editor: build any position by hand, then analyse it, roll it out, play it or copy its IDs."""
