"""Save files: small versioned JSON documents holding the seed, seats, options and moves.

Loading replays the moves through the rules, so the rules stay the only source
of truth. Writes are atomic (temp file, fsync, rename): a dropped connection or a
killed terminal leaves either the old file or the new one, never half of one.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path

from wordcards.core.errors import SaveError

FORMAT = "wordcards-save"
VERSION = 1
REQUIRED = {"game": str, "seed": int, "seats": list, "options": dict, "moves": list}


def home() -> Path:
    if "WORDCARDS_HOME" in os.environ:
        return Path(os.environ["WORDCARDS_HOME"])
    data = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(data) / "wordcards"


def saves_dir() -> Path:
    return home() / "saves"


def new_path(game: str) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = saves_dir() / f"{game}-{stamp}.json"
    n = 2
    while path.exists():
        path = saves_dir() / f"{game}-{stamp}-{n}.json"
        n += 1
    return path


def write(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    document = {"format": FORMAT, "version": VERSION, **data}
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(document, f, indent=1)
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


def read(path: Path) -> dict:
    """The save's contents, checked; a SaveError says what is wrong and the file is left alone."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"no save file at {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"cannot read save file {path}: {exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"save file {path} is corrupt (not JSON: {exc.msg} at line {exc.lineno}); it was left as it is") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{path} is not a wordcards save file; it was left as it is")
    version = data.get("version")
    if not isinstance(version, int) or version > VERSION:
        raise SaveError(f"save file {path} is version {version}, newer than this wordcards understands "
                        f"(version {VERSION}); upgrade wordcards to resume it")
    for key, kind in REQUIRED.items():
        if not isinstance(data.get(key), kind):
            raise SaveError(f"save file {path} is corrupt (missing or bad {key!r}); it was left as it is")
    return data


def latest() -> Path | None:
    """The most recently saved game that is not finished."""
    folder = saves_dir()
    if not folder.is_dir():
        return None
    for path in sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True):
        try:
            if not read(path).get("finished"):
                return path
        except SaveError:
            continue
    return None
