"""State as plain data: clones, JSON round trips, hashes, refused save states, the seeded RNG."""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from interpreter.effects import rng
from interpreter.errors import SaveFileError
from interpreter.runtime.game import Game
from interpreter.runtime.state import FORMAT
from scenario import load

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def game():
    return load("metras")


def play(game, s, k, seed=0):
    """k random decisions (fewer if the game ends)."""
    bot = random.Random(seed)
    for _ in range(k):
        if game.is_over(s):
            break
        seat = game.waiting(s)[0]
        game.apply(s, seat, bot.randrange(len(game.options(s, seat))))
    return s


@pytest.fixture
def midgame(game):
    """A 4-player game in its second turn, waiting for a decision."""
    s = game.new_state(players=4, seed=21)
    play(game, s, 60, seed=21)
    assert not game.is_over(s) and s["pending"] is not None
    return s


# ------------------------------------------------------------------------ clones
def test_clone_is_equal_and_independent(game, midgame):
    before = game.to_json(midgame)
    copy = game.clone(midgame)
    assert copy == midgame and copy is not midgame
    # play the copy to the end: the original does not move
    play(game, copy, 10000, seed=5)
    assert game.is_over(copy)
    assert game.to_json(midgame) == before
    # and mutating the original's nested data leaves the copy alone
    copy2 = game.clone(midgame)
    midgame["z"]["market"].append("X")
    midgame["pl"][0]["IP"] += 100
    midgame["stack"][-1]["l"]["new"] = 1
    assert "X" not in copy2["z"]["market"]
    assert copy2["pl"][0]["IP"] == json.loads(before)["pl"][0]["IP"]
    assert "new" not in copy2["stack"][-1]["l"]


def test_clones_continue_identically(game, midgame):
    a, b = game.clone(midgame), game.clone(midgame)
    play(game, a, 10000, seed=9)
    play(game, b, 10000, seed=9)
    assert game.state_hash(a) == game.state_hash(b)
    assert a["decisions"] == b["decisions"]


def containers(x, out=None) -> list:
    """Every list and dict inside plain data, x included."""
    out = [] if out is None else out
    if type(x) in (list, dict):
        out.append(x)
        for v in (x.values() if type(x) is dict else x):
            containers(v, out)
    return out


def test_deep_clone_is_equal_in_order_and_shares_no_list_or_dict(game, midgame):
    from interpreter.runtime.state import deep_clone
    copy = deep_clone(midgame)
    assert repr(copy) == repr(midgame)          # same values, types and key order
    originals = {id(c) for c in containers(midgame)}
    assert not any(id(c) in originals for c in containers(copy))


def test_deep_clone_keeps_lists_shared_inside_the_state_shared(game, midgame):
    """A list held by a local and by a pending option (a secret sequence's steps) is one
    list in the copy too, as marshal keeps it: the bots' renaming sees it once."""
    from interpreter.runtime.state import deep_clone
    s = game.clone(midgame)
    shared = ["a", "b"]
    s["stack"][-1]["l"]["acts"] = shared
    s["pending"] = dict(s["pending"], extra=[shared])
    copy = deep_clone(s)
    assert copy["stack"][-1]["l"]["acts"] is copy["pending"]["extra"][0]
    assert copy["stack"][-1]["l"]["acts"] is not shared


# --------------------------------------------------------------------- JSON
def test_json_round_trip_mid_decision(game, midgame):
    text = game.to_json(midgame)
    back = game.from_json(text)
    assert back == midgame
    assert game.to_json(back) == text
    # the restored state waits for the same decision with the same options
    seat = game.waiting(midgame)[0]
    assert game.waiting(back) == game.waiting(midgame)
    assert game.prompt(back) == game.prompt(midgame)
    assert game.options(back, seat) == game.options(midgame, seat)
    # and both continue to the same end
    play(game, back, 10000, seed=3)
    play(game, midgame, 10000, seed=3)
    assert game.state_hash(back) == game.state_hash(midgame)


def test_json_is_plain_and_canonical(game, midgame):
    text = game.to_json(midgame)
    assert text == json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"))
    assert "\n" not in text


def test_finished_game_round_trips(game):
    s = play(game, game.new_state(players=3, seed=2), 10000, seed=2)
    assert game.is_over(s)
    back = game.from_json(game.to_json(s))
    assert back == s and game.result(back) == game.result(s)


# ---------------------------------------------------------------------- hashes
def test_hash_is_stable_and_sensitive(game, midgame):
    h = game.state_hash(midgame)
    assert len(h) == 16 and int(h, 16) >= 0
    assert game.state_hash(game.clone(midgame)) == h
    assert game.state_hash(game.from_json(game.to_json(midgame))) == h
    changed = game.clone(midgame)
    changed["pl"][1]["IP"] += 1
    assert game.state_hash(changed) != h
    moved = game.clone(midgame)
    play(game, moved, 1)
    assert game.state_hash(moved) != h


def test_hash_does_not_depend_on_the_process():
    """Same seed and decisions in fresh interpreters with different hash seeds: same hash."""
    code = ("import random, sys; sys.path.insert(0, 'tests')\n"
            "from scenario import load\n"
            "g = load('metras'); s = g.new_state(players=4, seed=8); b = random.Random(8)\n"
            "for _ in range(150):\n"
            "    seat = g.waiting(s)[0]; g.apply(s, seat, b.randrange(len(g.options(s, seat))))\n"
            "print(g.state_hash(s))\n")
    hashes = set()
    for hashseed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hashseed)
        out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True,
                             capture_output=True, text=True, timeout=120)
        hashes.add(out.stdout.strip())
    assert len(hashes) == 1
    game = load("metras")
    s = game.new_state(players=4, seed=8)
    b = random.Random(8)
    for _ in range(150):
        seat = game.waiting(s)[0]
        game.apply(s, seat, b.randrange(len(game.options(s, seat))))
    assert hashes == {game.state_hash(s)}


# ------------------------------------------------------------ refused states
def mutate(text, change):
    d = json.loads(text)
    change(d)
    return json.dumps(d)


REFUSED = [
    ("not JSON", lambda t: t[:-5],
     r"^the saved state is not valid JSON: Unterminated string"),
    ("empty", lambda t: "",
     r"^the saved state is not valid JSON: Expecting value"),
    ("a list", lambda t: "[]",
     r"^the saved state is not a state of this tool \(not a JSON object\)$"),
    ("null", lambda t: "null",
     r"^the saved state is not a state of this tool \(not a JSON object\)$"),
    ("missing keys", lambda t: mutate(t, lambda d: d.pop("z")),
     r"^the saved state is incomplete or not a state of this tool: it has no 'z'$"),
    ("another game", lambda t: mutate(t, lambda d: d.__setitem__("game", "metscri")),
     r"^the saved state is of game 'metscri', not 'metras'$"),
    ("another format", lambda t: mutate(t, lambda d: d.__setitem__("format", FORMAT + 1)),
     rf"^the saved state has format {FORMAT + 1}; this version reads {FORMAT}$"),
    ("a card lost", lambda t: mutate(t, lambda d: d["z"]["ally_bag"].pop()),
     r"^the saved state is damaged: card 'ally\d+' is in no zone$"),
    ("a card doubled", lambda t: mutate(t, lambda d: d["z"]["market"].append("A01")),
     r"^the saved state is damaged: card 'A01' is both in '\w+' and in 'market'$"),
    ("an unknown card", lambda t: mutate(t, lambda d: d["z"]["market"].append("A99")),
     r"^the saved state is damaged: zone 'market' holds 'A99', not a card of this game$"),
    ("an unknown zone", lambda t: mutate(t, lambda d: d["z"].__setitem__("attic", [])),
     r"^the saved state is damaged: there is a zone 'attic' the game does not have$"),
    ("a zone missing", lambda t: mutate(t, lambda d: d["z"].pop("box")),
     r"^the saved state is damaged: zone 'box' is missing$"),
    ("more players than zones", lambda t: mutate(t, lambda d: d.__setitem__("n", 5)),
     r"^the saved state is damaged: it has 5 players; Metras is for 3-4$"),
    ("an unknown rule running", lambda t: mutate(t, lambda d: d["stack"][-1].__setitem__(
        "p", "proc:nothing")),
     (r"^the saved state is damaged: frame 1 of the stack runs 'proc:nothing', a rule this "
      r"game does not have$")),
    ("a frame that is not a frame", lambda t: mutate(t, lambda d: d["stack"].append([1])),
     r"^the saved state is damaged: frame 2 of the stack is \[1\], not a frame"),
]


@pytest.mark.parametrize("name,corrupt,words", REFUSED, ids=[n for n, _, _ in REFUSED])
def test_from_json_refuses(game, midgame, name, corrupt, words):
    text = corrupt(game.to_json(midgame))
    with pytest.raises(SaveFileError, match=words):
        game.from_json(text)


def test_from_json_refuses_another_games_state(game, tmp_path):
    """A state of a different game definition (even one with the same shape) is refused."""
    other = json.loads(game.to_json(game.new_state(players=4, seed=1)))
    other["game"] = "metras-copy"
    with pytest.raises(SaveFileError, match="metras-copy"):
        game.from_json(json.dumps(other))


# Deeper damage: without the structural check (interpreter/state_check.py) each of these
# would be accepted and then fail with a Python error (IndexError, KeyError, TypeError) in
# waiting/prompt/options/apply, or silently play a broken game.
DEEP = [
    ("a player's counters missing", lambda d: d["pl"].pop(),
     r"^the saved state is damaged: 'pl' holds the counters of 3 players, not 4$"),
    ("loc disagrees with the zones", lambda d: d["loc"].__setitem__("A01", "market"),
     r"^the saved state is damaged: 'loc' puts card 'A01' in 'market', but it is in '\w+'$"),
    ("a counter that is not a number", lambda d: d["pl"][0].__setitem__("IP", "ten"),
     r"^the saved state is damaged: player 1's counter 'IP' is 'ten', not a whole number$"),
    ("a game counter missing", lambda d: d["g"].pop("turn"),
     r"^the saved state is damaged: the game has no counter 'turn'$"),
    ("the rng is not a number", lambda d: d.__setitem__("rng", "x"),
     r"^the saved state is damaged: 'rng' is 'x', not a generator state"),
    ("a role held by no seat", lambda d: d["roles"].__setitem__("favorite", 7),
     (r"^the saved state is damaged: role 'favorite' is held by 7, not a seat or null; "
      r"there are 4 players")),
    ("a pending seat out of range", lambda d: d["pending"].__setitem__("seats", [9]),
     r"^the saved state is damaged: the pending seat 9 is not a seat; there are 4 players"),
    ("a prompt id out of range", lambda d: d["pending"].__setitem__("prompt", 99999),
     (r"^the saved state is damaged: the pending prompt is 99999, neither a text nor one of "
      r"the game's \d+ prompts$")),
    ("the stack is not a list", lambda d: d.__setitem__("stack", {}),
     r"^the saved state is damaged: 'stack' is \{\}, not a list of frames$"),
    ("pending is not a decision", lambda d: d.__setitem__("pending", "x"),
     r"^the saved state is damaged: 'pending' is 'x', not a decision"),
]


@pytest.mark.parametrize("name,change,words", DEEP, ids=[n for n, _, _ in DEEP])
def test_from_json_refuses_deeper_damage(game, midgame, name, change, words):
    with pytest.raises(SaveFileError, match=words):
        game.from_json(mutate(game.to_json(midgame), change))


def test_deeper_damage_is_named(game, midgame):
    """The message names the first problem found."""
    with pytest.raises(SaveFileError, match=r"^the saved state is damaged: player 4 has no "
                       r"counter 'IP'$"):
        game.from_json(mutate(game.to_json(midgame), lambda d: d["pl"][3].pop("IP")))
    with pytest.raises(SaveFileError, match="'loc' puts card 'A01' in 'market'"):
        game.from_json(mutate(game.to_json(midgame),
                              lambda d: d["loc"].__setitem__("A01", "market")))
    with pytest.raises(SaveFileError, match="the game is over but a decision is pending"):
        game.from_json(mutate(game.to_json(midgame), lambda d: d.__setitem__("over", True)))


def test_a_secret_choice_half_answered_passes_and_a_bad_answer_does_not(game, midgame):
    """A decision of several seats at once (each)."""
    s = game.clone(midgame)
    s["pending"] = {"seats": [0, 2], "opts": {"0": {"vals": [1, 2], "t": "num", "other": None},
                                              "2": {"vals": [], "t": "num", "other": "c"}},
                    "var": "x", "prompt": "pick", "each": True, "ans": {"0": 1}}
    game.check_state(s)
    assert game.waiting(s) == [2]
    s["pending"]["ans"] = {"0": 2}
    with pytest.raises(SaveFileError, match="seat 0's answer 2 is not one of its 2 options"):
        game.check_state(s)
    s["pending"]["ans"] = {"0": 1, "2": 0}
    with pytest.raises(SaveFileError, match="every seat has answered"):
        game.check_state(s)


# A state made by real play always passes the check, after a JSON round trip.
def test_real_states_pass_the_check(game):
    seen = set()
    for players in (3, 4):
        s = game.new_state(players=players, seed=players)
        bot = random.Random(players)
        while not game.is_over(s):
            game.check_state(json.loads(game.to_json(s)))
            seen.add(s["stack"][-1]["p"])
            seat = game.waiting(s)[0]
            game.apply(s, seat, bot.randrange(game.option_count(s, seat)))
        game.check_state(json.loads(game.to_json(s)))
    assert "@open_auction" in seen       # a mechanic's own decision was checked too


def test_mid_decision_state_passes_the_check_in_a_fresh_game(game, midgame):
    """Also in another process's GameDef: a prompt id means the same there (mechanics'
    prompts are registered when a game is built, not when first asked)."""
    s = game.new_state(players=4, seed=21)
    bot = random.Random(21)
    while s["stack"][-1]["p"] != "@open_auction":
        seat = game.waiting(s)[0]
        game.apply(s, seat, bot.randrange(game.option_count(s, seat)))
    fresh = Game.load("metras")
    for state in (midgame, s):
        back = fresh.from_json(game.to_json(state))
        assert back == state and back["pending"] is not None
        seat = fresh.waiting(back)[0]
        assert fresh.prompt(back) == game.prompt(state)
        assert fresh.options(back, seat) == game.options(state, seat)


def test_finished_state_passes_the_check(game):
    s = play(game, game.new_state(players=4, seed=11), 10000, seed=11)
    assert game.is_over(s) and s["pending"] is None and s["result"] is not None
    game.check_state(json.loads(game.to_json(s)))
    assert game.from_json(game.to_json(s)) == s


# -------------------------------------------------------------------------- rng
def test_rng_is_splitmix64():
    s = {"rng": 0}
    assert [rng.next_u64(s) for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_the_finaliser_is_the_generators_last_step():
    # finalise(z) is the number next_u64 returns from a state that steps to z (the bots' mix)
    for z in (0, 1, 0xE220A8397B1DCDAF, (1 << 64) - 1):
        s = {"rng": (z - rng.GOLDEN) % (1 << 64)}
        assert rng.finalise(z) == rng.next_u64(s) and s["rng"] == z
    assert rng.finalise(rng.GOLDEN) == 0xE220A8397B1DCDAF


def test_rng_same_seed_same_numbers():
    a, b = {"rng": rng.seed_state(42)}, {"rng": rng.seed_state(42)}
    assert [rng.below(a, 1000) for _ in range(50)] == [rng.below(b, 1000) for _ in range(50)]
    c = {"rng": rng.seed_state(43)}
    assert [rng.below(c, 1000) for _ in range(50)] != \
        [rng.below({"rng": rng.seed_state(42)}, 1000) for _ in range(50)]


def test_rng_state_is_one_int_that_round_trips():
    s = {"rng": rng.seed_state(7)}
    rng.below(s, 10)
    assert isinstance(s["rng"], int) and 0 <= s["rng"] < 2 ** 64
    t = json.loads(json.dumps(s))
    assert [rng.below(s, 100) for _ in range(20)] == [rng.below(t, 100) for _ in range(20)]


def test_rng_below_range_and_spread():
    s = {"rng": rng.seed_state(1)}
    seen = [rng.below(s, 6) for _ in range(6000)]
    assert set(seen) == set(range(6))
    assert all(800 < seen.count(k) < 1200 for k in range(6))
    assert rng.below(s, 1) == 0
    before = s["rng"]
    assert rng.below(s, 0) == 0 and s["rng"] == before     # nothing to choose: no draw


def test_rng_shuffle_is_deterministic_and_a_permutation():
    items = list(range(20))
    a, b = list(items), list(items)
    rng.shuffle({"rng": rng.seed_state(5)}, a)
    rng.shuffle({"rng": rng.seed_state(5)}, b)
    assert a == b and sorted(a) == items and a != items


def test_same_seed_same_setup_different_seed_different_setup(game):
    a = game.new_state(players=4, seed=3)
    b = game.new_state(players=4, seed=3)
    c = game.new_state(players=4, seed=4)
    assert game.to_json(a) == game.to_json(b)
    assert a["z"]["early_deck"] != c["z"]["early_deck"]
