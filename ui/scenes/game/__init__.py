"""The game screen: the board, its input, the actions table and its dialogs."""
