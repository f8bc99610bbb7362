"""load: from a name or a path to the game's documents, before anything is built.

Where a game is (`documents.resolve_game_path`: a name under gamedefs/ or a path), its YAML
read safely with the position of every key and value (`yamlio`), card lists kept in CSV
(`csv_cards`), the JSON Schema's findings in plain words (`schema_errors`), the declared game
options and the check of any value given for one (`game_options`), and the user's cache of what
can be rebuilt (`cache`). Imports only errors and model; everything above builds on it.
"""
