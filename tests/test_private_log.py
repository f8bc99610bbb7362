"""Private log lines (`log to P "..."`): the session log keeps each line's audience, and what
a seat is shown (the terminal, a spectator, a replay) holds a private line only if it is in
that audience. Etheria tells each player alone which resource cards they draw."""
from __future__ import annotations

import random
import re

from click.testing import CliRunner

from cli import main
from interpreter.effects.parser import parse_script
from interpreter.runtime.game import Game
from interpreter.runtime.redaction import may_read


def test_the_statement_parses_with_its_audience():
    (st,) = parse_script('log to p "{p} draws {c}"')
    assert st.text == "{p} draws {c}" and st.to.name == "p"


def test_hand_draws_are_told_to_the_drawing_seat_only():
    game = Game.load("etheria")
    for seed in range(3):
        lines = []
        s = game.new_state(4, seed=seed, listener=lines.append)
        r = random.Random(seed)
        while not s["over"]:
            seat = game.waiting(s)[0]
            game.apply(s, seat, r.randrange(game.option_count(s, seat)), listener=lines.append)
        private = [x for x in lines if getattr(x, "audience", None) is not None]
        assert private, "every game draws cards"
        for line in private:
            if re.search(r"draws (Red|Green|Yellow|Rainbow)", line):
                (who,) = line.audience                  # one seat, and it is the drawer's
                assert line.startswith(game.g.seat_label(who) + " draws ")
                assert [may_read(line, p) for p in range(4)] == [p == who for p in range(4)]
            else:                                       # the others read how many
                assert re.fullmatch(r"P\d draws \d+ resource cards?", line)
                drawer = int(line[1]) - 1
                assert sorted(line.audience) == [p for p in range(4) if p != drawer]
            assert not may_read(line, None)           # nor a spectator


def test_a_person_never_sees_another_seats_draws_at_the_terminal():
    r = CliRunner().invoke(main, ["play", "etheria", "--players", "3", "--seed", "5",
                                  "--bots", "random"], input="1\n" * 400)
    hand = re.compile(r"P(\d) draws (Red|Green|Yellow|Rainbow)")   # a private draw line
    seen = {m.group(1) for m in hand.finditer(r.output)}
    assert seen == {"1"}, seen


def test_a_replay_names_who_a_private_line_was_for(tmp_path):
    save = tmp_path / "e.json"
    r = CliRunner().invoke(main, ["play", "etheria", "--players", "3", "--seed", "2",
                                  "--bots", "random", "--humans", "0", "--json",
                                  "--save", str(save)])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(main, ["replay", str(save), "--show-log"])
    assert r.exit_code == 0 and "(a line for P1 only)" in r.output
    assert not re.search(r"draws (Red|Green|Yellow|Rainbow)", r.output)
