"""run_games: many seeded bot games from Python, as `rulebook simulate` plays them (the same
seeds, bots and records), for a program that reads the records itself (e.g. into pandas)."""
from __future__ import annotations

from ..load.documents import resolve_game_path
from .runner import RunSpec, Runner, tasks_for


def run_games(game: str, games: int, *, players: int | None = None, bots="random",
              seed: int = 0, jobs: int = 1, variant: str | None = None,
              options: dict | None = None, rotate: bool = False) -> list:
    """The records of `games` bot games of `game` (a name under gamedefs/ or a path): one
    dict per game with `seed`, `bots`, `winners`, `scores`, `decisions`, `rounds`, `capped`,
    `draw` (or `error`). `bots` is one kind for every seat or a list, one per seat."""
    from ..runtime.game import Game
    path = str(resolve_game_path(game).resolve())
    loaded = Game.load(path)
    n = players or loaded.g.players_min
    kinds = [bots] * n if isinstance(bots, str) else list(bots)
    if len(kinds) != n:
        raise ValueError(f"{len(kinds)} bots for {n} players")
    spec = RunSpec(path, n, variant, tuple(sorted((options or {}).items())))
    return Runner(jobs=jobs).run(spec, tasks_for(seed, games, kinds, rotate), game=loaded)
