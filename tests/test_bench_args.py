"""Every bench script's command line: ``--help`` prints its usage and exits 0, a bad option is one line (exit 2).

In process and cheap: ``main(["--help"])`` parses before it measures anything."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import tests.bench

#: the scripts' entry points (first_frame's main takes the number of runs; its command line is cli)
ENTRY = {"first_frame": "cli"}
HELPERS = {"bare_screen", "common"}  # modules of shared code, not scripts
SCRIPTS = sorted(m.name for m in pkgutil.iter_modules(tests.bench.__path__) if m.name not in HELPERS)


def _entry(name: str):  # type: ignore[no-untyped-def]
    module = importlib.import_module(f"tests.bench.{name}")
    return getattr(module, ENTRY.get(name, "main"))


def _prog(name: str) -> str:
    return "python -m tests.bench" + ("" if name == "__main__" else f".{name}")


def test_every_script_is_covered() -> None:
    assert {"__main__", "strength", "first_frame", "cold_frame", "equivalence"} <= set(SCRIPTS)


@pytest.mark.parametrize("name", SCRIPTS)
def test_help_prints_usage_and_exits_0(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        _entry(name)(["--help"])
    assert e.value.code == 0
    assert capsys.readouterr().out.startswith(f"usage: {_prog(name)} ")


@pytest.mark.parametrize("name", SCRIPTS)
def test_a_bad_option_is_one_line(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        _entry(name)(["--no-such-option"])
    assert e.value.code == 2
    got = capsys.readouterr()
    assert got.out == ""
    assert got.err.startswith(f"{_prog(name)}: ") and got.err.count("\n") == 1, got.err


@pytest.mark.parametrize("decks", ["G", "G,H,G10", "G,", "G,NOSUCH"])
def test_strength_refuses_a_deck_pair_it_cannot_play_in_one_line(
    decks: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as e:
        _entry("strength")(["--decks", decks])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("python -m tests.bench.strength: argument --decks: ") and err.count("\n") == 1, err
