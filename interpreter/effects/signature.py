"""One signature and one binder for everything a script calls: builtins, board builtins,
YAML functions, procedures and mechanics. Arity, names and declared types are checked at
load time and every mistake is located at the call."""
from __future__ import annotations

import inspect
from dataclasses import dataclass

from ..errors import did_you_mean, type_words
from . import types as T

REQUIRED = object()


@dataclass(frozen=True)
class Param:
    name: str
    type: str = T.ANY
    default: object = REQUIRED


@dataclass(frozen=True)
class Signature:
    name: str
    params: tuple                 # Params, in order
    variadic: bool = False        # the last parameter takes every further positional one
    keywords: bool = True         # arguments may be given by name

    @classmethod
    def of_python(cls, name: str, fn, types: dict | None = None) -> "Signature":
        """The signature of a builtin f(vm, ...): its names and defaults, skipping vm."""
        types = types or {}
        params, variadic = [], False
        for p in list(inspect.signature(fn).parameters.values())[1:]:
            variadic = variadic or p.kind is p.VAR_POSITIONAL
            default = REQUIRED if p.default is p.empty else p.default
            params.append(Param(p.name, types.get(p.name, T.ANY), default))
        return cls(name, tuple(params), variadic)

    @classmethod
    def declared(cls, name: str, types: dict, defaults: dict | None = None) -> "Signature":
        """A YAML function's or procedure's signature: params with types (and defaults)."""
        defaults = defaults or {}
        return cls(name, tuple(Param(p, t, defaults.get(p, REQUIRED)) for p, t in types.items()))

    def call_form(self) -> str:
        """How a call is written: "name(a, b=1, rest...)"."""
        parts = []
        for i, p in enumerate(self.params):
            if self.variadic and i == len(self.params) - 1:
                parts.append(p.name + "...")
            elif p.default is REQUIRED:
                parts.append(p.name)
            else:
                parts.append(f"{p.name}={p.default!r}")
        return f"{self.name}({', '.join(parts)})"

    def bind(self, comp, node, args: list, kwargs: dict) -> list:
        """args: [(arg node, (source, type))], kwargs: {name: (arg node, (source, type))} -> one entry per
        parameter: (Param, value, node), value REQUIRED where a default applies; the
        variadic parameter's entry holds the list of its values. Errors go to comp.err."""
        params = self.params
        fixed = params[:-1] if self.variadic else params
        if len(args) > len(fixed) and not self.variadic:
            comp.err(node, "ARGS", f"{self.name}() takes {_count(len(fixed))} "
                                   f"({', '.join(p.name for p in fixed)}), not {len(args)}")
        bound = {}
        for p, (arg, value) in zip(fixed, args):
            bound[p.name] = (value, arg)
        extra = args[len(fixed):] if self.variadic else []
        names = [p.name for p in params]
        for k, (arg, value) in kwargs.items():
            if not self.keywords:
                comp.err(arg, "ARGS", f"{self.name}() takes its arguments by position: "
                                      f"{self.call_form()}")
            if k not in names or (self.variadic and k == names[-1]):
                comp.err(arg, "ARGS", f"{self.name} has no parameter '{k}'",
                         did_you_mean(k, names) or self.call_form())
            if k in bound:
                comp.err(arg, "ARGS", f"{self.name}: '{k}' is given twice")
            bound[k] = (value, arg)
        out, missing = [], []
        for p in fixed:
            if p.name in bound:
                value, arg = bound[p.name]
                out.append((p, value, arg))
            elif p.default is REQUIRED:
                missing.append(p.name)
            else:
                out.append((p, REQUIRED, None))
        if self.variadic:
            if not extra and not fixed and params[-1].default is REQUIRED:
                missing.append(params[-1].name)
            out.append((params[-1], [v for _, v in extra], node))
        if missing:
            comp.err(node, "ARGS", f"{self.name} needs {', '.join(missing)}: {self.call_form()}")
        for p, value, arg in out:       # values are (source, static type)
            if type(value) is tuple and not T.fits(p.type, value[1]):
                comp.err(arg, "TYPE", f"{self.name}'s parameter '{p.name}' is "
                                      f"{type_words(p.type)}, but this is {type_words(value[1])}")
        return out


def _count(n: int) -> str:
    return f"{n} argument" + ("" if n == 1 else "s")
