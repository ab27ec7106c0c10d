"""The save file format and the save folder."""

from __future__ import annotations

import os
import re
import stat
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rules.core import GameBase
from rules.games import find_game, game_names

if TYPE_CHECKING:
    from filelock import FileLock

FORMAT = "redemption-tui-save"
#: Schema version of the file layout. Bump it when the layout changes; older files are migrated in ``_migrate``.
#: Version 2 writes the history as one text, an action a line (version 1: a list of texts, which is read as well).
VERSION = 2
SUFFIX = ".toml"
ENV_DIR = "REDEMPTION_SAVE_DIR"
MAX_BYTES = 8 * 1024 * 1024  # a real save is a few KiB; refuse to parse anything absurd (and never write one)
MAX_NAME = 64  # characters in a player's name
#: Tables and lists inside one another that a file may have: a save has 7. tomllib and tomli_w recurse once per
#: level, so a file nested a few hundred deep would load and then fail every write: it is refused as it is read.
MAX_DEPTH = 32
LEVELS = ("easy", "normal", "hard", "random")  # a computer player's levels (a seat's 'level')
STALE_TMP_SECONDS = 600  # a temporary file this old belongs to no live write (a write takes milliseconds)
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}$")
#: Characters that must never reach a terminal as they are: C0/C1 controls (ESC, CSI, BEL...), DEL, zero-width
#: and bidirectional controls, line and paragraph separators.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]")


class SaveError(Exception):
    """A save that cannot be read or written; the message names the file and the problem, ``reason`` the problem
    alone in a few words (what a player is told about a write that failed: "No space left on device")."""

    def __init__(self, message: str, reason: str = ""):
        super().__init__(printable(message))
        self.reason = printable(reason) if reason else str(self)


def printable(text: object) -> str:
    """Text from a file, safe to print: every control character (an escape sequence's ESC, a C1 CSI, a bidi
    override, a newline in a name...) is shown as a visible escape like ``\\x1b``, never sent to the terminal."""
    return _UNSAFE.sub(lambda m: f"\\x{ord(m[0]):02x}" if ord(m[0]) < 0x100 else f"\\u{ord(m[0]):04x}", str(text))


@dataclass
class Meta:
    """What the app keeps beside the game state: who plays, the log, when."""

    players: list[dict[str, Any]] = field(
        default_factory=lambda: [{"name": "Player 1", "kind": "human"}, {"name": "Player 2", "kind": "human"}]
    )
    created: str = ""
    updated: str = ""
    app_version: str = ""
    log: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)  # app settings (level, screen); plain TOML data


@dataclass
class Saved:
    game: GameBase
    meta: Meta


@dataclass(frozen=True)
class SaveInfo:
    """One row of the save list; ``error`` is set (and the rest may be blank) for an unreadable file."""

    name: str
    path: Path
    game: str = ""
    players: str = ""
    turn: int = 0
    score: str = ""
    updated: str = ""
    over: bool = False
    error: str = ""
    winner: int | None = None  # the winning seat of a finished game (None: a draw, or not over)
    kinds: tuple[str, ...] = ()  # each seat's "human" or "computer"


def app_version() -> str:
    from saves.version import VERSION

    return VERSION


def _now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def nested_deeper(data: object, limit: int = MAX_DEPTH) -> bool:
    """Whether ``data`` (TOML's tables and lists) has more than ``limit`` levels; walked without recursion, over the
    tables and lists alone (a save's thousands of texts and numbers are no level)."""
    if not isinstance(data, (dict, list)):
        return False
    todo: list[tuple[dict[str, object] | list[object], int]] = [(data, 1)]
    while todo:
        item, depth = todo.pop()
        if depth > limit:
            return True
        todo.extend(
            (x, depth + 1) for x in (item.values() if isinstance(item, dict) else item) if isinstance(x, (dict, list))
        )
    return False


#: What of a TOML text matters to count a key's parts: strings and comments (skipped whole), what ends a key, a dot.
_KEY_TOKENS = re.compile(
    r'"""(?:[^\\]|\\[\s\S])*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*|[=,{}\[\]\n]|\.'
)


#: A line with MAX_DEPTH dots or more: a key is written on one line, so only such a line can hold a key that deep.
_MANY_DOTS = re.compile(rf"^(?:[^.\n]*\.){{{MAX_DEPTH}}}", re.MULTILINE)


def _dotted_deeper(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether a key of ``text`` (``a.b.c = 1``, ``[a.b.c]``) has more than ``limit`` parts. tomllib's work and
    memory grow with the square of a key's parts (a key of 10,000 parts: 5 s and 400 MB), so this is looked at
    before it parses anything; a dot inside a string (a log line, a message) is no key's. A text with no line of
    ``limit`` dots (every save) is answered by one search; only a text with such a line is tokenized."""
    if limit == MAX_DEPTH and _MANY_DOTS.search(text) is None:
        return False
    dots = 0
    for m in _KEY_TOKENS.finditer(text):
        if m[0] == ".":
            dots += 1
            if dots >= limit:
                return True
        elif m[0] in "=,{}[]\n":
            dots = 0
    return False


def parse_toml(text: str, fail: Callable[[str], Exception], what: str = "save") -> dict[str, Any]:
    """A small TOML file's tables, or ``fail(problem)`` raised: not TOML, or nested deeper than MAX_DEPTH (which
    tomllib meets as a RecursionError, or that would meet one later, when the file is written back)."""
    import tomllib  # here, not at the top: a command that reads no file (--version, --help) never needs it

    deep = f"not a {what}: its tables or lists are nested far deeper than any {what}'s"
    if _dotted_deeper(text):
        raise fail(deep)
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise fail(f"not a valid TOML file ({e})") from None
    except RecursionError:
        raise fail(deep) from None
    except ValueError as e:  # e.g. a whole number of thousands of digits
        raise fail(f"not a valid TOML file ({e})") from None
    if nested_deeper(doc):
        raise fail(deep)
    return doc


#: A key's long text as tomli_w writes it, with nothing escaped but quotes, backslashes and newlines (no other
#: control character). Shorter texts are left as they are (a person reading or editing a save meets the usual quotes).
_LONG_TEXT = re.compile(r'^([A-Za-z0-9_-]+ = )"((?:[^"\\\x00-\x1f\x7f]|\\["\\n]){80,})"$', re.MULTILINE)
_ESCAPE = re.compile(r'\\(["\\n])')
_ESCAPED = {'"': '"', "\\": "\\", "n": "\n"}


def literal_texts(text: str) -> str:
    """TOML text with each key's long text (:data:`_LONG_TEXT`) as a literal string, the same value: on one line when
    it holds no quote ``'`` and no newline, else on lines of its own (unless it holds ``'''`` or ends in ``'``).
    tomllib reads a literal string by searching for its end, a basic one a character at a time in Python (a save's
    longest texts are its zones, its card list and the cards' fingerprints)."""

    def literal(m: re.Match[str]) -> str:
        body = _ESCAPE.sub(lambda e: _ESCAPED[e[1]], m[2])
        if "'" not in body and "\n" not in body:
            return f"{m[1]}'{body}'"
        if "'''" in body or body.endswith("'"):
            return m[0]
        return f"{m[1]}'''\n{body}'''"  # the newline after the quotes is not part of the text

    return _LONG_TEXT.sub(literal, text)


def history_text(history: list[Any]) -> str | list[Any]:
    """The actions played as a save writes them: one text, an action a line (tomllib reads one long text much faster
    than a list of short ones), or the list as it is should an action not be a text of one line."""
    if all(isinstance(h, str) and h and "\n" not in h for h in history):
        return "\n".join(history)
    return list(history)


def dumps(game: GameBase, meta: Meta | None = None) -> str:
    """The game and its metadata as TOML text."""
    meta = meta or Meta()
    state = game.saved_dict()
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.name,
        "app_version": meta.app_version or app_version(),
        "created": meta.created or _now(),
        "updated": meta.updated or _now(),
        "seed": state.get("seed", 0),
        "options": state.get("options", {}),
        "players": [dict(p) for p in meta.players],
        "summary": game.summary(),
        "history": history_text(state.pop("history", [])),  # stored once, here; ``reads`` puts it back into the state
        "log": list(meta.log),
        "extra": dict(meta.extra),
        "state": state,
    }
    import tomli_w  # as tomllib: only a command that writes a file needs it

    try:
        return literal_texts(tomli_w.dumps(doc))
    except (TypeError, ValueError, RecursionError) as e:  # a bug in a to_dict(), not the player's fault
        problem = "nested too deeply" if isinstance(e, RecursionError) else str(e)
        raise SaveError(f"cannot write this {game.name} game as TOML: {problem}", problem) from None


def reads(text: str, source: str = "<text>") -> Saved:
    """Parse and validate a save; SaveError names ``source`` and the problem."""

    def fail(problem: str) -> SaveError:
        return SaveError(f"{source}: {problem}")

    if len(text) > MAX_BYTES:
        raise fail(f"the file is {len(text)} bytes, far larger than any save; refusing to read it")
    doc = parse_toml(text, fail)
    if doc.get("format") != FORMAT:
        raise fail(f"not a redemption-tui save (format is {doc.get('format')!r}, expected {FORMAT!r})")
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise fail(f"the save version {version!r} is not a positive whole number")
    if version > VERSION:
        raise fail(
            f"the save is version {version}, newer than this program understands (version {VERSION}); update redemption-tui"
        )
    doc = _migrate(doc, version)
    name = doc.get("game")
    try:
        info = find_game(name)
    except ValueError as e:
        raise fail(str(e)) from None
    state = doc.get("state")
    if not isinstance(state, dict):
        raise fail("the save has no [state] table")
    if state.get("game", name) != name:
        raise fail(f"the header says {name!r} but the state is a {state.get('game')!r} game")
    state = {**state, "game": name}
    if "history" in doc and "history" not in state:
        history = doc["history"]
        state["history"] = (history.split("\n") if history else []) if isinstance(history, str) else history
    try:
        game = info.game_class().from_dict(state)
        game.validate_whole()  # a save is a whole game: its header's decks, counts, turns and hands
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
        raise fail(f"the game state is not one the rules allow: {e}") from None
    except RecursionError:
        raise fail("the game state is nested far deeper than any game's") from None
    meta = _meta(doc, fail, game.num_players)
    return Saved(game, meta)


#: Saves of an older file format carry an event's rule id inside its words ("... The battle goes on
#: (resurrection.tie.1)."); their log lines lose it when read, since a rule id belongs in the event's own field
#: (``rules.core.Event.rule``) and no screen shows one in words.
_OLD_RULE_REF = re.compile(r" \((?:" + "|".join(map(re.escape, game_names())) + r")\.[\w.-]+\)")


def _old_log_line(line: str) -> str:
    """A log line as an older save wrote it, without the rule id its words carried."""
    return _OLD_RULE_REF.sub("", line) if " (" in line else line


def _migrate(doc: dict[str, Any], version: int) -> dict[str, Any]:
    """Bring an older layout up to VERSION (nothing to do while VERSION is 1)."""
    return doc


def _meta(doc: dict[str, Any], fail: Callable[[str], Exception], seats: int = 2) -> Meta:
    """The save's metadata; ``seats``: the number of players its game has (one 'players' table each)."""
    players = doc.get("players", [{"name": f"Player {i + 1}"} for i in range(seats)])
    if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
        raise fail("'players' must be a list of tables")
    if len(players) != seats:
        raise fail(f"the game has {seats} players, but 'players' lists {len(players)}")
    for p in players:
        if not isinstance(p.get("name", ""), str) or p.get("kind", "human") not in ("human", "computer"):
            raise fail("each player needs a text 'name' and a 'kind' of human or computer")
        if "level" in p and p["level"] not in LEVELS:
            raise fail(f"a computer's 'level' is {'|'.join(LEVELS)}, not {printable(repr(p['level']))}")
        if len(p.get("name", "")) > MAX_NAME:
            raise fail(f"a player's name may have at most {MAX_NAME} characters")
    log = doc.get("log", [])
    if not isinstance(log, list) or not all(isinstance(x, str) for x in log):
        raise fail("'log' must be a list of text lines")
    log = [_old_log_line(line) for line in log]
    extra = doc.get("extra", {})
    if not isinstance(extra, dict):
        raise fail("'extra' must be a table")
    texts = {}
    for key in ("created", "updated", "app_version"):
        v = doc.get(key, "")
        if not isinstance(v, str):
            raise fail(f"{key!r} must be text")
        texts[key] = v
    return Meta(players=players, log=log, extra=extra, **texts)


def loads(text: str, source: str = "<text>") -> GameBase:
    return reads(text, source).game


def read(path: str | os.PathLike[str]) -> Saved:
    return reads(read_text(path), str(Path(path)))


def load(path: str | os.PathLike[str]) -> GameBase:
    return read(path).game


def save(game: GameBase, path: str | os.PathLike[str], meta: Meta | None = None, played: bool = True) -> Path:
    """Write a game atomically; the previous save survives any failure. ``played``: the game was played since
    (its "last played" time, by which the saves list is ordered, is now); False for what only adds to the file
    (a review's analysis)."""
    meta = meta or Meta()
    if not meta.created:
        meta.created = _now()
    if played or not meta.updated:
        meta.updated = _now()
    try:
        data = dumps(game, meta).encode("utf-8")
    except SaveError as e:
        raise SaveError(f"{path}: not saved: {e}; the previous save is untouched", e.reason) from None
    if len(data) > MAX_BYTES:  # the reader would refuse it: keep the last save that can be read
        raise SaveError(
            f"{path}: not saved: the game has grown to {len(data)} bytes, over the {MAX_BYTES}-byte "
            "limit a save may have; the previous save is untouched",
            f"the game has grown past the {MAX_BYTES // (1024 * 1024)} MiB a save may have",
        )
    return write_atomic(path, data, "the save")


def write_atomic(path: str | os.PathLike[str], data: bytes, what: str = "the file") -> Path:
    """A temporary file in the same folder, fsync, then rename over the old file: never half-written."""
    import tempfile  # as tomllib: only a command that writes a file needs it

    path = Path(path)
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as e:
        raise SaveError(f"{path}: cannot write {what} ({e.strerror or e})", str(e.strerror or e)) from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        _fsync_dir(folder)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(e, OSError):
            raise SaveError(
                f"{path}: cannot write {what} ({e.strerror or e}); the previous one is untouched", str(e.strerror or e)
            ) from None
        raise
    return path


def read_text(path: str | os.PathLike[str]) -> str:
    """A small regular UTF-8 file's text; SaveError names the file for anything else (missing file included)."""
    try:
        return read_bytes(path).decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{path}: not a text file (not UTF-8)") from None


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """A small regular file's bytes; SaveError names the file for anything else (missing file included).

    Opened without blocking and its size checked before reading: a FIFO, a device or a folder under a save's
    name is refused at once instead of waiting forever for a writer, and a file (sparse or not) bigger than
    MAX_BYTES costs a stat, never a read."""
    path = Path(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save file") from None
    except IsADirectoryError:
        raise SaveError(f"{path}: is a folder, not a save file") from None
    except OSError as e:
        raise SaveError(f"{path}: cannot be read ({e.strerror or e})") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise SaveError(f"{path}: is a folder, not a save file")
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(f"{path}: is not a regular file (a pipe, socket or device), so not a save")
        if info.st_size > MAX_BYTES:
            raise SaveError(f"{path}: the file is {info.st_size} bytes, far larger than any save; refusing to read it")
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            raise SaveError(
                f"{path}: the file is over {MAX_BYTES} bytes, far larger than any save; refusing to read it"
            )
    except OSError as e:
        raise SaveError(f"{path}: cannot be read ({e.strerror or e})") from None
    finally:
        os.close(fd)
    return data


def clean_temporaries(folder: str | os.PathLike[str], older_than: float = STALE_TMP_SECONDS) -> int:
    """Remove the hidden temporary files (``.NAME.toml.XXXX.tmp``) of writes that a kill interrupted.

    Only files older than ``older_than`` seconds go: a live write renames its file within milliseconds,
    so one that old belongs to no running process. Returns how many were removed; never raises."""
    removed = 0
    cutoff = time.time() - older_than
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not (entry.name.startswith(".") and entry.name.endswith(".tmp")):
            continue
        try:
            if entry.is_file(follow_symlinks=False) and entry.stat(follow_symlinks=False).st_mtime < cutoff:
                os.unlink(entry.path)
                removed += 1
        except OSError:
            pass
    return removed


def claim(path: str | os.PathLike[str]) -> None:
    """Hold the save at ``path`` for this process (a lock beside it, ``.NAME.toml.lock``), so a second process
    that opens the same game is refused instead of both writing it. Re-entrant within one process;
    released by :func:`release` or when the process ends, however it ends."""
    from filelock import Timeout

    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _lock(path).acquire()
    except Timeout:
        raise SaveError(
            f"{path}: this game is open in another window or session; close it there "
            "(it saves as it closes) and try again"
        ) from None
    except OSError as e:
        raise SaveError(f"{path}: cannot lock the save ({e.strerror or e})") from None


def release(path: str | os.PathLike[str]) -> None:
    """Give back one :func:`claim` of the save at ``path``."""
    lock = _lock(Path(path))
    if lock.is_locked:
        lock.release()


_LOCKS: dict[Path, FileLock] = {}  # held here: a FileLock that is garbage-collected lets go of its file


def _lock(path: Path) -> FileLock:
    from filelock import FileLock  # imported by the first lock: it pulls in asyncio (~20 ms), which a listing needs not

    lock_path = path.parent.absolute() / f".{path.name}.lock"
    if lock_path not in _LOCKS:
        _LOCKS[lock_path] = FileLock(lock_path, timeout=0, thread_local=False)
    return _LOCKS[lock_path]


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def default_dir(override: str | os.PathLike[str] | None = None, player: str | None = None) -> Path:
    """The save folder: ``override``, else $REDEMPTION_SAVE_DIR, else the user data folder; per player if named."""
    if override:
        base = Path(override).expanduser()
    elif os.environ.get(ENV_DIR):
        base = Path(os.environ[ENV_DIR]).expanduser()
    else:
        from platformdirs import user_data_dir

        base = Path(user_data_dir("redemption-tui", appauthor=False)) / "saves"
    if player:
        base = base / validate_name(player, what="player name")
    return base


def validate_name(name: str, what: str = "save name") -> str:
    """A name that stays inside its folder: letters, digits, space, ``_ . -``; no path tricks."""
    if not isinstance(name, str) or not _NAME.match(name) or ".." in name or name.strip() != name:
        raise SaveError(
            f"{name!r} is not a valid {what}: use 1-64 letters, digits, spaces, '_', '.' or '-', "
            "starting with a letter or digit, and no '..'"
        )
    return name


def save_path(name: str, folder: str | os.PathLike[str]) -> Path:
    """The file for save ``name`` in ``folder`` (``.toml`` added); refuses names that leave the folder."""
    if isinstance(name, str) and name.endswith(SUFFIX):
        name = name[: -len(SUFFIX)]
    validate_name(name)
    folder = Path(folder)
    path = folder / f"{name}{SUFFIX}"
    if path.resolve().parent != folder.resolve():
        raise SaveError(f"{name!r} is not a valid save name: it would leave the save folder")
    return path


def list_saves(folder: str | os.PathLike[str]) -> list[SaveInfo]:
    """Every save in ``folder``, newest first; unreadable files are listed with their error."""
    folder = Path(folder)
    if not folder.is_dir():
        return []
    rows: list[tuple[float, SaveInfo]] = []
    for path in folder.glob(f"*{SUFFIX}"):
        if path.name.startswith(".") or not path.is_file() or path.is_symlink():
            continue
        name = path.name[: -len(SUFFIX)]
        try:
            mtime = path.stat().st_mtime
        except OSError:
            continue
        name = printable(name)  # a file name is text from the disk too
        try:
            saved = read(path)
        except SaveError as e:
            rows.append((mtime, SaveInfo(name, path, error=str(e))))
            continue
        g, m = saved.game, saved.meta
        summ = g.summary()
        players = " v ".join(
            p.get("name", "?") + (" (computer)" if p.get("kind") == "computer" else "") for p in m.players
        )
        rows.append(
            (
                mtime,
                SaveInfo(
                    name,
                    path,
                    g.name,
                    printable(players),
                    int(summ.get("turn", 0)),
                    printable(summ.get("score", "")),
                    printable(m.updated),
                    g.is_over,
                    winner=g.winner if g.is_over else None,
                    kinds=tuple(str(p.get("kind", "human")) for p in m.players),
                ),
            )
        )
    rows.sort(key=lambda r: (r[1].updated or "", r[0]), reverse=True)
    return [r[1] for r in rows]


def remove_file(path: Path, what: str, error: type[Exception] = SaveError) -> None:
    """Delete ``path``; a missing or undeletable file raises ``error`` naming the file (``what``: 'save', 'deck')."""
    try:
        path.unlink()
    except FileNotFoundError:
        raise error(f"{path}: no such {what}") from None
    except OSError as e:
        raise error(f"{path}: cannot delete ({e.strerror or e})") from None


def delete(name: str, folder: str | os.PathLike[str]) -> None:
    remove_file(save_path(name, folder), "save")
