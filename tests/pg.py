"""A private PostgreSQL server for the tests and the benchmark: initdb in a temporary folder, a Unix socket there
(no TCP port at all), stopped and removed at the end. Nothing of the machine's own PostgreSQL is used or touched.

initdb refuses to run as root: as root the server runs as the ``postgres`` user (Debian's package makes it) by
``runuser``, in a folder handed to that user. :func:`missing` says why a server cannot be had here, before
anything is started, so a test can skip with the reason."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

USER = "postgres"  # the database's superuser name, and the system user the server runs as under root


def bindir() -> Path | None:
    """Where initdb and pg_ctl are: $PG_BIN, the newest /usr/lib/postgresql/N/bin, or the PATH."""
    if os.environ.get("PG_BIN"):
        return Path(os.environ["PG_BIN"])
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    if found:
        return Path(found[-1]).parent
    which = shutil.which("initdb")
    return Path(which).parent if which else None


def _runs_as() -> list[str] | None:
    """The command prefix that runs the server's programs: none for a normal user, runuser to postgres for root."""
    if os.geteuid() != 0:
        return []
    try:
        import pwd

        pwd.getpwnam(USER)
    except KeyError:
        return None
    runuser = shutil.which("runuser") or shutil.which("su")
    if runuser is None:
        return None
    return [runuser, "-u", USER, "--"] if runuser.endswith("runuser") else None


def missing() -> str:
    """Why no private server can be started here ("" if one can)."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg 3 is not installed (pip install -e '.[postgres]')"
    d = bindir()
    if d is None or not (d / "initdb").exists() or not (d / "pg_ctl").exists():
        return "the PostgreSQL server programs (initdb, pg_ctl) are not installed"
    if _runs_as() is None:
        return "running as root, and there is no 'postgres' user to run the server as (initdb refuses root)"
    return ""


class PrivatePostgres:
    """``start()`` then ``url``; ``stop()`` at the end (it also removes the folder)."""

    def __init__(self, fsync: bool = False) -> None:
        self.fsync = fsync
        self.folder = Path(tempfile.mkdtemp(prefix="redemption-pg-"))
        self.data = self.folder / "data"
        self.log = self.folder / "server.log"
        self.started = False

    @property
    def url(self) -> str:
        return f"postgresql:///{USER}?host={self.folder}&user={USER}"

    def _run(self, *argv: str, timeout: float = 60) -> None:
        prefix = _runs_as() or []
        d = bindir()
        assert d is not None
        subprocess.run(
            [*prefix, str(d / argv[0]), *argv[1:]],
            check=True,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            timeout=timeout,
        )

    def start(self) -> PrivatePostgres:
        if os.geteuid() == 0:
            shutil.chown(self.folder, USER)
        self._run("initdb", "-D", str(self.data), "-U", USER, "--auth=trust", "-E", "UTF8", "--no-sync")
        opts = (
            f"-k {self.folder} -c listen_addresses='' -c fsync={'on' if self.fsync else 'off'} -c max_connections=200"
        )
        self._run("pg_ctl", "-D", str(self.data), "-o", opts, "-l", str(self.log), "-w", "-t", "30", "start")
        self.started = True
        return self

    def stop(self) -> None:
        if self.started:
            try:
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop", timeout=30)
            except (subprocess.SubprocessError, OSError):
                pass
            self.started = False
        shutil.rmtree(self.folder, ignore_errors=True)

    def wait_gone(self, timeout: float = 10.0) -> None:
        deadline = time.monotonic() + timeout
        while (self.folder / ".s.PGSQL.5432").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
