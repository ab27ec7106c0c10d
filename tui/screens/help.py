"""Help: the keys, then the rules of the current game from ``rules.docs``."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown, Static

from rules.games import GAMES

KEYS = """\
## Keys

| Key | What it does |
|---|---|
| 1-9, 0 | pick a card in your hand (0: the tenth; arrows reach the rest) |
| arrows, h j k l | move the cursor over cards |
| Tab, Shift+Tab | move between panes, also onto the opponent's table to read their cards |
| Enter | play the picked card / confirm |
| Space | pass, where passing is legal |
| n | end the current phase, where that is legal |
| u | undo your last action (against the computer at the easy level, never past a reveal); otherwise it says why not |
| L | the log: full width, narrow, hidden |
| n, r (game over) | a new game; a rematch with the same options and the seats swapped |
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

## Abbreviations on the table (Redemption)

Card types: H Hero, EC Evil Character, GE/EE good/evil enhancement, LS Lost Soul, Do Dominant,
Ar artifact, Si site, Fo fortress; ?? a face-down card. Where a card is: * in battle, T territory,
A artifact pile, S set aside, @ in a site, F in a fortress, B Land of Bondage, C captured,
R Land of Redemption, D top of the discard pile (the only discard anyone may see). x before a card:
no action can use it now. A name cut with ... is shown in full in the Field when the cursor is on it.
Red: Redeemed Souls; LoB: Land of Bondage; Disc: discard pile.
"""


def as_list(markdown: str) -> str:
    """Markdown tables as lists ("- key: what it does"), for --ascii."""
    out = []
    for line in markdown.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else None
        if cells is None:
            stripped = line.lstrip()
            if stripped.startswith(("- ", "* ")):  # a list item: a plain dash, not a bullet glyph
                line = line[:len(line) - len(stripped)] + "\\- " + stripped[2:] + "  "
            out.append(line)
        elif set("".join(cells)) <= set("-: ") or cells[:2] == ["Key", "What it does"]:
            continue  # the header and its rule
        else:
            out.append(f"**{cells[0]}**: {' | '.join(cells[1:])}  ")  # two spaces: a line break
    return "\n".join(out)


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
            text = KEYS + ("\n\n" + rules_markdown(self.game) if self.game else "")
            if getattr(getattr(self.app, "settings", None), "ascii", False):
                text = as_list(text)  # Markdown draws tables with box lines: plain ASCII has none
            yield Markdown(text)

    def on_mount(self) -> None:
        self.query_one("#help-body").focus()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_rules(self) -> None:
        from tui.learn.rules_screen import RulesScreen

        self.app.push_screen(RulesScreen(self.game or GAMES[0].name))
