"""Real cards with no special ability (``rules/redemption/real/plain_*.toml``): facts only, enforced by what the
rules do with their type and numbers. Every entry of every real/ file loads as the card it says; where the player's
card file is on the machine, the plain files' facts are its; and a few representative ones play as what they are
on hand-built positions (a Hero rescues, an Evil Character blocks, an enhancement adds its numbers, a Lost Soul
is rescued)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from rules.redemption.cards import CARDS, real_key
from rules.redemption.lang import matches
from tests.redemption_helpers import ok, refused
from tests.test_real_g10 import blocked, pos, round_trip

ROOT = Path(__file__).resolve().parent.parent
REAL_DIR = ROOT / "rules/redemption/real"
PLAIN = sorted(REAL_DIR.glob("plain_*.toml"))


def _entries(f: Path) -> list[dict[str, Any]]:
    return tomllib.loads(f.read_text(encoding="utf-8"))["card"]


def test_the_plain_files_write_a_characters_kind_gender_and_testament_once_and_only_for_characters():
    # that every entry loads, with no script, once: tests/test_real_files.py
    assert PLAIN
    seen: set[str] = set()
    for f in PLAIN:
        for d in _entries(f):
            key = real_key(d["name"], d["set"])
            seen.add(key)
            if d["type"] in ("hero", "evil_character"):
                ids = d.get("identifiers", [])
                assert sum(k in ids for k in ("human", "angel", "demon", "animal")) <= 1, key
                assert not ({"male", "female"} <= set(ids)), key
                if "O.T." in ids or "N.T." in ids:
                    assert "human" in ids, key  # the testament mark goes with humans, as g10.toml writes it
            else:
                assert not {"human", "male", "female", "angel", "demon"} & set(d.get("identifiers", [])), key
    assert len(seen) > 400


def test_silver_heroes_are_angels_and_a_kind_selector_reads_the_facets():
    plain = {k: CARDS[k] for f in PLAIN for k in (real_key(d["name"], d["set"]) for d in _entries(f))}
    silver = [c for c in plain.values() if c.type == "hero" and c.brigades == ("Silver",)]
    assert silver and all("angel" in c.identifiers for c in silver)
    angel = CARDS[real_key("Guiding Angel", "3E")]
    demon = CARDS[real_key("Frog Demons (L)", "Main")]
    esther = CARDS[real_key("Esther (L)", "Main")]
    assert matches(angel, {"kind": "angel"}) and not matches(angel, {"kind": "human"})
    assert matches(demon, {"kind": "demon"}) and not matches(demon, {"gender": "male"})
    assert matches(esther, {"kind": "human", "gender": "female", "testament": "OT"})
    # where we cannot tell, the facet is left out: no selector of kind or gender takes the card
    warrior = CARDS[real_key("Mighty Warrior (L)", "Main")]
    assert not any(matches(warrior, {"kind": k}) for k in ("human", "angel", "demon", "animal"))


# --- they play as what they are ---------------------------------------------------------------------------------------
def R(name: str, set_code: str) -> str:
    return real_key(name, set_code)


def test_a_plain_real_hero_rescues_a_lost_soul_when_not_blocked():
    hero = R("Gideon (L)", "Main")  # Gold 6/6
    soul = R("Lost Soul Isaiah 42:7 (L)", "Main")
    b = pos({"hand": [hero]}, {"land_of_bondage": [soul], "deck": ["ls_orphan"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b[hero]}")
    ok(g, "noblock")
    assert g.zone_of(b[soul]) == (0, "land_of_redemption") and g.score(0) == 1
    round_trip(g)


def test_a_plain_real_evil_character_blocks_and_wins_by_its_numbers():
    goliath = R("Goliath (L)", "Main")  # Black 10/10
    b = blocked("barak", goliath)  # our Barak, 6/6
    g = b.game
    assert g.char_numbers(b[goliath]) == (10, 10) and g.standing() == "evil_winning"
    ok(g, "pass")
    assert g.zone_of(b["barak"]) == (0, "discard") and g.zone_of(b[goliath]) == (1, "territory")
    round_trip(g)


def test_a_plain_real_hero_defeats_a_plain_real_evil_character_and_rescues():
    hero, evil = R("Philemon", "Ap"), R("Hermogenes", "Ap")  # Green 8/8 against Pale Green 3/3
    b = blocked(hero, evil)
    g = b.game
    assert g.standing() == "hero_winning"
    ok(g, "pass")
    assert g.zone_of(b[evil]) == (1, "discard") and g.zone_of(b["ls_orphan"]) == (0, "land_of_redemption")


def test_a_plain_real_good_enhancement_adds_its_numbers_to_a_hero_of_its_brigade():
    faith = R("Faith (L)", "Main")  # Blue 2/2
    hero, guard = R("Barnabas (B)", "Main"), R("Doeg (L)", "Main")  # Blue 4/4 against Pale Green 6/6
    b = blocked(hero, guard, mine={"hand": [faith]})
    g = b.game
    assert g.standing() == "evil_winning"
    ok(g, f"enhance {b[faith]} {b[hero]}")
    assert g.char_numbers(b[hero]) == (6, 6) and g.standing() == "both_defeated"  # 6 against 6 both ways
    round_trip(g)


def test_a_plain_enhancement_of_another_brigade_is_refused_and_a_multi_brigade_one_fits_any():
    faith, sword = R("Faith (L)", "Main"), R("Sword of the Spirit (A)", "1E")  # Blue 2/2; Multi 3/1
    hero, evil = R("Joab (L)", "Main"), R("Goliath (L)", "Main")  # Red 6/6 against Black 10/10
    b = blocked(hero, evil, mine={"hand": [faith, sword]})
    g = b.game
    refused(g, f"enhance {b[faith]} {b[hero]}")
    ok(g, f"enhance {b[sword]} {b[hero]}")
    assert g.char_numbers(b[hero]) == (9, 7)


def test_a_plain_real_evil_enhancement_adds_its_numbers_to_an_evil_character_of_its_brigade():
    spear = R("Goliath's Spear (L)", "Main")  # Black 2/1
    evil = R("Locust from the Pit (L)", "Main")  # Black 6/6
    b = blocked("barak", evil, theirs={"hand": [spear]})  # Barak 6/6: both would be defeated
    g = b.game
    if g.current_player != 1:
        ok(g, "pass")
    ok(g, f"enhance {b[spear]} {b[evil]}")
    assert g.char_numbers(b[evil]) == (8, 7) and g.standing() == "evil_winning"
    round_trip(g)


# --- one card in two printings is one unique card; a card the file marks Generic is not unique ----------------------
def _playable(g: Any, cid: str) -> bool:
    return any(a.verb == "play" and a.args[0] == cid for a in g.legal_actions())


def test_two_printings_of_one_character_are_one_unique_character_in_play():
    first, second = R("Gideon (L)", "Main"), R("Gideon (J)", "J")
    assert CARDS[first].unique_name == CARDS[second].unique_name == "Gideon"
    b = pos({"hand": [second, "barak"], "territory": [first]}, {})
    g = b.game
    assert not _playable(g, b[second]) and _playable(g, b["barak"])
    refused(g, f"play {b[second]}", "redemption.unique")
    b = pos({"hand": [second]}, {"territory": [first]})  # the opponent's copy does not count
    assert _playable(b.game, b[second])


def test_a_real_character_the_card_file_marks_generic_is_not_unique():
    legion, goliath = R("Legion of Angels", "I"), R("Goliath (L)", "Main")
    assert "generic" in CARDS[legion].identifiers and not CARDS[legion].unique_in_play
    b = pos({"hand": [legion, goliath], "territory": [legion, goliath], "deck": ["ls_orphan"]}, {"deck": ["ls_widow"]})
    g = b.game
    second_legion = [c for c in g.z[0]["hand"] if g.cd[c].key == legion][0]
    second_goliath = [c for c in g.z[0]["hand"] if g.cd[c].key == goliath][0]
    ok(g, f"play {second_legion}")
    refused(g, f"play {second_goliath}", "redemption.unique")
    assert g.zone_of(second_legion) == (0, "territory")
