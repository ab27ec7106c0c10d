"""Rulings of the battle (rules.md: redemption.battle.weapon, redemption.battle.reenter,
redemption.battle.special). Each test starts from a hand-built position in the scenario format and failed on the
engine before the ruling."""

from __future__ import annotations

from rules.redemption import Game
from tests.redemption_helpers import ok, refused, scenario


def _round_trip(g: Game) -> None:
    d = g.to_dict()
    again = Game.from_dict(d)
    assert again.to_dict() == d


# --- redemption.battle.weapon: a second weapon in battle, one stays ---------------------------------------------


def _two_swords():
    # Barak (6/6) carries a Sword of Goliath (3/0): 9/6 against Eglon (5/5) made 5/11 by two City Gates: a
    # stalemate, and Player 2 played last, so Player 1 holds initiative with a second Sword in hand.
    return scenario("""
[start]
phase = "battle"
active = 0
turn = 3
flags = { battled = true }
battle = { kind = "rescue", step = "initiative", last_actor = 1, played = ["H2", "H3"] }
attached = { G2 = "G1", H2 = "H1", H3 = "H1" }
[[start.seat]]
field_of_battle = ["barak", "sword_of_goliath"]
hand = ["sword_of_goliath"]
land_of_bondage = ["ls_debtor"]
[[start.seat]]
field_of_battle = ["eglon", "city_gates", "city_gates"]
land_of_bondage = ["ls_orphan"]
deck = ["pilate"]
""")


def test_a_second_weapon_may_be_played_in_battle_and_its_player_chooses_the_one_that_stays():
    b = _two_swords()
    g = b.game
    assert g.standing() == "stalemate" and g.current_player == 0
    assert "enhance G3 G1" in map(str, g.legal_actions())
    ok(g, "enhance G3 G1")
    assert g.char_numbers("G1") == (12, 6)  # both weapons count in the battle
    ok(g, "pass")  # Player 2 is losing and passes: the battle resolves, the soul is rescued
    assert g.zone_of("G1") == (0, "territory") and g.score(0) == 1
    # back in territory with two weapons: Player 1 chooses the one that stays
    assert g.current_player == 0 and g.decision()["kind"] == "choose"
    assert sorted(str(a) for a in g.legal_actions()) == ["choose G2", "choose G3"]
    assert "weapon that stays on Barak" in g.view(0)["decision"]["text"]
    assert g.view(1)["pending"]["options"] == ["G2", "G3"]  # cards in play: nothing hidden
    _round_trip(g)
    refused(g, "end", "redemption.decision")
    ok(g, "choose G3")
    assert g.attached.get("G3") == "G1" and "G2" not in g.attached and g.zone_of("G2") == (0, "discard")
    assert g.s.pending is None and g.phase == "discard" and g.current_player == 0
    _round_trip(g)


def test_a_warrior_with_one_weapon_is_not_asked():
    b = _two_swords()
    g = b.game
    ok(g, "pass")  # a stalemate: Player 1 passes, then Player 2, and the battle ends
    ok(g, "pass")
    assert g.attached.get("G2") == "G1" and g.s.pending is None and g.phase == "discard"


# --- redemption.battle.reenter: a character that left the battle stays out --------------------------------------


def _withdrawn_barak():
    # Gideon and Barak attack; Nebuchadnezzar blocks. Player 2 plays Royal Decree (withdraw) on Barak.
    return scenario("""
[start]
phase = "battle"
active = 0
turn = 3
flags = { battled = true }
battle = { kind = "rescue", step = "initiative", last_actor = 0 }
[[start.seat]]
field_of_battle = ["gideon", "barak"]
hand = ["call_to_arms", "deborah", "barak"]
land_of_bondage = ["ls_debtor"]
[[start.seat]]
field_of_battle = ["nebuchadnezzar"]
hand = ["royal_decree", "nebuchadnezzars_furnace"]
land_of_bondage = ["ls_orphan"]
""")


def test_a_withdrawn_character_cannot_band_back_into_the_battle_that_turn():
    b = _withdrawn_barak()
    g = b.game
    barak, neb = b["barak"], b["nebuchadnezzar"]
    assert g.current_player == 1
    ok(g, f"enhance {b['royal_decree']} {neb} {barak}")
    assert g.zone_of(barak) == (0, "territory")
    assert g.current_player == 0  # Heroes 7/5 against 7/8: the Evil side is winning
    call = b["call_to_arms"]
    offered = [str(a) for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == call]
    assert offered == [f"enhance {call} {b['gideon']} {b['deborah']}"]  # not Barak, nor his copy in hand
    refused(g, f"enhance {call} {b['gideon']} {barak}", "redemption.battle.targets")
    _round_trip(g)
    assert Game.from_dict(g.to_dict()).b.left == [barak]


# --- redemption.battle.special: special initiative ---------------------------------------------------------


def _lone_daniel():
    # Daniel (5/7) alone against Nebuchadnezzar (6/7): a stalemate, Player 1 played last, so Player 2 plays Royal
    # Decree (withdraw) on Daniel, Player 1's last character in battle. Player 1 holds Writing on the Wall (negate).
    return scenario("""
[start]
phase = "battle"
active = 0
turn = 3
flags = { battled = true }
battle = { kind = "rescue", step = "initiative", last_actor = 0 }
[[start.seat]]
field_of_battle = ["daniel"]
hand = ["writing_on_wall", "daniels_prayer"]
land_of_bondage = ["ls_debtor"]
[[start.seat]]
field_of_battle = ["nebuchadnezzar"]
hand = ["royal_decree"]
land_of_bondage = ["ls_orphan"]
""")


def test_special_initiative_a_player_left_with_no_character_may_negate_the_removal():
    b = _lone_daniel()
    g = b.game
    daniel, wow, decree = b["daniel"], b["writing_on_wall"], b["royal_decree"]
    ok(g, f"enhance {decree} {b['nebuchadnezzar']} {daniel}")
    assert g.zone_of(daniel) == (0, "territory") and g.current_player == 0
    legal = [str(a) for a in g.legal_actions()]
    assert f"enhance {wow} {daniel}" in legal and "pass" in legal
    assert f"enhance {b['daniels_prayer']} {daniel}" not in legal  # it does not negate
    refused(g, f"enhance {b['daniels_prayer']} {daniel}", "redemption.battle.special")
    _round_trip(g)
    out = ok(g, f"enhance {wow} {daniel}")
    assert any(e.rule == "redemption.battle.special" for e in out.events)
    assert g.zone_of(daniel) == (0, "field_of_battle") and g.attached[wow] == daniel
    assert decree in g.b.negated and daniel not in g.b.left  # back in battle: its leaving is undone
    assert g.char_numbers(daniel) == (6, 8) and g.standing() == "stalemate"
    _round_trip(g)


def test_no_special_initiative_while_a_character_is_left():
    b = scenario("""
[start]
phase = "battle"
active = 0
turn = 3
flags = { battled = true }
battle = { kind = "rescue", step = "initiative", last_actor = 0 }
[[start.seat]]
field_of_battle = ["daniel", "esther"]
hand = ["writing_on_wall"]
land_of_bondage = ["ls_debtor"]
[[start.seat]]
field_of_battle = ["nebuchadnezzar", "belshazzar"]
hand = ["royal_decree"]
land_of_bondage = ["ls_orphan"]
""")
    g = b.game
    ok(g, f"enhance {b['royal_decree']} {b['nebuchadnezzar']} {b['daniel']}")
    assert g.current_player == 0  # Esther is still in battle: an ordinary initiative, no answer on Daniel
    assert not any(a.verb == "enhance" and a.args[1] == b["daniel"] for a in g.legal_actions())
    refused(g, f"enhance {b['writing_on_wall']} {b['daniel']}", "redemption.battle.enhance")
