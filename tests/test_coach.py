"""The coach: phases, actions in words with their rules, what just happened, why, rejections and hints."""

import importlib
import re
from importlib import resources
from pathlib import Path

import pytest

from rules import coach
from rules.docs import rule_sections
from rules.games import game_class, game_names
from rules.resurrection import Play, new_game
from tests.resurrection_positions import position, side

ROOT = Path(__file__).resolve().parent.parent


def _documented_games():
    out = []
    for game in game_names():
        try:
            game_class(game)
            resources.files(f"rules.{game}").joinpath("rules.md").read_text(encoding="utf-8")
        except Exception:
            continue
        out.append(game)
    return out


@pytest.mark.parametrize("game", _documented_games())
def test_every_rule_id_the_engine_the_coach_and_the_lessons_cite_is_in_the_rules_reference(game):
    """Walk every source that can put a rule id in front of a player: the engine, its coach, its lessons, the core."""
    sections = rule_sections(game)
    cited = {f"{game}.notation", f"{game}.end"}  # rules.core cites these for every game
    folder = ROOT / "rules" / game
    files = [*folder.glob("*.py"), *folder.glob("lessons/*.toml")]
    pattern = re.compile(rf"(?<![\w.]){game}\.[a-z0-9_-]+(?:\.[a-z0-9_-]+)*")  # not rules.<game>.<module>
    for f in files:
        cited.update(m.rstrip(".") for m in pattern.findall(f.read_text(encoding="utf-8")))
    cited = {c for c in cited if not c.endswith(("py", "toml", "md"))}  # module paths are not rule ids
    module = importlib.import_module(f"rules.{game}")
    cited.update(rule for _, rule in getattr(module, "VERBS", {}).values())  # ids the engine builds from tables
    cited.update(f"{game}.effect.{effect}" for effect in getattr(module, "EFFECTS", {}))
    missing = sorted(c for c in cited if c not in sections)
    assert not missing, f"rule ids cited but not documented in rules/{game}/rules.md: {missing}"
    assert len(cited) > 5


def test_aggressor_advice_names_the_phase_every_card_and_its_rule():
    g = position(side(hand=["BA", "RK", "9", "8", "7"]), side(hand=["BK", "RA", "9", "8", "7"]), aggressor=0)
    advice = coach.advise(g, 0)
    assert advice.your_move and advice.phase == "Battle 1: you attack" and advice.phase_rule == "resurrection.battle.1"
    assert [a.action for a in advice.actions] == ["play BA", "play RK", "play 9", "play 8", "play 7"]
    assert all(a.rule == "resurrection.battle.1" for a in advice.actions)
    words = {a.action: a.words for a in advice.actions}
    assert "nothing beats it" in words["play BA"] and "resurrect" not in words["play 7"].lower()
    assert "winner's top Hero Pile card falls" in words["play RK"]
    assert "the lowest card" in words["play 7"]


def test_the_other_player_is_told_to_wait():
    g = position(side(hand=["BA"]), side(hand=["BK"]), aggressor=0)
    advice = coach.advise(g, 1)
    assert not advice.your_move and not advice.actions and "Waiting for your opponent." in advice.lines()


def test_the_defender_never_learns_the_face_down_card():
    texts = set()
    for hidden in ("BA", "7"):
        g = position(side(hand=["RK", "9"], table=[hidden]), side(hand=["RA", "8"]), aggressor=0)
        events = (
            g.clone().apply("play 8").events
        )  # not used for the defender's advice; just a sanity check of the engine
        assert events
        texts.add(coach.advise(g, 1).text())
    assert len(texts) == 1, "the Defender's advice must not depend on the Aggressor's hidden card"
    assert "theirs face down" in texts.pop()


def test_what_just_happened_after_a_battle_from_each_side():
    g = position(side(hand=["BA", "9"], fallen=["8"]), side(hand=["RK", "9"]), aggressor=0)
    events = g.apply("play BA").events + g.apply("play RK").events
    mine = coach.advise(g, 0, events)
    theirs = coach.advise(g, 1, events)
    assert any("You won the battle: your Black Ace is higher than their Red King" in str(x) for x in mine.opponent)
    assert any("Red King strikes back: your top Hero Pile card falls" in x.text for x in mine.opponent)
    assert any(x.rule == "resurrection.ability.1" and "resurrects your Eight" in x.text for x in mine.opponent)
    assert any("Your opponent won the battle" in x.text for x in theirs.opponent)
    assert any(x.text.startswith("You lost, so you are the Aggressor next") for x in theirs.opponent)


def test_why_explains_the_aggressor_the_tie_and_the_count():
    g = position(side(hand=["BA", "9"], table=["8"]), side(hand=["RK", "7"], table=["8"]), aggressor=1)
    why = [str(x) for x in coach.advise(g, 0).why]
    assert why[0] == "Your opponent is the Aggressor because they were chosen to start. [resurrection.setup.2]"
    assert any("1 tied pair:" in x and x.endswith("[resurrection.tie.1]") for x in why)
    assert any(x.startswith("Cards left in hand and Hero Pile: you") and "resurrection.end.1" in x for x in why)
    title, purpose, rule = coach.module_for(g).phase(g, 1)
    assert title == "Battle 1, extended" and rule == "resurrection.tie.1" and "4 cards" in purpose


def test_rejection_cites_the_rule_in_the_projects_words_and_what_is_legal_instead():
    g = position(side(hand=["BA", "9"]), side(hand=["RK", "7"]), aggressor=0)
    out = g.apply("play 7")
    rej = coach.explain_rejection(g, 0, "play 7", out)
    assert rej.rule == "resurrection.battle.1" and rej.rule_title == "The Aggressor plays face down"
    assert rej.rule_summary.startswith("A battle begins with the Aggressor")
    assert rej.lines()[-1] == "Legal instead: play BA, play 9."
    advice = coach.advise(g, 0, rejected=rej)
    assert advice.lines()[1] == "Not allowed: 7 (Seven) is not in your hand"


def test_game_over_advice():
    g = position(side(hand=["BA"]), side(hand=["7"], fallen=[], rest="fallen"), aggressor=0)
    g.apply("play BA"), g.apply("play 7")
    assert g.is_over
    a = coach.advise(g, 0)
    assert a.phase == "Game over" and a.purpose.startswith("you won") and not a.actions and not a.why


def test_hint_is_a_legal_move_with_a_reason_from_the_computer_or_the_coach():
    g = new_game(4)
    h = coach.hint(g, 0)
    assert h is not None and g.check(h.action).ok and h.reason and h.source in ("computer", "coach")
    assert coach.hint(g, 1) is None  # not their move


def test_hint_falls_back_to_the_coach_when_the_computer_player_fails():
    class Broken:
        def choose(self, view, legal):
            raise RuntimeError("boom")

    g = position(side(hand=["RK", "9"]), side(hand=["RA", "8"]), aggressor=0)
    h = coach.hint(g, 0, agent=Broken())
    assert h.source == "coach" and h.action == "play RK" and "highest card" in h.reason


def test_hint_uses_the_agents_own_reason_when_it_has_one():
    class Talks:
        def choose(self, view, legal):
            return legal[-1]

        def reason(self, view, action):
            return "because I say so"

    g = position(side(hand=["RK", "9"]), side(hand=["RA", "8"]), aggressor=0)
    assert coach.hint(g, 0, agent=Talks()) == coach.Hint("play 9", "because I say so", "computer")


def test_reason_for_each_kind_of_card():
    mod = coach.module_for("resurrection")
    g = position(side(hand=["BA", "RJ", "9"]), side(hand=["RA", "8"]), aggressor=0)
    assert "cannot lose" in mod.reason_for(g, 0, Play("BA"))
    assert "even if it loses" in mod.reason_for(g, 0, Play("RJ"))
    assert mod.reason_for(g, 0, Play("9")).startswith("The Nine:")
