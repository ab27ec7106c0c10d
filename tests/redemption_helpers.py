"""Build hand-made Redemption positions for tests."""

from __future__ import annotations

from rules.redemption import CARDS, ZONES, Game

_DEFAULT_BATTLE = {
    "kind": "",
    "step": "",
    "last_actor": -1,
    "passes": 0,
    "ignored": {},
    "protected": {},
    "negated": [],
    "played": [],
    "souls": [],
    "surrenderer": -1,
}


class Built:
    """A game plus a way to find card ids by card key (``b["gideon"]`` or ``b["heavenly_city", 1]``)."""

    def __init__(self, game: Game, ids: dict[tuple[int, str], str]):
        self.game = game
        self.ids = ids

    def __getitem__(self, k):
        if isinstance(k, tuple):
            return self.ids[k]
        found = [cid for (p, key), cid in self.ids.items() if key == k]
        assert len(found) == 1, f"{k} is on {len(found)} sides; say which"
        return found[0]


def build(
    p0: dict,
    p1: dict,
    *,
    phase: str = "prep",
    active: int = 0,
    turn: int = 3,
    battle: dict | None = None,
    options: dict | None = None,
    flags: dict | None = None,
    attached: dict | None = None,
    face_up: list | None = None,
    filler: int = 0,
    keep_alive: bool = True,
    **extra,
) -> Built:
    """p0/p1: zone -> list of card keys (or (key, owner) pairs). ``attached``: key -> host key (player 0
    first, then player 1). ``battle`` fields may name card keys. ``filler`` adds that many plain cards
    to each draw pile's bottom so drawing never runs dry."""
    cards: dict[str, dict] = {}
    zones = [{z: [] for z in ZONES}, {z: [] for z in ZONES}]
    ids: dict[tuple[int, str], str] = {}
    counters = [0, 0]
    for p, spec in enumerate((p0, p1)):
        spec = dict(spec)
        if keep_alive and not any(
            CARDS[k if isinstance(k, str) else k[0]].type == "lost_soul" for keys in spec.values() for k in keys
        ):
            # a Lost Soul at the bottom of the draw pile keeps the game from ending for lack of souls
            spec["deck"] = list(spec.get("deck", [])) + ["ls_debtor" if p == 0 else "ls_stranger"]
        if filler:
            spec["deck"] = list(spec.get("deck", [])) + ["left_handed_blade" if p == 0 else "walking_on_water"] * filler
        for zone, keys in spec.items():
            for k in keys:
                key, owner = k if isinstance(k, tuple) else (k, p)
                counters[owner] += 1
                cid = f"{'GH'[owner]}{counters[owner]}"
                cards[cid] = {"key": key, "owner": owner}
                zones[p][zone].append(cid)
                ids.setdefault((owner, key), cid)

    def find(key):
        if isinstance(key, tuple):
            return ids[key]
        for p in (0, 1):
            if (p, key) in ids:
                return ids[(p, key)]
        return key

    b = dict(_DEFAULT_BATTLE)
    for k, v in (battle or {}).items():
        if k in ("ignored", "protected"):
            v = {find(a): find(s) for a, s in v.items()}
        elif k in ("negated", "played", "souls"):
            v = [find(a) for a in v]
        b[k] = v
    d = {
        "game": "redemption",
        "seed": 7,
        "options": options or {},
        "rng": {"seed": 7, "calls": 0},
        "decks": ["G", "H"],
        "cards": cards,
        "players": [{"zones": zones[0]}, {"zones": zones[1]}],
        "attached": {find(k): find(v) for k, v in (attached or {}).items()},
        "face_up": [find(k) for k in (face_up or [])],
        "phase": phase,
        "active": active,
        "turn": turn,
        "first": 0,
        "cutter": -1,
        "chooser": -1,
        "souls_drawn": [0, 0],
        "flags": {"artifact_activated": False, "battled": False, "rescued": False, **(flags or {})},
        "dry_turns": 0,
        "result": "",
        "end_reason": "",
        "battle": b,
        "history": [],
    }
    d.update(extra)
    return Built(Game.from_dict(d), ids)


def zone(g: Game, cid: str) -> tuple[int, str]:
    return g.zone_of(cid)


def ok(g: Game, text: str):
    before = g.to_dict()
    out = g.apply(text)
    assert out.ok, f"{text!r} refused: {out.reason} ({out.rule}); state was phase {before['phase']}"
    return out


def refused(g: Game, text: str, rule: str | None = None, words: str | None = None):
    before = g.to_dict()
    out = g.apply(text)
    assert not out.ok, f"{text!r} was accepted"
    assert g.to_dict() == before, "a refused action changed the state"
    if rule is not None:
        assert out.rule == rule, (out.rule, out.reason)
    if words is not None:
        assert words.lower() in out.reason.lower(), out.reason
    return out


def scenario(text: str) -> Built:
    """A position in the public scenario format (the lessons' keyed ``[start]`` with two ``[[start.seat]]``; see
    ``redemption.scenario`` in rules.md). Card keys name cards; ``b["key"]`` gives the id (``b["key", seat]``
    when both seats hold one)."""
    import tomllib

    from rules.lessons import keyed_state

    start = tomllib.loads(text)["start"]
    state, _ = keyed_state("redemption", start)
    state.setdefault("first", 0)
    state.setdefault("cutter", -1)
    game = Game.from_dict(state)
    ids: dict[tuple[int, str], str] = {}
    for cid, cd in state["cards"].items():
        ids.setdefault((cd["owner"], cd["key"]), cid)
    return Built(game, ids)
