//! Grids: one panel's cells over the x and y axes, with missing cells made explicit.
//!
//! A grid is stored row-major with row 0 at the *smallest* y value and column 0 at the smallest
//! x value (axis order). Drawing puts the largest y at the top; that is a layout decision, not a
//! storage one. A cell is either present, with the mean of its measurements and their count and
//! spread, or missing (`None`): never a zero or a NaN standing in for "no data".

use std::sync::Arc;

use serde::{Serialize, Serializer};

/// A present cell: the summary of one or more measurements of the same configuration.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "GridCell"))]
pub struct Cell {
    /// Mean of the measurements (the value shown).
    pub mean: f64,
    /// How many measurements (replicates) the mean is over; at least 1.
    pub count: u32,
    /// Sample standard deviation of the replicates (n - 1 in the denominator); `None` for one.
    pub std_dev: Option<f64>,
}

impl Cell {
    /// Summarises replicate values. Returns `None` for an empty slice.
    pub fn from_values(values: &[f64]) -> Option<Cell> {
        if values.is_empty() {
            return None;
        }
        let count = values.len();
        let mean = values.iter().sum::<f64>() / count as f64;
        let std_dev = (count > 1).then(|| {
            let squares: f64 = values.iter().map(|v| (v - mean) * (v - mean)).sum();
            (squares / (count - 1) as f64).sqrt()
        });
        Some(Cell {
            mean,
            count: u32::try_from(count).unwrap_or(u32::MAX),
            std_dev,
        })
    }

    /// A cell holding one measurement.
    pub fn single(value: f64) -> Cell {
        Cell {
            mean: value,
            count: 1,
            std_dev: None,
        }
    }
}

/// A rectangular grid of optional cells.
///
/// The cells are shared between clones and copied on the first write ([`Grid::set`]): a figure
/// keeps the grids it shows, and a million cells are 32 MB that a clone need not copy.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "GridValues"))]
pub struct Grid {
    columns: usize,
    rows: usize,
    #[serde(serialize_with = "serialize_cells")]
    #[cfg_attr(test, ts(as = "Vec<Option<Cell>>"))]
    cells: Arc<Vec<Option<Cell>>>,
}

fn serialize_cells<S: Serializer>(
    cells: &Arc<Vec<Option<Cell>>>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    cells.as_slice().serialize(serializer)
}

impl Grid {
    /// An all-missing grid with `columns` x values and `rows` y values.
    pub fn empty(columns: usize, rows: usize) -> Grid {
        Grid {
            columns,
            rows,
            cells: Arc::new(vec![None; columns * rows]),
        }
    }

    /// Builds a grid from row-major cells (row 0 = smallest y). Returns `None` when the number
    /// of cells is not `columns * rows`.
    pub fn from_cells(columns: usize, rows: usize, cells: Vec<Option<Cell>>) -> Option<Grid> {
        (cells.len() == columns.checked_mul(rows)?).then(|| Grid {
            columns,
            rows,
            cells: Arc::new(cells),
        })
    }

    /// Number of columns (x categories).
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// Number of rows (y categories).
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The cell at column `x`, row `y`; `None` when missing or out of range.
    pub fn get(&self, x: usize, y: usize) -> Option<&Cell> {
        if x >= self.columns || y >= self.rows {
            return None;
        }
        self.cells.get(y * self.columns + x)?.as_ref()
    }

    /// The shown value (mean) at column `x`, row `y`.
    pub fn value(&self, x: usize, y: usize) -> Option<f64> {
        self.get(x, y).map(|cell| cell.mean)
    }

    /// Sets a cell; ignored when out of range.
    pub fn set(&mut self, x: usize, y: usize, cell: Option<Cell>) {
        if x < self.columns && y < self.rows {
            if let Some(slot) = Arc::make_mut(&mut self.cells).get_mut(y * self.columns + x) {
                *slot = cell;
            }
        }
    }

    /// All cells, row-major, row 0 = smallest y.
    pub fn cells(&self) -> &[Option<Cell>] {
        &self.cells
    }

    /// Present cells as `(x, y, cell)`, row-major.
    pub fn present(&self) -> impl Iterator<Item = (usize, usize, &Cell)> + '_ {
        let columns = self.columns.max(1);
        self.cells
            .iter()
            .enumerate()
            .filter_map(move |(index, cell)| {
                cell.as_ref()
                    .map(|cell| (index % columns, index / columns, cell))
            })
    }

    /// Number of present cells.
    pub fn present_count(&self) -> usize {
        self.cells.iter().filter(|cell| cell.is_some()).count()
    }

    /// Number of missing cells.
    pub fn missing_count(&self) -> usize {
        self.cells.len() - self.present_count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_summarises_replicates() {
        let cell = Cell::from_values(&[40.0, 42.0, 44.0]).unwrap();
        assert_eq!(cell.mean, 42.0);
        assert_eq!(cell.count, 3);
        assert_eq!(cell.std_dev, Some(2.0));
        assert_eq!(Cell::from_values(&[5.0]).unwrap().std_dev, None);
        assert_eq!(Cell::from_values(&[]), None);
    }

    #[test]
    fn grid_is_row_major_from_the_smallest_y() {
        let mut grid = Grid::empty(3, 2);
        grid.set(2, 1, Some(Cell::single(7.0)));
        assert_eq!(grid.value(2, 1), Some(7.0));
        assert_eq!(grid.cells()[5], Some(Cell::single(7.0)));
        assert_eq!(grid.value(3, 0), None);
        assert_eq!(grid.present().collect::<Vec<_>>().len(), 1);
        assert_eq!(grid.missing_count(), 5);
        assert!(Grid::from_cells(2, 2, vec![None; 3]).is_none());
    }

    #[test]
    fn a_clone_shares_the_cells_until_either_is_written() {
        let mut grid = Grid::empty(2, 2);
        grid.set(0, 0, Some(Cell::single(1.0)));
        let mut copy = grid.clone();
        assert!(std::ptr::eq(grid.cells().as_ptr(), copy.cells().as_ptr()));
        copy.set(1, 1, Some(Cell::single(2.0)));
        assert_eq!(grid.value(1, 1), None);
        assert_eq!(copy.value(1, 1), Some(2.0));
        assert_eq!(copy.value(0, 0), Some(1.0));
        assert_eq!(
            serde_json::to_string(&grid).unwrap(),
            r#"{"columns":2,"rows":2,"cells":[{"mean":1.0,"count":1,"stdDev":null},null,null,null]}"#
        );
    }
}
