"""Dominant windows in the Draw, Upkeep and Preparation phases, and the "don't stop me for this Dominant" setting
(rules.md: redemption.dominant.window, redemption.dominant.mute). Each test starts from a hand-built position in the
scenario format; the windows failed on the engine before the ruling."""

from __future__ import annotations

from rules.redemption import Game
from tests.redemption_helpers import ok, refused, scenario


def _round_trip(g: Game) -> None:
    d = g.to_dict()
    again = Game.from_dict(d)
    assert again.to_dict() == d and again.current_player == g.current_player


def _fortress_prep():
    return scenario("""
[start]
phase = "prep"
active = 0
turn = 5
[[start.seat]]
territory = ["stronghold_of_zion"]
hand = ["gideon", "barak"]
deck = ["ehud", "ls_debtor"]
[[start.seat]]
hand = ["day_of_judgment"]
deck = ["peter", "james", "john", "ls_orphan"]
""")


def test_the_inactive_player_may_answer_between_preparation_actions():
    b = _fortress_prep()
    g = b.game
    gideon, doj = b["gideon"], b["day_of_judgment"]
    ok(g, f"play {gideon}")
    # before Gideon can go into the fortress, Player 2 may play Day of Judgment on him
    assert g.current_player == 1 and g.decision()["kind"] == "window" and g.phase == "prep"
    assert f"dominant {doj} {gideon}" in map(str, g.legal_actions())
    assert "in the Preparation phase" in g.view(1)["decision"]["text"]
    _round_trip(g)
    ok(g, f"dominant {doj} {gideon}")
    assert g.zone_of(gideon) == (0, "discard")
    assert g.current_player == 0 and g.phase == "prep" and not g.s.window.queue


def test_a_player_with_nothing_playable_is_not_asked_between_preparation_actions():
    b = _fortress_prep()
    g = b.game
    ok(g, f"play {b['gideon']}")
    ok(g, "decline")
    ok(g, f"fortress-in {b['gideon']} {b['stronghold_of_zion']}")
    assert g.current_player == 0  # in the fortress Gideon is out of Day of Judgment's reach: nobody to ask
    g2 = scenario("""
[start]
phase = "prep"
active = 0
turn = 5
[[start.seat]]
hand = ["gideon"]
deck = ["ehud", "ls_debtor"]
[[start.seat]]
hand = ["heavenly_city"]
deck = ["peter", "ls_orphan"]
""").game
    ok(g2, "play G1")  # Heavenly City has no Lost Soul of Player 1 to take: no window
    assert g2.current_player == 0 and not g2.s.window.queue


def test_the_other_player_may_answer_in_the_draw_and_upkeep_phases():
    b = scenario("""
[start]
phase = "discard"
active = 0
turn = 5
face_up = ["jar_of_oil"]
[[start.seat]]
territory = ["gideon"]
hand = ["day_of_judgment"]
deck = ["ehud", "ls_debtor"]
[[start.seat]]
territory = ["peter"]
artifact_pile = ["jar_of_oil"]
deck = ["james", "john", "andrew", "stephen", "ls_orphan"]
""")
    g = b.game
    ok(g, "end")  # Player 1 ends the turn (Player 2 holds nothing playable: no end-of-turn window)
    assert g.turn == 6 and g.active == 1
    # Player 2 drew 3 in the Draw phase: Player 1 may answer now, before the Upkeep
    assert g.phase == "draw" and g.current_player == 0 and len(g.z[1]["hand"]) == 3
    assert "in the Draw phase" in g.view(0)["decision"]["text"]
    _round_trip(g)
    ok(g, "decline")
    # the Jar of Oil drew one in the Upkeep: another window, then the Preparation phase
    assert g.phase == "upkeep" and g.current_player == 0 and len(g.z[1]["hand"]) == 4
    _round_trip(g)
    ok(g, f"dominant {b['day_of_judgment']} {b['peter']}")
    assert g.zone_of(b["peter"]) == (1, "discard")
    assert g.phase == "prep" and g.current_player == 1


def test_a_player_may_ask_not_to_be_stopped_for_a_dominant_until_the_turn_ends():
    b = _fortress_prep()
    g = b.game
    doj = b["day_of_judgment"]
    ok(g, f"play {b['gideon']}")
    assert {f"mute {doj}", f"mute {doj} game"} <= set(map(str, g.legal_actions()))
    out = ok(g, f"mute {doj}")
    assert not out.events  # like a decline: nothing said that the others could read
    assert g.current_player == 0 and g.s.mute == {doj: 5}
    _round_trip(g)
    ok(g, f"play {b['barak']}")
    assert g.current_player == 0  # not stopped again this turn
    ok(g, "end")
    assert g.phase == "battle" and g.current_player == 0
    refused(g, f"mute {doj}", "redemption.dominant.mute")  # outside a window there is nothing to mute
    ok(g, "end")
    ok(g, "end")  # the turn passes: Player 2's Draw phase asks nobody, Player 1 holds no Dominant
    assert g.turn == 6 and g.s.mute == {}  # the mute ended with turn 5


def test_a_dominant_muted_until_the_game_ends_stops_its_player_no_more_but_can_still_be_played():
    b = _fortress_prep()
    g = b.game
    doj, gideon = b["day_of_judgment"], b["gideon"]
    ok(g, f"play {gideon}")
    ok(g, f"mute {doj} game")
    assert g.s.mute == {doj: 0}
    d = g.to_dict()
    assert d["mute"] == {doj: 0} and Game.from_dict(d).s.mute == {doj: 0}
    ok(g, "end")
    ok(g, "end")
    ok(g, "end")
    assert g.turn == 6 and g.active == 1 and g.phase == "prep" and g.s.mute == {doj: 0}
    ok(g, f"dominant {doj} {gideon}")  # at a decision of its own it is played as ever
    assert g.zone_of(gideon) == (0, "discard")


def test_a_muted_dominant_in_a_scenario_and_a_bad_mute_are_refused_with_one_line():
    b = scenario("""
[start]
phase = "prep"
active = 0
turn = 5
mute = { day_of_judgment = 5 }
[[start.seat]]
hand = ["gideon"]
deck = ["ehud", "ls_debtor"]
[[start.seat]]
hand = ["day_of_judgment"]
deck = ["peter", "ls_orphan"]
""")
    g = b.game
    ok(g, f"play {b['gideon']}")
    assert g.current_player == 0  # muted: no window
    d = g.to_dict()
    d["mute"] = {b["gideon"]: 0}
    try:
        Game.from_dict(d)
    except ValueError as e:
        assert "only Dominants" in str(e)
    else:
        raise AssertionError("a mute on a character loaded")
