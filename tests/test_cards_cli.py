"""``redemption cards`` and the deck commands with imported cards, through tui.cli.main (files of the real
files' shape, written with our own cards and invented ones)."""

from __future__ import annotations

from pathlib import Path

import pytest

from saves import cardfile
from tui import cli
from tui.session import Session

DATA = Path(__file__).parent / "data" / "cards"
CARDFILE = str(DATA / "carddata.txt")


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.delenv("REDEMPTION_SAVE_DIR", raising=False)
    monkeypatch.delenv("REDEMPTION_PLAYER", raising=False)
    return tmp_path / "saves"


def run(capsys, *argv, home):
    code = cli.main([*argv, "--save-dir", str(home)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def imported(home, capsys):
    code, out, _ = run(capsys, "cards", "import", CARDFILE, home=home)
    assert code == 0, out
    return home


def test_cards_import_says_what_it_imported_and_again_updates(home, capsys, tmp_path):
    code, out, _ = run(capsys, "cards", "import", CARDFILE, home=home)
    assert code == 0
    assert out.startswith("Imported 35 printings, 34 distinct cards, from ")
    assert out.rstrip().endswith("22 of 34 distinct cards enforced.")
    assert (home / "cards" / "carddata.txt").is_file()
    small = tmp_path / "small.txt"
    small.write_text(
        (DATA / "carddata.txt").read_text().split("\n", 1)[0]
        + "\n"
        + "\n".join(
            line for line in (DATA / "carddata.txt").read_text().splitlines() if line.startswith("Marsh Wraith")
        )
    )
    code, out, _ = run(capsys, "cards", "import", str(small), home=home)
    assert code == 0 and "Imported 1 printings" in out and "(it replaces the 35 printings imported before)" in out


def test_a_bad_card_file_is_one_line_and_imports_nothing(imported, capsys, tmp_path):
    bad = tmp_path / "bad.txt"
    text = (DATA / "carddata.txt").read_text().replace("\tHero\tTeal\t5\t5", "\tWizard\tTeal\t5\t5", 1)
    bad.write_text(text)
    code, out, err = run(capsys, "cards", "import", str(bad), home=imported)
    assert code == 1 and out == "" and len(err.strip().splitlines()) == 1
    assert "not imported: line 24: 'Hannah the Potter (T1)': unknown Type 'Wizard'" in err
    assert len(cardfile.load(imported)) == 35
    code, _, err = run(capsys, "cards", "import", home=imported)
    assert code == 1 and "takes one FILE" in err


def test_cards_lists_and_searches_the_pool(imported, capsys):
    code, out, _ = run(capsys, "cards", "hannah the potter", home=imported)
    rows = out.splitlines()
    assert code == 0 and rows[0].split() == ["NAME", "SET", "TYPE", "BRIGADE", "S/T"]
    assert [r.split("  ")[0] for r in rows[1:]] == ["Hannah the Potter (T1)", "Hannah the Potter (T2)"]
    assert all(r.endswith("not enforced") for r in rows[1:])
    code, out, _ = run(capsys, "cards", "type:hero", "brigade:blue", "--enforced", home=imported)
    names = {r.split("  ")[0] for r in out.splitlines()[1:]}
    assert {"Gideon", "Barak", "Ehud"} <= names  # ours, and the printings that are ours
    assert all(r.endswith(" enforced") and "not" not in r for r in out.splitlines()[1:])
    code, out, _ = run(capsys, "cards", "--not-enforced", "set:TS2", home=imported)
    assert [r.split("  ")[0] for r in out.splitlines()[1:]] == [
        "Hannah the Potter (T2)",
        "Tower of Reeds",
        "Ox Driver / Ox Thief",
    ]
    code, out, _ = run(capsys, "cards", "--limit", "3", home=imported)
    assert len(out.splitlines()) == 5 and "more" in out.splitlines()[-1]
    assert run(capsys, "cards", "nothing-like-this", home=imported)[:2] == (1, "No card matches.\n")


def test_cards_without_an_import_lists_our_own_and_says_how_to_import(home, capsys):
    code, out, _ = run(capsys, "cards", "gideon", home=home)
    assert code == 0 and "Gideon  " in out and "cards import FILE" in out
    code, _, err = run(capsys, "cards", "coverage", home=home)
    assert code == 1 and "no card file imported" in err and "cards import FILE" in err


def test_cards_show_prints_the_text_of_the_players_own_file(imported, capsys):
    code, out, _ = run(capsys, "cards", "show", "marsh", "wraith", home=imported)
    assert code == 0
    assert out.splitlines()[0] == "Marsh Wraith  [TS1: Test Set One]"
    assert "Text: The wraith may block any Hero that wades in.  (from your card file)" in out
    assert "Not enforced: the engine has no script for its ability yet" in out
    code, out, _ = run(capsys, "cards", "show", "Hannah the Potter", home=imported)  # no tag: every printing
    assert out.count("Hannah the Potter (T") == 2
    code, out, _ = run(capsys, "cards", "show", "Gideon", home=imported)
    assert "Gideon  [Ours: Our Own]" in out and "Gideon  [our own card]" in out and "Enforced: yes" in out
    code, _, err = run(capsys, "cards", "show", "Marsh Wrath", home=imported)
    assert code == 1 and "no card named 'Marsh Wrath'; did you mean 'Marsh Wraith'" in err


def test_cards_coverage_first_line(imported, capsys):
    code, out, _ = run(capsys, "cards", "coverage", home=imported)
    lines = out.splitlines()
    assert code == 0 and lines[0] == "22 of 34 distinct cards enforced"
    assert "By set:" in lines and "By type:" in lines
    assert "  Ours  22 of 22" in lines


def test_a_hosts_data_folder_shares_the_pool_with_its_players(imported, capsys):
    code, out, _ = run(capsys, "--player", "ann", "cards", "coverage", home=imported)
    assert code == 0 and out.startswith("22 of 34")


def test_decks_import_check_and_export_dek_files(imported, capsys):
    code, out, _ = run(capsys, "decks", "check", str(DATA / "plain.dek"), home=imported)
    assert (code, out) == (0, f"{DATA / 'plain.dek'}: legal (Type 1), 50 cards, every card enforced.\n")
    code, out, err = run(capsys, "decks", "check", str(DATA / "invented.dek"), home=imported)
    assert code == 1 and len(err.strip().splitlines()) == 1
    for name in ("Hannah the Potter (T1)", "Marsh Wraith", "Reed Basket", "Lantern of Dawn"):
        assert f"{name} is not enforced" in err
    assert "redemption.deck.size" in err and "Lantern of Dawn is not enforced" in err  # a Reserve card, named alike
    assert "the Reserve (" not in err  # the Reserve itself is played (redemption.reserve)
    code, out, _ = run(capsys, "decks", "import", str(DATA / "invented.dek"), home=imported)
    assert code == 0 and "Imported 'invented' (5 cards)" in out and "not legal yet" in out
    code, out, _ = run(capsys, "decks", "export", "invented", "--format", "dek", home=imported)
    assert '<superzone name="Reserve">' in out and '<name id="Marsh_Wraith">Marsh Wraith</name>' in out
    code, out, _ = run(capsys, "decks", "show", "invented", home=imported)
    assert code == 1 and "  Reserve (2): Lantern of Dawn, Ox Driver / Ox Thief" in out
    code, out, _ = run(capsys, "decks", "export", "invented", home=imported)
    assert "Reserve:\n1 Lantern of Dawn\n" in out


def test_a_game_with_a_card_not_enforced_does_not_start(imported, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(cli, "has_terminal", lambda: True)
    monkeypatch.setattr("tui.app.RedemptionApp.run", lambda self, *a, **k: None)
    mixed = tmp_path / "mixed.dek"
    mixed.write_text((DATA / "plain.dek").read_text().replace(">Gideon<", ">Marsh Wraith<", 1))
    code, _, err = run(capsys, "new", "redemption", "--deck", f"1={mixed}", home=imported)
    assert code == 1 and "Marsh Wraith is not enforced" in err
    code, _, err = run(capsys, "new", "redemption", "--deck", f"1={DATA / 'plain.dek'}", "--name", "p1", home=imported)
    assert code == 0, err
    game = Session.load(imported / "p1.toml").game
    assert sorted(k for k, owner in game.cards.values() if owner == 0)[:3] == ["barak", "barak", "barak"]
