"""Card names in the typing line: ``rescue ezra`` means ``rescue <Ezra's id>`` (redemption.notation)."""

from __future__ import annotations

from tests.redemption_helpers import ok, scenario


def _battle():
    return scenario("""
[start]
phase = "battle"
active = 0
turn = 3
[[start.seat]]
territory = ["ezra", "gideon"]
hand = ["sword_of_goliath"]
deck = ["barak", "ls_debtor"]
[[start.seat]]
hand = ["herod"]
land_of_bondage = ["ls_orphan"]
deck = ["peter", "ls_widow"]
""")


def test_a_hero_named_by_its_name_makes_the_rescue_attempt():
    b = _battle()
    g = b.game
    ok(g, "rescue ezra")
    assert g.b.kind == "rescue" and g.zone_of(b["ezra"]) == (0, "field_of_battle")
    assert g.history[-1] == f"rescue {b['ezra']}"  # the history keeps the notation, never the name typed


def test_a_name_is_looked_up_only_among_the_cards_the_player_can_see():
    g = _battle().game
    out = g.apply("rescue herod")  # in the other player's hand: hidden from the player who types
    assert not out.ok and out.rule == "redemption.notation"
    assert "No card you can see is called 'herod'" in out.reason
    assert "hand" not in out.reason  # nothing says where Herod is


def test_a_name_several_cards_fit_is_refused_naming_them():
    b = scenario("""
[start]
phase = "hand_limit"
active = 0
turn = 3
[[start.seat]]
hand = ["sword_of_goliath", "malchus_sword", "gideon", "barak", "ezra", "deborah", "ehud", "daniel", "esther"]
deck = ["nehemiah", "ls_debtor"]
[[start.seat]]
deck = ["peter", "ls_widow"]
""")
    g = b.game
    before = g.to_dict()
    out = g.apply("discard sword")
    assert not out.ok and out.rule == "redemption.notation"
    words = out.words(["Ann", "Cy"], 0)
    assert b["sword_of_goliath"] in words and b["malchus_sword"] in words and "your hand" in words
    assert g.to_dict() == before  # a refused action changes nothing
    ok(g, "discard sword of gol")  # more of the name, the last word shortened
    assert g.zone_of(b["sword_of_goliath"]) == (0, "discard")


def test_a_name_that_fits_several_cards_is_read_as_the_one_that_can_be_used():
    b = scenario("""
[start]
phase = "prep"
active = 0
turn = 3
[[start.seat]]
hand = ["gideon", "gideons_trumpet"]
deck = ["barak", "ls_debtor"]
[[start.seat]]
deck = ["peter", "ls_widow"]
""")
    g = b.game
    ok(g, "play gid")  # Gideon's Trumpet is an enhancement: only Gideon can be played now
    assert g.zone_of(b["gideon"]) == (0, "territory")


def test_two_cards_named_in_one_action():
    b = scenario("""
[start]
phase = "prep"
active = 0
turn = 3
[[start.seat]]
hand = ["sword_of_goliath"]
territory = ["gideon"]
deck = ["barak", "ls_debtor"]
[[start.seat]]
deck = ["peter", "ls_widow"]
""")
    g = b.game
    ok(g, "equip sword of goliath gideon")
    assert g.attached.get(b["sword_of_goliath"]) == b["gideon"]


def test_ids_and_seat_numbers_are_read_as_before():
    b = _battle()
    g = b.game
    assert str(g.parse(f"rescue {b['gideon'].lower()}")) == f"rescue {b['gideon']}"
    assert str(g.parse("rescue gideon 1")) == f"rescue {b['gideon']} 1"
