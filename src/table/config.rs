//! Configuration tables: a sweep already reduced to one row per configuration, so that a log
//! larger than a browser tab is drawn once an engine (DuckDB, Spark: README "Larger than a tab")
//! has reduced it where it lives. This module never reduces anything: it reads what an engine
//! wrote, and weighs each row by the runs it stands for.
//!
//! A run table is a configuration table when its header has a column `n` (the runs the row
//! summarises) and, for at least one metric `m`, the columns `m.n` (the runs with `m` present),
//! `m.mean` and `m.var` (their sample variance, n - 1 in the denominator; empty when `m.n` is
//! below 2). Every other column is a parameter or facet as in any run table. `m.mean` is the
//! metric, shown as `m`; `n`, `m.n` and `m.var` are ignored as columns and used as weights: a row
//! stands for `m.n` runs, so a mean over rows, a best configuration and a main effect weigh it so,
//! and a cell's count, mean and standard deviation are those of the runs its rows pool (the
//! squares within each row plus those between the row means). A view of a configuration table is
//! the dataset the runs give, cell for cell; its cells keep no replicates (the runs are not in the
//! file).

use super::roles::{Reason, Role};
use super::{RunTable, Sweep, TableColumn};
use crate::error::{excerpt, Error, Result};
use crate::Cell;
use crate::Dataset;

/// The statistics columns of a configuration table.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Statistics {
    /// The `n` column.
    runs: usize,
    /// Per metric: its `m.mean`, `m.n` and `m.var` columns.
    metrics: Vec<[usize; 3]>,
}

impl Statistics {
    /// The statistics of a table, when its header makes it a configuration table; every row's
    /// counts and variances are checked (an error names the column and line).
    pub(crate) fn of(table: &RunTable) -> Result<Option<Statistics>> {
        let Some(runs) = table.columns.iter().position(|c| c.name == "n") else {
            return Ok(None);
        };
        let find = |name: String| table.columns.iter().position(|c| c.name == name);
        let mut metrics = Vec::new();
        for (mean, column) in table.columns.iter().enumerate() {
            if let Some(metric) = column.name.strip_suffix(".mean") {
                if let (Some(count), Some(variance)) =
                    (find(format!("{metric}.n")), find(format!("{metric}.var")))
                {
                    metrics.push([mean, count, variance]);
                }
            }
        }
        if metrics.is_empty() {
            return Ok(None);
        }
        let column = |index: usize| table.columns.get(index);
        for run in 0..table.runs() {
            let whole = |index| {
                column(index)
                    .and_then(|c| c.number(run))
                    .filter(|n| n.fract() == 0.0 && *n >= 0.0)
            };
            let total = whole(runs).filter(|&n| n >= 1.0);
            let Some(total) = total else {
                return Err(wrong(
                    table,
                    runs,
                    run,
                    "a whole number of runs, at least 1",
                ));
            };
            for &[mean, count, variance] in &metrics {
                let Some(count) = whole(count).filter(|&n| n <= total) else {
                    return Err(wrong(table, count, run, "a whole number of runs, 0 to n"));
                };
                let present = column(mean).and_then(|c| c.code(run)).is_some();
                if present != (count > 0.0) {
                    let expected = "a mean when the runs counted are not 0, else an empty field";
                    return Err(wrong(table, mean, run, expected));
                }
                let spread = column(variance).and_then(|c| c.number(run));
                if count > 1.0 && !spread.is_some_and(|v| v >= 0.0) {
                    let expected = "a variance (0 or more) when 2 or more runs are counted";
                    return Err(wrong(table, variance, run, expected));
                }
            }
        }
        Ok(Some(Statistics { runs, metrics }))
    }
}

/// The error for a field of a configuration table.
fn wrong(table: &RunTable, column: usize, run: usize, expected: &str) -> Error {
    let column = table.columns.get(column);
    let found = column.and_then(|c| c.text(run)).unwrap_or("");
    Error::InvalidField {
        field: column.map_or(String::new(), |c| c.name.clone()),
        expected: format!(
            "{expected} on line {}, found \"{}\"",
            table.lines.get(run).copied().unwrap_or(0),
            excerpt(found)
        ),
    }
}

/// The runs a row stands for: 1, or its `n` in a configuration table.
fn runs_of(statistics: &Option<Statistics>, table: &RunTable, run: usize) -> f64 {
    let column = statistics.as_ref().and_then(|s| table.columns.get(s.runs));
    column.and_then(|c| c.number(run)).unwrap_or(1.0)
}

/// The runs a table stands for: its rows, or the sum of `n` in a configuration table.
pub(crate) fn runs(statistics: &Option<Statistics>, table: &RunTable) -> usize {
    let mut total = 0.0;
    for run in 0..table.runs() {
        total += runs_of(statistics, table, run);
    }
    total as usize
}

/// The role of a configuration table's column by its name: `m.mean` is the metric `m`; `n`,
/// `m.n` and `m.var` are statistics, ignored as columns; others are read as in any run table.
pub(crate) fn role(column: &TableColumn) -> Option<(Role, Reason, String)> {
    let name = column.name.as_str();
    if let Some(metric) = name.strip_suffix(".mean") {
        return Some((Role::Metric, Reason::ConfigurationMean, metric.to_string()));
    }
    let statistic = name == "n" || name.ends_with(".n") || name.ends_with(".var");
    statistic.then(|| {
        (
            Role::Ignore,
            Reason::ConfigurationStatistic,
            name.to_string(),
        )
    })
}

impl Sweep {
    /// A statistics column of a metric: 1 its count, 2 its variance.
    fn statistic(&self, metric: usize, which: usize) -> Option<&TableColumn> {
        let statistics = self.statistics.as_ref()?;
        let found = statistics
            .metrics
            .iter()
            .find(|m| m.first() == Some(&metric))?;
        self.table.columns.get(*found.get(which)?)
    }

    /// The runs of the metric a row stands for: 1, or the row's `m.n` in a configuration table.
    pub(crate) fn weight(&self, metric: usize, run: usize) -> f64 {
        self.statistic(metric, 1)
            .map_or(1.0, |c| c.number(run).unwrap_or(0.0))
    }

    /// The squared deviations from its mean within a row: 0, or `(m.n - 1) m.var`.
    pub(crate) fn squares(&self, metric: usize, run: usize) -> f64 {
        let variance = self.statistic(metric, 2).and_then(|c| c.number(run));
        variance.map_or(0.0, |v| v * (self.weight(metric, run) - 1.0).max(0.0))
    }

    /// The runs some rows stand for: one each, or the sum of their `n` in a configuration table.
    pub(crate) fn runs_in(&self, runs: &[usize]) -> u32 {
        let mut total = 0.0;
        for &run in runs {
            total += runs_of(&self.statistics, &self.table, run);
        }
        total as u32
    }

    /// The runs with the metric some rows stand for.
    pub(crate) fn measured_in(&self, metric: usize, runs: &[usize], values: &[Option<f64>]) -> u32 {
        let mut total = 0.0;
        for &run in runs {
            if values.get(run).copied().flatten().is_some() {
                total += self.weight(metric, run);
            }
        }
        total as u32
    }

    /// For a configuration table, sets a cell of the dataset to the runs its rows pool: their
    /// count, mean and sample standard deviation (Chan's update, exact for one row), and drops
    /// the rows' means that the builder kept as replicates. Nothing for a table of runs.
    pub(crate) fn pool(&self, metric: usize, values: &[Option<f64>], at: Pooled<'_>) {
        let Some(panel) = self
            .statistics
            .as_ref()
            .and(at.dataset.panels.get_mut(at.panel))
        else {
            return;
        };
        panel.replicates.clear();
        let (mut count, mut mean, mut squares) = (0.0f64, 0.0f64, 0.0f64);
        for &run in at.runs {
            let Some(value) = values.get(run).copied().flatten() else {
                continue;
            };
            let weight = self.weight(metric, run);
            let total = count + weight;
            let delta = value - mean;
            mean += delta * (weight / total);
            squares += self.squares(metric, run) + delta * delta * count * weight / total;
            count = total;
        }
        let cell = (count > 0.0).then(|| Cell {
            mean,
            count: count as u32,
            std_dev: (count > 1.0).then(|| (squares / (count - 1.0)).sqrt()),
        });
        panel.grid.set(at.x, at.y, cell);
        at.dataset.replicate = None;
    }
}

/// Where [`Sweep::pool`] writes: a cell of a panel, and the rows it pools.
pub(crate) struct Pooled<'a> {
    pub dataset: &'a mut Dataset,
    pub panel: usize,
    pub x: usize,
    pub y: usize,
    pub runs: &'a [usize],
}
