"""A player's counter named by a value: `p.counter(NAME)` read, `set p.counter(NAME) = v`,
`gain counter(NAME) N to p` (and lose, steal). A name written as a text is checked when the
game loads; one computed in play is checked then (effects/runtime.counter_named). Mixed into
the Compiler."""
from __future__ import annotations

from ..errors import did_you_mean, type_words
from . import ast as A
from . import types as T


class NamedCounters:
    def _x_Method(self, node, scope):
        """OBJ.NAME(ARGS): a player's counter named by a value, p.counter(NAME)."""
        p, name = self.counter_of(node, scope)
        return f"s['pl'][{p}][{name}]", T.NUM

    def counter_of(self, node, scope):
        """p.counter(NAME) as (source of the player, source of the counter's name)."""
        obj, t = self.src(node.obj, scope)
        if node.name != "counter" or len(node.args) != 1:
            self.err(node, "REF-UNDEF", f"'{node.name}(...)' is not something a value has: "
                                        "a player's counter named by a value is p.counter(NAME)")
            return obj, "None"
        if t not in (T.PLAYER, T.ANY):
            self.err(node.obj, "TYPE", f"counter(...) is a player's, and this is {type_words(t)}")
        return obj, self.counter_name(node.args[0], scope)

    def counter_name(self, node, scope) -> str:
        """The source of a counter's name given as a value: a known text is checked now."""
        if isinstance(node, A.Const) and type(node.value) is str:
            if node.value not in self.g.player_counters:
                self.err(node, "REF-UNDEF", f"players have no counter '{node.value}'",
                         did_you_mean(node.value, self.g.player_counters))
            return repr(node.value)
        name, t = self.src(node, scope)
        if t not in (T.STR, T.ANY):
            self.err(node, "TYPE", f"a counter's name is a text, not {type_words(t)}")
        return f"_counter_named(vm, {name})"
