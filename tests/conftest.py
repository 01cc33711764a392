import sys
from pathlib import Path

import pytest

# The toy game's distribution metadata: its entry point puts Word Chain among the games, as an installed plug-in would.
sys.path.insert(0, str(Path(__file__).parent / "plugins"))

from wordcards.core.common import Seat
from wordcards.games.fez import cards as fez_cards


@pytest.fixture(autouse=True)
def wordcards_home(tmp_path, monkeypatch):
    """Every test saves into its own folder, never the player's."""
    monkeypatch.setenv("WORDCARDS_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def card(spec: str) -> str:
    """A FEZ card id from a readable name: ``"1 red FI"``, ``"2 black star"``, ``"1 red blank"``."""
    pack, colour, what = spec.split()
    for card in fez_cards.deck(2).values():
        if card.id[0] == pack and card.colour == colour and (card.letters == what or card.kind == what):
            return card.id
    raise KeyError(spec)


def seats(*names: str) -> list[Seat]:
    return [Seat(n) for n in names]


@pytest.fixture(scope="session")
def postgres():
    """A real PostgreSQL server for this test process (tests/postgres_server.py)."""
    from tests.postgres_server import running

    with running() as server:
        yield server


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path):
    """Where a new, empty club record goes: a SQLite file, or a database of its own on a real PostgreSQL server."""
    if request.param == "sqlite":
        return tmp_path / "club.db"
    return request.getfixturevalue("postgres").new_database()
