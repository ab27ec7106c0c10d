"""Positions found by random play with random legal decks (every card of the pool) that broke a rule or a save:
each built by hand in the keyed ``[start]`` format, with the outcome the rules give."""

from __future__ import annotations

from rules.redemption.cards import CARDS, real_key
from tests.redemption_helpers import ok
from tests.test_real_g10 import _test_card, pos, round_trip


def test_son_of_god_does_not_rescue_a_captured_non_human_held_in_a_land_of_bondage():
    """Son of God (J) rescues any Lost Soul in play. A captured character held in a Land of Bondage is treated as a
    Lost Soul only if human (REG Capture): Gathering Angel (I), an angel held there, is not offered (it was, and its
    rescue left a Hero in a Land of Redemption: a save that could not load); the Lost Soul and a captured human
    are."""
    son, angel = real_key("Son of God (J)", "J"), real_key("Gathering Angel", "I")
    assert "human" not in CARDS[angel].identifiers and "human" in CARDS["barak"].identifiers
    b = pos({"hand": [son]}, {"land_of_bondage": ["ls_orphan", angel, "barak"]})
    g = b.game
    targets = {a.args[1] for a in g.legal_actions() if a.verb == "dominant" and a.args[0] == b[son]}
    assert targets == {b["ls_orphan"], b["barak"]}
    ok(g, f"dominant {b[son]} {b['barak']}")
    assert g.zone_of(b["barak"]) == (0, "land_of_redemption") and g.zone_of(b[angel]) == (1, "land_of_bondage")
    round_trip(g)


def test_a_redirected_redirect_does_not_take_itself(monkeypatch):
    """Blame Shifting (FoM), played with nothing to redirect, is redirected by Denying Blame: played again as the
    other player's, its own redirect would take an opposing enhancement, and the only one is Blame Shifting itself
    (still its owner's card). It does not take itself (it did, and was redirected again at every answer: a game
    that never ended); it redirects nothing."""
    shifting, denying = real_key("Blame Shifting", "FoM"), real_key("Denying Blame", "10A")
    hero = _test_card(monkeypatch, "t_hero", type="hero", alignment="good", brigades=["Blue"], strength=3, toughness=3)
    foe = _test_card(
        monkeypatch, "t_foe", type="evil_character", alignment="evil", brigades=["Black"], strength=4, toughness=4
    )
    b = pos(
        {"field_of_battle": [hero], "hand": [shifting]},
        {"field_of_battle": [foe], "land_of_bondage": ["ls_orphan"], "hand": [denying]},
        phase="battle",
        flags={"battled": True},
        battle={"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 1},
    )
    g = b.game
    ok(g, f"enhance {b[shifting]} {b[hero]}")
    assert g.current_player == 1
    out = ok(g, f"enhance {b[denying]} {b[foe]} {b[shifting]}")
    words = " ".join(e.text for e in out.events)
    assert "Blame Shifting: no enhancement to redirect." in words
    assert g.s.pending is None and g.attached[b[shifting]] == b[foe]
    round_trip(g)
