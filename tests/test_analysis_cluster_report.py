"""Dask runs give the same records as one process; the HTML report is self-contained and
renders its plots in a headless Chromium. Games: strong_card (tests/games)."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from interpreter.analysis.runner import Runner, RunSpec, tasks_for
from interpreter.load.documents import resolve_game_path

ROOT = Path(__file__).resolve().parent.parent
STRONG = str(ROOT / "tests" / "games" / "strong_card")
BLUE = (0x3b, 0x6e, 0xa8)   # the plots' bar colour


from test_analysis import run   # noqa: E402 - one CLI runner for the analysis tests


# ------------------------------------------------------------------ 2: Dask
def test_a_dask_local_cluster_with_2_workers_gives_the_records_of_one_process():
    # 2 x 80 strong_card games
    distributed = pytest.importorskip("distributed", reason="Dask is the optional extra "
                                      "'.[cluster]': pip install -e '.[cluster]'")
    spec = RunSpec(str(resolve_game_path(STRONG).resolve()), 2)
    tasks = tasks_for(11, 80, ["greedy", "random"], rotate=False)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        on_dask = Runner(scheduler=cluster.scheduler_address).run(spec, tasks)
    assert on_dask == Runner(1).run(spec, tasks)
    assert len(on_dask) == 80


# ------------------------------------------------------------------ 9: the report
def report_of(tmp_path, *args):
    out = tmp_path / "report.html"
    r = run(*args, "--report", out)
    assert r.exit_code == 0, r.output
    return out, out.read_text()


def test_simulate_report_is_one_self_contained_page(tmp_path):
    pytest.importorskip("matplotlib", reason="plots are the optional extra '.[report]'")
    # 150 strong_card games
    _, page = report_of(tmp_path, "simulate", STRONG, "-n", 150, "--json")
    assert page.count("<svg") == 4   # win rates, lengths, scores, per-card differences
    # nothing is fetched: no scripts, no links or images other than the SVGs' own ids
    assert "<script" not in page and "<img" not in page and "<link" not in page
    assert not re.findall(r'(?:href|src)="(?!#)', page)
    assert "rulebook simulate" in page and "crown" in page and "big_win" in page


def test_compare_and_sweep_reports(tmp_path):
    pytest.importorskip("matplotlib", reason="plots are the optional extra '.[report]'")
    # 2 x 60 and 3 x 40 strong_card games
    _, page = report_of(tmp_path, "compare", STRONG, "-n", 60, "--b-set", "cards.crown.value=1",
                        "--json")
    assert "significant" in page and page.count("<svg") == 9
    _, page = report_of(tmp_path, "sweep", STRONG, "-n", 40, "--set",
                        "cards.crown.value=1,6,12", "--json")
    assert "cards.crown.value=12" in page and page.count("<svg") == 2


def chromium() -> str:
    """The headless browser (Debian's 'chromium', which .ci/run installs); a test never
    installs system packages, so without it the browser test is skipped."""
    for name in ("chromium", "chromium-browser"):
        if shutil.which(name):
            return shutil.which(name)
    pytest.skip("no chromium on this machine: install Debian's 'chromium' package "
                "(.ci/run does) to render the report in a headless browser")


def test_the_report_renders_its_plots_in_headless_chromium(tmp_path):
    pytest.importorskip("matplotlib", reason="plots are the optional extra '.[report]'")
    image = pytest.importorskip("PIL.Image", reason="Pillow (installed with matplotlib)")
    browser = chromium()
    # 150 strong_card games
    page, _ = report_of(tmp_path, "simulate", STRONG, "-n", 150, "--json")
    shot = tmp_path / "report.png"
    subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu",
                    "--hide-scrollbars", "--window-size=1000,2600",
                    f"--screenshot={shot}", page.as_uri()],
                   check=True, capture_output=True, timeout=120)
    import numpy
    pixels = numpy.asarray(image.open(shot).convert("RGB")).astype(int)
    blue = int((numpy.abs(pixels - numpy.array(BLUE)).max(axis=2) <= 12).sum())
    assert blue > 5000, "the bars of the plots were not drawn"
