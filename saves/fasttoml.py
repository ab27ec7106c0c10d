"""A quick reader for the TOML that tomli_w writes, or None: then tomllib reads the text.

A resumed game's first frame waits on its save, and tomllib spends most of that time on the two hundred
``[state.cards.X]`` tables of a Redemption game. This reader takes the lines tomli_w's ``dumps`` writes: table
headers and arrays of tables with bare or quoted keys, ``key = value`` with a basic string, an integer, a float,
a boolean, an inline table on one line, or an array with one item a line (tomli_w's layout), and reads each
line with one regular expression.

It never decides alone that a text is wrong: whatever it does not know (a comment, a literal or multi-line
string, a date, a dotted key, a key or table given twice, an escape it does not read, any other layout), it
answers None, and the caller asks tomllib, whose answer (the tables, or the error) is the one that counts.
tests/test_saves_fasttoml.py checks that on every text it answers, its tables equal tomllib's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

_BARE = r"[A-Za-z0-9_-]+"
#: A basic string as TOML 1.0 allows it (no control character but tab, no lone surrogate), with the escapes
#: tomli_w writes; ``\U`` and the rest are left to tomllib.
_BASIC = r'"(?:[^"\\\x00-\x08\x0a-\x1f\x7f\ud800-\udfff]|\\["\\bfnrt]|\\u[0-9A-Fa-f]{4})*"'
_KEY = rf"(?:{_BARE}|{_BASIC})"
_NUMBER_END = r"(?![0-9A-Za-z_.:+-])"  # what would make a number a date, a float or no number at all
_INT = rf"-?(?:0|[1-9][0-9]*){_NUMBER_END}"
_FLOAT = rf"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+(?:[eE][+-]?[0-9]+)?|[eE][+-]?[0-9]+){_NUMBER_END}"
#: A scalar: group 1 a string, 2 an integer, 3 a float, 4 a word (true, false, inf, -inf, nan).
_SCALAR = rf"({_BASIC})|({_INT})|({_FLOAT})|((?:true|false|-?inf|nan){_NUMBER_END})"
_SCALAR_RE = re.compile(_SCALAR)
_HEADER = re.compile(rf"\[({_KEY}(?:\.{_KEY})*)\]")
_AOT_HEADER = re.compile(rf"\[\[({_KEY}(?:\.{_KEY})*)\]\]")
_KEY_RE = re.compile(_KEY)
#: ``key = value`` up to where the value starts; the value is read by _value. A scalar's whole line at once:
#: group 1 the key, 2-5 as in _SCALAR.
_KEYVAL = re.compile(rf"({_KEY}) = ")
_KEYVAL_SCALAR = re.compile(rf"({_KEY}) = (?:{_SCALAR})")
#: An array's item line: spaces, then a scalar and a comma (groups as in _SCALAR); anything else is read by _value.
_ITEM = re.compile(rf"[ ]*(?:{_SCALAR}),")
_ESCAPE = re.compile(r"\\(?:u([0-9A-Fa-f]{4})|(.))")
_ESCAPES = {'"': '"', "\\": "\\", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
_WORDS: dict[str, Any] = {"true": True, "false": False, "inf": float("inf"), "-inf": float("-inf"), "nan": float("nan")}
#: In an inline table (``{ a = 1, b = "x" }``): a key up to its value, and what follows a value.
_INLINE_KEY = re.compile(rf" ({_KEY}) = ")
_INLINE_NEXT = re.compile(r"(,| })")
_DEPTH = 64  # arrays and tables within one another; deeper: tomllib decides


class _Unsure(Exception):
    """What the quick reader does not know: tomllib reads the text."""


def loads(text: str) -> dict[str, Any] | None:
    """The tables of ``text`` as tomllib would give them, or None when this reader is not sure."""
    try:
        return _Reader(text).document()
    except (_Unsure, ValueError, RecursionError, StopIteration):
        return None


def _text(token: str) -> str:
    """A basic string's value, from the string with its quotes."""
    body = token[1:-1]
    if "\\" not in body:
        return body
    return _ESCAPE.sub(_unescape, body)


def _unescape(m: re.Match[str]) -> str:
    if m[1] is not None:
        code = int(m[1], 16)
        if 0xD800 <= code <= 0xDFFF:  # not a Unicode scalar value: tomllib refuses it
            raise _Unsure
        return chr(code)
    return _ESCAPES[m[2]]


def _key(token: str) -> str:
    return _text(token) if token[0] == '"' else token


def _keys(dotted: str) -> list[str]:
    """A header's keys, from ``state.cards."A 1"`` as the header wrote it."""
    if '"' not in dotted:
        return dotted.split(".")
    keys, pos = [], 0
    while True:
        m = _KEY_RE.match(dotted, pos)
        if m is None:
            raise _Unsure
        keys.append(_key(m[0]))
        pos = m.end()
        if pos == len(dotted):
            return keys
        if dotted[pos] != ".":
            raise _Unsure
        pos += 1


def _scalar(m: re.Match[str], first: int) -> Any:
    """The value of a scalar matched by _SCALAR's groups, starting at group ``first``."""
    s = m[first]
    if s is not None:
        return _text(s) if "\\" in s else s[1:-1]
    s = m[first + 1]
    if s is not None:
        return int(s)
    s = m[first + 2]
    if s is not None:
        return float(s)
    return _WORDS[m[first + 3]]


class _Reader:
    def __init__(self, text: str):
        self.lines: Iterator[str] = iter(text.split("\n"))
        self.root: dict[str, Any] = {}
        # The dicts a header made (named, or on the way to a named one): only those may a header name or pass
        # through. The lists an array-of-tables header made. The tables a header named.
        self.opened: set[int] = {id(self.root)}
        self.aot: set[int] = set()
        self.named: set[int] = set()
        self.parents: dict[str, dict[str, Any]] = {}  # a header's keys but its last, as written -> their table

    def document(self) -> dict[str, Any]:
        table = self.root
        scalar_line, keyval, header = _KEYVAL_SCALAR.fullmatch, _KEYVAL.match, _HEADER.fullmatch
        for line in self.lines:
            if not line:
                continue
            if line[0] == "[":
                m = header(line)
                if m is not None:
                    table = self.table(m[1])
                    continue
                m = _AOT_HEADER.fullmatch(line)
                if m is None:
                    raise _Unsure
                self.parents.clear()  # a path through this array now leads to its new last table
                table = self.array_table(_keys(m[1]))
                continue
            m = scalar_line(line)
            if m is None:
                m = keyval(line)
                if m is None:
                    raise _Unsure
            key = m[1]
            if key[0] == '"':
                key = _text(key)
            if key in table:
                raise _Unsure
            table[key] = _scalar(m, 2) if m.re is _KEYVAL_SCALAR else self.value(line, m.end(), 0)
        return self.root

    # --- headers ---------------------------------------------------------------------
    def table(self, dotted: str) -> dict[str, Any]:
        """The table a ``[header]`` names (``dotted``: its keys as written)."""
        prefix, _, last = dotted.rpartition(".")
        parent = self.parents.get(prefix) if '"' not in dotted else None
        if parent is None:
            keys = _keys(dotted)
            last = keys[-1]
            parent = self.walk(keys)
            if '"' not in dotted:
                self.parents[prefix] = parent
        found = parent.get(last)
        if found is None:
            found = parent[last] = {}
            self.opened.add(id(found))
        elif type(found) is not dict or id(found) not in self.opened or id(found) in self.named:
            raise _Unsure
        self.named.add(id(found))
        return found

    def array_table(self, keys: list[str]) -> dict[str, Any]:
        parent = self.walk(keys)
        tables = parent.get(keys[-1])
        if tables is None:
            tables = parent[keys[-1]] = []
            self.aot.add(id(tables))
        elif id(tables) not in self.aot:
            raise _Unsure
        new: dict[str, Any] = {}
        tables.append(new)
        self.opened.add(id(new))
        self.named.add(id(new))
        return new

    def walk(self, keys: list[str]) -> dict[str, Any]:
        """The table that holds a header's last key: through tables, or the last table of an array of tables."""
        table = self.root
        for key in keys[:-1]:
            found = table.get(key)
            if found is None:
                found = table[key] = {}
                self.opened.add(id(found))
            elif type(found) is list and id(found) in self.aot:
                found = found[-1]
            elif type(found) is not dict or id(found) not in self.opened:
                raise _Unsure
            table = found
        return table

    # --- values ----------------------------------------------------------------------
    def value(self, line: str, pos: int, depth: int) -> Any:
        """The value that starts at ``pos`` of ``line`` and ends the line (an array: the line that closes it)."""
        rest = line[pos:]
        m = _SCALAR_RE.fullmatch(rest)
        if m is not None:
            return _scalar(m, 1)
        if rest == "[":
            return self.array(depth + 1, "]")
        if rest == "[]":
            return []
        if rest[:1] == "{":
            return _Inline(rest).whole()
        raise _Unsure

    def array(self, depth: int, close: str) -> list[Any]:
        """An array's items, one a line, each with its comma, up to the line ``close`` (indented)."""
        if depth > _DEPTH:
            raise _Unsure
        items: list[Any] = []
        item = _ITEM.fullmatch
        for line in self.lines:
            m = item(line)
            if m is not None:
                items.append(_scalar(m, 1))
                continue
            body = line.lstrip(" ")
            if body == close:
                return items
            if body == "[":
                items.append(self.array(depth + 1, "],"))
            elif body == "[],":
                items.append([])
            elif body[:1] == "{" and body[-1:] == ",":
                items.append(_Inline(body[:-1]).whole())
            else:
                raise _Unsure
        raise _Unsure  # the text ended inside the array


class _Inline:
    """An inline table on one line (tomli_w writes one when it fits), read piece by piece."""

    def __init__(self, text: str):
        self.text = text
        self.pos = 0

    def whole(self) -> dict[str, Any]:
        table = self.table(0)
        if self.pos != len(self.text):
            raise _Unsure
        return table

    def table(self, depth: int) -> dict[str, Any]:
        text = self.text
        if depth > _DEPTH or not text.startswith("{", self.pos):
            raise _Unsure
        table: dict[str, Any] = {}
        if text.startswith("{}", self.pos):
            self.pos += 2
            return table
        self.pos += 1
        while True:
            m = _INLINE_KEY.match(text, self.pos)
            if m is None:
                raise _Unsure
            key = _key(m[1])
            if key in table:
                raise _Unsure
            self.pos = m.end()
            table[key] = self.item(depth)
            m = _INLINE_NEXT.match(text, self.pos)
            if m is None:
                raise _Unsure
            self.pos = m.end()
            if m[1] == " }":
                return table

    def item(self, depth: int) -> Any:
        text, pos = self.text, self.pos
        if text.startswith("{", pos):
            return self.table(depth + 1)
        if text.startswith("[]", pos):  # tomli_w writes only an empty array within one line
            self.pos += 2
            return []
        m = _SCALAR_RE.match(text, pos)
        if m is None:
            raise _Unsure
        self.pos = m.end()
        return _scalar(m, 1)


# --- writing --------------------------------------------------------------------------------------------------
#
# ``dumps`` writes what ``tomli_w.dumps`` writes, character for character (tests/test_saves_fasttoml.py compares
# the two), in half its time: a string with nothing to escape is written whole instead of a character at
# a time, and the text is built in one list instead of by nested generators. A value tomli_w would write in its
# own way (a date, a Decimal, a mapping that is not a dict) or refuse goes to tomli_w itself.

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_NEEDS_ESCAPE = re.compile(r'[\x00-\x08\x0a-\x1f\x7f"\\]')
_COMPACT = {"\b": "\\b", "\n": "\\n", "\f": "\\f", "\r": "\\r", '"': '\\"', "\\": "\\\\"}
_INDENT = "    "
_MAX_LINE = 100  # tomli_w's MAX_LINE_LENGTH: an array of tables whose inline form is longer is written as tables


class _Other(Exception):
    """A value this writer leaves to tomli_w."""


def dumps(doc: dict[str, Any]) -> str:
    """``tomli_w.dumps(doc)``, sooner."""
    import tomli_w

    try:
        out: list[str] = []
        _table(doc, "", False, out, {})
        return "".join(out)
    except (_Other, RecursionError):
        return tomli_w.dumps(doc)


def _string(s: str) -> str:
    if _NEEDS_ESCAPE.search(s) is None:
        return f'"{s}"'
    return '"' + _NEEDS_ESCAPE.sub(lambda m: _COMPACT.get(m[0]) or f"\\u{ord(m[0]):04x}", s) + '"'


def _key_part(key: object) -> str:
    if type(key) is not str:
        raise _Other
    return key if _BARE_KEY.fullmatch(key) else _string(key)


def _literal(value: object, nest: int, inline: dict[int, str]) -> str:
    kind = type(value)
    if kind is str:
        return _string(value)  # type: ignore[arg-type]
    if kind is bool:
        return "true" if value else "false"
    if kind is int or kind is float:
        return str(value)
    if kind is list or kind is tuple:
        if not value:
            return "[]"
        inner = _INDENT * (1 + nest)
        items = ",\n".join(inner + _literal(item, nest + 1, inline) for item in value)  # type: ignore[attr-defined]
        return f"[\n{items},\n{_INDENT * nest}]"
    if kind is dict:
        return _inline_table(value, inline)  # type: ignore[arg-type]
    raise _Other


def _inline_table(table: dict[str, Any], inline: dict[int, str]) -> str:
    found = inline.get(id(table))
    if found is None:
        if not table:
            found = "{}"
        else:
            found = "{ " + ", ".join(f"{_key_part(k)} = {_literal(v, 0, inline)}" for k, v in table.items()) + " }"
        inline[id(table)] = found
    return found


def _table(table: dict[str, Any], name: str, in_array: bool, out: list[str], inline: dict[int, str]) -> None:
    literals: list[tuple[str, Any]] = []
    tables: list[tuple[str, Any, bool]] = []
    for k, v in table.items():
        kind = type(v)
        if kind is dict:
            tables.append((k, v, False))
        elif (
            (kind is list or kind is tuple)
            and v
            and all(type(t) is dict for t in v)
            and not all(_fits_inline(t, inline) for t in v)
        ):
            tables.extend((k, t, True) for t in v)
        else:  # a value of any other type (a dict's subclass too) is tomli_w's: _literal raises _Other
            literals.append((k, v))
    written = False
    if in_array or name and (literals or not tables):
        written = True
        out.append(f"[[{name}]]\n" if in_array else f"[{name}]\n")
    for k, v in literals:
        written = True
        out.append(f"{_key_part(k)} = {_literal(v, 0, inline)}\n")
    for k, v, aot in tables:
        if written:
            out.append("\n")
        else:
            written = True
        part = _key_part(k)
        _table(v, f"{name}.{part}" if name else part, aot, out, inline)


def _fits_inline(table: dict[str, Any], inline: dict[int, str]) -> bool:
    text = _inline_table(table, inline)
    return len(text) + len(_INDENT) + 1 <= _MAX_LINE and "\n" not in text
