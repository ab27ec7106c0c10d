"""The real 1st-edition Limited and Unlimited starters (Limited_A, Limited_B, Unlimited_A, Unlimited_B): the cards of
``rules/redemption/real/starters_ul.toml``, each on a hand-built position in the scenario format
(``redemption.scenario``) in which its ability happens and its outcome is asserted."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.redemption.cards import CARDS, real_key
from tests.redemption_helpers import ok
from tests.test_real_g10 import _test_card, blocked, in_battle, pos, round_trip, to_player

FILE = Path(__file__).resolve().parent.parent / "rules" / "redemption" / "real" / "starters_ul.toml"


def _keys() -> list[str]:
    import tomllib

    return [real_key(d["name"], d["set"]) for d in tomllib.loads(FILE.read_text(encoding="utf-8"))["card"]]


KEYS = _keys()


def K(name: str, set_: str) -> str:
    key = real_key(name, set_)
    assert key in KEYS, key
    return key


# --- Dominants --------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("angel", [K("Angel of the Lord (A)", "1E"), K("Angel of the Lord (B)", "1EU")])
def test_angel_of_the_lord_discards_any_evil_character_in_play(angel):
    b = pos({"hand": [angel], "territory": ["gideon"]}, {"territory": ["pilate", "goliath"]})
    g = b.game
    targets = {a.args[1] for a in g.legal_actions() if a.verb == "dominant" and a.args[0] == b[angel]}
    assert targets == {b["pilate"], b["goliath"]}
    ok(g, f"dominant {b[angel]} {b['goliath']}")
    assert g.zone_of(b["goliath"]) == (1, "discard") and g.zone_of(b[angel]) == (0, "discard")
    round_trip(g)


@pytest.mark.parametrize("son", [K("Son of God (A)", "1E"), K("Son of God (B)", "1EU")])
def test_son_of_god_rescues_any_lost_soul_in_play(son):
    b = pos({"hand": [son], "land_of_bondage": ["ls_wanderer"]}, {"land_of_bondage": ["ls_orphan"]})
    g = b.game
    targets = {a.args[1] for a in g.legal_actions() if a.verb == "dominant" and a.args[0] == b[son]}
    assert targets == {b["ls_wanderer"], b["ls_orphan"]}
    ok(g, f"dominant {b[son]} {b['ls_orphan']}")
    assert g.zone_of(b["ls_orphan"]) == (0, "land_of_redemption") and g.score(0) == 1
    round_trip(g)


def test_burial_discards_any_lost_soul_in_play():
    burial = K("Burial (B)", "1EU")
    b = pos({"hand": [burial], "land_of_bondage": ["ls_wanderer"]}, {"land_of_bondage": ["ls_orphan"]})
    g = b.game
    targets = {a.args[1] for a in g.legal_actions() if a.verb == "dominant" and a.args[0] == b[burial]}
    assert targets == {b["ls_wanderer"], b["ls_orphan"]}
    ok(g, f"dominant {b[burial]} {b['ls_orphan']}")
    assert g.zone_of(b["ls_orphan"]) == (1, "discard")
    round_trip(g)


@pytest.mark.parametrize("martyr", [K("Christian Martyr (A)", "1E"), K("Christian Martyr (AU)", "1EU")])
def test_christian_martyr_discards_any_hero_in_play(martyr):
    b = pos({"hand": [martyr], "territory": ["pilate"]}, {"territory": ["gideon", "deborah"]})
    g = b.game
    targets = {a.args[1] for a in g.legal_actions() if a.verb == "dominant" and a.args[0] == b[martyr]}
    assert targets == {b["gideon"], b["deborah"]}  # Heroes only
    ok(g, f"dominant {b[martyr]} {b['deborah']}")
    assert g.zone_of(b["deborah"]) == (1, "discard") and g.zone_of(b["gideon"]) == (1, "territory")
    round_trip(g)


# --- enhancements that discard, ignore, give first strike ----------------------------------------------------------
@pytest.mark.parametrize("rod", [K("Aaron's Rod (L)", "Main"), K("Aaron's Rod (UL)", "Main UL")])
def test_aarons_rod_discards_every_evil_enhancement_in_battle(rod):
    guard = real_key("Temple Guard", "10A")
    first, last = real_key("Ancient Evil (G)", "10A"), real_key("Lying Unto God", "10A")
    b = in_battle("stephen", guard, [first, last], mine={"hand": [rod]})
    g = b.game  # Stephen 5/7 (Green) against the Guard 9/13
    assert g.char_numbers(b[guard]) == (9, 13) and g.current_player == 0
    ok(g, f"enhance {b[rod]} {b['stephen']}")
    assert g.zone_of(b[first]) == (1, "discard") and g.zone_of(b[last]) == (1, "discard")
    assert g.char_numbers(b[guard]) == (5, 7) and g.char_numbers(b["stephen"]) == (5, 7)
    assert not {b[first], b[last]} & set(g.b.played) and g.standing() == "stalemate"
    assert CARDS[rod].ability_text.startswith("Discard every Evil Enhancement")
    round_trip(g)


@pytest.mark.parametrize(
    "card, hero, ignored",
    [
        (K("Clemency of David (A)", "Main"), "stephen", "Brown"),
        (K("Clemency of David (UL)", "Main UL"), "stephen", "Brown"),
        (K("Peace (L)", "Main"), "daniel", "Black"),
        (K("Peace (UL)", "Main UL"), "daniel", "Black"),
        (K("Devotion of Ruth (L)", "Main"), "t_white", "Gray"),
        (K("Devotion of Ruth (UL)", "Main UL"), "t_white", "Gray"),
        (K("Submissiveness of Mary (L)", "Main"), "t_white", "Pale Green"),  # the 1st edition's evil Green
        (K("Submissiveness of Mary (UL)", "Main UL"), "t_white", "Pale Green"),
    ],
)
def test_hero_ignores_a_brigade_and_rescues(monkeypatch, card, hero, ignored):
    _test_card(monkeypatch, "t_white", type="hero", alignment="good", brigades=["White"], strength=4, toughness=4)
    foe = _test_card(monkeypatch, "t_foe", type="evil_character", brigades=[ignored], strength=9, toughness=9)
    other = _test_card(monkeypatch, "t_other", type="evil_character", brigades=["Orange"], strength=9, toughness=9)
    b = blocked(hero, foe, mine={"hand": [card]})
    g = b.game
    assert g.standing() == "evil_winning"
    to_player(g, 0)
    ok(g, f"enhance {b[card]} {b[hero]}")
    assert g._is_ignored(b[foe]) and g.standing() == "hero_winning"
    ok(g, "pass")
    assert g.zone_of(b["ls_orphan"]) == (0, "land_of_redemption") and g.zone_of(b[foe]) == (1, "territory")
    b = blocked(hero, other, mine={"hand": [card]})  # another brigade: not ignored
    to_player(b.game, 0)
    ok(b.game, f"enhance {b[card]} {b[hero]}")
    assert not b.game._is_ignored(b[other])


@pytest.mark.parametrize("darkness", [K("Darkness (A)", "Main"), K("Darkness (UL)", "Main UL")])
def test_darkness_makes_its_evil_character_ignore_a_blue_hero(monkeypatch, darkness):
    foe = _test_card(monkeypatch, "t_foe", type="evil_character", brigades=["Pale Green"], strength=2, toughness=6)
    b = in_battle("gideon", foe, [], theirs={"hand": [darkness]})
    g = b.game  # Gideon 7/5 (Blue) defeats the 2/6: the evil side may play
    g.b.last_actor = 0
    assert g.standing() == "hero_winning" and g.current_player == 1
    ok(g, f"enhance {b[darkness]} {b[foe]}")
    assert g._is_ignored(b["gideon"]) and g.char_numbers(b[foe]) == (4, 6) and g.standing() == "evil_winning"
    round_trip(g)
    ok(g, "pass")
    assert g.zone_of(b["ls_orphan"]) == (1, "land_of_bondage") and g.zone_of(b["gideon"]) == (0, "territory")


@pytest.mark.parametrize("cloud", [K("Pillar of a Cloud (B)", "1E"), K("Pillar of a Cloud (UL)", "1EU")])
def test_pillar_of_a_cloud_gives_first_strike_in_mutual_destruction(monkeypatch, cloud):
    demon = real_key("Strong Demon (G)", "10A")
    _test_card(monkeypatch, "t_hero", type="hero", alignment="good", brigades=["Blue"], strength=9, toughness=3)
    b = in_battle("t_hero", demon, [], mine={"hand": [cloud]})
    g = b.game
    ok(g, f"enhance {b[cloud]} {b['t_hero']}")  # 11/5 against 9/10: both would be defeated
    assert g.char_numbers(b["t_hero"]) == (11, 5) and g.standing() == "hero_winning"
    ok(g, "pass")
    assert g.zone_of(b["t_hero"]) == (0, "territory") and g.zone_of(b[demon]) == (1, "discard")


# --- enhancements that band, return to hand, capture -----------------------------------------------------------------
@pytest.mark.parametrize(
    "card, hero",
    [
        (K("Sound the Alarm (A)", "Main"), "t_red"),
        (K("Sound the Alarm (UL)", "Main UL"), "t_red"),
        (K("Ezekiel's Stick (L)", "Main"), "peter"),
        (K("Ezekiel's Stick (UL)", "Main UL"), "peter"),
    ],
)
def test_a_second_hero_joins_the_battle(monkeypatch, card, hero):
    _test_card(monkeypatch, "t_red", type="hero", alignment="good", brigades=["Red"], strength=5, toughness=5)
    b = blocked(hero, "herod", mine={"hand": [card, "esther"], "territory": ["james"]})
    g = b.game
    to_player(g, 0)
    targets = {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[card] and len(a.args) > 2}
    assert targets == {b["james"], b["esther"]}  # a Hero of any brigade, from territory or hand
    ok(g, f"enhance {b[card]} {b[hero]} {b['james']}")
    assert set(g.battle_chars(0)) == {b[hero], b["james"]}
    round_trip(g)


@pytest.mark.parametrize("chains", [K("Chains (A)", "Main"), K("Chains (L)", "Main UL")])
def test_chains_returns_a_hero_in_play_to_its_owners_hand(chains):
    b = in_battle("gideon", "caiaphas", [], mine={"territory": ["deborah"]}, theirs={"hand": [chains]})
    g = b.game
    g.b.last_actor = 0  # Gideon 7/5 against Caiaphas 6/7: both defeated; the defender may play
    ok(g, f"enhance {b[chains]} {b['caiaphas']}")
    d = g.s.pending
    assert d is not None and set(d.options) == {b["gideon"], b["deborah"]}
    ok(g, f"choose {b['gideon']}")
    assert g.zone_of(b["gideon"]) == (0, "hand") and not g.battle_chars(0)
    round_trip(g)


@pytest.mark.parametrize("net", [K("Net (B)", "Main"), K("Net (UL)", "Main UL")])
def test_net_takes_a_hero_prisoner_into_its_land_of_bondage(net):
    b = in_battle("gideon", "herod", [], mine={"territory": ["deborah"]}, theirs={"hand": [net]})
    g = b.game
    g.b.last_actor = 0  # Gideon 7/5 against Herod 8/6: both defeated
    targets = {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[net]}
    assert targets == {b["gideon"], b["deborah"]}
    ok(g, f"enhance {b[net]} {b['herod']} {b['deborah']}")
    assert g.zone_of(b["deborah"]) == (1, "land_of_bondage") and g.char_numbers(b["herod"]) == (10, 8)
    assert b["deborah"] in g.reachable(b["gideon"], 1)  # treated as a Lost Soul
    round_trip(g)


# --- an enhancement that withdraws its Hero and takes back the enhancements ------------------------------------------
def test_stillness_withdraws_its_hero_unharmed_and_takes_back_the_holders_enhancements():
    still = K("Stillness (B)", "1EU")
    battle = {"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 1, "played": ["gideons_trumpet"]}
    b = pos(
        {"field_of_battle": ["deborah", "gideons_trumpet"], "hand": [still]},
        {"field_of_battle": [real_key("Strong Demon (G)", "10A")], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        flags={"battled": True},
        battle=battle,
        attached={"gideons_trumpet": "deborah"},
    )
    g = b.game  # Deborah 7/9 with Gideon's Trumpet against the Strong Demon 9/10: losing
    assert g.current_player == 0
    ok(g, f"enhance {b[still]} {b['deborah']}")
    assert g.zone_of(b["gideons_trumpet"]) == (0, "hand")  # back to its holder's hand
    assert g.zone_of(b["deborah"]) == (0, "territory")  # withdrawn, not discarded
    assert g.zone_of(b[still]) == (0, "discard")  # not this one
    assert g.zone_of(b["ls_orphan"]) == (1, "land_of_bondage")
    round_trip(g)


# --- an enhancement that chooses the blocker ---------------------------------------------------------------------------
@pytest.mark.parametrize("noah", [K("Obedience of Noah (B)", "Main"), K("Obedience of Noah (UL)", "Main UL")])
def test_obedience_of_noah_chooses_the_evil_character_that_blocks(noah):
    b = blocked("deborah", "herod", mine={"hand": [noah]}, theirs={"territory": ["pilate", "nebuchadnezzar"]})
    g = b.game  # Deborah 5/7 (Blue) against Herod 8/6: losing
    assert g.standing() == "evil_winning"
    to_player(g, 0)
    targets = {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[noah] and len(a.args) > 2}
    assert targets == {b["pilate"], b["nebuchadnezzar"]}  # the opponent's Evil Characters in territory
    ok(g, f"enhance {b[noah]} {b['deborah']} {b['pilate']}")
    assert g.zone_of(b["herod"]) == (1, "territory") and g.battle_chars(1) == [b["pilate"]]
    assert g.char_numbers(b["deborah"]) == (6, 8) and g.standing() == "hero_winning"  # 6 defeats Pilate's 5/5
    round_trip(g)
    ok(g, "pass")
    assert g.zone_of(b["ls_orphan"]) == (0, "land_of_redemption") and g.zone_of(b["pilate"]) == (1, "discard")


def test_obedience_of_noah_negated_puts_the_first_blocker_back():
    noah = K("Obedience of Noah (B)", "Main")
    b = blocked("deborah", "herod", mine={"hand": [noah]}, theirs={"territory": ["nebuchadnezzar", "belshazzar"]})
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b[noah]} {b['deborah']} {b['nebuchadnezzar']}")  # 6/8 against 6/7: a stalemate
    assert g.battle_chars(1) == [b["nebuchadnezzar"]] and g.current_player == 1
    g.b.negated.append(b[noah])  # as a negate does (redemption.effect.negate), then what it did is undone
    g._undo(b[noah], [])
    assert g.battle_chars(1) == [b["herod"]] and g.zone_of(b["nebuchadnezzar"]) == (1, "territory")
    assert g.char_numbers(b["deborah"]) == (5, 7)
    round_trip(g)


# --- set-aside enhancements: the Hero prays until its player returns it ----------------------------------------------
@pytest.mark.parametrize(
    "card, hero",
    [
        (K("Prayer and Fasting (L)", "Main"), "daniel"),
        (K("Prayer and Fasting (UL)", "Main UL"), "daniel"),
        (K("Meditation (B)", "1EU"), "peter"),
    ],
)
def test_the_hero_prays_set_aside_with_the_card_on_it(card, hero):
    b = blocked(hero, "herod", mine={"hand": [card]})
    g = b.game  # the Hero 5/7 or 7/5 against Herod 8/6: losing
    to_player(g, 0)
    turn = g.s.turn
    ok(g, f"enhance {b[card]} {b[hero]}")
    assert g.zone_of(b[hero]) == (0, "set_aside") and g.zone_of(b[card]) == (0, "set_aside")
    assert g.attached[b[card]] == b[hero] and g.s.aside[b[hero]] == (-turn, 1, 1, b[card])
    assert g.zone_of(b["ls_orphan"]) == (1, "land_of_bondage")  # the rescue attempt is over
    round_trip(g)


@pytest.mark.parametrize("rounds, numbers", [(0, (5, 7)), (1, (6, 8)), (3, (8, 10))])
def test_the_praying_hero_returned_gains_one_one_for_each_turn_and_the_card_is_discarded(rounds, numbers):
    prayer = K("Prayer and Fasting (L)", "Main")
    b = pos({"set_aside": ["daniel", prayer]}, {}, turn=3 + 2 * rounds, attached={prayer: "daniel"})
    g = b.game
    g.s.aside[b["daniel"]] = (-3, 1, 1, b[prayer])  # set aside in turn 3 by the Prayer
    round_trip(g)
    assert not any(a.verb == "return" and a.args == (b[prayer],) for a in g.legal_actions())
    ok(g, f"return {b['daniel']}")
    assert g.zone_of(b["daniel"]) == (0, "territory") and g.zone_of(b[prayer]) == (0, "discard")
    assert g.char_numbers(b["daniel"]) == numbers and b["daniel"] not in g.s.aside
    round_trip(g)


def test_the_praying_hero_does_not_come_back_by_itself_in_upkeep():
    prayer = K("Meditation (B)", "1EU")
    b = pos({"set_aside": ["peter", prayer]}, {}, turn=9, attached={prayer: "peter"})
    g = b.game
    g.s.aside[b["peter"]] = (-3, 1, 1, b[prayer])
    from rules.redemption import effects

    assert not effects.come_back(g, 0, []) and g.zone_of(b["peter"]) == (0, "set_aside")


# --- a healing enhancement (redemption.effect.heal: a character discarded this turn) --------------------------------
BALMS = [K("Balm of Gilead (B)", "Main"), K("Balm of Gilead (UL)", "Main UL")]


@pytest.mark.parametrize("balm", BALMS)
def test_balm_of_gilead_heals_a_blue_hero_discarded_in_battle_in_the_discard_phase(balm):
    b = blocked(
        "gideon",
        real_key("Strong Demon (G)", "10A"),
        mine={"hand": [balm, "daniel"], "territory": ["deborah"], "deck": ["ezra", "esther"]},
        theirs={"land_of_bondage": ["ls_orphan", "ls_widow"], "deck": ["pilate", "annas"]},
    )
    g = b.game  # Gideon 7/5 against the Strong Demon 9/10: Gideon is defeated
    while g.b.kind:
        ok(g, "pass")
    assert g.zone_of(b["gideon"]) == (0, "discard") and b["gideon"] in g.s.discarded
    round_trip(g)
    if g.phase != "discard":
        ok(g, "end")  # to the Discard phase
    assert g.phase == "discard" and not g.is_over
    heal = [a for a in g.legal_actions() if a.verb == "enhance"]
    assert [tuple(a.args) for a in heal] == [(b[balm], b["gideon"])]
    ok(g, f"enhance {b[balm]} {b['gideon']}")
    assert g.zone_of(b["gideon"]) == (0, "territory") and g.zone_of(b[balm]) == (0, "discard")
    round_trip(g)


@pytest.mark.parametrize("balm", BALMS)
def test_balm_of_gilead_cannot_heal_a_hero_discarded_before_this_turn_nor_one_of_another_brigade(balm):
    b = pos({"hand": [balm], "discard": ["gideon", "daniel"]}, {}, phase="discard")
    g = b.game
    assert not [a for a in g.legal_actions() if a.verb == "enhance"]
    out = g.apply(f"enhance {b[balm]} {b['gideon']}")
    assert not out.ok and out.rule == "redemption.effect.heal"
    g.s.discarded = [b["daniel"]]  # Gold: not Blue
    assert not [a for a in g.legal_actions() if a.verb == "enhance"]


def test_balm_of_gilead_heals_the_last_hero_an_opponents_enhancement_discards_with_special_initiative():
    balm = BALMS[0]
    b = in_battle("deborah", "pilate", [], mine={"hand": [balm]}, theirs={"hand": ["crown_of_thorns"]})
    g = b.game  # Deborah 5/7 defeats Pilate 5/5: the evil side may play
    g.b.last_actor = 0
    ok(g, f"enhance {b['crown_of_thorns']} {b['pilate']} {b['deborah']}")
    assert g.zone_of(b["deborah"]) == (0, "discard") and g.current_player == 0
    acts = {tuple(a.args) for a in g.legal_actions() if a.verb == "enhance"}
    assert acts == {(b[balm], b["deborah"], b["deborah"])}
    ok(g, f"enhance {b[balm]} {b['deborah']} {b['deborah']}")
    assert g.zone_of(b["deborah"]) == (0, "territory") and g.zone_of(b[balm]) == (0, "discard")
    round_trip(g)


def test_balm_of_gilead_played_in_battle_heals_a_blue_hero_discarded_earlier_this_turn():
    balm = BALMS[1]
    b = in_battle("deborah", "herod", [], mine={"hand": [balm], "discard": ["gideon"]})
    g = b.game  # Deborah 5/7 against Herod 8/6: losing, she holds initiative
    g.s.discarded = [b["gideon"]]  # discarded from play earlier this turn
    assert {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[balm]} == {b["gideon"]}
    ok(g, f"enhance {b[balm]} {b['deborah']} {b['gideon']}")
    assert g.zone_of(b["gideon"]) == (0, "territory") and g.battle_chars(0) == [b["deborah"]]
    round_trip(g)


# --- the decks, offered once every card is enforced ---------------------------------------------------------------
@pytest.mark.parametrize("label", ["LA", "LB", "UA"])
def test_the_limited_and_unlimited_starter_decks_are_offered_and_played(label):
    from rules.agents import make_agent, play_match
    from rules.redemption import DECKS, new_game
    from rules.redemption.cards import PENDING
    from tests.test_real_g10 import round_trip

    assert label in DECKS and label not in PENDING
    keys = DECKS[label]["cards"]
    assert len(keys) == 50 and all(k in CARDS and CARDS[k].set for k in keys)
    other = {"LA": "LB", "LB": "LA", "UA": "LA"}[label]
    agents = [make_agent("redemption", "random", seed=5), make_agent("redemption", "random", seed=6)]
    g = play_match(new_game(7, decks=(label, other), max_turns=30), agents)
    assert g.s.turn > 1
    round_trip(g)
