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


# --- redemption.effect.negate: a negated draw puts the cards back -----------------------------------------------


def test_a_negated_draw_returns_the_drawn_cards_to_the_top_of_the_draw_pile_in_their_order():
    # Barak (6/6) against Nebuchadnezzar (6/7): Player 1 plays Remnant Returns (1/1, draw 2) and wins 7/7 against
    # 6/7; Player 2 answers with Golden Image (negate the last opposing enhancement).
    b = scenario("""
[start]
phase = "battle"
active = 0
turn = 3
flags = { battled = true }
battle = { kind = "rescue", step = "initiative", last_actor = 1 }
[[start.seat]]
field_of_battle = ["barak"]
hand = ["remnant_returns"]
deck = ["ehud", "daniel", "esther", "ls_captive"]
land_of_bondage = ["ls_debtor"]
[[start.seat]]
field_of_battle = ["nebuchadnezzar"]
hand = ["golden_image"]
land_of_bondage = ["ls_orphan"]
""")
    g = b.game
    ehud, daniel = b["ehud"], b["daniel"]
    ok(g, f"enhance {b['remnant_returns']} {b['barak']}")
    assert g.z[0]["hand"] == [ehud, daniel]
    _round_trip(g)  # the draw is remembered in the saved battle
    out = ok(g, f"enhance {b['golden_image']} {b['nebuchadnezzar']}")
    assert g.z[0]["hand"] == []
    assert g.z[0]["deck"][:3] == [ehud, daniel, b["esther"]]
    said = " ".join(e.text for e in out.events)
    assert "back on top" in said and "Ehud" not in said and "Daniel" not in said  # a hidden hand stays hidden
    _round_trip(g)


# --- redemption.battle.ignore: an ignore keeps out characters in play, not one banded in from the hand ----------


def test_an_ignored_kind_of_character_may_band_in_from_the_hand_but_not_from_territory():
    b = scenario("""
[start]
phase = "battle"
active = 0
turn = 3
flags = { battled = true }
battle = { kind = "rescue", step = "initiative", last_actor = 0 }
[[start.seat]]
field_of_battle = ["deborah"]
hand = ["call_to_arms", "gideon"]
territory = ["ehud"]
land_of_bondage = ["ls_debtor"]
[[start.seat]]
field_of_battle = ["caiaphas"]
hand = ["sorcery"]
land_of_bondage = ["ls_orphan"]
""")
    g = b.game
    ok(g, f"enhance {b['sorcery']} {b['caiaphas']}")  # ignore every opposing warrior-class character
    arms, deborah, gideon, ehud = b["call_to_arms"], b["deborah"], b["gideon"], b["ehud"]
    offered = {str(a) for a in g.legal_actions() if str(a).startswith(f"enhance {arms}")}
    assert offered == {f"enhance {arms} {deborah} {gideon}"}  # Ehud, in play, is kept out
    refused(g, f"enhance {arms} {deborah} {ehud}", "redemption.battle.targets")
    ok(g, f"enhance {arms} {deborah} {gideon}")
    assert g.zone_of(gideon) == (0, "field_of_battle") and not g._is_ignored(gideon)
    assert g.side_totals(0) == (5 + 1 + 7, 7 + 2 + 5, 2)  # Deborah with Call to Arms, and Gideon


# --- the words of a card say what the engine does, with 2 to 4 players ---------------------------------------


def test_condition_words_have_their_articles_and_plurals(monkeypatch):
    from rules.redemption.cards import CARDS
    from tests.test_redemption_conds import _add, _draw_if

    used = _add(monkeypatch, "t_used", _draw_if({"used_by": {"type": "evil_character"}}))
    most = _add(monkeypatch, "t_most", _draw_if({"most_in_territory": {"type": "hero", "gender": "male"}}))
    more = _add(monkeypatch, "t_more", _draw_if({"opponent_more_cards": True}))
    assert CARDS[used].ability_text.startswith("If used by an Evil Character: ")
    assert CARDS[most].ability_text.startswith("If you have the most male Heroes in territory: ")
    assert CARDS[more].ability_text.startswith("If an opponent has more cards in hand than you: ")


def test_an_opponent_with_more_cards_is_any_other_player_among_three(monkeypatch):
    from tests.test_redemption_conds import _add, _draw_if

    more = _add(monkeypatch, "t_more", _draw_if({"opponent_more_cards": True}))
    # Player 1 attacks Player 2 (no card in hand); Player 3, outside the battle, holds three
    b = scenario(f"""
[start]
phase = "battle"
active = 0
turn = 3
decks = ["G", "H", "G"]
souls_drawn = [0, 0, 0]
flags = {{ battled = true }}
battle = {{ kind = "rescue", step = "initiative", defender = 1, last_actor = 1 }}
[[start.seat]]
field_of_battle = ["gideon"]
hand = ["{more}", "stars_fought"]
deck = ["barak", "ls_debtor"]
land_of_bondage = ["ls_prodigal"]
[[start.seat]]
field_of_battle = ["goliath"]
land_of_bondage = ["ls_orphan"]
[[start.seat]]
hand = ["pilate", "herod", "annas"]
land_of_bondage = ["ls_widow"]
""")
    g = b.game
    assert g.n == 3 and g.opponent(0) == 1
    ok(g, f"enhance {b[more]} {b['gideon']}")
    assert g.z[0]["hand"] == [b["stars_fought"], b["barak"]]  # Player 3 has more cards than Player 1's one


# --- redemption.hand.cap: a full hand takes no card, by any means -------------------------------------------------


def test_a_look_at_the_top_with_sixteen_cards_in_hand_puts_none_into_it(monkeypatch):
    from tests.test_redemption_conds import _add

    seer = _add(
        monkeypatch,
        "t_seer",
        [{"trigger": "enters_battle", "effects": [{"verb": "look_top", "n": 2}]}],
        type="hero",
        strength=5,
        toughness=5,
    )
    fill = ", ".join(['"left_handed_blade"'] * 16)
    b = scenario(f"""
[start]
phase = "battle"
active = 0
turn = 3
[[start.seat]]
territory = ["{seer}"]
hand = [{fill}]
deck = ["barak", "ehud", "ls_captive"]
land_of_bondage = ["ls_debtor"]
[[start.seat]]
land_of_bondage = ["ls_orphan"]
""")
    g = b.game
    out = ok(g, f"rescue {b[seer]}")  # it enters battle and looks at the top two: the hand holds 16 already
    assert "hand is full" in " ".join(e.text for e in out.events)
    assert g.decision()["kind"] == "choose"
    assert g.s.pending is not None and g.s.pending.shape == "order"  # only the order they go to the bottom
    barak, ehud = b["barak"], b["ehud"]
    assert sorted(str(a) for a in g.legal_actions()) == [f"choose {barak}", f"choose {ehud}"]
    ok(g, f"choose {ehud}")  # Ehud under first, then Barak
    assert len(g.z[0]["hand"]) == 16 and g.z[0]["deck"][-2:] == [ehud, barak]


def test_a_search_with_sixteen_cards_in_hand_finds_nothing_it_may_take(monkeypatch):
    from tests.test_redemption_conds import _add

    seeker = _add(
        monkeypatch,
        "t_seeker",
        [
            {
                "trigger": "enters_battle",
                "effects": [{"verb": "search", "select": {"zone": "deck", "owner": "you", "type": "hero"}}],
            }
        ],
        type="hero",
        strength=5,
        toughness=5,
    )
    fill = ", ".join(['"left_handed_blade"'] * 16)
    b = scenario(f"""
[start]
phase = "battle"
active = 0
turn = 3
[[start.seat]]
territory = ["{seeker}"]
hand = [{fill}]
deck = ["barak", "ehud", "ls_captive"]
land_of_bondage = ["ls_debtor"]
[[start.seat]]
land_of_bondage = ["ls_orphan"]
""")
    g = b.game
    ok(g, f"rescue {b[seeker]}")
    assert [str(a) for a in g.legal_actions()] == ["choose"]  # the pile is searched, but nothing may be taken
    ok(g, "choose")
    assert len(g.z[0]["hand"]) == 16 and b["barak"] in g.z[0]["deck"]
