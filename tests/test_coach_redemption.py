"""The Redemption coach on hand-built positions: phases, moves in words with their outcome, why, rejections, hints."""

from rules import coach
from tests.redemption_helpers import build

BLOCK = dict(
    phase="battle", active=1, battle={"kind": "rescue", "step": "block", "last_actor": 1}, flags={"battled": True}
)


def blocking(opp_hand=("herods_banquet",)):
    return build(
        {"territory": ["goliath", "eglon", "nebuchadnezzar"], "land_of_bondage": ["ls_wanderer"]},
        {"field_of_battle": ["james"], "hand": list(opp_hand), "land_of_bondage": ["ls_orphan"]},
        **BLOCK,
    )


def test_the_defender_is_told_to_block_with_each_blocks_outcome():
    b = blocking()
    advice = coach.advise(b.game, 0)
    assert advice.phase == "Battle: block or not" and advice.phase_rule == "redemption.battle.block"
    words = {a.action: a.words for a in advice.actions}
    assert words[f"block {b['nebuchadnezzar']}"].endswith("then Heroes 6/6 vs Evil 6/7: the Evil side would win")
    assert words[f"block {b['goliath']}"].endswith("both sides would be defeated")
    assert words[f"block {b['eglon']}"].endswith("the Hero side would win")
    noblock = next(a for a in advice.actions if a.action == "noblock")
    assert noblock.rule == "redemption.battle.unopposed" and "unblocked Hero rescues" in noblock.words
    assert not coach.advise(b.game, 1).your_move


def test_the_coach_never_reads_the_opponents_hand():
    texts = {coach.advise(blocking(hand).game, 0).text() for hand in (["herods_banquet"], ["scourging"])}
    assert len(texts) == 1


def test_why_gives_the_totals_the_initiative_and_its_rule_from_your_side():
    b = build(
        {
            "field_of_battle": ["barak"],
            "hand": ["gideons_trumpet", "daniels_prayer"],
            "land_of_bondage": ["ls_wanderer"],
        },
        {"field_of_battle": ["caiaphas"], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        active=0,
        battle={"kind": "rescue", "step": "initiative", "last_actor": 1},
        flags={"battled": True},
    )
    advice = coach.advise(b.game, 0)
    why = [str(x) for x in advice.why]
    assert why[0] == "Totals: your Heroes 6/6 vs Evil 6/7 (strength/toughness). [redemption.battle.totals]"
    assert any(
        x.startswith("You have initiative: the Evil side is winning") and x.endswith("[redemption.battle.initiative]")
        for x in why
    )
    assert advice.phase == "Battle: you have initiative"
    trumpet = next(a for a in advice.actions if a.action.startswith(f"enhance {b['gideons_trumpet']}"))
    assert "then Heroes 8/8 vs Evil 6/7: the Hero side would win" in trumpet.words
    assert trumpet.rule == "redemption.battle.enhance"
    out = b.game.apply(f"enhance {b['daniels_prayer']} {b['barak']}")
    rej = coach.explain_rejection(b.game, 0, f"enhance {b['daniels_prayer']} {b['barak']}", out)
    assert rej.rule == "redemption.battle.brigade" and rej.rule_title == "Brigades must match"
    assert [a.action for a in rej.legal_instead] == [f"enhance {b['gideons_trumpet']} {b['barak']}", "pass"]


def test_name_on_name_is_pointed_out():
    b = build(
        {"field_of_battle": ["gideon"], "hand": ["gideons_trumpet"], "land_of_bondage": ["ls_wanderer"]},
        {"field_of_battle": ["caiaphas"], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        active=0,
        battle={"kind": "rescue", "step": "initiative", "last_actor": 1},
        flags={"battled": True},
        options={"name_on_name": True},
    )
    (trumpet,) = [a for a in coach.advise(b.game, 0).actions if a.action.startswith("enhance")]
    assert "(Name-on-Name: numbers double)" in trumpet.words and "Heroes 11/9" in trumpet.words


def test_what_the_opponent_just_did_and_why_it_matters():
    b = build(
        {"territory": ["gideon"], "land_of_bondage": ["ls_wanderer"]},
        {"territory": ["herodias"], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        active=0,
    )
    events = b.game.apply(f"rescue {b['gideon']}").events
    lines = coach.advise(b.game, 1, events).opponent
    assert lines[0].text.startswith("Your opponent makes a rescue attempt with Gideon")
    assert lines[0].text.endswith("You may block it with one Evil Character, or let it through.")
    assert lines[0].rule == "redemption.battle.rescue"
    events = b.game.apply("noblock").events
    mine = coach.advise(b.game, 0, events).opponent
    assert any("does not block" in x.text and "An unblocked Hero rescues." in x.text for x in mine)
    theirs = coach.advise(b.game, 1, events).opponent
    assert any("Your opponent now has 1 Redeemed Soul(s) of 5." in x.text for x in theirs)


def test_hint_is_legal_with_a_reason_and_prefers_a_winning_enhancement():
    b = build(
        {"field_of_battle": ["barak"], "hand": ["gideons_trumpet", "fleece"], "land_of_bondage": ["ls_wanderer"]},
        {"field_of_battle": ["caiaphas"], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        active=0,
        battle={"kind": "rescue", "step": "initiative", "last_actor": 1},
        flags={"battled": True},
    )
    action, reason = coach.module_for(b.game).suggest(b.game, 0)
    assert str(action) == f"enhance {b['gideons_trumpet']} {b['barak']}" and "Hero side would win" in reason
    h = coach.hint(b.game, 0)
    assert h is not None and b.game.check(h.action).ok and h.reason


def test_phases_of_a_whole_turn_have_words_and_rules():
    from rules.redemption import new_game

    g = new_game(3)
    seen = set()
    for _ in range(300):
        if g.is_over:
            break
        p = g.current_player
        advice = coach.advise(g, p)
        assert advice.phase and advice.purpose and advice.phase_rule and advice.actions
        seen.add(advice.phase)
        g.apply(coach.module_for(g).suggest(g, p)[0])
    assert {
        "Setup: the cut",
        "Setup: who goes first",
        "Your turn: Preparation phase",
        "Your turn: Battle phase",
        "Battle: block or not",
        "Your turn: Discard phase",
    } <= seen
