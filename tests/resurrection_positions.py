"""Hand-built Resurrection positions for tests."""

from rules.resurrection import CODES, Game


def side(hand=(), hero=(), fallen=(), table=(), rest="hero"):
    """A player's zones; every card not named goes to ``rest`` (hero or fallen, at the bottom)."""
    named = [*hand, *hero, *fallen, *table]
    others = [c for c in CODES if c not in named]
    hero, fallen = list(hero), list(fallen)
    (hero if rest == "hero" else fallen).extend(others)
    return {"hand": list(hand), "hero_pile": hero, "fallen_pile": fallen, "table": list(table)}


def position(p0, p1, aggressor=0, **options) -> Game:
    return Game.from_dict(
        {"game": "resurrection", "seed": 0, "aggressor": aggressor, "options": options, "players": [p0, p1]}
    )
