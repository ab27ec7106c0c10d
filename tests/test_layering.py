"""The import contracts in pyproject.toml ([tool.importlinter]): tui -> saves -> rules, engines free of UI."""

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _lint(*extra: str) -> subprocess.CompletedProcess:
    code = "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"
    return subprocess.run([sys.executable, "-c", code, *extra], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_every_import_contract_is_kept():
    r = _lint("--no-cache")
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    assert f"{len(contracts)} kept, 0 broken" in r.stdout
