"""The server's log: one line per connection and per event, in UTC; nothing a client sends reaches it raw."""

from __future__ import annotations

import logging
import re
import shlex
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

log = logging.getLogger("redemption.serve")


def now() -> str:
    """The time now, as the log and the take-over prompt show it (UTC, to the second)."""
    return datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def escape(text: str, limit: int = 200) -> str:
    """Text from a client or a file, safe in one log line: every character that is not printable
    (controls, line and paragraph separators, format characters) as a backslash escape; cut at ``limit``."""
    if len(text) > limit:
        text = text[:limit] + "..."
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


def field_value(text: str, limit: int = 64) -> str:
    """A client-supplied value as one ``key=value`` log field: escaped, and quoted if it has spaces or quotes."""
    text = escape(text, limit)
    return text if text and re.fullmatch(r"[A-Za-z0-9._+:/@,=-]+", text) else shlex.quote(text)


class LogFormatter(logging.Formatter):
    """``2026-11-29T12:06:45Z message``, in UTC, and never more than one line."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(message)s", "%Y-%m-%dT%H:%M:%SZ")
        self.converter = time.gmtime

    def format(self, record: logging.LogRecord) -> str:
        return escape(super().format(record), 8000)


def log_handler(log_file: Path | None) -> logging.Handler:
    """Where the log goes: ``log_file`` (appended to), else standard error. Raises OSError."""
    handler: logging.Handler = (
        logging.FileHandler(log_file, encoding="utf-8") if log_file else logging.StreamHandler(sys.stderr)
    )
    handler.setFormatter(LogFormatter())
    return handler
