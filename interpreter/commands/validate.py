"""rulebook validate: every finding in one or more game definitions."""
from __future__ import annotations

import json

import click

from ..errors import Finding
from ..build.game_loader import check_game
from .common import reports_errors


@click.command("validate", short_help="Check game definitions.")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("--strict", is_flag=True, help="Warnings fail too.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@reports_errors
def validate(paths, strict, fmt):
    """Check game definitions (a game name, a directory or a game.yaml): every finding, sorted
    by file and position, then a count. Exit 1 on errors (with --strict, on warnings too)."""
    findings = []
    for path in paths:
        findings.extend(check_game(path))
    findings.sort(key=Finding.sort_key)
    errors = sum(1 for f in findings if f.severity == "error")
    warnings = len(findings) - errors
    if fmt == "json":
        click.echo(json.dumps([f.as_dict() for f in findings], indent=1))
    else:
        for f in findings:
            click.echo(f.format())   # format() shows control characters visibly
        click.echo(f"{errors} error{'s' * (errors != 1)}, {warnings} warning"
                   f"{'s' * (warnings != 1)}")
    if errors or (strict and warnings):
        raise SystemExit(1)
