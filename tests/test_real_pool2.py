"""Real cards of rules/redemption/real/pool2_*.toml (the negate variants and the riders with conditions): every card
a case on a hand-built position in the scenario format (``redemption.scenario``) in which its ability happens and its
outcome is asserted, parametrised by the shape of its script; the last test checks every card is a case of some test."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

import pytest

from rules.redemption import continuous
from rules.redemption.cards import CARDS, real_key
from rules.redemption.printed import script_for
from tests.redemption_helpers import ok
from tests.test_real_g10 import _test_card, pos, round_trip

REAL_DIR = Path(__file__).resolve().parent.parent / "rules" / "redemption" / "real"
FILES = sorted(REAL_DIR.glob("pool2_*.toml"))
ENTRIES = [d for f in FILES for d in tomllib.loads(f.read_text(encoding="utf-8"))["card"]]
KEYS = [real_key(d["name"], d["set"]) for d in ENTRIES]
CLAIMED: dict[str, str] = {}

DRAGON = real_key("Red Dragon (G)", "10A")  # evil demon, Revelation; immune to human Heroes (an ability)
MIGHTY = real_key("Mighty Warrior ( C)", "2E")  # a human Hero with immunities (abilities)
CLOUD = real_key("Pillar of a Cloud ( C)", "2E")  # a good enhancement: first strike
EVIL_ENH = [real_key("Ancient Evil (G)", "10A"), real_key("Lying Unto God", "10A")]


def _first(key: str) -> dict[str, Any]:
    ab = ENTRIES[KEYS.index(key)]["abilities"][0]
    return {"trigger": ab["trigger"], **ab["effects"][0]}


def cards(test: str, *names: str) -> list[str]:
    """The pool2 cards of those names (each claimed by the test)."""
    out = [k for k in KEYS if CARDS[k].name in names]
    assert len(out) == len(names), (test, names)
    for k in out:
        CLAIMED.setdefault(k, test)
    return out


def _ability_card(monkeypatch: pytest.MonkeyPatch, key: str, **facts: Any) -> str:
    """A character of our own with an ability (immune to a brigade no card of the test has)."""
    ab = [{"trigger": "while_in_play", "effects": [{"verb": "immune", "select": {"brigade": "Teal"}}]}]
    return _test_card(monkeypatch, key, abilities=ab, strength=1, toughness=1, **facts)


# --- the structure -----------------------------------------------------------------------------------------------------
def test_every_card_of_the_pool2_files_is_loaded_once_with_a_script():
    assert KEYS and len(KEYS) == len(set(KEYS))
    for key in KEYS:
        c = CARDS[key]
        assert c.abilities and c.ability_text == " ".join(c.ability_text.split()), key


CARD_FILE = Path(os.environ.get("REDEMPTION_CARD_FILE", "/work/lackey/carddata.txt"))


@pytest.mark.skipif(not CARD_FILE.is_file(), reason="the player's own card file is not on this machine")
def test_the_facts_agree_with_the_card_file_and_every_card_is_enforced():
    from saves.cardfile import parse

    pool = parse(CARD_FILE.read_bytes(), str(CARD_FILE))
    for key in KEYS:
        c, p = CARDS[key], pool.by_key[key]
        assert p.type == c.type and p.alignment.lower() == c.alignment, key
        assert int(p.strength or 0) == c.strength and int(p.toughness or 0) == c.toughness, key
        assert p.reference == c.reference, key
        assert {b.removeprefix("Good ").removeprefix("Evil ") for b in p.brigade.split("/") if b} == set(c.brigades), (
            key
        )
        printed = {k.strip().lower() for k in p.klass.split(",") if k.strip()}
        assert printed & {"warrior", "weapon", "territory"} == set(c.classes), key
        assert script_for(p) == key and p.enforced


# --- negate all the cards of a description (redemption.effect.negate_all.selected) ------------------------------------
def _enh(monkeypatch: pytest.MonkeyPatch, key: str, good: bool, brigade: str) -> str:
    return _test_card(
        monkeypatch,
        key,
        type="good_enhancement" if good else "evil_enhancement",
        alignment="good" if good else "evil",
        brigades=[brigade],
        strength=2,
        toughness=2,
    )


@pytest.mark.parametrize("card", cards("negate_in_battle", "Abandonment (Roots)", "Hinds’ Feet (Roots)"))
def test_an_enhancement_negates_every_other_card_in_battle_on_both_sides(monkeypatch, card):
    good = CARDS[card].type == "good_enhancement"
    brig = CARDS[card].brigades[0]
    hero = _test_card(monkeypatch, "t_hero", type="hero", alignment="good", brigades=[brig], strength=5, toughness=5)
    foe = _test_card(monkeypatch, "t_foe", type="evil_character", brigades=[brig], strength=5, toughness=5)
    mine, theirs = _enh(monkeypatch, "t_good", True, brig), _enh(monkeypatch, "t_evil", False, brig)
    battle = {"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 1 if good else 0}
    battle["played"] = [mine, theirs]
    b = pos(
        {"field_of_battle": [hero, mine], **({"hand": [card]} if good else {})},
        {"field_of_battle": [foe, theirs], "land_of_bondage": ["ls_orphan"], **({} if good else {"hand": [card]})},
        phase="battle",
        flags={"battled": True},
        battle=battle,
        attached={mine: hero, theirs: foe},
    )
    g = b.game
    assert g.char_numbers(b[hero]) == (7, 7) and g.char_numbers(b[foe]) == (7, 7)
    host = hero if good else foe
    ok(g, f"enhance {b[card]} {b[host]}")
    assert b[mine] in g.b.negated and b[theirs] in g.b.negated and b[card] not in g.b.negated
    s, t = CARDS[card].strength, CARDS[card].toughness
    assert g.char_numbers(b[host]) == (5 + s, 5 + t)  # only its own numbers count on its side
    assert g.char_numbers(b[foe if good else hero]) == (5, 5)
    round_trip(g)


#: card -> (the cards in play on the Hero side and on the evil side, each True when it is to be negated)
CHAR_CASES: dict[str, tuple[dict[str, bool], dict[str, bool]]] = {
    "Foul Spirit [RR2]": ({"t_hero_a": True, MIGHTY: True}, {DRAGON: False}),
    "Wild Animals": ({"t_hero_a": True, MIGHTY: True}, {DRAGON: False}),
    "Mary Magdalene (Di)": ({MIGHTY: False}, {DRAGON: True, "t_evil_a": False}),
    "Shamgar (FoM)": ({MIGHTY: True}, {DRAGON: True, "t_evil_a": True}),
    "The Fourth Creature [RR2]": ({MIGHTY: True, "t_rev": False}, {DRAGON: True}),
    "Job's Wife (RoJ AB)": ({MIGHTY: True, "t_job": False}, {DRAGON: True, "t_evil_a": True}),
}


@pytest.mark.parametrize("card", cards("negate_chars", *CHAR_CASES))
def test_a_character_negates_the_cards_in_play_that_fit_as_it_enters_battle(monkeypatch, card):
    c = CARDS[card]
    _ability_card(monkeypatch, "t_hero_a", type="hero", alignment="good", brigades=["Blue"])
    _ability_card(monkeypatch, "t_evil_a", type="evil_character", brigades=["Gray"])
    _ability_card(monkeypatch, "t_rev", type="hero", alignment="good", brigades=["Blue"], reference="Revelation 1:9")
    _ability_card(monkeypatch, "t_job", type="hero", alignment="good", brigades=["Blue"], reference="Job 1:1")
    hero_side, evil_side = CHAR_CASES[c.name]
    if c.type == "hero":
        b = pos(
            {"hand": [card], "territory": list(hero_side)},
            {"territory": list(evil_side), "land_of_bondage": ["ls_orphan"]},
            phase="battle",
        )
        ok(b.game, f"rescue {b[card]}")
    else:
        b = pos(
            {"hand": ["gideon"], "territory": list(hero_side)},
            {"hand": [card], "territory": list(evil_side), "land_of_bondage": ["ls_orphan"]},
            phase="battle",
        )
        ok(b.game, f"rescue {b['gideon']}")
        ok(b.game, f"block {b[card]}")
    g = b.game
    for k, want in {**hero_side, **evil_side}.items():
        assert (b[k] in g.b.negated) == want, k
    assert b[card] not in g.b.negated
    if c.name == "Mary Magdalene (Di)":
        assert continuous.immune(g, b[card], b[DRAGON])  # and immune to demons
    if c.name == "Wild Animals":  # one Hero in battle: it stays (every one but one withdraws)
        assert g.zone_of(b["gideon"]) == (0, "field_of_battle")
    round_trip(g)


# --- negate and discard every card that fits (redemption.effect.negate_discard, all = true) ----------------------------
@pytest.mark.parametrize("card", cards("negate_discard_all", "Burning Bush"))
def test_every_evil_enhancement_in_battle_is_negated_and_discarded(monkeypatch, card):
    hero = _test_card(monkeypatch, "t_hero", type="hero", alignment="good", brigades=["White"], strength=1, toughness=1)
    foe = _test_card(monkeypatch, "t_foe", type="evil_character", brigades=["Black"], strength=5, toughness=5)
    first, last = EVIL_ENH
    battle = {"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 1, "played": [first, last]}
    b = pos(
        {"field_of_battle": [hero], "hand": [card]},
        {"field_of_battle": [foe, first, last], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        flags={"battled": True},
        battle=battle,
        attached={first: foe, last: foe},
    )
    g = b.game
    assert g.char_numbers(b[foe]) == (9, 11)
    ok(g, f"enhance {b[card]} {b[hero]}")
    assert g.zone_of(b[first]) == (1, "discard") and g.zone_of(b[last]) == (1, "discard")
    assert g.char_numbers(b[foe]) == (5, 5) and g.char_numbers(b[hero]) == (2, 2)
    round_trip(g)


# --- riders with conditions (redemption.lang.rider.conditional) --------------------------------------------------------
@pytest.mark.parametrize("card", cards("search_prophet", "Search (PoC)", "Search (FooF)"))
@pytest.mark.parametrize("prophet", [True, False])
def test_a_search_cannot_be_negated_only_when_a_prophet_uses_it(monkeypatch, card, prophet):
    ids = ["prophet", "human"] if prophet else ["human"]
    hero = _test_card(
        monkeypatch,
        "t_hero",
        type="hero",
        alignment="good",
        brigades=["Green"],
        identifiers=ids,
        strength=1,
        toughness=1,
    )
    foe = _test_card(monkeypatch, "t_foe", type="evil_character", brigades=["Black"], strength=5, toughness=5)
    battle = {"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 1, "played": []}
    b = pos(
        {"field_of_battle": [hero], "hand": [card], "deck": ["esther", "peter"]},
        {"field_of_battle": [foe], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        flags={"battled": True},
        battle=battle,
    )
    g = b.game
    ok(g, f"enhance {b[card]} {b[hero]}")
    d = g.s.pending
    assert d is not None and d.effect == "search" and set(d.options) >= {b["esther"], b["peter"]}
    ok(g, f"choose {b['esther']}")
    assert g.zone_of(b["esther"]) == (0, "hand")
    assert continuous.stoppable(g, b[card], "negate") != prophet
    round_trip(g)


def test_every_card_of_the_pool2_files_is_a_case_of_some_test():
    assert set(KEYS) == set(CLAIMED), sorted(set(KEYS) - set(CLAIMED))
