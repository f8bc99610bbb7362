"""The house plan holds: the pipeline's packages import downward only (the contract in
pyproject.toml's [tool.importlinter]), checked by import-linter on every test run."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_layers_import_downward_only():
    run = subprocess.run([sys.executable, "-c",
                          "import sys; from importlinter.cli import lint_imports_command; "
                          "sys.exit(lint_imports_command())",
                          "--config", str(ROOT / "pyproject.toml"), "--no-cache"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert " 0 broken" in run.stdout


# The one import circle allowed: the Dask backend (analysis/cluster.py), loaded lazily by the
# runner only when a run goes to a cluster, imports the runner's game-playing functions back.
ALLOWED_CIRCLES = [{"interpreter.analysis.cluster", "interpreter.analysis.runner"}]


def test_no_module_imports_itself_round_a_circle():
    """No import circle anywhere in the engine, counting imports inside functions too
    (grimp, import-linter's graph), but the lazily loaded Dask backend's."""
    import grimp
    graph = grimp.build_graph("interpreter")
    edges = {m: graph.find_modules_directly_imported_by(m) for m in graph.modules}
    circles, index, low, stack, on, counter = [], {}, {}, [], set(), [0]

    def visit(v):           # Tarjan's strongly connected components
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = set()
            while True:
                w = stack.pop()
                on.discard(w)
                part.add(w)
                if w == v:
                    break
            if len(part) > 1:
                circles.append(part)
    for m in sorted(graph.modules):
        if m not in index:
            visit(m)
    assert [c for c in circles if c not in ALLOWED_CIRCLES] == []
