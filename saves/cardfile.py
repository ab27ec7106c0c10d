"""The card file a player imports: the LackeyCCG Redemption plugin's ``carddata.txt``, checked and kept.

The file is UTF-8 text, tab-separated, a header row naming the 16 columns of
``rules.redemption.printed.COLUMNS``, then one printing a line; Name + Set is the key. Some rows carry
extra empty columns at the end (trailing tabs), which are dropped. :func:`parse` checks every row and
raises one :class:`CardFileError` naming each bad row by its line and the reason; :func:`import_file` then
writes the checked rows into the ``cards`` folder of the data folder (the save folder without a player's
own folder: a host's ``--data-dir`` shares it with its players) through a temporary file and a rename, so
a failed import leaves the previous pool whole, and importing again replaces it.

The file is the player's own: the program reads it, never ships it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from rules.redemption.printed import ALIGNMENTS, COLUMNS, TYPES, Pool, Printing, type_words
from saves.store import SaveError, printable, write_atomic

FOLDER = "cards"
FILE = "carddata.txt"
#: Bounds on hostile input: the real file is 1.3 MB, 5,692 rows, lines of at most ~500 characters.
MAX_BYTES = 16 * 1024 * 1024
MAX_ROWS = 50_000
MAX_LINE = 8_000
MAX_FIELD = 4_000
MAX_ERRORS = 5  # bad rows named in the message (the rest are counted)
_CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f]")


class CardFileError(SaveError):
    """A card file that cannot be imported or read; the message names the file, the lines and the reasons."""


def path_in(data_dir: str | os.PathLike[str]) -> Path:
    """Where the imported card file lives in a data folder."""
    return Path(data_dir) / FOLDER / FILE


def _read_bytes(path: Path) -> bytes:
    try:
        if not path.is_file():
            raise CardFileError(f"{path}: no such file" if not path.exists() else f"{path}: not a regular file")
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise CardFileError(f"{path}: {size} bytes, over the {MAX_BYTES}-byte limit of a card file")
        with path.open("rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise CardFileError(f"{path}: cannot be read ({e.strerror or e})") from None
    if len(data) > MAX_BYTES:
        raise CardFileError(f"{path}: over the {MAX_BYTES}-byte limit of a card file")
    return data


def _row(fields: list[str], line: int) -> tuple[Printing | None, str]:
    """A printing from one row's fields, or the reason it is not one."""
    while len(fields) > len(COLUMNS) and fields[-1].strip() == "":  # the extra trailing tabs some rows carry
        fields.pop()
    if len(fields) != len(COLUMNS):
        return None, f"{len(fields)} columns, expected {len(COLUMNS)}"
    for name, value in zip(COLUMNS, fields):
        if len(value) > MAX_FIELD:
            return None, f"{name} is {len(value)} characters long"
        if _CONTROL.search(value):
            return None, f"{name} holds a control character"
        if "|" in value and name in ("Name", "Set"):
            return None, f"{name} holds a '|'"
    f = [v.strip() for v in fields]
    name, set_code, type_text, alignment = f[0], f[1], f[4], f[14]
    if not name:
        return None, "no Name"
    if not set_code:
        return None, f"{name!r} has no Set"
    unknown = [w for w in type_words(type_text) if w not in TYPES]
    if not type_text or unknown:
        return None, f"{name!r}: unknown Type {type_text!r}"
    if alignment not in ALIGNMENTS:
        return None, f"{name!r}: Alignment {alignment!r} is not one of {', '.join(ALIGNMENTS)}"
    for col, value in (("Strength", f[6]), ("Toughness", f[7])):
        if len(value) > 12 or any(not (ch.isdigit() or ch in "X*()/- ") for ch in value):
            return None, f"{name!r}: {col} {value!r} is not a card's number"
    return (
        Printing(
            name=name,
            set=set_code,
            image=f[2],
            official_set=f[3],
            type_text=type_text,
            brigade=f[5],
            strength=f[6],
            toughness=f[7],
            klass=f[8],
            identifier=f[9],
            text=f[10],
            rarity=f[11],
            reference=f[12],
            sound=f[13],
            alignment=alignment,
            legality=f[15],
            line=line,
        ),
        "",
    )


def parse(data: bytes | str, source: str = "<card file>") -> Pool:
    """Every row of a card file's content, checked; CardFileError names the bad rows by line with the reason."""
    src = printable(source)
    if isinstance(data, bytes):
        if len(data) > MAX_BYTES:
            raise CardFileError(f"{src}: over the {MAX_BYTES}-byte limit of a card file")
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise CardFileError(f"{src}: not UTF-8 text (byte {e.start})") from None
    else:
        text = data
    lines = text.split("\n")
    if len(lines) > MAX_ROWS + 2:
        raise CardFileError(f"{src}: {len(lines)} lines, over the {MAX_ROWS}-row limit of a card file")
    header = [h.strip() for h in lines[0].rstrip("\r").split("\t")]
    while header and not header[-1]:
        header.pop()
    if tuple(header) != COLUMNS:
        raise CardFileError(
            f"{src}: line 1 is not the card file's header (expected the {len(COLUMNS)} columns {', '.join(COLUMNS)})"
        )
    errors: list[str] = []
    seen: dict[str, int] = {}
    printings: list[Printing] = []
    for i, raw in enumerate(lines[1:], 2):
        line = raw.rstrip("\r")
        if not line.strip():
            continue
        if len(line) > MAX_LINE:
            errors.append(f"line {i}: {len(line)} characters, over the {MAX_LINE}-character limit")
            continue
        p, why = _row(line.split("\t"), i)
        if p is None:
            errors.append(f"line {i}: {why}")
            continue
        if p.key in seen:
            errors.append(f"line {i}: {p.name!r} in set {p.set!r} is already on line {seen[p.key]}")
            continue
        seen[p.key] = i
        printings.append(p)
    if errors:
        more = f" (and {len(errors) - MAX_ERRORS} more bad rows)" if len(errors) > MAX_ERRORS else ""
        raise CardFileError(f"{src}: not imported: " + "; ".join(errors[:MAX_ERRORS]) + more)
    if not printings:
        raise CardFileError(f"{src}: no cards in it (only the header)")
    return Pool(printings)


def dumps(pool: Pool) -> str:
    """The pool as a card file (the header, then one row a printing): what :func:`parse` reads back."""
    rows = ["\t".join(COLUMNS)]
    for p in pool.printings:
        rows.append(
            "\t".join(
                (
                    p.name,
                    p.set,
                    p.image,
                    p.official_set,
                    p.type_text,
                    p.brigade,
                    p.strength,
                    p.toughness,
                    p.klass,
                    p.identifier,
                    p.text,
                    p.rarity,
                    p.reference,
                    p.sound,
                    p.alignment,
                    p.legality,
                )
            )
        )
    return "\n".join(rows) + "\n"


def import_file(source: str | os.PathLike[str], data_dir: str | os.PathLike[str]) -> tuple[Pool, Path, int]:
    """Check the card file at ``source`` and make it the data folder's pool; returns the pool, where it is
    kept and how many printings the previous pool had (0: none)."""
    src = Path(source)
    pool = parse(_read_bytes(src), str(src))
    target = path_in(data_dir)
    before = 0
    if target.is_file():
        try:
            before = len(load(data_dir) or ())
        except CardFileError:
            before = 0
    _CACHE.pop(str(target), None)
    write_atomic(target, dumps(pool).encode("utf-8"), "the card file")
    return pool, target, before


_CACHE: dict[str, tuple[tuple[int, int], Pool]] = {}


def load(data_dir: str | os.PathLike[str]) -> Pool | None:
    """The data folder's imported pool (None: nothing imported); read once per process while the file stays."""
    path = path_in(data_dir)
    try:
        st = path.stat()
    except FileNotFoundError:
        return None
    except OSError as e:
        raise CardFileError(f"{path}: cannot be read ({e.strerror or e})") from None
    stamp = (st.st_mtime_ns, st.st_size)
    hit = _CACHE.get(str(path))
    if hit and hit[0] == stamp:
        return hit[1]
    pool = parse(_read_bytes(path), str(path))
    _CACHE[str(path)] = (stamp, pool)
    return pool
