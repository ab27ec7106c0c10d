"""The real 10th Anniversary G starter (set 10A): the structure that holds real cards (``rules/redemption/real``:
facts keyed Name + Set and our own script, never printed text) and, card by card, a hand-built position in the
scenario format (``redemption.scenario``) in which the card's ability happens and its outcome is asserted."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from rules.redemption import serial
from rules.redemption.cards import CARDS, DECKS, PENDING, _card, real_key
from rules.redemption.lang import LanguageError
from rules.redemption.printed import Printing, script_for
from tests.redemption_helpers import ok, scenario


def R(name: str) -> str:
    """The key of a 10A printing."""
    return real_key(name, "10A")


REAL = {k: c for k, c in CARDS.items() if c.set == "10A"}


def pos(mine: dict[str, list[str]], theirs: dict[str, list[str]], **top: Any) -> Any:
    """A position in the keyed ``[start]`` format: seat 0's and seat 1's zones (card keys), and the rest of
    ``[start]`` (phase, active, turn, battle, flags, attached, face_up) as TOML values."""
    top = {"phase": "prep", "active": 0, "turn": 3, **top}
    lines = ["[start]"] + [f"{k} = {_toml(v)}" for k, v in top.items()]
    for seat in (mine, theirs):
        lines.append("[[start.seat]]")
        lines += [f"{z} = {_toml(keys)}" for z, keys in seat.items()]
    return scenario("\n".join(lines))


def _toml(v: Any) -> str:
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {_toml(x)}" for k, x in v.items()) + " }"
    if isinstance(v, bool):
        return "true" if v else "false"
    return json.dumps(v)


def round_trip(g: Any) -> None:
    assert serial.from_dict(type(g), serial.to_dict(g)) == g


# --- the structure --------------------------------------------------------------------------------------------------
def test_real_cards_are_keyed_by_name_and_set_and_hold_facts_and_a_script():
    assert REAL, "no real card loaded"
    for key, c in REAL.items():
        assert key == f"{c.name}|10A"
        assert c.ability_text == " ".join(c.ability_text.split())  # generated from the script, for every card
        assert (not c.abilities) == (c.ability_text == "")


def test_script_for_finds_a_real_printing_by_its_key_and_only_with_its_type():
    c = CARDS[R("Son of God (G)")]
    fields = dict.fromkeys(
        (
            "name set image official_set type_text brigade strength toughness klass identifier text rarity "
            "reference sound alignment legality"
        ).split(),
        "",
    )
    p = Printing(**{**fields, "name": c.name, "set": "10A", "type_text": "Dominant", "text": "our words here"})
    assert script_for(p) == c.key and p.enforced
    assert script_for(Printing(**{**fields, "name": c.name, "set": "10A", "type_text": "Hero"})) is None
    assert script_for(Printing(**{**fields, "name": c.name, "set": "Pri", "type_text": "Dominant"})) is None


def test_a_real_card_naming_an_unknown_word_is_refused_and_printed_words_have_no_key():
    facts = {"name": "Made Up (G)", "set": "10A", "type": "dominant", "alignment": "good"}
    with pytest.raises(LanguageError, match="unknown verb 'smite'"):
        _card({**facts, "abilities": [{"trigger": "played", "effects": [{"verb": "smite"}]}]})
    with pytest.raises(ValueError, match="text is not a fact"):
        _card({**facts, "text": "words"})


def test_the_g_deck_is_offered_only_once_every_card_is_enforced():
    keys = [R(n) for n in ("Aaron (G)", "Son of God (G)")]
    if "G10" in DECKS:
        assert all(k in CARDS for k in DECKS["G10"]["cards"]) and "G10" not in PENDING
        return
    d = PENDING["G10"]
    assert d["name"] == "G (10th Anniversary)" and len(d["cards"]) == 50
    assert keys[0] in d["missing"] and keys[1] not in d["missing"]
    assert set(d["missing"]) == {k for k in d["cards"] if k not in CARDS}
    from saves import decks as dk

    with pytest.raises(dk.DeckError, match=r"G10 \(G \(10th Anniversary\)\) is not offered yet: \d+ of its 50"):
        dk.resolve("G10", "/nonexistent")


CARD_FILE = Path(os.environ.get("REDEMPTION_CARD_FILE", "/work/lackey/carddata.txt"))


@pytest.mark.skipif(not CARD_FILE.is_file(), reason="the player's own card file is not on this machine")
def test_the_facts_agree_with_the_card_file():
    """Where the LackeyCCG card file is on the machine (never in the repository), every real card's facts are its."""
    from saves.cardfile import parse

    pool = parse(CARD_FILE.read_bytes(), str(CARD_FILE))
    for key, c in REAL.items():
        p = pool.by_key[key]
        assert p.type == c.type, key
        assert int(p.strength or 0) == c.strength and int(p.toughness or 0) == c.toughness, key
        assert p.reference == c.reference, key
        if p.brigade != "Multi":
            assert {b for b in p.brigade.split("/") if b} == set(c.brigades), key
        assert ("warrior" in p.klass.lower()) == ("warrior" in c.classes), key
        assert script_for(p) == key


# --- Lost Souls and characters with no special ability ----------------------------------------------------------
SOULS = [n for n in (c.name for c in REAL.values()) if n.startswith("Lost Soul") and not CARDS[R(n)].abilities]


@pytest.mark.parametrize("soul", SOULS)
def test_a_plain_lost_soul_is_rescued_into_the_rescuers_land_of_redemption(soul):
    b = pos({"hand": ["barak"]}, {"land_of_bondage": [R(soul)], "deck": ["ls_orphan"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b['barak']}")
    ok(g, "noblock")
    assert g.zone_of(b[R(soul)]) == (0, "land_of_redemption")
    round_trip(g)


def test_strong_demon_blocks_and_wins_by_its_numbers():
    demon = R("Strong Demon (G)")
    b = pos({"hand": ["barak"]}, {"hand": [demon], "land_of_bondage": ["ls_orphan"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b['barak']}")
    ok(g, f"block {b[demon]}")
    assert g.char_numbers(b[demon]) == (9, 10) and g.standing() == "evil_winning"
    ok(g, "pass")
    assert g.zone_of(b["barak"]) == (0, "discard") and g.zone_of(b["ls_orphan"]) == (1, "land_of_bondage")


def test_temple_guard_is_a_warrior_sadducee_that_blocks_with_its_numbers():
    guard = R("Temple Guard")
    c = CARDS[guard]
    assert c.is_warrior and "sadducee" in c.identifiers and not c.abilities
    b = pos({"hand": ["john"]}, {"hand": [guard], "land_of_bondage": ["ls_orphan"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b['john']}")
    ok(g, f"block {b[guard]}")
    assert g.char_numbers(b[guard]) == (5, 7) and g.standing() == "evil_winning"  # 5 beats John's 4; 6 does not beat 7
    ok(g, "pass")
    assert g.zone_of(b["john"]) == (0, "discard") and g.zone_of(b[guard]) == (
        1,
        "territory",
    )  # back to territory, survived


# --- Dominants and artifacts ---------------------------------------------------------------------------------------
def test_angel_of_the_lord_discards_any_evil_character_in_play():
    angel = R("Angel of the Lord (G)")
    b = pos({"hand": [angel], "territory": ["gideon"]}, {"territory": ["pilate", "goliath"]})
    g = b.game
    targets = {a.args[1] for a in g.legal_actions() if a.verb == "dominant" and a.args[0] == b[angel]}
    assert targets == {b["pilate"], b["goliath"]}  # evil characters only, not the Hero
    ok(g, f"dominant {b[angel]} {b['goliath']}")
    assert g.zone_of(b["goliath"]) == (1, "discard") and g.zone_of(b[angel]) == (0, "discard")
    round_trip(g)


def test_burial_discards_any_lost_soul_in_play():
    burial = R("Burial (G)")
    b = pos({"hand": [burial], "land_of_bondage": ["ls_wanderer"]}, {"land_of_bondage": ["ls_orphan", "ls_widow"]})
    g = b.game
    targets = {a.args[1] for a in g.legal_actions() if a.verb == "dominant" and a.args[0] == b[burial]}
    assert targets == {b["ls_wanderer"], b["ls_orphan"], b["ls_widow"]}
    ok(g, f"dominant {b[burial]} {b['ls_orphan']}")
    assert g.zone_of(b["ls_orphan"]) == (1, "discard")
    round_trip(g)


def test_son_of_god_rescues_any_lost_soul_in_play():
    son = R("Son of God (G)")
    b = pos({"hand": [son], "land_of_bondage": ["ls_wanderer"]}, {"land_of_bondage": ["ls_orphan"]})
    g = b.game
    targets = {a.args[1] for a in g.legal_actions() if a.verb == "dominant" and a.args[0] == b[son]}
    assert targets == {b["ls_wanderer"], b["ls_orphan"]}  # any Lost Soul in play, a Land of Bondage of your own too
    ok(g, f"dominant {b[son]} {b['ls_orphan']}")
    assert g.zone_of(b["ls_orphan"]) == (0, "land_of_redemption") and g.score(0) == 1
    assert CARDS[son].ability_text.startswith("Rescue any Lost Soul in play")
    round_trip(g)


@pytest.mark.parametrize("up, limit", [(True, 10), (False, 8)])
def test_tables_of_the_law_face_up_lets_its_holder_keep_ten_cards(up, limit):
    tables = R("Tables of the Law (G)")
    b = pos({"artifact_pile": [tables]}, {}, **({"face_up": [tables]} if up else {}))
    g = b.game
    assert g.hand_limit(0) == limit and g.hand_limit(1) == 8
