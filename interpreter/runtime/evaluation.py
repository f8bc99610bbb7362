"""Compiled expressions evaluated outside a running script: a stat or status on a view, a
zone's visible_if for one card, a bot's evaluation or policy rule, an option's label, a
metric of a finished game. The one place that binds an expression's names (me, it, card,
viewer, so_far ...) on a VM; callers never set `vm.l` themselves."""
from __future__ import annotations

# the module, not its class: vm -> sequence -> decisions -> here must not need VM defined
# before vm.py has finished loading
from . import vm as machine


def evaluate(g, state: dict, fn, *args, **names):
    """A compiled expression f(vm, *args) over a state, with these names bound. For several
    expressions over one state, an Evaluator makes the VM once."""
    vm = machine.VM(g, state)
    vm.l = names
    return fn(vm, *args)


class Evaluator:
    """Many expressions over one state with one VM (a view, one game's metrics, every seat's
    evaluation): each call binds only its own names."""
    __slots__ = ("vm",)

    def __init__(self, g, state: dict):
        self.vm = machine.VM(g, state)

    def __call__(self, fn, *args, **names):
        vm = self.vm
        vm.l = names
        return fn(vm, *args)

    def each(self, fn, xs, names: dict) -> list:
        """f(vm, x) for every x, with the same names bound (option labels)."""
        vm = self.vm
        vm.l = names
        return [fn(vm, x) for x in xs]

    def test(self, fn, name: str, **names):
        """x -> whether fn holds with `name` bound to x (and these names): a zone's visible_if
        asked card by card."""
        vm = self.vm

        def holds(x) -> bool:
            vm.l = {name: x, **names}
            return bool(fn(vm))
        return holds
