"""The review: step through a game action by action, as the reviewing seat saw it, with the computer's eye.

Left/right step (Home/End: first/last), ``t`` jumps to a turn, ``a`` starts or stops the analysis
(a background thread; progress in the status; each judgement is stored in the save as it comes, so it
is done once), ``m`` jumps to the next marked decision, ``h`` shows every hand once the game is over,
``e`` writes the text record and the engine notation beside the save, Esc goes back.
"""

from __future__ import annotations

import textwrap
import threading
from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, ProgressBar, Static
from textual.widgets.option_list import Option

import saves
from rules import review
from rules.games import GAMES, find_game
from tui import analysis
from tui.compat import Footer
from tui.games import ui_for
from tui.host import HoldsAGame, host
from tui.screens.decks import AsksNames
from tui.session import GameSession
from tui.wording import reader

CSS = str(Path(__file__).with_name("review.tcss"))
ROW_WIDTH = 28  # the action list is 34 columns: its borders, padding and scroll bar take 6
EYE_GAMES = f"The computer's eye reads {', '.join(g.title for g in GAMES if g.eye)} games."


class ReviewScreen(AsksNames, HoldsAGame, Screen[Any]):
    CSS_PATH = CSS
    BINDINGS = [
        # short words: the Footer holds every shown key and Esc last at 80 columns ("esc Bac" once)
        Binding("left,h", "step(-1)", "Prev", key_display="<-", id="review.step-back"),
        Binding("right,l", "step(1)", "Next", key_display="->", id="review.step-on"),
        Binding("home", "go(0)", "First", show=False, id="review.go-first"),
        Binding("end", "go(-1)", "Last", show=False, id="review.go-last"),
        Binding("a", "analyse", "Analyse", id="review.analyse"),
        Binding("m", "next_mark", "Mark", id="review.next-mark"),
        Binding("t", "turn", "Turn", priority=True, id="review.turn"),  # what is typed after it goes into the dialog
        Binding("H", "hands", "Hands", show=False, id="review.hands"),
        Binding("e", "export", "Export", id="review.export"),
        Binding("escape,q", "back", "Back", id="review.back"),
    ]

    def __init__(self, session: GameSession, seat: int | None = None):
        super().__init__()
        self.session = session
        extra_seat = session.meta.extra.pop("review_seat", None)
        self.seat = (
            seat
            if seat is not None
            else (extra_seat if extra_seat in range(len(session.players)) else analysis.default_seat(session.meta))
        )
        # the one person at the keyboard is "You", as on the game screen; two people's game is reviewed by name (the
        # "you" of their game was whoever held the keyboard at the time)
        self.names = session.names if session.hot_seat else session.shown_names
        #: "your" when the reviewing seat is the person at the keyboard, else "Ann's"
        self.whose = "your" if self.names[self.seat] == "You" else f"{self.names[self.seat]}'s"
        self.steps, self.final = review.positions(session.game)
        self.index = 0
        self.show_hands = False
        self.info = find_game(session.game.name)
        self.ui = ui_for(session.game.name)  # only its review_board: no symbols that differ in ASCII
        self.judged = analysis.stored(session.meta, self.seat) if self.info.eye else {}
        self.total = len(review.decisions(self.steps, self.seat))
        self._halt = threading.Event()
        self._analysing = False

    def compose(self) -> ComposeResult:
        yield Static("", id="review-status", markup=False)
        with Horizontal(id="review-main"):
            with VerticalScroll(id="review-board-box"):
                yield Static("", id="review-board")
            yield OptionList(id="review-actions", markup=False)
        yield Static("", id="review-eye", markup=False)
        with Horizontal(id="review-progress-row"):
            yield Static("", id="review-progress-text", markup=False)
            yield ProgressBar(total=max(1, self.total), show_eta=False, id="review-progress")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.fill_actions()
        self.query_one("#review-progress", ProgressBar).update(progress=len(self.judged))
        done = len(self.judged)
        self.query_one("#review-progress-text", Static).update(
            f"Analysed {done}/{self.total}"
            if done >= self.total
            else f"Analysed {done}/{self.total}: a analyses the rest"
            if done
            else f"a: analyse {self.whose} {self.total} decisions"
        )
        self.show(len(self.steps) if self.session.game.is_over else 0)
        self.query_one("#review-actions", OptionList).focus()

    # --- the list of actions ---------------------------------------------------------------------
    def _row(self, i: int) -> str:
        """The action in words, as the text record says it, after its number and turn; its mark first."""
        if i == len(self.steps):
            return "End: " + review.result_line(self.final, self.names).removeprefix("Result: ")
        s = self.steps[i]
        j = self.judged.get(i)
        mark = f"{j.mark} " if j and j.mark else ""
        head = f"{i + 1:3} {mark}t{s.turn} "
        words = review.step_said(s, self.names, reader(self.names))
        return "\n".join(
            textwrap.wrap(head + words, ROW_WIDTH, subsequent_indent=" " * 4, max_lines=3, placeholder="...")
        )

    def fill_actions(self) -> None:
        ol = self.query_one("#review-actions", OptionList)
        keep = ol.highlighted
        ol.clear_options()
        ol.add_options([Option(Content(self._row(i))) for i in range(len(self.steps) + 1)])
        if keep is not None:
            ol.highlighted = keep

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_index != self.index:
            self.show(event.option_index, move_list=False)

    # --- one position --------------------------------------------------------------------------------
    def position(self, i: int) -> Any:
        return self.final if i >= len(self.steps) else self.steps[i].before

    def show(self, i: int, move_list: bool = True) -> None:
        n = len(self.steps)
        i = max(0, min(n, i))
        self.index = i
        g = self.position(i)
        every_hand = self.show_hands and self.session.game.is_over
        board = self.ui.review_board(g, self.seat, self.names, every_hand)
        if i < n:
            s = self.steps[i]
            board.append("\nNext: ", style="bold")
            board.append(review.step_words(s, self.names, reader(self.names)))
        self.query_one("#review-board", Static).update(board)
        turn = self.steps[i].turn if i < n else self.final.turn
        game = self.session.game
        seed = f", seed {game.seed}" if game.is_over else ""  # the deal is no secret once the game is over
        where = f"action {i + 1} of {n}" if i < n else f"the end ({n} actions{seed})"
        self.query_one("#review-status", Static).update(f"Review ({self.whose} view): {where}, turn {turn}")
        self.query_one("#review-eye", Static).update(self.eye_text(i))
        if move_list:
            ol = self.query_one("#review-actions", OptionList)
            if ol.highlighted != i:
                ol.highlighted = i

    def eye_text(self, i: int) -> str:
        if not self.info.eye:
            return EYE_GAMES
        j = self.judged.get(i)
        if j is None:
            if i < len(self.steps) and review.decisions(self.steps[i : i + 1], self.seat):
                return "Computer's eye: not analysed yet (a analyses the whole game)."
            if i < len(self.steps):
                return f"Computer's eye: not one of {self.whose} decisions."
            if not self.judged:
                return f"Computer's eye: not analysed yet (a analyses {self.whose} {self.total} decisions)."
            marked = sum(1 for x in self.judged.values() if x.mark)
            return f"Computer's eye: {marked} marked of {len(self.judged)} analysed decisions (m jumps to the next)."
        # with more than two players the eye weighs the seat against the leading opponent (rules.agents.redemption);
        # whose chance it is the status line says (a name would not leave room for the mark at 80 columns)
        chance = "chance v leader" if len(self.names) > 2 else "your chance" if self.whose == "your" else "chance"
        text = f"Computer's eye: {chance} {j.before:.0%} before, {j.after:.0%} after"
        if j.mark:
            text += f"  {j.mark} {review.MARK_WORDS[j.mark]} (-{j.loss:.0%})"
        if j.best != j.action and j.loss >= review.INACCURACY:
            best = review.said(
                self.steps[i].before, j.best, self.seat, own=True, names=self.names, you=reader(self.names)
            )
            text += f"\nIt preferred: {best}"
        return text

    # --- keys ------------------------------------------------------------------------------------------
    def action_step(self, d: int) -> None:
        self.show(self.index + d)

    def action_go(self, i: int) -> None:
        self.show(len(self.steps) if i < 0 else i)

    def action_next_mark(self) -> None:
        marked = sorted(k for k, j in self.judged.items() if j.mark)
        later = [k for k in marked if k > self.index] or marked
        if later:
            self.show(later[0])
        else:
            self.notify("No marked decisions" + ("" if self.judged else " yet: a analyses the game") + ".")

    def action_hands(self) -> None:
        if not self.session.game.is_over:
            self.notify("Every hand shows once the game is over.", severity="warning")
            return
        self.show_hands = not self.show_hands
        self.show(self.index)

    async def action_turn(self) -> None:
        def done(text: str | None) -> None:
            if not text:
                return
            try:
                n = int(text)
            except ValueError:
                self.notify(f"{text!r} is not a turn number.", severity="error")
                return
            for s in self.steps:
                if s.turn >= n:
                    self.show(s.index)
                    return
            self.show(len(self.steps))

        await self.ask_name("Jump to turn (a number)", "", done)

    def action_export(self) -> None:
        path = self.session.path
        if path is None:
            self.notify("This game has no save file to write beside.", severity="warning")
            return
        base = path.with_suffix("")
        try:
            saves.store.write_atomic(
                base.with_name(base.name + "-record.txt"),
                review.text_record(self.session.game, self.names, self.steps, reader(self.names)).encode(),
            )
            saves.store.write_atomic(
                base.with_name(base.name + "-notation.txt"), review.notation(self.session.game).encode()
            )
        except saves.SaveError as e:
            self.notify(str(e), severity="error")
            return
        self.notify(f"Wrote {base.name}-record.txt and {base.name}-notation.txt beside the save.")

    # --- the analysis in the background -----------------------------------------------------------------
    def action_analyse(self) -> None:
        if not self.info.eye:
            self.notify(EYE_GAMES, severity="warning")
            return
        if self._analysing:
            self._halt.set()
            self.notify("Stopping the analysis after this decision...")
            return
        if len(self.judged) >= self.total:
            self.notify("Every decision is analysed already.")
            return
        self._halt.clear()
        self._analysing = True
        self.run_worker(self._analyse, thread=True, exclusive=True, group="analysis")

    def _analyse(self) -> None:
        try:
            for n, total, j in analysis.run(self.steps, self.session.meta, self.seat, stop=self._halt.is_set):
                self.app.call_from_thread(self._judged, n, total, j)
        finally:
            self.app.call_from_thread(self._finished)

    def _judged(self, n: int, total: int, j: review.Judgement) -> None:
        self.judged[j.index] = j
        self.query_one("#review-progress", ProgressBar).update(total=total, progress=len(self.judged))
        self.query_one("#review-progress-text", Static).update(f"Analysing: {len(self.judged)}/{total} (a stops)")
        ol = self.query_one("#review-actions", OptionList)
        ol.replace_option_prompt_at_index(j.index, Content(self._row(j.index)))
        if j.index == self.index:
            self.query_one("#review-eye", Static).update(self.eye_text(self.index))

    def _finished(self) -> None:
        self._analysing = False
        try:
            self.session.autosave(played=False)  # a look back: not a game played now
        except saves.SaveError as e:
            self.notify(str(e), title="Analysis not saved", severity="error")
        marked = sum(1 for j in self.judged.values() if j.mark)
        done = len(self.judged) >= self.total
        self.query_one("#review-progress-text", Static).update(
            f"Analysed {len(self.judged)}/{self.total}: {marked} marked" + ("" if done else " (a goes on)")
        )
        self.query_one("#review-eye", Static).update(self.eye_text(self.index))

    def stop_analysis(self) -> None:
        self._halt.set()

    def action_back(self) -> None:
        self.stop_analysis()
        if len(self.app.screen_stack) > 2 or not host(self).start_review:
            self.dismiss()
        else:
            self.app.exit()

    def on_unmount(self) -> None:
        self._halt.set()
