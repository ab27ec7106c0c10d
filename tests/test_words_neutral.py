"""rules.words.neutral is say() for no reader, written for speed: the same words for every template."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core import Rng
from rules.redemption import new_game
from rules.words import neutral, say

PIECES = ["{p0}", "{p1:^}", "{p2:'s}", "{p0:^'s}", "{p1:their}", "{p0:draws/draw}", "{p3:^has/have}", "{p9}"]
ODD = ["{p", "}", "{", "{p0:", "{pq}", "{p0:a{b}", "{p٣}", "{p²}", "x", " ", ":", "^", "/", "'s"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES + ODD), max_size=12))
def test_neutral_says_what_say_says(pieces):
    template = "".join(pieces)
    assert neutral(template) == say(template)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="{}p0123456789:^'s/their ab٣²", max_size=30))
def test_neutral_on_any_braces(template):
    assert neutral(template) == say(template)


def test_every_event_of_random_games_reads_the_same():
    rng = Rng(5)
    seen = 0
    for seed in range(3):
        g = new_game(seed, ("G", "H", "G") if seed == 2 else ("G", "H"))
        while not g.is_over and len(g.history) < 400:
            legal = g.legal_actions()
            for e in g.apply(legal[rng.below(len(legal))]).events:
                if e.template:
                    seen += 1
                    assert e.text == say(e.template) == neutral(e.template)
    assert seen > 100
