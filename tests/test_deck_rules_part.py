"""Each game played with decks gives the deck editor what it shows (``rules.games.DeckRules``): the editor names no
game's card types or alignments."""

from __future__ import annotations

import typing

from rules.games import DeckRules, deck_games


def test_every_deck_game_has_each_name_the_deck_rules_declare():
    declared = set(typing.get_type_hints(DeckRules)) | {"check", "find_card", "suggest"}
    for info in deck_games():
        rules = info.deck_rules()
        assert {n for n in declared if not hasattr(rules, n)} == set(), info.name  # the module against its protocol


def test_the_editor_has_a_short_name_for_every_card_type_and_every_cards_alignment():
    for info in deck_games():
        rules = info.deck_rules()
        assert set(rules.SHORT_TYPE_NAMES) == set(rules.CARD_TYPES)
        assert all(len(name) <= 5 for name in rules.SHORT_TYPE_NAMES.values())
        assert {c.alignment for c in rules.CARDS.values()} <= set(rules.ALIGNMENTS)
