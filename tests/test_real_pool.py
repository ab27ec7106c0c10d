"""Real cards of the whole pool outside the starter decks (``rules/redemption/real/pool_*.toml``): every card on a
hand-built position in the scenario format (``redemption.scenario``) in which its ability happens and its outcome is
asserted. Cards whose script has one shape share a test, parametrised over them (each card its own case); the last
test checks that every card of the pool files is a case of some test here."""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path
from typing import Any

import pytest

from rules.redemption import continuous
from rules.redemption.cards import CARDS, real_key
from rules.redemption.printed import script_for
from tests.redemption_helpers import ok
from tests.test_real_g10 import _test_card, blocked, in_battle, pos, round_trip, to_player

REAL_DIR = Path(__file__).resolve().parent.parent / "rules" / "redemption" / "real"
FILES = sorted(REAL_DIR.glob("pool_*.toml"))
ENTRIES = [d for f in FILES for d in tomllib.loads(f.read_text(encoding="utf-8"))["card"]]
KEYS = [real_key(d["name"], d["set"]) for d in ENTRIES]
#: every key a test below takes, with the test's name
CLAIMED: dict[str, str] = {}


def _shape(key: str) -> dict[str, Any]:
    """The card's first effect (with its ability's trigger and condition), as the data writes it."""
    d = ENTRIES[KEYS.index(key)]
    ab = d["abilities"][0]
    return {"trigger": ab["trigger"], "condition": ab.get("condition", {}), **ab["effects"][0]}


def cards(test: str, type_: str | tuple[str, ...], verb: str, **want: Any) -> list[str]:
    """The pool's cards of that type whose first effect has that verb (and the keys given, with those values)."""
    types = (type_,) if isinstance(type_, str) else type_
    out = []
    for key in KEYS:
        c, s = CARDS[key], _shape(key)
        if c.type in types and s["verb"] == verb and all(s.get(k) == v for k, v in want.items()):
            out.append(key)
            CLAIMED.setdefault(key, test)
    assert out, f"{test}: no card of the pool files has this shape"
    return out


def brigade_of(key: str) -> str:
    return CARDS[key].brigades[0]


def hero_for(monkeypatch: pytest.MonkeyPatch, card: str, s: int = 4, t: int = 4, key: str = "t_hero") -> str:
    """A Hero of ours of the card's (first) brigade, so the enhancement may be played on it."""
    return _test_card(
        monkeypatch, key, type="hero", alignment="good", brigades=[brigade_of(card)], strength=s, toughness=t
    )


def evil_for(monkeypatch: pytest.MonkeyPatch, card: str, s: int = 4, t: int = 4, key: str = "t_evil") -> str:
    return _test_card(monkeypatch, key, type="evil_character", brigades=[brigade_of(card)], strength=s, toughness=t)


def play(g: Any, e: str, host: str, *target: str) -> None:
    ok(g, " ".join(("enhance", e, host, *target)))


# --- the structure ----------------------------------------------------------------------------------------------------
def test_every_card_of_the_pool_files_is_loaded_once_with_a_script():
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
        if p.brigade == "Multi":
            assert len(c.brigades) in (7, 9), key
        else:
            assert {b for b in p.brigade.split("/") if b} == set(c.brigades), key
        assert ("warrior" in p.klass.lower()) == ("warrior" in c.classes), key
        assert "weapon" not in p.klass.lower(), key  # no weapon yet: what it does on its warrior is not scripted
        assert script_for(p) == key and p.enforced


# --- sites with no special ability ------------------------------------------------------------------------------------
SITES = cards("sites", "site", "site")


@pytest.mark.parametrize("site", SITES)
def test_a_site_holds_a_lost_soul_that_only_a_hero_of_its_brigade_reaches(monkeypatch, site):
    own = hero_for(monkeypatch, site, key="t_own")
    other = "gideon" if brigade_of(site) != "Blue" else "stephen"
    for hero, reaches in ((own, True), (other, False)):
        b = pos(
            {"hand": [hero]},
            {"territory": [site], "in_site": ["ls_orphan"]},
            phase="battle",
            attached={"H2": "H1"},  # seat 1's soul in seat 1's site
        )
        g = b.game
        assert g.attached[b["ls_orphan"]] == b[site]
        if not reaches:
            out = g.apply(f"rescue {b[hero]}")
            assert not out.ok and out.rule == "redemption.battle.rescue"
            continue
        ok(g, f"rescue {b[hero]}")
        ok(g, "noblock")
        assert g.zone_of(b["ls_orphan"]) == (0, "land_of_redemption")
        round_trip(g)


# --- enhancements that ignore ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("card", cards("hero_ignores", "good_enhancement", "ignore"))
def test_a_heros_enhancement_ignores_the_evil_characters_of_a_brigade(monkeypatch, card):
    ignored = _shape(card)["select"]["brigade"]
    hero = hero_for(monkeypatch, card)
    foe = _test_card(monkeypatch, "t_foe", type="evil_character", brigades=[ignored], strength=9, toughness=9)
    other = _test_card(monkeypatch, "t_other", type="evil_character", brigades=["Yellow"], strength=9, toughness=9)
    b = blocked(hero, foe, mine={"hand": [card]})
    g = b.game
    assert g.standing() == "evil_winning"
    to_player(g, 0)
    play(g, b[card], b[hero])
    assert g._is_ignored(b[foe]) and g.standing() == "hero_winning"
    ok(g, "pass")
    assert g.zone_of(b["ls_orphan"]) == (0, "land_of_redemption") and g.zone_of(b[foe]) == (1, "territory")
    b = blocked(hero, other, mine={"hand": [card]})  # another brigade: not ignored
    to_player(b.game, 0)
    play(b.game, b[card], b[hero])
    assert not b.game._is_ignored(b[other])


@pytest.mark.parametrize("card", cards("evil_ignores", "evil_enhancement", "ignore"))
def test_an_evil_characters_enhancement_ignores_the_heroes_of_a_brigade(monkeypatch, card):
    ignored = _shape(card)["select"]["brigade"]
    hero = _test_card(monkeypatch, "t_hero", type="hero", alignment="good", brigades=[ignored], strength=9, toughness=9)
    foe = evil_for(monkeypatch, card, s=2, t=6)
    b = in_battle(hero, foe, [], theirs={"hand": [card]})
    g = b.game
    g.b.last_actor = 0
    assert g.standing() == "hero_winning" and g.current_player == 1
    play(g, b[card], b[foe])
    assert g._is_ignored(b[hero]) and g.standing() == "evil_winning"
    round_trip(g)
    ok(g, "pass")
    assert g.zone_of(b["ls_orphan"]) == (1, "land_of_bondage") and g.zone_of(b[hero]) == (0, "territory")


# --- enhancements that make their character immune to a brigade -----------------------------------------------------
@pytest.mark.parametrize("card", cards("immune", ("good_enhancement", "evil_enhancement"), "immune"))
def test_an_enhancement_makes_its_character_immune_to_a_brigade_this_battle(monkeypatch, card):
    brigade = _shape(card)["select"]["brigade"]
    if CARDS[card].type == "good_enhancement":
        mine = hero_for(monkeypatch, card, s=1, t=1)
        foe = _test_card(monkeypatch, "t_foe", type="evil_character", brigades=[brigade], strength=12, toughness=12)
        b = in_battle(mine, foe, [], mine={"hand": [card]})
        g = b.game
        g.b.last_actor = 1
        assert g.standing() == "evil_winning"
        play(g, b[card], b[mine])
    else:
        mine = evil_for(monkeypatch, card, s=1, t=1)
        hero = _test_card(
            monkeypatch, "t_hero", type="hero", alignment="good", brigades=[brigade], strength=12, toughness=12
        )
        b = in_battle(hero, mine, [], theirs={"hand": [card]})
        g = b.game
        g.b.last_actor = 0
        assert g.standing() == "hero_winning"
        play(g, b[card], b[mine])
    assert g.standing() == "stalemate"  # 12 would defeat it, but not a character immune to that brigade
    round_trip(g)


# --- first strike -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("card", cards("first_strike", "good_enhancement", "first_strike"))
def test_an_enhancement_gives_its_hero_first_strike_in_mutual_destruction(monkeypatch, card):
    demon = real_key("Strong Demon (G)", "10A")  # 9/10
    e = CARDS[card]
    hero = hero_for(monkeypatch, card, s=10 - e.strength, t=9 - e.toughness)
    b = in_battle(hero, demon, [], mine={"hand": [card]})
    g = b.game
    play(g, b[card], b[hero])  # 10/9 against 9/10: both would be defeated
    assert g.char_numbers(b[hero]) == (10, 9) and g.standing() == "hero_winning"
    ok(g, "pass")
    assert g.zone_of(b[hero]) == (0, "territory") and g.zone_of(b[demon]) == (1, "discard")


# --- every card in battle discarded -----------------------------------------------------------------------------------
@pytest.mark.parametrize("card", cards("discard_all", "evil_enhancement", "discard_all"))
def test_an_evil_enhancement_discards_every_card_in_battle_its_own_side_too(monkeypatch, card):
    foe = evil_for(monkeypatch, card, s=1, t=1)
    b = in_battle("gideon", foe, [], theirs={"hand": [card]})
    g = b.game
    g.b.last_actor = 0
    play(g, b[card], b[foe])
    assert g.zone_of(b["gideon"]) == (0, "discard") and g.zone_of(b[foe]) == (1, "discard")
    assert g.zone_of(b[card]) == (1, "discard")
    if "cannot_be_prevented" in _shape(card).get("riders", []):
        assert not continuous.stoppable(g, b[card], "prevent")


# --- a Hero returned to its owner's hand ------------------------------------------------------------------------------
@pytest.mark.parametrize("card", cards("return_hand", "evil_enhancement", "return", to="hand"))
def test_an_evil_enhancement_returns_any_hero_in_play_to_its_owners_hand(monkeypatch, card):
    foe = evil_for(monkeypatch, card, s=6, t=7)
    b = in_battle("gideon", foe, [], mine={"territory": ["deborah"]}, theirs={"hand": [card]})
    g = b.game
    g.b.last_actor = 0
    play(g, b[card], b[foe])
    d = g.s.pending
    assert d is not None and set(d.options) == {b["gideon"], b["deborah"]}
    ok(g, f"choose {b['deborah']}")
    assert g.zone_of(b["deborah"]) == (0, "hand") and g.zone_of(b["gideon"]) == (0, "field_of_battle")
    round_trip(g)


# --- heal ---------------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("card", cards("heal", "good_enhancement", "heal"))
def test_a_heal_ends_a_heros_poison_and_its_decreases(monkeypatch, card):
    from rules.redemption import effects

    poison = real_key("Poison (D)", "2E")
    hero = hero_for(monkeypatch, card, s=1, t=1)
    b = in_battle(hero, "herod", [], mine={"hand": [card], "territory": ["deborah"]}, theirs={"discard": [poison]})
    g = b.game
    g.s.mods += [(b["deborah"], 0, 0, 0, b[poison]), (b["deborah"], 0, -2, 0, b[poison])]
    g.b.last_actor = 1
    assert g.char_numbers(b["deborah"]) == (CARDS["deborah"].strength, CARDS["deborah"].toughness - 2)
    play(g, b[card], b[hero], b["deborah"])
    assert not effects.poison_sources(g, b["deborah"]) and g.char_numbers(b["deborah"]) == (
        CARDS["deborah"].strength,
        CARDS["deborah"].toughness,
    )
    round_trip(g)


# --- the Hero set aside, gaining 1/1 a turn -----------------------------------------------------------------------
@pytest.mark.parametrize("card", cards("set_aside_gain", "good_enhancement", "set_aside_gain"))
def test_an_enhancement_sets_its_hero_aside_to_gain_one_one_a_turn(monkeypatch, card):
    hero = hero_for(monkeypatch, card, s=5, t=7)
    b = in_battle(hero, "herod", [], mine={"hand": [card]})
    g = b.game
    g.b.last_actor = 1
    turn = g.s.turn
    play(g, b[card], b[hero])
    assert g.zone_of(b[hero]) == (0, "set_aside") and g.attached[b[card]] == b[hero]
    round_trip(g)
    s, t = g.char_numbers(b[hero])
    g.b = type(g.b)()  # the battle is over; two of its player's turns later, in Preparation
    g.s.turn, g.s.phase, g.s.active = turn + 4, "prep", 0
    ok(g, f"return {b[hero]}")
    assert g.zone_of(b[hero]) == (0, "territory") and g.zone_of(b[card]) == (0, "discard")
    assert g.char_numbers(b[hero]) == (s + 2, t + 2)


# --- negate and discard the last evil enhancement --------------------------------------------------------------------
@pytest.mark.parametrize("card", cards("negate_discard_last", "good_enhancement", "negate_discard"))
def test_a_good_enhancement_negates_and_discards_the_last_evil_enhancement(monkeypatch, card):
    guard = real_key("Temple Guard", "10A")
    first, last = real_key("Ancient Evil (G)", "10A"), real_key("Lying Unto God", "10A")
    hero = hero_for(monkeypatch, card, s=5, t=7)
    b = in_battle(hero, guard, [first, last], mine={"hand": [card]})
    g = b.game
    assert g.char_numbers(b[guard]) == (9, 13) and g.current_player == 0
    targets = {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[card]}
    assert targets == {b[last]}  # the last one played only
    play(g, b[card], b[hero], b[last])
    assert b[last] in g.b.negated and g.zone_of(b[last]) == (1, "discard")
    assert g.char_numbers(b[guard]) == (7, 10)
    round_trip(g)


# --- every card has its test ------------------------------------------------------------------------------------------
def test_every_card_of_the_pool_files_is_a_case_of_a_test_here():
    missing = [k for k in KEYS if k not in CLAIMED]
    assert not missing, json.dumps(missing)
