"""A shared table with a known deal, for tests: no player's program can choose one (``tables.draw_seed`` deals)."""

from __future__ import annotations

from typing import Any
from unittest import mock

from saves import tables


def dealt_table(
    base: Any, creator: str, game: str, others: list[dict[str, Any]], *, seed: int, **kw: Any
) -> tables.Table:
    """``tables.create`` as a player would call it, with the host's random source giving ``seed``."""
    with mock.patch.object(tables, "draw_seed", lambda: seed):
        return tables.create(base, creator, game, others, **kw)
