"""The engines write neutral text ("Player 1 draws 3 card(s)"); the app shows the players' names.

``personal(text, names)`` puts each seat's name in place of "Player N". A seat named "You"
(the person at the keyboard against the computer) reads as "you"/"your", with the verb
that follows made to agree ("You draw", "you have initiative").
"""

from __future__ import annotations

import re

from tui import keys

_PLAYER = re.compile(r"\bPlayer ([1-9])('s)?(?=\W|$)")
#: Third-person verbs the engines put after a player, and the form that goes with "you".
_YOU_VERB = {
    "draws": "draw",
    "puts": "put",
    "makes": "make",
    "ends": "end",
    "blocks": "block",
    "does": "do",
    "plays": "play",
    "passes": "pass",
    "cuts": "cut",
    "chooses": "choose",
    "discards": "discard",
    "activates": "activate",
    "sets": "set",
    "returns": "return",
    "places": "place",
    "takes": "take",
    "is": "are",
    "has": "have",
    "holds": "hold",
    "wins": "win",
    "rescues": "rescue",
    "goes": "go",
    "reveals": "reveal",
    "loses": "lose",
    "lost": "lost",
    "was": "were",
    "skips": "skip",
    "resurrects": "resurrect",
    "answers": "answer",
    "must": "must",
    "may": "may",
    "drew": "drew",
    "won": "won",
    "did": "did",
    "passed": "passed",
    "sends": "send",
    "keeps": "keep",
    "gets": "get",
    "needs": "need",
    "cannot": "cannot",
    "gives": "give",
    "resigns": "resign",
    "resigned": "resigned",
    "began": "began",
    "bands": "band",
}
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
            segment = re.sub(
                r"\band (loses|has|chooses|is|plays)\b(?! replaced)", lambda m: "and " + _YOU_VERB[m.group(1)], segment
            )
        return segment

    for m in _PLAYER.finditer(text):
        seat = int(m.group(1)) - 1
        name = names[seat] if 0 <= seat < len(names) else m.group(0)
        out.append(between(text[pos : m.start()]))
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
    """ "Computer wins", "You win"."""
    return "You win" if name == "You" else f"{name} wins"


#: The play controls (tui.keys) that do what the engine's notation names (the coach and the lessons are written in
#: notation); any other action is Enter on its card. Said as the player's keys (tui.keys.label).
_KEY_FOR = {"end": "next", "next": "next", "done": "next", "pass": "pass", "noblock": "pass"}
_QUOTED = re.compile(
    r"(\(|: |^|(?<=\. ))?'(end|next|done|pass|noblock|cut N|cut|rescue|challenge|block|play|enhance)"
    r"((?: [a-z_]+)?)'(\))?"
)


def key_for(action: str) -> str:
    """The key that makes an action: n, Space, or Enter (on the card it names)."""
    verb = str(action).split()[0] if str(action).strip() else ""
    return keys.label(_KEY_FOR.get(verb, "play"))


def in_keys(text: str) -> str:
    """Coach and lesson text with the notation it quotes ('end', 'rescue gideon', 'cut N') said as keys."""
    if "'" not in text:
        return text

    def sub(m: re.Match) -> str:
        before, verb, arg, close = m.group(1) or "", m.group(2), m.group(3).strip(), m.group(4) or ""
        enter = keys.label("play")
        if verb in _KEY_FOR:
            key = keys.label(_KEY_FOR[verb])
            said = f"press {key}" if before in ("(", ": ") else f"{key}"
        elif verb == "cut":
            said = f"press {enter}, then r"
        elif verb == "cut N":
            said = f"press {enter}, then type the number"
        else:
            card = arg.replace("_", " ").title()
            said = f"pick {card} and press {enter}" if card else f"press {enter} on the card"
        if before == "(" and close:
            return f"({said})"
        return before + said + close

    return _QUOTED.sub(sub, text)
