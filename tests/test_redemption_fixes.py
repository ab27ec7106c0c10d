"""Defects other engineers reported, each on a hand-built position in the keyed ``[start]`` format (the test helpers
of ``tests/test_real_g10.py``): one ability with two effects of the same verb (redemption.decision), ..."""

from __future__ import annotations

import pytest

from rules.redemption import serial
from tests.redemption_helpers import ok
from tests.test_real_g10 import _test_card, pos, round_trip


def _two_gains(monkeypatch: pytest.MonkeyPatch) -> str:
    """A Dominant of our own whose one ability has two effects of the same verb, each with its own numbers."""
    each = {"zone": "territory", "owner": "you", "type": "hero"}
    return _test_card(
        monkeypatch,
        "t_two_gains",
        type="dominant",
        alignment="good",
        abilities=[
            {
                "trigger": "played",
                "effects": [
                    {"verb": "gain", "strength": 2, "toughness": 0, "select": each},
                    {"verb": "gain", "strength": 0, "toughness": 3, "select": each},
                ],
            }
        ],
    )


def test_two_effects_of_one_verb_each_resolve_with_their_own_numbers(monkeypatch: pytest.MonkeyPatch):
    dom = _two_gains(monkeypatch)
    b = pos(
        {"hand": [dom], "territory": ["gideon", "barak"]}, {"territory": ["goliath"], "land_of_bondage": ["ls_orphan"]}
    )
    g = b.game
    ok(g, f"dominant {b[dom]}")
    assert g.s.pending is not None and g.s.pending.effect == "gain"
    ok(g, f"choose {b['gideon']}")  # the first gain: 2/0
    assert g.s.pending is not None  # the second gain asks for its own target
    again = serial.from_dict(type(g), serial.to_dict(g))  # saved and resumed between the two
    round_trip(g)
    ok(again, f"choose {b['barak']}")  # the second gain: 0/3, not the first's 2/0
    assert again.s.pending is None
    changes = sorted((c, s, t) for c, s, t, _until, src in again.s.mods if src == b[dom])
    assert changes == sorted([(b["gideon"], 2, 0), (b["barak"], 0, 3)])
