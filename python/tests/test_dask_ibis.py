"""Dask and Ibis frames reduced in their own engine (issue 18): a Dask DataFrame through
narwhals' expressions (the same steps as the SQL, `reduction_expressions`), an Ibis table by the
one SQL text (`Table.sql`, in its backend); each gives the table pandas gives, for configuration
tables and for per-item scores, and only the answers are collected."""

from __future__ import annotations

import dask.dataframe as dd
import ibis
import polars as pl
from test_pairwise_reduce import assert_scores, expected_scores, samples
from test_reduce import assert_same_table, expected_table, log

import sweepmap
from sweepmap._reduce import IbisEngine, NarwhalsEngine, engine_of, reduce


def test_a_dask_frame_is_reduced_in_dask():
    frame = dd.from_pandas(log().df(), npartitions=4)
    engine = engine_of(frame)
    assert isinstance(engine, NarwhalsEngine) and engine.source == "the Dask DataFrame"
    reduction = reduce(engine)
    assert reduction.note == "reduced in Dask from 7,200 rows to 36 configurations"
    assert_same_table(reduction.header, reduction.table, expected_table())
    # The reduction is a Dask graph over the 4 partitions that aggregates: Dask computes it,
    # and only its 36 rows are collected.
    native = engine.query(reduction.roles).to_native()
    assert type(native).__module__.startswith("dask")
    steps = {type(step).__name__ for step in native.expr.walk()}
    assert {"GroupbyAggregation", "FromPandas"} <= steps
    assert len(reduction.table) == 36


def test_dask_per_item_scores():
    frame = dd.from_pandas(samples().df(), npartitions=3)
    reduction = reduce(engine_of(frame))
    assert reduction.note == "reduced in Dask from 1,800 rows to 120 item scores"
    assert_scores(reduction, expected_scores())


def ibis_table(relation):
    connection = ibis.polars.connect()
    return connection.create_table("runs", pl.from_arrow(relation.to_arrow_table()))


def test_an_ibis_table_is_reduced_in_its_backend():
    table = ibis_table(log())
    engine = engine_of(table)
    assert isinstance(engine, IbisEngine) and engine.name == "Ibis (polars)"
    reduction = reduce(engine)
    assert reduction.note == "reduced in Ibis (polars) from 7,200 rows to 36 configurations"
    assert_same_table(reduction.header, reduction.table, expected_table())
    # The one SQL text, as an Ibis expression: an aggregation Ibis hands its backend.
    assert reduction.sql.startswith('SELECT "model",\n       "lr",')
    assert (
        "Aggregate" in repr(engine.query(reduction.sql).op())
        or "aggregate" in str(engine.query(reduction.sql).compile()).lower()
        or "group by" in str(engine.query(reduction.sql).compile()).lower()
    )
    scores = reduce(engine_of(ibis_table(samples())))
    assert_scores(scores, expected_scores())


def test_figures_of_dask_and_ibis_frames_are_their_configuration_tables():
    for frame, engine in (
        (dd.from_pandas(log().df(), npartitions=2), "Dask"),
        (ibis_table(log()), "Ibis (polars)"),
    ):
        figure = sweepmap.Figure(frame, metric="acc", replicate="seed")
        assert figure.reduced == f"reduced in {engine} from 7,200 rows to 36 configurations"
        assert figure.data.splitlines()[0] == (
            "model,lr,batch_size,n,acc.n,acc.mean,acc.var,correct.n,correct.mean,correct.var"
        )
