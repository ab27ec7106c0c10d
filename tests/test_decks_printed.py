"""Decks of imported cards: LackeyCCG .dek files, pasted lists with a Reserve, the Reserve in deck files, and the
deck check that names every card the engine cannot enforce. The card file and decks are of the real files'
shape, written with our own cards and invented ones (tests/data/cards)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.redemption import new_game
from rules.redemption.deckrules import RESERVE_MAX, check
from saves import cardfile
from saves import decks as dk

DATA = Path(__file__).parent / "data" / "cards"


@pytest.fixture(scope="module")
def pool():
    return cardfile.parse((DATA / "carddata.txt").read_bytes(), "carddata.txt")


def rules_of(deck):
    return sorted({v.rule for v in deck.problems()})


def dek(*cards: str, reserve: tuple[str, ...] = (), head: str = "") -> bytes:
    def zone(name, rows):
        return f'<superzone name="{name}">' + "".join(rows) + "</superzone>"

    body = zone("Deck", cards) + (zone("Reserve", reserve) if reserve else "")
    return f'{head}<deck version="0.8"><meta><game>Redemption</game></meta>{body}</deck>'.encode()


def card(name: str, set_code: str, image: str = "") -> str:
    return f'<card><name id="{image}">{name}</name><set>{set_code}</set></card>'


# --- .dek files ------------------------------------------------------------------------------------------
def test_a_dek_file_reads_its_deck_and_reserve_matching_names_as_lackey_does(pool):
    d = dk.read_file(DATA / "invented.dek", pool=pool)
    assert d.cards == {
        "Hannah the Potter (T1)|TS1": 1,
        "Marsh Wraith|TS1": 1,
        "Reed Basket|TS1": 1,  # the deck's old name, found by its image id
        "Cornelius Greenhand (T1)|TS1": 1,  # 'Cornelius Greenhand ( T1)': spacing
        "Lost Soul: the Wanderer|Ours": 1,
    }
    assert d.reserve == {"Lantern of Dawn|TS1": 1, "Ox Driver / Ox Thief|TS2": 1}
    assert d.name == "invented"


def test_a_dek_file_round_trips(pool):
    d = dk.read_file(DATA / "invented.dek", pool=pool)
    again = dk.parse_dek(dk.to_dek(d).encode(), "again.dek", pool=pool)
    assert (again.cards, again.reserve) == (d.cards, d.reserve)
    plain = dk.read_file(DATA / "plain.dek")  # our own cards, with no card file imported
    assert plain.size == 50 and all("|" not in k for k in plain.cards)
    ours = dk.parse_dek(dk.to_dek(plain).encode())
    assert ours.cards == plain.cards and f"<set>{dk.OUR_SET}</set>" in dk.to_dek(plain)


def test_an_unknown_card_names_its_line_and_the_nearest_cards(pool):
    data = dek(card("Marsh Wraith", "TS1"), card("Marsh Wrath", "TS1"), card("Zzyzx Qqq", "TS1"))
    with pytest.raises(dk.DeckError) as e:
        dk.parse_dek(data.replace(b"<card>", b"\n<card>"), "mine.dek", pool=pool)
    msg = str(e.value)
    # the nearest name first (the real cards the program holds may follow it)
    assert "mine.dek: line 3: unknown card 'Marsh Wrath' (set 'TS1'); did you mean 'Marsh Wraith'" in msg
    assert "line 4: unknown card 'Zzyzx Qqq' (set 'TS1'); no card has a name like it" in msg
    with pytest.raises(dk.DeckError, match="cards import FILE"):  # nothing imported: says how to import
        dk.parse_dek(dek(card("Zzyzx Qqq", "TS1")), "mine.dek")


@pytest.mark.parametrize(
    "data,reason",
    [
        (b"<deck><superzone", "not well-formed XML"),
        (b"", "not well-formed XML"),
        (b"<cards/>", "the root element is <cards>, not <deck>"),
        (dek(card("Marsh Wraith", "TS1")).replace(b'"Deck"', b'"Sideboard"'), "unknown superzone 'Sideboard'"),
        (dek(), "no cards in its Deck superzone"),
        (dek("<card><set>TS1</set></card>"), "a card with no name"),
        (
            b'<?xml version="1.0"?><!DOCTYPE deck [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>'
            b"<deck>&b;</deck>",
            "a DTD inside a deck file is not allowed",
        ),
        (
            b'<!DOCTYPE deck SYSTEM "file:///etc/passwd"><deck><superzone name="Deck">'
            b"<card><name>&ext;</name><set>x</set></card></superzone></deck>",
            "line 1: a card with no name",  # the external DTD is never read: its entity stays empty
        ),
    ],
)
def test_hostile_or_broken_dek_files_get_one_line(pool, data, reason):
    with pytest.raises(dk.DeckError) as e:
        dk.parse_dek(data, "evil.dek", pool=pool)
    assert reason in str(e.value) and "\n" not in str(e.value), str(e.value)


def test_a_dek_file_is_bounded(pool, monkeypatch):
    with pytest.raises(dk.DeckError, match="far larger than any deck file"):
        dk.parse_dek(b" " * (dk.MAX_DEK_BYTES + 1))
    monkeypatch.setattr(dk, "MAX_DEK_CARDS", 3)
    with pytest.raises(dk.DeckError, match="over 3 cards"):
        dk.parse_dek(dek(*[card("Marsh Wraith", "TS1")] * 4), pool=pool)


def test_a_plain_doctype_is_read_as_lackey_writes_it(pool):
    head = '<?xml version="1.0" encoding="ISO-8859-1"?><!DOCTYPE deck SYSTEM "http://www.lackeyccg.com/deck.dtd">'
    d = dk.parse_dek(dek(card("Marsh Wraith", "TS1"), head=head), pool=pool)
    assert d.cards == {"Marsh Wraith|TS1": 1}


# --- pasted lists and deck files ------------------------------------------------------------------------
def test_a_pasted_list_with_tabs_and_a_reserve(pool):
    d = dk.read_file(DATA / "invented.txt", pool=pool)
    # a name the card file has is its printing, as Lackey reads it; a name only we have is our card
    assert d.cards == {"Hannah the Potter (T1)|TS1": 2, "Marsh Wraith|TS1": 1, "Lost Soul: the Wanderer|Ours": 1}
    assert d.reserve == {"Lantern of Dawn|TS1": 1}
    headed = dk.parse_text(
        "Deck (2):\n2\tMarsh Wraith\nReserve (1):\n1\tLantern of Dawn\nHeroes:\n1 Peter\n", pool=pool
    )
    assert headed.cards == {"Marsh Wraith|TS1": 2, "peter": 1} and headed.reserve == {"Lantern of Dawn|TS1": 1}
    with pytest.raises(dk.DeckError, match="line 2: unknown card 'Lanturn of Dawn'; did you mean 'Lantern of Dawn'"):
        dk.parse_text("1\tMarsh Wraith\n1\tLanturn of Dawn\n", "paste.txt", pool=pool)


def test_text_export_reads_back_with_its_reserve(pool):
    d = dk.read_file(DATA / "invented.dek", pool=pool)
    again = dk.parse_text(dk.to_text(d), pool=pool)
    assert (again.cards, again.reserve) == (d.cards, d.reserve)


def test_deck_files_keep_the_reserve_and_imported_cards(tmp_path, pool):
    d = dk.read_file(DATA / "invented.dek", pool=pool)
    d.name = "Potters"
    path = dk.save(d, tmp_path)
    text = path.read_text()
    assert '"Marsh Wraith|TS1" = 1' in text and "[reserve]" in text
    back = dk.load("Potters", tmp_path, pool=pool)
    assert (back.cards, back.reserve) == (d.cards, d.reserve)
    with pytest.raises(dk.DeckError, match="none is imported"):
        dk.load("Potters", tmp_path)
    other = cardfile.parse(cardfile.dumps(pool).replace("Marsh Wraith\tTS1", "Marsh Wraith\tTS9"))
    with pytest.raises(dk.DeckError, match="'Marsh Wraith|TS1' is not in the imported card file"):
        dk.load("Potters", tmp_path, pool=other)


def test_a_deck_file_without_a_reserve_still_loads(tmp_path):
    """Deck files written before the Reserve: no [reserve] table."""
    path = tmp_path / "decks" / "Old.toml"
    path.parent.mkdir()
    path.write_text(dk.dumps(dk.builtin("G").copy("Old")))
    assert "[reserve]" not in path.read_text()
    old = dk.load("Old", tmp_path)
    assert old.reserve == {} and old.problems() == [] and old.cards == dk.builtin("G").cards


# --- the deck check --------------------------------------------------------------------------------------
def test_a_deck_of_printings_that_are_our_own_cards_is_legal_and_starts_a_game(pool):
    d = dk.read_file(DATA / "plain.dek", pool=pool)
    assert all("|" in k for k in d.cards) and d.problems() == []
    spec = dk.for_game(d)
    assert isinstance(spec, dict) and all("|" not in k for k in spec["cards"])
    g = new_game(seed=1, decks=(spec, "H"))
    assert sorted(k for k, owner in g.cards.values() if owner == 0) == sorted(spec["cards"])


def test_every_card_not_enforced_is_named_and_the_game_does_not_start(pool):
    d = dk.read_file(DATA / "plain.dek", pool=pool)
    d.add("Gideon|Ours", -1)
    d.add("Marsh Wraith|TS1")
    d.add("Hannah the Potter (T1)|TS1", reserve=True)
    problems = [str(v) for v in d.problems()]
    assert (
        "Marsh Wraith is not enforced: the engine has no script for its ability yet (redemption.deck.enforced)"
        in problems
    )
    assert (
        "Hannah the Potter (T1) is not enforced: the engine has no script for its ability yet (redemption.deck.enforced)"
        in problems
    )
    assert not any("the Reserve (" in p for p in problems)  # the Reserve itself is played (redemption.reserve)
    assert rules_of(d) == ["redemption.deck.enforced"]
    with pytest.raises(dk.DeckError, match="Marsh Wraith is not enforced"):
        dk.for_game(d)


def test_a_deck_with_a_reserve_of_enforced_cards_is_legal_and_starts_a_game_with_it(pool):
    d = dk.read_file(DATA / "plain.dek", pool=pool)
    d.add("sword_of_goliath", reserve=True)
    d.add("bread_for_elijah", reserve=True)
    assert d.problems() == []
    spec = dk.for_game(d)
    assert isinstance(spec, dict) and spec["reserve"] == ["sword_of_goliath", "bread_for_elijah"]
    g = new_game(seed=1, decks=(spec, "H"))
    assert [g.cards[c][0] for c in g.z[0]["reserve"]] == ["sword_of_goliath", "bread_for_elijah"]
    assert len(g.z[0]["deck"]) == 50


def test_the_reserve_rules(pool):
    d = dk.read_file(DATA / "plain.dek", pool=pool)
    for k in ("Marsh Wraith|TS1", "Reed Basket|TS1", "Quiet Harbor|TS1", "Tower of Reeds|TS2"):
        d.add(k, 3, reserve=True)
    msgs = [v.message for v in d.problems() if v.rule == "redemption.deck.reserve"]
    assert msgs == [f"a Reserve holds at most {RESERVE_MAX} cards; this one has 12"]
    d.reserve = {"The Long Dawn|TS1": 1, "Lost Soul of the Fens|TS1": 1}
    msgs = [v.message for v in d.problems() if v.rule == "redemption.deck.reserve"]
    assert msgs == [
        "The Long Dawn is a Dominant: no Reserve may hold one",
        "Lost Soul of the Fens is a Lost Soul: no Reserve may hold one",
    ]


def test_copies_count_every_printing_and_the_reserve(pool):
    d = dk.read_file(DATA / "plain.dek", pool=pool)
    d.add("Hannah the Potter (T1)|TS1")
    d.add("Hannah the Potter (T2)|TS2", reserve=True)  # a reprint: the same card
    copies = [v for v in d.problems() if v.rule == "redemption.deck.copies"]
    assert [v.message for v in copies] == [
        "Hannah the Potter (T1) has a special ability: 1 copy in a deck of 51 cards; found 2"
    ]
    assert set(copies[0].cards) == {"Hannah the Potter (T1)|TS1", "Hannah the Potter (T2)|TS2"}


def test_banned_cards_and_tokens(pool):
    d = dk.read_file(DATA / "plain.dek", pool=pool)
    d.add("Broken Crown|TS1")
    d.add("Spark Token|TS1")
    by_rule = {v.rule: v.message for v in d.problems()}
    assert by_rule["redemption.deck.banned"] == "Broken Crown is banned from Type 1 decks"
    assert by_rule["redemption.deck.tokens"] == "Spark Token is a token: tokens are not part of a deck"


def test_a_real_plain_card_is_not_limited_like_ours(pool):
    """Our pool's three-per-fifty ruling is ours; the published Type 1 rules set no limit on a card without a
    special ability, and a card that is one of ours keeps our rules (the engine checks decks with them)."""
    rows = cardfile.dumps(pool).replace(
        "Quiet Harbor\tTS1\tQuiet_Harbor\tTest Set One\tSite\t\t\t\t\t\tSouls rest here.",
        "Quiet Harbor\tTS1\tQuiet_Harbor\tTest Set One\tSite\t\t\t\t\t\t",
    )
    plain = cardfile.parse(rows)
    keys = ["Quiet Harbor|TS1"] * 43 + [
        k for k in dk.read_file(DATA / "plain.dek", pool=plain).keys if "Lost Soul" in k
    ]
    lookup = lambda k: plain.by_key[k].deck_rules()  # noqa: E731
    assert [v.rule for v in check(keys, (), lookup)] == ["redemption.deck.enforced"]
    ours = ["Gideon|Ours"] * 4 + keys[4:]
    assert "redemption.deck.copies" in {v.rule for v in check(ours, (), lookup)}
