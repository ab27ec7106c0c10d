"""Shared tables of three and four seats (Redemption): invitations per seat, a game played to its end through the
table store, a resignation among three, the command line, and no seat ever shown another seat's hand."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saves import tables
from tests.dealt import dealt_table
from tui import cli
from tui.table import TableSession

HUMANS = ("alice", "bob", "carol", "dave")


def seated(base, n: int, computers: int = 1, seed: int = 5, **kw) -> tables.Table:
    """A Redemption table of ``n`` seats: alice and ``n - 1 - computers`` invited players, who all accept, then the
    computer seats."""
    invited = HUMANS[1 : n - computers]
    others = [{"invite": p} for p in invited] + [{"computer": "easy"}] * computers
    dealt_table(base, "alice", "redemption", others, seed=seed, table_id="t", **kw)
    for p in invited:
        assert tables.join(base, "t", p).ok
    return tables.load(base, "t")


def hand_ids(game, seat: int) -> set[str]:
    return {c if isinstance(c, str) else c["id"] for c in game.view(seat)["players"][seat]["hand"]}


@pytest.mark.parametrize("n", [3, 4])
def test_a_table_of_three_or_four_is_played_to_its_end_through_the_store(tmp_path, n):
    """Two or three people and a computer seat; the game ends by its rules, here at a turn limit past the cuts (a
    whole game to five Redeemed Souls takes a few hundred submissions of ~70 ms each)."""
    t = seated(tmp_path, n, options={"max_turns": 5 - n})
    humans = list(HUMANS[: n - 1])
    computer = n - 1
    assert [s["status"] for s in t.seats] == ["joined"] * (n - 1) + ["computer"]
    assert t.name(computer) == "Computer" and t.game.num_players == n
    rng = random.Random(n)
    refused_other = by_another = moves = 0
    while not t.game.is_over:
        moves += 1
        cp = t.game.current_player
        mover = t.to_move()
        # the list names the creator for the computer's move; every other seat waits its turn
        assert mover == ("alice" if cp == computer else t.seats[cp]["player"])
        action = rng.choice(t.game.legal_actions())
        if cp != computer and not refused_other:  # once: another person tries a person's move
            other = next(p for p in reversed(humans) if p != mover)
            out = tables.submit(tmp_path, "t", other, action, t.seen)
            assert not out.ok and not out.stale
            assert out.reason == f"It is {t.name(cp)}'s move, not yours."
            refused_other += 1
        if cp == computer and moves % 2:  # any seated person's program may make the computer's move
            mover = humans[-1]
            by_another += 1
        out = tables.submit(tmp_path, "t", mover, action, t.seen)
        assert out.ok, out.reason
        t = out.table
        if cp == computer:
            assert t.info["last_by"] == "Computer"
    assert refused_other and by_another
    assert "turn limit" in t.game.view(0)["end_reason"]
    w = t.game.winner
    for i, p in enumerate(humans):
        [row] = tables.rows_for(tmp_path, p)
        assert row.kind == "finished" and row.names == tuple(t.name(s) for s in range(n))
        assert row.detail == ("a draw" if w is None else f"{t.name(w)} won")
        # against people: another person sat at the table
        assert tables.record(tmp_path, p)["people"] == [int(w == i), int(w is not None and w != i), int(w is None)]


def test_each_invited_seat_accepts_or_declines_and_an_open_seat_is_taken_once(tmp_path):
    dealt_table(
        tmp_path,
        "alice",
        "redemption",
        [{"invite": "bob"}, {"open": True}, {"invite": "carol"}],
        seed=2,
        table_id="t",
    )
    kinds = {p: [(r.id, r.kind, r.detail) for r in tables.rows_for(tmp_path, p)] for p in ("alice", "bob", "erin")}
    assert kinds == {
        "alice": [("t", "waiting", "bob and carol to accept; 1 open seat")],
        "bob": [("t", "invited", "from alice")],
        "erin": [("t", "open", "1 open seat")],  # anyone of the host may take it
    }
    t = tables.load(tmp_path, "t")
    out = tables.submit(tmp_path, "t", "alice", "cut", t.seen)
    assert (
        not out.ok
        and out.reason == "The table is waiting for bob, carol and one more player to join before play starts."
    )
    assert tables.join(tmp_path, "t", "bob").ok
    assert [r.detail for r in tables.rows_for(tmp_path, "bob")] == ["carol to accept; 1 open seat"]
    assert tables.join(tmp_path, "t", "erin").ok  # the open seat
    assert not tables.join(tmp_path, "t", "frank").ok  # taken: no seat left for anyone else
    assert tables.rows_for(tmp_path, "frank") == []
    assert tables.join(tmp_path, "t", "carol").ok
    t = tables.load(tmp_path, "t")
    assert t.ready and [t.name(i) for i in range(4)] == ["alice", "bob", "erin", "carol"]
    assert [p["name"] for p in t.meta.players] == ["alice", "bob", "erin", "carol"]
    assert t.to_move() == "carol"  # the last seat cuts first (redemption.multiplayer)


def test_a_declined_seat_of_three_opens_and_the_creator_may_give_it_to_the_computer_but_two_seats_end(tmp_path):
    """At three or four seats a declined invitation (or a player who leaves before play starts) opens the seat for
    any player of the host; the creator may give an open seat to the computer; the creator's resignation before
    play starts calls the table off with no result. At two seats a declined invitation ends the table."""
    dealt_table(tmp_path, "alice", "redemption", [{"invite": "bob"}, {"invite": "carol"}], seed=3, table_id="d")
    assert tables.join(tmp_path, "d", "bob").ok
    assert tables.decline(tmp_path, "d", "carol").ok
    t = tables.load(tmp_path, "d")
    assert not t.finished and t.seats[2] == {"player": "", "status": "open"} and t.name(2) == "an open seat"
    assert t.meta.log[-1] == "carol declines the invitation: the seat is open to any player of the host."
    assert [(r.kind, r.detail) for r in tables.rows_for(tmp_path, "erin")] == [("open", "1 open seat")]
    assert not tables.seat_computer(tmp_path, "d", "bob", "easy").ok  # the creator's to give
    out = tables.seat_computer(tmp_path, "d", "alice", "hard")
    assert out.ok and out.table.ready and out.table.name(2) == "Computer"
    assert out.table.meta.players[2] == {"name": "Computer", "kind": "computer", "level": "hard"}
    # erin takes an open seat of four and resigns before play starts: she leaves, and her seat opens again
    dealt_table(
        tmp_path, "alice", "redemption", [{"invite": "bob"}, {"open": True}, {"open": True}], seed=6, table_id="l"
    )
    assert tables.join(tmp_path, "l", "erin").ok
    t = tables.load(tmp_path, "l")
    assert tables.submit(tmp_path, "l", "erin", "resign", t.seen).ok
    t = tables.load(tmp_path, "l")
    assert t.seats[2]["status"] == "open" and not t.finished and not t.game.history
    assert t.meta.log[-1] == "erin leaves the table before play started: the seat is open to any player of the host."
    assert tables.record(tmp_path, "erin") == {"people": [0, 0, 0], "computer": [0, 0, 0]}
    # the creator resigns before play starts: the table is called off, with no result for anyone
    dealt_table(tmp_path, "alice", "redemption", [{"invite": "bob"}, {"open": True}], seed=4, table_id="c")
    assert tables.join(tmp_path, "c", "bob").ok
    t = tables.load(tmp_path, "c")
    assert not tables.submit(tmp_path, "c", "alice", "resign 2", t.seen).ok  # only her own seat
    assert tables.submit(tmp_path, "c", "alice", "resign", t.seen).ok
    t = tables.load(tmp_path, "c")
    assert t.finished and not t.game.is_over and t.called_off == "alice"
    assert not tables.join(tmp_path, "c", "erin").ok and not tables.submit(tmp_path, "c", "bob", "cut", t.seen).ok
    assert ("finished", "called off by alice before play started") in [
        (r.kind, r.detail) for r in tables.rows_for(tmp_path, "bob")
    ]
    assert tables.record(tmp_path, "bob") == {"people": [0, 0, 0], "computer": [0, 0, 0]}
    # two seats: a declined invitation ends the table
    dealt_table(tmp_path, "alice", "redemption", [{"invite": "carol"}], seed=5, table_id="two")
    assert tables.decline(tmp_path, "two", "carol").ok
    assert not tables.join(tmp_path, "two", "carol").ok
    for p in ("alice", "carol"):
        assert ("two", "finished", "declined by carol") in [
            (r.id, r.kind, r.detail) for r in tables.rows_for(tmp_path, p)
        ]


def test_a_table_has_two_to_four_seats_each_player_once_and_the_computers_are_told_apart(tmp_path):
    with pytest.raises(ValueError, match="a Redemption table has 2 to 4 seats: 5 seats were asked for"):
        tables.create(tmp_path, "alice", "redemption", [{"open": True}] * 4)
    with pytest.raises(ValueError, match="a Resurrection table has 2 seats: 3 seats"):
        tables.create(tmp_path, "alice", "resurrection", [{"invite": "bob"}, {"open": True}])
    with pytest.raises(ValueError, match="bob is invited once"):
        tables.create(tmp_path, "alice", "redemption", [{"invite": "bob"}, {"invite": "bob"}])
    t = tables.create(
        tmp_path, "alice", "redemption", [{"computer": "easy"}, {"invite": "bob"}, {"computer": "hard"}], table_id="c"
    )
    assert [t.name(i) for i in range(4)] == ["alice", "Computer 2", "bob", "Computer 4"]
    session = TableSession.open(tmp_path, "c", "alice")
    assert [session.level_of(1), session.level_of(3)] == ["easy", "hard"]
    assert tables.load(tmp_path, "c").meta.players[3] == {"name": "Computer 4", "kind": "computer", "level": "hard"}


def test_one_of_three_resigns_out_of_turn_and_the_game_ends_as_the_multiplayer_rule_says(tmp_path):
    """redemption.multiplayer: a resignation with more than two players ends the game; the most Redeemed Souls
    among the others win, a tie for the most is a draw. The one who resigned has lost, whatever the others'
    result."""
    t = seated(tmp_path, 3, computers=0)
    while t.game.history.count("cut") < 3 or t.to_move() == "bob":  # past the cuts, and not bob's move
        t = tables.submit(tmp_path, "t", t.to_move(), t.game.legal_actions()[0], t.seen).table
    out = tables.submit(tmp_path, "t", "bob", "resign 2", t.seen)
    assert not out.ok and out.rule == "redemption.resign"  # only his own seat
    out = tables.submit(tmp_path, "t", "bob", "resign", t.seen)
    assert out.ok
    t = out.table
    assert t.game.is_over and t.game.history[-1] == "resign 1"
    assert t.game.winner is None  # alice and carol have no Redeemed Soul yet: a draw between them
    assert t.meta.log[-1] == "bob resigns: a draw."
    assert tables.record(tmp_path, "bob")["people"] == [0, 1, 0]  # a loss, not a share of the draw
    for p in ("alice", "carol"):
        assert tables.record(tmp_path, p)["people"] == [0, 0, 1]
        assert [(r.kind, r.detail) for r in tables.rows_for(tmp_path, p)] == [("finished", "bob resigned: a draw")]
    assert not tables.submit(tmp_path, "t", "alice", "resign", t.seen).ok  # over for everyone


def test_the_command_line_creates_tables_of_two_to_four_seats_in_the_order_given(tmp_path, capsys):
    where = ["--player", "alice", "--save-dir", str(tmp_path)]
    assert (
        cli.main(
            ["table", "new", "redemption", "--invite", "bob", "--open", "--computer", "hard", "--name", "t3", *where]
        )
        == 0
    )
    said = capsys.readouterr().out
    assert "alice v bob v an open seat v Computer; bob is invited; 1 seat is open" in said
    t = tables.load(tmp_path, "t3")
    assert [s["status"] for s in t.seats] == ["joined", "invited", "open", "computer"] and t.seats[3]["level"] == "hard"
    assert cli.main(["table", "new", "redemption", "--invite", "bob", "--invite", "carol", "--name", "t2", *where]) == 0
    assert "bob and carol are invited" in capsys.readouterr().out
    for args, words in (
        (["resurrection", "--invite", "bob", "--open"], "a Resurrection table has 2 seats"),
        (["redemption", *["--open"] * 4], "a Redemption table has 2 to 4 seats"),
        (["redemption"], "who else sits there?"),
    ):
        assert cli.main(["table", "new", *args, *where]) == 2
        assert words in capsys.readouterr().err
    assert cli.main(["tables", *where]) == 0
    out = capsys.readouterr().out
    assert re.search(
        r"t3  Redemption  alice v bob v an open seat v Computer  \(bob to accept; 1 open seat, \d+ s ago\)", out
    )
    assert cli.main(["table", "computer", "t3", "--level", "easy", *where]) == 0  # the open seat, by its creator
    assert "alice gives seat 3 to Computer 3 (easy)." in capsys.readouterr().out
    assert cli.main(["table", "computer", "t3", *where]) == 1
    assert "This table has no open seat to give to the computer." in capsys.readouterr().err


def _all_text(view) -> str:
    """The view as text, but for the decks' names: public, and a bundled deck's name ('C1') may read as a card id."""
    players = [{k: v for k, v in p.items() if k != "deck"} for p in view["players"]]
    return json.dumps({**view, "players": players}, default=str)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(n=st.integers(3, 4), seed=st.integers(1, 2**40), picks=st.lists(st.integers(0, 10**6), min_size=8, max_size=50))
def test_no_seat_and_no_watcher_is_shown_another_seats_hand(tmp_path_factory, n, seed, picks):
    """After any sequence of legal moves, each seat's view (what its screen is drawn from) holds no card of another
    seat's hand, and a watcher's holds none at all."""
    base = tmp_path_factory.mktemp("views")
    dealt_table(base, "alice", "redemption", [{"invite": p} for p in HUMANS[1:n]], seed=seed, table_id="t", watch=True)
    for p in HUMANS[1:n]:
        assert tables.join(base, "t", p).ok
    sessions = [TableSession.open(base, "t", p) for p in HUMANS[:n]]
    watcher = TableSession.open(base, "t", "erin")
    game = sessions[0].table.game
    for s in [*sessions, watcher]:
        s.table.saved.game = game  # one game in memory for every screen: moves without a write each
    for pick in picks:
        if game.is_over:
            break
        legal = game.legal_actions()
        assert game.apply(legal[pick % len(legal)]).ok
        hands = [hand_ids(game, i) for i in range(n)]
        for i, s in enumerate(sessions):
            view = s.view()
            assert s.seat == i and hand_ids(game, i) == hands[i]
            shown = _all_text(view)
            for j in range(n):
                if j != i:
                    assert view["players"][j]["hand"] is None
                    assert not [c for c in hands[j] if f'"{c}"' in shown], (i, j)
        public = watcher.view()
        assert all(p["hand"] is None for p in public["players"])
        assert not [c for h in hands for c in h if f'"{c}"' in _all_text(public)]
    assert all(hands)  # past the cuts every seat holds cards: the check above had hands to find
