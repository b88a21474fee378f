"""Python's port of the run table's bins (sweepmap/_bins.py) is the core's rule: the same labels,
edges and log spacing on every (min, max) pair, and the same decision to bin, as the core's own
output (tests/fixtures/bins/spanning.json, written and checked by tests/table_bins.rs)."""

from __future__ import annotations

import json
from pathlib import Path

from sweepmap._bins import bins_for_values, spanning

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = json.loads((ROOT / "tests/fixtures/bins/spanning.json").read_text(encoding="utf-8"))


def test_every_span_of_the_cores_fixture_is_binned_alike() -> None:
    assert len(FIXTURE["spans"]) > 300
    logs = 0
    for case in FIXTURE["spans"]:
        bins = spanning(case["min"], case["max"])
        assert list(bins.labels) == case["labels"], case
        assert list(bins.edges) == case["edges"], case
        assert bins.log == case["log"], case
        logs += bins.log
    # Both branches of the rule are in the fixture.
    assert 50 < logs < len(FIXTURE["spans"]) - 50


def test_the_decision_to_bin_is_the_cores() -> None:
    for case in FIXTURE["decisions"]:
        decided = bins_for_values(case["values"], case["runs"], 0.0, 1.0)
        assert (decided is not None) == case["binned"], case
    assert bins_for_values(2_000_000, 2_000_000, 1.0, 1.0) is None
    assert bins_for_values(2_000_000, 2_000_000, float("nan"), 1.0) is None


def test_a_learning_rate_is_binned_as_the_readme_says() -> None:
    bins = spanning(0.00012, 0.05)
    assert bins.labels[0] == "1e-4\u20133e-4"
    assert bins.edges == ("1e-4", "3e-4", "0.001", "0.003", "0.01", "0.03", "0.1")
