"""A cooperative game's summary: every seat wins or loses with the team, so the figures are
the team's (its win rate and score distribution), never a seat's or a bot's win rate, and
no first-player advantage or margin of victory (no seat beats another)."""
from __future__ import annotations

from .intervals import histogram, mean, rate, wilson


def team_summary(done: list) -> dict:
    """The team's record over the completed games (record["team"]: score and won)."""
    n = len(done)
    wins = sum(1 for r in done if r["team"]["won"])
    scores = [r["team"]["score"] for r in done]
    m = mean("", scores)
    return {"wins": wins, "losses": n - wins, "win_rate": wins / n if n else 0.0,
            "win_interval": list(wilson(wins, n)),
            "score": {"mean": m["value"], "sd": m["sd"], "interval": m["interval"],
                      "min": min(scores, default=0), "max": max(scores, default=0),
                      "histogram": histogram(scores)}}


def team_scalars(report: dict, done: list) -> list:
    """The team's figures as compare and sweep put them side by side."""
    return [rate("team win rate", report["team"]["wins"], len(done)),
            mean("team score", [r["team"]["score"] for r in done])]
