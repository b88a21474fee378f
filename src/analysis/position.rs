//! Cell positions: where in a grid an analysis found something.
//!
//! A position is a pair of axis indices, `x` for the column and `y` for the row, counted the way
//! [`Grid`](crate::Grid) stores them: column 0 is the first x category, row 0 the *smallest* y
//! value. Turning indices into labels ("ratio 0.4, window 2000") is the caller's job, through the
//! dataset's axes, so analysis results stay small and independent of how axes are written.

use serde::Serialize;

/// The column (`x`) and row (`y`) index of one cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CellPosition {
    /// Column index: position on the x axis.
    pub x: usize,
    /// Row index: position on the y axis, 0 = smallest y.
    pub y: usize,
}

impl CellPosition {
    /// The position of column `x`, row `y`.
    pub fn new(x: usize, y: usize) -> CellPosition {
        CellPosition { x, y }
    }
}
