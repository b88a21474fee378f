//! Run tables from JavaScript (`tables` feature: the default package): `openSweep` reads any
//! CSV sweep into a [`SweepTable`] (columns with roles and reasons, notices, main effects, the
//! default view) and `project` turns a view into a [`SweepProjection`], whose dataset is a
//! [`SweepDataset`] that `SweepFigure` draws unchanged. Every rule is the core's
//! ([`crate::table`]); this module only carries arguments and results across.
//!
//! Options and views are read by hand, as the other options are: serde's derived readers for
//! them cost 7 007 bytes gzipped (measured through serde_json, 2026-11-25).

use std::rc::Rc;

use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::dataset::{role_value, Roles, SweepDataset};
use super::{arguments, js_error, to_plain_object};
use crate::link::js_number;
use crate::table::{
    open_sweep, BinPick, CellRuns, Choice, Role, Sweep, TableOptions, View, TABLE_CHOICES,
};
use crate::{CsvOptions, Dataset, Direction, Error};

#[wasm_bindgen(typescript_custom_section)]
const TABLE_TYPES: &'static str = r#"
/** Options of `openSweep`: explicit roles; every column left out is inferred. */
export interface SweepOptions extends CsvOptions {
  /** Role per column name: `{ seed: "replicate", "val/loss": "metric" }`. `x`, `y` and `value` name the default view's axes and metric too. */
  roles?: Record<string, ColumnRoleName>;
  /** Given when the text is the CSV the importers package wrote from runs as JSON (`tableFromJson`): the roles the JSON file names (`{}` for none), under `roles`. Messages then name runs by number, as in the JSON. */
  fromJson?: Record<string, ColumnRoleName>;
}

/** What `inferRoles` returns: what `openSweep` would infer, without a table to free. */
export interface InferredRoles {
  format: "tidy" | "wandb" | "optuna" | "configuration";
  /** Runs used (runs that did not finish are left out, as a notice says). */
  runs: number;
  columns: SweepColumn[];
  /** Runs left out, choices to check. */
  notices: string[];
}

/** What one cell of a projection was made from, for hover. */
export interface CellRuns {
  /** Runs in the cell (matching every fixed value). */
  runs: number;
  /** Runs whose values the cell shows (the winning configuration's, under best). */
  shown: number;
  /** Under best: the winning value of each parameter in `bestOver()`, by label. */
  winner: Record<string, string> | null;
  /** For a tooltip: [name, text] per parameter that is not an axis nor a facet ("64 (fixed)",
   * "adam (won in this cell)", "mean over its values"), then the runs in the cell. */
  rows: [string, string][];
}
"#;

#[wasm_bindgen]
extern "C" {
    /// A `SweepOptions` object from JavaScript.
    #[wasm_bindgen(typescript_type = "SweepOptions")]
    pub type SweepOptionsObject;

    /// A `SweepView` object from JavaScript: any of its fields (the rest from the default view).
    #[wasm_bindgen(typescript_type = "Partial<SweepView>")]
    pub type SweepViewObject;
}

/// A role by the name the options write it.
fn role_named(name: &str, value: &JsValue) -> Result<Role, js_sys::Error> {
    let text = value.as_string().unwrap_or_default();
    Role::named(&text).ok_or_else(|| {
        arguments::invalid(
            name,
            r#""parameter", "metric", "facet", "replicate" or "ignore""#,
            value,
        )
    })
}

/// A plain object's own keys and values (`undefined` values left out), or the error naming
/// `name` when `value` is not a plain object.
fn entries(name: &str, value: &JsValue) -> Result<Vec<(String, JsValue)>, js_sys::Error> {
    if !value.is_object() || js_sys::Array::is_array(value) || value.is_function() {
        return Err(arguments::invalid(name, "an object", value));
    }
    let object: &js_sys::Object = value.unchecked_ref();
    let mut read = Vec::new();
    for key in js_sys::Object::keys(object).iter() {
        let key = key.as_string().unwrap_or_default();
        let field = arguments::property(object, &key)?;
        if !field.is_undefined() {
            read.push((key, field));
        }
    }
    Ok(read)
}

/// An options object's keys and values (`null` and `undefined` values left out), each key one of
/// `known` (else an error listing them); none for `undefined` or `null`.
fn fields(
    what: &'static str,
    value: JsValue,
    known: &[&str],
) -> Result<Vec<(String, JsValue)>, js_sys::Error> {
    let Some(value) = arguments::given(value) else {
        return Ok(Vec::new());
    };
    let mut read = Vec::new();
    for (key, field) in entries(what, &value)? {
        if !known.contains(&key.as_str()) {
            return Err(js_error(Error::Unknown {
                what,
                name: key,
                known: super::dataset::owned(known),
            }));
        }
        if !field.is_null() {
            read.push((key, field));
        }
    }
    Ok(read)
}

/// A metric or parameter name.
fn name_of(key: &str, value: &JsValue) -> Result<String, js_sys::Error> {
    arguments::text(key, "a column name (a string)", value)
}

/// Reads `openSweep`'s options (`SweepOptions`): `roles` per column, `fromJson` (the roles of
/// a JSON table the importers converted, whose runs are then named by number), and `loadCsv`'s
/// roles, read as `loadCsv` reads them.
pub(super) fn sweep_options(value: JsValue) -> Result<TableOptions, js_sys::Error> {
    let names = CsvOptions::ROLES.names;
    let mut known: Vec<&str> = Vec::with_capacity(names.len() + 2);
    known.push("roles");
    known.push("fromJson");
    known.extend_from_slice(names);
    let mut csv = CsvOptions::default();
    let mut roles = crate::table::NameMap::new();
    let mut from_json = None;
    for (key, field) in fields("openSweep option", value, &known)? {
        if key == "roles" || key == "fromJson" {
            let mut named = crate::table::NameMap::new();
            for (column, role) in entries(&key, &field)? {
                let role = role_named(&column, &role)?;
                named.insert(column, role);
            }
            if key == "roles" {
                roles = named;
            } else {
                from_json = Some(named);
            }
        } else {
            let value = role_value(&CsvOptions::ROLES, &key, &field)?;
            csv.set_role(&key, value).map_err(js_error)?;
        }
    }
    Ok(TableOptions {
        roles,
        from_json,
        ..TableOptions::from(&csv)
    })
}

/// A parameter's choice: `"best"`, `"mean"`, `"facet"` or `{ fixed: value }` (a string or a
/// number).
fn choice(name: &str, value: &JsValue) -> Result<Choice, js_sys::Error> {
    let expected = r#""best", "mean", "facet" or { fixed: value }"#;
    if let Some(word) = value.as_string() {
        return match word.as_str() {
            "best" => Ok(Choice::Best),
            "mean" => Ok(Choice::Mean),
            "facet" => Ok(Choice::Facet),
            _ => Err(arguments::invalid(name, expected, value)),
        };
    }
    let fixed = match entries(name, value)?.as_slice() {
        [(key, fixed)] if key == "fixed" => fixed.clone(),
        _ => return Err(arguments::invalid(name, expected, value)),
    };
    match (fixed.as_string(), fixed.as_f64()) {
        (Some(text), _) => Ok(Choice::Fixed(text)),
        (None, Some(number)) if number.is_finite() => Ok(Choice::Fixed(js_number(number))),
        _ => Err(arguments::invalid(
            name,
            "a fixed value (a string or a number)",
            &fixed,
        )),
    }
}

/// Reads a view (`SweepView`) over `view`: the fields it gives replace those of `view`.
pub(super) fn sweep_view(value: JsValue, mut view: View) -> Result<View, js_sys::Error> {
    const KEYS: [&str; 6] = ["metric", "direction", "x", "y", "others", "bins"];
    for (key, field) in fields("view field", value, &KEYS)? {
        match key.as_str() {
            "direction" => {
                view.direction = Some(
                    field
                        .as_string()
                        .and_then(|word| Direction::parse(&word))
                        .ok_or_else(|| {
                            arguments::invalid(&key, r#""higher" or "lower""#, &field)
                        })?,
                )
            }
            "bins" => {
                view.bins = match field.as_string().as_deref() {
                    Some("mean") => BinPick::Mean,
                    Some("best") => BinPick::Best,
                    _ => return Err(arguments::invalid(&key, r#""mean" or "best""#, &field)),
                }
            }
            "others" => {
                view.others.clear();
                for (parameter, value) in entries(&key, &field)? {
                    let picked = choice(&parameter, &value)?;
                    view.others.insert(parameter, picked);
                }
            }
            "metric" => view.metric = name_of(&key, &field)?,
            "x" => view.x = name_of(&key, &field)?,
            _ => view.y = name_of(&key, &field)?,
        }
    }
    Ok(view)
}

/// Opens a CSV sweep of any shape as a run table: W&B runs exports, Optuna
/// `trials_dataframe()` files and any tidy table with any number of parameters and metrics.
/// Every column's role is inferred unless `options` names it. Runs as JSON (README "JSON") are
/// converted by the importers package first (`tableFromJson`), whose CSV opens here with
/// `fromJson`.
#[wasm_bindgen(js_name = openSweep)]
pub fn open_sweep_js(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    options: Option<SweepOptionsObject>,
) -> Result<SweepTable, js_sys::Error> {
    let text = arguments::text("text", "the CSV text as a string", &text)?;
    let options = sweep_options(options.map_or(JsValue::UNDEFINED, Into::into))?;
    table_or_error(open_sweep(&text, &options))
}

/// A sweep opened, as JavaScript gets it: its handle or the `Error`.
pub(super) fn table_or_error(opened: crate::Result<Sweep>) -> Result<SweepTable, js_sys::Error> {
    opened
        .map(|sweep| SweepTable(Rc::new(sweep)))
        .map_err(super::core_error)
}

/// The roles `openSweep` infers for a text (every column with its role, why, and what to
/// check; the format; the notices), for a front end of its own, with no table to free.
/// The words of a run table's view controls and column panel, each with how the page says it
/// (roles, the choices for a parameter that is not an axis, directions, what binned cells show,
/// the direction's hints), so the page builds its selects from the core's lists.
#[wasm_bindgen(js_name = tableChoices, unchecked_return_type = "TableChoices")]
pub fn table_choices_js() -> Result<JsValue, js_sys::Error> {
    to_plain_object(&TABLE_CHOICES)
}

#[wasm_bindgen(js_name = inferRoles, unchecked_return_type = "InferredRoles")]
pub fn infer_roles_js(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    options: Option<SweepOptionsObject>,
) -> Result<JsValue, js_sys::Error> {
    let table = open_sweep_js(text, options)?;
    #[derive(Serialize)]
    struct Inferred<'a> {
        format: String,
        runs: usize,
        columns: &'a [crate::table::ColumnRole],
        notices: &'a [String],
    }
    to_plain_object(&Inferred {
        format: table.format(),
        runs: table.runs(),
        columns: &table.0.roles,
        notices: &table.0.notices,
    })
}

/// A sweep opened as a table of runs, kept in wasm memory. Call `free()` when done with it.
#[wasm_bindgen]
pub struct SweepTable(Rc<Sweep>);

impl SweepTable {
    pub(super) fn of(sweep: Sweep) -> SweepTable {
        SweepTable(Rc::new(sweep))
    }

    pub(super) fn sweep(&self) -> &Sweep {
        &self.0
    }
}

#[wasm_bindgen]
impl SweepTable {
    /// The format recognised by its header: `"tidy"`, `"wandb"`, `"optuna"` or
    /// `"configuration"` (a configuration table: README "Configuration tables").
    #[wasm_bindgen(unchecked_return_type = "\"tidy\" | \"wandb\" | \"optuna\" | \"configuration\"")]
    pub fn format(&self) -> String {
        self.0.format.as_str().to_string()
    }

    /// Runs used (runs that did not finish are left out, as `notices()` says).
    pub fn runs(&self) -> usize {
        self.0.table.runs()
    }

    /// Runs in the file.
    #[wasm_bindgen(js_name = runsInFile)]
    pub fn runs_in_file(&self) -> usize {
        self.0.runs_in_file
    }

    /// Every column in header order, with its role and why.
    #[wasm_bindgen(unchecked_return_type = "SweepColumn[]")]
    pub fn columns(&self) -> Result<JsValue, js_sys::Error> {
        to_plain_object(&self.0.roles)
    }

    /// The column panel's heading: "Columns (4) · 1 to check".
    #[wasm_bindgen(js_name = columnsHeading)]
    pub fn columns_heading(&self) -> String {
        self.0.columns_heading()
    }

    /// The notice beside a button to the column panel when any column's role is a best guess;
    /// `undefined` when every role is sure.
    #[wasm_bindgen(js_name = columnsNotice)]
    pub fn columns_notice(&self) -> Option<String> {
        self.0.columns_notice().map(String::from)
    }

    /// Sentences for the user: runs left out, choices to check.
    pub fn notices(&self) -> Vec<String> {
        self.0.notices.clone()
    }

    /// Every parameter's main effect on a metric (name or label), largest spread first.
    #[wasm_bindgen(js_name = mainEffects, unchecked_return_type = "MainEffect[]")]
    pub fn main_effects(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] metric: JsValue,
    ) -> Result<JsValue, js_sys::Error> {
        let metric = arguments::text("metric", "a metric's name (a string)", &metric)?;
        to_plain_object(&self.0.main_effects(&metric).map_err(js_error)?)
    }

    /// The default view: the first metric, the two parameters with the largest main effect as
    /// axes, every other parameter fixed at the best run's value (best over, for a random
    /// search).
    #[wasm_bindgen(js_name = defaultView, unchecked_return_type = "SweepView")]
    pub fn default_view(&self) -> Result<JsValue, js_sys::Error> {
        to_plain_object(&self.0.default_view().map_err(js_error)?)
    }

    /// The values a parameter takes as figures group them (its levels, or its bins' labels),
    /// for a control to offer; `undefined` for a name that is not a parameter.
    #[wasm_bindgen(js_name = parameterValues)]
    pub fn parameter_values(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
    ) -> Result<Option<Vec<String>>, js_sys::Error> {
        let name = arguments::text("name", "a parameter's name (a string)", &name)?;
        Ok(self.0.parameter_values(&name))
    }

    /// Projects a view (the default view when left out; fields left out take its choices) into
    /// a dataset to draw, with what it shows.
    pub fn project(&self, view: Option<SweepViewObject>) -> Result<SweepProjection, js_sys::Error> {
        // Fields left out keep the default view's; so do parameters `others` leaves out (the
        // core fills those in).
        let mut default = self.0.default_view().map_err(js_error)?;
        // The direction left out is the metric's own (inferred), not the default metric's.
        default.direction = None;
        let view = sweep_view(view.map_or(JsValue::UNDEFINED, Into::into), default)?;
        let projection = self.0.project(&view).map_err(js_error)?;
        Ok(SweepProjection {
            explained: self.0.explain(&projection),
            dataset: Rc::new(projection.dataset),
            view: projection.view,
            description: projection.description,
            notices: projection.notices,
            best_over: projection.best_over,
            cells: projection.cells,
        })
    }
}

/// A view of a run table, projected: the dataset to draw and what it shows. Call `free()` when
/// done; the dataset handed out stays valid after that.
#[wasm_bindgen]
pub struct SweepProjection {
    explained: Vec<String>,
    dataset: Rc<Dataset>,
    view: View,
    description: String,
    notices: Vec<String>,
    best_over: Vec<String>,
    cells: Vec<CellRuns>,
}

#[wasm_bindgen]
impl SweepProjection {
    /// The dataset (a `SweepDataset`, its `shows()` the description), for `SweepFigure`.
    pub fn dataset(&self) -> SweepDataset {
        SweepDataset::shared_from(Rc::clone(&self.dataset))
    }

    /// What the figure shows: "batch_size = 64 (fixed at the best run's); 3 runs per cell".
    pub fn description(&self) -> String {
        self.description.clone()
    }

    /// Sentences for the user about this view: runs left out, repeated configurations.
    pub fn notices(&self) -> Vec<String> {
        self.notices.clone()
    }

    /// Everything a page should say about this view, in order: how the file was read and each
    /// column taken, the metric and the axes and why (the main-effect ranking), what the figure
    /// shows, then every notice (runs left out, choices to check).
    pub fn inferred(&self) -> Vec<String> {
        self.explained.clone()
    }

    /// The view with every choice filled in (the direction too).
    #[wasm_bindgen(unchecked_return_type = "SweepView")]
    pub fn view(&self) -> Result<JsValue, js_sys::Error> {
        to_plain_object(&self.view)
    }

    /// The parameters the cells are best over (labels), in column order.
    #[wasm_bindgen(js_name = bestOver)]
    pub fn best_over(&self) -> Vec<String> {
        self.best_over.clone()
    }

    /// What a cell was made from (`CellRuns`): `model` and `benchmark` as a figure's `hitTest`
    /// gives them (`null` when the data have no such facet), `x` and `y` the cell's column and
    /// row (row 0 = smallest y); `undefined` outside the dataset.
    #[wasm_bindgen(js_name = cellRuns, unchecked_return_type = "CellRuns | undefined")]
    pub fn cell_runs(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string | null")] model: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string | null")] benchmark: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
    ) -> Result<JsValue, js_sys::Error> {
        let dataset = &self.dataset;
        let level = |name: &str, value: JsValue| -> Result<String, js_sys::Error> {
            match arguments::given(value) {
                Some(value) => arguments::text(name, "a name (a string) or null", &value),
                None => Ok(String::new()),
            }
        };
        let (model, benchmark) = (level("model", model)?, level("benchmark", benchmark)?);
        let (x, y) = (arguments::index("x", &x)?, arguments::index("y", &y)?);
        let (columns, rows) = (dataset.x.labels.len(), dataset.y.labels.len());
        let panel = dataset
            .models
            .position(&model)
            .zip(dataset.benchmarks.position(&benchmark))
            .map(|(m, b)| m * dataset.benchmarks.levels.len() + b);
        let cell = match (panel, x, y) {
            (Some(panel), Some(x), Some(y)) if x < columns && y < rows => {
                self.cells.get(panel * columns * rows + y * columns + x)
            }
            _ => None,
        };
        let Some(cell) = cell else {
            return Ok(JsValue::UNDEFINED);
        };
        #[derive(Serialize)]
        struct Shown<'a> {
            runs: u32,
            shown: u32,
            winner: Option<crate::table::NameMap<&'a str>>,
            rows: Vec<(String, String)>,
        }
        to_plain_object(&Shown {
            runs: cell.runs,
            shown: cell.shown,
            rows: self.view.cell_rows(&self.best_over, cell),
            winner: cell.winner.as_ref().map(|values| {
                self.best_over
                    .iter()
                    .cloned()
                    .zip(values.iter().map(String::as_str))
                    .collect()
            }),
        })
    }
}
