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
mod notes;
mod observe;
mod order;
mod pairwise;
mod prepare;
mod query;
mod slice;
mod slice_export;
mod wording;
pub mod words;

use serde::{Deserialize, Serialize};

use std::borrow::Cow;

use crate::analysis::{
    mean_across_benchmarks, CellError, Difference, DifferenceTest, Extreme, PanelMarginals,
    Reconciliation,
};
use crate::color::{ColorMap, ColorScale, DomainMode, ResolvedDomain, Scale, Theme};
use crate::display::display_label;
use crate::error::{Error, Result};
use crate::pairwise::PairComparison;
use crate::{Axis, Dataset, Direction, Grid};

pub use comparisons::{
    bin_announcement, bin_range_text, bin_share_text, comparisons_markdown, default_models_note,
    pair_sentence, pair_statistics, pair_title, scope_sentence, summarize_comparisons,
    ComparisonsSummary, ModelsControl, PairSummary, Statistic,
};
pub use format::{choose_decimals, format_value, noise_decimals, MAX_AUTO_DECIMALS};
pub use header::{is_synthetic, pairwise_facts, says_synthetic, sweep_facts};
pub use latex::{escape_latex, figure_latex};
pub use markdown::{escape_markdown, is_line_end, MarkdownWriter, TableColumn};
pub use notes::{
    backing_ratio, canvas_notes, colour_note, slice_notes, uncertainty_note, FigureNotes,
};
pub use observe::{
    compare_models, difference_lines, key_observations, mismatch_table, observations_markdown,
    observe_figure, observe_panel, AxisName, Claim, DifferenceLines, KeyObservations, MismatchRow,
    MismatchTable, Observation, PanelContext, MAX_MODELS_COMPARED_IN_PAIRS,
};
pub use order::{ordinal, Order};
pub use pairwise::{
    default_pairwise_models, prepare_pairwise_figure, PairwiseOptions, DEFAULT_PAIRWISE_MODELS,
};
pub use prepare::prepare_figure;
pub use query::{file_stem_of, CellInfo, PanelReport, TooltipRow};
pub use slice::{prepare_slice, SliceFigure, SliceOptions, SliceScale, SliceSeries};
pub use slice_export::{slice_description, SLICE_OBSERVATIONS};
pub use wording::{counted, format_p_value, format_percent, format_signed, grouped};
pub use words::{BinValue, Chart, Layout, Named, Range, SliceAcross, Strips};

/// The literal of [`DEFAULT_LEVEL`], for messages that state it (`concat!`).
macro_rules! default_level {
    () => {
        0.95
    };
}
pub(crate) use default_level;

/// The confidence level of uncertainty statements when none is chosen.
pub const DEFAULT_LEVEL: f64 = default_level!();

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

/// Everything that decides how a figure looks, apart from its size. Its `Default` is the view
/// spec's defaults (`SweepView::default()`, in `src/view/sweep.rs`, where the impl is).
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
    /// Draw marginal strips beside each panel of values (model, benchmark and grid views):
    /// each row's and column's mean, or best cell under [`Order::Best`] (see
    /// [`FigurePanel::marginals`]). The options' `auto` is resolved before (`Strips::resolve`).
    #[serde(skip)]
    pub marginals: bool,
    /// The colours around the cells (resolved: `auto` draws as light).
    #[serde(skip)]
    pub theme: Theme,
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
    /// Decimals of this panel's labels: the figure's automatic choice capped where this panel's
    /// noise starts (see [`noise_decimals`]), or the option's; in a reconciliation, the
    /// recomputed means and differences need more than the reported figures.
    pub decimals: usize,
    /// Lines under the title: what a view of a larger table shows, a comparison's statistics.
    pub subtitle: Vec<String>,
    /// Each cell's standard error (row-major), where the data report one or the benchmark's items
    /// give one; empty for panels without (differences, histograms, and grids where no cell
    /// has one).
    pub errors: Vec<Option<CellError>>,
    /// What only this kind of panel has.
    #[serde(flatten)]
    pub kind: PanelKind,
}

/// What only one kind of panel has.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum PanelKind {
    /// Values: a model on a benchmark or the mean, or a reconciliation's reported or recomputed
    /// figures.
    Values {
        /// The marginal strips beside the panel, when the figure draws them
        /// ([`Figure::strips`]): each row's and column's mean or best cell, the best ones
        /// (ties included), and, when the uncertainty marks are on, the lines within noise of
        /// the best.
        marginals: Option<PanelMarginals>,
    },
    /// Signed differences on a scale centred on 0: a difference view's panel, or a
    /// reconciliation's third.
    Difference {
        /// This panel's colour bar label when it differs from the figure's (a difference
        /// panel beside panels of values, which has a colour bar of its own).
        value_label: Option<String>,
    },
    /// A pairwise comparison's histogram of items, drawn with the dashed parity diagonal
    /// (x = y) over its cells.
    Histogram(HistogramPanel),
}

/// What a histogram of a pairwise comparison's items has that other panels do not.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HistogramPanel {
    /// The axis names: a pairwise comparison names each axis after its model.
    pub x_name: String,
    pub y_name: String,
    /// How many items the counts are out of (hover then gives each bin's share).
    pub item_total: usize,
}

// The accessors read most often (by the layout, the drawing and hover) are not inlined: measured,
// the default wasm package is 214 bytes smaller gzipped so.
impl FigurePanel {
    /// The marginal strips beside a panel of values, when the figure draws them.
    #[inline(never)]
    pub fn marginals(&self) -> Option<&PanelMarginals> {
        match &self.kind {
            PanelKind::Values { marginals } => marginals.as_ref(),
            _ => None,
        }
    }

    /// This panel's colour bar label when it differs from the figure's (a reconciliation's
    /// difference panel, beside panels of values).
    pub fn value_label(&self) -> Option<&str> {
        match &self.kind {
            PanelKind::Difference { value_label } => value_label.as_deref(),
            _ => None,
        }
    }

    /// What a histogram of a pairwise comparison's items has (`None` for other panels).
    #[inline(never)]
    pub fn histogram(&self) -> Option<&HistogramPanel> {
        match &self.kind {
            PanelKind::Histogram(histogram) => Some(histogram),
            _ => None,
        }
    }
}

/// What the marginal strips beside the panels show of each row and column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum StripValue {
    /// The mean of its present cells.
    Mean,
    /// Its best cell (when the panels are ordered by their best cell).
    Best,
}

/// The marginal strips of a figure: what they show, and the confidence level of their
/// intervals (the uncertainty marks' level, 95 % when the marks are off).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct MarginalStrips {
    pub value: StripValue,
    pub level: f64,
}

impl StripValue {
    /// "mean" or "best", as the key and the hover text say it.
    pub fn word(self) -> &'static str {
        match self {
            StripValue::Mean => "mean",
            StripValue::Best => "best",
        }
    }
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
    /// What the dots on marked cells mean, when any panel marks cells.
    pub mark_label: Option<String>,
    /// True when any panel has a missing cell (the legend then explains the missing style).
    pub has_missing: bool,
    /// The colours around the cells.
    pub theme: Theme,
    /// What only this kind of figure has.
    #[serde(flatten)]
    pub kind: FigureKind,
}

/// What only one kind of figure has.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum FigureKind {
    /// A model, benchmark or grid view: panels of values.
    Values {
        /// What the marginal strips beside each panel show, when it has them (every panel
        /// then has [`FigurePanel::marginals`]).
        strips: Option<MarginalStrips>,
    },
    /// A difference view.
    Difference {
        /// Who is ahead where (the panel's grid is its `grid`).
        difference: Difference,
        /// Where one model is ahead beyond noise, at the uncertainty level (95 % when the
        /// marks are off).
        difference_test: DifferenceTest,
    },
    /// A reconciliation view.
    Reconcile {
        /// The comparison of reported and recomputed cells.
        reconciliation: Reconciliation,
    },
    /// A pairwise figure.
    Pairwise {
        /// The comparison behind each panel, in panel order.
        comparisons: Vec<PairComparison>,
        /// Bin edges of the x and y axes (the categories are bins of a continuous score):
        /// ticks sit on the edges (0, 0.1, ..., 1) instead of under the cells.
        x_edges: Vec<f64>,
        y_edges: Vec<f64>,
    },
}

impl Figure {
    /// What the marginal strips beside each panel show, when the figure draws them.
    pub fn strips(&self) -> Option<MarginalStrips> {
        match self.kind {
            FigureKind::Values { strips } => strips,
            _ => None,
        }
    }

    /// A difference view's tallies of who is ahead where.
    pub fn difference(&self) -> Option<&Difference> {
        match &self.kind {
            FigureKind::Difference { difference, .. } => Some(difference),
            _ => None,
        }
    }

    /// A difference view's cells where one model is ahead beyond noise.
    pub fn difference_test(&self) -> Option<&DifferenceTest> {
        match &self.kind {
            FigureKind::Difference {
                difference_test, ..
            } => Some(difference_test),
            _ => None,
        }
    }

    /// A reconciliation view's comparison of reported and recomputed cells.
    pub fn reconciliation(&self) -> Option<&Reconciliation> {
        match &self.kind {
            FigureKind::Reconcile { reconciliation } => Some(reconciliation),
            _ => None,
        }
    }

    /// A pairwise figure's comparisons, in panel order (empty for a sweep's figure).
    pub fn comparisons(&self) -> &[PairComparison] {
        match &self.kind {
            FigureKind::Pairwise { comparisons, .. } => comparisons,
            _ => &[],
        }
    }

    /// The bin edges of the x and y axes, when the categories are bins of a continuous score
    /// (a pairwise figure's).
    #[inline(never)]
    pub fn bin_edges(&self) -> Option<(&[f64], &[f64])> {
        match &self.kind {
            FigureKind::Pairwise {
                x_edges, y_edges, ..
            } => Some((x_edges, y_edges)),
            _ => None,
        }
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
