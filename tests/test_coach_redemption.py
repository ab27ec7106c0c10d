"""The Redemption coach on hand-built positions: phases, moves in words with their outcome, why, rejections, hints."""

import pytest

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
    assert any("Your opponent now has 1 Redeemed Soul of 5." in x.text for x in theirs)


def test_hint_is_legal_with_a_reason_and_prefers_a_winning_enhancement():
    b = build(
        {"field_of_battle": ["barak"], "hand": ["gideons_trumpet", "fleece"], "land_of_bondage": ["ls_wanderer"]},
        {"field_of_battle": ["caiaphas"], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        active=0,
        battle={"kind": "rescue", "step": "initiative", "last_actor": 1},
        flags={"battled": True},
    )
    action, reason = coach.module_for(b.game).suggest(b.game.sight(0), 0)
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
        g.apply(coach.module_for(g).suggest(g.sight(p), p)[0])
    assert {
        "Setup: the cut",
        "Setup: who goes first",
        "Your turn: Preparation phase",
        "Your turn: Battle phase",
        "Battle: block or not",
        "Your turn: Discard phase",
    } <= seen


# --- three and four players: every sentence names the player it means -------------------------
NAMES = ["Ann", "Bob", "Cy", "Di"]


def _said(advice: coach.Advice) -> str:
    return "\n".join([advice.text(), *(a.words for a in advice.actions)])


def test_four_players_the_coach_names_the_battles_opponent_and_the_bystanders_wait():
    from tests.test_redemption_multi import position

    seats = [{"hand": ["gideon"], "land_of_bondage": ["ls_debtor"]}]
    seats += [{"land_of_bondage": ["ls_orphan"], "hand": ["goliath"]} for _ in range(3)]
    g, ids = position(*seats, phase="battle")
    hero = ids[(0, "gideon")]
    mine = coach.advise(g, 0, names=NAMES)
    assert "rescue a Lost Soul from the Land of Bondage of an opponent you name" in mine.purpose
    words = {a.action: a.words for a in mine.actions}
    for q in (1, 2, 3):
        assert words[f"rescue {hero} {q}"].endswith(f"it can reach 1 of {NAMES[q]}'s Lost Souls")
    assert (
        coach.advise(g, 2, names=NAMES).purpose
        == "Ann may send a Hero to rescue a Lost Soul from any opponent's Land of Bondage."
    )

    events = g.apply(f"rescue {hero} 2").events
    cy = coach.advise(g, 2, events, names=NAMES)  # the attacked player blocks
    assert cy.phase == "Battle: block or not" and cy.your_move
    assert cy.opponent[0].text == (
        "Ann makes a rescue attempt with Gideon (A1) against your Land of Bondage. "
        "You may block it with one Evil Character, or let it through."
    )
    assert cy.why[0].text.startswith("Totals: Ann's Heroes 7/5 vs your Evil 0/0")
    bob = coach.advise(g, 1, events, names=NAMES)  # a bystander: not told to block, told whom we wait for
    assert bob.purpose == "Cy decides whether to block Ann's Hero."
    assert bob.opponent[0].text == "Ann makes a rescue attempt with Gideon (A1) against Cy's Land of Bondage."
    assert bob.waiting == "Waiting for Cy." and not bob.actions
    assert coach.advise(g, 0, events, names=NAMES).purpose == "Cy decides whether to block your Hero."

    events = g.apply(f"block {ids[(2, 'goliath')]}").events
    assert g.current_player == 0
    ann = coach.advise(g, 0, events, names=NAMES)
    assert {a.action: a.words for a in ann.actions}["pass"] == "pass: if Cy passes too, the battle ends as it stands"
    di = coach.advise(g, 3, events, names=NAMES)
    assert di.phase == "Battle: Ann has initiative" and di.waiting == "Waiting for Ann."
    assert any(x.text.startswith("Ann has initiative: both sides would be defeated") for x in di.why)
    for p in range(4):  # nobody is "your opponent" among four, and no field is left unsaid
        text = _said(coach.advise(g, p, events, names=NAMES))
        assert "your opponent" not in text.lower() and "{p" not in text


def test_three_players_setup_score_and_a_rescue_from_each_side():
    from rules.redemption import new_game
    from tests.test_redemption_multi import position

    g = new_game(4, decks=["G", "H", "G"])
    p = g.current_player
    cutting = coach.advise(g, p, names=NAMES[:3])
    deck = (p + 1) % 3
    assert cutting.purpose.startswith(f"cut {NAMES[deck]}'s shuffled deck")
    other = (p + 2) % 3
    assert coach.advise(g, other, names=NAMES[:3]).purpose == f"{NAMES[p]} cuts {NAMES[deck]}'s deck."
    # without names, "Player N" (the coach of a test, a log)
    assert coach.advise(g, other).purpose == f"Player {p + 1} cuts Player {deck + 1}'s deck."

    seats = [
        {"hand": ["gideon"], "land_of_redemption": ["ls_widow"]},
        {"land_of_bondage": ["ls_orphan"]},
        {"land_of_redemption": ["ls_wanderer", "ls_debtor"]},
    ]
    g, ids = position(*seats, phase="battle")
    g.apply(f"rescue {ids[(0, 'gideon')]} 1")
    events = g.apply("noblock").events
    seen_by_cy = [x.text for x in coach.advise(g, 2, events, names=NAMES[:3]).opponent]
    assert any(t.endswith("Ann now has 2 Redeemed Souls of 5.") for t in seen_by_cy)
    why = [x.text for x in coach.advise(g, 2, names=NAMES[:3]).why]
    assert "Redeemed Souls: you 2, Ann 2, Bob 0; 5 wins." in why


def test_three_players_game_over_names_the_winner_and_every_score():
    from tests.test_redemption_multi import position

    seats = [
        {"land_of_redemption": ["ls_widow"]},
        {"land_of_redemption": ["ls_orphan", "ls_wanderer"]},
        {},
    ]
    g, _ = position(*seats, phase="discard")
    g.s.result, g.s.end_reason = "1", "test"
    _, purpose, _ = coach.module_for(g).phase(g.sight(2), 2)
    assert coach.advise(g, 2, names=NAMES[:3]).purpose == "Bob won, Redeemed Souls you 0, Ann 1, Bob 2."
    assert coach.advise(g, 1, names=NAMES[:3]).purpose == "you won, Redeemed Souls you 2, Cy 0, Ann 1."
    assert "{p1}" in purpose  # the coach's own words are a template; advise says them for the reader


@pytest.mark.parametrize("n", [3, 4])
def test_every_seat_gets_words_for_n_players_through_a_whole_game(n):
    from rules.redemption import new_game

    g = new_game(11, decks=["G", "H", "G", "H"][:n])
    names = NAMES[:n]
    phases = set()
    for _ in range(160):
        if g.is_over:
            break
        p = g.current_player
        for q in range(n):
            advice = coach.advise(g, q, names=names)
            text = _said(advice)
            for card in {g.card(c) for c in g.cards}:  # the printed cards' own words ("your opponent's Lost Souls")
                text = text.replace(card.ability_text, "")
            assert "your opponent" not in text.lower() and "{p" not in text, text
            assert advice.your_move == (q == p) and bool(advice.waiting) == (q != p)
            phases.add(advice.phase)
        g.apply(coach.module_for(g).suggest(g.sight(p), p)[0])
    assert any(t.endswith("'s turn: Preparation") for t in phases) and "Your turn: Battle phase" in phases


def test_a_battle_challenge_is_not_said_to_come_for_a_lost_soul():
    from tests.test_redemption_multi import position

    seats = [{"hand": ["gideon"]}, {"hand": ["goliath"]}, {"land_of_bondage": ["ls_orphan"]}]
    g, ids = position(*seats, phase="battle")
    assert g.apply(f"challenge {ids[(0, 'gideon')]} 1").ok and g.b.kind == "challenge"
    bob = coach.advise(g, 1, names=NAMES[:3])
    assert bob.purpose.startswith("Ann's Hero challenges you: no Lost Soul of yours is at stake.")
    assert bob.phase_rule == "redemption.battle.challenge"
    assert {a.action: a.words for a in bob.actions}[
        "noblock"
    ] == "let the Hero through: a battle challenge rescues nothing"


def test_a_cut_is_described_with_the_whole_range_allowed():
    """It said "any number from 8 to 45" for a cut of 8: the range starts at the fewest cards a cut may lift."""
    from rules.redemption import new_game
    from rules.redemption.coach import describe_action

    g = new_game(5)
    cuts = [a for a in g.legal_actions() if a.verb == "cut" and a.args]
    low, high = min(int(a.args[0]) for a in cuts), max(int(a.args[0]) for a in cuts)
    words, rule = describe_action(g.sight(g.current_player), g.current_player, cuts[3])
    assert f"lift {cuts[3].args[0]} cards" in words and f"any number from {low} to {high}" in words
    assert low < int(cuts[3].args[0]) and rule == "redemption.setup.cut"
