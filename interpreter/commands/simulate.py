"""rulebook simulate: many seeded bot games, summarised for balancing (the work is in
interpreter/analysis: runner, stats, render)."""
from __future__ import annotations

import click

from ..present import terminal
from ..analysis import render
from . import simulation as session
from .common import Failed, reports_errors
from ..analysis.runner import Runner, default_jobs, tasks_for
from ..analysis.skill import copies_of, restricted_play, skill_trace


@click.command("simulate")
@click.argument("game_name", metavar="GAME")
@session.run_options
@click.option("--variant", help="A variant of the game.")
@click.option("--option", "option_specs", metavar="NAME=VALUE", multiple=True,
              help="Set a game option (see: rulebook list), e.g. --option turn_cap=50. "
                   "Repeatable.")
@click.option("--set", "set_specs", metavar="PATH=VALUE", multiple=True,
              help="Change one value of the game for this run, e.g. --set cards.c12.cost=3 "
                   "or --set constants.turns=4. Repeatable.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@click.option("--jsonl", "jsonl_path", metavar="FILE", help="Write one JSON line per game.")
@click.option("--report", "report_path", metavar="FILE.html",
              help="Write a self-contained HTML report with plots.")
@click.option("--skill", is_flag=True, help="Also measure the skill trace: greedy against "
              "random, and the search bot at 2N iterations against N, on the same seeds.")
@click.option("--skill-iterations", type=click.IntRange(min=1), default=20, show_default=True,
              metavar="N", help="N for --skill's search bots.")
@click.option("--forbid", "forbidden", metavar="CARD", multiple=True,
              help="Restricted play: each seat in turn never takes CARD (a card's id, or the "
                   "name of its copies); the change in its win rate. Repeatable.")
@reports_errors
def simulate(game_name, games, players, seed, kind, bot_specs, rotate, jobs, scheduler,
             no_cards, variant, option_specs, set_specs, as_json, jsonl_path, report_path,
             skill, skill_iterations, forbidden):
    """Run N bot games of GAME: win rates, draws, lengths, scores, per-card statistics."""
    session.report_ready(report_path)
    st = session.setup(game_name, players, variant, option_specs, set_specs, kind, bot_specs,
                       cards=not no_cards)
    for card in forbidden:              # an unknown card fails before any game
        if not copies_of(st.game.g, card):
            raise Failed(f"--forbid {card}: the game has no card '{card}'")
    con = terminal.console(quiet=as_json)
    stream = None
    if jsonl_path:   # lines are written as games finish, in the run's order
        order = {(t.index, t.rotation): i for i, t in
                 enumerate(tasks_for(seed, games, st.kinds, rotate))}
        stream = session.JsonlStream(jsonl_path, st.game.g, order)
    try:
        records, report = session.run_games(st, games, seed, rotate, jobs, scheduler, as_json,
                                            con, partial_ok=True, on_record=stream)
        if (skill or forbidden) and not report.get("interrupted"):
            more_games(st, report, records, games, seed, jobs, skill and skill_iterations,
                       forbidden)
        session.show("simulate", report, report_path, as_json, con, render.simulation,
                     jsonl=stream)
    finally:
        if stream is not None:
            stream.discard()      # only when show() never finished it
    if report.get("interrupted"):   # a partial run, shown and written: said by the status too
        raise session.stopped(report["interrupted"]["signal"])
    if report["errors"]:
        raise SystemExit(1)


def more_games(st, report: dict, records: list, games: int, seed: int, jobs, iterations,
               forbidden) -> None:
    """--skill and --forbid: their games on the run's seeds, added to the report."""
    runner = Runner(jobs or default_jobs())
    if iterations:
        report["game_metrics"] += skill_trace(runner, st.spec, st.game, games, seed, iterations)
    report["restricted"] = [restricted_play(runner, st.spec, st.game, st.kinds, games, seed,
                                            card, records) for card in forbidden]
