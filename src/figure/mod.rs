//! Figures: what to draw, decided before any geometry or pixels.
//!
//! Step 4 of the pipeline (validated dataset -> analysis -> **figure** -> layout -> drawing). A
//! [`View`] picks the panels (one model across its benchmarks, one benchmark across models, every
//! model x benchmark, or the difference of two models); [`FigureOptions`] pick the colour map,
//! its orientation, the domain mode and the annotations. [`prepare_figure`] resolves all of it
//! against a dataset into a [`Figure`]: the grids to draw, each with the very [`Scale`] its cells
//! and its colour bar are painted from, its peak cells, and the number format of its labels.
//! Nothing here knows about pixels.

mod format;
mod observe;
mod query;

use serde::{Deserialize, Serialize};

use std::borrow::Cow;

use crate::analysis::{difference, mean_across_benchmarks, summarize, Difference};
use crate::color::{resolve_domain, ColorMap, DomainMode, ResolvedDomain, Scale};
use crate::error::{Error, Result};
use crate::{Axis, Dataset, Direction, Grid};

pub use format::{choose_decimals, format_value};
pub use observe::{
    compare_models, observations_markdown, observe_figure, observe_panel, AxisName, Claim,
    Observation, PanelContext,
};
pub use query::{CellInfo, PanelReport};

/// The benchmark a view shows: a named one, or the mean across benchmarks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", tag = "kind", content = "name")]
pub enum BenchmarkChoice {
    /// One benchmark by name.
    Named(String),
    /// The cell-wise mean across the measured benchmarks (reported aggregates excluded).
    Mean,
}

/// Which panels a figure shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", tag = "layout")]
pub enum View {
    /// One model across all its benchmarks: a row of panels (seeds 000 and 002).
    Model { model: String },
    /// One benchmark, or the mean, across all models side by side (seed 003).
    Benchmark { benchmark: BenchmarkChoice },
    /// Every model x benchmark, one row of panels per model.
    Grid,
    /// Model `a` minus model `b` on one benchmark or the mean, on a diverging scale.
    Difference {
        a: String,
        b: String,
        benchmark: BenchmarkChoice,
    },
}

/// Everything that decides how a figure looks, apart from its size.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FigureOptions {
    /// Which panels.
    pub view: View,
    /// The colour map. A difference view uses a diverging map: when this one is sequential,
    /// `rdbu` is used instead, so a sign is never shown as a shade.
    pub color_map: ColorMap,
    /// Run the colour map the other way.
    pub reversed: bool,
    /// How the colour domain is chosen. A difference view centres a per-panel or shared domain
    /// on 0.
    pub domain: DomainMode,
    /// Write each cell's value in it.
    pub annotate: bool,
    /// Decimals of the labels; `None` chooses as few as tell the shown values apart.
    pub decimals: Option<u8>,
}

impl Default for FigureOptions {
    fn default() -> FigureOptions {
        FigureOptions {
            view: View::Grid,
            color_map: ColorMap::default(),
            reversed: false,
            domain: DomainMode::PerPanel,
            annotate: true,
            decimals: None,
        }
    }
}

/// One panel, ready to lay out and draw.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FigurePanel {
    /// "Model | Benchmark".
    pub title: String,
    /// The model shown (for hover), when the panel is one model's.
    pub model: Option<String>,
    /// The benchmark shown, or a description such as "mean of 4 benchmarks".
    pub benchmark: Option<String>,
    /// The values drawn.
    pub grid: Grid,
    /// The domain the colours come from, with what the legend must say about clipping.
    pub domain: ResolvedDomain,
    /// The scale that colours both the cells and this panel's colour bar.
    pub scale: Scale,
    /// Cells at the best value (all ties), emphasised when drawn.
    pub peaks: Vec<(usize, usize)>,
}

/// A prepared figure: panels in reading order and what they share.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Figure {
    /// The x axis (names and labels).
    pub x: Axis,
    /// The y axis.
    pub y: Axis,
    /// Which way is better for the values shown (higher for a difference: A ahead).
    pub direction: Direction,
    /// The colour bar's label, e.g. "Pass@1 (%)" or "Pass@1 difference (R1-Qwen − R1-Llama)".
    pub value_label: String,
    /// The panels, row by row.
    pub panels: Vec<FigurePanel>,
    /// Panels per row that the view asks for (the layout may wrap a row on a narrow screen).
    pub columns: usize,
    /// True when one colour bar serves every panel (a shared, fixed or centred domain).
    pub shared_legend: bool,
    /// Write each cell's value in it.
    pub annotate: bool,
    /// Decimals of every value label.
    pub decimals: usize,
    /// For a difference view: who is ahead where (the panel's grid is its `grid`).
    pub difference: Option<Difference>,
    /// True when any panel has a missing cell (the legend then explains the missing style).
    pub has_missing: bool,
}

/// A panel before its colours are resolved.
struct Draft {
    title: String,
    model: Option<String>,
    benchmark: Option<String>,
    grid: Grid,
}

fn present_values(grid: &Grid) -> Vec<f64> {
    grid.present().map(|(_, _, cell)| cell.mean).collect()
}

impl BenchmarkChoice {
    /// The token that names the mean across benchmarks where a benchmark name is expected (in
    /// option objects and share links).
    pub const MEAN_TOKEN: &'static str = ":mean";

    /// A benchmark name, or [`Self::MEAN_TOKEN`] for the mean.
    pub fn from_name(name: &str) -> BenchmarkChoice {
        if name == Self::MEAN_TOKEN {
            BenchmarkChoice::Mean
        } else {
            BenchmarkChoice::Named(name.to_string())
        }
    }
}

/// The grid of a model on a benchmark choice: a panel's own grid, or the model's cell-wise mean
/// across its measured benchmarks.
pub fn benchmark_grid<'a>(
    dataset: &'a Dataset,
    model: usize,
    choice: &BenchmarkChoice,
) -> Result<Cow<'a, Grid>> {
    match choice {
        BenchmarkChoice::Named(name) => {
            let benchmark = dataset.benchmark_index(name)?;
            let panel = dataset.panel_at(model, benchmark).ok_or(Error::Unknown {
                what: "panel",
                name: name.clone(),
                known: Vec::new(),
            })?;
            Ok(Cow::Borrowed(&panel.grid))
        }
        BenchmarkChoice::Mean => mean_across_benchmarks(dataset, model).map(Cow::Owned),
    }
}

/// How a benchmark choice is named in titles: the benchmark, or "mean of 4 benchmarks".
fn choice_label(dataset: &Dataset, choice: &BenchmarkChoice) -> String {
    match choice {
        BenchmarkChoice::Named(name) => name.clone(),
        BenchmarkChoice::Mean => {
            let measured = (0..dataset.benchmarks.levels.len())
                .filter(|&b| !dataset.is_reported_aggregate(b))
                .count();
            let noun = if measured == 1 {
                "benchmark"
            } else {
                "benchmarks"
            };
            format!("mean of {measured} {noun}")
        }
    }
}

fn title(parts: &[&str]) -> String {
    parts
        .iter()
        .filter(|part| !part.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" | ")
}

/// Resolves a view and options against a dataset into a figure.
pub fn prepare_figure(dataset: &Dataset, options: &FigureOptions) -> Result<Figure> {
    options.domain.validate()?;
    let mut value_label = match &dataset.metric.unit {
        Some(unit) if !unit.is_empty() => format!("{} ({unit})", dataset.metric.name),
        _ => dataset.metric.name.clone(),
    };
    let mut direction = dataset.metric.direction;
    let mut domain_mode = options.domain;
    let mut color_map = options.color_map;
    let mut compared = None;

    let (drafts, columns) = match &options.view {
        View::Model { model } => {
            let model_index = dataset.model_index(model)?;
            let drafts: Vec<Draft> = (0..dataset.benchmarks.levels.len())
                .filter_map(|b| {
                    let panel = dataset.panel_at(model_index, b)?;
                    let benchmark = dataset.benchmarks.levels.get(b)?;
                    Some(Draft {
                        title: dataset.panel_title(panel),
                        model: Some(model.clone()),
                        benchmark: Some(benchmark.clone()),
                        grid: panel.grid.clone(),
                    })
                })
                .collect();
            let count = drafts.len();
            (drafts, count)
        }
        View::Benchmark { benchmark } => {
            let mut drafts = Vec::new();
            let name = choice_label(dataset, benchmark);
            for (m, model) in dataset.models.levels.iter().enumerate() {
                let grid = benchmark_grid(dataset, m, benchmark)?.into_owned();
                drafts.push(Draft {
                    title: title(&[model, &name]),
                    model: Some(model.clone()),
                    benchmark: Some(name.clone()),
                    grid,
                });
            }
            let count = drafts.len();
            (drafts, count)
        }
        View::Grid => {
            let drafts = dataset
                .panels
                .iter()
                .map(|panel| Draft {
                    title: dataset.panel_title(panel),
                    model: dataset.models.levels.get(panel.model).cloned(),
                    benchmark: dataset.benchmarks.levels.get(panel.benchmark).cloned(),
                    grid: panel.grid.clone(),
                })
                .collect();
            (drafts, dataset.benchmarks.levels.len())
        }
        View::Difference { a, b, benchmark } => {
            let name = choice_label(dataset, benchmark);
            let grid_a = benchmark_grid(dataset, dataset.model_index(a)?, benchmark)?;
            let grid_b = benchmark_grid(dataset, dataset.model_index(b)?, benchmark)?;
            let result = difference(&grid_a, &grid_b)?;
            value_label = format!("{} difference ({a} − {b})", dataset.metric.name);
            direction = Direction::Higher;
            if !matches!(
                domain_mode,
                DomainMode::Fixed { .. } | DomainMode::Centered { .. }
            ) {
                domain_mode = DomainMode::Centered { center: 0.0 };
            }
            if !color_map.is_diverging() {
                color_map = ColorMap::RedBlue;
            }
            let drafts = vec![Draft {
                title: title(&[&format!("{a} − {b}"), &name]),
                model: None,
                benchmark: Some(name),
                grid: result.grid.clone(),
            }];
            compared = Some(result);
            (drafts, 1)
        }
    };
    if drafts.is_empty() {
        return Err(Error::InvalidField {
            field: "view".into(),
            expected: "a view with at least one panel".into(),
        });
    }

    let shown: Vec<f64> = drafts
        .iter()
        .flat_map(|d| present_values(&d.grid))
        .collect();
    let decimals = match options.decimals {
        Some(decimals) => usize::from(decimals.min(12)),
        None => choose_decimals(&shown),
    };
    let mut panels = Vec::with_capacity(drafts.len());
    for draft in drafts {
        let values = present_values(&draft.grid);
        let domain = resolve_domain(&domain_mode, &values, &shown)?;
        let scale = domain.scale(color_map, options.reversed);
        let peaks = if compared.is_some() {
            Vec::new()
        } else {
            summarize(&draft.grid, direction)
                .map(|summary| summary.peak.cells.iter().map(|c| (c.x, c.y)).collect())
                .unwrap_or_default()
        };
        panels.push(FigurePanel {
            title: draft.title,
            model: draft.model,
            benchmark: draft.benchmark,
            grid: draft.grid,
            domain,
            scale,
            peaks,
        });
    }
    let has_missing = panels.iter().any(|p| p.grid.missing_count() > 0);
    Ok(Figure {
        x: dataset.x.clone(),
        y: dataset.y.clone(),
        direction,
        value_label,
        columns: columns.max(1),
        shared_legend: !matches!(domain_mode, DomainMode::PerPanel) || panels.len() == 1,
        annotate: options.annotate,
        decimals,
        has_missing,
        difference: compared,
        panels,
    })
}
