"""Hostile save files: each attack on a save file and on the save lock, reproduced and refused.

A bad file gives one line naming the file and the problem; nothing from a file reaches the terminal as an
escape sequence or as markup.
"""

from __future__ import annotations

import errno
import os
import re
import subprocess
import sys
import threading
import time
import tomllib
from pathlib import Path

import pytest
import tomli_w

import saves
from rules.core import Rng
from rules.redemption import new_game as redemption_game
from rules.redemption.serial import tables
from rules.resurrection import new_game as resurrection_game
from tui import cli
from tui.session import Session

ESC_TITLE = "\x1b]0;pwned\x07"  # sets the terminal's title
CLEAR = "\x1b[2J\x1b[H"  # clears the screen
C1_CSI = "\x9b31m"  # an 8-bit CSI: red text on some terminals
MARKUP = "[/][/bold][link=file:///etc/passwd]click[/link]"
CONTROL = ("\x1b", "\x9b", "\x07")


def write_doc(path: Path, doc: dict) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(tomli_w.dumps(doc), encoding="utf-8")
    return path


def doc_of(game=None, **meta) -> dict:
    game = game if game is not None else resurrection_game(5)
    doc = tomllib.loads(saves.dumps(game, saves.Meta(**meta) if meta else None))
    if doc["game"] == "redemption":  # its cards as tables (format 2, which a save may still hold), to edit
        doc["state"] = tables(doc["state"])
    return doc


def run_cli(*argv: str, capsys) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


# --- 5: escape sequences and markup from files are shown as text ----------------------------------------------
def hostile_meta() -> dict:
    return dict(
        players=[{"name": "Eve" + ESC_TITLE + MARKUP, "kind": "human"}, {"name": "Bob" + C1_CSI, "kind": "computer"}],
        log=["a line" + CLEAR, "another " + MARKUP],
        updated="2026-01-01T00:00:00" + ESC_TITLE,
    )


def test_printable_shows_every_control_character_as_an_escape():
    shown = saves.printable("a" + ESC_TITLE + C1_CSI + "\u202e\u2028b\n")
    assert shown == "a\\x1b]0;pwned\\x07\\x9b31m\\u202e\\u2028b\\x0a"
    assert saves.printable("Ann [b]é ♥") == "Ann [b]é ♥"  # text stays text


def test_saves_command_prints_no_escape_sequence(tmp_path, capsys):
    folder = tmp_path / "s"
    saves.save(resurrection_game(5), folder / "evil.toml", saves.Meta(**hostile_meta()))
    write_doc(folder / ("bad" + "\x1b[2J" + ".toml"), {"format": "x" + ESC_TITLE})
    code, out, err = run_cli("saves", "--save-dir", str(folder), capsys=capsys)
    assert code == 0 and not err
    assert not any(c in out for c in CONTROL)
    assert "Eve\\x1b]0;pwned\\x07[/][/bold]" in out and "Bob\\x9b31m (computer)" in out
    assert "bad\\x1b[2J" in out and "unreadable" in out  # a hostile file name and its error, as text


def test_error_line_quotes_a_hostile_value_as_text(tmp_path, capsys):
    folder = tmp_path / "s"
    write_doc(folder / "evil.toml", {"format": "redemption" + ESC_TITLE, "version": 1})
    code, out, err = run_cli("resume", "evil", "--save-dir", str(folder), capsys=capsys)
    assert code == 1 and err.count("\n") == 1 and "evil.toml" in err
    assert not any(c in err for c in CONTROL) and "\\x1b]0;pwned" in err


def screen_text(app) -> str:
    """What the screen would send to the terminal, as text (every layer, toasts included)."""
    return "\n".join("".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips())


@pytest.mark.parametrize("game", ["resurrection", "redemption"])
def test_game_screen_and_resume_list_show_hostile_names_as_text(tmp_path, game):
    """Markup in a name crashed the game screen and the Resume list; escapes reached the terminal."""
    from tui.app import RedemptionApp, Settings
    from tui.screens.game import GameScreen
    from tui.screens.title import ResumeScreen

    folder = tmp_path / "s"
    engine = resurrection_game(5) if game == "resurrection" else redemption_game(5)
    saves.save(engine, folder / "evil.toml", saves.Meta(**hostile_meta()))
    app = RedemptionApp(Settings(save_dir=folder, pause=30.0, signals=False))

    async def go():
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await pilot.press("r")  # the title screen's Resume
            await pilot.pause()
            assert isinstance(app.screen, ResumeScreen)
            text = screen_text(app)
            assert "Eve\\x1b]0;pwned\\x07[/][/bold][link=file:" in text and "\x1b" not in text
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
            assert "a line\\x1b[2J" in screen_text(app)  # the log line, as text (before a toast covers the log)
            app.screen.notify(app.screen.session.name(0), title=MARKUP)  # a toast with the name: text, not markup
            await pilot.pause(0.3)
            text = screen_text(app)
            assert not any(c in text for c in CONTROL)
            assert "Eve\\x1b]0;pwned" in text and "[/][/bold]" in text
            await pilot.press("q")

    import asyncio

    asyncio.run(go())


def test_redemption_end_reason_is_text():
    from tui.games import ui_for

    g = redemption_game(3)
    g.s.result, g.s.end_reason = "0", "won" + ESC_TITLE + MARKUP  # as an edited save could hold it
    view = g.view(0)
    title, text = ui_for("redemption", False).battle(view, ["Ann", "Bob"], None)
    assert "won\\x1b]0;pwned\\x07[/][/bold]" in text.plain and "\x1b" not in text.plain


# --- 11: a huge random-number counter ------------------------------------------------------------------------
def test_rng_skips_ahead_exactly_like_calling_random():
    slow = Rng(1234)
    for _ in range(5000):
        slow.random()
    fast = Rng(1234, 5000)
    assert fast == slow and [fast.random() for _ in range(3)] == [slow.random() for _ in range(3)]


@pytest.mark.parametrize("calls", [10**9, 10**100, -1])
def test_huge_rng_counter_is_refused_at_once(calls):
    doc = doc_of()
    doc["state"]["rng"] = {"seed": 5, "calls": calls}
    with pytest.raises(saves.SaveError) as e:
        saves.reads(tomli_w.dumps(doc), "big.toml")
    msg = str(e.value)
    assert msg.startswith("big.toml: ") and "rng calls" in msg and len(msg) < 300


def test_huge_seed_is_refused():
    doc = doc_of()
    doc["state"]["seed"] = 10**40
    doc["state"]["rng"] = {"seed": 10**40, "calls": 0}
    with pytest.raises(saves.SaveError, match="seed must be a whole number of at most 64 bits"):
        saves.reads(tomli_w.dumps(doc), "big.toml")


# --- 12: deep nesting, too few players ------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text", ["x = " + "[" * 3000 + "]" * 3000, "x = " + "{a = " * 3000 + "1" + "}" * 3000, "x = 1" + "0" * 5000]
)
def test_deeply_nested_or_absurd_toml_is_one_line(tmp_path, capsys, text):
    folder = tmp_path / "s"
    (folder).mkdir()
    (folder / "deep.toml").write_text(text)
    with pytest.raises(saves.SaveError) as e:
        saves.read(folder / "deep.toml")
    assert str(e.value).startswith(str(folder / "deep.toml") + ": ")
    code, out, err = run_cli("resume", "deep", "--save-dir", str(folder), capsys=capsys)
    assert code == 1 and err.count("\n") == 1 and "Traceback" not in err
    code, out, err = run_cli("saves", "--save-dir", str(folder), capsys=capsys)
    assert code == 0 and "unreadable" in out


@pytest.mark.parametrize(
    "players",
    [
        [],
        [{"name": "Solo", "kind": "human"}],
        [{"name": "A"}, {"name": "B"}, {"name": "C"}],
        [{"name": "x" * 65}, {"name": "B"}],
    ],
)
def test_a_save_must_have_a_player_per_seat(players):
    doc = doc_of()  # a two-player game
    doc["players"] = players
    with pytest.raises(saves.SaveError, match="evil.toml: .*(the game has 2 players, but|at most 64)"):
        saves.reads(tomli_w.dumps(doc), "evil.toml")


# --- 13: the history once, and never a file the reader refuses ---------------------------------------------------
def test_history_is_stored_once_and_still_loads(tmp_path):
    g = redemption_game(9)
    for _ in range(12):
        g.apply(g.legal_actions()[0])
    text = saves.dumps(g)
    doc = tomllib.loads(text)
    assert doc["history"] == "\n".join(g.history) and "history" not in doc["state"]  # an action a line
    assert saves.loads(text) == g
    old = dict(doc, state={**doc["state"], "history": g.history})  # the old layout, history twice
    assert saves.loads(tomli_w.dumps(old)) == g
    old = dict(doc, version=1, history=g.history)  # version 1: the history a list
    assert saves.loads(tomli_w.dumps(old)) == g


def test_a_save_over_the_limit_is_not_written_and_the_last_one_survives(tmp_path, monkeypatch):
    path = tmp_path / "big.toml"
    g = resurrection_game(5)
    saves.save(g, path, saves.Meta(log=["short"]))
    before = path.read_bytes()
    monkeypatch.setattr(saves.store, "MAX_BYTES", len(before) + 1000)
    with pytest.raises(saves.SaveError, match="not saved: the game has grown to .* the previous save is untouched"):
        saves.save(g, path, saves.Meta(log=["x" * 2000]))
    assert path.read_bytes() == before and saves.read(path).meta.log == ["short"]


# --- 14: a FIFO under a save's name ------------------------------------------------------------------------------
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_is_refused_instead_of_blocking(tmp_path, capsys):
    folder = tmp_path / "s"
    folder.mkdir()
    os.mkfifo(folder / "pipe.toml")
    result: list = []
    t = threading.Thread(
        target=lambda: result.append(cli.main(["resume", "pipe", "--save-dir", str(folder)])), daemon=True
    )
    t.start()
    t.join(30)  # a guard against a hang, not a speed check: the answer needs no writer at all
    assert not t.is_alive(), "resume blocked on a FIFO"
    err = capsys.readouterr().err
    assert result == [1] and "pipe.toml: is not a regular file" in err


# --- 15: temporary files left by a kill ---------------------------------------------------------------------------
def test_old_temporary_files_are_cleaned_up_at_start(tmp_path, capsys):
    folder = tmp_path / "s"
    saves.save(resurrection_game(5), folder / "game.toml")
    old = folder / ".game.toml.abc123.tmp"
    young = folder / ".game.toml.def456.tmp"
    other = folder / "notes.tmp"  # not ours: not hidden
    for f in (old, young, other):
        f.write_text("half a save")
    hour_ago = time.time() - 3600
    os.utime(old, (hour_ago, hour_ago))
    os.utime(other, (hour_ago, hour_ago))
    code, out, _ = run_cli("saves", "--save-dir", str(folder), capsys=capsys)
    assert code == 0 and "game" in out
    assert not old.exists() and young.exists() and other.exists()


# --- one process per save -----------------------------------------------------------------------
def test_a_save_open_in_another_process_is_refused(tmp_path, capsys):
    folder = tmp_path / "s"
    path = saves.save(resurrection_game(5), folder / "shared.toml")
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time\nfrom tui.session import Session\n"
            "s = Session.load(sys.argv[1])\nprint('holding', flush=True)\nsys.stdin.read()\ns.close()\n",
            str(path),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).parent.parent,
    )
    try:
        assert holder.stdout.readline().strip() == "holding"
        with pytest.raises(saves.SaveError, match="shared.toml: this game is open in another window or session"):
            Session.load(path)
        code, out, err = run_cli("resume", "shared", "--save-dir", str(folder), capsys=capsys)
        assert code == 1 and err.count("\n") == 1 and "open in another window" in err
        look = Session.load(path, to_play=False)  # a review only reads: it is not refused
        assert look.game.name == "resurrection" and not look.claimed
    finally:
        holder.communicate("", timeout=30)
    s = Session.load(path)  # the other process has closed it: now it opens
    assert s.claimed
    s.close()


def test_the_same_process_may_reopen_its_own_save(tmp_path):
    path = saves.save(resurrection_game(5), tmp_path / "mine.toml")
    a = Session.load(path)
    b = Session.load(path)
    a.close()
    b.close()
    assert not a.claimed and not b.claimed


# --- 10: impossible Redemption states -----------------------------------------------------------------------------
def redemption_midgame(seed: int = 2, moves: int = 40):
    """A real game some way in, at a Preparation phase (a whole game, so its save loads)."""
    import random

    g, r = redemption_game(seed), random.Random(seed)
    while len(g.history) < moves or g.phase != "prep":
        assert not g.is_over
        g.apply(r.choice(g.legal_actions()))
    return g


def refused_state(g, change) -> str:
    doc = doc_of(g)
    change(doc["state"])
    with pytest.raises(saves.SaveError) as e:
        saves.reads(tomli_w.dumps(doc), "evil.toml")
    msg = str(e.value)
    assert msg.startswith("evil.toml: the game state is not one the rules allow: ") and "\n" not in msg
    return msg


def zones(state, p):
    return state["players"][p]["zones"]


def test_a_real_game_loads_at_every_step():
    """The checks refuse nothing a game can reach: every state of played games (both deck orders, options) is
    written as a save and read back whole by the checks a save's state meets (``from_dict`` and
    ``validate_whole``, on the state as TOML gives it back: lists, text keys). Every 10th state and the last
    also go through the file's own reader (tomllib, the header, the metadata): TOML's parse of a save is three
    quarters of the time and reads tomli_w's text the same way at every step."""
    import json
    import random

    def checked(g) -> None:
        text = saves.dumps(g)  # every state writes (no value TOML cannot hold)
        if len(g.history) % 10 == 0 or g.is_over:
            assert saves.loads(text) == g
            return
        state = json.loads(json.dumps(g.to_dict()))  # TOML's types: tuples come back as lists, keys as text
        again = type(g).from_dict(state)
        again.validate_whole()
        assert again == g

    for seed, opts in (
        (11, {}),
        (12, {"rescuer_chooses": True, "max_turns": 9}),
        (13, {"first_player_skips_draw": True}),
    ):
        g, r = redemption_game(seed, decks=("H", "G") if seed % 2 else ("G", "H"), **opts), random.Random(seed)
        while not g.is_over and len(g.history) < 400:
            checked(g)
            g.apply(r.choice(g.legal_actions()))
        checked(g)


def test_twelve_cards_in_hand_on_the_opponents_turn():
    g = redemption_midgame()
    other = 1 - g.active

    def change(s):
        deck, hand = zones(s, other)["deck"], zones(s, other)["hand"]
        while len(hand) < 12:
            c = next(c for c in deck if not s["cards"][c]["key"].startswith("ls_"))
            deck.remove(c)
            hand.append(c)

    assert f"Player {other + 1} holds 12 cards on Player {g.active + 1}'s turn" in refused_state(g, change)


def test_twenty_copies_of_one_hero():
    g = redemption_game(3)

    def named(s):
        for cid in zones(s, 0)["deck"][:20]:
            s["cards"][cid]["key"] = "gideon"

    assert "Player 1's cards are not deck G's" in refused_state(g, named)

    def custom(s):
        named(s)
        s["decks"] = ["custom", "H"]

    assert "Player 1's cards are not a legal deck" in refused_state(g, custom)


@pytest.mark.parametrize("count", [49, 51])
def test_a_deck_of_49_or_51_cards(count):
    g = redemption_game(3)

    def change(s):
        deck = zones(s, 0)["deck"]
        if count == 49:
            del s["cards"][deck.pop()]
        else:
            s["cards"]["G51"] = {"key": "gideon", "owner": 0}
            deck.append("G51")

    assert f"({count} cards instead of 50" in refused_state(g, change)


def test_an_opponents_card_in_a_players_hand():
    g = redemption_midgame()

    def change(s):
        c = next(c for c in zones(s, 1)["deck"] if not s["cards"][c]["key"].startswith("ls_"))
        zones(s, 1)["deck"].remove(c)
        zones(s, 0)["hand"].append(c)

    assert "belongs to Player 2 but is in Player 1's hand" in refused_state(g, change)


def test_all_hundred_cards_owned_by_one_player():
    def change(s):
        for cd in s["cards"].values():
            cd["owner"] = 0

    # each card counts for the deck its id says it was dealt from (a card taken from a hand changes owner but not
    # deck), so the cards in Player 2's piles are what is refused
    assert "H1 belongs to Player 1 but is in Player 2's deck" in refused_state(redemption_game(3), change)


def test_seven_redeemed_souls_and_the_game_goes_on():
    g = redemption_midgame()

    def change(s):
        souls = [c for c, cd in s["cards"].items() if cd["key"].startswith("ls_") and cd["owner"] == 1][:7]
        for p in (0, 1):
            for ids in zones(s, p).values():
                ids[:] = [c for c in ids if c not in souls]
        zones(s, 0)["land_of_redemption"] = souls
        s["attached"] = {k: v for k, v in s["attached"].items() if k not in souls}

    assert "Player 1 has 7 Redeemed Souls of the 5 that win, yet the game is still going" in refused_state(g, change)


def test_the_setup_cut_at_turn_six():
    assert "the setup (cut) comes before turn 1, but the state says turn 6" in refused_state(
        redemption_game(3), lambda s: s.update(turn=6)
    )


def test_a_rescue_battle_with_nobody_in_it():
    g = redemption_midgame()

    def change(s):
        s["phase"] = "battle"
        s["battle"].update(kind="rescue", step="block")
        s["live"] = {}

    assert "a rescue at the block step with none of Player" in refused_state(g, change)


def test_a_deck_of_ones_own_must_be_legal_and_its_name_is_shown_as_text():
    from tui.games import ui_for

    g = redemption_game(3)
    d = g.to_dict()
    d["decks"] = ["G" + ESC_TITLE, "H"]  # the G cards under a name of one's own: a legal deck, so it loads
    loaded = saves.reads(tomli_w.dumps({**doc_of(g), "state": d}), "mine.toml").game
    title, _ = ui_for("redemption", False).opponent(loaded.view(1), 0, ["Ann", "Bob"])
    assert "deck G\\x1b]0;pwned\\x07" in title and "\x1b" not in title

    def change(s):
        s["decks"] = ["Mine", "H"]
        del s["cards"][zones(s, 0)["deck"].pop()]

    assert "Player 1's cards are not a legal deck: a deck needs at least 50 cards" in refused_state(g, change)


def test_hand_built_positions_still_load():
    """A lesson's or a test's position is part of a game: only the checks every state meets apply."""
    from tests.redemption_helpers import build

    b = build({"territory": ["gideon"]}, {"land_of_bondage": ["ls_stranger"]}, turn=3)
    assert b.game.turn == 3
    with pytest.raises(ValueError, match="7 Redeemed Souls"):
        build({"land_of_redemption": [("ls_stranger", 1)] * 7}, {}, turn=3)


def test_title_screen_and_resume_list_survive_every_hostile_file(tmp_path, capsys):
    """Items 11 and 12 on the title screen: a huge counter, deep nesting, one player, a FIFO: each is one
    'unreadable' row with its reason, and the good save beside them still resumes."""
    from tui.app import RedemptionApp, Settings
    from tui.screens.game import GameScreen
    from tui.screens.title import ResumeScreen

    folder = tmp_path / "s"
    saves.save(resurrection_game(5), folder / "good.toml")
    counter = doc_of()
    counter["state"]["rng"] = {"seed": 5, "calls": 10**100}
    write_doc(folder / "counter.toml", counter)
    (folder / "deep.toml").write_text("x = " + "[" * 3000 + "]" * 3000)
    write_doc(folder / "solo.toml", {**doc_of(), "players": [{"name": "Solo"}]})
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "pipe.toml")
    old = time.time() - 3600
    os.utime(folder / "good.toml", (old, old))  # newest first: the broken ones above it
    code, out, _ = run_cli("saves", "--save-dir", str(folder), capsys=capsys)
    assert code == 0 and out.count("unreadable") == 3 and "good" in out  # the FIFO is not a file: not listed
    app = RedemptionApp(Settings(save_dir=folder, pause=30.0, signals=False))

    async def go():
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, ResumeScreen)
            text = screen_text(app)
            assert text.count("unreadable") == 3 and "good" in text
            rows = [r.name for r in app.screen.rows]
            for _ in range(rows.index("good")):
                await pilot.press("down")
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
            await pilot.press("q")

    import asyncio

    asyncio.run(go())


def test_the_review_of_a_save_shows_a_markup_name_as_text(tmp_path):
    from tui.app import RedemptionApp, Settings
    from tui.screens.title import ResumeScreen

    folder = tmp_path / "s"
    g = resurrection_game(5)
    for _ in range(4):
        g.apply(g.legal_actions()[0])
    meta = hostile_meta()
    meta["players"][1]["kind"] = "human"  # two people: each is named (one person alone is "You")
    saves.save(g, folder / "evil.toml", saves.Meta(**meta))
    app = RedemptionApp(Settings(save_dir=folder, pause=30.0, signals=False))

    async def go():
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, ResumeScreen)
            await pilot.press("v")
            await pilot.pause()
            assert type(app.screen).__name__ == "ReviewScreen"
            text = screen_text(app)
            assert "Eve\\x1b]0;pwned\\x07[/][/bold]" in text and "\x1b" not in text
            status = str(app.screen.query_one("#review-status").render())
            assert "[link=file:///etc/passwd]click[/link]'s view" in status  # the markup shows, as text

    import asyncio

    asyncio.run(go())


# --- files nested deeply enough to break every later write; keys and decks nested or absurdly long ----------------
def nested_in_extra(depth: int) -> str:
    """A real save with ``[extra]`` holding an array ``depth`` deep: tomllib reads it, tomli_w cannot write it."""
    text = saves.dumps(resurrection_game(5))
    return text.replace("[extra]\n", "[extra]\nx = " + "[" * depth + "]" * depth + "\n")


@pytest.mark.parametrize("depth", [40, 300, 450])
def test_a_save_nested_deeper_than_any_save_is_refused_at_load(tmp_path, capsys, depth):
    folder = tmp_path / "s"
    folder.mkdir()
    (folder / "deep.toml").write_text(nested_in_extra(depth))
    with pytest.raises(saves.SaveError, match="deep.toml: not a save: its tables or lists are nested far deeper"):
        saves.read(folder / "deep.toml")
    code, out, err = run_cli("resume", "deep", "--save-dir", str(folder), capsys=capsys)
    assert code == 1 and err.count("\n") == 1 and "Traceback" not in err
    ok = saves.reads(nested_in_extra(20))  # what a file may nest is far more than any save needs
    assert saves.store.nested_deeper(ok.meta.extra["x"], 19) and not saves.store.nested_deeper(ok.meta.extra["x"], 20)
    saves.save(ok.game, folder / "ok.toml", ok.meta)  # it loads and writes back


def test_a_key_of_thousands_of_dotted_parts_is_refused_before_tomllib_reads_it(tmp_path):
    """tomllib's work grows with the square of a key's parts (10,000 parts: 5 s and 400 MB): looked at first."""
    from saves import keymap

    for text in ["a" + ".a" * 100_000 + " = 1", "[" + "a." * 100_000 + "a]\nx = 1"]:
        with pytest.raises(saves.SaveError, match="nested far deeper"):
            saves.reads(text, "dots.toml")
        with pytest.raises(saves.SaveError, match="keys.toml: not a keys file: .*nested far deeper"):
            keymap.loads(text, "keys.toml")
    # a dot inside a string is no key's: a log line or a message full of dots still loads
    dotted = saves.Meta(log=["a." * 200, "." * 500])
    assert saves.reads(saves.dumps(resurrection_game(5), dotted)).meta.log == dotted.log


def test_a_write_that_fails_in_any_way_is_not_saved_and_the_last_save_survives(tmp_path, monkeypatch):
    path = tmp_path / "g.toml"
    g = resurrection_game(5)
    saves.save(g, path)
    before = path.read_bytes()

    def deep(*a, **k):
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(tomli_w, "dumps", deep)  # the module saves.store imports to write
    g.apply(g.legal_actions()[0])
    with pytest.raises(saves.SaveError, match="g.toml: not saved: .*nested too deeply; the previous save is untouched"):
        saves.save(g, path)
    assert path.read_bytes() == before


def test_a_table_move_that_cannot_be_written_is_refused_not_raised_and_the_table_is_unchanged(tmp_path, monkeypatch):
    from saves import tables

    tables.create(tmp_path, "alice", "resurrection", [{"invite": "bob"}], table_id="t1")
    assert tables.join(tmp_path, "t1", "bob").ok
    t = tables.load(tmp_path, "t1")
    before = t.path.read_bytes()
    mover = t.to_move()
    action = str(t.game.legal_actions()[0])

    def deep(*a, **k):
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(tomli_w, "dumps", deep)  # the module saves.store imports to write
    answer = tables.submit(tmp_path, "t1", mover, action, t.seen)
    assert not answer.ok and "could not be saved (nested too deeply)" in answer.reason
    assert answer.table is not None and answer.table.seen == t.seen
    assert t.path.read_bytes() == before
    monkeypatch.undo()
    assert tables.submit(tmp_path, "t1", mover, action, t.seen).ok  # the same move, once it can be written


def test_a_table_file_nested_deeply_is_refused_and_listed_only_as_unreadable(tmp_path):
    from saves import tables

    tables.create(tmp_path, "alice", "resurrection", [{"invite": "bob"}], table_id="good")
    good = (tmp_path / "_tables" / "good.toml").read_text()
    (tmp_path / "_tables" / "deep.toml").write_text(
        good.replace("[extra]\n", "[extra]\nx = " + "[" * 400 + "]" * 400 + "\n")
    )
    with pytest.raises(saves.SaveError, match="deep.toml: not a save: .*nested far deeper"):
        tables.load(tmp_path, "deep")
    rows = {r.id: r for r in tables.rows_for(tmp_path, "alice")}
    assert rows["good"].kind == "waiting" and rows["deep"].kind == "error"


@pytest.mark.parametrize(
    "text",
    ["x = " + "[" * 100_000 + "]" * 100_000, "[keys]\nhelp = " + "{a = " * 100_000 + "1" + "}" * 100_000],
    ids=["arrays", "inline-tables"],
)
def test_a_keys_file_nested_100000_deep_is_one_line_and_the_default_keys(tmp_path, text):
    from tui import keys
    from tui.app import RedemptionApp, Settings

    folder = tmp_path / "s"
    (folder / "settings").mkdir(parents=True)
    (folder / "settings" / "keys.toml").write_text(text)
    app = RedemptionApp(Settings(save_dir=folder, signals=False))
    problem = app.keymap_problem
    assert problem.startswith(str(folder / "settings" / "keys.toml") + ": not a keys file: ")
    assert problem.endswith("the default keys are used") and "\n" not in problem
    assert app.keymap == {} and keys.label("leave") == "q"


def test_a_deck_file_nested_100000_deep_is_one_line_in_the_list_and_on_import(tmp_path, capsys):
    from saves import decks as dk

    folder = tmp_path / "s"
    dk.folder(folder).mkdir(parents=True)
    deep = dk.folder(folder) / "deep.toml"
    deep.write_text('format = "redemption-tui-deck"\n[cards]\nx = ' + "[" * 100_000 + "]" * 100_000)
    found, errors = dk.list_decks(folder)
    assert [d.name for d in found] == list(dk.bundled_names()) and len(errors) == 1 and "deep.toml" in errors[0]
    code, out, err = run_cli("decks", "list", "--save-dir", str(folder), capsys=capsys)
    assert code == 0 and out.count("unreadable: ") == 1 and "nested far deeper" in out
    code, out, err = run_cli("decks", "import", str(deep), "--save-dir", str(folder), capsys=capsys)
    assert code == 1 and err.count("\n") == 1 and "deep.toml: not a deck file: " in err and "Traceback" not in err


def test_a_deck_line_with_a_5_mb_card_name_is_refused_without_matching_it(tmp_path, capsys, monkeypatch):
    from saves import decks as dk

    rules = dk.deck_rules()
    looked: list[int] = []
    for name in ("find_card", "suggest"):  # the fuzzy match is what cost over 60 s: it must never see the name
        real = getattr(rules, name)
        monkeypatch.setattr(rules, name, lambda what, _real=real: looked.append(len(what)) or _real(what))
    huge = "1 " + "x" * 5_000_000
    listing = tmp_path / "deck.txt"
    listing.write_text("3 Gideon\n" + huge + "\n")
    code, out, err = run_cli("decks", "import", str(listing), "--save-dir", str(tmp_path / "s"), capsys=capsys)
    assert code == 1 and err.count("\n") == 1 and len(err) < 400
    assert "line 2: a card name of 5000002 characters" in err
    toml = tmp_path / "deck.toml"
    toml.write_text(f'format = "redemption-tui-deck"\n[cards]\n"{"x" * 5_000_000}" = 1\n')
    code, out, err = run_cli("decks", "import", str(toml), "--save-dir", str(tmp_path / "s"), capsys=capsys)
    assert code == 1 and "a card name of 5000000 characters" in err and len(err) < 400
    assert looked and all(n <= dk.MAX_CARD_NAME for n in looked)


# --- impossible states that loaded: cards where no rule puts them, numbers no game reaches ------------------------
def seated_midgame(n: int, seed: int = 2, moves: int = 40):
    """A real game of ``n`` seats some way in, at a Preparation phase."""
    import random

    g, r = redemption_game(seed, decks=("G", "H", "G", "H")[:n]), random.Random(seed)
    while len(g.history) < moves or g.phase != "prep":
        assert not g.is_over
        g.apply(r.choice(g.legal_actions()))
    return g


def refused_seated(g, change) -> str:
    doc = doc_of(g)
    doc["players"] = [{"name": f"P{i + 1}", "kind": "human"} for i in range(g.num_players)]
    assert saves.reads(tomli_w.dumps(doc), "good.toml").game == g  # unchanged, it loads
    return refused_state_doc(doc, change)


def refused_state_doc(doc, change) -> str:
    change(doc["state"])
    with pytest.raises(saves.SaveError) as e:
        saves.reads(tomli_w.dumps(doc), "evil.toml")
    msg = str(e.value)
    assert msg.startswith("evil.toml: the game state is not one the rules allow: ") and "\n" not in msg
    return msg


def move_card(s, p: int, to: str, kind) -> str:
    """Move one of player ``p``'s cards whose key ``kind`` accepts from their draw pile to the zone ``to``."""
    deck = zones(s, p)["deck"]
    c = next(c for c in deck if kind(s["cards"][c]["key"]))
    deck.remove(c)
    zones(s, p)[to].append(c)
    return c


def is_soul(key: str) -> bool:
    return key.startswith("ls_")


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_lost_soul_in_a_territory_or_on_an_artifact_pile_and_a_hero_on_an_artifact_pile(n):
    from rules.redemption.cards import CARDS

    g = seated_midgame(n)
    p = n - 1
    msg = refused_seated(g, lambda s: move_card(s, p, "territory", is_soul))
    assert "a Lost Soul (" in msg and "cannot be in a territory" in msg
    msg = refused_seated(g, lambda s: move_card(s, p, "artifact_pile", is_soul))
    assert "is not an artifact, so it cannot be on an artifact pile" in msg
    msg = refused_seated(g, lambda s: move_card(s, p, "artifact_pile", lambda k: CARDS[k].type == "hero"))
    assert "is not an artifact, so it cannot be on an artifact pile" in msg


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_seed_of_ten_to_the_hundred_or_turn_a_billion_is_refused(n):
    g = seated_midgame(n)
    msg = refused_seated(g, lambda s: s.update(seed=10**100))  # the Rng's own seed stays a small one
    assert "seed must be a whole number of at most 64 bits" in msg and len(msg) < 300
    assert "'turn' cannot be over 10000" in refused_seated(g, lambda s: s.update(turn=10**9))
    assert "'dry_turns' cannot be over 10000" in refused_seated(g, lambda s: s.update(dry_turns=10**9))


def test_resurrection_refuses_a_huge_seed_and_a_billion_battles():
    g = resurrection_game(5)
    msg = refused_state_doc(doc_of(g), lambda s: s.update(seed=10**100))
    assert "seed must be a whole number of at most 64 bits" in msg
    msg = refused_state_doc(doc_of(g), lambda s: s.update(battle=10**9))
    assert "'battle' must be from 0 to 10000" in msg


@pytest.mark.parametrize("n", [2, 3, 4])
def test_hands_over_the_limit_in_a_finished_game(n):
    import random

    g, r = redemption_game(4, decks=("G", "H", "G", "H")[:n]), random.Random(4)
    while not g.is_over:
        g.apply(r.choice(g.legal_actions()))
    other = next(q for q in range(n) if q != g.active)

    def change(s):  # every card of their draw and discard piles that is not a Lost Soul: far over the limit
        for zone in ("deck", "discard"):  # the discard too: its draw cards would have made room for a bigger hand
            for c in [c for c in zones(s, other)[zone] if not is_soul(s["cards"][c]["key"])]:
                zones(s, other)[zone].remove(c)
                zones(s, other)["hand"].append(c)

    msg = refused_seated(g, change)
    assert re.search(
        rf"Player {other + 1} holds \d+ cards on Player {g.active + 1}'s turn; .* at most \d+ are possible", msg
    )


def test_a_deck_list_of_a_thousand_unknown_cards_looks_for_near_names_only_for_those_it_shows(tmp_path, monkeypatch):
    """The nearest names are a fuzzy search of the pool: 1,000 unknown cards in a .dek took 22 s for one line."""
    from saves import decks as dk

    rules = dk.deck_rules()
    looked: list[str] = []
    real = rules.suggest
    monkeypatch.setattr(rules, "suggest", lambda what: looked.append(what) or real(what))
    cards = "".join(f"<card><name id='x'>Nosuchcard{i}</name><set>Z</set></card>" for i in range(1000))
    with pytest.raises(dk.DeckError, match=r"a\.dek: line 1: unknown card 'Nosuchcard0'.*\(and 997 more\)"):
        dk.parse_dek(f"<deck><superzone name='Deck'>{cards}</superzone></deck>".encode(), "a.dek")
    with pytest.raises(dk.DeckError, match=r"a\.txt: line 1: unknown card 'Nosuchcard0'.*\(and 1997 more\)"):
        dk.parse_text("".join(f"1 Nosuchcard{i}\n" for i in range(2000)), "a.txt")
    assert len(looked) == 6


# --- a full disk: the last good save kept, and never "saved" when it was not -------------------------------------
def enospc(*a, **k):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


class FullFile:
    """A file on a full disk: opening works, writing does not."""

    def __init__(self, f):
        self.f = f

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.f.close()

    def write(self, data):
        enospc()

    def __getattr__(self, name):
        return getattr(self.f, name)


@pytest.mark.parametrize("where", ["write", "fsync"])
def test_a_full_disk_keeps_the_last_good_save_whole_and_leaves_no_temporary_file(tmp_path, monkeypatch, where):
    path = tmp_path / "g.toml"
    g = resurrection_game(5)
    saves.save(g, path)
    before = path.read_bytes()
    g.apply(g.legal_actions()[0])
    real = os.fdopen
    if where == "write":
        monkeypatch.setattr(saves.store.os, "fdopen", lambda *a, **k: FullFile(real(*a, **k)))
    else:
        monkeypatch.setattr(saves.store.os, "fsync", enospc)
    with pytest.raises(saves.SaveError) as e:
        saves.save(g, path)
    assert e.value.reason == "No space left on device" and "the previous one is untouched" in str(e.value)
    assert path.read_bytes() == before and os.listdir(tmp_path) == ["g.toml"]


def test_a_session_on_a_full_disk_knows_since_which_move_it_is_not_saved_until_a_save_succeeds(tmp_path, monkeypatch):
    s = Session.new("resurrection", seed=5, path=tmp_path / "g.toml")
    s.autosave()
    for _ in range(2):
        assert s.act(s.game.legal_actions()[0], by_computer=True).ok
    assert s.unsaved is None and s.saved_moves == 2
    monkeypatch.setattr(saves.store.os, "fsync", enospc)
    for _ in range(2):
        with pytest.raises(saves.SaveError):
            s.act(s.game.legal_actions()[0], by_computer=True)
    assert s.unsaved.words() == "Your game could not be saved since move 3: No space left on device."
    assert len(saves.read(s.path).game.history) == 2  # the last good save
    monkeypatch.undo()
    s.autosave()
    assert s.unsaved is None and saves.read(s.path).game == s.game
    s.close()
