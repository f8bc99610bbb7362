"""Who may see what: the one place that answers "may this seat see it, now" for zones and
their cards, counters and values, log lines, and what a decision revealed (undo's test).
Views, the terminal, bots' imagined worlds and the play session ask here, so a rule about
secrets is written once.

The rule: a thing's declared `visibility` says who may look at it at all ("all": everyone;
"owner": the seat it belongs to; "none": nobody; a game's own things have no owner), and a
zone's `visible_if` (an expression of `card` and `viewer`) narrows that card by card, for
player zones, game zones and boards alike.
"""
from __future__ import annotations

from .. import zone_keys
from ..effects.ast_walk import data, walk
from ..effects.parser import parse_expression
from ..model import visible_key
from . import decisions
from .evaluation import Evaluator


def declared(visibility: str, owner: int | None, seat: int | None) -> bool:
    """May `seat` (None: a spectator) see a thing declared with this visibility that belongs
    to `owner` (None: the game's, which only "all" shows)?"""
    if visibility == "all":
        return True
    return visibility == "owner" and owner is not None and owner == seat


def card_test(g, evaluator, zone_name: str, seat, owner: int | None = None):
    """For a zone with visible_if: card -> may this seat see it; else None (every card the
    zone's visibility shows)."""
    fn = g.exprs.get(visible_key(zone_name, owner))
    return None if fn is None else evaluator.test(fn, "card", viewer=seat)


def zone_sight(g, evaluator, zone_name: str, owner: int | None, seat):
    """How `seat` sees the cards of one zone (a board counts as a game zone that shows its
    cards): (shows, test): shows is False when no card's identity is shown; otherwise test
    is None (every card) or card -> bool (visible_if)."""
    shows = _shows(g, zone_name, owner, seat)
    return shows, (card_test(g, evaluator, zone_name, seat, owner) if shows else None)


def _shows(g, zone_name: str, owner: int | None, seat) -> bool:
    if owner is None and zone_name in g.boards:
        return True
    spec = g.player_zones[zone_name] if owner is not None else g.game_zones[zone_name]
    return declared(spec.visibility, owner, seat)


def sees_whole(g, key: str, seat) -> bool:
    """Whether `seat` sees every card of zone `key`, whatever it holds (no visible_if to ask):
    a fact of the game, the key and the seat only, so callers may keep it."""
    owner, name, _ = zone_keys.parse(key)
    return _shows(g, name, owner, seat) and visible_key(name, owner) not in g.exprs


def hidden_in(g, evaluator, key: str, cards: list, seat) -> list:
    """The indices of the cards of zone `key` whose identity `seat` may not see."""
    owner, name, _ = zone_keys.parse(key)
    shows, test = zone_sight(g, evaluator, name, owner, seat)
    if not shows:
        return list(range(len(cards)))
    if test is None:
        return []
    return [i for i, c in enumerate(cards) if not test(c)]


def may_read(line, seat) -> bool:
    """Whether a seat (None: a spectator) may read a log line: a private line (vm.Line)
    only its audience."""
    audience = getattr(line, "audience", None)
    return audience is None or seat in audience


def visible_cards(game, s: dict, seat: int | None) -> set:
    """The cards whose identity this seat's view shows (the rules of zone_sight, as view()
    applies them). What undo compares: a card entering this set is a card revealed."""
    g = game.g
    evaluator = Evaluator(g, s)
    out = set()
    for key, cards in s["z"].items():
        if cards:
            hidden = set(hidden_in(g, evaluator, key, cards, seat))
            out.update(c for i, c in enumerate(cards) if i not in hidden)
    return out


def reveal(game, before: dict, after: dict) -> str:
    """What one decision (state `before` -> state `after`) showed to a seat that could not
    see it before, in words naming no secret; "" when nothing. Two kinds: a card entering a
    seat's visible_cards (drawn, turned, peeked at, shown), and a simultaneous choice
    settled with the secret answers of several seats (each now acts on the others')."""
    if decisions.settles_secrets(before, after):
        return "the secret choices of a simultaneous decision were revealed"
    saw = [game.g.seat_label(seat) for seat in range(before["n"])
           if visible_cards(game, after, seat) - visible_cards(game, before, seat)]
    if len(saw) == before["n"] and len(saw) > 1:
        return "hidden cards were shown to every seat"
    return f"{', '.join(saw)} saw a card hidden from them before" if saw else ""


# ------------------------------------------------------------------ declarations
# Where each kind of declared thing lives on the GameDef: (kind, a seat's?) -> its table.
_TABLES = {("zone", True): "player_zones", ("zone", False): "game_zones",
           ("counter", True): "player_counters", ("counter", False): "game_counters",
           ("value", True): "player_values", ("value", False): "game_values"}
_LEVEL = {"all": 0, "owner": 1, "none": 2}


def declared_as(g, kind: str, name: str, owner: int | None) -> str:
    """The visibility a zone, counter or value is declared with ("all", "owner", "none"), a
    seat's (owner a seat) or the game's (owner None): what a view or a rules sheet says."""
    return getattr(g, _TABLES[kind, owner is not None])[name].visibility


def sees(g, kind: str, name: str, owner: int | None, seat) -> bool:
    """May `seat` see the counter or value (kind) `name` of `owner` (None: the game's)?"""
    return declared(declared_as(g, kind, name, owner), owner, seat)


def unseen_starts(g, s: dict, seat: int):
    """(holder, name, spec) of every counter and value in state `s` hidden from `seat`: what
    an imagined world resets to its start. A counter hidden from everyone is kept: games
    hide raw numbers that their status line says in words (e.g. the action points left)."""
    for name, spec in g.player_counters.items():
        if spec.visibility != "none":
            for p, counters in enumerate(s["pl"]):
                if not declared(spec.visibility, p, seat):
                    yield counters, name, spec
    for name, spec in g.game_values.items():
        if not declared(spec.visibility, None, seat):
            yield s["v"], name, spec
    for name, spec in g.player_values.items():
        for p, values in enumerate(s["pv"]):
            if not declared(spec.visibility, p, seat):
                yield values, name, spec


def stat_levels(g) -> dict:
    """Each stat's visibility: the most hidden zone or counter its expression names
    (following stats it uses). Conservative: a name that merely matches counts."""
    vis = {}
    for name, spec in g.player_zones.items():
        vis[name] = spec.visibility
    for name, spec in g.game_zones.items():
        # a game zone has no owner, so anything short of "all" is hidden to everyone
        vis[name] = max(vis.get(name, "all"), "all" if spec.visibility == "all" else "none",
                        key=_LEVEL.get)
    for name, spec in g.player_counters.items():
        vis[name] = max(vis.get(name, "all"), spec.visibility, key=_LEVEL.get)
    for name, spec in g.game_counters.items():
        vis[name] = max(vis.get(name, "all"), "all" if spec.visibility == "all" else "none",
                        key=_LEVEL.get)
    for name, spec in g.player_values.items():
        vis[name] = max(vis.get(name, "all"), spec.visibility, key=_LEVEL.get)
    for name, spec in g.game_values.items():
        vis[name] = max(vis.get(name, "all"), spec.visibility, key=_LEVEL.get)
    names = {name: _names(parse_expression(text)) for name, text in g.stats.items()}
    # a function a stat calls is followed like a stat (its name never matches a zone)
    names.update({name: _names(parse_expression(f.expr)) for name, f in g.functions.items()
                  if name not in names})
    levels = {}

    def level(stat, seen):
        worst = "all"
        for word in names[stat]:
            if word in names and word not in seen:
                worst = max(worst, level(word, seen | {word}), key=_LEVEL.get)
            worst = max(worst, vis.get(word, "all"), key=_LEVEL.get)
        return worst
    for stat in g.stats:
        levels[stat] = level(stat, {stat})
    return levels


def _names(tree) -> set:
    """Every identifier and text constant in an expression tree (zone("x.y") counts as x)."""
    return {value.split(".")[0] for node in walk(tree) for value in data(node)
            if isinstance(value, str)}
