"""Real cards whose ability has a cost (rules/redemption/real/costs.toml; redemption.lang.cost), each played on
a hand-built position in the keyed ``[start]`` format."""

from __future__ import annotations

import pytest

from rules.redemption.cards import CARDS, real_key
from tests.redemption_helpers import ok, refused
from tests.test_real_g10 import _test_card, in_battle, pos, round_trip

BLOOD = real_key("Sprinkled Blood", "IR")


def _reserve(monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    ot = _test_card(
        monkeypatch, "t_ot_white", type="hero", alignment="good", brigades=["White"], reference="Judges 6:11"
    )
    nt = _test_card(monkeypatch, "t_nt_white", type="hero", alignment="good", brigades=["White"], reference="Acts 9:36")
    return ot, nt


def test_sprinkled_blood_activated_is_discarded_first_then_takes_an_ot_white_card_from_the_reserve(monkeypatch):
    ot, nt = _reserve(monkeypatch)
    b = pos(
        {"artifact_pile": [BLOOD], "reserve": [ot, nt], "deck": ["barak"]},
        {"deck": ["pilate"], "land_of_bondage": ["ls_orphan"]},
    )
    g = b.game
    assert f"activate {b[BLOOD]}" in map(str, g.legal_actions())
    out = ok(g, f"activate {b[BLOOD]}")
    assert g.zone_of(b[BLOOD]) == (0, "discard")  # paid before the search, and not given back
    assert "redemption.lang.cost.discard_this" in [e.rule for e in out.events]
    if g.zone_of(b[ot]) != (0, "hand"):  # the search asks which card: only the O.T. one fits
        refused(g, f"choose {b[nt]}")
        ok(g, f"choose {b[ot]}")
    assert g.zone_of(b[ot]) == (0, "hand") and g.zone_of(b[nt]) == (0, "reserve")
    round_trip(g)


def test_sprinkled_blood_activated_with_nothing_to_find_is_discarded_all_the_same(monkeypatch):
    _, nt = _reserve(monkeypatch)
    b = pos(
        {"hand": [BLOOD], "reserve": [nt], "deck": ["barak"]}, {"deck": ["pilate"], "land_of_bondage": ["ls_orphan"]}
    )
    g = b.game
    ok(g, f"activate {b[BLOOD]}")
    assert g.zone_of(b[BLOOD]) == (0, "discard")  # paid at once, before the search shows the Reserve
    ok(g, "choose")  # nothing fits: the search takes nothing, and the cost is not given back
    assert g.s.pending is None and g.zone_of(b[BLOOD]) == (0, "discard") and g.zone_of(b[nt]) == (0, "reserve")


def test_sprinkled_blood_as_an_enhancement_negates_and_topdecks_an_evil_character_and_pays_no_cost(monkeypatch):
    assert CARDS[BLOOD].is_enhancement
    ot, _ = _reserve(monkeypatch)
    b = in_battle(ot, "goliath", [], mine={"hand": [BLOOD]})
    g = b.game
    ok(g, f"enhance {b[BLOOD]} {b[ot]}")
    if g.s.pending is not None:
        ok(g, f"choose {b['goliath']}")
    assert g.zone_of(b["goliath"]) == (1, "deck") and g.z[1]["deck"][0] == b["goliath"]
