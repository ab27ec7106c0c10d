"""The order in which a card's abilities activate (rules.md redemption.ability_order; REG 5.0 *Ability Activation
Order*): its effects that add no character to the battle first, in the order written, then those that add one to
its player's side (a band: the character added activates its own abilities as it enters), then those that add one to
the other side (a choose-opponent). Hand-built positions in the keyed ``[start]`` format; each test fails on the
engine that carried the effects out in the order written."""

from __future__ import annotations

import pytest

from rules.redemption import effects
from rules.redemption.cards import CARDS, real_key
from rules.redemption.lang import LanguageError
from tests.redemption_helpers import ok
from tests.test_real_g10 import _test_card, character, enhancement, pos, round_trip, stalemate

MAY_DRAW_ON_ENTRY = [{"trigger": "enters_battle", "may": True, "effects": [{"verb": "draw", "n": 1}]}]
OWN_EVIL = {"zone": ["hand", "territory"], "owner": "you", "type": "evil_character"}
DECK = ["goliath", "nebuchadnezzar"]


def test_band_and_draw_draws_first_then_the_banded_character_activates(monkeypatch):
    """Seat 1's enhancement "band ..., and draw a card" names its partner: the draw activates first (Goliath, the top
    card), then the band brings the partner in and the partner's own "you may draw" asks; its draw takes the next
    card. Nothing of the enhancement waits for that answer: the band was its last effect to activate."""
    hero = character(monkeypatch, "t_hero", "good", "Blue", 9, 9)
    foe = character(monkeypatch, "t_foe", "evil", "Gold", 1, 1)
    partner = character(monkeypatch, "t_partner", "evil", "Gold", 4, 4, abilities=MAY_DRAW_ON_ENTRY)
    rally = enhancement(
        monkeypatch, "t_rally", "evil", "Gold", [{"verb": "band", "select": OWN_EVIL}, {"verb": "draw", "n": 1}]
    )
    b = stalemate(
        {"field_of_battle": [hero]},
        {"field_of_battle": [foe], "territory": [partner], "hand": [rally], "deck": DECK},
        last_actor=0,
    )
    g = b.game
    out = ok(g, f"enhance {b[rally]} {b[foe]} {b[partner]}")
    texts = [e.text for e in out.events]
    drew = texts.index("Player 2 draws 1 card for T Rally.")
    banded = next(i for i, t in enumerate(texts) if t.startswith("Player 2 bands in T Partner"))
    asked = next(i for i, t in enumerate(texts) if t.startswith("Player 2 may use T Partner"))
    assert drew < banded < asked, texts
    assert g.z[1]["hand"] == [b["goliath"]]  # the enhancement drew before the partner was asked
    assert g.s.pending is not None and g.s.pending.source == b[partner]
    assert not g.s.waiting
    round_trip(g)
    ok(g, f"choose {b[partner]}")  # the partner draws the next card
    assert g.zone_of(b["nebuchadnezzar"]) == (1, "hand") and g.s.pending is None
    round_trip(g)


def test_band_and_discard_the_move_names_the_discard_and_the_band_asks_after_it(monkeypatch):
    """An enhancement "band ..., and discard a Hero in a territory": the discard activates first, so the target the
    move names is the discard's (a Hero in a territory); the band then asks which character comes in."""
    hero = character(monkeypatch, "t_hero", "good", "Blue", 9, 9)
    spare = character(monkeypatch, "t_spare", "good", "Blue", 2, 2)
    foe = character(monkeypatch, "t_foe", "evil", "Gold", 1, 1)
    partner = character(monkeypatch, "t_partner", "evil", "Gold", 4, 4)
    hit = {"verb": "discard", "select": {"zone": "territory", "owner": "opponent", "type": "hero"}}
    rally = enhancement(
        monkeypatch, "t_rally", "evil", "Gold", [{"verb": "band", "select": {**OWN_EVIL, "up_to": 1}}, hit]
    )
    b = stalemate(
        {"field_of_battle": [hero], "territory": [spare]},
        {"field_of_battle": [foe], "territory": [partner], "hand": [rally]},
        last_actor=0,
    )
    g = b.game
    targets = {
        a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[rally] and len(a.args) > 2
    }
    assert targets == {b[spare]}  # the discard's target, not a character to band in
    ok(g, f"enhance {b[rally]} {b[foe]} {b[spare]}")
    assert g.zone_of(b[spare]) == (0, "discard")
    assert g.s.pending is not None and g.s.pending.effect == "band" and g.s.pending.options == [b[partner]]
    round_trip(g)
    ok(g, f"choose {b[partner]}")
    assert g.zone_of(b[partner]) == (1, "field_of_battle") and g.s.pending is None
    round_trip(g)


def test_a_characters_band_activates_after_its_other_abilities(monkeypatch):
    """A character with two abilities as it enters battle, written "band to an Evil Character" then "draw a card":
    the draw activates first, then the band asks (the draw was lost: the band's question stopped the abilities
    after it)."""
    hero = character(monkeypatch, "t_hero", "good", "Blue", 9, 9)
    band = {"trigger": "enters_battle", "effects": [{"verb": "band", "select": {**OWN_EVIL, "up_to": 1}}]}
    draw = {"trigger": "enters_battle", "effects": [{"verb": "draw", "n": 1}]}
    leader = character(monkeypatch, "t_leader", "evil", "Gold", 1, 1, abilities=[band, draw])
    partner = character(monkeypatch, "t_partner", "evil", "Gold", 4, 4)
    b = stalemate(
        {"field_of_battle": [hero]},
        {"field_of_battle": [], "hand": [leader], "territory": [partner], "deck": DECK},
        last_actor=0,
    )
    g = b.game
    g.b.step = "block"
    g.s.active = 0
    ok(g, f"block {b[leader]}")
    assert g.z[1]["hand"] == [b["goliath"]]
    assert g.s.pending is not None and g.s.pending.effect == "band" and g.s.pending.source == b[leader]
    ok(g, f"choose {b[partner]}")
    assert g.zone_of(b[partner]) == (1, "field_of_battle") and g.s.pending is None
    round_trip(g)


def test_choose_opponent_and_draw_draws_before_the_chosen_character_activates(monkeypatch):
    """Seat 0's enhancement "choose the Evil Character your opponent battles with, and draw a card": the draw
    activates first, then the chosen character comes in and its own "you may draw" asks seat 1 (before, the draw
    waited for that answer)."""
    hero = character(monkeypatch, "t_hero", "good", "Blue", 1, 1)
    foe = character(monkeypatch, "t_foe", "evil", "Gold", 9, 9)  # seat 0 is losing: it holds initiative
    chosen = character(monkeypatch, "t_chosen", "evil", "Gold", 2, 2, abilities=MAY_DRAW_ON_ENTRY)
    pick = {"verb": "choose_opponent", "select": {"zone": "territory", "owner": "opponent", "type": "evil_character"}}
    call = enhancement(monkeypatch, "t_call", "good", "Blue", [pick, {"verb": "draw", "n": 1}])
    b = stalemate(
        {"field_of_battle": [hero], "hand": [call], "deck": DECK},
        {"field_of_battle": [foe], "territory": [chosen], "deck": ["pilate"]},
        last_actor=1,
    )
    g = b.game
    ok(g, f"enhance {b[call]} {b[hero]} {b[chosen]}")
    assert g.z[0]["hand"] == [b["goliath"]]  # seat 0 drew before the chosen character was asked
    assert g.zone_of(b[chosen]) == (1, "field_of_battle") and g.zone_of(b[foe]) == (1, "territory")
    assert g.s.pending is not None and g.s.pending.source == b[chosen] and not g.s.waiting
    round_trip(g)
    ok(g, f"choose {b[chosen]}")
    assert g.zone_of(b["pilate"]) == (1, "hand") and g.s.pending is None
    round_trip(g)


def test_the_order_is_decided_in_one_place_from_what_each_verb_adds():
    """``effects.in_order`` is the one order: by what each verb adds to a battle (nothing, its player's side, the
    other side), the order written otherwise; a "choose one" ability's alternatives keep theirs."""
    adds = {v.name: v.adds for v in effects.VERBS.values() if v.adds}
    assert adds == {
        "band": effects.SAME_SIDE,
        "dominant_band": effects.SAME_SIDE,
        "discard_to_add": effects.SAME_SIDE,
        "choose_opponent": effects.OPPOSITE_SIDE,
        "choose_blocker": effects.OPPOSITE_SIDE,
    }
    for card in CARDS.values():
        for ab in card.abilities:
            order = [effects.VERBS[a.verb].adds for a in effects.in_order(ab)]
            assert ab.choose_one or order == sorted(order), card.key
            assert sorted(map(id, effects.in_order(ab))) == sorted(map(id, ab.acts))


# --- what waits for another card's question outlives the battle (redemption.decision) ------------------------------
def _soul(monkeypatch, key: str, abilities: list[dict]) -> str:
    return _test_card(
        monkeypatch, key, type="lost_soul", alignment="neutral", reference="Luke 15:6", abilities=abilities
    )


def test_what_waits_goes_on_when_the_answer_ends_the_battle(monkeypatch):
    """Seat 0's enhancement "rescue any Lost Soul, and draw a card" rescues seat 1's Lost Soul, whose own "when
    rescued, your opponent discards a Hero of theirs in battle" asks seat 0: the enhancement's draw waits for that
    answer. Seat 0's only Hero is discarded and the battle ends; the draw still goes on (it was dropped with the
    battle, which held what waited)."""
    hero = character(monkeypatch, "t_hero", "good", "Blue", 1, 1)
    foe = character(monkeypatch, "t_foe", "evil", "Gold", 9, 9)
    give = {"verb": "opponents_discard", "select": {"zone": "battle", "owner": "opponent", "type": "hero"}}
    soul = _soul(monkeypatch, "t_soul", [{"trigger": "rescued", "effects": [give]}])
    lift = {"verb": "rescue_any", "select": {"zone": ["land_of_bondage", "in_site"], "owner": "any"}}
    grace = enhancement(monkeypatch, "t_grace", "good", "Blue", [lift, {"verb": "draw", "n": 1}])
    b = stalemate(
        {"field_of_battle": [hero], "hand": [grace], "deck": ["goliath"]},
        {"field_of_battle": [foe], "land_of_bondage": [soul]},
        last_actor=1,
    )
    g = b.game
    ok(g, f"enhance {b[grace]} {b[hero]} {b[soul]}")
    assert g.zone_of(b[soul]) == (0, "land_of_redemption")
    assert g.s.pending is not None and g.s.pending.source == b[soul] and g.s.pending.chooser == 0
    assert g.s.waiting == [(b[grace], 0)] and g.z[0]["hand"] == []
    round_trip(g)
    ok(g, f"choose {b[hero]}")
    assert g.zone_of(b[hero]) == (0, "discard") and not g.battle_chars(0)  # seat 0 has no Hero left in battle
    assert g.zone_of(b["goliath"]) == (0, "hand") and not g.s.waiting  # and the enhancement's draw went on
    round_trip(g)


def test_what_waits_for_another_cards_question_goes_on_outside_a_battle(monkeypatch):
    """A Dominant of our own, "rescue any Lost Soul, and draw a card", played in Preparation, rescues Lost Soul
    "Obstinate" (K), whose own "you may draw" asks its player (seat 1): the Dominant's draw waits for the answer and
    goes on after it (it was dropped: what waits was the battle's, and there was no battle)."""
    obstinate = real_key('Lost Soul "Obstinate" [Exodus 33:3 - K]', "K")
    lift = {"verb": "rescue_any", "select": {"zone": ["land_of_bondage", "in_site"], "owner": "any"}}
    grace = _test_card(
        monkeypatch,
        "t_grace",
        type="dominant",
        alignment="good",
        reference="Luke 15:6",
        abilities=[{"trigger": "played", "effects": [lift, {"verb": "draw", "n": 1}]}],
    )
    b = pos(
        {"hand": [grace], "territory": ["gideon"], "deck": ["goliath"], "land_of_bondage": ["ls_debtor"]},
        {"land_of_bondage": [obstinate, "ls_orphan"], "deck": ["nebuchadnezzar"]},
    )
    g = b.game
    ok(g, f"dominant {b[grace]} {b[obstinate]}")
    assert g.zone_of(b[obstinate]) == (0, "land_of_redemption") and not g.b.kind
    assert g.s.pending is not None and g.s.pending.source == b[obstinate] and g.s.pending.chooser == 1
    assert g.s.waiting == [(b[grace], 0)] and g.z[0]["hand"] == []
    round_trip(g)
    ok(g, f"choose {b[obstinate]}")  # seat 1 draws for the soul; then the Dominant's draw, seat 0's
    assert g.zone_of(b["nebuchadnezzar"]) == (1, "hand") and g.zone_of(b["goliath"]) == (0, "hand")
    assert g.s.pending is None and not g.s.waiting
    round_trip(g)


def test_a_lost_souls_rescued_ability_cannot_have_an_effect_that_needs_a_chosen_target(monkeypatch):
    """A Lost Soul's "when rescued" ability works with no move that names a target: "rescue any Lost Soul, then draw"
    there is refused when the card loads (it was loaded, and the rescue ended the game in a KeyError on an empty
    target). With no such effect, no card's question can come in the middle of a Lost Soul's ability."""
    chain = {"verb": "rescue_any", "select": {"zone": ["land_of_bondage", "in_site"], "owner": "any"}}
    with pytest.raises(
        LanguageError, match="rescue_any needs a chosen target, and an ability with the trigger rescued"
    ):
        _soul(monkeypatch, "t_outer", [{"trigger": "rescued", "effects": [chain, {"verb": "draw", "n": 1}]}])
    with pytest.raises(LanguageError, match="with the trigger put_in_site has none"):
        _soul(monkeypatch, "t_sited", [{"trigger": "put_in_site", "effects": [chain]}])
