"""rulebook compare: two versions of a game (two folders, or one game with different
options, variants or --set values) played by the same bots on the same seeds."""
from __future__ import annotations

import click

from ..present import terminal
from ..analysis import compare as C
from ..analysis import render
from . import simulation as session
from .common import reports_errors

def side_options(fn):
    for side in ("b", "a"):
        fn = click.option(f"--{side}-set", f"{side}_set", metavar="PATH=VALUE", multiple=True,
                          help=f"--set for side {side.upper()} only. Repeatable.")(fn)
        fn = click.option(f"--{side}-option", f"{side}_option", metavar="NAME=VALUE",
                          multiple=True, help=f"--option for side {side.upper()} only.")(fn)
        fn = click.option(f"--{side}-variant", f"{side}_variant", metavar="V",
                          help=f"The variant of side {side.upper()}.")(fn)
    return fn


@click.command("compare")
@click.argument("game_a", metavar="GAME_A")
@click.argument("game_b", metavar="[GAME_B]", required=False)
@session.run_options
@click.option("--variant", help="The variant of both sides.")
@click.option("--option", "option_specs", metavar="NAME=VALUE", multiple=True,
              help="A game option for both sides. Repeatable.")
@click.option("--set", "set_specs", metavar="PATH=VALUE", multiple=True,
              help="A changed value for both sides. Repeatable.")
@side_options
@click.option("--json", "as_json", is_flag=True, help="Print the comparison as JSON.")
@click.option("--report", "report_path", metavar="FILE.html",
              help="Write a self-contained HTML report with plots.")
@reports_errors
def compare(game_a, game_b, games, players, seed, kind, bot_specs, rotate, jobs, scheduler,
            no_cards, variant, option_specs, set_specs, a_variant, a_option, a_set,
            b_variant, b_option, b_set, as_json, report_path):
    """Play GAME_A and GAME_B (default: GAME_A again, with the --b-* settings) on the same
    seeds and report each metric's difference B - A with a 95% interval."""
    session.report_ready(report_path)
    con = terminal.console(quiet=as_json)
    runs, played = {}, {}
    for side, name, v, opts, sets in (("a", game_a, a_variant, a_option, a_set),
                                      ("b", game_b or game_a, b_variant, b_option, b_set)):
        label = " ".join([name] + ([f"variant={v}"] if v else []) + list(opts) + list(sets))
        st = session.setup(name, players, v or variant, list(option_specs) + list(opts),
                           list(set_specs) + list(sets), kind, bot_specs, cards=not no_cards,
                           label=label)
        records, report = session.run_games(st, games, seed, rotate, jobs, scheduler, as_json,
                                            con, partial_ok=True, say_partial=False)
        report["label"] = label
        runs[side], played[side] = report, (st, records)
        if report.get("interrupted"):
            break
    stop = next((r["interrupted"] for r in runs.values() if r.get("interrupted")), None)
    if stop is not None and not partial_comparison(runs, played, seed, rotate, stop):
        raise session.stopped(stop["signal"])
    result = {"a": runs["a"], "b": runs["b"], "failed": C.failed_sides(runs["a"], runs["b"]),
              "differences": C.compare(runs["a"], runs["b"])}
    if stop is not None:
        result["interrupted"] = stop
    session.show("compare", result, report_path, as_json, con, render.comparison)
    if stop is not None:
        raise session.stopped(stop["signal"])
    if result["failed"]:     # a side with no completed game: the comparison did not happen
        raise SystemExit(1)


def partial_comparison(runs: dict, played: dict, seed: int, rotate: bool, stop: dict) -> bool:
    """Ctrl-C or SIGTERM during side B: A is compared on the games B finished (the same
    seeds and seats), its summary made again from those; said on stderr. False (and said)
    when there is nothing to compare: the stop came during A, or before B finished a game."""
    if "b" not in runs or not stop["finished"]:
        side = "B" if "b" in runs else "A"
        click.echo(f"interrupted ({stop['signal']}) during side {side} ({stop['finished']} of "
                   f"{stop['planned']} games): no comparison", err=True)
        return False
    records_b = played["b"][1]
    kept = {(r["index"], r["rotation"]) for r in records_b}
    st_a, records_a = played["a"]
    same = [r for r in records_a if (r["index"], r["rotation"]) in kept]
    seconds = runs["a"]["seconds"] * len(same) / max(len(records_a), 1)
    label = runs["a"]["label"]
    runs["a"] = session.summary(st_a, same, seconds, seed, rotate)
    runs["a"]["label"] = label
    click.echo(f"interrupted ({stop['signal']}) during side B: a partial comparison on the "
               f"{len(same)} games B finished of {stop['planned']} (A's summary covers the "
               "same games)", err=True)
    return True
