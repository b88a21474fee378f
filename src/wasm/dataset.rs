//! Loading datasets, listing colour maps, and the dataset handle with its analysis methods.

#[cfg(feature = "analyses")]
use std::borrow::Cow;
use std::rc::Rc;

use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::arguments::{self, describe, given};
use super::{
    js_error, to_typed, AxisObject, BenchmarkInfoArray, ColorMapArray, CsvOptionsObject,
    LoadOptionsObject, MetricObject, PanelArray,
};
#[cfg(feature = "analyses")]
use super::{ConfigurationRankingObject, PanelAnalysisObject, ReconciliationObject};
#[cfg(feature = "analyses")]
use crate::analysis::{
    compute_marginals, measure_trends, rank_configurations, reconcile_aggregate, summarize,
    Marginals, Summary, Trends,
};
use crate::color::ColorMap;
#[cfg(feature = "analyses")]
use crate::figure::BenchmarkChoice;
use crate::figure::Named;
use crate::link::Format;
#[cfg(feature = "analyses")]
use crate::view::check_benchmark;
use crate::view::OptionValue;
#[cfg(any(feature = "exports", feature = "analyses"))]
use crate::CsvText;
#[cfg(feature = "analyses")]
use crate::Grid;
use crate::{Axis, CsvOptions, Dataset, Error, Metric};

#[wasm_bindgen(typescript_custom_section)]
const CSV_EXPORT_TYPES: &'static str = r#"
/** Options of a CSV export (`toCsv`, `shownCsv`). */
export interface CsvExportOptions {
  /**
   * true: every field exactly as the data have it. Not safe to open in a spreadsheet, which
   * evaluates a label such as `=HYPERLINK(...)` as a formula. false (the default): text that
   * starts with =, +, -, @, a tab or a carriage return (numbers aside) gets a leading ', which
   * sweepmap's loaders take off again.
   */
  raw?: boolean | null;
}
"#;

#[wasm_bindgen]
extern "C" {
    /// A `CsvExportOptions` object from JavaScript.
    #[wasm_bindgen(typescript_type = "CsvExportOptions")]
    pub type CsvExportOptionsObject;
}

/// How a CSV export's options argument says to write text fields.
#[cfg(any(feature = "exports", feature = "analyses"))]
pub(crate) fn csv_export(
    options: Option<CsvExportOptionsObject>,
) -> Result<CsvText, js_sys::Error> {
    arguments::csv_text(options.map_or(JsValue::UNDEFINED, Into::into))
}

/// The option names `loadCsv` understands, as in `CsvOptions`.
const CSV_OPTION_NAMES: [&str; 7] = [
    "x",
    "y",
    "value",
    "model",
    "benchmark",
    "replicate",
    "ignore",
];

/// The column roles of `loadCsv`.
pub(crate) const CSV_ROLES: ColumnRoles = ColumnRoles {
    what: "CSV option",
    names: &CSV_OPTION_NAMES,
    lists: &["ignore"],
    example: r#"{ x: "ratio", y: "window" }"#,
};

/// The option names `loadDataset` and `loadPairwise` understand, as in `LoadOptions`.
const LOAD_OPTION_NAMES: [&str; 2] = ["format", "roles"];

/// The column roles a CSV loader's options may name.
pub(crate) struct ColumnRoles {
    /// What one option is called in messages: `unknown CSV option: "colour"`.
    pub what: &'static str,
    /// The role names, as JavaScript writes them.
    pub names: &'static [&'static str],
    /// The roles that take a list of column names; the others take one.
    pub lists: &'static [&'static str],
    /// An example object for the message about options that are not an object.
    pub example: &'static str,
}

/// Column roles that [`column_roles`] fills one given role at a time.
pub(crate) trait Roles: Default {
    /// The roles' names and what a message calls them.
    const ROLES: ColumnRoles;

    /// Sets role `name`, one of `ROLES.names`, to a column (or to columns, for a list role).
    fn set_role(&mut self, name: &str, value: OptionValue) -> crate::Result<()>;
}

/// Names as owned strings (an error's list of known names): one loop for every list, not a
/// `.map().collect()` chain per caller (README "Package size").
pub(crate) fn owned(names: &[&str]) -> Vec<String> {
    let mut owned = Vec::with_capacity(names.len());
    for name in names {
        owned.push(name.to_string());
    }
    owned
}

/// The error for a name that is not one of the roles.
pub(crate) fn unknown_role(roles: &ColumnRoles, name: &str) -> Error {
    Error::Unknown {
        what: roles.what,
        name: name.to_string(),
        known: owned(roles.names),
    }
}

impl Roles for CsvOptions {
    const ROLES: ColumnRoles = CSV_ROLES;

    fn set_role(&mut self, name: &str, value: OptionValue) -> crate::Result<()> {
        let column = |value: OptionValue| value.text(name);
        match name {
            "x" => self.x = column(value)?,
            "y" => self.y = column(value)?,
            "value" => self.value = column(value)?,
            "model" => self.model = column(value)?,
            "benchmark" => self.benchmark = column(value)?,
            "replicate" => self.replicate = column(value)?,
            "ignore" => {
                self.ignore = match value {
                    OptionValue::TextList(list) => list,
                    // `column_roles` read a list role as a list; `null` is no list.
                    _ => Vec::new(),
                }
            }
            _ => return Err(unknown_role(&Self::ROLES, name)),
        }
        Ok(())
    }
}

/// Reads a CSV loader's column roles: `undefined`/`null` mean "infer everything", and so does
/// a role that is `undefined` or `null`; unknown names and values of the wrong type are errors
/// that say what was expected.
pub(crate) fn column_roles<R: Roles>(value: JsValue) -> Result<R, js_sys::Error> {
    let roles = &R::ROLES;
    let mut read = R::default();
    let Some(value) = given(value) else {
        return Ok(read);
    };
    if !value.is_object() || js_sys::Array::is_array(&value) {
        return Err(js_error(Error::InvalidField {
            field: "options".to_string(),
            expected: format!("an object such as {}", roles.example),
        }));
    }
    let object: &js_sys::Object = value.unchecked_ref();
    for key in js_sys::Object::keys(object).iter() {
        let key = key.as_string().unwrap_or_default();
        if !roles.names.contains(&key.as_str()) {
            return Err(js_error(unknown_role(roles, &key)));
        }
        let field = arguments::property(object, &key)?;
        if field.is_undefined() || field.is_null() {
            continue;
        }
        read.set_role(&key, role_value(roles, &key, &field)?)
            .map_err(js_error)?;
    }
    Ok(read)
}

/// A role's value from JavaScript, its type checked here so that the message names the option:
/// a list of column names for a list role, else one column name.
pub(crate) fn role_value(
    roles: &ColumnRoles,
    key: &str,
    field: &JsValue,
) -> Result<OptionValue, js_sys::Error> {
    let (value, expected) = if roles.lists.contains(&key) {
        (
            arguments::list_of_strings(field).map(OptionValue::TextList),
            "a list of column names (strings)",
        )
    } else {
        (
            field.as_string().map(OptionValue::Text),
            "a column name (a string)",
        )
    };
    value.ok_or_else(|| {
        js_error(Error::InvalidField {
            field: key.to_string(),
            expected: expected.to_string(),
        })
    })
}

/// Reads `loadCsv` options.
pub(crate) fn csv_options_from_js(value: JsValue) -> Result<CsvOptions, js_sys::Error> {
    column_roles(value)
}

/// Loads a dataset from tidy CSV text; column roles are inferred unless `options` names them.
#[wasm_bindgen(js_name = loadCsv)]
pub fn load_csv(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    options: Option<CsvOptionsObject>,
) -> Result<SweepDataset, js_sys::Error> {
    // Taken as a JsValue: wasm-bindgen's glue for a `&str` reads a non-string's `length` and
    // copies garbage sizes into the allocator, which traps instead of throwing.
    let text = arguments::text("text", "the CSV text as a string", &text)?;
    let options = csv_options_from_js(options.map_or(JsValue::UNDEFINED, Into::into))?;
    crate::load_csv(&text, &options)
        .map(SweepDataset::new)
        .map_err(js_error)
}

/// Loads a dataset from sweepmap's JSON format.
#[wasm_bindgen(js_name = loadJson)]
pub fn load_json(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
) -> Result<SweepDataset, js_sys::Error> {
    let text = arguments::text("text", "the JSON text as a string", &text)?;
    crate::load_json(&text)
        .map(SweepDataset::new)
        .map_err(js_error)
}

/// True when text looks like JSON: its first character after a BOM and white space is `{`.
fn looks_like_json(text: &str) -> bool {
    text.trim_start_matches(|c: char| c == '\u{feff}' || c.is_whitespace())
        .starts_with(['{', '['])
}

/// Reads the options of `loadDataset` and `loadPairwise` (`LoadOptions`): whether to read
/// `text` as JSON (`format` "auto", the default: when it starts with `{` or `[`; "json";
/// "csv"), and the `roles` value, unread.
pub(crate) fn load_options(text: &str, options: JsValue) -> Result<(bool, JsValue), js_sys::Error> {
    let options = arguments::object_with_keys(options, r#"{ format: "csv" }"#)?;
    let mut format = "auto".to_string();
    let mut roles = JsValue::UNDEFINED;
    if let Some((object, keys)) = options {
        for key in keys {
            let field = arguments::property(&object, &key)?;
            match key.as_str() {
                "format" => {
                    if let Some(field) = given(field) {
                        format = field.as_string().ok_or_else(|| {
                            arguments::invalid("format", r#""auto", "csv" or "json""#, &field)
                        })?;
                    }
                }
                "roles" => roles = field,
                _ => {
                    return Err(js_error(Error::Unknown {
                        what: "load option",
                        name: key,
                        known: owned(&LOAD_OPTION_NAMES),
                    }))
                }
            }
        }
    }
    let Some(declared) = Format::among(Format::ALL, &format) else {
        return Err(js_error(Error::InvalidField {
            field: "format".to_string(),
            expected: format!(
                r#""auto", "csv" or "json", found {}"#,
                describe(&JsValue::from_str(&format))
            ),
        }));
    };
    let json = declared.is_json().unwrap_or_else(|| looks_like_json(text));
    Ok((json, roles))
}

/// Loads a dataset from CSV or JSON text. `format` is `"auto"` (the default: JSON when the
/// text starts with `{` or `[`, CSV otherwise), `"csv"` or `"json"`; `roles` are `loadCsv`'s
/// column roles, used for CSV text only. In the default package, the `Error` thrown for text that
/// `openSweep` opens (CSV whose columns' roles cannot be told apart, a pandas index column) has
/// `roleError: true`; for JSON it could not read, `importable: true` (the importers package's
/// `importerFor` tells whether it converts it: runs as JSON, lm-evaluation-harness files).
#[wasm_bindgen(js_name = loadDataset)]
pub fn load_dataset(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    options: Option<LoadOptionsObject>,
) -> Result<SweepDataset, js_sys::Error> {
    let text = arguments::text("text", "the file's text (a string)", &text)?;
    let (json, roles) = load_options(&text, options.map_or(JsValue::UNDEFINED, Into::into))?;
    // Check the roles even for JSON text, so a mistake in them never goes unnoticed.
    let roles = csv_options_from_js(roles)?;
    let dataset = if json {
        crate::load_json(&text)
    } else {
        crate::load_csv(&text, &roles)
    };
    dataset.map(SweepDataset::new).map_err(|error| {
        // CSV a run table opens (its roles cannot be told apart, a pandas index): the error
        // says so, for a page to open it with `openSweep`. JSON that is not sweepmap's panel
        // form may be another tool's file: the error says so, for a page to ask the importers
        // package (`importerFor`), which recognises them, so that this package does not.
        let flag = if json {
            "importable"
        } else {
            #[cfg(feature = "tables")]
            if crate::table::opens_what_tidy_refuses(&error) {
                "roleError"
            } else {
                ""
            }
            #[cfg(not(feature = "tables"))]
            ""
        };
        let thrown = js_error(error);
        if !flag.is_empty() {
            let _ = js_sys::Reflect::set(&thrown, &flag.into(), &JsValue::TRUE);
        }
        thrown
    })
}

/// What JavaScript sees of a colour map.
#[derive(Serialize)]
struct ColorMapInfo {
    name: &'static str,
    label: &'static str,
    diverging: bool,
}

/// Every colour map, sequential ones first: `[{ name: "viridis", label: "Viridis", diverging:
/// false }, ...]`. `name` is what figure options take.
#[wasm_bindgen(js_name = colorMaps)]
pub fn color_maps() -> Result<ColorMapArray, js_sys::Error> {
    let mut maps: Vec<ColorMapInfo> = Vec::new();
    for map in ColorMap::all() {
        maps.push(ColorMapInfo {
            name: map.name(),
            label: map.label(),
            diverging: map.is_diverging(),
        });
    }
    to_typed(&maps)
}

/// A loaded dataset, kept in wasm memory. Call `free()` when done with it; figures drawn from it
/// keep their own reference, so they stay valid after that.
#[wasm_bindgen]
pub struct SweepDataset(Rc<Dataset>);

/// What JavaScript sees of a metric.
#[derive(Serialize)]
struct MetricInfo<'a> {
    name: &'a str,
    direction: &'static str,
    unit: Option<&'a str>,
}

/// What JavaScript sees of an axis.
#[derive(Serialize)]
struct AxisInfo<'a> {
    name: &'a str,
    labels: &'a [String],
    values: Option<&'a [f64]>,
}

/// What JavaScript sees of a panel.
#[derive(Serialize)]
struct PanelInfo<'a> {
    model: &'a str,
    benchmark: &'a str,
    title: String,
    present: usize,
    missing: usize,
}

/// What JavaScript sees of a benchmark's metadata.
#[derive(Serialize)]
struct BenchmarkMetadata<'a> {
    name: &'a str,
    items: Option<u32>,
    samples_per_item: Option<u32>,
    aggregate_of: Option<&'a [String]>,
}

/// The analysis of one panel.
#[cfg(feature = "analyses")]
#[derive(Serialize)]
struct PanelAnalysis {
    summary: Option<Summary>,
    trends: Trends,
    marginals: Marginals,
}

#[wasm_bindgen]
impl SweepDataset {
    /// Model names in the order the data give them.
    pub fn models(&self) -> Vec<String> {
        self.0.models.levels.clone()
    }

    /// Benchmark names in the order the data give them.
    pub fn benchmarks(&self) -> Vec<String> {
        self.0.benchmarks.levels.clone()
    }

    /// The metric: `{ name, direction, unit }`.
    pub fn metric(&self) -> Result<MetricObject, js_sys::Error> {
        to_typed(&Self::metric_info(&self.0.metric))
    }

    /// The column axis: `{ name, labels, values }`.
    #[wasm_bindgen(js_name = xAxis)]
    pub fn x_axis(&self) -> Result<AxisObject, js_sys::Error> {
        to_typed(&Self::axis_info(&self.0.x))
    }

    /// The row axis: `{ name, labels, values }`.
    #[wasm_bindgen(js_name = yAxis)]
    pub fn y_axis(&self) -> Result<AxisObject, js_sys::Error> {
        to_typed(&Self::axis_info(&self.0.y))
    }

    /// Every model x benchmark panel: `{ model, benchmark, title, present, missing }`.
    pub fn panels(&self) -> Result<PanelArray, js_sys::Error> {
        to_typed(&self.panel_infos())
    }

    /// The dataset's title, when it has one.
    pub fn title(&self) -> Option<String> {
        self.0.title.clone()
    }

    /// The dataset's provenance note, when it has one.
    pub fn source(&self) -> Option<String> {
        self.0.source.clone()
    }

    /// The header's facts line: "Pass@1 (%), higher is better · 2 models · 4 benchmarks ·
    /// Ratio × Local Window Size".
    pub fn facts(&self) -> String {
        crate::figure::sweep_facts(&self.0)
    }

    /// True when the title or the provenance note calls the data synthetic (the word).
    #[wasm_bindgen(js_name = isSynthetic)]
    pub fn is_synthetic(&self) -> bool {
        crate::figure::is_synthetic(self.0.title.as_deref(), self.0.source.as_deref())
    }

    /// What the figure shows of a larger table, when the dataset is a view of one (drawn under
    /// each panel's title): "batch_size = 64 (fixed at the best run's); 3 runs per cell".
    pub fn shows(&self) -> Option<String> {
        self.0.shows.clone()
    }

    /// What the figure writes under each panel's title: `shows()` in brief, without the caveats
    /// that the hover and observations give (`shows()` itself when it has none).
    pub fn caption(&self) -> Option<String> {
        self.0.caption.clone().or_else(|| self.0.shows.clone())
    }

    /// The dataset as tidy CSV, safe to open in a spreadsheet unless `options.raw` is true.
    #[cfg(feature = "analyses")]
    #[wasm_bindgen(js_name = toCsv)]
    pub fn to_csv(&self, options: Option<CsvExportOptionsObject>) -> Result<String, js_sys::Error> {
        Ok(crate::to_csv_as(&self.0, csv_export(options)?))
    }

    /// The dataset in sweepmap's JSON format, with all its metadata.
    #[wasm_bindgen(js_name = toJson)]
    pub fn to_json(&self) -> String {
        crate::to_json(&self.0)
    }

    /// Metadata of every benchmark: `[{ name, items, samples_per_item, aggregate_of }]`.
    #[wasm_bindgen(js_name = benchmarkInfo)]
    pub fn benchmark_info(&self) -> Result<BenchmarkInfoArray, js_sys::Error> {
        let dataset = &self.0;
        let mut infos: Vec<BenchmarkMetadata<'_>> = Vec::new();
        for (index, name) in dataset.benchmarks.levels.iter().enumerate() {
            let info = dataset.benchmark_info(index);
            infos.push(BenchmarkMetadata {
                name,
                items: info.and_then(|info| info.items),
                samples_per_item: info.and_then(|info| info.samples_per_item),
                aggregate_of: info.and_then(|info| info.aggregate_of.as_deref()),
            });
        }
        to_typed(&infos)
    }

    /// What one panel's numbers say: `{ summary, trends, marginals }`. `benchmark` may be
    /// `":mean"`, the model's mean across its measured benchmarks.
    #[cfg(feature = "analyses")]
    pub fn analysis(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] model: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] benchmark: JsValue,
    ) -> Result<PanelAnalysisObject, js_sys::Error> {
        let model = self.model_argument(&model)?;
        let benchmark = arguments::text("benchmark", "a benchmark name (a string)", &benchmark)?;
        let grid = benchmark_grid(&self.0, model, &benchmark).map_err(js_error)?;
        to_typed(&PanelAnalysis {
            summary: summarize(&grid, self.0.metric.direction),
            trends: measure_trends(&grid),
            marginals: compute_marginals(&grid),
        })
    }

    /// Checks a reported aggregate benchmark (one with `aggregate_of`) of a model against the
    /// mean of its parts. Fails when the benchmark is not a reported aggregate.
    #[cfg(feature = "analyses")]
    pub fn reconcile(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] model: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] benchmark: JsValue,
    ) -> Result<ReconciliationObject, js_sys::Error> {
        let model = self.model_argument(&model)?;
        let benchmark = arguments::text("benchmark", "a benchmark name (a string)", &benchmark)?;
        let benchmark = self.0.benchmark_index(&benchmark).map_err(js_error)?;
        let reconciliation = reconcile_aggregate(&self.0, model, benchmark).map_err(js_error)?;
        to_typed(&reconciliation)
    }

    /// A model's configurations ranked across its measured benchmarks, best first.
    #[cfg(feature = "analyses")]
    #[wasm_bindgen(js_name = rankConfigurations)]
    pub fn rank_configurations(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] model: JsValue,
    ) -> Result<ConfigurationRankingObject, js_sys::Error> {
        let model = self.model_argument(&model)?;
        let ranking = rank_configurations(&self.0, model).map_err(js_error)?;
        to_typed(&ranking)
    }
}

impl SweepDataset {
    pub(crate) fn new(dataset: Dataset) -> SweepDataset {
        SweepDataset(Rc::new(dataset))
    }

    /// A handle on a dataset shared with its owner (a run table's projection).
    #[cfg(feature = "tables")]
    pub(crate) fn shared_from(dataset: Rc<Dataset>) -> SweepDataset {
        SweepDataset(dataset)
    }

    /// The core dataset behind the handle.
    pub fn dataset(&self) -> &Dataset {
        &self.0
    }

    /// A shared reference to the dataset, for a figure to keep.
    pub(crate) fn shared(&self) -> Rc<Dataset> {
        Rc::clone(&self.0)
    }

    /// The index of a model named by a JavaScript argument.
    #[cfg(feature = "analyses")]
    fn model_argument(&self, model: &JsValue) -> Result<usize, js_sys::Error> {
        let model = arguments::text("model", "a model name (a string)", model)?;
        self.0.model_index(&model).map_err(js_error)
    }

    fn metric_info(metric: &Metric) -> MetricInfo<'_> {
        MetricInfo {
            name: &metric.name,
            direction: metric.direction.as_str(),
            unit: metric.unit.as_deref(),
        }
    }

    fn axis_info(axis: &Axis) -> AxisInfo<'_> {
        AxisInfo {
            name: &axis.name,
            labels: &axis.labels,
            values: axis.values.as_deref(),
        }
    }

    fn panel_infos(&self) -> Vec<PanelInfo<'_>> {
        fn level(levels: &[String], index: usize) -> &str {
            levels.get(index).map(String::as_str).unwrap_or_default()
        }
        let dataset = &self.0;
        let mut infos = Vec::with_capacity(dataset.panels.len());
        for panel in &dataset.panels {
            infos.push(PanelInfo {
                model: level(&dataset.models.levels, panel.model),
                benchmark: level(&dataset.benchmarks.levels, panel.benchmark),
                title: dataset.panel_title(panel),
                present: panel.grid.present_count(),
                missing: panel.grid.missing_count(),
            });
        }
        infos
    }
}

/// A model's grid on a benchmark name, or on the mean for `":mean"`; unknown names are errors
/// that list the known ones.
#[cfg(feature = "analyses")]
pub(crate) fn benchmark_grid<'a>(
    dataset: &'a Dataset,
    model: usize,
    benchmark: &str,
) -> crate::Result<Cow<'a, Grid>> {
    check_benchmark(dataset, benchmark)?;
    crate::figure::benchmark_grid(dataset, model, &BenchmarkChoice::from_name(benchmark))
}
