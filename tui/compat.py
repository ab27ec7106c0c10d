"""Every private part of Textual and Rich the app relies on, in one list, each with the patch that needs it.

Textual is pinned to one version (``textual==`` in pyproject.toml) because these parts are not its public API: a
release may rename or reshape any of them without notice. Each :class:`Private` names the module that uses it,
what it does with it and why, and the shape it expects (a callable's parameter names). :func:`problems` checks
them all against the Textual that is installed; on any other version than the one they were written for, the app
logs each broken one by its patch's name when it starts (:func:`warn_if_changed`), and ``tests/test_compat.py``
fails with a canary per patch, so an upgrade starts from a list instead of a surprise.
"""

from __future__ import annotations

import importlib
import inspect
import logging
from dataclasses import dataclass

TESTED = "8.2.8"  # the Textual every entry below was checked against

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Private:
    user: str  # the module whose patch touches it
    target: str  # "package.module:Attribute.attribute"
    why: str
    params: tuple[str, ...] | None = None  # a callable's parameter names, as the patch calls or replaces it


PRIVATES: tuple[Private, ...] = (
    Private(
        "tui.typeahead",
        "textual.driver:Driver.send_message",
        "overridden (reading the driver's _app): the keys on their way to the app are bounded, the rest dropped",
        ("self", "message"),
    ),
    Private(
        "tui.textfix",
        "textual.widgets:Input._on_key",
        "replaced: a text field applies its bound keys in the order typed (upstream: Textual pull request 6631)",
        ("self", "event"),
    ),
    Private(
        "tui.textfix",
        "textual.widgets:Input._bindings",
        "read: the field's own bindings, run as each key arrives (also tui.screens.decks for its dialog)",
    ),
    Private(
        "tui.asciifix",
        "textual._styles_cache:get_box",
        "replaced under --ascii: every border drawn with the ascii type's characters",
        ("name", "inner_style", "outer_style", "style"),
    ),
    Private(
        "tui.asciifix",
        "textual._context:active_app",
        "read: the running app, whose --ascii setting the patched functions follow",
    ),
    Private(
        "tui.asciifix",
        "textual.content:Content._trim_spans",
        'called: the spans of a text cut to end in "..." instead of the ellipsis character',
        ("text", "spans"),
    ),
    Private(
        "tui.asciifix",
        "textual.renderables.bar:Bar.__rich_console__",
        "replaced under --ascii: a progress bar in # and -",
        ("self", "console", "options"),
    ),
    Private(
        "tui.ssh.forkserver",
        "textual.css.stylesheet:Stylesheet._parse_rules",
        "replaced in the SSH fork server: stylesheet parses shared by every session's app",
        ("self", "css", "read_from", "is_default_rules", "tie_breaker", "scope"),
    ),
    Private(
        "tui.ssh.forkserver",
        "textual.css.stylesheet:Stylesheet._variables",
        "read: the CSS variables, part of the shared parse's key",
    ),
    Private(
        "tui.footer",
        "textual.widgets._footer:FooterKey",
        "queried, its _disabled flag set: the Footer's keys dimmed or lit in place instead of a recompose",
        ("self", "key", "key_display", "description", "action", "disabled", "tooltip", "classes"),
    ),
    Private(
        "tui.app",
        "textual.app:App._display",
        "extended: callbacks that run once a frame has reached the terminal (the save after a move)",
        ("self", "screen", "renderable"),
    ),
    Private(
        "tui.keys",
        "textual.keys:_character_to_key",
        "called: a player's keymap entry in Textual's spelling of a key",
        ("character",),
    ),
    Private(
        "tui.screens.title, tui.dialogkeys",
        "textual.widget:Widget._on_key",
        "extended: keys typed behind a dialog's Enter reach the screen they were typed for",
        ("self", "event"),
    ),
)


def resolve(target: str) -> object:
    """The object ``target`` names; AttributeError or ImportError if this Textual has no such thing."""
    module, _, path = target.partition(":")
    obj: object = importlib.import_module(module)
    for name in path.split("."):
        if isinstance(obj, type) and not hasattr(obj, name):
            obj = obj()  # an attribute each instance sets: looked up on a fresh one
        obj = getattr(obj, name)
    return obj


def problem(p: Private) -> str:
    """What is wrong with ``p`` in the installed Textual, naming its patch; "" if it is as the patch expects."""
    try:
        obj = resolve(p.target)
    except Exception as e:  # noqa: BLE001 - gone, renamed or no longer importable: the patch must be revisited
        return f"{p.user}: {p.target} is gone ({type(e).__name__}: {e}); it was {p.why}"
    if p.params is not None:
        try:
            found = tuple(inspect.signature(obj).parameters)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return f"{p.user}: {p.target} is no longer a callable; it was {p.why}"
        expected = p.params[1:] if found[:1] != ("self",) and p.params[:1] == ("self",) else p.params
        if found != expected:
            return f"{p.user}: {p.target} now takes {found}, the patch expects {expected}; it was {p.why}"
    return ""


def problems() -> list[str]:
    return [text for p in PRIVATES if (text := problem(p))]


def warn_if_changed() -> list[str]:
    """On a Textual other than :data:`TESTED`, log each patch whose private part has changed (and return them)."""
    import textual

    version = getattr(textual, "__version__", "?")
    if version == TESTED:
        return []
    found = problems()
    for text in found:
        log.warning("Textual %s (the patches were written for %s): %s", version, TESTED, text)
    return found
