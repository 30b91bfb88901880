"""The rules of backgammon: positions, dice, legal moves, the cube, matches and the game state (imports
nothing of ours but itself).
"""
