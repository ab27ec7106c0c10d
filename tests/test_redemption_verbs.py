"""The ability language's verbs that move cards between piles, change numbers for a while, convert and exchange,
with the durations, riders and triggers they bring (redemption.effect.take ... set_aside_for,
redemption.lang.duration.*, redemption.lang.rider.*, redemption.lang.trigger.*), each on a hand-built position in
the scenario format (``redemption.scenario``). The cards are our own, written here in the language and added to the
pool for the test only; each test asserts where the cards went, the numbers, a save's round trip and that no view
shows a card to a player it was not shown to."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.redemption import continuous, effects, lang, serial
from rules.redemption.cards import CARDS, _card
from rules.redemption.lang import LanguageError
from tests.redemption_helpers import build, ok, refused, scenario


def _add(monkeypatch: pytest.MonkeyPatch, key: str, effects_: list[dict[str, Any]], **facts: Any) -> str:
    trigger = facts.pop("trigger", "played")
    d = {
        "key": key,
        "name": key.replace("_", " ").title(),
        "type": "good_enhancement",
        "alignment": "good",
        "brigades": ["Blue"],
        "abilities": [{"trigger": trigger, "effects": effects_}],
        **facts,
    }
    monkeypatch.setitem(CARDS, key, _card(d))
    return key


BATTLE = """
[start]
phase = "battle"
active = 0
turn = 3
flags = {{ battled = true }}
battle = {{ kind = "rescue", step = "initiative", last_actor = 1 }}
[[start.seat]]
field_of_battle = [{heroes}]
territory = [{territory}]
hand = [{hand}]
deck = ["barak", "esther", "peter"]
discard = [{discard}]
land_of_bondage = ["ls_debtor"]
[[start.seat]]
field_of_battle = ["goliath"]
territory = [{their_territory}]
hand = [{their_hand}]
deck = ["delilah", "eglon", "herod"]
discard = [{their_discard}]
land_of_bondage = ["ls_orphan"]
"""


def battle(hand: str, heroes: str = '"gideon"', **kw: str) -> Any:
    f = {"territory": "", "their_territory": "", "their_hand": "", "discard": "", "their_discard": "", **kw}
    return scenario(BATTLE.format(hand=hand, heroes=heroes, **f))


def round_trip(g: Any) -> None:
    assert serial.from_dict(type(g), serial.to_dict(g)) == g
    again = serial.loads(serial.dumps(g)) if hasattr(serial, "dumps") else serial.from_dict(type(g), g.to_dict())
    assert again.to_dict() == g.to_dict()


def hidden_from(g: Any, player: int, cid: str) -> bool:
    """Does player's view leave card cid's name out (a face-down card)?"""
    return g.cd[cid].name not in json.dumps(g.view(player), default=str)


# --- pool2: negate variants (redemption.effect.negate_all.selected, negate_discard all, facets except, alignment list) --
def test_the_except_facet_leaves_out_the_cards_that_fit_its_table_and_takes_card_facets_only(monkeypatch):
    from rules.redemption.cards import real_key

    dragon = CARDS[real_key("Red Dragon (G)", "10A")]  # evil, Revelation 12:3
    rev = _card({"key": "t_rev", "name": "T Rev", "type": "hero", "alignment": "good", "reference": "Revelation 1:9"})
    sel = lang._selector("t", {"type": "character", "except": {"alignment": "good", "book": "Revelation"}})
    assert (
        lang.matches(dragon, sel.card) and not lang.matches(rev, sel.card) and lang.matches(CARDS["gideon"], sel.card)
    )
    for bad in ({"zone": "battle"}, {}, {"alignment": "grey"}):
        with pytest.raises(LanguageError):
            lang._selector("t", {"except": bad})


def test_an_alignment_facet_may_name_several_alignments():
    sel = lang._selector("t", {"alignment": ["evil", "neutral"]})
    assert lang.matches(CARDS["goliath"], sel.card) and lang.matches(CARDS["ls_orphan"], sel.card)
    assert not lang.matches(CARDS["gideon"], sel.card)


def test_a_selected_negate_all_negates_only_the_cards_that_fit_on_both_sides(monkeypatch):
    from rules.redemption.cards import real_key

    mighty, dragon = real_key("Mighty Warrior ( C)", "2E"), real_key("Red Dragon (G)", "10A")
    e = _add(
        monkeypatch,
        "t_negate_heroes",
        [{"verb": "negate_all", "duration": "battle", "select": {"zone": ["in_play", "battle_cards"], "type": "hero"}}],
    )
    b = battle(f'"{e}"', territory=f'"{mighty}"', their_territory=f'"{dragon}"')
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    assert b[mighty] in g.b.negated and b[dragon] not in g.b.negated and b[e] not in g.b.negated
    assert "every Hero in play" in CARDS[e].ability_text
    round_trip(g)


def test_a_rider_by_card_facets_stands_against_the_cards_that_fit_or_are_played_on_one(monkeypatch):
    e = _add(
        monkeypatch,
        "t_rider_by",
        [{"verb": "draw", "n": 1, "riders": [{"rider": "cannot_be_negated", "by": {"testament": "NT"}}]}],
    )
    nt = _add(monkeypatch, "t_nt", [{"verb": "draw", "n": 1}], reference="Acts 1:1")
    ot = _add(monkeypatch, "t_ot", [{"verb": "draw", "n": 1}], reference="Exodus 1:1")
    b = battle(f'"{e}", "{nt}", "{ot}"')
    g = b.game
    assert not continuous.stoppable(g, b[e], "negate", b[nt]) and continuous.stoppable(g, b[e], "negate", b[ot])
    g.attached[b[ot]] = b["gideon"]  # played on Gideon (O.T.): still an O.T. card
    assert continuous.stoppable(g, b[e], "negate", b[ot])
    assert "This cannot be negated by a N.T. card." in CARDS[e].ability_text
    with pytest.raises(LanguageError):
        lang.parse_ability(
            {
                "trigger": "played",
                "effects": [{"verb": "draw", "riders": [{"rider": "cannot_be_negated", "by": "grey"}]}],
            },
            "t",
            effects.VERBS,
        )


@pytest.mark.parametrize("may", [False, True])
def test_negate_discard_of_a_character_in_battle_removes_it_from_battle_and_a_may_asks_its_target(monkeypatch, may):
    effect = {"verb": "negate_discard", "select": {"zone": "in_play", "owner": "opponents", "type": "evil_character"}}
    d = {"key": "t_nd_char", "name": "T Nd Char", "type": "good_enhancement", "alignment": "good", "brigades": ["Blue"]}
    d["abilities"] = [{"trigger": "played", "may": may, "effects": [effect]}]
    monkeypatch.setitem(CARDS, "t_nd_char", _card(d))
    b = battle('"t_nd_char"')
    g = b.game
    if may:
        ok(g, f"enhance {b['t_nd_char']} {b['gideon']}")
        ok(g, f"choose {b['t_nd_char']}")  # the may: yes; Goliath, the one card that fits, is taken without a question
        assert g.s.pending is None
    else:
        ok(g, f"enhance {b['t_nd_char']} {b['gideon']} {b['goliath']}")
    assert g.zone_of(b["goliath"]) == (1, "discard") and not g.battle_chars(1)
    round_trip(g)


def test_unnegatable_on_covers_the_enhancements_that_fit_on_its_character_only(monkeypatch):
    h = _add(
        monkeypatch,
        "t_keeper",
        [{"verb": "unnegatable_on", "select": {"type": "enhancement", "testament": "NT"}}],
        type="hero",
        trigger="while_in_play",
    )
    nt = _add(monkeypatch, "t_nt_enh", [{"verb": "draw", "n": 1}], reference="Acts 2:1")
    ot = _add(monkeypatch, "t_ot_enh", [{"verb": "draw", "n": 1}], reference="Exodus 2:1")
    b = battle(f'"{nt}", "{ot}"', heroes=f'"{h}"')
    g = b.game
    g.attached[b[nt]] = b[h]
    g.attached[b[ot]] = b[h]
    assert not continuous.stoppable(g, b[nt], "negate") and continuous.stoppable(g, b[ot], "negate")
    g.b.negated.append(b[h])  # the character negated: its ability stops
    assert continuous.stoppable(g, b[nt], "negate")
    assert "played on this character cannot be negated" in CARDS[h].ability_text
    assert continuous.stoppable(g, b[nt], "interrupt")  # negate only: it may still be interrupted


@pytest.mark.parametrize("verb_, how", [("uninterruptible_on", "interrupt"), ("unpreventable_on", "prevent")])
def test_uninterruptible_on_and_unpreventable_on_keep_the_enhancements_on_their_character(monkeypatch, verb_, how):
    h = _add(
        monkeypatch,
        "t_keeper2",
        [{"verb": verb_, "select": {"type": "enhancement"}}],
        type="hero",
        trigger="while_in_play",
    )
    e = _add(monkeypatch, "t_kept", [{"verb": "draw", "n": 1}])
    b = battle(f'"{e}"', heroes=f'"{h}", "gideon"')
    g = b.game
    g.attached[b[e]] = b[h]
    assert not continuous.stoppable(g, b[e], how) and continuous.stoppable(g, b[e], "negate")
    g.attached[b[e]] = b["gideon"]  # on another character: not kept
    assert continuous.stoppable(g, b[e], how)
    assert f"played on this character cannot be {how}ed." in CARDS[h].ability_text


def test_negate_discard_with_all_negates_and_discards_every_opposing_card_that_fits(monkeypatch):
    ev = [
        _add(monkeypatch, f"t_ev{i}", [{"verb": "draw", "n": 1}], type="evil_enhancement", alignment="evil", strength=2)
        for i in (1, 2)
    ]
    e = _add(
        monkeypatch,
        "t_burn",
        [
            {
                "verb": "negate_discard",
                "select": {"zone": "battle_cards", "owner": "opponents", "type": "evil_enhancement", "all": True},
            }
        ],
    )
    b = scenario(
        BATTLE.replace("last_actor = 1 }}", f'last_actor = 1, played = ["{ev[0]}", "{ev[1]}"] }}}}')
        .replace('field_of_battle = ["goliath"]', f'field_of_battle = ["goliath", "{ev[0]}", "{ev[1]}"]')
        .replace("[start]", f'[start]\nattached = {{{{ "{ev[0]}" = "goliath", "{ev[1]}" = "goliath" }}}}')
        .format(
            hand=f'"{e}"',
            heroes='"gideon"',
            territory="",
            their_territory="",
            their_hand="",
            discard="",
            their_discard="",
        )
    )
    g = b.game
    before = g.char_numbers(b["goliath"])
    ok(g, f"enhance {b[e]} {b['gideon']}")
    assert all(g.zone_of(b[x]) == (1, "discard") for x in ev)
    assert g.char_numbers(b["goliath"])[0] == before[0] - 4
    round_trip(g)


# --- gain / lose N/N with durations ------------------------------------------------------------------------------
def test_gain_until_the_end_of_turn_counts_in_battle_and_ends_with_the_turn(monkeypatch):
    e = _add(monkeypatch, "t_gain", [{"verb": "gain", "strength": 3, "toughness": 2, "duration": "end_of_turn"}])
    b = battle(f'"{e}"')
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    assert g.char_numbers(b["gideon"]) == (10, 7)
    assert g.s.mods == [(b["gideon"], 3, 2, 4, b[e])]
    round_trip(g)
    g.s.turn = 4  # the next turn has begun: the change is over
    assert g.char_numbers(b["gideon"]) == (7, 5)


def test_lose_every_opposing_character_for_n_turns_and_a_selector_of_all(monkeypatch):
    e = _add(
        monkeypatch,
        "t_lose",
        [
            {
                "verb": "lose",
                "strength": 2,
                "toughness": 2,
                "duration": "turns",
                "turns": 2,
                "select": {"zone": "in_play", "owner": "opponent", "type": "evil_character", "all": True},
            }
        ],
    )
    b = battle(f'"{e}"', their_territory='"herod"')
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    assert g.char_numbers(b["goliath"]) == (6, 4) and g.char_numbers(b["herod"]) == (6, 4)
    assert {m[3] for m in g.s.mods} == {3 + 2 * 2}  # two of its player's turns in a two-seat game
    assert "every Evil Characters in play" not in CARDS[e].ability_text
    g.s.turn = 6
    assert g.char_numbers(b["goliath"]) == (6, 4)
    g.s.turn = 7
    assert g.char_numbers(b["goliath"]) == (8, 6)


def test_numbers_never_go_below_zero_and_a_card_leaving_play_forgets_its_changes(monkeypatch):
    e = _add(monkeypatch, "t_lose9", [{"verb": "lose", "strength": 9, "toughness": 9, "duration": "end_of_turn"}])
    b = battle(f'"{e}"')
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    assert g.char_numbers(b["gideon"]) == (0, 0)
    g._to_discard(b["gideon"], [])
    assert g.s.mods == []


def test_the_turns_duration_needs_its_number():
    with pytest.raises(LanguageError, match="'turns' goes with turns = N"):
        _card(
            {
                "key": "bad",
                "name": "Bad",
                "type": "good_enhancement",
                "alignment": "good",
                "abilities": [{"trigger": "played", "effects": [{"verb": "gain", "duration": "turns"}]}],
            }
        )


# --- take, topdeck, underdeck, return, shuffle, remove, discard_top ----------------------------------------------
def test_take_moves_a_random_card_of_the_opponents_hand_to_yours_and_names_it_to_nobody(monkeypatch):
    e = _add(monkeypatch, "t_take", [{"verb": "take", "n": 1}])
    b = battle(f'"{e}"', their_hand='"delilah", "eglon"')
    g = b.game
    out = ok(g, f"enhance {b[e]} {b['gideon']}")
    (took,) = [c for c in g.z[0]["hand"]]
    assert g.owner(took) == 0 and g.cd[took].name in ("Delilah", "Eglon") and len(g.z[1]["hand"]) == 1
    assert not any(g.cd[took].name in ev.text for ev in out.events)
    assert hidden_from(g, 1, took) and not hidden_from(g, 0, took)
    round_trip(g)


def test_topdeck_asks_when_more_than_one_fits_and_puts_the_choice_on_its_owners_pile(monkeypatch):
    e = _add(
        monkeypatch,
        "t_top",
        [{"verb": "topdeck", "select": {"zone": "in_play", "owner": "opponent", "type": "evil_character"}}],
    )
    b = battle(f'"{e}"', their_territory='"herod"')
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    d = g.s.pending
    assert d is not None and d.effect == "topdeck" and set(d.options) == {b["goliath"], b["herod"]}
    round_trip(g)
    ok(g, f"choose {b['herod']}")
    assert hidden_from(g, 0, b["herod"])  # face down on its owner's pile
    assert g.z[1]["deck"][0] == b["herod"] and g.s.pending is None


def test_underdeck_with_one_fit_needs_no_question_and_takes_a_character_out_of_battle(monkeypatch):
    e = _add(
        monkeypatch,
        "t_under",
        [{"verb": "underdeck", "select": {"zone": "battle", "owner": "opponent", "type": "evil_character"}}],
    )
    b = battle(f'"{e}"')
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    assert g.z[1]["deck"][-1] == b["goliath"] and b["goliath"] in g.b.left


@pytest.mark.parametrize("to, zone, index", [("territory", "territory", -1), ("hand", "hand", -1), ("deck", "deck", 0)])
def test_return_puts_a_captured_hero_back_to_its_owners_territory_hand_or_pile(monkeypatch, to, zone, index):
    e = _add(
        monkeypatch,
        "t_ret",
        [{"verb": "return", "to": to, "select": {"zone": "captured", "owner": "any", "type": "hero", "all": True}}],
    )
    b = build(
        {"field_of_battle": ["gideon"], "hand": [e], "deck": ["esther"]},
        {"field_of_battle": ["goliath"], "captured": [("barak", 0)]},
        phase="battle",
        battle={"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 1},
        flags={"battled": True},
    )
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    assert g.z[0][zone][index] == b["barak"]
    round_trip(g)


def test_shuffle_draws_from_the_games_random_numbers(monkeypatch):
    e = _add(monkeypatch, "t_shuf", [{"verb": "shuffle", "select": {"owner": "opponent"}}])
    b = battle(f'"{e}"')
    g = b.game
    before, calls = list(g.z[1]["deck"]), g.rng.calls
    ok(g, f"enhance {b[e]} {b['gideon']}")
    assert sorted(g.z[1]["deck"]) == sorted(before) and g.rng.calls > calls


def test_remove_every_card_but_lost_souls_of_an_opponents_discard_pile(monkeypatch):
    e = _add(
        monkeypatch,
        "t_rm",
        [
            {
                "verb": "remove",
                "select": {"zone": "discard", "owner": "opponent", "except_type": "lost_soul", "all": True},
            }
        ],
    )
    b = battle(f'"{e}"', their_discard='"herod", "ls_stranger", "delilah"')
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    assert [g.cd[c].name for c in g.z[1]["removed"]] == ["Herod", "Delilah"]
    assert [g.cd[c].type for c in g.z[1]["discard"]] == ["lost_soul"]


def test_discard_top_puts_the_top_n_face_up_on_the_discard_pile(monkeypatch):
    e = _add(monkeypatch, "t_mill", [{"verb": "discard_top", "n": 2, "select": {"owner": "opponent"}}])
    b = battle(f'"{e}"')
    g = b.game
    top = g.z[1]["deck"][:2]
    ok(g, f"enhance {b[e]} {b['gideon']}")
    assert g.z[1]["discard"] == top and len(g.z[1]["deck"]) == 1


# --- convert, exchange, set aside for N turns ----------------------------------------------------------------------
def test_convert_makes_a_blocking_human_evil_character_a_hero_that_withdraws(monkeypatch):
    e = _add(
        monkeypatch,
        "t_conv",
        [{"verb": "convert", "brigade": "Green", "select": {"zone": "battle", "owner": "opponent"}}],
    )
    b = battle(f'"{e}"')
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    c = g.cd[b["goliath"]]
    assert (c.type, c.alignment, c.brigades) == ("hero", "good", ("Green",))
    assert g.zone_of(b["goliath"]) == (1, "territory")
    round_trip(g)
    assert serial.from_dict(type(g), serial.to_dict(g)).cd[b["goliath"]].type == "hero"
    g._to_discard(b["goliath"], [])  # out of play it is its printed self again
    assert g.cd[b["goliath"]].type == "evil_character" and not g.s.converted


def test_convert_leaves_a_non_human_alone(monkeypatch):
    e = _add(monkeypatch, "t_conv2", [{"verb": "convert", "select": {"zone": "in_play", "owner": "opponent"}}])
    _add(
        monkeypatch,
        "t_demon",
        [],
        type="evil_character",
        alignment="evil",
        identifiers=["demon"],
        strength=3,
        toughness=3,
        abilities=[],
    )
    b = battle(f'"{e}"', their_territory='"t_demon"')
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    assert g.cd[b["t_demon"]].type == "evil_character" and g.cd[b["goliath"]].type == "hero"


def test_exchange_reveals_the_pile_to_its_player_only_and_swaps_then_shuffles(monkeypatch):
    e = _add(monkeypatch, "t_exch", [{"verb": "exchange", "select": {"zone": "deck", "owner": "you", "type": "hero"}}])
    b = battle(f'"{e}"')
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    d = g.s.pending
    assert d is not None and d.to == [0] and set(d.options) == {b["barak"], b["esther"], b["peter"]}
    assert "Esther" not in json.dumps(g.view(1), default=str) and "Esther" in json.dumps(g.view(0), default=str)
    round_trip(g)
    ok(g, f"choose {b['esther']}")
    assert b["esther"] in g.z[0]["hand"] and b[e] in g.z[0]["deck"] and g.s.pending is None


def test_set_aside_for_n_turns_comes_back_in_its_owners_upkeep_with_the_bonus(monkeypatch):
    e = _add(
        monkeypatch,
        "t_aside",
        [
            {
                "verb": "set_aside_for",
                "turns": 3,
                "strength": 6,
                "toughness": 6,
                "select": {"zone": "territory", "owner": "you"},
            }
        ],
    )
    b = battle(f'"{e}"', territory='"barak"')
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    assert g.zone_of(b["barak"]) == (0, "set_aside") and g.s.aside[b["barak"]] == (9, 6, 6, b[e])
    round_trip(g)
    g.s.turn = 8
    assert not effects.come_back(g, 0, [])
    g.s.turn = 9
    assert effects.come_back(g, 0, []) and g.zone_of(b["barak"]) == (0, "territory")
    assert g.char_numbers(b["barak"]) == (12, 12)


# --- riders ----------------------------------------------------------------------------------------------------------
def test_regardless_of_immunity_reaches_an_immune_character(monkeypatch):
    _add(
        monkeypatch,
        "t_immune",
        [{"verb": "immune", "select": {"type": "good_enhancement"}}],
        trigger="while_in_play",
        type="evil_character",
        alignment="evil",
        brigades=["Black"],
        strength=5,
        toughness=5,
        identifiers=["human"],
    )
    plain = _add(
        monkeypatch,
        "t_plain",
        [
            {
                "verb": "lose",
                "strength": 1,
                "toughness": 1,
                "select": {"zone": "battle", "owner": "opponent", "all": True},
            }
        ],
    )
    rider = _add(
        monkeypatch,
        "t_rider",
        [
            {
                "verb": "lose",
                "strength": 1,
                "toughness": 1,
                "riders": ["regardless_of_immunity"],
                "select": {"zone": "battle", "owner": "opponent", "all": True},
            }
        ],
    )
    b = build(
        {"field_of_battle": ["gideon"], "hand": [plain, rider]},
        {"field_of_battle": ["t_immune"]},
        phase="battle",
        battle={"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 1},
        flags={"battled": True},
    )
    g = b.game
    assert continuous.immune(g, b["t_immune"], b[plain]) and not continuous.immune(g, b["t_immune"], b[rider])
    ok(g, f"enhance {b[plain]} {b['gideon']}")
    assert g.char_numbers(b["t_immune"]) == (5, 5)
    ok(g, "pass")
    ok(g, f"enhance {b[rider]} {b['gideon']}")
    assert g.char_numbers(b["t_immune"]) == (4, 4)


def test_cannot_be_prevented_and_cannot_be_interrupted_are_read_by_the_one_question(monkeypatch):
    a = _add(
        monkeypatch, "t_cbp", [{"verb": "draw", "n": 1, "riders": ["cannot_be_prevented", "cannot_be_interrupted"]}]
    )
    b = battle(f'"{a}"')
    g = b.game
    for how in ("prevent", "interrupt"):
        assert not continuous.stoppable(g, b[a], how)
    assert continuous.stoppable(g, b[a], "negate") and continuous.stoppable(g, b["gideon"], "prevent")


# --- triggers --------------------------------------------------------------------------------------------------------
def test_successful_rescue_and_wins_battle_fire_for_the_winning_characters(monkeypatch):
    _add(
        monkeypatch,
        "t_timothy",
        [{"verb": "gain", "strength": 3, "toughness": 3}],
        trigger="successful_rescue",
        type="hero",
        strength=9,
        toughness=9,
        identifiers=["human", "male"],
    )
    b = battle("", heroes='"t_timothy"')
    g = b.game
    g._resolve([])
    assert g.char_numbers(b["t_timothy"]) == (12, 12) and len(g.z[0]["land_of_redemption"]) == 1


@pytest.mark.parametrize("riders, offered", [([], False), (["cannot_be_prevented"], True)])
def test_a_band_that_cannot_be_prevented_is_not_stopped_by_prevent_band(monkeypatch, riders, offered):
    band = _add(
        monkeypatch,
        "t_band",
        [{"verb": "band", "riders": riders, "select": {"zone": "territory", "owner": "you", "type": "hero"}}],
    )
    flight = "Flight (G)|10A"
    b = build(
        {"field_of_battle": ["gideon"], "hand": [band], "territory": ["barak"]},
        {"field_of_battle": ["goliath", flight]},
        phase="battle",
        battle={"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 1, "played": [flight]},
        attached={flight: "goliath"},
        flags={"battled": True},
    )
    g = b.game
    assert (b["barak"] in g._ability_targets(0, b[band], b["gideon"])) == offered
    if offered:
        ok(g, f"enhance {b[band]} {b['gideon']} {b['barak']}")
        assert g.zone_of(b["barak"]) == (0, "field_of_battle")


@pytest.mark.parametrize(
    "rider, words",
    [
        ({"rider": "cannot_be_stopped"}, "unknown rider 'cannot_be_stopped'"),
        ({"rider": "cannot_be_negated", "by": "purple"}, "'by' is one of"),
        ({"rider": "cannot_be_negated", "when": {}}, "a rider table has rider"),
        ({"rider": "cannot_be_negated", "condition": {"if_raining": True}}, "unknown condition"),
    ],
)
def test_a_conditional_rider_naming_an_unknown_word_is_refused(rider, words):
    with pytest.raises(LanguageError, match=words):
        _card(
            {
                "key": "bad",
                "name": "Bad",
                "type": "good_enhancement",
                "alignment": "good",
                "abilities": [{"trigger": "played", "effects": [{"verb": "draw", "n": 1, "riders": [rider]}]}],
            }
        )


# --- the Starter E and F verbs: worth (with in_battle_count), site_access, protect_discard, to_bondage, and
# prevent_band / opponents_discard as those cards write them ----------------------------------------------------
def test_worth_counts_its_numbers_while_its_condition_holds(monkeypatch):
    cond = {"in_battle_count": {"type": "hero", "count": ">=2"}}
    d = {
        "key": "t_worth",
        "name": "T Worth",
        "type": "good_enhancement",
        "alignment": "good",
        "brigades": ["Blue"],
        "strength": 1,
        "toughness": 1,
        "abilities": [
            {
                "trigger": "while_in_play",
                "condition": cond,
                "effects": [{"verb": "worth", "strength": 5, "toughness": 4}],
            }
        ],
    }
    monkeypatch.setitem(CARDS, "t_worth", _card(d))
    b = battle('"t_worth"', territory='"barak"')
    g = b.game
    ok(g, f"enhance {b['t_worth']} {b['gideon']}")
    assert g.char_numbers(b["gideon"]) == (8, 6)  # one Hero in battle: its printed 1/1
    g._move(b["barak"], 0, "field_of_battle")
    assert g.char_numbers(b["gideon"]) == (12, 9)  # two: worth 5/4
    assert "If there are 2 or more Heroes in battle: This card is worth 5/4." == CARDS["t_worth"].ability_text
    round_trip(g)
    with pytest.raises(LanguageError, match="count"):
        _card({**d, "abilities": [{**d["abilities"][0], "condition": {"in_battle_count": {"type": "hero"}}}]})


def test_site_access_lets_the_holders_characters_that_fit_reach_any_site(monkeypatch):
    a = _add(
        monkeypatch,
        "t_access",
        [{"verb": "site_access", "select": {"type": "hero", "gender": "male"}}],
        type="artifact",
        alignment="neutral",
        brigades=[],
        trigger="while_in_play",
    )
    site = "Egypt (H)|10A"
    b = build(
        {"territory": ["barak", "deborah"], "artifact_pile": [a]},
        {"territory": [site], "in_site": ["ls_orphan"]},
        attached={"ls_orphan": site},
        face_up=[a],
    )
    g = b.game
    assert g.can_reach(b["barak"], b["ls_orphan"]) and not g.can_reach(b["deborah"], b["ls_orphan"])
    g.face_up.discard(b[a])
    assert not g.can_reach(b["barak"], b["ls_orphan"])


def test_protect_discard_keeps_the_cards_that_fit_from_the_discards_of_the_cards_named(monkeypatch):
    a = _add(
        monkeypatch,
        "t_altar",
        [
            {
                "verb": "protect_discard",
                "select": {"type": "hero", "gender": "female"},
                "against": {"type": "evil_enhancement"},
            }
        ],
        type="artifact",
        alignment="neutral",
        brigades=[],
        trigger="while_in_play",
    )
    hit = _add(
        monkeypatch,
        "t_hit",
        [{"verb": "discard_type", "select": {"zone": "territory", "owner": "any", "type": "hero"}}],
        type="evil_enhancement",
        alignment="evil",
        brigades=["Crimson"],
    )
    b = build(
        {"field_of_battle": ["gideon"], "territory": ["deborah", "barak"], "artifact_pile": [a]},
        {"field_of_battle": ["goliath"], "hand": [hit], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        battle={"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 0},
        flags={"battled": True},
        face_up=[a],
    )
    g = b.game
    offered = {x.args[2] for x in g.legal_actions() if x.verb == "enhance" and x.args[0] == b[hit] and len(x.args) > 2}
    assert offered == {b["barak"]}  # Deborah is protected from it
    assert continuous.discard_protected(g, b["deborah"], CARDS[hit])
    assert not continuous.discard_protected(g, b["deborah"], CARDS["day_of_judgment"])
    with pytest.raises(LanguageError, match="against"):
        _card(
            {
                "key": "t_x",
                "name": "T X",
                "type": "artifact",
                "alignment": "neutral",
                "abilities": [{"trigger": "while_in_play", "effects": [{"verb": "protect_discard"}]}],
            }
        )
    with pytest.raises(LanguageError, match="against"):
        _card(
            {
                "key": "t_y",
                "name": "T Y",
                "type": "artifact",
                "alignment": "neutral",
                "abilities": [
                    {"trigger": "played", "effects": [{"verb": "draw", "n": 1, "against": {"type": "hero"}}]}
                ],
            }
        )


def test_to_bondage_puts_a_character_about_to_be_discarded_in_battle_into_the_opponents_land_of_bondage(monkeypatch):
    h = _add(
        monkeypatch,
        "t_girl",
        [{"verb": "to_bondage"}],
        type="hero",
        strength=1,
        toughness=1,
        identifiers=["human", "female"],
        trigger="about_to_be_discarded",
    )
    b = battle("", heroes=f'"{h}"')
    g = b.game
    out = []
    g._leave_battle(b[h], "discard", out)
    assert g.zone_of(b[h]) == (1, "land_of_bondage") and any(e.rule == "redemption.effect.to_bondage" for e in out)
    round_trip(g)
    home = build({"territory": [h]}, {})
    home.game._to_discard(home[h], [])
    assert home.game.zone_of(home[h]) == (0, "discard")  # out of battle: discarded


def test_prevent_band_of_every_owner_stops_its_own_players_bands_too(monkeypatch):
    mine = _add(
        monkeypatch,
        "t_sect",
        [{"verb": "prevent_band", "select": {"type": "hero"}, "duration": "battle"}],
        type="evil_enhancement",
        alignment="evil",
        brigades=["Crimson"],
    )
    every = _add(
        monkeypatch,
        "t_sect2",
        [{"verb": "prevent_band", "select": {"owner": "any"}, "duration": "battle"}],
        type="evil_enhancement",
        alignment="evil",
        brigades=["Crimson"],
    )
    for card, own in ((mine, False), (every, True)):
        b = build(
            {"field_of_battle": ["gideon"], "territory": ["barak"]},
            {"field_of_battle": ["goliath", card], "territory": ["delilah"], "land_of_bondage": ["ls_orphan"]},
            phase="battle",
            battle={"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 1, "played": [card]},
            attached={card: "goliath"},
            flags={"battled": True},
        )
        g = b.game
        assert continuous.band_prevented(g, b["barak"]) and continuous.band_prevented(g, b["delilah"]) is own


def test_opponents_discard_from_the_zones_its_selector_names(monkeypatch):
    e = _add(
        monkeypatch,
        "t_dove",
        [
            {
                "verb": "opponents_discard",
                "select": {"zone": ["hand", "battle_cards"], "owner": "opponent", "type": "evil_character"},
            }
        ],
    )
    b = battle(f'"{e}"', their_hand='"delilah", "Stormy Seas|3E"')
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    d = g.s.pending
    assert d is not None and d.chooser == 1 and set(d.options) == {b["delilah"], b["goliath"]}
    ok(g, f"choose {b['goliath']}")
    assert g.zone_of(b["goliath"]) == (1, "discard") and not g.battle_chars(1)
    round_trip(g)


def test_the_ability_facet_and_unnegatable_keep_a_negate_off_the_cards_with_that_verb(monkeypatch):
    guard = _add(
        monkeypatch,
        "t_hunter",
        [{"verb": "unnegatable", "select": {"alignment": "evil", "ability": "capture"}}],
        type="evil_character",
        alignment="evil",
        brigades=["Crimson"],
        strength=1,
        toughness=1,
        trigger="while_in_play",
    )
    grab = _add(
        monkeypatch,
        "t_grab",
        [{"verb": "capture", "select": {"zone": "battle", "owner": "opponent", "type": "hero"}}],
        type="evil_enhancement",
        alignment="evil",
        brigades=["Crimson"],
    )
    assert lang.matches(CARDS[grab], {"ability": "capture"}) and not lang.matches(
        CARDS["goliath"], {"ability": "capture"}
    )
    for there, negatable in (("", True), (f'"{guard}"', False)):
        b = battle('"gideon"', their_territory=there, their_hand=f'"{grab}"')
        g = b.game
        assert continuous.stoppable(g, b[grab], "negate") is negatable
    with pytest.raises(LanguageError, match="unknown verb 'grab'"):
        _card(
            {
                "key": "t_z",
                "name": "T Z",
                "type": "evil_character",
                "alignment": "evil",
                "abilities": [
                    {
                        "trigger": "while_in_play",
                        "effects": [{"verb": "unnegatable", "select": {"ability": "grab"}}],
                    }
                ],
            }
        )


def test_search_bondage_reveals_the_opponents_pile_to_its_player_and_may_fail(monkeypatch):
    e = _add(monkeypatch, "t_wed", [{"verb": "search_bondage", "select": {"type": "lost_soul"}}])
    for take in (True, False):
        b = scenario(
            BATTLE.format(
                hand=f'"{e}"',
                heroes='"gideon"',
                territory="",
                their_territory="",
                their_hand="",
                discard="",
                their_discard="",
            ).replace('deck = ["delilah", "eglon", "herod"]', 'deck = ["delilah", "ls_widow", "herod"]')
        )
        g = b.game
        ok(g, f"enhance {b[e]} {b['gideon']}")
        d = g.s.pending
        assert d is not None and d.options == [b["ls_widow"]] and d.to == [0] and len(d.revealed) == 3
        ok(g, f"choose {b['ls_widow']}" if take else "choose")
        assert g.zone_of(b["ls_widow"]) == (1, "land_of_bondage" if take else "deck")
        round_trip(g)


def test_gift_draw_waits_in_the_state_and_is_asked_of_the_holder_after_the_action(monkeypatch):
    gift = _add(
        monkeypatch,
        "t_gift",
        [{"verb": "gift_draw"}],
        type="artifact",
        alignment="neutral",
        brigades=[],
        trigger="while_in_play",
    )
    drawer = _add(
        monkeypatch,
        "t_draw2",
        [{"verb": "draw", "n": 2}],
        type="evil_enhancement",
        alignment="evil",
        brigades=["Crimson"],
    )
    b = build(
        {"field_of_battle": ["gideon"], "artifact_pile": [gift], "deck": ["barak", "esther", "peter"]},
        {
            "field_of_battle": ["goliath"],
            "hand": [drawer],
            "deck": ["delilah", "eglon"],
            "land_of_bondage": ["ls_orphan"],
        },
        phase="battle",
        battle={"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 0},
        flags={"battled": True},
        face_up=[gift],
    )
    g = b.game
    ok(g, f"enhance {b[drawer]} {b['goliath']}")
    d = g.s.pending
    assert d is not None and d.effect == "gift_draw" and d.chooser == 0 and d.stage == 2
    round_trip(g)
    ok(g, f"choose {b[gift]}")
    assert len(g.z[0]["hand"]) == 2 and not g.s.gifts
    data = serial.to_dict(g)
    data["gifts"] = [[0, 1, b["gideon"]]]  # Gideon is no drawing artifact
    with pytest.raises(ValueError, match="gifts"):
        serial.from_dict(type(g), data)
    data["gifts"] = [[5, 1, b[gift]]]
    with pytest.raises(ValueError, match="gifts"):
        serial.from_dict(type(g), data)


def test_a_taken_card_is_its_takers_and_still_came_from_the_opponents_deck(monkeypatch):
    e = _add(monkeypatch, "t_take2", [{"verb": "take", "n": 1}])
    b = battle(f'"{e}"', their_hand='"delilah"')
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    (took,) = g.z[0]["hand"]
    assert g.owner(took) == 0
    round_trip(g)
    from rules.redemption.serial import _dealt_to

    assert _dealt_to(g)(took, g.owner(took)) == 1  # it still came from the opponent's deck


def test_a_character_held_captured_in_a_land_of_bondage_is_not_put_into_a_site():
    b = build(
        {"territory": ["Egypt (H)|10A"], "land_of_bondage": [("barak", 1), "ls_debtor"]},
        {"territory": ["goliath"]},
    )
    g = b.game
    souls = {a.args[0] for a in g.legal_actions() if a.verb == "soul"}
    assert souls == {b["ls_debtor"]}
    out = g.apply(f"soul {b['barak']} {b['Egypt (H)|10A']}")
    assert not out.ok and "held captured" in out.reason


# --- the Starter K and L decks' verbs: negate_one, look_hand, withdraw_self, piles, identifier_word -------------------
def test_negate_one_negates_the_chosen_opposing_enhancement_and_its_numbers_stop(monkeypatch):
    e = _add(
        monkeypatch,
        "t_negate_one",
        [{"verb": "negate_one", "select": {"zone": "battle_cards", "owner": "opponents", "type": "evil_enhancement"}}],
    )
    b = battle(f'"{e}"', their_hand='"goliaths_taunt"')
    g = b.game
    g.b.last_actor = 0
    ok(g, f"enhance {b['goliaths_taunt']} {b['goliath']}")
    assert g.char_numbers(b["goliath"]) == (10, 8)
    targets = {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[e]}
    assert targets == {b["goliaths_taunt"]}  # not Goliath himself: the selector says enhancements
    ok(g, f"enhance {b[e]} {b['gideon']} {b['goliaths_taunt']}")
    assert b["goliaths_taunt"] in g.b.negated and g.char_numbers(b["goliath"]) == (8, 6)
    assert g.zone_of(b["goliaths_taunt"]) == (1, "field_of_battle")  # negated, not discarded
    round_trip(g)


def test_look_hand_shows_the_opponents_hand_to_the_player_alone(monkeypatch):
    e = _add(monkeypatch, "t_look_hand", [{"verb": "look_hand", "select": {"zone": "hand", "owner": "opponent"}}])
    b = battle(f'"{e}"', their_hand='"herodias"')
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    d = g.s.pending
    assert d is not None and d.revealed == [b["herodias"]] and d.to == [0] and not d.options
    assert "Herodias" in json.dumps(g.view(0), default=str)  # shown to the player while the decision is pending
    round_trip(g)
    out = ok(g, "choose")
    assert g.s.pending is None and "Herodias" not in " ".join(ev.text for ev in out.events)


@pytest.mark.parametrize("withdraw", [True, False])
def test_withdraw_self_asks_and_a_rescue_left_with_no_hero_is_over(monkeypatch, withdraw):
    key = "t_withdrawer"
    monkeypatch.setitem(
        CARDS,
        key,
        _card(
            {
                "key": key,
                "name": "Withdrawer",
                "type": "hero",
                "alignment": "good",
                "brigades": ["Blue"],
                "strength": 5,
                "toughness": 5,
                "abilities": [{"trigger": "enters_battle", "effects": [{"verb": "withdraw_self"}]}],
            }
        ),
    )
    b = build({"hand": [key]}, {"land_of_bondage": ["ls_orphan"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b[key]}")
    ok(g, f"choose {b[key]}" if withdraw else "choose")
    if withdraw:
        assert g.zone_of(b[key]) == (0, "territory") and not g.b.kind
    else:
        assert g.zone_of(b[key]) == (0, "field_of_battle") and g.b.step == "block"
    round_trip(g)


def test_a_search_of_the_reserve_shows_it_to_its_player_alone_and_shuffles_no_draw_pile(monkeypatch):
    e = _add(
        monkeypatch, "t_reserve", [{"verb": "search", "select": {"zone": "reserve", "owner": "you", "type": "hero"}}]
    )
    b = battle(f'"{e}"')
    g = b.game
    g.z[0]["reserve"] = []
    for c in (b["barak"], b["esther"]):  # two cards of the draw pile set apart as the Reserve
        g._move(c, 0, "reserve")
    deck = g.z[0]["deck"][:]
    ok(g, f"enhance {b[e]} {b['gideon']}")
    d = g.s.pending
    assert d is not None and set(d.options) == {b["barak"], b["esther"]} and d.to == [0]
    ok(g, f"choose {b['esther']}")
    assert g.zone_of(b["esther"]) == (0, "hand") and g.z[0]["deck"] == deck


def test_an_up_to_topdeck_from_the_draw_pile_asks_with_one_card_and_shuffles_the_rest(monkeypatch):
    e = _add(
        monkeypatch,
        "t_topdeck_deck",
        [{"verb": "topdeck", "select": {"zone": "deck", "owner": "you", "name": "Peter", "up_to": 1}}],
    )
    b = battle(f'"{e}"')
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    d = g.s.pending
    assert d is not None and d.options == [b["peter"]] and d.shape == "up_to" and d.to == [0]
    assert set(d.revealed) == {b["barak"], b["esther"], b["peter"]}
    ok(g, f"choose {b['peter']}")
    assert g.z[0]["deck"][0] == b["peter"] and len(g.z[0]["deck"]) == 3


def test_identifier_word_finds_a_word_inside_an_identifier():
    from rules.redemption.lang import FACETS

    test = FACETS["identifier_word"].card
    assert test is not None
    fake = _card(
        {"key": "t_ids", "name": "T", "type": "hero", "alignment": "good", "identifiers": ["tabernacle high priest"]}
    )
    assert test(fake, "priest") and test(fake, "Priest") and not test(fake, "pries") and not test(fake, "king")
    assert test(CARDS["Subjugating Egyptians [K]|K"], "egyptian")


# --- protect_from, may, fits_host (redemption.effect.protect_from, redemption.lang.may, redemption.lang.facet.fits_host)
def test_protect_from_marks_the_cards_that_fit_now_until_the_end_of_turn_and_stops_targets_and_decreases(monkeypatch):
    shield = _add(
        monkeypatch,
        "t_shield",
        [
            {
                "verb": "protect_from",
                "duration": "end_of_turn",
                "against": {"type": "evil_enhancement"},
                "select": {"zone": "in_play", "owner": "you", "type": "hero", "in_battle": False, "all": True},
            }
        ],
    )
    cut = _add(
        monkeypatch,
        "t_cut",
        [
            {
                "verb": "lose",
                "strength": 2,
                "toughness": 2,
                "select": {"zone": "in_play", "owner": "opponent", "type": "hero", "all": True},
            }
        ],
        type="evil_enhancement",
        alignment="evil",
        brigades=["Crimson"],
        strength=5,
        toughness=0,
    )
    b = battle(f'"{shield}"', territory='"barak", "deborah"', their_hand=f'"{cut}"')
    g = b.game
    ok(g, f"enhance {b[shield]} {b['gideon']}")
    assert sorted(g.s.mods) == sorted([(b["barak"], 0, 0, 4, b[shield]), (b["deborah"], 0, 0, 4, b[shield])])
    assert continuous.protected_from(g, b["barak"], CARDS[cut]) and not continuous.protected_from(
        g, b["barak"], CARDS["goliath"]
    )
    assert not continuous.protected_from(g, b["gideon"], CARDS[cut])  # in battle when it worked
    assert (
        "Protect every Hero not in battle from Evil Enhancements until the end of the turn"
        in CARDS[shield].ability_text
    )
    round_trip(g)
    if g.current_player != 1:
        ok(g, "pass")
    ok(g, f"enhance {b[cut]} {b['goliath']}")
    assert g.char_numbers(b["barak"]) == (6, 6) and g.char_numbers(b["gideon"]) == (5, 3)  # Gideon 7/5 -2/2
    g.s.turn = 4
    assert not continuous.protected_from(g, b["barak"], CARDS[cut])


def test_protect_from_is_refused_without_against_and_against_without_protect_from():
    for eff, words in (
        ({"verb": "protect_from", "select": {"type": "hero"}}, "'against'"),
        ({"verb": "draw", "n": 1, "against": {"type": "hero"}}, "'against'"),
        ({"verb": "protect_from", "against": {"zone": "hand"}}, "card facets only"),
    ):
        with pytest.raises(LanguageError, match=words):
            _card(
                {
                    "key": "bad",
                    "name": "Bad",
                    "type": "good_enhancement",
                    "alignment": "good",
                    "abilities": [{"trigger": "played", "effects": [eff]}],
                }
            )


@pytest.mark.parametrize("answer", ["yes", "no"])
def test_may_asks_first_and_all_of_the_ability_or_none_of_it_happens(monkeypatch, answer):
    e = "t_may"
    acts = [{"verb": "draw", "n": 2}, {"verb": "discard_top", "n": 1, "select": {"owner": "opponent"}}]
    d = {"key": e, "name": "T May", "type": "good_enhancement", "alignment": "good", "brigades": ["Blue"]}
    monkeypatch.setitem(
        CARDS,
        e,
        _card({**d, "strength": 1, "toughness": 1, "abilities": [{"trigger": "played", "may": True, "effects": acts}]}),
    )
    b = battle(f'"{e}"')
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    d = g.s.pending
    assert d is not None and d.effect == "may" and d.options == [b[e]]
    assert CARDS[e].ability_text.startswith("You may: draw 2 cards.")
    round_trip(g)
    ok(g, f"choose {b[e]}" if answer == "yes" else "choose")
    assert g.s.pending is None
    assert len(g.z[0]["hand"]) == (2 if answer == "yes" else 0) and len(g.z[1]["discard"]) == (
        1 if answer == "yes" else 0
    )
    assert g.char_numbers(b["gideon"]) == (8, 6)  # its numbers count either way


def test_may_is_an_abilitys_key_not_a_verb_and_not_with_choose_one():
    base = {"key": "bad", "name": "Bad", "type": "good_enhancement", "alignment": "good"}
    with pytest.raises(LanguageError, match="ability's key"):
        _card({**base, "abilities": [{"trigger": "played", "effects": [{"verb": "may"}]}]})
    with pytest.raises(LanguageError, match="may = true"):
        _card(
            {
                **base,
                "abilities": [
                    {
                        "trigger": "played",
                        "may": True,
                        "choose_one": True,
                        "effects": [{"verb": "draw", "n": 1}, {"verb": "draw", "n": 2}],
                    }
                ],
            }
        )


def test_fits_host_offers_only_the_enhancements_the_character_may_use(monkeypatch):
    e = _add(
        monkeypatch,
        "t_next",
        [
            {
                "verb": "play_from_discard",
                "select": {"zone": "hand", "owner": "you", "type": "good_enhancement", "fits_host": True},
            }
        ],
    )
    blue = _add(monkeypatch, "t_blue", [{"verb": "draw", "n": 1}], strength=3, toughness=3)
    gold = _add(monkeypatch, "t_gold", [{"verb": "draw", "n": 1}], brigades=["Gold"])
    b = battle(f'"{e}", "{blue}", "{gold}", "goliaths_taunt"')
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    d = g.s.pending
    assert d is not None and d.options == [b[blue]]  # not the Gold one, nor an evil one
    ok(g, f"choose {b[blue]}")
    assert g.zone_of(b[blue]) == (0, "field_of_battle") and g.char_numbers(b["gideon"]) == (10, 8)
    assert "(one it may use)" in CARDS[e].ability_text


# --- the Starter I and J decks' verbs, trigger, facets and condition (redemption.effect.each_draw ...) -------------
def test_each_draw_makes_every_player_draw_the_ability_player_first(monkeypatch):
    e = _add(monkeypatch, "t_each", [{"verb": "each_draw", "n": 2}])
    b = battle(f'"{e}"')
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    assert g.z[0]["hand"] == [b["barak"], b["esther"]] and g.z[1]["hand"] == [b["delilah"], b["eglon"]]
    round_trip(g)


def test_look_hand_reveals_the_opponents_hand_to_its_player_only(monkeypatch):
    e = _add(monkeypatch, "t_look", [{"verb": "look_hand"}])
    b = battle(f'"{e}"', their_hand='"herod"')
    g = b.game
    assert hidden_from(g, 0, b["herod"])
    ok(g, f"enhance {b[e]} {b['gideon']}")
    d = g.s.pending
    assert d is not None and d.revealed == [b["herod"]] and d.options == [] and d.to == [0]
    assert not hidden_from(g, 0, b["herod"])
    ok(g, "choose")
    assert hidden_from(g, 0, b["herod"]) and g.zone_of(b["herod"]) == (1, "hand")
    round_trip(g)


def test_look_underdeck_puts_a_card_that_fits_under_its_owners_pile(monkeypatch):
    e = _add(monkeypatch, "t_lookunder", [{"verb": "look_underdeck", "select": {"type": "good_enhancement"}}])
    b = battle(f'"{e}"', their_hand='"herod", "song_of_deborah"')
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    d = g.s.pending
    assert (
        d is not None and d.options == [b["song_of_deborah"]] and set(d.revealed) == {b["herod"], b["song_of_deborah"]}
    )
    ok(g, f"choose {b['song_of_deborah']}")
    assert g.z[1]["deck"][-1] == b["song_of_deborah"]
    round_trip(g)


def test_withdraw_but_one_keeps_the_one_its_player_chooses(monkeypatch):
    e = _add(
        monkeypatch,
        "t_strife",
        [{"verb": "withdraw_but_one", "select": {"zone": "battle", "owner": "any", "type": "hero"}}],
        type="evil_enhancement",
        alignment="evil",
        brigades=["Crimson"],
    )
    b = battle("", heroes='"gideon", "ehud"', their_hand=f'"{e}"')
    g = b.game  # Gideon and Ehud 13/9 against Goliath 8/6: the evil side plays
    ok(g, f"enhance {b[e]} {b['goliath']}")
    ok(g, f"choose {b['ehud']}")
    assert g.battle_chars(0) == [b["ehud"]] and g.zone_of(b["gideon"]) == (0, "territory")
    round_trip(g)


def test_reveal_souls_sends_the_lost_souls_to_the_land_of_bondage_and_the_rest_under(monkeypatch):
    e = _add(monkeypatch, "t_reveal", [{"verb": "reveal_souls", "n": 2}])
    b = battle(f'"{e}"')
    g = b.game
    g.z[1]["deck"].insert(0, b["ls_orphan"])  # the Lost Soul on top of the pile
    g.z[1]["land_of_bondage"].remove(b["ls_orphan"])
    g.loc[b["ls_orphan"]] = (1, "deck")
    out = ok(g, f"enhance {b[e]} {b['gideon']}")
    assert g.zone_of(b["ls_orphan"]) == (1, "land_of_bondage") and g.z[1]["deck"] == [
        b["eglon"],
        b["herod"],
        b["delilah"],
    ]
    assert "Delilah" in " ".join(x.text for x in out.events)  # revealed to everyone
    round_trip(g)


def test_opponent_underdeck_is_the_opponents_choice_n_times(monkeypatch):
    e = _add(monkeypatch, "t_whip", [{"verb": "opponent_underdeck", "n": 2, "select": {"alignment": "evil"}}])
    b = battle(f'"{e}"', their_hand='"herod", "pilate", "song_of_deborah"')
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    d = g.s.pending
    assert d is not None and d.chooser == 1 and set(d.options) == {b["herod"], b["pilate"]} and d.to == [1]
    ok(g, f"choose {b['pilate']}")
    ok(g, f"choose {b['herod']}")
    assert g.z[1]["hand"] == [b["song_of_deborah"]] and g.z[1]["deck"][-2:] == [b["pilate"], b["herod"]]
    round_trip(g)


@pytest.mark.parametrize("answer", [True, False])
def test_may_underdeck_self_puts_the_card_itself_under_its_pile_if_chosen(monkeypatch, answer):
    e = _add(monkeypatch, "t_selfunder", [{"verb": "may_underdeck_self"}], strength=2, toughness=2)
    b = battle(f'"{e}"')
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    ok(g, f"choose {b[e]}" if answer else "choose")
    assert g.zone_of(b[e]) == ((0, "deck") if answer else (0, "field_of_battle"))
    assert g.char_numbers(b["gideon"]) == ((7, 5) if answer else (9, 7))
    round_trip(g)


def test_reveal_bottom_offers_the_bottom_card_only_when_it_fits(monkeypatch):
    e = _add(monkeypatch, "t_bottom", [{"verb": "reveal_bottom", "select": {"type": "hero"}}])
    b = battle(f'"{e}"')
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    d = g.s.pending
    assert d is not None and d.options == [b["peter"]] and d.shape == "up_to"
    ok(g, f"choose {b['peter']}")
    assert g.zone_of(b["peter"]) == (0, "hand")
    round_trip(g)


@pytest.mark.parametrize("top, gone", [("barak", True), ("herodias", False)])
def test_draw_reveal_discards_the_character_after_the_battle_when_the_card_fits(monkeypatch, top, gone):
    ec = _add(
        monkeypatch,
        "t_nabal",
        [{"verb": "draw_reveal", "select": {"alignment": "good"}}],
        trigger="enters_battle",
        type="evil_character",
        alignment="evil",
        brigades=["Black"],
        strength=9,
        toughness=9,
    )
    b = build({"hand": ["gideon"]}, {"hand": [ec], "deck": [top], "land_of_bondage": ["ls_orphan"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b['gideon']}")
    ok(g, f"block {b[ec]}")
    assert g.zone_of(b[top]) == (1, "hand")
    ok(g, "pass")  # Gideon is losing: the battle ends
    assert g.zone_of(b[ec]) == ((1, "discard") if gone else (1, "territory"))
    round_trip(g)


def test_draw_discard_discards_one_of_the_cards_drawn(monkeypatch):
    e = _add(monkeypatch, "t_catch", [{"verb": "draw_discard", "n": 2}])
    b = battle(f'"{e}", "song_of_deborah"')
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    d = g.s.pending
    assert d is not None and d.options == [b["barak"], b["esther"]]  # not the card already in hand
    ok(g, f"choose {b['barak']}")
    assert g.zone_of(b["barak"]) == (0, "discard") and g.zone_of(b["esther"]) == (0, "hand")
    round_trip(g)


def test_a_search_of_each_players_discard_pile_asks_each_in_turn(monkeypatch):
    e = _add(
        monkeypatch, "t_eachsearch", [{"verb": "search", "select": {"zone": "discard", "owner": "any", "type": "hero"}}]
    )
    b = battle(f'"{e}"', discard='"ehud"', their_discard='"daniel"')
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    assert g.s.pending is not None and g.s.pending.chooser == 0
    ok(g, f"choose {b['ehud']}")
    assert g.s.pending is not None and g.s.pending.chooser == 1 and g.s.pending.options == [b["daniel"]]
    ok(g, f"choose {b['daniel']}")
    assert g.zone_of(b["ehud"]) == (0, "hand") and g.zone_of(b["daniel"]) == (1, "hand")
    assert g.z[0]["deck"] == [b["barak"], b["esther"], b["peter"]]  # a discard pile searched: no shuffle of the deck
    round_trip(g)


def test_the_rescued_trigger_works_for_the_player_the_lost_soul_left(monkeypatch):
    soul = _add(
        monkeypatch,
        "t_soul",
        [{"verb": "draw", "n": 1}],
        trigger="rescued",
        type="lost_soul",
        alignment="neutral",
        brigades=[],
    )
    b = build({"hand": ["gideon"]}, {"land_of_bondage": [soul, "ls_orphan"], "deck": ["herod"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b['gideon']}")
    ok(g, "noblock")
    ok(g, f"surrender {b[soul]}")
    assert g.zone_of(b[soul]) == (0, "land_of_redemption") and g.zone_of(b["herod"]) == (1, "hand")
    round_trip(g)


def test_the_generic_and_no_ability_facets_and_the_you_control_condition(monkeypatch):
    from rules.redemption import lang

    plain = CARDS["gideon"]
    assert lang.matches(plain, {"no_ability": True}) and not lang.matches(CARDS["deborah"], {"no_ability": True})
    assert not lang.matches(plain, {"generic": True}) and lang.matches(plain, {"generic": False})
    e = "t_ifcontrol"
    d = {"key": e, "name": "T Ifcontrol", "type": "good_enhancement", "alignment": "good", "brigades": ["Blue"]}
    cond = {"you_control": {"type": "hero", "gender": "female"}}
    d["abilities"] = [{"trigger": "played", "condition": cond, "effects": [{"verb": "draw", "n": 1}]}]
    monkeypatch.setitem(CARDS, e, _card(d))
    for territory, drawn in (('"deborah"', 1), ('"barak"', 0)):
        b = battle(f'"{e}"', territory=territory)
        g = b.game
        ok(g, f"enhance {b[e]} {b['gideon']}")
        assert len(g.z[0]["hand"]) == drawn
    assert CARDS[e].ability_text.startswith("If you control a female Hero")


@pytest.mark.parametrize("verb_, top", [("opponent_topdecks", True), ("opponent_underdecks", False)])
def test_each_opponent_puts_a_card_that_fits_from_hand_on_the_draw_pile(monkeypatch, verb_, top):
    e = _add(monkeypatch, f"t_{verb_}", [{"verb": verb_, "select": {"type": "evil_character"}}])
    b = battle(f'"{e}"', their_hand='"herodias", "goliaths_taunt"')
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    d = g.s.pending
    assert d is not None and d.chooser == 1 and d.options == [b["herodias"]] and d.to == [1]
    out = ok(g, f"choose {b['herodias']}")
    assert g.z[1]["deck"][0 if top else -1] == b["herodias"]
    assert "Herodias" not in " ".join(ev.text for ev in out.events)
    round_trip(g)


def test_look_top_up_to_one_that_fits_may_take_none(monkeypatch):
    e = _add(monkeypatch, "t_look_up", [{"verb": "look_top", "n": 2, "select": {"type": "hero", "up_to": 1}}])
    b = battle(f'"{e}"')
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    d = g.s.pending
    assert d is not None and d.shape == "up_to" and d.options == [b["barak"], b["esther"]]
    ok(g, "choose")
    assert g.s.pending is not None and g.s.pending.shape == "order"
    ok(g, f"choose {b['esther']}")
    assert g.z[0]["deck"] == [b["peter"], b["esther"], b["barak"]]


def test_play_from_deck_puts_a_lost_soul_into_its_owners_land_of_bondage_and_shuffles(monkeypatch):
    e = _add(
        monkeypatch,
        "t_play_soul",
        [{"verb": "play_from_deck", "select": {"zone": "deck", "owner": "opponent", "type": "lost_soul", "up_to": 1}}],
    )
    b = battle(f'"{e}"')
    g = b.game
    g._put(b["ls_orphan"], "deck")  # a Lost Soul in the opponent's draw pile
    ok(g, f"enhance {b[e]} {b['gideon']}")
    d = g.s.pending
    assert d is not None and d.options == [b["ls_orphan"]] and d.to == [0] and d.shape == "up_to"
    ok(g, f"choose {b['ls_orphan']}")
    assert g.zone_of(b["ls_orphan"]) == (1, "land_of_bondage") and len(g.z[1]["deck"]) == 3
    round_trip(g)


def test_discard_self_to_discards_the_card_and_the_chosen_one_or_nothing(monkeypatch):
    e = _add(
        monkeypatch,
        "t_sacrifice",
        [{"verb": "discard_self_to", "select": {"zone": "in_play", "owner": "any", "type": "evil_character"}}],
    )
    b = battle(f'"{e}"', their_territory='"herod"')
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    d = g.s.pending
    assert d is not None and set(d.options) == {b["goliath"], b["herod"]}
    ok(g, f"choose {b['herod']}")
    assert g.zone_of(b["herod"]) == (1, "discard") and g.zone_of(b[e]) == (0, "discard")
    assert g.char_numbers(b["gideon"]) == (7, 5)
    round_trip(g)


def test_exchange_self_puts_a_card_of_the_discard_pile_in_the_characters_place(monkeypatch):
    key = "t_exchanger"
    monkeypatch.setitem(
        CARDS,
        key,
        _card(
            {
                "key": key,
                "name": "Exchanger",
                "type": "hero",
                "alignment": "good",
                "brigades": ["Blue"],
                "strength": 1,
                "toughness": 1,
                "abilities": [
                    {
                        "trigger": "enters_battle",
                        "effects": [
                            {"verb": "exchange_self", "select": {"zone": "discard", "owner": "you", "type": "hero"}}
                        ],
                    }
                ],
            }
        ),
    )
    b = build(
        {"hand": [key], "discard": ["barak", "gideons_trumpet"]}, {"land_of_bondage": ["ls_orphan"]}, phase="battle"
    )
    g = b.game
    ok(g, f"rescue {b[key]}")
    d = g.s.pending
    assert d is not None and d.options == [b["barak"]]
    ok(g, f"choose {b['barak']}")
    assert g.battle_chars(0) == [b["barak"]] and g.zone_of(b[key]) == (0, "discard")
    round_trip(g)


@pytest.mark.parametrize("pay", [True, False])
def test_underdeck_or_pay_lets_the_owner_put_a_card_of_its_alignment_under_instead(monkeypatch, pay):
    e = _add(
        monkeypatch,
        "t_or_pay",
        [{"verb": "underdeck_or_pay", "select": {"zone": "territory", "owner": "opponent", "type": "evil_character"}}],
    )
    b = battle(f'"{e}"', their_territory='"herod"', their_hand='"goliaths_taunt", "gideons_trumpet"')
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    ok(g, f"choose {b['herod']}")
    d = g.s.pending
    assert d is not None and d.chooser == 1 and d.options == [b["goliaths_taunt"]] and d.to == [1]
    ok(g, f"choose {b['goliaths_taunt']}" if pay else "choose")
    assert g.z[1]["deck"][-1] == (b["goliaths_taunt"] if pay else b["herod"])
    round_trip(g)


def test_protect_lone_keeps_a_lone_heros_abilities_off_the_character(monkeypatch):
    key = "t_lone_proof"
    monkeypatch.setitem(
        CARDS,
        key,
        _card(
            {
                "key": key,
                "name": "Lone Proof",
                "type": "evil_character",
                "alignment": "evil",
                "brigades": ["Crimson"],
                "strength": 3,
                "toughness": 3,
                "abilities": [
                    {"trigger": "while_in_play", "effects": [{"verb": "protect_lone", "select": {"type": "hero"}}]}
                ],
            }
        ),
    )
    b = build(
        {"field_of_battle": ["gideon"], "territory": ["barak"]},
        {"field_of_battle": [key], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        battle={"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 1},
        flags={"battled": True},
    )
    g = b.game
    assert continuous.protected_from(g, b[key], CARDS["gideon"])
    assert effects.protected_from(g, CARDS["gideon"], [b[key]]) == []
    g._move(b["barak"], 0, "field_of_battle")  # a second Hero: Gideon is not lone now
    assert not continuous.protected_from(g, b[key], CARDS["gideon"])


def test_dominant_band_needs_its_condition_and_bands_up_to_n(monkeypatch):
    key = "t_dom_band"
    monkeypatch.setitem(
        CARDS,
        key,
        _card(
            {
                "key": key,
                "name": "Dominant Band",
                "type": "dominant",
                "alignment": "good",
                "abilities": [
                    {
                        "trigger": "played",
                        "condition": {"you_in_battle": {"kind": "human"}},
                        "effects": [
                            {
                                "verb": "dominant_band",
                                "select": {"zone": ["territory", "hand"], "owner": "you", "type": "hero", "up_to": 2},
                            }
                        ],
                    }
                ],
            }
        ),
    )
    b = battle(f'"{key}"', territory='"barak", "esther", "peter"')
    g = b.game
    ok(g, f"dominant {b[key]}")
    d = g.s.pending
    assert d is not None and d.most == 2 and set(d.options) == {b["barak"], b["esther"], b["peter"]}
    ok(g, f"choose {b['esther']}")
    ok(g, "choose")
    assert g.zone_of(b["esther"]) == (0, "field_of_battle") and g.zone_of(b["barak"]) == (0, "territory")
    b2 = build({"hand": [key], "territory": ["barak"]}, {})  # no battle: not offered
    assert not any(a.verb == "dominant" for a in b2.game.legal_actions())


def test_discard_to_add_discards_a_hero_in_a_territory_and_adds_a_character_to_battle(monkeypatch):
    e = _add(
        monkeypatch,
        "t_discard_to_add",
        [{"verb": "discard_to_add", "select": {"zone": ["territory", "hand"], "owner": "you", "type": "hero"}}],
    )
    b = battle(f'"{e}"', territory='"barak"', their_territory='"andrew"')
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    d = g.s.pending
    assert d is not None and set(d.options) == {b["barak"], b["andrew"]}
    ok(g, f"choose {b['andrew']}")
    ok(g, f"choose {b['barak']}")
    assert g.zone_of(b["andrew"]) == (1, "discard") and g.zone_of(b["barak"]) == (0, "field_of_battle")
    round_trip(g)


def test_once_per_game_holds_until_the_ability_is_used_and_the_record_is_saved(monkeypatch):
    hero = "t_once"
    d = {"key": hero, "name": "T Once", "type": "hero", "alignment": "good", "brigades": ["Blue"]}
    d |= {"strength": 5, "toughness": 5, "identifiers": ["human"]}
    d["abilities"] = [
        {"trigger": "enters_battle", "condition": {"once_per_game": True}, "effects": [{"verb": "draw", "n": 1}]}
    ]
    monkeypatch.setitem(CARDS, hero, _card(d))
    for used in (False, True):
        b = build({"hand": [hero], "deck": ["barak"]}, {"land_of_bondage": ["ls_orphan"]}, phase="battle")
        g = b.game
        if used:
            g.s.used = [b[hero]]
        ok(g, f"rescue {b[hero]}")
        assert g.s.used == [b[hero]] and g.zone_of(b["barak"]) == ((0, "deck") if used else (0, "hand"))
        round_trip(g)
        assert serial.to_dict(g)["used"] == [b[hero]]
    assert CARDS[hero].ability_text.startswith("Once per game")


@pytest.mark.parametrize("alignment, asked", [("good", True), ("neutral", False)])
def test_gift_draw_n_answers_a_good_or_evil_cards_draw_not_a_neutral_ones(monkeypatch, alignment, asked):
    harp = "t_harp"
    monkeypatch.setitem(
        CARDS,
        harp,
        _card(
            {
                "key": harp,
                "name": "Harp",
                "type": "artifact",
                "alignment": "neutral",
                "abilities": [{"trigger": "while_in_play", "effects": [{"verb": "gift_draw", "n": 1}]}],
            }
        ),
    )
    dom = "t_dom_draw"
    monkeypatch.setitem(
        CARDS,
        dom,
        _card(
            {
                "key": dom,
                "name": "Dominant Draw",
                "type": "dominant",
                "alignment": alignment,
                "abilities": [{"trigger": "played", "effects": [{"verb": "draw", "n": 2}]}],
            }
        ),
    )
    b = build(
        {"hand": [dom], "deck": ["barak", "esther", "peter"]}, {"artifact_pile": [harp], "deck": ["herod", "pilate"]}
    )
    g = b.game
    g.face_up.add(b[harp])
    ok(g, f"dominant {b[dom]}")
    d = g.s.pending
    assert (d is not None and d.effect == "gift_draw" and d.stage == 1) == asked


@pytest.mark.parametrize("verb_, asked", [("rescue_any", True), ("negate_rescue", False)])
def test_negate_rescue_rescues_a_lost_soul_without_its_rescued_ability(monkeypatch, verb_, asked):
    soul, dom = "t_soul_draw", "t_dom_rescue"
    for key, d in (
        (
            soul,
            {
                "type": "lost_soul",
                "alignment": "neutral",
                "abilities": [{"trigger": "rescued", "effects": [{"verb": "may_draw", "n": 1}]}],
            },
        ),
        (
            dom,
            {
                "type": "dominant",
                "alignment": "good",
                "abilities": [
                    {
                        "trigger": "played",
                        "effects": [{"verb": verb_, "select": {"zone": "land_of_bondage", "owner": "any"}}],
                    }
                ],
            },
        ),
    ):
        monkeypatch.setitem(CARDS, key, _card({"key": key, "name": key.title(), **d}))
    b = build({"hand": [dom], "land_of_bondage": ["ls_orphan"]}, {"land_of_bondage": [soul], "deck": ["herod"]})
    g = b.game
    ok(g, f"dominant {b[dom]} {b[soul]}")
    assert g.zone_of(b[soul]) == (0, "land_of_redemption")
    assert (g.s.pending is not None and g.s.pending.effect == "may_draw") == asked


def _soul(monkeypatch: pytest.MonkeyPatch, key: str, effects_: list[dict[str, Any]]) -> str:
    monkeypatch.setitem(
        CARDS,
        key,
        _card(
            {
                "key": key,
                "name": key.title(),
                "type": "lost_soul",
                "alignment": "neutral",
                "abilities": [{"trigger": "put_in_play", "effects": effects_}],
            }
        ),
    )
    return key


def test_a_lost_soul_drawn_is_put_in_play_and_its_ability_works_once_the_draw_is_done(monkeypatch):
    soul = _soul(monkeypatch, "t_soul_cycle", [{"verb": "underdeck_to_draw", "n": 1}])
    b = build(
        {"hand": ["manna_from_heaven", "gideons_trumpet"], "deck": [soul, "barak", "esther", "peter", "ehud"]},
        {"land_of_bondage": ["ls_orphan"]},
    )
    g = b.game
    ok(g, f"dominant {b['manna_from_heaven']}")
    assert g.zone_of(b[soul]) == (0, "land_of_bondage")
    d = g.s.pending
    assert d is not None and d.effect == "underdeck_to_draw" and d.source == b[soul]
    round_trip(g)
    ok(g, f"choose {b['gideons_trumpet']}")
    assert g.z[0]["deck"][-1] == b["gideons_trumpet"] and g.s.gifts == []


def test_exchange_hand_swaps_a_card_of_the_hand_with_one_that_fits_of_the_draw_pile(monkeypatch):
    soul = _soul(
        monkeypatch,
        "t_soul_swap",
        [{"verb": "exchange_hand", "select": {"zone": "deck", "owner": "you", "type": "evil_character"}}],
    )
    b = build(
        {"hand": ["manna_from_heaven", "gideons_trumpet"], "deck": [soul, "barak", "esther", "peter", "herod"]},
        {"land_of_bondage": ["ls_orphan"]},
    )
    g = b.game
    ok(g, f"dominant {b['manna_from_heaven']}")
    ok(g, f"choose {b['gideons_trumpet']}")
    d = g.s.pending
    assert d is not None and d.options == [b["herod"]] and d.to == [0]
    ok(g, f"choose {b['herod']}")
    assert g.zone_of(b["herod"]) == (0, "hand") and g.zone_of(b["gideons_trumpet"]) == (0, "deck")


def test_a_fortress_put_in_play_and_a_lone_attack_trigger_its_abilities(monkeypatch):
    key = "t_tent"
    monkeypatch.setitem(
        CARDS,
        key,
        _card(
            {
                "key": key,
                "name": "Tent",
                "type": "fortress",
                "alignment": "good",
                "abilities": [
                    {"trigger": "put_in_play", "effects": [{"verb": "draw", "n": 1}]},
                    {
                        "trigger": "lone_attack",
                        "condition": {"used_by": {"brigade": "Blue"}},
                        "effects": [{"verb": "may_draw", "n": 2}],
                    },
                ],
            }
        ),
    )
    b = build(
        {"hand": [key, "gideon"], "deck": ["barak", "esther", "peter", "ehud"]}, {"land_of_bondage": ["ls_orphan"]}
    )
    g = b.game
    ok(g, f"fortress {b[key]}")  # put in play: it draws 1 at once, nothing to ask
    assert g.zone_of(b["barak"]) == (0, "hand") and g.s.pending is None
    g.s.phase = "battle"
    ok(g, f"rescue {b['gideon']}")
    d = g.s.pending
    assert d is not None and d.effect == "may_draw" and d.source == b[key]
    ok(g, f"choose {b[key]}")
    assert g.zone_of(b["esther"]) == (0, "hand") and g.zone_of(b["peter"]) == (0, "hand")
    round_trip(g)


def test_also_enhancement_makes_an_artifact_an_enhancement_in_battle_and_an_artifact_in_preparation(monkeypatch):
    key = "t_covenant"
    monkeypatch.setitem(
        CARDS,
        key,
        _card(
            {
                "key": key,
                "name": "Covenant",
                "type": "artifact",
                "alignment": "good",
                "brigades": ["Blue"],
                "strength": 2,
                "toughness": 3,
                "abilities": [
                    {"trigger": "while_in_play", "effects": [{"verb": "also_enhancement"}]},
                    {
                        "trigger": "activate",
                        "effects": [
                            {
                                "verb": "underdeck_self_to",
                                "select": {"zone": "territory", "owner": "opponent", "type": "evil_character"},
                            }
                        ],
                    },
                ],
            }
        ),
    )
    assert CARDS[key].is_enhancement and CARDS[key].placement == "artifact"
    b = battle(f'"{key}"')
    g = b.game
    ok(g, f"enhance {b[key]} {b['gideon']}")
    assert g.char_numbers(b["gideon"]) == (9, 8)
    b2 = build({"hand": [key]}, {"territory": ["herod"], "land_of_bondage": ["ls_orphan"], "deck": ["pilate"]})
    g2 = b2.game
    ok(g2, f"activate {b2[key]}")
    ok(g2, f"choose {b2['herod']}")
    assert g2.z[1]["deck"][-1] == b2["herod"] and g2.zone_of(b2[key]) == (0, "deck")


def test_dual_alignment_plays_a_good_enhancement_on_an_evil_character_with_its_other_numbers(monkeypatch):
    key = "t_dual"
    monkeypatch.setitem(
        CARDS,
        key,
        _card(
            {
                "key": key,
                "name": "Dual",
                "type": "good_enhancement",
                "alignment": "good",
                "brigades": ["Blue"],
                "strength": 4,
                "abilities": [
                    {
                        "trigger": "while_in_play",
                        "effects": [{"verb": "dual_alignment", "toughness": 4, "select": {"brigade": "Crimson"}}],
                    }
                ],
            }
        ),
    )
    b = battle('"gideons_trumpet"', their_hand=f'"{key}"')
    g = b.game
    assert g._enhance_problem(b[key], b["goliath"]) is None  # Crimson: the evil half's brigade
    g.b.last_actor = 0
    ok(g, f"enhance {b[key]} {b['goliath']}")
    assert g.char_numbers(b["goliath"]) == (8, 10)  # Goliath 8/6 with the evil half's 0/4


def test_characters_banded_in_together_each_get_their_own_ability_one_after_another(monkeypatch):
    for key in ("t_asker1", "t_asker2"):
        monkeypatch.setitem(
            CARDS,
            key,
            _card(
                {
                    "key": key,
                    "name": key.title(),
                    "type": "hero",
                    "alignment": "good",
                    "brigades": ["Blue"],
                    "strength": 1,
                    "toughness": 1,
                    "abilities": [{"trigger": "enters_battle", "effects": [{"verb": "may_draw", "n": 1}]}],
                }
            ),
        )
    e = _add(
        monkeypatch,
        "t_band_two",
        [{"verb": "band", "select": {"zone": ["territory", "hand"], "owner": "you", "type": "hero", "up_to": 2}}],
    )
    b = battle(f'"{e}"', territory='"t_asker1", "t_asker2"')
    g = b.game
    ok(g, f"enhance {b[e]} {b['gideon']}")
    ok(g, f"choose {b['t_asker1']}")
    ok(g, f"choose {b['t_asker2']}")
    assert g.zone_of(b["t_asker1"]) == (0, "field_of_battle") and g.zone_of(b["t_asker2"]) == (0, "field_of_battle")
    d = g.s.pending
    assert d is not None and d.source == b["t_asker1"] and g.s.gifts == [(0, 3, b["t_asker2"])]
    round_trip(g)
    ok(g, f"choose {b['t_asker1']}")
    d = g.s.pending
    assert d is not None and d.source == b["t_asker2"]  # the second one's ability, now
    ok(g, "choose")
    assert g.s.pending is None and g.zone_of(b["barak"]) == (0, "hand")


# --- when blocking, when blocked (redemption.lang.trigger.blocking, blocked, redemption.lang.condition.blocked_by) ---
def _blocker(monkeypatch: pytest.MonkeyPatch, key: str, trigger: str, effects_: list[dict[str, Any]]) -> str:
    return _add(
        monkeypatch,
        key,
        effects_,
        trigger=trigger,
        type="evil_character",
        alignment="evil",
        brigades=["Crimson"],
        strength=4,
        toughness=4,
        identifiers=["human", "male"],
    )


def test_a_blocking_ability_works_when_its_character_blocks(monkeypatch):
    blk = _blocker(monkeypatch, "t_ambusher", "blocking", [{"verb": "draw", "n": 1}])
    b = build(
        {"hand": ["gideon"], "deck": ["barak"]},
        {"hand": [blk], "deck": ["delilah", "eglon"], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
    )
    g = b.game
    ok(g, f"rescue {b['gideon']}")
    ok(g, f"block {b[blk]}")
    assert g.zone_of(b["delilah"]) == (1, "hand")  # it drew for blocking
    round_trip(g)


def test_a_blocked_ability_works_after_the_blockers_own_and_reads_the_blocker(monkeypatch):
    hero = _add(
        monkeypatch,
        "t_scout",
        [{"verb": "draw", "n": 1}],
        trigger="blocked",
        type="hero",
        strength=3,
        toughness=3,
        identifiers=["human", "male"],
    )
    blk = _blocker(monkeypatch, "t_ambusher", "blocking", [{"verb": "draw", "n": 1}])
    b = build(
        {"hand": [hero], "deck": ["barak", "esther"]},
        {"hand": [blk, "goliath"], "deck": ["delilah"], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
    )
    g = b.game
    ok(g, f"rescue {b[hero]}")
    assert g.zone_of(b["barak"]) == (0, "deck")  # attacking is not being blocked
    out = ok(g, f"block {b[blk]}")
    assert g.zone_of(b["barak"]) == (0, "hand") and g.zone_of(b["delilah"]) == (1, "hand")
    texts = [ev.text for ev in out.events]
    first_blocker = next(i for i, t in enumerate(texts) if "Ambusher" in t and "draw" in t.lower())
    first_hero = next(i for i, t in enumerate(texts) if "Scout" in t and "draw" in t.lower())
    assert first_blocker < first_hero  # REG 5.0 Ability Activation Order: the blocker's first, then the trigger
    assert g.s.gifts == [] and g.b.step == "initiative"
    round_trip(g)


@pytest.mark.parametrize("blocker, drew", [("t_beast", False), ("t_ambusher", True)])
def test_blocked_by_reads_the_blocking_side_and_a_may_asks_first(monkeypatch, blocker, drew):
    hero = _add(
        monkeypatch,
        "t_scout",
        [{"verb": "draw", "n": 1}],
        trigger="blocked",
        type="hero",
        strength=3,
        toughness=3,
    )
    d = CARDS[hero]
    monkeypatch.setitem(
        CARDS,
        hero,
        _card(
            {
                "key": hero,
                "name": "T Scout",
                "type": "hero",
                "alignment": "good",
                "brigades": ["Blue"],
                "strength": d.strength,
                "toughness": d.toughness,
                "abilities": [
                    {
                        "trigger": "blocked",
                        "may": True,
                        "condition": {"blocked_by": {"kind": "human"}},
                        "effects": [{"verb": "draw", "n": 1}],
                    }
                ],
            }
        ),
    )
    monkeypatch.setitem(
        CARDS,
        "t_ambusher",
        _card(
            {
                "key": "t_ambusher",
                "name": "T Ambusher",
                "type": "evil_character",
                "alignment": "evil",
                "brigades": ["Crimson"],
                "strength": 4,
                "toughness": 4,
                "identifiers": ["human"],
            }
        ),
    )
    monkeypatch.setitem(
        CARDS,
        "t_beast",
        _card(
            {
                "key": "t_beast",
                "name": "T Beast",
                "type": "evil_character",
                "alignment": "evil",
                "brigades": ["Crimson"],
                "strength": 2,
                "toughness": 2,
                "identifiers": ["animal"],
            }
        ),
    )
    b = build(
        {"hand": [hero], "deck": ["barak"]},
        {"hand": [blocker], "deck": ["delilah"], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
    )
    g = b.game
    assert "When this character is blocked" in effects.ability_text(CARDS[hero].abilities[0])
    ok(g, f"rescue {b[hero]}")
    ok(g, f"block {b[blocker]}")
    if drew:  # a human blocks: asked first ("you may"), then it draws
        assert g.s.pending is not None and g.s.pending.effect == "may" and g.s.pending.chooser == 0
        round_trip(g)
        ok(g, f"choose {b[hero]}")
        assert g.zone_of(b["barak"]) == (0, "hand")
    else:  # an animal blocks: nothing happens, nothing is asked
        assert g.s.pending is None and g.zone_of(b["barak"]) == (0, "deck")
    round_trip(g)


def test_blocked_and_blocking_are_words_of_the_language():
    assert {"blocked", "blocking"} <= set(lang.TRIGGERS) and "blocked_by" in lang.CONDITIONS
    with pytest.raises(LanguageError, match="card facets only"):
        lang.read_condition("x", {"blocked_by": {"zone": "battle"}})


# --- interrupt the battle (redemption.effect.interrupt_battle, redemption.battle.special) ----------------------------
LONE_DANIEL = """
[start]
phase = "battle"
active = 0
turn = 3
flags = {{ battled = true }}
battle = {{ kind = "rescue", step = "initiative", last_actor = 0 }}
[[start.seat]]
field_of_battle = ["daniel"]
territory = ["esther"]
hand = [{hand}]
deck = ["barak", "peter"]
land_of_bondage = ["ls_debtor"]
[[start.seat]]
field_of_battle = ["nebuchadnezzar"]
hand = [{their_hand}]
deck = ["delilah"]
land_of_bondage = ["ls_orphan"]
"""


def _interrupter(monkeypatch: pytest.MonkeyPatch, key: str, then: list[dict[str, Any]]) -> str:
    return _add(monkeypatch, key, [{"verb": "interrupt_battle"}, *then], brigades=["Gold"], strength=1, toughness=1)


def _remover(monkeypatch: pytest.MonkeyPatch, key: str, verb: str, **kw: Any) -> str:
    return _add(
        monkeypatch,
        key,
        [{"verb": verb, "select": {"zone": "battle", "owner": "opponent", "type": "character"}, **kw}],
        type="evil_enhancement",
        alignment="evil",
        brigades=["Gold"],
        strength=1,
        toughness=1,
    )


def test_interrupt_the_battle_under_special_initiative_bands_and_the_removal_comes_back(monkeypatch):
    # Daniel, alone, is withdrawn by Royal Decree: special initiative. The answer interrupts the battle and bands
    # Esther in; then the withdraw reactivates on Daniel (still a legal target), and Esther fights on.
    call = _interrupter(
        monkeypatch, "t_call", [{"verb": "band", "select": {"zone": ["hand", "territory"], "type": "hero"}}]
    )
    b = scenario(LONE_DANIEL.format(hand=f'"{call}", "daniels_prayer"', their_hand='"royal_decree"'))
    g = b.game
    daniel, decree = b["daniel"], b["royal_decree"]
    ok(g, f"enhance {decree} {b['nebuchadnezzar']} {daniel}")
    assert g.zone_of(daniel) == (0, "territory") and g.current_player == 0
    legal = [str(a) for a in g.legal_actions()]
    assert f"enhance {b[call]} {daniel} {b['esther']}" in legal  # an interrupt answers, with its band's target
    assert not any(b["daniels_prayer"] in a for a in legal)  # neither negates nor interrupts
    out = ok(g, f"enhance {b[call]} {daniel} {b['esther']}")
    texts = " ".join(ev.text for ev in out.events)
    assert "interrupts the battle" in texts and "reactivates" in texts
    assert g.zone_of(b["esther"]) == (0, "field_of_battle")  # banded in while the withdraw was suspended
    assert g.zone_of(daniel) == (0, "territory")  # the withdraw came back on Daniel
    assert g.zone_of(b[call]) == (0, "discard")  # it went with Daniel, as an enhancement on a character that left
    assert decree not in g.b.negated and g.b.suspended == [] and g.b.interrupter == ""
    round_trip(g)


def test_interrupt_the_battle_removing_the_removers_character_keeps_the_removal_from_coming_back(monkeypatch):
    smite = _remover(monkeypatch, "t_smite", "discard")
    strike = _interrupter(
        monkeypatch,
        "t_strike",
        [{"verb": "discard", "select": {"zone": "battle", "owner": "opponent", "type": "evil_character"}}],
    )
    b = scenario(LONE_DANIEL.format(hand=f'"{strike}"', their_hand=f'"{smite}"'))
    g = b.game
    daniel, neb = b["daniel"], b["nebuchadnezzar"]
    ok(g, f"enhance {b[smite]} {neb} {daniel}")
    assert g.zone_of(daniel) == (0, "discard") and g.current_player == 0
    assert [str(a) for a in g.legal_actions() if a.verb == "enhance"] == [f"enhance {b[strike]} {daniel} {neb}"]
    out = ok(g, f"enhance {b[strike]} {daniel} {neb}")
    assert g.zone_of(neb) == (1, "discard") and g.zone_of(b[smite]) == (1, "discard")
    assert g.zone_of(daniel) == (0, "field_of_battle") and g.attached[b[strike]] == daniel
    assert "does not come back" in " ".join(ev.text for ev in out.events)
    round_trip(g)


def test_a_reactivated_removal_finds_its_target_protected_and_does_nothing(monkeypatch):
    smite = _remover(monkeypatch, "t_smite", "discard")
    shield = _interrupter(monkeypatch, "t_shield", [{"verb": "protect"}])
    b = scenario(LONE_DANIEL.format(hand=f'"{shield}"', their_hand=f'"{smite}"'))
    g = b.game
    daniel = b["daniel"]
    ok(g, f"enhance {b[smite]} {b['nebuchadnezzar']} {daniel}")
    out = ok(g, f"enhance {b[shield]} {daniel}")
    assert g.zone_of(daniel) == (0, "field_of_battle")  # protected from discard while the discard was suspended
    assert "no longer a legal target" in " ".join(ev.text for ev in out.events)
    round_trip(g)


def test_a_card_that_cannot_be_interrupted_is_answered_by_a_negate_only(monkeypatch):
    smite = _remover(monkeypatch, "t_smite", "withdraw", riders=["cannot_be_interrupted"])
    call = _interrupter(monkeypatch, "t_call", [{"verb": "draw", "n": 1}])
    b = scenario(LONE_DANIEL.format(hand=f'"{call}", "writing_on_wall"', their_hand=f'"{smite}"'))
    g = b.game
    daniel = b["daniel"]
    ok(g, f"enhance {b[smite]} {b['nebuchadnezzar']} {daniel}")
    legal = [str(a) for a in g.legal_actions() if a.verb == "enhance"]
    assert legal == [f"enhance {b['writing_on_wall']} {daniel}"]
    refused(g, f"enhance {b[call]} {daniel}", "redemption.battle.special")


def test_an_interrupt_whose_paired_effect_asks_is_saved_suspended_and_reactivates_after_the_answer(monkeypatch):
    call = _interrupter(
        monkeypatch, "t_seek", [{"verb": "search", "select": {"zone": "deck", "owner": "you", "type": "hero"}}]
    )
    b = scenario(LONE_DANIEL.format(hand=f'"{call}"', their_hand='"royal_decree"'))
    g = b.game
    daniel, decree = b["daniel"], b["royal_decree"]
    ok(g, f"enhance {decree} {b['nebuchadnezzar']} {daniel}")
    ok(g, f"enhance {b[call]} {daniel}")
    assert g.s.pending is not None and g.b.interrupter == b[call]
    assert g.b.suspended == [(decree, "withdraw", daniel, "territory", 0)]  # its first effect did it
    assert g.zone_of(daniel) == (0, "field_of_battle")  # back while the withdraw is suspended
    round_trip(g)
    ok(g, f"choose {b['barak']}")
    assert g.zone_of(b["barak"]) == (0, "hand") and g.zone_of(daniel) == (0, "territory")
    assert g.b.suspended == [] and g.b.interrupter == ""
    round_trip(g)


def test_interrupt_the_battle_with_nothing_opposing_to_suspend_still_works_its_paired_effects(monkeypatch):
    call = _add(monkeypatch, "t_call", [{"verb": "interrupt_battle"}, {"verb": "draw", "n": 1}])
    b = battle(f'"{call}"')
    g = b.game
    out = ok(g, f"enhance {b[call]} {b['gideon']}")
    assert "no opposing ability to suspend" in " ".join(ev.text for ev in out.events)
    assert g.zone_of(b["barak"]) == (0, "hand") and effects.ability_text(CARDS[call].abilities[0]).startswith(
        "Interrupt the battle."
    )
    round_trip(g)


def test_choose_blocker_puts_the_chosen_evil_character_in_battle_as_the_blocker(monkeypatch):
    key = "t_chooser"
    monkeypatch.setitem(
        CARDS,
        key,
        _card(
            {
                "key": key,
                "name": "Chooser",
                "type": "hero",
                "alignment": "good",
                "brigades": ["Blue"],
                "strength": 9,
                "toughness": 9,
                "abilities": [
                    {
                        "trigger": "enters_battle",
                        "effects": [
                            {
                                "verb": "choose_blocker",
                                "select": {"zone": "territory", "owner": "opponents", "type": "evil_character"},
                            }
                        ],
                    }
                ],
            }
        ),
    )
    b = build({"hand": [key]}, {"territory": ["herod", "eglon"], "land_of_bondage": ["ls_orphan"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b[key]}")
    d = g.s.pending
    assert d is not None and set(d.options) == {b["herod"], b["eglon"]}
    ok(g, f"choose {b['eglon']}")
    assert g.battle_chars(1) == [b["eglon"]] and g.b.step == "initiative"
    round_trip(g)


def test_a_negated_protect_from_protects_nobody(monkeypatch):
    shield = _add(
        monkeypatch,
        "t_shield2",
        [
            {
                "verb": "protect_from",
                "duration": "end_of_turn",
                "against": {"type": "evil_enhancement"},
                "select": {"zone": "in_play", "owner": "you", "type": "hero", "in_battle": False, "all": True},
            }
        ],
    )
    neg = _add(
        monkeypatch,
        "t_neg",
        [{"verb": "negate"}],
        type="evil_enhancement",
        alignment="evil",
        brigades=["Crimson"],
        strength=5,
        toughness=0,
    )
    b = battle(f'"{shield}"', territory='"barak"', their_hand=f'"{neg}"')
    g = b.game
    ok(g, f"enhance {b[shield]} {b['gideon']}")
    assert continuous.protected_from(g, b["barak"], CARDS[neg])
    if g.current_player != 1:
        ok(g, "pass")
    ok(g, f"enhance {b[neg]} {b['goliath']}")
    assert b[shield] in g.b.negated and not continuous.protected_from(g, b["barak"], CARDS[neg])
    assert not any(m[4] == b[shield] for m in g.s.mods)  # its marks are gone: not back when the battle ends
    round_trip(g)


# --- interrupt an ability, interrupt and discard (redemption.effect.interrupt, interrupt_discard) --------------------
def test_interrupt_takes_the_last_opposing_enhancement_and_it_reactivates_after_the_paired_band(monkeypatch):
    hold = _add(
        monkeypatch,
        "t_hold",
        [
            {"verb": "interrupt", "select": {"zone": "battle_cards", "type": "evil_enhancement", "last": True}},
            {"verb": "band", "select": {"zone": ["hand", "territory"], "owner": "you", "type": "hero"}},
        ],
        brigades=["Gold"],
        strength=1,
        toughness=1,
    )
    b = scenario(LONE_DANIEL.format(hand=f'"{hold}"', their_hand='"royal_decree"'))
    g = b.game
    daniel, decree = b["daniel"], b["royal_decree"]
    ok(g, f"enhance {decree} {b['nebuchadnezzar']} {daniel}")
    assert [str(a) for a in g.legal_actions() if a.verb == "enhance"] == [f"enhance {b[hold]} {daniel} {decree}"]
    out = ok(g, f"enhance {b[hold]} {daniel} {decree}")
    assert f"interrupts {g.cd[decree].name}" in " ".join(ev.text for ev in out.events)
    assert g.s.pending is not None and g.s.pending.effect == "band" and g.b.interrupter == b[hold]
    round_trip(g)
    ok(g, f"choose {b['esther']}")
    assert g.zone_of(b["esther"]) == (0, "field_of_battle") and g.zone_of(daniel) == (0, "territory")
    assert g.b.suspended == [] and decree not in g.b.negated
    round_trip(g)


def test_interrupt_discard_of_every_opposing_enhancement_undoes_them_and_they_never_come_back(monkeypatch):
    draw = _add(monkeypatch, "t_drawer", [{"verb": "draw", "n": 1}], strength=3, toughness=0)
    devour = _add(
        monkeypatch,
        "t_devour",
        [{"verb": "interrupt_discard", "select": {"zone": "battle_cards", "type": "good_enhancement", "all": True}}],
        type="evil_enhancement",
        alignment="evil",
        brigades=["Crimson"],
        strength=0,
        toughness=0,
    )
    b = battle(f'"{draw}"', their_hand=f'"{devour}"')
    g = b.game
    ok(g, f"enhance {b[draw]} {b['gideon']}")
    assert g.zone_of(b["barak"]) == (0, "hand")
    if g.current_player != 1:
        ok(g, "pass")
    out = ok(g, f"enhance {b[devour]} {b['goliath']}")
    assert "interrupts" in " ".join(ev.text for ev in out.events)
    assert g.zone_of(b[draw]) == (0, "discard") and g.zone_of(b["barak"]) == (0, "deck")  # the draw undone
    assert g.z[0]["deck"][0] == b["barak"] and g.b.suspended == []
    round_trip(g)


def test_interrupt_words_are_stoppers_a_prevent_stoppers_artifact_stops_on_characters():
    assert {"interrupt_battle", "interrupt", "interrupt_discard"} <= effects.STOPPERS


def test_a_blocker_chosen_by_the_attacker_blocks_too_and_the_heros_blocked_ability_works(monkeypatch):
    key = "t_chooser"
    monkeypatch.setitem(
        CARDS,
        key,
        _card(
            {
                "key": key,
                "name": "T Chooser",
                "type": "hero",
                "alignment": "good",
                "brigades": ["Blue"],
                "strength": 5,
                "toughness": 5,
                "abilities": [
                    {
                        "trigger": "enters_battle",
                        "effects": [
                            {
                                "verb": "choose_blocker",
                                "select": {"zone": "territory", "owner": "opponents", "type": "evil_character"},
                            }
                        ],
                    },
                    {"trigger": "blocked", "effects": [{"verb": "draw", "n": 1}]},
                ],
            }
        ),
    )
    b = build(
        {"hand": [key], "deck": ["barak"]}, {"territory": ["goliath"], "land_of_bondage": ["ls_orphan"]}, phase="battle"
    )
    g = b.game
    ok(g, f"rescue {b[key]}")
    assert g.s.pending is not None and g.s.pending.effect == "choose_blocker"
    ok(g, f"choose {b['goliath']}")
    assert g.zone_of(b["goliath"]) == (1, "field_of_battle") and g.zone_of(b["barak"]) == (0, "hand")
    round_trip(g)


def test_interrupt_prevent_undoes_the_last_opposing_card_and_its_ongoing_ability_stops(monkeypatch):
    blind = _add(
        monkeypatch,
        "t_blind",
        [{"verb": "ignore", "select": {"zone": "battle", "owner": "opponent", "type": "hero", "brigade": "Blue"}}],
        type="evil_enhancement",
        alignment="evil",
        brigades=["Crimson"],
        strength=2,
        toughness=2,
    )
    stop = _add(
        monkeypatch,
        "t_stop",
        [{"verb": "interrupt_prevent", "select": {"zone": "battle_cards", "type": "enhancement", "last": True}}],
        strength=1,
        toughness=1,
        brigades=["Gold"],
    )
    b = battle(f'"{stop}"', heroes='"gideon", "daniel"', their_hand=f'"{blind}"')
    g = b.game
    if g.current_player != 1:
        ok(g, "pass")
    ok(g, f"enhance {b[blind]} {b['goliath']}")
    assert g._is_ignored(b["gideon"])
    if g.current_player != 0:
        ok(g, "pass")
    ok(g, f"enhance {b[stop]} {b['daniel']} {b[blind]}")
    assert not g._is_ignored(b["gideon"]) and b[blind] not in g.b.negated
    assert g.char_numbers(b["goliath"])[0] == CARDS["goliath"].strength + 2  # its numbers still count
    round_trip(g)


# --- costs: paid before the effects, never given back (redemption.lang.cost, redemption.lang.cost.discard_this) -------


def _costly(monkeypatch: pytest.MonkeyPatch, key: str, *abilities: dict[str, Any]) -> str:
    d = {"key": key, "name": key.replace("_", " ").title(), "type": "artifact", "alignment": "neutral"}
    monkeypatch.setitem(CARDS, key, _card({**d, "abilities": list(abilities)}))
    return key


DRAW_2 = {"trigger": "activate", "cost": "discard_this", "effects": [{"verb": "draw", "n": 2}]}


def test_a_discard_this_cost_is_paid_before_the_effects_and_the_artifact_ends_in_the_discard_pile(monkeypatch):
    key = _costly(monkeypatch, "t_costly", DRAW_2)
    b = build({"artifact_pile": [key], "deck": ["barak", "esther", "peter"]}, {"deck": ["pilate"]})
    g = b.game
    assert f"activate {b[key]}" in map(str, g.legal_actions())
    hand = len(g.z[0]["hand"])
    out = ok(g, f"activate {b[key]}")
    assert g.zone_of(b[key]) == (0, "discard") and b[key] not in g.face_up
    assert len(g.z[0]["hand"]) == hand + 2
    rules = [e.rule for e in out.events]
    assert rules.index("redemption.lang.cost.discard_this") < len(rules) - 1  # paid, then the draw
    round_trip(g)


def test_a_discard_this_cost_is_paid_from_the_hand_too_and_stays_paid_when_the_effect_finds_nothing(monkeypatch):
    key = _costly(monkeypatch, "t_costly", DRAW_2)
    b = build({"hand": [key]}, {"deck": ["pilate"]}, keep_alive=False)
    g = b.game
    g.z[0]["deck"].clear()  # nothing to draw: the cost is paid all the same and not given back
    for c in list(g.loc):
        if g.loc[c] == (0, "deck"):
            del g.loc[c]
    ok(g, f"activate {b[key]}")
    assert g.zone_of(b[key]) == (0, "discard")


def test_a_cost_already_paid_by_another_ability_cannot_be_paid_again_and_that_ability_does_nothing(monkeypatch):
    draw_1 = {"trigger": "activate", "cost": "discard_this", "effects": [{"verb": "draw", "n": 1}]}
    key = _costly(monkeypatch, "t_costly", draw_1, DRAW_2)
    b = build({"artifact_pile": [key], "deck": ["barak", "esther", "peter"]}, {"deck": ["pilate"]})
    g = b.game
    hand = len(g.z[0]["hand"])
    out = ok(g, f"activate {b[key]}")
    assert len(g.z[0]["hand"]) == hand + 1  # the first ability's draw only
    said = [e for e in out.events if e.rule == "redemption.lang.cost.discard_this"]
    assert len(said) == 2 and "cannot be paid" in said[1].text


def test_an_artifact_whose_cost_cannot_be_paid_is_not_offered_and_activate_is_refused_unchanged(monkeypatch):
    never = lang.Cost("never", "redemption.lang.cost", "never payable", lambda t, p, c: False, lambda *a: None, "x to")
    monkeypatch.setitem(lang.COSTS, "never", never)
    key = _costly(monkeypatch, "t_costly", {**DRAW_2, "cost": "never"})
    b = build({"artifact_pile": [key], "deck": ["barak", "esther"]}, {"deck": ["pilate"]})
    g = b.game
    assert f"activate {b[key]}" not in map(str, g.legal_actions())
    refused(g, f"activate {b[key]}", rule="redemption.lang.cost", words="cannot be paid")


def test_a_cost_is_a_known_word_on_a_trigger_that_pays_one():
    with pytest.raises(LanguageError, match="unknown cost"):
        lang.parse_ability(
            {"trigger": "activate", "cost": "tap", "effects": [{"verb": "draw", "n": 1}]}, "k", effects.VERBS
        )
    with pytest.raises(LanguageError, match="a cost goes with the trigger activate"):
        lang.parse_ability(
            {"trigger": "played", "cost": "discard_this", "effects": [{"verb": "draw", "n": 1}]}, "k", effects.VERBS
        )
    assert lang.parse_ability(DRAW_2, "k", effects.VERBS).cost == "discard_this"
