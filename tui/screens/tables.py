"""The player's shared tables (your move first), and the form that creates one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.coordinate import Coordinate
from textual.screen import Screen
from textual.widgets import Button, DataTable, Footer, Input, Label, RadioSet

import saves
from rules.games import GAMES, title_of
from saves import tables
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
        yield Footer(compact=True)

    def on_mount(self) -> None:
        table = self.query_one("#saves", DataTable)
        table.add_columns(" ", "Status", "Game", "Players", "Table", "")
        self.fill()
        table.focus()
        self.set_interval(REFRESH, self.fill)

    def on_screen_resume(self) -> None:
        self.fill()

    @property
    def base(self):
        return self.app.settings.tables_base  # type: ignore[attr-defined]

    @property
    def player(self) -> str:
        return self.app.settings.player  # type: ignore[attr-defined]

    def fill(self) -> None:
        table = self.query_one("#saves", DataTable)
        rows = tables.rows_for(self.base, self.player)
        keep = table.cursor_row
        table.clear()
        self.rows = rows
        for r in rows:  # names, ids and errors come from the tables' files: plain text, never markup
            if r.error:
                cells = ("", r.error[-50:], r.id, "")
            else:
                cells = (title_of(r.game), r.players, r.id, r.detail)
            table.add_row(" ", KIND_TEXT[r.kind], *(Text(saves.printable(c)) for c in cells), key=r.id)
        if rows and keep is not None:
            table.move_cursor(row=min(keep, len(rows) - 1))
        self._mark(table.cursor_row)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._mark(event.cursor_row)

    def _mark(self, row: int | None) -> None:
        """A marker on the highlighted row, so the choice shows without colour (NO_COLOR, monochrome)."""
        table = self.query_one("#saves", DataTable)
        marker = ">" if self.app.settings.ascii else "▶"  # type: ignore[attr-defined]
        for i in range(table.row_count):
            table.update_cell_at(Coordinate(i, 0), marker if i == row else " ")
        rec = tables.record(self.base, self.player)
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
        self.app.push_screen(self.app.game_screen(session))  # type: ignore[attr-defined]

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


class NewTableScreen(Screen):
    BINDINGS = [
        Binding("escape", "back", "Back", id="new-table.back"),
        Binding("ctrl+s", "start", "Create", id="new-table.start"),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="form"):
            yield Label("New shared table  (Tab moves, arrows + Enter choose, Create makes it)", classes="dialog-title")
            yield Button("Create", id="start", variant="primary")
            yield Label("Game")
            with RadioSet(id="game"):
                for i, g in enumerate(GAMES):
                    yield Choice(g.label, value=i == 0, id=f"g-{g.name}")
            yield Label("The other seat")
            with RadioSet(id="seat"):
                yield Choice("Invite (name below)", value=True, id="s-invite")
                yield Choice("Open seat", id="s-open")
                yield Choice("Computer", id="s-computer")
            yield Label("Player to invite")
            yield Input(placeholder="their player name", id="invite")
            yield Label("Others may watch (they see only public cards)")
            with RadioSet(id="watch"):
                yield Choice("no", value=True, id="w-no")
                yield Choice("yes", id="w-yes")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#start", Button).focus()

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

    def action_start(self) -> None:
        from tui.table import TableSession

        app = self.app
        game = self._pick("game") or GAMES[0].name
        seat = self._pick("seat") or "invite"
        name = self.query_one("#invite", Input).value.strip()
        other = (
            {"invite": name} if seat == "invite" else {"computer": "normal"} if seat == "computer" else {"open": True}
        )
        try:
            if seat == "invite" and not name:
                raise ValueError("type the name of the player to invite, or choose an open seat")
            t = tables.create(
                app.settings.tables_base,  # type: ignore[attr-defined]
                app.settings.player,  # type: ignore[attr-defined]
                game,
                [other],
                watch=self._pick("watch") == "yes",
            )
            session = TableSession.open(app.settings.tables_base, t.id, app.settings.player)  # type: ignore[attr-defined]
        except (ValueError, saves.SaveError) as e:
            self.app.bell()
            self.notify(str(e), title="Cannot create the table", severity="error", markup=False)
            return
        self.notify(f"Created the table {t.id}.")
        app.switch_screen(app.game_screen(session))  # type: ignore[attr-defined]
