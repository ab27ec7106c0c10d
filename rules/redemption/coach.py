"""The coach's words for Redemption (see :mod:`rules.coach` for the shapes).

Everything the coach says comes from ``game.view(player)``, the public events and
the legal actions: hands, draw piles and face-down artifacts stay hidden. To say
what an action would do to a battle, it plays the action on a copy of the game and
reads the public battle totals of the copy (cards in battle are face up).
"""

from __future__ import annotations

from rules.coach import Line, from_side
from rules.core import Event
from rules.redemption.cards import name_on_name
from rules.redemption.game import Action, Game

STANDING = {
    "hero_winning": "the Hero side would win",
    "evil_winning": "the Evil side would win",
    "stalemate": "a stalemate: nobody would be defeated",
    "both_defeated": "both sides would be defeated",
}


def _card(game: Game, cid: str) -> str:
    c = game.card(cid)
    if c.is_character or c.is_enhancement:
        return f"{c.name} ({c.brigade_text()} {c.strength}/{c.toughness})"
    return c.name


def _you(player: int, who: int) -> str:
    return "you" if who == player else "your opponent"


def phase(game: Game, player: int) -> tuple[str, str, str]:
    v = game.view(player)
    if v["is_over"]:
        w = v["winner"]
        score = f"{v['score'][player]}-{v['score'][1 - player]}"
        if w is None:
            return "Game over", f"a draw, {score} in Redeemed Souls.", "redemption.win.rescues"
        return (
            "Game over",
            ("you won" if w == player else "your opponent won") + f", {score} in Redeemed Souls.",
            "redemption.win.rescues",
        )
    me = v["current_player"] == player
    mine = v["active"] == player
    ph = v["phase"]
    b = v["battle"]
    if v["decision"]["kind"] == "window":
        if me:
            return (
                "A Dominant window",
                "you hold a Dominant you could play now, in your opponent's turn or before "
                "the game goes on: play it, or pass (Space) and the game goes on.",
                "redemption.dominant.window",
            )
        return (
            "Waiting: a Dominant window",
            "your opponent may play a Dominant now, or let the game go on.",
            "redemption.dominant.window",
        )
    if ph == "cut":
        return (
            "Setup: the cut",
            "cut your opponent's shuffled deck: 'cut' for a random cut, or lift a number of cards; "
            "each pile keeps at least five."
            if me
            else "your opponent cuts your deck.",
            "redemption.setup.cut",
        )
    if ph == "first":
        return (
            "Setup: who goes first",
            "you drew more Lost Souls (or won the coin flip), so you choose who takes the first turn."
            if me
            else "your opponent chooses who goes first.",
            "redemption.setup.first",
        )
    if ph == "prep":
        if mine:
            return (
                "Your turn: Preparation phase",
                "get ready for battle: put characters into your territory, "
                "artifacts, sites and fortresses into play, weapons on warriors. 'end' goes to the Battle phase.",
                "redemption.turn.phase",
            )
        return (
            "Your opponent's turn: Preparation",
            "your opponent is placing cards before battle.",
            "redemption.turn.phase",
        )
    if ph == "battle" and not b:
        if mine:
            return (
                "Your turn: Battle phase",
                "send one Hero across the Field of Battle to rescue a Lost Soul from "
                "your opponent's Land of Bondage (or challenge if no soul can be reached), or 'end' to skip.",
                "redemption.battle.rescue",
            )
        return (
            "Your opponent's turn: Battle phase",
            "your opponent may send a Hero to rescue one of your Lost Souls.",
            "redemption.battle.rescue",
        )
    if ph == "battle" and b["step"] == "block":
        if me:
            return (
                "Battle: block or not",
                "a Hero is coming for one of your Lost Souls. Block it with one Evil "
                "Character from your hand or territory, or let it through: an unblocked Hero rescues.",
                "redemption.battle.block",
            )
        return (
            "Battle: waiting for the block",
            "your opponent decides whether to block your Hero.",
            "redemption.battle.block",
        )
    if ph == "battle" and b["step"] == "initiative":
        reason = from_side(v["templates"]["initiative_reason"], player, game.n)
        if me:
            return (
                "Battle: you have initiative",
                f"{reason}. Play an enhancement that matches the brigade of one of your characters in battle, or pass.",
                "redemption.battle.initiative",
            )
        return "Battle: your opponent has initiative", f"{reason}.", "redemption.battle.initiative"
    if ph == "battle" and b["step"] == "surrender":
        if me:
            return (
                "Battle: surrender a Lost Soul",
                "the rescue succeeded: choose which of your Lost Souls the Hero takes to their Land of Redemption.",
                "redemption.battle.surrender",
            )
        return (
            "Battle: the rescue succeeded",
            "your opponent chooses which Lost Soul you rescue.",
            "redemption.battle.surrender",
        )
    if ph == "discard":
        if mine:
            return (
                "Your turn: Discard phase",
                "you may still place cards; 'end' ends your turn (then you discard down to your hand limit).",
                "redemption.discard.actions",
            )
        return (
            "Your opponent's turn: Discard phase",
            "your opponent is finishing their turn.",
            "redemption.discard.actions",
        )
    if me:
        return (
            "Discard down to your hand limit",
            f"you hold more than {v['players'][player]['hand_limit']} cards: choose the cards to discard.",
            "redemption.discard.limit",
        )
    return "Your opponent discards", "your opponent discards down to their hand limit.", "redemption.discard.limit"


def _after(game: Game, action: Action) -> Game | None:
    g = game.clone()
    return g if g.apply(action).ok else None


def _totals(g: Game) -> str:
    a = g.active
    hs, ht, _ = g.side_totals(a)
    es, et, _ = g.side_totals(1 - a)
    return f"Heroes {hs}/{ht} vs Evil {es}/{et}"


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


def describe_action(game: Game, player: int, action: Action) -> tuple[str, str]:
    v, a = action.verb, action.args
    rule = game.check(action).rule
    if v == "cut":
        if not a:
            return "cut at random", rule
        most = max(int(x.args[0]) for x in game.legal_actions() if x.verb == "cut" and x.args)
        return (
            f"lift {a[0]} cards off the top and put them underneath (any number from {a[0]} to {most}: 'cut N')",
            rule,
        )
    if v == "first":
        return ("you take the first turn" if int(a[0]) == player else "your opponent takes the first turn"), rule
    if v == "end":
        words = {
            "prep": "end the Preparation phase and go to the Battle phase",
            "battle": "skip the battle this turn and go to the Discard phase",
            "discard": "end your turn (discarding down to your hand limit if needed)",
        }
        return words.get(game.phase, "end this phase"), rule
    if v == "play":
        return f"put {_card(game, a[0])} into your territory, ready to battle", rule
    if v == "artifact":
        return f"put the artifact {game.card(a[0]).name} face down on your artifact pile", rule
    if v == "activate":
        return f"turn {game.card(a[0]).name} face up (once a turn): {game.card(a[0]).ability_text}", rule
    if v == "site":
        return f"put the site {game.card(a[0]).name} into your territory: {game.card(a[0]).ability_text}", rule
    if v == "soul":
        return f"move {game.card(a[0]).name} into {game.card(a[1]).name}, where fewer Heroes can reach it", rule
    if v == "setaside":
        return f"set {game.card(a[0]).name} aside: out of play, safe, until you return it", rule
    if v == "return":
        return f"bring {game.card(a[0]).name} back from set-aside into your territory", rule
    if v == "equip":
        return (
            f"put the weapon {_card(game, a[0])} on your warrior {game.card(a[1]).name}; it stays after battles",
            rule,
        )
    if v == "fortress":
        return f"put the fortress {game.card(a[0]).name} into play: {game.card(a[0]).ability_text}", rule
    if v == "fortress-in":
        return f"put {game.card(a[0]).name} into {game.card(a[1]).name}, safe from discard (but it cannot battle)", rule
    if v == "fortress-out":
        return f"take {game.card(a[0]).name} out of its fortress into your territory", rule
    if v == "rescue":
        n = len(game.reachable(a[0], 1 - player))
        return f"rescue attempt with {_card(game, a[0])}: it can reach {n} of your opponent's Lost Souls", rule
    if v == "challenge":
        return (
            f"battle challenge with {_card(game, a[0])}: no Lost Soul it can reach, but it can still defeat a blocker",
            rule,
        )
    if v == "block":
        g = _after(game, action)
        what = f"; then {_totals(g)}: {STANDING[g.standing()]}" if g and g.b.kind else ""
        return f"block with {_card(game, a[0])}{what}", rule
    if v == "noblock":
        return "let the Hero through: an unblocked Hero rescues one of your Lost Souls", "redemption.battle.unopposed"
    if v == "enhance":
        e, c = game.card(a[0]), game.card(a[1])
        extra = " (Name-on-Name: numbers double)" if game.options["name_on_name"] and name_on_name(e, c) else ""
        g = _after(game, action)
        after = f"; then {_totals(g)}: {STANDING[g.standing()]}" if g and g.b.kind else ""
        ability = f" {e.ability_text}" if e.ability_text else ""
        target = f", choosing {game.card(a[2]).name}" if len(a) > 2 else ""
        return f"play {e.name} (+{e.strength}/+{e.toughness}) on {c.name}{target}{extra}{after}.{ability}", rule
    if v == "pass":
        st = game.standing()
        if st in ("hero_winning", "evil_winning"):
            return f"play nothing more: the battle ends now and {STANDING[st]}", rule
        return "pass: if your opponent passes too, the battle ends as it stands", rule
    if v == "surrender":
        return f"give up {game.card(a[0]).name} to the rescuing Hero", rule
    if v == "dominant":
        d = game.card(a[0])
        target = f" (target: {game.card(a[1]).name})" if len(a) > 1 else ""
        return f"play the Dominant {d.name}{target}: {d.ability_text}", rule
    if v == "discard":
        return f"discard {game.card(a[0]).name} from your hand", rule
    if v == "decline":
        return "play no Dominant now: the game goes on", rule
    return str(action), rule


def explain_events(game: Game, player: int, events: list[Event]) -> list[Line]:
    """What happened since ``player`` last decided, from their side, and why it mattered."""
    out: list[Line] = []
    for e in events:
        rule = e.rule
        text = from_side(e.template or e.text, player, game.n)
        theirs = e.player not in (-1, player)
        # the event's rule says what it was (the coach reads the fields, not the words)
        if e.kind == "battle" and theirs and rule in ("redemption.battle.rescue", "redemption.battle.challenge"):
            text += " You may block it with one Evil Character, or let it through."
        elif e.kind == "battle" and theirs and rule == "redemption.battle.unopposed":
            text += " An unblocked Hero rescues."
        elif e.kind == "battle" and rule == "redemption.battle.block":
            pass
        elif e.kind == "enhance":
            rule = rule or "redemption.battle.enhance"
        elif e.kind == "totals":
            rule = rule or "redemption.battle.totals"
        elif e.kind == "pass":
            rule = rule or "redemption.battle.pass"
        elif e.kind == "rescue" and e.player != player:
            text += (
                f" Your opponent now has {game.score(1 - player)} Redeemed Soul(s) of {game.options['rescues_to_win']}."
            )
            rule = rule or "redemption.win.rescues"
        elif e.kind == "lost_soul":
            rule = rule or "redemption.draw.soul"
        out.append(Line(text, rule))
    return out


def battle_why(game: Game, player: int) -> list[Line]:
    """The live totals, who holds initiative and why, and the score."""
    v = game.view(player)
    if v["is_over"]:
        return []
    out: list[Line] = []
    b = v["battle"]
    if b:
        t = b["totals"]
        attacker = "your" if b["attacker"] == player else "your opponent's"
        out.append(
            Line(
                f"Totals: {attacker} Heroes {t['hero']['strength']}/{t['hero']['toughness']} vs Evil "
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
        if b["step"] == "initiative":
            who = "You have" if b["initiative"] == player else "Your opponent has"
            reason = from_side(v["templates"]["initiative_reason"], player, game.n)
            out.append(Line(f"{who} initiative: {reason[:1].lower() + reason[1:]}.", "redemption.battle.initiative"))
            if b["passes"]:
                out.append(Line("One pass so far: another pass ends the battle.", "redemption.battle.pass"))
    me, them = v["players"][player], v["players"][1 - player]
    out.append(
        Line(
            f"Redeemed Souls: you {v['score'][player]}, your opponent {v['score'][1 - player]}; "
            f"{v['rescues_to_win']} wins.",
            "redemption.win.rescues",
        )
    )
    out.append(
        Line(
            f"Lost Souls you can rescue (their Land of Bondage): {len(them['land_of_bondage']) + len(them['in_site'])}; "
            f"yours they can rescue: {len(me['land_of_bondage']) + len(me['in_site'])}.",
            "redemption.zones",
        )
    )
    return out


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


def suggest(game: Game, player: int) -> tuple[Action, str]:
    """The coach's own pick when no computer player answers: a winning block or enhancement, a rescue, else in order."""
    legal = game.legal_actions()
    me_hero = game.active == player

    def good(action: Action) -> bool:
        if action.verb not in ("block", "enhance"):
            return True
        g = _after(game, action)
        if g is None or not g.b.kind:
            return True
        st = g.standing()
        return st in (("hero_winning", "both_defeated") if me_hero else ("evil_winning", "stalemate", "both_defeated"))

    ranked = sorted(legal, key=lambda a: (not good(a), PRIORITY.index(a.verb) if a.verb in PRIORITY else len(PRIORITY)))
    action = ranked[0]
    return action, reason_for(game, player, action)


def reason_for(game: Game, player: int, action: Action) -> str:
    words, _ = describe_action(game, player, action)
    return words[:1].upper() + words[1:] + "."
