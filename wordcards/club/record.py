"""The club's record: who came, the tables, the games played at them, and every move as it is made.

A database (SQLite by default, in WAL mode) written through SQLAlchemy Core. Every call is one short
transaction, committed before it returns, so a killed club loses no move that ``add_move`` returned for. The
calls block: the club makes them from a worker thread, never on its event loop.
"""

from __future__ import annotations

import json
import threading
from collections import defaultdict
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from sqlalchemy import Connection, Engine, Insert, create_engine, delete, event, func, insert, or_, select, update
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError

from wordcards.club.ratings import Rating, rate
from wordcards.club.schema import bans, games, migrate, moves, now, people, rating_changes, ratings, seats, tables
from wordcards.core.common import Seat, printable
from wordcards.core.errors import RecordError, WordcardsError
from wordcards.core.match import Match
from wordcards.core.registry import find_game
from wordcards.host.game import looks


@dataclass(frozen=True)
class Recorded:
    """A game as the record holds it: enough to deal it again and replay its moves."""

    id: int
    table: int
    game: str
    options: dict[str, Any]
    seed: int
    dictionary: str
    seats: tuple[Seat, ...]
    moves: tuple[str, ...]

    def match(self) -> Match:
        """The game as far as it went: dealt again from its seed, each move replayed through the rules. Not saved
        to a file (set ``save_path`` for that). RecordError if it does not set up or replay."""
        try:
            match = Match.new(self.game, list(self.seats), self.options, self.seed, self.dictionary, save=False,
                              hosted=True)
            for text in self.moves:
                match.state, events = match.rules.apply(match.state, text)
                match.log.extend(events)
        except (ValueError, WordcardsError) as exc:
            raise RecordError(f"game {self.id} of the club's record does not replay: {str(exc)[:200]}") from None
        return match


@dataclass(frozen=True)
class Played:
    """One game a person sat at (``Record.games_of``); ``ended``, ``result`` and ``scores``: None while it goes on."""

    id: int
    game: str
    seat: int
    started: datetime
    ended: datetime | None
    result: str | None
    scores: tuple[int, ...] | None


def rated(game: str, options: dict[str, Any]) -> bool:
    """Whether a finished game of ``game`` is rated: its players play against each other (``Game.rivals``)."""
    try:
        return find_game(game).rivals(options)
    except WordcardsError:  # a plug-in game no longer installed
        return False


def address(where: str | Path) -> URL:
    """A database URL as given, or a SQLite file at a path (its folder made if need be)."""
    if isinstance(where, str) and "://" in where:
        url = make_url(where)
        # psycopg (3) is the driver the project installs (its "postgres" extra), not SQLAlchemy's default psycopg2
        return url.set(drivername="postgresql+psycopg") if url.drivername in ("postgresql", "postgres") else url
    Path(where).parent.mkdir(parents=True, exist_ok=True)
    return URL.create("sqlite+pysqlite", database=str(where))


def shown(where: str | Path) -> str:
    """``where`` for a message: a URL without its password."""
    if isinstance(where, str) and "://" in where:
        try:
            where = make_url(where).render_as_string(hide_password=True)
        except (ArgumentError, ValueError):  # not a URL SQLAlchemy reads: show only its kind
            where = where.split("://")[0] + "://…"
    return printable(str(where))


def as_json(options: dict[str, Any]) -> str:
    return json.dumps(options, sort_keys=True)


def added(conn: Connection, statement: Insert) -> int:
    """Run an insert; the new row's id."""
    key = conn.execute(statement).inserted_primary_key
    assert key is not None
    return int(key[0])


def sqlite_connected(dbapi_connection: Any, _record: Any) -> None:
    """Each new SQLite connection: write-ahead log, every commit synced, foreign keys checked; and transactions
    begun by SQLAlchemy (``sqlite_begin``), not by the driver, which would leave DDL outside them."""
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON"):
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()


def sqlite_begin(conn: Connection) -> None:
    """Take the write lock at the start: every transaction writes or is short, and one that read first would fail,
    not wait, when another wrote meanwhile."""
    conn.exec_driver_sql("BEGIN IMMEDIATE")


class Record:
    """The club's record, open: a database URL, or a path for a SQLite file. Opening it makes or updates the schema.
    Every problem with the database is a RecordError, worded for a person."""

    NEWS = "wordcards"
    """The PostgreSQL channel a record's writers NOTIFY and its readers LISTEN on: another club process ended a
    game (its people's ratings moved)."""

    def __init__(self, where: str | Path, owner: str | None = None) -> None:
        self.where = shown(where)
        self.owner = owner
        """The club process using it ("HOST:PORT"): the tables it opens are its own to bring back."""
        try:
            self.engine: Engine = create_engine(address(where))
        except ImportError:
            raise RecordError(f"the club's record {self.where} needs a database driver this install lacks: "
                              "pip install 'wordcards[postgres]'") from None
        except (ArgumentError, OSError, ValueError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            raise RecordError(f"the club's record {self.where} cannot be used: {reason}") from None
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", sqlite_connected)
            event.listen(self.engine, "begin", sqlite_begin)
        try:
            with self.begin() as conn:
                migrate(conn, self.where)
        except RecordError:
            self.engine.dispose()
            raise

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def begin(self) -> Iterator[Connection]:
        """One transaction, committed at the end of the block; the database's errors become a RecordError."""
        try:
            with self.engine.begin() as conn:
                yield conn
        except DBAPIError as exc:
            reason = str(exc.orig).splitlines()[0] if exc.orig else str(exc)
            raise RecordError(f"the club's record {self.where} cannot be used: {reason}") from None

    # ------------------------------------------------------------ people

    def claim(self, name: str, fingerprint: str | None) -> bool:
        """Whether the key of ``fingerprint`` (None: no key) may use ``name``. The first key to use a name claims
        it, and then only that key may use it (or any name drawn like it); a name used only without a key stays
        free."""
        return self._person(name, fingerprint, visit=False)

    def seen(self, name: str, fingerprint: str | None) -> bool:
        """A person comes in: ``claim``, and when it allows them, mark them seen now (the first time too)."""
        return self._person(name, fingerprint, visit=True)

    def _person(self, name: str, fingerprint: str | None, visit: bool) -> bool:
        look, time, fingerprint = looks(name), now(), fingerprint or None
        with self.begin() as conn:
            row = conn.execute(select(people.c.fingerprint).where(people.c.look == look)).first()
            if row is not None and row.fingerprint not in (None, fingerprint):
                return False
            if row is None and (visit or fingerprint):
                conn.execute(insert(people).values(name=name, look=look, fingerprint=fingerprint, first_seen=time,
                                                   last_seen=time))
            elif row is not None and (visit or fingerprint and row.fingerprint is None):
                changes = {"fingerprint": fingerprint} | ({"last_seen": time} if visit else {})
                conn.execute(update(people).where(people.c.look == look).values(changes))
            return True

    def claimed(self, name: str) -> tuple[bool, str | None]:
        """Whether a key has claimed ``name`` (or a name drawn like it), and the password hash set for it, if any."""
        with self.begin() as conn:
            row = conn.execute(select(people.c.fingerprint, people.c.password)
                               .where(people.c.look == looks(name))).first()
        return (False, None) if row is None else (row.fingerprint is not None, row.password)

    def set_password(self, name: str, fingerprint: str, hashed: str) -> bool:
        """Set the browser door's password of ``name``, whose key (``fingerprint``) claimed it; False if it did not."""
        with self.begin() as conn:
            done = conn.execute(update(people).where(people.c.look == looks(name),
                                                     people.c.fingerprint == fingerprint).values(password=hashed))
            return bool(done.rowcount)

    def ban(self, name: str) -> bool:
        """Ban ``name`` (and names drawn like it) and the key that claimed it, if one did; False if it already was."""
        look = looks(name)
        with self.begin() as conn:
            if conn.execute(select(bans.c.look).where(bans.c.look == look)).first() is not None:
                return False
            key = conn.execute(select(people.c.fingerprint).where(people.c.look == look)).scalar()
            conn.execute(insert(bans).values(look=look, name=name, fingerprint=key, banned=now()))
            return True

    def unban(self, name: str) -> bool:
        with self.begin() as conn:
            return bool(conn.execute(delete(bans).where(bans.c.look == looks(name))).rowcount)

    def banned(self, name: str, fingerprint: str | None) -> bool:
        """Whether ``name`` (or a name drawn like it) or the key of ``fingerprint`` is banned."""
        found = bans.c.look == looks(name)
        if fingerprint:
            found = or_(found, bans.c.fingerprint == fingerprint)
        with self.begin() as conn:
            return conn.execute(select(bans.c.look).where(found)).first() is not None

    def games_of(self, name: str, limit: int = 50) -> list[Played]:
        """The games ``name`` sat at, the latest first."""
        query = (select(games.c.id, games.c.game, seats.c.seat, games.c.started, games.c.ended, games.c.result,
                        games.c.scores).join(seats, seats.c.game_id == games.c.id).where(seats.c.name == name)
                 .order_by(games.c.started.desc(), games.c.id.desc()).limit(limit))
        with self.begin() as conn:
            rows = conn.execute(query).all()
        return [Played(row.id, row.game, row.seat, row.started, row.ended, row.result,
                       None if row.scores is None else tuple(json.loads(row.scores))) for row in rows]

    # ------------------------------------------------------------ tables and games

    def open_table(self, game: str, options: dict[str, Any], kind: str = "host") -> int:
        """A table opened by a club (``kind`` "club") or a host; its id."""
        with self.begin() as conn:
            return added(conn, insert(tables).values(game=game, options=as_json(options), created=now(), kind=kind,
                                                     club=self.owner))

    def mine(self) -> Any:
        """Tables this club opened (or that no club named: opened before clubs were)."""
        return or_(tables.c.club == self.owner, tables.c.club.is_(None))

    def close_tables_but(self, kept: Sequence[int]) -> None:
        """A club starts again: its open tables that did not come back (no game, or one that cannot) are closed."""
        with self.begin() as conn:
            conn.execute(update(tables).where(tables.c.kind == "club", tables.c.closed.is_(None), self.mine(),
                                              tables.c.id.not_in(list(kept))).values(closed=now()))

    def close_table(self, table: int) -> None:
        with self.begin() as conn:
            conn.execute(update(tables).where(tables.c.id == table, tables.c.closed.is_(None)).values(closed=now()))

    def start_game(self, table: int, game: str, options: dict[str, Any], seed: int, dictionary: str,
                   players: Sequence[Seat]) -> int:
        """Record a game dealt at ``table``, with its seats; its id."""
        with self.begin() as conn:
            number = added(conn, insert(games).values(table_id=table, game=game, options=as_json(options), seed=seed,
                                                      dictionary=dictionary, started=now()))
            conn.execute(insert(seats), [{"game_id": number, "seat": n, "name": seat.name,
                                          "kind": seat.computer or "person"} for n, seat in enumerate(players)])
            return number

    def add_move(self, game: int, ply: int, seat: int | None, text: str) -> None:
        """Record move ``ply`` (from 1) of ``game``, made by ``seat`` (None: by the game itself); it is on disk
        when this returns."""
        self.add_moves(game, [(ply, seat, text)])

    def add_moves(self, game: int, made: Sequence[tuple[int, int | None, str]]) -> None:
        """Record several moves of ``game`` at once, each (ply, seat, text) as for ``add_move``."""
        if not made:
            return
        time = now()
        with self.begin() as conn:
            conn.execute(insert(moves), [{"game_id": game, "ply": ply, "seat": seat, "move": text, "made": time}
                                         for ply, seat, text in made])

    def reopen_table(self, table: int) -> None:
        """A table closed with a game unfinished is hosted again."""
        with self.begin() as conn:
            conn.execute(update(tables).where(tables.c.id == table).values(closed=None))

    def end_game(self, game: int, result: str, scores: Sequence[int], gone: Sequence[int] = ()) -> dict[str, Rating]:
        """Record ``game``'s end: its result and final scores, and the seats ``gone`` from it (they left, or a
        computer was playing them); and rate its people, in the same transaction (``ratings``). Their new
        ratings (none if the game is not rated)."""
        time, gone = now(), sorted(set(gone))
        with self.begin() as conn:
            done = conn.execute(update(games).where(games.c.id == game, games.c.ended.is_(None)).values(
                ended=time, result=result, scores=json.dumps(list(scores)), gone=json.dumps(gone)))
            if not done.rowcount:  # recorded already (a retry after a commit whose answer was lost): rated then
                return {}
            row = conn.execute(select(games.c.game, games.c.options).where(games.c.id == game)).one()
            players = [(seat.name, seat.kind) for seat in
                       conn.execute(select(seats).where(seats.c.game_id == game).order_by(seats.c.seat))]
            people = [name for name, kind in players if kind == "person"]
            if not people or len(players) != len(scores) or not rated(row.game, json.loads(row.options)):
                return {}
            before = {r.name: Rating(r.mu, r.sigma, r.games) for r in conn.execute(  # locked: another club may rate
                select(ratings).where(ratings.c.game == row.game, ratings.c.name.in_(people)).with_for_update())}
            after = rate(row.game, players, scores, frozenset(gone), before)
            for name, new in after.items():
                old = before.get(name, Rating())
                values = {"mu": new.mu, "sigma": new.sigma, "games": new.games, "updated": time}
                if name in before:
                    conn.execute(update(ratings).where(ratings.c.name == name, ratings.c.game == row.game)
                                 .values(values))
                else:
                    conn.execute(insert(ratings).values(name=name, game=row.game, **values))
                conn.execute(insert(rating_changes).values(game_id=game, name=name, mu_before=old.mu,
                                                           sigma_before=old.sigma, mu_after=new.mu,
                                                           sigma_after=new.sigma))
            if conn.dialect.name == "postgresql":  # heard by every club on this database once this commits
                conn.execute(select(func.pg_notify(self.NEWS, f"rated {row.game}")))
            return after

    def listen(self, heard: Callable[[str], None]) -> Callable[[], None]:
        """On PostgreSQL, call ``heard(news)`` (from a thread of its own) whenever a club on this database rates a
        game; a function that stops listening. Nothing to hear on SQLite: one club has the file."""
        if self.engine.dialect.name != "postgresql":
            return lambda: None
        import psycopg

        stop = threading.Event()
        url = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)

        def listen() -> None:
            while not stop.is_set():
                try:
                    with psycopg.connect(url, autocommit=True) as conn:
                        conn.execute(f"LISTEN {self.NEWS}")
                        while not stop.is_set():
                            for note in conn.notifies(timeout=0.5):
                                heard(note.payload)
                except Exception:  # the server is away (or the club is stopping): try again, as the writes do
                    if not stop.wait(5):
                        heard("reconnected")  # what was rated meanwhile is read again

        threading.Thread(target=listen, name="record news", daemon=True).start()
        return stop.set

    def ratings(self) -> dict[str, dict[str, Rating]]:
        """Every person's rating, by game then name."""
        found: dict[str, dict[str, Rating]] = defaultdict(dict)
        with self.begin() as conn:
            for row in conn.execute(select(ratings)):
                found[row.game][row.name] = Rating(row.mu, row.sigma, row.games)
        return dict(found)

    def finished(self, limit: int = 30) -> list[tuple[Recorded, str, datetime]]:
        """The latest finished games, the latest first: each as ``unfinished`` gives a game, its result and end."""
        query = select(games).where(games.c.ended.is_not(None)).order_by(games.c.ended.desc(), games.c.id.desc())
        with self.begin() as conn:
            found = conn.execute(query.limit(limit)).all()
        recorded = {game.id: game for game in self.recorded(found)}
        return [(recorded[row.id], row.result or "", row.ended) for row in found]

    def recorded(self, found: Sequence[Any]) -> list[Recorded]:
        """The games of these rows of ``games``, with their seats and their moves in order."""
        ids = [row.id for row in found]
        with self.begin() as conn:
            sat = conn.execute(select(seats).where(seats.c.game_id.in_(ids)).order_by(seats.c.seat)).all()
            made = conn.execute(select(moves.c.game_id, moves.c.move).where(moves.c.game_id.in_(ids))
                                .order_by(moves.c.ply)).all()
        players, texts = defaultdict(list), defaultdict(list)
        for seat in sat:
            players[seat.game_id].append(Seat(seat.name, None if seat.kind == "person" else seat.kind))
        for move in made:
            texts[move.game_id].append(move.move)
        return [Recorded(row.id, row.table_id, row.game, json.loads(row.options), row.seed, row.dictionary,
                         tuple(players[row.id]), tuple(texts[row.id])) for row in found]

    def unfinished(self, open_tables: bool = False) -> list[Recorded]:
        """Every game not ended (``open_tables``: at a club's table not closed, as a stopped club leaves them), the
        oldest first, with its seats and its moves in order: what a club brings back when it starts again."""
        query = select(games).where(games.c.ended.is_(None)).order_by(games.c.id)
        if open_tables:
            query = query.join(tables, tables.c.id == games.c.table_id).where(tables.c.closed.is_(None),
                                                                               tables.c.kind == "club", self.mine())
        with self.begin() as conn:
            found = conn.execute(query).all()
        return self.recorded(found)
