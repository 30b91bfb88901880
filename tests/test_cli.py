"""``main.py``'s command line: sub-commands, generated help, the version, bad flags, Ctrl+C, no banner."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from processes import children, is_running, wait_for_children, with_ctrl_c

import main as entry
from game import __version__

ROOT = Path(__file__).resolve().parent.parent
START_ID = "4HPwATDgc/ABMA"


def run_main(*args: str, stdin: str = "", timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
        env=env,
    )


def test_version_is_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert entry.main(["--version"]) == 0
    assert capsys.readouterr().out.split() == ["Backgammon", __version__]


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert entry.main(["--help"]) == 0
    out = capsys.readouterr().out
    for cmd in entry.COMMANDS:
        assert cmd.name in out


@pytest.mark.parametrize("command", [c.name for c in entry.COMMANDS])
def test_each_command_answers_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert entry.main([command, "--help"]) == 0
    assert f"{command} [-h]" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args",
    [
        ["--bogus"],
        ["play", "--bogus"],
        ["hint", "--bogus"],
        ["replay-seed", "x", "--bogus"],
        ["--selftest", "--bogus"],
    ],
    ids=["top", "play", "hint", "replay-seed", "selftest"],
)
def test_unknown_flag_is_rejected_with_code_2(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert entry.main(args) == 2
    assert "unrecognized arguments: --bogus" in capsys.readouterr().err


def test_unknown_command_is_rejected_listing_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert entry.main(["nosuch"]) == 2
    err = capsys.readouterr().err
    assert "invalid choice" in err and "replay-seed" in err


def test_options_without_a_command_go_to_play() -> None:
    assert entry.choose([]) == ["play"]
    assert entry.choose(["--size", "800x600"]) == ["play", "--size", "800x600"]
    assert entry.choose(["hint", "--depth", "1"]) == ["hint", "--depth", "1"]


def test_selftest_flag_anywhere_means_the_selftest_command() -> None:
    assert entry.choose(["--selftest"]) == ["selftest"]
    assert entry.choose(["--report", "r.txt", "--selftest"]) == ["selftest", "--report", "r.txt"]


def test_bad_play_option_is_a_usage_error_not_a_traceback() -> None:
    done = run_main("--size", "10x10")
    assert done.returncode == 2
    assert "at least" in done.stderr and "Traceback" not in done.stderr


def test_pygame_banner_never_reaches_stdout() -> None:
    done = run_main("--selftest", "--only", "frame")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("selftest ok")
    assert "pygame" not in done.stdout.lower()


# --- Ctrl+C --------------------------------------------------------------------------------


def start(*args: str, home: Path) -> subprocess.Popen[str]:
    """The program in its own process group, as a terminal runs it (Ctrl+C reaches the whole group)."""
    env = dict(os.environ, BACKGAMMON_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
        start_new_session=True,
        preexec_fn=with_ctrl_c,
    )


def ctrl_c(proc: subprocess.Popen[str]) -> tuple[int, str]:
    os.killpg(proc.pid, signal.SIGINT)
    proc.wait(timeout=30)  # before communicate() closes stdin: that end of input would race the signal
    _, err = proc.communicate(timeout=30)
    return proc.returncode, err


pytestmark_posix = pytest.mark.skipif(sys.platform == "win32", reason="process groups and SIGINT are POSIX")


@pytestmark_posix
def test_ctrl_c_in_hint_waiting_for_stdin_exits_130_quietly(tmp_path: Path) -> None:
    proc = start("hint", "--depth", "1", home=tmp_path)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(f"{START_ID} 31\n")
    proc.stdin.flush()
    assert "moves" in proc.stdout.readline()  # now it waits for the next line
    code, err = ctrl_c(proc)
    assert code == 130
    assert "Traceback" not in err and "KeyboardInterrupt" not in err


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="finds the worker process through /proc")
def test_ctrl_c_during_the_selftest_exits_130_quietly(tmp_path: Path) -> None:
    """Ctrl+C once the worker process is up (the selftest is quick: a run that ends first is tried again)."""
    for _ in range(5):
        proc = start("--selftest", home=tmp_path)
        while proc.poll() is None and not children(proc.pid):
            time.sleep(0.005)
        code, err = ctrl_c(proc) if proc.poll() is None else (proc.wait(), "")
        if code == 0:
            continue  # it finished before the signal
        assert code == 130, err
        assert "Traceback" not in err and "KeyboardInterrupt" not in err
        return
    pytest.fail("the selftest always finished before Ctrl+C reached it")


@pytestmark_posix
def test_ctrl_c_while_playing_exits_130_quietly(tmp_path: Path) -> None:
    proc = start("play", home=tmp_path)
    assert wait_for_children(proc.pid), "the window is up and the AI's process started"
    assert proc.poll() is None
    code, err = ctrl_c(proc)
    assert code == 130
    assert "Traceback" not in err and "KeyboardInterrupt" not in err


@pytestmark_posix
def test_sigterm_while_playing_ends_cleanly_with_143(tmp_path: Path) -> None:
    proc = start("play", home=tmp_path)
    deadline = time.monotonic() + 30
    while not children(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.05)  # the window is up and the AI's process started
    kids = children(proc.pid)
    assert kids and proc.poll() is None
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=30)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 143
    assert "Traceback" not in err
    deadline = time.monotonic() + 5
    while any(is_running(k) for k in kids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(is_running(k) for k in kids)
