"""Under ``--ascii``, no box-drawing border and no "\u2026": no non-ASCII character on any screen.

Borders: Textual draws each border type (round, heavy, tall, the half-block "tall" of inputs and buttons, ...) with
its own characters; while the running app has ``settings.ascii`` set, every visible border is drawn with the
"ascii" type's "+", "-" and "|" (same cell widths), whichever type the stylesheet (ours or a Textual widget's) gave.

Progress bars: "#" for the part done and "-" for the rest (Textual's bar draws both with the same line glyph,
told apart only by colour).

Textual (border titles, labels, option lists: ``Content.truncate``) and Rich (``Text.truncate``, used by our panes
and tables) end a cut text with the one-character ellipsis "\u2026". Both are wrapped here: while the running app
has ``settings.ascii`` set, the cut ends in "..." within the same width instead. The app is looked up in Textual's
context (each app in a process, e.g. several SSH sessions, keeps its own setting); outside an app nothing changes.
Nothing is replaced until an app with ``--ascii`` starts (:func:`install`).
"""

from __future__ import annotations

from rich.cells import set_cell_size
from rich.text import Text
from textual import _styles_cache
from textual._context import active_app
from textual.content import Content
from textual.renderables.bar import Bar

ELLIPSIS = "\u2026"


def ascii_wanted() -> bool:
    app = active_app.get(None)
    return bool(getattr(getattr(app, "settings", None), "ascii", False))


def dots(plain: str, width: int) -> str:
    """``plain`` cut to ``width`` cells, ending in "..." (as many dots as fit)."""
    return set_cell_size(plain, max(0, width - 3)) + "..."[:width]


BLANK_BORDERS = frozenset({"", "none", "hidden", "blank", "ascii"})
_get_box = _styles_cache.get_box


def get_box(name, inner_style, outer_style, style):
    if name not in BLANK_BORDERS and ascii_wanted():
        name = "ascii"
    return _get_box(name, inner_style, outer_style, style)


_bar_console = Bar.__rich_console__


def bar_console(self: Bar, console, options):
    if not ascii_wanted():
        yield from _bar_console(self, console, options)
        return
    width = self.width or options.max_width
    start = min(width, max(0, round(self.highlight_range[0])))
    end = min(width, max(start, round(self.highlight_range[1])))
    done, rest = console.get_style(self.highlight_style), console.get_style(self.background_style)
    yield Text.assemble(("-" * start, rest), ("#" * (end - start), done), ("-" * (width - end), rest), end="")


_content_truncate = Content.truncate
_text_truncate = Text.truncate


def content_truncate(self: Content, max_width: int, *, ellipsis: bool = False, pad: bool = False) -> Content:
    cut = _content_truncate(self, max_width, ellipsis=ellipsis, pad=pad)
    if not (ellipsis and cut is not self and cut.plain.endswith(ELLIPSIS) and ascii_wanted()):
        return cut
    text = dots(self.plain, max_width)
    return Content(text, self._trim_spans(text, self._spans), max_width, strip_control_codes=False)


def text_truncate(self: Text, max_width: int, *, overflow=None, pad: bool = False) -> None:
    if (overflow or self.overflow) == "ellipsis" and self.cell_len > max_width and ascii_wanted():
        self.plain = dots(self.plain, max_width)  # the spans past the cut are trimmed by the setter
        if pad:
            _text_truncate(self, max_width, overflow="crop", pad=True)
        return
    _text_truncate(self, max_width, overflow=overflow, pad=pad)


def install() -> None:
    """Put the wrappers in place, once per process: by the first app started with ``--ascii`` (a process that
    never shows an ASCII screen draws through Textual's and Rich's own functions). The private parts they
    replace are listed, and checked per Textual version, in :mod:`tui.compat`."""
    if getattr(Content.truncate, "_ascii", False):
        return
    content_truncate._ascii = True  # type: ignore[attr-defined]
    Content.truncate = content_truncate  # type: ignore[method-assign]
    Text.truncate = text_truncate  # type: ignore[method-assign]
    _styles_cache.get_box = get_box  # type: ignore[assignment]
    Bar.__rich_console__ = bar_console  # type: ignore[method-assign]
