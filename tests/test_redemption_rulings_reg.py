"""Rulings a judge overturned, after the REG (rules.md: redemption.effect.protect, redemption.battle.cleanup,
redemption.effect.negate, redemption.battle.ignore, redemption.hand.cap). Each test starts from a hand-built
position in the scenario format and failed on the engine before its ruling."""

from __future__ import annotations

from rules.redemption import Game
from tests.redemption_helpers import ok, refused, scenario


def _round_trip(g: Game) -> None:
    d = g.to_dict()
    assert Game.from_dict(d).to_dict() == d


# --- redemption.effect.protect: a protected card is not a target of what it is protected from -------------------


def _protected_barak():
    # Barak (6/6) with Fleece (0/3, protected from discard this battle) is 6/9 against Goliath (8/6): the Hero
    # side is winning, so Player 2 holds initiative with Iron Chariots (discard an opposing character in battle).
    return scenario("""
[start]
phase = "battle"
active = 0
turn = 3
flags = { battled = true }
battle = { kind = "rescue", step = "initiative", last_actor = 0, played = ["G2"], protected = { G1 = "G2" } }
attached = { G2 = "G1" }
[[start.seat]]
field_of_battle = ["barak", "fleece"]
land_of_bondage = ["ls_debtor"]
[[start.seat]]
field_of_battle = ["goliath"]
hand = ["iron_chariots"]
land_of_bondage = ["ls_orphan"]
""")


def test_a_character_protected_from_discard_is_not_offered_as_a_discard_target():
    b = _protected_barak()
    g = b.game
    assert g.current_player == 1
    chariots, goliath, barak = b["iron_chariots"], b["goliath"], b["barak"]
    offered = [str(a) for a in g.legal_actions() if str(a).startswith(f"enhance {chariots}")]
    assert offered == [f"enhance {chariots} {goliath}"]  # played for its numbers, with no target
    refused(g, f"enhance {chariots} {goliath} {barak}", "redemption.battle.targets")
    ok(g, f"enhance {chariots} {goliath}")
    assert g.zone_of(barak) == (0, "field_of_battle")


# --- redemption.battle.cleanup: a protected warrior keeps its weapon ------------------------------------------


def test_a_protected_warrior_defeated_in_battle_goes_home_with_its_weapon():
    # Barak (6/6) + Sword of Goliath (3/0) + Fleece (0/3) = 9/9 against Goliath (8/6) + Shorn Locks (3/1) = 11/7:
    # both sides are defeated; Barak is protected from discard, so he returns to territory, and a warrior
    # returned to territory keeps his weapon.
    b = scenario("""
[start]
phase = "battle"
active = 0
turn = 3
flags = { battled = true }
battle = { kind = "rescue", step = "initiative", last_actor = 1, played = ["G3", "H2"], protected = { G1 = "G3" } }
attached = { G2 = "G1", G3 = "G1", H2 = "H1" }
[[start.seat]]
field_of_battle = ["barak", "sword_of_goliath", "fleece"]
land_of_bondage = ["ls_debtor"]
[[start.seat]]
field_of_battle = ["goliath", "shorn_locks"]
land_of_bondage = ["ls_orphan"]
""")
    g = b.game
    assert g.standing() == "both_defeated" and g.current_player == 0
    ok(g, "pass")
    ok(g, "pass")
    barak, sword = b["barak"], b["sword_of_goliath"]
    assert g.zone_of(barak) == (0, "territory")
    assert g.attached.get(sword) == barak and g.zone_of(sword) == (0, "territory")
    assert g.zone_of(b["fleece"]) == (0, "discard") and g.zone_of(b["goliath"]) == (1, "discard")
    _round_trip(g)
