"""How bad an error is: the doubtful, bad and very bad bands, defined here only.

Errors are in EMG in a match and in equity per cube unit for money. The review counts
and names its errors by these bands, the review screen colours them, and the tutor warns
from the band the player chose.
"""

from __future__ import annotations

DOUBTFUL, BAD, VERY_BAD = 0.03, 0.06, 0.12
"""Error thresholds of a doubtful, bad and very bad decision."""

SEVERITY = ((VERY_BAD, "very bad"), (BAD, "bad"), (DOUBTFUL, "doubtful"))
"""Each band's least error and its name, worst first."""


def severity(error: float) -> str:
    """The band of ``error``: ``very bad``, ``bad``, ``doubtful``, or ``""`` below them all."""
    return next((word for bound, word in SEVERITY if error >= bound), "")
