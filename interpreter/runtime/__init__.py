"""runtime: running a game: the driver, its state and the machine that runs the rules.

`game.Game` is the one driver API (waiting / options / apply / prompt) for people, bots,
tests, replays and simulations. The state is plain data (`state`), checked before it is
trusted (`state_check`); `vm` runs compiled scripts until someone must decide; `decisions`
and `sequence` say what a pending decision offers (secret sequences apart); `visibility`
answers who may see what; `run_errors` locates a failing rule in the YAML with seed and
decision; `saves` reads, checks and writes save files, and `play_session` keeps one game being
played (decisions by label, undo, saving) and rebuilds one from a save (`Session.from_save`).
Imports build and everything below it.
"""
