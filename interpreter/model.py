"""GameDef: a game definition after loading, checking and compiling. Built once, never changed."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional


@dataclass
class ZoneSpec:
    name: str
    owner: str                      # "player" | "game"
    visibility: str = "all"         # "all" | "owner" | "others" (a seat's: all but it) | "none"
    keys: tuple = ()                # a keyed zone group: one zone per key (e.g. one per branch)
    bag: bool = False               # draws take a random card
    refill_from: Optional[str] = None   # when drawing from it empty, shuffle this zone into it
    description: str = ""
    visible_if: Optional[str] = None    # per card: shown only to viewers for whom this holds
    count_by: Optional[str] = None      # shown as counts per value of this card attribute
    show_details: bool = False          # its cards listed with their details, for people
    refill_keep: int = 0            # a refill leaves the top N cards of refill_from there
    refill_when: str = "draw"       # "draw": when a draw finds it empty; "empty": as it empties
    hide_count: bool = False        # a seat shown none of its cards is not told how many
    shown: bool = True              # false: out of the game, left out of every view


@dataclass
class CounterSpec:
    name: str
    start: Any = 0                  # int or an expression text evaluated at setup
    visibility: str = "all"
    min: Optional[int] = 0          # None = may go negative
    max: Optional[int] = None       # None = no cap (a gain above it is lost)
    description: str = ""
    shown: bool = True              # false: public bookkeeping no view shows


@dataclass
class ValueSpec:
    """A persistent value of any JSON type (a train's place, coins per area), per player or
    for the game (values.py)."""
    name: str
    start: Any = None
    visibility: str = "all"         # "all" | "owner", "others" (player values) | "none"
    type: str = "any"               # declared or inferred from start: number, text, list, ...
    default: Any = None             # what a missing mapping key (or list position) reads as
    description: str = ""
    entries: str = "any"            # a list's or mapping's entries: number, text, player, ...
    display: Optional[str] = None   # a text about `it` (each entry) that people read it as
    shown: bool = True              # false: public bookkeeping no view shows (bots read it)


@dataclass
class CardStateSpec:
    """A value every card carries in the state (face up, who has peeked), changed by effects."""
    name: str
    start: Any = None
    kept_in: Optional[tuple] = None   # zones (by name) that keep the value; others reset it
    type: str = "any"                 # "players": a list of seats, "player": one (seat labels)
    description: str = ""
    show: bool = False                # drawn beside its card on a board (board_cards.py)


@dataclass
class CardType:
    name: str
    attrs: dict
    effect: Optional[str] = None
    playable_if: Optional[str] = None
    discard_to: Optional[str] = None
    label: Optional[str] = None     # a template like "{name} (x{multiplier})"
    sort_by: Optional[str] = None   # the attribute sorted() orders these cards by
    details: Optional[tuple] = None  # texts like "cost {cost}": what opening a card shows
    description: str = ""


@dataclass
class Procedure:
    name: str
    params: tuple
    body: str
    types: dict = field(default_factory=dict)   # parameter -> type ("any" where undeclared)


@dataclass
class Function:
    """A pure function declared in YAML: an expression over its parameters."""
    name: str
    params: tuple
    types: dict                     # parameter -> type
    expr: str
    returns: str = "any"


@dataclass
class GameDef:
    id: str                                              # game.id (else its folder's name)
    name: str                                            # game.name, as shown to players
    path: str                                            # the game file's path
    players_min: int                                     # fewest seats it plays with
    players_max: int                                     # most seats it plays with
    seat_names: tuple = ()                               # seat -> label ("P1" where absent)
    how_to_play: str = ""                                # the rules for players on one screen
    variants: dict = field(default_factory=dict)        # name -> description
    board_options: set = field(default_factory=set)     # options a board's size reads
    default_variant: str = "standard"                    # the variant played unless one is asked
    options: dict = field(default_factory=dict)         # name -> default value
    constants: dict = field(default_factory=dict)       # name -> value (may be by player count)
    player_counters: dict = field(default_factory=dict)  # name -> CounterSpec
    game_counters: dict = field(default_factory=dict)    # name -> CounterSpec
    stats: dict = field(default_factory=dict)            # name -> expression text (about `it`)
    player_zones: dict = field(default_factory=dict)     # name -> ZoneSpec
    game_zones: dict = field(default_factory=dict)       # name -> ZoneSpec
    roles: tuple = ()                                    # role names a seat may hold (state["roles"])
    card_types: dict = field(default_factory=dict)       # name -> CardType
    cards: dict = field(default_factory=dict)            # instance id -> attributes (type merged)
    card_start: dict = field(default_factory=dict)       # instance id -> starting game zone
    procedures: dict = field(default_factory=dict)       # name -> Procedure
    functions: dict = field(default_factory=dict)        # name -> Function (pure expressions)
    setup: str = ""                                      # script run once when a game starts
    rounds: dict = field(default_factory=dict)           # {count, var, phases: [{name, do}]}
    finish: str = ""                                     # script run when the rounds are over
    end_when: Optional[str] = None                       # instant end condition
    score: str = "0"                                     # expression about `it`
    ranking: Optional[str] = None                        # expression about `it`: list key
    cooperative: bool = False                            # every seat wins or loses with the team
    team_wins: Optional[str] = None                      # cooperative: the team has won (end.wins)
    evaluation: Optional[str] = None                     # greedy bot's evaluation about `it`
    bot_samples: int = 1                                 # greedy: determinizations per chance option
    bot_follow_ups: str = "any"                          # greedy: which follow-up choices it looks through
    max_decisions: int = 100000                          # more decisions than this is a GameError
    boards: dict = field(default_factory=dict)           # name -> boards.Board (also a zone group)
    card_state: dict = field(default_factory=dict)       # name -> CardStateSpec
    player_values: dict = field(default_factory=dict)    # name -> ValueSpec (state["pv"])
    game_values: dict = field(default_factory=dict)      # name -> ValueSpec (state["v"])
    status: Optional[str] = None                         # a text template shown to every seat
    moments: tuple | None = ()                           # the moments abilities may name
                                                         # (None: misdeclared, not checked)
    abilities: dict = field(default_factory=dict)        # card id -> frozenset of its moments

    # Filled by the bots section (build/bot_settings.py).
    hidden_types: str = "secret"                         # "secret" | "counted": see worlds.determinize
    search_settings: dict = field(default_factory=dict)  # bots.search, parsed (name -> value)
    bot_policies: dict = field(default_factory=dict)     # name -> bot_settings.Policy (compiled)

    # Filled by the compiler.
    programs: dict = field(default_factory=dict)         # program key -> list of ops
    exprs: dict = field(default_factory=dict)            # compiled stats / conditions
    score_terms: dict = field(default_factory=dict)      # end.breakdown: name -> fn(vm, it)
    mechanics: dict = field(default_factory=dict)        # name -> native mechanic
    card_labels: dict = field(default_factory=dict)      # instance id -> display label
    card_details: dict = field(default_factory=dict)     # instance id -> its detail lines
    value_displays: dict = field(default_factory=dict)   # (owner, value) -> its display text
    discard_zone: dict = field(default_factory=dict)     # card type -> zone
    result_fn: Optional[Callable] = None                 # vm -> {winners, scores, ...}
    zone_spec: Optional[Callable] = None                 # zone key -> ZoneSpec
    card_state_resets: Optional[Callable] = None         # zone key -> card state names reset there
    stack_limit: Optional[Callable] = None               # zone key -> most cards held, or None
    refills_at_once: Optional[Callable] = None           # zone key -> its spec if it refills as
                                                         # soon as it empties, else None
    seat_label: Optional[Callable] = None                # seat -> "P1"
    end_when_fn: Optional[Callable] = None               # the compiled end.when, if any
    code_where: dict = field(default_factory=dict)       # generated code -> its YAML places
    metrics: Optional[Any] = None                        # build/metrics.Metrics; None without any
    tune: dict = field(default_factory=dict)             # tune: params and objectives (texts)
    card_stats: dict = field(default_factory=dict)       # card_stats: acquired/played -> zone names
    warnings: list = field(default_factory=list)         # the loader's warnings (Findings), sorted
    prompt_fns: list = field(default_factory=list)       # compiled prompt templates, by id
    prompt_ids: dict = field(default_factory=dict)       # mechanic prompt name -> its id
    label_fns: list = field(default_factory=list)        # compiled option label texts, by id
    group_fns: list = field(default_factory=list)        # compiled `grouped by` names, by id
    seq_groups: dict = field(default_factory=dict)       # sequence id -> its group_fns id
    seq_fns: list = field(default_factory=list)          # `choose sequence` menus, by id
    stat_fns: dict = field(default_factory=dict)         # stat -> f(vm, seat), compiled once

    # Filled by the loader (build/game_loader.py), once the game is built and checked.
    option_specs: dict = field(default_factory=dict)     # option name -> load/game_options.OptionSpec
    sources: list = field(default_factory=list)          # every file read (Paths), game file first
    definition_hash: str = ""                            # SHA-256 of those files (saves carry it)

    def card_sort_key(self, card: str):
        """How sorted() orders cards: their type's sort_by attribute, then label, then id."""
        attrs = self.cards[card]
        by = self.card_types[attrs["type"]].sort_by
        value = attrs.get(by) if by else None
        return (value is None, value if value is not None else 0, self.card_labels.get(card, card),
                card)

    def register_label(self, fn) -> int:
        """A choice's label text about `it` (f(vm, it)), computed only when shown."""
        self.label_fns.append(fn)
        return len(self.label_fns) - 1

    def register_group(self, fn) -> int:
        """A choice's `grouped by` expression about `it` (f(vm, it) -> the group's name),
        computed only when a person's menu is shown."""
        self.group_fns.append(fn)
        return len(self.group_fns) - 1

    def register_sequence(self, fn, t: str, lab, prompt: int, line: int) -> int:
        """A `choose sequence`: its menu f(vm) -> (values, min, max) read with `me` and
        `so_far` bound, its values' type, label text and prompt ids, its line (for errors)."""
        self.seq_fns.append((fn, t, lab, prompt, line))
        return len(self.seq_fns) - 1

    def register_prompt(self, fn) -> int:
        """Prompts are computed only when shown: the state keeps the template's id."""
        self.prompt_fns.append(fn)
        return len(self.prompt_fns) - 1

    def named_prompt(self, name: str, fn) -> int:
        """The id of a mechanic's prompt function, registered on first use."""
        if name not in self.prompt_ids:
            self.prompt_ids[name] = self.register_prompt(fn)
        return self.prompt_ids[name]

    def zone_names(self) -> list:
        return list(self.player_zones) + list(self.game_zones)


def visible_key(zone_name: str, owner) -> str:
    """The name under which a zone's compiled `visible_if` is kept in GameDef.exprs (owner:
    None for a game zone or board, any seat for a player zone)."""
    return ("visible:player:" if owner is not None else "visible:") + zone_name
