"""Lessons: a starting position, a goal, and steps the learner plays with the coach beside them.

A lesson is a TOML file in ``rules/<game>/lessons/``::

    title = "The power order"
    order = 1                      # place in the lesson list
    goal = "Win two battles ..."   # one line, shown in the list and on top of the lesson
    intro = "..."                  # shown before the first step
    outro = "..."                  # shown when the lesson is done
    you = 0                        # the learner's seat
    opponent = "script"            # "script": the steps give the opponent's moves;
                                   # "computer": a computer player at ``level`` answers
    level = "easy"

    [start]                        # the starting position, one of:
    aggressor = 1                  #   a state table, as the engine's to_dict() writes it
    players = [ ... ]              #   (game, seed and history may be left out), or
    # [[start.seat]]               #   the same, with each seat's zones written as card keys
    # hand = ["gideon"]            #   (ids G1.. and H1.. are given in order; see keyed_state), or
    # save = "file.toml"           #   a save file beside the lesson (parsed through saves.lessons), or
    # seed = 7                     #   a new game from a seed (``first``, ``decks``, ``options`` too)
    # actions = ["..."]            # then these actions, played by whoever's move it is

    [[step]]
    coach = "..."                  # what the coach says for this step
    expect = ["play BA"]           # the actions that count as success (any one of them)
    reply = ["play 8"]             # the opponent's scripted answer(s) after it
    success = "..."                # what the coach says when the step is done
    wrong = "..."                  # for any other legal action (optional)
    hint = "..."                   # why the expected action is right (optional)
    until = "over"                 # instead of ``expect``: any legal action, until the game ends
    # [step.start]                 # optional: this step begins from its own position

    [[step.mistake]]               # common mistakes and the coach's answer
    actions = ["play 7"]
    say = "..."
    rule = "resurrection.cards.1"  # optional: the rule the answer rests on

In a position written by card keys, actions may name cards by key (``rescue gideon``);
they are read with the ids the keys were given.

The learner's action is checked against the step *before* it is played: an
expected action is played (with the opponent's replies); a legal but unexpected
one is a mistake and changes nothing; an illegal one is refused by the engine
and the coach explains the rule it broke. Pure: the only I/O is reading the packaged
lesson files; a save a lesson starts from is read by the save layer (saves.lessons).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from rules import coach as coach_mod
from rules.core import Event, GameBase, Resign
from rules.games import find_game

OPPONENTS = ("script", "computer")
#: Said when the next step starts from a position of its own: the board changes, and the learner is told so.
NEW_POSITION = "The table is set up afresh for the next step."


class LessonError(Exception):
    """A lesson file that cannot be used; the message names the file and the problem."""


@dataclass(frozen=True)
class Mistake:
    actions: tuple[str, ...]
    say: str
    rule: str = ""


@dataclass(frozen=True)
class Step:
    coach: str
    expect: tuple[str, ...] = ()
    reply: tuple[str, ...] = ()
    success: str = ""
    wrong: str = ""
    hint: str = ""
    until: str = ""  # "" or "over"
    mistakes: tuple[Mistake, ...] = ()
    start: dict[str, Any] | None = None  # a new position for this step (same forms as the lesson's [start])

    @property
    def open(self) -> bool:
        """True for a step that accepts any legal action until the game is over."""
        return self.until == "over"


@dataclass(frozen=True)
class Lesson:
    id: str
    game: str
    title: str
    goal: str
    steps: tuple[Step, ...]
    start: dict[str, Any]
    intro: str = ""
    outro: str = ""
    you: int = 0
    opponent: str = "script"
    level: str = "easy"
    order: int = 0
    source: str = ""
    #: Reads the game a ``[start] save = "NAME"`` names. The rules read no files: the save layer
    #: (``saves.lessons.parse_lesson``) gives a lesson this when it parses one beside its saves.
    open_save: Callable[[str], GameBase] | None = None


@dataclass(frozen=True)
class Feedback:
    """The lesson's answer to one attempt.

    ``kind``: ``step`` (the step is done, the next begins), ``done`` (the lesson is
    complete), ``move`` (accepted inside an open step), ``mistake`` (legal, but not
    what the step asks: nothing changed) or ``illegal`` (the rules refuse it:
    nothing changed).
    """

    kind: str
    text: str
    rule: str = ""
    events: tuple[Event, ...] = ()
    rejected: coach_mod.Rejected | None = None
    note: str = ""  # for a refused action the lesson lists as a common mistake: the lesson's own words

    @property
    def ok(self) -> bool:
        return self.kind in ("step", "done", "move")


# --- loading -------------------------------------------------------------------------------
def _text(d: dict[str, Any], key: str, where: str, required: bool = False) -> str:
    """A text field; single line breaks join lines (the screen wraps), blank lines keep paragraphs."""
    v = d.get(key, "")
    if not isinstance(v, str) or (required and not v.strip()):
        raise LessonError(f"{where}: {key!r} must be {'non-empty ' if required else ''}text")
    paragraphs = re.split(r"\n\s*\n", v.strip())
    return "\n\n".join(" ".join(p.split()) for p in paragraphs)


def _strings(d: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    v = d.get(key, [])
    if isinstance(v, str):
        v = [v]
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise LessonError(f"{where}: {key!r} must be a list of actions")
    return tuple(v)


def parse_lesson(
    text: str,
    game: str,
    source: str = "<lesson>",
    lesson_id: str = "",
    open_save: Callable[[str], GameBase] | None = None,
) -> Lesson:
    """A lesson from TOML text; LessonError names ``source`` and the problem.

    ``open_save`` reads the game of a ``[start] save = "NAME"`` (see :attr:`Lesson.open_save`).
    """
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise LessonError(f"{source}: not valid TOML ({e})") from None
    if doc.get("game", game) != game:
        raise LessonError(f"{source}: a {doc.get('game')!r} lesson in the {game} lessons")
    steps = []
    raw_steps = doc.get("step", [])
    if not isinstance(raw_steps, list) or not raw_steps:
        raise LessonError(f"{source}: a lesson needs at least one [[step]]")
    for n, sd in enumerate(raw_steps, 1):
        where = f"{source}, step {n}"
        if not isinstance(sd, dict):
            raise LessonError(f"{where}: must be a table")
        until = _text(sd, "until", where)
        if until not in ("", "over"):
            raise LessonError(f"{where}: 'until' can only be \"over\"")
        expect = _strings(sd, "expect", where)
        if not expect and not until:
            raise LessonError(f"{where}: give the actions that count as success ('expect') or until = \"over\"")
        mistakes = []
        for md in sd.get("mistake", []):
            if not isinstance(md, dict):
                raise LessonError(f"{where}: each [[step.mistake]] must be a table")
            mistakes.append(
                Mistake(_strings(md, "actions", where), _text(md, "say", where, True), _text(md, "rule", where))
            )
        step_start = sd.get("start")
        if step_start is not None and not isinstance(step_start, dict):
            raise LessonError(f"{where}: [step.start] must be a table")
        steps.append(
            Step(
                coach=_text(sd, "coach", where, True),
                expect=expect,
                reply=_strings(sd, "reply", where),
                success=_text(sd, "success", where),
                wrong=_text(sd, "wrong", where),
                hint=_text(sd, "hint", where),
                until=until,
                mistakes=tuple(mistakes),
                start=step_start,
            )
        )
    start = doc.get("start", {})
    if not isinstance(start, dict):
        raise LessonError(f"{source}: [start] must be a table")
    opponent = doc.get("opponent", "script")
    if opponent not in OPPONENTS:
        raise LessonError(f"{source}: opponent must be one of {', '.join(OPPONENTS)}")
    you = doc.get("you", 0)
    if you not in (0, 1):
        raise LessonError(f"{source}: 'you' must be 0 or 1")
    order = doc.get("order", 0)
    if not isinstance(order, int):
        raise LessonError(f"{source}: 'order' must be a whole number")
    lesson = Lesson(
        id=lesson_id or str(doc.get("id", "")) or source,
        game=game,
        title=_text(doc, "title", source, True),
        goal=_text(doc, "goal", source, True),
        steps=tuple(steps),
        start=start,
        intro=_text(doc, "intro", source),
        outro=_text(doc, "outro", source),
        you=you,
        opponent=opponent,
        level=str(doc.get("level", "easy")),
        order=order,
        source=source,
        open_save=open_save,
    )
    start_game(lesson)  # a lesson whose position the rules refuse is an error now, not when it is opened
    for n, step in enumerate(lesson.steps, 1):
        if step.start is not None:
            start_position(lesson, step.start, f"{source}, step {n}: [step.start]")
    return lesson


def start_game(lesson: Lesson) -> GameBase:
    """The lesson's starting position, a fresh game every time."""
    return start_position(lesson)[0]


def start_position(
    lesson: Lesson, start: dict[str, Any] | None = None, where: str = ""
) -> tuple[GameBase, dict[str, str], list[Event]]:
    """A position (the lesson's [start] unless ``start`` is given), the card aliases its actions may
    use (card key -> card id) and the events of its setup actions."""
    info = find_game(lesson.game)
    cls = info.game_class()
    start = dict(lesson.start if start is None else start)
    where = where or f"{lesson.source}: [start]"
    actions = _strings(start, "actions", where)
    start.pop("actions", None)
    aliases: dict[str, str] = {}
    try:
        if "save" in start:
            name = start["save"]
            if not isinstance(name, str):
                raise LessonError(f"{where}: 'save' must name a file beside the lesson")
            if lesson.open_save is None:
                raise LessonError(f"{where}: a lesson that starts from a save file is read through the save layer")
            game = lesson.open_save(name)
        elif "seat" in start:
            state, aliases = keyed_state(lesson.game, start)
            game = cls.from_dict(state)
        elif "players" in start:
            game = cls.from_dict({"game": lesson.game, "seed": 0, **start})
        else:
            decks = start.get("decks")
            game = info.new_game(
                start.get("seed", 0),
                start.get("options", {}),
                first=start.get("first"),
                decks=None if decks is None else tuple(decks),
            )
    except LessonError:
        raise
    except Exception as e:  # ValueError from the engine, SaveError, OSError: all mean a broken lesson
        raise LessonError(f"{where}: not a position the rules allow ({e})") from None
    events: list[Event] = []
    for action in actions:
        out = game.apply(with_aliases(action, aliases))
        if not out.ok:
            raise LessonError(f"{where}: the setup action {action!r} is refused: {out.reason} [{out.rule}]")
        events.extend(out.events)
    return game, aliases, events


#: Fields of a state table that name cards (by id); in a keyed position they may name card keys.
_CARD_LISTS = ("face_up",)
_BATTLE_LISTS = ("negated", "played", "souls", "left")
_BATTLE_MAPS = ("ignored", "protected")
_PENDING_LISTS = ("options", "chosen", "revealed")


def keyed_state(game: str, start: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """A state table from a position written by card keys, seat by seat.

    ``[[start.seat]]`` (once per seat: seat 0, then seat 1, ...) maps zone names to lists of card
    keys; each card gets the id ``G1, G2, ...`` (seat 0) or ``H1, ...`` (seat 1) in the
    order written (with three or four seats ``A1``, ``B1``, ``C1``, ``D1``; a key used by several
    seats is an alias for its first seat's card). Everything else in ``[start]`` is copied into the state, and the
    fields that name cards (``attached``, ``face_up``, the battle's lists) may use card
    keys. Returns the state and the aliases (card key -> id) for the lesson's actions.
    """
    seats = start["seat"]
    if not isinstance(seats, list) or not 2 <= len(seats) <= 4 or not all(isinstance(x, dict) for x in seats):
        raise ValueError("[[start.seat]] must be given once per seat (two to four times): seat 0, then seat 1, ...")
    prefixes = "GH" if len(seats) == 2 else "ABCD"
    cards: dict[str, dict[str, Any]] = {}
    aliases: dict[str, str] = {}
    players = []
    for p, spec in enumerate(seats):
        zones: dict[str, list[str]] = {}
        n = 0
        for zone, keys in spec.items():
            if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
                raise ValueError(f"seat {p}: {zone} must be a list of card keys")
            for key in keys:
                n += 1
                cid = f"{prefixes[p]}{n}"
                cards[cid] = {"key": key, "owner": p}
                zones.setdefault(zone, []).append(cid)
                aliases.setdefault(key, cid)
        players.append({"zones": zones})

    def ref(word: str) -> str:
        return aliases.get(word, word)

    state = {k: v for k, v in start.items() if k != "seat"}
    state.update(game=game, cards=cards, players=players)
    state.setdefault("seed", 0)
    if "attached" in state:
        state["attached"] = {ref(k): ref(v) for k, v in state["attached"].items()}
    for k in _CARD_LISTS:
        if k in state:
            state[k] = [ref(c) for c in state[k]]
    if isinstance(state.get("mute"), dict):  # muted Dominants (redemption.dominant.mute): by key or id
        state["mute"] = {ref(c): u for c, u in state["mute"].items()}
    if "battle" in state:
        b = dict(state["battle"])
        for k in _BATTLE_LISTS:
            if k in b:
                b[k] = [ref(c) for c in b[k]]
        for k in _BATTLE_MAPS:
            if k in b:
                b[k] = {ref(c): ref(v) for c, v in b[k].items()}
        state["battle"] = b
    if isinstance(state.get("pending"), dict):  # a decision an ability waits for: its card lists may use keys
        pend = dict(state["pending"])
        if isinstance(pend.get("source"), str):
            pend["source"] = ref(pend["source"])
        for k in _PENDING_LISTS:
            if isinstance(pend.get(k), list):
                pend[k] = [ref(c) for c in pend[k]]
        state["pending"] = pend
    return state, aliases


def with_aliases(text: str, aliases: dict[str, str]) -> str:
    """An action text with card keys replaced by the ids they stand for."""
    if not aliases:
        return text
    return " ".join(aliases.get(word, word) for word in text.split())


def lesson_folder(game: str) -> Traversable:
    return resources.files(find_game(game).package).joinpath("lessons")


@cache
def lessons(game: str) -> tuple[Lesson, ...]:
    """Every lesson of a game, in lesson order."""
    folder = lesson_folder(game)
    if not folder.is_dir():
        return ()
    found = []
    for entry in folder.iterdir():
        if entry.name.endswith(".toml") and not entry.name.startswith((".", "_")) and ".save." not in entry.name:
            stem = entry.name[: -len(".toml")]
            found.append(parse_lesson(entry.read_text(encoding="utf-8"), game, f"{game}/lessons/{entry.name}", stem))
    return tuple(sorted(found, key=lambda lesson: (lesson.order, lesson.id)))


def lesson(game: str, lesson_id: str) -> Lesson:
    for item in lessons(game):
        if item.id == lesson_id:
            return item
    raise LessonError(f"no {game} lesson called {lesson_id!r}")


# --- running -----------------------------------------------------------------------------------
class LessonRun:
    """One learner working through one lesson. The game only changes through expected actions."""

    def __init__(self, lesson: Lesson, agent: Any = None, seed: int = 0):
        self.lesson = lesson
        self.game, self.aliases, setup = start_position(lesson)
        self.index = 0
        self.finished = False
        self.seed = seed
        self._agent = agent
        #: What happened since the learner's last decision (for the coach's "what just happened").
        self.recent: tuple[Event, ...] = ()
        #: Every event of the lesson so far, for the log.
        self.log: list[Event] = []
        self._enter_step(None if lesson.steps[0].start is not None else setup)

    @property
    def you(self) -> int:
        return self.lesson.you

    @property
    def step(self) -> Step | None:
        return None if self.finished else self.lesson.steps[self.index]

    @property
    def step_number(self) -> int:
        return min(self.index + 1, len(self.lesson.steps))

    def advice(self, rejected: coach_mod.Rejected | None = None) -> coach_mod.Advice:
        return coach_mod.advise(self.game, self.you, self.recent, rejected)

    def hint(self) -> coach_mod.Hint | None:
        """The step's expected move with its reason; in an open step, the computer player's move."""
        step = self.step
        if step is None or self.game.current_player != self.you:
            return None
        if step.expect:
            legal = [a for a in step.expect if self.game.check(with_aliases(a, self.aliases)).ok]
            if not legal:
                raise LessonError(f"{self.lesson.source}, step {self.step_number}: no expected action is legal here")
            action = self.game.parse(with_aliases(legal[0], self.aliases))
            reason = step.hint or coach_mod.reason(self.game, self.you, action)
            return coach_mod.Hint(str(action), reason, "lesson")
        return coach_mod.hint(self.game, self.you, level="normal", seed=self.seed)

    def attempt(self, action: Any) -> Feedback:
        """The learner tries ``action`` (an action or its text)."""
        step = self.step
        if step is None:
            return Feedback("done", "This lesson is complete.")
        if isinstance(action, Resign) or str(action).strip().lower().split()[:1] == ["resign"]:
            # nobody resigns a lesson (nor the opponent's seat, which would win it): the learner leaves it instead
            return Feedback("illegal", "A lesson is not resigned: leave it instead.", f"{self.lesson.game}.resign")
        if isinstance(action, str):
            action = with_aliases(action, self.aliases).strip()
            try:
                action = self.game.parse(action)
            except ValueError:
                pass  # the engine's check below refuses the text, citing its notation rule
        if self.game.current_player != self.you:
            return Feedback("illegal", "It is not your move.", "")
        text = str(action)
        check = self.game.check(action)
        if not check.ok:
            rej = coach_mod.explain_rejection(self.game, self.you, action, check)
            said = [m.say for m in step.mistakes if text in self._norm(m.actions)]
            return Feedback("illegal", "\n".join(said + rej.lines()), rej.rule, rejected=rej, note="\n".join(said))
        if step.expect and text not in self._norm(step.expect):
            for m in step.mistakes:
                if text in self._norm(m.actions):
                    return Feedback("mistake", m.say, m.rule)
            default = step.wrong or f"That is legal, but it is not what this step asks. {step.coach}"
            return Feedback("mistake", default)
        events = list(self.game.apply(action).events)
        for reply in step.reply:
            out = self.game.apply(with_aliases(reply, self.aliases))
            if not out.ok:
                raise LessonError(
                    f"{self.lesson.source}: the scripted reply {reply!r} is refused: {out.reason} [{out.rule}]"
                )
            events.extend(out.events)
        events.extend(self._opponent_turns())
        self.recent = tuple(events)
        self.log.extend(events)
        if step.open and not self.game.is_over:
            return Feedback("move", "", events=self.recent)
        if (
            not step.open
            and not self.game.is_over
            and self.game.current_player != self.you
            and self.index + 1 < len(self.lesson.steps)
        ):
            raise LessonError(f"{self.lesson.source}: after step {self.index + 1} it is not the learner's move")
        self.index += 1
        if self.index < len(self.lesson.steps) and self.lesson.steps[self.index].start is not None:
            finished = self.recent
            self._enter_step()  # a new position: the coach's "what just happened" starts afresh
            return Feedback("step", " ".join(t for t in (step.success, NEW_POSITION) if t), events=finished)
        if self.index >= len(self.lesson.steps) or self.game.is_over:
            self.finished = True
            result = ""
            if self.game.is_over:
                advice = coach_mod.advise(self.game, self.you)
                result = f"{advice.phase}: {advice.purpose}"
            return Feedback(
                "done", "\n\n".join(t for t in (result, step.success, self.lesson.outro) if t), events=self.recent
            )
        return Feedback("step", step.success, events=self.recent)

    def _enter_step(self, setup: list[Event] | None = None) -> None:
        """Begin the current step: its own position if it has one, then the computer's moves if it is to move."""
        step = self.lesson.steps[self.index]
        if setup is None and step.start is not None:
            self.game, self.aliases, setup = start_position(
                self.lesson, step.start, f"{self.lesson.source}, step {self.index + 1}: [step.start]"
            )
        events = list(setup or [])
        events.extend(self._opponent_turns())
        self.recent = tuple(events)
        self.log.extend(events)

    def _opponent_turns(self) -> list[Event]:
        """In lessons against the computer, let it move until it is the learner's turn again."""
        events: list[Event] = []
        if self.lesson.opponent != "computer":
            return events
        while not self.game.is_over and self.game.current_player not in (None, self.you):
            if self._agent is None:
                self._agent = coach_mod.computer_player(self.lesson.game, self.lesson.level, self.seed)
            action = coach_mod.computer_choice(self._agent, self.game) if self._agent is not None else None
            if action is None or not self.game.check(action).ok:
                action = self.game.legal_actions()[0]
            events.extend(self.game.apply(action).events)
        return events

    def _norm(self, actions: tuple[str, ...]) -> set[str]:
        """The step's actions in the engine's own notation, so any spelling the parser accepts matches."""
        out = set()
        for a in actions:
            try:
                out.add(str(self.game.parse(with_aliases(a, self.aliases))))
            except ValueError as e:
                raise LessonError(
                    f"{self.lesson.source}, step {self.step_number}: {a!r} is not an action ({e})"
                ) from None
        return out


__all__ = [
    "Feedback",
    "Lesson",
    "LessonError",
    "LessonRun",
    "Mistake",
    "Step",
    "keyed_state",
    "lesson",
    "lessons",
    "parse_lesson",
    "start_game",
    "start_position",
    "with_aliases",
]
