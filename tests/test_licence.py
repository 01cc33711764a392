"""The project's licence, and the credits its word lists' notices ask for."""

from __future__ import annotations

from importlib.metadata import distribution
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
UKACD = "Copyright (c) J Ross Beresford 1993-1999. All Rights Reserved."


def test_the_project_is_mit_licensed_and_the_installed_package_carries_the_licence():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "Copyright (c) 2026 The wordcards developers" in text
    carried = [path for path in distribution("wordcards").files or () if path.name == "LICENSE"]
    assert carried, "the installed wordcards has no LICENSE: reinstall it (pip install -e .)"
    assert carried[0].read_text(encoding="utf-8") == text


def test_the_readme_credits_ukacd_in_the_words_of_its_notice_and_every_sources_notice_ships():
    scowl_notice = (ROOT / "dictionaries" / "SCOWL-COPYRIGHT").read_text(encoding="utf-8")
    assert UKACD in scowl_notice
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    opening = readme[:readme.index("## Set up and play")]
    assert "UK Advanced Cryptics Dictionary" in opening and "J Ross Beresford 1993-1999" in opening
    assert UKACD in readme  # the notice verbatim, under Licence and credits
    for notice in ("SCOWL-COPYRIGHT", "ENABLE-NOTICE", "WORDNET-LICENSE", "PROFANITY-LIST-LICENSE"):
        assert f"dictionaries/{notice}" in readme and (ROOT / "dictionaries" / notice).is_file()
