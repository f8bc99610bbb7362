"""rulebook validate: safety limits, CSV card lists, forms told apart, positions in texts, the CLI.

The broken-game corpus (test_broken_corpus.py) checks one position and code per mistake;
these tests check what a corpus file cannot: limits, the output formats, exit codes.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import jsonschema
from click.testing import CliRunner
from ruamel.yaml import YAML

from cli import main as cli
from interpreter.errors import Finding
from interpreter.runtime.game import Game
from interpreter.build.game_loader import check_game
from interpreter.load.schema_errors import schema_findings
from interpreter.load.yamlio import MAX_BYTES, YamlDoc, read_yaml, text_position
from places import at, places

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
BROKEN = TESTS / "broken"


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def read(tmp_path, text, name="x.yaml"):
    path = tmp_path / name
    path.write_text(text) if isinstance(text, str) else path.write_bytes(text)
    found: list = []
    doc = read_yaml(path, name, found)
    return doc, found


# ------------------------------------------------------------------ safety
def test_a_python_tag_is_refused_and_never_constructed(tmp_path):
    marker = tmp_path / "constructed"
    doc, found = read(tmp_path, f'a: !!python/object/apply:os.system ["touch {marker}"]\n')
    assert doc is None and [f.code for f in found] == ["YAML-TAG"]
    assert (found[0].line, found[0].col) == (1, 4)
    assert not marker.exists()


def test_an_alias_bomb_is_refused(tmp_path):
    lines = ["l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for i in range(1, 12):   # 9**12 values once expanded
        lines.append(f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 9) + "]")
    doc, found = read(tmp_path, "\n".join(lines) + "\n")
    assert doc is None and [(f.line, f.col, f.code) for f in found] == [(6, 15, "YAML-SIZE")]
    assert found[0].message == ("the file expands to more than 200000 values (aliases that "
                                "repeat aliases: an alias bomb?)")   # at the alias passing it


def test_a_few_aliases_are_fine(tmp_path):
    doc, found = read(tmp_path, "a: &x [1, 2]\nb: *x\n")
    assert found == [] and doc.root["b"] == [1, 2]


def test_a_file_too_large_is_refused(tmp_path):
    doc, found = read(tmp_path, "a: " + "x" * (MAX_BYTES + 1) + "\n")
    assert doc is None and [f.code for f in found] == ["YAML-SIZE"]


def test_deep_nesting_is_refused_at_its_position(tmp_path):
    doc, found = read(tmp_path, "a:\n  b: " + "[" * 5000 + "]" * 5000 + "\n")
    assert doc is None and [f.code for f in found] == ["YAML-DEPTH"]
    assert found[0].line == 2


def test_text_that_is_not_utf8_is_refused(tmp_path):
    doc, found = read(tmp_path, b"a: caf\xe9\n")
    assert doc is None and [f.code for f in found] == ["YAML-ENCODING"]


def test_a_deeply_nested_effect_is_an_error_not_a_crash(tmp_path):
    game = tmp_path / "g"
    shutil.copytree(BROKEN / "40_count_start_count", game)
    text = (game / "game.yaml").read_text().replace("start_count: 7", "start_count: 6")
    text = text.replace("gain gold card.strength", "gain gold " + "-(" * 3000 + "1" + ")" * 3000)
    (game / "game.yaml").write_text(text)
    assert places(check_game(str(game)), game) == [
        ("game.yaml", *at(text, "gain gold -(-(", "gain"), "SYNTAX")]


# ------------------------------------------------------------------ CSV card lists
def test_a_csv_card_list_expands_counts_and_keeps_types():
    g = Game.load(str(TESTS / "games" / "csv_deck")).g
    assert g.warnings == []
    assert sum(1 for c in g.cards if c.startswith("knight-")) == 4
    assert g.cards["knight-1"]["strength"] == 3                     # a whole number stays one
    assert g.cards["007"] == {"id": "007", "type": "fighter", "name": "Agent", "colour": "grey",
                              "strength": 5}                       # quoted: a text; empty: absent
    assert g.cards["squire-2"]["name"] == "Squire, young"
    assert g.card_labels["007"] == "Agent (grey 5)"


def test_a_csv_finding_names_row_and_column():
    f, = check_game(str(BROKEN / "64_csv_count_not_a_number"))
    assert f.file.endswith("cards.csv") and (f.line, f.col) == (2, 16)
    assert f.message == "row 2, column 'count': expected a whole number, got the text 'one'"


# ------------------------------------------------------------------ forms told apart
def _doc(text):
    return YamlDoc("t.yaml", text, YAML(typ="rt").load(text))


BOARD = {"type": "object", "additionalProperties": {"oneOf": [
    {"type": "object", "additionalProperties": False, "required": ["kind", "width"],
     "properties": {"kind": {"const": "grid"}, "width": {"type": "integer"}}},
    {"type": "object", "additionalProperties": False, "required": ["kind", "radius"],
     "properties": {"kind": {"const": "hex"}, "radius": {"type": "integer"}}},
    {"type": "string"}]}}


def _board_findings(text):
    doc = _doc(text)
    errors = jsonschema.Draft202012Validator(BOARD).iter_errors(doc.root)
    return [f.format() for f in schema_findings(doc, errors)]


def test_a_kind_key_picks_the_form_whose_errors_are_shown():
    assert _board_findings("main: {kind: hex, radius: big}\n") == [
        "t.yaml:1:27: error SCHEMA-TYPE main.radius: expected a whole number, got the text 'big' "
        "(see docs/reference/findings.md#SCHEMA-TYPE)"]


def test_an_unknown_kind_is_named_with_a_suggestion():
    assert _board_findings("main: {kind: hexx, radius: 3}\n") == [
        "t.yaml:1:14: error SCHEMA-ENUM main.kind: expected one of grid, hex, got the text "
        "'hexx' (did you mean 'hex'?) (see docs/reference/findings.md#SCHEMA-ENUM)"]


def test_no_form_fits_the_type():
    assert _board_findings("main: 3\n") == [
        "t.yaml:1:7: error SCHEMA-TYPE main: expected a mapping or a text, got the number 3 "
        "(see docs/reference/findings.md#SCHEMA-TYPE)"]


# ------------------------------------------------------------------ positions inside texts
def test_positions_inside_folded_and_quoted_texts():
    text = "a:\n  folded: >\n    gain IP\n    my.fame\n  quoted: \"x +\n    y\"\n"
    doc = _doc(text)
    assert doc.root["a"]["folded"] == "gain IP my.fame\n"
    assert text_position(doc, ["a", "folded"], 1, 9) == (4, 5)      # my.fame
    assert text_position(doc, ["a", "quoted"], 1, 5) == (6, 5)      # y


# ------------------------------------------------------------------ the command
def test_findings_are_sorted_with_a_count_line_and_exit_1():
    r = run("validate", BROKEN / "59_multi_errors_one_script", BROKEN / "41_orphan_procedure")
    lines = [l for l in r.output.splitlines() if not l.startswith(" ")]
    assert r.exit_code == 1
    assert lines[-1] == "2 errors, 1 warning"
    assert [l.split(": ")[1].split()[:2] for l in lines[:-1]] == [
        ["warning", "ORPHAN"], ["error", "REF-UNDEF"], ["error", "REF-UNDEF"]]
    assert lines[:-1] == sorted(lines[:-1], key=lambda l: (l.split(":")[0], int(l.split(":")[1])))


def test_warnings_pass_unless_strict():
    assert run("validate", BROKEN / "41_orphan_procedure").exit_code == 0
    assert run("validate", "--strict", BROKEN / "41_orphan_procedure").exit_code == 1
    assert run("validate", "--strict", "metras").exit_code == 0


def test_json_findings_have_exactly_the_documented_fields():
    r = run("validate", "--format", "json", BROKEN / "42_orphan_constant_and_zone")
    found = json.loads(r.output)
    assert r.exit_code == 0 and len(found) == 2
    assert all(set(f) == {"file", "line", "col", "severity", "code", "message", "hint",
                               "docs"}
               for f in found)
    assert found[0]["severity"] == "warning" and found[0]["code"] == "ORPHAN"
    assert (found[0]["line"], found[0]["col"]) == (13, 3)


def test_a_syntax_error_shows_the_line_and_a_caret():
    r = run("validate", BROKEN / "46_syntax_inline_expression")
    head, src, caret = r.output.splitlines()[:3]
    assert head.endswith("error SYNTAX unexpected '*': expected a value (a number, a name, "
                         "a quoted text, a list, ...) (see docs/reference/findings.md#SYNTAX)")
    assert src.strip() == "it.gold +* it.power" and src[caret.index("^")] == "*"


def test_play_runs_a_game_with_warnings_and_shows_them(tmp_path):
    game = tmp_path / "g"
    shutil.copytree(BROKEN / "41_orphan_procedure", game)
    r = CliRunner().invoke(cli, ["simulate", str(game), "-n", "2", "--players", "2"])
    assert r.exit_code == 0, r.output
    warnings = check_game(str(game))
    assert [(f.code, f.message) for f in warnings] == [
        ("ORPHAN", "the procedure 'refill' is never used")]
    assert warnings[0].format() in r.output.splitlines()     # with its file, line and column


def test_finding_format_is_file_line_col_severity_code_message():
    f = Finding("a.yaml", 3, 5, "REF-UNDEF", "unknown zone 'x'", "did you mean 'y'?")
    assert f.format() == ("a.yaml:3:5: error REF-UNDEF unknown zone 'x' (did you mean 'y'?) "
                          "(see docs/reference/findings.md#REF-UNDEF)")


def test_a_reference_to_a_name_of_another_kind_says_what_it_is():
    # a player zone refills from a zone of the same player: a game zone is named as one
    case = Path(__file__).resolve().parent / "broken" / "115_player_refill_from_a_game_zone"
    found = check_game(str(case))
    assert [(f.code, f.message, f.hint) for f in found] == [
        ("REF-UNDEF", "unknown player zone 'supply'", "'supply' is a game zone")]
