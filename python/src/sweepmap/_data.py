"""Data for a figure, as the text the core reads.

A DataFrame (pandas, polars, or any other frame narwhals knows, eager or lazy) is written to CSV
here; a path is read; CSV or JSON text is passed on. What the text means (which column is which,
tidy sweep or run table) is never decided here: the core reads it in the front end, with the same
rules as the page. This module only checks what is Python's to check: the type of the data and
that a file exists and is text.
"""

from __future__ import annotations

import csv
import io
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import narwhals as nw

from ._reduce import (
    ITEM_NAMES,
    MAX_CONFIGURATIONS,
    Column,
    DuckDBEngine,
    PolarsEngine,
    engine_of,
    infer_pairwise_roles,
    normalize,
    reduce,
)


def looks_like_item_scores(text: str, name: str = "") -> bool:
    """True when the text most likely holds per-item scores, by the core's rule
    (src/pairwise/csv_format.rs looks_like_item_scores): JSON whose top-level object has `items`
    and no `panels`, or CSV whose header names a column like an item (item, task_id, id, ...)."""
    text = text.removeprefix("\ufeff")
    json_text = name.lower().endswith(".json") if name else text.lstrip().startswith("{")
    if json_text:
        try:
            parsed = json.loads(text)
        except ValueError:
            return False
        return isinstance(parsed, dict) and "items" in parsed and "panels" not in parsed
    header = text.split("\n", 1)[0]
    delimiter = next((d for d in ",\t;" if d in header), ",")
    first = next(csv.reader(io.StringIO(text), delimiter=delimiter), [])
    return any(normalize(field.strip()) in ITEM_NAMES for field in first)


@dataclass(frozen=True)
class Source:
    """The data's text and the file name it came from ("" for a frame or text); for a lazy
    frame reduced in its engine, what the figure says of it (`reduced in DuckDB from ...`)."""

    text: str
    name: str = ""
    reduced: str = ""

    @property
    def pairwise(self) -> bool:
        """True when the data look like per-item scores (looks_like_item_scores)."""
        return looks_like_item_scores(self.text, self.name)


def read_source(data: Any, reduction: Mapping[str, Any] | None = None) -> Source:
    """The text of `data`: a DataFrame, an object with `trials_dataframe()` (an Optuna study),
    a path to a CSV or JSON file, or CSV or JSON text (a string with a line break). A lazy frame
    whose engine runs SQL (a polars LazyFrame, a DuckDB relation, a PySpark DataFrame) is
    reduced there to its configuration table (README "Larger than a tab"), with the columns
    `reduction` names (`reduce`'s keywords); so is an eager polars or pandas frame of more rows
    than a run table holds (MAX_CONFIGURATIONS), in polars or DuckDB, and an eager one of
    per-item scores that scores a model on an item more than once (a per-sample log: seeds,
    samples), to one mean score per model and item."""
    reduction = dict(reduction or {})
    engine = engine_of(data) or _engine_past_a_tab(data)
    if engine is None:
        engine = _engine_for_repeated_scores(data, reduction)
        if engine is not None:
            reduction["pairwise"] = True
    if engine is not None:
        reduced = reduce(engine, **reduction)
        return Source(reduced.to_csv(), "", reduced.note)
    if isinstance(data, os.PathLike):
        return _read_file(Path(data))
    if isinstance(data, str):
        if "\n" in data or "\r" in data:
            return Source(data)
        return _read_file(Path(data))
    if isinstance(data, bytes | bytearray):
        raise TypeError(
            "data: expected a DataFrame, a path or text, found bytes: decode them first "
            "(data.decode('utf-8'))"
        )
    trials = getattr(data, "trials_dataframe", None)
    if callable(trials):
        data = trials()
    return Source(frame_to_csv(data))


def _engine_past_a_tab(frame: Any) -> Any:
    """The engine for an eager frame past what a tab holds: polars for a polars DataFrame, DuckDB
    (when installed) for a pandas one; None otherwise."""
    kind = type(frame)
    rows = getattr(frame, "shape", (0,))[0]
    if not isinstance(rows, int) or rows <= MAX_CONFIGURATIONS:
        return None
    if kind.__module__.startswith("polars") and kind.__name__ == "DataFrame":
        return PolarsEngine(frame.lazy())
    if kind.__module__.startswith("pandas") and kind.__name__ == "DataFrame":
        try:
            import duckdb
        except ImportError:
            return None
        return DuckDBEngine(duckdb.from_df(_with_named_index(frame)), "the pandas DataFrame")
    return None


def _engine_for_repeated_scores(frame: Any, reduction: Mapping[str, Any]) -> Any:
    """The engine for an eager polars or pandas frame of per-item scores (columns named like an
    item, a model and a score, or named in `reduction`) with more than one row for some model
    and item, which the pairwise loader refuses: polars for polars, DuckDB (when installed) for
    pandas; None otherwise."""
    kind = type(frame)
    polars = kind.__module__.startswith("polars") and kind.__name__ == "DataFrame"
    pandas = kind.__module__.startswith("pandas") and kind.__name__ == "DataFrame"
    metrics = reduction.get("metrics") or []
    if not (polars or pandas) or len(metrics) > 1 or reduction.get("by"):
        return None
    frame = _with_named_index(frame)
    table = nw.from_native(frame, eager_only=True)
    columns = [
        Column(name, dtype.is_numeric() or dtype == nw.Boolean, str(dtype))
        for name, dtype in table.schema.items()
    ]
    given = [reduction.get("item"), reduction.get("model"), reduction.get("group"), *metrics]
    if any(name and name not in table.columns for name in given):
        return None  # the core names what is missing
    roles = infer_pairwise_roles(
        columns,
        item=reduction.get("item"),
        model=reduction.get("model"),
        score=metrics[0] if metrics else None,
        group=reduction.get("group"),
    )
    if roles is None or len(table.select(*roles.keys).unique()) == len(table):
        return None
    if polars:
        return PolarsEngine(frame.lazy())
    try:
        import duckdb
    except ImportError:
        return None
    return DuckDBEngine(duckdb.from_df(frame), "the pandas DataFrame")


def _read_file(path: Path) -> Source:
    if not path.is_file():
        where = "is a folder" if path.is_dir() else "does not exist"
        raise FileNotFoundError(
            f"data: {str(path)!r} {where}; give a CSV or JSON file, a DataFrame, "
            "or CSV text (with a header line and rows)"
        )
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ValueError(
            f"data: {str(path)!r} is not UTF-8 text (byte {error.start}): "
            "save it as UTF-8 CSV or JSON"
        ) from None
    return Source(text, path.name)


def frame_to_csv(frame: Any) -> str:
    """CSV text of a DataFrame: a header line, then one line per row; missing values (null,
    None, NaN) as empty fields, which the core reads as missing; a pandas index that has a name
    (`set_index("model")`) kept as columns, an unnamed one (0, 1, 2, ...) left out."""
    frame = _with_named_index(frame)
    try:
        table = nw.from_native(frame)
    except TypeError:
        raise TypeError(
            "data: expected a DataFrame (pandas, polars, pyarrow, ...), a path or CSV text, "
            f"found {type(frame).__module__}.{type(frame).__qualname__}"
        ) from None
    if isinstance(table, nw.LazyFrame):
        table = table.collect()
    if len(table.columns) == 0:
        raise ValueError("data: the DataFrame has no columns")
    floats = [name for name, dtype in table.schema.items() if dtype.is_float()]
    if floats:
        table = table.with_columns(nw.col(*floats).fill_nan(None))
    return table.write_csv()


def _with_named_index(frame: Any) -> Any:
    """A pandas frame with its named index levels as columns (other frames as they are)."""
    if not type(frame).__module__.startswith("pandas"):
        return frame
    names = getattr(getattr(frame, "index", None), "names", [None])
    if any(name is not None for name in names):
        return frame.reset_index()
    return frame
