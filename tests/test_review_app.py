"""The review from the command line and on screen (Pilot), and its snapshots at 80x24 and 120x40."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest

import saves
from rules import review
from rules.agents import choose_for, make_agent
from tests.pilot import play_to_end, saved_at_the_end, screen_text
from tui import analysis, cli
from tui.app import RedemptionApp, Settings
from tui.session import Session

SIZES = [(80, 24), (120, 40)]


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("REDEMPTION_PLAYER", raising=False)
    monkeypatch.delenv("REDEMPTION_SAVE_DIR", raising=False)
    return tmp_path / "saves"


def finished(folder, name="lost", seed=7, judged=True) -> Session:
    """A finished game You v Computer, saved; with a stored analysis (two marked decisions) if ``judged``."""
    s = Session.new("redemption", seed=seed, path=saves.save_path(name, folder))
    agents = [make_agent("redemption", "easy", seed=1), make_agent("redemption", "easy", seed=2)]
    g = s.game
    with saved_at_the_end(s):
        while not g.is_over:
            assert s.act(choose_for(agents[g.current_player], g), by_computer=True).ok
    if judged:
        steps, _ = review.positions(g)
        mine = review.decisions(steps, 0)
        js = {}
        for k, st in enumerate(mine):
            best = next(str(a) for a in st.before.legal_actions() if str(a) != st.action)
            if k in (3, 7):
                js[st.index] = review.Judgement(
                    st.index, st.action, 0.62, 0.31 if k == 3 else 0.55, best, review.mark_for(0.31 if k == 3 else 0.07)
                )
            else:
                js[st.index] = review.Judgement(st.index, st.action, 0.5, 0.5, st.action, "")
        analysis.store(s.meta, 0, js)
    s.autosave()
    return s


def app_for(folder, session=None, review_it=False) -> RedemptionApp:
    return RedemptionApp(Settings(save_dir=folder, pause=0.0, signals=False), start=session, review=review_it)


def test_cli_exports_and_replays(folder, tmp_path, capsys, monkeypatch):
    s = finished(folder, judged=False)
    assert cli.main(["review", "lost", "--export", "text", "--save-dir", str(folder)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Redemption: You v Computer\n") and "Result: You win." in text or "Computer wins" in text
    assert cli.main(["review", "--export", "notation", "--save-dir", str(folder)]) == 0  # no name: the latest
    notation = capsys.readouterr().out
    f = tmp_path / "game.txt"
    f.write_text(notation)
    monkeypatch.setattr(cli, "has_terminal", lambda: True)
    monkeypatch.setattr("tui.app.RedemptionApp.run", lambda self, *a, **k: None)
    assert cli.main(["new", "redemption", "--replay", str(f), "--name", "again", "--save-dir", str(folder)]) == 0
    again = Session.load(folder / "again.toml")
    assert again.game.to_dict() == s.game.to_dict()
    f.write_text(notation.replace("\nend\n", "\nrescue G999\n", 1))
    code = cli.main(["new", "redemption", "--replay", str(f), "--save-dir", str(folder)])
    err = capsys.readouterr().err
    assert code == 1 and "line" in err and "'rescue G999' is refused" in err and len(err.strip().splitlines()) == 1


def test_cli_analyse_stores_the_analysis_once(folder, capsys, monkeypatch):
    finished(folder, judged=False)
    lost = saves.read(folder / "lost.toml")
    lost.meta.updated = played = "2020-01-01T10:00:00+00:00"  # played long ago, and "later" the day after
    saves.save(lost.game, folder / "lost.toml", lost.meta, played=False)
    later = Session.new("resurrection", seed=1, path=saves.save_path("later", folder))
    later.meta.updated = "2020-01-02T10:00:00+00:00"
    saves.save(later.game, later.path, later.meta, played=False)
    assert [i.name for i in saves.list_saves(folder)] == ["later", "lost"]
    calls = []
    real = review.judge

    def cheap(step, seat, iterations, **k):  # a smaller search: what is checked is that it runs once and is kept
        calls.append(1)
        return real(step, seat, 10, **{**k, "samples": 2})

    monkeypatch.setattr(review, "judge", cheap)
    assert cli.main(["review", "lost", "--analyse", "--save-dir", str(folder)]) == 0
    out, err = capsys.readouterr()
    assert "Your decisions: " in out and " marked." in out and "analysing your decisions:" in err
    n = len(calls)
    assert n > 10
    saved = saves.read(folder / "lost.toml")
    stored = saved.meta.extra["analysis"]["seat1"]
    assert len(stored["decisions"]) == n
    assert saved.meta.updated == played  # a look back is not a game played: "Last played" and the order stay
    assert [i.name for i in saves.list_saves(folder)] == ["later", "lost"]
    assert cli.main(["review", "lost", "--analyse", "--save-dir", str(folder)]) == 0
    assert len(calls) == n  # done once: the second run reads it from the save


def test_cli_review_errors(folder, capsys):
    code = cli.main(["review", "nope", "--save-dir", str(folder)])
    assert code == 1 and "no save named 'nope'" in capsys.readouterr().err
    code = cli.main(["review", "--save-dir", str(folder)])
    assert code == 1 and "no saved games" in capsys.readouterr().err


DATA = Path(__file__).parent / "data"


def test_saves_of_older_rules_say_so_in_one_line(folder, capsys):
    """Two saves written before the Dominant windows (by commit 7f3f04e's engine, normal v normal): one loads but
    its history is refused now (action 11 passes a Dominant window that did not exist), one does not load (two
    face-up artifacts, allowed then). Each is named in one line that says an older version saved it."""
    folder.mkdir(parents=True)
    for f in DATA.glob("old-rules-*.toml"):
        shutil.copy(f, folder / f.name)
    code = cli.main(["review", "old-rules-no-windows", "--save-dir", str(folder)])
    err = capsys.readouterr().err.strip()
    assert code == 1 and len(err.splitlines()) == 1 and "old-rules-no-windows.toml: this game was saved by an " in err
    assert "older version of the rules and cannot be reviewed action by action (action 11 ('end')" in err
    code = cli.main(["review", "old-rules-two-artifacts", "--export", "text", "--save-dir", str(folder)])
    err = capsys.readouterr().err.strip()
    assert code == 1 and len(err.splitlines()) == 1 and "old-rules-two-artifacts.toml: " in err
    assert "saved by an older version of the rules (state format 1)" in err and "2 face-up artifacts" in err

    async def go():
        app = app_for(folder)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await pilot.pause()
            assert not app.open_review(Session.load(folder / "old-rules-no-windows.toml", to_play=False))
            await pilot.pause()
            said = [n.message for n in app._notifications if n.title == "No review"]
            assert said and said[0].startswith("old-rules-no-windows.toml: this game was saved by an older version")

    asyncio.run(go())


def test_step_through_marks_and_hands(folder, monkeypatch):
    s = finished(folder)
    said = review.said
    long = " on Gideon, taking the Philistine Host that blocks him, so the rescue goes on to the soul"
    monkeypatch.setattr(review, "said", lambda *a, **k: said(*a, **k) + long)  # a preferred move of two lines

    async def go():
        app = app_for(folder, Session.load(s.path), review_it=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            scr = app.screen
            n = len(scr.steps)
            assert scr.index == n  # a finished game opens at its end

            async def at(key: str, index: int) -> None:
                """The key moves the list's highlight; the step it shows follows in a message of its own."""
                await pilot.press(key)
                for _ in range(50):  # bounded: a loaded machine may take a few frames
                    if scr.index == index:
                        break
                    await pilot.pause(0.02)
                assert scr.index == index, key

            await at("home", 0)
            await at("right", 1)
            await at("right", 2)
            await at("left", 1)
            marked = sorted(k for k, j in scr.judged.items() if j.mark)
            await at("m", marked[0])  # the first marked decision
            eye = str(scr.query_one("#review-eye").render())
            assert "62% before" in eye and ("blunder" in eye or "inaccuracy" in eye) and "It preferred:" in eye
            j, step = scr.judged[marked[0]], scr.steps[marked[0]]
            assert j.best not in eye  # the preferred action in words, not its notation
            await pilot.pause()
            shown = " ".join(screen_text(app).split())
            assert long.strip() in eye and " ".join(eye.split()) in shown  # all of it, the target too, at 80x24
            assert shown.endswith("esc Back ^p palette") or "esc Back" in shown.split("▏")[0]  # whole in the Footer
            row = str(scr.query_one("#review-actions").get_option_at_index(marked[0]).prompt)
            assert row.startswith(f"{marked[0] + 1:3} {j.mark} t{step.turn} You ") and step.action not in row
            await at("end", n)
            board = str(scr.query_one("#review-board").render())
            await pilot.press("H")
            both = str(scr.query_one("#review-board").render())
            assert both.count("Hand:") == 2 and board.count("Hand:") == 1
            from textual import events

            for key, ch in (("t", "t"), ("3", "3"), ("enter", "\r")):  # in one read: the 3 goes into the dialog
                app.post_message(events.Key(key, ch))
            for _ in range(20):
                await pilot.pause(0.02)
                if app.screen is scr and scr.steps[scr.index].turn == 3:
                    break
            assert app.screen is scr and scr.steps[scr.index].turn == 3 and scr.steps[scr.index - 1].turn < 3
            await pilot.press("escape")

    asyncio.run(go())


def test_analysis_runs_in_the_background_and_can_stop(folder, monkeypatch):
    s = finished(folder, judged=False)
    monkeypatch.setattr(review, "DEFAULT_ITERATIONS", 10)
    monkeypatch.setattr(review, "PAIRED_SAMPLES", 2)

    async def go():
        app = app_for(folder, Session.load(s.path), review_it=True)
        async with app.run_test(size=(80, 24)) as pilot:
            scr = app.screen
            monkeypatch.setattr(scr, "judged", {})
            await pilot.press("a")
            for _ in range(100):
                await pilot.pause(0.05)
                if len(scr.judged) >= 3:
                    break
            assert len(scr.judged) >= 3
            await pilot.press("a")  # stop
            for _ in range(100):
                await pilot.pause(0.05)
                if not scr._analysing:
                    break
            assert not scr._analysing and 3 <= len(scr.judged) < scr.total
            assert "Analysed" in str(scr.query_one("#review-progress-text").render())
        saved = saves.read(s.path)
        assert len(saved.meta.extra["analysis"]["seat1"]["decisions"]) == len(scr.judged)

    asyncio.run(go())


def test_review_from_the_saved_games_list(folder):
    finished(folder, judged=False)

    async def go():
        from tui.screens.review import ReviewScreen

        app = app_for(folder)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("r")
            await pilot.pause()
            await pilot.press("v")
            await pilot.pause()
            assert isinstance(app.screen, ReviewScreen)
            await pilot.press("escape")
            assert not isinstance(app.screen, ReviewScreen)

    asyncio.run(go())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_review_snapshot(snap_compare, folder, size):
    s = finished(folder)
    app = app_for(folder, Session.load(s.path), review_it=True)

    async def run_before(pilot):
        await pilot.press("home", "m")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)


def test_game_over_offers_review_and_a_rematch_keeps_your_deck(folder):
    from rules.redemption import DECKS
    from tui.screens.game import GameScreen
    from tui.screens.review import ReviewScreen

    mine = [("herod" if k == "barak" else k) for k in DECKS["G"]["cards"]]
    s = Session.new(
        "redemption", seed=9, path=saves.save_path("own", folder), decks=({"name": "Herod", "cards": mine}, "H")
    )
    agents = [make_agent("redemption", "easy", seed=1), make_agent("redemption", "easy", seed=2)]
    with saved_at_the_end(s):
        while not s.game.is_over:
            assert s.act(choose_for(agents[s.game.current_player], s.game), by_computer=True).ok

    async def go():
        app = app_for(folder, s)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
            footer = "".join(seg.text for seg in app.screen._compositor.render_strips()[-1])
            assert "Review" in footer
            await pilot.press("v")
            await pilot.pause()
            assert isinstance(app.screen, ReviewScreen) and app.screen.session is s
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
            await pilot.press("r")  # rematch
            await pilot.pause()
            new = app.screen.session
            # the seats swapped: you sit second, with your deck
            assert new is not s and new.game.decks == ["H", "Herod"] and new.names == ["Computer", "You"]
            assert sorted(k for k, o in new.game.cards.values() if o == 1) == sorted(mine)

    asyncio.run(go())


def test_the_other_seat_only_once_the_game_is_over(folder, capsys):
    s = Session.new("redemption", seed=3, path=saves.save_path("going", folder))
    s.autosave()
    code = cli.main(["review", "going", "--seat", "2", "--save-dir", str(folder)])
    assert code == 2 and "once the game is over" in capsys.readouterr().err


def test_resurrection_exports_replays_and_is_analysed(folder, tmp_path, capsys, monkeypatch):
    """A Resurrection game: the record in words, the notation replayed by 'new resurrection --replay' to the same
    final state, and the computer's eye stored in the save."""
    s = Session.new("resurrection", seed=5, path=saves.save_path("duel", folder))
    agents = [make_agent("resurrection", "easy", seed=1), make_agent("resurrection", "normal", seed=2)]
    with saved_at_the_end(s):
        while not s.game.is_over:
            assert s.act(choose_for(agents[s.game.current_player], s.game), by_computer=True).ok
    assert cli.main(["review", "duel", "--export", "text", "--save-dir", str(folder)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Resurrection: You v Computer\n") and "Player" not in text
    assert "   1. turn  0  " in text and " plays a card face down." in text
    assert cli.main(["review", "duel", "--export", "notation", "--save-dir", str(folder)]) == 0
    f = tmp_path / "duel.txt"
    f.write_text(capsys.readouterr().out)
    monkeypatch.setattr(cli, "has_terminal", lambda: True)
    monkeypatch.setattr("tui.app.RedemptionApp.run", lambda self, *a, **k: None)
    assert cli.main(["new", "resurrection", "--replay", str(f), "--name", "again", "--save-dir", str(folder)]) == 0
    assert Session.load(folder / "again.toml").game.to_dict() == s.game.to_dict()
    code = cli.main(["new", "redemption", "--replay", str(f), "--save-dir", str(folder)])
    assert code == 2 and "records a Resurrection game" in capsys.readouterr().err
    real = review.judge
    monkeypatch.setattr(review, "judge", lambda step, seat, *a, **k: real(step, seat, 20, samples=8))
    assert cli.main(["review", "duel", "--analyse", "--save-dir", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "Your decisions: " in out and " marked." in out
    stored = saves.read(folder / "duel.toml").meta.extra["analysis"]["seat1"]["decisions"]
    steps, _ = review.positions(s.game)
    assert [d["index"] for d in stored] == [st.index for st in review.decisions(steps, 0)]


def four_players(folder, name="four") -> Session:
    """A finished four-player game (You and three easy computers), saved, with one judged decision of seat 3."""
    from tui.session import Seat

    seats = [Seat("human"), *(Seat("computer", level="easy") for _ in range(3))]
    s = Session.new("redemption", seed=5, path=saves.save_path(name, folder), seats=seats)
    agents = [make_agent("redemption", "easy", seed=q) for q in range(4)]
    with saved_at_the_end(s):
        while not s.game.is_over:
            assert s.act(choose_for(agents[s.game.current_player], s.game), by_computer=True).ok
    steps, _ = review.positions(s.game)
    st = review.decisions(steps, 2)[0]
    analysis.store(s.meta, 2, {st.index: review.Judgement(st.index, st.action, 0.4, 0.2, st.action, "??")})
    s.autosave()
    return s


def test_a_four_player_game_is_reviewed_from_any_seat(folder, capsys):
    s = four_players(folder)
    assert s.game.n == 4 and s.game.is_over
    assert cli.main(["review", "four", "--seat", "4", "--export", "text", "--save-dir", str(folder)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Redemption: You v Computer 2 v Computer 3 v Computer 4\n")
    assert "against your Land of Bondage" in text and "against Computer 3's Land of Bondage" in text
    assert "Player " not in text
    three = Session.new("redemption", seed=3, path=saves.save_path("three", folder), seats=s.seats()[:3])
    three.autosave()
    code = cli.main(["review", "three", "--seat", "4", "--save-dir", str(folder)])
    assert code == 2 and "--seat 4: this game has 3 players" in capsys.readouterr().err
    assert analysis.default_seat(three.meta) == 0

    async def go():
        args = cli.parse(["review", "four", "--seat", "3", "--save-dir", str(folder)])
        app = app_for(folder, cli.review_command(args, cli.settings_from(args)), review_it=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            scr = app.screen
            assert scr.seat == 2
            status = str(scr.query_one("#review-status").render())
            assert status.startswith("Review (Computer 3's view): the end")
            (k,) = scr.judged
            scr.show(k)
            eye = str(scr.query_one("#review-eye").render())
            assert eye.startswith("Computer's eye: chance v leader 40% before, 20% after  ?? blunder (-20%)")
            assert len(eye.splitlines()[0]) <= 76  # one line at 80 columns, the preferred move on the next
            battle = next(i for i, st in enumerate(scr.steps) if st.before.in_battle())
            scr.show(battle)
            board = str(scr.query_one("#review-board").render())
            b = scr.steps[battle].before.b
            assert f"by {scr.names[scr.steps[battle].before.active]} against {scr.names[b.defender]}:" in board
            assert board.count("Hand:") == 1 and "Computer 3 (you)" in board

    asyncio.run(go())


def test_the_review_calls_a_named_lone_player_you_as_the_game_did(folder):
    """Ann alone against the computer: the game screen and its log said "You"; the review said "Ann" and "chance"."""
    from tui.screens.review import ReviewScreen
    from tui.session import Seat

    seats = [Seat("human", "Ann"), Seat("computer", level="easy")]
    s = Session.new("resurrection", seed=3, seats=seats, path=saves.save_path("ann", folder))
    play_to_end(s)

    async def go():
        app = app_for(folder, Session.load(s.path), review_it=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            scr = app.screen
            assert isinstance(scr, ReviewScreen) and scr.names == ["You", "Computer"] and scr.whose == "your"

    asyncio.run(go())
