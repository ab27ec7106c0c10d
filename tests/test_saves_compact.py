"""A Redemption save's state in format 4 (its cards, fingerprints and each player's zones as texts), the format 2
tables and format 3 lists an older save holds, which still load to the same game; a save's history as one text and
its long texts as TOML literal strings."""

from __future__ import annotations

import random
import tomllib

import tomli_w

import saves
from rules.redemption import new_game
from rules.redemption.cards import FINGERPRINTS
from rules.redemption.serial import tables, zones_text
from rules.redemption.state import ZONES
from rules.resurrection import new_game as new_resurrection
from saves.store import literal_texts


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
    assert state["cards"] == "\n".join(f"{cid} {o} {k}" for cid, (k, o) in g.cards.items())
    assert state["fingerprints"] == " ".join(FINGERPRINTS[k] for k in sorted({k for k, _ in g.cards.values()}))
    assert "[state.cards" not in text  # no table per card
    for seat, p in zip(g.seats, state["players"], strict=True):
        assert p["zones"] == "; ".join(" ".join([zn, *seat.zones[zn]]) for zn in ZONES if seat.zones[zn])
    assert "[state.players.zones]" not in text
    # the long texts as literal strings (tomllib reads those fastest), the same values
    assert "\nfingerprints = '" in text and "\nzones = 'deck " in text and "\ncards = '''\n" in text
    assert tables(state)["cards"] == {cid: {"key": k, "owner": o} for cid, (k, o) in g.cards.items()}


def test_the_history_is_one_text_an_action_a_line_for_both_games():
    red = _played(4, 40)
    res = new_resurrection(seed=3)
    while len(res.history) < 6 and not res.is_over:
        res.apply(res.legal_actions()[0])
    for g in (red, res):
        text = saves.dumps(g)
        doc = tomllib.loads(text)
        assert doc["version"] == 2 and doc["history"] == "\n".join(g.history) and saves.loads(text) == g
        old = tomli_w.dumps({**doc, "version": 1, "history": list(g.history)})  # version 1: a list of texts
        assert saves.loads(old) == g
    empty = new_resurrection(seed=3)
    assert tomllib.loads(saves.dumps(empty))["history"] == "" and saves.loads(saves.dumps(empty)) == empty


def test_long_texts_are_literal_strings_of_the_same_value():
    r = random.Random(7)
    alphabet = "ab '\"\\\n\t\u00e9\u2019x#=[]{}"
    literal = 0
    for _ in range(3000):
        doc = {f"k{i}": "".join(r.choice(alphabet) for _ in range(r.randint(70, 120))) for i in range(3)}
        doc["plain"] = "x" * r.randint(80, 120)
        text = literal_texts(tomli_w.dumps(doc))
        assert tomllib.loads(text) == doc
        literal += text.count(" = '")
    assert literal > 3000  # every plain text at least
    short = tomli_w.dumps({"name": "Ann", "log": ["x" * 100]})
    assert literal_texts(short) == short  # short texts and a list's texts are left as they are


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
