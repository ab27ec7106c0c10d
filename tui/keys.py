"""The play controls: one set of key bindings for games and lessons, the help's key table, and the player's keymap.

Every binding has an ``id``. A key that does one thing in a game does the same thing in a lesson, because both
screens take their bindings from :data:`PLAY` by name. Bindings that share a key on one screen and take turns
(``n`` ends the phase, and once the game or lesson is over goes on to the next one) share an id too, so a
keymap moves them together: Textual's keymap replaces a key's bindings as a whole.

A player remaps keys in ``keys.toml`` beside their saves (:mod:`saves.keymap`): binding id = key(s). The ids a
player may remap are the help's last column (:func:`key_rows`).
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from textual.binding import Binding
from textual.keys import Keys

from tui.compat import textual_key

PICK = Binding.Group("Pick a card", compact=True)

#: The play controls by name; a screen lists the names it uses (``bindings(...)``). The tooltip is the help's text.
PLAY: dict[str, Binding] = {}


def _b(
    name: str,
    key: str,
    action: str,
    description: str = "",
    tooltip: str = "",
    *,
    id: str | None = None,
    show: bool = True,
    key_display: str | None = None,
    group: Binding.Group | None = None,
) -> None:
    PLAY[name] = Binding(
        key,
        action,
        description,
        show=show,
        key_display=key_display,
        tooltip=tooltip,
        id=id or name.replace("_", "-"),
        group=group,
    )


_b("play", "enter", "play", "Play", "play the picked card, or confirm")
_b("play_why", "enter", "play_why", show=False, id="play")  # Enter while Play is dimmed: says why (whose move)
_b("pass", "space", "pass", "Pass", "pass, where passing is legal")
_b("end_phase", "n", "end_phase", "End phase", "end the current phase, where that is legal", id="next")
_b(
    "mute",
    "m",
    "mute",
    "Mute",
    "the game's mute action, where it has one: the help of a game that has one says what it does",
)
_b("new_game", "n", "new_game", "New game", "once the game is over: a new game", id="next")
_b("next_lesson", "n", "next_lesson", "Next lesson", "once a lesson is done: the next lesson", id="next")
_b(
    "undo",
    "u",
    "undo",
    "Undo",
    "undo your last action (against the computer at the easy level, never past a "
    "card revealed, drawn or answered); otherwise it says why not",
)
_b("undo_why", "u", "undo_why", show=False, id="undo")  # when Undo is not in the Footer, u still says why not
_b("save", "s", "save", "Save", "save now (every accepted action is saved anyway)")
_b("help", "question_mark,f1", "help", "Help", "this help: the keys, then the rules", key_display="?")
_b(
    "prompt",
    "colon",
    "prompt",
    "Type",
    "type an action in the game's notation (see Typing an action below)",
    show=False,
)
_b("talk", "t", "talk", "Talk", "a shared table: a message to the other player", show=False)
_b("leave", "q", "leave", "Leave", "leave (a game is saved first)")
_b("cancel", "escape", "cancel", "", "close the typing line; in a lesson with none open: leave", show=False)
_b(
    "rematch",
    "r",
    "rematch",
    "Rematch",
    "once the game is over: a rematch, same options, each player one seat to the left (where the players choose "
    "who starts: the same seats and the other one starts)",
)
_b("review", "v", "review", "Review", "once the game is over: step through it (see Review)")
_b("rule", "r", "rule", "Rule", "the rules reference at the rule the coach cites")
_b(
    "coach",
    "g",
    "toggle_coach",
    "Coach",
    "show or hide the coach pane (what this phase is for, every legal move in words, why)",
    show=False,
)
_b("hint", "H", "hint", "Hint", "hint: the move the computer would make, and why", key_display="H", show=False)
_b("log", "L", "log_width", "Log", "the log: full width, narrow, hidden", key_display="L", show=False)
_b(
    "next_pane",
    "tab",
    "app.focus_next",
    "Next pane",
    "move between panes, also onto the opponent's table to read their cards",
    show=False,
)
_b("previous_pane", "shift+tab", "app.focus_previous", "Previous pane", "the pane before", show=False)
for _d in range(1, 11):
    _b(
        f"pick_{_d}",
        str(_d % 10),
        f"pick({_d})",
        f"Card {_d}",
        "pick a card in your hand (0: the tenth; the arrows reach the rest)",
        id=f"pick-{_d}",
        show=False,
        group=PICK,
    )
del _d

#: The keys to move the cursor in a card pane (tui.widgets.CardList), and to quit the app (tui.app).
CURSOR = [
    Binding(
        "up,k,left,h", "move(-1)", "Prev", show=False, id="cursor-back", tooltip="move the cursor back over the cards"
    ),
    Binding(
        "down,j,right,l", "move(1)", "Next", show=False, id="cursor-on", tooltip="move the cursor on over the cards"
    ),
]
#: The app's own keys (tui.app): Textual takes a binding to ``command_palette`` in place of its own.
APP = [
    Binding(
        "ctrl+q", "quit", "Quit", show=False, priority=True, id="quit", tooltip="quit the app (a game is saved first)"
    ),
    Binding(
        "ctrl+p",
        "command_palette",
        "palette",
        show=False,
        priority=True,
        id="commands",
        tooltip="command palette: every action legal now, and the app's commands",
    ),
]


def bindings(*names: str) -> list[Binding]:
    """The named play controls, for a screen's ``BINDINGS``."""
    return [PLAY[n] for n in names]


def shown(*names: str) -> list[Binding]:
    """The named play controls, shown in the Footer (the same keys and ids)."""
    return [dataclasses.replace(PLAY[n], show=True) for n in names]


def picks(last: int = 10) -> list[Binding]:
    return [PLAY[f"pick_{d}"] for d in range(1, last + 1)]


# --- the keys in force (the player's keymap over the defaults): what texts on screen name ----------
_DEFAULT_KEYS = {b.id: b.key for b in [*PLAY.values(), *CURSOR, *APP] if b.id}
_IN_FORCE: dict[str, str] = {}  # the app's checked keymap (one app per process: SSH sessions are processes)


def use(keymap: Mapping[str, str]) -> None:
    """The keymap the texts on screen follow (tui.app sets it when it loads the player's keys)."""
    _IN_FORCE.clear()
    _IN_FORCE.update(keymap)


def label(control: str) -> str:
    """The key that does a play control now, as a player reads it ("n", "Space", "Enter"; a remapped one follows
    the player's keys), for texts that name keys: the coach, the prompts, the game-over line."""
    return key_name((_IN_FORCE.get(control) or _DEFAULT_KEYS[control]).split(",")[0])


# --- how keys read ------------------------------------------------------------------------------
_NAMES = {
    "enter": "Enter",
    "space": "Space",
    "escape": "Esc",
    "tab": "Tab",
    "question_mark": "?",
    "colon": ":",
    "up": "Up",
    "down": "Down",
    "left": "Left",
    "right": "Right",
    "slash": "/",
    "home": "Home",
    "end": "End",
    "pageup": "PgUp",
    "pagedown": "PgDn",
    "delete": "Del",
    "backspace": "Backspace",
}
_MODIFIERS = ("ctrl", "shift", "alt", "meta", "super", "hyper")


def key_name(key: str) -> str:
    """One key as a player reads it: "Enter", "?", "F1", "Ctrl+P", "Shift+Tab", "n"."""
    *mods, last = key.strip().split("+") if key.strip() != "+" else ["+"]
    if last in _NAMES:
        name = _NAMES[last]
    elif len(last) == 1:
        name = last
    elif last[:1] == "f" and last[1:].isdigit():
        name = last.upper()
    else:
        try:
            name = unicodedata.lookup(last.replace("_", " ").upper())
        except KeyError:
            name = last.replace("_", " ").capitalize()
    return "+".join([*(m.capitalize() for m in mods), name.upper() if mods and len(name) == 1 else name])


def keys_name(keys: str) -> str:
    """A binding's keys as a player reads them: "? or F1", "Up, k, Left, h"."""
    names = [key_name(k) for k in keys.split(",")]
    return " or ".join(names) if len(names) == 2 else ", ".join(names)


def check_key(key: str) -> str:
    """The key in Textual's spelling ("?" becomes "question_mark"), or ValueError saying what is wrong with it."""
    key = key.strip()
    if len(key) == 1:
        if not key.isprintable() or key == ",":
            raise ValueError(f"{key!r} is not a key")
        return textual_key(key)
    *mods, last = key.split("+")
    bad = [m for m in mods if m.lower() not in _MODIFIERS]
    if bad or not last:
        raise ValueError(f"{key!r} is not a key (modifiers are {', '.join(_MODIFIERS)})")
    known = {k.value for k in Keys}
    if len(last) != 1 and last.lower() not in known and last.lower() not in _NAMES:
        try:
            unicodedata.lookup(last.replace("_", " ").upper())
        except KeyError:
            raise ValueError(f"{key!r} is not a key Textual knows (e.g. n, N, f2, ctrl+e, space, enter)") from None
    return "+".join([*(m.lower() for m in mods), textual_key(last) if len(last) == 1 else last.lower()])


# --- the player's keymap -----------------------------------------------------------------------
def known_ids(screens: Iterable[Iterable[Binding]]) -> set[str]:
    return {b.id for bs in screens for b in bs if b.id}


def check_keymap(keymap: Mapping[str, str], screens: Mapping[str, Iterable[Binding]]) -> dict[str, str]:
    """A player's keymap made ready for ``App.set_keymap``, or ValueError with what is wrong: an id no binding has,
    a key Textual cannot name, or two controls of one screen on the same key. ``screens``: name -> its bindings."""
    ids = known_ids(screens.values())
    out: dict[str, str] = {}
    for bid, keys in keymap.items():
        if bid not in ids:
            raise ValueError(f"no control is called {bid!r} (the help lists each key's name)")
        try:
            out[bid] = ",".join(check_key(k) for k in keys.split(","))
        except ValueError as e:
            raise ValueError(f"{bid}: {e}") from None
    for screen, bs in screens.items():
        holder: dict[str, str] = {}
        for b in bs:
            if not b.id:
                continue
            for k in out.get(b.id, b.key).split(","):
                k = k.strip()
                if holder.setdefault(k, b.id) != b.id:
                    raise ValueError(f"{key_name(k)} would be both {holder[k]!r} and {b.id!r} on the {screen} screen")
    return out


# --- the help's key table -------------------------------------------------------------------------
def key_rows(
    bindings: Iterable[Binding], keymap: Mapping[str, str] | None = None, texts: Mapping[str, str] | None = None
) -> list[tuple[str, str, str]]:
    """(keys, what they do, the name to remap them by) for each control, in the order given, the keymap applied.
    Bindings that share an id make one row (their texts joined); a group (the digits) makes one row. ``texts``:
    what a binding's action does in the game at hand (``ControlsPart.explain``), said instead of its tooltip."""
    keymap = keymap or {}
    said = texts or {}
    rows: dict[str, list[Any]] = {}
    for b in bindings:
        if not b.id:
            continue
        keys = keymap.get(b.id, b.key)
        if b.group is not None:
            row = rows.setdefault("group:" + b.group.description, [[], [], []])
            row[0].append(key_name(keys))
            row[2].append(b.id)
            if b.tooltip and b.tooltip not in row[1]:
                row[1].append(b.tooltip)
            continue
        row = rows.setdefault(b.id, [[keys_name(keys)], [], [b.id]])
        tip = said.get(b.action) or b.tooltip
        if tip and tip not in row[1]:
            row[1].append(tip)
    out = []
    for row in rows.values():
        keys_, tips, ids = row
        if not tips:
            continue
        if len(ids) > 1:  # a group: "1-9, 0" and "pick-1 ... pick-10"
            shown = _run(keys_)
            out.append((shown, tips[0], f"{ids[0]} ... {ids[-1]}"))
        else:
            out.append((keys_[0], "; ".join(tips), ids[0]))
    return out


def _run(keys: list[str]) -> str:
    """["1", "2", ... "9", "0"] as "1-9, 0"; anything else listed."""
    if keys == [str(d % 10) for d in range(1, len(keys) + 1)] and len(keys) >= 9:
        return "1-9, 0" if len(keys) == 10 else "1-9"
    return ", ".join(keys)


def key_table(
    bindings: Iterable[Binding], keymap: Mapping[str, str] | None = None, texts: Mapping[str, str] | None = None
) -> str:
    """The help's key table, as Markdown (``texts`` as for :func:`key_rows`)."""
    lines = ["| Key | What it does (`its name` in keys.toml) |", "|---|---|"]
    for keys, text, name in key_rows(bindings, keymap, texts):
        keys = keys.replace("|", "\\|")
        lines.append(f"| {keys} | {text} (`{name}`) |")
    return "\n".join(lines)
