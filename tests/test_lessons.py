"""Every lesson: the expected actions lead from the start position to success, and a common mistake gets the coach's answer."""

import pytest

from rules.games import game_names
from rules.lessons import LessonError, LessonRun, lessons, parse_lesson, with_aliases

ALL = [lesson for game in game_names() for lesson in lessons(game)]


def test_redemption_has_the_ten_lessons():
    titles = [lesson.title for lesson in lessons("redemption")]
    assert titles == [
        "The table and the zones",
        "Lost Souls and the Land of Bondage",
        "An unopposed rescue",
        "Blocking and the numbers",
        "Enhancements and brigades",
        "Initiative and passing",
        "The four battle outcomes",
        "Artifacts, sites, fortresses and set-aside",
        "Name-on-Name",
        "A whole game with the coach",
    ]


def test_resurrection_has_the_five_lessons():
    titles = [lesson.title for lesson in lessons("resurrection")]
    assert titles == [
        "The power order",
        "A tie and an extended battle",
        "The black cards' resurrection",
        "The red cards' penalty",
        "A whole game with the coach",
    ]


def follow(lesson):
    """Play the lesson's own moves (the hint: the expected action, or the computer's choice in an open step)."""
    run = LessonRun(lesson)
    kinds = []
    for _ in range(500):
        if run.finished:
            return run, kinds
        hint = run.hint()
        assert hint is not None and hint.reason, f"{lesson.id} step {run.step_number}: no hint"
        feedback = run.attempt(hint.action)
        assert feedback.ok, f"{lesson.id} step {run.step_number}: {feedback.text}"
        kinds.append(feedback.kind)
    raise AssertionError(f"{lesson.id} did not finish")


@pytest.mark.parametrize("lesson", ALL, ids=lambda lesson: f"{lesson.game}/{lesson.id}")
def test_expected_actions_lead_to_success(lesson):
    run, kinds = follow(lesson)
    assert run.finished and kinds[-1] == "done"
    if lesson.steps[-1].open:
        assert run.game.is_over
    else:  # one accepted action per scripted step
        assert kinds == ["step"] * (len(lesson.steps) - 1) + ["done"]


@pytest.mark.parametrize("lesson", ALL, ids=lambda lesson: f"{lesson.game}/{lesson.id}")
def test_a_common_mistake_gets_the_coachs_answer(lesson):
    run = LessonRun(lesson)
    answered = 0
    while not run.finished:
        step = run.step
        before = run.game.to_dict()
        for mistake in step.mistakes:
            for action in mistake.actions:
                legal = run.game.check(with_aliases(action, run.aliases)).ok
                feedback = run.attempt(action)
                if legal:  # legal, but not what the step asks: the lesson's answer
                    assert feedback.kind == "mistake" and feedback.text == mistake.say
                else:  # the rules refuse it: the lesson's answer, then the rule it broke and what is legal
                    assert feedback.kind == "illegal" and feedback.text.startswith(mistake.say)
                    assert feedback.rejected.rule and "Legal instead:" in feedback.text
                assert run.game.to_dict() == before, "a mistake must not change the game"
                answered += 1
        if step.open:  # a whole game: the common mistake is a card you do not hold
            illegal = next(a for a in _all_actions(run) if not run.game.check(a).ok)
            feedback = run.attempt(illegal)
            assert feedback.kind == "illegal" and feedback.rule and feedback.rejected.legal_instead
            assert "Legal instead:" in feedback.text and run.game.to_dict() == before
            answered += 1
            break
        run.attempt(run.hint().action)
    assert answered, f"{lesson.id}: no common mistake is covered"


def _all_actions(run):
    if run.game.name == "resurrection":
        from rules.resurrection import CODES

        return [f"play {c}" for c in CODES]
    return ["pass", "noblock", "end", "cut", "first 0"]


def test_an_unexpected_legal_action_without_a_listed_mistake_gets_the_steps_wrong_text():
    run = LessonRun(lessons("resurrection")[0])
    feedback = run.attempt("play 8")
    assert feedback.kind == "mistake" and feedback.text == run.lesson.steps[0].wrong


def test_an_illegal_action_is_explained_with_its_rule_and_changes_nothing():
    run = LessonRun(lessons("resurrection")[0])
    before = run.game.to_dict()
    feedback = run.attempt("play BK")  # on the learner's Hero Pile, not in hand
    assert feedback.kind == "illegal" and feedback.rule == "resurrection.battle.2"
    assert feedback.rejected.rule_title == "The Defender answers face up"
    assert [a.action for a in feedback.rejected.legal_instead] == ["play BA", "play RK", "play 9", "play 8", "play 7"]
    assert run.game.to_dict() == before and run.step_number == 1


def test_unparsable_text_cites_the_notation_rule():
    run = LessonRun(lessons("resurrection")[0])
    feedback = run.attempt("attack!")
    assert feedback.kind == "illegal" and feedback.rule == "resurrection.notation"
    assert "Legal instead: play BA" in feedback.text


def test_any_spelling_the_engine_accepts_matches_the_expected_action():
    run = LessonRun(lessons("resurrection")[0])
    assert run.attempt("PLAY ba").kind == "step"


def test_finished_lesson_answers_done_and_stays_finished():
    run, _ = follow(lessons("resurrection")[0])
    assert run.attempt("play 7").kind == "done" and run.finished and run.hint() is None


def test_scripted_step_feedback_shows_what_happened():
    run = LessonRun(lessons("resurrection")[1])
    feedback = run.attempt("play 9")
    assert feedback.kind == "step" and any(e.kind == "tie" for e in feedback.events)
    advice = run.advice().text()
    assert "A tie" in advice and "resurrection.tie.1" in advice


GOOD = """
title = "T"
goal = "G"
[start]
seed = 1
[[step]]
coach = "c"
expect = ["play BA"]
"""


@pytest.mark.parametrize(
    "text, problem",
    [
        ("title = ", "not valid TOML"),
        ('title = "T"\ngoal = "G"\n', "at least one [[step]]"),
        (GOOD.replace('expect = ["play BA"]', ""), "'expect'"),
        (GOOD.replace('title = "T"', 'title = ""'), "'title'"),
        (GOOD, ""),
        (GOOD.replace("seed = 1", 'players = "none"'), "not a position the rules allow"),
        (GOOD.replace("[start]", "you = 3\n[start]"), "'you'"),
        (GOOD.replace("[start]", 'opponent = "robot"\n[start]'), "opponent"),
        (GOOD.replace("seed = 1", 'seed = 1\nactions = ["play XX"]'), "setup action"),
    ],
)
def test_broken_lesson_files_are_refused_with_the_problem(text, problem):
    if not problem:
        assert parse_lesson(text, "resurrection", "x.toml").title == "T"
        return
    with pytest.raises(LessonError, match=problem.replace("[", r"\[").replace("]", r"\]")):
        parse_lesson(text, "resurrection", "x.toml")


def test_a_lesson_can_start_from_a_save_file_beside_it(tmp_path):
    import saves
    from rules.resurrection import new_game
    from saves.lessons import parse_lesson as parse_lesson_beside_saves

    game = new_game(11)
    game.apply(game.legal_actions()[0])
    (tmp_path / "start.save.toml").write_text(saves.dumps(game))
    text = GOOD.replace("seed = 1", 'save = "start.save.toml"').replace('expect = ["play BA"]', 'until = "over"')
    lesson = parse_lesson_beside_saves(text, "resurrection", "x.toml", "x", tmp_path)
    run = LessonRun(lesson)
    assert run.game == game and run.game is not game
    with pytest.raises(LessonError, match="not a position the rules allow"):
        parse_lesson_beside_saves(
            text.replace("start.save.toml", "missing.toml"), "resurrection", "x.toml", "x", tmp_path
        )
    with pytest.raises(LessonError, match="not a position the rules allow"):
        parse_lesson_beside_saves(
            text.replace("start.save.toml", "../start.save.toml"), "resurrection", "x.toml", "x", tmp_path
        )
    # The rules alone read no file: without the save layer the lesson says where it must be opened.
    with pytest.raises(LessonError, match="read through the save layer"):
        parse_lesson(text, "resurrection", "x.toml", "x")


@pytest.mark.parametrize("hero", ["gideon", "barak"])
def test_the_unopposed_rescue_says_only_what_happened_with_either_hero(hero):
    """The step accepts a rescue with Gideon or with Barak; its text must not say Gideon returned after Barak's."""
    lesson = next(x for x in lessons("redemption") if x.id == "03-unopposed-rescue")
    run = LessonRun(lesson)
    feedback = run.attempt(f"rescue {hero}")
    assert feedback.ok and feedback.kind == "step"
    assert "Widow is now your Redeemed Soul" in feedback.text
    assert "Gideon" not in feedback.text and "Barak" not in feedback.text  # either may have rescued: "your Hero"
    assert f"rescue attempt with {hero.capitalize()}" in run.advice().text()  # what happened names the real one


def test_the_lessons_name_actions_as_fields_the_app_says_as_keys():
    """A lesson tells the learner what to do as a rules.words.do field ("{do:end}"), which the app says as keys; each
    names a verb of its game, and no lesson quotes the notation in its words for the app to find."""
    from rules.words import actions

    named = []
    for lesson in ALL:
        texts = [lesson.intro, lesson.outro, lesson.goal]
        for step in lesson.steps:
            texts += [step.coach, step.success, step.wrong, step.hint, *(m.say for m in step.mistakes)]
        for text in texts:
            actions(text, lambda a, lesson=lesson: named.append((lesson.game, a)) or a)
            assert "'end'" not in text and "'rescue " not in text, (lesson.id, text)
    assert ("redemption", "end") in named and ("redemption", "rescue gideon") in named
    from rules.redemption.notation import VERBS

    assert {game for game, _ in named} == {"redemption"}
    assert all(action.split()[0] in VERBS for _, action in named), named


def test_a_step_from_a_position_of_its_own_says_the_table_is_set_up_afresh():
    from rules.lessons import NEW_POSITION, LessonRun

    lesson = next(item for item in lessons("redemption") if item.title == "The four battle outcomes")
    run = LessonRun(lesson)
    fb = run.attempt(lesson.steps[0].expect[0])
    assert fb.kind == "step" and fb.text == f"{lesson.steps[0].success} {NEW_POSITION}"
    assert lesson.steps[1].start is not None
    first = lessons("redemption")[0]  # its steps go on on the same table: nothing is said
    run = LessonRun(first)
    assert NEW_POSITION not in run.attempt(first.steps[0].expect[0]).text
