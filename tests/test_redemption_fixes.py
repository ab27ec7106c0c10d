"""Defects other engineers reported, each on a hand-built position in the keyed ``[start]`` format (the test helpers
of ``tests/test_real_g10.py``): one ability with two effects of the same verb (redemption.decision), ..."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core import Rng
from rules.redemption import continuous, serial
from rules.redemption.cards import real_key
from rules.redemption.lang import LanguageError
from tests.redemption_helpers import ok
from tests.test_real_g10 import _test_card, blocked, in_battle, pos, round_trip, to_player


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


# --- several Lost Souls put in play at once: their player orders them (redemption.effect.soul_order) ----------------
def _two_souls(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Two Lost Souls of our own with put_in_play abilities whose order shows (one draws, one discards the top card),
    drawn together by seat 0's Draw phase."""
    draws = _test_card(
        monkeypatch,
        "t_soul_draws",
        type="lost_soul",
        alignment="neutral",
        abilities=[{"trigger": "put_in_play", "effects": [{"verb": "draw", "n": 1}]}],
    )
    mills = _test_card(
        monkeypatch,
        "t_soul_mills",
        type="lost_soul",
        alignment="neutral",
        abilities=[
            {"trigger": "put_in_play", "effects": [{"verb": "discard_top", "n": 1, "select": {"owner": "you"}}]}
        ],
    )
    deck = [draws, mills, "gideon", "barak", "deborah", "ehud", "peter"]
    b = pos({"deck": deck}, {"land_of_bondage": ["ls_orphan"], "deck": ["goliath"]}, phase="discard", active=1)
    ok(b.game, "end")  # seat 0's turn: its Draw phase draws both souls, then three cards
    return b


@pytest.mark.parametrize("first", ["t_soul_draws", "t_soul_mills"])
def test_lost_souls_put_in_play_at_once_work_in_the_order_their_player_chooses(monkeypatch, first):
    b = _two_souls(monkeypatch)
    g = b.game
    d = g.s.pending
    assert d is not None and d.effect == "soul_order" and d.chooser == 0  # before: the draw order, nobody asked
    assert sorted(str(a) for a in g.legal_actions()) == sorted(
        [f"choose {b['t_soul_draws']}", f"choose {b['t_soul_mills']}"]
    )
    again = serial.from_dict(type(g), serial.to_dict(g))  # saved and resumed with the question open
    assert again.s.pending == d and again.s.gifts == g.s.gifts
    assert g.determinize(1, Rng(5)).s.pending == d  # the souls are face up: every seat knows the question
    ok(again, f"choose {b[first]}")
    assert again.s.pending is None  # the last soul works by itself
    if first == "t_soul_mills":  # Ehud discarded first, then Peter drawn
        assert again.zone_of(b["ehud"]) == (0, "discard") and again.zone_of(b["peter"]) == (0, "hand")
    else:
        assert again.zone_of(b["ehud"]) == (0, "hand") and again.zone_of(b["peter"]) == (0, "discard")
    round_trip(again)


def test_a_saved_soul_order_question_offers_only_souls_waiting_and_card_data_cannot_name_it(monkeypatch):
    b = _two_souls(monkeypatch)
    raw = serial.to_dict(b.game)
    raw["gifts"] = raw["gifts"][:1]
    with pytest.raises(ValueError, match="soul_order"):
        serial.from_dict(type(b.game), raw)
    with pytest.raises(LanguageError, match="question the game asks"):
        _test_card(
            monkeypatch,
            "t_bad",
            type="dominant",
            abilities=[{"trigger": "played", "effects": [{"verb": "soul_order"}]}],
        )


# --- a dual-alignment card is the side it is played as (redemption.effect.dual_alignment) --------------------------
ABANDONED, DOEG = real_key("Abandoned [K]", "K"), real_key("Doeg (L)", "Main")  # GE/EE; a Pale Green 6/6


def _sweep(monkeypatch: pytest.MonkeyPatch, kind: str) -> str:
    """A Blue enhancement of our own that discards every opposing enhancement of one type in battle."""
    every = {"zone": "battle_cards", "owner": "opponent", "type": kind, "all": True}
    return _test_card(
        monkeypatch,
        f"t_sweep_{kind}",
        type="good_enhancement",
        alignment="good",
        brigades=["Blue"],
        abilities=[{"trigger": "played", "effects": [{"verb": "discard_all", "select": every}]}],
    )


@pytest.mark.parametrize("kind, taken", [("good_enhancement", False), ("evil_enhancement", True)])
def test_a_dual_card_played_on_the_evil_side_is_an_evil_enhancement_to_selectors(monkeypatch, kind, taken):
    sweep = _sweep(monkeypatch, kind)
    b = in_battle("gideon", DOEG, [ABANDONED], mine={"hand": [sweep]})  # Abandoned played on Doeg: its evil half
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b[sweep]} {b['gideon']}")
    # before: "all good enhancements" discarded it (its printed type), "all evil enhancements" left it
    assert (g.zone_of(b[ABANDONED]) == (1, "discard")) is taken
    assert g.zone_of(b[DOEG]) == (1, "field_of_battle")
    round_trip(g)


def test_a_dual_card_played_on_the_good_side_is_a_good_enhancement_to_selectors(monkeypatch):
    sweep = _test_card(
        monkeypatch,
        "t_sweep_back",
        type="evil_enhancement",
        alignment="evil",
        brigades=["Pale Green"],
        abilities=[
            {
                "trigger": "played",
                "effects": [
                    {
                        "verb": "discard_all",
                        "select": {
                            "zone": "battle_cards",
                            "owner": "opponent",
                            "type": "good_enhancement",
                            "all": True,
                        },
                    }
                ],
            }
        ],
    )
    b = blocked("stephen", DOEG, mine={"hand": [ABANDONED]}, theirs={"hand": [sweep]})
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b[ABANDONED]} {b['stephen']} {b[DOEG]}")  # its good half, on a Green Hero
    to_player(g, 1)
    ok(g, f"enhance {b[sweep]} {b[DOEG]}")
    assert g.zone_of(b[ABANDONED]) == (0, "discard")


# --- Thrown into the Sea shuffles only a draw pile a card went into (REG Shuffle; redemption.effect.shuffle) ------------
SEA, GUARD = real_key("Thrown into the Sea", "10A"), real_key("Temple Guard", "10A")
PILE = ["barak", "deborah", "ehud", "peter", "ezra", "esther"]


@pytest.mark.parametrize("own_warrior", [False, True])
def test_thrown_into_the_sea_shuffles_only_the_piles_its_characters_went_into(own_warrior):
    mine = {"hand": [SEA], "deck": PILE, "territory": ["goliath"] if own_warrior else []}
    b = in_battle("daniel", GUARD, [], mine=mine, theirs={"deck": ["nebuchadnezzar", "delilah", "pilate"]})
    g = b.game
    g.b.last_actor = 1  # Daniel 5/7 against the Guard 5/7: a stalemate, Daniel's side to play
    before = g.z[0]["deck"][:]
    out = ok(g, f"enhance {b[SEA]} {b['daniel']}")
    assert g.zone_of(b[GUARD]) == (1, "deck")
    said = " ".join(e.text for e in out.events)
    assert "Player 2's draw pile is shuffled" in said
    if own_warrior:  # Goliath went into seat 0's pile: that one is shuffled too
        assert g.zone_of(b["goliath"]) == (0, "deck") and "Player 1's draw pile is shuffled" in said
    else:  # before: seat 0's pile was shuffled with nothing put into it
        assert g.z[0]["deck"] == before and "Player 1's draw pile" not in said
    round_trip(g)


# --- Deceit of Sapphira (G): cannot be prevented by an evil card, and only by one (redemption.lang.rider.by) -----------
DECEIT = real_key("Deceit of Sapphira (G)", "10A")


def test_deceit_of_sapphira_is_prevented_by_a_good_card_but_not_by_an_evil_one(monkeypatch):
    stop = _test_card(  # a good enhancement of our own that prevents the next opposing enhancement
        monkeypatch,
        "t_stop_next",
        type="good_enhancement",
        alignment="good",
        brigades=["Blue"],
        abilities=[{"trigger": "played", "effects": [{"verb": "prevent_next", "select": {"type": "enhancement"}}]}],
    )
    b = blocked("gideon", "goliath", mine={"hand": [stop]}, theirs={"hand": [DECEIT]})
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b[stop]} {b['gideon']}")
    to_player(g, 1)
    ok(g, f"enhance {b[DECEIT]} {b['goliath']}")
    # before: the plain rider stood against every card, so Deceit discarded the battle, Gideon and the stopper too
    assert g.zone_of(b["gideon"]) == (0, "field_of_battle") and g.zone_of(b[stop]) == (0, "field_of_battle")
    assert continuous.stoppable(g, b[DECEIT], "prevent", b[stop])  # a good card may prevent it
    assert not continuous.stoppable(g, b[DECEIT], "prevent", b["goliath"])  # an evil one may not
    assert g.cd[b[DECEIT]].ability_text.endswith("This cannot be prevented by an evil card.")
    round_trip(g)


def test_the_soul_order_question_lists_the_souls_to_their_player_at_the_keyboard(monkeypatch):
    from tui.games.redemption import RedemptionUI

    b = _two_souls(monkeypatch)
    choice = RedemptionUI().pending_choice(b.game.view(0))
    assert choice is not None and "works first" in choice.question
    assert sorted(choice.actions) == sorted([f"choose {b['t_soul_draws']}", f"choose {b['t_soul_mills']}"])
    assert RedemptionUI().pending_choice(b.game.view(1)) is None  # the other seat only waits
    from rules.redemption import coach

    g = b.game
    title, purpose, rule = coach.phase(coach.seen(g, 0), 0)
    assert rule == "redemption.effect.soul_order" and "T Soul Draws" in purpose and "T Soul Mills" in purpose
    title, purpose, rule = coach.phase(coach.seen(g, 1), 1)
    assert title.startswith("Waiting") and "which Lost Soul works first" in purpose
