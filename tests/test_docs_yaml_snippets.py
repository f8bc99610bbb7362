"""Every YAML and effect snippet of the documentation is checked (issue 38): each fenced block
of docs/**/*.md, except the generated reference pages (docs/reference/, checked by
tests/test_docs_reference.py; findings.md's broken YAML is the corpus's, on purpose).

How a block says what it is (the fence's info string; `{...}` is the attribute form
pymdownx.superfences reads, so the marks do not show on the page):

- ```` ```yaml ```` (or with `title="..."`) holding a top-level `game:` is a whole game: it is
  written to a fresh folder as game.yaml, validated with 0 errors and played to its end
  (random choices, two seeds, its fewest players), so an example that validates but fails
  in play fails too.
- ```` ```{.yaml .fragment} ```` is a part of a game: it is merged into BASE_GAME below
  (mappings key by key, lists appended, anything else replaced) and the whole validated
  with 0 errors and played as a whole game is. A fragment declares what it uses beyond
  BASE_GAME.
- ```` ```effect ```` is effect code: it parses as a block of statements or as an expression
  (interpreter/effects/parser.py). In a sentence, `` `#!effect CODE` `` (pymdownx.inlinehilite
  shows it as code) is checked the same way; a plain `code span` is not (it may be a key, a
  name or a form with placeholders, `choose one of COLL [by P]`).
- A block showing a mistake on purpose says which: `expect="CODE"` (e.g.
  ```` ```{.yaml .fragment expect="REF-UNDEF"} ````, ```` ```{.effect expect="SYNTAX"} ````)
  and must give that error (for an effect block, a syntax error).

Any other ```` ```yaml ```` block fails: mark it. Every fence names its language
(```` ```text ```` for a program's output), so effect code cannot hide in an untagged block.
Blocks in other languages (sh, python, json, csv, text) are not YAML or effect code; the
Python ones are run by tests/test_docs_snippets.py, the tutorial's commands by
tests/test_tutorial.py and the saves guide's by tests/test_docs_saves.py."""
from __future__ import annotations

import copy
import re
import textwrap
from pathlib import Path

import pytest
import yaml

from interpreter.build.game_loader import check_game
from interpreter.effects.parser import parse_expression, parse_script
from interpreter.effects.parse_errors import EffectSyntaxError

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SKIPPED = {DOCS / "reference"}          # generated, checked by tests/test_docs_reference.py
FENCE = re.compile(r"^(?P<indent>[ \t]*)```(?P<info>[^`\n]*)\n(?P<body>.*?)^(?P=indent)```[ \t]*$",
                   re.M | re.S)
ATTR = re.compile(r'([\w-]+)="([^"]*)"')
INLINE = re.compile(r"`#!effect[ \t]+((?:[^`\n]|\n(?![ \t]*\n))+?)`")

# The small game a fragment is merged into: as little as a game needs to validate.
BASE_GAME = """\
game:
  id: snippet
  name: Snippet
  players: {min: 2, max: 4}
counters:
  player:
    score: {start: 0}
  game:
    round: {start: 0}
zones:
  player:
    hand: {visibility: owner}
  game:
    deck: {visibility: none}
    discard: {}
card_types:
  plain:
    label: "{name}"
    discard_to: discard
cards:
  - {id: p, type: plain, zone: deck, count: 8, name: Plain}
setup: |
  shuffle deck
rounds:
  count: 1
  counter: round
  phases:
    - name: turn
      do: |
        for each p in players:
            gain score 1 to p
end:
  score: it.score
"""


def fence_info(info: str) -> tuple:
    """(language, classes, attributes) of a fence's info string, in either form."""
    info = info.strip()
    attrs = dict(ATTR.findall(info))
    if info.startswith("{"):
        classes = re.findall(r"\.([\w-]+)", ATTR.sub("", info))
        return (classes[0] if classes else ""), set(classes[1:]), attrs
    return (info.split()[0] if info else ""), set(), attrs


def blocks():
    for page in sorted(DOCS.rglob("*.md")):
        if any(page.is_relative_to(s) for s in SKIPPED):
            continue
        text = page.read_text(encoding="utf-8")
        for m in FENCE.finditer(text):
            lang, classes, attrs = fence_info(m.group("info"))
            if lang not in ("yaml", "effect"):
                continue
            line = text.count("\n", 0, m.start()) + 1
            body = textwrap.dedent(m.group("body"))
            yield pytest.param(lang, classes, attrs, body,
                               id=f"{page.relative_to(DOCS)}:{line}")
        for m in INLINE.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            yield pytest.param("effect", {"inline"}, {}, m.group(1),
                               id=f"{page.relative_to(DOCS)}:{line}:inline")


class _Strict(yaml.SafeLoader):
    """YAML that refuses a key given twice (as the game loader does: YAML-DUPKEY), so a
    fragment cannot lose a section to a later one of the same name."""

    def construct_mapping(self, node, deep=False):
        keys = [self.construct_object(k, deep=True) for k, _ in node.value]
        twice = {k for k in keys if keys.count(k) > 1}
        assert not twice, f"a key given twice in a snippet: {sorted(map(str, twice))}"
        return super().construct_mapping(node, deep)


def load(text: str):
    return yaml.load(text, Loader=_Strict)


def merged(base, extra):
    if isinstance(base, dict) and isinstance(extra, dict):
        out = dict(base)
        for k, v in extra.items():
            out[k] = merged(base[k], v) if k in base else v
        return out
    if isinstance(base, list) and isinstance(extra, list):
        return base + extra
    return copy.deepcopy(extra)


def game_text(classes: set, body: str) -> str:
    if "fragment" in classes:
        data = merged(load(BASE_GAME), load(body) or {})
        return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=1000)
    data = load(body)
    assert isinstance(data, dict) and "game" in data, (
        "a YAML block that is no whole game (no `game:` key) must be marked: "
        "```{.yaml .fragment} for a part of a game")
    return body


def errors_of(folder: Path, text: str) -> list:
    folder.mkdir()
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    return [f for f in check_game(str(folder)) if f.severity == "error"]


def play_through(folder: Path, seeds=(1, 2), cap=5000) -> None:
    """Random choices to the end: a rule error raises, a game that never ends fails."""
    import random

    from interpreter import Game
    game = Game.load(str(folder))
    for seed in seeds:
        state = game.new_state(seed=seed)          # its fewest players
        pick = random.Random(seed)
        for _ in range(cap):
            if game.is_over(state):
                break
            seat = game.waiting(state)[0]
            game.apply(state, seat, pick.randrange(len(game.options(state, seat))))
        assert game.is_over(state), f"seed {seed}: not over after {cap} decisions"


def effect_errors(body: str) -> list:
    problems = []
    for parse in (parse_script, parse_expression):
        try:
            parse(body)
            return []
        except EffectSyntaxError as e:
            problems.append(str(e))
    return problems


@pytest.mark.parametrize("lang,classes,attrs,body", list(blocks()))
def test_snippet_checks(tmp_path, lang, classes, attrs, body):
    expect = attrs.get("expect")
    if lang == "effect":
        assert "\n" not in body or "inline" not in classes, (
            "an inline `#!effect ...` span must not wrap: the page would join its lines "
            "without a space; move the line break before it")
        problems = effect_errors(body)
        if expect:
            assert expect == "SYNTAX" and problems, f"expected a syntax error:\n{body}"
        else:
            assert not problems, "\n".join(problems)
        return
    text = game_text(classes, body)
    errors = errors_of(tmp_path / "game", text)
    if expect:
        assert expect in {f.code for f in errors}, (
            f"expected {expect}, got {[str(f) for f in errors]}")
    else:
        assert not errors, "\n".join(f"line {f.line}:{f.col} {f.code} {f.message}" for f in errors)
        play_through(tmp_path / "game")


def test_every_fence_names_its_language():
    bare = []
    for page in sorted(DOCS.rglob("*.md")):
        if any(page.is_relative_to(s) for s in SKIPPED):
            continue
        text = page.read_text(encoding="utf-8")
        bare += [f"{page.relative_to(DOCS)}:{text.count(chr(10), 0, m.start()) + 1}"
                 for m in FENCE.finditer(text) if not fence_info(m.group("info"))[0]]
    assert not bare, f"fences without a language (effect, yaml, sh, text, ...): {bare}"


def test_every_kind_of_block_is_found():
    found = list(blocks())
    kinds = {(p.values[0], "fragment" in p.values[1]) for p in found}
    assert ("yaml", True) in kinds and ("yaml", False) in kinds and ("effect", False) in kinds
    assert any("inline" in p.values[1] for p in found)


def test_a_wrong_fragment_and_a_wrong_effect_fail(tmp_path):
    bad = game_text({"fragment"}, "counters: {player: {gold: {start: three}}}")
    assert errors_of(tmp_path / "g", bad)
    assert effect_errors("gain gold +* 2")
    assert not effect_errors("gain score 2 to p") and not effect_errors("count(hand) + 1")


def test_a_key_given_twice_is_refused():
    with pytest.raises(AssertionError, match="twice"):
        game_text({"fragment"}, "zones: {game: {pile: {}}}\nzones: {game: {heap: {}}}")


def test_an_unmarked_part_of_a_game_is_refused():
    with pytest.raises(AssertionError, match="must be marked"):
        game_text(set(), "zones: {game: {pile: {}}}")


def test_a_wrapped_inline_effect_is_refused(tmp_path):
    with pytest.raises(AssertionError, match="must not wrap"):
        test_snippet_checks(tmp_path, "effect", {"inline"}, {}, "gain\nscore 1 to p")


def test_a_fragment_that_fails_in_play_fails(tmp_path):
    from interpreter.errors import GameError
    bad = 'rounds: {phases: [{name: bad, do: "gain score 10 / (round - 1) to players[0]"}]}'
    text = game_text({"fragment"}, bad)
    assert not errors_of(tmp_path / "g", text)
    with pytest.raises(GameError, match="divi"):
        play_through(tmp_path / "g")
