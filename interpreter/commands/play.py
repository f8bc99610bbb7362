"""rulebook play: humans and bots at one table, scripted moves, save/load/undo."""
from __future__ import annotations

import json
import sys

import click

from ..present import terminal
from ..present.terminal import plural
from ..bots import BOTS, make_bot
from ..boards.geometry import answer_spelling
from ..errors import IllegalMove
from ..runtime.redaction import line_text, may_read
from ..effects.rng import new_seed
from ..runtime.decisions import UNDO as UNDO_STEP
from ..runtime import saves as savefile
from .common import Failed, bot_args, load_game, option_args, reports_errors, seed_option
from .human import Human
from . import table_play
from . import play_endings
from .seat_actions import free_path, quit_note, save_note, undo_note
from ..runtime.play_session import Session
from ..analysis.overrides import resized
from ..safe_text import spelled

HUMAN = "human"
DEFAULT_BOT = "greedy"   # a newcomer's first game against random bots is a poor one


@click.command("play", short_help="Play a game against bots or people.")
@click.argument("game_name", metavar="GAME")
@click.option("--players", type=click.IntRange(min=1),
              help="Number of players (default: the game's minimum).")
@click.option("--seed", type=int, callback=seed_option,
              help="Random seed (default: 64 random bits, shown only at the end).")
@click.option("--variant", help="A variant of the game (see: rulebook list).")
@click.option("--bots", "bot_kind", metavar="KIND", default=DEFAULT_BOT, show_default=True,
              help=f"The kind of bot in every seat no person plays ({', '.join(BOTS)}).")
@click.option("--humans", type=click.IntRange(min=0), default=1, show_default=True, metavar="N",
              help="How many seats people play, from seat 1 (0: bots only; 2 or more: they "
                   "share the terminal, hot seat).")
@click.option("--bot", "bot_specs", metavar="SEAT=KIND", multiple=True,
              help="One seat's player: a bot kind, or 'human'. Repeatable; seats are 1-based.")
@click.option("--save", "save_path", metavar="FILE", help="Save file written by 'save', on quit "
              "and at the end.")
@click.option("--load", "load_path", metavar="FILE", help="Continue a saved game.")
@click.option("--moves", "moves_path", metavar="FILE", help="Decisions by label, one per line, "
              "made in order for whichever seat must decide.")
@click.option("--option", "option_specs", metavar="NAME=VALUE", multiple=True,
              help="Set a game option (see: rulebook list), e.g. --option turn_cap=50. "
                   "Repeatable.")
@click.option("--json", "as_json", is_flag=True, help="Print only the result, as JSON.")
@click.option("--plain", is_flag=True, help="The line-by-line table (for screen readers, "
              "logs, small terminals) instead of the full-screen one.")
@reports_errors
def play(game_name, players, seed, variant, bot_kind, humans, bot_specs, save_path, load_path,
         moves_path, option_specs, as_json, plain):
    """Play GAME: you in seat 1 against greedy bots, or any mix of people and bots."""
    game = load_game(game_name)
    con = terminal.console(quiet=as_json)
    options = option_args(game, option_specs)
    if load_path:
        session = load_session(game, load_path, players, seed, variant, game_name)
        if options and options != session.options:
            click.echo("note: --option ignored: the save file has its own options", err=True)
    else:
        seed = new_seed() if seed is None else seed   # 64 bits from the OS, shown at the end
        game = resized(game, options)
        session = Session(game, players, seed, variant, options)
    kinds = seat_kinds(game, session.players, bot_kind, humans, bot_specs)
    bots = {p: make_bot(k, game, session.seed * 1009 + p) for p, k in enumerate(kinds)
            if k != HUMAN}
    humans = {p for p, k in enumerate(kinds) if k == HUMAN}
    moves = read_moves(moves_path) if moves_path else []
    human = Human(con, session, humans)
    with play_endings.signals_end_play():     # SIGHUP, SIGTERM: saved as for Ctrl-C
        try:
            if table_play.wanted(plain, moves_path, as_json, humans):
                outcome = at_table(con, session, bots, human, save_path)
            else:
                outcome = run(session, bots, human, moves, moves_path, as_json, save_path)
        except KeyboardInterrupt:
            interrupted(session, save_path)
        except EOFError:   # Ctrl-D, or the piped input ran out: saved as for Ctrl-C
            interrupted(session, save_path, "Input ended")
        except play_endings.Ended as e:
            interrupted(session, save_path, *play_endings.ENDINGS[e.outcome])
        except Failed:
            raise
        except Exception:   # a rules error at either table: the game is kept, then reported
            if humans and session.decisions:
                kept(session, save_path)
            raise
    if moves:
        click.echo(f"note: the game ended with {plural(len(moves), 'unused line')} left in "
                   f"{moves_path}, from line {moves[0][0]}", err=True)
    if save_path:
        session.save(save_path)
    if as_json:
        click.echo(json.dumps(session.result_json()))
        return
    if outcome == "over":
        shown = min(human.seen.values()) if humans else 0
        for line in session.log[shown:]:
            # on one screen: a private line only when every person watching may read it
            if all(may_read(line, p) for p in humans) and (humans or may_read(line, None)):
                con.print(spelled(line_text(line, *(humans or [None]))), markup=False)
        terminal.render_result(con, game, dict(game.result(session.state),
                                               terms=game.score_terms(session.state)))
    # the seed only once the game is over: with it a seat could recompute every hidden card
    seed = f"seed {session.seed}, " if game.is_over(session.state) else ""
    con.print(f"{seed}{plural(len(session.decisions), 'decision')}"
              + (f"; saved to {save_path}" if save_path else ""), markup=False)


def at_table(con, session, bots, human, save_path) -> str:
    """The full-screen table; "over" or "quit", else the game is saved and the command exits
    (said once the terminal is back)."""
    outcome = table_play.play_at_table(session, bots, human.humans, save_path)
    play_endings.listening_again()      # (the app's event loop reset the handlers)
    if outcome in play_endings.ENDINGS:
        interrupted(session, save_path, *play_endings.ENDINGS[outcome])
    if outcome == "quit":
        con.print(quit_note(session, save_path), markup=False)
    human.seen = {p: len(session.log) for p in human.humans}   # the app showed the log
    return outcome


def run(session, bots, human, moves, moves_path, as_json, save_path) -> str:
    """The driver loop: scripted moves first, then bots and people. Returns "over" or "quit"."""
    game = session.game
    no_terminal = as_json or (moves_path is not None and not sys.stdin.isatty())
    while not game.is_over(session.state):
        waiting = game.waiting(session.state)
        if moves:
            line_no, label = moves.pop(0)
            seat = waiting[0]
            if any(b.shape == "hex" for b in game.g.boards.values()):
                # a hex corner in another spelling ("B.sw" for the option "A.se")
                label = answer_spelling(game.g, label, game.options(session.state, seat)) or label
            try:
                session.decide(seat, label)
            except IllegalMove as e:
                raise Failed(f"{moves_path}:{line_no}: {game.g.seat_label(seat)} cannot "
                             f"choose '{label}': {e}") from None
            continue
        bot_seat = next((p for p in waiting if p in bots), None)
        if bot_seat is not None:
            session.decide(bot_seat, bots[bot_seat].choose(game, session.state, bot_seat))
            continue
        seat = waiting[0]
        if no_terminal:
            why = "--json plays without a terminal" if as_json else \
                "the moves ran out and there is no terminal to ask"
            raise Failed(f"{game.g.seat_label(seat)} (a human seat) must decide "
                         f"'{game.prompt(session.state, seat)}', but {why}; use --humans 0 "
                         f"(bots only) or --bot SEAT=KIND for that seat, or add moves")
        if not ask_human(session, human, seat, save_path):
            return "quit"
    return "over"


def ask_human(session, human, seat, save_path) -> bool:
    """One human decision or command; False when the person quits."""
    con = human.con
    # Ctrl-C and Ctrl-D (EOFError) are the caller's: it saves the game wherever it is
    action, arg = human.ask(seat)
    if action == "choose":
        session.decide(seat, arg)
    elif action == "undo":
        if UNDO_STEP in session.game.options(session.state, seat):
            session.decide(seat, UNDO_STEP)     # inside a secret sequence: its last step
            return True
        human.note(undo_note(session, seat, human.humans))
    elif action == "save":
        human.note(save_note(session, arg, save_path))
    elif action == "quit":     # saved, as Ctrl-C and Ctrl-D save: a game is never lost
        con.print(quit_note(session, save_path), markup=False)
        return False
    return True


def load_session(game, path, players, seed, variant, game_name=None) -> Session:
    data = savefile.read(path)
    if game_name is not None:       # a save of a board sized by an option: that board
        game = resized(game, data.get("options") or {})
    session = Session.from_save(game, data)   # hash, options and generator checked
    # saved back to this file (quit, Ctrl-C, save), not beside it
    session.saved_to, session.saved_decisions = path, list(session.decisions)
    problem, note = savefile.hash_problem(game, session.state, data)
    if problem:
        raise Failed(f"'{path}' does not match this game: {problem} (the game's rules or "
                     f"the file changed)")
    if note:
        click.echo(spelled(f"note: {note}"), err=True)
    given = {"--players": (players, session.players), "--seed": (seed, session.seed),
             "--variant": (variant, session.variant)}
    for flag, (mine, saved) in given.items():
        if mine is not None and mine != saved:
            click.echo(spelled(f"note: {flag} {mine} ignored: the save file has {saved}"),
                       err=True)
    return session


def seat_kinds(game, n, bot_kind, humans, bot_specs) -> list:
    """Who plays each seat: 'human' or a bot kind. The first `humans` seats are people, the
    others bots of `bot_kind`; --bot SEAT=KIND then sets single seats."""
    if humans > n:
        raise Failed(f"--humans {humans}: this game has {n} seats (use --players)")
    kinds = bot_args(game, [HUMAN] * humans + [bot_kind] * (n - humans), bot_specs)
    for k in set(kinds) - {HUMAN}:
        make_bot(k, game, 0)   # an unknown kind fails here, before anything is played
    return kinds


def interrupted(session, save_path, why: str = "Interrupted", code: int = 130) -> None:
    """Ctrl-C, Ctrl-D, a signal (play_endings): the game so far is saved (to --save, else the
    file it was loaded from or last saved to, else a new file here) and the message names the
    file, so nothing is lost. Exits with `code` (130 for an interrupt, Ctrl-D too: the game
    did not end)."""
    play_endings.hold()
    path = save_path or session.saved_to or free_path(session.game.g.id)
    try:
        if not session.unchanged_in(path):
            session.save(path)
    except OSError as e:
        _say(spelled(f"\n{why}; the game could not be saved to {path}: {e.strerror or e}"))
        sys.exit(code)
    _say(spelled(f"\n{why}: the game is saved to {path}. Continue it with: "
                 + savefile.play_command(session.game.g, path)))
    sys.exit(code)


def kept(session, save_path) -> None:
    """Before an error is reported: the game so far saved, and where said."""
    play_endings.hold()
    path = save_path or session.saved_to or free_path(session.game.g.id)
    try:
        session.save(path)
        _say(spelled(f"The game so far is saved to {path}."))
    except OSError as e:
        _say(spelled(f"The game could not be saved to {path}: {e.strerror or e}"))


def _say(text: str) -> None:
    """A message on stderr, which may be gone (the terminal closed): the save is what counts."""
    try:
        click.echo(text, err=True)
    except (OSError, ValueError):
        pass


def read_moves(path) -> list:
    """(line number, label) for each decision line; blank lines and # comments skipped."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise Failed(f"cannot read the moves file '{path}': {getattr(e, 'strerror', None) or e}")
    return [(i, line.strip()) for i, line in enumerate(lines, 1)
            if line.strip() and not line.strip().startswith("#")]
