"""The ``redemption`` command: open the app, start or resume a game, or list saves.

Every problem with the command line or a save ends in one clear line on stderr and
a non-zero exit status (2: bad arguments, 1: a save problem); a broken game is never opened.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import NoReturn, Sequence

import saves
from rules.core import GAME_NAMES
from saves.store import app_version
from tui.session import LEVELS

PROG = "redemption"
ENV_PLAYER = "REDEMPTION_PLAYER"
ENV_PAUSE = "REDEMPTION_PAUSE"
ENV_ASCII = "REDEMPTION_ASCII"


class CliError(Exception):
    """One line for the player, and the exit status."""

    def __init__(self, message: str, status: int = 1):
        super().__init__(message)
        self.status = status


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise CliError(f"{self.prog}: {message} (see '{self.prog} --help')", 2)


def _pause(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError(f"{text!r} must be between 0 and 10 seconds")
    return value


def _option(text: str) -> tuple[str, object]:
    """KEY=VALUE; true/false and whole numbers become booleans and integers (the engine checks the rest)."""
    key, eq, value = text.partition("=")
    if not eq or not key:
        raise argparse.ArgumentTypeError(f"{text!r} is not KEY=VALUE")
    v: object = value.strip()
    if v in ("true", "yes", "on"):
        v = True
    elif v in ("false", "no", "off"):
        v = False
    elif isinstance(v, str) and v.lstrip("-").isdigit():
        v = int(v)
    return key.strip(), v


def build_parser() -> Parser:
    common = Parser(add_help=False)
    g = common.add_argument_group("everywhere")
    # SUPPRESS: a flag given before or after the subcommand both count.
    g.add_argument("--save-dir", metavar="DIR", default=argparse.SUPPRESS,
                   help="folder for saves (default: $REDEMPTION_SAVE_DIR, else your user data folder)")
    g.add_argument("--player", metavar="NAME", default=argparse.SUPPRESS,
                   help=f"keep saves in a folder of their own for this player (also ${ENV_PLAYER})")
    g.add_argument("--ascii", action="store_true", default=argparse.SUPPRESS,
                   help=f"plain ASCII card symbols and borders (also ${ENV_ASCII}=1)")
    g.add_argument("--pause", type=_pause, metavar="SECONDS", default=argparse.SUPPRESS,
                   help=f"pause between the computer's moves (default 0.6; also ${ENV_PAUSE})")

    p = Parser(prog=PROG, parents=[common],
               description="Play Redemption and Resurrection in the terminal. With no command, opens the title screen.")
    p.add_argument("--version", action="version", version=f"{PROG} {app_version()}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    new = sub.add_parser("new", parents=[common], help="start a new game", description="Start a new game.")
    new.add_argument("game", choices=GAME_NAMES, help="which game")
    new.add_argument("--vs", choices=("computer", "human"), default="computer",
                     help="play the computer, or a person at this keyboard (default: computer)")
    new.add_argument("--level", choices=LEVELS, default="normal", help="the computer's level (default: normal)")
    new.add_argument("--seed", type=int, help="seed for the shuffle (default: random)")
    new.add_argument("--name", help="save name (default: the game and the time)")
    new.add_argument("--first", choices=("1", "2", "random"),
                     help="Resurrection: who is the first Aggressor: player 1 (you), player 2, or random "
                          "(default: 1); in Redemption the cut decides")
    new.add_argument("--option", type=_option, action="append", default=[], metavar="KEY=VALUE",
                     help="a game option, e.g. resurrect_to=fallen-bottom (Resurrection), "
                          "name_on_name=true or rescues_to_win=7 (Redemption)")

    res = sub.add_parser("resume", parents=[common], help="resume a saved game",
                         description="Resume a saved game (no name: the most recently played game in progress).")
    res.add_argument("name", nargs="?", help="the save's name (see 'redemption saves')")

    sub.add_parser("saves", parents=[common], help="list saved games and exit", description="List saved games.")
    sub.add_parser("learn", parents=[common], help="open the guided lessons",
                   description="Open the guided lessons (progress is kept per player).")
    # Listed for --help only: main() hands 'serve' and its own options to tui/serve.py before parsing.
    sub.add_parser("serve", help="host games over SSH ('redemption serve --help' for its options)", add_help=False)
    return p


def settings_from(args: argparse.Namespace):
    from tui.app import Settings

    player = getattr(args, "player", None) or os.environ.get(ENV_PLAYER) or None
    try:
        folder = saves.default_dir(getattr(args, "save_dir", None), player=player)
    except saves.SaveError as e:
        raise CliError(f"{PROG}: {e}", 2) from None
    if folder.exists() and not folder.is_dir():
        raise CliError(f"{PROG}: the save folder {folder} is a file, not a folder", 2)
    pause = getattr(args, "pause", None)
    if pause is None:
        env = os.environ.get(ENV_PAUSE)
        try:
            pause = _pause(env) if env else None
        except argparse.ArgumentTypeError as e:
            raise CliError(f"{PROG}: ${ENV_PAUSE}: {e}", 2) from None
    ascii_only = bool(getattr(args, "ascii", False)) or os.environ.get(ENV_ASCII, "") not in ("", "0")
    s = Settings(save_dir=folder, player=player, ascii=ascii_only, signals=True)
    if pause is not None:
        s.pause = pause
    return s


def start_new(args: argparse.Namespace, settings):
    from tui.session import Session, engine_available, new_save_name

    if not engine_available(args.game):
        raise CliError(f"{PROG}: the {args.game.capitalize()} engine is not available in this version yet", 2)
    folder = settings.save_dir
    try:
        if args.name:
            path = saves.save_path(args.name, folder)
            if path.exists():
                raise CliError(f"{PROG}: a save named {args.name!r} already exists in {folder}; "
                               f"use '{PROG} resume {args.name}' or pick another name", 1)
        else:
            path = saves.save_path(new_save_name(args.game, folder), folder)
    except saves.SaveError as e:
        raise CliError(f"{PROG}: {e}", 2) from None
    if args.first is not None and args.game != "resurrection":
        raise CliError(f"{PROG}: --first is for Resurrection; in {args.game.capitalize()} the cut decides who goes first", 2)
    first = {"1": 0, "2": 1, None: 0}.get(args.first)
    if first is None:
        import random

        first = random.SystemRandom().randrange(2)
    names = (settings.player, "Computer") if settings.player and args.vs == "computer" else None
    try:
        session = Session.new(args.game, vs=args.vs, level=args.level, seed=args.seed, first=first,
                              names=names, options=dict(args.option), path=path)
    except (ValueError, TypeError) as e:
        raise CliError(f"{PROG}: cannot start {args.game}: {e}", 2) from None
    require_terminal()  # everything is checked and nothing is on disk yet
    try:
        session.autosave()
    except saves.SaveError as e:
        raise CliError(f"{PROG}: {e}", 1) from None
    return session


def pick_resume(args: argparse.Namespace, settings):
    from tui.session import Session

    folder = settings.save_dir
    if args.name:
        try:
            path = saves.save_path(args.name, folder)
        except saves.SaveError as e:
            raise CliError(f"{PROG}: {e}", 2) from None
        if not path.exists():
            raise CliError(f"{PROG}: no save named {args.name!r} in {folder} (see '{PROG} saves')", 1)
    else:
        going = [s for s in saves.list_saves(folder) if not s.error and not s.over]
        if not going:
            raise CliError(f"{PROG}: no game in progress in {folder}; start one with '{PROG} new resurrection'", 1)
        path = going[0].path
    try:
        return Session.load(path)
    except saves.SaveError as e:
        raise CliError(f"{PROG}: {e}", 1) from None


def print_saves(settings, out=None) -> None:
    out = out or sys.stdout
    rows = saves.list_saves(settings.save_dir)
    if not rows:
        print(f"No saved games in {settings.save_dir}.", file=out)
        return
    header = ("NAME", "GAME", "PLAYERS", "TURN", "SCORE", "LAST PLAYED")
    table = [header]
    for r in rows:
        if r.error:
            table.append((r.name, "unreadable", "", "", "", r.error))
        else:
            table.append((r.name, r.game, r.players, str(r.turn), r.score + (" (over)" if r.over else ""),
                          r.updated.replace("T", " ")[:16]))
    table = [tuple(saves.printable(c) for c in row) for row in table]  # names, dates and errors come from files
    widths = [max(len(row[i]) for row in table) for i in range(len(header) - 1)]
    for row in table:
        print("  ".join(c.ljust(w) for c, w in zip(row, widths)) + "  " + row[-1], file=out)


def has_terminal() -> bool:
    """Textual reads keys from stdin and draws on stderr: both must be a terminal."""
    streams = (sys.stdin, sys.__stderr__)
    return all(s is not None and hasattr(s, "isatty") and s.isatty() for s in streams)


def require_terminal() -> None:
    """No app with nobody to see it or hang it up (a script, 'ssh -T'): one line and exit 2 instead."""
    if not has_terminal():
        raise CliError(f"{PROG}: needs a terminal to play (input and screen must be a terminal, e.g. 'ssh -t'); "
                       f"'{PROG} saves' lists the saves without one", 2)


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    if words[:1] == ["serve"]:  # the SSH game server has its own options: tui/serve.py
        from tui.serve import main as serve_main

        return serve_main(words[1:])
    try:
        try:
            args = build_parser().parse_args(argv)
        except SystemExit as e:  # --help and --version print and stop here
            return int(e.code or 0)
        settings = settings_from(args)
        saves.clean_temporaries(settings.save_dir)  # left by writes a kill interrupted (old ones only)
        if args.command == "saves":
            print_saves(settings)
            return 0
        session = None
        if args.command == "new":
            session = start_new(args, settings)  # checks for a terminal before it creates the save
        elif args.command == "resume":
            session = pick_resume(args, settings)
            require_terminal()
        else:
            require_terminal()
        if args.command == "learn":
            try:
                from tui.learn.app import LearnApp
            except ImportError:
                raise CliError(f"{PROG}: the guided lessons are not available in this version yet", 2) from None
    except CliError as e:
        print(saves.printable(e), file=sys.stderr)  # may quote a file's text: never an escape sequence
        return e.status
    from tui.app import RedemptionApp

    app = LearnApp(settings) if args.command == "learn" else RedemptionApp(settings, start=session)
    app.run()
    return app.return_code or 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
