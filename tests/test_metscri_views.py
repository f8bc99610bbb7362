"""Metscri's hidden information: no seat ever sees a symbol it may not.

A face-down card's symbol is known only to the seats that spied it; a face-up card's to
everyone; a hand's to its owner; the draw pile's to nobody. Random games are played and,
at every decision, every seat's view (board, zones, status), its options and prompt, and
every log line are checked against that.
"""
from __future__ import annotations

import random
import re

import pytest

from interpreter.present import views
from scenario import load, strings

LABEL = re.compile(r"(?<![\w])(?:10|[2-9JQKA])[♠♥♦♣]")


@pytest.fixture(scope="module")
def game():
    return load("metscri")


def may_see(s, card, seat) -> bool:
    """The rules' answer, written independently of the game's visible_if."""
    where = s["loc"][card]
    if where.startswith("board."):
        return s["cs"]["face_up"].get(card, False) or seat in s["cs"]["seen_by"].get(card, [])
    if where == "matched":
        return True
    if where == "draw_pile":
        return False
    return seat is not None and where == f"{seat}.hand"


def public_labels(game, s) -> set:
    """Labels every seat may see (face up, matched, or known to all: a card that was face up
    is remembered by every seat after Return)."""
    return {game.g.card_labels[c] for c in s["loc"]
            if may_see(s, c, None) or all(may_see(s, c, p) for p in range(s["n"]))}


def check_seat(game, s, seat, step):
    g = game.g
    v = views.view(game, s, seat)
    where = f"step {step}, seat {seat}"
    visible = {g.card_labels[c] for c in s["loc"] if may_see(s, c, seat)}
    # the board: each card's label exactly when the seat may see it; public facts always
    for cell, info in v["boards"]["board"]["cells"].items():
        stack = s["z"][f"board.{cell}"]
        assert len(info["cards"]) == len(stack), where
        for entry, c in zip(info["cards"], stack):
            shown = g.card_labels[c] if may_see(s, c, seat) else None
            assert entry["card"] == shown, f"{where}: {cell} shows {entry['card']} for {c}"
            assert entry["face_up"] == s["cs"]["face_up"].get(c, False)
            assert entry["seen_by"] == [g.seat_label(p) for p in s["cs"]["seen_by"].get(c, [])]
    # hands and piles
    for p, info in enumerate(v["seats"]):
        hand = info["zones"]["hand"]
        assert hand["count"] == len(s["z"][f"{p}.hand"])
        assert ("cards" in hand) == (p == seat), where
    assert "cards" not in v["zones"]["draw_pile"]
    # no label anywhere in what the seat is shown unless the seat may see such a card
    texts = list(strings(v))
    for text in texts:
        for label in LABEL.findall(text):
            assert label in visible, f"{where}: '{label}' in {text!r}"
    if "options" in v:
        assert v["options"] == game.options(s, seat) and v["prompt"] == game.prompt(s)
        for option in v["options"]:
            # actions name squares; only choosing from one's own hand names cards
            if LABEL.search(option):
                hand = {g.card_labels[c] for c in s["z"][f"{seat}.hand"]}
                assert LABEL.findall(option)[0] in hand, f"{where}: option {option!r}"


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (8, 4)])
def test_no_seat_ever_sees_a_symbol_it_may_not(game, players, seed):
    lines: list = []
    s = game.new_state(players=players, seed=seed, options={"turn_cap": 12},
                       listener=lines.append)
    bot = random.Random(seed)
    step, spied = 0, 0
    assert not any(LABEL.search(line) for line in lines)      # the setup names no card
    while True:
        for seat in [None, *range(players)]:
            check_seat(game, s, seat, step)
        if game.is_over(s):
            break
        seat = game.waiting(s)[0]
        before = public_labels(game, s)
        lines.clear()
        game.apply(s, seat, bot.randrange(game.option_count(s, seat)), listener=lines.append)
        after = public_labels(game, s)
        # log lines are for everyone: only symbols public before or after the decision
        for line in lines:
            for label in LABEL.findall(line):
                assert label in before | after, f"step {step}: log {line!r}"
            spied += "spies" in line
        step += 1
    assert step > 50 and spied > 0


def test_a_spied_card_is_known_to_the_spy_only(game):
    from test_metscri_scenarios import act, start_turn, table
    s = table(game, players=3, board={"d4": ["7h-1"]})
    start_turn(game, s, [6])
    act(game, s, "spy d4 (4 AP)")
    assert "7♥" in game.prompt(s)                       # the spy is asked about what it saw
    act(game, s, "keep it secret")
    mine = views.view(game, s, 0)["boards"]["board"]["cells"]["d4"]["cards"][0]
    theirs = views.view(game, s, 1)["boards"]["board"]["cells"]["d4"]["cards"][0]
    nobody = views.view(game, s, None)["boards"]["board"]["cells"]["d4"]["cards"][0]
    # known to the spy alone (face down, remembered): not "all", as a face-up card is
    assert mine == {"card": "7♥", "face_up": False, "seen_by": ["P1"], "known": "you"}
    assert theirs == {"card": None, "face_up": False, "seen_by": ["P1"]}   # that, not what
    assert nobody == theirs


def test_the_status_line_shows_the_budget_the_goal_and_the_scores(game):
    # "The game ends when a player reaches the Metscri points for the number of players"
    # (4): at the table each player's goal and score and the action points left are shown
    # in words, not as raw counters
    from test_metscri_scenarios import act, start_turn, table
    s = table(game, players=3, board={"d4": ["7h-1"]})
    s["pl"][1]["points"] = 12
    start_turn(game, s, [6])
    v = views.view(game, s, 1)
    assert "6 action points left - action: none yet" in v["status"]
    assert v["status"].endswith("first to 48 points wins: P1 0, P2 12, P3 0")
    assert v["counters"] == {}                           # ap, kind, turned: only in words
    act(game, s, "turn d4 (0 AP)")
    status = views.view(game, s, 1)["status"]
    assert "P1's turn - 6 action points left - action: turn - next turn-up costs 1" in status


def test_the_terminal_draws_the_board_as_the_seat_sees_it(game):
    from rich.console import Console

    from interpreter.present import terminal
    from test_metscri_scenarios import act, start_turn, table
    s = table(game, players=2, board={"d4": ["7h-1"], "b2": ["qs-1", "5s-1"], "c1": ["9d-1"]})
    s["cs"]["face_up"]["9d-1"] = True
    start_turn(game, s, [6])
    act(game, s, "spy d4 (4 AP)", then=["keep it secret"])

    def screen(seat, rim=False):
        con = Console(record=True, width=120, color_system=None)
        v = views.view(game, s, seat)
        if rim:
            con.print(terminal.render_board(v["boards"]["board"], v["seat_label"], rim=True))
        else:
            terminal.render_view(con, v, [])
        return con.export_text()
    mine, theirs = screen(0), screen(1)
    assert "7♥*" in mine and "7♥" not in theirs and "##+" in theirs   # spied: by me / by others
    assert "##2" in mine                                              # a stack of 2, face down
    assert "9♦" in mine and "9♦" in theirs                             # face up: for all
    assert "action points" in mine and "action: spy" in mine          # the status line
    rims = screen(0, rim=True)
    assert "3" in rims and "7♥" not in rims


def test_memory_is_perfect_a_card_once_face_up_stays_known_on_the_board(game):
    # 3.5.6: the unmatched cards "are turned again, so the symbol side faces down"; at a
    # table the players remember them, so a digital game shows them: a card that was face
    # up stays identified for every seat while it is turned down, moved or covered, and is
    # unknown again once it leaves the board. The seat that entered a card knows it.
    from test_metscri_scenarios import act, start_turn, table
    s = table(game, players=3, board={"d4": ["7h-1"], "b2": ["9c-1"]}, hands={0: ["qs-1"]})

    def shown(seat, cell, level=-1):
        return views.view(game, s, seat)["boards"]["board"]["cells"][cell]["cards"][level]["card"]
    start_turn(game, s, [6])
    act(game, s, "enter on b1 (2 AP)")
    assert [shown(p, "b1") for p in (0, 1, 2, None)] == ["Q♠", None, None, None]
    act(game, s, "turn d4 (0 AP)")
    act(game, s, "end the turn")
    assert not s["cs"]["face_up"].get("7h-1")
    assert [shown(p, "d4") for p in (0, 1, 2)] == ["7♥"] * 3     # face down, remembered
    assert shown(None, "d4") is None                            # a spectator saw nothing
    assert shown(1, "b2") is None                               # never seen: unknown
    # moved, then covered: still known to all
    start_turn(game, s, [6], seat=1)
    act(game, s, "move from d4 (1 AP a step)", then=["d3"])
    act(game, s, "move from b2 (1 AP a step)", then=["b3"])
    act(game, s, "move from b3 (1 AP a step)", then=["c3"])
    act(game, s, "move from c3 (1 AP a step)", then=["d3"])           # the 9 now covers the 7
    assert [shown(p, "d3", 0) for p in (0, 1, 2)] == ["7♥"] * 3
    assert shown(1, "d3", 1) is None


def test_rim_shows_what_each_square_is_worth(game):
    # 3.5.5: a symbol card scores 1-4 by its distance from the rim (1 on the rim, 4 in the
    # middle); 3.5.4: spying there costs the same. `rim` shows the distance and the points
    # (the constant rim_points, which card_points and spy_cost read too)
    from click.testing import CliRunner
    from cli import main
    from test_metscri_scenarios import table
    s = table(game, players=2, board={"d4": ["7h-1"], "a4": ["qs-1"]})
    board = views.view(game, s, 0)["boards"]["board"]
    assert board["cells"]["d4"]["rim"] == 3 and board["cells"]["d4"]["worth"] == 4
    assert board["cells"]["a4"]["rim"] == 0 and board["cells"]["a4"]["worth"] == 1
    assert board["rim_says"].startswith("points a symbol card collected there scores")
    from scenario import evaluate
    for cell, worth in (("d4", 4), ("a4", 1), ("c3", 3), ("b6", 2)):
        assert board["cells"][cell]["worth"] == worth
        assert evaluate(game, s, f'spy_cost("{cell}")') == worth
    r = CliRunner().invoke(main, ["play", "metscri", "--seed", "1"], input="rim\nquit\n")
    assert "distance from the rim, and after the colon points a symbol card" in \
        " ".join(r.output.split())
    rows = [line.split() for line in r.output.splitlines() if line.strip().startswith("4 ")]
    assert ["4", "0:1", "1:2", "2:3", "3:4", "2:3", "1:2", "0:1"] in rows
