"""Persistent values (`values:`): reading, `set` on values and their entries, snapshots
(clone, variables, parameters), views by visibility, state checks, validate's findings, the
bots' imagined worlds (no peeking). Game: tests/games/claims (2-4 players, ~17 decisions)."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from interpreter.runtime import state as S
from interpreter.bots import make_bot
from interpreter.bots.worlds import determinize
from interpreter.effects.compiler import Compiler
from interpreter.effects.parser import parse_script
from interpreter.effects.script import ScriptCompiler
from interpreter.errors import CompileErrors, GameError, SaveFileError
from interpreter.runtime.game import Game
from interpreter.build.game_loader import check_game
from interpreter.runtime.state_check import check
from interpreter.present.views import view
from interpreter.runtime.vm import VM
from tests.places import at, places
from tests.scenario import run_script

CLAIMS = Path(__file__).parent / "games" / "claims"


@pytest.fixture(scope="module")
def game():
    return Game.load(str(CLAIMS))


def run(game, text, s=None, me=0, **local):
    """Run one script as seat `me` (on a fresh 3-player state unless given); the state."""
    return run_script(game, text, s, players=3, me=me, **local)


def compile_errors(game, text) -> list:
    try:
        ScriptCompiler(Compiler(game.g), {"me": "player"}).compile(parse_script(text))
    except CompileErrors as e:
        return [(x.code, x.line, x.col, x.message) for x in e.all]
    return []


def evaluate(game, s, text, me=0):
    """The value an expression has in state s (run as a script that stores it)."""
    run(game, f"set moves = [{text}]", s=s, me=me)
    return s["v"]["moves"][0]


def random_game(game, players, seed):
    """The states along one random game."""
    rng = random.Random(seed)
    s = game.new_state(players=players, seed=seed)
    out = [game.clone(s)]
    while not game.is_over(s):
        seat = game.waiting(s)[0]
        game.apply(s, seat, rng.randrange(game.option_count(s, seat)))
        out.append(game.clone(s))
    return out


# ------------------------------------------------------------------ declarations
def test_types_are_inferred_from_start_or_declared(game):
    pv, gv = game.g.player_values, game.g.game_values
    assert (pv["at"].type, pv["came_from"].type, pv["invested"].type) == ("text", "text", "mapping")
    assert (pv["invested"].default, pv["invested"].visibility) == (0, "owner")
    assert (gv["controller"].type, gv["controller"].entries, gv["moves"].type) == \
        ("mapping", "player", "list")


def test_a_game_without_values_keeps_its_state_layout():
    s = Game.load("etheria").new_state(players=3, seed=1)
    assert "v" not in s and "pv" not in s


def test_values_start_in_the_state_per_seat(game):
    s = game.new_state(players=4, seed=2)
    assert [p["at"] for p in s["pv"]] == ["c"] * 4
    assert s["pv"][0]["invested"] == {} and s["pv"][0]["invested"] is not s["pv"][1]["invested"]
    assert s["v"]["bonus_place"] in ["a", "b", "c", "d", "e"]   # drawn at setup by shuffled()


# ------------------------------------------------------------------ reading and setting
def test_set_a_value_and_read_it(game):
    s = run(game, "set me.came_from = me.at\nset me.at = \"d\"\nset controller[\"north\"] = me")
    assert s["pv"][0]["at"] == "d" and s["pv"][0]["came_from"] == "c"
    assert s["v"]["controller"] == {"north": 0}
    assert evaluate(game, s, "controller[\"north\"]") == 0
    assert evaluate(game, s, "controller[\"south\"]") is None       # missing: none


def test_a_missing_key_reads_as_the_default_and_entries_add_up(game):
    s = run(game, "set me.invested[\"north\"] = me.invested[\"north\"] + 1\n"
                  "set me.invested[\"north\"] = me.invested[\"north\"] + 2")
    assert s["pv"][0]["invested"] == {"north": 3}
    assert evaluate(game, s, "me.invested[\"south\"]") == 0        # default: 0
    assert evaluate(game, s, "me.spent") == 3                      # a stat reading a value


def test_nested_entries_are_made_on_the_way_and_seats_are_kept_as_text(game):
    s = run(game, "set moves = [[1, 2], [3, 4]]\nset moves[1][0] = 9\n"
                  "set controller[me.next] = me.next\nset me.invested[\"x\"][\"y\"] = 1")
    assert s["v"]["moves"] == [[1, 2], [9, 4]]
    assert s["v"]["controller"]["1"] == 1                          # a seat key, as digits
    assert evaluate(game, s, "controller[me.next]") == 1           # read back the same way
    assert s["pv"][0]["invested"]["x"] == {"y": 1}


@pytest.mark.parametrize("text,message", [
    ("set me.at = 3", "value 'at' is a text or none; it cannot be set to 3"),
    ("set moves = 3", "value 'moves' is a list; it cannot be set to 3"),
    ("set controller[\"a\"] = \"nobody\"", "entries of value 'controller' are a player"),
    ("set controller[\"a\"] = 7", "entries of value 'controller' are a player"),
    ("set moves[5] = 1", "a list of 0 has no position 5"),
    ("set me.at[1] = 2", "is 'c', not a list or a mapping"),
    ("set controller[none] = 1", "a mapping's key is a text or a whole number, not none"),
    ("set controller[1][2][3][4][5] = [[1]]", "nest at most 6 deep"),
    ("set controller[1][2] = 1", "entries of value 'controller' are a player or none; {'2': 1}"),
    ("set controller[1][2][3][4][5][6][7] = 1", "nest at most 6 deep"),
])
def test_a_set_of_the_wrong_kind_is_a_rule_error_in_words(game, text, message):
    with pytest.raises(GameError, match=message.replace("[", r"\[").replace("(", r"\(")):
        run(game, text)


def test_a_mapping_is_named_in_words_in_a_log_line(game):
    from interpreter.effects.menus import label_of
    s = run(game, "set me.invested[\"north\"] = 2\nset me.invested[\"south\"] = 1")
    assert label_of(game.g, s["pv"][0]["invested"]) == "north 2, south 1"
    assert label_of(game.g, {}) == "nothing"


def test_values_are_snapshots_a_variable_is_a_copy(game):
    s = run(game, "m = controller\nset controller[\"a\"] = me\nset m[\"b\"] = me\n"
                  "xs = moves\nappend 5 to xs\nset moves = xs + [6]\nappend 7 to xs\n"
                  "set me.came_from = \"{count(m)}\"")
    assert s["v"]["controller"] == {"a": 0}          # m's change did not reach the value
    assert s["pv"][0]["came_from"] == "1"            # and the value's did not reach m
    assert s["v"]["moves"] == [5, 6]                 # the later append stayed in xs


def test_a_procedure_parameter_made_from_a_value_is_a_copy(tmp_path):
    text = CLAIMS.joinpath("game.yaml").read_text().replace("functions:", """procedures:
  scribble:
    params: {m: any}
    do: |
      set m["zzz"] = 1
      return count(m)
functions:""")
    (tmp_path / "game.yaml").write_text(text)
    g = Game.load(str(tmp_path / "game.yaml"))
    s = run(g, "n = scribble(controller)\nset me.came_from = \"{n}\"")
    assert s["v"]["controller"] == {} and s["pv"][0]["came_from"] == "1"


def test_a_loop_variable_or_a_choice_never_changes_a_value(game):
    s = run(game, "set moves = [[1, 2], [3, 4]]\nset controller[\"a\"] = me\n"
                  "for each r in moves:\n    set r[0] = 9\n    append 5 to r\n"
                  "m = choose one of [controller]\nset m[\"a\"] = 2")
    assert s["v"]["moves"] == [[1, 2], [3, 4]] and s["v"]["controller"] == {"a": 0}


def test_clones_share_no_value_a_rule_changes(game):
    s = run(game, "set controller[\"a\"] = me")
    c = game.clone(s)
    run(game, "set controller[\"a\"] = me.next\nset me.invested[\"a\"] = 4", s=c)
    assert s["v"]["controller"] == {"a": 0} and s["pv"][0]["invested"] == {}
    assert c["v"]["controller"] == {"a": 1}


def test_json_round_trip_state_check_and_hash_along_games(game):
    hashes = set()
    for players in (2, 3, 4):
        for s in random_game(game, players, players):
            back = game.from_json(game.to_json(s))   # checked by state_check on the way
            assert game.position_hash(back) == game.position_hash(s)
            hashes.add(game.position_hash(s))
    s = game.new_state(players=3, seed=1)
    before = game.position_hash(s)
    s["pv"][2]["invested"] = {"north": 1}
    assert game.position_hash(s) != before           # values are part of the position


@pytest.mark.parametrize("damage,message", [
    (lambda s: s["pv"][0].update(at=3), "player 1's value 'at' is 3, not a text or none"),
    (lambda s: s["v"].update(controller={"a": 9}), "value 'controller' is {'a': 9}"),
    (lambda s: s["v"].update(moves={"a": 1}), "value 'moves'"),
    (lambda s: s["pv"][1].pop("invested"), "player 2 has no value 'invested'"),
    (lambda s: s["v"].update(extra=1), "a value 'extra' the game does not have"),
    (lambda s: s["pv"].pop(), "'pv' is"),
    (lambda s: s.pop("v"), "it has no 'v'"),
    (lambda s: s["pv"][0].update(at=1.5), "not plain data"),
])
def test_a_damaged_value_in_a_saved_state_is_refused(game, damage, message):
    s = game.new_state(players=3, seed=1)
    damage(s)
    with pytest.raises(SaveFileError, match=message.replace("(", r"\(").replace("[", r"\[")):
        check(game.g, json.loads(json.dumps(s)))


# ------------------------------------------------------------------ views
def test_views_show_values_by_visibility(game):
    s = run(game, "set me.invested[\"north\"] = 2\nset controller[\"north\"] = me\n"
                  "set me.next.invested[\"south\"] = 1")
    mine, other, spectator = view(game, s, 0), view(game, s, 1), view(game, s, None)
    assert mine["seats"][0]["values"] == {"at": "c", "came_from": None, "invested": {"north": 2}}
    assert "invested" not in mine["seats"][1]["values"]              # another seat's own
    assert other["seats"][1]["values"]["invested"] == {"south": 1}
    assert "invested" not in other["seats"][0]["values"]
    assert all("invested" not in p["values"] for p in spectator["seats"])
    assert mine["values"]["controller"] == {"north": "P1"}          # players by name
    assert "bonus_place" not in mine["values"] and "bonus_place" not in spectator["values"]
    # a stat reading an owner-only value is shown to its owner only
    assert mine["seats"][0]["stats"]["spent"] == 2 and "spent" not in mine["seats"][1]["stats"]


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_no_view_along_a_game_shows_a_value_hidden_from_its_seat(game, players, seed):
    for s in random_game(game, players, seed):
        for seat in [*range(players), None]:
            v = view(game, s, seat)
            assert set(v["values"]) == {"controller", "moves"}          # never bonus_place
            for p, seen in enumerate(v["seats"]):
                assert ("invested" in seen["values"]) == (p == seat)
                assert ("spent" in seen["stats"]) == (p == seat)


def test_a_saved_game_replays_to_the_same_values(tmp_path):
    from click.testing import CliRunner
    from cli import main as cli
    save = tmp_path / "claims.json"
    r = CliRunner().invoke(cli, ["play", str(CLAIMS), "--players", "3", "--humans", "0",
                                 "--bots", "random", "--seed", "4", "--save", str(save)])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(cli, ["replay", str(save), "--game", str(CLAIMS)])
    assert r.exit_code == 0 and "OK:" in r.output, r.output


def test_the_terminal_lists_a_seats_values(game):
    from io import StringIO
    from interpreter.present.terminal import console, render_view
    s = run(game, "set me.invested[\"north\"] = 2\nset controller[\"north\"] = me")
    con = console()
    con.file = StringIO()
    render_view(con, view(game, s, 0), [])
    out = con.file.getvalue()
    assert "invested: north 2" in out and "controller: north P1" in out
    con.file = StringIO()
    render_view(con, view(game, s, 1), [])
    out = con.file.getvalue()
    assert "invested: north" not in out and "invested: (none)" in out   # its own only


# ------------------------------------------------------------------ validate
BASE = CLAIMS.joinpath("game.yaml").read_text()


def findings(tmp_path, text):
    (tmp_path / "game.yaml").write_text(text)
    return [(f.code, f.message, f.hint) for f in check_game(str(tmp_path / "game.yaml"))]


# each edit; its one finding: code, at TOKEN on the line holding MARKER (None: the new text),
# and words of what it says
@pytest.mark.parametrize("old,new,code,marker,token,words", [
    ("set p.at = d", "set p.att = d", "REF-UNDEF", None, "att", "did you mean 'at'"),
    ("set p.came_from = p.at", "set p.came_from = p.att", "REF-UNDEF", None, "att",
     "did you mean 'at'"),
    ("set p.invested[a] =", "set p.invest[a] =", "REF-UNDEF", None, "invest",
     "did you mean 'invested'"),
    ("set controller[a] = best", "set controler[a] = best", "REF-UNDEF", None, "controler",
     "did you mean 'controller'"),
    ("controller[it] == p", "controllr[it] == p", "REF-UNDEF", None, "controllr",
     "did you mean 'controller'"),
    ("at: {start: c,", "at: {start: 3, type: text,", "TYPE", None, "3", "declared a text or none"),
    ("invested: {start: {},", "invested: {start: 1,", "TYPE", "invested: {start: 1,",
     "default: 0", "a default is what a missing"),
    ("moves: {start: [], type: list,", "moves: {start: [], type: number,", "TYPE", None, "[]",
     "declared a whole number"),
    ("controller: {start: {}, entries: player,", "controller: {start: {a: x}, entries: player,",
     "TYPE", None, "{a: x}", "are a player or none, but it starts as"),
    ("at: {start: c,", "coins: {start: 0}\n    at: {start: c,", "DUP-NAME", "coins: {start: 0}",
     "coins", "both a player counter and a player value"),
    ("invested: {start: {}, default: 0,", "invested: {start: {}, default: 0, entries: text,",
     "TYPE", "entries: text", "0,", "but its default is 0"),
    ("visibility: none, description: The place", "visibility: owner, description: The place",
     "SCHEMA-ENUM", "visibility: owner, description: The place", "owner", "owner"),
])
def test_validate_reports_mistakes_with_values(tmp_path, old, new, code, marker, token, words):
    assert BASE.count(old) == 1
    text = BASE.replace(old, new)
    (tmp_path / "game.yaml").write_text(text)
    found = check_game(str(tmp_path / "game.yaml"))
    assert places(found, tmp_path) == [("game.yaml", *at(text, marker or new, token), code)]
    assert words in f"{found[0].message} ({found[0].hint})", found[0].format()


def test_an_unused_value_is_an_orphan(tmp_path):
    found = findings(tmp_path, BASE.replace("  game:\n    controller:",
                                            "  game:\n    unused: {start: 0}\n    controller:"))
    assert ("ORPHAN", "the game value 'unused' is never used") in \
        [(c, m) for c, m, _ in found], found


def test_a_set_on_a_name_that_is_no_value(game):
    errors = compile_errors(game, "set nothing_here = 1\nset me.nowhere[1] = 2\nset me.seat = 1")
    assert [(code, line, col) for code, line, col, _ in errors] == [
        ("REF-UNDEF", 1, 5), ("REF-UNDEF", 2, 8), ("SET", 3, 8)], errors
    assert errors[1][3] == "players have no value 'nowhere'"


# ------------------------------------------------------------------ bots: no peeking
def other_world(game, s, seat, rng):
    """A state the seat cannot tell from s: other seats' owner values and counters and
    every hidden value changed (the controller stays: it is public)."""
    b = S.deep_clone(s)
    for p, values in enumerate(b["pv"]):
        if p != seat:
            values["invested"] = {rng.choice(["north", "south"]): rng.randrange(1, 5)}
            b["pl"][p]["coins"] = rng.randrange(0, 4)
    b["v"]["bonus_place"] = rng.choice(["a", "b", "c", "d", "e"])
    b["rng"] = rng.getrandbits(64)
    b["seed"] = rng.randrange(10 ** 6)
    return b


def test_no_bot_reads_another_seats_hidden_value_or_counter(game):
    rng = random.Random(3)
    points = [(s, game.waiting(s)[0]) for s in random_game(game, 3, 8)
              if not game.is_over(s) and game.option_count(s, game.waiting(s)[0]) > 1][::3]
    assert len(points) >= 3
    for a, seat in points:
        b = other_world(game, a, seat, rng)
        assert view(game, b, seat) == view(game, a, seat)
        wa = determinize(game, a, seat, random.Random(1))
        wb = determinize(game, b, seat, random.Random(1))
        assert game.state_hash(wa) == game.state_hash(wb)
        assert wa["pv"][seat]["invested"] == a["pv"][seat]["invested"]   # its own: kept
        for spec in ("random", "greedy", "ismcts:iterations=20,depth=6"):
            assert make_bot(spec, game, 11).choose(game, a, seat) == \
                make_bot(spec, game, 11).choose(game, b, seat), spec


def test_the_check_catches_a_bot_that_reads_hidden_values(game):
    """A cheat whose choice depends on others' investments differs between the two states."""
    rng = random.Random(5)
    caught = 0
    for a in random_game(game, 3, 4)[:-1]:
        seat = game.waiting(a)[0]
        n = game.option_count(a, seat)
        if n < 2:
            continue
        b = other_world(game, a, seat, rng)
        peek = [sum(sum(p["invested"].values()) for p in s["pv"]) % n for s in (a, b)]
        caught += peek[0] != peek[1]
    assert caught >= 2


def test_compiled_and_tree_walked_values_agree(game):
    from interpreter.effects.parser import parse_expression
    from interpreter.effects.compiler import Scope
    from interpreter.effects.treewalk import TreeWalker
    s = run(game, "set me.invested[\"north\"] = 2\nset controller[\"south\"] = me.next\n"
                  "set moves = [[0, \"b\"], [1, \"d\"]]")
    comp, walker = Compiler(game.g), TreeWalker(game.g)
    for text in ["me.invested[\"north\"]", "me.invested[\"east\"]", "controller[\"south\"]",
                 "controller[\"north\"]", "moves[1][1]", "moves[5][0]", "me.at",
                 "take(drop(range(5), 1), 2)", "index_of(places, me.at)"]:
        node = parse_expression(text)
        fn, _ = comp.expr(node, Scope(game.g, {"me": "player"}))
        vm = VM(game.g, s)
        vm.l = {"me": 0}
        assert fn(vm) == walker.eval(node, vm, {"me": 0}), text


def test_card_values_are_shown_by_label_renamed_in_worlds_and_hidden_ones_forgotten(tmp_path):
    text = (Path(__file__).parent / "games" / "statements" / "game.yaml").read_text()
    text = text.replace("zones:", """values:
  player:
    kept: {start: [], type: cards, description: Cards noted by their ids.}
    peeked: {start: none, type: card, visibility: owner, description: A card only its owner knows.}
zones:""", 1)
    (tmp_path / "game.yaml").write_text(text)
    g = Game.load(str(tmp_path / "game.yaml"))
    s = run(g, "set me.kept = [top(deck)]\nset me.next.peeked = bottom(deck)",
            s=g.new_state(players=2, seed=1))
    top = s["z"]["deck"][-1]
    assert view(g, s, 0)["seats"][0]["values"]["kept"] == [g.g.card_labels[top]]
    assert "peeked" not in view(g, s, 0)["seats"][1]["values"]
    w = determinize(g, s, 0, random.Random(2))
    assert w["pv"][1]["peeked"] is None                 # another seat's secret: forgotten
    assert w["pv"][0]["kept"] == [w["z"]["deck"][-1]]   # renamed with the hidden deck
    with pytest.raises(GameError, match="a list of cards"):
        run(g, "set me.kept = [1]", s=g.new_state(players=2, seed=1))
