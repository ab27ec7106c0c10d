"""A player's own keys: ``<save folder>/settings/keys.toml`` (a sub-folder, so the save list never takes it for a
game), each line a control's name (the help's last column) and the key or keys for it::

    # my keys
    [keys]
    pass = "p"
    next = "e"          # end the phase (and, once over, the next game or lesson)
    help = "f1,question_mark"

A missing file is the default keys. A file that cannot be read, is not TOML, or holds anything but
``[keys]`` with text values is reported with :class:`SaveError`, one line naming the file and the problem. Which
names and keys exist is the app's business (``tui.keys.check_keymap``), so this layer imports no Textual.
"""

from __future__ import annotations

import os
from pathlib import Path

from saves.store import SaveError, parse_toml, read_text

FILENAME = "keys.toml"


def keymap_path(folder: str | os.PathLike[str]) -> Path:
    """Where the keys of the player whose save folder is ``folder`` live."""
    return Path(folder) / "settings" / FILENAME


def loads(text: str, source: str = "<keys>") -> dict[str, str]:
    doc = parse_toml(text, lambda problem: SaveError(f"{source}: {problem}"), "keys file")
    other = sorted(k for k in doc if k != "keys")
    if other:
        raise SaveError(f"{source}: unknown setting {other[0]!r} (the file holds a [keys] table)")
    keys = doc.get("keys", {})
    if not isinstance(keys, dict):
        raise SaveError(f"{source}: 'keys' must be a table ([keys])")
    for name, value in keys.items():
        if not isinstance(value, str) or not value.strip():
            raise SaveError(f'{source}: keys.{name} must be a key in quotes, e.g. {name} = "p"')
    return dict(keys)


def load(folder: str | os.PathLike[str]) -> dict[str, str]:
    """The player's keymap (control name -> keys); no file means none."""
    path = keymap_path(folder)
    if not path.exists():
        return {}
    return loads(read_text(path), str(path))


__all__ = ["FILENAME", "keymap_path", "load", "loads"]
