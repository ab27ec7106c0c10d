"""Every game's ``view(player)`` follows the one convention of ``rules.views`` (the same keys meaning the same things)."""

import pytest

from rules.core import Rng, public_view
from rules.redemption import new_game as new_redemption
from rules.resurrection import new_game as new_resurrection
from rules.views import SEAT_KEYS, VIEW_KEYS

GAMES = {
    "resurrection": lambda seed: new_resurrection(seed),
    "redemption": lambda seed: new_redemption(seed),
    "redemption-4": lambda seed: new_redemption(seed, decks=["G", "H", "G", "H"]),
}


def check(view, game, seat, n):
    seats = (None, *range(n))
    assert set(VIEW_KEYS) <= set(view), f"missing {set(VIEW_KEYS) - set(view)}"
    assert view["game"] == game.name and view["you"] == seat
    assert view["current_player"] == game.current_player and view["current_player"] in seats
    assert view["is_over"] == game.is_over
    assert view["winner"] == game.winner and view["winner"] in seats
    assert view["result"] == ("" if not game.is_over else "draw" if game.winner is None else str(game.winner))
    assert view["current_player"] is None or not view["is_over"]
    if game.name == "redemption":  # its own keys follow the convention too: None for nobody, never -1
        assert view["decision"]["player"] == view["current_player"]
        assert view["battle"] == {} or view["battle"]["initiative"] in seats
        assert all(side["discard_top"] is None or side["discard_top"]["id"] for side in view["players"])
    deciding = view["current_player"] == seat
    assert view["legal"] == ([str(a) for a in game.legal_actions()] if deciding else [])
    assert set(view["options"]) == set(game.options)
    assert len(view["players"]) == n
    for p, side in enumerate(view["players"]):
        assert set(SEAT_KEYS) <= set(side)
        assert isinstance(side["hand_count"], int)
        if p == seat:
            assert isinstance(side["hand"], list) and len(side["hand"]) == side["hand_count"]
        else:
            assert side["hand"] is None  # the opponent's hand is a count, never the cards


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_view_through_a_whole_game_follows_the_convention(name, seed):
    game = GAMES[name](seed)
    n = len(game.view(0)["players"])
    rng = Rng(seed)
    for _ in range(3000):
        for seat in range(n):
            check(game.view(seat), game, seat, n)
        watcher = public_view(game)
        assert watcher["legal"] == [] and [s["hand"] for s in watcher["players"]] == [None] * n
        if game.is_over:
            break
        legal = game.legal_actions()
        assert game.apply(legal[rng.below(len(legal))]).ok
    assert game.is_over
    assert game.view(0)["current_player"] is None and game.view(0)["legal"] == []
