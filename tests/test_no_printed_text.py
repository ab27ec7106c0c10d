"""No data file of the program holds a card's printed text.

The rule: card data holds **facts and scripts only**. Our own cards (``rules/*/cards.toml``) carry names,
numbers, brigades, classes, identifiers and a Scripture reference, and their abilities as structured data
(an effect and its numbers and filters) from which the program writes the text a player reads; so

1. a card's table has only the fact keys below (a new key fails here until it is reviewed as a fact);
2. an ability has only the script keys below, each a number or a short word, never a sentence;
3. no table anywhere under ``rules/`` has a key for printed words (``special_ability``, ``flavour``, ...);
4. a file of the LackeyCCG card file's shape (its header row) is only in ``tests/data/cards/``, written with
   our own invented cards and words; the player's real card file is imported into their data folder, never
   into the repository.
"""

from __future__ import annotations

import subprocess
import tomllib
from pathlib import Path

from rules.redemption.printed import COLUMNS

ROOT = Path(__file__).resolve().parent.parent
FACTS = {
    "redemption": {
        "key",
        "name",
        "type",
        "alignment",
        "brigades",
        "strength",
        "toughness",
        "class",
        "identifiers",
        "reference",
        "abilities",
    },
    "resurrection": {"code", "name", "colour", "rank", "power"},
}
#: a real card (``rules/redemption/real/*.toml``): the card file's facts, keyed Name + Set, and our script
REAL_FACTS = FACTS["redemption"] - {"key"} | {"set"}
#: a real card's name is the card file's (some run past SHORT: "Lost Soul I Corinthians 1:27 (Hand Discarder)")
LONG_NAME = 80
#: an ability in the ability language (rules/redemption/lang.py): its keys and its effects' keys
SCRIPT = {"trigger", "condition", "cost", "effects", "choose_one", "may"}  # may: true or false
#: against: a table of card facets, short words (redemption.effect.protect_from)
ACT = {
    "verb",
    "select",
    "n",
    "duration",
    "riders",
    "strength",
    "toughness",
    "turns",
    "to",
    "brigade",
    "keep",
    "against",
    "condition",  # an effect's own condition: card facets and words, as an ability's
}
PRINTED = {
    "text",
    "ability_text",
    "special_ability",
    "specialability",
    "flavour",
    "flavor",
    "flavour_text",
    "flavor_text",
    "printed",
    "printed_text",
    "rules_text",
}
SHORT = 40  # a name, a reference or a filter word; a printed ability is a sentence


def _strings(value: object):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def _tables(value: object, where: str):
    if isinstance(value, dict):
        yield where, value
        for k, v in value.items():
            yield from _tables(v, f"{where}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _tables(v, f"{where}[{i}]")


def test_card_tables_hold_facts_and_scripts_only():
    files = sorted(ROOT.glob("rules/*/cards.toml"))
    assert {f.parent.name for f in files} == set(FACTS)
    for f in files:
        cards = tomllib.loads(f.read_text(encoding="utf-8"))["card"]
        assert cards
        for c in cards:
            extra = set(c) - FACTS[f.parent.name]
            assert not extra, f"{f.name}: {c['name']} has {extra}: is it a fact?"
            for a in c.get("abilities", []):
                assert set(a) <= SCRIPT, f"{c['name']}: ability keys {set(a) - SCRIPT}"
                for e in a.get("effects", []):
                    assert set(e) <= ACT, f"{c['name']}: effect keys {set(e) - ACT}"
                assert all(len(s) <= SHORT for s in _strings(a)), f"{c['name']}: a sentence in its script"
            facts = {k: v for k, v in c.items() if k != "abilities"}
            assert all(len(s) <= SHORT for s in _strings(facts)), f"{c['name']}: a fact longer than {SHORT}"


def test_real_card_files_hold_facts_keyed_by_name_and_set_and_scripts_only():
    files = sorted(ROOT.glob("rules/redemption/real/*.toml"))
    assert files, "no real card file"
    for f in files:
        cards = tomllib.loads(f.read_text(encoding="utf-8"))["card"]
        assert cards
        for c in cards:
            extra = set(c) - REAL_FACTS
            assert not extra, f"{f.name}: {c['name']} has {extra}: is it a fact?"
            assert c["set"] and len(c["name"]) <= LONG_NAME
            for a in c.get("abilities", []):
                assert set(a) <= SCRIPT, f"{c['name']}: ability keys {set(a) - SCRIPT}"
                for e in a.get("effects", []):
                    assert set(e) <= ACT, f"{c['name']}: effect keys {set(e) - ACT}"
                assert all(len(s) <= SHORT for s in _strings(a)), f"{c['name']}: a sentence in its script"
            facts = {k: v for k, v in c.items() if k not in ("abilities", "name")}
            assert all(len(s) <= SHORT for s in _strings(facts)), f"{c['name']}: a fact longer than {SHORT}"


def test_no_data_file_has_a_field_for_printed_text():
    for f in sorted(ROOT.glob("rules/**/*.toml")):
        for where, table in _tables(tomllib.loads(f.read_text(encoding="utf-8")), f.name):
            if "name" in table and ({"strength", "brigades", "power", "abilities"} & set(table)):
                assert not PRINTED & set(table), f"{where}: a card with {PRINTED & set(table)}"
            bad = {k for k in table if k.lower().replace("-", "_") in PRINTED - {"text"}}
            assert not bad, f"{where}: {bad}"


def test_files_of_the_card_files_shape_are_only_our_test_data():
    header = "\t".join(COLUMNS)
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    shaped = []
    for name in files.split():
        path = ROOT / name
        if not path.is_file() or path.stat().st_size > 4 * 1024 * 1024:
            continue
        try:
            first = path.read_text(encoding="utf-8").split("\n", 1)[0]
        except (UnicodeDecodeError, OSError):
            continue
        if first.lstrip("\ufeff").startswith(header):
            shaped.append(name)
    assert shaped and all(n.startswith("tests/data/cards/") for n in shaped), shaped


#: the longest quotation a comment of a card file may hold: a rule's pattern ("Negate X. Discard all X in battle."),
#: never a card's ability sentence
QUOTE_WORDS = 10


def test_no_comment_of_a_card_file_quotes_an_ability():
    """A card file's comments say what a script does in our words; a longer quotation is a card's printed text."""
    import re

    long = []
    for path in sorted((ROOT / "rules" / "redemption" / "real").glob("*.toml")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            comment = line.partition("#")[2] if line.lstrip().startswith("#") else line.partition(" # ")[2]
            long += [f"{path.name}:{n}: {q}" for q in re.findall(r'"([^"]+)"', comment) if len(q.split()) > QUOTE_WORDS]
    assert not long, long
