"""Lesson progress per user: which lessons are done and which one is current, per game.

One small TOML file per user, ``<save folder>/learn/progress.toml`` (a sub-folder, so
the save list never mistakes it for a game), written atomically like a save::

    format = "redemption-tui-progress"
    version = 1
    [games.resurrection]
    done = ["01-power-order"]
    current = "02-tie-and-extended-battle"

and, at the top, ``last = "resurrection/02-tie-and-extended-battle"``: the lesson opened last (the lesson list opens
on it).

A missing file is no progress; a corrupt one is reported with :class:`SaveError`
(the app shows the line and starts from no progress, never a traceback).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

from saves.store import SaveError, default_dir, parse_toml, read_text, write_atomic

FORMAT = "redemption-tui-progress"
VERSION = 1
FILENAME = "progress.toml"


@dataclass
class GameProgress:
    done: list[str] = field(default_factory=list)
    current: str = ""


@dataclass
class Progress:
    games: dict[str, GameProgress] = field(default_factory=dict)
    last: str = ""  # "game/lesson": the lesson opened last

    def of(self, game: str) -> GameProgress:
        return self.games.setdefault(game, GameProgress())

    def is_done(self, game: str, lesson_id: str) -> bool:
        return lesson_id in self.of(game).done

    def start(self, game: str, lesson_id: str) -> None:
        self.of(game).current = lesson_id
        self.last = f"{game}/{lesson_id}"

    def finish(self, game: str, lesson_id: str, next_id: str = "") -> None:
        gp = self.of(game)
        if lesson_id not in gp.done:
            gp.done.append(lesson_id)
        gp.current = next_id

    def status(self, game: str, lesson_id: str) -> str:
        """'done', 'current' or '' for the lesson list."""
        if self.is_done(game, lesson_id):
            return "done"
        return "current" if self.of(game).current == lesson_id else ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            **({"last": self.last} if self.last else {}),
            "games": {g: {"done": list(p.done), "current": p.current} for g, p in sorted(self.games.items())},
        }


def progress_path(save_dir: str | os.PathLike[str] | None = None, player: str | None = None) -> Path:
    """Where a user's progress lives: beside their saves (same folder rules as the saves)."""
    return default_dir(save_dir, player) / "learn" / FILENAME


def loads(text: str, source: str = "<progress>") -> Progress:
    doc = parse_toml(text, lambda problem: SaveError(f"{source}: {problem}"), "lesson progress file")
    if doc.get("format") != FORMAT:
        raise SaveError(f"{source}: not a lesson progress file (format is {doc.get('format')!r})")
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= VERSION:
        raise SaveError(f"{source}: unsupported progress version {version!r} (this program reads up to {VERSION})")
    games = doc.get("games", {})
    if not isinstance(games, dict):
        raise SaveError(f"{source}: 'games' must be a table")
    last = doc.get("last", "")
    if not isinstance(last, str):
        raise SaveError(f"{source}: 'last' must name a lesson (game/lesson)")
    out = Progress(last=last)
    for name, gd in games.items():
        done, current = (gd.get("done", []), gd.get("current", "")) if isinstance(gd, dict) else (None, None)
        if not isinstance(done, list) or not all(isinstance(x, str) for x in done) or not isinstance(current, str):
            raise SaveError(f"{source}: games.{name} needs 'done' (a list of lesson names) and 'current' (a name)")
        out.games[name] = GameProgress(list(done), current)
    return out


def load(path: str | os.PathLike[str]) -> Progress:
    """A user's progress; no file yet means no progress."""
    path = Path(path)
    if not path.exists():
        return Progress()
    return loads(read_text(path), str(path))


def save(progress: Progress, path: str | os.PathLike[str]) -> Path:
    """Write atomically, as ``saves.save`` does for games."""
    return write_atomic(path, tomli_w.dumps(progress.to_dict()).encode("utf-8"), "lesson progress")


__all__ = ["FORMAT", "VERSION", "GameProgress", "Progress", "load", "loads", "progress_path", "save"]
