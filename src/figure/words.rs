//! The fixed words of figure settings: one enum per setting, its words in one place.
//!
//! A figure's layout, colour range mode and pairwise bin value are each named by a word in
//! three places: the figure options JavaScript passes (`layout: "grid"`), the share links
//! (`layout=grid`) and `linkSchema()`, which lists them for the page. All three read and write
//! the enums here, through [`Named`]: the words in [`Named::name`], the lists in [`Named::ALL`],
//! and serde writes each value as its word. So a word can never be accepted by one and refused
//! by another.
//!
//! They live in `figure`, not in `link`, because they are the figure's own vocabulary: the
//! figure draws by [`BinValue`], and [`Layout`] and [`Range`] are the choices behind its
//! [`View`](super::View) and [`DomainMode`]. Settings that are not the figure's (a source's file
//! format, the kind of data a link is for) implement [`Named`] where they belong, in `link`.

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};

use crate::analysis::{Across, SliceAxis};
use crate::color::DomainMode;

/// A setting named by a fixed word (`layout=grid`, `domain: "fixed"`, ...).
pub trait Named: Copy + PartialEq + 'static {
    /// Every value, in the order the page lists them.
    const ALL: &'static [Self];

    /// The value's word in options, links and the page's state objects.
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

/// Serializes each type as its [`Named::name`], so the objects the page gets and the links it
/// writes can never spell a value two ways.
macro_rules! serialize_by_name {
    ($($named:ty),*) => {$(
        impl serde::Serialize for $named {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> ::std::result::Result<S::Ok, S::Error> {
                serializer.serialize_str($crate::figure::Named::name(*self))
            }
        }
    )*};
}
pub(crate) use serialize_by_name;

serialize_by_name!(
    Layout,
    Range,
    BinValue,
    Strips,
    Chart,
    SliceAxis,
    SliceAcross
);

/// Sweep layouts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Layout {
    /// One model across its benchmarks.
    #[default]
    Model,
    /// One benchmark (or the mean) across models.
    Benchmark,
    /// Every model x benchmark.
    Grid,
    /// One model minus another on one benchmark (or the mean).
    Difference,
    /// A reported aggregate of one model against the mean of its parts.
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

/// Marginal strips beside each panel (the `marginals` setting): each row's and column's mean,
/// or best cell, as a strip of cells on the panel's colour scale.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Strips {
    /// On when the panels are larger than 6 x 6 (more than 6 columns or more than 6 rows, and
    /// at least 2 of each): see [`Strips::resolve`].
    #[default]
    Auto,
    On,
    Off,
}

impl Named for Strips {
    const ALL: &'static [Self] = &[Strips::Auto, Strips::On, Strips::Off];

    fn name(self) -> &'static str {
        match self {
            Strips::Auto => "auto",
            Strips::On => "on",
            Strips::Off => "off",
        }
    }
}

impl Strips {
    /// The largest side of a grid that `auto` draws without strips.
    pub const AUTO_LARGEST_PLAIN: usize = 6;

    /// Whether strips are drawn for panels of `columns` x `rows` cells: `auto` when either side
    /// is more than 6 and neither is a single line (whose strip would repeat its cells).
    pub fn resolve(self, columns: usize, rows: usize) -> bool {
        match self {
            Strips::On => true,
            Strips::Off => false,
            Strips::Auto => columns.max(rows) > Self::AUTO_LARGEST_PLAIN && columns.min(rows) >= 2,
        }
    }
}

/// What a sweep figure draws (the `chart` setting): the heatmap of each panel, or the slice
/// of the panels along one axis (`along`, `across`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Chart {
    #[default]
    Heatmap,
    Slice,
}

impl Named for Chart {
    const ALL: &'static [Self] = &[Chart::Heatmap, Chart::Slice];

    fn name(self) -> &'static str {
        match self {
            Chart::Heatmap => "heatmap",
            Chart::Slice => "slice",
        }
    }
}

impl Named for SliceAxis {
    const ALL: &'static [Self] = &[SliceAxis::X, SliceAxis::Y];

    fn name(self) -> &'static str {
        match self {
            SliceAxis::X => "x",
            SliceAxis::Y => "y",
        }
    }
}

/// What a slice does with the other axis (the `across` setting): `auto` is a line per value
/// when the view shows one panel and the other axis has at most 10 values, else each point's
/// best over it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SliceAcross {
    #[default]
    Auto,
    Each,
    Best,
    Mean,
}

impl Named for SliceAcross {
    const ALL: &'static [Self] = &[
        SliceAcross::Auto,
        SliceAcross::Each,
        SliceAcross::Best,
        SliceAcross::Mean,
    ];

    fn name(self) -> &'static str {
        match self {
            SliceAcross::Auto => "auto",
            SliceAcross::Each => "each",
            SliceAcross::Best => "best",
            SliceAcross::Mean => "mean",
        }
    }
}

impl SliceAcross {
    /// The choice for a figure of `panels` panels whose other axis has `values` values.
    pub fn resolve(self, panels: usize, values: usize) -> Across {
        match self {
            SliceAcross::Each => Across::Each,
            SliceAcross::Best => Across::Best,
            SliceAcross::Mean => Across::Mean,
            SliceAcross::Auto if panels == 1 && values <= crate::color::SERIES_COLORS => {
                Across::Each
            }
            SliceAcross::Auto => Across::Best,
        }
    }
}

/// Colour range modes: the choice behind a [`DomainMode`], without its numbers (pairwise
/// figures have no `Centered`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Range {
    /// Each panel spans its own values.
    Panel,
    /// One range for every panel.
    Shared,
    /// From a given minimum to a given maximum.
    Fixed,
    /// Symmetric around a given centre.
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

    /// The figure's domain mode with these bounds and centre. A fixed range without both
    /// bounds (which option and link checks never let through) spans 0 to 1.
    pub fn mode(self, min: Option<f64>, max: Option<f64>, center: f64) -> DomainMode {
        match self {
            Range::Panel => DomainMode::PerPanel,
            Range::Shared => DomainMode::Shared,
            Range::Fixed => DomainMode::Fixed {
                min: min.unwrap_or(0.0),
                max: max.unwrap_or(1.0),
            },
            Range::Centered => DomainMode::Centered { center },
        }
    }
}

/// What a pairwise bin's colour says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BinValue {
    /// How many items fall in the bin.
    #[default]
    Count,
    /// The bin's percentage of the pair's paired items.
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

impl<'de> Deserialize<'de> for BinValue {
    /// Reads a word of [`Named::ALL`] (for [`PairwiseOptions`](super::PairwiseOptions)), with
    /// serde's message for any other: "unknown variant `x`, expected `count` or `share`".
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(BinValueWord)
    }
}

/// Reads a [`BinValue`] inside the deserializer, so that errors carry its position.
struct BinValueWord;

impl Visitor<'_> for BinValueWord {
    type Value = BinValue;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("enum BinValue")
    }

    fn visit_str<E: de::Error>(self, word: &str) -> Result<BinValue, E> {
        BinValue::among(BinValue::ALL, word).ok_or_else(|| {
            let names = BinValue::names(BinValue::ALL);
            let expected = match names.as_slice() {
                [first, second] => format!("`{first}` or `{second}`"),
                _ => {
                    let mut expected = String::from("one of ");
                    for (index, name) in names.iter().enumerate() {
                        if index > 0 {
                            expected.push_str(", ");
                        }
                        expected.push('`');
                        expected.push_str(name);
                        expected.push('`');
                    }
                    expected
                }
            };
            E::custom(format_args!(
                "unknown variant `{word}`, expected {expected}"
            ))
        })
    }
}

/// Every value of a named setting: its word is unique, reads back as it, and is what serde
/// writes into the page's objects.
#[cfg(test)]
pub(crate) fn check_named<T: Named + std::fmt::Debug + serde::Serialize>(expected: &[&str]) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figure_settings_have_one_word_each() {
        check_named::<Layout>(&["model", "benchmark", "grid", "difference", "reconcile"]);
        check_named::<Range>(&["panel", "shared", "fixed", "centered"]);
        check_named::<BinValue>(&["count", "share"]);
        check_named::<Strips>(&["auto", "on", "off"]);
        check_named::<Chart>(&["heatmap", "slice"]);
        check_named::<SliceAxis>(&["x", "y"]);
        check_named::<SliceAcross>(&["auto", "each", "best", "mean"]);
        assert_eq!(
            Range::names(Range::PAIRWISE),
            ["panel", "shared", "fixed"],
            "pairwise ranges"
        );
        assert_eq!(Range::among(Range::PAIRWISE, "centered"), None);
    }

    #[test]
    fn marginal_strips_are_automatic_beyond_six_by_six() {
        let auto = |columns, rows| Strips::Auto.resolve(columns, rows);
        // The seed's 5 x 4 and a full 6 x 6: no strips; one side of 7: strips.
        assert!(!auto(5, 4));
        assert!(!auto(6, 6));
        assert!(auto(7, 2));
        assert!(auto(2, 7));
        assert!(auto(12, 10));
        // A single row or column: its strip would repeat its cells.
        assert!(!auto(40, 1));
        assert!(!auto(1, 9));
        assert!(Strips::On.resolve(1, 1));
        assert!(!Strips::Off.resolve(12, 10));
    }

    #[test]
    fn ranges_become_the_figures_domain_modes() {
        let modes: Vec<DomainMode> = Range::ALL
            .iter()
            .map(|range| range.mode(Some(-2.0), Some(3.0), 0.5))
            .collect();
        assert_eq!(
            modes,
            [
                DomainMode::PerPanel,
                DomainMode::Shared,
                DomainMode::Fixed {
                    min: -2.0,
                    max: 3.0
                },
                DomainMode::Centered { center: 0.5 },
            ]
        );
        assert_eq!(
            Range::Fixed.mode(None, None, 0.0),
            DomainMode::Fixed { min: 0.0, max: 1.0 }
        );
    }

    #[test]
    fn bin_values_read_back_by_their_words_only() {
        for &value in BinValue::ALL {
            let json = serde_json::to_string(&value).unwrap();
            assert_eq!(serde_json::from_str::<BinValue>(&json).unwrap(), value);
        }
        assert_eq!(
            serde_json::from_str::<BinValue>("\"Share\"")
                .unwrap_err()
                .to_string(),
            "unknown variant `Share`, expected `count` or `share` at line 1 column 7"
        );
    }
}
