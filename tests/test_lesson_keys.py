"""Every key a lesson's words name works on the lesson screen: the lesson files (rules/*/lessons), the coach's advice
at each step (rules/coach.py and each game's coach) and the hints, said as the screen says them (tui.wording.in_keys),
walked step by step; the cut's "Enter, then r ... or type the number" works in the lesson's cut chooser."""

from __future__ import annotations

import asyncio
import re

import pytest

from rules.games import game_names
from rules.lessons import LessonRun, lessons
from tests.pilot import screen_text
from tui import keys
from tui.controls import controls_for
from tui.learn.coach_pane import CoachPane, render_advice
from tui.learn.screens import LessonScreen
from tui.screens.number import NumberScreen
from tui.widgets import CardList
from tui.wording import in_keys, key_for

#: "press n", "Press H for a hint", "pick Gideon and press Enter", "Enter, then r"
PRESS = re.compile(r"\b[Pp]ress ([^\s,.;:()]+)(?: for (?:a |an |the )?(\w+))?")
THEN = re.compile(r"\bthen (r\b|type the number|\d+\b)")


def lesson_screen_keys() -> dict[str, set[str]]:
    """Each key bound on the lesson screen (its own bindings, the card panes' and the coach pane's), as the screen
    names it, with what its bindings do (their descriptions and tooltips, lower case)."""
    out: dict[str, set[str]] = {}
    for b in [*LessonScreen.BINDINGS, *CardList.BINDINGS, *CoachPane.BINDINGS]:
        for k in b.key.split(","):
            out.setdefault(keys.key_name(k), set()).add(f"{b.description} {b.tooltip}".lower())
    return out


def check(text: str, run: LessonRun, where: str) -> int:
    """Every key ``text`` names (said as the screen says it) is bound on the lesson screen, and does what the words
    say it does ("H for a hint"); the cut's keys only where the decision is the cut. How many keys it named."""
    bound = lesson_screen_keys()
    said = in_keys(text, controls_for(run.game))
    assert "{key:" not in said and "{do:" not in said, (where, said)
    named = 0
    for key, purpose in PRESS.findall(said):
        named += 1
        assert key in bound, f"{where}: {key!r} is not a key of the lesson screen: {said!r}"
        if purpose:
            assert any(purpose.lower() in what for what in bound[key]), f"{where}: {key!r} is not for a {purpose}"
    if "\nYou can\n" in said:  # the coach's legal moves, each after the key that makes it ("Enter, then r: ...")
        for line in said.split("\nYou can\n", 1)[1].split("\n\n")[0].splitlines():
            named += 1
            key = line.split(":", 1)[0].split(",")[0]
            assert key in bound, f"{where}: {key!r} is not a key of the lesson screen: {line!r}"
    for _ in THEN.findall(said):
        named += 1
        assert controls_for(run.game).by_number(run.game.legal_actions()), (
            f"{where}: the cut's keys named away from the cut: {said!r}"
        )
    return named


def texts_now(run: LessonRun) -> list[tuple[str, str]]:
    """The words the lesson screen can show at this point: the step's own, the coach's advice, the hint."""
    step = run.step
    assert step is not None
    out = [("coach", step.coach), ("success", step.success), ("wrong", step.wrong), ("hint text", step.hint)]
    out += [(f"mistake {m.actions}", m.say) for m in step.mistakes]
    out.append(("advice", render_advice(run.advice(), controls_for(run.game)).plain))
    hint = run.hint()
    if hint is not None:
        out.append(("hint", f"{key_for(hint.action, controls_for(run.game))}: {hint.reason}"))
    return [(w, t) for w, t in out if t]


@pytest.mark.parametrize("game", game_names())
def test_every_lesson_step_names_only_keys_that_work_on_the_lesson_screen(game):
    named = 0
    for lesson in lessons(game):
        run = LessonRun(lesson)
        for where, text in (("intro", lesson.intro), ("outro", lesson.outro), ("goal", lesson.goal)):
            named += check(text, run, f"{lesson.source} {where}")
        moves = 0
        while not run.finished and moves < 40:  # an open step (a whole game): its first 40 decisions
            where = f"{lesson.source}, step {run.step_number}"
            for what, text in texts_now(run):
                named += check(text, run, f"{where} ({what})")
            hint = run.hint()
            assert hint is not None, f"{where}: no hint at the learner's move"
            fb = run.attempt(hint.action)
            assert fb.ok, f"{where}: the hinted {hint.action!r} is not what the step takes: {fb.text}"
            moves += 1
    assert named > 10  # the walk met the keys the lessons name (n, Enter, Space, H, the cut's)


def test_a_key_named_for_another_job_is_caught():
    run = LessonRun(lessons("redemption")[-1])  # at the cut
    with pytest.raises(AssertionError, match="not for a hint"):
        check("Press ? for a hint.", run, "test")
    with pytest.raises(AssertionError, match="not a key of the lesson screen"):
        check("Press x to win.", run, "test")
    assert check("Press {key:hint} for a hint; {do:cut}.", run, "test") == 3  # H, Enter, then r
    run.attempt("cut")
    with pytest.raises(AssertionError, match="away from the cut"):
        check("{do:cut N}", run, "test")


def lesson_app(tmp_path):
    from tui.app import RedemptionApp, Settings

    return RedemptionApp(Settings(save_dir=tmp_path / "saves", pause=0.0, signals=False))


def test_the_lessons_cut_takes_r_for_a_random_cut_or_the_number_typed(tmp_path):
    app = lesson_app(tmp_path)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            for keys_, cut in ((("r",), "cut"), (("backspace", "backspace", *"17", "enter"), "cut 17")):
                screen = LessonScreen(lessons("redemption")[-1])  # the whole game, at the cut
                app.push_screen(screen)
                await pilot.pause()
                await pilot.press("H")  # the hint at the cut shows first in the coach, with its keys
                await pilot.pause()
                coach = screen.query_one(CoachPane)
                assert coach.text.plain.startswith("Hint: A random cut (Enter, then r)") and coach.scroll_y == 0
                assert "Hint: A random cut" in screen_text(app)
                await pilot.press("enter")
                await pilot.pause()
                assert isinstance(app.screen, NumberScreen)
                await pilot.press(*keys_)
                await pilot.pause()
                cuts = [a for a in screen.run.game.history if a.split()[0] == "cut"]  # the opponent's, then yours
                assert cuts[1:] == [cut], cuts
                await pilot.press("q")
                await pilot.pause()

    asyncio.run(go())
