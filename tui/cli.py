"""The ``redemption`` command: open the app, start or resume a game, or list saves.

Every problem with the command line or a save ends in one clear line on stderr and
a non-zero exit status (2: bad arguments, 1: a save problem); a broken game is never opened.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

import saves
from rules.games import GAMES, deck_games, find_game, game_names
from rules.words import possessive
from saves.store import LEVELS
from tui.session import MAX_SEATS, Seat

if TYPE_CHECKING:
    from rules.games import GameInfo
    from saves.tables import Row
    from tui.session import Session
    from tui.settings import Settings
    from tui.table import TableSession

PROG = "redemption"
ENV_PLAYER = "REDEMPTION_PLAYER"
ENV_PAUSE = "REDEMPTION_PAUSE"
ENV_ASCII = "REDEMPTION_ASCII"
ENV_TABLES = "REDEMPTION_TABLES"


class CliError(Exception):
    """One line for the player, and the exit status."""

    def __init__(self, message: str, status: int = 1):
        super().__init__(message)
        self.status = status


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise CliError(f"{self.prog}: {message} (see '{self.prog} --help')", 2)


@dataclass(eq=False)
class Args(argparse.Namespace):
    """The command line, parsed: every command's options in one typed namespace (:func:`parse`). An option the
    command given does not take keeps its default here, so the code reads ``args.player`` and never asks whether
    it is there: the options every command takes may come before or after the command (their parsers add them
    only when given), and each command has options of its own. ``tests/test_cli.py`` parses each command and
    checks every attribute against its type here."""

    # everywhere: before or after the command
    save_dir: str | None = None
    player: str | None = None
    ascii: bool = False
    pause: float | None = None
    tables: str | None = None
    # the command, and the action of those that take one
    command: str | None = None
    deck_command: str | None = None
    table_command: str | None = None
    tables_command: str | None = None
    # new and table new; decks --game: whose decks
    game: str = ""
    name: str = ""  # a save's, a deck's or a table's name ("": none given)
    seed: int | None = None
    option: list[tuple[str, str]] = field(default_factory=list)
    level: str = "normal"
    # new
    vs: str = "computer"
    players: int | None = None
    seat: list[Seat] = field(default_factory=list)
    first: str | None = None
    deck: list[tuple[int, str]] = field(default_factory=list)
    replay: str = ""  # a notation file ("": none)
    # review
    review_seat: str | None = None
    export: str | None = None
    analyse: bool = False
    # decks check, import, export
    deck_ref: str = ""
    file: str = ""
    force: bool = False
    format: str = "text"
    # cards
    words: list[str] = field(default_factory=list)
    enforced: bool = False
    not_enforced: bool = False
    limit: int = 50
    # table new: the other seats (--invite, --open, --computer in order), and who may watch
    others: list[dict[str, Any]] = field(default_factory=list)
    watch: bool = False
    # tables migrate
    to: str = "postgresql"


class _Version(argparse.Action):
    """--version: the version (``saves.version``), printed as soon as the option is read."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> NoReturn:
        from saves.store import app_version

        print(f"{PROG} {app_version()}")  # on stdout, as argparse's own version action prints it
        parser.exit()


class _SeatAction(argparse.Action):
    """--invite NAME, --open and --computer LEVEL each add one seat of a new table, in the order given."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        key = self.dest.removeprefix("seat_")
        seat = {key: True} if key == "open" else {key: values}
        namespace.others = [*namespace.others, seat]  # 'table new' sets it to [] before its options


def _pause(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError(f"{text!r} must be between 0 and 10 seconds")
    return value


def _option(text: str) -> tuple[str, str]:
    """KEY=VALUE, as text: the game's description (``rules.games``) reads the value once the game is known."""
    key, eq, value = text.partition("=")
    if not eq or not key.strip():
        raise argparse.ArgumentTypeError(f"{text!r} is not KEY=VALUE")
    return key.strip(), value.strip()


def game_options(args: Args) -> dict[str, Any]:
    """The ``--option`` pairs as the game's option values; CliError names the bad one and what it takes."""
    try:
        return find_game(args.game).parse_options(args.option)
    except ValueError as e:
        raise CliError(f"{PROG}: --option: {e}", 2) from None


def _options_help(intro: str) -> str:
    return intro + " " + "; ".join(f"{g.title}: {g.options_help()}" for g in GAMES if g.options)


def _deck_titles() -> str:
    """The games played with decks, as a help text names them: "Redemption"."""
    return " or ".join(g.title for g in deck_games())


def _multi_titles() -> str:
    """The games for more than two players, as a help text names them."""
    return " or ".join(g.title for g in GAMES if g.max_players > 2)


def _deck_choice(text: str) -> tuple[int, str]:
    """SEAT=NAME, seat 1 to 4 (a NAME alone is seat 1's deck)."""
    seat, eq, name = text.partition("=")
    if not eq:
        seat, name = "1", text
    if seat.strip() not in [str(i + 1) for i in range(MAX_SEATS)] or not name.strip():
        raise argparse.ArgumentTypeError(
            f"{text!r} is not SEAT=NAME with SEAT 1 to {MAX_SEATS} (e.g. 1=G or 2=my-deck)"
        )
    return int(seat) - 1, name.strip()


def _seat(text: str) -> Seat:
    try:
        return Seat.parse(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _players(text: str) -> int:
    if text.strip() not in [str(i) for i in range(2, MAX_SEATS + 1)]:
        raise argparse.ArgumentTypeError(f"{text!r}: a game has 2 to {MAX_SEATS} players")
    return int(text)


def build_parser() -> Parser:
    common = Parser(add_help=False)
    g = common.add_argument_group("everywhere")
    # SUPPRESS: a flag given before or after the subcommand both count.
    g.add_argument(
        "--save-dir",
        metavar="DIR",
        default=argparse.SUPPRESS,
        help="folder for saves (default: $REDEMPTION_SAVE_DIR, else your user data folder)",
    )
    g.add_argument(
        "--player",
        metavar="NAME",
        default=argparse.SUPPRESS,
        help=f"keep saves in a folder of their own for this player (also ${ENV_PLAYER})",
    )
    g.add_argument(
        "--ascii",
        action="store_true",
        default=argparse.SUPPRESS,
        help=f"plain ASCII card symbols and borders (also ${ENV_ASCII}=1)",
    )
    g.add_argument(
        "--pause",
        type=_pause,
        metavar="SECONDS",
        default=argparse.SUPPRESS,
        help=f"pause between the computer's moves (default 0.6; also ${ENV_PAUSE})",
    )
    g.add_argument(
        "--tables",
        metavar="URL",
        default=argparse.SUPPRESS,
        help="keep the shared tables in this PostgreSQL database (postgresql://...) instead of files beside "
        f"the players' folders (also ${ENV_TABLES})",
    )

    p = Parser(
        prog=PROG,
        parents=[common],
        description=f"Play {' and '.join(sorted(g.title for g in GAMES))} in the terminal. With no command, opens the "
        "title screen.",
    )
    p.add_argument("--version", action=_Version, help="show the program's version number and exit")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    new = sub.add_parser("new", parents=[common], help="start a new game", description="Start a new game.")
    new.add_argument("game", choices=game_names(), help="which game")
    new.add_argument(
        "--vs",
        choices=("computer", "human"),
        default="computer",
        help="play the computer, or a person at this keyboard (default: computer)",
    )
    new.add_argument(
        "--level",
        choices=LEVELS,
        default="normal",
        help="the computer's level (default: normal); random plays any legal move, for trying the rules out",
    )
    new.add_argument(
        "--players",
        type=_players,
        metavar="N",
        help=f"{_multi_titles()}: 2 to {MAX_SEATS} players: you and N-1 computers at --level (with --vs human: N people "
        "at this keyboard, hot seat); default 2",
    )
    new.add_argument(
        "--seat",
        type=_seat,
        action="append",
        default=[],
        metavar="WHO",
        help=f"who sits at the next seat, once per player (2 to {MAX_SEATS}; {_multi_titles()}: more than 2), in turn order: "
        "human[:NAME] (a person at this keyboard) or computer[:LEVEL] (easy, normal or hard), e.g. "
        "--seat human:Ann --seat computer:normal --seat computer:hard; overrides --vs and --level",
    )
    new.add_argument("--seed", type=int, help="seed for the shuffle (default: random)")
    new.add_argument("--name", default="", help="save name (default: the game and a number, e.g. redemption-3)")
    new.add_argument(
        "--first",
        choices=("1", "2", "random"),
        help=" ".join(
            f"{g.title}: {g.first_choice}: player 1 (you), player 2, or random (default: 1)."
            for g in GAMES
            if g.first_choice
        )
        + " "
        + " ".join(f"In {g.title} {g.who_starts}." for g in GAMES if not g.first_choice),
    )
    new.add_argument(
        "--option",
        type=_option,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=_options_help("a game option (repeat for more)."),
    )

    new.add_argument(
        "--deck",
        type=_deck_choice,
        action="append",
        default=[],
        metavar="SEAT=NAME",
        help=f"{_deck_titles()}: the deck for seat 1 (you) to {MAX_SEATS}: G, H, a real starter (G10 and H10, the "
        f"10th Anniversary G and H; C1, D1, LA, ...), one of your decks (all listed by '{PROG} decks list') or a "
        "deck file; default G, H, G, H seat by seat",
    )
    new.add_argument(
        "--replay",
        metavar="FILE",
        default="",
        help="replay the moves in FILE (engine notation, one per line, as 'redemption review "
        "--export notation' writes) and open the game where they end",
    )

    rev = sub.add_parser(
        "review",
        parents=[common],
        help="review a saved or finished game, with the computer's eye",
        description="Step through a saved game action by action, with the hard computer player's "
        "estimate of each of your decisions. No name: the most recently played game.",
    )
    rev.add_argument("name", nargs="?", default="", help="the save's name (see 'redemption saves')")
    rev.add_argument(
        "--seat",
        dest="review_seat",
        choices=[str(q) for q in range(1, MAX_SEATS + 1)],
        help="whose eyes to review with, 1 to the number of players (default: yours)",
    )
    rev.add_argument(
        "--export",
        choices=("text", "notation"),
        help="print the game instead: a readable record, or the engine notation "
        "('redemption new --replay FILE' replays it)",
    )
    rev.add_argument(
        "--analyse",
        action="store_true",
        help="analyse the seat's decisions now (progress on standard error), store the result in the "
        "save and print the marked ones",
    )

    decks = sub.add_parser(
        "decks",
        parents=[common],
        help=f"list, show, check, import and export {_deck_titles()} decks",
        description=f"Your {_deck_titles()} decks: TOML files in the 'decks' folder of your save folder.",
    )
    deck_game = Parser(add_help=False, parents=[common])
    deck_game.add_argument(
        "--game",
        choices=[g.name for g in deck_games()],
        default=deck_games()[0].name,
        help="whose decks (default: %(default)s)",
    )
    dsub = decks.add_subparsers(dest="deck_command", metavar="ACTION", parser_class=Parser, required=True)
    dsub.add_parser("list", parents=[deck_game], help="list the bundled decks and yours")
    show = dsub.add_parser("show", parents=[deck_game], help="show a deck's cards by type and whether it is legal")
    show.add_argument("name", help="a deck's name (G, H or yours)")
    chk = dsub.add_parser("check", parents=[deck_game], help="check a deck against the deck rules")
    chk.add_argument("deck_ref", metavar="FILE|NAME", help="a deck file (TOML or a plain-text list) or a deck's name")
    imp = dsub.add_parser(
        "import", parents=[deck_game], help="add a deck from a file (plain-text list, LackeyCCG .dek or TOML)"
    )
    imp.add_argument("file", metavar="FILE", help="the file ('-' reads standard input)")
    imp.add_argument("--name", default="", help="the deck's name (default: the name in the file, else the file's name)")
    imp.add_argument("--force", action="store_true", help="replace a deck of that name")
    exp = dsub.add_parser("export", parents=[deck_game], help="print a deck as a plain-text list or a LackeyCCG .dek")
    exp.add_argument("name", help="a deck's name (G, H or yours)")
    exp.add_argument("--format", choices=("text", "dek"), default="text", help="the form (default: %(default)s)")

    crd = sub.add_parser(
        "cards",
        parents=[common],
        help="import your Redemption card file, search the cards, see what the engine enforces",
        description="The card pool: our own cards, and the cards of the card file you import (the LackeyCCG "
        "Redemption plugin's carddata.txt), kept in the 'cards' folder of the save folder (a host's --data-dir "
        "shares it). 'cards import FILE' imports or updates it, 'cards show NAME' shows one card, "
        "'cards coverage' counts the distinct cards the engine enforces; any other words search the pool "
        "(name, type, brigade, set, identifier, class, text; FIELD:WORD searches one field).",
    )
    crd.add_argument("words", nargs="*", metavar="import FILE | show NAME | coverage | SEARCH")
    which = crd.add_mutually_exclusive_group()
    which.add_argument("--enforced", action="store_true", help="only the cards the engine enforces")
    which.add_argument("--not-enforced", action="store_true", help="only the cards it does not enforce yet")
    crd.add_argument("--limit", type=int, default=50, metavar="N", help="list at most N cards (default: %(default)s)")

    res = sub.add_parser(
        "resume",
        parents=[common],
        help="resume a saved game",
        description="Resume a saved game (no name: the most recently played game in progress).",
    )
    res.add_argument("name", nargs="?", default="", help="the save's name (see 'redemption saves')")

    sub.add_parser("saves", parents=[common], help="list saved games and exit", description="List saved games.")
    tbl = sub.add_parser(
        "table",
        parents=[common],
        help="create or open a shared table (a game between two to four players)",
        description="Shared tables: a game players play from their own terminals, each seeing "
        "only their own cards. Needs --player (set by the SSH key or forced command).",
    )
    tsub = tbl.add_subparsers(dest="table_command", metavar="WHAT", parser_class=Parser, required=True)
    tnew = tsub.add_parser(
        "new",
        parents=[common],
        help="create a table",
        description="Create a shared table: you take seat 1; each --invite, --open and --computer adds the next "
        f"seat, in the order given ({_multi_titles()}: up to 4 seats; the others: 2).",
    )
    tnew.set_defaults(others=[])
    tnew.add_argument("game", choices=game_names(), help="which game")
    tnew.add_argument(
        "--invite", metavar="NAME", dest="seat_invite", action=_SeatAction, help="invite this player to the next seat"
    )
    tnew.add_argument(
        "--open",
        dest="seat_open",
        nargs=0,
        action=_SeatAction,
        help="leave the next seat open to any player of this host",
    )
    tnew.add_argument(
        "--computer",
        dest="seat_computer",
        choices=LEVELS[:3],
        metavar="LEVEL",
        action=_SeatAction,
        help="the computer takes the next seat (easy, normal or hard)",
    )
    tnew.add_argument("--watch", action="store_true", help="let players who are not seated watch (public cards only)")
    tnew.add_argument(
        "--seed",
        type=int,
        help="seed for the shuffle, at a table against the computer only (a table with another player is "
        "always dealt from the host's random source, and nobody sees its seed before the game is over)",
    )
    tnew.add_argument("--name", default="", help="the table's name (default: the game, your name and the time)")
    tnew.add_argument(
        "--option",
        type=_option,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option, as for 'redemption new'",
    )
    tplay = tsub.add_parser(
        "play",
        parents=[common],
        help="open a table (joins an open seat or accepts an invitation)",
        description="Open a shared table: play at your seat, take an open seat, accept an "
        "invitation, or watch where the creator allowed it.",
    )
    tplay.add_argument("name", help="the table's name (see 'redemption tables')")
    tdecl = tsub.add_parser(
        "decline", parents=[common], help="decline an invitation", description="Decline an invitation to a table."
    )
    tdecl.add_argument("name", help="the table's name")
    tcomp = tsub.add_parser(
        "computer",
        parents=[common],
        help="give an open seat of your table to the computer",
        description="Give the first open seat of a table you made to the computer, before play starts (a seat whose "
        "invitation was declined is open).",
    )
    tcomp.add_argument("name", help="the table's name")
    tcomp.add_argument("--level", default="normal", choices=("easy", "normal", "hard"), help="the computer's level")
    tls = sub.add_parser(
        "tables",
        parents=[common],
        help="list your shared tables and exit ('tables migrate': move them to or from PostgreSQL)",
        description="List your shared tables: your move first, then invitations, waiting, open seats, "
        "tables to watch and finished games. 'tables migrate' copies every table between the files and a "
        "PostgreSQL database.",
    )
    tlsub = tls.add_subparsers(dest="tables_command", metavar="[WHAT]", parser_class=Parser)
    tmig = tlsub.add_parser(
        "migrate",
        parents=[common],
        help="copy every shared table between the files and the PostgreSQL database --tables names",
        description="Copy every shared table from the files beside the players' folders (DIR/_tables, "
        "--save-dir DIR) into the PostgreSQL database --tables (or $REDEMPTION_TABLES) names, or back with "
        "--to files. Losing nothing: each table goes as its TOML save, byte for byte, and is read back and "
        "compared; the source is never changed; a table already at the destination is left as it is (one that "
        "differs is named); a table that cannot be read is named and not copied (exit status 1). Run it with "
        "the hosts stopped, then start them with --tables.",
    )
    tmig.add_argument(
        "--to",
        choices=["postgresql", "files"],
        default="postgresql",
        help="which way: into the database (the default) or back into the files",
    )
    sub.add_parser(
        "learn",
        parents=[common],
        help="open the guided lessons",
        description="Open the guided lessons (progress is kept per player).",
    )
    # Listed for --help only: main() hands 'serve' and its own options to tui/ssh before parsing.
    sub.add_parser("serve", help="host games over SSH ('redemption serve --help' for its options)", add_help=False)
    sub.add_parser("web", help="host games for browsers ('redemption web --help' for its options)", add_help=False)
    sub.add_parser(
        "accounts",
        help="add, list, remove or reset the web players' accounts ('redemption accounts --help')",
        add_help=False,
    )
    return p


def parse(argv: Sequence[str] | None = None) -> Args:
    """The command line (``sys.argv[1:]`` if None) as :class:`Args`; CliError for a bad one, SystemExit after
    --help and --version."""
    return build_parser().parse_args(argv, namespace=Args())


def settings_from(args: Args) -> Settings:
    from tui.settings import Settings

    player = args.player or os.environ.get(ENV_PLAYER) or None
    try:
        folder = saves.default_dir(args.save_dir, player=player)
    except saves.SaveError as e:
        raise CliError(f"{PROG}: {e}", 2) from None
    if folder.exists() and not folder.is_dir():
        raise CliError(f"{PROG}: the save folder {folder} is a file, not a folder", 2)
    pause = args.pause
    if pause is None:
        env = os.environ.get(ENV_PAUSE)
        try:
            pause = _pause(env) if env else None
        except argparse.ArgumentTypeError as e:
            raise CliError(f"{PROG}: ${ENV_PAUSE}: {e}", 2) from None
    ascii_only = args.ascii or os.environ.get(ENV_ASCII, "") not in ("", "0")
    s = Settings(
        save_dir=folder,
        player=player,
        ascii=ascii_only,
        signals=True,
        base_dir=saves.default_dir(args.save_dir),
        tables=tables_url(args.tables),
    )
    if pause is not None:
        s.pause = pause
    return s


def tables_url(given: str | None) -> str | None:
    """Where the shared tables are: --tables, else $REDEMPTION_TABLES, else None (the files)."""
    url = given or os.environ.get(ENV_TABLES) or None
    if url is not None and not url.startswith(("postgresql://", "postgres://")):
        raise CliError(f"{PROG}: --tables takes a postgresql:// URL, not {saves.printable(url)[:60]!r}", 2)
    return url


def start_new(args: Args, settings: Settings) -> Session:
    from tui.session import Session, engine_available, names_for, new_save_name

    info = find_game(args.game)
    if not engine_available(args.game):
        raise CliError(f"{PROG}: the {info.title} engine is not available in this version yet", 2)
    options = game_options(args)
    folder = settings.save_dir
    try:
        if args.name:
            path = saves.save_path(args.name, folder)
            if path.exists():
                raise CliError(
                    f"{PROG}: a save named {args.name!r} already exists in {folder}; "
                    f"use '{PROG} resume {args.name}' or pick another name",
                    1,
                )
        else:
            path = saves.save_path(new_save_name(args.game, folder), folder)
    except saves.SaveError as e:
        raise CliError(f"{PROG}: {e}", 2) from None
    if args.first is not None and not info.first_choice:
        choosers = ", ".join(g.title for g in GAMES if g.first_choice)
        raise CliError(f"{PROG}: --first is for {choosers}; in {info.title} {info.who_starts}", 2)
    first = {"1": 0, "2": 1, None: 0}.get(args.first)
    if first is None:
        import random

        first = random.SystemRandom().randrange(2)
    seats = chosen_seats(args, info)
    names = names_for(settings.player, seats, args.vs)
    try:
        if args.replay:
            session = replay_session(args, settings, path)
        else:
            session = Session.new(
                args.game,
                vs=args.vs,
                level=args.level,
                seed=args.seed,
                first=first,
                names=names,
                options=options,
                path=path,
                decks=chosen_decks(args, settings, len(seats) if seats else 2),
                seats=seats,
            )
    except (ValueError, TypeError) as e:
        raise CliError(f"{PROG}: cannot start {args.game}: {e}", 2) from None
    require_terminal()  # everything is checked and nothing is on disk yet
    try:
        session.autosave()
    except saves.SaveError as e:
        raise CliError(f"{PROG}: {e}", 1) from None
    return session


def pick_resume(args: Args, settings: Settings) -> Session:
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
            raise CliError(f"{PROG}: no game in progress in {folder}; start one with '{PROG} new {GAMES[0].name}'", 1)
        path = going[0].path
    try:
        return Session.load(path)
    except saves.SaveError as e:
        raise CliError(f"{PROG}: {e}", 1) from None


def print_saves(settings: Settings, out: TextIO | None = None) -> None:
    out = out or sys.stdout
    rows = saves.list_saves(settings.save_dir)
    if not rows:
        print(f"No saved games in {settings.save_dir}.", file=out)
        return
    header = ("NAME", "GAME", "PLAYERS", "TURN", "SCORE", "LAST PLAYED")
    table: list[tuple[str, ...]] = [header]
    for r in rows:
        if r.error:
            table.append((r.name, "unreadable", "", "", "", r.error))
        else:
            table.append(
                (
                    r.name,
                    r.game,
                    r.players,
                    str(r.turn),
                    r.score + (" (over)" if r.over else ""),
                    r.updated.replace("T", " ")[:16],
                )
            )
    table = [tuple(saves.printable(c) for c in row) for row in table]  # names, dates and errors come from files
    widths = [max(len(row[i]) for row in table) for i in range(len(header) - 1)]
    for row in table:
        print("  ".join(c.ljust(w) for c, w in zip(row, widths)) + "  " + row[-1], file=out)


def run_decks(args: Args, settings: Settings, out: TextIO | None = None) -> int:
    """``redemption decks ACTION``: every problem is a DeckError (one line, exit 1)."""
    from saves import decks as dk
    from tui.cardcmd import imported_pool

    out = out or sys.stdout
    home = settings.save_dir
    cmd = args.deck_command
    game = args.game
    rules = dk.deck_rules(game)
    pool = imported_pool(settings)
    if cmd == "list":
        found, errors = dk.list_decks(home, game, pool)
        rows = [("NAME", "CARDS", "LEGAL", "NOTES")]
        for d in found:
            problems = d.problems()
            legal = "yes" if not problems else "no: " + ", ".join(sorted({v.rule.rsplit(".", 1)[1] for v in problems}))
            notes = ("bundled: " if d.builtin else "") + (d.notes.splitlines()[0] if d.notes else "")
            rows.append((saves.printable(d.name), str(d.size), legal, saves.printable(notes)))
        widths = [max(len(r[i]) for r in rows) for i in range(3)]
        for r in rows:
            print("  ".join(c.ljust(w) for c, w in zip(r, widths)) + "  " + r[3], file=out)
        for e in errors:
            print(f"unreadable: {e}", file=out)
        for label in dk.pending(game):
            print(saves.printable(dk.pending_line(label, game)) + ".", file=out)
        print(f"Your decks are in {dk.folder(home)}.", file=out)
        return 0
    if cmd == "show":
        d = dk.load(args.name, home, game, pool)
        print(
            saves.printable(f"{d.name}: {d.size} cards" + (f"  ({d.notes.splitlines()[0]})" if d.notes else "")),
            file=out,
        )
        for t in rules.CARD_TYPES:
            named = sorted((d.card(k).name, n) for k, n in d.cards.items() if d.card(k).type == t)
            if named:
                print(
                    saves.printable(
                        f"  {rules.TYPE_NAMES[t]} ({sum(n for _, n in named)}): "
                        + ", ".join(f"{n}x {name}" if n > 1 else name for name, n in named)
                    ),
                    file=out,
                )
        if d.reserve:
            named = sorted((d.card(k).name, n) for k, n in d.reserve.items())
            print(
                saves.printable(
                    f"  Reserve ({sum(d.reserve.values())}): "
                    + ", ".join(f"{n}x {name}" if n > 1 else name for name, n in named)
                ),
                file=out,
            )
        problems = d.problems()
        print(
            f"Legal ({rules.TYPES[d.type]})." if not problems else "Not legal: " + "; ".join(map(str, problems)),
            file=out,
        )
        return 0 if not problems else 1
    if cmd == "check":
        d = dk.resolve(args.deck_ref, home, game, pool)
        problems = d.problems()
        notes = "".join(f"; note: {n}" for n in d.alias_notes())  # redemption.deck.listed_twice
        if problems:
            raise dk.DeckError(saves.printable(f"{args.deck_ref}: not legal: " + "; ".join(map(str, problems)) + notes))
        reserve = f" and a Reserve of {sum(d.reserve.values())}" if d.reserve else ""
        print(
            saves.printable(
                f"{args.deck_ref}: legal ({rules.TYPES[d.type]}), {d.size} cards{reserve}, every card enforced{notes}."
            ),
            file=out,
        )
        return 0
    if cmd == "import":
        if args.file == "-":
            text = sys.stdin.read(dk.MAX_DEK_BYTES + 1)  # what a deck list can be, and not a byte more
            if len(text) > dk.MAX_DEK_BYTES:
                raise dk.DeckError(f"<standard input>: over {dk.MAX_DEK_BYTES} characters, far more than any deck list")
            if text.lstrip("\ufeff \t\r\n").startswith("<"):
                d = dk.parse_dek(text.encode("utf-8"), "<standard input>", args.name or "imported", game, pool)
            else:
                d = dk.parse_text(text, "<standard input>", name=args.name or "imported", game=game, pool=pool)
        else:
            d = dk.read_file(args.file, game, pool)
        if args.name:
            d.name = args.name
        dk.file_name(d.name)
        path = dk.path_for(d.name, home)
        if d.name in dk.bundled_names(game) or (path.exists() and not args.force):
            raise dk.DeckError(
                f"a deck named {d.name!r} already exists; pick another with --name, or --force to replace it"
            )
        dk.save(d, home)
        problems = d.problems()
        state = f"legal ({rules.TYPES[d.type]})" if not problems else "not legal yet: " + "; ".join(map(str, problems))
        state += "".join(f"; note: {n}" for n in d.alias_notes())  # redemption.deck.listed_twice
        print(saves.printable(f"Imported {d.name!r} ({d.size} cards) into {path}: {state}."), file=out)
        return 0
    if cmd == "export":
        d = dk.load(args.name, home, game, pool)
        out.write(dk.to_dek(d) if args.format == "dek" else dk.to_text(d))
        return 0
    raise CliError(f"{PROG} decks: unknown action {cmd!r}", 2)


def find_save(name: str | None, settings: Settings, finished_too: bool = True) -> Path:
    """The save named ``name``, else the most recently played one; CliError if there is none."""
    folder = settings.save_dir
    if name:
        try:
            path = saves.save_path(name, folder)
        except saves.SaveError as e:
            raise CliError(f"{PROG}: {e}", 2) from None
        if not path.exists():
            raise CliError(f"{PROG}: no save named {name!r} in {folder} (see '{PROG} saves')", 1)
        return path
    rows = [s for s in saves.list_saves(folder) if not s.error and (finished_too or not s.over)]
    if not rows:
        raise CliError(f"{PROG}: no saved games in {folder}", 1)
    return rows[0].path


def review_command(args: Args, settings: Settings, out: TextIO | None = None) -> Session | None:
    """'review --export' and '--analyse' print and return None; otherwise the session to open in the review."""
    from rules import review
    from tui import analysis
    from tui.session import Session
    from tui.wording import reader

    out = out or sys.stdout
    path = find_save(args.name, settings)
    try:
        session = Session.load(path, to_play=False)  # a look back: the game may be open elsewhere
    except saves.SaveError as e:
        raise CliError(f"{PROG}: {e}", 1) from None
    seat = int(args.review_seat) - 1 if args.review_seat else analysis.default_seat(session.meta)
    if seat >= len(session.players):
        raise CliError(f"{PROG}: --seat {seat + 1}: this game has {len(session.players)} players", 2)
    if seat != analysis.default_seat(session.meta) and not session.game.is_over and not args.export:
        raise CliError(
            f"{PROG}: another seat's view shows that player's hand: review it with --seat "
            f"{seat + 1} once the game is over",
            2,
        )
    try:
        steps, _ = review.positions(session.game)
    except ValueError as e:
        raise CliError(f"{PROG}: {path}: {e}", 1) from None
    names = [session.name(p) for p in range(len(session.players))]
    if args.export == "text":
        out.write(review.text_record(session.game, names, steps, reader(names)))
        return None
    if args.export == "notation":
        out.write(review.notation(session.game))
        return None
    if args.analyse:
        if not find_game(session.game.name).eye:
            readable = ", ".join(g.title for g in GAMES if g.eye)
            raise CliError(f"{PROG}: the computer's eye reads {readable} games; this is {session.game.name}", 2)
        marked = []
        for n, total, j in analysis.run(steps, session.meta, seat):
            print(f"\ranalysing {possessive(names[seat])} decisions: {n}/{total}", end="", file=sys.stderr, flush=True)
            if j.mark:
                marked.append(j)
        print(file=sys.stderr)
        try:
            session.autosave(played=False)  # a look back: not a game played now
        except saves.SaveError as e:
            raise CliError(f"{PROG}: {e}", 1) from None
        for j in marked:
            s = steps[j.index]
            print(
                f"{j.index + 1:4}. turn {s.turn:2}  {j.action:18} {j.mark:2} {review.MARK_WORDS[j.mark]:11} "
                f"{j.before:4.0%} -> {j.after:4.0%}  preferred: {j.best}",
                file=out,
            )
        whose = possessive(names[seat])
        print(f"{whose[:1].upper()}{whose[1:]} decisions: {len(marked)} marked.", file=out)
        return None
    session.meta.extra["review_seat"] = seat
    return session


def replay_session(args: Args, settings: Settings, path: Path) -> Session:
    """'new --replay FILE': the game the notation file records, as a new save."""
    from rules import review
    from tui.session import Session, names_for

    try:
        text = saves.store.read_text(args.replay)
        game = review.from_notation(text, args.replay)
    except (saves.SaveError, ValueError) as e:
        raise CliError(f"{PROG}: {e}", 1) from None
    if game.name != args.game:
        raise CliError(
            f"{PROG}: {args.replay} records a {find_game(game.name).title} game, not {find_game(args.game).title}", 2
        )
    info = find_game(args.game)
    seats = chosen_seats(args, info)
    n = game.num_players
    if seats is not None and len(seats) != n:
        raise CliError(f"{PROG}: {args.replay} records a game of {n} players, not {len(seats)}", 2)
    if seats is None and n > 2:  # you, and the computer in the other seats
        seats = [Seat("human"), *[Seat("computer", level=args.level)] * (n - 1)]
    session = Session.new(
        args.game,
        vs=args.vs,
        level=args.level,
        seed=game.seed,
        names=names_for(settings.player, seats, args.vs),
        path=path,
        options=dict(game.options),
        seats=seats,
        decks=info.starting_decks(game),
    )
    session.game = game
    session.meta.log.append(f"Replayed {len(game.history)} actions from {args.replay}.")
    return session


def chosen_seats(args: Args, info: GameInfo) -> list[Seat] | None:
    """The --seat and --players choices as ``Session.new(seats=...)`` takes them; None: two seats from --vs."""
    seats, count = list(args.seat), args.players
    if not seats and count is None:
        return None
    if seats and count is not None and count != len(seats):
        raise CliError(f"{PROG}: --players {count} but {len(seats)} --seat given: give one or the other", 2)
    if not seats:
        assert count is not None
        others = Seat("computer", level=args.level) if args.vs == "computer" else Seat("human")
        seats = [Seat("human"), *[others] * (count - 1)]
    if not 2 <= len(seats) <= MAX_SEATS:
        raise CliError(f"{PROG}: a game has 2 to {MAX_SEATS} players (one --seat each), not {len(seats)}", 2)
    if len(seats) > info.max_players:
        most = "two players" if info.max_players == 2 else f"2 to {info.max_players} players"
        raise CliError(f"{PROG}: {info.title} is for {most}; {_multi_titles()} takes 2 to {MAX_SEATS}", 2)
    return seats


def chosen_decks(args: Args, settings: Settings, seats: int = 2) -> tuple[Any, ...] | None:
    """The --deck choices as what ``Session.new(decks=...)`` takes, or None for the bundled G, H, G, H."""
    if not args.deck:
        return None
    from saves import decks as dk

    info = find_game(args.game)
    if not info.decks:
        raise CliError(f"{PROG}: --deck is for {_deck_titles()}; {info.title} is played with its own cards", 2)
    picks: list[Any] = ["G", "H", "G", "H"][:seats]
    for seat, name in args.deck:
        if seat >= seats:
            raise CliError(f"{PROG}: --deck {seat + 1}={name}: the game has {seats} seats", 2)
        from tui.cardcmd import imported_pool

        try:
            picks[seat] = dk.for_game(dk.resolve(name, settings.save_dir, info.name, imported_pool(settings)))
        except dk.DeckError as e:
            raise CliError(f"{PROG}: --deck {seat + 1}={name}: {e}", 1) from None
    return tuple(picks)


def _need_player(settings: Settings) -> str:
    if not settings.player:
        raise CliError(
            f"{PROG}: shared tables need to know who you are: give --player NAME "
            "(over SSH the key or the forced command sets it)",
            2,
        )
    return settings.player


def table_command(args: Args, settings: Settings) -> TableSession | None:
    """'table new' creates and prints the table; 'table decline' declines; 'table play' returns the session to open."""
    from saves import tables
    from tui.table import TableSession

    player = _need_player(settings)
    base = settings.table_store
    try:
        if args.table_command == "new":
            info = find_game(args.game)
            if not args.others:
                raise CliError(
                    f"{PROG}: table new: who else sits there? Give --invite NAME, --open or --computer LEVEL "
                    f"({tables.seats_words(info.title, info.max_players)})",
                    2,
                )
            if args.name:
                saves.validate_name(args.name, what="table name")
            t = tables.create(
                base,
                player,
                args.game,
                args.others,
                options=game_options(args),
                seed=args.seed,
                watch=args.watch,
                table_id=args.name or None,
            )
            names = " v ".join(t.name(i) for i in range(len(t.seats)))
            invited = [str(s.get("player")) for s in t.seats if s.get("status") == tables.INVITED]
            open_ = sum(s.get("status") == tables.OPEN for s in t.seats)
            said = [f"{tables.and_list(invited)} {'is' if len(invited) == 1 else 'are'} invited"] if invited else []
            said += [f"{open_} seat{'s are' if open_ > 1 else ' is'} open"] if open_ else []
            print(
                f"Created the table {t.id}: {info.title}, {names}{''.join('; ' + x for x in said)}. "
                f"Play it with '{PROG} table play {t.id}'."
            )
            return None
        if args.table_command == "decline":
            answer = tables.decline(base, args.name, player)
            if not answer.ok:
                raise CliError(f"{PROG}: {args.name}: {answer.reason}", 1)
            print(f"Declined the invitation to {args.name}.")
            return None
        if args.table_command == "computer":
            answer = tables.seat_computer(base, args.name, player, args.level)
            if not answer.ok:
                raise CliError(f"{PROG}: {args.name}: {answer.reason}", 1)
            print(saves.printable(answer.table.meta.log[-1]) if answer.table else "")
            return None
        # play: take an open seat or accept an invitation first
        t = tables.load(base, args.name)
        if t.seat_of(player) is None and (t.invited(player) is not None or t.open_seat() is not None):
            require_terminal()
            answer = tables.join(base, args.name, player)
            if not answer.ok:
                raise CliError(f"{PROG}: {args.name}: {answer.reason}", 1)
        session = TableSession.open(base, args.name, player)
    except (ValueError, TypeError) as e:
        raise CliError(f"{PROG}: cannot create the table: {e}", 2) from None
    except saves.SaveError as e:
        raise CliError(f"{PROG}: {e}", 1) from None
    require_terminal()
    return session


def migrate_tables(args: Args, settings: Settings) -> int:
    """Every table copied from one store to the other as its TOML save, read back and compared; one already there
    is kept (named if it differs), one that cannot be read or written is named and not copied (status 1)."""
    from saves.tablestore import FileStore, open_store

    if not settings.tables:
        raise CliError(f"{PROG} tables migrate: which database? give --tables postgresql://... (or ${ENV_TABLES})", 2)
    try:
        files, db = FileStore(settings.tables_base), open_store(settings.tables, base=settings.tables_base)
        src, dst = (files, db) if args.to == "postgresql" else (db, files)
        ids = src.ids()
    except saves.SaveError as e:
        raise CliError(f"{PROG} tables migrate: {e}", 1) from None
    copied, same, differ, failed = 0, 0, [], []
    for tid in ids:
        try:
            text = src.export_toml(tid)
            if dst.exists(tid):
                if dst.export_toml(tid) == text:
                    same += 1
                else:
                    differ.append(tid)
                continue
            dst.import_toml(tid, text)
            if dst.export_toml(tid) != text:
                raise saves.SaveError(f"{tid}: the copy does not read back as the table it was")
            copied += 1
        except saves.SaveError as e:  # a table that cannot be read, or the database went away
            failed.append(f"{tid} ({saves.printable(e)})")
    plural = "" if copied == 1 else "s"
    print(f"Copied {copied} table{plural} from {src.describe()} to {dst.describe()}", end="")
    print(f"; {same} already there, the same." if same else ".")
    if differ:
        print(f"Already there but different, left as they are: {', '.join(differ)}.")
    if failed:
        print(f"Not copied ({len(failed)}): " + "; ".join(failed), file=sys.stderr)
        return 1
    return 0


def print_tables(settings: Settings, out: TextIO | None = None) -> None:
    from saves import tables

    out = out or sys.stdout
    player = _need_player(settings)
    rows = tables.rows_for(settings.table_store, player)
    rec = tables.record(settings.table_store, player)
    print(f"{player}: " + record_line(rec), file=out)
    if not rows:
        print(f"No tables for you yet; create one with '{PROG} table new {GAMES[0].name} --invite NAME'.", file=out)
        return
    for line in table_lines(rows):
        print(line, file=out)


def record_line(rec: dict[str, Any]) -> str:
    p, c = rec["people"], rec["computer"]
    return f"against people {p[0]} won, {p[1]} lost, {p[2]} drawn; against the computer {c[0]} won, {c[1]} lost, {c[2]} drawn"


TABLE_HEADINGS = {
    "move": "Your move",
    "invited": "Invitations",
    "waiting": "Waiting for others",
    "open": "Open seats",
    "watch": "Tables you may watch",
    "finished": "Finished",
    "error": "Tables that cannot be read",
}


def table_lines(rows: Sequence[Row]) -> list[str]:
    lines, last = [], None
    for r in rows:
        if r.kind != last:
            lines.append(f"{TABLE_HEADINGS[r.kind]}:")
            last = r.kind
        if r.error:
            lines.append(f"  {r.id}  {r.error}")
        else:
            lines.append(f"  {r.id}  {find_game(r.game).title}  {r.players}  ({r.line})")
    return [saves.printable(line) for line in lines]  # ids, names and errors come from the tables' files


def has_terminal() -> bool:
    """Textual reads keys from stdin and draws on stderr: both must be a terminal. Under ``redemption web`` the
    browser is the terminal: the web driver (tui/webdriver.py) reads and writes the server's pipes."""
    from tui.player_process import WEB_DRIVER

    if os.environ.get("TEXTUAL_DRIVER") == WEB_DRIVER:
        return True
    streams = (sys.stdin, sys.__stderr__)
    return all(s is not None and s.isatty() for s in streams)


def require_terminal() -> None:
    """No app with nobody to see it or hang it up (a script, 'ssh -T'): one line and exit 2 instead."""
    if not has_terminal():
        raise CliError(
            f"{PROG}: needs a terminal to play (input and screen must be a terminal, e.g. 'ssh -t'); "
            f"'{PROG} saves' lists the saves without one",
            2,
        )


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    if words[:1] == ["serve"]:  # the SSH game server has its own options: tui/ssh
        from tui.ssh import main as serve_main

        return serve_main(words[1:])
    if words[:1] in (["web"], ["accounts"]):  # the web server and its accounts: tui/web/cli.py
        from tui.web.cli import main_accounts, main_web

        return (main_web if words[0] == "web" else main_accounts)(words[1:])
    try:
        try:
            args = parse(argv)
        except SystemExit as e:  # --help and --version print and stop here
            return int(e.code or 0)
        settings = settings_from(args)
        saves.clean_temporaries(settings.save_dir)  # left by writes a kill interrupted (old ones only)
        if args.command == "saves":
            print_saves(settings)
            return 0
        if args.command == "decks":
            try:
                return run_decks(args, settings)
            except saves.SaveError as e:  # DeckError too: the file and the problem
                raise CliError(f"{PROG} decks: {e}", 1) from None
        if args.command == "cards":
            from tui.cardcmd import run_cards

            try:
                return run_cards(args, settings)
            except saves.SaveError as e:  # a card file's or a deck's problem: the file and the reason
                raise CliError(f"{PROG} cards: {e}", 1) from None
        if args.command == "tables" and args.tables_command == "migrate":
            return migrate_tables(args, settings)
        if args.command == "tables":
            try:
                print_tables(settings)
            except saves.SaveError as e:  # the tables' database cannot be reached, or a table is unreadable
                raise CliError(f"{PROG} tables: {e}", 1) from None
            return 0
        session: Session | TableSession | None = None
        if args.command == "review":
            session = review_command(args, settings)
            if session is None:
                return 0
        if args.command == "table":
            session = table_command(args, settings)
            if session is None:
                return 0
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

    app = (
        LearnApp(settings)
        if args.command == "learn"
        else RedemptionApp(settings, start=session, review=args.command == "review")
    )
    app.run()
    not_saved = app.last_words()
    if not_saved:  # the terminal is the player's again: the truth about the save, where they read it last
        try:
            print(not_saved, file=sys.stderr)
        except (OSError, ValueError):
            pass  # the terminal is gone; the exit status still says it (the SSH server tells the player)
    _flush_or_drop_output()
    return app.exit_status()


def _flush_or_drop_output() -> None:
    """After a hang-up the terminal is gone and what the app wrote last cannot be flushed: send it to /dev/null,
    or the interpreter's own flush at exit fails and turns a saved, clean exit into status 120."""
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            null = os.open(os.devnull, os.O_WRONLY)
            for fd in (1, 2):
                os.dup2(null, fd)
            os.close(null)
            return


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
