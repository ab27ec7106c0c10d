"""The coach's words for Resurrection (see :mod:`rules.coach` for the shapes).

Everything here reads ``game.view(player)``, the public events and the legal
actions, so the coach never tells a player what they could not see: the
Aggressor's face-down card stays hidden from the Defender until it is revealed.
"""

from __future__ import annotations

from rules.coach import Line
from rules.core import Event
from rules.resurrection.cards import CARDS, CODES
from rules.resurrection.game import Game, Play, ResurrectionView
from rules.words import plural

POWER_ORDER = " > ".join(CODES)


def _name(code: str) -> str:
    return CARDS[code].name


def _you(player: int, who: int) -> str:
    return "you" if who == player else "your opponent"


def strength(code: str) -> str:
    """Where a card stands in the power order, in words."""
    i = CODES.index(code)
    above, below = CODES[:i], CODES[i + 1 :]
    if not above:
        return "the highest card: nothing beats it, only another Black Ace ties it"
    if not below:
        return "the lowest card: it beats nothing and can only tie another 7"
    if len(above) == 1:
        return f"beaten only by the {_name(above[0])}"
    if len(below) <= 2:
        return f"beats only {' and '.join(below)}; loses to the {plural(len(above), 'card')} above it"
    return f"beats {plural(len(below), 'card')} ({' '.join(below)}); loses to {' '.join(above)}"


def ability_words(code: str) -> tuple[str, str]:
    card = CARDS[code]
    if card.is_black_face:
        return (
            "If it wins, the top card of your Fallen Pile comes back to the bottom of your Hero Pile.",
            "resurrection.ability.1",
        )
    if card.is_red_face:
        return "If it loses, the winner's top Hero Pile card falls to their Fallen Pile.", "resurrection.ability.2"
    return "No ability: if it loses it goes on top of your Fallen Pile.", "resurrection.ability.3"


def _tied(view: ResurrectionView) -> int:
    """How many tied pairs lie on the table (0 when no tie is being extended)."""
    a = view["players"][view["aggressor"]]["table"]
    d = view["players"][1 - view["aggressor"]]["table"]
    return min(len(a), len(d))


def seen(game: Game, player: int) -> Game:
    """What the functions here read for ``player``: the game itself (they read its ``view(player)``, the public
    events and the legal actions; Redemption's coach reads a Sight instead)."""
    return game


def model(seen: Game) -> Game:
    """The game itself: what the coach reads of it is what the player sees."""
    return seen


def phase(game: Game, player: int) -> tuple[str, str, str]:
    v = game.view(player)
    if v["is_over"]:
        w = v["winner"]
        if w is None:
            return "Game over", "a draw: nobody can play on.", "resurrection.end.1"
        return (
            "Game over",
            ("you won: " if w == player else "your opponent won: ")
            + "the loser has no cards left in hand or Hero Pile.",
            "resurrection.end.1",
        )
    battle = v["battle"] + 1
    me_aggressor = v["aggressor"] == player
    tied = _tied(v)
    if tied and not v["face_down"]:
        if me_aggressor:
            return (
                f"Battle {battle}, extended",
                "the last cards tied, so the battle goes on: play another card face down. "
                f"Only the next pair counts, and its winner takes all {2 * tied + 2} cards.",
                "resurrection.tie.1",
            )
        return (
            f"Battle {battle}, extended",
            "the last cards tied; the Aggressor plays another card face down, then you answer.",
            "resurrection.tie.1",
        )
    if v["face_down"]:
        if me_aggressor:
            return (
                f"Battle {battle}: you attacked",
                "your card lies face down; the Defender answers face up without seeing it.",
                "resurrection.battle.2",
            )
        return (
            f"Battle {battle}: you defend",
            "the Aggressor's card is face down. Answer face up with one card; "
            "then both are compared and the higher card in the power order wins.",
            "resurrection.battle.2",
        )
    if me_aggressor:
        return (
            f"Battle {battle}: you attack",
            "you are the Aggressor: choose a card and play it face down. Your opponent answers without seeing it.",
            "resurrection.battle.1",
        )
    return (
        f"Battle {battle}: you defend",
        "your opponent, the Aggressor, is choosing a card to play face down.",
        "resurrection.battle.1",
    )


def describe_action(game: Game, player: int, action: Play) -> tuple[str, str]:
    rule = "resurrection.battle.1" if game.aggressor == player else "resurrection.battle.2"
    how = "face down" if game.aggressor == player else "face up"
    ability, _ = ability_words(action.code)
    return f"play the {_name(action.code)} {how}: {strength(action.code)}. {ability}", rule


def explain_events(game: Game, player: int, events: list[Event]) -> list[Line]:
    """What happened since ``player`` last decided, from their side of the table, and why it mattered."""
    out: list[Line] = []
    plays: dict[int, str] = {}
    for e in events:
        who = _you(player, e.player)
        if e.kind == "play":
            if not e.cards:  # played face down: the card is not named
                text = (
                    "You played a card face down."
                    if e.player == player
                    else "Your opponent attacked with a card face down: you will see it once you answer."
                )
                out.append(Line(text, "resurrection.battle.1"))
            else:
                code = e.cards[0]
                plays[e.player] = code
                out.append(
                    Line(f"{who.capitalize()} answered face up with the {_name(code)}.", "resurrection.battle.2")
                )
        elif e.kind == "reveal":
            code = e.cards[0]
            plays[e.player] = code
            whose = "Your" if e.player == player else "Their"
            out.append(Line(f"{whose} face-down card is revealed: the {_name(code)}.", "resurrection.battle.3"))
        elif e.kind == "tie":
            out.append(
                Line(
                    "A tie: both cards stay on the table and the battle goes on; only the last pair will count.",
                    "resurrection.tie.1",
                )
            )
        elif e.kind == "win":
            w = e.player
            mine, theirs = plays.get(player), plays.get(1 - player)
            if w == player:
                text = "You won the battle"
                if mine and theirs:
                    text += f": your {_name(mine)} is higher than their {_name(theirs)} in the power order"
                text += ". Your cards go back on top of your Hero Pile; theirs fall."
            else:
                text = "Your opponent won the battle"
                if mine and theirs:
                    text += f": their {_name(theirs)} is higher than your {_name(mine)} in the power order"
                text += ". Your card goes to your Fallen Pile, so you have one card fewer to play with."
            out.append(Line(text, "resurrection.battle.3"))
        elif e.kind == "lose":
            out.append(Line(e.template or e.text, e.rule))
        elif e.kind == "aggressor":
            if e.player == player:
                out.append(
                    Line("You lost, so you are the Aggressor next: you play first, face down.", "resurrection.next.1")
                )
            else:
                out.append(Line("Your opponent lost, so they attack next; you will answer.", "resurrection.next.1"))
        else:  # ability, place, draw, game_over: the engine's words already say what and why
            out.append(Line(e.template or e.text, e.rule))  # said to the reader by rules.coach.advise
    return out


def battle_why(game: Game, player: int) -> list[Line]:
    """The state of the battle and the rules that make it so."""
    v = game.view(player)
    if v["is_over"]:
        return []
    me, them = v["players"][player], v["players"][1 - player]
    out: list[Line] = []
    if v["aggressor"] == player:
        why = "you lost the last battle" if v["battle"] else "you were chosen to start"
        out.append(
            Line(
                f"You are the Aggressor because {why}.",
                "resurrection.next.1" if v["battle"] else "resurrection.setup.2",
            )
        )
    else:
        why = "they lost the last battle" if v["battle"] else "they were chosen to start"
        out.append(
            Line(
                f"Your opponent is the Aggressor because {why}.",
                "resurrection.next.1" if v["battle"] else "resurrection.setup.2",
            )
        )
    if me["table"] or them["table"]:
        mine = " ".join(me["table"]) or "nothing"
        theirs = " ".join("face down" if c == "?" else c for c in them["table"]) or "nothing"
        text = f"On the table: yours {mine}; theirs {theirs}."
        tied = _tied(v)
        if tied:
            text += f" {plural(tied, 'tied pair')}: the winner of the next pair takes every card on the table."
            out.append(Line(text, "resurrection.tie.1"))
        else:
            out.append(Line(text, "resurrection.battle.2"))
    out.append(Line(f"Power order, highest first: {POWER_ORDER}.", "resurrection.cards.1"))
    out.append(
        Line(
            f"Cards left in hand and Hero Pile: you {me['cards_left']}, your opponent {them['cards_left']}. "
            f"Whoever runs out first loses.",
            "resurrection.end.1",
        )
    )
    return out


def suggest(game: Game, player: int) -> tuple[Play, str]:
    """The coach's own choice when no computer player answers: the highest card in hand."""
    hand = game.view(player)["players"][player]["hand"] or []  # a view always shows its own seat's hand
    code = hand[0]  # the view lists the hand highest first
    return Play(code), reason_for(game, player, Play(code))


def reason_for(game: Game, player: int, action: Play) -> str:
    v = game.view(player)
    hand = v["players"][player]["hand"] or []
    code = action.code
    if _tied(v):
        return f"The {_name(code)} is {strength(code)}; after a tie the winner takes every card on the table, so play strong."
    if code == "BA":
        return "The Black Ace cannot lose: at worst it ties another Black Ace."
    if hand and code == hand[0]:
        return f"The {_name(code)} is your highest card: {strength(code)}."
    if CARDS[code].is_red_face:
        return f"The {_name(code)} hurts the winner even if it loses: {ability_words(code)[0]}"
    return f"The {_name(code)}: {strength(code)}."


def grouped(actions: list[Play]) -> list[Play]:
    """Every action is listed: each plays a different card."""
    return actions
