"""Game records -> the summary a designer reads.

A win is a sole winner. A game with several best rankings, or one that ended `as draw` (a
draw by its rules: a full board), is a draw; a game that ended `as capped` (a turn cap) is
*capped*, counted apart from draws: it was stopped, not decided. A cooperative game's
figures are the team's (team.py). Every rate has a 95% Wilson
interval; every mean the interval of the mean. `scalars` lists every metric in one form
(rates and means), which compare and sweep put side by side.
"""
from __future__ import annotations

from ..runtime import saves as savefile
from .cardstats import card_summary, column_meanings
from .game_metrics import game_metrics
from .intervals import histogram, mean, rate, wilson
from .team import team_scalars, team_summary

CAP_WARNING = 0.05
ERROR_SAMPLES = 5


def summarise(g, records: list, elapsed: float, players: int, info: dict) -> dict:
    done = [r for r in records if "error" not in r]
    errors = [{"seed": r["seed"], "error": r["error"],
               **({"save": r["save"], "replay": savefile.replay_command(g, r["save"])}
                  if r.get("save") else {})}
              for r in records if "error" in r]
    n = len(done)
    team = g.cooperative
    seats = []
    for p in range(players) if not team else ():   # the team's figures say it all
        wins = sum(1 for r in done if r["winners"] == [p])
        scores = [r["scores"][p] for r in done]
        seats.append({"seat": p + 1, "seat_label": g.seat_label(p), "wins": wins,
                      "win_rate": wins / n if n else 0.0, "win_interval": list(wilson(wins, n)),
                      "mean_score": mean("", scores)["value"],
                      "score_interval": mean("", scores)["interval"]})
    draws = sum(1 for r in done if r["draw"])
    capped = sum(1 for r in done if r["capped"])
    lengths = [r["decisions"] for r in done]
    rounds = [r["rounds"] for r in done if r.get("rounds") is not None]
    margins = [margin(r) for r in done if len(r["winners"]) == 1]
    report = {
        **info, "game": g.id, "games": len(records), "completed": n, "players": players,
        "seats": seats, "bot_rates": bot_rates(done, g) if not team else [],
        "cooperative": team, **({"team": team_summary(done)} if team else {}),
        "draws": draws, "capped": capped,
        "cap_warning": bool(n) and capped / n > CAP_WARNING,
        "length": {**spread(lengths), "histogram": histogram(lengths)},
        # choices with one option, taken without asking (not decisions)
        "forced_per_game": (sum(r.get("forced", 0) for r in done) / n) if n else 0.0,
        "rounds": {**spread(rounds), "histogram": histogram(rounds)} if rounds else None,
        "scores": {"histogram": histogram([r["team"]["score"] for r in done] if team else
                                          [s for r in done for s in r["scores"]])},
        "margin": spread(margins) if not team else None,
        "first_player": first_player(done, players) if not team else None,
        "seconds": elapsed, "games_per_s": len(records) / elapsed,
        "decisions_per_s": sum(lengths) / elapsed,
        "errors": len(errors), "error_samples": errors[:ERROR_SAMPLES],
    }
    if done and "acquired" in done[0]:
        report["cards"] = card_summary(g, done, players)
        report["card_columns"] = column_meanings(g)
    if done and "metrics" in done[0]:
        report["metrics"] = [m for m in custom_scalars(g, done)]
    # the named metrics of a game (game_metrics.py): in the summary, and beside every other
    # figure in compare and sweep
    report["game_metrics"] = game_metrics(records, players, g.metrics.bands if g.metrics else {},
                                          team)
    report["scalars"] = scalars(report, done, players, g) + [
        {**m, "name": f"metric {m['name']}"} for m in report["game_metrics"]]
    return report


def spread(values) -> dict:
    m = mean("", values)
    return {"mean": m["value"], "sd": m["sd"], "interval": m["interval"],
            "min": min(values, default=0), "max": max(values, default=0)}


def margin(r: dict) -> float:
    """The winner's score minus the best other score."""
    w = r["winners"][0]
    others = [s for p, s in enumerate(r["scores"]) if p != w]
    return r["scores"][w] - max(others) if others else 0


def bot_rates(done: list, g) -> list:
    """Win rate of each bot kind over the seats it played."""
    kinds = sorted({k for r in done for k in r["bots"]})
    out = []
    for k in kinds:
        seats = [(r, p) for r in done for p, kk in enumerate(r["bots"]) if kk == k]
        wins = sum(1 for r, p in seats if r["winners"] == [p])
        out.append({"bot": k, "seats_played": len(seats), "wins": wins,
                    "win_rate": wins / len(seats) if seats else 0.0,
                    "win_interval": list(wilson(wins, len(seats)))})
    return out


def first_player(done: list, players: int) -> dict:
    """Seat 1's win rate against its fair share (the games with a sole winner, split evenly
    over the seats); an advantage when the interval lies above it, a handicap when below."""
    wins = sum(1 for r in done if r["winners"] == [0])
    lo, hi = wilson(wins, len(done))
    decisive = sum(1 for r in done if len(r["winners"]) == 1)
    fair = decisive / len(done) / players if done else 1 / players
    verdict = "advantage" if lo > fair else "handicap" if hi < fair else "none detected"
    return {"win_rate": wins / len(done) if done else 0.0, "interval": [lo, hi],
            "fair_share": fair, "verdict": verdict}


def custom_scalars(g, done: list) -> list:
    """The game's declared metrics: true/false ones as rates, numbers as means."""
    out = []
    for name in g.metrics.names:
        values = [r["metrics"].get(name) for r in done]
        if all(isinstance(v, bool) for v in values):
            out.append(rate(name, sum(values), len(values)))
        else:
            out.append(mean(name, [v for v in values if isinstance(v, (int, float))]))
    return out


def scalars(report: dict, done: list, players: int, g) -> list:
    n = len(done)
    if g.cooperative:
        return team_scalars(report, done) + common_scalars(report, done) \
            + report.get("metrics", [])
    out = [rate(f"win rate {s['seat_label']}", s["wins"], n) for s in report["seats"]]
    if len(report["bot_rates"]) > 1:
        out += [rate(f"win rate bot {b['bot']}", b["wins"], b["seats_played"])
                for b in report["bot_rates"]]
    out += common_scalars(report, done)
    out += [mean(f"score {g.seat_label(p)}", [r["scores"][p] for r in done])
            for p in range(players)]
    out.append(mean("margin of victory", [margin(r) for r in done if len(r["winners"]) == 1]))
    return out + report.get("metrics", [])


def common_scalars(report: dict, done: list) -> list:
    """Draws, caps and lengths: the same in every kind of game."""
    n = len(done)
    out = [rate("draw rate", report["draws"], n), rate("capped rate", report["capped"], n),
           mean("decisions per game", [r["decisions"] for r in done])]
    if report["rounds"]:
        out.append(mean("rounds per game", [r["rounds"] for r in done]))
    return out
