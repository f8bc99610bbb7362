"""What the checks share: the card fields that are not attributes, the cards as each file
lists them, the fields card labels read, and the names the effect texts use."""
from __future__ import annotations


from ..effects import ast as A
from ..effects.ast_walk import texts, walk
from ..effects.templates import field_trees

# Card fields that are not attributes read by effects (`text`: the card's printed rules text,
# for people; `effect`: the card's own script; `range`: numbers a list entry's cards).
CARD_FIELDS = {"id", "type", "zone", "count", "name", "text", "effect", "abilities", "range"}


def card_sources(builder) -> list:
    """(document, its cards as plain data) for the game file and every included file."""
    cards = builder.data.get("cards")
    out = [(builder.doc, cards if isinstance(cards, list) else [])]
    return out + [(inc, inc.plain_cards()) for inc in builder.document.includes]


def label_fields(g) -> set:
    """The names card labels read (texts with {expression} fields, like every other text)."""
    names: set = set()
    for ct in g.card_types.values():
        text_names_used(str(ct.label or ""), names, set())
    return names


# In `used` when a player counter is named by a value computed in play (p.counter(r)):
# any player counter may be the one, so none is an orphan.
ANY_COUNTER = "counter(...)"


def _counter_named(node) -> str:
    """The counter counter(NODE) names: a text written there, else any."""
    return node.value if isinstance(node, A.Const) and type(node.value) is str else ANY_COUNTER


def names_used(tree, names: set, strings: set) -> None:
    """Add the names a syntax tree (or a list of them) uses to `names`: variables, fields,
    functions called, counters changed, and those in its texts' {fields}; its text constants
    to `strings` (a text may name something: zone("decks." + r))."""
    for node in walk(tree):
        if isinstance(node, (A.Name, A.Attr)):
            names.add(node.name)
        elif isinstance(node, (A.Call, A.CallComp)):
            names.add(node.func)
        elif isinstance(node, (A.Gain, A.Lose, A.Steal)):
            names.add(node.counter)
            if node.counter_of is not None:
                names.add(_counter_named(node.counter_of))
        elif isinstance(node, A.Method) and node.name == "counter" and node.args:
            names.add(_counter_named(node.args[0]))
        elif isinstance(node, A.Const) and isinstance(node.value, str):
            strings.add(node.value)
            if "{" in node.value:          # a text with fields, filled in where it is used
                text_names_used(node.value, names, strings)
        for text, _ in texts(node):
            text_names_used(text, names, strings)


def attribute_reads(trees) -> set:
    """The names read as a member (`x.NAME`) anywhere in these trees, their texts' fields
    included: the candidates for a card attribute."""
    names: set = set()
    for node in walk(trees):
        if isinstance(node, A.Attr):
            names.add(node.name)
        for text, _ in texts(node):
            for tree in field_trees(text):
                names |= attribute_reads(tree)
        if isinstance(node, A.Const) and isinstance(node.value, str) and "{" in node.value:
            for tree in field_trees(node.value):
                names |= attribute_reads(tree)
    return names


def text_names_used(text, names: set, strings: set) -> None:
    """names_used for the {fields} of a text."""
    for tree in field_trees(text):
        names_used(tree, names, strings)


def matches(data, pattern, prefix=(), keys: bool = False):
    """(path, value) for every place in plain data that fits `pattern` (keys, "*" for every
    key of a mapping, "[]" for every item of a list). With `keys`, a last "*" yields each key
    itself (a name being declared) rather than its value."""
    if not pattern:
        yield list(prefix), data
        return
    head, rest = pattern[0], pattern[1:]
    if head == "*" and isinstance(data, dict):
        for k, v in data.items():
            if keys and not rest:
                yield list(prefix + (k,)), k
            else:
                yield from matches(v, rest, prefix + (k,), keys)
    elif head == "[]" and isinstance(data, list):
        for i, v in enumerate(data):
            yield from matches(v, rest, prefix + (i,), keys)
    elif isinstance(data, dict) and head in data:
        yield from matches(data[head], rest, prefix + (head,), keys)
