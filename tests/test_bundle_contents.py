"""What the PyInstaller bundle holds: the game's own modules, and no research, bench or test code.

Without ``BUNDLE_DIR`` these tests check build.spec's allow-list (``is_bundled``) against the
modules in the work tree. With ``BUNDLE_DIR`` set to a built app folder (``dist/Backgammon``),
``test_built_archive_holds_no_research_or_test_code`` lists the app's archive as well:

    BUNDLE_DIR=dist/Backgammon python -m pytest tests/test_bundle_contents.py
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from test_build_spec import PROJECT, run_spec

NEVER_BUNDLED = ("ai.training", "bench", "tests", "gnubg", "conftest", "naive_reference")
"""Modules (and everything under them) that must never reach the bundle."""


def _is_never_bundled(module: str) -> bool:
    return any(module == name or module.startswith(name + ".") for name in NEVER_BUNDLED)


def _source_modules(package: str) -> list[str]:
    """Dotted names of every module and package under ``package`` in the work tree."""
    root = PROJECT / package
    names = []
    for path in sorted(root.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        parts = path.relative_to(PROJECT).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    names += [
        ".".join(d.relative_to(PROJECT).parts)
        for d in root.rglob("*")
        if d.is_dir() and any(d.rglob("*.py"))  # a folder of data only (the catalogue's) is no module
    ]
    return sorted({n for n in names if "__pycache__" not in n})


def _spec(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, Any]:
    namespace, _ = run_spec(monkeypatch, tmp_path)
    return namespace


def test_allow_list_takes_no_research_module(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    is_bundled = _spec(monkeypatch, tmp_path)["is_bundled"]
    research = _source_modules("ai/training")
    assert "ai.training.train" in research and "ai.training.ladder" in research
    for module in [*research, *_source_modules("bench"), *_source_modules("tests")]:
        assert not is_bundled(module), module


def test_allow_list_takes_every_game_ai_and_ui_runtime_module(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Every module under game/, ai/ and ui/ but the research tooling is taken, sub-packages too."""
    namespace = _spec(monkeypatch, tmp_path)
    ours = _source_modules("game") + _source_modules("ai") + _source_modules("ui")
    runtime = [m for m in ours if not _is_never_bundled(m)]
    assert {"ui.app.app", "ai.worker.transport", "ai.evaluation.network"} <= set(runtime)
    assert [m for m in runtime if not namespace["is_bundled"](m)] == []
    assert sorted(namespace["hidden"]) == sorted(runtime)


def _archive_modules(bundle: Path) -> list[str]:
    """The module names in the app's PYZ archive and the scripts in its executable."""
    from PyInstaller.archive.readers import CArchiveReader

    candidates = [
        bundle / "Backgammon",
        bundle / "Backgammon.exe",
        bundle / "Contents" / "MacOS" / "Backgammon",
    ]
    executable = next((p for p in candidates if p.is_file()), None)
    assert executable is not None, f"no Backgammon executable in {bundle}"
    archive = CArchiveReader(str(executable))
    names = list(archive.toc)
    pyz = [name for name in archive.toc if name.endswith(".pyz")]
    assert pyz, f"no PYZ archive in {executable}"
    for name in pyz:
        names += list(archive.open_embedded_archive(name).toc)
    return names


def _loose_files(bundle: Path) -> list[str]:
    """Every file in the app folder as a dotted name from the folder the app imports from."""
    names = []
    for path in bundle.rglob("*"):
        if path.is_file():
            parts = list(path.relative_to(bundle).parts)
            if parts[0] in ("_internal", "Contents"):
                parts = parts[1:]
            names.append(".".join(parts).rsplit(".", 1)[0] if "." in parts[-1] else ".".join(parts))
    return names


def test_bundle_holds_no_research_or_test_code(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The built app's archive if BUNDLE_DIR names it, else the modules build.spec hands PyInstaller.

    Run after the build (.ci/run) with ``BUNDLE_DIR=<dist>/Backgammon``.
    """
    bundle = os.environ.get("BUNDLE_DIR")
    if bundle:
        modules = _archive_modules(Path(bundle)) + _loose_files(Path(bundle))
        assert {"main", "game.rules.movegen", "ui.app.app", "ai.worker.transport"} <= set(modules)
    else:
        modules = _spec(monkeypatch, tmp_path)["hidden"]
        assert {
            "game.rules.movegen",
            "ui.app.app",
            "ai.worker.transport",
            "ai.evaluation.network",
        } <= set(modules)
    assert [m for m in modules if _is_never_bundled(m)] == []


def test_the_harvest_never_reaches_the_bundle(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The harvest's shards (data/harvest/, committed for training) are never shipped: the built app
    holds none if BUNDLE_DIR names it; else build.spec hands PyInstaller nothing from data/."""
    bundle = os.environ.get("BUNDLE_DIR")
    if bundle:
        shipped = [p for p in Path(bundle).rglob("*") if "harvest" in p.parts or p.name.startswith("shard-")]
        assert shipped == []
        return
    _, calls = run_spec(monkeypatch, tmp_path)
    datas = next(kwargs["datas"] for kind, _, kwargs in calls if kind == "Analysis")
    sources = [Path(src).resolve() for src, _ in datas]
    assert sources and not [s for s in sources if (PROJECT / "data") in (s, *s.parents)]
