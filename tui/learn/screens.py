"""The lesson list and the lesson screen.

The lesson screen draws the position with the game's own pane texts (``tui.games``)
and the coach pane beside it; every key goes through :class:`rules.lessons.LessonRun`,
which checks it against the lesson step and the rules.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Group
from rich.padding import Padding
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

import saves
from rules.games import GAMES, title_of
from rules.lessons import Lesson, LessonError, LessonRun, lessons
from saves import progress as progress_store
from tui import keys
from tui.compat import Footer
from tui.controls import Controls, Legal, controls_for
from tui.games import ui_for
from tui.games.board import Board, BoardScreen, GameUI
from tui.host import host
from tui.learn.coach_pane import CoachPane
from tui.screens.number import ask_number
from tui.session import Frame
from tui.settings import Settings
from tui.widgets import CardList
from tui.wording import in_keys

NAMES = ["You", "Opponent"]
MARK = {"done": "[done]", "current": "[next]", "": "[    ]"}


def all_lessons() -> dict[str, tuple[Lesson, ...]]:
    """Each game's lessons; a game whose lessons cannot load shows none (the tests catch broken files)."""
    out = {}
    for info in GAMES:
        try:
            out[info.name] = lessons(info.name)
        except (LessonError, ModuleNotFoundError):
            out[info.name] = ()
    return out


class ProgressFile:
    """The learner's progress file, read once and written after every change; problems become notices."""

    def __init__(self, path: Path):
        self.path = path
        self.error = ""
        try:
            self.data = progress_store.load(path)
        except saves.SaveError as e:
            self.data, self.error = progress_store.Progress(), str(e)

    def write(self) -> str:
        try:
            progress_store.save(self.data, self.path)
        except saves.SaveError as e:
            return str(e)
        return ""

    def current(self, game: str, items: tuple[Lesson, ...]) -> str:
        """The lesson to do next: the one marked current, else the first not done."""
        gp = self.data.of(game)
        if gp.current and any(item.id == gp.current for item in items):
            return gp.current
        return next((item.id for item in items if item.id not in gp.done), "")


def progress_for(settings: Settings) -> ProgressFile:
    return ProgressFile(progress_store.progress_path(settings.save_dir, settings.player))


class LessonListScreen(Screen[Any]):
    DEFAULT_CSS = """
    LessonListScreen #learn-head { height: auto; padding: 0 1; }
    LessonListScreen #lesson-list { height: 1fr; border: round $secondary; }
    LessonListScreen #lesson-list:focus { border: heavy $accent; }
    """
    BINDINGS = [
        Binding("escape,q", "close", "Back", id="lessons.close"),
        Binding("r", "rules", "Rules", id="lessons.rules"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.lessons = all_lessons()
        self._last_seen: str | None = None  # the progress file's last lesson when the list was drawn

    def compose(self) -> ComposeResult:
        yield Static(
            Text.assemble(
                ("Learn to play", "bold"),
                "\nEach lesson sets up a position and the coach "
                "talks you through it. [done] lessons are finished; [next] is where you are.",
            ),
            id="learn-head",
        )
        yield OptionList(id="lesson-list")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.refresh_list()

    def on_screen_resume(self) -> None:
        self.refresh_list()

    def refresh_list(self) -> None:
        prog = progress_for(host(self).settings)
        if prog.error:
            self.notify(prog.error + " (starting from no progress)", title="Lesson progress", severity="warning")
        ol = self.query_one("#lesson-list", OptionList)
        keep = ol.highlighted_option.id if ol.highlighted_option else None
        ol.clear_options()
        first = None
        for game, items in self.lessons.items():
            done = sum(prog.data.is_done(game, item.id) for item in items)
            head = (
                f"{title_of(game)}: {done} of {len(items)} lessons done"
                if items
                else f"{title_of(game)}: lessons come with its rules engine"
            )
            ol.add_option(Option(Text(head, style="bold"), disabled=True))
            current = prog.current(game, items)
            if items:
                ol.add_option(
                    Option("       Guided game: play the computer (easy) with the coach on", id=f"{game}/+guided")
                )
            for n, item in enumerate(items, 1):
                status = "done" if prog.data.is_done(game, item.id) else ("current" if item.id == current else "")
                oid = f"{game}/{item.id}"
                # the goal under the title, indented on every line it wraps to (Text: "[next]" is not markup)
                label = Group(Text(f"{MARK[status]} {n}. {item.title}"), Padding(Text(item.goal), (0, 0, 0, 4)))
                ol.add_option(Option(label, id=oid))
                if status == "current" and first is None:
                    first = oid
        ids = {ol.get_option_at_index(i).id for i in range(ol.option_count)}
        # the lesson opened last (after a restart too, and after "next lesson"); else where the cursor was
        last = prog.data.last if prog.data.last in ids and prog.data.last != self._last_seen else None
        self._last_seen = prog.data.last
        target = last or keep or first
        for i in range(ol.option_count):
            if ol.get_option_at_index(i).id == target:
                ol.highlighted = i
                break
        ol.focus()

    def chosen(self) -> Lesson | None:
        option = self.query_one("#lesson-list", OptionList).highlighted_option
        if option is None or not option.id:
            return None
        game, _, lesson_id = option.id.partition("/")
        return next((item for item in self.lessons[game] if item.id == lesson_id), None)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id and event.option.id.endswith("/+guided"):
            self.guided_game(event.option.id.partition("/")[0])
            return
        lesson = self.chosen()
        if lesson is not None:
            self.app.push_screen(LessonScreen(lesson))

    def guided_game(self, game: str) -> None:
        """A real game against the computer at the easy level, saved like any other, with the coach pane on."""
        from tui.session import new_save_name

        folder = host(self).settings.save_dir
        try:
            session = host(self).new_session(game, vs="computer", level="easy")
            session.path = saves.save_path(new_save_name(game, folder), folder)
            session.meta.extra["coach"] = True
            session.autosave()
        except (saves.SaveError, ValueError) as e:
            self.notify(str(e), title="Could not start the game", severity="error")
            return
        self.app.push_screen(host(self).game_screen(session))

    def action_rules(self) -> None:
        from tui.learn.rules_screen import RulesScreen

        lesson = self.chosen()
        self.app.push_screen(RulesScreen(lesson.game if lesson else GAMES[0].name))

    def action_close(self) -> None:
        self.dismiss()


class LessonScreen(Screen[Any]):
    DEFAULT_CSS = """
    LessonScreen #lesson-head { height: auto; max-height: 3; padding: 0 1; background: $boost; }
    LessonScreen #lesson-board { width: 56%; }
    LessonScreen #lesson-board.-side-inside { width: 100%; }
    LessonScreen #lesson-board #field { width: 56%; }
    LessonScreen #lesson-board #battle { height: 1fr; min-height: 5; }
    LessonScreen #lesson-board > CardList { max-height: 7; }
    LessonScreen #prompt { dock: bottom; margin-bottom: 1; }
    """
    #: The play controls (tui.keys), the same keys as in a game; the hint is in the Footer here.
    BINDINGS = [
        *keys.picks(),
        *keys.bindings("next_pane", "previous_pane", "play", "pass", "end_phase", "next_lesson"),
        *keys.shown("hint"),
        *keys.bindings("rule", "help", "prompt", "leave", "cancel"),
    ]

    def __init__(self, lesson: Lesson):
        super().__init__()
        self.lesson = lesson
        self.run = LessonRun(lesson)
        self._ui: GameUI[Any] | None = (
            None  # the game's board and texts, made in compose (they follow the ASCII setting)
        )
        self.feedback: list[Text | str] = []
        self.progress: ProgressFile | None = None

    board: Board  # the game's board, made in compose

    # --- what the board asks of its screen (tui.games.board.BoardScreen) ----------------------------
    hold = ""  # a lesson is never held back
    shared = False

    @property
    def last_result(self) -> list[str]:
        return []  # a lesson keeps no history: no recap

    def since_your_move(self) -> list[str]:
        return []

    @property
    def hand(self) -> CardList:
        return self.board.hand

    @property
    def controls(self) -> Controls:
        """The lesson's game's keys over its actions (what its words' action fields say as keys)."""
        return controls_for(self.lesson.game)

    # --- layout -----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        self._ui = ui_for(self.lesson.game, host(self).settings.ascii)
        yield Static(id="lesson-head")
        pane = CoachPane(self.lesson.game)
        pane.describe = self.ui.describe
        with Horizontal():
            board = self.board = self.ui.board(id="lesson-board", side=(pane,))  # the same panes as the game screen
            board.set_class(board.SIDE_INSIDE, "-side-inside")
            yield board
            yield from board.beside()
        yield Input(
            placeholder=f"Type an action, e.g. {self.ui.typing_example} (Enter sends, Esc cancels)", id="prompt"
        )
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#prompt", Input).display = False
        self.progress = progress_for(host(self).settings)
        self.progress.data.start(self.lesson.game, self.lesson.id)
        self._write_progress()
        if self.lesson.intro:
            self.feedback = [Text(in_keys(self.lesson.intro, self.controls), style="italic")]
        self.refresh_view()
        self.hand.focus()

    def on_resize(self) -> None:
        self.refresh_view()  # the panes' texts fit their width, known once laid out (and again after a resize)

    def on_card_list_moved(self, event: CardList.Moved) -> None:
        self.refresh_board()  # the Field describes the card under the cursor, in any card pane

    def on_descendant_focus(self, event: Any) -> None:
        self.refresh_board()  # Tab to another pane: the Field describes the card under its cursor

    _frame: Frame | None = None

    def frame(self) -> Frame:
        """What the panes show now, worked out once per change of the lesson's game (as a game's session does)."""
        run = self.run
        mine = run.game.current_player == run.you and not run.finished
        f = self._frame
        if f is None or not f.shows(run.game, run.you, mine):
            f = self._frame = Frame.of(run.game, run.you, mine)
        return f

    def legal(self) -> Legal:
        """The legal actions the keys look up: the frame's on the learner's move, else the game's own."""
        f = self.frame()
        return f.legal if f.my_turn else self.run.game

    def refresh_board(self) -> None:
        """Redraw the game's panes (not the coach, which keeps where the player scrolled it). A finished lesson
        waits for nobody: the panes say no one is to move, and no card is usable."""
        run = self.run
        frame = self.frame()
        view = frame.view
        if run.finished:
            view = {**view, "current_player": None}
        names = NAMES if run.you == 0 else NAMES[::-1]
        self.ui.render(self, view, names, False, frame.usable, frame.my_turn)

    def refresh_view(self, hint: Any = None, rejected: Any = None) -> None:
        """Redraw everything: the head, the panes, and the coach, whose first lines say what to do now (the hint
        asked for, the step's instruction), so they show at 80x24 without scrolling."""
        run = self.run
        steps = len(self.lesson.steps)
        state = (
            f"complete: {keys.label('next')} for the next lesson"
            if run.finished
            else f"step {run.step_number} of {steps}"
        )
        self.query_one("#lesson-head", Static).update(
            Text.assemble((f"{self.lesson.title}", "bold"), f"  ({state})\nGoal: {self.lesson.goal}")
        )
        self.refresh_board()
        if run.finished:
            nxt = f"Press {keys.label('next')} for the next lesson, " if self.next_lesson() is not None else "Press "
            now = Text(f"Lesson complete. {nxt}{keys.label('leave')} to leave.", style="bold")
            advice = None
        else:
            step = run.step
            assert step is not None  # the lesson is not complete
            now = Text.assemble((f"Step {run.step_number} of {steps}: ", "bold"), in_keys(step.coach, self.controls))
            advice = run.advice(rejected)
        said = [Text.assemble("\n", item) if i == 0 else item for i, item in enumerate(x for x in self.feedback if x)]
        self.query_one(CoachPane).show(advice, [now, *said], hint)  # what the last move did, below what to do now
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """As in a game: n ends the phase while the lesson runs and goes on to the next lesson once it is done;
        keys the game never uses (Resurrection has no passing and no phases) are not shown."""
        finished = self.run.finished
        if action == "next_lesson":
            return (True if self.next_lesson() is not None else None) if finished else False
        if action in self.unused_actions:
            return False
        if action == "end_phase":
            return (
                False
                if finished
                else (True if self.frame().controls.end_phase_action(self.legal()) is not None else None)
            )
        if action == "pass":
            return (
                False if finished else (True if self.frame().controls.pass_action(self.legal()) is not None else None)
            )
        if action in ("play", "hint"):
            return False if finished else True  # nothing to play once the lesson is done
        return True

    # --- acting ---------------------------------------------------------------------------------
    def action_pick(self, n: int) -> None:
        hand = self.hand
        hand.focus()
        if not hand.select(n - 1):
            self.notify(f"You have no card {n} in hand.", severity="warning")

    def selected_card(self) -> str | None:
        """The card under the cursor of the focused card list (else the hand's); the game UIs ask for it."""
        focused = self.focused
        cards = focused if isinstance(focused, CardList) else self.hand
        return cards.selected

    def on_card_list_chosen(self, event: CardList.Chosen) -> None:
        """A click on the selected card: what Enter does on it."""
        event.cards.focus()
        self.action_play()

    def action_play(self) -> None:
        if self.run.finished:
            return
        card = self.selected_card()
        frame = self.frame()
        refusal = self.ui.refusal_text(frame.view, card) if card else ""
        ctl = frame.controls
        decision = ctl.enter_on_card(self.legal(), card, refusal)
        if decision.kind == "apply":
            self.attempt(decision.actions[0])
        elif decision.kind == "refuse":
            self.attempt(decision.text)
        elif decision.kind == "choose" and ctl.by_number(decision.actions):  # as in a game: a number, or r (random)
            names = NAMES if self.run.you == 0 else NAMES[::-1]
            ask_number(self, ctl, decision.actions, self.ui.number_question(frame.view, names), self.attempt)
        elif decision.kind == "choose":
            from tui.screens.choice import ChoiceScreen

            self.app.push_screen(
                ChoiceScreen([self.ui.describe(a) for a in decision.actions]),
                lambda i: self.attempt(decision.actions[i]) if i is not None else None,
            )
        else:
            self.notify("Pick a card first (1-9 or the arrow keys).", severity="warning")

    def action_pass(self) -> None:
        if not self.run.finished:
            self.attempt(self.frame().controls.sent(self.legal(), "pass"))

    def attempt(self, action: Any) -> None:
        fb = self.run.attempt(action)
        if fb.kind == "illegal":
            self.app.bell()
            self.feedback = [Text.assemble(("Not quite. ", "bold reverse"), fb.note)] if fb.note else []
            self.notify(in_keys(fb.text, self.controls).splitlines()[0], title="Not allowed", severity="error")
            self.refresh_view(rejected=fb.rejected)
            return
        if fb.kind == "mistake":
            self.feedback = [
                Text.assemble(
                    ("Not quite. ", "bold reverse"),
                    in_keys(fb.text, self.controls),
                    (f" [{fb.rule}]" if fb.rule else "", "dim"),
                )
            ]
            self.notify(in_keys(fb.text, self.controls), title="Try again", severity="warning")
        elif fb.kind == "step":
            self.feedback = [Text.assemble(("Well done. ", "bold"), in_keys(fb.text, self.controls))]
        elif fb.kind == "done":
            self.feedback = [Text.assemble(("Well done. ", "bold"), in_keys(fb.text, self.controls))]
            self.finish()
        else:  # a move inside an open step: the coach's "what just happened" says it all
            self.feedback = []
        self.refresh_view()

    def finish(self) -> None:
        nxt = self.next_lesson()
        assert self.progress is not None
        self.progress.data.finish(self.lesson.game, self.lesson.id, nxt.id if nxt else "")
        self._write_progress()
        more = f" Press {keys.label('next')} for the next one." if nxt else ""
        self.notify("Lesson complete." + more, title=self.lesson.title)

    def next_lesson(self) -> Lesson | None:
        items = all_lessons().get(self.lesson.game, ())
        ids = [item.id for item in items]
        i = ids.index(self.lesson.id) if self.lesson.id in ids else len(ids)
        return items[i + 1] if i + 1 < len(items) else None

    def _write_progress(self) -> None:
        if self.progress is None:
            return
        problem = self.progress.write()
        if problem:
            self.notify(problem, title="Lesson progress not saved", severity="warning")

    def action_hint(self) -> None:
        hint = self.run.hint()
        if hint is None:
            self.notify("No hint now: it is not your move.", severity="warning")
            return
        card = self.frame().controls.part.card(self.run.game.parse(hint.action))  # a hint is a legal action's text
        for cards in self.query(CardList):  # put the cursor on the card the hint plays
            ids = [item.id for item in cards.items]
            if card is not None and card in ids:
                cards.select(ids.index(card))
                cards.focus()
                break
        self.refresh_view(hint=hint)

    def action_rule(self) -> None:
        self.query_one(CoachPane).action_rule()

    @property
    def ui(self) -> GameUI[Any]:
        assert self._ui is not None, "the lesson's board is made in compose"
        return self._ui

    @property
    def unused_actions(self) -> set[str]:
        """Keys this game never uses, as in a game (tui.screens.game)."""
        return {"pass", "end_phase"} - set(self._ui.keys if self._ui is not None else ())

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.lesson.game, self, unused=self.unused_actions))

    def action_end_phase(self) -> None:
        """n while the lesson runs: the next phase, as in a game."""
        if not self.run.finished:
            self.attempt(self.frame().controls.sent(self.legal(), "end_phase"))

    def action_next_lesson(self) -> None:
        """n once the lesson is done (the same key as a new game once a game is over)."""
        nxt = self.next_lesson() if self.run.finished else None
        if nxt is not None:
            self.app.switch_screen(LessonScreen(nxt))

    def action_prompt(self) -> None:
        prompt = self.query_one("#prompt", Input)
        prompt.display = True
        prompt.value = ""
        prompt.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        prompt = self.query_one("#prompt", Input)
        prompt.display = False
        self.hand.focus()
        if event.value.strip():
            self.attempt(event.value.strip())

    def action_leave(self) -> None:
        self.dismiss()

    def action_cancel(self) -> None:
        """Esc: close the typing line, else leave the lesson."""
        prompt = self.query_one("#prompt", Input)
        if prompt.display:
            prompt.display = False
            self.hand.focus()
            return
        self.dismiss()


_MEETS_THE_PROTOCOL: type[BoardScreen] = LessonScreen  # checked by mypy: what a game's board asks of its screen
