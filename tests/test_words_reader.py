"""Words a player read in a 4-player game (Ann, by ``--seat human:Ann``, and three computers): the person at the
keyboard reads "you" whatever their name, and a battle that nobody is left in is not said to defeat both sides."""

from __future__ import annotations

from rules.core import Event
from rules.words import their, who
from tests.pilot import play_to_end
from tests.redemption_helpers import build, ok
from tui.games.redemption import RedemptionUI
from tui.session import Seat, Session

ANN = [Seat("human", "Ann")] + [Seat("computer") for _ in range(3)]


def test_the_only_human_reads_you_whatever_their_name(tmp_path):
    """The log said "Ann drew ...: it goes straight to their Land of Bondage" to Ann herself."""
    session = Session.new("redemption", seed=4, seats=ANN)
    assert session.names[:2] == ["Ann", "Computer 2"] and session.reader == 0
    drew = Event.said("lost_soul", f"{who(0, True)} drew X: it goes straight to {their(0)} Land of Bondage.", 0)
    assert session.words(drew) == "You drew X: it goes straight to your Land of Bondage."
    other = Event.said("lost_soul", f"{who(2, True)} drew X: it goes straight to {their(2)} Land of Bondage.", 2)
    assert session.words(other) == "Computer 3 drew X: it goes straight to their Land of Bondage."
    # the log the game writes is in the same words
    for _ in range(40):  # the cuts, then Ann's first actions
        if any(line.startswith("You ") for line in session.meta.log):
            break
        session.act(session.game.legal_actions()[0])
    assert any(line.startswith("You ") for line in session.meta.log), session.meta.log
    assert not any(line.startswith("Ann ") for line in session.meta.log), session.meta.log


def test_two_people_at_one_keyboard_each_read_you_for_their_own_seat():
    """In hot seat the log said "their territory" and "Ann's Land of Redemption" to Ann herself: the one at the
    keyboard now reads "you", and the log is said again for whoever takes it."""
    hot = Session.new("redemption", seed=5, vs="human", names=("Ann", "Bea"))
    assert hot.reader == hot.viewer == 0 and hot.words(f"{who(0, True)} won.") == "You won."
    while not any("territory" in line for line in hot.meta.log):
        cp = hot.game.current_player
        hot.viewer = cp  # each takes the keyboard for their own move, as after a hand-off
        assert hot.act(hot.game.legal_actions()[0]).ok
    line = next(line for line in hot.meta.log if "territory" in line)
    seat = int(line.split("{p", 1)[1][0])  # the log keeps the template: said when shown
    hot.viewer = seat
    assert "your territory" in hot.log_words(line) and "their" not in hot.log_words(line)
    hot.viewer = 1 - seat
    assert f"{['Ann', 'Bea'][seat]} " in hot.log_words(line) and "your" not in hot.log_words(line)
    alone = Session.new("resurrection", seed=5)  # one person against the computer: "You"
    assert alone.names[0] == "You" and alone.reader == 0 and alone.words(f"{who(0, True)} won.") == "You won."


def test_the_details_pane_says_your_territory_to_its_reader_whatever_their_name():
    """ "(in Ann's territory)" for Ann's own card, shown to Ann."""
    b = build({"territory": ["gideon"], "land_of_bondage": ["ls_orphan"]}, {"territory": ["herod"]})
    ui = RedemptionUI()
    for you in (0, 1):
        view = b.game.view(you)
        ui._all_cards(view)
        ui._names, ui._you = ["Ann", "Bea"], view["you"]
        mine, theirs = ("gideon", "herod") if you == 0 else ("herod", "gideon")
        assert ui.whereabouts(b[mine]) == "in your territory"
        assert ui.whereabouts(b[theirs]) == f"in {['Ann', 'Bea'][1 - you]}'s territory"
    ui._you = 0
    assert ui.whereabouts(b["ls_orphan"]) == "in your Land of Bondage"
    assert ui.describe("first 0") == "You (Player 1) take the first turn"
    assert ui.describe("first 1") == "Bea (Player 2) takes the first turn"


def _blocked(p0_hand: list[str], p1_hand: list[str]):
    b = build(
        {"hand": ["daniel", *p0_hand]},
        {"hand": ["annas", *p1_hand], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
    )
    ok(b.game, f"rescue {b['daniel']}")
    ok(b.game, f"block {b['annas']}")
    return b


def test_a_battle_that_nobody_is_left_in_is_not_said_to_defeat_both_sides():
    b = _blocked(["day_of_judgment"], ["day_of_judgment"])  # stalemate; the attacker first
    g = b.game
    ok(g, "pass")
    ok(g, f"dominant {b[1, 'day_of_judgment']} {b['daniel']}")
    out = ok(g, f"dominant {b[0, 'day_of_judgment']} {b['annas']}")
    said = [e.text for e in out.events if e.kind == "resolve"]
    assert said == ["Battle resolved at Heroes 0/0 vs Evil 0/0: no character is left on either side, so nobody wins."]
    assert not any("defeated" in e.text for e in out.events)
    assert g.score(0) == 0 and not g.b.kind  # the outcome is unchanged: nothing rescued, the battle over


def test_a_side_that_nobody_is_left_on_loses_in_those_words():
    b = _blocked([], ["day_of_judgment"])
    g = b.game
    ok(g, "pass")
    ok(g, f"dominant {b['day_of_judgment']} {b['daniel']}")
    out = ok(g, "pass")
    assert [e.text for e in out.events if e.kind == "resolve"] == [
        "Battle resolved at Heroes 0/0 vs Evil 5/6: no Hero is left, so the Evil side wins."
    ]


def test_a_resumed_game_recalls_the_last_battle_from_its_history(tmp_path):
    """A resumed game shows the "Last battle" recap at once, replayed from the history, not only after the next
    battle."""
    import asyncio

    import saves
    from rules.core import Rng
    from tui.app import RedemptionApp, Settings
    from tui.screens.game import GameScreen

    session = Session.new("redemption", seed=3, path=saves.save_path("recall", tmp_path))
    rng, resolved = Rng(3), ""
    for _ in range(3000):
        if resolved and session.game.current_player == 0:
            break
        legal = session.game.legal_actions()
        out = session.act(legal[rng.below(len(legal))], by_computer=True)
        resolved = next((session.words(e) for e in out.events if e.kind == "resolve"), resolved)
    assert resolved.startswith("Battle resolved") and not session.game.is_over
    session.autosave()
    session.close()
    resumed = Session.load(session.path)
    app = RedemptionApp(Settings(save_dir=tmp_path, pause=0.0, signals=False), start=resumed)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            assert screen.last_result and screen.last_result[0] == resolved

    asyncio.run(go())


def test_the_screen_calls_the_only_human_you_as_the_log_does(tmp_path):
    """Ann alone against the computer read "You ..." in the log but "Ann wins" and "Left: Ann 0" on the header."""
    import asyncio

    import saves
    from tui.app import RedemptionApp, Settings
    from tui.screens.game import GameScreen

    seats = [Seat("human", "Ann"), Seat("computer", level="easy")]
    s = Session.new("resurrection", seed=3, seats=seats, path=saves.save_path("ann", tmp_path))
    play_to_end(s)
    app = RedemptionApp(Settings(save_dir=tmp_path, pause=0.0, signals=False), start=s)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen) and screen.names == ["You", "Computer"]
            header = "".join(seg.text for seg in screen._compositor.render_strips()[0])
            field = str(screen.query_one("#battle").render())
            assert "Game over: You win" in header and "Left: You " in header and "Ann" not in header, header
            assert "GAME OVER: You win" in field and "Ann" not in field

    asyncio.run(go())
