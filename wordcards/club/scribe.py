"""A hosted table's record, written as it plays: the table, each game dealt at it with its seats, every move as it
is made, and each game's end (``record.Record``).

The record's calls block, so the scribe makes them on one worker thread of its own, in the order they were asked
for, and the event loop never waits. A write that fails is told once and kept, with every write after it, to be
tried again with the next one: the table plays on, and the record catches up once the database takes writes again.
"""

from __future__ import annotations

import asyncio
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable

from wordcards.club.ratings import Rating
from wordcards.club.record import Record
from wordcards.core.errors import RecordError
from wordcards.core.match import Match


class Scribe:
    """The record of one table. Made (and ``close``d) off the event loop, as they block; every other method is
    called on the loop. ``told`` hears, on the loop, the line for the players when writes start to fail."""

    def __init__(self, record: Record, game: str, options: dict[str, Any], match: Match | None = None,
                 kind: str = "host") -> None:
        """Open the table (RecordError if it cannot be): a new one, or the resumed ``match``'s, whose moves go on
        into its game's record if the record has it as the save left it; if not, the game is recorded anew."""
        self.record = record
        self.told: Callable[[str], None] = lambda line: None
        self.rated: Callable[[str, dict[str, Rating]], None] = lambda game, ratings: None
        """Hears, on the loop, a finished game's people's new ratings (its game's name, and each by name)."""
        self.loop: asyncio.AbstractEventLoop | None = None
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="record")
        self.pending: deque[Callable[[], None]] = deque()
        """Writes asked for and not yet made, the first of them failed (the worker's alone)."""
        self.failing = False
        self.closed = False
        self.table: int
        self.game: int | None = None
        """The game being recorded (set on the worker, in order with the writes)."""
        self.resumed = ""
        """A line for the host about the resumed game's record."""
        kept = match.record.get("game") if match is not None else None
        found = next((g for g in record.unfinished() if g.id == kept), None)
        if match is not None and found is not None and found.game == match.spec.name and \
                found.seed == match.seed and found.moves == match.history[:len(found.moves)]:
            self.table, self.game = found.table, found.id
            record.reopen_table(self.table)
            record.add_moves(found.id, [(ply, None, text) for ply, text in
                                        enumerate(match.history[len(found.moves):], start=len(found.moves) + 1)])
            self.resumed = f"recording on into game {found.id} of the club's record"
            return
        self.table = record.open_table(game, options, kind)
        if match is not None:
            self.game = record.start_game(self.table, game, match.options, match.seed, match.dictionary, match.seats)
            record.add_moves(self.game, [(ply, None, text) for ply, text in enumerate(match.history, start=1)])
            match.record = {"table": self.table, "game": self.game}
            self.resumed = f"the club's record lacked this game as saved: recorded anew as game {self.game}"

    # ------------------------------------------------------------ on the event loop

    def start(self, match: Match) -> None:
        """``match`` was dealt: its game and seats; its save will name its record (for ``host --resume``)."""
        loop = asyncio.get_running_loop()

        def start() -> None:
            self.game = self.record.start_game(self.table, match.spec.name, match.options, match.seed,
                                               match.dictionary, match.seats)
            self.post(loop, self.noted, match, {"table": self.table, "game": self.game})

        self.write(start)

    @staticmethod
    def noted(match: Match, ids: dict[str, int]) -> None:
        match.record = ids
        match.save()

    def move(self, ply: int, seat: int | None, text: str) -> None:
        self.write(lambda: self.record.add_move(self.at(), ply, seat, text))

    def end(self, game: str, result: str, scores: list[int], gone: list[int]) -> None:
        """The game (``game``: its name) ended: its result, final scores and the seats that left it or that a
        computer played at the end; its people are rated (``Record.end_game``)."""
        loop = asyncio.get_running_loop()

        def end() -> None:
            ratings = self.record.end_game(self.at(), result, scores, gone)
            if ratings:
                self.post(loop, self.rated, game, ratings)

        self.write(end)

    async def seen(self, name: str, fingerprint: str | None) -> bool:
        """Whether ``name`` may come in with this key (None: none), as ``Record.seen``; when the record cannot
        say, they come in."""
        self.loop = asyncio.get_running_loop()

        def seen() -> bool:
            try:
                return self.record.seen(name, fingerprint)
            except RecordError as exc:
                self.failed(exc)
                return True

        return await asyncio.wrap_future(self.pool.submit(seen))

    def write(self, job: Callable[[], None]) -> None:
        if self.closed:  # the table moved while its record closed: the move is in the save, not the record
            return
        self.loop = asyncio.get_running_loop()
        self.pool.submit(self.run, job)

    # ------------------------------------------------------------ on the worker thread

    def at(self) -> int:
        assert self.game is not None, "a move is recorded after its game's start"
        return self.game

    def run(self, job: Callable[[], None]) -> None:
        self.pending.append(job)
        try:
            while self.pending:
                self.pending[0]()
                self.pending.popleft()
        except RecordError as exc:
            self.failed(exc)
        else:
            self.failing = False

    def failed(self, exc: RecordError) -> None:
        if not self.failing and self.loop is not None:
            self.post(self.loop, self.told, f"{exc}; the game goes on, and the record catches up once it can be "
                                            "written")
        self.failing = True

    @staticmethod
    def post(loop: asyncio.AbstractEventLoop, callback: Callable[..., None], *args: Any) -> None:
        """Have the event loop call ``callback``, unless it has ended (the host stopped before it heard)."""
        try:
            loop.call_soon_threadsafe(callback, *args)
        except RuntimeError:
            pass

    def close(self, close_table: bool = True) -> str | None:
        """The table is closed (``close_table`` False: the club stops, and the table comes back when it opens
        again); every write waiting is made (blocking). What the record lacks, if anything. The record itself stays
        open: a club's tables share it."""
        self.closed = True
        if close_table:
            self.pool.submit(self.run, lambda: self.record.close_table(self.table))
        self.pool.shutdown(wait=True)
        if self.pending:
            return f"the club's record lacks the last {len(self.pending)} writes: it could not be written"
        return None
