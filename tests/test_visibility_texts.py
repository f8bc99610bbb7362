"""Visibility honoured everywhere (issue 23, section 1): for every seat (and a spectator) at
every decision of games played by random bots, no view, option label, prompt, status line or
log line names a card the seat may not see, and every bot's imagined world shows the seat
exactly its own view.

A card is "named" when its label appears in a text. To tell copies apart, each test game is
loaded with every card's label made unique (`Red 2<red-2#2>`), so a text naming the visible
copy of a card is never mistaken for one naming its hidden twin. What a seat may see is the
one rule of runtime/visibility.py (visible_cards); tests/test_visibility.py checks that rule
itself on a game where everyone sees every hand but their own.

A log line may name a card to a seat that could see it when the line was written, at the
start of the decision that wrote it or at its end (a card logged as it is played from a hand
to the table is no secret), or to which a `reveal` showed it; the test's listener records
who could see what as each line is written."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.bots import make_bot
from interpreter.bots.worlds import determinize
from interpreter.effects.menus import list_label
from interpreter.present import views
from interpreter.runtime import decisions
from interpreter.runtime.game import Game
from interpreter.runtime.redaction import line_text, may_read
from interpreter.runtime.visibility import visible_cards
from scenario import strings
from test_visibility import _screen

GAMES = Path(__file__).parent / "games"
GAMEDEFS = Path(__file__).parent.parent / "gamedefs"
EXAMPLES = Path(__file__).parent.parent / "examples"
HINTS = str(GAMES / "hint_hands")

# every game of the repository (and its examples, once there are any), and the test games
# whose rules name hidden cards on purpose; (path, players)
ALL_GAMES = [(str(p), None) for p in sorted(GAMEDEFS.glob("*/game.yaml"))] + \
    [(str(p), None) for p in sorted(EXAMPLES.glob("*/game.yaml"))] + \
    [(HINTS, 3), (str(GAMES / "open_hands"), 3), (str(GAMES / "draft_sets"), 3)]


def _game_id(x) -> str:
    if not isinstance(x, str):
        return str(x)
    return Path(x).parent.name if x.endswith(".yaml") else Path(x).name


def unique_labels(path: str) -> Game:
    """The game with each card's label made unique (the label, then its id)."""
    game = Game.load(str(Path(path).parent) if path.endswith(".yaml") else path)
    labels = game.g.card_labels
    for card in labels:           # in place: compiled code holds this very mapping
        labels[card] = f"{labels[card]}<{card}>"
    return game


def named(game):
    tokens = {f"<{c}>": c for c in game.g.card_labels}
    return lambda text: {c for token, c in tokens.items() if token in text}


def world_disagrees(game, s, world, seat) -> list:
    """The parts of the seat's view that its imagined world shows differently. A pending
    secret choice of several seats is asked again in the world with no answer known, so
    who is still to answer is the one thing a world may show otherwise (as "waiting")."""
    real, imagined = views.view(game, s, seat), views.view(game, world, seat)
    pending = s["pending"]
    exempt = {"waiting"} if pending is not None and pending["each"] else set()
    return [k for k in real if k not in exempt and real[k] != imagined.get(k)]


def play_and_check(path: str, players, seed: int, decisions_max: int = 10 ** 6,
                   bot: str = "random") -> int:
    """Play one game, checking every seat at every decision; the number of decisions."""
    game = unique_labels(path)
    find = named(game)
    every = set(game.g.cards)
    lines: list = []
    players = players or game.g.players_min
    state: list = []        # the state, once new_state has returned it

    def hear(line):         # what each seat may see as the line is written
        lines.append((line, {p: every - visible_cards(game, state[0], p) for p in seats}
                      if state else None))
    seats = [None, *range(players)]
    s = game.new_state(players, seed, listener=hear)
    state.append(s)
    bots = [make_bot(bot, game, seed * 10 + p) for p in range(players)]
    hidden_before = {p: every for p in seats}
    steps = 0
    while True:
        hidden = {p: every - visible_cards(game, s, p) for p in seats}
        for line, hidden_then in lines:       # (setup's lines: as setup ends)
            shown = getattr(line, "shown", None) or {}
            for p in seats:
                if may_read(line, p):
                    text = line_text(line, p)
                    leak = find(text) & (hidden_then or hidden)[p] & hidden[p] & \
                        hidden_before[p]
                    leak = {c for c in leak if c not in shown or
                            (shown[c] is not None and p not in shown[c])}
                    assert not leak, f"{path} {seed} #{steps}: seat {p} reads {text!r}"
        lines.clear()
        hidden_before = hidden
        waiting = game.waiting(s)
        for p in seats:
            v = views.view(game, s, p)
            texts = list(strings(v))
            if p in waiting:    # (in the view too; and a secret sequence's steps so far)
                texts += game.options(s, p) + [game.prompt(s, p)] + game.steps(s, p)
                world = determinize(game, s, p, random.Random(steps))
                assert not world_disagrees(game, s, world, p), \
                    (path, seed, steps, p, world_disagrees(game, s, world, p))
            leak = set().union(*map(find, texts)) & hidden[p]
            assert not leak, f"{path} {seed} #{steps}: seat {p} is shown " \
                f"{[t for t in texts if find(t) & leak]}"
        if game.is_over(s) or steps >= decisions_max:
            return steps
        seat = waiting[0]
        game.apply(s, seat, bots[seat].choose(game, s, seat), listener=hear)
        steps += 1


@pytest.mark.parametrize("path,players", ALL_GAMES, ids=_game_id)
def test_no_seat_is_told_a_card_it_may_not_see(path, players):
    """A few seeded games of every game (the first 60 decisions of the long ones); a game
    may end within 3 decisions (a knock-out), but the seeds together play more."""
    assert sum(play_and_check(path, players, seed, decisions_max=60) for seed in (1, 2, 3, 4)) > 8


@pytest.mark.slow
@pytest.mark.parametrize("path,players", ALL_GAMES, ids=_game_id)
def test_no_seat_is_told_a_card_it_may_not_see_in_whole_games(path, players):
    for seed in range(3, 9):
        play_and_check(path, players, seed)


def test_a_seat_reads_its_own_hidden_cards_as_neutral_words():
    """hint_hands: hands are `visibility: others`; each seat plays a card it cannot see, and
    the rules name it in a prompt, options, a label text, public and private log lines."""
    game = Game.load(HINTS)
    lines: list = []
    s = game.new_state(3, 1, listener=lines.append)
    label = game.g.card_labels
    known = s["z"]["deck"][-1]                  # setup: `mark top(deck) known kept`
    for seat in range(3):                       # the hints: each seat shows a colour
        game.apply(s, seat, 0, listener=lines.append)
    lines.clear()
    assert game.options(s, 0) == ["card 1", "card 2", "card 3"]
    assert game.prompt(s, None) == "P1: play one of 3 cards"     # P1 sees no card of it
    # P2 may see P1's hand: the prompt names it for P2 (a collection is counted)
    assert game.prompt(s, 1) == f"P1: play one of {list_label(game.g, s['z']['0.hand'], 'card')}"
    hand = [label[c] for c in s["z"]["0.hand"]]
    game.apply(s, 0, 1, listener=lines.append)
    played, drew, told, glimpse = lines
    assert str(played) == f"P1 plays {hand[1]}" and not getattr(played, "marks", ())
    # the card drawn was the deck's known top card: every seat may read its name
    assert s["z"]["0.hand"][-1] == known
    assert [line_text(drew, p) for p in (None, 0, 1, 2)] == [f"P1 draws {label[known]}"] * 4
    assert told.audience == (0,) and line_text(told, 0) == "you hold 3 cards"
    assert [may_read(told, p) for p in (None, 0, 1, 2)] == [False, True, False, False]
    # `reveal top(p.hand) to p`: the next line names it to P1 (and still to no one else)
    assert line_text(glimpse, 0) == f"you glimpse {label[known]}" and glimpse.audience == (0,)
    lines.clear()
    game.apply(s, 1, 0, listener=lines.append)      # P2 draws an unknown card
    drawn = label[s["z"]["1.hand"][-1]]
    drew = lines[1]
    assert [line_text(drew, p) for p in (None, 0, 1, 2)] == \
        ["P2 draws a card", f"P2 draws {drawn}", "P2 draws a card", f"P2 draws {drawn}"]
    # the hidden option's place is its label, and a label typed back finds it
    assert game.index_of(s, 2, "card 3") == 2
    with pytest.raises(Exception, match="not a legal option"):
        game.index_of(s, 2, label[s["z"]["2.hand"][2]])
    # the simultaneous pass: a label text about `it`, each seat's own hidden hand; P1's
    # known card (kept through the draw) is named to P1 too
    game.apply(s, 2, 0)
    assert decisions.kind(s) == decisions.EACH
    words = game.options(s, 0)
    assert f"pass {label[known]} on" in words and words.count("pass a card on") == 1


def test_everyone_but_the_owner_is_a_declared_visibility():
    from interpreter.runtime.visibility import declared, in_words
    assert declared("others", 1, 0) and declared("others", 1, 2)
    assert not declared("others", 1, 1) and not declared("others", 1, None)
    assert not declared("others", None, 0)          # a game's thing has no owner
    assert in_words("others") == "seen by every player but its owner"
    assert "viewer != card.owner" in in_words("all", "viewer != card.owner")
    game = Game.load(HINTS)
    s = game.new_state(3, 4)
    for seat in range(3):
        v = views.view(game, s, seat)
        for p, seat_view in enumerate(v["seats"]):
            hand = seat_view["zones"]["hand"]
            assert hand["visibility"] == "others" and hand["count"] == 3
            assert ("cards" in hand) == (p != seat)


def test_how_many_cards_a_seat_put_aside_is_hidden_when_declared():
    """hint_hands: `aside: {visibility: owner, hide_count: true}`; P1 puts one card aside."""
    game = Game.load(HINTS)
    s = game.new_state(3, 2)
    for seat in (None, 0, 1, 2):
        v = views.view(game, s, seat)
        for p, seat_view in enumerate(v["seats"]):
            aside = seat_view["zones"]["aside"]
            if p == seat:
                assert aside["count"] == len(aside["cards"]) == (1 if p == 0 else 0)
            else:
                assert "count" not in aside and "cards" not in aside
        screen = _screen(v)
        # every other seat's row is listed, full or empty, and says nothing of how many
        assert screen.count("how many is secret") == (3 if seat is None else 2)


def test_bots_imagine_who_put_a_card_aside_when_the_count_is_hidden():
    """A bot's world must not keep a `hide_count` zone's true count: P2 knows one card lies
    aside with P1 or P3 (cards are neither created nor lost), not with whom."""
    game = Game.load(HINTS)
    s = game.new_state(3, 2)
    holders = set()
    for seed in range(40):
        w = determinize(game, s, 1, random.Random(seed))
        holders |= {p for p in (0, 2) if w["z"][f"{p}.aside"]}
        assert len(w["z"]["0.aside"]) + len(w["z"]["2.aside"]) == 1
        assert not w["z"]["1.aside"]                  # its own: counted, so kept
        assert views.view(game, w, 1) == views.view(game, s, 1)
    assert holders == {0, 2}
    # P1 sees its own aside: its world keeps the card there
    assert all(len(determinize(game, s, 0, random.Random(n))["z"]["0.aside"]) == 1
               for n in range(10))


def test_a_world_does_not_depend_on_who_holds_a_hidden_count():
    """Two states that differ only in which other seat put the card aside look alike to P2,
    so its bot imagines the same world from the same generator."""
    game = Game.load(HINTS)
    s = game.new_state(3, 2)
    t = game.new_state(3, 2)
    card = t["z"]["0.aside"].pop()
    t["z"]["2.aside"].append(card)
    t["loc"][card] = "2.aside"
    assert views.view(game, s, 1) == views.view(game, t, 1)
    for seed in range(5):
        assert determinize(game, s, 1, random.Random(seed)) == \
            determinize(game, t, 1, random.Random(seed))
