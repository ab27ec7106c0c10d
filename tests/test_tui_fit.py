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
            app.push_screen(NewGameScreen())
            await pilot.pause()
            app.screen.query_one("#g-redemption", RadioButton).value = True  # every seat shown: four players
            await pilot.pause()
            app.screen.query_one("#players-4", RadioButton).value = True
            await pilot.pause()
            texts = [str(w.render()) for w in app.screen.query(Label)]
            texts += [str(w.label) for w in app.screen.query(RadioButton)]
            form = app.screen.query_one("#form")
            for y in range(0, form.max_scroll_y + 1, 4):
                form.scroll_to(y=y, animate=False)
                await pilot.pause()
                screens.append(words(screen_text(app)))
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
