"""The real Starter E and Starter F decks (set 3E, ``rules/redemption/real/starters_ef.toml``): card by card, a
hand-built position in the scenario format (``redemption.scenario``) in which the card's ability happens and its
outcome is asserted; and, where the player's card file is on the machine, each card's facts are the file's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rules.redemption.cards import CARDS, real_key
from tests.redemption_helpers import ok
from tests.test_real_g10 import _test_card, blocked, in_battle, pos, round_trip, to_player

FILE = Path(__file__).resolve().parent.parent / "rules" / "redemption" / "real" / "starters_ef.toml"


def _keys() -> list[str]:
    import tomllib

    return [real_key(d["name"], d["set"]) for d in tomllib.loads(FILE.read_text(encoding="utf-8"))["card"]]


KEYS = _keys()


def E(name: str) -> str:
    """The key of a 3E printing scripted in starters_ef.toml."""
    key = real_key(name, "3E")
    assert key in KEYS, key
    return key


def opts(g: Any, card: str, verb: str = "enhance") -> set[str]:
    """The targets the legal actions offer for a card (an enhancement's or a Dominant's last argument)."""
    n = 3 if verb == "enhance" else 2
    return {a.args[-1] for a in g.legal_actions() if a.verb == verb and a.args[0] == card and len(a.args) >= n}


def pending(g: Any) -> Any:
    d = g.s.pending
    assert d is not None
    return d


# --- Dominants --------------------------------------------------------------------------------------------------------
def test_son_of_god_greek_rescues_any_lost_soul_in_play():
    son = E("Son of God (Greek)")
    b = pos({"hand": [son], "land_of_bondage": ["ls_wanderer"]}, {"land_of_bondage": ["ls_orphan"]})
    g = b.game
    assert opts(g, b[son], "dominant") == {b["ls_wanderer"], b["ls_orphan"]}
    ok(g, f"dominant {b[son]} {b['ls_orphan']}")
    assert g.zone_of(b["ls_orphan"]) == (0, "land_of_redemption") and g.score(0) == 1
    round_trip(g)


@pytest.mark.parametrize(
    "name, hit, spared",
    [("Angel of the Lord (E)", "pilate", "gideon"), ("Christian Martyr (E)", "gideon", "pilate")],
)
def test_angel_of_the_lord_and_christian_martyr_e_discard_a_character_of_their_type(name, hit, spared):
    dom = E(name)
    b = pos({"hand": [dom], "territory": ["gideon"]}, {"territory": ["pilate"]})
    g = b.game
    assert opts(g, b[dom], "dominant") == {b[hit]}
    ok(g, f"dominant {b[dom]} {b[hit]}")
    assert g.zone_of(b[hit])[1] == "discard" and g.zone_of(b[spared])[1] == "territory"
    round_trip(g)


def test_tree_of_knowledge_holds_a_lost_soul_only_a_gold_hero_reaches():
    tree = E("Tree of Knowledge")
    b = pos(
        {"territory": ["daniel", "barak"]},
        {"territory": [tree], "in_site": ["ls_orphan"]},
        attached={"ls_orphan": tree},
    )
    g = b.game
    assert g.can_reach(b["daniel"], b["ls_orphan"]) and not g.can_reach(b["barak"], b["ls_orphan"])


# --- characters -------------------------------------------------------------------------------------------------------
def test_foul_spirit_negates_the_abilities_of_the_characters_in_play_as_it_blocks(monkeypatch):
    spirit = E("Foul Spirit (E)")
    immune = [{"trigger": "while_in_play", "effects": [{"verb": "immune", "select": {"brigade": "Brown"}}]}]
    hero = _test_card(
        monkeypatch,
        "t_hero",
        type="hero",
        alignment="good",
        brigades=["Blue"],
        strength=5,
        toughness=5,
        abilities=immune,
    )
    plain = blocked(hero, R10("Strong Demon (G)"))
    assert plain.game.standing() == "evil_winning"  # the demon is not Brown: 9 defeats 5
    b = blocked(hero, spirit, mine={"territory": ["deborah"]})
    g = b.game
    assert b[hero] in g.b.negated and b["deborah"] in g.b.negated and b[spirit] not in g.b.negated
    assert g.standing() == "evil_winning"  # its immunity to Brown negated: 6 defeats 5
    round_trip(g)


def R10(name: str) -> str:
    return real_key(name, "10A")


def test_unclean_spirit_may_band_to_a_human_evil_character():
    spirit, demon = E("Unclean Spirit (E)"), R10("Strong Demon (G)")
    b = pos({"hand": ["gideon"]}, {"hand": [spirit], "territory": ["herod", demon], "land_of_bondage": ["ls_orphan"]})
    g = b.game
    g.s.phase = "battle"
    ok(g, f"rescue {b['gideon']}")
    ok(g, f"block {b[spirit]}")
    d = pending(g)
    assert d.effect == "band" and d.options == [b["herod"]]  # human, not the demon
    ok(g, f"choose {b['herod']}")
    assert set(g.battle_chars(1)) == {b[spirit], b["herod"]}
    round_trip(g)


def test_herodian_may_band_to_an_evil_character_with_herod_in_its_title():
    herodian = E("Herodian")
    b = pos(
        {"hand": ["gideon"]}, {"hand": [herodian], "territory": ["herod", "pilate"], "land_of_bondage": ["ls_orphan"]}
    )
    g = b.game
    g.s.phase = "battle"
    ok(g, f"rescue {b['gideon']}")
    ok(g, f"block {b[herodian]}")
    d = pending(g)
    assert d.effect == "band" and d.options == [b["herod"]]
    ok(g, f"choose {b['herod']}")
    assert set(g.battle_chars(1)) == {b[herodian], b["herod"]}


def test_tribal_elder_may_band_to_an_old_testament_human_hero():
    elder = E("Tribal Elder")
    b = pos({"hand": [elder], "territory": ["peter", "barak"]}, {"land_of_bondage": ["ls_orphan"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b[elder]}")
    d = pending(g)
    assert d.effect == "band" and d.options == [b["barak"]]  # not Peter (N.T.)
    ok(g, f"choose {b['barak']}")
    assert set(g.battle_chars(0)) == {b[elder], b["barak"]}
    round_trip(g)


@pytest.mark.parametrize("draw", [True, False])
def test_servant_angel_may_draw_a_card_as_it_enters_battle(draw):
    angel = E("Servant Angel")
    b = pos({"hand": [angel], "deck": ["esther"]}, {"land_of_bondage": ["ls_orphan"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b[angel]}")
    assert pending(g).effect == "may_draw"
    ok(g, f"choose {b[angel]}" if draw else "choose")
    assert g.zone_of(b["esther"]) == (0, "hand" if draw else "deck")
    round_trip(g)


# --- enhancements -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["Fountains of Living Water", "Jacob's Grandsons"])
def test_a_holder_may_draw_enhancement_draws_a_card(name):
    e = E(name)
    b = in_battle("gideon", "herod", [], mine={"hand": [e], "deck": ["esther"]})
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    assert pending(g).effect == "may_draw"
    ok(g, f"choose {b[e]}")
    assert g.zone_of(b["esther"]) == (0, "hand")
    round_trip(g)


def test_going_to_their_deaths_discards_a_hero_in_a_territory():
    e = E("Going to their Deaths")
    b = blocked("gideon", "goliath", mine={"territory": ["deborah"]}, theirs={"hand": [e]})
    g = b.game
    to_player(g, 1)
    assert opts(g, b[e]) == {b["deborah"]}  # in a territory, not the one in battle
    ok(g, f"enhance {b[e]} {b['goliath']} {b['deborah']}")
    assert g.zone_of(b["deborah"]) == (0, "discard") and g.char_numbers(b["goliath"]) == (12, 6)
    round_trip(g)


def test_coliseum_lions_discard_a_hero_in_battle():
    e = E("Coliseum Lions (E)")
    b = blocked("gideon", "goliath", mine={"territory": ["deborah"]}, theirs={"hand": [e]})
    g = b.game
    to_player(g, 1)
    assert opts(g, b[e]) == {b["gideon"]}  # in battle, not the one in territory
    ok(g, f"enhance {b[e]} {b['goliath']} {b['gideon']}")
    assert g.zone_of(b["gideon"]) == (0, "discard") and g.zone_of(b["deborah"]) == (0, "territory")
    round_trip(g)


def test_peters_lie_returns_a_red_hero_in_battle_to_its_territory(monkeypatch):
    e = E("Peter's Lie")
    red = _test_card(monkeypatch, "t_red", type="hero", alignment="good", brigades=["Red"], strength=9, toughness=9)
    b = in_battle(red, "goliath", [], theirs={"hand": [e]})
    g = b.game
    to_player(g, 1)
    assert opts(g, b[e]) == {b[red]}
    ok(g, f"enhance {b[e]} {b['goliath']} {b[red]}")
    assert g.zone_of(b[red]) == (0, "territory") and not g.battle_chars(0)
    blue = in_battle("gideon", "goliath", [], theirs={"hand": [e]})
    to_player(blue.game, 1)
    assert opts(blue.game, blue[e]) == set()  # Gideon is Blue


def test_fruitless_tree_removes_a_hero_in_a_territory_from_the_game(monkeypatch):
    e = E("Fruitless Tree")
    brown = _test_card(monkeypatch, "t_brown", type="evil_character", brigades=["Brown"], strength=1, toughness=1)
    b = in_battle("gideon", brown, [], mine={"territory": ["deborah", "barak"]}, theirs={"hand": [e]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[e]} {b[brown]}")
    d = pending(g)
    assert set(d.options) == {b["deborah"], b["barak"]}  # in a territory; not Gideon in battle
    ok(g, f"choose {b['barak']}")
    assert g.zone_of(b["barak"]) == (0, "removed") and g.zone_of(b["deborah"]) == (0, "territory")
    round_trip(g)


def test_jubilee_returns_a_blue_enhancement_from_your_discard_pile_to_your_hand():
    e, blue, other = E("Jubilee"), E("Jacob's Grandsons"), E("The Fifth Seal")
    b = in_battle(
        "gideon", "herod", [], mine={"hand": [e], "discard": [other, blue]}, theirs={"discard": [E("Stormy Seas")]}
    )
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    assert g.zone_of(b[blue]) == (0, "hand") and g.zone_of(b[other]) == (0, "discard")
    round_trip(g)


def test_sick_unto_death_takes_five_five_from_a_hero_until_the_end_of_the_turn(monkeypatch):
    e = E("Sick Unto Death")
    brown = _test_card(monkeypatch, "t_brown", type="evil_character", brigades=["Brown"], strength=1, toughness=9)
    b = in_battle("gideon", brown, [], mine={"territory": ["barak"]}, theirs={"hand": [e]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[e]} {b[brown]}")
    assert set(pending(g).options) == {b["gideon"], b["barak"]}
    ok(g, f"choose {b['gideon']}")
    assert g.char_numbers(b["gideon"]) == (2, 0) and g.char_numbers(b["barak"]) == (6, 6)
    round_trip(g)
    g.s.turn += 1
    assert g.char_numbers(b["gideon"]) == (7, 5)


def test_the_fourth_seal_takes_five_five_from_every_evil_character_in_play():
    e, angel = E("The Fourth Seal"), E("Servant Angel")
    b = in_battle(angel, "goliath", [], mine={"hand": [e]}, theirs={"territory": ["herod"]})
    g = b.game
    ok(g, f"enhance {b[e]} {b[angel]}")
    assert g.char_numbers(b["goliath"]) == (3, 1) and g.char_numbers(b["herod"]) == (3, 1)
    assert g.standing() == "hero_winning"
    g.s.turn += 1
    assert g.char_numbers(b["goliath"]) == (8, 6)


def test_the_fifth_seal_puts_a_hero_from_your_discard_pile_on_top_of_your_draw_pile():
    e, angel = E("The Fifth Seal"), E("Servant Angel")
    b = in_battle(angel, "goliath", [], mine={"hand": [e], "discard": ["barak", E("Stormy Seas")], "deck": ["esther"]})
    g = b.game
    ok(g, f"enhance {b[e]} {b[angel]}")
    assert g.z[0]["deck"][0] == b["barak"] and g.zone_of(b[E("Stormy Seas")]) == (0, "discard")
    round_trip(g)


def test_the_sixth_seal_ignores_a_pale_green_evil_character(monkeypatch):
    e, angel = E("The Sixth Seal"), E("Servant Angel")
    green = _test_card(monkeypatch, "t_green", type="evil_character", brigades=["Pale Green"], strength=9, toughness=9)
    b = in_battle(angel, green, [], mine={"hand": [e]})
    g = b.game
    assert g.standing() == "evil_winning"
    ok(g, f"enhance {b[e]} {b[angel]}")
    assert g._is_ignored(b[green]) and g.standing() == "hero_winning"


def test_the_seventh_seal_searches_the_draw_pile_for_a_good_card_with_trumpet_or_censer_in_its_title():
    e, angel, trumpet = E("The Seventh Seal"), E("Servant Angel"), E("Seventh Trumpet")
    b = in_battle(angel, "goliath", [], mine={"hand": [e], "deck": ["gideons_trumpet", trumpet, "barak"]})
    g = b.game
    ok(g, f"enhance {b[e]} {b[angel]}")
    d = pending(g)
    assert set(d.options) == {b["gideons_trumpet"], b[trumpet]}  # not Barak
    ok(g, f"choose {b[trumpet]}")
    assert g.zone_of(b[trumpet]) == (0, "hand")
    round_trip(g)


def test_seventh_trumpet_converts_a_human_evil_character_to_a_white_hero():
    e, angel, demon = E("Seventh Trumpet"), E("Servant Angel"), R10("Strong Demon (G)")
    b = in_battle(angel, "goliath", [], mine={"hand": [e]}, theirs={"territory": ["herod", demon]})
    g = b.game
    ok(g, f"enhance {b[e]} {b[angel]}")
    d = pending(g)
    assert set(d.options) == {b["goliath"], b["herod"]}  # human ones, not the demon
    ok(g, f"choose {b['herod']}")
    c = g.cd[b["herod"]]
    assert (c.type, c.brigades) == ("hero", ("White",))
    round_trip(g)


def test_sign_of_the_rainbow_negates_and_discards_the_last_evil_enhancement():
    e, guard = E("Sign of the Rainbow"), R10("Temple Guard")
    first, last = R10("Ancient Evil (G)"), R10("Lying Unto God")
    b = in_battle("gideon", guard, [first, last], mine={"hand": [e]})
    g = b.game
    assert opts(g, b[e]) == {b[last]}
    ok(g, f"enhance {b[e]} {b['gideon']} {b[last]}")
    assert b[last] in g.b.negated and g.zone_of(b[last]) == (1, "discard") and g.zone_of(b[first])[1] != "discard"
    round_trip(g)


def test_lewd_men_repel_a_female_hero(monkeypatch):
    e = E("Lewd Men")
    brown = _test_card(monkeypatch, "t_brown", type="evil_character", brigades=["Brown"], strength=1, toughness=1)
    b = in_battle("deborah", brown, [], theirs={"hand": [e]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[e]} {b[brown]}")
    assert g._is_ignored(b["deborah"]) and g.standing() == "evil_winning"
    male = in_battle("gideon", brown, [], theirs={"hand": [e]})
    to_player(male.game, 1)
    ok(male.game, f"enhance {male[e]} {male[brown]}")
    assert not male.game._is_ignored(male["gideon"])


def test_stormy_seas_makes_the_opponent_discard_a_card_of_their_choice():
    e = E("Stormy Seas")
    b = blocked("gideon", "goliath", mine={"hand": ["barak", "jar_of_oil"]}, theirs={"hand": [e]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[e]} {b['goliath']}")
    d = pending(g)
    assert d.chooser == 0 and set(d.options) == {b["barak"], b["jar_of_oil"]}
    ok(g, f"choose {b['jar_of_oil']}")
    assert g.zone_of(b["jar_of_oil"]) == (0, "discard") and g.s.pending is None
    round_trip(g)


def test_grievous_departure_makes_the_opponent_discard_then_its_holder_may_draw():
    e = E("Grievous Departure")
    b = blocked("gideon", "goliath", mine={"hand": ["barak"]}, theirs={"hand": [e], "deck": ["herod"]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[e]} {b['goliath']}")
    assert pending(g).chooser == 0
    ok(g, f"choose {b['barak']}")
    d = pending(g)
    assert d.chooser == 1 and d.effect == "may_draw"
    ok(g, f"choose {b[e]}")
    assert g.zone_of(b["barak"]) == (0, "discard") and g.zone_of(b["herod"]) == (1, "hand")
    round_trip(g)


# --- the cards of the verbs look_hand, worth, site_access, protect_discard, to_bondage ---------------------------------
def test_construction_begins_shows_the_opponents_hand_to_its_player_only():
    e = E("Construction Begins")
    b = in_battle("gideon", "herod", [], mine={"hand": [e]}, theirs={"hand": ["goliath", "jar_of_oil"]})
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    d = pending(g)
    assert d.effect == "look_hand" and d.to == [0] and set(d.revealed) == {b["goliath"], b["jar_of_oil"]}
    assert d.options == [] and d.chooser == 0
    round_trip(g)
    ok(g, "choose")
    assert g.s.pending is None and g.zone_of(b["goliath"]) == (1, "hand")


@pytest.mark.parametrize("hit", ["herod", "goliath"])
def test_dove_makes_the_opponent_discard_an_evil_card_from_hand_or_battle(hit):
    e = E("Dove")
    b = in_battle("gideon", "goliath", [], mine={"hand": [e]}, theirs={"hand": ["herod", "jar_of_oil", "deborah"]})
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    d = pending(g)
    assert d.chooser == 1 and set(d.options) == {b["herod"], b["goliath"]}  # evil cards: not the artifact nor a Hero
    ok(g, f"choose {b[hit]}")
    assert g.zone_of(b[hit]) == (1, "discard")
    if hit == "goliath":
        assert not g.battle_chars(1)
    round_trip(g)


def test_sectarianism_negates_every_band_of_the_battle_and_prevents_more_on_either_side(monkeypatch):
    from rules.redemption import continuous

    e, elder = E("Sectarianism"), E("Tribal Elder")
    brown = _test_card(monkeypatch, "t_brown", type="evil_character", brigades=["Brown"], strength=1, toughness=1)
    b = pos(
        {"hand": [elder], "territory": ["barak"]},
        {"hand": [brown, e], "territory": ["herod"], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
    )
    g = b.game
    ok(g, f"rescue {b[elder]}")
    ok(g, f"choose {b['barak']}")
    ok(g, f"block {b[brown]}")
    assert set(g.battle_chars(0)) == {b[elder], b["barak"]}
    to_player(g, 1)
    ok(g, f"enhance {b[e]} {b[brown]}")
    assert g.battle_chars(0) == [b[elder]] and g.zone_of(b["barak"]) == (0, "territory")
    assert continuous.band_prevented(g, b["herod"])  # its own player's characters too
    assert continuous.band_prevented(g, b["barak"])
    round_trip(g)


def test_intent_to_trap_is_worth_six_six_with_two_evil_characters_in_battle(monkeypatch):
    e = E("Intent to Trap")
    brown = _test_card(monkeypatch, "t_brown", type="evil_character", brigades=["Brown"], strength=1, toughness=1)
    alone = in_battle("gideon", brown, [e])
    assert alone.game.char_numbers(alone[brown]) == (4, 4)  # 1/1 and its printed 3/3
    two = in_battle("gideon", brown, [e], theirs={"field_of_battle": [brown, "herod", e]})
    g = two.game
    assert g.char_numbers(two[brown]) == (7, 7)  # worth 6/6 now
    g.b.negated.append(two[e])
    assert g.char_numbers(two[brown]) == (1, 1)
    round_trip(g)


@pytest.mark.parametrize("hero, reaches", [("barak", True), ("deborah", False), ("peter", False)])
def test_priestly_crown_gives_old_testament_male_human_heroes_access_to_every_site(hero, reaches):
    crown, tree = E("Priestly Crown"), E("Tree of Knowledge")
    b = pos(
        {"territory": [hero], "artifact_pile": [crown]},
        {"territory": [tree], "in_site": ["ls_orphan"]},
        attached={"ls_orphan": tree},
        face_up=[crown],
    )
    g = b.game
    assert g.can_reach(b[hero], b["ls_orphan"]) is reaches  # Tree of Knowledge is Gold: none of them is
    down = pos(
        {"territory": [hero], "artifact_pile": [crown]},
        {"territory": [tree], "in_site": ["ls_orphan"]},
        attached={"ls_orphan": tree},
    )
    assert not down.game.can_reach(down[hero], down["ls_orphan"])  # face down: no access


def test_altar_of_incense_protects_old_testament_heroes_from_evil_enhancements_discards():
    altar, lions, deaths = E("Altar of Incense (E)"), E("Coliseum Lions (E)"), E("Going to their Deaths")
    mine = {"artifact_pile": [altar], "territory": ["deborah", "peter"]}
    b = pos(
        {**mine, "field_of_battle": ["gideon"]},
        {"field_of_battle": ["goliath"], "hand": [lions, deaths], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        flags={"battled": True},
        battle={"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 0},
        face_up=[altar],
    )
    g = b.game
    assert g.current_player == 1
    assert opts(g, b[lions]) == set()  # Gideon (O.T.) is protected
    assert opts(g, b[deaths]) == {b["peter"]}  # Deborah (O.T.) is; Peter (N.T.) is not
    ok(g, f"enhance {b[deaths]} {b['goliath']} {b['peter']}")
    assert g.zone_of(b["peter"]) == (0, "discard")
    round_trip(g)
    martyr = E("Christian Martyr (E)")  # a Dominant is no evil enhancement
    d = pos({**mine}, {"hand": [martyr]}, face_up=[altar], active=1)
    assert opts(d.game, d[martyr], "dominant") == {d["deborah"], d["peter"]}


def test_servant_girl_discarded_in_battle_goes_to_the_opponents_land_of_bondage_as_a_lost_soul():
    girl = E("Servant Girl")
    b = blocked(girl, "goliath", mine={"territory": ["gideon"]})
    g = b.game
    assert g.standing() == "evil_winning"  # 8 defeats her 4
    ok(g, "pass")  # the battle ends: she is about to be discarded
    assert g.zone_of(b[girl]) == (1, "land_of_bondage") and g.owner(b[girl]) == 0
    assert g.can_reach(b["gideon"], b[girl])  # a Lost Soul there: a Hero may rescue her
    round_trip(g)
    dom = pos({"territory": [girl]}, {"hand": [E("Christian Martyr (E)")]}, active=1)
    ok(dom.game, f"dominant {dom[E('Christian Martyr (E)')]} {dom[girl]}")
    assert dom.game.zone_of(dom[girl]) == (0, "discard")  # not in battle: discarded


# === Starter F ========================================================================================================
MW = real_key("Mighty Warrior ( C)", "2E")  # a Red Hero, 7/6


def pale_green(monkeypatch: Any, strength: int = 1, toughness: int = 1) -> str:
    return _test_card(
        monkeypatch, "t_pg", type="evil_character", brigades=["Pale Green"], strength=strength, toughness=toughness
    )


@pytest.mark.parametrize(
    "name, seat, hit, spared",
    [
        ("Son of God (F)", 0, "ls_orphan", "ls_wanderer"),
        ("Angel of the Lord (Greek)", 0, "pilate", "gideon"),
        ("Burial (F)", 1, "ls_orphan", "ls_wanderer"),
    ],
)
def test_the_f_dominants(name, seat, hit, spared):
    dom = E(name)
    mine: dict[str, list[str]] = {"territory": ["gideon"], "land_of_bondage": ["ls_wanderer"]}
    theirs: dict[str, list[str]] = {"territory": ["pilate"], "land_of_bondage": ["ls_orphan"]}
    (mine if seat == 0 else theirs)["hand"] = [dom]
    b = pos(mine, theirs, active=seat)
    g = b.game
    assert b[hit] in opts(g, b[dom], "dominant")
    ok(g, f"dominant {b[dom]} {b[hit]}")
    where = g.zone_of(b[hit])[1]
    assert where == ("land_of_redemption" if name.startswith("Son") else "discard")
    assert g.zone_of(b[spared])[1] in ("territory", "land_of_bondage")
    round_trip(g)


def test_garden_of_eden_holds_a_lost_soul_only_a_silver_hero_reaches():
    garden, angel = E("Garden of Eden"), E("Servant Angel")
    b = pos(
        {"territory": [angel, "barak"]},
        {"territory": [garden], "in_site": ["ls_orphan"]},
        attached={"ls_orphan": garden},
    )
    g = b.game
    assert g.can_reach(b[angel], b["ls_orphan"]) and not g.can_reach(b["barak"], b["ls_orphan"])


@pytest.mark.parametrize("hero, reaches", [("peter", True), ("barak", False)])
def test_temple_veil_gives_new_testament_human_heroes_access_to_every_site(hero, reaches):
    veil, tree = E("Temple Veil"), E("Tree of Knowledge")
    b = pos(
        {"territory": [hero], "artifact_pile": [veil]},
        {"territory": [tree], "in_site": ["ls_orphan"]},
        attached={"ls_orphan": tree},
        face_up=[veil],
    )
    assert b.game.can_reach(b[hero], b["ls_orphan"]) is reaches


def test_chloe_may_draw_a_card_as_she_enters_battle():
    chloe = E("Chloe")
    b = pos({"hand": [chloe], "deck": ["esther"]}, {"land_of_bondage": ["ls_orphan"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b[chloe]}")
    assert pending(g).effect == "may_draw"
    ok(g, f"choose {b[chloe]}")
    assert g.zone_of(b["esther"]) == (0, "hand")


def test_mentor_may_band_to_a_new_testament_human_hero_with_toughness_five_or_less():
    mentor = E("Mentor")
    b = pos(
        {"hand": [mentor], "territory": ["peter", "andrew", "barak"]},
        {"land_of_bondage": ["ls_orphan"]},
        phase="battle",
    )
    g = b.game
    ok(g, f"rescue {b[mentor]}")
    d = pending(g)
    assert d.effect == "band" and d.options == [b["peter"]]  # Andrew is 5/7, Barak O.T.
    ok(g, f"choose {b['peter']}")
    assert set(g.battle_chars(0)) == {b[mentor], b["peter"]}
    round_trip(g)


def test_tabitha_returns_to_territory_the_first_time_she_is_about_to_be_discarded():
    tabitha = E("Tabitha (F)")
    b = blocked(tabitha, "goliath")
    g = b.game
    assert g.standing() == "evil_winning"
    ok(g, "pass")
    assert g.zone_of(b[tabitha]) == (0, "territory") and g.char_numbers(b[tabitha]) == (5, 4)
    g._to_discard(b[tabitha], [])
    assert g.zone_of(b[tabitha]) == (0, "discard")  # the second time: discarded


def test_lying_spirit_may_band_to_a_human_evil_character():
    spirit, demon = E("Lying Spirit"), R10("Strong Demon (G)")
    b = pos(
        {"hand": ["gideon"]}, {"hand": [spirit], "territory": ["caiaphas", demon], "land_of_bondage": ["ls_orphan"]}
    )
    g = b.game
    g.s.phase = "battle"
    ok(g, f"rescue {b['gideon']}")
    ok(g, f"block {b[spirit]}")
    d = pending(g)
    assert d.effect == "band" and d.options == [b["caiaphas"]]
    ok(g, f"choose {b['caiaphas']}")
    assert set(g.battle_chars(1)) == {b[spirit], b["caiaphas"]}


def test_shaphat_looks_at_the_opponents_hand_as_he_blocks():
    shaphat = E("Shaphat (F)")
    b = pos({"hand": ["gideon", "barak"]}, {"hand": [shaphat], "land_of_bondage": ["ls_orphan"]})
    g = b.game
    g.s.phase = "battle"
    ok(g, f"rescue {b['gideon']}")
    ok(g, f"block {b[shaphat]}")
    d = pending(g)
    assert d.effect == "look_hand" and d.chooser == 1 and d.to == [1] and d.revealed == [b["barak"]]
    ok(g, "choose")
    assert g.s.pending is None and g.zone_of(b["barak"]) == (0, "hand")
    round_trip(g)


@pytest.mark.parametrize("name, hero", [("The Harvest", MW), ("Well Reopened (F)", "daniel")])
def test_the_f_holder_may_draw_enhancements(name, hero):
    e = E(name)
    b = in_battle(hero, "herod", [], mine={"hand": [e], "deck": ["esther"]})
    g = b.game
    ok(g, f"enhance {b[e]} {b[hero]}")
    assert pending(g).effect == "may_draw"
    ok(g, f"choose {b[e]}")
    assert g.zone_of(b["esther"]) == (0, "hand")


@pytest.mark.parametrize("name", ["Bad Dealings (F)", "Dishonest Trader"])
def test_bad_dealings_and_dishonest_trader_make_the_opponent_discard_then_their_holder_may_draw(monkeypatch, name):
    e = E(name)
    ec = pale_green(monkeypatch) if name.startswith("Bad") else "annas"
    b = in_battle("gideon", ec, [], mine={"hand": ["barak"]}, theirs={"hand": [e], "deck": ["herod"]})
    g = b.game
    g.b.last_actor = 0
    if g.current_player != 1:
        to_player(g, 1)
    ok(g, f"enhance {b[e]} {b[ec]}")
    ok(g, f"choose {b['barak']}")
    ok(g, f"choose {b[e]}")
    assert g.zone_of(b["barak"]) == (0, "discard") and g.zone_of(b["herod"]) == (1, "hand")
    round_trip(g)


def test_bad_intentions_is_worth_six_six_with_two_evil_characters_in_battle(monkeypatch):
    e = E("Bad Intentions")
    ec = pale_green(monkeypatch)
    alone = in_battle("gideon", ec, [e])
    assert alone.game.char_numbers(alone[ec]) == (4, 4)  # 1/1 and its printed 3/3
    two = in_battle("gideon", ec, [e], theirs={"field_of_battle": [ec, "herod", e]})
    assert two.game.char_numbers(two[ec]) == (7, 7)


def test_book_of_gad_returns_an_old_testament_good_enhancement_from_your_discard_pile():
    e = E("Book of Gad the Seer")
    b = in_battle(MW, "herod", [], mine={"hand": [e], "discard": ["peters_confession", "gideons_trumpet"]})
    g = b.game
    ok(g, f"enhance {b[e]} {b[MW]}")
    assert g.zone_of(b["gideons_trumpet"]) == (0, "hand") and g.zone_of(b["peters_confession"]) == (0, "discard")
    round_trip(g)


def test_death_of_jacob_discards_a_hero_in_a_territory(monkeypatch):
    e = E("Death of Jacob")
    ec = pale_green(monkeypatch)
    b = in_battle("gideon", ec, [], mine={"territory": ["deborah"]}, theirs={"hand": [e]})
    g = b.game
    to_player(g, 1)
    assert opts(g, b[e]) == {b["deborah"]}
    ok(g, f"enhance {b[e]} {b[ec]} {b['deborah']}")
    assert g.zone_of(b["deborah"]) == (0, "discard")


def test_deluge_of_rain_discards_every_card_in_battle_its_own_too():
    e = E("Deluge of Rain")
    b = pos(
        {"field_of_battle": ["gideon"]},
        {"field_of_battle": ["caiaphas"], "hand": [e], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        flags={"battled": True},
        battle={"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 0},
    )
    g = b.game
    assert g.current_player == 1
    ok(g, f"enhance {b[e]} {b['caiaphas']}")
    assert g.zone_of(b["gideon"]) == (0, "discard") and g.zone_of(b["caiaphas"]) == (1, "discard")
    assert g.zone_of(b[e]) == (1, "discard")


def test_forced_labor_takes_three_three_from_every_hero_in_play_until_the_end_of_the_turn():
    e = E("Forced Labor")
    b = in_battle("gideon", "annas", [], mine={"territory": ["barak"]}, theirs={"hand": [e]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[e]} {b['annas']}")
    assert g.char_numbers(b["gideon"]) == (4, 2) and g.char_numbers(b["barak"]) == (3, 3)
    g.s.turn += 1
    assert g.char_numbers(b["gideon"]) == (7, 5)


def test_formal_training_makes_its_hero_immune_to_crimson():
    from rules.redemption import continuous

    e = E("Formal Training")
    b = in_battle("nehemiah", "goliath", [], mine={"hand": [e]})
    g = b.game
    ok(g, f"enhance {b[e]} {b['nehemiah']}")  # 8/8 against 8/6: both would be defeated
    assert continuous.immune(g, b["nehemiah"], b["goliath"]) and g.standing() == "hero_winning"
    round_trip(g)


def test_hard_bondage_captures_a_human_hero_in_a_territory():
    e = E("Hard Bondage")
    b = in_battle("gideon", "annas", [], mine={"territory": ["deborah"]}, theirs={"hand": [e]})
    g = b.game
    to_player(g, 1)
    assert opts(g, b[e]) == {b["deborah"]}  # in a territory: not Gideon in battle
    ok(g, f"enhance {b[e]} {b['annas']} {b['deborah']}")
    assert g.zone_of(b["deborah"]) == (1, "land_of_bondage") and g.owner(b["deborah"]) == 0
    round_trip(g)


def test_slave_trade_captures_a_hero_in_play_as_a_lost_soul(monkeypatch):
    e = E("Slave Trade")
    ec = pale_green(monkeypatch)
    b = in_battle("gideon", ec, [], mine={"territory": ["deborah"]}, theirs={"hand": [e]})
    g = b.game
    to_player(g, 1)
    assert opts(g, b[e]) == {b["deborah"], b["gideon"]}
    ok(g, f"enhance {b[e]} {b[ec]} {b['gideon']}")
    assert g.zone_of(b["gideon"]) == (1, "land_of_bondage")
    round_trip(g)


@pytest.mark.parametrize("name", ["Holy Ground"])
def test_holy_ground_negates_and_discards_the_last_evil_enhancement(name):
    e, guard = E(name), R10("Temple Guard")
    first, last = R10("Ancient Evil (G)"), R10("Lying Unto God")
    b = in_battle(MW, guard, [first, last], mine={"hand": [e]})
    g = b.game
    assert opts(g, b[e]) == {b[last]}
    ok(g, f"enhance {b[e]} {b[MW]} {b[last]}")
    assert b[last] in g.b.negated and g.zone_of(b[last]) == (1, "discard")


def test_misuse_of_talents_negates_and_discards_the_last_good_enhancement(monkeypatch):
    e = E("Misuse of Talents")
    ec = pale_green(monkeypatch, 9, 9)
    b = pos(
        {"field_of_battle": ["gideon", "gideons_trumpet", "sword_of_goliath"]},
        {"field_of_battle": [ec], "hand": [e], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        flags={"battled": True},
        battle={
            "kind": "rescue",
            "step": "initiative",
            "defender": 1,
            "last_actor": 0,
            "played": ["gideons_trumpet", "sword_of_goliath"],
        },
        attached={"gideons_trumpet": "gideon", "sword_of_goliath": "gideon"},
    )
    g = b.game
    assert g.char_numbers(b["gideon"]) == (12, 7) and g.current_player == 1
    assert opts(g, b[e]) == {b["sword_of_goliath"]}
    ok(g, f"enhance {b[e]} {b[ec]} {b['sword_of_goliath']}")
    assert g.zone_of(b["sword_of_goliath"]) == (0, "discard") and g.char_numbers(b["gideon"]) == (9, 7)
    round_trip(g)


def test_lamplight_shows_the_opponents_hand():
    e = E("Lamplight")
    b = in_battle(MW, "herod", [], mine={"hand": [e]}, theirs={"hand": ["goliath"]})
    g = b.game
    ok(g, f"enhance {b[e]} {b[MW]}")
    d = pending(g)
    assert d.effect == "look_hand" and d.to == [0] and d.revealed == [b["goliath"]]


def test_love_of_jesus_gives_every_hero_five_five_this_battle():
    e = E("Love of Jesus")
    b = in_battle("daniel", "herod", [], mine={"hand": [e], "territory": ["esther"]})
    g = b.game
    ok(g, f"enhance {b[e]} {b['daniel']}")
    assert g.char_numbers(b["daniel"]) == (10, 12) and g.char_numbers(b["esther"]) == (11, 11)
    assert g.char_numbers(b["herod"]) == (8, 6) and g.standing() == "hero_winning"
    round_trip(g)


def test_murder_discards_a_human_hero_with_toughness_five_or_less(monkeypatch):
    e = E("Murder")
    ec = pale_green(monkeypatch)
    b = in_battle("gideon", ec, [], mine={"territory": ["deborah", "barak"]}, theirs={"hand": [e]})
    g = b.game
    to_player(g, 1)
    assert opts(g, b[e]) == {b["gideon"]}  # 7/5; Deborah 5/7 and Barak 6/6 have more
    ok(g, f"enhance {b[e]} {b[ec]} {b['gideon']}")
    assert g.zone_of(b["gideon"]) == (0, "discard")


def test_raised_to_life_returns_a_hero_from_your_discard_pile_to_your_territory():
    e = E("Raised to Life")
    b = in_battle(
        "daniel",
        "herod",
        [],
        mine={"hand": [e], "discard": ["barak", "gideons_trumpet"]},
        theirs={"discard": ["goliath"]},
    )
    g = b.game
    ok(g, f"enhance {b[e]} {b['daniel']}")
    assert g.zone_of(b["barak"]) == (0, "territory") and g.zone_of(b["goliath"]) == (1, "discard")
    round_trip(g)


def test_freedom_removes_an_evil_character_in_play_from_the_game():
    e = E("Freedom!")
    b = in_battle(MW, "herod", [], mine={"hand": [e]}, theirs={"territory": ["pilate"]})
    g = b.game
    ok(g, f"enhance {b[e]} {b[MW]}")
    assert set(pending(g).options) == {b["herod"], b["pilate"]}
    ok(g, f"choose {b['pilate']}")
    assert g.zone_of(b["pilate"]) == (1, "removed")
    round_trip(g)


def test_shoes_of_peace_makes_the_opponent_discard_an_evil_card_from_hand_or_battle():
    e = E("Shoes of Peace (F)")
    b = in_battle("gideon", "goliath", [], mine={"hand": [e]}, theirs={"hand": ["herod", "jar_of_oil"]})
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    d = pending(g)
    assert d.chooser == 1 and set(d.options) == {b["herod"], b["goliath"]}
    ok(g, f"choose {b['herod']}")
    assert g.zone_of(b["herod"]) == (1, "discard")


def test_esau_the_hunter_makes_evil_capture_abilities_unnegatable(monkeypatch):
    esau, slave, holy = E("Esau, the Hunter"), E("Slave Trade"), E("Holy Ground")
    ec = pale_green(monkeypatch, 9, 9)
    plain = in_battle(MW, ec, [slave], mine={"hand": [holy]})
    assert opts(plain.game, plain[holy]) == {plain[slave]}
    b = in_battle(MW, ec, [slave], mine={"hand": [holy]}, theirs={"territory": [esau]})
    g = b.game
    assert opts(g, b[holy]) == set()  # a capture ability on an evil card: it cannot be negated
    ok(g, f"enhance {b[holy]} {b[MW]}")
    assert b[slave] not in g.b.negated and g.zone_of(b[slave])[1] == "field_of_battle"
    murder = in_battle(MW, ec, [E("Murder")], mine={"hand": [holy]}, theirs={"territory": [esau]})
    assert opts(murder.game, murder[holy]) == {murder[E("Murder")]}  # no capture ability: negated as usual
    round_trip(g)


def test_wedding_party_puts_a_lost_soul_of_the_opponents_draw_pile_into_their_land_of_bondage():
    e = E("Wedding Party")
    b = in_battle("daniel", "herod", [], mine={"hand": [e]}, theirs={"deck": ["goliath", "ls_widow", "pilate"]})
    g = b.game
    ok(g, f"enhance {b[e]} {b['daniel']}")
    d = pending(g)
    assert d.options == [b["ls_widow"]] and d.to == [0] and len(d.revealed) == 3
    round_trip(g)
    ok(g, f"choose {b['ls_widow']}")
    assert g.zone_of(b["ls_widow"]) == (1, "land_of_bondage") and len(g.z[1]["deck"]) == 2


@pytest.mark.parametrize("take", [True, False])
def test_gifts_of_the_magi_lets_its_holder_draw_when_an_opponent_draws_by_an_enhancement(take):
    gifts, e = E("Gifts of the Magi"), E("Grievous Departure")
    b = blocked(
        "gideon",
        "goliath",
        mine={"hand": ["barak"], "artifact_pile": [gifts], "deck": ["esther"]},
        theirs={"hand": [e], "deck": ["herod"]},
    )
    g = b.game
    g.face_up.add(b[gifts])
    to_player(g, 1)
    ok(g, f"enhance {b[e]} {b['goliath']}")
    ok(g, f"choose {b['barak']}")  # seat 0 discards
    ok(g, f"choose {b[e]}")  # seat 1 draws a card by its enhancement
    d = pending(g)
    assert d.chooser == 0 and d.effect == "gift_draw" and d.source == b[gifts]
    round_trip(g)
    ok(g, f"choose {b[gifts]}" if take else "choose")
    assert g.zone_of(b["esther"]) == (0, "hand" if take else "deck") and g.s.pending is None and not g.s.gifts
    round_trip(g)


def test_gifts_of_the_magi_face_down_or_for_the_holders_own_draws_gives_nothing():
    gifts, e = E("Gifts of the Magi"), E("Jacob's Grandsons")
    b = in_battle("gideon", "herod", [], mine={"hand": [e], "artifact_pile": [gifts], "deck": ["esther", "barak"]})
    g = b.game
    g.face_up.add(b[gifts])
    ok(g, f"enhance {b[e]} {b['gideon']}")
    ok(g, f"choose {b[e]}")  # its holder's own draw
    assert g.s.pending is None and not g.s.gifts


# --- the decks, offered once every card is enforced ---------------------------------------------------------------
@pytest.mark.parametrize("label", ["E", "F"])
def test_the_starter_decks_are_offered_and_a_random_game_plays_and_round_trips(label):
    from rules.agents import make_agent, play_match
    from rules.redemption import DECKS, new_game
    from rules.redemption.cards import PENDING

    assert label in DECKS and label not in PENDING
    keys = DECKS[label]["cards"]
    assert len(keys) == 50 and all(k in CARDS and CARDS[k].set == "3E" for k in keys)
    agents = [make_agent("redemption", "random", seed=5), make_agent("redemption", "random", seed=6)]
    g = play_match(new_game(7, decks=(label, "G10"), max_turns=30), agents)
    assert g.s.turn > 1
    round_trip(g)
