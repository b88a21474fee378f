//! The view of pairwise comparisons: its state (what a link holds and the page keeps), and the
//! strict resolution of pairwise figure options against per-item scores, for the API. The same
//! conventions and machinery as the sweep's ([`super::sweep`]).
//!
//! Each option's default is its field's in [`PairwiseView`]'s declaration (or, for what only
//! the data or the page decide, said in the setting's doc text); both are written into the
//! generated `PairwiseFigureOptions` of `src/wasm/options.d.ts` (`super::typescript`).
//!
//! The default models are [`default_pairwise_models`] (the first
//! [`DEFAULT_PAIRWISE_MODELS`](crate::figure::DEFAULT_PAIRWISE_MODELS)), so that data with 40
//! models open as 10 pairs rather than 780; a list given must name at least two models.
//!
//! Model and group names are checked by the core when the figure is prepared, with the same
//! messages as everywhere else (`unknown model: "x"; expected one of ...`).

use serde::Serialize;

use super::setting::{
    labels, Doc, LinkForm, OptionSet, Patch, Setting, Settings, ValueKind, Views,
};
use super::settings::{
    max_bins, ANNOTATE, BINS, COLOR_MAP, DECIMALS, FLAG, MAX, MAX_BINS, MIN, PIXEL_RATIO, REVERSED,
    THEME, WIDTH,
};
use super::state::view_state;
use super::sweep::DOMAIN;
use super::sweep::{resolve_look, word_or, Surroundings};
use crate::color::{ColorMap, Theme};
use crate::figure::{default_pairwise_models, BinValue, Named, PairwiseOptions, Range};
use crate::link::js_number;
use crate::pairwise::{PairwiseDataset, DEFAULT_BINS};
use crate::Result;

// The settings of pairwise comparisons alone (the shared ones and the bounds are in `settings`).

const BINS_EXPECTED: &str = concat!("a whole number of bins from 1 to ", max_bins!());
pub const MODELS: Setting = Setting {
    views: Views::Pairwise,
    link: Some("models"),
    attribute: Some("models"),
    doc: Doc::new(
        "The models to compare, every pair among them: at least two. Default: the first models in \
         the data's order (`linkSchema().pairwiseDefaultModels` of them; every model when there \
         are no more).",
    ),
    ..Setting::option(
        "models",
        ValueKind::TextList,
        "a list of at least two model names (strings)",
    )
};
pub const GROUP: Setting = Setting {
    views: Views::Pairwise,
    link: Some("group"),
    attribute: Some("group"),
    doc: Doc::new("Only the items of this group; null (the default) for all items."),
    ..Setting::option(
        "group",
        ValueKind::Text,
        "a group name (a string), or null for all items",
    )
};
pub const BINS_BOTH: Setting = Setting {
    views: Views::Pairwise,
    link: Some("bins"),
    link_form: LinkForm::OfferedWhole { offered: &BINS },
    attribute: Some("bins"),
    doc: Doc::new(concat!(
        "Bins of both score axes, 1 to ",
        max_bins!(),
        "; clears `binsX` and `binsY` unless they are given too. The bins shape the histogram, \
         not the statistics."
    )),
    ..Setting::option("bins", ValueKind::Number, BINS_EXPECTED)
};
pub const BINS_X: Setting = Setting {
    views: Views::Pairwise,
    state: None,
    doc: Doc::new("Bins along x (model A). Default: `bins`."),
    ..Setting::option("binsX", ValueKind::Number, BINS_EXPECTED)
};
pub const BINS_Y: Setting = Setting {
    views: Views::Pairwise,
    state: None,
    doc: Doc::new("Bins along y (model B). Default: `bins`."),
    ..Setting::option("binsY", ValueKind::Number, BINS_EXPECTED)
};
pub const VALUE: Setting = Setting {
    views: Views::Pairwise,
    link: Some("by"),
    attribute: Some("by"),
    doc: Doc::new(
        "Colour each bin by its item count, or by its share of the pair's paired items (in %).",
    )
    .labels(|| labels(&["Item count", "Share of paired items"])),
    ..Setting::word("value", "what bins can be coloured by", || {
        BinValue::names(BinValue::ALL)
    })
};
pub const LOGARITHMIC: Setting = Setting {
    views: Views::Pairwise,
    link: Some("log"),
    attribute: Some("log"),
    fallback: "colouring linearly",
    doc: Doc::new("Colour by ln(1 + value)."),
    ..Setting::option("logarithmic", ValueKind::Flag, FLAG)
};
/// The colour range of a pairwise figure: counts have no centre.
pub const PAIRWISE_DOMAIN: Setting = Setting {
    views: Views::Pairwise,
    link_form: LinkForm::Word {
        what: "a colour range",
        words: || Range::names(Range::PAIRWISE),
    },
    doc: Doc::new("The colour range: each panel's own, one shared by every panel, or fixed from `min` to `max`."),
    ..DOMAIN
};

/// The options of `SweepPairwiseFigure`.
pub const PAIRWISE: OptionSet = OptionSet {
    what: "pairwise figure option",
    settings: &[
        &MODELS,
        &GROUP,
        &BINS_BOTH,
        &BINS_X,
        &BINS_Y,
        &VALUE,
        &LOGARITHMIC,
        &COLOR_MAP,
        &REVERSED,
        &PAIRWISE_DOMAIN,
        &MIN,
        &MAX,
        &ANNOTATE,
        &DECIMALS,
        &THEME,
        &WIDTH,
        &PIXEL_RATIO,
    ],
    example: r#"{ models: ["model-a", "model-b"], bins: 10 }"#,
};

/// The options of `SweepPairwise.comparePair`.
pub const COMPARISON: OptionSet = OptionSet {
    what: "comparison option",
    settings: &[&BINS_BOTH, &BINS_X, &BINS_Y, &GROUP],
    example: r#"{ group: "web" }"#,
};

view_state! {
    /// The view of pairwise comparisons, as a link holds it and the page keeps it. `models` is
    /// `None` for the default models (the first
    /// [`DEFAULT_PAIRWISE_MODELS`](crate::figure::DEFAULT_PAIRWISE_MODELS) in the data's order,
    /// every model when there are no more); `group` `None` for all items.
    pub struct PairwiseView {
        models: Option<Vec<String>> = None => MODELS,
        group: Option<String> = None => GROUP,
        /// Bins per score axis, one of [`BINS`](super::BINS).
        // 10: a pairwise dataset's own default, which is small, so the cast is exact.
        bins: u32 = DEFAULT_BINS.0 as u32 => BINS_BOTH,
        value: BinValue = BinValue::default() => VALUE,
        logarithmic: bool = false => LOGARITHMIC,
        color_map: String = ColorMap::default().name().to_string() => COLOR_MAP,
        reversed: bool = false => REVERSED,
        range: Range = Range::Shared => PAIRWISE_DOMAIN,
        min: Option<f64> = None => MIN,
        max: Option<f64> = None => MAX,
        annotate: bool = true => ANNOTATE,
        decimals: Option<u32> = None => DECIMALS,
        theme: Theme = Theme::default() => THEME,
    }
}

impl PairwiseView {
    /// Whether the view uses a setting as it is: the range decides for its bounds.
    fn uses_setting(&self, setting: &Setting) -> bool {
        if setting.option == MIN.option || setting.option == MAX.option {
            self.range == Range::Fixed
        } else {
            true
        }
    }
}

/// The pairwise figure options of the view spec's defaults ([`PairwiseView::default`]): the
/// default models (an empty list) over all items.
impl Default for PairwiseOptions {
    fn default() -> PairwiseOptions {
        let view = PairwiseView::default();
        PairwiseOptions {
            models: view.models.unwrap_or_default(),
            group: view.group,
            bins: (default_bins(), default_bins()),
            value: view.value,
            logarithmic: view.logarithmic,
            color_map: ColorMap::parse(&view.color_map).unwrap_or_default(),
            reversed: view.reversed,
            domain: view.range.mode(view.min, view.max, 0.0),
            annotate: view.annotate,
            decimals: view
                .decimals
                .and_then(|decimals| u8::try_from(decimals).ok()),
            theme: view.theme,
        }
    }
}

/// The bins per score axis when none are chosen.
pub fn default_bins() -> usize {
    // Bins are from 1 to 200, so the conversion is exact.
    PairwiseView::default().bins as usize
}

/// A patch applied over pairwise settings: as for sweeps, and a patch that gives `bins` (a
/// number or `null`) sets both axes: it clears `binsX` and `binsY` unless it gives them too.
pub fn merge_pairwise(settings: &Settings, patch: &Patch) -> Settings {
    let mut merged = settings.merged(patch);
    if patch.gives(&BINS_BOTH) {
        for axis in [&BINS_X, &BINS_Y] {
            if !patch.gives(axis) {
                merged.clear(axis);
            }
        }
    }
    merged
}

/// Every pairwise option with its value in use; what `SweepPairwiseFigure.options()` returns.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "ResolvedPairwiseFigureOptions"))]
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
    #[cfg_attr(test, ts(as = "crate::typescript::PairwiseRange"))]
    pub domain: Range,
    /// The fixed bounds as given (kept while another domain mode is in use).
    pub min: Option<f64>,
    pub max: Option<f64>,
    pub annotate: bool,
    /// `None` for automatic.
    pub decimals: Option<u8>,
    /// The theme drawn: `auto` resolved to light or dark.
    pub theme: Theme,
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
            theme: self.theme,
        }
    }
}

/// Checks a number of bins given as `setting`: a whole number from 1 to 200.
fn bins_of(settings: &Settings, setting: &Setting) -> Result<Option<usize>> {
    match settings.number(setting) {
        None => Ok(None),
        Some(bins) if bins.fract() == 0.0 && (1.0..=MAX_BINS as f64).contains(&bins) => {
            // Whole and in 1..=200, so the cast is exact.
            Ok(Some(bins as usize))
        }
        Some(bins) => Err(setting.invalid(&js_number(bins))),
    }
}

/// The bins along x and y that settings ask for: `binsX` and `binsY`, else `bins`, else 10.
/// Every number given is checked, used or not.
pub fn resolve_bins(settings: &Settings) -> Result<(usize, usize)> {
    let bins = bins_of(settings, &BINS_BOTH)?;
    let x = bins_of(settings, &BINS_X)?;
    let y = bins_of(settings, &BINS_Y)?;
    let default = default_bins();
    Ok((x.or(bins).unwrap_or(default), y.or(bins).unwrap_or(default)))
}

/// Checks pairwise settings and fills in every default (see the module table). The first
/// problem found is the error, naming the option.
pub fn resolve_pairwise_options(
    settings: &Settings,
    dataset: &PairwiseDataset,
    surroundings: &Surroundings,
) -> Result<ResolvedPairwiseOptions> {
    let defaults = PairwiseView::default();
    let models = match settings.list(&MODELS) {
        // The core reads an empty list as "the default models"; here it is a mistake.
        Some([]) => return Err(MODELS.invalid("an empty list")),
        Some(models) => models.to_vec(),
        // Written out, so that `options()` says which models are compared.
        None => default_pairwise_models(dataset.models()).to_vec(),
    };
    let (bins_x, bins_y) = resolve_bins(settings)?;
    let value = word_or(settings, &VALUE, BinValue::ALL, defaults.value)?;
    let look = resolve_look(
        settings,
        surroundings,
        &PAIRWISE_DOMAIN,
        Range::PAIRWISE,
        defaults.range,
    )?;
    Ok(ResolvedPairwiseOptions {
        models,
        group: settings.text(&GROUP).map(str::to_string),
        bins_x,
        bins_y,
        value,
        logarithmic: settings.flag(&LOGARITHMIC).unwrap_or(defaults.logarithmic),
        color_map: look.color_map,
        reversed: look.reversed,
        domain: look.domain,
        min: look.min,
        max: look.max,
        annotate: look.annotate,
        decimals: look.decimals,
        theme: look.theme,
        width: look.width,
        pixel_ratio: look.pixel_ratio,
    })
}
