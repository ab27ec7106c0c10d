"""Dominant timing, finished games, the hand cap and card texts (rules.md: redemption.dominant.window,
redemption.save.valid, redemption.hand.cap). Each test starts from a hand-built position in the scenario format."""

from __future__ import annotations

import re

from rules.redemption import CARDS, Game
from tests.redemption_helpers import ok, scenario

FILL = ", ".join(['"left_handed_blade"'] * 7)


def _fifth_soul_by_dominant():
    return scenario("""
[start]
phase = "battle"
active = 0
turn = 5
battle = { kind = "rescue", step = "block", last_actor = 0 }
[[start.seat]]
field_of_battle = ["gideon"]
hand = ["heavenly_city"]
land_of_redemption = ["ls_wanderer", "ls_prodigal", "ls_debtor", "ls_blind"]
deck = ["barak", "ls_captive"]
[[start.seat]]
land_of_bondage = ["ls_orphan", "ls_stranger"]
deck = ["peter"]
""")


def test_a_fifth_soul_won_by_a_dominant_before_the_battle_resolves_ends_the_game_at_once():
    b = _fifth_soul_by_dominant()
    g = b.game
    ok(g, "noblock")  # the window before the battle resolves is the rescuer's
    assert g.current_player == 0
    ok(g, f"dominant {b['heavenly_city']} {b['ls_orphan']}")
    assert g.is_over and g.winner == 0
    assert g.score(0) == 5  # not a sixth soul by the battle, and no draw


def test_a_game_won_in_a_dominant_window_saves_and_loads():
    b = _fifth_soul_by_dominant()
    g = b.game
    ok(g, "noblock")
    ok(g, f"dominant {b['heavenly_city']} {b['ls_orphan']}")
    d = g.to_dict()
    assert d["window"] == {"queue": [], "then": ""} and d["pending"] == {}
    again = Game.from_dict(d)
    assert again.to_dict() == d and again.is_over
    # a finished game an older version saved with its window still open loads, the window closed
    d["window"] = {"queue": [1], "then": "resolve"}
    assert Game.from_dict(d).s.window.queue == []


def test_discarding_down_to_the_hand_limit_opens_the_end_of_turn_window():
    b = scenario(f"""
[start]
phase = "discard"
active = 0
turn = 5
[[start.seat]]
hand = ["gideon", "barak", {FILL}]
deck = ["ls_captive"]
[[start.seat]]
hand = ["manna_from_heaven"]
deck = ["peter", "james", "john", "ls_orphan"]
""")
    g = b.game
    ok(g, "end")
    assert g.phase == "hand_limit"
    ok(g, f"discard {b['gideon']}")
    assert g.current_player == 1 and g.decision()["kind"] == "window" and g.turn == 5


def test_a_dominant_drawn_in_the_end_of_turn_window_cannot_end_the_turn_above_the_hand_limit():
    b = scenario(f"""
[start]
phase = "discard"
active = 0
turn = 5
[[start.seat]]
territory = ["gideon"]
hand = ["manna_from_heaven", {FILL}]
deck = ["barak", "deborah", "ehud", "ls_captive"]
[[start.seat]]
hand = ["day_of_judgment"]
deck = ["peter", "ls_orphan"]
""")
    g = b.game
    ok(g, "end")  # 8 cards: within the limit, the window for the other player
    assert g.current_player == 1
    ok(g, f"dominant {b['day_of_judgment']} {b['gideon']}")
    assert g.current_player == 0  # answering the Dominant
    ok(g, f"dominant {b['manna_from_heaven']}")
    assert len(g.z[0]["hand"]) == 10
    assert g.turn == 5 and g.phase == "hand_limit" and g.current_player == 0


def test_no_hand_holds_more_than_sixteen_cards():
    fill = ", ".join(['"left_handed_blade"'] * 15)
    b = scenario(f"""
[start]
phase = "prep"
active = 0
turn = 5
[[start.seat]]
hand = ["manna_from_heaven", {fill}]
deck = ["barak", "deborah", "ehud", "ls_captive"]
[[start.seat]]
deck = ["peter", "ls_orphan"]
""")
    g = b.game
    out = ok(g, f"dominant {b['manna_from_heaven']}")  # draw 3 from 15 cards: only one fits
    assert len(g.z[0]["hand"]) == 16
    said = " ".join(e.text for e in out.events)
    assert "at most 16 cards" in said and "ran out" not in said  # the pile did not run out: the cap stopped it
    assert g.z[0]["deck"][0] == b["deborah"]


def test_band_says_it_brings_a_character_from_hand_or_territory():
    banders = [c for c in CARDS.values() if c.has("band")]
    # "bring ... from your hand or territory", or a real card's "band to ... in your hand or territory"
    assert banders and all(re.search(r"(from|in) your hand or territory", c.ability_text) for c in banders)
