"""Help: the keys, then the rules of the current game from ``rules.docs``."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown, Static

KEYS = """\
## Keys

| Key | What it does |
|---|---|
| 1-9 | pick a card in your hand |
| arrows, h j k l | move the cursor over cards |
| Tab, Shift+Tab | move between panes |
| Enter | play the picked card / confirm |
| Space | pass, where passing is legal |
| n | end the current phase, where that is legal |
| u | undo your last action (against the computer at the easy level, never past a reveal) |
| s | save now (every accepted action is saved anyway) |
| : | type an action in the game's notation, e.g. `play BA` |
| Ctrl+P | command palette: every action legal now, and the app's commands |
| ? or F1 | this help |
| q | save and leave to the title screen |
| g | show or hide the coach pane (what this phase is for, every legal move in words, why) |
| H | hint: the move the computer would make, and why |
| r (in this help) | the rules reference: search it, jump to a rule by its id |
| Ctrl+Q | quit the app (the game is saved) |

Keys shown dimmed in the bottom line cannot be used right now.
"""


def rules_markdown(game: str) -> str:
    try:
        from rules.docs import rule_sections

        sections = rule_sections(game)
    except Exception as e:  # missing or unreadable rules document: say so, do not crash the help
        return f"## Rules\n\nThe rules text for {game} is not available ({e.__class__.__name__})."
    parts = [f"## The rules of {game.capitalize()}"]
    for sec in sections.values():
        parts.append(f"### {sec.title}  `{sec.id}`\n\n{sec.text}")
    return "\n\n".join(parts)


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,question_mark,f1", "close", "Close"),
                Binding("r", "rules", "Rules reference")]  # the searchable reference from tui.learn

    def __init__(self, game: str | None = None):
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-body"):
            yield Static("Help (Esc closes; arrows, PgUp/PgDn scroll)", classes="dialog-title")
            yield Markdown(KEYS + ("\n\n" + rules_markdown(self.game) if self.game else ""))

    def on_mount(self) -> None:
        self.query_one("#help-body").focus()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_rules(self) -> None:
        from tui.learn.rules_screen import RulesScreen

        self.app.push_screen(RulesScreen(self.game or "resurrection"))
