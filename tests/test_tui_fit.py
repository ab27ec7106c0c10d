"""Texts that must not be cut at 80x24: every lesson's goal, the new-game form's labels and choices, the
Field of Battle's title before the first battle."""

from __future__ import annotations

import asyncio
import re

from tests.pilot import screen_text
from tui.session import Session


def words(text: str) -> str:
    """The screen's words in order, borders and line breaks left out."""
    return " ".join(re.sub(r"[|│┃]", " ", text).split())


def make_app(tmp_path, start=None):
    from tui.app import RedemptionApp, Settings

    return RedemptionApp(Settings(save_dir=tmp_path / "saves", pause=30.0, signals=False), start=start)


def test_every_lesson_goal_is_shown_whole_at_80x24(tmp_path):
    from tui.learn.screens import LessonScreen, all_lessons

    app = make_app(tmp_path)
    cut = []

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            for lessons in all_lessons().values():
                for lesson in lessons:
                    app.push_screen(LessonScreen(lesson))
                    await pilot.pause()
                    head = "\n".join(screen_text(app).splitlines()[:3])
                    if f"Goal: {lesson.goal}" not in words(head):
                        cut.append((lesson.id, head))
                    app.pop_screen()
                    await pilot.pause()

    asyncio.run(go())
    assert not cut, cut


def test_the_new_game_forms_labels_and_choices_are_shown_whole_at_80x24(tmp_path):
    from textual.widgets import Label, RadioButton

    from tui.screens.title import NewGameScreen

    app = make_app(tmp_path)
    screens = []

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            texts = []
            for game in ("resurrection", "redemption"):  # each game's form shows its own questions only
                app.push_screen(NewGameScreen())
                await pilot.pause()
                app.screen.query_one(f"#g-{game}", RadioButton).value = True
                await pilot.pause()
                app.screen.query_one("#players-4", RadioButton).value = True  # Redemption: every seat shown
                await pilot.pause()

                def shown(w) -> bool:
                    return all(a.display for a in w.ancestors_with_self if hasattr(a, "display"))

                texts += [str(w.render()) for w in app.screen.query(Label) if shown(w)]
                texts += [str(w.label) for w in app.screen.query(RadioButton) if shown(w)]
                form = app.screen.query_one("#form")
                for y in range(0, form.max_scroll_y + 1, 4):
                    form.scroll_to(y=y, animate=False)
                    await pilot.pause()
                    screens.append(words(screen_text(app)))
                app.pop_screen()
                await pilot.pause()
            return texts

    texts = asyncio.run(go())
    assert "Player 2 / the computer" in texts and len(texts) > 20
    missing = [t for t in texts if not any(" ".join(t.split()) in shown for shown in screens)]
    assert not missing, missing


def test_the_field_of_battles_title_outside_a_battle_is_shown_whole_at_80x24(tmp_path):
    import saves

    session = Session.new("redemption", seed=2, level="easy", path=saves.save_path("setup", tmp_path / "saves"))
    app = make_app(tmp_path, session)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            title = str(app.screen.query_one("#battle").border_title)
            assert title.startswith("Setup:") and title in screen_text(app)

    asyncio.run(go())


def test_a_resurrection_lessons_side_panes_show_the_cards_left_at_80x24(tmp_path):
    from tui.learn.screens import LessonScreen, all_lessons

    app = make_app(tmp_path)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(LessonScreen(all_lessons()["resurrection"][0]))
            await pilot.pause()
            await pilot.pause()
            rows = [line for line in screen_text(app).splitlines() if "Hero Pile" in line]
            assert len(rows) == 2 and all(re.search(r"Left \d", line) for line in rows), rows

    asyncio.run(go())


def test_a_card_name_too_long_for_its_pane_is_abbreviated_by_the_helps_rule_never_cut():
    from tui.games.redemption import abbreviated

    assert abbreviated("The Fleece", 20) == "The Fleece"  # it fits: nothing left out
    assert abbreviated("The Remnant Returns", 18) == "Remnant Returns"  # 1. the leading article
    assert abbreviated("Flight into the Wilderness", 23) == "Flight Wilderness"  # 2. the small words
    assert abbreviated("Thirty Pieces of Silver", 19) == "Thirty Pieces S."  # 3. initials from the last word back
    assert abbreviated("Thirty Pieces of Silver", 12) == "Thirty P. S."
    assert abbreviated("Nebuchadnezzar's Furnace", 21) == "Nebuchadnezzar's F."
    assert abbreviated("Nebuchadnezzar's Furnace", 9) == "Nebuchad\u2026"  # only a first word wider than the room


def test_a_real_lost_souls_name_loses_its_lost_soul_and_keeps_its_verse_and_brackets():
    from tui.games.redemption import abbreviated, soul_name

    name = soul_name("Lost Soul I Corinthians 1:27 (Hand Discarder)")
    assert name == "I Corinthians 1:27 (Hand Discarder)" and soul_name("Lost Soul: the Debtor") == "the Debtor"
    assert abbreviated(name, 28) == "I Corinthians 1:27 (Hand D.)"
    assert abbreviated(name, 26) == "I Corinthians 1:27 (H. D.)"  # the verse is kept whole, the brackets stay
    assert abbreviated(name, 20) == "I C. 1:27 (H. D.)"
    assert soul_name("Lost Soul") == "Lost Soul"
    female = soul_name("Lost Soul Jeremiah 7:18 (Female Only) (H)")
    assert abbreviated(female, 26) == "Jeremiah 7:18 (F. O.) (H)"  # the printing tag stays as it is


def test_a_shortened_card_name_keeps_a_word_that_tells_it_apart():
    from tui.games.redemption import short_name

    assert short_name("The Rebuilt Wall", 9) == "Rebuilt\u2026"
    assert short_name("The Remnant Returns", 9) == "Remnant\u2026"
    assert short_name("Writing on the Wall", 9) == "Writing\u2026"
    assert short_name("The Fleece", 20) == "The Fleece"  # it fits: nothing left out
    # a leading article left out is the whole change: nothing is cut at the end, so no ellipsis ("Stars Fought…")
    assert short_name("The Stars Fought", 14) == "Stars Fought"
    assert short_name("The Stars Fought", 10) == "Stars…"
    assert short_name("The Stars Fought", 10, "...") == "Stars..."  # --ascii: an ellipsis that reads as one
    assert short_name("Writing on the Wall", 10, "...") == "Writing..."


def test_an_opponents_summary_is_cut_after_whole_card_names_and_counts_what_is_left():
    from rich.text import Text

    from tui.games.redemption import RedemptionUI, Summary

    cards = [Text("H Moses, Prophet 9/9"), Text("Si The Upper Room +1"), Text("H James 6/6")]
    parts = Summary("Hand 8 Deck 21 Disc 9", "1/5", 2, cards, "; artifacts 1, set aside 2")
    fit = RedemptionUI.fit_summary
    whole = parts.text().plain
    assert whole.endswith(
        "Territory: H Moses, Prophet 9/9, Si The Upper Room +1, H James 6/6; artifacts 1, set aside 2"
    )
    assert fit(parts, 200).plain == whole
    # a comma inside a name or in the counts after the cards is no place to cut, and counts no card
    lines = {w: fit(parts, w).plain.split("\n") for w in (30, 46, 70, 80)}
    assert lines[80][1] == "Territory: H Moses, Prophet 9/9, Si The Upper Room +1, H James 6/6; more (Tab)"
    assert lines[70][1] == "Territory: H Moses, Prophet 9/9, Si The Upper Room +1 +1 more (Tab)"
    assert lines[46][1] == "Territory: H Moses, Prophet 9/9 +2 more (Tab)"
    assert lines[30][1] == "Territory: 3 cards (Tab)"
    assert lines[46][0] == "Hand 8 Deck 21 Disc 9 Redeemed 1/5 Bondage 2"
    assert lines[30][0] == "Hand 8 Deck 21 Disc 9 Red 1/5 LoB 2"  # the counts in short words
    assert all(len(pair[1]) <= w for w, pair in lines.items())


LONG_NAMES = """
[start]
phase = "prep"
active = 0
turn = 3

[[start.seat]]
hand = ["into_the_wilderness", "nebuchadnezzars_furnace", "thirty_pieces", "royal_decree", "lions_mouths", "simon_sorcerer"]
territory = ["nebuchadnezzar", "simon_sorcerer", "remnant_returns"]
artifact_pile = ["letters_to_churches"]
land_of_bondage = ["ls_wanderer"]
land_of_redemption = ["ls_prodigal"]
deck = ["gideon", "ehud", "ls_debtor"]

[[start.seat]]
hand = ["peter"]
territory = ["pilate"]
deck = ["james", "ls_stranger"]
land_of_bondage = ["ls_orphan"]
"""


def test_every_card_in_your_hand_and_on_your_table_is_named_whole_at_80x24_with_the_coach_shown(tmp_path):
    """The hand and your table take the whole width below the Field and the coach: every name reads whole, or
    abbreviated by the help's rule (the leading article, the small words, then initials, first word kept), never
    cut with an ellipsis."""
    import saves
    from rules.redemption import CARDS
    from tests.redemption_helpers import scenario
    from tui.games.redemption import SMALL_WORDS

    game = scenario(LONG_NAMES).game
    session = Session(
        game, saves.Meta(players=[{"name": "You", "kind": "human"}, {"name": "Computer", "kind": "computer"}])
    )
    session.meta.extra["coach"] = True
    app = make_app(tmp_path, start=session)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.pause()
            screen = app.screen
            assert screen.query_one("#coach").display and not screen.query_one("#log").display
            rows = screen_text(app).splitlines()[-9:-2]  # the hand's and the table's rows, above the bottom border
            view = game.view(0)["players"][0]
            hand = [c["name"] for c in view["hand"]]
            table = [
                c["name"]
                for z in ("territory", "artifact_pile", "land_of_bondage", "land_of_redemption")
                for c in view[z]
            ]
            assert len(hand) == 6 and len(table) == 6  # each pane shows six rows at 80x24
            for names, side in ((hand, [r[:40] for r in rows]), (table, [r[40:] for r in rows])):
                shown = [r.strip("┃│ ") for r in side[1:]]
                assert not any("\u2026" in r for r in shown), shown
                for name, row in zip(names, shown, strict=False):
                    words_ = name.removeprefix("Lost Soul: ").split()
                    assert words_[0] in row or words_[0] in ("The", "An", "A"), (name, row)
                    for w in words_[1:]:
                        if w.lower() not in SMALL_WORDS:
                            assert re.search(rf"(^|\s){re.escape(w)}(\s|$)|(^|\s){re.escape(w[0])}\.", row), (name, row)
            text = "\n".join(rows)
            for expected in (
                "GE Flight Wilderness +1/+1",  # abbreviated (the small words went)
                "EE Nebuchadnezzar's Furnace +2/+2",  # it fits whole
                "GE Shut Mouths of Lions +2/+1",
                "Ar Letters Churches (face down)",
                "B LS the Wanderer",
                "R LS the Prodigal",
            ):
                assert expected in text, expected
            assert CARDS["into_the_wilderness"].name == "Flight into the Wilderness"

    asyncio.run(go())


def test_every_lesson_steps_instruction_shows_at_80x24_without_scrolling_the_coach(tmp_path):
    """The coach pane begins with what to do now: each step's instruction fits the pane as a lesson shows it."""
    from rich.console import Console
    from rich.text import Text

    from rules.games import game_names
    from tui.controls import controls_for
    from tui.learn.coach_pane import CoachPane
    from tui.learn.screens import LessonScreen, all_lessons
    from tui.wording import in_keys

    app = make_app(tmp_path)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            for game in game_names():
                items = all_lessons()[game]
                screen = LessonScreen(items[0])
                app.push_screen(screen)
                await pilot.pause()
                await pilot.pause()
                pane = screen.query_one(CoachPane)
                width, height = pane.scrollable_content_region.width, pane.scrollable_content_region.height
                assert pane.text.plain.startswith("Step 1 of ") and pane.scroll_y == 0
                assert width >= 30 and height >= 8, (game, width, height)
                for lesson in items:
                    for n, step in enumerate(lesson.steps, 1):
                        said = Text(f"Step {n} of {len(lesson.steps)}: {in_keys(step.coach, controls_for(game))}")
                        lines = said.wrap(Console(width=width), width)
                        assert len(lines) <= height, f"{lesson.source} step {n}: {len(lines)} lines, {height} shown"
                app.pop_screen()
                await pilot.pause()

    asyncio.run(go())


def test_a_card_of_every_brigade_of_its_alignment_is_said_to_be_multi():
    from rules.redemption.cards import CARDS, real_key
    from tui.games.redemption import RedemptionUI, brigade_words

    chaff = {"id": "H1", **CARDS[real_key("Burning up the Chaff", "10A")].info()}
    assert brigade_words(chaff) == "Multi" and "Multi" in RedemptionUI().card_words(chaff)
    assert brigade_words({**CARDS["gideon"].info()}) == "Blue"
    murmuring = {**CARDS[real_key("Murmuring", "10A")].info()}
    assert brigade_words(murmuring) == "Multi"
