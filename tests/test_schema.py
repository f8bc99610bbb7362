"""The game schema itself: valid 2020-12, described everywhere, and used by every game."""
import json
from pathlib import Path

import jsonschema

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "schemas" / "game.schema.json").read_text())


def _walk(node, path="#"):
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from _walk(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _walk(value, f"{path}/{i}")


def test_schema_passes_the_2020_12_metaschema():
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_every_property_has_a_description():
    missing = []
    for path, node in _walk(SCHEMA):
        for name, sub in (node.get("properties") or {}).items():
            if not isinstance(sub, dict) or not sub.get("description"):
                missing.append(f"{path}/properties/{name}")
        extra = node.get("additionalProperties")
        if isinstance(extra, dict) and not extra.get("description"):
            missing.append(f"{path}/additionalProperties")
    assert not missing, missing


CARDS = json.loads((ROOT / "schemas" / "cards.schema.json").read_text())


def test_the_card_list_schema_passes_the_metaschema_and_matches_the_game_schema():
    jsonschema.Draft202012Validator.check_schema(CARDS)
    assert CARDS["properties"]["cards"] == SCHEMA["$defs"]["cards"]


def test_every_yaml_card_list_names_the_card_schema_on_its_first_line():
    for path in sorted((ROOT / "gamedefs").glob("*/cards/*.yaml")):
        first = path.read_text().splitlines()[0]
        assert first == "# yaml-language-server: $schema=../../../schemas/cards.schema.json", path


def test_every_game_file_names_the_schema_on_its_first_line():
    for game in sorted((ROOT / "gamedefs").glob("*/game.yaml")):
        first = game.read_text().splitlines()[0]
        assert first == "# yaml-language-server: $schema=../../schemas/game.schema.json", game


def test_every_key_a_designer_can_use_is_named_in_the_readme():
    """The schema describes every key; README must at least name each one, so a designer
    reading the tour finds them all (not only an editor's hover)."""
    import json
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    schema = json.loads((root / "schemas" / "game.schema.json").read_text())
    readme = (root / "README.md").read_text()
    keys = set()

    def walk(x):
        if isinstance(x, dict):
            props = x.get("properties")
            if isinstance(props, dict):
                keys.update(props)
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(schema)
    missing = sorted(k for k in keys if f"`{k}" not in readme and f"{k}:" not in readme
                     and f".{k}" not in readme)
    assert not missing, f"keys not named in README: {missing}"
