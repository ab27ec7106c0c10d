"""Card fingerprints in a Redemption save (issue 23 section 3): a save records each card's fingerprint; a card
changed since the save is named when the game is resumed, never an error; an old save without them loads."""

from __future__ import annotations

import tomllib

import pytest
import tomli_w

import saves
from rules.redemption import new_game
from rules.redemption.cards import CARDS, FINGERPRINTS, fingerprint
from rules.redemption.serial import changed_note, tables


def _game():
    g = new_game(seed=5)
    for _ in range(4):
        g.apply(g.legal_actions()[0])
    return g


def _edited(g, change) -> str:
    doc = tomllib.loads(saves.dumps(g))
    doc["state"] = tables(doc["state"])  # format 2's tables, which a save may still hold
    change(doc["state"])
    return tomli_w.dumps(doc)


def test_fingerprint_is_deterministic_and_short():
    d = {"name": "X", "set": "S", "type": "hero", "abilities": [{"b": 1, "a": 2}]}
    assert fingerprint(d) == fingerprint(dict(reversed(list(d.items()))))
    assert len(fingerprint(d)) == 12 and int(fingerprint(d), 16) >= 0
    assert fingerprint(d) != fingerprint({**d, "strength": 1})
    assert set(FINGERPRINTS) == set(CARDS)


def test_a_save_records_every_used_cards_fingerprint_and_round_trips():
    g = _game()
    state = tomllib.loads(saves.dumps(g))["state"]
    keys = {k for k, _ in g.cards.values()}
    assert tables(state)["fingerprints"] == {k: FINGERPRINTS[k] for k in keys}
    back = saves.loads(saves.dumps(g))
    assert back == g
    assert back.changed_cards == () and changed_note(back) == ""


def test_an_edited_fingerprint_loads_and_names_that_card():
    g = _game()
    key = sorted({k for k, _ in g.cards.values()})[3]
    text = _edited(g, lambda s: s["fingerprints"].__setitem__(key, "0" * 12))
    back = saves.loads(text)
    assert back == g  # the game plays on, with the cards as this version has them
    assert back.changed_cards == (key,)
    assert key in changed_note(back)
    assert key in back.take_resume_note()
    assert back.take_resume_note() == ""  # shown once


def test_an_old_save_without_fingerprints_loads():
    g = _game()
    back = saves.loads(_edited(g, lambda s: s.pop("fingerprints")))
    assert back == g
    assert back.changed_cards is None and changed_note(back) == ""


@pytest.mark.parametrize("bad", [[1, 2], {"x": 5}, {"x": "XYZ"}, {"x": "0" * 13}, "abc"])
def test_a_malformed_fingerprint_table_is_one_clear_line(bad):
    text = _edited(_game(), lambda s: s.__setitem__("fingerprints", bad))
    with pytest.raises(saves.SaveError) as e:
        saves.reads(text, "f.toml")
    assert "'fingerprints' must be a table from card key to 12 hex digits" in str(e.value)
    assert "\n" not in str(e.value)


def test_resuming_in_the_app_shows_one_line_naming_the_changed_card(save_dir):
    import asyncio

    from tests.pilot import settle
    from tui.app import RedemptionApp, Settings
    from tui.session import Session

    path = saves.save_path("changed", save_dir)
    saves.save(_game(), path)
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    doc["state"] = tables(doc["state"])
    key = sorted(doc["state"]["fingerprints"])[0]
    doc["state"]["fingerprints"][key] = "f" * 12
    path.write_text(tomli_w.dumps(doc), encoding="utf-8")
    session = Session.load(path)
    app = RedemptionApp(Settings(save_dir=save_dir, pause=0.0, signals=False), start=session)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            notes = [n.message for n in app._notifications if key in n.message]
            assert len(notes) == 1 and "Changed since this game was saved" in notes[0]

    asyncio.run(go())
    session.close()
