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
