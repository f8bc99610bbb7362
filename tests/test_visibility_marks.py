"""Public knowledge about hidden cards (issue 23, section 1): `mark CARDS "text"`, `mark CARDS
known`, `mark CARDS shows ATTR`, each optionally `to PLAYERS` and `kept`; `unmark CARDS`.
Marks are shown on the card (on its back when hidden) to the seats told, go when the card
changes zone unless kept, and bots' imagined worlds keep them true where practical: a known
card stays where it is, a place marked with an attribute's value gets a card with it.

tests/games/hint_hands: setup marks the deck's top card `known kept`; each seat shows the
next one where a colour is (`mark q.hand where it.colour == colour shows colour`); a card
drawn is marked "new"."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.bots.worlds import determinize, hidden_places
from interpreter.errors import GameDefError
from interpreter.present import views
from interpreter.runtime.game import Game
from interpreter.runtime.vm import VM
from interpreter.runtime.visibility import known_cards, mark_words, visible_cards
from places import edited_copy
from test_visibility import _screen

HINTS = Path(__file__).parent / "games" / "hint_hands"


def hinted(players: int = 3, seed: int = 1, colour: int = 0):
    """hint_hands after the first hints (every seat shows the same colour)."""
    game = Game.load(str(HINTS))
    s = game.new_state(players, seed)
    for seat in range(players):
        game.apply(s, seat, colour)
    return game, s


def test_a_known_card_is_seen_by_all_and_stays_known_where_kept():
    game = Game.load(str(HINTS))
    s = game.new_state(3, 1)
    top = s["z"]["deck"][-1]
    label = game.g.card_labels[top]
    for seat in (None, 0, 1, 2):
        assert top in visible_cards(game, s, seat) and top in known_cards(s, seat)
        assert views.view(game, s, seat)["zones"]["deck"]["cards"][-1] == label
        assert label.lower() in _screen(views.view(game, s, seat)).lower()
        # the other deck cards stay backs, and a world never deals the known card elsewhere
        world = determinize(game, s, seat if seat is not None else 0, random.Random(3))
        assert world["z"]["deck"][-1] == top
    for seat in range(3):
        game.apply(s, seat, 0)
    game.apply(s, 0, 0)                     # P1 plays, then draws the known card
    assert s["z"]["0.hand"][-1] == top and top in known_cards(s, 0)     # kept
    assert game.options(s, 1)               # (the game goes on)
    assert views.view(game, s, 0)["seats"][0]["zones"]["hand"]["cards"][-1] == f"{label} [new]"
    assert top not in {c for k, i in hidden_places(game, s, 0) for c in [s["z"][k][i]]}


def test_a_hint_marks_the_backs_of_hidden_cards_and_worlds_keep_it_true():
    game, s = hinted(colour=0)              # every seat shows the next one its red cards
    cards = game.g.cards
    hand = s["z"]["1.hand"]                 # P1 showed P2 its reds
    reds = [i for i, c in enumerate(hand) if cards[c]["colour"] == "red"]
    own = views.view(game, s, 1)["seats"][1]["zones"]["hand"]["cards"]
    assert [i for i, x in enumerate(own) if x == "(hidden) [colour red]"] == reds
    assert all(x == "(hidden)" for i, x in enumerate(own) if i not in reds)
    assert all(mark_words(s, hand[i], None) == ["colour red"] for i in reds)
    # P2's worlds deal a red card to every place it was told is red
    for n in range(40):
        world = determinize(game, s, 1, random.Random(n))
        assert all(cards[world["z"]["1.hand"][i]]["colour"] == "red" for i in reds)
    # the mark goes when the card changes zone (played to the table): not kept
    assert reds
    while game.waiting(s) != [1]:
        game.apply(s, game.waiting(s)[0], 0)
    card = hand[reds[0]]
    game.apply(s, 1, reds[0])
    assert s["loc"][card] == "table" and not mark_words(s, card, 1)


def test_a_mark_told_to_some_seats_is_theirs_alone(tmp_path):
    path = edited_copy(HINTS, tmp_path, "mark q.hand where it.colour == colour shows colour",
                       "mark q.hand where it.colour == colour shows colour to p")
    game = Game.load(str(path))
    s = game.new_state(3, 2)
    for seat in range(3):
        game.apply(s, seat, 1)              # blue
    blues = {c for c in s["z"]["1.hand"] if game.g.cards[c]["colour"] == "blue"}
    for c in blues:
        assert mark_words(s, c, 0) == ["colour blue"]        # P1 told P2: P1 knows
        assert mark_words(s, c, 1) == mark_words(s, c, None) == []
    for seat in (1, 2):                     # a world of another seat holds no such mark
        world = determinize(game, s, seat, random.Random(1))
        assert not any(m[0] == "attr" and m[2] == [0] for ms in (world.get("mk") or {}).values()
                       for m in ms)


def test_unmark_clears_and_marks_are_checked_when_compiled(tmp_path):
    path = edited_copy(HINTS, tmp_path, '            mark top(p.hand) "new"',
                       '            mark top(p.hand) "new"\n            unmark top(p.hand)')
    game = Game.load(str(path))
    s = game.new_state(2, 1)
    for seat in range(2):
        game.apply(s, seat, 0)
    game.apply(s, 0, 0)
    assert "new" not in mark_words(s, s["z"]["0.hand"][-1], 1)
    for text, code in (('mark 3 "x"', "TYPE"), ("mark top(deck) shows hue", "REF-UNDEF"),
                       ('mark top(deck) "x" to 3', "TYPE")):
        bad = edited_copy(HINTS, tmp_path / code / text.split()[1][:3],
                          "mark top(deck) known kept", text)
        with pytest.raises(GameDefError) as e:
            Game.load(str(bad))
        assert any(f.code == code and f.line > 1 for f in e.value.findings), e.value


def test_a_saved_state_with_marks_is_checked():
    from interpreter.errors import SaveFileError
    from interpreter.runtime import state_check
    game, s = hinted()
    state_check.check(game.g, s)
    broken = dict(s, mk={"no-such-card": [["text", "x", None, False]]})
    with pytest.raises(SaveFileError, match="not a card"):
        state_check.check(game.g, broken)
    broken = dict(s, mk={next(iter(s["mk"])): [["glow", "x", None, False]]})
    with pytest.raises(SaveFileError, match="not marks"):
        state_check.check(game.g, broken)


def test_shown_reads_a_mark_back_for_the_rules_and_only_what_the_seat_was_told(tmp_path):
    """`shown(card, ATTR [, p])` reads the value a `mark ... shows ATTR` gave: everyone's
    marks without p, a seat's own with it; none without a mark (one record of a hint)."""
    game = Game.load(str(HINTS))
    s = game.new_state(3, 1)
    vm = VM(game.g, s)
    a, b = s["z"]["1.hand"][:2]
    assert vm.shown(a, "colour") is None
    vm.mark([a], "attr", "colour", False)
    vm.mark([b], "attr", "rank", False, to=[2])
    assert vm.shown(a, "colour") == game.g.cards[a]["colour"]
    assert vm.shown(b, "rank") is None                       # told to P3 only
    assert vm.shown(b, "rank", 2) == game.g.cards[b]["rank"]
    assert vm.shown(b, "rank", 0) is None
    # P1's world forgets the mark told to P3: its rules cannot read it there
    w = determinize(game, s, 0, random.Random(1))
    assert not any(m[0] == "attr" and m[1][0] == "rank" for ms in (w.get("mk") or {}).values()
                   for m in ms)
