"""Run every benchmark at modest sizes: ``python -m tests.bench [NAME ...]``.

Each script runs in its own interpreter (so one's memory or imports do not
colour another's figures) and can also be run alone with larger sizes, e.g.
``python -m tests.bench.strength --games 2000 --hard-games 200``.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from tests.bench.common import parser

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent

# (script, arguments for a modest run)
SCRIPTS: list[tuple[str, list[str]]] = [
    ("engine_speed", ["--seconds", "2"]),
    ("engine_costs", []),
    ("saves_speed", ["--repeat", "10"]),
    ("first_frame", []),
    ("startup", []),
    ("keystrokes", []),
    ("table_latency", ["--moves", "20", "--tables", "200"]),
    ("table_store", ["--moves", "20", "--tables", "1000", "--seconds", "2"]),
    ("ai_time", ["--games", "2", "--hard-decisions", "5"]),
    ("memory", ["--time-limit", "0.2"]),
    ("review", []),
    ("activity", ["--games", "200"]),
    ("strength", ["--games", "200", "--hard-games", "20", "--iterations", "150"]),
    ("ssh_scale", ["--logins", "5", "--sessions", "5"]),
    ("web_latency", ["--signins", "3", "--moves", "8"]),
]


def main(argv: list[str] | None = None) -> int:
    ap = parser("__main__", __doc__)
    ap.prog = "python -m tests.bench"
    ap.add_argument("only", nargs="*", metavar="NAME", help="run only these scripts (default all)")
    only = ap.parse_args(argv).only
    names = [name for name, _ in SCRIPTS]
    if unknown := [name for name in only if name not in names]:
        ap.error(f"no such benchmark: {', '.join(unknown)} (the benchmarks: {', '.join(names)})")
    failed = []
    for name, args in SCRIPTS:
        if only and name not in only:
            continue
        if not (HERE / f"{name}.py").exists():
            print(f"# {name}: no such script yet")
            continue
        t = time.perf_counter()
        rc = subprocess.run([sys.executable, "-m", f"tests.bench.{name}", *args], cwd=ROOT).returncode
        print(f"# ({name} took {time.perf_counter() - t:.0f} s{'' if rc == 0 else f', exit status {rc}'})", flush=True)
        if rc:
            failed.append(name)
    if failed:
        print(f"# failed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
