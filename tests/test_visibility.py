"""One rule for secrets (runtime/visibility.py): a zone's `visibility` says who may look at all,
its `visible_if` narrows that card by card, for player zones as for game zones and boards; the
view, the terminal, undo's reveal test and bots' imagined worlds all ask that one place.

tests/games/open_hands: every hand is `visibility: all, visible_if: viewer != card.owner`
(everyone sees every hand but their own) and every pile `visible_if: "false"`."""
from __future__ import annotations

import io
import random
from pathlib import Path

from rich.console import Console

from interpreter.bots import make_bot
from interpreter.bots.worlds import determinize, hidden_places
from interpreter.present import terminal, views
from interpreter.runtime.game import Game
from interpreter.runtime.redaction import may_read
from interpreter.runtime.visibility import declared, visible_cards
from interpreter.runtime.vm import Line

GAME = str(Path(__file__).parent / "games" / "open_hands")


def _screen(v: dict) -> str:
    buf = io.StringIO()
    terminal.render_view(Console(file=buf, width=100, highlight=False, markup=False), v, [])
    return buf.getvalue()


def test_declared_visibility_for_owned_and_game_things():
    assert declared("all", None, None) and declared("all", 1, 0)
    assert declared("owner", 1, 1) and not declared("owner", 1, 0)
    assert not declared("owner", 1, None) and not declared("owner", None, 1)
    assert not declared("none", 1, 1) and not declared("none", None, None)


def test_a_log_line_is_read_by_its_audience_only():
    line = Line("P2 draws the Ace", [1])
    assert may_read(line, 1) and not may_read(line, 0) and not may_read(line, None)
    assert may_read("a public line", None)


def test_everyone_sees_every_hand_but_their_own_in_views_screens_and_bots():
    game = Game.load(GAME)
    players = 3
    s = game.new_state(players, 5)
    bots = [make_bot("random", game, p) for p in range(players)]
    checked = 0
    while not game.is_over(s):
        for seat in range(players):
            v = views.view(game, s, seat)
            for p, seat_view in enumerate(v["seats"]):
                hand = [game.g.card_labels[c] for c in s["z"][f"{p}.hand"]]
                shown = seat_view["zones"]["hand"]["cards"]
                assert shown == ([views.HIDDEN] * len(hand) if p == seat else hand), (seat, p)
                assert set(seat_view["zones"]["pile"]["cards"]) <= {views.HIDDEN}
            # the seat's imagined worlds redeal exactly what its view hides
            hidden = {(k, i) for k, i in hidden_places(game, s, seat)}
            expected = {(f"{seat}.hand", i) for i in range(len(s["z"][f"{seat}.hand"]))}
            expected |= {(f"{p}.pile", i) for p in range(players)
                         for i in range(len(s["z"][f"{p}.pile"]))}
            expected |= {("deck", i) for i in range(len(s["z"]["deck"]))}
            assert hidden == expected, (seat, s["decisions"])
            # undo's reveal test counts the same cards as the view shows
            own = set(s["z"][f"{seat}.hand"])
            others = {c for p in range(players) if p != seat for c in s["z"][f"{p}.hand"]}
            assert visible_cards(game, s, seat) == others | set(s["z"]["discards"])
            assert not own & visible_cards(game, s, seat)
            # the seat's screen shows each label exactly as often as the seat may see it
            screen = _screen(v).lower()
            seen = [game.g.card_labels[c].lower() for c in visible_cards(game, s, seat)]
            for label in ("amber", "birch", "cobalt"):
                assert screen.count(label) == sum(x.startswith(label) for x in seen), \
                    (seat, label, screen)
            world = determinize(game, s, seat, random.Random(checked))
            for p in range(players):
                if p != seat:
                    assert world["z"][f"{p}.hand"] == s["z"][f"{p}.hand"]
        checked += 1
        seat = game.waiting(s)[0]
        game.apply(s, seat, bots[seat].choose(game, s, seat))
    assert checked >= 6
