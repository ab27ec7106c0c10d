"""Deck building: the Type 1 deck rules, deck files, plain-text import/export, and playing your own deck."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.core import Rng
from rules.redemption import CARDS, DECKS, new_game
from rules.redemption.deckrules import check, copies_allowed, find_card, has_special_ability, souls_required, suggest
from saves import decks as dk
from tests.test_redemption_stateful import check_conservation
from tui import cli
from tui.session import Session

G = list(DECKS["G"]["cards"])
SOULS = sorted(k for k, c in CARDS.items() if c.type == "lost_soul")
PLAIN_SOULS = [k for k in SOULS if not CARDS[k].abilities]
SA_SOUL = next(k for k in SOULS if CARDS[k].abilities)


def rules_of(keys):
    return sorted({v.rule for v in check(keys)})


def swap(keys, out, into):
    keys = list(keys)
    keys[keys.index(out)] = into
    return keys


# --- the deck rules, each on a hand-built deck ----------------------------------------------------------
def test_bundled_decks_are_legal():
    assert check(G) == [] and check(DECKS["H"]["cards"]) == []


def test_size_min_and_max():
    assert rules_of(G[:49]) == ["redemption.deck.size"]
    v = check(G[:49])[0]
    assert "at least 50" in v.message and "49" in v.message
    # 154 is the largest: 150 cards with 21 souls (7 + 100 // 7 = 21) ... build 155 to break it
    big = G * 3 + [k for k in PLAIN_SOULS][:5]  # 155 cards
    assert "redemption.deck.size" in rules_of(big)


def test_souls_scale_with_size():
    assert [souls_required(n) for n in (50, 56, 57, 63, 64)] == [7, 7, 8, 8, 9]
    fifty_seven = G + ["gideon", "goliath", "barak", "delilah", "eglon", "sisera", "ls_wanderer"]
    assert "redemption.deck.souls" not in rules_of(fifty_seven)
    seven_souls_57 = swap(fifty_seven, "ls_wanderer", "ehud")
    v = [v for v in check(seven_souls_57) if v.rule == "redemption.deck.souls"][0]
    assert "needs exactly 8 Lost Souls; this one has 7" in v.message and "ls_wanderer" in v.cards


def test_dominants_one_each_and_not_more_than_souls():
    two = swap(G, "gideon", "manna_from_heaven")
    v = [v for v in check(two) if v.rule == "redemption.deck.dominants"]
    assert len(v) == 1 and v[0].cards == ("manna_from_heaven",) and "found 2" in v[0].message


def test_dominants_outnumbering_souls_is_reported():
    base = [k for k in G if CARDS[k].type != "lost_soul"]  # 43 cards, 3 Dominants
    deck = base + PLAIN_SOULS[:2] + ["gideon", "barak", "ehud", "daniel", "deborah"]
    v = [v for v in check(deck) if v.rule == "redemption.deck.dominants"]
    assert v and "3 Dominants, 2 Lost Souls" in v[0].message
    assert set(v[0].cards) == {"heavenly_city", "day_of_judgment", "manna_from_heaven"}


def test_copies_special_ability_one_per_fifty():
    sa = next(k for k in G if CARDS[k].abilities and CARDS[k].type == "good_enhancement")
    assert copies_allowed(CARDS[sa], 50) == 1 and copies_allowed(CARDS[sa], 100) == 2
    two = swap(G, "gideon", sa)
    v = [v for v in check(two) if v.rule == "redemption.deck.copies"]
    assert len(v) == 1 and v[0].cards == (sa,) and "special ability" in v[0].message


def test_copies_plain_cards_three_per_fifty():
    plain = "goliath"
    assert not CARDS[plain].abilities
    three = swap(swap(G, "gideon", plain), "barak", plain)
    assert "redemption.deck.copies" not in rules_of(three)
    four = swap(three, "ehud", plain)
    v = [v for v in check(four) if v.rule == "redemption.deck.copies"]
    assert v and "at most 3 copies of Goliath" in v[0].message


def test_lost_souls_plain_unlimited_with_ability_one():
    many = [k for k in G if CARDS[k].type != "lost_soul"] + ["ls_wanderer"] * 7
    assert check(many) == []
    two_sa = (
        swap(swap(G, "ls_wanderer", SA_SOUL), "ls_prodigal", SA_SOUL)
        if SA_SOUL not in G
        else swap(G, "ls_wanderer", SA_SOUL)
    )
    v = [v for v in check(two_sa) if v.rule == "redemption.deck.copies"]
    assert v and v[0].cards == (SA_SOUL,) and "one copy per deck" in v[0].message


def test_unique_cards_follow_the_copy_rule_in_a_deck_and_the_unique_rule_in_play():
    """Published rules: a deck's copies of a card are limited by its special ability, not by
    uniqueness, which limits what is in play (redemption.deck.unique, redemption.unique)."""
    esther = CARDS["esther"]
    assert esther.unique_in_play and not has_special_ability(esther)
    assert check(swap(G, "gideon", "esther")) == []  # two plain Esthers: legal in a deck
    three_more = swap(swap(swap(G, "gideon", "esther"), "barak", "esther"), "ehud", "esther")
    v = check(three_more)
    assert [x.rule for x in v] == ["redemption.deck.copies"] and v[0].cards == ("esther",)


def test_unknown_card():
    v = check(G[:-1] + ["nonesuch"])
    assert v[0].rule == "redemption.deck.cards" and v[0].cards == ("nonesuch",)


def test_every_deck_rule_is_documented():
    from rules.docs import rule_text

    for rule in (
        "redemption.deck",
        "redemption.deck.cards",
        "redemption.deck.size",
        "redemption.deck.souls",
        "redemption.deck.dominants",
        "redemption.deck.copies",
        "redemption.deck.unique",
    ):
        assert rule_text("redemption", rule), rule


# --- names ------------------------------------------------------------------------------------------------
def test_names_match_without_case_or_punctuation():
    assert find_card("GIDEONS TRUMPET") == "gideons_trumpet"
    assert find_card("gideon's   trumpet") == "gideons_trumpet"
    assert find_card("Lost Soul - the Wanderer") == "ls_wanderer"
    assert find_card("wanderer") == "ls_wanderer"
    assert find_card("Gidoen") is None
    assert suggest("Gidoen")[0] == "Gideon"
    assert "Gideon's Trumpet" in suggest("trumpet of gideon")


# --- files --------------------------------------------------------------------------------------------------
def test_text_round_trip():
    g = dk.builtin("G")
    text = dk.to_text(g)
    assert text.startswith("# G\n") and "\n1 Gideon\n" in text and "# Heroes (8)" in text
    assert dk.parse_text(text).cards == g.cards


def test_toml_round_trip(tmp_path):
    deck = dk.from_keys("Judges plus", swap(G, "barak", "goliath"), notes="more giants")
    dk.save(deck, tmp_path)
    again = dk.load("Judges plus", tmp_path)
    assert again.cards == deck.cards and again.notes == "more giants"
    assert (tmp_path / "decks" / "Judges plus.toml").is_file()
    dk.rename("Judges plus", "Giants", tmp_path)
    assert [d.name for d in dk.list_decks(tmp_path)[0]] == [*dk.bundled_names(), "Giants"]
    dk.delete("Giants", tmp_path)
    assert [d.name for d in dk.list_decks(tmp_path)[0]] == list(dk.bundled_names())
    with pytest.raises(dk.DeckError, match="Giants.toml: no such deck"):
        dk.delete("Giants", tmp_path)


def test_pasted_list_with_typos_names_lines_and_suggests():
    text = "# my deck\n\n3 Gideon\n1 Gidoen\n2x Daniels prayer  # two\n1 trumpet of gideon\n1 zzzqqq\n"
    with pytest.raises(dk.DeckError) as e:
        dk.parse_text(text, "paste.txt")
    msg = str(e.value)
    assert msg.startswith("paste.txt: line 4: unknown card 'Gidoen'; did you mean 'Gideon'")
    assert "line 6: unknown card 'trumpet of gideon'; did you mean \"Gideon's Trumpet\"" in msg
    assert "line 7: unknown card 'zzzqqq'; no card has a name like it" in msg
    assert "\n" not in msg
    ok = dk.parse_text("3 Gideon\n2x Daniels prayer  # two\n1 x the fleece\nShorn Locks\n")
    assert ok.cards == {"gideon": 3, "daniels_prayer": 2, "fleece": 1, "shorn_locks": 1}


@pytest.mark.parametrize(
    "text,problem",
    [
        ("cards = [", "not a valid TOML file"),
        ('format = "other"\n[cards]\nGideon = 1', "not a deck file"),
        ("version = 9\n[cards]\nGideon = 1", "newer than this program"),
        ('[cards]\nGideon = "many"', "count for 'Gideon'"),
        ("[cards]\nGideon = 0", "count for 'Gideon'"),
        ('[cards]\n"Gidoen" = 1', "unknown card 'Gidoen'; did you mean 'Gideon'"),
        ("name = 5\n[cards]\nGideon = 1", "'name' must be text"),
        ("cards = 3", "'cards' must be a table"),
    ],
)
def test_bad_deck_files_give_one_line(tmp_path, text, problem):
    path = tmp_path / "decks" / "bad.toml"
    path.parent.mkdir()
    path.write_text(text)
    with pytest.raises(dk.DeckError) as e:
        dk.load("bad", tmp_path)
    assert str(e.value).startswith(str(path)) and problem in str(e.value) and "\n" not in str(e.value)
    decks, errors = dk.list_decks(tmp_path)
    assert [d.name for d in decks] == list(dk.bundled_names()) and len(errors) == 1


def test_markup_in_names_is_kept_as_text(tmp_path):
    deck = dk.from_keys("x", G)
    deck.notes = "[bold red]not markup[/]"
    dk.save(deck, tmp_path)
    assert dk.load("x", tmp_path).notes == "[bold red]not markup[/]"
    with pytest.raises(dk.DeckError, match="not a valid deck name"):
        dk.save(dk.from_keys("../escape", G), tmp_path)
    with pytest.raises(dk.DeckError, match="bundled deck"):
        dk.save(dk.from_keys("G", G), tmp_path)


# --- the command line ---------------------------------------------------------------------------------------
@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.delenv("REDEMPTION_SAVE_DIR", raising=False)
    monkeypatch.delenv("REDEMPTION_PLAYER", raising=False)
    return tmp_path / "saves"


def test_cli_import_export_round_trip(home, tmp_path, capsys):
    paste = tmp_path / "list.txt"
    paste.write_text(dk.to_text(dk.from_keys("x", swap(G, "barak", "goliath"))))
    assert cli.main(["decks", "import", str(paste), "--name", "Giants", "--save-dir", str(home)]) == 0
    assert "Imported 'Giants' (50 cards)" in capsys.readouterr().out
    assert cli.main(["decks", "export", "Giants", "--save-dir", str(home)]) == 0
    exported = capsys.readouterr().out
    assert dk.parse_text(exported).cards == dk.parse_text(paste.read_text()).cards
    assert cli.main(["decks", "check", "Giants", "--save-dir", str(home)]) == 0
    assert cli.main(["decks", "list", "--save-dir", str(home)]) == 0
    out = capsys.readouterr().out
    assert "Giants  50     yes" in out
    assert cli.main(["decks", "show", "Giants", "--save-dir", str(home)]) == 0
    assert "Evil Character (8): " in capsys.readouterr().out


def test_cli_errors_are_one_line(home, tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("1 Gidoen\n")
    illegal = tmp_path / "small.txt"
    illegal.write_text("4 Gideon\n")

    def one_line(argv):
        code = cli.main(argv + ["--save-dir", str(home)])
        out, err = capsys.readouterr()
        assert code == 1 and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
        return err

    assert "line 1: unknown card 'Gidoen'" in one_line(["decks", "import", str(bad)])
    err = one_line(["decks", "check", str(illegal)])
    assert "redemption.deck.size" in err and "redemption.deck.copies" in err and "redemption.deck.souls" in err
    assert "no deck named 'nope'" in one_line(["decks", "export", "nope"])
    assert "no such save file" in one_line(["decks", "import", str(tmp_path / "missing.txt")])
    cli.main(["decks", "import", str(illegal), "--save-dir", str(home)])
    capsys.readouterr()
    assert "already exists" in one_line(["decks", "import", str(illegal), "--name", "small"])


def test_cli_new_with_deck(home, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(cli, "has_terminal", lambda: True)
    monkeypatch.setattr("tui.app.RedemptionApp.run", lambda self, *a, **k: None)
    deck = dk.from_keys("Giants", swap(G, "barak", "goliath"))
    dk.save(deck, home)
    assert (
        cli.main(
            [
                "new",
                "redemption",
                "--deck",
                "1=Giants",
                "--deck",
                "2=G",
                "--seed",
                "4",
                "--name",
                "g1",
                "--save-dir",
                str(home),
            ]
        )
        == 0
    )
    s = Session.load(home / "g1.toml")
    assert s.game.decks == ["Giants", "G"]
    keys = sorted(k for k, owner in s.game.cards.values() if owner == 0)
    assert keys == sorted(deck.keys)
    # the save holds the lists: deleting or changing the deck file does not change the game
    dk.delete("Giants", home)
    again = Session.load(home / "g1.toml")
    assert again.game.to_dict() == s.game.to_dict()
    code = cli.main(["new", "redemption", "--deck", "1=nope", "--save-dir", str(home)])
    assert code == 1 and "--deck 1=nope: no deck named 'nope'" in capsys.readouterr().err
    small = tmp_path / "small.txt"
    small.write_text("3 Gideon\n")
    code = cli.main(["new", "redemption", "--deck", f"2={small}", "--save-dir", str(home)])
    err = capsys.readouterr().err
    assert code == 1 and "not legal" in err and "redemption.deck.size" in err
    assert cli.main(["new", "resurrection", "--deck", "1=G", "--save-dir", str(home)]) == 2


# --- random legal decks play to the end ---------------------------------------------------------------------
def random_legal_deck(size: int, seed: int) -> list[str]:
    """A legal deck of ``size`` cards, picked at random (seeded) from the whole pool."""
    rng = Rng(seed)
    deck = [PLAIN_SOULS[rng.below(len(PLAIN_SOULS))] for _ in range(souls_required(size))]
    others = sorted(k for k, c in CARDS.items() if c.type != "lost_soul") * 3
    rng.shuffle(others)
    for k in others:
        if len(deck) == size:
            break
        trial = deck + [k]
        if not [v for v in check(trial) if v.rule not in ("redemption.deck.size", "redemption.deck.souls")]:
            deck = trial
    return deck


legal_decks = st.builds(random_legal_deck, st.integers(50, 64), st.integers(0, 2**31 - 1))


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(a=legal_decks, b=legal_decks, seed=st.integers(0, 10_000))
def test_random_legal_decks_play_to_the_end(a, b, seed):
    assert check(a) == [] and check(b) == []
    g = new_game(seed, decks=({"name": "A", "cards": a}, {"name": "B", "cards": b}), max_turns=40)
    rng = Rng(seed)
    for _ in range(5000):
        if g.is_over:
            break
        legal = g.legal_actions()
        assert legal
        aimless = [x for x in legal if x.verb not in ("setaside", "return")] or legal
        out = g.apply(aimless[rng.below(len(aimless))])
        assert out.ok
        check_conservation(g)
    assert g.is_over


def test_the_computer_plays_any_legal_deck():
    from rules.agents import choose_for, make_agent

    a, b = random_legal_deck(57, 11), random_legal_deck(50, 12)
    g = new_game(3, decks=({"name": "Mine", "cards": a}, {"name": "Theirs", "cards": b}), max_turns=30)
    agents = [make_agent("redemption", "easy", seed=1), make_agent("redemption", "easy", seed=2)]
    for _ in range(3000):
        if g.is_over:
            break
        assert g.apply(choose_for(agents[g.current_player], g)).ok
    assert g.is_over and g.decks == ["Mine", "Theirs"]


def test_hostile_deck_files_print_as_text(home, capsys):
    """A deck file's name (its file name) and card names print as text: no escape reaches the terminal."""
    d = dk.folder(home)
    d.mkdir(parents=True)
    (d / "evil\x1b[2J.toml").write_text(dk.dumps(dk.from_keys("x", G)))
    assert cli.main(["decks", "list", "--save-dir", str(home)]) == 0
    out = capsys.readouterr().out
    assert "evil\\x1b[2J" in out and "\x1b" not in out
    path = home / "hostile.toml"
    path.write_text(dk.dumps(dk.from_keys("x", G)).replace("Gideon = 1", '"Gid\\u001beon" = 1'))
    code = cli.main(["decks", "check", str(path), "--save-dir", str(home)])
    err = capsys.readouterr().err
    assert code == 1 and "\x1b" not in err and "Gid\\x1beon" in err
    # a name with control characters never becomes the game's deck label
    assert dk.for_game(dk.Deck("Eve\x1b]0;pwned", dict(dk.builtin("G").cards))) == {
        "name": "custom",
        "cards": dk.builtin("G").keys,
    }


def test_the_registry_says_which_games_have_decks_and_a_file_says_whose_it_is(home, capsys):
    from rules.games import deck_games, find_game

    assert [g.name for g in deck_games()] == ["redemption"]  # Resurrection is played with its own nine cards
    rules = find_game("redemption").deck_rules()
    assert rules.find_card("Gideon") == "gideon" and list(rules.TYPES) == ["type1"]
    with pytest.raises(dk.DeckError, match="own cards"):
        dk.deck_game("resurrection")
    text = dk.dumps(dk.from_keys("Mine", G))
    assert dk.loads(text, "mine.toml").game == "redemption"  # its type, "type1", is Redemption's
    with pytest.raises(dk.DeckError, match="unknown deck type 'type9' \\(known: type1\\)"):
        dk.loads(text.replace('"type1"', '"type9"'), "mine.toml")
    assert cli.main(["decks", "list", "--game", "redemption", "--save-dir", str(home)]) == 0
    assert "G " in capsys.readouterr().out
    assert cli.main(["decks", "list", "--game", "resurrection", "--save-dir", str(home)]) == 2  # not a choice
    assert "invalid choice: 'resurrection'" in capsys.readouterr().err
