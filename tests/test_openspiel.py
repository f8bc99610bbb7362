"""interpreter.openspiel: rulebook games as OpenSpiel games. OpenSpiel's random-simulation
test on every game here in both chance modes, its MCTS bot playing a YAML game to the end,
CFR on the cookbook's YAML Kuhn poker reaching the game's value, information states that
hide what the table hides, and PettingZoo through Shimmy."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra: pip install -e '.[test]'")
import interpreter.openspiel as ros  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(d.name for d in (ROOT / "gamedefs").iterdir() if (d / "game.yaml").is_file()) \
    + sorted(f"examples/{d.name}" for d in (ROOT / "examples").iterdir()
             if (d / "game.yaml").is_file())
SHORT = {"metscri": {"turn_cap": 5}, "meta": {"turn_cap": 5}}   # random play never ends them
KUHN = str(ROOT / "examples" / "kuhn_poker")


def configurations() -> list:
    """Every game in both chance modes; the long ones (a view per seat at every step of a
    game of hundreds of decisions) in the slow suite, the examples and short games always."""
    out = []
    for name in GAMES:
        for chance in ("sampled", "explicit"):
            slow = name in ("metropolis", "etheria") or (chance == "explicit"
                                                         and not name.startswith("examples"))
            out.append(pytest.param(name, chance, id=f"{name}-{chance}",
                                    marks=[pytest.mark.slow] if slow else []))
    return out


@pytest.mark.parametrize("name,chance", configurations())
def test_openspiels_random_simulation_test(name, chance):
    game = ros.load_game(str(ROOT / name) if "/" in name else name, chance=chance,
                         **SHORT.get(name, {}))
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_the_registered_name_loads_the_same_game():
    game = pyspiel.load_game("rulebook", {"game": KUHN, "players": 2, "chance": "explicit"})
    assert game.num_players() == 2 and game.get_type().short_name == "rulebook"
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    s = game.new_initial_state()
    assert s.is_chance_node() and s.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]


def test_explicit_chance_walks_every_deal():
    """Three cards dealt by a Fisher-Yates shuffle: 3 x 2 equally likely outcomes, each a
    different deal, and then the first decision."""
    game = ros.load_game(KUHN, chance="explicit")
    deals = set()
    for a in range(3):
        for b in range(2):
            s = game.new_initial_state()
            s.apply_action(a)
            assert s.is_chance_node() and len(s.chance_outcomes()) == 2
            s.apply_action(b)
            assert s.current_player() == 0
            deals.add((s.information_state_string(0), s.information_state_string(1)))
            assert [s.action_to_string(x) for x in s.legal_actions()] == ["check", "bet"]
    assert len(deals) == 6


def test_mcts_plays_a_yaml_game_to_the_end():
    import numpy as np
    from open_spiel.python.algorithms import mcts
    game = ros.load_game(str(ROOT / "examples" / "bust"), players=2, seed=3)
    rng = np.random.RandomState(1)
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=8,
                       evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    s = game.new_initial_state()
    moves = 0
    while not s.is_terminal():
        s.apply_action(bot.step(s))
        moves += 1
    assert moves > 0 and sorted(s.returns()) != [0.0, 0.0]


def test_cfr_finds_kuhn_pokers_value():
    from open_spiel.python.algorithms import cfr, exploitability, expected_game_score
    game = ros.load_game(KUHN, chance="explicit")
    solver = cfr.CFRPlusSolver(game)
    for _ in range(200):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    assert exploitability.exploitability(game, policy) < 0.001
    value = expected_game_score.policy_value(game.new_initial_state(), [policy] * 2)
    assert value[0] == pytest.approx(-1 / 18, abs=0.002)


def test_information_states_hide_what_the_table_hides():
    """Kuhn poker has 12 information sets (each card at each of the two decisions of each
    seat): one string per set, and none names the other seat's card before the showdown."""
    from open_spiel.python.algorithms import get_all_states
    game = ros.load_game(KUHN, chance="explicit")
    states = get_all_states.get_all_states(game, include_terminals=False,
                                           include_chance_states=False)
    sets = {}
    for s in states.values():
        p = s.current_player()
        text = s.information_state_string(p)
        sets.setdefault(p, set()).add(text)
        other = s.sg.rb.g  # the cards the other seat holds, by id and by name
        held = s.s["z"][f"{1 - p}.hand"]
        for card in held:
            assert f'"{card}"' not in text, text
    assert len(sets[0]) == 6 and len(sets[1]) == 6


def test_actions_are_the_options_values_when_they_are_numbers():
    game = ros.load_game(str(ROOT / "examples" / "bust"), players=2)
    s = game.new_initial_state()
    assert s.legal_actions() == [0, 1]
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["roll again", "hold"]


def test_pettingzoo_through_shimmy():
    shimmy = pytest.importorskip("shimmy", reason="the openspiel extra")
    env = shimmy.OpenSpielCompatibilityV0(game_name="rulebook", config={
        "game": KUHN, "players": 2, "chance": "explicit"})
    env.reset(seed=1)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            action = None
        else:
            mask = info.get("action_mask") if isinstance(info, dict) else None
            legal = [i for i, ok in enumerate(mask) if ok] if mask is not None else \
                env.action_space(agent).sample()
            action = legal[0] if isinstance(legal, list) else legal
        env.step(action)
        steps += 1
        if steps > 50:
            break
    assert 2 <= steps <= 8 and not env.agents          # every Kuhn game ends in 2 to 3 moves


def test_four_in_a_line_moves_in_lockstep_with_openspiels_connect_four():
    """The cookbook's Four in a Line against OpenSpiel's own connect_four: the same legal
    columns at every move of 40 random games, and the same result."""
    import random
    ref = pyspiel.load_game("connect_four")
    ours = ros.load_game(str(ROOT / "examples" / "four_in_a_line"), utility="win")
    moves = 0
    for seed in range(40):
        rnd = random.Random(seed)
        a, b = ref.new_initial_state(), ours.new_initial_state()
        while not a.is_terminal():
            assert b.legal_actions() == a.legal_actions(), (seed, a.history())
            action = rnd.choice(a.legal_actions())
            a.apply_action(action)
            b.apply_action(action)
            moves += 1
        assert b.is_terminal() and b.returns() == a.returns(), (seed, a.history())
    assert moves > 400


# ------------------------------------------------------------ serialize, through saves
LONG_SERIAL = {"examples/switchback"}                  # 12 s and more at load 6
LONG_SERIAL_EXPLICIT = {"examples/pick_and_pass"}


def serial_configurations() -> list:
    """The random simulation with a serialize round trip at every step (each replays the
    game so far: quadratic in its length): the examples always, gamedefs' long games slow."""
    out = []
    for name in GAMES:
        for chance in ("sampled", "explicit"):
            slow = not name.startswith("examples") or name in LONG_SERIAL or \
                (chance == "explicit" and name in LONG_SERIAL_EXPLICIT)
            out.append(pytest.param(name, chance, id=f"{name}-{chance}",
                                    marks=[pytest.mark.slow] if slow else []))
    return out


def random_sim_with_serialize(game, seed: int) -> int:
    """OpenSpiel's random simulation, in Python, with every state serialised and read back:
    the copy has the same history, player, legal actions, information states and returns,
    and play goes on from the copy. Returns the moves made."""
    import random
    r = random.Random(seed)
    s = game.new_initial_state()
    n = game.num_players()
    moves = 0
    while True:
        t = game.deserialize_state(s.serialize())
        assert t.history() == s.history() and t.is_terminal() == s.is_terminal()
        assert t.serialize() == s.serialize()
        if s.is_terminal():
            assert t.returns() == s.returns()
            return moves
        assert t.current_player() == s.current_player()
        assert [t.information_state_string(p) for p in range(n)] == \
            [s.information_state_string(p) for p in range(n)]
        assert [t.legal_actions(p) for p in range(n)] == [s.legal_actions(p) for p in range(n)]
        if s.is_chance_node():
            assert t.chance_outcomes() == s.chance_outcomes()
            action = r.choice([a for a, _ in s.chance_outcomes()])
        elif s.is_simultaneous_node():       # a joint move: one action per player
            action = [r.choice(s.legal_actions(p)) for p in range(n)]
        else:
            action = r.choice(s.legal_actions())
        s = t                   # play goes on from the copy read back
        if isinstance(action, list):
            s.apply_actions(action)
        else:
            s.apply_action(action)
        moves += 1


@pytest.mark.parametrize("name,chance", serial_configurations())
def test_random_simulation_with_a_serialize_round_trip_at_every_step(name, chance):
    game = ros.load_game(str(ROOT / name) if "/" in name else name, chance=chance,
                         **SHORT.get(name, {}))
    assert random_sim_with_serialize(game, 1) > 0


def test_the_serialized_state_is_a_save_that_rulebook_replays(tmp_path):
    from interpreter.runtime import saves
    from interpreter.runtime.play_session import Session
    game = ros.load_game(str(ROOT / "examples" / "keep_dice"), players=2, seed=4)
    s = game.new_initial_state()
    for _ in range(3):
        s.apply_action(s.legal_actions()[-1])
    data = json.loads(s.serialize())
    assert set(data) == {"save"}        # sampled chance: the save alone
    saves.write(str(tmp_path / "game.json"), data["save"])
    session = Session.from_save(game.rb, saves.read(str(tmp_path / "game.json")))
    assert game.rb.position_hash(session.state) == game.rb.position_hash(s.s)
    assert len(session.decisions) == 3


@pytest.mark.parametrize("edit, words", [
    (lambda d: d["save"].update(seed=5), "of another game: its seed is 5"),
    (lambda d: d["save"].update(players=3), "its players is 3"),
    (lambda d: d["save"]["decisions"].append([2, "no such option"]), "cannot be replayed"),
    (lambda d: d["save"]["decisions"][0].__setitem__(0, 2), "decision 1: it is not P2's turn"),
    (lambda d: d["save"].update(state_hash="0" * 16), "replaying its decisions gives state"),
    (lambda d: d.update(chance=[[0]]), "chance is sampled"),
    (lambda d: d.update(more=1), "a JSON object with 'save'"),
])
def test_a_text_that_is_no_state_of_this_game_is_refused_in_words(edit, words):
    from interpreter.errors import SaveFileError
    game = ros.load_game(str(ROOT / "examples" / "keep_dice"), players=2, seed=4)
    s = game.new_initial_state()
    s.apply_action(s.legal_actions()[0])
    data = json.loads(s.serialize())
    edit(data)
    with pytest.raises(SaveFileError, match=words):
        game.deserialize_state(json.dumps(data))
    with pytest.raises(SaveFileError, match="not a save file"):
        game.deserialize_state("{")


# ------------------------------------------------------------ secret choices: joint moves
def test_a_secret_choice_of_several_seats_is_one_joint_move():
    """pick_and_pass: every seat keeps a card of its hand at once (`by each of players`)."""
    T = pyspiel.GameType.Dynamics
    name = str(ROOT / "examples" / "pick_and_pass")
    game = ros.load_game(name, players=3, seed=2)
    assert game.get_type().dynamics == T.SIMULTANEOUS
    assert ros.load_game(KUHN).get_type().dynamics == T.SEQUENTIAL      # no secret choice
    assert ros.load_game(name, dynamics="sequential").get_type().dynamics == T.SEQUENTIAL
    s = game.new_initial_state()
    assert s.is_simultaneous_node() and s.current_player() == pyspiel.PlayerId.SIMULTANEOUS
    options = [game.rb.options(s.s, p) for p in range(3)]
    assert [[s.action_to_string(p, a) for a in s.legal_actions(p)] for p in range(3)] == \
        [[options[p][s.ids(p).index(a)] for a in sorted(s.ids(p))] for p in range(3)]
    before = [s.information_state_string(p) for p in range(3)]
    s.apply_actions([s.legal_actions(p)[-1] for p in range(3)])
    # every seat answered in one move: one decision each, none before another's
    assert [seat for seat, _ in s.decided] == [0, 1, 2] and s.moves == [3]
    assert s.s["decisions"] == 3 and before != [s.information_state_string(p) for p in range(3)]
    again = game.deserialize_state(s.serialize())
    assert again.history() == s.history() and again.decided == s.decided
    with pytest.raises(Exception, match="one action per player"):
        game.new_initial_state().apply_actions([0])


def test_a_seat_outside_a_joint_move_has_one_action_wait(tmp_path):
    text = (ROOT / "examples" / "pick_and_pass" / "game.yaml").read_text()
    assert "by each of players" in text
    (tmp_path / "game.yaml").write_text(text.replace("by each of players",
                                                     "by each of players where it != 2", 1))
    game = ros.load_game(str(tmp_path / "game.yaml"), players=3, seed=2)
    s = game.new_initial_state()
    assert s.is_simultaneous_node() and s.legal_actions(2) == [0]
    assert s.action_to_string(2, 0) == "wait" and len(s.legal_actions(0)) > 1
    s.apply_actions([s.legal_actions(0)[0], s.legal_actions(1)[0], 0])
    assert [seat for seat, _ in s.decided] == [0, 1]
    assert game.deserialize_state(s.serialize()).history() == s.history()


def test_pettingzoo_steps_a_simultaneous_game_to_its_end():
    shimmy = pytest.importorskip("shimmy", reason="the openspiel extra")
    env = shimmy.OpenSpielCompatibilityV0(game_name="rulebook", config={
        "game": str(ROOT / "examples" / "pick_and_pass"), "players": 2})
    assert env.game_type.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    env.reset(seed=1)
    steps = 0
    for agent in env.agent_iter(max_iter=2000):
        obs, reward, term, trunc, info = env.last()
        mask = None if term or trunc else info["action_mask"]
        env.step(None if mask is None else [i for i, ok in enumerate(mask) if ok][-1])
        steps += 1
    assert steps > 4 and not env.agents         # every agent done: the game ended


def test_an_option_that_sizes_a_board_gives_that_board():
    """examples/sow with houses=3: three houses a side, as `play --option houses=3` has."""
    game = ros.load_game(str(ROOT / "examples" / "sow"), houses=3)
    state = game.new_initial_state()
    assert [state.action_to_string(state.current_player(), a)
            for a in state.legal_actions()] == ["a1 (3 seeds)", "b1 (3 seeds)", "c1 (3 seeds)"]
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
