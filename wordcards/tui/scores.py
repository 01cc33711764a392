"""Scores: the score sheet (F2), a round's summary, and the game-over screen with each person's missed chances."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Literal

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from wordcards.core.common import ScoreLine, leaders, sheet_totals
from wordcards.core.definitions import meaning_line
from wordcards.tui.challenge import open_challenge
from wordcards.tui.screens import ChooseScreen, FollowsGame, OptionsScreen, WatchesSize
from wordcards.tui.widgets import KeyBar, SharedLines, relayout_if_taller_or_shorter

if TYPE_CHECKING:
    from wordcards.tui.seating import NextGame
    from wordcards.tui.table import GameTable


def show_scores(table: GameTable) -> None:
    """A round's summary or the game-over screen, once for each round's end, and again when a late challenge changes
    its scores: in place if it is still open, or shown anew to those who had closed it."""
    view = table.view()
    key = (view.round, view.phase, view.sheet)  # the lines, not their number: a struck word's rescoring may keep it
    if table.shown_summary == key:
        return
    first = table.shown_summary is None or table.shown_summary[:2] != key[:2]
    table.shown_summary = key
    seating = table.seating
    if seating.covers_after_a_dialog and first:
        table.hide_private()
    names = table.names
    totals = sheet_totals(list(view.sheet), len(names))
    winners = " and ".join(names[i] for i in leaders(totals))
    headline = table.ui.headline(view, winners, max(totals), table.referee.ending or "")
    extra = table.ui.summary_extra(view)
    over = view.phase == "game-over"
    lines = list(view.sheet) if over else [line for line in view.sheet if line.round == view.round]
    open_now = table.summary
    if open_now is not None and open_now in table.app.screen_stack and not first:
        open_now.show(headline, lines, totals, extra)
        return
    here = set(seating.people_here())
    challenge = Late(lambda: any(s in here for s in table.referee.next().challengers), lambda: open_challenge(table))
    screen: SummaryScreen
    if over:
        table.drop_summary()  # no round comes after
        look_back = (lambda: missed_chances(table)) if seating.people_here() else None
        screen = GameOverScreen(headline, lines, names, "Game over — every score", extra=extra, challenge=challenge,
                                look_back=look_back, again=seating.play_again, next_game=seating.next_game())
    else:
        title = f"Round {view.round}"
        kept = table.kept_summary
        if kept is not None and kept not in table.app.screen_stack:
            kept.show_round(headline, lines, title, totals, extra, challenge)
            screen = kept
        else:
            screen = SummaryScreen(headline, lines, names, title, totals, extra, challenge, table.loop.wait_left,
                                   deals=not seating.read_only)
            if kept is None:  # one still open from the round before is left as it is
                table.keep_summary(screen)
    table.summary = screen

    def closed(how: Closed | None) -> None:
        table.summary = None
        if how != "moved on":
            seating.scores_read(table, how == "again")

    table.app.push_screen(screen, closed)


@dataclass(frozen=True)
class Late:
    """A late challenge from a summary (Quiddler's words stand open until the next deal): whether the people at this
    screen may make one now, and how."""

    possible: Callable[[], bool]
    start: Callable[[], None]


def missed_chances(table: GameTable) -> RenderableType:
    """Each person's three moves that scored least against a *hard* player's best, for the game-over screen; a line
    too long for the screen goes on at its own indent."""
    from wordcards.core.hints import missed_chances as look_back

    lines: list[RenderableType] = []

    def line(text: str, style: str = "") -> None:
        body = text.lstrip(" ")
        lines.append(Padding(Text(body, style), (0, 0, 0, len(text) - len(body))))

    for seat in table.seating.people_here():
        chances = look_back(table.match, seat)
        if chances is None:  # the same for every seat: the game's way of scoring
            return Text("Missed chances are not shown: this game scores at the end of a round, not move by move.",
                        "dim")
        line(f"{table.names[seat]}'s biggest missed chances", "bold")
        if not chances:
            line("  none: no move scored less at once than a hard player's would have", "dim")
        for chance in chances or ():
            played, best = chance.lines()
            line(f"  {played}")
            line(f"  {best}", "dim")
            for word in chance.best.words:
                line(f"      {meaning_line(word)}", "dim italic")
    return Group(*lines)


def sheet_table(lines: list[ScoreLine], names: list[str], title: str = "Score sheet") -> Table:
    """Every score line by player, with how it was made and the running total."""
    table = Table(title=title, expand=True, show_edge=False, pad_edge=False)
    table.add_column("Player", no_wrap=True, max_width=14)
    table.add_column("Rd", justify="right", width=2)
    table.add_column("Score", ratio=1)
    table.add_column("Points", justify="right")
    table.add_column("Total", justify="right")
    for seat, name in enumerate(names):
        total = 0
        rows = [line for line in lines if line.seat == seat]
        for i, line in enumerate(rows):
            total += line.points
            table.add_row(Text(name if i == 0 else ""), str(line.round), Text(str(line)), f"{line.points:+d}",
                          str(total), end_section=i == len(rows) - 1)
        if not rows:
            table.add_row(Text(name), "", Text("no score yet", "dim"), "", "0", end_section=True)
    return table


def standings(lines: list[ScoreLine], names: list[str], totals: list[int]) -> Table:
    """This round's points and the running game total for each player, highest total first."""
    table = Table(expand=False, show_edge=False, pad_edge=False, box=None)
    table.add_column("Player", no_wrap=True)
    table.add_column("This round", justify="right")
    table.add_column("Game total", justify="right", style="bold")
    round_points = sheet_totals(lines, len(names))
    for seat in sorted(range(len(names)), key=lambda s: -totals[s]):
        table.add_row(Text(names[seat]), f"{round_points[seat]:+d}", str(totals[seat]))
    return table


class SheetScreen(FollowsGame, WatchesSize[None], ModalScreen[None]):
    """The score sheet: each entry's breakdown, such as ``FEZ ★ (15 ×2 flush ×4 flush-star) = 120``. It follows
    the game: a score made while it is open (a round's end, a challenge's penalty) joins it."""

    BINDINGS = [Binding("escape,enter,equals_sign,f2", "close", "Back")]

    def __init__(self, sheet: Callable[[], list[ScoreLine]], names: list[str],
                 waiting: Callable[[], str] = lambda: "") -> None:
        super().__init__()
        self.sheet = sheet
        """The game's score lines as they are now."""
        self.names = names
        self.lines = sheet()
        self.waiting = waiting

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="sheet-box"):
            yield Static(sheet_table(self.lines, self.names, title=""), id="sheet-lines")
        yield KeyBar()

    def on_mount(self) -> None:
        self.title_box(self.query_one("#sheet-box"), "Score sheet")

    def show_news(self) -> None:
        if not self.is_mounted:
            return
        self.title_box(self.query_one("#sheet-box"), "Score sheet")
        lines = self.sheet()
        if lines != self.lines:
            self.lines = lines
            self.query_one("#sheet-lines", Static).update(sheet_table(lines, self.names, title=""))

    def action_close(self) -> None:
        self.dismiss(None)


Closed = Literal["next", "again", "leave", "moved on"]
"""How a summary screen closed: deal the next round, a new game with the same seats, leave, or the game went on
without this screen (a hosted game's wait ran out)."""


class SummaryScreen(WatchesSize[Closed]):
    """End of a round: how it ended and every score broken down. Enter deals the next round; ``c`` challenges a word
    that may still be challenged."""

    BINDINGS = [Binding("enter", "close", "Deal next round"), Binding("enter", "look_away", "Close"),
                Binding("c", "challenge", "Challenge a word"),
                Binding("pagedown,space", "page(1)", "More", key_display="PgDn", priority=True),
                Binding("pageup", "page(-1)", "Back", key_display="PgUp", priority=True)]

    def __init__(self, headline: str, lines: list[ScoreLine], names: list[str], title: str,
                 totals: list[int] | None = None, extra=None, challenge: Late | None = None,
                 wait_left: Callable[[], float | None] = lambda: None, deals: bool = True) -> None:
        super().__init__()
        self.headline = headline
        self.deals = deals
        """Enter here deals the next round (once the others are ready); a spectator's Enter only closes it."""
        self.wait_left = wait_left
        """Seconds before the next round is dealt without this screen's person (a hosted ``--wait``), or None."""
        self.extra = extra
        """A renderable shown before the score lines (Word Whiz's word table), or None."""
        self.names = names
        self.sheet_title = title
        self.lines = lines
        self.totals = totals
        self.challenge = challenge

    def compose(self) -> ComposeResult:
        yield Static(Text(self.headline, "bold"), id="summary-headline")
        with VerticalScroll(id="summary-box"):
            if self.totals:
                yield SharedLines(*self.drawn_standings(), id="standings")
            yield from self.after_standings()
            if self.extra is not None:
                yield Static(self.extra, id="summary-extra")
            yield SharedLines(*self.drawn_sheet(), id="summary-sheet")
        yield KeyBar()

    def drawn_sheet(self) -> tuple[Table, tuple]:
        """The score lines, and what names them for ``SharedLines`` (every screen at a table draws the same)."""
        return (sheet_table(self.lines, self.names, self.sheet_title),
                (tuple(self.lines), tuple(self.names), self.sheet_title))

    def drawn_standings(self) -> tuple[Table, tuple]:
        assert self.totals
        return (standings(self.lines, self.names, self.totals),
                (tuple(self.lines), tuple(self.names), tuple(self.totals)))

    def show(self, headline: str, lines: list[ScoreLine], totals: list[int], extra=None) -> None:
        """The scores changed (a late challenge while on show, or another round's end): show them as they are now."""
        self.headline = headline
        self.show_headline()
        self.lines = lines
        self.query_one("#summary-sheet", SharedLines).show(*self.drawn_sheet())
        if self.totals:
            self.totals = totals
            self.query_one("#standings", SharedLines).show(*self.drawn_standings())
        if extra is not None and self.extra is not None:
            self.extra = extra
            self.query_one("#summary-extra", Static).update(extra)
        self.refresh_bindings()

    def show_round(self, headline: str, lines: list[ScoreLine], title: str, totals: list[int], extra,
                   challenge: Late | None) -> None:
        """Show another round's end (the screen is kept for the next: one composed anew lays out and draws the whole
        screen three times, on every screen at a hosted table)."""
        self.sheet_title, self.challenge = title, challenge
        self.show(headline, lines, totals, extra)
        self.query_one("#summary-box", VerticalScroll).scroll_home(animate=False)

    def after_standings(self) -> ComposeResult:
        """Hook: what follows the standings."""
        return ()

    def on_mount(self) -> None:
        # PgUp/PgDn show only where the page runs on, however it scrolled (the box's own keys, the mouse wheel) and
        # whatever its length (another round's, on the kept screen; a late challenge's)
        box = self.query_one("#summary-box", VerticalScroll)
        for name in ("scroll_y", "virtual_size"):
            self.watch(box, name, lambda _: self.refresh_bindings())
        self.show_headline()
        self.ticker = self.set_interval(0.5, self.show_headline)

    def on_screen_suspend(self) -> None:
        if self not in self.app.screen_stack:  # closed, and kept for the next round (a dialog over it leaves it in)
            self.ticker.pause()

    def on_screen_resume(self) -> None:
        self.ticker.resume()

    headline_shown: Text | None = None

    def show_headline(self) -> None:
        """Draw the headline if it changed: it is asked twice a second (its countdown), and each redraw of a Static
        lays the whole screen out again, on every screen at a hosted table."""
        text = self.headline_text()
        if text != self.headline_shown:
            self.headline_shown = text
            headline = self.query_one("#summary-headline", Static)
            headline.update(text, layout=False)
            relayout_if_taller_or_shorter(headline)

    NEXT = (" The players deal the next; Enter closes this.", " Enter deals the next.")
    """What comes after a round's headline, by whether Enter here deals the next round (a spectator's does not)."""

    def headline_text(self) -> Text:
        """The headline, and the countdown to a deal that will not wait (a hosted ``--wait``)."""
        text = Text(self.headline + self.NEXT[self.deals], "bold")
        left = self.wait_left()
        if left is not None:
            text.append(f"  ⏳ the next round is dealt in {int(left + 0.99)} s", "bold reverse" if left <= 10 else "")
        return text

    def on_resize(self) -> None:
        self.call_after_refresh(self.refresh_bindings)

    def page_check(self, step: int) -> bool:
        """Whether PgDn (``step`` 1) or PgUp (-1) has somewhere to go: the footer shows only the one that does."""
        box = self.query_one("#summary-box", VerticalScroll)
        return box.scroll_y < box.max_scroll_y if step > 0 else box.scroll_y > 0

    def action_page(self, step: int) -> None:
        box = self.query_one("#summary-box", VerticalScroll)
        box.scroll_to(y=box.scroll_y + step * max(1, box.size.height - 1), animate=False)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "page":
            return self.page_check(parameters[0])
        if action == "challenge":
            return self.challenge is not None and self.challenge.possible()
        if action in ("close", "look_away"):
            return self.deals == (action == "close")
        return True

    def action_look_away(self) -> None:
        self.dismiss("moved on")  # nothing to tell the game: the players deal the next round

    def action_challenge(self) -> None:
        if self.challenge is not None and self.challenge.possible():
            self.challenge.start()

    def action_close(self) -> None:
        self.dismiss("next")


class GameOverScreen(SummaryScreen):
    """The end of the game: the winner, each person's biggest missed chances, and every score of every round.
    ``n`` plays again, same seats."""

    NEXT = ("", "")

    BINDINGS = [Binding("n", "again", "New game, same seats"), Binding("r", "rematch", "Rematch"),
                Binding("g", "another", "Another game"), Binding("s", "sit_in(True)", "Take a free seat"),
                Binding("s", "sit_in(False)", "Take a free seat", show=False),  # none is free: s says why
                Binding("q", "close", "Leave"), Binding("enter", "enter", "Leave", show=False)]

    def __init__(self, *args, look_back: Callable[[], RenderableType] | None = None, again: bool = True,
                 next_game: NextGame | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.look_back = look_back
        """What the people missed, worked out in a thread (it replays the game), or None with nobody to tell."""
        self.again = again
        """``n`` may start a new game (not in a hosted game: the host starts games)."""
        self.next_game = next_game
        """A hosted game's next game: a rematch, another game, a free seat (``r``, ``g``, ``s``)."""
        self.seat_was_free = False

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        offer = self.next_game
        if action == "again":
            return self.again
        if action == "rematch":
            return offer is not None and offer.sit_in is None
        if action == "another":
            return offer is not None and offer.choose is not None
        if action == "sit_in":  # shown while a seat is free; while none is, s still says why not
            return offer is not None and offer.sit_in is not None and offer.seat_free() == parameters[0]
        return super().check_action(action, parameters)

    def show_headline(self) -> None:
        super().show_headline()
        free = self.next_game is not None and self.next_game.seat_free()
        if free != self.seat_was_free:  # a player left: s takes their seat (the footer changes only then)
            self.seat_was_free = free
            self.refresh_bindings()

    def headline_text(self) -> Text:
        text = super().headline_text()
        if self.next_game is not None:  # what comes next, and who it waits for
            text.append(f"\n{self.next_game.news()}", "not bold")
        return text

    def answer(self, why: str | None) -> None:
        if why:
            self.notify(why, severity="warning", markup=False)
        self.show_headline()

    def action_rematch(self) -> None:
        if self.next_game is not None:
            self.answer(self.next_game.rematch())

    def action_sit_in(self, _: bool) -> None:
        if self.next_game is not None and self.next_game.sit_in is not None:
            self.answer(self.next_game.sit_in())

    def action_another(self) -> None:
        choose = self.next_game.choose if self.next_game is not None else None
        if choose is None:
            return
        from wordcards.core.registry import all_games, find_game

        games = [(spec.name, f"{spec.title} ({spec.players[0]}-{spec.players[1]} players)") for spec in all_games()]

        def with_options(game: str, options: dict | None) -> None:
            if options is not None:
                self.answer(choose(game, options))

        def chosen(game: str | None) -> None:
            if game:
                self.app.push_screen(OptionsScreen(find_game(game)), lambda options: with_options(game, options))

        self.app.push_screen(ChooseScreen("The next game", games), chosen)

    def after_standings(self) -> ComposeResult:
        if self.look_back is not None:
            yield Static(Text("Looking back for missed chances…", "dim"), id="missed")

    def on_mount(self) -> None:
        if self.look_back is not None:
            self.run_worker(self._look_back, thread=True, exit_on_error=False)

    def _look_back(self) -> None:
        assert self.look_back is not None
        text: RenderableType
        try:
            text = self.look_back()
        except Exception:  # a look back is a courtesy: the game is over and saved, so it must not stop the app
            text = Text("Missed chances could not be worked out.", "dim")
        self.app.call_from_thread(self.query_one("#missed", Static).update, text)

    def action_again(self) -> None:
        self.dismiss("again")

    def action_enter(self) -> None:
        """Enter leaves a game played here; at a shared host it only says how to leave, since after a whole game of
        'Enter: go on' it is pressed by reflex, and leaving would lose the rematch."""
        if self.next_game is None:
            self.action_close()
        else:
            self.notify("q leaves the table" + ("" if self.next_game.sit_in else "; r asks for a rematch"),
                        markup=False)

    def action_close(self) -> None:
        self.dismiss("leave")
