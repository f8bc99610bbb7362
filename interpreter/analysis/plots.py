"""The report's plots, drawn with matplotlib (no pyplot: no global state, no display) and
returned as inline SVG text (text as paths, so the file needs no fonts and no network).
Names are drawn as plain text, their control characters spelled out (safe_text)."""
from __future__ import annotations

import io

from ..safe_text import spelled
from .render import short_name

CARDS_SHOWN = 20   # the strongest and weakest cards by win-rate difference
BLUE, ORANGE, GREY = "#3b6ea8", "#d9822b", "#888888"


def require() -> None:
    """Raises the error --report gives without matplotlib (said before any game is played,
    not after the last)."""
    try:
        import matplotlib.figure  # noqa: F401
    except ImportError:
        from ..errors import RulebookError
        raise RulebookError("--report needs matplotlib: pip install -e '.[report]'") from None


def _figure(width=6.4, height=3.2):
    require()
    from matplotlib.figure import Figure
    import matplotlib
    matplotlib.rcParams["svg.fonttype"] = "path"
    matplotlib.rcParams["svg.hashsalt"] = "rulebook"   # the same report gives the same file
    # names are plain text: a seat called "$\foo{$ x" is not math for mathtext to parse
    matplotlib.rcParams["text.parse_math"] = False
    fig = Figure(figsize=(width, height))
    return fig, fig.add_subplot()


def _svg(fig) -> str:
    fig.tight_layout()
    buf = io.StringIO()
    fig.savefig(buf, format="svg", metadata={"Date": None})
    text = buf.getvalue()
    return text[text.index("<svg"):]


def _errors(values, intervals):
    return [[v - lo for v, (lo, _) in zip(values, intervals)],
            [hi - v for v, (_, hi) in zip(values, intervals)]]


def win_rates(report: dict) -> str:
    """Win rate per seat with its 95% interval, and the fair share."""
    fig, ax = _figure()
    seats = report["seats"]
    labels = [spelled(s["seat_label"]) for s in seats]
    values = [s["win_rate"] for s in seats]
    ax.bar(labels, values, color=BLUE, yerr=_errors(values, [s["win_interval"] for s in seats]),
           capsize=6)
    ax.axhline(report["first_player"]["fair_share"], color=GREY, linestyle="--",
               label="fair share")
    ax.set_ylabel("win rate (95% interval)")
    ax.set_ylim(0, 1)
    ax.legend(loc="upper right")
    ax.set_title("Win rate per seat")
    return _svg(fig)


def histogram(bins: list, title: str, xlabel: str) -> str:
    fig, ax = _figure()
    ax.bar([(b["lo"] + b["hi"]) / 2 for b in bins], [b["count"] for b in bins],
           width=[max(1, b["hi"] - b["lo"] + 1) * 0.9 for b in bins], color=BLUE)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games" if "length" in title.lower() else "count")
    ax.set_title(title)
    return _svg(fig)


def card_deltas(cards: list) -> str:
    """Win-rate difference of the seats that acquired (else played) each card, sorted."""
    rows = cards if len(cards) <= CARDS_SHOWN else \
        cards[:CARDS_SHOWN // 2] + cards[-(CARDS_SHOWN // 2):]
    stats = [r.get("acquired") or r.get("played") for r in rows]
    fig, ax = _figure(6.4, 0.6 + 0.28 * len(rows))
    y = list(range(len(rows)))[::-1]
    values = [s["delta"] for s in stats]
    colors = [ORANGE if s["flag"] else BLUE for s in stats]
    ax.barh(y, values, color=colors, xerr=_errors(values, [s["delta_interval"] for s in stats]),
            capsize=3)
    ax.set_yticks(y, [spelled(short_name(r)) for r in rows])    # by name, not id
    ax.axvline(0, color=GREY)
    ax.set_xlabel("win rate with the card - without (95% interval; orange: flagged)")
    ax.set_title("Per-card win-rate difference" + (f" ({len(rows)} of {len(cards)})"
                                                   if len(rows) < len(cards) else ""))
    return _svg(fig)


def differences(diffs: list) -> str:
    """compare: each rate's difference B - A with its interval (means are in the table)."""
    rates = [d for d in diffs if d["kind"] == "rate"]
    fig, ax = _figure(6.4, 0.8 + 0.32 * max(1, len(rates)))
    y = list(range(len(rates)))[::-1]
    values = [d["difference"] for d in rates]
    ax.barh(y, values, color=[ORANGE if d["significant"] else BLUE for d in rates],
            xerr=_errors(values, [d["interval"] for d in rates]), capsize=3)
    ax.set_yticks(y, [spelled(d["name"]) for d in rates])
    ax.axvline(0, color=GREY)
    ax.set_xlabel("B - A (95% interval; orange: significant)")
    ax.set_title("Rates: B against A")
    return _svg(fig)


def by_value(result: dict, names: list, title: str, ylabel: str) -> str:
    """sweep: metrics against the swept value, with intervals."""
    fig, ax = _figure()
    xs = [spelled(v) for v in result["values"]]
    for name in names:
        ms = [next((m for m in run["scalars"] if m["name"] == name), None)
              for run in result["runs"]]
        if any(m is None for m in ms):
            continue
        values = [m["value"] for m in ms]
        ax.errorbar(xs, values, yerr=_errors(values, [m["interval"] for m in ms]), capsize=4,
                    marker="o", label=spelled(name))
    ax.set_xlabel(spelled(result["path"]))
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(loc="best", fontsize="small")
    return _svg(fig)
