"""Per-item scores reduced in the engines (issue 18): a per-sample log of models answering items
(several seeds per item) becomes one row per (group, model, item) with the mean score and its
count, by one SQL text, in DuckDB, polars and Spark as pandas' groupby gives it; read so
automatically by its column names; and the figure of the reduced log is the figure of the means
computed in pandas."""

from __future__ import annotations

import math
import re
import subprocess
import sys
from pathlib import Path

import duckdb
import pandas as pd
import polars as pl
import pytest
from conftest import wait_for
from test_frontend import cells
from test_reduce import spark  # noqa: F401 (the fixture)

import sweepmap
from sweepmap import _reduce
from sweepmap._reduce import (
    DuckDBEngine,
    PairwiseRoles,
    PolarsEngine,
    ReductionError,
    SparkEngine,
    pairwise_reduction_sql,
    reduce,
)

ROOT = Path(__file__).resolve().parents[2]

#: A per-sample log: 3 models answer 40 questions of 2 tasks, 15 seeds each (600 rows a model);
#: the answer is correct or not (a boolean score), model-2 more often; a note to leave out.
SAMPLES_SQL = """
SELECT 'model-' || (i % 3) AS model,
       'task-' || ((i // 3) % 40 % 2) AS task,
       'q' || ((i // 3) % 40) AS question,
       i // 120 AS seed,
       ((i * 7919) % 100) < 30 + 20 * (i % 3) AS correct,
       'synthetic' AS notes
FROM range({rows}) AS t(i)
"""


def samples(rows: int = 1800) -> duckdb.DuckDBPyRelation:
    return duckdb.sql(SAMPLES_SQL.format(rows=rows))


def expected_scores() -> pd.DataFrame:
    """The baseline: pandas' groupby over (task, model, question), mean and count."""
    frame = samples().df()
    frame["correct"] = frame["correct"].astype("float64")
    grouped = frame.groupby(["task", "model", "question"], sort=True)["correct"]
    table = grouped.mean().to_frame()
    table["n"] = grouped.count()
    return table.reset_index()


def assert_scores(reduction, expected: pd.DataFrame) -> None:
    assert reduction.header == ["task", "model", "question", "correct", "n"]
    assert len(reduction.table) == len(expected) == 3 * 40
    for row, (_, want) in zip(reduction.table, expected.iterrows(), strict=True):
        assert list(row[:3]) == [want["task"], want["model"], want["question"]]
        assert math.isclose(row[3], want["correct"], rel_tol=1e-12)
        assert row[4] == want["n"] == 15


def test_the_pairwise_reduction_is_one_sql_text():
    roles = PairwiseRoles(item="question", model="model", score="correct", group="task")
    assert pairwise_reduction_sql(roles) == (
        'SELECT "task",\n'
        '       "model",\n'
        '       "question",\n'
        '       avg(CAST("correct" AS DOUBLE)) AS "correct",\n'
        '       count(CAST("correct" AS DOUBLE)) AS "n"\n'
        "FROM runs\n"
        'GROUP BY "task", "model", "question"\n'
        'ORDER BY "task" NULLS LAST, "model" NULLS LAST, "question" NULLS LAST'
    )


def test_the_pairwise_names_are_the_cores():
    """The item, model, group and score names are the pairwise loader's, list for list."""
    source = (ROOT / "src/pairwise/csv_format.rs").read_text(encoding="utf-8")
    lists = {
        "ITEM_NAMES": "ITEM_NAMES",
        "MODEL_NAMES": "PAIRWISE_MODEL_NAMES",
        "GROUP_NAMES": "GROUP_NAMES",
        "SCORE_WORDS": "SCORE_WORDS",
    }
    for core, python in lists.items():
        block = re.search(rf"const {core}: &\[&str\] = &\[(.*?)\];", source, re.S)
        assert block, core
        assert tuple(re.findall(r'"([^"]*)"', block.group(1))) == getattr(_reduce, python)


def test_duckdb_reads_a_per_sample_log_as_item_scores_by_its_names():
    reduction = reduce(DuckDBEngine(samples(), "the log"))
    assert reduction.pairwise
    assert reduction.roles == PairwiseRoles("question", "model", "correct", "task")
    assert reduction.note == "reduced in DuckDB from 1,800 rows to 120 item scores"
    assert_scores(reduction, expected_scores())
    # Asked for a configuration table (the columns to group by named), it is one.
    table = reduce(DuckDBEngine(samples(), "the log"), by=["model", "task"], metrics=["correct"])
    assert not table.pairwise and table.configurations == 6


def test_polars_gives_the_pandas_scores_without_collecting_the_rows():
    frame = pl.DataFrame(samples().fetchall(), schema=samples().columns, orient="row").lazy()
    engine = PolarsEngine(frame)
    crossed: list[int] = []
    query = engine.rows

    def counted(sql: str):
        header, table = query(sql)
        crossed.append(len(table))
        return header, table

    engine.rows = counted
    reduction = reduce(engine, pairwise=True)
    assert_scores(reduction, expected_scores())
    # The row count's one row, then the 120 scores: never the 1,800 rows.
    assert crossed == [1, 120]
    assert "AGGREGATE" in engine.query(reduction.sql).explain().splitlines()[1]


def test_spark_gives_the_pandas_scores(spark):  # noqa: F811 (the fixture)
    sql = SAMPLES_SQL.format(rows=1800).replace("(i % 3)", "CAST(i % 3 AS STRING)")
    sql = sql.replace("((i // 3) % 40 % 2)", "CAST((i div 3) % 40 % 2 AS STRING)")
    sql = sql.replace("((i // 3) % 40)", "CAST((i div 3) % 40 AS STRING)")
    sql = sql.replace("i // ", "i div ")
    sql = sql.replace("FROM range(1800) AS t(i)", "FROM (SELECT id AS i FROM range(1800))")
    engine = SparkEngine(spark.sql(sql))
    reduction = reduce(engine)
    assert reduction.note == "reduced in Spark from 1,800 rows to 120 item scores"
    assert_scores(reduction, expected_scores())
    assert engine.plan(reduction.sql).count("HashAggregate") >= 2


def test_the_command_line_reduces_item_scores_and_says_what_is_missing(tmp_path: Path):
    path = tmp_path / "samples.parquet"
    duckdb.sql(f"COPY ({SAMPLES_SQL.format(rows=1800)}) TO '{path}'")
    out = tmp_path / "scores.csv"
    run = subprocess.run(
        [sys.executable, "-m", "sweepmap", "reduce", str(path), "-o", str(out)],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    assert "1,800 rows of per-item scores; item question, model model, score correct" in run.stderr
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "task,model,question,correct,n"
    assert len(lines) == 121
    assert sweepmap._data.looks_like_item_scores(out.read_text(encoding="utf-8"))
    # Asked for, on a log without an item column: what to name.
    runs = tmp_path / "runs.csv"
    runs.write_text("model,lr,acc\na,1,0.5\n", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "sweepmap", "reduce", str(runs), "--pairwise"],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 1
    assert run.stderr.startswith(
        f"sweepmap reduce: per-item scores need an item, a model and a score column; {runs} "
        'has "model", "lr", "acc": name them with --item, --model and --metric'
    )
    with pytest.raises(ReductionError, match=r'^metric "notes" in the log holds VARCHAR, not'):
        reduce(DuckDBEngine(samples(), "the log"), metrics=["notes"], pairwise=True)


def test_a_lazy_logs_figure_is_the_figure_of_its_means(host, tmp_path: Path):
    """Figure and save_html of a DuckDB relation of samples draw what pandas' means draw."""
    lazy = host.show(sweepmap.Figure(samples(), bins=5, width=600))
    wait_for(lambda: lazy.panels or lazy.error, what="the lazy figure")
    assert lazy.error == "" and lazy.kind == "pairwise"
    assert lazy.reduced == "reduced in DuckDB from 1,800 rows to 120 item scores"
    reduced = cells(lazy.to_svg())
    means = host.show(sweepmap.Figure(expected_scores(), bins=5, width=600))
    wait_for(lambda: means.panels or means.error, what="the figure of the means")
    assert means.error == "" and means.panels == lazy.panels
    assert cells(means.to_svg()) == reduced
    assert len(reduced) == 3 * 25
    path = sweepmap.save_html(samples(), tmp_path / "scores.html", bins=5, metric="correct")
    page = path.read_text(encoding="utf-8")
    assert '"kind": "pairwise"' in page
    assert '"title": "Reduced in DuckDB from 1,800 rows to 120 item scores"' in page


def test_an_eager_per_sample_frame_is_reduced_to_one_score_per_model_and_item():
    """The pairwise loader takes one score per model and item: an eager pandas or polars frame
    with repeats is reduced first (DuckDB, polars); one without repeats is written as it is."""
    frame = samples().df()
    figure = sweepmap.Figure(frame)
    assert figure.reduced == "reduced in DuckDB from 1,800 rows to 120 item scores"
    assert figure.data.splitlines()[0] == "task,model,question,correct,n"
    assert len(figure._wasm_pairwise.value) > 100_000
    polars_frame = pl.DataFrame(samples().fetchall(), schema=samples().columns, orient="row")
    figure = sweepmap.Figure(polars_frame, metric="correct")
    assert figure.reduced == "reduced in polars from 1,800 rows to 120 item scores"
    means = expected_scores()
    assert sweepmap.Figure(means).reduced == ""
    # A sweep is not per-item scores: written as it is, for the core to read.
    sweep = pd.DataFrame({"model": ["a", "a"], "lr": [1, 2], "acc": [0.5, 0.6]})
    assert sweepmap.Figure(sweep).reduced == ""
