"""The worker's messages are plain values: the pure turn flow takes them without the process plumbing."""

from __future__ import annotations

import subprocess
import sys

import pytest
from test_layering import PROJECT

NO_PROCESSES = "import sys\nimport {module}\nassert 'multiprocessing' not in sys.modules\n"


@pytest.mark.parametrize("module", ["ai.worker.messages", "ui.flow.turn_flow", "ui.model.tutor"])
def test_importing_the_messages_or_the_turn_flow_loads_no_multiprocessing(module: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", NO_PROCESSES.format(module=module)],
        cwd=PROJECT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr[-2000:]
