//! Marginals: the mean of each row and of each column of a grid.
//!
//! A row mean answers "how good is this y value on average over the x values"; a column mean the
//! converse. Each mean is over the present cells of its line only, so a line with a missing cell
//! is averaged over fewer cells (compare `present` counts before ranking lines), and a line with
//! no present cell has no mean (`None`) rather than a zero.

use serde::Serialize;

use super::statistics::{finite_value, mean, power_of_two_at_or_below};
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
    // Row-major passes over the cells, each cell feeding its row and its column: the grid is
    // stored row by row, and a million-cell panel read column by column (a line at a time) was
    // the larger part of preparing its figure. For means, the first pass finds each line's
    // largest magnitude, which gives the power of two its sum is taken at (as `mean` does; 1 /
    // a power of two is exact, so multiplying by it is dividing); the second sums in the order
    // a line read alone is summed, so the means are the same to the bit.
    let columns = grid.columns().max(1);
    let mut row_lines = vec![Line::EMPTY; grid.rows()];
    let mut column_lines = vec![Line::EMPTY; columns];
    if best {
        each_cell(
            grid,
            errors,
            (&mut row_lines, &mut column_lines),
            |line, value, error| line.keep_best(value, error, direction),
        );
    } else {
        each_cell(
            grid,
            errors,
            (&mut row_lines, &mut column_lines),
            |line, value, _| {
                let magnitude = value.abs();
                if magnitude > line.scale {
                    line.scale = magnitude;
                }
            },
        );
        let lines = row_lines.iter_mut().chain(&mut column_lines);
        for line in lines {
            line.scale = 1.0 / power_of_two_at_or_below(line.scale);
        }
        each_cell(
            grid,
            errors,
            (&mut row_lines, &mut column_lines),
            |line, value, error| line.add(value, error),
        );
    }
    let rows: Vec<Option<LineMarginal>> = row_lines
        .iter()
        .map(|line| line.marginal(best, critical))
        .collect();
    let columns: Vec<Option<LineMarginal>> = column_lines
        .iter()
        .map(|line| line.marginal(best, critical))
        .collect();
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

/// Visits every present cell of `grid` row by row, with its row's line, then with its
/// column's, its value and its standard error (from `errors`, row-major, or empty).
fn each_cell(
    grid: &Grid,
    errors: &[Option<CellError>],
    (rows, columns): (&mut [Line], &mut [Line]),
    mut visit: impl FnMut(&mut Line, f64, Option<f64>),
) {
    let width = columns.len();
    for (y, (cells, row)) in grid.cells().chunks(width).zip(rows).enumerate() {
        let errors = errors.get(y * width..).unwrap_or_default();
        for (x, (cell, column)) in cells.iter().zip(&mut *columns).enumerate() {
            let Some(value) = cell.as_ref().map(|c| c.mean).filter(|v| v.is_finite()) else {
                continue;
            };
            let error = errors.get(x).and_then(Option::as_ref);
            let error = error.map(|e| e.standard_error);
            visit(row, value, error);
            visit(column, value, error);
        }
    }
}

/// What a row or column has gathered of its present cells, read in order along it.
#[derive(Debug, Clone, Copy)]
struct Line {
    present: usize,
    /// The largest magnitude among the line's values, then 1 / the power of two at or below it
    /// (the sum is taken at that power of two, as `mean` does).
    scale: f64,
    /// Σ value × scale.
    sum: f64,
    /// Σ se², or none once a present cell has no standard error.
    variance: Option<f64>,
    /// The best cell so far and its standard error (the first of equal ones).
    best: Option<(f64, Option<f64>)>,
}

impl Line {
    const EMPTY: Line = Line {
        present: 0,
        scale: 0.0,
        // What `Iterator::sum` starts from, so that the sum is the same as `mean`'s.
        sum: -0.0,
        variance: Some(0.0),
        best: None,
    };

    /// Counts a present cell and keeps it when it is better than the best one so far.
    fn keep_best(&mut self, value: f64, error: Option<f64>, direction: Direction) {
        self.present += 1;
        if !self
            .best
            .is_some_and(|(kept, _)| !better(direction, value, kept))
        {
            self.best = Some((value, error));
        }
    }

    /// Counts a present cell into the mean and its variance.
    fn add(&mut self, value: f64, error: Option<f64>) {
        self.present += 1;
        self.sum += value * self.scale;
        self.variance = match (self.variance, error) {
            (Some(sum), Some(error)) => Some(sum + error * error),
            _ => None,
        };
    }

    /// The line's marginal: its best cell or its mean, with the interval at `critical` standard
    /// errors when every present cell has one; `None` without a present cell.
    fn marginal(&self, best: bool, critical: f64) -> Option<LineMarginal> {
        let interval = |centre: f64, error: Option<f64>| {
            error.map(|error| (centre - critical * error, centre + critical * error))
        };
        if self.present == 0 {
            return None;
        }
        let (value, error) = if best {
            self.best?
        } else {
            let count = self.present as f64;
            let error = self.variance.map(|v| v.sqrt() / count);
            (self.sum / count / self.scale, error)
        };
        Some(LineMarginal {
            value,
            interval: interval(value, error),
            present: self.present,
        })
    }
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
    fn row_major_passes_equal_each_line_read_alone() {
        // Values of very different magnitudes (the scale each line is summed at differs), holes,
        // ties for the best cell, and one huge value that would overflow an unscaled sum.
        let value = |x: usize, y: usize| match (x * 7 + y * 3) % 11 {
            0 => None,
            1 => Some(1e300),
            2 => Some(-0.1 * y as f64),
            k => Some(k as f64 / 3.0 + y as f64 * 1e-7),
        };
        let rows: Vec<Vec<Option<f64>>> = (0..9)
            .map(|y| (0..13).map(|x| value(x, y)).collect())
            .collect();
        let borrowed: Vec<&[Option<f64>]> = rows.iter().rev().map(Vec::as_slice).collect();
        let grid = grid_from_optional_rows_top_down(&borrowed);
        let line = |values: Vec<f64>, best: bool| {
            let kept = values
                .iter()
                .copied()
                .reduce(|a, b| if b > a { b } else { a });
            if best {
                kept
            } else {
                mean(&values)
            }
        };
        for best in [false, true] {
            let panel = panel_marginals(&grid, &[], best, Direction::Higher, 1.96, 2);
            for y in 0..9 {
                let alone = line((0..13).filter_map(|x| value(x, y)).collect(), best);
                let got = panel.rows[y].as_ref().map(|line| line.value.to_bits());
                assert_eq!(got, alone.map(f64::to_bits), "row {y}, best {best}");
            }
            for x in 0..13 {
                let alone = line((0..9).filter_map(|y| value(x, y)).collect(), best);
                let got = panel.columns[x].as_ref().map(|line| line.value.to_bits());
                assert_eq!(got, alone.map(f64::to_bits), "column {x}, best {best}");
            }
        }
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
