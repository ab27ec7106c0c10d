"""Real cards that interrupt the battle or work when a character blocks or is blocked
(``rules/redemption/real/pool_interrupt.toml``; rules.md redemption.effect.interrupt_battle,
redemption.lang.trigger.blocking, blocked): every card on a hand-built position in the scenario format
(``redemption.scenario``) in which its ability happens and its outcome is asserted. The last test checks that every
card of the file is a case of some test here."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

import pytest

from rules.redemption.cards import CARDS, real_key
from rules.redemption.printed import script_for
from tests.redemption_helpers import ok
from tests.test_real_g10 import (
    _test_card,
    blocked,
    character,
    enhancement,
    in_battle,
    pos,
    round_trip,
    stalemate,
    to_player,
)

FILE = Path(__file__).resolve().parent.parent / "rules" / "redemption" / "real" / "pool_interrupt.toml"
ENTRIES = tomllib.loads(FILE.read_text(encoding="utf-8"))["card"]
KEYS = [real_key(d["name"], d["set"]) for d in ENTRIES]
CLAIMED: set[str] = set()
#: the cases of the parametrised tests below
CASES_1 = [("Counsel of Abigail (LoC)", "LoC"), ("Counsel of Abigail (RoA)", "RoA")]
CASES_2 = [("Moses kills Egyptian", "Pat"), ("Moses kills Egyptian (PoC)", "PoC")]
CASES_3 = [("Escape", "AW"), ("Retreat", "AW")]
EXPELLING = [("Expelling the Jews", "FoOF"), ("Expelling the Jews [RR2]", "RR2")]
CASES_4 = [
    ("Words of Encouragement (Ki)", "Ki"),
    ("Words of Encouragement (Wa)", "War"),
    ("Reach of Desperation (Wo)", "Wom"),
]
HERODS = [("Striking Herod", "RoA"), ("Striking Herod (GoC)", "GoC")]
#: the cards the tests below take one by one
SINGLES = [
    ("Bound", "AW"),
    ("Devourer (Ki)", "Ki"),
    ("Expelling the Jews", "FoOF"),
    ("Fall Like Lightning", "Di"),
    ("Foolishness of Five Virgins", "Wom"),
    ("Inhabitants Driven Out", "IR"),
    ("Jude, Servant of Christ [RR2]", "RR2"),
    ("Mask of Arrogance", "War"),
    ("In the Clouds", "AW"),
    ("Plague of Disease", "FoM"),
    ("Political Savvy", "Ki"),
    ("Seraiah the High Priest", "Pri"),
    ("Wickedness of the Tenants", "Di"),
]


def K(name: str, set_: str) -> str:
    key = real_key(name, set_)
    assert key in KEYS, key
    CLAIMED.add(key)
    return key


def hero(monkeypatch: pytest.MonkeyPatch, card: str, key: str = "t_hero", s: int = 5, t: int = 7, **facts: Any) -> str:
    """A Hero of ours of the card's first brigade (it may use the card)."""
    return character(monkeypatch, key, "good", CARDS[card].brigades[0], s, t, **facts)


def evil(monkeypatch: pytest.MonkeyPatch, key: str, brigade: str, s: int = 6, t: int = 7, **facts: Any) -> str:
    return character(monkeypatch, key, "evil", brigade, s, t, **facts)


def enh(monkeypatch: pytest.MonkeyPatch, key: str, alignment: str, brigade: str, verb: str, type_: str) -> str:
    """An enhancement of ours that takes an opposing character of that type out of battle (discard, withdraw)."""
    return enhancement(
        monkeypatch,
        key,
        alignment,
        brigade,
        [{"verb": verb, "select": {"zone": "battle", "owner": "opponent", "type": type_}}],
    )


def said(out: Any) -> str:
    return " ".join(ev.text for ev in out.events)


# --- interrupt the battle and band, answering under special initiative -------------------------------------------
#: card -> the facts of a Hero its band may bring in
GOOD_BANDS = {
    ("Army of the Lord (Roots)", "RR"): {"identifiers": ["angel"], "class": ["warrior"]},
    ("Deborah's Directive (Roots)", "RR"): {},
    ("Godspeed (Roots)", "RR"): {"reference": "Acts 1:1"},
    ("Journey to Egypt (Roots)", "RR"): {"reference": "Genesis 46:5"},
    ("Moses and the Elders (Roots)", "RR"): {},
    ("Unified Kingdom (Roots)", "RR"): {},
    ("Visions of Iddo the Seer (Roots)", "RR"): {},
    ("Deborah's Directive", "FoOF"): {},
    ("Israelites Delivered", "IR"): {"identifiers": ["wilderness", "human"]},
    ("Battle Cry", "Pat"): {},
    ("Entertaining Angels (CoW)", "CoW"): {"brigades": ["Silver"]},
    ("Entertaining Angels (CoW AB)", "CoW (AB)"): {"brigades": ["Silver"]},
}


@pytest.mark.parametrize("name, set_", list(GOOD_BANDS))
def test_a_heros_interrupt_and_band_answers_the_removal_of_its_last_hero(monkeypatch, name, set_):
    card = K(name, set_)
    partner_facts = {"identifiers": ["human", "male"], "reference": "Genesis 1:1", **GOOD_BANDS[(name, set_)]}
    brigades = partner_facts.pop("brigades", ["Yellow"])
    partner = _test_card(
        monkeypatch,
        "t_partner",
        type="hero",
        alignment="good",
        brigades=brigades,
        strength=3,
        toughness=3,
        **partner_facts,
    )
    mine = hero(monkeypatch, card)
    foe = evil(monkeypatch, "t_foe", "Gold")
    push = enh(monkeypatch, "t_push", "evil", "Gold", "withdraw", "hero")
    searches = "search" in {a.verb for ab in CARDS[card].abilities for a in ab.acts}
    angel = _test_card(
        monkeypatch, "t_angel", type="hero", alignment="good", brigades=["Silver"], identifiers=["angel"]
    )
    b = stalemate(
        {"field_of_battle": [mine], "territory": [partner], "hand": [card], "deck": [angel] if searches else []},
        {"field_of_battle": [foe], "hand": [push]},
        last_actor=0,
    )
    g = b.game
    ok(g, f"enhance {b[push]} {b[foe]} {b[mine]}")  # Player 2 withdraws the lone Hero: special initiative
    assert g.zone_of(b[mine]) == (0, "territory") and g.current_player == 0
    assert f"enhance {b[card]} {b[mine]}" in [str(a) for a in g.legal_actions()]
    out = ok(g, f"enhance {b[card]} {b[mine]}")
    assert "interrupts the battle" in said(out) and g.zone_of(b[mine]) == (0, "field_of_battle")  # suspended
    if searches:  # the search first (its draw pile shown to its player alone), then the band
        assert g.s.pending is not None and g.s.pending.effect == "search"
        ok(g, f"choose {b[angel]}")
        assert g.zone_of(b[angel]) == (0, "hand")
    d = g.s.pending
    assert d is not None and d.effect == "band" and b[partner] in d.options
    round_trip(g)
    ok(g, f"choose {b[partner]}")
    if g.s.pending is not None:  # "up to N": one at a time, then no more
        ok(g, "choose")
    assert g.zone_of(b[partner]) == (0, "field_of_battle")  # banded in while the withdraw was suspended
    assert g.zone_of(b[mine]) == (0, "territory")  # the withdraw came back on its old target
    assert g.zone_of(b[card]) == (0, "discard") and g.b.suspended == [] and b[push] not in g.b.negated
    round_trip(g)


EVIL_BANDS = {("Destroying Bands (LoC)", "LoC"): {}, ("Korah's Rebellion [IR]", "IR"): {}}


@pytest.mark.parametrize("name, set_", list(EVIL_BANDS))
def test_an_evil_interrupt_and_band_answers_the_removal_of_its_last_blocker(monkeypatch, name, set_):
    card = K(name, set_)
    brigade = CARDS[card].brigades[0]
    mine = hero(monkeypatch, card, s=6, t=7)
    mine = _test_card(monkeypatch, "t_hero", type="hero", alignment="good", brigades=["Blue"], strength=6, toughness=7)
    blocker = evil(monkeypatch, "t_foe", brigade, s=5, t=7)
    partner = evil(monkeypatch, "t_partner", "Yellow", s=3, t=3)
    push = enh(monkeypatch, "t_push", "good", "Blue", "withdraw", "evil_character")
    b = stalemate(
        {"field_of_battle": [mine], "hand": [push]},
        {"field_of_battle": [blocker], "territory": [partner], "hand": [card]},
        last_actor=1,
    )
    g = b.game
    ok(g, f"enhance {b[push]} {b[mine]} {b[blocker]}")
    assert g.zone_of(b[blocker]) == (1, "territory") and g.current_player == 1
    ok(g, f"enhance {b[card]} {b[blocker]}")
    assert g.s.pending is not None and g.s.pending.effect == "band"
    ok(g, f"choose {b[partner]}")
    if g.s.pending is not None:
        ok(g, "choose")
    assert g.zone_of(b[partner]) == (1, "field_of_battle") and g.zone_of(b[blocker]) == (1, "territory")
    round_trip(g)


# --- interrupt the battle, then take a card in play ---------------------------------------------------------------
def test_striking_herod_discards_a_male_human_evil_character_and_answers_a_removal_by_discarding_its_host(monkeypatch):
    for name, set_ in HERODS:
        card = K(name, set_)
        mine = hero(monkeypatch, card)
        foe = evil(monkeypatch, "t_foe", "Gold")
        smite = enh(monkeypatch, "t_smite", "evil", "Gold", "discard", "hero")
        b = stalemate({"field_of_battle": [mine], "hand": [card]}, {"field_of_battle": [foe], "hand": [smite]}, 0)
        g = b.game
        ok(g, f"enhance {b[smite]} {b[foe]} {b[mine]}")
        assert g.zone_of(b[mine]) == (0, "discard")
        out = ok(g, f"enhance {b[card]} {b[mine]} {b[foe]}")
        assert g.zone_of(b[foe]) == (1, "discard") and g.zone_of(b[mine]) == (0, "field_of_battle")
        assert "does not come back" in said(out)  # the discard's card left with its character
        round_trip(g)


def test_fall_like_lightning_discards_a_demon_in_play_or_set_aside(monkeypatch):
    card = K("Fall Like Lightning", "Di")
    mine = hero(monkeypatch, card, reference="Acts 1:1")
    demon = evil(monkeypatch, "t_demon", "Orange", identifiers=["demon"])
    b = blocked(mine, "goliath", mine={"hand": [card]}, theirs={"set_aside": [demon]})
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b[card]} {b[mine]} {b[demon]}")
    assert g.zone_of(b[demon]) == (1, "discard")
    round_trip(g)


def test_plague_of_disease_discards_an_animal_and_may_play_an_enhancement(monkeypatch):
    card = K("Plague of Disease", "FoM")
    mine = hero(monkeypatch, card)
    beast = evil(monkeypatch, "t_beast", "Black", identifiers=["animal"])
    more = _test_card(
        monkeypatch,
        "t_more",
        type="good_enhancement",
        alignment="good",
        brigades=[CARDS[card].brigades[0]],
        strength=2,
        toughness=2,
    )
    b = blocked(mine, "goliath", mine={"hand": [card, more]}, theirs={"territory": [beast]})
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b[card]} {b[mine]} {b[beast]}")
    assert g.zone_of(b[beast]) == (1, "discard")
    assert g.s.pending is not None and g.s.pending.effect == "play_from_discard"
    ok(g, f"choose {b[more]}")
    assert g.attached[b[more]] == b[mine] and g.char_numbers(b[mine]) == (8, 14)  # 5/7 + 1/5 + 2/2
    round_trip(g)


@pytest.mark.parametrize("used_by, works", [("human", True), ("animal", False)])
def test_wickedness_of_the_tenants_if_used_by_an_ot_human_discards_a_human_hero(monkeypatch, used_by, works):
    card = K("Wickedness of the Tenants", "Di")
    blocker = evil(monkeypatch, "t_tenant", "Brown", s=2, t=2, identifiers=[used_by])
    b = blocked("gideon", blocker, mine={"territory": ["deborah"]}, theirs={"hand": [card]})
    g = b.game
    to_player(g, 1)
    targets = {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[card] and len(a.args) > 2}
    if not works:
        assert not targets
        out = ok(g, f"enhance {b[card]} {b[blocker]}")
        assert "does nothing" in said(out) and g.zone_of(b["deborah"]) == (0, "territory")
        return
    ok(g, f"enhance {b[card]} {b[blocker]} {b['deborah']}")
    assert g.zone_of(b["deborah"]) == (0, "discard")
    round_trip(g)


@pytest.mark.parametrize("name, set_", CASES_1)
def test_counsel_of_abigail_if_used_by_an_ot_hero_underdecks_an_evil_card(monkeypatch, name, set_):
    card = K(name, set_)
    mine = hero(monkeypatch, card, s=1, t=1)
    b = blocked(mine, "goliath", mine={"hand": [card]}, theirs={"deck": ["delilah"]})
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b[card]} {b[mine]}")
    d = g.s.pending  # an evil card in play: Goliath blocking (no other)
    if d is not None:
        ok(g, f"choose {b['goliath']}")
    assert g.zone_of(b["goliath"]) == (1, "deck") and g.z[1]["deck"][-1] == b["goliath"]
    round_trip(g)


@pytest.mark.parametrize("name, set_", CASES_2)
def test_moses_kills_egyptian_sets_a_male_hero_aside_for_five_turns(monkeypatch, name, set_):
    card = K(name, set_)
    blocker = evil(monkeypatch, "t_guard", CARDS[card].brigades[0], s=1, t=1)
    b = blocked("gideon", blocker, mine={"territory": ["barak"]}, theirs={"hand": [card]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[card]} {b[blocker]}")
    if g.s.pending is not None:  # Gideon or Barak
        ok(g, f"choose {b['barak']}")
    assert g.zone_of(b["barak"]) == (0, "set_aside") and g.s.aside[b["barak"]][0] > g.turn
    round_trip(g)


# --- interrupt the battle, then return characters ----------------------------------------------------------------
@pytest.mark.parametrize("name, set_", CASES_3)
def test_escape_and_retreat_return_your_evil_character_in_battle_to_your_hand(monkeypatch, name, set_):
    card = K(name, set_)
    blocker = evil(monkeypatch, "t_guard", CARDS[card].brigades[0], s=1, t=1)
    b = blocked("gideon", blocker, theirs={"hand": [card]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[card]} {b[blocker]}")
    if g.s.pending is not None:
        ok(g, f"choose {b[blocker]}")
    assert g.zone_of(b[blocker]) == (1, "hand")
    round_trip(g)


def test_political_savvy_returns_a_human_evil_character_in_play_to_its_owners_hand(monkeypatch):
    card = K("Political Savvy", "Ki")
    blocker = evil(monkeypatch, "t_guard", "Black", s=1, t=1)
    b = blocked("gideon", blocker, theirs={"hand": [card]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[card]} {b[blocker]}")
    if g.s.pending is not None:
        ok(g, f"choose {b[blocker]}")
    assert g.zone_of(b[blocker]) == (1, "hand")
    round_trip(g)


def test_in_the_clouds_returns_up_to_two_heroes_in_play_to_their_owners_hands(monkeypatch):
    card = K("In the Clouds", "AW")
    mine = hero(monkeypatch, card, s=1, t=1)
    b = blocked(mine, "goliath", mine={"hand": [card], "territory": ["barak", "deborah"]})
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b[card]} {b[mine]}")
    assert g.s.pending is not None and g.s.pending.most == 2
    ok(g, f"choose {b['barak']}")
    ok(g, f"choose {b['deborah']}")
    assert g.zone_of(b["barak"]) == (0, "hand") and g.zone_of(b["deborah"]) == (0, "hand")
    round_trip(g)


@pytest.mark.parametrize("name, set_", EXPELLING)
def test_expelling_the_jews_returns_the_heroes_in_battle_to_territory(monkeypatch, name, set_):
    card = K(name, set_)
    emperor = evil(monkeypatch, "t_emperor", CARDS[card].brigades[0], s=1, t=1, identifiers=["roman emperor", "human"])
    b = blocked("gideon", emperor, theirs={"hand": [card]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[card]} {b[emperor]}")
    assert g.zone_of(b["gideon"]) == (0, "territory")
    round_trip(g)


def test_expelling_the_jews_of_foof_does_nothing_unless_used_by_an_emperor(monkeypatch):
    card = K("Expelling the Jews", "FoOF")
    guard = evil(monkeypatch, "t_guard", "Gold", s=1, t=1)
    b = blocked("gideon", guard, theirs={"hand": [card]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[card]} {b[guard]}")
    assert g.zone_of(b["gideon"]) == (0, "field_of_battle")


# --- the holder may interrupt the battle, draw and play an enhancement ---------------------------------------------
@pytest.mark.parametrize("name, set_", CASES_4)
def test_the_holder_may_interrupt_draw_three_and_play_an_enhancement(monkeypatch, name, set_):
    card = K(name, set_)
    mine = hero(monkeypatch, card, s=1, t=1)
    more = _test_card(
        monkeypatch,
        "t_more",
        type="good_enhancement",
        alignment="good",
        brigades=[CARDS[card].brigades[0]],
        strength=2,
        toughness=2,
    )
    b = blocked(mine, "goliath", mine={"hand": [card], "deck": [more, "barak", "peter", "esther"]})
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b[card]} {b[mine]}")
    assert g.s.pending is not None and g.s.pending.effect == "may"
    ok(g, f"choose {b[card]}")
    assert len(g.z[0]["hand"]) == 3 and g.zone_of(b["esther"]) == (0, "deck")
    ok(g, f"choose {b[more]}")
    assert g.attached[b[more]] == b[mine]
    round_trip(g)


def test_foolishness_of_five_virgins_may_set_aside_every_female_hero_in_battle(monkeypatch):
    card = K("Foolishness of Five Virgins", "Wom")
    woman = _test_card(
        monkeypatch,
        "t_woman",
        type="hero",
        alignment="good",
        brigades=["Blue"],
        strength=9,
        toughness=9,
        identifiers=["human", "female"],
    )
    blocker = evil(monkeypatch, "t_guard", "Pale Green", s=1, t=1)
    b = blocked(woman, blocker, theirs={"hand": [card]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[card]} {b[blocker]}")
    ok(g, f"choose {b[card]}")
    assert g.zone_of(b[woman]) == (0, "set_aside")
    round_trip(g)


# --- when blocked, when blocking ------------------------------------------------------------------------------------
@pytest.mark.parametrize("babylonian", [True, False])
def test_seraiah_is_discarded_when_a_babylonian_blocks_him(monkeypatch, babylonian):
    card = K("Seraiah the High Priest", "Pri")
    blocker = evil(monkeypatch, "t_guard", "Crimson", identifiers=["babylonian" if babylonian else "egyptian"])
    b = blocked(card, blocker)
    g = b.game
    assert g.zone_of(b[card]) == ((0, "discard") if babylonian else (0, "field_of_battle"))
    round_trip(g)


FORCES = {
    ("Assyrian Siege Army (Roots)", "RR"): ["assyrian"],
    ("Emperor Caius Caligula (Roots)", "RR"): ["roman"],
    ("Greek Forces", "T2C"): ["greek"],
    ("Greek Forces [T2C AB]", "T2C (AB)"): ["greek"],
    ("Babylonian Forces [RR2]", "RR2"): ["babylonian"],
}


@pytest.mark.parametrize("name, set_", list(FORCES))
@pytest.mark.parametrize("another", [True, False])
def test_a_blocker_with_another_of_its_people_in_play_may_discard_a_card_in_a_territory(
    monkeypatch, name, set_, another
):
    card = K(name, set_)
    friend = evil(monkeypatch, "t_friend", "Black", identifiers=FORCES[(name, set_)])
    site = _test_card(monkeypatch, "t_site", type="site", alignment="neutral", brigades=["Blue"])
    b = pos(
        {"hand": ["gideon"], "territory": [site]},
        {"hand": [card], "territory": [friend] if another else [], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
    )
    g = b.game
    ok(g, f"rescue {b['gideon']}")
    ok(g, f"block {b[card]}")
    if not another:
        assert g.s.pending is None and g.zone_of(b[site]) == (0, "territory")
        return
    assert g.s.pending is not None and g.s.pending.effect == "may" and g.s.pending.chooser == 1
    ok(g, f"choose {b[card]}")  # the one card in a territory that is not a character: no question
    assert (
        g.s.pending is None and g.zone_of(b[site]) == (0, "discard") and g.zone_of(b["gideon"])[1] == "field_of_battle"
    )
    round_trip(g)


# --- interrupt an ability, interrupt and discard --------------------------------------------------------------------
def test_bound_interrupts_the_last_opposing_enhancement_sets_a_demon_aside_and_the_enhancement_comes_back(monkeypatch):
    card = K("Bound", "AW")
    mine = hero(monkeypatch, card)
    partner = _test_card(
        monkeypatch, "t_partner", type="hero", alignment="good", brigades=["Yellow"], strength=1, toughness=1
    )
    foe = evil(monkeypatch, "t_foe", "Gold")
    demon = evil(monkeypatch, "t_demon", "Orange", identifiers=["demon"])
    push = enh(monkeypatch, "t_push", "evil", "Gold", "withdraw", "hero")
    b = stalemate(
        {"field_of_battle": [mine, partner], "hand": [card]},
        {"field_of_battle": [foe], "territory": [demon], "hand": [push]},
        last_actor=0,
    )
    g = b.game
    ok(g, f"enhance {b[push]} {b[foe]} {b[partner]}")
    assert g.zone_of(b[partner]) == (0, "territory") and g.current_player == 0  # Player 1 still has a Hero
    assert f"enhance {b[card]} {b[mine]} {b[push]}" in [str(a) for a in g.legal_actions()]
    out = ok(g, f"enhance {b[card]} {b[mine]} {b[push]}")
    if g.s.pending is not None:  # the demon to set aside
        ok(g, f"choose {b[demon]}")
    assert g.zone_of(b[demon]) == (1, "set_aside")
    assert g.zone_of(b[partner]) == (0, "territory") and g.b.suspended == []  # the withdraw came back
    assert "interrupts" in said(out)
    round_trip(g)


def test_devourer_interrupts_and_discards_every_good_enhancement_in_battle(monkeypatch):
    card = K("Devourer (Ki)", "Ki")
    mine = _test_card(monkeypatch, "t_hero", type="hero", alignment="good", brigades=["Blue"], strength=5, toughness=7)
    drawer = _test_card(
        monkeypatch,
        "t_drawer",
        type="good_enhancement",
        alignment="good",
        brigades=["Blue"],
        strength=1,
        toughness=0,
        abilities=[{"trigger": "played", "effects": [{"verb": "draw", "n": 1}]}],
    )
    foe = evil(monkeypatch, "t_foe", "Black")
    b = stalemate(
        {"field_of_battle": [mine], "hand": [drawer], "deck": ["barak"]}, {"field_of_battle": [foe], "hand": [card]}, 1
    )
    g = b.game
    ok(g, f"enhance {b[drawer]} {b[mine]}")
    assert g.zone_of(b["barak"]) == (0, "hand")
    to_player(g, 1)
    ok(g, f"enhance {b[card]} {b[foe]}")
    assert g.zone_of(b[drawer]) == (0, "discard") and g.zone_of(b["barak"]) == (0, "deck")
    round_trip(g)


# --- interrupt the battle and draw; an effect with a condition of its own ------------------------------------------
HORSES = {
    ("Egyptian Horses", "RoA"): "egyptian",
    ("Philistine Chariot and Horses", "TxP"): "philistine",
    ("Swift Horses (FooF)", "FoOF"): "babylonian",
}


@pytest.mark.parametrize("name, set_", list(HORSES))
@pytest.mark.parametrize("fits", [True, False])
def test_horses_interrupt_draw_two_and_only_for_their_people_may_play_an_enhancement(monkeypatch, name, set_, fits):
    card = K(name, set_)
    brigade = CARDS[card].brigades[0]
    rider = evil(monkeypatch, "t_rider", brigade, s=1, t=1, identifiers=[HORSES[(name, set_)] if fits else "hittite"])
    more = _test_card(
        monkeypatch, "t_more", type="evil_enhancement", alignment="evil", brigades=[brigade], strength=2, toughness=2
    )
    b = blocked("gideon", rider, theirs={"hand": [card], "deck": [more, "delilah", "eglon"]})
    g = b.game
    to_player(g, 1)
    out = ok(g, f"enhance {b[card]} {b[rider]}")
    assert g.zone_of(b[more]) == (1, "hand") and g.zone_of(b["delilah"]) == (1, "hand")  # drew two either way
    if not fits:
        assert g.s.pending is None and "does not happen" in said(out)
        return
    assert g.s.pending is not None and g.s.pending.effect == "play_from_discard"
    ok(g, f"choose {b[more]}")
    assert g.attached[b[more]] == b[rider]
    round_trip(g)


def test_egyptian_horses_used_by_an_egyptian_archer_plays_nothing_more(monkeypatch):
    card = K("Egyptian Horses", "RoA")
    rider = evil(monkeypatch, "t_rider", "Gold", s=1, t=1, identifiers=["egyptian archer"])
    b = blocked("gideon", rider, theirs={"hand": [card], "deck": ["delilah", "eglon"]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[card]} {b[rider]}")
    assert g.s.pending is None and g.zone_of(b["eglon"]) == (1, "hand")


DRAWS = {
    ("Battle Cry [II]", "II"): {"reference": "Joshua 6:5"},
    ("Jacob's Rods [RR2]", "RR2"): {"identifiers": ["patriarch", "human"]},
    ("Undefiled [RR2]", "RR2"): {"reference": "Daniel 1:8"},
}


@pytest.mark.parametrize("name, set_", list(DRAWS))
@pytest.mark.parametrize("fits", [True, False])
def test_may_draw_one_or_three_if_used_by_the_hero_named_then_play_an_enhancement(monkeypatch, name, set_, fits):
    card = K(name, set_)
    mine = hero(monkeypatch, card, s=1, t=1, **(DRAWS[(name, set_)] if fits else {}))
    b = blocked(mine, "goliath", mine={"hand": [card], "deck": ["barak", "peter", "esther", "ehud"]})
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b[card]} {b[mine]}")
    d = g.s.pending
    assert d is not None and d.effect == "may_draw"
    ok(g, f"choose {d.options[0]}")
    assert len(g.z[0]["hand"]) == (3 if fits else 1)
    if g.s.pending is not None:  # the enhancement to play: none
        ok(g, "choose")
    round_trip(g)


@pytest.mark.parametrize("crimson", [True, False])
def test_jude_chooses_a_nt_human_blocker_when_alone_and_if_blocked_by_a_crimson_one_may_play_an_nt_enhancement(
    monkeypatch, crimson
):
    card = K("Jude, Servant of Christ [RR2]", "RR2")
    foe = evil(monkeypatch, "t_foe", "Crimson" if crimson else "Black", s=9, t=9, reference="Acts 1:1")
    more = _test_card(
        monkeypatch,
        "t_more",
        type="good_enhancement",
        alignment="good",
        brigades=["Clay"],
        strength=2,
        toughness=2,
        reference="Acts 2:1",
    )
    b = pos({"hand": [card, more]}, {"territory": [foe], "land_of_bondage": ["ls_orphan"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b[card]}")
    d = g.s.pending
    assert d is not None and d.effect == "choose_blocker" and d.options == [b[foe]]
    ok(g, f"choose {b[foe]}")
    assert g.zone_of(b[foe]) == (1, "field_of_battle")
    if not crimson:
        assert g.s.pending is None
        return
    assert g.s.pending is not None and g.s.pending.effect == "play_from_discard"
    ok(g, f"choose {b[more]}")
    assert g.attached[b[more]] == b[card] and g.char_numbers(b[card]) == (10, 10)
    round_trip(g)


PREVENTS = [("Flaming Sword (Wa)", "War"), ("Bow and Arrow (Gold) (Wa)", "War")]


@pytest.mark.parametrize("name, set_", PREVENTS)
def test_a_heros_interrupt_and_prevent_brings_back_the_hero_the_last_evil_enhancement_discarded(
    monkeypatch, name, set_
):
    card = K(name, set_)
    mine = hero(monkeypatch, card)
    other = _test_card(
        monkeypatch, "t_other", type="hero", alignment="good", brigades=["Yellow"], strength=1, toughness=1
    )
    foe = evil(monkeypatch, "t_foe", "Gold")
    smite = enh(monkeypatch, "t_smite", "evil", "Gold", "discard", "hero")
    b = stalemate({"field_of_battle": [mine, other], "hand": [card]}, {"field_of_battle": [foe], "hand": [smite]}, 0)
    g = b.game
    ok(g, f"enhance {b[smite]} {b[foe]} {b[other]}")
    assert g.zone_of(b[other]) == (0, "discard")
    to_player(g, 0)
    ok(g, f"enhance {b[card]} {b[mine]} {b[smite]}")
    assert g.zone_of(b[other]) == (0, "field_of_battle") and b[smite] not in g.b.negated  # back, and it stays
    round_trip(g)


def test_mask_of_arrogance_interrupts_and_prevents_the_last_good_enhancement(monkeypatch):
    card = K("Mask of Arrogance", "War")
    mine = _test_card(monkeypatch, "t_hero", type="hero", alignment="good", brigades=["Blue"], strength=5, toughness=7)
    foe = evil(monkeypatch, "t_foe", "Brown")
    other = evil(monkeypatch, "t_other", "Yellow", s=1, t=1)
    push = enh(monkeypatch, "t_push", "good", "Blue", "withdraw", "evil_character")
    b = stalemate({"field_of_battle": [mine], "hand": [push]}, {"field_of_battle": [foe, other], "hand": [card]}, 1)
    g = b.game
    ok(g, f"enhance {b[push]} {b[mine]} {b[other]}")
    assert g.zone_of(b[other]) == (1, "territory")
    to_player(g, 1)
    ok(g, f"enhance {b[card]} {b[foe]} {b[push]}")
    assert g.zone_of(b[other]) == (1, "field_of_battle")
    round_trip(g)


REMOVERS = [("Achan's Sin (Pa)", "Pat"), ("Joseph in Prison", "Pat"), ("Korah's Rebellion", "Pat")]


@pytest.mark.parametrize("name, set_", REMOVERS)
def test_interrupt_the_battle_and_remove_every_card_in_battle_from_the_game(monkeypatch, name, set_):
    card = K(name, set_)
    blocker = evil(monkeypatch, "t_guard", CARDS[card].brigades[0], s=1, t=1)
    b = blocked("gideon", blocker, theirs={"hand": [card]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[card]} {b[blocker]}")
    for c in (b["gideon"], b[blocker], b[card]):
        assert g.zone_of(c)[1] == "removed", c
    assert not g.b.kind  # nobody is left in battle: it ended, nothing rescued
    assert g.zone_of(b["ls_orphan"]) == (1, "land_of_bondage")
    round_trip(g)


@pytest.mark.parametrize("wilderness", [True, False])
def test_inhabitants_driven_out_if_used_by_a_wilderness_hero_bounces_every_evil_character(monkeypatch, wilderness):
    card = K("Inhabitants Driven Out", "IR")
    mine = hero(monkeypatch, card, s=1, t=1, identifiers=["wilderness" if wilderness else "judge", "human"])
    b = blocked(mine, "goliath", mine={"hand": [card]}, theirs={"territory": ["delilah"]})
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b[card]} {b[mine]}")
    if not wilderness:
        assert g.zone_of(b["goliath"]) == (1, "field_of_battle")
        return
    assert g.zone_of(b["goliath"]) == (1, "hand") and g.zone_of(b["delilah"]) == (1, "hand")
    if g.s.pending is not None:  # the Reserve is searched (none yet in the first round: nothing asked)
        ok(g, "choose")
    round_trip(g)


SABBATH = [("Sabbath Breaker (FoM)", "FoM"), ("Sabbath Breaker (Roots)", "RR")]


@pytest.mark.parametrize("name, set_", SABBATH)
def test_sabbath_breaker_blocking_draws_three_and_is_discarded_after_the_battle(monkeypatch, name, set_):
    card = K(name, set_)
    wall = _test_card(monkeypatch, "t_wall", type="hero", alignment="good", brigades=["Blue"], strength=1, toughness=9)
    b = pos(
        {"hand": [wall]},
        {"hand": [card], "deck": ["delilah", "eglon", "herod", "goliath"], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
    )
    g = b.game
    ok(g, f"rescue {b[wall]}")
    ok(g, f"block {b[card]}")
    assert all(g.zone_of(b[k]) == (1, "hand") for k in ("delilah", "eglon", "herod"))
    round_trip(g)
    while g.b.kind:  # a stalemate (1/9 against 3/2): both sides would go home
        ok(g, "pass")
    assert g.zone_of(b[wall]) == (0, "territory") and g.zone_of(b[card]) == (1, "discard")
    assert CARDS[card].ability_text.startswith("When this character blocks: draw 3 cards.")


#: every (name, set) a test above takes, claimed when the module loads (so the check below holds under -k too)
for _name, _set in [
    *GOOD_BANDS,
    *EVIL_BANDS,
    *FORCES,
    *SINGLES,
    *HERODS,
    *HORSES,
    *DRAWS,
    *CASES_1,
    *CASES_2,
    *CASES_3,
    *CASES_4,
    *EXPELLING,
]:
    K(_name, _set)


def test_every_card_of_the_file_is_a_case_of_a_test():
    """Every card is named by a test here: read from this file's source (the tests that name a card when they run
    may run after this one, or on another worker)."""
    source = Path(__file__).read_text(encoding="utf-8")
    untested = [d["name"] for d in ENTRIES if f'"{d["name"]}"' not in source]
    assert not untested, untested
    assert CLAIMED <= set(KEYS)


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


def test_an_interrupted_choose_opponent_whose_choice_is_no_longer_legal_does_not_come_back():
    """Obedience of Noah (UL) chooses Shimei ( C) to battle (Goliath withdraws, Shimei comes in); Destroying Bands
    (LoC) interrupts the battle (Goliath back, Shimei home) and bands Shimei in. Obedience reactivates whole (its
    withdrawals and its band are one effect), but Shimei is in battle now, no longer in a territory: not a legal
    choice, so nothing of it comes back, and the log says why."""
    noah, shimei = real_key("Obedience of Noah (UL)", "Main UL"), real_key("Shimei ( C)", "2E")
    bands = real_key("Destroying Bands (LoC)", "LoC")
    b = in_battle("barak", "goliath", [], mine={"hand": [noah]}, theirs={"territory": [shimei], "hand": [bands]})
    g = b.game
    ok(g, f"enhance {b[noah]} {b['barak']} {b[shimei]}")
    assert g.zone_of(b[shimei]) == (1, "field_of_battle") and g.zone_of(b["goliath"]) == (1, "territory")
    ok(g, f"enhance {b[bands]} {b[shimei]}")
    assert g.zone_of(b["goliath"]) == (1, "field_of_battle") and g.zone_of(b[shimei]) == (1, "territory")
    out = ok(g, f"choose {b[shimei]}")
    words = " ".join(e.text for e in out.events)
    assert f"Obedience of Noah (UL) does not choose {g._nm(b[shimei])} again: it is no longer a legal target." in words
    assert g.zone_of(b[shimei]) == (1, "field_of_battle") and g.zone_of(b["goliath"]) == (1, "field_of_battle")
    assert not g.b.suspended and not g.b.interrupter and not g.b.reactivating
    round_trip(g)
