"""What `rulebook tune` searches and what it aims at, read from the command line or from the
game's `tune:` section: parameters (a --set path or `option.NAME`, over a range or a list of
values) and objectives (each a loss to bring towards 0, with the metric it reads).

Every objective is minimised: a loss of 0 is the target reached. `Objective.loss(report)`
reads a simulation summary (stats.summarise) and returns (loss, half width of its 95%
interval, the metric's own value)."""
from __future__ import annotations

from dataclasses import dataclass

from ..build.tune_decls import Param, TuneError, parse_band, parse_param  # noqa: F401
from ..errors import did_you_mean
from ..load.game_options import parse_scalar
from .game_metrics import NAMES as METRIC_NAMES, GROUPS, by_name, interval_half

EVALUATION = set(GROUPS["evaluation"])


@dataclass(frozen=True)
class Objective:
    name: str                  # as written: balance, length=8..12, card:c12, drama=0.2
    metric: str                # what it reads: a game metric, card:ID, bot:KIND, a declared one
    target: float | None = None
    band: tuple | None = None  # length=LOW..HIGH

    @property
    def needs_trace(self) -> bool:
        return self.metric in EVALUATION

    @property
    def needs_cards(self) -> bool:
        return self.metric.startswith("card:")

    def loss(self, report: dict) -> tuple:
        """(loss, its interval's half width, the metric's value) from a summary."""
        if self.metric == "length":
            lo, hi = self.band
            done = report["_records"]
            field = "rounds" if any(r.get("rounds") is not None for r in done) else "decisions"
            values = [r[field] for r in done if r.get(field) is not None]
            inside = sum(1 for v in values if lo <= v <= hi) / (len(values) or 1)
            half = 1.96 * (inside * (1 - inside) / (len(values) or 1)) ** 0.5
            return 1.0 - inside, half, inside
        if self.metric.startswith("card:"):
            card = self.metric[5:]
            row = next((c for c in report.get("cards") or () if c["card"] == card), None)
            if row is None:
                return 0.0, 1.0, 0.0        # never acquired nor played in these games
            stats = row.get("acquired") or row.get("played")
            lo, hi = stats["delta_interval"]
            return abs(stats["delta"]), (hi - lo) / 2, stats["delta"]
        if self.metric.startswith("bot:"):
            kind = self.metric[4:]
            row = next((b for b in report["bot_rates"] if b["bot"] == kind), None)
            decided = report["game_metrics"] and \
                by_name(report["game_metrics"])["completion"]["value"]
            fair = (decided or 0) / report["players"]
            lo, hi = row["win_interval"]
            return abs(row["win_rate"] - fair), (hi - lo) / 2, row["win_rate"] - fair
        metrics = {**by_name(report["game_metrics"]),
                   **{m["name"]: m for m in report.get("metrics") or ()}}
        m = metrics[self.metric]
        value, half = m["value"], interval_half(m)
        if self.metric == "balance":
            return 1.0 - value, half, value
        if self.metric == "first_seat":
            return abs(value), half, value
        if self.target is None:            # drama, decisiveness: the more the better
            return -value, half, value
        return abs(value - self.target), half, value


def parse_objective(spec: str, g, kinds: list) -> Objective:
    """An objective, checked against the game (a card it has, a bot that plays, a metric it
    can measure: an evaluation-based one needs `bots: evaluation`)."""
    text = str(spec).strip()
    name, eq, target = text.partition("=")
    name = name.strip()
    if name == "length":
        return Objective(text, "length", band=parse_band(spec, target))
    if name.startswith("card:"):
        card = name[5:]
        from .cardstats import card_groups
        groups = set(card_groups(g).values())
        if card not in groups:
            hint = did_you_mean(card, groups)
            raise TuneError(f"--objective {spec!r}: no card '{card}'" + (f" ({hint})" if hint
                                                                           else ""))
        return Objective(text, name)
    if name.startswith("bot:"):
        if name[4:] not in kinds:
            raise TuneError(f"--objective {spec!r}: no seat plays '{name[4:]}' (the bots: "
                            f"{', '.join(sorted(set(kinds)))}); seat it with --bot SEAT=KIND")
        return Objective(text, name)
    declared = list(g.metrics.names) if g.metrics else []
    known = [m for m in METRIC_NAMES if m not in ("ideal_length",)] + declared
    if name not in known:
        hint = did_you_mean(name, known + ["length", "card:ID", "bot:KIND"])
        raise TuneError(f"--objective {spec!r}: no metric '{name}'" + (f" ({hint})" if hint else
                        f"; metrics: {', '.join(known)}"))
    value = None
    if eq:
        value = parse_scalar(target)
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            raise TuneError(f"--objective {spec!r}: the target is a number")
    elif name not in ("balance", "first_seat", "drama", "decisiveness"):
        raise TuneError(f"--objective {spec!r}: say the target, {name}=VALUE")
    if name in EVALUATION and not g.exprs.get("evaluation"):
        raise TuneError(f"--objective {spec!r}: {name} reads the game's evaluation, and this "
                        "game declares none (bots: evaluation)")
    return Objective(text, name, target=value)


def from_game(g) -> tuple:
    """The parameters and objectives the game's `tune:` section declares (checked when it was
    built: build/tune_decls.py); none: ((), ())."""
    section = g.tune or {}
    return tuple(section.get("params") or ()), tuple(section.get("objectives") or ())
