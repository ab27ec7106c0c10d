"""Limits any front end that serves players over a network applies (the SSH server, the web server).

Front-end-neutral and free of Textual, asyncssh and any web library, so that every front end counts
addresses and rates the same way.
"""

from __future__ import annotations

import collections
import ipaddress
import time


def address_group(addr: str) -> str:
    """What the per-address limits count an address as: an IPv4 address itself (also when it comes as an
    IPv4-mapped IPv6 address), and an IPv6 address by its /64, the block one host or one customer
    usually gets whole (so a host cannot step around the limits by using more of its own addresses)."""
    try:
        ip = ipaddress.ip_address(addr.split("%", 1)[0])  # without an IPv6 zone (fe80::1%eth0)
    except ValueError:
        return addr
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class RateLimiter:
    """At most ``limit`` events per key (an address group, an account) in any ``seconds`` (a sliding window): new
    connections per minute, failed sign-ins per quarter hour."""

    def __init__(self, limit: int, seconds: float = 60.0) -> None:
        self.limit, self.seconds = limit, seconds
        self.seen: dict[str, collections.deque[float]] = {}

    def _events(self, key: str, now: float) -> collections.deque[float]:
        if len(self.seen) > 4096:  # forget quiet keys, so that many addresses cannot grow this
            for k in [k for k, q in self.seen.items() if not q or now - q[-1] > self.seconds]:
                del self.seen[k]
        q = self.seen.setdefault(key, collections.deque())
        while q and now - q[0] > self.seconds:
            q.popleft()
        return q

    def wait(self, key: str) -> float:
        """Seconds until ``key`` may have the next event (0: now)."""
        now = time.monotonic()
        q = self._events(key, now)
        return 0.0 if len(q) < self.limit else max(1.0, self.seconds - (now - q[0]))

    def add(self, key: str) -> None:
        now = time.monotonic()
        self._events(key, now).append(now)

    def allow(self, key: str) -> bool:
        """Count one event for ``key`` if it is within the limit (True), or refuse it (False)."""
        if self.wait(key):
            return False
        self.add(key)
        return True

    def clear(self, key: str) -> None:
        self.seen.pop(key, None)
