//! Pairwise figure options as JavaScript writes them, and their resolution against per-item
//! scores.
//!
//! The same conventions as the sweep figure's [`options`](super::options), and the same
//! machinery: a [`PairwiseOptionsPatch`] per call (per option: not given, `null` for the default,
//! or a value), merged into [`PairwiseSettings`], resolved by [`resolve_pairwise_options`] into
//! [`ResolvedPairwiseOptions`], the core's [`PairwiseOptions`] plus width and pixel ratio.
//!
//! All defaults are in one place, [`resolve_pairwise_options`]:
//!
//! | option | default |
//! | --- | --- |
//! | `models` | the first 5 in the data's order, all of them when there are at most 5 |
//! | `group` | all items (`null`) |
//! | `bins` | 10; sets `binsX` and `binsY` together |
//! | `binsX`, `binsY` | `bins` |
//! | `value` | `"count"` (`"share"`: percent of the pair's paired items) |
//! | `logarithmic` | `false` |
//! | `colorMap` | `"viridis"` |
//! | `reversed` | `false` |
//! | `domain` | `"shared"` (`"fixed"` needs `min` and `max`) |
//! | `annotate` | `true` |
//! | `decimals` | automatic (`null`): 0 for counts, 1 for shares |
//! | `width` | the canvas container's width, else 800 CSS px |
//! | `pixelRatio` | the screen's `devicePixelRatio`, clamped to 1..=4 |
//!
//! The default models are [`default_pairwise_models`] (the first
//! [`DEFAULT_PAIRWISE_MODELS`](crate::figure::DEFAULT_PAIRWISE_MODELS)), so that data with 40
//! models open as 10 pairs rather than 780; a list given must name at least two models.
//!
//! Model and group names are checked by the core when the figure is prepared, with the same
//! messages as everywhere else (`unknown model: "x"; expected one of ...`).

use serde::Serialize;

use super::options::{
    check_decimals, check_fixed_bounds, check_pixel_ratio, check_width, expectation, finite,
    invalid_value, js_number, merge_field, unknown_option, word, OptionSet, OptionValue, Patch,
    Surroundings, ValueKind,
};
use crate::color::ColorMap;
use crate::figure::{default_pairwise_models, BinValue, Named, PairwiseOptions, Range};
use crate::pairwise::{PairwiseDataset, DEFAULT_BINS, MAX_BINS};
use crate::{Error, Result};

/// The option names of a pairwise figure, as JavaScript writes them.
pub const PAIRWISE_OPTION_NAMES: [&str; 16] = [
    "models",
    "group",
    "bins",
    "binsX",
    "binsY",
    "value",
    "logarithmic",
    "colorMap",
    "reversed",
    "domain",
    "min",
    "max",
    "annotate",
    "decimals",
    "width",
    "pixelRatio",
];

/// The option names of `SweepPairwise.comparePair`.
pub const COMPARISON_OPTION_NAMES: [&str; 4] = ["bins", "binsX", "binsY", "group"];

/// The type of a pairwise option, or `None` for a name that is not one.
pub fn pairwise_option_kind(name: &str) -> Option<ValueKind> {
    match name {
        "models" => Some(ValueKind::TextList),
        "group" | "value" | "colorMap" | "domain" => Some(ValueKind::Text),
        "logarithmic" | "reversed" | "annotate" => Some(ValueKind::Flag),
        "bins" | "binsX" | "binsY" | "min" | "max" | "decimals" | "width" | "pixelRatio" => {
            Some(ValueKind::Number)
        }
        _ => None,
    }
}

/// What a pairwise option's value must be, as every error about it says. Options that sweep
/// figures share mean the same there. The words of `value` and `domain` are written out, as in
/// [`expectation`], and held to [`BinValue::ALL`] and [`Range::PAIRWISE`] by a wasm test.
pub fn pairwise_expectation(name: &str) -> &'static str {
    match name {
        "models" => "a list of at least two model names (strings)",
        "group" => "a group name (a string), or null for all items",
        "bins" | "binsX" | "binsY" => "a whole number of bins from 1 to 200",
        "value" => r#"one of "count", "share""#,
        "logarithmic" => "true or false",
        "domain" => r#"one of "panel", "shared", "fixed""#,
        other => expectation(other),
    }
}

/// The options of `SweepPairwiseFigure`.
pub const PAIRWISE_OPTIONS: OptionSet = OptionSet {
    what: "pairwise figure option",
    names: &PAIRWISE_OPTION_NAMES,
    kind: pairwise_option_kind,
    expectation: pairwise_expectation,
    example: r#"{ models: ["model-a", "model-b"], bins: 10 }"#,
};

/// The options of `SweepPairwise.comparePair`.
pub const COMPARISON_OPTIONS: OptionSet = OptionSet {
    what: "comparison option",
    names: &COMPARISON_OPTION_NAMES,
    kind: pairwise_option_kind,
    expectation: pairwise_expectation,
    example: r#"{ group: "web" }"#,
};

/// The error for a pairwise option whose value is not what it must be.
fn invalid_pairwise(name: &str, found: &str) -> Error {
    invalid_value(name, pairwise_expectation(name), found)
}

/// A partial pairwise options object from JavaScript. Per option: `None` = not given (keep the
/// current setting), `Some(None)` = `null` (back to the default), `Some(Some(value))` = set.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PairwiseOptionsPatch {
    pub models: Option<Option<Vec<String>>>,
    pub group: Option<Option<String>>,
    pub bins: Option<Option<f64>>,
    pub bins_x: Option<Option<f64>>,
    pub bins_y: Option<Option<f64>>,
    pub value: Option<Option<String>>,
    pub logarithmic: Option<Option<bool>>,
    pub color_map: Option<Option<String>>,
    pub reversed: Option<Option<bool>>,
    pub domain: Option<Option<String>>,
    pub min: Option<Option<f64>>,
    pub max: Option<Option<f64>>,
    pub annotate: Option<Option<bool>>,
    pub decimals: Option<Option<f64>>,
    pub width: Option<Option<f64>>,
    pub pixel_ratio: Option<Option<f64>>,
}

impl Patch for PairwiseOptionsPatch {
    fn set(&mut self, name: &str, value: OptionValue) -> Result<()> {
        match name {
            "models" => self.models = value.text_list(name)?,
            "group" => self.group = value.text(name)?,
            "bins" => self.bins = value.number(name)?,
            "binsX" => self.bins_x = value.number(name)?,
            "binsY" => self.bins_y = value.number(name)?,
            "value" => self.value = value.text(name)?,
            "logarithmic" => self.logarithmic = value.flag(name)?,
            "colorMap" => self.color_map = value.text(name)?,
            "reversed" => self.reversed = value.flag(name)?,
            "domain" => self.domain = value.text(name)?,
            "min" => self.min = value.number(name)?,
            "max" => self.max = value.number(name)?,
            "annotate" => self.annotate = value.flag(name)?,
            "decimals" => self.decimals = value.number(name)?,
            "width" => self.width = value.number(name)?,
            "pixelRatio" => self.pixel_ratio = value.number(name)?,
            _ => return Err(unknown_option(PAIRWISE_OPTIONS, name)),
        }
        Ok(())
    }
}

/// The pairwise options a person chose; `None` leaves an option to its default. Values are kept
/// as given and checked by [`resolve_pairwise_options`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PairwiseSettings {
    pub models: Option<Vec<String>>,
    pub group: Option<String>,
    pub bins: Option<f64>,
    pub bins_x: Option<f64>,
    pub bins_y: Option<f64>,
    pub value: Option<String>,
    pub logarithmic: Option<bool>,
    pub color_map: Option<String>,
    pub reversed: Option<bool>,
    pub domain: Option<String>,
    pub min: Option<f64>,
    pub max: Option<f64>,
    pub annotate: Option<bool>,
    pub decimals: Option<f64>,
    pub width: Option<f64>,
    pub pixel_ratio: Option<f64>,
}

impl PairwiseSettings {
    /// These settings with a patch applied over them. A patch that gives `bins` (a number or
    /// `null`) sets both axes: it clears `binsX` and `binsY` unless it gives them too.
    pub fn merged(&self, patch: &PairwiseOptionsPatch) -> PairwiseSettings {
        let per_axis =
            |current: &Option<f64>, change: &Option<Option<f64>>| match (&patch.bins, change) {
                (Some(_), None) => None,
                _ => merge_field(current, change),
            };
        PairwiseSettings {
            models: merge_field(&self.models, &patch.models),
            group: merge_field(&self.group, &patch.group),
            bins: merge_field(&self.bins, &patch.bins),
            bins_x: per_axis(&self.bins_x, &patch.bins_x),
            bins_y: per_axis(&self.bins_y, &patch.bins_y),
            value: merge_field(&self.value, &patch.value),
            logarithmic: merge_field(&self.logarithmic, &patch.logarithmic),
            color_map: merge_field(&self.color_map, &patch.color_map),
            reversed: merge_field(&self.reversed, &patch.reversed),
            domain: merge_field(&self.domain, &patch.domain),
            min: merge_field(&self.min, &patch.min),
            max: merge_field(&self.max, &patch.max),
            annotate: merge_field(&self.annotate, &patch.annotate),
            decimals: merge_field(&self.decimals, &patch.decimals),
            width: merge_field(&self.width, &patch.width),
            pixel_ratio: merge_field(&self.pixel_ratio, &patch.pixel_ratio),
        }
    }
}

/// Every pairwise option with its value in use; what `SweepPairwiseFigure.options()` returns.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ResolvedPairwiseOptions {
    /// The models compared, every pair among them.
    pub models: Vec<String>,
    /// The group the items are restricted to; `None` for all items.
    pub group: Option<String>,
    pub bins_x: usize,
    pub bins_y: usize,
    pub value: BinValue,
    pub logarithmic: bool,
    pub color_map: ColorMap,
    pub reversed: bool,
    pub domain: Range,
    /// The fixed bounds as given (kept while another domain mode is in use).
    pub min: Option<f64>,
    pub max: Option<f64>,
    pub annotate: bool,
    /// `None` for automatic.
    pub decimals: Option<u8>,
    /// The width asked for, in CSS pixels.
    pub width: f64,
    pub pixel_ratio: f64,
}

impl ResolvedPairwiseOptions {
    /// Bins along x (model A) and y (model B).
    pub fn bins(&self) -> (usize, usize) {
        (self.bins_x, self.bins_y)
    }

    /// Everything that decides how the figure looks, apart from its size.
    pub fn figure_options(&self) -> PairwiseOptions {
        PairwiseOptions {
            models: self.models.clone(),
            group: self.group.clone(),
            bins: self.bins(),
            value: self.value,
            logarithmic: self.logarithmic,
            color_map: self.color_map,
            reversed: self.reversed,
            domain: self.domain.mode(self.min, self.max, 0.0),
            annotate: self.annotate,
            decimals: self.decimals,
        }
    }
}

/// Checks a number of bins given as option `name`: a whole number from 1 to 200.
fn check_bins(name: &str, bins: f64) -> Result<usize> {
    if bins.fract() == 0.0 && (1.0..=MAX_BINS as f64).contains(&bins) {
        // Whole and in 1..=200, so the cast is exact.
        Ok(bins as usize)
    } else {
        Err(invalid_pairwise(name, &js_number(bins)))
    }
}

/// The bins along x and y that settings ask for: `binsX` and `binsY`, else `bins`, else 10.
/// Every number given is checked, used or not.
pub fn resolve_bins(settings: &PairwiseSettings) -> Result<(usize, usize)> {
    let bins = settings
        .bins
        .map(|bins| check_bins("bins", bins))
        .transpose()?;
    let x = settings
        .bins_x
        .map(|bins| check_bins("binsX", bins))
        .transpose()?;
    let y = settings
        .bins_y
        .map(|bins| check_bins("binsY", bins))
        .transpose()?;
    Ok((
        x.or(bins).unwrap_or(DEFAULT_BINS.0),
        y.or(bins).unwrap_or(DEFAULT_BINS.1),
    ))
}

/// Checks pairwise settings and fills in every default (see the module table). The first
/// problem found is the error, naming the option.
pub fn resolve_pairwise_options(
    settings: &PairwiseSettings,
    dataset: &PairwiseDataset,
    surroundings: &Surroundings,
) -> Result<ResolvedPairwiseOptions> {
    let models = match &settings.models {
        // The core reads an empty list as "the default models"; here it is a mistake.
        Some(models) if models.is_empty() => {
            return Err(invalid_pairwise("models", "an empty list"));
        }
        Some(models) => models.clone(),
        // Written out, so that `options()` says which models are compared.
        None => default_pairwise_models(dataset.models()).to_vec(),
    };
    let (bins_x, bins_y) = resolve_bins(settings)?;
    let value = match &settings.value {
        Some(text) => word(&PAIRWISE_OPTIONS, "value", BinValue::ALL, text)?,
        None => BinValue::default(),
    };
    let color_map = match &settings.color_map {
        Some(name) => ColorMap::parse(name)?,
        None => ColorMap::default(),
    };
    let domain = match &settings.domain {
        Some(text) => word(&PAIRWISE_OPTIONS, "domain", Range::PAIRWISE, text)?,
        None => Range::Shared,
    };
    let min = settings.min.map(|min| finite("min", min)).transpose()?;
    let max = settings.max.map(|max| finite("max", max)).transpose()?;
    check_fixed_bounds(domain, min, max)?;
    let decimals = settings.decimals.map(check_decimals).transpose()?;
    let width = match settings.width {
        Some(width) => check_width(width)?,
        None => surroundings.default_width(),
    };
    let pixel_ratio = match settings.pixel_ratio {
        Some(ratio) => check_pixel_ratio(ratio)?,
        None => surroundings.default_pixel_ratio(),
    };
    Ok(ResolvedPairwiseOptions {
        models,
        group: settings.group.clone(),
        bins_x,
        bins_y,
        value,
        logarithmic: settings.logarithmic.unwrap_or(false),
        color_map,
        reversed: settings.reversed.unwrap_or(false),
        domain,
        min,
        max,
        annotate: settings.annotate.unwrap_or(true),
        decimals,
        width,
        pixel_ratio,
    })
}
