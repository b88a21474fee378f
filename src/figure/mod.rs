//! Figures: what to draw, decided before any geometry or pixels.
//!
//! Step 4 of the pipeline (validated dataset -> analysis -> **figure** -> layout -> drawing). A
//! [`View`] picks the panels (one model across its benchmarks, one benchmark across models, every
//! model x benchmark, or the difference of two models); [`FigureOptions`] pick the colour map,
//! its orientation, the domain mode and the annotations. [`prepare_figure`] resolves all of it
//! against a dataset into a [`Figure`]: the grids to draw, each with the very [`Scale`] its cells
//! and its colour bar are painted from, its peak cells, and the number format of its labels.
//! Nothing here knows about pixels.

mod comparisons;
mod format;
mod header;
mod latex;
mod markdown;
mod observe;
mod order;
mod pairwise;
mod query;
mod wording;
pub mod words;

use serde::{Deserialize, Serialize};

use std::borrow::Cow;

use crate::analysis::{
    critical_value, difference, has_standard_errors, mean_across_benchmarks, noise_level,
    reconcile_aggregate, scan_cells, select_benchmarks, standard_errors, standard_errors_of_mean,
    test_against_peak, test_difference, value_scale, with_reported_errors, CellError, CellPosition,
    Difference, DifferenceTest, Extreme, Reconciliation, ValueScale,
};
use crate::color::{
    resolve_domain, ColorMap, ColorScale, DomainMode, ResolvedDomain, Scale, Theme, Transform,
};
use crate::display::{display_label, display_note};
use crate::error::{Error, Result};
use crate::pairwise::PairComparison;
use crate::{Axis, BenchmarkInfo, Dataset, Direction, Grid};

pub use comparisons::{
    bin_share_text, comparisons_markdown, pair_sentence, pair_statistics, pair_title,
    scope_sentence, summarize_comparisons, ComparisonsSummary, PairSummary, Statistic,
};
pub use format::{choose_decimals, format_value, noise_decimals, MAX_AUTO_DECIMALS};
pub use header::{is_synthetic, pairwise_facts, says_synthetic, sweep_facts};
pub use latex::{escape_latex, figure_latex};
pub use markdown::{escape_markdown, is_line_end, MarkdownWriter, TableColumn};
pub use observe::{
    compare_models, difference_lines, key_observations, mismatch_table, observations_markdown,
    observe_figure, observe_panel, AxisName, Claim, DifferenceLines, KeyObservations, MismatchRow,
    MismatchTable, Observation, PanelContext, MAX_MODELS_COMPARED_IN_PAIRS,
};
pub use order::{ordinal, Order};
pub use pairwise::{
    default_pairwise_models, prepare_pairwise_figure, PairwiseOptions, DEFAULT_PAIRWISE_MODELS,
};
pub use query::{file_stem_of, CellInfo, PanelReport};
pub use wording::{format_p_value, format_percent, format_signed, plural};
pub use words::{BinValue, Layout, Named, Range};

/// The confidence level of uncertainty statements when none is chosen.
pub const DEFAULT_LEVEL: f64 = 0.95;

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
    /// A reported aggregate (a benchmark with `aggregate_of`) beside the mean recomputed from
    /// its parts and their difference, with the cells that disagree beyond rounding marked.
    Reconcile { model: String, benchmark: String },
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
    /// How values are spaced along the colour map: `Log` needs every shown value (and a fixed
    /// range) above 0 and no centred range, else the figure is refused; `Symlog` works across 0
    /// (a reconciliation's difference panel takes symlog under either, linear under `Log`).
    #[serde(skip)]
    pub color_scale: ColorScale,
    /// How the colour domain is chosen. A difference view centres a per-panel or shared domain
    /// on 0.
    pub domain: DomainMode,
    /// The order of the panels of a model, benchmark or grid view: the data's, or by each
    /// panel's mean or best cell, best first (see [`Order`]).
    #[serde(skip)]
    pub order: Order,
    /// Write each cell's value in it.
    pub annotate: bool,
    /// Decimals of the labels; `None` chooses as few as tell the shown values apart, and never
    /// more than a panel's noise supports (see [`noise_decimals`]).
    pub decimals: Option<u8>,
    /// Confidence level (e.g. 0.95) at which to mark the cells the peak cannot be told apart
    /// from (in a difference view: the cells where one model is ahead beyond noise); `None`
    /// marks nothing.
    pub uncertainty: Option<f64>,
    /// The colours around the cells (resolved: `auto` draws as light).
    #[serde(skip)]
    pub theme: Theme,
}

impl Default for FigureOptions {
    fn default() -> FigureOptions {
        FigureOptions {
            view: View::Grid,
            color_map: ColorMap::default(),
            reversed: false,
            color_scale: ColorScale::Linear,
            domain: DomainMode::PerPanel,
            order: Order::Data,
            annotate: true,
            decimals: None,
            uncertainty: None,
            theme: Theme::default(),
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
    /// The best value in the figure's direction and every cell at it (in a difference, the
    /// largest difference), found once with the colour domain's values: the description names
    /// it, and a large grid is not read again for it.
    pub best: Option<Extreme>,
    /// How many cells hold a finite value.
    pub present: usize,
    /// Cells marked with a dot, as the figure's `mark_label` says (within noise of the peak,
    /// ahead beyond noise, or disagreeing beyond rounding).
    pub marks: Vec<(usize, usize)>,
    /// This panel's colour bar label when it differs from the figure's (a difference panel
    /// beside value panels).
    pub value_label: Option<String>,
    /// Decimals of this panel's labels: the figure's automatic choice capped where this panel's
    /// noise starts (see [`noise_decimals`]), or the option's; in a reconciliation, the
    /// recomputed means and differences need more than the reported figures.
    pub decimals: usize,
    /// Axis names of this panel when they differ from the figure's (a pairwise comparison
    /// names each axis after its model).
    pub x_name: Option<String>,
    pub y_name: Option<String>,
    /// Lines of statistics under the title.
    pub subtitle: Vec<String>,
    /// Each cell's standard error (row-major), where the data report one or the benchmark's items
    /// give one; empty for panels without (differences, histograms, and grids where no cell
    /// has one).
    pub errors: Vec<Option<CellError>>,
    /// For a histogram of items: how many items the counts are out of (hover then gives each
    /// bin's share).
    pub item_total: Option<usize>,
    /// Draw the dashed parity diagonal (x = y) over the cells.
    pub parity_line: bool,
}

/// A prepared figure: panels in reading order and what they share.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Figure {
    /// A line under the figure naming what the data are, drawn into every export; set when the
    /// data say they are synthetic, so that such a figure is labelled wherever it is shown.
    pub caption: Option<String>,
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
    /// Decimals of the value labels: the most any panel has (a panel's own `decimals` may be
    /// fewer where its noise is larger), or the reported figures' in a reconciliation.
    pub decimals: usize,
    /// For a difference view: who is ahead where (the panel's grid is its `grid`).
    pub difference: Option<Difference>,
    /// For a difference view: where one model is ahead beyond noise, at the uncertainty level
    /// (95 % when the marks are off).
    pub difference_test: Option<DifferenceTest>,
    /// For a reconciliation view: the comparison of reported and recomputed cells.
    pub reconciliation: Option<Reconciliation>,
    /// For a pairwise figure: the comparison behind each panel, in panel order.
    pub comparisons: Vec<PairComparison>,
    /// What the dots on marked cells mean, when any panel marks cells.
    pub mark_label: Option<String>,
    /// Bin edges of the x and y axes, when the categories are bins of a continuous score: ticks
    /// then sit on the edges (0, 0.1, ..., 1) instead of under the cells.
    pub x_edges: Option<Vec<f64>>,
    pub y_edges: Option<Vec<f64>>,
    /// True when any panel has a missing cell (the legend then explains the missing style).
    pub has_missing: bool,
    /// The colours around the cells.
    pub theme: Theme,
}

/// A panel before its colours are resolved.
struct Draft {
    title: String,
    model: Option<String>,
    benchmark: Option<String>,
    grid: Grid,
    /// Standard errors per cell, for the uncertainty marks.
    errors: Vec<Option<CellError>>,
    /// The median standard error of the cells (of a difference: of both models' combined), which
    /// limits the automatic decimals.
    noise: Option<f64>,
    /// A difference panel in a figure of values (reconciliation): centred, diverging, own bar.
    signed: bool,
    marks: Vec<(usize, usize)>,
}

impl Draft {
    fn new(title: String, model: Option<String>, benchmark: Option<String>, grid: Grid) -> Draft {
        Draft {
            title,
            model,
            benchmark,
            grid,
            errors: Vec::new(),
            noise: None,
            signed: false,
            marks: Vec::new(),
        }
    }

    fn with_errors(mut self, errors: Vec<Option<CellError>>) -> Draft {
        self.noise = noise_level(errors.iter().flatten().map(|e| e.standard_error));
        self.errors = errors;
        self
    }
}

/// Standard errors of a model's grid on a benchmark choice (the mean's combine its parts').
fn choice_errors(
    dataset: &Dataset,
    model: usize,
    choice: &BenchmarkChoice,
    grid: &Grid,
) -> Vec<Option<CellError>> {
    let scale = value_scale(dataset);
    match choice {
        BenchmarkChoice::Named(name) => {
            let index = dataset.benchmarks.position(name);
            let info = index.and_then(|b| dataset.benchmark_info(b));
            let reported = index
                .and_then(|b| dataset.panel_at(model, b))
                .map(|panel| panel.reported_errors.as_slice())
                .unwrap_or_default();
            errors_of(grid, info, scale, reported)
        }
        BenchmarkChoice::Mean => {
            let Ok(selection) = select_benchmarks(dataset, model) else {
                return Vec::new();
            };
            let parts: Vec<Vec<Option<CellError>>> = selection
                .included
                .iter()
                .filter_map(|&b| {
                    let panel = dataset.panel_at(model, b)?;
                    Some(errors_of(
                        &panel.grid,
                        dataset.benchmark_info(b),
                        scale,
                        &panel.reported_errors,
                    ))
                })
                .collect();
            standard_errors_of_mean(&parts)
        }
    }
}

fn positions(cells: &[CellPosition]) -> Vec<(usize, usize)> {
    cells.iter().map(|c| (c.x, c.y)).collect()
}

/// The values of the panels shown as values (all but a reconciliation's signed difference),
/// in panel order: borrowed when one panel holds them all.
fn shown_values<'a>(drafts: &[Draft], values: &'a [Vec<f64>]) -> Cow<'a, [f64]> {
    let unsigned = || {
        drafts
            .iter()
            .zip(values)
            .filter(|(draft, _)| !draft.signed)
            .map(|(_, values)| values)
    };
    let mut panels = unsigned();
    match (panels.next(), panels.next()) {
        (Some(only), None) => Cow::Borrowed(only.as_slice()),
        _ => Cow::Owned(unsigned().flatten().copied().collect()),
    }
}

/// A grid's standard errors, or none at all when no cell has one (see [`FigurePanel::errors`]);
/// `reported` are the panel's reported errors, which win where given.
fn errors_of(
    grid: &Grid,
    benchmark: Option<&BenchmarkInfo>,
    scale: Option<ValueScale>,
    reported: &[Option<f64>],
) -> Vec<Option<CellError>> {
    let any_reported = reported.iter().any(Option::is_some);
    let estimated = if any_reported || has_standard_errors(grid, benchmark, scale) {
        standard_errors(grid, benchmark, scale)
    } else {
        Vec::new()
    };
    if any_reported {
        with_reported_errors(estimated, grid, reported)
    } else {
        estimated
    }
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

/// The caption of data that say they are synthetic (the word, in their title or source): their title, or
/// "Synthetic example" (the title as shown: see [`crate::display`]).
pub fn synthetic_caption(title: Option<&str>, source: Option<&str>) -> Option<String> {
    if let Some(title) = title.filter(|title| header::says_synthetic(title)) {
        return Some(display_label(title).into_owned());
    }
    source
        .filter(|source| header::says_synthetic(source))
        .map(|_| {
            title.map_or_else(
                || "Synthetic example".to_string(),
                |t| format!("Synthetic example: {}", display_label(t)),
            )
        })
}

/// A panel's title from its parts (labels from the data, each as shown: see [`crate::display`]).
fn title(parts: &[&str]) -> String {
    parts
        .iter()
        .filter(|part| !part.is_empty())
        .map(|part| display_label(part))
        .collect::<Vec<_>>()
        .join(" | ")
}

/// A dataset panel's title as drawn: "Model | Benchmark" (see [`Dataset::panel_title`]), each
/// part as shown.
fn shown_panel_title(dataset: &Dataset, panel: &crate::Panel) -> String {
    let model = dataset.models.levels.get(panel.model);
    let benchmark = dataset.benchmarks.levels.get(panel.benchmark);
    title(&[
        model.map_or("", String::as_str),
        benchmark.map_or("", String::as_str),
    ])
}

/// The error for a logarithmic colour scale that cannot be drawn truthfully, and why.
fn refuse_log(why: String) -> Error {
    Error::InvalidField {
        field: "colorScale".into(),
        expected: format!("\"linear\" or \"symlog\" {why}: \"log\" needs values above 0"),
    }
}

/// Refuses a logarithmic colour scale for a panel (named by its title) with values at or
/// below 0.
fn check_log_values(panel: &str, values: &[f64]) -> Result<()> {
    let lowest = values.iter().copied().fold(f64::INFINITY, f64::min);
    if lowest <= 0.0 {
        let lowest = crate::float_text::Shortest(lowest);
        return Err(refuse_log(if panel.is_empty() {
            format!("for values that go down to {lowest}")
        } else {
            format!("for the panel \"{panel}\", whose values go down to {lowest}")
        }));
    }
    Ok(())
}

/// Refuses a logarithmic colour scale over a centred range (a logarithm has no middle at the
/// centre) or a range from 0 or below.
fn check_log_range(domain: &ResolvedDomain) -> Result<()> {
    if domain.center.is_some() {
        return Err(refuse_log("with a centred colour range".into()));
    }
    if domain.domain.min <= 0.0 {
        let min = crate::float_text::Shortest(domain.domain.min);
        return Err(refuse_log(format!("for a colour range from {min}")));
    }
    Ok(())
}

/// Resolves a view and options against a dataset into a figure.
pub fn prepare_figure(dataset: &Dataset, options: &FigureOptions) -> Result<Figure> {
    options.domain.validate()?;
    let level = options.uncertainty;
    if let Some(level) = level {
        critical_value(level).map_err(|_| Error::InvalidField {
            field: "uncertainty".into(),
            expected: format!(
                "a confidence level between 0 and 1, such as 0.95, found {}",
                crate::float_text::Shortest(level)
            ),
        })?;
    }
    let metric = &dataset.metric.name;
    let mut value_label = match &dataset.metric.unit {
        Some(unit) if !unit.is_empty() => format!("{metric} ({unit})"),
        _ => metric.clone(),
    };
    let mut direction = dataset.metric.direction;
    let mut domain_mode = options.domain;
    let mut color_map = options.color_map;
    let mut compared = None;
    let mut difference_test = None;
    let mut reconciliation = None;
    let mut mark_label = None;
    let level_text = |level: f64| {
        format!(
            "{} %",
            format_value(level * 100.0, 1).trim_end_matches(".0")
        )
    };

    let (mut drafts, columns) = match &options.view {
        View::Model { model } => {
            let model_index = dataset.model_index(model)?;
            let scale = value_scale(dataset);
            let drafts: Vec<Draft> = (0..dataset.benchmarks.levels.len())
                .filter_map(|b| {
                    let panel = dataset.panel_at(model_index, b)?;
                    let benchmark = dataset.benchmarks.levels.get(b)?;
                    let errors = errors_of(
                        &panel.grid,
                        dataset.benchmark_info(b),
                        scale,
                        &panel.reported_errors,
                    );
                    Some(
                        Draft::new(
                            shown_panel_title(dataset, panel),
                            Some(model.clone()),
                            Some(benchmark.clone()),
                            panel.grid.clone(),
                        )
                        .with_errors(errors),
                    )
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
                let errors = choice_errors(dataset, m, benchmark, &grid);
                drafts.push(
                    Draft::new(
                        title(&[model, &name]),
                        Some(model.clone()),
                        Some(name.clone()),
                        grid,
                    )
                    .with_errors(errors),
                );
            }
            let count = drafts.len();
            (drafts, count)
        }
        View::Grid => {
            let scale = value_scale(dataset);
            let drafts = dataset
                .panels
                .iter()
                .map(|panel| {
                    let info = dataset.benchmark_info(panel.benchmark);
                    Draft::new(
                        shown_panel_title(dataset, panel),
                        dataset.models.levels.get(panel.model).cloned(),
                        dataset.benchmarks.levels.get(panel.benchmark).cloned(),
                        panel.grid.clone(),
                    )
                    .with_errors(errors_of(
                        &panel.grid,
                        info,
                        scale,
                        &panel.reported_errors,
                    ))
                })
                .collect();
            (drafts, dataset.benchmarks.levels.len())
        }
        View::Difference { a, b, benchmark } => {
            let name = choice_label(dataset, benchmark);
            let (index_a, index_b) = (dataset.model_index(a)?, dataset.model_index(b)?);
            let grid_a = benchmark_grid(dataset, index_a, benchmark)?;
            let grid_b = benchmark_grid(dataset, index_b, benchmark)?;
            let result = difference(&grid_a, &grid_b)?;
            value_label = format!("{metric} difference ({a} − {b})");
            if !matches!(
                domain_mode,
                DomainMode::Fixed { .. } | DomainMode::Centered { .. }
            ) {
                domain_mode = DomainMode::Centered { center: 0.0 };
            }
            if !color_map.is_diverging() {
                color_map = ColorMap::RedBlue;
            }
            let mut draft = Draft::new(
                title(&[
                    &format!("{} − {}", display_label(a), display_label(b)),
                    &name,
                ]),
                None,
                Some(name),
                result.grid.clone(),
            );
            // The per-cell test runs at the marks' level, or 95 % for the observations alone.
            let errors_a = choice_errors(dataset, index_a, benchmark, &grid_a);
            let errors_b = choice_errors(dataset, index_b, benchmark, &grid_b);
            let test = test_difference(
                (&grid_a, &errors_a),
                (&grid_b, &errors_b),
                direction,
                level.unwrap_or(DEFAULT_LEVEL),
            )?;
            draft.noise = noise_level(errors_a.iter().zip(&errors_b).filter_map(|pair| {
                Some(
                    pair.0
                        .as_ref()?
                        .standard_error
                        .hypot(pair.1.as_ref()?.standard_error),
                )
            }));
            if let Some(level) = level {
                draft.marks = positions(&test.a_ahead);
                draft.marks.extend(positions(&test.b_ahead));
                mark_label = Some(if draft.marks.is_empty() {
                    format!(
                        "no configuration is ahead beyond noise ({})",
                        level_text(level)
                    )
                } else {
                    format!("ahead beyond noise ({})", level_text(level))
                });
            }
            difference_test = Some(test);
            direction = Direction::Higher;
            compared = Some(result);
            (vec![draft], 1)
        }
        View::Reconcile { model, benchmark } => {
            let model_index = dataset.model_index(model)?;
            let benchmark_index = dataset.benchmark_index(benchmark)?;
            let result = reconcile_aggregate(dataset, model_index, benchmark_index)?;
            let reported = dataset
                .panel_at(model_index, benchmark_index)
                .map(|panel| panel.grid.clone())
                .unwrap_or_else(|| Grid::empty(dataset.x.len(), dataset.y.len()));
            let parts = dataset
                .benchmark_info(benchmark_index)
                .and_then(|info| info.aggregate_of.as_ref())
                .map_or(0, Vec::len);
            let mut signed = Draft::new(
                title(&[model, "reported − recomputed"]),
                Some(model.clone()),
                Some(benchmark.clone()),
                result.difference.clone(),
            );
            signed.signed = true;
            signed.marks = result
                .mismatches
                .iter()
                .map(|m| (m.position.x, m.position.y))
                .collect();
            mark_label = Some("differs beyond rounding".to_string());
            let drafts = vec![
                Draft::new(
                    title(&[model, benchmark]),
                    Some(model.clone()),
                    Some(benchmark.clone()),
                    reported,
                ),
                Draft::new(
                    title(&[model, &format!("recomputed mean of {parts}")]),
                    Some(model.clone()),
                    Some(benchmark.clone()),
                    result.recomputed.clone(),
                ),
                signed,
            ];
            reconciliation = Some(result);
            (drafts, 3)
        }
    };
    if drafts.is_empty() {
        return Err(Error::InvalidField {
            field: "view".into(),
            expected: "a view with at least one panel".into(),
        });
    }

    // Reported and recomputed figures compare only on one colour range.
    if reconciliation.is_some() && domain_mode == DomainMode::PerPanel {
        domain_mode = DomainMode::Shared;
    }

    // Uncertainty marks on value panels: the cells the peak cannot be told apart from.
    let marks_values = compared.is_none() && reconciliation.is_none();
    if let (Some(level), true) = (level, marks_values) {
        for draft in &mut drafts {
            if let Some(test) = test_against_peak(&draft.grid, &draft.errors, direction, level)? {
                draft.marks = positions(&test.indistinguishable);
            }
        }
        mark_label = Some(format!(
            "cannot be told apart from the peak ({})",
            level_text(level)
        ));
    }

    // Each panel's cells, read once: the colour domains, the decimals, the key, the peaks and
    // the description all use what this one pass finds.
    let mut scans: Vec<_> = drafts
        .iter()
        .map(|draft| scan_cells(&draft.grid, direction))
        .collect();
    let values: Vec<Vec<f64>> = scans
        .iter_mut()
        .map(|scan| std::mem::take(&mut scan.values))
        .collect();
    let has_missing = drafts
        .iter()
        .zip(&values)
        .any(|(draft, values)| values.len() < draft.grid.cells().len());
    let shown = shown_values(&drafts, &values);
    // The figure's decimals come from the values it shows as given: in a reconciliation, the
    // reported panel alone.
    let labelled: &[f64] = match (&reconciliation, values.first()) {
        (Some(_), Some(reported)) => reported,
        _ => &shown,
    };
    let decimals = match options.decimals {
        Some(decimals) => usize::from(decimals.min(crate::view::MAX_LABEL_DECIMALS)),
        None => choose_decimals(labelled),
    };
    let has_signed = drafts.iter().any(|d| d.signed);
    // A reconciliation shows the reported figures as printed, and the recomputed means and the
    // differences with one decimal more (their own choice capped there).
    let derived_decimals = |values: &[f64]| match options.decimals {
        Some(_) => decimals,
        None => choose_decimals(values).min(decimals + 1),
    };
    if options.color_scale == ColorScale::Log {
        // Every panel's values first, so that the message names the panel that has them (a
        // shared range's domain holds every panel's).
        for (draft, values) in drafts.iter().zip(&values).filter(|(d, _)| !d.signed) {
            check_log_values(&draft.title, values)?;
        }
    }
    let mut panels = Vec::with_capacity(drafts.len());
    for (index, ((draft, values), scan)) in drafts.into_iter().zip(&values).zip(scans).enumerate() {
        // Automatic decimals stop where the panel's noise starts (a reconciliation's panels
        // carry no errors: they keep the reported figures' decimals).
        let panel_decimals = match (options.decimals, draft.noise) {
            _ if reconciliation.is_some() && index > 0 => derived_decimals(values),
            (None, Some(noise)) => decimals.min(noise_decimals(noise)),
            _ => decimals,
        };
        let (domain, scale) = if draft.signed {
            let centred = DomainMode::Centered { center: 0.0 };
            let domain = resolve_domain(&centred, values, values)?;
            let map = if color_map.is_diverging() {
                color_map
            } else {
                ColorMap::RedBlue
            };
            let scale = domain.scale(map, options.reversed);
            let spacing = match options.color_scale {
                ColorScale::Symlog => ColorScale::Symlog,
                _ => ColorScale::Linear,
            };
            let transform = Transform::of(spacing, domain.domain, 0.0, values);
            (domain, scale.with(transform))
        } else {
            let domain = resolve_domain(&domain_mode, values, &shown)?;
            if options.color_scale == ColorScale::Log {
                check_log_range(&domain)?;
            }
            let scale = domain.scale(color_map, options.reversed);
            let origin = domain.center.unwrap_or(0.0);
            let considered = match domain_mode {
                DomainMode::PerPanel => values.as_slice(),
                _ => &shown,
            };
            let transform = Transform::of(options.color_scale, domain.domain, origin, considered);
            (domain, scale.with(transform))
        };
        let peaks = match &scan.peak {
            Some(best) if compared.is_none() && !draft.signed => positions(&best.cells),
            _ => Vec::new(),
        };
        panels.push(FigurePanel {
            value_label: draft.signed.then(|| format!("{metric} difference")),
            title: draft.title,
            model: draft.model,
            benchmark: draft.benchmark,
            grid: draft.grid,
            domain,
            scale,
            peaks,
            best: scan.peak,
            present: scan.finite,
            marks: draft.marks,
            decimals: panel_decimals,
            x_name: None,
            y_name: None,
            // A view of a larger table says what it shows (fixed values, best over, bins).
            subtitle: dataset
                .shows
                .iter()
                .map(|shows| display_note(shows).into_owned())
                .collect(),
            errors: draft.errors,
            item_total: None,
            parity_line: false,
        });
    }
    // A difference says so even when nothing is beyond noise; elsewhere the key explains dots
    // only where there are some.
    let mark_label = mark_label
        .filter(|_| difference_test.is_some() || panels.iter().any(|p| !p.marks.is_empty()));
    let shared_legend =
        !has_signed && (!matches!(domain_mode, DomainMode::PerPanel) || panels.len() == 1);
    // What is said across panels, and a colour bar they share, use the finest panel's decimals.
    let decimals = match reconciliation {
        None => panels.iter().map(|p| p.decimals).max().unwrap_or(decimals),
        Some(_) => decimals,
    };
    match options.view {
        View::Model { .. } | View::Benchmark { .. } => {
            order::order_panels(&mut panels, options.order, direction, decimals)
        }
        View::Grid => order::order_grid(&mut panels, options.order, direction, decimals),
        _ => {}
    }
    Ok(Figure {
        caption: synthetic_caption(dataset.title.as_deref(), dataset.source.as_deref()),
        x: dataset.x.clone(),
        y: dataset.y.clone(),
        direction,
        value_label,
        columns: columns.max(1),
        shared_legend,
        annotate: options.annotate,
        decimals,
        has_missing,
        difference: compared,
        difference_test,
        reconciliation,
        comparisons: Vec::new(),
        mark_label,
        x_edges: None,
        y_edges: None,
        panels,
        theme: options.theme,
    })
}
