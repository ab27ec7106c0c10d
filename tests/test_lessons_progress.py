"""Lesson progress per user: saved atomically beside the saves, never mistaken for a save."""

import pytest

import saves
from saves import progress


def test_round_trip_and_status(tmp_path):
    p = progress.Progress()
    p.start("resurrection", "a")
    assert p.status("resurrection", "a") == "current"
    p.finish("resurrection", "a", next_id="b")
    p.finish("resurrection", "a", next_id="b")  # finishing twice counts once
    path = progress.save(p, tmp_path / "learn" / "progress.toml")
    back = progress.load(path)
    assert back == p and back.of("resurrection").done == ["a"]
    assert back.status("resurrection", "a") == "done" and back.status("resurrection", "b") == "current"
    assert back.status("redemption", "a") == ""
    assert [f.name for f in path.parent.iterdir()] == ["progress.toml"]  # no temporary file left behind


def test_per_user_paths_beside_the_saves_and_not_in_the_save_list(tmp_path):
    a = progress.progress_path(tmp_path, "alice")
    b = progress.progress_path(tmp_path, "bob")
    assert a != b and a.parent.parent == saves.default_dir(tmp_path, "alice")
    p = progress.Progress()
    p.finish("resurrection", "x")
    progress.save(p, a)
    assert saves.list_saves(a.parent.parent) == []
    with pytest.raises(saves.SaveError):
        progress.progress_path(tmp_path, "../evil")


def test_missing_file_is_no_progress(tmp_path):
    assert progress.load(tmp_path / "none.toml") == progress.Progress()


@pytest.mark.parametrize(
    "text, problem",
    [
        ("not toml [", "not a valid TOML"),
        ('format = "x"\nversion = 1\n', "not a lesson progress file"),
        ('format = "redemption-tui-progress"\nversion = 9\n', "unsupported progress version"),
        ('format = "redemption-tui-progress"\nversion = 1\ngames = 3\n', "'games' must be a table"),
        (
            'format = "redemption-tui-progress"\nversion = 1\n[games.resurrection]\ndone = "a"\n',
            "games.resurrection needs",
        ),
    ],
)
def test_corrupt_progress_is_one_clear_error(tmp_path, text, problem):
    path = tmp_path / "progress.toml"
    path.write_text(text)
    with pytest.raises(saves.SaveError, match=problem):
        progress.load(path)


def test_unwritable_folder_is_a_save_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(saves.SaveError, match="cannot write lesson progress"):
        progress.save(progress.Progress(), blocker / "learn" / "progress.toml")
