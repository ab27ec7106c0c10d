"""One description per game (``rules.games``): the engines, the command line and the new-game form all read it."""

from __future__ import annotations

import asyncio

import pytest

from rules.agents import make_agent
from rules.coach import module_for
from rules.games import GAMES, find_game, game_class, game_names
from tui import cli
from tui.games import ui_for

NAMES = [g.name for g in GAMES]


@pytest.mark.parametrize("name", NAMES)
def test_each_description_names_parts_that_exist_and_agree_with_the_engine(name):
    info = find_game(name)
    cls = info.game_class()
    assert cls.name == name and game_class(name) is cls
    game = info.new_game(3)
    assert game.name == name and game.options == info.defaults  # the engine's defaults are the description's
    assert all(hasattr(info.agents_module(), f) for f in ("heuristic_agent", "search_agent"))
    assert make_agent(name, "normal", seed=1).choose_in(game) in game.legal_actions()
    assert module_for(game) is info.coach_module() and hasattr(info.coach_module(), "phase")
    assert type(ui_for(name)).__module__ == info.screen.partition(":")[0]
    for o in info.options:
        assert o.check(o.default) == o.default and o.help and "\n" not in o.help
        for c in o.choices:
            assert o.check(c.value) == c.value and c.label


def test_an_unknown_game_is_refused_by_name_everywhere():
    with pytest.raises(ValueError, match=r"unknown game 'chess' \(known: resurrection, redemption\)"):
        find_game("chess")
    for make in (game_class, lambda n: make_agent(n, "easy"), module_for):
        with pytest.raises(ValueError, match="unknown game 'chess'"):
            make("chess")
    with pytest.raises(ValueError, match="no screens for the game 'chess'"):
        ui_for("chess")
    assert game_names() == tuple(NAMES)


@pytest.mark.parametrize(
    ("name", "text", "value"),
    [
        ("resurrection", "resurrect_to=fallen-bottom", "fallen-bottom"),
        ("redemption", "name_on_name=true", True),
        ("redemption", "name_on_name=off", False),
        ("redemption", "rescues_to_win=7", 7),
        ("redemption", "rescues_to_win=3", 3),  # any whole number from 1: the form offers 5 and 7
        ("redemption", "max_turns=0", 0),
    ],
)
def test_command_line_option_values_are_read_by_their_type(name, text, value):
    key, raw = text.split("=")
    assert find_game(name).parse_options([(key, raw)]) == {key: value}


@pytest.mark.parametrize(
    ("name", "text", "words"),
    [
        ("resurrection", "resurrect_to=sky", "option resurrect_to must be hero-bottom|fallen-bottom, not sky"),
        ("resurrection", "colour=blue", "unknown Resurrection option 'colour' (known: resurrect_to)"),
        ("redemption", "name_on_name=maybe", "option name_on_name must be true|false, not maybe"),
        ("redemption", "rescues_to_win=0", "option rescues_to_win must be at least 1, not 0"),
        ("redemption", "max_turns=many", "option max_turns must be N, not many"),
    ],
)
def test_a_bad_option_value_says_what_the_option_takes(name, text, words):
    key, raw = text.split("=")
    with pytest.raises(ValueError) as e:
        find_game(name).parse_options([(key, raw)])
    assert str(e.value) == words


def test_a_saved_option_of_the_wrong_type_is_refused_by_the_engine():
    with pytest.raises(ValueError, match="option resurrect_to must be"):
        game_class("resurrection").from_dict(
            {**find_game("resurrection").new_game(1).to_dict(), "options": {"resurrect_to": 3}}
        )


def test_the_command_line_help_lists_every_option_from_the_descriptions(capsys):
    assert cli.main(["new", "--help"]) == 0
    text = "".join(capsys.readouterr().out.split())  # argparse wraps lines anywhere, even inside a value
    for g in GAMES:
        for o in g.options:
            assert f"{o.name}={o.spelled()}" in text


def test_the_new_game_form_asks_each_games_questions_and_starts_with_the_answers(tmp_path, monkeypatch):
    from textual.widgets import Label, RadioButton

    from tui.app import RedemptionApp, Settings
    from tui.screens.game import GameScreen

    monkeypatch.delenv("REDEMPTION_PLAYER", raising=False)

    async def go():
        app = RedemptionApp(Settings(save_dir=tmp_path, pause=0.0, signals=False))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("n")
            form = app.screen
            for g in GAMES:
                assert any(g.label in str(b.label) for b in form.query(RadioButton))
                labels = [str(x.render()).lower() for x in form.query_one(f"#questions-{g.name}").query(Label)]
                for o in g.options:
                    assert (o.help.lower() in labels) == (o.on_form and bool(o.choices))
            form.query_one("#g-redemption", RadioButton).value = True
            form.query_one("#redemption-rescues_to_win-1", RadioButton).value = True  # 7
            form.query_one("#redemption-rescuer_chooses-1", RadioButton).value = True  # the rescuer
            await pilot.pause()
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
            game = app.screen.session.game
            assert game.name == "redemption"
            assert game.options == {**find_game("redemption").defaults, "rescues_to_win": 7, "rescuer_chooses": True}

    asyncio.run(go())


#: Files that still look a game up by its name instead of in rules/games.py (the review's start positions and
#: boards); a new file may not join them.
STILL_NAMING = {"rules/review.py", "tui/screens/review.py"}


def test_only_a_games_own_files_and_the_registry_name_a_game():
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    names = "|".join(game_names())
    naming = re.compile(rf"""["'](?:{names})["']|import_module\(f"rules\.\{{""")
    own = {"rules/games.py"} | {f"{d}/{g}" for g in game_names() for d in ("rules", "rules/agents", "tui/games")}
    found = set()
    for path in (root / d for d in ("rules", "saves", "tui")):
        for f in path.rglob("*.py"):
            rel = f.relative_to(root).as_posix()
            if any(rel == o or rel == o + ".py" or rel.startswith(o + "/") for o in own):
                continue
            text = f.read_text(encoding="utf-8").replace('PROG = "redemption"', "")  # the program's name
            text = text.replace('sys.argv = ["redemption"]', "")
            if naming.search(text):
                found.add(rel)
    assert found <= STILL_NAMING, f"these name a game instead of reading rules/games.py: {sorted(found - STILL_NAMING)}"
