//! Slices: the metric along one axis of a grid, as lines of points with their intervals.
//!
//! A slice reads a panel's grid along x (or y) and does one of three things with the other axis
//! ([`Across`]): a line per value of it (`Each`), one line of each position's best cell over it
//! (`Best`, keeping which value won and every value tied with it), or one line of the mean over
//! it (`Mean`). Everything else about the cells (which runs, which parameters were fixed, taken
//! at their best or averaged) is what the grid already holds: a run table's projection decided
//! it, and a slice never decides it again.
//!
//! A point is a cell's mean (or the mean of cells), how many measurements are behind it, and,
//! when every cell it uses has a standard error, its confidence interval at `critical` standard
//! errors. A missing cell is a missing point (`None`): a line is never drawn across it. A mean
//! over the other axis needs every one of its cells, since a mean over fewer would compare
//! different sets of configurations from point to point; a point short of a cell is missing.

use serde::Serialize;

use super::statistics::finite_value;
use super::uncertainty::CellError;
use crate::figure::format_value;
use crate::{Direction, Grid};

/// The axis of a grid a slice runs along (serialized as its word, `x` or `y`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SliceAxis {
    #[default]
    X,
    Y,
}

/// What a slice does with the grid's other axis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Across {
    /// A line per value of the other axis.
    Each,
    /// One line: at each position, the best cell over the other axis.
    Best,
    /// One line: at each position, the mean over every value of the other axis.
    Mean,
}

/// One point of a slice.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SlicePoint {
    /// The cell's mean, or the mean of the cells over the other axis.
    pub value: f64,
    /// Measurements behind the value: the cell's replicates (runs, seeds), summed over the cells
    /// of a mean.
    pub n: u32,
    /// `value ± critical · se`, when every cell used has a standard error; for a mean of `k`
    /// cells, `se = sqrt(Σ se²) / k` (the cells taken as independent); for a best cell, its own,
    /// not corrected for its being picked.
    pub interval: Option<(f64, f64)>,
    /// The cell the value is, `(x, y)`; `None` for a mean.
    pub cell: Option<(usize, usize)>,
    /// For a best cell: the positions on the other axis whose cell reads the same as the best at
    /// the decimals given, in axis order (the first is `cell`'s). Empty otherwise.
    pub winners: Vec<usize>,
}

/// One line of a slice: a point per position along the axis, `None` where there is none.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SliceLine {
    /// For [`Across::Each`], the line's position on the other axis.
    pub other: Option<usize>,
    pub points: Vec<Option<SlicePoint>>,
}

/// A grid seen along one axis.
struct Oriented<'a> {
    grid: &'a Grid,
    errors: &'a [Option<CellError>],
    along: SliceAxis,
}

impl Oriented<'_> {
    fn lengths(&self) -> (usize, usize) {
        match self.along {
            SliceAxis::X => (self.grid.columns(), self.grid.rows()),
            SliceAxis::Y => (self.grid.rows(), self.grid.columns()),
        }
    }

    fn cell(&self, position: usize, other: usize) -> (usize, usize) {
        match self.along {
            SliceAxis::X => (position, other),
            SliceAxis::Y => (other, position),
        }
    }

    /// The value, count and standard error of the cell at `position` along, `other` across.
    fn read(&self, position: usize, other: usize) -> Option<(f64, u32, Option<f64>)> {
        let (x, y) = self.cell(position, other);
        let value = finite_value(self.grid, x, y)?;
        let count = self.grid.get(x, y).map_or(1, |cell| cell.count);
        let error = self
            .errors
            .get(y * self.grid.columns() + x)
            .and_then(|error| error.as_ref())
            .map(|error| error.standard_error);
        Some((value, count, error))
    }
}

fn interval(value: f64, error: Option<f64>, critical: f64) -> Option<(f64, f64)> {
    error.map(|error| (value - critical * error, value + critical * error))
}

fn better(direction: Direction, value: f64, than: f64) -> bool {
    match direction {
        Direction::Higher => value > than,
        Direction::Lower => value < than,
    }
}

/// The lines of a slice of `grid` along `along`, with `across` deciding the other axis; `errors`
/// are the cells' standard errors (row-major like the grid, or empty), intervals at `critical`
/// standard errors (1.96 for 95 %); the best by `direction`, ties at `decimals`.
pub fn slice_grid(
    grid: &Grid,
    errors: &[Option<CellError>],
    along: SliceAxis,
    across: Across,
    direction: Direction,
    critical: f64,
    decimals: usize,
) -> Vec<SliceLine> {
    let oriented = Oriented {
        grid,
        errors,
        along,
    };
    let (length, others) = oriented.lengths();
    let mut lines = Vec::new();
    match across {
        Across::Each => {
            for other in 0..others {
                let mut points = Vec::with_capacity(length);
                for position in 0..length {
                    points.push(oriented.read(position, other).map(|(value, n, error)| {
                        SlicePoint {
                            value,
                            n,
                            interval: interval(value, error, critical),
                            cell: Some(oriented.cell(position, other)),
                            winners: Vec::new(),
                        }
                    }));
                }
                lines.push(SliceLine {
                    other: Some(other),
                    points,
                });
            }
        }
        Across::Best => {
            let mut points = Vec::with_capacity(length);
            for position in 0..length {
                points.push(best_point(
                    &oriented, position, others, direction, critical, decimals,
                ));
            }
            lines.push(SliceLine {
                other: None,
                points,
            });
        }
        Across::Mean => {
            let mut points = Vec::with_capacity(length);
            for position in 0..length {
                points.push(mean_point(&oriented, position, others, critical));
            }
            lines.push(SliceLine {
                other: None,
                points,
            });
        }
    }
    lines
}

fn best_point(
    oriented: &Oriented,
    position: usize,
    others: usize,
    direction: Direction,
    critical: f64,
    decimals: usize,
) -> Option<SlicePoint> {
    let mut best: Option<f64> = None;
    for other in 0..others {
        if let Some((value, _, _)) = oriented.read(position, other) {
            if !best.is_some_and(|kept| !better(direction, value, kept)) {
                best = Some(value);
            }
        }
    }
    let written = format_value(best?, decimals);
    let mut winners = Vec::new();
    for other in 0..others {
        if let Some((tied, _, _)) = oriented.read(position, other) {
            if format_value(tied, decimals) == written {
                winners.push(other);
            }
        }
    }
    // The first tied value is the point's, so that hover and the winners agree.
    let first = *winners.first()?;
    let (value, n, error) = oriented.read(position, first)?;
    Some(SlicePoint {
        value,
        n,
        interval: interval(value, error, critical),
        cell: Some(oriented.cell(position, first)),
        winners,
    })
}

fn mean_point(
    oriented: &Oriented,
    position: usize,
    others: usize,
    critical: f64,
) -> Option<SlicePoint> {
    if others == 0 {
        return None;
    }
    let (mut sum, mut n) = (0.0, 0u32);
    // Σ se², or none when a cell has no standard error.
    let mut variance: Option<f64> = Some(0.0);
    for other in 0..others {
        let (value, count, error) = oriented.read(position, other)?;
        sum += value;
        n = n.saturating_add(count);
        variance = match (variance, error) {
            (Some(total), Some(error)) => Some(total + error * error),
            _ => None,
        };
    }
    let k = others as f64;
    let value = sum / k;
    Some(SlicePoint {
        value,
        n,
        interval: interval(value, variance.map(|v| v.sqrt() / k), critical),
        cell: None,
        winners: Vec::new(),
    })
}

/// True when positive values are spaced more evenly on a log scale than on a linear one (1e-4,
/// 3e-4, 1e-3, 3e-3; 1, 2, 4, 8) and span at least a factor of 10: a slice then draws its x axis
/// logarithmic. Needs at least three values in increasing order.
pub fn is_log_spaced(values: &[f64]) -> bool {
    if values.len() < 3 || values.iter().any(|v| !(v.is_finite() && *v > 0.0)) {
        return false;
    }
    let (Some(first), Some(last)) = (values.first(), values.last()) else {
        return false;
    };
    if last / first < 10.0 {
        return false;
    }
    // Largest over smallest gap, on each scale: 1 is perfectly even.
    let unevenness = |gap: &dyn Fn(f64, f64) -> f64| {
        let (mut smallest, mut largest) = (f64::INFINITY, 0.0f64);
        for pair in values.windows(2) {
            let step = match pair {
                [a, b] => gap(*a, *b),
                _ => 0.0,
            };
            if step <= 0.0 {
                return f64::INFINITY;
            }
            smallest = smallest.min(step);
            largest = largest.max(step);
        }
        largest / smallest
    };
    unevenness(&|a, b| b.ln() - a.ln()) < unevenness(&|a, b| b - a)
}
