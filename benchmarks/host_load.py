"""A loaded host: one Quiddler table with 8 players and 8 spectators, every one over SSH on loopback.

    python benchmarks/host_load.py [turns]

``wordcards host quiddler --seats 8`` runs as its own process. Sixteen asyncssh
clients (80×24, xterm-256color) join it; then, for each turn, the player to move
types a letter (and clears it), draws from the stock and discards. The script
reports, at the 50th and 95th percentile:

- keypress to echo: a typed letter until the first bytes come back to the typist;
- keypress to move: the draw or discard key until the move's line reaches each of the other 15 screens;

and the bytes one typed letter costs the typist, the bytes one move costs each other screen, and the host
process's CPU time and peak memory (from /proc). Loopback only; the whole run is bounded by ``LIMIT`` seconds.

Then, side by side with ``benchmarks/screen_bytes.py`` (FEZ at one local terminal), the bytes a typed letter
costs a player of a hosted two-player FEZ game: the same keys (draw, then x, q, z).
"""

from __future__ import annotations

import asyncio
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
CODE = "load-test-code"
PEOPLE, WATCHERS = 8, 8
LIMIT = 300.0
ESCAPES = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")


class Terminal(asyncssh.SSHClientSession):
    """Counts what arrives, and when; no screen is drawn, so the clients cost the machine little."""

    def __init__(self) -> None:
        self.chunks: list[tuple[float, str]] = []

    def data_received(self, data: str, datatype) -> None:
        self.chunks.append((time.perf_counter(), data))

    def first_after(self, since: float, marker: str | None = None) -> tuple[float, int] | None:
        """When the first bytes after ``since`` came (with ``marker``: the bytes that complete it), and how many
        bytes came from ``since`` up to then."""
        text, count = "", 0
        for at, data in self.chunks:
            if at < since:
                continue
            count += len(data.encode())
            text += ESCAPES.sub("", data)
            if marker is None or marker in text:
                return at, count
        return None

    def bytes_between(self, start: float, end: float) -> int:
        return sum(len(data.encode()) for at, data in self.chunks if start <= at < end)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def host_usage(pid: int) -> tuple[float, int]:
    """The host's CPU seconds (user + system) and peak resident memory in MB."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    peak = next(int(line.split()[1]) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
                if line.startswith("VmHWM"))
    return cpu, peak // 1024


async def connect(port: int, name: str) -> tuple[asyncssh.SSHClientConnection, asyncssh.SSHClientChannel, Terminal]:
    connection = await asyncssh.connect("127.0.0.1", port, username=name, password=CODE, known_hosts=None,
                                        client_keys=None, agent_path=None)
    channel, terminal = await connection.create_session(Terminal, term_type="xterm-256color", term_size=(80, 24))
    return connection, channel, terminal


async def quiet(terminal: Terminal, since: float, seconds: float = 0.6, limit: float = 10.0) -> int:
    """Bytes that came after ``since``, once nothing has come for ``seconds``."""
    started = time.perf_counter()
    while time.perf_counter() - started < limit:
        last = terminal.chunks[-1][0] if terminal.chunks else since
        if time.perf_counter() - max(last, since) >= seconds:
            break
        await asyncio.sleep(0.05)
    return terminal.bytes_between(since, time.perf_counter())


def start_host(args: list[str], files: int | None = None) -> tuple[subprocess.Popen, list[str], int]:
    """``wordcards host`` in its own process; ``files``: its limit of open file descriptors (``ulimit -n``)."""
    port = free_port()
    home = tempfile.mkdtemp(prefix="wordcards-load-")
    env = {**os.environ, "WORDCARDS_HOME": home, "PYTHONUNBUFFERED": "1", "PYTHONPATH": str(ROOT)}
    host = subprocess.Popen([sys.executable, "-m", "wordcards", "host", *args, "--port", str(port), "--bind",
                             "127.0.0.1", "--code", CODE], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, preexec_fn=None if files is None else lambda: limit_files(files))
    status: list[str] = []
    asyncio.get_running_loop().run_in_executor(None, lambda: [status.append(line) for line in host.stdout])  # type: ignore[union-attr]
    return host, status, port


def limit_files(count: int) -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_NOFILE, (count, count))


async def until_up(host: subprocess.Popen, status: list[str]) -> bool:
    started = time.perf_counter()
    while not any("join code" in line for line in status):
        if host.poll() is not None or time.perf_counter() - started > 60:
            print("the host did not start:\n" + "".join(status))
            return False
        await asyncio.sleep(0.1)
    return True


def mover_of(status: list[str]) -> str | None:
    turn_lines = [line for line in status if "'s turn" in line]
    found = re.search(r"· (\S+)'s turn", turn_lines[-1]) if turn_lines else None
    return found.group(1) if found else None


async def fez_typing() -> None:
    """A typed letter in a hosted two-player FEZ game, against the same keys at a local terminal."""
    from screen_bytes import main as local_bytes

    host, status, port = start_host(["fez", "--seats", "2", "--seed", "4"])
    try:
        if not await until_up(host, status):
            return
        players = {name: await connect(port, name) for name in ("ann", "bob")}
        await asyncio.sleep(2.0)
        mover = mover_of(status)
        assert mover in players, status
        _, channel, terminal = players[mover]
        since = time.perf_counter()
        channel.write("d")
        drew = await quiet(terminal, since)
        letters = []
        for key in "xqz":
            since = time.perf_counter()
            channel.write(key)
            letters.append(await quiet(terminal, since))
        for connection, _, _ in players.values():
            connection.close()
    finally:
        host.terminate()
        host.wait(timeout=20)
    print("\nFEZ at a local terminal (benchmarks/screen_bytes.py):")
    local = local_bytes()
    print(f"FEZ hosted, two players: draw {drew} B, a typed letter (mean of 3) {sum(letters) / 3:.0f} B "
          f"(local: {local['draw a card (d)']:.0f} B and {local['a typed letter (mean of 3)']:.0f} B)")


def pct(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100)[q - 1] if len(values) > 1 else (values[0] if values else 0.0)


async def main(turns: int) -> int:
    host, status, port = start_host(["quiddler", "--seats", str(PEOPLE), "--seed", "1"])
    started = time.perf_counter()
    try:
        if not await until_up(host, status):
            return 1
        cpu_before, _ = host_usage(host.pid)
        names = [f"p{n + 1}" for n in range(PEOPLE)]
        players = {name: await connect(port, name) for name in names}
        watchers = [await connect(port, f"watcher{n + 1}") for n in range(WATCHERS)]
        await asyncio.sleep(2.0)  # every screen draws the table
        screens = {**{name: p[2] for name, p in players.items()}, **{f"w{n}": w[2] for n, w in enumerate(watchers)}}
        echoes, moves, echo_bytes, move_bytes = [], [], [], []
        for _ in range(turns):
            if time.perf_counter() - started > LIMIT:
                break
            mover = mover_of(status)
            if mover not in players:
                break
            _, channel, typist = players[mover]
            for key, marker in (("d", f"{mover} drew"), ("1", f"{mover} discarded")):
                if key == "1":  # a letter typed and cleared first: the typist's echo
                    sent = time.perf_counter()
                    channel.write("e")
                    await asyncio.sleep(0.3)
                    echo = typist.first_after(sent)
                    if echo:
                        echoes.append(echo[0] - sent)
                        echo_bytes.append(typist.bytes_between(sent, sent + 0.3))
                    channel.write("\x7f")  # backspace
                    await asyncio.sleep(0.3)
                sent = time.perf_counter()
                channel.write(key)
                deadline = sent + 10
                others = [t for name, t in screens.items() if name != mover]
                while time.perf_counter() < deadline and not all(t.first_after(sent, marker) for t in others):
                    await asyncio.sleep(0.01)
                for t in others:
                    seen = t.first_after(sent, marker)
                    if seen:
                        moves.append(seen[0] - sent)
                        move_bytes.append(seen[1])
                await asyncio.sleep(0.2)
        cpu_after, peak = host_usage(host.pid)
        ms = [1000 * v for v in echoes], [1000 * v for v in moves]
        print(f"Quiddler, {PEOPLE} players and {WATCHERS} spectators over SSH on loopback: "
              f"{len(echoes)} turns, {time.perf_counter() - started:.0f} s")
        print(f"  keypress to echo on the typist's screen   p50 {pct(ms[0], 50):6.1f} ms   p95 {pct(ms[0], 95):6.1f} ms"
              f"   ({len(ms[0])} keys)")
        print(f"  keypress to the move on the 15 others      p50 {pct(ms[1], 50):6.1f} ms   p95 {pct(ms[1], 95):6.1f} ms"
              f"   ({len(ms[1])} screens)")
        print(f"  bytes for a typed letter (typist)          median {statistics.median(echo_bytes or [0]):.0f}")
        print(f"  bytes for a move (each other screen)       median {statistics.median(move_bytes or [0]):.0f}")
        print(f"  host CPU {cpu_after - cpu_before:.1f} s over the run; peak memory {peak} MB")
        for connection, _, _ in [*players.values(), *watchers]:
            connection.close()
    finally:
        host.terminate()
        host.wait(timeout=20)
    await fez_typing()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 16)))
