"""Loading game definitions: Metras loads; broken copies give findings at the exact file:line:col.

Each broken copy is gamedefs/metras copied to tmp_path with one text edit; the expected
position is computed from the edited text (the line holding the marker, the column of
the offending token), so the tests keep working when the YAML around them changes.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from interpreter.errors import GameDefError, RulebookError
from interpreter.runtime.game import Game
from interpreter.load.documents import display_path
from scenario import load

METRAS = Path(__file__).resolve().parent.parent / "gamedefs" / "metras"


def test_metras_loads():
    game = load("metras")
    g = game.g
    assert (g.id, g.name, g.players_min, g.players_max) == ("metras", "Metras", 3, 4)
    assert set(g.variants) == {"standard", "balanced"}
    kinds = {}
    for attrs in g.cards.values():
        kinds[attrs["type"]] = kinds.get(attrs["type"], 0) + 1
    assert sum(kinds[k] for k in ("court", "theft", "corruption", "treachery", "assassination",
                                  "recruit", "rearrange", "mission_action")) == 53
    assert (kinds["mission"], kinds["ally"], kinds["servant"], kinds["family_servant"],
            kinds["incompetent"]) == (15, 32, 18, 8, 8)
    assert g.warnings == []
    for key in ("setup", "flow", "phase:market", "phase:auction", "phase:resolution",
                "phase:collection", "type:theft", "proc:place_tile"):
        assert key in g.programs


def test_load_by_path_and_unknown_name(tmp_path):
    assert Game.load(str(METRAS)).g.id == "metras"
    assert Game.load(str(METRAS / "game.yaml")).g.id == "metras"
    with pytest.raises(RulebookError, match="did you mean 'metras'"):
        Game.load("metra")


# ------------------------------------------------------------------ broken copies
def broken_copy(tmp_path, file, old, new, count=1):
    """gamedefs/metras copied, with `old` replaced by `new` in one file; returns the game dir."""
    root = tmp_path / "metras"
    shutil.copytree(METRAS, root)
    path = root / file
    text = path.read_text()
    assert text.count(old) == count, f"{old!r} occurs {text.count(old)} times in {file}"
    path.write_text(text.replace(old, new))
    return root


def position(root, file, marker, token=None, nth=1):
    """(line, col), 1-based, of `token` on the nth line containing `marker`."""
    lines = (root / file).read_text().splitlines()
    hits = [i for i, line in enumerate(lines) if marker in line]
    i = hits[nth - 1]
    return i + 1, lines[i].index(token or marker) + 1


def shown(path):
    """A file as findings name it (relative to the working directory when inside it)."""
    return display_path(Path(path))


def findings(root):
    with pytest.raises(GameDefError) as info:
        Game.load(str(root))
    return info.value.findings


def only(found, code):
    hits = [f for f in found if f.code == code]
    assert len(hits) == 1, [f.format() for f in found]
    return hits[0]


def test_unknown_key(tmp_path):
    root = broken_copy(tmp_path, "game.yaml", "    IP: {start: 10, description:",
                       "    IP: {start: 10, descripton:")
    f = only(findings(root), "SCHEMA-KEY")
    assert f.file == shown(root / "game.yaml")
    assert (f.line, f.col) == position(root, "game.yaml", "descripton")
    assert "descripton" in f.message
    assert f.hint == "did you mean 'description'?"


def test_unknown_top_level_section(tmp_path):
    root = broken_copy(tmp_path, "game.yaml", "\nroles: [favorite, suppliant]",
                       "\nroles: [favorite, suppliant]\nscoring: 3")
    f = only(findings(root), "SCHEMA-KEY")
    assert (f.line, f.col) == position(root, "game.yaml", "scoring: 3")


def test_unknown_card_type(tmp_path):
    root = broken_copy(tmp_path, "cards/actions.yaml", "{id: A08, number: 8, type: court,",
                       "{id: A08, number: 8, type: cort,")
    f = only(findings(root), "REF-UNDEF")
    assert f.file == shown(root / "cards" / "actions.yaml")
    assert (f.line, f.col) == position(root, "cards/actions.yaml", "id: A08,", "cort")
    assert f.message == "unknown card type 'cort'"
    assert f.hint == "did you mean 'court'?"


def test_bad_effect_syntax(tmp_path):
    root = broken_copy(tmp_path, "game.yaml", "gain IP my.fame * card.multiplier\n",
                       "gain IP my.fame * * card.multiplier\n")
    f = only(findings(root), "SYNTAX")
    line, col = position(root, "game.yaml", "gain IP my.fame * * card", "* card")
    assert (f.file, f.line, f.col) == (shown(root / "game.yaml"), line, col)
    assert f.message.startswith("unexpected '*': expected ")
    # the excerpt shows the effect's line with a caret under the column (in the effect text)
    src, caret = f.excerpt.splitlines()
    assert src.strip() == "gain IP my.fame * * card.multiplier"
    assert src[caret.index("^")] == "*"
    assert f.format().startswith(f"{shown(root / 'game.yaml')}:{line}:{col}: error SYNTAX ")


def test_unclosed_bracket_points_at_the_bracket(tmp_path):
    root = broken_copy(tmp_path, "game.yaml", "gain IP my.fame * card.multiplier\n",
                       "gain IP my.fame * (card.multiplier\n")
    f = only(findings(root), "SYNTAX")
    assert (f.line, f.col) == position(root, "game.yaml", "gain IP my.fame * (card", "(")
    assert f.message == "'(' is never closed"


def test_position_inside_an_indented_block_of_an_effect(tmp_path):
    root = broken_copy(tmp_path, "game.yaml", "old = choose one of my.slots[b] prompt",
                       "old = choose one of my.slotz[b] prompt")
    f = only(findings(root), "REF-UNDEF")
    assert (f.line, f.col) == position(root, "game.yaml", "my.slotz[b]", "slotz")
    assert f.hint == "did you mean 'slots'?"


def test_bad_effect_syntax_in_an_inline_expression(tmp_path):
    root = broken_copy(tmp_path, "game.yaml",
                       'score: it.IP', 'score: it.IP +* 2')
    f = only(findings(root), "SYNTAX")
    assert (f.line, f.col) == position(root, "game.yaml", "score: it.IP +* 2", "*")


def test_bad_dedent_in_an_effect_is_a_finding(tmp_path):
    root = broken_copy(tmp_path, "game.yaml",
                       "          t = choose one of p.looking by p",
                       "        t = choose one of p.looking by p")
    f = only(findings(root), "SYNTAX")
    # "t = ..." now at 2 closes the "if" block (at 8) but matches neither "repeat" (4) nor 0
    assert (f.line, f.col) == position(root, "game.yaml", "t = choose one of p.looking", "t =")
    assert f.message == "this line is indented by 2, which matches no enclosing block: indent it by 0 or 4 or 8"


def test_unknown_counter_in_an_effect(tmp_path):
    root = broken_copy(tmp_path, "game.yaml", "gain IP my.fame * card.multiplier\n",
                       "gain IPP my.fame * card.multiplier\n")
    f = only(findings(root), "REF-UNDEF")
    assert (f.line, f.col) == position(root, "game.yaml", "gain IPP my.fame", "gain")
    assert f.message == "players have no counter 'IPP'"
    assert f.hint == "did you mean 'IP'?"


def test_unknown_name_in_an_effect(tmp_path):
    root = broken_copy(tmp_path, "game.yaml", "gain IP my.fame * card.multiplier\n",
                       "gain IP my.fame * card.multiplyer\n")
    f = only(findings(root), "REF-UNDEF")
    assert (f.line, f.col) == position(root, "game.yaml", "card.multiplyer", "multiplyer")
    assert f.hint == "did you mean 'multiplier'?"


def test_type_error_in_an_effect(tmp_path):
    root = broken_copy(tmp_path, "game.yaml", "if count(servant_supply) > 0:",
                       "if count(turn) > 0:")
    f = only(findings(root), "TYPE")
    assert (f.line, f.col) == position(root, "game.yaml", "if count(turn) > 0:", "turn")


def test_duplicate_card_id(tmp_path):
    root = broken_copy(tmp_path, "cards/actions.yaml", "{id: A02, number: 2,",
                       "{id: A01, number: 2,")
    f = only(findings(root), "DUP-ID")
    assert f.file == shown(root / "cards" / "actions.yaml")
    line, _ = position(root, "cards/actions.yaml", "{id: A01, number: 2,")
    assert (f.line, f.col) == (line, position(root, "cards/actions.yaml", "number: 2,", "A01")[1])
    first_line, _ = position(root, "cards/actions.yaml", "{id: A01, number: 1,")
    assert f"first at {shown(root / 'cards' / 'actions.yaml')}:{first_line}" in f.message


def test_every_mistake_at_once(tmp_path):
    root = broken_copy(tmp_path, "cards/actions.yaml", "{id: A08, number: 8, type: court,",
                       "{id: A08, number: 8, type: cort,")
    game_yaml = root / "game.yaml"
    text = game_yaml.read_text()
    text = text.replace("gain IP my.fame * card.multiplier\n", "gain IPP my.fame * card.multiplier\n")
    text = text.replace("    IP: {start: 10, description:", "    IP: {start: 10, descripton:")
    game_yaml.write_text(text)
    found = findings(root)
    # one run shows all three, from both files, sorted by file and position
    assert [(f.file, f.line, f.col, f.code) for f in found] == [
        (shown(root / "cards" / "actions.yaml"),
         *position(root, "cards/actions.yaml", "type: cort,", "cort"), "REF-UNDEF"),
        (shown(game_yaml), *position(root, "game.yaml", "IP: {start: 10, descripton:",
                                     "descripton"), "SCHEMA-KEY"),
        (shown(game_yaml), *position(root, "game.yaml", "gain IPP my.fame", "gain"), "REF-UNDEF")]


def test_yaml_syntax_error(tmp_path):
    root = broken_copy(tmp_path, "game.yaml", "  turns: 5\n", "  turns: [5\n")
    [f] = findings(root)
    assert (f.file, f.line, f.col, f.code) == (
        shown(root / "game.yaml"), *position(root, "game.yaml", "  turns: [5", "["), "YAML-SYNTAX")


def test_comment_lines_inside_an_effect_load(tmp_path):
    root = broken_copy(tmp_path, "game.yaml",
                       "      gain IP my.fame * card.multiplier\n",
                       "      # Fame times the card's multiplier\n"
                       "      gain IP my.fame * card.multiplier\n"
                       "      # and say so\n")
    assert Game.load(str(root)).g.id == "metras"
