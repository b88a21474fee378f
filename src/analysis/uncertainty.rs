//! Uncertainty: is a "peak" real, or within the noise of a 30-problem benchmark?
//!
//! Every cell is an estimate. Its standard error is the one the data report when they report
//! one (lm-evaluation-harness writes `acc_stderr` beside `acc`: see [`with_reported_errors`]);
//! otherwise it comes from one of two places:
//! - **replicates**: when a cell holds repeated measurements (seeds, runs), the standard error of
//!   their mean, `s / sqrt(count)`;
//! - **binomial**: for a pass rate on a benchmark of `n` items, `sqrt(p (1 - p) / n)`, with
//!   `p` shrunk towards one half as Agresti and Coull do (`(x + 2) / (n + 4)`), so that a cell at
//!   0 % or 100 % is not treated as certain. Items are the unit of sampling: with `k` samples per
//!   item the item scores are averages, whose spread lies between `p (1 - p) / k` and `p (1 - p)`;
//!   without per-item data sweepmap uses the upper bound, which can only widen the intervals.
//!
//! A cell cannot be told apart from the peak when the two-sided test of their difference at the
//! chosen level (95 % by default) does not reject: `|peak - value| <= z * sqrt(se_peak² + se²)`.
//! The test treats the two cells as independent; cells measured on the same items are usually
//! positively correlated, so a paired test (which needs per-item data) would be sharper. The same
//! test per cell says where one model is ahead of another beyond noise.

use serde::Serialize;

use super::position::CellPosition;
use super::statistics::{median, values_tie};
use crate::error::{Error, Result};
use crate::{BenchmarkInfo, Cell, Dataset, Direction, Grid};

/// How cell values relate to a proportion in [0, 1].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ValueScale {
    /// Values are percentages (the metric's unit is "%").
    Percent,
    /// Values are proportions in [0, 1].
    Proportion,
}

impl ValueScale {
    fn factor(self) -> f64 {
        match self {
            ValueScale::Percent => 100.0,
            ValueScale::Proportion => 1.0,
        }
    }
}

/// The scale of a dataset's values: percent when its unit is "%", proportions when every value
/// lies in [0, 1], `None` otherwise (then only replicates give standard errors).
pub fn value_scale(dataset: &Dataset) -> Option<ValueScale> {
    if dataset.metric.unit.as_deref().map(str::trim) == Some("%") {
        return Some(ValueScale::Percent);
    }
    for panel in &dataset.panels {
        for (_, _, cell) in panel.grid.present() {
            if !(0.0..=1.0).contains(&cell.mean) {
                return None;
            }
        }
    }
    Some(ValueScale::Proportion)
}

/// Where a standard error comes from.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "lowercase", tag = "kind")]
pub enum ErrorSource {
    /// The spread of repeated measurements of the cell.
    Replicates { count: u32 },
    /// Binomial sampling of the benchmark's items.
    Binomial {
        items: u32,
        samples_per_item: Option<u32>,
    },
    /// The mean of several benchmarks' cells, each with its own error.
    Mean { parts: usize },
    /// Reported with the data (lm-evaluation-harness's `acc_stderr`).
    Reported,
}

/// A cell's standard error, in the units of the values.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct CellError {
    pub standard_error: f64,
    pub source: ErrorSource,
}

/// Standard errors of every cell, row-major like the grid: replicates where a cell has two or
/// more, binomial where the benchmark's item count and the value scale are known, `None`
/// otherwise (and for missing cells).
pub fn standard_errors(
    grid: &Grid,
    benchmark: Option<&BenchmarkInfo>,
    scale: Option<ValueScale>,
) -> Vec<Option<CellError>> {
    let items = benchmark.and_then(|info| info.items).filter(|n| *n > 0);
    let samples_per_item = benchmark.and_then(|info| info.samples_per_item);
    let error_of = |cell: &Option<Cell>| {
        let cell = cell.as_ref()?;
        if let (true, Some(spread)) = (cell.count > 1, cell.std_dev) {
            return Some(CellError {
                standard_error: spread / f64::from(cell.count).sqrt(),
                source: ErrorSource::Replicates { count: cell.count },
            });
        }
        let (items, scale) = (items?, scale?);
        let n = f64::from(items);
        let successes = (cell.mean / scale.factor()).clamp(0.0, 1.0) * n;
        let shrunk = (successes + 2.0) / (n + 4.0);
        let standard_error = (shrunk * (1.0 - shrunk) / (n + 4.0)).sqrt() * scale.factor();
        Some(CellError {
            standard_error,
            source: ErrorSource::Binomial {
                items,
                samples_per_item,
            },
        })
    };
    // A loop rather than `.map().collect()`: each chain compiles its own copies of std's
    // collecting code in the wasm (README "Package size").
    let mut errors = Vec::with_capacity(grid.cells().len());
    for cell in grid.cells() {
        errors.push(error_of(cell));
    }
    errors
}

/// Standard errors with the ones the data report put first: `reported` is row-major like the
/// grid (a panel's `reported_errors`), and a present cell with a finite, non-negative reported
/// error gets it; every other cell keeps its entry of `estimated`, what [`standard_errors`]
/// gives for the grid (one entry per cell: cells past its end are left out).
pub fn with_reported_errors(
    estimated: Vec<Option<CellError>>,
    grid: &Grid,
    reported: &[Option<f64>],
) -> Vec<Option<CellError>> {
    let mut errors = estimated;
    for ((slot, cell), reported) in errors.iter_mut().zip(grid.cells()).zip(reported) {
        if let (Some(_), Some(error)) = (cell, *reported) {
            if error.is_finite() && error >= 0.0 {
                *slot = Some(CellError {
                    standard_error: error,
                    source: ErrorSource::Reported,
                });
            }
        }
    }
    errors
}

/// True when [`standard_errors`] gives some cell of the grid an error: a cell with replicates
/// and a spread, or any present cell when the benchmark's item count and the value scale are
/// known. A figure keeps no per-cell list otherwise (for a large grid without either, a million
/// `None`s).
pub fn has_standard_errors(
    grid: &Grid,
    benchmark: Option<&BenchmarkInfo>,
    scale: Option<ValueScale>,
) -> bool {
    let binomial = scale.is_some() && benchmark.and_then(|info| info.items).is_some_and(|n| n > 0);
    grid.cells().iter().any(|cell| match cell {
        Some(cell) => binomial || (cell.count > 1 && cell.std_dev.is_some()),
        None => false,
    })
}

/// True when some cell of the dataset has a standard error: one [`has_standard_errors`] finds
/// (replicates with a spread, or a benchmark's item count on a known value scale) or one the data
/// report. What turns the uncertainty marks on when a view leaves them to the default.
pub fn carries_noise(dataset: &Dataset) -> bool {
    let scale = value_scale(dataset);
    dataset.panels.iter().any(|panel| {
        panel.reported_errors.iter().any(Option::is_some)
            || has_standard_errors(&panel.grid, dataset.benchmark_info(panel.benchmark), scale)
    })
}

/// The noise of a panel: the median standard error of its cells that have one (`None` when
/// none has). Labels stop at its first significant digit (see `figure::noise_decimals`).
pub fn noise_level(errors: impl Iterator<Item = f64>) -> Option<f64> {
    let mut values = Vec::new();
    for error in errors {
        values.push(error);
    }
    median(&values)
}

/// Standard errors of a cell-wise mean of several grids' cells (a model's mean across
/// benchmarks): `sqrt(sum of se²) / k` where every part has an error, `None` elsewhere.
pub fn standard_errors_of_mean(parts: &[Vec<Option<CellError>>]) -> Vec<Option<CellError>> {
    let Some(first) = parts.first() else {
        return Vec::new();
    };
    let count = parts.len() as f64;
    let error_of = |cell: usize| {
        let squares = parts
            .iter()
            .map(|part| {
                part.get(cell)
                    .copied()
                    .flatten()
                    .map(|e| e.standard_error.powi(2))
            })
            .sum::<Option<f64>>()?;
        Some(CellError {
            standard_error: squares.sqrt() / count,
            source: ErrorSource::Mean { parts: parts.len() },
        })
    };
    let mut errors = Vec::with_capacity(first.len());
    for cell in 0..first.len() {
        errors.push(error_of(cell));
    }
    errors
}

/// The error for a confidence level (given as `field`) outside (0, 1).
pub fn level_error(field: &str, level: f64) -> Error {
    Error::InvalidField {
        field: field.into(),
        expected: format!(
            "a confidence level between 0 and 1, such as 0.95, found {}",
            crate::float_text::Shortest(level)
        ),
    }
}

/// The two-sided critical value of the standard normal for a confidence level in (0, 1):
/// 1.959964 for 0.95.
pub fn critical_value(level: f64) -> Result<f64> {
    if !(level > 0.0 && level < 1.0) {
        return Err(level_error("level", level));
    }
    Ok(inverse_normal(1.0 - (1.0 - level) / 2.0))
}

/// The standard normal quantile (Acklam's rational approximation, relative error below 1.2e-9).
fn inverse_normal(probability: f64) -> f64 {
    const A: [f64; 6] = [
        -3.969_683_028_665_376e1,
        2.209_460_984_245_205e2,
        -2.759_285_104_469_687e2,
        1.383_577_518_672_69e2,
        -3.066_479_806_614_716e1,
        2.506_628_277_459_239,
    ];
    const B: [f64; 5] = [
        -5.447_609_879_822_406e1,
        1.615_858_368_580_409e2,
        -1.556_989_798_598_866e2,
        6.680_131_188_771_972e1,
        -1.328_068_155_288_572e1,
    ];
    const C: [f64; 6] = [
        -7.784_894_002_430_293e-3,
        -3.223_964_580_411_365e-1,
        -2.400_758_277_161_838,
        -2.549_732_539_343_734,
        4.374_664_141_464_968,
        2.938_163_982_698_783,
    ];
    const D: [f64; 4] = [
        7.784_695_709_041_462e-3,
        3.224_671_290_700_398e-1,
        2.445_134_137_142_996,
        3.754_408_661_907_416,
    ];
    const LOW: f64 = 0.02425;
    let tail = |q: f64| {
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    };
    if probability < LOW {
        tail((-2.0 * probability.ln()).sqrt())
    } else if probability > 1.0 - LOW {
        -tail((-2.0 * (1.0 - probability).ln()).sqrt())
    } else {
        let q = probability - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    }
}

/// Which cells the peak cannot be told apart from.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PeakTest {
    /// The confidence level of the test.
    pub level: f64,
    /// The peak value and its cells (all ties).
    pub peak_value: f64,
    pub peak: Vec<CellPosition>,
    /// Cells below the peak that the test cannot tell apart from it.
    pub indistinguishable: Vec<CellPosition>,
    /// Cells the peak is ahead of beyond noise.
    pub distinguishable: usize,
    /// Present cells without a standard error (no item count, no replicates).
    pub untestable: usize,
    /// Present cells in the panel.
    pub present: usize,
}

impl PeakTest {
    /// One sentence: "the peak cannot be told apart from 17 of the other 19 cells at 95 %".
    pub fn sentence(&self) -> String {
        let others = self.present.saturating_sub(self.peak.len());
        let level = format!("{} %", crate::float_text::Shortest(self.level * 100.0));
        if self.untestable > 0 && self.untestable >= others {
            return "no standard errors are known for these cells (no item count or replicates), \
                    so whether the peak stands out cannot be tested"
                .to_string();
        }
        if self.indistinguishable.is_empty() {
            format!("the peak is ahead of all {others} other cells beyond noise at {level}")
        } else {
            format!(
                "the peak cannot be told apart from {} of the other {others} cells at {level}",
                self.indistinguishable.len()
            )
        }
    }
}

/// Tests every present cell of a grid against its peak.
pub fn test_against_peak(
    grid: &Grid,
    errors: &[Option<CellError>],
    direction: Direction,
    level: f64,
) -> Result<Option<PeakTest>> {
    let z = critical_value(level)?;
    let better = |a: f64, b: f64| match direction {
        Direction::Higher => a > b,
        Direction::Lower => a < b,
    };
    let mut present: Vec<(usize, usize, f64)> = Vec::new();
    for (x, y, c) in grid.present() {
        present.push((x, y, c.mean));
    }
    let Some(&(_, _, mut peak_value)) = present.first() else {
        return Ok(None);
    };
    for &(_, _, value) in &present {
        if better(value, peak_value) {
            peak_value = value;
        }
    }
    let error_at = |x: usize, y: usize| {
        errors
            .get(y * grid.columns() + x)
            .copied()
            .flatten()
            .map(|e| e.standard_error)
    };
    let mut peak: Vec<CellPosition> = Vec::new();
    for p in &present {
        if values_tie(p.2, peak_value) {
            peak.push(CellPosition::new(p.0, p.1));
        }
    }
    // With tied peaks, compare against the most certain of them (the smallest error).
    let mut peak_error: Option<f64> = None;
    for p in &peak {
        if let Some(error) = error_at(p.x, p.y) {
            peak_error = Some(peak_error.map_or(error, |smallest| smallest.min(error)));
        }
    }
    let mut test = PeakTest {
        level,
        peak_value,
        peak: peak.clone(),
        indistinguishable: Vec::new(),
        distinguishable: 0,
        untestable: 0,
        present: present.len(),
    };
    for &(x, y, value) in &present {
        if peak.contains(&CellPosition::new(x, y)) {
            continue;
        }
        match (peak_error, error_at(x, y)) {
            (Some(peak_error), Some(error)) => {
                let combined = (peak_error * peak_error + error * error).sqrt();
                if (peak_value - value).abs() <= z * combined {
                    test.indistinguishable.push(CellPosition::new(x, y));
                } else {
                    test.distinguishable += 1;
                }
            }
            _ => test.untestable += 1,
        }
    }
    Ok(Some(test))
}

/// Per-cell comparison of two grids beyond noise.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DifferenceTest {
    pub level: f64,
    /// Cells where A is ahead of B beyond noise (by the metric's direction).
    pub a_ahead: Vec<CellPosition>,
    /// Cells where B is ahead of A beyond noise.
    pub b_ahead: Vec<CellPosition>,
    /// Cells where the difference is within noise.
    pub within_noise: usize,
    /// Cells present in both without standard errors for both.
    pub untestable: usize,
}

/// Tests A against B in every cell both have.
pub fn test_difference(
    a: (&Grid, &[Option<CellError>]),
    b: (&Grid, &[Option<CellError>]),
    direction: Direction,
    level: f64,
) -> Result<DifferenceTest> {
    let z = critical_value(level)?;
    let (grid_a, errors_a) = a;
    let (grid_b, errors_b) = b;
    if grid_a.columns() != grid_b.columns() || grid_a.rows() != grid_b.rows() {
        return Err(Error::InvalidField {
            field: "grids".into(),
            expected: "two grids of the same shape".into(),
        });
    }
    let mut test = DifferenceTest {
        level,
        a_ahead: Vec::new(),
        b_ahead: Vec::new(),
        within_noise: 0,
        untestable: 0,
    };
    for (x, y, cell_a) in grid_a.present() {
        let Some(cell_b) = grid_b.get(x, y) else {
            continue;
        };
        let index = y * grid_a.columns() + x;
        let error = |errors: &[Option<CellError>]| errors.get(index).copied().flatten();
        let (Some(error_a), Some(error_b)) = (error(errors_a), error(errors_b)) else {
            test.untestable += 1;
            continue;
        };
        let combined = error_a.standard_error.hypot(error_b.standard_error);
        let ahead = match direction {
            Direction::Higher => cell_a.mean - cell_b.mean,
            Direction::Lower => cell_b.mean - cell_a.mean,
        };
        if ahead.abs() <= z * combined {
            test.within_noise += 1;
        } else if ahead > 0.0 {
            test.a_ahead.push(CellPosition::new(x, y));
        } else {
            test.b_ahead.push(CellPosition::new(x, y));
        }
    }
    Ok(test)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_support::{
        grid_from_optional_rows_top_down as grid_top_down, seed_000_llama,
    };
    use crate::Cell;

    fn aime(items: u32) -> BenchmarkInfo {
        BenchmarkInfo {
            items: Some(items),
            ..BenchmarkInfo::default()
        }
    }

    #[test]
    fn critical_values_match_the_normal_table() {
        assert!((critical_value(0.95).unwrap() - 1.959_964).abs() < 1e-6);
        assert!((critical_value(0.99).unwrap() - 2.575_829).abs() < 1e-6);
        assert!((critical_value(0.5).unwrap() - 0.674_490).abs() < 1e-6);
        assert_eq!(
            critical_value(1.0).unwrap_err().to_string(),
            "field \"level\": expected a confidence level between 0 and 1, such as 0.95, found 1"
        );
        assert!(critical_value(f64::NAN).is_err());
    }

    #[test]
    fn binomial_errors_use_items_and_shrink_towards_one_half() {
        let grid = grid_top_down(&[&[Some(50.0), Some(0.0)]]);
        let errors = standard_errors(&grid, Some(&aime(30)), Some(ValueScale::Percent));
        // p = (15 + 2) / 34 = 0.5: sqrt(0.25 / 34) = 0.08575 -> 8.575 points.
        let half = errors[0].unwrap();
        assert!((half.standard_error - 8.574_929).abs() < 1e-5);
        assert_eq!(
            half.source,
            ErrorSource::Binomial {
                items: 30,
                samples_per_item: None
            }
        );
        // p = 2 / 34: still uncertain at 0 %.
        let zero = errors[1].unwrap();
        assert!(
            (zero.standard_error - 100.0 * (2.0 / 34.0 * 32.0 / 34.0 / 34.0_f64).sqrt()).abs()
                < 1e-9
        );
        // No item count and no scale: nothing to say.
        assert!(standard_errors(&grid, None, Some(ValueScale::Percent))[0].is_none());
        assert!(standard_errors(&grid, Some(&aime(30)), None)[0].is_none());
    }

    #[test]
    fn a_mean_of_benchmarks_combines_their_errors() {
        let error = |standard_error| {
            Some(CellError {
                standard_error,
                source: ErrorSource::Replicates { count: 2 },
            })
        };
        let parts = vec![vec![error(3.0), error(1.0)], vec![error(4.0), None]];
        let combined = standard_errors_of_mean(&parts);
        assert_eq!(combined[0].unwrap().standard_error, 2.5);
        assert_eq!(combined[0].unwrap().source, ErrorSource::Mean { parts: 2 });
        assert!(combined[1].is_none());
    }

    #[test]
    fn replicates_give_the_standard_error_of_their_mean() {
        let mut grid = Grid::empty(1, 1);
        grid.set(0, 0, Cell::from_values(&[40.0, 42.0, 44.0]));
        let errors = standard_errors(&grid, Some(&aime(30)), Some(ValueScale::Percent));
        let error = errors[0].unwrap();
        assert!((error.standard_error - 2.0 / 3f64.sqrt()).abs() < 1e-12);
        assert_eq!(error.source, ErrorSource::Replicates { count: 3 });
    }

    #[test]
    fn seed_000_aime24_peak_is_within_noise_of_nearly_every_cell() {
        // Seed 000, R1-Llama AIME24 (30 problems).
        let [grid, ..] = seed_000_llama();
        let errors = standard_errors(&grid, Some(&aime(30)), Some(ValueScale::Percent));
        let test = test_against_peak(&grid, &errors, Direction::Higher, 0.95)
            .unwrap()
            .unwrap();
        assert_eq!(test.peak_value, 49.3);
        assert_eq!(test.peak.len(), 2);
        // The lowest cell, 39.3, is 10 points below: z * sqrt(2) * 9.1 is about 25 points.
        assert_eq!(test.indistinguishable.len(), 18);
        assert_eq!(test.distinguishable, 0);
        assert_eq!(
            test.sentence(),
            "the peak cannot be told apart from 18 of the other 18 cells at 95 %"
        );
    }

    #[test]
    fn precise_cells_separate_from_the_peak() {
        // Replicates with tiny spread: 50 vs 40 is far beyond noise, 50 vs 49.99 is not.
        let mut grid = Grid::empty(3, 1);
        grid.set(0, 0, Cell::from_values(&[50.0, 50.02, 49.98]));
        grid.set(1, 0, Cell::from_values(&[40.0, 40.02, 39.98]));
        grid.set(2, 0, Cell::from_values(&[49.99, 50.01, 49.97]));
        let errors = standard_errors(&grid, None, None);
        let test = test_against_peak(&grid, &errors, Direction::Higher, 0.95)
            .unwrap()
            .unwrap();
        assert_eq!(test.peak, [CellPosition::new(0, 0)]);
        assert_eq!(test.indistinguishable, [CellPosition::new(2, 0)]);
        assert_eq!(test.distinguishable, 1);
        assert_eq!(
            test.sentence(),
            "the peak cannot be told apart from 1 of the other 2 cells at 95 %"
        );
    }

    #[test]
    fn untestable_without_errors_says_so() {
        let grid = grid_top_down(&[&[Some(1.0), Some(2.0)]]);
        let errors = standard_errors(&grid, None, None);
        let test = test_against_peak(&grid, &errors, Direction::Higher, 0.95)
            .unwrap()
            .unwrap();
        assert_eq!(test.untestable, 1);
        assert!(test.sentence().starts_with("no standard errors are known"));
    }

    #[test]
    fn differences_beyond_noise_are_counted_per_model() {
        let mut a = Grid::empty(3, 1);
        let mut b = Grid::empty(3, 1);
        for (x, (va, vb)) in [(60.0, 40.0), (50.0, 49.0), (30.0, 70.0)]
            .into_iter()
            .enumerate()
        {
            a.set(x, 0, Some(Cell::single(va)));
            b.set(x, 0, Some(Cell::single(vb)));
        }
        let info = aime(198);
        let errors_a = standard_errors(&a, Some(&info), Some(ValueScale::Percent));
        let errors_b = standard_errors(&b, Some(&info), Some(ValueScale::Percent));
        let test =
            test_difference((&a, &errors_a), (&b, &errors_b), Direction::Higher, 0.95).unwrap();
        assert_eq!(test.a_ahead, [CellPosition::new(0, 0)]);
        assert_eq!(test.b_ahead, [CellPosition::new(2, 0)]);
        assert_eq!(test.within_noise, 1);
    }
}
