"""rulebook simulate: many seeded bot games, summarised for balancing."""
from __future__ import annotations

import json
import math
import statistics
import time

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from .. import terminal
from ..rng import derive_seed as game_seed
from ..bots import make_bot
from ..errors import GameError, RulebookError
from .common import Failed, load_game, option_args, reports_errors, seat_arg, seed_option

ERROR_SAMPLES = 5


@click.command("simulate")
@click.argument("game_name", metavar="GAME")
@click.option("-n", "games", type=click.IntRange(min=1), default=100, show_default=True,
              help="Number of games.")
@click.option("--players", type=click.IntRange(min=1),
              help="Number of players (default: the game's minimum).")
@click.option("--seed", type=int, default=0, show_default=True, callback=seed_option,
              help="Seed of the run; game i's seed is a hash of it and i (errors show it).")
@click.option("--bots", "kind", default="random", show_default=True, metavar="KIND",
              help="The bot in every seat (random, greedy, ismcts:iterations=400, policy:NAME).")
@click.option("--bot", "bot_specs", metavar="SEAT=KIND", multiple=True,
              help="One seat's bot, overriding --bots (e.g. --bot P1=ismcts:iterations=400). "
                   "Repeatable; seats are 1-based.")
@click.option("--variant", help="A variant of the game.")
@click.option("--option", "option_specs", metavar="NAME=VALUE", multiple=True,
              help="Set a game option (see: rulebook list), e.g. --option turn_cap=50. "
                   "Repeatable.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@reports_errors
def simulate(game_name, games, players, seed, kind, bot_specs, variant, option_specs, as_json):
    """Run N bot games of GAME: win rates, draws, game length."""
    game = load_game(game_name)
    options = option_args(game, option_specs)
    try:   # a bad player count or variant stops here; a rule bug is counted per game below
        players = game.new_state(players, seed, variant, options)["n"]
    except GameError:
        players = players or game.g.players_min
    kinds = seat_bots(game, players, kind, bot_specs)
    kind = kind if len(set(kinds)) == 1 and kinds[0] == kind else ", ".join(kinds)
    con = terminal.console(quiet=as_json)
    results, lengths, errors = [], [], []
    start = time.perf_counter()
    with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=con, transient=True,
                  disable=as_json or not con.is_terminal) as bar:
        task = bar.add_task("games", total=games)
        for i in range(games):
            try:
                result, length = play_one(game, players, game_seed(seed, i), variant, kinds,
                                          options)
                results.append(result)
                lengths.append(length)
            except Exception as e:   # one broken game must not end the run: record it
                msg = str(e) if isinstance(e, RulebookError) else f"{type(e).__name__}: {e}"
                errors.append({"seed": game_seed(seed, i), "error": msg})
            bar.advance(task)
    elapsed = max(time.perf_counter() - start, 1e-9)
    report = summarise(game, players, seed, kind, variant, results, lengths, errors, elapsed)
    report["options"] = {**game.g.options, **options}
    if as_json:
        click.echo(json.dumps(report))
    else:
        terminal.render_simulation(con, report)
    if errors:
        raise SystemExit(1)


def seat_bots(game, players, kind, bot_specs) -> list:
    """The bot spec of every seat: --bots everywhere, then each --bot SEAT=KIND."""
    kinds = [kind] * players
    for spec in bot_specs:
        seat, eq, k = spec.partition("=")
        if not eq or not k.strip():
            raise Failed(f"--bot {spec!r}: write SEAT=KIND, e.g. --bot P1=ismcts:iterations=400")
        kinds[seat_arg(game, seat, players)] = k.strip()
    for k in set(kinds):
        make_bot(k, game, 0)   # an unknown bot fails before the run
    return kinds


def play_one(game, players, seed, variant, kind, options=None):
    """One bot game (kind: one bot spec for every seat, or a list of one per seat);
    returns (result, decisions made)."""
    s = game.new_state(players, seed, variant, options)
    kinds = [kind] * s["n"] if isinstance(kind, str) else kind
    bots = [make_bot(kinds[p], game, seed * 1009 + p) for p in range(s["n"])]
    decisions = 0
    while not game.is_over(s):
        seat = game.waiting(s)[0]
        game.apply(s, seat, bots[seat].choose(game, s, seat))
        decisions += 1
    return game.result(s), decisions


def summarise(game, players, seed, kind, variant, results, lengths, errors, elapsed) -> dict:
    done = len(results)
    seats = []
    for p in range(players):
        wins = sum(1 for r in results if r["winners"] == [p])
        scores = [r["scores"][p] for r in results]
        seats.append({"seat": p + 1, "seat_label": game.g.seat_label(p), "wins": wins,
                      "win_rate": wins / done if done else 0.0,
                      "win_interval": list(wilson(wins, done)),
                      "mean_score": statistics.fmean(scores) if scores else 0.0})
    draws = sum(1 for r in results if r.get("draw") or len(r["winners"]) != 1)
    return {
        "game": game.g.id, "games": done + len(errors), "completed": done, "players": players,
        "seed": seed, "bots": kind, "variant": variant or game.g.default_variant,
        "seats": seats, "draws": draws,
        "length": {"mean": statistics.fmean(lengths) if lengths else 0.0,
                   "sd": statistics.stdev(lengths) if len(lengths) > 1 else 0.0,
                   "min": min(lengths, default=0), "max": max(lengths, default=0)},
        "seconds": elapsed, "games_per_s": (done + len(errors)) / elapsed,
        "decisions_per_s": sum(lengths) / elapsed,
        "errors": len(errors), "error_samples": errors[:ERROR_SAMPLES],
    }


def wilson(k: int, n: int, z: float = 1.96) -> tuple:
    """The 95% Wilson score interval of k successes in n trials (sound near 0% and 100%)."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))
