"""Interrupted effects that reactivate (rules.md redemption.effect.interrupt_battle; REG *Interrupt*): hand-built
positions in the keyed ``[start]`` format where a reactivated effect asks, or is written under another verb's name,
and the rest of the suspended effects go on after the answer."""

from __future__ import annotations

from typing import Any

import pytest

from rules.redemption import serial
from rules.redemption.cards import CARDS, real_key
from tests.redemption_helpers import ok
from tests.test_real_g10 import _test_card, pos, round_trip, to_player

MAY_DRAW_ON_ENTRY = [{"trigger": "enters_battle", "may": True, "effects": [{"verb": "draw", "n": 1}]}]


def _char(monkeypatch: pytest.MonkeyPatch, key: str, alignment: str, brigade: str, s: int, t: int, **facts: Any) -> str:
    facts = {"identifiers": ["human", "male"], "reference": "Genesis 1:1", **facts}
    type_ = "hero" if alignment == "good" else "evil_character"
    return _test_card(
        monkeypatch, key, type=type_, alignment=alignment, brigades=[brigade], strength=s, toughness=t, **facts
    )


def _enh(monkeypatch: pytest.MonkeyPatch, key: str, alignment: str, brigade: str, effects: list[dict]) -> str:
    return _test_card(
        monkeypatch,
        key,
        type=f"{alignment}_enhancement",
        alignment=alignment,
        brigades=[brigade],
        strength=0,
        toughness=0,
        abilities=[{"trigger": "played", "effects": effects}],
    )


def _rescue(mine: dict, theirs: dict, last_actor: int) -> Any:
    """A rescue under way, seat 0's Hero against seat 1's blocker, the player who did not move last to play."""
    return pos(
        {"land_of_bondage": ["ls_debtor"], **mine},
        {"land_of_bondage": ["ls_orphan"], **theirs},
        phase="battle",
        flags={"battled": True},
        battle={"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": last_actor},
    )


def test_two_reactivated_bands_whose_characters_ask_on_entry_ask_one_after_the_other(monkeypatch):
    """Seat 1's enhancement bands in two characters, each of which may draw as it enters battle; seat 0 interrupts
    the battle (both go home). Reactivating, the first band brings its character in, whose "you may" asks; the
    second band waits for that answer (it used to ask at once: "one decision at a time"), then comes back and
    its character asks in turn."""
    hero = _char(monkeypatch, "t_hero", "good", "Blue", 9, 9)
    foe = _char(monkeypatch, "t_foe", "evil", "Gold", 1, 1)
    one = _char(monkeypatch, "t_one", "evil", "Gold", 4, 4, abilities=MAY_DRAW_ON_ENTRY)
    two = _char(monkeypatch, "t_two", "evil", "Gold", 4, 4, abilities=MAY_DRAW_ON_ENTRY)
    gather = _enh(
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
    stop = _enh(monkeypatch, "t_stop", "good", "Blue", [{"verb": "interrupt_battle"}])
    b = _rescue(
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
    stop = _enh(monkeypatch, "t_stop", "evil", CARDS[shimei].brigades[0], [{"verb": "interrupt_battle"}])
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
    hero = _char(monkeypatch, "t_hero", "good", "Blue", 3, 3)
    foe = _char(monkeypatch, "t_foe", "evil", "Gold", 1, 1)
    partner = _char(monkeypatch, "t_partner", "evil", "Gold", 4, 4)
    band = {"verb": "band", "select": {"zone": ["hand", "territory"], "owner": "you", "type": "evil_character"}}
    rally = _enh(monkeypatch, "t_rally", "evil", "Gold", [{"verb": "may_draw", "n": 1}, band])
    stop = _enh(monkeypatch, "t_stop", "good", "Blue", [{"verb": "interrupt_battle"}])
    b = _rescue(
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
    foe = _char(monkeypatch, "t_foe", "evil", "Gold", 3, 3)
    hero = _char(monkeypatch, "t_hero", "good", "Blue", 2, 2)
    push = _enh(
        monkeypatch,
        "t_push",
        "evil",
        "Gold",
        [{"verb": "withdraw", "select": {"zone": "battle", "owner": "opponent", "type": "hero"}}],
    )
    partner = _char(monkeypatch, "t_partner", "good", "Blue", 1, 1)
    stop = _enh(monkeypatch, "t_stop", "good", "Blue", [{"verb": "interrupt_battle"}])
    b = _rescue(
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
