"""The computer player: search, evaluation, training, and the worker the UI talks to.

Never imports pygame; depends on the game only through :mod:`game.protocol`,
:mod:`game.position` codes and :mod:`game.movegen`.
"""
