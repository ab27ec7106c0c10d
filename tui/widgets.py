"""Widgets shared by both games. They show what they are given (parts of ``view(player)``) and nothing else."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import RichLog

from saves import printable
from tui import keys
from tui.compat import log_has_size


class Pane(Widget, can_focus=True):
    """A bordered pane of text; Tab moves between panes, so each can take focus.

    Its size comes from the stylesheet, never from its text, so new text only repaints
    the pane (a Static would ask for a new layout of the whole screen on every update).
    """

    SCOPED_CSS = False
    DEFAULT_CSS = """
    Pane {
        border: round $secondary;
        padding: 0 1;
        width: 100%;
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self._body: Text = Text()
        self._key: object = None

    def set(self, title: str, body: Text | str, subtitle: str = "") -> None:
        """Show new content; nothing happens when nothing changed."""
        set_titles(self, title, subtitle)
        key = body.markup if isinstance(body, Text) else body
        if key != self._key:
            self._key = key
            self._body = body if isinstance(body, Text) else Text(body)
            self.refresh()

    @property
    def text(self) -> Text:
        return self._body

    def render(self) -> Text:
        return self._body


#: The titles each pane was last given (set_titles sets them only when they change: a new title is a repaint).
_TITLES: weakref.WeakKeyDictionary[Widget, tuple[str, str]] = weakref.WeakKeyDictionary()


def set_titles(widget: Widget, title: str, subtitle: str) -> None:
    """A pane's border title and subtitle, as plain text (they hold players' names: never markup)."""
    if _TITLES.get(widget) != (title, subtitle):
        _TITLES[widget] = (title, subtitle)
        widget.border_title = Text(printable(title))
        widget.border_subtitle = Text(printable(subtitle))


@dataclass(frozen=True)
class Item:
    """One card in a card list: its id (what actions name), how it looks, whether any action can use it now."""

    id: str
    label: Text
    usable: bool = True


class CardList(Widget, can_focus=True):
    """A pane of cards with a cursor. Selection is shown by a marker and reverse video, never colour alone."""

    BINDINGS = [*keys.CURSOR]
    SCOPED_CSS = False
    DEFAULT_CSS = """
    CardList {
        border: round $secondary;
        padding: 0 1;
        width: 100%;
        height: auto;
        min-height: 3;
        max-height: 11;
    }
    """

    cursor = reactive(0)

    class Moved(Message):
        def __init__(self, cards: CardList) -> None:
            super().__init__()
            self.cards = cards

    class Chosen(Message):
        """A click on the card under the cursor (or a double click): the screen does what Enter does on it."""

        def __init__(self, cards: CardList) -> None:
            super().__init__()
            self.cards = cards

    def __init__(
        self,
        *,
        ascii_only: bool = False,
        numbered: bool = True,
        marks: bool = True,
        id: str | None = None,
        classes: str | None = None,
    ):
        super().__init__(id=id, classes=classes)
        self.numbered = numbered
        self.marks = marks  # False: no "x" for cards no action uses (the opponent's cards are never yours to use)
        self.items: list[Item] = []
        self.empty_text = "(no cards)"
        self.ascii_only = ascii_only
        #: shown instead of the list while the pane does not have the focus (an overview of the cards in it)
        self.summary: Text | None = None
        self.seat: int | None = None  # whose cards these are (None: the viewer's own, or nobody's in particular)

    def set_summary(self, summary: Text | None) -> None:
        key = summary.markup if summary is not None else None
        if key != (self.summary.markup if self.summary is not None else None):
            self.summary = summary
            if not self.has_focus:
                self.refresh()

    def set_items(self, items: list[Item], title: str = "", subtitle: str = "", empty: str = "(no cards)") -> None:
        self.set_list(items, empty)
        set_titles(self, title, subtitle)

    def set_list(self, items: list[Item], empty: str = "(no cards)") -> None:
        """New cards, the titles left as they are (:meth:`set_items` sets both; a subtitle that depends on the cards
        shown, :meth:`hidden`, is set after this)."""
        old = self.selected
        resized = len(items) != len(self.items)
        self.items = items
        self.empty_text = empty
        ids = [i.id for i in items]
        if old in ids:
            self.cursor = ids.index(old)
        elif self.cursor >= len(items):
            self.cursor = max(0, len(items) - 1)
        # a new count of cards changes the pane's size only when its height follows them (CardList's own ``auto``;
        # the boards give theirs fixed heights): otherwise a repaint, not a new layout of the screen
        height = self.styles.height
        self.refresh(layout=resized and (height is None or height.is_auto))

    def shown_state(self) -> tuple[object, ...]:
        """What of this pane's own state its texts depend on (the game screen redraws when it changes)."""
        return (self.cursor, len(self.items), self.content_size, self.has_focus)

    @property
    def room(self) -> int:
        """Columns a card's label may take (after the cursor mark, number and x); 0 before the first layout."""
        width = self.content_size.width
        return max(8, width - (3 if self.numbered else 2)) if width else 0

    def hidden(self) -> tuple[int, int]:
        """How many cards are above and below the rows shown (the pane scrolls with the cursor)."""
        height = max(1, self.content_size.height)
        if len(self.items) <= height:
            return 0, 0
        first = min(max(0, self.cursor - height // 2), len(self.items) - height)
        return first, len(self.items) - first - height

    @property
    def selected(self) -> str | None:
        if 0 <= self.cursor < len(self.items):
            return self.items[self.cursor].id
        return None

    def select(self, index: int) -> bool:
        if 0 <= index < len(self.items):
            self.cursor = index
            return True
        return False

    def action_move(self, step: int) -> None:
        if self.items:
            self.cursor = (self.cursor + step) % len(self.items)
            self.post_message(self.Moved(self))

    def on_click(self, event: events.Click) -> None:
        """A click selects the card under the mouse (the pane takes the keys); a click on the card already selected,
        or a double click, plays it as Enter would."""
        at = event.get_content_offset(self)
        was_here = self.has_focus
        showing_list = self.summary is None or was_here  # a summary line is not a card: the click opens the list
        self.focus()
        if at is None or not showing_list or not self.items:
            return
        index = self.hidden()[0] + at.y
        if not 0 <= index < len(self.items):
            return
        event.stop()
        if (index == self.cursor and was_here) or event.chain >= 2:
            self.cursor = index
            self.post_message(self.Chosen(self))
        elif index != self.cursor:
            self.cursor = index
            self.post_message(self.Moved(self))

    def watch_cursor(self) -> None:
        self.refresh()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(1, len(self.items))

    def render(self) -> Text:
        if self.summary is not None and not self.has_focus:
            return self.summary
        if not self.items:
            return Text(self.empty_text, style="italic")
        out = Text()
        width = max(4, self.content_size.width)
        height = max(1, self.content_size.height)
        arrow = ">" if self.ascii_only else "▶"
        first = 0
        if len(self.items) > height:  # show a window that keeps the cursor visible
            first = min(max(0, self.cursor - height // 2), len(self.items) - height)
        shown = list(enumerate(self.items))[first : first + height]
        up, down = ("^", "v") if self.ascii_only else ("↑", "↓")
        for n, item in shown:
            chosen = n == self.cursor
            mark = arrow if chosen else " "
            if not chosen and n == shown[0][0] and n > 0:
                mark = up  # more cards above: the arrow keys scroll to them
            elif not chosen and n == shown[-1][0] and n < len(self.items) - 1:
                mark = down
            key = (f"{(n + 1) % 10}" if n < 10 else " ") if self.numbered else ""  # 1-9, then 0 for the tenth
            line = Text(f"{mark}{key}{' ' if item.usable or not self.marks else 'x'}")  # x: no legal action uses it now
            line.append_text(item.label)
            if not item.usable:
                line.stylize("dim")
            line.truncate(width, overflow="ellipsis")  # "..." under --ascii (tui.compat)
            if chosen:
                line.stylize("reverse" if self.has_focus else "bold underline")
            out.append_text(line)
            if n < shown[-1][0]:
                out.append("\n")
        return out

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


class LogPane(RichLog, can_focus=True):
    """Every event in words, newest at the bottom, scrollable."""

    #: A message's second and later rows start this far in: a row at the left edge always starts a line of the log,
    #: so no words a player writes can pass for a line of their own ("alice says: I resign").
    TALK_INDENT = 2

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, auto_scroll=True, min_width=16, **kwargs)
        self.written = 0
        self._last: list[str] = []  # the lines shown: the log may change under them (undo, old talk let go)

    def sync(self, lines: list[str], words: Callable[[str], str] | None = None) -> None:
        """Show the lines not shown yet (the log keeps the events in the players' words: ``Session.words``;
        ``words``: what says a line kept as a template, ``Session.log_words``)."""
        if lines[: self.written] != self._last:  # not the lines shown: write them all again
            self.clear()
            self.written = 0
        new = lines[self.written :]
        self._last = lines[:]
        if new:  # one write for all new lines: one new layout, not one per line
            text = Text("\n").join(self.shown(words(line) if words else line) for line in new)
            if log_has_size(self):
                # scrolled to the new lines now, so the frame that shows them is the next one: RichLog's own scroll
                # waits for that frame and then draws the whole log again in a second one
                self.write(text, scroll_end=False)
                if self.auto_scroll:
                    self.scroll_end(animate=False, immediate=True, x_axis=False)
            else:
                self.write(text)  # before the first layout RichLog keeps the lines, and scrolls once it has a size
        self.written = len(lines)

    def shown(self, line: str) -> Text:
        """A log line as shown (an event's rule id is a field, not in its words: the narrow log would wrap it into
        noise; help has the rules); a refusal with its rule id, in bold; talk with its later rows indented."""
        line = printable(line)  # a log line is text from the save file
        if line.startswith("Rejected:"):
            return Text(line, style="bold")
        width = self.scrollable_content_region.width
        if not log_has_size(self) or width <= self.TALK_INDENT:
            return Text(line)  # before the first layout: written again once the width is known (rewrap)
        from saves.tables import is_talk  # the shared tables' module: not imported before the first frame

        if not is_talk(line):
            return Text(line)
        rows = Text(line).wrap(self.app.console, width - self.TALK_INDENT)
        return Text("\n" + " " * self.TALK_INDENT).join(rows)

    def reset(self) -> None:
        """Forget what is shown: the next sync writes every line again."""
        self.clear()
        self.written = 0
        self._last = []


class StatusLine(Widget):
    """Game, turn, phase, whose move and the score, in one line (one row: updates never need a new layout); a message
    for the player is wrapped onto up to two more rows (``wrap``), the board below giving them back once it goes."""

    def __init__(self, *, id: str | None = None):
        super().__init__(id=id)
        self._text = ""

    def update(self, text: str, wrap: bool = False) -> None:
        wrap = wrap and len(text) > max(1, self.content_size.width)
        if wrap != self.has_class("-wrapped"):
            self.set_class(wrap, "-wrapped")  # a new layout only when the rows change (app.tcss: #status.-wrapped)
        if text != self._text:
            self._text = text
            self.refresh(layout=wrap)

    def render(self) -> Text:
        # plain text: it holds players' names; a line that still does not fit ends in an ellipsis
        return Text(printable(self._text), overflow="ellipsis")


def boxes(cards: list[tuple[list[Text], str]], width: int = 9, ascii_only: bool = False) -> Text:
    """Cards drawn side by side as boxes (for wide terminals): each card is (lines, style of its frame)."""
    if not cards:
        return Text()
    tl, tr, bl, br, h, v = ("+", "+", "+", "+", "-", "|") if ascii_only else ("╭", "╮", "╰", "╯", "─", "│")
    inner = width - 2
    height = max(len(lines) for lines, _ in cards)
    rows = [Text() for _ in range(height + 2)]
    for i, (lines, frame) in enumerate(cards):
        gap = " " if i else ""
        rows[0].append(gap + tl + h * inner + tr, style=frame)
        for r in range(height):
            line = lines[r].copy() if r < len(lines) else Text()
            line.truncate(inner, overflow="ellipsis", pad=True)
            rows[r + 1].append(gap + v, style=frame)
            rows[r + 1].append_text(line)
            rows[r + 1].append(v, style=frame)
        rows[-1].append(gap + bl + h * inner + br, style=frame)
    return Text("\n").join(rows)
