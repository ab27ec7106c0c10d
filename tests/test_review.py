"""Reviewing games: every position replays, the records round-trip, and the computer's eye marks decisions."""

from __future__ import annotations

import pytest

from rules import review
from rules.agents import choose_for, make_agent
from rules.redemption import DECKS, new_game
from tests.redemption_helpers import build


def played(seed=7, decks=("G", "H"), max_turns=60):
    g = new_game(seed, decks=decks, max_turns=max_turns)
    # the easy level (the suite's whole games are not about the computer's strength: easy decides fastest)
    agents = [make_agent("redemption", "easy", seed=1), make_agent("redemption", "easy", seed=2)]
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
    broken = "\n".join(lines[: n_head + 3] + ["rescue G999"] + lines[n_head + 3 :])
    with pytest.raises(ValueError, match=rf"^f.txt line {n_head + 4}: 'rescue G999' is refused"):
        review.from_notation(broken, "f.txt")
    with pytest.raises(ValueError, match="needs '# seed = N'"):
        review.from_notation("cut\n", "f.txt")


def test_resurrection_replays_and_round_trips():
    from rules.resurrection import new_game as res_new

    g = res_new(11, first=1)
    agents = [make_agent("resurrection", "easy", seed=1), make_agent("resurrection", "easy", seed=2)]
    while not g.is_over:
        g.apply(choose_for(agents[g.current_player], g))
    steps, final = review.positions(g)
    assert final.to_dict() == g.to_dict()
    assert review.from_notation(review.notation(g)).to_dict() == g.to_dict()


def test_text_record(game):
    """Each action in words: its number, the turn, who made it and what it did, then the result."""
    names = ["Ann", "Computer"]
    text = review.text_record(game, names)
    lines = text.splitlines()
    assert lines[0] == "Redemption: Ann v Computer" and lines[2] == "Decks: Ann G, Computer H"
    assert "   1. turn  0  Computer cuts Ann's deck, lifting" in text and "Player" not in text
    assert lines[-1] == f"Result: {names[game.winner]} wins."
    rows = [x for x in lines if x[:4].strip().isdigit()]
    steps, _ = review.positions(game)
    assert len(rows) == len(game.history) == len(steps)
    for row, s in zip(rows, steps):
        assert row.startswith(f"{s.index + 1:4}. turn {s.turn:2}  {names[s.player]} "), row
        assert ": " + s.action.split()[0] not in row  # never the bare notation ("Ann: end")
    ends = [r for r, s in zip(rows, steps) if s.action == "end"]
    assert ends and all(any(w in r for w in ("ends the", "makes no rescue attempt")) for r in ends)


def test_text_record_of_resurrection_in_words():
    from rules.resurrection import new_game as res_new

    g = res_new(11, first=1)
    agents = [make_agent("resurrection", "easy", seed=1), make_agent("resurrection", "easy", seed=2)]
    while not g.is_over:
        g.apply(choose_for(agents[g.current_player], g))
    lines = review.text_record(g, ["Ann", "Bo"]).splitlines()
    assert lines[0] == "Resurrection: Ann v Bo" and lines[1] == "Seed 11; options: resurrect_to=hero-bottom"
    assert lines[3] == "   1. turn  0  Bo (Aggressor) plays a card face down."  # the card is named when revealed
    assert lines[4].startswith("   2. turn  0  Ann (Defender) plays ") and "Bo reveals " in lines[4]
    assert lines[-1] == f"Result: {['Ann', 'Bo'][g.winner]} wins."


def test_an_action_with_no_words_of_its_own_is_said():
    """An end of the Discard phase that only raises the hand limit still says what the player did."""
    steps, _ = review.positions(played())
    said = [review.step_words(s) for s in steps if s.action == "end" and s.before.phase == "discard"]
    assert said and all(x.startswith(("Player 1 ends the turn.", "Player 2 ends the turn.")) for x in said)
    resign = review.Step(5, steps[5].before, steps[5].player, f"resign {1 - steps[5].player}", [], 0)
    assert review.actor(resign) == 1 - steps[5].player
    assert review.step_words(resign) == f"Player {2 - steps[5].player} resigns."


def test_each_action_alone_in_words(game):
    """The review's list says each action in words (the engine's own sentence for it, else the review's), never
    the bare notation; a preferred action not played is said as if it had been."""
    steps, _ = review.positions(game)
    for s in steps:
        said = review.step_said(s)
        assert said.startswith(f"Player {s.player + 1} ") and not said.endswith(f" {s.action}"), (s.action, said)
        assert ": " + s.action.split()[0] not in said
        assert review.step_words(s).startswith(said + ".")
    rescue = next(s for s in steps if s.action.startswith("rescue "))
    hero = rescue.before.card(rescue.action.split()[1]).name
    assert review.said(rescue.before, rescue.action, rescue.player) == review.step_said(rescue)
    assert hero in review.step_said(rescue) and "rescue attempt" in review.step_said(rescue)


def test_resurrection_names_a_face_down_card_only_to_its_player():
    from rules.resurrection import new_game as res_new

    g = res_new(11, first=1)
    action = str(g.legal_actions()[0])
    neutral = review.said(g, action, 1)
    own = review.said(g, action, 1, own=True)
    assert neutral == "Player 2 (Aggressor) plays a card face down"
    assert own.startswith("Player 2 plays the ") and "(power " in own


def test_decisions_are_the_seats_real_choices(game):
    steps, _ = review.positions(game)
    mine = review.decisions(steps, 0)
    assert mine and all(s.player == 0 and len(s.before.legal_actions()) > 1 for s in mine)
    assert all(s.action.split()[0] != "cut" for s in mine)  # a cut is blind: nothing to judge


def test_marks_follow_the_documented_thresholds():
    assert [review.mark_for(x) for x in (0.0, 0.049, 0.05, 0.099, 0.10, 0.199, 0.20, 0.9)] == [
        "",
        "",
        "?!",
        "?!",
        "?",
        "?",
        "??",
        "??",
    ]


def test_the_eye_marks_a_blunder_and_prefers_the_winning_move():
    """Hand-built, 4-4: Deborah is losing to Goliath; Gideon's Trumpet turns it round and rescues the fifth soul,
    while passing loses the battle and gives the opponent the next turn."""
    b = build(
        {
            "hand": ["gideons_trumpet"],
            "field_of_battle": ["deborah"],
            "land_of_redemption": ["ls_orphan", "ls_widow", "ls_stranger", "ls_lame"],
        },
        {
            "field_of_battle": ["goliath"],
            "land_of_bondage": ["ls_blind", "ls_captive"],
            "land_of_redemption": ["ls_prodigal", "ls_debtor", "ls_thirsty", "ls_wanderer"],
        },
        phase="battle",
        active=0,
        battle={"kind": "rescue", "step": "initiative", "last_actor": 1},
        filler=10,
    )
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
    opening = steps[:40]  # seat 1's first 18 decisions (the cuts, the first battles): each judged twice alike
    first = list(review.analyse(opening, 0, iterations=30))
    assert [n for n, _, _ in first] == list(range(1, len(first) + 1)) and len(first) >= 15
    again = list(review.analyse(opening, 0, iterations=30))
    assert [j.to_dict() for _, _, j in first] == [j.to_dict() for _, _, j in again]
    done = {j.index: j for _, _, j in first}
    seen = list(
        review.analyse(
            opening, 0, iterations=30, done={k: review.Judgement.from_dict(v.to_dict()) for k, v in done.items()}
        )
    )
    assert [j.to_dict() for _, _, j in seen] == [j.to_dict() for _, _, j in first]
    calls = []
    stopped = list(review.analyse(steps, 0, iterations=30, stop=lambda: len(calls) > 2 or calls.append(1)))
    assert len(stopped) == 3 and total > 3


# --- the computer's eye on Resurrection --------------------------------------------------------------------
def _defending(face_down: str):
    """Seat 1 attacked with its last card, face down (the rest of its cards fell); seat 0 answers with the Black
    Ace, which nothing beats, or the Seven, which nearly everything beats."""
    from tests.resurrection_positions import position, side

    return position(side(hand=["BA", "7"], rest="fallen"), side(table=[face_down], rest="fallen"), aggressor=1)


def test_the_eye_reads_resurrection_and_marks_the_weaker_card():
    g = _defending("9")
    assert g.current_player == 0 and sorted(str(a) for a in g.legal_actions()) == ["play 7", "play BA"]
    j = review.judge(review.Step(0, g.clone(), 0, "play 7", [], 0), 0, iterations=60)
    assert j.best == "play BA" and j.before == 1.0  # the Black Ace wins or ties, and they have no card for a tie
    assert j.after < j.before and j.mark and j.loss >= review.INACCURACY
    same = review.judge(review.Step(0, g.clone(), 0, "play BA", [], 0), 0, iterations=60)
    assert same.mark == "" and same.after == same.before == 1.0


def test_the_eye_does_not_see_the_face_down_card():
    """The Defender's estimate re-deals the Aggressor's face-down card: whatever that card is, the Seven is judged
    alike (only the sampling differs). An eye that peeked would see the Seven tie the Seven and win outright."""
    after = [
        review.judge(review.Step(0, _defending(c), 0, "play 7", [], 0), 0, iterations=40).after
        for c in ("7", "9", "BA")
    ]
    assert max(after) - min(after) < 0.1 and max(after) < 0.95, after


def test_a_whole_resurrection_game_is_analysed_deterministically():
    from rules.resurrection import new_game as res_new

    g = res_new(13, first=1)
    agents = [make_agent("resurrection", "easy", seed=13), make_agent("resurrection", "normal", seed=2)]
    while not g.is_over:
        assert g.apply(choose_for(agents[g.current_player], g)).ok
    steps, _ = review.positions(g)
    mine = review.decisions(steps, 0)
    out = list(review.analyse(steps, 0, iterations=10, stop=lambda: False))
    assert [j.index for _, _, j in out] == [s.index for s in mine] and all(t == len(mine) for _, t, _ in out)
    assert all(0 <= j.after <= j.before <= 1 for _, _, j in out)
    # judged again, the first half of the game (5 of the 11 decisions) is judged alike: nothing after it counts
    again = [j.to_dict() for _, _, j in review.analyse(steps[:12], 0, iterations=10)]
    assert len(again) >= 5 and again == [j.to_dict() for _, _, j in out[: len(again)]]


def test_a_game_of_three_replays_and_round_trips():
    g = new_game(3, decks=("G", "H", "G"), max_turns=8)
    agents = [make_agent("redemption", "easy", seed=i) for i in range(3)]
    while not g.is_over:
        assert g.apply(choose_for(agents[g.current_player], g)).ok
    steps, final = review.positions(g)
    assert final.to_dict() == g.to_dict() and {s.player for s in steps} == {0, 1, 2}
    lines = review.text_record(g, ["A", "B", "C"], steps).splitlines()
    assert lines[0] == "Redemption: A v B v C" and lines[2] == "Decks: A G, B H, C G"
    assert review.from_notation(review.notation(g)).to_dict() == g.to_dict()
