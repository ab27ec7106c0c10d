"""Decisions in the middle of an ability (redemption.decision): reveals, choices, saves, views, determinize.

Each test starts from a hand-built position in the scenario format (``redemption.scenario``).
"""

from __future__ import annotations

import json

import pytest

from rules.core import Rng
from rules.redemption import Game
from rules.redemption.decisions import Decision
from tests.redemption_helpers import ok, refused, scenario

LOOK = """
[start]
phase = "prep"
active = 0
turn = 3
[[start.seat]]
hand = ["gleaning"]
deck = ["gideon", "ls_debtor", "barak", "deborah", "ehud"]
[[start.seat]]
hand = ["day_of_judgment"]
deck = ["peter", "ls_orphan"]
"""

SEARCH = """
[start]
phase = "prep"
active = 0
turn = 3
[[start.seat]]
hand = ["searching_scriptures"]
deck = ["goliath", "ls_debtor", "barak", "delilah", "ehud"]
[[start.seat]]
deck = ["peter", "ls_orphan"]
"""


def _legal(g: Game) -> list[str]:
    return [str(a) for a in g.legal_actions()]


def _texts(g: Game, events) -> str:
    return json.dumps([e.text for e in events])


def test_look_at_the_top_three_one_to_hand_the_rest_to_the_bottom_in_the_chosen_order():
    b = scenario(LOOK)
    g = b.game
    gideon, soul, barak, deborah = b["gideon"], b["ls_debtor"], b["barak"], b["deborah"]
    out = ok(g, f"dominant {b['gleaning']}")
    assert any(e.reveals for e in out.events)  # no undo past the look
    assert g.current_player == 0
    # the Lost Soul is looked at but cannot go to the hand
    assert _legal(g) == [f"choose {gideon}", f"choose {barak}"]
    refused(g, f"choose {soul}", "redemption.decision", "not one of the cards")
    refused(g, "choose", "redemption.decision", "cannot be left empty")
    refused(g, "end", "redemption.decision")
    ok(g, f"choose {barak}")
    assert g.zone_of(barak) == (0, "hand")
    # then the order of the other two: the first chosen goes under first
    assert sorted(_legal(g)) == sorted([f"choose {gideon}", f"choose {soul}"])
    ok(g, f"choose {soul}")
    assert g.s.pending is None
    assert g.z[0]["deck"] == [deborah, b["ehud"], soul, gideon]
    assert g.phase == "prep" and g.current_player == 0


def test_what_is_revealed_is_in_the_chooser_view_only_and_in_no_event_text():
    b = scenario(LOOK)
    g = b.game
    out = ok(g, f"dominant {b['gleaning']}")
    mine, theirs = g.view(0), g.view(1)
    assert [c["id"] for c in mine["pending"]["revealed"]] == [b["gideon"], b["ls_debtor"], b["barak"]]
    assert mine["pending"]["options"] == [b["gideon"], b["barak"]]
    assert "revealed" not in theirs["pending"] and "options" not in theirs["pending"]
    assert theirs["pending"]["looked_at"] == 3 and theirs["pending"]["chooser"] == 0
    hidden = ("Gideon", "Barak", "Debtor", b["gideon"], b["barak"])
    said = _texts(g, out.events) + json.dumps(theirs)
    assert not any(word in said for word in hidden), said
    out2 = ok(g, f"choose {b['gideon']}")
    assert not any(word in _texts(g, out2.events) for word in hidden)


def test_a_pending_decision_saves_loads_and_keeps_its_answers():
    b = scenario(LOOK)
    g = b.game
    ok(g, f"dominant {b['gleaning']}")
    again = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert again.to_dict() == g.to_dict()
    assert _legal(again) == _legal(g)
    ok(again, f"choose {b['gideon']}")
    assert again.s.pending is not None and again.s.pending.shape == "order"
    assert Game.from_dict(again.to_dict()).to_dict() == again.to_dict()


def test_a_pending_decision_is_written_in_the_keyed_position_format():
    b = scenario("""
[start]
phase = "prep"
active = 0
turn = 3
pending = { chooser = 0, source = "searching_scriptures", effect = "search", shape = "up_to", most = 1, options = ["barak"], revealed = ["goliath", "barak"], to = [0] }
[[start.seat]]
discard = ["searching_scriptures"]
deck = ["goliath", "barak", "ls_debtor"]
[[start.seat]]
deck = ["peter", "ls_orphan"]
""")
    g = b.game
    assert g.current_player == 0
    assert sorted(_legal(g)) == sorted([f"choose {b['barak']}", "choose"])


@pytest.mark.parametrize(
    "pending, words",
    [
        ('{ chooser = 5, source = "gleaning", effect = "look_top", options = ["gideon"] }', "seats"),
        ('{ chooser = 0, source = "gleaning", effect = "draw", options = ["gideon"] }', "one that asks"),
        ('{ chooser = 0, source = "gleaning", effect = "look_top", options = ["gideon"], chosen = ["peter"] }', "some"),
        ('{ chooser = 0, source = "gleaning", effect = "look_top", shape = "all" }', "shape"),
        ('{ chooser = 0, effect = "look_top" }', "source"),
    ],
)
def test_an_impossible_pending_decision_is_refused_with_a_reason(pending, words):
    with pytest.raises(ValueError, match=words):
        scenario(f"""
[start]
phase = "prep"
active = 0
turn = 3
pending = {pending}
[[start.seat]]
discard = ["gleaning"]
deck = ["gideon", "ls_debtor"]
[[start.seat]]
deck = ["peter", "ls_orphan"]
""")


def test_search_reveals_the_pile_to_the_searcher_finds_a_hero_and_shuffles():
    b = scenario(SEARCH)
    g = b.game
    before = list(g.z[0]["deck"])
    ok(g, f"dominant {b['searching_scriptures']}")
    v = g.view(0)
    assert [c["id"] for c in v["pending"]["revealed"]] == before  # the whole pile, to the searcher
    assert "revealed" not in g.view(1)["pending"]
    # only the Heroes, and "none" is an answer too
    assert sorted(_legal(g)) == sorted([f"choose {b['barak']}", f"choose {b['ehud']}", "choose"])
    refused(g, f"choose {b['goliath']}", "redemption.decision")
    out = ok(g, f"choose {b['ehud']}")
    assert g.zone_of(b["ehud"]) == (0, "hand") and g.s.pending is None
    assert sorted(g.z[0]["deck"]) == sorted(c for c in before if c != b["ehud"])
    assert g.rng.calls > 0  # shuffled with the game's seed (redemption.effect.search)
    assert "shuffles" in _texts(g, out.events)


def test_search_may_find_nothing():
    b = scenario(SEARCH)
    g = b.game
    ok(g, f"dominant {b['searching_scriptures']}")
    ok(g, "choose")
    assert not [c for c in g.z[0]["hand"]] and len(g.z[0]["deck"]) == 5


def test_determinize_keeps_what_the_chooser_saw_and_nobody_else_learns_it():
    b = scenario(LOOK)
    g = b.game
    ok(g, f"dominant {b['gleaning']}")
    shown = [b["gideon"], b["ls_debtor"], b["barak"]]
    for seed in range(20):
        mine = g.determinize(0, Rng(seed))
        assert [mine.cards[c] for c in shown] == [g.cards[c] for c in shown]
        assert mine.legal_actions() == g.legal_actions()
    others = {tuple(g.determinize(1, Rng(seed)).cards[c][0] for c in shown) for seed in range(20)}
    assert len(others) > 1  # the other player's copies re-deal the looked-at cards


def test_a_dominant_that_looks_needs_a_draw_pile():
    b = scenario("""
[start]
phase = "prep"
active = 0
turn = 3
[[start.seat]]
hand = ["gleaning"]
land_of_bondage = ["ls_debtor"]
[[start.seat]]
deck = ["peter", "ls_orphan"]
""")
    g = b.game
    assert f"dominant {b['gleaning']}" not in _legal(g)
    refused(g, f"dominant {b['gleaning']}", "redemption.dominant", "nothing to work on")


def test_a_look_in_a_dominant_window_closes_the_window_after_the_choice():
    b = scenario("""
[start]
phase = "prep"
active = 0
turn = 3
[[start.seat]]
territory = ["gideon"]
deck = ["ls_debtor", "barak"]
[[start.seat]]
hand = ["gleaning"]
deck = ["peter", "james", "ls_orphan"]
""")
    g = b.game
    ok(g, "end")  # the other player's window (redemption.dominant.window)
    assert g.current_player == 1
    ok(g, f"dominant {b['gleaning']}")
    assert g.current_player == 1 and g.s.pending is not None
    ok(g, f"choose {b['james']}")
    ok(g, f"choose {b['peter']}")
    assert g.s.pending is None and not g.s.window.queue
    assert g.phase == "battle" and g.current_player == 0


def test_decision_shapes():
    d = Decision(0, "X1", "search", ["A1", "A2", "A3"], "up_to", 2)
    assert d.answers() == ["A1", "A2", "A3", None]
    assert not d.pick("A2") and d.answers() == ["A1", "A3", None]
    assert d.pick("A1") and d.chosen == ["A2", "A1"]
    o = Decision(0, "X1", "look_top", ["A1", "A2", "A3"], "order")
    assert not o.pick("A3") and o.pick("A1") and o.chosen == ["A3", "A1", "A2"]
    assert o.problem(None) and Decision(0, "X1", "x", ["A1"]).problem("A2")


def test_random_games_with_looks_and_searches_keep_every_secret_and_round_trip():
    from rules.redemption import new_game
    from tests.test_redemption_stateful import check_conservation, check_decision_secrecy, seeking

    asked = answered = 0
    for seed in range(9):
        seats = 2 + seed % 3
        g = new_game(seed, decks=[seeking("GH"[q % 2]) for q in range(seats)], max_turns=10)
        r = Rng(seed)
        while not g.is_over:
            legal = g.legal_actions()
            d = g.s.pending
            before = set(d.revealed) if d is not None else set()
            a = legal[r.below(len(legal))]
            out = g.apply(a)
            assert out.ok
            answered += a.verb == "choose"
            check_decision_secrecy(g, before, out.events)
            if g.s.pending is not None and d is None:
                asked += 1
                assert Game.from_dict(g.to_dict()).to_dict() == g.to_dict()
                g.validate_whole()
                check_conservation(g)
    assert asked >= 10 and answered >= asked


def test_a_look_played_while_discarding_down_saves_with_the_hand_at_the_limit():
    b = scenario("""
[start]
phase = "hand_limit"
active = 0
turn = 3
[[start.seat]]
hand = ["gleaning", "gideon", "barak", "deborah", "ehud", "daniel", "esther", "nehemiah", "ezra"]
deck = ["peter", "ls_debtor", "herod", "pilate", "haman"]
[[start.seat]]
deck = ["peter", "ls_orphan"]
""")
    g = b.game
    ok(g, f"dominant {b['gleaning']}")  # the hand is at the limit while the look waits for its answer
    assert g.s.pending is not None and len(g.z[0]["hand"]) == g.hand_limit(0)
    again = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert again.to_dict() == g.to_dict()


def test_a_searched_card_drawn_face_up_after_the_shuffle_is_no_leak():
    """A search in the end-of-turn window shuffles the pile, the turn passes and a Lost Soul the search showed is
    drawn face up in the same action: the draw names it, and that is no secret (the secrecy check once took it for
    a leak)."""
    from tests.test_redemption_stateful import check_decision_secrecy, public_cards

    b = scenario("""
[start]
phase = "discard"
active = 0
turn = 5
[[start.seat]]
hand = ["gideon"]
deck = ["barak", "ls_debtor"]
[[start.seat]]
hand = ["searching_scriptures"]
deck = ["peter", "ls_orphan", "james", "john"]
""")
    g = b.game
    ok(g, "end")
    assert g.current_player == 1
    ok(g, f"dominant {b['searching_scriptures']}")
    d = g.s.pending
    assert d is not None and b["ls_orphan"] in d.revealed
    out = g.apply(f"choose {b['peter']}")
    assert out.ok and g.turn == 6 and g.active == 1
    said = " ".join(e.text for e in out.events)
    assert f"({b['ls_orphan']})" in said and b["ls_orphan"] in public_cards(g)  # the case the check must allow
    check_decision_secrecy(g, set(d.revealed), out.events)
    assert f"({b['peter']})" not in said  # the chosen card went to a hand only
