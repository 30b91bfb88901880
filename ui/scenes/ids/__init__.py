"""Position and Match IDs: show them, set a position up from them, analyse it."""
