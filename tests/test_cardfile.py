"""The card file a player imports (saves.cardfile) and the printings it holds (rules.redemption.printed).

Every file here is of the LackeyCCG card file's shape, written with our own cards and invented ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.redemption.printed import COLUMNS, Pool, Printing, base_name, script_for
from saves import cardfile

DATA = Path(__file__).parent / "data" / "cards"
FILE = DATA / "carddata.txt"
HEADER = "\t".join(COLUMNS)


def row(name="Fen Heron", set_code="TS1", type_text="Hero", brigade="Teal", s="3", t="4", text="", **kw):
    f = dict(zip(COLUMNS, [""] * len(COLUMNS)))
    f.update(Name=name, Set=set_code, Type=type_text, Brigade=brigade, Strength=s, Toughness=t, Alignment="Good")
    f["SpecialAbility"] = text
    f.update(kw)
    return "\t".join(f[c] for c in COLUMNS)


def parse_rows(*rows: str) -> Pool:
    return cardfile.parse("\n".join([HEADER, *rows]) + "\n", "test.txt")


def bad(*rows: str) -> str:
    with pytest.raises(cardfile.CardFileError) as e:
        parse_rows(*rows)
    return str(e.value)


@pytest.fixture(scope="module")
def pool() -> Pool:
    return cardfile.parse(FILE.read_bytes(), str(FILE))


# --- reading the file ------------------------------------------------------------------------------------
def test_the_test_file_reads_with_its_duals_trailing_tabs_and_keys(pool):
    assert len(pool) == 35
    dual = pool.by_key["Ox Driver / Ox Thief|TS2"]
    assert dual.kinds == ("hero", "evil_character") and dual.type == "hero"
    lantern = pool.by_key["Lantern of Dawn|TS1"]  # its row ends with three extra tabs
    assert lantern.legality == "Rotation" and lantern.type == "artifact"
    assert pool.by_key["Hannah the Potter (T1)|TS1"].line == 24


def test_a_good_row_keeps_every_column():
    p = parse_rows(row(Identifier="Heron", Reference="Psalm 1:1", Rarity="Rare")).printings[0]
    assert (p.name, p.set, p.identifier, p.reference, p.rarity, p.alignment) == (
        "Fen Heron",
        "TS1",
        "Heron",
        "Psalm 1:1",
        "Rare",
        "Good",
    )
    assert parse_rows(row()).printings[0].line == 2


@pytest.mark.parametrize(
    "line,reason",
    [
        (row().rsplit("\t", 1)[0], "15 columns, expected 16"),
        (row() + "\tsurplus", "17 columns, expected 16"),
        (row(name=""), "no Name"),
        (row(set_code=""), "'Fen Heron' has no Set"),
        (row(type_text="Wizard"), "unknown Type 'Wizard'"),
        (row(type_text="Hero/Wizard"), "unknown Type 'Hero/Wizard'"),
        (row(Alignment="Chaotic"), "Alignment 'Chaotic' is not one of Good, Evil, Neutral"),
        (row(s="seven"), "Strength 'seven' is not a card's number"),
        (row(text="a bell\x07rings"), "SpecialAbility holds a control character"),
        (row(name="A|B"), "Name holds a '|'"),
        (row(text="x" * 5000), "SpecialAbility is 5000 characters long"),
    ],
)
def test_a_bad_row_is_named_by_its_line_with_the_reason(line, reason):
    msg = bad(row(name="Good One"), line)
    assert msg.startswith("test.txt: not imported: line 3: ") and reason in msg, msg


def test_every_bad_row_is_counted_and_the_first_named():
    msg = bad(*[row(name=f"Card {i}", Alignment="?") for i in range(8)])
    assert "line 2:" in msg and "line 6:" in msg and "line 7:" not in msg and "(and 3 more bad rows)" in msg


def test_name_and_set_is_the_key():
    msg = bad(row(), row(name="Other"), row())
    assert "line 4: 'Fen Heron' in set 'TS1' is already on line 2" in msg
    assert len(parse_rows(row(), row(set_code="TS2"))) == 2  # a reprint in another set is another printing


@pytest.mark.parametrize(
    "data,reason",
    [
        ("Name\tSet\n" + row(), "line 1 is not the card file's header"),
        (HEADER + "\n", "no cards in it"),
        (b"\xff\xfe" + HEADER.encode("utf-16-le"), "not UTF-8"),
        (HEADER + "\n" + "x" * 9000, "line 2: 9000 characters, over the 8000-character limit"),
        (HEADER + "\n" * 50_005, "over the 50000-row limit"),
    ],
)
def test_hostile_files_get_one_line(data, reason):
    with pytest.raises(cardfile.CardFileError) as e:
        cardfile.parse(data, "evil.txt")
    assert reason in str(e.value) and "\n" not in str(e.value)


def test_a_bom_and_windows_line_ends_are_read():
    text = "\ufeff" + "\r\n".join([HEADER, row()]) + "\r\n"
    assert cardfile.parse(text.encode("utf-8")).printings[0].alignment == "Good"


def test_an_oversized_file_is_refused_before_it_is_read(tmp_path, monkeypatch):
    big = tmp_path / "big.txt"
    big.write_text(HEADER + "\n" + row() + "\n")
    monkeypatch.setattr(cardfile, "MAX_BYTES", 100)
    with pytest.raises(cardfile.CardFileError, match="over the 100-byte limit"):
        cardfile.import_file(big, tmp_path / "data")
    with pytest.raises(cardfile.CardFileError, match="no such file"):
        cardfile.import_file(tmp_path / "missing.txt", tmp_path / "data")
    with pytest.raises(cardfile.CardFileError, match="not a regular file"):
        cardfile.import_file(tmp_path, tmp_path / "data")


# --- importing into the data folder ---------------------------------------------------------------------
def test_import_keeps_the_file_and_importing_again_updates_it(tmp_path):
    data = tmp_path / "data"
    assert cardfile.load(data) is None
    pool, path, before = cardfile.import_file(FILE, data)
    assert path == data / "cards" / "carddata.txt" and before == 0
    assert [p.key for p in cardfile.load(data).printings] == [p.key for p in pool.printings]
    newer = tmp_path / "newer.txt"
    newer.write_text(HEADER + "\n" + row() + "\n" + row(name="Reed Crane") + "\n", encoding="utf-8")
    pool2, _, before = cardfile.import_file(newer, data)
    assert before == 35 and len(pool2) == 2
    assert sorted(p.name for p in cardfile.load(data).printings) == ["Fen Heron", "Reed Crane"]


def test_a_bad_file_imports_nothing_and_the_previous_pool_stays_whole(tmp_path):
    data = tmp_path / "data"
    cardfile.import_file(FILE, data)
    kept = (data / "cards" / "carddata.txt").read_bytes()
    broken = tmp_path / "broken.txt"
    broken.write_text(HEADER + "\n" + row() + "\n" + row(type_text="Wizard") + "\n")
    with pytest.raises(cardfile.CardFileError, match="line 3"):
        cardfile.import_file(broken, data)
    assert (data / "cards" / "carddata.txt").read_bytes() == kept
    assert [p.name for p in (data / "cards").iterdir()] == ["carddata.txt"]  # no temporary file left


def test_the_stored_file_is_the_checked_rows_again(tmp_path, pool):
    """What is kept reads back to the same printings (the trailing tabs dropped)."""
    again = cardfile.parse(cardfile.dumps(pool))
    assert again.printings == pool.printings
    assert "\t\t\t\n" not in cardfile.dumps(pool)


# --- the printings ---------------------------------------------------------------------------------------
def test_reprints_with_the_same_name_numbers_and_text_count_once(pool):
    groups = pool.distinct()
    hannah = [ps for ps in groups.values() if ps[0].base == "Hannah the Potter"]
    assert len(hannah) == 1 and {p.set for p in hannah[0]} == {"TS1", "TS2"}  # text differs only in spaces
    assert len(groups) == 34
    other = parse_rows(row(name="Fen Heron (A)"), row(name="Fen Heron (B)", set_code="TS2", s="9"))
    assert len(other.distinct()) == 2  # other numbers: another card


def test_base_name_drops_only_a_printing_tag():
    assert base_name("Aaron (G)") == "Aaron"
    assert base_name("Lost Soul Luke 15:6 [K]") == "Lost Soul Luke 15:6"
    assert base_name("(G)") == "(G)"
    assert base_name("A Very Long Card (With a Long Subtitle Here)") == "A Very Long Card (With a Long Subtitle Here)"


def test_lackey_matching(pool):
    assert pool.exact("hannah the potter (t1)").key == "Hannah the Potter (T1)|TS1"  # any case
    assert pool.find("Cornelius Greenhand ( T1)").name == "Cornelius Greenhand (T1)"  # spacing and punctuation
    assert pool.find("Reed Basket (Old Name)", "TS1", "Reed_Basket_Old_Name").name == "Reed Basket"  # by image id
    assert pool.find("Reed Basket (Old Name)") is None
    two = parse_rows(row(), row(set_code="TS2"))
    assert two.exact("Fen Heron", "TS2").set == "TS2" and two.exact("Fen Heron", "TS9").set == "TS1"
    assert pool.suggest("Hanah the Poter (T1)")[0] == "Hannah the Potter (T1)"


def test_search_by_word_and_by_field(pool):
    names = lambda ps: sorted(p.name for p in ps)  # noqa: E731
    assert names(pool.search(["potter"])) == ["Hannah the Potter (T1)", "Hannah the Potter (T2)"]
    assert names(pool.search(["type:dominant"])) == ["The Long Dawn"]
    assert names(pool.search(["brigade:teal", "type:ge"])) == ["Broken Crown", "Reed Basket"]
    assert names(pool.search(["set:TS2", "text:ox"])) == ["Ox Driver / Ox Thief"]
    assert names(pool.search(["identifier:gardener"])) == ["Cornelius Greenhand (T1)"]
    assert len(pool.search([], enforced=True)) == 22 and len(pool.search([], enforced=False)) == 13


def test_a_printing_is_enforced_only_when_it_is_one_of_our_plain_cards(pool):
    assert script_for(pool.by_key["Gideon|Ours"]) == "gideon"
    gideon = pool.by_key["Gideon|Ours"]
    fields = {f: getattr(gideon, f) for f in Printing.__dataclass_fields__ if f != "kinds"}
    for change in ({"brigade": "Gold"}, {"strength": "8"}, {"text": "Blow the trumpet."}, {"type_text": "GE"}):
        assert script_for(Printing(**{**fields, **change})) is None, change
    assert script_for(pool.by_key["Hannah the Potter (T1)|TS1"]) is None  # a name of no card of ours


def test_coverage_counts_distinct_cards_by_set_and_type(pool):
    c = pool.coverage()
    assert c.lines()[0] == "22 of 34 distinct cards enforced"
    assert dict((s, (e, n)) for s, e, n in c.by_set)["TS2"] == (0, 3)  # Hannah (a reprint), Tower, Ox
    assert dict((t, (e, n)) for t, e, n in c.by_type)["Lost Soul"] == (7, 8)
    assert c.lines()[1] == "By set:" and "By type:" in c.lines()
