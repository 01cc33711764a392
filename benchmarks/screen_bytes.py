"""Bytes the app writes to its terminal: what each key costs a player over SSH.

    python benchmarks/screen_bytes.py [seed]

``wordcards play fez --player Ann --computer hard`` runs in an 80×24
pseudo-terminal with ``TERM=xterm-256color``. After the first frame settles,
the script sends keys and counts what the app writes until the screen is
quiet again: drawing a card, each typed letter, a mouse moving over the
table and along the footer, and a whole turn (a discard, then the computer's reply), then five
idle seconds. Textual writes only what changed, so these are the figures a
bad connection feels.
"""

from __future__ import annotations

import os
import pty
import select
import signal
import sys
import tempfile
import time

PYTHON = sys.executable
QUIET = 0.6
"""Seconds without output that count as a settled screen."""


class Terminal:
    """A program in an 80×24 pty; ``send`` writes keys, ``drain`` counts what comes back until it is quiet."""

    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            import fcntl
            import struct
            import termios
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
            os.execvpe(argv[0], argv, env)
        self.seen = b""

    def drain(self, quiet: float = QUIET, limit: float = 30.0) -> int:
        """Bytes written until nothing comes for ``quiet`` seconds."""
        count, started, last = 0, time.monotonic(), time.monotonic()
        while time.monotonic() - last < quiet and time.monotonic() - started < limit:
            ready, _, _ = select.select([self.fd], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:
                    break
                count += len(chunk)
                self.seen += chunk
                last = time.monotonic()
        return count

    def over(self, seconds: float) -> int:
        """Bytes written in ``seconds``, whatever happens."""
        count, end = 0, time.monotonic() + seconds
        while time.monotonic() < end:
            ready, _, _ = select.select([self.fd], [], [], 0.05)
            if ready:
                chunk = os.read(self.fd, 65536)
                count += len(chunk)
        return count

    def send(self, keys: bytes, quiet: float = QUIET) -> int:
        self.drain(0.05)
        os.write(self.fd, keys)
        return self.drain(quiet)

    def close(self) -> None:
        try:
            os.write(self.fd, b"\x11")  # Ctrl+Q
            time.sleep(0.3)
            os.kill(self.pid, signal.SIGKILL)
        except OSError:
            pass
        os.waitpid(self.pid, 0)
        os.close(self.fd)


def mouse_moves(n: int, row: int | None = None) -> bytes:
    """``n`` SGR mouse-motion reports (what a terminal sends while the mouse moves): across the table, or along
    ``row`` (the footer, whose keys light up under the mouse: proof that the reports arrive)."""
    return b"".join(f"\x1b[<35;{3 + 4 * i};{row}M".encode() if row else f"\x1b[<35;{10 + i};{8 + i % 3}M".encode()
                    for i in range(n))


def main(seed: int = 4) -> dict[str, float]:
    home = tempfile.mkdtemp(prefix="wordcards-bytes-")
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="80", LINES="24", WORDCARDS_HOME=home)
    argv = [PYTHON, "-m", "wordcards", "play", "fez", "--player", "Ann", "--computer", "hard", "--seed", str(seed)]
    term = Terminal(argv, env)
    results: dict[str, float] = {}
    try:
        results["first frame and the opening moves"] = term.drain(quiet=2.0)
        if b"s play?" in term.seen[-4000:]:  # the status line asks Ann: challenge Hal's play?
            term.send(b"\r", quiet=2.0)  # let the computer's opening play stand
        results["draw a card (d)"] = term.send(b"d")
        letters = [term.send(key.encode()) for key in "xqz"]
        results["a typed letter (mean of 3)"] = sum(letters) / len(letters)
        results["Backspace"] = term.send(b"\x7f")
        results["mouse moving over the table (10 reports)"] = term.send(mouse_moves(10))
        results["mouse moving along the footer (10 reports)"] = term.send(mouse_moves(10, row=24))
        results["idle, per second (5 s)"] = term.over(5.0) / 5
        term.send(b"\x1b")  # Esc: clear the typed letters
        results["a whole turn: Enter, discard 1, the computer's reply"] = term.send(b"\r", 0.3) + term.send(b"1", 3.0)
    finally:
        term.close()
    for name, count in results.items():
        print(f"{name:58} {count:9.0f} B")
    return results


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 4)
