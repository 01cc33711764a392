"""Players at their own terminals for the host-mode tests: asyncssh clients whose output a pyte screen draws."""

from __future__ import annotations

import asyncio
import re
import time
from contextlib import asynccontextmanager
from typing import AsyncIterator, Callable

import asyncssh
import pyte

from wordcards.host.game import HostedGame, Setup
from wordcards.host.server import KEEPALIVE_COUNT, KEEPALIVE_INTERVAL, Gate, serve

CODE = "test-code-42"
ESCAPES = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")


class Quiet:
    """A screen for tests of the hosted game without SSH: it is told things and shows nothing."""

    def redraw(self) -> None: ...

    def game_began(self) -> None: ...

    def say(self, text: str) -> None: ...

    def time_up(self) -> None: ...

    def farewell(self, text: str) -> None: ...

    def new_game(self) -> None: ...

    def take_seat(self) -> None: ...


class Heard(Quiet):
    """A screen that keeps the notices it is told."""

    def __init__(self) -> None:
        self.said: list[str] = []

    def say(self, text: str) -> None:
        self.said.append(text)


class Terminal(asyncssh.SSHClientSession):
    """An 80×24 terminal: what the host sent, as bytes and as the screen they draw."""

    def __init__(self) -> None:
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.Stream(self.screen)
        self.received: list[str] = []
        self.received_at: list[tuple[float, int]] = []
        """When each chunk came, and the length of all that came before it (for latency)."""
        self.closed = asyncio.Event()

    def data_received(self, data: str, datatype) -> None:
        self.received_at.append((time.perf_counter(), sum(map(len, self.received))))
        self.received.append(data)
        self.stream.feed(data)

    def connection_lost(self, exc) -> None:
        self.closed.set()

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def everything(self) -> str:
        """Every character ever sent, escape sequences taken out."""
        return ESCAPES.sub("", "".join(self.received))

    def row(self, starting: str) -> str:
        return next((line.strip() for line in self.screen.display if line.strip().startswith(starting)), "")


class Player:
    def __init__(self, name: str, connection: asyncssh.SSHClientConnection, channel, terminal: Terminal) -> None:
        self.name = name
        self.connection = connection
        self.channel = channel
        self.terminal = terminal

    async def press(self, *keys: str, pause: float = 0.15) -> None:
        for key in keys:
            self.channel.write(key)
            await asyncio.sleep(pause)

    async def see(self, condition: Callable[[str], bool] | str, timeout: float = 15.0) -> str:
        """Wait until the screen shows ``condition`` (a text, or a test of the screen's text)."""
        test = (lambda text: condition in text) if isinstance(condition, str) else condition
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if test(self.terminal.text()):
                return self.terminal.text()
            await asyncio.sleep(0.05)
        raise AssertionError(f"{self.name}'s screen never showed {condition!r}; it shows:\n{self.terminal.text()}")

    def hand(self) -> list[str]:
        """The cards of this player's hand row, as drawn: ``PS♦4``."""
        return re.findall(r"\d\[([^\]]+)\]", self.terminal.row(f"{self.name}'s hand"))

    def close(self) -> None:
        self.connection.close()


class Host:
    def __init__(self, game: HostedGame, acceptor: asyncssh.SSHAcceptor) -> None:
        self.game = game
        self.acceptor = acceptor
        self.port = acceptor.get_port()
        self.players: list[Player] = []

    async def join(self, name: str, code: str = CODE, term: str = "xterm-256color", port: int | None = None,
                   size: tuple[int, int] = (80, 24)) -> Player:
        connection = await asyncssh.connect("127.0.0.1", port or self.port, username=name, password=code,
                                            known_hosts=None, client_keys=None, agent_path=None)
        channel, terminal = await connection.create_session(Terminal, term_type=term, term_size=size)
        player = Player(name, connection, channel, terminal)
        self.players.append(player)
        return player


async def two_playing_one_watching(host: Host, watcher: str = "cat") -> tuple[Player, Player, Player]:
    """ann and bob at the table (bob's hand drawn), and a spectator watching."""
    ann, bob = await host.join("ann"), await host.join("bob")
    await bob.see("bob's hand")
    spectator = await host.join(watcher)
    await spectator.see("you are watching")
    return ann, bob, spectator


@asynccontextmanager
async def hosting(game: str = "fez", people: int = 2, seed: int = 4, computers: tuple[str, ...] = (),
                  options: dict | None = None, hosted: HostedGame | None = None,
                  lines: list[str] | None = None, keepalive: tuple[float, int] = (KEEPALIVE_INTERVAL, KEEPALIVE_COUNT),
                  **kwargs) -> AsyncIterator[Host]:
    """A host on a free loopback port, its computer players quick."""
    report = lines.append if lines is not None else (lambda line: None)
    hosted = hosted or HostedGame(Setup(game, people, computers, options or {}, seed), computer_delay=0,
                                  report=report, **kwargs)
    key = asyncssh.generate_private_key("ssh-ed25519")
    acceptor = await serve(hosted, Gate(CODE, delay=0.01), "127.0.0.1", 0, "ssh -p PORT NAME@HOST", key=key,
                           keepalive=keepalive)
    host = Host(hosted, acceptor)
    try:
        yield host
    finally:
        for player in host.players:
            player.close()
        acceptor.close()
        await acceptor.wait_closed()


class Relay:
    """A TCP relay to the host that can go silent both ways, as a laptop that sleeps or Wi-Fi that dies does: no
    bytes, and no FIN or RST either."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.silent = asyncio.Event()
        self.server: asyncio.AbstractServer | None = None

    async def start(self) -> int:
        self.server = await asyncio.start_server(self.connect, "127.0.0.1", 0)
        return self.server.sockets[0].getsockname()[1]

    async def connect(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        try:
            await asyncio.gather(self.pipe(reader, up_writer), self.pipe(up_reader, writer), return_exceptions=True)
        except asyncio.CancelledError:  # the test is over
            pass

    async def pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while data := await reader.read(65536):
            if self.silent.is_set():
                await asyncio.Event().wait()  # holds the bytes, and the socket, until the test ends
            writer.write(data)
            await writer.drain()

    def close(self) -> None:
        if self.server is not None:
            self.server.close()
