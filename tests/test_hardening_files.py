"""What a game may read (issue 26, item 10): `include:` files and card CSVs stay inside the
game's folder (absolute paths, `../` and symbolic links out are located errors, and nothing
outside is opened), and a finding quotes at most a short excerpt of a file's values."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from interpreter.build.game_loader import check_game
from places import at, edited_copy

ROOT = Path(__file__).resolve().parent.parent
METRAS = ROOT / "gamedefs" / "metras"
SECRET = "sk-live-SECRET-VALUE-0123456789abcdefghijklmnop"
INCLUDE = "  - cards/tiles.yaml\n"


def with_include(tmp_path, *entries) -> Path:
    return edited_copy(METRAS, tmp_path, INCLUDE,
                       INCLUDE + "".join(f"  - {e}\n" for e in entries))


def secrets_outside(tmp_path) -> Path:
    out = tmp_path / "outside"
    out.mkdir()
    (out / "secret.yaml").write_text(f"API_TOKEN_{SECRET}: 1\ncards: []\n")
    (out / "secret.csv").write_text(f"id,type,zone\n{SECRET},x,y\n")
    return out


def located(findings, game: Path, entry: str) -> list:
    text = (game / "game.yaml").read_text()
    line, col = at(text, f"  - {entry}", entry)
    return [f for f in findings if (f.line, f.col, f.code) == (line, col, "REF-FILE")
            and f.file.endswith("game.yaml")]


@pytest.mark.parametrize("entry, why", [
    ("{out}/secret.yaml", "is an absolute path"),
    ("{out}/secret.csv", "is an absolute path"),
    ("../outside/secret.yaml", "leaves the game's folder"),
    ("cards/../../outside/secret.csv", "leaves the game's folder"),
    ("/proc/self/environ", "is an absolute path"),
])
def test_an_include_outside_the_folder_is_a_located_error_and_is_never_read(tmp_path, entry, why):
    out = secrets_outside(tmp_path)
    entry = entry.format(out=out)
    game = with_include(tmp_path, entry)
    findings = check_game(str(game))
    [f] = located(findings, game, entry)
    assert why in f.message and "inside its own folder" in f.message
    assert not any(SECRET[:12] in f"{x.message} {x.hint}" for x in findings)
    assert all(Path(x.file).resolve().is_relative_to(game.resolve()) for x in findings)


def test_a_symbolic_link_out_of_the_folder_is_refused_and_one_inside_is_followed(tmp_path):
    out = secrets_outside(tmp_path)
    game = with_include(tmp_path, "leak.yaml", "cards/leak.csv", "same.yaml")
    (game / "leak.yaml").symlink_to(out / "secret.yaml")
    (game / "cards" / "leak.csv").symlink_to(out / "secret.csv")
    (game / "same.yaml").symlink_to(game / "cards" / "tiles.yaml")   # inside: allowed
    findings = check_game(str(game))
    for entry in ("leak.yaml", "cards/leak.csv"):
        [f] = located(findings, game, entry)
        assert "leaves the game's folder (through a symbolic link)" in f.message
    assert not located(findings, game, "same.yaml")
    assert not any(SECRET[:12] in f"{x.message} {x.hint}" for x in findings)


def test_a_folder_linked_out_is_refused_too(tmp_path):
    out = secrets_outside(tmp_path)
    game = with_include(tmp_path, "linked/secret.yaml")
    (game / "linked").symlink_to(out, target_is_directory=True)
    [f] = located(check_game(str(game)), game, "linked/secret.yaml")
    assert "leaves the game's folder" in f.message


def test_findings_quote_only_a_short_excerpt_of_a_files_values(tmp_path):
    """An included file inside the folder that is not a cards file, and a value of the
    wrong type: the findings say where and what kind, and quote at most a few characters."""
    game = with_include(tmp_path, "notes.yaml")
    (game / "notes.yaml").write_text(f"API_TOKEN_{SECRET}: 1\n")
    game2 = edited_copy(METRAS, tmp_path / "b", "  id: metras", f"  id: [{SECRET}]")
    for g in (game, game2):
        findings = check_game(str(g))
        assert findings and not any(SECRET[:30] in f"{x.message} {x.hint}" for x in findings)
    [key] = [f for f in check_game(str(game)) if f.code == "SCHEMA-KEY"]
    assert key.file.endswith("notes.yaml") and (key.line, key.col) == (1, 1)
    assert "(found 'API_TOKEN_sk-live-SE'...)" in key.message


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX")
def test_a_fifo_outside_is_refused_before_it_is_opened(tmp_path):
    out = tmp_path / "outside"
    out.mkdir()
    os.mkfifo(out / "pipe.yaml")
    game = with_include(tmp_path, "../outside/pipe.yaml")
    [f] = located(check_game(str(game)), game, "../outside/pipe.yaml")   # and no hang
    assert "leaves the game's folder" in f.message


# ------------------------------------------------------------------ item 11: a save's source
def _save_naming(tmp_path, source) -> Path:
    from click.testing import CliRunner
    from cli import main
    save = tmp_path / "s.json"
    r = CliRunner().invoke(main, ["play", "metras", "--players", "3", "--seed", "4", "--bots",
                                  "random", "--humans", "0", "--json", "--save", str(save)])
    assert r.exit_code == 0, r.output
    data = json.loads(save.read_text())
    data["source"] = str(source)
    save.write_text(json.dumps(data))
    return save


def _replay(*args):
    from click.testing import CliRunner
    from cli import main
    r = CliRunner().invoke(main, ["replay", *map(str, args)])
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    return r


def test_a_path_in_a_save_is_never_loaded_without_the_persons_game_option(tmp_path):
    """The issue's save named a secrets file as its source: replay loaded it as a game and
    echoed "got the text 'sk-live-SECRET-VALUE'". Now the save's path is refused, unread."""
    secret = tmp_path / "secrets.yaml"
    secret.write_text(f"game:\n  id: {SECRET}\n")
    save = _save_naming(tmp_path, secret)
    opened = []
    real_open = open

    def watching(path, *a, **k):
        opened.append(str(path))
        return real_open(path, *a, **k)
    import builtins
    builtins.open = watching
    try:
        r = _replay(save)
    finally:
        builtins.open = real_open
    assert r.exit_code == 1 and "give the game with --game PATH" in r.output
    assert SECRET[:12] not in r.output and str(secret) not in opened
    r = _replay(save, "--game", "metras")     # the person names the game: it replays
    assert r.exit_code == 0 and r.output.startswith("OK:"), r.output


def test_a_file_that_is_not_a_game_is_never_quoted(tmp_path):
    """Given with --game, a file with none of a game's sections (a configuration, a list of
    secrets) gets one finding that quotes none of its values."""
    secret = tmp_path / "config.yaml"
    secret.write_text(f"api_token: {SECRET}\npassword: [{SECRET}]\n")
    save = _save_naming(tmp_path, "metras")
    r = _replay(save, "--game", secret)
    assert r.exit_code == 1 and "not a game file" in r.output and SECRET[:8] not in r.output
    [f] = check_game(str(secret))
    assert (f.line, f.col, f.code) == (1, 1, "SCHEMA-TYPE")
