"""The coach in a normal game: ``g`` shows or hides the coach pane, ``H`` asks for a hint.

:class:`GuidedGame` is mixed into the game screen, which calls three hooks:
``guide_outcome(action, outcome, mine)`` after every action it hands the engine (its
own and the computer's), ``guide_refresh()`` after every redraw and ``guide_mount()``
once mounted. The pane takes the
log's place while it is shown (both do not fit in 80 columns), and whether it is
shown is saved with the game (``meta.extra["coach"]``), so a guided game resumes guided.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.widget import Widget

from rules import coach
from rules.core import Event, Outcome
from tui import keys
from tui.controls import controls_for
from tui.learn.coach_pane import CoachPane
from tui.wording import in_keys, key_for

if TYPE_CHECKING:
    from textual.screen import Screen

    from tui.games.board import GameUI

    _Screen = Screen[None]  # the mixin is mixed into a screen: Textual's methods, typed
else:
    _Screen = object

#: The keys, for the game screen's BINDINGS (not in the Footer: the game screen's own keys keep their places there).
GUIDE_BINDINGS = keys.bindings("coach", "hint")


class GuidedGame(_Screen):
    """Coach pane and hints for a screen with ``session`` (tui.session.Session) and a ``#log`` (the coach goes
    beside it, in its place)."""

    session: Any
    if TYPE_CHECKING:

        @property
        def ui(self) -> GameUI[Any]: ...
        def say(self, text: str, toast: bool = True) -> None: ...

    _guide_events: tuple[Event, ...] = ()  # what happened since the viewer's last decision
    _guide_rejected: coach.Rejected | None = None  # the viewer's last refused action, until the next accepted one
    #: The refusal not yet explained: the coach works it out only when its pane is shown (the game has not changed
    #: since: a refusal changes nothing, and the next accepted action forgets it).
    _guide_refused: tuple[Any, Outcome] | None = None

    # --- hooks the game screen calls --------------------------------------------------------
    def guide_outcome(self, action: Any, outcome: Outcome, mine: bool = True) -> None:
        """Remember what happened since the viewer's last decision (``mine``: the action came from this keyboard),
        or why their action was refused."""
        if not outcome.ok:
            self._guide_rejected, self._guide_refused = None, (action, outcome)
            return
        self._guide_rejected = self._guide_refused = None
        self._guide_events = (() if mine else self._guide_events) + tuple(outcome.events)

    def guide_refresh(self) -> None:
        """Redraw the coach pane (if shown) for the person at the keyboard."""
        if not self.coach_shown:
            return
        s = self.session
        if self._guide_refused is not None:
            (action, outcome), self._guide_refused = self._guide_refused, None
            self._guide_rejected = coach.explain_rejection(s.game, s.viewer, action, outcome, self._coach_names())
        advice = coach.advise(s.game, s.viewer, self._guide_events, self._guide_rejected, self._coach_names())
        self._pane().show(advice)

    def _coach_names(self) -> list[str] | None:
        """The names the coach gives the other players: with two, None (the coach says "your opponent")."""
        s = self.session
        n = len(s.players)
        return [s.name(p) for p in range(n)] if n > 2 else None

    # --- the pane ------------------------------------------------------------------------------
    @property
    def coach_shown(self) -> bool:
        return bool(self.session.meta.extra.get("coach", False))

    def _pane(self) -> CoachPane:
        found = self.query(CoachPane)
        if found:
            first: CoachPane = found.first()
            return first
        pane = CoachPane(self.session.game.name, id="coach")
        pane.describe = self.ui.describe
        beside = self.query_one("#log").parent
        assert isinstance(beside, Widget), "the log is in the board's side panes"
        beside.mount(pane)  # in the log's place
        return pane

    def action_toggle_coach(self) -> None:
        shown = not self.coach_shown
        self.session.meta.extra["coach"] = shown
        pane = self._pane()
        pane.display = shown
        self.query_one("#log").display = not shown
        if shown:
            self.guide_refresh()
        g, h = keys.label("coach"), keys.label("hint")
        self.notify(f"Coach on: {g} hides it, {h} gives a hint." if shown else f"Coach off: {g} shows it again.")

    def guide_mount(self) -> None:
        """Show the pane at once in a game saved with the coach on."""
        if self.coach_shown:
            self._pane().display = True
            self.query_one("#log").display = False
            self.guide_refresh()

    def action_hint(self) -> None:
        s = self.session
        if not s.my_turn:
            self.notify("No hint now: it is not your move.", severity="warning")
            return
        h = coach.hint(s.game, s.viewer, level="normal", seed=s.game.seed, names=self._coach_names())
        if h is None:
            return
        who = "The computer would" if h.source == "computer" else "The coach suggests:"
        words = self.ui.describe(h.action)
        words = words[:1].lower() + words[1:] if who.endswith("would") else words
        self.notify(
            f"{who} {words} ({key_for(h.action, controls_for(s.game))}).\n{in_keys(h.reason, controls_for(s.game))}",
            title="Hint",
        )
        if not self.coach_shown:  # the toast goes in seconds: the status line keeps the hint until the next move
            self.say(f"Hint: {who} {words} ({key_for(h.action, controls_for(s.game))}).", toast=False)
        else:
            advice = coach.advise(s.game, s.viewer, self._guide_events, names=self._coach_names())
            self._pane().show(advice, hint=h)
