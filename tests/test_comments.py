"""Comments and docstrings in rules/, saves/ and tui/ say why the code is as it is, not its history: no issue
numbers, no "as before", no "used to" (the commit log keeps the history)."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKAGES = ("rules", "saves", "tui")

HISTORY = re.compile(
    r"\bissues? #?\d+"  # "issue #26", "issue 12"
    r"|(?<![\w&])#\d{2,}\b"  # "#6605" (a colour such as #56B4E9 is a string, and has letters after its digits)
    r"|\bas before\b"
    r"|(?<!\bis )(?<!\bare )(?<!\bbe )(?<!\bbeen )(?<!\bwas )(?<!\bwere )\bused to\b"  # "it used to", not "is used to"
    r"|\b(?:last|previous) session\b",
    re.IGNORECASE,
)


def words(source: str) -> list[tuple[int, str]]:
    """(line, text) of every comment and docstring in ``source``."""
    found = [
        (tok.start[0], tok.string)
        for tok in tokenize.generate_tokens(io.StringIO(source).readline)
        if tok.type == tokenize.COMMENT
    ]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                found.append((node.body[0].lineno, " ".join(doc.split())))
    return found


def history(source: str) -> list[tuple[int, str]]:
    return [(line, m.group(0)) for line, text in words(source) for m in HISTORY.finditer(text)]


def test_comments_and_docstrings_tell_no_history():
    found = [
        f"{path.relative_to(REPO)}:{line}: {what!r}"
        for package in PACKAGES
        for path in sorted((REPO / package).rglob("*.py"))
        for line, what in history(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_the_check_finds_history_and_lets_the_why_be():
    source = (
        '"""Fixed in issue #26, as before."""\n'
        "x = 1  # this used to crash (#6605)\n"
        "COLOUR = '#56B4E9'  # the colour #56B4E9 is used to mark the good side\n"
        "def f():\n"
        '    """Kept as in the last session."""\n'
    )
    assert history(source) == [
        (2, "used to"),
        (2, "#6605"),
        (1, "issue #26"),
        (1, "as before"),
        (5, "last session"),
    ]


def test_stylesheet_comments_tell_no_history():
    comment = re.compile(r"/\*(.*?)\*/", re.DOTALL)
    found = [
        f"{path.relative_to(REPO)}: {m.group(0)!r}"
        for package in PACKAGES
        for path in sorted((REPO / package).rglob("*.tcss"))
        for c in comment.finditer(path.read_text(encoding="utf-8"))
        for m in HISTORY.finditer(" ".join(c.group(1).split()))
    ]
    assert found == []
