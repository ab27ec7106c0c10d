"""The distribution: its metadata and the top-level names it installs."""

from importlib import metadata
from pathlib import Path

import rules
import saves
import tui

OURS = "redemption-tui"


def test_the_three_top_level_packages_come_from_this_distribution_alone():
    owners = metadata.packages_distributions()
    for name in ("rules", "saves", "tui"):
        assert set(owners.get(name, [])) == {OURS}, f"{name!r} is also installed by {owners.get(name)}"


def test_the_imported_packages_are_the_ones_beside_each_other():
    homes = {Path(m.__file__).resolve().parent.parent for m in (rules, saves, tui)}
    assert len(homes) == 1


def test_metadata_names_the_license_and_the_extras():
    meta = metadata.metadata(OURS)
    assert meta["License-Expression"] == "MIT"
    assert "Topic :: Games/Entertainment :: Board Games" in meta.get_all("Classifier")
    requires = metadata.requires(OURS) or []
    # The test extra pulls in the ssh extra instead of repeating asyncssh.
    assert any(r.startswith("redemption-tui[ssh]") and 'extra == "test"' in r for r in requires)
    assert not any("pytest-asyncio" in r for r in requires)


def test_the_installed_version_is_the_one_the_program_says():
    from saves.store import app_version
    from saves.version import VERSION

    assert metadata.version(OURS) == VERSION == app_version()  # pyproject.toml reads saves.version
