"""A Redemption save's state in format 4 (its cards, fingerprints and each player's zones as texts), and the format
2 tables and format 3 zone lists an older save holds, which still load to the same game."""

from __future__ import annotations

import random
import tomllib

import tomli_w

import saves
from rules.redemption import new_game
from rules.redemption.cards import FINGERPRINTS
from rules.redemption.serial import tables, zones_text
from rules.redemption.state import ZONES


def _played(seed: int, moves: int, seats: int = 2):
    g = new_game(seed=seed, decks=("G", "H", "G", "H")[:seats])
    r = random.Random(seed)
    while len(g.history) < moves and not g.is_over:
        g.apply(r.choice(g.legal_actions()))
    return g


def test_a_save_writes_its_cards_fingerprints_and_zones_as_texts():
    g = _played(3, 30)
    text = saves.dumps(g)
    state = tomllib.loads(text)["state"]
    assert state["format"] == 4
    assert state["cards"] == [f"{cid} {o} {k}" for cid, (k, o) in g.cards.items()]
    assert state["fingerprints"] == " ".join(FINGERPRINTS[k] for k in sorted({k for k, _ in g.cards.values()}))
    assert "[state.cards" not in text  # no table per card
    for seat, p in zip(g.seats, state["players"], strict=True):
        assert p["zones"] == "; ".join(" ".join([zn, *seat.zones[zn]]) for zn in ZONES if seat.zones[zn])
    assert "[state.players.zones]" not in text
    # the long texts as literal strings (tomllib reads those fastest), the same values
    assert "\nfingerprints = '" in text and "\nzones = 'deck " in text


def test_zones_text_names_the_zones_with_cards_in_order():
    zones = {zn: [] for zn in ZONES} | {"hand": ["G1", "G2"], "deck": ["G3"], "discard": ["H4"]}
    assert zones_text(zones) == "deck G3; hand G1 G2; discard H4"
    assert zones_text({zn: [] for zn in ZONES}) == ""


def test_a_format_3_save_with_zone_lists_loads_to_the_same_game():
    for seats in (2, 4):
        g = _played(3 + seats, 40, seats)
        meta = saves.Meta(players=[{"name": f"P{i + 1}", "kind": "human"} for i in range(seats)])
        doc = tomllib.loads(saves.dumps(g, meta))
        t = tables(doc["state"])
        doc["state"] = {**doc["state"], "format": 3, "players": t["players"]}
        old = tomli_w.dumps(doc)
        assert "[state.players.zones]" in old and all(zn in t["players"][0]["zones"] for zn in ZONES)
        back = saves.loads(old, "old.toml")
        assert back == g and saves.loads(saves.dumps(back, meta)) == g


def test_a_format_2_save_loads_to_the_same_game_and_writes_format_4():
    for seats in (2, 4):
        g = _played(5 + seats, 50, seats)
        meta = saves.Meta(players=[{"name": f"P{i + 1}", "kind": "human"} for i in range(seats)])
        doc = tomllib.loads(saves.dumps(g, meta))
        doc["state"] = {**tables(doc["state"]), "format": 2}
        old = tomli_w.dumps(doc)
        assert "[state.cards." in old and "[state.fingerprints]" in old
        back = saves.loads(old, "old.toml")
        assert back == g and back.changed_cards == () and list(back.cards) == list(g.cards)
        assert saves.loads(saves.dumps(back, meta)) == g
        assert len(saves.dumps(g, meta)) < 0.75 * len(old)
