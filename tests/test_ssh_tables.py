"""Two people, two real OpenSSH clients, one shared table: through ``redemption serve`` and through the
README's OpenSSH recipe (a private sshd). Each client's terminal output is read all the time; the other
player's screen never shows the first player's hand.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from rules.core import public_view
from saves import tables
from tests.dealt import dealt_table
from tests.test_ssh_support import PY, OpenSSHTerminal, Server, leftovers, needs_openssh, stop_servers

APP = f"{PY} -m tui.cli --player {{player}} --save-dir {{data_dir}} --pause 0"
MOVE_TIMEOUT = 30.0  # generous: the machine is shared; nothing here measures speed (tests/bench does)


@pytest.fixture
def server(tmp_path):
    made: list[Server] = []

    def make(players) -> Server:
        s = Server(tmp_path, APP, "--grace", "5")
        for p in players:
            s.add_player(p)
        made.append(s)
        return s.start()

    yield make
    stop_servers(made, tmp_path)


def wait_table(
    base: Path, table_id: str, seen: int, term: OpenSSHTerminal | None = None, timeout: float = MOVE_TIMEOUT
) -> tables.Table:
    """The table once it holds more than ``seen`` actions (``term``: the screen to show if it does not)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        t = tables.load(base, table_id)
        if t.seen > seen:
            return t
        time.sleep(0.05)
    screen = term.text()[-3000:] if term is not None else ""
    raise AssertionError(f"the table {table_id} did not move past {seen} actions in {timeout}s:\n{screen}")


def sit_down(term: OpenSSHTerminal, player: str, first: bool = True) -> None:
    """From the title screen: the Tables item is first when there is an invitation or your move (else the
    t key opens it), Enter opens the list, Enter on the first row accepts the invitation or opens the table."""
    term.expect(rf"Welcome, {player}\.")
    if first:
        term.expect(r"▶ Tables")
        term.send("\r")
    else:
        term.expect(r"Tables  \(1 waiting\)")
        term.send("t")
    term.expect(r"Your tables")
    term.mark()
    term.send("\r")
    term.expect(r"Resurrection \||Redemption \|")


def leave(term: OpenSSHTerminal, record: str = "") -> None:
    """q leaves the game for the table list (which shows the player's record), Esc goes back to the title,
    q quits."""
    term.mark()
    term.send("q")
    term.expect(r"Your tables")
    if record:
        term.expect(record)
    term.send("\x1b")
    term.expect(r"Welcome")
    term.send("q")
    assert term.wait_exit() == 0


def no_hand_of(term: OpenSSHTerminal, other: str) -> None:
    """The screen has never titled a hand pane with the other player's name."""
    assert f"Your hand ({other})" not in term.text()


def play_whole_resurrection(terms: dict[str, OpenSSHTerminal], base: Path, table_id: str) -> tables.Table:
    """Each move from the terminal whose move it is ('1' picks the first card, Enter plays it); the other
    terminal shows it; a face-down card never shows on the other screen."""
    t = tables.load(base, table_id)
    moves = 0
    while not t.game.is_over:
        mover = t.to_move()
        other = next(p for p in terms if p != mover)
        for term in terms.values():
            term.mark()
        terms[mover].send("1\r")
        t = wait_table(base, table_id, t.seen)
        moves += 1
        no_hand_of(terms[other], mover)
        if t.game.is_over:
            break
        if t.to_move() == other:  # the other terminal shows its move within a poll
            terms[other].expect(r"\| Your move")
        if t.game.face_down:  # the Aggressor's card, face down: on the Defender's screen only as ??
            terms[other].expect(rf"{mover}\s+(?:\[[^\]]+\]\s+)*\[\?\?\]\s+face down")
            rows = re.findall(rf"{mover}\s+((?:\[[^\]]+\]\s*)+)", terms[other].text())
            n = len(t.game.sides[t.game.aggressor].table)  # earlier cards of a tie are face up, and rows drawn
            last = [labels[-1] for labels in (re.findall(r"\[([^\]]+)\]", r) for r in rows) if len(labels) == n]
            assert last and all(x == "??" for x in last), (t.game.sides[t.game.aggressor].table, rows)
        assert moves < 200
    return t


@needs_openssh
def test_two_openssh_clients_play_a_whole_resurrection_game_through_serve(server):
    s = server(["alice", "bob"])
    dealt_table(s.data, "alice", "resurrection", [{"invite": "bob"}], seed=21, table_id="duel")
    with OpenSSHTerminal(s, s.keys["bob"]) as bob:
        sit_down(bob, "bob")  # accepts the invitation
        with OpenSSHTerminal(s, s.keys["alice"]) as alice:
            sit_down(alice, "alice")
            t = play_whole_resurrection({"alice": alice, "bob": bob}, s.data, "duel")
            winner = t.name(t.game.winner) if t.game.winner is not None else None
            for term in (alice, bob):
                term.expect(r"Game over")
            leave(
                alice, "Won-lost-drawn: v people " + ("1-0-0" if winner == "alice" else "0-1-0" if winner else "0-0-1")
            )
        leave(bob)
    assert [r.kind for r in tables.rows_for(s.data, "bob")] == ["finished"]


def prompt(term: OpenSSHTerminal, action: str) -> None:
    """':' opens the action prompt (once it shows, the keys go to it), then the action and Enter."""
    term.mark()
    term.send(":")
    term.expect(r"Type an action")
    term.send(action + "\r")


REFUSALS = ("The table changed", "move, not yours")


def act(term: OpenSSHTerminal, base: Path, table_id: str, t: tables.Table) -> tables.Table:
    """Type the next action at the prompt (see :func:`until_the_table_moves`)."""
    return until_the_table_moves(term, base, table_id, t, lambda: prompt(term, pick(t.game)))


def until_the_table_moves(
    term: OpenSSHTerminal, base: Path, table_id: str, t: tables.Table, typed: Callable[[], None]
) -> tables.Table:
    """The table once what ``typed`` types has moved it. Typed before this screen showed the other players' last
    move, it is refused ("The table changed: ...", or "not yours" on the old state), as for a person; then typed
    again. Waits for the table to move or a refusal to show, however slow a shared machine is."""

    def moved(within: float) -> tables.Table | None:
        deadline = time.monotonic() + within
        while True:
            now = tables.load(base, table_id)
            if now.seen > t.seen:
                return now
            if time.monotonic() > deadline:
                return None
            time.sleep(0.05)

    for _ in range(5):
        typed()
        deadline = time.monotonic() + MOVE_TIMEOUT
        while time.monotonic() < deadline:
            if (now := moved(0)) is not None:
                return now
            if any(r in term.text() for r in REFUSALS):
                break
            time.sleep(0.05)
        else:
            raise AssertionError(f"the table {table_id} did not move past {t.seen} actions:\n{term.text()[-3000:]}")
        # refused, or a refusal from before repainted with the screen (a toast stays a few seconds): the screen
        # catches up within a poll, and an action on its way that lands meanwhile is not typed again (one typed
        # again all the same is refused, and the table has moved by the next look)
        if (now := moved(0.5)) is not None:
            return now
    raise AssertionError("five refusals in a row")


REDEMPTION_ORDER = ["cut", "first", "rescue", "block", "noblock", "play", "pass", "end"]


def pick(game) -> str:
    legal = [str(a) for a in game.legal_actions()]
    for verb in REDEMPTION_ORDER:
        for a in legal:
            if a.split()[0] == verb:
                return a
    return legal[0]


class Seen:
    """Card names over a whole game: in each seat's hand, in each seat's own view, and ever public."""

    def __init__(self) -> None:
        self.hand = {0: set(), 1: set()}
        self.own = {0: set(), 1: set()}
        self.public: set[str] = set()

    def observe(self, t: tables.Table) -> None:
        g = t.game
        for p in public_view(g)["players"]:
            self.public |= {
                c["name"] for z in p.values() if isinstance(z, list) for c in z if isinstance(c, dict) and "name" in c
            }
            if p.get("discard_top"):
                self.public.add(p["discard_top"]["name"])
        self.public |= {line for line in t.meta.log}  # every log line: names it mentions were shown to both
        for seat in (0, 1):
            v = g.view(seat)["players"]
            self.hand[seat] |= {c["name"] for c in v[seat]["hand"]}
            self.own[seat] |= {
                c["name"]
                for p in v
                for z in p.values()
                if isinstance(z, list)
                for c in z
                if isinstance(c, dict) and "name" in c and not c.get("face_down")
            }

    def secret(self, seat: int) -> set[str]:
        """Names only ever in ``seat``'s hand: never public, never in the log, never the other's own card."""
        return {
            n
            for n in self.hand[seat] - self.own[1 - seat]
            if n not in self.public and not any(n in line for line in self.public)
        }


def never_shown(term: OpenSSHTerminal, names: set[str]) -> None:
    text = term.text()
    shown = sorted(n for n in names if n[:12] in text)  # a narrow pane may cut a long name short
    assert not shown, shown


@needs_openssh
def test_redemption_one_player_quits_mid_battle_comes_back_and_they_finish(server):
    s = server(["alice", "bob"])
    dealt_table(s.data, "alice", "redemption", [{"invite": "bob"}], seed=11, table_id="long", options={"max_turns": 2})
    seen = Seen()
    with OpenSSHTerminal(s, s.keys["bob"]) as bob:
        sit_down(bob, "bob")
        alice = OpenSSHTerminal(s, s.keys["alice"])
        try:
            sit_down(alice, "alice", first=False)  # bob cuts first: the table waits for him
            terms = {"alice": alice, "bob": bob}
            t = tables.load(s.data, "long")
            seen.observe(t)
            while not t.game.b.kind:  # up to alice's rescue attempt: a battle is on
                t = act(terms[t.to_move()], s.data, "long", t)
                seen.observe(t)
            assert t.to_move() == "bob"  # bob decides whether to block
            never_shown(alice, seen.secret(1))
            alice.kill()  # alice's connection drops mid-battle
        finally:
            alice.close()
        s.wait_log(r"player=alice .*end='client disconnected'")
        t = act(bob, s.data, "long", t)  # the table goes on without her: bob's answer waits for her
        seen.observe(t)
        with OpenSSHTerminal(s, s.keys["alice"]) as alice:
            sit_down(alice, "alice", first=t.to_move() == "alice")  # on top when it is her move
            terms = {"alice": alice, "bob": bob}
            while not t.game.is_over:
                mover = t.to_move()
                t = act(terms[mover], s.data, "long", t)
                seen.observe(t)
                no_hand_of(terms["bob" if mover == "alice" else "alice"], mover)
            for term in (alice, bob):
                term.expect(r"Game over")
            assert seen.secret(0) and seen.secret(1)  # there were hidden cards to look for
            never_shown(bob, seen.secret(0))
            never_shown(alice, seen.secret(1))
            leave(alice)
        leave(bob)
    assert t.game.is_over and tables.rows_for(s.data, "alice")[0].kind == "finished"


@pytest.fixture
def sshd(tmp_path):
    """A private OpenSSH sshd; the test is skipped, before anything starts, where it cannot run."""
    from tests.test_ssh_openssh import SSHD, SSHD_BIN

    if SSHD_BIN is None:
        pytest.skip("the OpenSSH server (sshd) is not installed")
    if os.geteuid() != 0:
        pytest.skip("a private sshd needs root")
    d = SSHD(tmp_path)
    for p in ("alice", "bob"):
        d.add_player(p)
    d.start()
    yield d
    d.stop()
    deadline = time.monotonic() + 10
    while leftovers(str(tmp_path)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert leftovers(str(tmp_path)) == []


@needs_openssh
def test_two_players_through_the_openssh_recipe_play_a_whole_resurrection_game(sshd):
    """The README's authorized_keys lines (command="redemption --player NAME"), no daemon of ours: the shared
    folder and its lock files are all the two app processes share."""
    from tests.test_ssh_openssh import user

    dealt_table(sshd.data, "alice", "resurrection", [{"invite": "bob"}], seed=5, table_id="recipe")
    with OpenSSHTerminal(sshd, sshd.keys["bob"], user=user()) as bob:
        sit_down(bob, "bob")
        with OpenSSHTerminal(sshd, sshd.keys["alice"], user=user()) as alice:
            sit_down(alice, "alice")
            t = play_whole_resurrection({"alice": alice, "bob": bob}, sshd.data, "recipe")
            for term in (alice, bob):
                term.expect(r"Game over")
            leave(alice)
        leave(bob)
    assert t.game.is_over and [r.kind for r in tables.rows_for(sshd.data, "alice")] == ["finished"]


@pytest.fixture
def sshd3(tmp_path):
    """The private sshd of the recipe test, with a third player."""
    from tests.test_ssh_openssh import SSHD, SSHD_BIN

    if SSHD_BIN is None:
        pytest.skip("the OpenSSH server (sshd) is not installed")
    if os.geteuid() != 0:
        pytest.skip("a private sshd needs root")
    d = SSHD(tmp_path)
    for p in ("alice", "bob", "carol"):
        d.add_player(p)
    d.start()
    yield d
    d.stop()
    deadline = time.monotonic() + 10
    while leftovers(str(tmp_path)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert leftovers(str(tmp_path)) == []


def hand_names(t: tables.Table, seat: int) -> set[str]:
    """The names of the cards in ``seat``'s hand now."""
    return {c["name"] for c in t.game.view(seat)["players"][seat]["hand"]}


def still_secret(t: tables.Table, names: set[str]) -> set[str]:
    """Those of ``names`` never made public: not in the public view, not in the log, by the end."""
    shown = str(public_view(t.game)) + "\n".join(t.meta.log)
    return {n for n in names if n not in shown}


@needs_openssh
def test_three_players_through_the_openssh_recipe_sit_at_one_table_move_and_one_resigns(sshd3):
    """Three OpenSSH clients at one three-seat Redemption table: each accepts from the title screen, the cuts and
    the first moves go round the table, and a player resigns out of turn; every screen shows the end, and no
    screen ever shows a card held in another seat's hand."""
    from tests.test_ssh_openssh import user

    names = ("alice", "bob", "carol")
    dealt_table(sshd3.data, "alice", "redemption", [{"invite": "bob"}, {"invite": "carol"}], seed=8, table_id="three")
    terms = {p: OpenSSHTerminal(sshd3, sshd3.keys[p], user=user()) for p in names}
    try:
        for p in ("bob", "carol", "alice"):
            term = terms[p]
            term.expect(rf"Welcome, {p}\.")
            term.expect(r"▶ Tables" if p != "alice" else r"Tables  \(1 waiting\)")
            term.send("\r" if p != "alice" else "t")
            term.expect(r"Your tables")
            term.mark()
            term.send("\r")
            term.expect(r"Turn \d+ \|")
        t = tables.load(sshd3.data, "three")
        assert t.ready and t.to_move() == "carol"  # the last seat cuts first
        secret: dict[int, set[str]] = {0: set(), 1: set(), 2: set()}
        while len(t.game.history) < 6:  # three cuts, the first player, and the first moves of the turn
            t = act(terms[t.to_move()], sshd3.data, "three", t)
            for seat in secret:
                secret[seat] |= hand_names(t, seat)
        resigner = next(p for p in names if p != t.to_move())
        for term in terms.values():
            term.mark()

        def resign() -> None:
            prompt(terms[resigner], "resign")
            terms[resigner].expect(r"Resign this game\?")
            terms[resigner].send("y")

        t = until_the_table_moves(terms[resigner], sshd3.data, "three", t, resign)
        assert t.game.is_over and t.game.history[-1] == f"resign {names.index(resigner)}"
        for term in terms.values():
            term.expect(r"Game over|GAME OVER")
        secret = {seat: still_secret(t, cards) for seat, cards in secret.items()}
        assert all(secret.values())  # cards that stayed hidden in every hand: what no other screen may show
        for i, p in enumerate(names):
            for j in range(len(names)):
                if i != j:
                    never_shown(terms[p], secret[j] - secret[i])  # a card both held (one deck each) is no secret
        assert tables.record(sshd3.data, resigner)["people"] == [0, 1, 0]
        for p in names:
            leave(terms[p])
    finally:
        for term in terms.values():
            term.close()
    assert all([r.kind for r in tables.rows_for(sshd3.data, p)] == ["finished"] for p in names)
