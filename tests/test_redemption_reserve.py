"""The Reserve in the game (redemption.reserve): set apart at the start, seen by its owner only, reached only by a
selector that names it and never in the first round (redemption.reserve.access), saved and loaded, rebuilt by the
review, and the deck check no longer refusing a deck for having one."""

from __future__ import annotations

import pytest

from rules.redemption import Game, new_game
from rules.redemption import review as rv
from rules.redemption.deckrules import check
from rules.redemption.lang import Selector, select
from rules.redemption.serial import tables
from rules.redemption.state import from_reserve
from tests.redemption_helpers import scenario

RESERVE = ["sword_of_goliath", "bread_for_elijah", "stronghold_of_zion"]


def own(reserve: list[str] = RESERVE) -> dict:
    from rules.redemption.cards import DECKS

    return {"name": "Gold", "cards": list(DECKS["G"]["cards"]), "reserve": list(reserve)}


def test_a_deck_with_a_reserve_is_legal_and_its_reserve_is_set_apart_unshuffled():
    assert check(own()["cards"], RESERVE) == []
    g = new_game(5, decks=(own(), "H"))
    assert g.z[0]["reserve"] == ["GR1", "GR2", "GR3"]
    assert [g.cards[c][0] for c in g.z[0]["reserve"]] == RESERVE
    assert len(g.z[0]["deck"]) == 50 and not any(from_reserve(c) for c in g.z[0]["deck"])
    assert g.z[1]["reserve"] == []
    # the seed's shuffle of the deck is the one a game without a Reserve gets
    plain = new_game(5, decks=({"name": "Gold", "cards": own()["cards"]}, "H"))
    assert [g.cards[c] for c in g.z[0]["deck"]] == [plain.cards[c] for c in plain.z[0]["deck"]]


def test_the_reserve_never_reaches_the_hand_in_a_whole_game_and_is_still_there_at_the_end():
    from rules.core import Rng

    g = new_game(11, decks=(own(), "H"), max_turns=12)
    r = Rng(3)
    while not g.is_over:
        legal = g.legal_actions()
        assert not any(c in str(a).split() for a in legal for c in ("GR1", "GR2", "GR3"))
        assert g.apply(legal[r.below(len(legal))]).ok
        assert g.z[0]["reserve"] == ["GR1", "GR2", "GR3"]
    again = Game.from_dict(g.to_dict())
    again.validate_whole()
    assert again.z[0]["reserve"] == ["GR1", "GR2", "GR3"]


def test_only_its_owner_sees_the_reserve_the_others_see_how_many():
    g = new_game(5, decks=(own(), "H"))
    mine, theirs = g.view(0)["players"][0], g.view(1)["players"][0]
    assert [c["key"] for c in mine["reserve"]] == RESERVE and mine["reserve_count"] == 3
    assert theirs["reserve"] is None and theirs["reserve_count"] == 3
    assert "sword_of_goliath" not in str(g.view(1))
    # the computer's model of the opponent deals their Reserve from what it cannot see
    from rules.core import Rng

    model = g.determinize(1, Rng(1))
    assert sorted(model.z[0]["reserve"]) == ["GR1", "GR2", "GR3"]
    assert all(model.cd[c].type != "lost_soul" for c in model.z[0]["reserve"])


def test_save_and_load_keep_the_reserve_and_a_save_from_before_the_reserve_loads():
    g = new_game(5, decks=(own(), "H"))
    d = g.to_dict()
    assert d["players"][0]["zones"]["reserve"] == ["GR1", "GR2", "GR3"] and d["players"][1]["zones"]["reserve"] == []
    back = Game.from_dict(d)
    assert back.to_dict() == d and back.z[0]["reserve"] == g.z[0]["reserve"]
    back.validate_whole()
    old = new_game(5).to_dict()
    for pd in old["players"]:
        del pd["zones"]["reserve"]
    assert Game.from_dict(old).to_dict() == new_game(5).to_dict()


def test_a_save_whose_reserve_is_not_a_legal_reserve_is_refused():
    d = tables(new_game(5, decks=(own(), "H")).to_dict())
    d["cards"]["GR1"]["key"] = "ls_orphan"  # a Lost Soul in the Reserve
    with pytest.raises(ValueError, match="Lost Soul: no Reserve may hold one"):
        Game.from_dict(d).validate_whole()
    d = new_game(5, decks=(own(), "H")).to_dict()
    d["players"][0]["zones"]["reserve"].remove("GR2")  # during the cut a Reserve card elsewhere
    d["players"][0]["zones"]["deck"].append("GR2")
    with pytest.raises(ValueError, match="Reserve holds exactly"):
        Game.from_dict(d).validate_whole()


def test_the_review_and_a_rematch_start_with_the_same_reserve():
    g = new_game(7, decks=(own(), "H"))
    assert rv.reserves(g) == [RESERVE, []]
    spec = rv.starting_decks(g)[0]
    assert isinstance(spec, dict) and spec["reserve"] == RESERVE and len(spec["cards"]) == 50
    start = rv.start(g)
    assert start.to_dict() == g.to_dict()
    head = dict(line[2:].split(" = ", 1) for line in rv.notation_header(g))
    assert head["reserve 1"] == " ".join(RESERVE) and "reserve 2" not in head
    assert rv.from_header(7, dict(g.options), head).to_dict() == g.to_dict()


POSITION = """
[start]
phase = "prep"
active = 0
turn = {turn}
[[start.seat]]
territory = ["barak"]
hand = ["gideon"]
deck = ["peter"]
reserve = ["sword_of_goliath", "deborah"]
[[start.seat]]
territory = ["goliath"]
reserve = ["philistine_spear"]
"""


@pytest.mark.parametrize("turn, taken", [(1, False), (2, False), (3, True), (9, True)])
def test_a_selector_that_names_the_reserve_takes_its_cards_only_after_the_first_round(turn, taken):
    b = scenario(POSITION.format(turn=turn))
    g = b.game
    named = select(g, 0, Selector((("owner", "you"), ("zone", "reserve")), 1))
    assert named == ([b["sword_of_goliath"], b["deborah"]] if taken else [])
    heroes = select(g, 0, Selector((("owner", "any"), ("type", "hero"), ("zone", "reserve")), 1))
    assert heroes == ([b["deborah"]] if taken else [])
    theirs = select(g, 0, Selector((("owner", "opponent"), ("zone", "reserve")), 1))
    assert theirs == ([b["philistine_spear"]] if taken else [])


def test_no_other_zone_word_and_no_action_of_the_rules_touches_the_reserve():
    from rules.redemption.lang import ZONE_WORDS

    b = scenario(POSITION.format(turn=5))
    g = b.game
    reserved = {b["sword_of_goliath"], b["deborah"], b["philistine_spear"]}
    for word in ZONE_WORDS:
        if word != "reserve":
            got = select(g, 0, Selector((("zone", word),), 1))
            assert not reserved & set(got), word
    # the player may play Gideon from hand, never Deborah from the Reserve
    legal = [str(a) for a in g.legal_actions()]
    assert any(b["gideon"] in a for a in legal)
    assert not any(c in a.split() for a in legal for c in reserved)
    out = g.apply(g.parse(f"play {b['deborah']}"))
    assert not out.ok and out.rule == "redemption.prep.character" and "not in your hand" in out.reason


def test_a_game_of_a_bundled_deck_with_a_reserve_saves_and_loads():
    """Starters K and L come with a Reserve: a game of them is a whole game whose Reserve is the deck's own."""
    import random

    import saves

    g = new_game(3, decks=("K", "L", "I"))
    r = random.Random(1)
    while len(g.history) < 60 and not g.is_over:
        g.apply(r.choice(g.legal_actions()))
    meta = saves.Meta(players=[{"name": f"P{i + 1}", "kind": "human"} for i in range(3)])
    assert saves.loads(saves.dumps(g, meta)) == g
    d = tables(g.to_dict())
    reserve = [c for c in d["cards"] if from_reserve(c) and d["cards"][c]["owner"] == 0]
    d["cards"][reserve[0]]["key"] = d["cards"][reserve[1]]["key"]
    with pytest.raises(ValueError, match="Player 1's Reserve cards are not bundled deck K's Reserve"):
        Game.from_dict(d).validate_whole()
