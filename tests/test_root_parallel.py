"""Root-parallel search (`ismcts:trees=K,workers=W`, bots/root_parallel.py): the trees depend
on the position, the seed and their number only, so the choices are the same whether they
grew in this process or in forked workers; the workers start only where forking is safe and
the cores are free, and none outlives its program."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from interpreter import Game
from interpreter.bots import make_bot, root_parallel
from interpreter.errors import RulebookError

ROOT = Path(__file__).resolve().parent.parent

# Plays the first decisions of a game with one searching seat, in a fresh process (a test
# runner's worker has threads of its own, where the bot rightly refuses to fork).
SCRIPT = r"""
import json, os, sys
from interpreter import Game
from interpreter.bots import make_bot
game, players, spec, n = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
g = Game.load(game)
s = g.new_state(players=players, seed=3)
bot, other = make_bot(spec, g, 7), make_bot("greedy", g, 8)
picks = []
while not s["over"] and len(picks) < n:
    seat = g.waiting(s)[0]
    i = (bot if seat == 0 else other).choose(g, s, seat)
    picks.append(i)
    g.apply(s, seat, i)
pool = bot.workers_pool.pool if bot.workers_pool else None
pids = sorted(pool._processes) if pool else []
print(json.dumps({"picks": picks, "pids": pids, "last": bot.last}))
"""


def play(spec: str, game: str = "metras", players: int = 3, n: int = 14) -> dict:
    out = subprocess.run([sys.executable, "-c", SCRIPT, game, str(players), spec, str(n)],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


@pytest.mark.skipif(root_parallel.cores() < 2 or not hasattr(os, "fork"),
                    reason="needs two cores and fork")
def test_trees_grown_in_workers_choose_as_trees_grown_here_and_the_workers_end():
    budget = "ismcts:iterations=40,depth=0,prior=10,prior_at=all,trees=2"
    here = play(budget + ",workers=1")
    there = play(budget + ",workers=2")
    assert here["pids"] == [] and len(there["pids"]) == 2, (here, there)
    assert here["picks"] == there["picks"]
    assert here["last"]["iterations"] == there["last"]["iterations"] == 40
    time.sleep(0.5)
    for pid in there["pids"]:       # ended with their program, not left behind
        assert not Path(f"/proc/{pid}").exists() or \
            "zombie" in Path(f"/proc/{pid}/status").read_text().lower()


def test_two_trees_are_not_one_tree_and_one_tree_is_the_plain_search():
    g = Game.load("metras")
    s = g.new_state(players=3, seed=3)
    one = make_bot("ismcts:iterations=30,depth=0", g, 7)
    also_one = make_bot("ismcts:iterations=30,depth=0,trees=1,workers=2", g, 7)
    assert one.choose(g, s, 0) == also_one.choose(g, s, 0)
    assert one.tree.tables == also_one.tree.tables
    two = make_bot("ismcts:iterations=30,depth=0,trees=2,workers=1", g, 7)
    two.choose(g, s, 0)
    assert two.last["iterations"] == 30 and two.tree is None


def test_no_workers_inside_a_threaded_program_or_a_run_s_worker(monkeypatch):
    g = Game.load("metras")
    bot = make_bot("ismcts:iterations=4,trees=2,workers=2", g, 1)
    monkeypatch.setattr(root_parallel, "cores", lambda: 2)
    stop = threading.Event()
    t = threading.Thread(target=stop.wait)
    t.start()
    try:
        assert root_parallel.workers_for(bot, g, 2) is None     # a fork would copy locks
    finally:
        stop.set()
        t.join()
    monkeypatch.setattr(root_parallel, "_only_serial", True)
    assert root_parallel.workers_for(bot, g, 2) is None         # simulate --jobs N's worker


def test_shares_and_merge():
    assert root_parallel.shares(10, 3) == [4, 3, 3]
    assert root_parallel.shares(1, 2) == [1, 1]     # every tree grows at least once
    merged = root_parallel.merge([{"a": [2, 1.0]}, {"a": [3, 0.5], "b": [1, 1.0]}])
    assert merged == {"a": [5, 1.5], "b": [1, 1.0]}


@pytest.mark.parametrize("spec,words", [
    ("ismcts:trees=0", "trees=0 is too small"),
    ("ismcts:trees=500", "trees=500 is too large"),
    ("ismcts:workers=-1", "workers=-1 is too small"),
    ("ismcts:workers=two", "workers=two: not a whole number"),
])
def test_bad_tree_settings_are_clear_errors(spec, words):
    g = Game.load("metras")
    with pytest.raises(RulebookError, match=words):
        make_bot(spec, g, 1)
