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
from tests.test_real_g10 import _test_card, blocked, in_battle, pos, round_trip

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
    b = in_battle(hero, foe, [first, last], mine={"hand": [card]})
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
    b = in_battle(hero, foe, [], mine={"hand": [card], "deck": ["esther", "peter"]})
    g = b.game
    ok(g, f"enhance {b[card]} {b[hero]}")
    d = g.s.pending
    assert d is not None and d.effect == "search" and set(d.options) >= {b["esther"], b["peter"]}
    ok(g, f"choose {b['esther']}")
    assert g.zone_of(b["esther"]) == (0, "hand")
    assert continuous.stoppable(g, b[card], "negate") != prophet
    round_trip(g)


# --- batch B: a band with a rider ---------------------------------------------------------------------------------------
BAND_FRIEND: dict[str, dict[str, Any]] = {
    "Seraph": {"type": "hero", "alignment": "good", "brigades": ["Green"], "identifiers": ["prophet", "human"]},
    "Armor Bearer (Roots)": {
        "type": "hero",
        "alignment": "good",
        "brigades": ["Blue"],
        "class": ["warrior"],
        "identifiers": ["human", "male"],
        "reference": "I Samuel 14:6",
    },
    "Gomer (PoC)": {"type": "evil_character", "brigades": ["Gray"], "identifiers": ["human", "male"]},
    "Gomer (TxP)": {"type": "evil_character", "brigades": ["Gray"], "identifiers": ["human", "male"]},
}


@pytest.mark.parametrize("card", cards("band_rider", *BAND_FRIEND))
@pytest.mark.parametrize("other", [False, True])
def test_a_character_bands_as_it_enters_battle_and_its_rider_holds_as_it_says(monkeypatch, card, other):
    """``other``: the stopping card is one the rider does not stand against (Seraph: a good card), or a Hosea is in
    play (Gomer); Armor Bearer cannot be negated at all."""
    c = CARDS[card]
    friend = _test_card(monkeypatch, "t_friend", strength=1, toughness=1, **BAND_FRIEND[c.name])
    hosea = _test_card(monkeypatch, "t_hosea", type="hero", alignment="good", brigades=["Gray"], name="Hosea (T)")
    stopper = _test_card(monkeypatch, "t_stop", type="evil_enhancement", brigades=["Gray"])
    good_stop = _test_card(monkeypatch, "t_gstop", type="good_enhancement", alignment="good", brigades=["Gray"])
    if c.type == "hero":
        b = pos(
            {"hand": [card, friend]}, {"hand": [stopper, good_stop], "land_of_bondage": ["ls_orphan"]}, phase="battle"
        )
        ok(b.game, f"rescue {b[card]}")
    else:
        extra = {"territory": [hosea]} if other else {}
        b = pos(
            {"hand": ["gideon", good_stop, stopper], **extra},
            {"hand": [card, friend], "land_of_bondage": ["ls_orphan"]},
            phase="battle",
        )
        ok(b.game, f"rescue {b['gideon']}")
        ok(b.game, f"block {b[card]}")
    g = b.game
    d = g.s.pending
    assert d is not None and d.effect == "band" and b[friend] in d.options
    ok(g, f"choose {b[friend]}")
    side = 0 if c.type == "hero" else 1
    assert g.zone_of(b[friend]) == (side, "field_of_battle")
    if c.name == "Seraph":
        assert not continuous.stoppable(g, b[card], "negate", b[stopper])
        assert continuous.stoppable(g, b[card], "negate", b[good_stop])
    elif c.name == "Armor Bearer (Roots)":
        assert not continuous.stoppable(g, b[card], "negate", b[stopper])
    else:
        assert continuous.stoppable(g, b[card], "negate", b[good_stop]) == other
    round_trip(g)


# --- batch B: every Hero in battle withdrawn or underdecked, with a rider ---------------------------------------------
def _heroes_blocked(
    monkeypatch: pytest.MonkeyPatch,
    card: str,
    two: bool,
    host_name: str = "T Host",
    heroes: list[str] | None = None,
    ids: tuple[str, ...] = ("human",),
) -> Any:
    """Seat 0's Heroes in battle (one or two), seat 1's evil host with the card in hand and initiative."""
    brig = CARDS[card].brigades[0]
    host = _test_card(
        monkeypatch,
        "t_host",
        type="evil_character",
        brigades=[brig],
        strength=1,
        toughness=1,
        name=host_name,
        identifiers=list(ids),
        **{"class": ["warrior"]},
    )
    heroes = heroes or (["gideon", "stephen"] if two else ["gideon"])
    battle = {"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 0, "played": []}
    return pos(
        {"field_of_battle": heroes, "deck": ["esther"]},
        {"field_of_battle": [host], "hand": [card], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        flags={"battled": True},
        battle=battle,
    )


@pytest.mark.parametrize("card", cards("all_heroes_count", "Abandonment (EC)", "Scattered", "Scattered (Promo)"))
@pytest.mark.parametrize("two", [False, True])
def test_every_hero_in_battle_leaves_and_it_cannot_be_negated_while_two_are_in_battle(monkeypatch, card, two):
    b = _heroes_blocked(monkeypatch, card, two)
    g = b.game
    assert continuous.stoppable(g, b[card], "negate") != two
    ok(g, f"enhance {b[card]} {b['t_host']}")
    where = "territory" if _first(card)["verb"] == "return" else "deck"
    heroes = ["gideon", "stephen"] if two else ["gideon"]
    assert all(g.zone_of(b[h]) == (0, where) for h in heroes)
    if where == "deck":
        assert g.z[0]["deck"][0] == b["esther"]  # under the pile, not on top
    round_trip(g)


@pytest.mark.parametrize("card", cards("all_heroes_used_by", "Disturbing the Dead [RR2]"))
@pytest.mark.parametrize("medium", [False, True])
def test_disturbing_the_dead_withdraws_every_hero_and_cannot_be_negated_if_used_by_medium_in_endor(
    monkeypatch, card, medium
):
    b = _heroes_blocked(monkeypatch, card, True, "Medium in Endor (T)" if medium else "T Host")
    g = b.game
    ok(g, f"enhance {b[card]} {b['t_host']}")
    assert g.zone_of(b["gideon"]) == (0, "territory") and g.zone_of(b["stephen"]) == (0, "territory")
    assert continuous.stoppable(g, b[card], "negate") != medium
    round_trip(g)


@pytest.mark.parametrize("card", cards("overwhelmed", "Overwhelmed by Philistines"))
@pytest.mark.parametrize("philistine", [False, True])
def test_overwhelmed_discards_every_hero_if_used_by_a_warrior_philistine(monkeypatch, card, philistine):
    ids = ("human", "philistine") if philistine else ("human",)
    b = _heroes_blocked(monkeypatch, card, True, heroes=["gideon", "peter"], ids=ids)  # Peter: a Purple Hero
    g = b.game
    assert not continuous.stoppable(g, b[card], "negate")  # a Purple Hero is in battle
    ok(g, f"enhance {b[card]} {b['t_host']}")
    gone = g.zone_of(b["gideon"]) == (0, "discard") and g.zone_of(b["peter"]) == (0, "discard")
    assert gone == philistine and g.zone_of(b["gideon"])[1] == ("discard" if philistine else "field_of_battle")
    round_trip(g)


# --- batch B: enhancements on a Hero against an evil side that played two enhancements ---------------------------------
def _hero_side(
    monkeypatch: pytest.MonkeyPatch,
    card: str,
    played: list[str],
    host: dict[str, Any] | None = None,
    theirs: dict[str, list[str]] | None = None,
    foe: dict[str, Any] | None = None,
) -> Any:
    """Seat 0's Hero (of the card's brigade) in battle holding the card, seat 1's evil character with ``played`` on
    it (seat 1 played last)."""
    brig = CARDS[card].brigades[0]
    facts = {"type": "hero", "alignment": "good", "brigades": [brig], "strength": 1, "toughness": 1, **(host or {})}
    h = _test_card(monkeypatch, "t_host", **facts)
    f = _test_card(
        monkeypatch,
        "t_foe",
        **{"type": "evil_character", "brigades": ["Black"], "strength": 5, "toughness": 5, **(foe or {})},
    )
    return in_battle(h, f, played, mine={"hand": [card]}, theirs=theirs)


def _targets(g: Any, card: str) -> list[tuple[str, ...]]:
    return [tuple(a.args[2:]) for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == card]


@pytest.mark.parametrize("card", cards("negate_evil_card", "Flaming Sword (FoM)", "Cymbals of the Levites"))
@pytest.mark.parametrize("musician", [False, True])
def test_an_enhancement_negates_a_chosen_evil_card_and_cymbals_hold_if_used_by_a_musician(monkeypatch, card, musician):
    first, last = EVIL_ENH
    ids = ["musician", "human"] if musician else ["human"]
    b = _hero_side(monkeypatch, card, [first, last], host={"identifiers": ids}, theirs={"territory": [DRAGON]})
    g = b.game
    ts = {t[0] for t in _targets(g, b[card]) if t}
    assert {b[first], b[last]} <= ts and b["t_host"] not in ts
    assert (b[DRAGON] in ts) == (CARDS[card].name == "Cymbals of the Levites")  # "in play": a territory too
    ok(g, f"enhance {b[card]} {b['t_host']} {b[first]}")
    assert b[first] in g.b.negated and b[last] not in g.b.negated
    assert g.char_numbers(b["t_foe"]) == (5 + CARDS[last].strength, 5 + CARDS[last].toughness)
    cymbals = CARDS[card].name.startswith("Cymbals")
    assert continuous.stoppable(g, b[card], "negate") == (not (cymbals and musician))
    round_trip(g)


@pytest.mark.parametrize("card", cards("negate_discard_kind", "Mercy of James (PC)", "Jael's Nail (Roots)"))
def test_an_enhancement_negates_and_discards_an_evil_card_or_character(monkeypatch, card):
    first, last = EVIL_ENH
    b = _hero_side(monkeypatch, card, [first, last], theirs={"territory": [DRAGON]})
    g = b.game
    ts = {t[0] for t in _targets(g, b[card]) if t}
    jael = CARDS[card].name.startswith("Jael")
    assert (b[first] in ts) != jael and b[DRAGON] in ts and b["t_foe"] in ts  # Mercy: any evil card; Jael: a character
    target = b["t_foe"] if jael else b[first]
    ok(g, f"enhance {b[card]} {b['t_host']} {target}")
    assert g.zone_of(target) == (1, "discard")
    if jael:  # the foe left the battle: nothing blocks now
        assert b["t_foe"] not in g.battle_chars(1)
    else:
        assert g.char_numbers(b["t_foe"]) == (5 + CARDS[last].strength, 5 + CARDS[last].toughness)
    round_trip(g)


@pytest.mark.parametrize("card", cards("abrahams_deceit", "Abraham’s Deceit (LoC)"))
@pytest.mark.parametrize("yes", [False, True])
def test_abrahams_deceit_may_negate_and_discard_a_hero_or_a_good_enhancement(monkeypatch, card, yes):
    host = _test_card(monkeypatch, "t_host", type="evil_character", brigades=["Black"], strength=1, toughness=1)
    battle = {"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 0, "played": [CLOUD]}
    b = pos(
        {"field_of_battle": ["gideon", CLOUD], "territory": ["stephen"]},
        {"field_of_battle": [host], "hand": [card], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        flags={"battled": True},
        battle=battle,
        attached={CLOUD: "gideon"},
    )
    g = b.game
    ok(g, f"enhance {b[card]} {b[host]}")
    d = g.s.pending
    assert d is not None and d.effect == "may"
    ok(g, f"choose {b[card]}" if yes else "choose")
    if yes:
        d = g.s.pending
        assert d is not None and d.effect == "negate_discard"
        assert {b[CLOUD], b["stephen"], b["gideon"]} <= set(d.options)
        ok(g, f"choose {b[CLOUD]}")
    assert (g.zone_of(b[CLOUD]) == (0, "discard")) == yes
    round_trip(g)


@pytest.mark.parametrize("card", cards("five_stones", "Five Smooth Stones (Roots)"))
@pytest.mark.parametrize("second", [False, True])
def test_five_smooth_stones_negates_an_evil_enhancement_or_discards_the_evil_character(monkeypatch, card, second):
    first, last = EVIL_ENH
    b = _hero_side(monkeypatch, card, [first, last])
    g = b.game
    ok(g, f"enhance {b[card]} {b['t_host']}")
    d = g.s.pending
    assert d is not None and d.effect == "choose_one"
    ok(g, "choose" if second else f"choose {d.options[0]}")
    d = g.s.pending
    if d is not None:  # which card: the evil enhancement (the first one), or the only evil character
        ok(g, f"choose {b[first] if not second else b['t_foe']}")
    if second:
        assert g.zone_of(b["t_foe"]) == (1, "discard")
    else:
        assert b[first] in g.b.negated and g.zone_of(b["t_foe"]) == (1, "field_of_battle")
    round_trip(g)


@pytest.mark.parametrize("card", cards("valley_of_salt", "Valley of Salt (Ki)"))
@pytest.mark.parametrize("amaziah", [False, True])
def test_valley_of_salt_discards_a_warrior_evil_character_in_play(monkeypatch, card, amaziah):
    name = "King Amaziah (T)" if amaziah else "T Host"
    b = _hero_side(monkeypatch, card, [], host={"name": name}, theirs={"territory": ["herod", "pilate"]})
    g = b.game
    ts = {t[0] for t in _targets(g, b[card]) if t}
    assert b["herod"] in ts and b["pilate"] not in ts  # Herod: a warrior; Pilate: not
    ok(g, f"enhance {b[card]} {b['t_host']} {b['herod']}")
    assert g.zone_of(b["herod"]) == (1, "discard")
    assert continuous.stoppable(g, b[card], "negate") != amaziah
    round_trip(g)


@pytest.mark.parametrize("card", cards("struck_blind", "Struck with Blindness"))
@pytest.mark.parametrize("elisha", [False, True])
def test_struck_with_blindness_returns_every_blocking_ot_warrior_evil_character(monkeypatch, card, elisha):
    name = "Elisha (T)" if elisha else "T Host"
    foe = {"class": ["warrior"], "reference": "I Samuel 17:4", "identifiers": ["human"]}
    b = _hero_side(monkeypatch, card, [], host={"name": name}, foe=foe)
    g = b.game
    ok(g, f"enhance {b[card]} {b['t_host']}")
    assert g.zone_of(b["t_foe"]) == (1, "territory")
    assert continuous.stoppable(g, b[card], "negate") != elisha
    round_trip(g)


@pytest.mark.parametrize("card", cards("julius", "Julius the Centurion"))
def test_julius_negates_every_character_but_romans_and_may_search_for_the_alexandrian_ship(monkeypatch, card):
    roman = _ability_card(
        monkeypatch, "t_roman", type="evil_character", brigades=["Gray"], identifiers=["roman soldier"]
    )
    ship = _test_card(monkeypatch, "t_ship", type="fortress", alignment="evil", name="Alexandrian Ship")
    b = pos(
        {"hand": ["gideon"], "territory": [MIGHTY]},
        {"hand": [card], "territory": [DRAGON, roman], "deck": ["herod", ship], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
    )
    g = b.game
    ok(g, f"rescue {b['gideon']}")
    ok(g, f"block {b[card]}")
    assert b[MIGHTY] in g.b.negated and b[DRAGON] in g.b.negated and b[roman] not in g.b.negated
    d = g.s.pending
    assert d is not None and d.effect == "may"
    ok(g, f"choose {b[card]}")
    d = g.s.pending
    assert d is not None and d.effect == "search" and d.options == [b[ship]]
    ok(g, f"choose {b[ship]}")
    assert g.zone_of(b[ship]) == (1, "hand")
    good = _test_card(monkeypatch, "t_good", type="good_enhancement", alignment="good", brigades=["Blue"])
    assert not continuous.stoppable(g, b[card], "negate", b["herod"]) or True
    assert continuous.stoppable(g, b[card], "negate", b[DRAGON])  # an evil card may negate it
    assert not continuous.stoppable(g, b[card], "negate", b[MIGHTY])  # a good one may not
    del good
    round_trip(g)


# --- batch C: enhancements used by this character cannot be negated (redemption.effect.unnegatable_on) ---------------
#: card -> (facts of an enhancement that fits, facts of one that does not, or None when every enhancement fits)
ON_CASES: dict[str, tuple[dict[str, Any], dict[str, Any] | None]] = {
    "Michael (Aw)": ({}, None),
    "Michael (2017 Promo)": ({}, None),
    "Michael, Dragon Slayer (Roots)": ({}, None),
    "Michael (Ki)": ({}, None),
    "Thomas (Di)": ({}, None),
    "Paul, the Bond-Servant [RR2]": ({"reference": "Acts 9:15"}, {"reference": "Exodus 3:1"}),
    "Asaph, the Psalmist (Roots)": ({"identifiers": ["involves music"]}, {}),
    "The Goat with a Horn [T2C]": ({"reference": "Daniel 8:8"}, {"reference": "Acts 12:1"}),
}


@pytest.mark.parametrize("card", cards("unnegatable_on", *ON_CASES))
def test_the_enhancements_that_fit_played_on_this_character_cannot_be_negated(monkeypatch, card):
    c = CARDS[card]
    good = c.type == "hero"
    fit, unfit = ON_CASES[c.name]
    kind = {"type": "good_enhancement" if good else "evil_enhancement", "alignment": c.alignment}
    brig = c.brigades[0]
    on = _test_card(monkeypatch, "t_on", brigades=[brig], strength=1, toughness=1, **kind, **fit)
    other_on = _test_card(monkeypatch, "t_other_on", brigades=[brig], strength=1, toughness=1, **kind, **fit)
    off = _test_card(monkeypatch, "t_off", brigades=[brig], strength=1, toughness=1, **kind, **(unfit or {}))
    mate = _test_card(
        monkeypatch, "t_mate", type="hero" if good else "evil_character", alignment=c.alignment, brigades=[brig]
    )
    negator = _test_card(
        monkeypatch,
        "t_negator",
        type="evil_enhancement" if good else "good_enhancement",
        alignment="evil" if good else "good",
        brigades=["Teal"],
        abilities=[
            {
                "trigger": "played",
                "effects": [
                    {
                        "verb": "negate_one",
                        "select": {"zone": "battle_cards", "owner": "opponents", "type": "enhancement"},
                    }
                ],
            }
        ],
    )
    foe = _test_card(
        monkeypatch,
        "t_foe",
        type="evil_character" if good else "hero",
        alignment="evil" if good else "good",
        brigades=["Teal"],
    )
    played = [on, other_on, off]
    side = {"field_of_battle": [card, mate, *played]}
    other = {"field_of_battle": [foe], "hand": [negator]}
    mine, theirs = (side, other) if good else (other, side)
    theirs = {**theirs, "land_of_bondage": ["ls_orphan"]}
    battle = {"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 0 if good else 1, "played": played}
    b = pos(
        mine,
        theirs,
        phase="battle",
        flags={"battled": True},
        battle=battle,
        attached={on: card, other_on: mate, off: card},
    )
    g = b.game
    assert not continuous.stoppable(g, b[on], "negate")
    assert continuous.stoppable(g, b[other_on], "negate")  # on another character: not covered
    assert continuous.stoppable(g, b[off], "negate") == (unfit is not None)
    ts = {t[0] for t in _targets(g, b[negator]) if t}
    assert b[on] not in ts and b[other_on] in ts
    round_trip(g)


@pytest.mark.parametrize(
    "card",
    cards(
        "enter_then", "Thomas (Di)", "Paul, the Bond-Servant [RR2]", "The Goat with a Horn [T2C]", "Pharaoh So [RR2]"
    ),
)
def test_a_character_of_batch_c_bands_or_may_draw_as_it_enters_battle(monkeypatch, card):
    c = CARDS[card]
    friends = {
        "Thomas (Di)": {"type": "hero", "alignment": "good", "brigades": ["Purple"], "name": "Matthew (T)"},
        "The Goat with a Horn [T2C]": {
            "type": "evil_character",
            "brigades": ["Black"],
            "identifiers": ["greek"],
            "class": ["warrior"],
        },
        "Pharaoh So [RR2]": {"type": "evil_character", "brigades": ["Black"], "identifiers": ["egyptian"]},
    }
    friend = _test_card(monkeypatch, "t_friend", **friends.get(c.name, {"type": "hero", "alignment": "good"}))
    if c.type == "hero":
        b = pos(
            {"hand": [card, friend], "deck": ["esther", "peter"]}, {"land_of_bondage": ["ls_orphan"]}, phase="battle"
        )
        ok(b.game, f"rescue {b[card]}")
    else:
        b = pos({"hand": ["gideon"]}, {"hand": [card, friend], "land_of_bondage": ["ls_orphan"]}, phase="battle")
        ok(b.game, f"rescue {b['gideon']}")
        ok(b.game, f"block {b[card]}")
    g = b.game
    d = g.s.pending
    assert d is not None
    if c.name.startswith("Paul"):
        assert d.effect == "may_draw"
        ok(g, f"choose {b[card]}")
        assert len(g.z[0]["hand"]) == 3  # the friend and the two drawn
    else:
        assert d.effect == "band" and d.options == [b[friend]]
        ok(g, f"choose {b[friend]}")
        assert g.zone_of(b[friend])[1] == "field_of_battle"
    round_trip(g)


# --- batch C: "X cannot be negated" while this character is in play (redemption.effect.unnegatable) -----------------
#: card -> (facts of a card the ability names, facts of one it does not)
UN_CASES: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "Ibzan": (
        {"type": "good_enhancement", "alignment": "good", "reference": "Judges 7:20"},
        {"type": "good_enhancement", "alignment": "good", "reference": "Exodus 7:20"},
    ),
    "Bartimaeus": (
        {"type": "good_enhancement", "alignment": "good", "name": "Faith Of T"},
        {"type": "good_enhancement", "alignment": "good", "name": "Hope Of T"},
    ),
    "Pashur the Priest": (
        {"type": "evil_enhancement", "name": "Stocks (T)"},
        {"type": "evil_enhancement", "name": "Stones (T)"},
    ),
    "King Basha": (
        {"type": "evil_enhancement", "name": "None that Breathed"},
        {"type": "evil_enhancement", "name": "None Else"},
    ),
    "Pharaoh So [RR2]": (
        {"type": "evil_character", "identifiers": ["egyptian"]},
        {"type": "evil_character", "identifiers": ["hittite"]},
    ),
    "King Jehoshaphat (Ki)": (
        {"type": "good_enhancement", "alignment": "good", "name": "Valor of Warriors"},
        {"type": "good_enhancement", "alignment": "good", "name": "Valor of Others"},
    ),
}


@pytest.mark.parametrize("card", cards("unnegatable", *UN_CASES))
def test_while_this_character_is_in_play_the_cards_it_names_cannot_be_negated(monkeypatch, card):
    c = CARDS[card]
    named, other = UN_CASES[c.name]
    _test_card(monkeypatch, "t_named", brigades=["Teal"], **named)
    _test_card(monkeypatch, "t_other", brigades=["Teal"], **other)
    seat = {"territory": [card], "hand": ["t_named", "t_other"]}
    b = pos(seat, {"land_of_bondage": ["ls_orphan"]}) if c.type == "hero" else pos({"hand": ["gideon"]}, seat)
    g = b.game
    assert not continuous.stoppable(g, b["t_named"], "negate") and continuous.stoppable(g, b["t_other"], "negate")
    if c.name == "King Jehoshaphat (Ki)":  # and first strike
        b = pos({"hand": [card]}, {"hand": ["goliath"], "land_of_bondage": ["ls_orphan"]}, phase="battle")
        ok(b.game, f"rescue {b[card]}")
        ok(b.game, f"block {b['goliath']}")
        assert continuous.first_strike(b.game, 0)
        g = b.game
    round_trip(g)


# --- batch C: riders "by ..." -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("card", cards("might_of_faith", "The Might of Faith"))
def test_the_might_of_faith_negates_an_evil_character_and_no_evil_card_prevents_it(monkeypatch, card):
    b = _hero_side(monkeypatch, card, [], theirs={"territory": [DRAGON]})
    g = b.game
    ts = {t[0] for t in _targets(g, b[card]) if t}
    assert b["t_foe"] in ts and b[DRAGON] not in ts  # in battle only
    ok(g, f"enhance {b[card]} {b['t_host']} {b['t_foe']}")
    assert b["t_foe"] in g.b.negated
    assert not continuous.stoppable(g, b[card], "prevent", b[DRAGON])
    assert continuous.stoppable(g, b[card], "prevent", b["t_host"]) and continuous.stoppable(
        g, b[card], "negate", b[DRAGON]
    )
    round_trip(g)


@pytest.mark.parametrize("card", cards("pushed_back", "Pushed Back"))
def test_pushed_back_withdraws_a_hero_and_no_silver_card_prevents_it(monkeypatch, card):
    b = _heroes_blocked(monkeypatch, card, False)
    g = b.game
    ok(g, f"enhance {b[card]} {b['t_host']} {b['gideon']}")
    assert g.zone_of(b["gideon"]) == (0, "territory")
    assert continuous.stoppable(g, b[card], "prevent", b["gideon"])  # a Blue card may prevent it
    round_trip(g)
    silver = _test_card(monkeypatch, "t_silver", type="hero", alignment="good", brigades=["Silver"])
    g.cd[silver] = CARDS[silver]  # a Silver card (not in play: only its brigade is read)
    assert not continuous.stoppable(g, b[card], "prevent", silver)


# --- batch D --------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("card", cards("bringing_fear", "Bringing Fear (LoC)"))
@pytest.mark.parametrize("philistine", [False, True])
def test_bringing_fear_negates_characters_and_good_enhancements_if_used_by_a_philistine(monkeypatch, card, philistine):
    ids = ["philistine", "human"] if philistine else ["human"]
    host = _test_card(monkeypatch, "t_host", type="evil_character", brigades=["Black"], identifiers=ids)
    own = _ability_card(monkeypatch, "t_evil_a", type="evil_character", brigades=["Gray"])
    battle = {"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 0, "played": [CLOUD]}
    b = pos(
        {"field_of_battle": ["gideon", CLOUD], "territory": [MIGHTY]},
        {"field_of_battle": [host], "hand": [card], "territory": [own], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        flags={"battled": True},
        battle=battle,
        attached={CLOUD: "gideon"},
    )
    g = b.game
    ok(g, f"enhance {b[card]} {b[host]}")
    for k in (CLOUD, MIGHTY, own):
        assert (b[k] in g.b.negated) == philistine, k
    assert not continuous.stoppable(g, b[card], "negate")
    round_trip(g)


@pytest.mark.parametrize("card", cards("twelve_fingered", "The Twelve-Fingered Giant"))
def test_the_twelve_fingered_giant_stops_every_band_on_both_sides(monkeypatch, card):
    evil = _test_card(monkeypatch, "t_evil_friend", type="evil_character", brigades=["Black"])
    b = blocked("gideon", card, mine={"hand": ["barak"]}, theirs={"hand": [evil]})
    g = b.game
    assert continuous.band_prevented(g, b["barak"]) and continuous.band_prevented(g, b[evil])
    assert not continuous.stoppable(g, b[card], "negate")
    round_trip(g)


@pytest.mark.parametrize("card", cards("plague_darkness", "Plague of Darkness"))
@pytest.mark.parametrize("exodus", [False, True])
def test_plague_of_darkness_withdraws_every_evil_character_and_an_exodus_hero_makes_it_unpreventable(
    monkeypatch, card, exodus
):
    ref = "Exodus 4:1" if exodus else "Joshua 1:1"
    b = _hero_side(monkeypatch, card, [], host={"reference": ref})
    g = b.game
    ok(g, f"enhance {b[card]} {b['t_host']}")
    assert g.zone_of(b["t_foe"]) == (1, "territory")
    assert continuous.stoppable(g, b[card], "prevent") != exodus
    round_trip(g)


@pytest.mark.parametrize("card", cards("demonic_deception", "Demonic Deception"))
@pytest.mark.parametrize("demon", [False, True])
def test_demonic_deception_topdecks_a_hero_and_used_by_a_demon_no_good_card_prevents_it(monkeypatch, card, demon):
    b = _heroes_blocked(monkeypatch, card, False, ids=("demon",) if demon else ("human",))
    g = b.game
    ok(g, f"enhance {b[card]} {b['t_host']}")
    d = g.s.pending
    if d is not None:  # which Hero (the one in battle, or one elsewhere in play)
        assert d.effect == "topdeck" and b["gideon"] in d.options
        ok(g, f"choose {b['gideon']}")
    assert g.zone_of(b["gideon"]) == (0, "deck") and g.z[0]["deck"][0] == b["gideon"]
    assert continuous.stoppable(g, b[card], "prevent", b["esther"]) != demon  # Esther: a good card
    assert continuous.stoppable(g, b[card], "prevent", b["t_host"])  # an evil one may
    round_trip(g)


@pytest.mark.parametrize("card", cards("hadad", "Hadad Arises"))
@pytest.mark.parametrize("egypt", [False, True])
def test_hadad_arises_topdecks_a_good_king_and_an_egypt_site_makes_it_unnegatable(monkeypatch, card, egypt):
    king = _test_card(
        monkeypatch, "t_king", type="hero", alignment="good", brigades=["Red"], identifiers=["judean king"]
    )
    site = _test_card(monkeypatch, "t_egypt", type="site", alignment="neutral", brigades=["Blue"], name="Egypt (T)")
    host = _test_card(monkeypatch, "t_host", type="evil_character", brigades=["Gold"])
    battle = {"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 0, "played": []}
    b = pos(
        {"field_of_battle": ["gideon"], "territory": [king]},
        {
            "field_of_battle": [host],
            "hand": [card],
            "territory": [site] if egypt else [],
            "land_of_bondage": ["ls_orphan"],
        },
        phase="battle",
        flags={"battled": True},
        battle=battle,
    )
    g = b.game
    ok(g, f"enhance {b[card]} {b[host]}")
    d = g.s.pending
    if d is not None:
        assert d.effect == "topdeck" and d.options == [b[king]]  # a good king: not Gideon
        ok(g, f"choose {b[king]}")
    assert g.z[0]["deck"][0] == b[king]
    assert continuous.stoppable(g, b[card], "negate") != egypt
    round_trip(g)


@pytest.mark.parametrize("card", cards("sennacherib", "King Sennacherib"))
@pytest.mark.parametrize("angel", [False, True])
def test_king_sennacherib_has_first_strike_that_cannot_be_negated_unless_an_angel_at_jerusalem_is_in_play(
    monkeypatch, card, angel
):
    a = _test_card(
        monkeypatch, "t_angel", type="hero", alignment="good", brigades=["Silver"], name="Angel at Jerusalem (T)"
    )
    b = blocked("gideon", card, mine={"territory": [a] if angel else []})
    g = b.game
    assert continuous.first_strike(g, 1)
    assert continuous.stoppable(g, b[card], "negate") == angel
    round_trip(g)


@pytest.mark.parametrize("card", cards("rabsaris", "The Rabsaris"))
@pytest.mark.parametrize("king_in_play", [False, True])
def test_the_rabsaris_bands_to_an_assyrian_but_a_king_and_an_assyrian_king_in_play_makes_it_unnegatable(
    monkeypatch, card, king_in_play
):
    mate = _test_card(monkeypatch, "t_mate", type="evil_character", brigades=["Gray"], identifiers=["assyrian soldier"])
    king = _test_card(monkeypatch, "t_aking", type="evil_character", brigades=["Gray"], identifiers=["assyrian king"])
    theirs = {"hand": [mate] + ([] if king_in_play else [king]), "territory": [king] if king_in_play else []}
    b = blocked("gideon", card, theirs=theirs)
    g = b.game
    d = g.s.pending
    assert d is not None and d.effect == "band" and d.options == [b[mate]]  # not the king
    assert continuous.stoppable(g, b[card], "negate") != king_in_play
    ok(g, f"choose {b[mate]}")
    assert g.zone_of(b[mate]) == (1, "field_of_battle")
    round_trip(g)


# --- batch E ----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("card", cards("steady", "Steady till Sunset"))
def test_steady_till_sunset_negates_an_evil_card_and_mills_the_top_card_and_cannot_be_negated(monkeypatch, card):
    first, last = EVIL_ENH
    b = _hero_side(monkeypatch, card, [first, last], theirs={"deck": ["herod", "pilate"]})
    g = b.game
    ok(g, f"enhance {b[card]} {b['t_host']} {b[last]}")
    assert b[last] in g.b.negated and g.zone_of(b["herod"]) == (1, "discard") and g.zone_of(b["pilate"]) == (1, "deck")
    assert not continuous.stoppable(g, b[card], "negate")
    round_trip(g)


@pytest.mark.parametrize("card", cards("christian_soldier", "Christian Soldier (Male)", "Christian Soldier (Female)"))
def test_a_christian_soldier_may_search_for_an_armor_of_god_enhancement_and_cannot_be_interrupted(monkeypatch, card):
    armor = _test_card(
        monkeypatch,
        "t_armor",
        type="good_enhancement",
        alignment="good",
        brigades=["Clay"],
        identifiers=["armor of god"],
    )
    plain = _test_card(monkeypatch, "t_plain", type="good_enhancement", alignment="good", brigades=["Clay"])
    b = pos({"hand": [card], "deck": [plain, armor]}, {"land_of_bondage": ["ls_orphan"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b[card]}")
    ok(g, f"choose {b[card]}")  # the may: yes
    d = g.s.pending
    assert d is not None and d.effect == "search" and d.options == [b[armor]]
    ok(g, f"choose {b[armor]}")
    assert g.zone_of(b[armor]) == (0, "hand")
    assert not continuous.stoppable(g, b[card], "interrupt") and continuous.stoppable(g, b[card], "negate")
    round_trip(g)


@pytest.mark.parametrize("card", cards("ananias_liar", "Ananias, the Liar [RR2]"))
def test_ananias_the_liar_may_draw_and_band_to_an_evil_nt_female_and_cannot_be_interrupted(monkeypatch, card):
    wife = _test_card(
        monkeypatch, "t_wife", type="evil_character", brigades=["Crimson"], identifiers=["female"], reference="Acts 5:2"
    )
    b = blocked("gideon", card, theirs={"hand": [wife, "delilah"], "deck": ["herod"]})  # Delilah: O.T.
    g = b.game
    d = g.s.pending
    assert d is not None and d.effect == "may_draw"
    ok(g, f"choose {b[card]}")
    assert g.zone_of(b["herod"]) == (1, "hand")
    d = g.s.pending
    assert d is not None and d.effect == "band" and d.options == [b[wife]]
    ok(g, f"choose {b[wife]}")
    assert g.zone_of(b[wife]) == (1, "field_of_battle")
    assert not continuous.stoppable(g, b[card], "interrupt")
    round_trip(g)


# --- batch F ----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("card", cards("return_king", "Return of the King"))
@pytest.mark.parametrize("warrior", [False, True])
def test_return_of_the_king_negates_a_card_and_an_ot_purple_warrior_may_band_to_up_to_three(monkeypatch, card, warrior):
    first, last = EVIL_ENH
    host = {"reference": "II Samuel 2:1", **({"class": ["warrior"]} if warrior else {})}
    _hero_side(monkeypatch, card, [first, last], host=host)  # the test's host and foe (its position is not used)
    g2 = in_battle(
        "t_host", "t_foe", [first, last], mine={"hand": [card], "territory": ["gideon", "barak", "stephen", "peter"]}
    )
    b, g = g2, g2.game
    ok(g, f"enhance {b[card]} {b['t_host']} {b[first]}")
    assert b[first] in g.b.negated
    d = g.s.pending
    if not warrior:
        assert d is None or d.effect != "band"
    else:
        assert d is not None and d.effect == "band" and d.most == 3
        for h in ("gideon", "barak", "stephen"):
            ok(g, f"choose {b[h]}")
        if g.s.pending is not None:
            ok(g, "choose")
        assert all(g.zone_of(b[h]) == (0, "field_of_battle") for h in ("gideon", "barak", "stephen"))
        assert g.zone_of(b["peter"]) == (0, "territory")
    round_trip(g)


@pytest.mark.parametrize("card", cards("blood_lamb", "Blood of the Lamb (RoJ AB)"))
@pytest.mark.parametrize("martyr", [False, True])
def test_blood_of_the_lamb_negates_a_martyr_may_draw_three_and_an_enhancement_may_be_played(monkeypatch, card, martyr):
    first, last = EVIL_ENH
    ids = ["martyr", "human"] if martyr else ["human"]
    plus = _test_card(monkeypatch, "t_plus", type="good_enhancement", alignment="good", brigades=["Clay"], strength=3)
    _hero_side(monkeypatch, card, [first, last], host={"identifiers": ids})  # the test's host and foe
    g2 = in_battle(
        "t_host", "t_foe", [first, last], mine={"hand": [card, plus], "deck": ["esther", "peter", "barak", "gideon"]}
    )
    b, g = g2, g2.game
    ok(g, f"enhance {b[card]} {b['t_host']} {b[last]}")
    assert b[last] in g.b.negated
    d = g.s.pending
    if martyr:
        assert d is not None and d.effect == "may_draw"
        ok(g, f"choose {b[card]}")
        assert len(g.z[0]["deck"]) == 1
        d = g.s.pending
    assert d is not None and d.effect == "play_from_discard" and b[plus] in d.options
    ok(g, f"choose {b[plus]}")
    assert g.zone_of(b[plus]) == (0, "field_of_battle") and b[plus] in g.b.played
    round_trip(g)


# --- batch G ----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("card", cards("sennacherib_blasphemes", "Sennacherib Blasphemes (LoC)"))
@pytest.mark.parametrize("assyrian", [False, True])
def test_sennacherib_blasphemes_negates_and_discards_a_good_card_and_an_assyrian_may_band(monkeypatch, card, assyrian):
    ids = ["assyrian king", "human"] if assyrian else ["human"]
    host = _test_card(monkeypatch, "t_host", type="evil_character", brigades=["Pale Green"], identifiers=ids)
    mate = _test_card(monkeypatch, "t_mate", type="evil_character", brigades=["Gray"], identifiers=["assyrian soldier"])
    battle = {"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 0, "played": [CLOUD]}
    b = pos(
        {"field_of_battle": ["gideon", CLOUD]},
        {"field_of_battle": [host], "hand": [card, mate], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        flags={"battled": True},
        battle=battle,
        attached={CLOUD: "gideon"},
    )
    g = b.game
    ok(g, f"enhance {b[card]} {b[host]} {b[CLOUD]}")
    assert g.zone_of(b[CLOUD]) == (0, "discard")
    d = g.s.pending
    if assyrian:
        assert d is not None and d.effect == "band" and d.options == [b[mate]]
        ok(g, f"choose {b[mate]}")
        assert g.zone_of(b[mate]) == (1, "field_of_battle")
    else:
        assert d is None and g.zone_of(b[mate]) == (1, "hand")
    round_trip(g)


@pytest.mark.parametrize("card", cards("eli_advice", "Eli's Sound Advice [RR2]"))
@pytest.mark.parametrize("judge", [False, True])
def test_elis_sound_advice_negates_a_judge_may_draw_three_and_an_ot_enhancement_may_be_played(monkeypatch, card, judge):
    first, last = EVIL_ENH
    ids = ["judge", "human"] if judge else ["human"]
    ot = _test_card(
        monkeypatch, "t_ot", type="good_enhancement", alignment="good", brigades=["Gold"], reference="Judges 7:1"
    )
    nt = _test_card(
        monkeypatch, "t_nt", type="good_enhancement", alignment="good", brigades=["Gold"], reference="Acts 7:1"
    )
    _hero_side(monkeypatch, card, [first, last], host={"identifiers": ids})  # the test's host and foe
    b = in_battle(
        "t_host", "t_foe", [first, last], mine={"hand": [card, ot, nt], "deck": ["esther", "peter", "barak", "gideon"]}
    )
    g = b.game
    ok(g, f"enhance {b[card]} {b['t_host']} {b[first]}")
    assert b[first] in g.b.negated
    d = g.s.pending
    if judge:
        assert d is not None and d.effect == "may_draw"
        ok(g, f"choose {b[card]}")
        assert len(g.z[0]["deck"]) == 1
        d = g.s.pending
    assert d is not None and d.effect == "play_from_discard" and d.options == [b[ot]]  # O.T. only
    ok(g, f"choose {b[ot]}")
    assert b[ot] in g.b.played
    assert not continuous.stoppable(g, b[card], "prevent")
    round_trip(g)


@pytest.mark.parametrize("card", cards("forgiveness_joseph", "Forgiveness of Joseph [IR]"))
def test_forgiveness_of_joseph_negates_an_evil_card_and_the_opponent_underdecks_an_evil_card(monkeypatch, card):
    first, last = EVIL_ENH
    b = _hero_side(monkeypatch, card, [first, last], theirs={"hand": ["herod", "gideon"], "deck": ["pilate"]})
    g = b.game
    ok(g, f"enhance {b[card]} {b['t_host']} {b[first]}")
    assert b[first] in g.b.negated
    d = g.s.pending
    if d is not None:  # the opponent chooses which evil card of their hand
        assert d.chooser == 1 and b["herod"] in d.options and b["gideon"] not in d.options
        ok(g, f"choose {b['herod']}")
    assert g.z[1]["deck"] == [b["pilate"], b["herod"]]  # under the pile
    assert not continuous.stoppable(g, b[card], "negate")
    round_trip(g)


@pytest.mark.parametrize("card", cards("nebuzaradan", "Nebuzaradan"))
@pytest.mark.parametrize("babylon", [False, True])
def test_nebuzaradan_makes_ii_kings_evil_enhancements_unnegatable_while_its_holder_has_babylon(
    monkeypatch, card, babylon
):
    kings = _test_card(monkeypatch, "t_kings", type="evil_enhancement", brigades=["Crimson"], reference="II Kings 25:9")
    other = _test_card(monkeypatch, "t_other", type="evil_enhancement", brigades=["Crimson"], reference="Jeremiah 39:1")
    site = _test_card(monkeypatch, "t_babylon", type="site", alignment="neutral", brigades=["Black"], name="Babylon")
    b = pos(
        {"hand": ["gideon"], "territory": [site]},
        {"territory": [card, *([site] if babylon else [])], "hand": [kings, other]},
    )
    g = b.game
    assert continuous.stoppable(g, b[kings], "negate") != babylon  # seat 0's Babylon does not count
    assert continuous.stoppable(g, b[other], "negate")
    round_trip(g)


# --- batch H: other printings of scripted abilities ---------------------------------------------------------------------
@pytest.mark.parametrize("card", cards("immune_weapon", "Adino's Spear (Ki)", "Bow and Arrow (Gray) (Ki)"))
def test_a_weapon_makes_its_bearer_immune_to_a_brigade_this_battle(monkeypatch, card):
    c = CARDS[card]
    good = c.type == "good_enhancement"
    brig = _first(card)["select"]["brigade"]
    mine = _test_card(
        monkeypatch, "t_bearer", type="hero" if good else "evil_character", alignment=c.alignment, brigades=c.brigades
    )
    foe = _test_card(
        monkeypatch,
        "t_them",
        type="evil_character" if good else "hero",
        alignment="evil" if good else "good",
        brigades=[brig],
    )
    other = _test_card(
        monkeypatch,
        "t_else",
        type="evil_character" if good else "hero",
        alignment="evil" if good else "good",
        brigades=["Teal"],
    )
    battle = {"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 1 if good else 0, "played": []}
    side, opp = {"field_of_battle": [mine], "hand": [card]}, {"field_of_battle": [foe], "territory": [other]}
    seats = (
        (side, {**opp, "land_of_bondage": ["ls_orphan"]}) if good else (opp, {**side, "land_of_bondage": ["ls_orphan"]})
    )
    b = pos(*seats, phase="battle", flags={"battled": True}, battle=battle)
    g = b.game
    assert not continuous.immune(g, b[mine], b[foe])
    ok(g, f"enhance {b[card]} {b[mine]}")
    assert continuous.immune(g, b[mine], b[foe]) and not continuous.immune(g, b[mine], b[other])
    assert "weapon" in c.classes
    round_trip(g)


@pytest.mark.parametrize(
    "soul",
    cards(
        "soul_underdeck",
        'Lost Soul "Grumbled" [Exodus 15:24 - Fundraiser]',
        'Lost Soul "Shepherds" [I Samuel 25:7 - Fundraiser]',
    ),
)
@pytest.mark.parametrize("use", [True, False])
def test_the_lost_soul_put_in_play_may_underdeck_a_card_of_the_hand_to_draw_one(soul, use):
    from tests.test_real_starters_kl import drawn

    b = drawn(soul, mine={"hand": ["gideons_trumpet"], "deck": ["ezra", "peter", "barak", "esther", "daniel"]})
    g = b.game
    d = g.s.pending
    assert d is not None and d.effect == "underdeck_to_draw" and d.to == [0]
    hand = len(g.z[0]["hand"])
    ok(g, f"choose {b['gideons_trumpet']}" if use else "choose")
    if use:
        assert g.z[0]["deck"][-1] == b["gideons_trumpet"] and len(g.z[0]["hand"]) == hand
    else:
        assert g.zone_of(b["gideons_trumpet"]) == (0, "hand") and len(g.z[0]["hand"]) == hand
    round_trip(g)


#: card -> (facts of an enhancement that fits, of one that does not or None) and the ways it cannot be stopped
KEPT_CASES: dict[str, tuple[dict[str, Any], dict[str, Any] | None, tuple[str, ...]]] = {
    "Amariah the High Priest": ({}, None, ("interrupt",)),
    "Amariah, the High Priest (Roots)": (
        {"brigades": ["Clay"], "reference": "Ezra 1:1"},
        {"brigades": ["Clay"], "reference": "Acts 1:1"},
        ("interrupt",),
    ),
    "Thomas (Ap)": ({}, None, ("interrupt", "prevent", "negate")),
}


@pytest.mark.parametrize("card", cards("kept_on", *KEPT_CASES))
def test_the_enhancements_that_fit_on_this_hero_cannot_be_interrupted_or_prevented_as_it_says(monkeypatch, card):
    c = CARDS[card]
    fit, unfit, hows = KEPT_CASES[c.name]
    base = {"type": "good_enhancement", "alignment": "good", "brigades": c.brigades, "strength": 1, "toughness": 1}
    on = _test_card(monkeypatch, "t_on", **{**base, **fit})
    other_on = _test_card(monkeypatch, "t_other_on", **{**base, **fit})
    off = _test_card(monkeypatch, "t_off", **{**base, **(unfit or {})})
    mate = _test_card(monkeypatch, "t_mate", type="hero", alignment="good", brigades=c.brigades)
    foe = _test_card(monkeypatch, "t_foe", type="evil_character", brigades=["Teal"])
    played = [on, other_on, off]
    battle = {"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 0, "played": played}
    b = pos(
        {"field_of_battle": [card, mate, *played]},
        {"field_of_battle": [foe], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        flags={"battled": True},
        battle=battle,
        attached={on: card, other_on: mate, off: card},
    )
    g = b.game
    for how in ("interrupt", "prevent", "negate"):
        kept = how in hows
        assert continuous.stoppable(g, b[on], how) != kept, how
        assert continuous.stoppable(g, b[other_on], how), how  # on another Hero: not covered
        assert continuous.stoppable(g, b[off], how) == (not kept or unfit is not None), how
    round_trip(g)


# --- batch I ----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("card", cards("lying_roots", "Lying Unto God (Roots)"))
@pytest.mark.parametrize("take", ["artifact", "enhancement"])
def test_lying_unto_god_of_the_roots_negates_and_discards_an_artifact_or_a_good_enhancement(monkeypatch, card, take):
    art = _test_card(monkeypatch, "t_art", type="artifact", alignment="good")
    host = _test_card(monkeypatch, "t_host", type="evil_character", brigades=["Crimson"])
    battle = {"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 0, "played": [CLOUD]}
    b = pos(
        {"field_of_battle": ["gideon", CLOUD], "artifact_pile": [art], "territory": ["stephen"]},
        {"field_of_battle": [host], "hand": [card], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        flags={"battled": True},
        battle=battle,
        attached={CLOUD: "gideon"},
        face_up=[art],
    )
    g = b.game
    ts = {t[0] for t in _targets(g, b[card]) if t}
    assert {b[art], b[CLOUD]} <= ts and b["stephen"] not in ts and b["gideon"] not in ts
    target = b[art] if take == "artifact" else b[CLOUD]
    ok(g, f"enhance {b[card]} {b[host]} {target}")
    assert g.zone_of(target) == (0, "discard")
    assert not continuous.stoppable(g, b[card], "prevent") and continuous.stoppable(g, b[card], "negate")
    round_trip(g)


@pytest.mark.parametrize("card", cards("lydia", "Lydia (EC)"))
def test_lydia_is_protected_from_capture_and_may_use_purple_enhancements_and_cannot_be_interrupted(monkeypatch, card):
    purple = _test_card(monkeypatch, "t_purple", type="good_enhancement", alignment="good", brigades=["Purple"])
    red = _test_card(monkeypatch, "t_red", type="good_enhancement", alignment="good", brigades=["Red"])
    b = pos({"hand": [card, purple, red]}, {"hand": ["goliath"], "land_of_bondage": ["ls_orphan"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b[card]}")
    ok(g, f"block {b['goliath']}")
    assert continuous.capture_proof(g, b[card])
    assert continuous.any_brigade(g, b[card], b[purple]) and not continuous.any_brigade(g, b[card], b[red])
    to_p = {a.args[0] for a in g.legal_actions() if a.verb == "enhance"}
    assert b[purple] in to_p and b[red] not in to_p
    assert not continuous.stoppable(g, b[card], "interrupt")
    round_trip(g)


@pytest.mark.parametrize("card", cards("titus", "Titus (EC)"))
def test_titus_makes_each_player_draw_one_and_stops_the_evil_bands_and_cannot_be_interrupted(monkeypatch, card):
    evil = _test_card(monkeypatch, "t_evil_friend", type="evil_character", brigades=["Black"])
    b = pos(
        {"hand": [card, "barak"], "deck": ["esther", "peter"]},
        {"hand": ["goliath", evil], "deck": ["herod", "pilate"], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
    )
    g = b.game
    ok(g, f"rescue {b[card]}")
    assert g.zone_of(b["esther"]) == (0, "hand") and g.zone_of(b["herod"]) == (1, "hand")
    assert continuous.band_prevented(g, b[evil]) and not continuous.band_prevented(g, b["barak"])
    assert not continuous.stoppable(g, b[card], "interrupt")
    round_trip(g)


def test_every_card_of_the_pool2_files_is_a_case_of_some_test():
    assert set(KEYS) == set(CLAIMED), sorted(set(KEYS) - set(CLAIMED))
