"""rulebook join URL: the full-screen table (present/table) as a remote seat of a served
table (`rulebook serve`): the same panels and keys as `rulebook play`, the server deciding."""
from __future__ import annotations

import sys

import click

from .common import Failed, reports_errors


@click.command("join", short_help="Take a seat of a served table at the full-screen table.")
@click.argument("url")
@reports_errors
def join(url):
    """Play the seat of URL (a seat's link from `rulebook serve`'s lobby:
    http://HOST:PORT/table/ID/seat/K#TOKEN) at the full-screen terminal table."""
    try:
        from ..server.remote import RemoteDriver
    except ImportError as e:
        raise Failed(f"rulebook join needs the serve extra: pip install -e '.[serve]' "
                     f"({e.name} is missing)") from None
    if not (sys.stdin.isatty() and sys.stdout.isatty() and sys.stderr.isatty()):
        raise Failed("rulebook join draws the full-screen table: run it in a terminal")
    try:
        driver = RemoteDriver(url)
    except OSError as e:        # httpx's connection errors are OSErrors underneath
        raise Failed(f"cannot reach the server of {url.split('#')[0]}: {e}") from None
    except Exception as e:      # noqa: BLE001 - httpx.ConnectError and the like
        if type(e).__module__.startswith("httpx"):
            raise Failed(f"cannot reach the server of {url.split('#')[0]}: {e}") from None
        raise
    from ..present.table import TableApp
    app = TableApp(driver)
    try:
        outcome = app.run()
    finally:
        driver.close()
    if app.failure is not None:
        raise app.failure
    if outcome in ("interrupt", "eof", "quit", None):
        click.echo("You left the table; it goes on at the server. Join again with the same "
                   "link.")
