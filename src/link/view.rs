//! The view state a link describes, the context it is read against, and its notices. Field
//! names are the page's (camelCase), so the states cross to JavaScript as they are. Nothing here
//! derives `Deserialize`: the wasm binding reads the page's objects field by hand, which costs a
//! fraction of the code a derived deserializer per type does.
//!
//! The view states themselves, their settings, defaults and bounds are the view spec's
//! ([`crate::view`]); the words of the figure's own settings ([`Layout`], [`Range`],
//! [`BinValue`]) are the figure's (`crate::figure::words`), used from here.

use serde::Serialize;

use crate::figure::words::serialize_by_name;
pub use crate::figure::{BinValue, Layout, Named, Range, DEFAULT_PAIRWISE_MODELS};

serialize_by_name!(Format, DataKind);

/// Where the data come from.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Source {
    /// A bundled dataset by its id (`None` when no dataset is bundled).
    Bundled { id: Option<String> },
    /// A file fetched from an http(s) URL.
    Url { url: String, format: Format },
    /// A local file: carried by the link (`data`), or opened in this page and too large to carry.
    Local {
        name: String,
        format: Format,
        data: Option<String>,
        /// Identifies the file in the page's memory; never written to a link.
        key: String,
    },
}

/// A file format a source may declare (also what `loadDataset`, `loadPairwise` and `guessKind`
/// take as `format`); `Auto` is never written to a link.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    #[default]
    Auto,
    Csv,
    Json,
}

impl Named for Format {
    const ALL: &'static [Self] = &[Format::Auto, Format::Csv, Format::Json];

    fn name(self) -> &'static str {
        match self {
            Format::Auto => "auto",
            Format::Csv => "csv",
            Format::Json => "json",
        }
    }
}

impl Format {
    /// Whether a text of this format is JSON; `None` for `Auto`: the text decides.
    pub fn is_json(self) -> Option<bool> {
        match self {
            Format::Auto => None,
            Format::Csv => Some(false),
            Format::Json => Some(true),
        }
    }
}

/// Which of model, model B, benchmark and the uncertainty marks a layout uses: a link keeps
/// only these, and the page shows only their controls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LayoutUses {
    pub model: bool,
    pub model_b: bool,
    pub benchmark: bool,
    pub uncertainty: bool,
    /// The panel order (a view of several panels of one kind).
    pub order: bool,
}

// Here rather than beside `Layout` in `figure::words`: what a link keeps is the link's business.
impl Layout {
    /// What this layout uses (see [`LayoutUses`]).
    pub fn uses(self) -> LayoutUses {
        use Layout::*;
        LayoutUses {
            model: matches!(self, Model | Difference | Reconcile),
            model_b: self == Difference,
            benchmark: matches!(self, Benchmark | Difference | Reconcile),
            uncertainty: self != Reconcile,
            order: matches!(self, Model | Benchmark | Grid),
        }
    }
}

/// A whole view: of a sweep, or of pairwise comparisons.
#[derive(Debug, Clone, PartialEq)]
pub enum ViewState {
    Sweep(SweepView),
    Pairwise(PairwiseView),
}

impl ViewState {
    /// Where the view's data come from.
    pub fn source(&self) -> &Source {
        match self {
            ViewState::Sweep(view) => &view.source,
            ViewState::Pairwise(view) => &view.source,
        }
    }
}

/// The kind of data a link is read for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DataKind {
    #[default]
    Sweep,
    Pairwise,
}

impl Named for DataKind {
    const ALL: &'static [Self] = &[DataKind::Sweep, DataKind::Pairwise];

    fn name(self) -> &'static str {
        match self {
            DataKind::Sweep => "sweep",
            DataKind::Pairwise => "pairwise",
        }
    }
}

/// A colour map as `colorMaps()` lists it: a link may name it by name or label, in any case.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct ColorMapName {
    pub name: String,
    pub label: String,
}

/// What a link is checked against: the names of the data it is for and what the page offers.
/// A list left out (`None`) is not checked: any name is taken as it is.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct LinkContext {
    pub kind: DataKind,
    /// Models, the first the default.
    pub models: Option<Vec<String>>,
    /// Benchmarks, the first the default.
    pub benchmarks: Option<Vec<String>>,
    /// The reported aggregates (benchmarks with `aggregate_of`), the first the default.
    pub aggregates: Option<Vec<String>>,
    /// Groups of pairwise data.
    pub groups: Option<Vec<String>>,
    pub color_maps: Option<Vec<ColorMapName>>,
    /// The bundled dataset ids, the first the default; empty: any id is taken.
    pub datasets: Vec<String>,
}

/// A problem with one key of a link, in words the page shows as they are.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "LinkNotice"))]
pub struct Notice {
    /// The key (or keys, comma-separated) the notice is about.
    pub key: String,
    /// The value as written, when the notice is about one.
    pub value: Option<String>,
    pub message: String,
}

/// A link read: the view it opens and what was wrong with it.
#[derive(Debug, Clone, PartialEq)]
pub struct ParsedLink {
    pub state: ViewState,
    pub notices: Vec<Notice>,
}

/// Most decimals a link carries and the page offers.
pub use crate::view::{
    PairwiseView, SweepView, BINS, LEVELS, MAX_OFFERED_DECIMALS, MEAN_BENCHMARK,
};

#[cfg(test)]
mod tests {
    use super::*;

    use crate::figure::words::check_named;

    /// The link's own settings; the figure's are checked in `figure::words`.
    #[test]
    fn named_settings_have_one_word_each() {
        check_named::<Format>(&["auto", "csv", "json"]);
        check_named::<DataKind>(&["sweep", "pairwise"]);
    }

    #[test]
    fn defaults_are_among_the_values_offered() {
        use crate::figure::{FigureOptions, PairwiseOptions};
        let sweep = SweepView::default();
        assert!(Layout::ALL.contains(&sweep.layout));
        assert!(Range::ALL.contains(&sweep.range));
        let pairwise = PairwiseView::default();
        assert!(BINS.contains(&pairwise.bins));
        assert!(Range::PAIRWISE.contains(&pairwise.range));
        assert!(BinValue::ALL.contains(&pairwise.value));
        assert_eq!((sweep.range, pairwise.range), (Range::Panel, Range::Shared));
        // The figures' own defaults, where they have the setting.
        assert_eq!(
            sweep.range.mode(sweep.min, sweep.max, sweep.center),
            FigureOptions::default().domain
        );
        let figure = PairwiseOptions::default();
        assert_eq!(pairwise.range.mode(None, None, 0.0), figure.domain);
        assert_eq!(pairwise.value, figure.value);
        assert_eq!(
            (pairwise.bins as usize, pairwise.bins as usize),
            figure.bins
        );
        assert_eq!(sweep.color_map, figure.color_map.name());
        // The level the page offers first, and the figures' when none is chosen.
        assert!(LEVELS.contains(&crate::figure::DEFAULT_LEVEL));
    }

    #[test]
    fn layouts_use_what_their_figures_show() {
        let uses: Vec<[bool; 4]> = Layout::ALL
            .iter()
            .map(|layout| {
                let u = layout.uses();
                [u.model, u.model_b, u.benchmark, u.uncertainty]
            })
            .collect();
        assert_eq!(
            uses,
            [
                [true, false, false, true],
                [false, false, true, true],
                [false, false, false, true],
                [true, true, true, true],
                [true, false, true, false],
            ]
        );
    }
}
