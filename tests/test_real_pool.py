"""Real cards of the whole pool outside the starter decks (``rules/redemption/real/pool_*.toml``): every card on a
hand-built position in the scenario format (``redemption.scenario``) in which its ability happens and its outcome is
asserted. Cards whose script has one shape share a test, parametrised over them (each card its own case); the last
test checks that every card of the pool files is a case of some test here."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from rules.redemption import continuous
from rules.redemption.cards import CARDS, real_key
from tests.redemption_helpers import build, ok
from tests.test_real_g10 import _test_card, blocked, in_battle, pos, round_trip, to_player

REAL_DIR = Path(__file__).resolve().parent.parent / "rules" / "redemption" / "real"
#: pool_interrupt.toml has its own tests (tests/test_real_interrupt.py: the interrupt and block cards)
FILES = sorted(f for f in REAL_DIR.glob("pool_*.toml") if f.name != "pool_interrupt.toml")
ENTRIES = [d for f in FILES for d in tomllib.loads(f.read_text(encoding="utf-8"))["card"]]
KEYS = [real_key(d["name"], d["set"]) for d in ENTRIES]
#: every key a test below takes, with the test's name
CLAIMED: dict[str, str] = {}


def _shape(key: str) -> dict[str, Any]:
    """The card's first effect (with its ability's trigger and condition), as the data writes it."""
    d = ENTRIES[KEYS.index(key)]
    ab = d["abilities"][0]
    first = next((e for e in ab["effects"] if e["verb"] != "interrupt_battle"), ab["effects"][0])  # past the interrupt
    return {"trigger": ab["trigger"], "condition": ab.get("condition", {}), **first}


def cards(test: str, type_: str | tuple[str, ...], verb: str, where: Any = None, **want: Any) -> list[str]:
    """The pool's cards of that type whose first effect has that verb (and the keys given, with those values; and
    whose selector ``where`` holds for)."""
    types = (type_,) if isinstance(type_, str) else type_
    out = []
    for key in KEYS:
        c, s = CARDS[key], _shape(key)
        if where is not None and not where(s.get("select", {})):
            continue
        if c.type in types and s["verb"] == verb and all(s.get(k) == v for k, v in want.items()):
            out.append(key)
            CLAIMED.setdefault(key, test)
    assert out, f"{test}: no card of the pool files has this shape"
    return out


def brigade_of(key: str) -> str:
    return CARDS[key].brigades[0]


def hero_for(monkeypatch: pytest.MonkeyPatch, card: str, s: int = 4, t: int = 4, key: str = "t_hero") -> str:
    """A Hero of ours of the card's (first) brigade, so the enhancement may be played on it."""
    return _test_card(
        monkeypatch, key, type="hero", alignment="good", brigades=[brigade_of(card)], strength=s, toughness=t
    )


def evil_for(monkeypatch: pytest.MonkeyPatch, card: str, s: int = 4, t: int = 4, key: str = "t_evil") -> str:
    return _test_card(monkeypatch, key, type="evil_character", brigades=[brigade_of(card)], strength=s, toughness=t)


def play(g: Any, e: str, host: str, *target: str) -> None:
    ok(g, " ".join(("enhance", e, host, *target)))


# --- sites with no special ability ------------------------------------------------------------------------------------
SITES = cards("sites", "site", "site")


@pytest.mark.parametrize("site", SITES)
def test_a_site_holds_a_lost_soul_that_only_a_hero_of_its_brigade_reaches(monkeypatch, site):
    own = hero_for(monkeypatch, site, key="t_own")
    other = "gideon" if brigade_of(site) != "Blue" else "stephen"
    for hero, reaches in ((own, True), (other, False)):
        b = pos(
            {"hand": [hero]},
            {"territory": [site], "in_site": ["ls_orphan"]},
            phase="battle",
            attached={"H2": "H1"},  # seat 1's soul in seat 1's site
        )
        g = b.game
        assert g.attached[b["ls_orphan"]] == b[site]
        if not reaches:
            out = g.apply(f"rescue {b[hero]}")
            assert not out.ok and out.rule == "redemption.battle.rescue"
            continue
        ok(g, f"rescue {b[hero]}")
        ok(g, "noblock")
        assert g.zone_of(b["ls_orphan"]) == (0, "land_of_redemption")
        round_trip(g)


# --- enhancements that ignore ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("card", cards("hero_ignores", "good_enhancement", "ignore", lambda sel: "brigade" in sel))
def test_a_heros_enhancement_ignores_the_evil_characters_of_a_brigade(monkeypatch, card):
    ignored = _shape(card)["select"]["brigade"]
    hero = hero_for(monkeypatch, card)
    foe = _test_card(monkeypatch, "t_foe", type="evil_character", brigades=[ignored], strength=9, toughness=9)
    other = _test_card(monkeypatch, "t_other", type="evil_character", brigades=["Yellow"], strength=9, toughness=9)
    b = blocked(hero, foe, mine={"hand": [card]})
    g = b.game
    assert g.standing() == "evil_winning"
    to_player(g, 0)
    play(g, b[card], b[hero])
    assert g._is_ignored(b[foe]) and g.standing() == "hero_winning"
    ok(g, "pass")
    assert g.zone_of(b["ls_orphan"]) == (0, "land_of_redemption") and g.zone_of(b[foe]) == (1, "territory")
    b = blocked(hero, other, mine={"hand": [card]})  # another brigade: not ignored
    to_player(b.game, 0)
    play(b.game, b[card], b[hero])
    assert not b.game._is_ignored(b[other])


@pytest.mark.parametrize("card", cards("evil_ignores", "evil_enhancement", "ignore"))
def test_an_evil_characters_enhancement_ignores_the_heroes_of_a_brigade(monkeypatch, card):
    ignored = _shape(card)["select"]["brigade"]
    hero = _test_card(monkeypatch, "t_hero", type="hero", alignment="good", brigades=[ignored], strength=9, toughness=9)
    foe = evil_for(monkeypatch, card, s=2, t=6)
    b = in_battle(hero, foe, [], theirs={"hand": [card]})
    g = b.game
    g.b.last_actor = 0
    assert g.standing() == "hero_winning" and g.current_player == 1
    play(g, b[card], b[foe])
    assert g._is_ignored(b[hero]) and g.standing() == "evil_winning"
    round_trip(g)
    ok(g, "pass")
    assert g.zone_of(b["ls_orphan"]) == (1, "land_of_bondage") and g.zone_of(b[hero]) == (0, "territory")


# --- enhancements that make their character immune to a brigade -----------------------------------------------------
@pytest.mark.parametrize(
    "card",
    cards("immune", ("good_enhancement", "evil_enhancement"), "immune", lambda sel: "brigade" in sel and len(sel) == 1),
)
def test_an_enhancement_makes_its_character_immune_to_a_brigade_this_battle(monkeypatch, card):
    brigade = _shape(card)["select"]["brigade"]
    brigade = brigade[-1] if isinstance(brigade, list) else brigade  # of a list: one of them
    if CARDS[card].type == "good_enhancement":
        mine = hero_for(monkeypatch, card, s=1, t=1)
        foe = _test_card(monkeypatch, "t_foe", type="evil_character", brigades=[brigade], strength=12, toughness=12)
        b = in_battle(mine, foe, [], mine={"hand": [card]})
        g = b.game
        g.b.last_actor = 1
        assert g.standing() == "evil_winning"
        play(g, b[card], b[mine])
    else:
        mine = evil_for(monkeypatch, card, s=1, t=1)
        hero = _test_card(
            monkeypatch, "t_hero", type="hero", alignment="good", brigades=[brigade], strength=12, toughness=12
        )
        b = in_battle(hero, mine, [], theirs={"hand": [card]})
        g = b.game
        g.b.last_actor = 0
        assert g.standing() == "hero_winning"
        play(g, b[card], b[mine])
    assert g.standing() == "stalemate"  # 12 would defeat it, but not a character immune to that brigade
    round_trip(g)


# --- first strike -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "card", cards("first_strike", "good_enhancement", "first_strike", lambda sel: True, riders=None)
)
def test_an_enhancement_gives_its_hero_first_strike_in_mutual_destruction(monkeypatch, card):
    demon = real_key("Strong Demon (G)", "10A")  # 9/10
    e = CARDS[card]
    hero = hero_for(monkeypatch, card, s=10 - e.strength, t=9 - e.toughness)
    b = in_battle(hero, demon, [], mine={"hand": [card]})
    g = b.game
    play(g, b[card], b[hero])  # 10/9 against 9/10: both would be defeated
    assert g.char_numbers(b[hero]) == (10, 9) and g.standing() == "hero_winning"
    ok(g, "pass")
    assert g.zone_of(b[hero]) == (0, "territory") and g.zone_of(b[demon]) == (1, "discard")


# --- every card in battle discarded -----------------------------------------------------------------------------------
@pytest.mark.parametrize("card", cards("discard_all", "evil_enhancement", "discard_all"))
def test_an_evil_enhancement_discards_every_card_in_battle_its_own_side_too(monkeypatch, card):
    foe = evil_for(monkeypatch, card, s=1, t=1)
    b = in_battle("gideon", foe, [], theirs={"hand": [card]})
    g = b.game
    g.b.last_actor = 0
    play(g, b[card], b[foe])
    assert g.zone_of(b["gideon"]) == (0, "discard") and g.zone_of(b[foe]) == (1, "discard")
    assert g.zone_of(b[card]) == (1, "discard")
    if "cannot_be_prevented" in _shape(card).get("riders", []):
        assert not continuous.stoppable(g, b[card], "prevent")


# --- a Hero returned to its owner's hand ------------------------------------------------------------------------------
@pytest.mark.parametrize("card", cards("return_hand", "evil_enhancement", "return", to="hand"))
def test_an_evil_enhancement_returns_any_hero_in_play_to_its_owners_hand(monkeypatch, card):
    foe = evil_for(monkeypatch, card, s=6, t=7)
    b = in_battle("gideon", foe, [], mine={"territory": ["deborah"]}, theirs={"hand": [card]})
    g = b.game
    g.b.last_actor = 0
    play(g, b[card], b[foe])
    d = g.s.pending
    assert d is not None and set(d.options) == {b["gideon"], b["deborah"]}
    ok(g, f"choose {b['deborah']}")
    assert g.zone_of(b["deborah"]) == (0, "hand") and g.zone_of(b["gideon"]) == (0, "field_of_battle")
    round_trip(g)


# --- heal ---------------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("card", cards("heal", "good_enhancement", "heal", lambda sel: sel.get("zone") == "in_play"))
def test_a_heal_ends_a_heros_poison_and_its_decreases(monkeypatch, card):
    from rules.redemption import effects

    poison = real_key("Poison (D)", "2E")
    hero = hero_for(monkeypatch, card, s=1, t=1)
    b = in_battle(hero, "herod", [], mine={"hand": [card], "territory": ["deborah"]}, theirs={"discard": [poison]})
    g = b.game
    g.s.mods += [(b["deborah"], 0, 0, 0, b[poison]), (b["deborah"], 0, -2, 0, b[poison])]
    g.b.last_actor = 1
    assert g.char_numbers(b["deborah"]) == (CARDS["deborah"].strength, CARDS["deborah"].toughness - 2)
    play(g, b[card], b[hero], b["deborah"])
    assert not effects.poison_sources(g, b["deborah"]) and g.char_numbers(b["deborah"]) == (
        CARDS["deborah"].strength,
        CARDS["deborah"].toughness,
    )
    round_trip(g)


# --- the Hero set aside, gaining 1/1 a turn -----------------------------------------------------------------------
@pytest.mark.parametrize("card", cards("set_aside_gain", ("good_enhancement", "evil_enhancement"), "set_aside_gain"))
def test_an_enhancement_sets_its_character_aside_to_gain_one_one_a_turn(monkeypatch, card):
    good = CARDS[card].type == "good_enhancement"
    side = 0 if good else 1
    if good:
        char = hero_for(monkeypatch, card, s=5, t=7)
        b = in_battle(char, "herod", [], mine={"hand": [card]})
        b.game.b.last_actor = 1
    else:
        char = evil_for(monkeypatch, card, s=5, t=7)
        b = in_battle("gideon", char, [], theirs={"hand": [card]})
        b.game.b.last_actor = 0
    g = b.game
    turn = g.s.turn
    play(g, b[card], b[char])
    assert g.zone_of(b[char]) == (side, "set_aside") and g.attached[b[card]] == b[char]
    round_trip(g)
    s, t = g.char_numbers(b[char])
    g.b = type(g.b)()  # the battle is over; two of its player's turns later, in Preparation
    g.s.turn, g.s.phase, g.s.active = turn + 4, "prep", side
    ok(g, f"return {b[char]}")
    assert g.zone_of(b[char]) == (side, "territory") and g.zone_of(b[card]) == (side, "discard")
    assert g.char_numbers(b[char]) == (s + 2, t + 2)


# --- negate and discard the last evil enhancement --------------------------------------------------------------------
@pytest.mark.parametrize(
    "card", cards("negate_discard_last", "good_enhancement", "negate_discard", lambda sel: sel.get("last"))
)
def test_a_good_enhancement_negates_and_discards_the_last_evil_enhancement(monkeypatch, card):
    guard = real_key("Temple Guard", "10A")
    first, last = real_key("Ancient Evil (G)", "10A"), real_key("Lying Unto God", "10A")
    hero = hero_for(monkeypatch, card, s=5, t=7)
    b = in_battle(hero, guard, [first, last], mine={"hand": [card]})
    g = b.game
    assert g.char_numbers(b[guard]) == (9, 13) and g.current_player == 0
    targets = {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[card]}
    assert targets == {b[last]}  # the last one played only
    play(g, b[card], b[hero], b[last])
    assert b[last] in g.b.negated and g.zone_of(b[last]) == (1, "discard")
    assert g.char_numbers(b[guard]) == (7, 10)
    round_trip(g)


# --- batch B: characters that fit a selector, built for the test ----------------------------------------------------
_OTHER_BRIGADE = {"hero": "Teal", "evil_character": "Yellow"}


def fitting(
    monkeypatch: pytest.MonkeyPatch, key: str, sel: dict[str, Any], fit: bool = True, s: int = 5, t: int = 5
) -> str:
    """A character of ours that fits the selector's card facets (``fit``), or one that misses one of them."""
    kind = sel.get("type", "hero")
    facts: dict[str, Any] = {
        "type": kind,
        "alignment": "good" if kind == "hero" else "evil",
        "brigades": [sel.get("brigade", _OTHER_BRIGADE[kind])],
        "strength": s,
        "toughness": 3 if "toughness_now" in sel else t,
        "identifiers": [x for x in (sel.get("gender"), sel.get("kind")) if x],
        "reference": "Matthew 1:1" if sel.get("testament") == "NT" else "Genesis 1:1",
    }
    if "identifier" in sel:
        facts["identifiers"].append(sel["identifier"])
    if "identifier_word" in sel:
        facts["identifiers"].append(f"{sel['identifier_word']} warrior")
    if "class" in sel:
        facts["class"] = [sel["class"]]
    if "book" in sel:
        facts["reference"] = f"{sel['book']} 1:1"
    if "title" in sel:
        facts["name"] = f"{sel['title']} the Tested"
    if not fit:
        if "title" in sel:
            facts["name"] = "Somebody Else"
        elif "identifier" in sel:
            facts["identifiers"].remove(sel["identifier"])
        elif "toughness_now" in sel:
            facts["toughness"] = 9
        elif "brigade" in sel:
            facts["brigades"] = [_OTHER_BRIGADE[kind]]
        elif "testament" in sel:
            facts["reference"] = "Genesis 1:1" if sel["testament"] == "NT" else "Matthew 1:1"
        elif "gender" in sel:
            facts["identifiers"] = ["female" if sel["gender"] == "male" else "male"]
        elif "kind" in sel:
            facts["identifiers"] = ["angel" if sel["kind"] != "angel" else "human"]
        else:
            other = "evil_character" if kind == "hero" else "hero"
            facts.update(type=other, alignment="good" if other == "hero" else "evil", brigades=[_OTHER_BRIGADE[other]])
    return _test_card(monkeypatch, key, **facts)


def battle_for(
    monkeypatch: pytest.MonkeyPatch, card: str, foe: str = "", mine: dict | None = None, theirs: dict | None = None
) -> Any:
    """A battle in which the card's player holds it and may play it on a character of theirs of its brigade (1/1):
    a good enhancement's player attacks (seat 0), an evil one's blocks (seat 1) against ``foe``."""
    if CARDS[card].type == "good_enhancement":
        host = hero_for(monkeypatch, card, s=1, t=1, key="t_host")
        foe = foe or _test_card(
            monkeypatch, "t_foe", type="evil_character", brigades=["Yellow"], strength=1, toughness=1
        )
        mine = {**(mine or {}), "hand": [card, *(mine or {}).get("hand", [])]}
        b = in_battle(host, foe, [], mine=mine, theirs=theirs)
        b.game.b.last_actor = 1
    else:
        host = evil_for(monkeypatch, card, s=1, t=1, key="t_host")
        foe = foe or _test_card(
            monkeypatch, "t_foe", type="hero", alignment="good", brigades=["Teal"], strength=1, toughness=1
        )
        theirs = {**(theirs or {}), "hand": [card, *(theirs or {}).get("hand", [])]}
        b = in_battle(foe, host, [], mine=mine, theirs=theirs)
        b.game.b.last_actor = 0
    assert b.game.current_player == (0 if CARDS[card].type == "good_enhancement" else 1)
    return b


def _zone_seat(card: str, sel: dict[str, Any]) -> int:
    """The seat whose cards the selector means: the card's player's opponent's, unless it names only theirs."""
    me = 0 if CARDS[card].type == "good_enhancement" else 1
    return 1 - me


@pytest.mark.parametrize(
    "card",
    cards(
        "discard_every",
        ("good_enhancement", "evil_enhancement"),
        "discard_type",
        lambda sel: sel.get("all") and sel.get("type") != "evil_enhancement",
    ),
)
def test_an_enhancement_discards_every_card_that_fits_and_no_other(monkeypatch, card):
    sel = _shape(card)["select"]
    fit, other = fitting(monkeypatch, "t_fit", sel), fitting(monkeypatch, "t_other", sel, fit=False)
    far = _zone_seat(card, sel)
    if sel["zone"] == "battle":  # the opposing character in battle fits; one that does not stays in territory
        b = battle_for(monkeypatch, card, foe=fit, **{("mine" if far == 0 else "theirs"): {"territory": [other]}})
    else:  # in play: the opposing territory holds one that fits and one that does not
        b = battle_for(monkeypatch, card, **{("mine" if far == 0 else "theirs"): {"territory": [fit, other]}})
    g = b.game
    play(g, b[card], b["t_host"])
    assert g.zone_of(b[fit]) == (far, "discard") and g.zone_of(b[other])[1] != "discard"
    if "riders" in _shape(card):
        assert not any(continuous.stoppable(g, b[card], how) for how in ("negate", "interrupt", "prevent"))
    round_trip(g)


@pytest.mark.parametrize(
    "card",
    cards(
        "discard_one",
        ("good_enhancement", "evil_enhancement"),
        "discard_type",
        lambda sel: not sel.get("all") and sel.get("type") in ("hero", "evil_character"),
        condition={},
    ),
)
def test_an_enhancement_discards_one_card_that_fits_its_player_choosing(monkeypatch, card):
    sel = _shape(card)["select"]
    fit, other = fitting(monkeypatch, "t_fit", sel), fitting(monkeypatch, "t_other", sel, fit=False)
    far = _zone_seat(card, sel)
    zones = sel["zone"] if isinstance(sel["zone"], list) else [sel["zone"]]
    side = "mine" if far == 0 else "theirs"
    if zones == ["battle"]:
        b = battle_for(monkeypatch, card, foe=fit, **{side: {"territory": [other]}})
    elif "set_aside" in zones:
        b = battle_for(monkeypatch, card, **{side: {"set_aside": [fit], "territory": [other]}})
    else:
        b = battle_for(monkeypatch, card, **{side: {"territory": [fit, other]}})
    g = b.game
    targets = {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[card] and len(a.args) > 2}
    assert b[fit] in targets and b[other] not in targets
    play(g, b[card], b["t_host"], b[fit])
    assert g.zone_of(b[fit]) == (far, "discard") and g.zone_of(b[other]) == (far, "territory")
    round_trip(g)


@pytest.mark.parametrize("card", cards("convert", "good_enhancement", "convert"))
def test_an_enhancement_converts_a_human_evil_character_to_a_hero_of_its_brigade(monkeypatch, card):
    demon = real_key("Strong Demon (G)", "10A")
    b = battle_for(monkeypatch, card, theirs={"territory": ["pilate", "herod", demon]})
    g = b.game
    play(g, b[card], b["t_host"])
    d = g.s.pending
    assert d is not None and set(d.options) == {b["pilate"], b["herod"]}  # human ones, not the demon
    ok(g, f"choose {b['pilate']}")
    c = g.cd[b["pilate"]]
    assert c.type == "hero" and c.brigades == (_shape(card)["brigade"],)
    round_trip(g)


@pytest.mark.parametrize("card", cards("ignore_kind", "good_enhancement", "ignore", lambda sel: "brigade" not in sel))
def test_a_heros_enhancement_ignores_the_evil_characters_of_a_kind(monkeypatch, card):
    sel = _shape(card)["select"]
    foe = fitting(monkeypatch, "t_foe", sel, s=9, t=9)
    b = battle_for(monkeypatch, card, foe=foe)
    g = b.game
    assert g.standing() == "evil_winning"
    play(g, b[card], b["t_host"])
    assert g._is_ignored(b[foe]) and g.standing() == "hero_winning"
    round_trip(g)


@pytest.mark.parametrize("card", cards("discard_evil_enhancements", "good_enhancement", "discard_all"))
def test_a_good_enhancement_discards_every_evil_enhancement(monkeypatch, card):
    guard = real_key("Temple Guard", "10A")
    first, last = real_key("Ancient Evil (G)", "10A"), real_key("Lying Unto God", "10A")
    host = hero_for(monkeypatch, card, s=5, t=7, key="t_host")
    b = in_battle(host, guard, [first, last], mine={"hand": [card]})
    g = b.game
    play(g, b[card], b[host])
    assert g.zone_of(b[first]) == (1, "discard") and g.zone_of(b[last]) == (1, "discard")
    assert g.char_numbers(b[guard]) == (5, 7)
    round_trip(g)


@pytest.mark.parametrize("card", cards("band", "good_enhancement", "band", lambda sel: "title" not in sel))
def test_a_good_enhancement_bands_a_second_hero_in(monkeypatch, card):
    sel = {k: v for k, v in _shape(card)["select"].items() if k not in ("zone", "owner")}
    if isinstance(sel.get("brigade"), list):  # any of them: the first
        sel["brigade"] = sel["brigade"][0]
    fit = fitting(monkeypatch, "t_fit", sel)
    other = fitting(monkeypatch, "t_other", {"type": "hero", "brigade": "Silver"}, fit="brigade" not in sel)
    b = battle_for(monkeypatch, card, mine={"territory": [fit, other]})
    g = b.game
    targets = {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[card] and len(a.args) > 2}
    assert b[fit] in targets and (b[other] in targets) == ("brigade" not in sel)
    play(g, b[card], b["t_host"], b[fit])
    assert set(g.battle_chars(0)) == {b["t_host"], b[fit]}
    round_trip(g)


@pytest.mark.parametrize(
    "card",
    cards(
        "capture",
        "evil_enhancement",
        "capture_in_play",
        lambda sel: "kind" not in sel and "testament" not in sel,
        condition={},
    ),
)
def test_an_evil_enhancement_captures_a_hero_in_play_into_its_land_of_bondage(monkeypatch, card):
    b = battle_for(monkeypatch, card, foe="gideon", mine={"territory": ["deborah"]})
    g = b.game
    targets = {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[card] and len(a.args) > 2}
    assert targets == {b["gideon"], b["deborah"]}
    play(g, b[card], b["t_host"], b["deborah"])
    assert g.zone_of(b["deborah"]) == (1, "land_of_bondage")
    round_trip(g)


@pytest.mark.parametrize(
    "card",
    cards("numbers", ("good_enhancement", "evil_enhancement"), "lose") + cards("numbers", "good_enhancement", "gain"),
)
def test_an_enhancement_changes_the_numbers_of_every_character_that_fits_for_a_while(monkeypatch, card):
    s = _shape(card)
    sel, n = s["select"], (s["strength"], s["toughness"])
    fit, other = fitting(monkeypatch, "t_fit", sel), fitting(monkeypatch, "t_other", sel, fit=False)
    if s["verb"] == "gain":  # your Heroes in play: one in territory gains, the opponent's character does not
        b = battle_for(monkeypatch, card, mine={"territory": [fit, other]})
        sign, seat_fit = 1, 0
    else:  # the characters in battle that fit lose
        far = "theirs" if CARDS[card].type == "good_enhancement" else "mine"
        b = battle_for(monkeypatch, card, foe=fit, **{far: {"territory": [other]}})
        sign, seat_fit = -1, 1 if CARDS[card].type == "good_enhancement" else 0
    g = b.game
    before, unchanged = g.char_numbers(b[fit]), g.char_numbers(b[other])
    play(g, b[card], b["t_host"])
    assert g.char_numbers(b[fit]) == (before[0] + sign * n[0], before[1] + sign * n[1])
    assert g.char_numbers(b[other]) == unchanged
    assert g.zone_of(b[fit])[0] == seat_fit
    round_trip(g)
    g.s.turn += 1  # the change lasts this battle or this turn, no longer
    g.b = type(g.b)()
    assert g.char_numbers(b[fit]) == before


@pytest.mark.parametrize("card", cards("withdraw", "evil_enhancement", "withdraw"))
def test_an_evil_enhancement_returns_a_hero_in_battle_to_its_territory(monkeypatch, card):
    sel = _shape(card)["select"]
    foe = fitting(monkeypatch, "t_fit", sel)
    b = battle_for(monkeypatch, card, foe=foe)
    g = b.game
    play(g, b[card], b["t_host"], b[foe])
    assert g.zone_of(b[foe]) == (0, "territory") and not g.battle_chars(0)
    round_trip(g)


# --- batch C: characters -------------------------------------------------------------------------------------------
def _band_sel(card: str) -> dict[str, Any]:
    return {k: v for k, v in _shape(card)["select"].items() if k not in ("zone", "owner", "up_to")}


@pytest.mark.parametrize("card", cards("band_char", ("hero", "evil_character"), "band"))
def test_a_character_may_band_to_a_character_that_fits_as_it_enters_battle(monkeypatch, card):
    sel = _band_sel(card)
    fit, other = fitting(monkeypatch, "t_fit", sel), fitting(monkeypatch, "t_other", sel, fit=False)
    # (a selector of the type alone: the one that does not fit is a character of the other side)
    if CARDS[card].type == "hero":
        b = pos({"hand": [card], "territory": [fit, other]}, {"land_of_bondage": ["ls_orphan"]}, phase="battle")
        g = b.game
        ok(g, f"rescue {b[card]}")
        seat = 0
    else:
        b = pos(
            {"hand": ["barak"]},
            {"hand": [card], "territory": [fit, other], "land_of_bondage": ["ls_orphan"]},
            phase="battle",
        )
        g = b.game
        ok(g, f"rescue {b['barak']}")
        ok(g, f"block {b[card]}")
        seat = 1
    d = g.s.pending
    assert d is not None and d.effect == "band" and b[fit] in d.options and b[other] not in d.options
    if "up_to" in _shape(card)["select"]:
        assert d.most == 20
    round_trip(g)
    ok(g, f"choose {b[fit]}")
    assert set(g.battle_chars(seat)) == {b[card], b[fit]} and g.s.pending is None


@pytest.mark.parametrize("card", cards("immune_char", ("hero", "evil_character"), "immune"))
def test_a_character_is_immune_to_the_characters_that_fit(monkeypatch, card):
    sel = _shape(card)["select"]
    opposing = "evil_character" if CARDS[card].type == "hero" else "hero"
    sel = {"type": opposing, **sel}
    for fit in (True, False):
        foe = fitting(monkeypatch, f"t_foe{fit}", sel, fit=fit, s=12, t=12)
        b = blocked(card, foe) if CARDS[card].type == "hero" else blocked(foe, card)
        win = "evil_winning" if CARDS[card].type == "hero" else "hero_winning"
        assert b.game.standing() == ("stalemate" if fit else win)  # 12 would defeat it, but not an immune one


@pytest.mark.parametrize("card", cards("first_strike_char", "hero", "first_strike"))
def test_a_hero_with_first_strike_survives_mutual_destruction(monkeypatch, card):
    h = CARDS[card]
    foe = _test_card(
        monkeypatch, "t_foe", type="evil_character", brigades=["Yellow"], strength=h.toughness, toughness=h.strength
    )
    b = blocked(card, foe)
    g = b.game
    assert g.standing() == "hero_winning"  # both would be defeated by numbers: first strike
    to_player(g, 1)
    ok(g, "pass")
    assert g.zone_of(b[card]) == (0, "territory") and g.zone_of(b[foe]) == (1, "discard")


@pytest.mark.parametrize("card", cards("draw_char", "hero", "draw") + cards("draw_char", "hero", "may_draw"))
def test_a_hero_draws_or_may_draw_a_card_as_it_enters_battle(card):
    b = pos({"hand": [card], "deck": ["esther", "peter"]}, {"land_of_bondage": ["ls_orphan"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b[card]}")
    if _shape(card)["verb"] == "may_draw":
        assert g.s.pending is not None
        round_trip(g)
        ok(g, f"choose {b[card]}")
    assert len(g.z[0]["hand"]) == 1 and len(g.z[0]["deck"]) == 1 and g.s.pending is None


@pytest.mark.parametrize("card", cards("no_capture", "hero", "protect_capture"))
def test_a_hero_that_cannot_be_captured_is_not_a_target_of_a_capture(monkeypatch, card):
    net = real_key("Net (D)", "2E")  # capture a Hero in play (Black)
    blocker = _test_card(monkeypatch, "t_evil", type="evil_character", brigades=["Black"], strength=1, toughness=1)
    b = in_battle("gideon", blocker, [], mine={"territory": [card]}, theirs={"hand": [net]})
    g = b.game
    g.b.last_actor = 0
    targets = {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[net] and len(a.args) > 2}
    assert b["gideon"] in targets and b[card] not in targets
    assert continuous.capture_proof(g, b[card])


# --- batch D: the same ability as a starter deck's card, its script ------------------------------------------------
def _only(test: str, name: str, set_code: str) -> str:
    key = real_key(name, set_code)
    assert key in KEYS, key
    CLAIMED.setdefault(key, test)
    return key


@pytest.mark.parametrize("card", cards("dominant_discard", "dominant", "discard_type"))
def test_a_dominant_discards_any_hero_in_play(card):
    b = pos({"territory": ["gideon"]}, {"hand": [card], "territory": ["deborah", "pilate"]})
    g = b.game
    g.s.active = 1
    targets = {a.args[1] for a in g.legal_actions() if a.verb == "dominant" and a.args[0] == b[card]}
    assert targets == {b["gideon"], b["deborah"]}  # Heroes only, either player's
    ok(g, f"dominant {b[card]} {b['gideon']}")
    assert g.zone_of(b["gideon"]) == (0, "discard") and g.zone_of(b[card]) == (1, "discard")
    round_trip(g)


@pytest.mark.parametrize("card", cards("dominant_rescue", "dominant", "rescue_any"))
def test_a_son_of_god_rescues_any_lost_soul_in_play(card):
    b = pos({"hand": [card], "land_of_bondage": ["ls_wanderer"]}, {"land_of_bondage": ["ls_orphan"]})
    g = b.game
    targets = {a.args[1] for a in g.legal_actions() if a.verb == "dominant" and a.args[0] == b[card]}
    assert targets == {b["ls_wanderer"], b["ls_orphan"]}
    ok(g, f"dominant {b[card]} {b['ls_orphan']}")
    assert g.zone_of(b["ls_orphan"]) == (0, "land_of_redemption") and g.score(0) == 1
    round_trip(g)


def test_confused_makes_the_opponent_discard_an_evil_card_from_hand_or_battle(monkeypatch):
    e = _only("confused", "Confused", "AW")
    b = battle_for(monkeypatch, e, foe="goliath", theirs={"hand": ["herod", "jar_of_oil"]})
    g = b.game
    play(g, b[e], b["t_host"])
    d = g.s.pending
    assert d is not None and d.chooser == 1 and set(d.options) == {b["herod"], b["goliath"]}  # evil cards only
    ok(g, f"choose {b['herod']}")
    assert g.zone_of(b["herod"]) == (1, "discard")
    round_trip(g)


def test_eyes_open_shows_the_opponents_hand_to_its_player_only(monkeypatch):
    e = _only("eyes_open", "Eyes Open", "AW")
    b = battle_for(monkeypatch, e, foe="herod", theirs={"hand": ["goliath", "jar_of_oil"]})
    g = b.game
    play(g, b[e], b["t_host"])
    d = g.s.pending
    assert (
        d is not None and d.effect == "look_hand" and d.to == [0] and set(d.revealed) == {b["goliath"], b["jar_of_oil"]}
    )
    round_trip(g)
    ok(g, "choose")
    assert g.s.pending is None and g.zone_of(b["goliath"]) == (1, "hand")


def test_highway_withdraws_its_hero_unharmed_and_takes_back_the_holders_enhancements(monkeypatch):
    e = _only("highway", "Highway", "Prp")
    hero = hero_for(monkeypatch, e, s=5, t=5)
    faith = _test_card(
        monkeypatch, "t_faith", type="good_enhancement", alignment="good", brigades=["Gold"], strength=1, toughness=1
    )
    demon = real_key("Strong Demon (G)", "10A")
    battle = {"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 1, "played": [faith]}
    b = pos(
        {"field_of_battle": [hero, faith], "hand": [e]},
        {"field_of_battle": [demon], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        flags={"battled": True},
        battle=battle,
        attached={faith: hero},
    )
    g = b.game
    play(g, b[e], b[hero])
    assert g.zone_of(b[faith]) == (0, "hand") and g.zone_of(b[hero]) == (0, "territory")
    assert g.zone_of(b[e]) == (0, "discard") and g.zone_of(b["ls_orphan"]) == (1, "land_of_bondage")
    round_trip(g)


def test_speak_with_power_withdraws_every_evil_character(monkeypatch):
    e = _only("speak_with_power", "Speak with Power", "TEC")
    b = battle_for(monkeypatch, e, foe="herod", theirs={"territory": ["pilate"]})
    g = b.game
    play(g, b[e], b["t_host"])
    assert (
        g.zone_of(b["herod"]) == (1, "territory")
        and g.battle_chars(1) == []
        and g.zone_of(b["pilate"]) == (1, "territory")
    )
    round_trip(g)


@pytest.mark.parametrize("use", [True, False])
def test_fiery_darts_may_be_discarded_to_discard_a_hero(monkeypatch, use):
    e = _only("fiery_darts", "Fiery Darts [RR2]", "RR2")
    assert CARDS[e].is_weapon
    blocker = _test_card(
        monkeypatch,
        "t_host",
        type="evil_character",
        brigades=["Orange"],
        strength=1,
        toughness=1,
        **{"class": ["warrior"]},
    )
    b = in_battle("gideon", blocker, [], mine={"territory": ["barak"]}, theirs={"hand": [e]})
    g = b.game
    to_player(g, 1)
    play(g, b[e], b[blocker])
    d = g.s.pending
    assert d is not None and d.effect == "discard_self_to" and set(d.options) == {b["gideon"], b["barak"]}
    ok(g, f"choose {b['barak']}" if use else "choose")
    if use:
        assert g.zone_of(b["barak"]) == (0, "discard") and g.zone_of(b[e]) == (1, "discard")
    else:
        assert g.zone_of(b["barak"]) == (0, "territory") and g.zone_of(b[e]) == (1, "field_of_battle")
    round_trip(g)


@pytest.mark.parametrize(
    "mine, theirs, asked",
    [(["barak", "gideon"], ["peter"], 0), (["barak"], ["ehud"], -1), (["deborah"], ["ehud"], 1)],
)
def test_jethro_of_the_priests_lets_the_player_with_the_most_ot_male_heroes_draw(mine, theirs, asked):
    jethro = _only("jethro", "Jethro (Pi)", "Pri")
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
    assert d is not None and d.chooser == asked
    before = len(g.z[asked]["hand"])
    ok(g, f"choose {b[jethro]}")
    assert len(g.z[asked]["hand"]) == before + 1


@pytest.mark.parametrize("up, limit", [(True, 10), (False, 8)])
def test_tables_of_the_law_of_the_priests_face_up_lets_its_holder_keep_ten_cards(up, limit):
    tables = _only("tables", "Tables of the Law (Pi)", "Pri")
    b = pos({"artifact_pile": [tables]}, {}, **({"face_up": [tables]} if up else {}))
    assert b.game.hand_limit(0) == limit and b.game.hand_limit(1) == 8


def test_the_female_only_lost_soul_of_women_is_rescued_by_a_female_hero_or_the_son_of_god():
    soul = _only("female_only", "Lost Soul Jeremiah 7:18 (Female Only) (Wo)", "Wom")
    son = real_key("Son of God (H)", "10A")
    b = pos({"territory": ["barak", "deborah"], "hand": [son]}, {"land_of_bondage": [soul]})
    g = b.game
    assert not g.can_reach(b["barak"], b[soul]) and g.can_reach(b["deborah"], b[soul])
    ok(g, f"dominant {b[son]} {b[soul]}")
    assert g.zone_of(b[soul]) == (0, "land_of_redemption")


# --- batch E: negate, worth -------------------------------------------------------------------------------------------
def _played_against(monkeypatch: pytest.MonkeyPatch, card: str, enh: list[str]) -> Any:
    """A battle where the card's player's opponent has played ``enh`` (in that order) on its character, and the
    card's player, holding it, may answer on a character of the card's brigade."""
    good = CARDS[card].type == "good_enhancement"
    host = (hero_for if good else evil_for)(monkeypatch, card, s=1, t=1, key="t_host")
    brig = CARDS[enh[0]].brigades[0] if enh else "Yellow"
    if good:
        foe = _test_card(monkeypatch, "t_foe", type="evil_character", brigades=[brig], strength=5, toughness=5)
        b = in_battle(host, foe, enh, mine={"hand": [card], "deck": ["esther", "peter"]})
    else:
        foe = _test_card(monkeypatch, "t_foe", type="hero", alignment="good", brigades=[brig], strength=5, toughness=5)
        battle = {"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 0, "played": enh}
        b = pos(
            {"field_of_battle": [foe, *enh]},
            {"field_of_battle": [host], "hand": [card], "land_of_bondage": ["ls_orphan"], "deck": ["pilate", "herod"]},
            phase="battle",
            flags={"battled": True},
            battle=battle,
            attached={e: foe for e in enh},
        )
    assert b.game.current_player == (0 if good else 1)
    return b


EVIL_ENH = [real_key("Ancient Evil (G)", "10A"), real_key("Lying Unto God", "10A")]  # Black; Multi evil
GOOD_ENH = [real_key("Trust in the Lord", "10A"), real_key("Increasing Numbers", "10A")]  # both Green


@pytest.mark.parametrize(
    "card",
    cards(
        "negate_one",
        ("good_enhancement", "evil_enhancement"),
        "negate_one",
        lambda sel: sel.get("zone") == "battle_cards",
    ),
)
def test_an_enhancement_negates_an_opposing_card_in_battle_that_fits(monkeypatch, card):
    good = CARDS[card].type == "good_enhancement"
    first, last = EVIL_ENH if good else GOOD_ENH
    b = _played_against(
        monkeypatch,
        card,
        [first, last],
    )
    g = b.game
    targets = {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[card] and len(a.args) > 2}
    assert b[first] in targets and b["t_host"] not in targets
    play(g, b[card], b["t_host"], b[first])
    assert b[first] in g.b.negated and b[last] not in g.b.negated
    if len(_shape_all(card)) > 1:  # and may draw
        d = g.s.pending
        assert d is not None and d.effect == "may_draw"
        ok(g, f"choose {b[card]}")
        assert len(g.z[0 if good else 1]["hand"]) == 2
    round_trip(g)


def _shape_all(key: str) -> list[dict[str, Any]]:
    return ENTRIES[KEYS.index(key)]["abilities"][0]["effects"]


@pytest.mark.parametrize("card", cards("negate_last", "good_enhancement", "negate"))
def test_a_good_enhancement_negates_the_last_evil_enhancement(monkeypatch, card):
    first, last = EVIL_ENH
    b = _played_against(monkeypatch, card, [first, last])
    g = b.game
    play(g, b[card], b["t_host"])
    assert b[last] in g.b.negated and b[first] not in g.b.negated
    assert g.char_numbers(b["t_foe"]) == (5 + CARDS[first].strength, 5 + CARDS[first].toughness)
    round_trip(g)


@pytest.mark.parametrize("card", cards("worth", ("good_enhancement", "evil_enhancement"), "worth"))
@pytest.mark.parametrize("holds", [True, False])
def test_an_enhancement_is_worth_its_numbers_while_its_condition_holds(monkeypatch, card, holds):
    c, s = CARDS[card], _shape(card)
    cond, good = s["condition"], c.type == "good_enhancement"
    ids: list[str] = []
    name, opposing = "T Host", []
    if "used_by" in cond:  # the character it is on: a giant, a demon, a named one
        u = cond["used_by"]
        if holds:
            ids = ["philistine giant"] if "identifier_word" in u else [u["kind"]] if "kind" in u else []
            name = u.get("base_name", name)
    elif holds:  # a demon in battle: the opposing character is one
        opposing = ["demon"]
    host = _test_card(
        monkeypatch,
        "t_host",
        type="hero" if good else "evil_character",
        alignment="good" if good else "evil",
        brigades=[c.brigades[0]],
        strength=1,
        toughness=1,
        identifiers=ids,
        name=name,
    )
    foe = _test_card(
        monkeypatch,
        "t_foe",
        type="evil_character" if good else "hero",
        alignment="evil" if good else "good",
        brigades=["Yellow" if good else "Teal"],
        strength=1,
        toughness=1,
        identifiers=opposing,
    )
    mine, theirs = ({"field_of_battle": [host, card]}, {"field_of_battle": [foe]})
    if not good:
        mine, theirs = theirs, mine
    theirs["land_of_bondage"] = ["ls_orphan"]
    battle = {"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 0 if good else 1, "played": [card]}
    b = pos(mine, theirs, phase="battle", flags={"battled": True}, battle=battle, attached={card: host})
    g = b.game
    want = (s["strength"], s["toughness"]) if holds else (c.strength, c.toughness)
    assert g.char_numbers(b[host]) == (1 + want[0], 1 + want[1])
    round_trip(g)


# --- batch F ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "card, word",
    [
        (_only("dominant_add", "Murderous Command [2025 - 3rd Place]", "Pmo-P3"), "egyptian"),
        (_only("dominant_add", "Warrior Overtaken [2026 - 3rd Place]", "Pmo-P3"), "philistine"),
    ],
)
def test_the_promo_dominant_takes_an_evil_character_of_its_people_and_may_discard_a_hero_to_add_one(
    monkeypatch, card, word
):
    taken = _test_card(
        monkeypatch, "taken", type="evil_character", brigades=["Black"], identifiers=[word], strength=2, toughness=2
    )
    added = _test_card(
        monkeypatch,
        "added",
        type="evil_character",
        brigades=["Black"],
        identifiers=[f"{word} king"],
        strength=9,
        toughness=9,
    )
    b = blocked(
        "gideon",
        "herod",
        mine={"territory": ["barak"]},
        theirs={"hand": [card], "reserve": [taken], "territory": [added], "deck": ["pilate"]},
    )
    g = b.game
    to_player(g, 1)
    ok(g, f"dominant {b[card]}")
    d = g.s.pending
    assert d is not None and d.effect == "search" and d.options == [b[taken]] and d.to == [1]
    ok(g, f"choose {b[taken]}")
    d = g.s.pending
    assert d is not None and d.effect == "discard_to_add" and d.options == [b["barak"]]
    ok(g, f"choose {b['barak']}")
    ok(g, f"choose {b[added]}")
    assert g.zone_of(b["barak"]) == (0, "discard") and g.zone_of(b[added]) == (1, "field_of_battle")
    round_trip(g)


@pytest.mark.parametrize(
    "card, title",
    [
        (_only("no_capture_band", "Amasa", "Ki"), "Absalom’s Soldiers"),
        (_only("no_capture_band", "King Jehoram", "Ki"), "Athaliah, Usurper Queen"),
    ],
)
def test_a_character_that_cannot_be_captured_may_band_to_a_character_of_a_name(monkeypatch, card, title):
    friend = _test_card(
        monkeypatch, "t_friend", type="evil_character", brigades=["Black"], name=title, strength=1, toughness=1
    )
    other = _test_card(monkeypatch, "t_other", type="evil_character", brigades=["Black"], strength=1, toughness=1)
    b = pos(
        {"hand": ["barak"]},
        {"hand": [card], "territory": [friend, other], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
    )
    g = b.game
    ok(g, f"rescue {b['barak']}")
    ok(g, f"block {b[card]}")
    assert continuous.capture_proof(g, b[card]) and not continuous.capture_proof(g, b[other])
    d = g.s.pending
    assert d is not None and d.effect == "band" and d.options == [b[friend]]
    ok(g, f"choose {b[friend]}")
    assert set(g.battle_chars(1)) == {b[card], b[friend]}
    round_trip(g)


def test_injuring_demon_takes_two_two_from_a_hero_of_its_players_choosing_until_the_end_of_the_turn():
    demon = _only("lose_char", "Injuring Demon", "Pri")
    b = pos(
        {"hand": ["gideon"], "territory": ["deborah"]},
        {"hand": [demon], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
    )
    g = b.game
    before = g.char_numbers(b["deborah"])
    ok(g, f"rescue {b['gideon']}")
    ok(g, f"block {b[demon]}")
    d = g.s.pending
    assert d is not None and d.chooser == 1 and set(d.options) == {b["gideon"], b["deborah"]}
    ok(g, f"choose {b['deborah']}")
    assert g.char_numbers(b["deborah"]) == (before[0] - 2, before[1] - 2)
    round_trip(g)
    g.s.turn += 1
    assert g.char_numbers(b["deborah"]) == before


def test_false_wisdom_shows_the_rescuers_hand_to_the_blocker_only(monkeypatch):
    e = _only("look_hand", "False Wisdom", "Prp")
    b = battle_for(monkeypatch, e, mine={"hand": ["esther", "jar_of_oil"]})
    g = b.game
    play(g, b[e], b["t_host"])
    d = g.s.pending
    assert (
        d is not None and d.effect == "look_hand" and d.to == [1] and set(d.revealed) == {b["esther"], b["jar_of_oil"]}
    )
    round_trip(g)
    ok(g, "choose")
    assert g.s.pending is None and g.zone_of(b["esther"]) == (0, "hand")


# --- batch G ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("e", cards("prevent_band", "good_enhancement", "prevent_band"))
def test_put_to_flight_negates_the_evil_characters_bands_this_battle_and_prevents_more(monkeypatch, e):
    sadducees, guard = real_key("Sadducees", "10A"), real_key("Temple Guard", "10A")
    hero = hero_for(monkeypatch, e, s=1, t=1)
    b = pos(
        {"hand": [hero, e]},
        {"hand": [sadducees], "territory": [guard], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
    )
    g = b.game
    ok(g, f"rescue {b[hero]}")
    ok(g, f"block {b[sadducees]}")
    ok(g, f"choose {b[guard]}")  # the Sadducees band to the Temple Guard
    assert set(g.battle_chars(1)) == {b[sadducees], b[guard]} and g.standing() == "evil_winning"
    to_player(g, 0)
    play(g, b[e], b[hero])
    assert g.zone_of(b[guard]) == (1, "territory") and g.battle_chars(1) == [b[sadducees]]  # the band is negated
    assert continuous.band_prevented(g, b[guard])
    round_trip(g)


@pytest.mark.parametrize("e", cards("other_brigades", "evil_enhancement", "other_brigades"))
def test_an_evil_enhancement_lets_its_evil_character_use_any_evil_brigades_enhancements(monkeypatch, e):
    taunt = _test_card(monkeypatch, "t_taunt", type="evil_enhancement", brigades=["Yellow"], strength=1, toughness=1)
    b = battle_for(monkeypatch, e, theirs={"hand": [taunt]})
    g = b.game
    assert g._enhance_problem(b[taunt], b["t_host"]) is not None  # another brigade's
    play(g, b[e], b["t_host"])
    assert g._enhance_problem(b[taunt], b["t_host"]) is None
    g.b.negated.append(b[e])
    assert g._enhance_problem(b[taunt], b["t_host"]) is not None


def test_military_escort_returns_every_captured_hero_to_its_owners_territory(monkeypatch):
    e = _only("release_captured", "Military Escort", "Ki")
    host = hero_for(monkeypatch, e, s=1, t=1, key="t_host")
    b = build(
        {"field_of_battle": [host], "hand": [e]},
        {"field_of_battle": ["goliath"], "captured": [("barak", 0)], "land_of_bondage": [("deborah", 0)]},
        phase="battle",
        battle={"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 1},
        flags={"battled": True},
    )
    g = b.game
    play(g, b[e], b[host])
    assert g.zone_of(b["barak"]) == (0, "territory") and g.zone_of(b["deborah"]) == (0, "territory")
    assert not g.z[1]["captured"]
    round_trip(g)


def test_stealing_discards_the_top_of_the_opponents_draw_pile_and_draws_one(monkeypatch):
    e = _only("discard_top_draw", "Stealing", "AW")
    b = battle_for(monkeypatch, e, mine={"deck": ["esther", "peter"]}, theirs={"deck": ["pilate", "herod"]})
    g = b.game
    top_theirs, top_mine = g.z[0]["deck"][0], g.z[1]["deck"][0]
    play(g, b[e], b["t_host"])
    assert g.zone_of(top_theirs) == (0, "discard") and g.zone_of(top_mine) == (1, "hand")
    round_trip(g)


def test_created_by_christ_discards_every_evil_enhancement_in_battle_and_no_evil_card_negates_it(monkeypatch):
    e = _only("discard_evil_enh_battle", "Created by Christ", "AW")
    first, last = EVIL_ENH
    b = _played_against(monkeypatch, e, [first, last])
    g = b.game
    play(g, b[e], b["t_host"])
    assert g.zone_of(b[first]) == (1, "discard") and g.zone_of(b[last]) == (1, "discard")
    assert not continuous.stoppable(g, b[e], "negate", b["t_foe"])  # an evil card's negate
    assert continuous.stoppable(g, b[e], "negate", b["t_host"])  # a good one's may
    round_trip(g)


@pytest.mark.parametrize(
    "card",
    cards("discard_on_entry", ("hero", "evil_character"), "discard_type", lambda sel: "identifier_word" not in sel),
)
def test_a_character_discards_a_character_that_fits_as_it_enters_battle(monkeypatch, card):
    sel = {k: v for k, v in _shape(card)["select"].items() if k not in ("zone", "owner")}
    fit, other = fitting(monkeypatch, "t_fit", sel), fitting(monkeypatch, "t_other", sel, fit=False)
    if CARDS[card].type == "hero":
        b = pos(
            {"hand": [card, "barak"], "territory": ["deborah"]},
            {"territory": [fit, other], "land_of_bondage": ["ls_orphan"]},
            phase="battle",
        )
        g = b.game
        ok(g, f"rescue {b[card]}")
        far = 1
    else:
        where = "set_aside" if "set_aside" in _shape(card)["select"]["zone"] else "territory"
        b = pos(
            {"hand": ["barak"], where: [fit], **({"territory": [other]} if where != "territory" else {})},
            {"hand": [card], "land_of_bondage": ["ls_orphan"]},
            phase="battle",
        )
        if where == "territory":
            b = pos(
                {"hand": ["barak"], "territory": [fit, other]},
                {"hand": [card], "land_of_bondage": ["ls_orphan"]},
                phase="battle",
            )
        g = b.game
        ok(g, f"rescue {b['barak']}")
        ok(g, f"block {b[card]}")
        far = 0
    d = g.s.pending
    if d is not None and d.effect == "discard_type":
        assert b[fit] in d.options and b[other] not in d.options
        ok(g, f"choose {b[fit]}")
    assert g.zone_of(b[fit]) == (far, "discard") and g.zone_of(b[other])[1] != "discard"
    round_trip(g)


# --- batch H ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("card", cards("prevent_next_char", "evil_character", "prevent_next"))
def test_a_character_prevents_the_next_enhancement_the_opponent_plays(card):
    cast, demon = real_key("Cast out Demons", "10A"), real_key("Strong Demon (G)", "10A")
    b = blocked("peter", card, mine={"hand": [cast]}, theirs={"territory": [demon]})
    g = b.game
    if g.s.pending is not None:  # Saph may band to a giant: to none here
        ok(g, "choose")
    assert g.b.marks == {b[card]: 0}
    to_player(g, 0)
    ok(g, f"enhance {b[cast]} {b['peter']} {b[demon]}")
    assert g.zone_of(b[demon]) == (1, "territory")  # the discard is prevented
    round_trip(g)


def test_persistent_pestering_of_the_roots_underdecks_two_good_cards_and_may_underdeck_itself(monkeypatch):
    e = _only("pestering", "Persistent Pestering [RR2]", "RR2")
    b = battle_for(monkeypatch, e, mine={"hand": ["esther", "daniel", "ezra"], "deck": ["nehemiah"]})
    g = b.game
    play(g, b[e], b["t_host"])
    ok(g, f"choose {b['esther']}")
    ok(g, f"choose {b['ezra']}")
    assert g.z[0]["hand"] == [b["daniel"]] and g.z[0]["deck"][-2:] == [b["esther"], b["ezra"]]
    d = g.s.pending
    assert d is not None and d.chooser == 1 and d.effect == "may_underdeck_self"
    ok(g, f"choose {b[e]}")
    assert g.z[1]["deck"][-1] == b[e]
    round_trip(g)


@pytest.mark.parametrize("card", cards("draw_play", ("good_enhancement", "evil_enhancement"), "draw"))
@pytest.mark.parametrize("use", [True, False])
def test_an_enhancement_may_draw_three_and_play_an_enhancement_its_character_may_use(monkeypatch, card, use):
    good = CARDS[card].type == "good_enhancement"
    brigade = CARDS[card].brigades[0]
    kind = "good_enhancement" if good else "evil_enhancement"
    fits = _test_card(
        monkeypatch,
        "t_fits",
        type=kind,
        alignment="good" if good else "evil",
        brigades=[brigade],
        strength=2,
        toughness=2,
    )
    other = _test_card(
        monkeypatch,
        "t_other_enh",
        type=kind,
        alignment="good" if good else "evil",
        brigades=["Teal" if good else "Yellow"],
        strength=2,
        toughness=2,
    )
    deck = {"deck": [fits, other, "ls_widow", "gideon" if not good else "herod"]}
    b = battle_for(monkeypatch, card, **({"mine": deck} if good else {"theirs": deck}))
    g = b.game
    seat = 0 if good else 1
    play(g, b[card], b["t_host"])
    assert g.s.pending is not None and g.s.pending.effect == "may"
    ok(g, f"choose {b[card]}" if use else "choose")
    if not use:
        assert g.s.pending is None and len(g.z[seat]["deck"]) == 4
        return
    d = g.s.pending
    assert (
        d is not None and d.effect == "play_from_discard" and d.options == [b[fits]]
    )  # the other brigade's does not fit
    ok(g, f"choose {b[fits]}")
    assert g.zone_of(b[fits]) == (seat, "field_of_battle") and g.zone_of(b[other]) == (seat, "hand")
    round_trip(g)


@pytest.mark.parametrize("e", cards("play_next", "good_enhancement", "play_from_discard"))
def test_an_enhancement_plays_an_enhancement_its_hero_may_use_from_hand(monkeypatch, e):
    fits = _test_card(
        monkeypatch,
        "t_fits",
        type="good_enhancement",
        alignment="good",
        brigades=[brigade_of(e)],
        strength=2,
        toughness=2,
    )
    b = battle_for(monkeypatch, e, mine={"hand": [fits]})
    g = b.game
    play(g, b[e], b["t_host"])
    d = g.s.pending
    assert d is not None and d.options == [b[fits]]
    ok(g, f"choose {b[fits]}")
    c = CARDS[e]
    assert g.zone_of(b[fits]) == (0, "field_of_battle") and g.char_numbers(b["t_host"]) == (
        1 + c.strength + 2,
        1 + c.toughness + 2,
    )
    round_trip(g)


@pytest.mark.parametrize("e", cards("remove_ec", "good_enhancement", "remove"))
def test_hate_wickedness_removes_an_evil_character_from_the_game(monkeypatch, e):
    b = battle_for(monkeypatch, e, theirs={"territory": ["herod"]})
    g = b.game
    play(g, b[e], b["t_host"])
    d = g.s.pending
    assert d is not None and b["herod"] in d.options
    ok(g, f"choose {b['herod']}")
    assert g.zone_of(b["herod"]) == (1, "removed")
    round_trip(g)


@pytest.mark.parametrize("card", cards("negate_abilities", ("hero", "evil_character"), "negate_abilities"))
def test_a_character_negates_every_other_ability_in_battle(monkeypatch, card):
    cloud = real_key("Pillar of a Cloud ( C)", "2E")  # first strike (Blue)
    evil = real_key("Bow and Arrow (Gray) ( C)", "2E")  # immune to Silver (Gray)
    if CARDS[card].type == "evil_character":
        _test_card(monkeypatch, "t_hero", type="hero", alignment="good", brigades=["Blue"], strength=1, toughness=1)
        b = in_battle("t_hero", card, [], mine={"hand": [cloud]})
        g = b.game
        g.b.last_actor = 1
        ok(g, f"enhance {b[cloud]} {b['t_hero']}")
        from rules.redemption import continuous as cont

        assert not cont.first_strike(g, 0)  # the enhancement's ability is negated: only its numbers count
    else:
        gray = _test_card(monkeypatch, "t_gray", type="evil_character", brigades=["Gray"], strength=1, toughness=1)
        b = in_battle(card, gray, [], theirs={"hand": [evil]})
        g = b.game
        g.b.last_actor = 0
        ok(g, f"enhance {b[evil]} {b[gray]}")
        assert not continuous.immune(g, b[gray], b[card])  # its immunity is negated
    round_trip(g)


@pytest.mark.parametrize("card", cards("negate_all_enh", "evil_enhancement", "negate_all"))
def test_an_evil_enhancement_negates_every_other_special_ability_in_play_this_battle(monkeypatch, card):
    cloud = real_key("Pillar of a Cloud ( C)", "2E")
    hero = _test_card(monkeypatch, "t_hero", type="hero", alignment="good", brigades=["Blue"], strength=5, toughness=5)
    host = evil_for(monkeypatch, card, s=5, t=5, key="t_host")
    battle = {"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 0, "played": [cloud]}
    b = pos(
        {"field_of_battle": [hero, cloud]},
        {"field_of_battle": [host], "hand": [card], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        flags={"battled": True},
        battle=battle,
        attached={cloud: hero},
    )
    g = b.game
    assert g.standing() == "hero_winning"  # first strike in mutual destruction
    play(g, b[card], b[host])
    assert g.standing() != "hero_winning"  # the first strike is negated
    round_trip(g)


@pytest.mark.parametrize(
    "card", cards("capture_any", "evil_enhancement", "capture_in_play", lambda sel: "kind" in sel or "testament" in sel)
)
def test_an_evil_enhancement_captures_a_human_hero_that_fits(monkeypatch, card):
    sel = {k: v for k, v in _shape(card)["select"].items() if k not in ("zone", "owner")}
    fit, other = fitting(monkeypatch, "t_fit", sel), fitting(monkeypatch, "t_other", sel, fit=False)
    b = battle_for(monkeypatch, card, mine={"territory": [fit, other]})
    g = b.game
    targets = {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[card] and len(a.args) > 2}
    assert b[fit] in targets and b[other] not in targets
    play(g, b[card], b["t_host"], b[fit])
    assert g.zone_of(b[fit]) == (1, "land_of_bondage")
    round_trip(g)


@pytest.mark.parametrize("card", cards("poison", "evil_enhancement", "poison"))
def test_a_poison_takes_zero_two_from_its_hero_each_turn_and_discards_it_at_toughness_zero(monkeypatch, card):
    from rules.redemption import effects

    b = battle_for(monkeypatch, card, foe="gideon", mine={"territory": ["deborah"]})
    g = b.game
    play(g, b[card], b["t_host"], b["deborah"])
    assert effects.poison_sources(g, b["deborah"]) == [b[card]]
    round_trip(g)
    s, t = g.char_numbers(b["deborah"])
    while t > 0:
        effects.poison_tick(g, [])
        t -= 2
        if t > 0:
            assert g.char_numbers(b["deborah"]) == (s, t)
    assert g.zone_of(b["deborah"]) == (0, "discard")


@pytest.mark.parametrize("card", cards("set_aside_for", "good_enhancement", "set_aside_for"))
def test_an_enhancement_sets_its_hero_aside_for_turns_and_it_comes_back_stronger(monkeypatch, card):
    from rules.redemption import effects

    sh = _shape(card)
    hero = hero_for(monkeypatch, card, s=5, t=5)
    b = in_battle(hero, "goliath", [], mine={"hand": [card]})
    g = b.game
    g.b.last_actor = 1
    play(g, b[card], b[hero])
    assert g.zone_of(b[hero]) == (0, "set_aside") and g.s.aside[b[hero]][0] == g.s.turn + 2 * sh["turns"]
    round_trip(g)
    g.b = type(g.b)()
    g.s.turn += 2 * sh["turns"]
    assert effects.come_back(g, 0, []) and g.zone_of(b[hero]) == (0, "territory")
    assert g.char_numbers(b[hero]) == (5 + sh["strength"], 5 + sh["toughness"])


def test_naming_the_nation_underdecks_every_evil_character_in_battle_and_may_draw_three(monkeypatch):
    e = _only("underdeck_draw", "Naming the Nation", "IR")
    b = battle_for(
        monkeypatch, e, foe="herod", mine={"deck": ["esther", "peter", "daniel"]}, theirs={"deck": ["pilate"]}
    )
    g = b.game
    play(g, b[e], b["t_host"])
    assert g.z[1]["deck"][-1] == b["herod"] and not g.battle_chars(1)
    ok(g, f"choose {b[e]}")
    assert len(g.z[0]["hand"]) == 3
    round_trip(g)


@pytest.mark.parametrize(
    "card",
    cards(
        "withdraw_all",
        ("good_enhancement", "evil_enhancement"),
        "return",
        lambda sel: sel.get("zone") == "battle",
        to="territory",
    ),
)
def test_an_enhancement_withdraws_every_opposing_character_in_battle(monkeypatch, card):
    good = CARDS[card].type == "good_enhancement"
    foe = "herod" if good else "gideon"
    b = battle_for(monkeypatch, card, foe=foe, mine={"deck": ["esther", "peter", "daniel"]})
    g = b.game
    play(g, b[card], b["t_host"])
    far = 1 if good else 0
    assert g.zone_of(b[foe]) == (far, "territory") and not g.battle_chars(far)
    if len(_shape_all(card)) > 1:
        ok(g, f"choose {b[card]}")
        assert len(g.z[0]["hand"]) == 3
    if "riders" in _shape(card):
        assert not continuous.stoppable(g, b[card], "prevent")
    round_trip(g)


@pytest.mark.parametrize(
    "e", cards("stillness", "good_enhancement", "return", lambda sel: sel.get("zone") == "battle_cards", to="hand")
)
def test_trust_withdraws_its_hero_unharmed_and_takes_back_the_holders_good_enhancements(monkeypatch, e):
    hero = hero_for(monkeypatch, e, s=5, t=5)
    faith = _test_card(
        monkeypatch,
        "t_faith",
        type="good_enhancement",
        alignment="good",
        brigades=[brigade_of(e)],
        strength=1,
        toughness=1,
    )
    demon = real_key("Strong Demon (G)", "10A")
    battle = {"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 1, "played": [faith]}
    b = pos(
        {"field_of_battle": [hero, faith], "hand": [e]},
        {"field_of_battle": [demon], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        flags={"battled": True},
        battle=battle,
        attached={faith: hero},
    )
    g = b.game
    play(g, b[e], b[hero])
    assert (
        g.zone_of(b[faith]) == (0, "hand")
        and g.zone_of(b[hero]) == (0, "territory")
        and g.zone_of(b[e]) == (0, "discard")
    )
    round_trip(g)


def test_vain_philosophy_of_the_priests_looks_at_a_hand_and_underdecks_a_good_card():
    card = _only("look_underdeck", "Vain Philosophy (PoC)", "PoC")
    b = pos({"hand": [card]}, {"hand": ["gideon", "herod"], "deck": ["esther"], "land_of_bondage": ["ls_widow"]})
    g = b.game
    ok(g, f"dominant {b[card]}")
    d = g.s.pending
    assert d is not None and d.chooser == 0 and d.options == [b["gideon"]]
    ok(g, f"choose {b['gideon']}")
    assert g.z[1]["deck"][-1] == b["gideon"] and g.z[1]["hand"] == [b["herod"]]
    round_trip(g)


def test_help_from_heaven_searches_the_draw_pile_for_a_silver_enhancement(monkeypatch):
    e = _only("search_silver", "Help from Heaven", "Ki")
    silver = _test_card(
        monkeypatch, "t_silver", type="good_enhancement", alignment="good", brigades=["Silver"], strength=1, toughness=1
    )
    b = battle_for(monkeypatch, e, mine={"deck": ["esther", silver, "peter"]})
    g = b.game
    play(g, b[e], b["t_host"])
    d = g.s.pending
    assert d is not None and d.options == [b[silver]] and d.to == [0]
    ok(g, f"choose {b[silver]}")
    assert g.zone_of(b[silver]) == (0, "hand")
    round_trip(g)


def test_angelic_visit_bands_cornelius_in(monkeypatch):
    e = _only("band_cornelius", "Angelic Visit", "Ap")
    corn = _test_card(
        monkeypatch,
        "t_corn",
        type="hero",
        alignment="good",
        brigades=["Green"],
        name="Cornelius (Ap)",
        strength=1,
        toughness=1,
    )
    b = battle_for(monkeypatch, e, mine={"territory": [corn, "peter"]})
    g = b.game
    targets = {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[e] and len(a.args) > 2}
    assert targets == {b[corn]}
    play(g, b[e], b["t_host"], b[corn])
    assert set(g.battle_chars(0)) == {b["t_host"], b[corn]}


@pytest.mark.parametrize(
    "e", cards("heal_discard", "good_enhancement", "heal", lambda sel: sel.get("zone") == "discard")
)
def test_an_enhancement_heals_a_hero_discarded_this_turn(monkeypatch, e):
    brigade = _shape(e)["select"].get("brigade", brigade_of(e))
    purple = _test_card(
        monkeypatch, "t_purple", type="hero", alignment="good", brigades=[brigade], strength=5, toughness=5
    )
    b = blocked(
        purple,
        real_key("Strong Demon (G)", "10A"),
        mine={"hand": [e, "daniel"], "deck": ["ezra", "esther"]},
        theirs={"land_of_bondage": ["ls_orphan", "ls_widow"], "deck": ["pilate", "annas"]},
    )
    g = b.game  # 5/5 against the Strong Demon 9/10: the Hero is defeated
    while g.b.kind:
        ok(g, "pass")
    assert g.zone_of(b[purple]) == (0, "discard") and b[purple] in g.s.discarded
    if g.phase != "discard":
        ok(g, "end")
    heal = [a for a in g.legal_actions() if a.verb == "enhance"]
    assert [tuple(a.args) for a in heal] == [(b[e], b[purple])]
    ok(g, f"enhance {b[e]} {b[purple]}")
    assert g.zone_of(b[purple]) == (0, "territory") and g.zone_of(b[e]) == (0, "discard")
    round_trip(g)


# --- batch I ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("card", cards("band_ec", "evil_enhancement", "band"))
def test_an_evil_enhancement_bands_a_second_evil_character_of_its_brigade(monkeypatch, card):
    brigade = _shape(card)["select"]["brigade"]
    fit = _test_card(monkeypatch, "t_fit", type="evil_character", brigades=[brigade], strength=1, toughness=1)
    other = _test_card(monkeypatch, "t_other", type="evil_character", brigades=["Yellow"], strength=1, toughness=1)
    b = battle_for(monkeypatch, card, theirs={"territory": [fit, other]})
    g = b.game
    targets = {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[card] and len(a.args) > 2}
    assert b[fit] in targets and b[other] not in targets
    play(g, b[card], b["t_host"], b[fit])
    assert set(g.battle_chars(1)) == {b["t_host"], b[fit]}
    round_trip(g)


def test_commissioned_puts_a_lost_soul_of_the_opponents_draw_pile_into_their_land_of_bondage(monkeypatch):
    e = _only("search_bondage", "Commissioned", "AW")
    b = battle_for(monkeypatch, e, theirs={"deck": ["goliath", "ls_widow", "pilate"]})
    g = b.game
    play(g, b[e], b["t_host"])
    d = g.s.pending
    assert d is not None and d.options == [b["ls_widow"]] and d.to == [0]
    ok(g, f"choose {b['ls_widow']}")
    assert g.zone_of(b["ls_widow"]) == (1, "land_of_bondage") and len(g.z[1]["deck"]) == 2
    round_trip(g)


def test_jephthah_of_the_roots_once_per_game_may_pay_the_top_card_to_discard_up_to_two_evil_characters():
    jeph = _only("jephthah", "Jephthah, the Gileadite [RR2]", "RR2")
    b = pos(
        {"hand": [jeph], "deck": ["esther", "daniel"]},
        {"territory": ["herod", "pilate", "annas"], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
    )
    g = b.game
    ok(g, f"rescue {b[jeph]}")
    ok(g, f"choose {b[jeph]}")
    assert g.zone_of(b["esther"]) == (0, "discard")
    d = g.s.pending
    assert d is not None and d.most == 2
    ok(g, f"choose {b['herod']}")
    ok(g, f"choose {b['annas']}")
    assert g.zone_of(b["herod"]) == (1, "discard") and g.zone_of(b["annas"]) == (1, "discard") and g.s.used == [b[jeph]]
    round_trip(g)


def test_wings_of_calamity_prevents_the_ability_of_the_next_good_enhancement(monkeypatch):
    e = _only("prevent_next_enh", "Wings of Calamity (Roots)", "RR")
    cast, demon = real_key("Cast out Demons", "10A"), real_key("Strong Demon (G)", "10A")
    blocker = _test_card(
        monkeypatch,
        "t_host",
        type="evil_character",
        brigades=["Orange"],
        strength=4,
        toughness=5,
        **{"class": ["warrior"]},
    )
    b = blocked("peter", blocker, mine={"hand": [cast]}, theirs={"hand": [e], "territory": [demon]})
    g = b.game
    assert g.current_player == 1  # Peter 7/5 defeats the 4/5
    play(g, b[e], b[blocker])  # 6/7: both would be defeated; the Hero's player, who did not play last, may play
    assert b[e] in g.b.marks and g.current_player == 0
    ok(g, f"enhance {b[cast]} {b['peter']} {b[demon]}")
    assert g.zone_of(b[demon]) == (1, "territory") and continuous.prevented(g, b[cast])
    round_trip(g)


def test_mask_of_self_glorification_discards_an_active_artifact(monkeypatch):
    e = _only("discard_artifact", "Mask of Self-glorification", "War")
    tables = real_key("Tables of the Law (G)", "10A")
    b = battle_for(monkeypatch, e, mine={"artifact_pile": [tables]})
    g = b.game
    g.face_up.add(b[tables])
    targets = {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[e] and len(a.args) > 2}
    assert targets == {b[tables]}
    play(g, b[e], b["t_host"], b[tables])
    assert g.zone_of(b[tables]) == (0, "discard")
    round_trip(g)


@pytest.mark.parametrize(
    "card", cards("negate_discard_last_ee", "evil_enhancement", "negate_discard", lambda sel: sel.get("last"))
)
@pytest.mark.parametrize("named", [True, False])
def test_an_evil_enhancement_negates_and_discards_the_last_good_enhancement(monkeypatch, card, named):
    first, last = GOOD_ENH
    b = _played_against(monkeypatch, card, [first, last])
    g = b.game
    u = _shape(card)["riders"][0]["condition"]["used_by"]
    ids = (["egyptian"] if "identifier_word" in u else ["human"]) if named else ["demon"]
    _test_card(
        monkeypatch,
        "t_host",
        **{
            **{
                k: v
                for k, v in CARDS["t_host"].info().items()
                if k in ("type", "alignment", "brigades", "strength", "toughness", "reference", "name")
            },
            "identifiers": ids,
            "reference": "Genesis 1:1",
        },
    )
    g.cd[b["t_host"]] = CARDS["t_host"]  # the character it is used by, with those identifiers
    play(g, b[card], b["t_host"], b[last])
    assert b[last] in g.b.negated and g.zone_of(b[last]) == (0, "discard") and b[first] not in g.b.negated
    assert continuous.stoppable(g, b[card], "negate") != named
    round_trip(g)


def test_deepening_lie_makes_the_opponent_discard_a_card_of_their_choice(monkeypatch):
    e = _only("opponent_discards", "Deepening Lie", "Pat")
    b = battle_for(monkeypatch, e, mine={"hand": ["esther", "daniel"]})
    g = b.game
    play(g, b[e], b["t_host"])
    d = g.s.pending
    assert d is not None and d.chooser == 0 and set(d.options) == {b["esther"], b["daniel"]}
    ok(g, f"choose {b['esther']}")
    assert g.zone_of(b["esther"]) == (0, "discard")
    round_trip(g)


def test_aaron_of_the_patriarchs_may_band_to_miriam_and_protects_holy_of_holies(monkeypatch):
    aaron = _only("aaron", "Aaron (Pa)", "Pat")
    miriam = real_key("Miriam (G)", "10A")
    holy = _test_card(monkeypatch, "t_holy", type="artifact", alignment="neutral", identifiers=["holy of holies"])
    b = pos(
        {"hand": [aaron], "territory": [miriam, "gideon"], "artifact_pile": [holy]},
        {"land_of_bondage": ["ls_orphan"]},
        phase="battle",
    )
    g = b.game
    assert not continuous.card_protected(g, b[holy])  # Aaron is not in play yet
    ok(g, f"rescue {b[aaron]}")
    assert continuous.card_protected(g, b[holy])  # active or not
    d = g.s.pending
    assert d is not None and d.options == [b[miriam]]
    ok(g, f"choose {b[miriam]}")
    assert set(g.battle_chars(0)) == {b[aaron], b[miriam]}
    round_trip(g)


# --- batch J ---------------------------------------------------------------------------------------------------------
def test_elymas_struck_blind_underdecks_an_evil_character(monkeypatch):
    e = _only("underdeck_ec", "Elymas Struck Blind", "TEC")
    b = battle_for(monkeypatch, e, foe="herod", theirs={"territory": ["pilate"], "deck": ["goliath"]})
    g = b.game
    play(g, b[e], b["t_host"])
    d = g.s.pending
    assert d is not None and set(d.options) == {b["herod"], b["pilate"]}
    ok(g, f"choose {b['pilate']}")
    assert g.z[1]["deck"][-1] == b["pilate"]
    round_trip(g)


@pytest.mark.parametrize("card", cards("prevent_brigade", "hero", "prevent_abilities"))
def test_a_hero_prevents_the_abilities_of_the_evil_characters_of_a_brigade(monkeypatch, card):
    brigade = _shape(card)["select"]["brigade"]
    task = CARDS[real_key("Taskmaster (H)", "10A")]
    for b_, prevented in ((brigade, True), ("Yellow", False)):
        _test_card(
            monkeypatch,
            "t_task",
            type="evil_character",
            brigades=[b_],
            strength=1,
            toughness=1,
            abilities=[
                {
                    "trigger": "enters_battle",
                    "effects": [
                        {
                            "verb": "lose",
                            "strength": 2,
                            "toughness": 2,
                            "duration": "end_of_turn",
                            "select": {"zone": "in_play", "owner": "any", "type": "hero", "all": True},
                        }
                    ],
                }
            ],
        )
        assert task.abilities  # the shape of Taskmaster's, on an Evil Character of the brigade
        b = blocked(card, "t_task", mine={"territory": ["gideon"]})
        g = b.game
        assert (g.char_numbers(b["gideon"]) == (CARDS["gideon"].strength, CARDS["gideon"].toughness)) == prevented


def test_meshach_may_band_to_a_hero_with_a_daniel_reference():
    card = _only("meshach", "Meshach (Mishael)", "FoOF")
    b = pos({"hand": [card], "territory": ["daniel", "gideon"]}, {"land_of_bondage": ["ls_orphan"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b[card]}")
    d = g.s.pending
    assert d is not None and d.effect == "band" and d.options == [b["daniel"]]


def test_joel_gains_one_one_after_a_successful_rescue_and_keeps_it():
    joel = _only("joel", "Joel", "FoOF")
    b = pos({"hand": [joel]}, {"land_of_bondage": ["ls_orphan"], "deck": ["ls_widow"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b[joel]}")
    ok(g, "noblock")
    assert g.zone_of(b["ls_orphan"]) == (0, "land_of_redemption") and g.char_numbers(b[joel]) == (2, 2)
    round_trip(g)


# --- batch K ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "card",
    cards("negate_discard_artifact", "evil_enhancement", "negate_discard", lambda sel: sel.get("type") == "artifact"),
)
def test_an_evil_enhancement_negates_and_discards_an_active_artifact(monkeypatch, card):
    tables, other = real_key("Tables of the Law (G)", "10A"), real_key("Tables of the Law (Pi)", "Pri")
    b = battle_for(monkeypatch, card, mine={"artifact_pile": [tables, other]})
    g = b.game
    g.face_up.add(b[tables])
    targets = {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[card] and len(a.args) > 2}
    assert targets == {b[tables]}  # the active one only
    play(g, b[card], b["t_host"], b[tables])
    assert g.zone_of(b[tables]) == (0, "discard") and g.hand_limit(0) == 8
    round_trip(g)


@pytest.mark.parametrize(
    "card", cards("daniel_beast", "evil_character", "discard_type", lambda sel: "identifier_word" in sel)
)
def test_a_beast_of_daniel_discards_one_people_bands_to_another_and_is_immune_to_a_brigade(monkeypatch, card):
    hit = _shape(card)["select"]["identifier_word"]
    band = ENTRIES[KEYS.index(card)]["abilities"][0]["effects"][1]["select"]["identifier_word"]
    brigade = ENTRIES[KEYS.index(card)]["abilities"][1]["effects"][0]["select"]["brigade"]
    victim = _test_card(
        monkeypatch,
        "t_victim",
        type="hero",
        alignment="good",
        brigades=["Teal"],
        identifiers=[f"{hit} king"],
        strength=1,
        toughness=1,
    )
    bystander = _test_card(
        monkeypatch, "t_by", type="hero", alignment="good", brigades=["Teal"], strength=1, toughness=1
    )
    friend = _test_card(
        monkeypatch, "t_friend", type="evil_character", brigades=["Black"], identifiers=[band], strength=1, toughness=1
    )
    strong = _test_card(
        monkeypatch, "t_strong", type="hero", alignment="good", brigades=[brigade], strength=20, toughness=20
    )
    b = pos(
        {"hand": [strong], "territory": [victim, bystander]},
        {"hand": [card], "territory": [friend], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
    )
    g = b.game
    ok(g, f"rescue {b[strong]}")
    ok(g, f"block {b[card]}")
    d = g.s.pending
    assert d is not None and d.effect == "discard_type" and b[victim] in d.options and b[bystander] not in d.options
    ok(g, f"choose {b[victim]}")
    assert g.zone_of(b[victim]) == (0, "discard")
    d = g.s.pending
    assert d is not None and d.effect == "band" and d.options == [b[friend]]
    ok(g, "choose")
    assert g.standing() == "stalemate"  # 20/20 of the brigade it is immune to defeats nothing
    round_trip(g)


# --- batch L ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("card", cards("negate_all_char", ("hero", "evil_character"), "negate_all"))
def test_a_character_negates_every_other_ability_in_play_as_it_enters_battle(card):
    dragon, mighty = (
        real_key("Red Dragon (G)", "10A"),
        real_key("Mighty Warrior ( C)", "2E"),
    )  # immune to human Heroes; to giants
    if CARDS[card].type == "hero":
        b = pos({"hand": [card]}, {"territory": [dragon], "land_of_bondage": ["ls_orphan"]}, phase="battle")
        g = b.game
        ok(g, f"rescue {b[card]}")
        assert b[dragon] in g.b.negated
    else:
        b = pos(
            {"hand": ["barak"], "territory": [mighty]},
            {"hand": [card], "land_of_bondage": ["ls_orphan"]},
            phase="battle",
        )
        g = b.game
        ok(g, f"rescue {b['barak']}")
        ok(g, f"block {b[card]}")
        assert b[mighty] in g.b.negated  # a Hero in play with an ability: negated
    round_trip(g)


@pytest.mark.parametrize("card", cards("negate_all_good", "good_enhancement", "negate_all"))
def test_a_good_enhancement_negates_every_other_special_ability_in_play_this_battle(monkeypatch, card):
    host = hero_for(monkeypatch, card, s=1, t=1, key="t_host")
    guard = _test_card(monkeypatch, "t_foe", type="evil_character", brigades=["Yellow"], strength=1, toughness=1)
    shield = _test_card(
        monkeypatch,
        "t_shield",
        type="evil_enhancement",
        brigades=["Yellow"],
        strength=0,
        toughness=0,
        abilities=[
            {
                "trigger": "played",
                "effects": [{"verb": "immune", "duration": "battle", "select": {"brigade": brigade_of(card)}}],
            }
        ],
    )
    b = in_battle(host, guard, [shield], mine={"hand": [card]})
    g = b.game
    assert continuous.immune(g, b[guard], b[host])
    play(g, b[card], b[host])
    assert b[shield] in g.b.negated and not continuous.immune(g, b[guard], b[host])
    round_trip(g)


def test_mask_of_pride_removes_a_silver_hero_from_the_game(monkeypatch):
    e = _only("remove_hero", "Mask of Pride", "War")
    angel = _test_card(
        monkeypatch, "t_angel", type="hero", alignment="good", brigades=["Silver"], strength=1, toughness=1
    )
    b = battle_for(monkeypatch, e, mine={"territory": [angel, "deborah"]})
    g = b.game
    targets = {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[e] and len(a.args) > 2}
    play(g, b[e], b["t_host"], *([b[angel]] if targets else []))
    if g.s.pending is not None:
        assert g.s.pending.options == [b[angel]]
        ok(g, f"choose {b[angel]}")
    assert g.zone_of(b[angel]) == (0, "removed") and g.zone_of(b["deborah"]) == (0, "territory")
    round_trip(g)


def test_desolation_of_tamar_negates_a_female_hero_in_battle(monkeypatch):
    e = _only("negate_hero", "Desolation of Tamar", "Pat")
    b = battle_for(monkeypatch, e, foe="deborah")  # Deborah: a female Hero
    g = b.game
    play(g, b[e], b["t_host"], b["deborah"])
    assert b["deborah"] in g.b.negated
    round_trip(g)
    b = battle_for(monkeypatch, e, foe="gideon")
    targets = {
        a.args[2] for a in b.game.legal_actions() if a.verb == "enhance" and a.args[0] == b[e] and len(a.args) > 2
    }
    assert b["gideon"] not in targets


def test_spirit_of_doubt_negates_a_hero_in_battle_as_it_blocks():
    spirit = _only("negate_hero_char", "Spirit of Doubt", "AW")
    b = blocked("gideon", spirit)
    g = b.game
    if g.s.pending is not None:
        ok(g, f"choose {b['gideon']}")
    assert b["gideon"] in g.b.negated
    round_trip(g)


# --- batch M ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "card", [_only("first_strike_rider", "Ferocious Attack", "AW"), _only("first_strike_rider", "Godspeed", "AW")]
)
def test_first_strike_that_a_card_of_the_other_alignment_cannot_prevent(monkeypatch, card):
    good = CARDS[card].type == "good_enhancement"
    c = CARDS[card]
    if good:  # 10/9 against 9/10: both would be defeated, first strike decides
        mine = hero_for(monkeypatch, card, s=10 - c.strength, t=9 - c.toughness, key="t_host")
        foe = _test_card(monkeypatch, "t_foe", type="evil_character", brigades=["Yellow"], strength=9, toughness=10)
        b = in_battle(mine, foe, [], mine={"hand": [card]})
        b.game.b.last_actor = 1
        win, other = "hero_winning", foe
    else:
        mine = evil_for(monkeypatch, card, s=10 - c.strength, t=9 - c.toughness, key="t_host")
        foe = _test_card(
            monkeypatch, "t_foe", type="hero", alignment="good", brigades=["Teal"], strength=9, toughness=10
        )
        b = in_battle(foe, mine, [], theirs={"hand": [card]})
        b.game.b.last_actor = 0
        win, other = "evil_winning", foe
    g = b.game
    play(g, b[card], b[mine])
    assert g.standing() == win
    assert not continuous.stoppable(g, b[card], "prevent", b[other])  # by the other side's card: no
    assert continuous.stoppable(g, b[card], "prevent", b[mine])  # by its own side's: yes
    round_trip(g)


def test_filthy_garments_takes_four_four_from_a_hero_until_the_end_of_the_turn(monkeypatch):
    e = _only("lose_one", "Filthy Garments", "Prp")
    b = battle_for(monkeypatch, e, foe="gideon", mine={"territory": ["deborah"]})
    g = b.game
    before = g.char_numbers(b["deborah"])
    play(g, b[e], b["t_host"])
    ok(g, f"choose {b['deborah']}")
    assert g.char_numbers(b["deborah"]) == (before[0] - 4, before[1] - 4)
    round_trip(g)
    g.s.turn += 1
    assert g.char_numbers(b["deborah"]) == before


# --- batch P ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "card", cards("immune_rider", "good_enhancement", "immune", lambda sel: sel.get("kind") == "human")
)
def test_a_good_enhancement_makes_its_hero_immune_to_human_evil_characters_with_its_riders(monkeypatch, card):
    host = hero_for(monkeypatch, card, s=1, t=1, key="t_host")
    human = _test_card(
        monkeypatch,
        "t_human",
        type="evil_character",
        brigades=["Yellow"],
        identifiers=["human"],
        strength=12,
        toughness=12,
    )
    b = in_battle(host, human, [], mine={"hand": [card]})
    g = b.game
    g.b.last_actor = 1
    assert g.standing() == "evil_winning"
    play(g, b[card], b[host])
    assert g.standing() == "stalemate"
    riders = _shape(card)["riders"]
    if riders == ["cannot_be_interrupted", "cannot_be_negated"]:
        assert not continuous.stoppable(g, b[card], "negate") and continuous.stoppable(g, b[card], "prevent")
    else:  # an evil card cannot prevent it
        assert not continuous.stoppable(g, b[card], "prevent", b[human]) and continuous.stoppable(g, b[card], "negate")
    round_trip(g)


def test_breastplate_of_righteousness_of_the_kings_gives_immunity_and_may_play_the_next_enhancement(monkeypatch):
    e = _only("immune_play", "Breastplate of Righteousness (Ki)", "Ki")
    host = _test_card(monkeypatch, "t_host", type="hero", alignment="good", brigades=["Teal"], strength=1, toughness=1)
    crimson = _test_card(
        monkeypatch, "t_crimson", type="evil_character", brigades=["Crimson"], strength=12, toughness=12
    )
    fits = _test_card(
        monkeypatch, "t_fits", type="good_enhancement", alignment="good", brigades=["Teal"], strength=1, toughness=1
    )
    b = in_battle(host, crimson, [], mine={"hand": [e, fits]})
    g = b.game
    g.b.last_actor = 1
    play(g, b[e], b[host])
    d = g.s.pending
    assert d is not None and d.options == [b[fits]]
    ok(g, f"choose {b[fits]}")
    assert g.zone_of(b[fits]) == (0, "field_of_battle") and g.standing() == "stalemate"
    round_trip(g)


@pytest.mark.parametrize("joab", [False, True])
def test_abner_of_the_kings_has_first_strike_that_cannot_be_negated_unless_joab_is_in_battle(monkeypatch, joab):
    abner = _only("first_strike_unless", "Abner (Ki)", "Ki")  # 9/8
    hero = _test_card(
        monkeypatch,
        "t_hero",
        type="hero",
        alignment="good",
        brigades=["Teal"],
        name="Joab (T)" if joab else "T Hero",
        strength=8,
        toughness=9,
    )
    b = blocked(hero, abner)
    g = b.game
    assert g.standing() == "evil_winning"  # both would be defeated: first strike
    assert continuous.stoppable(g, b[abner], "negate") == joab
    round_trip(g)


# --- batch Q ---------------------------------------------------------------------------------------------------------
def test_zaccheus_may_search_the_draw_pile_for_a_fortress(monkeypatch):
    z = _only("search_char", "Zaccheus", "Ap")
    fort = _test_card(monkeypatch, "t_fort", type="fortress", alignment="good")
    b = pos({"hand": [z], "deck": ["esther", fort, "peter"]}, {"land_of_bondage": ["ls_orphan"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b[z]}")
    ok(g, f"choose {b[z]}")  # the may: yes
    d = g.s.pending
    assert d is not None and d.effect == "search" and d.options == [b[fort]]
    ok(g, f"choose {b[fort]}")
    assert g.zone_of(b[fort]) == (0, "hand")
    round_trip(g)


def test_the_good_samaritan_may_take_kindness_from_the_discard_pile():
    sam = _only("search_char", "Good Samaritan", "Ap")
    kind, other = real_key("Kindness (L)", "Main"), real_key("Trust in the Lord", "10A")
    b = pos({"hand": [sam], "discard": [kind, other]}, {"land_of_bondage": ["ls_orphan"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b[sam]}")
    ok(g, f"choose {b[sam]}")
    d = g.s.pending
    assert d is not None and d.options == [b[kind]]
    ok(g, f"choose {b[kind]}")
    assert g.zone_of(b[kind]) == (0, "hand") and g.zone_of(b[other]) == (0, "discard")
    round_trip(g)


@pytest.mark.parametrize(
    "card, partner, fate",
    [
        (_only("if_partner", "Phinehas, son of Eli", "Pri"), real_key("Hophni, son of Eli", "Pri"), "discard"),
        (_only("if_partner", "Abihu (Pi)", "Pri"), real_key("Nadab", "Pri"), "removed"),
    ],
)
def test_banded_in_beside_its_partner_the_priest_may_clear_the_battle(card, partner, fate):
    b = pos(
        {"hand": ["gideon"]}, {"hand": [partner], "territory": [card], "land_of_bondage": ["ls_orphan"]}, phase="battle"
    )
    g = b.game
    ok(g, f"rescue {b['gideon']}")
    ok(g, f"block {b[partner]}")
    ok(g, f"choose {b[card]}")  # the partner bands the priest in
    d = g.s.pending
    assert d is not None and d.effect == "may" and d.source == b[card]
    round_trip(g)
    ok(g, f"choose {b[card]}")
    assert g.zone_of(b["gideon"]) == (0, fate) and g.zone_of(b[partner]) == (1, fate)


@pytest.mark.parametrize("card", [real_key("Phinehas, son of Eli", "Pri"), real_key("Abihu (Pi)", "Pri")])
def test_without_its_partner_in_battle_the_priest_asks_nothing(card):
    b = pos({"hand": ["gideon"]}, {"hand": [card], "land_of_bondage": ["ls_orphan"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b['gideon']}")
    ok(g, f"block {b[card]}")
    assert g.s.pending is None and g.zone_of(b["gideon"]) == (0, "field_of_battle")


# --- batch R ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("named", [True, False])
def test_wickedness_of_delilah_captures_a_male_hero_only_if_played_on_delilah(monkeypatch, named):
    e = _only("if_played_on", "Wickedness of Delilah (Pa)", "Pat")
    host = _test_card(
        monkeypatch,
        "t_host",
        type="evil_character",
        brigades=["Brown"],
        name="Delilah (T)" if named else "T Host",
        strength=1,
        toughness=1,
    )
    b = in_battle("gideon", host, [], mine={"territory": ["deborah", "barak"]}, theirs={"hand": [e]})
    g = b.game
    g.b.last_actor = 0
    targets = {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[e] and len(a.args) > 2}
    if not named:
        assert not targets
        play(g, b[e], b[host])
        assert g.zone_of(b["barak"]) == (0, "territory")
        return
    assert b["barak"] in targets and b["deborah"] not in targets  # a male Hero
    play(g, b[e], b[host], b["barak"])
    assert g.zone_of(b["barak"]) == (1, "land_of_bondage")
    round_trip(g)


@pytest.mark.parametrize("named", [True, False])
def test_jawbone_discards_a_male_human_evil_character_only_if_played_on_samson(monkeypatch, named):
    e = _only("if_played_on", "Jawbone", "Pat")
    host = _test_card(
        monkeypatch,
        "t_host",
        type="hero",
        alignment="good",
        brigades=["Gold"],
        name="Samson, the Tested" if named else "T Host",
        strength=1,
        toughness=1,
    )
    foe = _test_card(
        monkeypatch,
        "t_foe",
        type="evil_character",
        brigades=["Yellow"],
        identifiers=["human", "male"],
        strength=9,
        toughness=9,
    )
    b = in_battle(host, foe, [], mine={"hand": [e]})
    g = b.game
    g.b.last_actor = 1
    targets = {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[e] and len(a.args) > 2}
    if not named:
        assert not targets
        return
    play(g, b[e], b[host], b[foe])
    assert g.zone_of(b[foe]) == (1, "discard")
    assert not continuous.stoppable(g, b[e], "negate") and not continuous.stoppable(g, b[e], "prevent")
    round_trip(g)


# --- reprints of the starters' cards ----------------------------------------------------------------------------
@pytest.mark.parametrize("card", cards("flight", "evil_enhancement", "prevent_band"))
def test_flight_negates_the_heroes_bands_this_battle_and_prevents_more(card):
    women, miriam = real_key("Women of Israel", "10A"), real_key("Miriam (G)", "10A")
    guard = real_key("Temple Guard", "10A")  # Black, as Flight
    b = pos(
        {"hand": [women], "territory": [miriam]},
        {"hand": [guard, card], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
    )
    g = b.game
    ok(g, f"rescue {b[women]}")
    ok(g, f"choose {b[miriam]}")
    ok(g, f"block {b[guard]}")
    assert g.standing() == "hero_winning" and g.current_player == 1
    play(g, b[card], b[guard])
    assert g.zone_of(b[miriam]) == (0, "territory") and continuous.band_prevented(g, b[miriam])
    round_trip(g)


# --- every card has its test ------------------------------------------------------------------------------------------
def test_every_card_of_the_pool_files_is_a_case_of_a_test_here():
    missing = [k for k in KEYS if k not in CLAIMED]
    assert not missing, json.dumps(missing)
