"""A host through an evening's worst: what the issue of host mode asked to measure, over SSH on loopback.

    python benchmarks/host_endurance.py

``wordcards host`` runs as its own process, and asyncssh clients (80×24) join it. Reported:

1. memory: the host's resident memory once ann and bob play and cat watches, then after cat resizes 200 times,
   then after 200 spectator sessions open and close; each after the host's idle garbage collection.
2. a flood: one player sends 100 KB of keys (typed, not pasted); how long the other player's keypress takes to
   reach their screen meanwhile, against the same keypress with no flood.
3. a silent connection: ann's bytes stop both ways (a relay holds them, as a sleeping laptop does); how long until
   the host says she disconnected (SSH keepalive).
4. a connection flood: 2,000 TCP connections that never speak, to a host limited to 1,024 open files; whether a
   player then joins, and how many lines the host printed meanwhile.
"""

from __future__ import annotations

import asyncio
import socket
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT))

from host_load import connect, mover_of, start_host, until_up  # noqa: E402
from tests.host_helpers import Relay  # noqa: E402

IDLE_COLLECTION = 24.0
"""Seconds for the host to be idle long enough to make its full garbage collection (``host.run``)."""


def rss(pid: int) -> int:
    """The host's resident memory now, in MB."""
    status = Path(f"/proc/{pid}/status").read_text().splitlines()
    return next(int(line.split()[1]) for line in status if line.startswith("VmRSS")) // 1024


async def echo_time(channel, terminal, key: str, marker: str, limit: float = 20.0) -> float:
    sent = time.perf_counter()
    channel.write(key)
    while time.perf_counter() - sent < limit:
        if terminal.first_after(sent, marker):
            return terminal.first_after(sent, marker)[0] - sent
        await asyncio.sleep(0.005)
    return float("inf")


async def memory_and_flood() -> None:
    host, status, port = start_host(["fez", "--seats", "2", "--seed", "4"])
    try:
        if not await until_up(host, status):
            return
        players = {name: await connect(port, name) for name in ("ann", "bob")}
        cat = await connect(port, "cat")
        await asyncio.sleep(IDLE_COLLECTION)
        start = rss(host.pid)
        for n in range(200):
            cat[1].change_terminal_size(80 + n % 2 * 40, 24 + n % 2 * 10)
            await asyncio.sleep(0.05)
        await asyncio.sleep(IDLE_COLLECTION)
        resized = rss(host.pid)
        for n in range(200):
            visit = await connect(port, f"visitor{n}")
            await asyncio.sleep(0.05)
            visit[0].close()
        await asyncio.sleep(IDLE_COLLECTION)
        visited = rss(host.pid)
        print(f"memory: {start} MB playing; {resized} MB after a spectator's 200 resizes "
              f"({resized - start:+d}); {visited} MB after 200 sessions opened and closed ({visited - start:+d})")

        mover = mover_of(status)
        other = "bob" if mover == "ann" else "ann"
        _, channel, terminal = players[mover]
        calm = await echo_time(channel, terminal, "d", "Enter: discard")
        await asyncio.sleep(0.5)
        players[other][1].write("x" * 100_000)
        await asyncio.sleep(0.02)
        flooded = await echo_time(channel, terminal, "\r", "Discard which card?")
        print(f"flood: {mover}'s keypress reached their screen in {1000 * calm:.0f} ms; while {other} sent 100 KB of "
              f"keys, in {1000 * flooded:.0f} ms")
        for connection, _, _ in [*players.values(), cat]:
            connection.close()
    finally:
        host.terminate()
        host.wait(timeout=20)


async def silent_connection() -> None:
    host, status, port = start_host(["fez", "--seats", "2", "--seed", "4"])
    relay = Relay(port)
    try:
        if not await until_up(host, status):
            return
        relayed = await relay.start()
        ann = await connect(relayed, "ann")
        bob = await connect(port, "bob")
        await asyncio.sleep(2.0)
        relay.silent.set()
        went = time.perf_counter()
        while not any("ann disconnected" in line for line in status) and time.perf_counter() - went < 60:
            await asyncio.sleep(0.1)
        found = any("ann disconnected" in line for line in status)
        print(f"silent connection: marked away after {time.perf_counter() - went:.1f} s" if found
              else "silent connection: never marked away in 60 s")
        for connection, _, _ in (ann, bob):
            connection.close()
    finally:
        relay.close()
        host.terminate()
        host.wait(timeout=20)


async def connection_flood(count: int = 2000, files: int = 1024) -> None:
    host, status, port = start_host(["fez", "--seats", "2", "--seed", "4"], files=files)
    sockets: list[socket.socket] = []
    try:
        if not await until_up(host, status):
            return
        before = len(status)
        for _ in range(count):
            sock = socket.socket()
            sock.setblocking(False)
            try:
                sock.connect(("127.0.0.1", port))
            except BlockingIOError:
                pass
            sockets.append(sock)
        await asyncio.sleep(3.0)
        started = time.perf_counter()
        try:
            ann = await asyncio.wait_for(connect(port, "ann"), 30)
            joined = f"a player joined in {time.perf_counter() - started:.2f} s"
            ann[0].close()
        except (OSError, asyncio.TimeoutError, Exception) as exc:  # noqa: BLE001 - the benchmark reports any failure
            joined = f"a player could NOT join ({type(exc).__name__}: {exc})"
        await asyncio.sleep(12.0)  # the host's summary line for the connections it turned away
        printed = status[before:]
        print(f"connection flood: {count} silent connections to a host limited to {files} open files; {joined}; "
              f"the host printed {len(printed)} lines:")
        for line in printed:
            print(f"    {line.rstrip()}")
    finally:
        for sock in sockets:
            sock.close()
        host.terminate()
        host.wait(timeout=20)


async def main() -> None:
    await memory_and_flood()
    await silent_connection()
    await connection_flood()


if __name__ == "__main__":
    asyncio.run(main())
