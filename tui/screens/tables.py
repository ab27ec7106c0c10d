"""The player's shared tables (your move first), and the form that creates one."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.coordinate import Coordinate
from textual.screen import Screen
from textual.widgets import Button, DataTable, Input, Label, RadioSet

import saves
from rules.games import GAMES, GameInfo, title_of
from saves import tables
from tui.compat import Footer
from tui.host import host
from tui.screens.rows import RowsScreen
from tui.screens.title import Choice

if TYPE_CHECKING:
    from tui.table import TableSession

KIND_TEXT = {
    "move": "YOUR MOVE",
    "invited": "invitation",
    "waiting": "waiting",
    "open": "open seat",
    "watch": "watch",
    "finished": "finished",
    "error": "unreadable",
}
REFRESH = 2.0  # seconds between re-reading the list while it is shown
#: The list's columns at 80 columns (each cell has a space either side): a marker, the status, the game, the
#: players and what the table waits for or how it ended, with since when. A longer text wraps onto more lines of
#: its row, so no name or result is ever cut; the line under the list gives the highlighted table's name.
STATUS_W, GAME_W, PLAYERS_W, DETAIL_W = 10, 12, 21, 21


def names_wrapped(names: tuple[str, ...], width: int) -> Text:
    """The players, "alice v bob v ...", broken only between names (a name longer than the column folds)."""
    lines: list[str] = []
    for i, name in enumerate(saves.printable(n) for n in names):
        part = name if i == len(names) - 1 else f"{name} v"
        if lines and len(lines[-1]) + 1 + len(part) <= width:
            lines[-1] += " " + part
        else:
            lines += textwrap.wrap(part, width) or [""]
    return Text("\n".join(lines))


def wrapped(text: str, width: int) -> Text:
    """``text`` on as many lines of ``width`` as it needs, broken between words where it can (a long name folds)."""
    lines = textwrap.wrap(saves.printable(text), width, break_on_hyphens=False) or [""]
    return Text("\n".join(lines))


class TablesScreen(RowsScreen[tables.Row]):
    CANNOT_OPEN = "Cannot open the table"
    BINDINGS = [
        Binding("enter", "open", "Open", id="tables.open"),
        Binding("c", "create", "New table", id="tables.create"),
        Binding("d", "decline", "Decline", id="tables.decline"),
        Binding("escape", "back", "Back", id="tables.back"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="resume-box"):
            yield Label(
                "Your tables: Enter plays, joins or watches; c new; d declines; Esc back", classes="dialog-title"
            )
            yield Label(id="record")
            yield DataTable(id="saves", cursor_type="row", zebra_stripes=False)
            yield Label(id="save-detail")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        table = self.query_one("#saves", DataTable)
        table.add_column(" ", width=1)
        table.add_column("Status", width=STATUS_W)
        table.add_column("Game", width=GAME_W)
        table.add_column("Players", width=PLAYERS_W)
        table.add_column("Result or waiting", width=DETAIL_W)
        self.fill()
        table.focus()
        self.set_interval(REFRESH, self._refresh_if_shown)

    def _refresh_if_shown(self) -> None:
        """The list read again, only while it is on top: under a game it would read every table of the player each
        time for nobody (it is read again when it shows, on_screen_resume). Not ``is_current``, which Textual also
        holds for the screen just under the top one, whatever covers it."""
        if self.is_active:
            self.fill()

    def on_screen_resume(self) -> None:
        self.fill()

    @property
    def base(self) -> Any:
        return host(self).settings.table_store

    @property
    def player(self) -> str:
        return cast(str, host(self).settings.player)  # the list opens with a player

    def fill(self) -> None:
        table = self.query_one("#saves", DataTable)
        try:
            rows = tables.rows_for(self.base, self.player)
        except saves.SaveError as e:  # the tables' database cannot be reached: say so, keep the screen
            self.notify(str(e), title="Cannot list the tables", severity="error", markup=False)
            rows = []
        keep = table.cursor_row
        table.clear()
        self.rows = rows
        for r in rows:  # names, ids and errors come from the tables' files: plain text, never markup
            if r.error:
                cells = [wrapped("", GAME_W), wrapped(r.id, PLAYERS_W), wrapped(r.error[-3 * DETAIL_W :], DETAIL_W)]
            else:
                cells = [
                    wrapped(title_of(r.game), GAME_W),
                    names_wrapped(r.names, PLAYERS_W) if r.names else wrapped(r.players, PLAYERS_W),
                    wrapped(r.line, DETAIL_W),
                ]
            table.add_row(" ", KIND_TEXT[r.kind], *cells, key=r.id, height=None)
        if rows and keep is not None:
            table.move_cursor(row=min(keep, len(rows) - 1))
        self._mark(table.cursor_row)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._mark(event.cursor_row)

    def _mark(self, row: int | None) -> None:
        """A marker on the highlighted row, so the choice shows without colour (NO_COLOR, monochrome)."""
        table = self.query_one("#saves", DataTable)
        marker = ">" if host(self).settings.ascii else "▶"
        for i in range(table.row_count):
            table.update_cell_at(Coordinate(i, 0), marker if i == row else " ")
        here = self.rows[row] if row is not None and 0 <= row < len(self.rows) else None
        self.query_one("#save-detail", Label).update(
            Text(saves.printable(f"Table {here.id}: {here.line}")) if here is not None else ""
        )
        try:
            rec = tables.record(self.base, self.player)
        except saves.SaveError:
            return  # said by fill
        p, c = rec["people"], rec["computer"]
        self.query_one("#record", Label).update(
            f"Won-lost-drawn: v people {p[0]}-{p[1]}-{p[2]}, v computer {c[0]}-{c[1]}-{c[2]}"
        )

    def open_row(self, row: tables.Row) -> TableSession:
        from tui.table import TableSession

        if row.kind in ("invited", "open"):
            answer = tables.join(self.base, row.id, self.player)
            if not answer.ok:
                raise saves.SaveError(answer.reason)
        return TableSession.open(self.base, row.id, self.player)

    def show(self, session: TableSession) -> None:
        self.app.push_screen(host(self).game_screen(session))

    def not_opened(self) -> None:
        self.fill()

    def action_decline(self) -> None:
        row = self._current()
        if row is None or row.kind != "invited":
            self.notify("Pick an invitation to decline.", severity="warning")
            return
        try:
            answer = tables.decline(self.base, row.id, self.player)
        except saves.SaveError as e:
            answer = None
            self.notify(str(e), severity="error", markup=False)
        if answer is not None:
            self.notify(f"Declined {row.id}." if answer.ok else answer.reason, markup=False)
        self.fill()

    def action_create(self) -> None:
        self.app.push_screen(NewTableScreen())

    def action_back(self) -> None:
        self.dismiss()


class NewTableScreen(Screen[Any]):
    """You take seat 1; seat 2 is another player, an open seat or the computer; a game for more players
    (Redemption) has seats 3 and 4 too, each nobody, a player, an open seat or the computer."""

    DEFAULT_CSS = """
    NewTableScreen .seat-box {
        height: auto;
    }
    """
    BINDINGS = [
        Binding("escape", "back", "Back", id="new-table.back"),
        Binding("ctrl+s", "start", "Create", id="new-table.start"),
    ]

    def compose(self) -> ComposeResult:
        most = max(g.max_players for g in GAMES)
        with VerticalScroll(id="form"):
            yield Label("New shared table  (Tab moves, arrows + Enter choose, Create makes it)", classes="dialog-title")
            yield Button("Create", id="start", variant="primary")
            yield Label("Game")
            with RadioSet(id="game"):
                for i, g in enumerate(GAMES):
                    yield Choice(g.label, value=i == 0, id=f"g-{g.name}")
            for n in range(2, most + 1):
                with Vertical(id=f"seat-{n}-box", classes="seat-box"):
                    yield Label("The other seat" if n == 2 else f"Seat {n}")
                    with RadioSet(id="seat" if n == 2 else f"seat-{n}"):
                        if n > 2:
                            yield Choice("Nobody", value=True, id=f"s{n}-none")
                        yield Choice("Invite (name below)", value=n == 2, id=f"s{n}-invite")
                        yield Choice("Open seat", id=f"s{n}-open")
                        yield Choice("Computer", id=f"s{n}-computer")
                    yield Input(placeholder="the player name to invite", id="invite" if n == 2 else f"invite-{n}")
            yield Label("The computer's level (for each computer seat)")
            with RadioSet(id="level"):
                for lv in tables.LEVELS:
                    yield Choice(lv, value=lv == "normal", id=f"l-{lv}")
            yield Label("Others may watch (they see only public cards)")
            with RadioSet(id="watch"):
                yield Choice("no", value=True, id="w-no")
                yield Choice("yes", id="w-yes")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self._show_seats()
        self.query_one("#start", Button).focus()

    def _game(self) -> GameInfo:
        name = self._pick("game") or GAMES[0].name
        return next(g for g in GAMES if g.name == name)

    def _show_seats(self) -> None:
        """Seats 3 and 4 only for a game played by more than two."""
        most = self._game().max_players
        for box in self.query(".seat-box"):
            box.display = int((box.id or "0").split("-")[1]) <= most

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        if event.radio_set.id == "game":
            self._show_seats()

    def _pick(self, set_id: str) -> str:
        pressed = self.query_one(f"#{set_id}", RadioSet).pressed_button
        return (pressed.id or "").split("-", 1)[1] if pressed else ""

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def action_back(self) -> None:
        self.dismiss()

    def others(self) -> list[dict[str, object]]:
        """Seats 2 and on as ``tables.create`` takes them; ValueError for a seat to invite without a name."""
        info = self._game()
        level = self._pick("level") or "normal"
        out: list[dict[str, object]] = []
        for n in range(2, info.max_players + 1):
            kind = self._pick("seat" if n == 2 else f"seat-{n}") or "invite"
            name = self.query_one("#invite" if n == 2 else f"#invite-{n}", Input).value.strip()
            if kind == "none":
                continue
            if kind == "invite" and not name:
                raise ValueError(
                    f"type the name of the player to invite to seat {n}, or choose an open seat or the computer"
                )
            out.append(
                {"invite": name} if kind == "invite" else {"computer": level} if kind == "computer" else {"open": True}
            )
        return out

    def action_start(self) -> None:
        from tui.table import TableSession

        settings = host(self).settings
        player = cast(str, settings.player)  # the tables open only with a player
        game = self._game().name
        try:
            t = tables.create(
                settings.table_store,
                player,
                game,
                self.others(),
                watch=self._pick("watch") == "yes",
            )
            session = TableSession.open(settings.table_store, t.id, player)
        except (ValueError, saves.SaveError) as e:
            self.app.bell()
            self.notify(str(e), title="Cannot create the table", severity="error", markup=False)
            return
        self.notify(f"Created the table {t.id}.")
        host(self).switch_to_game(session)
