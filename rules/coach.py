"""The coach: what a learner should know at each decision, in plain words, with the rule behind it.

Pure functions over an engine: nothing here prints, reads files or decides a rule.
Each game has its own ``rules/<game>/coach.py`` with the game's words; this module
holds the shapes they return and the parts that are the same for every game
(rejections, hints, rendering). The coach only ever uses what ``player`` may see:
``game.view(player)``, the public events and the legal actions.

A game's coach module writes its words as :mod:`rules.words` templates: every seat is a field, said here to the player
who reads ("you") and with the other players' names (:func:`advise`'s ``names``), so the words fit two seats or four;
an action it tells the player to take is a :func:`rules.words.do` field, which the app says as keys. It offers:

- ``seen(game, player) -> S``: what the coach may read for ``player`` (Redemption: a
  :class:`rules.redemption.sight.Sight`, the player's view and a model re-dealt from their knowledge, never the
  game); every function below receives that, here called ``seen``
- ``phase(seen, player) -> (title, purpose, rule)``
- ``describe_action(seen, player, action) -> (words, rule)``
- ``explain_events(seen, player, events) -> list[Line]`` (what the opponent just did and why it mattered)
- ``battle_why(seen, player) -> list[Line]``
- ``suggest(seen, player) -> (action, reason)`` (the coach's own pick, used when no computer player is available)
- ``reason_for(seen, player, action) -> str`` (a short reason for any legal action)
- ``grouped(actions) -> list`` (the actions to list, when many differ only by a number)

(:class:`rules.games.CoachPart`, which a test checks every game's coach against.)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from rules.core import Event, GameBase, Outcome
from rules.docs import rule_text
from rules.games import CoachPart, find_game
from rules.words import actions, do, say, who


@dataclass(frozen=True, slots=True)
class Line:
    """One sentence of advice and the rule id it rests on ('' when it rests on none)."""

    text: str
    rule: str = ""

    def __str__(self) -> str:
        return actions(f"{self.text} [{self.rule}]" if self.rule else self.text)


@dataclass(frozen=True, slots=True)
class ActionAdvice:
    action: str  # the action in notation, as ``apply`` accepts it
    words: str  # what it does, in plain words
    rule: str  # the rule it follows


@dataclass(frozen=True, slots=True)
class Rejected:
    """What the coach says about a refused action."""

    action: str
    reason: str  # the engine's own reason
    rule: str  # the rule id the engine cited
    rule_title: str  # the rules reference section's title
    rule_summary: str  # the first paragraph of that section, in the project's own words
    legal_instead: tuple[ActionAdvice, ...]

    def lines(self) -> list[str]:
        out = [f"Not allowed: {self.reason}"]
        if self.rule:
            out.append(
                f"Rule {self.rule} ({self.rule_title}): {self.rule_summary}"
                if self.rule_title
                else f"Rule {self.rule}."
            )
        if self.legal_instead:
            out.append("Legal instead: " + ", ".join(a.action for a in self.legal_instead) + ".")
        else:
            out.append("Nothing is legal for you right now.")
        return [actions(x) for x in out]


@dataclass(frozen=True, slots=True)
class Advice:
    """Everything the coach pane shows at one moment, for one player. Its words are said to that player; an action
    they may take stays a :func:`rules.words.do` field ("{do:end} to skip"): :meth:`lines` says it as the quoted
    notation, the app as the player's keys."""

    game: str
    player: int
    your_move: bool
    phase: str
    purpose: str
    phase_rule: str
    actions: tuple[ActionAdvice, ...] = ()
    opponent: tuple[Line, ...] = ()
    why: tuple[Line, ...] = ()
    rejected: Rejected | None = None
    waiting: str = ""  # "Waiting for your opponent." when another player decides ("" when it is over)

    def lines(self) -> list[str]:
        """The advice as plain text lines (the coach pane renders the same content with markup)."""
        out = [f"{self.phase}: {self.purpose}" + (f" [{self.phase_rule}]" if self.phase_rule else "")]
        if self.rejected:
            out.extend(self.rejected.lines())
        if self.opponent:
            out.append("What just happened:")
            out.extend(f"  {line}" for line in self.opponent)
        if self.why:
            out.append("Why?")
            out.extend(f"  {line}" for line in self.why)
        if self.your_move and self.actions:
            out.append("You can:")
            out.extend(f"  {a.action}: {a.words} [{a.rule}]" for a in self.actions)
        elif self.waiting:
            out.append(self.waiting)
        return [actions(x) for x in out]

    def text(self) -> str:
        return "\n".join(self.lines())


@dataclass(frozen=True, slots=True)
class Hint:
    action: str
    reason: str
    source: str  # "computer" (the computer player's choice) or "coach" (the coach's own pick)


def from_side(template: str, player: int, seats: int = 2, names: Sequence[str] | None = None) -> str:
    """Words that name seats (a :mod:`rules.words` template: an event's ``template``, a view's ``templates``, the
    coach's own words) seen from ``player``'s side of the table, starting with a capital: "you" for them; the other
    seats by ``names`` (the app's names for the players), else "your opponent" for the other of two and "Player N"
    among more."""
    text = _said(template, player, seats, names)
    return text[:1].upper() + text[1:]


def _said(template: str, player: int, seats: int, names: Sequence[str] | None) -> str:
    """The seats said for ``player``; an action in notation stays a field (:func:`rules.words.do`) for the app to
    say as keys (:meth:`Advice.lines` says it as the quoted notation)."""
    if names is None and seats == 2:  # the other one of two: "your opponent", "Your opponent" starting a sentence
        o = 1 - player
        template = template.replace(f"{{p{o}:^}}", "Your opponent").replace(f"{{p{o}:^'s}}", "Your opponent's")
        names = ["your opponent"] * 2
    elif names is None:
        names = [f"Player {q + 1}" for q in range(seats)]
    return say(template, names, player, notation=do)


def module_for(game: GameBase | str) -> CoachPart:
    """The coach module of a game (its ``coach`` in ``rules.games``)."""
    name = game if isinstance(game, str) else game.name
    return find_game(name).coach_module()


def rule_summary(game: str, rule_id: str) -> tuple[str, str]:
    """(title, first paragraph) of the rules reference section for ``rule_id`` (or its parent)."""
    section = rule_text(game, rule_id) if rule_id else None
    if section is None:
        return "", ""
    first = section.text.split("\n\n", 1)[0].replace("\n", " ").strip()
    return section.title, first


def _seats(game: GameBase) -> int:
    return game.num_players


def describe_actions(
    game: GameBase, player: int, names: Sequence[str] | None = None, seen: Any = None
) -> tuple[ActionAdvice, ...]:
    """Every action legal for ``player`` now, in words (empty if it is not their move); ``names`` as
    :func:`from_side`; ``seen``: the coach's reading for ``player`` when the caller has it (``mod.seen``)."""
    if game.current_player != player:
        return ()
    mod = module_for(game)
    if seen is None:
        seen = mod.seen(game, player)
    out = []
    for action in mod.grouped(game.legal_actions()):
        words, rule = mod.describe_action(seen, player, action)
        out.append(ActionAdvice(str(action), _said(words, player, _seats(game), names), rule))
    return tuple(out)


def explain_rejection(
    game: GameBase, player: int, action: Any, outcome: Outcome, names: Sequence[str] | None = None
) -> Rejected:
    """The rule a refused action broke, in the project's words, and what would be legal instead."""
    title, summary = rule_summary(game.name, outcome.rule)
    reason = from_side(outcome.template or outcome.reason, player, _seats(game), names)
    return Rejected(str(action).strip(), reason, outcome.rule, title, summary, describe_actions(game, player, names))


def advise(
    game: GameBase,
    player: int,
    events: Iterable[Event] = (),
    rejected: Rejected | None = None,
    names: Sequence[str] | None = None,
) -> Advice:
    """The coach's words for ``player`` now; ``events`` are what happened since their last decision. A game's coach
    writes its words as :mod:`rules.words` templates; here they are said to ``player`` ("you"), the other seats by
    ``names`` (see :func:`from_side`)."""
    mod = module_for(game)
    n = _seats(game)
    seen = mod.seen(game, player)  # the coach reads this, never the game
    title, purpose, rule = mod.phase(seen, player)
    now = game.current_player

    def lines(said: Iterable[Line]) -> tuple[Line, ...]:
        return tuple(Line(from_side(x.text, player, n, names), x.rule) for x in said)

    return Advice(
        game=game.name,
        player=player,
        your_move=now == player,
        phase=from_side(title, player, n, names),
        purpose=_said(purpose, player, n, names),
        phase_rule=rule,
        actions=describe_actions(game, player, names, seen),
        opponent=lines(mod.explain_events(seen, player, list(events))),
        why=lines(mod.battle_why(seen, player)),
        rejected=rejected,
        waiting="" if now is None or now == player else _said(f"Waiting for {who(now)}.", player, n, names),
    )


def reason(game: GameBase, player: int, action: Any, names: Sequence[str] | None = None) -> str:
    """A short reason for a legal action, said to ``player`` (the game's coach's ``reason_for``)."""
    mod = module_for(game)
    return from_side(mod.reason_for(mod.seen(game, player), player, action), player, _seats(game), names)


def hint(
    game: GameBase,
    player: int,
    level: str = "normal",
    seed: int = 0,
    agent: Any = None,
    names: Sequence[str] | None = None,
) -> Hint | None:
    """The move the computer player would make for ``player`` now, with a reason.

    Uses ``agent`` (or ``rules.agents.make_agent(game, level, seed)`` when that module
    exists); a reason comes from the agent if it gives one (``reason``/``explain``),
    else from the coach. Without any computer player the coach's own pick is used.
    """
    if game.is_over or game.current_player != player:
        return None
    legal = game.legal_actions()
    if not legal:
        return None
    mod = module_for(game)
    seen = mod.seen(game, player)
    if agent is None:
        agent = computer_player(game.name, level, seed)
    if agent is not None:
        try:
            action = computer_choice(agent, mod.model(seen))  # the game re-dealt from what the player knows
        except Exception:  # a broken agent must never break the lesson; fall back to the coach
            action = None
        if action is not None and game.check(action).ok:
            why = _agent_reason(agent, game, player, action) or reason(game, player, action, names)
            return Hint(str(action), why, "computer")
    action, why = mod.suggest(seen, player)
    return Hint(str(action), from_side(why, player, _seats(game), names), "coach")


def computer_player(name: str, level: str, seed: int) -> Any:
    """The computer player of ``rules.agents`` for a game, or None when there is none."""
    try:
        from rules.agents import make_agent  # the computer players; may not exist yet
    except ImportError:
        return None
    try:
        return make_agent(name, level, seed)
    except Exception:
        return None


def computer_choice(agent: Any, game: GameBase) -> Any:
    """What ``agent`` would play now (asked on a copy: the game itself never changes here)."""
    from rules.agents import choose_for  # the app's own way of asking a computer player

    return choose_for(agent, game.clone())


@runtime_checkable
class GivesReasons(Protocol):
    """A computer player that says why it picks a move: its words are a hint's reason instead of the coach's."""

    def reason(self, view: Any, action: Any) -> str: ...


def _agent_reason(agent: Any, game: GameBase, player: int, action: Any) -> str:
    if not isinstance(agent, GivesReasons):
        return ""
    try:
        text = agent.reason(game.view(player), action)
    except Exception:  # a broken agent must never break the hint; the coach's words stand in
        return ""
    return text.strip() if isinstance(text, str) else ""


__all__ = [
    "ActionAdvice",
    "Advice",
    "Hint",
    "Line",
    "Rejected",
    "advise",
    "computer_choice",
    "computer_player",
    "describe_actions",
    "explain_rejection",
    "from_side",
    "hint",
    "module_for",
    "reason",
    "rule_summary",
]
