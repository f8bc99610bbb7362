"""Little Hearts by hand (benchmarks/games/hearts/game.yaml): 32 cards (7 to ace in four
suits) shuffled and dealt, 8 each to 4 players or 10 each to 3 (two cards unseen); hands
sorted by suit, then rank. The first player leads the first trick; the others, clockwise,
must follow the led suit if they can, else play any card; the highest card of the led suit
takes the trick, its points (1 per heart, 5 for the queen of spades) and the next lead.
When the hands are empty the fewest points win. A player with one legal card plays it
without being asked, as the YAML's `choose` does."""
from __future__ import annotations

from interpreter.effects import rng

SUITS = ["clubs", "diamonds", "spades", "hearts"]       # the card list's order
FACES = {7: "7", 8: "8", 9: "9", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}
# one tuple per card, in the card list's order: (suit, rank, label, points)
CARDS = [(suit, rank, f"{face} of {suit}",
          1 if suit == "hearts" else 5 if (suit, rank) == ("spades", 12) else 0)
         for suit in SUITS for rank, face in FACES.items()]
HAND_SIZE = {3: 10, 4: 8}


class Hearts:
    name = "Little Hearts"

    def new_state(self, players: int = 4, seed: int = 0) -> dict:
        if players not in HAND_SIZE:
            raise ValueError("Little Hearts is for 3 or 4 players")
        s = {"n": players, "rng": rng.seed_state(seed), "hands": [], "penalty": [0] * players,
             "leader": 0, "turn": 0, "led": None, "best": None, "taker": 0, "table": [],
             "tricks_left": HAND_SIZE[players], "decisions": 0, "over": False, "result": None}
        deck = list(range(len(CARDS)))
        rng.shuffle(s, deck)
        for _ in range(players):
            hand = [deck.pop() for _ in range(HAND_SIZE[players])]   # from the top (the end)
            hand.sort(key=lambda c: (CARDS[c][0], CARDS[c][1]))     # suit names, then rank
            s["hands"].append(hand)
        self._play_on(s)
        return s

    def is_over(self, s: dict) -> bool:
        return s["over"]

    def result(self, s: dict):
        return s["result"]

    def _seat(self, s: dict) -> int:
        return (s["leader"] + s["turn"]) % s["n"]

    def _legal(self, s: dict) -> list:
        hand = s["hands"][self._seat(s)]
        led = s["led"]
        if led is None:
            return hand
        follow = [c for c in hand if CARDS[c][0] == led]
        return follow or hand

    def waiting(self, s: dict) -> list:
        return [] if s["over"] else [self._seat(s)]

    def option_count(self, s: dict, seat: int) -> int:
        return 0 if s["over"] or seat != self._seat(s) else len(self._legal(s))

    def options(self, s: dict, seat: int) -> list:
        if s["over"] or seat != self._seat(s):
            return []
        return [CARDS[c][2] for c in self._legal(s)]

    def apply(self, s: dict, seat: int, choice) -> None:
        if s["over"] or seat != self._seat(s):
            raise ValueError(f"it is not seat {seat}'s decision")
        legal = self._legal(s)
        index = self.options(s, seat).index(choice) if isinstance(choice, str) else choice
        s["decisions"] += 1
        self._play(s, legal[index])
        self._play_on(s)

    def _play_on(self, s: dict) -> None:
        """Play every card that is the only legal one, until someone has a choice."""
        while not s["over"]:
            legal = self._legal(s)
            if len(legal) != 1:
                return
            self._play(s, legal[0])

    def _play(self, s: dict, card: int) -> None:
        seat = self._seat(s)
        s["hands"][seat].remove(card)
        s["table"].append(card)
        suit, rank = CARDS[card][0], CARDS[card][1]
        if s["led"] is None:
            s["led"], s["best"], s["taker"] = suit, rank, seat
        elif suit == s["led"] and rank > s["best"]:
            s["best"], s["taker"] = rank, seat
        s["turn"] += 1
        if s["turn"] < s["n"]:
            return
        taker = s["taker"]                      # the trick is complete
        s["penalty"][taker] += sum(CARDS[c][3] for c in s["table"])
        s["table"] = []
        s["leader"], s["turn"], s["led"] = taker, 0, None
        s["tricks_left"] -= 1
        if s["tricks_left"] == 0:
            s["over"] = True
            s["result"] = fewest_points_result(s["penalty"])


def fewest_points_result(penalty: list) -> dict:
    """The engine's result for `end: {score: it.penalty, ranking: -it.penalty}`."""
    n = len(penalty)
    order = sorted(range(n), key=lambda p: -penalty[p], reverse=True)
    best = -penalty[order[0]]
    winners = [p for p in order if -penalty[p] == best]
    return {"winners": winners, "scores": list(penalty), "ranking": order,
            "draw": len(winners) != 1}
