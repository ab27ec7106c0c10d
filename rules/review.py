"""Reviewing a finished or saved game: every position again, the game's records, and the computer's eye.

Pure and deterministic (no files, no clock except the analysis' own budget, which is counted in
search iterations, not seconds):

* :func:`initial_state` rebuilds the position a game started from (its seed, options and the cards
  each seat was dealt), and :func:`positions` replays the history from it, action by action.
* :func:`text_record` is the game as readable text; :func:`notation` is the engine notation with a
  header that :func:`from_notation` turns back into the same game (``redemption new --replay``).
* :func:`analyse` yields, for each decision the reviewing seat made, the hard computer player's
  estimate of that seat's chance to win before and after it, and the action it preferred.

Marks (win-chance points lost against the action the search preferred):

* ``?!`` inaccuracy: at least :data:`INACCURACY` (0.05); the preferred action is shown;
* ``?`` mistake: at least :data:`MISTAKE` (0.10);
* ``??`` blunder: at least :data:`BLUNDER` (0.20).

The estimate uses only what the seat could see at the time: the search re-deals every hidden card
(``game.determinize``), exactly as the hard level does when it plays.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from rules import words
from rules.core import GameBase, game_class, parse_resign

if TYPE_CHECKING:
    from rules.redemption import Game as RedemptionGame

INACCURACY, MISTAKE, BLUNDER = 0.05, 0.10, 0.20
#: Search iterations per decision at the default budget (see tests/bench/review.py for the time it takes).
DEFAULT_ITERATIONS = 120
#: Re-deals on which the preferred and the played move are measured side by side.
PAIRED_SAMPLES = 16
#: Resurrection's play-outs end in a win or a loss, not an evaluation: more re-deals for the same precision.
RESURRECTION_SAMPLES = 64
NOTATION_FORMAT = "redemption-tui-notation 1"
#: Verbs whose choice is blind (nothing seen to choose by): never judged.
BLIND = frozenset({"cut"})


# --- the start and every position ----------------------------------------------------------------------
def _ids_in_order(game: RedemptionGame, owner: int) -> list[str]:
    def number(cid: str) -> int:
        return int(re.sub(r"^[A-Z]+", "", cid))

    return sorted((cid for cid, (_, o) in game.cards.items() if o == owner), key=number)


def dealt(game: RedemptionGame) -> list[list[str]]:
    """Redemption: each seat's cards in the order they were dealt into the draw pile (ids 1, 2, ...)."""
    return [[game.cards[cid][0] for cid in _ids_in_order(game, p)] for p in (0, 1)]


def starting_decks(game: RedemptionGame) -> tuple[Any, ...]:
    """Redemption: the two decks ``game`` started with, as ``new_game(decks=...)`` takes them (for a rematch)."""
    from rules.redemption import DECKS

    out = []
    for label, keys in zip(game.decks, dealt(game)):
        same = label in DECKS and sorted(DECKS[label]["cards"]) == sorted(keys)
        out.append(label if same else {"name": label, "cards": sorted(keys)})
    return tuple(out)


def redemption_start(seed: int, options: dict[str, Any], labels: list[str], lists: list[list[str]]) -> RedemptionGame:
    """The first position of a Redemption game whose seats were dealt ``lists`` (card keys in id order)."""
    from rules.redemption import DECKS, new_game

    decks = tuple(
        lab if lab in DECKS and sorted(DECKS[lab]["cards"]) == sorted(keys) else {"name": lab, "cards": list(keys)}
        for lab, keys in zip(labels, lists)
    )
    g = new_game(seed, decks=decks, **options)
    for p, keys in enumerate(lists):  # the shuffle's draws depend only on the deck sizes: put the dealt cards back
        ids = _ids_in_order(g, p)
        if len(ids) != len(keys):
            raise ValueError(f"seat {p + 1} was dealt {len(keys)} cards, but its deck has {len(ids)}")
        g.redeal({cid: (k, p) for cid, k in zip(ids, keys)})
    return g


def initial_state(game: GameBase) -> GameBase:
    """The position ``game`` started from (ValueError if it cannot be rebuilt)."""
    if game.name == "redemption":
        rg = cast("RedemptionGame", game)
        return redemption_start(rg.seed, dict(rg.options), list(rg.decks), dealt(rg))
    new_game = importlib.import_module(f"rules.{game.name}").new_game
    want = game.to_dict()
    for first in (0, 1):  # Resurrection: the first Aggressor is not kept; the one that replays to this game
        g: GameBase = new_game(game.seed, first=first, **dict(game.options))
        trial = g.clone()
        if all(trial.apply(h).ok for h in game.history) and trial.to_dict() == want:
            return g
    raise ValueError("the game's history does not replay from its seed")


@dataclass
class Step:
    """One action of the game: the position before it, who made it, what it was and what it did."""

    index: int
    before: GameBase
    player: int | None
    action: str
    events: list[str]  # the engine's events as rules.words templates (step_words says them)
    turn: int


def positions(game: GameBase) -> tuple[list[Step], GameBase]:
    """Every action with the position before it, and the final position (checked against ``game``)."""
    g = initial_state(game)
    steps = []
    for i, text in enumerate(game.history):
        before = g.clone()
        out = g.apply(text)
        if not out.ok:
            raise ValueError(f"action {i + 1} ({text!r}) does not replay: {out.reason}")
        events = [e.template or e.text for e in out.events]
        steps.append(Step(i, before, before.current_player, text, events, _turn(before)))
    if g.to_dict() != game.to_dict():
        raise ValueError("the replayed game does not end where the saved one is")
    return steps, g


def _turn(g: GameBase) -> int:
    return int(getattr(g, "turn", 0) or getattr(g, "battle", 0) or 0)


# --- records -----------------------------------------------------------------------------------------------
def result_line(game: GameBase, names: list[str]) -> str:
    if not game.is_over:
        return "Result: not finished."
    w = game.winner
    if w is None:
        return "Result: a draw."
    return f"Result: {names[w]} {'win' if names[w] == 'You' else 'wins'}."


#: What ending each Redemption phase means, for an "end" that says nothing of its own (the verb, then the rest).
_ENDS = {
    "prep": ("ends", "end", "the Preparation phase"),
    "battle": ("makes", "make", "no rescue attempt this turn"),
    "discard": ("ends", "end", "the turn"),
}


def actor(step: Step) -> int | None:
    """Who made the step's action: the player to move, or the one who resigned (any time, either player)."""
    try:
        r = parse_resign(step.action)
    except ValueError:
        r = None
    return r.player if r is not None else step.player


def action_words(before: GameBase, action: str, player: int | None) -> str:
    """The action in words, as a :mod:`rules.words` template ("{p1:^} {p1:ends/end} the turn"), from what everyone
    saw (a card put face down is not named)."""
    who = "Nobody" if player is None else words.who(player, True)

    def verb(third: str, second: str) -> str:
        return third if player is None else words.verb(player, third, second)

    parts = action.split()
    what, args = (parts[0], parts[1:]) if parts else ("", [])
    cards = getattr(before, "cards", {})

    def name(cid: str) -> str:
        return f"{cast('RedemptionGame', before).card(cid).name} ({cid})" if cid in cards else cid

    if what == "resign":
        return f"{who} {verb('resigns', 'resign')}"
    if before.name == "resurrection":
        return f"{who} {verb('plays', 'play')} a card"
    if what == "end":
        third, second, rest = _ENDS.get(getattr(before, "phase", ""), ("ends", "end", "the phase"))
        return f"{who} {verb(third, second)} {rest}"
    if what == "surrender" and args:
        return f"{who} {verb('gives', 'give')} up {name(args[0])} to the rescuing Hero"
    if what == "decline":
        return f"{who} {verb('plays', 'play')} no Dominant now"
    if what == "activate" and args:
        return f"{who} {verb('activates', 'activate')} {name(args[0])}"
    if what == "artifact":
        their = "their" if player is None else words.their(player)
        return f"{who} {verb('puts', 'put')} an artifact face down on {their} artifact pile"
    return f"{who}: {what} " + " ".join(name(a) for a in args) if args else f"{who}: {what}"


def step_template(step: Step) -> str:
    """The step's action, then what came of it (the engine's events, which everyone saw), as a :mod:`rules.words`
    template."""
    p = actor(step)
    events = " ".join(step.events)
    said = action_words(step.before, step.action, p)
    own = p is not None and events.startswith(words.who(p, True) + " ")
    if own and (step.action.split()[:1] != ["end"] or events.startswith(said)):
        return events  # the engine's first line already says what was done
    return f"{said}." + (f" {events}" if events else "")


def step_words(step: Step, names: Sequence[str] | None = None, you: int | None = None) -> str:
    """The step in words: "Player N" for the seats, or ``names`` and ``you`` as :func:`rules.words.say` takes them."""
    return words.say(step_template(step), names, you)


def text_record(game: GameBase, names: list[str], steps: list[Step] | None = None, you: int | None = None) -> str:
    """Header, then each action: its number, the turn, who made it, the action in words and what came of it;
    then the result. The seats are named by ``names``; ``you`` is the seat the record addresses as "you", if any."""
    steps = steps if steps is not None else positions(game)[0]
    out = [
        f"{game.name.capitalize()}: {names[0]} v {names[1]}",
        f"Seed {game.seed}; options: " + ", ".join(f"{k}={_value(v)}" for k, v in sorted(game.options.items())),
    ]
    if game.name == "redemption":
        rg = cast("RedemptionGame", game)
        out.append(f"Decks: {names[0]} {rg.decks[0]}, {names[1]} {rg.decks[1]}")
    out.append("")
    for s in steps:
        out.append(f"{s.index + 1:4}. turn {s.turn:2}  {step_words(s, names, you)}")
    out += ["", result_line(game, names)]
    return "\n".join(out) + "\n"


def notation(game: GameBase) -> str:
    """The engine notation, one action a line, after a header of ``#`` lines that fixes the start."""
    out = [f"# {NOTATION_FORMAT}", f"# game = {game.name}", f"# seed = {game.seed}"]
    out += [f"# option {k} = {_value(v)}" for k, v in sorted(game.options.items())]
    if game.name == "redemption":
        rg = cast("RedemptionGame", game)
        for p, keys in enumerate(dealt(rg)):
            out.append(f"# deck {p + 1} = {rg.decks[p]}")
            out.append(f"# dealt {p + 1} = {' '.join(keys)}")
    else:
        out.append(f"# first = {initial_state(game).to_dict().get('aggressor', 0)}")
    out += list(game.history)
    return "\n".join(out) + "\n"


def _value(v: Any) -> str:
    return "true" if v is True else "false" if v is False else str(v)


def _parse_value(text: str) -> Any:
    t = text.strip()
    if t in ("true", "false"):
        return t == "true"
    if t.lstrip("-").isdigit():
        return int(t)
    return t


def from_notation(text: str, source: str = "<notation>") -> GameBase:
    """The game a notation file records, replayed to its last action; ValueError names the line."""
    head: dict[str, str] = {}
    options: dict[str, Any] = {}
    decks: dict[int, str] = {}
    lists: dict[int, list[str]] = {}
    moves: list[tuple[int, str]] = []
    for n, line in enumerate(text.splitlines(), 1):
        body = line.strip()
        if not body:
            continue
        if body.startswith("#"):
            key, eq, value = body[1:].partition("=")
            key, value = key.strip(), value.strip()
            if not eq:
                continue
            if key.startswith("option "):
                options[key[7:].strip()] = _parse_value(value)
            elif re.fullmatch(r"deck [12]", key):
                decks[int(key[5]) - 1] = value
            elif re.fullmatch(r"dealt [12]", key):
                lists[int(key[6]) - 1] = value.split()
            else:
                head[key] = value
            continue
        moves.append((n, body))
    name = head.get("game", "redemption")
    try:
        game_class(name)
    except Exception:
        raise ValueError(f"{source}: unknown game {name!r}") from None
    try:
        seed = int(head["seed"])
    except (KeyError, ValueError):
        raise ValueError(f"{source}: the header needs '# seed = N' (a whole number)") from None
    try:
        if name == "redemption":
            from rules.redemption import DECKS, new_game

            if len(lists) == 2:
                labels = [decks.get(p, "custom") for p in (0, 1)]
                g = redemption_start(seed, options, labels, [lists[0], lists[1]])
            else:
                labels = [decks.get(0, "G"), decks.get(1, "H")]
                for lab in labels:
                    if lab not in DECKS:
                        raise ValueError(f"deck {lab!r} is not bundled: the file needs '# dealt' lines")
                g = new_game(seed, decks=tuple(labels), **options)
        else:
            new_game = importlib.import_module(f"rules.{name}").new_game
            g = new_game(seed, first=int(head.get("first", 0)), **options)
    except (ValueError, TypeError, KeyError) as e:
        raise ValueError(f"{source}: cannot start the game: {e}") from None
    for n, move in moves:
        out = g.apply(move)
        if not out.ok:
            rule = f" [{out.rule}]" if out.rule else ""
            raise ValueError(f"{source} line {n}: {move!r} is refused: {out.reason}{rule}")
    return g


# --- the computer's eye ------------------------------------------------------------------------------------
@dataclass
class Judgement:
    index: int  # the action's place in the history
    action: str
    before: float  # the seat's estimated chance to win with the best move here
    after: float  # ... after the move it made
    best: str  # the move the search preferred
    mark: str  # "", "?!", "?" or "??"

    @property
    def loss(self) -> float:
        return max(0.0, self.before - self.after)

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "action": self.action,
            "before": round(self.before, 4),
            "after": round(self.after, 4),
            "best": self.best,
            "mark": self.mark,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Judgement:
        try:
            j = cls(
                int(d["index"]),
                str(d["action"]),
                float(d["before"]),
                float(d["after"]),
                str(d["best"]),
                str(d.get("mark", "")),
            )
        except (KeyError, TypeError, ValueError):
            raise ValueError("an analysed decision needs index, action, before, after and best") from None
        if j.mark not in ("", "?!", "?", "??") or not (0 <= j.before <= 1 and 0 <= j.after <= 1):
            raise ValueError("an analysed decision has an unknown mark or an estimate outside 0-1")
        return j


def mark_for(loss: float) -> str:
    return "??" if loss >= BLUNDER else "?" if loss >= MISTAKE else "?!" if loss >= INACCURACY else ""


MARK_WORDS = {"": "", "?!": "inaccuracy", "?": "mistake", "??": "blunder"}


def decisions(steps: list[Step], seat: int) -> list[Step]:
    """The steps where ``seat`` chose between two or more legal actions.

    A Redemption cut is left out: the cutter cannot see the cards, so every cut is the same to them.
    """
    return [
        s for s in steps if s.player == seat and s.action.split()[0] not in BLIND and len(s.before.legal_actions()) > 1
    ]


@dataclass(frozen=True)
class Eye:
    """How the computer's eye reads one game.

    ``search(seed, iterations)`` is the hard player's search (an ISMCTS) that picks the preferred move;
    ``playout(g, rng, start)`` plays a re-dealt position on after a move; ``value(g, seat)`` scores where it
    ends (a finished game: 1, 0.5 or 0); ``samples`` is the number of re-deals both moves are measured on.
    """

    search: Callable[[int, int], Any]
    playout: Callable[[Any, Any, Any], None]
    value: Callable[[Any, int], float]
    samples: int


def eye_for(name: str) -> Eye:
    """Redemption: the hard level's search, its heuristic simulations cut at the end of the turn and its
    evaluation there, 16 re-deals. Resurrection: the hard level's search (the Defender's tree never sees the
    Aggressor's face-down card), with the normal player's play-outs to the end of the game; a play-out ends
    in a win or a loss, so a move is measured on 64 re-deals."""
    from rules.agents.ismcts import ISMCTS

    if name == "redemption":
        from rules.agents.redemption import (
            end_of_turn_cutoff,
            evaluate,
            heuristic_rollout,
        )

        return Eye(
            lambda seed, n: ISMCTS(
                seed,
                time_limit=None,
                iterations=n,
                rollout=heuristic_rollout,
                evaluate=evaluate,
                cutoff=end_of_turn_cutoff,
            ),
            heuristic_rollout,
            evaluate,
            PAIRED_SAMPLES,
        )
    if name == "resurrection":
        from rules.agents.ismcts import result_reward
        from rules.agents.resurrection import heuristic_rollout as playout
        from rules.agents.resurrection import observe, reveal

        return Eye(
            lambda seed, n: ISMCTS(
                seed, time_limit=None, iterations=n, observe=observe, reveal=reveal, rollout=playout
            ),
            playout,
            result_reward,
            RESURRECTION_SAMPLES,
        )
    raise ValueError(f"the computer's eye cannot read {name!r} games")


def _paired_values(step: Step, seat: int, actions: list[str], samples: int, seed: int, eye: Eye) -> list[float]:
    """Each action's value for ``seat``: the mean over the same ``samples`` re-deals and play-out seeds.

    Common random numbers: two moves that come to the same thing (say, putting Goliath into territory
    before Delilah or after) get the same estimate, so only real differences show as a loss.
    """
    from rules.core import Rng

    totals = [0.0] * len(actions)
    for k in range(samples):
        deal = step.before.determinize(seat, Rng(seed + 1009 * k))
        for i, a in enumerate(actions):
            g = deal.clone()
            if not g.apply(a).ok:
                raise ValueError(f"{a!r} is not legal in the position before action {step.index + 1}")
            eye.playout(g, Rng(seed + 7919 * k + 1), step.before)
            totals[i] += eye.value(g, seat)
    return [t / samples for t in totals]


def judge(
    step: Step, seat: int, iterations: int = DEFAULT_ITERATIONS, seed: int = 0, samples: int | None = None
) -> Judgement:
    """The hard player's search from the position before ``step`` picks the move it prefers; then that move and
    the one played are measured side by side on the same re-deals (only what ``seat`` could see is used)."""
    eye = eye_for(step.before.name)
    samples = samples or eye.samples
    stats = eye.search(seed, iterations).action_values(step.before)  # action -> (visits, mean reward for the mover)
    best = max(stats, key=lambda k: (stats[k][0], stats[k][1]))
    pos_seed = seed + 104729 * (step.index + 1)
    if best == step.action:
        value = _paired_values(step, seat, [best], samples, pos_seed, eye)[0]
        return Judgement(step.index, step.action, value, value, best, "")
    before, after = _paired_values(step, seat, [best, step.action], samples, pos_seed, eye)
    if after >= before:  # measured side by side, what was played is as good: the search's preference was noise
        return Judgement(step.index, step.action, after, after, step.action, "")
    return Judgement(step.index, step.action, before, after, best, mark_for(before - after))


def analyse(
    steps: list[Step],
    seat: int,
    iterations: int = DEFAULT_ITERATIONS,
    done: dict[int, Judgement] | None = None,
    stop: Callable[[], bool] = lambda: False,
) -> Iterator[tuple[int, int, Judgement]]:
    """Judge each of ``seat``'s decisions in order: yields (number done, total, judgement).

    ``done`` holds judgements already made (skipped); ``stop()`` is asked between decisions.
    """
    todo = decisions(steps, seat)
    done = done or {}
    for n, step in enumerate(todo, 1):
        if stop():
            return
        j = done.get(step.index)
        if j is None or j.action != step.action:
            j = judge(step, seat, iterations)
        yield n, len(todo), j
