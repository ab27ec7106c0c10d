"""The real Starter K and Starter L decks (Starter_K.dek, Starter_L.dek; sets K, K1P, L, L1P): the cards of
``rules/redemption/real/starters_kl.toml``, each on a hand-built position in the scenario format
(``redemption.scenario``) in which its ability happens and its outcome is asserted. The two decks mirror each other,
so most tests are parametrised over a K card and its L twin (and their 1st printings where the text is the same)."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest

from rules.redemption.cards import CARDS, real_key
from rules.redemption.printed import script_for
from tests.redemption_helpers import ok
from tests.test_real_g10 import _test_card, blocked, in_battle, pos, round_trip, to_player

FILE = Path(__file__).resolve().parent.parent / "rules" / "redemption" / "real" / "starters_kl.toml"
KEYS = [real_key(d["name"], d["set"]) for d in tomllib.loads(FILE.read_text(encoding="utf-8"))["card"]]


def K(name: str) -> str:
    """The key of a K or L printing, named as the card file names it ("Ruthless [K]", "Ruthless (1st Print - K)")."""
    tail = name.rstrip("])")[-1]
    set_ = tail + ("1P" if "1st Print" in name else "")
    key = real_key(name, set_)
    assert key in KEYS, key
    return key


def printings(*names: str) -> list[str]:
    """The keys of these cards and of their 1st printings scripted with them."""
    out = []
    for n in names:
        out.append(K(n))
        base, deck = n[: n.rindex(" [")], n.rstrip("]")[-1]
        first = f"{base} (1st Print - {deck})"
        if real_key(first, deck + "1P") in KEYS:
            out.append(K(first))
    return out


EGYPTIANS = real_key("Subjugating Egyptians [K]", "K")  # Pale Green 10/11, no special ability
PHILISTINES = real_key("Terrifying Philistines [L]", "L")  # Black 10/11, no special ability
DOEG = real_key("Doeg (L)", "Main")  # Pale Green 6/6, no special ability
WHITE = real_key("Daniel (Pr)", "Prp")  # a White Hero 6/7, no special ability


# --- the structure ----------------------------------------------------------------------------------------------------
def test_every_card_of_the_file_is_loaded_with_a_script():
    assert len(KEYS) == len(set(KEYS)) and KEYS
    for key in KEYS:
        c = CARDS[key]
        assert c.abilities and c.ability_text == " ".join(c.ability_text.split()), key


CARD_FILE = Path(os.environ.get("REDEMPTION_CARD_FILE", "/work/lackey/carddata.txt"))


@pytest.mark.skipif(not CARD_FILE.is_file(), reason="the player's own card file is not on this machine")
def test_the_facts_agree_with_the_card_file():
    from saves.cardfile import parse

    pool = parse(CARD_FILE.read_bytes(), str(CARD_FILE))
    for key in KEYS:
        c, p = CARDS[key], pool.by_key[key]
        assert p.type == c.type, key
        assert int(p.strength or 0) == c.strength and int(p.toughness or 0) == c.toughness, key
        assert p.reference == c.reference, key
        assert {b for b in p.brigade.split("/") if b} == set(c.brigades), key
        assert ("warrior" in p.klass.lower()) == ("warrior" in c.classes), key
        assert script_for(p) == key


# --- Dominants --------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("son", printings("Son of God [K]", "Son of God [L]"))
def test_son_of_god_rescues_any_lost_soul_in_play(son):
    b = pos({"hand": [son], "land_of_bondage": ["ls_wanderer"]}, {"land_of_bondage": ["ls_orphan"]})
    g = b.game
    targets = {a.args[1] for a in g.legal_actions() if a.verb == "dominant" and a.args[0] == b[son]}
    assert targets == {b["ls_wanderer"], b["ls_orphan"]}
    ok(g, f"dominant {b[son]} {b['ls_orphan']}")
    assert g.zone_of(b["ls_orphan"]) == (0, "land_of_redemption") and g.score(0) == 1
    round_trip(g)


# --- good enhancements ------------------------------------------------------------------------------------------------
def good(card: str, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    """A Hero of the card's (first) brigade with no ability, and the evil blocker of its deck's enemies."""
    brigade = CARDS[card].brigades[0]
    if brigade == "Clay":  # the pool has no Clay Hero without an ability: one of our own for the test
        hero = _test_card(
            monkeypatch, "clay_hero", type="hero", alignment="good", brigades=["Clay"], strength=6, toughness=7
        )
    else:
        hero = {"Green": "stephen", "Purple": "peter", "White": WHITE}[brigade]
    return hero, (EGYPTIANS if CARDS[card].set.startswith("K") else PHILISTINES)


@pytest.mark.parametrize(
    "card", printings("David's Victory [K]", "Swept into the Sea [L]", "David's Music [K]", "Burning Incense [L]")
)
def test_every_evil_character_in_battle_goes_into_its_owners_draw_pile(card, monkeypatch):
    hero, blocker = good(card, monkeypatch)
    b = in_battle(hero, blocker, [], mine={"hand": [card]}, theirs={"deck": ["pilate", "herod"], "territory": [DOEG]})
    g = b.game
    assert g.current_player == 0
    ok(g, f"enhance {b[card]} {b[hero]}")
    assert g.zone_of(b[blocker]) == (1, "deck") and g.zone_of(b[DOEG]) == (1, "territory")  # in battle only
    if CARDS[card].has("underdeck"):
        assert g.z[1]["deck"][-1] == b[blocker]
    else:  # shuffled in
        assert len(g.z[1]["deck"]) == 3
    round_trip(g)


@pytest.mark.parametrize("card", printings("Samuel's Edict [K]", "Slain by Levites [L]"))
def test_an_evil_card_in_play_is_discarded(card, monkeypatch):
    hero, blocker = good(card, monkeypatch)
    b = in_battle(hero, blocker, [], mine={"hand": [card], "territory": ["barak"]}, theirs={"territory": [DOEG]})
    g = b.game
    targets = {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[card]}
    assert targets == {b[blocker], b[DOEG]}  # evil cards, not the Heroes
    ok(g, f"enhance {b[card]} {b[hero]} {b[DOEG]}")
    assert g.zone_of(b[DOEG]) == (1, "discard") and g.zone_of(b[blocker]) == (1, "field_of_battle")
    round_trip(g)


@pytest.mark.parametrize("card", printings("Given to Israel [K]", "Burning Bush [L]"))
def test_an_evil_enhancement_is_negated_and_every_evil_enhancement_in_battle_discarded(card, monkeypatch):
    hero, blocker = good(card, monkeypatch)
    first, last = real_key("Ancient Evil (G)", "10A"), real_key("Lying Unto God", "10A")
    b = in_battle(hero, blocker, [first, last], mine={"hand": [card]})
    g = b.game
    targets = {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[card]}
    assert targets == {b[first], b[last]}
    ok(g, f"enhance {b[card]} {b[hero]} {b[first]}")
    assert b[first] in g.b.negated
    assert g.zone_of(b[first]) == (1, "discard") and g.zone_of(b[last]) == (1, "discard")
    assert g.char_numbers(b[blocker]) == (10, 11)
    round_trip(g)


@pytest.mark.parametrize("card", printings("Consecration [K]", "Food for the Priests [L]"))
def test_an_evil_enhancement_is_negated_and_discarded_and_its_player_may_draw(card, monkeypatch):
    hero, blocker = good(card, monkeypatch)
    evil = real_key("Ancient Evil (G)", "10A")
    b = in_battle(hero, blocker, [evil], mine={"hand": [card], "deck": ["ezra", "peter"]})
    g = b.game
    ok(g, f"enhance {b[card]} {b[hero]} {b[evil]}")
    assert b[evil] in g.b.negated and g.zone_of(b[evil]) == (1, "discard")
    d = g.s.pending
    assert d is not None and d.effect == "may_draw" and d.chooser == 0
    ok(g, f"choose {b[card]}")
    assert g.zone_of(b["ezra"]) == (0, "hand") and g.zone_of(b["peter"]) == (0, "deck")
    round_trip(g)


# --- evil enhancements ------------------------------------------------------------------------------------------------
def evil(card: str) -> tuple[str, str]:
    """The evil character of the card's brigade with no ability that blocks, and the Hero it faces."""
    return (DOEG, "gideon") if "Pale Green" in CARDS[card].brigades else ("pilate", "gideon")


@pytest.mark.parametrize("card", printings("Thrown into the Nile [K]", "Quaking with Fear [L]"))
def test_every_hero_in_battle_is_discarded(card):
    blocker, hero = evil(card)
    b = blocked(hero, blocker, mine={"territory": ["barak"]}, theirs={"hand": [card]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[card]} {b[blocker]}")
    assert g.zone_of(b[hero]) == (0, "discard") and g.zone_of(b["barak"]) == (0, "territory")
    round_trip(g)


@pytest.mark.parametrize("card", printings("Ruthless [K]", "Displeased Philistines [L]"))
def test_a_good_enhancement_is_negated_and_every_good_enhancement_in_battle_discarded(card):
    blocker, hero = evil(card)
    b = in_battle(hero, blocker, [], theirs={"hand": [card]}, mine={"hand": ["gideons_trumpet", "left_handed_blade"]})
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b['gideons_trumpet']} {b[hero]}")
    to_player(g, 1)
    if g.current_player != 1:
        ok(g, "pass")
    targets = {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[card]}
    assert targets == {b["gideons_trumpet"]}
    ok(g, f"enhance {b[card]} {b[blocker]} {b['gideons_trumpet']}")
    assert b["gideons_trumpet"] in g.b.negated and g.zone_of(b["gideons_trumpet"]) == (0, "discard")
    round_trip(g)


# --- characters -------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("hero, book", [(K("Abigail [K]"), "I Samuel"), (K("Joshua, the Faithful [L]"), "Exodus")])
def test_the_hero_entering_battle_searches_the_draw_pile_for_a_good_enhancement_of_its_book(hero, book):
    ge = {
        "I Samuel": real_key("Samuel's Edict [K]", "K"),
        "Exodus": real_key("Slain by Levites [L]", "L"),
    }[book]
    other = real_key("Trust in the Lord", "10A")  # a good enhancement of Exodus
    wrong = other if book != "Exodus" else real_key("Samuel's Edict [K]", "K")
    b = pos({"hand": [hero], "deck": [ge, wrong, "ezra"]}, {"land_of_bondage": ["ls_orphan"]}, phase="battle")
    g = b.game
    ok(g, f"rescue {b[hero]}")
    d = g.s.pending
    assert d is not None and d.effect == "search" and d.options == [b[ge]] and d.to == [0]
    ok(g, f"choose {b[ge]}")
    assert g.zone_of(b[ge]) == (0, "hand") and g.zone_of(b[wrong]) == (0, "deck")
    round_trip(g)
