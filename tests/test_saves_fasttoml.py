"""saves.fasttoml: the quick reader of tomli_w's TOML gives tomllib's tables, or leaves the text to tomllib."""

from __future__ import annotations

import math
import tomllib

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import saves
from rules.core import Rng
from rules.redemption import new_game as redemption_game
from rules.resurrection import new_game as resurrection_game
from saves import fasttoml
from saves.store import parse_toml


def same_as_tomllib(text: str) -> bool:
    """fasttoml read ``text`` (not None), and its tables are tomllib's."""
    doc = fasttoml.loads(text)
    return doc is not None and doc == tomllib.loads(text)


def played(game, seed: int, moves: int):
    rng = Rng(seed)
    for _ in range(moves):
        if game.is_over:
            break
        actions = game.legal_actions()
        game.apply(actions[rng.below(len(actions))])
    return game


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_redemption_saves_are_read_quickly_and_alike(seats):
    decks = ("G", "H", "G", "H")[:seats]
    for seed, moves in ((1, 0), (2, 40), (3, 150)):
        g = played(redemption_game(seed, decks), seed, moves)
        meta = saves.Meta(players=[{"name": f'P"{i} #\t\u00e9', "kind": "human"} for i in range(seats)])
        text = saves.dumps(g, meta)
        assert same_as_tomllib(text)
        assert saves.loads(text) == g


def test_resurrection_saves_are_read_quickly_and_alike():
    for seed in (1, 2):
        g = played(resurrection_game(seed), seed, 30)
        text = saves.dumps(g)
        assert same_as_tomllib(text)
        assert saves.loads(text) == g


KEYS = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=6)
SCALARS = st.one_of(
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False),
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=80, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(KEYS, VALUES, max_size=6))
def test_what_tomli_w_writes_is_read_as_tomllib_reads_it(doc):
    text = tomli_w.dumps(doc)
    quick = fasttoml.loads(text)
    assert quick is None or quick == tomllib.loads(text)


@settings(max_examples=60)
@given(st.dictionaries(KEYS, st.recursive(SCALARS, lambda inner: st.dictionaries(KEYS, inner, max_size=3)), max_size=5))
def test_tables_and_scalars_are_always_read_quickly(doc):
    assert same_as_tomllib(tomli_w.dumps(doc))


#: A save's text, whose every line the mutations below may touch.
SAVE = saves.dumps(
    played(redemption_game(5, ("G", "H", "G")), 5, 60),
    saves.Meta(players=[{"name": "Ann"}, {"name": "Bob", "kind": "computer", "level": "easy"}, {"name": "Cy"}]),
)
TOML_CHARS = "[]{}=,.\"'#\\\n\r\t -+_:0123456789eExuUabtfn"


@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_changed_save_is_read_alike_or_left_to_tomllib(data):
    """Edits anywhere in a real save: whatever fasttoml still reads, tomllib reads alike (it never accepts a text
    tomllib refuses, never reads one otherwise)."""
    text = SAVE
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text)))
        cut = data.draw(st.integers(0, 3))
        put = data.draw(st.text(st.sampled_from(TOML_CHARS), max_size=3))
        text = text[:at] + put + text[at + cut :]
    quick = fasttoml.loads(text)
    if quick is None:
        return
    try:
        slow = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError):
        pytest.fail(f"fasttoml read a text tomllib refuses: {text!r}")
    assert quick == slow or _has_nan(quick)


def _has_nan(value) -> bool:
    if isinstance(value, float):
        return math.isnan(value)
    if isinstance(value, dict):
        return any(_has_nan(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_nan(v) for v in value)
    return False


@pytest.mark.parametrize(
    "text",
    [
        "a = 1\na = 2\n",  # a key twice
        "[t]\nx = 1\n[t]\ny = 2\n",  # a table twice
        "[t]\nx = 1\n[t.x]\ny = 2\n",  # a table over a value
        "t = { x = 1 }\n[t.y]\nz = 2\n",  # a header into an inline table
        "[[t]]\nx = 1\n[t]\ny = 2\n",  # a table over an array of tables
        "t = [1]\n[[t]]\nx = 1\n",  # an array of tables over an array
        "a = 1 # why\n",  # a comment
        "a = 'literal'\n",
        'a = """multi"""\n',
        "a.b = 1\n",  # a dotted key
        'a = "\\U0001F600"\n',
        'a = "\\ud800"\n',  # a surrogate: tomllib refuses it
        'a = "\\x41"\n',  # no such escape
        "a = 01\n",
        "a = +1\n",
        "a = 1_000\n",
        "a = 0x1f\n",
        "a = 1979-05-27\n",
        "a = 1.\n",
        "a = [1, 2]\n",  # not tomli_w's layout
        "a = 1\r\nb = 2\r\n",
        "a=1\n",
        "a = 1 2\n",
        "a = [\n    1,\n",  # the text ends inside the array
        "a = { b = 1, b = 2 }\n",
        "a = {b = 1}\n",
        "[a]]\n",
        "[[a]\n",
        'a = "unterminated\n',
        "a = 1\n[b\n",
        "= 1\n",
        '"" = "\x01"\n',  # a raw control character
        'a = "x\u2028y"\n[ a ]\n',
        "a = +inf\n",
    ],
)
def test_what_fasttoml_does_not_know_is_left_to_tomllib(text):
    assert fasttoml.loads(text) is None
    try:
        expected: object = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError) as e:
        expected = type(e)
    try:
        got: object = parse_toml(text, ValueError)
    except ValueError:
        got = tomllib.TOMLDecodeError if expected is tomllib.TOMLDecodeError else ValueError
    assert got == expected


def test_deep_headers_are_refused_as_by_tomllib():
    deep = "[" + ".".join(["k"] * 40) + "]\nx = 1\n"
    assert fasttoml.loads(deep) is not None  # read quickly, then found too deep by the same check
    with pytest.raises(ValueError, match="nested far deeper"):
        parse_toml(deep, ValueError)


# --- writing ---------------------------------------------------------------------------------------------------

WRITTEN = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.lists(inner, max_size=3).map(tuple)
        | st.dictionaries(KEYS, inner, max_size=4)
        | st.lists(st.dictionaries(KEYS, inner, max_size=3), min_size=1, max_size=3)
    ),  # arrays of tables
    max_leaves=20,
)


@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(KEYS, WRITTEN, max_size=6))
def test_fasttoml_writes_what_tomli_w_writes(doc):
    assert fasttoml.dumps(doc) == tomli_w.dumps(doc)


def test_fasttoml_writes_real_saves_as_tomli_w_and_leaves_it_the_rest():
    import datetime

    for g in (played(redemption_game(4, ("G", "H", "G", "H")), 4, 120), played(resurrection_game(3), 3, 20)):
        doc = tomllib.loads(saves.dumps(g))
        assert fasttoml.dumps(doc) == tomli_w.dumps(doc)
    long = {"t": [{"k": "x" * 120}, {"k": 1}], "short": [{"a": 1}], "nested": {"in": {"d": {}}}, "e": {}}
    assert fasttoml.dumps(long) == tomli_w.dumps(long) and "[[t]]" in fasttoml.dumps(long)
    when = {"at": datetime.date(2026, 12, 3), "s": '\x1b[2J"\\\u00e9\u2028'}
    assert fasttoml.dumps(when) == tomli_w.dumps(when)
    for bad in ({1: "a number for a key"}, {"x": object()}, {"x": {2: 3}}):
        with pytest.raises(TypeError):
            tomli_w.dumps(bad)
        with pytest.raises(TypeError):
            fasttoml.dumps(bad)
