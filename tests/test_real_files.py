"""The structure of every real card file (``rules/redemption/real/*.toml``), one case per file: every card is
loaded once, with a script (its ability text generated from it, normalised) or, in a facts-only ``plain_*.toml``
file, with none; no card is in two files; and, where the player's LackeyCCG card file is on the machine (never in
the repository), every card's facts are the card file's and the engine enforces its printing. The tests of what
each card does stay with its file's own tests (tests/test_real_*.py)."""

from __future__ import annotations

import os
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from rules.redemption.cards import CARDS, Card, real_key
from rules.redemption.printed import script_for

REAL_DIR = Path(__file__).resolve().parent.parent / "rules" / "redemption" / "real"
FILES = sorted(REAL_DIR.glob("*.toml"))
#: cards written in a scripted file with no script: those the card file prints with no special ability
UNSCRIPTED_OK = ("g10.toml", "h10.toml")
#: the classes the engine reads (cards.Card.is_weapon, is_warrior; territory-class enhancements)
ENGINE_CLASSES = {"warrior", "weapon", "territory"}
CARD_FILE = Path(os.environ.get("REDEMPTION_CARD_FILE", "/work/lackey/carddata.txt"))


def _entries(f: Path) -> list[dict[str, Any]]:
    return tomllib.loads(f.read_text(encoding="utf-8"))["card"]


def _keys(f: Path) -> list[str]:
    return [real_key(d["name"], d["set"]) for d in _entries(f)]


def _plain(f: Path) -> bool:
    return f.name.startswith("plain_")


@cache
def _pool() -> Any:
    from saves.cardfile import parse

    return parse(CARD_FILE.read_bytes(), str(CARD_FILE))


@pytest.mark.parametrize("f", FILES, ids=lambda f: f.name)
def test_every_card_of_the_file_loads_once_as_the_card_it_says_with_a_script_or_none_in_a_plain_file(f):
    entries, keys = _entries(f), _keys(f)
    assert keys and len(keys) == len(set(keys)), f.name
    for d, key in zip(entries, keys, strict=True):
        c = CARDS[key]
        assert (c.key, c.name, c.set, c.type, c.alignment) == (key, d["name"], d["set"], d["type"], d["alignment"])
        assert c.brigades == tuple(d.get("brigades", ()))
        assert (c.strength, c.toughness) == (d.get("strength", 0), d.get("toughness", 0))
        assert c.classes == tuple(d.get("class", ())) and c.identifiers == tuple(d.get("identifiers", ()))
        assert c.reference == d.get("reference", "")
        assert len(c.abilities) == len(d.get("abilities", ())), key
        assert c.ability_text == " ".join(c.ability_text.split()), key  # generated from the script
        assert (not c.abilities) == (c.ability_text == ""), key
        if _plain(f):
            assert "abilities" not in d and not c.abilities, f"{f.name}: {key} has a script: it is not a plain card"
        elif f.name not in UNSCRIPTED_OK:
            assert c.abilities, f"{f.name}: {key} has no script"


def test_no_card_is_in_two_files():
    where: dict[str, str] = {}
    twice = []
    for f in FILES:
        for key in _keys(f):
            if key in where:
                twice.append((key, where[key], f.name))
            where[key] = f.name
    assert not twice, twice


def _numbers(text: str) -> list[int]:
    """A card file's Strength or Toughness: "6", "" or a dual card's "6 (0)" (the good half, then the evil half)."""
    return [int(x) for x in text.replace("(", " ").replace(")", " ").replace("/", " ").split()] or [0]


def _brigades(text: str) -> set[str]:
    """A card file's Brigade: "Green/Purple", "Good Gold/Evil Gold", a dual card's "Green (Pale Green)"."""
    parts = text.replace("(", "/").replace(")", "/").split("/")
    return {b.strip().removeprefix("Good ").removeprefix("Evil ") for b in parts if b.strip()}


def _agree(c: Card, p: Any) -> None:
    key = c.key
    assert p.type == c.type and p.reference == c.reference, key
    dual = c.has("dual_alignment")
    if dual is None:
        assert p.alignment.lower() == c.alignment, key
        assert (_numbers(p.strength)[0], _numbers(p.toughness)[0]) == (c.strength, c.toughness), key
        if p.brigade == "Multi":
            assert len(c.brigades) in (7, 9), key
        else:
            assert _brigades(p.brigade) == set(c.brigades), key
    else:  # a GE/EE card: the good half's facts, the evil half's numbers and brigades in its dual_alignment
        assert p.alignment == "Neutral", key
        act = dual.acts[0]
        s_, t_ = _numbers(p.strength), _numbers(p.toughness)
        assert (s_[0], t_[0]) == (c.strength, c.toughness), key
        assert (s_[-1], t_[-1]) == (act.strength, act.toughness), key
        evil = act.select.get("brigade")
        evil = set(evil) if isinstance(evil, tuple) else {evil}
        if p.brigade == "Multi":
            assert len(c.brigades) == 9 and len(evil) == 7, key
        else:
            assert _brigades(p.brigade) == set(c.brigades) | evil, key
    printed = {k.strip().lower() for k in p.klass.split(",") if k.strip()}
    assert printed & ENGINE_CLASSES == set(c.classes), key
    if not c.abilities:
        assert not p.text.strip(), f"{key}: the card file prints a special ability and the card has no script"
    assert script_for(p) == key and p.enforced, key


@pytest.mark.skipif(not CARD_FILE.is_file(), reason="the player's own card file is not on this machine")
@pytest.mark.parametrize("f", FILES, ids=lambda f: f.name)
def test_the_facts_agree_with_the_card_file_and_every_card_is_enforced(f):
    pool = _pool()
    for key in _keys(f):
        assert key in pool.by_key, f"{f.name}: {key} is not in the card file"
        c, p = CARDS[key], pool.by_key[key]
        _agree(c, p)
        if _plain(f):  # the scripted files write a card's kind and testament as facets of their own
            assert {i.strip().lower() for i in p.identifier.split(",") if i.strip()} <= set(c.identifiers), key
