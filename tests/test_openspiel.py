"""interpreter.openspiel (issue 37): rulebook games as OpenSpiel games. OpenSpiel's C++
random_sim_test needs a game-level generator a Python game cannot give (GetRNGState), so the
random simulation here is its Python equivalent: the same checks through pyspiel's API, in
both chance modes. OpenSpiel's CFR+ solves the cookbook's Kuhn poker; its MCTS bot plays a
YAML game; Shimmy's OpenSpiel wrapper makes a PettingZoo environment of one."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")
ros = pytest.importorskip("interpreter.openspiel")

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(f"examples/{d.name}" for d in (ROOT / "examples").iterdir()
                  if (d / "game.yaml").is_file())


def random_sim(game, sims: int, seed: int, max_steps: int = 100000) -> int:
    """Play random games through pyspiel's API, checking each step (at most max_steps a
    game); the decisions made."""
    rng, steps = random.Random(seed), 0
    n = game.num_players()
    for _ in range(sims):
        state = game.new_initial_state()
        start = steps
        while not state.is_terminal() and steps - start < max_steps:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
                state.apply_action(rng.choice([a for a, _ in outcomes]))
                continue
            p = state.current_player()
            assert 0 <= p < n and not state.is_chance_node()
            actions = state.legal_actions()
            assert actions and all(0 <= a < game.num_distinct_actions() for a in actions)
            labels = [state.action_to_string(p, a) for a in actions]
            assert len(set(labels)) == len(labels)
            for q in range(n):
                assert state.information_state_string(q).endswith(state.observation_string(q))
            twin = state.clone()
            a = rng.choice(actions)
            state.apply_action(a)
            twin.apply_action(a)
            assert twin.serialize() == state.serialize()
            steps += 1
        r = state.returns()
        assert len(r) == n and all(x in (-1.0, 0.0, 1.0) for x in r)
    return steps


@pytest.mark.parametrize("name", EXAMPLES)
@pytest.mark.parametrize("chance", ["sampled", "explicit"])
def test_random_simulation_through_pyspiel(name, chance):
    game = pyspiel.load_game("rulebook", {"game": str(ROOT / name), "players": 0,
                                          "chance": chance})
    mode = pyspiel.GameType.ChanceMode
    assert game.get_type().chance_mode == (mode.EXPLICIT_STOCHASTIC if chance == "explicit"
                                           else mode.SAMPLED_STOCHASTIC)
    assert random_sim(game, 2, 1) > 0


GAMEDEFS = sorted(d.name for d in (ROOT / "gamedefs").iterdir() if (d / "game.yaml").is_file())


@pytest.mark.parametrize("name", GAMEDEFS)
def test_every_game_under_gamedefs_runs_through_pyspiel(name):
    # one random game, its first 150 decisions checked (the longer ones run about 600)
    game = pyspiel.load_game("rulebook", {"game": name, "players": 0})
    assert random_sim(game, 1, 2, max_steps=150) > 0


def test_load_game_gives_the_players_and_zero_sum_at_two():
    game = ros.load_game(str(ROOT / "examples/keep_dice"), players=3)
    assert game.num_players() == 3
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    two = ros.load_game(str(ROOT / "examples/sow"), players=2)
    assert two.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    with pytest.raises(pyspiel.SpielError, match="chance is sampled or explicit"):
        ros.load_game(str(ROOT / "examples/sow"), chance="both")


def test_explicit_chance_makes_a_shuffle_its_fisher_yates_draws():
    game = ros.load_game(str(ROOT / "examples/kuhn_poker"), chance="explicit")
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 3
    state.apply_action(0)
    assert state.is_chance_node() and len(state.chance_outcomes()) == 2
    state.apply_action(1)
    assert state.current_player() == 0
    # the six deals give each seat three information states, one per card it holds
    deals = [game.new_initial_state().child(a).child(b) for a in range(3) for b in range(2)]
    for seat in range(2):
        assert len({d.information_state_string(seat) for d in deals}) == 3


def test_cfr_solves_the_yaml_kuhn_poker():
    game = ros.load_game(str(ROOT / "examples/kuhn_poker"), chance="explicit",
                         returns="score", max_actions=2, utility="zero_sum")
    solver = pyspiel.CFRPlusSolver(game)
    for _ in range(200):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    assert pyspiel.exploitability(game, policy) < 0.001
    value = pyspiel.expected_returns(game.new_initial_state(), policy, -1, True)[0]
    assert abs(value - (-1 / 18)) < 0.001


def test_an_observation_never_shows_a_card_the_seat_may_not_see():
    # pick_and_pass: hands are secret; no seat's observation names another's hand
    game = ros.load_game(str(ROOT / "examples/pick_and_pass"), players=3)
    state = game.new_initial_state()
    rb, s = state.rb, state.s
    for seat in range(3):
        theirs = [rb.g.card_labels[c] for q in range(3) if q != seat
                  for c in s["z"][f"{q}.hand"]]
        mine = json.loads(state.observation_string(seat))
        for other in (q for q in range(3) if q != seat):
            assert mine["seats"][other]["zones"]["hand"].get("cards") in (None, [])
        assert theirs


def test_openspiels_mcts_bot_plays_a_yaml_game_to_the_end():
    from open_spiel.python.algorithms import mcts
    game = ros.load_game(str(ROOT / "examples/keep_dice"), players=2)
    bots = [mcts.MCTSBot(game, 2, 20, mcts.RandomRolloutEvaluator(1, random.Random(p)),
                         random_state=__import__("numpy").random.RandomState(p))
            for p in range(2)]
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


@pytest.mark.parametrize("chance", ["sampled", "explicit"])
def test_a_pettingzoo_environment_through_shimmy_steps_to_the_end(chance):
    shimmy = pytest.importorskip("shimmy")
    game = ros.load_game(str(ROOT / "examples/keep_dice"), players=2, chance=chance)
    env = shimmy.OpenSpielCompatibilityV0(env=game, render_mode=None)
    env.reset(seed=1)
    rng, moves = random.Random(1), 0
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        assert json.loads(observation)["seat_label"] == f"P{int(agent.split('_')[1]) + 1}"
        legal = [i for i, m in enumerate(info["action_mask"]) if m]
        env.step(rng.choice(legal))
        moves += 1
    assert moves >= 6 and sorted(env.game_state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
