"""Game options have one owner (interpreter/load/game_options.py): Game.new_state, a save's
replay, the state check and the command line's --option all check values against the
declarations (issue 22: `new_state` used to coerce with `type(default)(value)`, so the text
"false" became True and a turn cap of 10**12 passed the state check)."""
from __future__ import annotations

import pytest

from interpreter.commands.common import Failed, option_args
from interpreter.errors import RulebookError, SaveFileError
from interpreter.load import game_options
from interpreter.load.game_options import SetupError
from interpreter.runtime.game import Game
from interpreter.runtime.play_session import Session

# M.E.T.A. declares one option of each type:
#   turn_cap: number 0-10000 (default 40), counterattack: text, one of distance/range,
#   prototype_blueprint_focus: truth (default true)


@pytest.fixture(scope="module")
def meta():
    return Game.load("meta")


@pytest.mark.parametrize("name,value,words", [
    ("counterattack", "nonsense",
     ("option 'counterattack' of M.E.T.A.: expected one of distance, range, got the text "
      "'nonsense'")),
    ("prototype_blueprint_focus", "false",
     ("option 'prototype_blueprint_focus' of M.E.T.A.: expected true or false, got the text "
      "'false' (a value given in Python is not converted: text from a person is read by "
      "game_options.parse, as --option does)")),
    ("turn_cap", 10 ** 12,
     ("option 'turn_cap' of M.E.T.A.: expected a whole number from 0 to 10000, got "
      "1000000000000")),
])
def test_the_issue_example_each_bad_value_is_refused_in_words(meta, name, value, words):
    with pytest.raises(SetupError) as e:
        meta.new_state(2, 1, options={name: value})
    assert str(e.value) == words
    assert isinstance(e.value, RulebookError) and not isinstance(e.value, (ValueError, TypeError))
    assert e.value.field == f"options.{name}"


def test_the_issue_example_all_at_once_names_the_first_bad_option(meta):
    with pytest.raises(SetupError, match="^option 'counterattack' of M.E.T.A.: expected one of"):
        meta.new_state(2, 1, options={"counterattack": "nonsense",
                                      "prototype_blueprint_focus": "false",
                                      "turn_cap": 10 ** 12})


@pytest.mark.parametrize("name,value,words", [
    ("turn_cap", 3.0, "expected a whole number from 0 to 10000, got 3.0"),
    ("turn_cap", True, "expected a whole number from 0 to 10000, got true"),
    ("turn_cap", "12", ("expected a whole number from 0 to 10000, got the text '12' (a value "
                        "given in Python is not converted")),
    ("turn_cap", -1, "expected a whole number from 0 to 10000, got -1"),
    ("turn_cap", None, "expected a whole number from 0 to 10000, got null"),
    ("counterattack", 1, "expected one of distance, range, got 1"),
    ("counterattack", ["range"], "expected one of distance, range, got ['range']"),
    ("prototype_blueprint_focus", 0, "expected true or false, got 0"),
])
def test_a_python_value_of_the_wrong_type_is_refused_never_converted(meta, name, value, words):
    with pytest.raises(SetupError, match=f"^option '{name}' of M.E.T.A.: ") as e:
        meta.new_state(2, 1, options={name: value})
    assert words in str(e.value)


def test_an_unknown_option_gets_a_did_you_mean_and_the_list(meta):
    with pytest.raises(SetupError) as e:
        meta.new_state(2, 1, options={"turncap": 10})
    assert str(e.value) == (
        "M.E.T.A. has no option 'turncap' (did you mean 'turn_cap'?); its options: turn_cap "
        "(a whole number from 0 to 10000, default 40); counterattack (one of distance, range, "
        "default distance); prototype_blueprint_focus (true or false, default true)")
    assert e.value.field == "options.turncap"


def test_good_values_land_in_the_state_and_the_rest_keep_their_defaults(meta):
    s = meta.new_state(2, 1, options={"counterattack": "range",
                                      "prototype_blueprint_focus": False})
    assert s["options"] == {"turn_cap": 40, "counterattack": "range",
                            "prototype_blueprint_focus": False}
    assert list(s["options"]) == list(meta.g.options)    # declaration order, as before
    meta.check_state(s)
    s = meta.new_state(2, 1, options={"turn_cap": 0})    # the ends of the range
    assert s["options"]["turn_cap"] == 0
    assert meta.new_state(2, 1, options={"turn_cap": 10000})["options"]["turn_cap"] == 10000
    assert meta.new_state(2, 1)["options"] == {"turn_cap": 40, "counterattack": "distance",
                                               "prototype_blueprint_focus": True}


@pytest.mark.parametrize("text,value", [("false", False), ("No", False), ("0", False),
                                        ("true", True), (" yes ", True), ("1", True)])
def test_text_from_a_person_is_read_by_parse_then_accepted(meta, text, value):
    spec = meta.g.option_specs["prototype_blueprint_focus"]
    assert game_options.parse(spec, text) is value
    assert option_args(meta, [f"prototype_blueprint_focus={text}"]) == {
        "prototype_blueprint_focus": value}
    s = meta.new_state(2, 1, options={"prototype_blueprint_focus": value})
    assert s["options"]["prototype_blueprint_focus"] is value


@pytest.mark.parametrize("given,words", [
    (["turn_cap=1000000000000"], ("--option turn_cap: '1000000000000' is not a whole number "
                                  "from 0 to 10000")),
    (["turn_cap=10001"], "--option turn_cap: expected a whole number from 0 to 10000, got 10001"),
    (["counterattack=nonsense"], ("--option counterattack: expected one of distance, range, "
                                  "got the text 'nonsense'")),
    (["prototype_blueprint_focus=maybe"], ("--option prototype_blueprint_focus: 'maybe' is not "
                                           "true or false")),
    (["turncap=3"], ("--option turncap: M.E.T.A. has no option 'turncap' (did you mean "
                     "'turn_cap'?)")),
    (["turn_cap"], "--option 'turn_cap': write NAME=VALUE"),
])
def test_the_command_line_reads_options_through_the_same_declarations(meta, given, words):
    with pytest.raises(Failed) as e:
        option_args(meta, given)
    assert str(e.value).startswith(words)


def test_the_state_check_refuses_option_values_the_declarations_refuse(meta):
    for name, bad, words in [("turn_cap", 10 ** 12, "expected a whole number from 0 to 10000"),
                             ("counterattack", "nonsense", "expected one of distance, range"),
                             ("prototype_blueprint_focus", "false", "expected true or false")]:
        s = meta.new_state(2, 1)
        s["options"][name] = bad
        with pytest.raises(SaveFileError, match=f"^the saved state is damaged: option '{name}': "
                                                f"{words}"):
            meta.check_state(s)
        with pytest.raises(SaveFileError, match=f"option '{name}': {words}"):
            meta.from_json(meta.to_json(s))


@pytest.mark.parametrize("players,words", [
    (0, "M.E.T.A. is for 2 players, not 0"), (3, "M.E.T.A. is for 2 players, not 3"),
    ("2", "M.E.T.A. is for 2 players, not '2'"), (True, "M.E.T.A. is for 2 players, not true"),
])
def test_a_player_count_the_game_does_not_have_is_refused(meta, players, words):
    with pytest.raises(SetupError, match=f"^{words}$") as e:
        meta.new_state(players, 1)
    assert e.value.field == "players"
    with pytest.raises(SetupError, match=f"^{words}$"):
        Session(meta, players, 1)


def test_a_session_checks_its_options_like_new_state(meta):
    with pytest.raises(SetupError, match="^option 'prototype_blueprint_focus' of M.E.T.A.: "
                                         "expected true or false, got the text 'false'"):
        Session(meta, 2, 1, options={"prototype_blueprint_focus": "false"})
    session = Session(meta, 2, 1, options={"prototype_blueprint_focus": False})
    assert session.options == {"prototype_blueprint_focus": False}
    assert session.state["options"]["prototype_blueprint_focus"] is False


@pytest.mark.parametrize("change,words", [
    ({"options": {"prototype_blueprint_focus": "false"}},
     "field 'options.prototype_blueprint_focus': expected true or false, got the text 'false'"),
    ({"options": {"turn_cap": 10 ** 12}},
     "field 'options.turn_cap': expected a whole number from 0 to 10000, got 1000000000000"),
    ({"options": {"counterattak": "range"}},
     ("field 'options.counterattak': M.E.T.A. has no option 'counterattak' (did you mean "
      "'counterattack'?)")),
    ({"players": 3}, "field 'players': M.E.T.A. is for 2 players, not 3"),
    ({"variant": "fondry"}, ("field 'variant': M.E.T.A. has no variant 'fondry'; it has open, "
                             "foundry (did you mean 'foundry'?)")),
    ({"game": "metras"}, "the save file is a game of 'metras', not 'meta'"),
])
def test_a_save_is_rebuilt_through_the_same_checks(meta, change, words):
    data = {**Session(meta, 2, 1, options={"turn_cap": 6}).save_data(), **change}
    with pytest.raises(SaveFileError) as e:
        Session.from_save(meta, data)
    assert str(e.value).startswith(words), str(e.value)


def test_a_save_with_options_replays_to_the_same_state(meta):
    session = Session(meta, 2, 3, options={"turn_cap": 6, "counterattack": "range"})
    for _ in range(5):
        seat = meta.waiting(session.state)[0]
        session.decide(seat, 0)
    again = Session.from_save(meta, session.save_data())
    assert again.options == {"turn_cap": 6, "counterattack": "range"}
    assert meta.position_hash(again.state) == meta.position_hash(session.state)
    assert again.decisions == session.decisions


def test_saves_and_the_session_import_each_other_one_way_only_at_the_top():
    """A save is rebuilt by Session.from_save alone: play_session imports saves, never the
    other way, and neither hides an import of the engine inside a function (a library loaded
    when first needed, like jsonschema, is no circle)."""
    import ast
    from pathlib import Path
    runtime = Path(__file__).resolve().parent.parent / "interpreter" / "runtime"
    for name in ("saves.py", "play_session.py"):
        tree = ast.parse((runtime / name).read_text())
        top = set(tree.body)
        inner = [n.lineno for n in ast.walk(tree)
                 if isinstance(n, ast.ImportFrom) and n.level > 0 and n not in top]
        assert inner == [], f"{name}: imports inside a function at lines {inner}"
    saves = ast.parse((runtime / "saves.py").read_text())
    assert not any(isinstance(n, ast.ImportFrom) and "play_session" in (n.module or "")
                   for n in saves.body)
    assert not any(isinstance(n, ast.FunctionDef) and n.name == "rebuild" for n in saves.body)
