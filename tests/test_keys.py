"""The play controls (tui.keys): one set of keys for games and lessons, the help made from them, a player's keymap."""

from __future__ import annotations

import asyncio
import importlib
import inspect
import pkgutil

import pytest
from textual.binding import Binding

import saves
import tui
from saves import keymap as keymap_file
from tui import keys
from tui.app import RedemptionApp, Settings
from tui.learn.screens import LessonScreen
from tui.screens.game import GameScreen
from tui.screens.help import HelpScreen
from tui.session import Session


def by_id(cls: type) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for b in cls.BINDINGS:
        out.setdefault(b.id, set()).update(b.key.split(","))
    return out


def test_every_binding_in_the_app_has_an_id():
    missing = []
    for info in pkgutil.walk_packages(tui.__path__, "tui."):
        if info.name in ("tui.__main__",):
            continue
        module = importlib.import_module(info.name)
        for name, cls in inspect.getmembers(module, inspect.isclass):
            if not cls.__module__.startswith("tui."):
                continue  # Textual's own (its App's ctrl+c, its Screen's tab): ours replace the ones players use
            for b in cls.__dict__.get("BINDINGS", ()):
                if isinstance(b, Binding) and not b.id:
                    missing.append(f"{cls.__module__}.{name}: {b.key} -> {b.action}")
    assert not missing, missing


def test_a_game_and_a_lesson_give_the_same_keys_the_same_meaning():
    game, lesson = by_id(GameScreen), by_id(LessonScreen)
    shared = set(game) & set(lesson)
    assert {"play", "pass", "next", "help", "hint", "prompt", "leave", "cancel", "pick-1", "pick-10"} <= shared
    assert all(game[i] == lesson[i] for i in shared)
    assert game["help"] == lesson["help"] == {"question_mark", "f1"}  # in a lesson too, where H is the hint
    assert game["hint"] == {"H"} and game["next"] == {"n"}
    for cls in (GameScreen, LessonScreen):  # one key, one id on each screen (a keymap moves a key's bindings together)
        holders: dict[str, set[str]] = {}
        for b in cls.BINDINGS:
            for k in b.key.split(","):
                holders.setdefault(k, set()).add(b.id)
        assert all(len(ids) == 1 for ids in holders.values()), holders


def test_the_help_table_is_made_from_the_bindings_and_follows_the_keymap():
    table = keys.key_table([*keys.CURSOR, *GameScreen.BINDINGS, *keys.APP])
    for b in GameScreen.BINDINGS:
        if b.tooltip:
            assert b.tooltip.split(";")[0] in table and f"(`{b.id}`) |" in table or b.group is not None
    assert "| ? or F1 | this help" in table and "| 1-9, 0 | pick a card" in table and "| Ctrl+Q |" in table
    remapped = keys.key_table(GameScreen.BINDINGS, {"pass": "p", "help": "f2"})
    assert "| p | pass, where passing is legal (`pass`) |" in remapped and "| F2 | this help" in remapped


def test_a_keymap_is_checked_against_the_controls():
    screens = RedemptionApp.keyed_screens()
    assert keys.check_keymap({"pass": "p", "next": "e", "help": "f2,?"}, screens) == {
        "pass": "p",
        "next": "e",
        "help": "f2,question_mark",
    }
    assert keys.check_keymap({"pass": "n", "next": "space"}, screens)  # a swap is fine
    for keymap, problem in (
        ({"jump": "j"}, "no control is called 'jump'"),
        ({"pass": "flip"}, "pass: 'flip' is not a key"),
        ({"hint": "?"}, "? would be both 'help' and 'hint' on the game screen"),
        ({"pass": "bogus+x"}, "pass: 'bogus+x' is not a key"),
    ):
        with pytest.raises(ValueError, match=problem.replace("?", r"\?").replace("+", r"\+")):
            keys.check_keymap(keymap, screens)


@pytest.mark.parametrize(
    "text, problem",
    [
        ("[keys\npass = 'p'", "not a valid TOML file"),
        ("pass = 'p'", "unknown setting 'pass'"),
        ("keys = 'p'", "'keys' must be a table"),
        ("[keys]\npass = 3", "keys.pass must be a key in quotes"),
    ],
)
def test_a_bad_keys_file_is_one_line_naming_it(tmp_path, text, problem):
    path = keymap_file.keymap_path(tmp_path)
    path.parent.mkdir()
    path.write_text(text)
    with pytest.raises(saves.SaveError, match=problem) as e:
        keymap_file.load(tmp_path)
    assert str(e.value).startswith(str(path)) and "\n" not in str(e.value)
    assert keymap_file.load(tmp_path / "nobody") == {}  # no file: the default keys


def write_keys(folder, text: str) -> None:
    path = keymap_file.keymap_path(folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def test_a_remapped_key_acts_in_a_game_and_the_help_shows_it(tmp_path):
    folder = tmp_path / "saves"
    write_keys(folder, '[keys]\nplay = "p"\nhelp = "f2"\n')
    session = Session.new("resurrection", seed=5, level="easy", path=saves.save_path("remap", folder))
    app = RedemptionApp(Settings(save_dir=folder, pause=5.0, signals=False), start=session)
    assert app.keymap_problem == ""

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("1", "enter")  # play is remapped to p: Enter plays nothing
            await pilot.pause()
            assert session.game.view(0)["players"][0]["table"] == []
            await pilot.press("p")
            await pilot.pause()
            assert len(session.game.view(0)["players"][0]["table"]) == 1  # the first card, face down
            await pilot.press("question_mark")
            await pilot.pause()
            assert not isinstance(app.screen, HelpScreen)
            await pilot.press("f2")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            text = app.screen.query_one("Markdown").source
            assert "| p | play the picked card, or confirm (`play`) |" in text and "| F2 | this help" in text
            assert "passing" not in text and "end the current phase" not in text  # Resurrection has neither

    asyncio.run(go())


def test_a_bad_keys_file_is_reported_in_the_app_and_the_default_keys_work(tmp_path):
    folder = tmp_path / "saves"
    write_keys(folder, '[keys]\nhint = "?"\n')
    app = RedemptionApp(Settings(save_dir=folder, pause=0.0, signals=False))
    path = keymap_file.keymap_path(folder)
    assert app.keymap_problem == (
        f"{path}: ? would be both 'help' and 'hint' on the game screen; the default keys are used"
    )
    assert app.keymap == {}

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            shown = [n for n in app._notifications if n.title == "Your keys are not used"]
            assert len(shown) == 1 and str(path) in shown[0].message

    asyncio.run(go())


def test_texts_that_name_keys_say_the_players_keys(tmp_path):
    from tui.controls import controls_for
    from tui.games.redemption import PROMPT_KEYS, PROMPTS
    from tui.wording import in_keys, key_for

    ctl = controls_for("redemption")
    folder = tmp_path / "saves"
    write_keys(folder, '[keys]\nnext = "e"\npass = "p"\nplay = "x"\n')
    RedemptionApp(Settings(save_dir=folder, pause=0.0, signals=False))  # loading the keys puts them in force
    try:
        assert (key_for("end", ctl), key_for("noblock", ctl), key_for("rescue G1", ctl)) == ("e", "p", "x")
        assert (
            in_keys("Go on ({do:end}), then {do:rescue gideon}.", ctl)
            == "Go on (press e), then pick Gideon and press x."
        )
        prompt = PROMPTS["prep"].format(**{k: keys.label(c) for k, c in PROMPT_KEYS.items()})
        assert prompt == "put cards into play (pick, x); e: on to battle."
    finally:
        keys.use({})
    RedemptionApp(Settings(save_dir=tmp_path / "other", pause=0.0, signals=False))  # a player with no keys file
    assert (key_for("end", ctl), key_for("pass", ctl), key_for("rescue G1", ctl)) == ("n", "Space", "Enter")
