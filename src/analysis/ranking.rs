//! Ranking configurations: which (x, y) setting is best across several benchmarks?
//!
//! Raw scores cannot be averaged across benchmarks of different difficulty (AMC23 near 88, AIME25
//! near 30) without the easy benchmark dominating, so each benchmark ranks its own cells instead:
//! rank 1 is the best value for the metric's direction, and tied cells share the average of the
//! ranks they span. A configuration's mean rank is taken over the benchmarks where it is present,
//! and the list is sorted best (lowest mean rank) first; ties on mean rank go to the configuration
//! present on more benchmarks, then to the one in the top three more often, then to row-major
//! order (smallest y, then smallest x). A configuration is in a benchmark's top three when fewer
//! than three cells of that benchmark are strictly better (competition ranking: with a two-way
//! tie for first, a third-best cell is still top three). Benchmarks are chosen as for averages:
//! measured, and not reported aggregates.

use serde::Serialize;

use super::aggregate::{check_same_shape, select_benchmarks, selected_grids, BenchmarkSelection};
use super::position::CellPosition;
use super::statistics::{present_values, rank_ascending};
use crate::{Dataset, Direction, Grid, Result};

/// How many best cells per benchmark count as "top three".
const TOP: usize = 3;

/// One configuration's standing across benchmarks.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ConfigurationRank {
    /// The configuration (column and row index).
    pub position: CellPosition,
    /// Mean of its per-benchmark ranks (1 = best), over the benchmarks where it is present.
    pub mean_rank: f64,
    /// Number of benchmarks where it is present (what the mean is over).
    pub benchmarks_present: usize,
    /// Number of those benchmarks where fewer than three cells are strictly better.
    pub top_three: usize,
}

/// A model's configurations ranked across its benchmarks.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ConfigurationRanking {
    /// The model index.
    pub model: usize,
    /// The metric direction the ranks follow.
    pub direction: Direction,
    /// The benchmarks ranked over and those left out.
    pub selection: BenchmarkSelection,
    /// Every configuration present on at least one benchmark, best first.
    pub configurations: Vec<ConfigurationRank>,
}

/// Ranks configurations across grids of one shape (one grid per benchmark). Configurations
/// missing from every grid are left out. Fails when `grids` is empty or the shapes differ.
pub fn rank_configurations_across(
    grids: &[&Grid],
    direction: Direction,
) -> Result<Vec<ConfigurationRank>> {
    check_same_shape(grids)?;
    let columns = grids.first().map_or(0, |grid| grid.columns());
    let rows = grids.first().map_or(0, |grid| grid.rows());
    let mut totals: Vec<ConfigurationRank> = Vec::with_capacity(rows * columns);
    for y in 0..rows {
        for x in 0..columns {
            totals.push(ConfigurationRank {
                position: CellPosition::new(x, y),
                mean_rank: 0.0,
                benchmarks_present: 0,
                top_three: 0,
            });
        }
    }
    for grid in grids {
        let mut cells: Vec<(CellPosition, f64)> = Vec::new();
        // Rank ascending on a key where smaller is better.
        let mut keys: Vec<f64> = Vec::new();
        for (position, value) in present_values(grid) {
            cells.push((position, value));
            keys.push(match direction {
                Direction::Higher => -value,
                Direction::Lower => value,
            });
        }
        for ((position, _), rank) in cells.iter().zip(rank_ascending(&keys)) {
            let index = position.y * columns + position.x;
            if let Some(total) = totals.get_mut(index) {
                total.mean_rank += rank.average;
                total.benchmarks_present += 1;
                if rank.strictly_smaller < TOP {
                    total.top_three += 1;
                }
            }
        }
    }
    let mut ranked: Vec<ConfigurationRank> = Vec::new();
    for total in totals {
        if total.benchmarks_present > 0 {
            ranked.push(ConfigurationRank {
                mean_rank: total.mean_rank / total.benchmarks_present as f64,
                ..total
            });
        }
    }
    crate::sort::sort_by(&mut ranked, |a, b| {
        a.mean_rank
            .total_cmp(&b.mean_rank)
            .then(b.benchmarks_present.cmp(&a.benchmarks_present))
            .then(b.top_three.cmp(&a.top_three))
            .then(a.position.y.cmp(&b.position.y))
            .then(a.position.x.cmp(&b.position.x))
    });
    Ok(ranked)
}

/// Ranks a model's configurations across its measured, non-aggregate benchmarks, following the
/// dataset's metric direction.
pub fn rank_configurations(dataset: &Dataset, model: usize) -> Result<ConfigurationRanking> {
    let selection = select_benchmarks(dataset, model)?;
    let grids = selected_grids(dataset, model, &selection)?;
    let direction = dataset.metric.direction;
    let configurations = rank_configurations_across(&grids, direction)?;
    Ok(ConfigurationRanking {
        model,
        direction,
        selection,
        configurations,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_support::{
        assert_close, grid_from_optional_rows_bottom_up, ratio, seed_dataset, window,
    };

    /// Three benchmarks over a 2 x 2 sweep, rows listed from the smallest y.
    fn hand_made() -> [Grid; 3] {
        [
            grid_from_optional_rows_bottom_up(&[
                &[Some(90.0), Some(80.0)],
                &[Some(80.0), Some(70.0)],
            ]),
            grid_from_optional_rows_bottom_up(&[&[Some(50.0), Some(60.0)], &[Some(40.0), None]]),
            grid_from_optional_rows_bottom_up(&[
                &[Some(10.0), Some(30.0)],
                &[Some(20.0), Some(40.0)],
            ]),
        ]
    }

    fn summary(ranking: &[ConfigurationRank]) -> Vec<((usize, usize), f64, usize, usize)> {
        ranking
            .iter()
            .map(|rank| {
                (
                    (rank.position.x, rank.position.y),
                    (rank.mean_rank * 1e9).round() / 1e9,
                    rank.benchmarks_present,
                    rank.top_three,
                )
            })
            .collect()
    }

    #[test]
    fn hand_made_case_is_ordered_by_mean_rank() {
        // Ranks (higher is better), by hand:
        //   (0,0): 1, 2, 4 -> 7/3     (1,0): 2.5, 1, 2 -> 5.5/3
        //   (0,1): 2.5, 3, 3 -> 8.5/3 (1,1): 4, -, 1 -> 5/2
        let grids = hand_made();
        let borrowed: Vec<&Grid> = grids.iter().collect();
        let ranking = rank_configurations_across(&borrowed, Direction::Higher).unwrap();
        let round = |value: f64| (value * 1e9).round() / 1e9;
        assert_eq!(
            summary(&ranking),
            [
                ((1, 0), round(5.5 / 3.0), 3, 3),
                ((0, 0), round(7.0 / 3.0), 3, 2),
                ((1, 1), 2.5, 2, 1),
                ((0, 1), round(8.5 / 3.0), 3, 3),
            ]
        );
    }

    #[test]
    fn lower_is_better_reverses_the_ranks() {
        let grids = hand_made();
        let borrowed: Vec<&Grid> = grids.iter().collect();
        let ranking = rank_configurations_across(&borrowed, Direction::Lower).unwrap();
        let round = |value: f64| (value * 1e9).round() / 1e9;
        assert_eq!(
            summary(&ranking),
            [
                ((0, 1), round(5.5 / 3.0), 3, 3),
                ((0, 0), round(7.0 / 3.0), 3, 2),
                ((1, 1), 2.5, 2, 1),
                ((1, 0), round(8.5 / 3.0), 3, 3),
            ]
        );
    }

    #[test]
    fn seed_models_best_configurations() {
        // Checked independently in Python.
        let dataset = seed_dataset();
        let qwen = rank_configurations(&dataset, 1).unwrap();
        assert_eq!(qwen.selection.included, [0, 1, 2, 3]);
        assert_eq!(qwen.configurations.len(), 20);
        let best = &qwen.configurations[0];
        assert_eq!(
            best.position,
            CellPosition::new(ratio("0.4"), window("2000"))
        );
        assert_close(best.mean_rank, 2.5, 1e-12);
        assert_eq!((best.top_three, best.benchmarks_present), (3, 4));
        let second = &qwen.configurations[1];
        assert_eq!(
            second.position,
            CellPosition::new(ratio("0.4"), window("3000"))
        );
        assert_close(second.mean_rank, 6.875, 1e-12);

        let llama = rank_configurations(&dataset, 0).unwrap();
        let best = &llama.configurations[0];
        assert_eq!(
            best.position,
            CellPosition::new(ratio("0.2"), window("2000"))
        );
        assert_close(best.mean_rank, 4.875, 1e-12);
        assert_eq!(best.top_three, 2);
        // Equal mean rank 7.625: (0.4, 1000) is top three twice, (0.3, 2000) once.
        let fourth = &llama.configurations[3];
        let fifth = &llama.configurations[4];
        assert_eq!(
            fourth.position,
            CellPosition::new(ratio("0.4"), window("1000"))
        );
        assert_eq!(
            fifth.position,
            CellPosition::new(ratio("0.3"), window("2000"))
        );
        assert_close(fifth.mean_rank, 7.625, 1e-12);
        let worst = llama.configurations.last().unwrap();
        assert_eq!(
            worst.position,
            CellPosition::new(ratio("0.1"), window("500"))
        );
        assert_close(worst.mean_rank, 17.5, 1e-12);
    }

    #[test]
    fn empty_or_mismatched_inputs_are_errors() {
        assert!(rank_configurations_across(&[], Direction::Higher).is_err());
        let result = rank_configurations_across(
            &[&Grid::empty(1, 2), &Grid::empty(2, 1)],
            Direction::Higher,
        );
        assert!(result.is_err());
        let none = rank_configurations_across(&[&Grid::empty(2, 2)], Direction::Higher).unwrap();
        assert!(none.is_empty());
    }
}
