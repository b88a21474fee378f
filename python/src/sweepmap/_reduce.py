"""Reductions of runs too many for a browser tab, in the engine that holds them (README "Larger
than a tab").

sweepmap never reduces rows itself: DuckDB, Spark or polars runs one SQL text, reduction.sql
beside this module (the wheel ships it; the page's DuckDB-wasm runs the same file: README
"Parquet in the page"), filled by `reduction_sql` from the columns' roles by the rules its header
states, and only its result crosses into Python and the widget: the configuration table (README
"Configuration tables"), one row per distinct configuration with `n` and, per metric, `m.n`,
`m.mean` and `m.var`. The same text runs in every
engine (double-quoted identifiers, `count`, `avg`, `var_samp`, `CAST(... AS DOUBLE)`; Spark reads
it with `spark.sql.ansi.doubleQuotedIdentifiers`), so the engines' tables are the same
(`tests/test_reduce.py`).

The roles are inferred by the page's rules (src/table/roles.rs), from the schema and one
profiling query (rows, present and distinct values per column), first rule that applies:
1. named: `metrics`, `by` (grouping columns; then no other column is grouped), `over`
   (reduced over), `ignore`, `keep` (grouped);
2. named like a metric (`acc`, `loss`, `pass@1`, ...): a metric;
3. every value missing: ignored;
4. named like a model or benchmark: grouped (a facet);
5. named like a replicate (`seed`, `run`, `sample`, ...): reduced over (every such column: the
   page makes a second one a parameter, a log of samples and seeds is reduced over both);
6. one value: ignored (constant); named like bookkeeping (`notes`, `path`, `id`): ignored;
7. text different on every row: ignored;
8. anything else is a parameter: grouped.
With no metric, the last column of numbers that would be grouped is the metric, as in the page.
The name lists are the core's (src/table/names.rs); a test keeps them equal.

Per-item scores (a per-sample log of models answering items, for the pairwise view) reduce by
`pairwise_reduction_sql` instead: one row per (group, model, item) with the mean score (repeats
averaged: seeds, samples) and its count `n`, the form `loadPairwise` reads. A log is read so when
it has a column named like an item, one like a model and one like a score (the pairwise loader's
names, src/pairwise/csv_format.rs), or when asked (`pairwise=True`, an `item` named).
"""

from __future__ import annotations

import csv
import io
import math
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from ._bins import Bins, bins_for_values
from ._errors import SweepmapError

#: The largest configuration table a run table opens (the core's MAX_RUNS, README "Limits").
MAX_CONFIGURATIONS = 1_000_000
#: The most item scores a tab holds (the core's MAX_ITEM_SCORES, README "Limits").
MAX_ITEM_SCORES = 4_000_000

#: The pairwise loader's names (src/pairwise/csv_format.rs; a test keeps them equal).
ITEM_NAMES = (
    "item",
    "itemid",
    "itemname",
    "items",
    "taskid",
    "id",
    "problem",
    "problemid",
    "question",
    "questionid",
    "instance",
    "instanceid",
    "example",
    "exampleid",
)
PAIRWISE_MODEL_NAMES = ("model", "modelname", "models", "system", "agent", "llm", "checkpoint")
GROUP_NAMES = (
    "group",
    "groupname",
    "benchmark",
    "benchmarkname",
    "task",
    "taskname",
    "category",
    "domain",
    "dataset",
    "suite",
)
SCORE_WORDS = (
    "score",
    "progress",
    "ratio",
    "value",
    "accuracy",
    "acc",
    "reward",
    "success",
    "resolved",
    "correct",
    "pass",
)

MODEL_NAMES = ("model", "modelname", "models", "llm", "system", "checkpoint", "sourcefile")
BENCHMARK_NAMES = (
    "benchmark",
    "benchmarkname",
    "benchmarks",
    "bench",
    "dataset",
    "datasetname",
    "task",
    "taskname",
    "eval",
    "evaluation",
)
REPLICATE_NAMES = (
    "seed",
    "randomseed",
    "run",
    "runid",
    "runindex",
    "replicate",
    "rep",
    "repeat",
    "repetition",
    "trial",
    "sample",
    "sampleid",
    "fold",
)
BOOKKEEPING_NAMES = (
    "note",
    "notes",
    "comment",
    "comments",
    "description",
    "remark",
    "remarks",
    "path",
    "dir",
    "directory",
    "rundir",
    "outputdir",
    "logdir",
    "log",
    "file",
    "filename",
    "timestamp",
    "date",
    "time",
    "datetime",
    "commit",
    "githash",
    "hash",
    "host",
    "hostname",
    "id",
    "jobid",
    "runname",
    "url",
)
METRIC_WORDS = (
    "accuracy",
    "acc",
    "score",
    "f1",
    "bleu",
    "rouge",
    "em",
    "exactmatch",
    "value",
    "metric",
    "pass",
    "loss",
    "error",
    "perplexity",
    "ppl",
    "auc",
    "reward",
    "winrate",
    "precision",
    "recall",
    "result",
    "correct",
)
#: The columns a configuration table adds (a grouping column may not be called so).
STATISTICS = ("n", ".n", ".mean", ".var")


class ReductionError(SweepmapError):
    """A reduction that cannot run: the message names the column and the source, then the
    engine's own text."""


def normalize(name: str) -> str:
    """Lowercase letters, digits and `@` only, as the core compares names."""
    return "".join(c.lower() for c in name if c.isalnum() or c == "@")


def is_metric_name(name: str) -> bool:
    """True for metric-like names: "pass@1", "val_accuracy", "F1" (the core's rule)."""
    lower = name.lower()
    if "pass@" in lower or "acc@" in lower or "hit@" in lower:
        return True
    words = "".join(c if c.isalnum() else " " for c in lower).split()
    return any(word in METRIC_WORDS for word in words) or normalize(name) in METRIC_WORDS


@dataclass(frozen=True)
class Column:
    """A column as the engine describes it: its name, whether it holds numbers (or booleans),
    the engine's type name, and from the profile its present and distinct values."""

    name: str
    numeric: bool
    type: str
    present: int = 0
    values: int = 0


@dataclass(frozen=True)
class Roles:
    """What each column is to the reduction."""

    groups: tuple[str, ...]
    metrics: tuple[str, ...]
    over: tuple[str, ...] = ()
    ignored: tuple[str, ...] = ()


def quote(name: str) -> str:
    """A double-quoted SQL identifier."""
    return '"' + name.replace('"', '""') + '"'


def _sql_parts() -> dict[str, list[str]]:
    """The parts of reduction.sql (beside this module; the wheel ships it), by name: their
    lines, comments before the first part left out."""
    text = resources.files("sweepmap").joinpath("reduction.sql").read_text(encoding="utf-8")
    parts: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        if line.startswith("-- @"):
            current = parts.setdefault(line[len("-- @") :].strip(), [])
        elif current is not None:
            current.append(line)
    return parts


def literal(text: str) -> str:
    """A single-quoted SQL string."""
    return "'" + text.replace("'", "''") + "'"


def bin_expression(
    parts: dict[str, list[str]], key: str, bins: Bins, numbered: bool = False
) -> str:
    """A binned column's bin expression, by reduction.sql's rules: its "bin" part, a "bin
    case" line per bin but the last (its upper edge and label), and its "bin last" line; with
    `numbered`, each bin's number in place of its label (for its "binned order")."""
    labels = [str(i) if numbered else literal(label) for i, label in enumerate(bins.labels)]
    lines = [line.replace("{key}", quote(key)) for line in parts["bin"]]
    for edge, label in zip(bins.edges[1:-1], labels[:-1], strict=True):
        for line in parts["bin case"]:
            filled = line.replace("{key}", quote(key)).replace("{edge}", literal(edge))
            lines.append(filled.replace("{label}", label))
    lines += [line.replace("{label}", labels[-1]) for line in parts["bin last"]]
    return " ".join(lines)


def fill_reduction(
    statement: str,
    keys: Sequence[str],
    columns: dict[str, Sequence[str]],
    source: str = "runs",
    bins: Mapping[str, Bins] | None = None,
) -> str:
    """Fills a statement of reduction.sql (`configurations`, `item scores`) by the file's rules:
    `keys` the grouping columns, `columns` the names each other placeholder stands for
    (`metric`: the metrics, `score`: the score), `bins` the binned grouping columns' bins."""
    parts = _sql_parts()
    binned = {key: bin_expression(parts, key, bins[key]) for key in keys if key in (bins or {})}

    def key_column(key: str) -> str:
        return f"{binned[key]} AS {quote(key)}" if key in binned else quote(key)

    selected: list[str] = []
    lines = parts[f"{statement} select"]
    index = 0
    while index < len(lines):
        line = lines[index]
        if "{key}" in line:
            selected += [line.replace("{key}", key_column(key)) for key in keys]
            index += 1
            continue
        name = next((name for name in columns if "{" + name in line), None)
        if name is None:
            selected.append(line)
            index += 1
            continue
        # The lines of one placeholder (a metric's three), written per name in turn.
        block = []
        while index < len(lines) and "{" + name in lines[index]:
            block.append(lines[index])
            index += 1
        for value in columns[name]:
            for template in block:
                selected.append(_fill_names(template, name, value))
    order = ", ".join(
        [
            line.replace("{bin}", bin_expression(parts, key, (bins or {})[key], numbered=True))
            for key in binned
            for line in parts["binned order"]
        ]
        + [
            line.replace("{key}", quote(key))
            for key in keys
            if key not in binned
            for line in parts["order"]
        ]
    )
    grouped = ", ".join(binned.get(key, quote(key)) for key in keys)
    text = []
    for line in parts[statement]:
        if not keys and ("{keys}" in line or "{order}" in line):
            continue
        text.append(
            line.replace("{select}", ",\n       ".join(selected))
            .replace("{source}", source)
            .replace("{keys}", grouped)
            .replace("{order}", order)
        )
    return "\n".join(text)


def _fill_names(template: str, name: str, value: str) -> str:
    """`{name}` and `{name.suffix}` in a line of the SQL, for the column `value`."""
    out = template.replace("{" + name + "}", quote(value))
    while "{" + name + "." in out:
        start = out.index("{" + name + ".")
        end = out.index("}", start)
        suffix = out[start + len(name) + 1 : end]
        out = out[:start] + quote(value + suffix) + out[end + 1 :]
    return out


def reduction_sql(
    roles: Roles, source: str = "runs", bins: Mapping[str, Bins] | None = None
) -> str:
    """The reduction, as the one SQL text every engine runs (reduction.sql's `configurations`):
    per distinct value of the grouping columns (the bin of a column in `bins`), `n` and per
    metric `m.n`, `m.mean`, `m.var`, rows sorted by the grouping columns (binned ones first)."""
    return fill_reduction("configurations", roles.groups, {"metric": roles.metrics}, source, bins)


@dataclass(frozen=True)
class PairwiseRoles:
    """The columns of per-item scores: the item, the model, the score, and the group if any."""

    item: str
    model: str
    score: str
    group: str | None = None

    @property
    def keys(self) -> tuple[str, ...]:
        """What a row of the reduction is one of: (group,) model, item."""
        return (*((self.group,) if self.group else ()), self.model, self.item)


def pairwise_reduction_sql(roles: PairwiseRoles, source: str = "runs") -> str:
    """Per-item scores' reduction, the one SQL text every engine runs (reduction.sql's `item
    scores`): per (group,) model and item, the mean of the score (repeats averaged) under the
    score's own name and the count of scores `n`, rows sorted by group, model and item."""
    return fill_reduction("item scores", roles.keys, {"score": (roles.score,)}, source)


def is_score_name(name: str) -> bool:
    """True for score-like names, by the pairwise loader's rule: "score", "Pass@1", "acc"."""
    words = "".join(c if c.isalnum() else " " for c in name.lower()).split()
    return any(word in SCORE_WORDS for word in words) or normalize(name) in SCORE_WORDS


def infer_pairwise_roles(
    columns: Sequence[Column],
    *,
    item: str | None = None,
    model: str | None = None,
    score: str | None = None,
    group: str | None = None,
) -> PairwiseRoles | None:
    """The columns of per-item scores by the pairwise loader's rules (named first; then item,
    model, group and score by their names, each column taken once), or None when the columns
    are not per-item scores (no item, model or score column found)."""
    taken = [name for name in (item, model, score, group) if name]

    def find(given: str | None, names: Callable[[str], bool], numbers: bool = False) -> str | None:
        if given:
            return given
        for column in columns:
            if column.name not in taken and names(column.name) and (column.numeric or not numbers):
                taken.append(column.name)
                return column.name
        return None

    found_item = find(item, lambda name: normalize(name) in ITEM_NAMES)
    found_model = find(model, lambda name: normalize(name) in PAIRWISE_MODEL_NAMES)
    found_group = find(group, lambda name: normalize(name) in GROUP_NAMES)
    found_score = find(score, is_score_name, numbers=True)
    if not (found_item and found_model and found_score):
        return None
    return PairwiseRoles(found_item, found_model, found_score, found_group)


def profile_sql(columns: Sequence[str], distinct: Sequence[str], source: str = "runs") -> str:
    """One pass over the rows: their number, then per column its present values and, for the
    columns in `distinct`, its distinct values."""
    selected = ['count(*) AS "rows"']
    for index, name in enumerate(columns):
        selected.append(f'count({quote(name)}) AS "present {index}"')
        if name in distinct:
            selected.append(f'count(DISTINCT {quote(name)}) AS "values {index}"')
    return "SELECT " + ", ".join(selected) + f" FROM {source}"


def named_for_good(name: str) -> bool:
    """True for a column whose name alone decides its role (a metric, a replicate, bookkeeping):
    its distinct values are not counted (on a log of samples they are the costly ones)."""
    normal = normalize(name)
    return is_metric_name(name) or normal in REPLICATE_NAMES or normal in BOOKKEEPING_NAMES


def infer_roles(
    columns: Sequence[Column],
    rows: int,
    *,
    metrics: Sequence[str] = (),
    by: Sequence[str] | None = None,
    over: Sequence[str] = (),
    ignore: Sequence[str] = (),
    keep: Sequence[str] = (),
) -> Roles:
    """The roles of the columns by the module's rules; names given win (`keep`: grouped, as
    inference would group them or not)."""
    groups: list[str] = []
    found_metrics: list[str] = []
    reduced_over: list[str] = []
    ignored: list[str] = []
    for column in columns:
        name = column.name
        if name in metrics:
            found_metrics.append(name)
        elif by is not None and name in by:
            groups.append(name)
        elif name in over:
            reduced_over.append(name)
        elif name in ignore:
            ignored.append(name)
        elif name in keep:
            groups.append(name)
        elif is_metric_name(name) and normalize(name) not in BOOKKEEPING_NAMES:
            found_metrics.append(name)
        elif by is not None:
            ignored.append(name)
        elif column.present == 0:
            ignored.append(name)
        elif normalize(name) in MODEL_NAMES or normalize(name) in BENCHMARK_NAMES:
            groups.append(name)
        elif normalize(name) in REPLICATE_NAMES:
            reduced_over.append(name)
        elif column.values == 1 or normalize(name) in BOOKKEEPING_NAMES:
            ignored.append(name)
        elif not column.numeric and rows > 1 and column.values == rows:
            ignored.append(name)
        else:
            groups.append(name)
    if not found_metrics:
        numeric = [
            name
            for name in groups
            if (by is None or name not in by) and next(c for c in columns if c.name == name).numeric
        ]
        if not numeric:
            raise ReductionError(
                "no column can be the metric: expected a column of numbers; name it with "
                "--metric (metrics= in Python)"
            )
        found_metrics.append(numeric[-1])
        groups.remove(numeric[-1])
    return Roles(tuple(groups), tuple(found_metrics), tuple(reduced_over), tuple(ignored))


@dataclass
class Reduction:
    """A configuration table made by an engine, and what it was made from."""

    engine: str
    rows: int
    roles: Roles | PairwiseRoles
    header: list[str]
    table: list[tuple[Any, ...]]
    seconds: float
    sql: str = field(repr=False)
    #: The columns binned in the engine (README "Too many configurations"), by name.
    bins: dict[str, Bins] = field(default_factory=dict)

    @property
    def configurations(self) -> int:
        """The rows of the table: configurations, or (model, item) scores."""
        return len(self.table)

    @property
    def pairwise(self) -> bool:
        """True for per-item scores (one row per model and item), False for a configuration
        table."""
        return isinstance(self.roles, PairwiseRoles)

    @property
    def note(self) -> str:
        """What the figure says of it: `reduced in DuckDB from 52,000,000 rows to 3,240
        configurations`."""
        if self.pairwise:
            noun = "item score" if self.configurations == 1 else "item scores"
        else:
            noun = "configuration" if self.configurations == 1 else "configurations"
        rows = "row" if self.rows == 1 else "rows"
        return (
            f"reduced in {self.engine} from {self.rows:,} {rows} to {self.configurations:,} {noun}"
            + "".join(f"; {_binned_note(name, bins)}" for name, bins in self.bins.items())
        )

    def to_csv(self) -> str:
        """The configuration table as CSV text: missing values as empty fields, numbers with
        the digits that read back as the same double."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(self.header)
        for row in self.table:
            writer.writerow([_field(value) for value in row])
        return out.getvalue()


def _field(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return "" if math.isnan(value) else repr(value)
    return str(value)


class Engine:
    """What a reduction needs of an engine: the source's columns, and a query's rows. The
    subclasses hold the rows where they are (files, a relation, a DataFrame, a LazyFrame)."""

    name = "an engine"
    #: What the source is called in messages: a path or glob, or the kind of frame.
    source = "the data"

    def columns(self) -> list[Column]:
        raise NotImplementedError

    def rows(self, sql: str) -> tuple[list[str], list[tuple[Any, ...]]]:
        raise NotImplementedError

    def fail(self, what: str, error: BaseException) -> ReductionError:
        return ReductionError(f"{what}; {self.name} says: {error}")

    # Each step of a reduction; an engine that runs SQL runs the module's SQL texts (an engine
    # that does not, NarwhalsEngine, runs the same steps as expressions).

    def profile(self, names: Sequence[str], distinct: Sequence[str]) -> dict[str, Any]:
        """`profile_sql`'s one row: "rows", then "present {i}" and "values {i}" (distinct
        values, not counting missing) per column `i` of `names` (values only for `distinct`)."""
        header, profile = self.rows(profile_sql(names, distinct))
        return dict(zip(header, profile[0], strict=True))

    def count_rows(self) -> int:
        return int(self.rows('SELECT count(*) AS "rows" FROM runs')[1][0][0])

    def count_distinct(self, names: Sequence[str]) -> int:
        """How many distinct combinations of these columns' values (missing counted) there are."""
        distinct = ", ".join(map(quote, names))
        return int(
            self.rows(f"SELECT count(*) FROM (SELECT DISTINCT {distinct} FROM runs) AS c")[1][0][0]
        )

    def configurations(
        self, roles: Roles, bins: Mapping[str, Bins] | None = None
    ) -> tuple[str, list[str], list[tuple[Any, ...]]]:
        """The configuration table: (the query run, header, rows), by `reduction_sql` (the
        columns in `bins` binned)."""
        sql = reduction_sql(roles, bins=bins)
        return (sql, *self.rows(sql))

    #: True for an engine whose SQL bins a column past the limit (README "Too many
    #: configurations"): DuckDB's, where it is tested; the others refuse such a table.
    bins_in_sql = False

    def spans(self, names: Sequence[str]) -> dict[str, tuple[Any, Any]]:
        """Per column, its smallest and largest value as doubles (None when it has none)."""
        selected = ", ".join(
            f'min(CAST({quote(name)} AS DOUBLE)) AS "min {index}", '
            f'max(CAST({quote(name)} AS DOUBLE)) AS "max {index}"'
            for index, name in enumerate(names)
        )
        header, rows = self.rows(f"SELECT {selected} FROM runs")
        found = dict(zip(header, rows[0], strict=True))
        return {name: (found[f"min {i}"], found[f"max {i}"]) for i, name in enumerate(names)}

    def count_distinct_binned(self, names: Sequence[str], bins: Mapping[str, Bins]) -> int:
        """How many distinct combinations of these columns' values there are, the columns in
        `bins` by their bin (reduction.sql's bin expression)."""
        parts = _sql_parts()
        distinct = ", ".join(
            bin_expression(parts, name, bins[name]) + f" AS {quote(name)}"
            if name in bins
            else quote(name)
            for name in names
        )
        return int(
            self.rows(f"SELECT count(*) FROM (SELECT DISTINCT {distinct} FROM runs) AS c")[1][0][0]
        )

    def item_scores(self, roles: PairwiseRoles) -> tuple[str, list[str], list[tuple[Any, ...]]]:
        """Per-item scores: (the query run, header, rows), by `pairwise_reduction_sql`."""
        sql = pairwise_reduction_sql(roles)
        return (sql, *self.rows(sql))


def reduce(
    engine: Engine,
    *,
    metrics: Sequence[str] = (),
    by: Sequence[str] | None = None,
    over: Sequence[str] = (),
    ignore: Sequence[str] = (),
    keep: Sequence[str] = (),
    item: str | None = None,
    model: str | None = None,
    group: str | None = None,
    pairwise: bool | None = None,
    progress: Callable[[str], None] | None = None,
) -> Reduction:
    """Reduces the engine's rows to a configuration table: the columns' roles (named, else
    inferred from the schema and one profiling pass), then `reduction_sql`, in the engine. Per-item
    scores (`pairwise=True`, an `item` named, or, with `pairwise` None and no `by` and at most
    one metric, columns named like an item, a model and a score) reduce to one row per model
    and item instead (`pairwise_reduction_sql`; `model`, `group` and the one metric name their
    columns)."""
    say = progress or (lambda _line: None)
    started = time.perf_counter()
    columns = engine.columns()
    names = [column.name for column in columns]
    given_names = (
        ("metric", metrics),
        ("by", by or ()),
        ("over", over),
        ("ignore", ignore),
        ("column", keep),
        ("item", [item] if item else ()),
        ("model", [model] if model else ()),
        ("group", [group] if group else ()),
    )
    for option, given in given_names:
        for name in given:
            if name not in names:
                raise ReductionError(
                    f'{option}: no column "{name}" in {engine.source}; the columns are '
                    + ", ".join(f'"{n}"' for n in names)
                )
    for name in metrics:
        column = next(c for c in columns if c.name == name)
        if not column.numeric:
            raise ReductionError(
                f'metric "{name}" in {engine.source} holds {column.type}, not numbers: '
                "name a column of numbers (or booleans)"
            )
    if pairwise or item or (pairwise is None and by is None and len(metrics) <= 1):
        roles = infer_pairwise_roles(
            columns, item=item, model=model, score=metrics[0] if metrics else None, group=group
        )
        if roles is None and (pairwise or item):
            raise ReductionError(
                f"per-item scores need an item, a model and a score column; {engine.source} has "
                + ", ".join(f'"{n}"' for n in names)
                + ": name them with --item, --model and --metric (item=, model=, metric= in "
                "Python)"
            )
        if len(metrics) > 1 and roles is not None:
            raise ReductionError("per-item scores have one score: name one metric")
        if roles is not None:
            return _reduce_pairwise(engine, columns, roles, say, started)
    say(f"profiling {len(columns)} columns of {engine.source} in {engine.name}")
    try:
        named = {*metrics, *over, *ignore}
        distinct = [n for n in names if n not in named and not named_for_good(n)]
        values = engine.profile(names, distinct)
    except ReductionError:
        raise
    except Exception as error:
        raise engine.fail(f"cannot read {engine.source}", error) from error
    rows = int(values["rows"])
    profiled = [
        Column(
            c.name,
            c.numeric,
            c.type,
            int(values[f"present {i}"]),
            int(values.get(f"values {i}", -1)),
        )
        for i, c in enumerate(columns)
    ]
    roles = infer_roles(profiled, rows, metrics=metrics, by=by, over=over, ignore=ignore, keep=keep)
    for name in roles.metrics:
        column = next(c for c in profiled if c.name == name)
        if not column.numeric:
            raise ReductionError(
                f'metric "{name}" in {engine.source} holds {column.type}, not numbers: name '
                "the metrics with --metric (metrics= in Python), or ignore it"
            )
    for name in roles.groups:
        if name == "n" or name.endswith(STATISTICS[1:]):
            raise ReductionError(
                f'column "{name}" in {engine.source} has the name of a configuration table\'s '
                "statistic: rename it, or ignore it"
            )
    grouped = [c for c in profiled if c.name in roles.groups]
    bins = _bins_within_the_limit(engine, grouped, rows)
    for name, found in bins.items():
        say(_binned_note(name, found))
    say(
        f"{rows:,} rows; grouping by {', '.join(roles.groups) or 'nothing'}; metrics "
        f"{', '.join(roles.metrics)}"
        + (f"; reduced over {', '.join(roles.over)}" if roles.over else "")
    )
    try:
        sql, header, table = engine.configurations(roles, bins)
    except ReductionError:
        raise
    except Exception as error:
        raise engine.fail(f"cannot reduce {engine.source}", error) from error
    return Reduction(
        engine=engine.name,
        rows=rows,
        roles=roles,
        header=header,
        table=table,
        seconds=time.perf_counter() - started,
        sql=sql,
        bins=bins,
    )


def _bins_within_the_limit(engine: Engine, grouped: Sequence[Column], rows: int) -> dict[str, Bins]:
    """Nothing when the configuration table fits in a tab (at most MAX_CONFIGURATIONS rows);
    else, in an engine that bins in its SQL, the run table's bins of every number column the
    run table would bin (README "Too many configurations"), when the table then fits. Refuses
    with the count and the way out when it does not, before the table is collected."""
    names = [c.name for c in grouped]
    # At most every value (and a missing one) of each grouping column, together.
    bound = math.prod(rows if c.values < 0 else c.values + (c.present < rows) for c in grouped)
    if bound <= MAX_CONFIGURATIONS:
        return {}
    count = engine.count_distinct(names)
    if count <= MAX_CONFIGURATIONS:
        return {}
    bins: dict[str, Bins] = {}
    numbers = [c for c in grouped if c.numeric and not c.type.startswith("BOOL")]
    if engine.bins_in_sql and numbers:
        spans = engine.spans([c.name for c in numbers])
        for column in numbers:
            low, high = spans[column.name]
            if low is None or high is None:
                continue
            found = bins_for_values(column.values, rows, float(low), float(high))
            if found is not None:
                bins[column.name] = found
    if bins:
        count = engine.count_distinct_binned(names, bins)
        if count <= MAX_CONFIGURATIONS:
            return bins
    unbinned = [c for c in grouped if c.name not in bins] or list(grouped)
    widest = max(unbinned, key=lambda c: c.values)
    binned = "".join(f" even with {_binned_words(name, bins[name])}" for name in bins)
    raise ReductionError(
        f"the configuration table of {engine.source} would have {count:,} rows{binned}; a "
        f'browser tab holds {MAX_CONFIGURATIONS:,}: "{widest.name}" has '
        f"{widest.values:,} values. Bin it in the engine first, or ignore it "
        "(--ignore, ignore= in Python)"
    )


def _binned_words(name: str, bins: Bins) -> str:
    """`"lr" binned into 6 log-spaced ranges` (the core's words: importers/reduction.rs)."""
    count = len(bins.labels)
    noun = ("log-spaced range" if bins.log else "range") + ("" if count == 1 else "s")
    return f'"{name}" binned into {count:,} {noun}'


def _binned_note(name: str, bins: Bins) -> str:
    """What a reduction says of a column it binned: `"lr" binned into 6 log-spaced ranges in
    DuckDB, as the run table bins it` (the core's words, `binned_note`)."""
    return f"{_binned_words(name, bins)} in DuckDB, as the run table bins it"


def _reduce_pairwise(
    engine: Engine,
    columns: Sequence[Column],
    roles: PairwiseRoles,
    say: Callable[[str], None],
    started: float,
) -> Reduction:
    """Per-item scores' reduction in the engine: the rows counted, the table bounded, then
    `pairwise_reduction_sql`."""
    score = next(c for c in columns if c.name == roles.score)
    if not score.numeric:
        raise ReductionError(
            f'score "{roles.score}" in {engine.source} holds {score.type}, not numbers: name a '
            "column of numbers (or booleans) with --metric (metric= in Python)"
        )
    try:
        rows = engine.count_rows()
        if rows > MAX_ITEM_SCORES:
            count = engine.count_distinct(roles.keys)
            if count > MAX_ITEM_SCORES:
                raise ReductionError(
                    f"the per-item scores of {engine.source} would have {count:,} rows (one per "
                    f"model and item); a browser tab holds {MAX_ITEM_SCORES:,} item scores: keep "
                    "fewer models or items in the engine first"
                )
    except ReductionError:
        raise
    except Exception as error:
        raise engine.fail(f"cannot read {engine.source}", error) from error
    say(
        f"{rows:,} rows of per-item scores; item {roles.item}, model {roles.model}, score "
        f"{roles.score}" + (f", group {roles.group}" if roles.group else "")
    )
    try:
        sql, header, table = engine.item_scores(roles)
    except Exception as error:
        raise engine.fail(f"cannot reduce {engine.source}", error) from error
    return Reduction(
        engine=engine.name,
        rows=rows,
        roles=roles,
        header=header,
        table=table,
        seconds=time.perf_counter() - started,
        sql=sql,
    )


# -- engines ---------------------------------------------------------------------------------

#: DuckDB's numeric type names (and BOOLEAN, averaged as 0 and 1).
DUCKDB_NUMBERS = (
    "TINYINT",
    "SMALLINT",
    "INTEGER",
    "BIGINT",
    "HUGEINT",
    "UTINYINT",
    "USMALLINT",
    "UINTEGER",
    "UBIGINT",
    "UHUGEINT",
    "FLOAT",
    "DOUBLE",
    "DECIMAL",
    "BOOLEAN",
)


class DuckDBEngine(Engine):
    """Rows in DuckDB: files (Parquet, CSV, JSON lines; globs) or a relation."""

    name = "DuckDB"
    bins_in_sql = True

    def __init__(self, relation: Any, source: str) -> None:
        self.relation = relation
        self.source = source

    @classmethod
    def of_files(cls, paths: Sequence[str], *, progress_bar: bool = False) -> DuckDBEngine:
        duckdb = _import("duckdb", "reduce files")
        connection = duckdb.connect()
        if progress_bar:
            connection.execute("SET enable_progress_bar = true")
            connection.execute("SET enable_progress_bar_print = true")
        source = ", ".join(paths)
        readers = []
        for path in paths:
            lower = path.lower().removesuffix(".gz").removesuffix(".zst")
            literal = "'" + path.replace("'", "''") + "'"
            if lower.endswith((".parquet", ".pq")):
                readers.append(f"SELECT * FROM read_parquet({literal})")
            elif lower.endswith((".jsonl", ".ndjson", ".json")):
                readers.append(f"SELECT * FROM read_json_auto({literal})")
            elif lower.endswith((".csv", ".tsv", ".txt")):
                readers.append(f"SELECT * FROM read_csv_auto({literal})")
            else:
                raise ReductionError(
                    f'cannot tell the format of "{path}": expected a name ending in .parquet, '
                    ".csv, .tsv, .jsonl or .json (or .gz of these)"
                )
        try:
            relation = connection.sql("\nUNION ALL BY NAME\n".join(readers))
        except Exception as error:
            raise ReductionError(f"cannot read {source}; DuckDB says: {error}") from error
        return cls(relation, source)

    def columns(self) -> list[Column]:
        found = []
        for name, kind in zip(self.relation.columns, self.relation.types, strict=True):
            text = str(kind)
            found.append(Column(name, text.split("(")[0] in DUCKDB_NUMBERS, text))
        return found

    def rows(self, sql: str) -> tuple[list[str], list[tuple[Any, ...]]]:
        # The relation is the query's "runs": DuckDB plans the SQL over it, in its connection.
        result = self.relation.query("runs", sql)
        return list(result.columns), result.fetchall()


#: Spark's numeric type names (`df.dtypes`).
SPARK_NUMBERS = ("tinyint", "smallint", "int", "bigint", "float", "double", "decimal", "boolean")


class SparkEngine(Engine):
    """Rows in a PySpark DataFrame: the SQL runs in its session."""

    name = "Spark"
    source = "the Spark DataFrame"

    def __init__(self, frame: Any) -> None:
        # NaN is a value to Spark; to sweepmap (and pandas, and DuckDB) it is missing.
        floats = [name for name, kind in frame.dtypes if kind in ("double", "float")]
        if floats:
            frame = frame.replace(float("nan"), None, subset=floats)
        self.frame = frame
        self.session = frame.sparkSession
        self.view = f"sweepmap_runs_{id(frame):x}"
        frame.createOrReplaceTempView(self.view)

    def columns(self) -> list[Column]:
        return [
            Column(name, kind.split("(")[0] in SPARK_NUMBERS, kind)
            for name, kind in self.frame.dtypes
        ]

    @contextmanager
    def _quoted(self) -> Iterator[None]:
        """Spark reads double quotes as identifiers (ANSI mode) while the SQL runs; the
        session's settings are put back after."""
        settings = ("spark.sql.ansi.enabled", "spark.sql.ansi.doubleQuotedIdentifiers")
        before = {key: self.session.conf.get(key, None) for key in settings}
        for key in settings:
            self.session.conf.set(key, "true")
        try:
            yield
        finally:
            for key, value in before.items():
                if value is None:
                    self.session.conf.unset(key)
                else:
                    self.session.conf.set(key, value)

    def rows(self, sql: str) -> tuple[list[str], list[tuple[Any, ...]]]:
        with self._quoted():
            result = self.session.sql(sql.replace("FROM runs", f"FROM {self.view}"))
            return list(result.columns), [tuple(row) for row in result.collect()]

    def plan(self, sql: str) -> str:
        """The physical plan Spark runs the SQL with."""
        with self._quoted():
            result = self.session.sql(sql.replace("FROM runs", f"FROM {self.view}"))
            return str(result._jdf.queryExecution().executedPlan().toString())


class PolarsEngine(Engine):
    """Rows behind a polars LazyFrame: the SQL runs in polars' SQL context, lazily."""

    name = "polars"
    source = "the polars LazyFrame"

    def __init__(self, frame: Any) -> None:
        # NaN is a value to polars; to sweepmap (and pandas, and DuckDB) it is missing.
        polars = _import("polars", "reduce a LazyFrame")
        self.frame = frame.with_columns(polars.selectors.float().fill_nan(None))

    def columns(self) -> list[Column]:
        schema = self.frame.collect_schema()
        return [
            Column(name, dtype.is_numeric() or dtype.base_type().__name__ == "Boolean", str(dtype))
            for name, dtype in schema.items()
        ]

    def query(self, sql: str) -> Any:
        """The SQL as a LazyFrame over the frame (nothing collected)."""
        polars = _import("polars", "reduce a LazyFrame")
        return polars.SQLContext(runs=self.frame).execute(sql, eager=False)

    def rows(self, sql: str) -> tuple[list[str], list[tuple[Any, ...]]]:
        result = self.query(sql).collect()
        return list(result.columns), result.rows()


class IbisEngine(Engine):
    """Rows behind an Ibis table: the SQL runs in the table's backend (`Table.sql`, which Ibis
    translates for its backend)."""

    name = "Ibis"
    source = "the Ibis table"

    def __init__(self, table: Any) -> None:
        self.table = table
        try:
            self.name = f"Ibis ({table._find_backend().name})"
        except Exception:
            self.name = "Ibis"

    def columns(self) -> list[Column]:
        return [
            Column(name, dtype.is_numeric() or dtype.is_boolean(), str(dtype))
            for name, dtype in self.table.schema().items()
        ]

    def query(self, sql: str) -> Any:
        """The SQL as an Ibis expression over the table (nothing run)."""
        return self.table.alias("runs").sql(sql)

    def rows(self, sql: str) -> tuple[list[str], list[tuple[Any, ...]]]:
        result = self.query(sql).to_pyarrow()
        # NaN from a backend that computes a variance of one value is missing, as in SQL.
        table = [
            tuple(None if isinstance(v, float) and math.isnan(v) else v for v in row.values())
            for row in result.to_pylist()
        ]
        return list(result.column_names), table


def reduction_expressions(roles: Roles) -> list[Any]:
    """The configuration table's aggregations as narwhals expressions: `reduction_sql`'s
    select list, for an engine without SQL (Dask), in the same order and names, over the
    metrics cast to doubles first (`casts`: Dask aggregates plain columns only)."""
    import narwhals as nw

    aggregations = [nw.len().alias("n")]
    for metric in roles.metrics:
        value = nw.col(metric)
        aggregations += [
            value.count().alias(metric + ".n"),
            value.mean().alias(metric + ".mean"),
            value.var(ddof=1).alias(metric + ".var"),
        ]
    return aggregations


def pairwise_reduction_expressions(roles: PairwiseRoles) -> list[Any]:
    """Per-item scores' aggregations as narwhals expressions (`pairwise_reduction_sql`'s), over
    the score cast to doubles first."""
    import narwhals as nw

    return [nw.col(roles.score).mean(), nw.col(roles.score).count().alias("n")]


def casts(names: Sequence[str]) -> list[Any]:
    """The columns as doubles (`CAST(... AS DOUBLE)`), before the expressions aggregate them."""
    import narwhals as nw

    return [nw.col(name).cast(nw.Float64) for name in names]


class NarwhalsEngine(Engine):
    """Rows behind a lazy frame that runs no SQL (Dask), reduced in its own engine through
    narwhals: the same steps as the SQL (`reduction_expressions`), collecting only their
    answers."""

    def __init__(self, frame: Any, name: str) -> None:
        import narwhals as nw

        self.nw = nw
        self.frame = nw.from_native(frame).lazy()
        self.name = name
        self.source = f"the {name} DataFrame"

    def columns(self) -> list[Column]:
        schema = self.frame.collect_schema()
        return [
            Column(name, dtype.is_numeric() or dtype == self.nw.Boolean, str(dtype))
            for name, dtype in schema.items()
        ]

    def _collect(self, query: Any) -> tuple[list[str], list[tuple[Any, ...]]]:
        result = query.collect()
        table = [
            tuple(None if isinstance(v, float) and math.isnan(v) else v for v in row)
            for row in result.rows()
        ]
        return list(result.columns), table

    def profile(self, names: Sequence[str], distinct: Sequence[str]) -> dict[str, Any]:
        nw = self.nw
        selected = [nw.len().alias("rows")]
        for index, name in enumerate(names):
            selected.append(nw.col(name).count().alias(f"present {index}"))
            if name in distinct:
                selected.append(nw.col(name).n_unique().alias(f"values {index}"))
        header, rows = self._collect(self.frame.select(*selected))
        values = dict(zip(header, rows[0], strict=True))
        # n_unique counts a missing value as one; SQL's count(DISTINCT ...) does not.
        for index in range(len(names)):
            if f"values {index}" in values and values[f"present {index}"] < values["rows"]:
                values[f"values {index}"] -= 1
        return values

    def count_rows(self) -> int:
        return int(self._collect(self.frame.select(self.nw.len()))[1][0][0])

    def count_distinct(self, names: Sequence[str]) -> int:
        query = self.frame.select(*names).unique().select(self.nw.len())
        return int(self._collect(query)[1][0][0])

    def _grouped(self, keys: Sequence[str], values: Sequence[str], aggregations: list[Any]) -> Any:
        frame = self.frame.with_columns(*casts(values)) if values else self.frame
        if not keys:
            return frame.select(*aggregations)
        grouped = frame.group_by(*keys, drop_null_keys=False).agg(*aggregations)
        return grouped.sort(*keys, nulls_last=True)

    def query(self, roles: Roles | PairwiseRoles) -> Any:
        """The reduction as a narwhals LazyFrame over the frame (nothing run)."""
        if isinstance(roles, PairwiseRoles):
            keys, values = roles.keys, [roles.score]
            return self._grouped(keys, values, pairwise_reduction_expressions(roles))
        return self._grouped(roles.groups, roles.metrics, reduction_expressions(roles))

    def configurations(
        self, roles: Roles, bins: Mapping[str, Bins] | None = None
    ) -> tuple[str, list[str], list[tuple[Any, ...]]]:
        return ("narwhals: " + reduction_sql(roles), *self._collect(self.query(roles)))

    def item_scores(self, roles: PairwiseRoles) -> tuple[str, list[str], list[tuple[Any, ...]]]:
        return ("narwhals: " + pairwise_reduction_sql(roles), *self._collect(self.query(roles)))


def _import(module: str, what: str) -> Any:
    try:
        return __import__(module)
    except ImportError:
        raise ReductionError(
            f"{module} is needed to {what}: pip install 'sweepmap[engines]' (or {module})"
        ) from None


def engine_of(frame: Any) -> Engine | None:
    """The engine that holds a lazy frame's rows (a polars LazyFrame, a DuckDB relation, a
    PySpark DataFrame, an Ibis table, a Dask DataFrame), or None for any other data."""
    kind = type(frame)
    module = kind.__module__
    if module.startswith("polars") and kind.__name__ == "LazyFrame":
        return PolarsEngine(frame)
    if module.startswith("duckdb") and kind.__name__ == "DuckDBPyRelation":
        return DuckDBEngine(frame, "the DuckDB relation")
    if module.startswith("pyspark") and kind.__name__ == "DataFrame":
        return SparkEngine(frame)
    if module.startswith("ibis") and kind.__name__ == "Table":
        return IbisEngine(frame)
    if module.startswith("dask") and kind.__name__ == "DataFrame":
        return NarwhalsEngine(frame, "Dask")
    return None


def paths_of(patterns: Iterable[str]) -> list[str]:
    """The patterns as DuckDB reads them (a glob stays a glob: DuckDB expands it)."""
    return [str(pattern) for pattern in patterns]
