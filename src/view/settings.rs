//! Every view setting, declared once: its option name (as JavaScript writes it), type, what a
//! value must be, share-link key and older keys, `<sweep-map>` attribute and older attributes,
//! and what a link falls back to. The defaults are beside the fields that hold them, in
//! [`SweepView`](super::SweepView) and [`PairwiseView`](super::PairwiseView); the bounds are the
//! constants below. Option resolution, link reading and writing, the page's schema and the
//! element's attributes all read this table.
//!
//! The settings of one view alone are declared beside that view (`view/sweep.rs`,
//! `view/pairwise.rs`, with its option set: [`SWEEP`], [`PAIRWISE`]); the settings both views
//! have, and the bounds, here. To add a setting to a view: declare it in that view's file, list
//! it in its option set and give it a field in its `view_state!` (both in the order links write
//! keys), and resolve it in its `resolve_*` function; the figure then uses it.

use super::setting::{labels, Doc, LinkForm, Setting, ValueKind};
use crate::color::Theme;
use crate::figure::Named;

// Bounds a message states are written once, as literals, so the message and the constant cannot
// disagree: `concat!` takes the literal, the constant the same literal.
macro_rules! max_width {
    () => {
        20000
    };
}
macro_rules! max_label_decimals {
    () => {
        12
    };
}
macro_rules! fallback_width {
    () => {
        800
    };
}
macro_rules! min_pixel_ratio {
    () => {
        1
    };
}
macro_rules! max_pixel_ratio {
    () => {
        4
    };
}
macro_rules! max_bins {
    () => {
        200
    };
}
pub(super) use max_bins;

/// The widest figure, in CSS pixels, that an option may ask for; the layout draws no wider.
#[allow(clippy::unnecessary_cast)] // The literal is the message's, a whole number.
pub const MAX_WIDTH: f64 = max_width!() as f64;
/// The narrowest width an option may ask for. The layout draws anything narrower at
/// [`MIN_DRAWN_WIDTH`].
pub const MIN_WIDTH: f64 = 1.0;
/// The narrowest figure the layout draws, in CSS pixels.
pub const MIN_DRAWN_WIDTH: f64 = 160.0;
/// The width used when none is given and the canvas has no sized container (and what the
/// layout draws for a width that is not a number).
#[allow(clippy::unnecessary_cast)]
pub const FALLBACK_WIDTH: f64 = fallback_width!() as f64;

/// Pixel ratios are clamped to this range: below 1 a figure is blurry for no gain, above 4 the
/// backing store grows for no visible gain.
#[allow(clippy::unnecessary_cast)]
pub const MIN_PIXEL_RATIO: f64 = min_pixel_ratio!() as f64;
#[allow(clippy::unnecessary_cast)]
pub const MAX_PIXEL_RATIO: f64 = max_pixel_ratio!() as f64;

/// The most decimals a value label may have: an option asking for more is refused.
pub const MAX_LABEL_DECIMALS: u8 = max_label_decimals!();
/// The most decimals the page offers and a link carries (`dec=0..6`): as many as the automatic
/// choice ever picks ([`crate::figure::MAX_AUTO_DECIMALS`]), a different limit from
/// [`MAX_LABEL_DECIMALS`].
pub const MAX_OFFERED_DECIMALS: u32 = crate::figure::MAX_AUTO_DECIMALS as u32;

/// The most bins per score axis of a pairwise figure.
pub const MAX_BINS: usize = max_bins!();
/// Bins per score axis the page offers (and a link carries); the default is
/// [`PairwiseView::default`](super::PairwiseView).
pub const BINS: [u32; 3] = [5, 10, 20];
/// Confidence levels of the uncertainty marks the page offers (and a link carries).
pub const LEVELS: [f64; 3] = [0.9, 0.95, 0.99];
/// The uncertainty that turns the marks off: `uncertainty: 0` in options, `unc=0` in links.
pub const NO_MARKS: f64 = 0.0;

/// Whether the page offers (and a link carries) `value` as the uncertainty: one of [`LEVELS`],
/// or [`NO_MARKS`].
pub fn offered_level(value: f64) -> bool {
    value == NO_MARKS || LEVELS.contains(&value)
}

/// The confidence level the marks are drawn at for an uncertainty chosen: `None` for
/// [`NO_MARKS`].
pub fn marks_level(value: f64) -> Option<f64> {
    (value != NO_MARKS).then_some(value)
}
/// The benchmark that means "the mean across benchmarks".
pub const MEAN_BENCHMARK: &str = crate::figure::BenchmarkChoice::MEAN_TOKEN;

pub(super) const FLAG: &str = "true or false";
pub(super) const FINITE: &str = "a finite number";
pub(super) const MODEL_NAME: &str = "a model name (a string)";

pub const COLOR_MAP: Setting = Setting {
    link: Some("cmap"),
    attribute: Some("colormap"),
    doc: Doc::new("A colour map's name, one of `colorMaps()`."),
    ..Setting::option(
        "colorMap",
        ValueKind::Text,
        r#"a colour map name such as "viridis" (a string)"#,
    )
};
pub const REVERSED: Setting = Setting {
    link: Some("rev"),
    attribute: Some("reverse"),
    fallback: "not reversing the colour map",
    doc: Doc::new("Run the colour map the other way."),
    ..Setting::option("reversed", ValueKind::Flag, FLAG)
};
pub const MIN: Setting = Setting {
    link: Some("min"),
    attribute: Some("min"),
    doc: Doc::new(r#"The low end of a fixed colour range (`domain: "fixed"`)."#),
    ..Setting::option("min", ValueKind::Number, FINITE)
};
pub const MAX: Setting = Setting {
    link: Some("max"),
    attribute: Some("max"),
    doc: Doc::new(r#"The high end of a fixed colour range (`domain: "fixed"`)."#),
    ..Setting::option("max", ValueKind::Number, FINITE)
};
pub const ANNOTATE: Setting = Setting {
    link: Some("annot"),
    attribute: Some("annotate"),
    fallback: "writing the values in the cells",
    doc: Doc::new("Write each cell's value in it (a pairwise bin's count or share)."),
    ..Setting::option("annotate", ValueKind::Flag, FLAG)
};
pub const DECIMALS: Setting = Setting {
    link: Some("dec"),
    link_form: LinkForm::WholeOrAuto {
        most: MAX_OFFERED_DECIMALS,
    },
    attribute: Some("decimals"),
    fallback: "choosing the decimals automatically",
    doc: Doc::new(concat!(
        "Decimals of the value labels, 0 to ",
        max_label_decimals!(),
        "; null (the default) for automatic: as few as tell the shown values apart, never more \
         than the noise supports (pairwise: 0 for counts, 1 for shares)."
    )),
    ..Setting::option(
        "decimals",
        ValueKind::Number,
        concat!(
            "a whole number from 0 to ",
            max_label_decimals!(),
            ", or null for automatic"
        ),
    )
};
pub const THEME: Setting = Setting {
    link: Some("theme"),
    attribute: Some("theme"),
    doc: Doc::new(
        r#"The colours around the cells: "print" has black text, a transparent background and thin lines, for exports; "auto" is dark when the reader prefers a dark colour scheme, else light."#,
    )
    .labels(|| labels(&["Automatic", "Light", "Dark", "Print (no background)"])),
    ..Setting::word("theme", "a theme", || Theme::names(Theme::ALL))
};
pub const WIDTH: Setting = Setting {
    state: None,
    doc: Doc::new(concat!(
        "The figure's width in CSS pixels, 1 to ",
        max_width!(),
        ". Default: the width of the canvas' parent, else ",
        fallback_width!(),
        "."
    )),
    ..Setting::option(
        "width",
        ValueKind::Number,
        concat!("a width in CSS pixels from 1 to ", max_width!()),
    )
};
pub const PIXEL_RATIO: Setting = Setting {
    state: None,
    doc: Doc::new(concat!(
        "Device pixels per CSS pixel, clamped to ",
        min_pixel_ratio!(),
        " to ",
        max_pixel_ratio!(),
        ". Default: the screen's devicePixelRatio."
    ))
    .keyword("pixel_ratio"),
    ..Setting::option(
        "pixelRatio",
        ValueKind::Number,
        "a positive number of device pixels per CSS pixel",
    )
};

pub use super::pairwise::{
    BINS_BOTH, BINS_X, BINS_Y, COMPARISON, GROUP, LOGARITHMIC, MODELS, PAIRWISE, PAIRWISE_DOMAIN,
    VALUE,
};
pub use super::sweep::{
    ACROSS, ALONG, BENCHMARK, CENTER, CHART, COLOR_SCALE, DOMAIN, LAYOUT, MARGINALS, MODEL,
    MODEL_B, ORDER, SWEEP, UNCERTAINTY,
};
pub use super::table::{BINNED, DIRECTION, METRIC, OTHERS, ROLES, TABLE, X, Y};

/// Every setting, in the order a link writes its key: a run table's view, then the sweep's
/// options, with each pairwise option that sweeps lack placed before the next pairwise option
/// they share.
pub fn all() -> Vec<&'static Setting> {
    let mut all: Vec<&'static Setting> = TABLE.to_vec();
    all.extend(SWEEP.settings);
    let placed = |all: &[&Setting], setting: &Setting| {
        all.iter()
            .position(|placed| placed.option == setting.option)
    };
    let pairwise = PAIRWISE.settings;
    for (index, setting) in pairwise.iter().enumerate().rev() {
        if placed(&all, setting).is_some() {
            continue;
        }
        let next = pairwise
            .iter()
            .skip(index + 1)
            .find_map(|later| placed(&all, later))
            .unwrap_or(all.len());
        all.insert(next, setting);
    }
    all
}

/// The link keys of the view settings, in the order links are written.
pub fn link_keys() -> Vec<&'static str> {
    let mut keys: Vec<&'static str> = Vec::new();
    for setting in all() {
        if let Some(key) = setting.link {
            if !keys.contains(&key) {
                keys.push(key);
            }
        }
    }
    keys
}

/// The setting a link key names: its own key, an older one, or its option name.
pub fn by_link_key(key: &str) -> Option<&'static Setting> {
    for settings in [SWEEP.settings, PAIRWISE.settings, TABLE] {
        for &setting in settings {
            if setting.link.is_some()
                && (setting.link == Some(key)
                    || setting.link_aliases.contains(&key)
                    || setting.option == key)
            {
                return Some(setting);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lists in messages are the option sets' own, and the sets are `all()`'s order.
    #[test]
    fn option_sets_keep_the_order_of_every_setting() {
        for set in [SWEEP, PAIRWISE] {
            let all = all();
            let position = |s: &Setting| all.iter().position(|a| a.option == s.option);
            let positions: Vec<_> = set.settings.iter().map(|s| position(s)).collect();
            let mut sorted = positions.clone();
            sorted.sort();
            assert_eq!(positions, sorted, "{}", set.what);
        }
        for setting in SWEEP.settings {
            assert!(setting.in_sweep(), "{}", setting.option);
        }
        for setting in PAIRWISE.settings.iter().chain(COMPARISON.settings) {
            assert!(setting.in_pairwise(), "{}", setting.option);
        }
    }

    /// A word setting's message lists the words its link reads (and the state takes), from the
    /// setting's word list: no message repeats the words.
    #[test]
    fn word_messages_list_the_words_links_read() {
        let mut words_checked = 0;
        for setting in SWEEP.settings.iter().chain(PAIRWISE.settings) {
            if let LinkForm::Word { .. } = setting.link_form {
                assert_eq!(setting.expects, "", "{}", setting.option);
                assert!(setting.expected().starts_with("one of \""));
                words_checked += 1;
            }
        }
        assert_eq!(
            LAYOUT.expected(),
            r#"one of "model", "benchmark", "grid", "difference", "reconcile""#
        );
        assert_eq!(
            DOMAIN.expected(),
            r#"one of "panel", "shared", "fixed", "centered""#
        );
        assert_eq!(
            PAIRWISE_DOMAIN.expected(),
            r#"one of "panel", "shared", "fixed""#
        );
        assert_eq!(
            THEME.expected(),
            r#"one of "auto", "light", "dark", "print""#
        );
        assert_eq!(VALUE.expected(), r#"one of "count", "share""#);
        assert_eq!(DECIMALS.expected(), DECIMALS.expects);
        // layout, range, colour scale, order, marginals, chart, along, across and theme of
        // sweeps; by, range and theme of pairwise comparisons.
        assert_eq!(words_checked, 12);
        assert!(matches!(
            DECIMALS.link_form,
            LinkForm::WholeOrAuto {
                most: MAX_OFFERED_DECIMALS
            }
        ));
        assert!(matches!(UNCERTAINTY.link_form, LinkForm::Level));
        assert!(offered_level(NO_MARKS) && offered_level(0.95) && !offered_level(0.5));
        assert_eq!(marks_level(NO_MARKS), None);
        assert_eq!(marks_level(0.9), Some(0.9));
    }

    #[test]
    fn bounds_in_messages_are_the_constants() {
        assert!(WIDTH.expects.ends_with(&format!("to {}", MAX_WIDTH)));
        assert!(DECIMALS
            .expects
            .contains(&format!("to {MAX_LABEL_DECIMALS},")));
        assert!(BINS_BOTH.expects.ends_with(&format!("to {MAX_BINS}")));
        assert_eq!(MAX_BINS, crate::pairwise::MAX_BINS);
    }

    /// Every key a link reads names one setting; an option name, an older key and the key
    /// written all name the same one.
    #[test]
    fn link_keys_and_their_aliases_name_one_setting_each() {
        assert_eq!(
            link_keys(),
            [
                "roles",
                "metric",
                "direction",
                "x",
                "y",
                "others",
                "binned",
                "layout",
                "model",
                "b",
                "bench",
                "order",
                "models",
                "group",
                "bins",
                "by",
                "log",
                "cmap",
                "rev",
                "scale",
                "range",
                "min",
                "max",
                "center",
                "annot",
                "dec",
                "unc",
                "marginals",
                "chart",
                "along",
                "across",
                "theme"
            ]
        );
        for (key, option) in [
            ("b", "modelB"),
            ("modelB", "modelB"),
            ("cmap", "colorMap"),
            ("colorMap", "colorMap"),
            ("rev", "reversed"),
            ("reversed", "reversed"),
            ("range", "domain"),
            ("domain", "domain"),
            ("bench", "benchmark"),
            ("benchmark", "benchmark"),
            ("annot", "annotate"),
            ("annotate", "annotate"),
            ("dec", "decimals"),
            ("decimals", "decimals"),
            ("unc", "uncertainty"),
            ("uncertainty", "uncertainty"),
            ("by", "value"),
            ("value", "value"),
            ("log", "logarithmic"),
            ("logarithmic", "logarithmic"),
            ("scale", "colorScale"),
            ("colorScale", "colorScale"),
        ] {
            assert_eq!(by_link_key(key).map(|s| s.option), Some(option), "{key}");
        }
        assert!(by_link_key("width").is_none());
        assert!(by_link_key("colour").is_none());
        // A run table's keys; `bins` stays the pairwise bins.
        for key in ["roles", "metric", "direction", "x", "y", "others", "binned"] {
            assert_eq!(by_link_key(key).map(|s| s.option), Some(key), "{key}");
        }
        assert_eq!(by_link_key("bins").map(|s| s.views), Some(BINS_BOTH.views));
    }

    #[test]
    fn the_element_reads_its_attribute_its_older_ones_and_the_option_name() {
        assert_eq!(REVERSED.attributes(), ["reverse", "reversed"]);
        assert_eq!(COLOR_MAP.attributes(), ["colormap"]);
        assert_eq!(MODEL_B.attributes(), ["model-b", "modelb"]);
        assert_eq!(DOMAIN.attributes(), ["range", "domain"]);
        assert_eq!(VALUE.attributes(), ["by", "value"]);
        assert_eq!(LOGARITHMIC.attributes(), ["log", "logarithmic"]);
        assert_eq!(THEME.attributes(), ["theme"]);
        assert!(WIDTH.attributes().is_empty());
        assert_eq!(BINNED.attributes(), ["binned"]);
        assert_eq!(OTHERS.attributes(), ["others"]);
    }
}
