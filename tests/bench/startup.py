"""Start-up of the commands that draw no screen, against a bare interpreter.

Each command runs as a player runs it (``python -m tui ...``, as the ``redemption`` script: a fresh interpreter each
time, the modules' compiled files written once and read after; ``-m tui.cli`` would compile tui/cli.py on every run,
as Python never caches the main module, and PYTHONDONTWRITEBYTECODE would compile every module), interleaved with
the baseline, ``python -c pass`` (the interpreter's own start). Reports the median CPU time (user + system) of each
child, which the other work on a shared machine moves less than wall time, and the ratio; also whether the command
imported Textual (it must not: a listing or an export draws no screen). Goal: ``--version`` within 5x the bare
interpreter (importing Textual alone costs about 8x).

    python -m tests.bench.startup [--runs N]
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.bench.common import figure, machine, parser

ROOT = Path(__file__).resolve().parent.parent.parent
COMMANDS = [["--version"], ["--help"], ["saves"], ["decks", "list"], ["decks", "show", "G"]]


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(argv: list[str], env: dict[str, str]) -> float:
    """The CPU seconds the command took, from start to exit."""
    before = children_cpu()
    subprocess.run(argv, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return children_cpu() - before


def main(argv: list[str] | None = None) -> int:
    ap = parser(__file__, __doc__)
    ap.add_argument("--runs", type=int, default=15, help="runs of each command (and of the baseline)")
    a = ap.parse_args(argv)
    print(machine())
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "REDEMPTION_SAVE_DIR": tmp, "PYTHONPATH": str(ROOT)}
        env.pop("REDEMPTION_PLAYER", None)
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed program has its compiled files
        bare = [sys.executable, "-c", "pass"]
        screen = [sys.executable, "-c", "import textual.app"]
        base, times = [], []
        for _ in range(a.runs):
            base.append(run(bare, env))
            times.append(run(screen, env))
        figure(
            "import textual.app (what a screen costs)",
            statistics.median(times) * 1000,
            "ms CPU",
            "python -c pass",
            statistics.median(base) * 1000,
        )
        for cmd in COMMANDS:
            argv = [sys.executable, "-m", "tui", *cmd]
            run(argv, env)  # writes the compiled files a player's installation has
            base, times = [], []
            for _ in range(a.runs):
                base.append(run(bare, env))
                times.append(run(argv, env))
            probe = "import runpy, sys; sys.argv = ['redemption', *sys.argv[1:]]\n"
            probe += "try:\n    runpy.run_module('tui.cli', run_name='__main__')\nexcept SystemExit:\n    pass\n"
            probe += "print('textual' in sys.modules, file=sys.__stderr__)"
            r = subprocess.run(
                [sys.executable, "-c", probe, *cmd], env=env, cwd=ROOT, capture_output=True, text=True, check=True
            )
            textual = r.stderr.strip().splitlines()[-1] == "True"
            figure(
                f"redemption {' '.join(cmd)}{' (imports Textual!)' if textual else ''}",
                statistics.median(times) * 1000,
                "ms CPU",
                "python -c pass",
                statistics.median(base) * 1000,
                goal="<= 5x" if cmd == ["--version"] else "",
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
