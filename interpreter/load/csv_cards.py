"""Card lists kept in a spreadsheet: a CSV file with a header row, read as a `cards:` list.

Each row is one card; each column an attribute (`id`, `type`, `zone`, `count`, `name`, or
any attribute the game's effects and labels read). A cell that is a whole number becomes a
number, `true`/`false` a truth value, an empty cell no attribute at all, and anything else
(or any quoted cell) a text. The rows keep their positions (file.csv:row:col), so they are
validated exactly like a YAML card list.
"""
from __future__ import annotations

import re
from pathlib import Path

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from ..errors import Finding
from .yamlio import YamlDoc, read_text

_INT = re.compile(r"^-?\d+$")


class CsvDoc(YamlDoc):
    """A CSV card list dressed as a YAML document: root {cards: [row mappings]}."""

    def __init__(self, path: str, text: str, root, header: list):
        super().__init__(path, text, root)
        self.header = header          # [(column name, line, col)], 1-based
        self.blanks: dict = {}        # (row index, column name) -> (line, col) of an empty cell

    def place(self, path) -> str:
        """Where a schema path lies in the CSV file: "row 3, column 'cost'"."""
        if len(path) >= 2 and path[0] == "cards" and isinstance(path[1], int):
            row = self.root["cards"].lc.item(path[1])[0] + 1
            return f"row {row}" + (f", column '{path[2]}'" if len(path) > 2 else "")
        return "the card list"


def split_cells(text: str):
    """Rows of cells [(text, quoted, line, col)], 1-based, of a CSV text; a quoted cell may
    hold commas, doubled quotes and line breaks."""
    rows, row = [], []
    i, line, col, n = 0, 1, 1, len(text)
    while i <= n:
        start_line, start_col = line, col
        if i < n and text[i] == '"':
            i, col = i + 1, col + 1
            buf = []
            while i < n:
                ch = text[i]
                if ch == '"' and i + 1 < n and text[i + 1] == '"':
                    buf.append('"')
                    i, col = i + 2, col + 2
                elif ch == '"':
                    i, col = i + 1, col + 1
                    break
                else:
                    buf.append(ch)
                    line, col = (line + 1, 1) if ch == "\n" else (line, col + 1)
                    i += 1
            value, quoted = "".join(buf), True
            while i < n and text[i] not in ",\r\n":   # stray text after the closing quote
                value += text[i]
                i, col = i + 1, col + 1
        else:
            j = i
            while j < n and text[j] not in ",\r\n":
                j += 1
            value, quoted = text[i:j], False
            col += j - i
            i = j
        row.append((value, quoted, start_line, start_col))
        if i < n and text[i] == ",":
            i, col = i + 1, col + 1
            continue
        if i < n and text[i] == "\r":
            i += 1
        if i < n and text[i] == "\n":
            i += 1
        line, col = line + 1, 1
        if any(c[0].strip() or c[1] for c in row):
            rows.append(row)
        row = []
        if i >= n:
            break
    return rows


def typed(value: str, quoted: bool):
    v = value.strip()
    if quoted:
        return value
    if _INT.match(v):
        return int(v)
    if v in ("true", "false"):
        return v == "true"
    return v


def read_csv(path: Path, display: str, findings: list) -> CsvDoc | None:
    text = read_text(path, display, findings, "utf-8-sig")   # a spreadsheet may write a BOM
    if text is None:
        return None
    rows = split_cells(text)
    cards = CommentedSeq()
    root = CommentedMap()
    root["cards"] = cards
    root._yaml_set_kv_line_col("cards", [0, 0, 0, 0])
    if not rows:
        findings.append(Finding(display, 1, 1, "CSV-HEADER", "the file is empty; the first row "
                                "names the columns (id, type, zone, ...)"))
        return None
    header = [(c[0].strip(), c[2], c[3]) for c in rows[0]]
    seen = {}
    for name, line, col in header:
        if not name:
            findings.append(Finding(display, line, col, "CSV-HEADER", "a column has no name"))
        elif name in seen:
            findings.append(Finding(display, line, col, "CSV-HEADER",
                                    f"the column '{name}' appears twice (first at column "
                                    f"{seen[name]})"))
        else:
            seen[name] = col
    blanks = {}
    for row in rows[1:]:
        card = CommentedMap()
        line0, col0 = row[0][2] - 1, row[0][3] - 1
        card._yaml_set_line_col(line0, col0)
        if len(row) > len(header):
            extra = row[len(header)]
            findings.append(Finding(display, extra[2], extra[3], "CSV-ROW",
                                    f"this row has {len(row)} cells but the header names "
                                    f"{len(header)} columns"))
        for (name, _, _), (value, quoted, line, col) in zip(header, row):
            if name and not value.strip() and not quoted:
                blanks[(len(cards), name)] = (line, col)   # no attribute: where it would be
            if not name or name in card or (not value.strip() and not quoted):
                continue
            card[name] = typed(value, quoted)
            card._yaml_set_kv_line_col(name, [line - 1, col - 1, line - 1, col - 1])
        cards.append(card)
        cards._yaml_set_idx_line_col(len(cards) - 1, [line0, col0])
    doc = CsvDoc(display, text, root, header)
    doc.blanks = blanks
    return doc
