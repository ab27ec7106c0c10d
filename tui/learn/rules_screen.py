"""The rules reference: each game's rules in the project's own words, by rule id, searchable, with jump-to-rule."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from rules.docs import RuleSection, rule_sections, rule_text
from rules.games import title_of
from tui.compat import Footer

LIST_WIDTH = 40


def matches(section: RuleSection, query: str) -> bool:
    """Every word of the query appears in the section's id, title or text (case does not matter)."""
    hay = f"{section.id} {section.title} {section.text}".lower()
    return all(word in hay for word in query.lower().split())


def rank(section: RuleSection, query: str) -> int:
    """Best first: the query in the section's id, then every word in its title, then only in its text."""
    q = query.lower().strip()
    if not q:
        return 0
    if q in section.id.lower():
        return 0
    if all(word in section.title.lower() for word in q.split()):
        return 1
    return 2


class RulesScreen(Screen[Any]):
    DEFAULT_CSS = (
        """
    RulesScreen #rules-head { height: 1; text-style: bold; padding: 0 1; }
    RulesScreen #rules-search { margin: 0 0; }
    RulesScreen #rules-list { width: LIST_WIDTH; border: round $secondary; }
    RulesScreen #rules-list:focus { border: heavy $accent; }
    RulesScreen #rules-body { width: 1fr; border: round $secondary; padding: 0 1; }
    RulesScreen #rules-body:focus { border: heavy $accent; }
    """
    ).replace("LIST_WIDTH", str(LIST_WIDTH))  # CSS is full of braces: a format string would double them all
    BINDINGS = [
        Binding("escape", "close", "Back", id="rules.close"),
        Binding("slash", "search", "Search", key_display="/", id="rules.search"),
    ]

    def __init__(self, game: str, rule_id: str | None = None):
        super().__init__()
        self.game = game
        self.sections = rule_sections(game)
        found = rule_text(game, rule_id) if rule_id else None
        self.current = found.id if found else next(iter(self.sections), "")
        self.shown: list[str] = []
        self._drawn = ""  # the section whose text the body shows: a search that keeps it does not redraw it

    def compose(self) -> ComposeResult:
        yield Static(f"Rules of {title_of(self.game)}: {len(self.sections)} sections", id="rules-head")
        yield Input(placeholder="Type to search the rules; Enter opens the best match", id="rules-search")
        with Horizontal():
            yield OptionList(id="rules-list")
            with VerticalScroll(id="rules-body", can_focus=True):
                yield Markdown(id="rules-text")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.fill("")
        self.show_rule(self.current)
        self.query_one("#rules-list", OptionList).focus()

    def fill(self, query: str) -> None:
        ol = self.query_one("#rules-list", OptionList)
        found = [sid for sid, s in self.sections.items() if not query or matches(s, query)]
        shown = sorted(found, key=lambda sid: rank(self.sections[sid], query))  # stable: book order within
        if shown != self.shown or not ol.option_count:  # a key that keeps the list keeps its options
            self.shown = shown
            ol.clear_options()
            ol.add_options([Option(self._label(sid), id=sid) for sid in self.shown])
        self.query_one("#rules-list").border_title = f"{len(self.shown)} of {len(self.sections)}"
        if self.current in self.shown:
            ol.highlighted = self.shown.index(self.current)
        elif self.shown:
            ol.highlighted = 0

    def _label(self, sid: str) -> Text:
        """One line: the id without the game's name, then the title, cut to the list's width."""
        short = sid.split(".", 1)[1] if "." in sid else sid
        label = Text.assemble((f"{short:<12}", "bold"), " ", self.sections[sid].title)
        label.truncate(LIST_WIDTH - 8, overflow="ellipsis")  # borders, padding, scrollbar
        return label

    def show_rule(self, rule_id: str) -> None:
        section = self.sections.get(rule_id)
        if section is None:
            return
        self.current = rule_id
        body = self.query_one("#rules-body", VerticalScroll)
        body.border_title = rule_id
        if self._drawn != rule_id:
            self._drawn = rule_id
            self.query_one("#rules-text", Markdown).update(f"## {section.title}\n\n`{section.id}`\n\n{section.text}")
        body.scroll_home(animate=False)
        if rule_id in self.shown:
            self.query_one("#rules-list", OptionList).highlighted = self.shown.index(rule_id)

    def jump(self, rule_id: str) -> bool:
        """Show the section a rule id refers to (or its parent); False if there is none."""
        found = rule_text(self.game, rule_id)
        if found is None:
            return False
        if found.id not in self.shown:
            self.query_one("#rules-search", Input).value = ""
            self.fill("")
        self.show_rule(found.id)
        return True

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id:
            self.show_rule(event.option.id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.query_one("#rules-body").focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        self.fill(event.value)
        if self.shown and self.current not in self.shown:
            self.show_rule(self.shown[0])

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if self.shown:  # Enter opens the best match: its text gets the focus, to read and scroll
            self.show_rule(self.shown[0])
            self.query_one("#rules-body").focus()
        else:
            self.notify(f"No rule mentions {event.value!r}.", severity="warning")

    def on_key(self, event: events.Key) -> None:
        """Typing a word anywhere but in the search box starts a search (no need for / first)."""
        search = self.query_one("#rules-search", Input)
        if self.focused is search or not event.is_printable or not event.character or event.character in "/?":
            return
        if not (event.character.isalnum() or event.character in "-."):
            return
        event.stop()
        event.prevent_default()
        search.value += event.character
        search.cursor_position = len(search.value)
        search.focus()

    def action_search(self) -> None:
        self.query_one("#rules-search", Input).focus()

    def action_close(self) -> None:
        if self.focused is self.query_one("#rules-search", Input) and self.query_one("#rules-search", Input).value:
            self.query_one("#rules-search", Input).value = ""
            return
        self.dismiss()
