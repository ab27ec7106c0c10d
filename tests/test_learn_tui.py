"""Pilot tests of the learn screens: a lesson by keys, the coach pane's answers, the rules reference jump; a snapshot."""

from __future__ import annotations

import asyncio

import pytest

from rules.lessons import lessons
from saves import progress
from tests.pilot import screen_text
from tui.learn.coach_pane import CoachPane
from tui.learn.rules_screen import RulesScreen, matches
from tui.learn.screens import LessonListScreen, LessonScreen


def learn_app(save_dir, player=None):
    from tui.app import Settings
    from tui.learn.app import LearnApp

    return LearnApp(Settings(save_dir=save_dir, pause=0.0, signals=False, player=player))


def coach_text(app) -> str:
    return app.screen.query_one(CoachPane).text.plain


def test_a_lesson_by_keys_with_a_mistake_a_hint_and_progress_saved(save_dir):
    app = learn_app(save_dir, player="ada")

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, LessonListScreen)
            await pilot.press("enter")  # the current lesson: the first
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, LessonScreen) and screen.lesson.id == lessons("resurrection")[0].id
            assert "Step 1 of 2" in coach_text(app) and "You can" in coach_text(app)
            await pilot.press("5", "enter")  # the 7: the lesson's common mistake
            await pilot.pause()
            assert coach_text(app).startswith(
                "Step 1 of 2: "
            ) and "\n\nNot quite. The 7 is the lowest card" in coach_text(app)
            assert screen.run.step_number == 1
            await pilot.press("H")  # the hint: H, as in a game (? is the help everywhere)
            await pilot.pause()
            assert "Hint: Play the Black Ace (power " in coach_text(app)  # in words and keys, not "play BA"
            await pilot.press("enter")  # the hint selected the Black Ace
            await pilot.pause()
            assert screen.run.step_number == 2 and "What just happened" in coach_text(app)
            await pilot.press("1", "enter")  # the Red King, now the first card in hand
            await pilot.pause()
            assert screen.run.finished and "Lesson complete" in coach_text(app)
            done = screen_text(app)  # nobody is waited for, and there is nothing left to play
            assert "waiting" not in done and ">> " not in done and "Play" not in done.splitlines()[-1], done
            saved = progress.load(progress.progress_path(save_dir, "ada"))
            assert saved.of("resurrection").done == [screen.lesson.id]
            assert saved.of("resurrection").current == lessons("resurrection")[1].id
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, LessonScreen) and app.screen.lesson.id == lessons("resurrection")[1].id
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, LessonListScreen)
            text = screen_text(app)
            assert "[done] 1. The power order" in text and "[next] 2. " in text
            # the list stays on the lesson opened last, also in a list opened anew (the progress file keeps it)
            assert (
                app.screen.query_one("#lesson-list").highlighted_option.id
                == f"resurrection/{lessons('resurrection')[1].id}"
            )
            assert (
                progress.load(progress.progress_path(save_dir, "ada")).last
                == f"resurrection/{lessons('resurrection')[1].id}"
            )
            app.pop_screen()
            app.push_screen(LessonListScreen())
            await pilot.pause()
            ol = app.screen.query_one("#lesson-list")
            assert ol.highlighted_option.id == f"resurrection/{lessons('resurrection')[1].id}"
            goal = next(row for row in screen_text(app).splitlines() if "Win an extended battle" in row)
            assert goal.startswith("┃     Win"), goal  # the goal indented under its title

    asyncio.run(go())


def test_a_rejection_in_the_coach_pane_jumps_to_its_rule_and_the_reference_searches(save_dir):
    app = learn_app(save_dir)
    bells = []
    app.bell = lambda: bells.append(1)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("colon", *"play BK", "enter")  # on the Hero Pile, not in hand
            await pilot.pause()
            text = coach_text(app)
            assert bells and "Not allowed: BK (Black King) is not in your hand" in text
            assert "Rule resurrection.battle.2 (The Defender answers face up)" in text
            assert (
                "Legal instead (pick, Enter): play the Black Ace face up; play the Red King face up; "
                "play the Nine face up"
            ) in text  # in words, not "play BA"
            await pilot.press("r")
            await pilot.pause()
            rules = app.screen
            assert isinstance(rules, RulesScreen) and rules.current == "resurrection.battle.2"
            assert "without seeing the Aggressor's card" in rules.query_one("#rules-text")._markdown
            await pilot.press("slash", *"red ace")
            await pilot.pause()
            assert "resurrection.ability.2" in rules.shown and "resurrection.setup.1" not in rules.shown
            assert all(matches(rules.sections[i], "red ace") for i in rules.shown)
            await pilot.press("enter")
            await pilot.pause()
            assert rules.current == rules.shown[0]
            assert rules.jump("resurrection.tie.2.x") and rules.current == "resurrection.tie.2"  # a parent id
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, LessonScreen)

    asyncio.run(go())


def test_a_redemption_lesson_by_keys_a_brigade_mismatch_is_refused_then_the_hint_wins(save_dir):
    from tui.app import RedemptionApp, Settings
    from tui.learn.app import LearnApp

    lesson = next(item for item in lessons("redemption") if item.title == "Enhancements and brigades")

    class OneLesson(RedemptionApp):
        CSS_PATH = LearnApp.CSS_PATH

        def on_mount(self) -> None:
            self.push_screen(LessonScreen(lesson))

    app = OneLesson(Settings(save_dir=save_dir, pause=0.0, signals=False))

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            await pilot.press("colon", *"enhance daniel's prayer barak", "enter")  # cards named by their names
            await pilot.pause()
            text = coach_text(app)
            assert (
                text.startswith("Step 1 of 1: ")
                and "\n\nNot quite. Daniel's Prayer is a Gold enhancement, and Barak is Blue" in text
            )
            assert "Rule redemption.battle.brigade (Brigades must match)" in text
            await pilot.press("H", "enter")
            await pilot.pause()
            assert screen.run.finished and screen.run.game.score(0) == 1

    asyncio.run(go())


def test_the_coach_pane_in_a_game_g_toggles_it_h_hints_and_a_rejection_shows_its_rule(save_dir):
    import saves
    from tui.app import RedemptionApp, Settings
    from tui.session import Session

    session = Session.new("resurrection", seed=3, level="easy", path=saves.save_path("guided", save_dir))
    missing = next(c for c in ("7", "8", "9", "RJ") if c not in session.game.view(0)["players"][0]["hand"])
    app = RedemptionApp(Settings(save_dir=save_dir, pause=0.0, signals=False), start=session)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert not screen.query(CoachPane) and screen.query_one("#log").display
            await pilot.press("g")
            await pilot.pause()
            pane = screen.query_one(CoachPane)
            assert pane.display and not screen.query_one("#log").display and session.meta.extra["coach"] is True
            assert pane.text.plain.startswith("Battle 1: you attack") and "You can" in pane.text.plain
            await pilot.press("colon", *f"play {missing}", "enter")
            await pilot.pause()
            assert "Not allowed:" in pane.text.plain and "Rule resurrection.battle.1" in pane.text.plain
            assert pane.rule == "resurrection.battle.1"
            await pilot.press("H")
            await pilot.pause()
            assert pane.text.plain.startswith("Hint: Play the ")  # in words, not "play 8"
            assert any(n.title == "Hint" for n in app._notifications)
            await pilot.press("g")
            await pilot.pause()
            assert not pane.display and screen.query_one("#log").display and session.meta.extra["coach"] is False
            app.clear_notifications()
            await pilot.press("H")  # the coach hidden: the hint in a toast, and in the status line until the next move
            await pilot.pause()
            assert any(n.title == "Hint" for n in app._notifications)
            assert str(screen.query_one("#status").render()).startswith("Hint: The computer would play the ")
            await pilot.press("question_mark", "r")  # help, then the rules reference from it
            await pilot.pause()
            assert isinstance(app.screen, RulesScreen) and app.screen.game == "resurrection"

    asyncio.run(go())


def test_the_lesson_list_starts_a_guided_game_with_the_coach_on(save_dir):
    from tui.screens.game import GameScreen

    app = learn_app(save_dir)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            ol = app.screen.query_one("#lesson-list")
            ids = [ol.get_option_at_index(i).id for i in range(ol.option_count)]
            ol.highlighted = ids.index("resurrection/+guided")
            await pilot.press("enter")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen) and screen.session.level == "easy" and screen.session.vs_computer
            assert screen.query_one(CoachPane).display and screen.session.meta.extra["coach"] is True
            assert screen.session.path.exists()

    asyncio.run(go())


@pytest.mark.parametrize(
    "game, index, keys",
    [
        ("resurrection", 1, ["3", "enter"]),  # the 9: a tie, step 2 of 2
        (
            "redemption",
            4,
            ["2", "enter"],
        ),  # Daniel's Prayer on a Blue Hero: refused, with the lesson's words and the rule
    ],
    ids=["resurrection-tie", "redemption-brigade"],
)
def test_lesson_step_snapshot_80x24(save_dir, snap_compare, game, index, keys):
    from tui.app import RedemptionApp, Settings
    from tui.learn.app import LearnApp

    class OneLesson(RedemptionApp):
        CSS_PATH = LearnApp.CSS_PATH

        def on_mount(self) -> None:
            self.push_screen(LessonScreen(lessons(game)[index]))

    app = OneLesson(Settings(save_dir=save_dir, pause=0.0, signals=False, ascii=True))
    assert snap_compare(app, terminal_size=(80, 24), press=keys)


def test_the_coach_pane_in_a_four_player_game_names_the_other_players(save_dir):
    """With three opponents the coach never says "your opponent": it names each player, and says whom it waits for."""
    import saves
    from tui.app import RedemptionApp, Settings
    from tui.session import Seat, Session

    seats = [Seat("human"), *(Seat("computer", level="easy") for _ in range(3))]
    session = Session.new("redemption", seed=4, seats=seats, path=saves.save_path("four", save_dir))
    app = RedemptionApp(Settings(save_dir=save_dir, pause=0.0, signals=False), start=session)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(100):  # the computers cut first (seat 4 cuts seat 1's deck, ...)
                await pilot.pause(0.02)
                if session.my_turn:
                    break
            assert session.my_turn and session.game.phase == "cut"
            await pilot.press("g")
            await pilot.pause()
            text = app.screen.query_one(CoachPane).text.plain
            assert "Cut Computer 2's shuffled deck: press Enter, then r for a random cut" in text
            assert "Redeemed Souls: you 0, Computer 2 0, Computer 3 0, Computer 4 0" in text
            assert "opponent" not in text.replace("each opponent's", "")

    asyncio.run(go())


def test_the_field_describes_the_card_under_the_cursor_on_your_table_in_a_lesson(save_dir):
    from tui.widgets import CardList

    lesson = next(item for item in lessons("redemption") if item.title.startswith("Artifacts"))
    app = learn_app(save_dir)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(LessonScreen(lesson))
            await pilot.pause()
            screen = app.screen
            table = screen.query_one("#territory", CardList)
            await pilot.press("tab")
            await pilot.pause()
            assert screen.focused is table
            assert len(table.items) >= 2
            for _ in table.items:
                shown = str(screen.query_one("#battle").render())
                cid = table.items[table.cursor].id
                assert f"{cid} " in shown, (cid, shown)  # the card's id and name, then its text
                await pilot.press("down")
                await pilot.pause()

    asyncio.run(go())
