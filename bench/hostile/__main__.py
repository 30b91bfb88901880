"""``python -m bench.hostile``: the hostile inputs of issue 50 timed (see :mod:`bench.hostile`)."""

import sys

from bench.cli import module_main
from bench.hostile import __doc__ as doc
from bench.hostile import run

sys.exit(module_main("hostile", doc, run))
