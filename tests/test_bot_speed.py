"""The bots' speed-ups keep them honest and their budgets bounded (issue 35): worlds dealt
from a per-decision template are the worlds determinize deals, the board's group memo never
changes an answer (so a bot's choice never depends on what it remembered from another
world), and a budget that would run for hours is a located error in YAML and a clear one on
the command line."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.bots import make_bot
from interpreter.bots.worlds import Dealer, determinize
from interpreter.runtime.game import Game
from test_bots_worlds import decision_points, other_world

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def games():
    return {name: Game.load(name) for name in ("metras", "etheria", "metscri", "meta")}


@pytest.mark.parametrize("name,players", [("metras", 3), ("etheria", 4), ("metscri", 2),
                                          ("meta", 2)])
def test_a_dealer_deals_the_worlds_determinize_deals(games, name, players):
    game = games[name]
    for s, seat in decision_points(game, players, 5, 3):
        dealer = Dealer(game, s, seat)
        ra, rb = random.Random(9), random.Random(9)
        for _ in range(3):       # one template, several worlds, the same draws
            assert game.state_hash(dealer.deal(ra)) == \
                game.state_hash(determinize(game, s, seat, rb))
        assert ra.random() == rb.random()


# where a template names a dealt card outside the zones: Metscri's card state (who spied
# which face-down card), Etheria's running auction (a local's list of bids, lists inside
# it that state.clone shares); Metras's decisions here name none
@pytest.mark.parametrize("name,players,seed,names_cards", [("metscri", 2, 6, "cs"),
                                                           ("etheria", 3, 1, "stack"),
                                                           ("metras", 3, 6, None)])
def test_a_world_dealt_from_the_template_shares_nothing_a_game_changes(games, name, players,
                                                                        seed, names_cards):
    """Each world after the first is the template's state.clone with only the containers
    naming a dealt card copied and renamed (relabel.rename_spots): playing on in one world (as greedy's chance
    samples and ismcts's iterations do) leaves the template, the next worlds and the real
    state as they were, and every world is the one determinize deals."""
    game = games[name]
    renamed = set()
    for s, seat in decision_points(game, players, seed, 8):
        before = game.state_hash(s)
        dealer = Dealer(game, s, seat)
        ra, rb, play = random.Random(2), random.Random(2), random.Random(3)
        for _ in range(3):
            w = dealer.deal(ra)
            assert game.state_hash(w) == game.state_hash(determinize(game, s, seat, rb))
            for _ in range(6):       # the world played on, changed in place
                if game.is_over(w):
                    break
                p = game.waiting(w)[0]
                try:
                    game.apply(w, p, play.randrange(game.bot_option_count(w, p)))
                except Exception:    # noqa: BLE001 - an impossible world (worlds.WORLD_ERRORS)
                    break
        renamed.update(path[0] for path in dealer.spots or ())   # (found at the 2nd world)
        assert game.state_hash(s) == before
    # some template named a dealt card outside its zone (card state, locals): renamed there
    assert renamed == ({names_cards} if names_cards else set())


def test_the_group_memo_never_changes_a_choice(games):
    """Two states the seat cannot tell apart (hidden cards permuted): greedy chooses alike
    with the board's memo warm from the other state and with it emptied."""
    game = games["metscri"]
    rng = random.Random(4)
    for a, seat in decision_points(game, 2, 8, 3):
        b = other_world(game, a, seat, rng)
        ca = make_bot("greedy", game, 3).choose(game, a, seat)
        memo = _group_memo()        # the one a's evaluations filled
        warm = make_bot("greedy", game, 3).choose(game, b, seat)   # memo filled by a's worlds
        assert memo.d
        memo.d.clear()
        cold = make_bot("greedy", game, 3).choose(game, b, seat)
        assert ca == warm == cold


def _group_memo():
    """The Memo inside the board's compiled `groups` builtin."""
    import gc
    from interpreter.boards.tables import Memo
    found = [o for o in gc.get_objects() if isinstance(o, Memo)]
    assert found
    return max(found, key=lambda m: len(m.d))


def test_a_budget_of_hours_in_yaml_is_a_located_error(bust_with_search):
    from interpreter.build.game_loader import load_game
    from interpreter.errors import RulebookError
    path, line = bust_with_search("iterations=5000000")
    with pytest.raises(RulebookError) as e:
        load_game(str(path))
    assert f"game.yaml:{line}:" in str(e.value) and "too large" in str(e.value)


def test_a_budget_of_hours_on_the_command_line_is_a_clear_error():
    from cli_run import run
    out = run("simulate", ROOT / "examples" / "bust", "-n", "1", "--bots", "ismcts:ms=99999999")
    assert out.exit_code != 0 and "ismcts: ms=99999999 is too large" in out.output
