"""The browser door (aiohttp): a sign-in page, and a websocket that is a terminal into the same lobby and tables as
the SSH door, drawn by the same driver. The page's terminal is xterm.js, from textual-serve's front end (its
``textual.js``, ``xterm.css`` and fonts), served from this process: nothing is fetched from the internet.

The websocket speaks textual-serve's protocol: the page sends JSON (``["stdin", keys]``, ``["resize", {"width": W,
"height": H}]``, ``["ping", t]``), and this door sends the screen's bytes as binary frames.
"""

from __future__ import annotations

import asyncio
import html
import secrets
import ssl
import time
import weakref
from collections import deque
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from wordcards.club.lobby import Club
from wordcards.club.passwords import matches
from wordcards.core.common import Seat
from wordcards.core.errors import RecordError
from wordcards.host.game import HostedGame
from wordcards.host.keys import window
from wordcards.host.server import Gate
from wordcards.host.visit import Shows, Visit, arrive, depart

COOKIE = "wordcards"
SIGNED_IN_FOR = 12 * 3600.0
"""Seconds a sign-in lasts (the cookie, and the door's memory of it)."""
BEHIND = 256 * 1024
"""Bytes waiting for a browser that does not read them: past this, changes are dropped until it catches up, and
then the whole screen is drawn again (as for an SSH client that stops reading)."""
MAX_MESSAGE = 64 * 1024
"""The largest websocket message a browser may send (a paste is one)."""
PAGES = resources.files("wordcards.host") / "pages"
FRONT_END = resources.files("textual_serve") / "static"


class WebTerminal:
    """One browser tab's terminal: its websocket, written in order by a task of its own (``host.visit.Terminal``)."""

    def __init__(self, socket: web.WebSocketResponse, size: tuple[int, int]) -> None:
        self.socket = socket
        self.term: tuple[str, tuple[int, int]] | None = ("xterm-256color", window(*size))
        self.visit: Visit | None = None
        self.key: str | None = None
        """A browser has no SSH key."""
        self.function_keys = False
        self.out: deque[bytes] = deque()
        self.waiting = 0
        """Bytes written and not yet sent."""
        self.behind = False
        self.missed = False
        self.wake = asyncio.Event()
        self.ended = False

    def write(self, data: str) -> None:
        if self.behind:
            self.missed = True
            return
        self.restore(data)
        if self.waiting > BEHIND:
            self.behind = True

    def restore(self, data: str) -> None:
        if self.closing():
            return
        chunk = data.encode()
        self.out.append(chunk)
        self.waiting += len(chunk)
        self.wake.set()

    def closing(self) -> bool:
        return self.ended or self.socket.closed

    def close(self, goodbye: str = "") -> None:
        if self.visit is not None:
            self.visit.give_back_terminal()
            self.visit.leave()
        if goodbye:
            self.restore(f"\r\n{goodbye}\r\n")
        self.ended = True
        self.wake.set()

    async def pump(self) -> None:
        """Send what was written, in order; close the socket once the session has ended."""
        while True:
            await self.wake.wait()
            self.wake.clear()
            while self.out:
                chunk = b"".join(self.out)
                self.out.clear()
                self.waiting = 0
                if self.socket.closed:
                    return
                await self.socket.send_bytes(chunk)
            if self.behind:
                self.behind = False
                if self.missed and self.visit is not None and self.visit.show is not None:
                    self.missed = False
                    self.visit.show.repaint()
            if self.ended:
                await self.socket.close()
                return


@dataclass
class SignedIn:
    name: str
    until: float


class WebDoor:
    """The browser door of one club: who is signed in (by a cookie's token), and the pages and the websocket."""

    def __init__(self, club: Club, gate: Gate, join: str, shows: "weakref.WeakKeyDictionary[HostedGame, Shows]",
                 secure: bool, limit: int) -> None:
        self.club = club
        self.gate = gate
        self.join = join
        self.shows = shows
        self.secure = secure
        self.limit = limit
        self.signed_in: dict[str, SignedIn] = {}

    def app(self) -> web.Application:
        app = web.Application(client_max_size=16 * 1024)
        app.add_routes([web.get("/", self.index), web.post("/sign-in", self.sign_in), web.get("/play", self.play),
                        web.get("/ws", self.socket), web.post("/sign-out", self.sign_out)])
        app.router.add_static("/static", Path(str(FRONT_END)))
        return app

    # ------------------------------------------------------------ signing in

    def who(self, request: web.Request) -> str | None:
        token = request.cookies.get(COOKIE, "")
        found = self.signed_in.get(token)
        if found is None or found.until < time.monotonic():
            self.signed_in.pop(token, None)
            return None
        return found.name

    async def index(self, request: web.Request) -> web.StreamResponse:
        if self.who(request) is not None:
            raise web.HTTPSeeOther("/play")
        return self.sign_in_page()

    def sign_in_page(self, problem: str = "", name: str = "", status: int = 200) -> web.Response:
        page = (PAGES / "sign-in.html").read_text(encoding="utf-8")
        page = page.replace("{problem}", f'<p class="problem">{html.escape(problem)}</p>' if problem else "")
        page = page.replace("{name}", html.escape(name, quote=True))
        return web.Response(text=page, content_type="text/html", status=status, headers=NO_STORE)

    async def sign_in(self, request: web.Request) -> web.StreamResponse:
        form = await request.post()
        name, code, password = (str(form.get(field, ""))[:200] for field in ("name", "code", "password"))
        name = name.strip()
        address = request.remote or "?"
        try:
            Seat(name)
        except ValueError as exc:
            return self.sign_in_page(str(exc), name, 400)
        locked = self.gate.locked_for(address)
        if locked:
            return self.sign_in_page(f"Too many wrong codes from {address}: try again in {locked:.0f} s.", name, 429)
        if not await self.gate.check(address, code):
            self.club.report(f"wrong join code from {address} (as {name[:40]!r}, in a browser)")
            return self.sign_in_page("That is not the club's code.", name, 403)
        refused = await self.refusal(name, password, address)
        if refused:
            return self.sign_in_page(refused, name, 403)
        token = secrets.token_urlsafe(32)
        self.signed_in[token] = SignedIn(name, time.monotonic() + SIGNED_IN_FOR)
        response = web.HTTPSeeOther("/play")
        response.set_cookie(COOKIE, token, max_age=int(SIGNED_IN_FOR), httponly=True, samesite="Strict",
                            secure=self.secure, path="/")
        raise response

    async def banned(self, name: str) -> bool:
        record = self.club.record
        try:
            return record is not None and await asyncio.to_thread(record.banned, name, None)
        except RecordError:
            return False

    async def refusal(self, name: str, password: str, address: str) -> str | None:
        """Why ``name`` may not come in with ``password``: a name a key claimed needs the password its person set
        from the SSH lobby. A wrong password counts as a wrong code."""
        record = self.club.record
        if record is None:
            return None
        try:
            if await asyncio.to_thread(record.banned, name, None):
                return "You are banned from this club."
            claimed, kept = await asyncio.to_thread(record.claimed, name)
            if not claimed:
                await asyncio.to_thread(record.seen, name, None)
                return None
        except RecordError as exc:
            self.club.report(f"{exc}; {name} came in unchecked")
            return None
        if kept is None:
            return (f"The name {name} belongs to an SSH key. Join over SSH with that key and press P in the lobby "
                    "to set a password for the browser.")
        if not password or not await asyncio.to_thread(matches, password, kept):
            await self.gate.check(address, "")  # a wrong password costs what a wrong code does
            self.club.report(f"wrong password for {name} from {address} (in a browser)")
            return f"That is not the password of {name}." if password else f"The name {name} needs its password."
        return None

    async def sign_out(self, request: web.Request) -> web.StreamResponse:
        self.signed_in.pop(request.cookies.get(COOKIE, ""), None)
        response = web.HTTPSeeOther("/")
        response.del_cookie(COOKIE, path="/")
        raise response

    async def play(self, request: web.Request) -> web.StreamResponse:
        name = self.who(request)
        if name is None:
            raise web.HTTPSeeOther("/")
        page = (PAGES / "play.html").read_text(encoding="utf-8").replace("{name}", html.escape(name))
        return web.Response(text=page, content_type="text/html", headers=NO_STORE)

    # ------------------------------------------------------------ the terminal

    def same_origin(self, request: web.Request) -> bool:
        """The websocket was opened by this door's own page: its Origin is this server (another site's page cannot
        drive a signed-in person's screen with their cookie)."""
        origin = request.headers.get("Origin", "")
        return origin == f"{request.scheme}://{request.host}"

    async def socket(self, request: web.Request) -> web.StreamResponse:
        name = self.who(request)
        if name is None:
            raise web.HTTPForbidden(text="sign in first")
        if not self.same_origin(request):
            raise web.HTTPForbidden(text="this page may not open the club's terminal")
        if await self.banned(name):  # banned since they signed in
            raise web.HTTPForbidden(text="you are banned from this club")
        socket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        await socket.prepare(request)
        terminal = WebTerminal(socket, (number(request.query.get("width"), 80), number(request.query.get("height"), 24)))
        pump = asyncio.get_running_loop().create_task(terminal.pump())
        counted = False
        try:
            try:
                terminal.visit = arrive(terminal, self.club, name, self.join, self.shows, self.limit)
                counted = True
            except ValueError as exc:
                terminal.close(f"wordcards: {exc}")
                await pump
                return socket
            async for message in socket:
                if message.type == WSMsgType.TEXT:
                    self.received(terminal, message.json())
        except ValueError:  # not JSON: a page that is not ours
            pass
        finally:
            if terminal.visit is not None:
                terminal.visit.leave()
            if counted:
                depart(self.club, name)
            terminal.ended = True
            terminal.wake.set()
            await asyncio.wait([pump], timeout=5)
        return socket

    @staticmethod
    def received(terminal: WebTerminal, envelope: Any) -> None:
        if not isinstance(envelope, list) or not envelope or terminal.visit is None:
            return
        kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
        if kind == "stdin" and isinstance(data, str):
            terminal.visit.typed(data)
        elif kind == "resize" and isinstance(data, dict) and terminal.term is not None:
            size = window(number(data.get("width"), 80), number(data.get("height"), 24))
            terminal.term = (terminal.term[0], size)
            terminal.visit.resized()
        elif kind == "ping":
            asyncio.get_running_loop().create_task(terminal.socket.send_json(["pong", data]))


NO_STORE = {"Cache-Control": "no-store"}


def number(value: Any, default: int) -> int:
    """A window's columns or rows as the page sent them: a whole number from 1 to 1000, or ``default``."""
    try:
        found = int(value)
    except (TypeError, ValueError):
        return default
    return found if 1 <= found <= 1000 else default


def tls(cert: Path | None, key: Path | None) -> ssl.SSLContext | None:
    """The door's HTTPS, from ``--cert`` and ``--key``; None: plain HTTP (for a LAN)."""
    if cert is None:
        return None
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    return context


async def open_web(door: WebDoor, bind: str, port: int, context: ssl.SSLContext | None) -> web.AppRunner:
    """Listen; the returned runner's ``cleanup()`` stops it. OSError if the port cannot be had."""
    runner = web.AppRunner(door.app(), access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, bind or None, port, ssl_context=context)
    try:
        await site.start()
    except OSError:
        await runner.cleanup()
        raise
    return runner
