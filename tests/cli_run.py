"""One way for tests to run a rulebook command in this process: click's runner, with the
checks every such test makes (no traceback; only SystemExit may end it)."""
from __future__ import annotations

from click.testing import CliRunner

from cli import main


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    return result
