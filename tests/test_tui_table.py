"""Pilot tests for the table at 80x24: reading every card, seeing every result, the keys' answers."""

from __future__ import annotations

import asyncio

import pytest

import saves
from tests.pilot import play_to_end, screen_text, settle
from tests.redemption_helpers import build
from tui.screens.game import GameScreen
from tui.session import Session
from tui.widgets import CardList


@pytest.fixture
def save_dir(tmp_path, monkeypatch):
    d = tmp_path / "saves"
    monkeypatch.setenv("REDEMPTION_SAVE_DIR", str(d))
    monkeypatch.delenv("REDEMPTION_PLAYER", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    return d


def make_app(save_dir, start=None, **kw):
    from tui.app import RedemptionApp, Settings

    return RedemptionApp(Settings(save_dir=save_dir, pause=0.0, signals=False, **kw), start=start)


def finished_resurrection(save_dir) -> Session:
    s = Session.new("resurrection", seed=3, level="easy", path=saves.save_path("over", save_dir))
    play_to_end(s)
    return s


def test_game_over_says_who_won_and_why_and_offers_new_game_and_rematch(save_dir):
    session = finished_resurrection(save_dir)
    app = make_app(save_dir, start=session)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            text = screen_text(app)
            footer = text.splitlines()[-1]
            field = str(app.screen.query_one("#battle").render())
            assert "GAME OVER: You win (Computer has no cards left to play)." in field
            assert "Game over: You win" in text.splitlines()[0]
            assert "New game" in footer and "Rematch" in footer and "Review" in footer
            assert "v: review" in field  # the Field names the keys the Footer shows
            assert "Play" not in footer and "Undo" not in footer  # no key that can no longer act
            before = len(session.meta.log)
            await pilot.press("enter", "u")  # nothing happens, nothing breaks
            assert len(session.meta.log) == before
            await pilot.press("r")
            await settle(app, pilot)
            screen = app.screen
            assert isinstance(screen, GameScreen) and screen.session is not session
            new = screen.session
            assert new.game.name == "resurrection" and not new.game.is_over and new.level == "easy"
            assert new.meta.extra["first"] == 1 - session.meta.extra["first"]
            assert new.path != session.path and new.path.exists()

    asyncio.run(go())


def test_u_always_answers(save_dir):
    session = Session.new("resurrection", seed=3, level="normal", path=saves.save_path("u", save_dir))
    app = make_app(save_dir, start=session)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("u")
            await pilot.pause()
            assert "Undo works only against the computer at the easy level." in screen_text(app).splitlines()[0]

    asyncio.run(go())


def battle_session(save_dir) -> tuple[Session, object]:
    """You (Daniel, initiative) against Pilate with Herod's Banquet, which you have negated; the computer's table
    holds a site with a soul in it, a captured character of yours and a discard pile."""
    b = build(
        {
            "hand": ["gideons_trumpet"],
            "field_of_battle": ["daniel", "writing_on_wall"],
            "land_of_bondage": ["ls_debtor"],
        },
        {
            "field_of_battle": ["pilate", "herods_banquet"],
            "territory": ["herod"],
            "captured": [("esther", 0)],
            "discard": ["walking_on_water", "haman"],
            "land_of_bondage": ["ls_orphan"],
        },
        phase="battle",
        attached={"herods_banquet": "pilate", "writing_on_wall": "daniel"},
        battle={
            "kind": "rescue",
            "step": "initiative",
            "last_actor": 0,
            "played": ["herods_banquet", "writing_on_wall"],
            "negated": ["herods_banquet"],
        },
        flags={"battled": True},
        filler=3,
    )
    meta = saves.Meta(
        players=[{"name": "You", "kind": "human"}, {"name": "Computer", "kind": "computer"}],
        extra={"vs": "computer", "level": "easy", "viewer": 0, "screen": "game"},
    )
    return Session(b.game, meta, saves.save_path("read", save_dir)), b


def test_tab_reads_every_card_on_the_opponents_table(save_dir):
    session, b = battle_session(save_dir)
    app = make_app(save_dir, start=session)
    app.settings.pause = 30.0  # the computer holds initiative: it waits while the table is read

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            field = screen.query_one("#battle")
            assert "Herod's Banquet (negated, counts +0/+0)" in str(field.render())
            opponent = screen.query_one("#opponent", CardList)
            while app.focused is not opponent:
                await pilot.press("tab")
            ids = [i.id for i in opponent.items]
            # in battle, territory, Land of Bondage, captured, then the top of the discard pile only
            assert ids == [b["pilate"], b["herods_banquet"], b["herod"], b["ls_orphan"], b["esther"], b["haman"]]
            assert b["walking_on_water"] not in ids  # under the top card: nobody may look (redemption.scope)
            seen = []
            for cid in ids:
                assert opponent.selected == cid
                text = str(field.render())
                seen.append(text)
                name = session.game.card(cid).name
                assert f"{cid} {name}" in text  # the card text follows the cursor
                await pilot.press("down")
            assert "(Computer's, captured)" in seen[4] and "on Computer's top of the discard pile" not in seen[5]
            assert "Haman" in seen[5] and "discard pile" in seen[5]
            assert "negated" in str(opponent.items[1].label)
            before = session.game.to_dict()
            await pilot.press("enter")  # not your card: nothing is played, the toast says why
            assert session.game.to_dict() == before
            assert any("Tab to your hand" in n.message for n in app._notifications)

    asyncio.run(go())


def test_a_digit_moves_the_card_text_with_it(save_dir):
    session, b = battle_session(save_dir)
    app = make_app(save_dir, start=session)
    app.settings.pause = 30.0

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            while app.focused is not app.screen.query_one("#territory"):
                await pilot.press("tab")
            assert "Gideon's Trumpet" not in str(app.screen.query_one("#battle").render())
            await pilot.press("1")
            assert f"{b['gideons_trumpet']} Gideon's Trumpet" in str(app.screen.query_one("#battle").render())

    asyncio.run(go())


def test_the_cut_is_a_number_picker_and_choices_are_in_words(save_dir):
    from tui.screens.number import NumberScreen

    session = Session.new("redemption", seed=5, level="easy", path=saves.save_path("cut", save_dir))
    app = make_app(save_dir, start=session)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert session.game.phase == "cut" and session.my_turn
            await pilot.press("enter")
            assert isinstance(app.screen, NumberScreen)
            await pilot.press("end", *["backspace"] * 3, "9", "9", "enter")  # out of range: asks again
            assert isinstance(app.screen, NumberScreen)
            await pilot.press("backspace", "backspace", "1", "1")
            await pilot.pause()
            await pilot.press("up")  # one more by arrow
            await pilot.pause()
            assert app.screen.query_one("#number").value == "12"
            await pilot.press("minus", "minus", "plus")  # one fewer, by - and +
            await pilot.pause()
            assert app.screen.query_one("#number").value == "11"
            await pilot.press("enter")
            await settle(app, pilot)
            assert "cut 11" in session.game.history
            ui = app.screen.ui
            assert (
                ui.describe("cut 7") == "Lift 7 cards from the top"
                and ui.describe("first 0") == "You (Player 1) take the first turn"
            )

    asyncio.run(go())


def test_r_in_the_cut_picker_cuts_at_random(save_dir):
    from tui.screens.number import NumberScreen

    session = Session.new("redemption", seed=5, level="easy", path=saves.save_path("cut", save_dir))
    app = make_app(save_dir, start=session)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("enter")
            assert isinstance(app.screen, NumberScreen) and app.screen.random  # "r: a random cut" offered
            before = len(session.game.history)
            await pilot.press("r")
            await settle(app, pilot)
            assert not isinstance(app.screen, NumberScreen)
            assert session.game.history[before] == "cut"  # the engine's random cut (no number)

    asyncio.run(go())


def test_keys_typed_behind_the_cut_s_enter_are_not_lost(save_dir):
    """One burst: a number out of range and Enter (the picker stays: the next keys go on into it), the right number
    and Enter (the picker closes), then '?': the help opens on the game screen instead of the key being lost in
    the closed picker's field."""
    from textual import events

    from tui.screens.help import HelpScreen
    from tui.screens.number import NumberScreen

    session = Session.new("redemption", seed=5, level="easy", path=saves.save_path("cut", save_dir))
    app = make_app(save_dir, start=session)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("enter")
            assert isinstance(app.screen, NumberScreen)
            keys = ["end", *["backspace"] * 3, "9", "9", "enter", "backspace", "backspace", "1", "2", "enter"]
            for key in [*keys, "question_mark"]:
                app.post_message(
                    events.Key(key, {"enter": "\r", "question_mark": "?"}.get(key, key if len(key) == 1 else None))
                )
            for _ in range(30):
                await pilot.pause(0.02)
                if isinstance(app.screen, HelpScreen):
                    break
            assert "cut 12" in session.game.history and isinstance(app.screen, HelpScreen)

    asyncio.run(go())


def test_a_key_typed_behind_the_choice_s_enter_is_not_lost(save_dir):
    """Enter on 'Which action?' and '?' in one burst: the choice is made and the help opens on the game screen."""
    from textual import events

    from tui.screens.choice import ChoiceScreen
    from tui.screens.help import HelpScreen

    session = Session.new("redemption", seed=5, level="easy", path=saves.save_path("choice", save_dir))
    app = make_app(save_dir, start=session)
    chosen: list = []

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            app.push_screen(ChoiceScreen(["one", "two"]), chosen.append)
            await pilot.pause()
            for key, ch in [("down", None), ("enter", "\r"), ("question_mark", "?")]:
                app.post_message(events.Key(key, ch))
            for _ in range(30):
                await pilot.pause(0.02)
                if isinstance(app.screen, HelpScreen):
                    break
            assert chosen == [1] and isinstance(app.screen, HelpScreen)

    asyncio.run(go())


def test_coach_and_lesson_text_say_keys_not_notation():
    from tui.controls import controls_for
    from tui.wording import in_keys, key_for

    ctl = controls_for("redemption")

    # the words name an action as a field (rules.words.do); the app says it as keys and never looks for notation
    assert in_keys("{do:end} to end your turn.", ctl) == "press n to end your turn."
    assert in_keys("End your turn: {do:end}.", ctl) == "End your turn: press n."
    assert in_keys("Send Gideon: {do:rescue gideon}.", ctl) == "Send Gideon: pick Gideon and press Enter."
    assert (
        in_keys("Lift cards ({do:cut N}) or {do:cut}.", ctl)
        == "Lift cards (press Enter, then type the number) or press Enter, then r."
    )
    for plain in ("Caiaphas's strength is at least the blocker's toughness", "End your turn: 'end'.", "{p0} {p1:'s}"):
        assert in_keys(plain, ctl) == plain  # quoted words, or seat fields, are not actions: left as they are
    assert [key_for(a, ctl) for a in ("end", "pass", "noblock", "rescue G13")] == ["n", "Space", "Space", "Enter"]


def test_rules_search_enter_opens_the_best_match_without_slash(save_dir):
    from tui.learn.rules_screen import RulesScreen

    app = make_app(save_dir)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(RulesScreen("redemption"))
            await pilot.pause()
            await pilot.press(*"scope", "enter")  # typed straight into the list: the search takes it
            screen = app.screen
            assert screen.shown[0] == "redemption.scope" and screen.current == "redemption.scope"
            assert app.focused is screen.query_one("#rules-body")

    asyncio.run(go())


def test_resume_list_shows_a_broken_saves_problem_from_its_start(save_dir):
    Session.new("resurrection", seed=5, path=saves.save_path("good", save_dir)).autosave()
    (save_dir / "broken.toml").write_text("this is = not [valid toml\n")
    app = make_app(save_dir)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("r")
            await pilot.pause()
            while "broken" not in str(app.screen.query_one("#save-detail").render()):
                await pilot.press("down")
            detail = str(app.screen.query_one("#save-detail").render())
            problem = next(i.error for i in app.screen.rows if i.name == "broken")
            assert detail.startswith("broken cannot be resumed: ") and problem.split(": ", 1)[-1][:20] in detail
            text = screen_text(app)
            assert "Last played" in text and "Score" in text  # every column fits 80 columns

    asyncio.run(go())


def test_ascii_leaves_no_other_character_on_the_game_help_title_and_resume_screens(save_dir, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, _ = battle_session(save_dir)
    session.autosave()
    app = make_app(save_dir, start=session, ascii=True)
    app.settings.pause = 30.0

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            for keys in ([], ["tab", "tab", "tab"], ["question_mark"], ["escape", "q"], ["r"]):
                await pilot.press(*keys)
                await pilot.pause()
                text = screen_text(app)
                assert text.isascii(), (type(app.screen).__name__, sorted({c for c in text if not c.isascii()}))

    try:
        asyncio.run(go())
    finally:
        from textual.scrollbar import ScrollBar, ScrollBarRender

        ScrollBar.renderer = ScrollBarRender  # the renderer is global: give it back to the other tests


def test_l_narrows_then_hides_the_log_and_it_rewraps(save_dir):
    session = Session.new("resurrection", seed=3, level="easy", path=saves.save_path("log", save_dir))
    app = make_app(save_dir, start=session)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            log = app.screen.query_one("#log")
            full = log.size.width
            await pilot.press("L")
            await pilot.pause()
            assert log.size.width < full and "Log: narrow" in screen_text(app).splitlines()[0]
            assert max(len(line.text.rstrip()) for line in log.lines) <= log.size.width  # written again, new width
            await pilot.press("L")
            await pilot.pause()
            assert not log.display or log.size.width == 0
            await pilot.press("L")
            await pilot.pause()
            assert log.size.width == full

    asyncio.run(go())


def test_the_card_text_follows_the_focus_when_several_tabs_arrive_at_once(save_dir):
    """Focus events bubble from panes nested at different depths; read together (fast keys, a paste, SSH) they can
    arrive out of order: the Field still describes the card under the cursor, not your own card."""
    session, _ = battle_session(save_dir)
    app = make_app(save_dir, start=session)
    app.settings.pause = 30.0  # the computer holds initiative: it waits while the panes take the focus

    async def go():
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()  # not settle(): that would wait out the computer's 30 s
            screen = app.screen
            for pane in ("#territory", "#log", "#opponent"):  # three Tabs handled before any focus event
                screen.query_one(pane).focus()
            await pilot.pause()
            await pilot.pause()
            opponent = screen.query_one("#opponent", CardList)
            assert app.focused is opponent and screen.selected_card() == opponent.selected
            assert f"\u25b6 {opponent.selected} " in str(screen.query_one("#battle").render())  # its text shown

    asyncio.run(go())


def test_a_hot_seat_rematch_of_resurrection_keeps_the_seats_and_the_other_player_leads(save_dir):
    """Resurrection's players choose the first Aggressor: a rematch keeps Ann and Bob where they sat and gives the
    first attack to the one who did not have it."""
    s = Session.new("resurrection", seed=3, vs="human", names=("Ann", "Bob"), path=saves.save_path("hs", save_dir))
    play_to_end(s)
    app = make_app(save_dir, start=s)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            if not isinstance(app.screen, GameScreen):  # the hand-off before the finished game
                await pilot.press("enter")
                await settle(app, pilot)
            assert "rematch (the other player is the first Aggressor)" in str(app.screen.query_one("#battle").render())
            await pilot.press("r")
            await settle(app, pilot)
            assert not isinstance(app.screen, GameScreen)  # two people: the keyboard is handed to the first
            await pilot.press("enter")
            await settle(app, pilot)
            new = app.screen.session
            assert new is not s and new.names == ["Ann", "Bob"]
            assert new.meta.extra["first"] == 1 - s.meta.extra["first"] == 1

    asyncio.run(go())
