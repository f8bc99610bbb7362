"""The ismcts bot: settings, same seed same choices, decoupled secret choices, strength."""
from __future__ import annotations

import math

import pytest

from interpreter.bots import make_bot
from interpreter.bots.ismcts import IsmctsBot, margins
from interpreter.errors import RulebookError
from interpreter.runtime.game import Game

SEALED = "tests/games/sealed_numbers"


@pytest.fixture(scope="module")
def etheria():
    return Game.load("etheria")


@pytest.fixture(scope="module")
def sealed():
    return Game.load(SEALED)


def choices(game, spec, players, seed, decisions):
    """The options an ismcts seat 1 picks in a game against random seats."""
    s = game.new_state(players, seed)
    bot = make_bot(spec, game, 5)
    others = make_bot("random", game, 6)
    picked = []
    while not game.is_over(s) and len(picked) < decisions:
        seat = game.waiting(s)[0]
        i = (bot if seat == 0 else others).choose(game, s, seat)
        if seat == 0:
            picked.append(game.options(s, seat)[i])
        game.apply(s, seat, i)
    return picked


def test_same_seed_same_choices_with_an_iteration_budget(etheria):
    spec = "ismcts:iterations=30,depth=6"
    a = choices(etheria, spec, 3, 4, 4)
    assert len(a) == 4
    assert a == choices(etheria, spec, 3, 4, 4)


@pytest.mark.parametrize("settings", ["ms=30", "rollout=greedy,iterations=10,depth=3",
                                      "reward=margin,iterations=20", "c=0,iterations=10"])
def test_every_setting_plays_legal_options(etheria, settings):
    s = etheria.new_state(3, 2)
    bot = make_bot("ismcts:" + settings, etheria, 1)
    seat = etheria.waiting(s)[0]
    before = etheria.state_hash(s)
    i = bot.choose(etheria, s, seat)
    assert 0 <= i < etheria.option_count(s, seat)
    assert etheria.state_hash(s) == before
    assert bot.last["iterations"] >= 1 and bot.last["failed"] < bot.last["iterations"]


@pytest.mark.parametrize("spec,message", [
    ("ismcts:iteratons=4", "unknown setting 'iteratons=4'"),
    ("ismcts:iterations=lots", "not a whole number"),
    ("ismcts:iterations=100000000000", r"too large \(at most 1,000,000: a decision would take"),
    ("ismcts:ms=86400000", "too large"),
    ("ismcts:depth=10000000", "too large"),
    ("ismcts:c=nan", "not a number"),
    ("ismcts:rollout=smart", "choose one of random, greedy"),
    ("ismcts:iterations=0", "too small"),
    ("greedy:iterations=4", "takes no settings"),
])
def test_bad_settings_are_clear_errors(etheria, spec, message):
    with pytest.raises(RulebookError, match=message):
        make_bot(spec, etheria, 0)


def test_a_secret_choice_is_searched_with_one_table_per_seat(etheria):
    s = etheria.new_state(3, 1)
    assert s["pending"]["each"]
    bot = IsmctsBot(etheria, 3, iterations=40, depth=4)
    bot.choose(etheria, s, 0)
    tables = bot.tree.tables
    assert set(tables) == {0, 1, 2}          # decoupled: every seat has its own statistics
    own = tables[0]
    assert set(own) == set(etheria.options(s, 0))
    # a joint answer is a child: one label per seat
    assert all(len(key) == 3 for key in bot.tree.kids)
    assert sum(n for n, _, _ in own.values()) == 40 - bot.last["failed"]


def test_margins_become_rewards_by_their_size_within_one_search(etheria):
    assert margins([10, 4, 0]) == [6, -6, -10]
    assert margins([3, 3]) == [0, 0]
    bot = IsmctsBot(etheria, 0)
    bot.span = (math.inf, -math.inf)
    first = bot.scaled(5)
    assert first == 0.5                          # nothing to compare with yet
    assert bot.scaled(-5) == 0.25 and bot.scaled(15) == 0.75 and bot.scaled(5) == 0.5
    bot.reward = "margin"
    assert bot.scaled(15) == 1.0 and bot.scaled(-5) == 0.0


def test_ismcts_beats_random_at_sealed_bids(sealed):
    """Seats rotated: chance would give about 9 wins in 20 (ties win nobody a round)."""
    wins = 0
    for k in range(20):
        me = k % 2
        s = sealed.new_state(2, k)
        bots = {me: make_bot("ismcts:iterations=100", sealed, k),
                1 - me: make_bot("random", sealed, k + 100)}
        while not sealed.is_over(s):
            seat = sealed.waiting(s)[0]
            sealed.apply(s, seat, bots[seat].choose(sealed, s, seat))
        wins += s["result"]["winners"] == [me]
    assert wins >= 14


def test_play_and_simulate_take_a_search_bot_per_seat():
    import json

    from click.testing import CliRunner

    from cli import main as cli
    bot = "P1=ismcts:iterations=4,depth=3"
    played = CliRunner().invoke(cli, ["play", SEALED, "--players", "2", "--bots", "random",
                                      "--bot", bot, "--json"])
    assert played.exit_code == 0, played.output
    assert json.loads(played.output.strip().splitlines()[-1])["over"]
    run = CliRunner().invoke(cli, ["simulate", SEALED, "-n", "3", "--players", "2",
                                   "--bot", bot, "--json"])
    assert run.exit_code == 0, run.output
    report = json.loads(run.output)
    assert report["bots"] == "ismcts:iterations=4,depth=3, random" and report["completed"] == 3
    bad = CliRunner().invoke(cli, ["simulate", SEALED, "-n", "1", "--bot", "P1=ismcts:x=1"])
    assert bad.exit_code == 1 and "unknown setting 'x=1'" in bad.output


def test_a_prior_seeds_every_root_option_with_virtual_visits():
    game = Game.load("metras")
    s = game.new_state(3, 2)
    seat = game.waiting(s)[0]
    n = game.option_count(s, seat)
    bot = IsmctsBot(game, 1, iterations=5, depth=2, prior=3)
    bot.choose(game, s, seat)
    own = bot.tree.tables[seat]
    assert len(own) == n
    assert sum(v for v, _, _ in own.values()) == 3 * n + 5 - bot.last["failed"]
    assert all(0 <= w <= v for v, w, _ in own.values())


def test_the_prior_ranks_root_options_as_the_greedy_bot_values_them():
    """With a budget below the option count (Metscri's action menus), the prior gives each
    root option the greedy bot's one-step value, ranked after every option is scored: the
    best starts at a win's share (0.75), the worst at a loss's (0.25)."""
    game = Game.load("metscri")
    s = game.new_state(2, 3)
    greedy = make_bot("greedy", game, 4)
    while game.option_count(s, game.waiting(s)[0]) < 5:      # the first action menu
        seat = game.waiting(s)[0]
        game.apply(s, seat, greedy.choose(game, s, seat))
    seat = game.waiting(s)[0]
    bot = IsmctsBot(game, 2, iterations=1, depth=0, prior=4)
    bot.choose(game, s, seat)
    table = bot.tree.tables[seat]
    assert len(table) == game.bot_option_count(s, seat)
    prior = {label: w / v for label, (v, w, _) in table.items() if v == 4}
    assert len(prior) == len(table) - 1               # one option got the one iteration
    assert max(prior.values()) == 0.75 and min(prior.values()) == 0.25
    end = game.options(s, seat)[-1]
    assert end == "end the turn"
    # Metscri's evaluation (issue 25): with a full hand (7), buying an eighth card buys
    # nothing and closes Enter, the worst; ending leaves the AP that could enter cards unspent
    assert [label for label, w in prior.items() if w == 0.25] == ["invest: buy a card (2 AP)"]
    assert all(prior[end] < w for label, w in prior.items() if label.startswith("enter "))


def searched_tables(prior_at: str):
    """A Metras search of 40 iterations with `prior=3` at `prior_at`: the searching seat, the
    bot, and (node, seat, table) for every table of more than one option in its tree."""
    game = Game.load("metras")
    s = game.new_state(3, 2)
    seat = game.waiting(s)[0]
    bot = IsmctsBot(game, 1, iterations=40, depth=0, prior=3, prior_at=prior_at)
    bot.choose(game, s, seat)
    found, stack = [], [bot.tree]
    while stack:
        node = stack.pop()
        stack.extend(node.kids.values())
        found += [(node, p, table) for p, table in node.tables.items() if len(table) > 1]
    return game, s, seat, bot, found


def test_prior_at_all_ranks_every_node_for_whichever_seat_decides_there():
    """With `prior_at=all` each node's options start with the prior's virtual visits when
    the node is first reached (own follow-ups and the other seats' replies alike), so the
    tree is not valued through random untried moves."""
    game, s, seat, bot, found = searched_tables("all")
    inner, seats = 0, set()
    for node, p, table in found:
        assert all(v >= 3 for v, _, _ in table.values())
        assert {round(w / v, 2) for v, w, _ in table.values() if v == 3} <= \
            {x / 100 for x in range(25, 76)}
        inner += node is not bot.tree
        seats.add(p)
    assert inner >= 1 and len(seats) >= 2
    root_only = IsmctsBot(game, 1, iterations=3, depth=0, prior=3)
    root_only.choose(game, s, seat)
    zero = [v for kid in root_only.tree.kids.values() for t in kid.tables.values()
            for v, _, _ in t.values() if v == 0]
    assert zero, "without prior_at=all inner options start unvisited"


def test_prior_at_own_ranks_only_the_nodes_where_the_searching_seat_decides():
    """With `prior_at=own` the searching seat's options start ranked wherever it decides;
    the other seats' options start unvisited (no greedy scoring of their replies: the
    cheaper search Metropolis's five seats need)."""
    _game, _s, seat, _bot, found = searched_tables("own")
    ranked, unranked = set(), set()
    for _node, p, table in found:
        # without virtual visits a table's visits are the times the seat chose here,
        # which its `available` counts also count
        chosen = max(a for _, _, a in table.values())
        visits = sum(v for v, _, _ in table.values())
        (ranked if visits >= 3 * len(table) + chosen else unranked).add(p)
        assert visits == chosen or p == seat, p
    assert ranked == {seat} and unranked


def test_prior_at_takes_root_all_or_own(etheria):
    with pytest.raises(RulebookError, match="choose one of root, all, own"):
        make_bot("ismcts:prior=2,prior_at=leaves", etheria, 0)


def test_a_bare_ismcts_searches_with_the_games_recommended_settings():
    """`bots: search` in a game's YAML is what `--bot P2=ismcts` plays with; settings given
    on the command line replace them whole (on the engine's defaults)."""
    meta = Game.load("meta")
    declared = meta.g.search_settings
    assert declared == {"iterations": 50, "depth": 0, "prior": 10, "prior_at": "all"}
    bare = make_bot("ismcts", meta, 1)
    assert (bare.iterations, bare.depth, bare.prior, bare.prior_at) == (50, 0, 10, "all")
    given = make_bot("ismcts:iterations=7", meta, 1)
    assert (given.iterations, given.depth, given.prior, given.prior_at) == (7, 20, 0, "root")
    plain = make_bot("ismcts", Game.load(SEALED), 1)      # declares no search: the defaults
    assert (plain.iterations, plain.depth, plain.prior) == (400, 20, 0)
