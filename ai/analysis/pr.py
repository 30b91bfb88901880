"""eXtreme Gammon's Performance Rating (PR): the average equity lost per counted decision, times 500.

eXtreme Gammon reports a player's play as PR = 500 × (EMG lost) / (decisions counted), where
EMG is cubeful equity normalised to a cube of 1 (in a match, the match winning chances at the
score turned into that equity, as the errors of :mod:`ai.analysis.review` are), and the
decisions counted leave out the obvious ones: forced moves and obvious cube decisions. Here
the decisions counted are those the error rate counts: unforced checker plays (more than one
legal move) and close or actual cube decisions (GNU Backgammon's margin of 0.16). So PR is
half the error rate in mEMG per decision. See docs/workbench.md for what differs from
eXtreme Gammon's own choice of decisions.
"""

from __future__ import annotations

PR_SCALE = 500.0
"""The factor eXtreme Gammon multiplies the average EMG lost per decision by."""


def performance_rating(error_rate: float) -> float:
    """The PR of an error rate in mEMG per counted decision: the same decisions, ×500 instead of ×1000."""
    return error_rate * PR_SCALE / 1000.0
