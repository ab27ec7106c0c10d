"""The command line's typed namespace (tui.cli.Args): every command parses into it, each attribute of the type its
annotation says whatever the command, so the code reads an option without asking whether the command has it."""

from __future__ import annotations

import argparse
import dataclasses
import types
import typing
from typing import Any

import pytest

from tui import cli
from tui.session import Seat

#: One command line per command and action, with the options that fill the attributes of their own.
COMMANDS = [
    [],
    ["saves"],
    ["--player", "ann", "--ascii", "--pause", "0", "saves", "--save-dir", "/tmp/x", "--tables", "postgresql://h/db"],
    ["new", "redemption"],
    ["new", "redemption", "--seat", "human", "--seat", "computer:hard", "--deck", "2=H", "--option", "a=b"],
    ["new", "resurrection", "--players", "2", "--first", "2", "--seed", "3", "--name", "x", "--replay", "f.txt"],
    ["resume"],
    ["resume", "x"],
    ["review", "x", "--seat", "2", "--export", "text"],
    ["review", "--analyse"],
    ["decks", "list"],
    ["decks", "show", "G"],
    ["decks", "check", "my.toml"],
    ["decks", "import", "-", "--name", "mine", "--force"],
    ["decks", "export", "G", "--format", "dek"],
    ["cards"],
    ["cards", "show", "Moses", "--enforced", "--limit", "3"],
    ["table", "new", "redemption", "--invite", "bob", "--open", "--computer", "easy", "--watch"],
    ["table", "play", "t1"],
    ["table", "decline", "t1"],
    ["table", "computer", "t1", "--level", "hard"],
    ["tables"],
    ["tables", "migrate", "--to", "files"],
    ["learn"],
]

#: Attributes a parser sets that are not read: each table seat option goes into ``others`` in the order given.
UNREAD = {"seat_invite", "seat_open", "seat_computer"}


def conforms(value: Any, hint: Any) -> bool:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return True
    if origin in (typing.Union, types.UnionType):
        return any(conforms(value, a) for a in args)
    if hint is type(None):
        return value is None
    if origin is list:
        return isinstance(value, list) and all(conforms(v, args[0]) for v in value)
    if origin is tuple:
        return isinstance(value, tuple) and len(value) == len(args) and all(map(conforms, value, args))
    if origin is dict:
        return isinstance(value, dict) and all(conforms(k, args[0]) and conforms(v, args[1]) for k, v in value.items())
    if hint is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    return isinstance(value, hint)


@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
def test_each_command_parses_into_args_with_every_attribute_of_its_type(argv):
    args = cli.parse(argv)
    assert isinstance(args, cli.Args)
    hints = typing.get_type_hints(cli.Args, vars(cli))
    for f in dataclasses.fields(cli.Args):
        value = getattr(args, f.name)
        assert conforms(value, hints[f.name]), (argv, f.name, value, hints[f.name])
    assert set(vars(args)) - {f.name for f in dataclasses.fields(cli.Args)} <= UNREAD


def test_the_options_land_where_the_code_reads_them():
    a = cli.parse(["--player", "ann", "saves", "--pause", "1.5"])
    assert (a.player, a.pause, a.ascii, a.save_dir, a.command) == ("ann", 1.5, False, None, "saves")
    a = cli.parse(["new", "redemption", "--seat", "human:Ann", "--seat", "computer:hard", "--deck", "2=H"])
    assert a.seat == [Seat("human", name="Ann"), Seat("computer", level="hard")] and a.deck == [(1, "H")]
    assert cli.parse(["review", "x", "--seat", "2"]).review_seat == "2"
    assert cli.parse(["decks", "check", "my.toml"]).deck_ref == "my.toml"
    a = cli.parse(["table", "new", "redemption", "--invite", "bob", "--open", "--computer", "easy"])
    assert a.others == [{"invite": "bob"}, {"open": True}, {"computer": "easy"}]
    assert cli.parse(["table", "new", "redemption"]).others == []
    assert cli.parse(["resume"]).name == "" and cli.parse(["resume", "x"]).name == "x"


def _dests(parser: argparse.ArgumentParser) -> set[str]:
    found = set()
    for action in parser._actions:  # the parsers' own options, to hold them against Args
        if isinstance(action, argparse._SubParsersAction):
            found.add(action.dest)
            for sub in action.choices.values():
                found |= _dests(sub)
        elif action.dest not in (argparse.SUPPRESS, "help", "version"):
            found.add(action.dest)
    return found


def test_every_option_of_every_command_is_an_attribute_of_args():
    fields = {f.name for f in dataclasses.fields(cli.Args)}
    assert _dests(cli.build_parser()) - UNREAD <= fields
