//! The view state a link describes, the context it is read against, and its notices. Field
//! names are the page's (camelCase), so the states cross to JavaScript as they are. Nothing here
//! derives `Deserialize`: the wasm binding reads the page's objects field by hand, which costs a
//! fraction of the code a derived deserializer per type does.
//!
//! This module is the one source of the link format's words, lists and defaults: the parser, the
//! writer, the wasm binding and the page (through `linkSchema()`) all read them from here. The
//! words of each setting are in [`Named::name`] (also what serde writes), the lists in
//! [`Named::ALL`], and the defaults in [`SweepView::default`] and [`PairwiseView::default`].

use serde::{Serialize, Serializer};

/// A setting a link names by a fixed word (`layout=grid`, `range=fixed`, ...).
pub trait Named: Copy + PartialEq + 'static {
    /// Every value, in the order the page lists them.
    const ALL: &'static [Self];

    /// The value's word in links and in the page's state objects.
    fn name(self) -> &'static str;

    // Few iterator adaptors below: each is compiled once per type, and `copied().find()` and
    // `map().collect()` made that several functions a type in the wasm.

    /// The value of `choices` whose word is exactly `word` (links trim and lower-case first).
    fn among(choices: &[Self], word: &str) -> Option<Self> {
        choices.iter().find(|value| value.name() == word).copied()
    }

    /// The words of `choices`, for messages and for the page.
    fn names(choices: &[Self]) -> Vec<&'static str> {
        let mut names = Vec::with_capacity(choices.len());
        for &value in choices {
            names.push(value.name());
        }
        names
    }
}

/// Serializes each type as its [`Named::name`], so the state objects the page gets and the
/// links it writes can never spell a value two ways.
macro_rules! serialize_by_name {
    ($($named:ty),*) => {$(
        impl Serialize for $named {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.name())
            }
        }
    )*};
}

serialize_by_name!(Format, Layout, Range, BinValue, DataKind);

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

/// A file format a source may declare; `Auto` is never written to a link.
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

/// Sweep layouts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Layout {
    #[default]
    Model,
    Benchmark,
    Grid,
    Difference,
    Reconcile,
}

impl Named for Layout {
    const ALL: &'static [Self] = &[
        Layout::Model,
        Layout::Benchmark,
        Layout::Grid,
        Layout::Difference,
        Layout::Reconcile,
    ];

    fn name(self) -> &'static str {
        match self {
            Layout::Model => "model",
            Layout::Benchmark => "benchmark",
            Layout::Grid => "grid",
            Layout::Difference => "difference",
            Layout::Reconcile => "reconcile",
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
}

impl Layout {
    /// What this layout uses (see [`LayoutUses`]).
    pub fn uses(self) -> LayoutUses {
        use Layout::*;
        LayoutUses {
            model: matches!(self, Model | Difference | Reconcile),
            model_b: self == Difference,
            benchmark: matches!(self, Benchmark | Difference | Reconcile),
            uncertainty: self != Reconcile,
        }
    }
}

/// Colour range modes (pairwise figures have no `Centered`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Range {
    Panel,
    Shared,
    Fixed,
    Centered,
}

impl Named for Range {
    /// The modes of sweeps.
    const ALL: &'static [Self] = &[Range::Panel, Range::Shared, Range::Fixed, Range::Centered];

    fn name(self) -> &'static str {
        match self {
            Range::Panel => "panel",
            Range::Shared => "shared",
            Range::Fixed => "fixed",
            Range::Centered => "centered",
        }
    }
}

impl Range {
    /// The modes of pairwise figures: counts have no centre.
    pub const PAIRWISE: &'static [Self] = &[Range::Panel, Range::Shared, Range::Fixed];
}

/// What a pairwise bin's colour says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BinValue {
    #[default]
    Count,
    Share,
}

impl Named for BinValue {
    const ALL: &'static [Self] = &[BinValue::Count, BinValue::Share];

    fn name(self) -> &'static str {
        match self {
            BinValue::Count => "count",
            BinValue::Share => "share",
        }
    }
}

/// The view of a sweep. `None` for model, model B and benchmark is "the dataset's default".
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SweepView {
    pub source: Source,
    pub layout: Layout,
    pub model: Option<String>,
    pub model_b: Option<String>,
    pub benchmark: Option<String>,
    pub color_map: String,
    pub reversed: bool,
    pub range: Range,
    pub min: Option<f64>,
    pub max: Option<f64>,
    pub center: f64,
    pub annotate: bool,
    pub decimals: Option<u32>,
    /// A confidence level of [`LEVELS`], or `None` for no marks.
    pub uncertainty: Option<f64>,
}

impl Default for SweepView {
    fn default() -> Self {
        Self {
            source: Source::Bundled { id: None },
            layout: Layout::Model,
            model: None,
            model_b: None,
            benchmark: None,
            color_map: DEFAULT_COLOR_MAP.into(),
            reversed: false,
            range: Range::Panel,
            min: None,
            max: None,
            center: 0.0,
            annotate: true,
            decimals: None,
            uncertainty: None,
        }
    }
}

/// The view of pairwise comparisons. `models` is `None` for every model; `group` `None` for all.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PairwiseView {
    pub source: Source,
    pub models: Option<Vec<String>>,
    pub group: Option<String>,
    pub bins: u32,
    pub value: BinValue,
    pub logarithmic: bool,
    pub color_map: String,
    pub reversed: bool,
    pub range: Range,
    pub min: Option<f64>,
    pub max: Option<f64>,
    pub annotate: bool,
    pub decimals: Option<u32>,
}

impl Default for PairwiseView {
    fn default() -> Self {
        Self {
            source: Source::Bundled { id: None },
            models: None,
            group: None,
            bins: DEFAULT_BINS,
            value: BinValue::Count,
            logarithmic: false,
            color_map: DEFAULT_COLOR_MAP.into(),
            reversed: false,
            range: Range::Shared,
            min: None,
            max: None,
            annotate: true,
            decimals: None,
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

/// Confidence levels of the uncertainty marks.
pub const LEVELS: [f64; 3] = [0.9, 0.95, 0.99];
/// Bins per score axis the page offers.
pub const BINS: [u32; 3] = [5, 10, 20];
const DEFAULT_BINS: u32 = 10;
pub(super) const DEFAULT_COLOR_MAP: &str = "viridis";
/// Most decimals the page offers.
pub const MAX_DECIMALS: u32 = 6;
/// The benchmark that means "the mean across benchmarks".
pub const MEAN_BENCHMARK: &str = ":mean";

#[cfg(test)]
mod tests {
    use super::*;

    /// Every value of a named setting: its word is unique, reads back as it, and is what serde
    /// writes into the page's state objects.
    fn check_named<T: Named + std::fmt::Debug + Serialize>(expected: &[&str]) {
        assert_eq!(T::names(T::ALL), expected);
        for &value in T::ALL {
            assert_eq!(T::among(T::ALL, value.name()), Some(value));
            assert_eq!(
                serde_json::to_string(&value).ok(),
                Some(format!("\"{}\"", value.name()))
            );
        }
        assert_eq!(T::among(T::ALL, "nope"), None);
    }

    #[test]
    fn named_settings_have_one_word_each() {
        check_named::<Layout>(&["model", "benchmark", "grid", "difference", "reconcile"]);
        check_named::<Range>(&["panel", "shared", "fixed", "centered"]);
        check_named::<Format>(&["auto", "csv", "json"]);
        check_named::<BinValue>(&["count", "share"]);
        check_named::<DataKind>(&["sweep", "pairwise"]);
        assert_eq!(
            Range::names(Range::PAIRWISE),
            ["panel", "shared", "fixed"],
            "pairwise ranges"
        );
        assert_eq!(Range::among(Range::PAIRWISE, "centered"), None);
    }

    #[test]
    fn defaults_are_among_the_values_offered() {
        let sweep = SweepView::default();
        assert!(Layout::ALL.contains(&sweep.layout));
        assert!(Range::ALL.contains(&sweep.range));
        let pairwise = PairwiseView::default();
        assert!(BINS.contains(&pairwise.bins));
        assert!(Range::PAIRWISE.contains(&pairwise.range));
        assert!(BinValue::ALL.contains(&pairwise.value));
        assert_eq!((sweep.range, pairwise.range), (Range::Panel, Range::Shared));
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
