"""--report FILE.html: one self-contained page (inline SVG plots and CSS, no script, no
link to anything), with the summary, the plots and the command that produced it."""
from __future__ import annotations

import html
import shlex
import sys
from pathlib import Path

from . import plots
from .compare import failed_lines
from .. import files

STYLE = """body{font-family:system-ui,sans-serif;max-width:60em;margin:2em auto;padding:0 1em;
color:#222}h1{font-size:1.5em}h2{font-size:1.2em;margin-top:2em}table{border-collapse:collapse;
margin:1em 0}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:right}
td:first-child,th:first-child{text-align:left}code{background:#f3f3f3;padding:.2em .4em}
figure{margin:1em 0}figure svg{max-width:100%;height:auto}.flag{color:#b35a00;font-weight:bold}
.warn{color:#b35a00}"""


def command_line() -> str:
    """The command as typed (run from Python, e.g. in a test: the parsed parameters)."""
    import click
    if Path(sys.argv[0]).name in ("rulebook", "cli.py"):
        return shlex.join(["rulebook", *sys.argv[1:]])
    ctx = click.get_current_context(silent=True)
    if ctx is None:
        return "(not run from the command line)"
    params = " ".join(f"{k}={v!r}" for k, v in ctx.params.items() if v not in (None, (), False))
    return f"rulebook {ctx.info_name} ({params})"


def esc(x) -> str:
    return html.escape(str(x))


def pct(x) -> str:
    return f"{x:.1%}"


def table(head: list, rows: list) -> str:
    out = ["<table><tr>" + "".join(f"<th>{esc(h)}</th>" for h in head) + "</tr>"]
    for row in rows:
        out.append("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>")
    return "".join(out) + "</table>"


def fig(svg: str, caption: str) -> str:
    return f"<figure>{svg}<figcaption>{esc(caption)}</figcaption></figure>"


def value(m: dict) -> str:
    return pct(m["value"]) if m["kind"] == "rate" else f"{m['value']:.2f}"


def interval(m: dict, key="interval") -> str:
    lo, hi = m[key]
    return f"{pct(lo)} - {pct(hi)}" if m["kind"] == "rate" else f"{lo:.2f} - {hi:.2f}"


def summary_section(r: dict) -> str:
    parts = [f"<p>{r['completed']} of {r['games']} games completed ({r['errors']} in error), "
             f"{r['players']} players, bots {esc(r['bots'])}, variant {esc(r['variant'])}"
             f"{', rotated' if r.get('rotate') else ''}; draws {r['draws']} (ended as a draw, "
             f"or several best rankings), capped {r['capped']} (stopped by a cap).</p>"]
    if r["cap_warning"]:
        parts.append('<p class="warn">More than 5% of the games hit a cap: their results say '
                     "little about the rules.</p>")
    if r.get("cooperative"):
        team, s = r["team"], r["team"]["score"]
        parts.append(f"<p>Cooperative: every seat wins or loses with the team. The team won "
                     f"{team['wins']} of {r['completed']} games: {pct(team['win_rate'])} "
                     f"({pct(team['win_interval'][0])} - {pct(team['win_interval'][1])}); "
                     f"team score {s['mean']:.2f} (sd {s['sd']:.2f}, min {s['min']}, max "
                     f"{s['max']}).</p>")
    else:
        fp = r["first_player"]
        parts.append(f"<p>First player: {pct(fp['win_rate'])} ({pct(fp['interval'][0])} - "
                     f"{pct(fp['interval'][1])}) against a fair share of "
                     f"{pct(fp['fair_share'])}: {esc(fp['verdict'])}.</p>")
    parts.append(table(["metric", "value", "95% interval"],
                       [[esc(m["name"]), value(m), interval(m)] for m in r["scalars"]]))
    return "".join(parts)


def plots_section(r: dict) -> str:
    if r.get("cooperative"):
        out = [fig(plots.histogram(r["team"]["score"]["histogram"], "Team score",
                                   "the team's score"),
                   "The team's score distribution (every seat shares it).")]
    else:
        out = [fig(plots.win_rates(r), "Win rate per seat; the dashed line is the fair share.")]
    out.append(fig(plots.histogram(r["length"]["histogram"], "Game length",
                                   "decisions per game"), "Game length in decisions."))
    if r["scores"]["histogram"] and not r.get("cooperative"):
        out.append(fig(plots.histogram(r["scores"]["histogram"], "Final scores", "score"),
                       "Final scores of every seat."))
    if r.get("cards"):
        out.append(fig(plots.card_deltas(r["cards"]), "Per-card win-rate difference: the "
                       "seats that acquired (else played) the card against the others."))
        out.append(card_table(r["cards"]))
        meanings = r.get("card_columns") or {}
        if meanings:
            out.append("<ul>" + "".join(f"<li><strong>{esc(k)}</strong>: {esc(v)}</li>"
                                        for k, v in meanings.items()) + "</ul>")
    return "".join(out)


def card_table(cards: list) -> str:
    rows = []
    for c in cards:
        s = c.get("acquired") or c.get("played")
        flag = f'<span class="flag">{s["flag"]}</span>' if s["flag"] else ""
        rows.append([esc(c.get("label") or c["card"]), esc(c["card"]),
                     str((c.get("acquired") or {}).get("count", 0)),
                     str((c.get("played") or {}).get("count", 0)),
                     pct(s["win_rate_with"]), pct(s["win_rate_without"]),
                     f"{s['delta']:+.1%}", f"{s['delta_interval'][0]:+.1%} - "
                     f"{s['delta_interval'][1]:+.1%}", flag])
    return table(["card", "id", "acquired", "played", "win rate with", "without",
                  "difference", "95% interval", ""], rows)


def simulate_body(r: dict) -> tuple:
    title = f"{r['game']}: {r['games']} games"
    return title, summary_section(r) + plots_section(r)


def compare_body(res: dict) -> tuple:
    a, b = res["a"], res["b"]
    title = f"compare {a['label']} / {b['label']}"
    if res.get("failed"):    # no deltas: say loudly which side failed, and why
        return title, "".join(f'<p class="warn"><strong>{esc(line)}</strong></p>'
                              for line in failed_lines(res))
    rows = [[esc(d["name"]), value({**d, "value": d["a"]}), value({**d, "value": d["b"]}),
             f"{d['difference']:+.1%}" if d["kind"] == "rate" else f"{d['difference']:+.2f}",
             interval(d), '<span class="flag">significant</span>' if d["significant"] else ""]
            for d in res["differences"]]
    body = (f"<p>A = <code>{esc(a['label'])}</code>, B = <code>{esc(b['label'])}</code>, "
            f"{a['games']} games each on the same seeds.</p>"
            + table(["metric", "A", "B", "B - A", "95% interval", ""], rows)
            + fig(plots.differences(res["differences"]), "Each rate's difference B - A.")
            + f"<h2>A: {esc(a['label'])}</h2>" + summary_section(a) + plots_section(a)
            + f"<h2>B: {esc(b['label'])}</h2>" + summary_section(b) + plots_section(b))
    return title, body


def sweep_body(res: dict) -> tuple:
    title = f"sweep {res['path']}"
    runs = res["runs"]
    names = [m["name"] for m in runs[0]["scalars"]]
    rows = []
    for name in names:
        ms = [next((m for m in run["scalars"] if m["name"] == name), None) for run in runs]
        rows.append([esc(name)] + [f"{value(m)} ({interval(m)})" if m else "" for m in ms])
    seats = [n for n in names if "win rate" in n] + ["draw rate", "capped rate"]
    team = "team score" in names
    lead = "team score" if team else "margin of victory"
    body = (table(["metric"] + [f"{esc(res['path'])}={esc(v)}" for v in res["values"]], rows)
            + fig(plots.by_value(res, seats, "Win, draw and cap rates by value", "rate"),
                  "Rates against the swept value (95% intervals).")
            + fig(plots.by_value(res, [lead], f"{lead.capitalize()} by value", "points"),
                  "The team's score against the swept value." if team else
                  "The winner's lead against the swept value."))
    return title, body


# kind -> the report's title and body; a module with a report of its own adds its entry
# (tune_report.py: "tune")
BODIES = {"simulate": simulate_body, "compare": compare_body, "sweep": sweep_body}


def write_report(path: str, kind: str, result: dict) -> None:
    title, body = BODIES[kind](result)
    page = (f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{esc(title)}</title><style>{STYLE}</style></head><body>"
            f"<h1>{esc(title)}</h1><p>Made by <code>{esc(command_line())}</code></p>"
            f"{body}</body></html>\n")
    files.write_text(path, page)    # atomic: a full disk or a kill keeps the earlier report
