"""A real PostgreSQL server for the store's tests: a throwaway cluster in a temporary folder, on a Unix socket
there, run by the ``postgres`` user when the tests run as root (PostgreSQL refuses root), stopped at the end.

The README's test command installs PostgreSQL (``scripts/need-postgres.sh``); without its programs these tests fail,
they do not skip, so that a run that could not test PostgreSQL never looks like one that did.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import uuid
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator


def programs() -> Path:
    """The folder of PostgreSQL's server programs (``initdb``, ``pg_ctl``)."""
    found = shutil.which("pg_config")
    if found:
        folder = Path(subprocess.run([found, "--bindir"], capture_output=True, text=True, check=True).stdout.strip())
        if (folder / "initdb").exists():
            return folder
    for folder in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (folder / "initdb").exists():
            return folder
    raise RuntimeError("PostgreSQL's programs are not installed: run scripts/need-postgres.sh (README's tests do)")


class Server:
    def __init__(self, socket_folder: Path, port: int) -> None:
        self.socket_folder = socket_folder
        self.port = port

    def url(self, database: str) -> str:
        return f"postgresql://postgres@/{database}?host={self.socket_folder}&port={self.port}"

    def new_database(self) -> str:
        """A new empty database's URL."""
        name = "t" + uuid.uuid4().hex[:12]
        subprocess.run([str(programs() / "createdb"), "-h", str(self.socket_folder), "-p", str(self.port),
                        "-U", "postgres", name], check=True, capture_output=True)
        return self.url(name)


@contextmanager
def running() -> Iterator[Server]:
    bin_folder = programs()
    folder = Path(tempfile.mkdtemp(prefix="wordcards-pg-"))
    as_user: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
        as_user = ["runuser", "-u", "postgres", "--"]
    data, port = folder / "data", 5432 + os.getpid() % 1000 + 10
    subprocess.run([*as_user, str(bin_folder / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust",
                    "--no-sync"], check=True, capture_output=True)
    options = f"-k {folder} -p {port} -c listen_addresses='' -c fsync=off"
    subprocess.run([*as_user, str(bin_folder / "pg_ctl"), "-D", str(data), "-o", options, "-l",
                    str(folder / "log"), "-w", "start"], check=True, capture_output=True)
    try:
        yield Server(folder, port)
    finally:
        subprocess.run([*as_user, str(bin_folder / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
                       capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)
