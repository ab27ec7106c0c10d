"""The game screen: panes that render ``view(player)``, keys that become engine actions."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

from textual import events, work
from textual.app import ComposeResult
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Input

import saves
from rules.core import Resign, own_resignation
from rules.games import find_game
from rules.views import View
from rules.words import possessive
from tui import keys
from tui.agents import agent_seed, choose, make_agent
from tui.compat import Footer, FrameShownApp
from tui.controls import controls_for
from tui.games import board, ui_for
from tui.games.board import Board, GameUI
from tui.host import HoldsAGame, host
from tui.learn.guide import GuidedGame
from tui.screens.choice import ChoiceScreen, DecisionScreen
from tui.screens.fresh import StyledOnce
from tui.screens.handoff import HandOffScreen
from tui.screens.number import ask_number
from tui.session import GameSession
from tui.settings import Settings
from tui.widgets import CardList, LogPane, Pane, StatusLine
from tui.wording import wins

SAVE_AT_LATEST = 0.5  # seconds after an accepted action, its save is written even if no frame was drawn (save_soon)
POLL = 0.1  # seconds between looks at a shared table's file (a stat call: cheap)


class GameCommands(Provider):
    """Ctrl+P: every action legal now, then the app's own commands."""

    def _commands(self) -> list[tuple[str, Any, str]]:
        screen = self.screen
        if not isinstance(screen, GameScreen):
            return []
        out: list[tuple[str, Callable[[], object], str]] = []
        frame = screen.session.frame()
        if frame.my_turn:
            for a in frame.legal:
                out.append((screen.ui.describe(a), partial(screen.submit, a), "a legal action now"))
        if screen.session.can_undo:
            out.append(("Undo your last action", screen.action_undo, "u"))
        if not screen.session.game.is_over and not screen.session.watching:
            two = len(screen.session.players) == 2
            out.append(
                (
                    "Resign this game",
                    screen.action_resign,
                    "your opponent wins" if two else "the game ends: the most Redeemed Souls among the others wins",
                )
            )
        if screen.session.shared:
            out.append(("Talk to the table", screen.action_talk, "t"))
        out.append(("Save the game", screen.action_save, "s"))
        out.append(("Help: keys and rules", screen.action_help, "? or F1"))
        out.append(("Type an action", screen.action_prompt, ":"))
        out.append(("Save and leave to the title screen", screen.action_leave, "q"))
        return out

    async def discover(self) -> Hits:
        for text, cmd, help_ in self._commands():
            yield DiscoveryHit(text, cmd, help=help_)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for text, cmd, help_ in self._commands():
            score = matcher.match(text)
            if score > 0:
                yield Hit(score, matcher.highlight(text), cmd, text=text, help=help_)


T = TypeVar("T")


def rotated(seats: list[T]) -> list[T]:
    """Each seat's player one seat to the left (the next seat, where the turn passes): the last seat's to the first."""
    return seats[-1:] + seats[:-1]


def import_the_rest() -> None:
    """What the game screen uses after its first frame (the help and its Markdown, the shared tables' module for the
    log's talk): imported once that frame is drawn, so neither the first frame nor the first key waits for it."""
    import saves.tables  # noqa: F401
    import tui.screens.help  # noqa: F401


class GameScreen(GuidedGame, HoldsAGame, StyledOnce):
    COMMANDS = {GameCommands}
    #: The size classes (-narrow/-wide/-roomy, -short/-tall) the game's board and the log follow (tui.games.board).
    HORIZONTAL_BREAKPOINTS = board.HORIZONTAL_BREAKPOINTS
    VERTICAL_BREAKPOINTS = board.VERTICAL_BREAKPOINTS
    AUTO_FOCUS = "#hand"  # whenever the screen is shown, the hand has the keyboard (every board has one: Board.hand)
    #: The play controls (tui.keys): the same key does the same thing here and in a lesson; the help lists them.
    BINDINGS = [
        *keys.picks(),
        *keys.bindings(
            "next_pane",
            "previous_pane",
            "play",
            "play_why",
            "pass",
            "end_phase",
            "mute",
            "undo",
            "undo_why",
            "save",
            "help",
            "prompt",
            "talk",
            "leave",
            "new_game",
            "rematch",
            "review",  # these three
            "cancel",
            "coach",
            "hint",
            "log",
        ),  # only once the game is over (check_action)
    ]

    board: Board  # the game's panes (made in compose)
    session: GameSession

    def __init__(self, session: GameSession):
        # the size classes of the terminal's size now: the widgets are styled with them from the start, and the first
        # Resize (the same size) changes no class, so nothing is styled again before the first frame
        super().__init__(classes=" ".join(board.size_classes(self.app.size)))
        self.session = session
        self.ui: GameUI[Any] = ui_for(session.game.name, self.app_settings.ascii)
        self._generation = 0  # bumped on undo / leave so stale computer moves are dropped
        self._thinking = False
        self._agents: dict[int, Any] = {}
        self._status = ""
        self._dimming: tuple[bool | None, ...] = ()
        self._wake = threading.Event()
        self._active_list: CardList | None = None
        self._happened: list[tuple[int, Any]] = []  # (who acted, event or None for the action), the last 200
        self._noted = 0  # actions noted in _happened (it keeps only the last 200 events)
        self._shown: tuple[object, ...] = ()  # what the panes were last drawn from (shown_key)
        self._drawn_panes: tuple[tuple[CardList, ...], tuple[Pane, ...]] | None = None
        self._message = ""  # shown in the status line in place of the game's line, until the next accepted action
        self._talking = False  # the prompt sends a message to a shared table instead of an action
        self._save_due = False  # an accepted action waits for the frame that shows it, then is saved (save_soon)
        self._told_unsaved = False  # the player has been told that their moves are not being kept
        self._log_width = 0  # the width the log's lines were wrapped to

    @property
    def app_settings(self) -> Settings:
        settings: Settings = host(self).settings
        return settings

    # --- layout ------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield StatusLine(id="status")
        self.board = self.ui.board(side=(LogPane(id="log"),), seats=len(self.session.players))
        beside = self.board.beside()
        if beside:
            with Horizontal(id="table", classes=self.ui.game):
                yield self.board
                yield from beside
        else:  # the board places the side panes itself: it takes the row under the status line
            yield self.board
        yield Footer(compact=True)  # the typing line goes above it once asked for (open_prompt)

    def on_mount(self) -> None:
        self.query_one("#log", LogPane).border_title = "Log"
        self.session.save_soon = self.save_soon
        self.recall()
        app = self.app
        (app.after_next_frame if isinstance(app, FrameShownApp) else self.call_after_refresh)(import_the_rest)
        if self.board.hand.content_size:  # before the first layout the panes have no size: drawn once they have one
            self.refresh_view()  # (the Resize and the hand's focus, both before the first frame)
        self.guide_mount()
        self.board.hand.focus()
        if self.session.shared:  # a shared table: another terminal's move shows within POLL seconds
            self.set_interval(POLL, self.poll_table)
        if self.session.screen == "handoff" or self.session.needs_handoff:
            self.call_after_refresh(self.hand_off)
        else:
            self.call_after_refresh(self.aim)
            self.maybe_computer()

    @property
    def wide(self) -> bool:
        """Room for the cards' full texts (the -wide and -roomy breakpoints)."""
        return self.has_class("-wide") or self.has_class("-roomy")

    def on_resize(self) -> None:
        self.rewrap_log()
        # once the breakpoint classes have given the panes their new sizes: the log's lines and the hand's
        # "N above/below" follow them
        self.call_after_refresh(self.rewrap_log)
        self.call_after_refresh(self.refresh_view)
        self.refresh_view()

    LOG_WIDTHS = ("", "-log-narrow", "-log-hidden")

    def action_log_width(self) -> None:
        """L: the log at its width, narrow (more room for the table at 80 columns), or hidden."""
        now = next((i for i, c in enumerate(self.LOG_WIDTHS) if c and self.has_class(c)), 0)
        nxt = (now + 1) % len(self.LOG_WIDTHS)
        for c in self.LOG_WIDTHS:
            if c:
                self.set_class(c == self.LOG_WIDTHS[nxt], c)
        self.say(("Log: full width", "Log: narrow", "Log: hidden")[nxt] + " (L changes it).", toast=False)
        self.call_after_refresh(self.rewrap_log)
        self.call_after_refresh(self.refresh_view)  # the panes' labels fit their new width

    def rewrap_log(self) -> None:
        """RichLog wraps a line once, when written: after a change of width, write the lines again."""
        log = self.query_one("#log", LogPane)
        width = log.size.width
        if width and width != self._log_width:
            self._log_width = width
            log.reset()
            log.sync(self.session.meta.log, self.session.log_words)

    def on_card_list_moved(self, event: CardList.Moved) -> None:
        self.refresh_view()

    def on_card_list_chosen(self, event: CardList.Chosen) -> None:
        """A click on the selected card: what Enter does on it."""
        self._active_list = event.cards
        self.refresh_view()
        self.action_play()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        # The pane focused now, not the event's: when several Tabs arrive in one read, the events bubble up from panes
        # nested at different depths and can arrive out of order (the card text then stayed on your own table's card
        # while the cursor was on the opponent's).
        widget = self.focused
        if isinstance(widget, CardList):
            if widget.id == "opponent" and self._active_list is not widget:
                widget.cursor = 0  # reading the other side's table starts at its first card
            self._active_list = widget
        self.refresh_view()  # the panes may show more for the pane that has the focus

    # --- rendering ------------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        """The names on this screen (``Seated.shown_names``: the one person at the keyboard is "You" whatever their
        name, as in the log), as text that cannot drive the terminal."""
        return [saves.printable(name) for name in self.session.shown_names]

    def selected_card(self) -> str | None:
        """The card under the cursor of the card pane used last (a digit picks in the hand at once,
        before Textual has moved the focus there)."""
        cards = self._active_list or self.board.hand
        return cards.selected

    def _drawn(self) -> tuple[tuple[CardList, ...], tuple[Pane, ...]]:
        """The board's card lists and panes: made once, in compose (kept once they are there)."""
        if self._drawn_panes is None:
            nodes = list(self.walk_children(Widget))
            found = (tuple(n for n in nodes if isinstance(n, CardList)), tuple(n for n in nodes if isinstance(n, Pane)))
            if not found[0]:
                return found  # not composed yet
            self._drawn_panes = found
        return self._drawn_panes

    def shown_key(self) -> tuple[object, ...]:
        """Everything the panes are drawn from: the session's frame, and what of the screen and its panes the texts
        depend on (sizes, focus, cursors, the status message, what happened, the log, the coach). The same key: the
        same texts, so :meth:`refresh_view` draws nothing again."""
        s = self.session
        lists, panes = self._drawn()
        return (
            s.frame(),
            tuple(s.shown_names),
            self.size,
            self.classes,
            self.focused,
            self._active_list,
            tuple((c, c.shown_state()) for c in lists),
            tuple((p, p.content_size) for p in panes),
            self._message,
            s.unsaved,
            s.hold,
            tuple(s.last_result),
            self._noted,
            len(s.meta.log),
            self.coach_shown,
            self._guide_events,
            self._guide_rejected,
            self._guide_refused,
        )

    def refresh_view(self) -> None:
        """Redraw every pane from the session's frame for the person at the keyboard (nothing when nothing they
        show has changed since the last time: :meth:`shown_key`)."""
        if self.shown_key() == self._shown:
            return
        s = self.session
        frame = s.frame()
        view = frame.view
        self.ui.render(self, view, self.names, self.wide, frame.usable, frame.my_turn)
        self.query_one("#log", LogPane).sync(s.meta.log, s.log_words)
        status = self.status_text(view)
        if status != self._status:
            self._status = status
            self.query_one("#status", StatusLine).update(status, wrap=bool(self._message))
        # The Footer rebuilds itself on every refresh_bindings(): only ask when the answer changes.
        dimming = tuple(self.check_action(a, ()) for a in ("play", "pass", "end_phase", "mute", "undo", "rematch"))
        if dimming != self._dimming:
            self._dimming = dimming
            self.refresh_bindings()
        self.guide_refresh()
        self._shown = self.shown_key()

    def status_text(self, view: View[Any] | dict[str, Any]) -> str:
        """Game | turn | whose move: phase | score, in the first of these forms that fits the width: the whole line;
        without the game's name (the player knows which game they play); without the phase; with the short score
        ("Redeemed 1-0-1-0" without "of 5"). A message for the player (a refusal, why a key cannot act) takes the
        line, wrapped onto the rows below it (never cut), until the next accepted action."""
        unsaved = self.session.unsaved
        if unsaved is not None:  # nothing the player reads matters more: it leads the line until a save succeeds
            return f"NOT SAVED since move {unsaved.since}: {unsaved.reason}"[: max(20, self.size.width - 2)]
        if self._message:
            return self._message
        s = self.session
        game = s.game
        phase = ""
        if game.is_over:
            w = game.winner
            move = "Game over: " + (wins(self.names[w]) if w is not None else "a draw")
        elif s.hold:  # a shared table before every seat is taken: nobody's move yet
            move = s.hold
        else:
            move = "Your move" if s.my_turn else f"{s.name(game.current_player)} to move"
            phase = self.ui.phase(view)
        room = max(20, self.size.width - 2)
        score, short = self.ui.score(view, self.names), self.ui.score(view, self.names, short=True)
        asked = f"{move}: {phase}" if phase else move
        title, turn = self.ui.title, self.ui.turn(view)
        for parts in (
            (title, turn, asked, score),
            (turn, asked, score),
            (turn, move, score),
            (turn, asked, short),
            (turn, move, short),
        ):
            line = " | ".join(parts)
            if len(line) <= room:
                return line
        return " | ".join([move, short])

    # --- what the Footer shows -------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        s = self.session
        game = s.game
        if action in ("new_game", "rematch"):
            return game.is_over and self._can_rematch()
        if game.is_over and action in ("play", "pass", "end_phase", "mute", "undo", "undo_why", "play_why"):
            return False  # no key that can no longer act
        if action == "play":
            return True if s.my_turn else None
        if action in self.unused_actions:
            return False  # a key this game never uses (Resurrection has no passing and no phases)
        if action == "pass":
            return True if s.frame().pass_action is not None else None
        if action == "end_phase":
            return True if s.frame().end_action is not None else None
        if action == "mute":  # in the Footer only while the game has a legal action for it (ControlsPart.key)
            frame = s.frame()
            return bool(frame.controls.mute_actions(frame.legal))
        if action == "review":
            return bool(game.is_over)
        if action == "undo":
            if not s.all_easy:
                return False
            return True if s.can_undo else None
        return True

    # --- keys -> actions (via tui.controls) -------------------------------------------------
    def action_review(self) -> None:
        if self.session.game.is_over:
            host(self).open_review(self.session)

    def action_pick(self, n: int) -> None:
        hand = self.board.hand
        self._active_list = hand
        hand.focus()
        if not hand.select(n - 1):
            self.notify(f"You have no card {n} in hand.", severity="warning", timeout=3)
            return
        self.refresh_view()  # the card text follows the cursor, as with the arrow keys

    def action_play(self) -> None:
        active = self._active_list
        reading = active is not None and active.id == "opponent" and active.has_focus
        if active is not None and reading and not self.session.frame().cardless:
            s = self.session
            whose = active.seat
            self.notify(
                f"That is {possessive(s.name(whose if whose is not None else s.opponents(s.viewer)[0]))} card: "
                "Tab to your hand or table to play.",
                severity="warning",
                timeout=3,
            )
            return
        if not self._may_act():
            return
        if self.offer_decision():  # an ability asks: its cards in a list, whatever the cursor is on
            return
        card = None if reading else self.selected_card()  # reading their table: a decision with no card (the cut)
        frame = self.session.frame()
        refusal = self.ui.refusal_text(frame.view, card) if card else ""
        decision = frame.controls.enter_on_card(frame.legal, card, refusal)
        if decision.kind == "apply":
            self.submit(decision.actions[0])
        elif decision.kind == "choose" and frame.controls.by_number(decision.actions):
            question = self.ui.number_question(frame.view, self.session.names)  # the cut: whose deck, how many cards
            ask_number(self, frame.controls, decision.actions, question, self.submit)
        elif decision.kind == "choose":
            question, options = self.ui.choices(frame.view, list(decision.actions))
            self.app.push_screen(
                ChoiceScreen(options, question),
                lambda i: self.submit(decision.actions[i]) if i is not None else None,
            )
        elif decision.kind == "refuse":
            self.submit(decision.text)
        else:
            self.notify("Pick a card first (1-9 or the arrow keys).", severity="warning")

    def action_pass(self) -> None:
        if self._may_act():
            frame = self.session.frame()
            a = frame.pass_action
            self.submit(a if a is not None else frame.controls.part.sent_for("pass"))

    def action_end_phase(self) -> None:
        if self._may_act():
            frame = self.session.frame()
            a = frame.end_action
            self.submit(a if a is not None else frame.controls.part.sent_for("end_phase"))

    def action_mute(self) -> None:
        """m: the game's mute actions (``ControlsPart.key`` "mute"): the picked card's, or a choice among them; the
        words when there is none, and the choice's question, are the game's (``ControlsPart.idle``, ``which``)."""
        if not self._may_act():
            return
        frame = self.session.frame()
        part = frame.controls.part
        acts = frame.controls.mute_actions(frame.legal, self.selected_card())
        if not acts:
            self.notify(part.idle("mute") or "There is nothing to mute now.", severity="warning")
            return
        question, options = self.ui.choices(frame.view, acts)
        self.app.push_screen(
            ChoiceScreen(options, part.which("mute") or question),
            lambda i: self.submit(acts[i]) if i is not None else None,
        )

    def _may_act(self) -> bool:
        s = self.session
        if s.shared and (s.hold or not s.my_turn) and self._table_moved():
            return False
        words = self.why_not_act()
        if words:
            self.notify(words, severity="warning")
            return False
        return True

    def why_not_act(self) -> str:
        """Why no action of this keyboard goes to the game now ('' when one may)."""
        s = self.session
        if s.game.is_over:
            return f"The game is over. Press {keys.label('leave')} to leave."
        hold = s.hold
        if hold:
            ended = hold.endswith(".")  # a table that ended before play started says so in a sentence
            return hold if ended else f"{hold}: play starts when every seat is taken."
        if not s.my_turn:
            return f"It is {possessive(s.name(s.game.current_player))} move, not yours."
        return ""

    def refused_click(self, action: str) -> str:
        """The words for a click on a dimmed key of the Footer (tui.compat.LiveFooterKey): what its key says."""
        words = self.why_not_act()
        return words or (self.why_no_undo() if action == "undo" else "")

    def submit(self, action: Any) -> None:
        """Every action from this keyboard goes through here to the engine."""
        if not self._may_act():
            return
        try:
            before = self.session.game
            actor = before.current_player
            outcome = self.session.act(action)
            if not outcome.ok and self.session.game is not before:  # a shared table moved on: refused, and caught up
                self.catch_up(before)
            self.note(actor, outcome)
            self.guide_outcome(action, outcome)
        except saves.SaveError as e:
            self.save_failed(e)
            self.refresh_view()
            return
        if not outcome.ok:
            self.app.bell()
            reason = self.session.words(outcome)
            self.notify(f"{reason}\nRule: {outcome.rule}", title="Not allowed", severity="error")
            self.say(f"Not allowed: {reason}", toast=False)
            self.refresh_view()
            return
        self.after_action()

    def offer_decision(self) -> bool:
        """A decision an ability asks of the player at the keyboard (the cards it shows them, from their view):
        listed by name, picked with the arrows or a number, confirmed with Enter. True when one waits for them."""
        pending = self.ui.pending_choice(self.session.frame().view)
        if pending is None:
            return False
        if isinstance(self.app.screen, DecisionScreen):
            return True  # already open

        def answered(i: int | None) -> None:
            if i is None:
                self.say(f"The cards stay shown to you only: {keys.label('play')} lists them again.", toast=False)
                return
            self.submit(pending.actions[i])

        self.app.push_screen(DecisionScreen(pending.options, pending.question, pending.actions), answered)
        return True

    def aim(self) -> None:
        """A new decision: when the card under the cursor cannot be used for it, put the cursor on one that can,
        in the hand first; in a battle decision also in the other card panes (the Lost Soul to surrender, a
        blocker in your territory), which then take the focus. Enter then does the one sensible thing. A decision
        an ability asks opens its list of cards at once."""
        s = self.session
        if not s.my_turn:
            return
        if self.offer_decision():
            return
        hand = self.board.hand
        current = self._active_list if self._active_list is not None and self._active_list.is_attached else hand
        frame = s.frame()
        view = frame.view
        # the game's cards of last resort (Redemption's Dominants, playable at almost any decision): the cursor goes
        # to one only when no other card can be used, so a repeated Enter (discarding down) never plays or loses one
        spare = self.ui.last_resort(view)
        main = frame.usable
        plain = main - spare
        # the cards a mute would silence are those the decision stops the player for (a Dominant window opens for
        # the Dominants not muted): the cursor goes to one of them rather than stay on a muted one
        part = frame.controls.part
        stops = {part.card(a) for a in frame.controls.mute_actions(frame.legal)}
        roams = self.ui.roams(view)
        if current.items and current.has_focus and (roams or current is hand):
            here = current.items[current.cursor]
            if here.id in plain or (here.usable and not main):
                return
        if current.id == "opponent":
            current = hand
        panes = [current] + [c for c in self.query(CardList) if c is not current and c.id != "opponent"]
        if not roams:  # placing cards: back to the hand (the table's cards would only be set aside)
            panes = [hand]
        for wanted in (
            lambda item: item.id in plain,
            lambda item: item.id in main and item.id in stops,
            lambda item: item.id in main,
            lambda item: item.usable,
        ):
            for cards in panes:
                # the nearest such card to the cursor (the card that took a played one's place, then its
                # neighbours): the cursor stays where the player was looking, not back at the first card
                at = min(cards.cursor, len(cards.items) - 1)
                for i in sorted(range(len(cards.items)), key=lambda i: (abs(i - at), i < at)):
                    item = cards.items[i]
                    if item.usable and wanted(item):
                        cards.cursor = i
                        self._active_list = cards
                        cards.focus()
                        self.refresh_view()  # the Field of Battle describes the card under the cursor
                        return

    def after_action(self) -> None:
        s = self.session
        self._message = ""  # an accepted action: the status line is the game's again
        self.refresh_view()
        self.aim()
        if s.game.is_over:
            w = s.game.winner
            self.notify("Game over: " + (wins(self.names[w]) + "." if w is not None else "a draw."), title="Game over")
            return
        if s.needs_handoff:
            self.hand_off()
            return
        self.maybe_computer()

    # --- what happened: the last battle's result, and what the others did since your last decision ----
    def recall(self) -> None:
        """A resumed game whose save does not keep the last battle's result ("Last battle"; a shared table's, a
        game saved before the result was kept): it is told from the history replayed, once the first frame is
        shown (the events carry their kinds; the log's words are not read). A game that cannot be replayed (saved
        by older rules, a lesson's position) goes without it."""
        s = self.session
        if s.recalls or not s.game.history:
            return
        app = self.app
        (app.after_next_frame if isinstance(app, FrameShownApp) else self.call_after_refresh)(self._replay_result)

    def _replay_result(self) -> None:
        s = self.session
        game = s.game
        if s.recalls or not self.is_attached:
            return
        s.forget_result()
        try:
            from rules import review  # only a game saved without its recap replays (after the first frame)

            g = review.initial_state(game)
            for text in game.history:
                out = g.apply(text)
                if not out.ok:
                    raise ValueError(out.reason)
                s.note_result(out.events)
            if g.to_dict() != game.to_dict():
                raise ValueError("the replayed game does not end where the saved one is")
        except Exception:  # noqa: BLE001 - any game that does not replay: nothing to recall
            s.forget_result()
        if s.last_result:
            self.refresh_view()

    def note(self, actor: int | None, outcome: Any) -> None:
        """Remember an accepted action's events: who acted ("since your move")."""
        if not outcome.ok or actor is None:
            return
        # the action itself, even one that says nothing (a Dominant window declined): "since your move" starts there
        self._happened.append((actor, None))
        self._noted += 1
        self._happened.extend((actor, e) for e in outcome.events)
        del self._happened[:-200]

    @property
    def last_result(self) -> list[str]:
        """The last battle's result in the words of whoever reads the screen now (``GameSession.last_result``)."""
        return self.session.last_result

    @property
    def hold(self) -> str:
        return self.session.hold

    @property
    def shared(self) -> bool:
        return self.session.shared

    def since_your_move(self) -> list[str]:
        """What the others did since the viewer's last move, when it is the viewer's move ([] otherwise)."""
        return self.recent() if self.session.my_turn else []

    def recent(self) -> list[str]:
        """What the other side did since the viewer's last action, newest last (the important events only)."""
        me = self.session.viewer
        found = []
        part = controls_for(self.session.game).part
        for actor, e in reversed(self._happened):
            if actor == me:
                break
            if e is not None and e.kind in part.RECENT:
                found.append(e)
        found.reverse()
        battle = [e for e in found if e.kind in part.BATTLE]  # a battle's events say more than cards put in play
        return [self.session.words(e) for e in (battle or found)]

    # --- the computer ----------------------------------------------------------------------
    def maybe_computer(self) -> None:
        s = self.session
        cp = s.game.current_player
        if cp is None or not s.is_computer(cp) or self._thinking or not s.runs_computer:
            return
        agent = self._agents.get(cp)
        if agent is None:
            seed = agent_seed(s.game.seed, cp)
            agent = self._agents[cp] = make_agent(s.game.name, s.level_of(cp), seed)
        self._thinking = True
        self._wake = threading.Event()
        self.think(agent, s.game.clone(), self._generation, self.app_settings.pause, self._wake)

    def stop_thinking(self) -> None:
        """Forget a move the computer is working on (undo, leaving): its answer will be dropped."""
        self._generation += 1
        self._thinking = False
        self._wake.set()
        self.workers.cancel_group(self, "computer")

    def on_unmount(self) -> None:
        self._wake.set()
        if self.session.save_soon == self.save_soon:
            self.session.save_soon = None
        self.save_due()  # an action accepted in the last frame of this screen
        host(self).record_unsaved(self.session)  # told as the app ends if not kept
        self.session.close()  # the game is saved; another process may open it now

    @work(thread=True, group="computer")  # not exclusive: a move may start the next think from inside this one
    def think(self, agent: Any, game: Any, generation: int, pause: float, wake: threading.Event) -> None:
        """Runs in a thread on a private copy of the game, so the screen never freezes."""
        started = time.monotonic()
        try:
            action = choose(agent, game)
        except Exception as e:  # a broken agent must not take the game down
            self.app.call_from_thread(
                self.notify, f"The computer player failed ({e}); it plays its first legal action.", severity="warning"
            )
            action = game.legal_actions()[0]
        rest = pause - (time.monotonic() - started)
        if rest > 0 and wake.wait(rest):
            return  # cancelled while pausing
        self.app.call_from_thread(self.computer_move, generation, action)

    def computer_move(self, generation: int, action: Any) -> None:
        if generation != self._generation or not self.is_attached:
            return  # an answer to a position that was undone or left: a newer one may be on its way
        self._thinking = False
        try:
            actor = self.session.game.current_player
            outcome = self.session.act(action, by_computer=True)
            if not outcome.ok:  # the agent chose something the engine refuses: log it and play a legal action
                outcome = self.session.act(self.session.game.legal_actions()[0], by_computer=True)
            self.note(actor, outcome)
            self.guide_outcome(action, outcome, mine=False)
        except saves.SaveError as e:
            self.save_failed(e)
        self.after_action()

    # --- hand-off between two people -------------------------------------------------------
    def hand_off(self) -> None:
        s = self.session
        nxt = s.game.current_player
        if nxt is None:
            return
        if s.is_computer(nxt):  # a new hot seat game whose first move is the computer's: nobody to pass to yet
            s.screen = "game"
            self.aim()
            self.maybe_computer()
            return
        s.screen = "handoff"
        if any(line.startswith("Rejected:") for line in s.meta.log):
            # a refusal can name a card from the hand being hidden: the next player does not see it in the log
            s.meta.log[:] = [line for line in s.meta.log if not line.startswith("Rejected:")]
            self.query_one("#log", LogPane).reset()
        self._save_quietly()
        self.app.clear_notifications()  # a toast could name a card from the hand being hidden

        def taken(_: object = None) -> None:
            s.viewer = nxt
            s.screen = "game"
            self._save_quietly()
            self.query_one("#log", LogPane).reset()  # the log in the words of the one who took the keyboard
            hand = self.board.hand
            hand.cursor = 0  # another person's hand: start at its first card
            self._active_list = hand
            self.refresh_view()
            hand.focus()
            self.aim()

        self.app.push_screen(HandOffScreen(s.name(nxt), self.ui.title), taken)

    # --- app commands -------------------------------------------------------------------------
    def save_soon(self) -> None:
        """Save an accepted action once the frame that shows it is drawn, so that the atomic write's fsync (a few ms,
        far more on a busy disk) never delays what the player sees. Everything that ends the screen or the app
        (leaving, a new game, quitting, a hang-up, SIGTERM) saves at once."""
        if not self._save_due:
            self._save_due = True
            app = self.app
            after_frame = app.after_next_frame if isinstance(app, FrameShownApp) else self.call_after_refresh
            after_frame(self.save_due)
            self.set_timer(SAVE_AT_LATEST, self.save_due)  # no frame (nothing on screen changed): saved all the same

    def save_due(self) -> None:
        """Write the save an accepted action is waiting for (nothing when none is)."""
        if self._save_due:
            self._save_quietly()

    def _save_quietly(self) -> bool:
        self._save_due = False  # this save holds every action accepted so far
        try:
            self.session.autosave()
        except saves.SaveError as e:
            self.save_failed(e)
            return False
        if self._told_unsaved:  # written again: the file holds every move once more
            self._told_unsaved = False
            self.notify("Saved again: the save holds every move.", title="Saved")
            self.refresh_view()
        return True

    def save_failed(self, e: saves.SaveError) -> None:
        """A write failed: the player is told at once that their moves are not being kept, and why; the status
        line says so until a save succeeds (the last good save is intact: a write is atomic, or nothing)."""
        unsaved = self.session.unsaved
        host(self).record_unsaved(self.session)
        if unsaved is None:  # not a game of this process's (a shared table answers for itself)
            self.notify(str(e), title="Could not save", severity="error")
            return
        if not self._told_unsaved:
            self._told_unsaved = True
            self.app.bell()
            self.notify(
                f"Your moves are not being kept: {unsaved.reason}. The save holds the game up to move "
                f"{unsaved.since - 1}; each move is tried again.",
                title="Not saved",
                severity="error",
                timeout=30,
            )
        self.refresh_view()

    def action_save(self) -> None:
        if self._save_quietly() and self.session.path is not None:
            self.notify(f"Saved as {self.session.path.stem}.", title="Saved")

    def action_undo(self) -> None:
        s = self.session
        if not s.all_easy:
            self.notify("Undo is only available against the computer at the easy level.", severity="warning")
            return
        if s.undo():
            self.stop_thinking()
            self.query_one("#log", LogPane).reset()  # the log on screen is rewound to match the save
            self._happened.clear()
            self.refresh_view()
            self.say("Your last action is undone.")
            self.maybe_computer()
        else:
            self.app.bell()
            self.notify(
                "Nothing to undo: no action of yours since the last card was revealed, drawn or answered.",
                severity="warning",
            )

    @property
    def unused_actions(self) -> set[str]:
        """Keys this game never uses (Resurrection has no passing and no phases): not in the Footer or the help."""
        return {"pass", "end_phase", "mute"} - set(self.ui.keys)

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen  # the help (and the Markdown it draws) is imported when first opened

        self.app.push_screen(HelpScreen(self.session.game.name, self, unused=self.unused_actions))

    def typing_placeholder(self) -> str:
        return f"Type an action, e.g. {self.ui.typing_example} (Enter sends, Esc cancels)"

    async def action_prompt(self) -> None:
        await self.open_prompt(self.typing_placeholder(), talking=False)

    def prompt(self) -> Input | None:
        """The typing line, once it has been opened (made the first time it is asked for: most games never type)."""
        found = self.query("#prompt")
        return found.first(Input) if found else None

    def typing(self) -> bool:
        """The typing line is open (it has the keys)."""
        prompt = self.prompt()
        return prompt is not None and prompt.display

    async def open_prompt(self, placeholder: str, talking: bool) -> None:
        """Open the typing line (``talking``: for a message to a shared table, not an action), empty."""
        prompt = self.prompt()
        if prompt is None:
            prompt = Input(placeholder=placeholder, id="prompt")
            await self.mount(prompt, before=self.query_one(Footer))
        self._talking = talking
        prompt.placeholder = placeholder
        prompt.display = True
        prompt.value = ""
        prompt.focus()

    # --- a shared table: the other seats' moves, talk ------------------------------------------
    def poll_table(self) -> None:
        s = self.session
        before = s.game  # the state this screen shows; poll takes a new game object, never changes this one
        if not s.poll():
            self.maybe_computer()  # the program that moved for the computer may have gone: this one takes over
            return
        self.took_table(before)

    def _table_moved(self) -> bool:
        """Before a key is refused for a shared table's state on this screen (waiting for a player, another seat's
        move), the table is looked at: the screen looks only every POLL seconds, later on a busy machine. If the
        table has moved on, the screen takes it and the key is refused as the table refuses an action typed on a
        state it has left, for the player to look again (True)."""
        before = self.session.game
        if not self.session.poll():
            return False
        self.took_table(before)
        self.say("The table changed before your action reached it. Here is the table now.")
        return True

    def took_table(self, before: Any) -> None:
        """The session has taken the table another terminal changed: tell what the others did, show it."""
        s = self.session
        self.catch_up(before)
        self.stop_thinking()  # a computer move worked out on the old state would be refused anyway
        self.refresh_view()
        if not self.typing():  # never take the keys from a half-typed action or message
            self.aim()
        if s.game.is_over:
            w = s.game.winner
            self.notify("Game over: " + (wins(self.names[w]) + "." if w is not None else "a draw."), title="Game over")
        elif s.my_turn:
            self.app.bell()
        self.maybe_computer()

    def catch_up(self, before: Any) -> None:
        """The other seats' actions since ``before``, replayed on a copy of it for their events: "Since your move"
        and "Last battle" then tell what they did, as they tell this seat's own actions."""
        done, now = before.history, self.session.game.history
        if len(now) <= len(done) or now[: len(done)] != done:
            return
        g = before.clone()
        for text in now[len(done) :]:
            actor = g.current_player
            out = g.apply(text)
            if not out.ok:  # not this engine's game any more (a table written by other rules): nothing to tell
                return
            self.note(actor, out)
            self.session.note_result(out.events)

    def action_resign(self) -> None:
        """Give the game up (any time, your move or not), after a yes."""
        from tui.screens.confirm import ConfirmScreen

        s = self.session
        if s.game.is_over or s.watching or (s.hot_seat and s.needs_handoff):
            self.notify("There is no game of yours to resign here.", severity="warning")
            return

        def done(yes: bool | None) -> None:
            if not yes:
                return
            self.stop_thinking()
            try:
                outcome = s.act("resign" if s.shared else f"resign {s.viewer}")
            except saves.SaveError as e:
                self.save_failed(e)
                return
            if not outcome.ok:
                self.notify(self.session.words(outcome), title="Not allowed", severity="error")
            self.after_action()

        hold = s.hold
        if hold.endswith("."):  # a table that ended before play started
            self.notify(hold, severity="warning")
            return
        if hold:  # before play starts nobody wins or loses: the creator calls the table off, another leaves it
            creator = s.hosting
            ask = (
                "Call this table off? Play has not started: nobody wins or loses."
                if creator
                else "Leave this table? Play has not started: your seat opens for any player of the host."
            )
            self.app.push_screen(ConfirmScreen(ask, yes="Call off" if creator else "Leave"), done)
            return
        after = s.game.clone()
        after.apply(f"resign {s.viewer}")
        result = f"{wins(self.names[after.winner])}." if after.winner is not None else "The game is a draw."
        self.app.push_screen(ConfirmScreen(f"Resign this game? {result}", yes="Resign"), done)

    async def action_talk(self) -> None:
        if not self.session.shared:
            self.notify("Talk is for shared tables: the other player is at this keyboard.", severity="warning")
            return
        if self.session.watching:
            self.notify("Only the players at this table can talk here.", severity="warning")
            return
        await self.open_prompt("A message to the table (Enter sends, Esc cancels)", talking=True)

    def action_toggle_coach(self) -> None:
        if self.session.watching:
            self.notify("The coach helps the players; watchers see only what is public.", severity="warning")
            return
        super().action_toggle_coach()

    def action_cancel(self) -> None:
        prompt = self.prompt()
        if prompt is not None and prompt.display:
            prompt.display = False
            self.board.hand.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        talking, self._talking = self._talking, False
        self.action_cancel()
        if talking:
            answer = self.session.say(text)
            if not answer.ok:
                self.notify(answer.reason, title="Not sent", severity="warning")
            self.refresh_view()
        elif text.lower().split()[:1] == ["resign"]:
            self.typed_resign(text)
        elif text.lower().split()[:1] == ["computer"] and bool(self.session.hold):
            self.typed_computer(text)
        elif text:
            self.submit(text)

    def typed_computer(self, text: str) -> None:
        """``computer [LEVEL]`` typed by a table's creator before play starts: the first open seat goes to the
        computer (a seat whose invitation was declined is open)."""
        words = text.lower().split()
        try:
            answer = self.session.seat_computer(words[1] if len(words) > 1 else "normal")
        except ValueError as e:
            self.notify(str(e), title="Not done", severity="warning")
            return
        if not answer.ok:
            self.notify(answer.reason, title="Not done", severity="warning")
        self.refresh_view()
        self.maybe_computer()

    def typed_resign(self, text: str) -> None:
        """``resign`` typed: the player's own resignation asks first, as Ctrl+P's does; another seat's is refused."""
        s = self.session
        action, refused = own_resignation(text, s.viewer, s.game)
        if refused is not None:
            self.app.bell()
            reason = s.words(refused)
            self.notify(f"{reason}\nRule: {refused.rule}", title="Not allowed", severity="error")
            self.say(f"Not allowed: {reason} [{refused.rule}]", toast=False)
        elif isinstance(action, Resign):
            self.action_resign()
        else:
            self.submit(text)  # malformed: the engine says how a resignation is written

    def action_play_why(self) -> None:
        self.action_play()  # not your move, or not your card: it says so

    def action_undo_why(self) -> None:
        """u when Undo cannot act: say why, in the status line and a toast."""
        self.app.bell()
        self.say(self.why_no_undo())

    def why_no_undo(self) -> str:
        if not self.session.all_easy:
            return "Undo works only against the computer at the easy level."
        return "Nothing to undo: no action of yours since the last card was revealed, drawn or answered."

    def say(self, text: str, toast: bool = True) -> None:
        """A short message where the player looks: the status line (until the next accepted action) and a toast."""
        self._message = text.replace("\n", " ")
        self._status = self._message
        self.query_one("#status", StatusLine).update(self.status_text({}), wrap=True)
        if toast:
            self.notify(text, severity="warning")

    def _can_rematch(self) -> bool:
        return self.session.path is not None

    def action_new_game(self) -> None:
        """Game over: the new-game form, from the title screen."""
        from tui.screens.title import NewGameScreen

        self.stop_thinking()
        self._save_quietly()
        app = self.app
        self.dismiss()
        app.push_screen(NewGameScreen())

    def action_rematch(self) -> None:
        """Game over: the same game and options again, each player one seat to the left (the next seat), with their
        name, level and deck: two players swap seats, three or four rotate (the game-over line says which). In a game
        whose players choose who starts (Resurrection's first Aggressor), two keep their seats and the other one
        starts."""
        from tui.session import new_save_name

        s = self.session
        self.stop_thinking()
        self._save_quietly()
        game = s.game
        names = [p.get("name") for p in s.players]
        first = 1 - int(s.meta.extra.get("first", 0))
        kw: dict[str, Any] = {
            "vs": "computer" if s.vs_computer else "human",
            "level": s.level,
            "options": dict(game.options),
            "first": first,
        }
        info = find_game(game.name)
        decks = info.starting_decks(game)
        if len(names) > 2 or not info.first_choice:  # where the game decides who starts, the players change seats
            kw["seats"], kw["names"] = rotated(s.seats()), tuple(rotated(names))
            if decks is not None:
                kw["decks"] = tuple(rotated(list(decks)))
        else:  # every player keeps their seat (name, level, deck); ``first`` gives the start to the other one
            kw["names"] = tuple(names)
            if decks is not None:
                kw["decks"] = decks
        if s.path is None:  # no save file, no folder for the next one (the key is dimmed: _can_rematch)
            return
        folder = s.path.parent
        try:
            new = host(self).new_session(
                game.name,
                **kw,
                path=saves.save_path(new_save_name(game.name, folder), folder),
            )
            new.meta.extra["first"] = first
            new.autosave()
        except (ValueError, saves.SaveError) as e:
            self.notify(str(e), title="Cannot start", severity="error")
            return
        host(self).switch_to_game(new)

    def action_leave(self) -> None:
        self.stop_thinking()
        if self._save_quietly() and self.session.path is not None:
            self.notify(f"Saved as {self.session.path.stem}.", title="Saved")
        self.dismiss()


_MEETS_THE_PROTOCOL: type[board.BoardScreen] = GameScreen  # checked by mypy: what a game's board asks of its screen

__all__ = ["GameScreen", "GameCommands"]
