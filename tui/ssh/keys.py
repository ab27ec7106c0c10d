"""Who may log in, as whom: the players' authorized-keys file, and the server's own host key.

The file is OpenSSH's format; the player is the key's comment, or a ``player="NAME"`` option.
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

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
    player: str
    fingerprint: str
    line: int = 0
    expires: float | None = None  # epoch seconds, from expiry-time=
    origin: Any = None  # asyncssh SSHAuthorizedKeys holding this key with its from= patterns, or None

    def refusal(self, key: Any, addr: str, now: float | None = None) -> str | None:
        """Why this line does not let ``key`` in from ``addr`` now (None: it does)."""
        if self.expires is not None and (time.time() if now is None else now) > self.expires:
            return "key expired (expiry-time)"
        if self.origin is not None and self.origin.validate(key, addr, addr) is None:
            return "address not allowed for this key (from=)"
        return None


class KeyError_(Exception):
    pass


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
    import asyncssh

    from saves import SaveError, validate_name

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
    origin = None
    if "from" in values:
        for pattern in values["from"]:
            if not pattern or any(not (c.isascii() and c.isprintable()) or c in '"\\ ' for c in pattern):
                raise KeyError_(f"from={pattern!r} is not a list of address patterns")
        spec = ",".join(f'from="{p}"' for p in values["from"])
        origin = asyncssh.import_authorized_keys(f"{spec} {fields[0]} {fields[1]}")  # asyncssh matches from=
    return key.public_data, KeyEntry(player, key.get_fingerprint("sha256"), number, expires, origin)


def load_authorized_keys(path: Path, warn=lambda msg: None) -> dict[bytes, list[KeyEntry]]:
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
    """The authorized keys, read again whenever the file changes."""

    def __init__(self, path: Path, warn) -> None:
        self.path = path
        self.warn = warn
        self._stamp: tuple | None = None
        self._keys: dict[bytes, list[KeyEntry]] = {}

    def entries(self, public_data: bytes) -> list[KeyEntry]:
        try:
            st = self.path.stat()
            stamp = (st.st_mtime_ns, st.st_size, st.st_ino)
        except OSError:
            stamp = None
        if stamp != self._stamp:
            self._keys = load_authorized_keys(self.path, self.warn) if stamp else {}
            self._stamp = stamp
        return self._keys.get(public_data, [])

    def lookup(self, key: Any, addr: str) -> tuple[KeyEntry | None, str | None]:
        """The first line that lets ``key`` in from ``addr``, or (None, why the last one did not)."""
        why = None
        for entry in self.entries(key.public_data):
            why = entry.refusal(key, addr)
            if why is None:
                return entry, None
        return None, why


def ensure_host_key(path: Path, log) -> Any:
    """Load the host key, or generate one (Ed25519, mode 600) on first run."""
    import asyncssh

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
