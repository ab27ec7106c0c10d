"""The rulings a judge would accept, every choice made by its player, and Dominant windows.

Each test starts from a hand-built position in the scenario format (``redemption.scenario``).
"""

from __future__ import annotations

from rules.redemption import Game
from tests.redemption_helpers import ok, refused, scenario

# --- 3.1 one active artifact ---------------------------------------------------------------------


def test_activating_a_second_artifact_turns_the_first_face_down():
    b = scenario("""
[start]
phase = "prep"
active = 0
turn = 3
face_up = ["jar_of_oil"]
[[start.seat]]
artifact_pile = ["jar_of_oil", "scroll_of_the_law"]
deck = ["gideon", "ls_debtor"]
[[start.seat]]
deck = ["peter", "ls_orphan"]
""")
    g = b.game
    assert g.hand_limit(0) == 8
    out = ok(g, f"activate {b['scroll_of_the_law']}")
    assert b["jar_of_oil"] not in g.face_up and b["scroll_of_the_law"] in g.face_up
    assert g.zone_of(b["jar_of_oil"]) == (0, "artifact_pile")  # face down, still on the pile
    assert g.hand_limit(0) == 10
    assert any("one active artifact" in e.text for e in out.events)


def test_an_artifact_can_be_activated_straight_from_hand_once_a_turn():
    b = scenario("""
[start]
phase = "prep"
active = 0
turn = 3
face_up = ["jar_of_oil"]
[[start.seat]]
hand = ["bread_for_elijah", "basket_of_loaves"]
artifact_pile = ["jar_of_oil"]
deck = ["gideon", "barak", "ls_debtor"]
[[start.seat]]
deck = ["peter", "ls_orphan"]
""")
    g = b.game
    assert f"activate {b['bread_for_elijah']}" in map(str, g.legal_actions())
    ok(g, f"activate {b['bread_for_elijah']}")  # When activated: draw 1
    assert g.zone_of(b["bread_for_elijah"]) == (0, "artifact_pile") and g.face_up == {b["bread_for_elijah"]}
    assert g.zone_of(b["gideon"]) == (0, "hand")
    refused(g, f"activate {b['basket_of_loaves']}", "redemption.prep.activate", "already activated")


# --- 3.2 a battle challenge becomes a rescue attempt ------------------------------------------------


def test_a_challenge_becomes_a_rescue_when_the_blocker_draws_a_lost_soul():
    b = scenario("""
[start]
phase = "battle"
active = 0
turn = 3
[[start.seat]]
territory = ["gideon"]
deck = ["barak", "ls_debtor"]
[[start.seat]]
hand = ["haman"]
deck = ["ls_orphan", "pilate", "herod"]
""")
    g = b.game
    ok(g, f"challenge {b['gideon']}")
    out = ok(g, f"block {b['haman']}")  # Haman draws 1: the Orphan goes to the Land of Bondage
    assert g.zone_of(b["ls_orphan"]) == (1, "land_of_bondage")
    assert g.b.kind == "rescue" and any("rescue attempt from here on" in e.text for e in out.events)
    ok(g, "pass")  # Gideon 7/5 beats Haman 4/4: the defender is losing and lets the battle end
    assert g.zone_of(b["ls_orphan"]) == (0, "land_of_redemption") and g.score(0) == 1


# --- 3.3 weapons in battle: tests/test_redemption_rulings_battle.py -------------------------------------


# --- 3.4 uniqueness in play -------------------------------------------------------------------------------


def test_a_player_controls_one_copy_of_a_unique_character_in_play():
    b = scenario("""
[start]
phase = "prep"
active = 0
turn = 3
[[start.seat]]
territory = ["gideon"]
hand = ["gideon", "gideon", "stronghold_of_zion"]
set_aside = ["barak"]
[[start.seat]]
land_of_bondage = ["ls_orphan"]
""")
    g = b.game
    refused(g, "play G2", "redemption.unique", "already have Gideon (G1) in your territory")
    assert "play G2" not in map(str, g.legal_actions()) and "play G3" not in map(str, g.legal_actions())
    ok(g, f"fortress {b['stronghold_of_zion']}")
    ok(g, "end")
    refused(g, "rescue G2", "redemption.unique")  # from hand beside the one in territory
    assert [str(a) for a in g.legal_actions() if a.verb == "rescue"] == ["rescue G1"]


def test_unique_blocker_from_hand_is_refused_beside_its_copy():
    b = scenario("""
[start]
phase = "battle"
active = 0
turn = 3
flags = { battled = true }
battle = { kind = "rescue", step = "block", last_actor = 0 }
[[start.seat]]
field_of_battle = ["barak"]
land_of_bondage = ["ls_debtor"]
[[start.seat]]
territory = ["herod"]
hand = ["herod"]
land_of_bondage = ["ls_orphan"]
""")
    g = b.game
    refused(g, "block H2", "redemption.unique")
    ok(g, "block H1")


# --- 3.5 negate undoes ------------------------------------------------------------------------------------


def test_negate_brings_back_the_character_the_negated_card_discarded():
    b = scenario("""
[start]
phase = "battle"
active = 0
turn = 3
flags = { battled = true }
battle = { kind = "rescue", step = "initiative", last_actor = 1 }
[[start.seat]]
field_of_battle = ["barak"]
hand = ["stars_fought"]
land_of_bondage = ["ls_debtor"]
[[start.seat]]
field_of_battle = ["nebuchadnezzar", "belshazzar"]
hand = ["golden_image"]
land_of_bondage = ["ls_orphan"]
""")
    g = b.game
    ok(g, f"enhance {b['stars_fought']} {b['barak']} {b['belshazzar']}")
    assert g.zone_of(b["belshazzar"]) == (1, "discard") and g.current_player == 1
    out = ok(g, f"enhance {b['golden_image']} {b['nebuchadnezzar']}")
    assert g.zone_of(b["belshazzar"]) == (1, "field_of_battle")
    assert any("returns to battle" in e.text for e in out.events)
    assert g.standing() == "evil_winning"  # Barak 6/6 against Nebuchadnezzar and Belshazzar again


def test_negating_a_band_sends_the_banded_character_home():
    b = scenario("""
[start]
phase = "battle"
active = 0
turn = 3
flags = { battled = true }
battle = { kind = "rescue", step = "initiative", last_actor = 1 }
[[start.seat]]
field_of_battle = ["barak"]
hand = ["call_to_arms", "gideon"]
land_of_bondage = ["ls_debtor"]
[[start.seat]]
field_of_battle = ["caiaphas"]
hand = ["false_witnesses"]
land_of_bondage = ["ls_orphan"]
""")
    g = b.game
    ok(g, f"enhance {b['call_to_arms']} {b['barak']} {b['gideon']}")
    assert g.zone_of(b["gideon"]) == (0, "field_of_battle")
    ok(g, f"enhance {b['false_witnesses']} {b['caiaphas']}")
    assert g.zone_of(b["gideon"]) == (0, "hand")


# --- 3.6 a banded character has its enter-battle abilities; band from hand or territory -------------------


def test_band_from_hand_and_the_banded_character_draws_as_it_enters():
    b = scenario("""
[start]
phase = "battle"
active = 0
turn = 3
flags = { battled = true }
battle = { kind = "rescue", step = "initiative", last_actor = 1 }
[[start.seat]]
field_of_battle = ["barak"]
hand = ["call_to_arms", "deborah"]
territory = ["gideon", "daniel"]
deck = ["left_handed_blade", "ls_debtor"]
land_of_bondage = ["ls_prodigal"]
[[start.seat]]
field_of_battle = ["herod"]
land_of_bondage = ["ls_orphan"]
""")
    g = b.game
    legal = {str(a) for a in g.legal_actions() if a.verb == "enhance"}
    e, barak = b["call_to_arms"], b["barak"]
    assert legal == {f"enhance {e} {barak} {b['deborah']}", f"enhance {e} {barak} {b['gideon']}"}  # Daniel is Gold
    ok(g, f"enhance {e} {barak} {b['deborah']}")
    assert g.zone_of(b["deborah"]) == (0, "field_of_battle")
    assert g.zone_of(b["left_handed_blade"]) == (0, "hand")  # Deborah: draw 1 as she enters


# --- 3.7 ignore keeps out characters that would enter later ---------------------------------------------


def test_an_ignored_kind_of_character_cannot_band_into_the_battle():
    b = scenario("""
[start]
phase = "battle"
active = 0
turn = 3
flags = { battled = true }
battle = { kind = "rescue", step = "initiative", last_actor = 0 }
[[start.seat]]
field_of_battle = ["deborah"]
hand = ["call_to_arms"]
territory = ["gideon"]
land_of_bondage = ["ls_debtor"]
[[start.seat]]
field_of_battle = ["caiaphas"]
hand = ["sorcery"]
land_of_bondage = ["ls_orphan"]
""")
    g = b.game
    ok(g, f"enhance {b['sorcery']} {b['caiaphas']}")  # ignore every opposing warrior-class character
    refused(g, f"enhance {b['call_to_arms']} {b['deborah']} {b['gideon']}", "redemption.battle.targets")
    ok(g, f"enhance {b['call_to_arms']} {b['deborah']}")  # nothing may band in: played without a target
    assert g.zone_of(b["gideon"]) == (0, "territory")


# --- 1. every choice is the player's ---------------------------------------------------------------------


def test_the_player_chooses_which_opposing_character_an_ability_hits():
    b = scenario("""
[start]
phase = "battle"
active = 0
turn = 3
flags = { battled = true }
battle = { kind = "rescue", step = "initiative", last_actor = 1 }
[[start.seat]]
field_of_battle = ["barak"]
hand = ["stars_fought"]
land_of_bondage = ["ls_debtor"]
[[start.seat]]
field_of_battle = ["nebuchadnezzar", "haman"]
land_of_bondage = ["ls_orphan"]
""")
    g = b.game
    e, barak = b["stars_fought"], b["barak"]
    assert {str(a) for a in g.legal_actions() if a.verb == "enhance"} == {
        f"enhance {e} {barak} {b['nebuchadnezzar']}",
        f"enhance {e} {barak} {b['haman']}",
    }
    refused(g, f"enhance {e} {barak}", "redemption.battle.targets", "needs a target")
    ok(g, f"enhance {e} {barak} {b['haman']}")  # the weaker one: the player's choice, not the toughest
    assert g.zone_of(b["haman"]) == (1, "discard") and g.zone_of(b["nebuchadnezzar"]) == (1, "field_of_battle")
    assert Game.from_dict(g.to_dict()) == g


# --- 2. Dominant windows ------------------------------------------------------------------------------------

PREP_WITH_DOMINANT = """
[start]
phase = "prep"
active = 0
turn = 3
[[start.seat]]
territory = ["gideon"]
land_of_bondage = ["ls_debtor"]
deck = ["barak", "ehud", "ls_prodigal"]
[[start.seat]]
hand = ["day_of_judgment", "pilate"]
land_of_bondage = ["ls_orphan"]
deck = ["peter", "ls_stranger"]
"""


def test_the_opponent_gets_a_dominant_window_when_preparation_ends():
    b = scenario(PREP_WITH_DOMINANT)
    g = b.game
    out = refused(g, f"dominant {b['day_of_judgment']} {b['gideon']}", "redemption.dominant.timing")
    assert "not in your hand" not in out.reason and "window" in out.reason
    ok(g, "end")
    assert g.current_player == 1 and g.decision()["kind"] == "window" and g.phase == "battle"
    legal = [str(a) for a in g.legal_actions()]
    assert "decline" in legal and f"dominant {b['day_of_judgment']} {b['gideon']}" in legal
    refused(g, f"play {b['pilate']}", "redemption.dominant.window")
    v0 = g.view(0)  # what the waiting player sees: that player 2 decides, never which card
    assert v0["current_player"] == 1 and v0["legal"] == [] and v0["players"][1]["hand"] is None
    assert "Day of Judgment" not in str(v0)
    ok(g, f"dominant {b['day_of_judgment']} {b['gideon']}")
    assert g.zone_of(b["gideon"]) == (0, "discard")
    assert g.current_player == 0 and g.phase == "battle" and not g.s.window.queue
    assert Game.from_dict(g.to_dict()) == g


def test_decline_lets_the_game_go_on_and_nobody_without_a_dominant_is_asked():
    b = scenario(PREP_WITH_DOMINANT)
    g = b.game
    ok(g, "end")
    ok(g, "decline")
    assert g.current_player == 0 and g.phase == "battle"
    b2 = scenario(PREP_WITH_DOMINANT.replace('"day_of_judgment", ', ""))
    ok(b2.game, "end")
    assert b2.game.current_player == 0  # no Dominant: no window, no waiting


def test_a_dominant_with_no_target_opens_no_window():
    b = scenario(
        PREP_WITH_DOMINANT.replace("day_of_judgment", "heavenly_city")
        .replace('land_of_bondage = ["ls_debtor"]', "")
        .replace('deck = ["barak", "ehud", "ls_prodigal"]', 'deck = ["barak", "ehud"]')
    )
    g = b.game
    assert not g.z[0]["land_of_bondage"]
    ok(g, "end")
    assert g.current_player == 0


def test_window_before_the_battle_resolves():
    b = scenario("""
[start]
phase = "battle"
active = 0
turn = 3
flags = { battled = true }
battle = { kind = "rescue", step = "initiative", last_actor = 0 }
[[start.seat]]
field_of_battle = ["deborah"]
land_of_bondage = ["ls_debtor"]
[[start.seat]]
field_of_battle = ["caiaphas"]
hand = ["day_of_judgment"]
land_of_bondage = ["ls_orphan"]
""")
    g = b.game  # Deborah 5/7 against Caiaphas 6/7: stalemate; player 2 did not move last
    assert g.current_player == 1
    ok(g, "pass")
    ok(g, "pass")  # two passes: player 2 (who passed first) gets a window before the battle ends
    assert g.current_player == 1 and g.decision()["kind"] == "window" and g.s.window.then == "resolve"
    ok(g, f"dominant {b['day_of_judgment']} {b['deborah']}")
    assert g.phase == "discard" and g.score(0) == 0 and g.zone_of(b["deborah"]) == (0, "discard")


def test_window_in_the_battle_for_the_player_without_initiative():
    b = scenario("""
[start]
phase = "battle"
active = 0
turn = 3
flags = { battled = true }
battle = { kind = "rescue", step = "block", last_actor = 0 }
[[start.seat]]
field_of_battle = ["gideon"]
hand = ["manna_from_heaven"]
deck = ["barak", "ehud", "deborah", "ls_debtor"]
land_of_bondage = ["ls_prodigal"]
[[start.seat]]
territory = ["haman"]
land_of_bondage = ["ls_orphan"]
""")
    g = b.game
    ok(g, f"block {b['haman']}")  # Gideon 7/5 beats Haman 4/4: the defender has initiative
    assert g.current_player == 0 and g.decision()["kind"] == "window"  # the attacker may answer first
    ok(g, "decline")
    assert g.current_player == 1 and g.b.step == "initiative"


def test_window_before_the_turn_passes():
    b = scenario("""
[start]
phase = "discard"
active = 0
turn = 3
flags = { battled = true }
[[start.seat]]
territory = ["gideon"]
land_of_bondage = ["ls_debtor"]
deck = ["barak", "ls_prodigal"]
[[start.seat]]
hand = ["manna_from_heaven"]
land_of_bondage = ["ls_orphan"]
deck = ["peter", "james", "john", "andrew", "stephen", "lydia", "ls_stranger"]
""")
    g = b.game
    ok(g, "end")
    assert g.current_player == 1 and g.s.window.then == "end_turn" and g.turn == 3
    ok(g, f"dominant {b['manna_from_heaven']}")
    assert g.turn == 4 and g.active == 1 and g.current_player == 1 and g.phase == "prep"
    assert len(g.z[1]["hand"]) == 6  # three from Manna, three in the Draw phase


def test_no_dominant_while_the_first_player_is_chosen():
    b = scenario("""
[start]
phase = "first"
active = 0
turn = 0
chooser = 1
[[start.seat]]
hand = ["gideon"]
deck = ["barak", "ls_debtor"]
[[start.seat]]
hand = ["manna_from_heaven"]
deck = ["peter", "ls_stranger"]
""")
    g = b.game
    assert {a.verb for a in g.legal_actions()} == {"first"}
    refused(g, f"dominant {b['manna_from_heaven']}", "redemption.dominant.timing")


def test_saves_without_the_new_fields_still_load():
    b = scenario(PREP_WITH_DOMINANT)
    d = b.game.to_dict()
    del d["window"]
    del d["battle"]["effects"]
    assert Game.from_dict(d) == b.game


def test_ten_rounds_without_a_rescue_on_empty_piles_end_the_game():
    text = """
[start]
phase = "discard"
active = 0
turn = 40
dry_turns = DRY
[[start.seat]]
territory = ["deborah"]
land_of_bondage = ["ls_debtor"]
[[start.seat]]
territory = ["herodias"]
land_of_bondage = ["ls_orphan"]
"""
    g = scenario(text.replace("DRY", "18")).game
    ok(g, "end")
    assert not g.is_over and g.rescue_possible()
    g = scenario(text.replace("DRY", "19")).game
    ok(g, "end")
    assert g.is_over and "10 full rounds" in g.s.end_reason


def test_a_dominant_that_takes_the_last_hero_before_resolution_ends_the_battle():
    """Found by the state machine: the attacker's window after 'noblock' left a block step with no Hero."""
    b = scenario("""
[start]
phase = "battle"
active = 1
turn = 3
flags = { battled = true }
battle = { kind = "rescue", step = "block", last_actor = 1 }
[[start.seat]]
hand = ["manna_from_heaven"]
land_of_bondage = ["ls_debtor"]
deck = ["gideon", "barak", "ehud", "ls_prodigal"]
[[start.seat]]
field_of_battle = ["andrew"]
hand = ["day_of_judgment"]
land_of_bondage = ["ls_orphan"]
""")
    g = b.game
    ok(g, "noblock")
    assert g.current_player == 1 and g.s.window.then == "resolve"
    ok(g, f"dominant {b['day_of_judgment']} {b['andrew']}")
    assert g.phase == "discard" and not g.s.window.queue and g.score(1) == 0
    assert Game.from_dict(g.to_dict()) == g


# --- "cannot be negated" beside "negate every ability": each asks the other ----------------------------------------
def test_a_keeper_from_negation_beside_a_negater_of_every_ability_answers_without_recursion():
    """Job's Wife ( C) in battle negates every other ability; Pashur the Priest in territory says Stocks cannot be
    negated, and an Evil Character's keeper that fits itself (our own test card) says cards like it cannot be: the
    question "is this negated?" asks the keeper, whose own negation asks the same question."""
    from rules.redemption import continuous
    from rules.redemption.cards import _card, real_key
    from tests.test_real_g10 import in_battle

    wife, pashur = real_key("Job's Wife ( C)", "2E"), real_key("Pashur the Priest", "Pri")
    stones = real_key("Five Smooth Stones (L)", "Main")
    b = in_battle("barak", wife, [], mine={"hand": [stones]}, theirs={"territory": [pashur]})
    g = b.game
    assert continuous.abilities_negated(g, b["barak"])  # Barak is no Stocks: Pashur does not keep him
    assert continuous.abilities_negated(g, b[pashur])  # nor himself: he is negated with the rest
    # a keeper that fits its own selector: "Evil Characters cannot be negated" on an Evil Character holds
    keeper = _card(
        {
            "key": "t_keeper",
            "name": "T Keeper",
            "type": "evil_character",
            "alignment": "evil",
            "brigades": ["Gray"],
            "strength": 5,
            "toughness": 5,
            "abilities": [
                {"trigger": "while_in_play", "effects": [{"verb": "unnegatable", "select": {"type": "evil_character"}}]}
            ],
        }
    )
    g.cd[b[pashur]] = keeper
    assert not continuous.abilities_negated(g, b[pashur])
    assert continuous.abilities_negated(g, b["barak"]) and not g._unnegatable_asking  # no question left open
