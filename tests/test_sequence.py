"""Secret sequences (`choose sequence`): each seat composes its program privately and at its
own pace; the script resumes when every seat has committed (tests/games/relay_programs, whose
rules R1-R5 are numbered in its game.yaml)."""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.present import views
from interpreter.errors import IllegalMove, SaveFileError
from interpreter.runtime.game import Game

GAME = Path(__file__).parent / "games" / "relay_programs"
MENU = ["run", "trip", "jump", "charge"]


@pytest.fixture(scope="module")
def game():
    return Game.load(str(GAME))


def compose(game, s, seat, steps, listener=None):
    for step in steps:
        game.apply_label(s, seat, step, listener=listener)


def test_every_seat_composes_at_once_with_its_own_prompt(game):
    s = game.new_state(3, seed=1)
    assert game.waiting(s) == [0, 1, 2]
    for seat in range(3):
        assert game.options(s, seat) == MENU            # R1: no "done" before 1 action
        assert game.prompt(s, seat) == f"round 1, P{seat + 1}: action 1"
    game.apply_label(s, 0, "run")
    assert game.prompt(s, 0) == "round 1, P1: action 2"
    assert game.prompt(s, 1) == "round 1, P2: action 1"


def test_done_from_the_minimum_and_only_done_at_the_maximum(game):
    s = game.new_state(2, seed=1)            # energy 2: programs of 1 to 2 actions (R1)
    game.apply_label(s, 0, "run")
    assert game.options(s, 0) == MENU + ["done", "undo last"]
    game.apply_label(s, 0, "run")
    assert game.options(s, 0) == ["done", "undo last"]   # the maximum: commit or step back
    assert game.bot_option_count(s, 0) == 1               # a bot never steps back


def test_a_charge_lengthens_the_program_as_its_length_reads_so_far(game):
    s = game.new_state(2, seed=1)
    compose(game, s, 0, ["charge", "run"])                 # max = 2 + 1 charge
    assert "run" in game.options(s, 0)
    game.apply_label(s, 0, "run")
    assert game.options(s, 0) == ["done", "undo last"]


def test_the_menu_is_predicted_from_the_seats_own_steps(game):
    s = game.new_state(2, seed=1)            # energy 2: two jumps at most (R1)
    compose(game, s, 0, ["charge", "jump", "jump"])
    assert "jump" not in game.options(s, 0)
    game.apply_label(s, 0, "undo last")
    assert "jump" in game.options(s, 0)
    assert game.steps(s, 0) == ["charge", "jump"]


def test_undo_last_steps_back_and_is_offered_only_with_a_step(game):
    s = game.new_state(2, seed=1)
    assert "undo last" not in game.options(s, 0)
    game.apply_label(s, 0, "trip")
    game.apply_label(s, 0, "undo last")
    assert game.steps(s, 0) == [] and game.options(s, 0) == MENU
    with pytest.raises(IllegalMove, match="not a legal option"):
        game.apply_label(s, 0, "undo last")


def test_each_step_is_a_decision_and_a_seat_waits_until_it_commits(game):
    s = game.new_state(3, seed=1)
    compose(game, s, 1, ["run", "done"])
    assert game.waiting(s) == [0, 2] and s["decisions"] == 2
    with pytest.raises(IllegalMove, match="already decided"):
        game.apply_label(s, 1, "run")
    compose(game, s, 0, ["jump", "undo last", "run", "done"])
    assert s["decisions"] == 6
    compose(game, s, 2, ["trip", "done"])
    assert game.waiting(s) == [0, 1, 2] and game.prompt(s, 0).startswith("round 2")
    assert s["decisions"] == 8


def test_no_seat_sees_or_depends_on_another_seats_steps(game):
    s = game.new_state(3, seed=1)
    before = {p: (game.options(s, p), game.prompt(s, p), views.view(game, s, p)) for p in (1, 2)}
    compose(game, s, 0, ["charge", "jump", "trip", "done"])
    for p in (1, 2):
        options, prompt, seen = before[p]
        assert game.options(s, p) == options and game.prompt(s, p) == prompt
        now = views.view(game, s, p)
        assert now.pop("waiting") == ["P2", "P3"]      # that P1 committed is public
        seen.pop("waiting")
        assert now == seen     # the decision count too: P1's 4 steps are counted for P1 only
    assert views.view(game, s, 0)["decisions"] == 4 and s["decisions"] == 4
    spectator = views.view(game, s, None)
    assert "steps" not in spectator and "options" not in spectator


def test_a_seats_view_shows_its_own_steps(game):
    s = game.new_state(2, seed=1)
    compose(game, s, 0, ["charge", "trip"])
    v = views.view(game, s, 0)
    assert v["steps"] == ["charge", "trip"] and v["options"][-1] == "undo last"
    assert views.view(game, s, 1)["steps"] == []


def test_programs_resolve_together_index_by_index(game):
    # R2, R3, R4: everyone starts on square 0; P1 trips at index 0, so P2's run and P3's
    # jump at that index fail, each told privately; at index 1 nobody trips and both run.
    log = []
    s = game.new_state(3, seed=1, listener=log.append)
    compose(game, s, 0, ["trip", "done"], log.append)
    compose(game, s, 1, ["run", "run", "done"], log.append)
    compose(game, s, 2, ["jump", "run", "done"], log.append)
    assert [s["pl"][p]["pos"] for p in range(3)] == [0, 1, 1]
    assert [s["pl"][p]["energy"] for p in range(3)] == [2, 1, 1]   # R4: -1 for a failure
    private = {line: line.audience for line in log if getattr(line, "audience", None)}
    assert private["your action 1 (run) fails: you were tripped"] == (1,)
    assert private["your action 1 (jump) fails: you were tripped"] == (2,)
    assert private["P2: your energy is 1"] == (1,)
    assert "round 1: positions 0, 1, 1" in log


def test_a_jump_costs_energy_and_outruns_a_trip_elsewhere(game):
    log = []
    s = game.new_state(2, seed=1, listener=log.append)
    compose(game, s, 0, ["jump", "trip", "done"])
    compose(game, s, 1, ["run", "run", "done"])   # index 1: P1 trips on 2, P2 stands on 1
    assert [s["pl"][p]["pos"] for p in range(2)] == [2, 2]
    assert [s["pl"][p]["energy"] for p in range(2)] == [1, 2]
    assert not [x for x in log if "fails" in x]


def test_the_result_holds_one_list_per_seat(game):
    log = []
    s = game.new_state(2, seed=1)
    compose(game, s, 0, ["run", "done"], log.append)
    compose(game, s, 1, ["charge", "trip", "run", "done"], log.append)
    assert log[0] == "round 1: programs run, charge+trip+run"


def test_clones_and_saved_states_keep_a_sequence_apart(game):
    s = game.new_state(2, seed=1)
    game.apply_label(s, 0, "run")
    c = game.clone(s)
    game.apply_label(c, 0, "trip")
    game.apply_label(c, 1, "run")
    assert game.steps(s, 0) == ["run"] and game.steps(s, 1) == []
    back = game.from_json(game.to_json(c))
    assert game.steps(back, 0) == ["run", "trip"] and game.options(back, 1) == \
        game.options(c, 1)
    broken = game.from_json(game.to_json(c))
    broken["pending"]["ans"] = {"0": 5}
    with pytest.raises(SaveFileError, match="committed"):
        game.check_state(broken)
    broken = game.from_json(game.to_json(c))
    broken["pending"]["so_far"] = {"0": "run"}
    with pytest.raises(SaveFileError, match="steps"):
        game.check_state(broken)


def test_a_whole_game_to_the_end(game):
    # R5: three rounds of two runs each, nobody trips
    s = game.new_state(4, seed=3)
    while not game.is_over(s):
        seat = game.waiting(s)[0]
        game.apply_label(s, seat, "run" if len(game.steps(s, seat)) < 2 else "done")
    assert game.result(s)["scores"] == [6, 6, 6, 6]
    assert s["decisions"] == 3 * 4 * 3


LINE = ('progs = choose sequence of menu(me, so_far) by each of players length 1 to '
        'my.energy + count(so_far where it == "charge") labelled "{it}" '
        'prompt "round {round}, {me}: action {count(so_far) + 1}"')


# each mistake, and where validate must point: the start of `at` in the statement
@pytest.mark.parametrize("statement,code,at,words", [
    ("progs = choose sequence of menu(me, so_far) length 1 to 2", "FLOW", "progs",
     "by each of"),
    ("progs = choose sequence of menu(me, so_far) by first(players) length 2", "FLOW",
     "first", "by each of [PLAYER]"),
    ("progs = choose sequence of menu(me, so_far) by each of players", "FLOW", "progs",
     "length"),
    ("progs = choose sequence of menu(me, so_fr) by each of players length 2", "REF-UNDEF",
     "so_fr", "so_far"),
    ("progs = choose sequence of 3 by each of players length 2", "TYPE", "3", "collection"),
    ('progs = choose sequence of ["a"] by each of players length "x" to 3', "TYPE", '"x"',
     "number"),
    ('progs = choose sequence of ["a"] by each of players length 2 otherwise "x"', "SYNTAX",
     "otherwise", "expected"),
])
def test_validate_locates_each_mistake_in_a_sequence(tmp_path, statement, code, at, words):
    from interpreter.build.game_loader import check_game
    text = (GAME / "game.yaml").read_text()
    assert LINE in text
    (tmp_path / "game.yaml").write_text(text.replace(LINE, statement))
    found = [f for f in check_game(str(tmp_path)) if f.code != "ORPHAN"]
    col = 9 + statement.index(at)          # the script's lines are indented by 8
    line = text.splitlines().index(next(x for x in text.splitlines() if LINE in x)) + 1
    assert [(Path(f.file).name, f.line, f.col, f.code) for f in found] == \
        [("game.yaml", line, col, code)], [f.format() for f in found]
    assert words in found[0].message or words in (found[0].hint or "")


def test_a_steps_menu_is_built_only_when_read_once_and_as_built_at_once(game):
    """A bot's lookahead applies a step and scores the position after it: the seat's menu
    there is built only if someone reads it (runtime/sequence.py), once, and is the menu
    the step would have built; a clone builds its own; saves and hashes hold it built."""
    import json
    from interpreter.runtime import sequence
    from interpreter.runtime.vm import VM
    fn, *rest = game.g.seq_fns[0]
    calls = []
    game.g.seq_fns[0] = (lambda vm: calls.append(1) or fn(vm), *rest)
    try:
        s = game.new_state(3, seed=1)
        assert game.options(s, 0) == MENU and len(calls) == 3    # every seat's, at the start
        c = game.clone(s)
        game.apply(c, 0, MENU.index("charge"))
        assert len(calls) == 3 and c["pending"]["opts"]["0"] is None     # not built
        d = game.clone(c)
        assert game.options(d, 0) == MENU + ["done", "undo last"] and len(calls) == 4
        assert c["pending"]["opts"]["0"] is None           # the clone built its own
        game.bot_option_count(d, 0), game.options(d, 0), game.option_count(d, 0)
        assert len(calls) == 4                              # built once
        p = d["pending"]
        assert p["opts"]["0"] == sequence.spec(VM(game.g, d), p, 0, ["charge"])
        assert game.state_hash(c) == game.state_hash(d)     # hashed with its menus built
        assert None not in json.loads(game.to_json(c))["pending"]["opts"].values()
        e = game.clone(s)
        game.apply(e, 0, MENU.index("charge"))
        raw = json.loads(json.dumps(e))                     # a state saved unbuilt loads
        game.check_state(raw)
        assert game.options(raw, 0) == game.options(d, 0)
    finally:
        game.g.seq_fns[0] = (fn, *rest)


def test_a_menu_with_nothing_to_add_below_the_minimum_is_a_located_error(tmp_path):
    from interpreter.errors import GameError
    text = (GAME / "game.yaml").read_text().replace(LINE, LINE.replace(
        "menu(me, so_far)", '(["run"] if count(so_far) == 0 else [])').replace(
        "length 1 to", "length 2 to"))
    (tmp_path / "game.yaml").write_text(text)
    g = Game.load(str(tmp_path))
    s = g.new_state(2, seed=1)
    g.apply_label(s, 0, "run")      # the menu after a step is built when it is read
    for read in (g.options, g.option_count, g.bot_option_count, g.option_values):
        with pytest.raises(GameError, match="P1 has no option to continue progs .1 chosen, "
                                            "at least 2 needed.*seed 1, decision 1"):
            read(s, 0)
    with pytest.raises(GameError, match="no option to continue"):
        g.state_hash(s)             # (a state is hashed and saved with its menus built)


def test_a_step_whose_menu_fails_fails_at_the_table_and_leaves_the_game_as_it_was(tmp_path):
    from interpreter.errors import GameError
    from interpreter.runtime.play_session import Session
    text = (GAME / "game.yaml").read_text().replace(LINE, LINE.replace(
        "menu(me, so_far)", '(["run"] if count(so_far) == 0 else [])').replace(
        "length 1 to", "length 2 to"))
    (tmp_path / "game.yaml").write_text(text)
    session = Session(Game.load(str(tmp_path)), 2, 1)
    before = session.game.to_json(session.state)
    with pytest.raises(GameError, match="P1 has no option to continue"):
        session.decide(0, "run")
    assert session.game.to_json(session.state) == before and session.decisions == []


@pytest.mark.parametrize("field,value,words", [
    ("seq", 99, "not one of the game's"), ("so_far", {"0": []}, "steps"),
    ("taken", {"0": -1, "1": 0}, "answer counts"), ("ans", {"1": 0, "0": 1}, "still pending"), ("ans", {"0": 0}, "committed"),
    ("opts", {k: {"pre": [], "lo": 0, "hi": 1, "fmt": "{}", "post": []} for k in "01"},
     "not choices"),
])
def test_a_damaged_sequence_in_a_saved_state_is_refused(game, field, value, words):
    s = game.new_state(2, seed=1)
    game.apply_label(s, 0, "run")
    broken = game.from_json(game.to_json(s))
    broken["pending"][field] = value
    with pytest.raises(SaveFileError, match=words):
        game.check_state(broken)
