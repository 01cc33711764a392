"""Whatever text a player or a save file sends, ``apply`` answers with a readable error or a new state.

It never crashes with another exception and never changes the state it was given.
"""

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from wordcards.core.errors import RefusedMove
from wordcards.core.common import Seat
from wordcards.games.fez import rules

STATE = rules.new_game([Seat("A"), Seat("B"), Seat("C")], {"nasty": True}, seed=3)
DRAWN, _ = rules.apply(STATE, "draw")
CARD_IDS = sorted(STATE.cards) + ["9z99", "", "1r"]
LETTERS = st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ*", max_size=3)
piece = st.builds(lambda c, letters: f"{c}={letters}", st.sampled_from(CARD_IDS), LETTERS)
move_text = st.one_of(
    st.builds(lambda k, ps: " ".join([k, *ps]), st.sampled_from(["word", "swap", "discard", "lay 1", "lay x"]),
              st.lists(piece, max_size=5)),
    st.builds(lambda k, a: f"{k} {a}".strip(), st.sampled_from(["draw", "take", "done", "timeup", "end", "next",
                                                                 "challenge", "discard", "swap"]),
              st.sampled_from(["", "0 1 valid", "1 1 invalid", "2", "-1 1 valid", *CARD_IDS[:8]])),
    st.text(max_size=20),
)


@settings(max_examples=400, deadline=None)
@given(text=move_text, drawn=st.booleans())
def test_apply_only_raises_player_errors(text, drawn):
    state = DRAWN if drawn else STATE
    before = copy.deepcopy((state.hands, state.stock, state.discard, state.words, state.history, state.phase))
    try:
        new, events = rules.apply(state, text)
    except RefusedMove as exc:
        assert str(exc)
    else:
        rules.check_invariants(new)
    assert (state.hands, state.stock, state.discard, state.words, state.history, state.phase) == before
