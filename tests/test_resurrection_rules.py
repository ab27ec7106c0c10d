"""Every Resurrection rule and ruling, each on a hand-built position."""

import pytest

from rules.docs import rule_sections
from rules.resurrection import CODES, Play, new_game
from tests.resurrection_positions import position, side


def battle(g, a_code, d_code):
    assert g.apply(f"play {a_code}").ok
    out = g.apply(f"play {d_code}")
    assert out.ok, out.reason
    return out


def zones(g, p):
    return g.to_dict()["players"][p]


def test_power_order_is_ba_bk_bj_ra_rk_rj_9_8_7():
    assert CODES == ("BA", "BK", "BJ", "RA", "RK", "RJ", "9", "8", "7")
    for i, hi in enumerate(CODES):
        for lo in CODES[i + 1 :]:
            g = position(side(hand=[hi, "7" if hi != "7" else "8"]), side(hand=[lo, "8" if lo != "8" else "9"]))
            battle(g, hi, lo)
            assert g.aggressor == 1, f"{hi} should beat {lo}"


def test_setup_shuffles_deals_five_and_is_deterministic():
    g = new_game(42, first=1)
    d = g.to_dict()
    assert d["aggressor"] == 1
    for p in d["players"]:
        assert len(p["hand"]) == 5 and len(p["hero_pile"]) == 4 and p["fallen_pile"] == [] and p["table"] == []
        assert sorted(p["hand"] + p["hero_pile"], key=CODES.index) == list(CODES)
    assert new_game(42, first=1) == g
    assert new_game(43, first=1) != g


def test_first_must_be_a_seat():
    with pytest.raises(ValueError):
        new_game(1, first=2)


def test_aggressor_plays_face_down_and_only_from_hand():
    g = position(side(hand=["BA", "9"]), side(hand=["RK", "8"]))
    out = g.apply("play RK")
    assert not out.ok and out.reason == "RK (Red King) is not in your hand" and out.rule == "resurrection.battle.1"
    out = g.apply("play 9")
    assert out.ok and g.current_player == 1 and g.face_down
    assert g.view(1)["players"][0]["table"] == ["?"]
    assert g.view(0)["players"][0]["table"] == ["9"]
    assert g.view(1)["players"][0]["hand"] is None


def test_defender_rejection_cites_defender_rule():
    g = position(side(hand=["BA", "9"]), side(hand=["RK", "8"]))
    g.apply("play 9")
    out = g.apply("play BA")
    assert not out.ok and out.rule == "resurrection.battle.2"


def test_higher_card_wins_and_loser_becomes_aggressor():
    g = position(side(hand=["9", "8"]), side(hand=["RJ", "7"]))
    out = battle(g, "9", "RJ")
    assert g.aggressor == 0  # Player 1 (seat 0) lost with 9 against RJ
    assert zones(g, 1)["hero_pile"][0] == "RJ"
    assert zones(g, 0)["fallen_pile"][0] == "9"
    assert [e.kind for e in out.events][:3] == ["play", "reveal", "win"]


def test_black_winner_resurrects_top_fallen_card_to_bottom_of_hero_pile():
    g = position(side(hand=["BK", "9"], hero=["8"], fallen=["RA", "BJ"]), side(hand=["9", "8"]))
    battle(g, "BK", "9")
    z = zones(g, 0)
    assert z["hero_pile"][-1] == "RA"  # resurrected to the bottom
    assert z["hero_pile"][0] == "BK"  # the winning card on top
    assert z["fallen_pile"][0] == "BJ"


def test_resurrect_literal_option_sends_card_to_bottom_of_fallen_pile():
    g = position(
        side(hand=["BK", "9"], hero=["8"], fallen=["RA", "BJ"]), side(hand=["9", "8"]), resurrect_to="fallen-bottom"
    )
    battle(g, "BK", "9")
    z = zones(g, 0)
    assert z["fallen_pile"][0] == "BJ" and z["fallen_pile"][-1] != "BJ"
    assert "RA" in z["fallen_pile"] and z["fallen_pile"].index("RA") > z["fallen_pile"].index("BJ")
    assert "RA" not in z["hero_pile"]


def test_black_winner_with_empty_fallen_pile_resurrects_nothing():
    g = position(side(hand=["BA", "9"]), side(hand=["9", "8"]))
    before = zones(g, 0)
    battle(g, "BA", "9")
    after = zones(g, 0)
    assert after["fallen_pile"] == [] and after["hero_pile"] == ["BA"] + before["hero_pile"]


def test_red_loser_makes_winner_drop_top_hero_card_then_goes_on_top():
    g = position(side(hand=["RK", "9"]), side(hand=["BA", "8"], hero=["7", "RJ"]))
    battle(g, "RK", "BA")
    w, lose = zones(g, 1), zones(g, 0)
    assert w["fallen_pile"][0] == "7"  # the winner's top Hero Pile card fell
    assert w["hero_pile"][:2] == ["BA", "RJ"]
    assert lose["fallen_pile"][0] == "RK"  # red loser on top


def test_winner_ability_before_loser_ability():
    # Winner BA resurrects its fallen top to hero bottom; then loser RA knocks the winner's hero top to fallen.
    g = position(side(hand=["RA", "9"]), side(hand=["BA", "8"], hero=["7"], fallen=["RJ"]))
    battle(g, "RA", "BA")
    w = zones(g, 1)
    # After resurrect: hero = [7, ..., RJ]; red penalty moves 7 to fallen.
    assert w["fallen_pile"] == ["7"]
    assert w["hero_pile"][-1] == "RJ"


def test_number_loser_goes_on_top_of_fallen_pile():
    g = position(side(hand=["7", "9"], fallen=["RJ"]), side(hand=["8", "9"]))
    battle(g, "7", "8")
    assert zones(g, 0)["fallen_pile"][:2] == ["7", "RJ"]


def test_black_face_loser_goes_to_bottom_of_fallen_pile():
    g = position(side(hand=["BJ", "9"], fallen=["RJ"]), side(hand=["BA", "9"]))
    battle(g, "BJ", "BA")
    assert zones(g, 0)["fallen_pile"] == ["RJ", "BJ"]


def test_tie_keeps_cards_and_aggressor_plays_again():
    g = position(side(hand=["9", "BA", "7"]), side(hand=["9", "8", "7"]))
    out = battle(g, "9", "9")
    assert any(e.kind == "tie" for e in out.events)
    assert zones(g, 0)["table"] == ["9"] and zones(g, 1)["table"] == ["9"]
    assert g.current_player == 0 and g.aggressor == 0


def test_extended_battle_uses_only_last_cards_and_places_tied_cards():
    # Tie on 9, then P1 wins with BA against 8: winner gets both its cards on the Hero Pile (last on top).
    g = position(side(hand=["9", "BA", "7"], fallen=["RJ"]), side(hand=["9", "8", "7"]))
    battle(g, "9", "9")
    battle(g, "BA", "8")
    w, lose = zones(g, 0), zones(g, 1)
    assert w["hero_pile"][:2] == ["BA", "9"]
    assert w["hero_pile"][-1] == "RJ"  # BA resurrected RJ
    # loser's last card is a number: tied 9 goes on top, then 8 on top of it
    assert lose["fallen_pile"][:2] == ["8", "9"]
    assert g.aggressor == 1


def test_extended_battle_tied_cards_go_to_bottom_when_loser_last_is_face():
    g = position(side(hand=["8", "BA", "7"]), side(hand=["8", "RK", "7"], fallen=["9"]))
    battle(g, "8", "8")
    battle(g, "BA", "RK")
    lose = zones(g, 1)
    # RK is red: tied 8 to the bottom, RK to the top; the old 9 stays between.
    assert lose["fallen_pile"] == ["RK", "9", "8"]


def test_tied_abilities_are_ignored():
    # Tie on BA (black) then the aggressor loses 7 vs 9: the tied BA of the winner must not resurrect.
    g = position(side(hand=["BA", "7"], fallen=["RJ"]), side(hand=["BA", "9"], fallen=["RK"]))
    battle(g, "BA", "BA")
    battle(g, "7", "9")
    assert zones(g, 1)["fallen_pile"] == ["RK"]  # no resurrection for the defender's tied BA
    assert "RK" not in zones(g, 1)["hero_pile"]


def test_tie_with_empty_hands_draws_up_to_five_before_continuing():
    g = position(side(hand=["9"], hero=["BA", "7"]), side(hand=["9", "8"]))
    battle(g, "9", "9")
    d = zones(g, 0)
    assert sorted(d["hand"]) == sorted(["BA", "7", *[c for c in CODES if c not in ("9", "BA", "7")]][:5])
    assert len(d["hand"]) == 5
    assert zones(g, 1)["hand"] == ["8"]  # a player with cards in hand does not draw


def test_tie_with_one_player_out_of_cards_loses_without_abilities():
    p0 = side(hand=["9"], fallen=[], rest="fallen")  # hero pile empty: nothing to draw
    p1 = side(hand=["9", "8"], fallen=["RJ"])
    g = position(p0, p1)
    out = battle(g, "9", "9")
    assert any("no card to continue the tie" in e.text for e in out.events)
    # P1 (seat 0) out of cards -> loses the game too.
    assert g.is_over and g.winner == 1
    assert zones(g, 1)["hero_pile"][0] == "9"
    assert zones(g, 0)["fallen_pile"][0] == "9"


def test_tie_with_one_player_out_of_cards_but_game_goes_on():
    # Defender's hand empties with the tie but it still has Hero Pile cards -> draws; aggressor has none anywhere.
    p0 = side(hand=["9", "BA"], hero=[], rest="fallen")
    p1 = side(hand=["9"], hero=["BK"])
    g = position(p0, p1)
    battle(g, "9", "9")
    assert not g.is_over and g.current_player == 0


def test_tie_with_both_players_out_of_cards_is_a_draw():
    p0 = side(hand=["9"], rest="fallen")
    p1 = side(hand=["9"], rest="fallen")
    g = position(p0, p1)
    battle(g, "9", "9")
    assert g.is_over and g.winner is None and g.result == "draw"
    assert zones(g, 0)["table"] == ["9"] and zones(g, 1)["table"] == ["9"]
    assert g.legal_actions() == [] and g.current_player is None


def test_empty_hand_refills_at_end_of_battle():
    g = position(side(hand=["9"], hero=["BA", "BK"]), side(hand=["8", "7"]))
    battle(g, "9", "8")
    assert len(zones(g, 0)["hand"]) == 5  # emptied hand drew five
    assert zones(g, 1)["hand"] == ["7"]


def test_no_cards_in_hand_and_hero_pile_loses():
    p0 = side(hand=["RJ", "BA"], hero=[], rest="fallen")
    p1 = side(hand=["9"], hero=[], rest="fallen")
    g = position(p0, p1, aggressor=1)
    out = battle(g, "9", "BA")  # P2 plays its last card and loses it
    assert g.is_over and g.winner == 0
    assert out.events[-1].kind == "game_over"
    assert not g.apply("play RJ").ok


def test_game_over_rejects_further_actions_with_rule():
    p0 = side(hand=["RJ", "BA"], hero=[], rest="fallen")
    p1 = side(hand=["9"], hero=[], rest="fallen")
    g = position(p0, p1, aggressor=1)
    battle(g, "9", "BA")
    out = g.apply(Play("RJ"))
    assert not out.ok and out.rule == "resurrection.end"


def test_notation_round_trip_and_helpful_errors():
    g = new_game(1)
    for a in g.legal_actions():
        assert g.parse(str(a)) == a
    assert g.parse("PLAY ba") == Play("BA")
    with pytest.raises(ValueError, match="not a Resurrection card"):
        g.parse("play QQ")
    with pytest.raises(ValueError, match="write 'play <card>'"):
        g.parse("attack")
    out = g.apply("jump")
    assert not out.ok and out.rule == "resurrection.notation"


@pytest.mark.parametrize(
    "bad, message",
    [
        ({"aggressor": 2}, "aggressor"),
        ({"players": []}, "exactly two"),
        ({"result": "maybe"}, "result"),
        ({"options": {"colour": "blue"}}, "unknown Resurrection option"),
        ({"options": {"resurrect_to": "sky"}}, "resurrect_to"),
    ],
)
def test_from_dict_rejects_bad_headers(bad, message):
    d = new_game(3).to_dict() | bad
    with pytest.raises(ValueError, match=message):
        type(new_game(3)).from_dict(d)


def test_from_dict_rejects_wrong_cards():
    d = new_game(3).to_dict()
    d["players"][0]["hand"][0] = "QQ"
    with pytest.raises(ValueError, match="not a Resurrection card"):
        type(new_game(3)).from_dict(d)
    d = new_game(3).to_dict()
    d["players"][0]["hero_pile"][0] = d["players"][0]["hand"][0]
    with pytest.raises(ValueError, match="exactly once"):
        type(new_game(3)).from_dict(d)


def test_from_dict_rejects_impossible_tables():
    with pytest.raises(ValueError, match="must be ties"):
        position(side(hand=["9"], table=["8"]), side(hand=["9"], table=["7"]))
    with pytest.raises(ValueError, match="one more"):
        position(side(hand=["9"], table=["8", "7"]), side(hand=["9"]))


def test_every_rule_id_the_engine_cites_is_documented():
    import re
    from pathlib import Path

    import rules.resurrection.game as mod

    src = Path(mod.__file__).read_text()
    ids = set(re.findall(r"resurrection\.[a-z]+(?:\.[0-9]+)?", src)) - {"resurrection.cards", "resurrection.game"}
    sections = rule_sections("resurrection")
    assert ids and ids <= set(sections), ids - set(sections)
