"""The coach's words for Redemption (see :mod:`rules.coach` for the shapes).

Its words are :mod:`rules.words` templates: every seat is a field, so :func:`rules.coach.advise` says them for the
reader ("you") and names every other player, whatever the number of seats. "The opponent" is read from the battle
(its attacker and defender) or from the action (the seat a rescue attempt names), never computed as ``1 - player``.

Every function here receives a :class:`~rules.redemption.sight.Sight` (``game.sight(player)``), not the game:
the reader's view, their legal actions and a model of the game re-dealt from what they know. So hands, draw
piles, face-down artifacts and what a decision reveals to someone else cannot be named here, however it is
written. To say what an action would do to a battle, the Sight plays it on a copy of its model and gives the
battle's public totals (cards in battle are face up).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from rules.coach import Line
from rules.core import Event, GameBase
from rules.redemption.cards import name_on_name
from rules.redemption.notation import Action, seat_arg
from rules.redemption.sight import Sight
from rules.redemption.views import BattleView, PendingView
from rules.words import do, plural, their, verb, who, whose

STANDING = {
    "hero_winning": "the Hero side would win",
    "evil_winning": "the Evil side would win",
    "stalemate": "a stalemate: nobody would be defeated",
    "both_defeated": "both sides would be defeated",
}


class _Sees(Protocol):
    def sight(self, player: int) -> Sight: ...


def seen(game: _Sees, player: int) -> Sight:
    """What the coach reads for ``player``: their Sight (``game.sight(player)``), never the game."""
    return game.sight(player)


def model(seen: Sight) -> GameBase:
    """The game as the player knows it: the cards they cannot see dealt again (``Sight.model``)."""
    return seen.model()


def _card(game: Sight, cid: str) -> str:
    c = game.card(cid)
    if c is None:
        return game.name(cid)
    if c.is_character or c.is_enhancement:
        return f"{c.name} ({c.brigade_text()} {c.strength}/{c.toughness})"
    return c.name


def _ability(game: Sight, cid: str) -> str:
    c = game.card(cid)
    return c.ability_text if c is not None else ""


def _lone(game: Sight, player: int) -> int | None:
    """The one other seat of a two-player game; None among more (then the coach names the player)."""
    return 1 - player if game.n == 2 else None


def _scores(game: Sight, player: int) -> str:
    """Every seat's Redeemed Souls, the reader's first: "you 3, {p1} 2, {p2} 0" (a template)."""
    return ", ".join(f"{who(q)} {game.score(q)}" for q in [player, *game.others(player)])


def phase(game: Sight, player: int) -> tuple[str, str, str]:
    """(title, purpose, rule) of the decision now, as :mod:`rules.words` templates (``player`` reads "you")."""
    v = game.view
    if v["is_over"]:
        return _game_over(game, player, v["winner"])
    if v["decision"]["kind"] == "window":
        return _window(game, player)
    if v["decision"]["kind"] == "choose":
        return _choosing(game, player)
    p = v["current_player"]
    assert p is not None
    for step in (_setup, _turn_phase, _battle_phase):
        said = step(game, player, p)
        if said:
            return said
    if p == player:
        return (
            "Discard down to your hand limit",
            f"you hold more than {v['players'][player]['hand_limit']} cards: choose the cards to discard.",
            "redemption.discard.limit",
        )
    return (
        f"{who(p, True)} {verb(p, 'discards', 'discard')}",
        f"{who(p)} {verb(p, 'discards', 'discard')} down to {their(p)} hand limit.",
        "redemption.discard.limit",
    )


def _game_over(game: Sight, player: int, w: int | None) -> tuple[str, str, str]:
    lone = _lone(game, player)
    if lone is not None:
        score = f"{game.score(player)}-{game.score(lone)} in Redeemed Souls"
    else:
        score = f"Redeemed Souls {_scores(game, player)}"
    said = "a draw" if w is None else f"{who(w)} won"
    return "Game over", f"{said}, {score}.", "redemption.win.rescues"


def _window(game: Sight, player: int) -> tuple[str, str, str]:
    p = game.current_player
    rule = "redemption.dominant.window"
    if p == player:
        return (
            "A Dominant window",
            f"you hold a Dominant you could play now, {game.window_moment()}: play it, or pass (Space) and the "
            "game goes on.",
            rule,
        )
    return "Waiting: a Dominant window", f"{who(p)} may play a Dominant now, or let the game go on.", rule


def _choosing(game: Sight, player: int) -> tuple[str, str, str]:
    """A pending decision (redemption.decision): to its chooser, what is asked and the cards shown, by name; to
    everyone else, who chooses for which card and how many cards were looked at, never which."""
    d = game.view["pending"]
    p, src = d["chooser"], d["source"]["name"]
    rule = "redemption.decision"
    looked = plural(d["looked_at"], "card")
    if not d["looked_at"] and d["options_count"] <= 1:  # a yes-or-no question (may, may_draw, choose_one)
        return _yes_or_no(game, player, d)
    if d["effect"] == "soul_order":  # Lost Souls put in play at once (redemption.effect.soul_order): all face up
        if p != player:
            return (
                f"Waiting: {who(p)}",
                f"{who(p, True)} {verb(p, 'chooses', 'choose')} which Lost Soul works first.",
                rule,
            )
        souls = ", ".join(game.name(c) for c in d.get("options", []))
        return (
            "Your Lost Souls: which first",
            f"Several of your Lost Souls were put in play at once ({souls}): choose the one whose ability works first "
            f"({do('choose <card>')}); you choose again among the rest.",
            "redemption.effect.soul_order",
        )
    if p != player:
        return (
            f"Waiting: {who(p)} {verb(p, 'chooses', 'choose')}",
            f"{src} shows {who(p)} {looked}; {who(p)} {verb(p, 'chooses', 'choose')} among them. You do not see them.",
            rule,
        )
    revealed = d.get("revealed", [])
    if len(revealed) <= 6:
        shown = ": " + ", ".join(_card(game, c["id"]) for c in revealed)
    else:  # a searched draw pile: the cards that may be taken are named below
        shown = ""
    left = [c for c in d.get("options", []) if c not in d.get("chosen", [])]
    if d["shape"] == "order":
        ask = (
            "put the cards under your draw pile in the order you want: the first you choose goes under first "
            f"({plural(len(left), 'card')} left to place)"
        )
    elif d["shape"] == "up_to":
        most = d["most"] - d["chosen_count"]
        ask = (
            f"choose up to {plural(most, 'card')} ({', '.join(game.name(c) for c in left) or 'none left'}), or "
            "stop choosing when you have what you want"
        )
    else:
        ask = f"choose one of them: {', '.join(game.name(c) for c in left)}"
    return (
        f"{src}: your choice",
        f"{src} shows you {looked}{shown}. Only you see them. Now {ask} ({do('choose <card>')}).",
        rule,
    )


#: what a yes-or-no question of an ability asks, by the effect that asks it (the card itself chosen: the first)
_YES_NO = {
    "choose_one": ("for its first effect", "for its second"),
    "may": ("to use it", "to use none of it"),
    "may_draw": ("to draw", "to draw nothing"),
}


def _yes_or_no(game: Sight, player: int, d: PendingView) -> tuple[str, str, str]:
    """A question that shows no card: the card itself chosen is one answer, nothing chosen the other."""
    p, src, rule = d["chooser"], d["source"]["name"], "redemption.decision"
    if p != player:
        return (
            f"Waiting: {who(p)} {verb(p, 'decides', 'decide')}",
            f"{who(p)} {verb(p, 'decides', 'decide')} for {src}.",
            rule,
        )
    yes, no = _YES_NO.get(str(d.get("effect", "")), ("for yes", "for no"))
    return (
        f"{src}: your choice",
        f"{src} asks you: choose {src} {yes} ({do('choose ' + d['source']['id'])}), or choose nothing {no} "
        f"({do('choose')}).",
        rule,
    )


def _setup(game: Sight, player: int, p: int) -> tuple[str, str, str] | None:
    if game.phase == "cut":
        deck = (p + 1) % game.n  # each player cuts the deck of the player to their left (redemption.setup.cut)
        return (
            "Setup: the cut",
            f"cut {whose(deck)} shuffled deck: {do('cut')} for a random cut, or lift a number of cards; "
            "each pile keeps at least five."
            if p == player
            else f"{who(p)} {verb(p, 'cuts', 'cut')} {whose(deck)} deck.",
            "redemption.setup.cut",
        )
    if game.phase == "first":
        return (
            "Setup: who goes first",
            "you drew the most Lost Souls (or won the draw among the tied), so you choose who takes the first turn."
            if p == player
            else f"{who(p)} {verb(p, 'chooses', 'choose')} who goes first.",
            "redemption.setup.first",
        )
    return None


def _turn_phase(game: Sight, player: int, p: int) -> tuple[str, str, str] | None:
    """The Preparation and Discard phases, seen by the active player or another."""
    a = game.active
    if game.phase == "prep":
        if a == player:
            return (
                "Your turn: Preparation phase",
                "get ready for battle: put characters into your territory, "
                f"artifacts, sites and fortresses into play, weapons on warriors; then {do('end')} to go to the "
                "Battle phase.",
                "redemption.turn.phase",
            )
        return (
            f"{whose(a, True)} turn: Preparation",
            f"{who(a)} {verb(a, 'is', 'are')} placing cards before battle.",
            "redemption.turn.phase",
        )
    if game.phase == "discard":
        if a == player:
            return (
                "Your turn: Discard phase",
                f"you may still place cards; {do('end')} to end your turn (then you discard down to your hand limit).",
                "redemption.discard.actions",
            )
        return (
            f"{whose(a, True)} turn: Discard phase",
            f"{who(a)} {verb(a, 'is', 'are')} finishing {their(a)} turn.",
            "redemption.discard.actions",
        )
    return None


def _battle_phase(game: Sight, player: int, p: int) -> tuple[str, str, str] | None:
    if game.phase != "battle":
        return None
    a, lone = game.active, _lone(game, player)
    step = game.battle.get("step", "")
    if not step:
        if a == player:
            where = (
                f"{whose(lone)} Land of Bondage" if lone is not None else "the Land of Bondage of an opponent you name"
            )
            return (
                "Your turn: Battle phase",
                f"send one Hero across the Field of Battle to rescue a Lost Soul from {where} (or challenge if no "
                f"soul can be reached), or {do('end')} to skip.",
                "redemption.battle.rescue",
            )
        target = "one of your Lost Souls" if lone is not None else "a Lost Soul from any opponent's Land of Bondage"
        return (
            f"{whose(a, True)} turn: Battle phase",
            f"{who(a)} may send a Hero to rescue {target}.",
            "redemption.battle.rescue",
        )
    return {"block": _block_step, "initiative": _initiative_step}.get(step, _surrender_step)(game, player, p)


def _block_step(game: Sight, player: int, p: int) -> tuple[str, str, str]:
    if p == player and game.battle.get("kind") == "challenge":
        return (
            "Battle: block or not",
            f"{whose(game.active, True)} Hero challenges you: no Lost Soul of yours is at stake. Block it with one Evil "
            "Character from your hand or territory, or let it through: a battle challenge rescues nothing.",
            "redemption.battle.challenge",
        )
    if p == player:
        return (
            "Battle: block or not",
            "a Hero is coming for one of your Lost Souls. Block it with one Evil "
            "Character from your hand or territory, or let it through: an unblocked Hero rescues.",
            "redemption.battle.block",
        )
    return (
        "Battle: waiting for the block",
        f"{who(p)} {verb(p, 'decides', 'decide')} whether to block {whose(game.active)} Hero.",
        "redemption.battle.block",
    )


def _initiative_step(game: Sight, player: int, p: int) -> tuple[str, str, str]:
    reason = game.view["templates"]["initiative_reason"]
    if p == player:
        return (
            "Battle: you have initiative",
            f"{reason}. Play an enhancement that matches the brigade of one of your characters in battle, or pass.",
            "redemption.battle.initiative",
        )
    return f"Battle: {who(p)} {verb(p, 'has', 'have')} initiative", f"{reason}.", "redemption.battle.initiative"


def _surrender_step(game: Sight, player: int, p: int) -> tuple[str, str, str]:
    a, d = game.active, game.battle["defender"]
    rule = "redemption.battle.surrender"
    if p == player and p == d:
        return (
            "Battle: surrender a Lost Soul",
            f"the rescue succeeded: choose which of your Lost Souls the Hero takes to {whose(a)} Land of Redemption.",
            rule,
        )
    if p == player:
        return "Battle: the rescue succeeded", f"choose which of {whose(d)} Lost Souls you rescue.", rule
    return (
        "Battle: the rescue succeeded",
        f"{who(p)} {verb(p, 'chooses', 'choose')} which Lost Soul {who(a)} {verb(a, 'rescues', 'rescue')}.",
        rule,
    )


def _totals(b: BattleView) -> str:
    h, e = b["totals"]["hero"], b["totals"]["evil"]
    return f"Heroes {h['strength']}/{h['toughness']} vs Evil {e['strength']}/{e['toughness']}"


def _standing_after(game: Sight, action: Action) -> str:
    """ "; then Heroes 6/6 vs Evil 6/7: the Evil side would win" after ``action`` (played on a copy), or ""."""
    b = game.battle_after(action)
    return f"; then {_totals(b)}: {STANDING[b['standing']]}" if b else ""


def grouped(actions: list[Action]) -> list[Action]:
    """The legal actions to list: every numbered cut but the first is left out (the first says the range)."""
    out, cut_listed = [], False
    for a in actions:
        if a.verb == "cut" and a.args:
            if cut_listed:
                continue
            cut_listed = True
        out.append(a)
    return out


Said = Callable[[Sight, int, Action], str]

#: What a placement does, by verb: a template on the card names (``{0}`` the first argument, ``{1}`` the second)
#: and, for ``{t}``, the first card's ability text.
_PLACING = {
    "artifact": "put the artifact {0} face down on your artifact pile",
    "activate": "turn {0} face up (once a turn): {t}",
    "site": "put the site {0} into your territory: {t}",
    "soul": "move {0} into {1}, where fewer Heroes can reach it",
    "setaside": "set {0} aside: out of play, safe, until you return it",
    "return": "bring {0} back from set-aside into your territory",
    "fortress": "put the fortress {0} into play: {t}",
    "fortress-in": "put {0} into {1}, safe from discard (but it cannot battle)",
    "fortress-out": "take {0} out of its fortress into your territory",
    "surrender": "give up {0} to the rescuing Hero",
    "discard": "discard {0} from your hand",
}


def _placing(game: Sight, player: int, action: Action) -> str:
    names = [game.name(x) for x in action.args]
    return _PLACING[action.verb].format(*names, t=_ability(game, action.args[0]))


def _cut(game: Sight, player: int, action: Action) -> str:
    if not action.args:
        return "cut at random"
    sizes = [int(x.args[0]) for x in game.legal if x.verb == "cut" and x.args]
    n = action.args[0]
    return (
        f"lift {n} cards off the top and put them underneath "
        f"(any number from {min(sizes)} to {max(sizes)}: {do('cut N')})"
    )


def _first(game: Sight, player: int, action: Action) -> str:
    q = int(action.args[0])
    return f"{who(q)} {verb(q, 'takes', 'take')} the first turn"


def _end(game: Sight, player: int, action: Action) -> str:
    return {
        "prep": "end the Preparation phase and go to the Battle phase",
        "battle": "skip the battle this turn and go to the Discard phase",
        "discard": "end your turn (discarding down to your hand limit if needed)",
    }.get(game.phase, "end this phase")


def _attacked(game: Sight, player: int, action: Action) -> int:
    """The opponent a rescue attempt or battle challenge names (the only other player of two)."""
    q = seat_arg(action)
    return game.opponent(player) if q is None else q


def _rescue(game: Sight, player: int, action: Action) -> str:
    hero, q = action.args[0], _attacked(game, player, action)
    n = game.reach(hero, q)
    return f"rescue attempt with {_card(game, hero)}: it can reach {n} of {whose(q)} Lost Souls"


def _challenge(game: Sight, player: int, action: Action) -> str:
    against = "" if game.n == 2 else f" against {who(_attacked(game, player, action))}"
    return (
        f"battle challenge with {_card(game, action.args[0])}{against}: no Lost Soul it can reach, "
        "but it can still defeat a blocker"
    )


def _play(game: Sight, player: int, action: Action) -> str:
    return f"put {_card(game, action.args[0])} into your territory, ready to battle"


def _equip(game: Sight, player: int, action: Action) -> str:
    w, c = action.args
    return f"put the weapon {_card(game, w)} on your warrior {game.name(c)}; it stays after battles"


def _block(game: Sight, player: int, action: Action) -> str:
    return f"block with {_card(game, action.args[0])}{_standing_after(game, action)}"


def _noblock(game: Sight, player: int, action: Action) -> str:
    if game.battle.get("kind") == "challenge":
        return "let the Hero through: a battle challenge rescues nothing"
    return "let the Hero through: an unblocked Hero rescues one of your Lost Souls"


def _enhance(game: Sight, player: int, action: Action) -> str:
    a = action.args
    e, c = game.card(a[0]), game.card(a[1])
    if e is None or c is None:  # never for a legal action: both cards are the reader's, face up
        return str(action)
    extra = " (Name-on-Name: numbers double)" if game.options["name_on_name"] and name_on_name(e, c) else ""
    ability = f" {e.ability_text}" if e.ability_text else ""
    target = f", choosing {game.name(a[2])}" if len(a) > 2 else ""
    after = _standing_after(game, action)
    return f"play {e.name} (+{e.strength}/+{e.toughness}) on {c.name}{target}{extra}{after}.{ability}"


def _pass(game: Sight, player: int, action: Action) -> str:
    st = game.battle.get("standing", "")
    if st in ("hero_winning", "evil_winning"):
        return f"play nothing more: the battle ends now and {STANDING[st]}"
    q = game.opponent(player)
    return f"pass: if {who(q)} {verb(q, 'passes', 'pass')} too, the battle ends as it stands"


def _dominant(game: Sight, player: int, action: Action) -> str:
    d = action.args[0]
    target = ""
    if len(action.args) > 1:
        t, owner = action.args[1], game.owner(action.args[1])
        if game.n == 2 or owner is None:
            target = f" (target: {game.name(t)})"
        else:
            target = f" (target: {whose(owner)} {game.name(t)})"
    return f"play the Dominant {game.name(d)}{target}: {_ability(game, d)}"


def _choose(game: Sight, player: int, action: Action) -> str:
    """A pick in a pending decision: the card by name (the reader is its chooser: the cards are shown to them)."""
    if not action.args:
        return "choose no more cards"
    shape = game.view["pending"].get("shape", "one")
    how = {"order": "put {0} next under your draw pile", "up_to": "take {0}"}.get(shape, "take {0}")
    return how.format(_card(game, action.args[0]))


def _decline(game: Sight, player: int, action: Action) -> str:
    return "play no Dominant now: the game goes on"


def _mute(game: Sight, player: int, action: Action) -> str:
    until = "the game ends" if len(action.args) > 1 else "this turn ends"
    return f"play no Dominant now, and {game.name(action.args[0])} stops you no more until {until}"


_SAID: dict[str, Said] = {
    **dict.fromkeys(_PLACING, _placing),
    "cut": _cut,
    "first": _first,
    "end": _end,
    "play": _play,
    "equip": _equip,
    "rescue": _rescue,
    "challenge": _challenge,
    "block": _block,
    "noblock": _noblock,
    "enhance": _enhance,
    "pass": _pass,
    "dominant": _dominant,
    "decline": _decline,
    "choose": _choose,
    "mute": _mute,
}


def describe_action(game: Sight, player: int, action: Action) -> tuple[str, str]:
    """What ``action`` does, in words for ``player`` (a :mod:`rules.words` template), and the rule it follows."""
    rule = "redemption.battle.unopposed" if action.verb == "noblock" else game.rule(action)
    said = _SAID.get(action.verb)
    return (said(game, player, action) if said else str(action)), rule


def explain_events(game: Sight, player: int, events: list[Event]) -> list[Line]:
    """What happened since ``player`` last decided, and why it mattered (templates: ``player`` reads "you")."""
    out: list[Line] = []
    b = game.battle
    defending = bool(b) and b.get("step") == "block" and b.get("defender") == player
    for e in events:
        rule = e.rule
        text = e.template or e.text
        theirs = e.player not in (-1, player)
        # the event's rule says what it was (the coach reads the fields, not the words)
        if e.kind == "battle" and theirs and defending and rule in BATTLE_STARTS:
            text += " You may block it with one Evil Character, or let it through."
        elif e.kind == "battle" and theirs and rule == "redemption.battle.unopposed":
            text += " An unblocked Hero rescues."
        elif e.kind == "rescue" and theirs:
            q = e.player
            text += (
                f" {who(q, True)} now {verb(q, 'has', 'have')} {plural(game.score(q), 'Redeemed Soul')} of "
                f"{game.options['rescues_to_win']}."
            )
        out.append(Line(text, rule or DEFAULT_RULES.get(e.kind, "")))
    return out


BATTLE_STARTS = ("redemption.battle.rescue", "redemption.battle.challenge")
#: The rule an event of a kind follows when the event names none.
DEFAULT_RULES = {
    "enhance": "redemption.battle.enhance",
    "totals": "redemption.battle.totals",
    "pass": "redemption.battle.pass",
    "rescue": "redemption.win.rescues",
    "lost_soul": "redemption.draw.soul",
}


def battle_why(game: Sight, player: int) -> list[Line]:
    """The live totals, who holds initiative and why, and the score (templates: ``player`` reads "you")."""
    v = game.view
    if v["is_over"]:
        return []
    out: list[Line] = []
    b = v["battle"]
    if b:
        t, a, d = b["totals"], b["attacker"], b["defender"]
        evil = "Evil" if game.n == 2 else f"{whose(d)} Evil"
        out.append(
            Line(
                f"Totals: {whose(a)} Heroes {t['hero']['strength']}/{t['hero']['toughness']} vs {evil} "
                f"{t['evil']['strength']}/{t['evil']['toughness']} (strength/toughness).",
                "redemption.battle.totals",
            )
        )
        if b["step"] == "initiative" or b["step"] == "block":
            out.append(
                Line(
                    "A Hero defeats the blocker when its strength is at least the blocker's toughness; the "
                    "blocker defeats the Hero the same way. Now " + STANDING[b["standing"]] + ".",
                    "redemption.battle.resolve",
                )
            )
        q = b.get("initiative")
        if b["step"] == "initiative" and q is not None:
            reason = v["templates"]["initiative_reason"]
            out.append(
                Line(
                    f"{who(q, True)} {verb(q, 'has', 'have')} initiative: {reason[:1].lower() + reason[1:]}.",
                    "redemption.battle.initiative",
                )
            )
            if b["passes"]:
                out.append(Line("One pass so far: another pass ends the battle.", "redemption.battle.pass"))
    out.append(Line(f"Redeemed Souls: {_scores(game, player)}; {v['rescues_to_win']} wins.", "redemption.win.rescues"))
    out.append(Line(_souls_in_reach(game, player), "redemption.zones"))
    return out


def _souls_in_reach(game: Sight, player: int) -> str:
    """How many Lost Souls each side may rescue (each seat's Land of Bondage, with the souls in its sites)."""

    def souls(q: int) -> int:
        sv = game.view["players"][q]
        return len(sv["land_of_bondage"]) + len(sv["in_site"])

    lone = _lone(game, player)
    if lone is not None:
        return (
            f"Lost Souls you can rescue (their Land of Bondage): {souls(lone)}; yours they can rescue: {souls(player)}."
        )
    theirs = ", ".join(f"{who(q)} {souls(q)}" for q in game.others(player))
    return f"Lost Souls you can rescue (in each opponent's Land of Bondage): {theirs}; yours the others can rescue: {souls(player)}."


PRIORITY = (
    "surrender",
    "block",
    "enhance",
    "rescue",
    "play",
    "equip",
    "artifact",
    "activate",
    "site",
    "fortress",
    "challenge",
    "pass",
    "noblock",
    "end",
    "cut",
    "first",
    "discard",
)


def suggest(game: Sight, player: int) -> tuple[Action, str]:
    """The coach's own pick when no computer player answers: a winning block or enhancement, a rescue, else in order."""
    legal = game.legal
    me_hero = game.active == player

    def good(action: Action) -> bool:
        if action.verb not in ("block", "enhance"):
            return True
        b = game.battle_after(action)
        if b is None:
            return True
        st = b["standing"]
        return st in (("hero_winning", "both_defeated") if me_hero else ("evil_winning", "stalemate", "both_defeated"))

    ranked = sorted(legal, key=lambda a: (not good(a), PRIORITY.index(a.verb) if a.verb in PRIORITY else len(PRIORITY)))
    action = ranked[0]
    return action, reason_for(game, player, action)


def reason_for(game: Sight, player: int, action: Action) -> str:
    words, _ = describe_action(game, player, action)
    return words[:1].upper() + words[1:] + "."
