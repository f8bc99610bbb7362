"""Golden transcripts: one seeded game per game, played by the random bot.

Each decision is one line (seat | prompt | chosen label), followed by the rule log lines
the listener received (in a simultaneous choice the first seat still
waiting answers first); the file ends with the result and the final state hash. The tests
replay each game, here and in a fresh Python process, and compare it with its file under
tests/golden/.
A deliberate change of the rules or labels: regenerate with

    RULEBOOK_UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py

and read the diff before committing it.
"""
from __future__ import annotations

import difflib
import os
import random
import subprocess
import sys
from pathlib import Path

from scenario import load

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
# (game, players, seed, file, options): Metscri's random bots never reach the goal, so its
# transcript is a short capped game (4 rounds) that still shows every kind of decision;
# M.E.T.A.'s likewise (6 rounds: students, mulligans, first player, plays, buys, moves).
CASES = [("metras", 4, 7, "metras_seed7_4p.txt", None),
         ("etheria", 4, 3, "etheria_seed3_4p.txt", None),
         ("metscri", 3, 6, "metscri_seed6_3p.txt", {"turn_cap": 4}),
         ("meta", 2, 4, "meta_seed4_2p.txt", {"turn_cap": 6}),
         ("metropolis", 5, 2, "metropolis_seed2_5p.txt", None)]


def transcript(name: str, players: int, seed: int, options: dict | None = None) -> str:
    game = load(name)
    label = game.g.seat_label
    out = [f"# {name}, {players} players, seed {seed}, variant {game.g.default_variant}"
           + (f", options {options}" if options else "")
           + f"; random bot random.Random({seed}).randrange over the options"]

    def log(text):
        out.append(f"    . {text}")
    s = game.new_state(players=players, seed=seed, options=options, listener=log)
    bot = random.Random(seed)
    while not game.is_over(s):
        seat = game.waiting(s)[0]
        options = game.options(s, seat)
        choice = options[bot.randrange(len(options))]
        out.append(f"{label(seat)} | {game.prompt(s, seat)} | {choice}")
        game.apply_label(s, seat, choice, listener=log)
    res = game.result(s)
    out.append(f"decisions: {s['decisions']}")
    out.append("scores: " + ", ".join(f"{label(p)} {v}" for p, v in enumerate(res["scores"])))
    out.append("ranking: " + ", ".join(label(p) for p in res["ranking"]))
    out.append("winners: " + ", ".join(label(p) for p in res["winners"]))
    out.append(f"state_hash: {game.state_hash(s)}")
    return "\n".join(out) + "\n"


def test_golden_transcripts():
    for name, players, seed, file, options in CASES:
        path = GOLDEN / file
        text = transcript(name, players, seed, options)
        if os.environ.get("RULEBOOK_UPDATE_GOLDEN") == "1":
            path.write_text(text)
            continue
        assert path.is_file(), f"{path} is missing: run with RULEBOOK_UPDATE_GOLDEN=1"
        expected = path.read_text()
        if text != expected:
            diff = list(difflib.unified_diff(expected.splitlines(), text.splitlines(),
                                             str(path), "this run", lineterm="", n=2))
            raise AssertionError(f"{file} differs (RULEBOOK_UPDATE_GOLDEN=1 to accept):\n"
                                 + "\n".join(diff[:60]))


def test_a_fresh_process_plays_the_stored_transcripts_byte_for_byte(tmp_path):
    """Each golden game played again in a new Python process (its own imports, caches and
    string hashing) writes the bytes stored under tests/golden/: nothing in a transcript
    depends on what this process did before."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests")]),
               PYTHONHASHSEED="12345")
    r = subprocess.run([sys.executable, str(Path(__file__).resolve()), str(tmp_path)],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
                       check=False)
    assert r.returncode == 0, r.stderr
    for _, _, _, file, _ in CASES:
        assert (tmp_path / file).read_bytes() == (GOLDEN / file).read_bytes(), file


if __name__ == "__main__":      # the fresh process: write every transcript into sys.argv[1]
    for name, players, seed, file, options in CASES:
        Path(sys.argv[1], file).write_bytes(transcript(name, players, seed, options).encode())
