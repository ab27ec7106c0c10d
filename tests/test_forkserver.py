"""The fork server's warm-up (tui/forkserver.py): what it shares with every session must be exactly what
the session would have made for itself. The fork server itself is tested with real SSH logins in
tests/test_ssh_app.py (twenty concurrent sessions, every app a fork)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from textual.css.stylesheet import Stylesheet

from tests.test_ssh_support import REPO
from tui import compat

CSS = "Static { color: $accent; background: $panel; }\nLabel { width: 10; }"


def parsed(variables: dict[str, str]) -> Stylesheet:
    sheet = Stylesheet(variables=variables)
    sheet.add_source(CSS, ("test.tcss", ""))
    sheet.parse()
    return sheet


def test_shared_stylesheet_parses_are_textuals_own_and_follow_the_css_variables():
    red, blue = {"accent": "#ff0000", "panel": "#101010"}, {"accent": "#0000ff", "panel": "#101010"}
    before = Stylesheet._parse_rules  # the test process shares its parses already (tests/conftest.py)
    unshared = getattr(before, "unshared", before)
    Stylesheet._parse_rules = unshared  # type: ignore[method-assign]
    kept = dict(compat.SHARED_PARSES)
    compat.SHARED_PARSES.clear()
    try:
        own_red, own_blue = parsed(red), parsed(blue)
        compat.share_stylesheet_parses()
        compat.share_stylesheet_parses()  # once is enough; a second call changes nothing
        assert Stylesheet._parse_rules.unshared is unshared
        first, second, other = parsed(red), parsed(red), parsed(blue)
        assert second.rules[0] is first.rules[0]  # parsed once, for every stylesheet of the process
        assert first.css == own_red.css and other.css == own_blue.css  # what Textual itself parses
        assert other.rules[0] is not first.rules[0]  # other variables (another theme): parsed anew
        assert first.css != other.css
    finally:
        Stylesheet._parse_rules = before  # type: ignore[method-assign]
        compat.SHARED_PARSES.clear()
        compat.SHARED_PARSES.update(kept)


def test_warm_imports_the_screens_parses_the_styles_and_leaves_no_thread():
    code = textwrap.dedent("""
        import sys, threading
        from tui import compat
        from tui import forkserver
        forkserver.warm()
        import tui.cli
        assert {"tui.app", "tui.screens.game", "tui.screens.help", "tui.learn.screens"} <= set(sys.modules)
        assert any(key[1][0].endswith("app.tcss") for key in compat.SHARED_PARSES)
        assert tui.cli.build_parser() is tui.cli.build_parser()
        assert tui.cli.build_parser().parse_args(["new", "resurrection"]).game == "resurrection"
        assert threading.active_count() == 1  # safe to fork: no thread holds a lock a child would inherit
        print("warm ok")
    """)
    r = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "warm ok"
