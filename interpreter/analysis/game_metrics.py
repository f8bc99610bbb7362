"""The metrics a designer judges a game by, defined once: simulate, compare, sweep, tune,
--json, --jsonl and the report all read this table. docs/guides/metrics.md gives each formula.

Every metric is computed from the games' records (runner.play_game). Outcome, length and
choice metrics are always there; the evaluation-based ones need each record's `trace` (the
game's `bots: evaluation` for every seat at every settled position, recorded when a run asks
for it: simulate --metrics), so a plain run pays nothing for them. A settled position is one
where no seat has answered the pending decision yet: in a game of secret simultaneous
choices the evaluation is read only when all answers are in, so no metric depends on an
answer another seat could not see.

Each metric is a dict like intervals.mean's (name, kind, value, interval, n, sd), so compare
and sweep put them side by side like any other figure. Rates use Wilson's interval; a metric
derived from several rates (balance, uniformity) a bootstrap over the games (a fixed
generator: the same records give the same interval)."""
from __future__ import annotations

import math
import random
import statistics

from .intervals import Z, mean, rate

BOOTSTRAP = 200


def sole_winner(r: dict):
    w = r.get("winners") or []
    return w[0] if len(w) == 1 and not r.get("capped") else None


# ---------------------------------------------------------------- outcome
# The outcome metrics read only how often each seat won: computed from a vector of win counts
# (one per seat) and the number of games, so the bootstrap resamples counts, not records.
def balance_of(wins: list, games: int) -> float:
    """1 - the largest gap between two seats' win rates (1: every seat wins as often)."""
    return 1.0 - (max(wins) - min(wins)) / games if games else 1.0


def uniformity_of(wins: list, games: int) -> float:
    """The entropy of the sole winners' seats over its largest possible value (log of the
    seats): 1 when each seat wins equally often, 0 when one seat wins every decided game."""
    total = sum(wins)
    if total == 0 or len(wins) < 2:
        return 0.0
    h = -sum(c / total * math.log(c / total) for c in wins if c)
    return h / math.log(len(wins))


def first_seat_of(wins: list, games: int) -> float:
    """Seat 1's win rate minus its fair share of the decided games (0: no advantage)."""
    return (wins[0] - sum(wins) / len(wins)) / games if games else 0.0


OUTCOME_FNS = {"first_seat": first_seat_of, "balance": balance_of,
               "outcome_uniformity": uniformity_of}


def bootstrapped(winners: list, players: int) -> list:
    """first_seat, balance and outcome_uniformity, each with a 95% bootstrap interval
    (percentiles of BOOTSTRAP resamples of the games; a fixed generator, so the same records
    give the same intervals); `sd` is chosen so that compare's difference of two such metrics
    uses the bootstrap's standard error."""
    n = len(winners)

    def counts(sample) -> list:
        c = [0] * (players + 1)          # the last: no sole winner
        for w in sample:
            c[w] += 1
        return c[:players]
    base = counts(winners)
    rnd = random.Random(n * 7919 + players)
    draws = [counts([winners[rnd.randrange(n)] for _ in range(n)]) for _ in range(BOOTSTRAP)] \
        if n >= 2 else []
    out = []
    for name, fn in OUTCOME_FNS.items():
        value = fn(base, n)
        if not draws:
            out.append({"name": name, "kind": "mean", "n": n, "value": value, "sd": 0.0,
                        "interval": [value, value]})
            continue
        xs = sorted(fn(c, n) for c in draws)
        se = statistics.stdev(xs)
        lo, hi = xs[int(0.025 * BOOTSTRAP)], xs[int(0.975 * BOOTSTRAP) - 1]
        out.append({"name": name, "kind": "mean", "n": n, "value": value,
                    "sd": se * math.sqrt(n), "interval": [min(lo, value), max(hi, value)]})
    return out


def outcome(done: list, players: int) -> list:
    n = len(done)
    winners = [w if w is not None else players for w in map(sole_winner, done)]
    first, balance, uniformity = bootstrapped(winners, players)
    return [
        first, balance,
        rate("completion", sum(1 for w in winners if w < players), n),
        rate("drawishness", sum(1 for r in done if r.get("draw")), n),
        rate("capped_share", sum(1 for r in done if r.get("capped")), n),
        uniformity,
    ]


# ---------------------------------------------------------------- length and choice
def length(done: list, band: dict) -> list:
    out = [mean("decisions", [r["decisions"] for r in done])]
    rounds = [r["rounds"] for r in done if r.get("rounds") is not None]
    if rounds:
        out.append(mean("rounds", rounds))
    for what, (lo, hi) in sorted(band.items()):      # ideal_rounds, ideal_decisions
        field = "rounds" if what == "ideal_rounds" else "decisions"
        values = [r[field] for r in done if r.get(field) is not None]
        out.append(rate(f"ideal_length", sum(1 for v in values if lo <= v <= hi), len(values)))
    return out


def choice(done: list) -> list:
    """From each record's `choice`: [decisions with more than one option, options offered
    in all] (and `forced`: choices of one option taken without asking)."""
    asked = sum(r["decisions"] for r in done if "choice" in r)
    multi = sum(r["choice"][0] for r in done if "choice" in r)
    offered = sum(r["choice"][1] for r in done if "choice" in r)
    forced = sum(r.get("forced", 0) for r in done if "choice" in r)
    if not asked:
        return []
    per_game = [r["choice"][1] / r["decisions"] for r in done if r.get("decisions")]
    branching = mean("branching_factor", per_game)
    branching["value"] = offered / asked          # over every decision, not per game
    return [rate("decision_moves", multi, asked), branching,
            rate("forced_share", forced, asked + forced)]


# ---------------------------------------------------------------- evaluation-based
def leader(values: list):
    best = max(values)
    seats = [p for p, v in enumerate(values) if v == best]
    return seats[0] if len(seats) == 1 else None


def lead_changes(trace: list) -> int:
    leaders = [x for x in (leader(v) for v in trace) if x is not None]
    return sum(1 for a, b in zip(leaders, leaders[1:]) if a != b)


def stability(trace: list) -> float:
    """The share of consecutive settled positions whose leader (a sole best evaluation) is
    the same."""
    pairs = list(zip(trace, trace[1:]))
    if not pairs:
        return 1.0
    return sum(1 for a, b in pairs if leader(a) == leader(b)) / len(pairs)


def spread_of(trace: list) -> float:
    flat = [x for v in trace for x in v]
    return (max(flat) - min(flat)) if flat else 0.0


def drama(trace: list, winner: int) -> float:
    """The mean, over the settled positions, of the best seat's evaluation minus the eventual
    winner's, over the game's whole range of evaluations (0: the winner always led)."""
    width = spread_of(trace)
    if not trace or width == 0:
        return 0.0
    return statistics.fmean(max(v) - v[winner] for v in trace) / width


def decisiveness(trace: list, winner: int) -> float:
    """The share of the game played before the winner's evaluation passes the highest any
    other seat ever reached (1: not before the end)."""
    if not trace:
        return 1.0
    others = max((x for v in trace for p, x in enumerate(v) if p != winner), default=-math.inf)
    for t, v in enumerate(trace):
        if v[winner] > others:
            return t / len(trace)
    return 1.0


def trailed_at_half(trace: list, winner: int) -> bool:
    v = trace[len(trace) // 2]
    return v[winner] < max(v)


def evaluation_based(done: list) -> list:
    traced = [(r["trace"], sole_winner(r)) for r in done if r.get("trace")]
    won = [(t, w) for t, w in traced if w is not None]
    if not traced:
        return []
    return [
        mean("lead_changes", [lead_changes(t) for t, _ in traced]),
        mean("stability", [stability(t) for t, _ in traced]),
        mean("drama", [drama(t, w) for t, w in won]),
        mean("decisiveness", [decisiveness(t, w) for t, w in won]),
        rate("comeback_rate", sum(1 for t, w in won if trailed_at_half(t, w)), len(won)),
    ]


def per_game(r: dict) -> dict:
    """One game's own figures (simulate --jsonl): its choice metrics and, when traced, its
    evaluation-based ones."""
    out = {}
    if r.get("decisions") and "choice" in r:
        out["decision_moves"] = r["choice"][0] / r["decisions"]
        out["branching_factor"] = r["choice"][1] / r["decisions"]
    trace, w = r.get("trace"), sole_winner(r)
    if trace:
        out["lead_changes"] = lead_changes(trace)
        out["stability"] = stability(trace)
        if w is not None:
            out.update(drama=drama(trace, w), decisiveness=decisiveness(trace, w),
                       comeback=trailed_at_half(trace, w))
    return out


# ---------------------------------------------------------------- all of them
GROUPS = {
    "outcome": ("first_seat", "balance", "completion", "drawishness", "capped_share",
                "outcome_uniformity"),
    "length": ("decisions", "rounds", "ideal_length"),
    "choice": ("decision_moves", "branching_factor", "forced_share"),
    "evaluation": ("lead_changes", "stability", "drama", "decisiveness", "comeback_rate"),
}
NAMES = tuple(name for names in GROUPS.values() for name in names)


def game_metrics(records: list, players: int, band: dict | None = None,
                 cooperative: bool = False) -> list:
    """Every metric the records allow, in GROUPS' order (a cooperative game has no seat to
    compare: its outcome metrics are left out)."""
    done = [r for r in records if "error" not in r]
    if not done:
        return []
    out = [] if cooperative else outcome(done, players)
    return out + length(done, band or {}) + choice(done) + evaluation_based(done)


def by_name(metrics: list) -> dict:
    return {m["name"]: m for m in metrics}


def interval_half(m: dict) -> float:
    lo, hi = m["interval"]
    return (hi - lo) / 2 if hi >= lo else Z * m.get("sd", 0.0)
