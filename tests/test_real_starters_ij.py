"""The real Starter I and Starter J decks (sets I and J, ``rules/redemption/real/starters_ij.toml``): card by card, a
hand-built position in the scenario format (``redemption.scenario``) in which the card's ability happens and its
outcome is asserted; and, where the player's card file is on the machine, each card's facts are the file's."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from rules.redemption.cards import CARDS, real_key
from rules.redemption.printed import script_for
from tests.redemption_helpers import ok
from tests.test_real_g10 import blocked, in_battle, pos, round_trip, to_player

FILE = Path(__file__).resolve().parent.parent / "rules/redemption/real/starters_ij.toml"


#: the J cards whose name carries no printing tag
J_UNTAGGED = {
    "Family Bond",
    "Hypocrite's Proselyte",
    "Kindness of Boaz",
    "Quirinius",
    "Roman Whip",
    "Shamgar's Oxgoad",
    "The Sword of Gideon",
    "Trumpets and Torches",
    "When Judges Governed",
    "Pilate's Soldiers",
    "Possessing Demon (j)",
}


def R(name: str, set_code: str = "") -> str:
    """The key of an I or J printing (the set read from the name when not given)."""
    if not set_code:
        set_code = "J" if name.endswith("(J)") or name in J_UNTAGGED else "I"
    return real_key(name, set_code)


def good_played(hero: str, ec: str, enh: str, mine: dict | None = None, theirs: dict | None = None) -> Any:
    """A rescue under way: seat 0's Hero, with seat 0's enhancement ``enh`` played on it last, against seat 1's
    blocker; seat 1 to play."""
    mine = {"field_of_battle": [hero, enh], **(mine or {})}
    theirs = {"field_of_battle": [ec], "land_of_bondage": ["ls_orphan"], **(theirs or {})}
    battle = {"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 0, "played": [enh]}
    return pos(mine, theirs, phase="battle", flags={"battled": True}, battle=battle, attached={enh: hero})


def opts(g: Any, card: str, verb: str = "enhance") -> set[str]:
    """The targets the legal actions offer for a card (an enhancement's or a Dominant's last argument)."""
    n = 3 if verb == "enhance" else 2
    return {a.args[-1] for a in g.legal_actions() if a.verb == verb and a.args[0] == card and len(a.args) >= n}


# real characters of these decks with no ability, to stand in battle
ACHAN = R("Achan (I)")  # Brown 3/4 warrior
LAHMI = R("Lahmi (I)")  # Black 10/10 warrior
POSSESSING = R("Possessing Demon (j)")  # Orange 3/4 demon
LEGION = R("Legion of Angels")  # Silver 12/12 warrior
SOLDIERS = R("Pilate's Soldiers")  # Gray 6/12
SAMSON = R("Samson (J)")  # Gold 12/6
BETHESDA = R("Angel at Bethesda")  # Silver 3/1


CARD_FILE = Path(os.environ.get("REDEMPTION_CARD_FILE", "/work/lackey/carddata.txt"))


@pytest.mark.skipif(not CARD_FILE.is_file(), reason="the player's own card file is not on this machine")
def test_the_facts_agree_with_the_card_file():
    import tomllib

    from saves.cardfile import parse

    pool = parse(CARD_FILE.read_bytes(), str(CARD_FILE))
    names = {(c["name"], c["set"]) for c in tomllib.loads(FILE.read_text(encoding="utf-8"))["card"]}
    assert names
    for name, set_code in names:
        key = R(name, set_code)
        c, p = CARDS[key], pool.by_key[key]
        assert p.type == c.type, key
        assert int(p.strength or 0) == c.strength and int(p.toughness or 0) == c.toughness, key
        assert p.reference == c.reference, key
        if p.brigade != "Multi":
            assert {b for b in p.brigade.split("/") if b} == set(c.brigades), key
        assert ("warrior" in p.klass.lower()) == ("warrior" in c.classes), key
        assert script_for(p) == key and c.ability_text


def test_every_card_of_the_file_is_named_by_a_test():
    import tomllib

    words = Path(__file__).read_text(encoding="utf-8")
    for c in tomllib.loads(FILE.read_text(encoding="utf-8"))["card"]:
        assert repr(c["name"]).strip("'") in words or f'"{c["name"]}"' in words, c["name"]


# --- Dominants ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["Son of God (I)", "Son of God (J)"])
def test_son_of_god_rescues_any_lost_soul_in_play(name):
    son = R(name)
    b = pos({"hand": [son], "land_of_bondage": ["ls_wanderer"]}, {"land_of_bondage": ["ls_orphan"]})
    g = b.game
    assert opts(g, b[son], "dominant") == {b["ls_wanderer"], b["ls_orphan"]}
    ok(g, f"dominant {b[son]} {b['ls_orphan']}")
    assert g.zone_of(b["ls_orphan"]) == (0, "land_of_redemption") and g.score(0) == 1
    round_trip(g)


@pytest.mark.parametrize(
    "name, hit, spared",
    [
        ("Angel of the Lord (I)", "pilate", "gideon"),
        ("Angel of the Lord (J)", "pilate", "gideon"),
        ("Christian Martyr (I)", "gideon", "pilate"),
        ("Christian Martyr (J)", "gideon", "pilate"),
    ],
)
def test_angel_of_the_lord_and_christian_martyr_discard_a_character_of_their_type(name, hit, spared):
    dom = R(name)
    b = pos({"hand": [dom], "territory": ["gideon"]}, {"territory": ["pilate"]})
    g = b.game
    assert opts(g, b[dom], "dominant") == {b[hit]}
    ok(g, f"dominant {b[dom]} {b[hit]}")
    assert g.zone_of(b[hit])[1] == "discard" and g.zone_of(b[spared])[1] == "territory"
    round_trip(g)


# --- characters that band -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "name, partner, other",
    [
        ("James", "john", "peter"),
        ("Andrew (I)", "peter", "john"),
        ("Naomi (J)", R("Boaz (J)"), "gideon"),  # Boaz is a Ruth Hero (Ruth 2:1), Gideon not
    ],
)
def test_a_hero_may_band_to_its_partner(name, partner, other):
    hero = R(name)
    b = pos({"hand": [hero], "territory": [partner, other]}, {"land_of_bondage": ["ls_orphan"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b[hero]}")
    d = g.s.pending
    assert d is not None and d.effect == "band" and set(d.options) == {b[partner]}
    ok(g, f"choose {b[partner]}")
    assert set(g.battle_chars(0)) == {b[hero], b[partner]} and g.zone_of(b[other]) == (0, "territory")
    round_trip(g)


@pytest.mark.parametrize(
    "name, partner, other",
    [
        ("Delilah (I)", "herod", "herodias"),  # a male human, not a female one
        ("Unclean Spirit (J)", "herodias", POSSESSING),  # a human, not a demon
    ],
)
def test_an_evil_character_may_band_to_its_partner(name, partner, other):
    ec = R(name)
    b = blocked("barak", ec, theirs={"territory": [partner, other]})
    g = b.game
    d = g.s.pending
    assert d is not None and d.effect == "band" and set(d.options) == {b[partner]}
    ok(g, f"choose {b[partner]}")
    assert set(g.battle_chars(1)) == {b[ec], b[partner]}
    round_trip(g)


def test_boaz_may_draw_then_band_to_a_ruth_hero():
    boaz, naomi = R("Boaz (J)"), R("Naomi (J)")
    b = pos(
        {"hand": [boaz], "territory": [naomi], "deck": ["esther"]}, {"land_of_bondage": ["ls_orphan"]}, phase="battle"
    )
    g = b.game
    ok(g, f"rescue {b[boaz]}")
    assert g.s.pending is not None and g.s.pending.effect == "may_draw"
    ok(g, f"choose {b[boaz]}")  # draw
    assert g.zone_of(b["esther"]) == (0, "hand")
    d = g.s.pending
    assert d is not None and d.effect == "band" and d.options == [b[naomi]]
    ok(g, f"choose {b[naomi]}")
    assert set(g.battle_chars(0)) == {b[boaz], b[naomi]}
    round_trip(g)


# --- other characters -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("hero, hit", [(LEGION, True), ("gideon", False)])
def test_ishbibenob_discards_a_hero_in_battle_with_strength_ten_or_more(hero, hit):
    ish = R("Ishbibenob (I)")
    b = blocked(hero, ish)
    g = b.game
    if hit:
        d = g.s.pending
        assert d is not None and d.options == [b[hero]]
        ok(g, f"choose {b[hero]}")
        assert g.zone_of(b[hero]) == (0, "discard")
    else:
        assert g.s.pending is None and g.zone_of(b[hero]) == (0, "field_of_battle")
    round_trip(g)


def test_saph_prevents_the_next_enhancement_of_the_opponent():
    saph = R("Saph (I)")
    b = blocked("gideon", saph, mine={"hand": ["stars_fought"]})
    g = b.game  # Gideon 7/5 against Saph 9/11
    to_player(g, 0)
    ok(g, f"enhance {b['stars_fought']} {b['gideon']} {b[saph]}")
    assert g.zone_of(b[saph]) == (1, "field_of_battle")  # its discard is prevented; its numbers count
    assert g.char_numbers(b["gideon"]) == (8, 6)
    round_trip(g)


def test_mocking_soldiers_put_a_random_card_of_the_opponents_hand_under_their_draw_pile():
    soldiers = R("Mocking Soldiers (J)")
    b = blocked("barak", soldiers, mine={"hand": ["gideon", "esther"], "deck": ["daniel"]})
    g = b.game
    assert len(g.z[0]["hand"]) == 1 and g.z[0]["deck"][-1] in (b["gideon"], b["esther"])
    round_trip(g)


# --- enhancements ---------------------------------------------------------------------------------------------------
def test_you_are_the_christ_discards_an_evil_card_in_play():
    christ = R("You Are the Christ")
    first = R("Crucify Him! (J)")
    b = in_battle("peter", "herod", [first], mine={"hand": [christ]}, theirs={"territory": ["pilate"]})
    g = b.game
    assert opts(g, b[christ]) == {b["herod"], b[first], b["pilate"]}  # a character, an enhancement: evil cards
    ok(g, f"enhance {b[christ]} {b['peter']} {b[first]}")
    assert g.zone_of(b[first]) == (1, "discard") and g.char_numbers(b["herod"]) == (8, 6)
    round_trip(g)


def test_overwhelming_presence_puts_every_evil_character_in_battle_under_its_draw_pile():
    presence = R("Overwhelming Presence")
    b = in_battle(BETHESDA, "herod", [], mine={"hand": [presence]}, theirs={"territory": ["pilate"], "deck": ["eglon"]})
    g = b.game
    ok(g, f"enhance {b[presence]} {b[BETHESDA]}")
    assert g.z[1]["deck"][-1] == b["herod"] and g.zone_of(b["pilate"]) == (1, "territory")
    round_trip(g)


GOOD_NEGATORS = [
    ("Glad Tidings", BETHESDA),
    ("Walking on Water (I)", "peter"),
    ("Wonderment (I)", "peter"),
    ("Family Bond", "daniel"),
    ("Samson's Strength (J)", "daniel"),
]


@pytest.mark.parametrize("name, hero", GOOD_NEGATORS)
def test_a_good_negate_discards_the_last_evil_enhancement(name, hero):
    card = R(name)
    first, last = "scourging", "herods_banquet"
    b = in_battle(hero, LAHMI, [first, last], mine={"hand": [card]})
    g = b.game
    assert opts(g, b[card]) == {b[last]}
    ok(g, f"enhance {b[card]} {b[hero]} {b[last]}")
    assert b[last] in g.b.negated and g.zone_of(b[last]) == (1, "discard")
    assert g.zone_of(b[first]) == (1, "field_of_battle")
    round_trip(g)


@pytest.mark.parametrize(
    "name, ec", [("Crucify Him! (J)", SOLDIERS), ("Evil Strength (J)", POSSESSING), ("Bad Dealings (I)", ACHAN)]
)
def test_an_evil_negate_discards_the_last_good_enhancement(name, ec):
    card = R(name)
    b = good_played(SAMSON, ec, "daniels_prayer", theirs={"hand": [card], "deck": ["eglon"]})
    g = b.game  # Samson 14/8 with Daniel's Prayer
    assert g.current_player == 1 and opts(g, b[card]) == {b["daniels_prayer"]}
    ok(g, f"enhance {b[card]} {b[ec]} {b['daniels_prayer']}")
    assert b["daniels_prayer"] in g.b.negated and g.zone_of(b["daniels_prayer"]) == (0, "discard")
    assert g.char_numbers(b[SAMSON]) == (12, 6)
    if name.startswith("Bad Dealings"):  # and its player may draw one
        d = g.s.pending
        assert d is not None and d.effect == "may_draw"
        ok(g, f"choose {b[card]}")
        assert g.zone_of(b["eglon"]) == (1, "hand")
    round_trip(g)


def test_achans_sin_negates_the_last_good_card_and_discards_every_card_in_battle():
    sin = R("Achan's Sin (I)")
    b = good_played(SAMSON, ACHAN, "daniels_prayer", theirs={"hand": [sin]})
    g = b.game
    out = ok(g, f"enhance {b[sin]} {b[ACHAN]}")
    assert "negates Daniel's Prayer" in " ".join(e.text for e in out.events)
    for c in (SAMSON, "daniels_prayer", ACHAN, sin):
        assert g.zone_of(b[c])[1] == "discard", c
    round_trip(g)


def test_ishbibenobs_sword_negates_the_last_good_enhancement():
    sword = R("Ishbibenob's Sword")
    b = good_played(SAMSON, LAHMI, "daniels_prayer", theirs={"hand": [sword]})
    g = b.game  # Samson 14/8 against Lahmi 10/10
    ok(g, f"enhance {b[sword]} {b[LAHMI]}")
    assert b["daniels_prayer"] in g.b.negated and g.char_numbers(b[SAMSON]) == (12, 6)
    round_trip(g)


@pytest.mark.parametrize("name, hero", [("Eaten by Worms (I)", BETHESDA)])
def test_eaten_by_worms_discards_an_evil_character_in_play(name, hero):
    card = R(name)
    b = in_battle(hero, "herod", [], mine={"hand": [card]}, theirs={"territory": ["pilate"]})
    g = b.game
    assert opts(g, b[card]) == {b["herod"], b["pilate"]}
    ok(g, f"enhance {b[card]} {b[hero]} {b['pilate']}")
    assert g.zone_of(b["pilate"]) == (1, "discard")
    round_trip(g)


def test_fiery_darts_discard_a_hero_in_play():
    darts = R("Fiery Darts (J)")
    b = blocked("gideon", POSSESSING, mine={"territory": ["daniel"]}, theirs={"hand": [darts]})
    g = b.game
    to_player(g, 1)
    assert opts(g, b[darts]) == {b["gideon"], b["daniel"]}
    ok(g, f"enhance {b[darts]} {b[POSSESSING]} {b['daniel']}")
    assert g.zone_of(b["daniel"]) == (0, "discard")
    round_trip(g)


@pytest.mark.parametrize("name, ec", [("Wickedness of Delilah (I)", LAHMI), ("Hypocrite's Proselyte", SOLDIERS)])
def test_an_evil_underdeck_puts_a_hero_under_its_draw_pile(name, ec):
    card = R(name)
    b = blocked(LEGION, ec, mine={"territory": ["daniel"], "deck": ["esther"]}, theirs={"hand": [card]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[card]} {b[ec]}")
    d = g.s.pending
    assert d is not None and set(d.options) == {b[LEGION], b["daniel"]}
    ok(g, f"choose {b[LEGION]}")
    assert g.z[0]["deck"][-1] == b[LEGION] and g.battle_chars(0) == []
    round_trip(g)


def test_trumpets_and_torches_put_an_evil_character_under_its_draw_pile():
    card = R("Trumpets and Torches")
    b = in_battle("daniel", "herod", [], mine={"hand": [card]}, theirs={"deck": ["eglon"]})
    g = b.game
    ok(g, f"enhance {b[card]} {b['daniel']}")
    assert g.z[1]["deck"][-1] == b["herod"] and g.battle_chars(1) == []
    round_trip(g)


def test_sin_in_the_camp_withdraws_every_hero():
    sin = R("Sin in the Camp (I)")
    b = blocked("gideon", ACHAN, mine={"territory": ["daniel"]}, theirs={"hand": [sin]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[sin]} {b[ACHAN]}")
    assert g.zone_of(b["gideon"]) == (0, "territory") and g.battle_chars(0) == []
    round_trip(g)


def test_devotion_of_ruth_withdraws_every_evil_character():
    devotion, naomi = R("Devotion of Ruth (J)"), R("Naomi (J)")
    b = in_battle(naomi, "herod", [], mine={"hand": [devotion]})
    g = b.game
    ok(g, f"enhance {b[devotion]} {b[naomi]}")
    assert g.zone_of(b["herod"]) == (1, "territory") and g.battle_chars(1) == []
    round_trip(g)


def test_coliseum_lions_discard_every_hero_in_battle():
    lions = R("Coliseum Lions (J)")
    b = blocked(LEGION, SOLDIERS, mine={"territory": ["daniel"]}, theirs={"hand": [lions]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[lions]} {b[SOLDIERS]}")
    assert g.zone_of(b[LEGION]) == (0, "discard") and g.zone_of(b["daniel"]) == (0, "territory")
    round_trip(g)


def test_the_sword_of_gideon_discards_an_evil_enhancement():
    sword = R("The Sword of Gideon")
    b = in_battle("daniel", "nebuchadnezzar", ["nebuchadnezzars_furnace"], mine={"hand": [sword]})
    g = b.game
    assert opts(g, b[sword]) == {b["nebuchadnezzars_furnace"]}
    ok(g, f"enhance {b[sword]} {b['daniel']} {b['nebuchadnezzars_furnace']}")
    assert g.zone_of(b["nebuchadnezzars_furnace"]) == (1, "discard")
    assert g.char_numbers(b["nebuchadnezzar"]) == (6, 7)
    round_trip(g)


def test_loyalty_of_ruth_withdraws_an_evil_character_and_may_draw():
    loyalty, naomi = R("Loyalty of Ruth (J)"), R("Naomi (J)")
    b = in_battle(naomi, "herod", [], mine={"hand": [loyalty], "deck": ["esther"]})
    g = b.game
    ok(g, f"enhance {b[loyalty]} {b[naomi]} {b['herod']}")
    assert g.zone_of(b["herod"]) == (1, "territory")
    ok(g, f"choose {b[loyalty]}")
    assert g.zone_of(b["esther"]) == (0, "hand")
    round_trip(g)


def test_twice_afflicted_plays_an_orange_enhancement_from_the_discard_pile():
    twice, strength = R("Twice Afflicted (J)"), R("Evil Strength (J)")
    b = blocked("gideon", POSSESSING, theirs={"hand": [twice], "discard": [strength, "scourging"]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[twice]} {b[POSSESSING]}")
    d = g.s.pending
    assert d is not None and d.options == [b[strength]]  # orange only
    ok(g, f"choose {b[strength]}")
    assert g.zone_of(b[strength]) == (1, "field_of_battle") and g.char_numbers(b[POSSESSING]) == (6, 9)
    round_trip(g)


def test_sing_and_praise_removes_every_card_but_heroes_from_the_opponents_discard_pile():
    sing = R("Sing and Praise (J)")
    b = in_battle(
        "daniel",
        "herod",
        [],
        mine={"hand": [sing], "discard": ["scourging"]},
        theirs={"discard": ["pilate", "gideon", "scourging"]},
    )
    g = b.game
    ok(g, f"enhance {b[sing]} {b['daniel']}")
    assert g.zone_of(b["pilate"])[1] == "removed" and g.zone_of(b[1, "scourging"])[1] == "removed"
    assert g.zone_of(b["gideon"]) == (1, "discard") and g.zone_of(b[0, "scourging"]) == (0, "discard")
    round_trip(g)


def test_authority_of_peter_removes_an_evil_character_and_topdecks_a_hero_from_the_discard_pile():
    auth = R("Authority of Peter (I)")
    b = in_battle("peter", "herod", [], mine={"hand": [auth], "discard": ["daniel"], "deck": ["esther"]})
    g = b.game
    ok(g, f"enhance {b[auth]} {b['peter']}")
    assert g.zone_of(b["herod"])[1] == "removed"
    assert g.z[0]["deck"][0] == b["daniel"]
    round_trip(g)


@pytest.mark.parametrize(
    "name, hero, drawn",
    [
        ("Angelic News (I)", BETHESDA, 1),
        ("Kindness of Boaz", R("Naomi (J)"), 1),
        ("Kindness of Boaz", R("Boaz (J)"), 2),
    ],
)
def test_a_draw_of_one_or_two_if_used_by_its_hero(name, hero, drawn):
    card = R(name)
    b = in_battle(hero, "herod", [], mine={"hand": [card], "deck": ["esther", "daniel", "ezra"]})
    g = b.game
    g.s.pending = None
    ok(g, f"enhance {b[card]} {b[hero]}")
    while g.s.pending is not None and g.s.pending.chooser == 0 and g.s.pending.effect != "draw":
        ok(g, "choose")
    assert len(g.z[0]["hand"]) == drawn
    round_trip(g)


def test_raising_lazarus_returns_a_human_hero_from_the_discard_pile_to_territory():
    lazarus = R("Raising Lazarus")
    b = in_battle("peter", "herod", [], mine={"hand": [lazarus], "discard": ["daniel", LEGION]})
    g = b.game
    ok(g, f"enhance {b[lazarus]} {b['peter']}")
    assert g.zone_of(b["daniel"]) == (0, "territory") and g.zone_of(b[LEGION]) == (0, "discard")  # an angel stays
    round_trip(g)
