//! What the page says while DuckDB-wasm reduces a file too large for a tab into a configuration
//! table or per-item scores the other packages open (`www/lib/reduce.js`, which asks this package:
//! README "Larger than a tab"): its progress lines and its note on what was done, worded from the
//! counts DuckDB reports, so that the page writes no sentence of its own.

use crate::error::{counted, grouped};
use crate::model::chunked::megabytes;
use crate::table::Bins;

/// While DuckDB-wasm itself is fetched: "Fetching DuckDB: 1.2 of 7.4 MB".
pub fn fetching_text(loaded: u64, total: u64) -> String {
    format!(
        "Fetching DuckDB: {} of {} MB",
        megabytes(loaded),
        megabytes(total)
    )
}

/// While a sample is taken for the columns' roles: "Sampling 1,000 of 24,000 rows for the
/// columns' roles" (the whole file when it is smaller than the sample).
pub fn sampling_text(rows: usize, sample: usize) -> String {
    format!(
        "Sampling {} of {} for the columns' roles",
        grouped(sample.min(rows)),
        counted(rows, "row")
    )
}

/// Before a local JSON lines file is read into DuckDB, while lines are sampled in `places` of
/// it for the columns' roles (so that only the columns the reduction needs are kept): "Sampling
/// lines in 8 places of the file for the columns' roles".
pub fn sampling_lines_text(places: usize) -> String {
    format!(
        "Sampling lines in {} of the file for the columns' roles",
        counted(places, "place")
    )
}

/// While a JSON lines file is read into DuckDB: "Reading its lines into DuckDB: 12.3 of 104.9
/// MB" (`total` 0 when unknown: "Reading its lines into DuckDB: 12.3 MB").
pub fn reading_lines_text(read: u64, total: u64) -> String {
    if total > 0 {
        format!(
            "Reading its lines into DuckDB: {} of {} MB",
            megabytes(read.min(total)),
            megabytes(total)
        )
    } else {
        format!("Reading its lines into DuckDB: {} MB", megabytes(read))
    }
}

/// Once the file is in DuckDB, while its columns are read: "Reading the columns of runs.parquet"
/// (`name` the file's name or address, as the page shows it).
pub fn reading_columns_text(name: &str) -> String {
    format!("Reading the columns of {name}")
}

/// Once the reduction is done, while the other package opens what it gave: "Opening the
/// configuration table" (`pairwise`: "Opening the item scores").
pub fn opening_text(pairwise: bool) -> &'static str {
    if pairwise {
        "Opening the item scores"
    } else {
        "Opening the configuration table"
    }
}

/// While the rows are reduced: "Reducing 24,000 rows in DuckDB".
pub fn reducing_text(rows: usize) -> String {
    format!("Reducing {} in DuckDB", counted(rows, "row"))
}

/// What the roles were inferred from, for a message about them: "its 12 rows", or "a sample of
/// 1,000 of its rows" when the file has more than the sample.
pub fn read_text(rows: usize, sample: usize) -> String {
    if rows <= sample {
        format!("its {}", counted(rows, "row"))
    } else {
        format!("a sample of {} of its rows", grouped(sample))
    }
}

/// The note on a reduction done: "Reduced in DuckDB-wasm, in this tab, from 24,000 rows to 24
/// configurations." (`pairwise`: to per-item scores, "item scores").
pub fn reduced_note(rows: usize, kept: usize, pairwise: bool) -> String {
    let noun = if pairwise {
        "item score"
    } else {
        "configuration"
    };
    format!(
        "Reduced in DuckDB-wasm, in this tab, from {} to {}.",
        counted(rows, "row"),
        counted(kept, noun)
    )
}

/// The bins an engine gives a numeric grouping column whose values would make the
/// configuration table larger than a tab (README "Too many configurations"): the run table's
/// own bins ([`Bins::for_values`]: `values` distinct values over `rows` rows, from `min` to
/// `max`), or `None` when the run table would not bin such a column (then binning cannot make
/// the table what the rows would show).
pub fn reduction_bins(values: usize, rows: usize, min: f64, max: f64) -> Option<Bins> {
    if !(min.is_finite() && max.is_finite() && min < max && (max - min).is_finite()) {
        return None;
    }
    Bins::for_values(values, rows, min, max)
}

/// What the figure's note says of a column binned in the engine: `"lr" binned into 10
/// log-spaced ranges in DuckDB, as the run table bins it; a cell pools the runs of its range
/// (their mean), and no cell shows a best run.`
pub fn binned_note(column: &str, bins: &Bins) -> String {
    let noun = if bins.log {
        "log-spaced range"
    } else {
        "range"
    };
    format!(
        "\"{column}\" binned into {} in DuckDB, as the run table bins it; a cell pools the runs \
         of its range (their mean), and no cell shows a best run.",
        counted(bins.len(), noun)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reduction_is_worded_from_its_counts() {
        assert_eq!(
            fetching_text(1_234_567, 7_450_000),
            "Fetching DuckDB: 1.2 of 7.5 MB"
        );
        assert_eq!(
            sampling_text(24_000, 1000),
            "Sampling 1,000 of 24,000 rows for the columns' roles"
        );
        assert_eq!(
            sampling_text(12, 1000),
            "Sampling 12 of 12 rows for the columns' roles"
        );
        assert_eq!(
            sampling_text(1, 1000),
            "Sampling 1 of 1 row for the columns' roles"
        );
        assert_eq!(reducing_text(24_000), "Reducing 24,000 rows in DuckDB");
        assert_eq!(
            reading_columns_text("runs.parquet"),
            "Reading the columns of runs.parquet"
        );
        assert_eq!(opening_text(false), "Opening the configuration table");
        assert_eq!(opening_text(true), "Opening the item scores");
        assert_eq!(
            sampling_lines_text(8),
            "Sampling lines in 8 places of the file for the columns' roles"
        );
        assert_eq!(
            sampling_lines_text(1),
            "Sampling lines in 1 place of the file for the columns' roles"
        );
        assert_eq!(
            reading_lines_text(12_345_678, 104_857_600),
            "Reading its lines into DuckDB: 12.3 of 104.9 MB"
        );
        assert_eq!(
            reading_lines_text(12_345_678, 0),
            "Reading its lines into DuckDB: 12.3 MB"
        );
        assert_eq!(read_text(12, 1000), "its 12 rows");
        assert_eq!(read_text(1, 1000), "its 1 row");
        assert_eq!(read_text(1000, 1000), "its 1,000 rows");
        assert_eq!(read_text(1001, 1000), "a sample of 1,000 of its rows");
        assert_eq!(
            reduced_note(24_000, 24, false),
            "Reduced in DuckDB-wasm, in this tab, from 24,000 rows to 24 configurations."
        );
        assert_eq!(
            reduced_note(1, 1, false),
            "Reduced in DuckDB-wasm, in this tab, from 1 row to 1 configuration."
        );
        assert_eq!(
            reduced_note(3_000_000, 285_000, true),
            "Reduced in DuckDB-wasm, in this tab, from 3,000,000 rows to 285,000 item scores."
        );
    }

    #[test]
    fn a_column_is_binned_in_the_engine_as_the_run_table_bins_it() {
        let bins = reduction_bins(1_200_000, 1_200_000, 0.00012, 0.05).unwrap();
        assert_eq!(bins, Bins::spanning(0.00012, 0.05));
        assert_eq!(
            bins.edge_texts(),
            ["1e-4", "3e-4", "0.001", "0.003", "0.01", "0.03", "0.1"]
        );
        assert_eq!(
            binned_note("lr", &bins),
            "\"lr\" binned into 6 log-spaced ranges in DuckDB, as the run table bins it; a cell \
             pools the runs of its range (their mean), and no cell shows a best run."
        );
        let linear = reduction_bins(20, 1_000_000, 0.03, 0.97).unwrap();
        assert_eq!(linear.edge_texts().len(), 11);
        assert!(binned_note("wd", &linear).starts_with("\"wd\" binned into 10 ranges in DuckDB"));
        // What the run table would not bin, or cannot: no bins.
        assert_eq!(reduction_bins(12, 1_000_000, 0.0, 1.0), None);
        assert_eq!(reduction_bins(2_000_000, 2_000_000, 1.0, 1.0), None);
        assert_eq!(reduction_bins(2_000_000, 2_000_000, f64::NAN, 1.0), None);
    }
}
