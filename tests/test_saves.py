"""Save files: round trips, every kind of bad file, atomic writes, the save folder."""

import os

import pytest

import saves
from rules.resurrection import new_game


def played(seed=7, moves=6):
    g = new_game(seed)
    for _ in range(moves):
        g.apply(g.legal_actions()[0])
    return g


def test_round_trip_text_and_file(tmp_path):
    g = played()
    assert saves.loads(saves.dumps(g)) == g
    meta = saves.Meta(
        players=[{"name": "Ann", "kind": "human"}, {"name": "CPU", "kind": "computer"}],
        log=["one", "two"],
        extra={"level": "easy"},
    )
    path = saves.save(g, tmp_path / "a.toml", meta)
    back = saves.read(path)
    assert back.game == g and back.meta.log == ["one", "two"] and back.meta.extra == {"level": "easy"}
    assert back.meta.players[1]["kind"] == "computer" and back.meta.created and back.meta.updated
    assert saves.load(path).history == g.history


def test_header_fields():
    import tomllib

    doc = tomllib.loads(saves.dumps(played()))
    assert doc["format"] == saves.FORMAT and doc["version"] == saves.VERSION and doc["game"] == "resurrection"
    assert doc["seed"] == 7 and doc["history"] and doc["state"]["players"]


def bad(text):
    with pytest.raises(saves.SaveError) as e:
        saves.loads(text, source="bad.toml")
    assert str(e.value).startswith("bad.toml: ")
    return str(e.value)


def good_text():
    return saves.dumps(played())


def test_not_toml():
    assert "not a valid TOML" in bad("this is [ not toml")


def test_not_a_save():
    assert "not a redemption-tui save" in bad('format = "something-else"\nversion = 1\n')


def test_unknown_game():
    assert "unknown game 'chess'" in bad(good_text().replace('game = "resurrection"', 'game = "chess"', 1))


def test_newer_version():
    msg = bad(good_text().replace(f"version = {saves.VERSION}", "version = 99", 1))
    assert "newer than this program" in msg


def test_bad_version_type():
    assert "version" in bad(good_text().replace(f"version = {saves.VERSION}", 'version = "1"', 1))


def test_card_that_does_not_exist():
    text = good_text()
    g = played()
    card = g.to_dict()["players"][0]["hero_pile"][0]
    i = text.index("hero_pile = [")
    j = text.index(f'"{card}"', i)
    text = text[:j] + '"QQ"' + text[j + len(card) + 2 :]
    assert "'QQ', which is not a Resurrection card" in bad(text)


def test_state_the_rules_forbid():
    text = good_text().replace("aggressor = ", "aggressor = 5 #", 1)
    assert "not one the rules allow" in bad(text)


def test_missing_state():
    assert "no [state] table" in bad(f'format = "{saves.FORMAT}"\nversion = 1\ngame = "resurrection"\n')


def test_hostile_meta():
    text = good_text().replace('kind = "human"', 'kind = "root"', 1)
    assert "kind" in bad(text)


def test_file_errors_name_the_file(tmp_path):
    with pytest.raises(saves.SaveError, match="no such save file"):
        saves.load(tmp_path / "missing.toml")
    (tmp_path / "bin.toml").write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(saves.SaveError, match=r"bin\.toml: not a text file"):
        saves.load(tmp_path / "bin.toml")
    with pytest.raises(saves.SaveError, match="is a folder"):
        saves.load(tmp_path)


def test_atomic_write_survives_failure_mid_write(tmp_path, monkeypatch):
    g = played()
    path = saves.save(g, tmp_path / "game.toml")
    before = path.read_text()
    later = played(moves=8)

    def boom(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(saves.SaveError, match="previous one is untouched"):
        saves.save(later, path)
    monkeypatch.undo()
    assert path.read_text() == before
    assert saves.load(path) == g
    assert [p.name for p in tmp_path.iterdir()] == ["game.toml"]  # no temporary file left behind


def test_interrupt_mid_write_leaves_old_save(tmp_path, monkeypatch):
    g = played()
    path = saves.save(g, tmp_path / "game.toml")
    real_replace = os.replace

    def killed(src, dst):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        saves.save(played(moves=8), path)
    monkeypatch.setattr(os, "replace", real_replace)
    assert saves.load(path) == g
    assert len(list(tmp_path.iterdir())) == 1


@pytest.mark.parametrize("name", ["../x", "/etc/passwd", "a/b", "..", ".hidden", "", "x" * 65, "a\\b", " lead"])
def test_names_that_escape_are_refused(tmp_path, name):
    with pytest.raises(saves.SaveError, match="not a valid save name"):
        saves.save_path(name, tmp_path)


def test_save_path_adds_suffix(tmp_path):
    assert saves.save_path("my game", tmp_path) == tmp_path / "my game.toml"
    assert saves.save_path("my game.toml", tmp_path) == tmp_path / "my game.toml"


def test_default_dir_env_flag_and_player(tmp_path, monkeypatch):
    monkeypatch.setenv("REDEMPTION_SAVE_DIR", str(tmp_path / "env"))
    assert saves.default_dir() == tmp_path / "env"
    assert saves.default_dir(tmp_path / "flag") == tmp_path / "flag"
    assert saves.default_dir(player="ann") == tmp_path / "env" / "ann"
    with pytest.raises(saves.SaveError, match="player name"):
        saves.default_dir(player="../bob")
    monkeypatch.delenv("REDEMPTION_SAVE_DIR")
    assert "redemption-tui" in str(saves.default_dir())


def test_list_saves_newest_first_with_broken_files(tmp_path):
    a = saves.save(played(1), saves.save_path("a", tmp_path))
    saves.save(played(2), saves.save_path("b", tmp_path))
    os.utime(a, (1, 1))
    (tmp_path / "broken.toml").write_text("nope [")
    (tmp_path / "notes.txt").write_text("ignored")
    rows = saves.list_saves(tmp_path)
    names = [r.name for r in rows]
    assert set(names) == {"a", "b", "broken"}
    broken = next(r for r in rows if r.name == "broken")
    assert "not a valid TOML" in broken.error
    good = [r for r in rows if not r.error]
    assert all(r.game == "resurrection" and r.turn >= 1 and "cards" in r.score for r in good)
    assert saves.list_saves(tmp_path / "nowhere") == []


def test_delete(tmp_path):
    saves.save(played(), saves.save_path("gone", tmp_path))
    saves.delete("gone", tmp_path)
    assert saves.list_saves(tmp_path) == []
    with pytest.raises(saves.SaveError, match="no such save"):
        saves.delete("gone", tmp_path)


def test_huge_file_refused(tmp_path):
    p = tmp_path / "huge.toml"
    p.write_bytes(b"#" * (saves.store.MAX_BYTES + 1))
    with pytest.raises(saves.SaveError, match="far larger"):
        saves.load(p)
