"""The real Starter K and Starter L decks (Starter_K.dek, Starter_L.dek; sets K, K1P, L, L1P): the cards of
``rules/redemption/real/starters_kl.toml``, each on a hand-built position in the scenario format
(``redemption.scenario``) in which its ability happens and its outcome is asserted. The two decks mirror each other,
so most tests are parametrised over a K card and its L twin (and their 1st printings where the text is the same)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from rules.redemption.cards import CARDS, real_key
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


def first_printing(key: str) -> str | None:
    """The key of a card's 1st printing when it is scripted with the very same script, else None."""
    name = key.split("|")[0]
    if " [" not in name:
        return None
    base, deck = name[: name.rindex(" [")], name.rstrip("]")[-1]
    first = real_key(f"{base} (1st Print - {deck})", deck + "1P")
    return first if first in KEYS and CARDS[first].abilities == CARDS[key].abilities else None


def printings(*names: str) -> list[str]:
    """The keys of these cards and of their 1st printings scripted with them."""
    out = []
    for n in names:
        out.append(K(n))
        first = first_printing(K(n))
        if first is not None:
            out.append(first)
    return out


def with_firsts(rows: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """Parameter rows whose first item is a card's key, and the same rows for its 1st printing with its script."""
    out = []
    for row in rows:
        out.append(row)
        first = first_printing(row[0])
        if first is not None:
            out.append((first, *row[1:]))
    return out


EGYPTIANS = real_key("Subjugating Egyptians [K]", "K")  # Pale Green 10/11, no special ability
PHILISTINES = real_key("Terrifying Philistines [L]", "L")  # Black 10/11, no special ability
DOEG = real_key("Doeg (L)", "Main")  # Pale Green 6/6, no special ability
WHITE = real_key("Daniel (Pr)", "Prp")  # a White Hero 6/7, no special ability


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


# --- characters that take a card from the Reserve or put one under the draw pile ------------------------------------
OT_EVIL = real_key("Er", "3E")  # an evil card of the Old Testament (Genesis)
NT_EVIL = real_key("Herod Philip II (Ap)", "Ap")  # an evil card of the New Testament


def blocks(card: str, theirs: dict | None = None, mine: dict | None = None) -> Any:
    """Seat 0's Gideon rescues and seat 1's evil character ``card`` blocks (its ability works as it enters battle)."""
    return blocked("gideon", card, mine=mine, theirs=theirs)


def rescues(card: str, mine: dict | None = None, theirs: dict | None = None) -> Any:
    """Seat 0's Hero ``card`` makes a rescue attempt (its ability works as it enters battle)."""
    mine = {"hand": [card], **(mine or {})}
    mine["hand"] = [card] + [k for k in mine["hand"] if k != card]
    b = pos(mine, {"land_of_bondage": ["ls_orphan"], **(theirs or {})}, phase="battle")
    ok(b.game, f"rescue {b[card]}")
    return b


@pytest.mark.parametrize("card", printings("The Murdering Pharaoh [K]", "King Achish [L]"))
def test_the_evil_king_takes_an_old_testament_evil_card_from_the_reserve(card):
    b = blocks(card, theirs={"reserve": [OT_EVIL, NT_EVIL, "gideons_trumpet"]})
    g = b.game
    d = g.s.pending
    assert d is not None and d.effect == "search" and d.options == [b[OT_EVIL]] and d.to == [1]
    assert set(d.revealed) == {b[OT_EVIL], b[NT_EVIL], b["gideons_trumpet"]}
    ok(g, f"choose {b[OT_EVIL]}")
    assert g.zone_of(b[OT_EVIL]) == (1, "hand") and g.zone_of(b[NT_EVIL]) == (1, "reserve")
    assert "Reserve" in CARDS[card].ability_text
    round_trip(g)


@pytest.mark.parametrize("card", printings("Procession of Prophets [K]", "Ordained Priests [L]"))
@pytest.mark.parametrize("first", [True, False])
def test_the_priests_take_a_good_old_testament_card_from_the_reserve_or_draw(card, first):
    ot_good = real_key("Samuel's Edict [K]", "K")
    b = rescues(card, mine={"reserve": [ot_good, "fishers_of_men"], "deck": ["ezra"]})
    g = b.game
    d = g.s.pending
    assert d is not None and d.effect == "choose_one"
    ok(g, f"choose {b[card]}" if first else "choose")
    d = g.s.pending
    if first:
        assert d is not None and d.effect == "search" and d.options == [b[ot_good]]  # not the N.T. one
        ok(g, f"choose {b[ot_good]}")
        assert g.zone_of(b[ot_good]) == (0, "hand")
    else:
        assert d is not None and d.effect == "may_draw"
        ok(g, f"choose {b[card]}")
        assert g.zone_of(b["ezra"]) == (0, "hand")
    round_trip(g)


@pytest.mark.parametrize("card, book_card", [(K("Egyptian Horsemen [K]"), DOEG), (K("Philistine Raiders [L]"), DOEG)])
@pytest.mark.parametrize("first", [True, False])
def test_the_horsemen_draw_two_or_take_an_evil_card_of_their_book_from_the_reserve(card, book_card, first):
    exodus = real_key("Thrown into the Nile [K]", "K")
    want = exodus if CARDS[card].set == "K" else book_card  # Exodus for K, I Samuel for L
    b = blocks(card, theirs={"reserve": [exodus, book_card], "deck": ["herod", "pilate", "eglon"]})
    g = b.game
    ok(g, f"choose {b[card]}" if first else "choose")
    d = g.s.pending
    if first:
        assert d is not None and d.effect == "may_draw"
        ok(g, f"choose {b[card]}")
        assert g.zone_of(b["herod"]) == (1, "hand") and g.zone_of(b["pilate"]) == (1, "hand")
    else:
        assert d is not None and d.effect == "search" and d.options == [b[want]]
        ok(g, f"choose {b[want]}")
        assert g.zone_of(b[want]) == (1, "hand")
    round_trip(g)


@pytest.mark.parametrize("card", printings("Egyptian Charioteers [K]", "Philistine Charioteers [L]"))
@pytest.mark.parametrize("first", [True, False])
def test_the_charioteers_take_an_evil_weapon_from_the_reserve_or_underdeck_one_from_the_discard_pile(card, first):
    b = blocks(card, theirs={"reserve": ["philistine_spear"], "discard": ["roman_spear", "herod"], "deck": ["eglon"]})
    g = b.game
    ok(g, f"choose {b[card]}" if first else "choose")
    d = g.s.pending
    assert d is not None
    if first:
        assert d.effect == "search" and d.to == [1] and d.options == [b["philistine_spear"]]
        ok(g, f"choose {b['philistine_spear']}")
        assert g.zone_of(b["philistine_spear"]) == (1, "hand")
    else:
        assert d.effect == "underdeck" and d.options == [b["roman_spear"]] and d.shape == "up_to"
        ok(g, f"choose {b['roman_spear']}")
        assert g.z[1]["deck"][-1] == b["roman_spear"]
    round_trip(g)


@pytest.mark.parametrize(
    "card, enh",
    with_firsts(
        [
            (K("Egyptian Soothsayers [K]"), real_key("Thrown into the Nile [K]", "K")),
            (K("Priests of Dagon [L]"), real_key("Quaking with Fear [L]", "L")),
        ]
    ),
)
def test_the_soothsayers_may_underdeck_an_evil_enhancement_of_their_book_from_the_discard_pile(card, enh):
    other = real_key("Thrown into the Nile [K]", "K") if "Quaking" in enh else real_key("Quaking with Fear [L]", "L")
    b = blocks(card, theirs={"discard": [enh, other], "deck": ["eglon"]})
    g = b.game
    d = g.s.pending
    assert d is not None and d.effect == "underdeck" and d.options == [b[enh]] and d.shape == "up_to"
    ok(g, f"choose {b[enh]}")
    assert g.z[1]["deck"] == [b["eglon"], b[enh]] and g.zone_of(b[other]) == (1, "discard")
    round_trip(g)


@pytest.mark.parametrize(
    "card, enh",
    with_firsts(
        [
            (K("Samuel, the Anointer [K]"), real_key("Samuel's Edict [K]", "K")),
            (K("Eleazar, Son of Aaron [L]"), real_key("Slain by Levites [L]", "L")),
        ]
    ),
)
@pytest.mark.parametrize("where", ["discard", "reserve"])
def test_the_priest_may_underdeck_a_good_enhancement_of_the_book_from_discard_pile_or_reserve(card, enh, where):
    b = rescues(card, mine={where: [enh, "gideons_trumpet"], "deck": ["ezra"]})
    g = b.game
    d = g.s.pending
    assert d is not None and d.effect == "underdeck" and d.options == [b[enh]]
    ok(g, "choose")  # "may": none is an answer
    assert g.zone_of(b[enh]) == (0, where)
    b = rescues(card, mine={where: [enh, "gideons_trumpet"], "deck": ["ezra"]})
    ok(b.game, f"choose {b[enh]}")
    assert b.game.z[0]["deck"] == [b["ezra"], b[enh]]
    round_trip(b.game)


# --- characters that may band, or draw -------------------------------------------------------------------------------
BANDERS = [
    # card, the facts of one that may be banded in, the facts of one that may not
    (
        "Gad, David's Chosen [K]",
        {"type": "hero", "identifiers": ["generic"], "class": ["warrior"]},
        {"type": "hero", "identifiers": ["generic"]},
        1,
    ),
    (
        "Jethro, Priest of Midian [L]",
        {"type": "hero", "identifiers": ["generic", "female"], "reference": "Exodus 2:16"},
        {"type": "hero", "identifiers": ["generic", "female"], "reference": "Judges 4:4"},
        1,
    ),
    (
        "The Prophet of God [K]",
        {"type": "hero", "identifiers": ["generic", "prophet"]},
        {"type": "hero", "identifiers": ["prophet"]},
        2,
    ),
    (
        "Aaron, Moses' Brother [L]",
        {"type": "hero", "identifiers": ["generic", "tabernacle priest"]},
        {"type": "hero", "identifiers": ["generic", "prophet"]},
        2,
    ),
    (
        "Jonathan, the Devoted [K]",
        {"type": "hero", "brigades": ["Purple"], "reference": "I Samuel 30:1"},
        {"type": "hero", "brigades": ["Purple"], "reference": "II Samuel 1:1"},
        2,
    ),
    (
        "The Tribal Elders [L]",
        {"type": "hero", "brigades": ["White"], "reference": "Exodus 18:1"},
        {"type": "hero", "brigades": ["Green"], "reference": "Exodus 18:1"},
        2,
    ),
    (
        "Pharaoh's Army [K]",
        {"type": "evil_character", "identifiers": ["egyptian king"]},
        {"type": "evil_character", "identifiers": ["philistine"]},
        1,
    ),
    (
        "Philistine Army [L]",
        {"type": "evil_character", "identifiers": ["generic", "philistine"]},
        {"type": "evil_character", "identifiers": ["egyptian"]},
        1,
    ),
    (
        "Pharaoh's Officials [K]",
        {"type": "evil_character", "identifiers": ["egyptian"], "strength": 10},
        {"type": "evil_character", "identifiers": ["egyptian"], "strength": 9},
        1,
    ),
    (
        "Philistine Governors [L]",
        {"type": "evil_character", "identifiers": ["philistine giant"], "strength": 12},
        {"type": "evil_character", "identifiers": ["philistine"], "strength": 8},
        1,
    ),
]


BANDERS = with_firsts([(K(x[0]), *x[1:]) for x in BANDERS])


@pytest.mark.parametrize("card, yes, no, n", BANDERS, ids=[x[0] for x in BANDERS])
@pytest.mark.parametrize("first", [True, False])
def test_the_character_may_band_to_one_that_fits_or_draw(monkeypatch, card, yes, no, n, first):
    good_side = CARDS[card].type == "hero"
    align = "good" if good_side else "evil"
    a = _test_card(monkeypatch, "band_yes", **{"alignment": align, "strength": 5, "toughness": 5, **yes})
    z = _test_card(monkeypatch, "band_no", **{"alignment": align, "strength": 5, "toughness": 5, **no})
    side = {"territory": [a, z], "deck": ["ezra", "peter", "eglon"]}
    b = rescues(card, mine=side) if good_side else blocks(card, theirs=side)
    g, p = b.game, 0 if good_side else 1
    d = g.s.pending
    assert d is not None and d.effect == "choose_one" and d.chooser == p
    ok(g, f"choose {b[card]}" if first else "choose")
    d = g.s.pending
    if first:
        assert d is not None and d.effect == "band" and d.options == [b[a]]
        ok(g, f"choose {b[a]}")
        assert g.zone_of(b[a]) == (p, "field_of_battle") and g.zone_of(b[z]) == (p, "territory")
    else:
        assert d is not None and d.effect == "may_draw"
        ok(g, f"choose {b[card]}")
        assert len(g.z[p]["hand"]) == n and len(g.z[p]["deck"]) == 3 - n
    round_trip(g)


# --- characters that negate ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "card",
    [K("David, Giant Slayer [K]"), K("David, the Anointed (1st Print - K)"), *printings("Moses, the Deliverer [L]")],
)
def test_the_hero_banded_in_negates_an_evil_card_in_battle_and_may_draw(monkeypatch, card):
    alarm = real_key("Sound the Alarm ( C)", "2E")  # a Red band enhancement: a Hero of yours from hand or territory
    hero = _test_card(monkeypatch, "red_hero", type="hero", alignment="good", brigades=["Red"], strength=5, toughness=5)
    b = blocked(hero, DOEG, mine={"hand": [alarm], "territory": [card], "deck": ["ezra", "peter"]})
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b[alarm]} {b[hero]} {b[card]}")
    d = g.s.pending
    assert d is not None and d.effect == "negate_one" and d.options == [b[DOEG]]
    ok(g, f"choose {b[DOEG]}")
    assert b[DOEG] in g.b.negated
    d = g.s.pending
    assert d is not None and d.effect == "may_draw"
    ok(g, f"choose {b[card]}")
    assert g.zone_of(b["ezra"]) == (0, "hand")
    round_trip(g)


@pytest.mark.parametrize("card", printings("Abusive Taskmaster [K]", "Soldiers at Aphek [L]"))
def test_the_taskmaster_negates_a_hero_in_battle_and_may_topdeck_an_evil_card_from_the_reserve(card):
    women = "gideon"
    b = blocked(women, card, theirs={"reserve": [OT_EVIL], "deck": ["eglon"]})
    g = b.game
    d = g.s.pending
    assert d is not None and d.effect == "negate_one" and d.chooser == 1
    ok(g, f"choose {d.options[0]}")
    assert b[women] in g.b.negated
    d = g.s.pending
    assert d is not None and d.effect == "topdeck" and d.options == [b[OT_EVIL]] and d.to == [1]
    ok(g, f"choose {b[OT_EVIL]}")
    assert g.z[1]["deck"][0] == b[OT_EVIL]
    round_trip(g)


# --- characters that look at a hand -----------------------------------------------------------------------------------
@pytest.mark.parametrize("card", printings("Hannah [K]", "Ithamar, Son of Aaron [L]"))
@pytest.mark.parametrize("withdraw", [True, False])
def test_the_hero_looks_at_the_opponents_hand_and_may_withdraw(card, withdraw):
    b = rescues(card, theirs={"hand": ["herod", "pilate"]})
    g = b.game
    d = g.s.pending
    assert d is not None and d.effect == "look_hand" and d.to == [0] and set(d.revealed) == {b["herod"], b["pilate"]}
    assert not d.options
    ok(g, "choose")
    d = g.s.pending
    assert d is not None and d.effect == "withdraw_self"
    ok(g, f"choose {b[card]}" if withdraw else "choose")
    assert g.zone_of(b[card]) == ((0, "territory") if withdraw else (0, "field_of_battle"))
    round_trip(g)


@pytest.mark.parametrize("card", printings("Abiathar [K]", "Miriam [L]"))
@pytest.mark.parametrize("first", [True, False])
def test_the_hero_looks_at_a_hand_or_takes_a_good_old_testament_card_from_the_reserve(card, first):
    ot_good = real_key("Samuel's Edict [K]", "K")
    b = rescues(card, mine={"reserve": [ot_good, "fishers_of_men"]}, theirs={"hand": ["herod"]})
    g = b.game
    ok(g, f"choose {b[card]}" if first else "choose")
    d = g.s.pending
    if first:
        assert d is not None and d.effect == "look_hand" and d.revealed == [b["herod"]] and d.to == [0]
        ok(g, "choose")
    else:
        assert d is not None and d.effect == "search" and d.options == [b[ot_good]]
        ok(g, f"choose {b[ot_good]}")
        assert g.zone_of(b[ot_good]) == (0, "hand")
    assert g.s.pending is None
    round_trip(g)


# --- enhancements that negate, band, bounce, topdeck -------------------------------------------------------------------
@pytest.mark.parametrize("card", printings("Egyptian Chariots [K]", "Philistine Chariots [L]"))
def test_the_chariots_negate_a_good_enhancement_and_may_draw_two(card):
    blocker = DOEG if "Pale Green" in CARDS[card].brigades else "pilate"
    b = in_battle(
        "gideon", blocker, [], mine={"hand": ["gideons_trumpet"]}, theirs={"hand": [card], "deck": ["eglon", "herod"]}
    )
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b['gideons_trumpet']} {b['gideon']}")
    to_player(g, 1)
    ok(g, f"enhance {b[card]} {b[blocker]} {b['gideons_trumpet']}")
    assert b["gideons_trumpet"] in g.b.negated and g.char_numbers(b["gideon"]) == (7, 5)
    d = g.s.pending
    assert d is not None and d.effect == "may_draw"
    ok(g, f"choose {b[card]}")
    assert g.zone_of(b["eglon"]) == (1, "hand") and g.zone_of(b["herod"]) == (1, "hand")
    round_trip(g)


@pytest.mark.parametrize("card", printings("Loyalty to David [K]", "Water from a Rock [L]"))
def test_the_enhancement_negates_an_evil_card_and_an_old_testament_hero_may_band_in(monkeypatch, card):
    hero, blocker = good(card, monkeypatch)
    b = in_battle(hero, blocker, [], mine={"hand": [card], "territory": ["gideon", "peter"]})
    g = b.game
    ok(g, f"enhance {b[card]} {b[hero]} {b[blocker]}")
    assert b[blocker] in g.b.negated
    d = g.s.pending
    assert d is not None and d.effect == "band" and d.options == [b["gideon"]]  # Judges; Peter is N.T.
    ok(g, f"choose {b['gideon']}")
    assert g.zone_of(b["gideon"]) == (0, "field_of_battle")
    round_trip(g)


@pytest.mark.parametrize("card", printings("Moses kills Egyptian [K]", "Taunting the Lord [L]"))
@pytest.mark.parametrize("first", [True, False])
def test_the_enhancement_negates_a_good_enhancement_or_bounces_a_hero(card, first):
    blocker = DOEG if "Pale Green" in CARDS[card].brigades else "pilate"
    b = in_battle(
        "gideon", blocker, [], mine={"hand": ["gideons_trumpet"], "territory": ["barak"]}, theirs={"hand": [card]}
    )
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b['gideons_trumpet']} {b['gideon']}")
    to_player(g, 1)
    ok(g, f"enhance {b[card]} {b[blocker]}")
    d = g.s.pending
    assert d is not None and d.effect == "choose_one"
    ok(g, f"choose {b[card]}" if first else "choose")
    if first:
        assert b["gideons_trumpet"] in g.b.negated
    else:
        d = g.s.pending
        assert d is not None and d.effect == "return" and set(d.options) == {b["gideon"], b["barak"]}
        ok(g, f"choose {b['barak']}")
        assert g.zone_of(b["barak"]) == (0, "hand")
    round_trip(g)


@pytest.mark.parametrize("card", printings("Make Bricks! [K]", "No Blacksmiths in Israel [L]"))
@pytest.mark.parametrize("first", [True, False])
def test_the_enhancement_topdecks_an_evil_card_from_the_reserve_or_underdecks_a_hero(card, first):
    blocker = DOEG if "Pale Green" in CARDS[card].brigades else "pilate"
    b = blocked(
        "gideon",
        blocker,
        mine={"territory": ["barak"], "deck": ["ezra"]},
        theirs={"hand": [card], "reserve": [OT_EVIL, "gideons_trumpet"]},
    )
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[card]} {b[blocker]}")
    ok(g, f"choose {b[card]}" if first else "choose")
    d = g.s.pending
    if first:
        assert d is not None and d.effect == "topdeck" and d.options == [b[OT_EVIL]] and d.to == [1]
        ok(g, f"choose {b[OT_EVIL]}")
        assert g.z[1]["deck"][0] == b[OT_EVIL]
    else:
        assert d is not None and d.effect == "underdeck" and set(d.options) == {b["gideon"], b["barak"]}
        ok(g, f"choose {b['barak']}")
        assert g.z[0]["deck"] == [b["ezra"], b["barak"]]
    round_trip(g)


@pytest.mark.parametrize(
    "card, enh",
    [
        (K("Bravery of David [K]"), real_key("Samuel's Edict [K]", "K")),
        (K("Provisions in the Desert [L]"), real_key("Slain by Levites [L]", "L")),
    ],
)
@pytest.mark.parametrize("where", ["deck", "reserve"])
def test_the_enhancement_may_topdeck_a_good_enhancement_of_its_book_from_deck_or_reserve(monkeypatch, card, enh, where):
    hero, blocker = good(card, monkeypatch)
    side = {
        "hand": [card],
        where: [enh, "gideons_trumpet"],
        **({"deck": ["ezra", "peter"]} if where == "reserve" else {}),
    }
    if where == "deck":
        side["deck"] = ["ezra", enh, "peter", "gideons_trumpet"]
    b = in_battle(hero, blocker, [], mine=side)
    g = b.game
    ok(g, f"enhance {b[card]} {b[hero]}")
    d = g.s.pending
    assert d is not None and d.effect == "topdeck" and d.options == [b[enh]] and d.to == [0]
    ok(g, f"choose {b[enh]}")
    assert g.z[0]["deck"][0] == b[enh]
    round_trip(g)


@pytest.mark.parametrize("card", printings("Gathering Soothsayers [K]", "Gathering the Armies [L]"))
def test_the_enhancement_used_by_its_people_bands_up_to_three_of_them(monkeypatch, card):
    word = "egyptian" if CARDS[card].set.startswith("K") else "philistine"
    brig = CARDS[card].brigades[0]
    used = _test_card(
        monkeypatch,
        "leader",
        type="evil_character",
        brigades=[brig],
        identifiers=[word],
        strength=5,
        toughness=5,
        reference="Exodus 1:1",
    )
    mates = [
        _test_card(
            monkeypatch,
            f"mate{i}",
            type="evil_character",
            brigades=["Black"],
            identifiers=[f"{word} king" if i else word],
            strength=2,
            toughness=2,
            reference="Exodus 1:1",
        )
        for i in range(4)
    ]
    other = _test_card(
        monkeypatch,
        "stranger",
        type="evil_character",
        brigades=["Black"],
        strength=2,
        toughness=2,
        reference="Exodus 1:1",
    )
    b = in_battle("gideon", used, [], theirs={"hand": [card], "territory": [*mates, other]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[card]} {b[used]}")
    d = g.s.pending
    assert d is not None and d.effect == "band" and d.most == 3 and set(d.options) == {b[m] for m in mates}
    for m in mates[:3]:
        ok(g, f"choose {b[m]}")
    assert all(g.zone_of(b[m]) == (1, "field_of_battle") for m in mates[:3]) and g.zone_of(b[other]) == (1, "territory")
    round_trip(g)


@pytest.mark.parametrize("card", printings("Gathering Soothsayers [K]", "Gathering the Armies [L]"))
def test_the_enhancement_used_by_another_character_bands_nobody(monkeypatch, card):
    brig = CARDS[card].brigades[0]
    used = _test_card(monkeypatch, "leader", type="evil_character", brigades=[brig], strength=5, toughness=5)
    b = in_battle("gideon", used, [], theirs={"hand": [card], "territory": [DOEG]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[card]} {b[used]}")
    assert g.s.pending is None and g.zone_of(b[DOEG]) == (1, "territory")


# --- look at the top of the draw pile and take up to one -----------------------------------------------------------
@pytest.mark.parametrize("card", printings("David's Spies [K]", "Women of Israel [L]"))
@pytest.mark.parametrize("take", [True, False])
def test_the_spies_look_at_the_top_three_and_take_up_to_one(card, take):
    b = rescues(card, mine={"deck": ["ls_wanderer", "ezra", "peter", "barak"]})
    g = b.game
    d = g.s.pending
    assert d is not None and d.effect == "look_top" and d.shape == "up_to" and d.to == [0]
    assert d.options == [b["ezra"], b["peter"]] and len(d.revealed) == 3  # not the Lost Soul, not the fourth card
    ok(g, f"choose {b['ezra']}" if take else "choose")
    assert g.zone_of(b["ezra"]) == ((0, "hand") if take else (0, "deck"))
    while g.s.pending is not None:  # the order of the rest under the pile
        ok(g, f"choose {g.s.pending.left()[0]}")
    assert g.z[0]["deck"][0] == b["barak"] and len(g.z[0]["deck"]) == (3 if take else 4)
    round_trip(g)


@pytest.mark.parametrize("card", printings("Divination [K]", "Taking the Ark [L]"))
def test_the_evil_enhancement_looks_at_the_top_six_and_takes_up_to_one_evil_card(card):
    blocker = DOEG if "Pale Green" in CARDS[card].brigades else "pilate"
    deck = ["herod", "ezra", "ls_orphan", "peter", "eglon", "barak", "sisera"]
    b = blocked("gideon", blocker, theirs={"hand": [card], "deck": deck})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[card]} {b[blocker]}")
    d = g.s.pending
    assert d is not None and d.effect == "look_top" and d.options == [b["herod"], b["eglon"]]  # evil, not the 7th
    ok(g, f"choose {b['eglon']}")
    assert g.zone_of(b["eglon"]) == (1, "hand")
    while g.s.pending is not None:
        ok(g, f"choose {g.s.pending.left()[0]}")
    assert g.z[1]["deck"][0] == b["sisera"] and len(g.z[1]["deck"]) == 6
    round_trip(g)


# --- the opponent puts an evil card from hand on the draw pile --------------------------------------------------------
@pytest.mark.parametrize("card", printings("Counsel for the King [K]", "Consecration of Priests [L]"))
def test_the_opponent_underdecks_an_evil_card_from_hand_and_an_evil_character_is_bounced(monkeypatch, card):
    hero, blocker = good(card, monkeypatch)
    b = in_battle(
        hero,
        blocker,
        [],
        mine={"hand": [card]},
        theirs={"hand": ["herod", "fishers_of_men"], "territory": [DOEG], "deck": ["eglon"]},
    )
    g = b.game
    ok(g, f"enhance {b[card]} {b[hero]}")
    d = g.s.pending
    assert d is not None and d.chooser == 1 and d.options == [b["herod"]] and d.to == [1]  # the evil one only
    out = ok(g, f"choose {b['herod']}")
    assert g.z[1]["deck"] == [b["eglon"], b["herod"]] and "Herod" not in " ".join(e.text for e in out.events)
    d = g.s.pending
    assert d is not None and d.chooser == 0 and set(d.options) == {b[blocker], b[DOEG]}
    ok(g, f"choose {b[DOEG]}")
    assert g.zone_of(b[DOEG]) == (1, "hand")
    round_trip(g)


@pytest.mark.parametrize("card", printings("You Will Be Well [K]", "Observe the Sabbath [L]"))
def test_an_evil_card_is_negated_and_the_opponent_topdecks_an_evil_card_from_hand(monkeypatch, card):
    hero, blocker = good(card, monkeypatch)
    b = in_battle(hero, blocker, [], mine={"hand": [card]}, theirs={"hand": ["herod", "pilate"], "deck": ["eglon"]})
    g = b.game
    ok(g, f"enhance {b[card]} {b[hero]} {b[blocker]}")
    assert b[blocker] in g.b.negated
    d = g.s.pending
    assert d is not None and d.chooser == 1 and set(d.options) == {b["herod"], b["pilate"]}
    ok(g, f"choose {b['pilate']}")
    assert g.z[1]["deck"][0] == b["pilate"] and g.zone_of(b["herod"]) == (1, "hand")
    round_trip(g)


@pytest.mark.parametrize("card", printings("Abusive Taskmaster (1st Print - K)", "Soldiers at Aphek (1st Print - L)"))
def test_the_first_printing_of_the_taskmaster_negates_a_hero_in_battle(card):
    b = blocked("gideon", card)
    g = b.game
    d = g.s.pending
    assert d is not None and d.effect == "negate_one" and d.options == [b["gideon"]]
    ok(g, f"choose {b['gideon']}")
    assert b["gideon"] in g.b.negated and g.s.pending is None
    round_trip(g)


@pytest.mark.parametrize("card", printings("Egyptian Horsemen (1st Print - K)", "Philistine Raiders (1st Print - L)"))
def test_the_first_printing_of_the_horsemen_may_draw_two(card):
    b = blocks(card, theirs={"deck": ["herod", "pilate", "eglon"]})
    g = b.game
    ok(g, f"choose {b[card]}")
    assert g.zone_of(b["herod"]) == (1, "hand") and g.zone_of(b["pilate"]) == (1, "hand")
    round_trip(g)


# --- play a Lost Soul (and an Evil Character) from a draw pile -----------------------------------------------------
@pytest.mark.parametrize(
    "card",
    printings(
        "Company of Prophets [K]", "David's Messengers [K]", "Generations of Priests [L]", "Daughters of Midian [L]"
    ),
)
@pytest.mark.parametrize("first", [True, False])
def test_the_hero_plays_a_lost_soul_from_a_draw_pile_or_draws(card, first):
    b = rescues(card, mine={"deck": ["ezra", "ls_wanderer"]}, theirs={"deck": ["herod", "ls_widow", "pilate"]})
    g = b.game
    ok(g, f"choose {b[card]}" if first else "choose")
    d = g.s.pending
    if first:
        assert d is not None and d.effect == "play_from_deck" and set(d.options) == {b["ls_wanderer"], b["ls_widow"]}
        assert d.to == [0]
        ok(g, f"choose {b['ls_widow']}")
        assert g.zone_of(b["ls_widow"]) == (1, "land_of_bondage") and len(g.z[1]["deck"]) == 2
    else:
        assert d is not None and d.effect == "may_draw"
        ok(g, f"choose {b[card]}")
        assert g.zone_of(b["ezra"]) == (0, "hand") and g.zone_of(b["ls_wanderer"]) == (0, "deck")
    round_trip(g)


@pytest.mark.parametrize("card", printings("David's Prayer [K]", "Moshe [L]"))
def test_the_prayer_plays_a_lost_soul_and_an_evil_character_from_the_opponents_draw_pile(monkeypatch, card):
    hero, blocker = good(card, monkeypatch)
    b = in_battle(
        hero,
        blocker,
        [],
        mine={"hand": [card], "deck": ["ls_wanderer"]},
        theirs={"deck": ["herod", "ls_widow", "ezra"]},
    )
    g = b.game
    ok(g, f"enhance {b[card]} {b[hero]}")
    d = g.s.pending
    assert d is not None and d.options == [b["ls_widow"]] and d.to == [0]  # the opponent's pile only
    ok(g, f"choose {b['ls_widow']}")
    d = g.s.pending
    assert d is not None and d.options == [b["herod"]]  # then an Evil Character (not the Hero)
    ok(g, f"choose {b['herod']}")
    assert g.zone_of(b["ls_widow"]) == (1, "land_of_bondage") and g.zone_of(b["herod"]) == (1, "territory")
    assert g.zone_of(b["ls_wanderer"]) == (0, "deck") and g.z[1]["deck"] == [b["ezra"]]
    round_trip(g)


# --- weapons that may be discarded to discard a Hero -----------------------------------------------------------------
@pytest.mark.parametrize(
    "card",
    [
        *printings("Egyptian Spear [K]", "Goliath's Spear [L]"),
        K("Egyptian Spear (1st Print - K)"),
        K("Goliath's Spear (1st Print - L)"),
    ],
)
@pytest.mark.parametrize("use", [True, False])
def test_the_spear_may_be_discarded_to_discard_a_hero(card, use):
    blocker = real_key("Pharaoh's Army [K]", "K") if CARDS[card].set.startswith("K") else "herod"  # warriors
    b = in_battle("gideon", blocker, [], mine={"territory": ["barak"]}, theirs={"hand": [card]})
    g = b.game
    to_player(g, 1)
    if "1st Print" in card:  # the 1st printing negates a good card first: the Hero in battle, the only one
        ok(g, f"enhance {b[card]} {b[blocker]} {b['gideon']}")
        assert b["gideon"] in g.b.negated
    else:
        ok(g, f"enhance {b[card]} {b[blocker]}")
    d = g.s.pending
    assert d is not None and d.effect == "discard_self_to" and set(d.options) == {b["gideon"], b["barak"]}
    ok(g, f"choose {b['barak']}" if use else "choose")
    if use:
        assert g.zone_of(b["barak"]) == (0, "discard") and g.zone_of(b[card]) == (1, "discard")
    else:
        assert g.zone_of(b["barak"]) == (0, "territory") and g.zone_of(b[card]) == (1, "field_of_battle")
    round_trip(g)


# --- exchange this character with a Hero of the Reserve or the discard pile ----------------------------------------
@pytest.mark.parametrize(
    "card, other",
    with_firsts(
        [
            (K("Abishai [K]"), real_key("Abigail [K]", "K")),
            (K("The Israelite Foremen [L]"), real_key("Joshua, the Faithful [L]", "L")),
        ]
    ),
)
@pytest.mark.parametrize("where", ["reserve", "discard"])
def test_the_hero_may_exchange_itself_with_a_hero_of_its_book_from_reserve_or_discard_pile(card, other, where):
    b = rescues(card, mine={where: [other, "gideon"], "hand": ["gideons_trumpet"]})
    g = b.game
    d = g.s.pending
    assert d is not None and d.effect == "exchange_self" and d.options == [b[other]] and d.to == [0]  # not Gideon
    ok(g, f"choose {b[other]}")
    assert g.zone_of(b[other]) == (0, "field_of_battle") and g.zone_of(b[card]) == (0, where)
    assert g.battle_chars(0) == [b[other]] and g.s.pending is None  # placed: its own ability does not work
    round_trip(g)


# --- underdeck a Hero in a territory, unless its owner underdecks a good card from hand --------------------------
@pytest.mark.parametrize("card", printings("Egyptian Archer [K]", "Philistine Archer [L]"))
@pytest.mark.parametrize("pay", [True, False])
def test_the_archer_underdecks_a_hero_in_a_territory_unless_its_owner_underdecks_a_good_card(card, pay):
    b = blocks(card, mine={"territory": ["barak"], "hand": ["gideons_trumpet", "goliaths_taunt"], "deck": ["ezra"]})
    g = b.game
    d = g.s.pending
    assert d is not None and d.effect == "underdeck_or_pay" and d.chooser == 1 and d.options == [b["barak"]]
    ok(g, f"choose {b['barak']}")
    d = g.s.pending
    assert d is not None and d.chooser == 0 and d.options == [b["gideons_trumpet"]]  # a good card of the hand
    ok(g, f"choose {b['gideons_trumpet']}" if pay else "choose")
    if pay:
        assert g.zone_of(b["barak"]) == (0, "territory") and g.z[0]["deck"][-1] == b["gideons_trumpet"]
    else:
        assert g.z[0]["deck"][-1] == b["barak"] and g.zone_of(b["gideons_trumpet"]) == (0, "hand")
    round_trip(g)


# --- protected from lone Heroes; looks at a hand ---------------------------------------------------------------------
@pytest.mark.parametrize(
    "card", [*printings("Pharaoh, Ramses II [K]", "Goliath, Fear Bringer [L]"), K("Pharaoh Ramses II (1st Print - K)")]
)
def test_the_king_looks_at_a_hand_as_he_blocks_and_is_protected_from_a_lone_hero(monkeypatch, card):
    from rules.redemption import continuous
    from rules.redemption.cards import _card

    b = blocked("gideon", card, mine={"hand": ["barak", "ezra"]})
    g = b.game
    d = g.s.pending
    assert d is not None and d.effect == "look_hand" and d.chooser == 1 and set(d.revealed) == {b["barak"], b["ezra"]}
    ok(g, "choose")
    gideon = CARDS["gideon"]
    assert continuous.protected_from(g, b[card], gideon)  # Gideon is alone on his side
    assert not continuous.protected_from(g, b[card], CARDS["herod"])  # not an Evil Character's ability
    # a lone Hero's own targeted ability cannot take him: a Hero that negates an Evil Character as it enters battle
    key = "t_lone_negator"
    monkeypatch.setitem(
        CARDS,
        key,
        _card(
            {
                "key": key,
                "name": "Lone Negator",
                "type": "hero",
                "alignment": "good",
                "brigades": ["Blue"],
                "strength": 1,
                "toughness": 1,
                "abilities": [
                    {
                        "trigger": "enters_battle",
                        "effects": [
                            {
                                "verb": "negate_one",
                                "select": {"zone": "battle", "owner": "opponents", "type": "evil_character"},
                            }
                        ],
                    }
                ],
            }
        ),
    )
    b2 = blocked(key, card)
    g2 = b2.game
    if g2.s.pending is not None:
        ok(g2, "choose")
    g2.b.left.clear()
    g2._leave_battle(b2[key], "territory", [])  # it comes in again alone: Gideon-free battle, a lone Hero
    g2.b.left.clear()
    g2._enter_battle(0, b2[key], [], "bands in")
    assert g2.s.pending is None and b2[card] not in g2.b.negated
    g2._move(b2[key], 0, "territory")
    round_trip(g)


# --- Dominants that band ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "card, mates, stranger",
    with_firsts(
        [
            (
                K("Lord of Armies [K]"),
                [real_key(n, "K") for n in ("Abigail [K]", "Hannah [K]", "Samuel, the Anointer [K]", "Abiathar [K]")],
                real_key("Joshua, the Faithful [L]", "L"),
            ),
            (
                K("Pillar of Fire [L]"),
                [
                    real_key(n, "L")
                    for n in (
                        "Joshua, the Faithful [L]",
                        "Miriam [L]",
                        "Eleazar, Son of Aaron [L]",
                        "Jethro, Priest of Midian [L]",
                    )
                ],
                real_key("Abigail [K]", "K"),
            ),
        ]
    ),
)
def test_the_dominant_lets_an_old_testament_human_band_to_up_to_three_heroes_of_its_book(card, mates, stranger):
    b = in_battle("gideon", EGYPTIANS, [], mine={"hand": [card], "territory": [*mates, stranger]})
    g = b.game
    ok(g, f"dominant {b[card]}")
    d = g.s.pending
    assert d is not None and d.effect == "band" and d.most == 3 and set(d.options) == {b[m] for m in mates}
    for m in mates[:3]:
        ok(g, f"choose {b[m]}")
    assert all(g.zone_of(b[m]) == (0, "field_of_battle") for m in mates[:3]) and g.zone_of(b[mates[3]]) == (
        0,
        "territory",
    )
    round_trip(g)


@pytest.mark.parametrize("card", printings("Lord of Armies [K]", "Pillar of Fire [L]"))
def test_the_dominant_cannot_be_played_without_an_old_testament_human_in_battle(card):
    b = in_battle("stephen", EGYPTIANS, [], mine={"hand": [card], "territory": ["gideon"]})  # Stephen is N.T.
    g = b.game
    assert not any(a.verb == "dominant" and a.args[0] == b[card] for a in g.legal_actions())


# --- Dominants that take an evil character and may add one to battle --------------------------------------------
@pytest.mark.parametrize(
    "card, word", with_firsts([(K("Murderous Command [K]"), "egyptian"), (K("Warrior Overtaken [L]"), "philistine")])
)
def test_the_dominant_takes_an_evil_character_of_its_people_and_may_discard_a_hero_to_add_one_to_battle(
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
    assert g.zone_of(b[taken]) == (1, "hand")
    d = g.s.pending
    assert d is not None and d.effect == "discard_to_add" and d.options == [b["barak"]]  # a Hero in a territory
    ok(g, f"choose {b['barak']}")
    d = g.s.pending
    assert d is not None and set(d.options) == {b[taken], b[added]}
    ok(g, f"choose {b[added]}")
    assert g.zone_of(b["barak"]) == (0, "discard") and g.zone_of(b[added]) == (1, "field_of_battle")
    assert g.s.pending is None
    round_trip(g)


# --- artifacts: draw when an opponent draws by a good or evil ability -----------------------------------------------
@pytest.mark.parametrize("card", printings("David's Harp [K]", "Altar of Burnt Offering [L]"))
@pytest.mark.parametrize("up", [True, False])
def test_the_artifact_lets_its_holder_draw_one_when_an_opponent_draws_by_a_good_or_evil_ability(card, up):
    draw = real_key("Consecration [K]", "K")  # negate and discard an evil enhancement, then may draw 1
    evil = real_key("Ancient Evil (G)", "10A")
    b = in_battle(
        "stephen",
        EGYPTIANS,
        [evil],
        mine={"hand": [draw], "deck": ["ezra", "peter"]},
        theirs={"artifact_pile": [card], "deck": ["herod", "pilate"]},
    )
    g = b.game
    if up:
        g.face_up.add(b[card])
    ok(g, f"enhance {b[draw]} {b['stephen']} {b[evil]}")
    ok(g, f"choose {b[draw]}")  # Stephen's player draws 1
    assert g.zone_of(b["ezra"]) == (0, "hand")
    d = g.s.pending
    if not up:
        assert d is None  # face down: not active
        return
    assert d is not None and d.effect == "gift_draw" and d.chooser == 1
    ok(g, f"choose {b[card]}")
    assert g.zone_of(b["herod"]) == (1, "hand") and g.zone_of(b["pilate"]) == (1, "deck")  # one, not as many
    round_trip(g)


# --- Lost Souls: "if rescued, you may draw 1" -----------------------------------------------------------------------
SOULS_DRAW = [
    K('Lost Soul "Obstinate" [Exodus 33:3 - K]'),
    real_key('Lost Soul "Obstinate" [Exodus 33:3] [1st Print - K]', "K1P"),
    K('Lost Soul "Fat" [I Samuel 2:29 - L]'),
    real_key('Lost Soul "Fat" [I Samuel 2:29] (1st Print - L)', "L1P"),
]


@pytest.mark.parametrize("soul", SOULS_DRAW)
def test_the_lost_soul_rescued_lets_the_player_it_was_rescued_from_draw_one(soul):
    assert soul in KEYS
    b = pos(
        {"hand": ["barak"], "land_of_bondage": ["ls_orphan"]},  # a Lost Soul left in play: the game goes on
        {"land_of_bondage": [soul], "deck": ["herod", "pilate"]},
        phase="battle",
    )
    g = b.game
    ok(g, f"rescue {b['barak']}")
    ok(g, "noblock")
    assert g.zone_of(b[soul]) == (0, "land_of_redemption")
    d = g.s.pending
    assert d is not None and d.effect == "may_draw" and d.chooser == 1  # its player: the one it was rescued from
    ok(g, f"choose {b[soul]}")
    assert g.zone_of(b["herod"]) == (1, "hand") and g.zone_of(b["pilate"]) == (1, "deck")
    round_trip(g)


@pytest.mark.parametrize("son", printings("Son of God [K]", "Son of God [L]"))
def test_son_of_god_negates_the_lost_soul_it_rescues(son):
    soul = SOULS_DRAW[0]
    b = pos({"hand": [son]}, {"land_of_bondage": [soul], "deck": ["herod"]})
    g = b.game
    ok(g, f"dominant {b[son]} {b[soul]}")
    assert g.zone_of(b[soul]) == (0, "land_of_redemption") and g.s.pending is None  # its ability does not work
    assert CARDS[son].ability_text.startswith("Negate and rescue")


# --- Lost Souls: "if put in play" -----------------------------------------------------------------------------------
def drawn(soul: str, mine: dict | None = None, theirs: dict | None = None) -> Any:
    """Seat 0 plays a Dominant that draws (Manna from Heaven): the Lost Soul on top of the draw pile is drawn into
    the Land of Bondage, put in play."""
    mine = {
        "hand": ["manna_from_heaven", *(mine or {}).get("hand", [])],
        **{k: v for k, v in (mine or {}).items() if k != "hand"},
    }
    mine["deck"] = [soul, *mine.get("deck", ["ezra", "peter", "barak", "esther"])]
    b = pos(mine, {"land_of_bondage": ["ls_orphan"], **(theirs or {})})
    ok(b.game, f"dominant {b['manna_from_heaven']}")
    assert b.game.zone_of(b[soul]) == (0, "land_of_bondage")
    return b


@pytest.mark.parametrize(
    "soul, word",
    [
        (K('Lost Soul "Dread" [Exodus 15:16 - K]'), "egyptian"),
        (K('Lost Soul "Outcry" [I Samuel 5:12 - L]'), "philistine"),
    ],
)
def test_the_lost_soul_put_in_play_may_exchange_a_card_of_the_hand_with_an_evil_one_of_the_draw_pile(
    monkeypatch, soul, word
):
    evil = _test_card(
        monkeypatch, "evil_one", type="evil_character", brigades=["Black"], identifiers=[word], strength=3, toughness=3
    )
    b = drawn(soul, mine={"hand": ["gideons_trumpet"], "deck": ["ezra", "peter", "barak", "esther", evil, "herod"]})
    g = b.game
    d = g.s.pending
    assert d is not None and d.effect == "exchange_hand" and d.chooser == 0 and b["gideons_trumpet"] in d.options
    ok(g, f"choose {b['gideons_trumpet']}")
    d = g.s.pending
    assert d is not None and d.options == [b[evil]] and d.to == [0]  # not Herod: no Egyptian/Philistine
    ok(g, f"choose {b[evil]}")
    assert g.zone_of(b[evil]) == (0, "hand") and g.zone_of(b["gideons_trumpet"]) == (0, "deck")
    round_trip(g)


@pytest.mark.parametrize(
    "soul",
    [
        K('Lost Soul "Grumbled" [Exodus 15:24 - K]'),
        real_key('Lost Soul "Grumbled" [Exodus 15:24] [1st Print - K]', "K1P"),
        K('Lost Soul "Shepherds" [I Samuel 25:7 - L]'),
        real_key('Lost Soul "Shepherds" [I Samuel 25:7] [1st Print - L]', "L1P"),
    ],
)
@pytest.mark.parametrize("use", [True, False])
def test_the_lost_soul_put_in_play_may_underdeck_a_card_of_the_hand_to_draw_one(soul, use):
    b = drawn(soul, mine={"hand": ["gideons_trumpet"], "deck": ["ezra", "peter", "barak", "esther", "daniel"]})
    g = b.game
    d = g.s.pending
    assert d is not None and d.effect == "underdeck_to_draw" and d.to == [0]
    hand = len(g.z[0]["hand"])
    ok(g, f"choose {b['gideons_trumpet']}" if use else "choose")
    if use:
        assert g.z[0]["deck"][-1] == b["gideons_trumpet"] and len(g.z[0]["hand"]) == hand
    else:
        assert g.zone_of(b["gideons_trumpet"]) == (0, "hand") and len(g.z[0]["hand"]) == hand
    round_trip(g)


@pytest.mark.parametrize(
    "soul",
    [
        K('Lost Soul "Displeased" [Exodus 21:8 - K]'),
        real_key('Lost Soul "Displeased" [Exodus 21:8] [1st Print - K]', "K1P"),
        K('Lost Soul "Behold" [I Samuel 30:3 - L]'),
        real_key('Lost Soul "Behold" [I Samuel 30:3] [1st Print - L]', "L1P"),
    ],
)
@pytest.mark.parametrize("hand", [True, False])
def test_the_lost_soul_put_in_play_looks_at_the_opponents_hand_or_reserve(soul, hand):
    b = drawn(soul, theirs={"hand": ["herod"], "reserve": ["pilate"]})
    g = b.game
    d = g.s.pending
    assert d is not None and d.effect == "choose_one"
    ok(g, f"choose {b[soul]}" if hand else "choose")
    d = g.s.pending
    assert (
        d is not None and d.effect == "look_hand" and d.revealed == [b["herod" if hand else "pilate"]] and d.to == [0]
    )
    ok(g, "choose")
    assert g.s.pending is None
    round_trip(g)


@pytest.mark.parametrize(
    "soul, word",
    [
        (real_key('Lost Soul "Dread" [Exodus 15:16] [1st Print - K]', "K1P"), "egyptian"),
        (real_key('Lost Soul "Outcry" [I Samuel 5:12] [1st Print - L]', "L1P"), "philistine"),
    ],
)
def test_the_first_printing_put_in_play_may_take_an_evil_one_of_its_people_from_the_draw_pile(monkeypatch, soul, word):
    evil = _test_card(
        monkeypatch, "evil_one", type="evil_character", brigades=["Black"], identifiers=[word], strength=3, toughness=3
    )
    b = drawn(soul, mine={"deck": ["ezra", "peter", "barak", "esther", evil]})
    g = b.game
    d = g.s.pending
    assert d is not None and d.effect == "search" and d.options == [b[evil]]
    ok(g, f"choose {b[evil]}")
    assert g.zone_of(b[evil]) == (0, "hand")


def test_a_lost_soul_played_from_a_draw_pile_is_put_in_play_too():
    company, soul = K("Company of Prophets [K]"), K('Lost Soul "Displeased" [Exodus 21:8 - K]')
    b = rescues(company, theirs={"deck": ["herod", soul], "hand": ["pilate"]})
    g = b.game
    ok(g, f"choose {b[company]}")
    ok(g, f"choose {b[soul]}")
    assert g.zone_of(b[soul]) == (1, "land_of_bondage")
    d = g.s.pending
    assert d is not None and d.effect == "choose_one" and d.chooser == 1  # its owner's ability now


# --- fortresses: put in play, and a lone Hero's attack ------------------------------------------------------------
@pytest.mark.parametrize(
    "card, book", with_firsts([(K("David's Tent [K]"), "I Samuel 17:1"), (K("Wilderness of Sinai [L]"), "Exodus 17:1")])
)
def test_the_fortress_put_in_play_takes_a_hero_of_its_book_and_a_lone_one_attacking_may_draw(monkeypatch, card, book):
    hero = _test_card(
        monkeypatch,
        "book_hero",
        type="hero",
        alignment="good",
        brigades=["Blue"],
        strength=5,
        toughness=5,
        reference=book,
    )
    other = _test_card(
        monkeypatch,
        "other_hero",
        type="hero",
        alignment="good",
        brigades=["Blue"],
        strength=5,
        toughness=5,
        reference="Judges 4:4",
    )
    b = pos({"hand": [card, other], "reserve": [hero], "deck": ["ezra", "peter"]}, {"land_of_bondage": ["ls_orphan"]})
    g = b.game
    ok(g, f"fortress {b[card]}")
    d = g.s.pending
    assert d is not None and d.effect == "search" and d.options == [b[hero]] and d.to == [0]
    ok(g, f"choose {b[hero]}")
    assert g.zone_of(b[hero]) == (0, "hand")
    g.s.phase = "battle"
    ok(g, f"rescue {b[hero]}")
    d = g.s.pending
    assert d is not None and d.effect == "may_draw" and d.source == b[card]
    ok(g, f"choose {b[card]}")
    assert g.zone_of(b["ezra"]) == (0, "hand")
    round_trip(g)


@pytest.mark.parametrize("card", printings("David's Tent [K]", "Wilderness of Sinai [L]"))
def test_the_fortress_does_nothing_for_a_hero_of_another_book(monkeypatch, card):
    other = _test_card(
        monkeypatch,
        "other_hero",
        type="hero",
        alignment="good",
        brigades=["Blue"],
        strength=5,
        toughness=5,
        reference="Judges 4:4",
    )
    b = pos(
        {"hand": [other], "territory": [card], "deck": ["ezra"]}, {"land_of_bondage": ["ls_orphan"]}, phase="battle"
    )
    g = b.game
    ok(g, f"rescue {b[other]}")
    assert g.s.pending is None and g.zone_of(b["ezra"]) == (0, "deck")


# --- dual cards: a GE/EE enhancement; Covenants and Curses (artifacts that are enhancements too) -------------------
@pytest.mark.parametrize("card", printings("Abandoned [K]", "Evade [L]"))
def test_the_dual_enhancement_negates_a_card_as_a_good_enhancement(monkeypatch, card):
    hero, blocker = good(card, monkeypatch)
    evil = real_key("Ancient Evil (G)", "10A")
    b = in_battle(hero, blocker, [evil], mine={"hand": [card]})
    g = b.game
    before = g.char_numbers(b[hero])
    ok(g, f"enhance {b[card]} {b[hero]} {b[evil]}")
    assert b[evil] in g.b.negated and g.char_numbers(b[hero]) == (before[0] + 4, before[1])  # the good half: 4/0
    round_trip(g)


@pytest.mark.parametrize("card", printings("Abandoned [K]", "Evade [L]"))
def test_the_dual_enhancement_is_played_as_an_evil_enhancement_with_its_evil_numbers(card):
    blocker = DOEG if CARDS[card].set.startswith("K") else "pilate"
    b = in_battle("gideon", blocker, [], mine={"hand": ["gideons_trumpet"]}, theirs={"hand": [card]})
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b['gideons_trumpet']} {b['gideon']}")
    to_player(g, 1)
    before = g.char_numbers(b[blocker])
    assert g._enhance_problem(b[card], b[blocker]) is None
    ok(g, f"enhance {b[card]} {b[blocker]} {b['gideons_trumpet']}")
    assert b["gideons_trumpet"] in g.b.negated and g.char_numbers(b[blocker]) == (before[0], before[1] + 4)  # 0/4
    round_trip(g)


@pytest.mark.parametrize("card", printings("Covenant with David [K]", "Covenant with Moses [L]"))
def test_the_covenant_played_in_battle_negates_and_discards_an_evil_card(monkeypatch, card):
    hero, blocker = good(card, monkeypatch)
    evil = real_key("Ancient Evil (G)", "10A")
    b = in_battle(hero, blocker, [evil], mine={"hand": [card]})
    g = b.game
    before = g.char_numbers(b[hero])
    targets = {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[card]}
    assert targets == {b[blocker], b[evil]}
    ok(g, f"enhance {b[card]} {b[hero]} {b[evil]}")
    assert b[evil] in g.b.negated and g.zone_of(b[evil]) == (1, "discard")
    assert g.char_numbers(b[hero]) == (before[0] + 5, before[1] + 2)
    round_trip(g)


@pytest.mark.parametrize(
    "card, hero",
    with_firsts(
        [
            (K("Covenant with David [K]"), real_key("Abigail [K]", "K")),
            (K("Covenant with Moses [L]"), real_key("Joshua, the Faithful [L]", "L")),
        ]
    ),
)
def test_the_covenant_activated_as_an_artifact_may_underdeck_a_hero_of_its_book(card, hero):
    b = pos({"hand": [card], "discard": [hero, "gideon"], "deck": ["ezra"]}, {"land_of_bondage": ["ls_orphan"]})
    g = b.game
    assert any(a.verb == "activate" and a.args[0] == b[card] for a in g.legal_actions())
    ok(g, f"activate {b[card]}")
    d = g.s.pending
    assert d is not None and d.effect == "underdeck" and d.options == [b[hero]]
    ok(g, f"choose {b[hero]}")
    assert g.z[0]["deck"] == [b["ezra"], b[hero]] and g.zone_of(b[card]) == (0, "artifact_pile")
    round_trip(g)


@pytest.mark.parametrize("card", [real_key("Pharaoh's Curse", "K"), K("Goliath's Curse [L]")])
def test_the_curse_played_in_battle_negates_and_discards_a_good_enhancement(card):
    blocker = DOEG if CARDS[card].set.startswith("K") else "pilate"
    b = in_battle("gideon", blocker, [], mine={"hand": ["gideons_trumpet"]}, theirs={"hand": [card]})
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b['gideons_trumpet']} {b['gideon']}")
    to_player(g, 1)
    before = g.char_numbers(b[blocker])
    ok(g, f"enhance {b[card]} {b[blocker]} {b['gideons_trumpet']}")
    assert g.zone_of(b["gideons_trumpet"]) == (0, "discard") and g.char_numbers(b[blocker]) == (
        before[0] + 6,
        before[1],
    )
    round_trip(g)


@pytest.mark.parametrize("card", [real_key("Pharaoh's Curse", "K"), K("Goliath's Curse [L]")])
@pytest.mark.parametrize("use", [True, False])
def test_the_curse_activated_may_underdeck_itself_to_underdeck_a_good_card_in_a_territory(card, use):
    b = pos(
        {"hand": [card], "deck": ["herod"]},
        {"territory": ["gideon"], "deck": ["ezra"], "land_of_bondage": ["ls_orphan"]},
    )
    g = b.game
    ok(g, f"activate {b[card]}")
    d = g.s.pending
    assert d is not None and d.effect == "underdeck_self_to" and d.options == [b["gideon"]]
    ok(g, f"choose {b['gideon']}" if use else "choose")
    if use:
        assert g.z[1]["deck"] == [b["ezra"], b["gideon"]] and g.z[0]["deck"] == [b["herod"], b[card]]
    else:
        assert g.zone_of(b["gideon"]) == (1, "territory") and g.zone_of(b[card]) == (0, "artifact_pile")
    round_trip(g)


# --- the decks, offered once every card is enforced ---------------------------------------------------------------
@pytest.mark.parametrize("label", ["K", "L"])
def test_the_starter_k_and_l_decks_are_offered_with_their_reserve_and_played(label):
    from rules.agents import make_agent, play_match
    from rules.redemption import DECKS, new_game
    from rules.redemption.cards import PENDING, validate_deck

    assert label in DECKS and label not in PENDING and DECKS[label]["name"] == f"Starter {label}"
    keys, reserve = DECKS[label]["cards"], DECKS[label].get("reserve", ())
    assert len(keys) == 50 and len(reserve) == 6 and validate_deck(keys, reserve) == []
    assert all(k in CARDS and CARDS[k].set for k in (*keys, *reserve))
    other = "L" if label == "K" else "K"
    g0 = new_game(3, decks=(label, other))
    assert sorted(g0.cards[c][0] for c in g0.z[0]["reserve"]) == sorted(reserve)  # set apart at the start
    for seed in (5, 9):
        agents = [make_agent("redemption", "random", seed=seed), make_agent("redemption", "random", seed=seed + 1)]
        g = play_match(new_game(seed + 2, decks=(label, other), max_turns=30), agents)
        assert g.s.turn > 1
        round_trip(g)


# --- 1st printings whose words say a little more or less ----------------------------------------------------------
@pytest.mark.parametrize(
    "card, enh",
    [
        (K("Bravery of David (1st Print - K)"), real_key("Samuel's Edict [K]", "K")),
        (K("Provisions in the Desert (1st Print - L)"), real_key("Slain by Levites [L]", "L")),
    ],
)
def test_the_first_printing_takes_a_good_enhancement_of_its_book_from_deck_or_reserve(monkeypatch, card, enh):
    hero, blocker = good(card, monkeypatch)
    b = in_battle(hero, blocker, [], mine={"hand": [card], "reserve": [enh], "deck": ["ezra"]})
    g = b.game
    ok(g, f"enhance {b[card]} {b[hero]}")
    d = g.s.pending
    assert d is not None and d.effect == "search" and d.options == [b[enh]] and d.to == [0]
    ok(g, f"choose {b[enh]}")
    assert g.zone_of(b[enh]) == (0, "hand")
    round_trip(g)


@pytest.mark.parametrize(
    "card, hero",
    [
        (K("David's Harp (1st Print - K)"), real_key("Abigail [K]", "K")),
        (K("Altar of Burnt Offering (1st Print - L)"), real_key("Joshua, the Faithful [L]", "L")),
    ],
)
def test_the_first_printing_of_the_artifact_activated_may_underdeck_a_hero_of_its_book(card, hero):
    b = pos({"hand": [card], "reserve": [hero], "deck": ["ezra"]}, {"land_of_bondage": ["ls_orphan"]})
    g = b.game
    ok(g, f"activate {b[card]}")
    d = g.s.pending
    assert d is not None and d.effect == "underdeck" and d.options == [b[hero]] and d.to == [0]
    ok(g, f"choose {b[hero]}")
    assert g.z[0]["deck"] == [b["ezra"], b[hero]]
    round_trip(g)


@pytest.mark.parametrize("card", printings("Make Bricks! (1st Print - K)", "No Blacksmiths in Israel (1st Print - L)"))
def test_the_first_printing_takes_an_evil_card_from_the_reserve(card):
    blocker = DOEG if CARDS[card].set.startswith("K") else "pilate"
    b = blocked("gideon", blocker, theirs={"hand": [card], "reserve": [OT_EVIL, "gideons_trumpet"]})
    g = b.game
    to_player(g, 1)
    ok(g, f"enhance {b[card]} {b[blocker]}")
    ok(g, f"choose {b[card]}")
    d = g.s.pending
    assert d is not None and d.effect == "search" and d.options == [b[OT_EVIL]]
    ok(g, f"choose {b[OT_EVIL]}")
    assert g.zone_of(b[OT_EVIL]) == (1, "hand")
    round_trip(g)


@pytest.mark.parametrize("card", printings("Moses Kills Egyptian (1st Print - K)", "Taunting the Lord (1st Print - L)"))
def test_the_first_printing_negates_a_good_enhancement_and_bounces_a_hero(card):
    blocker = DOEG if CARDS[card].set.startswith("K") else "pilate"
    b = in_battle(
        "gideon", blocker, [], mine={"hand": ["gideons_trumpet"], "territory": ["barak"]}, theirs={"hand": [card]}
    )
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b['gideons_trumpet']} {b['gideon']}")
    to_player(g, 1)
    ok(g, f"enhance {b[card]} {b[blocker]} {b['gideons_trumpet']}")
    assert b["gideons_trumpet"] in g.b.negated
    d = g.s.pending
    assert d is not None and d.effect == "return" and set(d.options) == {b["gideon"], b["barak"]}
    ok(g, f"choose {b['barak']}")
    assert g.zone_of(b["barak"]) == (0, "hand")
    round_trip(g)


@pytest.mark.parametrize("card", printings("The Murdering Pharaoh (1st Print - K)", "King Achish (1st Print - L)"))
def test_the_first_printing_of_the_king_negates_band_abilities(monkeypatch, card):
    alarm = real_key("Sound the Alarm ( C)", "2E")  # a Red band enhancement
    hero = _test_card(monkeypatch, "red_hero", type="hero", alignment="good", brigades=["Red"], strength=5, toughness=5)
    b = blocked(hero, card, mine={"hand": [alarm], "territory": ["barak"]})
    g = b.game
    to_player(g, 0)
    plays = [a for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == b[alarm]]
    assert plays and all(len(a.args) == 2 for a in plays)  # played for its numbers: nobody can band in
    round_trip(g)


@pytest.mark.parametrize(
    "card, other",
    [
        (K("Hannah (1st Print - K)"), real_key("Abigail [K]", "K")),
        (K("Ithamar, Son of Aaron (1st Print - L)"), real_key("Joshua, the Faithful [L]", "L")),
    ],
)
def test_the_first_printing_looks_at_a_hand_and_may_exchange_itself_with_a_hero_of_its_book_in_territory(card, other):
    b = rescues(card, mine={"territory": [other, "gideon"]}, theirs={"hand": ["herod"]})
    g = b.game
    d = g.s.pending
    assert d is not None and d.effect == "look_hand"
    ok(g, "choose")
    d = g.s.pending
    assert d is not None and d.effect == "exchange_self" and d.options == [b[other]]
    ok(g, f"choose {b[other]}")
    assert g.zone_of(b[other]) == (0, "field_of_battle") and g.zone_of(b[card]) == (0, "territory")
    round_trip(g)


@pytest.mark.parametrize("card", printings("Abigail (1st Print - K)", "Joshua, the Faithful (1st Print - L)"))
@pytest.mark.parametrize("choose", [True, False])
def test_the_first_printing_may_choose_the_evil_character_that_blocks(card, choose):
    b = rescues(card, theirs={"territory": ["herod", "pilate"], "hand": ["goliath"]})
    g = b.game
    d = g.s.pending
    assert d is not None and d.effect == "choose_blocker" and set(d.options) == {b["herod"], b["pilate"]}  # not in hand
    ok(g, f"choose {b['pilate']}" if choose else "choose")
    if choose:
        assert g.zone_of(b["pilate"]) == (1, "field_of_battle") and g.b.step == "initiative"
    else:
        assert g.b.step == "block" and g.current_player == 1
    round_trip(g)


@pytest.mark.parametrize(
    "card, book", [(K("David's Prayer (1st Print - K)"), "I Samuel 1:1"), (K("Moshe (1st Print - L)"), "Exodus 1:1")]
)
def test_the_first_printing_plays_a_lost_soul_and_a_character_of_its_book_from_a_draw_pile(monkeypatch, card, book):
    hero, blocker = good(card, monkeypatch)
    mate = _test_card(
        monkeypatch, "book_char", type="evil_character", brigades=["Black"], strength=2, toughness=2, reference=book
    )
    b = in_battle(hero, blocker, [], mine={"hand": [card], "deck": ["ls_wanderer"]}, theirs={"deck": ["herod", mate]})
    g = b.game
    ok(g, f"enhance {b[card]} {b[hero]}")
    d = g.s.pending
    assert d is not None and d.options == [b["ls_wanderer"]]  # a Lost Soul of any book
    ok(g, f"choose {b['ls_wanderer']}")
    d = g.s.pending
    assert d is not None and d.options == [b[mate]]  # a character of the book, not Herod
    ok(g, f"choose {b[mate]}")
    assert g.zone_of(b["ls_wanderer"]) == (0, "land_of_bondage") and g.zone_of(b[mate]) == (1, "territory")
    round_trip(g)


def test_every_card_of_the_file_is_named_by_a_test_on_a_position(request):
    """Every printing of starters_kl.toml is a parameter of at least one test of this module above."""
    if request.config.getoption("keyword") or request.config.getoption("markexpr"):
        pytest.skip("only a part of the module was collected")
    here = [i.nodeid for i in request.session.items if i.nodeid.startswith(request.node.nodeid.split("::")[0])]
    named = " ".join(n for n in here if "named_by_a_test" not in n)
    assert [k for k in KEYS if k not in named] == []
