"""The app's game session without the screen: autosave, the log, rejections, who may act, undo."""

from __future__ import annotations

import saves
from tui.session import Session


def test_accepted_actions_autosave_and_log_rejections_change_nothing(tmp_path):
    s = Session.new("resurrection", seed=3, path=saves.save_path("s", tmp_path))
    assert not s.path.exists()
    hand = s.view()["players"][0]["hand"]
    ok = s.act(f"play {hand[0]}")
    assert ok.ok and saves.read(s.path).game == s.game
    assert "face down" in s.meta.log[-1] and hand[0] not in s.meta.log[-1]  # the log never shows a hidden card
    before, text = s.game.to_dict(), s.path.read_text()
    bad = s.act("play 7" if "7" not in s.game.view(1)["players"][1]["hand"] else "play XX")
    assert not bad.ok and s.game.to_dict() == before
    assert s.meta.log[-1].startswith("Rejected: ") and bad.rule in s.meta.log[-1]
    assert s.path.read_text() == text  # a rejection is not saved as a change


def test_a_screen_may_take_the_save_of_an_accepted_action_to_after_its_frame(tmp_path):
    s = Session.new("resurrection", seed=3, path=saves.save_path("s", tmp_path))
    asked = []
    s.save_soon = lambda: asked.append(len(s.meta.log))
    hand = s.view()["players"][0]["hand"]
    assert s.act(f"play {hand[0]}").ok
    assert asked == [len(s.meta.log)] and not s.path.exists()  # asked once, with the action logged; not written
    assert not s.act("play XX").ok and len(asked) == 1  # a rejection changes nothing: nothing to save
    s.autosave()
    assert saves.read(s.path).game == s.game


def test_who_may_act(tmp_path):
    vs = Session.new("resurrection", seed=3, first=1)
    assert not vs.my_turn and vs.is_computer(vs.game.current_player) and vs.viewer == 0
    duo = Session.new("resurrection", vs="human", seed=3, first=1)
    assert duo.hot_seat and duo.needs_handoff and not duo.my_turn
    duo.viewer = 1
    assert duo.my_turn and not duo.needs_handoff


def test_undo_only_at_easy_and_never_past_the_opponents_move(tmp_path):
    s = Session.new("resurrection", seed=3, level="easy", path=saves.save_path("u", tmp_path))
    before, log = s.game.to_dict(), list(s.meta.log)
    s.act(s.game.legal_actions()[0])
    assert s.can_undo and s.undo()
    assert s.game.to_dict() == before and s.meta.log[:-1] == log and saves.read(s.path).game == s.game
    s.act(s.game.legal_actions()[0])
    s.act(s.game.legal_actions()[0], by_computer=True)  # the computer answers face up: a reveal
    assert not s.can_undo and not s.undo()
    normal = Session.new("resurrection", seed=3)
    normal.act(normal.game.legal_actions()[0])
    assert not normal.can_undo
    duo = Session.new("resurrection", vs="human", seed=3)
    duo.act(duo.game.legal_actions()[0])
    assert not duo.can_undo


def test_redemption_undo_in_preparation_but_not_past_a_draw(tmp_path):
    s = Session.new("redemption", seed=5, level="easy")
    for setup in ("cut", "cut", "first 0"):
        s.act(setup, by_computer=s.is_computer(s.game.current_player))
    assert s.game.phase == "prep" and s.my_turn and not s.can_undo  # the setup drew cards
    play = next(a for a in s.game.legal_actions() if a.verb == "play")
    before = s.game.to_dict()
    s.act(play)
    assert s.can_undo and s.undo() and s.game.to_dict() == before


def test_the_log_says_the_players_names_from_the_events_fields():
    s = Session.new("resurrection", seed=5)  # You v Computer
    agg = s.game.aggressor
    card = s.game.view(agg)["players"][agg]["hand"][0]
    out = s.act(f"play {card}", by_computer=agg == 1)
    line = s.meta.log[-1]
    assert out.events[0].text.startswith(f"Player {agg + 1} (Aggressor) plays a card face down")  # neutral
    assert line == (
        "You (Aggressor) play a card face down." if agg == 0 else "Computer (Aggressor) plays a card face down."
    )
    hot = Session.new("resurrection", seed=5, vs="human", names=("Ann", "Bea"))
    hot.viewer = agg
    hot.act(f"play {card}")
    assert hot.log_words(hot.meta.log[-1]) == "You (Aggressor) play a card face down."  # said to the one at it
    hot.viewer = 1 - agg
    assert hot.log_words(hot.meta.log[-1]) == f"{('Ann', 'Bea')[agg]} (Aggressor) plays a card face down."


def test_enter_asks_before_setting_aside_and_never_aims_a_dominant_at_the_card():
    from tests.redemption_helpers import build
    from tui import controls

    b = build({"territory": ["gideon"], "hand": ["day_of_judgment", "barak"]}, {"territory": ["pilate"]})
    g = b.game
    keys = controls.controls_for(g)
    d = keys.enter_on_card(g, b["gideon"])
    assert d.kind == "choose" and [str(a) for a in d.actions] == [f"setaside {b['gideon']}"]  # Esc cancels
    assert keys.enter_on_card(g, b["barak"]).kind == "apply"
    assert b["gideon"] in keys.usable_cards(g) and b["pilate"] not in keys.usable_cards(g)
