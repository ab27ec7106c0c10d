"""Computer opponents: the interface, determinism, legality, hidden information."""

import pytest

from rules.agents import LEVELS, choose_for, make_agent, play_match
from rules.agents.resurrection import info_from_game, info_from_view
from rules.core import Rng
from rules.resurrection import CODES, new_game
from tests.resurrection_positions import position, side


def _agents(level_a, level_b, seed, **kw):
    return [
        make_agent("resurrection", level_a, seed=seed, **kw),
        make_agent("resurrection", level_b, seed=seed + 1, **kw),
    ]


@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_resurrection_levels_play_legal_games_to_the_end(level):
    for seed in range(6):
        g = play_match(new_game(seed, first=seed % 2), _agents(level, "random", seed))
        assert g.is_over


def test_hard_plays_a_legal_game_with_a_small_budget():
    g = play_match(new_game(3), _agents("hard", "normal", 3, iterations=20))
    assert g.is_over


def test_agents_are_deterministic_from_the_seed():
    for level in LEVELS:
        kw = {"iterations": 15} if level == "hard" else {}
        a = play_match(new_game(7), _agents(level, "easy", 11, **kw))
        b = play_match(new_game(7), _agents(level, "easy", 11, **kw))
        assert a.history == b.history


def test_make_agent_rejects_unknown_names():
    with pytest.raises(ValueError, match="level"):
        make_agent("resurrection", "brutal")
    with pytest.raises(ValueError, match="game"):
        make_agent("chess", "normal")


def test_view_only_agents_choose_from_the_view():
    g = new_game(2)
    for level in ("random", "easy", "normal"):
        agent = make_agent("resurrection", level, seed=1)
        action = agent.choose(g.view(0), g.legal_actions())
        assert action in g.legal_actions()


def test_choose_for_uses_choose_in_when_present():
    g = new_game(4)
    hard = make_agent("resurrection", "hard", iterations=10)
    assert choose_for(hard, g) in g.legal_actions()
    # Without the game it cannot search: the heuristic answers from the view.
    assert hard.choose(g.view(0), g.legal_actions()) in g.legal_actions()


def test_time_limit_bounds_the_hard_level():
    import time

    g = new_game(4)
    hard = make_agent("resurrection", "hard", time_limit=0.05)
    t = time.perf_counter()
    hard.choose_in(g)
    assert time.perf_counter() - t < 2.0  # loose: shared machines
    assert hard.last_iterations >= 1


# --- hidden information -------------------------------------------------------------


def _play(g, texts):
    for t in texts:
        assert g.apply(t).ok, t
    return g


def test_known_cards_at_the_start_are_your_hand():
    g = new_game(1)
    known = g.known_cards(0)
    assert known[0] == set(g.sides[0].hand) and known[1] == set()


def test_the_face_down_card_is_unknown_to_the_defender_until_answered():
    g = new_game(1, first=0)
    code = g.sides[0].hand[0]
    g.apply(f"play {code}")
    assert code not in g.known_cards(1)[0]
    assert code in g.known_cards(0)[0]
    g.apply(g.legal_actions()[0])
    assert code in g.known_cards(1)[0] or g.is_over


def test_determinize_keeps_what_the_player_knows_and_deals_the_rest():
    rng = Rng(0)
    g = new_game(9, first=1)
    r = Rng(9)
    while not g.is_over and len(g.history) < 13:
        legal = g.legal_actions()
        g.apply(legal[r.below(len(legal))])
    for player in (0, 1):
        known = g.known_cards(player)
        seen_variants = set()
        for _ in range(30):
            d = g.determinize(player, rng)
            assert d.view(player) == g.view(player)
            for p in (0, 1):
                for zone in ("hand", "hero_pile", "fallen_pile", "table"):
                    real, fake = getattr(g.sides[p], zone), getattr(d.sides[p], zone)
                    assert len(real) == len(fake)
                    for a, b in zip(real, fake):
                        if a in known[p] and not (d.face_down and p == d.aggressor and player != p):
                            assert a == b
                assert sorted(
                    d.sides[p].hand + d.sides[p].hero_pile + d.sides[p].fallen_pile + d.sides[p].table
                ) == sorted(CODES)
            seen_variants.add(str(d.to_dict()["players"]))
        assert g.determinize(player, Rng(5)).to_dict() == g.determinize(player, Rng(5)).to_dict()
        if sum(len(k) for k in known) < 16:
            assert len(seen_variants) > 1


def test_the_defender_determinization_draws_the_face_down_card_from_the_aggressor_hand():
    g = position(side(hand=["BA", "7"], hero=["RK"]), side(hand=["9"]), aggressor=0)
    g.apply("play BA")
    seen = {g.determinize(1, Rng(s)).sides[0].table[-1] for s in range(40)}
    assert "BA" in seen and seen <= set(CODES)


def test_hand_built_positions_know_what_is_visible():
    g = position(side(hand=["BA", "7"]), side(hand=["9", "8"]), aggressor=0)
    assert g.known_cards(0) == [{"BA", "7"}, set()]


def test_heuristic_info_from_view_matches_game_when_nothing_was_revealed():
    g = new_game(5)
    a, b = info_from_view(g.view(0)), info_from_game(g, 0)
    assert a.hand == b.hand and pytest.approx(sum(a.opp_dist.values())) == 1
    assert pytest.approx(sum(b.opp_dist.values())) == 1


def test_heuristic_beats_the_aggressor_card_it_knows_is_coming():
    # The opponent's hand is known to be just the Red Jack (seen, won, drawn back).
    g = position(
        side(hand=["RJ"], hero=["BA", "BK", "BJ", "RA", "RK", "9", "8", "7"]),
        side(hand=["RK", "9", "7"], hero=["BA", "BK", "BJ", "RA", "RJ", "8"]),
        aggressor=0,
    )
    g.apply("play RJ")
    normal = make_agent("resurrection", "normal")
    # Only what is visible is known here, so the face-down card could be anything; still legal.
    assert normal.choose_in(g) in g.legal_actions()


def test_every_revealed_card_stays_known_and_own_hands_are_known():
    for seed in range(4):
        g = new_game(seed, first=seed % 2)
        r = Rng(seed)
        revealed = [set(), set()]
        while not g.is_over:
            legal = g.legal_actions()
            g.apply(legal[r.below(len(legal))])
            if not g.face_down:
                for p in (0, 1):
                    revealed[p].update(g.sides[p].table)
            if g.is_over:
                break
            last = g.history[-1].split()[1]
            for viewer in (0, 1):
                known = g.known_cards(viewer)
                assert set(g.sides[viewer].hand) <= known[viewer]
                for p in (0, 1):
                    assert revealed[p] <= known[p] | ({last} if g.face_down and p == g.aggressor else set())
            if not g.face_down:
                # after a resolved play, a table card is known to both (or the table is empty)
                for p in (0, 1):
                    assert set(g.sides[p].table) <= g.known_cards(1 - p)[p]


def test_normal_goes_for_the_win_when_the_opponent_plays_their_last_card():
    # Player 2's face-down card is their last: beating it ends the game. The timing
    # rule alone would keep RJ for later; a game-ending battle outweighs that.
    g = position(side(hand=["RJ", "8"], rest="hero"), side(table=["9"], rest="fallen"), aggressor=1)
    assert g.face_down and g.current_player == 0
    assert str(choose_for(make_agent("resurrection", "normal"), g)) == "play RJ"
    assert str(make_agent("resurrection", "normal").choose(g.view(0), g.legal_actions())) == "play RJ"


@pytest.mark.parametrize("game_name", ["resurrection", "redemption"])
def test_hard_with_an_iteration_budget_gives_the_same_move_for_the_same_seed_and_position(game_name):
    """A resumed game (a fresh agent, the position reloaded) gets the move the playing agent chose."""
    from importlib import import_module

    engine = import_module(f"rules.{game_name}")
    g = engine.new_game(5)
    playing = make_agent(game_name, "hard", seed=9, iterations=12)
    other = make_agent(game_name, "normal", seed=1)
    compared = 0
    while not g.is_over and compared < 4:
        if g.current_player == 0:
            before = type(g).from_dict(g.to_dict())
            move = choose_for(playing, g)
            if len(g.legal_actions()) > 1 and getattr(playing, "last_iterations", 0):
                fresh = make_agent(game_name, "hard", seed=9, iterations=12)
                assert str(choose_for(fresh, before)) == str(move)
                compared += 1
        else:
            move = choose_for(other, g)
        assert g.apply(move).ok
    assert compared == 4
