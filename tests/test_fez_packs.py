"""Each FEZ pack's invariants, and that the committed data is what the pack script makes."""

import importlib.util
import string
from collections import Counter
from pathlib import Path

import pytest

from wordcards.games.fez import cards as fez_cards

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("pack", [0, 1])
def test_pack_shape(pack):
    entries = fez_cards.pack_data()[pack]
    assert len(entries) == 52
    colours = Counter(e["colour"] for e in entries)
    assert colours == {"red": 26, "black": 26}
    kinds = Counter((e.get("kind", "letter"), e["colour"]) for e in entries)
    assert kinds[("star", "red")] == kinds[("star", "black")] == 1
    assert kinds[("blank", "red")] == kinds[("blank", "black")] == 1
    digrams = [e["letters"] for e in entries if "letters" in e]
    assert len(digrams) == 48 and all(len(d) == 2 and d.isalpha() and d.isupper() for d in digrams)
    assert set("".join(digrams)) == set(string.ascii_uppercase), "every letter appears"
    assert len({"".join(sorted(d)) for d in digrams}) == 48, "no digram twice (turned round counts as the same)"


def test_the_packs_share_no_digram():
    one, two = ({"".join(sorted(e["letters"])) for e in p if "letters" in e} for p in fez_cards.pack_data())
    assert not one & two


def test_card_ids_are_unique_and_two_packs_make_104():
    assert len(fez_cards.deck(1)) == 52
    assert len(fez_cards.deck(2)) == 104


def test_options_of_a_digram_card():
    card = next(c for c in fez_cards.deck(1).values() if c.letters == "ER" or c.letters == "ES")
    a, b = card.letters
    assert set(fez_cards.options(card)) == {a, b, a + b, b + a}


def test_committed_packs_are_what_the_script_makes():
    spec = importlib.util.spec_from_file_location("make_fez_packs", ROOT / "scripts" / "make_fez_packs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert fez_cards.pack_data() == tuple(tuple(pack["cards"]) for pack in module.packs())
