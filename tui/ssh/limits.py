"""Bounds on what one SSH client can make the server hold (README, "Limits").

The per-address counting and the rate limit are every front end's (tui/limits.py); what is here is the
SSH server's own: connections before and after login, the terminal, the channel, the environment.
"""

from __future__ import annotations

DEFAULT_PENDING_PER_ADDRESS = 10  # connections not yet logged in, from one address
MAX_UNAUTH = 64  # connections not yet logged in, in all
MAX_CONNECTIONS_PER_PLAYER = 3  # logged-in connections of one player (a session, a take-over prompt, one more)
MAX_COLS, MAX_ROWS = 500, 200  # the largest terminal an app is given
#: Bytes of keystrokes queued for an app before the client is made to wait: asyncio's high-water mark for a
#: pipe it writes to, which asyncssh's relay follows (tests/test_ssh.py checks they are one number).
MAX_INPUT_QUEUE = 64 * 1024
CHANNEL_WINDOW = 256 * 1024  # SSH receive window of a session: what a client may send ahead of the app
MAX_ENV_REQUESTS = 32  # environment variables a client may send (only CLIENT_ENV_ALLOWED are kept)
REFUSE_WAIT = 1.0  # seconds a connection refused before its login waits for the client's first packet
MAX_REFUSING = 64  # refused connections waiting so at once; beyond, closed at once without a word
SHUTDOWN_FLUSH = 3.0  # seconds the server waits for clients to take their last words before closing


def clamp_size(cols: int, rows: int) -> tuple[int, int]:
    """A terminal size an app can be given: at least 1x1, at most MAX_COLS x MAX_ROWS."""
    return max(1, min(int(cols), MAX_COLS)), max(1, min(int(rows), MAX_ROWS))
