"""The long mutation-fuzzing run: 10,000 mutated games (by default) through validate and short
random play, with a report of every problem and of the run-time errors the games stopped with.

    python tests/fuzz/run.py [--cases 10000] [--game NAME ...] [--first N] [--strict]
                             [--show GAME:INDEX]

The cases are split evenly over the games (gamedefs/, tests/games/, benchmarks/games/);
case i of a game is the same in every run, so a problem is reproduced with
`--game NAME --first I --cases 1` and its edit shown with `--show NAME:I`. Exit status 1
when a problem is found (a Python exception, a hang, an unlocated finding).
"""
from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))

from fuzz import mutator  # noqa: E402


def fuzz(total: int, names: list, first: int = 0, games: int = 2, budget: int = 150,
         seconds: float = 30.0, out=print, strict: bool = False) -> tuple:
    """Run `total` cases over the chosen games; (problems, run-time error kinds counted)."""
    roots = [d for d in mutator.game_dirs() if not names or d.name in names]
    per_game = max(1, total // max(1, len(roots)))
    problems: list = []
    stops: Counter = Counter()
    counts: Counter = Counter()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp, mutator.reuse_unchanged_parses():
        for root in roots:
            copy = Path(tmp) / root.name
            shutil.copytree(root, copy)
            files = mutator.game_files(copy)
            for i in range(first, first + per_game):
                problems += mutator.run_case(copy, files, i, games, budget, seconds,
                                             stops=stops, strict=strict, counts=counts)
                done = i - first + 1
                if done % 500 == 0:
                    out(f"  {root.name}: {done}/{per_game} cases, {len(problems)} problems, "
                        f"{time.perf_counter() - start:.0f} s")
            out(f"{root.name}: {per_game} cases done, {len(problems)} problems so far")
    out(f"{counts['cases']} mutated games through validate: {counts['played']} validated and "
        f"were played ({games} short games each), {counts['cases'] - counts['played']} were "
        f"refused with located findings; {time.perf_counter() - start:.0f} s")
    return problems, stops


def show(spec: str) -> None:
    name, index = spec.rsplit(":", 1)
    root = next(d for d in mutator.game_dirs() if d.name == name)
    path, op, line, pick = mutator.plan(name, mutator.game_files(root), int(index))
    before = path.read_text(errors="replace").split("\n")
    after = mutator.mutate("\n".join(before), op, line, pick).split("\n")
    print(f"{name} case {index}: {op} in {path}")
    import difflib
    sys.stdout.writelines(l + "\n" for l in difflib.unified_diff(before, after, lineterm="", n=1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=10_000, help="cases in all (split over games)")
    ap.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    ap.add_argument("--first", type=int, default=0, help="the first case index")
    ap.add_argument("--show", help="print the edit of one case, GAME:INDEX, and stop")
    ap.add_argument("--strict", action="store_true",
                    help="a Python error that play reports as 'a rule failed' is a problem too")
    args = ap.parse_args()
    if args.show:
        show(args.show)
        return
    problems, stops = fuzz(args.cases, args.game, args.first, strict=args.strict)
    print("\nrun-time errors the short games stopped with (allowed; the most frequent):")
    for text, n in stops.most_common(15):
        print(f"  {n:>5}  {text}")
    print(f"\n{len(problems)} problems")
    for p in problems:
        print(p)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
