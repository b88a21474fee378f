//! The importers package's API (the `importers` feature: www/pkg/importers/): conversions of
//! other tools' files into text the default and pairwise packages open ([`crate::importers`]).
//! No figure code, no handles: text in, plain objects of text out, every failure a JavaScript
//! `Error` whose message names where in the original file it is.

use wasm_bindgen::prelude::*;

use super::js_error;
use crate::importers::{
    importer_for, parse_renames, rename_left_out, results_to_json, samples_to_json, table_from_json,
};
use crate::lm_eval::{ResultsFile, ResultsOptions, SamplesOptions};

#[wasm_bindgen(typescript_custom_section)]
const IMPORTER_TYPES: &'static str = r#"
/** A JSON run table converted (`tableFromJson`): open `csv` with `openSweep(csv, { fromJson: roles })` (or `openLinkedSweep(csv, link, { fromJson: roles })`) of the default package. */
export interface ConvertedTable {
  /** The CSV of the runs, one record per run, in file order. */
  csv: string;
  /** The roles the file names (`{"runs": [...], "roles": {...}}`), `{}` when none. */
  roles: Record<string, "parameter" | "metric" | "facet" | "replicate" | "ignore">;
}

/** lm-evaluation-harness results converted (`lmEvalResults`): open `json` with `loadDataset(json, { format: "json" })` of the default package. */
export interface ConvertedResults {
  /** sweepmap's JSON of one panel, y = model, x = task, with each cell's reported standard error (`standard_errors`). */
  json: string;
  /** Per model, in the order of the y axis: its name, and whether it was named after its file (the file names no model: check it, and rename it with `rename`). */
  models: { model: string; guessed: boolean }[];
  /** What a reader should be told: what was merged, tasks left out, cells missing, models named after their files. */
  notes: string[];
}

/** lm-evaluation-harness samples logs converted (`lmEvalSamples`): open `json` with `loadPairwise(json, { format: "json" })` of the pairwise package. */
export interface ConvertedSamples {
  /** Per-item scores as the pairwise JSON form: items by `doc_id`, a group per task. */
  json: string;
  /** Per file, in the order given: the model its scores are under, and whether it was guessed from the file's name. */
  models: { file: string; model: string; guessed: boolean }[];
  /** What was guessed and how to name a model; a word when there is one model only. */
  notes: string[];
}

/** One samples log for `lmEvalSamples`: its name (a path is fine: the folder names the model), its text, and the model when known. */
export interface SamplesLog {
  name: string;
  text: string;
  model?: string;
}

/** Options of `lmEvalResults`. */
export interface LmEvalResultsOptions {
  /** The metric every task shows: a key as the harness writes it (`acc_norm,none`) or a metric name (`acc_norm`). Default: the metric name most tasks report. */
  metric?: string;
  /** Models renamed, old name to new (`{ "results.json": "org/model-a" }`), or as one text as `<sweep-map rename>` takes it (`"results.json=org/model-a,b=c"`: `\\,` for a comma and `\\=` for an equals sign inside a name, `\\\\` for a backslash): applied to the names the files give or that were guessed. A new name that is empty, or another model's, or two new names for one model, are refused naming them; an old name no model has is left out, and a note says so. */
  rename?: Record<string, string> | string;
}

/** Options of `lmEvalSamples`. */
export interface LmEvalSamplesOptions {
  /** Models renamed, old name to new, as `LmEvalResultsOptions.rename`. */
  rename?: Record<string, string> | string;
}
"#;

#[wasm_bindgen]
extern "C" {
    /// A `LmEvalResultsOptions` object from JavaScript.
    #[wasm_bindgen(typescript_type = "LmEvalResultsOptions")]
    pub type LmEvalResultsOptionsObject;
    /// A `LmEvalSamplesOptions` object from JavaScript.
    #[wasm_bindgen(typescript_type = "LmEvalSamplesOptions")]
    pub type LmEvalSamplesOptionsObject;
}

/// An options object's `rename` (old name to new, a plain object of strings, or one text of
/// `old=new` pairs: [`parse_renames`]), or the error naming the field; `[]` when there is no
/// options object or no `rename`.
fn rename_of(options: &JsValue) -> Result<Vec<(String, String)>, js_sys::Error> {
    if options.is_undefined() || options.is_null() {
        return Ok(Vec::new());
    }
    let field = js_sys::Reflect::get(options, &JsValue::from_str("rename"))
        .map_err(|_| js_error("field \"rename\": could not be read"))?;
    if field.is_undefined() || field.is_null() {
        return Ok(Vec::new());
    }
    if let Some(text) = field.as_string() {
        return parse_renames(&text).map_err(js_error);
    }
    let wrong = || {
        js_error(
            "field \"rename\": expected an object of old model names to new ones \
             ({ \"results.json\": \"org/model-a\" }) or old=new pairs in one text",
        )
    };
    if !field.is_object() || js_sys::Array::is_array(&field) {
        return Err(wrong());
    }
    let mut pairs = Vec::new();
    for entry in js_sys::Object::entries(&js_sys::Object::from(field)).iter() {
        let entry = js_sys::Array::from(&entry);
        let (Some(old), Some(new)) = (entry.get(0).as_string(), entry.get(1).as_string()) else {
            return Err(wrong());
        };
        pairs.push((old, new));
    }
    Ok(pairs)
}

/// `object[key] = value` on a plain object made here.
fn set(object: &js_sys::Object, key: &str, value: &JsValue) -> Result<(), js_sys::Error> {
    js_sys::Reflect::set(object, &JsValue::from_str(key), value)
        .map(|_| ())
        .map_err(|_| js_error(format!("could not set \"{key}\"")))
}

/// `{ json, models, notes }`: what both lm-eval conversions return.
fn converted_object(
    json: &str,
    models: &js_sys::Array,
    notes: &[String],
) -> Result<JsValue, js_sys::Error> {
    let list = js_sys::Array::new();
    for note in notes {
        list.push(&JsValue::from_str(note));
    }
    let object = js_sys::Object::new();
    set(&object, "json", &JsValue::from_str(json))?;
    set(&object, "models", models)?;
    set(&object, "notes", &list)?;
    Ok(object.into())
}

/// The text argument, or the error naming it.
fn text_of(value: &JsValue) -> Result<String, js_sys::Error> {
    value
        .as_string()
        .ok_or_else(|| js_error("field \"text\": expected the file's text (a string)"))
}

/// Converts the JSON table form (runs as JSON objects, README "JSON") into the CSV of its runs
/// and the roles the file names. Throws naming the field by its JSON path (`runs[3]["lr"]`) or
/// the line and column of malformed JSON.
#[wasm_bindgen(js_name = tableFromJson, unchecked_return_type = "ConvertedTable")]
pub fn table_from_json_js(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
) -> Result<JsValue, js_sys::Error> {
    let converted = table_from_json(&text_of(&text)?).map_err(js_error)?;
    let roles = js_sys::Object::new();
    for (column, role) in &converted.roles {
        set(&roles, column, &JsValue::from_str(role))?;
    }
    let object = js_sys::Object::new();
    set(&object, "csv", &JsValue::from_str(&converted.csv))?;
    set(&object, "roles", &roles)?;
    Ok(object.into())
}

/// Which importer a text needs: `"table"` (runs as JSON: `tableFromJson`),
/// `"lm-eval-results"` or `"lm-eval-samples"` (lm-evaluation-harness files), or `null` (none of
/// them). A page asks it for JSON the default package could not read (its error has
/// `importable: true`).
#[wasm_bindgen(
    js_name = importerFor,
    unchecked_return_type = "\"table\" | \"lm-eval-results\" | \"lm-eval-samples\" | null"
)]
pub fn importer_for_js(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
) -> Result<JsValue, js_sys::Error> {
    Ok(importer_for(&text_of(&text)?)
        .map_or(JsValue::NULL, |importer| JsValue::from_str(importer.name())))
}

/// A list of strings argument, or the error naming it.
fn strings_of(name: &str, value: &JsValue) -> Result<Vec<String>, js_sys::Error> {
    let wrong = || js_error(format!("field \"{name}\": expected an array of strings"));
    if !js_sys::Array::is_array(value) {
        return Err(wrong());
    }
    let mut strings = Vec::new();
    for item in js_sys::Array::from(value).iter() {
        strings.push(item.as_string().ok_or_else(wrong)?);
    }
    Ok(strings)
}

/// Converts lm-evaluation-harness results JSON files (`names[i]` is `texts[i]`'s file name, the
/// model's when the file names none; one file per model is the common case) into sweepmap's
/// JSON of one panel, models x tasks, with the standard errors the harness reports, and the
/// notes to show. Throws naming the file, then the line and column or the field.
#[wasm_bindgen(js_name = lmEvalResults, unchecked_return_type = "ConvertedResults")]
pub fn lm_eval_results_js(
    #[wasm_bindgen(unchecked_param_type = "string[]")] names: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string[]")] texts: JsValue,
    options: Option<LmEvalResultsOptionsObject>,
) -> Result<JsValue, js_sys::Error> {
    let options: JsValue = options.map_or(JsValue::UNDEFINED, Into::into);
    let (names, texts) = (strings_of("names", &names)?, strings_of("texts", &texts)?);
    if names.len() != texts.len() {
        return Err(js_error(format!(
            "expected a name for each text, found {} names and {} texts",
            names.len(),
            texts.len()
        )));
    }
    let mut metric = None;
    if !options.is_undefined() && !options.is_null() {
        let field = js_sys::Reflect::get(&options, &JsValue::from_str("metric"))
            .map_err(|_| js_error("field \"metric\": could not be read"))?;
        if !field.is_undefined() && !field.is_null() {
            metric =
                Some(field.as_string().ok_or_else(|| {
                    js_error("field \"metric\": expected a metric name (a string)")
                })?);
        }
    }
    let mut files = Vec::with_capacity(names.len());
    for (name, text) in names.iter().zip(&texts) {
        files.push(ResultsFile { name, text });
    }
    let rename = rename_of(&options)?;
    let converted =
        results_to_json(&files, &ResultsOptions { metric, rename }).map_err(js_error)?;
    let models = js_sys::Array::new();
    for (model, guessed) in &converted.models {
        let entry = js_sys::Object::new();
        set(&entry, "model", &JsValue::from_str(model))?;
        set(&entry, "guessed", &JsValue::from_bool(*guessed))?;
        models.push(&entry);
    }
    converted_object(&converted.json, &models, &converted.notes)
}

/// Converts lm-evaluation-harness samples logs (`--log_samples`, one per model and task: each
/// `{ name, text, model? }`) into per-item scores as the pairwise package's JSON. The logs do
/// not name their model: one left out is guessed from the name (its folder, the text before
/// `samples_`, or the run's date), and the result and notes say so; `options.rename` renames
/// models (old name to new). Throws naming the file,
/// then the line.
#[wasm_bindgen(js_name = lmEvalSamples, unchecked_return_type = "ConvertedSamples")]
pub fn lm_eval_samples_js(
    #[wasm_bindgen(unchecked_param_type = "SamplesLog[]")] logs: JsValue,
    options: Option<LmEvalSamplesOptionsObject>,
) -> Result<JsValue, js_sys::Error> {
    let options: JsValue = options.map_or(JsValue::UNDEFINED, Into::into);
    let rename = rename_of(&options)?;
    let wrong = || js_error("field \"logs\": expected an array of { name, text, model? }");
    if !js_sys::Array::is_array(&logs) {
        return Err(wrong());
    }
    let field = |log: &JsValue, key: &str| js_sys::Reflect::get(log, &JsValue::from_str(key));
    let mut read: Vec<(String, Option<String>, String)> = Vec::new();
    for log in js_sys::Array::from(&logs).iter() {
        let name = field(&log, "name").ok().and_then(|v| v.as_string());
        let text = field(&log, "text").ok().and_then(|v| v.as_string());
        let model = field(&log, "model").ok().and_then(|v| v.as_string());
        let (Some(name), Some(text)) = (name, text) else {
            return Err(wrong());
        };
        read.push((name, model.filter(|model| !model.trim().is_empty()), text));
    }
    let files: Vec<(&str, Option<&str>, &str)> = read
        .iter()
        .map(|(name, model, text)| (name.as_str(), model.as_deref(), text.as_str()))
        .collect();
    let options = SamplesOptions {
        rename,
        ..SamplesOptions::default()
    };
    let converted = samples_to_json(&files, &options).map_err(js_error)?;
    let models = js_sys::Array::new();
    for (file, model, guessed) in &converted.models {
        let entry = js_sys::Object::new();
        set(&entry, "file", &JsValue::from_str(file))?;
        set(&entry, "model", &JsValue::from_str(model))?;
        set(&entry, "guessed", &JsValue::from_bool(*guessed))?;
        models.push(&entry);
    }
    converted_object(&converted.json, &models, &converted.notes)
}

/// The title of files read together (lm-evaluation-harness files, one per model), which the
/// page gives them as one local file: the core's words, as a merge of CSV files has them in its
/// `title` ([`crate::table::merge::files_title`]): "results_a.json + 2 more files".
#[wasm_bindgen(js_name = filesTitle)]
pub fn files_title_js(names: Vec<String>) -> String {
    crate::table::merge::files_title(&names)
}

/// What the page says while DuckDB-wasm reduces a file too large for a tab, from the counts it
/// reports (`www/lib/reduce.js`): `step` "fetching" (`first` bytes of `second`: "Fetching DuckDB:
/// 1.2 of 7.5 MB"), "sampling" (`first` rows, a sample of `second`), "reducing" (`first` rows),
/// "read" (what the roles were read from: `first` rows, a sample of `second`), "configurations"
/// or "item scores" (the note: `first` rows reduced to `second`); for a JSON lines file,
/// "sampling lines" (in `first` places of the file) and "lines" (`first` bytes read into DuckDB
/// of `second`, 0 when unknown); "opening configurations" or "opening item scores" (what the
/// reduction gave being opened: no counts).
#[wasm_bindgen(js_name = reductionText)]
pub fn reduction_text(
    #[wasm_bindgen(
        unchecked_param_type = "\"fetching\" | \"sampling\" | \"reducing\" | \"read\" | \"configurations\" | \"item scores\" | \"sampling lines\" | \"lines\" | \"opening configurations\" | \"opening item scores\""
    )]
    step: &str,
    first: f64,
    second: f64,
) -> Result<String, js_sys::Error> {
    use crate::importers::reduction;
    let count = |value: f64| value.max(0.0).min(u32::MAX as f64) as usize;
    let (a, b) = (count(first), count(second));
    Ok(match step {
        "fetching" => reduction::fetching_text(first.max(0.0) as u64, second.max(0.0) as u64),
        "sampling" => reduction::sampling_text(a, b),
        "reducing" => reduction::reducing_text(a),
        "read" => reduction::read_text(a, b),
        "configurations" => reduction::reduced_note(a, b, false),
        "item scores" => reduction::reduced_note(a, b, true),
        "sampling lines" => reduction::sampling_lines_text(a),
        "lines" => reduction::reading_lines_text(first.max(0.0) as u64, second.max(0.0) as u64),
        "opening configurations" => reduction::opening_text(false).to_string(),
        "opening item scores" => reduction::opening_text(true).to_string(),
        _ => {
            return Err(js_error(crate::Error::InvalidField {
                field: "step".to_string(),
                expected: format!(
                    "\"fetching\", \"sampling\", \"reducing\", \"read\", \"configurations\", \"item scores\", \"sampling lines\", \"lines\", \"opening configurations\" or \"opening item scores\", found {}",
                    crate::error::excerpt(&format!("\"{step}\""))
                ),
            }))
        }
    })
}

/// What the page says once a file is in DuckDB, while its columns are read (`www/lib/reduce.js`):
/// "Reading the columns of runs.parquet" (`name` the file's name or address).
#[wasm_bindgen(js_name = readingColumnsText)]
pub fn reading_columns_text_js(name: &str) -> String {
    crate::importers::reduction::reading_columns_text(name)
}

/// The bins DuckDB gives a numeric grouping column of a reduction whose configuration table
/// would be larger than a tab (README "Too many configurations"): the run table's own bins of a
/// column with `values` distinct values over `rows` rows from `min` to `max`, as `{ labels,
/// edges, log, note }` (`edges` the decimals the labels write, one more than the labels;
/// `note` the sentence the figure's reduction note adds), or `null` when the run table would not
/// bin such a column.
#[wasm_bindgen(
    js_name = reductionBins,
    unchecked_return_type = "{ labels: string[]; edges: string[]; log: boolean; note: string } | null"
)]
pub fn reduction_bins_js(
    column: &str,
    values: f64,
    rows: f64,
    min: f64,
    max: f64,
) -> Result<JsValue, js_sys::Error> {
    use crate::importers::reduction;
    let count = |value: f64| value.max(0.0).min(usize::MAX as f64) as usize;
    let Some(bins) = reduction::reduction_bins(count(values), count(rows), min, max) else {
        return Ok(JsValue::NULL);
    };
    let texts = |list: &[String]| {
        list.iter()
            .map(|text| JsValue::from_str(text))
            .collect::<js_sys::Array>()
    };
    let object = js_sys::Object::new();
    set(&object, "labels", &texts(&bins.labels))?;
    set(&object, "edges", &texts(&bins.edge_texts()))?;
    set(&object, "log", &JsValue::from_bool(bins.log))?;
    set(
        &object,
        "note",
        &JsValue::from_str(&reduction::binned_note(column, &bins)),
    )?;
    Ok(object.into())
}

/// What is said when a rename (`rename`, one text as `<sweep-map rename>` takes it) meets data
/// no importer converted: it was left out, and why.
#[wasm_bindgen(js_name = renameLeftOut)]
pub fn rename_left_out_js(rename: &str) -> String {
    rename_left_out(rename)
}

/// The most rows a reduction in the page may collect (`www/lib/reduce.js`): per-item scores
/// (`kind` "pairwise": `MAX_ITEM_SCORES`) or configurations (any other kind: `MAX_RUNS`, what
/// a tab opens as a run table). Past it the reduction bins or is refused (`tableLimitText`).
#[wasm_bindgen(js_name = reductionLimit)]
pub fn reduction_limit(
    #[wasm_bindgen(unchecked_param_type = "\"sweep\" | \"pairwise\"")] kind: &str,
) -> f64 {
    use crate::model::limits::{MAX_ITEM_SCORES, MAX_RUNS};
    (if kind == "pairwise" {
        MAX_ITEM_SCORES
    } else {
        MAX_RUNS
    }) as f64
}

/// Why a reduction in the page is refused before DuckDB collects it (`www/lib/reduce.js`), from
/// DuckDB's counts: `table` "item scores" (`rows` per-item scores), or "configurations" (`rows`
/// configurations, `column` the key with the most values, `values` of them: the one to bin;
/// `binned` the keys DuckDB already binned, each with its number of ranges, in that order).
#[wasm_bindgen(js_name = tableLimitText)]
pub fn table_limit_text(
    #[wasm_bindgen(unchecked_param_type = "\"configurations\" | \"item scores\"")] table: &str,
    rows: f64,
    column: Option<String>,
    values: Option<f64>,
    #[wasm_bindgen(unchecked_param_type = "[string, number][] | undefined")] binned: JsValue,
) -> Result<String, js_sys::Error> {
    use crate::model::limits::{reduced_table_limit, ReducedTable};
    let count = |value: f64| value.max(0.0).min(u32::MAX as f64) as usize;
    let binned: Vec<(String, usize)> = if binned.is_undefined() || binned.is_null() {
        Vec::new()
    } else {
        let pairs = binned.dyn_into::<js_sys::Array>().map_err(|_| {
            js_sys::Error::new("tableLimitText: binned must be an array of [column, ranges]")
        })?;
        pairs
            .iter()
            .map(|pair| {
                let pair = js_sys::Array::from(&pair);
                match (pair.get(0).as_string(), pair.get(1).as_f64()) {
                    (Some(key), Some(ranges)) => Ok((key, count(ranges))),
                    _ => Err(js_sys::Error::new(
                        "tableLimitText: binned must be an array of [column, ranges]",
                    )),
                }
            })
            .collect::<Result<_, _>>()?
    };
    let reduced = match (table, column.as_deref()) {
        ("item scores", _) => ReducedTable::ItemScores,
        ("configurations", Some(column)) => ReducedTable::Configurations {
            column,
            values: count(values.unwrap_or(0.0)),
            binned: &binned,
        },
        _ => {
            return Err(js_error(crate::Error::InvalidField {
                field: "table".to_string(),
                expected: format!(
                    "\"item scores\", or \"configurations\" with the column to bin, found {}",
                    crate::error::excerpt(&format!("\"{table}\""))
                ),
            }))
        }
    };
    Ok(reduced_table_limit(count(rows), reduced))
}
