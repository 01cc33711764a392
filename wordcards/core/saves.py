"""Save files: small versioned JSON documents holding the seed, seats, options and moves.

Loading replays the moves through the rules, so the rules stay the only source
of truth. Writes are atomic (temp file, fsync, rename): a dropped connection or a
killed terminal leaves either the old file or the new one, never half of one.
"""

from __future__ import annotations

import glob
import json
import os
import stat
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

try:
    import fcntl
except ImportError:  # not a POSIX system: games are not locked there
    fcntl = None  # type: ignore[assignment]

from wordcards.core.errors import SaveError
from wordcards.core.common import printable
from wordcards.core.files import read_regular

FORMAT = "wordcards-save"
VERSION = 1
REQUIRED = {"game": str, "seed": int, "seats": list, "options": dict, "moves": list}
OPTIONAL: dict[str, object] = {"dictionary": "default", "strict": False, "finished": False, "clock": {}, "table": {},
                               "record": {}}
"""Keys a save may leave out, with their values then (their kind is the value's)."""


def home() -> Path:
    if "WORDCARDS_HOME" in os.environ:
        return Path(os.environ["WORDCARDS_HOME"])
    data = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(data) / "wordcards"


def saves_dir() -> Path:
    return home() / "saves"


def check_folder() -> None:
    """SaveError, in one line, unless games can be saved in the saves folder (made if need be)."""
    folder = saves_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".probe.", dir=folder)
        os.close(fd)
        os.unlink(probe)
        os.listdir(folder)
    except OSError as exc:
        raise SaveError(f"games cannot be saved in {printable(str(folder))} ({exc.strerror or exc}): "
                        "set WORDCARDS_HOME to a folder you can write to") from None


ORPHAN_AGE = 3600
"""Seconds after which a temp file nobody renamed is surely left by a killed write of another game."""


def new_path(game: str) -> Path:
    """A new save's name; starting a game also sweeps old temp files that killed writes left behind, and the lock
    files of killed copies."""
    for orphan in saves_dir().glob(".*.json.*"):
        if orphan.name.endswith(LOCK_SUFFIX):
            continue
        try:
            if time.time() - orphan.lstat().st_mtime > ORPHAN_AGE:
                orphan.unlink()
        except OSError:
            pass
    clear_stale_locks(saves_dir())
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = saves_dir() / f"{game}-{stamp}.json"
    n = 2
    while path.exists():
        path = saves_dir() / f"{game}-{stamp}-{n}.json"
        n += 1
    return path


def temp_prefix(path: Path) -> str:
    return f".{path.name}."


def write(path: Path, data: dict) -> None:
    """Write atomically. A write that fails removes its temp file; one killed leaves it, for ``hold`` to remove.

    A save reached through a symbolic link is written where the link points, and the link stays."""
    path = Path(os.path.realpath(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    document = {"format": FORMAT, "version": VERSION, **data}
    fd, tmp = tempfile.mkstemp(prefix=temp_prefix(path), dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(json.dumps(document, indent=1))  # in one go: json.dump writes each item, several times slower
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    try:
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


MAX_BYTES = 8 * 2**20
"""Far more than any game's save (a long game's is tens of KB); a larger file is not read."""
SEED_LIMIT = 2**63


def read(path: Path) -> dict:
    """The save's contents, checked; a SaveError says what is wrong and the file is left alone.

    Only a regular file of at most ``MAX_BYTES`` is read (``files.read_regular``), so a FIFO,
    ``/dev/zero`` or a huge file is refused at once instead of hanging or filling memory.
    """
    try:
        raw = read_regular(path, MAX_BYTES)
    except FileNotFoundError:
        raise SaveError(f"no save file at {path}") from None
    except OSError as exc:
        raise SaveError(f"cannot read save file {path}: {exc.strerror}") from None
    except ValueError as exc:
        raise SaveError(f"{path} is {exc}, so not a save file; it was left as it is") from None
    try:
        text = raw.decode("utf-8-sig")  # a byte order mark, as some editors write, is read past
    except UnicodeDecodeError:
        raise SaveError(f"save file {path} is corrupt (not UTF-8 text); it was left as it is") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"save file {path} is corrupt (not JSON: {exc.msg} at line {exc.lineno}); it was left as it is") from None
    except (ValueError, RecursionError):  # a number too long to read, or nesting too deep
        raise SaveError(f"save file {path} is corrupt (not JSON a save could hold); it was left as it is") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{path} is not a wordcards save file; it was left as it is")
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise SaveError(f"save file {path} is corrupt (its version is {str(version)[:20]!r}, not a number); "
                        "it was left as it is")
    if version > VERSION:
        raise SaveError(f"save file {path} is version {version}, newer than this wordcards understands "
                        f"(version {VERSION}); upgrade wordcards to resume it")
    for key, kind in {**REQUIRED, **{k: type(v) for k, v in OPTIONAL.items()}}.items():
        if type(data.get(key, OPTIONAL.get(key))) is not kind:
            raise SaveError(f"save file {path} is corrupt (missing or bad {key!r}); it was left as it is")
    if not -SEED_LIMIT <= data["seed"] < SEED_LIMIT:
        raise SaveError(f"save file {path} is corrupt (the seed is out of range); it was left as it is")
    if not all(isinstance(move, str) for move in data["moves"]):
        raise SaveError(f"save file {path} is corrupt (a move is not text); it was left as it is")
    return {**OPTIONAL, **data}


LOCK_SUFFIX = ".lock"
OPEN_ELSEWHERE = "is open in another copy of wordcards"


def lock_path(path: Path) -> Path:
    """The file beside a save that the copy of wordcards playing it holds an OS lock on (and names itself in)."""
    return path.parent / f"{temp_prefix(path)}{LOCK_SUFFIX[1:]}"


class Claim:
    """A save this process holds (``hold``): an OS lock on the lock file beside it, which ``close`` removes."""

    def __init__(self, lock: Path, file: IO[bytes]) -> None:
        self.lock = lock
        self.file = file

    def close(self) -> None:
        """Let the save go. The lock file is removed while it is still locked, so that no other copy locks it in
        between (one that opened it before then finds it gone, and makes a new one: ``hold``)."""
        if self.file.closed:
            return
        try:
            if still_names(self.lock, self.file.fileno()):
                self.lock.unlink()
        except OSError:
            pass
        finally:
            self.file.close()


def still_names(path: Path, fd: int) -> bool:
    """Whether ``path`` still names the file open as ``fd`` (a lock file is removed when its game is let go)."""
    try:
        there, here = path.lstat(), os.fstat(fd)
    except OSError:
        return False
    return (there.st_dev, there.st_ino) == (here.st_dev, here.st_ino)


LOCK_TRIES = 5


def hold(path: Path) -> Claim | None:
    """Claim the save for this process, until the claim is closed or the process ends in any way (``kill -9``
    too). SaveError, naming the process and since when, if another holds it.

    The lock is ``flock`` on a file beside the save, not the save itself: each write replaces the save's file.
    None where the system has no ``flock``."""
    if fcntl is None:
        return None
    lock = lock_path(Path(os.path.realpath(path)))
    for _ in range(LOCK_TRIES):
        file = open_lock(lock)
        try:
            fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            if not still_names(lock, file.fileno()):  # its holder let it go, and removed it, just now
                file.close()
                continue
            who = printable(file.read(200).decode("utf-8", "replace")).strip() or "another process"
            file.close()
            raise SaveError(f"{path.name} {OPEN_ELSEWHERE} ({who}); go on there, or close it first") from None
        if not still_names(lock, file.fileno()):  # locked as its holder removed it: no one's lock now
            file.close()
            continue
        try:  # who holds it, for another copy's message: a courtesy, which a full disk may refuse
            file.truncate(0)
            file.write(f"process {os.getpid()}, since {time.strftime('%H:%M on %d %b %Y')}".encode())
        except OSError:
            pass
        remove_killed_writes(Path(os.path.realpath(path)))
        return Claim(lock, file)
    raise SaveError(f"cannot claim {path.name}: its lock file {lock} keeps being removed")


def remove_killed_writes(path: Path) -> None:
    """The temp files that writes of the save at ``path`` left when killed. Done as the save is claimed: no other
    copy writes it then, so every temp file is a dead one's; each write did it once, and listed the whole saves
    folder, which in a club holds every game it has hosted (1.6 ms a move with 2,000 of them, on the event loop that
    draws every screen)."""
    for orphan in path.parent.glob(glob.escape(temp_prefix(path)) + "*"):
        if not orphan.name.endswith(LOCK_SUFFIX):
            orphan.unlink(missing_ok=True)


def open_lock(lock: Path) -> IO[bytes]:
    """The lock file, open to read and write, made if need be. Anything else in its place (a link, a pipe:
    wordcards makes neither) is removed first, and a link is never followed."""
    try:
        lock.parent.mkdir(parents=True, exist_ok=True)
        try:
            if not stat.S_ISREG(lock.lstat().st_mode):
                lock.unlink()
        except FileNotFoundError:
            pass
        file = os.fdopen(os.open(lock, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK, 0o600), "r+b", 0)
    except OSError as exc:
        raise SaveError(f"cannot open {lock} to claim the game: {exc.strerror or exc}") from None
    if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):  # something else came in its place as it was opened
        file.close()
        raise SaveError(f"cannot claim the game: {lock} is not a regular file")
    return file


def clear_stale_locks(folder: Path) -> None:
    """Remove the lock files in ``folder`` that no process holds: their copy of wordcards was killed."""
    if fcntl is None:
        return
    for lock in folder.glob(f".*{LOCK_SUFFIX}"):
        try:
            fd = os.open(lock, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            if still_names(lock, fd):
                lock.unlink()
        except OSError:
            pass  # held: its game is open
        finally:
            os.close(fd)


def holder(path: Path) -> str | None:
    """Which other process holds the save now, in words, or None (held a moment to find out, as ``hold`` does)."""
    try:
        held = hold(path)
    except SaveError as exc:
        return str(exc)
    if held is not None:
        held.close()
    return None


def unfinished(skipped: list[str] | None = None, skip_open: bool = True) -> Iterator[tuple[Path, dict]]:
    """The games saved and not finished, the most recently saved first, each with its save read; with ``skip_open``,
    not those open in another copy of wordcards.

    Files that are not saves, or cannot be read, are passed over; with a
    ``skipped`` list, why each was is added to it.
    """
    folder = saves_dir()
    if not folder.is_dir():
        return
    clear_stale_locks(folder)
    found = []
    for path in folder.glob("*.json"):
        try:
            found.append((path.stat().st_mtime, path))
        except OSError:  # a dangling link, or gone since the listing
            if skipped is not None:
                skipped.append(f"{path}: cannot be read (a broken link?)")
    for _, path in sorted(found, reverse=True):
        try:
            data = read(path)
            if data.get("finished"):
                continue
            open_elsewhere = holder(path) if skip_open else None
            if open_elsewhere is None:
                yield path, data
            elif skipped is not None:
                skipped.append(open_elsewhere)
        except SaveError as exc:
            if skipped is not None:
                skipped.append(str(exc))


def latest(skipped: list[str] | None = None, skip_open: bool = True) -> Path | None:
    """The most recently saved game that is not finished (``unfinished``)."""
    return next((path for path, _ in unfinished(skipped, skip_open)), None)
