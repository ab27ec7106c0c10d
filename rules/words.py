"""Words addressed to a reader: how the engines write a sentence that names seats (events, reasons, views).

An engine writes such a sentence once, as a template in which every seat is a field, and :func:`say` renders it
for whoever reads it: neutrally ("Player 1 draws 3 cards." in a log file, a test, a watcher's screen), with the
players' names ("Ann draws ..."), or to the reader in the second person ("You draw ...") when the reader's seat is
given. The app never takes the words apart: it asks for them with its names (what it needs to know, it reads from
the fields).

A field is ``{pN}`` or ``{pN:form}`` for seat N (0-based):

* ``{p0}``: the seat as a noun: "Player 1", "Ann", or "you" for the reader; ``{p0:^}`` at the start of a sentence
  ("You").
* ``{p0:'s}``: the possessive: "Player 1's", "Ann's", "your"; ``{p0:^'s}``: "Your".
* ``{p0:their}``: "their", or "your" for the reader.
* ``{p0:draws/draw}``: a verb (or any word) that agrees with the seat: the first form for a third person, the
  second for the reader ("has/have", "is/are", "passes/pass").

One more field names no seat: ``{do:end}`` (:func:`do`) is an action in the engine's notation that the words tell the
reader to take ("{do:end} to skip"). It is said as the quoted notation ("'end' to skip") unless the reader's program
says it its own way: the app gives ``say`` a ``notation`` function and says it as the player's keys ("press n to
skip"), so it never looks for notation in the words.

Anything else in the template is left as it is (card names and ability texts may hold any character).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

_FIELD = re.compile(r"\{(?:p(\d)(?::([^{}]*))?|do:([^{}]+))\}")


def do(action: str) -> str:
    """The field for an action in notation the words tell the reader to take (``{do:end}``, ``{do:cut N}``)."""
    return "{do:" + action + "}"


def quoted(action: str) -> str:
    """An action field's words where nobody says it otherwise: the notation, quoted ('end')."""
    return f"'{action}'"


def who(p: int | None, start: bool = False) -> str:
    """The field for seat ``p`` as a noun (``{p0}``; ``start``: at the start of a sentence, ``{p0:^}``); None:
    nobody."""
    if p is None:
        return "Nobody" if start else "nobody"
    return f"{{p{p}:^}}" if start else f"{{p{p}}}"


def whose(p: int, start: bool = False) -> str:
    """The field for seat ``p``'s possessive (``{p0:'s}``: "Player 1's", "your")."""
    return f"{{p{p}:^'s}}" if start else f"{{p{p}:'s}}"


def their(p: int | None) -> str:
    """The field for "their" meaning seat ``p`` (``{p0:their}``: "their", "your")."""
    return "their" if p is None else f"{{p{p}:their}}"


def verb(p: int | None, third: str, second: str) -> str:
    """The field for a word that agrees with seat ``p`` (``{p0:draws/draw}``; None: the third person)."""
    return third if p is None else f"{{p{p}:{third}/{second}}}"


def plural(n: int, noun: str, nouns: str | None = None) -> str:
    """``n`` and the noun that agrees with it: "1 card", "2 cards", "0 Lost Souls" (``nouns``: a plural that is
    not the noun and "s")."""
    return f"{n} {noun if n == 1 else nouns or noun + 's'}"


def possessive(name: str) -> str:
    """A name's possessive: "Ann's", "Shut Mouths of Lions'" (a name that ends in s takes the apostrophe alone), and
    "your" for a seat named "You" ("You's" is no word; a sentence that starts with it capitalises it)."""
    if name == "You":
        return "your"
    return name + ("'" if name.endswith("s") else "'s")


_YOUR = re.compile(r"\b([Yy])our( opponent)?\b")


def played_by(text: str, p: int) -> str:
    """A card's words, written to the one who plays it ("... to your Land of Redemption"), as a template for seat
    ``p`` playing it: "... to Computer's Land of Redemption" for the others, "your" still for ``p`` themselves."""

    def owner(m: re.Match[str]) -> str:
        start = m.group(1) == "Y"
        if m.group(2):  # their opponent is not the reader's opponent
            return f"{{p{p}:^their}} opponent" if start else f"{their(p)} opponent"
        return whose(p, start)

    return _YOUR.sub(owner, text)


def say(
    template: str,
    names: Sequence[str] | None = None,
    you: int | None = None,
    notation: Callable[[str], str] = quoted,
) -> str:
    """The template's words for one reader: ``names`` (one per seat; "Player N" when none or missing), ``you``
    the reader's seat (second person), or None (third person for every seat); ``notation`` says an action field
    (:func:`do`; :func:`do` itself keeps it a field, for a program that says it later)."""
    if "{p" not in template and "{do:" not in template:
        return template

    def field(m: re.Match[str]) -> str:
        if m.group(3) is not None:
            return notation(m.group(3))
        p, form = int(m.group(1)), m.group(2) or ""
        name = names[p] if names is not None and 0 <= p < len(names) else f"Player {p + 1}"
        me = p == you or name == "You"  # a seat named "You" is said as one: "You draw", "your deck"
        start = form.startswith("^")
        form = form.removeprefix("^")
        if "/" in form:
            third, second = form.split("/", 1)
            return second if me else third
        if form == "their":
            word = "your" if me else "their"
            return word.capitalize() if start else word
        if me:
            word = "your" if form == "'s" else "you"
            return word.capitalize() if start else word
        return possessive(name) if form == "'s" else name

    return _FIELD.sub(field, template)


def actions(text: str, notation: Callable[[str], str] = quoted) -> str:
    """``text`` with only its action fields (:func:`do`) said, by ``notation``: words already said for a reader (a
    player's name in them may hold anything) keep every other character."""
    if "{do:" not in text:
        return text
    return _FIELD.sub(lambda m: m.group(0) if m.group(3) is None else notation(m.group(3)), text)


#: The inside of each field met so far ("0", "0:^", "0:draws/draw") -> its words in the third person (a field's
#: words do not depend on the rest of a template)
_NEUTRAL: dict[str, str] = {}


def neutral(template: str) -> str:
    """``say(template)``: every seat in the third person as "Player N" (the words of the log, a watcher and the
    tests). Every event an engine makes goes through this, so each field's words are looked up, not worked out
    again; anything that is not a plain field is left to ``say``."""
    if "{do:" in template:
        return say(template)
    if "{p" not in template:
        return template
    parts = template.split("{p")
    out = [parts[0]]
    for part in parts[1:]:
        end = part.find("}")
        inside = part[:end]
        word = _NEUTRAL.get(inside) if end >= 0 else None
        if word is None:
            if end < 0 or not _FIELD.fullmatch("{p" + inside + "}"):
                return say(template)  # a "{p" that is not a field: the regular expression reads the whole
            word = say("{p" + inside + "}")
            if len(_NEUTRAL) < 10_000:
                _NEUTRAL[inside] = word
        out.append(word)
        out.append(part[end + 1 :])
    return "".join(out)


__all__ = [
    "actions",
    "do",
    "neutral",
    "played_by",
    "plural",
    "possessive",
    "quoted",
    "say",
    "their",
    "verb",
    "who",
    "whose",
]
