"""What the command line decides for the app: the save folder, the player, the computer's pause, ASCII.

Apart from the app (``tui.app``), so that the commands that draw no screen build it without importing Textual.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DEFAULT_PAUSE = 0.6  # seconds between the computer's moves, so a person can follow them


@dataclass
class Settings:
    save_dir: Path
    player: str | None = None
    pause: float = DEFAULT_PAUSE
    ascii: bool = False
    signals: bool = False  # install SIGHUP/SIGTERM handlers (the real program; not in tests)
    base_dir: Path | None = None  # the parent of the players' folders, where the shared tables live
    tables: str | None = None  # where the shared tables are kept, if not in files there: a postgresql:// URL
    _store: Any = field(default=None, init=False, repr=False, compare=False)

    @property
    def tables_base(self) -> Path:
        """Shared tables live beside the players' own folders (``<base>/_tables``)."""
        if self.base_dir is not None:
            return self.base_dir
        return self.save_dir.parent if self.player else self.save_dir

    @property
    def table_store(self) -> Any:
        """The shared tables' store (``saves.tablestore.TableStore``): the files under ``tables_base``, or the
        database ``tables`` names. Opened once, when first asked for (a forked app opens its own)."""
        if self._store is None:
            from saves.tablestore import open_store

            self._store = open_store(self.tables or self.tables_base, base=self.tables_base)
        return self._store
