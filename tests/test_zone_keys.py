"""The zone key (interpreter/zone_keys.py): one owner builds and reads "seat.zone.key"."""
import pytest

from interpreter import zone_keys as Z
from interpreter.runtime.game import Game


@pytest.mark.parametrize("seat, zone, sub, key", [
    (0, "hand", None, "0.hand"), (12, "slots", "fame", "12.slots.fame"),
    (None, "market", None, "market"), (None, "board", "d4", "board.d4"),
])
def test_a_key_is_made_and_read_back(seat, zone, sub, key):
    assert Z.make(seat, zone, sub) == key
    assert Z.parse(key) == (seat, zone, sub)
    assert Z.seat_of(key) == seat and Z.group_name(key) == zone
    assert Z.without_seat(key) == (zone if sub is None else f"{zone}.{sub}")
    assert Z.make(seat, Z.without_seat(key)) == key     # how `card.zone` is put back


def test_group_keys_give_one_key_per_sub_key_or_the_zone_itself():
    assert Z.group_keys("slots", ("fame", "wealth"), 1) == ["1.slots.fame", "1.slots.wealth"]
    assert Z.group_keys("market", ()) == ["market"]


@pytest.mark.parametrize("name, players", [("metras", 3), ("etheria", 4), ("metscri", 2)])
def test_all_keys_are_exactly_a_new_states_zones(name, players):
    game = Game.load(name)
    s = game.new_state(players, seed=1)
    keys = Z.all_keys(game.g, players)
    assert keys == list(s["z"]) and len(set(keys)) == len(keys)
    for key in keys:     # every key names its declared zone (a board is a zone group too)
        seat, zone, _ = Z.parse(key)
        assert zone in (game.g.game_zones if seat is None else game.g.player_zones)
