"""The ismcts bot: single-observer information-set Monte Carlo tree search.

After Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search" (2012).
One tree per decision, seen from the bot's seat. Each iteration:

1. imagines a world (worlds.determinize: every card the seat cannot see dealt again,
   types included, the generator reseeded; never the real hidden state);
2. descends the tree, choosing at each node among the options available in that world
   by UCB, where an option's "availability" counts the iterations it was legal in;
   a secret choice of several seats is decoupled: each seat picks from its own
   statistics, blind to the others' picks, and the node's child is the joint answer
   (with `secret_key=own`, the searching seat's own pick alone: see child_key; priors
   and greedy rollouts score a seat's own pick as if resolved, the others' picks
   imagined at random: greedy.settle_others);
3. adds the first node not yet in the tree, plays on with the rollout policy (random,
   or greedy on the game's `bots: evaluation`) for at most `depth` decisions;
4. backs up one reward per seat in [0, 1]: a win 1, a shared win 1/winners, a loss 0;
   a game not over by then (or any game with `reward=margin`) scores the margin (own
   value - best other's) of the evaluation (the score if none, the final scores once
   over), normalised over the margins seen in this search (see scaled). In a cooperative
   game every seat's reward is the team's: 1 for the team's win, 0 for its loss, else
   the team's value itself, not a margin (seat_value.py).

With `prior=K`, every root option starts with K virtual visits worth the greedy bot's
one-step value of it, ranked among the options (progressive bias; see seed_root), so a
budget smaller than the number of options is not spent trying options at random. With
`prior_at=all` every node's options start so, scored in that node's imagined world, for
whichever seat decides there: the tree then grows along the moves the evaluation likes
for both sides, where untried options picked at random would value a move that hands the
turn to a random opponent above one that keeps it for a random self; with `prior_at=own`
only where the searching seat decides (the other seats' replies start untried: ranking
them was a third of a five-seat search and bought no strength there). Options are told
apart by their labels, which is what a seat sees, so statistics from different worlds add
up. The bot plays the root option visited most. The state is cloned
(never replayed); the same seed and an iteration budget give the same choices, drawn from
a stream of the bot's seed and the decision's number (bots.streams), so an undo followed by
the same moves, or a game resumed from a save, gets the same answers.

With `widen=W` (and a prior) a node chosen from few times offers only the options its
prior ranked best, more as its visits grow (progressive widening: widening.py).

Settings (`ismcts:iterations=400`, `ismcts:ms=200,depth=30,rollout=greedy`): see SETTINGS.
"""
from __future__ import annotations

import math
import random
import time

from ..build.search_settings import SETTINGS
from ..runtime import decisions
from .greedy import SURE, GreedyBot, joins_secret, settle_others
from .seat_value import final_value, seat_value, team_values
from . import root_parallel, widening
from .streams import decision_stream, mix
from .worlds import WORLD_ERRORS, Dealer

class Node:
    """A node of the tree: for each seat deciding here, label -> [visits, reward sum,
    availability]; children by the tuple of labels answered. With `widen`, also each
    seat's prior ranks here (label -> rank in [0, 1]) and how often it chose here."""
    __slots__ = ("tables", "kids", "ranks", "seen")

    def __init__(self):
        self.tables: dict = {}
        self.kids: dict = {}
        self.ranks: dict = {}
        self.seen: dict = {}


class IsmctsBot:
    kind = "ismcts"

    def __init__(self, game, seed=None, **settings):
        self.seed = seed or 0
        self.rng = random.Random(self.seed)     # replaced at each decision (see choose)
        for name, (_, default, _) in SETTINGS.items():
            setattr(self, name, settings.get(name, default))
        self.fn = game.g.exprs.get("evaluation") or game.g.exprs.get("score")
        self.last: dict = {}    # the last decision's figures: iterations, failed, seconds
        self.span = (math.inf, -math.inf)
        self.helper = None      # the greedy bot that scores priors (see seed_table)
        self.dealer = None      # the decision's worlds (worlds.Dealer), while it is made
        self.tree = None        # the last decision's tree (one tree only), for inspection
        self.workers_pool = None    # root_parallel.Workers, at the first parallel decision
        # inner nodes ranked too (prior_at=all or own), and for which seats: every one, or
        # only the searching seat (`me`, set while it searches)
        self.prior_inside = bool(self.prior) and self.prior_at in ("all", "own") \
            and self.fn is not None
        self.prior_for_all = self.prior_at == "all"
        self.me = None

    # ---------------------------------------------------------------- choosing
    def choose(self, game, state, seat: int) -> int:
        n = game.bot_option_count(state, seat)
        if n <= 1:
            return 0
        # a fresh stream per decision, as every bot's: the same position and seed give the
        # same search whatever the bot decided before (an undo, a loaded save)
        self.rng = decision_stream(self.seed, state, seat)
        start = time.perf_counter()
        if self.trees > 1:
            table, done, failed = self.grow_trees(game, state, seat)
        else:
            self.tree, done, failed = self.search(game, state, seat, self.iterations, self.ms)
            table = self.tree.tables.get(seat) or {}
        self.last = {"iterations": done, "failed": failed,
                     "seconds": time.perf_counter() - start}
        labels = game.options(state, seat)[:n]
        scored = [(table[l][0], table[l][1] / table[l][0]) if table.get(l, (0,))[0] else (0, 0.0)
                  for l in labels]
        best = max(scored)
        return self.rng.choice([i for i, v in enumerate(scored) if v == best])

    def search(self, game, state, seat: int, iterations: int, ms: int) -> tuple:
        """One tree grown from `state` with this bot's current stream: (root, iterations
        made, iterations whose imagined world the rules refused)."""
        root = Node()
        self.span = (math.inf, -math.inf)   # margins seen in this search (see scaled)
        start = time.perf_counter()
        self.dealer = Dealer(game, state, seat)    # every world of this decision
        self.me = seat
        if self.helper is not None:
            self.helper.dealer = self.dealer
        done = failed = 0
        try:
            if self.prior and self.fn is not None:
                self.seed_root(game, state, seat, root)
            deadline = start + ms / 1000 if ms > 0 else None
            while (time.perf_counter() < deadline) if deadline else (done < iterations):
                done += 1
                if not self.iterate(game, state, seat, root):
                    failed += 1
        finally:
            self.dealer = None
            if self.helper is not None:
                self.helper.dealer = None
        return root, done, failed

    def grow_trees(self, game, state, seat: int) -> tuple:
        """`trees` trees, each from a stream of its own drawn from the decision's, with its
        share of the iterations (or the whole time budget when they grow side by side):
        their root statistics added up, with the iterations and failures of all."""
        base = self.rng.getrandbits(64)
        workers = root_parallel.workers_for(self, game, min(self.trees, self.workers or
                                                            self.trees))
        budgets = root_parallel.shares(self.iterations, self.trees)
        ms = self.ms if workers is not None else self.ms // self.trees
        plans = [(mix(base, k), budgets[k], ms) for k in range(self.trees)]
        grown = (workers.grow(state, seat, plans) if workers is not None
                 else [self.grow_tree(game, state, seat, *plan) for plan in plans])
        self.tree = None
        return (root_parallel.merge([t for t, _, _ in grown]),
                sum(d for _, d, _ in grown), sum(f for _, _, f in grown))

    def grow_tree(self, game, state, seat: int, stream: int, iterations: int, ms: int) -> tuple:
        """One of the root-parallel trees: (its root table for `seat`, iterations, failed)."""
        self.rng = random.Random(stream)
        root, done, failed = self.search(game, state, seat, iterations, ms)
        table = {label: entry[:2] for label, entry in (root.tables.get(seat) or {}).items()}
        return table, done, failed

    def seed_root(self, game, state, seat: int, root: Node) -> None:
        """Progressive bias at the root: each option starts with `prior` virtual visits
        worth what the greedy bot thinks of it (one step ahead in an imagined world; an
        option that consults the generator averaged over `bots: samples` worlds, one that
        only opens a follow-up choice worth its best follow-up), ranked among the options:
        the best worth a win's share of the reward, the worst a loss's. So a small budget
        refines a sensible order instead of trying options at random."""
        world = self.dealer.deal(self.rng)
        if world["over"] or seat not in game.waiting(world):
            return
        labels = game.options(world, seat)[:game.bot_option_count(world, seat)]
        try:
            self.seed_table(game, state, world, seat, root.tables.setdefault(seat, {}), labels,
                            quick=False, ranks=root.ranks.setdefault(seat, {}))
        except WORLD_ERRORS:
            return

    def seed_table(self, game, state, world: dict, seat: int, table: dict,
                   labels: list, quick: bool = True, ranks: dict | None = None) -> None:
        """Give every label missing from a node's table for this seat `prior` virtual
        visits worth its greedy rank in `world` (state: what the seat's fresh worlds are
        imagined from, for options that consult the generator). Inside the tree (`quick`)
        each option is scored once in this world, without averaging rolls or looking
        through follow-up choices: the tree's own iterations do both there. Each new
        label's rank also goes to `ranks` (progressive widening: widening.py)."""
        helper = self.helper
        if helper is None:
            helper = self.helper = GreedyBot(game)
            helper.dealer = self.dealer
        helper.rng = self.rng
        helper.others = self.rng.getrandbits(32)   # (a secret choice's others, imagined)
        helper.set_baseline(game, world, seat)
        values = [max(-SURE, min(SURE, helper.value(game, state, seat, i, world, quick)))
                  for i in range(len(labels))]
        lo, hi = min(values), max(values)
        for label, v in zip(labels, values):
            if label in table:
                continue
            x = (v - lo) / (hi - lo) if hi > lo else 0.5
            r = x if self.reward == "margin" else 0.25 + 0.5 * x
            table[label] = [self.prior, self.prior * r, 0]
            if ranks is not None:
                ranks[label] = x

    def iterate(self, game, state, seat: int, root: Node) -> bool:
        """One iteration; False when the rules failed in the imagined world (hidden cards
        dealt across types can make a world the rules never reach): nothing is backed up."""
        rng = self.rng
        world = self.dealer.deal(rng)
        path = []
        node = root
        try:
            while not world["over"]:
                secret = decisions.is_secret(world)
                picks = self.select(game, world, node)
                for p, i, _ in picks:
                    game.apply(world, p, i)
                path.append((node, picks))
                key = self.child_key(seat, picks, secret)
                child = node.kids.get(key)
                if child is None:
                    node.kids[key] = Node()
                    break
                node = child
            self.playout(game, world)
            rewards = self.rewards(game, world)
        except WORLD_ERRORS:
            return False
        for node, picks in path:
            for p, _, label in picks:
                entry = node.tables[p][label]
                entry[0] += 1
                entry[1] += rewards[p]
        return True

    def child_key(self, seat: int, picks: list, secret: bool) -> tuple:
        """The labels that name the child reached by `picks`. In a secret choice with
        `secret_key=own` only the searching seat's own pick: the others' picks are as hidden
        from it as unseen cards, so they do not split the tree (with one child per joint
        answer, five seats' sealed answers almost never meet the same child twice, and the
        tree stops at the first secret choice); later nodes then gather the statistics of
        every imagined answer, as they do of every imagined card."""
        if secret and self.secret_key == "own":
            return tuple(label for p, _, label in picks if p == seat)
        return tuple(label for _, _, label in picks)

    def select(self, game, world: dict, node: Node) -> list:
        """(seat, index, label) for every seat deciding now: one seat, or all the seats of a
        secret choice, each by UCB over its own statistics (decoupled)."""
        waiting = game.waiting(world)
        deciders = waiting if decisions.is_secret(world) else waiting[:1]
        picks = []
        for seat in deciders:
            labels = game.options(world, seat)[:game.bot_option_count(world, seat)]
            table = node.tables.setdefault(seat, {})
            if self.prior_inside and len(labels) > 1 and \
                    (self.prior_for_all or seat == self.me) and \
                    any(label not in table for label in labels):
                # the world is imagined already: scoring its options peeks at nothing
                self.seed_table(game, world, world, seat, table, labels,
                                ranks=node.ranks.setdefault(seat, {}) if self.widen else None)
            for label in labels:
                entry = table.get(label)
                if entry is None:
                    entry = table[label] = [0, 0.0, 0]
                entry[2] += 1
            among = range(len(labels))
            if self.widen and node.ranks.get(seat):
                seen = node.seen.get(seat, 0)
                node.seen[seat] = seen + 1
                among = widening.candidates(labels, node.ranks[seat],
                                            widening.width(self.widen, self.widen_power, seen))
            untried = [i for i in among if table[labels[i]][0] == 0]
            if untried:
                i = self.rng.choice(untried)
            else:
                c = self.c
                best, i = -1.0, 0
                for j in among:
                    label = labels[j]
                    n, w, avail = table[label]
                    u = w / n + c * math.sqrt(math.log(avail) / n)
                    if u > best:
                        best, i = u, j
            picks.append((seat, i, labels[i]))
        return picks

    # ---------------------------------------------------------------- playouts
    def playout(self, game, s: dict) -> None:
        rng = self.rng
        greedy = self.rollout == "greedy" and self.fn is not None
        for _ in range(self.depth):
            if s["over"]:
                return
            seat = game.waiting(s)[0]
            n = game.bot_option_count(s, seat)
            game.apply(s, seat, self.greedy_pick(game, s, seat, n) if greedy and n > 1
                       else rng.randrange(n))

    def greedy_pick(self, game, s: dict, seat: int, n: int) -> int:
        """The option whose result the evaluation likes best (the world is imagined already,
        so looking ahead in it peeks at nothing real)."""
        values = []
        secret = joins_secret(game, s, seat)
        others = self.rng.getrandbits(32)
        for i in range(n):
            c = game.clone(s)
            try:
                game.apply(c, seat, i)
                if secret:      # scored as resolved, the others' picks imagined (as greedy)
                    settle_others(game, c, seat, random.Random(others))
                values.append(self.value_of(game, c, seat))
            except WORLD_ERRORS:
                values.append(-math.inf)
        best = max(values)
        return self.rng.choice([i for i, v in enumerate(values) if v == best])

    def value_of(self, game, s: dict, seat: int) -> float:
        if s["over"]:
            end = final_value(game, s, seat)
            return end if end is not None else -math.inf   # a shared win: not a sole one
        return seat_value(game, s, self.fn, seat)

    def rewards(self, game, s: dict) -> list:
        """One reward per seat in [0, 1]."""
        n = s["n"]
        team = game.g.cooperative   # every seat's reward is the team's: its result or value
        if s["over"] and self.reward == "result":
            if team:
                return [1.0 if s["result"]["team"]["won"] else 0.0] * n
            winners = s["result"]["winners"]
            if not winners:
                return [1 / n] * n
            return [1 / len(winners) if p in winners else 0.0 for p in range(n)]
        if s["over"]:
            values = list(s["result"]["scores"])
        elif self.fn is None:
            return [1 / n] * n
        else:
            values = team_values(game, s, self.fn)
        return [self.scaled(m) for m in (values if team else margins(values))]

    def scaled(self, margin: float) -> float:
        """A margin as a reward: min-max normalised over the margins seen in this search,
        so its size counts whatever the evaluation's scale (with two players, dividing by
        the two values' spread would leave only its sign). With `reward=result` it lies in
        [0.25, 0.75], below a win and above a loss."""
        lo, hi = self.span
        lo, hi = min(lo, margin), max(hi, margin)
        self.span = (lo, hi)
        x = (margin - lo) / (hi - lo) if hi > lo else 0.5
        return x if self.reward == "margin" else 0.25 + 0.5 * x


def margins(values: list) -> list:
    """Each seat's value minus the best of the others'."""
    out = []
    for p, v in enumerate(values):
        out.append(v - max((x for q, x in enumerate(values) if q != p), default=v))
    return out
