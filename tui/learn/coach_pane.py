"""The coach pane: the coach's words for the player at the keyboard, with the rule behind each line."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from rules.coach import Advice, Hint
from tui import keys
from tui.controls import Controls, controls_for
from tui.wording import in_keys, key_for


def render_advice(
    advice: Advice | None,
    controls: Controls,
    before: Sequence[Text | str] = (),
    hint: Hint | None = None,
    describe: Callable[[Any], str] | None = None,
) -> Text:
    """The advice as styled text. Structure is carried by words and indentation, never colour alone. Keys, never
    notation: what the coach quotes in notation is said as the key that does it; ``describe`` (the game screen's)
    puts a hinted action in words; ``controls`` (the game's) says which key makes an action."""
    out = Text()

    def line(text: str | Text = "", style: str = "", rule: str = "") -> None:
        if len(out):
            out.append("\n")
        if isinstance(text, str):
            out.append(in_keys(text, controls), style=style)
        else:
            out.append_text(text)
        if rule:
            out.append(f" [{rule}]", style="dim")

    if hint is not None:  # first: the player asked for it, and it must show without scrolling
        line(f"Hint: {describe(hint.action) if describe else hint.action} ({key_for(hint.action, controls)})", "bold")
        line(f"  {in_keys(hint.reason, controls)}")
    for item in before:
        if item:
            line(item)
    if advice is None:
        return out
    if len(out):
        line()
    line(advice.phase, "bold underline")
    line(advice.purpose[:1].upper() + advice.purpose[1:], rule=advice.phase_rule)
    if advice.rejected:
        r = advice.rejected
        line()
        line(f"Not allowed: {r.reason}", "bold reverse")
        if r.rule:
            line(
                Text.assemble(
                    ("Rule ", ""),
                    (r.rule, "bold"),
                    (f" ({r.rule_title}): " if r.rule_title else ": ", ""),
                    r.rule_summary,
                )
            )
        line(
            "Legal instead (pick, Enter): "
            + ("; ".join(a.words.split(":")[0] for a in r.legal_instead) or "nothing right now"),
            "bold",
        )
    if advice.opponent:
        line()
        line("What just happened", "bold")
        for said in advice.opponent:
            line(f"- {said.text}", rule=said.rule)
    if advice.why:
        line()
        line("Why?", "bold")
        for said in advice.why:
            line(f"- {said.text}", rule=said.rule)
    if advice.your_move and advice.actions:
        line()
        line("You can", "bold")
        for a in advice.actions:
            line(Text.assemble((key_for(a.action, controls), "bold"), f": {in_keys(a.words, controls)}"), rule=a.rule)
    elif advice.waiting:
        line()
        line(advice.waiting, "italic")
    return out


class CoachPane(VerticalScroll, can_focus=True):
    """Scrollable coach text; ``r`` opens the rules reference at the rule the coach last cited."""

    DEFAULT_CSS = """
    CoachPane {
        border: round $secondary;
        padding: 0 1;
        height: 1fr;
    }
    CoachPane:focus {
        border: heavy $accent;
    }
    App.-ascii CoachPane, App.-ascii CoachPane:focus {
        border: ascii $secondary;
    }
    CoachPane > #coach-text {
        width: 100%;
    }
    """
    BINDINGS = [*keys.bindings("rule")]

    def __init__(self, game: str, *, id: str | None = "coach", classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self.game = game
        self.rule = ""
        self.describe: Callable[[Any], str] | None = None  # the game screen's ui.describe: actions in words
        self.text = Text()
        self._body = Static(id="coach-text")  # kept, so show() works before the pane is mounted

    def compose(self) -> ComposeResult:
        yield self._body

    def on_mount(self) -> None:
        self.border_title = "Coach"
        self.border_subtitle = "r: rule"

    def show(
        self, advice: Advice | None, before: Sequence[Text | str] = (), hint: Hint | None = None, rule: str = ""
    ) -> None:
        """Show the coach's words; ``rule`` (else the rejection's, else the phase's) is where ``r`` jumps."""
        self.text = render_advice(advice, controls_for(self.game), before, hint, self.describe)
        if not rule and advice is not None:
            rule = advice.rejected.rule if advice.rejected and advice.rejected.rule else advice.phase_rule
        self.rule = rule
        self._body.update(self.text)
        self.scroll_home(animate=False)

    def action_rule(self) -> None:
        from tui.learn.rules_screen import RulesScreen

        self.app.push_screen(RulesScreen(self.game, self.rule or None))
