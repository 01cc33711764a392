"""The ``wordcards`` command: a thin click group over the games, the app and the simulator.

Textual is imported only by the commands that open the app, so ``check``,
``rules`` and ``sim`` start quickly. Problems a player can fix end in one line
on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import gc
import json
import math
import os
import socket
import sys
import time
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Callable, Iterator, MutableMapping, NoReturn
from pathlib import Path

import click
from click.core import ParameterSource

from wordcards.core.computer import HINT_LEVEL, LEVELS, levels_text
from wordcards.core.errors import WordcardsError
from wordcards.core.lexicon import NAMES as LIST_NAMES
from wordcards.core.common import Seat, computer_name, printable
from wordcards.core.options import Option, check_options, parse_flags, public
from wordcards.core.saves import SEED_LIMIT
from wordcards.core.game import Game
from wordcards.core.registry import all_games, find_game

if TYPE_CHECKING:
    from wordcards.core.match import Match
    from wordcards.core.replay import Replay

GAME_ARGS = {"ignore_unknown_options": True, "allow_extra_args": True}
DICTIONARY_HELP = (f"A built-in word list ({', '.join(LIST_NAMES)}; `wordcards rules GAME` tells them apart) or a file "
                   "with one word a line.")


class GameCommand(click.Command):
    """A command whose GAME argument brings the game's own options (``--nasty``, ``--race``): ``--help`` after a
    game's name lists them too."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        ctx.meta["words"] = [a for a in args if not a.startswith("-")]  # read before --help's callback runs
        return super().parse_args(ctx, args)

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_help(ctx, formatter)
        spec = self.named_game(ctx.meta.get("words", []))
        if spec is None:
            formatter.write_paragraph()
            formatter.write_text("Name a game before --help to see its own options: wordcards play fez --help")
            return
        rows = [(option_usage(o), option_help(o)) for o in public(spec.options)]
        with formatter.section(f"{spec.title} options"):
            formatter.write_dl(rows or [("(none)", "")])

    @staticmethod
    def named_game(words: list[str]) -> Game | None:
        """The first of the words that names a game (an option's value, ``--player Ann``, may come before it)."""
        for word in words:
            try:
                return find_game(word)
            except WordcardsError:
                continue
        return None


def option_usage(option: Option) -> str:
    if isinstance(option.default, bool):
        return option.flag
    return f"{option.flag} {'|'.join(map(str, option.choices)) if option.choices else 'N'}"


def option_help(option: Option) -> str:
    limits = f" {option.bounds[0]} to {option.bounds[1]}." if option.bounds else ""
    default = "" if isinstance(option.default, bool) else f" [default: {option.default}]"
    return f"{option.help[:1].upper()}{option.help[1:].rstrip('.')}.{limits}{default}"


def check_seed(ctx: click.Context, param: click.Parameter, value: int | None) -> int | None:
    """A seed is any whole number that fits in 64 bits; the help need not print that range."""
    if value is not None and not -SEED_LIMIT <= value < SEED_LIMIT:
        raise click.BadParameter("a seed must fit in 64 bits", ctx, param)
    return value


def fail(message: str) -> NoReturn:
    raise click.UsageError(message)


def spec_or_fail(name: str) -> Game:
    try:
        return find_game(name)
    except WordcardsError as exc:
        fail(str(exc))
        raise


def parse_game_options(spec: Game, args: list[str]) -> dict:
    """Read ``--rounds 3 --nasty`` style flags against the game's own options."""
    command = click.get_current_context(silent=True)
    elsewhere = f"`{command.command_path} --help` lists the command's own" if command else ""
    try:
        return parse_flags(spec.options, spec.title, args, elsewhere)
    except ValueError as exc:
        fail(str(exc))


def check_level(level: str) -> None:
    if level not in LEVELS:
        fail(f"unknown computer level {level!r} (levels: {', '.join(LEVELS)})")


def seats_from(players: tuple[str, ...], computers: tuple[str, ...]) -> list[Seat]:
    try:
        seats = [Seat(name.strip()) for name in players]
    except ValueError as exc:
        fail(f"--player: {exc}")
    for n, level in enumerate(computers):
        check_level(level)
        seats.append(Seat(computer_name(n, level), level))
    return seats


def check_setup(spec: Game, seats: list[Seat], options: dict, hosted: bool = False) -> None:
    """The seats and the options given suit the game (set up a throwaway one): otherwise fail here, in one line.

    With no seats yet (the setup screen will ask), a person and a computer stand in, and options that depend on
    the number of players are judged there.
    """
    from wordcards.core import match

    stand_in = seats or [Seat("A"), Seat("B", "hard")]  # one person and a computer: any option suits them (a race)
    try:
        check_options(options, spec.options, len(seats) if seats else None, outside="given")
        match.check_setup(spec, stand_in, options, hosted=hosted)
        spec.rules.new_game(stand_in, options, 0)
    except ValueError as exc:
        fail(str(exc))


def need_terminal() -> None:
    """The app draws on a terminal and reads keys from it: refuse at once when either end is not one."""
    if not sys.stdin.isatty():
        fail("the game reads keys from a terminal, and standard input is not one")
    if not sys.stdout.isatty():
        fail("the game draws on a terminal, and standard output is not one (use `wordcards sim` for a report)")


def need_saves_folder() -> None:
    from wordcards.core import saves

    try:
        saves.check_folder()
    except WordcardsError as exc:
        fail(str(exc))


def run_app(game: str, **kwargs) -> None:
    """Open the app on this terminal.

    Start-up builds only objects that live as long as the program (modules, classes, styles), so the cyclic garbage
    collector is off until the first frame is out: its passes over them cost about a tenth of the time to that frame.
    """
    need_terminal()
    if kwargs.get("save", True):
        need_saves_folder()
    choose_colours(os.environ)  # read when Textual is first imported, just below
    gc.disable()
    from wordcards.tui.app import make_app

    app = make_app(game, **kwargs)
    app.run()
    match = app.match
    if match is not None:
        if match.save_error and not app.return_code:
            match.save()  # once more: there may be room on the disk again
        match.release()
    if app.return_code:  # the app stopped on an error it did not foresee, and has said so
        sys.exit(70)
    if match is not None and (closing := closing_line(match)):
        click.echo(closing)


def closing_line(match: Match) -> str | None:
    """The player's last lines as the app closes: how to go on, and only what is true of the save."""
    if match.save_path is None:
        return None
    path, lacks = printable(str(match.save_path)), match.unsaved()
    if lacks is None:
        if match.is_over:
            return None
        # the path on a line of its own: after the sentence, a long one wrapped the command at the terminal's edge
        return (f"{match.spec.title} is saved after every move. To go on: wordcards resume\n"
                f"  (or: wordcards resume {path})")
    return f"{match.spec.title}: {lacks}" + ("" if match.saved_moves is None else
                                             f"\n  To go on from there: wordcards resume {path}")


def choose_colours(environ: MutableMapping[str, str]) -> None:
    """A terminal that names no type (TERM unset, dumb, unknown) gets 16 colours: Rich reads it as colourless, and
    Textual then sends 24-bit colour."""
    if environ.get("TERM", "dumb") in ("dumb", "unknown", ""):
        environ.setdefault("TEXTUAL_COLOR_SYSTEM", "standard")


def precheck_dictionary(name: str, spec: Game | None = None) -> None:
    """The list can be read; and it holds what ``spec`` cannot end a game without. A built-in list does: only a
    list from a file is loaded here (the app loads it again from the cache, after its first frame)."""
    from wordcards.core import lexicon

    try:
        lexicon.precheck(name)
        if spec is not None and spec.list_problem is not None and name not in lexicon.BUILT_IN:
            words = lexicon.load(name)
            problem = spec.list_problem(words)
            if problem:
                fail(f"word list {words.name} {problem}")
    except WordcardsError as exc:
        fail(str(exc))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="wordcards")
def cli() -> None:
    """Word card games for the terminal: hot-seat, or against the computer."""


def say(message: str) -> None:
    """One line on stderr; what came from a file, a path or an argument in it is shown, never obeyed."""
    click.echo(f"wordcards: {printable(message)}", err=True)


def main(argv: list[str] | None = None) -> None:
    """Run the command; a usage problem is one line on stderr and exit code 2."""
    try:
        cli.main(args=argv, prog_name="wordcards", standalone_mode=False)
    except click.UsageError as exc:
        say(exc.format_message())
        sys.exit(2)
    except click.ClickException as exc:
        say(exc.format_message())
        sys.exit(exc.exit_code)
    except (click.Abort, KeyboardInterrupt):
        click.echo("wordcards: stopped", err=True)
        sys.exit(130)
    except Exception as exc:  # not foreseen: one line for the player, the traceback in a file
        from wordcards.crash import report

        click.echo(f"wordcards: {report(exc)}", err=True)
        sys.exit(70)


@cli.command(cls=GameCommand, context_settings=GAME_ARGS)
@click.argument("game")
@click.option("--player", "players", multiple=True, metavar="NAME", help="A person's seat (repeat for each).")
@click.option("--computer", "computers", multiple=True, metavar="LEVEL", help="A computer seat: " + ", ".join(LEVELS) + ".")
@click.option("--seed", type=int, callback=check_seed, metavar="N", help="Seed for the shuffle, to replay a game exactly.")
@click.option("--dictionary", default="default", show_default=True, metavar="NAME|PATH", help=DICTIONARY_HELP)
@click.option("--strict", is_flag=True, help="Refuse words not in the list instead of waiting for a challenge.")
@click.pass_context
def play(ctx: click.Context, game: str, players, computers, seed, dictionary: str, strict: bool) -> None:
    """Play GAME. Game options follow, e.g. --rounds 3 --nasty (see `wordcards rules GAME`)."""
    spec = spec_or_fail(game)
    options = parse_game_options(spec, ctx.args)
    precheck_dictionary(dictionary, spec)
    seats = seats_from(players, computers)
    check_setup(spec, seats, options)
    run_app(spec.name, seats=seats or None, options=options, seed=seed, dictionary=dictionary, strict=strict)


@cli.command()
@click.argument("savefile", required=False, type=click.Path(path_type=Path))
@click.option("--dictionary", metavar="NAME|PATH",
              help=f"Another word list than the one the game was saved with ({', '.join(LIST_NAMES)}, or a file).")
@click.option("--list", "listing", is_flag=True, help="List the unfinished games, the newest first, and play none.")
def resume(savefile: Path | None, dictionary: str | None, listing: bool) -> None:
    """Continue the last unfinished game, or the one in SAVEFILE."""
    if listing:
        if savefile is not None or dictionary is not None:
            fail("--list lists the unfinished games and plays none: give it no SAVEFILE or --dictionary")
        list_unfinished()
        return
    match = saved_match(savefile, dictionary, claim=True)
    run_app(match.spec.name, match=match)


def list_unfinished() -> None:
    """Each unfinished game a line: when it was saved, the game, its seats, its moves, and its file."""
    from wordcards.core import saves

    need_saves_folder()
    skipped: list[str] = []
    found = list(saves.unfinished(skipped, skip_open=False))
    folder = printable(str(saves.saves_dir()))
    passed_over = f" ({len(skipped)} other files there are not games to resume)" if skipped else ""
    if not found:
        click.echo(f"No unfinished game in {folder}{passed_over}.")
        return
    click.echo(f"Unfinished games in {folder}, the newest first{passed_over}:")
    width = max(len(path.name) for path, _ in found)
    for path, data in found:
        try:
            title = find_game(data["game"]).title
        except WordcardsError:
            title = data["game"]
        try:
            when = time.strftime("%d %b %H:%M", time.localtime(path.stat().st_mtime))
        except OSError:  # gone since it was read
            continue
        seats = ", ".join(str(seat.get("name", "?")) for seat in data["seats"] if isinstance(seat, dict))
        held = " · open elsewhere" if saves.holder(path) else ""
        click.echo(printable(f"  {path.name:<{width}}  {when}  {title}: {seats} · {len(data['moves'])} moves{held}"))
    click.echo("`wordcards resume FILE` goes on with one (its name as listed is enough); `wordcards resume`, the "
               "newest.")


SKIPPED_SHOWN = 5
"""The files a bare ``resume`` names as passed over; the rest are counted."""


def saved_match(savefile: Path | None, dictionary: str | None = None, claim: bool = False) -> Match:
    """The game in SAVEFILE, or the last unfinished one; a usage error when there is none or it cannot be read.

    ``claim``: this process will play it, so no other copy of wordcards may have it open (``Match.claim``)."""
    from wordcards.core import saves
    from wordcards.core.match import Match

    if savefile is None:
        need_saves_folder()  # as `play` does: a folder that cannot be used is one line
    elif not savefile.exists() and savefile.parent == Path(".") and (saves.saves_dir() / savefile).exists():
        savefile = saves.saves_dir() / savefile  # a name as `resume --list` shows it
    skipped: list[str] = []
    path = savefile or saves.latest(skipped, skip_open=claim)
    for reason in skipped[:SKIPPED_SHOWN]:
        say(f"skipped: {reason}")
    if len(skipped) > SKIPPED_SHOWN:
        say(f"skipped {len(skipped) - SKIPPED_SHOWN} more files that are not games to resume")
    if path is None:
        open_elsewhere = any(saves.OPEN_ELSEWHERE in reason for reason in skipped)
        fail(f"no unfinished game in {saves.saves_dir()}" + (" that is not open elsewhere" if open_elsewhere else ""))
    try:
        match = Match.load(path, dictionary)
        if claim:
            match.claim()
    except WordcardsError as exc:
        fail(str(exc))
    return match


@cli.command()
@click.argument("savefile", required=False, type=click.Path(path_type=Path))
@click.option("--level", default=HINT_LEVEL, show_default=True, help="Whose advice: " + ", ".join(LEVELS) + ".")
def hint(savefile: Path | None, level: str) -> None:
    """Suggest a move for the person to move in the last unfinished game, or the one in SAVEFILE.

    The first line is the move as `wordcards` writes moves (for scripts); the next says it in a player's words,
    and the last what it would do.
    """
    from wordcards.core.hints import NoHint, challenge_open, suggest

    check_level(level)
    match = saved_match(savefile)
    seat = match.to_move
    if seat is not None and match.seats[seat].computer and not challenge_open(match):
        name = match.seats[seat].name
        fail(f"no hint: {name}, a computer player, is to move; `wordcards resume` plays on to a person's turn")
    try:
        advice = suggest(match, level)
    except NoHint as exc:
        fail(f"no hint: {exc}")
    except WordcardsError as exc:
        fail(str(exc))
    click.echo(advice.notation)
    click.echo(advice.headline(match.spec.table_ui().say_move(advice.view, advice.move)))
    click.echo(advice.explanation(match.seats[advice.seat].name))


@cli.command()
@click.argument("savefile", type=click.Path(path_type=Path))
@click.option("--gcg", "gcg_file", metavar="FILE",
              help="Write the game as GCG (a two-player Scrabble Fluxx game) to FILE, or - for standard output, "
                   "instead of showing it.")
def replay(savefile: Path, gcg_file: str | None) -> None:
    """Replay the finished game in SAVEFILE move by move, every hand on show: ←/→ step, Home/End jump to the deal
    or the end."""
    from wordcards.core.replay import of_match

    try:  # the word list is not needed: a replay looks no word up, and the game's list may be gone
        match = saved_match(savefile, "default")
    except click.UsageError as exc:  # one line, as every refusal of a replay, with exit code 1
        raise click.ClickException(exc.message) from None
    if not match.is_over:
        raise click.ClickException(f"{savefile} is not finished: `wordcards resume` plays it on (hands stay private "
                                   "while a game is played)")
    try:
        game = of_match(match)
        if gcg_file is not None:
            write_gcg(game, gcg_file)
            return
    except WordcardsError as exc:
        raise click.ClickException(str(exc)) from None
    need_terminal()
    choose_colours(os.environ)
    from wordcards.tui.replay import ReplayApp

    app = ReplayApp(game)
    app.run()
    if app.return_code:  # the app stopped on an error it did not foresee, and has said so
        sys.exit(70)


def write_gcg(game: Replay, where: str) -> None:
    """The game as GCG, to the file ``where`` (``-``: standard output); a ReplayError if GCG cannot hold it."""
    from wordcards.games.scrabble_fluxx.gcg import gcg

    text = gcg(game)
    if where == "-":
        click.echo(text, nl=False)
        return
    try:
        Path(where).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise click.ClickException(f"cannot write {where}: {exc.strerror or exc}") from None


@cli.command()
@click.argument("game")
def rules(game: str) -> None:
    """Print the rules of GAME as this program applies them."""
    from wordcards.core.lexicon import ABOUT_THE_LISTS

    text = "\n\n".join((spec_or_fail(game).rules_text.rstrip(), levels_text(), ABOUT_THE_LISTS))
    if sys.stdout.isatty():
        from rich.console import Console
        from rich.markdown import Markdown

        Console().print(Markdown(text))
    else:
        click.echo(plain_markdown(text))


def plain_markdown(text: str, width: int = 80) -> str:
    """Markdown rendered as plain text for a pipe or a file: headings, lists and tables laid out, ``**`` and ``|---|``
    gone, lines wrapped at ``width`` between words, no colour codes."""
    import io

    from rich.console import Console
    from rich.markdown import Markdown

    out = io.StringIO()
    Console(file=out, width=width, color_system=None, force_terminal=False, highlight=False).print(Markdown(text))
    return "\n".join(line.rstrip() for line in out.getvalue().splitlines())


@cli.command()
@click.argument("words", nargs=-1, required=True)
@click.option("--dictionary", default="default", show_default=True, metavar="NAME|PATH", help=DICTIONARY_HELP)
def check(words: tuple[str, ...], dictionary: str) -> None:
    """Say whether the word list accepts each WORD (exit 0 if all are accepted, 1 if not)."""
    from wordcards.core import lexicon

    try:
        words_list = lexicon.load(dictionary)
    except WordcardsError as exc:
        fail(str(exc))
        return
    note = lexicon.load_note(words_list)
    if note:
        say(note)
    ok = True
    for word in words:
        accepted = word.lower() in words_list
        ok &= accepted
        click.echo(f"{printable(word.upper())}: {'accepted' if accepted else 'not in the list'}")
    sys.exit(0 if ok else 1)


@cli.command()
@click.argument("words", nargs=-1, required=True)
def define(words: tuple[str, ...]) -> None:
    """Print a short definition of each WORD (exit 0 if every word has one, 1 if not)."""
    from wordcards.core.definitions import define as look_up, meaning_line

    for word in words:
        click.echo(printable(meaning_line(word)))
    sys.exit(0 if all(look_up(word) for word in words) else 1)


@contextmanager
def progress_bar(total: int, what: str) -> Iterator[Callable[[], None]]:
    """A Rich progress bar on stderr while it is a terminal (gone when done); nothing at all when it is not, so a
    report piped or redirected stays plain. Yields the function to call after each step."""
    if not sys.stderr.isatty():
        yield lambda: None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(what, total=total)
        yield lambda: progress.advance(task)


@cli.command(cls=GameCommand, context_settings=GAME_ARGS)
@click.argument("game")
@click.option("--players", type=click.IntRange(1, 12), default=2, show_default=True)
@click.option("--games", "count", type=click.IntRange(1, 100000), default=10, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game; the others follow.")
@click.option("--level", default="hard", show_default=True, help=", ".join(LEVELS) + ", or a mix like easy,hard.")
@click.option("--dictionary", default="default", show_default=True, metavar="NAME|PATH", help=DICTIONARY_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.pass_context
def sim(ctx: click.Context, game: str, players: int, count: int, seed: int, level: str, dictionary: str,
        as_json: bool) -> None:
    """Play computer-only games of GAME and report scores, speed and invariant checks."""
    from wordcards.core import sim as simulator

    spec = spec_or_fail(game)
    options = parse_game_options(spec, ctx.args)
    levels = level.split(",")
    for name in levels:
        check_level(name)
    precheck_dictionary(dictionary, spec)
    check_setup(spec, [Seat(str(n)) for n in range(players)], options)
    results, failures = [], []
    started = time.perf_counter()
    with progress_bar(count, f"{spec.title} games") as advance:
        for n in range(count):
            try:
                results.append(simulator.play_one(spec.name, players, seed + n, levels, options, dictionary))
            except AssertionError as exc:
                failures.append(f"seed {seed + n}: {exc}")
            except WordcardsError as exc:
                fail(str(exc))
            advance()
    report = simulator.summarise(spec.name, players, results, time.perf_counter() - started, failures)
    if as_json:
        click.echo(json.dumps(report, indent=1))
    else:
        click.echo(f"{spec.title}: {report['games']} games, {players} players, level {level}")
        click.echo(f"  mean scores      {report['mean_scores']}   wins {report['wins']}")
        click.echo(f"  moves per game   {report['moves_per_game']}")
        click.echo(f"  ms per move      median {report['move_ms_median']}  p95 {report['move_ms_p95']}"
                   f"  max {report['move_ms_max']}")
        click.echo(f"  games per second {report['games_per_second']}")
        click.echo(f"  invariant checks {report['invariant_checks']}, failures {len(failures)}")
        for line in failures:
            click.echo(f"  FAILED {line}")
    sys.exit(1 if failures else 0)


class Seconds(click.FloatRange):
    """Seconds within a range; ``nan`` is refused too (every comparison with it is false, so it is in every range)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        seconds = super().convert(value, param, ctx)
        if not math.isfinite(seconds):
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        return seconds


class JoinCode(click.ParamType):
    name = "code"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from wordcards.host.server import plain

        if not isinstance(value, str) or len(plain(value)) < 6:
            self.fail("a join code needs at least 6 letters or digits", param, ctx)
        return value


WAIT, TAKEOVER, JOIN_CODE = Seconds(5, 3600), Seconds(0, 86400), JoinCode()
CHANGE_THE_GAME = {"people", "computers", "seed", "strict"}
"""``host``'s options that a resumed game cannot take: it keeps its own."""


def saved_setting(value: Any, kind: click.ParamType) -> Any:
    """A hosted table's setting from its save, if it is still a good one; None (the default) if not."""
    try:
        return None if value is None else kind.convert(value, None, None)
    except (click.BadParameter, TypeError):  # TypeError: not even a number or a text (a list, say)
        return None


def saved_to_host(ctx: click.Context, game: str | None, resume_file: str, dictionary: str) -> Match:
    """The saved game ``host --resume`` hosts again; a usage error if it is over, or if the command line would
    change it: it keeps its own options (another word list may replace its own, as for ``resume``)."""
    if game is not None and resume_file == "latest":  # `host --resume FILE`: click read FILE as GAME
        resume_file, game = game, None
    given = [param.opts[0] for param in ctx.command.params
             if param.name in CHANGE_THE_GAME and ctx.get_parameter_source(param.name) is ParameterSource.COMMANDLINE]
    given += [word for word in ctx.args if word.startswith("-")] + ([game] if game else [])
    if given or ctx.args:
        fail(f"a resumed game keeps its own options: leave out {', '.join(given or ctx.args)}")
    other_list = ctx.get_parameter_source("dictionary") is ParameterSource.COMMANDLINE
    match = saved_match(None if resume_file == "latest" else Path(resume_file), dictionary if other_list else None,
                        claim=True)
    if match.is_over:
        fail(f"that game is over: {match.save_path}")
    return match


WEB_OPTIONS = [
    click.option("--web", "web_port", type=click.IntRange(1, 65535), metavar="PORT",
                 help="Also serve it to web browsers on PORT (a page and a websocket, from this process)."),
    click.option("--cert", type=click.Path(path_type=Path, exists=True, dir_okay=False),
                 help="With --web: serve HTTPS with this certificate (PEM; default: plain HTTP, for a LAN)."),
    click.option("--key", "cert_key", type=click.Path(path_type=Path, exists=True, dir_okay=False),
                 help="With --cert: its private key (PEM), if not in the certificate's file."),
]


def web_options(command: Any) -> Any:
    """The browser door's options, for ``host`` and ``club``."""
    for option in reversed(WEB_OPTIONS):
        command = option(command)
    return command


def doors(authorized_keys: Path | None, port: int | None, cert: Path | None, key: Path | None) -> Any:
    """The doors' settings, checked (``host`` and ``club``): the listed keys readable, and the browser door's
    (``host.run.Web``), or None; a usage error for --cert or --key without --web."""
    from wordcards.host.run import Web, check_keys

    if authorized_keys is not None:
        try:
            check_keys(authorized_keys)
        except ValueError as exc:
            fail(str(exc))

    if port is None:
        if cert is not None or key is not None:
            fail("--cert and --key are for the browser door: give --web PORT too")
        return None
    if key is not None and cert is None:
        fail("--key goes with --cert")
    return Web(port, cert, key)


@cli.command(cls=GameCommand, context_settings=GAME_ARGS)
@click.argument("game", required=False)
@click.option("--port", type=click.IntRange(1, 65535), default=2222, show_default=True)
@click.option("--bind", default="", metavar="ADDR", help="The address to listen on (default: every one this machine has).")
@click.option("--code", type=JOIN_CODE,
              help="The join code players type as their password (default: a new random one, or a resumed game's).")
@click.option("--seats", "people", type=click.IntRange(1, 12), default=2, show_default=True,
              help="How many people play: the first names to connect take the seats.")
@click.option("--computer", "computers", multiple=True, metavar="LEVEL", help="A computer seat: " + ", ".join(LEVELS) + ".")
@click.option("--seed", type=int, callback=check_seed, metavar="N", help="Seed for the shuffle.")
@click.option("--dictionary", default="default", show_default=True, metavar="NAME|PATH", help=DICTIONARY_HELP)
@click.option("--strict", is_flag=True, help="Refuse words not in the list instead of waiting for a challenge.")
@click.option("--authorized-keys", type=click.Path(path_type=Path, exists=True, dir_okay=False),
              help="An authorized_keys file: these keys may join without the code.")
@click.option("--takeover", type=TAKEOVER, metavar="SECONDS",
              help="A computer player plays for someone disconnected this long (default: wait for them).")
@click.option("--wait", type=WAIT, metavar="SECONDS",
              help="A challenge window or a round's scores wait this long for each person, with a countdown, then "
                   "play goes on without them (default: wait for everyone).")
@click.option("--resume", "resume_file", is_flag=False, flag_value="latest", metavar="[SAVEFILE]",
              help="Host a saved game again (the last unfinished one, or SAVEFILE).")
@click.option("--database", metavar="PATH|URL",
              help="The club's record of the games, their seats and every move, and of the names keys claimed "
                   "(default: club.sqlite beside the saves).")
@web_options
@click.pass_context
def host(ctx: click.Context, game: str | None, port: int, bind: str, code: str | None, people: int, computers,
         seed, dictionary: str, strict: bool, authorized_keys: Path | None, takeover: float | None,
         wait: float | None, resume_file: str | None, database: str | None, web_port: int | None,
         cert: Path | None, cert_key: Path | None) -> None:
    """Host GAME over SSH: every player joins from their own terminal with `ssh -p PORT NAME@HOST`.

    Game options follow, as for `play`.
    """
    import asyncio

    from wordcards.club.record import Record
    from wordcards.club.scribe import Scribe
    from wordcards.core import saves
    from wordcards.core.errors import RecordError
    from wordcards.host.game import HostedGame, Setup
    from wordcards.host.run import Reporter, host as run_host
    from wordcards.host.server import new_code

    web = doors(authorized_keys, web_port, cert, cert_key)
    need_saves_folder()
    match, setup = None, None
    if resume_file is not None:
        match = saved_to_host(ctx, game, resume_file, dictionary)
        # The table as it was saved, but for what this command line sets anew.
        wait = wait if wait is not None else saved_setting(match.table.get("wait"), WAIT)
        takeover = takeover if takeover is not None else saved_setting(match.table.get("takeover"), TAKEOVER)
        code = code or saved_setting(match.table.get("code"), JOIN_CODE)
        kind, options = match.spec.name, match.options
    else:
        if game is None:
            fail("which game? wordcards host GAME (or --resume)")
        spec = spec_or_fail(game)
        options = parse_game_options(spec, ctx.args)
        precheck_dictionary(dictionary, spec)
        for level in computers:
            check_level(level)
        stand_ins = [Seat(f"Player {n + 1}") for n in range(people)]
        check_setup(spec, stand_ins + seats_from((), computers), options, hosted=True)
        setup = Setup(spec.name, people, tuple(computers), options, seed, dictionary, strict)
        kind = spec.name
    code = code or new_code()
    table = {"wait": wait, "takeover": takeover, "code": code}
    if match is not None:
        match.table = table
    try:
        record = Scribe(Record(database or saves.home() / "club.sqlite"), kind, options, match)
    except RecordError as exc:
        fail(str(exc))
    if match is not None:
        match.save()  # as the table is now, should the host stop before anyone moves
    hosted = HostedGame(setup, match, takeover=takeover, wait=wait, report=Reporter(), table=table, record=record)
    try:
        asyncio.run(run_host(hosted, code, bind, port, authorized_keys, web))
    except ValueError as exc:  # the port is taken, or the host key is unreadable
        fail(str(exc))


@cli.command()
@click.option("--port", type=click.IntRange(1, 65535), default=2222, show_default=True)
@click.option("--bind", default="", metavar="ADDR", help="The address to listen on (default: every one this machine has).")
@click.option("--code", type=JOIN_CODE,
              help="The club's code, the password of people without an SSH key (default: a new random one).")
@click.option("--database", metavar="PATH|URL",
              help="The club's record of people, tables, games and every move (default: club.sqlite beside the "
                   "saves).")
@click.option("--authorized-keys", type=click.Path(path_type=Path, exists=True, dir_okay=False),
              help="Only these SSH keys come in without the code (default: any key does, and claims its name).")
@click.option("--max-tables", type=click.IntRange(1, 1000), default=20, show_default=True,
              help="Tables open at once.")
@click.option("--max-people", type=click.IntRange(1, 5000), default=200, show_default=True,
              help="Terminals connected at once.")
@click.option("--dictionary", default="default", show_default=True, metavar="NAME|PATH", help=DICTIONARY_HELP)
@click.option("--takeover", type=TAKEOVER, metavar="SECONDS",
              help="A computer player plays for someone disconnected this long (default: wait for them).")
@click.option("--wait", type=WAIT, metavar="SECONDS",
              help="A challenge window or a round's scores wait this long for each person (default: for everyone).")
@web_options
def club(port: int, bind: str, code: str | None, database: str | None, authorized_keys: Path | None,
         max_tables: int, max_people: int, dictionary: str, takeover: float | None, wait: float | None,
         web_port: int | None, cert: Path | None, cert_key: Path | None) -> None:
    """Run a club over SSH: a lobby, and tables of any game that people open, play at and watch.

    People join with `ssh -p PORT NAME@HOST`. A name is claimed by the first SSH key that uses it; people without
    a key give the club's code. Every game is recorded; a club stopped (or killed) brings its tables back when it
    starts again.
    """
    import asyncio

    from wordcards.club.lobby import Club, Limits
    from wordcards.club.record import Record
    from wordcards.core import saves
    from wordcards.core.errors import RecordError
    from wordcards.host.run import Reporter, club as run_club
    from wordcards.host.server import new_code

    web = doors(authorized_keys, web_port, cert, cert_key)
    precheck_dictionary(dictionary)
    need_saves_folder()
    try:
        shared = database is not None and "://" in database and not database.startswith("sqlite")
        # On a shared server each club brings back its own tables; a SQLite file is one club's (its name may change)
        record = Record(database or saves.home() / "club.sqlite",
                        owner=f"{socket.gethostname()}:{port}" if shared else None)
    except RecordError as exc:
        fail(str(exc))
    members = Club(Reporter(), record, dictionary=dictionary, limits=Limits(max_tables, max_people),
                   takeover=takeover, wait=wait)
    try:
        asyncio.run(run_club(members, code or new_code(), bind, port, authorized_keys, web))
    except ValueError as exc:  # the port is taken, or the host key is unreadable
        fail(str(exc))


@cli.command()
def games() -> None:
    """List the games."""
    try:
        found = all_games()
    except WordcardsError as exc:
        fail(str(exc))
    for spec in found:
        low, high = spec.players
        click.echo(f"{spec.name:15} {spec.title:15} {low}-{high} players  {spec.summary}")
