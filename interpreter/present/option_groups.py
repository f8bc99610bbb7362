"""A long menu in two steps, for people: the groups of a seat's options (its group first,
then the option within it). Bots and saves never see groups: they pick among the options.

    menu_groups(declared, options)   [[group name, [option index...]]...] or None
    only_option(group)               the option a group of one holds (picked at once), or None

`declared` is the game's own grouping (`grouped by EXPR`, runtime/decision_groups.groups); without
one, a menu longer than a screenful (LONG options) is grouped by its labels' first words when
that gives at least two groups and no group that is both longer than a screenful and most
of the menu (22 "keep ..." options and "done" stay a flat list, never "keep (22 options)")."""
from __future__ import annotations

LONG = 20          # more options than this do not fit a screen with the table beside them
MAX_GROUPS = 20    # a grouping into more groups than this is no shorter to read
MAX_WORDS = 3      # how many first words are tried


def menu_groups(declared: list | None, options: list) -> list | None:
    """The groups shown for a menu of these labels (see the module's text). Every option
    index appears exactly once, in menu order within its group."""
    if declared is not None:
        return declared
    if len(options) <= LONG:
        return None
    for words in range(1, MAX_WORDS + 1):
        groups = by_first_words(options, words)
        if 2 <= len(groups) <= MAX_GROUPS and shortens(groups, len(options)):
            return groups
    return None


def shortens(groups: list, options: int) -> bool:
    """Whether asking a group, then an option in it, is shorter than the flat list: not when
    one group is longer than a screenful and holds most of the options."""
    longest = max(len(ixs) for _, ixs in groups)
    return longest <= LONG or 2 * longest <= options


def by_first_words(options: list, words: int) -> list:
    """The options grouped by their first `words` words ("set the fee of rail 3 to 4" with
    2: "set the"; "invest: buy a card" with 1: "invest", the punctuation after a word is no
    part of a name); groups in the order they first appear."""
    out: dict = {}
    for i, label in enumerate(options):
        name = " ".join(str(label).split()[:words]).rstrip(":;,.-")
        out.setdefault(name or str(label), []).append(i)
    return [[name, ixs] for name, ixs in out.items()]


def group_of(groups: list, index: int) -> str | None:
    """The name of the group holding option `index`."""
    return next((name for name, ixs in groups if index in ixs), None)


def only_option(group) -> int | None:
    """The index of a group's option when it holds one: both tables list that group as its
    option, with the option's number, and pick it by that number (a second step would only
    add a key press)."""
    return group[1][0] if len(group[1]) == 1 else None
