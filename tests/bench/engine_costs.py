"""Per-call costs on a mid-game position: ``legal_actions()``, ``apply()``, ``clone()``.

Baselines measured in the same run: python-chess on a mid-game position
(legal move generation, push, ``Board.copy()``), and ``copy.deepcopy`` of the
same game for ``clone()`` (clone is a structural copy; deepcopy is what it avoids).

    python -m tests.bench.engine_costs
"""

from __future__ import annotations

import copy
import time

from rules.core import Rng
from tests.bench.common import figure, machine, parser, per_call


def mid_game(new_game, actions: int, seed: int = 7):
    """A position after ``actions`` random legal actions (fewer if the game would end)."""
    for s in range(seed, seed + 50):
        g = new_game(s)
        rng = Rng(s)
        for _ in range(actions):
            legal = g.legal_actions()
            g.apply(legal[rng.below(len(legal))])
            if g.is_over:
                break
        if not g.is_over:
            return g
    raise RuntimeError("could not find a mid-game position")


def chess_mid_game():
    import chess

    for s in range(50):
        board = chess.Board()
        rng = Rng(s)
        for _ in range(40):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(moves[rng.below(len(moves))])
        if not board.is_game_over():
            return board
    raise RuntimeError("no chess position")


def measure(name: str, g, chess_board) -> None:
    legal = per_call(g.legal_actions)
    action = g.legal_actions()[0]

    clone = per_call(g.clone)
    apply_cost = float("inf")
    for _ in range(3):  # apply() to fresh copies made beforehand, best of three
        copies = [g.clone() for _ in range(3000)]
        t = time.perf_counter()
        for c in copies:
            c.apply(action)
        apply_cost = min(apply_cost, (time.perf_counter() - t) / len(copies))
    deep = per_call(lambda: copy.deepcopy(g), min_time=0.1, repeat=2)
    if chess_board is not None:
        moves = list(chess_board.legal_moves)
        c_legal = per_call(lambda: list(chess_board.legal_moves))

        def c_push():
            chess_board.push(moves[0])
            chess_board.pop()

        c_push_t = per_call(c_push)
        c_copy = per_call(chess_board.copy)
    else:
        c_legal = c_push_t = c_copy = None
    us = 1e6
    figure(
        f"{name} legal_actions() ({len(g.legal_actions())} actions)",
        legal * us,
        "us/call",
        "python-chess legal moves",
        c_legal * us if c_legal else None,
    )
    figure(f"{name} apply()", apply_cost * us, "us/call", "python-chess push+pop", c_push_t * us if c_push_t else None)
    figure(f"{name} clone()", clone * us, "us/call", "python-chess Board.copy()", c_copy * us if c_copy else None)
    figure(f"{name} clone()", clone * us, "us/call", f"copy.deepcopy of the same {name} game", deep * us)


def main(argv: list[str] | None = None) -> None:
    parser(__file__, __doc__).parse_args(argv)
    print(f"# engine costs per call ({machine()})")
    try:
        board = chess_mid_game()
    except ImportError:
        print("python-chess is not installed (pip install 'redemption-tui[bench]'): no chess baseline")
        board = None
    from rules.resurrection import new_game as res_new

    measure("resurrection", mid_game(res_new, 15), board)
    try:
        from rules.redemption import new_game as red_new
    except ImportError:
        print("redemption: engine not available")
        return
    measure("redemption (mid-game)", mid_game(lambda s: red_new(s), 120), board)


if __name__ == "__main__":
    main()
