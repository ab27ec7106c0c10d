"""The ``redemption`` command line: every form, and every bad input ends in one line and a non-zero exit."""

from __future__ import annotations

import pytest

import saves
from tui import cli
from tui.session import Session


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.delenv("REDEMPTION_SAVE_DIR", raising=False)
    monkeypatch.delenv("REDEMPTION_PLAYER", raising=False)
    monkeypatch.delenv("REDEMPTION_PAUSE", raising=False)
    return tmp_path / "saves"


@pytest.fixture
def launched(monkeypatch):
    """Record the app the command would open instead of opening it (as if in a terminal)."""
    seen = []
    monkeypatch.setattr(cli, "has_terminal", lambda: True)

    def fake_run(self, *a, **kw):
        seen.append(self)

    monkeypatch.setattr("tui.app.RedemptionApp.run", fake_run)
    return seen


def one_line_error(capsys, argv, status=None):
    code = cli.main(argv)
    out, err = capsys.readouterr()
    assert code != 0, (argv, out, err)
    if status is not None:
        assert code == status
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err and err.startswith("redemption")
    return lines[0]


def make_save(folder, name, seed=1, **kw):
    s = Session.new("resurrection", seed=seed, path=saves.save_path(name, folder), **kw)
    s.autosave()
    return s


@pytest.mark.parametrize("argv", [[], ["new"], ["resume"], ["saves"], ["learn"]])
def test_help_everywhere(capsys, argv):
    assert cli.main([*argv, "--help"]) == 0
    assert "usage: redemption" in capsys.readouterr().out


def test_version(capsys):
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out.startswith("redemption ")


@pytest.mark.parametrize(
    "argv, words",
    [
        (["bogus"], "invalid choice"),
        (["new"], "required"),
        (["new", "chess"], "invalid choice"),
        (["new", "resurrection", "--vs", "dog"], "invalid choice"),
        (["new", "resurrection", "--seed", "x"], "invalid int"),
        (["new", "resurrection", "--level", "godlike"], "invalid choice"),
        (["new", "resurrection", "--first", "3"], "invalid choice"),
        (["new", "resurrection", "--option", "nonsense"], "KEY=VALUE"),
        (["new", "resurrection", "--option", "colour=blue"], "unknown Resurrection option"),
        (["new", "resurrection", "--option", "resurrect_to=sky"], "resurrect_to"),
        (["new", "redemption", "--option", "rescues_to_win=0"], "at least 1"),
        (["new", "redemption", "--first", "2"], "the cut decides"),
        (["new", "redemption", "--option", "name_on_name=maybe"], "name_on_name"),
        (["new", "resurrection", "--players", "3"], "Resurrection is for two players; Redemption takes 2 to 4"),
        (["new", "redemption", "--players", "5"], "2 to 4 players"),
        (["new", "resurrection", "--name", "../escape"], "not a valid save name"),
        (["new", "resurrection", "--name", "/abs/path"], "not a valid save name"),
        (["--pause", "soon", "saves"], "number of seconds"),
        (["--pause", "-1", "saves"], "between 0 and 10"),
        (["--player", "../bob", "saves"], "not a valid player name"),
        (["resume", "../x"], "not a valid save name"),
        (["saves", "extra"], "unrecognized"),
    ],
)
def test_bad_arguments(capsys, folder, argv, words):
    line = one_line_error(capsys, ["--save-dir", str(folder), *argv], status=2)
    assert words in line


def test_new_over_an_existing_name_is_refused(capsys, folder):
    make_save(folder, "taken")
    line = one_line_error(capsys, ["new", "resurrection", "--name", "taken", "--save-dir", str(folder)], 1)
    assert "already exists" in line


def test_resume_unknown_name(capsys, folder):
    line = one_line_error(capsys, ["resume", "nothere", "--save-dir", str(folder)], 1)
    assert "no save named 'nothere'" in line


def test_resume_corrupt_save_never_opens(capsys, folder, launched):
    folder.mkdir(parents=True)
    (folder / "broken.toml").write_text("this is = = not toml")
    line = one_line_error(capsys, ["resume", "broken", "--save-dir", str(folder)], 1)
    assert "broken.toml" in line and "TOML" in line
    assert not launched


def test_resume_without_a_game_in_progress(capsys, folder):
    line = one_line_error(capsys, ["resume", "--save-dir", str(folder)], 1)
    assert "no game in progress" in line


def test_save_dir_that_is_a_file(capsys, tmp_path):
    f = tmp_path / "file"
    f.write_text("x")
    line = one_line_error(capsys, ["saves", "--save-dir", str(f)], 2)
    assert "is a file" in line


def test_bad_pause_in_the_environment(capsys, folder, monkeypatch):
    monkeypatch.setenv("REDEMPTION_PAUSE", "lots")
    line = one_line_error(capsys, ["saves", "--save-dir", str(folder)], 2)
    assert "REDEMPTION_PAUSE" in line


def test_saves_lists_the_table_newest_first_with_unreadable_files(capsys, folder):
    make_save(folder, "older", seed=1)
    make_save(folder, "newer", seed=2)
    (folder / "junk.toml").write_text("[[[")
    assert cli.main(["saves", "--save-dir", str(folder)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[:3] == ["NAME", "GAME", "PLAYERS"]
    names = [line.split()[0] for line in out[1:]]
    assert names.index("newer") < names.index("older") and "junk" in names
    assert "unreadable" in out[1 + names.index("junk")]


def test_saves_in_an_empty_folder(capsys, folder):
    assert cli.main(["saves", "--save-dir", str(folder)]) == 0
    assert "No saved games" in capsys.readouterr().out


def test_new_starts_and_saves_a_game(folder, launched):
    assert (
        cli.main(
            [
                "new",
                "resurrection",
                "--seed",
                "9",
                "--name",
                "mine",
                "--vs",
                "human",
                "--first",
                "2",
                "--save-dir",
                str(folder),
            ]
        )
        == 0
    )
    app = launched[0]
    assert app.start.game.seed == 9 and app.start.hot_seat and app.start.game.aggressor == 1
    assert saves.read(folder / "mine.toml").game == app.start.game
    assert app.settings.signals  # the real program saves on SIGHUP/SIGTERM


def test_flags_work_before_and_after_the_command(folder, launched):
    assert cli.main(["--pause", "0", "new", "resurrection", "--save-dir", str(folder), "--ascii"]) == 0
    assert launched[0].settings.pause == 0 and launched[0].settings.ascii


def test_resume_without_a_name_takes_the_newest_game_in_progress(folder, launched):
    make_save(folder, "first", seed=1)
    make_save(folder, "second", seed=2)
    assert cli.main(["resume", "--save-dir", str(folder)]) == 0
    assert launched[0].start.path.name == "second.toml"
    assert cli.main(["resume", "first", "--save-dir", str(folder)]) == 0
    assert launched[1].start.path.name == "first.toml"


def test_player_gets_a_folder_of_their_own(folder, launched, monkeypatch):
    assert cli.main(["--player", "alice", "new", "resurrection", "--save-dir", str(folder)]) == 0
    app = launched[0]
    assert app.settings.save_dir == folder / "alice" and app.start.path.parent == folder / "alice"
    assert app.start.players[0]["name"] == "alice"
    monkeypatch.setenv("REDEMPTION_PLAYER", "bob")
    assert cli.main(["--save-dir", str(folder)]) == 0
    assert launched[1].settings.save_dir == folder / "bob" and launched[1].start is None


def test_learn_opens_the_lessons(folder, launched):
    from tui.learn.app import LearnApp

    assert cli.main(["learn", "--save-dir", str(folder)]) == 0
    assert isinstance(launched[0], LearnApp)


def test_new_redemption_with_options(folder, launched):
    assert (
        cli.main(
            [
                "new",
                "redemption",
                "--option",
                "name_on_name=true",
                "--option",
                "rescues_to_win=3",
                "--save-dir",
                str(folder),
            ]
        )
        == 0
    )
    game = launched[0].start.game
    assert game.name == "redemption" and game.options["name_on_name"] is True and game.options["rescues_to_win"] == 3


def test_without_a_terminal_the_app_refuses_to_start_and_creates_nothing(capsys, folder, monkeypatch):
    monkeypatch.setattr(cli, "has_terminal", lambda: False)
    for argv in ([], ["new", "resurrection"], ["learn"]):
        line = one_line_error(capsys, ["--save-dir", str(folder), *argv], 2)
        assert "needs a terminal" in line
    assert not folder.exists() or not list(folder.glob("*.toml"))
    assert cli.main(["saves", "--save-dir", str(folder)]) == 0  # listing needs no terminal
