"""Issue 26, items 12-14 and 16: names from a game's files or a save never reach the terminal
raw (control characters shown as \\x1b ...), validate warns about them (NAME-CONTROL), the
Markdown rules sheet escapes HTML, the report's plots take names as plain text, and a line
separator inside a quoted value does not shift later findings."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cli import main
from interpreter.analysis.describe import code, code_span, prose
from interpreter.errors import Finding
from interpreter.safe_text import spelled, spelled_all

ESC = "\x1b"

# A tiny game whose game name, seat names, card ids and card labels hold escape sequences
# (YAML's "\e" is ESC); the log line repeats them. Seat 2's name is matplotlib math gone wrong.
GAME = r'''game:
  id: escapes
  name: "Esc\e]0;pwned\aapes"
  description: "A game <script>alert(1)</script> with <img src=x onerror=alert(2)> and <svg onload=alert(3)>."
  players: {min: 2, max: 2}
  seat_names: ["N\e[2Jorth", "$\\foo{$ x"]
counters:
  player:
    points: {start: 0, description: "Points, <b>bold</b> & x < 3"}
zones:
  player:
    hand: {visibility: owner}
    kept: {}
  game:
    deck: {visibility: none}
card_types:
  playing:
    label: "card\e[31m{rank}"
    description: "A card; its effect is shown as code"
cards:
  - {id: "c\e[1m{rank}", type: playing, zone: deck, range: {attribute: rank, from: 2, to: 6}}
setup: |
  shuffle deck
rounds:
  count: 2
  phases:
    - name: pick
      do: |
        for each p in players:
            draw 2 from deck to p.hand
            c = choose one of p.hand by p prompt "{p}: keep which card?"
            gain points c.rank to p
            move c to p.kept
            log "{p} keeps {c} ({c.label})"
end:
  score: it.points
'''


def run(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


@pytest.fixture
def game(tmp_path):
    folder = tmp_path / "escapes"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME, encoding="utf-8")
    return folder


def shown(r) -> str:
    """What a command wrote (stdout and stderr), checked to hold no raw ESC."""
    text = r.output + (r.stderr if r.stderr_bytes is not None else "")
    assert ESC not in text, text
    return text


# ------------------------------------------------------------------ 12: one function
def test_visible_spells_out_controls_and_leaves_ordinary_text_alone():
    plain = "Metras: 4 x servant; Ümlaut ♠ \"quoted\"\n\tindented"
    assert spelled(plain) is plain
    assert spelled("a\x1b[2Jb") == "a\\x1b[2Jb"
    assert spelled("\x07\x7f\x85\x9b\r") == "\\x07\\x7f\\x85\\x9b\\x0d"
    assert spelled("x\u202ey\u2066z\u2028w\u2029") == "x\\u202ey\\u2066z\\u2028w\\u2029"
    assert spelled(spelled("a\x1bb")) == "a\\x1bb"          # idempotent
    assert spelled_all({"n\x1b": ["a\x1b", 3, ("b\x9b",)]}) == \
        {"n\\x1b": ["a\\x1b", 3, ("b\\x9b",)]}


def test_a_finding_is_formatted_with_its_controls_visible():
    f = Finding("g.yaml", 2, 3, "X", "unknown zone 'a\x1b[2J'", "did you mean 'b\x1b]0;t\x07'?",
                excerpt="line\n  ^")
    assert f.format() == ("g.yaml:2:3: error X unknown zone 'a\\x1b[2J' "
                          "(did you mean 'b\\x1b]0;t\\x07'?) (see docs/reference/findings.md#X)"
                          "\nline\n  ^")


def test_validate_warns_at_each_name_with_a_control_character(game):
    r = run("validate", game)
    text = shown(r)
    warned = {line.split(": warning NAME-CONTROL ")[0].split(":", 1)[1]: line
              for line in text.splitlines() if "NAME-CONTROL" in line}
    lines = GAME.split("\n")
    at = {what: next(i for i, s in enumerate(lines, 1) if key in s)
          for what, key in (("game", "  name:"), ("seat", "seat_names"),
                            ("label", "label:"), ("id", "- {id:"))}
    assert {w.split(":")[0] for w in warned} == {str(n) for n in at.values()}, text
    assert "a seat name holds the control character \\x1b" in text
    assert r.exit_code == 0      # a warning: the game still loads and plays
    assert run("validate", "--strict", game).exit_code == 1


def test_play_replay_describe_and_simulate_print_no_raw_escape(game, tmp_path):
    save = tmp_path / "s.json"
    r = run("play", game, "--humans", "0", "--seed", "1", "--save", save)
    assert r.exit_code == 0, r.output
    text = shown(r)
    assert "N\\x1b[2Jorth wins!" in text or "$\\foo{$ x wins!" in text
    assert "keeps card\\x1b[31m" in text
    r = run("replay", save, "--show-log", "--game", game)
    assert r.exit_code == 0 and "N\\x1b[2Jorth keeps" in shown(r)
    # the Markdown file escapes the ']' too (issue 32 item 8), which renders as nothing
    for fmt, name in (("text", "Esc\\x1b]0;pwned\\x07apes"),
                      ("markdown", "Esc\\x1b\\]0;pwned\\x07apes")):
        r = run("describe", game, "--format", fmt)
        assert r.exit_code == 0 and name in shown(r)
    r = run("simulate", game, "-n", "4", "--jobs", "1")
    assert r.exit_code == 0 and "N\\x1b[2Jorth" in shown(r)
    r = run("list")      # the games under gamedefs/ print as before
    assert r.exit_code == 0 and ESC not in r.output


def test_a_person_at_the_terminal_sees_names_spelled_out(game):
    r = run("play", game, "--humans", "1", "--seed", "1", input="1\n" * 4)
    text = shown(r)
    assert "N\\x1b[2Jorth: keep which card?" in text and "card\\x1b[31m" in text


@pytest.mark.parametrize("field", ["format", "variant", "label"])
def test_a_tampered_save_is_not_echoed_raw(game, tmp_path, field):
    save = tmp_path / "s.json"
    assert run("play", game, "--humans", "0", "--seed", "1", "--save", save).exit_code == 0
    data = json.loads(save.read_text())
    if field == "label":
        data["decisions"][0][1] = "no\x1b[2Jsuch card"
    else:
        data[field] = "x\x1b]0;pwned\x07"
    save.write_text(json.dumps(data))
    for r in (run("replay", save, "--game", game),
              run("play", game, "--humans", "0", "--load", save)):
        assert r.exit_code == 1
        assert "\\x1b" in shown(r)


# ------------------------------------------------------------------ 13: HTML in Markdown
def test_the_markdown_sheet_escapes_html(game):
    r = run("describe", game, "--format", "markdown")
    sheet = shown(r)
    for raw in ("<script", "</script", "<img", "<svg", "<b>"):
        assert raw not in sheet, raw
    assert "&lt;script>alert(1)&lt;/script>" in sheet
    assert "&lt;img src=x onerror=alert(2)>" in sheet
    assert "& x < 3" in sheet        # no markup: written as the designer wrote it


def test_code_in_the_sheet_cannot_be_closed_by_its_text():
    assert code_span("a < b") == "`a < b`"
    assert code_span("x ` <img src=x onerror=y>") == "`` x ` <img src=x onerror=y> ``"
    fence, body, end = code("log \"```\"\n<script>")
    assert fence == end == "````" and body == "log \"```\"\n<script>"
    assert prose("&amp; <i>") == "&amp;amp; &lt;i>" and prose("A & B, i < n") == "A & B, i < n"


# ------------------------------------------------------------------ 14: plain text in plots
def test_a_report_draws_a_seat_named_like_math(game, tmp_path):
    pytest.importorskip("matplotlib")
    out = tmp_path / "r.html"
    r = run("simulate", game, "-n", "4", "--jobs", "1", "--report", out)
    assert r.exit_code == 0, r.output
    assert "Traceback" not in r.output and out.stat().st_size > 0


# ------------------------------------------------------------------ 16: YAML's own lines
@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85"])
def test_a_line_separator_in_a_quoted_value_does_not_shift_findings(tmp_path, separator):
    text = GAME.replace('"A card; its effect', f'"A card;{separator}{separator} its effect')
    text = text.replace("gain points c.rank", "gain pointz c.rank")
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    r = run("validate", folder)
    found = [line for line in r.output.splitlines() if "pointz" in line]
    line = next(i for i, s in enumerate(text.split("\n"), 1) if "gain pointz" in s)
    assert found and found[0].split(":")[1] == str(line), r.output
