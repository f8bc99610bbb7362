"""Hot seat at the full-screen table (issue 24, item 1): between two people a pass screen that
shows nothing of either seat, and after it every widget rebuilt from the new seat's view only:
no label only the previous seat may see is anywhere in the app, on screen or not."""
from __future__ import annotations

import pytest

from interpreter.present import views
from interpreter.present.table.screens import PassScreen
from interpreter.runtime.redaction import may_read

from tui_table import choose_number, press, sync, table, widget_texts


def secrets(game, state, log, seat, options=False) -> set:
    """Every card label, private log line and program step this seat's view holds (with
    options: its options too, which are no secret of its own but may read like one)."""
    v = views.view(game, state, seat)
    out = set()
    zones = list(v["zones"].values()) + [z for p in v["seats"] for z in p["zones"].values()]
    for z in zones:
        out.update(c for c in z.get("cards", ()) if c != views.HIDDEN)
    for b in (v.get("boards") or {}).values():
        out.update(e["card"] for c in b["cells"].values() for e in c["cards"] if e["card"])
    out.update(str(x) for x in log if getattr(x, "audience", None) and may_read(x, seat))
    out.update(v.get("steps") or ())      # a secret program's steps so far
    if options:
        out.update(v.get("options") or ())
    return out


def flat(text: str) -> str:
    return " ".join(text.split())


async def until_pass_screen(pilot, app, most: int = 80):
    for i in range(most):
        if isinstance(app.screen, PassScreen):
            return
        seat = app.seat
        v = app.view
        if v.get("number"):
            await press(pilot, *str(v["number"]["lo"]), "enter")
        else:
            await choose_number(pilot, app, (i * 3) % len(v["options"]) + 1)
        assert seat is not None
    pytest.fail("no pass screen")


@pytest.mark.parametrize("game_id, size", [("metscri", (80, 24)), ("etheria", (120, 40)),
                                           ("metropolis", (120, 40))])
@sync
async def test_after_the_pass_screen_only_the_new_seats_view_is_anywhere(game_id, size):
    app = table(game_id, seed=2, humans=(0, 1))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        tested = 0
        for turn in range(4):     # four hand-overs: P1 -> P2 and back (or on to the next)
            last = app.seat
            await until_pass_screen(pilot, app)
            session = app.driver.session
            new = session.game.waiting(session.state)[0]
            assert new != last
            mine = secrets(app.game, session.state, session.log, last)
            theirs = secrets(app.game, session.state, session.log, new)
            seen = secrets(app.game, session.state, session.log, new, options=True)
            only_last = {x for x in mine - seen if flat(x)}
            tested += bool(only_last)
            # the pass screen up: no widget (the table behind it either) holds either seat's
            # secrets, and it names who plays next
            text = flat(widget_texts(app))
            assert session.game.g.seat_label(new) in text
            assert not [x for x in mine | theirs if flat(x) in text]
            await press(pilot, "enter")
            assert app.seat == new and not isinstance(app.screen, PassScreen)
            text = flat(widget_texts(app))
            assert not [x for x in only_last if flat(x) in text]
            # and what the new seat may see is there (its own cards, its private lines)
            v = views.view(app.game, session.state, new)
            hand = [c for z in next(p for p in v["seats"] if p["you"])["zones"].values()
                    for c in z.get("cards", ())]
            assert all(flat(c) in text for c in hand)
            assert app.view == v
        assert tested, "no hand-over where the previous seat held a secret"
