"""tune --apply DIR: a copy of the game's folder with the chosen values written into its YAML
(or CSV) where they are declared, comments and layout kept (ruamel.yaml's round trip), so the
designer's diff shows only the values that changed.

A value's place is the --set path's: `constants.NAME`, `counters.player.NAME.start`,
`cards.ID.ATTRIBUTE` (in game.yaml or an included file, every copy of the card), and
`option.NAME` is the option's `default`."""
from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

from ..errors import RulebookError
from ..files import write_text


def yaml_rt():
    from ruamel.yaml import YAML
    y = YAML(typ="rt")
    y.preserve_quotes = True
    y.width = 4096                  # never re-wrap a designer's long lines
    return y


def dump(y, data) -> str:
    out = io.StringIO()
    y.dump(data, out)
    return out.getvalue()


def included(data, folder: Path) -> list:
    return [folder / str(name) for name in (data.get("include") or [])
            if isinstance(name, str)]


def set_card(files: dict, card_id: str, attribute: str, value) -> bool:
    """The attribute on every entry of the card in every YAML or CSV file; True if found."""
    found = False
    for path, (kind, data) in files.items():
        if kind == "yaml":
            cards = data.get("cards") if hasattr(data, "get") else None
            for card in cards or ():
                if hasattr(card, "get") and str(card.get("id")) == card_id:
                    card[attribute] = value
                    found = True
        else:
            header, rows = data
            if "id" in header and attribute in header:
                col, key = header.index(attribute), header.index("id")
                for row in rows:
                    if len(row) > key and row[key] == card_id:
                        row[col] = str(value)
                        found = True
    return found


def set_path(data, keys: list, value, path: str) -> None:
    node = data
    for k in keys[:-1]:
        node = node.get(k) if hasattr(node, "get") else None
        if node is None:
            raise RulebookError(f"--apply: {path} is not in game.yaml")
    if not hasattr(node, "get") or keys[-1] not in node:
        raise RulebookError(f"--apply: {path} is not in game.yaml")
    node[keys[-1]] = value


def apply_values(game_yaml: Path, out_dir: Path, values: dict) -> list:
    """Writes the copy; returns the files changed (relative to out_dir)."""
    folder = game_yaml.parent
    if out_dir.exists() and any(out_dir.iterdir()):
        raise RulebookError(f"--apply {out_dir}: that folder exists and is not empty")
    if out_dir.resolve() == folder.resolve():
        raise RulebookError("--apply: name a new folder, not the game's own")
    shutil.copytree(folder, out_dir, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("__pycache__", ".*"))
    y = yaml_rt()
    main = out_dir / game_yaml.name
    files = {main: ("yaml", y.load(main.read_text(encoding="utf-8")))}
    for inc in included(files[main][1], out_dir):
        if inc.suffix == ".csv" and inc.is_file():
            rows = list(csv.reader(io.StringIO(inc.read_text(encoding="utf-8"))))
            files[inc] = ("csv", (rows[0] if rows else [], rows[1:]))
        elif inc.is_file():
            files[inc] = ("yaml", y.load(inc.read_text(encoding="utf-8")))
    for path, value in values.items():
        keys = path.split(".")
        if keys[0] == "option":
            set_path(files[main][1], ["options", keys[1], "default"], value, path)
        elif keys[0] == "cards" and len(keys) == 3:
            if not set_card(files, keys[1], keys[2], value):
                raise RulebookError(f"--apply: no card '{keys[1]}' with '{keys[2]}' in the files")
        else:
            set_path(files[main][1], keys, value, path)
    changed = []
    for path, (kind, data) in files.items():
        if kind == "yaml":
            text = dump(y, data)
        else:
            out = io.StringIO()
            csv.writer(out, lineterminator="\n").writerows([data[0], *data[1]])
            text = out.getvalue()
        if text != path.read_text(encoding="utf-8"):
            write_text(path, text)
            changed.append(path.relative_to(out_dir).as_posix())
    return changed
