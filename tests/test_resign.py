"""``resign N``: an engine action in both games, at any time, by either player; recorded and final."""

import pytest

import saves
from rules.games import find_game, game_class, game_names


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


# --- a player resigns only their own seat -------------------------------------------------------------------
@pytest.mark.parametrize("game", game_names())
def test_own_resignation_is_the_seats_own_and_refuses_another_seats_citing_the_rule(game):
    from rules.core import Resign, own_resignation

    g = started(game)
    assert own_resignation("resign", 1, g) == (Resign(1), None)  # alone: the seat's own
    assert own_resignation("Resign 0", 0, g) == (Resign(0), None)
    action, refused = own_resignation("resign 1", 0, g)
    assert refused is not None and not refused.ok and refused.rule == f"{game}.resign"
    assert refused.words(["You", "Computer"], 0).startswith("A player may resign only their own seat, not Computer's")
    assert own_resignation(Resign(1), 0, g)[1] is not None  # an engine action too
    assert own_resignation("resign 7", 0, g) == ("resign 7", None)  # no such seat: the engine's notation refusal
    assert own_resignation("pass", 0, g) == ("pass", None)


@pytest.mark.parametrize("game", game_names())
def test_against_the_computer_the_person_cannot_resign_for_it(game):
    from tui.session import Session

    s = Session.new(game, seed=5)
    before = s.game.to_dict()
    out = s.act("resign 1")
    assert not out.ok and out.rule == f"{game}.resign" and s.game.to_dict() == before and not s.game.is_over
    assert s.meta.log[-1].startswith("Rejected: A player may resign only their own seat, not Computer's")
    out = s.act("resign")  # their own: the computer wins
    assert out.ok and s.game.is_over and s.game.winner == 1 and s.game.history[-1] == "resign 0"


def test_in_hot_seat_only_the_person_at_the_keyboard_resigns_their_own_seat():
    from tui.session import Seat, Session

    s = Session.new("redemption", seed=5, seats=[Seat("human", "Ann"), Seat("human", "Bob"), Seat("human", "Cy")])
    s.viewer = 1  # Bob has the keyboard
    for other in (0, 2):
        out = s.act(f"resign {other}")
        assert not out.ok and out.rule == "redemption.resign" and not s.game.is_over
    assert s.act("resign 1").ok and s.game.is_over and s.game.history[-1] == "resign 1"


def test_a_lesson_is_not_resigned_for_either_seat():
    from rules.lessons import LessonRun, lessons

    run = LessonRun(lessons("redemption")[-1])  # the whole game: an open step, where any legal action is played
    before = run.game.to_dict()
    for text in ("resign 1", "resign 0", "resign"):
        fb = run.attempt(text)
        assert fb.kind == "illegal" and fb.rule == "redemption.resign" and run.game.to_dict() == before
