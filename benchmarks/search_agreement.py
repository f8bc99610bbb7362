"""How often the search bot chooses what greedy chooses, decision by decision.

    python benchmarks/search_agreement.py --game metscri [--players 2] [--budget SETTINGS]
                                          [--decisions 150] [--seed 21]

Plays one game with greedy in every seat and, at each of the first D decisions with more than
one option, also asks an ismcts bot (the game's `bots: search` settings unless --budget names
others) what it would choose in the same position. Prints how many choices agree, overall and
by the first word of greedy's option (the kind of action: "move", "turn", "stop" ...).

Where the search agrees with greedy on nearly every decision, its budget buys little more than
greedy's one-step look (plus noise where options tie); where it differs, the strength table
(benchmarks/strength.py) says whether the difference is worth anything. Nothing here is
asserted by the tests.
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter.bots import make_bot              # noqa: E402
from interpreter.runtime.game import Game          # noqa: E402


def agreement(game: Game, players: int | None, spec: str, decisions: int, seed: int) -> tuple:
    """(agreeing, asked, {kind: [agreeing, asked]}) over the first `decisions` real choices
    (players: None for the game's default count)."""
    s = game.new_state(players, seed)
    players = s["n"]
    greedy = [make_bot("greedy", game, seed * 1000 + p) for p in range(players)]
    search = make_bot(spec, game, seed * 1000 + 999)
    same = asked = 0
    kinds: dict = {}
    while not s["over"] and asked < decisions:
        seat = game.waiting(s)[0]
        pick = greedy[seat].choose(game, s, seat)
        if game.bot_option_count(s, seat) > 1:
            agrees = search.choose(game, s, seat) == pick
            kind = game.options(s, seat)[pick].split(" ")[0]
            tally = kinds.setdefault(kind, [0, 0])
            tally[0] += agrees
            tally[1] += 1
            same += agrees
            asked += 1
        game.apply(s, seat, pick)
    return same, asked, kinds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--budget", help="ismcts settings (default: the game's `bots: search`)")
    ap.add_argument("--decisions", type=int, default=150)
    ap.add_argument("--seed", type=int, default=21)
    args = ap.parse_args()
    game = Game.load(args.game)
    spec = "ismcts" + (":" + args.budget if args.budget else "")
    same, asked, kinds = agreement(game, args.players, spec, args.decisions, args.seed)
    players = game.new_state(args.players, args.seed)["n"]
    print(f"{args.game} {players}p, {spec}, seed {args.seed}: the search chose as greedy "
          f"in {same} of {asked} decisions ({same / max(asked, 1):.0%})")
    print("| greedy's option | agree | asked |\n|---|---|---|")
    order = Counter({k: t[1] for k, t in kinds.items()})
    for kind, _ in order.most_common():
        print(f"| {kind} | {kinds[kind][0]} | {kinds[kind][1]} |")


if __name__ == "__main__":
    main()
