"""A list of rows to open (the saved games, the shared tables): the highlighted row, and Enter or a click opens it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from textual.widgets import DataTable

import saves
from tui.screens.fresh import StyledOnce

RowT = TypeVar("RowT")


class RowsScreen(StyledOnce, Generic[RowT]):
    """Rows in the ``#saves`` DataTable, one per item of ``rows``; ``open_row`` makes the session to show."""

    rows: Sequence[RowT] = ()  # until the screen lists them
    CANNOT_OPEN = "Cannot open"  # the title of the message when a row cannot be opened

    def _current(self) -> RowT | None:
        table = self.query_one("#saves", DataTable)
        if not self.rows or table.cursor_row is None or not 0 <= table.cursor_row < len(self.rows):
            return None
        return self.rows[table.cursor_row]

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    def action_open(self) -> None:
        row = self._current()
        if row is None:
            return
        try:
            session = self.open_row(row)
        except saves.SaveError as e:
            self.app.bell()
            self.notify(str(e), title=self.CANNOT_OPEN, severity="error", markup=False)
            self.not_opened()
            return
        self.show(session)

    def open_row(self, row: RowT) -> Any:
        """The session of ``row``; SaveError says why it cannot be opened."""
        raise NotImplementedError

    def show(self, session: Any) -> None:
        raise NotImplementedError

    def not_opened(self) -> None:
        """After a row could not be opened."""
