"""`python -m sweepmap reduce 'logs/*.parquet' --metric acc -o runs.csv`: a log too large for a
browser tab, reduced by DuckDB to the configuration table the explorer opens (README "Larger
than a tab")."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from ._reduce import DuckDBEngine, ReductionError, reduce


def _names(values: Sequence[str] | None) -> list[str]:
    """Column names given once each or comma-separated: `--by lr,batch_size --by model`."""
    return [name.strip() for value in values or () for name in value.split(",") if name.strip()]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m sweepmap",
        description='sweepmap\'s command line (README "Larger than a tab").',
    )
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser(
        "reduce",
        help="reduce runs or per-sample logs to a configuration table (or per-item scores), "
        "in DuckDB",
        description=(
            "Reads Parquet, CSV and JSON-lines files (globs too: quote them) with DuckDB, groups "
            "the rows by every parameter and facet column and writes, per group, n and each "
            "metric's n, mean and var: the configuration table sweepmap's explorer opens. "
            "Per-item scores (columns named like an item, a model and a score, or --pairwise) "
            "are reduced to one row per model and item: the mean score and its count n, which "
            "the explorer opens as pairwise comparisons. Columns are inferred by the page's "
            "rules unless named."
        ),
    )
    command.add_argument("files", nargs="+", help="files or globs: logs/*.parquet, runs.csv")
    command.add_argument("-o", "--output", help="the CSV to write (default: standard output)")
    command.add_argument("--metric", action="append", help="a metric column (repeat or a,b)")
    command.add_argument(
        "--by", action="append", help="group by these columns only (repeat or a,b)"
    )
    command.add_argument(
        "--over", action="append", help="columns reduced over, like a seed (repeat or a,b)"
    )
    command.add_argument("--ignore", action="append", help="columns to leave out (repeat or a,b)")
    command.add_argument(
        "--pairwise",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="per-item scores: one row per model and item with the mean score and its count "
        "(default: when columns are named like an item, a model and a score)",
    )
    command.add_argument("--item", help="per-item scores: the item column (implies --pairwise)")
    command.add_argument("--model", help="per-item scores: the model column")
    command.add_argument("--group", help="per-item scores: the group column (benchmark, task)")
    command.add_argument("--quiet", action="store_true", help="no progress on standard error")
    arguments = parser.parse_args(argv)

    def say(line: str) -> None:
        if not arguments.quiet:
            print(f"sweepmap reduce: {line}", file=sys.stderr, flush=True)

    try:
        engine = DuckDBEngine.of_files(
            arguments.files, progress_bar=not arguments.quiet and sys.stderr.isatty()
        )
        by = _names(arguments.by)
        reduction = reduce(
            engine,
            metrics=_names(arguments.metric),
            by=by or None,
            over=_names(arguments.over),
            ignore=_names(arguments.ignore),
            item=arguments.item,
            model=arguments.model,
            group=arguments.group,
            pairwise=arguments.pairwise,
            progress=say,
        )
    except ReductionError as error:
        print(f"sweepmap reduce: {error}", file=sys.stderr)
        return 1
    text = reduction.to_csv()
    if arguments.output:
        Path(arguments.output).write_text(text, encoding="utf-8")
        where = arguments.output
    else:
        sys.stdout.write(text)
        where = "standard output"
    say(f"{reduction.note} in {reduction.seconds:.1f} s; written to {where}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
