//! Datasets: measurements of one metric over two axes, in panels keyed by model and benchmark.
//!
//! Everything a dataset is called comes from the data: the metric, the axis names, the names of
//! the two facets and their levels. Panels form a dense model x benchmark table; a combination
//! that was never measured is a panel whose cells are all missing, so "no data" is always
//! explicit. Per-benchmark metadata (items, samples per item) feeds the uncertainty analysis, and
//! a benchmark can be marked as a *reported aggregate* of others (e.g. a paper's average column),
//! so that it can be reconciled against what its parts give.

use serde::{Deserialize, Serialize};

use super::axis::Axis;
use super::grid::Grid;
use crate::error::{Error, Result};

/// Whether larger or smaller values of the metric are better.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum Direction {
    /// Larger is better (accuracy, Pass@k, F1).
    #[default]
    Higher,
    /// Smaller is better (loss, error rate, latency).
    Lower,
}

impl Direction {
    /// Parses "higher" or "lower" (also "max"/"min").
    pub fn parse(text: &str) -> Option<Direction> {
        match text.trim().to_ascii_lowercase().as_str() {
            "higher" | "max" | "maximize" | "higher is better" => Some(Direction::Higher),
            "lower" | "min" | "minimize" | "lower is better" => Some(Direction::Lower),
            _ => None,
        }
    }

    /// The word used in the data formats.
    pub const fn as_str(self) -> &'static str {
        match self {
            Direction::Higher => "higher",
            Direction::Lower => "lower",
        }
    }

    /// The direction as a sentence says it: "Higher is better" (the page's direction control,
    /// LaTeX captions).
    pub const fn label(self) -> &'static str {
        match self {
            Direction::Higher => "Higher is better",
            Direction::Lower => "Lower is better",
        }
    }

    /// Guesses the direction from a metric name: losses, errors, perplexity and times are lower
    /// is better; everything else higher.
    pub fn guess_from_name(name: &str) -> Direction {
        let name = name.to_ascii_lowercase();
        let lower = [
            "loss",
            "error",
            "err",
            "perplexity",
            "ppl",
            "latency",
            "time",
            "wer",
            "cer",
            "mse",
            "mae",
            "rmse",
        ];
        let words = name.split(|c: char| !c.is_ascii_alphanumeric());
        if words.into_iter().any(|word| lower.contains(&word)) {
            Direction::Lower
        } else {
            Direction::Higher
        }
    }
}

/// The measured quantity.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Metric {
    /// Name as in the data, e.g. "Pass@1".
    pub name: String,
    /// Whether larger or smaller is better.
    pub direction: Direction,
    /// Unit, e.g. "%", when known.
    pub unit: Option<String>,
}

/// A facet: one of the two keys that split a dataset into panels (model, benchmark).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Facet {
    /// Column name in the data, e.g. "Model". Empty when the data have no such column, in which
    /// case there is one level, also empty.
    pub name: String,
    /// Levels in first-seen order.
    pub levels: Vec<String>,
}

impl Facet {
    /// A facet the data do not have: one unnamed level.
    pub fn absent() -> Facet {
        Facet {
            name: String::new(),
            levels: vec![String::new()],
        }
    }

    /// True when the data have no column for this facet.
    pub fn is_absent(&self) -> bool {
        self.name.is_empty()
    }

    /// Index of a level by name.
    pub fn position(&self, level: &str) -> Option<usize> {
        self.levels.iter().position(|known| known == level)
    }
}

/// Optional metadata about one benchmark.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct BenchmarkInfo {
    /// Number of items (problems) in the benchmark, e.g. 30 for AIME24.
    pub items: Option<u32>,
    /// Samples drawn per item when a score averages several (Pass@1 over k samples).
    pub samples_per_item: Option<u32>,
    /// When this "benchmark" is a reported aggregate (e.g. a paper's average), the benchmarks it
    /// is the cell-wise mean of.
    pub aggregate_of: Option<Vec<String>>,
}

/// One replicate measurement of a cell, kept when the data have a replicate column.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Replicate {
    /// Row-major cell index in the panel's grid.
    pub cell: usize,
    /// The replicate label (seed, run, sample).
    pub label: String,
    /// The measured value.
    pub value: f64,
}

/// One model x benchmark panel.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Panel {
    /// Index into `Dataset::models.levels`.
    pub model: usize,
    /// Index into `Dataset::benchmarks.levels`.
    pub benchmark: usize,
    /// Cell summaries.
    pub grid: Grid,
    /// Every replicate measurement, ordered by cell and then as read. Empty when the dataset
    /// has no replicate column.
    pub replicates: Vec<Replicate>,
    /// Standard errors the data report per cell (lm-evaluation-harness's `acc_stderr`),
    /// row-major like the grid; empty when the data report none. The uncertainty analysis
    /// uses a reported error rather than one it estimates.
    #[serde(skip)]
    pub reported_errors: Vec<Option<f64>>,
}

/// A validated dataset.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Dataset {
    /// Short human title, when given.
    pub title: Option<String>,
    /// Free-text provenance: where the numbers come from and how faithful they are.
    pub source: Option<String>,
    /// The metric measured.
    pub metric: Metric,
    /// The column axis.
    pub x: Axis,
    /// The row axis (drawn with its largest value at the top).
    pub y: Axis,
    /// The model facet.
    pub models: Facet,
    /// The benchmark facet.
    pub benchmarks: Facet,
    /// Metadata per benchmark level, aligned with `benchmarks.levels`.
    pub benchmark_info: Vec<BenchmarkInfo>,
    /// Name of the replicate column (seed, run, sample) when the data have one.
    pub replicate: Option<String>,
    /// Dense model x benchmark panels, index `model * benchmarks + benchmark`.
    pub panels: Vec<Panel>,
    /// What the figure shows of a larger table, when the dataset is a view of one (a run
    /// table's projection: "batch_size = 64 (fixed at the best run's); 3 runs per cell").
    /// Figures draw it under each panel's title, and observations and exports carry it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shows: Option<String>,
    /// `shows` in brief, as the figure writes it under each panel's title (the caveats left to
    /// observations and exports), when it is shorter; the figure writes `shows` when there is
    /// none. JSON exports carry it (`"caption"`).
    #[serde(skip)]
    pub caption: Option<String>,
}

impl Dataset {
    /// The panel for a model and benchmark index.
    pub fn panel_at(&self, model: usize, benchmark: usize) -> Option<&Panel> {
        if model >= self.models.levels.len() || benchmark >= self.benchmarks.levels.len() {
            return None;
        }
        self.panels
            .get(model * self.benchmarks.levels.len() + benchmark)
    }

    /// The panel for a model and benchmark by name; an error names what is unknown.
    pub fn panel(&self, model: &str, benchmark: &str) -> Result<&Panel> {
        let model_index = self.model_index(model)?;
        let benchmark_index = self.benchmark_index(benchmark)?;
        self.panel_at(model_index, benchmark_index)
            .ok_or_else(|| Error::Unknown {
                what: "panel",
                name: format!("{model} | {benchmark}"),
                known: Vec::new(),
            })
    }

    /// Index of a model by name.
    pub fn model_index(&self, model: &str) -> Result<usize> {
        self.models.position(model).ok_or_else(|| Error::Unknown {
            what: "model",
            name: model.to_string(),
            known: self.models.levels.clone(),
        })
    }

    /// Index of a benchmark by name.
    pub fn benchmark_index(&self, benchmark: &str) -> Result<usize> {
        self.benchmarks
            .position(benchmark)
            .ok_or_else(|| Error::Unknown {
                what: "benchmark",
                name: benchmark.to_string(),
                known: self.benchmarks.levels.clone(),
            })
    }

    /// Metadata of a benchmark level.
    pub fn benchmark_info(&self, benchmark: usize) -> Option<&BenchmarkInfo> {
        self.benchmark_info.get(benchmark)
    }

    /// True for a benchmark level that is a reported aggregate rather than a measurement.
    pub fn is_reported_aggregate(&self, benchmark: usize) -> bool {
        self.benchmark_info(benchmark)
            .is_some_and(|info| info.aggregate_of.is_some())
    }

    /// The panel's title, "Model | Benchmark", leaving out absent facets, with the names whole
    /// (a figure draws each part as [`crate::display::display_label`] shows it).
    pub fn panel_title(&self, panel: &Panel) -> String {
        let model = self.models.levels.get(panel.model).map(String::as_str);
        let benchmark = self
            .benchmarks
            .levels
            .get(panel.benchmark)
            .map(String::as_str);
        let mut title = String::new();
        for part in [model, benchmark].into_iter().flatten() {
            if part.is_empty() {
                continue;
            }
            if !title.is_empty() {
                title.push_str(" | ");
            }
            title.push_str(part);
        }
        title
    }

    /// The same dataset without the metadata that CSV cannot carry (title, source, unit,
    /// benchmark metadata, reported standard errors); what a CSV export of this dataset loads back as.
    pub fn without_metadata(&self) -> Dataset {
        let mut plain = self.clone();
        plain.title = None;
        plain.source = None;
        plain.metric.unit = None;
        plain.metric.direction = Direction::guess_from_name(&plain.metric.name);
        plain.benchmark_info = vec![BenchmarkInfo::default(); plain.benchmarks.levels.len()];
        for panel in &mut plain.panels {
            panel.reported_errors = Vec::new();
        }
        plain
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn direction_is_guessed_from_metric_words() {
        assert_eq!(Direction::guess_from_name("Pass@1"), Direction::Higher);
        assert_eq!(Direction::guess_from_name("val_loss"), Direction::Lower);
        assert_eq!(Direction::guess_from_name("Error rate"), Direction::Lower);
        assert_eq!(Direction::guess_from_name("runtime"), Direction::Higher);
        assert_eq!(Direction::parse(" Lower "), Some(Direction::Lower));
        assert_eq!(Direction::parse("sideways"), None);
    }
}
