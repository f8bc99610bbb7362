"""Progressive widening of the search tree (`ismcts:prior=10,widen=2`): at a node that
has been chosen from few times, only the options the prior ranks best are candidates.

The rule is progressive unpruning (Chaslot, Winands, van den Herik, Uiterwijk and Bouzy,
"Progressive strategies for Monte-Carlo tree search", 2008; Coulom, "Computing Elo ratings
of move patterns in the game of Go", 2007) in the power form of progressive widening
(Couëtoux, Hoock, Sokolovska, Teytaud and Bonnard, "Continuous upper confidence trees",
2011): a seat that has chosen v times at a node picks, by UCB, among its best-ranked

    k(v) = ceil(widen * (v + 1) ** widen_power)

options there (at least one; every option once k reaches the menu's size). The rank is the
one the prior gave each option when it was first scored at that node (the greedy bot's
one-step value, normalised among the options of that world: see IsmctsBot.seed_table); an
option no prior scored there (a world in which it first became legal, below a root ranked
alone with `prior_at=root`) ranks after every scored one. Ties keep the menu's order. So a
node reached a few times spends its visits on the few moves the evaluation likes, and
the search widens to the rest only where it keeps coming back.

Ranks are per node and per seat, kept beside the node's statistics (Node.ranks), never in
them: the statistics are what root-parallel trees add up."""
from __future__ import annotations

import math


def width(widen: int, power: float, seen: int) -> int:
    """How many options a seat that has chosen `seen` times at a node may pick from."""
    return max(1, math.ceil(widen * (seen + 1) ** power))


def candidates(labels: list, ranks: dict, k: int) -> list:
    """Indices into `labels` of the k best-ranked options (all of them when k covers the
    menu), in the menu's order; unranked options come after every ranked one."""
    if k >= len(labels):
        return list(range(len(labels)))
    order = sorted(range(len(labels)), key=lambda i: (-ranks.get(labels[i], -1.0), i))
    return sorted(order[:k])
