"""The reference games of benchmarks/games/ (and two cookbook games of examples/: the
roll-and-write keep_dice and the sowing game sow), written by hand in Python against the driver API
of interpreter/game.py's Game (new_state, waiting, option_count, options, apply, is_over,
result), with the same options in the same order and the same calls to the seeded generator
(interpreter/rng.py), so the same seed and the same decision indices give the same game as
the YAML version. benchmarks/reference.py times both; tests/test_reference_games.py proves
they agree."""
from __future__ import annotations


def ranked_result(scores: list) -> dict:
    """The engine's result for a game ranked by score alone (end.score, no ranking)."""
    n = len(scores)
    order = sorted(range(n), key=lambda p: scores[p], reverse=True)
    best = scores[order[0]]
    winners = [p for p in order if scores[p] == best]
    return {"winners": winners, "scores": list(scores), "ranking": order,
            "draw": len(winners) != 1}


class OneMover:
    """What every game here with one seat to move at a time, `s["p"]`, answers alike."""

    def is_over(self, s: dict) -> bool:
        return s["over"]

    def result(self, s: dict):
        return s["result"]

    def waiting(self, s: dict) -> list:
        return [] if s["over"] else [s["p"]]


def _games() -> dict:
    from pathlib import Path

    from .fourline import FourLine
    from .goofspiel import Goofspiel
    from .hearts import Hearts
    from .keep_dice import KeepDice
    from .pig import Pig
    from .sow import Sow
    here = Path(__file__).resolve().parent.parent / "games"
    examples = Path(__file__).resolve().parent.parent.parent / "examples"
    return {"fourline": (here / "fourline", FourLine), "goofspiel": (here / "goofspiel", Goofspiel),
            "hearts": (here / "hearts", Hearts), "pig": (here / "pig", Pig),
            "keep_dice": (examples / "keep_dice", KeepDice), "sow": (examples / "sow", Sow)}


REFERENCE_GAMES = _games()   # name -> (the YAML game's folder, the hand-written class)
