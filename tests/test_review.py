"""Reviewing games: every position replays, the records round-trip, and the computer's eye marks decisions."""

from __future__ import annotations

import pytest

from rules import review
from rules.agents import choose_for, make_agent
from rules.redemption import DECKS, new_game
from tests.redemption_helpers import build


def played(seed=7, decks=("G", "H"), max_turns=60):
    g = new_game(seed, decks=decks, max_turns=max_turns)
    agents = [make_agent("redemption", "normal", seed=1), make_agent("redemption", "easy", seed=2)]
    while not g.is_over:
        assert g.apply(choose_for(agents[g.current_player], g)).ok
    return g


@pytest.fixture(scope="module")
def game():
    return played()


def test_positions_replay_to_the_same_end(game):
    steps, final = review.positions(game)
    assert len(steps) == len(game.history) and final.to_dict() == game.to_dict()
    assert steps[0].before.phase == "cut" and steps[0].action == game.history[0]
    # each step's position is the one before its action: applying it gives the next step's position
    for a, b in zip(steps[:20], steps[1:21]):
        g = a.before.clone()
        assert g.apply(a.action).ok and g.to_dict() == b.before.to_dict()


def test_own_decks_replay_too():
    g_keys = list(DECKS["G"]["cards"])
    mine = [("herod" if k == "barak" else k) for k in g_keys]
    g = played(3, decks=({"name": "Herod", "cards": mine}, "H"), max_turns=20)
    steps, final = review.positions(g)
    assert final.to_dict() == g.to_dict()
    again = review.from_notation(review.notation(g))
    assert again.to_dict() == g.to_dict() and again.decks == ["Herod", "H"]


def test_notation_round_trip_and_bad_lines(game):
    text = review.notation(game)
    assert text.startswith("# redemption-tui-notation 1\n# game = redemption\n# seed = 7\n")
    assert review.from_notation(text).to_dict() == game.to_dict()
    lines = text.splitlines()
    n_head = sum(1 for x in lines if x.startswith("#"))
    broken = "\n".join(lines[: n_head + 3] + ["rescue G999"] + lines[n_head + 3:])
    with pytest.raises(ValueError, match=rf"^f.txt line {n_head + 4}: 'rescue G999' is refused"):
        review.from_notation(broken, "f.txt")
    with pytest.raises(ValueError, match="needs '# seed = N'"):
        review.from_notation("cut\n", "f.txt")


def test_resurrection_replays_and_round_trips():
    from rules.resurrection import new_game as res_new

    g = res_new(11, first=1)
    agents = [make_agent("resurrection", "normal", seed=1), make_agent("resurrection", "normal", seed=2)]
    while not g.is_over:
        g.apply(choose_for(agents[g.current_player], g))
    steps, final = review.positions(g)
    assert final.to_dict() == g.to_dict()
    assert review.from_notation(review.notation(g)).to_dict() == g.to_dict()


def test_text_record(game):
    text = review.text_record(game, ["Ann", "Computer"])
    lines = text.splitlines()
    assert lines[0] == "Redemption: Ann v Computer" and lines[2] == "Decks: Ann G, Computer H"
    assert "   1. turn  0  Computer: Player 2 cuts Player 1's deck" in text
    assert lines[-1] == f"Result: {['Ann', 'Computer'][game.winner]} wins."
    assert sum(1 for x in lines if x[:4].strip().isdigit()) == len(game.history)


def test_decisions_are_the_seats_real_choices(game):
    steps, _ = review.positions(game)
    mine = review.decisions(steps, 0)
    assert mine and all(s.player == 0 and len(s.before.legal_actions()) > 1 for s in mine)
    assert all(s.action.split()[0] != "cut" for s in mine)  # a cut is blind: nothing to judge


def test_marks_follow_the_documented_thresholds():
    assert [review.mark_for(x) for x in (0.0, 0.049, 0.05, 0.099, 0.10, 0.199, 0.20, 0.9)] == \
        ["", "", "?!", "?!", "?", "?", "??", "??"]


def test_the_eye_marks_a_blunder_and_prefers_the_winning_move():
    """Hand-built, 4-4: Deborah is losing to Goliath; Gideon's Trumpet turns it round and rescues the fifth soul,
    while passing loses the battle and gives the opponent the next turn."""
    b = build({"hand": ["gideons_trumpet"], "field_of_battle": ["deborah"],
               "land_of_redemption": ["ls_orphan", "ls_widow", "ls_stranger", "ls_lame"]},
              {"field_of_battle": ["goliath"], "land_of_bondage": ["ls_blind", "ls_captive"],
               "land_of_redemption": ["ls_prodigal", "ls_debtor", "ls_thirsty", "ls_wanderer"]},
              phase="battle", active=0, battle={"kind": "rescue", "step": "initiative", "last_actor": 1},
              filler=10)
    g = b.game
    assert g.score(0) == g.score(1) == 4
    legal = [str(a) for a in g.legal_actions()]
    assert g.standing() == "evil_winning" and sorted(legal) == ["enhance G1 G2", "pass"], legal
    good = next(x for x in legal if x.startswith("enhance"))
    step = review.Step(0, g.clone(), 0, "pass", [], g.turn)
    j = review.judge(step, 0, iterations=80)
    assert j.best == good and j.before > j.after
    assert j.mark in ("?", "??") and j.loss >= review.MISTAKE
    same = review.judge(review.Step(0, g.clone(), 0, good, [], g.turn), 0, iterations=80)
    assert same.mark == "" and same.after == same.before


def test_analysis_is_deterministic_resumable_and_stoppable(game):
    steps, _ = review.positions(game)
    total = len(review.decisions(steps, 0))
    first = list(review.analyse(steps[:60], 0, iterations=30))
    assert [n for n, _, _ in first] == list(range(1, len(first) + 1))
    again = list(review.analyse(steps[:60], 0, iterations=30))
    assert [j.to_dict() for _, _, j in first] == [j.to_dict() for _, _, j in again]
    done = {j.index: j for _, _, j in first}
    seen = list(review.analyse(steps[:60], 0, iterations=30, done={k: review.Judgement.from_dict(v.to_dict())
                                                                   for k, v in done.items()}))
    assert [j.to_dict() for _, _, j in seen] == [j.to_dict() for _, _, j in first]
    calls = []
    stopped = list(review.analyse(steps, 0, iterations=30, stop=lambda: len(calls) > 2 or calls.append(1)))
    assert len(stopped) == 3 and total > 3
