"""The HTTP API, the websockets and the pages (docs/guides/server.md documents the API):

    GET  /api/games                               the games served
    GET  /api/tables                              the running tables (public lines)
    POST /api/tables                              open a table -> tokens and links
    GET  /api/tables/ID/seat/K?token=T            seat K's message
    POST /api/tables/ID/seat/K                    {"token", "decision", "option"} -> message
    POST /api/tables/ID/seat/K/undo               {"token"} -> message with "note"
    GET  /api/tables/ID/spectate                  the message of no seat
    POST /api/tables/ID/end                       {"token": the creator's} -> {"ended": true}
    WS   /api/tables/ID/seat/K/ws?token=T, /api/tables/ID/spectate/ws   the message, pushed

A wrong token is 403 and nothing else. Pages are static files (package data) that ask the
API; every response carries a Content-Security-Policy without inline script."""
from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path

from starlette.applications import Starlette
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from . import limits
from .hall import Bad, Connection, Hall
from .journal import TABLE_ID
from .table import Refused

STATIC = Path(__file__).parent / "static"
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
HEADERS = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff",
           "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY",
           "Cache-Control": "no-store"}
FORBIDDEN = {"error": "forbidden"}


def json_response(data, status: int = 200, **headers) -> JSONResponse:
    return JSONResponse(data, status, headers={**HEADERS, **headers})


def error(status: int, words: str, **more) -> JSONResponse:
    return json_response({**more, "error": words}, status)


def build(hall: Hall, rate: float = limits.RATE) -> Starlette:
    buckets = limits.Buckets(rate=rate, burst=max(limits.BURST, rate * 3))
    create_buckets = limits.Buckets(rate=5.0, burst=60.0)

    def table_of(request):
        tid = request.path_params["tid"]
        if not TABLE_ID.match(tid):
            return None
        return hall.tables.get(tid)

    def slow_down(key, bucket=buckets):
        wait = bucket.wait(key)
        if wait:
            return json_response({"error": "too many requests: slow down"}, 429,
                                 **{"Retry-After": str(max(1, round(wait)))})
        return None

    async def body_of(request) -> dict:
        raw = b""
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > limits.MAX_BODY:
                raise limits.TooMuch(413, f"the request is larger than {limits.MAX_BODY} bytes")
        return limits.parse(raw)

    def same_origin(headers, scheme: str) -> bool:
        origin = headers.get("origin")
        return origin is None or origin == f"{scheme}://{headers.get('host', '')}"

    # ------------------------------------------------------------------ routes
    async def games(request):
        return json_response(await hall.call(hall.catalog.info))

    async def tables(request):
        if request.method == "GET":
            return json_response(hall.running())
        if not same_origin(request.headers, request.url.scheme):
            return error(403, "forbidden")
        limited = slow_down(request.client.host if request.client else "?", create_buckets)
        if limited:
            return limited
        try:
            body = await body_of(request)
            table, tokens, creator = await hall.call(hall.open, body)
        except (limits.TooMuch, Bad) as e:
            return error(e.status, e.words)
        base = str(request.base_url).rstrip("/")
        hall.kick(table)
        return json_response({
            "table": table.id,
            # the token rides in the link's fragment: never sent in a request, never logged
            "seats": {str(p + 1): {"token": t, "url": f"{base}/table/{table.id}/seat/{p + 1}#{t}"}
                      for p, t in tokens.items()},
            "spectate": f"{base}/table/{table.id}/spectate",
            "creator": creator}, 201)

    def seat_and_table(request, token):
        table = table_of(request)
        k = request.path_params["k"]
        if table is None:
            return None, None
        return table, table.seat_of(k, token)

    async def seat(request):
        if request.method == "GET":
            token = request.query_params.get("token")
            table, p = seat_and_table(request, token)
            if p is None:
                return error(403, "forbidden") if table is not None else \
                    error(404, "no such table")
            limited = slow_down(table.tokens[p])
            return limited or json_response(await hall.call(table.message, p))
        got = await seated(request)
        if not isinstance(got, tuple):
            return got
        body, table, p = got
        number, option = body.get("decision"), body.get("option")
        if type(number) is not int or type(option) is not int:
            return error(400, "'decision' and 'option' must be whole numbers")
        return await changed(table, p, table.decide, number, option)

    async def seated(request):
        """A POST's body, its table and seat: or the answer refusing it (too large, a bad
        token, too many requests)."""
        try:
            body = await body_of(request)
        except limits.TooMuch as e:
            return error(e.status, e.words)
        table, p = seat_and_table(request, body.get("token"))
        if p is None:
            return error(403, "forbidden")
        return slow_down(table.tokens[p]) or (body, table, p)

    async def changed(table, p, act, *args):
        """The seat's act on its table (a decision, an undo): the new message, every client
        told; a refused act answers with the reason and the current message."""
        try:
            msg = await hall.call(act, p, *args)
        except Refused as e:
            return error(e.status, e.words, **(await hall.call(table.message, p)))
        await hall.changed(table)
        hall.kick(table)
        return json_response(msg)

    async def undo(request):
        got = await seated(request)
        if not isinstance(got, tuple):
            return got
        _, table, p = got
        return await changed(table, p, table.undo)

    async def spectate(request):
        table = table_of(request)
        if table is None:
            return error(404, "no such table")
        limited = slow_down(request.client.host if request.client else "?")
        return limited or json_response(await hall.call(table.message, None))

    async def end(request):
        table = table_of(request)
        try:
            body = await body_of(request)
        except limits.TooMuch as e:
            return error(e.status, e.words)
        if table is None or not table.is_creator(body.get("token")):
            return error(403, "forbidden")
        await hall.call(table.end)
        await hall.changed(table)
        return json_response({"table": table.id, "ended": True})

    # ------------------------------------------------------------------ websockets
    async def socket(ws: WebSocket, table, seat) -> None:
        conn = Connection(ws, seat)
        await ws.accept()
        hall.join(table, conn)
        bucket = limits.Buckets(rate=5.0, burst=20.0)
        try:
            first = await hall.call(table.message, seat)
            conn.push(json.dumps(first, separators=(",", ":")), first["version"])
            await hall.changed(table)       # the others see who is connected

            async def sender():
                while True:
                    await conn.ready.wait()
                    conn.ready.clear()
                    await ws.send_text(conn.latest)

            task = asyncio.create_task(sender())
            try:
                while True:     # clients only listen; what they send is bounded and dropped
                    msg = await ws.receive()
                    if msg["type"] == "websocket.disconnect":
                        break
                    data = msg.get("text") or msg.get("bytes") or ""
                    if len(data) > limits.MAX_BODY:
                        await ws.close(1009)
                        break
                    wait = bucket.wait(0)
                    if wait:        # a flood slows this client only
                        await asyncio.sleep(wait)
            finally:
                task.cancel()
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            hall.leave(table, conn)
            await hall.changed(table)

    async def seat_ws(ws: WebSocket):
        if not same_origin(ws.headers, "https" if ws.url.scheme == "wss" else "http"):
            await ws.close(1008)
            return
        table = hall.tables.get(ws.path_params["tid"]) \
            if TABLE_ID.match(ws.path_params["tid"]) else None
        p = table.seat_of(ws.path_params["k"], ws.query_params.get("token")) \
            if table is not None else None
        if p is None:
            await ws.close(1008)        # before accept: the handshake is answered 403
            return
        await socket(ws, table, p)

    async def spectate_ws(ws: WebSocket):
        if not same_origin(ws.headers, "https" if ws.url.scheme == "wss" else "http"):
            await ws.close(1008)
            return
        table = hall.tables.get(ws.path_params["tid"]) \
            if TABLE_ID.match(ws.path_params["tid"]) else None
        if table is None:
            await ws.close(1008)
            return
        await socket(ws, table, None)

    # ------------------------------------------------------------------ pages
    def page(name):
        async def serve(request):
            return FileResponse(STATIC / name, headers=HEADERS, media_type="text/html")
        return serve

    @contextlib.asynccontextmanager
    async def lifespan(app):
        for t in list(hall.tables.values()):
            hall.kick(t)        # resumed tables whose bots were to move
        yield
        hall.close()

    async def failed(request, exc):     # a bug answers in words, never a traceback
        return error(500, "the server failed on this request")

    routes = [
        Route("/", page("lobby.html")),
        Route("/table/{tid}/seat/{k:int}", page("seat.html")),
        Route("/table/{tid}/spectate", page("seat.html")),
        Route("/api/games", games),
        Route("/api/tables", tables, methods=["GET", "POST"]),
        Route("/api/tables/{tid}/seat/{k:int}", seat, methods=["GET", "POST"]),
        Route("/api/tables/{tid}/seat/{k:int}/undo", undo, methods=["POST"]),
        Route("/api/tables/{tid}/spectate", spectate),
        Route("/api/tables/{tid}/end", end, methods=["POST"]),
        WebSocketRoute("/api/tables/{tid}/seat/{k:int}/ws", seat_ws),
        WebSocketRoute("/api/tables/{tid}/spectate/ws", spectate_ws),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Headers(Starlette(routes=routes, lifespan=lifespan,
                             exception_handlers={Exception: failed}))


class Headers:
    """Every HTTP response gets the security headers (a pure ASGI wrapper: websockets pass)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        static = scope.get("path", "").startswith("/static/")

        async def sending(message):
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k.lower().encode(), (("no-cache" if static and k == "Cache-Control"
                                                 else v)).encode())
                         for k, v in HEADERS.items() if k.lower().encode() not in have]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)
        await self.app(scope, receive, sending)
