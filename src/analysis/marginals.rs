//! Marginals: the mean of each row and of each column of a grid.
//!
//! A row mean answers "how good is this y value on average over the x values"; a column mean the
//! converse. Each mean is over the present cells of its line only, so a line with a missing cell
//! is averaged over fewer cells (compare `present` counts before ranking lines), and a line with
//! no present cell has no mean (`None`) rather than a zero.

use serde::Serialize;

use super::statistics::{finite_value, mean};
use crate::Grid;

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
    let present: Vec<f64> = values.flatten().collect();
    LineMean {
        mean: mean(&present),
        present: present.len(),
    }
}

/// Computes the mean of every row and every column over present cells.
pub fn compute_marginals(grid: &Grid) -> Marginals {
    let rows = (0..grid.rows())
        .map(|y| average_line((0..grid.columns()).map(|x| finite_value(grid, x, y))))
        .collect();
    let columns = (0..grid.columns())
        .map(|x| average_line((0..grid.rows()).map(|y| finite_value(grid, x, y))))
        .collect();
    Marginals { rows, columns }
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
}
