"""The computer player: search, evaluation, training, and the worker the UI talks to.

Never imports pygame; depends on the game only through :mod:`seed_search.protocol`,
:mod:`game.rules.position` codes and :mod:`game.rules.movegen`.
"""
