"""Keys handled in the order they were typed, each after the one before has done what it does.

Textual's app hands a key to the widget focused when the key arrives and goes on to the next key at once. A key
that moves the focus (Tab) or opens a screen (n: a dialog) does so only when the widget, and the widgets around it,
have handled it; keys that came in the same burst have by then gone to the old widget. Over a slow SSH connection,
or from a quick typist, keys do come in bursts: "Tab, 2" put the 2 in the field left behind, and "n, Enter" in the
lobby took a seat at a table instead of opening the dialog.

So an app that mixes this in follows each key it hands to a widget with a ``KeyHandled`` message to the same widget.
It bubbles up behind the key, through the same queues, and reaches the app when the key has been handled everywhere
it goes; only then does the next key go on. A widget taken down before its turn came (a closed screen) would hold
the keys forever, so a key is given up on after ``GIVE_UP`` seconds.
"""

from __future__ import annotations

from collections import deque

from textual import events
from textual.app import App
from textual.message import Message
from textual.timer import Timer

GIVE_UP = 0.5


class KeyHandled(Message):
    """Bubbles up behind a key from the widget it was handed to."""


class KeysInTurn(App):
    """An app whose keys (and pastes) go on one at a time; see the module's note."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.keys_waiting: deque[events.Event] = deque()
        self.key_followed: KeyHandled | None = None
        self.give_up: Timer | None = None

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, (events.Key, events.Paste)) and not event.is_forwarded:
            if self.key_followed is None:
                await self.hand_on(event)
            else:
                self.keys_waiting.append(event)
            return
        await super().on_event(event)

    async def hand_on(self, event: events.Event) -> None:
        widget = self.focused or self.screen  # where Textual hands the key, unless the app's own binding takes it
        await super().on_event(event)
        if event.is_forwarded:
            self.key_followed = followed = KeyHandled()
            widget.post_message(followed)
            self.give_up = self.set_timer(GIVE_UP, lambda: self.next_key(followed))

    async def on_key_handled(self, message: KeyHandled) -> None:
        await self.next_key(message)

    async def next_key(self, handled: KeyHandled) -> None:
        if handled is not self.key_followed:
            return
        self.key_followed = None
        if self.give_up is not None:
            self.give_up.stop()
        while self.keys_waiting and self.key_followed is None:
            await self.hand_on(self.keys_waiting.popleft())
