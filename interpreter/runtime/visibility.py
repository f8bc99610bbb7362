"""Who may see what: the one place that answers "may this seat see it, now" for zones and
their cards, counters and values, and what a decision revealed (undo's test).
Views, the terminal, bots' imagined worlds and the play session ask here, so a rule about
secrets is written once.

The rule: a thing's declared `visibility` says who may look at it at all ("all": everyone;
"owner": the seat it belongs to; "others": every seat but its owner; "none": nobody; a
game's own things have no owner), and a zone's `visible_if` (an expression of `card` and
`viewer`) narrows that card by card, for player zones, game zones and boards alike.

Texts obey the same rule, applied in redaction.py: a text names a card only to the seats
this module says may see it.
"""
from __future__ import annotations

from .. import zone_keys
from ..effects.ast_walk import data, walk
from ..effects.parser import parse_expression
from ..model import visible_key
from . import decisions
from .evaluation import Evaluator
from .marks import attr_marks, forget_marks, known_cards, mark_words  # noqa: F401 (asked here)


def declared(visibility: str, owner: int | None, seat: int | None) -> bool:
    """May `seat` (None: a spectator) see a thing declared with this visibility that belongs
    to `owner` (None: the game's, which only "all" shows)?"""
    if visibility == "all":
        return True
    if owner is None:
        return False
    if visibility == "others":      # a spectator is no seat: it sees only what all may
        return seat is not None and owner != seat
    return visibility == "owner" and owner == seat


def card_test(g, evaluator, zone_name: str, seat, owner: int | None = None):
    """For a zone with visible_if: card -> may this seat see it; else None (every card the
    zone's visibility shows)."""
    fn = g.exprs.get(visible_key(zone_name, owner))
    return None if fn is None else evaluator.test(fn, "card", viewer=seat)


def zone_sight(g, evaluator, zone_name: str, owner: int | None, seat):
    """How `seat` sees the cards of one zone (a board counts as a game zone that shows its
    cards): (shows, test): shows is False when no card's identity is shown; otherwise test
    is None (every card) or card -> bool (visible_if). A card marked `known` to the seat
    is shown wherever it lies."""
    shows = _shows(g, zone_name, owner, seat)
    test = card_test(g, evaluator, zone_name, seat, owner) if shows else None
    if shows and test is None:
        return shows, test
    s = evaluator.vm.s
    known = known_cards(s, seat)
    if known:           # only those lying in this zone (or group of zones) count here
        loc = s["loc"]
        known = {c for c in known if zone_keys.parse(loc[c])[:2] == (owner, zone_name)}
    if not known:
        return shows, test
    if not shows:
        return True, known.__contains__
    return True, lambda card: card in known or test(card)


def _shows(g, zone_name: str, owner: int | None, seat) -> bool:
    if owner is None and zone_name in g.boards:
        return True
    spec = g.player_zones[zone_name] if owner is not None else g.game_zones[zone_name]
    return declared(spec.visibility, owner, seat)


def count_shown(g, zone_name: str, owner: int | None, seat) -> bool:
    """Whether `seat` is told how many cards a zone holds: always, unless it is declared
    `hide_count` and shows the seat none of its cards (a face-down commitment)."""
    if owner is None and zone_name in g.boards:
        return True
    spec = g.player_zones[zone_name] if owner is not None else g.game_zones[zone_name]
    return not spec.hide_count or declared(spec.visibility, owner, seat)


def board_hides(g, board_name: str) -> bool:
    """Whether a board hides some of its cards from some seats (its `visible_if`)."""
    return visible_key(board_name, None) in g.exprs


def hides_counts(g) -> bool:
    """Whether any seat's zone may hide how many cards it holds (`hide_count`)."""
    return any(spec.hide_count for spec in g.player_zones.values())


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
    vis: dict = {}

    def hide(name, level):
        vis[name] = _narrower(vis.get(name, "all"), level)
    for name, spec in g.player_zones.items():
        hide(name, spec.visibility)
    for name, spec in g.game_zones.items():
        # a game zone has no owner, so anything short of "all" is hidden to everyone
        hide(name, "all" if spec.visibility == "all" else "none")
    for name, spec in g.player_counters.items():
        hide(name, spec.visibility)
    for name, spec in g.game_counters.items():
        hide(name, "all" if spec.visibility == "all" else "none")
    for name, spec in g.player_values.items():
        hide(name, spec.visibility)
    for name, spec in g.game_values.items():
        hide(name, spec.visibility)
    names = {name: _names(parse_expression(text)) for name, text in g.stats.items()}
    # a function a stat calls is followed like a stat (its name never matches a zone)
    names.update({name: _names(parse_expression(f.expr)) for name, f in g.functions.items()
                  if name not in names})
    levels = {}

    def level(stat, seen):
        worst = "all"
        for word in names[stat]:
            if word in names and word not in seen:
                worst = _narrower(worst, level(word, seen | {word}))
            worst = _narrower(worst, vis.get(word, "all"))
        return worst
    for stat in g.stats:
        levels[stat] = level(stat, {stat})
    return levels


def _narrower(a: str, b: str) -> str:
    """Who may see a thing made of two things seen by `a` and `b`: those who see both
    ("owner" and "others" together: nobody)."""
    if a == b or b == "all":
        return a
    return b if a == "all" else "none"


def in_words(visibility: str, visible_if: str | None = None, quote=repr) -> str:
    """A declared visibility as a rules sheet says it (describe), with the zone's
    visible_if (written by `quote`) when it narrows what the declaration shows."""
    words = {"all": "open", "owner": "seen by its owner",
             "others": "seen by every player but its owner", "none": "hidden"}[visibility]
    if visible_if is not None and visibility != "none":
        words += f", each card only to the seats for which {quote(str(visible_if))} holds"
    return words


def _names(tree) -> set:
    """Every identifier and text constant in an expression tree (zone("x.y") counts as x)."""
    return {value.split(".")[0] for node in walk(tree) for value in data(node)
            if isinstance(value, str)}
