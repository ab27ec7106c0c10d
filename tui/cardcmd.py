"""``redemption cards``: import the player's card file, search the pool, show a card, count what is enforced.

The pool is our own cards (``rules/redemption/cards.toml``, whose text the program writes from their scripts)
and the printings of the card file the player imported (``saves.cardfile``: their text is the file's own).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from rules.redemption import deckrules
from rules.redemption.cards import CARDS, Card
from rules.redemption.printed import Pool, Printing, base_name
from saves import cardfile
from saves.store import printable

if TYPE_CHECKING:
    from tui.cli import Args
    from tui.settings import Settings

PROG = "redemption"


def data_dir(settings: Settings) -> Path:
    """The data folder a card file is kept in: the save folder without a player's own folder (shared by a host)."""
    return Path(settings.base_dir or settings.save_dir)


def imported_pool(settings: Settings) -> Pool | None:
    """The imported pool, or None; a stored file that no longer reads says so once on standard error."""
    try:
        return cardfile.load(data_dir(settings))
    except cardfile.CardFileError as e:
        print(printable(f"{PROG}: the imported card file cannot be read ({e}); import it again"), file=sys.stderr)
        return None


def _need_pool(settings: Settings) -> Pool:
    pool = imported_pool(settings)
    if pool is None:
        raise cardfile.CardFileError(
            f"no card file imported in {data_dir(settings)}: import yours with '{PROG} cards import FILE' "
            "(the LackeyCCG Redemption plugin's sets/carddata.txt)"
        )
    return pool


def _enforced(e: bool) -> str:
    return "enforced" if e else "not enforced"


def _numbers(strength: object, toughness: object) -> str:
    return f"{strength}/{toughness}" if (strength or toughness) else ""


def _own_fields(c: Card) -> str:
    return " ".join(
        (
            c.name,
            c.type_name,
            " ".join(c.brigades),
            "ours",
            " ".join(c.identifiers),
            " ".join(c.classes),
            c.ability_text,
        )
    ).casefold()


def _own_matches(c: Card, terms: list[str]) -> bool:
    text = _own_fields(c)
    fields = {
        "name": c.name,
        "type": c.type_name,
        "brigade": " ".join(c.brigades),
        "set": "ours redemption-tui",
        "identifier": " ".join(c.identifiers),
        "class": " ".join(c.classes),
        "text": c.ability_text,
    }
    for t in terms:
        where, colon, word = t.partition(":")
        if colon and where.lower() in fields and word.strip():
            if word.strip().casefold() not in fields[where.lower()].casefold():
                return False
        elif t.strip().casefold() not in text:
            return False
    return True


def _rows(settings: Settings, terms: list[str], enforced: bool | None) -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = []
    if enforced is not False:
        for c in CARDS.values():
            if _own_matches(c, terms):
                rows.append(
                    (
                        c.name,
                        "ours",
                        c.type_name,
                        "/".join(c.brigades),
                        _numbers(c.strength, c.toughness),
                        _enforced(True),
                    )
                )
    pool = imported_pool(settings)
    if pool is not None:
        for p in pool.search(terms, enforced):
            rows.append(
                (p.name, p.set, p.type_text, p.brigade, _numbers(p.strength, p.toughness), _enforced(p.enforced))
            )
    return rows


def _show_printing(p: Printing, out: TextIO) -> None:
    lines = [
        f"{p.name}  [{p.set}: {p.official_set}]",
        f"  {p.facts_line()}",
        f"  Text: {' '.join(p.text.split()) or '(none)'}  (from your card file)",
        "  " + ", ".join(x for x in (p.rarity, p.alignment, p.legality and f"legality: {p.legality}") if x),
        "  Enforced: yes (the engine plays it as its own card)"
        if p.enforced
        else "  Not enforced: the engine has no script for its ability yet",
    ]
    for line in lines:
        print(printable(line), file=out)


def _show_own(c: Card, out: TextIO) -> None:
    facts = [
        c.type_name,
        c.brigade_text(),
        _numbers(c.strength, c.toughness),
        ", ".join(c.classes),
        ", ".join(c.identifiers),
        c.reference,
    ]
    print(f"{c.name}  [our own card]", file=out)
    print("  " + ", ".join(x for x in facts if x), file=out)
    print(f"  Text: {c.ability_text or '(none)'}  (written from the engine's script)", file=out)
    print("  Enforced: yes", file=out)


def run_cards(args: Args, settings: Settings, out: TextIO | None = None) -> int:
    """``redemption cards [import FILE | show NAME | coverage | SEARCH...]``; problems are SaveErrors (exit 1)."""
    out = out or sys.stdout
    words = list(args.words)
    verb = words[0] if words else ""
    if verb == "import":
        if len(words) != 2:
            raise cardfile.CardFileError("'cards import' takes one FILE (the plugin's sets/carddata.txt)")
        start = time.perf_counter()
        pool, path, before = cardfile.import_file(words[1], data_dir(settings))
        took = time.perf_counter() - start
        again = f" (it replaces the {before} printings imported before)" if before else ""
        cov = pool.coverage()
        print(
            printable(
                f"Imported {len(pool)} printings, {cov.total} distinct cards, from {words[1]} into {path}{again} "
                f"in {took:.1f} s; {cov.enforced} of {cov.total} distinct cards enforced."
            ),
            file=out,
        )
        return 0
    if verb == "coverage":
        if len(words) != 1:
            raise cardfile.CardFileError("'cards coverage' takes no words")
        for line in _need_pool(settings).coverage().lines():
            print(printable(line), file=out)
        return 0
    if verb == "show":
        name = " ".join(words[1:]).strip()
        if not name:
            raise cardfile.CardFileError("'cards show' takes a card's NAME")
        return _show(name, settings, out)
    enforced = True if args.enforced else False if args.not_enforced else None
    rows = _rows(settings, words, enforced)
    if not rows:
        print("No card matches.", file=out)
        return 1
    shown = rows[: max(1, args.limit)]
    header = ("NAME", "SET", "TYPE", "BRIGADE", "S/T", "")
    table = [header, *shown]
    widths = [min(40, max(len(r[i]) for r in table)) for i in range(len(header) - 1)]
    for r in table:
        print(printable("  ".join(c[:40].ljust(w) for c, w in zip(r, widths)) + "  " + r[-1]).rstrip(), file=out)
    if len(rows) > len(shown):
        print(f"... and {len(rows) - len(shown)} more (--limit N shows more; more words narrow the search)", file=out)
    if imported_pool(settings) is None:
        print(f"Only our own cards: import your card file with '{PROG} cards import FILE'.", file=out)
    return 0


def _show(name: str, settings: Settings, out: TextIO) -> int:
    pool = imported_pool(settings)
    shown: list[Printing] = []
    if pool is not None:
        hit = pool.find(name)
        if hit is not None:
            shown = [p for p in pool.printings if p.name == hit.name]
        else:  # a name without its printing tag: every printing of it ('Aaron' -> 'Aaron (G)', 'Aaron (Pi)')
            want = deckrules.normalize(name)
            shown = [p for p in pool.printings if deckrules.normalize(base_name(p.name)) == want]
    key = deckrules.find_card(name)
    if not shown and key is None:
        close = list(dict.fromkeys((pool.suggest(name) if pool is not None else []) + deckrules.suggest(name)))[:3]
        hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
        raise cardfile.CardFileError(f"no card named {name!r}{hint}")
    for i, p in enumerate(shown):
        if i:
            print("", file=out)
        _show_printing(p, out)
    if key is not None:
        if shown:
            print("", file=out)
        _show_own(CARDS[key], out)
    return 0
