"""Interrupted effects that reactivate (rules.md redemption.effect.interrupt_battle; REG *Interrupt*): hand-built
positions in the keyed ``[start]`` format where a reactivated effect asks, or is written under another verb's name,
and the rest of the suspended effects go on after the answer."""

from __future__ import annotations

import pytest

from rules.redemption import serial
from rules.redemption.cards import CARDS, real_key
from tests.redemption_helpers import ok
from tests.test_real_g10 import character, enhancement, pos, round_trip, stalemate, to_player

MAY_DRAW_ON_ENTRY = [{"trigger": "enters_battle", "may": True, "effects": [{"verb": "draw", "n": 1}]}]


def test_two_reactivated_bands_whose_characters_ask_on_entry_ask_one_after_the_other(monkeypatch):
    """Seat 1's enhancement bands in two characters, each of which may draw as it enters battle; seat 0 interrupts
    the battle (both go home). Reactivating, the first band brings its character in, whose "you may" asks; the
    second band waits for that answer (it used to ask at once: "one decision at a time"), then comes back and
    its character asks in turn."""
    hero = character(monkeypatch, "t_hero", "good", "Blue", 9, 9)
    foe = character(monkeypatch, "t_foe", "evil", "Gold", 1, 1)
    one = character(monkeypatch, "t_one", "evil", "Gold", 4, 4, abilities=MAY_DRAW_ON_ENTRY)
    two = character(monkeypatch, "t_two", "evil", "Gold", 4, 4, abilities=MAY_DRAW_ON_ENTRY)
    gather = enhancement(
        monkeypatch,
        "t_gather",
        "evil",
        "Gold",
        [
            {
                "verb": "band",
                "select": {"zone": ["hand", "territory"], "owner": "you", "type": "evil_character", "up_to": 2},
            }
        ],
    )
    stop = enhancement(monkeypatch, "t_stop", "good", "Blue", [{"verb": "interrupt_battle"}])
    b = stalemate(
        {"field_of_battle": [hero], "hand": [stop]},
        {"field_of_battle": [foe], "territory": [one, two], "hand": [gather], "deck": ["nebuchadnezzar", "goliath"]},
        last_actor=0,
    )
    g = b.game
    ok(g, f"enhance {b[gather]} {b[foe]}")
    ok(g, f"choose {b[one]}")
    ok(g, f"choose {b[two]}")
    ok(g, "choose")  # both banded in; the first one's "you may draw" asks
    ok(g, "choose")  # it does not draw
    while g.s.pending is not None:  # the second one's, once nothing waits
        ok(g, "choose")
    assert g.zone_of(b[one]) == g.zone_of(b[two]) == (1, "field_of_battle")
    assert g.current_player == 0
    out = ok(g, f"enhance {b[stop]} {b[hero]}")  # both go home, then the first band comes back and asks
    words = " ".join(e.text for e in out.events)
    assert "interrupts the battle" in words
    assert g.zone_of(b[one]) == (1, "field_of_battle") and g.zone_of(b[two]) == (1, "territory")
    assert g.s.pending is not None and g.s.pending.source == b[one] and g.b.reactivating == b[gather]
    round_trip(g)
    ok(g, f"choose {b[one]}")  # it draws; the second band comes back, and its character asks
    assert g.zone_of(b["nebuchadnezzar"]) == (1, "hand")
    assert g.zone_of(b[two]) == (1, "field_of_battle") and g.s.pending is not None and g.s.pending.source == b[two]
    round_trip(g)
    ok(g, f"choose {b[two]}")
    assert g.zone_of(b["goliath"]) == (1, "hand") and g.s.pending is None
    assert not g.b.suspended and not g.b.interrupter and not g.b.reactivating
    assert CARDS[stop].abilities[0].acts[0].verb == "interrupt_battle"
    round_trip(g)


def test_an_interrupted_choose_opponent_comes_back_whole(monkeypatch):
    """Obedience of Noah (UL) chooses Shimei ( C) to battle (Goliath withdraws, Shimei comes in); seat 1 interrupts
    the battle (Goliath back, Shimei home). Obedience's ability comes back whole: Goliath withdraws again and Shimei
    is chosen again (before, its parts, written as a withdrawal and a band, did not come back)."""
    noah, shimei = real_key("Obedience of Noah (UL)", "Main UL"), real_key("Shimei ( C)", "2E")
    stop = enhancement(monkeypatch, "t_stop", "evil", CARDS[shimei].brigades[0], [{"verb": "interrupt_battle"}])
    b = pos(
        {"field_of_battle": ["barak"], "hand": [noah]},
        {"field_of_battle": ["goliath"], "land_of_bondage": ["ls_orphan"], "territory": [shimei], "hand": [stop]},
        phase="battle",
        flags={"battled": True},
        battle={"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 1},
    )
    g = b.game
    ok(g, f"enhance {b[noah]} {b['barak']} {b[shimei]}")
    assert g.zone_of(b[shimei]) == (1, "field_of_battle") and g.zone_of(b["goliath"]) == (1, "territory")
    to_player(g, 1)
    out = ok(g, f"enhance {b[stop]} {b[shimei]}")
    words = " ".join(e.text for e in out.events)
    assert "interrupts the battle" in words and f"Obedience of Noah (UL) reactivates on {g._nm(b[shimei])}." in words
    assert "does not come back" not in words
    assert g.zone_of(b[shimei]) == (1, "field_of_battle") and g.zone_of(b["goliath"]) == (1, "territory")
    assert g.zone_of(b[stop]) == (1, "discard")  # it went with Shimei, sent home by the interrupt
    assert [r[4] for r in g.b.effects if r[0] == b[noah]] == [0, 0]  # withdrawal and band: its first effect's
    assert not g.b.suspended and not g.b.interrupter and not g.b.reactivating
    round_trip(g)


def test_an_interrupted_you_may_draw_comes_back_asking_and_the_band_after_it_waits_for_the_answer(monkeypatch):
    """Seat 1's enhancement: "you may draw 1", then a band. Seat 1 draws Goliath and bands in a partner; seat 0
    interrupts the battle: Goliath goes back on top of the draw pile, the partner home. The draw reactivates whole:
    seat 1 is asked again, and the band waits for the answer (it does not ask for a new target: it comes back on
    its old one)."""
    hero = character(monkeypatch, "t_hero", "good", "Blue", 3, 3)
    foe = character(monkeypatch, "t_foe", "evil", "Gold", 1, 1)
    partner = character(monkeypatch, "t_partner", "evil", "Gold", 4, 4)
    band = {"verb": "band", "select": {"zone": ["hand", "territory"], "owner": "you", "type": "evil_character"}}
    rally = enhancement(monkeypatch, "t_rally", "evil", "Gold", [{"verb": "may_draw", "n": 1}, band])
    stop = enhancement(monkeypatch, "t_stop", "good", "Blue", [{"verb": "interrupt_battle"}])
    b = stalemate(
        {"field_of_battle": [hero], "hand": [stop]},
        {"field_of_battle": [foe], "territory": [partner], "hand": [rally], "deck": ["goliath", "nebuchadnezzar"]},
        last_actor=0,
    )
    g = b.game
    ok(g, f"enhance {b[rally]} {b[foe]} {b[partner]}")
    ok(g, f"choose {b[rally]}")  # it draws
    if g.s.pending is not None:
        ok(g, f"choose {b[partner]}")  # the band
    assert g.zone_of(b["goliath"]) == (1, "hand") and g.zone_of(b[partner]) == (1, "field_of_battle")
    assert g.current_player == 0
    out = ok(g, f"enhance {b[stop]} {b[hero]}")
    words = " ".join(e.text for e in out.events)
    assert "interrupts the battle" in words and "reactivates: its draw" in words
    assert g.z[1]["deck"][0] == b["goliath"] and g.zone_of(b[partner]) == (1, "territory")  # undone
    d = g.s.pending
    assert d is not None and d.source == b[rally] and d.effect == "may_draw" and d.chooser == 1
    assert g.b.reactivating == b[rally] and [r[1] for r in g.b.suspended] == ["band"]
    round_trip(g)
    out = ok(g, f"choose {b[rally]}")  # it draws again; the band comes back on the partner, asking nothing
    assert g.zone_of(b["goliath"]) == (1, "hand") and g.zone_of(b[partner]) == (1, "field_of_battle")
    assert g.s.pending is None and g.zone_of(b["nebuchadnezzar"]) == (1, "deck")
    assert not g.b.suspended and not g.b.interrupter and not g.b.reactivating
    round_trip(g)


def test_a_save_whose_battle_records_have_no_place_loads_and_reads_each_as_its_verbs_first_effect(monkeypatch):
    """A save written before the records kept the effect's place ([card, verb, target, zone]) loads: each record's
    place is unknown (-1), read as the card's first effect of its verb; a new save keeps the places."""
    foe = character(monkeypatch, "t_foe", "evil", "Gold", 3, 3)
    hero = character(monkeypatch, "t_hero", "good", "Blue", 2, 2)
    push = enhancement(
        monkeypatch,
        "t_push",
        "evil",
        "Gold",
        [{"verb": "withdraw", "select": {"zone": "battle", "owner": "opponent", "type": "hero"}}],
    )
    partner = character(monkeypatch, "t_partner", "good", "Blue", 1, 1)
    stop = enhancement(monkeypatch, "t_stop", "good", "Blue", [{"verb": "interrupt_battle"}])
    b = stalemate(
        {"field_of_battle": [hero, partner], "hand": [stop]}, {"field_of_battle": [foe], "hand": [push]}, last_actor=0
    )
    g = b.game
    ok(g, f"enhance {b[push]} {b[foe]} {b[partner]}")
    assert g.b.effects == [(b[push], "withdraw", b[partner], "territory", 0)]
    round_trip(g)
    d = serial.to_dict(g)
    d["battle"]["effects"] = [e[:4] for e in d["battle"]["effects"]]
    old = serial.from_dict(type(g), d)
    assert old.b.effects == [(b[push], "withdraw", b[partner], "territory", -1)]
    ok(old, f"enhance {b[stop]} {b[hero]}")  # interrupted, it comes back: found by its verb
    assert old.zone_of(b[partner]) == (0, "territory") and not old.b.suspended
    round_trip(old)


OWN_EVIL = {"zone": ["hand", "territory"], "owner": "you", "type": "evil_character"}


@pytest.mark.parametrize("asks", [False, True], ids=["target-in-the-move", "band-asks"])
def test_the_rest_of_an_ability_goes_on_after_the_question_of_a_character_it_banded_in(monkeypatch, asks):
    """Seat 1's enhancement bands in a partner (the move names it, or the band asks), then bands in one more. The
    partner's own "you may draw" asks as it enters; once answered, the enhancement's second band goes on (it was
    dropped: only the effects after the one that asked, in the asking card's ability, went on). A band is the last
    kind of effect to activate (redemption.ability_order), so what waits is another band or a choose-opponent."""
    hero = character(monkeypatch, "t_hero", "good", "Blue", 9, 9)
    foe = character(monkeypatch, "t_foe", "evil", "Gold", 1, 1)
    partner = character(monkeypatch, "t_partner", "evil", "Gold", 4, 4, abilities=MAY_DRAW_ON_ENTRY)
    second = character(monkeypatch, "t_second", "evil", "Gold", 1, 1)
    band = {"verb": "band", "select": {**OWN_EVIL, "up_to": 1} if asks else OWN_EVIL}
    rally = enhancement(
        monkeypatch, "t_rally", "evil", "Gold", [band, {"verb": "band", "select": {**OWN_EVIL, "up_to": 1}}]
    )
    b = stalemate(
        {"field_of_battle": [hero]},
        {"field_of_battle": [foe], "territory": [partner, second], "hand": [rally], "deck": ["goliath"]},
        last_actor=0,
    )
    g = b.game
    if asks:
        ok(g, f"enhance {b[rally]} {b[foe]}")
        ok(g, f"choose {b[partner]}")
    else:
        ok(g, f"enhance {b[rally]} {b[foe]} {b[partner]}")
    assert g.zone_of(b[partner]) == (1, "field_of_battle") and g.zone_of(b[second]) == (1, "territory")
    assert g.s.pending is not None and g.s.pending.source == b[partner]
    assert g.s.waiting == [(b[rally], 0)]  # the rest of its ability, after its first effect, waits
    round_trip(g)
    d = serial.to_dict(g)
    assert d["waiting"] == [[b[rally], 0]] and "waiting" not in d["battle"]
    d["waiting"] = [[b[rally], -1]]
    with pytest.raises(ValueError, match="waiting"):
        serial.from_dict(type(g), d)
    del d["waiting"]
    day = {**d, "battle": {**d["battle"], "waiting": [[b[rally], 0]]}}  # a save of the day the battle held it
    assert serial.from_dict(type(g), day) == g
    assert not serial.from_dict(type(g), d).s.waiting  # a save from before: nothing waits
    ok(g, f"choose {b[partner]}")  # the partner draws Goliath; then the enhancement's second band asks
    assert g.zone_of(b["goliath"]) == (1, "hand") and not g.s.waiting
    assert g.s.pending is not None and g.s.pending.source == b[rally] and g.s.pending.effect == "band"
    ok(g, f"choose {b[second]}")
    assert g.zone_of(b[second]) == (1, "field_of_battle") and g.s.pending is None
    round_trip(g)


def test_a_character_brought_back_by_a_reactivation_interrupts_and_the_effects_it_suspends_come_back(monkeypatch):
    """Seat 1's enhancement draws a card and bands in a character whose entry ability interrupts the battle and then
    may draw. Seat 0 interrupts the battle and withdraws seat 1's blocker: the draw and the band are undone. They
    reactivate: the character comes back, and its own interrupt suspends seat 0's withdrawal (the blocker comes
    back) while its "you may draw" asks. Answered, the withdrawal reactivates (the blocker goes again). Before, the
    reactivation's record of what was still to come back overwrote the withdrawal's (a save refused the battle,
    and the answer ended the game in an IndexError)."""
    hero = character(monkeypatch, "t_hero", "good", "Blue", 3, 3)
    foe = character(monkeypatch, "t_foe", "evil", "Gold", 2, 2)
    guard = character(monkeypatch, "t_guard", "evil", "Gold", 1, 1)
    entry = [{"trigger": "enters_battle", "effects": [{"verb": "interrupt_battle"}, {"verb": "may_draw", "n": 1}]}]
    stopper = character(monkeypatch, "t_stopper", "evil", "Gold", 2, 2, abilities=entry)
    gather = enhancement(
        monkeypatch, "t_gather", "evil", "Gold", [{"verb": "draw", "n": 1}, {"verb": "band", "select": OWN_EVIL}]
    )
    push = {"verb": "withdraw", "select": {"zone": "battle", "owner": "opponent", "type": "evil_character"}}
    stop = enhancement(monkeypatch, "t_stop", "good", "Blue", [{"verb": "interrupt_battle"}, push])
    b = stalemate(
        {"field_of_battle": [hero], "hand": [stop]},
        {
            "field_of_battle": [foe, guard],
            "territory": [stopper],
            "hand": [gather],
            "deck": ["goliath", "nebuchadnezzar"],
        },
        last_actor=0,
    )
    g = b.game
    ok(g, f"enhance {b[gather]} {b[guard]} {b[stopper]}")  # it draws Goliath; the character's interrupt finds nothing
    ok(g, "choose")  # it does not draw
    assert g.zone_of(b["goliath"]) == (1, "hand") and g.zone_of(b[stopper]) == (1, "field_of_battle")
    to_player(g, 0)
    out = ok(g, f"enhance {b[stop]} {b[hero]} {b[foe]}")
    words = " ".join(e.text for e in out.events)
    assert "interrupts the battle" in words
    assert g.zone_of(b["goliath"]) == (1, "hand") and g.zone_of(b[stopper]) == (1, "field_of_battle")
    assert g.zone_of(b[foe]) == (1, "field_of_battle")  # the withdrawal is suspended by the character's interrupt
    d = g.s.pending
    assert d is not None and d.source == b[stopper] and d.effect == "may_draw"
    assert g.b.interrupter == b[stopper] and [r[:3] for r in g.b.suspended] == [(b[stop], "withdraw", b[foe])]
    round_trip(g)
    ok(g, "choose")  # it does not draw; the withdrawal comes back
    assert g.zone_of(b[foe]) == (1, "territory") and g.zone_of(b[guard]) == (1, "field_of_battle")
    assert g.zone_of(b[stopper]) == (1, "field_of_battle") and g.zone_of(b["nebuchadnezzar"]) == (1, "deck")
    assert not g.b.suspended and not g.b.interrupter and not g.b.reactivating and g.s.pending is None
    round_trip(g)


def test_a_reactivated_draw_draws_its_number_from_the_draw_pile_as_it_is_now(monkeypatch):
    """Seat 1's "draw 3" finds two cards in the draw pile and draws them. Seat 0 interrupts the battle (the two go back
    on top) and makes seat 1 put a card from hand under the draw pile. The draw reactivates as the ability it is,
    "draw 3", on the draw pile as it is now: three cards (it drew the two it had drawn: REG *Interrupt*, the
    interrupt undoes the completion of the ability, which completes again)."""
    hero = character(monkeypatch, "t_hero", "good", "Blue", 2, 2)
    foe = character(monkeypatch, "t_foe", "evil", "Gold", 2, 2)
    spare = character(monkeypatch, "t_spare", "evil", "Gold", 1, 1)
    rally = enhancement(monkeypatch, "t_rally", "evil", "Gold", [{"verb": "draw", "n": 3}])
    stop = enhancement(
        monkeypatch, "t_stop", "good", "Blue", [{"verb": "interrupt_battle"}, {"verb": "opponent_underdecks"}]
    )
    b = stalemate(
        {"field_of_battle": [hero], "hand": [stop]},
        {"field_of_battle": [foe], "hand": [rally, spare], "deck": ["goliath", "nebuchadnezzar"]},
        last_actor=0,
    )
    g = b.game
    ok(g, f"enhance {b[rally]} {b[foe]}")
    assert g.zone_of(b["goliath"]) == g.zone_of(b["nebuchadnezzar"]) == (1, "hand") and not g.z[1]["deck"]
    to_player(g, 0)
    ok(g, f"enhance {b[stop]} {b[hero]}")
    assert g.z[1]["deck"] == [b["goliath"], b["nebuchadnezzar"]]  # undone, back on top
    d = g.s.pending
    assert d is not None and d.chooser == 1 and d.options == [b[spare]]
    out = ok(g, f"choose {b[spare]}")
    assert "reactivates: its draw" in " ".join(e.text for e in out.events)
    assert set(g.z[1]["hand"]) == {b["goliath"], b["nebuchadnezzar"], b[spare]} and not g.z[1]["deck"]
    assert [r[2] for r in g.b.effects if r[0] == b[rally]] == [b["goliath"], b["nebuchadnezzar"], b[spare]]
    assert not g.b.suspended and not g.b.interrupter and not g.b.reactivating
    round_trip(g)
