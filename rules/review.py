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

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from rules import words
from rules.agents.base import Eye
from rules.core import GameBase, parse_resign
from rules.games import GAMES, find_game

INACCURACY, MISTAKE, BLUNDER = 0.05, 0.10, 0.20
#: Search iterations per decision at the default budget (see tests/bench/review.py for the time it takes).
DEFAULT_ITERATIONS = 120
#: Re-deals on which the preferred and the played move are measured side by side (a game's eye may say how many).
PAIRED_SAMPLES = 16
NOTATION_FORMAT = "redemption-tui-notation 1"


# --- the start and every position ----------------------------------------------------------------------
def part(name: str) -> Any:
    """The game's own part of the review (its ``review`` module in ``rules.games``): ``start(game)``,
    ``action_words(before, action, player, own)``, ``record_header(game, names)``, ``notation_header(game)``,
    ``from_header(seed, options, head)``, ``eye()`` and ``BLIND``, the verbs chosen without seeing anything; a game
    played with decks (``GameInfo.decks``) also ``starting_decks(game)``, the decks as ``new_game`` takes them."""
    return find_game(name).review_module()


def initial_state(game: GameBase) -> GameBase:
    """The position ``game`` started from (ValueError if it cannot be rebuilt)."""
    start: GameBase = part(game.name).start(game)
    return start


class OlderRules(ValueError):
    """A game's history does not replay under these rules: an older version of the program saved it (or the file
    was edited). Its words say so first, then which action."""

    def __init__(self, detail: str) -> None:
        super().__init__(
            f"this game was saved by an older version of the rules and cannot be reviewed action by action ({detail})"
        )


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
            raise OlderRules(f"action {i + 1} ({text!r}) is refused now: {out.reason}")
        events = [e.template or e.text for e in out.events]
        steps.append(Step(i, before, before.current_player, text, events, before.turn))
    if g.to_dict() != game.to_dict():
        raise OlderRules("replayed by these rules, the game does not end where the saved one is")
    return steps, g


# --- records -----------------------------------------------------------------------------------------------
def result_line(game: GameBase, names: list[str]) -> str:
    if not game.is_over:
        return "Result: not finished."
    w = game.winner
    if w is None:
        return "Result: a draw."
    return f"Result: {names[w]} {'win' if names[w] == 'You' else 'wins'}."


def actor(step: Step) -> int | None:
    """Who made the step's action: the player to move, or the one who resigned (any time, either player)."""
    try:
        r = parse_resign(step.action)
    except ValueError:
        r = None
    return r.player if r is not None else step.player


def action_words(before: GameBase, action: str, player: int | None, own: bool = False) -> str:
    """The action in words as a :mod:`rules.words` template ("{p1:^} {p1:ends/end} the turn"), from what everyone
    saw (a card put face down is not named); ``own``: as the player who made it may read it (their own face-down
    card named)."""
    if action.split()[:1] == ["resign"]:
        return f"{words.who(player, True)} {words.verb(player, 'resigns', 'resign')}"
    mod = part(before.name)
    said: str | None = mod.action_words(before, action, player, True) if own else None
    return said or str(mod.action_words(before, action, player, False))


def said_template(
    before: GameBase, action: str, player: int | None, events: list[str] | None = None, own: bool = False
) -> str:
    """:func:`said` as a :mod:`rules.words` template."""
    if own and player is not None and part(before.name).action_words(before, action, player, True):
        return action_words(before, action, player, own=True)
    if events is None:
        trial = before.clone()
        out = trial.apply(action)
        events = [e.template or e.text for e in out.events] if out.ok else []
    plain = action_words(before, action, player)
    first = events[0] if events else ""
    if player is not None and first.startswith(words.who(player, True) + " "):
        if action.split()[:1] != ["end"] or " ".join(events).startswith(plain):
            return first.rstrip(".")
    return plain


def said(
    before: GameBase,
    action: str,
    player: int | None,
    events: list[str] | None = None,
    own: bool = False,
    names: Sequence[str] | None = None,
    you: int | None = None,
) -> str:
    """The action alone in words: the engine's first event when it says what the player did, else
    :func:`action_words`; the notation only where neither has words. ``events``: what the action did (templates;
    None: it is tried on a copy of ``before``); ``names``, ``you``: the reader (:func:`rules.words.say`)."""
    return words.say(said_template(before, action, player, events, own), names, you)


def _step_said(step: Step) -> str:
    return said_template(step.before, step.action, actor(step), step.events)


def step_said(step: Step, names: Sequence[str] | None = None, you: int | None = None) -> str:
    """The step's action alone in words (see :func:`said`)."""
    return words.say(_step_said(step), names, you)


def step_words(step: Step, names: Sequence[str] | None = None, you: int | None = None) -> str:
    """The step's action in words, then what came of it (the engine's events, which everyone saw)."""
    first = _step_said(step)
    rest = step.events[1:] if step.events and step.events[0].rstrip(".") == first else step.events
    return words.say(" ".join([f"{first}.", *rest]), names, you)


def text_record(game: GameBase, names: list[str], steps: list[Step] | None = None, you: int | None = None) -> str:
    """Header, then each action: its number, the turn, who made it, the action in words and what came of it;
    then the result. The seats are named by ``names``; ``you`` is the seat the record addresses as "you", if any."""
    steps = steps if steps is not None else positions(game)[0]
    out = [
        f"{find_game(game.name).title}: {' v '.join(names)}",
        f"Seed {game.seed}; options: " + ", ".join(f"{k}={_value(v)}" for k, v in sorted(game.options.items())),
    ]
    out += part(game.name).record_header(game, names)
    out.append("")
    for s in steps:
        out.append(f"{s.index + 1:4}. turn {s.turn:2}  {step_words(s, names, you)}")
    out += ["", result_line(game, names)]
    return "\n".join(out) + "\n"


def notation(game: GameBase) -> str:
    """The engine notation, one action a line, after a header of ``#`` lines that fixes the start."""
    out = [f"# {NOTATION_FORMAT}", f"# game = {game.name}", f"# seed = {game.seed}"]
    out += [f"# option {k} = {_value(v)}" for k, v in sorted(game.options.items())]
    out += part(game.name).notation_header(game)
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
    moves: list[tuple[int, str]] = []
    for n, line in enumerate(text.splitlines(), 1):
        body = line.strip()
        if not body:
            continue
        if body.startswith("#"):
            key, eq, value = body[1:].partition("=")
            key, value = " ".join(key.split()), value.strip()
            if not eq:
                continue
            if key.startswith("option "):
                options[key[7:].strip()] = _parse_value(value)
            else:
                head[key] = value
            continue
        moves.append((n, body))
    try:
        seed = int(head["seed"])
    except (KeyError, ValueError):
        raise ValueError(f"{source}: the header needs '# seed = N' (a whole number)") from None
    try:
        mod = part(head.get("game", ""))
    except ValueError:
        known = ", ".join(g.name for g in GAMES if g.review)
        raise ValueError(f"{source}: the header needs '# game = NAME' (one of {known})") from None
    try:
        g: GameBase = mod.from_header(seed, options, head)
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

    A blind choice (the game's ``BLIND`` verbs, say a cut of cards nobody sees) is left out.
    """
    blind = part(steps[0].before.name).BLIND if steps else frozenset()
    return [
        s for s in steps if s.player == seat and s.action.split()[0] not in blind and len(s.before.legal_actions()) > 1
    ]


def eye_for(name: str) -> Eye:
    """The game's computer's eye: its computer players' ``eye()`` (see there what it searches and plays out)."""
    info = find_game(name)
    if not info.eye:
        raise ValueError(f"the computer's eye cannot read {name!r} games")
    return info.agents_module().eye()


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
    samples = samples or eye.samples or PAIRED_SAMPLES
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
