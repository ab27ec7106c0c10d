"""The real 10th Anniversary G starter (set 10A): the structure that holds real cards (``rules/redemption/real``:
facts keyed Name + Set and our own script, never printed text) and, card by card, a hand-built position in the
scenario format (``redemption.scenario``) in which the card's ability happens and its outcome is asserted."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.redemption import serial
from rules.redemption.cards import CARDS, DECKS, PENDING, _card, real_key
from rules.redemption.lang import LanguageError
from rules.redemption.printed import Printing, script_for
from tests.redemption_helpers import ok, scenario


def R(name: str) -> str:
    """The key of a 10A printing."""
    return real_key(name, "10A")


REAL = {k: c for k, c in CARDS.items() if c.set == "10A"}


def pos(mine: dict[str, list[str]], theirs: dict[str, list[str]], **top: Any) -> Any:
    """A position in the keyed ``[start]`` format: seat 0's and seat 1's zones (card keys), and the rest of
    ``[start]`` (phase, active, turn, battle, flags, attached, face_up) as TOML values."""
    top = {"phase": "prep", "active": 0, "turn": 3, **top}
    lines = ["[start]"] + [f"{k} = {_toml(v)}" for k, v in top.items()]
    for seat in (mine, theirs):
        lines.append("[[start.seat]]")
        lines += [f"{z} = {_toml(keys)}" for z, keys in seat.items()]
    return scenario("\n".join(lines))


def _toml(v: Any) -> str:
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{json.dumps(k)} = {_toml(x)}" for k, x in v.items()) + " }"
    if isinstance(v, bool):
        return "true" if v else "false"
    return json.dumps(v)


def round_trip(g: Any) -> None:
    assert serial.from_dict(type(g), serial.to_dict(g)) == g


# --- the structure --------------------------------------------------------------------------------------------------
def test_script_for_finds_a_real_printing_by_its_key_and_only_with_its_type():
    c = CARDS[R("Son of God (G)")]
    fields = dict.fromkeys(
        (
            "name set image official_set type_text brigade strength toughness klass identifier text rarity "
            "reference sound alignment legality"
        ).split(),
        "",
    )
    p = Printing(**{**fields, "name": c.name, "set": "10A", "type_text": "Dominant", "text": "our words here"})
    assert script_for(p) == c.key and p.enforced
    assert script_for(Printing(**{**fields, "name": c.name, "set": "10A", "type_text": "Hero"})) is None
    assert script_for(Printing(**{**fields, "name": c.name, "set": "Pri", "type_text": "Dominant"})) is None


def test_a_real_card_naming_an_unknown_word_is_refused_and_printed_words_have_no_key():
    facts = {"name": "Made Up (G)", "set": "10A", "type": "dominant", "alignment": "good"}
    with pytest.raises(LanguageError, match="unknown verb 'smite'"):
        _card({**facts, "abilities": [{"trigger": "played", "effects": [{"verb": "smite"}]}]})
    with pytest.raises(ValueError, match="text is not a fact"):
        _card({**facts, "text": "words"})


def test_the_g_deck_is_offered_only_once_every_card_is_enforced():
    keys = [R(n) for n in ("Moses (G)", "Son of God (G)")]
    if "G10" in DECKS:
        assert all(k in CARDS for k in DECKS["G10"]["cards"]) and "G10" not in PENDING
        return
    d = PENDING["G10"]
    assert d["name"] == "G (10th Anniversary)" and len(d["cards"]) == 50
    assert keys[0] in d["missing"] and keys[1] not in d["missing"]
    assert set(d["missing"]) == {k for k in d["cards"] if k not in CARDS}
    from saves import decks as dk

    with pytest.raises(dk.DeckError, match=r"G10 \(G \(10th Anniversary\)\) is not offered yet: \d+ of its 50"):
        dk.resolve("G10", "/nonexistent")


# --- Lost Souls and characters with no special ability ----------------------------------------------------------
SOULS = [n for n in (c.name for c in REAL.values()) if n.startswith("Lost Soul") and not CARDS[R(n)].abilities]


@pytest.mark.parametrize("soul", SOULS)
def test_a_plain_lost_soul_is_rescued_into_the_rescuers_land_of_redemption(soul):
    b = pos({"hand": ["barak"]}, {"land_of_bondage": [R(soul)], "deck": ["ls_orphan"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b['barak']}")
    ok(g, "noblock")
    assert g.zone_of(b[R(soul)]) == (0, "land_of_redemption")
    round_trip(g)


def test_strong_demon_blocks_and_wins_by_its_numbers():
    demon = R("Strong Demon (G)")
    b = pos({"hand": ["barak"]}, {"hand": [demon], "land_of_bondage": ["ls_orphan"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b['barak']}")
    ok(g, f"block {b[demon]}")
    assert g.char_numbers(b[demon]) == (9, 10) and g.standing() == "evil_winning"
    ok(g, "pass")
    assert g.zone_of(b["barak"]) == (0, "discard") and g.zone_of(b["ls_orphan"]) == (1, "land_of_bondage")


def test_temple_guard_is_a_warrior_sadducee_that_blocks_with_its_numbers():
    guard = R("Temple Guard")
    c = CARDS[guard]
    assert c.is_warrior and "sadducee" in c.identifiers and not c.abilities
    b = pos({"hand": ["john"]}, {"hand": [guard], "land_of_bondage": ["ls_orphan"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b['john']}")
    ok(g, f"block {b[guard]}")
    assert g.char_numbers(b[guard]) == (5, 7) and g.standing() == "evil_winning"  # 5 beats John's 4; 6 does not beat 7
    ok(g, "pass")
    assert g.zone_of(b["john"]) == (0, "discard") and g.zone_of(b[guard]) == (
        1,
        "territory",
    )  # back to territory, survived


# --- Dominants and artifacts ---------------------------------------------------------------------------------------
def test_angel_of_the_lord_discards_any_evil_character_in_play():
    angel = R("Angel of the Lord (G)")
    b = pos({"hand": [angel], "territory": ["gideon"]}, {"territory": ["pilate", "goliath"]})
    g = b.game
    targets = {a.args[1] for a in g.legal_actions() if a.verb == "dominant" and a.args[0] == b[angel]}
    assert targets == {b["pilate"], b["goliath"]}  # evil characters only, not the Hero
    ok(g, f"dominant {b[angel]} {b['goliath']}")
    assert g.zone_of(b["goliath"]) == (1, "discard") and g.zone_of(b[angel]) == (0, "discard")
    round_trip(g)


def test_burial_discards_any_lost_soul_in_play():
    burial = R("Burial (G)")
    b = pos({"hand": [burial], "land_of_bondage": ["ls_wanderer"]}, {"land_of_bondage": ["ls_orphan", "ls_widow"]})
    g = b.game
    targets = {a.args[1] for a in g.legal_actions() if a.verb == "dominant" and a.args[0] == b[burial]}
    assert targets == {b["ls_wanderer"], b["ls_orphan"], b["ls_widow"]}
    ok(g, f"dominant {b[burial]} {b['ls_orphan']}")
    assert g.zone_of(b["ls_orphan"]) == (1, "discard")
    round_trip(g)


def test_son_of_god_rescues_any_lost_soul_in_play():
    son = R("Son of God (G)")
    b = pos({"hand": [son], "land_of_bondage": ["ls_wanderer"]}, {"land_of_bondage": ["ls_orphan"]})
    g = b.game
    targets = {a.args[1] for a in g.legal_actions() if a.verb == "dominant" and a.args[0] == b[son]}
    assert targets == {b["ls_wanderer"], b["ls_orphan"]}  # any Lost Soul in play, a Land of Bondage of your own too
    ok(g, f"dominant {b[son]} {b['ls_orphan']}")
    assert g.zone_of(b["ls_orphan"]) == (0, "land_of_redemption") and g.score(0) == 1
    assert CARDS[son].ability_text.startswith("Rescue any Lost Soul in play")
    round_trip(g)


@pytest.mark.parametrize("up, limit", [(True, 10), (False, 8)])
def test_tables_of_the_law_face_up_lets_its_holder_keep_ten_cards(up, limit):
    tables = R("Tables of the Law (G)")
    b = pos({"artifact_pile": [tables]}, {}, **({"face_up": [tables]} if up else {}))
    g = b.game
    assert g.hand_limit(0) == limit and g.hand_limit(1) == 8


# --- enhancements ----------------------------------------------------------------------------------------------------
def blocked(hero: str, blocker: str, mine: dict | None = None, theirs: dict | None = None) -> Any:
    """Seat 0's Hero rescues, seat 1's character blocks: the position after the block."""
    mine = {"hand": [hero], **(mine or {})}
    mine["hand"] = [hero] + [k for k in mine["hand"] if k != hero]
    theirs = {"hand": [blocker], "land_of_bondage": ["ls_orphan"], **(theirs or {})}
    theirs["hand"] = [blocker] + [k for k in theirs["hand"] if k != blocker]
    b = pos(mine, theirs, phase="battle")
    ok(b.game, f"rescue {b[hero]}")
    ok(b.game, f"block {b[blocker]}")
    return b


def stalemate(mine: dict, theirs: dict, last_actor: int) -> Any:
    """A rescue under way, seat 0's Hero against seat 1's blocker, the player who did not move last to play."""
    return pos(
        {"land_of_bondage": ["ls_debtor"], **mine},
        {"land_of_bondage": ["ls_orphan"], **theirs},
        phase="battle",
        flags={"battled": True},
        battle={"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": last_actor},
    )


def to_player(g: Any, p: int) -> None:
    """Pass until player p holds initiative (a stalemate or both defeated: the other passes)."""
    if g.current_player != p:
        ok(g, "pass")
    assert g.current_player == p


def test_ancient_evil_discards_a_hero_from_a_territory():
    evil, guard = R("Ancient Evil (G)"), R("Temple Guard")
    b = blocked("gideon", guard, mine={"territory": ["deborah"]}, theirs={"hand": [evil]})
    g = b.game
    to_player(g, 1)
    targets = {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[evil]}
    assert targets == {b["deborah"]}  # a Hero in a territory, not the one in battle
    ok(g, f"enhance {b[evil]} {b[guard]} {b['deborah']}")
    assert g.zone_of(b["deborah"]) == (0, "discard") and g.char_numbers(b[guard]) == (7, 10)
    assert CARDS[evil].ability_text.startswith("Discard any Hero in a territory")
    round_trip(g)


def test_ancient_evil_with_no_hero_in_a_territory_is_played_for_its_numbers():
    evil, guard = R("Ancient Evil (G)"), R("Temple Guard")
    b = blocked("gideon", guard, theirs={"hand": [evil]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[evil]} {b[guard]}")
    assert g.char_numbers(b[guard]) == (7, 10) and g.standing() == "evil_winning"


def in_battle(hero: str, blocker: str, played: list[str], mine: dict | None = None, theirs: dict | None = None) -> Any:
    """A rescue under way: seat 0's Hero against seat 1's blocker, with seat 1's enhancements ``played`` on it in
    that order (seat 1 played last)."""
    mine = {"field_of_battle": [hero], **(mine or {})}
    theirs = {"field_of_battle": [blocker, *played], "land_of_bondage": ["ls_orphan"], **(theirs or {})}
    battle = {"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 1, "played": played}
    return pos(
        mine, theirs, phase="battle", flags={"battled": True}, battle=battle, attached={e: blocker for e in played}
    )


def test_trust_in_the_lord_negates_and_discards_the_last_evil_enhancement():
    trust, guard = R("Trust in the Lord"), R("Temple Guard")
    first, last = R("Ancient Evil (G)"), R("Lying Unto God")
    b = in_battle("stephen", guard, [first, last], mine={"hand": [trust]})
    g = b.game  # Stephen 5/7 (Green) against the Guard 9/13
    assert g.char_numbers(b[guard]) == (9, 13) and g.current_player == 0
    targets = {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[trust]}
    assert targets == {b[last]}  # the last one played only
    ok(g, f"enhance {b[trust]} {b['stephen']} {b[last]}")
    assert b[last] in g.b.negated and g.zone_of(b[last]) == (1, "discard")
    assert g.char_numbers(b[guard]) == (7, 10) and g.char_numbers(b["stephen"]) == (9, 9)
    round_trip(g)


def test_plague_of_hail_negates_and_discards_any_evil_enhancement_in_battle():
    hail, guard = R("Plague of Hail"), R("Temple Guard")
    first, last = R("Ancient Evil (G)"), R("Lying Unto God")
    b = in_battle("daniel", guard, [first, last], mine={"hand": [hail]})
    g = b.game  # Daniel 5/7 (Gold)
    targets = {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[hail]}
    assert targets == {b[first], b[last]}
    ok(g, f"enhance {b[hail]} {b['daniel']} {b[first]}")
    assert g.zone_of(b[first]) == (1, "discard") and g.zone_of(b[last]) == (1, "field_of_battle")
    assert g.char_numbers(b[guard]) == (7, 10)
    round_trip(g)


@pytest.mark.parametrize("up", [True, False])
def test_lying_unto_god_negates_and_discards_an_active_artifact(up):
    lying, guard, tables = R("Lying Unto God"), R("Temple Guard"), R("Tables of the Law (G)")
    b = blocked("gideon", guard, mine={"artifact_pile": [tables]}, theirs={"hand": [lying]})
    g = b.game
    if up:
        g.face_up.add(b[tables])
    to_player(g, 1)
    targets = {t for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[lying] for t in a.args[2:]}
    assert targets == ({b[tables]} if up else set())  # a face-down artifact is not active
    ok(g, f"enhance {b[lying]} {b[guard]} {b[tables]}" if up else f"enhance {b[lying]} {b[guard]}")
    assert g.zone_of(b[tables]) == ((0, "discard") if up else (0, "artifact_pile"))
    assert g.hand_limit(0) == 8
    round_trip(g)


def test_increasing_numbers_puts_up_to_two_heroes_from_the_draw_pile_into_territory():
    more, guard = R("Increasing Numbers"), R("Temple Guard")
    b = blocked("stephen", guard, mine={"hand": [more], "deck": ["barak", "ls_wanderer", "deborah", "peter"]})
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b[more]} {b['stephen']}")
    d = g.s.pending
    assert d is not None and d.shape == "up_to" and d.most == 2
    assert set(d.options) == {b["barak"], b["deborah"], b["peter"]}  # not the Lost Soul
    ok(g, f"choose {b['barak']}")
    ok(g, f"choose {b['peter']}")
    assert g.zone_of(b["barak"]) == (0, "territory") and g.zone_of(b["peter"]) == (0, "territory")
    assert g.zone_of(b["deborah"]) == (0, "deck") and g.char_numbers(b["stephen"]) == (9, 9)
    round_trip(g)


# --- abilities that last: ignore, immune, first strike, other brigades, band, protect ------------------------------
def _test_card(monkeypatch: pytest.MonkeyPatch, key: str, **facts: Any) -> str:
    """A card of our own for one test (a brigade no card of the pool has), added to the pool for the test only."""
    d = {"key": key, "name": key.replace("_", " ").title(), "alignment": "evil", **facts}
    monkeypatch.setitem(CARDS, key, _card(d))
    return key


def character(
    monkeypatch: pytest.MonkeyPatch, key: str, alignment: str, brigade: str, s: int = 5, t: int = 7, **facts: Any
) -> str:
    """A character of our own for one test (:func:`_test_card`): a human male Hero (alignment good) or Evil
    Character of that brigade and these numbers; ``facts`` add to or replace its facts (abilities too)."""
    facts = {"identifiers": ["human", "male"], "reference": "Genesis 1:1", **facts}
    type_ = "hero" if alignment == "good" else "evil_character"
    return _test_card(
        monkeypatch, key, type=type_, alignment=alignment, brigades=[brigade], strength=s, toughness=t, **facts
    )


def enhancement(monkeypatch: pytest.MonkeyPatch, key: str, alignment: str, brigade: str, effects: list[dict]) -> str:
    """An enhancement of our own for one test, 0/0, of that alignment and brigade: one ability, when played, with
    these effects in order."""
    return _test_card(
        monkeypatch,
        key,
        type=f"{alignment}_enhancement",
        alignment=alignment,
        brigades=[brigade],
        strength=0,
        toughness=0,
        abilities=[{"trigger": "played", "effects": effects}],
    )


def test_miriam_ignores_gold_evil_characters_in_battle_and_keeps_them_out():
    miriam = R("Miriam (G)")
    b = pos(
        {"hand": [miriam]}, {"hand": ["nebuchadnezzar", "goliath"], "land_of_bondage": ["ls_orphan"]}, phase="battle"
    )
    g = b.game
    ok(g, f"rescue {b[miriam]}")
    blockers = {a.args[0] for a in g.legal_actions() if a.verb == "block"}
    assert b["goliath"] in blockers and b["nebuchadnezzar"] in blockers  # from the hand: not kept out
    ok(g, f"block {b['nebuchadnezzar']}")  # Gold, 6/7 against Miriam's 4/4
    assert g._is_ignored(b["nebuchadnezzar"]) and g.standing() == "hero_winning"
    ok(g, "pass")
    assert g.zone_of(b["ls_orphan"]) == (0, "land_of_redemption")
    assert g.zone_of(b["nebuchadnezzar"]) == (1, "territory")  # ignored: not discarded


def test_miriam_keeps_a_gold_evil_character_in_territory_from_blocking_but_not_a_crimson_one():
    miriam = R("Miriam (G)")
    b = pos({"hand": [miriam]}, {"territory": ["nebuchadnezzar", "goliath"], "land_of_bondage": ["ls_orphan"]})
    g = b.game
    g.s.phase = "battle"
    ok(g, f"rescue {b[miriam]}")
    blockers = {a.args[0] for a in g.legal_actions() if a.verb == "block"}
    assert blockers == {b["goliath"]}
    out = g.apply(f"block {b['nebuchadnezzar']}")
    assert not out.ok and out.rule == "redemption.battle.ignore"
    ok(g, f"block {b['goliath']}")  # Crimson 8/6: not ignored
    assert not g._is_ignored(b["goliath"]) and g.standing() == "evil_winning"


def test_elders_of_israel_are_immune_to_brown_evil_characters_numbers_and_abilities(monkeypatch):
    elders = R("Elders of Israel")
    brown = _test_card(monkeypatch, "t_brown", type="evil_character", brigades=["Brown"], strength=9, toughness=9)
    axe = _test_card(
        monkeypatch,
        "t_brown_axe",
        type="evil_enhancement",
        brigades=["Brown"],
        abilities=[
            {"trigger": "played", "effects": [{"verb": "discard", "select": {"zone": "battle", "type": "hero"}}]}
        ],
    )
    b = blocked(elders, brown, theirs={"hand": [axe]})
    g = b.game
    assert g.standing() == "stalemate"  # 9 would defeat 7, but not an immune Hero; 5 does not defeat 9
    to_player(g, 1)
    ok(g, f"enhance {b[axe]} {b[brown]} {b[elders]}")
    assert g.zone_of(b[elders]) == (0, "field_of_battle")  # the discard does nothing to it
    plain = blocked("daniel", brown).game  # Daniel 5/7: not immune
    assert plain.standing() == "evil_winning"


def test_red_dragon_is_immune_to_human_heroes():
    dragon = R("Red Dragon (G)")
    b = blocked("gideon", dragon)  # Gideon 7/5, human: 7 defeats 6, 5 defeats 5
    assert b.game.standing() == "evil_winning"  # the Dragon cannot be defeated by a human Hero
    ok(b.game, "pass")
    assert b.game.zone_of(b["gideon"]) == (0, "discard") and b.game.zone_of(b[dragon]) == (1, "territory")


def test_pillar_of_fire_makes_its_hero_immune_to_black_brigade_numbers_and_abilities():
    fire, demon, evil = R("Pillar of Fire (G)"), R("Strong Demon (G)"), R("Ancient Evil (G)")
    b = in_battle("stephen", demon, [evil], mine={"hand": [fire]}, theirs={"hand": ["crown_of_thorns"]})
    g = b.game  # Stephen 5/7 against the Demon 11/13: losing
    assert g.standing() == "evil_winning" and g.current_player == 0
    ok(g, f"enhance {b[fire]} {b['stephen']}")
    assert g.char_numbers(b["stephen"]) == (8, 11) and g.standing() == "stalemate"  # 11 would defeat 11
    assert g.current_player == 1  # a stalemate: the side that did not play last may play
    ok(g, f"enhance {b['crown_of_thorns']} {b[demon]} {b['stephen']}")  # Black: it does nothing to Stephen
    assert g.zone_of(b["stephen"]) == (0, "field_of_battle")
    round_trip(g)


def test_pillar_of_a_cloud_gives_first_strike_in_mutual_destruction(monkeypatch):
    cloud, demon = R("Pillar of a Cloud (G)"), R("Strong Demon (G)")
    _test_card(monkeypatch, "t_hero", type="hero", alignment="good", brigades=["Blue"], strength=9, toughness=3)
    b = in_battle("t_hero", demon, [], mine={"hand": [cloud]})
    g = b.game
    ok(g, f"enhance {b[cloud]} {b['t_hero']}")  # 11/8 against 9/10: both would be defeated
    assert g.char_numbers(b["t_hero"]) == (11, 8) and g.standing() == "hero_winning"
    ok(g, "pass")
    assert g.zone_of(b["t_hero"]) == (0, "territory") and g.zone_of(b[demon]) == (1, "discard")


def test_love_of_money_lets_its_evil_character_use_any_evil_brigades_enhancements():
    money, guard = R("Love of Money"), R("Temple Guard")
    b = in_battle("gideon", guard, [], theirs={"hand": [money, "goliaths_taunt"]})
    g = b.game
    g.b.last_actor = 0  # both would be defeated (7/5 against 5/7): the defender, who did not play last, may play
    assert g.current_player == 1
    out = g.apply(f"enhance {b['goliaths_taunt']} {b[guard]}")  # Crimson on a Black Temple Guard
    assert not out.ok and out.rule == "redemption.battle.brigade"
    ok(g, f"enhance {b[money]} {b[guard]}")
    assert g._enhance_problem(b["goliaths_taunt"], b[guard]) is None  # now any evil brigade's enhancement
    g.b.negated.append(b[money])
    assert g._enhance_problem(b["goliaths_taunt"], b[guard]) is not None  # negated, it gives nothing


def test_women_of_israel_may_band_to_a_female_old_testament_hero():
    women, miriam, aaron = R("Women of Israel"), R("Miriam (G)"), R("Aaron (G)")
    b = pos(
        {"hand": [women, miriam], "territory": [aaron, "esther"]}, {"land_of_bondage": ["ls_orphan"]}, phase="battle"
    )
    g = b.game
    ok(g, f"rescue {b[women]}")
    d = g.s.pending
    assert d is not None and d.effect == "band" and set(d.options) == {b[miriam], b["esther"]}  # not Aaron
    ok(g, f"choose {b[miriam]}")
    assert g.zone_of(b[miriam]) == (0, "field_of_battle") and g.s.pending is None
    round_trip(g)


def test_women_of_israel_may_band_to_nobody():
    women = R("Women of Israel")
    b = pos({"hand": [women], "territory": ["esther"]}, {"land_of_bondage": ["ls_orphan"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b[women]}")
    ok(g, "choose")
    assert g.zone_of(b["esther"]) == (0, "territory") and g.battle_chars(0) == [b[women]]


def test_sadducees_may_band_to_every_sadducee():
    sadducees, guard = R("Sadducees"), R("Temple Guard")
    b = pos(
        {"hand": ["barak"]}, {"hand": [sadducees], "territory": [guard, "pilate"], "land_of_bondage": ["ls_orphan"]}
    )
    g = b.game
    g.s.phase = "battle"
    ok(g, f"rescue {b['barak']}")
    ok(g, f"block {b[sadducees]}")
    d = g.s.pending
    assert d is not None and set(d.options) == {b[guard]} and d.most == 20  # the Sadducees, not Pilate
    ok(g, f"choose {b[guard]}")
    assert set(g.battle_chars(1)) == {b[sadducees], b[guard]}


def test_aaron_may_band_to_miriam_and_protects_active_holy_of_holies_artifacts(monkeypatch):
    aaron, miriam = R("Aaron (G)"), R("Miriam (G)")
    b = pos({"hand": [aaron], "territory": [miriam, "esther"]}, {"land_of_bondage": ["ls_orphan"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b[aaron]}")
    assert g.s.pending is not None and g.s.pending.options == [b[miriam]]
    ok(g, f"choose {b[miriam]}")
    assert g.zone_of(b[miriam]) == (0, "field_of_battle")
    ark = _test_card(monkeypatch, "t_ark", type="artifact", alignment="neutral", identifiers=["holy of holies"])
    b = pos({"territory": [aaron], "artifact_pile": [ark, "jar_of_oil"]}, {"hand": ["burning_of_books"]}, active=1)
    g = b.game
    g.face_up.update({b[ark], b["jar_of_oil"]})
    targets = {a.args[1] for a in g.legal_actions() if a.verb == "dominant" and a.args[0] == b["burning_of_books"]}
    assert targets == {b["jar_of_oil"]}  # the active Holy of Holies artifact is protected while Aaron is in play


# --- a site; cards that choose or ask as they work ----------------------------------------------------------------
TEMPLE = R("Herod's Temple (G)")


@pytest.mark.parametrize(
    "hero, mine, reaches",
    [("peter", [], True), ("gideon", [], False), ("gideon", [TEMPLE], True)],  # an empty Purple site gives access
)
def test_herods_temple_holds_a_lost_soul_only_a_purple_hero_reaches(hero, mine, reaches):
    b = pos(
        {"hand": [hero], "territory": mine},
        {"territory": [TEMPLE], "in_site": ["ls_orphan"]},
        phase="battle",
        attached={"H2": "H1"},  # seat 1's soul in seat 1's Temple
    )
    g = b.game
    if not reaches:
        out = g.apply(f"rescue {b[hero]}")
        assert not out.ok and out.rule == "redemption.battle.rescue"
        return
    ok(g, f"rescue {b[hero]}")
    ok(g, "noblock")
    assert g.zone_of(b["ls_orphan"]) == (0, "land_of_redemption")


def test_herods_temple_takes_one_lost_soul_in_preparation():
    b = pos({"territory": [TEMPLE], "land_of_bondage": ["ls_wanderer", "ls_blind"]}, {})
    g = b.game
    ok(g, f"soul {b['ls_wanderer']} {b[TEMPLE]}")
    out = g.apply(f"soul {b['ls_blind']} {b[TEMPLE]}")
    assert not out.ok and out.rule == "redemption.prep.soul"


def test_locust_from_the_pit_discards_a_site_holding_a_lost_soul_and_the_soul_stays():
    locust = R("Locust from the Pit (G)")
    b = pos(
        {"hand": ["barak"], "territory": [TEMPLE, "cave_of_adullam"], "in_site": ["ls_wanderer"]},
        {"hand": [locust], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        attached={"ls_wanderer": TEMPLE},
    )
    g = b.game
    ok(g, f"rescue {b['barak']}")
    ok(g, f"block {b[locust]}")
    d = g.s.pending
    assert d is not None and d.chooser == 1 and d.options == [b[TEMPLE]]  # the empty Cave is not offered
    ok(g, f"choose {b[TEMPLE]}")
    assert g.zone_of(b[TEMPLE]) == (0, "discard") and g.zone_of(b["ls_wanderer"]) == (0, "land_of_bondage")
    assert g.zone_of(b["cave_of_adullam"]) == (0, "territory")
    round_trip(g)


def test_the_hand_discarder_lost_soul_put_in_a_site_makes_each_opponent_discard_a_card():
    soul = R("Lost Soul I Corinthians 1:27 (Hand Discarder)")
    b = pos({"territory": [TEMPLE], "land_of_bondage": [soul]}, {"hand": ["pilate", "goliath"]})
    g = b.game
    ok(g, f"soul {b[soul]} {b[TEMPLE]}")
    d = g.s.pending
    assert d is not None and d.chooser == 1 and set(d.options) == {b["pilate"], b["goliath"]}
    assert g.current_player == 1
    ok(g, f"choose {b['goliath']}")
    assert g.zone_of(b["goliath"]) == (1, "discard") and g.zone_of(b["pilate"]) == (1, "hand")
    assert g.current_player == 0 and g.phase == "prep"
    round_trip(g)


@pytest.mark.parametrize(
    "mine, theirs, asked",
    [
        (["barak", "gideon"], ["peter"], 0),  # Peter is N.T.: seat 0 has the most O.T. male Heroes
        (["barak"], ["ehud"], -1),  # a tie: nobody draws
        (["deborah"], ["ehud"], 1),  # the opponent has the most: the opponent may draw
    ],
)
def test_jethro_lets_the_player_with_the_most_old_testament_male_heroes_draw(mine, theirs, asked):
    jethro = R("Jethro (G)")
    b = pos(
        {"hand": [jethro], "territory": mine, "deck": ["esther"]},
        {"territory": theirs, "land_of_bondage": ["ls_orphan"], "deck": ["pilate"]},
        phase="battle",
    )
    g = b.game
    ok(g, f"rescue {b[jethro]}")
    d = g.s.pending
    if asked < 0:
        assert d is None
        return
    assert d is not None and d.chooser == asked and g.current_player == asked
    before = len(g.z[asked]["hand"])
    ok(g, f"choose {b[jethro]}")
    assert len(g.z[asked]["hand"]) == before + 1


def test_jethro_draw_may_be_declined():
    jethro = R("Jethro (G)")
    b = pos(
        {"hand": [jethro], "territory": ["barak"], "deck": ["esther"]},
        {"land_of_bondage": ["ls_orphan"]},
        phase="battle",
    )
    g = b.game
    ok(g, f"rescue {b[jethro]}")
    ok(g, "choose")
    assert g.zone_of(b["esther"]) == (0, "deck")


def test_flight_negates_the_heroes_bands_this_battle_and_prevents_more():
    women, miriam, flight, guard = R("Women of Israel"), R("Miriam (G)"), R("Flight (G)"), R("Temple Guard")
    b = pos(
        {"hand": [women], "territory": [miriam]},
        {"hand": [guard, flight], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
    )
    g = b.game
    ok(g, f"rescue {b[women]}")
    ok(g, f"choose {b[miriam]}")
    ok(g, f"block {b[guard]}")  # Women 5/4 and Miriam 4/4 against the Guard 5/7: the Heroes are winning
    assert g.standing() == "hero_winning" and g.current_player == 1
    ok(g, f"enhance {b[flight]} {b[guard]}")
    assert g.zone_of(b[miriam]) == (0, "territory")  # the band is negated: she goes back
    assert g.battle_chars(0) == [b[women]] and g.standing() == "evil_winning"
    from rules.redemption import continuous

    assert continuous.band_prevented(g, b[miriam])
    round_trip(g)


def test_imitating_evil_plays_a_crimson_enhancement_from_the_discard_pile_if_used_by_a_human():
    imitate = R("Imitating Evil")
    b = in_battle(
        "gideon", "goliath", [], theirs={"hand": [imitate], "discard": ["goliaths_taunt", "iron_chariots", "scourging"]}
    )
    g = b.game
    g.b.last_actor = 0  # Gideon 7/5 and Goliath 8/6 both defeated: the defender, who did not play last, may play
    ok(g, f"enhance {b[imitate]} {b['goliath']}")
    d = g.s.pending
    assert d is not None and set(d.options) == {b["goliaths_taunt"], b["iron_chariots"]}  # Crimson, not Black
    ok(g, f"choose {b['iron_chariots']}")
    d = g.s.pending
    assert d is not None and d.options == [b["gideon"]]  # the card found takes its own target
    ok(g, f"choose {b['gideon']}")
    assert g.zone_of(b["gideon"]) == (0, "discard") and g.zone_of(b["iron_chariots"]) == (1, "field_of_battle")
    assert g.char_numbers(b["goliath"]) == (11, 11)
    round_trip(g)


def test_imitating_evil_used_by_a_demon_does_nothing_but_count():
    imitate, dragon = R("Imitating Evil"), R("Red Dragon (G)")
    b = in_battle("deborah", dragon, [], theirs={"hand": [imitate], "discard": ["goliaths_taunt"]})
    g = b.game
    g.b.last_actor = 0  # a stalemate (Deborah 5/7; the Dragon is immune to her)
    ok(g, f"enhance {b[imitate]} {b[dragon]}")
    assert g.s.pending is None and g.zone_of(b["goliaths_taunt"]) == (1, "discard")
    assert g.char_numbers(b[dragon]) == (7, 10)


def test_pride_of_simon_plays_a_black_enhancement_from_the_discard_pile():
    pride, evil = R("Pride of Simon (G)"), R("Ancient Evil (G)")
    b = in_battle(
        "gideon",
        "barabbas",
        [],
        mine={"territory": ["deborah"]},
        theirs={"hand": [pride], "discard": [evil, "goliaths_taunt"]},
    )
    g = b.game
    g.b.last_actor = 0  # Gideon 7/5 and Barabbas 7/4: both defeated
    ok(g, f"enhance {b[pride]} {b['barabbas']}")
    assert g.s.pending is not None and g.s.pending.options == [b[evil]]
    ok(g, f"choose {b[evil]}")
    ok(g, f"choose {b['deborah']}")  # Ancient Evil discards a Hero in a territory
    assert g.zone_of(b["deborah"]) == (0, "discard") and g.char_numbers(b["barabbas"]) == (11, 11)


# --- capture (REG: held in the capturer's Land of Bondage, a human treated as a Lost Soul) -------------------------
def test_apprehended_used_by_a_warrior_captures_a_hero_in_territory_into_its_land_of_bondage():
    appr = R("Apprehended")
    b = in_battle("gideon", "goliath", [], mine={"territory": ["deborah"]}, theirs={"hand": [appr]})
    g = b.game
    g.b.last_actor = 0  # both defeated (7/5 against 8/6): the defender may play
    targets = {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[appr]}
    assert targets == {b["gideon"], b["deborah"]}  # any Hero in play
    ok(g, f"enhance {b[appr]} {b['goliath']} {b['deborah']}")
    assert g.zone_of(b["deborah"]) == (1, "land_of_bondage") and g.owner(b["deborah"]) == 0
    assert b["deborah"] in g.reachable(b["gideon"], 1)  # treated as a Lost Soul: her side may rescue her
    round_trip(g)


def test_apprehended_captures_the_hero_in_battle():
    appr = R("Apprehended")
    b = in_battle("gideon", "goliath", [], theirs={"hand": [appr]})
    g = b.game
    g.b.last_actor = 0
    ok(g, f"enhance {b[appr]} {b['goliath']} {b['gideon']}")
    assert g.zone_of(b["gideon"]) == (1, "land_of_bondage") and not g.battle_chars(0)
    round_trip(g)


def test_apprehended_used_by_a_character_that_is_not_a_warrior_captures_nothing():
    appr = R("Apprehended")
    b = in_battle("gideon", "delilah", [], mine={"territory": ["deborah"]}, theirs={"hand": [appr]})
    g = b.game
    g.b.last_actor = 0  # Gideon 7/5 against Delilah 6/6: both defeated
    ok(g, f"enhance {b[appr]} {b['delilah']}")
    assert g.zone_of(b["deborah"]) == (0, "territory") and g.char_numbers(b["delilah"]) == (8, 8)


def test_false_witnesses_used_by_a_sadducee_captures_a_hero():
    witnesses, guard = R("False Witnesses"), R("Temple Guard")
    b = in_battle("gideon", guard, [], mine={"territory": ["deborah"]}, theirs={"hand": [witnesses]})
    g = b.game
    g.b.last_actor = 0  # Gideon 7/5 against the Guard 5/7: both defeated
    ok(g, f"enhance {b[witnesses]} {b[guard]} {b['deborah']}")
    assert g.zone_of(b["deborah"]) == (1, "land_of_bondage")
    b = in_battle("gideon", "barabbas", [], mine={"territory": ["deborah"]}, theirs={"hand": [witnesses]})
    b.game.b.last_actor = 0
    ok(b.game, f"enhance {b[witnesses]} {b['barabbas']}")  # Barabbas is no Sadducee: nothing to take
    assert b.game.zone_of(b["deborah"]) == (0, "territory")


def test_a_captured_hero_is_rescued_as_a_lost_soul():
    text = (
        '[start]\nphase = "battle"\nactive = 0\nturn = 3\n[[start.seat]]\nhand = ["gideon", "deborah"]\n'
        '[[start.seat]]\ndeck = ["ls_orphan"]\n'
    )
    b = scenario(text)
    g = b.game
    g._move(b["deborah"], 1, "land_of_bondage")  # captured earlier by an opponent's ability
    round_trip(g)
    ok(g, f"rescue {b['gideon']}")
    ok(g, "noblock")
    assert g.zone_of(b["deborah"]) == (0, "land_of_redemption") and g.score(0) == 1
    round_trip(g)


DEMON = R("Strong Demon (G)")


# --- the cards of the second round of verbs ----------------------------------------------------------------------
def test_herod_agrippa_discards_james_son_of_zebedee_then_captures_peter(monkeypatch):
    herod = R("Herod Agrippa I (G)")
    _test_card(
        monkeypatch,
        "James Son of Zebedee (H)",
        type="hero",
        alignment="good",
        brigades=["Purple"],
        identifiers=["human", "male", "N.T."],
    )
    b = pos(
        {"hand": ["john"], "territory": ["James Son of Zebedee (H)", "peter", "andrew"]},
        {"hand": [herod], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
    )
    g = b.game
    ok(g, f"rescue {b['john']}")
    ok(g, f"block {b[herod]}")
    assert g.s.pending is not None and g.s.pending.options == [b["James Son of Zebedee (H)"]]
    ok(g, f"choose {b['James Son of Zebedee (H)']}")
    assert g.zone_of(b["James Son of Zebedee (H)"]) == (0, "discard")
    assert g.s.pending is not None and g.s.pending.options == [b["peter"]]  # then the capture (by name, not Andrew)
    ok(g, f"choose {b['peter']}")
    assert g.zone_of(b["peter"]) == (1, "land_of_bondage") and g.zone_of(b["andrew"]) == (0, "territory")
    round_trip(g)


def test_water_from_a_rock_draws_two_and_cannot_be_prevented():
    water = R("Water from a Rock")
    b = in_battle("daniel", DEMON, [], mine={"hand": [water], "deck": ["esther", "ezra", "peter"]})
    g = b.game  # Daniel 5/7 against Pilate 5/5: a stalemate, Daniel's side to play
    ok(g, f"enhance {b[water]} {b['daniel']}")
    assert {b["esther"], b["ezra"]} <= set(g.z[0]["hand"]) and g.zone_of(b["peter"]) == (0, "deck")
    from rules.redemption import continuous

    assert not continuous.stoppable(g, b[water], "prevent") and continuous.stoppable(g, b[water], "negate")


def test_midwives_return_the_male_exodus_heroes_from_the_discard_pile_to_territory():
    midwives, aaron, jethro, miriam = R("Midwives (G)"), R("Aaron (G)"), R("Jethro (G)"), R("Miriam (G)")
    b = pos(
        {"hand": [midwives], "discard": [aaron, jethro, miriam, "gideon"]},
        {"land_of_bondage": ["ls_orphan"]},
        phase="battle",
    )
    g = b.game
    ok(g, f"rescue {b[midwives]}")
    assert g.zone_of(b[aaron]) == (0, "territory") and g.zone_of(b[jethro]) == (0, "territory")
    assert g.zone_of(b[miriam]) == (0, "discard")  # female
    assert g.zone_of(b["gideon"]) == (0, "discard")  # Judges, not Exodus


def test_plague_of_frogs_returns_an_evil_character_regardless_of_immunity_and_shuffles():
    frogs, dragon = R("Plague of Frogs"), R("Red Dragon (G)")
    b = in_battle("stephen", dragon, [], mine={"hand": [frogs]}, theirs={"deck": ["pilate", "herod", "eglon"]})
    g = b.game  # the Dragon (immune to human Heroes) 5/6 against Stephen 5/7: a stalemate
    ok(g, f"enhance {b[frogs]} {b['stephen']}")
    assert g.zone_of(b[dragon]) == (1, "deck") and len(g.z[1]["deck"]) == 4


def test_plague_of_lice_puts_a_random_card_of_the_opponents_hand_under_their_draw_pile():
    lice = R("Plague of Lice")
    b = in_battle("stephen", DEMON, [], mine={"hand": [lice]}, theirs={"hand": ["herod", "eglon"], "deck": ["annas"]})
    g = b.game
    out = ok(g, f"enhance {b[lice]} {b['stephen']}")
    assert len(g.z[1]["hand"]) == 1 and g.z[1]["deck"][-1] in (b["herod"], b["eglon"])
    words = " ".join(e.text for e in out.events)
    assert "Herod" not in words and "Eglon" not in words  # the card stays hidden


def test_thrown_into_the_sea_shuffles_every_warrior_evil_character_in_play_into_its_owners_draw_pile():
    sea, guard = R("Thrown into the Sea"), R("Temple Guard")
    b = in_battle("daniel", guard, [], mine={"hand": [sea]}, theirs={"territory": ["goliath", "delilah"]})
    g = b.game
    g.b.last_actor = 1  # Daniel 5/7 against the Guard 5/7: a stalemate, Daniel's side to play
    ok(g, f"enhance {b[sea]} {b['daniel']}")
    assert g.zone_of(b[guard]) == (1, "deck") and g.zone_of(b["goliath"]) == (1, "deck")
    assert g.zone_of(b["delilah"]) == (1, "territory")  # not a warrior


def test_meeting_in_the_wilderness_sets_two_heroes_aside_for_two_turns_and_they_come_back_stronger():
    meeting = R("Meeting in the Wilderness")
    b = in_battle("stephen", DEMON, [], mine={"hand": [meeting], "territory": ["barak", "esther", "ezra"]})
    g = b.game
    ok(g, f"enhance {b[meeting]} {b['stephen']}")
    d = g.s.pending
    assert d is not None and d.most == 2
    ok(g, f"choose {b['barak']}")
    ok(g, f"choose {b['esther']}")
    assert g.zone_of(b["barak"]) == (0, "set_aside") and g.zone_of(b["esther"]) == (0, "set_aside")
    from rules.redemption import effects

    g.s.turn += 2 * 2
    assert effects.come_back(g, 0, []) and g.zone_of(b["barak"]) == (0, "territory")
    assert g.char_numbers(b["barak"]) == (9, 9)
    round_trip(g)


def test_plague_of_boils_decreases_every_evil_character_in_play_by_two():
    boils = R("Plague of Boils")
    b = in_battle("daniel", DEMON, [], mine={"hand": [boils]}, theirs={"territory": ["herod"]})
    g = b.game
    ok(g, f"enhance {b[boils]} {b['daniel']}")
    assert g.char_numbers(b[DEMON]) == (7, 8) and g.char_numbers(b["herod"]) == (6, 4)
    assert g.standing() == "stalemate"  # Daniel 7/9 with it


def test_taking_egypts_wealth_looks_at_the_opponents_hand_and_takes_an_enhancement():
    wealth = R("Taking Egypt's Wealth")
    b = in_battle("daniel", DEMON, [], mine={"hand": [wealth]}, theirs={"hand": ["herod", "scourging", "roman_spear"]})
    g = b.game
    ok(g, f"enhance {b[wealth]} {b['daniel']}")
    d = g.s.pending
    assert (
        d is not None
        and set(d.options) == {b["scourging"], b["roman_spear"]}
        and set(d.revealed) == {b["herod"], b["scourging"], b["roman_spear"]}
        and d.to == [0]
    )
    ok(g, f"choose {b['scourging']}")
    assert g.zone_of(b["scourging"]) == (0, "hand")
    round_trip(g)


def test_aarons_rod_discards_every_evil_enhancement_and_cannot_be_negated():
    rod, guard, evil, money = R("Aaron's Rod (G)"), R("Temple Guard"), R("Ancient Evil (G)"), R("Love of Money")
    b = in_battle("stephen", guard, [evil, money], mine={"hand": [rod]})
    g = b.game  # the Guard 10/13 against Stephen 5/7
    ok(g, f"enhance {b[rod]} {b['stephen']}")
    assert g.zone_of(b[evil]) == (1, "discard") and g.zone_of(b[money]) == (1, "discard")
    assert g.char_numbers(b[guard]) == (5, 7)
    from rules.redemption import continuous

    assert not any(continuous.stoppable(g, b[rod], how) for how in ("negate", "interrupt", "prevent"))


def test_deceit_of_sapphira_discards_every_card_in_battle_its_own_side_too():
    deceit = R("Deceit of Sapphira (G)")
    b = in_battle("gideon", "goliath", [], theirs={"hand": [deceit]})
    g = b.game
    g.b.last_actor = 0
    ok(g, f"enhance {b[deceit]} {b['goliath']}")
    assert g.zone_of(b["gideon"]) == (0, "discard") and g.zone_of(b["goliath"]) == (1, "discard")
    assert g.zone_of(b[deceit]) == (1, "discard")


@pytest.mark.parametrize("up", [True, False])
def test_moses_rod_active_makes_exodus_plagues_unpreventable(up):
    rod, boils = R("Moses' Rod"), R("Plague of Boils")
    b = pos({"artifact_pile": [rod], "hand": [boils, R("Trust in the Lord")]}, {}, **({"face_up": [rod]} if up else {}))
    g = b.game
    from rules.redemption import continuous

    assert continuous.stoppable(g, b[boils], "prevent") is not up
    assert continuous.stoppable(g, b[R("Trust in the Lord")], "prevent")  # no plague


# --- negate all; interrupt and redirect -------------------------------------------------------------------------
def test_moses_negates_the_abilities_of_characters_in_play_as_he_enters_battle():
    moses, dragon = R("Moses (G)"), R("Red Dragon (G)")
    b = pos({"hand": [moses]}, {"territory": [dragon], "land_of_bondage": ["ls_orphan"]})
    g = b.game
    g.s.phase = "battle"
    ok(g, f"rescue {b[moses]}")
    assert b[dragon] in g.b.negated  # in play: its immunity to human Heroes stops for this battle
    ok(g, f"block {b[dragon]}")
    assert g.standing() == "hero_winning"  # Moses 8/8 defeats the Dragon 5/6
    ok(g, "pass")
    assert g.zone_of(b[dragon]) == (1, "discard")
    plain = pos({"hand": ["deborah"]}, {"territory": [dragon], "land_of_bondage": ["ls_orphan"]})
    plain.game.s.phase = "battle"
    ok(plain.game, f"rescue {plain['deborah']}")
    ok(plain.game, f"block {plain[dragon]}")
    assert plain.game.standing() == "stalemate"  # without Moses the Dragon is immune to her


def test_sapphira_negates_a_heroes_band_and_abilities_as_she_blocks():
    sapphira, women, miriam = R("Sapphira (G)"), R("Women of Israel"), R("Miriam (G)")
    b = pos({"hand": [women], "territory": [miriam]}, {"hand": [sapphira], "land_of_bondage": ["ls_orphan"]})
    g = b.game
    g.s.phase = "battle"
    ok(g, f"rescue {b[women]}")
    ok(g, f"choose {b[miriam]}")
    assert set(g.battle_chars(0)) == {b[women], b[miriam]}
    ok(g, f"block {b[sapphira]}")
    assert g.zone_of(b[miriam]) == (0, "territory")  # Women of Israel's band is negated: Miriam goes home
    assert g.standing() == "evil_winning"  # Sapphira 6/8 against Women of Israel 5/4
    round_trip(g)


def test_denying_blame_redirects_the_last_good_enhancement_to_its_evil_character():
    blame, fire, guard = R("Denying Blame"), R("Pillar of Fire (G)"), R("Temple Guard")
    b = pos(
        {"field_of_battle": ["stephen", fire]},
        {"field_of_battle": [guard], "hand": [blame], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        flags={"battled": True},
        battle={"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 0, "played": ["G2"]},
        attached={"G2": "G1"},  # the Pillar (G2) on Stephen (G1)
    )
    g = b.game  # Stephen 8/11 with the Pillar (immune to Black) against the Guard 5/7
    assert g.standing() == "hero_winning" and g.current_player == 1
    targets = {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[blame]}
    assert targets == {b[fire]}
    ok(g, f"enhance {b[blame]} {b[guard]} {b[fire]}")
    assert g.attached[b[fire]] == b[guard] and g.owner(b[fire]) == 0
    assert g.char_numbers(b["stephen"]) == (5, 7) and g.char_numbers(b[guard]) == (8, 11)
    assert g.standing() == "evil_winning"
    round_trip(g)


def test_every_g_card_is_in_the_deck_and_has_a_test_here():
    import tomllib

    root = Path(__file__).resolve().parent.parent
    cards = tomllib.loads((root / "rules/redemption/real/g10.toml").read_text(encoding="utf-8"))["card"]
    source = Path(__file__).read_text(encoding="utf-8")
    deck = set(DECKS["G10"]["cards"]) if "G10" in DECKS else set(PENDING["G10"]["cards"])
    for c in cards:
        key = real_key(c["name"], c["set"])
        assert key in deck, key
        assert c["name"] in source or c["name"] in SOULS, f"{c['name']} has no test here"
    assert len(cards) == len(deck) == 50
