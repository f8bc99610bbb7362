"""The mutation fuzzer shared by the CI test (tests/test_validate_mutations.py) and the long
run (tests/fuzz/run.py, tests/fuzz/test_fuzz.py).

Case i of a game is reproducible from (game, i) alone: one of the game's files (game.yaml, an
included card list) gets one edit a designer could make by mistake — a line deleted or
duplicated, a value retyped, a name misspelt, a line cut short, a number changed. Then:
  - validate must not raise, must finish within a time limit, and every finding must name
    one of the game's files at a line and column inside it;
  - a mutant that still loads plays a few short random games (a small decision budget):
    only the engine's own errors (RulebookError: a located rules error, an illegal move)
    may come out, never a Python exception, and never a hang.
"""
from __future__ import annotations

import dataclasses
import random
import re
import signal
import traceback
from contextlib import contextmanager
from pathlib import Path

from interpreter.load import documents as loader
from interpreter.load.yamlio import yaml_lines
from interpreter.build import game_loader
from interpreter.errors import Finding, GameDefError, GameError, RulebookError
from interpreter.runtime.game import Game

ROOT = Path(__file__).resolve().parent.parent.parent
GAME_FOLDERS = [ROOT / "gamedefs", ROOT / "tests" / "games", ROOT / "benchmarks" / "games"]
OPS = ["delete", "duplicate", "retype", "rename", "cut", "number"]
# the hostile inputs of issue 26: an alias repeating a long text, a board too large, an
# include outside the game's folder, control characters in a name
HOSTILE = ["alias", "board", "include", "control"]
HUGE_ROWS = ["[3, 4, 5, 100000000, 3]", "[" + ", ".join(["60"] * 300) + "]", "100000",
             "[1000000000000]"]
OUTSIDE = ["/etc/passwd", "../../outside.yaml", "/proc/self/environ", "cards/../../x.csv",
           "link-out.yaml"]    # a symbolic link out of the folder (run_case makes it)
CONTROLS = ["\x1b[2J", "\x1b]0;title\x07", "\u202e", "\x07", "\x9b31m", "\r"]
RETYPED = ["42", "-1", "ten", "[1, 2]", "{a: 1}", "true", "", "null", '"{x}"', "*nope", "!!str 1"]
WORD = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")
NUMBER = re.compile(r"(?<![\w.])-?\d+(?![\w.])")
RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def game_dirs() -> list:
    """Every game the fuzzer knows: gamedefs/, the test games and the benchmark games."""
    return [d for folder in GAME_FOLDERS if folder.is_dir()
            for d in sorted(folder.iterdir()) if (d / "game.yaml").is_file()]


def game_files(root: Path) -> list:
    return sorted(p for p in root.rglob("*") if p.suffix in (".yaml", ".yml", ".csv"))


def mutate(text: str, op: str, line: int, pick: int) -> str:
    return edit(text, op, line, pick)[0]


def edit(text: str, op: str, line: int, pick: int) -> tuple:
    """(the edited text, the 1-based number of the line edited)."""
    lines = text.split("\n")
    i = line % len(lines)
    src = lines[i]
    if op == "delete":
        del lines[i]
    elif op == "duplicate":
        lines.insert(i, src)
    elif op == "retype":
        head, sep, _ = src.partition(": ")
        lines[i] = head + (sep or ": ") + RETYPED[pick % len(RETYPED)]
    elif op == "rename":
        words = list(WORD.finditer(src))
        if words:
            w = words[pick % len(words)]
            name = w.group()
            edits = [name[1:], name[:-1] + "x", name[::-1], name + name[-1], name.upper(),
                     name[:1] + name[2:3] + name[1:2] + name[3:]]
            lines[i] = src[:w.start()] + edits[pick % len(edits)] + src[w.end():]
    elif op == "cut":
        lines[i] = src[:pick % (len(src) + 1)]
    elif op == "number":       # a plausible slip that often still validates: play must cope
        found = [(k, m) for k in range(len(lines)) for m in NUMBER.finditer(lines[k])]
        if found:
            k, m = found[pick % len(found)]
            n = int(m.group())
            new = [0, 1, -1, n + 1, n - 1, n * 2, 100][pick % 7]
            lines[k] = lines[k][:m.start()] + str(new) + lines[k][m.end():]
            i = k
    elif op in HOSTILE:
        return hostile(lines, op, i, pick)
    return "\n".join(lines), i + 1


def hostile(lines: list, op: str, i: int, pick: int) -> tuple:
    """One of the hostile edits (HOSTILE): (the edited text, the line edited)."""
    src = lines[i]
    if op == "alias":           # a long text anchored once, aliased 1 to 60 times
        size, times = [1000, 50_000, 400_000][pick % 3], [1, 5, 60][pick // 3 % 3]
        lines.append("notes: [&long '" + "x" * size + "'" + ", *long" * times + "]")
        return "\n".join(lines), len(lines)
    if op == "board":           # a hex board's rows, or any value, far too large
        rows = HUGE_ROWS[pick % len(HUGE_ROWS)]
        k = next((k for k, line in enumerate(lines) if line.strip().startswith("rows:")), i)
        lines[k] = lines[k].partition(":")[0] + ": " + rows
        return "\n".join(lines), k + 1
    if op == "include":         # a file outside the game's folder
        target = OUTSIDE[pick % len(OUTSIDE)]
        k = next((k for k, line in enumerate(lines) if line.startswith("include:")), None)
        if k is None:
            lines.append(f"include:\n  - {target}")
            return "\n".join(lines), len(lines) + 1
        lines.insert(k + 1, f"  - {target}")
        return "\n".join(lines), k + 2
    words = list(WORD.finditer(src))    # control: a control character inside a name
    w = words[pick % len(words)] if words else None
    cut = w.start() + 1 if w else len(src)
    lines[i] = src[:cut] + CONTROLS[pick % len(CONTROLS)] + src[cut:]
    return "\n".join(lines), i + 1


WRAPPED = "a rule failed:"     # how the engine words a Python error raised by a rule


class Hang(BaseException):
    """Raised by the time limit; a BaseException so that no `except Exception` swallows it."""


@contextmanager
def time_limit(seconds: float):
    def fire(signum, frame):
        raise Hang(f"no answer within {seconds} s")
    old = signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@contextmanager
def reuse_unchanged_parses():
    """Parse each unchanged file once: the loader's YAML reader remembers (path, bytes) ->
    (document, its findings). Only the mutated file is read afresh, so a case costs little
    more than its own file. Reading is deterministic and documents are never changed."""
    original = loader.read_yaml
    memo: dict = {}

    def read(path, display, findings):
        key = (str(path), display, Path(path).read_bytes())
        if key not in memo:
            mine: list = []
            memo[key] = (original(path, display, mine), mine)
        doc, mine = memo[key]
        findings.extend(dataclasses.replace(f) for f in mine)
        return doc
    loader.read_yaml = read
    try:
        yield
    finally:
        loader.read_yaml = original


def plan(game: str, files: list, index: int, ops=OPS) -> tuple:
    """Case `index` of a game: (file, op, line, pick), the same in every run (the hostile
    cases are planned apart, so the others stay what they were)."""
    r = random.Random(f"{game}:{index}" if ops is OPS else f"{game}:{'/'.join(ops)}:{index}")
    return (files[r.randrange(len(files))], r.choice(ops), r.randrange(10_000),
            r.randrange(1000))


def unlocated(findings: list, files: list) -> list:
    """Findings that do not point inside one of the game's files, or that would put a raw
    control character on a terminal."""
    sizes = {p.resolve(): yaml_lines(p.read_text(errors="replace")) for p in files}
    bad = []
    for f in findings:
        lines = sizes.get(Path(f.file).resolve())
        if lines is None or not 1 <= f.line <= len(lines) \
                or not 1 <= f.col <= len(lines[f.line - 1]) + 1 or not (f.code and f.message):
            bad.append(f.format())
        elif RAW_CONTROL.search(f.format()):
            bad.append("raw control character: " + repr(f.format()))
    return bad


def play(game: Game, games: int, budget: int, stops=None, strict: bool = False) -> list:
    """A few short random games; problems found (a Python error, a seat without options).
    `stops` (a Counter), when given, counts the engine errors the games stopped with;
    `strict` also counts as a problem a Python error the engine wrapped as a rules error
    ("a rule failed: TypeError ..."): a crash that reached play with no location."""
    g = game.g
    out = []
    for players in sorted({g.players_min, min(g.players_max, g.players_min + 2)}):
        for seed in range(games):
            r = random.Random(seed)
            try:
                s = game.new_state(players, seed=seed)
            except GameError as e:        # the setup stopped with a rules error: allowed
                if stops is not None:
                    stops[_kind(str(e))] += 1
                break
            except RulebookError as e:    # a game that validates must start at its own sizes
                out.append(f"{players} players, seed {seed}: validates but cannot start: {e}")
                break
            except Exception:      # noqa: BLE001
                out.append(f"{players} players, seed {seed}: " + traceback.format_exc())
                break
            try:
                for _ in range(budget):
                    if game.is_over(s):
                        break
                    seat = game.waiting(s)[0]
                    n = game.option_count(s, seat)
                    if n < 1:
                        out.append(f"{players} players, seed {seed}: seat {seat} waits "
                                   "with no options")
                        break
                    game.apply(s, seat, r.randrange(n))
            except RulebookError as e:     # a rules error the engine reports: allowed here
                if stops is not None:
                    stops[_kind(str(e))] += 1
                if strict and WRAPPED in str(e):
                    out.append(f"{players} players, seed {seed}: {e}")
                break
            except Exception:      # noqa: BLE001 - the very thing this fuzzer looks for
                out.append(f"{players} players, seed {seed}: " + traceback.format_exc())
    return out


def _kind(message: str) -> str:
    """An error message without its numbers and names: errors counted by kind."""
    return re.sub(r"'[^']*'|\d+", "_", message)[:100]


def run_case(root: Path, files: list, index: int, games: int = 2, budget: int = 150,
             seconds: float = 30.0, stops=None, strict: bool = False, ops=OPS,
             counts=None) -> list:
    """Run one mutated copy of the game at root (a scratch copy: it is edited, then
    restored). Returns its problems as texts (empty: all is well). `counts` (a Counter),
    when given, counts the cases ("cases") and those that validated and were played
    ("played"), for the run's figures."""
    path, op, line, pick = plan(root.name, files, index, ops)
    original = path.read_text(errors="replace")
    text, at = edit(original, op, line, pick)
    path.write_text(text)
    link = root / "link-out.yaml"
    if op == "include" and not link.is_symlink():
        link.symlink_to("/etc/hostname")        # read from outside only if followed
    where = f"{root.name} case {index} ({op} in {path.name}, line {at})"
    try:
        with time_limit(seconds):
            try:
                gamedef = game_loader.load_game(str(root))
                findings = list(gamedef.warnings)
            except GameDefError as e:
                gamedef, findings = None, e.findings
            except RulebookError as e:
                gamedef, findings = None, [Finding(str(path), 1, 1, "FILE", str(e))]
            problems = [f"unlocated finding: {x}" for x in unlocated(findings, files)]
            if counts is not None:
                counts["cases"] += 1
                counts["played"] += gamedef is not None
            if gamedef is not None:
                problems += play(Game(gamedef), games, budget, stops, strict)
    except Hang as e:
        problems = [str(e)]
    except Exception:          # noqa: BLE001 - validate itself crashed
        problems = ["validate raised: " + traceback.format_exc()]
    finally:
        path.write_text(original)
        if link.is_symlink():
            link.unlink()
    return [f"{where}: {p}" for p in problems]
