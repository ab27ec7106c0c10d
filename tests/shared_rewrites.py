"""pytest's assertion rewriting done once per run instead of once per xdist worker, when no bytecode is written.

Every worker imports every test module to collect it, and pytest rewrites each module's asserts as it imports it:
4,800 asserts, 9-10 s of a worker's 13 s of collection on the 2-core machine. pytest keeps the rewritten modules in
``__pycache__`` for the next run, except under ``PYTHONDONTWRITEBYTECODE`` (as on CI, and in a fresh clone the
workers start together and all rewrite anyway): then each of the three workers rewrote all of them, every run.

Here the controller makes one temporary folder for the run (removed at its end; nothing is written beside the
sources), each worker rewrites a share of the test modules into it before it collects, and every worker reads the
others' from it as it imports: the same rewriting, by pytest's own functions, of the same files (pytest checks each
file's size and time against its source before it uses it). A module whose share is not done yet when a worker
reaches it is rewritten by that worker, as without this. The parts of pytest used are private (pytest is held to
8.x by pyproject.toml); on a pytest without them nothing is shared and each worker rewrites everything itself.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

KEY = "shared_rewrites"  # the workers' input naming the run's folder
TESTS = Path(__file__).parent

_folder: list[str] = []


def folder_for_workers(workerinput: dict[str, Any]) -> None:
    """In the controller, for each worker it starts: the run's folder, made on the first call."""
    if not sys.dont_write_bytecode:
        return  # pytest keeps its rewritten modules in __pycache__, for every later run too
    if not _folder:
        _folder.append(tempfile.mkdtemp(prefix="pytest-rewrites-"))
    workerinput[KEY] = _folder[0]


def remove_folder() -> None:
    """In the controller, at the end of the run."""
    while _folder:
        shutil.rmtree(_folder.pop(), ignore_errors=True)


def modules_to_collect(config: Any) -> list[Path]:
    """The test modules under tests/ that this run's arguments name (a folder: every test module in it)."""
    patterns = config.getini("python_files")
    found: set[Path] = set()
    for arg in config.args:
        path = (Path(config.invocation_params.dir) / str(arg).split("::")[0]).resolve()
        candidates = path.rglob("*.py") if path.is_dir() else [path]
        for p in candidates:
            if p.suffix == ".py" and p.is_relative_to(TESTS) and any(fnmatch(p.name, pat) for pat in patterns):
                found.add(p)
    return sorted(found)


def rewrite_share(config: Any) -> int:
    """In a worker, before it collects: read the rewritten test modules from the run's folder, and write this
    worker's share of them there. Returns how many modules this worker rewrote."""
    workerinput = getattr(config, "workerinput", None)
    if not workerinput or KEY not in workerinput or not sys.dont_write_bytecode:
        return 0
    try:
        from _pytest.assertion import rewrite

        original = rewrite.get_cache_dir
        rewrite_test, write_pyc, tail = rewrite._rewrite_test, rewrite._write_pyc, rewrite.PYC_TAIL
        state = config.stash[rewrite.assertstate_key]
    except (ImportError, AttributeError, KeyError):
        return 0
    shared = Path(workerinput[KEY])

    def get_cache_dir(file_path: Path) -> Path:
        if file_path.parent == TESTS:
            return shared
        return original(file_path)

    rewrite.get_cache_dir = get_cache_dir
    count = int(workerinput.get("workercount", 1))
    index = int(str(workerinput.get("workerid", "gw0"))[2:] or 0) % count
    done = 0
    for module in modules_to_collect(config)[index::count]:
        if module.parent != TESTS:
            continue
        try:
            stat, code = rewrite_test(module, config)
        except (OSError, SyntaxError):
            continue  # the import reports it, as it would without this
        write_pyc(state, code, stat, shared / (module.name[:-3] + tail))
        done += 1
    return done
