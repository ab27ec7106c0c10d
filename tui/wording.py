"""The engines write neutral text ("Player 1 draws 3 card(s)"); the app shows the players' names.

``personal(text, names)`` puts each seat's name in place of "Player N". A seat named "You"
(the person at the keyboard against the computer) reads as "you"/"your", with the verb
that follows made to agree ("You draw", "you have initiative").
"""

from __future__ import annotations

import re

_PLAYER = re.compile(r"\bPlayer ([12])('s)?(?=\W|$)")
#: Third-person verbs the engines put after a player, and the form that goes with "you".
_YOU_VERB = {"draws": "draw", "puts": "put", "makes": "make", "ends": "end", "blocks": "block", "does": "do",
             "plays": "play", "passes": "pass", "cuts": "cut", "chooses": "choose", "discards": "discard",
             "activates": "activate", "sets": "set", "returns": "return", "places": "place", "takes": "take",
             "is": "are", "has": "have", "holds": "hold", "wins": "win", "rescues": "rescue", "goes": "go",
             "reveals": "reveal", "loses": "lose", "lost": "lost", "was": "were", "skips": "skip",
             "resurrects": "resurrect", "answers": "answer", "must": "must", "may": "may", "drew": "drew",
             "won": "won", "did": "did", "passed": "passed", "sends": "send", "keeps": "keep",
             "gets": "get", "needs": "need", "cannot": "cannot"}
_AFTER = re.compile(r"((?: \([^)]*\))?) (\w+)")  # an optional "(Aggressor)" then the verb


def personal(text: str, names: list[str] | tuple[str, ...]) -> str:
    if "Player " not in text or all(n == f"Player {i + 1}" for i, n in enumerate(names)):
        return text
    out: list[str] = []
    pos = 0
    last_you = False  # was the player mentioned last "You"? Then "their" in what follows means "your"

    def between(segment: str) -> str:
        if last_you:
            segment = re.sub(r"\btheir\b", "your", segment)
            segment = re.sub(r"\band (loses|has|chooses|is|plays)\b(?! replaced)",
                             lambda m: "and " + _YOU_VERB[m.group(1)], segment)
        return segment

    for m in _PLAYER.finditer(text):
        seat = int(m.group(1)) - 1
        name = names[seat] if 0 <= seat < len(names) else m.group(0)
        out.append(between(text[pos:m.start()]))
        before = "".join(out).rstrip()
        start = not before or before.endswith((".", "!", "?")) or re.fullmatch(r"Turn \d+:", before) is not None
        last_you = name == "You"
        pos = m.end()
        if last_you:
            if m.group(2):
                out.append("Your" if start else "your")
                continue
            out.append("You" if start else "you")
            after = _AFTER.match(text, pos)
            if after and after.group(2) in _YOU_VERB:
                out.append(after.group(1) + " " + _YOU_VERB[after.group(2)])
                pos = after.end()
            continue
        out.append(name + ("'s" if m.group(2) else ""))
    out.append(between(text[pos:]))
    return "".join(out)


__all__ = ["personal"]


def wins(name: str) -> str:
    """"Computer wins", "You win"."""
    return "You win" if name == "You" else f"{name} wins"
