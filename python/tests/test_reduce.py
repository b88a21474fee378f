"""Reductions in the engines (README "Larger than a tab"): the one SQL text gives, in DuckDB,
polars and Spark, the configuration table pandas gives on the same rows; a lazy frame is never
collected whole; the command line reads files and globs and says what went wrong where."""

from __future__ import annotations

import csv
import io
import math
import re
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pandas as pd
import polars as pl
import pytest

import sweepmap
from sweepmap import _reduce
from sweepmap._reduce import (
    DuckDBEngine,
    PolarsEngine,
    ReductionError,
    Roles,
    SparkEngine,
    reduce,
    reduction_sql,
)

ROOT = Path(__file__).resolve().parents[2]

#: A per-sample log: 3 models x 4 learning rates x 3 batch sizes, 5 seeds, 40 samples each; a
#: boolean and a float metric; some accuracies missing; a note column that is bookkeeping.
LOG_SQL = """
SELECT 'model-' || (i % 3) AS model,
       0.001 * (1 + (i // 3) % 4) AS lr,
       16 * (1 + (i // 12) % 3) AS batch_size,
       (i // 36) % 5 AS seed,
       i // 180 AS sample,
       CASE WHEN i % 17 = 0 THEN NULL ELSE ((i * 7919) % 1000) / 1000.0 END AS acc,
       (i * 31) % 13 > 6 AS correct,
       'synthetic' AS notes
FROM range({rows}) AS t(i)
"""


def log(rows: int = 7200) -> duckdb.DuckDBPyRelation:
    return duckdb.sql(LOG_SQL.format(rows=rows))


def pandas_reduction(frame: pd.DataFrame, groups: list[str], metrics: list[str]) -> pd.DataFrame:
    """The baseline anyone would write: groupby, count, mean, var."""
    grouped = frame.groupby(groups, dropna=False, sort=True)
    table = grouped.size().rename("n").to_frame()
    for metric in metrics:
        values = frame[metric].astype("float64")
        by = values.groupby([frame[g] for g in groups], dropna=False, sort=True)
        table[f"{metric}.n"] = by.count()
        table[f"{metric}.mean"] = by.mean()
        table[f"{metric}.var"] = by.var(ddof=1)
    return table.reset_index()


def assert_same_table(header: list[str], rows: list[tuple], expected: pd.DataFrame) -> None:
    assert header == list(expected.columns)
    assert len(rows) == len(expected)
    for row, (_, want) in zip(rows, expected.iterrows(), strict=True):
        for name, got, value in zip(header, row, want, strict=True):
            if isinstance(value, str):
                assert got == value, name
            elif value is None or (isinstance(value, float) and math.isnan(value)):
                assert got is None or (isinstance(got, float) and math.isnan(got)), (name, got)
            else:
                assert math.isclose(float(got), float(value), rel_tol=1e-9, abs_tol=1e-12), (
                    name,
                    got,
                    value,
                )


EXPECTED_GROUPS = ["model", "lr", "batch_size"]
EXPECTED_METRICS = ["acc", "correct"]


def expected_table() -> pd.DataFrame:
    frame = pd.DataFrame(log().fetchall(), columns=log().columns)
    return pandas_reduction(frame, EXPECTED_GROUPS, EXPECTED_METRICS)


def test_the_name_lists_are_the_cores():
    """The inference's names are src/table/names.rs's, list for list."""
    source = (ROOT / "src/table/names.rs").read_text(encoding="utf-8")
    for name in ("MODEL_NAMES", "BENCHMARK_NAMES", "REPLICATE_NAMES", "BOOKKEEPING_NAMES"):
        block = re.search(rf"const {name}: &\[&str\] = &\[(.*?)\];", source, re.S)
        assert block, name
        assert tuple(re.findall(r'"([^"]*)"', block.group(1))) == getattr(_reduce, name)
    block = re.search(r"const METRIC_WORDS: &\[&str\] = &\[(.*?)\];", source, re.S)
    assert tuple(re.findall(r'"([^"]*)"', block.group(1))) == _reduce.METRIC_WORDS


def test_the_reduction_is_one_sql_text():
    roles = Roles(groups=("model", 'odd "name"'), metrics=("acc",))
    assert reduction_sql(roles) == (
        'SELECT "model",\n'
        '       "odd ""name""",\n'
        '       count(*) AS "n",\n'
        '       count(CAST("acc" AS DOUBLE)) AS "acc.n",\n'
        '       avg(CAST("acc" AS DOUBLE)) AS "acc.mean",\n'
        '       var_samp(CAST("acc" AS DOUBLE)) AS "acc.var"\n'
        "FROM runs\n"
        'GROUP BY "model", "odd ""name"""\n'
        'ORDER BY "model" NULLS LAST, "odd ""name""" NULLS LAST'
    )


def test_roles_follow_the_pages_rules():
    reduction = reduce(DuckDBEngine(log(), "the log"))
    assert reduction.roles == Roles(
        groups=("model", "lr", "batch_size"),
        metrics=("acc", "correct"),
        over=("seed", "sample"),
        ignored=("notes",),
    )
    assert reduction.rows == 7200
    assert reduction.note == "reduced in DuckDB from 7,200 rows to 36 configurations"


def test_duckdb_gives_the_pandas_table():
    reduction = reduce(DuckDBEngine(log(), "the log"))
    assert_same_table(reduction.header, reduction.table, expected_table())


def test_polars_gives_the_pandas_table_without_collecting_the_rows():
    rows = log().fetchall()
    frame = pl.DataFrame(rows, schema=log().columns, orient="row").lazy()
    engine = PolarsEngine(frame)
    crossed: list[int] = []
    query = engine.rows

    def counted(sql: str):
        header, table = query(sql)
        crossed.append(len(table))
        return header, table

    engine.rows = counted
    reduction = reduce(engine)
    assert_same_table(reduction.header, reduction.table, expected_table())
    # Two answers crossed: the profile's one row and the 36 configurations, never the rows.
    assert crossed == [1, 36]
    plan = engine.query(reduction.sql).explain()
    assert "AGGREGATE" in plan.splitlines()[1]


def test_files_give_the_pandas_table(tmp_path: Path):
    duckdb.sql(f"COPY ({LOG_SQL.format(rows=7200)} ) TO '{tmp_path / 'log.parquet'}'")
    duckdb.sql(
        f"COPY (SELECT * FROM ({LOG_SQL.format(rows=7200)}) WHERE model = 'model-0') "
        f"TO '{tmp_path / 'part-0.csv'}' (HEADER)"
    )
    duckdb.sql(
        f"COPY (SELECT * FROM ({LOG_SQL.format(rows=7200)}) WHERE model <> 'model-0') "
        f"TO '{tmp_path / 'part-1.jsonl'}' (FORMAT json)"
    )
    expected = expected_table()
    parts = [str(tmp_path / "part-*.csv"), str(tmp_path / "part-*.jsonl")]
    for paths in ([str(tmp_path / "log.parquet")], parts):
        reduction = reduce(DuckDBEngine.of_files(paths))
        assert_same_table(reduction.header, reduction.table, expected)


def test_a_duckdb_plan_reads_the_rows_into_the_aggregate(tmp_path: Path):
    path = tmp_path / "log.parquet"
    duckdb.sql(f"COPY ({LOG_SQL.format(rows=7200)}) TO '{path}'")
    engine = DuckDBEngine.of_files([str(path)])
    reduction = reduce(engine)
    plan = engine.relation.query("runs", reduction.sql).explain()
    # The aggregate reads the Parquet file's columns; the rows above it are the groups.
    assert "Group By" in plan
    assert "READ_PARQUET" in plan
    assert plan.index("Group By") < plan.index("READ_PARQUET")


def test_fifty_million_rows_reduced_by_duckdb():
    """A 50,000,000-row per-sample log, generated by DuckDB and never stored, reduced in DuckDB:
    36 configurations whose counts and means are known in closed form."""
    started = time.perf_counter()
    reduction = reduce(DuckDBEngine(log(50_000_000), "the generated log"))
    seconds = time.perf_counter() - started
    assert reduction.rows == 50_000_000
    assert reduction.configurations == 36
    header = reduction.header
    counts = [row[header.index("n")] for row in reduction.table]
    assert sum(counts) == 50_000_000
    assert set(counts) <= {50_000_000 // 36, 50_000_000 // 36 + 1}
    # The boolean metric's mean: (i * 31) % 13 > 6 holds for 6 residues of 13.
    for row in reduction.table:
        assert abs(row[header.index("correct.mean")] - 6 / 13) < 1e-3
    print(f"50,000,000 rows reduced by DuckDB in {seconds:.1f} s")


def test_the_command_line_writes_the_table_and_names_what_is_wrong(tmp_path: Path):
    path = tmp_path / "log.parquet"
    duckdb.sql(f"COPY ({LOG_SQL.format(rows=7200)}) TO '{path}'")
    output = tmp_path / "runs.csv"

    def run(*arguments: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "sweepmap", "reduce", *arguments],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            check=False,
        )

    done = run("*.parquet", "--metric", "acc", "-o", str(output))
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == [
        "sweepmap reduce: profiling 8 columns of *.parquet in DuckDB",
        "sweepmap reduce: 7,200 rows; grouping by model, lr, batch_size; metrics acc, correct; "
        "reduced over seed, sample",
        done.stderr.splitlines()[-1],
    ]
    assert re.fullmatch(
        r"sweepmap reduce: reduced in DuckDB from 7,200 rows to 36 configurations in "
        rf"\d+\.\d s; written to {re.escape(str(output))}",
        done.stderr.splitlines()[-1],
    )
    text = output.read_text(encoding="utf-8")
    assert text.splitlines()[0] == (
        "model,lr,batch_size,n,acc.n,acc.mean,acc.var,correct.n,correct.mean,correct.var"
    )
    assert text.splitlines()[1].startswith("model-0,0.001,16,200,188,")
    # The table opens as a figure (the core recognises it by its header in the front end).
    assert sweepmap.Figure(str(output)).data == text

    failures = {
        ("missing.parquet",): "sweepmap reduce: cannot read missing.parquet; DuckDB says: IO "
        'Error: No files found that match the pattern "missing.parquet"',
        ("log.parquet", "--metric", "accuracy"): 'sweepmap reduce: metric: no column "accuracy" '
        'in log.parquet; the columns are "model", "lr", "batch_size", "seed", "sample", "acc", '
        '"correct", "notes"',
        ("log.parquet", "--metric", "model"): 'sweepmap reduce: metric "model" in log.parquet '
        "holds VARCHAR, not numbers: name a column of numbers (or booleans)",
        ("log.txt.xz",): 'sweepmap reduce: cannot tell the format of "log.txt.xz": expected a '
        "name ending in .parquet, .csv, .tsv, .jsonl or .json (or .gz of these)",
    }
    for arguments, message in failures.items():
        failed = run(*arguments)
        assert failed.returncode == 1
        assert failed.stderr.strip() == message
    (tmp_path / "broken.parquet").write_bytes(b"PAR1 not really")
    failed = run("broken.parquet")
    assert failed.stderr.startswith("sweepmap reduce: cannot read broken.parquet; DuckDB says: ")


def test_a_configuration_table_past_a_tab_is_refused_before_it_is_collected():
    # Text with 1,100,000 values cannot be binned; the number column next to it is, and still
    # the table would be larger than a tab.
    relation = duckdb.sql(
        "SELECT 'c' || i AS config, i AS lr, i % 7 AS bs, (i % 100) / 100.0 AS acc "
        "FROM range(1100000) t(i)"
    )
    with pytest.raises(ReductionError) as raised:
        reduce(DuckDBEngine(relation, "the relation"), by=["config", "lr", "bs"])
    assert str(raised.value) == (
        "the configuration table of the relation would have 1,100,000 rows even with "
        '"lr" binned into 6 ranges; a browser tab holds 1,000,000: "config" has 1,100,000 '
        "values. Bin it in the engine first, or ignore it (--ignore, ignore= in Python)"
    )
    # An engine whose SQL does not bin (Spark, polars, Ibis) refuses a number column too.
    engine = DuckDBEngine(relation, "the relation")
    engine.bins_in_sql = False
    with pytest.raises(ReductionError) as raised:
        reduce(engine, by=["lr", "bs"])
    assert str(raised.value) == (
        "the configuration table of the relation would have 1,100,000 rows; a browser tab holds "
        '1,000,000: "lr" has 1,100,000 values. Bin it in the engine first, or ignore it '
        "(--ignore, ignore= in Python)"
    )


@pytest.fixture(scope="module")
def spark():
    from pyspark.sql import SparkSession

    session = (
        SparkSession.builder.master("local[2]")
        .appName("sweepmap-tests")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.ui.showConsoleProgress", "false")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


def test_spark_gives_the_pandas_table(spark):
    sql = LOG_SQL.format(rows=7200).replace("(i % 3)", "CAST(i % 3 AS STRING)")
    sql = sql.replace("i // ", "i div ")
    sql = sql.replace("FROM range(7200) AS t(i)", "FROM (SELECT id AS i FROM range(7200))")
    frame = spark.sql(sql)
    engine = SparkEngine(frame)
    reduction = reduce(engine)
    assert reduction.note == "reduced in Spark from 7,200 rows to 36 configurations"
    assert_same_table(reduction.header, reduction.table, expected_table())
    # The aggregate runs in Spark, partial per partition, then final: rows never leave it.
    plan = engine.plan(reduction.sql)
    assert plan.count("HashAggregate") >= 2
    assert "Range (0, 7200" in plan


def test_a_duckdb_relation_becomes_a_figure_of_its_configurations(tmp_path: Path):
    figure = sweepmap.Figure(log(), metric="acc", replicate="seed")
    assert figure.reduced == "reduced in DuckDB from 7,200 rows to 36 configurations"
    header = figure.data.splitlines()[0]
    assert header == (
        "model,lr,batch_size,n,acc.n,acc.mean,acc.var,correct.n,correct.mean,correct.var"
    )
    # The replicate was reduced away; the metric is its mean column.
    assert figure.spec["load"]["columns"] == {"value": "acc.mean"}
    path = sweepmap.save_html(log(), tmp_path / "figure.html")
    page = path.read_text(encoding="utf-8")
    assert '"title": "Reduced in DuckDB from 7,200 rows to 36 configurations"' in page
    assert "model,lr,batch_size,n,acc.n,acc.mean,acc.var" in page


def test_a_polars_frame_from_parquet_is_scanned_not_loaded(tmp_path: Path):
    """The polars plan aggregates over the Parquet scan, reading only the columns it needs."""
    path = tmp_path / "log.parquet"
    duckdb.sql(f"COPY ({LOG_SQL.format(rows=7200)}) TO '{path}'")
    engine = PolarsEngine(pl.scan_parquet(path))
    reduction = reduce(engine, ignore=["notes"])
    assert reduction.configurations == 36
    plan = engine.query(reduction.sql).explain()
    lines = plan.splitlines()
    aggregate = next(i for i, line in enumerate(lines) if "AGGREGATE" in line)
    scan = next(i for i, line in enumerate(lines) if "Parquet SCAN" in line)
    assert aggregate < scan
    # Of the 8 columns, the scan reads the 3 grouped and the 2 metrics.
    assert lines[scan + 1].strip() == "PROJECT 5/8 COLUMNS"


def test_a_million_rows_generated_by_spark_reduced_in_spark(spark):
    """A 1,000,000-row per-sample log made by Spark itself: 36 configurations whose counts and
    boolean means are known in closed form."""
    frame = spark.range(1_000_000).selectExpr(
        "concat('model-', CAST(id % 3 AS STRING)) AS model",
        "0.001 * (1 + (id div 3) % 4) AS lr",
        "16 * (1 + (id div 12) % 3) AS batch_size",
        "(id div 36) % 5 AS seed",
        "(id * 31) % 13 > 6 AS correct",
    )
    started = time.perf_counter()
    reduction = reduce(SparkEngine(frame))
    seconds = time.perf_counter() - started
    assert reduction.roles.groups == ("model", "lr", "batch_size")
    assert reduction.roles.over == ("seed",)
    assert reduction.configurations == 36
    header = reduction.header
    assert sum(row[header.index("n")] for row in reduction.table) == 1_000_000
    for row in reduction.table:
        assert abs(row[header.index("correct.mean")] - 6 / 13) < 1e-3
    print(f"1,000,000 rows reduced by Spark in {seconds:.1f} s")


def test_named_columns_win_and_without_a_metric_name_the_last_numbers_are_the_metric():
    columns = [
        _reduce.Column("Model", False, "VARCHAR", 10, 2),
        _reduce.Column("lr", True, "DOUBLE", 10, 5),
        _reduce.Column("run_dir", False, "VARCHAR", 10, 10),
        _reduce.Column("width", True, "BIGINT", 10, 3),
        _reduce.Column("constant", True, "BIGINT", 10, 1),
        _reduce.Column("empty", True, "BIGINT", 0, 0),
        _reduce.Column("tokens", True, "DOUBLE", 10, 10),
    ]
    # No metric-like name: the last column of numbers that would be grouped, "tokens".
    assert _reduce.infer_roles(columns, 10) == Roles(
        groups=("Model", "lr", "width"),
        metrics=("tokens",),
        ignored=("run_dir", "constant", "empty"),
    )
    assert _reduce.infer_roles(
        columns, 10, metrics=["width"], over=["lr"], ignore=["Model"], keep=["constant"]
    ) == Roles(
        groups=("constant", "tokens"),
        metrics=("width",),
        over=("lr",),
        ignored=("Model", "run_dir", "empty"),
    )
    # With the grouping named, the other columns are left out unless named like a metric.
    assert _reduce.infer_roles(columns, 10, by=["lr"], metrics=["tokens"]) == Roles(
        groups=("lr",),
        metrics=("tokens",),
        ignored=("Model", "run_dir", "width", "constant", "empty"),
    )
    with pytest.raises(ReductionError) as raised:
        _reduce.infer_roles(columns, 10, by=["lr"])
    assert str(raised.value) == (
        "no column can be the metric: expected a column of numbers; name it with --metric "
        "(metrics= in Python)"
    )


def test_an_eager_frame_past_a_tab_is_reduced_too():
    """More rows than a run table holds: a polars DataFrame is reduced in polars, a pandas one
    in DuckDB; a smaller frame is written whole, as before."""
    pandas_frame = log(1_000_001).df()
    figure = sweepmap.Figure(pandas_frame)
    assert figure.reduced == "reduced in DuckDB from 1,000,001 rows to 36 configurations"
    polars_frame = pl.DataFrame({name: pandas_frame[name].tolist() for name in log().columns})
    figure = sweepmap.Figure(polars_frame)
    assert figure.reduced == "reduced in polars from 1,000,001 rows to 36 configurations"
    # NaN (pandas' missing value, here a float) is missing in polars' reduction too: the same
    # counts, and means and variances to the last digits.
    polars_rows = list(csv.reader(io.StringIO(figure.data)))
    duckdb_rows = list(csv.reader(io.StringIO(sweepmap.Figure(pandas_frame).data)))
    assert polars_rows[0] == duckdb_rows[0]
    assert len(polars_rows) == len(duckdb_rows) == 37
    for mine, theirs in zip(polars_rows[1:], duckdb_rows[1:], strict=True):
        for a, b in zip(mine, theirs, strict=True):
            assert a == b or math.isclose(float(a), float(b), rel_tol=1e-12), (a, b)
    small = sweepmap.Figure(pandas_frame.head(10))
    assert small.reduced == ""
    assert small.data.splitlines()[0] == ",".join(log().columns)
