"""The games a server offers: each loaded from its place (reloaded when one of its files
changes), or its validate findings when it has errors; and every definition a table was
opened on, kept in the data folder by its hash so that a table keeps its rules until it ends
(a copy of the definition's files under defs/HASH/GAME_ID/, loaded again after a restart)."""
from __future__ import annotations

import os
import threading
from pathlib import Path

from .. import files
from ..errors import GameDefError, RulebookError
from ..load.documents import GAMEDEFS, resolve_game_path
from ..load.game_options import descriptions
from ..runtime.game import Game
from ..safe_text import spelled

MAX_DEF_BYTES = 4_000_000     # a definition's files, read again to keep a copy


class Entry:
    """One game offered: its game.yaml, the Game loaded now (None: it has errors), the findings."""

    def __init__(self, path: Path):
        self.path = path
        self.game = None
        self.findings: list = []
        self.stamp = None
        self.name = path.parent.name

    def refresh(self) -> None:
        stamp = _stamp(self.game.g.sources if self.game else [self.path]) \
            if self.stamp is not None else None
        if stamp is not None and stamp == self.stamp and self.game is not None:
            return
        try:
            self.game = Game.load(str(self.path))
            self.findings = []
            self.name = self.game.g.id
            self.stamp = _stamp(self.game.g.sources)
        except GameDefError as e:
            self.game, self.findings = None, [f.format() for f in e.findings
                                               if f.severity == "error"]
            self.stamp = _stamp([self.path, *self.path.parent.rglob("*.y*ml")])
        except RulebookError as e:
            self.game, self.findings = None, [spelled(str(e))]
            self.stamp = _stamp([self.path])


def _stamp(paths) -> tuple:
    out = []
    for p in paths:
        try:
            st = os.stat(p)
            out.append((str(p), st.st_mtime_ns, st.st_size))
        except OSError:
            out.append((str(p), None, None))
    return tuple(out)


class Catalog:
    def __init__(self, refs: list, data: Path):
        if not refs:
            refs = sorted(str(d) for d in GAMEDEFS.iterdir() if (d / "game.yaml").is_file()) \
                if GAMEDEFS.is_dir() else []
        self.entries: dict = {}
        for ref in refs:
            entry = Entry(resolve_game_path(ref).resolve())
            entry.refresh()
            self.entries[entry.name] = entry
        self.data = data
        self.defs: dict = {}      # definition hash -> GameDef (tables of it share it)
        self.lock = threading.Lock()

    def names(self) -> list:
        return list(self.entries)

    def current(self, name: str):
        """The game named, as its files say now (None when unknown; findings when broken)."""
        entry = self.entries.get(name)
        if entry is None:
            return None
        with self.lock:
            entry.refresh()
        return entry

    def info(self) -> list:
        """GET /api/games: each game's name, players, variants and options."""
        out = []
        for name in self.entries:
            entry = self.current(name)
            if entry.game is None:
                out.append({"name": name, "players": None, "variants": [], "options": {},
                            "errors": entry.findings})
                continue
            g = entry.game.g
            about = descriptions(g.path)
            out.append({
                "name": g.id, "title": g.name, "players": [g.players_min, g.players_max],
                "variants": list(g.variants), "default_variant": g.default_variant,
                "options": {k: {"default": spec.default, "type": spec.type,
                                "allowed": spec.allowed(),
                                **({"description": about[k]} if k in about else {})}
                            for k, spec in g.option_specs.items()},
                "description": getattr(g, "description", "") or ""})
        return out

    # ------------------------------------------------------------------ definitions by hash
    def keep(self, game) -> str:
        """Copies the definition's files under defs/HASH/ (once) and returns the hash."""
        g = game.g
        h = g.definition_hash
        with self.lock:
            self.defs.setdefault(h, g)
        folder = self.data / "defs" / h / _safe_id(g.id)
        if (folder / "game.yaml").is_file():
            return h
        base = Path(g.path).resolve().parent
        for src in g.sources:
            src = Path(src).resolve()
            try:
                rel = src.relative_to(base)
            except ValueError:      # an include outside the game's folder: kept by its name
                rel = Path("_outside") / src.name
            target = folder / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            files.write_bytes(target, files.read_bounded(src, MAX_DEF_BYTES))
        return h

    def game_of(self, name: str, h: str):
        """A Game on the definition of hash `h` (a table's, after a restart): the one served
        now when it has that hash, else the copy kept in the data folder."""
        with self.lock:
            g = self.defs.get(h)
        if g is None:
            entry = self.current(name)
            if entry is not None and entry.game is not None and \
                    entry.game.g.definition_hash == h:
                g = entry.game.g
            else:
                path = self.data / "defs" / h / _safe_id(name) / "game.yaml"
                if not path.is_file():
                    raise RulebookError(f"the definition {h[:12]}... of {name} is not kept "
                                        f"in {self.data}")
                g = Game.load(str(path)).g
                if g.definition_hash != h:
                    raise RulebookError(f"the kept definition of {name} hashes to "
                                        f"{g.definition_hash[:12]}..., not {h[:12]}...")
            with self.lock:
                self.defs[h] = g
        return Game(g)      # one Game per table: its idle VM is not shared between threads

    def is_current(self, name: str, h: str) -> bool:
        """Whether a table of definition `h` runs the game as its files say now."""
        entry = self.current(name)
        return entry is not None and entry.game is not None and \
            entry.game.g.definition_hash == h


def _safe_id(text: str) -> str:
    """A game's id as a folder name (an id is the game's, not a path)."""
    out = "".join(c if c.isalnum() or c in "-_" else "_" for c in str(text))[:80]
    return out or "game"
