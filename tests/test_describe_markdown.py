"""Issue 32 item 8: `describe --format markdown` passed Markdown images and links from the
YAML (a tracking image, a javascript: link). Text from the game is escaped for Markdown as
it is for HTML: rendered by a CommonMark renderer with GFM's links, tables and
strike-through, the sheet has no image, no link, no emphasis and no heading the game's text
made, and every hostile text reads as written."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_run import run

REFILL = Path(__file__).parent / "games" / "refill" / "game.yaml"

HOSTILE = [
    "![pixel](https://tracker.example/p.png?u=1)",
    "[click me](javascript:alert(1))",
    "[ref]: javascript:alert(2)",
    "see [here][ref] and <javascript:alert(3)>",
    "visit https://tracker.example/x and www.tracker.example",
    "*bold* _under_ ~~gone~~ `code` a|b|c",
    "# a heading\n- a list\n1. a number\n> a quote\n===",
    "[![img](https://t.example/i.png)](javascript:alert(4))",
    "\\*escaped\\* and a \\ backslash",
]


def hostile_game(tmp_path) -> Path:
    text = REFILL.read_text()
    q = json.dumps           # a YAML double-quoted scalar is JSON's
    text = text.replace("  name: Refill\n", f"  name: {q(HOSTILE[0])}\n  description: "
                        f"{q(HOSTILE[1] + ' ' + HOSTILE[6])}\n  variants:\n"
                        f"    {q(HOSTILE[5])}: {q(HOSTILE[2] + ' ' + HOSTILE[3])}\n")
    text = text.replace("    discard_to: discards\n", "    discard_to: discards\n"
                        f"    description: {q(HOSTILE[4])}\n")
    text = text.replace("    - name: draw\n", f"    - name: {q(HOSTILE[7])}\n"
                        f"      description: {q(HOSTILE[8])}\n")
    folder = tmp_path / "hostile"
    folder.mkdir()
    (folder / "game.yaml").write_text(text)
    assert run("validate", folder).exit_code == 0
    return folder


def rendered(sheet: str):
    from markdown_it import MarkdownIt
    md = MarkdownIt("commonmark", {"linkify": True}).enable(["linkify", "table",
                                                             "strikethrough"])
    return md.parse(sheet), md.render(sheet)


def test_markdown_in_a_game_is_shown_never_obeyed(tmp_path):
    r = run("describe", hostile_game(tmp_path), "--format", "markdown")
    assert r.exit_code == 0, r.output
    tokens, html = rendered(r.output)
    kinds = {t.type for t in tokens} | {c.type for t in tokens for c in (t.children or [])}
    # the sheet's own markup is bold names, code spans and blocks, lists and headings; the
    # game's text reads as text tokens (checked below), so it made none of them
    for made in ("image", "link_open", "em_open", "s_open", "table_open", "blockquote_open",
                 "ordered_list_open", "html_inline", "html_block"):
        assert made not in kinds, (made, html)
    assert "<img" not in html and "href" not in html
    headings = [t for t in tokens if t.type == "heading_open"]
    assert all(t.tag in ("h1", "h2", "h3") for t in headings)
    assert html.count("<h1>") == 1
    words = " ".join(" ".join(c.content for c in (t.children or []) if c.type == "text")
                     for t in tokens)
    for text in HOSTILE:                      # each reads as written, line by line
        for line in text.split("\n"):   # a backslash the designer wrote is kept
            assert " ".join(line.split()) in " ".join(words.split()), (line, words)


@pytest.mark.parametrize("name", ["metras", "metscri"])
def test_the_shipped_sheets_still_render_their_own_markup(name):
    r = run("describe", name, "--format", "markdown")
    tokens, html = rendered(r.output)
    assert html.count("<h1>") == 1 and "<h2>" in html and "<pre><code>" in html
