"""Research tooling, never bundled with the game: self-play training, distillation and the ladder.

Run as ``python -m ai.training.train``, ``python -m ai.training.distill`` and
``python -m ai.training.ladder``; build.spec's allow-list leaves this package out.
"""
