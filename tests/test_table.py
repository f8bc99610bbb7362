"""At the table: what a person at the terminal meets (issue 11 "Every game, at the table",
issue 12 items 5 and 9, the board legend of issue 10)."""
from __future__ import annotations

import io
import json
import re
import shutil

import pytest
from click.testing import CliRunner
from rich.console import Console

from cli import main
from interpreter.present import menu_text, terminal, views
from interpreter.bots import make_bot
from interpreter.commands import human as human_mod
from interpreter.commands.play import DEFAULT_BOT, seat_kinds
from interpreter.runtime.game import Game
from interpreter.runtime.visibility import visible_cards
from interpreter.load.documents import GAMEDEFS

from test_cli import FAMILY_A1, run

TERMINAL_80x24 = {"TTY_COMPATIBLE": "1", "COLUMNS": "80", "LINES": "24"}


# ------------------------------------------------------------------ hot seat, 80x24, words
def test_hot_seat_wipes_the_scrollback_before_passing_the_device():
    # a terminal: the pass screen erases the screen AND the scrollback (ESC[3J), so P2
    # cannot scroll up to P1's hand
    r = CliRunner(env=TERMINAL_80x24).invoke(
        main, ["play", "metras", "--seed", "1", "--bot", "2=human"], input="\n1\n4\n\nquit\n")
    assert r.exit_code == 0, r.output
    out = re.sub(r"\x1b\[[0-9;]*m", "", r.output)   # colours off; screen controls kept
    to_p2 = out.index("Pass the device to P2")
    assert terminal.WIPE in out[:to_p2]
    assert out.rindex("\x1b[3J", 0, to_p2) > out.rindex("P1>", 0, to_p2)   # after P1's turn


def _screen(options, prompt="P1: which one?", height=24):
    buf = io.StringIO()
    con = Console(file=buf, width=80, height=height, highlight=False, markup=False)
    menu_text.render_options(con, {"prompt": prompt, "options": options})
    return buf.getvalue().splitlines()


def test_the_prompt_stays_on_screen_at_80x24_with_a_long_menu():
    # 60 long labels (Etheria's bids run to 130): the prompt would scroll off the top
    lines = _screen([f"bid {i}: 1 Rainbow + {i} Red + 1 Yellow, worth {i + 3} points"
                     for i in range(60)])
    assert len(lines) > 23
    assert any("P1: which one?" in line for line in lines[-23:])
    assert "60 options above" in " ".join(lines[-2:])
    # a short menu is not told twice
    assert sum("which one" in line for line in _screen(["a", "b"])) == 1


def test_plurals_in_the_terminal():
    assert terminal.plural(1, "card") == "1 card" and terminal.plural(2, "card") == "2 cards"
    # Etheria with 3 players: one faction card is left in its deck
    r = run("play", "etheria", "--seed", 1, input="quit\n")
    assert "1 hidden card" in r.output and "1 hidden cards" not in r.output
    assert "6 hidden cards" in r.output


def test_list_shows_each_game_s_options_with_defaults_and_descriptions():
    r = run("list")
    assert r.exit_code == 0
    assert "turn_cap (default 150): Not a rule: after this many rounds" in r.output
    assert "capped, no winner, not a draw" in " ".join(r.output.split())


@pytest.fixture
def renamed(tmp_path):
    """Metras under another name, with markup-like characters a designer might write."""
    game = tmp_path / "metras"
    shutil.copytree(GAMEDEFS / "metras", game)
    yaml = game / "game.yaml"
    text = yaml.read_text()
    assert "name: Metras" in text
    yaml.write_text(text.replace("name: Metras", 'name: "Metras [/bold] of [red]Florence"', 1))
    return game


def test_the_header_and_the_result_name_the_game_as_written(renamed):
    r = run("play", renamed, "--seed", 2, "--humans", 0, "--bots", "random")
    assert r.exit_code == 0, r.output
    assert "Metras [/bold] of [red]Florence: game over" in r.output
    r = run("play", renamed, "--seed", 2, input="quit\n")
    assert "Metras [/bold] of [red]Florence - P1 - setup" in r.output


# ------------------------------------------------------------------ newcomer, Ctrl-C, bots
def test_bots_flag_keeps_the_newcomer_human_and_opponents_are_greedy_by_default():
    r = run("play", "metras", "--seed", 1, "--bots", "greedy", input="quit\n")
    assert r.exit_code == 0 and "P1> " in r.output            # seat 1 is still a person
    game = Game.load("metras")
    assert DEFAULT_BOT == "greedy"
    assert seat_kinds(game, 3, DEFAULT_BOT, 1, ()) == ["human", "greedy", "greedy"]
    assert seat_kinds(game, 3, "random", 0, ("2=human",)) == ["random", "human", "random"]
    assert seat_kinds(game, 4, "greedy", 2, ()) == ["human", "human", "greedy", "greedy"]
    r = run("play", "metras", "--humans", 5)
    assert r.exit_code == 1 and "--humans 5: this game has 3 seats" in r.stderr


def scripted(monkeypatch, lines):
    """Typed lines, then Ctrl-C at the next prompt."""
    lines = list(lines)

    def read(con, prompt):
        if not lines:
            raise KeyboardInterrupt
        return lines.pop(0)
    monkeypatch.setattr(human_mod, "read", read)


def test_ctrl_c_saves_the_game_to_a_file_the_message_names(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "metras-save.json").write_text("{}")       # never overwritten
    scripted(monkeypatch, ["1", "4"])
    r = run("play", "metras", "--seed", 1)
    assert r.exit_code == 130
    assert "Interrupted: the game is saved to metras-save-2.json" in r.stderr
    assert "rulebook play metras --load metras-save-2.json" in r.stderr
    data = json.loads((tmp_path / "metras-save-2.json").read_text())
    assert data["decisions"][:2] == [[1, FAMILY_A1], [1, "espionage"]]
    r = run("play", "metras", "--load", "metras-save-2.json", "--humans", 0, "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["decisions"] > 2


def test_ctrl_c_while_a_bot_thinks_saves_a_whole_game(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    calls = []
    real = make_bot("random", Game.load("metras"), 0).__class__.choose

    def slow(self, game, state, seat):
        calls.append(seat)
        if len(calls) == 7:
            raise KeyboardInterrupt
        return real(self, game, state, seat)
    monkeypatch.setattr("interpreter.bots.random.RandomBot.choose", slow)
    r = run("play", "metras", "--seed", 1, "--humans", 0, "--bots", "random", "--json",
            "--save", "mine.json")
    assert r.exit_code == 130 and "saved to mine.json" in r.stderr
    assert len(json.loads((tmp_path / "mine.json").read_text())["decisions"]) == 6
    assert run("replay", "mine.json").exit_code == 0


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_undo_and_the_same_move_get_the_same_bot_answers(tmp_path, kind):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    r = run("play", "metras", "--seed", 1, "--bots", kind,
            input=f"1\n4\nsave {a}\nundo\n4\nsave {b}\nquit\n")
    assert r.exit_code == 0, r.output
    assert "Undone:" in r.output
    first, again = (json.loads(p.read_text())["decisions"] for p in (a, b))
    assert len(first) > 3 and first == again


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_a_bot_s_choice_depends_only_on_the_position_and_its_seed(kind):
    game = Game.load("etheria")
    s = game.new_state(3, 4)
    bot = make_bot(kind, game, 11)
    seat = game.waiting(s)[0]
    assert game.option_count(s, seat) > 3
    first = bot.choose(game, game.clone(s), seat)
    others = [make_bot(kind, game, 11).choose(game, game.clone(s), seat) for _ in range(3)]
    for _ in range(5):   # whatever it chose before, in this game or another
        bot.choose(game, game.new_state(3, 9), 0)
    assert others == [first] * 3
    assert [bot.choose(game, game.clone(s), seat) for _ in range(6)] == [first] * 6
    assert len({make_bot(kind, game, seed).choose(game, game.clone(s), seat)
                for seed in range(20)}) > 1        # the seed still matters


# ------------------------------------------------------------------ anything typed
def test_whatever_is_typed_at_a_prompt_gets_an_answer():
    r = run("play", "metras", "--seed", 1,
            input="[/bold]\n²\n[red]x[/red]\n:thumbs_up:\n١\nfamily\nservant B\nquit\n")
    assert r.exit_code == 0, r.output
    out = r.output
    for typed in ("[/bold]", "²", "[red]x[/red]", ":thumbs_up:"):
        assert f"'{typed}' is not an option" in out
    assert "There is no option 1" not in out                 # ١ is a digit, but not ASCII
    assert "2 family servant B" in out and "2 options containing 'family' (above)" in out
    assert "1 decision\n" in out      # the only option containing 'servant B' is chosen


NASTY = ["\x00", "\x1b[2J", "9" * 5000, "-1", "0", "1.5", "+1", "1e3", "help me", "rim",
         "show", "undo", "save /no/such/dir/x.json", "[bold", "]", "\\", "{p}", "%s", "🂡"]


@pytest.mark.parametrize("game", ["metras", "metscri"])
def test_nasty_input_never_ends_in_a_traceback(game):
    r = run("play", game, "--seed", 1, "--players", 3, input="\n".join(NASTY) + "\nquit\n")
    assert r.exit_code == 0, r.output
    assert r.output.count("is not an option") + r.output.count("There is no option") >= 8


# ------------------------------------------------------------------ undo never unreveals
def test_undo_is_refused_after_a_sealed_bid_was_revealed():
    # Etheria's first decision is a sealed bid by every seat at once; once the bots have
    # bid too, the bids are settled: P1 has seen theirs and they P1's (the bids are grouped
    # by points: bid 1 typed by its number at the group step)
    r = run("play", "etheria", "--seed", 1, "--humans", 1, "--bots", "random",
            input="1\nundo\nquit\n")
    assert "cannot undo: since that decision the secret choices of a simultaneous " \
           "decision were revealed" in " ".join(r.output.split())


def test_undo_is_allowed_where_nothing_was_revealed():
    # Stones: a board with no secrets; P1's first stone can be taken back
    r = run("play", "tests/games/stones", "--seed", 1, "--bots", "random",
            input="1\nundo\nquit\n")
    assert "Undone: 2 decisions." in r.output


def _labels(v: dict) -> dict:
    """How many times each card label shows in a view (hidden cards not counted)."""
    out: dict = {}
    zones = [*v["zones"].values(), *(z for p in v["seats"] for z in p["zones"].values())]
    labels = [c for z in zones for c in z.get("cards", []) if c != views.HIDDEN]
    labels += [e["card"] for b in (v.get("boards") or {}).values()
               for cell in b["cells"].values() for e in cell["cards"] if e["card"] is not None]
    for lab in labels:
        out[lab] = out.get(lab, 0) + 1
    return out


def _seen_by_views(game, before, after) -> bool:
    """A reveal judged from the views alone: a label some seat's view shows more often after
    the decision than before, or a simultaneous choice whose answers were all given."""
    p = before["pending"]
    if p["each"] and len(p["seats"]) > 1 and len(p["ans"]) + 1 == len(p["seats"]):
        return True
    for seat in range(before["n"]):
        was, now = _labels(views.view(game, before, seat)), _labels(views.view(game, after, seat))
        if any(k > was.get(lab, 0) for lab, k in now.items()):
            return True
    return False


@pytest.mark.parametrize("name,players", [("etheria", 3), ("metras", 3), ("metscri", 2),
                                          ("sealed_numbers", 2)])
def test_undo_never_crosses_a_reveal_in_real_games(name, players):
    """Every decision of seat 1 in seeded games, undone at its next decision (as a person
    would): whenever the seats' views show that something was revealed in between, or the
    generator moved, undo is refused. 4 games of random bots per game definition."""
    from interpreter.runtime.play_session import Session
    path = f"tests/games/{name}" if name == "sealed_numbers" else name
    game = Game.load(path)
    tried = refused = 0
    for seed in range(4):
        session = Session(game, players, seed)
        bots = [make_bot("random", game, seed * 7 + p) for p in range(players)]
        mine = None   # index of seat 1's last decision
        steps = 0
        while not game.is_over(session.state) and steps < 400:
            steps += 1
            seat = game.waiting(session.state)[0]
            if seat == 0 and mine is not None and tried < 60:
                tried += 1
                states = session.before[mine:] + [session.state]
                shown = any(_seen_by_views(game, a, b) for a, b in zip(states, states[1:]))
                chance = states[0]["rng"] != session.state["rng"]
                why = session.revealed_since(mine)     # what undo refuses with
                refused += bool(why)
                assert why or not (shown or chance), (seed, mine)
            index = bots[seat].choose(game, session.state, seat)
            if seat == 0:
                mine = len(session.decisions)
            session.decide(seat, index)
    assert tried > 5 and refused > 0


# ------------------------------------------------------------------ board legend
def test_the_board_legend_names_only_what_the_board_uses():
    stones = Game.load("tests/games/stones")
    s = stones.new_state(2, 1)
    key = terminal.legend(views.view(stones, s, 0)["boards"]["board"])
    # no hidden cards, stacks or marks; and no rim offered where the game gives it no worth
    # (issue 33 item 10: "type rim" was offered where the rim means nothing)
    assert key == ""
    metscri = Game.load("metscri")
    key = terminal.legend(views.view(metscri, metscri.new_state(2, 1), 0)["boards"]["board"])
    assert "## a card you may not see" in key and "stack height" in key
    assert "type rim: distances from the rim" in key         # Metscri scores its rim
    assert "* face down, known to you; + face down, known to others" in key
    meta = Game.load("meta")
    key = terminal.legend(views.view(meta, meta.new_state(2, 1), 0)["boards"]["arena"])
    assert "rim" not in key


@pytest.mark.parametrize("name,players", [("etheria", 4), ("metras", 4), ("metscri", 3)])
def test_visible_cards_are_exactly_the_cards_a_view_shows(name, players):
    """visibility.visible_cards (what undo compares) agrees with views.view, label for label,
    for every seat and a spectator, along one seeded game of random bots."""
    game = Game.load(name)
    s = game.new_state(players, 3)
    bots = [make_bot("random", game, p) for p in range(players)]
    checked = 0
    while not game.is_over(s) and checked < 150:
        for seat in [*range(players), None]:
            shown = _labels(views.view(game, s, seat))
            ids = visible_cards(game, s, seat)
            counted: dict = {}
            for c in ids:
                lab = game.g.card_labels[c]
                counted[lab] = counted.get(lab, 0) + 1
            assert counted == shown, (seat, s["decisions"])
        checked += 1
        seat = game.waiting(s)[0]
        game.apply(s, seat, bots[seat].choose(game, s, seat))
