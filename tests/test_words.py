"""Words addressed per seat (rules.words): the engines write each sentence that names seats once, as a template, and
say it for a reader; the app never parses the words."""

import re

import pytest

from rules.core import Rng
from rules.redemption import new_game as new_redemption
from rules.resurrection import new_game as new_resurrection
from rules.words import _FIELD, say, their, verb, who, whose
from tests.redemption_helpers import scenario


def test_say_a_template_neutrally_with_names_and_to_the_reader():
    t = f"{who(1, True)} {verb(1, 'cuts', 'cut')} {whose(0)} deck; {who(0)} {verb(0, 'has', 'have')} {their(0)} turn."
    assert say(t) == "Player 2 cuts Player 1's deck; Player 1 has their turn."
    assert say(t, ["Ann", "Bea"]) == "Bea cuts Ann's deck; Ann has their turn."
    assert say(t, ["You", "Computer"], 0) == "Computer cuts your deck; you have your turn."
    assert say(t, ["Ann", "You"], 1) == "You cut Ann's deck; Ann has their turn."
    assert say(f"{whose(0, True)} turn.", None, 0) == "Your turn."
    assert say("Gideon {G3} and {p} stay as they are.") == "Gideon {G3} and {p} stay as they are."
    assert say(f"{who(3)} draws.", ["Ann", "Bea"]) == "Player 4 draws."  # a seat without a name


GAMES = {
    "resurrection": new_resurrection,
    "redemption": new_redemption,
    "redemption-3": lambda seed: new_redemption(seed, decks=["G", "H", "G"]),
}


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_reader_gets_the_same_words_but_for_the_seats(name, seed):
    """Only the seats differ between readers: every other part of an event's words (card names, numbers) is the
    same for each, so what one reader's words keep hidden, every reader's do."""
    game = GAMES[name](seed)
    n = len(game.view(0)["players"])
    readers = [(None, None), (["Ann", "Bea", "Cy", "Di"][:n], None)]
    readers += [(["You" if q == p else f"Seat{q}" for q in range(n)], p) for p in range(n)]
    rng = Rng(seed)
    addressed = 0
    while not game.is_over:
        legal = game.legal_actions()
        for e in game.apply(legal[rng.below(len(legal))]).events:
            assert e.words() == e.text and "{p" not in e.text
            if not e.template:
                assert all(e.words(names, you) == e.text for names, you in readers)
                continue
            parts = _FIELD.split(e.template)[::4]  # the words between the fields (three groups each)
            for names, you in readers:
                said, pos = e.words(names, you), 0
                assert said.startswith(parts[0]) and said.endswith(parts[-1]), (e.template, said)
                for part in parts:  # every other word is there, in order: only the seats are said differently
                    pos = said.find(part, pos)
                    assert pos >= 0, (e.template, said)
                    pos += len(part)
                if you is not None and f"{{p{you}" in e.template:
                    assert re.search(r"\b(you|You|your|Your)\b", said), said
                    addressed += 1
    assert addressed > 0


WINDOW = """
[start]
phase = "prep"
active = 0
turn = 3
[[start.seat]]
territory = ["gideon"]
land_of_bondage = ["ls_debtor"]
deck = ["barak", "ehud", "ls_prodigal"]
[[start.seat]]
hand = ["day_of_judgment", "pilate"]
land_of_bondage = ["ls_orphan"]
deck = ["peter", "ls_stranger"]
"""


def test_a_refusal_and_a_view_that_name_seats_are_said_to_their_reader():
    b = scenario(WINDOW)
    g = b.game
    assert g.apply("end").ok and g.decision()["kind"] == "window"
    out = g.apply(f"play {b['pilate']}")
    assert not out.ok and out.rule == "redemption.dominant.window"
    assert out.reason.startswith("Player 2 may play a Dominant now")
    assert out.words(["Computer", "You"], 1).startswith("You may play a Dominant now")
    v = g.view(1)
    assert v["decision"]["text"].startswith("Player 2 may play a Dominant now")
    assert say(v["templates"]["decision"], ["Ann", "Bea"]).startswith("Bea may play a Dominant now")


def test_the_decision_names_who_decides_so_each_reader_gets_their_own_words():
    """The view's decision is a template naming the player who decides: "You block ..." for them, "Cy blocks ..." for
    the others, "Player 3 blocks ..." neutrally (the view's text); never an order to whoever reads it."""
    from tests.test_redemption_multi import position

    seats = [{"hand": ["gideon"]}, {}, {"land_of_bondage": ["ls_orphan"], "hand": ["goliath"]}, {}]
    g, ids = position(*seats, phase="battle")
    names = ["Ann", "Bob", "Cy", "Di"]
    start = g.view(1)["templates"]["decision"]
    assert say(start, names, 0).startswith("Battle: you send a Hero ('rescue <hero> <seat>'")
    assert say(start, names, 1).startswith("Battle: Ann sends a Hero")
    assert g.apply(f"rescue {ids[(0, 'gideon')]} 2").ok
    v = g.view(3)
    block = v["templates"]["decision"]
    assert (
        v["decision"]["text"] == "Player 3 blocks Player 1's Hero with an Evil Character ('block <card>') or 'noblock'."
    )
    assert say(block, names, 2).startswith("You block Ann's Hero")
    assert say(block, names, 0).startswith("Cy blocks your Hero")
    four = new_redemption(2, decks=["G", "H", "G", "H"])
    while four.phase == "cut":
        assert four.apply("cut").ok
    chooser = four.current_player
    first = four.view(0)["templates"]["decision"]
    assert say(first, names, chooser) == "You choose who goes first ('first 0' to 'first 3')."


def test_a_players_name_is_said_as_written_even_at_the_start_of_a_sentence():
    assert say("{p0:^} {p0:draws/draw} 1 card(s).", ["alice", "bob"]) == "alice draws 1 card(s)."
