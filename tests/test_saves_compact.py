"""A Redemption save's state in format 3 (its cards and fingerprints as texts), and the format 2 tables an older
save holds, which still load to the same game."""

from __future__ import annotations

import random
import tomllib

import tomli_w

import saves
from rules.redemption import new_game
from rules.redemption.cards import FINGERPRINTS
from rules.redemption.serial import tables


def _played(seed: int, moves: int, seats: int = 2):
    g = new_game(seed=seed, decks=("G", "H", "G", "H")[:seats])
    r = random.Random(seed)
    while len(g.history) < moves and not g.is_over:
        g.apply(r.choice(g.legal_actions()))
    return g


def test_a_save_writes_its_cards_and_fingerprints_as_texts():
    g = _played(3, 30)
    state = tomllib.loads(saves.dumps(g))["state"]
    assert state["format"] == 3
    assert state["cards"] == [f"{cid} {o} {k}" for cid, (k, o) in g.cards.items()]
    assert state["fingerprints"] == " ".join(FINGERPRINTS[k] for k in sorted({k for k, _ in g.cards.values()}))
    assert "[state.cards" not in saves.dumps(g)  # no table per card


def test_a_format_2_save_loads_to_the_same_game_and_writes_format_3():
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
