"""Your decks (of the first game played with decks, ``saves.decks``): the list (title screen -> Decks) and the deck editor.

The editor shows the card pool on the left (filters: type ``t``, alignment ``a``,
brigade ``b``, and text search as you type after ``/``), the deck on the right grouped
by type, the highlighted card's full text below, and the deck rules' verdict with rule
ids in a status line, updated on every change. Everything works with the keyboard alone
at 80x24. Names and notes from deck files are shown as plain text, never as markup.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from rules.games import DeckRules
from saves import decks as dk
from saves import printable
from tui.compat import Footer, own_bindings
from tui.dialogkeys import DialogInput
from tui.host import host

CSS = str(Path(__file__).with_name("decks.tcss"))


def filters(rules: DeckRules) -> dict[str, tuple[str, ...]]:
    """The values each pool filter cycles through ("" first: no filter)."""
    brigades = sorted({b for c in rules.CARDS.values() for b in c.brigades})
    return {"type": ("", *rules.CARD_TYPES), "align": ("", *rules.ALIGNMENTS), "brigade": ("", *brigades)}


def card_line(rules: DeckRules, key: str) -> str:
    c = rules.CARDS[key]
    nums = f"{c.strength}/{c.toughness}" if (c.is_character or c.is_enhancement) else ""
    return f"{c.name[:20]:20} {rules.SHORT_TYPE_NAMES[c.type]:5} {nums}"


#: the pool's rows and search texts, by the rules' id (a game's deck rules are a module, alive for the process) and key
_ROWS: dict[tuple[int, str], Content] = {}
_SEARCH: dict[tuple[int, str], str] = {}


def pool_row(rules: DeckRules, key: str) -> Content:
    """A card's row in the pool, made once: the pool is rebuilt on every key typed in its search and every filter,
    and the list measures each row's height at its width on the row itself (wrapping it to count its lines),
    so a row kept from the last build is not wrapped and measured again (1,650 rows a build)."""
    row = _ROWS.get((id(rules), key))
    if row is None:
        row = _ROWS[id(rules), key] = Content(card_line(rules, key))
    return row


def search_text(rules: DeckRules, key: str) -> str:
    """What the pool's search looks in for a card: its name, type, brigades, ability and identifiers."""
    text = _SEARCH.get((id(rules), key))
    if text is None:
        c = rules.CARDS[key]
        text = f"{c.name} {c.type_name} {' '.join(c.brigades)} {c.ability_text} {' '.join(c.identifiers)}".lower()
        _SEARCH[id(rules), key] = text
    return text


def card_text(rules: DeckRules, key: str) -> str:
    c = rules.CARDS[key]
    bits = [c.type_name]
    if c.brigade_text():
        bits.append(c.brigade_text())
    if c.is_character or c.is_enhancement:
        bits.append(f"{c.strength}/{c.toughness}")
    if c.classes:
        bits.append(", ".join(c.classes) + " class")
    if c.is_unique:
        bits.append("unique")
    head = f"{c.name}  ({'; '.join(bits)})  {c.reference}"
    return head + "\n" + (c.ability_text or "No special ability.")


class NameScreen(ModalScreen[str | None]):
    """Ask for a deck name (Enter accepts, Esc cancels)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="deck-name.cancel")]

    def __init__(self, title: str, value: str = ""):
        super().__init__()
        self.title_text, self.value = title, value

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(Content(self.title_text), classes="dialog-title")
            yield DialogInput(value=self.value, placeholder="letters, digits, spaces, _ . -", id="deck-name")
            yield Label("Enter saves, Esc cancels.")

    def submit(self, value: str) -> None:
        """Enter in the field (see ``DialogInput``): the name, or None if it is empty."""
        self.dismiss(value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


if TYPE_CHECKING:
    _Screen = Screen[Any]  # the mixin is mixed into a screen: Textual's methods, typed
else:
    _Screen = object


class AsksNames(_Screen):
    """For a screen whose keys open the name dialog: the keys typed after them go into the dialog, in order.

    Textual runs a screen's bindings only once a key has bubbled back up to the app, and by then every key typed
    after it in the same read from the terminal (a fast typist, a paste over SSH) has gone to the focused widget:
    they would reach the app with the dialog on top, where no binding takes them, and be lost or run in the screen
    below. So the keys that open the dialog are priority bindings (run as the app reads them) and
    :meth:`ask_name` gives the dialog's field the focus before the app reads the next key. A key typed *before*
    the opening one may still be on its way up when the dialog opens; :meth:`on_key` runs it here, as the app
    would have.
    """

    _dialog: NameScreen | None = None

    async def ask_name(self, title: str, value: str, done: Callable[[str | None], Any]) -> None:
        dialog = self._dialog = NameScreen(title, value)

        def closed(result: str | None) -> None:
            self._dialog = None
            done(result)

        await self.app.push_screen(dialog, closed)
        dialog.set_focus(dialog.query_one("#deck-name", Input))

    async def on_key(self, event: events.Key) -> None:
        if self._dialog is None:
            return
        event.stop()
        event.prevent_default()
        nodes: tuple[Any, ...] = (self.focused, self)
        for node in nodes:
            for binding in own_bindings(node, event.key) if node is not None else ():
                if not binding.priority and await self.app.run_action(binding.action, node):
                    return


class DeckListScreen(Screen[Any]):
    """The bundled decks and yours: open one in the editor, start a new one, delete one."""

    CSS_PATH = CSS
    BINDINGS = [
        Binding("enter", "open", "Edit", show=True, id="decks.open"),
        Binding("n", "new", "New deck", id="decks.new"),
        Binding("d", "delete", "Delete", id="decks.delete"),
        Binding("escape", "back", "Back", id="decks.back"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="decks-box"):
            yield Label(
                "Your decks (Enter edits; G and H open as a copy; n new, d delete, Esc back)", classes="dialog-title"
            )
            yield Label(Content(f"Folder: {dk.folder(host(self).settings.save_dir)}"), id="deck-folder")
            yield OptionList(id="deck-list", markup=False)
            yield Static("", id="deck-errors", markup=False)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.fill()

    def on_screen_resume(self) -> None:
        self.fill()

    def fill(self) -> None:
        self.decks, errors = dk.list_decks(host(self).settings.save_dir)
        menu = self.query_one("#deck-list", OptionList)
        keep = menu.highlighted or 0
        menu.clear_options()
        for d in self.decks:
            problems = d.problems()
            legal = "legal" if not problems else f"not legal ({len(problems)})"
            label = f"{printable(d.name)[:30]:30} {d.size:3} cards  {legal:16} {'bundled' if d.builtin else ''}"
            menu.add_option(Option(Content(label)))
        menu.highlighted = min(keep, len(self.decks) - 1)
        self.query_one("#deck-errors", Static).update("\n".join(f"Unreadable: {e}" for e in errors))
        menu.focus()

    def _current(self) -> dk.Deck | None:
        i = self.query_one("#deck-list", OptionList).highlighted
        return self.decks[i] if i is not None and 0 <= i < len(self.decks) else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_open()

    def action_open(self) -> None:
        deck = self._current()
        if deck is None:
            return
        if deck.builtin:
            self.app.push_screen(DeckEditorScreen(deck.copy(self._free_name(f"{deck.name} copy")), saved=False))
        else:
            self.app.push_screen(DeckEditorScreen(deck, saved=True))

    def _free_name(self, base: str) -> str:
        names = {d.name for d in self.decks}
        name, n = base, 1
        while name in names:
            n += 1
            name = f"{base} {n}"
        return name

    def action_new(self) -> None:
        self.app.push_screen(DeckEditorScreen(dk.Deck(self._free_name("New deck")), saved=False))

    def action_delete(self) -> None:
        deck = self._current()
        if deck is None:
            return
        if deck.builtin:
            self.notify(f"{deck.name} is bundled with the game and cannot be deleted.", severity="warning")
            return
        from tui.screens.confirm import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                try:
                    dk.delete(deck.name, host(self).settings.save_dir)
                    self.notify(f"Deleted the deck {printable(deck.name)}.")
                except dk.SaveError as e:
                    self.notify(str(e), severity="error")
                self.fill()

        self.app.push_screen(ConfirmScreen(f"Delete the deck {printable(deck.name)!r}?", yes="Delete"), done)

    def action_back(self) -> None:
        self.dismiss()


class DeckEditorScreen(AsksNames, Screen[Any]):
    CSS_PATH = CSS
    BINDINGS = [
        Binding("plus,equals_sign,a", "add", "Add", show=True, id="deck-editor.add"),
        Binding("minus,delete,x", "remove", "Remove", show=True, id="deck-editor.remove"),
        # '/', Enter, 'w' and 'r' act as they arrive (priority): keys typed in the same burst (fast typing, a paste
        # over SSH) then go where those send them: to the search field, back to the pool, into the name dialog
        # (AsksNames). In the search field 'w' and 'r' are typed (check_action).
        Binding("slash", "search", "Search", priority=True, id="deck-editor.search"),
        Binding("enter", "enter", "Add", show=False, priority=True, id="deck-editor.enter"),
        Binding("t", "cycle('type')", "Type", id="deck-editor.cycle-type"),
        Binding("l", "cycle('align')", "Align", id="deck-editor.cycle-align"),
        Binding("b", "cycle('brigade')", "Brigade", id="deck-editor.cycle-brigade"),
        Binding("ctrl+s", "save", "Save", priority=True, id="deck-editor.save"),
        Binding("w", "save_as", "Save as", priority=True, id="deck-editor.save-as"),
        Binding("r", "rename", "Rename", priority=True, id="deck-editor.rename"),
        Binding("D", "delete", "Delete", show=False, id="deck-editor.delete"),
        Binding("escape", "back", "Back", id="deck-editor.back"),
    ]

    def __init__(self, deck: dk.Deck, saved: bool = True):
        super().__init__()
        self.deck = deck
        self.rules = deck.rules
        self.saved_name = deck.name if saved else None
        self.dirty = not saved
        self.filters = {"type": "", "align": "", "brigade": ""}
        self.pool: list[str] = []
        self.rows: list[str | None] = []  # deck list row -> card key (None for a heading)

    def compose(self) -> ComposeResult:
        yield Static("", id="deck-title", markup=False)
        with Horizontal(id="deck-panes"):
            with Vertical(id="pool-side"):
                yield Input(placeholder="/ search card names and text", id="pool-search")
                yield Static("", id="pool-filters", markup=False)
                yield OptionList(id="pool", markup=False)
            yield OptionList(id="deck", markup=False)
        yield Static("", id="card-text", markup=False)
        yield Static("", id="deck-status", markup=False)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.refresh_pool()
        self.refresh_deck()
        self.query_one("#pool", OptionList).focus()

    # --- drawing ------------------------------------------------------------------------------
    def refresh_pool(self) -> None:
        f = self.filters
        words = self.query_one("#pool-search", Input).value.lower().split()
        keys = []
        cards, names = self.rules.CARDS, self.rules.TYPE_NAMES
        for k, c in cards.items():
            if f["type"] and c.type != f["type"]:
                continue
            if f["align"] and c.alignment != f["align"]:
                continue
            if f["brigade"] and f["brigade"] not in c.brigades:
                continue
            if words and any(w not in search_text(self.rules, k) for w in words):
                continue
            keys.append(k)
        keys.sort(key=lambda k: (self.rules.CARD_TYPES.index(cards[k].type), cards[k].name))
        self.pool = keys
        pool = self.query_one("#pool", OptionList)
        keep = pool.highlighted
        pool.clear_options()
        pool.add_options([Option(pool_row(self.rules, k)) for k in keys])
        if keys:
            pool.highlighted = min(keep or 0, len(keys) - 1)
        shown = [x for x in (names.get(f["type"], ""), f["align"], f["brigade"]) if x]
        text = f"{len(keys)} cards: " + (", ".join(shown) if shown else "t, l, b filter")
        self.query_one("#pool-filters", Static).update(text)

    def refresh_deck(self) -> None:
        deck = self.query_one("#deck", OptionList)
        keep = deck.highlighted
        deck.clear_options()
        self.rows = []
        options = []
        cards, names = self.rules.CARDS, self.rules.TYPE_NAMES
        for t in self.rules.CARD_TYPES:
            rows = sorted(
                ((k, n) for k, n in self.deck.cards.items() if cards[k].type == t), key=lambda r: cards[r[0]].name
            )
            if not rows:
                continue
            name = names[t] + ("es" if names[t].endswith("o") else "s")
            options.append(Option(Content(f"-- {name} ({sum(n for _, n in rows)})"), disabled=True))
            self.rows.append(None)
            for k, n in rows:
                options.append(Option(Content(f"{n} {cards[k].name}")))
                self.rows.append(k)
        deck.add_options(options)
        if keep is not None and self.rows:
            i = min(keep, len(self.rows) - 1)
            while i > 0 and self.rows[i] is None:
                i -= 1
            if self.rows[i] is None and len(self.rows) > 1:
                i = 1
            deck.highlighted = i
        self._mark_focus()
        self.refresh_status()

    def refresh_status(self) -> None:
        problems = self.deck.problems()
        mark = " *" if self.dirty else ""
        self.query_one("#deck-title", Static).update(
            f"Deck editor: {printable(self.deck.name)}{mark}   ({self.deck.size} cards; "
            f"{'saved' if not self.dirty else 'not saved'})"
        )
        if not problems:
            text = "Legal (Type 1): ready to play."
        else:
            text = f"Not legal ({len(problems)}): " + "; ".join(str(v) for v in problems)
        self.query_one("#deck-status", Static).update(text)

    def show_card(self, key: str | None) -> None:
        self.query_one("#card-text", Static).update(card_text(self.rules, key) if key else "")

    def _focused_key(self) -> str | None:
        focused = self.focused
        if isinstance(focused, OptionList) and focused.id == "deck":
            i = focused.highlighted
            return self.rows[i] if i is not None and 0 <= i < len(self.rows) else None
        pool = self.query_one("#pool", OptionList)
        i = pool.highlighted
        return self.pool[i] if i is not None and 0 <= i < len(self.pool) else None

    # --- events ------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """In the search field 'w' and 'r' are letters (False lets the key go on to the field)."""
        return not (action in ("save_as", "rename") and isinstance(self.focused, Input))

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self._mark_focus()

    def _mark_focus(self) -> None:
        """The focused list's title starts with a marker: the border alone does not show it in ASCII, NO_COLOR."""
        marker = ">" if host(self).settings.ascii else "▶"
        pool, deck = self.query_one("#pool", OptionList), self.query_one("#deck", OptionList)
        pool.border_title = ("" if self.focused is not pool else marker + " ") + "Card pool"
        deck.border_title = ("" if self.focused is not deck else marker + " ") + f"Deck: {self.deck.size} cards"

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "pool" and 0 <= event.option_index < len(self.pool):
            self.show_card(self.pool[event.option_index])
        elif event.option_list.id == "deck" and 0 <= event.option_index < len(self.rows):
            self.show_card(self.rows[event.option_index])

    def on_input_changed(self, event: Input.Changed) -> None:
        self.refresh_pool()

    def action_enter(self) -> None:
        """Enter: in the search field, back to the pool; on a card, add a copy."""
        if isinstance(self.focused, Input):
            self.set_focus(self.query_one("#pool", OptionList))
        else:
            self.action_add()

    # --- actions -------------------------------------------------------------------------------------
    def change(self, key: str, n: int) -> None:
        before = self.deck.cards.get(key, 0)
        self.deck.add(key, n)
        if self.deck.cards.get(key, 0) != before:
            self.dirty = True
        self.refresh_deck()
        self.show_card(key)

    def action_add(self) -> None:
        key = self._focused_key()
        if key is not None:
            self.change(key, 1)

    def action_remove(self) -> None:
        key = self._focused_key()
        if key is not None and key in self.deck.cards:
            self.change(key, -1)

    def action_search(self) -> None:
        # At once, not after a refresh (Widget.focus): the keys typed right after '/' in the same burst (a fast
        # typist, a paste over SSH) must reach the search field, not run as the pool's commands.
        self.set_focus(self.query_one("#pool-search", Input))

    def action_cycle(self, which: str) -> None:
        values = filters(self.rules)[which]
        cur = self.filters[which]
        self.filters[which] = values[(values.index(cur) + 1) % len(values)]
        self.refresh_pool()

    def _write(self, name: str) -> bool:
        folder = host(self).settings.save_dir
        try:
            dk.file_name(name)
            if name in self.rules.DECKS:
                raise dk.DeckError(f"{name!r} is a bundled deck's name; pick another")
            if name != self.saved_name and dk.path_for(name, folder).exists():
                raise dk.DeckError(f"a deck named {name!r} already exists; pick another name")
            self.deck.name = name
            dk.save(self.deck, folder)
        except dk.SaveError as e:
            self.app.bell()
            self.notify(str(e), title="Not saved", severity="error")
            return False
        self.saved_name, self.dirty = name, False
        self.refresh_status()
        problems = self.deck.problems()
        self.notify(f"Saved {name}" + (" (legal)." if not problems else f" (not legal yet: {len(problems)} problems)."))
        return True

    async def action_save(self) -> None:
        if self.saved_name is None:
            await self.action_save_as()
        else:
            self._write(self.saved_name)

    async def action_save_as(self) -> None:
        def done(name: str | None) -> None:
            if name:
                self._write(name)

        await self.ask_name("Save the deck as", self.deck.name, done)

    async def action_rename(self) -> None:
        if self.saved_name is None:
            await self.action_save_as()
            return
        old = self.saved_name

        def done(name: str | None) -> None:
            if not name or name == self.saved_name:
                return
            try:
                dk.rename(old, name, host(self).settings.save_dir)
            except dk.SaveError as e:
                self.notify(str(e), title="Not renamed", severity="error")
                return
            self.saved_name = self.deck.name = name
            self.refresh_status()
            self.notify(f"Renamed to {name}.")

        await self.ask_name("Rename the deck to", self.deck.name, done)

    def action_delete(self) -> None:
        if self.saved_name is None:
            self.dismiss()
            return
        old = self.saved_name
        from tui.screens.confirm import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                try:
                    dk.delete(old, host(self).settings.save_dir)
                except dk.SaveError as e:
                    self.notify(str(e), severity="error")
                    return
                self.dismiss()

        self.app.push_screen(ConfirmScreen(f"Delete the deck {self.saved_name!r}?", yes="Delete"), done)

    def action_back(self) -> None:
        if isinstance(self.focused, Input):
            self.set_focus(self.query_one("#pool", OptionList))
            return
        if not self.dirty:
            self.dismiss()
            return
        from tui.screens.confirm import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                self.dismiss()

        self.app.push_screen(ConfirmScreen("Leave without saving the changes to this deck?", yes="Leave"), done)
