"""The ability language (redemption.lang): card data refused when it names an unknown word, every word documented,
the selector facets on a hand-built position (the scenario format, ``redemption.scenario``)."""

from __future__ import annotations

import pytest

from rules.docs import rule_sections
from rules.redemption import effects, lang
from rules.redemption.cards import CARDS, _card
from rules.redemption.lang import LanguageError, Selector, parse_ability, select
from tests.redemption_helpers import scenario


def _hero(abilities: list[dict]) -> dict:
    return {
        "key": "test_card",
        "name": "Test Card",
        "type": "good_enhancement",
        "alignment": "good",
        "brigades": ["Blue"],
        "abilities": abilities,
    }


@pytest.mark.parametrize(
    "ability, word",
    [
        ({"trigger": "played", "effects": [{"verb": "smite"}]}, "unknown verb 'smite'"),
        ({"trigger": "whenever", "effects": [{"verb": "draw", "n": 1}]}, "unknown trigger 'whenever'"),
        (
            {"trigger": "played", "effects": [{"verb": "discard", "select": {"colour": "Blue"}}]},
            "unknown facet 'colour'",
        ),
        (
            {"trigger": "played", "effects": [{"verb": "discard", "riders": ["cannot_be_stopped"]}]},
            "unknown rider 'cannot_be_stopped'",
        ),
        ({"trigger": "played", "effects": [{"verb": "draw", "duration": "forever"}]}, "unknown duration 'forever'"),
        ({"trigger": "played", "condition": {"if_raining": True}, "effects": [{"verb": "draw"}]}, "unknown condition"),
        ({"trigger": "played", "cost": "a_soul", "effects": [{"verb": "draw"}]}, "unknown cost 'a_soul'"),
        ({"trigger": "played", "effects": [{"verb": "discard", "select": {"type": "wizard"}}]}, "'wizard' is not one"),
        ({"trigger": "played", "effects": [{"verb": "discard", "select": {"strength": "big"}}]}, "comparison"),
        ({"trigger": "played", "effects": [{"verb": "discard", "select": {"up_to": 0}}]}, "'up_to' is a count"),
        ({"trigger": "played", "effects": []}, "one or more effects"),
        ({"trigger": "played", "effect": "draw"}, "unknown ability key 'effect'"),
    ],
)
def test_card_data_naming_an_unknown_word_is_refused_in_one_line_naming_card_and_word(ability, word):
    with pytest.raises(LanguageError) as e:
        _card(_hero([ability]))
    msg = str(e.value)
    assert msg.startswith("card test_card: ") and word in msg and "\n" not in msg, msg


def test_every_card_of_the_pool_is_written_in_the_language():
    for key, c in CARDS.items():
        for ab in c.abilities:
            assert ab.trigger in lang.TRIGGERS and ab.acts, key
            for act in ab.acts:
                assert act.verb in effects.VERBS, key
                assert all(k in lang.FACETS for k, _ in act.select.facets), key


def test_every_word_of_every_registry_has_its_rules_section():
    sections = rule_sections("redemption")
    missing = [f.rule for f in lang.FACETS.values() if f.rule not in sections]
    for kind, reg in lang.registries().items():
        if kind != "facet":
            missing += [w.rule for w in reg.values() if w.rule not in sections]  # type: ignore[attr-defined]
    missing += [v.rule for v in effects.VERBS.values() if v.rule not in sections]
    assert not missing, missing


POSITION = """
[start]
phase = "battle"
active = 0
turn = 3
flags = { battled = true }
battle = { kind = "rescue", step = "initiative", last_actor = 1 }
[[start.seat]]
field_of_battle = ["gideon"]
territory = ["deborah", "peter", "esther"]
hand = ["barak", "stars_fought"]
land_of_bondage = ["ls_debtor"]
[[start.seat]]
field_of_battle = ["goliath"]
territory = ["delilah", "herod", "eglon", "simon_sorcerer"]
land_of_bondage = ["ls_orphan"]
"""


def _names(b, ids: list[str]) -> list[str]:
    return [b.game.cd[c].name.split(",")[0] for c in ids]


@pytest.mark.parametrize(
    "facets, keys",
    [
        ({"zone": "territory", "owner": "you"}, ["deborah", "peter", "esther"]),
        ({"zone": ["territory", "hand"], "owner": "you"}, ["deborah", "peter", "esther", "barak", "stars_fought"]),
        ({"zone": "battle", "owner": "opponent"}, ["goliath"]),
        (
            {"zone": "in_play", "owner": "any"},
            ["delilah", "herod", "eglon", "simon_sorcerer", "goliath", "deborah", "peter", "esther", "gideon"],
        ),
        ({"zone": "land_of_bondage", "owner": "opponents"}, ["ls_orphan"]),
        ({"zone": "hand", "owner": "you", "type": "hero"}, ["barak"]),
        ({"zone": "hand", "owner": "you", "type": "enhancement"}, ["stars_fought"]),
        ({"zone": "in_play", "alignment": "evil"}, ["delilah", "herod", "eglon", "simon_sorcerer", "goliath"]),
        ({"zone": "territory", "brigade": "Black"}, ["herod"]),
        ({"zone": "in_play", "class": "warrior"}, ["herod", "goliath", "peter", "gideon"]),
        ({"zone": "territory", "testament": "NT"}, ["herod", "simon_sorcerer", "peter"]),
        ({"zone": "territory", "gender": "female"}, ["delilah", "deborah", "esther"]),
        ({"zone": "territory", "kind": "human", "owner": "you"}, ["deborah", "peter", "esther"]),
        ({"zone": "territory", "identifier": "king"}, ["herod", "eglon"]),
        ({"zone": "in_play", "book": "Judges"}, ["delilah", "eglon", "deborah", "gideon"]),
        ({"zone": "in_play", "name": "Goliath"}, ["goliath"]),
        ({"zone": "territory", "title": "sorc"}, ["simon_sorcerer"]),
        ({"zone": "in_play", "strength": ">=7"}, ["herod", "goliath", "peter", "gideon"]),
        ({"zone": "in_play", "toughness": "<5"}, ["simon_sorcerer"]),
        ({"zone": "in_play", "in_battle": True}, ["goliath", "gideon"]),
        ({"zone": "in_play", "in_battle": False, "owner": "you"}, ["deborah", "peter", "esther"]),
        ({"zone": "in_play", "blocking": True}, ["goliath"]),
    ],
)
def test_a_selector_takes_the_cards_its_facets_say_in_a_fixed_order(facets, keys):
    b = scenario(POSITION)
    g = b.game
    sel = lang._selector("test", facets)
    got = select(g, 0, sel)
    assert got == [b[k] for k in keys], _names(b, got)


def test_a_selector_counts_up_to_n():
    sel = lang._selector("test", {"zone": "hand", "up_to": 2})
    assert (sel.most, sel.up_to) == (2, True)
    assert (Selector().most, Selector().up_to) == (1, False)


def test_the_parsed_ability_keeps_what_the_rules_ask_of_a_card():
    ab = parse_ability(
        {
            "trigger": "played",
            "effects": [{"verb": "capture", "select": {"zone": "battle", "owner": "opponent", "identifier": "human"}}],
        },
        "x",
        effects.VERBS,
    )
    assert ab.effect == "capture" and ab.filter == (("identifier", "human"),) and ab.when == ""
    art = parse_ability({"trigger": "upkeep", "effects": [{"verb": "draw", "n": 1}]}, "x", effects.VERBS)
    assert (art.effect, art.n, art.when) == ("draw", 1, "upkeep")


def _character(abilities: list[dict]) -> dict:
    return {**_hero(abilities), "type": "hero", "strength": 5, "toughness": 5}


def test_a_characters_entry_lead_is_said_once_before_its_effects_after_its_condition():
    two = _card(
        _character(
            [
                {
                    "trigger": "enters_battle",
                    "effects": [
                        {"verb": "draw", "n": 1},
                        {"verb": "band", "select": {"zone": ["hand", "territory"], "type": "hero"}},
                    ],
                }
            ]
        )
    )
    assert two.ability_text == (
        "When this character enters battle, draw 1 card. It may band to a Hero in your hand or territory."
    )
    cond = {"trigger": "enters_battle", "condition": {"in_battle_count": {"type": "hero", "count": ">=1"}}}
    once = _card(_character([{**cond, "effects": [{"verb": "draw", "n": 2}]}]))
    assert once.ability_text == "If there is a Hero in battle: When this character enters battle, draw 2 cards."
    # the same ability on an enhancement names no entry
    assert (
        _card({**_hero([{"trigger": "played", "effects": [{"verb": "draw", "n": 1}]}])}).ability_text == "Draw 1 card."
    )


def test_no_card_of_the_pool_says_its_entry_twice_or_counts_in_broken_plurals():
    for key, c in CARDS.items():
        for a in c.abilities:
            text = effects.ability_text(a, c)
            assert text.count("enters battle") <= 1, (key, text)
            assert "in its titles" not in text and "1 or more" not in text, (key, text)
