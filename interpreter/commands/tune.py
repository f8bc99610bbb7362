"""rulebook tune: search a game's values for the ones that meet the designer's objectives
(the work is in analysis/tune.py; Optuna does the search)."""
from __future__ import annotations

import click
from rich.table import Table
from rich.text import Text

from ..analysis import tune_report  # noqa: F401 - adds the tune report to report.BODIES
from ..analysis.runner import Runner, default_jobs
from ..analysis.tune import TuneSpec, Tuner
from ..analysis.tune_space import TuneError, parse_objective, parse_param, from_game
from ..load import game_options
from ..load.game_options import SetupError
from ..present import terminal
from ..safe_text import spelled
from . import simulation as session
from .common import Failed, reports_errors


def params_of(st, specs) -> tuple:
    """The parameters, each checked at both ends of its range before any game is played:
    an option like --option, a path by loading the game with that value (a path the game
    does not have, or a value of the wrong kind, fails here with the --set words)."""
    from ..analysis.overrides import load_with_overrides
    from ..errors import GameDefError, RulebookError
    params = tuple(parse_param(s) for s in specs)
    if not params:
        raise Failed("tune needs at least one --param PATH=LOW..HIGH (or a `tune: params:` "
                     "section in the game)")
    paths = [p.path for p in params]
    if len(set(paths)) != len(paths):
        raise Failed("a --param is given twice")
    for p in params:
        ends = p.values or (p.low, p.high)
        if p.option is not None:
            try:
                spec = game_options.spec_named(st.game.g.name, st.game.g.option_specs, p.option)
                for v in ends:
                    game_options.parse(spec, str(v))
            except SetupError as e:
                raise Failed(f"--param {p.text()}: {e.reason}") from None
            continue
        for v in ends:
            try:
                load_with_overrides(st.spec.path, st.spec.overrides + ((p.path, v),))
            except GameDefError as e:
                raise Failed(f"--param {p.text()}: with {p.path}={v} the game has errors: "
                             + e.findings[0].format()) from None
            except RulebookError as e:
                raise Failed(f"--param {p.text()}: " + str(e).split(": ", 1)[-1]) from None
    return params


@click.command("tune")
@click.argument("game_name", metavar="GAME")
@session.run_options
@click.option("--param", "param_specs", metavar="PATH=LOW..HIGH[:STEP]|PATH=V1,V2",
              multiple=True, help="A value to search: a --set path (cards.ID.ATTR, constants.NAME,"
              " counters.player.NAME.start) or option.NAME, over a range or a list. Repeatable.")
@click.option("--objective", "objective_specs", metavar="NAME[=TARGET]", multiple=True,
              help="What to aim at: balance, first_seat, length=LOW..HIGH, drama, decisiveness, "
                   "card:ID, bot:KIND, or a metric NAME=TARGET. Several give a Pareto front.")
@click.option("--trials", type=click.IntRange(min=1), default=20, show_default=True,
              help="Trials in the study (a resumed study plays the ones it lacks).")
@click.option("--study", "study_path", metavar="FILE", help="Keep the study in this journal "
              "file: a stopped study resumes, and several processes can share it.")
@click.option("--variant", help="A variant of the game.")
@click.option("--option", "option_specs", metavar="NAME=VALUE", multiple=True,
              help="A fixed game option. Repeatable.")
@click.option("--set", "set_specs", metavar="PATH=VALUE", multiple=True,
              help="A fixed change of the game. Repeatable.")
@click.option("--json", "as_json", is_flag=True,
              help='Print {"recommended", "front", "trials", ...} as JSON.')
@click.option("--report", "report_path", metavar="FILE.html",
              help="Write an HTML report: the front and the trials over time.")
@click.option("--apply", "apply_dir", metavar="DIR", help="Write a copy of the game with the "
              "recommended values into DIR (comments and layout kept).")
@reports_errors
def tune(game_name, games, players, seed, kind, bot_specs, rotate, jobs, scheduler, no_cards,
         param_specs, objective_specs, trials, study_path, variant, option_specs, set_specs,
         as_json, report_path, apply_dir):
    """Search GAME's values (--param) for those that best meet the --objective(s)."""
    if report_path:
        from ..analysis.plots import _figure
        _figure()                      # no matplotlib: say so before any game is played
    st = session.setup(game_name, players, variant, option_specs, set_specs, kind, bot_specs,
                       cards=True)
    declared_params, declared_objectives = from_game(st.game.g)
    try:
        params = params_of(st, param_specs or declared_params)
        objectives = tuple(parse_objective(o, st.game.g, st.kinds)
                           for o in (objective_specs or declared_objectives or ("balance",)))
    except TuneError as e:
        raise Failed(str(e)) from None
    spec = TuneSpec(st.spec.path, st.game.g.id, st.game.g.definition_hash, st.spec.players,
                    variant, dict(st.spec.options), st.spec.overrides, st.kinds, params,
                    objectives, games=games, seed=seed, trials=trials, rotate=rotate)
    runner = Runner(jobs=jobs or default_jobs(), **_dask(scheduler))
    say = (lambda line: click.echo(spelled(line), err=True))
    try:
        tuner = Tuner(spec, runner, study_path, say)
        result = tuner.run()
    except TuneError as e:
        raise Failed(str(e)) from None
    if apply_dir and result["recommended"] and not result.get("interrupted"):
        from pathlib import Path
        from ..analysis.tune_apply import apply_values
        changed = apply_values(Path(spec.path), Path(apply_dir), result["recommended"])
        result["applied"] = {"folder": apply_dir, "changed": changed,
                             "check": f"rulebook compare {game_name} {apply_dir}/ -n {2 * games} "
                                      f"--players {spec.players} --seed {seed + 2}"}
    con = terminal.console(quiet=as_json)
    session.show("tune", result, report_path, as_json, con, render)
    if result.get("interrupted"):
        raise session.stopped(result["interrupted"]["signal"])


def _dask(scheduler) -> dict:
    settings = session.dask_settings(scheduler)
    return {k: v for k, v in settings.items() if k in ("scheduler", "worker_wait", "say")}


def cell(o: dict) -> str:
    return f"{o['value']:.3g} ± {o['half']:.2g}"


def render(con, result: dict) -> None:
    con.print(Text(f"{result['game']}: {len(result['trials'])} trials of {result['games']} "
                   f"games, {result['players']} players, bots {', '.join(result['bots'])}",
                   style="bold cyan"))
    front = result["front"]
    if not front:
        con.print(Text(result["why"]))
        return
    t = Table(title="the Pareto front (best first; ± is the 95% interval's half width)",
              header_style="bold", title_justify="left")
    names = list(front[0]["params"])
    for col in ["trial", *names, *result["objectives"]]:
        t.add_column(Text(col), justify="left" if col == "trial" else "right")
    for row in front:
        shown = row.get("confirmed") or row["objectives"]
        t.add_row(str(row["trial"]) + (" (confirmed)" if "confirmed" in row else ""),
                  *[Text(str(row["params"][n])) for n in names],
                  *[cell(shown[o]) for o in result["objectives"]])
    con.print(t)
    con.print(Text("recommended: " + ", ".join(f"{k}={v}" for k, v in
                                               result["recommended"].items()), style="bold"))
    con.print(Text(f"why: {result['why']}"))
    if result.get("applied"):
        a = result["applied"]
        con.print(Text(f"written to {a['folder']} (changed: {', '.join(a['changed'])}); "
                       f"check it on fresh seeds: {a['check']}"))
    if result.get("interrupted"):
        i = result["interrupted"]
        con.print(Text(f"interrupted ({i['signal']}) during trial {i['trial']}: the trials "
                       "finished are kept" + (f" in {result['study']}" if result["study"] else ""),
                       style="yellow"))
