"""The typed Redemption state: what from_dict refuses (redemption.save.valid), the format migration, the effect
registry, and clones that share nothing that changes."""

from __future__ import annotations

import pytest

from rules.redemption import CARDS, REGISTRY, Game, new_game
from rules.redemption.cards import FINGERPRINTS, _card
from rules.redemption.serial import NO_FINGERPRINT, tables
from rules.redemption.state import Battle, Seat, Turn
from tests.redemption_helpers import ok, scenario

BATTLE = """
[start]
phase = "battle"
active = 0
turn = 3
battle = { kind = "rescue", step = "initiative", last_actor = 1 }
[[start.seat]]
field_of_battle = ["barak"]
hand = ["stars_fought"]
deck = ["ls_debtor"]
[[start.seat]]
field_of_battle = ["nebuchadnezzar"]
land_of_bondage = ["ls_stranger"]
"""


def _state() -> dict:
    return scenario(BATTLE).game.to_dict()


def test_a_position_round_trips_and_names_its_format_and_defender():
    g = scenario(BATTLE).game
    d = g.to_dict()
    assert d["format"] == 3 and d["battle"]["defender"] == 1 and d["score"] == [0, 0]
    assert Game.from_dict(d) == g
    assert Game.from_dict(tables(d)) == g  # format 2's tables of cards and fingerprints still read
    assert isinstance(g.s, Turn) and isinstance(g.b, Battle) and all(isinstance(s, Seat) for s in g.seats)


def test_a_format_1_state_without_defender_migrates():
    d = _state()
    del d["format"], d["score"], d["battle"]["defender"]
    g = Game.from_dict(d)
    assert g.b.defender == 1 and g.current_player in (0, 1) and g.to_dict()["format"] == 3


def test_a_newer_format_is_refused():
    with pytest.raises(ValueError, match="format 5"):
        Game.from_dict({**_state(), "format": 5})


def test_format_3_cards_and_fingerprints_are_texts_in_order():
    g = scenario(BATTLE).game
    d = g.to_dict()
    assert d["cards"] == [f"{cid} {o} {k}" for cid, (k, o) in g.cards.items()]
    keys = sorted({k for k, _ in g.cards.values()})
    assert d["fingerprints"] == " ".join(FINGERPRINTS[k] for k in keys)
    assert list(Game.from_dict(d).cards) == list(g.cards)  # the table's order survives
    t = tables(d)
    assert t["cards"] == {cid: {"key": k, "owner": o} for cid, (k, o) in g.cards.items()}
    assert t["fingerprints"] == {k: FINGERPRINTS[k] for k in keys}


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda c: c.__setitem__(0, "G1 gideon"), "is not a card of the card list"),
        (lambda c: c.__setitem__(0, 7), "is not a card of the card list"),
        (lambda c: c.__setitem__(0, c[0].split(" ")[0] + " 0 nonesuch"), "names an unknown card 'nonesuch'"),
        (lambda c: c.__setitem__(0, c[0].split(" ")[0] + " 2 gideon"), "must have an owner from 0 to 1"),
        (lambda c: c.append(c[0]), "is listed twice in the card list"),
    ],
)
def test_a_malformed_format_3_card_list_is_refused(change, message):
    d = _state()
    change(d["cards"])
    with pytest.raises(ValueError, match=message):
        Game.from_dict(d)


@pytest.mark.parametrize("bad", ["", "abc", "- - -"])
def test_a_fingerprints_text_of_the_wrong_length_or_kind_is_refused(bad):
    with pytest.raises(ValueError, match="'fingerprints' must be a table from card key to 12 hex digits, or a text"):
        Game.from_dict({**_state(), "fingerprints": bad})


def test_a_fingerprints_text_marks_a_card_without_one_and_names_a_changed_card():
    d = _state()
    parts = d["fingerprints"].split(" ")
    keys = sorted({cd["key"] for cd in tables(d)["cards"].values()})
    parts[0], parts[1] = NO_FINGERPRINT, "0" * 12
    g = Game.from_dict({**d, "fingerprints": " ".join(parts)})
    assert g.changed_cards == (keys[0], keys[1])  # a card saved without one counts as changed, as in format 2


def test_two_face_up_artifacts_for_one_player_are_impossible():
    g = scenario("""
[start]
phase = "prep"
turn = 3
face_up = ["jar_of_oil"]
[[start.seat]]
artifact_pile = ["jar_of_oil", "scroll_of_the_law"]
deck = ["ls_debtor"]
[[start.seat]]
deck = ["ls_stranger"]
""").game
    d = g.to_dict()
    d["face_up"] = sorted(d["players"][0]["zones"]["artifact_pile"])
    with pytest.raises(ValueError, match="2 face-up artifacts .* one artifact is active at a time"):
        Game.from_dict(d)


def test_a_stored_score_must_match_the_land_of_redemption():
    d = _state()
    d["score"] = [3, 0]
    with pytest.raises(ValueError, match=r"stored score \[3, 0\] does not match the Lands of Redemption \(0-0\)"):
        Game.from_dict(d)


def test_a_battle_naming_a_card_in_a_hand_is_impossible():
    d = _state()
    in_hand = d["players"][0]["zones"]["hand"][0]
    d["battle"]["played"] = [in_hand]
    with pytest.raises(ValueError, match=f"lists {in_hand} as an enhancement played in it, but it is in a hand"):
        Game.from_dict(d)
    d = _state()
    d["battle"]["ignored"] = {d["players"][0]["zones"]["deck"][0]: "H1"}
    with pytest.raises(ValueError, match="as ignored, but it is not a character that has been in the battle"):
        Game.from_dict(d)


def test_the_defender_is_another_player_and_only_while_a_battle_goes_on():
    d = _state()
    d["battle"]["defender"] = 0
    with pytest.raises(ValueError, match="defender must be a player other than the attacker"):
        Game.from_dict(d)
    d = new_game(1).to_dict()
    d["battle"]["defender"] = 1
    with pytest.raises(ValueError, match="no battle is under way, so there is no defender"):
        Game.from_dict(d)


def test_a_battle_field_of_the_wrong_kind_is_refused():
    d = _state()
    d["battle"]["passes"] = "two"
    with pytest.raises(ValueError, match="battle field 'passes' has the wrong kind of value"):
        Game.from_dict(d)
    d = _state()
    d["battle"]["colour"] = "red"
    with pytest.raises(ValueError, match="unknown battle field 'colour'"):
        Game.from_dict(d)


def test_every_card_effect_is_in_the_registry_and_an_unknown_one_is_refused_at_load():
    assert {a.effect for c in CARDS.values() for a in c.abilities} <= set(REGISTRY)
    for name, eff in REGISTRY.items():
        assert eff.name == name and eff.rule == f"redemption.effect.{name}" and eff.summary
    raw = {
        "key": "x",
        "name": "X",
        "type": "hero",
        "alignment": "good",
        "abilities": [{"trigger": "enters_battle", "effects": [{"verb": "teleport"}]}],
    }
    with pytest.raises(ValueError, match="card x: unknown verb 'teleport'"):
        _card(raw)


def test_a_clone_shares_no_changing_state():
    g = scenario(BATTLE).game
    c = g.clone()
    ok(c, "pass")  # the losing side passes: the battle ends in the clone only
    assert g.b.kind == "rescue" and g.phase == "battle" and c.b.kind == "" and c.phase == "discard"
    assert g.s is not c.s and g.b is not c.b and g.z[0]["field_of_battle"] and not c.z[0]["field_of_battle"]
    assert all(a.zones is not b.zones for a, b in zip(g.seats, c.seats))


def test_events_carry_their_rule_and_what_they_reveal_in_fields_not_words():
    from rules.core import Rng
    from rules.docs import rule_sections

    sections = rule_sections("redemption")
    rules_seen, reveals = set(), set()
    for seed in range(6):
        g, r = new_game(seed), Rng(seed)
        while not g.is_over and len(g.history) < 400:
            legal = g.legal_actions()
            for e in g.apply(legal[r.below(len(legal))]).events:
                assert "(redemption." not in e.text, e.text
                assert e.rule == "" or e.rule in sections, e.rule
                rules_seen.add(e.rule)
                if e.reveals:
                    reveals.add(e.kind)
    assert {
        "redemption.setup.cut",
        "redemption.setup.draw",
        "redemption.turn.draw",
        "redemption.battle.resolve",
        "redemption.draw.soul",
    } <= rules_seen
    assert {"draw", "lost_soul"} <= reveals and "place" not in reveals
