"""A game's options, declared once: the fields of a frozen dataclass, each a ``--flag`` and a setup-form field.

A game writes ``rounds: int = option(1, "rounds to play", bounds=(1, 20))`` in
its options dataclass (a ``GameOptions``); ``declared()`` gives the ``Option``
list that ``wordcards play``, the setup screen and the save checks read, and
``read(data, players)`` builds the dataclass from a save's or a form's dict.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Callable, Literal, Mapping, TypeVar

from wordcards.core.common import NUMBER, quoted
from wordcards.core.errors import SetupError

OPTION = "wordcards.option"
"""The key, in a dataclass field's metadata, of what makes the field an option."""
O = TypeVar("O", bound="GameOptions")


@dataclass(frozen=True)
class Option:
    """A game option: a setup-screen field and a ``--name`` flag of ``wordcards play``."""

    name: str
    default: Any
    help: str
    choices: tuple | None = None
    bounds: tuple[int, int] | None = None
    """The lowest and highest whole number allowed (both included), or None: any up to six digits."""
    applies: Callable[[Mapping[str, Any], int | None], bool] | None = None
    """Whether the option means anything in a game with these options and this many players (None: not yet
    known, so the answer is whether it could); no function: it always does."""
    when: str = ""
    """Where it applies, for the message when it does not: ``only with --race``."""
    internal: bool = False
    """Kept in the options (and saves) by the program itself: no flag, no form field."""

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    def check(self, value: object) -> None:
        """SetupError unless ``value`` (from a save file or the setup form) is of this option's kind, choices and
        bounds."""
        kind = type(self.default)
        if type(value) is not kind or (kind is int and not -10**6 < value < 10**6):  # type: ignore[operator]
            raise SetupError(f"{self.flag} cannot be {str(value)[:24]!r}")
        if self.choices and value not in self.choices:
            raise SetupError(f"{self.flag} must be one of {', '.join(map(str, self.choices))}, not {str(value)[:24]!r}")
        if self.bounds and not self.bounds[0] <= value <= self.bounds[1]:  # type: ignore[operator]
            raise SetupError(f"{self.flag} must be {self.bounds[0]} to {self.bounds[1]}, not {value}")

    def convert(self, text: str) -> Any:
        """The value ``text`` (a flag's or a form field's) gives; SetupError says why it gives none."""
        value: Any = text
        if isinstance(self.default, bool):
            value = _yes_or_no(text)
            if value is None:
                raise SetupError(f"{self.flag} takes yes or no, not {quoted(text)}")
        elif isinstance(self.default, int):
            if not NUMBER.fullmatch(text):
                raise SetupError(f"{self.flag} takes a whole number, not {quoted(text)}")
            value = int(text)
        self.check(value)
        return value


def _yes_or_no(text: str) -> bool | None:
    if text.lower() in ("1", "yes", "true", "on", ""):
        return True
    if text.lower() in ("0", "no", "false", "off"):
        return False
    return None


def option(default: Any, help: str, *, choices: tuple | None = None, bounds: tuple[int, int] | None = None,
           applies: Callable[[Mapping[str, Any], int | None], bool] | None = None, when: str = "",
           internal: bool = False) -> Any:
    """A field of a ``GameOptions`` dataclass that is also an ``Option`` of the game (see ``Option`` for each part)."""
    return field(default=default, metadata={OPTION: dict(help=help, choices=choices, bounds=bounds, applies=applies,
                                                         when=when, internal=internal)})


@dataclass(frozen=True)
class GameOptions:
    """The base of a game's options dataclass: its fields, each declared with ``option()``, are the game's options."""

    @classmethod
    def declared(cls) -> tuple[Option, ...]:
        """The options, in the order of the fields: the rules module's ``OPTIONS``."""
        return tuple(Option(f.name, f.default, **f.metadata[OPTION]) for f in fields(cls) if OPTION in f.metadata)

    @classmethod
    def read(cls: type[O], data: Mapping[str, Any], players: int) -> O:
        """The options ``data`` sets (the others at their defaults), as a game of ``players`` plays them.

        SetupError says what is wrong; names the game does not have are left to ``check_options``.
        """
        values = {}
        for declared in cls.declared():
            if declared.name in data:
                declared.check(data[declared.name])
                values[declared.name] = data[declared.name]
        return cls(**values).settled(players)

    def settled(self: O, players: int) -> O:
        """These options as a game of ``players`` plays them (FEZ: both packs for four or more); SetupError when a
        game of that many cannot have them. By default, as they are."""
        return self


def parse_flags(options: tuple[Option, ...], title: str, args: list[str], elsewhere: str = "") -> dict:
    """The options that ``--rounds 3 --nasty`` style flags set (a flag of a yes/no option alone means yes);
    SetupError says what is wrong with them (of a flag the game lacks, ``elsewhere`` too: where others are)."""
    chosen: dict = {}
    known: dict[str, Option] = {o.flag: o for o in public(options)}
    i = 0
    while i < len(args):
        flag, eq, value = args[i].partition("=")
        found = known.get(flag)
        if found is None:
            raise SetupError(f"{title} has no option {flag[:40]!r} (its options: {' '.join(known) or 'none'})"
                             + (f"; {elsewhere}" if elsewhere else ""))
        if isinstance(found.default, bool) and not eq:
            value = "yes"
        elif not eq:
            i += 1
            if i >= len(args):
                raise SetupError(f"{flag} needs a value")
            value = args[i]
        chosen[found.name] = found.convert(value)
        i += 1
    return chosen


def as_flags(options: Mapping[str, Any]) -> str:
    """Options written as the flags that set them (``parse_flags`` reads them back): ``--variant cooperative``."""
    return " ".join(f"--{key.replace('_', '-')}" + ("" if value is True else f" {value}")
                    for key, value in options.items() if value is not False)


def public(options: tuple[Option, ...]) -> list[Option]:
    """The options a player sets: flags of ``wordcards play`` and fields of the setup form."""
    return [o for o in options if not o.internal]


def check_options(options: Mapping[str, Any], declared: tuple[Option, ...], players: int | None,
                  outside: Literal["given", "changed", "allowed"] = "changed") -> None:
    """SetupError for an option the game does not have, a value of the wrong kind, or one that means nothing here.

    An option outside its variation (``--goal`` outside the cooperative game) is
    refused when it was given at all (``outside="given"``: the command line),
    when it is not at its default (``"changed"``: the setup form, which holds
    every option), or never (``"allowed"``: a save, where it never counted and
    refusing it would lose the game). ``players`` is None while the seats are
    not yet chosen.
    """
    known = {o.name: o for o in declared}
    for name, value in options.items():
        opt = known.get(name)
        if opt is None:
            raise SetupError(f"there is no option {quoted(str(name))} (options: {', '.join(known) or 'none'})")
        opt.check(value)
        if opt.applies is None or outside == "allowed" or (outside == "changed" and value == opt.default):
            continue
        if not opt.applies(options, players):
            raise SetupError(f"{opt.flag} applies {opt.when}")
