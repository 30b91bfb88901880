"""The one validator of the command line's numbers with a fraction (argparse ``type=``), shared by
every command that takes one: ``float()`` reads ``nan``, ``inf`` and ``-1e9`` as numbers, and a
rollout ``--within nan`` then kept no candidate and played zero trials."""

from __future__ import annotations

import argparse
import math


def non_negative(text: str) -> float:
    """``text`` as a finite number, 0 or more; anything else refused in words (a usage error)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a finite number, 0 or more")
    return value
