"""--set PATH=VALUE: one value of the game definition changed for a run, before it is
checked and compiled (so a bad value is reported like one written in the YAML).

PATH is dotted keys into the game file (`constants.turns`, `counters.player.IP.start`,
`card_types.court.attributes.multiplier`); under `cards` the next key is a card's id in the
game file or any included file (`cards.c12.cost`), and every copy of that card changes;
`cards.c12.count` is how many copies there are (a whole number from 1 to 10000).
"""
from __future__ import annotations

from pathlib import Path

from ..errors import RulebookError, did_you_mean
from ..load.game_options import parse_scalar
from ..runtime.game import Game
from ..build.game_loader import load_game


# a number, true/false, none, or else a text, as a YAML scalar would be read
parse_value = parse_scalar


def parse_sets(specs) -> tuple:
    """--set PATH=VALUE (repeatable) -> ((path, value), ...)."""
    out = []
    for spec in specs or ():
        path, eq, value = spec.partition("=")
        if not eq or not path.strip() or "." not in path:
            raise RulebookError(f"--set {spec!r}: write PATH=VALUE, e.g. --set cards.c12.cost=3 "
                                "or --set constants.turns=4")
        out.append((path.strip(), parse_value(value)))
    return tuple(out)


def apply(document, data: dict, overrides) -> None:
    """Change the plain data (and included card lists) in place."""
    for path, value in overrides:
        keys = path.split(".")
        if keys[0] == "cards":
            set_card(document, data, keys, value, path)
            continue
        if keys[0] == "options" and len(keys) == 2 and \
                isinstance((data.get("options") or {}).get(keys[1]), dict):
            keys = keys + ["default"]       # options.NAME: a declared option's value
        node = data
        for i, k in enumerate(keys[:-1]):
            nxt = node.get(k) if isinstance(node, dict) else None
            if not isinstance(nxt, dict):
                where = ".".join(keys[:i]) or "the game file"
                have = list(node) if isinstance(node, dict) else []
                hint = did_you_mean(k, have)
                raise RulebookError(f"--set {path}: {where} has no section '{k}'"
                                    + (f" ({hint})" if hint else ""))
            node = nxt
        if keys[-1] not in node:
            hint = did_you_mean(keys[-1], list(node))
            raise RulebookError(f"--set {path}: there is no '{keys[-1]}' to change"
                                + (f" ({hint})" if hint else ""))
        node[keys[-1]] = same_kind(path, node[keys[-1]], value)


def same_kind(path: str, old, new):
    """The new value, if it can stand where the old one stood."""
    if isinstance(old, (dict, list)):
        raise RulebookError(f"--set {path}: that is a whole section, not one value")
    number = (int, float)
    if isinstance(old, number) and not isinstance(old, bool) and \
            (not isinstance(new, number) or isinstance(new, bool)):
        raise RulebookError(f"--set {path}: '{new}' is not a number (the game has {old})")
    if isinstance(old, bool) and not isinstance(new, bool):
        raise RulebookError(f"--set {path}: '{new}' is not true or false (the game has {old})")
    return new


def set_card(document, data, keys, value, path) -> None:
    if len(keys) != 3:
        raise RulebookError(f"--set {path}: write cards.ID.ATTRIBUTE=VALUE")
    lists = [data.get("cards") or []] + [inc.plain_cards() for inc in document.includes]
    types = data.get("card_types") or {}
    found = False
    for cards in lists:
        for card in cards:
            if isinstance(card, dict) and str(card.get("id")) == keys[1]:
                if keys[2] == "count":
                    card["count"] = copies(path, value)
                    found = True
                    continue
                defaults = (types.get(card.get("type")) or {}).get("attributes") or {}
                have = {**defaults, **card}
                if keys[2] not in have or keys[2] in ("id", "type", "zone", "count"):
                    hint = did_you_mean(keys[2], [k for k in have if k not in ("id", "zone",
                                                                               "type", "count")])
                    raise RulebookError(f"--set {path}: card '{keys[1]}' has no attribute "
                                        f"'{keys[2]}' to change" + (f" ({hint})" if hint else ""))
                card[keys[2]] = same_kind(path, have[keys[2]], value)
                found = True
    if not found:
        ids = [str(c.get("id")) for cards in lists for c in cards if isinstance(c, dict)]
        hint = did_you_mean(keys[1], ids)
        raise RulebookError(f"--set {path}: no card '{keys[1]}'" + (f" ({hint})" if hint else ""))
    # an included file's cards are read again by the builder: keep the changed copies
    for inc, cards in zip(document.includes, lists[1:]):
        inc.plain_cards = (lambda cs: (lambda: cs))(cards)


def copies(path: str, value) -> int:
    """A card's number of copies given on the command line: a whole number, 1 to 10000."""
    if type(value) is not int or not 1 <= value <= 10000:
        raise RulebookError(f"--set {path}: a card's count is a whole number of copies from 1 "
                            f"to 10000, not '{value}'")
    return value


def board_overrides(game, options: dict) -> tuple:
    """The --set overrides that build a game's boards for these options: a board whose size
    reads an option is built when the game loads, so a run giving another value loads the
    game again with it (options.NAME=VALUE); () when no board reads a changed option."""
    g = game.g
    return tuple((f"options.{k}", v) for k, v in sorted(options.items())
                 if k in g.board_options and v != g.options.get(k))


def load_with_overrides(path: str, overrides=()) -> Game:
    if not overrides:
        return Game(load_game(path))
    return Game(load_game(path, transform=lambda document, data: apply(document, data,
                                                                        overrides)))


def resized(game, options) -> Game:
    """The game loaded again when its boards' sizes read options given another value (a
    board is built when the game loads); the game itself when none does."""
    more = board_overrides(game, options if isinstance(options, dict) else {})
    if not more:
        return game
    return load_with_overrides(str(Path(game.g.path).resolve()), more)
