"""Keys handled in the order they were typed, each after the one before has done what it does.

Textual's app hands a key to the widget focused when the key arrives and goes on to the next key at once. A key
that moves the focus (Tab) or opens a screen (n: a dialog) does so only when the widget, and the widgets around it,
have handled it; keys that came in the same burst have by then gone to the old widget. Over a slow SSH connection,
or from a quick typist, keys do come in bursts: "Tab, 2" put the 2 in the field left behind, and "n, Enter" in the
lobby took a seat at a table instead of opening the dialog.

So an app that mixes this in follows each key it hands to a widget with a ``KeyHandled`` message to the same widget.
It bubbles up behind the key, through the same queues, and reaches the app when the key has been handled everywhere
it goes. A key's effect may also come a step later, from a message the key made a widget post (a Select's choice
moves the focus when the dialog hears ``Select.Changed``), so a second ``KeyHandled`` goes the same way from the
widget focused then; when it is back, the next key goes on. Mouse events are not held: a click overtakes keys that
wait (they are rarely bunched together).

A widget taken down before its turn came (a key closed its screen: Enter on a round's scores) would hold the keys
forever: every ``CHECK_EVERY`` seconds a key in flight is let go if the widget its ``KeyHandled`` went to has left
its screen (or that screen the app), and after ``GIVE_UP_ANYWAY`` seconds whatever happens (a club under load can
take a second over a key).
"""

from __future__ import annotations

from collections import deque

from textual import events
from textual.app import App
from textual.dom import NoScreen
from textual.message import Message
from textual.timer import Timer
from textual.widget import Widget

CHECK_EVERY = 0.05
GIVE_UP_ANYWAY = 10.0


class KeyHandled(Message):
    """Bubbles up behind a key from the widget it was handed to (``lap`` 0), then from the one focused then (1)."""

    def __init__(self, widget: Widget, lap: int = 0) -> None:
        super().__init__()
        self.widget = widget
        self.lap = lap


class KeysInTurn(App):
    """An app whose keys (and pastes) go on one at a time; see the module's note."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.keys_waiting: deque[events.Event] = deque()
        self.in_flight: KeyHandled | None = None
        self.give_up_timer: Timer | None = None
        self.waited = 0.0
        self.given_up = 0
        """Keys whose ``KeyHandled`` never came back (their widget left, or ``GIVE_UP_ANYWAY``)."""

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, (events.Key, events.Paste)) and not event.is_forwarded:
            if self.in_flight is None:
                await self.hand_on(event)
            else:
                self.keys_waiting.append(event)
            return
        await super().on_event(event)

    async def hand_on(self, event: events.Event) -> None:
        widget = self.focused or self.screen  # where Textual hands the key, unless a priority binding takes it
        await super().on_event(event)
        if event.is_forwarded:
            self.follow(KeyHandled(widget))

    def follow(self, handled: KeyHandled) -> None:
        self.in_flight, self.waited = handled, 0.0
        handled.widget.post_message(handled)
        self.give_up_timer = self.set_interval(CHECK_EVERY, lambda: self.maybe_give_up(handled))

    async def maybe_give_up(self, handled: KeyHandled) -> None:
        self.waited += CHECK_EVERY
        widget = handled.widget
        try:
            gone = not widget.is_attached or widget.screen not in self.screen_stack
        except NoScreen:
            gone = True
        if gone or self.waited >= GIVE_UP_ANYWAY:
            self.given_up += 1
            await self.next_key(handled)

    async def on_key_handled(self, message: KeyHandled) -> None:
        if message is self.in_flight and message.lap == 0:
            self.stop_timer()
            self.follow(KeyHandled(self.focused or self.screen, lap=1))
        else:
            await self.next_key(message)

    def stop_timer(self) -> None:
        if self.give_up_timer is not None:
            self.give_up_timer.stop()

    async def next_key(self, handled: KeyHandled) -> None:
        if handled is not self.in_flight:
            return
        self.in_flight = None
        self.stop_timer()
        while self.keys_waiting and self.in_flight is None:
            await self.hand_on(self.keys_waiting.popleft())
