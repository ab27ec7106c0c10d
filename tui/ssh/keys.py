"""Who may log in, as whom: the players' authorized-keys file, and the server's own host key.

The file is OpenSSH's format; the player is the key's comment, or a ``player="NAME"`` option. asyncssh decides
who gets in: every line in force goes into one ``asyncssh.SSHAuthorizedKeys`` (``import_authorized_keys``),
whose ``validate`` finds the first line that names the key and lets its address in (``from=``), and gives back
that line's options, the player among them. What stays ours is reading the file into those lines, because
``read_authorized_keys`` reads it otherwise than OpenSSH in ways that matter here: it splits lines at every
Unicode line separator (a key can be smuggled into another line's comment), it drops the whole file for one
unreadable line, its option names are case-sensitive (an OpenSSH ``FROM=`` restriction would be silently
ignored) and it knows no ``expiry-time``; and it accepts options (``command=``, ``environment=``...) that this
server must refuse rather than ignore.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import asyncssh

from saves import SaveError, validate_name
from tui.ssh.config import ServeError
from tui.ssh.logs import escape

#: Options a key line may carry; any other option makes the line refused (logged), as an unknown restriction
#: must never be silently ignored. The last five restrict what this server never allows anyway.
KEY_OPTIONS = {
    "player": 'player="NAME": the player this key logs in as (else the key\'s comment)',
    "from": 'from="PATTERNS": only from these addresses (OpenSSH patterns: 10.0.0.0/8, 192.168.1.*, !1.2.3.4)',
    "expiry-time": 'expiry-time="YYYYMMDD[HHMM[SS]][Z]": not after this time (Z: UTC, else the server\'s local time)',
    "restrict": "restrict: no forwarding of any kind (always so here)",
    "pty": "pty: a terminal (always given here)",
    "no-port-forwarding": "(always so here)",
    "no-agent-forwarding": "(always so here)",
    "no-x11-forwarding": "(always so here)",
    "no-user-rc": "(no rc file is ever run here)",
}
_KEY_OPTIONS_WITH_VALUE = {"player", "from", "expiry-time"}
MAX_KEYS_FILE = 4 * 1024 * 1024  # bytes of the authorized-keys file read at most


@dataclass(frozen=True)
class KeyEntry:
    """One line of the file that can let a key in."""

    player: str
    fingerprint: str
    line: int = 0
    expires: float | None = None  # epoch seconds, from expiry-time=
    text: str = ""  # the line as asyncssh reads it: its player and from= options and the key, nothing else

    def expired(self, now: float) -> bool:
        return self.expires is not None and now > self.expires


class KeyError_(Exception):
    """Why one line of the file is skipped."""


def _split_key_options(line: str) -> tuple[list[tuple[str, str | None]], str]:
    """OpenSSH's reading of the options before a key: comma-separated ``name`` or ``name="value"`` (names
    case-insensitive, ``\\"`` a quote inside a value), ended by the first space or tab outside quotes.
    Returns the options and the rest of the line."""
    opts: list[tuple[str, str | None]] = []
    i, n = 0, len(line)
    while True:
        j = i
        while j < n and (line[j].isascii() and (line[j].isalnum() or line[j] in "-_")):
            j += 1
        name = line[i:j].lower()
        if not name:
            raise KeyError_("cannot read the options before the key")
        value = None
        if j < n and line[j] == "=":
            if j + 1 >= n or line[j + 1] != '"':
                raise KeyError_(f"option {name}: the value must be in double quotes")
            k, buf = j + 2, []
            while k < n and line[k] != '"':
                if line[k] == "\\" and k + 1 < n and line[k + 1] == '"':
                    k += 1
                buf.append(line[k])
                k += 1
            if k >= n:
                raise KeyError_(f"option {name}: the value's closing quote is missing")
            value, j = "".join(buf), k + 1
        opts.append((name, value))
        if j < n and line[j] == ",":
            i = j + 1
            continue
        if j >= n or line[j] not in " \t":
            raise KeyError_("cannot read the options before the key")
        return opts, line[j:].lstrip(" \t")


def _parse_expiry(value: str) -> float:
    """OpenSSH's expiry-time: YYYYMMDD, YYYYMMDDHHMM or YYYYMMDDHHMMSS, in UTC with a final Z, else local time."""
    utc = value.endswith(("Z", "z"))
    digits = value[:-1] if utc else value
    fmt = {8: "%Y%m%d", 12: "%Y%m%d%H%M", 14: "%Y%m%d%H%M%S"}.get(len(digits))
    if fmt is None or not digits.isascii() or not digits.isdigit():
        raise KeyError_(f"expiry-time {value!r} is not YYYYMMDD[HHMM[SS]][Z]")
    try:
        when = datetime.strptime(digits, fmt)
    except ValueError:
        raise KeyError_(f"expiry-time {value!r} is not a date") from None
    return when.replace(tzinfo=UTC).timestamp() if utc else when.timestamp()


def parse_key_line(line: str, number: int = 0) -> tuple[bytes, KeyEntry]:
    """One authorized-keys line (already split on newlines, not blank or a comment) -> (key blob, entry)."""
    opts: list[tuple[str, str | None]] = []
    if not line.split(" ", 1)[0].split("\t", 1)[0].startswith(("ssh-", "ecdsa-", "sk-", "rsa-")):
        opts, line = _split_key_options(line)
    fields = [f for f in re.split(r"[ \t]+", line, maxsplit=2) if f]
    if len(fields) < 2:
        raise KeyError_("expected a key type and a key")
    try:
        key = asyncssh.import_public_key(f"{fields[0]} {fields[1]}")
    except (asyncssh.KeyImportError, ValueError) as e:
        raise KeyError_(f"not a public key ({e})") from None
    comment = fields[2].strip(" \t") if len(fields) > 2 else ""
    names = [name for name, _ in opts]
    unknown = [name for name in names if name not in KEY_OPTIONS]
    if unknown:
        raise KeyError_(f"option {unknown[0]} is not supported by this server (supported: {', '.join(KEY_OPTIONS)})")
    for name, value in opts:
        if (value is None) == (name in _KEY_OPTIONS_WITH_VALUE):
            raise KeyError_(f"option {name} " + ("needs a value" if value is None else "takes no value"))
    values = {name: [v for n, v in opts if n == name] for name in set(names)}
    if len(values.get("player", [])) > 1 or len(values.get("expiry-time", [])) > 1:
        raise KeyError_("player= and expiry-time= may be given once")
    player = (values.get("player") or [comment])[0] or ""
    if not player:
        raise KeyError_('no player: give the key a comment or a player="NAME" option')
    try:
        validate_name(player, what="player name")
    except SaveError as e:
        raise KeyError_(str(e)) from None
    expires = _parse_expiry(values["expiry-time"][0] or "") if "expiry-time" in values else None
    options = [f'player="{player}"']
    for pattern in values.get("from", []):
        if not pattern or any(not (c.isascii() and c.isprintable()) or c in '"\\ ' for c in pattern):
            raise KeyError_(f"from={pattern!r} is not a list of address patterns")
        options.append(f'from="{pattern}"')
    # the key as asyncssh writes it, so that nothing but what was checked here reaches its reading of the line
    text = f"{','.join(options)} {' '.join(key.export_public_key('openssh').decode('ascii').split()[:2])}"
    try:
        asyncssh.import_authorized_keys(text)
    except (asyncssh.KeyImportError, ValueError) as e:
        raise KeyError_(f"cannot read the line ({e})") from None
    return key.public_data, KeyEntry(player, key.get_fingerprint("sha256"), number, expires, text)


def load_authorized_keys(path: Path, warn: Callable[[str], None] = lambda msg: None) -> dict[bytes, list[KeyEntry]]:
    """Public key blob -> the lines naming it (OpenSSH uses the first that lets the login in).

    The file is read as OpenSSH reads it: lines end at a newline byte only (a form feed, U+2028 or
    any other separator inside a line is just a character of that line), leading spaces and tabs are
    skipped, and a line that cannot be read (not UTF-8, not a key, an unsupported option, a player
    name that is not valid) is skipped with a warning while every other line keeps working.
    """
    keys: dict[bytes, list[KeyEntry]] = {}
    try:
        with path.open("rb") as f:
            data = f.read(MAX_KEYS_FILE + 1)
    except OSError as e:
        warn(f"cannot read the authorized keys file {path}: {e.strerror or e}")
        return keys
    if len(data) > MAX_KEYS_FILE:
        warn(f"the authorized keys file {path} is over {MAX_KEYS_FILE // (1024 * 1024)} MB: only its start is read")
        data = data[:MAX_KEYS_FILE].rsplit(b"\n", 1)[0]
    for n, raw in enumerate(data.split(b"\n"), 1):
        raw = raw.rstrip(b"\r").lstrip(b" \t")
        if not raw or raw.startswith(b"#"):
            continue
        try:
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as e:
                raise KeyError_(
                    f"not UTF-8 (byte {e.start + 1}): {escape(raw[:120].decode('utf-8', 'backslashreplace'))}"
                ) from None
            blob, entry = parse_key_line(line, n)
        except KeyError_ as e:
            warn(f"{path}:{n}: line skipped: {e}")
            continue
        keys.setdefault(blob, []).append(entry)
    return keys


class KeyRing:
    """The authorized keys, read again whenever the file changes, and the lines in force gathered again for
    asyncssh whenever one of them expires."""

    def __init__(self, path: Path, warn: Callable[[str], None]) -> None:
        self.path = path
        self.warn = warn
        self._stamp: tuple[Any, ...] | None = None
        self._keys: dict[bytes, list[KeyEntry]] = {}
        self._allowed: Any = None  # asyncssh's SSHAuthorizedKeys of the lines in force (None: none are)
        self._until = -float("inf")  # when the next of those lines expires (then they are gathered again)

    def entries(self, public_data: bytes) -> list[KeyEntry]:
        """The lines naming this key, in the file's order (the file read again if it has changed)."""
        try:
            st = self.path.stat()
            stamp = (st.st_mtime_ns, st.st_size, st.st_ino)
        except OSError:
            stamp = None
        if stamp != self._stamp:
            self._keys = load_authorized_keys(self.path, self.warn) if stamp else {}
            self._stamp = stamp
            self._until = -float("inf")
        return self._keys.get(public_data, [])

    def _in_force(self, now: float) -> Any:
        if now >= self._until:
            live = sorted(
                (e for lines in self._keys.values() for e in lines if not e.expired(now)), key=lambda e: e.line
            )
            self._allowed = asyncssh.import_authorized_keys("\n".join(e.text for e in live)) if live else None
            self._until = min((e.expires for e in live if e.expires is not None), default=float("inf"))
        return self._allowed

    def lookup(self, key: Any, addr: str, now: float | None = None) -> tuple[KeyEntry | None, str | None]:
        """The first line that lets ``key`` in from ``addr`` now, or (None, why not; None when no line names it)."""
        now = time.time() if now is None else now
        lines = self.entries(key.public_data)
        allowed = self._in_force(now)
        options = allowed.validate(key, addr, addr) if allowed is not None else None
        if options is not None:
            return KeyEntry(options["player"][0], key.get_fingerprint("sha256")), None
        if not lines:
            return None, None
        # as OpenSSH logs it: why the last line naming the key did not let it in
        return None, "key expired (expiry-time)" if lines[-1].expired(
            now
        ) else "address not allowed for this key (from=)"


def ensure_host_key(path: Path, log: Callable[[str], None]) -> Any:
    """Load the host key, or generate one (Ed25519, mode 600) on first run."""
    try:
        if path.exists():
            mode = path.stat().st_mode & 0o777
            if mode & 0o077:
                log(f"host key {path} is readable by others (mode {mode:o}); setting it to 600")
                os.chmod(path, 0o600)
            return asyncssh.read_private_key(str(path))
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        key = asyncssh.generate_private_key("ssh-ed25519", comment="redemption-tui host key")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(key.export_private_key())
        path.with_name(path.name + ".pub").write_bytes(key.export_public_key())
    except OSError as e:
        raise ServeError(f"host key {path}: {e.strerror or e}") from None
    except (asyncssh.KeyImportError, ValueError) as e:
        raise ServeError(f"host key {path} is not a private key this server can read ({e})") from None
    log(f"generated a new host key {path} ({key.get_fingerprint('sha256')})")
    return key
