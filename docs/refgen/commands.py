"""docs/reference/commands.md: every rulebook command, its usage, arguments and options, read
from the click commands themselves (cli.py's group)."""
from __future__ import annotations

import inspect

import click

from .common import GENERATED, cell, code, table


def type_text(param) -> str:
    if isinstance(param, click.Option) and param.is_flag:
        return "flag"
    t = param.type
    if isinstance(t, click.Choice):
        return " or ".join(code(c) for c in t.choices)
    words = {"integer": "whole number", "text": "text", "float": "number", "path": "path",
             "filename": "file", "choice": "choice", "boolean": "true/false"}
    word = words.get(t.name, t.name)
    if isinstance(t, click.IntRange | click.FloatRange):
        word = f"{word} ({t._describe_range()})"
    return word + (" (repeatable)" if getattr(param, "multiple", False) else "")


def default_text(param) -> str:
    if isinstance(param, click.Option) and param.is_flag:
        return ""
    d = param.default
    if d is None or d is getattr(click.core, "UNSET", None) or callable(d) or d in ((), []):
        return ""
    return code(d)


def option_names(param) -> str:
    names = list(param.opts) + list(param.secondary_opts)
    if isinstance(param, click.Option) and not param.is_flag and param.metavar:
        return cell(", ".join(code(n) for n in names) + " " + code(param.metavar))
    return cell(", ".join(code(n) for n in names))


def command_section(main, ctx, name: str) -> str:
    cmd = main.get_command(ctx, name)
    sub = click.Context(cmd, info_name=name, parent=ctx)
    usage = " ".join(["rulebook", name] + cmd.collect_usage_pieces(sub))
    out = [f"## rulebook {name}\n", f"```text\n{usage}\n```\n",
           inspect.cleandoc(cmd.help or cmd.short_help or "") + "\n"]
    args = [p for p in cmd.params if isinstance(p, click.Argument)]
    if args:
        rows = [[code(p.make_metavar(sub) if _takes_ctx(p) else p.make_metavar()),
                 cell(type_text(p)), "required" if p.required else "optional"] for p in args]
        out.append(table(["argument", "type", ""], rows))
    opts = [p for p in cmd.params if isinstance(p, click.Option) and not p.hidden]
    rows = [[option_names(p), cell(type_text(p)), default_text(p), cell(p.help or "")]
            for p in opts]
    rows.append([code("-h") + ", " + code("--help"), "flag", "", "Show the command's help."])
    out.append(table(["option", "type", "default", "help"], rows))
    return "\n".join(out)


def _takes_ctx(param) -> bool:
    return "ctx" in inspect.signature(param.make_metavar).parameters


def page() -> str:
    from cli import COMMANDS, main
    ctx = click.Context(main, info_name="rulebook")
    out = ["# Commands\n", GENERATED.format(source="the click commands of cli.py"),
           inspect.cleandoc(main.help or "") + " Every command and option, as "
           "`rulebook COMMAND --help` prints them; the guides show them at work "
           "([Commands, seeds and saves](../guides/commands.md), "
           "[Validate](../guides/validate.md), [At the table](../guides/playing.md), "
           "[The balance loop](../guides/balance.md)).\n",
           table(["command", "what it does"],
                 [[f"[{code('rulebook ' + n)}](#rulebook-{n})", cell(text)]
                  for n, (_, _, text) in COMMANDS.items()])]
    out += [command_section(main, ctx, name) for name in COMMANDS]
    return "\n".join(out)
