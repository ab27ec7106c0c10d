"""One player's app as a process of its own, whatever front end started it (the SSH server, the web server).

Who the player is was settled by the front end (a key, an account); from here on the player is a name, and the
app runs as that player: the command line, the environment, and whether they have a game to resume. Nothing
here imports Textual: a front end builds the app's process without loading the app.
"""

from __future__ import annotations

import asyncio
import errno
import os
import re
import signal
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

#: What the app's environment takes from the server's own.
#: REDEMPTION_TABLES: where the shared tables are (a postgresql:// URL), as ``redemption serve --tables`` sets it.
ENV_PASSTHROUGH = (
    "PATH",
    "HOME",
    "PYTHONPATH",
    "VIRTUAL_ENV",
    "TMPDIR",
    "PYTHONDONTWRITEBYTECODE",
    "REDEMPTION_TABLES",
)
CLIENT_ENV_ALLOWED = ("COLORTERM", "NO_COLOR")  # harmless display hints a client may send
MAX_ENV_VALUE = 64  # bytes of one kept client environment variable
MAX_TERM = 64  # characters of the terminal type

#: The app's exit status when a game's save lacks moves (a full disk...): the server then repeats the app's own
#: last line ("Your game could not be saved since move N: why.") instead of saying the game is saved.
NOT_SAVED_EXIT = 75

HAS_GAME_CHECK = (
    "import sys\n"
    "from saves import list_saves\n"
    "sys.exit(0 if any(not s.error and not s.over for s in list_saves(sys.argv[1])) else 1)\n"
)


def default_app_command() -> list[str]:
    """The app for one player, run by the same interpreter as the server."""
    return [sys.executable, "-m", "tui.cli", "--player", "{player}", "--save-dir", "{data_dir}"]


def app_argv(command: list[str], player: str, data_dir: Path, extra: list[str] | None = None) -> list[str]:
    """``command`` with its ``{player}`` and ``{data_dir}`` placeholders filled, and ``extra`` after it."""
    values = {"player": player, "data_dir": str(data_dir)}
    return [part.format(**values) for part in command] + list(extra or ())


def clean_term(term: str | None) -> str:
    """The client's terminal type if it looks like one (it goes into the app's environment), else xterm-256color."""
    if term and len(term) <= MAX_TERM and re.fullmatch(r"[A-Za-z0-9._+-]+", term):
        return term
    return "xterm-256color"


def app_env(player: str, data_dir: Path, term: str, client_env: Mapping[str, str]) -> dict[str, str]:
    """The app's environment: a few of the server's own variables, the client's allowed display hints
    (CLIENT_ENV_ALLOWED, each at most MAX_ENV_VALUE long), the terminal type, UTF-8, and the player."""
    env = {k: os.environ[k] for k in ENV_PASSTHROUGH if k in os.environ}
    env.setdefault("PATH", os.defpath)
    # The child runs the same code as the server, installed or not.
    root = str(Path(__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join([root] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    for k in CLIENT_ENV_ALLOWED:
        if k in client_env and len(client_env[k]) <= MAX_ENV_VALUE and "\0" not in client_env[k]:
            env[k] = client_env[k]
    env.update(
        {
            "TERM": clean_term(term),
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "PYTHONIOENCODING": "utf-8",
            "REDEMPTION_PLAYER": player,
            "REDEMPTION_SAVE_DIR": str(data_dir),
        }
    )
    return env


async def has_game_in_progress(
    player: str, data_dir: Path, timeout: float = 10.0, log: Callable[[str], None] = lambda message: None
) -> bool:
    """Whether the player has a game to resume. Their files are read by a child process, never here:
    a hostile save could take any time to read, and the server must keep serving (and hear SIGTERM)."""
    try:
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            HAS_GAME_CHECK,
            str(data_dir / player),
            env=app_env(player, data_dir, "dumb", {}),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL,
            start_new_session=True,
        )
    except OSError:
        return False
    try:
        return await asyncio.wait_for(proc.wait(), timeout) == 0
    except TimeoutError:
        log(f"reading the saves of {player} took over {timeout:g}s: not resuming")
        return False
    finally:
        if proc.returncode is None:  # timed out, or the session was hung up meanwhile
            killpg(proc.pid, signal.SIGKILL)


def killpg(pgid: int, sig: int) -> None:
    """Signal a process group that may have ended already."""
    try:
        os.killpg(pgid, sig)
    except ProcessLookupError:
        pass
    except OSError as e:
        if e.errno != errno.ESRCH:
            raise
