"""build: a GameDef from the game's plain data, every text compiled once.

`game_loader.load_game` is the entry: it reads the documents (load/), runs the builder
(`builder`: cards, flow, values, abilities, boards, bot settings, metrics), whose texts are
compiled by the effects compiler (`texts`), runs the checks (checks/), and attaches the option
declarations, sources and definition hash. `check_game` gives every finding without raising.
Imports checks, effects, boards and load; nothing that runs a game.
"""
