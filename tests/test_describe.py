"""rulebook describe: a rules sheet from the YAML, for every game."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from cli import main
from interpreter.analysis.describe import prose
from interpreter.load.documents import GAMEDEFS, load_documents, resolve_game_path

GAMES = sorted(d.name for d in GAMEDEFS.iterdir() if (d / "game.yaml").is_file())


@pytest.mark.parametrize("name", GAMES)
def test_the_markdown_sheet_names_every_part_of_the_game(name):
    r = CliRunner().invoke(main, ["describe", name, "--format", "markdown"])
    assert r.exit_code == 0, r.output
    sheet = r.output
    _, data = load_documents(resolve_game_path(name), [])
    assert sheet.startswith(f"# {data['game']['name']}\n")
    for variant in (data["game"].get("variants") or {}):
        assert f"**{variant}**" in sheet
    for option in (data.get("options") or {}):
        assert f"**{option}**" in sheet
    for ctype, spec in (data.get("card_types") or {}).items():
        assert f"### {ctype}" in sheet
        if (spec or {}).get("description"):
            assert prose(spec["description"].strip()) in sheet   # Markdown escaped
    for i, phase in enumerate((data.get("rounds") or {}).get("phases") or [], 1):
        assert f"### {i}. {phase['name']}" in sheet
    assert "## End and scoring" in sheet and sheet.count("```") % 2 == 0


def test_text_format_and_a_missing_game():
    r = CliRunner().invoke(main, ["describe", "metras"])
    assert r.exit_code == 0 and "Metras" in r.output and "A round" in r.output
    assert "```" not in r.output
    r = CliRunner().invoke(main, ["describe", "metrass"])
    assert r.exit_code == 1 and "did you mean 'metras'" in r.output
