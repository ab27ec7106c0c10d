"""Grammar of the words every reader gets: a count agrees with its noun ("1 card", "2 cards", never "card(s)"), a
possessive is a word ("your", never "You's"), a card's own words are said as its player's, and an unblocked rescue
is said to be unblocked."""

from __future__ import annotations

import re
import token
import tokenize
from pathlib import Path

import pytest

from rules.core import Rng
from rules.redemption import new_game as new_redemption
from rules.resurrection import new_game as new_resurrection
from rules.words import played_by, plural, possessive, say
from tests.redemption_helpers import build, ok

#: the tokens that hold a string's words (an f-string's parts are tokens of their own from Python 3.12)
TEXT_TOKENS = {token.STRING, getattr(token, "FSTRING_MIDDLE", token.STRING)}
ROOT = Path(__file__).resolve().parent.parent

#: what a count that does not agree with its noun, or a possessive that is no word, looks like
BAD = re.compile(r"\b1 (cards|Lost Souls|Redeemed Souls|tied pairs|ties|card ids)\b|\w\(s\)|\bYou's\b|\bHeros\b")


def test_plural_and_possessive():
    assert [plural(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert plural(1, "Lost Soul") == "1 Lost Soul" and plural(3, "Hero", "Heroes") == "3 Heroes"
    assert possessive("Ann") == "Ann's" and possessive("Shut Mouths of Lions") == "Shut Mouths of Lions'"
    assert possessive("You") == "your"


def test_a_seat_named_you_is_said_as_you_even_when_nobody_reads_it():
    """A screen with a seat named "You" whose words were said without a reader wrote "You's deck", "You draws"."""
    assert say("{p0:^} {p0:draws/draw}; {p1} cuts {p0:'s} deck.", ["You", "Ann"]) == "You draw; Ann cuts your deck."


GAMES = {
    "resurrection": new_resurrection,
    "redemption": new_redemption,
    "redemption-3": lambda seed: new_redemption(seed, decks=["G", "H", "G"]),
}


@pytest.mark.parametrize("name", GAMES)
def test_no_event_view_or_refusal_of_random_games_says_1_cards_or_card_s(name):
    """Every event, the decision's words and a refusal, said to every reader, over random games."""
    seen: set[str] = set()
    for seed in (1, 2, 3):
        game = GAMES[name](seed)
        n = len(game.view(0)["players"])
        readers = [(None, None), (["Ann", "Bea", "Cy"][:n], None)]
        readers += [(["You" if q == p else f"Seat{q}" for q in range(n)], p) for p in range(n)]
        rng = Rng(seed)
        while not game.is_over:
            legal = game.legal_actions()
            said = list(game.apply(legal[rng.below(len(legal))]).events)
            if not game.is_over:
                said.append(game.apply("nonsense 1 2"))  # a refusal
            for e in said:
                for names, you in readers:
                    words = e.words(names, you)
                    assert not BAD.search(words), words
                    seen.add(words)
            for p in range(n):
                text = game.view(p).get("decision", {}) or {}
                assert not BAD.search(str(text)), text
    assert len(seen) > 20


def test_no_template_in_the_source_says_s_in_brackets():
    """'card(s)' in any string of the program: a count that could agree with its noun does not."""
    found = []
    for folder in ("rules", "tui", "saves"):
        for path in (ROOT / folder).rglob("*.py"):
            with path.open("rb") as f:
                for tok in tokenize.tokenize(f.readline):
                    if tok.type not in TEXT_TOKENS or tok.string.endswith(('"""', "'''")):
                        continue  # a docstring may say what a reader never reads
                    words = re.sub(r"\{[^{}]*\}", "", tok.string)  # an f-string's fields are code
                    if re.search(r"[A-Za-z]\(s\)", words):
                        found.append(f"{path.relative_to(ROOT)}:{tok.start[0]}: {tok.string}")
    assert not found, found


def test_counts_of_one_and_two_in_the_draw_and_a_site():
    for left, want in ((1, "Player 2 draws 1 card in"), (2, "Player 2 draws 2 cards in")):
        b = build({"deck": ["peter"] * 3}, {"deck": ["barak", "ehud"][:left]}, phase="discard")
        texts = [e.text for e in ok(b.game, "end").events]
        assert any(t.startswith(want) for t in texts), texts
    b = build({"territory": ["cave_of_adullam"], "land_of_bondage": ["ls_orphan", "ls_widow"]}, {}, phase="prep")
    ok(b.game, f"soul {b['ls_orphan']} {b['cave_of_adullam']}")
    out = b.game.apply(f"soul {b['ls_widow']} {b['cave_of_adullam']}")
    assert not out.ok and out.reason.endswith("already holds 1 Lost Soul."), out.reason


def test_the_coin_flip_says_how_many_lost_souls_each_drew():
    for seed in range(1, 60):
        g = new_redemption(seed)
        events = []
        while g.phase == "cut":
            events += g.apply("cut").events
        flip = [e.text for e in events if "coin flip" in e.text]
        if flip:
            assert "each drew" in flip[0] and not BAD.search(flip[0]) and "both drew" not in flip[0], flip
            return
    pytest.fail("no coin flip in 60 seeds")


def test_a_cards_words_are_said_as_its_players():
    """The computer's Dominant said "... it goes straight to your Land of Redemption" to the person it rescued from."""
    template = played_by("Rescue a Lost Soul: it goes straight to your Land of Redemption. Your opponent waits.", 1)
    assert say(template, ["You", "Computer"], 0) == (
        "Rescue a Lost Soul: it goes straight to Computer's Land of Redemption. Their opponent waits."
    )
    assert say(template, ["You", "Computer"], 1) == (
        "Rescue a Lost Soul: it goes straight to your Land of Redemption. Your opponent waits."
    )
    b = build({"land_of_bondage": ["ls_orphan"]}, {"hand": ["heavenly_city"]}, phase="prep", active=1)
    out = ok(b.game, f"dominant {b['heavenly_city']} {b['ls_orphan']}")
    played = next(e for e in out.events if e.kind == "dominant")
    assert "your Land of Redemption" not in played.words(["You", "Computer"], 0), played.words(["You", "Computer"], 0)
    assert "Computer's Land of Redemption" in played.words(["You", "Computer"], 0)
    assert "your Land of Redemption" in played.words(["Ann", "You"], 1)


def test_an_unblocked_rescue_is_said_to_be_unblocked():
    b = build({"hand": ["daniel"]}, {"land_of_bondage": ["ls_orphan"], "hand": ["annas"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b['daniel']}")
    out = ok(g, "noblock")
    resolved = [e.text for e in out.events if e.kind == "resolve"]
    assert resolved and "nobody blocked the rescue attempt" in resolved[0], resolved
    assert "no Evil character is left" not in resolved[0]
