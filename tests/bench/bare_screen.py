"""The bare Textual app the first-frame figures are measured against (it imports Textual and Rich only, so a fresh
interpreter can time its start too: ``tests.bench.cold_frame``)."""

from __future__ import annotations

import time

from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, RichLog, Static

SIZE = (80, 24)


class FirstFrame:
    """Mixin: note the time of the first frame drawn for a screen of ``target`` type, then exit."""

    target: type = Screen
    shown_at: float | None = None
    shown_cpu: float | None = None

    def _display(self, screen, renderable) -> None:  # type: ignore[override]
        if renderable is not None and self.shown_at is None and isinstance(screen, self.target):
            self.shown_at, self.shown_cpu = time.perf_counter(), time.process_time()
            self.call_later(self.exit)  # type: ignore[attr-defined]
        super()._display(screen, renderable)  # type: ignore[misc]


class WordScreen(Screen):
    """The same panes as the game screen, with plain widgets and borders, one word each."""

    CSS = """
    #status { height: 1; }
    .pane { border: round $secondary; width: 100%; }
    .small { height: 3; }
    #battle { height: 1fr; }
    #hand { height: 7; }
    #log { width: 30; border: round $secondary; }
    """

    def compose(self) -> ComposeResult:
        yield Static("status", id="status")
        with Horizontal():
            with Vertical():
                yield Static("opponent", classes="pane small")
                yield Static("battle", classes="pane", id="battle")
                yield Static("you", classes="pane small")
                yield Static("1\n2\n3\n4\n5", classes="pane", id="hand")
            yield RichLog(id="log")
        input_ = Input()
        input_.display = False
        yield input_
        yield Footer()


#: What a new Resurrection game's first frame shows at 80x24 (seed 1): (pane, title, subtitle, text).
SCREEN = {
    "status": ("", "", "Resurrection | Battle 1 | Your move: face down | Left: You 9, Computer 9"),
    "opponent": ("Computer (Player 2, Defender)", "", "Hand 5  Hero Pile 4  Fallen Pile 0  Left 9"),
    "battle": (
        "Field of Battle: battle 1",
        "",
        "Aggressor: You (chosen to go first)\nYou      -\nComputer -\n>> You to play a card face down.",
    ),
    "you": ("You (Player 1, Aggressor)", "", "Hand 5  Hero Pile 4  Fallen Pile 0  Left 9"),
    "hand": (
        "Your hand (You)",
        "your move: 1-9 pick, Enter plays",
        "\n".join(
            (
                "\u25b61 [A\u2660] Black Ace  power 9 wins: resurrects",
                " 2 [J\u2660] Black Jack power 7 wins: resurrects",
                " 3 [A\u2665] Red Ace    power 6 loses: strikes back",
                " 4 [K\u2665] Red King   power 5 loses: strikes back",
                " 5 [ 8] Eight      power 2",
            )
        ),
    ),
    "log": ("Log", "", ""),
}


class BareScreen(WordScreen):
    """The same panes, showing what a new Resurrection game's first frame shows (:data:`SCREEN`)."""

    CSS = WordScreen.CSS + "\n.pane { padding: 0 1; }\n#status { padding: 0 1; background: $boost; text-style: bold; }"

    def compose(self) -> ComposeResult:
        def pane(key: str, classes: str = "pane", id: str | None = None) -> Static:
            title, subtitle, text = SCREEN[key]
            widget = Static(Text(text), classes=classes, id=id)
            widget.border_title, widget.border_subtitle = title or None, subtitle or None
            return widget

        yield pane("status", classes="", id="status")
        with Horizontal():
            with Vertical():
                yield pane("opponent", classes="pane small")
                yield pane("battle", id="battle")
                yield pane("you", classes="pane small")
                yield pane("hand", id="hand")
            log = RichLog(id="log")
            log.border_title = SCREEN["log"][0]
            yield log
        input_ = Input()
        input_.display = False
        yield input_
        yield Footer()


class BareApp(FirstFrame, App):
    target: type = BareScreen

    def on_mount(self) -> None:
        self.push_screen(self.target())


class WordApp(BareApp):
    target = WordScreen
