"""TOML persistence for any game: versioned, validated, written atomically.

``loads``/``load`` raise only :class:`SaveError`, whose message names the file
and what is wrong with it, so the app can show one clear line and never a traceback.
"""

from saves.store import (
    FORMAT,
    VERSION,
    Meta,
    Saved,
    SaveError,
    SaveInfo,
    claim,
    clean_temporaries,
    default_dir,
    delete,
    dumps,
    list_saves,
    load,
    loads,
    printable,
    read,
    reads,
    release,
    save,
    save_path,
    validate_name,
)

__all__ = [
    "FORMAT",
    "VERSION",
    "Meta",
    "Saved",
    "SaveError",
    "SaveInfo",
    "claim",
    "clean_temporaries",
    "default_dir",
    "delete",
    "dumps",
    "list_saves",
    "load",
    "loads",
    "printable",
    "read",
    "reads",
    "release",
    "save",
    "save_path",
    "validate_name",
]
