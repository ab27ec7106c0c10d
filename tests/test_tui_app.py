"""Pilot tests: the app played by keys only."""

from __future__ import annotations

import asyncio

import pytest
from textual.widgets import OptionList

import saves
from tests.pilot import settle
from tui.screens.game import GameScreen
from tui.screens.handoff import HandOffScreen
from tui.screens.title import TitleScreen
from tui.session import Session


@pytest.fixture
def make_app(save_dir):
    from tui.app import RedemptionApp, Settings

    def make(start=None, **kw):
        return RedemptionApp(Settings(save_dir=save_dir, pause=0.0, signals=False, **kw), start=start)

    return make


def test_whole_resurrection_game_against_the_computer_by_keys(make_app, save_dir):
    """From the first card to the end of the game by keys (the new-game form has its own test)."""
    session = Session.new("resurrection", seed=42, path=saves.save_path("whole", save_dir))
    app = make_app(start=session)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            screen = app.screen
            assert isinstance(screen, GameScreen) and session.vs_computer
            await pilot.press("1")
            for _ in range(400):
                if session.game.is_over:
                    break
                assert session.my_turn
                # "1" picks the first card; after a move the cursor stays on the first card, so Enter alone
                # plays it: that is how a person in a hurry plays, and it halves the key presses here.
                await pilot.press("enter")
                await settle(app, pilot)
            assert session.game.is_over
            assert "GAME OVER" in str(screen.query_one("#battle").render())
            saved = saves.read(session.path)
            assert saved.game == session.game and saved.meta.log == session.meta.log

    asyncio.run(go())


def test_illegal_action_is_rejected_with_reason_rule_and_bell(make_app, save_dir):
    session = Session.new("resurrection", seed=3, path=saves.save_path("rej", save_dir))
    assert "7" not in session.game.view(0)["players"][0]["hand"]
    before = session.game.to_dict()
    app = make_app(start=session)
    bells = []
    app.bell = lambda: bells.append(1)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("colon", *"play 7", "enter")
            await pilot.pause()
            assert session.game.to_dict() == before
            notes = [n.message for n in app._notifications]
            assert any("is not in your hand" in m and "resurrection.battle.1" in m for m in notes)
            assert session.meta.log[-1].startswith("Rejected:") and "resurrection.battle.1" in session.meta.log[-1]
            assert bells

    asyncio.run(go())


def test_save_quit_and_resume_to_the_identical_state(make_app, save_dir):
    session = Session.new("resurrection", seed=7, path=saves.save_path("keep", save_dir))
    app = make_app(start=session)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            title = app.screen_stack[0]
            assert isinstance(title, TitleScreen) and not title.query("#menu")  # not built under the game: faster start
            await pilot.press("2", "enter")
            await settle(app, pilot)
            await pilot.press("1", "enter")
            await settle(app, pilot)
            await pilot.press("q")  # save and leave to the title screen
            await pilot.pause()
            assert app.screen is title
            menu = title.query_one("#menu", OptionList)
            prompts = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
            assert any("Resume a game  (1 in progress, 1 saved)" in p for p in prompts) and menu.has_focus
        return session.game.to_dict(), list(session.meta.log)

    state, log = asyncio.run(go())
    assert len(session.game.history) >= 3

    app2 = make_app()

    async def back():
        async with app2.run_test(size=(80, 24)) as pilot:
            await pilot.press("enter")  # Resume is first when a game is in progress
            await pilot.pause()
            await pilot.press("enter")  # the newest save
            await settle(app2, pilot)
            screen = app2.screen
            assert isinstance(screen, GameScreen)
            assert screen.session.game.to_dict() == state
            assert screen.session.meta.log == log
            assert screen.query_one("#log").written == len(log)

    asyncio.run(back())


def test_two_people_get_a_hand_off_screen_and_resume_on_it(make_app, save_dir):
    session = Session.new("resurrection", vs="human", seed=5, path=saves.save_path("duo", save_dir))
    app = make_app(start=session)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, HandOffScreen)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, GameScreen) and session.viewer == 0
            await pilot.press("1", "enter")
            await pilot.pause()
            assert isinstance(app.screen, HandOffScreen)  # both hands hidden
            assert session.screen == "handoff"

    asyncio.run(go())
    resumed = Session.load(session.path)
    assert resumed.screen == "handoff" and resumed.game == session.game


async def press_card(app, pilot, card):
    """Select ``card`` by keys: a digit in the hand, or Tab to your table and the arrow keys; then Enter."""
    from tui.widgets import CardList

    screen = app.screen
    hand = screen.query_one("#hand", CardList)
    ids = [i.id for i in hand.items]
    if card in ids and ids.index(card) < 9:
        await pilot.press(str(ids.index(card) + 1), "enter")
        return
    table = screen.query_one("#territory", CardList)
    while app.focused is not table:
        await pilot.press("tab")
    while table.selected != card:
        await pilot.press("down")
    await pilot.press("enter")


def test_redemption_rescue_attempt_by_keys(make_app, save_dir):
    """Two people at one keyboard: present a Hero, block, enhance on both sides, pass, the rescue succeeds."""
    session = Session.new("redemption", vs="human", seed=5, path=saves.save_path("rescue", save_dir))
    for setup in ("cut", "cut", "first 0"):  # the cut and who goes first are not what this test is about
        assert session.act(setup).ok
    session.viewer, session.screen = 0, "game"
    app = make_app(start=session)
    game = session.game

    async def through_handoff(pilot):
        await pilot.pause()
        if isinstance(app.screen, HandOffScreen):
            await pilot.press("enter")
            await pilot.pause()

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await through_handoff(pilot)
            assert game.phase == "prep" and session.my_turn
            await pilot.press("n")  # end the Preparation phase
            assert game.phase == "battle"
            evil = next(c["id"] for c in game.view(0)["players"][0]["hand"] if c["type"] == "evil_character")
            before = game.to_dict()
            await press_card(app, pilot, evil)  # no legal action for it now: the engine says why
            assert game.to_dict() == before and session.meta.log[-1].startswith("Rejected: ")
            assert any("redemption." in n.message for n in app._notifications)
            await press_card(app, pilot, "G13")  # the Hero: its one legal action is the rescue attempt
            assert game.history[-1] == "rescue G13"
            await through_handoff(pilot)
            assert session.viewer == 1
            # the log is said again to the one who took the keyboard: "you" for their own seat
            log = " ".join(
                " ".join("".join(seg.text for seg in strip).split()) for strip in app.screen.query_one("#log").lines
            )
            assert "Player 1 cuts your deck" in log and "You draw 8 cards" in log, log
            assert "Player 2" not in log.split("v Player 2.", 1)[1] and "their Land of Bondage" in log, log
            # the refusal named a card from player 1's hand: player 2 does not find it in the log
            assert not any(line.startswith("Rejected:") for line in session.meta.log)
            await press_card(app, pilot, "H8")  # block
            assert game.history[-1] == "block H8"
            await through_handoff(pilot)
            # player 1 holds a Dominant that could be played now: a window, shown in the Footer, passed with Space
            assert session.viewer == 0 and game.decision()["kind"] == "window"
            assert app.screen.check_action("pass", ()) is True
            assert "Dominant" in str(app.screen.query_one("#battle").render())
            await pilot.press("space")
            assert game.history[-1] == "decline"
            await through_handoff(pilot)
            await press_card(app, pilot, "H17")  # an evil enhancement on the blocker
            assert game.history[-1] == "enhance H17 H8"
            await through_handoff(pilot)
            battle_text = str(app.screen.query_one("#battle").render())
            assert "Initiative:" in battle_text and "Hero 6/6" in battle_text and "Evil 7/7" in battle_text
            await press_card(app, pilot, "G22")
            assert game.history[-1] == "enhance G22 G13"
            await through_handoff(pilot)
            await pilot.press("space")  # pass: the battle will resolve, the Hero wins
            assert game.history[-1] == "pass"
            await through_handoff(pilot)
            assert game.decision()["kind"] == "window" and game.s.window.then == "resolve"  # player 1's last chance
            await pilot.press("space")
            await through_handoff(pilot)
            # the Lost Souls to surrender are on the defender's table: the cursor is there already, Enter does it
            table = app.screen.query_one("#territory")
            assert app.focused is table and table.selected in game.b.souls
            chosen = table.selected
            assert "The Hero side won" in str(app.screen.query_one("#battle").render())  # not "Hero 0/0: nobody"
            await pilot.press("enter")
            assert game.history[-1] == f"surrender {chosen}"
            assert game.score(0) == 1
            assert any(chosen in line for line in session.meta.log[-4:])

    asyncio.run(go())


def test_help_palette_undo_and_too_small(make_app, save_dir):
    from tui.screens.game import GameCommands
    from tui.screens.help import HelpScreen
    from tui.screens.toosmall import TooSmallScreen

    session = Session.new("resurrection", seed=11, level="easy", path=saves.save_path("keys", save_dir))
    app = make_app(start=session)
    app.settings.pause = 5.0  # the computer waits, so the undo comes before its answer (nothing revealed yet)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen)
            help_text = app.screen.query_one("Markdown").source
            assert "Ctrl+P" in help_text and "resurrection.battle.1" in help_text
            assert "(Redemption)" not in help_text  # only this game's notes: Redemption's abbreviations are not here
            await pilot.press("escape")
            provider = GameCommands(screen)
            names = [text for text, _, _ in provider._commands()]
            hand = session.game.view(0)["players"][0]["hand"]
            # every legal action, in words (the notation is for the ":" prompt)
            assert [n for n in names if n.startswith("Play the ")] == [screen.ui.describe(f"play {c}") for c in hand]
            assert all(c not in n.split() for n in names for c in hand)
            before = session.game.to_dict()
            await pilot.press("1", "enter")
            assert session.game.to_dict() != before and session.can_undo
            await pilot.press("u")
            assert session.game.to_dict() == before
            assert session.meta.log[-1].startswith("Undone")
            await pilot.resize_terminal(70, 20)
            await pilot.pause()
            assert isinstance(app.screen, TooSmallScreen)
            assert "You have: 70x20" in str(app.screen.query_one("#too-small-text").render())
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            assert app.screen is screen

    asyncio.run(go())


def test_resume_table_deletes_only_after_confirmation(make_app, save_dir):
    from textual.widgets import DataTable, OptionList

    from tui.screens.title import ResumeScreen, shown_name

    # two saves named as earlier versions named them (the time they started), two as this one does
    stamped = ["redemption-20261202-070015", "redemption-20261202-071530"]
    for name, seed in zip(stamped, (3, 4), strict=True):
        Session.new("redemption", seed=seed, path=saves.save_path(name, save_dir)).autosave()
    for name, seed in (("old", 1), ("new", 2)):
        Session.new("resurrection", seed=seed, path=saves.save_path(name, save_dir)).autosave()
    app = make_app(player=None)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            menu = app.screen.query_one("#menu", OptionList)
            assert menu.get_option_at_index(0).id == "resume"  # a game in progress: Resume comes first
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, ResumeScreen)
            table = app.screen.query_one(DataTable)
            assert table.row_count == 4 and [r.name for r in app.screen.rows][:2] == ["new", "old"]
            shown = [str(table.get_row_at(i)[0]) for i in range(4)]
            assert len(set(shown)) == 4 and not any("…" in n for n in shown)  # told apart, whole
            assert shown[2:] == [shown_name(n) for n in reversed(stamped)] and "07:15:30" in shown[2]
            await pilot.press("d", "n")  # asked, and refused: nothing deleted
            await pilot.pause()
            assert saves.save_path("new", save_dir).exists()
            await pilot.press("d", "y")
            await pilot.pause()
            assert not saves.save_path("new", save_dir).exists()
            assert [r.name for r in app.screen.rows][:1] == ["old"]
            await pilot.press("down", "enter")  # a save with an old name resumes as ever
            await settle(app, pilot)
            assert isinstance(app.screen, GameScreen) and app.screen.session.path.stem == stamped[1]

    asyncio.run(go())


def test_automatic_save_names_are_short_numbered_and_never_reused_while_saved(save_dir):
    from tui.session import new_save_name

    save_dir.mkdir(parents=True)
    assert new_save_name("redemption", save_dir) == "redemption-1"
    for name in ("redemption-1", "redemption-4", "redemption-20261202-070015", "resurrection-9"):
        saves.save_path(name, save_dir).write_text("")
    assert new_save_name("redemption", save_dir) == "redemption-5"  # after the highest, not in a gap
    assert new_save_name("resurrection", save_dir) == "resurrection-10"
    assert len("resurrection-10") <= 16  # the saves list's Name column shows it whole


def test_new_redemption_game_from_the_form_by_keys(make_app, save_dir):
    app = make_app()

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("enter")  # New game
            await pilot.pause()
            await pilot.press("tab", "right", "enter")  # Game: Redemption
            await pilot.pause()
            shown = [str(w.render()) for w in app.screen.query("#form Label") if w.display and w.parent.display]
            assert not any("Aggressor" in t for t in shown)  # only Redemption's questions
            assert any("rescue" in t.lower() for t in shown)
            # players, two seats (who, name, deck each), Name-on-Name: rescues to win 7
            await pilot.press(*["tab"] * 9, "right", "enter")
            await pilot.press("tab", "tab", "7", "enter")  # seed 7, start
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            game = screen.session.game
            assert game.name == "redemption" and game.seed == 7 and game.options["rescues_to_win"] == 7
            assert "of 7" in str(screen.query_one("#status").render())

    asyncio.run(go())


def test_too_small_under_a_hand_off_goes_once_the_terminal_grows(make_app, save_dir):
    from tui.screens.toosmall import TooSmallScreen

    session = Session.new("resurrection", vs="human", seed=5, path=saves.save_path("small", save_dir))
    app = make_app(start=session)

    async def go():
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            await pilot.pause()
            assert any(isinstance(s, TooSmallScreen) for s in app.screen_stack)
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            await pilot.pause()
            if isinstance(app.screen, HandOffScreen):
                await pilot.press("enter")
                await pilot.pause()
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
            assert not any(isinstance(s, TooSmallScreen) for s in app.screen_stack)

    asyncio.run(go())


def test_redemption_target_list_after_the_card(make_app, save_dir):
    """Enter on an enhancement whose ability takes a target lists the targets; the player picks the weaker one."""
    from textual.widgets import OptionList

    from tests.redemption_helpers import scenario
    from tui.screens.choice import ChoiceScreen

    b = scenario("""
[start]
phase = "battle"
active = 0
turn = 3
flags = { battled = true }
battle = { kind = "rescue", step = "initiative", last_actor = 1 }
[[start.seat]]
field_of_battle = ["barak"]
hand = ["stars_fought"]
land_of_bondage = ["ls_debtor"]
deck = ["gideon", "ehud", "ls_prodigal"]
[[start.seat]]
field_of_battle = ["nebuchadnezzar", "haman"]
land_of_bondage = ["ls_orphan"]
deck = ["peter", "ls_stranger"]
""")
    session = Session.new("redemption", seed=3, path=saves.save_path("targets", save_dir))
    session.game = b.game
    app = make_app(start=session)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("1", "enter")
            await pilot.pause()
            assert isinstance(app.screen, ChoiceScreen)
            shown = app.export_screenshot().replace("&#160;", " ")
            assert (
                "Redeemed 0-0" in shown and "Computer (Player 2" in shown
            )  # the board stays in sight behind the dialog
            options = [str(o.prompt) for o in app.screen.query_one(OptionList).options]
            assert len(options) == 2 and "discarding Nebuchadnezzar" in options[0] and "discarding Haman" in options[1]
            await pilot.press("down", "enter")
            await pilot.pause()
            assert "enhance G2 G1 H2" in session.game.history
            assert session.game.zone_of(b["haman"]) == (1, "discard")

    asyncio.run(go())


def test_help_draws_the_rules_as_the_player_scrolls_to_them_and_they_read_as_one_text(make_app, save_dir):
    """Redemption's rules are some 1000 Markdown blocks (seconds to build): the help opens with the keys and the
    first piece, and draws the next pieces as the player pages down; the pieces joined are the whole rules."""
    from textual.widgets import Markdown

    from tui.screens.help import HelpScreen, pieces, rules_markdown, rules_parts

    parts = rules_parts("redemption")
    assert "".join(pieces(parts)) == rules_markdown("redemption") and len(pieces(parts)) > 10
    assert pieces(rules_parts("resurrection")) == [rules_markdown("resurrection")]  # a small game's: at once
    session = Session.new("redemption", seed=11, level="easy", path=saves.save_path("help", save_dir))
    app = make_app(start=session)
    app.settings.pause = 30.0

    async def go():
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("question_mark")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, HelpScreen)
            waiting = len(screen.rest)
            assert waiting == len(pieces(parts)) - 1 and len(screen.query(Markdown)) == 1
            for _ in range(8):
                await pilot.press("pagedown")
                await pilot.pause()
            assert len(screen.rest) < waiting
            drawn = [md.source for md in screen.query(Markdown)]
            assert "\n\n".join(drawn[1:]) in rules_markdown("redemption")

    asyncio.run(go())


def test_title_menu_keys_help_kept_cursor_and_an_invitation_seen(make_app, save_dir):
    """A first start offers nothing to resume; j/k move, ? opens the title's own help, the cursor survives the
    help and the palette, and a table written by another player shows up without a key (the folders' stat)."""
    from saves import tables
    from tui.screens.help import HelpScreen

    app = make_app(player="bob")

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            title = app.screen
            menu = title.query_one("#menu", OptionList)
            ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
            assert "resume" not in ids and ids[0] == "new"
            await pilot.press("j", "j", "k", "j")
            assert menu.get_option_at_index(menu.highlighted).id == ids[2]
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen)
            text = app.screen.query_one("Markdown").source
            assert "title.down" in text and "Abbreviations" not in text and "cursor-on" not in text
            await pilot.press("escape", "ctrl+p")
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is title and menu.get_option_at_index(menu.highlighted).id == ids[2]
            rebuilt = []
            original = title.refresh_menu
            title.refresh_menu = lambda: (rebuilt.append(1), original())
            title._refresh_if_changed()  # nothing written: nothing read
            assert rebuilt == []
            tables.create(app.settings.tables_base, "alice", "resurrection", [{"invite": "bob"}])
            title._refresh_if_changed()
            assert rebuilt == [1]
            prompts = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
            assert "1 invitation" in prompts[0]  # urgent: first
            assert menu.get_option_at_index(menu.highlighted).id == ids[2]  # the cursor stays on its item

    asyncio.run(go())


def test_a_typed_resignation_is_for_your_own_seat_only_and_asks_first(make_app, save_dir):
    from tui.screens.confirm import ConfirmScreen

    session = Session.new("redemption", seed=3, path=saves.save_path("resign", save_dir))
    app = make_app(start=session)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("colon", *"resign 1", "enter")  # the computer's seat
            await pilot.pause()
            assert not session.game.is_over and not isinstance(app.screen, ConfirmScreen)
            notes = [n.message for n in app._notifications]
            assert any("only their own seat, not Computer's" in m and "redemption.resign" in m for m in notes)
            await pilot.press("colon", *"resign", "enter")  # your own: asked first, and No keeps the game
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen) and "Computer wins" in app.screen.question
            await pilot.press("n")
            await pilot.pause()
            assert not session.game.is_over
            await pilot.press("colon", *"resign", "enter", "y")
            await pilot.pause()
            assert session.game.is_over and session.game.winner == 1 and session.game.history[-1] == "resign 0"

    asyncio.run(go())


def test_hand_limit_discards_by_enter_keep_the_cursor_off_a_dominant(make_app, save_dir):
    """Over the hand limit, Enter discards the card under the cursor and the cursor stays where the player looks
    (the card that took its place), never on a Dominant while a discard is asked; the turn passes at the limit."""
    from tests.redemption_helpers import scenario
    from tui.widgets import CardList

    b = scenario("""
[start]
phase = "hand_limit"
active = 0
turn = 3
[[start.seat]]
hand = ["ezra", "day_of_judgment", "gideon", "barak", "deborah", "ehud", "daniel", "esther", "nehemiah", "heavenly_city"]
deck = ["peter", "ls_debtor", "herod"]
[[start.seat]]
deck = ["herod", "ls_orphan", "pilate", "haman", "ls_widow"]
""")
    session = Session.new("redemption", seed=3, path=saves.save_path("limit", save_dir))
    session.game = b.game
    app = make_app(start=session)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            hand = app.screen.query_one("#hand", CardList)
            assert hand.items[hand.cursor].id == b["ezra"]
            await pilot.press("enter")  # discard Ezra: the Dominant now lies where Ezra was
            await pilot.pause()
            assert session.game.zone_of(b["ezra"]) == (0, "discard")
            assert hand.items[hand.cursor].id == b["gideon"]  # the nearest card a discard can use that is no Dominant
            await pilot.press("enter")
            await pilot.pause()
            assert session.game.zone_of(b["gideon"]) == (0, "discard")
            assert session.game.phase != "hand_limit" or session.game.active != 0

    asyncio.run(go())
