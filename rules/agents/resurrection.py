"""Resurrection computer players: the heuristic (normal), its noisy form (easy).

The heuristic scores each card in hand by its expected material swing in the
battle about to be fought, against the cards the opponent may play:

* What is known: every card a player has held or seen revealed keeps a known
  place (cards only move by public rules). So the opponent's hand is partly
  known (cards they won with go back on top of their Hero Pile and come back
  into their hand), and the rest of it is drawn from the cards not yet seen.
  With the game at hand this comes from ``Game.known_cards``; from the view
  alone it is only what is on the table now.
* Neither side sees the other's card before both are down (the Aggressor plays
  face down, the Defender answers without seeing it), so the opponent's card is
  taken as uniformly one of the cards they may hold.
* Material is the cards a player still has in hand and Hero Pile, each worth a
  little more the higher it is (a lost high card is a lost future win). A black
  A/K/J that wins brings a fallen card back; a red A/K/J that loses costs the
  winner their top Hero Pile card; a tie puts every card on the table at stake,
  which favours whoever keeps the higher cards for the continuation.
* Timing: every card in hand will be played before the hand refills, so what
  counts is what a card gains by being played *now* rather than later: its
  expected swing now minus its swing in a typical later battle (a black A/K/J
  that wins while the Fallen Pile is empty wastes its resurrection). A small
  timing preference breaks near-ties: number cards first, then red A/K/J (a red
  face that loses late in a round knocks out the card the opponent has just won
  with, on top of their Hero Pile), black A/K/J last.
* A battle that can take a player's last card ends the game: that outweighs
  material and timing.

Against random play this wins about 85% of games (tests/bench/strength.py); each
ingredient alone does much worse (expected swing alone: no better than random;
the timing order alone: about 70%).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from rules.agents.base import Eye
from rules.core import Rng
from rules.resurrection.cards import CARDS, CODES
from rules.resurrection.game import Game, Play, _Side

if TYPE_CHECKING:
    from rules.agents.ismcts import ISMCTS

#: Extra worth of a card in play, by power: losing a Black Ace costs more than losing a 7.
QUALITY = 0.35
_RANK = {c: (len(CODES) - 1 - i) / (len(CODES) - 1) for i, c in enumerate(CODES)}  # 7 -> 0.0, BA -> 1.0
_AVG = 1 + QUALITY * 0.5
#: The order to spend a hand in, all else equal: number cards, red faces, black faces.
TIMING = ("7", "8", "9", "RA", "RK", "RJ", "BJ", "BK", "BA")
TIMING_WEIGHT = 0.15


def _v(code: str) -> float:
    return 1 + QUALITY * _RANK[code]


@dataclass
class Info:
    """What one player knows at a decision, in the terms the heuristic needs."""

    hand: list[str]
    my_hero: int
    my_fallen: int
    opp_hero: int
    opp_fallen: int
    my_tied: list[str]  # my cards already on the table from ties
    opp_tied: list[str]
    opp_dist: dict[str, float]  # probability the opponent's card in this battle is each code
    opp_last: bool = False  # the opponent's card in this battle is their last one: losing it ends their game
    my_reserve: int = 1  # cards I keep besides the one I play (hand and Hero Pile)


def info_from_view(view: dict[str, Any]) -> Info:
    """Only what the view shows: the opponent's hand is any card not visible."""
    me = view["you"]
    mine, theirs = view["players"][me], view["players"][1 - me]
    their_table = [c for c in theirs["table"] if c != "?"]
    face_down_theirs = view["face_down"] and view["aggressor"] != me
    pool_size = theirs["hand_count"] + (1 if face_down_theirs else 0)
    unknown = [c for c in CODES if c not in their_table]
    dist = {c: 1 / len(unknown) for c in unknown} if pool_size else {}
    tied = len(mine["table"])
    opp_left = pool_size - 1 + theirs["hero_pile_count"]
    return Info(
        list(mine["hand"]),
        mine["hero_pile_count"],
        mine["fallen_pile_count"],
        theirs["hero_pile_count"],
        theirs["fallen_pile_count"],
        list(mine["table"][:tied]),
        their_table[:tied],
        dist,
        opp_last=pool_size > 0 and opp_left == 0,
        my_reserve=len(mine["hand"]) - 1 + mine["hero_pile_count"],
    )


def info_from_game(game: Game, me: int) -> Info:
    """The view plus perfect recall of what this player has seen (``Game.known_cards``)."""
    known = game.known_cards(me)[1 - me]
    mine, theirs = game.sides[me], game.sides[1 - me]
    pool = list(theirs.hand)
    if game.face_down and game.aggressor != me:
        pool.append(theirs.table[-1])
    known_pool = [c for c in pool if c in known]
    unknown = [c for c in CODES if c not in known]
    n_unknown_in_pool = len(pool) - len(known_pool)
    dist: dict[str, float] = {}
    if pool:
        for c in known_pool:
            dist[c] = 1 / len(pool)
        if n_unknown_in_pool:
            share = n_unknown_in_pool / (len(unknown) * len(pool))
            for c in unknown:
                dist[c] = dist.get(c, 0.0) + share
    tied = len(mine.table)
    return Info(
        sorted(mine.hand, key=CODES.index),
        len(mine.hero_pile),
        len(mine.fallen_pile),
        len(theirs.hero_pile),
        len(theirs.fallen_pile),
        list(mine.table),
        list(theirs.table[:tied]),
        dist,
        opp_last=bool(pool) and len(pool) - 1 + len(theirs.hero_pile) == 0,
        my_reserve=len(mine.hand) - 1 + len(mine.hero_pile),
    )


#: The worth of ending the game, against a few cards of material.
GAME = 50.0


def outcome_value(info: Info, mine: str, theirs: str, remaining: list[str]) -> float:
    """My material swing minus the opponent's if I play ``mine`` and they play ``theirs``.

    A battle that takes a player's last card ends the game, which outweighs any material.
    """
    pm, pt = CARDS[mine].power, CARDS[theirs].power
    if info.opp_last and pm >= pt and (pm > pt or info.my_reserve > 0):
        return GAME  # they lose their last card (or cannot continue the tie)
    if info.my_reserve == 0 and pm <= pt and (pm < pt or not info.opp_last):
        return -GAME
    if pm > pt:
        gain = _v(theirs) + sum(_v(c) for c in info.opp_tied)
        if CARDS[mine].is_black_face and info.my_fallen:
            gain += _AVG
        if CARDS[theirs].is_red_face and info.my_hero:
            gain -= _AVG
        return gain
    if pm < pt:
        loss = _v(mine) + sum(_v(c) for c in info.my_tied)
        if CARDS[theirs].is_black_face and info.opp_fallen:
            loss += _AVG
        if CARDS[mine].is_red_face and info.opp_hero:
            loss -= _AVG
        return -loss
    # A tie: everything on the table rides on the next pair. Whoever keeps the
    # higher cards is likelier to win it.
    stake = sum(_v(c) for c in info.my_tied) + sum(_v(c) for c in info.opp_tied) + _v(mine) + _v(theirs)
    if not remaining:
        return 0.0  # I would draw blind from my Hero Pile
    edge = 0.0
    total = 0.0
    for t, p in info.opp_dist.items():
        if t == theirs:
            continue
        for c in remaining:
            edge += p * ((CARDS[c].power > CARDS[t].power) - (CARDS[c].power < CARDS[t].power))
        total += p * len(remaining)
    return 0.5 * stake * (edge / total if total else 0.0)


def score_cards(info: Info) -> dict[str, float]:
    """Expected value of each card in hand."""
    scores = {}
    for c in info.hand:
        remaining = [x for x in info.hand if x != c]
        scores[c] = sum(p * outcome_value(info, c, t, remaining) for t, p in info.opp_dist.items())
    return scores


def card_priorities(info: Info) -> dict[str, float]:
    """How much each card gains by being played now rather than later (higher is better)."""
    now = score_cards(info)
    later = score_cards(
        replace(
            info,
            my_fallen=max(1, info.my_fallen),
            my_tied=[],
            opp_tied=[],
            opp_last=False,
            my_reserve=max(1, info.my_reserve),
        )
    )
    return {c: now[c] - later[c] - TIMING_WEIGHT * TIMING.index(c) for c in info.hand}


def best_card(info: Info) -> str:
    scores = card_priorities(info)
    # Equal scores: keep the higher card (lowest power first).
    return max(info.hand, key=lambda c: (round(scores[c], 9), -CARDS[c].power))


class ResurrectionHeuristic:
    """normal: the best card by expected material swing; easy: the same, with ``noise`` chance of a random card."""

    def __init__(self, seed: int = 0, noise: float = 0.0, level: str = "normal"):
        self.rng = Rng(seed)
        self.noise = noise
        self.level = level

    def _pick(self, info: Info, legal: list[Play]) -> Play:
        if self.noise and self.rng.random() < self.noise:
            return legal[self.rng.below(len(legal))]
        code = best_card(info)
        for a in legal:
            if a.code == code:
                return a
        return legal[0]

    def choose(self, view: dict[str, Any], legal_actions: list[Any]) -> Play:
        return self._pick(info_from_view(view), legal_actions)

    def choose_in(self, game: Game) -> Play:
        me = game.current_player
        assert me is not None  # asked only for a game that is not over
        return self._pick(info_from_game(game, me), game.legal_actions())


def cards_left_margin(game: Game, player: int) -> float:
    """Material, for search evaluations: my cards left minus theirs, by worth."""

    def worth(s: _Side) -> float:
        return sum(_v(c) for c in s.hand) + sum(_v(c) for c in s.hero_pile) + sum(_v(c) for c in s.table)

    return worth(game.sides[player]) - worth(game.sides[1 - player])


def observe(game: Game, action: Play, observer: int) -> str:
    """What ``observer`` sees of ``action``: the Aggressor's card is face down to the Defender."""
    if game.current_player == game.aggressor and observer != game.aggressor:
        return "?"
    return str(action)


def reveal(game: Game, action: Play) -> str | None:
    """The Defender's answer turns the Aggressor's face-down card over for both."""
    if game.current_player != game.aggressor:
        return "shows " + game.sides[game.aggressor].table[-1]
    return None


def heuristic_rollout(g: Game, rng: Rng, start: object = None, noise: float = 0.15) -> None:
    """Play ``g`` to the end with the normal player on both sides, each from its own view only, and a ``noise``
    chance of a random card at each decision (so the play-outs of one position differ). The review's
    computer's eye measures a move with these play-outs (``start`` is unused: the game is played out)."""
    while not g.is_over:
        legal = g.legal_actions()
        if len(legal) == 1 or rng.random() < noise:
            g.apply(legal[rng.below(len(legal))])
            continue
        me = g.current_player
        assert me is not None  # the game is not over
        code = best_card(info_from_view(dict(g.view(me))))
        g.apply(next((a for a in legal if a.code == code), legal[0]))


def heuristic_agent(seed: int = 0, noise: float = 0.0, level: str = "normal") -> ResurrectionHeuristic:
    return ResurrectionHeuristic(seed, noise=noise, level=level)


def search_agent(seed: int = 0, time_limit: float | None = 1.0, iterations: int | None = None) -> ISMCTS:
    from rules.agents.ismcts import ISMCTS

    agent = ISMCTS(seed, time_limit=time_limit, iterations=iterations, observe=observe, reveal=reveal, level="hard")
    agent.fallback = ResurrectionHeuristic(seed + 1)  # for choose(view, legal), which cannot search
    return agent


#: The eye's re-deals: play-outs end in a win or a loss, not an evaluation, so more than Redemption's.
EYE_SAMPLES = 64


def eye() -> Eye:
    """The review's computer's eye: the hard level's search (the Defender's tree never sees the Aggressor's
    face-down card), with the normal player's play-outs to the end of the game, a move measured on 64 re-deals."""
    from rules.agents.ismcts import ISMCTS, result_reward

    return Eye(
        lambda seed, n: ISMCTS(
            seed, time_limit=None, iterations=n, observe=observe, reveal=reveal, rollout=heuristic_rollout
        ),
        heuristic_rollout,
        result_reward,
        EYE_SAMPLES,
    )
