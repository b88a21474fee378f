//! The small result objects that `src/wasm/` builds for JavaScript from the core's types: what
//! a dataset, a figure or a comparison tells a caller (`metric()`, `panels()`, `comparePair`,
//! hover on a pairwise bin, ...). They are declared here, outside `src/wasm/` (compiled for
//! wasm32 only), so that ts-rs sees them in the native tests and their TypeScript declarations
//! are generated like those of the core's own results (`src/typescript.rs`). Keys are camelCase,
//! as everywhere JavaScript reads a result.

// Built only by src/wasm/, which native builds leave out: natively only the TypeScript test
// (src/typescript.rs) reads these types.
#![cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]

use serde::Serialize;

#[cfg(feature = "analyses")]
use crate::analysis::{Marginals, Summary, Trends};
#[cfg(feature = "figures")]
use crate::figure::{DifferenceLines, MismatchTable, Observation};
#[cfg(feature = "pairwise")]
use crate::pairwise::PairComparison;

/// A colour map of `colorMaps()`: `name` goes in options, `label` is for people.
#[cfg(feature = "figures")]
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct ColorMapInfo {
    pub name: &'static str,
    pub label: &'static str,
    pub diverging: bool,
}

/// The measured quantity.
#[cfg(feature = "figures")]
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct MetricInfo<'a> {
    pub name: &'a str,
    #[cfg_attr(test, ts(type = "Direction"))]
    pub direction: &'static str,
    pub unit: Option<&'a str>,
}

/// One hyperparameter axis, categories in axis order (ascending when numeric).
#[cfg(feature = "figures")]
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct AxisInfo<'a> {
    pub name: &'a str,
    pub labels: &'a [String],
    /// The numeric value of each label, or `None` when the axis is categorical.
    pub values: Option<&'a [f64]>,
}

/// One model x benchmark panel and how many of its cells are present and missing.
#[cfg(feature = "figures")]
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct PanelInfo<'a> {
    pub model: &'a str,
    pub benchmark: &'a str,
    /// "Model | Benchmark", leaving out facets the data do not have.
    pub title: String,
    pub present: usize,
    pub missing: usize,
}

/// Metadata of one benchmark.
#[cfg(feature = "figures")]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "BenchmarkInfo"))]
pub(crate) struct BenchmarkMetadata<'a> {
    pub name: &'a str,
    /// Items (problems) in the benchmark, e.g. 30 for AIME24.
    pub items: Option<u32>,
    /// Samples per item when a score averages several.
    pub samples_per_item: Option<u32>,
    /// For a reported aggregate (a paper's average), the benchmarks it averages.
    pub aggregate_of: Option<&'a [String]>,
}

/// `SweepDataset.analysis(model, benchmark)`.
#[cfg(feature = "analyses")]
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct PanelAnalysis {
    /// `None` when the panel has no present cell.
    pub summary: Option<Summary>,
    pub trends: Trends,
    pub marginals: Marginals,
}

/// A size in CSS px.
#[cfg(feature = "figures")]
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct FigureSize {
    pub width: f64,
    pub height: f64,
}

/// A range of values, the smaller first.
#[cfg(feature = "figures")]
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct ValueRange {
    pub min: f64,
    pub max: f64,
}

/// One panel of a drawn figure.
#[cfg(feature = "figures")]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct FigurePanelInfo<'a> {
    pub title: &'a str,
    pub model: Option<&'a str>,
    pub benchmark: Option<&'a str>,
    /// Cells across (x) and down (y).
    pub columns: usize,
    pub rows: usize,
    /// The accessible description: title, peak and where, colour range.
    pub description: String,
    /// Decimals of the panel's value labels.
    pub decimals: usize,
    /// Whether the cells carry the noise estimate the uncertainty marks need (standard errors
    /// from items or replicates; in a difference, cells where both models have one).
    pub noise_estimate: bool,
    /// Whether the panel has marginal strips: their cells are x = columns (the row strip, one
    /// per row) and y = rows (the column strip), for `cellInfo`, `cellRect` and `hitTest`.
    pub strips: bool,
}

/// Key observations about one panel (or "Across panels"): sentences with the facts they state.
#[cfg(feature = "figures")]
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "ObservationSection"))]
pub(crate) struct Section<'a> {
    pub title: &'a str,
    pub observations: &'a [Observation],
}

/// Every section of `observations`, in order.
#[cfg(feature = "figures")]
pub(crate) fn sections(sections: &[(String, Vec<Observation>)]) -> Vec<Section<'_>> {
    let mut list = Vec::with_capacity(sections.len());
    for (title, observations) in sections {
        list.push(Section {
            title,
            observations,
        });
    }
    list
}

/// What the page writes under a sweep figure, every text written by the figure.
#[cfg(feature = "figures")]
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "KeyObservations"))]
pub(crate) struct ShownObservations<'a> {
    /// What the figure shows of a larger table (a run table's view,
    /// `SweepProjection.description`); `None` otherwise.
    pub shows: Option<&'a str>,
    /// One section per panel, in panel order.
    pub panels: Vec<Section<'a>>,
    /// "Across panels", when it has any observation.
    pub across: Vec<Section<'a>>,
    /// For the "difference" layout: who is ahead how often, as lines under a heading.
    pub difference: Option<&'a DifferenceLines>,
    /// For the "reconcile" layout: the cells that differ beyond rounding, largest gap first.
    pub mismatches: Option<&'a MismatchTable>,
    /// The canvas' accessible description ("Key observations. ..."); "" when there are none.
    pub description: String,
    /// With a slice shown (the slice package): what the observations are about, the heatmap's
    /// cells the slice is read from; absent otherwise.
    #[cfg(feature = "slice")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub scope: Option<&'static str>,
}

/// Shares of the paired items; `None` when there are none.
#[cfg(feature = "pairwise")]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "PairShares"))]
pub(crate) struct Shares {
    pub a_ahead: Option<f64>,
    pub tied: Option<f64>,
    pub b_ahead: Option<f64>,
}

#[cfg(feature = "pairwise")]
impl Shares {
    /// The shares of a comparison's paired items.
    pub fn of(comparison: &PairComparison) -> Shares {
        Shares {
            a_ahead: comparison.a_ahead_share(),
            tied: comparison.tied_share(),
            b_ahead: comparison.b_ahead_share(),
        }
    }
}

/// One panel (one pair) of a pairwise figure.
#[cfg(feature = "pairwise")]
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct PairwisePanelInfo<'a> {
    /// "model-a vs model-b", with " | group" when restricted to one.
    pub title: &'a str,
    /// Bins across (x) and down (y).
    pub columns: usize,
    pub rows: usize,
    pub description: String,
    /// Decimals of the bins' labels.
    pub decimals: usize,
    /// The statistics lines under the title.
    pub subtitle: &'a [String],
}

/// What hover adds about a bin of a pairwise figure to the cell information
/// (`PairwiseCellInfo` is both).
#[cfg(feature = "pairwise")]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "PairwiseBin"))]
pub(crate) struct BinDetails {
    /// Model A's scores in the bin, `[low, high)`: the last bin includes 1.
    pub x_range: (f64, f64),
    /// Model B's scores in the bin.
    pub y_range: (f64, f64),
    /// Items in the bin.
    pub count: f64,
    /// `count` over the pair's paired items; `None` when there are none.
    pub share: Option<f64>,
    /// The share in words: "6.3 % of 285 paired items", or "– (no paired items)".
    pub share_text: String,
    /// The ranges in words: "[0.2, 0.3)", and "[0.9, 1]" for the last bin, which includes 1.
    pub x_range_text: String,
    pub y_range_text: String,
    /// One line for the live region: "model-a vs model-b: model-a [0.2, 0.3), ...: 3 items,
    /// 6.3 % of 285 paired items."
    pub announcement: String,
    /// The bin's tooltip rows ([`bin_tooltip`]), in place of a cell's.
    #[cfg_attr(test, ts(type = "TooltipRow[]"))]
    pub tooltip: Vec<crate::figure::TooltipRow>,
}

/// A bin's tooltip rows: its two ranges under the models' names, its items (the value) and its
/// share: "Items: 18", "Share: 6.3 % of 285 paired items".
#[cfg(feature = "pairwise")]
pub(crate) fn bin_tooltip(
    (x_name, x_range_text): (&str, &str),
    (y_name, y_range_text): (&str, &str),
    count: f64,
    share_text: &str,
) -> Vec<crate::figure::TooltipRow> {
    let row = |term: &str, text: &str, value: bool| crate::figure::TooltipRow {
        term: term.to_string(),
        text: text.to_string(),
        value,
    };
    vec![
        row(x_name, x_range_text, false),
        row(y_name, y_range_text, false),
        row("Items", &crate::link::js_number(count), true),
        row("Share", share_text, false),
    ]
}

#[cfg(all(test, feature = "pairwise"))]
mod bin_tests {
    #[test]
    fn a_bins_tooltip_says_its_ranges_items_and_share() {
        let rows = super::bin_tooltip(
            ("model-a", "[0.2, 0.3)"),
            ("model-b", "[0.9, 1]"),
            18.0,
            "6.3 % of 285 paired items",
        );
        let shown: Vec<(&str, &str, bool)> = rows
            .iter()
            .map(|row| (row.term.as_str(), row.text.as_str(), row.value))
            .collect();
        assert_eq!(
            shown,
            [
                ("model-a", "[0.2, 0.3)", false),
                ("model-b", "[0.9, 1]", false),
                ("Items", "18", true),
                ("Share", "6.3 % of 285 paired items", false),
            ]
        );
    }
}
