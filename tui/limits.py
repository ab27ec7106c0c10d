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
    """At most ``per_minute`` events per key (an address group) in any 60 seconds."""

    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self.seen: dict[str, collections.deque[float]] = {}

    def allow(self, addr: str) -> bool:
        now = time.monotonic()
        if len(self.seen) > 4096:  # forget addresses quiet for a minute, so many addresses cannot grow this
            for a in [a for a, q in self.seen.items() if not q or now - q[-1] > 60.0]:
                del self.seen[a]
        q = self.seen.setdefault(addr, collections.deque())
        while q and now - q[0] > 60.0:
            q.popleft()
        if len(q) >= self.per_minute:
            return False
        q.append(now)
        return True
