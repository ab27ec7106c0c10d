"""The real Starter I and Starter J decks (sets I and J, ``rules/redemption/real/starters_ij.toml``): card by card, a
hand-built position in the scenario format (``redemption.scenario``) in which the card's ability happens and its
outcome is asserted; and, where the player's card file is on the machine, each card's facts are the file's."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from rules.redemption.cards import CARDS, real_key
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
        set_code = "J" if name.endswith(("(J)", "- J]")) or name in J_UNTAGGED else "I"
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
    d = g.s.pending
    assert d is not None and d.effect == "may"  # "you may": asked first
    ok(g, f"choose {b[lazarus]}")
    assert g.zone_of(b["daniel"]) == (0, "territory") and g.zone_of(b[LEGION]) == (0, "discard")  # an angel stays
    round_trip(g)


# --- Lost Souls that work when rescued ------------------------------------------------------------------------------
RESURRECTION = R('Lost Soul "Resurrection" [Psalm 30:3]')
REJOICE = R('Lost Soul "Rejoice" [Luke 15:6 - J]')


def test_the_resurrection_lost_soul_rescued_lets_the_player_it_left_search_their_discard_pile_for_a_hero():
    b = pos(
        {"hand": ["barak"]},
        {"land_of_bondage": [RESURRECTION, "ls_widow"], "discard": ["pilate", "gideon"], "deck": ["eglon"]},
        phase="battle",
    )
    g = b.game
    ok(g, f"rescue {b['barak']}")
    ok(g, "noblock")
    ok(g, f"surrender {b[RESURRECTION]}")
    assert g.zone_of(b[RESURRECTION]) == (0, "land_of_redemption")
    d = g.s.pending
    assert d is not None and d.chooser == 1 and d.effect == "search" and d.options == [b["gideon"]]
    ok(g, f"choose {b['gideon']}")
    assert g.zone_of(b["gideon"]) == (1, "hand")
    round_trip(g)


def test_the_rejoice_lost_soul_rescued_by_son_of_god_makes_each_player_draw_one():
    son = R("Son of God (J)")
    b = pos({"hand": [son], "deck": ["esther"]}, {"land_of_bondage": [REJOICE], "deck": ["eglon"]})
    g = b.game
    ok(g, f"dominant {b[son]} {b[REJOICE]}")
    assert g.zone_of(b["esther"]) == (0, "hand") and g.zone_of(b["eglon"]) == (1, "hand")
    round_trip(g)


def test_the_rejoice_lost_soul_rescued_in_battle_makes_each_player_draw_one():
    b = pos({"hand": ["barak"], "deck": ["esther"]}, {"land_of_bondage": [REJOICE], "deck": ["eglon"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b['barak']}")
    ok(g, "noblock")
    assert g.zone_of(b["esther"]) == (0, "hand") and g.zone_of(b["eglon"]) == (1, "hand")
    round_trip(g)


# --- characters that negate, look, reveal, search -------------------------------------------------------------------
@pytest.mark.parametrize("name", ["John (I)", "Ruth (J)"])
def test_john_and_ruth_negate_evil_characters_abilities(name):
    hero = R(name)
    shaphat = R("Shaphat (I)")
    b = blocked(hero, shaphat, mine={"hand": ["esther"]})
    g = b.game  # Shaphat's look at the hand (asked against Gideon: its own test) is negated while the Hero is there
    assert g.s.pending is None and g.zone_of(b[hero]) == (0, "field_of_battle")
    round_trip(g)


def test_foul_spirit_negates_a_heros_band():
    spirit, james = R("Foul Spirit (J)"), R("James")
    b = blocked("peter", spirit, mine={"hand": ["sent_two_by_two"], "territory": [james, R("John (I)")]})
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b['sent_two_by_two']} {b['peter']} {b[james]}")
    assert set(g.battle_chars(0)) == {b["peter"], b[james]}
    assert g.s.pending is None  # James's own band (to John) is negated while the Foul Spirit is in battle
    round_trip(g)


def test_selfish_kinsman_negates_an_enhancements_ability_but_not_its_numbers():
    kinsman = R("Selfish Kinsman")
    b = blocked("gideon", kinsman, mine={"hand": ["stars_fought"]})
    g = b.game  # Gideon 7/5 against the Kinsman 5/7
    to_player(g, 0)
    ok(g, f"enhance {b['stars_fought']} {b['gideon']} {b[kinsman]}")
    assert g.zone_of(b[kinsman]) == (1, "field_of_battle") and g.char_numbers(b["gideon"]) == (8, 6)
    round_trip(g)


def test_peter_may_draw_and_negates_demons():
    peter = R("Peter (I)")
    b = pos(
        {"hand": [peter], "deck": ["esther"]},
        {"hand": [R("Controlling Demon (J)")], "deck": ["eglon", "herod"], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
    )
    g = b.game
    ok(g, f"rescue {b[peter]}")
    ok(g, f"choose {b[peter]}")
    assert g.zone_of(b["esther"]) == (0, "hand")
    ok(g, f"block {b[R('Controlling Demon (J)')]}")
    assert g.s.pending is None  # the demon's reveal is negated: nothing asked, nothing revealed
    round_trip(g)


def test_shaphat_looks_at_the_opponents_hand():
    shaphat = R("Shaphat (I)")
    b = blocked("gideon", shaphat, mine={"hand": ["esther", "daniel"]})
    g = b.game
    d = g.s.pending
    assert d is not None and d.chooser == 1 and set(d.revealed) == {b["esther"], b["daniel"]} and d.options == []
    ok(g, "choose")
    assert len(g.z[0]["hand"]) == 2
    round_trip(g)


def test_emperor_tiberius_looks_at_the_hand_and_underdecks_a_dominant():
    tiberius, son = R("Emperor Tiberius (J)"), R("Son of God (J)")
    b = blocked("gideon", tiberius, mine={"hand": [son, "esther"], "deck": ["daniel"]})
    g = b.game
    d = g.s.pending
    assert d is not None and d.options == [b[son]]
    ok(g, f"choose {b[son]}")
    assert g.z[0]["deck"][-1] == b[son] and g.zone_of(b["esther"]) == (0, "hand")
    round_trip(g)


@pytest.mark.parametrize("bottom, offered", [("herod", True), ("gideon", False)])
def test_controlling_demon_reveals_the_bottom_card_and_may_take_an_evil_one(bottom, offered):
    demon = R("Controlling Demon (J)")
    b = blocked("daniel", demon, theirs={"deck": ["eglon", bottom]})
    g = b.game
    if offered:
        ok(g, f"choose {b[bottom]}")
        assert g.zone_of(b[bottom]) == (1, "hand")
    else:
        assert g.s.pending is None and g.z[1]["deck"][-1] == b[bottom]
    round_trip(g)


@pytest.mark.parametrize("drawn, discarded", [("gideon", True), ("eglon", False)])
def test_nabal_draws_and_reveals_and_a_good_card_discards_him_after_the_battle(drawn, discarded):
    nabal = R("Nabal (I)")
    b = blocked("daniel", nabal, theirs={"deck": [drawn]})
    g = b.game  # Daniel 5/7 against Nabal 8/10
    assert g.zone_of(b[drawn]) == (1, "hand")
    to_player(g, 0)
    ok(g, "pass")  # Daniel is losing: the battle ends, Daniel is discarded
    assert g.zone_of(b[nabal]) == ((1, "discard") if discarded else (1, "territory"))
    round_trip(g)


def test_gabriel_searches_the_discard_pile_for_a_silver_enhancement():
    gabriel, news = R("Gabriel (I)"), R("Angelic News (I)")
    b = pos({"hand": [gabriel], "discard": [news, "stars_fought"]}, {"land_of_bondage": ["ls_orphan"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b[gabriel]}")
    d = g.s.pending
    assert d is not None and d.options == [b[news]]
    ok(g, f"choose {b[news]}")
    assert g.zone_of(b[news]) == (0, "hand")
    round_trip(g)


def test_elders_of_the_city_search_the_discard_pile_for_a_good_ruth_card():
    elders, naomi, devotion = R("Elders of the City (J)"), R("Naomi (J)"), R("Devotion of Ruth (J)")
    b = pos(
        {"hand": [elders], "discard": [naomi, devotion, "gideon"]}, {"land_of_bondage": ["ls_orphan"]}, phase="battle"
    )
    g = b.game
    ok(g, f"rescue {b[elders]}")
    d = g.s.pending
    assert d is not None and set(d.options) == {b[naomi], b[devotion]}
    ok(g, f"choose {b[devotion]}")
    assert g.zone_of(b[devotion]) == (0, "hand")


def test_gathering_angel_topdecks_a_hero_from_each_discard_pile():
    angel = R("Gathering Angel")
    b = pos(
        {"hand": [angel], "discard": ["gideon", "daniel"], "deck": ["esther"]},
        {"land_of_bondage": ["ls_orphan"], "discard": ["peter", "herod"], "deck": ["eglon"]},
        phase="battle",
    )
    g = b.game
    ok(g, f"rescue {b[angel]}")
    ok(g, f"choose {b['daniel']}")  # from its own pile (two to choose from)
    assert g.z[0]["deck"][0] == b["daniel"] and g.z[1]["deck"][0] == b["peter"]  # the only Hero of the other
    round_trip(g)


def test_quirinius_may_draw_then_band_to_a_generic_roman():
    quirinius, mocking = R("Quirinius"), R("Mocking Soldiers (J)")
    b = blocked(
        "gideon", quirinius, theirs={"territory": [SOLDIERS, "pilate", R("Emperor Tiberius (J)")], "deck": ["eglon"]}
    )
    g = b.game
    ok(g, f"choose {b[quirinius]}")  # draw
    assert g.zone_of(b["eglon"]) == (1, "hand")
    d = g.s.pending
    assert d is not None and d.options == [b[SOLDIERS]]  # generic and Roman: not Pilate, not Tiberius
    ok(g, f"choose {b[SOLDIERS]}")
    assert set(g.battle_chars(1)) == {b[quirinius], b[SOLDIERS]}
    assert mocking  # another generic Roman of the deck (its own test above)
    round_trip(g)


# --- enhancements and Dominants with the new verbs ------------------------------------------------------------------
def test_to_each_his_own_lets_each_player_search_their_discard_pile_for_an_evil_enhancement():
    own = R("To Each His Own")
    b = blocked(
        LEGION, ACHAN, mine={"discard": ["scourging"]}, theirs={"hand": [own], "discard": ["herods_banquet", "pilate"]}
    )
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[own]} {b[ACHAN]}")
    d = g.s.pending
    assert d is not None and d.chooser == 1 and d.options == [b["herods_banquet"]]
    ok(g, f"choose {b['herods_banquet']}")
    d = g.s.pending
    assert d is not None and d.chooser == 0 and d.options == [b["scourging"]]
    ok(g, "choose")  # seat 0 takes none
    assert g.zone_of(b["herods_banquet"]) == (1, "hand") and g.zone_of(b["scourging"]) == (0, "discard")
    round_trip(g)


@pytest.mark.parametrize("hero, n", [("peter", 1), (R("Andrew (I)"), 2)])
def test_loaves_and_fishes_makes_each_player_draw_one_or_two_with_andrew(hero, n):
    loaves = R("Loaves and Fishes")
    b = in_battle(
        hero, "herod", [], mine={"hand": [loaves], "deck": ["esther", "daniel"]}, theirs={"deck": ["eglon", "annas"]}
    )
    g = b.game
    ok(g, f"enhance {b[loaves]} {b[hero]}")
    assert len(g.z[0]["hand"]) == n and len(g.z[1]["hand"]) == n
    round_trip(g)


def test_strife_withdraws_every_hero_but_the_one_its_player_chooses():
    strife = R("Strife")
    b = in_battle("gideon", "herod", [], mine={"field_of_battle": ["gideon", "barak"]}, theirs={"hand": [strife]})
    g = b.game
    ok(g, f"dominant {b[strife]}") if g.current_player == 1 else None
    if g.s.pending is None:  # Strife is played by seat 1 in the window it has
        to_player(g, 1)
        ok(g, f"dominant {b[strife]}")
    d = g.s.pending
    assert d is not None and d.chooser == 1 and set(d.options) == {b["gideon"], b["barak"]}
    ok(g, f"choose {b['barak']}")
    assert g.battle_chars(0) == [b["barak"]] and g.zone_of(b["gideon"]) == (0, "territory")
    round_trip(g)


def test_angelic_guidance_looks_at_the_hand_then_searches_for_a_silver_card():
    guidance = R("Angelic Guidance (I)")
    b = in_battle(
        BETHESDA, "herod", [], mine={"hand": [guidance], "deck": ["esther", LEGION]}, theirs={"hand": ["annas"]}
    )
    g = b.game
    ok(g, f"enhance {b[guidance]} {b[BETHESDA]}")
    d = g.s.pending
    assert d is not None and d.effect == "look_hand" and d.revealed == [b["annas"]]
    ok(g, "choose")
    d = g.s.pending
    assert d is not None and d.effect == "search" and d.options == [b[LEGION]]
    ok(g, f"choose {b[LEGION]}")
    assert g.zone_of(b[LEGION]) == (0, "hand")
    round_trip(g)


@pytest.mark.parametrize("first", [True, False])
def test_ashtaroth_worship_discards_a_good_enhancement_or_removes_a_discard_pile(first):
    worship = R("Ashtaroth Worship (I)")
    b = good_played(
        SAMSON, ACHAN, "daniels_prayer", mine={"discard": ["gideon", "stars_fought"]}, theirs={"hand": [worship]}
    )
    g = b.game
    ok(g, f"enhance {b[worship]} {b[ACHAN]}")
    ok(g, f"choose {b[worship]}" if first else "choose")
    if first:  # the one good enhancement in play: no question
        assert g.zone_of(b["daniels_prayer"]) == (0, "discard") and g.char_numbers(b[SAMSON]) == (12, 6)
    else:
        assert g.zone_of(b["gideon"])[1] == "removed" and g.zone_of(b["stars_fought"])[1] == "removed"
    round_trip(g)


@pytest.mark.parametrize("hero, n", [(R("Andrew (I)"), 9), ("peter", 3)])  # our own Peter is no disciple
def test_fishers_of_men_reveals_three_or_nine_and_the_lost_souls_go_to_the_land_of_bondage(hero, n):
    fishers = R("Fishers of Men (I)")
    deck = ["eglon", "ls_widow", "annas", "herodias", "ls_stranger", "pilate", "caiaphas", "barabbas", "ls_leper"]
    deck += ["ls_lame"]
    b = in_battle(hero, "herod", [], mine={"hand": [fishers]}, theirs={"deck": deck})
    g = b.game
    ok(g, f"enhance {b[fishers]} {b[hero]}")
    lob = set(g.z[1]["land_of_bondage"])
    assert {b[c] for c in deck[:n] if c.startswith("ls_")} <= lob and b["ls_lame"] not in lob
    assert (b["ls_leper"] in lob) == (n == 9)
    assert g.z[1]["deck"][0] == b[deck[n]] and g.z[1]["deck"][-1] == b["barabbas" if n == 9 else "annas"]
    round_trip(g)


@pytest.mark.parametrize("hero, n", [(SAMSON, 9), (R("Gideon (J)"), 9), ("daniel", 9)])
def test_gideons_call_reveals_nine_if_used_by_a_hero_with_no_special_ability(hero, n):
    call = R("Gideon's Call (J)")
    deck = ["eglon", "annas", "ls_widow", "herodias", "pilate", "caiaphas", "barabbas", "ls_leper", "belshazzar"]
    deck += ["ls_lame"]
    b = in_battle(hero, "herod", [], mine={"hand": [call]}, theirs={"deck": deck})
    g = b.game
    ok(g, f"enhance {b[call]} {b[hero]}")
    lob = set(g.z[1]["land_of_bondage"])
    assert b["ls_widow"] in lob and (b["ls_leper"] in lob) == (n == 9) and b["ls_lame"] not in lob
    round_trip(g)


@pytest.mark.parametrize("hero, drawn", [("john", 1), ("peter", 2), (R("Peter (I)"), 2)])
def test_miraculous_catch_draws_one_or_with_peter_three_and_discards_one_of_them(hero, drawn):
    catch = R("Miraculous Catch (I)")
    tiberius = R("Emperor Tiberius (J)")  # 10/11: it defeats the real Peter 10/10, so Peter's side plays
    b = in_battle(hero, tiberius, [], mine={"hand": [catch], "deck": ["esther", "daniel", "ezra", "nehemiah"]})
    g = b.game
    ok(g, f"enhance {b[catch]} {b[hero]}")
    if drawn == 2:
        d = g.s.pending
        if d is not None and d.effect == "may_draw":  # the real Peter's own draw as he entered: not here
            ok(g, "choose")
        d = g.s.pending
        assert d is not None and d.effect == "draw_discard" and set(d.options) == {b["esther"], b["daniel"], b["ezra"]}
        ok(g, f"choose {b['daniel']}")
        assert g.zone_of(b["daniel"]) == (0, "discard")
    assert len(g.z[0]["hand"]) == drawn
    round_trip(g)


@pytest.mark.parametrize("use", [True, False])
def test_ishbibenobs_spear_may_be_discarded_to_underdeck_a_hero(use):
    spear = R("Ishbibenob's Spear (I)")
    b = blocked(LEGION, LAHMI, mine={"territory": ["daniel"], "deck": ["esther"]}, theirs={"hand": [spear]})
    g = b.game  # Legion 12/12 against Lahmi 10/10
    to_player(g, 1)
    ok(g, f"enhance {b[spear]} {b[LAHMI]}")
    ok(g, f"choose {b[spear]}" if use else "choose")
    if use:
        ok(g, f"choose {b[LEGION]}")
        assert g.z[0]["deck"][-1] == b[LEGION] and g.zone_of(b[spear]) == (1, "discard")
    else:
        assert g.zone_of(b[spear]) == (1, "field_of_battle") and g.char_numbers(b[LAHMI]) == (15, 10)
    round_trip(g)


def test_lahmis_spear_may_be_discarded_to_discard_a_hero():
    spear = R("Lahmi's Spear (I)")
    b = blocked(LEGION, LAHMI, mine={"territory": ["daniel"]}, theirs={"hand": [spear]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[spear]} {b[LAHMI]}")
    ok(g, f"choose {b[spear]}")
    d = g.s.pending
    assert d is not None and set(d.options) == {b[LEGION], b["daniel"]}
    ok(g, f"choose {b['daniel']}")
    assert g.zone_of(b["daniel"]) == (0, "discard") and g.zone_of(b[spear]) == (1, "discard")
    round_trip(g)


def test_roman_whip_makes_the_opponent_underdeck_a_card_of_their_choice():
    whip = R("Roman Whip")
    b = blocked(LEGION, SOLDIERS, mine={"hand": ["esther", "daniel"], "deck": ["ezra"]}, theirs={"hand": [whip]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[whip]} {b[SOLDIERS]}")
    d = g.s.pending
    assert d is not None and d.chooser == 0 and set(d.options) == {b["esther"], b["daniel"]}
    ok(g, f"choose {b['daniel']}")
    assert g.z[0]["deck"][-1] == b["daniel"] and g.z[0]["hand"] == [b["esther"]]
    round_trip(g)


def test_persistent_pestering_makes_the_opponent_underdeck_two_good_cards_and_may_underdeck_itself():
    pest = R("Persistent Pestering (J)")
    b = blocked(
        LEGION, POSSESSING, mine={"hand": ["esther", "daniel", "ezra"], "deck": ["nehemiah"]}, theirs={"hand": [pest]}
    )
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[pest]} {b[POSSESSING]}")
    ok(g, f"choose {b['esther']}")
    ok(g, f"choose {b['ezra']}")
    assert g.z[0]["hand"] == [b["daniel"]] and g.z[0]["deck"][-2:] == [b["esther"], b["ezra"]]
    d = g.s.pending
    assert d is not None and d.chooser == 1 and d.effect == "may_underdeck_self"
    ok(g, f"choose {b[pest]}")
    assert g.z[1]["deck"][-1] == b[pest]
    round_trip(g)


@pytest.mark.parametrize("first", [True, False])
def test_shamgars_oxgoad_discards_an_evil_character_or_two_philistines(first):
    goad = R("Shamgar's Oxgoad")
    delilah, saph = R("Delilah (I)"), R("Saph (I)")
    b = in_battle(R("Shamgar (J)"), "herod", [], mine={"hand": [goad]}, theirs={"territory": [delilah, saph]})
    g = b.game
    ok(g, f"enhance {b[goad]} {b[R('Shamgar (J)')]}")
    ok(g, f"choose {b[goad]}" if first else "choose")
    d = g.s.pending
    if first:
        assert d is not None and set(d.options) == {b["herod"], b[delilah], b[saph]} and d.shape == "one"
        ok(g, f"choose {b['herod']}")
        assert g.zone_of(b["herod"]) == (1, "discard")
    else:
        assert d is not None and set(d.options) == {b[delilah], b[saph]} and d.most == 2
        ok(g, f"choose {b[delilah]}")
        ok(g, f"choose {b[saph]}")
        assert g.zone_of(b[delilah]) == (1, "discard") and g.zone_of(b[saph]) == (1, "discard")
    round_trip(g)


@pytest.mark.parametrize("ruth, judge", [(True, False), (False, True), (True, True)])
def test_when_judges_governed_withdraws_with_a_ruth_hero_and_discards_with_a_judge(ruth, judge):
    wjg = R("When Judges Governed")
    hero = R("Naomi (J)") if ruth else R("Gideon (J)")
    mine = {"hand": [wjg], "territory": [R("Samson (J)")] if judge and ruth else []}
    b = in_battle(hero, "herod", [], mine=mine, theirs={"territory": ["pilate"]})
    g = b.game
    ok(g, f"enhance {b[wjg]} {b[hero]} {b['herod']}" if ruth else f"enhance {b[wjg]} {b[hero]}")
    assert g.zone_of(b["herod"]) == ((1, "territory") if ruth else (1, "field_of_battle"))
    if judge:
        ok(g, f"choose {b[wjg]}")  # used (the may)
        if g.s.pending is not None:
            ok(g, f"choose {b['pilate']}")
        assert g.zone_of(b["pilate"]) == (1, "discard")
    else:
        assert g.zone_of(b["pilate"]) == (1, "territory")
    round_trip(g)


def test_gleaning_the_fields_searches_the_discard_pile_for_a_good_ruth_or_judges_enhancement():
    glean = R("Gleaning the Fields (J)")
    loyalty, strength, trumpets = R("Loyalty of Ruth (J)"), R("Samson's Strength (J)"), R("Trumpets and Torches")
    b = in_battle(
        R("Naomi (J)"), "herod", [], mine={"hand": [glean], "discard": [loyalty, strength, trumpets, "daniels_prayer"]}
    )
    g = b.game
    ok(g, f"enhance {b[glean]} {b[R('Naomi (J)')]}")
    d = g.s.pending
    assert d is not None and set(d.options) == {b[loyalty], b[strength], b[trumpets]}
    ok(g, f"choose {b[strength]}")
    assert g.zone_of(b[strength]) == (0, "hand")
    round_trip(g)


def test_ruth_meets_boaz_searches_the_draw_pile_or_the_discard_pile_for_a_good_ruth_card():
    meets, naomi, boaz = R("Ruth Meets Boaz (J)"), R("Naomi (J)"), R("Boaz (J)")
    b = in_battle(
        R("Ruth (J)"), "herod", [], mine={"hand": [meets], "deck": [boaz, "esther"], "discard": [naomi, "gideon"]}
    )
    g = b.game
    ok(g, f"enhance {b[meets]} {b[R('Ruth (J)')]}")
    d = g.s.pending
    assert d is not None and set(d.options) == {b[boaz], b[naomi]}
    ok(g, f"choose {b[naomi]}")
    assert g.zone_of(b[naomi]) == (0, "hand")
    round_trip(g)


@pytest.mark.parametrize("name", ["Sorrow of Mary (J)", "Vain Philosophy (J)"])
def test_a_look_at_the_hand_underdecks_a_good_card_of_it(name):
    card = R(name)
    if name.startswith("Vain"):
        b = pos({"hand": [card]}, {"hand": ["gideon", "herod"], "deck": ["esther"], "land_of_bondage": ["ls_widow"]})
        g = b.game
        ok(g, f"dominant {b[card]}")
    else:
        b = blocked(LEGION, SOLDIERS, mine={"hand": ["gideon", "herod"], "deck": ["esther"]}, theirs={"hand": [card]})
        g = b.game
        to_player(g, 1)
        ok(g, f"enhance {b[card]} {b[SOLDIERS]}")
    me, them = (0, 1) if name.startswith("Vain") else (1, 0)
    d = g.s.pending
    assert d is not None and d.chooser == me and d.options == [b["gideon"]]
    ok(g, f"choose {b['gideon']}")
    assert g.z[them]["deck"][-1] == b["gideon"] and g.z[them]["hand"] == [b["herod"]]
    round_trip(g)


# --- a once-per-game ability --------------------------------------------------------------------------------------
def test_jephthah_once_per_game_may_pay_the_top_card_to_discard_up_to_two_evil_characters():
    jeph = R("Jephthah (J)")
    b = pos(
        {"hand": [jeph], "deck": ["esther", "daniel"]},
        {"territory": ["herod", "pilate", "annas"], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
    )
    g = b.game
    ok(g, f"rescue {b[jeph]}")
    d = g.s.pending
    assert d is not None and d.effect == "may"
    ok(g, f"choose {b[jeph]}")
    assert g.zone_of(b["esther"]) == (0, "discard")  # the cost: the top card of the draw pile
    d = g.s.pending
    assert d is not None and d.most == 2 and set(d.options) == {b["herod"], b["pilate"], b["annas"]}
    ok(g, f"choose {b['herod']}")
    ok(g, f"choose {b['annas']}")
    assert g.zone_of(b["herod"]) == (1, "discard") and g.zone_of(b["annas"]) == (1, "discard")
    assert g.zone_of(b["pilate"]) == (1, "territory") and g.s.used == [b[jeph]]
    round_trip(g)


def test_jephthah_once_used_is_not_asked_again():
    jeph = R("Jephthah (J)")
    b = pos(
        {"hand": [jeph], "deck": ["esther"]}, {"territory": ["herod"], "land_of_bondage": ["ls_orphan"]}, phase="battle"
    )
    g = b.game
    g.s.used = [b[jeph]]
    round_trip(g)
    ok(g, f"rescue {b[jeph]}")
    assert g.s.pending is None and g.zone_of(b["esther"]) == (0, "deck")


# --- the decks: a card listed twice under two names, and the two starters offered ---------------------------------
DEK = """<deck version="0.8"><meta><game>Redemption</game></meta><superzone name="Deck">
<card><name id="gideon">Gideon</name><set>redemption-tui</set></card>
<card><name id="gideon">gideon</name><set>redemption-tui</set></card>
<card><name id="barak">Barak</name><set>redemption-tui</set></card>
</superzone></deck>"""


def test_a_dek_file_listing_one_card_under_two_names_says_so():
    from saves import decks as dk

    d = dk.parse_dek(DEK.encode(), "two.dek")
    gideon = next(k for k in d.cards if CARDS[k].name == "Gideon")
    assert d.cards[gideon] == 2 and d.aliases == {gideon: ["Gideon", "gideon"]}
    (note,) = d.alias_notes()
    assert "lists Gideon under 2 names, 'Gideon' and 'gideon': they are one card, counted 2 times" in note
    assert "redemption.deck.listed_twice" in note
    assert dk.parse_dek(DEK.replace(">gideon<", ">Gideon<").encode(), "one.dek").aliases == {}


@pytest.mark.skipif(not CARD_FILE.is_file(), reason="the player's own card file is not on this machine")
@pytest.mark.parametrize(
    "letter, old, new",
    [
        ("I", "Lost Soul Psalm 30:3 (Retriever)", 'Lost Soul "Resurrection" [Psalm 30:3]'),
        ("J", "Lost Soul Luke 15:6 (Forced Draw)", 'Lost Soul "Rejoice" [Luke 15:6 - J]'),
    ],
)
def test_the_plugins_starter_file_lists_one_lost_soul_twice_and_the_bundled_deck_holds_it_once(letter, old, new):
    from rules.redemption.cards import DECKS
    from saves import decks as dk
    from saves.cardfile import parse

    dek = CARD_FILE.parent / f"Starter_{letter}.dek"
    if not dek.is_file():
        pytest.skip("the plugin's deck file is not on this machine")
    pool = parse(CARD_FILE.read_bytes(), str(CARD_FILE))
    d = dk.parse_dek(dek.read_bytes(), dek.name, pool=pool)
    key = R(new)
    assert d.size == 51 and d.cards[key] == 2 and d.aliases == {key: [old, new]}
    problems = [str(p) for p in d.problems()]
    assert any("redemption.deck.copies" in p for p in problems) and not any("enforced" in p for p in problems)
    bundled = DECKS[letter]["cards"]  # the printed starter: 50 cards, that Lost Soul once, the rest as the file
    assert len(bundled) == 50 and list(bundled).count(key) == 1
    assert sorted(bundled) == sorted(k for k, n in {**d.cards, key: 1}.items() for _ in range(n))


@pytest.mark.parametrize("label", ["I", "J"])
def test_the_starter_i_and_j_decks_are_offered_and_played(label):
    from rules.agents import make_agent, play_match
    from rules.redemption import DECKS, new_game
    from rules.redemption.cards import PENDING, validate_deck

    assert label in DECKS and label not in PENDING and DECKS[label]["name"] == f"Starter {label}"
    keys = DECKS[label]["cards"]
    assert len(keys) == 50 and all(k in CARDS and CARDS[k].set for k in keys) and validate_deck(keys) == []
    other = "J" if label == "I" else "I"
    for seed in (5, 9):
        agents = [make_agent("redemption", "random", seed=seed), make_agent("redemption", "random", seed=seed + 1)]
        g = play_match(new_game(seed + 2, decks=(label, other), max_turns=30), agents)
        assert g.s.turn > 1
        round_trip(g)


def test_a_search_of_the_discard_pile_takes_back_an_enhancement_discarded_in_this_battle():
    bond, crucify, glean, naomi = R("Family Bond"), R("Crucify Him! (J)"), R("Gleaning the Fields (J)"), R("Naomi (J)")
    b = good_played(naomi, SOLDIERS, bond, mine={"hand": [glean]}, theirs={"hand": [crucify]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[crucify]} {b[SOLDIERS]} {b[bond]}")
    assert g.zone_of(b[bond]) == (0, "discard") and b[bond] in g.b.played  # negated and discarded: still listed
    to_player(g, 0)
    ok(g, f"enhance {b[glean]} {b[naomi]}")
    ok(g, f"choose {b[bond]}")
    assert g.zone_of(b[bond]) == (0, "hand") and b[bond] not in g.b.played  # the battle forgets it
    round_trip(g)
