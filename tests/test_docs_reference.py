"""The documentation's reference pages are made from the code (docs/gen_reference.py) and
committed; each is made again here and must equal the committed page. Their sources are
complete: every finding code has an example from the broken-game corpus (or says why none can
exist), every statement, operator, builtin, mechanic and name of the effect language has an
entry whose example parses, and every finding validate prints names its entry."""
from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("gen_reference", ROOT / "docs" / "gen_reference.py")
gen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen)
from refgen import findings, language  # noqa: E402  (docs/ is on the path now)

from cli import main  # noqa: E402
from interpreter.effects.parser import parse_expression, parse_script  # noqa: E402


@pytest.mark.parametrize("name", list(gen.PAGES))
def test_the_committed_page_is_the_generated_one(name):
    committed = (gen.OUT / name).read_text(encoding="utf-8")
    assert committed == gen.PAGES[name](), \
        f"docs/reference/{name} is out of date: run `python docs/gen_reference.py`"


# ---------------------------------------------------------------- findings

def test_every_finding_code_has_a_corpus_case_or_says_why_none_can():
    table, cases = findings.meanings(), findings.cases()
    assert len(table) > 30 and len(cases) > 30
    for code, entry in table.items():
        if "no_case" in entry:
            assert code not in cases, f"{code} has a corpus case now: drop its no_case"
        else:
            assert code in cases, (f"{code} has no case in tests/broken/: add one (a small "
                                   "game.yaml with an `# expect: LINE:COL CODE` line)")
    assert set(cases) <= set(table), "the corpus expects codes findings.yaml does not know"


def test_every_finding_names_its_entry_in_the_findings_page():
    page = (gen.OUT / "findings.md").read_text(encoding="utf-8")
    case = ROOT / "tests" / "broken" / "59_multi_errors_one_script"
    r = CliRunner().invoke(main, ["validate", str(case)])
    lines = [line for line in r.output.splitlines() if re.match(r"\S+:\d+:\d+: ", line)]
    assert len(lines) >= 2
    for line in lines:
        code = line.split(" ")[2]
        assert line.endswith(f"(see docs/reference/findings.md#{code})"), line
        assert f"{{#{code}}}" in page
    r = CliRunner().invoke(main, ["validate", "--format", "json", str(case)])
    found = json.loads(r.output)
    assert found and all(f["docs"] == f"docs/reference/findings.md#{f['code']}" for f in found)


# ---------------------------------------------------------------- the effect language

def test_every_statement_of_the_grammar_has_an_entry_and_no_entry_is_stale():
    assert set(language.entries()["statements"]) == set(language.grammar_statements())


def test_every_expression_rule_and_operator_has_an_entry_and_no_entry_is_stale():
    entries = language.entries()["expressions"].values()
    grammar = language.grammar_expressions()
    assert {e["rule"] for e in entries} == grammar["rules"]
    for rule, tokens in grammar["tokens"].items():
        assert sorted(e["token"] for e in entries if e["rule"] == rule) == sorted(tokens)


def test_every_builtin_board_builtin_mechanic_and_name_has_an_entry():
    from interpreter.boards.geometry import BOARD_FUNCTIONS
    from interpreter.effects.builtins import BUILTINS, SPECIAL
    from interpreter.effects.mechanics import MECHANICS
    e = language.entries()
    assert set(e["builtins"]) == set(BUILTINS) | set(SPECIAL)
    assert set(e["board"]) == set(BOARD_FUNCTIONS) == set(language.board_signatures())
    assert set(e["mechanics"]) == set(MECHANICS)
    for section, names in language.word_registries().items():
        assert set(e[section]) == set(names), section


def _examples():
    e = language.entries()
    for section, items in e.items():
        for name, entry in items.items():
            yield pytest.param(section, name, entry["example"], id=f"{section}-{name}")


@pytest.mark.parametrize("section,name,example", list(_examples()))
def test_every_example_parses_and_uses_what_it_documents(section, name, example):
    if section in ("statements", "mechanics"):
        assert parse_script(example + "\n")
    else:
        assert parse_expression(example) is not None
    if section in ("builtins", "board", "mechanics"):
        assert re.search(rf"\b{name}\(", example), f"the example of {name} does not call it"
    elif section in ("words", "player_fields", "card_fields"):
        assert re.search(rf"\b{name}\b", example)


# ---------------------------------------------------------------- examples in a game

# A small game that declares every name the examples use; each example becomes a procedure of
# its own (an expression as `x = EXAMPLE`, a statement inside a loop so that `break` and
# `continue` have one), and validating the game compiles them all. The hex board's builtins
# are compiled in a copy whose board is a hex map.
EXAMPLES_GAME = """\
game:
  id: examples
  name: Examples
  players: {min: 2, max: 3}
  variants: {short: fewer rounds, long: more rounds}
  default_variant: long
moments: [on_reveal]
counters:
  player:
    gold: {start: 0}
    score: {start: 0}
    fame: {start: 0}
  game:
    round: {start: 0}
    direction: {start: 1, min: -1, max: 1}
values:
  player:
    invested: {start: {}, default: 0}
zones:
  player:
    hand: {visibility: owner}
    slots: {keys: [fame, gold]}
  game:
    deck: {}
    discard: {}
roles: [leader]
boards:
BOARD
card_types:
  coin:
    label: "coin {cost}"
    discard_to: discard
    abilities:
      on_reveal: gain gold 1 to me
cards:
  - {id: c, type: coin, zone: deck, count: 4, cost: 1, colour: red, red: true, wild: false}
rounds:
  count: 1
  counter: round
  phases:
    - name: take
      do: |
        for each p in players:
            gain gold 1 to p
end:
  score: it.gold
procedures:
  deal:
    params: {p: player, n: number}
    do: draw n from deck to p.hand
"""
BOARDS = {"grid": "  map: {shape: grid, rows: 4, cols: 4, stack_limit: 2, "
                  "features: {a1: {terrain: hills, station: circle}}}",
          "hex": "  map: {shape: hex, rows: [2, 3, 2], features: {A.n: {station: circle}}}"}
PARAMS = ("{c: card, p: player, n: number, cell: text, v: text, w: text, a: text, b: text, "
          "d: text, drawn: cards, names: list, costs: list, passed: players, mine: list, "
          "theirs: list, rails: list, best: number}")
HEX_ONLY = {"vertices", "faces", "corners", "faces_at", "exits", "step", "direction", "chords",
            "chords_at", "face_of", "vertex", "route"}


def _procedure(i, section, example):
    text = example
    if section not in ("statements", "mechanics"):
        text = f"x = {text}"
    body = "for each i in [1]:\n" + "".join(f"    {line}\n" for line in text.splitlines())
    return (f"  ex{i}:\n    params: {PARAMS}\n    do: |\n"
            + "".join(f"      {line}\n" for line in body.splitlines()))


def _examples_game(tmp_path, shape, chosen):
    text = EXAMPLES_GAME.replace("BOARD", BOARDS[shape])
    where = {}
    for i, (section, name, example) in enumerate(chosen):
        where[f"ex{i}"] = (section, name, example)
        text += _procedure(i, section, example)
    folder = tmp_path / shape
    folder.mkdir()
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    return folder, text, where


@pytest.mark.parametrize("shape", ["grid", "hex"])
def test_every_example_compiles_in_a_game(tmp_path, shape):
    from interpreter.build.game_loader import check_game
    def here(section, name):
        if section == "board":
            return (name in HEX_ONLY) == (shape == "hex")
        return shape == "grid"
    chosen = [p.values for p in _examples() if here(*p.values[:2])]
    assert len(chosen) > (100 if shape == "grid" else 10)
    folder, text, where = _examples_game(tmp_path, shape, chosen)
    lines = text.splitlines()
    errors = []
    for f in check_game(str(folder)):
        if f.severity != "error":
            continue
        proc = next((lines[i].strip().rstrip(":") for i in range(f.line - 1, -1, -1)
                     if re.match(r"  ex\d+:$", lines[i])), None)
        errors.append(f"{where.get(proc, '?')}: {f.code} {f.message}")
    assert not errors, "\n".join(errors)


def test_an_example_that_does_not_compile_is_reported(tmp_path):
    from interpreter.build.game_loader import check_game
    folder, _, _ = _examples_game(tmp_path, "grid", [("builtins", "count", "count(nothing)")])
    assert [f.code for f in check_game(str(folder)) if f.severity == "error"] == ["REF-UNDEF"]
