"""A key of its own (pass, end phase, mute) is explained by the game that gives it actions (``ControlsPart.explain``):
the generic key table says what any game's key does, and the help of a game says what it does there."""

from __future__ import annotations

import re

from rules.games import GAMES
from tui import keys
from tui.screens.game import GameScreen
from tui.screens.help import HelpScreen

#: Words of Redemption's rules that no generic text may use.
GAME_WORDS = re.compile(r"\b(Dominant|Hero|Evil Character|Lost Soul|brigade|territory)s?\b")


def test_the_generic_key_texts_name_no_games_words():
    for name, b in keys.PLAY.items():
        assert not GAME_WORDS.search(b.tooltip or ""), (name, b.tooltip)


def test_every_game_explains_its_keys_of_its_own_in_its_controls_part():
    for info in GAMES:
        part = info.controls_module()
        for key in ("pass", "end_phase", "mute"):
            assert isinstance(part.explain(key), str)


def test_a_games_help_says_what_its_mute_key_does_and_the_generic_table_does_not():
    generic = keys.key_table(GameScreen.BINDINGS)
    assert "Dominant" not in generic and "the game's mute action" in generic
    texts = HelpScreen("redemption").game_texts(GameScreen.BINDINGS)
    assert set(texts) == {"mute"} and "Dominant window" in texts["mute"]
    table = keys.key_table(GameScreen.BINDINGS, texts=texts)
    assert "| m | in a Dominant window: play no Dominant now" in table and "the game's mute action" not in table
    assert HelpScreen("resurrection").game_texts(GameScreen.BINDINGS) == {}
    assert HelpScreen(None).game_texts(GameScreen.BINDINGS) == {}
