"""Python's port of the run table's bins (sweepmap/_bins.py) is the core's rule: the same labels,
edges and log spacing on every (min, max) pair, and the same decision to bin, as the core's own
output (tests/fixtures/bins/spanning.json, written and checked by tests/table_bins.rs)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

from sweepmap._bins import bins_for_values, spanning
from sweepmap._reduce import Roles, reduction_sql

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


def test_a_binned_column_is_reduced_by_its_bin_expression() -> None:
    roles = Roles(groups=("model", "lr"), metrics=("acc",))
    sql = reduction_sql(roles, bins={"lr": spanning(0.2, 0.45)})
    case = (
        'CASE WHEN "lr" IS NULL THEN NULL '
        """WHEN CAST("lr" AS DOUBLE) < CAST('0.25' AS DOUBLE) THEN {0} """
        """WHEN CAST("lr" AS DOUBLE) < CAST('0.3' AS DOUBLE) THEN {1} """
        """WHEN CAST("lr" AS DOUBLE) < CAST('0.35' AS DOUBLE) THEN {2} """
        """WHEN CAST("lr" AS DOUBLE) < CAST('0.4' AS DOUBLE) THEN {3} ELSE {4} END"""
    )
    ends = ("0.2", "0.25", "0.3", "0.35", "0.4", "0.45")
    labels = [f"'{low}\u2013{high}'" for low, high in itertools.pairwise(ends)]
    assert sql == (
        'SELECT "model",\n'
        f'       {case.format(*labels)} AS "lr",\n'
        '       count(*) AS "n",\n'
        '       count(CAST("acc" AS DOUBLE)) AS "acc.n",\n'
        '       avg(CAST("acc" AS DOUBLE)) AS "acc.mean",\n'
        '       var_samp(CAST("acc" AS DOUBLE)) AS "acc.var"\n'
        "FROM runs\n"
        f'GROUP BY "model", {case.format(*labels)}\n'
        f'ORDER BY min({case.format(0, 1, 2, 3, 4)}) NULLS LAST, "model" NULLS LAST'
    )
