"""Real cards of the types furthest behind (``rules/redemption/real/mech_*.toml``: Dominants, artifacts, fortresses,
sites): every card on a hand-built position in the scenario format (``redemption.scenario``) in which its ability
happens and its outcome is asserted. Cards of one shape share a test, parametrised over them; the last tests check
that every card of the mech files is a case of some test here and that its facts are the card file's."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from rules.redemption.cards import CARDS, real_key
from tests.redemption_helpers import ok
from tests.test_real_g10 import _test_card, in_battle, pos, round_trip, to_player

REAL_DIR = Path(__file__).resolve().parent.parent / "rules" / "redemption" / "real"
FILES = sorted(REAL_DIR.glob("mech_*.toml"))
ENTRIES = [d for f in FILES for d in tomllib.loads(f.read_text(encoding="utf-8"))["card"]]
KEYS = [real_key(d["name"], d["set"]) for d in ENTRIES]
#: every key a test below takes
CLAIMED: set[str] = set()


def K(name: str, set_code: str) -> str:
    key = real_key(name, set_code)
    assert key in KEYS, key
    CLAIMED.add(key)
    return key


def opts(g: Any, card: str, verb: str = "dominant") -> set[str]:
    """The targets the legal actions offer for a card (an enhancement's or a Dominant's last argument)."""
    n = 3 if verb == "enhance" else 2
    return {a.args[-1] for a in g.legal_actions() if a.verb == verb and a.args[0] == card and len(a.args) >= n}


# --- artifacts with a starter card's ability ----------------------------------------------------------------------
def test_altar_of_incense_pi_protects_ot_heroes_from_evil_enhancements_discard_abilities():
    altar = K("Altar of Incense (Pi)", "Pri")
    lions, deaths = real_key("Coliseum Lions (E)", "3E"), real_key("Going to their Deaths", "3E")
    mine = {"artifact_pile": [altar], "territory": ["deborah", "peter"]}
    b = pos(
        {**mine, "field_of_battle": ["gideon"]},
        {"field_of_battle": ["goliath"], "hand": [lions, deaths], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        flags={"battled": True},
        battle={"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 0},
        face_up=[altar],
    )
    g = b.game
    assert g.current_player == 1
    assert opts(g, b[lions], "enhance") == set()  # Gideon (O.T.) is protected
    assert opts(g, b[deaths], "enhance") == {b["peter"]}  # Deborah (O.T.) is; Peter (N.T.) is not
    ok(g, f"enhance {b[deaths]} {b['goliath']} {b['peter']}")
    assert g.zone_of(b["peter"]) == (0, "discard")
    round_trip(g)


# --- Dominants --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "name, set_code",
    [
        ("The Second Coming", "CoW"),
        ("The Second Coming [Fundraiser - Serialized]", "Fund"),
        ("The Second Coming (CoW AB)", "CoW (AB)"),
        ("The Second Coming [Fundraiser]", "Fund"),
    ],
)
def test_the_second_coming_searches_the_draw_pile_or_the_discard_pile_for_a_good_dominant(name, set_code):
    card = K(name, set_code)
    son, martyr = real_key("Son of God (G)", "10A"), real_key("Christian Martyr (H)", "10A")
    burial, angel = real_key("Burial (G)", "10A"), real_key("Angel of the Lord (G)", "10A")
    b = pos(
        {"hand": [card], "deck": ["gideon", son, martyr, "esther"], "discard": [angel, "barak"]},
        {"land_of_bondage": ["ls_widow"], "hand": [burial]},
    )
    g = b.game
    ok(g, f"dominant {b[card]}")
    d = g.s.pending
    assert d is not None and d.effect == "search" and d.chooser == 0
    assert set(d.options) == {b[son], b[angel]}  # good Dominants of either pile; not the evil one, no Hero
    ok(g, f"choose {b[angel]}")
    assert g.zone_of(b[angel]) == (0, "hand") and g.zone_of(b[son]) == (0, "deck")
    round_trip(g)
    b = pos({"hand": [card], "deck": ["gideon", son]}, {"land_of_bondage": ["ls_widow"]})
    g = b.game
    ok(g, f"dominant {b[card]}")
    ok(g, f"choose {b[son]}")
    assert g.zone_of(b[son]) == (0, "hand")


@pytest.mark.parametrize(
    "name, set_code", [("Shipwreck (EC)", "TEC"), ("Shipwreck (Promo)", "Pmo-P2"), ("Shipwreck [Fundraiser]", "Fund")]
)
def test_shipwreck_discards_a_fortress_or_a_site_in_play_and_nothing_else(name, set_code):
    card = K(name, set_code)
    egypt = real_key("Egypt (H)", "10A")
    b = pos(
        {"territory": ["stronghold_of_zion", "gideon"], "artifact_pile": ["jar_of_oil"]},
        {"hand": [card], "territory": [egypt, "herod"], "in_site": ["ls_orphan"]},
        active=1,
        attached={"H4": "H2"},
    )
    g = b.game
    assert g.attached[b["ls_orphan"]] == b[egypt]
    assert opts(g, b[card]) == {b["stronghold_of_zion"], b[egypt]}  # any fortress or site, its own player's too
    ok(g, f"dominant {b[card]} {b['stronghold_of_zion']}")
    assert g.zone_of(b["stronghold_of_zion"]) == (0, "discard") and g.zone_of(b[card]) == (1, "discard")
    round_trip(g)
    b = pos(
        {"territory": ["gideon"]},
        {"hand": [card], "territory": [egypt], "in_site": ["ls_orphan"]},
        active=1,
        attached={"H3": "H2"},
    )
    g = b.game
    ok(g, f"dominant {b[card]} {b[egypt]}")
    assert g.zone_of(b[egypt]) == (1, "discard")
    assert g.zone_of(b["ls_orphan"])[1] != "in_site" and b["ls_orphan"] not in g.attached  # the site's soul is let out
    round_trip(g)


def test_destruction_of_nehushtan_discards_one_active_artifact_not_a_face_down_one():
    card = K("Destruction of Nehushtan", "Pat")
    b = pos(
        {"artifact_pile": ["jar_of_oil", "scroll_of_the_law"], "territory": ["gideon"]},
        {"hand": [card], "artifact_pile": ["basket_of_loaves"], "territory": ["herod"]},
        active=1,
        face_up=["jar_of_oil", "basket_of_loaves"],
    )
    g = b.game
    assert opts(g, b[card]) == {b["jar_of_oil"], b["basket_of_loaves"]}  # active ones, its own player's too
    ok(g, f"dominant {b[card]} {b['jar_of_oil']}")
    assert g.zone_of(b["jar_of_oil"]) == (0, "discard") and g.zone_of(b["scroll_of_the_law"]) == (0, "artifact_pile")
    assert b["jar_of_oil"] not in g.face_up
    round_trip(g)


# --- artifacts that forbid, while face up -------------------------------------------------------------------------
@pytest.mark.parametrize("up", [True, False])
def test_three_nails_face_up_lets_no_demon_block(up):
    nails, demon = K("Three Nails", "Ap"), real_key("Strong Demon (G)", "10A")
    b = pos(
        {"hand": ["gideon"], "artifact_pile": [nails]},
        {"hand": [demon, "herod"], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        **({"face_up": [nails]} if up else {}),
    )
    g = b.game
    ok(g, f"rescue {b['gideon']}")
    blocks = {a.args[0] for a in g.legal_actions() if a.verb == "block"}
    assert blocks == ({b["herod"]} if up else {b["herod"], b[demon]})
    out = g.apply(f"block {b[demon]}")
    if up:
        assert not out.ok and out.rule == "redemption.effect.no_block"
        ok(g, f"block {b['herod']}")
    else:
        assert out.ok
    round_trip(g)


@pytest.mark.parametrize("up", [True, False])
def test_three_nails_face_up_lets_no_demon_band_in_to_block(monkeypatch, up):
    nails = K("Three Nails", "Ap")
    demon = _test_card(
        monkeypatch, "t_demon", type="evil_character", brigades=["Gold"], identifiers=["demon"], strength=2, toughness=2
    )
    b = pos(
        {"field_of_battle": ["gideon"], "artifact_pile": [nails]},
        {"field_of_battle": ["nebuchadnezzar"], "hand": ["babylon_army"], "territory": [demon, "belshazzar"]},
        phase="battle",
        flags={"battled": True},
        battle={"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 0},
        **({"face_up": [nails]} if up else {}),
    )
    g = b.game
    bands = {
        a.args[2]
        for a in g.legal_actions()
        if a.verb == "enhance" and a.args[0] == b["babylon_army"] and len(a.args) >= 3
    }
    assert bands == ({b["belshazzar"]} if up else {b["belshazzar"], b[demon]})


@pytest.mark.parametrize("up", [True, False])
def test_every_mans_sword_face_up_lets_no_battle_begin_as_a_challenge(up):
    sword = K("Every Man's Sword", "Ki")
    b = pos(
        {"hand": ["gideon"]},
        {"territory": ["herod"], "artifact_pile": [sword]},  # no Lost Soul: only a challenge is possible
        phase="battle",
        **({"face_up": [sword]} if up else {}),
    )
    g = b.game
    assert any(a.verb == "challenge" for a in g.legal_actions()) is not up
    out = g.apply(f"challenge {b['gideon']}")
    assert out.ok is not up
    if up:
        assert out.rule == "redemption.effect.no_challenge"
        b = pos(  # a rescue attempt may still begin
            {"hand": ["gideon"]},
            {"land_of_bondage": ["ls_orphan"], "artifact_pile": [sword]},
            phase="battle",
            face_up=[sword],
        )
        ok(b.game, f"rescue {b['gideon']}")
        round_trip(b.game)


def _band_targets(g: Any, e: str) -> set[str]:
    return {a.args[2] for a in g.legal_actions() if a.verb == "enhance" and a.args[0] == e and len(a.args) >= 3}


@pytest.mark.parametrize("up", [True, False])
@pytest.mark.parametrize(
    "name, set_code, side",
    [("Wool Fleece", "Pat", "evil"), ("Wool Fleece (CoW AB)", "CoW (AB)", "evil"), ("Household Idols", "Ap", "good")],
)
def test_the_artifact_face_up_lets_no_character_of_its_side_band(name, set_code, side, up):
    art = K(name, set_code)
    face = {"face_up": [art]} if up else {}
    if side == "evil":  # Nebuchadnezzar blocks; Babylon Army would band Belshazzar in
        b = pos(
            {"field_of_battle": ["gideon"], "artifact_pile": [art]},
            {"field_of_battle": ["nebuchadnezzar"], "hand": ["babylon_army"], "territory": ["belshazzar"]},
            phase="battle",
            flags={"battled": True},
            battle={"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 0},
            **face,
        )
        e, host, ally = "babylon_army", "nebuchadnezzar", "belshazzar"
    else:  # Gideon rescues; Call to Arms would band Barak in
        b = pos(
            {"field_of_battle": ["gideon"], "hand": ["call_to_arms"], "territory": ["barak"]},
            {"field_of_battle": ["nebuchadnezzar"], "artifact_pile": [art], "land_of_bondage": ["ls_orphan"]},
            phase="battle",
            flags={"battled": True},
            battle={"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 1},
            **face,
        )
        e, host, ally = "call_to_arms", "gideon", "barak"
    g = b.game
    assert _band_targets(g, b[e]) == (set() if up else {b[ally]})
    ok(g, f"enhance {b[e]} {b[host]}" + ("" if up else f" {b[ally]}"))
    assert g.zone_of(b[ally])[1] == ("territory" if up else "field_of_battle")
    round_trip(g)


@pytest.mark.parametrize("up", [True, False])
def test_blue_tassels_face_up_lets_no_character_be_captured(monkeypatch, up):
    tassels, rebellion = K("Blue Tassels", "Pat"), real_key("Israelite Rebellion", "10A")  # captures a Hero */4 or less
    brown = _test_card(monkeypatch, "t_brown", type="evil_character", brigades=["Brown"], strength=1, toughness=9)
    b = pos(
        {"field_of_battle": ["gideon"], "territory": ["ehud"], "artifact_pile": [tassels]},
        {"field_of_battle": [brown], "hand": [rebellion], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        flags={"battled": True},
        battle={"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 0},
        **({"face_up": [tassels]} if up else {}),
    )
    g = b.game
    assert g.current_player == 1
    assert opts(g, b[rebellion], "enhance") == (set() if up else {b["ehud"]})
    out = g.apply(f"enhance {b[rebellion]} {b[brown]} {b['ehud']}")
    assert out.ok is not up
    if up:
        ok(g, f"enhance {b[rebellion]} {b[brown]}")  # played for its numbers: nobody is captured
    assert g.zone_of(b["ehud"]) == ((0, "territory") if up else (1, "land_of_bondage"))
    round_trip(g)


@pytest.mark.parametrize("up", [True, False])
def test_priestly_breastplate_pi_face_up_prevents_every_ignore(up):
    plate, miriam = K("Priestly Breastplate (Pi)", "Pri"), real_key("Miriam ( C)", "2E")  # Miriam ignores gold
    b = pos(
        {"hand": [miriam]},
        {"territory": ["nebuchadnezzar"], "land_of_bondage": ["ls_orphan"], "artifact_pile": [plate]},
        phase="battle",
        **({"face_up": [plate]} if up else {}),
    )
    g = b.game
    ok(g, f"rescue {b[miriam]}")
    assert (b["nebuchadnezzar"] in {a.args[0] for a in g.legal_actions() if a.verb == "block"}) == up
    if up:
        ok(g, f"block {b['nebuchadnezzar']}")
        assert not g._is_ignored(b["nebuchadnezzar"])
        round_trip(g)


@pytest.mark.parametrize("up", [True, False])
def test_altar_of_dagon_face_up_lets_no_evil_character_be_converted(up):
    altar, creation = K("Altar of Dagon", "Pat"), real_key("A New Creation", "Ap")  # converts a human EC in play
    b = pos(
        {"field_of_battle": ["esther"], "hand": [creation]},
        {
            "field_of_battle": ["nebuchadnezzar"],
            "territory": ["herod"],
            "artifact_pile": [altar],
            "land_of_bondage": ["ls_orphan"],
        },
        phase="battle",
        flags={"battled": True},
        battle={"kind": "rescue", "step": "initiative", "defender": 1, "last_actor": 1},
        **({"face_up": [altar]} if up else {}),
    )
    g = b.game
    assert g.current_player == 0
    ok(g, f"enhance {b[creation]} {b['esther']}")
    d = g.s.pending
    if up:  # nothing it may convert
        assert d is None or d.options == []
    else:
        assert d is not None and set(d.options) == {b["nebuchadnezzar"], b["herod"]}
        ok(g, f"choose {b['herod']}")
    assert (g.cd[b["herod"]].type == "hero") is not up and g.cd[b["nebuchadnezzar"]].type == "evil_character"
    round_trip(g)


# --- a Dominant with a condition ----------------------------------------------------------------------------------
@pytest.mark.parametrize("name, set_code", [("Harvest Time (Wa)", "War"), ("Harvest Time (Promo)", "Pmo-P1")])
def test_harvest_time_puts_a_lost_soul_of_the_opponents_draw_pile_into_their_land_of_bondage_if_they_have_none(
    name, set_code
):
    card = K(name, set_code)
    b = pos({"hand": [card], "territory": ["gideon"]}, {"deck": ["herod", "ls_orphan", "pilate", "ls_widow"]})
    g = b.game
    ok(g, f"dominant {b[card]}")
    d = g.s.pending
    assert d is not None and d.chooser == 0 and set(d.options) == {b["ls_orphan"], b["ls_widow"]}
    ok(g, f"choose {b['ls_widow']}")
    assert g.zone_of(b["ls_widow"]) == (1, "land_of_bondage") and g.zone_of(b["ls_orphan"]) == (1, "deck")
    round_trip(g)
    b = pos({"hand": [card]}, {"deck": ["herod", "ls_orphan"], "land_of_bondage": ["ls_widow"]})  # they have one
    g = b.game
    assert not any(a.verb == "dominant" for a in g.legal_actions())
    out = g.apply(f"dominant {b[card]}")  # its condition does not hold: it cannot be played
    assert not out.ok and g.zone_of(b[card]) == (0, "hand") and g.zone_of(b["ls_orphan"]) == (1, "deck")


# --- an artifact's gain while it is face up -----------------------------------------------------------------------
def test_elijahs_mantle_face_up_gives_every_hero_of_its_holder_two_two_and_no_one_else():
    mantle = K("Elijah's Mantle", "War")
    b = pos(
        {"hand": ["barak"], "territory": ["gideon"], "artifact_pile": [mantle]},
        {"territory": ["deborah", "herod"], "land_of_bondage": ["ls_orphan"]},
        phase="battle",
        face_up=[mantle],
    )
    g = b.game
    base = {k: (CARDS[k].strength, CARDS[k].toughness) for k in ("barak", "gideon", "deborah", "herod")}
    s, t = base["gideon"]
    assert g.char_numbers(b["gideon"]) == (s + 2, t + 2)
    assert g.char_numbers(b["deborah"]) == base["deborah"]  # the other player's Hero
    assert g.char_numbers(b["herod"]) == base["herod"]  # not a Hero
    ok(g, f"rescue {b['barak']}")  # a Hero that comes into play gains too
    s, t = base["barak"]
    assert g.char_numbers(b["barak"]) == (s + 2, t + 2)
    assert not g.s.mods  # nothing recorded: it is read from the face-up artifact
    round_trip(g)
    g.face_up.discard(b[mantle])  # face down: the gain is gone
    assert g.char_numbers(b["barak"]) == base["barak"]


def test_kings_sword_rr2_bands_up_to_three_angels_while_an_evil_character_blocks(monkeypatch):
    card = K("King's Sword [RR2]", "RR2")
    angels = [
        _test_card(
            monkeypatch,
            f"t_angel{i}",
            type="hero",
            alignment="good",
            brigades=["Silver"],
            identifiers=["angel"],
            strength=2,
            toughness=2,
        )
        for i in range(4)
    ]
    b = in_battle("gideon", "herod", [], mine={"hand": [card], "territory": [*angels, "barak"]})
    g = b.game
    ok(g, f"dominant {b[card]}")
    d = g.s.pending
    assert d is not None and d.effect == "band" and d.most == 3 and set(d.options) == {b[a] for a in angels}
    for a in angels[:3]:
        ok(g, f"choose {b[a]}")
    assert all(g.zone_of(b[a]) == (0, "field_of_battle") for a in angels[:3])
    assert g.zone_of(b[angels[3]]) == (0, "territory") and g.zone_of(b["barak"]) == (0, "territory")
    round_trip(g)
    b = pos({"hand": [card], "territory": angels[:1]}, {"territory": ["herod"]})  # no battle: not playable
    assert not any(a.verb == "dominant" and a.args[0] == b[card] for a in b.game.legal_actions())


def test_mayhem_has_each_player_shuffle_their_hand_into_their_draw_pile_and_draw_six():
    card = K("Mayhem", "TxP")
    mine = ["gideon", "barak", "ehud", "deborah", "esther", "daniel", "ezra", "nehemiah"]
    theirs = ["herod", "pilate", "nebuchadnezzar", "belshazzar", "haman", "goliath", "babylon_army", "temple_guard"]
    b = pos({"hand": [card, *mine[:2]], "deck": mine[2:]}, {"hand": theirs[:5], "deck": theirs[5:]})
    g = b.game
    ok(g, f"dominant {b[card]}")
    assert g.zone_of(b[card]) == (0, "discard")
    for q, cards in ((0, mine), (1, theirs)):
        z = g.z[q]
        assert len(z["hand"]) == 6 and set(z["hand"]) | set(z["deck"]) == {b[k] for k in cards}
    round_trip(g)


@pytest.mark.parametrize(
    "fort, inside, other", [("Goshen (Wa)", "gideon", "pilate"), ("Kingdoms of the World (Wa)", "pilate", "gideon")]
)
def test_the_fortress_holds_three_characters_of_its_side_safe_from_discard(fort, inside, other):
    f = K(fort, "War")
    b = pos(
        {
            "territory": [f, "gideon", "pilate", "barak", "ehud", "deborah", "herod", "barabbas", "goliath"],
            "deck": ["ezra"],
        },
        {"land_of_bondage": ["ls_orphan"], "deck": ["esther"]},
    )
    g = b.game
    out = g.apply(f"fortress-in {b[other]} {b[f]}")
    assert not out.ok and out.rule == "redemption.prep.fortress-in"
    side = ["gideon", "barak", "ehud", "deborah"] if inside == "gideon" else ["pilate", "herod", "barabbas", "goliath"]
    for c in side[:3]:
        ok(g, f"fortress-in {b[c]} {b[f]}")
    assert not g.apply(f"fortress-in {b[side[3]]} {b[f]}").ok  # three at most
    round_trip(g)
    angel = real_key("Angel of the Lord ( C)", "2E") if inside == "pilate" else real_key("Christian Martyr ( C)", "2E")
    b = pos({"territory": [f, inside]}, {"hand": [angel]}, active=1, attached={"G2": "G1"})
    assert b[inside] not in opts(b.game, b[angel])  # held in the fortress: safe from discard


def test_falling_away_puts_any_redeemed_soul_back_into_its_players_land_of_bondage():
    card = K("Falling Away", "Wom")
    b = pos(
        {"land_of_redemption": ["ls_orphan", "ls_widow"], "territory": ["gideon"]},
        {"hand": [card], "land_of_redemption": ["ls_wanderer"], "territory": ["herod"]},
        active=1,
    )
    g = b.game
    assert opts(g, b[card]) == {b["ls_orphan"], b["ls_widow"], b["ls_wanderer"]}  # any: its own player's too
    ok(g, f"dominant {b[card]} {b['ls_widow']}")
    assert g.zone_of(b["ls_widow"]) == (1, "land_of_bondage") and g.score(0) == 1 and g.score(1) == 1
    round_trip(g)
    b = pos({"territory": ["gideon"]}, {"hand": [card], "territory": ["herod"]}, active=1)  # nobody has redeemed one
    assert not any(a.verb == "dominant" and a.args[0] == b[card] for a in b.game.legal_actions())


@pytest.mark.parametrize("good", [True, False])
@pytest.mark.parametrize("name, set_code", [("Crowd's Choice (GoC)", "GoC"), ("Crowd's Choice [Fundraiser]", "Fund")])
def test_crowds_choice_takes_a_good_or_an_evil_card_from_deck_or_reserve_as_its_player_chooses(name, set_code, good):
    card = K(name, set_code)
    b = pos(
        {"hand": [card], "deck": ["gideon", "herod", "ezra"], "reserve": ["pilate", "barak"]},
        {"land_of_bondage": ["ls_orphan"]},
    )
    g = b.game
    ok(g, f"dominant {b[card]}")
    d = g.s.pending
    assert d is not None and d.effect == "choose_one" and d.chooser == 0
    ok(g, f"choose {b[card]}" if good else "choose")
    d = g.s.pending
    assert d is not None and d.effect == "search"
    assert set(d.options) == ({b["gideon"], b["ezra"], b["barak"]} if good else {b["herod"], b["pilate"]})
    took = "barak" if good else "pilate"
    ok(g, f"choose {b[took]}")
    assert g.zone_of(b[took]) == (0, "hand")
    round_trip(g)


@pytest.mark.parametrize("whole", [True, False])
@pytest.mark.parametrize("name, set_code", [("Mayhem (FoM)", "FoM"), ("Mayhem (2020 Promo)", "Pmo-P2")])
def test_mayhem_lets_a_player_with_more_than_six_shuffle_the_hand_or_six_at_random_then_draw_six(name, set_code, whole):
    card = K(name, set_code)
    mine = ["gideon", "barak", "ehud"]
    big = ["herod", "pilate", "nebuchadnezzar", "belshazzar", "haman", "goliath", "babylon_army", "temple_guard"]
    deck = ["esther", "daniel", "ezra", "nehemiah", "deborah", "peter", "stephen", "john"]
    b = pos(
        {
            "hand": [card, *mine],
            "deck": [
                "gideons_trumpet",
                "call_to_arms",
                "sent_two_by_two",
                "net_let_down",
                "for_such_a_time",
                "jar_of_oil",
            ],
        },
        {"hand": big, "deck": deck, "land_of_bondage": ["ls_orphan"]},
    )
    g = b.game
    ok(g, f"dominant {b[card]}")  # its player has 3 cards: the whole hand, no question
    assert len(g.z[0]["hand"]) == 6
    d = g.s.pending
    assert d is not None and d.effect == "shuffle_random_draw" and d.chooser == 1 and d.to == [1]
    round_trip(g)
    ok(g, f"choose {b[card]}" if whole else "choose")
    assert len(g.z[1]["hand"]) == (6 if whole else 2 + 6)  # six drawn; two of the eight kept when six went in
    kept = [c for c in g.z[1]["hand"] if c in {b[k] for k in big}]
    assert whole or len(kept) >= 2
    assert len(g.z[1]["hand"]) + len(g.z[1]["deck"]) == 16 and g.s.pending is None
    round_trip(g)


def test_chariot_of_fire_roots_activated_shuffles_every_hero_of_the_discard_pile_into_the_draw_pile():
    chariot = K("Chariot of Fire (Roots)", "RR")
    b = pos(
        {"hand": [chariot], "discard": ["gideon", "herod", "barak", "gideons_trumpet"], "deck": ["ezra", "esther"]},
        {"discard": ["deborah"], "land_of_bondage": ["ls_orphan"]},
    )
    g = b.game
    ok(g, f"activate {b[chariot]}")
    assert g.z[0]["discard"] == [b["herod"], b["gideons_trumpet"]]  # not an Evil Character, not an enhancement
    assert set(g.z[0]["deck"]) == {b[k] for k in ("gideon", "barak", "ezra", "esther")}
    assert g.zone_of(b["deborah"]) == (1, "discard")  # its own player's pile only
    assert g.zone_of(b[chariot]) == (0, "artifact_pile") and b[chariot] in g.face_up
    round_trip(g)


def test_crown_of_thorns_face_up_decreases_every_evil_character_and_discards_one_brought_to_zero(monkeypatch):
    crown = K("Crown of Thorns", "War")
    weak = _test_card(monkeypatch, "t_weak", type="evil_character", brigades=["Gray"], strength=4, toughness=3)
    late = _test_card(monkeypatch, "t_late", type="evil_character", brigades=["Gray"], strength=2, toughness=2)
    b = pos(
        {"hand": [crown], "territory": ["gideon"], "deck": ["ezra"]},
        {"territory": ["herod", weak], "hand": [late], "land_of_bondage": ["ls_orphan"], "deck": ["esther"]},
    )
    g = b.game
    ok(g, f"activate {b[crown]}")
    assert g.char_numbers(b["herod"]) == (8, 3) and g.char_numbers(b["gideon"]) == (7, 5)  # a Hero is not
    assert g.zone_of(b[weak]) == (1, "discard")  # 4/3 brought to 0: discarded at once
    round_trip(g)
    g.s.active, g.s.phase = 1, "prep"  # the other player's turn: a 2/2 put into play is discarded at once
    ok(g, f"play {b[late]}")
    assert g.zone_of(b[late]) == (1, "discard")
    g.face_up.discard(b[crown])  # face down: the decrease is gone
    assert g.char_numbers(b["herod"]) == (8, 6)


@pytest.mark.parametrize(
    "name, set_code", [("The Book of Life (RoJ AB)", "RoJ (AB)"), ("The Book of Life (RoJ)", "RoJ")]
)
@pytest.mark.parametrize("revelation", [True, False])
def test_the_book_of_life_activated_looks_at_a_hand_with_a_revelation_hero_and_may_banish_an_evil_card(
    monkeypatch, name, set_code, revelation
):
    book = K(name, set_code)
    john = _test_card(
        monkeypatch,
        "t_john",
        type="hero",
        alignment="good",
        brigades=["Silver"],
        identifiers=["human"],
        reference="Revelation 1:1" if revelation else "Matthew 1:1",
        strength=2,
        toughness=2,
    )
    b = pos(
        {"hand": [book], "territory": [john], "discard": ["herod", "gideon"]},
        {"hand": ["pilate", "barak"], "discard": ["haman"], "land_of_bondage": ["ls_orphan"]},
    )
    g = b.game
    ok(g, f"activate {b[book]}")
    d = g.s.pending
    if revelation:  # the look first: the opponent's hand, shown to its player alone
        assert d is not None and d.effect == "look_hand" and set(d.revealed) == {b["pilate"], b["barak"]}
        ok(g, "choose")
        d = g.s.pending
    assert d is not None and d.effect == "remove" and set(d.options) == {b["herod"], b["haman"]}  # evil, any pile
    ok(g, f"choose {b['haman']}")
    assert g.zone_of(b["haman"]) == (1, "removed") and g.zone_of(b["herod"]) == (0, "discard")
    round_trip(g)


# --- batch B: dual GE/EE cards ----------------------------------------------------------------------------------
def host(monkeypatch: pytest.MonkeyPatch, key: str, brigade: str, side: str, **facts: Any) -> str:
    """A character of ours of that brigade, to play a card on (1/1 unless said)."""
    kind = "hero" if side == "good" else "evil_character"
    d = {"type": kind, "alignment": side, "brigades": [brigade], "strength": 1, "toughness": 1, **facts}
    return _test_card(monkeypatch, key, **d)


def test_spiritual_warfare_negates_an_opposing_card_played_on_either_side(monkeypatch):
    card, evil = K("Spiritual Warfare [RR2]", "RR2"), real_key("Ancient Evil (G)", "10A")
    hero = host(monkeypatch, "t_silver", "Silver", "good")
    blocker = host(monkeypatch, "t_orange", "Orange", "evil", strength=9, toughness=9)
    b = in_battle(hero, blocker, [evil], mine={"hand": [card]})
    g = b.game
    ok(g, f"enhance {b[card]} {b[hero]} {b[evil]}")  # as a Good Enhancement: 6/0
    assert b[evil] in g.b.negated and g.char_numbers(b[hero]) == (7, 1)
    round_trip(g)
    b = in_battle("gideon", blocker, [], mine={"hand": ["gideons_trumpet"]}, theirs={"hand": [card]})
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b['gideons_trumpet']} {b['gideon']}")
    to_player(g, 1)
    ok(g, f"enhance {b[card]} {b[blocker]} {b['gideons_trumpet']}")  # as an Evil Enhancement: 0/6
    assert b["gideons_trumpet"] in g.b.negated and g.char_numbers(b[blocker]) == (9, 15)
    round_trip(g)


@pytest.mark.parametrize(
    "name, set_code",
    [
        ("War in Heaven (RoJ AB)", "RoJ (AB)"),
        ("War in Heaven [2023 - Worker]", "Pmo-P3"),
        ("War in Heaven (RoJ)", "RoJ"),
        ("War in Heaven [Fundraiser]", "Fund"),
    ],
)
def test_war_in_heaven_negates_and_discards_an_opposing_card_in_battle_but_not_a_human(monkeypatch, name, set_code):
    card, demon = K(name, set_code), real_key("Strong Demon (G)", "10A")
    evil = real_key("Ancient Evil (G)", "10A")
    hero = host(monkeypatch, "t_silver", "Silver", "good")
    b = in_battle(hero, demon, [evil], mine={"hand": [card]})
    g = b.game
    assert opts(g, b[card], "enhance") == {b[demon], b[evil]}  # the demon and the enhancement, both not human
    ok(g, f"enhance {b[card]} {b[hero]} {b[demon]}")
    assert g.zone_of(b[demon]) == (1, "discard") and g.char_numbers(b[hero]) == (6, 3)
    round_trip(g)
    b = in_battle(hero, "herod", [], mine={"hand": [card]})  # a human: not a target
    assert opts(b.game, b[card], "enhance") == set()
    blocker = host(monkeypatch, "t_orange", "Orange", "evil")  # as an Evil Enhancement: an angel Hero, not a human
    angel = _test_card(
        monkeypatch,
        "t_angel",
        type="hero",
        alignment="good",
        brigades=["Silver"],
        identifiers=["angel"],
        strength=9,
        toughness=9,
    )
    b = in_battle(angel, blocker, [], theirs={"hand": [card]})
    g = b.game
    g.b.last_actor = 0
    assert opts(g, b[card], "enhance") == {b[angel]}
    ok(g, f"enhance {b[card]} {b[blocker]} {b[angel]}")
    assert g.zone_of(b[angel]) == (0, "discard") and g.char_numbers(b[blocker]) == (6, 3)
    round_trip(g)


@pytest.mark.parametrize(
    "name, good, evil", [("Blame Shifting", "Blue", "Pale Green"), ("Gibeonite Treaty (FoM)", "Red", "Black")]
)
def test_the_dual_card_interrupts_and_redirects_an_opposing_enhancement_on_either_side(monkeypatch, name, good, evil):
    card = K(name, "FoM")
    e = CARDS[card]
    hero = host(monkeypatch, "t_good", good, "good")
    blocker = host(monkeypatch, "t_evil", evil, "evil", strength=1, toughness=1)
    b = in_battle(hero, blocker, ["herods_banquet"], mine={"hand": [card]})  # a 2/2 Evil Enhancement on the blocker
    g = b.game
    assert opts(g, b[card], "enhance") == {b["herods_banquet"]}
    ok(g, f"enhance {b[card]} {b[hero]} {b['herods_banquet']}")
    assert g.attached[b["herods_banquet"]] == b[hero]  # now the Hero's, its numbers with it
    assert g.char_numbers(b[hero]) == (1 + e.strength + 2, 1 + e.toughness + 2) and g.char_numbers(b[blocker]) == (1, 1)
    round_trip(g)
    ge = _test_card(
        monkeypatch, "t_ge", type="good_enhancement", alignment="good", brigades=[good], strength=2, toughness=2
    )
    b = in_battle(hero, blocker, [], mine={"hand": [ge]}, theirs={"hand": [card]})  # the evil side
    g = b.game
    to_player(g, 0)
    ok(g, f"enhance {b[ge]} {b[hero]}")
    to_player(g, 1)
    ok(g, f"enhance {b[card]} {b[blocker]} {b[ge]}")
    assert g.attached[b[ge]] == b[blocker] and g.char_numbers(b[hero]) == (1, 1)
    round_trip(g)


def test_siegeworks_roots_underdecks_a_fortress_and_every_opposing_character_in_battle(monkeypatch):
    card, kingdoms = K("Siegeworks (Roots)", "RR"), real_key("Kingdoms of the World (D)", "2ER")
    hero = host(monkeypatch, "t_green", "Green", "good")
    b = in_battle(
        hero,
        "herod",
        [],
        mine={"hand": [card], "territory": ["stronghold_of_zion"]},
        theirs={"field_of_battle": ["herod", "pilate"], "territory": ["barabbas", kingdoms], "deck": ["goliath"]},
    )
    g = b.game
    g.b.last_actor = 1
    ok(g, f"enhance {b[card]} {b[hero]}")
    d = g.s.pending
    assert d is not None and set(d.options) == {b["stronghold_of_zion"], b[kingdoms]}  # any fortress, its own too
    ok(g, f"choose {b['stronghold_of_zion']}")
    assert g.zone_of(b[kingdoms]) == (1, "territory")
    assert g.zone_of(b["stronghold_of_zion"]) == (0, "deck")
    assert g.zone_of(b["herod"]) == (1, "deck") and g.zone_of(b["pilate"]) == (1, "deck")
    assert g.z[1]["deck"][0] == b["goliath"] and g.zone_of(b["barabbas"]) == (1, "territory")
    assert g.zone_of(b[hero]) == (0, "field_of_battle")
    round_trip(g)


# --- batch B: Covenants ---------------------------------------------------------------------------------------------
def test_covenant_of_salt_face_up_gives_every_ot_hero_two_two_and_in_battle_too(monkeypatch):
    salt = K("Covenant of Salt", "Pat")
    ot = host(monkeypatch, "t_white", "White", "good", reference="Genesis 1:1", strength=3, toughness=3)
    b = pos(
        {"artifact_pile": [salt], "territory": ["gideon", "peter"]},
        {"territory": ["deborah", "herod"]},
        face_up=[salt],
    )
    g = b.game
    for k in ("gideon", "deborah"):  # O.T. Heroes, its player's and the other's
        assert g.char_numbers(b[k]) == (CARDS[k].strength + 2, CARDS[k].toughness + 2)
    for k in ("peter", "herod"):  # a N.T. Hero; an Evil Character
        assert g.char_numbers(b[k]) == (CARDS[k].strength, CARDS[k].toughness)
    round_trip(g)
    b = in_battle(ot, "herod", [], mine={"hand": [salt], "territory": ["gideon"]})
    g = b.game
    ok(g, f"enhance {b[salt]} {b[ot]}")  # as a Good Enhancement: 5/4 and the gain this battle
    assert g.char_numbers(b[ot]) == (3 + 5 + 2, 3 + 4 + 2)
    assert g.char_numbers(b["gideon"]) == (CARDS["gideon"].strength + 2, CARDS["gideon"].toughness + 2)
    round_trip(g)


def test_i_am_grace_in_battle_discards_every_evil_card_in_it(monkeypatch):
    grace, evil = K("I Am Grace [2026 - Regional]", "Pmo-P3"), real_key("Ancient Evil (G)", "10A")
    hero = host(monkeypatch, "t_clay", "Clay", "good")
    b = in_battle(hero, "herod", [evil], mine={"hand": [grace]})
    g = b.game
    ok(g, f"enhance {b[grace]} {b[hero]}")
    assert g.zone_of(b["herod"]) == (1, "discard") and g.zone_of(b[evil]) == (1, "discard")
    assert g.zone_of(b[hero]) == (0, "field_of_battle")
    round_trip(g)


@pytest.mark.parametrize("first", [True, False])
def test_i_am_grace_activated_takes_a_hero_from_the_reserve_or_discards_a_demon(first):
    grace, demon = K("I Am Grace [2026 - Regional]", "Pmo-P3"), real_key("Strong Demon (G)", "10A")
    b = pos(
        {"hand": [grace], "reserve": ["gideon", "herod"], "deck": ["ezra"]},
        {"territory": [demon, "pilate"], "land_of_bondage": ["ls_orphan"]},
    )
    g = b.game
    ok(g, f"activate {b[grace]}")
    d = g.s.pending
    assert d is not None and d.effect == "choose_one" and d.chooser == 0
    ok(g, f"choose {b[grace]}" if first else "choose")
    d = g.s.pending
    if first:
        assert d is not None and d.effect == "search" and d.options == [b["gideon"]]  # a Hero of the Reserve
        ok(g, f"choose {b['gideon']}")
        assert g.zone_of(b["gideon"]) == (0, "hand")
    else:
        if d is not None:
            assert d.options == [b[demon]]
            ok(g, f"choose {b[demon]}")
        assert g.zone_of(b[demon]) == (1, "discard") and g.zone_of(b["pilate"]) == (1, "territory")
    assert g.zone_of(b[grace]) == (0, "artifact_pile")
    round_trip(g)


# --- batch B: Curses ----------------------------------------------------------------------------------------------
def test_summoned_curse_in_battle_underdecks_every_hero_in_it(monkeypatch):
    curse = K("Summoned Curse", "II")
    gray = host(monkeypatch, "t_gray", "Gray", "evil")
    b = in_battle(
        "gideon",
        gray,
        [],
        mine={"field_of_battle": ["gideon", "barak"], "deck": ["ezra"], "territory": ["ehud"]},
        theirs={"hand": [curse]},
    )
    g = b.game
    g.b.last_actor = 0
    ok(g, f"enhance {b[curse]} {b[gray]}")
    assert g.zone_of(b["gideon"]) == (0, "deck") and g.zone_of(b["barak"]) == (0, "deck")
    assert g.z[0]["deck"][0] == b["ezra"] and g.zone_of(b["ehud"]) == (0, "territory")  # at the bottom; not in battle
    round_trip(g)


@pytest.mark.parametrize("first", [True, False])
def test_summoned_curse_activated_takes_a_magician_or_an_evil_moabite(monkeypatch, first):
    curse = K("Summoned Curse", "II")
    mage = _test_card(
        monkeypatch,
        "t_mage",
        type="evil_character",
        brigades=["Gray"],
        identifiers=["magician"],
        strength=1,
        toughness=1,
    )
    moab = _test_card(
        monkeypatch,
        "t_moab",
        type="evil_character",
        brigades=["Gray"],
        identifiers=["moabite"],
        strength=1,
        toughness=1,
    )
    b = pos({"hand": [curse], "deck": [mage, "herod"], "reserve": [moab]}, {"land_of_bondage": ["ls_orphan"]})
    g = b.game
    ok(g, f"activate {b[curse]}")
    d = g.s.pending
    assert d is not None and d.effect == "choose_one"
    ok(g, f"choose {b[curse]}" if first else "choose")
    d = g.s.pending
    assert d is not None and d.effect == "search" and d.options == [b[mage] if first else b[moab]]
    ok(g, f"choose {d.options[0]}")
    assert g.zone_of(b[mage] if first else b[moab]) == (0, "hand")
    round_trip(g)


# --- batch C: reprints, played as their twins are -------------------------------------------------------------------
@pytest.mark.parametrize(
    "name",
    [
        "Angel of the Lord (2016 Promo)",
        "Angel of the Lord (2017 Promo)",
        "Angel of the Lord (2020 Promo)",
        "Angel of the Lord (Promo 2018)",
    ],
)
def test_angel_of_the_lord_reprint_discards_any_evil_character_in_play(name):
    angel = K(name, "Pmo-P2")
    b = pos({"hand": [angel], "territory": ["gideon"]}, {"territory": ["pilate", "goliath"]})
    g = b.game
    assert opts(g, b[angel]) == {b["pilate"], b["goliath"]}
    ok(g, f"dominant {b[angel]} {b['goliath']}")
    assert g.zone_of(b["goliath"]) == (1, "discard") and g.zone_of(b[angel]) == (0, "discard")
    round_trip(g)


def test_burial_promo_discards_any_lost_soul_in_play():
    burial = K("Burial (Promo)", "Pmo-P1")
    b = pos({"hand": [burial], "land_of_bondage": ["ls_wanderer"]}, {"land_of_bondage": ["ls_orphan", "ls_widow"]})
    g = b.game
    assert opts(g, b[burial]) == {b["ls_wanderer"], b["ls_orphan"], b["ls_widow"]}
    ok(g, f"dominant {b[burial]} {b['ls_orphan']}")
    assert g.zone_of(b["ls_orphan"]) == (1, "discard")
    round_trip(g)


@pytest.mark.parametrize(
    "name, set_code",
    [
        ("Son of God (2016 Promo)", "Pmo-P2"),
        ("Son of God (2017 Promo)", "Pmo-P2"),
        ("Son of God (2020 Promo)", "Pmo-P2"),
        ("Son of God (Promo 2018)", "Pmo-P2"),
        ("Son of God [Fundraiser]", "Fund"),
    ],
)
def test_son_of_god_reprint_rescues_any_lost_soul_in_play(name, set_code):
    son = K(name, set_code)
    assert CARDS[son].abilities == CARDS[real_key("Son of God [K]", "K")].abilities  # its twin's script
    b = pos({"hand": [son], "land_of_bondage": ["ls_wanderer"]}, {"land_of_bondage": ["ls_orphan"]})
    g = b.game
    assert opts(g, b[son]) == {b["ls_wanderer"], b["ls_orphan"]}
    ok(g, f"dominant {b[son]} {b['ls_orphan']}")
    assert g.zone_of(b["ls_orphan"]) == (0, "land_of_redemption") and g.score(0) == 1
    round_trip(g)


@pytest.mark.parametrize("name, set_code, brigade", [("Egypt (Wo)", "Wom", "Gold"), ("Samaria (Pi)", "Pri", "Green")])
def test_the_site_reprint_holds_a_lost_soul_only_a_hero_of_its_brigade_reaches(monkeypatch, name, set_code, brigade):
    site = K(name, set_code)
    own = _test_card(monkeypatch, "t_own", type="hero", alignment="good", brigades=[brigade], strength=4, toughness=4)
    for hero, reaches in ((own, True), ("stephen" if brigade == "Gold" else "gideon", False)):
        b = pos(
            {"hand": [hero]}, {"territory": [site], "in_site": ["ls_orphan"]}, phase="battle", attached={"H2": "H1"}
        )
        g = b.game
        if not reaches:
            out = g.apply(f"rescue {b[hero]}")
            assert not out.ok and out.rule == "redemption.battle.rescue"
            continue
        ok(g, f"rescue {b[hero]}")
        ok(g, "noblock")
        assert g.zone_of(b["ls_orphan"]) == (0, "land_of_redemption")
        round_trip(g)


@pytest.mark.parametrize("up, limit", [(True, 10), (False, 8)])
def test_tables_of_the_law_wa_face_up_lets_its_holder_keep_ten_cards(up, limit):
    tables = K("Tables of the Law (Wa)", "War")
    b = pos({"artifact_pile": [tables]}, {}, **({"face_up": [tables]} if up else {}))
    assert b.game.hand_limit(0) == limit and b.game.hand_limit(1) == 8


# --- the structure --------------------------------------------------------------------------------------------------
def test_every_card_of_the_mech_files_is_tested():
    # every card is named in a test here (read from this file, so that it holds however the tests are distributed)
    source = Path(__file__).read_text(encoding="utf-8")
    untested = [d["name"] for d in ENTRIES if f'"{d["name"]}"' not in source]
    assert not untested, untested
    assert CLAIMED <= set(KEYS)
