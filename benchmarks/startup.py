"""Time to the first frame: ``wordcards play fez`` against a bare Textual app, both in a real pty.

    python benchmarks/startup.py [runs]

Each command is started in an 80×24 pseudo-terminal; the clock stops when the
screen shows the command's marker text, then the app is sent Ctrl+Q. The word
list loads in a worker, so it must not delay the first frame. Both run with bytecode caching on (into
/tmp, not the checkout), as a pip-installed package runs.
"""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ANSI = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[>=]")
PYTHON = sys.executable
COMMANDS = {
    "bare Textual app": ([PYTHON, str(HERE / "bare_app.py")], b"Stock ready"),
    "wordcards play fez (setup screen)": ([PYTHON, "-m", "wordcards", "play", "fez"], b"New game of FEZ"),
    "wordcards play fez --player Ann --computer hard": (
        [PYTHON, "-m", "wordcards", "play", "fez", "--player", "Ann", "--computer", "hard", "--seed", "1"], b"Stock"),
}


def first_frame(argv: list[str], marker: bytes, timeout: float = 20.0) -> float:
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="80", LINES="24",
               WORDCARDS_HOME=os.environ.get("WORDCARDS_HOME", "/tmp/wordcards-bench"),
               PYTHONPYCACHEPREFIX=os.environ.get("PYTHONPYCACHEPREFIX", "/tmp/wordcards-bench/pycache"))
    # Bytecode as an installed package has it (pip compiles it): with PYTHONDONTWRITEBYTECODE set, a checkout's
    # modules would be compiled from source on every start while Textual's came from its .pyc files.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    started = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        import fcntl
        import struct
        import termios
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        os.execvpe(argv[0], argv, env)
    seen = b""
    try:
        while time.perf_counter() - started < timeout:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    seen += os.read(fd, 65536)
                except OSError:
                    break
                if marker in ANSI.sub(b"", seen):
                    return time.perf_counter() - started
        raise RuntimeError(f"{' '.join(argv)}: no {marker!r} within {timeout}s")
    finally:
        try:
            os.write(fd, b"\x11")  # Ctrl+Q
            time.sleep(0.2)
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
        os.waitpid(pid, 0)
        os.close(fd)


def main(runs: int = 5) -> dict[str, float]:
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for argv, marker in COMMANDS.values():
        first_frame(argv, marker)  # warm the file cache and bytecode
    for _ in range(runs):  # round-robin, so a busy moment on the machine hits every command alike
        for name, (argv, marker) in COMMANDS.items():
            times[name].append(first_frame(argv, marker))
    results = {name: statistics.median(ts) for name, ts in times.items()}
    base = results["bare Textual app"]
    for name, seconds in results.items():
        print(f"{name:50} {seconds * 1000:7.0f} ms  {seconds / base:4.2f}× bare")
    return results


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
