"""Help: the keys of the screen it was opened from (made from its bindings, with the player's keymap), then the
rules of the current game from ``rules.docs``."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Markdown, Static

from rules.games import GAMES, find_game, title_of
from tui import keys
from tui.host import host

#: After the key table (which is made from the bindings of the screen the help was opened from).
NOTES = """\
Keys shown dimmed in the bottom line cannot be used right now. To use other keys, put a key's name (at the end
of its line above) into `settings/keys.toml` in your save folder, e.g. `pass = "p"` under `[keys]` (see the
README).
"""


def game_notes(game: str | None) -> list[str]:
    """The game's own notes for the help (its presentation's ``help_notes``: the table's abbreviations); none
    outside a game."""
    from tui.games import ui_for

    return [notes] if game and (notes := ui_for(game).help_notes) else []


def as_list(markdown: str) -> str:
    """Markdown tables as lists ("- key: what it does"), for --ascii."""
    out = []
    for line in markdown.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else None
        if cells is None:
            stripped = line.lstrip()
            if stripped.startswith(("- ", "* ")):  # a list item: a plain dash, not a bullet glyph
                line = line[: len(line) - len(stripped)] + "\\- " + stripped[2:] + "  "
            out.append(line)
        elif set("".join(cells)) <= set("-: ") or cells[:1] == ["Key"]:
            continue  # the header and its rule
        else:
            out.append(f"**{cells[0]}**: {' | '.join(cells[1:])}  ")  # two spaces: a line break
    return "\n".join(out)


#: The rules are drawn a piece at a time, as the player scrolls to them: Redemption's are some 1000 Markdown blocks,
#: which took seconds to build at once. The first piece (and a small game's whole rules) comes with the keys.
FIRST_CHARS = 8000
PIECE_CHARS = 4000


def rules_parts(game: str) -> list[str]:
    """The rules as Markdown: a heading, then one part a section (to be joined by blank lines)."""
    try:
        from rules.docs import rule_sections

        sections = rule_sections(game)
    except Exception as e:  # missing or unreadable rules document: say so, do not crash the help
        return [f"## Rules\n\nThe rules text for {game} is not available ({e.__class__.__name__})."]
    parts = [f"## The rules of {title_of(game)}"]
    for sec in sections.values():
        parts.append(f"### {sec.title}  `{sec.id}`\n\n{sec.text}")
    return parts


def rules_markdown(game: str) -> str:
    return "\n\n".join(rules_parts(game))


def pieces(parts: list[str], first: int = FIRST_CHARS, size: int = PIECE_CHARS) -> list[str]:
    """Whole parts gathered into pieces of about ``first`` (the first), then ``size`` characters; each piece after
    the first starts with the blank line that joins it to the one before, so their sum is the joined text."""
    out: list[str] = []
    current: list[str] = []
    for part in parts:
        current.append(part)
        if sum(map(len, current)) >= (size if out else first):
            out.append(("\n\n" if out else "") + "\n\n".join(current))
            current = []
    if current and out and sum(map(len, current)) < size // 2:  # a short tail: it joins the piece before
        out[-1] += "\n\n" + "\n\n".join(current)
    elif current:
        out.append(("\n\n" if out else "") + "\n\n".join(current))
    return out


class HelpBody(VerticalScroll):
    """The help's scrolling text; End first draws the rules not yet drawn."""

    def action_scroll_end(self) -> None:
        screen = self.screen
        if isinstance(screen, HelpScreen) and screen.rest:
            screen.run_worker(screen.to_end(), group="help-rules")
        else:
            super().action_scroll_end()


class HelpScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape,q,question_mark,f1", "close", "Close", id="help.close", tooltip="close this help"),
        Binding(
            "r",
            "rules",
            "Rules reference",
            id="help.rules",  # the searchable reference (tui.learn)
            tooltip="the rules reference: search it, jump to a rule by its id",
        ),
    ]

    def __init__(
        self,
        game: str | None = None,
        opener: Screen[Any] | None = None,
        *,
        unused: Iterable[str] = (),
        card_cursor: bool = True,
    ):
        """``opener``: the screen whose keys the table lists, less the actions in ``unused`` (keys its game never
        uses: no phases, no passing); ``card_cursor``: it has card panes, so their cursor keys are listed too."""
        super().__init__()
        self.game = game
        self.opener = opener
        self.unused = frozenset(unused)
        self.card_cursor = card_cursor
        self.rest: list[str] = []  # the pieces of the rules not drawn yet (see pieces)
        self._drawing = asyncio.Lock()

    def key_markdown(self) -> str:
        """The keys of the screen this help was opened from, from its bindings (and its card panes' and the
        app's), with the player's keymap; then this help's own."""
        keymap = host(self).keymap
        found: list[Binding] = []
        if self.opener is not None:
            found += (keys.CURSOR if self.card_cursor else []) + [
                b for b in own_bindings(type(self.opener)) if isinstance(b, Binding) and b.action not in self.unused
            ]
        found += [b for b in own_bindings(type(self.app)) if isinstance(b, Binding)]
        here = [b for b in type(self).BINDINGS if isinstance(b, Binding)]
        return "\n\n".join(
            [
                "## Keys",
                keys.key_table(found, keymap, self.game_texts(found)),
                "In this help:",
                keys.key_table(here, keymap),
                NOTES,
                *game_notes(self.game),
            ]
        )

    def game_texts(self, bindings: Iterable[Binding]) -> dict[str, str]:
        """What the keys of its own do in the game (``ControlsPart.explain``), by action; none outside a game."""
        info = find_game(self.game) if self.game else None
        if info is None or not info.controls:
            return {}
        part = info.controls_module()
        return {b.action: text for b in bindings if (text := part.explain(b.action))}

    def compose(self) -> ComposeResult:
        with HelpBody(id="help-body"):
            yield Static("Help (Esc closes; arrows, PgUp/PgDn scroll)", classes="dialog-title")
            text = self.key_markdown()
            if self.game:
                first, *self.rest = pieces(rules_parts(self.game))
                text += "\n\n" + first
            yield Markdown(self._plain(text))

    def _plain(self, text: str) -> str:
        # Markdown draws tables with box lines: plain ASCII has none
        return as_list(text) if host(self).settings.ascii else text

    def on_mount(self) -> None:
        body = self.query_one("#help-body", HelpBody)
        body.focus()
        self.watch(body, "scroll_y", self._scrolled, init=False)
        self.watch(body, "virtual_size", self._scrolled, init=False)

    def _scrolled(self) -> None:
        if self.rest and self._near_end():
            self.run_worker(self.draw_more(), group="help-rules", exclusive=False)

    def _near_end(self) -> bool:
        body = self.query_one("#help-body", HelpBody)
        return body.max_scroll_y - body.scroll_y <= 2 * max(body.size.height, 1)

    async def to_end(self) -> None:
        """End: draw the rules not drawn yet, then scroll to the end (once the pieces have their heights)."""
        await self.draw_more(everything=True)
        body = self.query_one("#help-body", HelpBody)
        body.call_after_refresh(body.scroll_end)

    async def draw_more(self, everything: bool = False) -> None:
        """Draw the next piece of the rules (all of them with ``everything``) under the help's text, each piece a
        Markdown of its own, one at a time; the next comes when the scroll or the new size says so."""
        async with self._drawing:
            if self.rest and (everything or self._near_end()):
                todo, self.rest = (self.rest, []) if everything else (self.rest[:1], self.rest[1:])
                await self.query_one("#help-body", HelpBody).mount_all(
                    [Markdown(self._plain(piece.removeprefix("\n\n")), classes="rules-piece") for piece in todo]
                )

    def action_close(self) -> None:
        self.dismiss(None)

    def action_rules(self) -> None:
        from tui.learn.rules_screen import RulesScreen

        self.app.push_screen(RulesScreen(self.game or GAMES[0].name))


def own_bindings(cls: type) -> Iterable[object]:
    """A screen's or app's own ``BINDINGS`` (its class's and its bases')."""
    seen: list[object] = []
    for base in reversed(cls.__mro__):
        for b in base.__dict__.get("BINDINGS", ()):
            if b not in seen:
                seen.append(b)
    return seen
