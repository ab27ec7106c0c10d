"""Shared test settings."""

import os

import pytest
from hypothesis import settings

# CI runs the same examples every time, so a red run can be reproduced; locally Hypothesis explores.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


def pytest_xdist_auto_num_workers(config):
    """`-n auto`: one worker more than the cores. A fifth of the suite's time is tests waiting on real processes
    (SSH servers and clients, browsers), and the extra worker fills a core while they wait: on 2 cores, 2 workers
    took 187 s (291 s CPU), 3 took 150 s (259 s CPU)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return cores + 1


def pytest_configure(config):
    """Textual's Pilot waits for an idle app after every key and pause in 5 ms windows instead of 20 ms: the same
    test, a third less of the Pilot tests' time (tui.compat's pilot-idle-window patch, with its version check)."""
    from tui import compat

    for changed in compat.quicken_pilot_idle():
        config.issue_config_time_warning(pytest.PytestConfigWarning(changed), stacklevel=2)
    # Every app a test starts finds its stylesheets parsed, as each SSH session's app does (tui.compat's
    # shared-parses, the fork server's): parsing is a third of an app's work to its first frame, and the
    # parses are Textual's own, keyed by the CSS and its variables (tests/test_forkserver.py checks both).
    compat.share_stylesheet_parses()
    # Under PYTHONDONTWRITEBYTECODE each worker rewrites a share of the test modules' asserts for all of them
    # (tests/shared_rewrites.py): the rewriting was 9-10 s of each worker's 13 s of collection.
    from tests import shared_rewrites

    shared_rewrites.rewrite_share(config)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node):
    """pytest-xdist's controller, for each worker it starts: the run's folder of rewritten test modules."""
    from tests import shared_rewrites

    shared_rewrites.folder_for_workers(node.workerinput)


def pytest_unconfigure(config):
    if not hasattr(config, "workerinput"):
        from tests import shared_rewrites

        shared_rewrites.remove_folder()


@pytest.fixture(autouse=True, scope="session")
def _no_full_collection_per_app():
    """The app collects and freezes the heap once its first frame is drawn (RedemptionApp.settle_memory): in a
    test process that heap is the whole suite's, 80-300 ms a collection, twice per Pilot test. Tests leave it
    out (tests/test_tui_speed.py checks the real one, REAL_SETTLE_MEMORY); what the run holds at its start (the
    modules, the collected tests) is frozen once instead, as the app does, so the collector's own passes skip it."""
    import gc

    from tui.app import RedemptionApp

    REAL_SETTLE_MEMORY.append(RedemptionApp.settle_memory)
    RedemptionApp.settle_memory = staticmethod(lambda: None)  # type: ignore[method-assign]
    gc.collect()
    gc.freeze()
    yield
    RedemptionApp.settle_memory = staticmethod(REAL_SETTLE_MEMORY[0])  # type: ignore[method-assign]


REAL_SETTLE_MEMORY: list = []


#: A test that made this many of the collector's young-generation passes (each after ~700 new container objects
#: kept) is followed by its own collection and freeze; a smaller one leaves its objects to the next.
BIG_TEST_PASSES = 10
_passes_at_freeze = [0]


def _young_passes() -> int:
    import gc

    return gc.get_stats()[0]["collections"]


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item, nextitem):
    """After a test that made many objects (a Pilot test's app, a game played out), and after a module's last
    test, what is left (its fixtures torn down) is collected once and the rest frozen, as the run's start is:
    the collector's automatic full passes in the next test then walk only what that test makes, not everything
    the tests before it kept (caches, cards, Textual's tables). Once per module only, the full passes inside a
    Pilot test walked all that its module's earlier tests kept: 3.3 of 14 s CPU over tests/test_tui_app.py,
    1.3 s once per test. Small tests are left out: the next pass finds their few objects cheaply, and a freeze
    keeps for good what is alive at that moment (a frozen object that later dies in a cycle is never collected).
    The collection before each freeze still finds a test's garbage cycles, and any error in their __del__."""
    if (
        nextitem is None
        or nextitem.module is not item.module
        or _young_passes() - _passes_at_freeze[0] >= BIG_TEST_PASSES
    ):
        import gc

        gc.collect()
        gc.freeze()
        _passes_at_freeze[0] = _young_passes()


@pytest.fixture(autouse=True, scope="session")
def _no_wait_for_the_disk():
    """os.fsync only checks its descriptor: every save and table write (saves.store.write_atomic) flushes the
    file and its folder to the disk, 5-15 ms each here, and a Pilot test saves after every move. What the flush
    guards against, a power cut, no test makes; a write that fails at the flush is tested by replacing os.fsync
    (tests/test_hostile_saves.py, test_saves.py, test_tui_signals.py), as before."""
    real = os.fsync

    def fsync(fd: int) -> None:
        os.fstat(fd)  # a closed or wrong descriptor still raises, as the real call would

    os.fsync = fsync
    yield
    os.fsync = real


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A save folder for an app started with ``save_dir=folder``, in colour, with no player name from outside."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("REDEMPTION_PLAYER", raising=False)
    return tmp_path / "saves"


@pytest.fixture
def save_dir(tmp_path, monkeypatch):
    """A save folder the program finds by itself (``REDEMPTION_SAVE_DIR``), with no player name from outside."""
    d = tmp_path / "saves"
    monkeypatch.setenv("REDEMPTION_SAVE_DIR", str(d))
    monkeypatch.delenv("REDEMPTION_PLAYER", raising=False)
    return d


@pytest.fixture(scope="session")
def postgres_url():
    """A private PostgreSQL server for the whole run (tests/pg.py), or the test skips with the reason."""
    from tests.pg import PrivatePostgres, missing

    why = missing()
    if why:
        pytest.skip(f"no PostgreSQL here: {why}")
    server = PrivatePostgres().start()
    try:
        yield server.url
    finally:
        server.stop()


#: The modules with the longest single tests (7-32 s each on a loaded 2-core machine: real browsers, OpenSSH
#: and sshd, a whole screen set walked by Pilot, the longest property tests), run first. pytest-xdist's worksteal
#: gives each worker a contiguous half of the collection and a worker that runs out takes tests from the end of
#: the other's queue: a long test left near either end could run alone at the end while the other worker waits.
#: Slowest first (durations of a full run, 2 workers, load 6-8).
RUN_FIRST = (
    "test_web_tables.py",
    "test_web_browser.py",
    "test_ssh_app.py",
    "test_ssh_tables.py",
    "test_ssh_hosts.py",
    "test_tui_multi.py",
    "test_tui_app.py",
    "test_tui_fit.py",
    "test_redemption_stateful.py",
    "test_ssh_openssh.py",
    "test_ssh_attacks.py",
    "test_web_proxy.py",
    "test_review.py",
    "test_learn_tui.py",
    "test_tui_ascii.py",
    "test_decks_tui.py",
    "test_tui_signals.py",
    "test_resurrection_props.py",
    "test_review_app.py",
)


def pytest_collection_modifyitems(session, config, items):
    rank = {name: i for i, name in enumerate(RUN_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(RUN_FIRST)))  # stable: the rest keep their order
