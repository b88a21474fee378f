//! Trends: does the metric go up or down along an axis, and does every line agree?
//!
//! The trend along x is Spearman's rank correlation between each present cell's value and its
//! column position, over all present cells (ties get average ranks, so repeated positions and
//! repeated values are handled). Rank correlation only asks "larger position, larger value?",
//! which suits sweep axes whose categories are evenly drawn whatever their numeric spacing.
//! Alongside the pooled correlation, every row is checked on its own (its Spearman sign along x),
//! so a claim such as "performance increases with window size" can be tested for consistency:
//! a pooled weak increase with half the lines going down is not a consistent increase.
//! The trend along y is the same with rows and columns exchanged.
//!
//! Strength is classified from the absolute correlation with fixed thresholds:
//! below [`NO_TREND_BELOW`] (0.2) there is no consistent trend, below [`WEAK_BELOW`] (0.4) it is
//! weak, below [`MODERATE_BELOW`] (0.6) moderate, otherwise strong. With fewer than three cells or
//! no variation (all values or all positions tied) the correlation is undefined: no trend.

use serde::Serialize;

use super::statistics::{finite_value, present_values, spearman_correlation};
use crate::float_text::Fixed;
use crate::Grid;

/// Absolute correlations below this show no consistent trend.
pub const NO_TREND_BELOW: f64 = 0.2;
/// Absolute correlations from [`NO_TREND_BELOW`] up to this are weak.
pub const WEAK_BELOW: f64 = 0.4;
/// Absolute correlations from [`WEAK_BELOW`] up to this are moderate; above, strong.
pub const MODERATE_BELOW: f64 = 0.6;

/// How strong a trend is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum TrendStrength {
    /// |rho| < 0.2, or no correlation could be computed.
    #[serde(rename = "none")]
    NoTrend,
    /// 0.2 <= |rho| < 0.4.
    Weak,
    /// 0.4 <= |rho| < 0.6.
    Moderate,
    /// |rho| >= 0.6.
    Strong,
}

impl TrendStrength {
    /// Classifies an absolute correlation.
    pub fn classify(correlation: f64) -> TrendStrength {
        let magnitude = correlation.abs();
        if magnitude < NO_TREND_BELOW {
            TrendStrength::NoTrend
        } else if magnitude < WEAK_BELOW {
            TrendStrength::Weak
        } else if magnitude < MODERATE_BELOW {
            TrendStrength::Moderate
        } else {
            TrendStrength::Strong
        }
    }

    /// The word used in descriptions.
    pub fn as_str(self) -> &'static str {
        match self {
            TrendStrength::NoTrend => "none",
            TrendStrength::Weak => "weak",
            TrendStrength::Moderate => "moderate",
            TrendStrength::Strong => "strong",
        }
    }
}

/// Which way a trend goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum TrendDirection {
    /// The metric grows with the axis position.
    Increasing,
    /// The metric shrinks with the axis position.
    Decreasing,
}

impl TrendDirection {
    /// The word used in descriptions.
    pub fn as_str(self) -> &'static str {
        match self {
            TrendDirection::Increasing => "increasing",
            TrendDirection::Decreasing => "decreasing",
        }
    }
}

/// The trend of the metric along one axis.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Trend {
    /// Spearman's rho between value and axis position over all present cells; `None` with fewer
    /// than three cells or no variation.
    pub rank_correlation: Option<f64>,
    /// Number of present cells the correlation is over.
    pub count: usize,
    /// Strength class of the correlation.
    pub strength: TrendStrength,
    /// Direction of the trend; `None` when there is no consistent trend.
    pub direction: Option<TrendDirection>,
    /// Number of lines checked on their own: rows for the trend along x, columns along y.
    pub lines: usize,
    /// Lines whose own Spearman correlation is positive.
    pub lines_increasing: usize,
    /// Lines whose own Spearman correlation is negative.
    pub lines_decreasing: usize,
    /// Lines with a zero or undefined correlation (fewer than three cells, or no variation).
    pub lines_without_trend: usize,
    /// One sentence, e.g. "weak increasing trend (Spearman rho = 0.27, n = 20); rows: 3 up,
    /// 1 down, 0 without trend".
    pub description: String,
}

impl Trend {
    /// True when the data support a claimed direction: the pooled trend goes that way (at least
    /// weakly) and more lines go that way than the opposite way.
    pub fn agrees_with(&self, claimed: TrendDirection) -> bool {
        let (with, against) = match claimed {
            TrendDirection::Increasing => (self.lines_increasing, self.lines_decreasing),
            TrendDirection::Decreasing => (self.lines_decreasing, self.lines_increasing),
        };
        self.direction == Some(claimed) && with > against
    }
}

/// The trends along both axes of a grid.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Trends {
    /// Value against column (x) position; lines are rows.
    pub along_x: Trend,
    /// Value against row (y) position; lines are columns.
    pub along_y: Trend,
}

/// Splits a correlation into strength and direction.
pub fn classify_correlation(correlation: Option<f64>) -> (TrendStrength, Option<TrendDirection>) {
    let Some(correlation) = correlation else {
        return (TrendStrength::NoTrend, None);
    };
    let strength = TrendStrength::classify(correlation);
    let direction = match strength {
        TrendStrength::NoTrend => None,
        _ if correlation > 0.0 => Some(TrendDirection::Increasing),
        _ => Some(TrendDirection::Decreasing),
    };
    (strength, direction)
}

/// Below this absolute per-line correlation a line counts as flat (guards rounding noise).
const LINE_FLAT_BELOW: f64 = 1e-9;

/// Correlation of value against position within one line of `(position, value)` pairs.
fn correlate_line(pairs: &[(f64, f64)]) -> Option<f64> {
    let mut positions = Vec::with_capacity(pairs.len());
    let mut values = Vec::with_capacity(pairs.len());
    for &(position, value) in pairs {
        positions.push(position);
        values.push(value);
    }
    spearman_correlation(&positions, &values)
}

fn build_trend(pooled: &[(f64, f64)], lines: &[Vec<(f64, f64)>], line_word: &str) -> Trend {
    let rank_correlation = correlate_line(pooled);
    let (strength, direction) = classify_correlation(rank_correlation);
    let mut lines_increasing = 0;
    let mut lines_decreasing = 0;
    let mut lines_without_trend = 0;
    for line in lines {
        match correlate_line(line) {
            Some(rho) if rho >= LINE_FLAT_BELOW => lines_increasing += 1,
            Some(rho) if rho <= -LINE_FLAT_BELOW => lines_decreasing += 1,
            _ => lines_without_trend += 1,
        }
    }
    let count = pooled.len();
    let headline = match direction {
        Some(direction) => format!("{} {} trend", strength.as_str(), direction.as_str()),
        None => "no consistent trend".to_string(),
    };
    let detail = match rank_correlation {
        Some(rho) => format!("Spearman rho = {}, n = {count}", Fixed(rho, 2)),
        None => format!("n = {count}: too few cells or no variation"),
    };
    let description = format!(
        "{headline} ({detail}); {line_word}: {lines_increasing} up, {lines_decreasing} down, \
         {lines_without_trend} without trend"
    );
    Trend {
        rank_correlation,
        count,
        strength,
        direction,
        lines: lines.len(),
        lines_increasing,
        lines_decreasing,
        lines_without_trend,
        description,
    }
}

/// Measures the trend of the metric along x and along y.
pub fn measure_trends(grid: &Grid) -> Trends {
    // Loops rather than iterator chains: each `.map().collect()` compiles its own copies of
    // std's collecting code in the wasm (README "Package size").
    let mut by_column: Vec<(f64, f64)> = Vec::new();
    let mut by_row: Vec<(f64, f64)> = Vec::new();
    for (position, value) in present_values(grid) {
        by_column.push((position.x as f64, value));
        by_row.push((position.y as f64, value));
    }
    let mut rows: Vec<Vec<(f64, f64)>> = Vec::with_capacity(grid.rows());
    for y in 0..grid.rows() {
        let mut row = Vec::new();
        for x in 0..grid.columns() {
            if let Some(value) = finite_value(grid, x, y) {
                row.push((x as f64, value));
            }
        }
        rows.push(row);
    }
    let mut columns: Vec<Vec<(f64, f64)>> = Vec::with_capacity(grid.columns());
    for x in 0..grid.columns() {
        let mut column = Vec::new();
        for y in 0..grid.rows() {
            if let Some(value) = finite_value(grid, x, y) {
                column.push((y as f64, value));
            }
        }
        columns.push(column);
    }
    Trends {
        along_x: build_trend(&by_column, &rows, "rows"),
        along_y: build_trend(&by_row, &columns, "columns"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_support::{
        assert_close, grid_from_optional_rows_top_down, grid_from_rows_top_down, seed_000_llama,
        seed_002_qwen,
    };

    #[test]
    fn a_grid_that_only_depends_on_x_has_a_perfect_x_trend() {
        let grid = grid_from_rows_top_down(&[
            &[10.0, 20.0, 30.0, 40.0],
            &[10.0, 20.0, 30.0, 40.0],
            &[10.0, 20.0, 30.0, 40.0],
        ]);
        let trends = measure_trends(&grid);
        assert_eq!(trends.along_x.rank_correlation, Some(1.0));
        assert_eq!(trends.along_x.strength, TrendStrength::Strong);
        assert_eq!(trends.along_x.direction, Some(TrendDirection::Increasing));
        assert_eq!(trends.along_x.count, 12);
        assert_eq!(
            (
                trends.along_x.lines_increasing,
                trends.along_x.lines_decreasing
            ),
            (3, 0)
        );
        assert!(trends.along_x.agrees_with(TrendDirection::Increasing));
        assert!(!trends.along_x.agrees_with(TrendDirection::Decreasing));
        // Along y nothing changes: pooled rho is exactly 0, each column is constant.
        assert_eq!(trends.along_y.rank_correlation, Some(0.0));
        assert_eq!(trends.along_y.strength, TrendStrength::NoTrend);
        assert_eq!(trends.along_y.direction, None);
        assert_eq!(trends.along_y.lines_without_trend, 4);
        assert!(trends
            .along_y
            .description
            .starts_with("no consistent trend"));
    }

    #[test]
    fn a_decreasing_y_pattern_is_perfectly_negative() {
        // Printed top-down, so the top row is the largest y: values fall as y grows.
        let grid = grid_from_rows_top_down(&[&[1.0, 1.0], &[2.0, 2.0], &[3.0, 3.0]]);
        let trends = measure_trends(&grid);
        assert_eq!(trends.along_y.rank_correlation, Some(-1.0));
        assert_eq!(trends.along_y.direction, Some(TrendDirection::Decreasing));
        assert_eq!(trends.along_y.lines_decreasing, 2);
        // Rows of two cells are too short for a per-line correlation.
        assert_eq!(trends.along_x.lines_without_trend, 3);
        assert_eq!(trends.along_x.rank_correlation, Some(0.0));
    }

    #[test]
    fn tiny_and_constant_grids_have_no_trend() {
        let tiny = grid_from_optional_rows_top_down(&[&[Some(1.0), None], &[None, Some(2.0)]]);
        let trends = measure_trends(&tiny);
        assert_eq!(trends.along_x.rank_correlation, None);
        assert_eq!(trends.along_x.count, 2);
        assert_eq!(trends.along_x.strength, TrendStrength::NoTrend);
        let flat = grid_from_rows_top_down(&[&[5.0, 5.0, 5.0], &[5.0, 5.0, 5.0]]);
        assert_eq!(measure_trends(&flat).along_x.rank_correlation, None);
        let empty = measure_trends(&Grid::empty(0, 0));
        assert_eq!(empty.along_y.count, 0);
        assert_eq!(empty.along_y.lines, 0);
    }

    #[test]
    fn results_serialize_as_plain_objects() {
        let grid = grid_from_rows_top_down(&[&[1.0, 2.0, 3.0]]);
        let value = serde_json::to_value(measure_trends(&grid)).unwrap();
        assert_eq!(value["alongX"]["strength"], "strong");
        assert_eq!(value["alongX"]["direction"], "increasing");
        assert_eq!(value["alongX"]["rankCorrelation"], 1.0);
        assert_eq!(value["alongY"]["strength"], "none");
        assert!(value["alongY"]["direction"].is_null());
    }

    #[test]
    fn thresholds_classify_strength() {
        assert_eq!(classify_correlation(None), (TrendStrength::NoTrend, None));
        assert_eq!(classify_correlation(Some(0.19)).0, TrendStrength::NoTrend);
        assert_eq!(
            classify_correlation(Some(-0.2)),
            (TrendStrength::Weak, Some(TrendDirection::Decreasing))
        );
        assert_eq!(classify_correlation(Some(0.45)).0, TrendStrength::Moderate);
        assert_eq!(classify_correlation(Some(-0.6)).0, TrendStrength::Strong);
    }

    // Reference values below were computed independently in Python (own average-rank code plus
    // statistics.correlation), not with this module.

    #[test]
    fn qwen_amc23_trends() {
        let [_, _, amc23, _] = seed_002_qwen();
        let trends = measure_trends(&amc23);
        assert_close(
            trends.along_x.rank_correlation.unwrap(),
            0.4610614273082848,
            1e-6,
        );
        assert_eq!(trends.along_x.strength, TrendStrength::Moderate);
        assert_eq!(trends.along_x.direction, Some(TrendDirection::Increasing));
        // Rows 500, 1000, 2000 rise with the ratio; row 3000 falls.
        assert_eq!(
            (
                trends.along_x.lines_increasing,
                trends.along_x.lines_decreasing,
                trends.along_x.lines_without_trend
            ),
            (3, 1, 0)
        );
        assert_close(
            trends.along_y.rank_correlation.unwrap(),
            -0.19308704952857964,
            1e-6,
        );
        assert_eq!(trends.along_y.strength, TrendStrength::NoTrend);
        assert_eq!(
            (
                trends.along_y.lines_increasing,
                trends.along_y.lines_decreasing,
                trends.along_y.lines_without_trend
            ),
            (2, 2, 1)
        );
        assert_eq!(
            trends.along_y.description,
            "no consistent trend (Spearman rho = -0.19, n = 20); columns: 2 up, 2 down, \
             1 without trend"
        );
    }

    #[test]
    fn llama_aime24_does_not_improve_with_window_size() {
        // Seed 000 claims larger windows generally perform better; for AIME24 they do not.
        let [aime24, aime25, _, _] = seed_000_llama();
        let trends = measure_trends(&aime24);
        assert_close(
            trends.along_y.rank_correlation.unwrap(),
            0.08180438564882007,
            1e-6,
        );
        assert_eq!(trends.along_y.direction, None);
        assert!(!trends.along_y.agrees_with(TrendDirection::Increasing));
        assert_close(
            trends.along_x.rank_correlation.unwrap(),
            0.26792704485681473,
            1e-6,
        );
        assert_eq!(trends.along_x.strength, TrendStrength::Weak);
        assert_eq!(
            trends.along_x.description,
            "weak increasing trend (Spearman rho = 0.27, n = 20); rows: 3 up, 1 down, \
             0 without trend"
        );
        // AIME25: row 3000 and column 0.5 are constant (26.7), so they have no trend of their own.
        let trends = measure_trends(&aime25);
        assert_close(
            trends.along_x.rank_correlation.unwrap(),
            -0.2770837993492298,
            1e-6,
        );
        assert_eq!(trends.along_x.direction, Some(TrendDirection::Decreasing));
        assert_eq!(
            (
                trends.along_x.lines_increasing,
                trends.along_x.lines_decreasing,
                trends.along_x.lines_without_trend
            ),
            (1, 2, 1)
        );
        assert_close(
            trends.along_y.rank_correlation.unwrap(),
            -0.09200267041104794,
            1e-6,
        );
        assert_eq!(trends.along_y.lines_without_trend, 1);
    }

    #[test]
    fn qwen_gpqa_rises_with_ratio_contrary_to_seed_001() {
        // Seed 001 claims performance improves with decreasing ratio; the numbers rise with it.
        let [_, _, _, gpqa] = seed_002_qwen();
        let trends = measure_trends(&gpqa);
        assert_close(
            trends.along_x.rank_correlation.unwrap(),
            0.4916216460859938,
            1e-6,
        );
        assert!(trends.along_x.agrees_with(TrendDirection::Increasing));
        assert!(!trends.along_x.agrees_with(TrendDirection::Decreasing));
        assert_eq!(trends.along_x.lines_increasing, 4);
        assert_close(
            trends.along_y.rank_correlation.unwrap(),
            0.3692279853098241,
            1e-6,
        );
        assert_eq!(trends.along_y.strength, TrendStrength::Weak);
    }
}
