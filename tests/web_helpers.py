"""A real Chromium (driven by selenium) and a real OpenSSH client, for the tests of the browser door.

A browser's screen is read from the bytes its websocket received (Chrome's performance log holds every frame),
drawn by pyte at the size the page asked for: what the tests check is exactly what reached the browser.
"""

from __future__ import annotations

import base64
import json
import os
import pty
import re
import subprocess
import threading
import time
from pathlib import Path
from typing import Callable

import pyte
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.expected_conditions import staleness_of
from selenium.webdriver.support.wait import WebDriverWait

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
ESCAPES = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")
Condition = Callable[[str], bool] | str


def wait_for(read: Callable[[], str], condition: Condition, who: str, timeout: float = 20.0) -> str:
    test = (lambda text: condition in text) if isinstance(condition, str) else condition
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        text = read()
        if test(text):
            return text
        time.sleep(0.1)
    raise AssertionError(f"{who}'s screen never showed {condition!r}; it shows:\n{read()}")


def mid_navigation(condition: Callable) -> Callable:
    """``condition``, taking Chromium 150's "unhandled inspector error", which it may answer while it swaps pages
    instead of a stale element, for "not yet"; any other error still fails."""
    def asked(driver):
        try:
            return condition(driver)
        except WebDriverException as exc:
            if "unhandled inspector error" not in (exc.msg or ""):
                raise
            return False
    return asked


class Browser:
    """One headless Chromium window at the door's address."""

    def __init__(self, base: str, size: tuple[int, int] = (1000, 700)) -> None:
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         f"--window-size={size[0]},{size[1]}"):
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
        self.driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        self.base = base
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.received = bytearray()
        """Every byte of screen the page's websocket received."""
        self.sizes: list[tuple[int, int]] = []
        """Each size the page asked to be drawn at (columns, rows)."""
        self.sent: list[tuple[float, str]] = []
        self.got: list[tuple[float, int]] = []
        """Each key frame the page sent, and the size of each screen frame it received, with Chrome's own times
        (seconds): ``benchmarks/web_keys.py`` times keys by them."""

    def sign_in(self, name: str, code: str, password: str = "") -> str:
        """The sign-in form filled and sent: the page it leads to (its text)."""
        for attempt in range(3):  # Chromium 150 now and then hands back a field of a page it is still replacing
            self.driver.get(self.base + "/")
            try:
                for field, value in (("name", name), ("code", code), ("password", password)):
                    self.driver.find_element(By.NAME, field).send_keys(value)
                break
            except WebDriverException:
                if attempt == 2:
                    raise
        form = self.driver.find_element(By.TAG_NAME, "form")
        form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        WebDriverWait(self.driver, 20).until(mid_navigation(staleness_of(form)))  # the next page, not the form
        # (in a list: a page of only a terminal has no text, and an empty answer would mean "not yet")
        found = WebDriverWait(self.driver, 20).until(
            mid_navigation(lambda driver: [driver.find_element(By.TAG_NAME, "body").text]))
        return str(found[0])

    def press(self, *keys: str) -> None:
        """Keys typed into the page's terminal, a moment apart."""
        for key in keys:
            self.type_key(key)
            time.sleep(0.15)

    def type_key(self, key: str) -> None:
        """A key typed into xterm.js's hidden text box, focused first as a click on the terminal focuses it
        (Chromium 150's driver refuses keys sent to an element it cannot see)."""
        box = self.driver.find_element(By.CSS_SELECTOR, ".xterm-helper-textarea")
        self.driver.execute_script("arguments[0].focus()", box)
        ActionChains(self.driver).send_keys(key).perform()

    def click(self, text: str) -> None:
        """Click the middle of ``text`` where the page's terminal shows it (as a mouse does a footer's key)."""
        rows = self.text().splitlines()
        row = next(n for n, line in enumerate(rows) if text in line)
        column = rows[row].index(text) + len(text) // 2
        screen = self.driver.find_element(By.CSS_SELECTOR, ".xterm-screen")
        width, height = screen.size["width"], screen.size["height"]
        x = (column + 0.5) * width / self.screen.columns - width / 2  # from the element's centre
        y = (row + 0.5) * height / self.screen.lines - height / 2
        ActionChains(self.driver).move_to_element_with_offset(screen, int(x), int(y)).click().perform()

    def frames(self) -> None:
        """Read the frames the page sent and received since the last look."""
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            method, params = message.get("method"), message.get("params", {})
            if method == "Network.webSocketFrameSent":
                sent = json.loads(params["response"]["payloadData"])
                if sent[0] == "stdin":
                    self.sent.append((params["timestamp"], sent[1]))
                elif sent[0] == "resize":
                    self.sizes.append((sent[1]["width"], sent[1]["height"]))
                    self.screen.resize(sent[1]["height"], sent[1]["width"])
            elif method == "Network.webSocketFrameReceived" and params["response"]["opcode"] == 2:
                data = base64.b64decode(params["response"]["payloadData"])
                self.got.append((params["timestamp"], len(data)))
                self.received += data
                self.stream.feed(data)

    def text(self) -> str:
        self.frames()
        return "\n".join(self.screen.display)

    def everything(self) -> str:
        """Every character the page's websocket received, escape sequences taken out."""
        self.frames()
        return ESCAPES.sub("", self.received.decode("utf-8", "replace"))

    def see(self, condition: Condition, timeout: float = 20.0) -> str:
        return wait_for(self.text, condition, "the browser", timeout)

    def close(self) -> None:
        self.driver.quit()


class OpenSSH:
    """The real ``ssh`` client in a pseudo-terminal of 80×24, logging in with a key of its own."""

    def __init__(self, port: int, name: str, key: Path) -> None:
        self.name = name
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.lock = threading.Lock()
        main, other = pty.openpty()
        os.set_blocking(main, True)
        subprocess.run(["stty", "cols", "80", "rows", "24"], stdin=other, check=True)
        self.main = main
        self.process = subprocess.Popen(
            ["ssh", "-tt", "-p", str(port), "-i", str(key), "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes",
             "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
             f"{name}@127.0.0.1"], stdin=other, stdout=other, stderr=other, start_new_session=True,
            env=dict(os.environ, TERM="xterm-256color"))
        os.close(other)
        threading.Thread(target=self.read, daemon=True).start()

    def read(self) -> None:
        while True:
            try:
                data = os.read(self.main, 65536)
            except OSError:
                return
            if not data:
                return
            with self.lock:
                self.stream.feed(data)

    def text(self) -> str:
        with self.lock:
            return "\n".join(self.screen.display)

    def see(self, condition: Condition, timeout: float = 20.0) -> str:
        return wait_for(self.text, condition, self.name, timeout)

    def press(self, *keys: str) -> None:
        for key in keys:
            os.write(self.main, key.encode())
            time.sleep(0.15)

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
        os.close(self.main)


def key_file(folder: Path) -> Path:
    """A new ed25519 key for OpenSSH, without a passphrase."""
    path = folder / "id_ed25519"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(path)], check=True)
    return path
