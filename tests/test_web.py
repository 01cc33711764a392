"""The club's browser door, in a real Chromium (selenium) beside a real OpenSSH client, on 127.0.0.1."""

from __future__ import annotations

import asyncio
import shutil
import socket
import weakref
from contextlib import asynccontextmanager
from pathlib import Path
from typing import AsyncIterator

import aiohttp
import asyncssh
import pytest
from selenium.webdriver.common.keys import Keys

from tests.host_helpers import CODE
from tests.test_club import close_club
from tests.web_helpers import Browser, OpenSSH, key_file
from wordcards.club.lobby import Club
from wordcards.club.record import Record
from wordcards.core.registry import all_games
from wordcards.host.server import Gate, serve
from wordcards.host.web import WebDoor, open_web, tls

SCREENSHOT = Path(__file__).resolve().parents[1] / "screenshots" / "browser-club.png"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Doors:
    def __init__(self, club: Club, ssh: int, web: int) -> None:
        self.club = club
        self.ssh = ssh
        self.web = web
        self.base = f"http://127.0.0.1:{web}"


@asynccontextmanager
async def club_with_web(tmp_path) -> AsyncIterator[Doors]:
    record = Record(tmp_path / "club.sqlite")
    club = Club(lambda line: None, record, computer_delay=0, seed=4)
    gate = Gate(CODE, delay=0.01)
    acceptor = await serve(club, gate, "127.0.0.1", 0, "ssh -p PORT NAME@HOST",
                           key=asyncssh.generate_private_key("ssh-ed25519"))
    port = free_port()
    runner = await open_web(WebDoor(club, gate, "ssh -p PORT NAME@HOST", weakref.WeakKeyDictionary(), False, 50),
                            "127.0.0.1", port, None)
    ticker = asyncio.get_running_loop().create_task(club.run())
    try:
        yield Doors(club, acceptor.get_port(), port)
    finally:
        ticker.cancel()
        club.done.set()
        acceptor.close()
        await runner.cleanup()
        await close_club(club)


pytestmark = pytest.mark.skipif(shutil.which("chromium") is None or shutil.which("chromedriver") is None,
                                reason="needs Debian's chromium and chromium-driver (README's test command installs "
                                       "them)")


async def test_a_browser_opens_a_table_and_moves_and_a_browser_and_openssh_watching_see_it(tmp_path):
    key = key_file(tmp_path)
    async with club_with_web(tmp_path) as doors:
        wendy = await asyncio.to_thread(Browser, doors.base)
        wanda = await asyncio.to_thread(Browser, doors.base, (900, 650))
        ossie = OpenSSH(doors.ssh, "ossie", key)
        try:
            await asyncio.to_thread(wendy.sign_in, "wendy", CODE)
            await asyncio.to_thread(wendy.see, "No table is open yet")
            await asyncio.to_thread(wendy.press, "n")
            await asyncio.to_thread(wendy.see, "Open a table")
            downs = [spec.name for spec in all_games()].index("fez")
            await asyncio.to_thread(wendy.press, "\n", *[Keys.ARROW_DOWN] * downs, "\n")
            await asyncio.to_thread(wendy.press, Keys.BACKSPACE, "1", "\t", "easy", "\n")  # 1 person, 1 easy
            await asyncio.to_thread(wendy.see, "wendy's hand")
            await asyncio.to_thread(wendy.see, "challenge Hal (easy)'s play?")  # the computer, left of the dealer
            await asyncio.to_thread(wendy.press, "\n")  # no challenge
            await asyncio.to_thread(wendy.see, "wendy, your turn")
            keys = (await asyncio.to_thread(wendy.see, "# Log")).splitlines()[-1]  # a browser keeps F3 for its search
            assert "? Help" in keys and "= Sheet" in keys and "F1" not in keys, keys

            await asyncio.to_thread(wanda.sign_in, "wanda", CODE)
            await asyncio.to_thread(wanda.see, "wendy, Hal (easy)")
            await asyncio.to_thread(wanda.press, "w")
            await asyncio.to_thread(wanda.see, "you are watching")
            await asyncio.to_thread(ossie.see, "wendy, Hal (easy)")
            await asyncio.to_thread(ossie.press, "w")
            await asyncio.to_thread(ossie.see, "you are watching")

            await asyncio.to_thread(wendy.press, "d")  # a move, in the browser
            for watcher in (wanda, ossie, wendy):
                await asyncio.to_thread(watcher.see, "wendy drew from the stock")
            await asyncio.to_thread(wendy.click, "Log")  # F3, which a browser keeps for its search: clicked instead
            await asyncio.to_thread(wendy.see, "wendy drew from the stock")
            await asyncio.to_thread(wendy.see, lambda text: "Back" in text.splitlines()[-1])  # the log screen
            await asyncio.to_thread(wendy.press, Keys.ESCAPE)
            await asyncio.to_thread(wendy.see, "wendy's hand")
            await asyncio.to_thread(wendy.press, "#")  # F3's second key opens the log and closes it
            await asyncio.to_thread(wendy.see, "Back")
            await asyncio.to_thread(wendy.press, "#")
            await asyncio.to_thread(wendy.see, lambda text: "Back" not in text)
            await asyncio.to_thread(wendy.press, "!")  # F8's: a club's table is rated, so it says why no hint
            await asyncio.to_thread(wendy.see, "no hints at this table")
            hand = next(line for line in (await asyncio.to_thread(wendy.text)).splitlines() if "wendy's hand" in line)
            seen = await asyncio.to_thread(wanda.everything)
            assert "'s hand" not in seen and hand.strip() not in seen, "a spectator's browser received a hand"

            await asyncio.to_thread(wendy.driver.set_window_size, 900, 680)
            await asyncio.to_thread(wendy.see, lambda text: len(wendy.sizes) > 1 and wendy.sizes[-1] != wendy.sizes[0])
            columns, rows = wendy.sizes[-1]
            screen = await asyncio.to_thread(wendy.see, "wendy's hand")
            assert columns < wendy.sizes[0][0] and "^q" in screen.splitlines()[rows - 1], "the table follows the window"
            SCREENSHOT.parent.mkdir(exist_ok=True)
            await asyncio.to_thread(wendy.driver.save_screenshot, str(SCREENSHOT))
            await asyncio.to_thread(wendy.driver.set_window_size, 600, 400)  # a phone's width: too small to play
            await asyncio.to_thread(wendy.see, "wordcards needs 80×24")
        finally:
            ossie.close()
            await asyncio.to_thread(wendy.close)
            await asyncio.to_thread(wanda.close)


async def test_a_name_a_key_claimed_needs_the_password_its_person_set_from_the_ssh_lobby(tmp_path):
    key = key_file(tmp_path)
    async with club_with_web(tmp_path) as doors:
        ossie = OpenSSH(doors.ssh, "ossie", key)  # his key claims the name
        browser = await asyncio.to_thread(Browser, doors.base)
        try:
            await asyncio.to_thread(ossie.see, "In the lobby: ossie")
            page = await asyncio.to_thread(browser.sign_in, "ossie", CODE)
            assert "The name ossie belongs to an SSH key" in page and "press P in the lobby" in page
            await asyncio.to_thread(ossie.press, "P")
            await asyncio.to_thread(ossie.see, "A password for the browser")
            await asyncio.to_thread(ossie.see, "password (at least 8 characters)")  # said before one is refused
            await asyncio.to_thread(ossie.press, "short", "\t", "short", "\r")
            await asyncio.to_thread(ossie.see, "needs at least 8 characters")
            await asyncio.to_thread(ossie.press, "\x15", "\x1b[Z", "\x15", "word-game-night", "\t", "word-game-night",
                                    "\r")
            await asyncio.to_thread(ossie.see, "Your browser password is set")
            page = await asyncio.to_thread(browser.sign_in, "ossie", CODE, "not-the-password")
            assert "That is not the password of ossie." in page
            page = await asyncio.to_thread(browser.sign_in, "0ssie", CODE, "")
            assert "The name 0ssie needs its password." in page, "a name drawn like a claimed one is claimed too"
            await asyncio.to_thread(browser.sign_in, "ossie", CODE, "word-game-night")
            await asyncio.to_thread(browser.see, "In the lobby: ossie")
        finally:
            ossie.close()
            await asyncio.to_thread(browser.close)


async def test_the_websocket_refuses_another_sites_page_and_anyone_not_signed_in(tmp_path):
    async with club_with_web(tmp_path) as doors:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:  # unsafe: an IP
            async with session.get(f"{doors.base}/ws") as response:
                assert response.status == 403
            form = {"name": "mallory", "code": CODE, "password": ""}
            async with session.post(f"{doors.base}/sign-in", data=form, allow_redirects=False) as response:
                assert response.status == 303
                cookie = response.cookies["wordcards"]
                assert cookie["httponly"] and cookie["samesite"] == "Strict"
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await session.ws_connect(f"{doors.base}/ws", origin="http://evil.example")
            assert refused.value.status == 403
            async with session.ws_connect(f"{doors.base}/ws", origin=doors.base) as socket:
                first = await socket.receive(timeout=10)
                assert first.type == aiohttp.WSMsgType.BINARY
            async with session.post(f"{doors.base}/sign-in", data={"name": "eve", "code": "wrong-code"}) as response:
                assert response.status == 403 and "That is not the club" in await response.text()



async def test_a_banned_name_is_refused_at_the_browser_door_too_even_signed_in_before(tmp_path):
    async with club_with_web(tmp_path) as doors:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
            form = {"name": "mallory", "code": CODE, "password": ""}
            async with session.post(f"{doors.base}/sign-in", data=form, allow_redirects=False) as response:
                assert response.status == 303
            assert "banned" in await doors.club.operator("ban Mallory")  # a name drawn like it
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await session.ws_connect(f"{doors.base}/ws", origin=doors.base)
            assert refused.value.status == 403
            async with session.post(f"{doors.base}/sign-in", data=form) as response:
                assert response.status == 403 and "You are banned from this club." in await response.text()

def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 and its key, as PEM files."""
    import datetime
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now)
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), False)
            .sign(key, hashes.SHA256()))
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return cert_path, key_path


async def test_with_a_certificate_the_door_is_https_and_its_cookie_is_secure(tmp_path):
    import ssl

    cert, key = self_signed(tmp_path)
    record = Record(tmp_path / "club.sqlite")
    club = Club(lambda line: None, record)
    port = free_port()
    runner = await open_web(WebDoor(club, Gate(CODE, delay=0.01), "ssh", weakref.WeakKeyDictionary(), True, 50),
                            "127.0.0.1", port, tls(cert, key))
    trusted = ssl.create_default_context(cafile=str(cert))
    try:
        async with aiohttp.ClientSession() as session:
            async with session.get(f"https://127.0.0.1:{port}/", ssl=trusted) as response:
                assert response.status == 200 and "Sign in" in await response.text()
            form = {"name": "wendy", "code": CODE, "password": ""}
            async with session.post(f"https://127.0.0.1:{port}/sign-in", data=form, ssl=trusted,
                                    allow_redirects=False) as response:
                assert response.status == 303 and response.cookies["wordcards"]["secure"]
            with pytest.raises(aiohttp.ClientError):
                async with session.get(f"http://127.0.0.1:{port}/"):
                    pass
    finally:
        await runner.cleanup()
        await close_club(club)


async def test_a_phone_turned_sideways_fits_a_table_and_held_upright_fits_the_lobby(tmp_path):
    """The page picks a font that fits 80×24 in a small window (down to 9 px): a phone sideways (a page of 844×390)
    has room for a table; upright (390×700) the lobby fits, and a table says it needs more."""
    async with club_with_web(tmp_path) as doors:
        phone = await asyncio.to_thread(Browser, doors.base, (844, 390 + 143))  # headless Chromium's window keeps 143
        try:
            page = await asyncio.to_thread(phone.driver.execute_script, "return [innerWidth, innerHeight]")
            assert page == [844, 390], page
            await asyncio.to_thread(phone.sign_in, "pat", CODE)
            await asyncio.to_thread(phone.see, "No table is open yet")
            columns, rows = phone.sizes[-1]
            assert columns >= 80 and rows >= 24, phone.sizes
            await asyncio.to_thread(phone.driver.set_window_size, 390, 700 + 143)
            await asyncio.to_thread(phone.driver.refresh)  # the font is chosen as the page loads
            await asyncio.to_thread(phone.see, lambda text: len(phone.sizes) > 1 and phone.sizes[-1][0] < 80)
            await asyncio.to_thread(phone.see, "No table is open yet")
            assert phone.sizes[-1][0] >= 64, phone.sizes  # the lobby's width
        finally:
            await asyncio.to_thread(phone.close)
