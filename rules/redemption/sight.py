"""What one seat may know, as a type: the coach, the coach's own pick and the typing line read a game through this.

A :class:`Sight` holds the seat's view (:class:`~rules.redemption.views.RedemptionView`), its legal actions, and
the answers the rules give about what that seat sees: which rule an action follows, how a battle would stand after
it, how many Lost Souls a Hero can reach. Those answers come from a *model*: the game re-dealt from the seat's
knowledge (``Game.determinize``), so what the seat cannot see is random there, never the real cards. A Sight holds
no other ``Game``: anything written against it cannot name a card in another player's hand, a draw pile or a
revelation made to someone else, because it has no way to reach one.

A card is known here only if the view shows it (a table, a battle, the reader's hand, the cards a pending decision
reveals to the reader); :meth:`Sight.card` gives the printed card for those, and ``None`` for any other id.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from rules.redemption.cards import CARDS, Card
from rules.redemption.notation import Action
from rules.redemption.views import BattleView, CardView, RedemptionView

if TYPE_CHECKING:
    from rules.redemption.game import Game


def view_cards(view: RedemptionView) -> Iterator[CardView]:
    """Every card table a view shows its reader: each seat's zones, the tops of the discard piles, the cards on
    other cards, and the cards a pending decision reveals to the reader."""

    def walk(c: CardView) -> Iterator[CardView]:
        yield c
        for on in c.get("carrying", ()):
            if isinstance(on, dict):
                yield from walk(on)

    for sv in view["players"]:
        for value in sv.values():
            if isinstance(value, list):
                for c in value:
                    if isinstance(c, dict) and "id" in c:
                        yield from walk(c)
        top = sv.get("discard_top")
        if isinstance(top, dict):
            yield top
    for c in view["pending"].get("revealed", ()):
        yield c
    src = view["pending"].get("source")
    if src:
        yield src


class Sight:
    """One seat's knowledge of a Redemption game now (see the module's note). Built by ``Game.sight(player)``."""

    __slots__ = ("view", "you", "n", "legal", "_tables", "_model")

    def __init__(self, view: RedemptionView, legal: list[Action], model: Game) -> None:
        self.view = view
        self.you = view["you"]
        self.n = len(view["players"])
        self.legal = legal  # the reader's legal actions: empty unless the reader decides now
        self._tables = {c["id"]: c for c in view_cards(view)}
        self._model = model  # re-dealt from the reader's knowledge: never the real game

    # --- what the view says, the way the coach asks it ---------------------------------------------------------
    @property
    def phase(self) -> str:
        return self.view["phase"]

    @property
    def active(self) -> int:
        return self.view["active"]

    @property
    def current_player(self) -> int | None:
        return self.view["current_player"]

    @property
    def battle(self) -> BattleView:
        return self.view["battle"]

    @property
    def options(self) -> dict[str, Any]:
        return self.view["options"]

    def score(self, q: int) -> int:
        return self.view["score"][q]

    def others(self, p: int) -> list[int]:
        """Every seat but p's, in turn order from p."""
        return [(p + k) % self.n for k in range(1, self.n)]

    def opponent(self, p: int) -> int:
        """p's opponent: in a battle the other side of it (a player outside it: the attacker); else the next seat."""
        b = self.battle
        if b:
            return b["defender"] if p == b["attacker"] else b["attacker"]
        return (p + 1) % self.n

    def table(self, cid: str) -> CardView | None:
        """The card as the view shows it (None: the reader cannot see it)."""
        return self._tables.get(cid)

    def card(self, cid: str) -> Card | None:
        """The printed card ``cid`` is, when the reader can see it; None for a hidden or face-down card."""
        t = self._tables.get(cid)
        key = t.get("key") if t is not None else None
        return CARDS.get(key) if isinstance(key, str) else None

    def name(self, cid: str) -> str:
        t = self._tables.get(cid)
        return str(t["name"]) if t is not None else cid

    def owner(self, cid: str) -> int | None:
        t = self._tables.get(cid)
        return int(t["owner"]) if t is not None and "owner" in t else None

    # --- what the rules answer, from a model re-dealt from the reader's knowledge --------------------------------
    def model(self) -> Game:
        """The game as the reader knows it: the real one re-dealt where the reader cannot see. Ask it, never
        change it (:meth:`battle_after` plays on a copy)."""
        return self._model

    def rule(self, action: Action) -> str:
        """The rule a legal action follows (its check's rule id)."""
        return self.model().check(action).rule

    def reach(self, hero: str, q: int) -> int:
        """How many of seat q's Lost Souls ``hero`` can reach (they lie face up in q's Land of Bondage and sites)."""
        return len(self.model().reachable(hero, q))

    def window_moment(self) -> str:
        return self.model().window_moment()

    def battle_after(self, action: Action) -> BattleView | None:
        """The battle (kind, totals, standing) after ``action``, played on a copy of the model; None when the
        action is refused there or no battle is left."""
        g = self.model().clone()
        if not g.apply(action).ok or not g.in_battle():
            return None
        hs, ht, _ = g.side_totals(g.active)
        es, et, _ = g.side_totals(g.b.defender)
        return {
            "kind": g.b.kind,
            "attacker": g.active,
            "defender": g.b.defender,
            "step": g.b.step,
            "totals": {"hero": {"strength": hs, "toughness": ht}, "evil": {"strength": es, "toughness": et}},
            "standing": g.standing(),
        }


__all__ = ["Sight", "view_cards"]
