"""Measure the engine: random playouts/s and decisions/s per game and player count,
state clone time, and expression evaluation compiled vs tree-walked.

    python benchmarks/run.py [--games N] [--game NAME ...] [--json]

Timings are for one process on one core; nothing here is asserted by the tests.
"""
from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter.runtime import state as S                        # noqa: E402
from interpreter.effects.compiler import Compiler, Scope  # noqa: E402
from interpreter.effects.parser import parse_expression   # noqa: E402
from interpreter.effects.treewalk import TreeWalker       # noqa: E402
from interpreter.runtime.game import Game                         # noqa: E402
from interpreter.load.documents import GAMEDEFS                   # noqa: E402
from interpreter.runtime.vm import VM                             # noqa: E402

# Per game: player counts to measure and expressions for the compiled/tree-walked comparison.
PLAN = {
    "metras": {"players": [3, 4], "exprs": [
        "my.fame * 3",
        "count(opponents where it.wealth < my.espionage) > 0",
        "min(my.espionage, first(opponents).IP) + my.espionage * (2 - 1)",
        "count(missions where my.exploration * 2 >= it.difficulty)",
        "players ranked by [it.IP, it.fame, it.wealth, it.exploration, it.espionage]",
    ]},
    "etheria": {"players": [3, 4], "exprs": [
        "count(bundles(my.hand, \"colour\"))",
        "count(bundles(my.hand, \"colour\") where bid_points(it, first(graveyard + noble_deck), me) >= 5)",
        "final_score(me)",
        "players ranked by [final_score(it), own_nobles(it)]",
    ]},
    # random bots never reach Metscri's goal: every playout runs to the default turn cap
    "metscri": {"players": [2, 4], "exprs": [
        'rim("d4") + 1',
        "count(cells() where height(it) > 0)",
        "count(cells() where height(it) > 0 and not top_card(it).face_up)",
        "sum(rim(c) + 1 for c in cells() where height(it) > 0)",
        'count(ray("d4", "n") until height(it) > 0)',
    ]},
    # five seats only (the rule post's match); random bots choose from the predicted menu
    "metropolis": {"players": [5], "exprs": [
        "count(stations() where count(map[it]) > 0)",
        "bot_value(me)",
        "count(program_menu(me, [], 0, []))",
        "count(faces() where controller[it] == me)",
    ]},
    # random bots rarely bring a Generator to 0: most playouts run to the turn cap (40 rounds)
    "meta": {"players": [2], "exprs": [
        "count(all_units())",
        "hand_max(me)",
        'reach("c2", 2, through=["c3"], blocked=["c7"])',
        "bot_value(me)",
    ]},
}


def playouts(game: Game, players: int, games: int, seed0: int = 0) -> dict:
    decisions = 0
    start = time.perf_counter()
    for seed in range(seed0, seed0 + games):
        r = random.Random(seed)
        s = game.new_state(players, seed=seed)
        while not s["over"]:
            seat = game.waiting(s)[0]
            # as a random bot plays: never a secret sequence's "undo last" (bot_option_count)
            game.apply(s, seat, r.randrange(game.bot_option_count(s, seat)))
            decisions += 1
    elapsed = time.perf_counter() - start
    return {"players": players, "games": games, "seconds": round(elapsed, 3),
            "playouts_per_s": round(games / elapsed, 1),
            "decisions_per_s": round(decisions / elapsed), "decisions_per_game": decisions // games}


def midgame_state(game: Game, players: int, steps: int = 150) -> dict:
    r = random.Random(1)
    s = game.new_state(players, seed=1)
    for _ in range(steps):
        if s["over"]:
            break
        seat = game.waiting(s)[0]
        game.apply(s, seat, r.randrange(game.option_count(s, seat)))
    return s


def clone_time(game: Game, players: int, reps: int = 2000) -> dict:
    s = midgame_state(game, players)
    start = time.perf_counter()
    for _ in range(reps):
        S.clone(s)
    clone_us = (time.perf_counter() - start) / reps * 1e6
    start = time.perf_counter()
    for _ in range(reps // 4):
        S.from_json(S.to_json(s))
    json_us = (time.perf_counter() - start) / (reps // 4) * 1e6
    return {"clone_us": round(clone_us, 1), "json_roundtrip_us": round(json_us, 1),
            "state_bytes": len(S.to_json(s))}


def expressions(game: Game, texts: list, reps: int = 5000) -> list:
    s = midgame_state(game, game.g.players_max)
    vm = VM(game.g, s)
    vm.l = {"me": 0}
    comp = Compiler(game.g)
    walker = TreeWalker(game.g)
    out = []
    for text in texts:
        tree = parse_expression(text)
        fn, _ = comp.expr(tree, Scope(game.g, {"me": "player"}))
        assert fn(vm) == walker.eval(tree, vm, {}), text   # both must agree
        start = time.perf_counter()
        for _ in range(reps):
            fn(vm)
        compiled = (time.perf_counter() - start) / reps * 1e6
        start = time.perf_counter()
        for _ in range(reps // 5):
            walker.eval(tree, vm, {})
        walked = (time.perf_counter() - start) / (reps // 5) * 1e6
        out.append({"expr": text, "compiled_us": round(compiled, 2), "treewalk_us": round(walked, 2),
                    "speedup": round(walked / compiled, 1)})
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300, help="playouts per game and player count")
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    ap.add_argument("--game", action="append", choices=sorted(PLAN),
                    help="measure only this game (repeatable; default: every game)")
    args = ap.parse_args()
    report = {"machine": {"python": platform.python_version(), "cpu": platform.processor() or
                          platform.machine(), "system": platform.system()}, "games": {}}
    for name, plan in PLAN.items():
        if not (GAMEDEFS / name / "game.yaml").is_file() or (args.game and name not in args.game):
            continue
        game = Game.load(name)
        entry = {"playouts": [playouts(game, n, args.games) for n in plan["players"]],
                 "state": clone_time(game, max(plan["players"])),
                 "expressions": expressions(game, plan["exprs"])}
        report["games"][name] = entry
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"machine: {report['machine']}")
    for name, e in report["games"].items():
        print(f"\n{name}")
        for p in e["playouts"]:
            print(f"  {p['players']} players: {p['playouts_per_s']:>7} playouts/s "
                  f"{p['decisions_per_s']:>8} decisions/s ({p['decisions_per_game']} decisions/game)")
        st = e["state"]
        print(f"  state: clone {st['clone_us']} us, JSON round-trip {st['json_roundtrip_us']} us, "
              f"{st['state_bytes']} bytes")
        for x in e["expressions"]:
            print(f"  {x['compiled_us']:>6} us compiled vs {x['treewalk_us']:>7} us tree-walked "
                  f"(x{x['speedup']}): {x['expr']}")


if __name__ == "__main__":
    main()
