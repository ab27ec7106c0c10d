"""Structured events: each says its kind, the rule it follows, whether it reveals a hidden card, the public cards it
names and its words; the app reads the fields and never the words."""

import pytest

import saves
from rules.core import Event, Rng
from rules.docs import rule_sections
from rules.resurrection import CARDS, new_game
from tui.session import Session


def every_event(seed: int):
    game = new_game(seed)
    rng = Rng(seed)
    while not game.is_over:
        legal = game.legal_actions()
        yield from game.apply(legal[rng.below(len(legal))]).events


@pytest.mark.parametrize("seed", range(1, 9))
def test_every_resurrection_event_names_its_rule_and_keeps_it_out_of_its_words(seed):
    sections = rule_sections("resurrection")
    kinds = set()
    for e in every_event(seed):
        kinds.add(e.kind)
        assert e.rule in sections, e  # a section of rules.md, the same ids refusals cite
        assert "(resurrection." not in e.text and e.text.endswith(".")
        assert e.player in (-1, 0, 1)
        # a card is revealed by the Defender's face-up play and the Aggressor's flip; a draw shows its owner cards
        face_up = e.kind == "play" and bool(e.cards)
        assert e.reveals == (face_up or e.kind in ("reveal", "draw")), e
        if e.kind == "play" and not e.cards:
            assert "face down" in e.text  # the face-down card is never named
    assert {"play", "reveal", "place", "game_over"} <= kinds


def test_the_coach_reads_the_cards_from_the_event_not_its_words():
    from rules.resurrection.coach import explain_events

    game = new_game(4)
    agg = game.aggressor
    a_card = game.view(agg)["players"][agg]["hand"][0]
    game.apply(f"play {a_card}")
    d_card = game.view(1 - agg)["players"][1 - agg]["hand"][0]
    events = list(game.apply(f"play {d_card}").events)
    renamed = [Event(e.kind, "words the coach must not read", e.player, e.rule, e.reveals, e.cards) for e in events]
    lines = explain_events(game, agg, renamed)
    assert f"face-down card is revealed: the {CARDS[a_card].name}." in " ".join(line.text for line in lines)
    assert f"answered face up with the {CARDS[d_card].name}." in " ".join(line.text for line in lines)
    assert [line.rule for line in lines][:2] == ["resurrection.battle.2", "resurrection.battle.3"]


def test_the_log_keeps_the_words_without_the_rule_id(tmp_path):
    s = Session.new("resurrection", seed=5, path=tmp_path / "g.toml")
    s.act(s.game.legal_actions()[0])
    s.act(s.game.legal_actions()[0])
    assert len(s.meta.log) > 2 and not any("(resurrection." in line for line in s.meta.log)


def test_an_old_saves_log_lines_lose_the_rule_id_they_carried_in_their_words(tmp_path):
    s = Session.new("resurrection", seed=5)
    s.meta.log.append("Tie: both played the Ace of Spades. The battle goes on (resurrection.tie.1).")
    text = saves.dumps(s.game, s.meta)
    assert "(resurrection.tie.1)" in text
    back = saves.reads(text)
    assert back.meta.log[-1] == "Tie: both played the Ace of Spades. The battle goes on."
