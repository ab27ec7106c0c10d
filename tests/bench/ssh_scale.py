"""`redemption serve` at scale, with the real OpenSSH client on loopback.

Measures: the time from starting ``ssh`` to the title screen, for one login alone
(the baseline) and for LOGINS logins at once (median and max; goal: median under 1 s with 20); then
holds SESSIONS concurrent sessions and reports each app's private memory (USS = Private_Clean +
Private_Dirty, and PSS, from /proc/PID/smaps_rollup; goal: under 25 MB each with 50 sessions) and the
server's own.

    python -m tests.bench.ssh_scale [--logins 20] [--sessions 50]
"""

from __future__ import annotations

import re
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from tests.bench.common import figure, machine, parser
from tests.test_ssh_support import PY, SSH, OpenSSHTerminal, Server, leftovers, stop_servers

APP = f"{PY} -m tui.cli --player {{player}} --save-dir {{data_dir}} --pause 0"


def login_times(server: Server, players: list[str]) -> list[float]:
    """Start one ``ssh`` per player at once; seconds from its start to its title screen."""
    times: dict[str, float] = {}
    terms: list[OpenSSHTerminal] = []
    start = threading.Barrier(len(players))

    def one(player: str) -> None:
        start.wait()
        t0 = time.monotonic()
        t = OpenSSHTerminal(server, server.keys[player])
        terms.append(t)
        t.expect(rf"Welcome, {player}\.", timeout=180)
        times[player] = time.monotonic() - t0

    threads = [threading.Thread(target=one, args=(p,)) for p in players]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    for t in terms:
        t.send("q")
    for t in terms:
        try:
            t.wait_exit(60)
        finally:
            t.close()
    return [times[p] for p in players]


def _forked(entry: Path) -> bool:
    """Whether /proc/PID ``entry`` is a child of the fork server (a session's app), not the fork server."""
    ppid = (entry / "stat").read_text().rsplit(")", 1)[1].split()[1]
    try:
        return b"tui.forkserver" in Path(f"/proc/{ppid}/cmdline").read_bytes()
    except OSError:
        return False


def app_memory(marker: str, server_pid: int) -> list[tuple[int, int]]:
    """(USS, PSS) in KiB of every live app process (not the server) whose command line has ``marker``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == server_pid:
            continue
        try:
            cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            if "tui.cli" not in cmd or "tui.cli serve" in cmd or marker not in cmd:
                continue
            if "tui.forkserver" in cmd and not _forked(entry):  # the fork server itself is no app
                continue
            rollup = (entry / "smaps_rollup").read_text()
        except OSError:
            continue
        kib = {k: int(v) for k, v in re.findall(r"^(\w+):\s+(\d+) kB", rollup, re.M)}
        found.append((kib.get("Private_Clean", 0) + kib.get("Private_Dirty", 0), kib.get("Pss", 0)))
    return found


def main(argv: list[str] | None = None) -> int:
    ap = parser(__file__, __doc__)
    ap.add_argument("--logins", type=int, default=20, help="logins at once (default %(default)s)")
    ap.add_argument("--sessions", type=int, default=50, help="concurrent sessions held (default %(default)s)")
    ap.add_argument("--no-fork-server", action="store_true", help="measure the server without its fork server (before)")
    a = ap.parse_args(argv)
    if SSH is None:
        print("ssh_scale: the OpenSSH client (ssh) is not installed", file=sys.stderr)
        return 2
    n = max(a.logins, a.sessions)
    print(f"# ssh_scale{' --no-fork-server' if a.no_fork_server else ''}: {machine()}")
    with tempfile.TemporaryDirectory(prefix="ssh_scale_") as tmp:
        folder = Path(tmp)
        s = Server(
            folder,
            APP,
            "--max-sessions",
            str(n + 1),
            "--rate-limit",
            str(4 * n + 10),
            "--max-pending",
            str(min(64, n + 1)),
            "--grace",
            "5",
            "--resume-args",
            "resume",
            *(["--no-fork-server"] if a.no_fork_server else []),
        )
        players = [f"p{i:02d}" for i in range(n)] + ["solo"]
        for p in players:
            s.add_player(p)
        s.start()
        try:
            solo = login_times(s, ["solo"])[0]
            together = login_times(s, players[: a.logins])
            figure(
                f"{a.logins} logins at once, start of ssh to title, median",
                statistics.median(together),
                "s",
                "one login alone",
                solo,
                goal="under 1 s",
            )
            figure(f"{a.logins} logins at once, slowest", max(together), "s")
            # hold the sessions, each on its title screen, and measure their memory
            terms = []
            try:
                for p in players[: a.sessions]:
                    t = OpenSSHTerminal(s, s.keys[p])
                    terms.append(t)
                for p, t in zip(players, terms):
                    t.expect(rf"Welcome, {p}\.", timeout=300)
                time.sleep(1.0)  # let every app settle after its first frame
                mem = app_memory(str(folder), s.proc.pid)
                uss = [m[0] / 1024 for m in mem]
                pss = [m[1] / 1024 for m in mem]
                held = len(mem)
                rollup = Path(f"/proc/{s.proc.pid}/smaps_rollup").read_text()
                server_pss = int(re.search(r"^Pss:\s+(\d+) kB", rollup, re.M).group(1)) / 1024
            finally:
                for t in terms:
                    t.send("q")
                for t in terms:
                    try:
                        t.wait_exit(60)
                    except Exception:
                        pass
                    t.close()
            figure(f"sessions held at once (of {a.sessions})", held, "sessions", goal=str(a.sessions))
            figure("private memory (USS) per session, median", statistics.median(uss), "MiB", goal="under 25 MiB")
            figure("private memory (USS) per session, max", max(uss), "MiB")
            figure("PSS per session, median", statistics.median(pss), "MiB")
            figure("the server process itself (PSS)", server_pss, "MiB")
        finally:
            stop_servers([s], folder)
            assert not leftovers(str(folder))
    return 0


if __name__ == "__main__":
    sys.exit(main())
