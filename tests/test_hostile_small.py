"""No file can hurt, the smaller cases: each refused or handled with a clear message, none hanging
(how fast each is answered: ``python -m bench.hostile``)."""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from helpers import HANG_S
from test_ui_cube import answer, flow_at

import ai.cube.met as met_module
from ai.cli import analyze, autoplay
from ai.evaluation.load import network_evaluator
from ai.evaluation.network import NetworkError, load_arrays
from game.support.resources import asset_path
from ui.flow.events import CubeDone, Pass
from ui.model.player_stats import MAX_STATS_BYTES, MatchEntry, PlayerStats, load_stats, save_stats
from ui.model.records import keep_game, record_files
from ui.model.session import AI
from ui.text.model import notice

ROOT = Path(__file__).resolve().parent.parent
LIMIT_S = HANG_S
SHORT = """ 3 point match

 Game 1
 Alice : 0                          Bob : 0
  1) 61: 8/2 6/5                 42: 8/4 6/4
      Wins 3 points
"""


def run_main(*args: str, **kw: object) -> subprocess.CompletedProcess[bytes]:
    """``python main.py ARGS``, answered before :data:`LIMIT_S` (a hang guard, not a speed)."""
    start = time.monotonic()
    done: subprocess.CompletedProcess[bytes] = subprocess.run(
        [sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, timeout=120, **kw
    )  # type: ignore[call-overload]
    assert time.monotonic() - start < LIMIT_S
    return done


@contextlib.contextmanager
def quickly() -> Iterator[None]:
    """The block must end before :data:`LIMIT_S` (a hang guard, not a speed)."""
    start = time.monotonic()
    yield
    assert time.monotonic() - start < LIMIT_S


def test_replay_seed_with_non_utf8_bytes() -> None:
    proc = run_main("replay-seed", os.fsdecode(b"ab\xff"), "--count", "2")
    assert proc.returncode == 2 and b"not UTF-8" in proc.stderr and b"Traceback" not in proc.stderr


def test_weights_with_a_string_array(tmp_path: Path) -> None:
    arrays = load_arrays(asset_path("weights", "net.npz"))
    arrays["contact_b1"] = np.array(["x"] * arrays["contact_b1"].size)
    buf = io.BytesIO()
    np.savez(buf, **arrays)  # type: ignore[arg-type]
    path = tmp_path / "w.npz"
    path.write_bytes(buf.getvalue())
    (tmp_path / "w.npz.sha256").write_text(f"{hashlib.sha256(buf.getvalue()).hexdigest()}  w.npz\n")
    with quickly(), pytest.raises(NetworkError, match="not all numbers"):
        network_evaluator(path)


def test_analyze_with_a_damaged_match_equity_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "met.json").write_text('{"name": "x", "pre": [[0.5]], "post": "no"}')
    record = tmp_path / "m.mat"
    record.write_text(SHORT)
    monkeypatch.setattr(met_module, "asset_path", lambda *parts: tmp_path / "met.json")
    met_module.default_met.cache_clear()
    try:
        ap = argparse.ArgumentParser()
        analyze.add_arguments(ap)
        with quickly():
            assert analyze.run(ap.parse_args([str(record), "--depth", "1"]), ap) == analyze.USAGE_ERROR
    finally:
        met_module.default_met.cache_clear()
    assert "match equity table" in capsys.readouterr().err


def test_analyze_text_to_a_non_utf8_stdout(tmp_path: Path) -> None:
    record = tmp_path / "m.mat"
    record.write_text(SHORT.replace("Alice", "Zoë ✓"), encoding="utf-8")
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    proc = run_main("analyze", str(record), "--depth", "1", env=env)
    assert proc.returncode == 0, proc.stderr
    assert b"Zo? ?" in proc.stdout


def test_dangling_symlink_in_matches_keeps_the_list(tmp_path: Path) -> None:
    (tmp_path / "good.mat").write_text(SHORT)
    os.symlink(tmp_path / "gone.mat", tmp_path / "dangling.mat")
    os.symlink(tmp_path / "loop.mat", tmp_path / "loop.mat")
    with quickly():
        assert [p.name for p in record_files(tmp_path)] == ["good.mat"]


def test_damaged_record_at_game_over_tells_and_never_overwrites(tmp_path: Path) -> None:
    flow = flow_at(AI)
    flow.handle(CubeDone(answer(double=True)))
    flow.handle(Pass())
    s = flow.session
    s.record_name = "old-5pt.mat"
    stamp = time.strftime("%Y%m%d-%H%M%S")
    earlier = tmp_path / f"old-5pt.mat.corrupt-{stamp}"
    earlier.write_text("an earlier damaged record\n")
    (tmp_path / s.record_name).write_text("this is not a match record\n")
    told: list[str] = []
    with quickly():
        keep_game(tmp_path, s, lambda n: told.append(notice(n)))
    assert len(told) == 1 and "moved aside" in told[0]
    assert earlier.read_text() == "an earlier damaged record\n"  # kept, not overwritten
    assert len(list(tmp_path.glob("old-5pt.mat.corrupt-*"))) == 2


def test_stats_never_written_past_their_reader(tmp_path: Path) -> None:
    entries = tuple(
        MatchEntry(f"2026{n:08d}-120000-25pt.mat", "2026-11-24", 25, (25, 24), (10, 9), True, (123.4, 56.7))
        for n in range(20_000)
    )
    save_stats(tmp_path, PlayerStats(entries))
    assert (tmp_path / "stats.json").stat().st_size <= MAX_STATS_BYTES
    back, told = load_stats(tmp_path)
    assert told is None and back.entries == entries


def test_stats_over_the_limit_keep_the_newest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import ui.model.player_stats as ps

    entries = tuple(MatchEntry(f"m{n}-3pt.mat", "2026-11-24", 3) for n in range(1000))
    raw = ps.stats_bytes(PlayerStats(entries), limit=20_000)
    kept = json.loads(raw)["matches"]
    assert len(raw) <= 20_000 and kept and kept[-1]["file"] == "m999-3pt.mat"


@pytest.mark.parametrize("kind", ["fifo", "folder", "no-folder"])
def test_autoplay_out_refused_before_playing(tmp_path: Path, kind: str) -> None:
    out = tmp_path / "x.mat"
    if kind == "fifo":
        os.mkfifo(out)
    elif kind == "folder":
        out.mkdir()
    else:
        out = tmp_path / "none" / "x.mat"
    proc = run_main("autoplay", "--match", "25", "--out", str(out))  # under 5 s: before any play
    assert proc.returncode == 1 and b"cannot write" in proc.stderr
    if kind == "fifo":
        assert not out.is_file()  # still the FIFO
    assert autoplay.writable(out)


def test_a_record_past_64_points_is_refused_in_words() -> None:
    from game.records.errors import ReplayError
    from game.records.model import MatchRecord
    from game.records.replay import replay

    with pytest.raises(ReplayError, match="longer than 64 points"):
        replay(MatchRecord(100, ("A", "B"), (), ()))
