"""The card data's parsed tables kept between imports (``cards._tables``): the same tables as tomllib's, parsed
again when any data file changes or the kept file is damaged, and never written where Python writes no compiled
files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from rules.redemption import cards


@pytest.fixture
def kept(tmp_path, monkeypatch):
    path = tmp_path / "redemption-cards.json"
    monkeypatch.setattr(cards, "cache_path", lambda: str(path))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    return path


FILES = [
    ("cards.toml", '[[card]]\nkey = "x"\nname = "X"\ntype = "hero"\nalignment = "good"\n'),
    ("decks.toml", "[deck.A]\nname = 'A'\ncards = ['x']\n"),
    ("real/a.toml", '[[card]]\nname = "Y"\nset = "S"\ntype = "hero"\nalignment = "good"\nstrength = 5\n'),
]


def test_the_kept_tables_are_tomllibs_and_are_read_back(kept, monkeypatch):
    tables, fps = cards._tables(FILES)
    assert tables == {name: tomllib.loads(text) for name, text in FILES}
    assert fps == {name: [cards.fingerprint(d) for d in tomllib.loads(text).get("card", [])] for name, text in FILES}
    assert kept.exists()
    monkeypatch.setattr(tomllib, "loads", lambda text: pytest.fail("parsed again"))
    assert cards._tables(FILES) == (tables, fps)


def test_a_changed_file_or_a_damaged_kept_file_is_parsed_again(kept):
    cards._tables(FILES)
    changed = [*FILES[:2], (FILES[2][0], FILES[2][1].replace("5", "6"))]
    tables, _ = cards._tables(changed)
    assert tables["real/a.toml"]["card"][0]["strength"] == 6
    assert json.loads(kept.read_text())["tables"]["real/a.toml"]["card"][0]["strength"] == 6
    for damage in ("{not json", '{"digest": 5}', "[]"):
        kept.write_text(damage)
        assert cards._tables(FILES)[0] == {name: tomllib.loads(text) for name, text in FILES}


def test_nothing_is_written_where_python_writes_no_compiled_files(kept, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    cards._tables(FILES)
    assert not kept.exists()


def test_an_unwritable_place_only_costs_the_parse(tmp_path, monkeypatch):
    monkeypatch.setattr(cards, "cache_path", lambda: str(tmp_path / "file" / "redemption-cards.json"))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    (tmp_path / "file").write_text("a file, not a folder")
    assert cards._tables(FILES)[0]["cards.toml"]["card"][0]["key"] == "x"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


def test_a_fresh_interpreter_loads_the_same_cards_from_the_kept_tables(tmp_path):
    """Two imports in fresh interpreters, the first writing the kept tables under a pycache prefix of its own and
    the second reading them: the same cards, decks and fingerprints as this process parsed."""
    code = (
        "import json, re; from rules.redemption import cards as c; "
        "print(json.dumps([sorted(k + repr(v.info()) + re.sub(' at 0x[0-9a-f]+', '', repr(v.abilities)) for k, v in c.CARDS.items()),"
        " c.DECKS, c.POOL, c.PENDING, c.FINGERPRINTS], sort_keys=True, default=list))"
    )
    env = {**os.environ, "PYTHONPYCACHEPREFIX": str(tmp_path / "pyc"), "PYTHONHASHSEED": "0"}  # one set order
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    root = Path(__file__).resolve().parent.parent
    outs = [
        subprocess.run(
            [sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True, check=True
        ).stdout
        for _ in range(2)
    ]
    assert list((tmp_path / "pyc").rglob("redemption-cards.json"))
    assert outs[0] == outs[1]
    mine = json.loads(outs[1])
    assert mine[4] == cards.FINGERPRINTS and mine[1] == json.loads(json.dumps(cards.DECKS, default=list))
