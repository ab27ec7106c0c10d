"""Scenario tests for the Redemption engine, on hand-built positions."""

from __future__ import annotations

import pathlib
import re
import tomllib

import pytest
import tomli_w

from rules.core import Rng
from rules.docs import rule_sections
from rules.games import game_class
from rules.redemption import (
    CARDS,
    DECKS,
    EFFECTS,
    POOL,
    Action,
    Game,
    new_game,
    parse_action,
    parse_deck_toml,
    validate_deck,
)
from rules.redemption.notation import ACTIONS
from rules.redemption.serial import tables
from rules.redemption.state import ZONES
from tests.redemption_helpers import build, ok, refused


def battle_phase(p0, p1, **kw):
    return build(p0, p1, phase="battle", **kw)


# --- notation ------------------------------------------------------------------------------
def test_notation_round_trips_and_nonsense_is_refused():
    for text in [
        "cut",
        "cut 12",
        "first 1",
        "play G3",
        "soul G5 G40",
        "equip G33 G12",
        "fortress-in G1 G2",
        "fortress-out G1",
        "enhance G20 G12",
        "dominant G45",
        "dominant G45 H3",
        "noblock",
        "pass",
        "end",
    ]:
        assert str(parse_action(text)) == text
    for bad in ["", "fly G1", "play", "play G1 G2", "first 2", "cut x", "play 17"]:
        with pytest.raises(ValueError):
            parse_action(bad)
    g = new_game(1)
    out = g.apply("jump")
    assert not out.ok and out.rule == "redemption.notation"
    out = g.apply("play Z99")
    assert not out.ok and "no card Z99" in out.reason


def test_game_class_and_summary():
    assert game_class("redemption") is Game
    g = new_game(3)
    assert g.summary()["score"] == "0-0"
    assert Game.name == "redemption"


# --- setup ---------------------------------------------------------------------------------
def test_cut_then_starting_hands_route_lost_souls():
    plain0 = [
        "left_handed_blade",
        "gideon",
        "barak",
        "ehud",
        "daniel",
        "esther",
        "nehemiah",
        "ezra",
        "goliath",
        "delilah",
        "eglon",
        "sisera",
        "haman",
        "fleece",
        "daniels_prayer",
        "song_of_deborah",
    ]
    # after 'cut 5' the deck starts at index 5: put two souls there
    deck0 = plain0[:5] + ["ls_wanderer", "ls_prodigal"] + plain0[5:]
    deck1 = [
        "peter",
        "andrew",
        "james",
        "john",
        "stephen",
        "priscilla",
        "barnabas",
        "lydia",
        "herod",
        "herodias",
        "pilate",
        "barabbas",
        "caiaphas",
        "annas",
        "walking_on_water",
    ]
    b = build({"deck": deck0}, {"deck": deck1}, phase="cut", turn=0, cutter=1)
    g = b.game
    assert g.current_player == 1
    refused(g, "cut 3", "redemption.setup.cut", "at least 5")
    refused(g, "play G1", "redemption.turn.phase")
    ok(g, "cut 5")
    assert g.current_player == 0
    ok(g, "cut 5")
    z0 = g.z[0]
    assert len(z0["hand"]) == 8 and len(g.z[1]["hand"]) == 8
    assert [g.card(c).key for c in z0["land_of_bondage"]] == ["ls_wanderer", "ls_prodigal"]
    assert all(g.card(c).type != "lost_soul" for c in z0["hand"])
    # player 1 drew more souls, so chooses who goes first
    assert g.phase == "first" and g.current_player == 0 and g.s.souls_drawn == [2, 0]
    ok(g, "first 1")
    assert g.active == 1 and g.turn == 1 and g.phase == "prep"
    assert len(g.z[1]["hand"]) == 11  # 8 + the Draw phase's 3


def test_first_player_tie_is_a_seeded_coin_flip():
    choosers = set()
    for seed in range(40):
        g = new_game(seed)
        ok(g, "cut")
        ok(g, "cut")
        if g.s.souls_drawn[0] == g.s.souls_drawn[1]:
            choosers.add(g.current_player)
            g2 = new_game(seed)
            g2.apply("cut")
            g2.apply("cut")
            assert g2.current_player == g.current_player  # deterministic from the seed
        else:
            assert g.current_player == (0 if g.s.souls_drawn[0] > g.s.souls_drawn[1] else 1)
    assert choosers  # at least one tie happened in these seeds


def test_first_player_skips_draw_option():
    g = new_game(5, first_player_skips_draw=True)
    ok(g, "cut 10")
    ok(g, "cut 10")
    p = g.current_player
    ok(g, f"first {p}")
    assert len(g.z[p]["hand"]) == 8


# --- drawing and Lost Souls -------------------------------------------------------------------
def test_turn_draw_routes_lost_souls_and_replaces_them():
    b = build({"hand": []}, {"deck": ["ls_orphan", "peter", "ls_widow", "andrew", "james", "john"]}, phase="discard")
    g = b.game
    ok(g, "end")
    assert g.active == 1 and g.phase == "prep"
    assert sorted(g.card(c).key for c in g.z[1]["hand"]) == ["andrew", "james", "peter"]
    assert sorted(g.card(c).key for c in g.z[1]["land_of_bondage"]) == ["ls_orphan", "ls_widow"]


def test_draw_from_empty_pile_draws_nothing():
    b = build(
        {"hand": [], "land_of_bondage": ["ls_mourner"]},
        {"deck": ["peter"], "land_of_bondage": ["ls_weary"]},
        phase="discard",
    )
    g = b.game
    ok(g, "end")
    assert len(g.z[1]["hand"]) == 1 and g.phase == "prep"


def test_effect_draw_routes_lost_souls():
    # Deborah draws one card as she enters battle; the top card is a Lost Soul
    b = battle_phase({"hand": ["deborah"], "deck": ["ls_wanderer", "gideon"]}, {"land_of_bondage": ["ls_orphan"]})
    g = b.game
    ok(g, f"rescue {b['deborah']}")
    assert g.zone_of(b["ls_wanderer"]) == (0, "land_of_bondage")
    assert g.zone_of(b["gideon"]) == (0, "hand")


def test_dominant_draw_routes_lost_souls():
    b = build({"hand": ["manna_from_heaven"], "deck": ["ls_wanderer", "gideon", "barak", "ls_blind", "ehud"]}, {})
    g = b.game
    ok(g, f"dominant {b['manna_from_heaven']}")
    assert sorted(g.card(c).key for c in g.z[0]["hand"]) == ["barak", "ehud", "gideon"]
    assert len(g.z[0]["land_of_bondage"]) == 2
    assert g.zone_of(b["manna_from_heaven"]) == (0, "discard")


# --- preparation phase -------------------------------------------------------------------------
def test_prep_place_character_artifact_site_fortress():
    b = build({"hand": ["gideon", "jar_of_oil", "cave_of_adullam", "stronghold_of_zion", "fleece"]}, {})
    g = b.game
    ok(g, f"play {b['gideon']}")
    ok(g, f"artifact {b['jar_of_oil']}")
    ok(g, f"site {b['cave_of_adullam']}")
    ok(g, f"fortress {b['stronghold_of_zion']}")
    assert g.zone_of(b["gideon"]) == (0, "territory")
    assert g.zone_of(b["jar_of_oil"]) == (0, "artifact_pile") and b["jar_of_oil"] not in g.face_up
    refused(g, f"play {b['fleece']}", "redemption.prep.character", "not a character")
    refused(g, f"artifact {b['gideon']}", "redemption.prep.artifact", "not in your hand")
    # the opponent sees a face-down artifact, not which one
    art = g.view(1)["players"][0]["artifact_pile"][0]
    assert art["face_down"] and art["name"] == "Face-down artifact" and "key" not in art


def test_activate_artifact_once_per_turn_and_upkeep_draw():
    b = build({"artifact_pile": ["jar_of_oil", "scroll_of_the_law"]}, {"deck": ["peter"] * 6}, filler=6)
    g = b.game
    ok(g, f"activate {b['jar_of_oil']}")
    refused(g, f"activate {b['scroll_of_the_law']}", "redemption.prep.activate", "already activated")
    refused(g, f"activate {b['jar_of_oil']}", "redemption.prep.activate")
    # Jar of Oil draws one extra card in each of its owner's Upkeeps
    for _ in range(3):
        ok(g, "end")
    ok(g, "end")  # player 2 turn: prep
    ok(g, "end")
    ok(g, "end")
    assert g.active == 0 and len(g.z[0]["hand"]) == 4  # 3 + 1 from the jar
    ok(g, f"activate {b['scroll_of_the_law']}")  # a new turn allows one more activation
    assert g.hand_limit(0) == 10


def test_soul_into_site_and_site_access():
    b = build({"territory": ["cave_of_adullam"], "land_of_bondage": ["ls_wanderer", "ls_blind"]}, {})
    g = b.game
    ok(g, f"soul {b['ls_wanderer']} {b['cave_of_adullam']}")
    refused(g, f"soul {b['ls_blind']} {b['cave_of_adullam']}", "redemption.prep.soul", "already holds")
    assert g.zone_of(b["ls_wanderer"]) == (0, "in_site")
    # now the opponent's non-warrior cannot reach the soul in the site, a warrior can
    b = battle_phase(
        {"hand": ["stephen", "peter"]},
        {"territory": ["upper_room"], "in_site": ["ls_wanderer"]},
        attached={("ls_wanderer"): "upper_room"},
    )
    g = b.game
    refused(g, f"rescue {b['stephen']}", "redemption.battle.rescue", "no lost soul")
    ok(g, f"rescue {b['peter']}")
    ok(g, "noblock")
    assert g.zone_of(b["ls_wanderer"]) == (0, "land_of_redemption")


def test_set_aside_and_return():
    b = build({"territory": ["gideon"]}, {})
    g = b.game
    ok(g, f"setaside {b['gideon']}")
    assert g.zone_of(b["gideon"]) == (0, "set_aside")
    refused(g, f"rescue {b['gideon']}", "redemption.turn.phase")
    ok(g, f"return {b['gideon']}")
    assert g.zone_of(b["gideon"]) == (0, "territory")
    refused(g, f"return {b['gideon']}", "redemption.prep.return")


def test_legal_actions_are_interned_and_apply_trusts_only_the_last_list_of_this_state():
    """legal_actions() hands out one object per decision (notation.ActionTable), and apply() skips the checks only
    for an object in the last list of this very state: a stale one, one from a clone's list, or an equal one made
    elsewhere goes through the checks, and the trusted path does exactly what the checked one does."""
    b = build({"territory": ["gideon"]}, {})
    g, gid = b.game, b["gideon"]
    first = g.legal_actions()
    assert all(x is y for x, y in zip(g.legal_actions(), first, strict=True))
    setaside = next(a for a in first if a.verb == "setaside")
    assert setaside is ACTIONS["setaside"][(gid,)] is ACTIONS["setaside"][gid]
    trusted, checked = g.clone(), g.clone()
    trusted.legal_actions()
    out_trusted = trusted.apply(setaside)
    out_checked = checked.apply(Action("setaside", (gid,)))
    assert out_trusted == out_checked and out_trusted.rule == "redemption.prep.setaside"
    assert trusted.to_dict() == checked.to_dict()
    # the same object again, now that Gideon is set aside: checked and refused, naming the rule
    g = trusted
    for _ in range(2):
        before = g.to_dict()
        out = g.apply(setaside)
        assert not out.ok and out.rule == "redemption.prep.setaside" and g.to_dict() == before
        g.legal_actions()  # a list of this state does not vouch for it either
    # a clone that returned Gideon offers the same object again; the original still refuses it
    h = g.clone()
    assert h.apply(f"return {gid}").ok
    assert setaside in h.legal_actions()
    assert not g.apply(setaside).ok


def test_equip_weapon_on_warrior_and_brigade_rules():
    b = build({"hand": ["sword_of_goliath", "malchus_sword", "fleece"], "territory": ["gideon", "daniel"]}, {})
    g = b.game
    refused(g, f"equip {b['sword_of_goliath']} {b['daniel']}", "redemption.prep.equip", "not a warrior")
    refused(g, f"equip {b['malchus_sword']} {b['gideon']}", "redemption.battle.brigade", "does not match")
    refused(g, f"equip {b['fleece']} {b['gideon']}", "redemption.battle.enhance", "played in battle")
    ok(g, f"equip {b['sword_of_goliath']} {b['gideon']}")
    assert g.attached[b["sword_of_goliath"]] == b["gideon"]
    assert g.zone_of(b["sword_of_goliath"]) == (0, "territory")


def test_fortress_in_and_out_protects_from_discard_type():
    b = build({"territory": ["stronghold_of_zion", "gideon", "goliath"]}, {"hand": ["day_of_judgment"]})
    g = b.game
    refused(g, f"fortress-in {b['goliath']} {b['stronghold_of_zion']}", "redemption.prep.fortress-in", "only holds")
    ok(g, f"fortress-in {b['gideon']} {b['stronghold_of_zion']}")
    assert g.zone_of(b["gideon"]) == (0, "in_fortress")
    assert g.current_player == 1  # player 2 may answer between Preparation actions (redemption.dominant.window)
    targets = {a.args[1] for a in g.legal_actions() if a.verb == "dominant"}
    assert b["gideon"] not in targets and b["goliath"] in targets
    ok(g, "decline")
    ok(g, f"fortress-out {b['gideon']}")
    assert g.zone_of(b["gideon"]) == (0, "territory") and b["gideon"] not in g.attached


def test_prep_only_actions_refused_in_discard_phase():
    b = build({"artifact_pile": ["jar_of_oil"], "set_aside": ["gideon"], "hand": ["barak"]}, {}, phase="discard")
    g = b.game
    refused(g, f"activate {b['jar_of_oil']}", "redemption.turn.phase", "Preparation")
    refused(g, f"return {b['gideon']}", "redemption.turn.phase")
    ok(g, f"play {b['barak']}")  # characters may be placed in the Discard phase


# --- discard phase and hand limit ------------------------------------------------------------------
def test_hand_limit_discard_down_to_eight():
    hand = ["gideon", "barak", "ehud", "daniel", "esther", "nehemiah", "ezra", "fleece", "song_of_deborah", "goliath"]
    b = build({"hand": hand}, {"deck": ["peter"] * 5}, phase="discard")
    g = b.game
    refused(g, f"discard {b['gideon']}", "redemption.discard.limit", "end")
    ok(g, "end")
    assert g.phase == "hand_limit" and g.current_player == 0
    assert all(a.verb == "discard" or a.verb == "dominant" for a in g.legal_actions())
    ok(g, f"discard {b['gideon']}")
    assert g.phase == "hand_limit"
    ok(g, f"discard {b['barak']}")
    assert g.active == 1 and g.phase == "prep" and len(g.z[0]["hand"]) == 8
    assert [g.card(c).key for c in g.z[0]["discard"]] == ["gideon", "barak"]


def test_a_dominant_that_brings_the_hand_to_the_limit_ends_the_turn():
    """Found by the stateful test: a Dominant played at the hand limit left a hand-limit step with nothing over."""
    hand = ["gideon", "barak", "ehud", "daniel", "esther", "nehemiah", "ezra", "fleece", "day_of_judgment"]
    b = build({"hand": hand}, {"deck": ["peter"] * 5, "territory": ["pilate"]}, phase="hand_limit")
    g = b.game
    ok(g, f"dominant {b['day_of_judgment']} {b['pilate']}")
    assert g.active == 1 and g.phase == "prep" and len(g.z[0]["hand"]) == 8
    assert Game.from_dict(g.to_dict()) == g


def test_a_battle_with_nobody_left_on_either_side_ends():
    """Found by the stateful test: a Dominant that discards the last character left an initiative step with nobody."""
    b = battle_phase(
        {"field_of_battle": ["barak"]},
        {"hand": ["day_of_judgment"], "land_of_bondage": ["ls_orphan"]},
        battle={"kind": "rescue", "step": "initiative", "last_actor": 0},
    )
    g = b.game
    assert g.current_player == 1  # nobody blocks... the Hero side is winning: the defender has initiative
    ok(g, f"dominant {b['day_of_judgment']} {b['barak']}")
    assert g.phase == "discard" and not g.b.kind and g.score(0) == 0
    assert Game.from_dict(g.to_dict()) == g


def test_hand_limit_raised_by_face_up_artifact():
    hand = ["gideon", "barak", "ehud", "daniel", "esther", "nehemiah", "ezra", "fleece", "song_of_deborah", "goliath"]
    b = build(
        {"hand": hand, "artifact_pile": ["scroll_of_the_law"]},
        {"deck": ["peter"] * 5},
        phase="discard",
        face_up=["scroll_of_the_law"],
    )
    g = b.game
    assert g.hand_limit(0) == 10
    ok(g, "end")
    assert g.active == 1


# --- battle ------------------------------------------------------------------------------------------
def test_unopposed_rescue_takes_the_only_soul():
    b = battle_phase({"hand": ["barak"]}, {"land_of_bondage": ["ls_orphan"]})
    g = b.game
    ok(g, f"rescue {b['barak']}")
    assert g.current_player == 1 and g.decision()["kind"] == "block"
    ok(g, "noblock")
    assert g.zone_of(b["ls_orphan"]) == (0, "land_of_redemption")
    assert g.zone_of(b["barak"]) == (0, "territory") and g.phase == "discard"
    refused(g, f"rescue {b['barak']}", "redemption.turn.phase")


def test_defender_chooses_soul_unless_rescuer_chooses():
    b = battle_phase({"hand": ["barak"]}, {"land_of_bondage": ["ls_orphan", "ls_widow"]})
    g = b.game
    ok(g, f"rescue {b['barak']}")
    ok(g, "noblock")
    assert g.current_player == 1 and g.decision()["kind"] == "surrender"
    refused(g, f"surrender {b['barak']}", "redemption.battle.surrender")
    ok(g, f"surrender {b['ls_widow']}")
    assert g.zone_of(b["ls_widow"]) == (0, "land_of_redemption")
    b = battle_phase(
        {"hand": ["barak"]}, {"land_of_bondage": ["ls_orphan", "ls_widow"]}, options={"rescuer_chooses": True}
    )
    g = b.game
    ok(g, f"rescue {b['barak']}")
    ok(g, "noblock")
    assert g.current_player == 0


def test_refusals_in_a_battle_say_what_is_expected_now():
    """A move from another step is refused with a sentence naming the decision at hand (not 'only in the
    Battle phase' while it is the Battle phase)."""
    b = battle_phase({"hand": ["barak", "gideon"]}, {"hand": ["goliath"], "land_of_bondage": ["ls_orphan", "ls_widow"]})
    g = b.game
    ok(g, f"rescue {b['barak']}")
    out = refused(g, f"rescue {b['gideon']}", "redemption.turn.phase")
    assert (
        out.reason == "A battle is already under way: now you choose whether to block the Hero with an Evil Character."
    )
    ok(g, "noblock")
    assert g.decision()["kind"] == "surrender"
    for text in (f"rescue {b['gideon']}", f"play {b['goliath']}", "end"):
        out = refused(g, text, "redemption.turn.phase")
        assert out.reason == "A battle is already under way: now you choose which Lost Soul to surrender.", out.reason
    out = refused(g, "pass", "redemption.battle.pass")
    assert out.reason.startswith("You play enhancements in battle, or pass, only while you hold initiative.")
    assert out.reason.endswith("now you choose which Lost Soul to surrender.")


def test_a_refusal_at_initiative_with_nothing_to_play_says_pass():
    b = battle_phase(
        {"field_of_battle": ["barak"]},
        {"hand": ["goliath"], "land_of_bondage": ["ls_orphan"]},
        battle={"kind": "rescue", "step": "initiative", "last_actor": 0},
    )
    out = refused(b.game, f"rescue {b['goliath']}", "redemption.turn.phase")
    assert out.reason.endswith("no enhancement in your hand fits your characters in battle: pass."), out.reason


def test_refusals_are_sentences_naming_the_phase():
    b = battle_phase({"hand": ["barak"]}, {"land_of_bondage": ["ls_orphan"]})
    out = refused(b.game, f"play {b['barak']}", "redemption.turn.phase")
    assert out.reason == (
        "You put a character into your territory only in your Preparation phase or Discard phase. "
        "It is your Battle phase: make a rescue attempt or a battle challenge with a Hero, "
        "or end the phase without one."
    )
    out = refused(b.game, "noblock", "redemption.battle.block")
    assert out.reason.startswith("There is no Hero to block now. It is your Battle phase")
    out = refused(b.game, "block G99")
    assert out.reason[0].isupper() and out.reason.endswith(".")


def test_only_one_battle_per_turn_and_rescue_needs_a_reachable_soul():
    b = battle_phase({"hand": ["barak", "gideon"]}, {"land_of_bondage": []})
    g = b.game
    refused(g, f"rescue {b['barak']}", "redemption.battle.rescue", "battle challenge instead")
    ok(g, f"challenge {b['barak']}")
    ok(g, "noblock")
    assert g.phase == "discard" and g.zone_of(b["barak"]) == (0, "territory") and g.score(0) == 0
    b = battle_phase({"hand": ["barak"]}, {"land_of_bondage": ["ls_orphan"]})
    refused(b.game, f"challenge {b['barak']}", "redemption.battle.challenge", "rescue")
    b = battle_phase({"hand": ["barak"]}, {"land_of_bondage": ["ls_orphan"]}, flags={"battled": True})
    refused(b.game, f"rescue {b['barak']}", "redemption.battle.limit")


def _blocked(hero, blocker, p0=None, p1=None, **kw):
    p0 = {"hand": [hero], **(p0 or {})}
    p1 = {"hand": [blocker], "land_of_bondage": ["ls_orphan"], **(p1 or {})}
    p0["hand"] = [hero] + [k for k in p0["hand"] if k != hero]
    p1["hand"] = [blocker] + [k for k in p1["hand"] if k != blocker]
    b = battle_phase(p0, p1, **kw)
    ok(b.game, f"rescue {b[hero]}")
    ok(b.game, f"block {b[blocker]}")
    return b


def test_hero_wins_evil_discarded_soul_rescued():
    b = _blocked("barak", "pilate")  # 6/6 vs 5/5
    g = b.game
    assert g.standing() == "hero_winning"
    assert g.current_player == 1 and "defender" in g.initiative()[1]
    ok(g, "pass")
    assert g.zone_of(b["pilate"]) == (1, "discard")
    assert g.zone_of(b["barak"]) == (0, "territory")
    assert g.zone_of(b["ls_orphan"]) == (0, "land_of_redemption")


def test_evil_wins_hero_discarded():
    b = _blocked("ehud", "caiaphas")  # 6/4 vs 6/7
    g = b.game
    assert g.standing() == "evil_winning" and g.current_player == 0
    ok(g, "pass")
    assert g.zone_of(b["ehud"]) == (0, "discard")
    assert g.zone_of(b["caiaphas"]) == (1, "territory")
    assert g.zone_of(b["ls_orphan"]) == (1, "land_of_bondage")


def test_both_defeated_both_discarded_rescue_succeeds():
    b = _blocked("gideon", "pilate")  # 7/5 vs 5/5
    g = b.game
    assert g.standing() == "both_defeated"
    assert g.current_player == 0  # the attacker did not play the last card (the block)
    ok(g, "pass")
    assert g.current_player == 1
    ok(g, "pass")
    assert g.zone_of(b["gideon"]) == (0, "discard") and g.zone_of(b["pilate"]) == (1, "discard")
    assert g.zone_of(b["ls_orphan"]) == (0, "land_of_redemption")


def test_stalemate_both_return_no_rescue_after_two_passes():
    b = _blocked("daniel", "annas")  # 5/7 vs 5/6
    g = b.game
    assert g.standing() == "stalemate" and g.current_player == 0
    v = g.view(1)
    assert v["battle"]["initiative"] == 0 and "stalemate" in v["battle"]["initiative_reason"]
    ok(g, "pass")
    assert g.phase == "battle" and g.current_player == 1 and g.b.passes == 1
    ok(g, "pass")
    assert g.phase == "discard"
    assert g.zone_of(b["daniel"]) == (0, "territory") and g.zone_of(b["annas"]) == (1, "territory")
    assert g.score(0) == 0


def test_initiative_follows_every_card():
    b = _blocked("daniel", "annas", p0={"hand": ["daniels_prayer"]}, p1={"hand": ["council_of_caiaphas"]})
    g = b.game
    assert g.current_player == 0
    ok(g, f"enhance {b['daniels_prayer']} {b['daniel']}")  # 7/9 vs 5/6: hero winning
    assert g.standing() == "hero_winning" and g.current_player == 1
    refused(g, f"enhance {b['council_of_caiaphas']} {b['daniel']}", "redemption.battle.enhance")
    ok(g, f"enhance {b['council_of_caiaphas']} {b['annas']}")  # 7/9 vs 7/8: stalemate
    assert g.standing() == "stalemate" and g.current_player == 0  # player 2 played the last card
    t = g.view(0)["battle"]["totals"]
    assert t == {"hero": {"strength": 7, "toughness": 9}, "evil": {"strength": 7, "toughness": 8}}


def test_losing_player_pass_ends_the_battle_at_once():
    b = _blocked("barak", "pilate", p1={"hand": ["herods_banquet"]})
    g = b.game
    ok(g, "pass")
    assert g.phase == "discard" and g.score(0) == 1


def test_brigade_mismatch_and_multi_brigade_and_gold():
    b = _blocked("barak", "caiaphas", p0={"hand": ["daniels_prayer", "remnant_returns", "nebuchadnezzars_furnace"]})
    g = b.game
    out = refused(g, f"enhance {b['daniels_prayer']} {b['barak']}", "redemption.battle.brigade")
    assert "Gold" in out.reason and "Blue" in out.reason
    refused(g, f"enhance {b['nebuchadnezzars_furnace']} {b['barak']}", "redemption.battle.enhance", "Evil Enhancement")
    ok(g, f"enhance {b['remnant_returns']} {b['barak']}")  # Blue/Gold matches Blue
    # good Gold and evil Gold are different brigades
    b = _blocked("daniel", "nebuchadnezzar", p0={"hand": ["nebuchadnezzars_furnace"]})
    refused(b.game, f"enhance {b['nebuchadnezzars_furnace']} {b['daniel']}", "redemption.battle.enhance")


def test_only_initiative_holder_may_enhance():
    b = _blocked("barak", "pilate", p0={"hand": ["left_handed_blade"]})
    g = b.game
    assert g.current_player == 1
    assert not any(a.verb == "enhance" and a.args[0] == b["left_handed_blade"] for a in g.legal_actions())


def test_name_on_name_doubles_numbers_only_with_option():
    for on, expect in ((False, (9, 7)), (True, (11, 9))):
        b = _blocked("gideon", "caiaphas", p0={"hand": ["gideons_trumpet"]}, options={"name_on_name": on})
        g = b.game
        # 7/5 vs 6/7: evil winning, so the attacker holds initiative
        ok(g, f"enhance {b['gideons_trumpet']} {b['gideon']}")
        assert g.char_numbers(b["gideon"]) == expect
    b = _blocked("barak", "caiaphas", p0={"hand": ["gideons_trumpet"]}, options={"name_on_name": True})
    ok(b.game, f"enhance {b['gideons_trumpet']} {b['barak']}")
    assert b.game.char_numbers(b["barak"]) == (8, 8)  # Barak's name is not in the title


def test_win_mid_battle_by_rescue():
    won = [("ls_widow", 1), ("ls_lame", 1), ("ls_leper", 1), ("ls_hungry", 1)]
    b = battle_phase({"hand": ["barak"], "land_of_redemption": won}, {"land_of_bondage": ["ls_orphan"]})
    g = b.game
    ok(g, f"rescue {b['barak']}")
    ok(g, "noblock")
    assert g.is_over and g.winner == 0 and g.s.end_rule == "redemption.win.rescues"
    assert g.view(1)["end_reason"] == "Player 1 has 5 Redeemed Souls" and g.view(1)["end_rule"] == g.s.end_rule
    refused(g, "end", "redemption.end")
    assert g.legal_actions() == []
    # a state saved before the rule had a field of its own wrote it after the words: read into both fields
    d = g.to_dict()
    del d["end_rule"]
    d["end_reason"] += " (redemption.win.rescues)"
    old = type(g).from_dict(d)
    assert (old.s.end_reason, old.s.end_rule) == (g.s.end_reason, "redemption.win.rescues") and old.winner == 0


def test_win_mid_battle_by_dominant_in_response_window():
    won = [("ls_wanderer", 0), ("ls_prodigal", 0), ("ls_debtor", 0), ("ls_blind", 0)]
    b = battle_phase(
        {"hand": ["barak"], "land_of_bondage": ["ls_captive"]},
        {"hand": ["heavenly_city", "pilate"], "land_of_bondage": ["ls_orphan"], "land_of_redemption": won},
    )
    g = b.game
    ok(g, f"rescue {b['barak']}")
    assert g.current_player == 1
    ok(g, f"dominant {b['heavenly_city']} {b['ls_captive']}")
    assert g.is_over and g.winner == 1
    assert g.zone_of(b["barak"]) == (0, "field_of_battle")  # the game ended in the middle of the battle


def test_rescues_to_win_option():
    won = [("ls_widow", 1), ("ls_lame", 1), ("ls_leper", 1), ("ls_hungry", 1)]
    b = battle_phase(
        {"hand": ["barak"], "land_of_redemption": won},
        {"land_of_bondage": ["ls_orphan", "ls_weary"]},
        options={"rescues_to_win": 7},
    )
    g = b.game
    ok(g, f"rescue {b['barak']}")
    ok(g, "noblock")
    assert not g.is_over and g.score(0) == 5


def test_dominants_not_during_the_cut():
    b = build(
        {"hand": ["manna_from_heaven"], "deck": ["gideon"] * 12},
        {"deck": ["peter"] * 12},
        phase="cut",
        turn=0,
        cutter=0,
    )
    refused(b.game, f"dominant {b['manna_from_heaven']}", "redemption.dominant.timing")


# --- effects ------------------------------------------------------------------------------------------
def test_effect_discard_removes_blocker_and_hero_wins():
    b = _blocked("barak", "caiaphas", p0={"hand": ["stars_fought"]})
    g = b.game
    ok(g, f"enhance {b['stars_fought']} {b['barak']} {b['caiaphas']}")
    assert g.zone_of(b["caiaphas"]) == (1, "discard")
    assert g.standing() == "hero_winning" and g.current_player == 1
    ok(g, "pass")
    assert g.score(0) == 1
    assert g.zone_of(b["stars_fought"]) == (0, "discard")


def test_effect_withdraw_counts_as_defeated_not_discarded():
    b = _blocked("daniel", "caiaphas", p0={"hand": ["rebuilt_wall"]})
    g = b.game
    ok(g, f"enhance {b['rebuilt_wall']} {b['daniel']} {b['caiaphas']}")
    assert g.zone_of(b["caiaphas"]) == (1, "territory")
    ok(g, "pass")
    assert g.score(0) == 1


def test_effect_ignore_blocker_is_defeated_but_not_discarded():
    b = _blocked("daniel", "herod", p0={"hand": ["lions_mouths"]})  # 5/7 vs 8/6
    g = b.game
    assert g.standing() == "evil_winning"
    ok(g, f"enhance {b['lions_mouths']} {b['daniel']}")
    assert g.view(0)["players"][1]["field_of_battle"][0]["ignored"] is True
    assert g.standing() == "hero_winning"
    ok(g, "pass")
    assert g.zone_of(b["herod"]) == (1, "territory")
    assert g.score(0) == 1


def test_effect_band_brings_a_second_hero():
    b = _blocked("barak", "caiaphas", p0={"hand": ["call_to_arms"], "territory": ["gideon", "daniel"]})
    g = b.game
    refused(g, f"enhance {b['call_to_arms']} {b['barak']} {b['daniel']}", "redemption.battle.targets")  # not Blue
    ok(g, f"enhance {b['call_to_arms']} {b['barak']} {b['gideon']}")
    assert g.zone_of(b["gideon"]) == (0, "field_of_battle")
    assert g.zone_of(b["daniel"]) == (0, "territory")  # not Blue
    assert g.side_totals(0)[:2] == (7 + 7, 8 + 5)
    ok(g, "pass")  # player 2 is losing
    assert g.zone_of(b["gideon"]) == (0, "territory") and g.zone_of(b["barak"]) == (0, "territory")


def test_effect_protect_saves_defeated_hero():
    b = _blocked("ehud", "herod", p0={"hand": ["fleece"]})  # 6/4 vs 8/6
    g = b.game
    ok(g, f"enhance {b['fleece']} {b['ehud']}")  # 6/7 vs 8/6: both defeated
    assert g.standing() == "both_defeated"
    ok(g, "pass")
    ok(g, "pass")
    assert g.zone_of(b["ehud"]) == (0, "territory")  # protected from discard
    assert g.zone_of(b["herod"]) == (1, "discard")
    assert g.zone_of(b["fleece"]) == (0, "discard")
    assert g.score(0) == 1


def test_effect_negate_last_opposing_enhancement():
    b = battle_phase(
        {"hand": ["writing_on_wall"], "field_of_battle": ["daniel"]},
        {"field_of_battle": ["pilate", "herods_banquet"], "land_of_bondage": ["ls_orphan"]},
        attached={"herods_banquet": "pilate"},
        battle={"kind": "rescue", "step": "initiative", "last_actor": 1, "played": ["herods_banquet"]},
        flags={"battled": True},
    )
    g = b.game
    assert g.standing() == "evil_winning" and g.current_player == 0
    ok(g, f"enhance {b['writing_on_wall']} {b['daniel']}")
    assert b["herods_banquet"] in g.b.negated
    assert g.side_totals(1)[:2] == (5, 5)
    assert g.standing() == "hero_winning"


def test_effect_capture_takes_opposing_human():
    b = _blocked("daniel", "caiaphas", p0={"hand": ["for_such_a_time"]})
    g = b.game
    ok(g, f"enhance {b['for_such_a_time']} {b['daniel']} {b['caiaphas']}")
    assert g.zone_of(b["caiaphas"]) == (0, "captured")
    ok(g, "pass")
    assert g.score(0) == 1
    assert g.zone_of(b["caiaphas"]) == (0, "captured")


def test_effect_set_aside_opposing_character():
    b = _blocked("barak", "caiaphas", p0={"hand": ["into_the_wilderness"]})
    g = b.game
    ok(g, f"enhance {b['into_the_wilderness']} {b['barak']} {b['caiaphas']}")
    assert g.zone_of(b["caiaphas"]) == (1, "set_aside")


def test_effect_rescue_any_and_discard_type():
    b = build(
        {"hand": ["heavenly_city", "day_of_judgment", "burning_of_books"]},
        {"land_of_bondage": ["ls_orphan"], "territory": ["herod"], "artifact_pile": ["basket_of_loaves"]},
    )
    g = b.game
    refused(g, f"dominant {b['heavenly_city']}", "redemption.dominant", "needs a target")
    refused(g, f"dominant {b['heavenly_city']} {b['herod']}", "redemption.dominant", "not a possible target")
    ok(g, f"dominant {b['day_of_judgment']} {b['herod']}")
    assert g.zone_of(b["herod"]) == (1, "discard")
    ok(g, f"dominant {b['burning_of_books']} {b['basket_of_loaves']}")
    assert g.zone_of(b["basket_of_loaves"]) == (1, "discard")
    won = [("ls_widow", 1), ("ls_lame", 1)]
    b = build({"hand": ["heavenly_city"], "land_of_redemption": won}, {"land_of_bondage": ["ls_orphan", "ls_weary"]})
    g = b.game
    ok(g, f"dominant {b['heavenly_city']} {b['ls_weary']}")
    assert g.zone_of(b["ls_weary"]) == (0, "land_of_redemption") and g.score(0) == 3


def test_effect_discard_type_removes_a_character_from_battle():
    b = _blocked("daniel", "annas", p1={"hand": ["day_of_judgment"]})  # stalemate; attacker first
    g = b.game
    ok(g, "pass")
    assert g.current_player == 1
    ok(g, f"dominant {b['day_of_judgment']} {b['daniel']}")
    assert g.zone_of(b["daniel"]) == (0, "discard")
    assert g.standing() == "evil_winning" and g.current_player == 0
    ok(g, "pass")
    assert g.score(0) == 0 and g.zone_of(b["annas"]) == (1, "territory")


def test_effect_restricted_soul_only_for_matching_hero():
    b = battle_phase({"hand": ["barak", "esther"]}, {"land_of_bondage": ["ls_weary"]})
    g = b.game
    refused(g, f"rescue {b['barak']}", "redemption.battle.rescue", "can reach")
    ok(g, f"rescue {b['esther']}")
    ok(g, "noblock")
    assert g.zone_of(b["ls_weary"]) == (0, "land_of_redemption")


def test_effect_draw_on_enhancement():
    b = _blocked("barak", "caiaphas", p0={"hand": ["song_of_deborah"], "deck": ["gideon", "ehud"]})
    g = b.game
    ok(g, f"enhance {b['song_of_deborah']} {b['barak']}")
    assert g.zone_of(b["gideon"]) == (0, "hand")


def test_effect_hand_limit_text_and_ability_texts_exist():
    for c in CARDS.values():
        for a in c.abilities:
            assert a.effect in EFFECTS
        assert isinstance(c.ability_text, str)
    assert "hand limit is 2 higher" in CARDS["scroll_of_the_law"].ability_text
    assert "Only a Hero that is female may rescue" in CARDS["ls_weary"].ability_text


def test_weapon_on_warrior_stays_after_battle_other_enhancements_go():
    b = _blocked("gideon", "caiaphas", p0={"hand": ["sword_of_goliath"]})
    g = b.game
    ok(g, f"enhance {b['sword_of_goliath']} {b['gideon']}")  # a weapon can be played in battle too
    assert g.char_numbers(b["gideon"]) == (10, 5)
    b = battle_phase(
        {"field_of_battle": ["gideon", "sword_of_goliath", "left_handed_blade"]},
        {"field_of_battle": ["annas"], "land_of_bondage": ["ls_orphan"]},
        attached={"sword_of_goliath": "gideon", "left_handed_blade": "gideon"},
        battle={
            "kind": "rescue",
            "step": "initiative",
            "last_actor": 0,
            "played": ["sword_of_goliath", "left_handed_blade"],
        },
        flags={"battled": True},
    )
    g = b.game
    # Gideon 13/6 vs Annas 5/6: hero winning
    assert g.standing() == "hero_winning"
    ok(g, "pass")
    assert g.zone_of(b["gideon"]) == (0, "territory")
    assert g.attached.get(b["sword_of_goliath"]) == b["gideon"] and g.zone_of(b["sword_of_goliath"]) == (0, "territory")
    assert g.zone_of(b["left_handed_blade"]) == (0, "discard")


# --- the end of the game ------------------------------------------------------------------------------
def test_game_ends_when_no_lost_soul_is_left():
    b = battle_phase({"hand": ["barak"], "land_of_redemption": [("ls_widow", 1)]}, {"land_of_bondage": ["ls_orphan"]})
    g = b.game
    ok(g, f"rescue {b['barak']}")
    ok(g, "noblock")
    assert g.is_over and g.winner == 0 and g.s.end_rule == "redemption.win.nosouls"


def test_game_ends_when_piles_are_empty_and_nobody_can_rescue():
    b = build({"land_of_bondage": ["ls_mourner"]}, {"land_of_bondage": ["ls_weary"]}, phase="discard")
    g = b.game
    ok(g, "end")  # no Hero anywhere, no rescuing Dominant: nobody can win a soul any more
    assert g.is_over and g.s.result == "draw" and g.s.end_rule == "redemption.win.stalled"


def test_empty_piles_do_not_end_the_game_while_a_hero_faces_a_soul():
    """A round without a rescue does not end the game while Gideon faces an unblocked soul."""
    b = build(
        {"territory": ["gideon"], "land_of_bondage": ["ls_mourner"]},
        {"land_of_bondage": ["ls_orphan"]},
        phase="discard",
    )
    g = b.game
    for _ in range(11):  # two full rounds of turns with no battle, then player 1 is in battle again
        ok(g, "end")
    assert not g.is_over and g.rescue_possible()
    assert (g.active, g.phase) == (0, "battle")
    ok(g, f"rescue {b['gideon']}")
    ok(g, "noblock")
    assert g.score(0) == 1


@pytest.mark.parametrize(("limit", "words"), [(3, "3 turns"), (1, "1 turn")])
def test_max_turns_ends_the_game_and_says_its_limit(limit, words):
    g = new_game(11, max_turns=limit)
    r = Rng(4)
    while not g.is_over:
        la = g.legal_actions()
        g.apply(la[r.below(len(la))])
    assert g.turn <= limit
    assert f"the turn limit ({words}) was reached" in g.view(0)["end_reason"]


# --- state, view, determinize ---------------------------------------------------------------------------
def test_view_hides_hands_decks_and_face_down_cards_and_shows_battle():
    b = _blocked(
        "barak", "pilate", p0={"hand": ["fleece"], "artifact_pile": ["jar_of_oil"]}, p1={"hand": ["herods_banquet"]}
    )
    g = b.game
    v = g.view(1)
    assert v["players"][0]["hand"] is None and v["players"][0]["hand_count"] == 1
    assert [c["id"] for c in v["players"][1]["hand"]] == [b["herods_banquet"]]
    assert "deck" not in str([k for k in v["players"][0] if k == "deck_cards"])
    assert v["players"][0]["artifact_pile"][0] == {
        "id": b["jar_of_oil"],
        "owner": 0,
        "name": "Face-down artifact",
        "type": "artifact",
        "face_down": True,
    }
    assert v["battle"]["totals"]["hero"] == {"strength": 6, "toughness": 6}
    assert v["battle"]["initiative"] == 1 and v["decision"]["kind"] == "initiative"
    assert v["legal"] and all(isinstance(x, str) for x in v["legal"])
    assert g.view(0)["legal"] == []
    hero = v["players"][0]["field_of_battle"][0]
    assert hero["battle_strength"] == 6 and hero["name"] == "Barak" and hero["brigades"] == ["Blue"]


def _no_none(x):
    if isinstance(x, dict):
        return all(isinstance(k, str) and _no_none(v) for k, v in x.items())
    if isinstance(x, list):
        return all(_no_none(v) for v in x)
    return x is not None


def test_to_dict_is_toml_and_round_trips_through_a_game():
    g = new_game(21)
    r = Rng(2)
    for _ in range(120):
        if g.is_over:
            break
        d = g.to_dict()
        assert _no_none(d) and d["game"] == "redemption"
        assert set(d["players"][0]["zones"]) == set(ZONES)
        g2 = Game.from_dict(tomllib.loads(tomli_w.dumps(d)))
        assert g2 == g and g2.legal_actions() == g.legal_actions()
        la = g.legal_actions()
        g.apply(la[r.below(len(la))])


def test_from_dict_rejects_impossible_states():
    d = tables(new_game(1).to_dict())
    dup = {
        **d,
        "players": [
            {"zones": {**d["players"][0]["zones"], "hand": [d["players"][0]["zones"]["deck"][0]]}},
            d["players"][1],
        ],
    }
    with pytest.raises(ValueError, match="two places"):
        Game.from_dict(dup)
    miss = {
        **d,
        "players": [
            {"zones": {**d["players"][0]["zones"], "deck": d["players"][0]["zones"]["deck"][1:]}},
            d["players"][1],
        ],
    }
    with pytest.raises(ValueError, match="no zone"):
        Game.from_dict(miss)
    unk = {**d, "cards": {**d["cards"], "G99": {"key": "nonesuch", "owner": 0}}}
    with pytest.raises(ValueError, match="unknown card"):
        Game.from_dict(unk)
    with pytest.raises(ValueError, match="phase"):
        Game.from_dict({**d, "phase": "lunch"})
    with pytest.raises(ValueError, match="option"):
        Game.from_dict({**d, "options": {"colour": "red"}})
    soul = [c for c, v in d["cards"].items() if CARDS[v["key"]].type == "lost_soul" and v["owner"] == 0][0]
    z = dict(d["players"][0]["zones"])
    z["deck"] = [c for c in z["deck"] if c != soul]
    z["hand"] = [soul]
    with pytest.raises(ValueError, match="Lost Soul"):
        Game.from_dict({**d, "players": [{"zones": z}, d["players"][1]]})


def test_clone_is_independent():
    b = build({"hand": ["gideon"]}, {})
    g = b.game
    c = g.clone()
    ok(c, f"play {b['gideon']}")
    assert g.zone_of(b["gideon"]) == (0, "hand") and c != g


def test_determinize_keeps_what_player_sees():
    g = new_game(8)
    r = Rng(3)
    while g.turn < 4:
        la = g.legal_actions()
        g.apply(la[r.below(len(la))])
    me = g.current_player
    opp = 1 - me
    d = g.determinize(me, Rng(99))
    for p in (0, 1):
        for zn in g.z[p]:
            assert len(d.z[p][zn]) == len(g.z[p][zn])
            if zn not in ("deck", "hand", "artifact_pile"):
                assert [d.card(c).key for c in d.z[p][zn]] == [g.card(c).key for c in g.z[p][zn]]
    assert [d.card(c).key for c in d.z[me]["hand"]] == [g.card(c).key for c in g.z[me]["hand"]]
    assert all(d.card(c).type != "lost_soul" for c in d.z[opp]["hand"])
    assert sorted(d.card(c).key for c in d.z[opp]["hand"] + d.z[opp]["deck"] + d.z[opp]["artifact_pile"]) == sorted(
        g.card(c).key for c in g.z[opp]["hand"] + g.z[opp]["deck"] + g.z[opp]["artifact_pile"]
    )
    assert d.view(me)["players"][me]["hand"] == g.view(me)["players"][me]["hand"]
    Game.from_dict(d.to_dict())


# --- decks ----------------------------------------------------------------------------------------------------
def test_bundled_decks_are_legal_singletons():
    for label in ("G", "H"):
        keys = DECKS[label]["cards"]
        assert validate_deck(keys) == []
        assert len(keys) == 50 and len(set(keys)) == 50
        types = [CARDS[k].type for k in keys]
        assert types.count("lost_soul") == 7 and types.count("dominant") == 3
        assert 7 <= types.count("hero") <= 8 and 7 <= types.count("evil_character") <= 8
        assert types.count("site") == 1 and types.count("artifact") >= 1
    assert any(CARDS[k].type == "fortress" for k in POOL)


def test_deck_validator_finds_problems():
    g = list(DECKS["G"]["cards"])
    assert any("at least 50" in p for p in validate_deck(g[:49]))
    no_soul = [k for k in g if k != "ls_wanderer"] + ["gideon"]
    assert any("Lost Souls" in p for p in validate_deck(no_soul))
    two_doms = [k for k in g if k != "gideon"] + ["manna_from_heaven"]
    assert any("Dominant" in p for p in validate_deck(two_doms))
    four = [k for k in g if k not in ("gideon", "barak", "ehud")] + ["esther"] * 3
    assert any("copies of Esther" in p for p in validate_deck(four))
    assert any("unknown" in p for p in validate_deck(g[:-1] + ["nonesuch"]))
    keys = parse_deck_toml("cards = [" + ", ".join(f'"{k}"' for k in g) + "]")
    assert keys == g
    with pytest.raises(ValueError, match="not legal"):
        parse_deck_toml("cards = {gideon = 4}")
    with pytest.raises(ValueError):
        new_game(1, decks=("G", g[:40]))
    custom = new_game(1, decks=(g, "H"))
    assert custom.decks == ["custom", "H"]


# --- documentation --------------------------------------------------------------------------------------------
def test_every_cited_rule_id_is_documented():
    sections = rule_sections("redemption")
    src = "".join(p.read_text() for p in pathlib.Path("rules/redemption").glob("*.py"))
    ids = {m for m in re.findall(r"(?<![\w.])redemption\.[a-z0-9_.-]*[a-z0-9_]", src)}
    ids |= {f"redemption.effect.{e}" for e in EFFECTS} | {"redemption.notation", "redemption.end"}
    missing = sorted(i for i in ids if i not in sections)
    assert not missing, missing
    assert len(ids) > 40


@pytest.mark.parametrize("game", ["redemption", "resurrection"])
def test_rules_open_with_the_game_and_keep_the_program_for_the_end(game):
    """A player opening the rules reads the game first: how moves are written, shared tables, saves and
    positions come after every rule of the game, each group in the document's order."""
    from rules.docs import ABOUT_THE_PROGRAM

    order = list(rule_sections(game))
    about = [sid.split(".")[1] in ABOUT_THE_PROGRAM for sid in order]
    assert not about[0] and any(about) and about == sorted(about)  # all False, then all True
    assert order[0] == f"{game}.cards.1" if game == "resurrection" else order[0] == "redemption.multiplayer"
    scope = " ".join(rule_sections("redemption")["redemption.scope"].text.split())
    assert "two-player duel" not in scope and "two to four" in scope


def test_rejections_cite_documented_rules():
    sections = rule_sections("redemption")
    g = new_game(2)
    for text in ["cut 1", "play G1", "end", "pass", "noblock", "first 0", "dominant G1"]:
        out = g.apply(text)
        if not out.ok:
            assert out.rule in sections, out.rule


def test_live_totals_are_stored_and_checked():
    b = _blocked("barak", "pilate")
    g = b.game
    d = g.to_dict()
    assert d["live"] == {
        "hero_strength": 6,
        "hero_toughness": 6,
        "evil_strength": 5,
        "evil_toughness": 5,
        "standing": "hero_winning",
        "initiative": 1,
    }
    bad = {**d, "live": {**d["live"], "hero_strength": 60}}
    with pytest.raises(ValueError, match="totals"):
        Game.from_dict(bad)


def test_saves_round_trip_mid_battle():
    """A save is a whole game (redemption.save.valid): the battle is reached by play, not built by hand."""
    import random

    saves = pytest.importorskip("saves")
    g, r = new_game(1), random.Random(1)
    while not (g.phase == "battle" and g.b.step == "initiative"):
        assert not g.is_over and len(g.history) < 2000
        g.apply(r.choice(g.legal_actions()))
    text = saves.dumps(g)
    g2 = saves.loads(text)
    assert g2 == g and g2.current_player == g.current_player and g2.b.step == "initiative"
    assert f'score = "{g.score(0)}-{g.score(1)}"' in text


def test_malformed_action_objects_are_refused_not_crashes():
    g = new_game(1)
    for a in (
        Action("cut", ("x",)),
        Action("first", ("7",)),
        Action("play", ()),
        Action("soul", ("G1",)),
        Action("play", (3,)),
    ):
        out = g.apply(a)
        assert not out.ok and out.rule == "redemption.notation"


def test_determinize_hides_face_down_artifacts():
    b = build(
        {"hand": ["gideon"], "deck": ["barak", "ehud"]},
        {
            "hand": ["peter", "andrew"],
            "deck": ["james", "basket_of_loaves", "ls_orphan"],
            "artifact_pile": ["letters_to_churches"],
        },
    )
    g = b.game
    seen = set()
    for i in range(30):
        d = g.determinize(0, Rng(i))
        art = d.z[1]["artifact_pile"][0]
        assert d.card(art).type == "artifact"
        seen.add(d.card(art).key)
        assert all(d.card(c).type != "lost_soul" for c in d.z[1]["hand"])
        assert d.card(d.z[0]["hand"][0]).key == "gideon"
    assert seen == {"letters_to_churches", "basket_of_loaves"}


def test_activation_and_enhancement_draws_route_lost_souls():
    b = build({"artifact_pile": ["bread_for_elijah"], "deck": ["ls_wanderer", "gideon"]}, {})
    g = b.game
    ok(g, f"activate {b['bread_for_elijah']}")
    assert g.zone_of(b["ls_wanderer"]) == (0, "land_of_bondage") and g.zone_of(b["gideon"]) == (0, "hand")
    b = _blocked("barak", "caiaphas", p0={"hand": ["song_of_deborah"], "deck": ["ls_blind", "ehud"]})
    g = b.game
    ok(g, f"enhance {b['song_of_deborah']} {b['barak']}")
    assert g.zone_of(b["ls_blind"]) == (0, "land_of_bondage") and g.zone_of(b["ehud"]) == (0, "hand")


@pytest.mark.parametrize(
    "verb,keys,where",
    [
        ("play", ["gideon"], (0, "territory")),
        ("artifact", ["jar_of_oil"], (0, "artifact_pile")),
        ("site", ["cave_of_adullam"], (0, "territory")),
        ("fortress", ["stronghold_of_zion"], (0, "territory")),
        ("setaside", ["barak"], (0, "set_aside")),
        ("equip", ["sword_of_goliath", "barak"], (0, "territory")),
    ],
)
def test_each_discard_phase_action(verb, keys, where):
    b = build(
        {
            "hand": ["gideon", "jar_of_oil", "cave_of_adullam", "stronghold_of_zion", "sword_of_goliath"],
            "territory": ["barak"],
        },
        {},
        phase="discard",
    )
    g = b.game
    ok(g, " ".join([verb] + [b[k] for k in keys]))
    assert g.zone_of(b[keys[0]]) == where and g.phase == "discard"


def test_hand_limit_state_needs_a_full_hand():
    with pytest.raises(ValueError, match="hand-limit"):
        build({"hand": ["gideon"]}, {}, phase="hand_limit")


def test_a_state_saved_with_the_rule_in_the_end_reason_reads_it_into_its_field():
    """Before 'end_rule', the rule id closed the words ("... (redemption.resign)"): such a file still loads, the words
    without the rule and the rule in its field; a reason that only looks like one keeps its words."""
    b = build({"land_of_bondage": ["ls_mourner"]}, {"land_of_bondage": ["ls_weary"]}, phase="discard")
    d = b.game.to_dict()
    d["result"] = "1"
    del d["end_rule"]
    d["end_reason"] = "{p0:^} resigned (redemption.resign)"
    g = Game.from_dict(d)
    assert (g.s.end_reason, g.s.end_rule) == ("{p0:^} resigned", "redemption.resign")
    assert g.view(1)["end_reason"] == "Player 1 resigned" and g.to_dict()["end_rule"] == "redemption.resign"
    d["end_reason"] = "the table (a kitchen table) fell over"
    assert Game.from_dict(d).s.end_rule == "" and Game.from_dict(d).s.end_reason == d["end_reason"]
