"""rulebook serve: a table server where people play a game from its YAML together, in
browsers and terminals, the rules enforced and every secret kept. It holds no rule and no
secret logic: it asks runtime (Game, Session, saves), present.views.view for each seat's
view, runtime.redaction for the log lines a seat may read, and bots for the bot seats.

catalog   the games served, and each table's definition kept by its hash
table     one table: a Session, its seats' kinds, token hashes and bots; every change
messages  what a seat is sent (its view, its log lines, the decision number)
board_svg a board of a view drawn as SVG
journal   each table's journal in the data folder (the save format), and resuming it
hall      the tables, bots off the event loop, pushing messages to the connected clients
limits    request sizes and rates
app       the HTTP API, websockets and pages (Starlette)
remote    the client side of the API, for `rulebook join`
"""
