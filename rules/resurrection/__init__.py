"""Resurrection, the 9-card duel. See ``rules.md`` beside this file for the rules in our words."""

from rules.resurrection.cards import CARDS, CODES, Card
from rules.resurrection.game import Action, Game, Play, new_game, parse_action

__all__ = ["Action", "CARDS", "CODES", "Card", "Game", "Play", "new_game", "parse_action"]
