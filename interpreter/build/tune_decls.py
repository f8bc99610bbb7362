"""The forms of `rulebook tune`'s parameters and objectives, read from the command line or
from the game's `tune:` section (checked here with located findings, like every section).

A parameter is PATH=LOW..HIGH[:STEP] or PATH=V1,V2,...: PATH a --set path (constants.NAME,
counters.player.NAME.start, cards.ID.ATTRIBUTE) or option.NAME. An objective is NAME,
NAME=TARGET, length=LOW..HIGH, card:ID or bot:KIND (analysis/tune_space.py gives each its
meaning and checks it against the metrics)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import RulebookError, did_you_mean
from ..load.game_options import parse_scalar

RANGE = re.compile(r"^\s*(-?[\d.]+)\s*\.\.\s*(-?[\d.]+)\s*(?::\s*([\d.]+))?\s*$")


class TuneError(RulebookError):
    """A parameter or objective that cannot be tuned, said in one line."""


@dataclass(frozen=True)
class Param:
    path: str                 # a --set path, or option.NAME
    low: float | None = None
    high: float | None = None
    step: float | None = None
    values: tuple = ()        # a list of values instead of a range
    integer: bool = True

    @property
    def option(self) -> str | None:
        return self.path[len("option."):] if self.path.startswith("option.") else None

    def text(self) -> str:
        if self.values:
            return f"{self.path}={','.join(map(str, self.values))}"
        step = f":{self.step:g}" if self.step else ""
        return f"{self.path}={self.low:g}..{self.high:g}{step}"


def is_number(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def parse_param(spec: str) -> Param:
    path, eq, rest = str(spec).partition("=")
    path = path.strip()
    if not eq or not path or "." not in path:
        raise TuneError(f"--param {spec!r}: write PATH=LOW..HIGH[:STEP] or PATH=V1,V2,..., e.g. "
                        "--param cards.c12.cost=1..6 or --param option.turns=8,10,12")
    m = RANGE.match(rest)
    if m:
        low, high, step = (parse_scalar(x) if x else None for x in m.groups())
        if not all(is_number(x) for x in (low, high) + ((step,) if step is not None else ())):
            raise TuneError(f"--param {spec!r}: a range's ends are numbers")
        if high < low:
            raise TuneError(f"--param {spec!r}: the range is reversed ({low} is above {high}); "
                            f"write {path}={high}..{low}")
        if high == low:
            raise TuneError(f"--param {spec!r}: the range is empty (one value): a fixed value is "
                            "--set PATH=VALUE")
        if step is not None and step <= 0:
            raise TuneError(f"--param {spec!r}: the step must be above 0")
        integer = all(isinstance(x, int) for x in (low, high, step if step is not None else 1))
        return Param(path, low, high, step, (), integer)
    values = tuple(parse_scalar(v) for v in rest.split(",") if v.strip())
    if len(values) < 2:
        raise TuneError(f"--param {spec!r}: give a range LOW..HIGH or at least two values "
                        "V1,V2")
    return Param(path, values=values)


def parse_band(spec: str, text: str) -> tuple:
    m = RANGE.match(text)
    if not m or m.group(3):
        raise TuneError(f"--objective {spec!r}: write length=LOW..HIGH (rounds, or decisions "
                        "in a game without a round counter)")
    lo, hi = int(float(m.group(1))), int(float(m.group(2)))
    if hi < lo:
        raise TuneError(f"--objective {spec!r}: the band is reversed")
    return lo, hi


def tune_section(builder, g) -> None:
    """g.tune from the game's `tune:` section: each parameter's form and path, each
    objective's form, a finding at the item that is wrong."""
    section = builder.data.get("tune")
    if not isinstance(section, dict):
        return
    d = builder.data
    params = []
    for i, text in enumerate(section.get("params") or ()):
        try:
            p = parse_param(text)
            path_exists(d, p)
        except TuneError as e:
            builder.add(builder.doc, ["tune", "params", i], "TUNE",
                        str(e).replace(f"--param {text!r}: ", ""), key=False)
            continue
        params.append(str(text))
    objectives = []
    for i, text in enumerate(section.get("objectives") or ()):
        name, eq, target = str(text).partition("=")
        try:
            if name.strip() == "length":
                parse_band(text, target)
            elif eq and not is_number(parse_scalar(target)):
                raise TuneError(f"--objective {text!r}: the target is a number")
            elif name.startswith("card:"):
                ids = [str(c.get("id")) for c in d.get("cards") or () if isinstance(c, dict)]
                if ids and name[5:] not in ids and not any(i.startswith("{") for i in ids):
                    hint = did_you_mean(name[5:], ids)
                    raise TuneError(f"--objective {text!r}: no card '{name[5:]}'"
                                    + (f" ({hint})" if hint else ""))
        except TuneError as e:
            builder.add(builder.doc, ["tune", "objectives", i], "TUNE",
                        str(e).replace(f"--objective {text!r}: ", ""), key=False)
            continue
        objectives.append(str(text))
    g.tune = {"params": tuple(params), "objectives": tuple(objectives)}


def path_exists(d: dict, p: Param) -> None:
    """The path names something the game declares (its value's kind is checked by the
    run's own --set check, with the game built)."""
    keys = p.path.split(".")
    if keys[0] == "option":
        options = d.get("options") or {}
        if keys[1] not in options:
            hint = did_you_mean(keys[1], list(options))
            raise TuneError(f"--param {p.path!r}: no option '{keys[1]}'"
                            + (f" ({hint})" if hint else ""))
        return
    if keys[0] == "cards":
        return          # cards may live in included files: checked when the game is run
    node = d
    for k in keys:
        if not isinstance(node, dict) or k not in node:
            have = list(node) if isinstance(node, dict) else []
            hint = did_you_mean(k, have)
            raise TuneError(f"--param {p.path!r}: there is no '{k}' to change"
                            + (f" ({hint})" if hint else ""))
        node = node[k]
