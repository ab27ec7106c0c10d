"""The ability language's conditions, costs, optional abilities, riders and the verbs that stand in the way of
others (immune, first strike, prevent, interrupt, redirect, other brigades, negate all), each on a hand-built
position in the scenario format (``redemption.scenario``). The cards are our own, written here in the language
and added to the pool for the test only."""

from __future__ import annotations

from typing import Any

import pytest

from rules.redemption import serial
from rules.redemption.cards import CARDS, _card
from rules.redemption.lang import LanguageError
from tests.redemption_helpers import scenario


def _add(monkeypatch: pytest.MonkeyPatch, key: str, abilities: list[dict[str, Any]], **facts: Any) -> str:
    d = {
        "key": key,
        "name": key.replace("_", " ").title(),
        "type": "good_enhancement",
        "alignment": "good",
        "brigades": ["Blue"],
        "abilities": abilities,
        **facts,
    }
    monkeypatch.setitem(CARDS, key, _card(d))
    return key


def _draw_if(condition: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"trigger": "played", "condition": condition, "effects": [{"verb": "draw", "n": 1}]}]


BATTLE = """
[start]
phase = "battle"
active = 0
turn = 3
flags = {{ battled = true }}
battle = {{ kind = "rescue", step = "initiative", last_actor = 1 }}
[[start.seat]]
field_of_battle = [{heroes}]
territory = [{territory}]
hand = [{hand}]
deck = ["barak", "esther", "peter"]
land_of_bondage = ["ls_debtor"]
[[start.seat]]
field_of_battle = ["goliath"]
territory = [{their_territory}]
hand = [{their_hand}]
deck = ["delilah", "eglon"]
land_of_bondage = ["ls_orphan"]
"""


def battle(hand: str, heroes: str = '"gideon"', territory: str = "", their_territory: str = "", their_hand: str = ""):
    return scenario(
        BATTLE.format(
            hand=hand, heroes=heroes, territory=territory, their_territory=their_territory, their_hand=their_hand
        )
    )


def _round_trip(g) -> None:
    assert serial.from_dict(type(g), serial.to_dict(g)) == g


# --- conditions (redemption.lang.condition.*) ----------------------------------------------------------------------
@pytest.mark.parametrize(
    "condition, hero, works",
    [
        ({"used_by": {"class": "warrior"}}, "gideon", True),
        ({"used_by": {"class": "warrior"}}, "deborah", False),
        ({"used_by": {"gender": "female", "type": "hero"}}, "deborah", True),
        ({"used_by": {"testament": "NT", "kind": "human", "type": "hero"}}, "gideon", False),
        ({"used_by": {"identifier": "O.T."}}, "gideon", True),
        ({"unless": {"used_by": {"class": "warrior"}}}, "gideon", False),
        ({"unless": {"used_by": {"class": "warrior"}}}, "deborah", True),
    ],
)
def test_used_by_holds_when_the_character_it_is_played_on_fits(monkeypatch, condition, hero, works):
    e = _add(monkeypatch, "t_cond", _draw_if(condition))
    b = battle(f'"{e}"', heroes=f'"{hero}"')
    g = b.game
    before = len(g.z[0]["hand"])
    out = g.apply(f"enhance {b[e]} {b[hero]}")
    assert out.ok, out
    drawn = len(g.z[0]["hand"]) - (before - 1)
    assert drawn == (1 if works else 0), [ev.text for ev in out.events]
    if not works:
        assert any(ev.rule == "redemption.lang.condition" for ev in out.events)


@pytest.mark.parametrize("site, works", [("cave_of_adullam", True), ("upper_room", False), ("", False)])
def test_site_in_play_holds_while_a_site_of_that_title_is_in_any_territory(monkeypatch, site, works):
    e = _add(monkeypatch, "t_site", _draw_if({"site_in_play": "Cave of Adullam"}))
    b = battle(f'"{e}"', their_territory=f'"{site}"' if site else "")
    g = b.game
    n = len(g.z[0]["hand"])
    assert g.apply(f"enhance {b[e]} {b['gideon']}").ok
    assert len(g.z[0]["hand"]) == n - 1 + works


@pytest.mark.parametrize("their_hand, works", [('"delilah", "eglon", "herod"', True), ('"delilah"', False)])
def test_opponent_more_cards_compares_the_hands_when_the_ability_works(monkeypatch, their_hand, works):
    e = _add(monkeypatch, "t_hand", _draw_if({"opponent_more_cards": True}))
    b = battle(f'"{e}", "stars_fought"', their_hand=their_hand)  # 2 in hand; 1 once the card is played
    g = b.game
    assert g.apply(f"enhance {b[e]} {b['gideon']}").ok
    assert len(g.z[0]["hand"]) == 1 + works


@pytest.mark.parametrize(
    "mine, theirs, works",
    [
        ('"barak", "deborah"', '"delilah"', True),  # Barak is the only O.T. male Hero on either side
        ('"barak"', "", True),
        ('"deborah", "esther"', "", False),  # none: nobody has the most
        ('"barak"', '"gideon"', False),  # a tie: nobody has the most
    ],
)
def test_most_in_territory_needs_strictly_more_than_every_other_player(monkeypatch, mine, theirs, works):
    e = _add(
        monkeypatch, "t_most", _draw_if({"most_in_territory": {"type": "hero", "testament": "OT", "gender": "male"}})
    )
    text = BATTLE.format(hand=f'"{e}"', heroes='"gideon"', territory=mine, their_territory="", their_hand="")
    if theirs:  # the opponent holds a Hero of their own in territory
        text = text.replace("territory = []\nhand = []", f"territory = [{theirs}]\nhand = []")
    b = scenario(text)
    g = b.game
    n = len(g.z[0]["hand"])
    assert g.apply(f"enhance {b[e]} {b[0, 'gideon']}").ok
    assert len(g.z[0]["hand"]) == n - 1 + works


def test_a_condition_is_said_on_the_card_and_unknown_or_bad_values_are_refused(monkeypatch):
    e = _add(monkeypatch, "t_text", _draw_if({"used_by": {"class": "warrior", "type": "hero"}}))
    assert CARDS[e].ability_text.startswith("If used by a warrior-class Hero: Draw 1 card")
    with pytest.raises(LanguageError, match="card facets only"):
        _card({**_facts("bad"), "abilities": _draw_if({"used_by": {"zone": "hand"}})})
    with pytest.raises(LanguageError, match="written = true"):
        _card({**_facts("bad"), "abilities": _draw_if({"opponent_more_cards": 3})})
    with pytest.raises(LanguageError, match="unknown condition 'if_raining'"):
        _card({**_facts("bad"), "abilities": _draw_if({"unless": {"if_raining": True}})})


def _facts(key: str) -> dict[str, Any]:
    return {"key": key, "name": key, "type": "good_enhancement", "alignment": "good", "brigades": ["Blue"]}


# --- riders (redemption.lang.rider.*) --------------------------------------------------------------------------------
@pytest.mark.parametrize("riders, negated", [(["cannot_be_negated"], False), ([], True)])
def test_a_card_that_cannot_be_negated_is_passed_over_by_negate(monkeypatch, riders, negated):
    wall = _add(
        monkeypatch,
        "t_wall",
        [{"trigger": "played", "effects": [{"verb": "protect", "riders": riders}]}],
        type="evil_enhancement",
        alignment="evil",
        brigades=["Crimson"],
        toughness=5,
    )
    text = BATTLE.format(hand='"writing_on_wall"', heroes='"esther"', territory="", their_territory="", their_hand="")
    text = text.replace("last_actor = 1", "last_actor = 0").replace("hand = []", f'hand = ["{wall}"]')
    b = scenario(text)
    g = b.game
    assert g.current_player == 1
    assert g.apply(f"enhance {b[wall]} {b['goliath']}").ok
    out = g.apply(f"enhance {b['writing_on_wall']} {b['esther']}")
    assert out.ok, out
    assert (b[wall] in g.b.negated) == negated, [e.text for e in out.events]
    assert g.char_numbers(b["goliath"]) == ((8, 6) if negated else (8, 11))
    _round_trip(g)
