"""Redemption. See ``rules.md`` beside this file for the rules in our words, and ``game.py`` for the modules."""

from rules.redemption.cards import (
    CARDS,
    DECKS,
    EFFECTS,
    POOL,
    Ability,
    Card,
    ability_text,
    matches,
    name_on_name,
    parse_deck_toml,
    souls_required,
    validate_deck,
)
from rules.redemption.effects import REGISTRY, Effect
from rules.redemption.game import OPTIONS_DEFAULT, PHASES, VERBS, ZONES, Action, Game, deck_list, new_game, parse_action

Actions = Action

__all__ = [
    "Ability",
    "Action",
    "Actions",
    "CARDS",
    "Card",
    "DECKS",
    "EFFECTS",
    "Effect",
    "Game",
    "OPTIONS_DEFAULT",
    "PHASES",
    "POOL",
    "REGISTRY",
    "VERBS",
    "ZONES",
    "ability_text",
    "deck_list",
    "matches",
    "name_on_name",
    "new_game",
    "parse_action",
    "parse_deck_toml",
    "souls_required",
    "validate_deck",
]
