"""What the coach, the hints, the choice list and the typing line produce for a seat comes from that seat's Sight
(``Game.sight``: its view, its legal actions, a model re-dealt from its knowledge), never from the game: a card a
pending decision reveals to one player shows in nothing they produce for another (redemption.decision)."""

from __future__ import annotations

import json

import pytest

from rules import coach
from rules.redemption.names import resolve
from tests.redemption_helpers import ok, scenario
from tui.games.redemption import RedemptionUI

SEATS = """
[[start.seat]]
hand = ["{dominant}"]
deck = ["goliath", "ls_debtor", "barak", "delilah", "ehud"]
[[start.seat]]
territory = ["peter"]
deck = ["james", "ls_orphan"]
[[start.seat]]
deck = ["john", "ls_widow"]
"""
START = """
[start]
phase = "prep"
active = 0
turn = 3
decks = ["G", "H", "G"]
souls_drawn = [0, 0, 0]
"""
NAMES = ["Ann", "Bob", "Cy"]


def produced(g, q: int) -> str:
    """Everything the coach, the hint, the choice list and the typing line say to seat q now."""
    sight = g.sight(q)
    out = [coach.advise(g, q, names=NAMES).text(), coach.advise(g, q).text(), json.dumps(sight.view)]
    h = coach.hint(g, q)
    if h is not None:
        out += [h.action, h.reason]
    ui = RedemptionUI()
    ui._cards = ui._all_cards(sight.view)
    pending = ui.pending_choice(sight.view)
    if pending is not None:
        out += [pending.question, *pending.options, *pending.actions]
    for c in g.s.pending.revealed:
        out += [ui.describe(f"choose {c}"), sight.name(c), str(sight.card(c))]
        typed = f"choose {g.cd[c].name.split()[-1].lower()}"
        try:  # the typing line: a name the reader does not see is no name at all
            out.append(resolve(sight.view, typed))
        except ValueError as e:
            out.append(str(e).replace(repr(typed.split()[1]), "..."))  # the refusal repeats what was typed
    return "\n".join(out)


@pytest.mark.parametrize("dominant", ["gleaning", "searching_scriptures"])
def test_a_revealed_card_shows_only_in_what_is_produced_for_its_chooser(dominant):
    b = scenario(START + SEATS.format(dominant=dominant))
    g = b.game
    ok(g, f"dominant {b[dominant]}")
    d = g.s.pending
    assert d is not None and d.to == [0] and d.options
    revealed = {c: g.cd[c].name for c in d.revealed}
    chooser = produced(g, 0)
    assert all(name in chooser for c, name in revealed.items() if c in d.options)  # the test can see a card
    for q in (1, 2):
        said = produced(g, q)
        shown = [name for c, name in revealed.items() if name in said or f'"{c}"' in said or f"choose {c}" in said]
        assert not shown, f"seat {q} is shown {shown}"
        assert g.sight(q).card(d.options[0]) is None and RedemptionUI().pending_choice(g.sight(q).view) is None


def test_the_coach_and_the_typing_line_read_no_game():
    """The modules that speak to a player take a Sight or a view: they do not import the game."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "rules" / "redemption"
    for name in ("coach.py", "names.py", "sight.py"):
        tree = ast.parse((root / name).read_text())
        imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        runtime = imported - {"rules.redemption.game"} if name == "sight.py" else imported  # sight: for typing
        assert "rules.redemption.game" not in runtime, name
        assert "rules.redemption" not in imported, name
