"""Resurrection on screen: pane texts built from ``Game.view(player)`` only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.widget import Widget

from rules.resurrection import CARDS, CODES
from rules.resurrection.game import Play, ResurrectionView
from rules.words import plural
from tui import keys
from tui.games.board import Board, BoardScreen, GameUI, css_beside, news, table_over_keys
from tui.widgets import CardList, Item, Pane, boxes
from tui.wording import wins

# Okabe-Ito colour-blind-safe palette; colour is never the only cue (suit symbols / B-R letters carry it too).
COLOUR = {"black": "#56B4E9", "red": "#E69F00", "none": ""}
SUIT = {"black": "♠", "red": "♥", "none": ""}


class ResurrectionBoard(Board):
    """The opponent's counts, the Field of Battle, yours, and your hand."""

    SCOPED_CSS = False
    DEFAULT_CSS = css_beside(__file__)

    def compose(self) -> ComposeResult:
        yield Pane(id="opponent", classes="side")
        yield Pane(id="battle")
        yield Pane(id="you", classes="side")
        yield CardList(id=self.HAND, ascii_only=self.ui.ascii_only)


class ResurrectionUI:
    game = "resurrection"
    verb = "play"
    title = "Resurrection"
    keys: frozenset[str] = frozenset()  # no passing and no phases: Space and n are not shown
    help_notes = """\
## Typing an action (Resurrection)

`:` opens the typing line. An action is `play` and a card as the table writes it: `play BA`, `play 7`.
"""
    typing_example = "play BA"

    @staticmethod
    def roams(view: ResurrectionView) -> bool:
        return False  # one card pane: the hand

    @staticmethod
    def last_resort(view: ResurrectionView) -> set[str]:
        return set()  # every card is played the same way

    def __init__(self, ascii_only: bool = False):
        self.ascii_only = ascii_only
        self._hold, self._shared = "", False  # a shared table's (tui.games.board.held), as last shown

    # --- cards ---------------------------------------------------------------------
    def symbol(self, code: str) -> str:
        """A♠ / K♥ / 9 (or the plain codes BA / RK / 9 in ASCII mode); always 2 columns."""
        if code == "?":
            return "??"
        card = CARDS[code]
        if self.ascii_only or card.colour == "none":
            return f"{code:>2}"
        return f"{card.rank}{SUIT[card.colour]}"

    def chip(self, code: str) -> Text:
        if code == "?":
            return Text("[??]", style="italic")
        card = CARDS[code]
        return Text(f"[{self.symbol(code)}]", style=f"bold {COLOUR[card.colour]}".strip())

    def box(self, code: str) -> tuple[list[Text], str]:
        if code == "?":
            return [Text("??"), Text("face", style="italic"), Text("down", style="italic")], "dim"
        card = CARDS[code]
        colour = COLOUR[card.colour]
        name = card.name.split()
        lines = [
            Text(self.symbol(code).strip(), style=f"bold {colour}".strip()),
            Text(name[0]),
            Text(" ".join(name[1:]) or " "),
            Text(f"power {card.power}"),
        ]
        return lines, colour or ""

    def card_label(self, code: str, wide: bool) -> Text:
        card = CARDS[code]
        t = self.chip(code)
        t.append(f" {card.name:<10} power {card.power}")
        if wide:
            t.append(f"  {card.ability}", style="italic")
        elif card.is_face:
            t.append(" wins: resurrects" if card.is_black_face else " loses: strikes back", style="italic")
        return t

    def choices(self, view: ResurrectionView, actions: list[Any]) -> tuple[str, list[str]]:
        return "Which action?", [self.describe(a) for a in actions]

    @staticmethod
    def number_question(view: ResurrectionView, names: list[str]) -> str:
        """Resurrection has no choice made as a number."""
        return ""

    @staticmethod
    def pending_choice(view: ResurrectionView) -> None:
        """Resurrection has no decision in the middle of an ability."""
        return None

    def describe(self, action: Any) -> str:
        code = action.code if isinstance(action, Play) else str(action).rpartition(" ")[2]  # an action, or its text
        card = CARDS.get(code)
        return f"Play the {card.name} (power {card.power})" if card else str(action)

    def refusal_text(self, view: ResurrectionView, card: str) -> str:
        return f"play {card}"

    def hand(self, view: ResurrectionView) -> list[str]:
        return list(view["players"][view["you"]]["hand"] or [])

    # --- panes ---------------------------------------------------------------------
    def board(self, id: str = "board", side: Sequence[Widget] = (), seats: int = 2) -> ResurrectionBoard:
        return ResurrectionBoard(self, id=id, side=side, seats=seats)

    def render(
        self, screen: BoardScreen, view: ResurrectionView, names: list[str], wide: bool, usable: set[str], my_turn: bool
    ) -> None:
        you = view["you"]
        self._hold, self._shared = screen.hold, screen.shared
        for pane_id, p in (("#opponent", 1 - you), ("#you", you)):
            pane = screen.query_one(pane_id, Pane)
            pane.set(*self.side(view, p, names, pane.content_size.width))
        drawn = wide and screen.has_class("-tall")
        title, body = self.battle(view, names, wide, drawn)
        between = not any(view["players"][p]["table"] for p in (0, 1))  # the last battle's result until the next
        screen.query_one("#battle", Pane).set(title, news(screen, not between) + body)
        items = [Item(c, self.card_label(c, wide), c in usable or not my_turn) for c in self.hand(view)]
        if view["is_over"]:
            hint = "game over"
        elif self._hold:
            hint = "waiting to start" if not self._hold.endswith(".") else "not played"
        elif my_turn:
            hint = f"your move: 1-9 pick, {keys.label('play')} plays"
        elif view["current_player"] is not None:
            hint = f"waiting for {names[view['current_player']]}"
        else:
            hint = ""  # nobody is to move (a finished lesson)
        screen.board.hand.set_items(items, f"Your hand ({names[you]})", hint)

    @staticmethod
    def left(view: ResurrectionView, p: int) -> int:
        """The cards a player has not lost yet: hand and Hero Pile, and their cards on the table (a card still in
        play is not lost: it may yet return to the Hero Pile)."""
        pv = view["players"][p]
        return pv["cards_left"] + len(pv["table"])

    def _role(self, view: ResurrectionView, p: int) -> str:
        return "Aggressor" if p == view["aggressor"] else "Defender"

    def side(self, view: ResurrectionView, p: int, names: list[str], width: int = 0) -> tuple[str, Text]:
        """A player's title and counts; in a narrow pane (a lesson's board at 80 columns) the counts closer
        together, so the last one, the cards left, is not cut off."""
        s = view["players"][p]
        gap = " " if 0 < width < 42 else "  "
        seat = "" if names[p] == f"Player {p + 1}" else f"Player {p + 1}, "
        title = f"{names[p]} ({seat}{self._role(view, p)})"
        if p == view["you"] and names[p] != "You":
            title = "You: " + title
        body = Text()
        body.append(f"Hand {s['hand_count']}{gap}")
        body.append(f"Hero Pile {s['hero_pile_count']}{gap}")
        body.append(f"Fallen Pile {s['fallen_pile_count']}{gap}")
        body.append(f"Left {self.left(view, p)}", style="bold")
        return title, body

    def battle(self, view: ResurrectionView, names: list[str], wide: bool, drawn: bool = False) -> tuple[str, Text]:
        """The Field of Battle; ``drawn``: room enough to draw the cards as boxes."""
        agg = view["aggressor"]
        dfn = 1 - agg
        t = Text()
        why = "chosen to go first" if view["battle"] == 0 else "lost the last battle"
        t.append(f"Aggressor: {names[agg]} ({why})\n")
        width = max(len(names[0]), len(names[1]), 4)
        for p in (agg, dfn):
            table = view["players"][p]["table"]
            if drawn:
                role = "Aggressor" if p == agg else "Defender"
                t.append(f"{names[p]} ({role})\n", style="bold")
                if table:
                    t.append_text(boxes([self.box(c) for c in table], width=10, ascii_only=self.ascii_only))
                else:
                    t.append("(no card yet)", style="dim")
                t.append("\n")
                continue
            t.append(f"{names[p]:<{width}} ", style="bold")
            if not table:
                t.append("-", style="dim")
            for i, code in enumerate(table):
                if i:
                    t.append(" ")
                t.append_text(self.chip(code))
            if table:
                last = table[-1]
                if last == "?":
                    t.append("  face down", style="italic")
                else:
                    t.append(f"  power {CARDS[last].power}")
                    if p == agg and view["face_down"]:
                        t.append("  (face down)", style="italic")
            t.append("\n")
        ties = min(len(view["players"][agg]["table"]), len(view["players"][dfn]["table"]))
        if ties:
            t.append(
                f"Extended battle: {plural(ties, 'tie')} so far; only the last two cards use abilities.\n",
                style="italic",
            )
        cp = view["current_player"]
        if view["is_over"]:
            w = view["winner"]
            t.append("GAME OVER: " + (wins(names[w]) if w is not None else "a draw"), style="bold reverse")
            out = [names[p] for p in (0, 1) if view["players"][p]["cards_left"] == 0]
            if out:
                t.append(
                    f" ({' and '.join(out)} {'has' if len(out) == 1 and out[0] != 'You' else 'have'} "
                    "no cards left to play)."
                )
            if self._shared:
                t.append(f"\n{table_over_keys()}")
            else:
                t.append(
                    f"\n{keys.label('next')}: new game, {keys.label('rematch')}: rematch (the other player is the first "
                    f"Aggressor), {keys.label('review')}: review, {keys.label('leave')}: leave."
                )
        elif self._hold:  # a shared table before both seats are taken (or one that ended then): nobody's move
            t.append(f">> {self._hold}{'' if self._hold.endswith('.') else '.'}", style="bold")
        elif cp is None:
            pass  # nobody is to move (a finished lesson)
        elif cp == agg:
            t.append(f">> {names[cp]} to play a card face down.", style="bold")
        else:
            t.append(f">> {names[cp]} to answer face up.", style="bold")
        if wide:
            t.append("\nPower, high to low: " + " ".join(self.symbol(c).strip() for c in CODES), style="dim")
        return f"Field of Battle: battle {view['battle'] + 1}", t

    def phase(self, view: ResurrectionView) -> str:
        if view["is_over"]:
            return "game over"
        return "answer face up" if view["face_down"] else "face down"

    def score(self, view: ResurrectionView, names: list[str], short: bool = False) -> str:
        if short:
            return "Left " + "-".join(str(self.left(view, p)) for p in (0, 1))
        return "Left: " + ", ".join(f"{names[p]} {self.left(view, p)}" for p in (0, 1))

    def turn(self, view: ResurrectionView) -> str:
        return f"Battle {view['battle'] + 1}"

    # --- the review ------------------------------------------------------------------
    def review_board(self, g: Any, seat: int, names: list[str], every_hand: bool) -> Text:
        """The position ``g`` as ``seat`` saw it, for the review (``every_hand``: once the game is over)."""
        view = g.view(seat)
        t = Text()
        for p in (1 - seat, seat):
            pv = view["players"][p]
            t.append(f"{names[p]}{' (you)' if p == seat else ''}", style="bold")
            t.append(
                f"  {'Aggressor' if view['aggressor'] == p else 'Defender'}: hand {pv['hand_count']}, "
                f"hero pile {pv['hero_pile_count']}, fallen {pv['fallen_pile_count']}, left {self.left(view, p)}\n"
            )
            hand = pv["hand"] if pv["hand"] is not None else (g.view(p)["players"][p]["hand"] if every_hand else None)
            if hand is not None:
                t.append("  Hand: ", style="bold")
                t.append((" ".join(hand) or "-") + "\n")
            table = " ".join(x if isinstance(x, str) else "?" for x in pv["table"])
            t.append("  On the table: " + (table or "-") + "\n")
        return t


_MEETS_THE_PROTOCOL: type[GameUI[ResurrectionView]] = (
    ResurrectionUI  # checked by mypy: what the game and lesson screens use
)
