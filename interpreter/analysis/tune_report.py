"""tune --report: the front plotted (the first two objectives against each other, or the one
objective by trial), the trials over time, and the front's table."""
from __future__ import annotations

from . import plots
from .report import BODIES, esc, fig, table

BLUE, ORANGE, GREY = plots.BLUE, plots.ORANGE, plots.GREY


def loss_of(row: dict, name: str):
    o = (row.get("confirmed") or row.get("objectives") or {}).get(name)
    return None if o is None else o["loss"]


def front_plot(res: dict) -> str:
    fig_, ax = plots._figure()
    names = res["objectives"]
    done = [t for t in res["trials"] if t["objectives"]]
    front = res["front"]
    if len(names) >= 2:
        x, y = names[0], names[1]
        ax.scatter([loss_of(t, x) for t in done], [loss_of(t, y) for t in done], color=GREY,
                   label="trials")
        ax.scatter([loss_of(t, x) for t in front], [loss_of(t, y) for t in front], color=BLUE,
                   label="front")
        best = front[0] if front else None
        if best:
            ax.scatter([loss_of(best, x)], [loss_of(best, y)], color=ORANGE, s=80,
                       label="recommended")
        ax.set_xlabel(f"{x} (loss)")
        ax.set_ylabel(f"{y} (loss)")
        ax.set_title("Each trial's losses: 0 is the target")
    else:
        name = names[0]
        ax.scatter([t["trial"] for t in done], [loss_of(t, name) for t in done], color=BLUE)
        ax.set_xlabel("trial")
        ax.set_ylabel(f"{name} (loss)")
        ax.set_title("Each trial's loss: 0 is the target")
    if len(names) >= 2:
        ax.legend()
    return plots._svg(fig_)


def over_time(res: dict) -> str:
    fig_, ax = plots._figure()
    done = sorted((t for t in res["trials"] if t["objectives"]), key=lambda t: t["trial"])
    for name, colour in zip(res["objectives"], (BLUE, ORANGE, GREY, "#5a9e4b")):
        best, xs, ys = None, [], []
        for t in done:
            v = loss_of(t, name)
            best = v if best is None else min(best, v)
            xs.append(t["trial"])
            ys.append(best)
        ax.step(xs, ys, where="post", color=colour, label=f"{name}: best so far")
    ax.set_xlabel("trial")
    ax.set_ylabel("loss")
    ax.legend()
    return plots._svg(fig_)


def body(res: dict) -> tuple:
    title = f"tune {res['game']}"
    names = list(res["front"][0]["params"]) if res["front"] else []
    rows = []
    for r in res["front"]:
        shown = r.get("confirmed") or r["objectives"]
        rows.append([esc(r["trial"]) + (" (confirmed)" if "confirmed" in r else "")]
                    + [esc(r["params"][n]) for n in names]
                    + [f"{shown[o]['value']:.3g} ± {shown[o]['half']:.2g}"
                       for o in res["objectives"]])
    recommended = ", ".join(f"{k}={v}" for k, v in res["recommended"].items()) or "none"
    html = (f"<p>{len(res['trials'])} trials of {res['games']} games each "
            f"(parameters: <code>{esc(' '.join(res['params']))}</code>; objectives: "
            f"<code>{esc(' '.join(res['objectives']))}</code>).</p>"
            f"<p><b>Recommended:</b> <code>{esc(recommended)}</code>: {esc(res['why'])}.</p>"
            + table(["trial", *names, *res["objectives"]], rows))
    if any(t["objectives"] for t in res["trials"]):
        html += (fig(front_plot(res), "The trials and the front (losses: 0 is the target).")
                 + fig(over_time(res), "The best loss so far, by trial."))
    return title, html


BODIES["tune"] = body
