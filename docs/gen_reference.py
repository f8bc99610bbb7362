"""Write the documentation's reference pages from the code, so they cannot drift from it:

    python docs/gen_reference.py

docs/reference/schema.md    every key of schemas/*.json (type, allowed values, description)
docs/reference/commands.md  every rulebook command and option (from click)
docs/reference/findings.md  every validate finding code (docs/reference/findings.yaml) with an
                            example from the broken-game corpus (tests/broken/)
docs/reference/language.md  every statement, operator and builtin of the effect language
                            (docs/reference/language.yaml, checked against the registries)

tests/test_docs_reference.py makes each page again in memory and fails when the committed
one differs. The pages' parts live in docs/refgen/ (one module per page)."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "docs"))

from refgen import commands, findings, language, schema  # noqa: E402

OUT = ROOT / "docs" / "reference"
PAGES = {"schema.md": schema.page, "commands.md": commands.page,
         "findings.md": findings.page, "language.md": language.page}


def pages() -> dict:
    """name -> the page's Markdown text, made from the code now."""
    return {name: make() for name, make in PAGES.items()}


def main() -> None:
    from interpreter.files import write_text
    for name, text in pages().items():
        write_text(OUT / name, text)
        print(f"wrote docs/reference/{name}")


if __name__ == "__main__":
    main()
