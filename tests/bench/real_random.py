"""Random games of two real decks with the engine's invariants checked after every action.

Random legal actions, the decks swapped game by game; after every action: the cards are conserved (each in one
zone), what a pending decision reveals stays with its chooser (no view, no event text shows it to another seat),
a round trip through ``to_dict``/``from_dict`` gives the same game, and the whole-game check passes; every 50
actions and at the end, the game is saved and loaded as the app does (``saves.dumps``/``saves.loads``) and play goes
on from the loaded copy. A violation is printed with its seed and action number, and counted.

    python -m tests.bench.real_random [--games N] [--first-game N] [--decks G10,H10] [--max-turns N] [--seats N]
                                      [--level normal]

``--seats 3`` or ``4``: the two decks alternate round the table (G10, H10, G10, ...), rotated game by game.
``--level normal`` (or easy, hard): one seat, moving round the table game by game, is that computer level instead of
random moves, so the games take the paths a player's opponent takes.
"""

from __future__ import annotations

import time
import traceback

import saves
from rules.agents import choose_for, make_agent
from rules.core import Rng
from rules.redemption import Game, new_game
from tests.bench.common import machine, parser
from tests.test_redemption_stateful import check_conservation, check_decision_secrecy


def play(seed: int, decks: tuple[str, ...], max_turns: int, level: str = "") -> tuple[int, int, int]:
    """One game: (actions, decisions asked, saves loaded); raises AssertionError on a violation. ``level``: seat
    ``seed`` mod the seats plays at that computer level."""
    g = new_game(seed, decks=decks, max_turns=max_turns)
    meta = saves.Meta(players=[{"name": f"Player {q + 1}", "kind": "human"} for q in range(len(decks))])
    r = Rng(seed)
    smart = make_agent("redemption", level, seed=seed) if level else None
    seat = seed % len(decks)
    actions = asked = loaded = 0
    while not g.is_over:
        legal = g.legal_actions()
        assert legal, "no legal action in a game not over"
        d = g.s.pending
        before = set(d.revealed) if d is not None else set()
        a = choose_for(smart, g) if smart is not None and g.current_player == seat else legal[r.below(len(legal))]
        out = g.apply(a)
        assert out.ok, f"a legal action was refused: {a} ({out.reason})"
        actions += 1
        asked += d is None and g.s.pending is not None
        check_conservation(g)
        check_decision_secrecy(g, before, out.events)
        assert Game.from_dict(g.to_dict()) == g, f"round trip differs after {a}"
        g.validate_whole()
        if actions % 50 == 0:
            g = saves.loads(saves.dumps(g, meta))  # type: ignore[assignment]
            loaded += 1
    again = saves.loads(saves.dumps(g, meta))
    assert again.is_over and again.to_dict() == g.to_dict(), "the finished game does not load as it was"
    return actions, asked, loaded + 1


def main(argv: list[str] | None = None) -> None:
    ap = parser(__file__, __doc__)
    ap.add_argument("--games", type=int, default=200, help="games played (default %(default)s)")
    ap.add_argument("--first-game", type=int, default=0, help="seed of the first game (default %(default)s)")
    ap.add_argument("--decks", type=_deck_pair, default=("G10", "H10"), help="the two decks (default G10,H10)")
    ap.add_argument("--max-turns", type=int, default=0, help="a game's turn limit (default none)")
    ap.add_argument("--seats", type=int, default=2, help="players at the table (default %(default)s)")
    ap.add_argument("--level", default="", help="one seat is this computer level (default: every seat random)")
    args = ap.parse_args(argv)
    games, first, max_turns, seats, level = args.games, args.first_game, args.max_turns, args.seats, args.level
    a, b = args.decks
    who = f"one seat {level}, the others random" if level else "random moves"
    print(f"# {a} v {b} games at {seats} seats ({who}) with invariants after every action ({machine()})")
    t0, actions, asked, loaded, bad = time.perf_counter(), 0, 0, 0, []
    for i in range(first, first + games):
        decks = tuple((a, b)[(q + i) % 2] for q in range(seats))
        try:
            n, k, s = play(i, decks, max_turns, level)
        except Exception as e:  # noqa: BLE001  # every violation is reported with its seed, then the run goes on
            bad.append(i)
            print(f"seed {i} {decks}: {type(e).__name__}: {e}")
            traceback.print_exc(limit=4)
            continue
        actions, asked, loaded = actions + n, asked + k, loaded + s
    secs = time.perf_counter() - t0
    print(
        f"{games} games, {actions} actions, {asked} decisions asked, {loaded} saves loaded: "
        f"{len(bad)} with a violation {bad[:20]} ({secs:.0f} s)"
    )


def _deck_pair(text: str) -> tuple[str, str]:
    a, sep, b = text.partition(",")
    if not (a and sep and b) or "," in b:
        raise ValueError(text)
    return a, b


if __name__ == "__main__":
    main()
