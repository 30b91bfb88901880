"""Static evaluation of a position: the neural net, its inputs, the bear-off database, the hand-made
fallback.
"""
