"""The commands that draw no screen start without Textual: each runs its whole code path in a fresh interpreter,
which then names every module of Textual it holds (none) and whether the command succeeded. The start-up time
itself is measured by ``python -m tests.bench.startup``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import saves
from tui.session import Session

REPO = Path(__file__).resolve().parent.parent

# Runs each command given as a JSON list of argument lists in this interpreter, in turn, and prints one JSON line
# per command: its exit status and the Textual modules loaded so far. The computer's eye gets a small search (it is
# the imports that are under test, not the analysis).
PROBE = r"""
import contextlib, io, json, sys
from rules import review
from tui import cli
real = review.judge
review.judge = lambda step, seat, *a, **k: real(step, seat, 10, samples=2)
for argv in json.loads(sys.argv[1]):
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        try:
            code = cli.main(argv)
        except SystemExit as e:
            code = e.code
    loaded = sorted(m for m in sys.modules if m == "textual" or m.startswith("textual."))
    print(json.dumps({"argv": argv, "code": code, "textual": loaded[:3]}), flush=True)
"""


def test_commands_that_draw_no_screen_import_no_textual(tmp_path):
    folder = tmp_path / "saves"
    s = Session.new("resurrection", seed=5, path=saves.save_path("duel", folder))
    for _ in range(4):  # a few decisions of each player: something to analyse
        assert s.act(s.game.legal_actions()[0], by_computer=s.is_computer(s.game.current_player)).ok
    s.autosave()
    s.close()  # the save is free for the commands to open
    deck = tmp_path / "deck.txt"
    where = ["--save-dir", str(folder)]
    commands = [
        ["--version"],
        ["--help"],
        ["saves", *where],
        ["decks", "list", *where],
        ["decks", "show", "G", *where],
        ["decks", "export", "G", *where],
        ["decks", "check", "H", *where],
        ["review", "duel", "--export", "text", *where],
        ["review", "duel", "--export", "notation", *where],
        ["review", "duel", "--analyse", *where],
        ["table", "new", "resurrection", "--computer", "easy", "--player", "ann", *where],
        ["tables", "--player", "ann", *where],
    ]
    deck.write_text("1 Gideon\n")
    commands.append(["decks", "check", str(deck), *where])
    r = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(commands)], cwd=REPO, capture_output=True, text=True, timeout=120
    )
    assert r.returncode == 0, r.stderr[-3000:]
    ran = [json.loads(line) for line in r.stdout.splitlines()]
    assert [x["argv"] for x in ran] == commands
    assert [x["code"] for x in ran] == [0] * (len(commands) - 1) + [1]  # a deck of one card is not legal
    assert [(x["argv"], x["textual"]) for x in ran if x["textual"]] == []
