"""The real 10th Anniversary H starter (set 10A, ``rules/redemption/real/h10.toml``: facts keyed Name + Set and our
own script, never printed text): card by card, a hand-built position in the scenario format
(``redemption.scenario``) in which the card's ability happens and its outcome is asserted."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

import pytest

from rules.redemption import continuous, effects
from rules.redemption.cards import CARDS, _card
from tests.redemption_helpers import build, ok, refused
from tests.test_real_g10 import R, blocked, pos, round_trip, to_player

H = [
    c["name"] for c in tomllib.loads(resources.files("rules.redemption").joinpath("real/h10.toml").read_text())["card"]
]


def test_every_h_card_here_is_a_10a_printing_with_a_script_or_no_ability():
    assert len(H) == len(set(H)) and all(R(n) in CARDS for n in H)
    for n in H:
        c = CARDS[R(n)]
        assert c.set == "10A" and (not c.abilities) == (c.ability_text == "")


# --- Lost Souls, and cards with no special ability -------------------------------------------------------------
SOULS = [n for n in H if n.startswith("Lost Soul") and not CARDS[R(n)].abilities]


@pytest.mark.parametrize("soul", SOULS)
def test_a_plain_lost_soul_is_rescued(soul):
    b = pos({"hand": ["barak"]}, {"land_of_bondage": [R(soul)], "deck": ["ls_orphan"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b['barak']}")
    ok(g, "noblock")
    assert g.zone_of(b[R(soul)]) == (0, "land_of_redemption")


def test_the_female_only_lost_soul_is_reached_by_a_female_hero_only_and_by_son_of_god():
    soul, son = R("Lost Soul Jeremiah 7:18 (Female Only) (H)"), R("Son of God (H)")
    b = pos({"territory": ["barak", "deborah"], "hand": [son]}, {"land_of_bondage": [soul]})
    g = b.game
    assert not g.can_reach(b["barak"], b[soul]) and g.can_reach(b["deborah"], b[soul])
    ok(g, f"dominant {b[son]} {b[soul]}")
    assert g.zone_of(b[soul]) == (0, "land_of_redemption")


@pytest.mark.parametrize("name, numbers", [("Abiram", (5, 7)), ("Pharaoh (H)", (9, 10))])
def test_a_plain_evil_character_blocks_with_its_numbers(name, numbers):
    ec = R(name)
    b = blocked("barak", ec)
    g = b.game
    assert g.char_numbers(b[ec]) == numbers and not CARDS[ec].abilities
    assert CARDS[R("Pharaoh (H)")].is_warrior


def test_letters_to_the_churches_adds_its_numbers_to_a_purple_hero():
    letters = R("Letters to the Churches")
    b = blocked("peter", "goliath", mine={"hand": [letters]})
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b[letters]} {b['peter']}")
    assert g.char_numbers(b["peter"]) == (14, 5)


def test_egypt_holds_a_lost_soul_only_a_gold_hero_reaches():
    egypt = R("Egypt (H)")
    b = pos(
        {"territory": ["daniel", "barak"]},
        {"territory": [egypt], "in_site": ["ls_orphan"]},
        attached={"ls_orphan": egypt},
    )
    g = b.game
    assert g.can_reach(b["daniel"], b["ls_orphan"]) and not g.can_reach(b["barak"], b["ls_orphan"])


# --- Dominants -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "dominant, seat, kind", [("Angel of the Lord (H)", 0, "evil_character"), ("Christian Martyr (H)", 1, "hero")]
)
def test_a_discarding_dominant_discards_any_character_of_its_type_in_play(dominant, seat, kind):
    d = R(dominant)
    mine: dict[str, list[str]] = {"territory": ["gideon", "barak"]}
    theirs: dict[str, list[str]] = {"territory": ["pilate", "goliath"]}
    (mine if seat == 0 else theirs)["hand"] = [d]
    b = pos(mine, theirs, active=seat)
    g = b.game
    targets = {a.args[1] for a in g.legal_actions() if a.verb == "dominant" and a.args[0] == b[d]}
    assert {g.cd[t].type for t in targets} == {kind} and len(targets) == 2
    t = sorted(targets)[0]
    ok(g, f"dominant {b[d]} {t}")
    assert g.zone_of(t)[1] == "discard"
    round_trip(g)


def test_son_of_god_h_rescues_any_lost_soul_in_play():
    son = R("Son of God (H)")
    b = pos({"hand": [son]}, {"land_of_bondage": ["ls_orphan"]})
    g = b.game
    ok(g, f"dominant {b[son]} {b['ls_orphan']}")
    assert g.zone_of(b["ls_orphan"]) == (0, "land_of_redemption")


# --- enhancements and characters ----------------------------------------------------------------------------------
def test_cast_out_demons_discards_a_demon_in_play_and_only_a_demon():
    cast, demon = R("Cast out Demons"), R("Strong Demon (G)")
    b = blocked("peter", "goliath", mine={"hand": [cast]}, theirs={"territory": [demon]})
    g = b.game
    to_player(g, 0)
    targets = {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[cast] and len(a.args) > 2}
    assert targets == {b[demon]}
    ok(g, f"enhance {b[cast]} {b['peter']} {b[demon]}")
    assert g.zone_of(b[demon]) == (1, "discard") and g.char_numbers(b["peter"]) == (10, 6)


def test_self_doubt_puts_the_only_hero_in_play_on_top_of_its_owners_draw_pile():
    doubt, abiram = R("Self-Doubt"), R("Abiram")
    b = blocked("barak", abiram, theirs={"hand": [doubt]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[doubt]} {b[abiram]}")
    assert g.z[0]["deck"][0] == b["barak"] and not g.battle_chars(0)
    round_trip(g)


def test_self_doubt_asks_which_hero_when_more_than_one_is_in_play():
    doubt, abiram = R("Self-Doubt"), R("Abiram")
    b = blocked("barak", abiram, mine={"territory": ["peter"]}, theirs={"hand": [doubt]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[doubt]} {b[abiram]}")
    assert g.s.pending is not None and set(g.s.pending.options) == {b["barak"], b["peter"]}
    round_trip(g)
    ok(g, f"choose {b['peter']}")
    assert g.z[0]["deck"][0] == b["peter"]


def test_aaron_and_miriams_dissent_takes_2_2_from_every_ot_hero_in_play_until_the_turn_ends():
    dissent, abiram = R("Aaron and Miriam's Dissent"), R("Abiram")
    b = blocked("barak", abiram, mine={"territory": ["gideon", "peter"]}, theirs={"hand": [dissent]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[dissent]} {b[abiram]}")
    assert g.char_numbers(b["barak"]) == (4, 4) and g.char_numbers(b["gideon"]) == (5, 3)
    assert g.char_numbers(b["peter"]) == (7, 5) and g.char_numbers(b[abiram]) == (8, 10)
    round_trip(g)
    g.s.turn += 1
    assert g.char_numbers(b["barak"]) == (6, 6)


def test_taskmaster_takes_2_2_from_every_ot_hero_as_it_enters_battle():
    task = R("Taskmaster (H)")
    b = blocked("barak", task, mine={"territory": ["peter"]})
    g = b.game
    assert g.char_numbers(b["barak"]) == (4, 4) and g.char_numbers(b["peter"]) == (7, 5)
    assert g.standing() == "evil_winning"


@pytest.mark.parametrize("name, seat", [("Burning up the Chaff", 0), ("Murmuring", 1)])
def test_a_chaff_card_removes_all_but_the_lost_souls_of_an_opponents_discard_pile(name, seat):
    card, abiram = R(name), R("Abiram")
    mine: dict[str, Any] = {"discard": ["gideon", "ls_debtor"]}
    theirs: dict[str, Any] = {"discard": ["pilate", "ls_orphan", "herod"]}
    (mine if seat == 0 else theirs)["hand"] = [card]
    b = blocked("peter", abiram, mine=mine, theirs=theirs)
    g = b.game
    to_player(g, seat)
    ok(g, f"enhance {b[card]} {b['peter'] if seat == 0 else b[abiram]}")
    other = 1 - seat
    assert {g.cd[c].type for c in g.z[other]["discard"]} == {"lost_soul"}
    assert len(g.z[other]["removed"]) == (2 if other == 1 else 1) and not g.z[seat]["removed"]


def test_gentle_resolution_converts_the_human_blocker_to_a_green_hero_that_withdraws():
    gentle = R("Gentle Resolution")
    timothy = R("Timothy (H)")
    b = blocked(timothy, "goliath", mine={"hand": [gentle]})
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b[gentle]} {b[timothy]}")
    c = g.cd[b["goliath"]]
    assert (c.type, c.brigades) == ("hero", ("Green",)) and g.zone_of(b["goliath"]) == (1, "territory")
    round_trip(g)


@pytest.mark.parametrize("hero, works", [("peter", True), ("gideon", False)])
def test_preaching_the_truth_converts_only_if_used_by_an_nt_human_hero(hero, works):
    preach = R("Preaching the Truth")
    b = blocked(hero, "goliath", mine={"hand": [preach]})
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b[preach]} {b[hero]}")
    assert (g.cd[b["goliath"]].type == "hero") == works


def test_lambs_righteousness_returns_every_captured_hero_to_its_owners_territory():
    lamb, timothy = R("Lamb's Righteousness (H)"), R("Timothy (H)")
    b = build(
        {"field_of_battle": [timothy], "hand": [lamb]},
        {"field_of_battle": ["goliath"], "captured": [("barak", 0), ("deborah", 0)]},
        phase="battle",
        battle={"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 1},
        flags={"battled": True},
    )
    g = b.game
    ok(g, f"enhance {b[lamb]} {b[timothy]}")
    assert g.zone_of(b["barak"]) == (0, "territory") and g.zone_of(b["deborah"]) == (0, "territory")
    assert not g.z[1]["captured"]


def test_listening_to_god_sets_a_hero_aside_for_three_turns_and_it_comes_back_6_6_stronger():
    listen = R("Listening to God")
    b = blocked("peter", "goliath", mine={"hand": [listen], "territory": ["john"]})
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b[listen]} {b['peter']}")
    assert g.s.pending is not None and set(g.s.pending.options) == {b["peter"], b["john"]}
    ok(g, f"choose {b['john']}")
    assert g.zone_of(b["john"]) == (0, "set_aside") and g.s.aside[b["john"]][0] == g.s.turn + 6
    round_trip(g)
    g.s.turn += 6
    assert effects.come_back(g, 0, []) and g.zone_of(b["john"]) == (0, "territory")
    assert g.char_numbers(b["john"]) == (12, 10)


def test_timothy_gains_3_3_after_a_successful_rescue_and_keeps_it():
    timothy = R("Timothy (H)")
    b = pos({"hand": [timothy]}, {"land_of_bondage": ["ls_orphan"], "deck": ["ls_widow"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b[timothy]}")
    ok(g, "noblock")
    assert g.zone_of(b["ls_orphan"]) == (0, "land_of_redemption")
    assert g.zone_of(b[timothy]) == (0, "territory") and g.char_numbers(b[timothy]) == (7, 7)
    round_trip(g)


def test_timothy_gains_nothing_from_a_failed_rescue():
    timothy = R("Timothy (H)")
    b = blocked(timothy, "goliath")
    g = b.game
    ok(g, "pass")  # Timothy 4/4 loses to Goliath 8/6: the battle ends
    assert g.zone_of(b[timothy]) == (0, "discard") and not g.s.mods


@pytest.mark.parametrize("hero, ignored", [("Priscilla (H)", True), ("Timothy (H)", False)])
def test_faith_shared_ignores_crimson_and_black_evil_characters_if_used_by_a_female_hero(hero, ignored):
    faith, h = R("Faith Shared"), R(hero)
    b = blocked(h, "goliath", mine={"hand": [faith]})
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b[faith]} {b[h]}")
    assert g._is_ignored(b["goliath"]) == ignored


def test_pharaohs_murderous_order_discards_a_male_human_hero_in_the_opponents_territory():
    order, pharaoh = R("Pharaoh's Murderous Order"), R("Taskmaster (H)")
    b = blocked("peter", pharaoh, mine={"territory": ["gideon", "deborah"]}, theirs={"hand": [order]})
    g = b.game
    to_player(g, 1)
    targets = {
        a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[order] and len(a.args) > 2
    }
    assert targets == {b["gideon"]}  # a male Hero in territory: not Deborah, not Peter in battle
    ok(g, f"enhance {b[order]} {b[pharaoh]} {b['gideon']}")
    assert g.zone_of(b["gideon"]) == (0, "discard")


# --- characters that band ---------------------------------------------------------------------------------------
def test_james_may_band_to_a_john_as_he_enters_battle():
    james = R("James Son of Zebedee (H)")
    b = pos({"hand": [james], "territory": ["john", "peter"]}, {"land_of_bondage": ["ls_orphan"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b[james]}")
    assert g.s.pending is not None and g.s.pending.options == [b["john"]]
    ok(g, f"choose {b['john']}")
    assert g.zone_of(b["john"]) == (0, "field_of_battle")


def test_priscilla_may_band_with_aquila(monkeypatch):
    aquila = "t_aquila"
    monkeypatch.setitem(
        CARDS,
        aquila,
        _card(
            {
                "key": aquila,
                "name": "Aquila",
                "type": "hero",
                "alignment": "good",
                "brigades": ["White"],
                "strength": 4,
                "toughness": 4,
                "identifiers": ["human", "male", "N.T."],
            }
        ),
    )
    pris = R("Priscilla (H)")
    b = pos({"hand": [pris], "territory": [aquila, "peter"]}, {"land_of_bondage": ["ls_orphan"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b[pris]}")
    assert g.s.pending is not None and g.s.pending.options == [b[aquila]]


def test_dathan_may_band_to_abiram_and_his_band_cannot_be_prevented():
    dathan, abiram = R("Dathan"), R("Abiram")
    b = blocked("barak", dathan, theirs={"territory": [abiram, "pilate"]})
    g = b.game
    assert g.s.pending is not None and g.s.pending.options == [b[abiram]]
    ok(g, f"choose {b[abiram]}")
    assert g.zone_of(b[abiram]) == (1, "field_of_battle")
    assert CARDS[dathan].abilities[0].riders == frozenset({"cannot_be_prevented"})


def test_the_h_deck_is_offered_now_every_card_is_enforced_and_plays_g_to_the_end():
    from rules.agents import make_agent, play_match
    from rules.redemption import new_game
    from rules.redemption.cards import DECKS, PENDING

    assert "H10" in DECKS and "H10" not in PENDING and DECKS["H10"]["name"] == "H (10th Anniversary)"
    keys = DECKS["H10"]["cards"]
    assert len(keys) == 50 and all(k in CARDS and CARDS[k].set == "10A" for k in keys)
    agents = [make_agent("redemption", "random", seed=5), make_agent("redemption", "random", seed=6)]
    g = play_match(new_game(7, decks=("G10", "H10"), max_turns=30), agents)
    assert g.s.turn > 1
    round_trip(g)


# --- batch 2 -------------------------------------------------------------------------------------------------------
def test_begging_to_go_back_discards_the_top_two_then_tops_a_non_dominant_from_that_discard_pile():
    beg, task, son = R("Begging to go Back"), R("Taskmaster (H)"), R("Son of God (H)")
    b = blocked(
        "peter", task, mine={"deck": ["barak", "esther", "deborah"], "discard": ["gideon", son]}, theirs={"hand": [beg]}
    )
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[beg]} {b[task]}")
    assert g.z[0]["deck"] == [b["deborah"]]
    d = g.s.pending
    assert d is not None and set(d.options) == {b["gideon"], b["barak"], b["esther"]}  # not the Dominant
    round_trip(g)
    ok(g, f"choose {b['gideon']}")
    assert g.z[0]["deck"] == [b["gideon"], b["deborah"]]


def test_idolaters_capture_an_aaron_as_they_enter_battle():
    idol, aaron = R("Idolaters"), R("Aaron (G)")
    b = blocked("barak", idol, mine={"territory": [aaron, "gideon"]})
    g = b.game
    d = g.s.pending
    assert d is not None and d.options == [b[aaron]]
    ok(g, f"choose {b[aaron]}")
    assert g.zone_of(b[aaron]) == (1, "land_of_bondage")
    round_trip(g)


def test_israelite_rebellion_captures_a_hero_whose_toughness_now_is_4_or_less():
    rebel, abiram = R("Israelite Rebellion"), R("Abiram")
    b = blocked("barak", abiram, mine={"territory": ["ehud", "gideon"]}, theirs={"hand": [rebel]})
    g = b.game
    to_player(g, 1)
    targets = {
        a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[rebel] and len(a.args) > 2
    }
    assert targets == {b["ehud"]}  # Ehud 6/4; Gideon 7/5 and Barak 6/6 are tougher
    ok(g, f"enhance {b[rebel]} {b[abiram]} {b['ehud']}")
    assert g.zone_of(b["ehud"]) == (1, "land_of_bondage")


def test_pharaohs_hard_heart_discards_a_good_enhancement_in_battle():
    hard, task, letters = R("Pharaoh's Hard Heart"), R("Taskmaster (H)"), R("Letters to the Churches")
    b = blocked("peter", task, mine={"hand": [letters]}, theirs={"hand": [hard]})
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b[letters]} {b['peter']}")
    assert g.char_numbers(b["peter"]) == (14, 5) and g.current_player == 1
    ok(g, f"enhance {b[hard]} {b[task]} {b[letters]}")
    assert g.zone_of(b[letters]) == (0, "discard") and g.char_numbers(b["peter"]) == (7, 5)
    round_trip(g)


@pytest.mark.parametrize("their_hand, asked", [(["pilate", "herod", "eglon"], True), ([], False)])
def test_parmenas_may_draw_two_if_an_opponent_holds_more_cards(their_hand, asked):
    parm = R("Parmenas (H)")
    b = pos(
        {"hand": [parm, "barak"], "deck": ["esther", "peter", "daniel"]},
        {"hand": their_hand, "land_of_bondage": ["ls_orphan"]},
        phase="battle",
    )
    g = b.game
    ok(g, f"rescue {b[parm]}")
    assert (g.s.pending is not None) == asked
    if asked:
        round_trip(g)
        ok(g, f"choose {b[parm]}")
        assert len(g.z[0]["hand"]) == 3 and len(g.z[0]["deck"]) == 1


def test_parmenas_may_decline_the_draw():
    parm = R("Parmenas (H)")
    b = pos(
        {"hand": [parm], "deck": ["esther", "peter"]},
        {"hand": ["pilate", "herod"], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
    )
    g = b.game
    ok(g, f"rescue {b[parm]}")
    assert g.s.pending is not None
    ok(g, "choose")
    assert g.z[0]["hand"] == [] and g.s.pending is None and len(g.z[0]["deck"]) == 2


@pytest.mark.parametrize("up", [True, False])
def test_kings_sword_face_up_negates_every_characters_immunity(up):
    sword, dragon = R("King's Sword (H)"), R("Red Dragon (G)")
    b = pos(
        {"hand": ["barak"], "artifact_pile": [sword]},
        {"hand": [dragon], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        **({"face_up": [sword]} if up else {}),
    )
    g = b.game
    ok(g, f"rescue {b['barak']}")
    ok(g, f"block {b[dragon]}")  # Barak 6/6 against the Red Dragon 5/6, immune to human Heroes
    assert g.standing() == ("hero_winning" if up else "stalemate")


def test_blood_of_the_lamb_discards_a_demon_whose_immunity_it_negates():
    blood, dragon, timothy = R("Blood of the Lamb (H)"), R("Red Dragon (G)"), R("Timothy (H)")
    b = blocked(timothy, dragon, mine={"hand": [blood]})
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b[blood]} {b[timothy]} {b[dragon]}")
    assert g.zone_of(b[dragon]) == (1, "discard")


# --- batch 3 -------------------------------------------------------------------------------------------------------
def test_lydia_may_use_purple_enhancements_and_is_protected_from_capture():
    lydia, letters, rebel, abiram = R("Lydia (H)"), R("Letters to the Churches"), R("Israelite Rebellion"), R("Abiram")
    b = blocked(lydia, abiram, mine={"hand": [letters], "territory": ["ehud"]}, theirs={"hand": [rebel]})
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b[letters]} {b[lydia]}")  # a Purple enhancement on a White Hero
    assert g.char_numbers(b[lydia]) == (12, 4) and g.current_player == 1
    targets = {
        a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[rebel] and len(a.args) > 2
    }
    assert targets == {b["ehud"]}  # Lydia 12/4 fits the toughness, but she cannot be captured
    ok(g, f"enhance {b[rebel]} {b[abiram]} {b['ehud']}")
    assert g.zone_of(b["ehud"]) == (1, "land_of_bondage")


@pytest.mark.parametrize("to_battle", [True, False])
def test_great_faith_exchanges_with_a_good_enhancement_of_the_pile_into_hand_or_battle(to_battle):
    faith, letters = R("Great Faith (H)"), R("Letters to the Churches")
    b = blocked("peter", "goliath", mine={"hand": [faith], "deck": [letters, "barak", "esther"]})
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b[faith]} {b['peter']}")
    d = g.s.pending
    assert d is not None and d.options == [b[letters]] and d.to == [0]
    assert "Letters" not in str(g.view(1))
    ok(g, f"choose {b[letters]}")
    assert g.s.pending is not None and g.s.pending.stage == 1
    round_trip(g)
    ok(g, f"choose {b[letters]}" if to_battle else "choose")
    assert g.zone_of(b[faith]) == (0, "deck") and g.s.pending is None
    if to_battle:
        assert g.zone_of(b[letters]) == (0, "field_of_battle") and g.char_numbers(b["peter"]) == (14, 5)
    else:
        assert g.zone_of(b[letters]) == (0, "hand") and g.char_numbers(b["peter"]) == (7, 5)
    round_trip(g)


@pytest.mark.parametrize("egypt", [True, False])
def test_enslaved_by_egypt_captures_a_hero_if_used_by_an_egyptian_and_good_cannot_negate_it_with_egypt(egypt):
    from rules.redemption import continuous

    slave, task = R("Enslaved by Egypt"), R("Taskmaster (H)")
    theirs: dict[str, list[str]] = {"hand": [slave]}
    if egypt:
        theirs["territory"] = [R("Egypt (H)")]
    b = blocked("peter", task, mine={"territory": ["barak"]}, theirs=theirs)
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[slave]} {b[task]} {b['barak']}")
    assert g.zone_of(b["barak"]) == (1, "land_of_bondage")
    assert continuous.stoppable(g, b[slave], "negate", b["peter"]) != egypt  # by a good card
    assert continuous.stoppable(g, b[slave], "negate", b[task])  # an evil card may negate it
    round_trip(g)


def test_enslaved_by_egypt_does_nothing_unless_used_by_an_egyptian():
    slave, abiram = R("Enslaved by Egypt"), "belshazzar"
    b = blocked("barak", abiram, mine={"territory": ["gideon"]}, theirs={"hand": [slave]})
    g = b.game
    to_player(g, 1)
    out = ok(g, f"enhance {b[slave]} {b[abiram]}")
    assert g.zone_of(b["gideon"]) == (0, "territory") and any(e.rule == "redemption.lang.condition" for e in out.events)


@pytest.mark.parametrize("hero, deacon", [("Parmenas (H)", True), ("peter", False)])
def test_the_word_spreads_converts_and_cannot_be_negated_if_used_by_a_deacon(hero, deacon):
    from rules.redemption import continuous

    word, h = R("The Word Spreads"), (R(hero) if "(" in hero else hero)
    b = blocked(h, "goliath", mine={"hand": [word], "deck": ["esther"]})
    g = b.game
    if g.s.pending is not None:  # Parmenas may draw: not now
        ok(g, "choose")
    to_player(g, 0)
    ok(g, f"enhance {b[word]} {b[h]}")
    assert g.cd[b["goliath"]].type == "hero"
    assert continuous.stoppable(g, b[word], "negate", b["goliath"]) != deacon


# --- batch 5 -------------------------------------------------------------------------------------------------------
def test_preemptive_strike_prevents_the_ability_of_the_next_good_enhancement_only():
    strike, abiram, cast, letters = (
        R("Preemptive Strike"),
        R("Abiram"),
        R("Cast out Demons"),
        R("Letters to the Churches"),
    )
    demon = R("Strong Demon (G)")
    b = blocked("peter", abiram, mine={"hand": [cast, letters]}, theirs={"hand": [strike], "territory": [demon]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[strike]} {b[abiram]}")
    round_trip(g)
    ok(g, f"enhance {b[cast]} {b['peter']} {b[demon]}")
    assert g.zone_of(b[demon]) == (1, "territory")  # prevented: the demon stays
    assert g.char_numbers(b["peter"]) == (10, 6)  # its numbers count
    from rules.redemption import continuous

    assert continuous.prevented(g, b[cast])
    round_trip(g)


def test_egyptian_charioteers_prevent_the_next_enhancement_the_opponent_plays():
    chariots, cast = R("Egyptian Charioteers"), R("Cast out Demons")
    demon = R("Strong Demon (G)")
    b = blocked("peter", chariots, mine={"hand": [cast]}, theirs={"territory": [demon]})
    g = b.game
    assert g.b.marks == {b[chariots]: 0}
    to_player(g, 0)
    ok(g, f"enhance {b[cast]} {b['peter']} {b[demon]}")
    assert g.zone_of(b[demon]) == (1, "territory")
    round_trip(g)


def test_jairus_daughter_returns_to_territory_2_2_stronger_the_first_time_she_would_be_discarded():
    girl = R("Jairus' Daughter (H)")
    b = blocked(girl, "goliath")
    g = b.game
    ok(g, "pass")  # 4/3 against Goliath 8/6: the Hero side is defeated
    assert g.zone_of(b[girl]) == (0, "territory") and g.char_numbers(b[girl]) == (6, 5)
    round_trip(g)
    g._to_discard(b[girl], [])  # the second time she goes
    assert g.zone_of(b[girl]) == (0, "discard") and not g.s.mods


@pytest.mark.parametrize("first", [True, False])
def test_egyptian_horsemen_discard_the_top_of_the_opponents_pile_or_draw_as_their_player_chooses(first):
    horse = R("Egyptian Horsemen")
    b = blocked("peter", horse, mine={"deck": ["barak", "esther"]}, theirs={"deck": ["pilate", "herod"]})
    g = b.game
    d = g.s.pending
    assert d is not None and d.effect == "choose_one" and d.chooser == 1
    round_trip(g)
    ok(g, f"choose {b[horse]}" if first else "choose")
    if first:
        assert g.z[0]["discard"] == [b["barak"]] and len(g.z[1]["hand"]) == 0
    else:
        assert g.z[0]["deck"][0] == b["barak"] and g.z[1]["hand"] == [b["pilate"]]
    assert CARDS[horse].ability_text.startswith("When this character enters battle, choose one: ")


# --- batch 8 -------------------------------------------------------------------------------------------------------
def test_john_in_battle_prevents_evil_characters_abilities_but_banding():
    john, task, dathan, abiram = R("John (H)"), R("Taskmaster (H)"), R("Dathan"), R("Abiram")
    b = blocked(john, task, mine={"territory": ["gideon"]})
    g = b.game
    assert g.char_numbers(b["gideon"]) == (7, 5) and not g.s.mods  # Taskmaster's ability is prevented
    b = blocked(john, dathan, theirs={"territory": [abiram]})
    g = b.game
    assert g.s.pending is not None and g.s.pending.options == [b[abiram]]  # banding is not


@pytest.mark.parametrize("up", [True, False])
def test_golden_calf_face_up_prevents_ot_heroes_abilities(up):
    calf = R("Golden Calf")
    b = pos(
        {"hand": ["deborah"], "deck": ["barak", "esther"]},
        {"artifact_pile": [calf], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        **({"face_up": [calf]} if up else {}),
    )
    g = b.game
    ok(g, f"rescue {b['deborah']}")
    assert len(g.z[0]["hand"]) == (0 if up else 1)  # Deborah's draw as she enters battle


def test_golden_calf_is_discarded_when_a_moses_wins_a_battle(monkeypatch):
    calf = R("Golden Calf")
    monkeypatch.setitem(
        CARDS,
        "t_moses",
        _card(
            {
                "key": "t_moses",
                "name": "Moses",
                "type": "hero",
                "alignment": "good",
                "brigades": ["Green"],
                "strength": 9,
                "toughness": 9,
                "identifiers": ["human", "male", "O.T."],
            }
        ),
    )
    b = pos(
        {"hand": ["t_moses"]},
        {"artifact_pile": [calf], "land_of_bondage": ["ls_orphan"], "deck": ["ls_widow"]},
        phase="battle",
        face_up=[calf],
    )
    g = b.game
    ok(g, f"rescue {b['t_moses']}")
    ok(g, "noblock")
    assert g.zone_of(b[calf]) == (1, "discard")


def test_zelophehads_sin_discards_every_blocking_evil_character_and_removes_a_hero_in_battle():
    sin, abiram = R("Zelophehad's Sin"), R("Abiram")
    b = blocked("barak", abiram, theirs={"hand": [sin]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[sin]} {b[abiram]}")
    assert g.zone_of(b[abiram]) == (1, "discard") and g.zone_of(b["barak"]) == (0, "removed")
    round_trip(g)


# --- batch 9: protection outside battle; a draw and the next enhancement from hand ---------------------------
def _winning_with(first: str, blocker: str, mine: dict, theirs: dict) -> Any:
    """Timothy (H) 4/4 rescues against ``blocker``; seat 0 plays ``first`` and Blood of the Lamb (H) on him
    (White, 2/2): Timothy wins, and the initiative is seat 1's."""
    tim, blood = R("Timothy (H)"), R("Blood of the Lamb (H)")
    b = blocked(tim, blocker, mine={"hand": [first, blood], **mine}, theirs=theirs)
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b[first]} {b[tim]}")
    ok(g, f"enhance {b[blood]} {b[tim]}")
    to_player(g, 1)
    return b


@pytest.mark.parametrize("brave", [True, False])
def test_bravery_of_priscilla_protects_heroes_not_in_battle_from_an_evil_enhancements_decrease(brave):
    first = R("Bravery of Priscilla (H)") if brave else R("Faith Shared")  # both White 2/1
    dissent, abiram = R("Aaron and Miriam's Dissent"), R("Abiram")
    b = _winning_with(first, abiram, {"territory": ["barak"]}, {"hand": [dissent], "territory": ["goliath"]})
    g = b.game  # Timothy 8/7 against Abiram 5/7
    ok(g, f"enhance {b[dissent]} {b[abiram]}")
    assert g.char_numbers(b["barak"]) == ((6, 6) if brave else (4, 4))  # an O.T. Hero in territory
    assert g.char_numbers(b[abiram]) == (8, 10)
    round_trip(g)


def test_bravery_of_priscilla_leaves_no_hero_outside_battle_to_target_and_ends_with_the_turn():
    brave, order, bel = R("Bravery of Priscilla (H)"), R("Pharaoh's Murderous Order"), "nebuchadnezzar"
    b = _winning_with(brave, bel, {"territory": ["barak", "gideon"]}, {"hand": [order]})
    g = b.game
    tim = b[R("Timothy (H)")]
    assert sorted(m[0] for m in g.s.mods) == sorted([b["barak"], b["gideon"]])  # not Timothy, in battle
    offered = [a.args for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[order]]
    assert offered == [(b[order], b[bel])]  # no male Hero in a territory to discard: only its numbers
    refused(g, f"enhance {b[order]} {b[bel]} {b['barak']}")
    round_trip(g)
    ok(g, f"enhance {b[order]} {b[bel]}")
    assert g.zone_of(b["barak"]) == (0, "territory") and g.zone_of(b["gideon"]) == (0, "territory")
    assert continuous.protected_from(g, b["barak"], CARDS[order]) and not continuous.protected_from(
        g, tim, CARDS[order]
    )
    g.s.turn += 1  # the next turn: the protection is over
    assert not continuous.protected_from(g, b["barak"], CARDS[order])
    assert CARDS[brave].ability_text.startswith("Interrupt the battle. Protect every Hero not in battle")


def test_reach_of_desperation_draws_three_and_plays_an_enhancement_the_hero_may_use_from_hand():
    reach, letters, bravery = R("Reach of Desperation (H)"), R("Letters to the Churches"), R("Bravery of Priscilla (H)")
    b = blocked(
        "peter",
        R("Abiram"),
        mine={"hand": [reach], "deck": [letters, bravery, "ls_widow", "gideon", "barak"]},
    )
    g = b.game  # Peter 7/5 (Purple) against Abiram 5/7
    to_player(g, 0)
    ok(g, f"enhance {b[reach]} {b['peter']}")
    assert g.s.pending is not None and g.s.pending.effect == "may"
    round_trip(g)
    ok(g, f"choose {b[reach]}")
    d = g.s.pending
    assert d is not None and d.effect == "play_from_discard"
    assert d.options == [b[letters]]  # the White Bravery does not fit Peter; the Lost Soul was not kept
    ok(g, f"choose {b[letters]}")
    assert g.zone_of(b[letters]) == (0, "field_of_battle") and g.char_numbers(b["peter"]) == (18, 8)
    assert g.zone_of(b[bravery]) == (0, "hand")
    round_trip(g)


def test_reach_of_desperation_declined_does_nothing_but_count():
    reach = R("Reach of Desperation (H)")
    b = blocked("peter", R("Abiram"), mine={"hand": [reach], "deck": ["gideon", "barak", "ehud"]})
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b[reach]} {b['peter']}")
    ok(g, "choose")
    assert g.s.pending is None and len(g.z[0]["deck"]) == 3 and g.char_numbers(b["peter"]) == (11, 8)


def test_every_h_card_is_in_the_deck_and_has_a_test_here():
    from pathlib import Path

    from rules.redemption.cards import DECKS

    source = Path(__file__).read_text(encoding="utf-8")
    deck = set(DECKS["H10"]["cards"])
    assert {R(n) for n in H} == deck and len(H) == 50
    for n in H:
        assert n in source or n in SOULS, f"{n} has no test here"


@pytest.mark.parametrize("seed, decks", [(0, ("G10", "H10")), (1, ("H10", "G10"))])
def test_the_computer_plays_real_g_against_real_h_to_the_end_through_saves(seed, decks):
    """Against the computer at the normal level (seat 0 stands in for the player, playing the same level), with the
    game saved and loaded every 25 actions as the app saves it: it plays to its end, and the finished game loads."""
    import saves
    from rules.agents import choose_for, make_agent
    from rules.redemption import new_game

    agents = [make_agent("redemption", "normal", seed=seed), make_agent("redemption", "normal", seed=seed + 7)]
    g, trips = new_game(seed, decks=decks), 0
    for n in range(20_000):
        if g.is_over:
            break
        if n % 25 == 24:
            again = saves.loads(saves.dumps(g))
            assert again.to_dict() == g.to_dict()
            g, trips = again, trips + 1
        a = choose_for(agents[g.current_player], g)
        assert g.apply(a).ok
    assert g.is_over and trips >= 2 and g.s.end_rule.startswith("redemption.win.")
    done = saves.loads(saves.dumps(g))
    assert done.is_over and done.to_dict() == g.to_dict()


def test_a_card_taken_from_a_looked_at_hand_is_not_named_to_the_table():
    """Found by random G10 v H10 games (tests.bench.real_random): the taker named the card in every seat's log."""
    import json

    from tests.test_real_g10 import DEMON, in_battle

    wealth = R("Taking Egypt's Wealth")
    b = in_battle("daniel", DEMON, [], mine={"hand": [wealth]}, theirs={"hand": ["herod", "scourging"]})
    g = b.game
    ok(g, f"enhance {b[wealth]} {b['daniel']}")
    out = g.apply(f"choose {b['scourging']}")
    said = json.dumps([e.text for e in out.events])
    assert out.ok and g.zone_of(b["scourging"]) == (0, "hand")
    assert CARDS["scourging"].name not in said and b["scourging"] not in said and "a card from" in said


@pytest.mark.parametrize("sea, loads", [(True, True), (False, False)])
def test_a_hand_grown_by_a_draw_of_a_card_sent_back_to_its_pile_still_loads(sea, loads):
    """Found by random G10 v H10 games (tests.bench.real_random, seed 383): Egyptian Horsemen (H) drew its player a
    card on the other player's turn and Thrown into the Sea put it back on its draw pile; the save check counted the
    draws only of cards out of the piles and the hand, and refused the game it had just played."""
    from rules.redemption import Game, serial

    horsemen, sea_card = R("Egyptian Horsemen"), R("Thrown into the Sea")
    hand = ["gideon", "barak", "ehud", "daniel", "esther", "nehemiah", "ezra", "peter", "andrew"]  # 9: over 8
    theirs = {"discard": [sea_card] if sea else ["pilate"], "deck": ["herod", "annas"]}
    b = pos({"hand": hand, "deck": [horsemen, "james"]}, theirs, active=1)
    g = b.game
    if loads:  # the hand check of the whole-game check (a hand-built position holds no whole deck)
        serial._hands(g)
        assert Game.from_dict(g.to_dict()) == g
    else:
        with pytest.raises(ValueError, match="holds 9 cards on Player 2's turn"):
            serial._hands(g)


def test_the_coach_says_a_yes_or_no_question_as_one_not_as_zero_cards_shown():
    from rules import coach

    reach = R("Reach of Desperation (H)")
    b = blocked("peter", R("Abiram"), mine={"hand": [reach], "deck": ["gideon", "barak", "ehud"]})
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b[reach]} {b['peter']}")
    mine, theirs = coach.advise(g, 0), coach.advise(g, 1)
    assert "0 cards" not in mine.text() and "0 cards" not in theirs.text()
    assert "choose nothing to use none of it" in mine.purpose and "Reach of Desperation (H) to use it" in mine.purpose
    assert theirs.phase.startswith("Waiting") and "decides for Reach of Desperation (H)" in theirs.purpose


def test_the_app_lists_the_answers_of_a_question_that_shows_no_card():
    """Seen driving the app (tmux, 80x24): Reach of Desperation's "may" listed only "Choose no more" (the card
    itself, the yes, was not offered: only revealed cards were), and so did its next question, the enhancements in
    the player's own hand; the target of the enhancement it plays was asked as "which one goes into your hand"."""
    from tui.games.redemption import RedemptionUI

    reach, cast = R("Reach of Desperation (H)"), R("Cast out Demons")
    locust = R("Locust from the Pit (G)")
    b = blocked(
        "peter",
        R("Strong Demon (G)"),
        mine={"hand": [reach, cast], "deck": ["gideon", "barak", "ehud"]},
        theirs={"territory": [locust]},
    )
    g, ui = b.game, RedemptionUI()
    to_player(g, 0)
    ok(g, f"enhance {b[reach]} {b['peter']}")
    q = ui.pending_choice(g.view(0))
    assert (
        q is not None
        and q.options == ["1. Use it", "2. Do not use it"]
        and q.actions == [f"choose {b[reach]}", "choose"]
    )
    assert q.question.startswith("Reach of Desperation (H): use it?")
    ok(g, q.actions[0])
    q = ui.pending_choice(g.view(0))
    assert (
        q is not None and q.actions == [f"choose {b[cast]}", "choose"] and q.options[0].startswith("1. Cast out Demons")
    )
    assert "do you play on the character" in q.question and "0 cards" not in q.question
    ok(g, q.actions[0])
    assert g.s.pending is not None  # its target: two demons in play
    q = ui.pending_choice(g.view(0))
    assert q is not None and q.question.startswith("Cast out Demons: which card does it take?")
    assert set(q.actions) == {f"choose {b[R('Strong Demon (G)')]}", f"choose {b[locust]}"}
    assert ui.pending_choice(g.view(1)) is None


def test_reach_of_desperation_interrupts_the_last_opposing_card_while_it_draws_and_plays():
    """Its ability opens with "interrupt the battle" (redemption.effect.interrupt_battle): Apprehended's capture of
    Peter is suspended (Peter is back in battle) while Reach draws and plays, then reactivates on him."""
    from tests.test_real_g10 import in_battle

    reach, appr, letters = R("Reach of Desperation (H)"), R("Apprehended"), R("Letters to the Churches")
    b = in_battle(
        "james",
        "goliath",
        [],
        mine={"field_of_battle": ["james", "peter"], "hand": [reach], "deck": [letters, "gideon", "barak"]},
        theirs={"hand": [appr]},
    )
    g = b.game
    g.b.last_actor = 0
    ok(g, f"enhance {b[appr]} {b['goliath']} {b['peter']}")
    assert g.zone_of(b["peter"]) == (1, "land_of_bondage")
    to_player(g, 0)
    ok(g, f"enhance {b[reach]} {b['james']}")
    ok(g, f"choose {b[reach]}")  # yes: interrupt, draw three, play one
    assert g.zone_of(b["peter"]) == (0, "field_of_battle") and g.b.interrupter == b[reach]
    d = g.s.pending
    assert d is not None and d.effect == "play_from_discard" and d.options == [b[letters]]
    round_trip(g)
    ok(g, f"choose {b[letters]}")
    assert g.zone_of(b[letters]) == (0, "field_of_battle") and g.b.interrupter == ""
    assert g.zone_of(b["peter"]) == (1, "land_of_bondage")  # the capture reactivated: Peter was still a target
