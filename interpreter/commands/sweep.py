"""rulebook sweep: one simulation per value of one --set path, the metrics by value."""
from __future__ import annotations

import click

from ..present import terminal
from ..analysis import render
from . import simulation as session
from ..analysis.overrides import parse_value
from .common import Failed, reports_errors


@click.command("sweep")
@click.argument("game_name", metavar="GAME")
@session.run_options
@click.option("--variant", help="A variant of the game.")
@click.option("--option", "option_specs", metavar="NAME=VALUE", multiple=True,
              help="Set a game option for every run. Repeatable.")
@click.option("--set", "set_specs", metavar="PATH=V1,V2,...", multiple=True, required=True,
              help="The value to sweep (several values, comma-separated), e.g. "
                   "--set cards.c12.cost=1,2,3; more --set with one value are fixed.")
@click.option("--json", "as_json", is_flag=True, help="Print the runs as JSON.")
@click.option("--report", "report_path", metavar="FILE.html",
              help="Write a self-contained HTML report with plots.")
@reports_errors
def sweep(game_name, games, players, seed, kind, bot_specs, rotate, jobs, scheduler, no_cards,
          variant, option_specs, set_specs, as_json, report_path):
    """Run N games of GAME for each value of one --set PATH=V1,V2,... on the same seeds."""
    session.report_ready(report_path)
    swept = [s for s in set_specs if "," in s.partition("=")[2]]
    fixed = [s for s in set_specs if s not in swept]
    if len(swept) != 1:
        raise Failed("sweep takes exactly one --set PATH=V1,V2,... with several values "
                     f"(found {len(swept)}); e.g. --set cards.c12.cost=1,2,3")
    path, _, values = swept[0].partition("=")
    values = [parse_value(v) for v in values.split(",") if v.strip()]
    st = session.setup(game_name, players, variant, option_specs, fixed, kind, bot_specs,
                       cards=not no_cards)
    con = terminal.console(quiet=as_json)
    runs = []
    stop = None
    for v in values:
        one = session.with_value(st, path.strip(), v)
        _, report = session.run_games(one, games, seed, rotate, jobs, scheduler, as_json, con,
                                      partial_ok=True, say_partial=False)
        if report.get("interrupted"):   # Ctrl-C: the values finished are the sweep
            stop = {**report["interrupted"], "value": v}
            break
        report["label"] = one.label
        runs.append(report)
    if stop is None:
        session.show("sweep", {"path": path.strip(), "values": values, "runs": runs},
                     report_path, as_json, con, render.sweep)
        return
    # a value half played is left out: its games are not the seeds the others played
    done = values[:len(runs)]
    click.echo(f"interrupted ({stop['signal']}) during {path.strip()}={stop['value']} "
               f"({stop['finished']} of {stop['planned']} games): " +
               (f"the table covers the {len(done)} values finished "
                f"({', '.join(map(str, done))})" if runs else "no value finished, no table"),
               err=True)
    if runs:
        session.show("sweep", {"path": path.strip(), "values": done, "runs": runs,
                               "interrupted": stop}, report_path, as_json, con, render.sweep)
    raise session.stopped(stop["signal"])
