"""Drawing: layout, theme, fonts, the board, buttons and panels; no scene logic."""
