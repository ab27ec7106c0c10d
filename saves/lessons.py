"""Lessons that start from a save file: the save layer reads the file, the rules run the lesson.

``rules.lessons`` reads no files of its own beyond its packaged lessons, so a lesson whose
``[start]`` says ``save = "NAME"`` is parsed here, with a reader for the saves beside it.
"""

from __future__ import annotations

import os
from pathlib import Path

from rules.core import GameBase
from rules.lessons import Lesson
from rules.lessons import parse_lesson as parse_rules_lesson
from saves.store import SaveError, load, validate_name


def parse_lesson(text: str, game: str, source: str, lesson_id: str, folder: str | os.PathLike[str]) -> Lesson:
    """A lesson from TOML text whose ``[start] save = "NAME"`` names a save file in ``folder``."""
    here = Path(folder)

    def open_save(name: str) -> GameBase:
        try:
            validate_name(name.removesuffix(".toml"), "save name")
        except SaveError as e:
            raise ValueError(str(e)) from None
        return load(here / name)

    return parse_rules_lesson(text, game, source, lesson_id, open_save)
