"""Reusable rule blocks with parameters, called from effects like procedures.

A mechanic is a small state machine whose state lives in its frame's locals
(plain data): `step(vm, frame)` either asks a decision (vm.ask) or returns a
value (vm.ret). Games declare nothing in Python; they call these by name.
"""
from .auction import OpenAuction

MECHANICS = {
    "open_auction": OpenAuction(),
}
