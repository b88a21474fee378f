//! The largest datasets sweepmap accepts, as explicit constants.
//!
//! A file from a stranger can name a million models or a million axis values in a few megabytes;
//! the dense panels it asks for would then need more memory than a browser tab has, and drawing
//! them would hang the page. These limits are checked before any panel is allocated, and
//! exceeding one is an error that names the limit and the count (see `Error::LimitExceeded`).

use crate::error::{counted, grouped, Error, Result};

/// Panels in a dataset: models x benchmarks (the panels form a dense table).
pub const MAX_PANELS: usize = 1_000;

/// Cells in one panel: x values x y values. A 1000 x 1000 grid still draws in tens of
/// milliseconds through the RGBA path.
pub const MAX_PANEL_CELLS: usize = 1_000_000;

/// Cells in all panels together: panels x cells per panel (about 40 bytes each in memory).
pub const MAX_TOTAL_CELLS: usize = 4_000_000;

/// Per-item scores in all: models x items. A pairwise dataset keeps one slot per model and
/// item (16 bytes), so that any two models compare item by item; a few kilobytes of rows that
/// each name a new model and a new item would otherwise ask for gigabytes. 40 models x 25,000
/// items is a quarter of it.
pub const MAX_ITEM_SCORES: usize = 4_000_000;

/// Runs in a run table (one row each): a sweep file of a million runs and twenty columns holds
/// about 80 MB of codes.
pub const MAX_RUNS: usize = 1_000_000;

/// Columns in a run table.
pub const MAX_COLUMNS: usize = 10_000;

/// Distinct values of a parameter that is not binned (a text parameter, or a numeric one on a
/// grid): more cannot be told apart on an axis or in a control.
pub const MAX_PARAMETER_VALUES: usize = 1_000;

/// What to do with more per-item scores than [`MAX_ITEM_SCORES`], written after the limit.
/// Reducing repeats (seeds, samples) leaves one score per model and item, as many as before:
/// only fewer models or items fit.
pub const SCORES_WAY_OUT: &str = " (what a browser tab holds): compare fewer models or items at \
     a time: keep those where the scores live (a WHERE in DuckDB, a filter in pandas or polars) \
     and open them (README \"Larger than a tab\")";

/// What to do with more runs in the JSON table form than [`MAX_RUNS`], written after the
/// limit: the run-table CSV's way out (`Error::TooManyRuns`), for runs written as JSON.
pub const JSON_RUNS_WAY_OUT: &str = " (what a browser tab holds): write the runs one per line \
     (JSON lines) or as Parquet and reduce them to one row per configuration where they live, \
     e.g. python -m sweepmap reduce runs.jsonl --metric M -o runs.csv, then open runs.csv; a \
     JSON lines or Parquet file opened in the page is reduced there (README \"Larger than a \
     tab\")";

/// What to do with more columns in the JSON table form than [`MAX_COLUMNS`], written after
/// the limit.
pub const JSON_COLUMNS_WAY_OUT: &str = ": keep the parameters, metrics and facets in the runs \
     and leave the other fields out";

/// The table a reduction in the page (DuckDB-wasm, `www/lib/reduce.js`) would give, when it is
/// more than a tab holds: per-item scores, or a configuration table whose widest key `column`
/// has `values` distinct values (the one to bin or ignore), after the number columns `binned`
/// were binned by the run table's bins (each with its count of ranges; README "Too many
/// configurations").
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ReducedTable<'a> {
    ItemScores,
    Configurations {
        column: &'a str,
        values: usize,
        binned: &'a [(String, usize)],
    },
}

/// Why a reduction in the page is refused before DuckDB collects it: its table would have `rows`
/// rows, more than [`MAX_ITEM_SCORES`] or [`MAX_RUNS`], with the way out. The counts are
/// DuckDB's; the words are these (the importers package's `tableLimitText`).
pub fn reduced_table_limit(rows: usize, table: ReducedTable) -> String {
    match table {
        ReducedTable::ItemScores => format!(
            "its per-item scores would have {} rows (one per model and item); a browser tab \
             holds {} item scores: keep fewer models or items, e.g. with python -m sweepmap \
             reduce (README \"Larger than a tab\")",
            grouped(rows),
            grouped(MAX_ITEM_SCORES)
        ),
        ReducedTable::Configurations {
            column,
            values,
            binned,
        } => {
            let binned: String = binned
                .iter()
                .map(|(key, ranges)| {
                    format!(
                        " even with \"{key}\" binned into {} ranges",
                        grouped(*ranges)
                    )
                })
                .collect();
            format!(
                "its configuration table would have {} rows{binned}; a browser tab holds {}: \
                 \"{column}\" has {} values. Bin it before opening the file (e.g. round it in \
                 the query that writes it), or reduce it with python -m sweepmap reduce --ignore \
                 \"{column}\" (README \"Larger than a tab\")",
                grouped(rows),
                grouped(MAX_RUNS),
                grouped(values)
            )
        }
    }
}

/// Checks the size of the panels a dataset asks for, before they are allocated.
pub(crate) fn check_size(
    models: usize,
    benchmarks: usize,
    columns: usize,
    rows: usize,
) -> Result<()> {
    let panels = models.saturating_mul(benchmarks);
    let cells = columns.saturating_mul(rows);
    check(
        panels,
        MAX_PANELS,
        format!(
            "panels ({} x {})",
            counted(models, "model"),
            counted(benchmarks, "benchmark")
        ),
    )?;
    check(
        cells,
        MAX_PANEL_CELLS,
        format!(
            "cells per panel ({} x {})",
            counted(columns, "x value"),
            counted(rows, "y value")
        ),
    )?;
    check(
        panels.saturating_mul(cells),
        MAX_TOTAL_CELLS,
        format!(
            "cells in all ({} x {})",
            counted(panels, "panel"),
            counted(cells, "cell")
        ),
    )
}

/// Checks the size of a pairwise figure before its histograms are made: one panel per pair of
/// the models compared, of `bins_x` x `bins_y` cells.
pub fn check_pairs(models: usize, bins_x: usize, bins_y: usize) -> Result<()> {
    let pairs = models.saturating_mul(models.saturating_sub(1)) / 2;
    let cells = bins_x.saturating_mul(bins_y);
    check(
        pairs,
        MAX_PANELS,
        format!("panels ({} compared in pairs)", counted(models, "model")),
    )?;
    check(
        pairs.saturating_mul(cells),
        MAX_TOTAL_CELLS,
        format!(
            "cells in all ({} x {})",
            counted(pairs, "pair"),
            counted(cells, "bin")
        ),
    )
}

/// Checks the size of a pairwise dataset's score table before it is allocated.
pub(crate) fn check_scores(models: usize, items: usize) -> Result<()> {
    let count = models.saturating_mul(items);
    if count > MAX_ITEM_SCORES {
        return Err(Error::LimitExceeded {
            what: format!(
                "scores in the table of models and items ({} x {})",
                counted(models, "model"),
                counted(items, "item")
            ),
            count,
            limit: MAX_ITEM_SCORES,
            way_out: SCORES_WAY_OUT,
        });
    }
    Ok(())
}

fn check(count: usize, limit: usize, what: String) -> Result<()> {
    if count > limit {
        Err(Error::LimitExceeded {
            what,
            count,
            limit,
            way_out: "",
        })
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_at_the_limits_pass_and_one_more_fails() {
        assert_eq!(
            check_size(40, 25, 1000, 1000),
            Err(Error::LimitExceeded {
                what: "cells in all (1,000 panels x 1,000,000 cells)".into(),
                count: 1_000_000_000,
                limit: MAX_TOTAL_CELLS,
                way_out: "",
            })
        );
        assert_eq!(check_size(1000, 1, 40, 100), Ok(()));
        assert_eq!(check_size(1, 1, 1000, 1000), Ok(()));
        assert_eq!(check_size(4, 1, 1000, 1000), Ok(()));
        assert_eq!(
            check_size(1001, 1, 2, 2).map_err(|error| error.to_string()),
            Err(
                "the data need 1,001 panels (1,001 models x 1 benchmark); the limit is 1,000"
                    .into()
            )
        );
        assert_eq!(
            check_size(1, 1, 1001, 1000).map_err(|error| error.to_string()),
            Err("the data need 1,001,000 cells per panel (1,001 x values x 1,000 y values); the limit is 1,000,000".into())
        );
        assert_eq!(
            check_size(5, 1, 1000, 1000).map_err(|error| error.to_string()),
            Err("the data need 5,000,000 cells in all (5 panels x 1,000,000 cells); the limit is 4,000,000".into())
        );
        assert!(check_size(usize::MAX, usize::MAX, usize::MAX, usize::MAX).is_err());
    }

    #[test]
    fn pairs_of_models_are_panels_too() {
        assert_eq!(check_pairs(45, 20, 20), Ok(()));
        assert_eq!(
            check_pairs(46, 10, 10).map_err(|error| error.to_string()),
            Err(
                "the data need 1,035 panels (46 models compared in pairs); the limit is 1,000"
                    .into()
            )
        );
        assert_eq!(
            check_pairs(45, 200, 200).map_err(|error| error.to_string()),
            Err("the data need 39,600,000 cells in all (990 pairs x 40,000 bins); the limit is 4,000,000".into())
        );
        assert!(check_pairs(usize::MAX, usize::MAX, usize::MAX).is_err());
    }

    #[test]
    fn a_reduction_past_a_tab_says_which_column_to_bin() {
        assert_eq!(
            reduced_table_limit(
                1_200_000,
                ReducedTable::Configurations {
                    column: "lr",
                    values: 1_200_000,
                    binned: &[]
                }
            ),
            "its configuration table would have 1,200,000 rows; a browser tab holds 1,000,000: \
             \"lr\" has 1,200,000 values. Bin it before opening the file (e.g. round it in the \
             query that writes it), or reduce it with python -m sweepmap reduce --ignore \"lr\" \
             (README \"Larger than a tab\")"
        );
        assert_eq!(
            reduced_table_limit(
                1_200_000,
                ReducedTable::Configurations {
                    column: "name",
                    values: 1_100_000,
                    binned: &[("lr".to_string(), 10), ("wd".to_string(), 6)]
                }
            ),
            "its configuration table would have 1,200,000 rows even with \"lr\" binned into 10 \
             ranges even with \"wd\" binned into 6 ranges; a browser tab holds 1,000,000: \
             \"name\" has 1,100,000 values. Bin it before opening the file (e.g. round it in the \
             query that writes it), or reduce it with python -m sweepmap reduce --ignore \"name\" \
             (README \"Larger than a tab\")"
        );
        assert_eq!(
            reduced_table_limit(4_000_001, ReducedTable::ItemScores),
            "its per-item scores would have 4,000,001 rows (one per model and item); a browser \
             tab holds 4,000,000 item scores: keep fewer models or items, e.g. with python -m \
             sweepmap reduce (README \"Larger than a tab\")"
        );
    }

    #[test]
    fn models_times_items_is_the_size_of_a_score_table() {
        assert_eq!(check_scores(40, 100_000), Ok(()));
        assert_eq!(
            check_scores(40, 100_001).map_err(|error| error.to_string()),
            Err(format!("the data need 4,000,040 scores in the table of models and items (40 models x 100,001 items); the limit is 4,000,000{SCORES_WAY_OUT}"))
        );
        assert!(check_scores(usize::MAX, usize::MAX).is_err());
    }
}
