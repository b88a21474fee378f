//! Marginals: the mean of each row and of each column of a grid.
//!
//! A row mean answers "how good is this y value on average over the x values"; a column mean the
//! converse. Each mean is over the present cells of its line only, so a line with a missing cell
//! is averaged over fewer cells (compare `present` counts before ranking lines), and a line with
//! no present cell has no mean (`None`) rather than a zero.

use serde::Serialize;

use super::statistics::{finite_value, mean};
use super::uncertainty::CellError;
use crate::figure::format_value;
use crate::{Direction, Grid};

/// Whether `value` is better than `than` in `direction`.
fn better(direction: Direction, value: f64, than: f64) -> bool {
    match direction {
        Direction::Higher => value > than,
        Direction::Lower => value < than,
    }
}

/// The mean of one row or column.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct LineMean {
    /// Mean of the line's present cells; `None` when the whole line is missing.
    pub mean: Option<f64>,
    /// How many present cells the mean is over.
    pub present: usize,
}

/// Row and column means of a grid.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Marginals {
    /// One entry per row (y value), row 0 = smallest y.
    pub rows: Vec<LineMean>,
    /// One entry per column (x value).
    pub columns: Vec<LineMean>,
}

impl Marginals {
    /// The row means alone, row 0 = smallest y.
    pub fn row_means(&self) -> Vec<Option<f64>> {
        self.rows.iter().map(|line| line.mean).collect()
    }

    /// The column means alone.
    pub fn column_means(&self) -> Vec<Option<f64>> {
        self.columns.iter().map(|line| line.mean).collect()
    }
}

fn average_line(values: impl Iterator<Item = Option<f64>>) -> LineMean {
    let mut present: Vec<f64> = Vec::new();
    for value in values.flatten() {
        present.push(value);
    }
    LineMean {
        mean: mean(&present),
        present: present.len(),
    }
}

/// Computes the mean of every row and every column over present cells.
pub fn compute_marginals(grid: &Grid) -> Marginals {
    let mut rows = Vec::with_capacity(grid.rows());
    for y in 0..grid.rows() {
        rows.push(average_line(
            (0..grid.columns()).map(|x| finite_value(grid, x, y)),
        ));
    }
    let mut columns = Vec::with_capacity(grid.columns());
    for x in 0..grid.columns() {
        columns.push(average_line(
            (0..grid.rows()).map(|y| finite_value(grid, x, y)),
        ));
    }
    Marginals { rows, columns }
}

/// A row's or column's marginal as a strip beside a panel shows it: the mean of its present
/// cells (or its best cell), and a confidence interval when the noise is known.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LineMarginal {
    pub value: f64,
    /// For a mean: `mean ± critical · sqrt(Σ se²) / n`, when every present cell of the line has
    /// a standard error (the cells' errors taken as independent). For the best cell: that
    /// cell's own interval, not corrected for its being picked as the best.
    pub interval: Option<(f64, f64)>,
    /// How many present cells the line has.
    pub present: usize,
}

/// The marginals of a panel: one per row (row 0 = smallest y) and per column, `None` for a line
/// without a present cell, the best rows and columns, every one tied at the best as written
/// at the panel's decimals, and the other lines that cannot be told apart from the best one.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PanelMarginals {
    pub rows: Vec<Option<LineMarginal>>,
    pub columns: Vec<Option<LineMarginal>>,
    pub best_rows: Vec<usize>,
    pub best_columns: Vec<usize>,
    /// Rows (and columns) other than the best whose marginal is within noise of the best one's:
    /// `|best − value| ≤ critical · sqrt(se_best² + se²)`, the test the cells get against their
    /// peak (against the tied best line with the narrowest interval; lines of a panel share no
    /// cell, so their errors are independent when the cells' are). Empty without intervals.
    pub near_best_rows: Vec<usize>,
    pub near_best_columns: Vec<usize>,
}

/// Works out a panel's marginals: the mean of each line, or its best cell when `best`, with
/// intervals at `critical` standard errors (1.96 for 95 %) where `errors` (row-major like the
/// grid, or empty) give every cell's; best lines by `direction`, ties at `decimals`.
pub fn panel_marginals(
    grid: &Grid,
    errors: &[Option<CellError>],
    best: bool,
    direction: Direction,
    critical: f64,
    decimals: usize,
) -> PanelMarginals {
    let columns = grid.columns();
    let line = |cells: &mut dyn Iterator<Item = (usize, usize)>| {
        let mut present: Vec<(f64, Option<f64>)> = Vec::new();
        for (x, y) in cells {
            if let Some(value) = finite_value(grid, x, y) {
                let error = errors.get(y * columns + x).and_then(|e| e.as_ref());
                present.push((value, error.map(|e| e.standard_error)));
            }
        }
        marginal(&present, best, direction, critical)
    };
    let mut rows: Vec<Option<LineMarginal>> = Vec::with_capacity(grid.rows());
    for y in 0..grid.rows() {
        rows.push(line(&mut (0..columns).map(|x| (x, y))));
    }
    let mut column_marginals: Vec<Option<LineMarginal>> = Vec::with_capacity(columns);
    for x in 0..columns {
        column_marginals.push(line(&mut (0..grid.rows()).map(|y| (x, y))));
    }
    let columns = column_marginals;
    let best_rows = best_lines(&rows, direction, decimals);
    let best_columns = best_lines(&columns, direction, decimals);
    PanelMarginals {
        near_best_rows: near_best(&rows, &best_rows),
        near_best_columns: near_best(&columns, &best_columns),
        best_rows,
        best_columns,
        rows,
        columns,
    }
}

/// Half an interval's width: the critical value times the standard error.
fn half_width(line: &LineMarginal) -> Option<f64> {
    line.interval.map(|(low, high)| (high - low) / 2.0)
}

/// The lines other than `best` within noise of the best one: with half widths `h = z · se`,
/// `|best − value| ≤ sqrt(h_best² + h²)` is `z · sqrt(se_best² + se²)`.
fn near_best(lines: &[Option<LineMarginal>], best: &[usize]) -> Vec<usize> {
    let mut reference: Option<(f64, f64)> = None;
    for line in best.iter().filter_map(|&index| lines.get(index)?.as_ref()) {
        if let Some(half) = half_width(line) {
            if !reference.is_some_and(|(_, narrowest)| half >= narrowest) {
                reference = Some((line.value, half));
            }
        }
    }
    let mut near = Vec::new();
    let Some((best_value, best_half)) = reference else {
        return near;
    };
    for (index, line) in lines.iter().enumerate() {
        let Some(line) = line.as_ref().filter(|_| !best.contains(&index)) else {
            continue;
        };
        if let Some(half) = half_width(line) {
            if (best_value - line.value).abs() <= best_half.hypot(half) {
                near.push(index);
            }
        }
    }
    near
}

/// One line's marginal from its present cells (value, standard error).
fn marginal(
    present: &[(f64, Option<f64>)],
    best: bool,
    direction: Direction,
    critical: f64,
) -> Option<LineMarginal> {
    let interval = |centre: f64, error: Option<f64>| {
        error.map(|error| (centre - critical * error, centre + critical * error))
    };
    if best {
        let (value, error) = present.iter().copied().reduce(|kept, next| {
            if better(direction, next.0, kept.0) {
                next
            } else {
                kept
            }
        })?;
        return Some(LineMarginal {
            value,
            interval: interval(value, error),
            present: present.len(),
        });
    }
    let mut values: Vec<f64> = Vec::with_capacity(present.len());
    // Σ se², or none when a present cell has no standard error.
    let mut variance: Option<f64> = Some(0.0);
    for &(value, error) in present {
        values.push(value);
        variance = match (variance, error) {
            (Some(sum), Some(error)) => Some(sum + error * error),
            _ => None,
        };
    }
    let value = mean(&values)?;
    let error = variance.map(|v| v.sqrt() / present.len() as f64);
    Some(LineMarginal {
        value,
        interval: interval(value, error),
        present: present.len(),
    })
}

/// The lines whose marginal reads the same as the best one at `decimals`.
fn best_lines(lines: &[Option<LineMarginal>], direction: Direction, decimals: usize) -> Vec<usize> {
    let best = lines
        .iter()
        .flatten()
        .map(|line| line.value)
        .reduce(|kept, next| {
            if better(direction, next, kept) {
                next
            } else {
                kept
            }
        });
    let Some(best) = best.map(|value| format_value(value, decimals)) else {
        return Vec::new();
    };
    let mut tied = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        if line
            .as_ref()
            .is_some_and(|line| format_value(line.value, decimals) == best)
        {
            tied.push(index);
        }
    }
    tied
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_support::{
        assert_close, grid_from_optional_rows_top_down, ratio, seed_002_qwen, window,
    };

    #[test]
    fn qwen_aime24_row_and_column_means() {
        let [aime24, _, _, _] = seed_002_qwen();
        let marginals = compute_marginals(&aime24);
        let rows = marginals.row_means();
        // Window 2000: (42.7 + 44.0 + 47.3 + 52.0 + 43.3) / 5 = 45.86.
        assert_close(rows[window("2000")].unwrap(), 45.86, 1e-9);
        // Window 500: (42.7 + 40.0 + 42.7 + 46.0 + 48.7) / 5 = 44.02.
        assert_close(rows[window("500")].unwrap(), 44.02, 1e-9);
        let columns = marginals.column_means();
        // Ratio 0.4: (46.0 + 52.0 + 42.0 + 46.0) / 4 = 46.5.
        assert_close(columns[ratio("0.4")].unwrap(), 46.5, 1e-9);
        assert_eq!(marginals.rows.len(), 4);
        assert_eq!(marginals.columns.len(), 5);
        assert!(marginals.columns.iter().all(|line| line.present == 4));
    }

    #[test]
    fn missing_lines_have_no_mean() {
        let grid =
            grid_from_optional_rows_top_down(&[&[None, None, None], &[Some(2.0), None, Some(4.0)]]);
        let marginals = compute_marginals(&grid);
        assert_eq!(marginals.row_means(), [Some(3.0), None]);
        assert_eq!(marginals.column_means(), [Some(2.0), None, Some(4.0)]);
        assert_eq!(marginals.rows[0].present, 2);
    }

    fn se(standard_error: f64) -> Option<CellError> {
        Some(CellError {
            standard_error,
            source: crate::analysis::ErrorSource::Reported,
        })
    }

    #[test]
    fn means_with_intervals_and_tied_best_lines() {
        // Row 1 (top): 2, missing; row 0: 1, 3. Every cell's standard error 0.5.
        let grid = grid_from_optional_rows_top_down(&[&[Some(2.0), None], &[Some(1.0), Some(3.0)]]);
        let errors = vec![se(0.5), se(0.5), se(0.5), None];
        let panel = panel_marginals(&grid, &errors, false, Direction::Higher, 2.0, 1);
        let line = |value: f64, half: f64, present: usize| {
            Some(LineMarginal {
                value,
                interval: Some((value - half, value + half)),
                present,
            })
        };
        // Row 0: mean 2, 2 * sqrt(0.25 + 0.25) / 2 = 0.7071...; row 1: one cell, 2 * 0.5 = 1.
        let half_of_two = 2.0 * 0.5f64.sqrt() / 2.0;
        assert_eq!(panel.rows, [line(2.0, half_of_two, 2), line(2.0, 1.0, 1)]);
        assert_eq!(
            panel.columns,
            [line(1.5, half_of_two, 2), line(3.0, 1.0, 1)]
        );
        // Both rows read 2.0: tied best, both marked.
        assert_eq!(panel.best_rows, [0, 1]);
        assert_eq!(panel.best_columns, [1]);
        // Lower is better: column 0.
        let lower = panel_marginals(&grid, &errors, false, Direction::Lower, 2.0, 1);
        assert_eq!(lower.best_columns, [0]);
    }

    #[test]
    fn best_cells_and_unknown_noise() {
        let grid = grid_from_optional_rows_top_down(&[&[None, None], &[Some(1.0), Some(3.0)]]);
        // No errors: no intervals; a line without cells has no marginal.
        let panel = panel_marginals(&grid, &[], true, Direction::Higher, 1.96, 1);
        assert_eq!(
            panel.rows,
            [
                Some(LineMarginal {
                    value: 3.0,
                    interval: None,
                    present: 2
                }),
                None
            ]
        );
        assert_eq!(panel.best_rows, [0]);
        assert_eq!(panel.best_columns, [1]);
        // One cell without an error leaves its mean without an interval.
        let errors = vec![se(0.5), None, None, None];
        let panel = panel_marginals(&grid, &errors, false, Direction::Higher, 1.96, 1);
        assert_eq!(panel.rows[0].as_ref().and_then(|l| l.interval), None);
        assert!(panel.columns[0].as_ref().and_then(|l| l.interval).is_some());
    }
}
