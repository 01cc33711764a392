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
from pathlib import Path
from typing import IO

try:
    import fcntl
except ImportError:  # not a POSIX system: games are not locked there
    fcntl = None  # type: ignore[assignment]

from wordcards.core.errors import SaveError
from wordcards.core.common import printable

FORMAT = "wordcards-save"
VERSION = 1
REQUIRED = {"game": str, "seed": int, "seats": list, "options": dict, "moves": list}
OPTIONAL: dict[str, object] = {"dictionary": "default", "strict": False, "finished": False, "clock": {}}
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
    """A new save's name; starting a game also sweeps old temp files that killed writes left behind."""
    for orphan in saves_dir().glob(".*.json.*"):
        if orphan.name.endswith(LOCK_SUFFIX):
            continue
        try:
            if time.time() - orphan.lstat().st_mtime > ORPHAN_AGE:
                orphan.unlink()
        except OSError:
            pass
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
    """Write atomically; then remove temp files an earlier write of this save left when it was killed.

    A save reached through a symbolic link is written where the link points, and the link stays."""
    path = Path(os.path.realpath(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    document = {"format": FORMAT, "version": VERSION, **data}
    fd, tmp = tempfile.mkstemp(prefix=temp_prefix(path), dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(document, f, indent=1)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    for orphan in path.parent.glob(glob.escape(temp_prefix(path)) + "*"):
        if not orphan.name.endswith(LOCK_SUFFIX):
            orphan.unlink(missing_ok=True)
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

    Only a regular file is opened, and at most ``MAX_BYTES`` of it read, so a FIFO,
    ``/dev/zero`` or a huge file is refused at once instead of hanging or filling memory.
    """
    try:
        info = path.stat()
    except FileNotFoundError:
        raise SaveError(f"no save file at {path}") from None
    except OSError as exc:
        raise SaveError(f"cannot read save file {path}: {exc.strerror}") from None
    if not stat.S_ISREG(info.st_mode):
        raise SaveError(f"{path} is not a regular file, so not a save file; it was left as it is")
    if info.st_size > MAX_BYTES:
        raise SaveError(f"{path} is {info.st_size // 2**20} MiB, too large to be a save file; it was left as it is")
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_BYTES + 1)  # the file may have grown since stat
    except OSError as exc:
        raise SaveError(f"cannot read save file {path}: {exc.strerror}") from None
    if len(raw) > MAX_BYTES:
        raise SaveError(f"{path} is too large to be a save file; it was left as it is")
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


def hold(path: Path) -> IO[str] | None:
    """Claim the save for this process, for as long as the returned file stays open (closing it, or the process
    ending in any way, ``kill -9`` too, lets go). SaveError, naming the process and since when, if another holds it.

    The lock is ``flock`` on a file beside the save, not the save itself: each write replaces the save's file.
    None where the system has no ``flock``."""
    if fcntl is None:
        return None
    lock = lock_path(Path(os.path.realpath(path)))
    try:
        lock.parent.mkdir(parents=True, exist_ok=True)
        held = open(lock, "a+", encoding="utf-8")
    except OSError as exc:
        raise SaveError(f"cannot open {lock} to claim the game: {exc.strerror or exc}") from None
    try:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        held.seek(0)
        who = held.read(200).strip() or "another process"
        held.close()
        raise SaveError(f"{path.name} {OPEN_ELSEWHERE} ({who}); "
                        "go on there, or close it first") from None
    held.seek(0)
    held.truncate()
    held.write(f"process {os.getpid()}, since {time.strftime('%H:%M on %d %b %Y')}")
    held.flush()
    return held


def holder(path: Path) -> str | None:
    """Which other process holds the save now, in words, or None."""
    try:
        held = hold(path)
    except SaveError as exc:
        return str(exc)
    if held is not None:
        held.close()
    return None


def latest(skipped: list[str] | None = None, skip_open: bool = True) -> Path | None:
    """The most recently saved game that is not finished, and (``skip_open``) not open in another copy of wordcards.

    Files that are not saves, or cannot be read, are passed over; with a
    ``skipped`` list, why each was is added to it.
    """
    folder = saves_dir()
    if not folder.is_dir():
        return None
    found = []
    for path in folder.glob("*.json"):
        try:
            found.append((path.stat().st_mtime, path))
        except OSError:  # a dangling link, or gone since the listing
            if skipped is not None:
                skipped.append(f"{path}: cannot be read (a broken link?)")
    for _, path in sorted(found, reverse=True):
        try:
            if read(path).get("finished"):
                continue
            open_elsewhere = holder(path) if skip_open else None
            if open_elsewhere is None:
                return path
            if skipped is not None:
                skipped.append(open_elsewhere)
        except SaveError as exc:
            if skipped is not None:
                skipped.append(str(exc))
    return None
