"""rulebook serve: the table server (interpreter/server), on uvicorn."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from .common import Failed, reports_errors


def default_data() -> Path:
    """The user's data folder for the server's tables (XDG_DATA_HOME, or the platform's)."""
    home = Path.home()
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or home / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / "rulebook" / "server"


@click.command("serve", short_help="Serve games to play together in browsers and terminals.")
@click.argument("games", nargs=-1, metavar="[GAME]...")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on (0.0.0.0: every interface, for other machines).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option("--data", "data_dir", metavar="DIR", help="Where the tables are journaled "
              f"(default: {default_data()}).")
@click.option("--rate", type=click.FloatRange(1, 100_000), default=20.0, show_default=True,
              help="Requests a second each client (a seat's token) may make; more get 429.")
@reports_errors
def serve(games, host, port, data_dir, rate):
    """Serve GAME (default: every game under gamedefs/): a lobby to open tables, a page per
    seat, and the HTTP API (docs/guides/server.md). Tables survive a restart."""
    try:
        import uvicorn
        from ..server.app import build
        from ..server.catalog import Catalog
        from ..server.hall import Hall
    except ImportError as e:
        raise Failed(f"rulebook serve needs the serve extra: pip install -e '.[serve]' "
                     f"({e.name} is missing)") from None
    data = Path(data_dir) if data_dir else default_data()
    try:
        data.mkdir(parents=True, exist_ok=True)
        os.chmod(data, 0o700)       # journals hold seeds and token hashes: the host's only
    except OSError as e:
        raise Failed(f"cannot use the data folder {data}: {e.strerror or e}") from None
    catalog = Catalog(list(games), data)
    hall = Hall(catalog, data)
    for problem in hall.resume():
        click.echo(f"note: a table could not be resumed: {problem}", err=True)
    for name, entry in catalog.entries.items():
        if entry.game is None:
            click.echo(f"note: {name} has errors and is listed but cannot be played "
                       f"(rulebook validate {name})", err=True)
    config = uvicorn.Config(build(hall, rate), host=host, port=port, log_level="warning",
                            access_log=False, ws_max_size=16_384, server_header=False,
                            timeout_graceful_shutdown=3, timeout_keep_alive=30)
    server = uvicorn.Server(config)
    shown = f"[{host}]" if ":" in host else host
    if port == 0:
        click.echo("note: --port 0 picks a free port; its number is printed below", err=True)
    click.echo(f"rulebook serve: {len(catalog.entries)} games, {len(hall.tables)} tables "
               f"resumed, journaled in {data}")
    _announce(server, shown, port)
    server.run()


def _announce(server, host: str, port: int) -> None:
    """Print the lobby's address once the server listens (the port it got, for --port 0)."""
    started = server.startup

    async def startup(sockets=None):
        await started(sockets=sockets)
        for s in server.servers:
            for sock in s.sockets:
                got = sock.getsockname()[1]
                click.echo(f"Lobby: http://{host}:{got}/", err=False)
                sys.stdout.flush()
                return
    server.startup = startup
