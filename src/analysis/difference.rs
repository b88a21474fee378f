//! Differences: one grid minus another, cell by cell, and a count of who is ahead where.
//!
//! Comparing two models (or two benchmarks) on the same sweep asks, per configuration, which one
//! scores higher. The difference grid holds `A - B` wherever both cells are present; where only
//! one side has a value nothing is subtracted and the cell is counted as "only in A" or "only in
//! B". "Higher" here is about raw values, whatever the metric's direction. Two values count as
//! equal when they differ by at most `1e-9 * max(1, |a|, |b|)`.

use serde::Serialize;

use super::aggregate::shape_error;
use super::statistics::{finite_value, values_tie};
use crate::{Cell, Grid, Result};

/// The cell-wise difference `A - B` and its tallies.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Difference {
    /// `A - B` where both are present; missing elsewhere.
    pub grid: Grid,
    /// Cells where A is higher.
    pub a_higher: usize,
    /// Cells where A and B are equal (within the tolerance).
    pub equal: usize,
    /// Cells where B is higher.
    pub b_higher: usize,
    /// Cells present in A only.
    pub only_in_a: usize,
    /// Cells present in B only.
    pub only_in_b: usize,
    /// Largest `|A - B|` over cells present in both; `None` when there are none.
    pub max_abs_difference: Option<f64>,
    /// Mean of `A - B` over cells present in both; `None` when there are none.
    pub mean_difference: Option<f64>,
}

/// Subtracts `b` from `a` cell by cell. Fails when the shapes differ.
pub fn difference(a: &Grid, b: &Grid) -> Result<Difference> {
    if a.columns() != b.columns() || a.rows() != b.rows() {
        return Err(shape_error(a, b));
    }
    let mut result = Difference {
        grid: Grid::empty(a.columns(), a.rows()),
        a_higher: 0,
        equal: 0,
        b_higher: 0,
        only_in_a: 0,
        only_in_b: 0,
        max_abs_difference: None,
        mean_difference: None,
    };
    let mut total = 0.0;
    for y in 0..a.rows() {
        for x in 0..a.columns() {
            match (finite_value(a, x, y), finite_value(b, x, y)) {
                (Some(first), Some(second)) => {
                    let delta = first - second;
                    result.grid.set(x, y, Some(Cell::single(delta)));
                    if values_tie(first, second) {
                        result.equal += 1;
                    } else if delta > 0.0 {
                        result.a_higher += 1;
                    } else {
                        result.b_higher += 1;
                    }
                    total += delta;
                    result.max_abs_difference = Some(
                        result
                            .max_abs_difference
                            .map_or(delta.abs(), |largest| largest.max(delta.abs())),
                    );
                }
                (Some(_), None) => result.only_in_a += 1,
                (None, Some(_)) => result.only_in_b += 1,
                (None, None) => {}
            }
        }
    }
    let both = result.a_higher + result.equal + result.b_higher;
    result.mean_difference = (both > 0).then(|| total / both as f64);
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_support::{
        assert_close, grid_from_optional_rows_top_down, ratio, seed_003_llama_average,
        seed_003_qwen_average, window,
    };

    #[test]
    fn qwen_average_beats_llama_average_in_all_but_one_cell() {
        let difference = difference(&seed_003_qwen_average(), &seed_003_llama_average()).unwrap();
        // Llama leads only at ratio 0.2, window 500 (52.1 vs 51.8).
        assert_eq!(
            (difference.a_higher, difference.equal, difference.b_higher),
            (19, 0, 1)
        );
        assert_eq!((difference.only_in_a, difference.only_in_b), (0, 0));
        let at = |r: &str, w: &str| difference.grid.value(ratio(r), window(w)).unwrap();
        assert_close(at("0.2", "500"), -0.3, 1e-9);
        assert_close(at("0.2", "2000"), 0.2, 1e-9);
        assert_close(at("0.4", "2000"), 3.8, 1e-9);
        // Largest gap: ratio 0.1, window 3000, 53.9 - 49.1.
        assert_close(difference.max_abs_difference.unwrap(), 4.8, 1e-9);
        // Grid totals: Qwen's 20 cells sum to 1069.0, Llama's to 1021.6; mean gap 47.4 / 20.
        assert_close(difference.mean_difference.unwrap(), 47.4 / 20.0, 1e-9);
    }

    #[test]
    fn counts_cover_ties_and_missing_sides() {
        let a = grid_from_optional_rows_top_down(&[
            &[Some(88.5), Some(1.0), None],
            &[Some(2.0), Some(4.0), None],
        ]);
        let b = grid_from_optional_rows_top_down(&[
            &[Some(88.5), None, Some(3.0)],
            &[Some(3.0), Some(1.5), None],
        ]);
        let difference = difference(&a, &b).unwrap();
        assert_eq!(difference.a_higher, 1);
        assert_eq!(difference.equal, 1);
        assert_eq!(difference.b_higher, 1);
        assert_eq!(difference.only_in_a, 1);
        assert_eq!(difference.only_in_b, 1);
        assert_eq!(difference.grid.value(1, 0), Some(2.5));
        assert_eq!(difference.grid.value(0, 0), Some(-1.0));
        assert_eq!(difference.grid.value(0, 1), Some(0.0));
        assert_eq!(difference.grid.value(1, 1), None);
        assert_eq!(difference.grid.present_count(), 3);
        assert_eq!(difference.max_abs_difference, Some(2.5));
        assert_close(difference.mean_difference.unwrap(), 0.5, 1e-12);
    }

    #[test]
    fn different_shapes_are_an_error() {
        assert!(super::difference(&Grid::empty(2, 3), &Grid::empty(3, 2)).is_err());
        let empty = super::difference(&Grid::empty(2, 2), &Grid::empty(2, 2)).unwrap();
        assert_eq!(empty.max_abs_difference, None);
        assert_eq!(empty.mean_difference, None);
    }
}
