//! Panel summaries: the best and worst cells of one grid, with every tie, and its spread.
//!
//! A heatmap reading that names "the" peak is wrong whenever two cells share the best value, so
//! the peak is reported as a value and *all* cells that reach it (within `1e-9 * max(1, |v|)`, so
//! a printed 88.5 equals another printed 88.5). "Best" follows the metric's direction: the largest
//! value when higher is better, the smallest when lower is better; the worst cells are the
//! opposite extreme. Mean, median, sample standard deviation and range describe all present cells;
//! missing cells are counted, never filled in.

use serde::Serialize;

use super::position::CellPosition;
use super::statistics::{
    mean, median, present_values, sample_standard_deviation, values_tie, RELATIVE_TOLERANCE,
};
use crate::{Direction, Grid};

/// One extreme of a grid: its value and every cell that reaches it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Extreme {
    /// The extreme value.
    pub value: f64,
    /// All cells tied at that value, row-major from the smallest y.
    pub cells: Vec<CellPosition>,
}

/// Descriptive statistics of one panel.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Summary {
    /// The direction the peak and worst cells were chosen by.
    pub direction: Direction,
    /// The best value (largest for `Higher`, smallest for `Lower`) and all cells tied at it.
    pub peak: Extreme,
    /// The worst value (the opposite extreme) and all cells tied at it.
    pub worst: Extreme,
    /// Mean of the present cells.
    pub mean: f64,
    /// Median of the present cells (mean of the two middle values for an even count).
    pub median: f64,
    /// Sample standard deviation of the present cells (`n - 1` in the denominator); `None` when
    /// only one cell is present.
    pub sample_standard_deviation: Option<f64>,
    /// Largest minus smallest present value.
    pub range: f64,
    /// Number of present cells.
    pub present: usize,
    /// Number of missing cells.
    pub missing: usize,
}

/// The best value of a grid (largest for `Higher`, smallest for `Lower`) and every cell tied at
/// it: the `peak` of [`summarize`], without the rest of the summary (whose median and spread
/// cost far more on a large grid). `None` when no cell is present.
pub fn peak(grid: &Grid, direction: Direction) -> Option<Extreme> {
    peak_and_count(grid, direction).0
}

/// The [`peak`] and the number of present, finite cells, in one pass over the cells: every
/// figure describes itself with both, and a large grid has a million cells.
///
/// The pass keeps the best value so far and the cells close enough to it that they might tie
/// with the final best; the exact test ([`values_tie`]) then runs on those few.
pub fn peak_and_count(grid: &Grid, direction: Direction) -> (Option<Extreme>, usize) {
    scan(grid, direction, None)
}

/// What a figure reads of a panel's cells, in the one pass of [`peak_and_count`].
#[derive(Debug, Clone, PartialEq)]
pub struct CellScan {
    /// The peak, as [`peak`] gives it.
    pub peak: Option<Extreme>,
    /// How many present cells hold a finite value.
    pub finite: usize,
    /// Every present cell's value, row-major (what colour domains and decimals are chosen
    /// from).
    pub values: Vec<f64>,
}

/// The peak, the count of finite cells and the present values of a grid, in one pass.
pub fn scan_cells(grid: &Grid, direction: Direction) -> CellScan {
    let mut values = Vec::with_capacity(grid.cells().len());
    let (peak, finite) = scan(grid, direction, Some(&mut values));
    CellScan {
        peak,
        finite,
        values,
    }
}

/// The pass behind [`peak_and_count`] and [`scan_cells`]; present values go to `values` when
/// given.
fn scan(
    grid: &Grid,
    direction: Direction,
    mut values: Option<&mut Vec<f64>>,
) -> (Option<Extreme>, usize) {
    // Lower is better: the smallest value is the largest once negated, so one loop serves both.
    let sign = match direction {
        Direction::Higher => 1.0,
        Direction::Lower => -1.0,
    };
    let columns = grid.columns().max(1);
    let mut best = f64::NEG_INFINITY;
    let mut floor = f64::NEG_INFINITY;
    let mut count = 0;
    // Cells at or above `floor`, by index and value (negated for `Lower`).
    let mut near: Vec<(usize, f64)> = Vec::new();
    for (index, cell) in grid.cells().iter().enumerate() {
        let Some(cell) = cell else { continue };
        if let Some(values) = values.as_mut() {
            values.push(cell.mean);
        }
        let key = cell.mean * sign;
        if !key.is_finite() {
            continue;
        }
        count += 1;
        if key < floor {
            continue;
        }
        if key > best {
            best = key;
            floor = tie_floor(best);
            near.retain(|&(_, other)| other >= floor);
        }
        near.push((index, key));
    }
    if count == 0 {
        return (None, 0);
    }
    let value = best * sign;
    let mut cells = Vec::new();
    for (index, key) in near {
        if values_tie(key * sign, value) {
            cells.push(CellPosition::new(index % columns, index / columns));
        }
    }
    (Some(Extreme { value, cells }), count)
}

/// A bound below which no value ties with `best` or with any larger value: a tie is within
/// `1e-9 * max(1, |a|, |b|)` ([`values_tie`]), and this bound is four times as far.
fn tie_floor(best: f64) -> f64 {
    best - 4.0 * RELATIVE_TOLERANCE * best.abs().max(1.0)
}

/// Summarises a grid. Returns `None` when no cell is present.
pub fn summarize(grid: &Grid, direction: Direction) -> Option<Summary> {
    let mut cells: Vec<(CellPosition, f64)> = Vec::new();
    let mut values: Vec<f64> = Vec::new();
    for (position, value) in present_values(grid) {
        cells.push((position, value));
        values.push(value);
    }
    let (mut largest, mut smallest) = (*values.first()?, *values.first()?);
    for &value in &values {
        largest = largest.max(value);
        smallest = smallest.min(value);
    }
    let (best, worst) = match direction {
        Direction::Higher => (largest, smallest),
        Direction::Lower => (smallest, largest),
    };
    let extreme = |target: f64| {
        let mut tied = Vec::new();
        for &(position, value) in &cells {
            if values_tie(value, target) {
                tied.push(position);
            }
        }
        Extreme {
            value: target,
            cells: tied,
        }
    };
    let total = grid.columns().saturating_mul(grid.rows());
    Some(Summary {
        direction,
        peak: extreme(best),
        worst: extreme(worst),
        mean: mean(&values)?,
        median: median(&values)?,
        sample_standard_deviation: sample_standard_deviation(&values),
        range: largest - smallest,
        present: values.len(),
        missing: total.saturating_sub(values.len()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_support::{
        assert_close, grid_from_optional_rows_top_down, ratio, seed_000_llama, seed_002_qwen,
        window,
    };
    use crate::Cell;

    fn at(ratio_label: &str, window_label: &str) -> CellPosition {
        CellPosition::new(ratio(ratio_label), window(window_label))
    }

    #[test]
    fn the_peak_alone_is_the_summary_s_peak() {
        for direction in [Direction::Higher, Direction::Lower] {
            for grid in seed_002_qwen().iter().chain(seed_000_llama().iter()) {
                let summary = summarize(grid, direction).unwrap();
                assert_eq!(
                    peak_and_count(grid, direction),
                    (Some(summary.peak.clone()), summary.present)
                );
                assert_eq!(peak(grid, direction), Some(summary.peak.clone()));
                let scan = scan_cells(grid, direction);
                assert_eq!(
                    (scan.peak, scan.finite),
                    (Some(summary.peak), summary.present)
                );
                let values: Vec<f64> = grid.present().map(|(_, _, cell)| cell.mean).collect();
                assert_eq!(scan.values, values);
            }
        }
        let empty = grid_from_optional_rows_top_down(&[&[None, None]]);
        assert_eq!(peak(&empty, Direction::Higher), None);
        assert_eq!(peak_and_count(&empty, Direction::Lower), (None, 0));
    }

    /// The peak by its definition: the extreme finite value, then every cell that ties with it.
    fn peak_by_definition(grid: &Grid, direction: Direction) -> (Option<Extreme>, usize) {
        let present: Vec<(CellPosition, f64)> = present_values(grid).collect();
        let best = present
            .iter()
            .map(|(_, v)| *v)
            .reduce(|a, b| match direction {
                Direction::Higher => a.max(b),
                Direction::Lower => a.min(b),
            });
        let extreme = best.map(|value| Extreme {
            value,
            cells: present
                .iter()
                .filter(|(_, v)| values_tie(*v, value))
                .map(|(position, _)| *position)
                .collect(),
        });
        (extreme, present.len())
    }

    #[test]
    fn one_pass_peak_keeps_every_tie_within_the_tolerance() {
        // Values around the peak at distances on both sides of the tolerance, in orders where
        // the best arrives first, last and in between, at small, large and negative scales.
        let mut next = crate::testing::xorshift(0x2545_f491_4f6c_dd1d);
        let offsets = [0.0, 0.3e-9, 0.9e-9, 1.1e-9, 2e-9, 5e-9, 1e-6, 0.5];
        let mut ties_seen = 0;
        for scale in [0.5_f64, 1.0, 88.5, -88.5, 1e6, -3e-3] {
            for _ in 0..200 {
                let cells: Vec<Option<Cell>> = (0..12)
                    .map(|_| {
                        let pick = next();
                        let offset = offsets[(pick % offsets.len() as u64) as usize];
                        let sign = if pick & 64 == 0 { 1.0 } else { -1.0 };
                        let value = scale + sign * offset * scale.abs().max(1.0);
                        match pick % 11 {
                            0 => None,
                            1 => Some(Cell::single(f64::NAN)),
                            _ => Some(Cell::single(value)),
                        }
                    })
                    .collect();
                let grid = Grid::from_cells(4, 3, cells).unwrap();
                for direction in [Direction::Higher, Direction::Lower] {
                    let expected = peak_by_definition(&grid, direction);
                    ties_seen += expected.0.as_ref().map_or(0, |e| e.cells.len());
                    assert_eq!(peak_and_count(&grid, direction), expected, "{grid:?}");
                }
            }
        }
        assert!(ties_seen > 3_000, "{ties_seen} tied cells checked");
    }

    #[test]
    fn qwen_amc23_peak_has_four_ties() {
        let [_, _, amc23, _] = seed_002_qwen();
        let summary = summarize(&amc23, Direction::Higher).unwrap();
        assert_eq!(summary.peak.value, 88.5);
        let mut expected = vec![
            at("0.4", "2000"),
            at("0.5", "1000"),
            at("0.4", "500"),
            at("0.5", "500"),
        ];
        expected.sort_by_key(|position| (position.y, position.x));
        assert_eq!(summary.peak.cells, expected);
        assert_eq!(summary.worst.value, 85.0);
        assert_eq!(summary.worst.cells, [at("0.2", "2000")]);
        assert_close(summary.range, 3.5, 1e-9);
    }

    #[test]
    fn llama_aime24_has_two_tied_peaks_not_one() {
        // The reading claims a single peak at ratio 0.3, window 2000; (0.2, 1000) is also 49.3.
        let [aime24, _, _, _] = seed_000_llama();
        let summary = summarize(&aime24, Direction::Higher).unwrap();
        assert_eq!(summary.peak.value, 49.3);
        assert_eq!(summary.peak.cells, [at("0.2", "1000"), at("0.3", "2000")]);
        assert_eq!(summary.worst.value, 39.3);
        assert_eq!(summary.worst.cells, [at("0.1", "1000")]);
        // Independently computed with Python's statistics module.
        assert_close(summary.mean, 44.36, 1e-9);
        assert_close(summary.median, 44.7, 1e-9);
        assert_close(
            summary.sample_standard_deviation.unwrap(),
            2.753447599684898,
            1e-9,
        );
        assert_close(summary.range, 10.0, 1e-9);
        assert_eq!((summary.present, summary.missing), (20, 0));
    }

    #[test]
    fn llama_aime25_peak_is_not_where_the_reading_says() {
        let [_, aime25, _, _] = seed_000_llama();
        let summary = summarize(&aime25, Direction::Higher).unwrap();
        assert_eq!(summary.peak.value, 30.7);
        assert_eq!(summary.peak.cells, [at("0.2", "500"), at("0.4", "1000")]);
        // The claimed peak (0.3, 1000) holds 29.3.
        assert_eq!(aime25.value(ratio("0.3"), window("1000")), Some(29.3));
        assert!(!summary.peak.cells.contains(&at("0.3", "1000")));
        assert_eq!(summary.worst.value, 24.0);
        assert_eq!(summary.worst.cells, [at("0.3", "500")]);
        assert_close(summary.mean, 27.32, 1e-9);
        assert_close(summary.median, 26.7, 1e-9);
        assert_close(
            summary.sample_standard_deviation.unwrap(),
            1.5350638594636965,
            1e-9,
        );
    }

    #[test]
    fn qwen_statistics_match_an_independent_computation() {
        let [aime24, _, amc23, gpqa] = seed_002_qwen();
        let aime24 = summarize(&aime24, Direction::Higher).unwrap();
        assert_close(aime24.mean, 45.03, 1e-9);
        assert_close(aime24.median, 44.65, 1e-9);
        assert_close(
            aime24.sample_standard_deviation.unwrap(),
            2.808464648915938,
            1e-9,
        );
        assert_eq!(aime24.peak.cells, [at("0.4", "2000")]);
        let amc23 = summarize(&amc23, Direction::Higher).unwrap();
        assert_close(amc23.mean, 87.175, 1e-9);
        assert_close(amc23.median, 87.5, 1e-9);
        assert_close(
            amc23.sample_standard_deviation.unwrap(),
            1.1271178895049556,
            1e-9,
        );
        let gpqa = summarize(&gpqa, Direction::Higher).unwrap();
        assert_eq!(gpqa.peak.value, 49.7);
        assert_eq!(gpqa.peak.cells, [at("0.3", "2000")]);
        assert_close(gpqa.mean, 47.56, 1e-9);
    }

    #[test]
    fn lower_is_better_flips_peak_and_worst() {
        let [_, _, amc23, _] = seed_002_qwen();
        let summary = summarize(&amc23, Direction::Lower).unwrap();
        assert_eq!(summary.direction, Direction::Lower);
        assert_eq!(summary.peak.value, 85.0);
        assert_eq!(summary.peak.cells, [at("0.2", "2000")]);
        assert_eq!(summary.worst.value, 88.5);
        assert_eq!(summary.worst.cells.len(), 4);
    }

    #[test]
    fn missing_cells_are_counted_and_skipped() {
        let grid = grid_from_optional_rows_top_down(&[
            &[Some(1.0), None, Some(3.0)],
            &[None, Some(3.0), None],
        ]);
        let summary = summarize(&grid, Direction::Higher).unwrap();
        assert_eq!((summary.present, summary.missing), (3, 3));
        assert_eq!(
            summary.peak.cells,
            [CellPosition::new(1, 0), CellPosition::new(2, 1)]
        );
        assert_eq!(summary.worst.cells, [CellPosition::new(0, 1)]);
        assert_close(summary.mean, 7.0 / 3.0, 1e-12);
        assert_eq!(summary.median, 3.0);
        assert_eq!(summarize(&Grid::empty(3, 2), Direction::Higher), None);
        let single = grid_from_optional_rows_top_down(&[&[None, Some(5.0)]]);
        let single = summarize(&single, Direction::Higher).unwrap();
        assert_eq!(single.sample_standard_deviation, None);
        assert_eq!(single.range, 0.0);
    }
}
