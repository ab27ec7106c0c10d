"""Canaries for the private parts of Textual the app patches (tui.compat): each is where and as its patch expects,
a changed one is named by its patch, and the ASCII patch is not in place in a process that never used --ascii."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tui import compat

REPO = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("private", compat.PRIVATES, ids=lambda p: f"{p.user}:{p.target}")
def test_each_private_part_is_as_its_patch_expects(private):
    assert compat.problem(private) == ""


def test_a_changed_private_part_is_named_by_its_patch(monkeypatch):
    from textual import _styles_cache

    monkeypatch.setattr(_styles_cache, "get_box", lambda name, style: None)
    found = compat.problems()
    assert len(found) == 1 and found[0].startswith("tui.asciifix: textual._styles_cache:get_box now takes")
    monkeypatch.delattr(_styles_cache, "get_box")
    assert compat.problems()[0].startswith("tui.asciifix: textual._styles_cache:get_box is gone")


def test_another_textual_version_logs_each_broken_patch(monkeypatch, caplog):
    import textual
    from textual.keys import _character_to_key  # noqa: F401

    monkeypatch.setattr(textual, "__version__", "99.0.0", raising=False)
    assert compat.warn_if_changed() == []  # a version that changed none of them: nothing to say
    monkeypatch.delattr("textual.keys._character_to_key")
    assert [r.getMessage() for r in caplog.records] == []
    found = compat.warn_if_changed()
    assert len(found) == 1 and "tui.keys: textual.keys:_character_to_key is gone" in caplog.text


def test_the_footer_keys_have_the_flag_the_footer_sets():
    from textual.widgets._footer import FooterKey

    key = FooterKey("n", "n", "End phase", "next", disabled=True)
    assert key._disabled is True  # tui.footer flips it to dim or light a key in place


def test_textual_spells_keys_as_the_keymap_check_expects():
    from textual.keys import _character_to_key

    assert [_character_to_key(c) for c in "?n:"] == ["question_mark", "n", "colon"]


ASCII_PATCHED = """
import sys
from pathlib import Path
from rich.text import Text
from textual import _styles_cache
from tui.app import RedemptionApp, Settings
before = Text.truncate, _styles_cache.get_box
RedemptionApp(Settings(save_dir=Path(sys.argv[1]), signals=False))
plain = (Text.truncate, _styles_cache.get_box) == before
RedemptionApp(Settings(save_dir=Path(sys.argv[1]), signals=False, ascii=True))
print(plain, (Text.truncate, _styles_cache.get_box) == before)
"""


def test_the_ascii_patch_is_put_in_place_only_by_an_ascii_app(tmp_path):
    r = subprocess.run(
        [sys.executable, "-c", ASCII_PATCHED, str(tmp_path)], cwd=REPO, capture_output=True, text=True, timeout=120
    )
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.split() == ["True", "False"]  # untouched by a plain app, replaced by the --ascii one
