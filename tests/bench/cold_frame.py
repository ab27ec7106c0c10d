"""The first frame from a fresh interpreter: what a player waits for after typing ``redemption resume NAME``.

Each run starts ``python -m tests.bench.cold_frame KIND [ARG]`` (the modules' compiled files written once and read
after), which imports what it needs, opens its app headless at 80x24 and ends the process as the first frame of its
screen is handed to the terminal. The parent takes each child's CPU time (user + system: less moved by a busy machine
than wall time) and its wall time, runs interleaved, medians reported. Kinds: ``bare`` (the bare Textual app of
``tests.bench.bare_screen``: Textual's imports and start), ``new`` (a new Resurrection game), ``resume PATH`` (the
saved game at PATH, read as ``redemption resume`` reads it). Run alone with ``python -m tests.bench.first_frame``.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def child(kind: str, arg: str = "") -> None:
    """In the child: open the app of ``kind`` and end the process at its first frame."""

    def at_first_frame(cls: type) -> type:
        class Shown(cls):  # type: ignore[misc, valid-type]
            def _display(self, screen, renderable) -> None:  # type: ignore[no-untyped-def]
                super()._display(screen, renderable)
                if renderable is not None and isinstance(screen, self.target):
                    os._exit(0)

        return Shown

    if kind == "bare":
        from tests.bench.bare_screen import SIZE, BareApp

        at_first_frame(BareApp)().run(headless=True, size=SIZE)
        os._exit(1)
    import tui.app
    from tui.app import RedemptionApp, Settings
    from tui.screens.game import GameScreen
    from tui.session import Session

    class App(RedemptionApp):
        target = GameScreen
        CSS_PATH = str(Path(tui.app.__file__).with_name(RedemptionApp.CSS_PATH))

    if kind == "new":
        import saves

        folder = Path(arg)
        start = Session.new("resurrection", seed=1, path=saves.save_path("cold", folder))
    else:
        folder = Path(arg).parent
        start = Session.load(Path(arg))
    at_first_frame(App)(Settings(save_dir=folder, pause=30.0, signals=False), start=start).run(
        headless=True, size=(80, 24)
    )
    os._exit(1)


#: A player's Python writes compiled files (and the card data's parsed tables) once and reads them after; a
#: PYTHONDONTWRITEBYTECODE of the shell running the bench would have every child compile every module again.
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(args: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one child, from its start to its first frame."""
    cpu, start = children_cpu(), time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "tests.bench.cold_frame", *args],
        cwd=ROOT,
        env=CHILD_ENV,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=True,
    )
    return time.perf_counter() - start, children_cpu() - cpu


def report(runs: int, folder: Path, saved: list[tuple[str, Path]]) -> None:
    """Time each kind ``runs`` times, interleaved: ``saved``, the resumed games as (label, path)."""
    kinds = {"bare": ["bare"], "a new Resurrection game": ["new", str(folder)]}
    kinds |= {label: ["resume", str(path)] for label, path in saved}
    for args in kinds.values():
        run(args)  # compiled files written, caches warm
    times: dict[str, list[tuple[float, float]]] = {k: [] for k in kinds}
    for _ in range(runs):
        for k, args in kinds.items():
            times[k].append(run(args))
    med = {k: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v)) for k, v in times.items()}
    bw, bc = med.pop("bare")
    print(f"bare Textual app: {bw * 1000:.0f} ms (CPU {bc * 1000:.0f} ms)", flush=True)
    for k, (w, c) in med.items():
        print(f"{k}: {w * 1000:.0f} ms (CPU {c * 1000:.0f} ms) | ratio {w / bw:.2f} (CPU {c / bc:.2f})", flush=True)


def main(argv: list[str] | None = None) -> None:
    from tests.bench.common import parser

    ap = parser(__file__, __doc__)
    ap.add_argument("kind", choices=("bare", "new", "resume"), help="the app opened")
    ap.add_argument("arg", nargs="?", default="", help="new: the save folder; resume: the saved game")
    a = ap.parse_args(argv)
    child(a.kind, a.arg)


if __name__ == "__main__":
    if sys.argv[1:2] in (["bare"], ["new"], ["resume"]):  # a measured child imports nothing more (not argparse)
        child(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "")
    else:
        main()
