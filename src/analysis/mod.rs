//! Analysis: what the numbers of a sweep actually say, computed rather than read off a picture.
//!
//! Figure readings name single peaks where two cells tie, and claim trends that half the rows
//! contradict. The routines here answer those questions from the grids themselves:
//!
//! 1. [`summarize`]: best and worst cells per the metric direction, with *all* ties, plus mean,
//!    median, sample standard deviation, range and the count of present and missing cells;
//! 2. [`compute_marginals`]: row and column means over present cells; [`panel_marginals`]: what
//!    a marginal strip beside a panel shows, each line's mean or best cell with its confidence
//!    interval where the noise is known, and the best lines, ties included (not drawn yet);
//! 3. [`measure_trends`]: Spearman rank correlation of value against each axis, with a strength
//!    class and how many rows or columns individually go up or down;
//! 4. [`mean_across_benchmarks`] / [`average_benchmarks`]: a model's cell-wise mean over its
//!    measured benchmarks, never mixing different subsets of benchmarks between cells;
//! 5. [`difference`]: one grid minus another, with who is ahead where;
//! 6. [`rank_configurations`]: the best configuration across benchmarks by mean rank;
//! 7. [`reconcile`] / [`reconcile_aggregate`]: whether a reported average equals the mean of its
//!    parts up to the rounding of the printed figures;
//! 8. [`standard_errors`] / [`test_against_peak`] / [`test_difference`]: each cell's standard
//!    error (binomial over the benchmark's items, or from replicates), which cells the peak
//!    cannot be told apart from, and where one model is ahead of another beyond noise;
//! 9. [`slice_grid`]: the metric along one axis, a line per value of the other axis or one of
//!    its best cells or its means, each point with its count and confidence interval.
//!
//! Positions are `(x, y)` indices in grid order (row 0 = smallest y). Every result derives
//! `Serialize`, so the wasm layer hands it to JavaScript as a plain object. Nothing here panics on
//! data: empty grids give `None` or an error, shapes are checked, and NaN cells count as missing.

mod aggregate;
mod difference;
mod marginals;
mod position;
mod ranking;
mod reconcile;
mod slice;
mod statistics;
pub(crate) use statistics::mean;
mod summary;
mod trend;
mod uncertainty;

#[cfg(test)]
mod test_support;

pub use aggregate::{
    average_benchmarks, average_grids, mean_across_benchmarks, select_benchmarks, BenchmarkAverage,
    BenchmarkSelection,
};
pub use difference::{difference, Difference};
pub use marginals::{
    compute_marginals, panel_marginals, LineMarginal, LineMean, Marginals, PanelMarginals,
};
pub use position::CellPosition;
pub use ranking::{
    rank_configurations, rank_configurations_across, ConfigurationRank, ConfigurationRanking,
};
pub use reconcile::{
    infer_decimals, reconcile, reconcile_aggregate, rounding_tolerance, Mismatch, Reconciliation,
    MAX_DECIMALS,
};
pub use slice::{is_log_spaced, slice_grid, Across, SliceAxis, SliceLine, SlicePoint};
pub use statistics::spearman_correlation;
pub use summary::{peak, peak_and_count, scan_cells, summarize, CellScan, Extreme, Summary};
pub use trend::{
    classify_correlation, measure_trends, Trend, TrendDirection, TrendStrength, Trends,
    MODERATE_BELOW, NO_TREND_BELOW, WEAK_BELOW,
};
pub use uncertainty::{
    carries_noise, critical_value, has_standard_errors, level_error, noise_level, standard_errors,
    standard_errors_of_mean, test_against_peak, test_difference, value_scale, with_reported_errors,
    CellError, DifferenceTest, ErrorSource, PeakTest, ValueScale,
};
