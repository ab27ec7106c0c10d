"""The real C and D starter decks (sets 2E and 2ER, ``rules/redemption/real/starters_cd.toml``): card by card, a
hand-built position in the scenario format (``redemption.scenario``) in which the card's ability happens and its
outcome is asserted; and, where the player's card file is on the machine, each card's facts are the file's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rules.redemption.cards import CARDS, real_key
from tests.redemption_helpers import build, ok
from tests.test_real_g10 import _test_card, blocked, in_battle, pos, round_trip, to_player

FILE = Path(__file__).resolve().parent.parent / "rules/redemption/real/starters_cd.toml"
REAL = {k: c for k, c in CARDS.items() if c.set in ("2E", "2ER") and c.abilities}


def R(name: str, set_code: str = "2E") -> str:
    """The key of a 2E (or 2ER) printing."""
    return real_key(name, set_code)


def opts(g: Any, card: str, verb: str = "enhance") -> set[str]:
    """The targets the legal actions offer for a card (an enhancement's or a Dominant's last argument)."""
    n = 3 if verb == "enhance" else 2  # an enhancement's first two: itself and its character
    return {a.args[-1] for a in g.legal_actions() if a.verb == verb and a.args[0] == card and len(a.args) >= n}


# --- Dominants ------------------------------------------------------------------------------------------------------
def test_son_of_god_rescues_any_lost_soul_in_play():
    son = R("Son of God ( C)")
    b = pos({"hand": [son], "land_of_bondage": ["ls_wanderer"]}, {"land_of_bondage": ["ls_orphan"]})
    g = b.game
    assert opts(g, b[son], "dominant") == {b["ls_wanderer"], b["ls_orphan"]}
    ok(g, f"dominant {b[son]} {b['ls_orphan']}")
    assert g.zone_of(b["ls_orphan"]) == (0, "land_of_redemption") and g.score(0) == 1
    round_trip(g)


@pytest.mark.parametrize(
    "name, hit, spared",
    [("Angel of the Lord ( C)", "pilate", "gideon"), ("Christian Martyr ( C)", "gideon", "pilate")],
)
def test_angel_of_the_lord_and_christian_martyr_discard_a_character_of_their_type(name, hit, spared):
    dom = R(name)
    b = pos({"hand": [dom], "territory": ["gideon"]}, {"territory": ["pilate"]})
    g = b.game
    assert opts(g, b[dom], "dominant") == {b[hit]}
    ok(g, f"dominant {b[dom]} {b[hit]}")
    assert g.zone_of(b[hit])[1] == "discard" and g.zone_of(b[spared])[1] == "territory"
    round_trip(g)


def test_burial_discards_any_lost_soul_in_play():
    burial = R("Burial (D)")
    b = pos({"hand": [burial], "land_of_bondage": ["ls_wanderer"]}, {"land_of_bondage": ["ls_orphan"]})
    g = b.game
    assert opts(g, b[burial], "dominant") == {b["ls_wanderer"], b["ls_orphan"]}
    ok(g, f"dominant {b[burial]} {b['ls_orphan']}")
    assert g.zone_of(b["ls_orphan"]) == (1, "discard")


# --- sites and fortresses ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "site, hero, reaches",
    [
        ("Samaria (D)", "stephen", True),  # Green
        ("Samaria (D)", "gideon", False),
        ("Roman Prison", "gideon", True),  # Blue
        ("Roman Prison", "stephen", False),
    ],
)
def test_a_site_holds_a_lost_soul_only_a_hero_of_its_brigade_reaches(site, hero, reaches):
    s = R(site)
    b = pos(
        {"hand": [hero]},
        {"territory": [s], "in_site": ["ls_orphan"]},
        phase="battle",
        attached={"H2": "H1"},
    )
    g = b.game
    if not reaches:
        out = g.apply(f"rescue {b[hero]}")
        assert not out.ok and out.rule == "redemption.battle.rescue"
        return
    ok(g, f"rescue {b[hero]}")
    ok(g, "noblock")
    assert g.zone_of(b["ls_orphan"]) == (0, "land_of_redemption")


@pytest.mark.parametrize(
    "fort, inside, other",
    [("Goshen ( C)", "gideon", "pilate"), ("Kingdoms of the World (D)", "pilate", "gideon")],
)
def test_goshen_and_kingdoms_of_the_world_hold_three_characters_of_their_alignment_safe(fort, inside, other):
    f = R(fort, "2ER")
    b = pos({"territory": [f, "gideon", "pilate", "barak", "ehud", "herod", "barabbas"]}, {})
    g = b.game
    out = g.apply(f"fortress-in {b[other]} {b[f]}")
    assert not out.ok and out.rule == "redemption.prep.fortress-in"
    ok(g, f"fortress-in {b[inside]} {b[f]}")
    assert g.attached.get(b[inside]) == b[f] and CARDS[f].has("fortress").n == 3
    angel = R("Angel of the Lord ( C)") if inside == "pilate" else R("Christian Martyr ( C)")
    b = pos({"territory": [f, inside]}, {"hand": [angel]}, active=1, attached={inside: f})
    assert b[inside] not in opts(b.game, b[angel], "dominant")  # held in the fortress: safe from discard


# --- characters ---------------------------------------------------------------------------------------------------
def test_miriam_ignores_a_gold_evil_character():
    miriam = R("Miriam ( C)")
    b = blocked(miriam, "nebuchadnezzar")
    g = b.game
    assert g._is_ignored(b["nebuchadnezzar"]) and g.standing() == "hero_winning"
    ok(g, "pass")
    assert g.zone_of(b["ls_orphan"]) == (0, "land_of_redemption")


@pytest.mark.parametrize("ident", ["giant", "beast"])
def test_mighty_warrior_is_immune_to_giants_and_beasts(monkeypatch, ident):
    mw = R("Mighty Warrior ( C)")
    t = _test_card(monkeypatch, "t_big", type="evil_character", brigades=["Black"], strength=9, toughness=9)
    assert blocked(mw, t).game.standing() == "evil_winning"  # 9 defeats 6
    _test_card(
        monkeypatch, "t_big", type="evil_character", brigades=["Black"], strength=9, toughness=9, identifiers=[ident]
    )
    assert blocked(mw, t).game.standing() == "stalemate"  # its numbers cannot defeat an immune Hero


def test_bear_is_immune_to_the_red_brigade(monkeypatch):
    bear = R("Bear")
    red = _test_card(monkeypatch, "t_red", type="hero", alignment="good", brigades=["Red"], strength=9, toughness=9)
    blue = _test_card(monkeypatch, "t_blue", type="hero", alignment="good", brigades=["Blue"], strength=9, toughness=9)
    assert blocked(blue, bear).game.standing() == "hero_winning"  # 9 defeats 8
    assert blocked(red, bear).game.standing() == "stalemate"


def test_barnabas_is_immune_to_a_card_with_false_in_its_title():
    barnabas, teachers = R("Barnabas (D)"), R("False Teachers ( C)")
    assert blocked(barnabas, teachers).game.standing() == "stalemate"  # 6 would defeat his 4
    assert blocked("john", teachers).game.standing() == "evil_winning"


def test_jacob_may_band_to_a_silver_hero(monkeypatch):
    jacob = R("Jacob (D)")
    angel = _test_card(monkeypatch, "t_silver", type="hero", alignment="good", brigades=["Silver"], strength=3)
    b = pos({"hand": [jacob], "territory": [angel, "gideon"]}, {"land_of_bondage": ["ls_orphan"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b[jacob]}")
    d = g.s.pending
    assert d is not None and d.effect == "band" and d.options == [b[angel]]  # not Gideon (Blue)
    ok(g, f"choose {b[angel]}")
    assert set(g.battle_chars(0)) == {b[jacob], b[angel]}
    round_trip(g)


def test_silas_gives_every_new_testament_hero_in_play_one_one_this_battle():
    silas = R("Silas (D)")
    b = pos(
        {"hand": [silas], "territory": ["peter", "gideon"]},
        {"territory": ["james"], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
    )
    g = b.game
    ok(g, f"rescue {b[silas]}")
    assert g.char_numbers(b[silas]) == (6, 5) and g.char_numbers(b["peter"]) == (8, 6)
    assert g.char_numbers(b["james"]) == (7, 7)  # every N.T. Hero in play, an opponent's too
    assert g.char_numbers(b["gideon"]) == (7, 5)  # O.T.
    round_trip(g)
    g.s.turn += 1
    assert g.char_numbers(b["peter"]) == (7, 5)


def test_taskmaster_takes_two_two_from_every_old_testament_hero_until_the_end_of_the_turn():
    task = R("Taskmaster (D)")
    b = blocked("gideon", task, mine={"territory": ["peter", "barak"]})
    g = b.game
    assert g.char_numbers(b["gideon"]) == (5, 3) and g.char_numbers(b["barak"]) == (4, 4)
    assert g.char_numbers(b["peter"]) == (7, 5) and g.standing() == "evil_winning"  # 6 defeats 3; 5 not 6
    g.s.turn += 1
    assert g.char_numbers(b["gideon"]) == (7, 5)


# --- enhancements -----------------------------------------------------------------------------------------------------
def test_pillar_of_a_cloud_gives_first_strike(monkeypatch):
    cloud, demon = R("Pillar of a Cloud ( C)"), R("Strong Demon (G)", "10A")
    _test_card(monkeypatch, "t_hero", type="hero", alignment="good", brigades=["Blue"], strength=9, toughness=3)
    b = in_battle("t_hero", demon, [], mine={"hand": [cloud]})
    g = b.game
    ok(g, f"enhance {b[cloud]} {b['t_hero']}")  # 11/5 against 9/10: both would be defeated
    assert g.char_numbers(b["t_hero"]) == (11, 5) and g.standing() == "hero_winning"


def test_ancient_evil_discards_a_hero_in_a_territory():
    evil = R("Ancient Evil (D)")
    b = blocked("gideon", "herod", mine={"territory": ["deborah"]}, theirs={"hand": [evil]})
    g = b.game
    to_player(g, 1)
    assert opts(g, b[evil]) == {b["deborah"]}
    ok(g, f"enhance {b[evil]} {b['herod']} {b['deborah']}")
    assert g.zone_of(b["deborah"]) == (0, "discard") and g.char_numbers(b["herod"]) == (10, 9)


@pytest.mark.parametrize(
    "name, ec, brigade",
    [
        ("Cruelty ( C)", R("Ahab ( C)"), "White"),
        ("Cruelty ( C)", R("Ahab ( C)"), "Silver"),
        ("Bow and Arrow (Gray) ( C)", "caiaphas", "Silver"),
    ],
)
def test_cruelty_and_bow_and_arrow_make_their_evil_character_immune_to_a_brigade(monkeypatch, name, ec, brigade):
    e = R(name)
    hero = _test_card(
        monkeypatch, "t_hero", type="hero", alignment="good", brigades=[brigade], strength=12, toughness=12
    )
    b = in_battle(hero, ec, [], theirs={"hand": [e]})
    g = b.game
    assert g.standing() == "hero_winning" and g.current_player == 1
    ok(g, f"enhance {b[e]} {b[ec]}")
    assert g.standing() == "stalemate"  # 12 would defeat it, but not an immune character
    round_trip(g)


@pytest.mark.parametrize(
    "name, ec", [("Submissiveness of Mary (D)", R("Ahab ( C)")), ("Devotion of Ruth (B)", "caiaphas")]
)
def test_submissiveness_of_mary_and_devotion_of_ruth_ignore_a_brigade(monkeypatch, name, ec):
    e = R(name)
    hero = _test_card(monkeypatch, "t_white", type="hero", alignment="good", brigades=["White"], strength=1)
    b = in_battle(hero, ec, [], mine={"hand": [e]})
    g = b.game
    g.b.last_actor = 1
    assert g.standing() == "evil_winning" and g.current_player == 0
    ok(g, f"enhance {b[e]} {b[hero]}")
    assert g._is_ignored(b[ec]) and g.standing() == "hero_winning"


def test_banner_of_truth_gives_all_your_heroes_two_two_until_the_end_of_the_turn(monkeypatch):
    banner = R("Banner of Truth (D)")
    hero = _test_card(monkeypatch, "t_white", type="hero", alignment="good", brigades=["White"], strength=1)
    b = in_battle(hero, "herod", [], mine={"hand": [banner], "territory": ["gideon"]}, theirs={"territory": ["ehud"]})
    g = b.game
    g.b.last_actor = 1
    ok(g, f"enhance {b[banner]} {b[hero]}")
    assert g.char_numbers(b[hero]) == (5, 4) and g.char_numbers(b["gideon"]) == (9, 7)  # 1/0, its 2/2, 2/2
    assert g.char_numbers(b["ehud"]) == (6, 4)  # not an opponent's
    g.s.turn += 1
    assert g.char_numbers(b["gideon"]) == (7, 5)


def test_evil_armor_gives_all_your_evil_characters_two_three_this_battle():
    armor = R("Evil Armor (D)")
    b = in_battle("gideon", "nebuchadnezzar", [], theirs={"hand": [armor], "territory": ["pilate"]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[armor]} {b['nebuchadnezzar']}")
    assert g.char_numbers(b["nebuchadnezzar"]) == (10, 13) and g.char_numbers(b["pilate"]) == (7, 8)
    round_trip(g)


def test_burning_censer_takes_four_four_from_every_evil_character_in_play():
    censer, mw = R("Burning Censer ( C)"), R("Mighty Warrior ( C)")
    b = in_battle(mw, "herod", [], mine={"hand": [censer]}, theirs={"territory": ["pilate"]})
    g = b.game
    g.b.last_actor = 1
    ok(g, f"enhance {b[censer]} {b[mw]}")
    assert g.char_numbers(b["herod"]) == (4, 2) and g.char_numbers(b["pilate"]) == (1, 1)
    assert g.char_numbers(b[mw]) == (9, 8) and g.standing() == "hero_winning"


def test_chains_returns_a_hero_in_play_to_its_owners_hand():
    chains = R("Chains ( C)")
    b = in_battle("gideon", "caiaphas", [], mine={"territory": ["deborah"]}, theirs={"hand": [chains]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[chains]} {b['caiaphas']}")
    d = g.s.pending
    assert d is not None and set(d.options) == {b["gideon"], b["deborah"]}
    ok(g, f"choose {b['deborah']}")
    assert g.zone_of(b["deborah"]) == (0, "hand")
    round_trip(g)


@pytest.mark.parametrize("name, brigade", [("Power of the Cross ( C)", "Red"), ("Baptism", "Blue")])
def test_power_of_the_cross_and_baptism_convert_a_human_evil_character_to_a_hero(monkeypatch, name, brigade):
    e = R(name)
    hero = _test_card(monkeypatch, "t_hero", type="hero", alignment="good", brigades=[brigade], strength=1)
    demon = R("Strong Demon (G)", "10A")
    b = in_battle(hero, "herod", [], mine={"hand": [e]}, theirs={"territory": ["pilate", demon]})
    g = b.game
    g.b.last_actor = 1
    ok(g, f"enhance {b[e]} {b[hero]}")
    d = g.s.pending
    assert d is not None and set(d.options) == {b["herod"], b["pilate"]}  # human ones, not the demon
    ok(g, f"choose {b['herod']}")
    c = g.cd[b["herod"]]
    assert (c.type, c.brigades) == ("hero", (brigade,)) and g.zone_of(b["herod"]) == (1, "territory")
    round_trip(g)


def test_net_captures_a_hero_in_play_into_its_land_of_bondage():
    net = R("Net (D)")
    b = in_battle("gideon", "herod", [], mine={"territory": ["deborah"]}, theirs={"hand": [net]})
    g = b.game
    to_player(g, 1)
    assert opts(g, b[net]) == {b["gideon"], b["deborah"]}
    ok(g, f"enhance {b[net]} {b['herod']} {b['deborah']}")
    assert g.zone_of(b["deborah"]) == (1, "land_of_bondage") and g.owner(b["deborah"]) == 0
    round_trip(g)


def test_lambs_righteousness_returns_every_captured_hero_to_its_owners_territory(monkeypatch):
    lamb = R("Lamb's Righteousness (D)")
    hero = _test_card(monkeypatch, "t_white", type="hero", alignment="good", brigades=["White"], strength=1)
    b = build(
        {"field_of_battle": [hero], "hand": [lamb]},
        {"field_of_battle": ["herod"], "land_of_bondage": ["ls_orphan", ("deborah", 0)], "captured": [("barak", 0)]},
        phase="battle",
        battle={"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 1},
        flags={"battled": True},
    )
    g = b.game
    ok(g, f"enhance {b[lamb]} {b[hero]}")
    assert g.zone_of(b["deborah"]) == (0, "territory") and g.zone_of(b["barak"]) == (0, "territory")
    assert g.zone_of(b["ls_orphan"]) == (1, "land_of_bondage")
    round_trip(g)


def test_search_takes_any_card_of_the_draw_pile_into_the_hand():
    search = R("Search ( C)")
    b = in_battle("stephen", "herod", [], mine={"hand": [search], "deck": ["jar_of_oil", "barak", "ls_wanderer"]})
    g = b.game
    g.b.last_actor = 1
    ok(g, f"enhance {b[search]} {b['stephen']}")
    d = g.s.pending
    assert d is not None and set(d.options) == {b["jar_of_oil"], b["barak"]}  # any card but a Lost Soul
    ok(g, f"choose {b['jar_of_oil']}")
    assert g.zone_of(b["jar_of_oil"]) == (0, "hand")


@pytest.mark.parametrize("name, set_code", [("Sound the Alarm ( C)", "2E"), ("Sound the Alarm (CU)", "2ER")])
def test_sound_the_alarm_bands_another_hero_into_battle(name, set_code):
    alarm, mw = R(name, set_code), R("Mighty Warrior ( C)")
    b = in_battle(mw, "herod", [], mine={"hand": [alarm], "territory": ["gideon"]})
    g = b.game
    g.b.last_actor = 1
    ok(g, f"enhance {b[alarm]} {b[mw]} {b['gideon']}")
    assert set(g.battle_chars(0)) == {b[mw], b["gideon"]}


def test_foreign_enemy_bands_a_second_evil_character_into_battle():
    enemy = R("Foreign Enemy")
    b = in_battle("gideon", "caiaphas", [], theirs={"hand": [enemy], "territory": ["pilate"]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[enemy]} {b['caiaphas']} {b['pilate']}")
    assert set(g.battle_chars(1)) == {b["caiaphas"], b["pilate"]}


def test_aarons_rod_discards_every_evil_enhancement_in_battle_and_cannot_be_negated():
    from rules.redemption import continuous

    rod, guard = R("Aaron's Rod (C)"), R("Temple Guard", "10A")
    first, last = R("Ancient Evil (G)", "10A"), R("Lying Unto God", "10A")
    b = in_battle("stephen", guard, [first, last], mine={"hand": [rod]})
    g = b.game  # Stephen 5/7 (Green) against the Guard 9/13
    ok(g, f"enhance {b[rod]} {b['stephen']}")
    assert g.zone_of(b[first]) == (1, "discard") and g.zone_of(b[last]) == (1, "discard")
    assert g.char_numbers(b[guard]) == (5, 7) and g.standing() == "stalemate"
    assert not continuous.stoppable(g, b[rod], "negate")
    round_trip(g)


@pytest.mark.parametrize("up", [True, False])
def test_kings_sword_face_up_negates_every_characters_immunity(up):
    sword, bear = R("King's Sword ( C)"), R("Bear")
    b = pos(
        {"hand": [R("Mighty Warrior ( C)")], "artifact_pile": [sword]},
        {"hand": [bear], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        **({"face_up": [sword]} if up else {}),
    )
    g = b.game
    mw = b[R("Mighty Warrior ( C)")]
    ok(g, f"rescue {mw}")
    ok(g, f"block {b[bear]}")  # Mighty Warrior 7/6 (Red) against the Bear 7/8: immune to each other
    assert g.standing() == ("evil_winning" if up else "stalemate")


# --- poisons and heals --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["Boils ( C)", "Poison of Dragons ( C)", "Poison (D)"])
def test_a_poison_takes_zero_two_from_its_hero_each_turn_and_discards_it_at_toughness_zero(name):
    from rules.redemption import effects

    poison = R(name)
    ec = {"Boils ( C)": R("Ahab ( C)"), "Poison of Dragons ( C)": "caiaphas", "Poison (D)": "herod"}[name]
    b = in_battle("gideon", ec, [], mine={"territory": ["deborah"]}, theirs={"hand": [poison]})
    g = b.game
    to_player(g, 1)
    assert opts(g, b[poison]) == {b["gideon"], b["deborah"]}  # any Hero in play
    ok(g, f"enhance {b[poison]} {b[ec]} {b['deborah']}")
    assert effects.poison_sources(g, b["deborah"]) == [b[poison]] and g.char_numbers(b["deborah"]) == (5, 7)
    round_trip(g)
    for left in (5, 3, 1):  # Deborah 5/7: 0/2 a turn
        events: list[Any] = []
        assert effects.poison_tick(g, events) and g.char_numbers(b["deborah"]) == (5, left)
    assert g.zone_of(b["deborah"]) == (0, "territory")
    effects.poison_tick(g, [])
    assert g.zone_of(b["deborah"]) == (0, "discard") and not g.s.mods  # out of play: cured with the rest


def test_a_poison_ticks_in_each_turns_upkeep():
    poison = R("Poison (D)")
    b = in_battle("gideon", "herod", [], mine={"territory": ["deborah"]}, theirs={"hand": [poison]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[poison]} {b['herod']} {b['deborah']}")
    before = g.s.turn
    g._upkeep([])
    assert g.char_numbers(b["deborah"]) == (5, 5) and g.s.turn == before


@pytest.mark.parametrize(
    "name, set_code, hero",
    [("Ointment ( C)", "2E", "stephen"), ("Angel Food (D)", "2E", "t_white"), ("Balm of Gilead (DU)", "2ER", "gideon")],
)
def test_a_heal_ends_a_heros_poison_and_its_decreases(monkeypatch, name, set_code, hero):
    from rules.redemption import effects

    heal, poison = R(name, set_code), R("Poison (D)")
    _test_card(monkeypatch, "t_white", type="hero", alignment="good", brigades=["White"], strength=1, toughness=1)
    b = in_battle(
        hero, "herod", [], mine={"hand": [heal], "territory": ["deborah", "barak"]}, theirs={"discard": [poison]}
    )
    g = b.game
    g.s.mods.append((b["barak"], 0, -2, 0, b["herod"]))  # a decrease that is not a poison's: not healable
    g.b.last_actor = 1
    assert opts(g, b[heal]) == set()
    g.s.mods += [(b["deborah"], 0, 0, 0, b[poison]), (b["deborah"], 0, -2, 0, b[poison])]
    g.s.mods.append((b["deborah"], 1, 1, 0, b["herod"]))  # an increase stays
    g.b.last_actor = 1
    assert opts(g, b[heal]) == {b["deborah"]}  # the poisoned Hero only
    ok(g, f"enhance {b[heal]} {b[hero]} {b['deborah']}")
    assert not effects.poison_sources(g, b["deborah"]) and g.char_numbers(b["deborah"]) == (6, 8)
    round_trip(g)


def test_balm_of_gilead_heals_only_a_blue_hero():
    balm, poison = R("Balm of Gilead (DU)", "2ER"), R("Poison (D)")
    b = in_battle("gideon", "herod", [], mine={"hand": [balm], "territory": ["stephen"]}, theirs={"discard": [poison]})
    g = b.game
    g.s.mods.append((b["stephen"], 0, 0, 0, b[poison]))  # Stephen is Green
    g.b.last_actor = 1
    assert opts(g, b[balm]) == set()


def test_the_body_of_christ_heals_a_hero_and_gives_its_hero_three_three():
    from rules.redemption import effects

    body, poison = R("The Body of Christ (D)"), R("Poison (D)")
    b = in_battle("gideon", "herod", [], mine={"hand": [body], "territory": ["deborah"]}, theirs={"discard": [poison]})
    g = b.game
    g.s.mods += [(b["deborah"], 0, 0, 0, b[poison]), (b["deborah"], 0, -4, 0, b[poison])]
    g.b.last_actor = 1
    ok(g, f"enhance {b[body]} {b['gideon']} {b['deborah']}")
    assert not effects.poison_sources(g, b["deborah"]) and g.char_numbers(b["deborah"]) == (5, 7)
    assert g.char_numbers(b["gideon"]) == (12, 9)  # 7/5, its 2/1 and 3/3


def test_steadfastness_of_peter_makes_its_hero_immune_to_a_poison_and_a_disease(monkeypatch):
    from rules.redemption import effects

    steady = R("Steadfastness of Peter ( C)")
    hero = _test_card(monkeypatch, "t_red", type="hero", alignment="good", brigades=["Red"], strength=6, toughness=4)
    for name, ec in (("Poison (D)", "herod"), ("Boils ( C)", R("Ahab ( C)"))):  # 8/6 against 8/6 or 6/6: both lose
        poison = R(name)
        b = in_battle(hero, ec, [], mine={"hand": [steady]}, theirs={"hand": [poison]})
        g = b.game
        g.b.last_actor = 1
        ok(g, f"enhance {b[steady]} {b[hero]}")
        assert g.current_player == 1  # both defeated: the side that did not play last may play
        ok(g, f"enhance {b[poison]} {b[ec]} {b[hero]}")
        assert not effects.poison_sources(g, b[hero]) and g.zone_of(b[poison]) == (1, "field_of_battle")


# --- set aside until returned, gaining 1/1 a turn (redemption.effect.set_aside_gain) -----------------------------------
@pytest.mark.parametrize("name, side", [("Patience ( C)", 0), ("Molech Worship ( C)", 1)])
def test_patience_and_molech_worship_set_their_character_aside_to_gain_one_one_a_turn(name, side):
    e = R(name)
    char = "stephen" if side == 0 else "caiaphas"  # Green 5/7; Gray 6/7
    if side == 0:
        b = in_battle(char, "herod", [], mine={"hand": [e]})
        g = b.game
        g.b.last_actor = 1
    else:
        b = in_battle("gideon", char, [], theirs={"hand": [e]})
        g = b.game
        to_player(g, 1)
    turn = g.s.turn
    ok(g, f"enhance {b[e]} {b[char]}")
    assert g.zone_of(b[char]) == (side, "set_aside") and g.attached[b[e]] == b[char]
    assert g.s.aside[b[char]] == (-turn, 1, 1, b[e])
    round_trip(g)
    s, t = g.char_numbers(b[char])
    g.b = type(g.b)()  # the battle is over; two of its player's turns later, in Preparation
    g.s.turn, g.s.phase, g.s.active = turn + 4, "prep", side
    ok(g, f"return {b[char]}")
    assert g.zone_of(b[char]) == (side, "territory") and g.zone_of(b[e]) == (side, "discard")
    assert g.char_numbers(b[char]) == (s + 2, t + 2)


def test_obedience_of_noah_chooses_the_evil_character_that_blocks():
    noah = R("Obedience of Noah (D)")
    b = blocked("deborah", "herod", mine={"hand": [noah]}, theirs={"territory": ["pilate", "nebuchadnezzar"]})
    g = b.game  # Deborah 5/7 (Blue) against Herod 8/6: losing
    to_player(g, 0)
    assert opts(g, b[noah]) == {b["pilate"], b["nebuchadnezzar"]}  # the opponent's Evil Characters in territory
    ok(g, f"enhance {b[noah]} {b['deborah']} {b['pilate']}")
    assert g.zone_of(b["herod"]) == (1, "territory") and g.battle_chars(1) == [b["pilate"]]
    assert g.char_numbers(b["deborah"]) == (8, 9) and g.standing() == "hero_winning"  # 8 defeats Pilate's 5/5
    round_trip(g)


@pytest.mark.parametrize("up", [True, False])
def test_priestly_breastplate_face_up_prevents_every_ignore(monkeypatch, up):
    plate, miriam, mary = R("Priestly Breastplate ( C)"), R("Miriam ( C)"), R("Submissiveness of Mary (D)")
    face = {"face_up": [plate]} if up else {}
    b = pos(
        {"hand": [miriam]},
        {"territory": ["nebuchadnezzar"], "land_of_bondage": ["ls_orphan"], "artifact_pile": [plate]},
        **face,
    )
    g = b.game
    g.s.phase = "battle"
    ok(g, f"rescue {b[miriam]}")
    assert (b["nebuchadnezzar"] in opts_block(g)) == up  # not kept out of the battle while prevented
    hero = _test_card(monkeypatch, "t_white", type="hero", alignment="good", brigades=["White"], strength=1)
    b = in_battle(hero, R("Ahab ( C)"), [], mine={"hand": [mary]}, theirs={"artifact_pile": [plate]})
    g = b.game
    if up:
        g.face_up.add(b[plate])
    g.b.last_actor = 1
    ok(g, f"enhance {b[mary]} {b[hero]}")
    assert g._is_ignored(b[R("Ahab ( C)")]) != up
    assert g.standing() == ("evil_winning" if up else "hero_winning")


def opts_block(g: Any) -> set[str]:
    return {a.args[0] for a in g.legal_actions() if a.verb == "block"}


@pytest.mark.parametrize(
    "name, set_code, up",
    [("Holy of Holies (D)", "2E", True), ("Holy of Holies (D)", "2E", False), ("Holy of Holies (DU)", "2ER", True)],
)
def test_holy_of_holies_face_up_prevents_a_characters_prevent_ability(name, set_code, up):
    from rules.redemption import continuous

    holy = R(name, set_code)
    chariots, cast, demon = (R(n, "10A") for n in ("Egyptian Charioteers", "Cast out Demons", "Strong Demon (G)"))
    b = pos(
        {"hand": ["peter", cast], "artifact_pile": [holy]},
        {"hand": [chariots], "territory": [demon], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        **({"face_up": [holy]} if up else {}),
    )
    g = b.game
    ok(g, f"rescue {b['peter']}")
    ok(g, f"block {b[chariots]}")
    assert bool(g.b.marks) != up  # the Charioteers' prevent did not activate
    to_player(g, 0)
    ok(g, f"enhance {b[cast]} {b['peter']} {b[demon]}")
    assert g.zone_of(b[demon]) == ((1, "discard") if up else (1, "territory"))
    assert continuous.stoppable(g, b[holy], "negate") == (set_code == "2E")
    round_trip(g)


@pytest.mark.parametrize("first", [True, False])
def test_evil_spawn_discards_the_top_card_of_a_draw_pile_its_player_chooses(first):
    spawn = R("Evil Spawn (D)")
    b = blocked("peter", spawn, mine={"deck": ["barak", "esther"]}, theirs={"deck": ["pilate", "herod"]})
    g = b.game
    d = g.s.pending
    assert d is not None and d.effect == "choose_one" and d.chooser == 1
    round_trip(g)
    ok(g, f"choose {b[spawn]}" if first else "choose")
    if first:
        assert g.z[0]["discard"] == [b["barak"]] and g.z[1]["deck"][0] == b["pilate"]
    else:
        assert g.z[1]["discard"] == [b["pilate"]] and g.z[0]["deck"][0] == b["barak"]


def test_swift_horses_draw_three_and_play_a_gold_enhancement_from_the_hand_at_once():
    horses, armor = R("Swift Horses (D)"), R("Evil Armor (D)")
    b = in_battle(
        "gideon",
        "nebuchadnezzar",
        [],
        theirs={"hand": [horses, armor, "goliaths_taunt"], "deck": ["pilate", "herod", "belshazzar", "eglon"]},
    )
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[horses]} {b['nebuchadnezzar']}")
    assert {b["pilate"], b["herod"], b["belshazzar"]} <= set(g.z[1]["hand"]) and g.z[1]["deck"] == [b["eglon"]]
    d = g.s.pending
    assert d is not None and d.chooser == 1 and d.options == [b[armor]]  # Gold only: not the Crimson Taunt
    round_trip(g)
    ok(g, f"choose {b[armor]}")
    assert g.zone_of(b[armor]) == (1, "field_of_battle") and b[armor] in g.b.played
    assert g.char_numbers(b["nebuchadnezzar"]) == (12, 16)  # 6/7, 2/3 and 2/3 played, Evil Armor's 2/3 for all
    assert g.char_numbers(b["pilate"]) == (5, 5)  # in the hand, not in play


def test_balm_of_gilead_heals_a_blue_hero_discarded_this_turn_in_the_discard_phase():
    balm = R("Balm of Gilead (D)")
    b = blocked(
        "gideon",
        R("Strong Demon (G)", "10A"),
        mine={"hand": [balm, "daniel"], "territory": ["deborah"], "deck": ["ezra", "esther"]},
        theirs={"land_of_bondage": ["ls_orphan", "ls_widow"], "deck": ["pilate", "annas"]},
    )
    g = b.game  # Gideon 7/5 against the Strong Demon 9/10: Gideon is defeated
    while g.b.kind:
        ok(g, "pass")
    assert g.zone_of(b["gideon"]) == (0, "discard")
    if g.phase != "discard":
        ok(g, "end")
    assert [tuple(a.args) for a in g.legal_actions() if a.verb == "enhance"] == [(b[balm], b["gideon"])]
    ok(g, f"enhance {b[balm]} {b['gideon']}")
    assert g.zone_of(b["gideon"]) == (0, "territory") and g.zone_of(b[balm]) == (0, "discard")
    round_trip(g)


@pytest.mark.parametrize("name, hero", [("Hate (D)", "t_green"), ("Sinful Army", "gideon")])
def test_hate_and_sinful_army_make_their_evil_character_ignore_a_brigade(monkeypatch, name, hero):
    _test_card(monkeypatch, "t_green", type="hero", alignment="good", brigades=["Green"], strength=9, toughness=9)
    e = R(name)
    ec = "herod" if name == "Hate (D)" else R("Ahab ( C)")  # Black 8/6; Brown 6/6
    b = in_battle(hero, ec, [], theirs={"hand": [e]}, mine={"territory": ["daniel"]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[e]} {b[ec]}")
    assert g._is_ignored(b[hero]) and g.standing() == "evil_winning"
    assert g._kept_out(b["daniel"]) is False  # a Gold Hero is not ignored


# --- Job's Wife: every other ability in battle negated, the numbers decide -------------------------------------------
def test_job_s_wife_negates_an_enhancements_ability_but_its_numbers_count(monkeypatch):
    wife, cloud = R("Job's Wife ( C)"), R("Pillar of a Cloud ( C)")
    _test_card(monkeypatch, "t_hero", type="hero", alignment="good", brigades=["Blue"], strength=9, toughness=3)
    b = in_battle("t_hero", wife, [], mine={"hand": [cloud]})
    g = b.game
    g.b.last_actor = 1
    ok(g, f"enhance {b[cloud]} {b['t_hero']}")  # 11/5 against 6/7: both would be defeated
    assert g.char_numbers(b["t_hero"]) == (11, 5)
    assert g.standing() != "hero_winning"  # no first strike: the Pillar's ability is negated
    g.b.negated.append(b[wife])  # with Job's Wife negated, the first strike counts
    assert g.standing() == "hero_winning"


def test_job_s_wife_negates_a_characters_own_lasting_ability(monkeypatch):
    wife = R("Job's Wife ( C)")
    _test_card(
        monkeypatch,
        "t_immune",
        type="hero",
        alignment="good",
        brigades=["Blue"],
        strength=5,
        toughness=5,
        abilities=[{"trigger": "while_in_play", "effects": [{"verb": "immune", "select": {"brigade": "Gray"}}]}],
    )
    assert blocked("t_immune", "caiaphas").game.standing() == "stalemate"  # Gray 6/7: immune to it
    assert blocked("t_immune", wife).game.standing() == "evil_winning"  # the numbers decide: 6 defeats 5


def test_job_s_wife_negates_a_band_played_in_her_battle():
    wife, enemy = R("Job's Wife ( C)"), R("Foreign Enemy")
    b = in_battle("gideon", wife, [], theirs={"hand": [enemy], "territory": ["pilate"]})
    g = b.game  # Gideon 7/5 against Job's Wife 6/7: both defeated
    to_player(g, 1)
    ok(g, f"enhance {b[enemy]} {b[wife]} {b['pilate']}")
    assert g.zone_of(b["pilate"]) == (1, "territory") and g.battle_chars(1) == [b[wife]]


# --- the four decks, offered once every card is enforced ----------------------------------------------------------
@pytest.mark.parametrize("label", ["C1", "C2", "D1", "D2"])
def test_the_c_and_d_starter_decks_are_offered_and_played(label):
    from rules.agents import make_agent, play_match
    from rules.redemption import DECKS, new_game
    from rules.redemption.cards import PENDING

    assert label in DECKS and label not in PENDING
    keys = DECKS[label]["cards"]
    assert len(keys) == 50 and all(k in CARDS for k in keys)
    other = {"C1": "D1", "C2": "D2", "D1": "C1", "D2": "C2"}[label]
    agents = [make_agent("redemption", "random", seed=5), make_agent("redemption", "random", seed=6)]
    g = play_match(new_game(7, decks=(label, other), max_turns=30), agents)
    assert g.s.turn > 1
    round_trip(g)
