//! The view of a sweep: its state (what a link holds and the page keeps), and the strict
//! resolution of figure options against a dataset, for the API.
//!
//! JavaScript sends small, partial option objects (`{ layout: "model", model: "R1-Qwen" }`); each
//! is a [`Patch`] merged into [`Settings`], the options a person chose. [`resolve_options`]
//! checks them against a dataset and fills in every default, giving [`ResolvedOptions`]: the
//! figure's [`FigureOptions`] plus its width and pixel ratio. Defaults are resolved afresh each
//! time, so the default model of one dataset never becomes a stale choice for the next.
//!
//! Each option's default is its field's in [`SweepView`]'s declaration, the one a link leaves
//! out (or, for what only the data or the page decide, such as the first model or the width,
//! said in the setting's doc text); both are written into the generated `FigureOptions` of
//! `src/wasm/options.d.ts` (`super::typescript`).

use serde::Serialize;

use super::setting::{labels, Doc, LinkForm, OptionSet, Setting, Settings, ValueKind, Views};
use super::settings::{
    marks_level, ANNOTATE, COLOR_MAP, DECIMALS, FINITE, MAX, MAX_LABEL_DECIMALS, MAX_PIXEL_RATIO,
    MAX_WIDTH, MEAN_BENCHMARK, MIN, MIN_PIXEL_RATIO, MIN_WIDTH, MODEL_NAME, NO_MARKS, PIXEL_RATIO,
    REVERSED, THEME, WIDTH,
};
use super::state::view_state;
use crate::analysis::{carries_noise, SliceAxis};
use crate::color::{ColorMap, ColorScale, DomainMode, Theme};
use crate::figure::{
    default_level, BenchmarkChoice, Chart, FigureOptions, Layout, Named, Order, Range, SliceAcross,
    Strips, View, DEFAULT_LEVEL,
};
use crate::link::js_number;
use crate::{Dataset, Error, Result};

// The settings of a sweep alone (the shared ones and the bounds are in `settings`).

pub const LAYOUT: Setting = Setting {
    views: Views::Sweep,
    link: Some("layout"),
    attribute: Some("layout"),
    doc: Doc::new(
        r#"Which panels: a model's benchmarks ("model"), a benchmark's models ("benchmark"), every model and benchmark ("grid"), two models' difference on a benchmark ("difference"), or a reported aggregate beside the one recomputed from its benchmarks ("reconcile")."#,
    )
    // The difference's label is the core's `difference_label` for data with two models (the page
    // says when the data have one): a test holds the two equal.
    .labels(|| {
        labels(&[
            "One model, every benchmark",
            "One benchmark, every model",
            "Every model × benchmark",
            "Difference of two models",
            "Reported vs recomputed",
        ])
    }),
    ..Setting::word("layout", "a layout", || Layout::names(Layout::ALL))
};
pub const MODEL: Setting = Setting {
    views: Views::Sweep,
    link: Some("model"),
    attribute: Some("model"),
    doc: Doc::new(
        r#"The model of layout "model", and model A of "difference". Default: the first model."#,
    )
    // In Python, `model` and `benchmark` name columns.
    .keyword("show_model"),
    ..Setting::option("model", ValueKind::Text, MODEL_NAME)
};
pub const MODEL_B: Setting = Setting {
    views: Views::Sweep,
    link: Some("b"),
    attribute: Some("model-b"),
    doc: Doc::new(r#"Model B of "difference". Default: the first model other than `model`."#)
        .keyword("show_model_b"),
    ..Setting::option("modelB", ValueKind::Text, MODEL_NAME)
};
pub const BENCHMARK: Setting = Setting {
    views: Views::Sweep,
    link: Some("bench"),
    attribute: Some("benchmark"),
    doc: Doc::new(
        r#"The benchmark of layouts "benchmark" and "difference" (":mean" for the mean across benchmarks), and the reported aggregate of "reconcile". Default: the first benchmark (for "reconcile", the first reported aggregate)."#,
    )
    .keyword("show_benchmark"),
    ..Setting::option(
        "benchmark",
        ValueKind::Text,
        r#"a benchmark name or ":mean" (a string)"#,
    )
};
/// The colour range of a sweep; pairwise figures have [`PAIRWISE_DOMAIN`].
pub const DOMAIN: Setting = Setting {
    views: Views::Sweep,
    state: Some("range"),
    link: Some("range"),
    attribute: Some("range"),
    doc: Doc::new(
        "The colour range: each panel's own, one shared by every panel, fixed from `min` to \
         `max`, or centred on `center`.",
    )
    .labels(|| labels(&["Per panel", "Shared by all panels", "Fixed", "Centred"])),
    ..Setting::word("domain", "a colour range", || Range::names(Range::ALL))
};
/// How values are spaced along the colour map of a sweep (pairwise figures have the flag
/// `logarithmic`).
pub const COLOR_SCALE: Setting = Setting {
    views: Views::Sweep,
    link: Some("scale"),
    attribute: Some("color-scale"),
    doc: Doc::new(
        r#"How values are spaced along the colour map: "log" needs values above 0 (else the figure is refused); "symlog" works across 0."#,
    )
    .labels(|| labels(&["Linear", "Logarithmic", "Symmetric log"])),
    ..Setting::word("colorScale", "a colour scale", || {
        ColorScale::names(ColorScale::ALL)
    })
};
/// The order of a sweep's panels (its models, benchmarks, or a grid's rows and columns).
pub const ORDER: Setting = Setting {
    views: Views::Sweep,
    link: Some("order"),
    attribute: Some("order"),
    doc: Doc::new(
        r#"Layouts "model", "benchmark" and "grid": panels in the data's order, or by each panel's mean or best cell, best first, each panel saying its rank."#,
    )
    .labels(|| {
        labels(&[
            "As in the data",
            "By mean, best first",
            "By best cell, best first",
        ])
    }),
    ..Setting::word("order", "an order", || Order::names(Order::ALL))
};
pub const CENTER: Setting = Setting {
    views: Views::Sweep,
    link: Some("center"),
    attribute: Some("center"),
    doc: Doc::new(r#"The value a "centered" colour range is centred on."#),
    ..Setting::option("center", ValueKind::Number, FINITE)
};
pub const UNCERTAINTY: Setting = Setting {
    views: Views::Sweep,
    link: Some("unc"),
    link_form: LinkForm::Level,
    attribute: Some("uncertainty"),
    fallback: "marking cells within noise when the data carry a noise estimate",
    doc: Doc::new(
        r#"A confidence level between 0 and 1 (the page offers `linkSchema().levels`) at which to mark the cells the peak cannot be told apart from (for "difference": the cells ahead beyond noise); 0 for no marks. Default: marks when the data carry a noise estimate (replicates, item counts, reported standard errors), at `linkSchema().defaultLevel`."#,
    ),
    ..Setting::option(
        "uncertainty",
        ValueKind::Number,
        concat!(
            "a confidence level between 0 and 1 such as ",
            default_level!(),
            ", 0 for no marks, or null for the default (",
            default_level!(),
            " when the data carry a noise estimate)"
        ),
    )
};
/// Marginal strips beside each panel of values: each row's and column's mean (or best cell
/// when the panels are ordered by their best cell), on the panel's colour scale.
pub const MARGINALS: Setting = Setting {
    views: Views::Sweep,
    link: Some("marginals"),
    attribute: Some("marginals"),
    doc: Doc::new(
        r#"Layouts "model", "benchmark" and "grid": a strip of each row's and column's mean (or best cell, with `order: "best"`) beside each panel, on its colour scale, the best outlined; "auto" draws them when the panels are larger than 6 x 6 (more than 6 columns or rows, at least 2 of each)."#,
    )
    .labels(|| {
        let largest = Strips::AUTO_LARGEST_PLAIN;
        vec![
            format!("When panels are larger than {largest} × {largest}"),
            "Row and column strips".to_owned(),
            "None".to_owned(),
        ]
    }),
    ..Setting::word("marginals", "a marginals setting", || {
        Strips::names(Strips::ALL)
    })
};

/// What the figure draws: the heatmap of each panel, or a slice of the panels along one axis.
pub const CHART: Setting = Setting {
    views: Views::Sweep,
    link: Some("chart"),
    attribute: Some("chart"),
    doc: Doc::new(
        r#"What the figure draws: "heatmap", or "slice", the metric along one axis as a line with its interval band per series (drawn by the slice package, fetched when asked for)."#,
    )
    // The page's list holds `chart` and `along` at once: "Heatmap", "Slice along x", ...
    .labels(|| labels(&["Heatmap", "Slice"])),
    ..Setting::word("chart", "a chart", || Chart::names(Chart::ALL))
};
/// The axis a slice runs along.
pub const ALONG: Setting = Setting {
    views: Views::Sweep,
    link: Some("along"),
    attribute: Some("along"),
    doc: Doc::new("The axis a slice runs along."),
    ..Setting::word("along", "an axis", || SliceAxis::names(SliceAxis::ALL))
};
/// What a slice does with the other axis: a line per value, or each point's best or mean.
pub const ACROSS: Setting = Setting {
    views: Views::Sweep,
    link: Some("across"),
    attribute: Some("across"),
    doc: Doc::new(
        r#"What a slice does with the other axis: a line per value ("each"), each point's best over it ("best") or its mean over every value ("mean"); "auto" is "each" when one panel is shown and the other axis has at most 10 values, else "best"."#,
    )
    .labels(|| {
        labels(&[
            "Automatic",
            "One per value of the other axis",
            "Best over the other axis",
            "Mean over the other axis",
        ])
    }),
    ..Setting::word("across", "a slice's other axis", || {
        SliceAcross::names(SliceAcross::ALL)
    })
};

/// The options of `SweepFigure`.
pub const SWEEP: OptionSet = OptionSet {
    what: "figure option",
    settings: &[
        &LAYOUT,
        &MODEL,
        &MODEL_B,
        &BENCHMARK,
        &ORDER,
        &COLOR_MAP,
        &REVERSED,
        &COLOR_SCALE,
        &DOMAIN,
        &MIN,
        &MAX,
        &CENTER,
        &ANNOTATE,
        &DECIMALS,
        &UNCERTAINTY,
        &MARGINALS,
        &CHART,
        &ALONG,
        &ACROSS,
        &THEME,
        &WIDTH,
        &PIXEL_RATIO,
    ],
    example: r#"{ layout: "model", model: "R1-Qwen" }"#,
};

view_state! {
    /// The view of a sweep, as a link holds it and the page keeps it. `None` for model, model B
    /// and benchmark is "the dataset's default".
    pub struct SweepView {
        layout: Layout = Layout::default() => LAYOUT,
        model: Option<String> = None => MODEL,
        model_b: Option<String> = None => MODEL_B,
        benchmark: Option<String> = None => BENCHMARK,
        order: Order = Order::Data => ORDER,
        color_map: String = ColorMap::default().name().to_string() => COLOR_MAP,
        reversed: bool = false => REVERSED,
        color_scale: ColorScale = ColorScale::Linear => COLOR_SCALE,
        range: Range = Range::Panel => DOMAIN,
        min: Option<f64> = None => MIN,
        max: Option<f64> = None => MAX,
        center: f64 = 0.0 => CENTER,
        annotate: bool = true => ANNOTATE,
        decimals: Option<u32> = None => DECIMALS,
        /// A confidence level of [`LEVELS`](super::LEVELS), `Some(0.0)` for no marks, or `None`
        /// for the default: marks at [`DEFAULT_LEVEL`] when the data carry a noise estimate.
        uncertainty: Option<f64> = None => UNCERTAINTY,
        marginals: Strips = Strips::Auto => MARGINALS,
        chart: Chart = Chart::Heatmap => CHART,
        along: SliceAxis = SliceAxis::X => ALONG,
        across: SliceAcross = SliceAcross::Auto => ACROSS,
        theme: Theme = Theme::default() => THEME,
    }
}

impl SweepView {
    /// Whether the view uses a setting as it is: the layout decides for model, model B,
    /// benchmark and the uncertainty marks (see [`Layout::uses`]), the range for its bounds and
    /// centre.
    fn uses_setting(&self, setting: &Setting) -> bool {
        let used = self.layout.uses();
        let is = |other: &Setting| setting.option == other.option;
        if is(&MODEL) {
            used.model
        } else if is(&MODEL_B) {
            used.model_b
        } else if is(&BENCHMARK) {
            used.benchmark
        } else if is(&UNCERTAINTY) {
            used.uncertainty
        } else if is(&ORDER) || is(&MARGINALS) {
            // The layouts of panels of values (model, benchmark, grid) have both.
            used.order
        } else if is(&ALONG) || is(&ACROSS) {
            self.chart == Chart::Slice
        } else if is(&MIN) || is(&MAX) {
            self.range == Range::Fixed
        } else if is(&CENTER) {
            self.range == Range::Centered
        } else {
            true
        }
    }
}

/// The figure options of the view spec's defaults ([`SweepView::default`]), for the grid view (the
/// one view that names no model nor benchmark), without what only a dataset decides: no
/// uncertainty marks and no strips unless the defaults turn them on whatever the data.
impl Default for FigureOptions {
    fn default() -> FigureOptions {
        let view = SweepView::default();
        FigureOptions {
            view: View::Grid,
            color_map: ColorMap::parse(&view.color_map).unwrap_or_default(),
            reversed: view.reversed,
            color_scale: view.color_scale,
            domain: view.range.mode(view.min, view.max, view.center),
            order: view.order,
            annotate: view.annotate,
            decimals: view
                .decimals
                .and_then(|decimals| u8::try_from(decimals).ok()),
            uncertainty: view.uncertainty.and_then(marks_level),
            marginals: view.marginals == Strips::On,
            theme: view.theme,
        }
    }
}

/// What the page around the canvas offers as defaults: the container's width in CSS pixels and
/// the screen's `devicePixelRatio`, when known, and whether the reader prefers a dark colour
/// scheme (the `auto` theme's choice).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Surroundings {
    pub container_width: Option<f64>,
    pub device_pixel_ratio: Option<f64>,
    pub dark_preferred: bool,
}

impl Surroundings {
    /// The default width: the container's, when it has a usable one, else 800.
    pub fn default_width(&self) -> f64 {
        match self.container_width {
            Some(width) if width.is_finite() && width >= MIN_WIDTH => width.min(MAX_WIDTH),
            _ => super::FALLBACK_WIDTH,
        }
    }

    /// The default pixel ratio: the screen's, clamped to 1..=4; 1 when unknown.
    pub fn default_pixel_ratio(&self) -> f64 {
        match self.device_pixel_ratio {
            Some(ratio) if ratio.is_finite() && ratio > 0.0 => {
                ratio.clamp(MIN_PIXEL_RATIO, MAX_PIXEL_RATIO)
            }
            _ => MIN_PIXEL_RATIO,
        }
    }

    /// The width settings ask for (checked), else the default.
    pub(crate) fn width(&self, settings: &Settings) -> Result<f64> {
        settings
            .number(&WIDTH)
            .map_or(Ok(self.default_width()), check_width)
    }

    /// The pixel ratio settings ask for (checked and clamped), else the default.
    pub(crate) fn pixel_ratio(&self, settings: &Settings) -> Result<f64> {
        settings
            .number(&PIXEL_RATIO)
            .map_or(Ok(self.default_pixel_ratio()), check_pixel_ratio)
    }
}

/// Every option with its value in use; what `SweepFigure.options()` returns.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "ResolvedFigureOptions"))]
pub struct ResolvedOptions {
    pub layout: Layout,
    pub model: String,
    /// `None` when the dataset has a single model and `modelB` was not given.
    pub model_b: Option<String>,
    pub benchmark: String,
    pub order: Order,
    pub color_map: ColorMap,
    pub reversed: bool,
    pub color_scale: ColorScale,
    pub domain: Range,
    /// The fixed bounds as given (kept while another domain mode is in use).
    pub min: Option<f64>,
    pub max: Option<f64>,
    pub center: f64,
    pub annotate: bool,
    /// `None` for automatic.
    pub decimals: Option<u8>,
    /// The level of the uncertainty marks; `None` when off.
    pub uncertainty: Option<f64>,
    /// Whether strips are drawn: `auto` resolved against the dataset's axes (`"on"` or
    /// `"off"`), and `"off"` for the layouts without strips (difference, reconcile).
    pub marginals: Strips,
    /// The heatmap, or a slice along `along` with `across` deciding the other axis (`auto` is
    /// resolved against the figure's panels: `SliceFigure::across` says what it became).
    pub chart: Chart,
    pub along: SliceAxis,
    pub across: SliceAcross,
    /// The theme drawn: `auto` resolved to light or dark.
    pub theme: Theme,
    /// The width asked for, in CSS pixels (the layout draws narrower ones at its minimum).
    pub width: f64,
    pub pixel_ratio: f64,
}

impl ResolvedOptions {
    /// The benchmark as the core names it.
    pub fn benchmark_choice(&self) -> BenchmarkChoice {
        BenchmarkChoice::from_name(&self.benchmark)
    }

    /// The core's view: which panels to draw.
    pub fn view(&self) -> View {
        match self.layout {
            Layout::Model => View::Model {
                model: self.model.clone(),
            },
            Layout::Benchmark => View::Benchmark {
                benchmark: self.benchmark_choice(),
            },
            Layout::Grid => View::Grid,
            Layout::Difference => View::Difference {
                a: self.model.clone(),
                b: self.model_b.clone().unwrap_or_default(),
                benchmark: self.benchmark_choice(),
            },
            Layout::Reconcile => View::Reconcile {
                model: self.model.clone(),
                benchmark: self.benchmark.clone(),
            },
        }
    }

    /// The core's domain mode. `resolve_options` made sure a fixed domain has both bounds.
    pub fn domain_mode(&self) -> DomainMode {
        self.domain.mode(self.min, self.max, self.center)
    }

    /// Everything that decides how the figure looks, apart from its size.
    pub fn figure_options(&self) -> FigureOptions {
        FigureOptions {
            view: self.view(),
            color_map: self.color_map,
            reversed: self.reversed,
            color_scale: self.color_scale,
            domain: self.domain_mode(),
            order: self.order,
            annotate: self.annotate,
            decimals: self.decimals,
            uncertainty: self.uncertainty,
            marginals: self.marginals == Strips::On,
            theme: self.theme,
        }
    }
}

/// The value of `choices` that a word setting names by `text`, or the error for it.
pub(crate) fn word<T: Named>(setting: &Setting, choices: &[T], text: &str) -> Result<T> {
    T::among(choices, text).ok_or_else(|| setting.invalid(&format!("\"{text}\"")))
}

/// A word setting's value: the chosen word checked, else `default`.
pub(crate) fn word_or<T: Named>(
    settings: &Settings,
    setting: &Setting,
    choices: &[T],
    default: T,
) -> Result<T> {
    settings
        .text(setting)
        .map_or(Ok(default), |text| word(setting, choices, text))
}

/// A number setting's value when chosen, checked to be finite.
pub(crate) fn finite(settings: &Settings, setting: &Setting) -> Result<Option<f64>> {
    match settings.number(setting) {
        Some(value) if !value.is_finite() => Err(setting.invalid(&js_number(value))),
        other => Ok(other),
    }
}

/// Checks a width in CSS pixels: finite, from 1 to 20000.
pub fn check_width(width: f64) -> Result<f64> {
    if width.is_finite() && (MIN_WIDTH..=MAX_WIDTH).contains(&width) {
        Ok(width)
    } else {
        Err(WIDTH.invalid(&js_number(width)))
    }
}

/// Checks a pixel ratio (finite and positive) and clamps it to 1..=4.
pub fn check_pixel_ratio(ratio: f64) -> Result<f64> {
    if ratio.is_finite() && ratio > 0.0 {
        Ok(ratio.clamp(MIN_PIXEL_RATIO, MAX_PIXEL_RATIO))
    } else {
        Err(PIXEL_RATIO.invalid(&js_number(ratio)))
    }
}

/// The decimals settings ask for: a whole number from 0 to 12, or `None` for automatic.
pub(crate) fn decimals(settings: &Settings) -> Result<Option<u8>> {
    match settings.number(&DECIMALS) {
        None => Ok(None),
        Some(decimals)
            if decimals.fract() == 0.0
                && (0.0..=f64::from(MAX_LABEL_DECIMALS)).contains(&decimals) =>
        {
            // In 0..=12 and whole, so the cast is exact.
            Ok(Some(decimals as u8))
        }
        Some(decimals) => Err(DECIMALS.invalid(&js_number(decimals))),
    }
}

fn check_model(dataset: &Dataset, name: &str, what: &'static str) -> Result<String> {
    if dataset.models.position(name).is_some() {
        Ok(name.to_string())
    } else {
        Err(Error::Unknown {
            what,
            name: name.to_string(),
            known: dataset.models.levels.clone(),
        })
    }
}

/// Checks a benchmark name: one of the dataset's, or `":mean"`.
pub fn check_benchmark(dataset: &Dataset, name: &str) -> Result<String> {
    if name == MEAN_BENCHMARK || dataset.benchmarks.position(name).is_some() {
        Ok(name.to_string())
    } else {
        Err(Error::Unknown {
            what: "benchmark",
            name: name.to_string(),
            known: {
                let levels = &dataset.benchmarks.levels;
                let mut known = Vec::with_capacity(1 + levels.len());
                known.push(MEAN_BENCHMARK.to_string());
                known.extend_from_slice(levels);
                known
            },
        })
    }
}

/// Checks that a fixed domain has both bounds, the larger one last.
pub(crate) fn check_fixed_bounds(domain: Range, min: Option<f64>, max: Option<f64>) -> Result<()> {
    if domain != Range::Fixed {
        return Ok(());
    }
    let fixed_needs = |name: &str| Error::InvalidField {
        field: name.to_string(),
        expected: r#"a number when domain is "fixed""#.to_string(),
    };
    let min = min.ok_or_else(|| fixed_needs(MIN.option))?;
    let max = max.ok_or_else(|| fixed_needs(MAX.option))?;
    if max <= min {
        return Err(Error::InvalidField {
            field: MAX.option.to_string(),
            expected: format!(
                "a number greater than min ({}), found {}",
                js_number(min),
                js_number(max)
            ),
        });
    }
    Ok(())
}

/// The settings of how a figure looks, which both views resolve alike.
pub(crate) struct Look {
    pub color_map: ColorMap,
    pub reversed: bool,
    pub domain: Range,
    pub min: Option<f64>,
    pub max: Option<f64>,
    pub center: f64,
    pub annotate: bool,
    pub decimals: Option<u8>,
    /// As the settings give it: `None` for the default, `Some(0.0)` for no marks
    /// ([`resolve_options`] decides the default against the dataset).
    pub uncertainty: Option<f64>,
    pub theme: Theme,
    pub width: f64,
    pub pixel_ratio: f64,
}

/// Checks the settings of how a figure looks and fills in their defaults, in the order the
/// errors are reported: colour map, domain (`domain` among `ranges`, else `default_range`),
/// bounds, centre, decimals, uncertainty, theme (`auto` resolved by the surroundings), width,
/// pixel ratio. Pairwise settings hold no centre
/// nor uncertainty (their option set has none), which are then their defaults.
pub(crate) fn resolve_look(
    settings: &Settings,
    surroundings: &Surroundings,
    domain: &Setting,
    ranges: &[Range],
    default_range: Range,
) -> Result<Look> {
    let defaults = SweepView::default();
    let color_map = match settings.text(&COLOR_MAP) {
        Some(name) => ColorMap::parse(name)?,
        None => ColorMap::default(),
    };
    let domain = word_or(settings, domain, ranges, default_range)?;
    let min = finite(settings, &MIN)?;
    let max = finite(settings, &MAX)?;
    let center = finite(settings, &CENTER)?.unwrap_or(defaults.center);
    check_fixed_bounds(domain, min, max)?;
    let decimals = decimals(settings)?;
    // A level between 0 and 1, or 0 for no marks (NO_MARKS).
    let uncertainty = match settings.number(&UNCERTAINTY) {
        Some(level) if (NO_MARKS..1.0).contains(&level) => Some(level),
        Some(level) => return Err(UNCERTAINTY.invalid(&js_number(level))),
        None => None,
    };
    let theme = word_or(settings, &THEME, Theme::ALL, defaults.theme)?;
    Ok(Look {
        color_map,
        reversed: settings.flag(&REVERSED).unwrap_or(defaults.reversed),
        domain,
        min,
        max,
        center,
        annotate: settings.flag(&ANNOTATE).unwrap_or(defaults.annotate),
        decimals,
        uncertainty,
        theme: theme.resolve(surroundings.dark_preferred),
        width: surroundings.width(settings)?,
        pixel_ratio: surroundings.pixel_ratio(settings)?,
    })
}

/// Checks settings against a dataset and fills in every default (see the module table). The
/// first problem found is the error, naming the option.
pub fn resolve_options(
    settings: &Settings,
    dataset: &Dataset,
    surroundings: &Surroundings,
) -> Result<ResolvedOptions> {
    let defaults = SweepView::default();
    let layout = word_or(settings, &LAYOUT, Layout::ALL, defaults.layout)?;
    let first_model = dataset.models.levels.first().cloned().unwrap_or_default();
    let model = match settings.text(&MODEL) {
        Some(name) => check_model(dataset, name, "model")?,
        None => first_model,
    };
    let model_b = match settings.text(&MODEL_B) {
        Some(name) => Some(check_model(dataset, name, "model for modelB")?),
        None => dataset
            .models
            .levels
            .iter()
            .find(|other| **other != model)
            .cloned(),
    };
    let benchmark = match settings.text(&BENCHMARK) {
        Some(name) => check_benchmark(dataset, name)?,
        None if layout == Layout::Reconcile => {
            let aggregate = (0..dataset.benchmarks.levels.len())
                .find(|&b| dataset.is_reported_aggregate(b))
                .and_then(|b| dataset.benchmarks.levels.get(b).cloned());
            aggregate.ok_or_else(|| Error::InvalidField {
                field: LAYOUT.option.to_string(),
                expected: "\"reconcile\" only for a dataset with a reported aggregate \
                           (a benchmark with aggregate_of)"
                    .to_string(),
            })?
        }
        None => dataset
            .benchmarks
            .levels
            .first()
            .cloned()
            .unwrap_or_default(),
    };
    let look = resolve_look(settings, surroundings, &DOMAIN, Range::ALL, defaults.range)?;
    if layout == Layout::Difference && model_b.is_none() {
        return Err(Error::InvalidField {
            field: MODEL_B.option.to_string(),
            expected: format!(
                "a second model to compare \"{model}\" with, but the dataset has only one model"
            ),
        });
    }
    Ok(ResolvedOptions {
        layout,
        model,
        model_b,
        benchmark,
        order: word_or(settings, &ORDER, Order::ALL, defaults.order)?,
        color_map: look.color_map,
        reversed: look.reversed,
        color_scale: word_or(
            settings,
            &COLOR_SCALE,
            ColorScale::ALL,
            defaults.color_scale,
        )?,
        domain: look.domain,
        min: look.min,
        max: look.max,
        center: look.center,
        annotate: look.annotate,
        decimals: look.decimals,
        uncertainty: match look.uncertainty {
            // The default: marks where the layout has them and the data carry noise.
            None => (layout.uses().uncertainty && carries_noise(dataset)).then_some(DEFAULT_LEVEL),
            Some(level) => marks_level(level),
        },
        marginals: match word_or(settings, &MARGINALS, Strips::ALL, defaults.marginals)? {
            chosen if layout.uses().order && chosen.resolve(dataset.x.len(), dataset.y.len()) => {
                Strips::On
            }
            _ => Strips::Off,
        },
        chart: word_or(settings, &CHART, Chart::ALL, defaults.chart)?,
        along: word_or(settings, &ALONG, SliceAxis::ALL, defaults.along)?,
        across: word_or(settings, &ACROSS, SliceAcross::ALL, defaults.across)?,
        theme: look.theme,
        width: look.width,
        pixel_ratio: look.pixel_ratio,
    })
}
