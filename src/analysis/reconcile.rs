//! Reconciliation: does a reported aggregate (a paper's "Average" panel) really equal the mean of
//! the panels it claims to average?
//!
//! The parts are averaged cell by cell with the strict rule of [`average_grids`] and compared with
//! the reported grid. Printed figures are rounded, so a reported 56.3 against a recomputed 56.35
//! is not a discrepancy. The tolerance follows from how the numbers were printed:
//! `0.5 * 10^-d_reported + 0.5 * 10^-d_parts + 1e-9`, where `d` is the number of decimals, inferred
//! as the fewest (0 to 6) at which every value of the grid (or of all parts together) round-trips:
//! 49.1 and 40.0 together give 1. The first term is the reported number's own rounding; the second
//! bounds the error of a mean of values that each carry at most half a unit of their last decimal.
//! Cells that differ by more are listed as mismatches, with `difference = reported - recomputed`.

use serde::Serialize;

use super::aggregate::{average_grids, check_same_shape};
use super::position::CellPosition;
use super::statistics::{finite_value, present_values, values_tie};
use crate::{Cell, Dataset, Error, Grid, Result};

/// Most decimals [`infer_decimals`] considers: as many as the figure ever chooses itself.
pub const MAX_DECIMALS: u32 = crate::figure::MAX_AUTO_DECIMALS as u32;

/// Slack added to every reconciliation tolerance, for binary floating point.
const FLOATING_POINT_SLACK: f64 = 1e-9;

/// One cell where the reported value and the recomputed mean differ by more than rounding.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Mismatch {
    /// The cell (column and row index).
    pub position: CellPosition,
    /// The reported value.
    pub reported: f64,
    /// The mean of the parts.
    pub recomputed: f64,
    /// `reported - recomputed`.
    pub difference: f64,
}

/// The result of checking a reported aggregate against its parts.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Reconciliation {
    /// Cell-wise mean of the parts (present only where every part is).
    pub recomputed: Grid,
    /// `reported - recomputed` where both are present.
    pub difference: Grid,
    /// Cells whose difference exceeds the tolerance, row-major from the smallest y.
    pub mismatches: Vec<Mismatch>,
    /// The largest difference explained by rounding.
    pub tolerance: f64,
    /// Decimals the reported values were printed with (inferred).
    pub reported_decimals: u32,
    /// Decimals the parts were printed with (inferred).
    pub parts_decimals: u32,
    /// Largest `|reported - recomputed|`; `None` when no cell could be compared.
    pub max_abs_difference: Option<f64>,
    /// Cells where both a reported and a recomputed value exist.
    pub compared: usize,
    /// Compared cells within the tolerance.
    pub within_tolerance: usize,
    /// Cells reported but not recomputable (some part is missing there).
    pub only_reported: usize,
    /// Cells recomputable but not reported.
    pub only_recomputed: usize,
}

impl Reconciliation {
    /// True when every compared cell is within rounding and no cell is one-sided.
    pub fn is_consistent(&self) -> bool {
        self.mismatches.is_empty() && self.only_reported == 0 && self.only_recomputed == 0
    }
}

/// True when `value` printed with `decimals` decimals reads back as the same number.
fn round_trips(value: f64, decimals: u32) -> bool {
    let scale = 10f64.powi(decimals as i32);
    values_tie((value * scale).round() / scale, value)
}

/// The fewest decimals (0 to [`MAX_DECIMALS`]) at which every present value of the grids
/// round-trips; [`MAX_DECIMALS`] when none does, 0 when there are no values.
pub fn infer_decimals(grids: &[&Grid]) -> u32 {
    'decimals: for decimals in 0..MAX_DECIMALS {
        for grid in grids {
            for (_, value) in present_values(grid) {
                if !round_trips(value, decimals) {
                    continue 'decimals;
                }
            }
        }
        return decimals;
    }
    MAX_DECIMALS
}

/// The tolerance for comparing a figure printed with `reported_decimals` decimals with the mean
/// of figures printed with `parts_decimals` decimals.
pub fn rounding_tolerance(reported_decimals: u32, parts_decimals: u32) -> f64 {
    let half_unit = |decimals: u32| 0.5 * 10f64.powi(-(decimals as i32));
    half_unit(reported_decimals) + half_unit(parts_decimals) + FLOATING_POINT_SLACK
}

/// Compares a reported aggregate grid with the cell-wise mean of its parts. Fails when `parts` is
/// empty or any shape differs from the reported grid's.
pub fn reconcile(reported: &Grid, parts: &[&Grid]) -> Result<Reconciliation> {
    if parts.is_empty() {
        return Err(Error::InvalidField {
            field: "parts".to_string(),
            expected: "at least one grid to average".to_string(),
        });
    }
    let mut all: Vec<&Grid> = vec![reported];
    all.extend_from_slice(parts);
    check_same_shape(&all)?;
    let recomputed = average_grids(parts)?;
    let reported_decimals = infer_decimals(&[reported]);
    let parts_decimals = infer_decimals(parts);
    let tolerance = rounding_tolerance(reported_decimals, parts_decimals);
    let mut reconciliation = Reconciliation {
        difference: Grid::empty(reported.columns(), reported.rows()),
        recomputed,
        mismatches: Vec::new(),
        tolerance,
        reported_decimals,
        parts_decimals,
        max_abs_difference: None,
        compared: 0,
        within_tolerance: 0,
        only_reported: 0,
        only_recomputed: 0,
    };
    for y in 0..reported.rows() {
        for x in 0..reported.columns() {
            let pair = (
                finite_value(reported, x, y),
                finite_value(&reconciliation.recomputed, x, y),
            );
            match pair {
                (Some(printed), Some(mean)) => {
                    let difference = printed - mean;
                    reconciliation
                        .difference
                        .set(x, y, Some(Cell::single(difference)));
                    reconciliation.compared += 1;
                    let magnitude = difference.abs();
                    reconciliation.max_abs_difference = Some(
                        reconciliation
                            .max_abs_difference
                            .map_or(magnitude, |largest| largest.max(magnitude)),
                    );
                    if magnitude > tolerance {
                        reconciliation.mismatches.push(Mismatch {
                            position: CellPosition::new(x, y),
                            reported: printed,
                            recomputed: mean,
                            difference,
                        });
                    } else {
                        reconciliation.within_tolerance += 1;
                    }
                }
                (Some(_), None) => reconciliation.only_reported += 1,
                (None, Some(_)) => reconciliation.only_recomputed += 1,
                (None, None) => {}
            }
        }
    }
    Ok(reconciliation)
}

/// Reconciles a model's reported-aggregate benchmark (one with `aggregate_of`) against the
/// model's panels on the benchmarks it names. Fails for unknown indices or part names, or when
/// the benchmark is not a reported aggregate.
pub fn reconcile_aggregate(
    dataset: &Dataset,
    model: usize,
    benchmark: usize,
) -> Result<Reconciliation> {
    let unknown_panel = || Error::Unknown {
        what: "panel",
        name: format!("#{model} | #{benchmark}"),
        known: Vec::new(),
    };
    let reported = &dataset
        .panel_at(model, benchmark)
        .ok_or_else(unknown_panel)?
        .grid;
    let name = dataset
        .benchmarks
        .levels
        .get(benchmark)
        .cloned()
        .unwrap_or_default();
    let part_names = dataset
        .benchmark_info(benchmark)
        .and_then(|info| info.aggregate_of.as_ref())
        .ok_or_else(|| Error::InvalidField {
            field: format!("benchmark \"{name}\""),
            expected: "a reported aggregate that names the benchmarks it averages".to_string(),
        })?;
    let mut parts: Vec<&Grid> = Vec::with_capacity(part_names.len());
    for part in part_names {
        let index = dataset.benchmark_index(part)?;
        let panel = dataset.panel_at(model, index).ok_or_else(unknown_panel)?;
        parts.push(&panel.grid);
    }
    reconcile(reported, &parts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_support::{
        assert_close, grid_from_optional_rows_top_down, ratio, seed_000_llama, seed_002_qwen,
        seed_003_llama_average, seed_003_qwen_average, seed_dataset, window,
    };

    fn mismatch_at<'a>(reconciliation: &'a Reconciliation, r: &str, w: &str) -> &'a Mismatch {
        let position = CellPosition::new(ratio(r), window(w));
        reconciliation
            .mismatches
            .iter()
            .find(|mismatch| mismatch.position == position)
            .unwrap()
    }

    #[test]
    fn decimals_are_inferred_from_round_trips() {
        let one = grid_from_optional_rows_top_down(&[&[Some(49.1), Some(40.0), None]]);
        assert_eq!(infer_decimals(&[&one]), 1);
        let whole = grid_from_optional_rows_top_down(&[&[Some(49.0), Some(-3.0)]]);
        assert_eq!(infer_decimals(&[&whole]), 0);
        let mixed = grid_from_optional_rows_top_down(&[&[Some(0.125)]]);
        assert_eq!(infer_decimals(&[&whole, &mixed]), 3);
        let long = grid_from_optional_rows_top_down(&[&[Some(1.0 / 3.0)]]);
        assert_eq!(infer_decimals(&[&long]), MAX_DECIMALS);
        assert_eq!(infer_decimals(&[&Grid::empty(2, 2)]), 0);
        assert_close(rounding_tolerance(1, 1), 0.1, 1e-8);
        assert_close(rounding_tolerance(0, 2), 0.505, 1e-8);
    }

    #[test]
    fn qwen_reported_average_matches_seed_002_within_rounding() {
        let parts = seed_002_qwen();
        let parts: Vec<&Grid> = parts.iter().collect();
        let reconciliation = reconcile(&seed_003_qwen_average(), &parts).unwrap();
        assert_eq!(
            (
                reconciliation.reported_decimals,
                reconciliation.parts_decimals
            ),
            (1, 1)
        );
        assert_close(reconciliation.tolerance, 0.1, 1e-8);
        assert!(reconciliation.mismatches.is_empty());
        assert!(reconciliation.is_consistent());
        assert_eq!(reconciliation.compared, 20);
        assert_eq!(reconciliation.within_tolerance, 20);
        // (52.0 + 36.7 + 88.5 + 48.2) / 4 = 56.35, reported 56.3.
        let (x, y) = (ratio("0.4"), window("2000"));
        assert_close(reconciliation.recomputed.value(x, y).unwrap(), 56.35, 1e-9);
        assert_close(reconciliation.difference.value(x, y).unwrap(), -0.05, 1e-9);
        assert_close(reconciliation.max_abs_difference.unwrap(), 0.05, 1e-9);
    }

    #[test]
    fn llama_reported_average_does_not_match_seed_000() {
        let parts = seed_000_llama();
        let parts: Vec<&Grid> = parts.iter().collect();
        let reconciliation = reconcile(&seed_003_llama_average(), &parts).unwrap();
        assert_eq!(reconciliation.compared, 20);
        // Only ratio 0.5, window 3000 agrees: (46.7 + 26.7 + 86.5 + 45.8) / 4 = 51.425 vs 51.4.
        assert_eq!(reconciliation.mismatches.len(), 19);
        assert_eq!(reconciliation.within_tolerance, 1);
        assert!(!reconciliation.is_consistent());
        assert_close(
            reconciliation
                .difference
                .value(ratio("0.5"), window("3000"))
                .unwrap(),
            -0.025,
            1e-9,
        );
        // By hand: (40.0 + 26.7 + 86.5 + 46.2) / 4 = 199.4 / 4 = 49.85, reported 49.1.
        let mismatch = mismatch_at(&reconciliation, "0.1", "3000");
        assert_eq!(mismatch.reported, 49.1);
        assert_close(mismatch.recomputed, 49.85, 1e-9);
        assert_close(mismatch.difference, -0.75, 1e-9);
        // By hand: (44.7 + 28.7 + 87.5 + 45.5) / 4 = 206.4 / 4 = 51.6, reported 49.5.
        let mismatch = mismatch_at(&reconciliation, "0.1", "2000");
        assert_eq!(mismatch.reported, 49.5);
        assert_close(mismatch.recomputed, 51.6, 1e-9);
        assert_close(mismatch.difference, -2.1, 1e-9);
        assert_close(reconciliation.max_abs_difference.unwrap(), 2.1, 1e-9);
        // Ratio 0.4, window 1000: (44.0 + 30.7 + 88.0 + 45.6) / 4 = 52.075 vs 51.9.
        let mismatch = mismatch_at(&reconciliation, "0.4", "1000");
        assert_close(mismatch.difference, -0.175, 1e-9);
        // Mismatches are listed row-major from the smallest y: first is ratio 0.1, window 500.
        let first = &reconciliation.mismatches[0];
        assert_eq!(first.position, CellPosition::new(0, 0));
        assert_close(first.difference, 0.4, 1e-9);
    }

    #[test]
    fn reconcile_aggregate_uses_the_dataset_metadata() {
        let dataset = seed_dataset();
        let average = dataset.benchmark_index("Average").unwrap();
        let qwen = reconcile_aggregate(&dataset, 1, average).unwrap();
        assert!(qwen.is_consistent());
        let llama = reconcile_aggregate(&dataset, 0, average).unwrap();
        assert_eq!(llama.mismatches.len(), 19);
        assert!(matches!(
            reconcile_aggregate(&dataset, 0, 0),
            Err(Error::InvalidField { .. })
        ));
        assert!(reconcile_aggregate(&dataset, 5, average).is_err());
    }

    #[test]
    fn missing_cells_and_bad_shapes() {
        let reported = grid_from_optional_rows_top_down(&[&[Some(2.0), Some(5.0), None]]);
        let first = grid_from_optional_rows_top_down(&[&[Some(1.0), None, Some(1.0)]]);
        let second = grid_from_optional_rows_top_down(&[&[Some(3.0), Some(4.0), Some(2.0)]]);
        let reconciliation = reconcile(&reported, &[&first, &second]).unwrap();
        assert_eq!(reconciliation.compared, 1);
        assert_eq!(reconciliation.only_reported, 1);
        assert_eq!(reconciliation.only_recomputed, 1);
        assert!(reconciliation.mismatches.is_empty());
        assert!(!reconciliation.is_consistent());
        assert_close(reconciliation.tolerance, 1.0, 1e-8);
        assert!(reconcile(&reported, &[]).is_err());
        assert!(reconcile(&reported, &[&Grid::empty(2, 1)]).is_err());
    }
}
