"""The summaries of simulate, compare and sweep in the terminal (rich tables)."""
from __future__ import annotations

from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from .compare import failed_lines

CARD_ROWS = 12   # cards shown: the strongest and weakest by win-rate difference


def pct(x) -> str:
    return f"{x:.1%}"


def interval(iv, kind="rate") -> str:
    lo, hi = iv
    return f"{pct(lo)} - {pct(hi)}" if kind == "rate" else f"{lo:.2f} - {hi:.2f}"


def simulation(con, report: dict) -> None:
    con.print(Rule(f"{report['game']}: {report['games']} games, {report['players']} players, "
                   f"bots {report['bots']}, variant {report['variant']}"
                   + (", rotated" if report.get("rotate") else ""), style="bold cyan"))
    con.print(team_table(report["team"]) if report.get("cooperative") else seat_table(report))
    length = report["length"]
    lines = [
        f"completed: {report['completed']} of {report['games']}, in error: {report['errors']}",
        f"draws (ended as a draw, or several best rankings): {report['draws']}; capped "
        f"(stopped by a cap: `end game as capped`): {report['capped']}",
        f"game length: {length['mean']:.1f} decisions (sd {length['sd']:.1f}, "
        f"min {length['min']}, max {length['max']}), and {report['forced_per_game']:.1f} forced "
        "steps (a choice with one option, taken without asking)",
    ]
    if report.get("rounds"):
        r = report["rounds"]
        lines.append(f"rounds: {r['mean']:.1f} (sd {r['sd']:.1f}, min {r['min']}, max {r['max']})")
    if report.get("cooperative"):
        s = report["team"]["score"]
        lines.append(f"team score: {s['mean']:.1f} (sd {s['sd']:.1f}, min {s['min']}, "
                     f"max {s['max']}); " + spread_words(s["histogram"]))
    else:
        m, fp = report["margin"], report["first_player"]
        lines += [f"margin of victory: {m['mean']:.1f} (sd {m['sd']:.1f})",
                  f"first player: {pct(fp['win_rate'])} ({interval(fp['interval'])}) against a "
                  f"fair share of {pct(fp['fair_share'])}: {fp['verdict']}"]
    lines.append(f"speed: {report['games_per_s']:.1f} games/s, "
                 f"{report['decisions_per_s']:.0f} decisions/s")
    if report.get("options"):
        lines.append("options: " + ", ".join(f"{k}={v}" for k, v in report["options"].items()))
    if report.get("set"):
        lines.append("set: " + ", ".join(f"{k}={v}" for k, v in report["set"].items()))
    # the console prints no markup (terminal.console): styles are given as Text
    out = [Text(line) for line in lines]
    if report["cap_warning"]:
        out.append(Text(f"warning: {pct(report['capped'] / report['completed'])} of the games "
                        "hit a cap: their results say little about the rules",
                        style="bold yellow"))
    if report["errors"]:
        out.append(Text(f"games in error: {report['errors']}", style="bold red"))
        for e in report["error_samples"]:
            out.append(Text(f"  seed {e['seed']}: {e['error']}"))
            if e.get("save"):
                # a command is never broken over lines (copied, it must run as printed)
                out.append(Text(f"    reproduce it: {e['replay']}", no_wrap=True,
                                overflow="ignore"))
        out.append(Text("  (a game in error is left out of every figure above)"))
    for line in out:
        con.print(line, soft_wrap=bool(line.no_wrap))
    if report.get("metrics"):
        con.print(metric_table(report["metrics"], "declared metrics"))
    if report.get("game_metrics"):
        con.print(metric_table(report["game_metrics"], "game metrics (docs/guides/metrics.md)"))
    for r in report.get("restricted") or ():
        con.print(Text(f"restricted play, {r['card']} forbidden to each seat in turn: its win "
                       f"rate {pct(r['with'])} -> {pct(r['forbidden'])} (difference "
                       f"{r['difference']:+.1%}, {interval(r['interval'])}): {r['verdict']}"))
    if report.get("cards"):
        con.print(card_table(report["cards"]))
        for name, meaning in (report.get("card_columns") or {}).items():
            con.print(Text(f"  {name}: {meaning}"))


def seat_table(report: dict) -> Table:
    t = Table(header_style="bold")
    for col, just in (("seat", "left"), ("wins", "right"), ("win rate", "right"),
                      ("95% interval", "right"), ("mean score", "right")):
        t.add_column(col, justify=just)
    for row in report["seats"]:
        t.add_row(Text(row["seat_label"]), str(row["wins"]), pct(row["win_rate"]),
                  interval(row["win_interval"]), f"{row['mean_score']:.1f}")
    for b in report["bot_rates"] if len(report["bot_rates"]) > 1 else ():
        t.add_row(Text(f"bot {b['bot']}"), str(b["wins"]), pct(b["win_rate"]),
                  interval(b["win_interval"]), "")
    return t


def team_table(team: dict) -> Table:
    """A cooperative game: every seat wins or loses with the team, so one row."""
    t = Table(header_style="bold", title="cooperative: the team wins or loses together",
              title_justify="left")
    for col, just in (("team", "left"), ("wins", "right"), ("losses", "right"),
                      ("win rate", "right"), ("95% interval", "right"), ("mean score", "right"),
                      ("95% interval ", "right")):
        t.add_column(col, justify=just)
    s = team["score"]
    t.add_row("all seats", str(team["wins"]), str(team["losses"]), pct(team["win_rate"]),
              interval(team["win_interval"]), f"{s['mean']:.1f}", interval(s["interval"], "mean"))
    return t


def spread_words(bins: list) -> str:
    """A score histogram in words: 'score 3: 10 games, score 4: 12 games, ...'."""
    if not bins:
        return "no scores"
    return "distribution: " + ", ".join(
        f"{b['lo']:g}" + (f"-{b['hi']:g}" if b.get("hi") not in (None, b["lo"]) else "")
        + f": {b['count']}" for b in bins)


def metric_table(metrics: list, title: str) -> Table:
    t = Table(title=title, header_style="bold", title_justify="left")
    for col in ("metric", "value", "95% interval"):
        t.add_column(col, justify="left" if col == "metric" else "right")
    for m in metrics:
        value = pct(m["value"]) if m["kind"] == "rate" else f"{m['value']:.2f}"
        t.add_row(Text(m["name"]), value, interval(m["interval"], m["kind"]))
    return t


def short_name(row: dict, most: int = 40) -> str:
    """A card as people know it (its label), cut to `most` characters for a table or plot."""
    name = str(row.get("label") or row["card"])
    return name if len(name) <= most else name[:most - 3] + "..."


def card_table(cards: list) -> Table:
    rows = cards if len(cards) <= CARD_ROWS else \
        cards[:CARD_ROWS // 2] + cards[-(CARD_ROWS // 2):]
    t = Table(title=f"cards: win rate of the seats that acquired (else played) each one vs the "
                    f"others; {len(rows)} of {len(cards)} shown", header_style="bold",
              title_justify="left")
    for col in ("card", "acquired", "played", "win rate with", "without", "difference",
                "95% interval", ""):
        t.add_column(col, justify="left" if col == "card" else "right", no_wrap=True)
    for row in rows:
        a = row.get("acquired") or row.get("played")
        t.add_row(Text(short_name(row)), str((row.get("acquired") or {}).get("count", 0)),
                  str((row.get("played") or {}).get("count", 0)), pct(a["win_rate_with"]),
                  pct(a["win_rate_without"]), f"{a['delta']:+.1%}",
                  f"{a['delta_interval'][0]:+.1%} - {a['delta_interval'][1]:+.1%}", a["flag"])
    return t


def comparison(con, result: dict) -> None:
    con.print(Rule(f"compare: A = {result['a']['label']}, B = {result['b']['label']}, "
                   f"{result['a']['games']} games each, same seeds", style="bold cyan"))
    if result.get("failed"):
        for line in failed_lines(result):   # its "reproduce it: COMMAND" never broken
            con.print(Text(line, style="bold red"), soft_wrap="reproduce it: " in line)
        return
    t = Table(header_style="bold")
    for col in ("metric", "A", "B", "B - A", "95% interval", ""):
        t.add_column(col, justify="left" if col == "metric" else "right")
    for d in result["differences"]:
        rate = d["kind"] == "rate"
        fmt = (lambda x: pct(x)) if rate else (lambda x: f"{x:.2f}")
        lo, hi = d["interval"]
        t.add_row(Text(d["name"]), fmt(d["a"]), fmt(d["b"]),
                  f"{d['difference']:+.1%}" if rate else f"{d['difference']:+.2f}",
                  f"{lo:+.1%} - {hi:+.1%}" if rate else f"{lo:+.2f} - {hi:+.2f}",
                  "significant" if d["significant"] else "")
    con.print(t)
    n = sum(1 for d in result["differences"] if d["significant"])
    con.print(f"{n} significant difference{'s' * (n != 1)} (95% intervals that leave out 0)")


def sweep(con, result: dict) -> None:
    con.print(Rule(f"sweep {result['path']}: {len(result['values'])} values, "
                   f"{result['runs'][0]['games']} games each", style="bold cyan"))
    t = Table(header_style="bold")
    t.add_column("metric")
    for v in result["values"]:
        t.add_column(f"{result['path'].split('.')[-1]}={v}", justify="right")
    names = [m["name"] for m in result["runs"][0]["scalars"]]
    for name in names:
        cells = []
        for run in result["runs"]:
            m = next((x for x in run["scalars"] if x["name"] == name), None)
            cells.append("FAILED" if not run["completed"] else "" if m is None else
                         pct(m["value"]) if m["kind"] == "rate" else f"{m['value']:.2f}")
        t.add_row(Text(name), *cells)
    con.print(t)
    for v, run in zip(result["values"], result["runs"]):
        if run["games"] and not run["completed"]:   # its zeros measure nothing: said loudly
            first = run["error_samples"][0]["error"] if run["error_samples"] else ""
            con.print(Text(f"{result['path']}={v} FAILED: all {run['games']} of its games "
                           f"ended in an error" + (f"; the first: {first}" if first else ""),
                           style="bold red"))
