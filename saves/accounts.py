"""The host's web accounts: who may sign in to ``redemption web``, and as which player.

One TOML file, ``<data dir>/.web/accounts.toml`` (mode 600, in a folder of mode 700; a player's name cannot
start with a dot, so no player's folder can be it). An account holds its player's name, the scrypt hash of
its password (never the password) and, until it is used, the SHA-256 of a one-time sign-in link's token.
The account's name is the player's name: the web app runs as that player, in ``<data dir>/<name>``, the same
folder an SSH key naming that player opens. So a name that is already a player on this host (its folder
exists) becomes an account only when the host says they are the same person (``same_player``).

Passwords are hashed with :func:`hashlib.scrypt` (OpenSSL's, in the standard library): memory-hard, salted,
its cost kept in the hash so that it can be raised later without invalidating the old ones.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomli_w

from saves.store import SaveError, parse_toml, read_text, validate_name, write_atomic

FOLDER = ".web"
FILE = "accounts.toml"
FORMAT = "redemption-tui-accounts"
#: scrypt's cost: N=2^15, r=8 (32 MiB and about a quarter of a second per hash on one core of a small host).
SCRYPT_N, SCRYPT_R, SCRYPT_P, SCRYPT_LEN = 2**15, 8, 1, 32
SCRYPT_MAXMEM = 64 * 1024 * 1024
MIN_PASSWORD, MAX_PASSWORD = 10, 256  # characters; the upper bound keeps one sign-in's work bounded
LINK_SECONDS = 7 * 24 * 3600.0  # a sign-in link is good for a week, and once
MAX_ACCOUNTS_FILE = 4 * 1024 * 1024


class AccountError(SaveError):
    """One line for the host or the player: what is wrong and what to do."""


@dataclass(frozen=True)
class Account:
    name: str
    password: str = ""  # "scrypt$N$r$p$salt$hash" (hex), or "" until the player has chosen one
    link: str = ""  # SHA-256 (hex) of the one-time sign-in token, or ""
    link_expires: float = 0.0
    sessions_after: float = 0.0  # sessions signed in before this moment (epoch seconds) are void
    same_player: bool = False  # the host said so: the same player as an SSH key or a local player of this name
    created: float = 0.0

    def session_valid(self, signed_in: float) -> bool:
        return signed_in >= self.sessions_after


def accounts_path(base: str | os.PathLike[str]) -> Path:
    return Path(base) / FOLDER / FILE


def _lock(base: Path) -> Any:
    from filelock import FileLock

    folder = base / FOLDER
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    return FileLock(folder / ".accounts.lock", timeout=10)


# --------------------------------------------------------------------------- hashing


def hash_password(password: str, salt: bytes | None = None) -> str:
    salt = salt if salt is not None else os.urandom(16)
    digest = hashlib.scrypt(
        password.encode("utf-8"),
        salt=salt,
        n=SCRYPT_N,
        r=SCRYPT_R,
        p=SCRYPT_P,
        dklen=SCRYPT_LEN,
        maxmem=SCRYPT_MAXMEM,
    )
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${salt.hex()}${digest.hex()}"


def check_password(stored: str, password: str) -> bool:
    """Whether ``password`` is the one ``stored`` was made from (in time independent of where they differ).
    A missing or unreadable hash is checked against a throwaway one, so that the time taken never tells an
    account without a password from one with."""
    parts = stored.split("$")
    try:
        if len(parts) != 6 or parts[0] != "scrypt":
            raise ValueError(stored)
        n, r, p = int(parts[1]), int(parts[2]), int(parts[3])
        salt, want = bytes.fromhex(parts[4]), bytes.fromhex(parts[5])
        if not (2 <= n <= 2**20 and 1 <= r <= 32 and 1 <= p <= 4 and len(want) >= 16):
            raise ValueError(stored)
    except ValueError:
        hash_password(password, b"\0" * 16)
        return False
    got = hashlib.scrypt(
        password[: MAX_PASSWORD + 1].encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=len(want), maxmem=SCRYPT_MAXMEM
    )
    return hmac.compare_digest(got, want)


def check_new_password(password: str, name: str) -> str:
    """A password a player may choose; AccountError says why not."""
    if len(password) < MIN_PASSWORD:
        raise AccountError(f"a password has at least {MIN_PASSWORD} characters")
    if len(password) > MAX_PASSWORD:
        raise AccountError(f"a password has at most {MAX_PASSWORD} characters")
    if password.casefold() == name.casefold():
        raise AccountError("a password must not be the player's name")
    return password


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


# --------------------------------------------------------------------------- the file


def _read(base: Path) -> dict[str, Account]:
    path = accounts_path(base)
    if not path.exists():
        return {}
    text = read_text(path)
    if len(text) > MAX_ACCOUNTS_FILE:
        raise AccountError(f"{path}: far larger than any accounts file")
    doc = parse_toml(text, lambda why: AccountError(f"{path}: {why}"), what="accounts file")
    if doc.get("format") != FORMAT:
        raise AccountError(f"{path}: not an accounts file (format is not {FORMAT!r})")
    found: dict[str, Account] = {}
    table = doc.get("accounts", {})
    if not isinstance(table, dict):
        raise AccountError(f"{path}: 'accounts' is not a table")
    for name, a in table.items():
        try:
            validate_name(name, what="player name")
            if not isinstance(a, dict):
                raise TypeError("not a table")
            found[name] = Account(
                name=name,
                password=str(a.get("password", "")),
                link=str(a.get("link", "")),
                link_expires=float(a.get("link_expires", 0.0)),
                sessions_after=float(a.get("sessions_after", 0.0)),
                same_player=bool(a.get("same_player", False)),
                created=float(a.get("created", 0.0)),
            )
        except (SaveError, TypeError, ValueError) as e:
            raise AccountError(f"{path}: account {name!r}: {e}") from None
    return found


def _write(base: Path, accounts: dict[str, Account]) -> None:
    doc: dict[str, Any] = {"format": FORMAT, "accounts": {}}
    for name, a in sorted(accounts.items()):
        entry: dict[str, Any] = {"created": a.created, "sessions_after": a.sessions_after}
        if a.password:
            entry["password"] = a.password
        if a.link:
            entry["link"] = a.link
            entry["link_expires"] = a.link_expires
        if a.same_player:
            entry["same_player"] = True
        doc["accounts"][name] = entry
    path = accounts_path(base)
    write_atomic(path, tomli_w.dumps(doc).encode("utf-8"), what="the accounts file")  # mkstemp: mode 600
    os.chmod(path, 0o600)


def load_all(base: str | os.PathLike[str]) -> dict[str, Account]:
    """Every account by name (AccountError if the file cannot be read)."""
    return _read(Path(base))


def get(base: str | os.PathLike[str], name: str) -> Account | None:
    return _read(Path(base)).get(name)


def _new_link(now: float) -> tuple[str, str, float]:
    token = secrets.token_urlsafe(32)
    return token, _token_hash(token), now + LINK_SECONDS


def add(
    base: str | os.PathLike[str],
    name: str,
    *,
    same_player: bool = False,
    password: str | None = None,
) -> str:
    """Add the account ``name``; returns its one-time sign-in token ('' when an initial ``password`` is given).

    Refused when the name is an account already (in any letter case: two players must not look alike), and
    when it is a player of this host already (their folder exists) unless ``same_player``."""
    base = Path(base)
    validate_name(name, what="player name")
    if password is not None:
        check_new_password(password, name)
    with _lock(base):
        accounts = _read(base)
        clash = [n for n in accounts if n.casefold() == name.casefold()]
        if clash:
            raise AccountError(f"there is an account {clash[0]!r} already")
        if (base / name).exists() and not same_player:
            raise AccountError(
                f"{name!r} is a player of this host already (their saves are in {base / name}, e.g. an SSH "
                "player's): add --same-player if this web account is that same person, or pick another name"
            )
        now = time.time()
        token, link, expires = _new_link(now) if password is None else ("", "", 0.0)
        accounts[name] = Account(
            name=name,
            password=hash_password(password) if password is not None else "",
            link=link,
            link_expires=expires,
            sessions_after=now,
            same_player=same_player,
            created=now,
        )
        _write(base, accounts)
    return token


def remove(base: str | os.PathLike[str], name: str) -> None:
    """Remove the account (its sessions end; the player's saves stay where they are)."""
    base = Path(base)
    with _lock(base):
        accounts = _read(base)
        if name not in accounts:
            raise AccountError(f"no account named {name!r}")
        del accounts[name]
        _write(base, accounts)


def reset(base: str | os.PathLike[str], name: str) -> str:
    """Forget the password, end every session, and return a new one-time sign-in token."""
    base = Path(base)
    with _lock(base):
        accounts = _read(base)
        a = accounts.get(name)
        if a is None:
            raise AccountError(f"no account named {name!r}")
        now = time.time()
        token, link, expires = _new_link(now)
        accounts[name] = Account(
            name=name,
            link=link,
            link_expires=expires,
            sessions_after=now,
            same_player=a.same_player,
            created=a.created,
        )
        _write(base, accounts)
    return token


def link_owner(base: str | os.PathLike[str], token: str, now: float | None = None) -> str | None:
    """The account whose unused, unexpired sign-in link ``token`` is, or None."""
    if not token or len(token) > 128:
        return None
    want = _token_hash(token)
    now = time.time() if now is None else now
    for a in _read(Path(base)).values():
        if a.link and hmac.compare_digest(a.link, want) and now <= a.link_expires:
            return a.name
    return None


def use_link(base: str | os.PathLike[str], token: str, password: str) -> str:
    """Spend a one-time sign-in link: the account's password becomes ``password`` and its earlier sessions end.
    Returns the account's name; AccountError if the link is unknown, used or expired, or the password unfit."""
    base = Path(base)
    with _lock(base):
        name = link_owner(base, token)
        if name is None:
            raise AccountError("this sign-in link is not valid (used already, expired, or mistyped): ask the host")
        check_new_password(password, name)
        accounts = _read(base)
        a = accounts[name]
        accounts[name] = Account(
            name=name,
            password=hash_password(password),
            sessions_after=time.time(),
            same_player=a.same_player,
            created=a.created,
        )
        _write(base, accounts)
    return name


def verify(base: str | os.PathLike[str], name: str, password: str) -> bool:
    """Whether ``name`` and ``password`` sign in. The same work is done for an unknown name or an account
    without a password, so the time taken does not tell which names are accounts."""
    try:
        a = _read(Path(base)).get(name) if len(name) <= 64 else None
    except AccountError:
        a = None
    ok = check_password(a.password if a is not None else "", password)
    return ok and a is not None
