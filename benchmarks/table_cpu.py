"""The CPU a move costs a hosted table, in this process, beside a bare Textual app doing the least a move needs.

    python benchmarks/table_cpu.py [--games 3]

The table is Quiddler, seeded, for two people and an easy computer player, with two spectators: the club's own
apps and driver (``host.visit.arrive``, as ``wordcards host`` seats people), drawing to terminals that only count
the bytes (no SSH, no other process). The people play as ``club_load.py``'s do: d draws, 1 discards the first card,
and both press Enter when a player has gone out and at a round's end. Each key is followed until no screen has
written for 60 ms.

It reports the CPU of a person's move, split into the move's own keys (their screen, the other person's, the
spectators' shared one, and the computer's reply) and the Enters that let the words of a player who went out stand
and deal the next round; the keys again, split into a move within a round and the last discard of a round (which
opens the round's summary on every screen); and the bytes a move sends to the four terminals. The reference, in the
same run: a bare Textual app per screen (a header, three lines of text, a key bar) through the same driver, where a
"move" rewrites its three lines on each screen. Their ratio is how many of the least possible redraws a move costs;
the machine's speed drops out of it. Both include what the apps do while a key's work is followed (the turn clock's
ticks, four times a second a screen), as a club's would.

A profile: ``python -m cProfile -o FILE benchmarks/table_cpu.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import sys
import time
import weakref
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from textual.app import App, ComposeResult  # noqa: E402
from textual.widgets import Header, Static  # noqa: E402

from wordcards.club.lobby import Club  # noqa: E402
from wordcards.host.game import HostedGame, Setup  # noqa: E402
from wordcards.host.run import load_words  # noqa: E402
from wordcards.host.seat import OnChannel, SeatApp  # noqa: E402
from wordcards.host.visit import arrive  # noqa: E402
from wordcards.tui.widgets import KeyBar  # noqa: E402

QUIET = 0.06
"""Seconds without a byte to any screen after which a key's work is done."""
SIZE = (80, 24)


class Counted:
    """A terminal that keeps no screen: it counts the bytes, and when the last came."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.term: tuple[str, tuple[int, int]] | None = ("xterm-256color", SIZE)
        self.visit = None
        self.key = None
        self.function_keys = True
        self.driver = None  # as a channel of the bare app (host.driver.Channel)
        self.bytes = 0
        self.last = 0.0

    def write(self, data: str) -> None:
        self.bytes += len(data.encode())
        self.last = time.perf_counter()

    restore = write

    def closing(self) -> bool:
        return False

    def close(self, goodbye: str = "") -> None:
        """Nothing to close."""

    def size(self) -> tuple[int, int]:
        return SIZE


async def quiet(terminals: list[Counted]) -> None:
    await asyncio.sleep(QUIET / 3)  # the keys just sent are read (and drawn) meanwhile
    deadline = time.perf_counter() + 10
    while time.perf_counter() - max(t.last for t in terminals) < QUIET:
        if time.perf_counter() > deadline:
            raise RuntimeError("the screens never went quiet")
        await asyncio.sleep(QUIET / 3)


async def one_game(seed: int, totals: Counter) -> None:
    game = HostedGame(Setup("quiddler", 2, ("easy",), {}, seed), computer_delay=0, save=False)
    load_words(game)  # before anyone joins, as `wordcards host` does: no move pays for it
    gc.collect()
    gc.freeze()  # as the club does once its word lists are loaded (host.run.settle_in)
    club = Club.single(game)
    shows: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
    terminals = [Counted(name) for name in ("ann", "bob", "watcher1", "watcher2")]
    for terminal in terminals:
        terminal.visit = arrive(terminal, club, terminal.name, "ssh", shows, 100)  # type: ignore[arg-type]
        await asyncio.sleep(0.3)
        await quiet(terminals)
    people = {terminal.name: terminal.visit for terminal in terminals[:2]}
    sent = sum(t.bytes for t in terminals)
    while True:
        state = game.table.match.state
        if state.phase == "game-over":
            break
        mover = game.table.names[state.current] if state.current < len(game.table.names) else None
        started = time.process_time()
        if state.phase in ("challenge", "round-over"):  # the words that went out stand; the next round
            for visit in people.values():
                visit.typed("\r")
            await quiet(terminals)
            totals["enter"] += time.process_time() - started
            continue
        if mover not in people:  # the computer's turn: what it costs counts to the people's moves
            await asyncio.sleep(0.01)
            totals["keys"] += time.process_time() - started
            continue
        before = len(game.table.match.log)
        people[mover].typed("d" if state.phase == "draw" else "1")
        deadline = time.perf_counter() + 5
        while len(game.table.match.log) == before:  # the key may wait its turn behind the last (KeysInTurn)
            if time.perf_counter() > deadline:
                raise RuntimeError(f"{mover}'s key made no move (seed {seed})")
            await asyncio.sleep(0.005)
        await quiet(terminals)
        spent = time.process_time() - started
        totals["keys"] += spent
        totals["moves"] += 1
        if game.table.match.state.phase in ("round-over", "game-over"):  # it ended the round
            totals["ends"] += 1
            totals["end keys"] += spent
    totals["bytes"] += sum(t.bytes for t in terminals) - sent
    for terminal in terminals:
        if terminal.visit is not None and terminal.visit.show is not None:
            terminal.visit.show.remove(terminal)
    await asyncio.sleep(0.3)


class Bare(OnChannel, App):
    """The least a screen of a move needs: a header, three lines that change, and a key bar."""

    CSS_PATH = SeatApp.CSS_PATH

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="lines")
        yield KeyBar()


async def bare_moves(moves: int) -> float:
    """CPU seconds a move costs three bare apps (the screens of a table that a move redraws)."""
    terminals = [Counted(f"bare{n}") for n in range(3)]
    stdout = sys.stdout  # each app takes it while it runs, and apps that overlap hand back each other's
    apps = []
    for terminal in terminals:
        app = Bare()
        app.on_channel(terminal, "xterm-256color")  # type: ignore[arg-type]
        apps.append((app, asyncio.create_task(app.run_async())))
    await asyncio.sleep(1.0)
    await quiet(terminals)
    started = time.process_time()
    for move in range(moves):
        for app, _ in apps:
            app.query_one("#lines", Static).update("\n".join(f"move {move}: someone drew from the draw pile {n}"
                                                             for n in range(3)))
        await quiet(terminals)
    spent = time.process_time() - started
    for app, task in apps:
        app.exit()
        await task
    sys.stdout = stdout
    return spent / moves


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3, help="games of Quiddler to play (seeds 0, 1, ...); default 3")
    args = parser.parse_args()
    totals: Counter = Counter()
    low, middle, _ = gc.get_threshold()
    gc.set_threshold(low, middle, 1_000_000)  # the club makes its full collections only while idle
    for seed in range(args.games):
        await one_game(seed, totals)
    moves = totals["moves"]
    bare = await bare_moves(40)
    move = (totals["keys"] + totals["enter"]) / moves
    out = sys.__stdout__  # Textual takes sys.stdout while an app runs
    print(f"{args.games} games of Quiddler, {moves} moves by people, 4 terminals (2 people, 2 spectators sharing "
          "a screen)", file=out)
    print(f"  CPU a move                 {1000 * move:6.1f} ms   (its keys {1000 * totals['keys'] / moves:.1f}, "
          f"the Enter between rounds {1000 * totals['enter'] / moves:.1f})", file=out)
    if totals["ends"]:
        others = (totals["keys"] - totals["end keys"]) / (moves - totals["ends"])
        print(f"  a key, by what it did      {1000 * others:6.1f} ms   within a round; the last of a round "
              f"{1000 * totals['end keys'] / totals['ends']:.1f} ({totals['ends']:.0f}: every screen opens its "
              "summary)", file=out)
    print(f"  bytes a move               {totals['bytes'] / moves:6.0f}", file=out)
    print(f"  a bare app's redraw        {1000 * bare:6.1f} ms   on 3 screens (the reference)", file=out)
    print(f"  ratio                      {move / bare:6.1f}   bare redraws a move", file=out)


if __name__ == "__main__":
    asyncio.run(main())
