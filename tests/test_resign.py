"""``resign N``: an engine action in both games, at any time, by either player; recorded and final."""

import pytest

import saves
from rules.core import game_class
from rules.games import find_game, game_names


def started(game: str):
    g = find_game(game).new_game(5)
    for _ in range(6):  # a few real moves first, so the resignation ends a game in progress
        g.apply(g.legal_actions()[0])
    assert not g.is_over
    return g


@pytest.mark.parametrize("game", game_names())
@pytest.mark.parametrize("who", [0, 1])
def test_either_player_resigns_at_any_time_and_the_other_wins(game, who):
    g = started(game)
    not_to_move = 1 - g.current_player
    assert "resign 0" not in map(str, g.legal_actions())  # never offered, so the computer players never resign
    out = g.apply(f"resign {who}")
    assert out.ok and out.rule == f"{game}.resign"
    assert g.is_over and g.winner == 1 - who and g.current_player is None and g.legal_actions() == []
    assert g.history[-1] == f"resign {who}"
    assert [str(e) for e in out.events] == [f"Player {who + 1} resigns: Player {2 - who} wins."]
    assert [(e.kind, e.rule, e.reveals) for e in out.events] == [("game_over", f"{game}.resign", False)]
    assert not_to_move in (0, 1)
    again = g.apply(f"resign {1 - who}")
    assert not again.ok and again.rule == f"{game}.end"
    back = saves.loads(saves.dumps(g))  # the save keeps the result
    assert back == g and back.is_over and back.winner == 1 - who


@pytest.mark.parametrize("game", game_names())
@pytest.mark.parametrize("text", ["resign", "resign 2", "resign me", "resign 0 1"])
def test_a_malformed_resignation_is_refused_and_changes_nothing(game, text):
    g = started(game)
    before = g.to_dict()
    out = g.apply(text)
    assert not out.ok and out.rule == f"{game}.notation" and "resign 0" in out.reason
    assert g.to_dict() == before


@pytest.mark.parametrize("game", game_names())
def test_check_accepts_a_resignation_without_changing_anything(game):
    g = game_class(game).from_dict(started(game).to_dict())
    before = g.to_dict()
    assert g.check("resign 1").ok and g.to_dict() == before


@pytest.mark.parametrize("game", game_names())
def test_the_public_view_shows_no_hand_and_no_face_down_card(game):
    from rules.core import public_view

    g = started(game)
    for _ in range(40):
        v = public_view(g)
        assert v["you"] == 0 and not v.get("legal")
        for p in (0, 1):
            assert not v["players"][p]["hand"]  # None or []: nobody's hand
            assert v["players"][p]["hand_count"] == g.view(p)["players"][p]["hand_count"]
        if game == "resurrection" and g.face_down:
            assert v["players"][g.aggressor]["table"][-1] == "?"
        if game == "redemption":
            for p in (0, 1):
                for c in v["players"][p]["artifact_pile"]:
                    assert c.get("face_down") or c["id"] in g.face_up
        if g.is_over:
            break
        g.apply(g.legal_actions()[-1])
