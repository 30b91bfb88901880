"""Tests of the README: a player's page, short, with no link out of the repository."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parent.parent
README = PROJECT / "README.md"
DOCS = sorted((PROJECT / "docs").glob("*.md"))
MAX_README_BYTES = 11 * 1024
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def _links(path: Path) -> list[str]:
    return LINK.findall(path.read_text(encoding="utf-8"))


def test_readme_is_at_most_11_kb() -> None:
    assert README.stat().st_size <= MAX_README_BYTES


def test_readme_has_no_web_address() -> None:
    text = README.read_text(encoding="utf-8").lower()
    assert "http://" not in text and "https://" not in text and "www." not in text


@pytest.mark.parametrize("path", [README, *DOCS], ids=lambda p: p.relative_to(PROJECT).as_posix())
def test_every_relative_link_resolves_to_a_file_in_the_repository(path: Path) -> None:
    links = _links(path)
    assert links, f"{path.name} links to nothing"
    for target in links:
        if target.startswith(("http://", "https://")):
            continue  # docs may cite the web; the README may not (above)
        assert not target.startswith("/"), target
        resolved = (path.parent / target.split("#", 1)[0]).resolve()
        assert resolved.exists(), target
        assert resolved.is_relative_to(PROJECT), target


def test_readme_links_every_doc_and_the_screenshot() -> None:
    links = set(_links(README))
    for doc in DOCS:
        assert doc.relative_to(PROJECT).as_posix() in links
    assert "docs/screenshot.png" in links
    assert (PROJECT / "docs" / "screenshot.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_readme_gives_the_venv_step_the_run_commands_and_the_test_command_ci_runs() -> None:
    text = README.read_text(encoding="utf-8")
    assert "python -m venv" in text
    assert "python -m pip install -r requirements.txt" in text
    assert "python main.py" in text
    assert "python -m pytest" in text
    assert "\npython -m pytest\n" in (PROJECT / ".ci" / "run").read_text(encoding="utf-8")


def test_readme_names_the_licence_and_the_saves_folder_override() -> None:
    text = README.read_text(encoding="utf-8")
    assert "GNU General Public License, version 3" in text
    assert "BACKGAMMON_HOME" in text
    first, second = (PROJECT / "LICENSE").read_text(encoding="utf-8").splitlines()[:2]
    assert first.strip() == "GNU GENERAL PUBLIC LICENSE"
    assert second.strip().startswith("Version 3,")
