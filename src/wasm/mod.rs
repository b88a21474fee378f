//! The JavaScript face of sweepmap: a small ES-module API over the core loaders.
//!
//! This is the only module that knows about wasm-bindgen and JS values. A loaded dataset stays in
//! Rust behind an opaque handle ([`SweepDataset`]); JavaScript sends small option objects in and
//! gets small plain objects and string arrays back, never whole grids. Every failure reaches
//! JavaScript as a real `Error` whose message is the core's user-facing message, and nothing here
//! panics on input.
//!
//! ```js
//! import init, { loadCsv, loadJson } from "./pkg/sweepmap.js";
//! await init();
//! const dataset = loadCsv(text, { x: "ratio", y: "local_window_size" });
//! dataset.panels(); // [{ model: "R1-Llama", benchmark: "AIME24", title: "R1-Llama | AIME24", present: 20, missing: 0 }, ...]
//! ```

use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::{Axis, CsvOptions, Dataset, Error, Metric};

#[wasm_bindgen(typescript_custom_section)]
const TYPESCRIPT_TYPES: &'static str = r#"
/** Column roles for `loadCsv`; every field is optional and inferred when left out. */
export interface CsvOptions {
  x?: string;
  y?: string;
  value?: string;
  model?: string;
  benchmark?: string;
  replicate?: string;
  ignore?: string[];
}

/** The measured quantity. */
export interface MetricInfo {
  name: string;
  direction: "higher" | "lower";
  unit: string | null;
}

/** One hyperparameter axis, categories in axis order (ascending when numeric). */
export interface AxisInfo {
  name: string;
  labels: string[];
  /** The numeric value of each label, or null when the axis is categorical. */
  values: number[] | null;
}

/** One model x benchmark panel and how many of its cells are present and missing. */
export interface PanelInfo {
  model: string;
  benchmark: string;
  /** "Model | Benchmark", leaving out facets the data do not have. */
  title: string;
  present: number;
  missing: number;
}
"#;

#[wasm_bindgen]
extern "C" {
    /// A `CsvOptions` object from JavaScript.
    #[wasm_bindgen(typescript_type = "CsvOptions")]
    pub type CsvOptionsObject;

    /// A `MetricInfo` object for JavaScript.
    #[wasm_bindgen(typescript_type = "MetricInfo")]
    pub type MetricObject;

    /// An `AxisInfo` object for JavaScript.
    #[wasm_bindgen(typescript_type = "AxisInfo")]
    pub type AxisObject;

    /// An array of `PanelInfo` objects for JavaScript.
    #[wasm_bindgen(typescript_type = "PanelInfo[]")]
    pub type PanelArray;
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

/// Turns any error into a real JavaScript `Error` carrying its message.
fn js_error(error: impl std::fmt::Display) -> js_sys::Error {
    js_sys::Error::new(&error.to_string())
}

/// Converts a value to a plain JavaScript object: maps become objects, `None` becomes `null`.
fn to_plain_object<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, js_sys::Error> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(js_error)
}

/// Reads `loadCsv` options: `undefined`/`null` mean "infer everything"; unknown names and
/// values of the wrong type are errors that say what was expected.
fn csv_options_from_js(options: Option<CsvOptionsObject>) -> Result<CsvOptions, js_sys::Error> {
    let Some(options) = options else {
        return Ok(CsvOptions::default());
    };
    let value: JsValue = options.into();
    if value.is_undefined() || value.is_null() {
        return Ok(CsvOptions::default());
    }
    if !value.is_object() || js_sys::Array::is_array(&value) {
        return Err(js_error(Error::InvalidField {
            field: "options".to_string(),
            expected: "an object such as { x: \"ratio\", y: \"window\" }".to_string(),
        }));
    }
    let object: &js_sys::Object = value.unchecked_ref();
    for key in js_sys::Object::keys(object).iter() {
        let key = key.as_string().unwrap_or_default();
        if !CSV_OPTION_NAMES.contains(&key.as_str()) {
            return Err(js_error(Error::Unknown {
                what: "CSV option",
                name: key,
                known: CSV_OPTION_NAMES
                    .iter()
                    .map(|name| name.to_string())
                    .collect(),
            }));
        }
        // Check the types here, so that the message names the option.
        let field = js_sys::Reflect::get(object, &JsValue::from_str(&key)).unwrap_or_default();
        if field.is_undefined() || field.is_null() {
            continue;
        }
        let (valid, expected) = if key == "ignore" {
            let valid = js_sys::Array::is_array(&field)
                && js_sys::Array::from(&field).every(&mut |name, _, _| name.is_string());
            (valid, "a list of column names (strings)")
        } else {
            (field.is_string(), "a column name (a string)")
        };
        if !valid {
            return Err(js_error(Error::InvalidField {
                field: key,
                expected: expected.to_string(),
            }));
        }
    }
    serde_wasm_bindgen::from_value(value).map_err(|error| {
        // serde-wasm-bindgen's errors are JS errors already: keep their bare message.
        let error: JsValue = error.into();
        let message = error
            .dyn_ref::<js_sys::Error>()
            .map(|error| String::from(error.message()))
            .unwrap_or_else(|| "not the expected shape".to_string());
        js_error(format!("invalid CSV options: {message}"))
    })
}

/// Loads a dataset from tidy CSV text; column roles are inferred unless `options` names them.
#[wasm_bindgen(js_name = loadCsv)]
pub fn load_csv(
    text: &str,
    options: Option<CsvOptionsObject>,
) -> Result<SweepDataset, js_sys::Error> {
    let options = csv_options_from_js(options)?;
    crate::load_csv(text, &options)
        .map(SweepDataset)
        .map_err(js_error)
}

/// Loads a dataset from sweepmap's JSON format.
#[wasm_bindgen(js_name = loadJson)]
pub fn load_json(text: &str) -> Result<SweepDataset, js_sys::Error> {
    crate::load_json(text).map(SweepDataset).map_err(js_error)
}

/// A loaded dataset, kept in wasm memory. Call `free()` when done with it.
#[wasm_bindgen]
pub struct SweepDataset(Dataset);

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
        Ok(to_plain_object(&Self::metric_info(&self.0.metric))?.unchecked_into())
    }

    /// The column axis: `{ name, labels, values }`.
    #[wasm_bindgen(js_name = xAxis)]
    pub fn x_axis(&self) -> Result<AxisObject, js_sys::Error> {
        Ok(to_plain_object(&Self::axis_info(&self.0.x))?.unchecked_into())
    }

    /// The row axis: `{ name, labels, values }`.
    #[wasm_bindgen(js_name = yAxis)]
    pub fn y_axis(&self) -> Result<AxisObject, js_sys::Error> {
        Ok(to_plain_object(&Self::axis_info(&self.0.y))?.unchecked_into())
    }

    /// Every model x benchmark panel: `{ model, benchmark, title, present, missing }`.
    pub fn panels(&self) -> Result<PanelArray, js_sys::Error> {
        Ok(to_plain_object(&self.panel_infos())?.unchecked_into())
    }

    /// The dataset's title, when it has one.
    pub fn title(&self) -> Option<String> {
        self.0.title.clone()
    }

    /// The dataset's provenance note, when it has one.
    pub fn source(&self) -> Option<String> {
        self.0.source.clone()
    }

    /// The dataset as tidy CSV.
    #[wasm_bindgen(js_name = toCsv)]
    pub fn to_csv(&self) -> String {
        crate::to_csv(&self.0)
    }

    /// The dataset in sweepmap's JSON format, with all its metadata.
    #[wasm_bindgen(js_name = toJson)]
    pub fn to_json(&self) -> String {
        crate::to_json(&self.0)
    }
}

impl SweepDataset {
    /// The core dataset behind the handle.
    pub fn dataset(&self) -> &Dataset {
        &self.0
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
        dataset
            .panels
            .iter()
            .map(|panel| PanelInfo {
                model: level(&dataset.models.levels, panel.model),
                benchmark: level(&dataset.benchmarks.levels, panel.benchmark),
                title: dataset.panel_title(panel),
                present: panel.grid.present_count(),
                missing: panel.grid.missing_count(),
            })
            .collect()
    }
}
