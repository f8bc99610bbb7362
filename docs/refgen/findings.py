"""docs/reference/findings.md: every code `rulebook validate` reports, with its meaning (from
docs/reference/findings.yaml, the one owner of the meanings) and an example that triggers it:
a case of the broken-game corpus (tests/broken/), its lines around the finding and the finding
as validate prints it, made by validating the case now."""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from ruamel.yaml import YAML

from .common import GENERATED, ROOT, cell, short

MEANINGS = ROOT / "docs" / "reference" / "findings.yaml"
CORPUS = ROOT / "tests" / "broken"
EXPECT = re.compile(rb"^# expect: (?:(\S+):)?(\d+):(\d+) ([A-Z-]+)\s*$")
BEFORE, AFTER = 4, 1          # lines of the case shown around the finding's line


def meanings() -> dict:
    """code -> {meaning, severity (default error), no_case (why the corpus has none)}."""
    return YAML(typ="safe").load(MEANINGS.read_text(encoding="utf-8"))


def cases() -> dict:
    """code -> [(case folder, file, line, col)] from the corpus's `# expect:` lines, the cases
    in their numbered order."""
    out: dict = {}
    folders = sorted((p for p in CORPUS.iterdir() if (p / "game.yaml").is_file()),
                     key=lambda p: (int(p.name.split("_")[0]), p.name))
    for case in folders:
        for raw in (case / "game.yaml").read_bytes().splitlines():
            if not raw.startswith(b"#"):
                break
            m = EXPECT.match(raw)
            if m:
                file = (m.group(1) or b"game.yaml").decode()
                out.setdefault(m.group(4).decode(), []).append(
                    (case, file, int(m.group(2)), int(m.group(3))))
    return out


def _best(found: list):
    """The case that shows a code best: one with that finding alone, else the first."""
    alone = [c for c in found if sum(1 for x in found if x[0] == c[0]) == 1]
    return (alone or found)[0]


def excerpt(path: Path, line: int) -> tuple:
    """(first line's number, the lines around `line`) leaving out the case's opening comment
    lines (what the case is, its `# expect:` lines)."""
    text = path.read_bytes().decode("utf-8", errors="replace")
    lines = text.splitlines()
    opening = next((i for i, x in enumerate(lines) if not x.startswith("#")), 0)
    first = max(1, line - BEFORE, min(opening + 1, line))
    return first, lines[first - 1:line + AFTER]


def example(code: str, found: list) -> str:
    from interpreter.build.game_loader import check_game
    case, file, line, col = _best(found)
    where = case.relative_to(ROOT).as_posix()
    shown = [dataclasses.replace(f, file=Path(f.file).resolve().relative_to(ROOT).as_posix())
             for f in check_game(str(case))
             if f.code == code and (f.line, f.col) == (line, col)]
    if not shown:
        raise AssertionError(f"{where} gives no {code} at {file}:{line}:{col}")
    first, lines = excerpt(case / file, line)
    lang = "yaml" if file.endswith((".yaml", ".yml")) else "text"
    mark = line - first + 1
    out = [f"From `{where}/{file}` (`rulebook validate {where}`):\n",
           f'```{lang} linenums="{first}" hl_lines="{mark}"', *lines, "```\n",
           "```text", *(f.format() for f in shown), "```\n"]
    return "\n".join(out)


def page() -> str:
    table = meanings()
    found = cases()
    out = ["# Validate's findings\n", GENERATED.format(
               source="docs/reference/findings.yaml and the broken-game corpus tests/broken/"),
           "Every code `rulebook validate` can report (the [Validate](../guides/validate.md) "
           "guide says how it reads a game and what it prints). Each finding names its code's "
           "entry here, e.g. `(see docs/reference/findings.md#REF-UNDEF)`; `--format json` "
           "gives it as `docs`. A finding is an error unless marked a warning: errors stop a "
           "game from starting, warnings do not (but fail `validate --strict`). Each example "
           "is a small game of the broken-game corpus (`tests/broken/`, checked by "
           "`tests/test_broken_corpus.py`), the lines around the finding and what validate "
           "prints for it.\n",
           "| code | severity | meaning |", "|---|---|---|"]
    for code, entry in table.items():
        out.append(f"| [`{code}`](#{code}) | {entry.get('severity', 'error')} | "
                   f"{_first_clause(entry['meaning'])} |")
    out.append("")
    for code, entry in table.items():
        severity = entry.get("severity", "error")
        out.append(f"## {code} {{#{code}}}\n")
        out.append(f"*{severity}*: {entry['meaning']}\n")
        if code in found:
            out.append(example(code, found[code]))
        else:
            out.append(f"No case of the broken-game corpus gives it: {entry['no_case']}\n")
    return "\n".join(out)


def _first_clause(meaning: str) -> str:
    """The table's short meaning: its asides left out, up to the first semicolon."""
    return cell(short(meaning))
