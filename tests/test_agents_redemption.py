"""Redemption computer players: legal whole games, and the heuristic's battle judgement."""

import pytest

from rules.agents import choose_for, make_agent, play_match
from rules.redemption import new_game
from tests.redemption_helpers import build, ok, scenario


def _battle(p0, p1, **kw):
    return build(p0, p1, phase="battle", **kw)


def _rescue(hero, p0=None, p1=None):
    p0 = {"hand": [hero], **(p0 or {})}
    p1 = {"land_of_bondage": ["ls_orphan"], **(p1 or {})}
    b = _battle(p0, p1)
    ok(b.game, f"rescue {b[hero]}")
    return b


@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_redemption_levels_play_legal_games_to_the_end(level):
    for seed in range(2):
        agents = [make_agent("redemption", level, seed=seed), make_agent("redemption", "random", seed=seed + 9)]
        g = play_match(new_game(seed, max_turns=40), agents)
        assert g.is_over


def test_view_only_choice_is_legal():
    g = new_game(3)
    agent = make_agent("redemption", "normal", seed=1)
    for _ in range(60):
        if g.is_over:
            break
        p = g.current_player
        a = agent.choose(g.view(p), g.legal_actions())
        assert a in g.legal_actions()
        g.apply(a)


def test_hard_decides_a_block_legally_with_a_small_budget():
    b = _rescue("barak", p1={"hand": ["pilate", "caiaphas"]})
    hard = make_agent("redemption", "hard", seed=2, iterations=12)
    assert choose_for(hard, b.game) in b.game.legal_actions()


def test_normal_blocks_with_the_character_that_wins():
    b = _rescue("barak", p1={"hand": ["pilate", "caiaphas"]})  # 6/6 against 5/5 or 6/7
    a = make_agent("redemption", "normal").choose_in(b.game)
    assert str(a) == f"block {b['caiaphas']}"


def test_normal_does_not_throw_away_a_blocker_that_changes_nothing():
    b = _rescue("gideon", p1={"hand": ["haman"]})  # 7/5 against 4/4: the rescue succeeds either way
    a = make_agent("redemption", "normal").choose_in(b.game)
    assert str(a) == "noblock"


def test_normal_plays_the_enhancement_that_flips_the_battle():
    b = _rescue("daniel", p0={"hand": ["daniel", "daniels_prayer"]}, p1={"hand": ["annas"]})
    ok(b.game, f"block {b['annas']}")  # 5/7 against 5/6: stalemate, the attacker may play
    a = make_agent("redemption", "normal").choose_in(b.game)
    assert str(a) == f"enhance {b['daniels_prayer']} {b['daniel']}"


def test_normal_attempts_a_rescue_when_a_soul_is_in_reach():
    b = _battle({"hand": ["barak", "gideon"]}, {"land_of_bondage": ["ls_orphan"]})
    a = make_agent("redemption", "normal").choose_in(b.game)
    assert a.verb == "rescue"


def test_agents_are_deterministic_from_the_seed():
    def run():
        agents = [make_agent("redemption", "easy", seed=5), make_agent("redemption", "normal", seed=6)]
        return play_match(new_game(11, max_turns=30), agents).history

    assert run() == run()


def test_normal_blocks_when_the_block_takes_the_hero_down_too():
    # Ehud 6/4 against Pilate 5/5: both defeated. The soul is rescued either way,
    # but blocking discards the Hero as well, where no block lets it rescue for free.
    b = _rescue("ehud", p1={"hand": ["pilate"]})
    a = make_agent("redemption", "normal").choose_in(b.game)
    assert str(a) == f"block {b['pilate']}"


@pytest.mark.parametrize("phase", ["prep", "discard"])
def test_computer_never_sets_its_characters_aside(phase):
    from rules.agents.redemption import RedemptionHeuristic

    # setaside is legal and repeatable; neither the heuristic nor the easy level's random moves pick it
    for agent in (make_agent("redemption", "normal", seed=3), RedemptionHeuristic(seed=4, noise=1.0)):
        b = build(
            {"territory": ["gideon", "barak", "daniel"], "set_aside": ["ehud"], "hand": ["caiaphas"]},
            {"territory": ["pilate"]},
            phase=phase,
        )
        g = b.game
        for _ in range(30):
            if g.phase != phase or g.current_player != 0:
                break
            legal = g.legal_actions()
            assert any(x.verb == "setaside" for x in legal)
            a = choose_for(agent, g)
            assert a.verb not in ("setaside", "return"), a
            ok(g, str(a))


def test_normal_plays_two_enhancements_that_only_win_together():
    from tests.redemption_helpers import scenario

    # Stephen 5/7 against Caiaphas 6/7 is a stalemate; one Tongues of Fire (+1/+1) leaves it one, two defeat
    # Caiaphas. Holding the initiative, normal starts on the pair rather than passing into a stalemate.
    b = scenario("""
[start]
phase = "battle"
active = 0
turn = 5
battle = { kind = "rescue", step = "initiative", last_actor = 1 }
[[start.seat]]
field_of_battle = ["stephen"]
hand = ["tongues_of_fire", "tongues_of_fire"]
deck = ["peter", "andrew", "james", "ls_lame"]
[[start.seat]]
field_of_battle = ["caiaphas"]
land_of_bondage = ["ls_orphan"]
deck = ["pilate", "annas", "herod", "ls_widow"]
""")
    g = b.game
    assert g.standing() == "stalemate" and g.current_player == 0
    normal = make_agent("redemption", "normal")
    a = normal.choose_in(g)
    assert a.verb == "enhance" and g.card(a.args[0]).key == "tongues_of_fire", a
    ok(g, str(a))
    assert g.standing() == "stalemate"
    ok(g, "pass")  # the defender answers nothing; the initiative comes back
    a = normal.choose_in(g)
    assert a.verb == "enhance", a
    ok(g, str(a))
    assert g.standing() == "hero_winning"


_FULL_HAND = """
[start]
phase = "battle"
active = 0
turn = 5
[[start.seat]]
hand = [{hand}]
deck = ["peter", "andrew", "james", "ls_lame"]
[[start.seat]]
territory = ["pilate"]
deck = ["annas", "herod", "ls_widow"]
"""


def test_normal_with_a_hand_over_the_limit_and_no_soul_in_reach_challenges():
    from tests.redemption_helpers import scenario

    # Eleven cards and nothing to rescue: ending the turn would only discard three of them. A battle challenge
    # with the Hero its enhancements fit spends them on the opponent's blocker instead.
    hand = ["barak", "gideons_trumpet", "stars_fought", "call_to_arms"] + ["caiaphas"] * 3 + ["sorcery"] * 4
    b = scenario(_FULL_HAND.format(hand=", ".join(f'"{k}"' for k in hand)))
    g = b.game
    assert len(g.z[0]["hand"]) > g.hand_limit(0) and not g.z[1]["land_of_bondage"]
    a = make_agent("redemption", "normal").choose_in(g)
    assert str(a) == f"challenge {b['barak']}"


@pytest.mark.parametrize(
    "hand",
    [
        ["barak", "gideons_trumpet", "caiaphas", "sorcery"],  # room in hand: nothing would be discarded
        ["barak"] + ["caiaphas"] * 4 + ["sorcery"] * 5,  # over the limit, but no enhancement Barak can use
    ],
)
def test_normal_does_not_challenge_for_nothing(hand):
    from tests.redemption_helpers import scenario

    b = scenario(_FULL_HAND.format(hand=", ".join(f'"{k}"' for k in hand)))
    a = make_agent("redemption", "normal").choose_in(b.game)
    assert str(a) == "end"


@pytest.mark.parametrize(
    "hand, expected",
    [
        (["barak", "gideons_trumpet", "caiaphas", "sorcery"], "end"),  # room in hand: no challenge
        (
            ["barak", "gideons_trumpet", "stars_fought", "call_to_arms"] + ["caiaphas"] * 3 + ["sorcery"] * 4,
            "challenge",
        ),
    ],
)
def test_hard_leaves_a_battle_with_no_soul_in_reach_to_the_heuristic(hand, expected):
    # No Lost Soul in reach: only a battle challenge or none. Searched, cut at the end of the turn, challenges that
    # spend the hand looked good; the hard level decides it as normal does, without a search.
    b = scenario(_FULL_HAND.format(hand=", ".join(f'"{k}"' for k in hand)))
    hard = make_agent("redemption", "hard", seed=3, iterations=30)
    a = choose_for(hard, b.game)
    assert hard.last_iterations == 0
    assert str(a) == ("end" if expected == "end" else f"challenge {b['barak']}")


def test_hard_searches_a_rescue_attempt():
    b = _battle({"hand": ["barak", "esther"]}, {"land_of_bondage": ["ls_orphan"], "territory": ["delilah"]})
    hard = make_agent("redemption", "hard", seed=3, iterations=30)
    assert choose_for(hard, b.game) in b.game.legal_actions() and hard.last_iterations == 30


def test_normal_presents_the_hero_its_enhancements_back():
    # Barak and Esther are both 6/6 and nothing in sight stops either; the Blue enhancements in hand fit only
    # Barak, so his rescue attempt can be won if it is blocked.
    b = _battle(
        {"hand": ["barak", "esther", "gideons_trumpet", "left_handed_blade"]},
        {"land_of_bondage": ["ls_orphan"], "territory": ["delilah"]},
    )
    a = make_agent("redemption", "normal").choose_in(b.game)
    assert str(a) == f"rescue {b['barak']}"


# --- the normal level weighs what it does not name on copies of the game ---------------------------------------


def test_the_agent_names_no_effect_of_the_ability_language():
    # The computer plays any ability the language can express by scoring copies: its source names no effect verb
    # (those that are also action verbs or phases, such as "discard" or "site", name those) and asks no card what
    # it has.
    import inspect

    from rules.agents import redemption as agent
    from rules.redemption import PHASES
    from rules.redemption.effects import VERBS as EFFECTS
    from rules.redemption.notation import VERBS as ACTIONS

    src = inspect.getsource(agent)
    assert ".has(" not in src
    words = set(ACTIONS) | set(PHASES)  # "hand_limit" is a phase too
    named = [v for v in EFFECTS if v not in words and (f'"{v}"' in src or f"'{v}'" in src)]
    assert named == []


_DOMINANT = """
[start]
phase = "prep"
active = 0
turn = 5
[[start.seat]]
hand = ["{dominant}"]
territory = [{mine}]
land_of_redemption = [{saved}]
deck = ["peter", "andrew", "james", "ls_lame"]
[[start.seat]]
territory = [{theirs}]
land_of_bondage = ["ls_orphan"]
deck = ["pilate", "annas", "herod", "ls_widow"]
"""


def _dominant_position(dominant, mine=(), theirs=(), saved=()):
    q = lambda keys: ", ".join(f'"{k}"' for k in keys)  # noqa: E731
    return scenario(_DOMINANT.format(dominant=dominant, mine=q(mine), theirs=q(theirs), saved=q(saved)))


def test_normal_wins_the_game_with_a_dominant_its_copy_shows_rescuing_the_fifth_soul():
    b = _dominant_position("heavenly_city", saved=["ls_debtor", "ls_blind", "ls_captive", "ls_thirsty"])
    g = b.game
    a = make_agent("redemption", "normal").choose_in(g)
    assert str(a) == f"dominant {b['heavenly_city']} {b['ls_orphan']}", a
    ok(g, str(a))
    assert g.is_over and g.winner == 0


@pytest.mark.parametrize(
    ("mine", "theirs"),
    [
        ((), ("goliath", "herod", "caiaphas")),  # the discard takes only their characters: it gives me nothing
        (("gideon", "barak", "peter"), ()),  # it would take only mine: the copy loses
    ],
)
def test_normal_holds_a_discard_everything_dominant_that_gives_it_nothing_in_its_preparation_phase(mine, theirs):
    # Its copy shows it takes from the others (or from me) and brings me no soul and no card: kept for a battle,
    # where the window's judgement weighs it against the battle's outcome.
    b = _dominant_position("day_of_judgment", mine=mine, theirs=theirs)
    a = make_agent("redemption", "normal").choose_in(b.game)
    assert a.verb != "dominant", a


def test_normal_draws_with_a_dominant_early_in_its_preparation_phase():
    b = _dominant_position("manna_from_heaven")
    a = make_agent("redemption", "normal").choose_in(b.game)
    assert str(a) == f"dominant {b['manna_from_heaven']}"


def test_normal_answers_a_pending_look_with_the_card_whose_copy_scores_best():
    b = scenario("""
[start]
phase = "prep"
active = 0
turn = 3
[[start.seat]]
hand = ["gleaning"]
deck = ["nehemiah", "ls_debtor", "daniel", "deborah", "ehud"]
[[start.seat]]
deck = ["peter", "ls_orphan"]
""")
    g = b.game
    normal = make_agent("redemption", "normal")
    ok(g, f"dominant {b['gleaning']}")
    assert g.s.pending is not None and g.current_player == 0
    a = normal.choose_in(g)
    assert str(a) == f"choose {b['daniel']}", a  # 5/7 over Nehemiah's 5/5; the Lost Soul cannot be taken
    while g.s.pending is not None:  # the order to the bottom: any answer is legal
        ok(g, str(normal.choose_in(g)))
    assert b["daniel"] in g.z[0]["hand"]


def test_normal_surrenders_the_soul_most_of_the_rescuers_heroes_reach_and_keeps_the_guarded_one():
    # The Mourner is reached only by a female Hero (Esther); the Orphan by Barak as well. Giving up the Orphan
    # keeps the soul the attacker's next rescues reach least.
    b = scenario("""
[start]
phase = "battle"
active = 0
turn = 5
battle = { kind = "rescue", step = "surrender", surrenderer = 1, souls = ["ls_mourner", "ls_orphan"] }
[[start.seat]]
territory = ["esther", "barak"]
deck = ["peter", "andrew", "ls_lame"]
[[start.seat]]
land_of_bondage = ["ls_mourner", "ls_orphan"]
deck = ["pilate", "annas", "ls_widow"]
""")
    g = b.game
    assert g.current_player == 1
    a = make_agent("redemption", "normal").choose_in(g)
    assert str(a) == f"surrender {b['ls_orphan']}", a


def test_an_action_no_rule_of_thumb_names_is_weighed_on_a_copy(monkeypatch):
    # Were "dominant" a verb the rules of thumb did not know, the rescuing Dominant is still found: by_copy scores
    # each legal action's copy, and the copy with the fifth Redeemed Soul wins.
    from rules.agents import redemption as agent

    monkeypatch.setattr(agent, "KNOWN_VERBS", agent.KNOWN_VERBS - {"dominant"})
    b = _dominant_position("heavenly_city", saved=["ls_debtor", "ls_blind", "ls_captive", "ls_thirsty"])
    a = make_agent("redemption", "normal").choose_in(b.game)
    assert str(a) == f"dominant {b['heavenly_city']} {b['ls_orphan']}", a


def test_hard_never_mutes_a_dominant():
    # Gideon (7/5) blocked by Haman (4/4) wins; before the battle resolves the attacker has a Dominant window for Day
    # of Judgment: play it, decline, or mute it (for the turn or the game). mute is a setting for the person at the
    # keyboard, a decline that also gives up the Dominant's later windows: the search, cut at the end of the turn,
    # cannot tell it from decline, and before it weighed only the other moves it muted here with every seed.
    from rules.agents.redemption import searched_actions

    b = _battle(
        {"hand": ["gideon", "day_of_judgment"]}, {"land_of_bondage": ["ls_orphan"], "hand": ["haman", "caiaphas"]}
    )
    g, doj = b.game, b["day_of_judgment"]
    ok(g, f"rescue {b['gideon']}")
    ok(g, f"block {b['haman']}")
    legal = set(map(str, g.legal_actions()))
    assert g.current_player == 0 and g.s.window.queue == [0]
    assert {f"mute {doj}", f"mute {doj} game", "decline"} <= legal
    assert set(map(str, searched_actions(g))) == legal - {f"mute {doj}", f"mute {doj} game"}
    for seed in range(4):
        hard = make_agent("redemption", "hard", seed=seed, iterations=40)
        a = choose_for(hard, g)
        assert a.verb != "mute" and hard.last_iterations == 40


def _rescue_on_turn_3():
    from tests.redemption_helpers import build

    b = build(
        {"hand": ["gideon", "barak"], "land_of_bondage": ["ls_debtor"]},
        {"land_of_bondage": ["ls_orphan", "ls_lame"], "hand": ["haman", "caiaphas"]},
        phase="battle",
        filler=12,
    )
    ok(b.game, f"rescue {b['gideon']}")
    return b


@pytest.mark.parametrize("turns", [0, 1, 2])
def test_a_simulation_plays_on_through_the_turns_after_the_searched_one(turns):
    # The hard level's simulations play the reply turn too (LOOKAHEAD_TURNS): where the cards a battle spent are
    # missing. They stop once that many turns after the searched one have ended, in the next turn's first phase
    # that asks.
    from rules.agents.redemption import heuristic_rollout
    from rules.core import Rng

    b = _rescue_on_turn_3()
    start = b.game
    g = start.clone()
    heuristic_rollout(g, Rng(2), start, turns=turns)
    assert start.turn == 3 and not g.is_over and g.turn == 4 + turns


def test_the_hard_level_simulates_the_reply_turn():
    from rules.agents import redemption as agent

    hard = make_agent("redemption", "hard", seed=1, iterations=10)
    assert agent.LOOKAHEAD_TURNS == 1 and hard.search.rollout is agent.lookahead_rollout
    b = _rescue_on_turn_3()
    g = b.game.clone()
    agent.lookahead_rollout(g, agent.Rng(4), b.game)
    assert g.turn == 5


def test_simulations_weigh_dominants_only_where_they_are_played_most():
    # The defender holds the Heavenly City (rescue any Lost Soul) at the block: the heuristic plays it at once
    # (it gains a soul); the search's simulations (dominants=False) weigh Dominants only in their own Preparation
    # phase, in windows and among a battle's enhancements, and decide the block.
    from rules.agents.redemption import policy
    from rules.core import Rng

    b = _battle(
        {"hand": ["gideon"], "land_of_bondage": ["ls_debtor"]},
        {"land_of_bondage": ["ls_orphan"], "hand": ["haman", "heavenly_city"]},
    )
    g = b.game
    ok(g, f"rescue {b['gideon']}")
    legal = g.legal_actions()
    assert g.current_player == 1
    assert str(policy(g, 1, legal, Rng(1))) == f"dominant {b['heavenly_city']} {b['ls_debtor']}"
    assert policy(g, 1, legal, Rng(1), dominants=False).verb in ("block", "noblock")
