"""The skill trace and restricted play (analysis/skill.py) on tests/games/planted, where the
outcome is known: keeping the higher card wins, so greedy beats random, and the gem (planted
at 9, the other cards 1 to 5) helps whoever may take it."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cli import main
from interpreter import Game
from interpreter.analysis.runner import RunSpec, Runner
from interpreter.analysis.skill import ForbidBot, copies_of, restricted_play, skill_trace
from interpreter.bots import make_bot

PLANTED = str(Path(__file__).resolve().parent / "games" / "planted")


def test_a_forbidding_bot_never_takes_the_card_while_it_has_another():
    game = Game.load(PLANTED)
    gems = copies_of(game.g, "gem")
    assert gems == {"gem-1", "gem-2", "gem-3", "gem-4"}
    from interpreter.runtime.decisions import values
    seen = 0
    for seed in range(60):
        s = game.new_state(players=2, seed=seed)
        bot = ForbidBot(make_bot("greedy", game, seed), gems, seed)
        while not game.is_over(s):
            seat = game.waiting(s)[0]
            vals = values(s, seat)
            pick = bot.choose(game, s, seat)
            if any(v in gems for v in vals) and any(v not in gems for v in vals):
                seen += 1
                assert vals[pick] not in gems          # greedy alone would take the gem
            game.apply(s, seat, pick)
    assert seen > 20


def test_restricted_play_finds_the_planted_card_helps():
    game = Game.load(PLANTED)
    spec = RunSpec(PLANTED, 2, overrides=(("constants.first_bonus", 0),))
    from interpreter.analysis.overrides import load_with_overrides
    game = load_with_overrides(PLANTED, spec.overrides)
    runner = Runner()
    from interpreter.analysis.runner import tasks_for
    base = runner.run(spec, tasks_for(3, 150, ["greedy", "greedy"], False), game=game)
    r = restricted_play(runner, spec, game, ["greedy", "greedy"], 150, 3, "gem", base)
    assert r["interval"][1] < 0 and r["verdict"] == "the card helps"
    assert r["forbidden"] < r["with"] and r["games"] == 150 and r["seats"] == 2


def test_the_skill_trace_sees_greedy_beat_random():
    from interpreter.analysis.overrides import load_with_overrides
    spec = RunSpec(PLANTED, 2, overrides=(("constants.first_bonus", 0),))
    game = load_with_overrides(PLANTED, spec.overrides)
    rows = skill_trace(Runner(), spec, game, 60, 1, 4)
    greedy, search = rows
    assert greedy["name"] == "skill_greedy_vs_random" and search["name"] == "skill_search_2n_vs_n"
    assert greedy["interval"][0] > 0.1            # well above its fair share
    assert greedy["n"] == 120 and search["n"] == 120   # every seed, both rotations


def test_simulate_says_it():
    res = CliRunner().invoke(main, ["simulate", PLANTED, "-n", "40", "--jobs", "1", "--json",
                                    "--forbid", "gem", "--skill", "--skill-iterations", "3"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out["restricted"][0]["card"] == "gem"
    names = [m["name"] for m in out["game_metrics"]]
    assert names[-2:] == ["skill_greedy_vs_random", "skill_search_2n_vs_n"]
    bad = CliRunner().invoke(main, ["simulate", PLANTED, "-n", "5", "--forbid", "ruby"])
    assert bad.exit_code == 1 and "the game has no card 'ruby'" in bad.output
