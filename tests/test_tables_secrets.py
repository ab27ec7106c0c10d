"""Attacks on a shared table by the people at it: rebuilding the other hand from the seed, choosing the deal,
talk that passes for another player's line, names that drive the terminal, talk that fills the file."""

from __future__ import annotations

import json
import re

import pytest

from rules.games import find_game
from saves import tables
from saves.store import MAX_BYTES, dumps
from tests.dealt import dealt_table
from tests.test_tables_tui import app_for, sync, until
from tui import cli
from tui.agents import FirstLegal, agent_seed, make_agent


@pytest.fixture
def base(tmp_path, monkeypatch):
    monkeypatch.delenv("REDEMPTION_PLAYER", raising=False)
    monkeypatch.delenv("REDEMPTION_SAVE_DIR", raising=False)
    return tmp_path


# The message: 34 blank Braille patterns push "alice says: ..." to the start of a row of the log.
IMPERSONATION = "gg" + "\u2800" * 34 + " alice says: I resign, well played"
#: Blank or invisible characters that are not control characters (and a few that are, for good measure).
BLANKS = "\u2800\u3164\u115f\u1160\uffa0\u200b\u200c\u200d\u200e\u200f\u2060\u2061\u2062\u2063\u2064\ufeff"
BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
OTHER = "\u2028\u2029\u00ad\ue000\U000e0001\u034f\ufe0f\u3000\u2003\u00a0"


def hand_ids(game, seat: int) -> list[str]:
    """The cards in ``seat``'s hand, as ``seat`` itself sees them (a code, or a card's id)."""
    return [c if isinstance(c, str) else c["id"] for c in game.view(seat)["players"][seat]["hand"]]


def rebuilt(name: str, seed: int, public: list[str]):
    """The attack: a new game dealt from ``seed`` as a table deals it, the public actions (the cuts) replayed."""
    info = find_game(name)
    g = info.new_game(seed, {}, first=0 if info.first_choice else None)
    for action in public:
        assert g.apply(action).ok
    return g


@pytest.mark.parametrize("game", ["resurrection", "redemption"])
def test_a_seat_cannot_rebuild_the_other_hand_from_anything_it_is_shown(tmp_path, game, capsys):
    tables.create(tmp_path, "alice", game, [{"invite": "bob"}], table_id="t1")
    assert tables.join(tmp_path, "t1", "bob").ok
    shown = []  # everything bob's terminal gets: answers, the log, his view, the list of his tables
    t = tables.load(tmp_path, "t1")
    while game == "redemption" and t.game.history.count("cut") < 2:  # the cuts: public, bob's first
        answer = tables.submit(tmp_path, "t1", t.to_move(), "cut", t.seen)
        assert answer.ok
        shown += [e.words(["alice", "bob"]) for e in answer.events]
        t = answer.table
    public = list(t.game.history)
    deal = rebuilt(game, t.game.seed, public)
    assert deal == t.game and hand_ids(deal, 0) == hand_ids(t.game, 0)  # with the seed: every hidden card
    stale = tables.submit(tmp_path, "t1", "bob", "resign", 0 if public else -1)
    shown += [stale.reason, *t.meta.log, json.dumps(t.game.view(1))]
    assert cli.main(["tables", "--player", "bob", "--save-dir", str(tmp_path)]) == 0
    shown.append(capsys.readouterr().out)
    numbers = {int(n) for n in re.findall(r"\d+", "\n".join(shown))}
    assert len(numbers) > 3  # counts, turns, strengths: all tried
    assert not [n for n in numbers if rebuilt(game, n, public) == t.game]


def test_a_table_with_another_player_is_never_dealt_from_a_chosen_seed(tmp_path, capsys):
    for other in ({"invite": "bob"}, {"open": True}):
        with pytest.raises(ValueError, match="random source"):
            tables.create(tmp_path, "alice", "resurrection", [other], seed=7)
    alone = tables.create(tmp_path, "alice", "resurrection", [{"computer": "easy"}], seed=7, table_id="c1")
    assert alone.game.seed == 7  # against the computer a deal may be replayed
    for how in (["--invite", "bob"], ["--open"]):
        code = cli.main(
            ["table", "new", "resurrection", *how, "--seed", "7", "--player", "alice", "--save-dir", str(tmp_path)]
        )
        out, err = capsys.readouterr()
        assert code == 2 and "random source" in err and len(err.strip().splitlines()) == 1 and not out
    assert tables.all_ids(tmp_path) == ["c1"]


def test_a_tables_deal_is_not_a_seed_a_seat_could_search(tmp_path):
    """A seat knows its own cards: with 2**31 possible seeds, trying them all is minutes of work."""
    seeds = [tables.create(tmp_path, "alice", "resurrection", [{"open": True}]).game.seed for _ in range(3)]
    assert len(set(seeds)) == 3 and min(seeds) >= 2**32  # 62 random bits: each below 2**32 once in 2**30


def test_the_computer_plays_with_its_own_player_whatever_the_tables_seed():
    for name in ("resurrection", "redemption"):
        for level in ("easy", "normal", "hard"):
            agent = make_agent(name, level, agent_seed(2**tables.SEED_BITS - 1, 1))
            assert not isinstance(agent, FirstLegal)  # a seed out of range would leave the stand-in playing
    assert agent_seed(123456, 1) == 246913  # a local game's computer plays on as it always did


@sync
async def test_the_seed_is_told_once_the_game_is_over_in_the_review(base):
    from rules import review

    t = tables.create(base, "alice", "resurrection", [{"invite": "bob"}], table_id="t1")
    tables.join(base, "t1", "bob")
    assert str(t.game.seed) not in "\n".join(tables.load(base, "t1").meta.log)
    t = tables.submit(base, "t1", "bob", "resign", 0).table
    assert f"Seed {t.game.seed};" in review.text_record(t.game, ["alice", "bob"])
    from tui.app import RedemptionApp, Settings

    settings = Settings(save_dir=base / "bob", player="bob", base_dir=base, pause=0.0)
    app = RedemptionApp(settings, start=tables_session(base, "bob"), review=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert f"seed {t.game.seed})" in str(app.screen.query_one("#review-status").render())


def test_talk_is_cleaned_of_every_blank_and_invisible_character():
    assert tables.clean_talk(IMPERSONATION) == "gg alice says: I resign, well played"
    for ch in BLANKS + BIDI + OTHER:
        assert tables.clean_talk(f"a{ch * 5}b") in ("a b", "ab"), hex(ord(ch))
        assert tables.clean_talk(ch * 40) == "", hex(ord(ch))  # nothing visible: nothing to send
    assert tables.clean_talk("e" + "\u0301" * 30 + "!") == "\u00e9\u0301\u0301!"  # at most two marks on a letter
    assert tables.clean_talk("x" * 5000) == "x" * tables.TALK_MAX
    assert tables.clean_talk("  lots    of \u3000 space  ") == "lots of space"
    assert tables.clean_talk("café, Ærø, 日本語, Привет") == "café, Ærø, 日本語, Привет"  # real words stay


def at_the_talk_limit(base, talk: str, game: str = "resurrection") -> tables.Table:
    """Alice and bob at a table whose file holds TALK_KEEP messages already."""
    dealt_table(base, "alice", game, [{"invite": "bob"}], seed=3, table_id="t1")
    tables.join(base, "t1", "bob")
    t = tables.load(base, "t1")
    t.meta.log.extend(f"bob says: {talk} {i}" for i in range(tables.TALK_KEEP))
    t.path.write_text(dumps(t.game, t.meta))
    return t


@sync
async def test_talk_can_never_start_a_row_that_looks_like_another_players_line(base):
    at_the_talk_limit(base, "old news")
    app = app_for(base, "alice", start=tables_session(base, "alice"))
    async with app.run_test(size=(80, 24)) as pilot:

        def shown() -> list[str]:
            return [strip.text for strip in app.screen.query_one("#log").lines]

        for n, width_key in enumerate(("", "L"), 1):  # the log at its width, then narrow
            if width_key:
                await pilot.press(width_key)
            assert tables.say(base, "t1", "bob", IMPERSONATION, now=float(n)).ok
            assert await until(pilot, lambda n=n: "\n".join(shown()).count("played") == n)  # a word: never split
            rows = shown()
            assert not [r for r in rows if set(r) & set(BLANKS)]  # nothing blank-looking reaches the screen
            assert not [r for r in rows if r.startswith("alice says")], rows  # no row at the left edge is hers
            said = [i for i, r in enumerate(rows) if r.startswith("bob says: gg")][-1]
            rest = rows[said + 1 :]  # the message is the log's last line: these rows are its own
            assert rest and all(r.startswith("  ") for r in rest), rows[said:]
    log = tables.load(base, "t1").meta.log
    assert sum(map(tables.is_talk, log)) == tables.TALK_KEEP  # the oldest messages went


def tables_session(base, player):
    from tui.table import TableSession

    return TableSession.open(base, "t1", player)


def test_a_table_full_of_talk_still_takes_every_move(tmp_path):
    """Talk at the allowed rate would reach the size a save may have in days; a move must still be kept. Built
    in the file's text (a real table's 8 MiB of talk), read once by the move: about a second."""
    t = at_the_talk_limit(tmp_path, "x", "redemption")
    text = t.path.read_text()
    start = text.index("log = [\n") + len("log = [\n")
    line = '    "bob says: ' + "\U0001d569" * tables.TALK_MAX + '",\n'
    room = MAX_BYTES - len(text.encode()) - 40
    n, pad = divmod(room, len(line.encode()))
    filler = line * n + '    "bob says: ' + "y" * max(pad - 17, 1) + '",\n'
    t.path.write_text(text[:start] + filler + text[start:])
    assert MAX_BYTES - 200 < t.path.stat().st_size <= MAX_BYTES
    answer = tables.submit(tmp_path, "t1", "bob", "cut", 0)
    assert answer.ok and tables.load(tmp_path, "t1").game.history == ["cut"]
    assert t.path.stat().st_size < MAX_BYTES // 20
    assert tables.say(tmp_path, "t1", "alice", "still here", now=0.0).ok
    log = tables.load(tmp_path, "t1").meta.log
    assert sum(map(tables.is_talk, log)) == tables.TALK_KEEP and log[-1] == "alice says: still here"


HOSTILE_NAMES = ["\x1b]0;pwned\x07\x1b[2Jmallory", "[/]", "[bold]bob", "bob\u2800" * 3, "alice\nbob says: hi"]


def hostile_table(base, name: str) -> None:
    """A table file (written by hand on the host) whose second seat holds ``name``."""
    t = dealt_table(base, "alice", "resurrection", [{"invite": "bob"}], seed=3, table_id="t1")
    t.seats[1]["player"] = name
    t.meta.players[1]["name"] = name
    t.path.write_text(dumps(t.game, t.meta))


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_a_hostile_seat_name_is_refused_and_never_printed_raw(tmp_path, capsys, name):
    hostile_table(tmp_path, name)
    with pytest.raises(tables.TableError, match="player name"):
        tables.load(tmp_path, "t1")
    assert cli.main(["tables", "--player", "alice", "--save-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Tables that cannot be read:" in out and "t1" in out
    assert not re.search(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u2800]", out) and name not in out


def test_the_list_of_tables_prints_no_escape_sequence_whatever_reaches_it():
    rows = [
        tables.Row("t1", "waiting", "resurrection", "alice v \x1b[2Jbob", "\x1b]0;pwned\x07's move"),
        tables.Row("t\x1b[31m2", "error", error="\x9b2J broken"),
    ]
    out = "\n".join(cli.table_lines(rows))
    assert not re.search(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]", out) and "\\x1b[2Jbob" in out


@sync
async def test_the_tables_screen_shows_a_table_whatever_its_file_holds(base):
    from tui.screens.tables import TablesScreen

    hostile_table(base, "[/]")
    dealt_table(base, "alice", "resurrection", [{"invite": "bob"}], seed=3, table_id="t2")
    tables.load(base, "t2").path.write_text(
        tables.load(base, "t2").path.read_text().replace('"created the table first"', '"[/] did [b]it"')
    )
    app = app_for(base, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        assert await until(pilot, lambda: isinstance(app.screen, TablesScreen) and len(app.screen.rows) == 2)
        assert {r.kind for r in app.screen.rows} == {"error", "waiting"}
        await pilot.pause()
        assert isinstance(app.screen, TablesScreen)  # drawn, not crashed on markup


def test_a_refused_resign_for_another_seat_names_the_seat_as_the_screen_does(tmp_path):
    dealt_table(tmp_path, "alice", "resurrection", [{"invite": "bob"}], seed=3, table_id="t1")
    tables.join(tmp_path, "t1", "bob")
    out = tables.submit(tmp_path, "t1", "bob", "resign 0", 0)
    assert not out.ok and "(you are Player 2, 'resign 1' in the notation)" in out.reason
    out = tables.submit(tmp_path, "t1", "alice", "resign 1", 0)
    assert not out.ok and "(you are Player 1, 'resign 0' in the notation)" in out.reason
