//! Pairwise figures: per-item scores of model A against model B as 2D histograms, one panel per
//! pair, drawn by the same layout and renderer as sweeps.
//!
//! Each panel bins the items both models scored over [0, 1] x [0, 1] (A on x, B on y), colours
//! each bin by its item count or its share of the pair's items (linearly or logarithmically),
//! draws the dashed parity diagonal, and states under its title who is ahead how often, the mean
//! paired difference and the sign test, with the items only one model scored.

use serde::{Deserialize, Serialize};

use super::comparisons::pair_title;
use super::prepare::{finish, Draft, Frame, Panels};
use super::wording::{format_p_value, format_percent};
use super::{format_value, BinValue, Figure, FigureKind, FigureOptions, HistogramPanel, PanelKind};
use crate::color::{ColorMap, DomainMode, Theme, Transform};
use crate::error::{Error, Result};
use crate::pairwise::{compare_all_pairs, PairComparison, PairwiseDataset};
use crate::{Axis, Direction, Grid};

/// Everything that decides how a pairwise figure looks, apart from its size. Its `Default` is the
/// view spec's defaults (`PairwiseView::default()`, in `src/view/pairwise.rs`, where the impl is).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PairwiseOptions {
    /// The models to compare, every pair among them; empty for the default models
    /// ([`default_pairwise_models`]: the first [`DEFAULT_PAIRWISE_MODELS`]).
    pub models: Vec<String>,
    /// Restrict to one group (benchmark or task); `None` for all items.
    pub group: Option<String>,
    /// Bins along x (model A) and y (model B).
    pub bins: (usize, usize),
    /// Count or share.
    pub value: BinValue,
    /// Colour by `ln(1 + value)`, so that sparse bins stay visible beside dense ones.
    pub logarithmic: bool,
    pub color_map: ColorMap,
    pub reversed: bool,
    /// Per panel, shared (the default here: bins compare across pairs) or fixed.
    pub domain: DomainMode,
    pub annotate: bool,
    pub decimals: Option<u8>,
    /// The colours around the cells (resolved: `auto` draws as light).
    #[serde(skip)]
    pub theme: Theme,
}

/// How many models a pairwise figure compares when none are chosen. Every pair is a panel, so
/// every model of 40 would be 780 panels: about a second to draw and more than anyone reads.
/// Five models are ten pairs; people tick the others they want to see.
pub const DEFAULT_PAIRWISE_MODELS: usize = 5;

/// The models a pairwise figure compares when none are chosen: the first
/// [`DEFAULT_PAIRWISE_MODELS`] of `models` (the data's order), every model when there are no
/// more. The one definition the figure options, the wasm binding and (through `linkSchema()`)
/// the page use.
pub fn default_pairwise_models(models: &[String]) -> &[String] {
    models.get(..DEFAULT_PAIRWISE_MODELS).unwrap_or(models)
}

/// The statistics under a pair's title: who is ahead how often; the mean difference, the sign
/// test and how many items the histogram holds (and how many only one model scored).
fn subtitle(comparison: &PairComparison) -> Vec<String> {
    let (a, b) = (&comparison.model_a, &comparison.model_b);
    let shares = format!(
        "{a} ahead {} · tied {} · {b} ahead {}",
        format_percent(comparison.a_ahead_share(), 0),
        format_percent(comparison.tied_share(), 0),
        format_percent(comparison.b_ahead_share(), 0)
    );
    let mut detail = Vec::new();
    if let Some(mean) = comparison.mean_difference {
        detail.push(format!("mean A − B {}", format_value(mean, 3)));
    }
    if let Some(p) = comparison.sign_test_p_value {
        detail.push(format!("sign test p {}", format_p_value(Some(p))));
    }
    let mut items = format!("n = {}", comparison.paired);
    let one_sided = comparison.only_a + comparison.only_b;
    if one_sided > 0 {
        items.push_str(&format!(" (+{one_sided} scored by one)"));
    }
    detail.push(items);
    vec![shares, detail.join(" · ")]
}

/// Bin labels and edges over [0, 1]: "0.0–0.1", ... and 0, 0.1, ..., 1.
fn bin_axis(name: &str, bins: usize) -> (Axis, Vec<f64>) {
    let edges: Vec<f64> = (0..=bins).map(|i| i as f64 / bins as f64).collect();
    let decimals = super::choose_decimals(&edges).max(1);
    let labels = edges
        .iter()
        .zip(edges.iter().skip(1))
        .map(|(low, high)| {
            format!(
                "{}–{}",
                format_value(*low, decimals),
                format_value(*high, decimals)
            )
        })
        .collect();
    let axis = Axis {
        name: name.to_string(),
        labels,
        values: None,
    };
    (axis, edges)
}

/// Resolves pairwise options against per-item scores into a figure of every pair's histogram:
/// a panel per pair, finished by the pass every figure shares (colours, decimals, key).
pub fn prepare_pairwise_figure(
    dataset: &PairwiseDataset,
    options: &PairwiseOptions,
) -> Result<Figure> {
    if matches!(options.domain, DomainMode::Centered { .. }) {
        return Err(Error::InvalidField {
            field: "domain".into(),
            expected: "\"panel\", \"shared\" or \"fixed\" for counts, which have no centre".into(),
        });
    }
    options.domain.validate()?;
    let models: &[String] = if options.models.is_empty() {
        default_pairwise_models(dataset.models())
    } else {
        &options.models
    };
    let models: Vec<&str> = models.iter().map(String::as_str).collect();
    // Every pair is a panel: a few thousand models would ask for millions of histograms.
    crate::limits::check_pairs(models.len(), options.bins.0, options.bins.1)?;
    let comparisons = compare_all_pairs(dataset, &models, options.bins, options.group.as_deref())?;
    let mut drafts = Vec::with_capacity(comparisons.len());
    for comparison in &comparisons {
        let grid = match options.value {
            BinValue::Count => comparison.histogram.clone(),
            BinValue::Share => scale_grid(&comparison.histogram_shares(), 100.0),
        };
        let mut draft = Draft::new(pair_title(comparison), None, comparison.group.clone(), grid)
            .of_kind(PanelKind::Histogram(HistogramPanel {
                x_name: comparison.x_label(),
                y_name: comparison.y_label(),
                item_total: comparison.paired,
            }));
        draft.subtitle = subtitle(comparison);
        drafts.push(draft);
    }
    let (x, x_edges) = bin_axis(dataset.score_name(), options.bins.0);
    let (y, y_edges) = bin_axis(dataset.score_name(), options.bins.1);
    let value_label = match options.value {
        BinValue::Count => "Items",
        BinValue::Share => "Share of paired items (%)",
    };
    let panels = Panels {
        columns: drafts.len().min(3),
        drafts,
        direction: Direction::Higher,
        value_label: Some(value_label.to_string()),
        domain: options.domain,
        color_map: options.color_map,
        transform: Some(if options.logarithmic {
            Transform::LN_1P
        } else {
            Transform::Linear
        }),
        mark_label: None,
        kind: FigureKind::Pairwise {
            comparisons,
            x_edges,
            y_edges,
        },
        arrange: None,
    };
    // Counts are whole, shares of paired items are written to a tenth of a percent.
    let decimals = options.decimals.unwrap_or(match options.value {
        BinValue::Count => 0,
        BinValue::Share => 1,
    });
    let look = FigureOptions {
        color_map: options.color_map,
        reversed: options.reversed,
        domain: options.domain,
        annotate: options.annotate,
        decimals: Some(decimals),
        theme: options.theme,
        ..FigureOptions::default()
    };
    let frame = Frame {
        caption: super::synthetic_caption(dataset.title(), dataset.source()),
        x,
        y,
    };
    finish(frame, &look, panels)
}

fn scale_grid(grid: &Grid, factor: f64) -> Grid {
    let mut scaled = grid.clone();
    for (x, y, cell) in grid.present() {
        scaled.set(x, y, Some(crate::Cell::single(cell.mean * factor)));
    }
    scaled
}
