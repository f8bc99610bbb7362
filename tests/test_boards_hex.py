"""The hex board: geometry tables, every spelling of a vertex, builtins, remove:, features and
located errors. The 3-4-5-4-3 map is checked vertex by vertex against the table of the
Metropolis rules digest, appendix A (M 3.1-3.3: point-up hexagons, exits n/ne/se/s/sw/nw,
a vertex named by any hexagon it is a corner of)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from interpreter.boards.geometry import answer_spelling
from interpreter.effects.parser import parse_expression
from interpreter.effects.treewalk import TreeWalker
from interpreter.errors import GameDefError, GameError
from interpreter.runtime.game import Game
from interpreter.boards.hex import face_letters, hexboard
from interpreter.runtime.vm import VM
from places import at, places
from scenario import evaluate

# vertex, its other names, its hexagons, its exits: metropolis-en.md appendix A, in its order
APPENDIX_A = """\
A.n   -          A   se A.ne, sw A.nw
B.n   -          B   se B.ne, sw A.ne
C.n   -          C   se C.ne, sw B.ne
A.nw  -          A   ne A.n, s A.sw
A.ne  B.nw       AB  ne B.n, s A.se, nw A.n
B.ne  C.nw       BC  ne C.n, s B.se, nw B.n
C.ne  -          C   s C.se, nw C.n
A.sw  D.n        AD  n A.nw, se A.s, sw D.nw
A.se  B.sw, E.n  ABE n A.ne, se B.s, sw A.s
B.se  C.sw, F.n  BCF n B.ne, se C.s, sw B.s
C.se  G.n        CG  n C.ne, se G.ne, sw C.s
D.nw  -          D   ne A.sw, s D.sw
A.s   D.ne, E.nw ADE ne A.se, s D.se, nw A.sw
B.s   E.ne, F.nw BEF ne B.se, s E.se, nw A.se
C.s   F.ne, G.nw CFG ne C.se, s F.se, nw B.se
G.ne  -          G   s G.se, nw C.se
D.sw  H.n        DH  n D.nw, se D.s, sw H.nw
D.se  E.sw, I.n  DEI n A.s, se E.s, sw D.s
E.se  F.sw, J.n  EFJ n B.s, se F.s, sw E.s
F.se  G.sw, K.n  FGK n C.s, se G.s, sw F.s
G.se  L.n        GL  n G.ne, se L.ne, sw G.s
H.nw  -          H   ne D.sw, s H.sw
D.s   H.ne, I.nw DHI ne D.se, s H.se, nw D.sw
E.s   I.ne, J.nw EIJ ne E.se, s I.se, nw D.se
F.s   J.ne, K.nw FJK ne F.se, s J.se, nw E.se
G.s   K.ne, L.nw GKL ne G.se, s K.se, nw F.se
L.ne  -          L   s L.se, nw G.se
H.sw  -          H   n H.nw, se H.s
H.se  I.sw, M.n  HIM n D.s, se I.s, sw H.s
I.se  J.sw, N.n  IJN n E.s, se J.s, sw I.s
J.se  K.sw, O.n  JKO n F.s, se K.s, sw J.s
K.se  L.sw, P.n  KLP n G.s, se L.s, sw K.s
L.se  -          L   n L.ne, sw L.s
H.s   M.nw       HM  ne H.se, s M.sw, nw H.sw
I.s   M.ne, N.nw IMN ne I.se, s M.se, nw H.se
J.s   N.ne, O.nw JNO ne J.se, s N.se, nw I.se
K.s   O.ne, P.nw KOP ne K.se, s O.se, nw J.se
L.s   P.ne       LP  ne L.se, s P.se, nw K.se
M.sw  -          M   n H.s, se M.s
M.se  N.sw, Q.n  MNQ n I.s, se N.s, sw M.s
N.se  O.sw, R.n  NOR n J.s, se O.s, sw N.s
O.se  P.sw, S.n  OPS n K.s, se P.s, sw O.s
P.se  -          P   n L.s, sw P.s
M.s   Q.nw       MQ  ne M.se, s Q.sw, nw M.sw
N.s   Q.ne, R.nw NQR ne N.se, s Q.se, nw M.se
O.s   R.ne, S.nw ORS ne O.se, s R.se, nw N.se
P.s   S.ne       PS  ne P.se, s S.se, nw O.se
Q.sw  -          Q   n M.s, se Q.s
Q.se  R.sw       QR  n N.s, se R.s, sw Q.s
R.se  S.sw       RS  n O.s, se S.s, sw R.s
S.se  -          S   n P.s, sw S.s
Q.s   -          Q   ne Q.se, nw Q.sw
R.s   -          R   ne R.se, nw Q.se
S.s   -          S   ne S.se, nw R.se
"""


def appendix_a():
    for line in APPENDIX_A.splitlines():
        v, rest = line[:6].strip(), line[6:]
        also = [a.strip() for a in rest[:11].split(",") if a.strip() != "-"]
        faces, exits = rest[11:].split(" ", 1)
        yield v, also, tuple(faces), tuple(tuple(e.split()) for e in exits.split(", "))


MAP = hexboard("map", [3, 4, 5, 4, 3])


def test_the_3_4_5_4_3_map_has_the_counts_of_the_rules():
    b = MAP
    assert (len(b.faces), len(b.vertices), len(b.edges)) == (19, 54, 72)
    assert sum(len(c) for c in b.chords.values()) == 171 and len(b.chords["J"]) == 9
    assert b.faces == tuple("ABCDEFGHIJKLMNOPQRS")
    by_faces = [sum(1 for v in b.vertices if len(b.faces_at[v]) == k) for k in (1, 2, 3)]
    assert by_faces == [18, 12, 24]
    assert max(d for row in b.distance["edges"].values() for d in row.values()) == 11
    assert b.corner_names == ("n", "ne", "se", "s", "sw", "nw")


def test_every_vertex_its_names_faces_and_exits_are_those_of_appendix_a():
    rows = list(appendix_a())
    assert len(rows) == 54
    assert list(MAP.vertices) == [v for v, *_ in rows]          # top to bottom, left to right
    for v, also, faces, exits in rows:
        assert all(MAP.alias[a] == v for a in also), v
        assert {a for a, c in MAP.alias.items() if c == v} == {v, *also}
        assert MAP.faces_at[v] == faces, v
        assert MAP.exits[v] == exits, v
        assert {d for d, _ in exits} in ({"n", "se", "sw"}, {"s", "ne", "nw"}, {"n", "se"},
                                         {"n", "sw"}, {"s", "ne"}, {"s", "nw"}, {"se", "sw"},
                                         {"ne", "nw"}), v


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    g = Game.load(str(hex_game(tmp_path_factory.mktemp("h"))))
    return g, g.new_state(players=2, seed=1)


def both(game, text):
    """The compiled value, checked against the tree-walked one."""
    g, s = game
    value = evaluate(g, s, text)
    assert TreeWalker(g.g).eval(parse_expression(text), VM(g.g, s), {}) == value
    return value


def test_builtins_read_the_map_in_any_spelling(game):
    assert both(game, 'count(vertices())') == 54
    assert both(game, 'faces()') == list("ABCDEFGHIJKLMNOPQRS")
    assert both(game, 'corners("A")') == ["A.n", "A.ne", "A.se", "A.s", "A.sw", "A.nw"]
    assert both(game, 'corners("E")') == ["A.se", "B.s", "E.se", "E.s", "D.se", "A.s"]
    assert both(game, 'faces_at("E.n")') == ["A", "B", "E"]
    assert both(game, 'vertex("E.n")') == "A.se" and both(game, 'vertex("B.sw")') == "A.se"
    assert both(game, 'exits("B.sw")') == [["n", "A.ne"], ["se", "B.s"], ["sw", "A.s"]]
    assert both(game, 'step("E.n", "se")') == "B.s"
    assert both(game, 'step("A.se", "ne")') is None                 # no edge that way
    assert both(game, 'step(step(step("A.n", "se"), "s"), "sw")') == "A.s"
    assert both(game, 'direction("A.se", "B.s")') == "se"
    assert both(game, 'direction("B.s", "E.n")') == "nw"
    assert both(game, 'direction("A.n", "A.s")') == "s"              # a long chord
    assert both(game, 'direction("A.nw", "A.ne")') == "e"            # a short chord
    assert both(game, 'direction("A.n", "A.se")') == "se"            # 30 degrees off south-east
    assert both(game, 'direction("A.se", "E.n")') is None            # one vertex


def test_chords_lie_in_one_face(game):
    assert both(game, 'chords("A")') == [
        ["A.n", "A.se"], ["A.n", "A.s"], ["A.n", "A.sw"], ["A.ne", "A.s"], ["A.ne", "A.sw"],
        ["A.ne", "A.nw"], ["A.se", "A.sw"], ["A.se", "A.nw"], ["A.s", "A.nw"]]
    # a vertex inside (3 faces) ends 9 chords, one on the rim with 1 face 3
    assert both(game, 'count(chords_at("J.n"))') == 9
    assert both(game, 'chords_at("A.n")') == [["A.se", "A"], ["A.s", "A"], ["A.sw", "A"]]
    assert both(game, 'face_of("A.n", "A.s")') == "A"
    assert both(game, 'face_of("A.se", "E.s")') == "E"               # a chord of E only
    assert both(game, 'face_of("A.ne", "A.se")') == "A"              # an edge of A and B
    assert both(game, 'face_of("A.n", "S.s")') is None


def test_distance_within_reach_and_route_go_along_edges(game):
    assert both(game, 'distance("A.n", "A.s")') == 3
    assert both(game, 'distance("B.sw", "B.s")') == 1
    assert both(game, 'within("A.n", 1)') == ["A.nw", "A.ne"]
    assert both(game, 'within("A.n", 2)') == ["B.n", "A.nw", "A.ne", "A.sw", "A.se"]
    # reach from A.se in 2: A.ne and A.s are occupied by friends (pass, no stop), B.s blocked
    assert both(game, 'reach("A.se", 2, through=["A.ne", "A.s"], blocked=["B.s"])') == \
        ["A.n", "B.n", "A.sw", "D.se"]
    assert both(game, 'route("A.n", "A.s", [])') == ["A.n", "A.ne", "A.se", "A.s"]
    assert both(game, 'route("A.n", "A.s", [["A.s", "A.n"]])') == ["A.n", "A.s"]    # a rail
    assert both(game, 'route("A.n", "E.s", [["A.n", "A.s"], ["D.ne", "E.s"]])') == \
        ["A.n", "A.s", "E.s"]                                        # two rails, any spelling
    assert both(game, 'route("J.n", "J.n", [])') == ["E.se"]
    assert both(game, 'count(route("A.n", "S.s", [])) - 1') == both(game, 'distance("A.n", "S.s")')


def test_a_vertex_the_map_lacks_is_the_rules_error(game):
    g, s = game
    for text in ('exits("A.x")', 'corners("Z")', 'distance("A.n", "T.n")', 'vertex("B.n.e")',
                 'route("A.n", "B.n", [["A.n", "Q"]])', 'faces_at("Z.n")'):
        with pytest.raises(GameError, match="is not a (vertex|face) of map"):
            evaluate(g, s, text)
    with pytest.raises(GameError, match="unknown direction"):
        evaluate(g, s, 'step("A.n", first(["up"]))')


def test_remove_leaves_faces_out_and_keeps_the_others_names():
    b = hexboard("map", [3, 4, 5, 4, 3], remove=["A", "S"])
    assert len(b.faces) == 17 and b.faces[0] == "B" and "S" not in b.corners
    assert len(b.vertices) == 50                       # A.n, A.nw, S.se, S.s went
    assert len(b.edges) == 72 - 6                      # 3 edges of A, 3 of S on the rim
    assert b.alias["E.n"] == "B.sw" and "A.se" not in b.alias      # named by B now, not by A
    assert b.faces_at["B.sw"] == ("B", "E") and b.alias["D.n"] == "D.n"
    assert b.exits["D.n"] == (("se", "D.ne"), ("sw", "D.nw"))


def test_flat_hexes_and_faces_as_places():
    flat = hexboard("map", [3, 4, 5, 4, 3], orientation="flat")
    assert (len(flat.faces), len(flat.vertices), len(flat.edges)) == (19, 54, 72)
    assert flat.corner_names == ("ne", "e", "se", "sw", "w", "nw")
    assert all({d for d, _ in e} <= {"e", "nw", "sw"} or {d for d, _ in e} <= {"w", "ne", "se"}
               for e in flat.exits.values())
    tiles = hexboard("map", [3, 4, 5, 4, 3], places="faces")
    assert tiles.cells == tiles.faces and len(tiles.adjacency["sides"]["J"]) == 6
    assert tiles.adjacency["sides"]["A"] == ("B", "D", "E")
    assert tiles.distance["sides"]["A"]["S"] == 4 and tiles.distance["sides"]["H"]["L"] == 4
    assert face_letters(28)[-3:] == ["Z", "AA", "AB"]
    numbered = hexboard("map", [2, 3, 2], faces=list(range(1, 8)), remove=[4])
    assert numbered.faces == ("1", "2", "3", "5", "6", "7") and numbered.vertices[0] == "1.n"
    even = hexboard("map", [4, 4, 4])          # equal rows: every other one half a hex right
    assert even.faces_at[even.alias["A.se"]] == ("A", "B", "E")


HEX = """  map:
    shape: hex
    rows: [3, 4, 5, 4, 3]
    stack_limit: 1
    features:
      A.se: {station: circle}
      F.nw: {station: square}
      I.n: {station: triangle}
      J: {colour: red}
"""
BOARD = "  board: {shape: grid, rows: 3, cols: 3, stack_limit: 1}\n"
STONES = Path(__file__).resolve().parent / "games" / "stones"
PHASE = "c = choose one of cells() where height(it) == 0 by p prompt"
HEX_PHASE = 'c = choose one of with_feature("station") where height(it) == 0 by p prompt'


def hex_game(tmp_path, board=HEX, old=None, new=None) -> Path:
    dest = tmp_path / "hexes"
    shutil.copytree(STONES, dest)
    path = dest / "game.yaml"
    text = path.read_text().replace(BOARD, board).replace(PHASE, HEX_PHASE)
    text = text.replace("move first(supply) to board[c]", "move first(supply) to map[c]")
    text = text.replace("  count: 2\n", "  count: 1\n")        # one round: 2 of the 3 stations
    if old is not None:
        assert old in text
        text = text.replace(old, new, 1)
    path.write_text(text)
    return dest


def test_features_name_vertices_in_any_spelling_and_faces(game):
    assert both(game, 'feature("E.n", "station")') == "circle"
    assert both(game, 'feature("B.s", "station")') == "square"       # declared as F.nw
    assert both(game, 'with_feature("station")') == ["A.se", "B.s", "D.se"]
    assert both(game, 'with_feature("colour", "red")') == ["J"]
    assert both(game, 'feature("J", "colour")') == "red"
    assert both(game, 'height("E.n") + count(map["B.sw"])') == 0


def test_a_hex_game_plays_on_its_stations(tmp_path):
    g = Game.load(str(hex_game(tmp_path)))
    s = g.new_state(players=2, seed=3)
    labels = []
    while g.waiting(s):
        seat = g.waiting(s)[0]
        labels.append(g.options(s, seat))
        g.apply(s, seat, 0)
    assert labels[0] == ["A.se", "B.s", "D.se"] and labels[1] == ["B.s", "D.se"]
    assert [bool(s["z"]["map." + v]) for v in ("A.se", "B.s", "D.se")] == [True, True, False]
    assert answer_spelling(g.g, "e.n", ["A.se", "B.s"]) == "A.se"
    assert answer_spelling(g.g, "go F.nw", ["go A.se", "go B.s"]) == "go B.s"
    assert answer_spelling(g.g, "Z.n", ["A.se"]) is None


def findings(tmp_path, **kw):
    """The edited hex game's findings, each as (file, line, col, code, what it says); its text."""
    game = hex_game(tmp_path, **kw)
    with pytest.raises(GameDefError) as e:
        Game.load(str(game))
    said = {(f.line, f.col, f.code): f"{f.message} ({f.hint})" for f in e.value.findings}
    return ([(*place, said[place[1:]]) for place in places(e.value.findings, game)],
            (game / "game.yaml").read_text())


REMOVE = "    stack_limit: 1\n"
ROWS = "rows: [3, 4, 5, 4, 3]"
EVERY_FACE = "[" + ", ".join("ABCDEFGHIJKLMNOPQRS") + "]"


# each edit; where validate must point: (code, the line holding MARKER, at TOKEN); and words
# of one of the findings
@pytest.mark.parametrize("old, new, expected, words", [
    ("      J: {colour: red}", "      A.sse: {colour: red}",
     [("REF-UNDEF", "A.sse:", "A.sse")], "did you mean 'A.se'"),
    (REMOVE, REMOVE + "    remove: [S, T]\n", [("REF-UNDEF", "remove: [S, T]", "T")], "'T'"),
    (ROWS, "rows: [3, 0, 3]", [("SCHEMA-VALUE", "rows: [3, 0, 3]", "0")], "rows"),
    (ROWS, "rows: [2, 1]\n    faces: [a, b.c, a]",
     [("SCHEMA-VALUE", "faces: [a, b.c, a]", "b.c"), ("DUP-NAME", "faces: [a, b.c, a]", "a]")],
     "dot"),
    (ROWS, "rows: [2, 1]\n    faces: [a, b]",
     [("SCHEMA-VALUE", "faces: [a, b]", "[a, b]")], "2 face names"),
    (ROWS, "rows: [2, 1]\n    faces: [a, b, a]", [("DUP-NAME", "faces: [a, b, a]", "a]")], "'a'"),
    (REMOVE, REMOVE + "    cols: 3\n", [("SCHEMA-KEY", "cols: 3", "3")], "no cols"),
    ("where height(it) == 0", "where rim(it) == 0",
     [("REF-UNDEF", "where rim(it)", "rim")], "not a builtin of a hex board"),
    ("where height(it) == 0", 'where step(it, "up") == none',
     [("REF-UNDEF", 'step(it, "up")', '"up"')], "direction 'up'"),
    ("to map[c]", 'to map["A.up"]', [("REF-UNDEF", 'map["A.up"]', '"A.up"')], "'A.up'"),
    ("      J: {colour: red}", "      E.n: {colour: red}",
     [("DUP-NAME", "E.n: {colour", "E.n")], "one place (A.se)"),
    (REMOVE, REMOVE + f"    remove: {EVERY_FACE}\n",
     [("SCHEMA-VALUE", "remove: [A, B", "[A")], "every face is removed"),
])
def test_a_wrong_hex_board_is_a_located_error(tmp_path, old, new, expected, words):
    found, text = findings(tmp_path, old=old, new=new)
    assert [f[:4] for f in found] == sorted(("game.yaml", *at(text, marker, token), code)
                                            for code, marker, token in expected)
    assert any(words in f[4] for f in found), found


def test_a_moves_file_may_spell_a_vertex_any_way(tmp_path):
    from click.testing import CliRunner

    from cli import main
    moves = tmp_path / "moves.txt"
    moves.write_text("e.n\nF.nw\n")                 # A.se and B.s, in other spellings
    save = tmp_path / "s.json"
    r = CliRunner().invoke(main, ["play", str(hex_game(tmp_path)), "--players", "2", "--seed", "1",
                                  "--moves", str(moves), "--humans", "0", "--json",
                                  "--save", str(save)])
    assert r.exit_code == 0, r.output
    import json
    assert json.loads(save.read_text())["decisions"][:2] == [[1, "A.se"], [2, "B.s"]]   # seats 1, 2
