//! Figure options as JavaScript writes them, and their resolution against a dataset.
//!
//! JavaScript sends small, partial option objects (`{ layout: "model", model: "R1-Qwen" }`).
//! Each arrives as an [`OptionsPatch`]: per option, "not given" (absent or `undefined`: keep what
//! is set), `null` (back to the default) or a value. Patches merge into [`Settings`], the options
//! a person chose, with everything else left to its default. [`resolve_options`] then checks the
//! settings against a dataset and fills in every default, giving [`ResolvedOptions`]: the
//! figure's [`FigureOptions`] plus its width and pixel ratio. Defaults are resolved afresh each
//! time, so the default model of one dataset never becomes a stale choice for the next.
//!
//! All defaults are in one place, [`resolve_options`]:
//!
//! | option | default |
//! | --- | --- |
//! | `layout` | `"model"` |
//! | `model` | the first model |
//! | `modelB` | the first model other than `model` (required for `"difference"`) |
//! | `benchmark` | the first benchmark (`":mean"` is the mean across benchmarks); for `"reconcile"`, the first reported aggregate |
//! | `colorMap` | `"viridis"` |
//! | `reversed` | `false` |
//! | `domain` | `"panel"` (`"fixed"` needs `min` and `max`) |
//! | `center` | `0` |
//! | `annotate` | `true` |
//! | `decimals` | automatic (`null`) |
//! | `uncertainty` | off (`null`); a level such as `0.95` marks the cells within noise of the peak |
//! | `width` | the canvas container's width, else 800 CSS px |
//! | `pixelRatio` | the screen's `devicePixelRatio`, clamped to 1..=4 |
//!
//! Nothing here touches JavaScript values, so the rules read (and test) as plain Rust; the
//! binding layer only checks JavaScript types before handing a patch over.

use serde::Serialize;

use crate::color::{ColorMap, DomainMode};
use crate::figure::{BenchmarkChoice, FigureOptions, Layout, Named, Range, View};
use crate::{Dataset, Error, Result};

/// The benchmark name that stands for the mean across benchmarks.
pub const MEAN_BENCHMARK: &str = BenchmarkChoice::MEAN_TOKEN;

/// The narrowest and widest figure, in CSS pixels, that an option may ask for. The layout draws
/// anything narrower than 160 px at 160 px.
pub const MIN_WIDTH: f64 = 1.0;
pub const MAX_WIDTH: f64 = 20_000.0;

/// The width used when none is given and the canvas has no sized container.
pub const FALLBACK_WIDTH: f64 = 800.0;

/// Pixel ratios are clamped to this range: below 1 a figure is blurry for no gain, above 4 the
/// backing store grows for no visible gain.
pub const MIN_PIXEL_RATIO: f64 = 1.0;
pub const MAX_PIXEL_RATIO: f64 = 4.0;

/// Most decimals a value label may have.
pub const MAX_DECIMALS: f64 = 12.0;

/// The option names, as JavaScript writes them.
pub const OPTION_NAMES: [&str; 15] = [
    "layout",
    "model",
    "modelB",
    "benchmark",
    "colorMap",
    "reversed",
    "domain",
    "min",
    "max",
    "center",
    "annotate",
    "decimals",
    "uncertainty",
    "width",
    "pixelRatio",
];

/// The JavaScript type an option's value must have (besides `null`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueKind {
    Text,
    Flag,
    Number,
    /// An array of strings.
    TextList,
}

/// The vocabulary of one kind of option object: what its options are called in messages, their
/// names, the type of each and what each must be. The binding layer checks JavaScript values
/// against it as it reads them into a patch (see `arguments::options_patch`).
#[derive(Debug, Clone, Copy)]
pub struct OptionSet {
    /// What one option is called in messages: `unknown figure option: "colour"`.
    pub what: &'static str,
    /// The option names, as JavaScript writes them; anything else is unknown.
    pub names: &'static [&'static str],
    /// The type of a named option.
    pub kind: fn(&str) -> Option<ValueKind>,
    /// What a named option's value must be.
    pub expectation: fn(&str) -> &'static str,
    /// An example object for the message about an options argument that is not an object.
    pub example: &'static str,
}

/// The options of `SweepFigure`.
pub const FIGURE_OPTIONS: OptionSet = OptionSet {
    what: "figure option",
    names: &OPTION_NAMES,
    kind: option_kind,
    expectation,
    example: r#"{ layout: "model", model: "R1-Qwen" }"#,
};

/// The type of an option, or `None` for a name that is not an option.
pub fn option_kind(name: &str) -> Option<ValueKind> {
    match name {
        "layout" | "model" | "modelB" | "benchmark" | "colorMap" | "domain" => {
            Some(ValueKind::Text)
        }
        "reversed" | "annotate" => Some(ValueKind::Flag),
        "min" | "max" | "center" | "decimals" | "uncertainty" | "width" | "pixelRatio" => {
            Some(ValueKind::Number)
        }
        _ => None,
    }
}

/// What an option's value must be, as every error about it says. The words of `layout` and
/// `domain` are written out: built from [`Named::ALL`] they cost the gzipped wasm 240 bytes more
/// (2026-11). A wasm test holds them to the lists (`option_messages_list_exactly_the_words_...`).
pub fn expectation(name: &str) -> &'static str {
    match name {
        "layout" => r#"one of "model", "benchmark", "grid", "difference", "reconcile""#,
        "model" | "modelB" => "a model name (a string)",
        "benchmark" => r#"a benchmark name or ":mean" (a string)"#,
        "colorMap" => r#"a colour map name such as "viridis" (a string)"#,
        "domain" => r#"one of "panel", "shared", "fixed", "centered""#,
        "reversed" | "annotate" => "true or false",
        "min" | "max" | "center" => "a finite number",
        "decimals" => "a whole number from 0 to 12, or null for automatic",
        "uncertainty" => "a confidence level between 0 and 1 such as 0.95, or null for none",
        "width" => "a width in CSS pixels from 1 to 20000",
        "pixelRatio" => "a positive number of device pixels per CSS pixel",
        _ => "a known option",
    }
}

/// The value of `choices` that option `name` names by `text`, or the error of `set` for it.
pub(crate) fn word<T: Named>(set: &OptionSet, name: &str, choices: &[T], text: &str) -> Result<T> {
    T::among(choices, text)
        .ok_or_else(|| invalid_value(name, (set.expectation)(name), &format!("\"{text}\"")))
}

/// The error for an option whose value is not what it must be; `found` is already written the
/// way JavaScript would show it.
pub fn invalid_option(name: &str, found: &str) -> Error {
    invalid_value(name, expectation(name), found)
}

/// The error for a value that is not what it must be: `field "<name>": expected <expected>,
/// found <found>`.
pub fn invalid_value(name: &str, expected: &str, found: &str) -> Error {
    Error::InvalidField {
        field: name.to_string(),
        expected: format!("{expected}, found {found}"),
    }
}

/// A number written as JavaScript writes it (`NaN`, `Infinity`, `2.5`, `800`, `1e-7`): the
/// share links' exact writer, so messages quote a value as the page would show it.
pub use crate::link::js_number;

/// The value of one given option, of the type its [`ValueKind`] asks for; `Null` resets the
/// option to its default. The binding layer reads a JavaScript value into one of these after
/// checking its type, so a patch never sees JavaScript values (nor needs serde to read them).
#[derive(Debug, Clone, PartialEq)]
pub enum OptionValue {
    Null,
    Text(String),
    Flag(bool),
    Number(f64),
    TextList(Vec<String>),
}

impl OptionValue {
    /// The value as a string option.
    pub fn text(self, name: &str) -> Result<Option<Option<String>>> {
        match self {
            OptionValue::Text(text) => Ok(Some(Some(text))),
            other => other.unless_null(name),
        }
    }

    /// The value as a true-or-false option.
    pub fn flag(self, name: &str) -> Result<Option<Option<bool>>> {
        match self {
            OptionValue::Flag(flag) => Ok(Some(Some(flag))),
            other => other.unless_null(name),
        }
    }

    /// The value as a number option.
    pub fn number(self, name: &str) -> Result<Option<Option<f64>>> {
        match self {
            OptionValue::Number(number) => Ok(Some(Some(number))),
            other => other.unless_null(name),
        }
    }

    /// The value as a list-of-strings option.
    pub fn text_list(self, name: &str) -> Result<Option<Option<Vec<String>>>> {
        match self {
            OptionValue::TextList(list) => Ok(Some(Some(list))),
            other => other.unless_null(name),
        }
    }

    /// `null` as "back to the default"; any other value is of the wrong type for `name`.
    fn unless_null<T>(self, name: &str) -> Result<Option<Option<T>>> {
        let found = match self {
            OptionValue::Null => return Ok(Some(None)),
            OptionValue::Text(text) => format!("\"{text}\""),
            OptionValue::Flag(flag) => flag.to_string(),
            OptionValue::Number(number) => js_number(number),
            OptionValue::TextList(_) => "an array".to_string(),
        };
        Err(invalid_value(name, "a value of the option's type", &found))
    }
}

/// A partial options object that the binding layer fills one given option at a time.
pub trait Patch: Default {
    /// Sets option `name` (one of the option set's names) to `value`.
    fn set(&mut self, name: &str, value: OptionValue) -> Result<()>;
}

/// A partial options object from JavaScript. Per option: `None` = not given (keep the current
/// setting), `Some(None)` = `null` (back to the default), `Some(Some(value))` = set.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct OptionsPatch {
    pub layout: Option<Option<String>>,
    pub model: Option<Option<String>>,
    pub model_b: Option<Option<String>>,
    pub benchmark: Option<Option<String>>,
    pub color_map: Option<Option<String>>,
    pub reversed: Option<Option<bool>>,
    pub domain: Option<Option<String>>,
    pub min: Option<Option<f64>>,
    pub max: Option<Option<f64>>,
    pub center: Option<Option<f64>>,
    pub annotate: Option<Option<bool>>,
    pub decimals: Option<Option<f64>>,
    pub uncertainty: Option<Option<f64>>,
    pub width: Option<Option<f64>>,
    pub pixel_ratio: Option<Option<f64>>,
}

impl Patch for OptionsPatch {
    fn set(&mut self, name: &str, value: OptionValue) -> Result<()> {
        match name {
            "layout" => self.layout = value.text(name)?,
            "model" => self.model = value.text(name)?,
            "modelB" => self.model_b = value.text(name)?,
            "benchmark" => self.benchmark = value.text(name)?,
            "colorMap" => self.color_map = value.text(name)?,
            "reversed" => self.reversed = value.flag(name)?,
            "domain" => self.domain = value.text(name)?,
            "min" => self.min = value.number(name)?,
            "max" => self.max = value.number(name)?,
            "center" => self.center = value.number(name)?,
            "annotate" => self.annotate = value.flag(name)?,
            "decimals" => self.decimals = value.number(name)?,
            "uncertainty" => self.uncertainty = value.number(name)?,
            "width" => self.width = value.number(name)?,
            "pixelRatio" => self.pixel_ratio = value.number(name)?,
            _ => return Err(unknown_option(FIGURE_OPTIONS, name)),
        }
        Ok(())
    }
}

/// The error for a name that is not one of a set's options.
pub(crate) fn unknown_option(set: OptionSet, name: &str) -> Error {
    Error::Unknown {
        what: set.what,
        name: name.to_string(),
        known: set.names.iter().map(|name| name.to_string()).collect(),
    }
}

/// The options a person chose; `None` leaves an option to its default. Values are kept as given
/// and checked by [`resolve_options`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Settings {
    pub layout: Option<String>,
    pub model: Option<String>,
    pub model_b: Option<String>,
    pub benchmark: Option<String>,
    pub color_map: Option<String>,
    pub reversed: Option<bool>,
    pub domain: Option<String>,
    pub min: Option<f64>,
    pub max: Option<f64>,
    pub center: Option<f64>,
    pub annotate: Option<bool>,
    pub decimals: Option<f64>,
    pub uncertainty: Option<f64>,
    pub width: Option<f64>,
    pub pixel_ratio: Option<f64>,
}

pub(crate) fn merge_field<T: Clone>(current: &Option<T>, change: &Option<Option<T>>) -> Option<T> {
    match change {
        None => current.clone(),
        Some(value) => value.clone(),
    }
}

impl Settings {
    /// These settings with a patch applied over them.
    pub fn merged(&self, patch: &OptionsPatch) -> Settings {
        Settings {
            layout: merge_field(&self.layout, &patch.layout),
            model: merge_field(&self.model, &patch.model),
            model_b: merge_field(&self.model_b, &patch.model_b),
            benchmark: merge_field(&self.benchmark, &patch.benchmark),
            color_map: merge_field(&self.color_map, &patch.color_map),
            reversed: merge_field(&self.reversed, &patch.reversed),
            domain: merge_field(&self.domain, &patch.domain),
            min: merge_field(&self.min, &patch.min),
            max: merge_field(&self.max, &patch.max),
            center: merge_field(&self.center, &patch.center),
            annotate: merge_field(&self.annotate, &patch.annotate),
            decimals: merge_field(&self.decimals, &patch.decimals),
            uncertainty: merge_field(&self.uncertainty, &patch.uncertainty),
            width: merge_field(&self.width, &patch.width),
            pixel_ratio: merge_field(&self.pixel_ratio, &patch.pixel_ratio),
        }
    }
}

/// What the page around the canvas offers as defaults: the container's width in CSS pixels and
/// the screen's `devicePixelRatio`, when known.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Surroundings {
    pub container_width: Option<f64>,
    pub device_pixel_ratio: Option<f64>,
}

impl Surroundings {
    /// The default width: the container's, when it has a usable one, else 800.
    pub fn default_width(&self) -> f64 {
        match self.container_width {
            Some(width) if width.is_finite() && width >= MIN_WIDTH => width.min(MAX_WIDTH),
            _ => FALLBACK_WIDTH,
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
}

/// Every option with its value in use; what `SweepFigure.options()` returns.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ResolvedOptions {
    pub layout: Layout,
    pub model: String,
    /// `None` when the dataset has a single model and `modelB` was not given.
    pub model_b: Option<String>,
    pub benchmark: String,
    pub color_map: ColorMap,
    pub reversed: bool,
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
            domain: self.domain_mode(),
            annotate: self.annotate,
            decimals: self.decimals,
            uncertainty: self.uncertainty,
        }
    }
}

/// A finite number, or an error naming the option.
pub(crate) fn finite(name: &str, value: f64) -> Result<f64> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(invalid_option(name, &js_number(value)))
    }
}

/// Checks a width in CSS pixels: finite, from 1 to 20000.
pub fn check_width(width: f64) -> Result<f64> {
    if width.is_finite() && (MIN_WIDTH..=MAX_WIDTH).contains(&width) {
        Ok(width)
    } else {
        Err(invalid_option("width", &js_number(width)))
    }
}

/// Checks a pixel ratio (finite and positive) and clamps it to 1..=4.
pub fn check_pixel_ratio(ratio: f64) -> Result<f64> {
    if ratio.is_finite() && ratio > 0.0 {
        Ok(ratio.clamp(MIN_PIXEL_RATIO, MAX_PIXEL_RATIO))
    } else {
        Err(invalid_option("pixelRatio", &js_number(ratio)))
    }
}

pub(crate) fn check_decimals(decimals: f64) -> Result<u8> {
    if decimals.fract() == 0.0 && (0.0..=MAX_DECIMALS).contains(&decimals) {
        // In 0..=12 and whole, so the cast is exact.
        Ok(decimals as u8)
    } else {
        Err(invalid_option("decimals", &js_number(decimals)))
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
pub(crate) fn check_benchmark(dataset: &Dataset, name: &str) -> Result<String> {
    if name == MEAN_BENCHMARK || dataset.benchmarks.position(name).is_some() {
        Ok(name.to_string())
    } else {
        Err(Error::Unknown {
            what: "benchmark",
            name: name.to_string(),
            known: std::iter::once(MEAN_BENCHMARK.to_string())
                .chain(dataset.benchmarks.levels.iter().cloned())
                .collect(),
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
    let min = min.ok_or_else(|| fixed_needs("min"))?;
    let max = max.ok_or_else(|| fixed_needs("max"))?;
    if max <= min {
        return Err(Error::InvalidField {
            field: "max".to_string(),
            expected: format!(
                "a number greater than min ({}), found {}",
                js_number(min),
                js_number(max)
            ),
        });
    }
    Ok(())
}

/// Checks settings against a dataset and fills in every default (see the module table). The
/// first problem found is the error, naming the option.
pub fn resolve_options(
    settings: &Settings,
    dataset: &Dataset,
    surroundings: &Surroundings,
) -> Result<ResolvedOptions> {
    let layout = match &settings.layout {
        Some(text) => word(&FIGURE_OPTIONS, "layout", Layout::ALL, text)?,
        None => Layout::default(),
    };
    let first_model = dataset.models.levels.first().cloned().unwrap_or_default();
    let model = match &settings.model {
        Some(name) => check_model(dataset, name, "model")?,
        None => first_model,
    };
    let model_b = match &settings.model_b {
        Some(name) => Some(check_model(dataset, name, "model for modelB")?),
        None => dataset
            .models
            .levels
            .iter()
            .find(|other| **other != model)
            .cloned(),
    };
    let benchmark = match &settings.benchmark {
        Some(name) => check_benchmark(dataset, name)?,
        None if layout == Layout::Reconcile => {
            let aggregate = (0..dataset.benchmarks.levels.len())
                .find(|&b| dataset.is_reported_aggregate(b))
                .and_then(|b| dataset.benchmarks.levels.get(b).cloned());
            aggregate.ok_or_else(|| Error::InvalidField {
                field: "layout".to_string(),
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
    let color_map = match &settings.color_map {
        Some(name) => ColorMap::parse(name)?,
        None => ColorMap::default(),
    };
    let domain = match &settings.domain {
        Some(text) => word(&FIGURE_OPTIONS, "domain", Range::ALL, text)?,
        None => Range::Panel,
    };
    let min = settings.min.map(|min| finite("min", min)).transpose()?;
    let max = settings.max.map(|max| finite("max", max)).transpose()?;
    let center = finite("center", settings.center.unwrap_or(0.0))?;
    check_fixed_bounds(domain, min, max)?;
    let decimals = settings.decimals.map(check_decimals).transpose()?;
    let uncertainty = match settings.uncertainty {
        Some(level) if level > 0.0 && level < 1.0 => Some(level),
        Some(level) => return Err(invalid_option("uncertainty", &js_number(level))),
        None => None,
    };
    let width = match settings.width {
        Some(width) => check_width(width)?,
        None => surroundings.default_width(),
    };
    let pixel_ratio = match settings.pixel_ratio {
        Some(ratio) => check_pixel_ratio(ratio)?,
        None => surroundings.default_pixel_ratio(),
    };
    if layout == Layout::Difference && model_b.is_none() {
        return Err(Error::InvalidField {
            field: "modelB".to_string(),
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
        color_map,
        reversed: settings.reversed.unwrap_or(false),
        domain,
        min,
        max,
        center,
        annotate: settings.annotate.unwrap_or(true),
        decimals,
        uncertainty,
        width,
        pixel_ratio,
    })
}
