"""Every registered game plugs in the parts the program asks for: each module meets its protocol in rules.games."""

from __future__ import annotations

import inspect

import pytest

from rules.games import GAMES, AgentsPart, CoachPart, ControlsPart, DeckReviewPart, GameInfo, ReviewPart


def _members(proto: type) -> set[str]:
    """The names a protocol (and the protocols it extends) declares."""
    names: set[str] = set()
    for cls in proto.__mro__:
        if cls.__module__ == "rules.games":
            names |= {n for n in cls.__dict__ if not n.startswith("_")} | set(cls.__dict__.get("__annotations__", {}))
    return names


def _positional(fn: object) -> int:
    return sum(
        p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in inspect.signature(fn).parameters.values()
    )  # type: ignore[arg-type]


def _parts(info: GameInfo) -> list[tuple[object, type]]:
    parts: list[tuple[object, type]] = [
        (info.coach_module(), CoachPart),
        (info.agents_module(), AgentsPart),
        (info.controls_module(), ControlsPart),
    ]
    if info.review:
        parts.append((info.review_module(), DeckReviewPart if info.decks else ReviewPart))
    return parts


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_every_part_of_every_game_meets_its_protocol(info: GameInfo) -> None:
    for module, proto in _parts(info):
        assert isinstance(module, proto), f"{module.__name__} lacks a name of {proto.__name__}"  # type: ignore[attr-defined]
        for name in _members(proto):
            ours, wanted = getattr(module, name), getattr(proto, name, None)
            if callable(wanted):
                # the protocol's methods take self: a module's function takes one argument fewer
                assert callable(ours) and _positional(ours) == _positional(wanted) - 1, f"{module.__name__}.{name}"  # type: ignore[attr-defined]


def test_a_module_missing_a_part_fails_the_check() -> None:
    import types

    coach = types.ModuleType("half_a_coach")
    coach.phase = lambda game, player: ("", "", "")  # type: ignore[attr-defined]
    assert not isinstance(coach, CoachPart)


@pytest.mark.parametrize("info", [g for g in GAMES if g.eye], ids=[g.name for g in GAMES if g.eye])
def test_the_computers_eye_is_the_agents(info: GameInfo) -> None:
    from rules.review import eye_for

    eye = eye_for(info.name)
    assert callable(eye.search) and callable(eye.playout) and eye.samples >= 0
    assert not hasattr(info.review_module(), "eye")  # the review part knows no computer player
