//! The wasm API in a real browser (headless Chromium through wasm-bindgen-test-runner):
//! datasets load from CSV and JSON text into a handle, the handle answers with plain JS objects
//! of the expected shape, exports load back unchanged, and every failure is a JS `Error` with
//! the loader's exact message.
//!
//! Figures are drawn on real canvases in the page and checked pixel by pixel: each cell's centre
//! has the colour of its value on the panel's scale (computed here from the colour module, not
//! read from the figure), a missing cell is mostly `#cccccc` under its hatch, a HiDPI canvas has
//! twice the backing store with the same colours at doubled coordinates, and a 200 x 150 grid
//! takes the raster path with every one of its 30 000 cell centres right. Hover, exports (SVG
//! with one rect per cell, shown-data CSV, file names), option updates and every kind of wrong
//! option (each an `Error` with its exact message) are checked through the same API the page
//! uses.
//!
//! Pairwise comparisons go through the same API: per-item scores load from CSV and JSON into a
//! handle whose statistics are checked against hand-computed shares, means and sign tests; a
//! hand-made 2 x 2 histogram is drawn and each bin checked for the colour of its count, the
//! parity diagonal for being drawn, hover for the bin's ranges, count and share, and the SVG and
//! CSV exports for holding every bin.
//!
//! Run with `cargo test --target wasm32-unknown-unknown --test wasm` (see .ci/test).
#![cfg(target_arch = "wasm32")]

use js_sys::JSON;
use serde_json::Value;
use sweepmap::color::{ColorMap, Domain, Rgb, Scale, MISSING};
use sweepmap::wasm::{
    color_maps, guess_kind, load_dataset, load_pairwise, CsvExportOptionsObject, CsvOptionsObject,
    FigureOptionsObject, LoadOptionsObject, SweepDataset, SweepFigure, SweepPairwise,
    SweepPairwiseFigure,
};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::{CanvasRenderingContext2d, Document, HtmlCanvasElement, HtmlElement};

/// `loadCsv` as JavaScript calls it, with a string.
fn load_csv(text: &str, options: Option<CsvOptionsObject>) -> Result<SweepDataset, js_sys::Error> {
    sweepmap::wasm::load_csv(text.into(), options)
}

/// `loadJson` as JavaScript calls it, with a string.
fn load_json(text: &str) -> Result<SweepDataset, js_sys::Error> {
    sweepmap::wasm::load_json(text.into())
}

wasm_bindgen_test_configure!(run_in_browser);

/// Seed 000 (R1-Llama) and seed 002 (R1-Qwen) values for two benchmarks, windows listed out of
/// order, with one cell left out (R1-Qwen | AIME25 at window 3000, ratio 0.2).
const SWEEP_CSV: &str = "\
model,benchmark,local_window_size,ratio,pass@1
R1-Llama,AIME24,3000,0.1,40.0
R1-Llama,AIME24,3000,0.2,45.3
R1-Llama,AIME24,500,0.1,41.3
R1-Llama,AIME24,500,0.2,42.7
R1-Llama,AIME24,1000,0.1,39.3
R1-Llama,AIME24,1000,0.2,49.3
R1-Llama,AIME25,3000,0.1,26.7
R1-Llama,AIME25,3000,0.2,26.7
R1-Llama,AIME25,500,0.1,26.7
R1-Llama,AIME25,500,0.2,30.7
R1-Llama,AIME25,1000,0.1,27.3
R1-Llama,AIME25,1000,0.2,26.7
R1-Qwen,AIME24,3000,0.1,46.7
R1-Qwen,AIME24,3000,0.2,48.0
R1-Qwen,AIME24,500,0.1,44.0
R1-Qwen,AIME24,500,0.2,44.7
R1-Qwen,AIME24,1000,0.1,46.0
R1-Qwen,AIME24,1000,0.2,49.3
R1-Qwen,AIME25,3000,0.1,36.7
R1-Qwen,AIME25,500,0.1,34.0
R1-Qwen,AIME25,500,0.2,34.0
R1-Qwen,AIME25,1000,0.1,34.7
R1-Qwen,AIME25,1000,0.2,36.0
";

/// A JSON dataset with the metadata CSV cannot carry; rows written top-down (largest y first).
const SWEEP_JSON: &str = r#"{
  "title": "Two-cell sweep",
  "source": "Hand-written for the wasm tests.",
  "metric": {"name": "Pass@1", "direction": "higher", "unit": "%"},
  "x": {"name": "Ratio", "values": [0.1, 0.2]},
  "y": {"name": "Local Window Size", "values": [1000, 500]},
  "model": "Model",
  "benchmark": "Benchmark",
  "benchmarks": [{"name": "AIME24", "items": 30}],
  "panels": [
    {"model": "R1-Llama", "benchmark": "AIME24", "cells": [[39.3, null], [41.3, 42.7]]}
  ]
}"#;

/// A JS object from JSON text, typed as `loadCsv` options.
fn options(json: &str) -> Option<CsvOptionsObject> {
    Some(
        JSON::parse(json)
            .expect("test options are valid JSON")
            .unchecked_into(),
    )
}

/// A JS value as JSON text, for exact comparisons of shape and content (`null` stays `null`,
/// an `undefined` field disappears).
fn json(value: impl Into<JsValue>) -> String {
    JSON::stringify(&value.into())
        .expect("plain objects stringify")
        .as_string()
        .unwrap_or_default()
}

/// The message of a failed load, after checking that it is a real JS `Error`.
fn error_message(result: Result<SweepDataset, js_sys::Error>) -> String {
    let error = match result {
        Ok(_) => panic!("expected the load to fail"),
        Err(error) => error,
    };
    let value: JsValue = error.clone().into();
    assert!(
        value.is_instance_of::<js_sys::Error>(),
        "errors are JS Error objects"
    );
    assert_eq!(error.name(), "Error");
    String::from(error.message())
}

#[wasm_bindgen_test]
fn csv_loads_with_inferred_roles() {
    let dataset = load_csv(SWEEP_CSV, None).expect("the sweep CSV loads");
    assert_eq!(dataset.models(), ["R1-Llama", "R1-Qwen"]);
    assert_eq!(dataset.benchmarks(), ["AIME24", "AIME25"]);
    assert_eq!(
        json(dataset.metric().unwrap()),
        r#"{"name":"pass@1","direction":"higher","unit":null}"#
    );
    assert_eq!(
        json(dataset.x_axis().unwrap()),
        r#"{"name":"ratio","labels":["0.1","0.2"],"values":[0.1,0.2]}"#
    );
    // Numeric order, whatever the order of the rows.
    assert_eq!(
        json(dataset.y_axis().unwrap()),
        r#"{"name":"local_window_size","labels":["500","1000","3000"],"values":[500,1000,3000]}"#
    );
    assert_eq!(
        json(dataset.panels().unwrap()),
        concat!(
            r#"[{"model":"R1-Llama","benchmark":"AIME24","title":"R1-Llama | AIME24","present":6,"missing":0},"#,
            r#"{"model":"R1-Llama","benchmark":"AIME25","title":"R1-Llama | AIME25","present":6,"missing":0},"#,
            r#"{"model":"R1-Qwen","benchmark":"AIME24","title":"R1-Qwen | AIME24","present":6,"missing":0},"#,
            r#"{"model":"R1-Qwen","benchmark":"AIME25","title":"R1-Qwen | AIME25","present":5,"missing":1}]"#,
        )
    );
    assert_eq!(dataset.title(), None);
    assert_eq!(dataset.source(), None);
}

#[wasm_bindgen_test]
fn csv_options_name_the_roles() {
    let text = "\
arch,task,win,r,score,seed,run_dir
A,T,1,0.5,10,0,runs/a
A,T,1,0.5,12,1,runs/b
A,T,2,0.5,20,0,runs/c
";
    let dataset = load_csv(
        text,
        options(
            r#"{"model": "arch", "benchmark": "task", "x": "r", "y": "win",
                "value": "score", "replicate": "seed", "ignore": ["run_dir"]}"#,
        ),
    )
    .expect("explicit roles load");
    assert_eq!(dataset.models(), ["A"]);
    assert_eq!(dataset.benchmarks(), ["T"]);
    assert_eq!(
        json(dataset.y_axis().unwrap()),
        r#"{"name":"win","labels":["1","2"],"values":[1,2]}"#
    );
    // Two seeds of one cell are replicates of that cell, not two cells.
    assert_eq!(
        json(dataset.panels().unwrap()),
        r#"[{"model":"A","benchmark":"T","title":"A | T","present":2,"missing":0}]"#
    );
    let cell = dataset.dataset().panels[0].grid.get(0, 0).copied();
    assert_eq!(cell.map(|cell| (cell.mean, cell.count)), Some((11.0, 2)));

    // null and undefined options mean "infer everything".
    let inferred = load_csv(SWEEP_CSV, Some(JsValue::NULL.unchecked_into())).unwrap();
    assert_eq!(inferred.models(), ["R1-Llama", "R1-Qwen"]);
    let inferred = load_csv(SWEEP_CSV, Some(JsValue::UNDEFINED.unchecked_into())).unwrap();
    assert_eq!(inferred.benchmarks(), ["AIME24", "AIME25"]);
}

#[wasm_bindgen_test]
fn json_loads_with_its_metadata() {
    let dataset = load_json(SWEEP_JSON).expect("the JSON dataset loads");
    assert_eq!(dataset.title().as_deref(), Some("Two-cell sweep"));
    assert_eq!(
        dataset.source().as_deref(),
        Some("Hand-written for the wasm tests.")
    );
    assert_eq!(
        json(dataset.metric().unwrap()),
        r#"{"name":"Pass@1","direction":"higher","unit":"%"}"#
    );
    assert_eq!(
        json(dataset.y_axis().unwrap()),
        r#"{"name":"Local Window Size","labels":["500","1000"],"values":[500,1000]}"#
    );
    assert_eq!(
        json(dataset.panels().unwrap()),
        r#"[{"model":"R1-Llama","benchmark":"AIME24","title":"R1-Llama | AIME24","present":3,"missing":1}]"#
    );
    // Rows were written top-down: the first row is the largest window.
    let grid = &dataset.dataset().panels[0].grid;
    assert_eq!(grid.value(0, 1), Some(39.3));
    assert_eq!(grid.value(1, 1), None);
    assert_eq!(grid.value(1, 0), Some(42.7));
}

#[wasm_bindgen_test]
fn exports_load_back_unchanged() {
    let from_csv = load_csv(SWEEP_CSV, None).unwrap();
    let again = load_csv(&from_csv.to_csv(None).unwrap(), None).expect("a CSV export loads");
    assert_eq!(again.dataset(), from_csv.dataset());
    let again = load_json(&from_csv.to_json()).expect("a JSON export loads");
    assert_eq!(again.dataset(), from_csv.dataset());

    let from_json = load_json(SWEEP_JSON).unwrap();
    let again = load_json(&from_json.to_json()).expect("a JSON export loads");
    assert_eq!(again.dataset(), from_json.dataset());
    assert_eq!(again.title().as_deref(), Some("Two-cell sweep"));
    let again = load_csv(&from_json.to_csv(None).unwrap(), None).expect("a CSV export loads");
    assert_eq!(again.dataset(), &from_json.dataset().without_metadata());
}

/// A `CsvExportOptions` argument from JSON text.
fn export_options(json: &str) -> Option<CsvExportOptionsObject> {
    Some(JSON::parse(json).expect("valid JSON").unchecked_into())
}

#[wasm_bindgen_test]
fn csv_exports_are_spreadsheet_safe_unless_raw() {
    let text = "model,benchmark,window,ratio,pass@1\n=cmd,@b,-1,-x,-0.5\n=cmd,@b,-1,y,0.5\n";
    let dataset = load_csv(text, None).unwrap();
    let safe = "model,benchmark,window,ratio,pass@1\n'=cmd,'@b,-1,'-x,-0.5\n'=cmd,'@b,-1,y,0.5\n";
    let raw = "model,benchmark,window,ratio,pass@1\n=cmd,@b,-1,-x,-0.5\n=cmd,@b,-1,y,0.5\n";
    assert_eq!(dataset.to_csv(None).unwrap(), safe);
    for options in [r#"{}"#, r#"{"raw": false}"#, r#"{"raw": null}"#] {
        assert_eq!(dataset.to_csv(export_options(options)).unwrap(), safe);
    }
    assert_eq!(
        dataset.to_csv(export_options(r#"{"raw": true}"#)).unwrap(),
        raw
    );
    let again = load_csv(safe, None).unwrap();
    assert_eq!(again.dataset(), dataset.dataset());

    let canvas = canvas_in_page(600);
    let figure = SweepFigure::new(&dataset, canvas.into(), None).unwrap();
    let shown = figure.shown_csv(None).unwrap();
    assert!(
        shown.contains("\n'=cmd | @b,'=cmd,'@b,-1,'-x,-0.5\n"),
        "{shown}"
    );
    let shown = figure
        .shown_csv(export_options(r#"{"raw": true}"#))
        .unwrap();
    assert!(
        shown.contains("\n=cmd | @b,=cmd,@b,-1,-x,-0.5\n"),
        "{shown}"
    );

    for (options, message) in [
        (
            r#"{"rav": true}"#,
            "unknown CSV export option: \"rav\"; expected one of \"raw\"",
        ),
        (
            r#"{"raw": "yes"}"#,
            r#"field "raw": expected true or false, found "yes""#,
        ),
        (
            r#"{"raw": 1}"#,
            r#"field "raw": expected true or false, found 1"#,
        ),
        (
            r#"true"#,
            r#"field "options": expected an object such as { raw: true }, found true"#,
        ),
    ] {
        let error = dataset.to_csv(export_options(options)).unwrap_err();
        assert_eq!(String::from(error.message()), message, "{options}");
        let error = figure.shown_csv(export_options(options)).unwrap_err();
        assert_eq!(String::from(error.message()), message, "{options}");
    }
}

#[wasm_bindgen_test]
fn load_errors_are_js_errors_with_exact_messages() {
    assert_eq!(
        error_message(load_csv("", None)),
        "the file is empty: expected a header line and data rows"
    );
    assert_eq!(
        error_message(load_csv("model,benchmark,window,ratio,pass@1\n", None)),
        "the file has a header but no data rows"
    );
    assert_eq!(
        error_message(load_csv(&SWEEP_CSV.replace("49.3", "forty"), None)),
        r#"line 7, column "pass@1": expected a number, found "forty"; fix that cell in the file"#
    );
    assert_eq!(
        error_message(load_csv(&SWEEP_CSV.replace(",42.7\n", "\n"), None)),
        "line 5: expected 5 fields like the header, found 4"
    );
    assert_eq!(
        error_message(load_csv(&SWEEP_CSV.replace(",40.0\n", ",inf\n"), None)),
        r#"line 2, column "pass@1": expected a finite number, found "inf""#
    );
    let duplicate = format!("{SWEEP_CSV}R1-Llama,AIME24,500,0.1,41.0\n");
    let message = error_message(load_csv(&duplicate, None));
    assert!(
        message.starts_with("lines 4 and 25 both measure "),
        "duplicate cells name both lines: {message}"
    );
    let message = error_message(load_json("{\"title\": 1"));
    assert!(message.starts_with("JSON line 1, column "), "{message}");
    let message = error_message(load_json(&SWEEP_JSON.replace("\"title\"", "\"headline\"")));
    assert!(message.contains("unknown field `headline`"), "{message}");
}

#[wasm_bindgen_test]
fn bad_csv_options_are_js_errors() {
    assert_eq!(
        error_message(load_csv(SWEEP_CSV, options(r#"{"colour": "red"}"#))),
        r#"unknown CSV option: "colour"; expected one of "x", "y", "value", "model", "benchmark", "replicate", "ignore""#
    );
    assert_eq!(
        error_message(load_csv(SWEEP_CSV, options(r#""ratio""#))),
        r#"field "options": expected an object such as { x: "ratio", y: "window" }"#
    );
    assert_eq!(
        error_message(load_csv(SWEEP_CSV, options("[]"))),
        r#"field "options": expected an object such as { x: "ratio", y: "window" }"#
    );
    assert_eq!(
        error_message(load_csv(SWEEP_CSV, options(r#"{"x": 5}"#))),
        r#"field "x": expected a column name (a string)"#
    );
    assert_eq!(
        error_message(load_csv(SWEEP_CSV, options(r#"{"ignore": "run_dir"}"#))),
        r#"field "ignore": expected a list of column names (strings)"#
    );
    assert_eq!(
        error_message(load_csv(
            SWEEP_CSV,
            options(r#"{"ignore": ["run_dir", 3]}"#)
        )),
        r#"field "ignore": expected a list of column names (strings)"#
    );
    let message = error_message(load_csv(SWEEP_CSV, options(r#"{"x": "nope"}"#)));
    assert!(
        message.starts_with(r#"no column "nope" for the "#),
        "a named column that is not in the header: {message}"
    );
}

// ---------------------------------------------------------------------------------------------
// Figures: drawing on a canvas, hover, exports, options.
// ---------------------------------------------------------------------------------------------

/// Two models x two benchmarks over a 4 x 3 sweep, hand-made values, one missing cell
/// (R1-Qwen | AIME25 at window 2000, ratio 0.2). Rows are written top-down (largest window
/// first), as in [`FIGURE_VALUES`].
const FIGURE_JSON: &str = r#"{
  "title": "Figure test sweep",
  "metric": {"name": "Pass@1", "direction": "higher", "unit": "%"},
  "x": {"name": "Ratio", "values": [0.1, 0.2, 0.3, 0.4]},
  "y": {"name": "Local Window Size", "values": [2000, 1000, 500]},
  "model": "Model",
  "benchmark": "Benchmark",
  "panels": [
    {"model": "R1-Llama", "benchmark": "AIME24", "cells": [
      [40.0, 45.3, 42.0, 38.7], [41.3, 49.3, 44.0, 40.7], [39.3, 42.7, 43.3, 36.0]]},
    {"model": "R1-Llama", "benchmark": "AIME25", "cells": [
      [26.7, 30.7, 28.0, 25.3], [27.3, 26.7, 29.3, 24.0], [23.3, 25.3, 27.3, 22.7]]},
    {"model": "R1-Qwen", "benchmark": "AIME24", "cells": [
      [46.7, 48.0, 50.7, 44.0], [46.0, 49.3, 47.3, 45.3], [38.0, 44.7, 46.7, 42.0]]},
    {"model": "R1-Qwen", "benchmark": "AIME25", "cells": [
      [36.7, null, 35.3, 33.3], [34.7, 36.0, 37.3, 32.0], [34.0, 34.0, 35.3, 31.3]]}
  ]
}"#;

/// The values of [`FIGURE_JSON`] per (model, benchmark), rows top-down; NaN = missing.
const FIGURE_VALUES: [(&str, &str, [[f64; 4]; 3]); 4] = [
    (
        "R1-Llama",
        "AIME24",
        [
            [40.0, 45.3, 42.0, 38.7],
            [41.3, 49.3, 44.0, 40.7],
            [39.3, 42.7, 43.3, 36.0],
        ],
    ),
    (
        "R1-Llama",
        "AIME25",
        [
            [26.7, 30.7, 28.0, 25.3],
            [27.3, 26.7, 29.3, 24.0],
            [23.3, 25.3, 27.3, 22.7],
        ],
    ),
    (
        "R1-Qwen",
        "AIME24",
        [
            [46.7, 48.0, 50.7, 44.0],
            [46.0, 49.3, 47.3, 45.3],
            [38.0, 44.7, 46.7, 42.0],
        ],
    ),
    (
        "R1-Qwen",
        "AIME25",
        [
            [36.7, f64::NAN, 35.3, 33.3],
            [34.7, 36.0, 37.3, 32.0],
            [34.0, 34.0, 35.3, 31.3],
        ],
    ),
];

const X_LABELS: [&str; 4] = ["0.1", "0.2", "0.3", "0.4"];
/// Bottom-up, as grids count rows (row 0 = smallest window).
const Y_LABELS: [&str; 3] = ["500", "1000", "2000"];

/// The value of a cell of [`FIGURE_VALUES`], `x` from the left and `y` from the bottom;
/// `None` when missing.
fn figure_value(model: &str, benchmark: &str, x: usize, y: usize) -> Option<f64> {
    let (_, _, rows) = FIGURE_VALUES
        .iter()
        .find(|(m, b, _)| *m == model && *b == benchmark)
        .expect("a panel of FIGURE_VALUES");
    let value = rows[2 - y][x];
    (!value.is_nan()).then_some(value)
}

/// The viridis scale over a panel's own values (the "panel" domain), straight from the colour
/// module: the colour every cell of that panel must have.
fn panel_scale(model: &str, benchmark: &str) -> Scale {
    let values: Vec<f64> = (0..3)
        .flat_map(|y| (0..4).map(move |x| (x, y)))
        .filter_map(|(x, y)| figure_value(model, benchmark, x, y))
        .collect();
    let min = values.iter().copied().fold(f64::INFINITY, f64::min);
    let max = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    Scale::new(ColorMap::Viridis, false, Domain::new(min, max).unwrap())
}

fn figure_dataset() -> SweepDataset {
    load_json(FIGURE_JSON).expect("the figure dataset loads")
}

fn document() -> Document {
    web_sys::window().unwrap().document().unwrap()
}

/// A canvas in a block of `container_width` CSS pixels appended to the page.
fn canvas_in_page(container_width: u32) -> HtmlCanvasElement {
    let document = document();
    let container: HtmlElement = document.create_element("div").unwrap().unchecked_into();
    container
        .style()
        .set_property("width", &format!("{container_width}px"))
        .unwrap();
    let canvas: HtmlCanvasElement = document.create_element("canvas").unwrap().unchecked_into();
    container.append_child(&canvas).unwrap();
    document.body().unwrap().append_child(&container).unwrap();
    canvas
}

/// A JS object from JSON text, typed as figure options.
fn figure_options(json: &str) -> Option<FigureOptionsObject> {
    Some(JSON::parse(json).expect("valid JSON").unchecked_into())
}

/// A JS object with one property set to any JS value (JSON cannot write NaN or undefined).
fn object_with(key: &str, value: JsValue) -> js_sys::Object {
    let object = js_sys::Object::new();
    js_sys::Reflect::set(&object, &JsValue::from_str(key), &value).unwrap();
    object
}

fn new_figure(canvas: &HtmlCanvasElement, options: &str) -> SweepFigure {
    SweepFigure::new(
        &figure_dataset(),
        canvas.clone().into(),
        figure_options(options),
    )
    .expect("the figure draws")
}

/// A JS value as a serde_json value, to read fields of returned objects.
fn value_of(value: impl Into<JsValue>) -> Value {
    serde_json::from_str(&json(value)).expect("returned objects are JSON")
}

/// A JSON value with every number as a float, so that `640` (from JavaScript) equals `640.0`.
fn floats(value: Value) -> Value {
    match value {
        Value::Number(number) => Value::from(number.as_f64().unwrap_or(f64::NAN)),
        Value::Array(items) => Value::Array(items.into_iter().map(floats).collect()),
        Value::Object(entries) => Value::Object(
            entries
                .into_iter()
                .map(|(key, value)| (key, floats(value)))
                .collect(),
        ),
        other => other,
    }
}

/// The theme `auto` draws in this browser: its preferred colour scheme.
fn scheme() -> &'static str {
    let dark = web_sys::window()
        .unwrap()
        .match_media("(prefers-color-scheme: dark)")
        .unwrap()
        .is_some_and(|query| query.matches());
    if dark {
        "dark"
    } else {
        "light"
    }
}

/// Every pixel of a canvas' backing store, RGBA.
struct Pixels {
    width: usize,
    data: Vec<u8>,
}

impl Pixels {
    fn of(canvas: &HtmlCanvasElement) -> Pixels {
        let context: CanvasRenderingContext2d =
            canvas.get_context("2d").unwrap().unwrap().unchecked_into();
        let (width, height) = (canvas.width(), canvas.height());
        let image = context
            .get_image_data(0.0, 0.0, f64::from(width), f64::from(height))
            .unwrap();
        Pixels {
            width: width as usize,
            data: image.data().0,
        }
    }

    /// The colour of the device pixel at (x, y).
    fn at(&self, x: usize, y: usize) -> Rgb {
        let start = (y * self.width + x) * 4;
        let pixel = &self.data[start..start + 4];
        assert_eq!(pixel[3], 255, "opaque at ({x}, {y})");
        Rgb::new(pixel[0], pixel[1], pixel[2])
    }

    /// The colour under a point in CSS pixels at a pixel ratio.
    fn at_css(&self, x: f64, y: f64, ratio: f64) -> Rgb {
        self.at((x * ratio).floor() as usize, (y * ratio).floor() as usize)
    }

    /// How many pixels differ from `other`'s at the same place (images of the same size).
    fn differing_from(&self, other: &Pixels) -> usize {
        self.data
            .chunks_exact(4)
            .zip(other.data.chunks_exact(4))
            .filter(|(a, b)| a != b)
            .count()
    }
}

/// A cell's rectangle in CSS pixels, through the JS API.
fn cell_rect(figure: &SweepFigure, panel: usize, x: usize, y: usize) -> (f64, f64, f64, f64) {
    let rect = figure
        .cell_rect(panel.into(), x.into(), y.into())
        .unwrap()
        .expect("the cell exists");
    let rect = value_of(rect);
    let number = |key: &str| rect[key].as_f64().unwrap();
    (number("x"), number("y"), number("width"), number("height"))
}

fn cell_centre(figure: &SweepFigure, panel: usize, x: usize, y: usize) -> (f64, f64) {
    let (left, top, width, height) = cell_rect(figure, panel, x, y);
    (left + width / 2.0, top + height / 2.0)
}

/// Checks that every present cell of a model's panels has its panel-domain viridis colour at
/// its centre, at a pixel ratio.
fn assert_cell_colours(figure: &SweepFigure, canvas: &HtmlCanvasElement, model: &str, ratio: f64) {
    let pixels = Pixels::of(canvas);
    for (panel, benchmark) in ["AIME24", "AIME25"].into_iter().enumerate() {
        let scale = panel_scale(model, benchmark);
        for y in 0..3 {
            for x in 0..4 {
                let Some(value) = figure_value(model, benchmark, x, y) else {
                    continue;
                };
                let (cx, cy) = cell_centre(figure, panel, x, y);
                assert_eq!(
                    pixels.at_css(cx, cy, ratio),
                    scale.color(value),
                    "{model} | {benchmark}, cell ({x}, {y}) = {value} at ({cx}, {cy}) CSS px, ratio {ratio}"
                );
            }
        }
    }
}

/// The message of a failed call, after checking that it is a real JS `Error`.
fn thrown_message<T>(result: Result<T, js_sys::Error>) -> String {
    let error = match result {
        Ok(_) => panic!("expected an error"),
        Err(error) => error,
    };
    let value: JsValue = error.clone().into();
    assert!(value.is_instance_of::<js_sys::Error>(), "a JS Error");
    String::from(error.message())
}

fn figure_error(options: impl Into<JsValue>) -> String {
    let canvas = canvas_in_page(900);
    thrown_message(SweepFigure::new(
        &figure_dataset(),
        canvas.into(),
        Some(options.into().unchecked_into()),
    ))
}

#[wasm_bindgen_test]
fn the_figure_dataset_holds_the_listed_values() {
    let dataset = figure_dataset();
    for (model, benchmark, _) in FIGURE_VALUES {
        let panel = dataset.dataset().panel(model, benchmark).unwrap();
        for y in 0..3 {
            for x in 0..4 {
                assert_eq!(
                    panel.grid.value(x, y),
                    figure_value(model, benchmark, x, y),
                    "{model} | {benchmark} ({x}, {y})"
                );
            }
        }
    }
}

#[wasm_bindgen_test]
fn canvas_cells_have_the_colour_of_their_scale() {
    let canvas = canvas_in_page(900);
    let figure = new_figure(
        &canvas,
        r#"{"model": "R1-Llama", "annotate": false, "width": 900, "pixelRatio": 1}"#,
    );
    assert!(!figure.uses_raster());
    assert_eq!(figure.figure().panels.len(), 2);
    assert_cell_colours(&figure, &canvas, "R1-Llama", 1.0);

    // The ends of viridis, as published, at the panel's lowest and highest cells.
    let pixels = Pixels::of(&canvas);
    let (cx, cy) = cell_centre(&figure, 0, 3, 0); // 36.0, the lowest of R1-Llama | AIME24
    assert_eq!(pixels.at_css(cx, cy, 1.0).hex(), "#440154");
    let (cx, cy) = cell_centre(&figure, 0, 1, 1); // 49.3, the highest
    assert_eq!(pixels.at_css(cx, cy, 1.0).hex(), "#fde725");

    // The backing store is the layout's size at ratio 1, and so is the CSS size.
    let size = value_of(figure.size().unwrap());
    assert_eq!(size["width"], 900.0);
    let height = size["height"].as_f64().unwrap();
    assert_eq!(canvas.width(), 900);
    assert_eq!(f64::from(canvas.height()), height.round());
    assert_eq!(canvas.style().get_property_value("width").unwrap(), "900px");
    assert_eq!(
        canvas.style().get_property_value("height").unwrap(),
        format!("{height}px")
    );

    // Panels and what assistive technology is told about them.
    assert_eq!(canvas.get_attribute("role").as_deref(), Some("img"));
    let label = canvas.get_attribute("aria-label").unwrap();
    assert!(
        label.starts_with("R1-Llama | AIME24: heatmap of Pass@1 (%) over Ratio and Local Window Size. The highest value, 49.3, is at Ratio 0.2, Local Window Size 1000."),
        "{label}"
    );
    assert!(
        label.contains(" R1-Llama | AIME25: heatmap of Pass@1 (%)"),
        "{label}"
    );
    let panels = value_of(figure.panels().unwrap());
    assert_eq!(panels[0]["title"], "R1-Llama | AIME24");
    assert_eq!(panels[1]["benchmark"], "AIME25");
    assert_eq!(panels[1]["model"], "R1-Llama");
    assert_eq!(
        (panels[0]["columns"].as_u64(), panels[0]["rows"].as_u64()),
        (Some(4), Some(3))
    );
    assert!(label.starts_with(panels[0]["description"].as_str().unwrap()));
    // What the page places rather than works out: decimals, whether marks are possible (no
    // items, no replicates here), and where a fixed range starts (AIME25's 22.7 to AIME24's
    // 49.3).
    assert_eq!(panels[0]["decimals"], 1);
    assert_eq!(panels[0]["noiseEstimate"], false);
    assert_eq!(
        value_of(figure.fixed_range_start().unwrap()),
        serde_json::json!({"min": 22.7, "max": 49.3})
    );
}

#[wasm_bindgen_test]
fn annotated_cells_keep_their_colour_beside_the_label() {
    let canvas = canvas_in_page(900);
    let figure = new_figure(
        &canvas,
        r#"{"model": "R1-Qwen", "width": 900, "pixelRatio": 1}"#,
    );
    let pixels = Pixels::of(&canvas);
    let scale = panel_scale("R1-Qwen", "AIME24");
    for (x, y) in [(0, 0), (2, 2), (3, 1)] {
        let value = figure_value("R1-Qwen", "AIME24", x, y).unwrap();
        let (left, top, width, height) = cell_rect(&figure, 0, x, y);
        // Left of the centred label, right of the peak outline.
        let (px, py) = (left + 8.0, top + height / 2.0);
        assert!(
            width > 60.0,
            "cells are wide enough for this probe: {width}"
        );
        assert_eq!(
            pixels.at_css(px, py, 1.0),
            scale.color(value),
            "cell ({x}, {y})"
        );
    }
    // The label itself is drawn in the text colour at the centre of the peak cell (50.7).
    let (cx, cy) = cell_centre(&figure, 0, 2, 2);
    let around: Vec<Rgb> = (-6..=6)
        .map(|dx| pixels.at_css(cx + f64::from(dx), cy, 1.0))
        .collect();
    assert!(
        around.iter().any(|color| *color != scale.color(50.7)),
        "the value label shows at the cell's centre"
    );
}

#[wasm_bindgen_test]
fn a_missing_cell_is_drawn_in_the_missing_colour() {
    let canvas = canvas_in_page(900);
    let figure = new_figure(
        &canvas,
        r#"{"model": "R1-Qwen", "width": 900, "pixelRatio": 1}"#,
    );
    let pixels = Pixels::of(&canvas);
    // R1-Qwen | AIME25 (panel 1), ratio 0.2 (x = 1), window 2000 (y = 2).
    let (left, top, width, height) = cell_rect(&figure, 1, 1, 2);
    let mut counts: Vec<(Rgb, usize)> = Vec::new();
    for py in (top + 3.0) as usize..(top + height - 3.0) as usize {
        for px in (left + 3.0) as usize..(left + width - 3.0) as usize {
            let color = pixels.at(px, py);
            match counts.iter_mut().find(|(seen, _)| *seen == color) {
                Some((_, count)) => *count += 1,
                None => counts.push((color, 1)),
            }
        }
    }
    counts.sort_by_key(|(_, count)| std::cmp::Reverse(*count));
    let total: usize = counts.iter().map(|(_, count)| count).sum();
    assert_eq!(counts[0].0, MISSING, "the most common colour: {counts:?}");
    assert!(
        counts[0].1 * 2 > total,
        "most of the cell is #cccccc: {counts:?}"
    );
    // The rest is the hatch: greys no lighter than the missing colour.
    for (color, _) in &counts {
        assert!(
            color.r == color.g && color.g == color.b && color.r <= MISSING.r,
            "only grey hatch lines on the missing cell: {color}"
        );
    }
    // Hover over it says it is missing.
    let (cx, cy) = cell_centre(&figure, 1, 1, 2);
    let info = value_of(figure.hit_test(cx.into(), cy.into()).unwrap().unwrap());
    assert_eq!(info["value"], Value::Null);
    assert_eq!(info["valueLabel"], "missing");
    assert_eq!(info["rank"], Value::Null);
    assert_eq!(info["present"], 11);
}

#[wasm_bindgen_test]
fn hidpi_canvases_have_twice_the_backing_store() {
    let canvas = canvas_in_page(700);
    let figure = new_figure(
        &canvas,
        r#"{"model": "R1-Llama", "annotate": false, "width": 700, "pixelRatio": 2}"#,
    );
    let size = value_of(figure.size().unwrap());
    let (width, height) = (
        size["width"].as_f64().unwrap(),
        size["height"].as_f64().unwrap(),
    );
    assert_eq!(width, 700.0);
    assert_eq!(canvas.width(), 1400);
    assert_eq!(f64::from(canvas.height()), (height * 2.0).round());
    assert_eq!(canvas.style().get_property_value("width").unwrap(), "700px");
    assert_cell_colours(&figure, &canvas, "R1-Llama", 2.0);
    // Hit tests stay in CSS pixels.
    let (cx, cy) = cell_centre(&figure, 1, 2, 0);
    let info = value_of(figure.hit_test(cx.into(), cy.into()).unwrap().unwrap());
    assert_eq!((info["x"].as_u64(), info["y"].as_u64()), (Some(2), Some(0)));

    // renderTo draws the same figure at another ratio on another canvas (PNG export).
    let export: HtmlCanvasElement = document()
        .create_element("canvas")
        .unwrap()
        .unchecked_into();
    figure
        .render_to(export.clone().into(), JsValue::from(3.0))
        .unwrap();
    assert_eq!(export.width(), 2100);
    assert_cell_colours(&figure, &export, "R1-Llama", 3.0);
    // Ratios clamp to 1..=4; anything but a positive number is an error.
    figure
        .render_to(export.clone().into(), JsValue::from(10.0))
        .unwrap();
    assert_eq!(export.width(), 2800);
    figure
        .render_to(export.clone().into(), JsValue::UNDEFINED)
        .unwrap();
    assert_eq!(export.width(), 1400, "the figure's own ratio when left out");
    // A figure too large for a canvas at the asked ratio gets a smaller one, not a blank canvas.
    let mut wide = new_figure(
        &canvas,
        r#"{"layout": "grid", "annotate": false, "width": 20000, "pixelRatio": 4}"#,
    );
    let size = value_of(wide.size().unwrap());
    let (width, height) = (
        size["width"].as_f64().unwrap(),
        size["height"].as_f64().unwrap(),
    );
    let ratio = f64::from(canvas.width()) / width;
    assert!(ratio < 4.0 && ratio > 1.0, "reduced ratio {ratio}");
    assert!(canvas.width() <= 32_767 && canvas.height() <= 32_767);
    assert!(f64::from(canvas.width()) * f64::from(canvas.height()) <= 16_777_216.0);
    assert_eq!(f64::from(canvas.height()), (height * ratio).round());
    let (cx, cy) = cell_centre(&wide, 0, 1, 1); // R1-Llama | AIME24, 49.3: its panel's highest
    assert_eq!(Pixels::of(&canvas).at_css(cx, cy, ratio).hex(), "#fde725");
    assert_eq!(value_of(wide.options().unwrap())["pixelRatio"], 4.0);
    wide.update(figure_options(r#"{"width": 700}"#)).unwrap();
    assert_eq!(
        canvas.width(),
        2800,
        "full ratio again once the figure fits"
    );
    assert_eq!(
        thrown_message(figure.render_to(export.clone().into(), JsValue::from(0.0))),
        r#"field "pixelRatio": expected a positive number of device pixels per CSS pixel, found 0"#
    );
    assert_eq!(
        thrown_message(figure.render_to(JsValue::from_str("#canvas"), JsValue::from(2.0))),
        r##"field "canvas": expected an HTML canvas element, found "#canvas""##
    );
}

/// A `columns` x `rows` grid as CSV with value (7x + 13y) mod 50, so neighbouring cells differ,
/// leaving out one cell.
fn large_grid_csv(columns: usize, rows: usize, missing: (usize, usize)) -> String {
    let mut csv = String::from("column,row,score\n");
    for y in 0..rows {
        for x in 0..columns {
            if (x, y) != missing {
                csv.push_str(&format!("{x},{y},{}\n", large_grid_value(x, y)));
            }
        }
    }
    csv
}

fn large_grid_value(x: usize, y: usize) -> f64 {
    ((7 * x + 13 * y) % 50) as f64
}

#[wasm_bindgen_test]
fn large_grids_take_the_raster_path_with_the_right_colours() {
    let (columns, rows, missing) = (200, 150, (17, 23));
    let dataset = load_csv(
        &large_grid_csv(columns, rows, missing),
        options(r#"{"x": "column", "y": "row", "value": "score"}"#),
    )
    .expect("the large grid loads");
    let canvas = canvas_in_page(600);
    let figure = SweepFigure::new(
        &dataset,
        canvas.clone().into(),
        figure_options(r#"{"width": 600, "pixelRatio": 1}"#),
    )
    .expect("the large figure draws");
    assert!(
        figure.uses_raster(),
        "cells under 4 px are painted as a raster"
    );
    let geometry = &figure.layout().panels[0];
    assert!(geometry.cell_width < 4.0 && geometry.cell_height < 4.0);

    let scale = Scale::new(ColorMap::Viridis, false, Domain::new(0.0, 49.0).unwrap());
    let pixels = Pixels::of(&canvas);
    let mut wrong = Vec::new();
    for y in 0..rows {
        for x in 0..columns {
            let (cx, cy) = cell_centre(&figure, 0, x, y);
            let expected = if (x, y) == missing {
                MISSING
            } else {
                scale.color(large_grid_value(x, y))
            };
            let found = pixels.at_css(cx, cy, 1.0);
            if found != expected {
                wrong.push(format!("({x}, {y}): {found} instead of {expected}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} cell centres have the wrong colour, e.g. {:?}",
        wrong.len(),
        columns * rows,
        &wrong[..wrong.len().min(5)]
    );
    // Outside the plot the background is white (the raster pass paints it).
    assert_eq!(pixels.at(1, 1), Rgb::new(255, 255, 255));
    // Hover works on tiny cells too.
    let (cx, cy) = cell_centre(&figure, 0, 120, 77);
    let info = value_of(figure.hit_test(cx.into(), cy.into()).unwrap().unwrap());
    assert_eq!(
        (info["xLabel"].as_str(), info["yLabel"].as_str()),
        (Some("120"), Some("77"))
    );
    assert_eq!(info["value"], large_grid_value(120, 77));
}

#[wasm_bindgen_test]
fn hit_tests_name_the_cell_under_the_pointer() {
    let canvas = canvas_in_page(900);
    let figure = new_figure(&canvas, r#"{"model": "R1-Qwen", "width": 900}"#);
    for (panel, benchmark) in ["AIME24", "AIME25"].into_iter().enumerate() {
        for (x, y) in [(0, 0), (3, 2), (2, 1)] {
            let (cx, cy) = cell_centre(&figure, panel, x, y);
            let info = figure
                .hit_test(cx.into(), cy.into())
                .unwrap()
                .expect("a cell under its centre");
            let info = value_of(info);
            assert_eq!(info["panel"], panel);
            assert_eq!(info["model"], "R1-Qwen");
            assert_eq!(info["benchmark"], benchmark);
            assert_eq!(info["xName"], "Ratio");
            assert_eq!(info["xLabel"], X_LABELS[x]);
            assert_eq!(info["yName"], "Local Window Size");
            assert_eq!(info["yLabel"], Y_LABELS[y]);
            assert_eq!(
                info["value"].as_f64(),
                figure_value("R1-Qwen", benchmark, x, y)
            );
            // cellInfo answers the same for the same cell.
            let same = figure
                .cell_info(panel.into(), x.into(), y.into())
                .unwrap()
                .unwrap();
            assert_eq!(value_of(same), info);
        }
    }
    // The peak of R1-Qwen | AIME24 (50.7 at ratio 0.3, window 2000) and a cell below it.
    let (cx, cy) = cell_centre(&figure, 0, 2, 2);
    let peak = value_of(figure.hit_test(cx.into(), cy.into()).unwrap().unwrap());
    assert_eq!(peak["rank"], 1);
    assert_eq!(peak["belowPeak"], 0.0);
    assert_eq!(
        peak["text"],
        "R1-Qwen | AIME24: Ratio 0.3, Local Window Size 2000: 50.7, the peak of 12 cells"
    );

    // Outside every plot: nothing.
    assert!(figure.hit_test(2.0.into(), 2.0.into()).unwrap().is_none());
    assert!(figure
        .hit_test((-5.0).into(), 10_000.0.into())
        .unwrap()
        .is_none());
    let (left, top, _, _) = cell_rect(&figure, 0, 0, 2);
    assert!(figure
        .hit_test((left - 1.0).into(), (top + 5.0).into())
        .unwrap()
        .is_none());
    // Cells that do not exist: nothing; indices that are not whole numbers: errors.
    assert!(figure
        .cell_info(0.into(), 4.into(), 0.into())
        .unwrap()
        .is_none());
    assert!(figure
        .cell_info(2.into(), 0.into(), 0.into())
        .unwrap()
        .is_none());
    assert!(figure
        .cell_info(0.into(), (-1).into(), 0.into())
        .unwrap()
        .is_none());
    assert!(figure
        .cell_rect(0.into(), 0.into(), 3.into())
        .unwrap()
        .is_none());
    assert_eq!(
        thrown_message(figure.cell_info(0.into(), 1.5.into(), 0.into())),
        r#"field "x": expected a whole number (an index), found 1.5"#
    );
    assert_eq!(
        thrown_message(figure.cell_rect(JsValue::UNDEFINED, 0.into(), 0.into())),
        r#"field "panel": expected a whole number (an index), found undefined"#
    );
    assert_eq!(
        thrown_message(figure.hit_test(JsValue::from_str("12"), 5.into())),
        r#"field "x": expected a finite number of CSS pixels, found "12""#
    );
    assert_eq!(
        thrown_message(figure.hit_test(5.into(), f64::NAN.into())),
        r#"field "y": expected a finite number of CSS pixels, found NaN"#
    );
}

// The option rules themselves (defaults, ranges, words, names) are tested natively in
// tests/view.rs; these tests keep what needs JavaScript values or a canvas.

#[wasm_bindgen_test]
fn bad_options_are_errors_that_name_the_option() {
    let known_options = r#""layout", "model", "modelB", "benchmark", "order", "colorMap", "reversed", "colorScale", "domain", "min", "max", "center", "annotate", "decimals", "uncertainty", "marginals", "chart", "along", "across", "theme", "width", "pixelRatio""#;
    assert_eq!(
        figure_error(JSON::parse(r#"{"colour": "red"}"#).unwrap()),
        format!(r#"unknown figure option: "colour"; expected one of {known_options}"#)
    );
    assert_eq!(
        figure_error(object_with("width", f64::NAN.into())),
        r#"field "width": expected a width in CSS pixels from 1 to 20000, found NaN"#
    );

    // Values of the wrong JavaScript type; the rules of each option are in tests/view.rs.
    let cases: [(JsValue, &str); 6] = [
        (
            JsValue::from_str("grid"),
            r#"field "options": expected an object such as { layout: "model", model: "R1-Qwen" }, found "grid""#,
        ),
        (
            js_sys::Array::new().into(),
            r#"field "options": expected an object such as { layout: "model", model: "R1-Qwen" }, found an array"#,
        ),
        (
            object_with("width", "wide".into()).into(),
            r#"field "width": expected a width in CSS pixels from 1 to 20000, found "wide""#,
        ),
        (
            object_with("reversed", "yes".into()).into(),
            r#"field "reversed": expected true or false, found "yes""#,
        ),
        (
            object_with("annotate", 1.into()).into(),
            r#"field "annotate": expected true or false, found 1"#,
        ),
        (
            object_with("model", js_sys::Object::new().into()).into(),
            r#"field "model": expected a model name (a string), found an object"#,
        ),
    ];
    for (options, message) in cases {
        assert_eq!(figure_error(options), message);
    }

    // A figure needs a canvas.
    let div = document().create_element("div").unwrap();
    assert_eq!(
        thrown_message(SweepFigure::new(&figure_dataset(), div.into(), None)),
        r#"field "canvas": expected an HTML canvas element, found an object"#
    );
    // A difference needs two models.
    let one_model = load_csv(SWEEP_CSV, None).unwrap().to_csv(None).unwrap();
    let one_model: String = one_model
        .lines()
        .filter(|line| !line.contains("R1-Qwen"))
        .map(|line| format!("{line}\n"))
        .collect();
    let one_model = load_csv(&one_model, None).unwrap();
    let canvas = canvas_in_page(600);
    assert_eq!(
        thrown_message(SweepFigure::new(
            &one_model,
            canvas.into(),
            figure_options(r#"{"layout": "difference"}"#)
        )),
        r#"field "modelB": expected a second model to compare "R1-Llama" with, but the dataset has only one model"#
    );
}

#[wasm_bindgen_test]
fn options_resolve_to_every_default() {
    let canvas = canvas_in_page(640);
    let figure = SweepFigure::new(&figure_dataset(), canvas.clone().into(), None).unwrap();
    let device_ratio = web_sys::window()
        .unwrap()
        .device_pixel_ratio()
        .clamp(1.0, 4.0);
    assert_eq!(
        floats(value_of(figure.options().unwrap())),
        serde_json::json!({
            "layout": "model", "model": "R1-Llama", "modelB": "R1-Qwen", "benchmark": "AIME24",
            "colorMap": "viridis", "reversed": false, "domain": "panel", "min": null,
            "max": null, "center": 0.0, "annotate": true, "decimals": null,
            "uncertainty": null, "marginals": "off", "theme": scheme(), "width": 640.0, "pixelRatio": device_ratio,
            "colorScale": "linear", "order": "data",
            "chart": "heatmap", "along": "x", "across": "auto"
        }),
        "the width defaults to the container's"
    );
    // Not in the page: no container, so 800 px.
    let loose: HtmlCanvasElement = document()
        .create_element("canvas")
        .unwrap()
        .unchecked_into();
    let figure = SweepFigure::new(&figure_dataset(), loose.into(), None).unwrap();
    assert_eq!(value_of(figure.options().unwrap())["width"], 800.0);

    // Everything given, in any spelling the core accepts for the colour map.
    let figure = new_figure(
        &canvas,
        r#"{"layout": "difference", "model": "R1-Qwen", "modelB": "R1-Llama",
            "benchmark": ":mean", "colorMap": "PuOr", "reversed": true, "domain": "centered",
            "center": 1.5, "annotate": false, "decimals": 2, "uncertainty": 0.9, "theme": "print",
            "width": 700, "pixelRatio": 1.5, "marginals": "on"}"#,
    );
    assert_eq!(
        floats(value_of(figure.options().unwrap())),
        serde_json::json!({
            "layout": "difference", "model": "R1-Qwen", "modelB": "R1-Llama",
            "benchmark": ":mean", "colorMap": "puor", "reversed": true, "domain": "centered",
            "min": null, "max": null, "center": 1.5, "annotate": false, "decimals": 2.0,
            "uncertainty": 0.9, "theme": "print", "width": 700.0, "pixelRatio": 1.5,
            "colorScale": "linear", "order": "data",
            "chart": "heatmap", "along": "x", "across": "auto",
            // A difference draws no strips, whatever the option says.
            "marginals": "off"
        })
    );
    assert_eq!(figure.figure().panels.len(), 1);
    assert_eq!(figure.figure().decimals, 2);
    assert_eq!(
        figure.figure().panels[0].title,
        "R1-Qwen − R1-Llama | mean of 2 benchmarks"
    );
    // Explicit pixel ratios clamp to 1..=4 like the screen's.
    let figure = new_figure(&canvas, r#"{"pixelRatio": 0.5}"#);
    assert_eq!(value_of(figure.options().unwrap())["pixelRatio"], 1.0);
    // Narrower than the layout's minimum draws at the minimum (160 px), or as wide as its plot
    // and colour bar need when that is more: 178 px here, rather than a cut-off colour bar.
    let figure = new_figure(&canvas, r#"{"width": 100}"#);
    assert_eq!(value_of(figure.options().unwrap())["width"], 100.0);
    assert_eq!(value_of(figure.size().unwrap())["width"], 178.0);
}

#[wasm_bindgen_test]
fn updates_merge_and_failed_updates_change_nothing() {
    let canvas = canvas_in_page(900);
    let mut figure = new_figure(
        &canvas,
        r#"{"model": "R1-Qwen", "width": 900, "pixelRatio": 1}"#,
    );
    let before = canvas.to_data_url().unwrap();

    // A bad update throws and leaves options and pixels as they were.
    for bad in [
        r#"{"model": "R1-Mistral"}"#,
        r#"{"colorMap": "jet"}"#,
        r#"{"domain": "fixed", "min": 50, "max": 40}"#,
        r#"{"layout": "grid", "shade": 2}"#,
    ] {
        let options_before = json(figure.options().unwrap());
        assert!(figure.update(figure_options(bad)).is_err(), "{bad}");
        assert_eq!(json(figure.options().unwrap()), options_before, "{bad}");
        assert_eq!(canvas.to_data_url().unwrap(), before, "{bad} drew nothing");
    }

    // Fields left out or undefined keep their value; null resets to the default.
    figure
        .update(figure_options(
            r#"{"domain": "fixed", "min": 24, "max": 48, "colorMap": "ylgnbu"}"#,
        ))
        .unwrap();
    let options = value_of(figure.options().unwrap());
    assert_eq!(
        (&options["model"], &options["domain"], &options["colorMap"]),
        (
            &Value::from("R1-Qwen"),
            &Value::from("fixed"),
            &Value::from("ylgnbu")
        )
    );
    assert_ne!(canvas.to_data_url().unwrap(), before, "the update redrew");
    figure
        .update(Some(
            object_with("model", JsValue::UNDEFINED).unchecked_into(),
        ))
        .unwrap();
    assert_eq!(value_of(figure.options().unwrap())["model"], "R1-Qwen");
    figure.update(figure_options(r#"{"model": null}"#)).unwrap();
    assert_eq!(value_of(figure.options().unwrap())["model"], "R1-Llama");
    // The fixed bounds stay set while another mode is in use.
    figure
        .update(figure_options(r#"{"domain": "shared"}"#))
        .unwrap();
    figure
        .update(figure_options(r#"{"domain": "fixed"}"#))
        .unwrap();
    let options = value_of(figure.options().unwrap());
    assert_eq!(
        (options["min"].as_f64(), options["max"].as_f64()),
        (Some(24.0), Some(48.0))
    );
    // A fixed domain colours cells from the fixed bounds: 36.0 of R1-Llama | AIME24 sits half
    // way between 24 and 48.
    figure
        .update(figure_options(
            r#"{"colorMap": "viridis", "annotate": false}"#,
        ))
        .unwrap();
    let pixels = Pixels::of(&canvas);
    let (cx, cy) = cell_centre(&figure, 0, 3, 0);
    assert_eq!(pixels.at_css(cx, cy, 1.0), ColorMap::Viridis.color_at(0.5));

    // resize lays out again at the new width.
    figure.resize(500.into()).unwrap();
    assert_eq!(value_of(figure.size().unwrap())["width"], 500.0);
    assert_eq!(canvas.width(), 500);
    assert_eq!(canvas.style().get_property_value("width").unwrap(), "500px");
    assert_eq!(
        thrown_message(figure.resize((-1).into())),
        r#"field "width": expected a width in CSS pixels from 1 to 20000, found -1"#
    );
    assert_eq!(
        thrown_message(figure.resize(JsValue::UNDEFINED)),
        r#"field "width": expected a width in CSS pixels from 1 to 20000, found undefined"#
    );
    assert_eq!(value_of(figure.size().unwrap())["width"], 500.0);
}

#[wasm_bindgen_test]
fn figures_switch_datasets_and_outlive_their_handles() {
    let canvas = canvas_in_page(900);
    let mut figure = new_figure(&canvas, r#"{"model": "R1-Qwen"}"#);
    // The other dataset has no R1-Qwen, and the model was chosen: an error, nothing changes.
    let other = load_json(SWEEP_JSON).unwrap();
    assert_eq!(
        thrown_message(figure.set_dataset(&other, None)),
        r#"unknown model: "R1-Qwen"; expected one of "R1-Llama""#
    );
    assert_eq!(value_of(figure.options().unwrap())["model"], "R1-Qwen");
    assert_eq!(figure.figure().panels.len(), 2);
    // Reset the model: the new dataset's default. Defaults follow the dataset.
    figure
        .set_dataset(&other, figure_options(r#"{"model": null}"#))
        .unwrap();
    let options = value_of(figure.options().unwrap());
    assert_eq!(options["model"], "R1-Llama");
    assert_eq!(options["modelB"], Value::Null, "one model: no model B");
    assert_eq!(figure.figure().panels.len(), 1);
    assert_eq!(figure.file_stem(), "r1-llama_aime24");

    // The figure keeps the data after the dataset handle is freed.
    drop(other);
    let (cx, cy) = cell_centre(&figure, 0, 0, 1);
    let info = value_of(figure.hit_test(cx.into(), cy.into()).unwrap().unwrap());
    assert_eq!(info["value"], 39.3);
}

#[wasm_bindgen_test]
fn exports_hold_the_figure_shown() {
    let canvas = canvas_in_page(900);
    let mut figure = new_figure(&canvas, r#"{"model": "R1-Qwen", "width": 900}"#);

    // SVG: one filled cell-sized <rect> per cell (the missing one included) at the cell's
    // place in the colour of its value; the other rects are the background, the colour bar's
    // stripes and outline, the peak outlines and the missing swatch.
    let svg = figure.to_svg().unwrap();
    assert!(svg.starts_with("<svg "));
    let rects = svg_rects(&svg);
    let geometry = &figure.layout().panels[0];
    let cell_sized: Vec<&SvgRect> = rects
        .iter()
        .filter(|rect| {
            rect.fill != "none"
                && rect.width >= geometry.cell_width - 2.0
                && rect.width <= geometry.cell_width
                && rect.height >= geometry.cell_height - 2.0
                && rect.height <= geometry.cell_height
        })
        .collect();
    assert_eq!(
        cell_sized.len(),
        2 * 12,
        "one rect per cell of two 4 x 3 panels"
    );
    for (panel, benchmark) in ["AIME24", "AIME25"].into_iter().enumerate() {
        let scale = panel_scale("R1-Qwen", benchmark);
        for y in 0..3 {
            for x in 0..4 {
                let (cx, cy) = cell_centre(&figure, panel, x, y);
                let expected = figure_value("R1-Qwen", benchmark, x, y)
                    .map_or(MISSING, |value| scale.color(value));
                let found: Vec<&&SvgRect> = cell_sized
                    .iter()
                    .filter(|rect| rect.contains(cx, cy))
                    .collect();
                assert_eq!(found.len(), 1, "one rect at cell ({x}, {y}) of {benchmark}");
                assert_eq!(
                    found[0].fill,
                    expected.hex().to_uppercase(),
                    "cell ({x}, {y}) of {benchmark}"
                );
            }
        }
    }
    let all = rects.len();
    let non_cell = all - cell_sized.len();
    assert!(
        non_cell >= 3,
        "background, bar outline, missing swatch at least: {non_cell}"
    );

    // CSV of the data shown: a header and one row per present cell.
    let csv = figure.shown_csv(None).unwrap();
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("panel,model,benchmark,Local Window Size,Ratio,Pass@1 (%)")
    );
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 12 + 11);
    assert!(
        rows.contains(&"R1-Qwen | AIME24,R1-Qwen,AIME24,2000,0.3,50.7"),
        "{csv}"
    );
    assert!(!rows
        .iter()
        .any(|row| row.starts_with("R1-Qwen | AIME25,R1-Qwen,AIME25,2000,0.2,")));

    assert_eq!(figure.file_stem(), "r1-qwen");
    figure
        .update(figure_options(
            r#"{"layout": "benchmark", "benchmark": "AIME24"}"#,
        ))
        .unwrap();
    assert_eq!(figure.file_stem(), "aime24");
    assert_eq!(figure.shown_csv(None).unwrap().lines().count(), 1 + 24);
    figure
        .update(figure_options(r#"{"layout": "grid"}"#))
        .unwrap();
    assert_eq!(figure.file_stem(), "sweepmap");
    assert_eq!(figure.figure().panels.len(), 4);
    assert_eq!(figure.shown_csv(None).unwrap().lines().count(), 1 + 47);
}

/// A filled or outlined rectangle of an SVG document.
struct SvgRect {
    x: f64,
    y: f64,
    width: f64,
    height: f64,
    fill: String,
}

impl SvgRect {
    fn contains(&self, x: f64, y: f64) -> bool {
        x >= self.x && y >= self.y && x < self.x + self.width && y < self.y + self.height
    }
}

/// Every `<rect .../>` of an SVG document written by plotters.
fn svg_rects(svg: &str) -> Vec<SvgRect> {
    fn attribute<'a>(tag: &'a str, name: &str) -> &'a str {
        let start = tag
            .find(&format!(" {name}=\""))
            .map(|at| at + name.len() + 3)
            .unwrap_or_else(|| panic!("{name} in {tag}"));
        let end = tag[start..].find('"').unwrap() + start;
        &tag[start..end]
    }
    svg.split("<rect ")
        .skip(1)
        .map(|rest| {
            let tag = format!(" {}", &rest[..rest.find("/>").unwrap()]);
            let number = |name: &str| attribute(&tag, name).parse::<f64>().unwrap();
            SvgRect {
                x: number("x"),
                y: number("y"),
                width: number("width"),
                height: number("height"),
                fill: attribute(&tag, "fill").to_string(),
            }
        })
        .collect()
}

#[wasm_bindgen_test]
fn reports_and_differences_come_back_as_plain_objects() {
    let canvas = canvas_in_page(900);
    let mut figure = new_figure(&canvas, r#"{"model": "R1-Llama"}"#);
    assert!(value_of(figure.key_observations().unwrap())["difference"].is_null());
    let reports = value_of(figure.reports().unwrap());
    assert_eq!(reports.as_array().map(Vec::len), Some(2));
    assert_eq!(reports[0]["title"], "R1-Llama | AIME24");
    assert_eq!(reports[0]["summary"]["peak"]["value"], 49.3);
    assert_eq!(
        reports[0]["peakCells"],
        serde_json::json!(["Ratio 0.2, Local Window Size 1000"])
    );
    assert_eq!(reports[0]["summary"]["present"], 12);
    assert!(reports[0]["trends"]["alongX"]["description"].is_string());

    // R1-Qwen minus R1-Llama on AIME24: Qwen is ahead in 10 cells, level in one (49.3) and
    // behind in one (38.0 against 39.3).
    figure
        .update(figure_options(
            r#"{"layout": "difference", "model": "R1-Qwen", "modelB": "R1-Llama"}"#,
        ))
        .unwrap();
    let shown = value_of(figure.key_observations().unwrap());
    assert_eq!(
        shown["difference"]["lines"],
        serde_json::json!([
            "R1-Qwen is higher in 10 of 12 configurations.",
            "R1-Llama is higher in 1.",
            "1 configuration ties."
        ])
    );
    assert_eq!(figure.file_stem(), "r1-qwen-r1-llama-aime24");
    // On a diverging map centred at 0 (rdbu, as the view asks for): the level cell is the
    // neutral middle.
    figure
        .update(figure_options(r#"{"annotate": false}"#))
        .unwrap();
    let (cx, cy) = cell_centre(&figure, 0, 1, 1);
    assert_eq!(
        Pixels::of(&canvas).at_css(cx, cy, figure.resolved_options().pixel_ratio),
        ColorMap::RedBlue.color_at(0.5)
    );
}

#[wasm_bindgen_test]
fn colour_maps_are_listed_for_pickers() {
    let maps = value_of(color_maps().unwrap());
    let maps = maps.as_array().unwrap();
    assert_eq!(maps.len(), ColorMap::all().len());
    assert_eq!(
        maps[0],
        serde_json::json!({"name": "viridis", "label": "Viridis", "diverging": false})
    );
    assert!(maps.contains(&serde_json::json!({"name": "rdbu", "label": "RdBu", "diverging": true})));
    assert!(maps
        .contains(&serde_json::json!({"name": "ylgnbu", "label": "YlGnBu", "diverging": false})));
}

#[wasm_bindgen_test]
fn load_dataset_tells_json_from_csv() {
    let no_options = || None::<LoadOptionsObject>;
    let from_json = load_dataset(
        JsValue::from_str(&format!("\u{feff} \n\t{FIGURE_JSON}")),
        no_options(),
    )
    .expect("JSON after a BOM and white space");
    assert_eq!(from_json.title().as_deref(), Some("Figure test sweep"));
    let from_csv = load_dataset(JsValue::from_str(SWEEP_CSV), no_options()).expect("CSV");
    assert_eq!(
        from_csv.dataset(),
        load_csv(SWEEP_CSV, None).unwrap().dataset()
    );
    let load_options = |json: &str| Some(JSON::parse(json).unwrap().unchecked_into());
    let with_roles = load_dataset(
        JsValue::from_str("arch,task,win,r,score\nA,T,1,0.5,10\nA,T,2,0.5,20\n"),
        load_options(
            r#"{"format": "csv", "roles": {"model": "arch", "benchmark": "task", "x": "r", "y": "win", "value": "score"}}"#,
        ),
    )
    .expect("CSV with roles");
    assert_eq!(with_roles.models(), ["A"]);
    // A format that disagrees with the text gives that loader's error.
    let message = thrown_message(load_dataset(
        JsValue::from_str(SWEEP_CSV),
        load_options(r#"{"format": "json"}"#),
    ));
    assert!(message.starts_with("JSON line 1, column "), "{message}");
    assert_eq!(
        thrown_message(load_dataset(
            JsValue::from_str(SWEEP_CSV),
            load_options(r#"{"format": "xml"}"#)
        )),
        r#"field "format": expected "auto", "csv" or "json", found "xml""#
    );
    assert_eq!(
        thrown_message(load_dataset(
            JsValue::from_str(SWEEP_CSV),
            load_options(r#"{"sheet": 1}"#)
        )),
        r#"unknown load option: "sheet"; expected one of "format", "roles""#
    );
    assert_eq!(
        thrown_message(load_dataset(
            JsValue::from_str(SWEEP_CSV),
            load_options(r#"{"roles": {"x": 3}}"#)
        )),
        r#"field "x": expected a column name (a string)"#
    );
    assert_eq!(
        thrown_message(load_dataset(
            js_sys::ArrayBuffer::new(4).into(),
            no_options()
        )),
        r#"field "text": expected the file's text (a string), found an object"#
    );
    assert_eq!(
        thrown_message(load_dataset(JsValue::UNDEFINED, no_options())),
        r#"field "text": expected the file's text (a string), found undefined"#
    );
}

/// A dataset with a reported average (as in seed 003's "Avg." column) for the analysis methods.
const AGGREGATE_JSON: &str = r#"{
  "metric": {"name": "Pass@1", "direction": "higher", "unit": "%"},
  "x": {"name": "Ratio", "values": [0.1, 0.2]},
  "y": {"name": "Window", "values": [1000, 500]},
  "model": "Model",
  "benchmark": "Benchmark",
  "benchmarks": [
    {"name": "AIME24", "items": 30, "samples_per_item": 8},
    {"name": "AIME25", "items": 30},
    {"name": "Avg.", "aggregate_of": ["AIME24", "AIME25"]}
  ],
  "panels": [
    {"model": "M", "benchmark": "AIME24", "cells": [[40.0, 44.0], [42.0, 46.0]]},
    {"model": "M", "benchmark": "AIME25", "cells": [[30.0, 34.0], [32.0, 36.0]]},
    {"model": "M", "benchmark": "Avg.", "cells": [[35.0, 39.0], [37.0, 45.0]]}
  ]
}"#;

#[wasm_bindgen_test]
fn datasets_answer_analysis_questions() {
    let dataset = load_json(AGGREGATE_JSON).expect("the aggregate dataset loads");
    assert_eq!(
        value_of(dataset.benchmark_info().unwrap()),
        serde_json::json!([
            {"name": "AIME24", "items": 30, "samplesPerItem": 8, "aggregateOf": null},
            {"name": "AIME25", "items": 30, "samplesPerItem": null, "aggregateOf": null},
            {"name": "Avg.", "items": null, "samplesPerItem": null, "aggregateOf": ["AIME24", "AIME25"]}
        ])
    );

    let analysis = value_of(dataset.analysis("M".into(), "AIME24".into()).unwrap());
    assert_eq!(analysis["summary"]["peak"]["value"], 46.0);
    assert_eq!(
        analysis["summary"]["peak"]["cells"],
        serde_json::json!([{"x": 1, "y": 0}])
    );
    assert_eq!(analysis["summary"]["mean"], 43.0);
    assert_eq!(analysis["marginals"]["columns"][0]["mean"], 41.0);
    assert_eq!(analysis["trends"]["alongX"]["count"], 4);
    // The mean leaves the reported average out: (AIME24 + AIME25) / 2.
    let mean = value_of(dataset.analysis("M".into(), ":mean".into()).unwrap());
    assert_eq!(mean["summary"]["peak"]["value"], 41.0);
    assert_eq!(mean["summary"]["worst"]["value"], 35.0);

    // The reported average matches its parts except where it says 45 (the parts give 41).
    let reconciliation = value_of(dataset.reconcile("M".into(), "Avg.".into()).unwrap());
    assert_eq!(reconciliation["compared"], 4);
    assert_eq!(reconciliation["withinTolerance"], 3);
    assert_eq!(reconciliation["mismatches"][0]["reported"], 45.0);
    assert_eq!(reconciliation["mismatches"][0]["recomputed"], 41.0);
    assert_eq!(
        thrown_message(dataset.reconcile("M".into(), "AIME24".into())),
        r#"field "benchmark "AIME24"": expected a reported aggregate that names the benchmarks it averages"#
    );

    let ranking = value_of(dataset.rank_configurations("M".into()).unwrap());
    assert_eq!(ranking["selection"]["included"], serde_json::json!([0, 1]));
    assert_eq!(
        ranking["selection"]["reportedAggregates"],
        serde_json::json!([2])
    );
    assert_eq!(
        ranking["configurations"][0]["position"],
        serde_json::json!({"x": 1, "y": 0})
    );
    assert_eq!(ranking["configurations"][0]["meanRank"], 1.0);

    assert_eq!(
        thrown_message(dataset.analysis("Q".into(), "AIME24".into())),
        r#"unknown model: "Q"; expected one of "M""#
    );
    assert_eq!(
        thrown_message(dataset.analysis("M".into(), "MATH".into())),
        r#"unknown benchmark: "MATH"; expected one of ":mean", "AIME24", "AIME25", "Avg.""#
    );
    assert_eq!(
        thrown_message(dataset.analysis(JsValue::NULL, "AIME24".into())),
        r#"field "model": expected a model name (a string), found null"#
    );
    assert_eq!(
        thrown_message(dataset.rank_configurations(7.into())),
        r#"field "model": expected a model name (a string), found 7"#
    );
}

#[wasm_bindgen_test]
fn uncertainty_and_reconciliation_options_reach_the_figure() {
    let canvas = canvas_in_page(700);
    let mut figure = new_figure(&canvas, r#"{"uncertainty": 0.95}"#);
    assert_eq!(value_of(figure.options().unwrap())["uncertainty"], 0.95);
    assert_eq!(
        thrown_message(figure.update(figure_options(r#"{"uncertainty": 1.5}"#))),
        "field \"uncertainty\": expected a confidence level between 0 and 1 such as 0.95, 0 for \
         no marks, or null for the default (0.95 when the data carry a noise estimate), found 1.5"
    );
    // The failed update kept the level.
    assert_eq!(value_of(figure.options().unwrap())["uncertainty"], 0.95);
    // Back to the default: this dataset carries no noise estimate, so no marks; 0 is none too.
    figure
        .update(figure_options(r#"{"uncertainty": null}"#))
        .unwrap();
    assert_eq!(
        value_of(figure.options().unwrap())["uncertainty"],
        Value::Null
    );
    figure
        .update(figure_options(r#"{"uncertainty": 0}"#))
        .unwrap();
    assert_eq!(
        value_of(figure.options().unwrap())["uncertainty"],
        Value::Null
    );
    // The test dataset has no reported aggregate to reconcile.
    assert_eq!(
        thrown_message(figure.update(figure_options(r#"{"layout": "reconcile"}"#))),
        "field \"layout\": expected \"reconcile\" only for a dataset with a reported aggregate \
         (a benchmark with aggregate_of)"
    );
}

#[wasm_bindgen_test]
fn observations_come_with_their_claims_and_as_markdown() {
    let canvas = canvas_in_page(700);
    let figure = new_figure(&canvas, r#"{"layout": "model", "model": "R1-Qwen"}"#);
    let sections = value_of(figure.observations().unwrap());
    let first = &sections[0];
    assert_eq!(first["title"], "R1-Qwen | AIME24");
    assert_eq!(first["observations"][0]["claim"]["kind"], "peak");
    let text = first["observations"][0]["text"].as_str().unwrap();
    assert!(text.starts_with("The highest Pass@1"), "{text}");
    let markdown = figure.observations_markdown();
    assert!(
        markdown.starts_with("### R1-Qwen \\| AIME24\n\n- The highest Pass@1"),
        "{markdown}"
    );
    assert!(figure.reconciliation().unwrap().is_none());
}

// ---------------------------------------------------------------------------------------------
// Pairwise comparisons: per-item scores, their statistics, and their histograms on a canvas.
// ---------------------------------------------------------------------------------------------

/// Four items, two models, scores that fall in known 2 x 2 bins (x = alpha, y = beta, the split
/// at 0.5): t1 and t2 in bin (1, 0), t3 (0.5, 0.5: the bin that starts there) in (1, 1), t4 in
/// (0, 1), none in (0, 0). alpha is ahead on t1 and t2, tied on t3, behind on t4.
const FOUR_ITEMS_CSV: &str = "\
item,model,score
t1,alpha,0.9
t1,beta,0.1
t2,alpha,0.75
t2,beta,0.25
t3,alpha,0.5
t3,beta,0.5
t4,alpha,0.2
t4,beta,0.8
";

/// Counts of [`FOUR_ITEMS_CSV`] in 2 x 2 bins, as (column, row, count).
const FOUR_ITEMS_BINS: [(usize, usize, f64); 4] =
    [(0, 0, 0.0), (1, 0, 2.0), (0, 1, 1.0), (1, 1, 1.0)];

/// Tidy CSV with groups and names the loader infers: web-002 has no score for model-b (NA).
const TASKS_CSV: &str = "\
task_id,benchmark,model,progress_ratio
web-001,web,model-a,0.25
web-001,web,model-b,0.5
web-002,web,model-a,1
web-002,web,model-b,NA
code-001,code,model-a,0
code-001,code,model-b,0.75
";

/// Three models on seven items in two groups. By hand:
/// - alpha vs beta: 6 paired (c3 has no beta score: only_a 1); alpha ahead on w1, w2, w3, c1,
///   tied on c2, behind on c4; sign test over 4 against 1: 2 * (1 + 5) / 32 = 0.375; mean
///   difference (0.8 + 0.6 + 0.4 + 0.2 + 0 - 0.4) / 6 = 1.6 / 6.
/// - alpha vs gamma: 6 paired (c2 has gamma null: only_a 1); alpha ahead on 5, behind on c4;
///   sign test 2 * (1 + 6) / 64 = 0.21875; mean (0.9 + 0.7 + 0.5 + 0.3 + 0.6 - 0.1) / 6.
/// - beta vs gamma: 5 paired (c2: only_a, c3: only_b); beta ahead on all 5; sign test
///   2 / 32 = 0.0625; mean 0.7 / 5.
/// - within "web", alpha vs beta: 3 paired, alpha ahead on all; sign test 2 / 8 = 0.25.
const THREE_MODELS_JSON: &str = r#"{
  "title": "Hand-made comparison",
  "source": "Written by hand for the wasm tests",
  "score": {"name": "progress ratio"},
  "group": {"name": "benchmark"},
  "items": [
    {"item": "w1", "group": "web", "scores": {"alpha": 0.9, "beta": 0.1, "gamma": 0.0}},
    {"item": "w2", "group": "web", "scores": {"alpha": 0.8, "beta": 0.2, "gamma": 0.1}},
    {"item": "w3", "group": "web", "scores": {"alpha": 0.7, "beta": 0.3, "gamma": 0.2}},
    {"item": "c1", "group": "code", "scores": {"alpha": 0.6, "beta": 0.4, "gamma": 0.3}},
    {"item": "c2", "group": "code", "scores": {"alpha": 0.5, "beta": 0.5, "gamma": null}},
    {"item": "c3", "group": "code", "scores": {"alpha": 1, "gamma": 0.4}},
    {"item": "c4", "group": "code", "scores": {"alpha": 0.2, "beta": 0.6, "gamma": 0.3}}
  ]
}"#;

/// A JS object from JSON text, typed as whatever options argument it is for.
fn js_options<T: JsCast>(json: &str) -> Option<T> {
    Some(JSON::parse(json).expect("valid JSON").unchecked_into())
}

fn pairwise(text: &str) -> SweepPairwise {
    load_pairwise(JsValue::from_str(text), None).expect("the pairwise scores load")
}

fn new_pairwise_figure(
    scores: &SweepPairwise,
    canvas: &HtmlCanvasElement,
    options: &str,
) -> SweepPairwiseFigure {
    SweepPairwiseFigure::new(scores, canvas.clone().into(), js_options(options))
        .expect("the pairwise figure draws")
}

fn pairwise_figure_error(scores: &SweepPairwise, options: impl Into<JsValue>) -> String {
    let canvas = canvas_in_page(600);
    thrown_message(SweepPairwiseFigure::new(
        scores,
        canvas.into(),
        Some(options.into().unchecked_into()),
    ))
}

/// A bin's rectangle in CSS pixels, through the JS API.
fn bin_rect(
    figure: &SweepPairwiseFigure,
    panel: usize,
    x: usize,
    y: usize,
) -> (f64, f64, f64, f64) {
    let rect = value_of(
        figure
            .cell_rect(panel.into(), x.into(), y.into())
            .unwrap()
            .expect("the bin exists"),
    );
    let number = |key: &str| rect[key].as_f64().unwrap();
    (number("x"), number("y"), number("width"), number("height"))
}

/// Asserts that a number is within 1e-9 of the expected one.
fn assert_close(found: &Value, expected: f64, what: &str) {
    let found = found
        .as_f64()
        .unwrap_or_else(|| panic!("{what}: a number, found {found}"));
    assert!(
        (found - expected).abs() < 1e-9,
        "{what}: {found} instead of {expected}"
    );
}

#[wasm_bindgen_test]
fn pairwise_scores_load_with_inferred_and_explicit_roles() {
    let scores = pairwise(TASKS_CSV);
    assert_eq!(scores.models(), ["model-a", "model-b"]);
    assert_eq!(scores.groups(), ["web", "code"]);
    assert_eq!(scores.item_count(), 3);
    assert_eq!(scores.score_name(), "progress_ratio");
    assert_eq!(scores.group_name().as_deref(), Some("benchmark"));
    assert_eq!((scores.title(), scores.source()), (None, None));

    // Columns that inference cannot place, named explicitly.
    let text = "prob,arch,family,s\np1,m1,f,0.5\np1,m2,f,0.25\np2,m1,f,1\n";
    assert!(
        thrown_message(load_pairwise(JsValue::from_str(text), None))
            .starts_with("no column can be the item; "),
        "the item column is not inferred from \"prob\""
    );
    let named = load_pairwise(
        JsValue::from_str(text),
        js_options(
            r#"{"format": "csv", "roles": {"item": "prob", "model": "arch", "score": "s", "group": "family"}}"#,
        ),
    )
    .expect("explicit roles load");
    assert_eq!(named.models(), ["m1", "m2"]);
    assert_eq!(named.groups(), ["f"]);
    assert_eq!(named.item_count(), 2);
    assert_eq!(named.score_name(), "s");
    assert_eq!(named.group_name().as_deref(), Some("family"));

    // JSON, told apart by its first character after a BOM and white space, with its metadata.
    let from_json = pairwise(&format!("\u{feff}\n  {THREE_MODELS_JSON}"));
    assert_eq!(from_json.models(), ["alpha", "beta", "gamma"]);
    assert_eq!(from_json.groups(), ["web", "code"]);
    assert_eq!(from_json.item_count(), 7);
    assert_eq!(from_json.score_name(), "progress ratio");
    assert_eq!(from_json.group_name().as_deref(), Some("benchmark"));
    assert_eq!(from_json.title().as_deref(), Some("Hand-made comparison"));
    assert_eq!(
        from_json.source().as_deref(),
        Some("Written by hand for the wasm tests")
    );
    // Without groups there is no group name.
    let plain = pairwise(FOUR_ITEMS_CSV);
    assert_eq!(plain.groups(), Vec::<String>::new());
    assert_eq!(plain.group_name(), None);
    assert_eq!(plain.score_name(), "score");
    // A format that disagrees with the text gives that loader's error.
    let message = thrown_message(load_pairwise(
        JsValue::from_str(FOUR_ITEMS_CSV),
        js_options(r#"{"format": "json"}"#),
    ));
    assert!(message.starts_with("JSON line 1, column "), "{message}");
}

#[wasm_bindgen_test]
fn pairwise_load_errors_are_exact() {
    let load = |text: &str, options: Option<&str>| {
        thrown_message(load_pairwise(
            JsValue::from_str(text),
            options.and_then(js_options),
        ))
    };
    assert_eq!(
        load(
            &FOUR_ITEMS_CSV.replace("t2,alpha,0.75", "t2,alpha,1.4"),
            None
        ),
        r#"line 4, column "score": expected a score between 0 and 1, found 1.4"#
    );
    assert_eq!(
        load(&FOUR_ITEMS_CSV.replace("t4,beta,0.8", "t4,beta,high"), None),
        r#"line 9, column "score": expected a number, found "high"; fix that cell in the file"#
    );
    assert_eq!(
        load(&format!("{FOUR_ITEMS_CSV}t1,alpha,0.3\n"), None),
        r#"lines 2 and 10 both score model "alpha" on item "t1"; expected one score per item and model"#
    );
    assert_eq!(
        load(
            &THREE_MODELS_JSON.replace(r#""gamma": 0.4"#, r#""gamma": -0.5"#),
            None
        ),
        thrown_message(load_pairwise(
            JsValue::from_str(&THREE_MODELS_JSON.replace(r#""gamma": 0.4"#, r#""gamma": -0.5"#)),
            js_options(r#"{"format": "json"}"#),
        )),
        "auto reads JSON as JSON"
    );
    assert_eq!(
        load(FOUR_ITEMS_CSV, Some(r#"{"roles": {"task": "item"}}"#)),
        r#"unknown pairwise CSV option: "task"; expected one of "item", "model", "score", "group""#
    );
    assert_eq!(
        load(FOUR_ITEMS_CSV, Some(r#"{"roles": {"item": 1}}"#)),
        r#"field "item": expected a column name (a string)"#
    );
    assert_eq!(
        load(FOUR_ITEMS_CSV, Some(r#"{"roles": "item"}"#)),
        r#"field "options": expected an object such as { item: "task_id", score: "progress_ratio" }"#
    );
    assert_eq!(
        load(FOUR_ITEMS_CSV, Some(r#"{"sheet": 1}"#)),
        r#"unknown load option: "sheet"; expected one of "format", "roles""#
    );
    assert_eq!(
        load(FOUR_ITEMS_CSV, Some(r#"{"format": "xlsx"}"#)),
        r#"field "format": expected "auto", "csv" or "json", found "xlsx""#
    );
    assert_eq!(
        thrown_message(load_pairwise(JsValue::NULL, None)),
        r#"field "text": expected the file's text (a string), found null"#
    );
    assert_eq!(
        load("", None),
        "the file is empty: expected a header line and data rows"
    );
}

#[wasm_bindgen_test]
fn pairwise_statistics_match_hand_computed_values() {
    let scores = pairwise(THREE_MODELS_JSON);
    let statistics = value_of(
        scores
            .compare_pair("alpha".into(), "gamma".into(), None)
            .unwrap(),
    );
    assert_eq!(statistics["modelA"], "alpha");
    assert_eq!(statistics["modelB"], "gamma");
    assert_eq!(statistics["group"], Value::Null);
    let counts = |statistics: &Value| -> Vec<u64> {
        [
            "items", "paired", "onlyA", "onlyB", "neither", "aAhead", "tied", "bAhead",
        ]
        .iter()
        .map(|key| statistics[*key].as_u64().unwrap())
        .collect()
    };
    assert_eq!(counts(&statistics), [7, 6, 1, 0, 0, 5, 0, 1]);
    assert_close(&statistics["shares"]["aAhead"], 5.0 / 6.0, "alpha ahead");
    assert_close(&statistics["shares"]["tied"], 0.0, "tied");
    assert_close(&statistics["shares"]["bAhead"], 1.0 / 6.0, "gamma ahead");
    assert_close(&statistics["meanDifference"], 2.9 / 6.0, "mean difference");
    assert_close(&statistics["signTestPValue"], 14.0 / 64.0, "sign test");
    assert!(
        statistics.get("histogram").is_none(),
        "no grid crosses the boundary"
    );

    // Within a group; the bins are checked but leave the statistics alone.
    let web = value_of(
        scores
            .compare_pair(
                "alpha".into(),
                "beta".into(),
                js_options(r#"{"group": "web", "bins": 4}"#),
            )
            .unwrap(),
    );
    assert_eq!(web["group"], "web");
    assert_eq!(counts(&web), [3, 3, 0, 0, 0, 3, 0, 0]);
    assert_close(&web["signTestPValue"], 0.25, "sign test within web");
    assert_close(
        &web["meanDifference"],
        1.8 / 3.0,
        "mean difference within web",
    );

    // Every item tied: nothing to test.
    let tied = pairwise("item,model,score\nq,a,0.5\nq,b,0.5\n");
    let statistics = value_of(tied.compare_pair("a".into(), "b".into(), None).unwrap());
    assert_eq!(statistics["signTestPValue"], Value::Null);
    assert_eq!(statistics["shares"]["tied"], 1.0);

    // Mistakes name what is wrong.
    let message = |a: JsValue, b: JsValue, options: Option<&str>| {
        thrown_message(scores.compare_pair(a, b, options.and_then(js_options)))
    };
    assert_eq!(
        message("alpha".into(), "delta".into(), None),
        r#"unknown model: "delta"; expected one of "alpha", "beta", "gamma""#
    );
    assert_eq!(
        message("beta".into(), "beta".into(), None),
        r#"field "models": expected two different models, found "beta" twice"#
    );
    assert_eq!(
        message("alpha".into(), "beta".into(), Some(r#"{"group": "math"}"#)),
        r#"unknown group: "math"; expected one of "web", "code""#
    );
    assert_eq!(
        message("alpha".into(), "beta".into(), Some(r#"{"binsX": 0}"#)),
        r#"field "binsX": expected a whole number of bins from 1 to 200, found 0"#
    );
    assert_eq!(
        message(
            "alpha".into(),
            "beta".into(),
            Some(r#"{"models": ["alpha"]}"#)
        ),
        r#"unknown comparison option: "models"; expected one of "bins", "binsX", "binsY", "group""#
    );
    assert_eq!(
        message(JsValue::UNDEFINED, "beta".into(), None),
        r#"field "a": expected a model name (a string), found undefined"#
    );
}

#[wasm_bindgen_test]
fn pairwise_bins_have_the_colour_of_their_counts_and_the_parity_line_is_drawn() {
    let scores = pairwise(FOUR_ITEMS_CSV);
    let canvas = canvas_in_page(600);
    let figure = new_pairwise_figure(
        &scores,
        &canvas,
        r#"{"bins": 2, "annotate": false, "width": 600, "pixelRatio": 1}"#,
    );
    assert_eq!(figure.figure().panels.len(), 1);
    // The shared domain spans the counts 0 to 2: viridis from end to end.
    let scale = Scale::new(ColorMap::Viridis, false, Domain::new(0.0, 2.0).unwrap());
    assert_eq!(figure.figure().panels[0].scale, scale);
    let pixels = Pixels::of(&canvas);
    for (x, y, count) in FOUR_ITEMS_BINS {
        let (left, top, width, height) = bin_rect(&figure, 0, x, y);
        assert!(
            width > 40.0 && height > 40.0,
            "bins large enough for these probes: {width} x {height}"
        );
        // The parity diagonal runs through the centres of bins (0, 0) and (1, 1): probe those a
        // quarter of the way from the centre towards the bottom-right corner, away from it.
        let (px, py) = if x == y {
            (left + width * 0.75, top + height * 0.75)
        } else {
            (left + width / 2.0, top + height / 2.0)
        };
        assert_eq!(
            pixels.at_css(px, py, 1.0),
            scale.color(count),
            "bin ({x}, {y}) with {count} items at ({px}, {py})"
        );
    }
    assert_eq!(pixels.at_css(0.0, 0.0, 1.0), Rgb::new(255, 255, 255));
    // The parity line: on the diagonal, inside bins (0, 0) and (1, 1) and away from their
    // centres, the pixels are the line's (white halo, dark dashes), not the bin's colour.
    let (left, top, width, height) = bin_rect(&figure, 0, 0, 0);
    for t in [0.2, 0.3, 0.7, 0.8] {
        let (px, py) = (left + width * t, top + height * (1.0 - t));
        let found = pixels.at_css(px, py, 1.0);
        assert_ne!(
            found,
            scale.color(0.0),
            "the diagonal at {t} of bin (0, 0): {found}"
        );
    }
    let (left, top, width, height) = bin_rect(&figure, 0, 1, 1);
    let (cx, cy) = (left + width / 2.0, top + height / 2.0);
    assert_ne!(
        pixels.at_css(cx, cy, 1.0),
        scale.color(1.0),
        "the diagonal crosses the centre of bin (1, 1)"
    );
    // ... and not beside it: a few pixels off the diagonal, the bin's colour again.
    assert_eq!(pixels.at_css(cx + 8.0, cy + 8.0, 1.0), scale.color(1.0));

    // What assistive technology is told, and the panels.
    let label = canvas.get_attribute("aria-label").unwrap();
    assert!(
        label.starts_with(
            "alpha vs beta: heatmap of Items over score - alpha and score - beta. The highest value, 2, is at score - alpha 0.5–1.0, score - beta 0.0–0.5."
        ),
        "{label}"
    );
    assert_eq!(
        value_of(figure.panels().unwrap()),
        serde_json::json!([{
            "title": "alpha vs beta",
            "columns": 2,
            "rows": 2,
            "description": label,
            "decimals": 0,
            "subtitle": [
                "alpha ahead 50 % · tied 25 % · beta ahead 25 %",
                "mean A − B 0.175 · sign test p = 1.000 · n = 4"
            ]
        }])
    );

    // renderTo: the same bins at twice the pixels.
    let export: HtmlCanvasElement = document()
        .create_element("canvas")
        .unwrap()
        .unchecked_into();
    figure
        .render_to(export.clone().into(), JsValue::from(2.0))
        .unwrap();
    assert_eq!(export.width(), canvas.width() * 2);
    let (left, top, width, height) = bin_rect(&figure, 0, 1, 0);
    assert_eq!(
        Pixels::of(&export).at_css(left + width / 2.0, top + height / 2.0, 2.0),
        scale.color(2.0)
    );

    // Logarithmic colours: positions follow ln(1 + count).
    let log = new_pairwise_figure(
        &scores,
        &canvas,
        r#"{"bins": 2, "annotate": false, "width": 600, "pixelRatio": 1, "logarithmic": true, "colorMap": "magma"}"#,
    );
    let log_scale =
        Scale::new(ColorMap::Magma, false, Domain::new(0.0, 2.0).unwrap()).logarithmic();
    let (left, top, width, height) = bin_rect(&log, 0, 0, 1);
    assert_eq!(
        Pixels::of(&canvas).at_css(left + width / 2.0, top + height / 2.0, 1.0),
        log_scale.color(1.0)
    );
    assert_ne!(log_scale.color(1.0), ColorMap::Magma.color_at(0.5));
}

#[wasm_bindgen_test]
fn pairwise_hover_gives_the_bin_ranges_count_and_share() {
    let scores = pairwise(FOUR_ITEMS_CSV);
    let canvas = canvas_in_page(600);
    let mut figure = new_pairwise_figure(&scores, &canvas, r#"{"bins": 2, "width": 600}"#);
    let (left, top, width, height) = bin_rect(&figure, 0, 1, 0);
    let (cx, cy) = (left + width / 2.0, top + height / 2.0);
    let info = value_of(figure.hit_test(cx.into(), cy.into()).unwrap().unwrap());
    assert_eq!(info["panel"], 0);
    assert_eq!((info["x"].as_u64(), info["y"].as_u64()), (Some(1), Some(0)));
    assert_eq!(
        floats(info["xRange"].clone()),
        serde_json::json!([0.5, 1.0])
    );
    assert_eq!(
        floats(info["yRange"].clone()),
        serde_json::json!([0.0, 0.5])
    );
    assert_eq!(info["count"], 2.0);
    assert_eq!(info["share"], 0.5);
    assert_eq!(info["shareText"], "50.0 % of 4 paired items");
    assert_eq!(info["xName"], "score - alpha");
    assert_eq!(info["xLabel"], "0.5–1.0");
    assert_eq!(info["yName"], "score - beta");
    assert_eq!(info["yLabel"], "0.0–0.5");
    assert_eq!(info["value"], 2.0);
    assert_eq!(info["valueLabel"], "2");
    assert_eq!(
        info["text"],
        "alpha vs beta: score - alpha 0.5–1.0, score - beta 0.0–0.5: 2 items, 50.0 % of 4 paired \
         items"
    );
    // A bin has a count, not a rank.
    assert_eq!(
        (&info["rank"], &info["belowPeak"]),
        (&Value::Null, &Value::Null)
    );
    // cellInfo answers the same for the same bin.
    let same = figure
        .cell_info(0.into(), 1.into(), 0.into())
        .unwrap()
        .unwrap();
    assert_eq!(value_of(same), info);
    // Every bin: its ranges, count and share.
    for (x, y, count) in FOUR_ITEMS_BINS {
        let info = value_of(
            figure
                .cell_info(0.into(), x.into(), y.into())
                .unwrap()
                .unwrap(),
        );
        let low = |index: usize| index as f64 / 2.0;
        assert_eq!(
            floats(info["xRange"].clone()),
            serde_json::json!([low(x), low(x + 1)]),
            "bin ({x}, {y})"
        );
        assert_eq!(
            floats(info["yRange"].clone()),
            serde_json::json!([low(y), low(y + 1)]),
            "bin ({x}, {y})"
        );
        assert_eq!(info["count"], count, "bin ({x}, {y})");
        assert_eq!(info["share"], count / 4.0, "bin ({x}, {y})");
    }

    // Coloured by share: the value is the percentage, the count and share stay.
    figure.update(js_options(r#"{"value": "share"}"#)).unwrap();
    let (left, top, width, height) = bin_rect(&figure, 0, 1, 0);
    let (cx, cy) = (left + width / 2.0, top + height / 2.0);
    let info = value_of(figure.hit_test(cx.into(), cy.into()).unwrap().unwrap());
    assert_eq!(info["value"], 50.0);
    assert_eq!(info["valueLabel"], "50.0");
    assert_eq!(info["count"], 2.0);
    assert_eq!(info["share"], 0.5);
    assert_eq!(
        info["text"],
        "alpha vs beta: score - alpha 0.5–1.0, score - beta 0.0–0.5: 2 items, 50.0 % of 4 \
         paired items"
    );

    // Nothing outside the bins; indices that do not exist: nothing; bad arguments: errors.
    assert!(figure.hit_test(1.0.into(), 1.0.into()).unwrap().is_none());
    assert!(figure
        .cell_info(0.into(), 2.into(), 0.into())
        .unwrap()
        .is_none());
    assert!(figure
        .cell_info(1.into(), 0.into(), 0.into())
        .unwrap()
        .is_none());
    assert!(figure
        .cell_rect(0.into(), 0.into(), 2.into())
        .unwrap()
        .is_none());
    assert_eq!(
        thrown_message(figure.hit_test(JsValue::from_str("1"), 5.into())),
        r#"field "x": expected a finite number of CSS pixels, found "1""#
    );
    assert_eq!(
        thrown_message(figure.cell_info(0.into(), 0.5.into(), 0.into())),
        r#"field "x": expected a whole number (an index), found 0.5"#
    );
}

#[wasm_bindgen_test]
fn pairwise_exports_hold_every_bin() {
    let scores = pairwise(FOUR_ITEMS_CSV);
    let canvas = canvas_in_page(600);
    let figure = new_pairwise_figure(&scores, &canvas, r#"{"bins": 2, "width": 600}"#);
    let svg = figure.to_svg().unwrap();
    assert!(svg.starts_with("<svg "));
    let geometry = &figure.layout().panels[0];
    let rects = svg_rects(&svg);
    let cell_sized: Vec<&SvgRect> = rects
        .iter()
        .filter(|rect| {
            rect.fill != "none"
                && rect.width >= geometry.cell_width - 2.0
                && rect.width <= geometry.cell_width
                && rect.height >= geometry.cell_height - 2.0
                && rect.height <= geometry.cell_height
        })
        .collect();
    assert_eq!(cell_sized.len(), 4, "one rect per bin of a 2 x 2 histogram");
    let scale = Scale::new(ColorMap::Viridis, false, Domain::new(0.0, 2.0).unwrap());
    for (x, y, count) in FOUR_ITEMS_BINS {
        let (left, top, width, height) = bin_rect(&figure, 0, x, y);
        let (cx, cy) = (left + width / 2.0, top + height / 2.0);
        let found: Vec<&&SvgRect> = cell_sized
            .iter()
            .filter(|rect| rect.contains(cx, cy))
            .collect();
        assert_eq!(found.len(), 1, "one rect at bin ({x}, {y})");
        assert_eq!(
            found[0].fill,
            scale.color(count).hex().to_uppercase(),
            "bin ({x}, {y})"
        );
    }
    assert!(
        svg.contains("alpha ahead 50 % · tied 25 % · beta ahead 25 %"),
        "the statistics are in the SVG"
    );

    let csv = figure.shown_csv(None).unwrap();
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some(
            "model A,model B,group,score of A from,score of A to,score of B from,score of B to,\
             items,share of paired items"
        )
    );
    let mut rows: Vec<&str> = lines.collect();
    rows.sort_unstable();
    assert_eq!(
        rows,
        [
            "alpha,beta,,0,0.5,0,0.5,0,0",
            "alpha,beta,,0,0.5,0.5,1,1,0.25",
            "alpha,beta,,0.5,1,0,0.5,2,0.5",
            "alpha,beta,,0.5,1,0.5,1,1,0.25",
        ]
    );
    assert_eq!(figure.file_stem(), "alpha-vs-beta");

    // Restricted to a group, the stem says so; several pairs of one group are named after it.
    let grouped = pairwise(THREE_MODELS_JSON);
    let mut figure = new_pairwise_figure(
        &grouped,
        &canvas,
        r#"{"models": ["alpha", "beta"], "group": "web"}"#,
    );
    assert_eq!(figure.file_stem(), "alpha-vs-beta-web");
    figure.update(js_options(r#"{"models": null}"#)).unwrap();
    assert_eq!(figure.file_stem(), "web");
    assert_eq!(figure.shown_csv(None).unwrap().lines().count(), 1 + 3 * 100);
}

#[wasm_bindgen_test]
fn pairwise_comparisons_follow_the_panels() {
    let scores = pairwise(THREE_MODELS_JSON);
    let canvas = canvas_in_page(900);
    let mut figure = new_pairwise_figure(&scores, &canvas, r#"{"width": 900, "pixelRatio": 1}"#);
    let titles: Vec<Value> = value_of(figure.panels().unwrap())
        .as_array()
        .unwrap()
        .iter()
        .map(|panel| panel["title"].clone())
        .collect();
    assert_eq!(titles, ["alpha vs beta", "alpha vs gamma", "beta vs gamma"]);
    let comparisons = value_of(figure.comparisons().unwrap());
    let comparisons = comparisons.as_array().unwrap();
    assert_eq!(comparisons.len(), 3);
    // (model A, model B, paired, only A, only B, A ahead, tied, B ahead, mean, sign test p)
    let expected = [
        ("alpha", "beta", 6, 1, 0, 4, 1, 1, 1.6 / 6.0, 12.0 / 32.0),
        ("alpha", "gamma", 6, 1, 0, 5, 0, 1, 2.9 / 6.0, 14.0 / 64.0),
        ("beta", "gamma", 5, 1, 1, 5, 0, 0, 0.7 / 5.0, 2.0 / 32.0),
    ];
    for (found, (a, b, paired, only_a, only_b, a_ahead, tied, b_ahead, mean, p)) in
        comparisons.iter().zip(expected)
    {
        let pair = format!("{a} vs {b}");
        assert_eq!(
            (&found["modelA"], &found["modelB"]),
            (&Value::from(a), &Value::from(b))
        );
        assert_eq!(found["items"], 7, "{pair}");
        assert_eq!(found["paired"], paired, "{pair}");
        assert_eq!(
            (&found["onlyA"], &found["onlyB"]),
            (&Value::from(only_a), &Value::from(only_b)),
            "{pair}"
        );
        assert_eq!(found["neither"], 0, "{pair}");
        assert_eq!(
            (&found["aAhead"], &found["tied"], &found["bAhead"]),
            (
                &Value::from(a_ahead),
                &Value::from(tied),
                &Value::from(b_ahead)
            ),
            "{pair}"
        );
        let paired = paired as f64;
        assert_close(&found["shares"]["aAhead"], a_ahead as f64 / paired, &pair);
        assert_close(&found["shares"]["tied"], tied as f64 / paired, &pair);
        assert_close(&found["shares"]["bAhead"], b_ahead as f64 / paired, &pair);
        assert_close(&found["meanDifference"], mean, &pair);
        assert_close(&found["signTestPValue"], p, &pair);
    }
    // Each panel's statistics are those comparePair gives for its pair.
    assert_eq!(
        comparisons[1],
        value_of(
            scores
                .compare_pair("alpha".into(), "gamma".into(), None)
                .unwrap()
        )
    );

    // Hover shares are out of the pair's paired items: bin (9, 0) of alpha vs gamma holds w1
    // (alpha 0.9, gamma 0.0) and c3 (alpha 1, gamma 0.4 is row 4): one of six.
    let info = value_of(
        figure
            .cell_info(1.into(), 9.into(), 0.into())
            .unwrap()
            .unwrap(),
    );
    assert_eq!(info["count"], 1.0);
    assert_close(&info["share"], 1.0 / 6.0, "share of w1");
    assert_eq!(
        floats(info["xRange"].clone()),
        serde_json::json!([0.9, 1.0])
    );

    // One group, two models chosen: one panel, its statistics within the group.
    figure
        .update(js_options(
            r#"{"models": ["beta", "alpha"], "group": "web"}"#,
        ))
        .unwrap();
    let comparisons = value_of(figure.comparisons().unwrap());
    assert_eq!(comparisons.as_array().map(Vec::len), Some(1));
    assert_eq!(comparisons[0]["modelA"], "beta");
    assert_eq!(comparisons[0]["group"], "web");
    assert_eq!(comparisons[0]["bAhead"], 3);
    assert_close(
        &comparisons[0]["meanDifference"],
        -1.8 / 3.0,
        "beta minus alpha within web",
    );
    assert_eq!(
        value_of(figure.panels().unwrap())[0]["title"],
        "beta vs alpha | web"
    );
}

#[wasm_bindgen_test]
fn bad_pairwise_options_are_errors_that_name_the_option() {
    let scores = pairwise(THREE_MODELS_JSON);
    let error = |json: &str| pairwise_figure_error(&scores, JSON::parse(json).unwrap());
    let known = r#""models", "group", "bins", "binsX", "binsY", "value", "logarithmic", "colorMap", "reversed", "domain", "min", "max", "annotate", "decimals", "theme", "width", "pixelRatio""#;
    assert_eq!(
        error(r#"{"layout": "grid"}"#),
        format!(r#"unknown pairwise figure option: "layout"; expected one of {known}"#)
    );
    let cases = [
        (
            r#"{"models": ["alpha", "delta"]}"#,
            r#"unknown model: "delta"; expected one of "alpha", "beta", "gamma""#,
        ),
        (
            r#"{"models": ["alpha"]}"#,
            r#"field "models": expected at least two models to compare, found 1"#,
        ),
        (
            r#"{"models": []}"#,
            r#"field "models": expected a list of at least two model names (strings), found an empty list"#,
        ),
        (
            r#"{"models": ["alpha", "beta", "alpha"]}"#,
            r#"field "models": expected each model once, found "alpha" twice"#,
        ),
        (
            r#"{"models": "alpha,beta"}"#,
            r#"field "models": expected a list of at least two model names (strings), found "alpha,beta""#,
        ),
        (
            r#"{"models": ["alpha", 2]}"#,
            r#"field "models": expected a list of at least two model names (strings), found an array"#,
        ),
        (
            r#"{"bins": 0}"#,
            r#"field "bins": expected a whole number of bins from 1 to 200, found 0"#,
        ),
        (
            r#"{"bins": 2.5}"#,
            r#"field "bins": expected a whole number of bins from 1 to 200, found 2.5"#,
        ),
        (
            r#"{"binsX": 201}"#,
            r#"field "binsX": expected a whole number of bins from 1 to 200, found 201"#,
        ),
        (
            r#"{"binsY": "10"}"#,
            r#"field "binsY": expected a whole number of bins from 1 to 200, found "10""#,
        ),
        (
            r#"{"bins": 0, "binsX": 5, "binsY": 5}"#,
            r#"field "bins": expected a whole number of bins from 1 to 200, found 0"#,
        ),
        (
            r#"{"domain": "centered"}"#,
            r#"field "domain": expected one of "panel", "shared", "fixed", found "centered""#,
        ),
        (
            r#"{"domain": "fixed", "min": 0}"#,
            r#"field "max": expected a number when domain is "fixed""#,
        ),
        (
            r#"{"domain": "fixed", "min": 5, "max": 1}"#,
            r#"field "max": expected a number greater than min (5), found 1"#,
        ),
        (
            r#"{"value": "percent"}"#,
            r#"field "value": expected one of "count", "share", found "percent""#,
        ),
        (
            r#"{"logarithmic": "yes"}"#,
            r#"field "logarithmic": expected true or false, found "yes""#,
        ),
        (
            r#"{"group": "math"}"#,
            r#"unknown group: "math"; expected one of "web", "code""#,
        ),
        (
            r#"{"group": 3}"#,
            r#"field "group": expected a group name (a string), or null for all items, found 3"#,
        ),
        (
            r#"{"colorMap": "jet"}"#,
            concat!(
                r#"unknown colour map: "jet"; expected one of "viridis", "cividis", "magma", "#,
                r#""inferno", "plasma", "turbo", "ylgnbu", "blues", "greens", "oranges", "purples", "#,
                r#""greys", "ylorrd", "rdbu", "puor", "rdylbu", "brbg", "piyg", "spectral""#
            ),
        ),
        (
            r#"{"decimals": 13}"#,
            r#"field "decimals": expected a whole number from 0 to 12, or null for automatic, found 13"#,
        ),
        (
            r#"{"width": 0}"#,
            r#"field "width": expected a width in CSS pixels from 1 to 20000, found 0"#,
        ),
        (
            r#"{"pixelRatio": -2}"#,
            r#"field "pixelRatio": expected a positive number of device pixels per CSS pixel, found -2"#,
        ),
        (
            r#"[1, 2]"#,
            r#"field "options": expected an object such as { models: ["model-a", "model-b"], bins: 10 }, found an array"#,
        ),
    ];
    for (options, message) in cases {
        assert_eq!(error(options), message, "{options}");
    }
    assert_eq!(
        pairwise_figure_error(&scores, object_with("min", f64::NAN.into())),
        r#"field "min": expected a finite number, found NaN"#
    );
    // Scores without groups have no group to restrict to; one model has no pair.
    let plain = pairwise(FOUR_ITEMS_CSV);
    assert_eq!(
        pairwise_figure_error(&plain, JSON::parse(r#"{"group": "web"}"#).unwrap()),
        r#"unknown group: "web""#
    );
    let single = pairwise("item,model,score\nq,a,0.5\n");
    assert_eq!(
        pairwise_figure_error(&single, JSON::parse("{}").unwrap()),
        r#"field "models": expected at least two models to compare, found 1"#
    );
    // A figure needs a canvas.
    let div = document().create_element("div").unwrap();
    assert_eq!(
        thrown_message(SweepPairwiseFigure::new(&scores, div.into(), None)),
        r#"field "canvas": expected an HTML canvas element, found an object"#
    );
}

#[wasm_bindgen_test]
fn pairwise_options_resolve_merge_and_follow_the_data() {
    let scores = pairwise(THREE_MODELS_JSON);
    let canvas = canvas_in_page(640);
    let mut figure = SweepPairwiseFigure::new(&scores, canvas.clone().into(), None).unwrap();
    let device_ratio = web_sys::window()
        .unwrap()
        .device_pixel_ratio()
        .clamp(1.0, 4.0);
    assert_eq!(
        floats(value_of(figure.options().unwrap())),
        serde_json::json!({
            "models": ["alpha", "beta", "gamma"], "group": null, "binsX": 10.0, "binsY": 10.0,
            "value": "count", "logarithmic": false, "colorMap": "viridis", "reversed": false,
            "domain": "shared", "min": null, "max": null, "annotate": true, "decimals": null,
            "theme": scheme(), "width": 640.0, "pixelRatio": device_ratio
        })
    );
    assert_eq!(figure.figure().panels.len(), 3);
    assert_eq!(figure.figure().panels[0].grid.columns(), 10);

    // bins sets both axes; binsX and binsY one each; bins again sets both.
    let bins = |figure: &SweepPairwiseFigure| {
        let options = value_of(figure.options().unwrap());
        (
            options["binsX"].as_u64().unwrap(),
            options["binsY"].as_u64().unwrap(),
        )
    };
    figure.update(js_options(r#"{"bins": 5}"#)).unwrap();
    assert_eq!(bins(&figure), (5, 5));
    figure.update(js_options(r#"{"binsX": 4}"#)).unwrap();
    assert_eq!(bins(&figure), (4, 5));
    let grid = &figure.figure().panels[0].grid;
    assert_eq!((grid.columns(), grid.rows()), (4, 5));
    assert_eq!(value_of(figure.panels().unwrap())[0]["columns"], 4);
    figure.update(js_options(r#"{"bins": 3}"#)).unwrap();
    assert_eq!(bins(&figure), (3, 3));
    figure
        .update(js_options(r#"{"bins": null, "binsY": 2}"#))
        .unwrap();
    assert_eq!(bins(&figure), (10, 2));

    // A bad update throws and leaves options and pixels as they were.
    let before = canvas.to_data_url().unwrap();
    for bad in [
        r#"{"models": ["alpha", "omega"]}"#,
        r#"{"bins": 0}"#,
        r#"{"domain": "centered"}"#,
        r#"{"group": "math"}"#,
        r#"{"value": "share", "shade": 1}"#,
    ] {
        let options_before = json(figure.options().unwrap());
        assert!(figure.update(js_options(bad)).is_err(), "{bad}");
        assert_eq!(json(figure.options().unwrap()), options_before, "{bad}");
        assert_eq!(canvas.to_data_url().unwrap(), before, "{bad} drew nothing");
    }

    // Left out or undefined keeps, null resets; the fixed bounds are kept.
    figure
        .update(js_options(
            r#"{"models": ["gamma", "alpha"], "domain": "fixed", "min": 0, "max": 4, "value": "share", "decimals": 2}"#,
        ))
        .unwrap();
    figure
        .update(Some(
            object_with("models", JsValue::UNDEFINED).unchecked_into(),
        ))
        .unwrap();
    let options = value_of(figure.options().unwrap());
    assert_eq!(options["models"], serde_json::json!(["gamma", "alpha"]));
    assert_eq!(
        (options["domain"].as_str(), options["value"].as_str()),
        (Some("fixed"), Some("share"))
    );
    assert_eq!(figure.figure().panels[0].title, "gamma vs alpha");
    assert_eq!(figure.figure().panels[0].decimals, 2);
    figure
        .update(js_options(r#"{"models": null, "domain": "panel"}"#))
        .unwrap();
    let options = value_of(figure.options().unwrap());
    assert_eq!(
        options["models"],
        serde_json::json!(["alpha", "beta", "gamma"])
    );
    assert_eq!(
        (options["min"].as_f64(), options["max"].as_f64()),
        (Some(0.0), Some(4.0))
    );

    // Other scores: the options are checked against them; defaults follow the data.
    let other = pairwise(FOUR_ITEMS_CSV);
    figure
        .update(js_options(r#"{"models": ["alpha", "gamma"]}"#))
        .unwrap();
    assert_eq!(
        thrown_message(figure.set_data(&other, None)),
        r#"unknown model: "gamma"; expected one of "alpha", "beta""#
    );
    assert_eq!(figure.figure().panels[0].title, "alpha vs gamma");
    figure
        .set_data(&other, js_options(r#"{"models": null}"#))
        .unwrap();
    assert_eq!(
        value_of(figure.options().unwrap())["models"],
        serde_json::json!(["alpha", "beta"])
    );
    assert_eq!(figure.figure().panels.len(), 1);
    assert_eq!(figure.pair_comparisons()[0].paired, 4);
    // The figure keeps the scores after their handle is freed. The bins are still 10 x 2: t1
    // (alpha 0.9, beta 0.1) is alone in bin (9, 0).
    drop(other);
    let info = value_of(
        figure
            .cell_info(0.into(), 9.into(), 0.into())
            .unwrap()
            .unwrap(),
    );
    assert_eq!(info["count"], 1.0, "t1: alpha 0.9, beta 0.1");
    assert_eq!(
        floats(info["yRange"].clone()),
        serde_json::json!([0.0, 0.5])
    );

    // resize lays out again at the new width.
    figure.resize(500.into()).unwrap();
    assert_eq!(value_of(figure.size().unwrap())["width"], 500.0);
    assert_eq!(canvas.style().get_property_value("width").unwrap(), "500px");
    assert_eq!(
        thrown_message(figure.resize(JsValue::NULL)),
        r#"field "width": expected a width in CSS pixels from 1 to 20000, found null"#
    );
    assert_eq!(value_of(figure.options().unwrap())["width"], 500.0);
}

/// Per-item scores of `models` models named m1, m2, ... over three items, as CSV text.
fn scores_of_models(models: usize) -> String {
    let mut text = String::from("item,model,score\n");
    for item in 1..=3 {
        for model in 1..=models {
            text.push_str(&format!("t{item},m{model},0.{}\n", (item * 3 + model) % 10));
        }
    }
    text
}

/// The panel titles a pairwise figure reports through the JS API.
fn pairwise_titles(figure: &SweepPairwiseFigure) -> Vec<String> {
    value_of(figure.panels().unwrap())
        .as_array()
        .unwrap()
        .iter()
        .map(|panel| panel["title"].as_str().unwrap().to_string())
        .collect()
}

/// Without `models`, a figure compares the data's first five models (ten pairs of seven models),
/// every model when there are no more, and `options()` names them; `null` brings them back.
#[wasm_bindgen_test]
fn pairwise_figures_default_to_the_first_five_models() {
    let seven = pairwise(&scores_of_models(7));
    let canvas = canvas_in_page(900);
    let mut figure = SweepPairwiseFigure::new(&seven, canvas.clone().into(), None).unwrap();
    let first_five = serde_json::json!(["m1", "m2", "m3", "m4", "m5"]);
    assert_eq!(value_of(figure.options().unwrap())["models"], first_five);
    assert_eq!(
        pairwise_titles(&figure),
        [
            "m1 vs m2", "m1 vs m3", "m1 vs m4", "m1 vs m5", "m2 vs m3", "m2 vs m4", "m2 vs m5",
            "m3 vs m4", "m3 vs m5", "m4 vs m5"
        ]
    );
    assert_eq!(
        value_of(figure.comparisons().unwrap())
            .as_array()
            .unwrap()
            .len(),
        10
    );

    // A sixth model chosen: fifteen pairs; null: the first five again.
    figure
        .update(js_options(
            r#"{"models": ["m1", "m2", "m3", "m4", "m5", "m7"]}"#,
        ))
        .unwrap();
    assert_eq!(pairwise_titles(&figure).len(), 15);
    assert_eq!(pairwise_titles(&figure)[14], "m5 vs m7");
    figure.update(js_options(r#"{"models": null}"#)).unwrap();
    assert_eq!(value_of(figure.options().unwrap())["models"], first_five);
    assert_eq!(pairwise_titles(&figure).len(), 10);

    // Four models: every pair of them, here and in a new figure.
    let four = pairwise(&scores_of_models(4));
    figure.set_data(&four, None).unwrap();
    let every_pair = [
        "m1 vs m2", "m1 vs m3", "m1 vs m4", "m2 vs m3", "m2 vs m4", "m3 vs m4",
    ];
    assert_eq!(pairwise_titles(&figure), every_pair);
    let fresh = SweepPairwiseFigure::new(&four, canvas.into(), None).unwrap();
    assert_eq!(pairwise_titles(&fresh), every_pair);
    assert_eq!(
        value_of(fresh.options().unwrap())["models"],
        serde_json::json!(["m1", "m2", "m3", "m4"])
    );
}

#[wasm_bindgen_test]
fn guess_kind_picks_the_loader_a_text_needs() {
    let guess = |text: &str, format: JsValue| guess_kind(text.into(), format).unwrap();
    assert_eq!(
        guess("item,model,score\nt1,a,0.5\n", JsValue::UNDEFINED),
        "pairwise"
    );
    assert_eq!(guess(r#"{"items": []}"#, "auto".into()), "pairwise");
    assert_eq!(
        guess("model,benchmark,window,ratio,pass@1\n", "csv".into()),
        "sweep"
    );
    assert_eq!(guess("item,model,score\n", "json".into()), "sweep");
    assert_eq!(
        thrown_message(guess_kind("x".into(), "xml".into())),
        r#"field "format": expected "auto", "csv" or "json", found "xml""#
    );
    assert_eq!(
        thrown_message(guess_kind(JsValue::from(3), JsValue::UNDEFINED)),
        "field \"text\": expected the file's text (a string), found 3"
    );
}

/// Draws the figure dataset with `options` on a fresh canvas; the canvas and its figure.
fn fresh_figure(options: &str) -> (HtmlCanvasElement, SweepFigure) {
    let canvas = canvas_in_page(900);
    let figure = new_figure(&canvas, options);
    (canvas, figure)
}

#[wasm_bindgen_test]
fn a_colour_map_change_repaints_exactly_what_a_new_figure_draws() {
    let base = r#""model": "R1-Llama", "width": 900, "pixelRatio": 1"#;
    let (canvas, mut figure) = fresh_figure(&format!("{{{base}}}"));
    let layout = figure.layout().clone();
    figure
        .update(figure_options(r#"{"colorMap": "magma", "reversed": true}"#))
        .expect("the colour map changes");
    let (fresh_canvas, fresh) = fresh_figure(&format!(
        r#"{{{base}, "colorMap": "magma", "reversed": true}}"#
    ));
    assert_eq!(
        figure.figure(),
        fresh.figure(),
        "the same figure as prepared afresh"
    );
    assert_eq!(figure.layout(), &layout, "laid out once");
    assert_eq!(figure.layout(), fresh.layout());
    let (pixels, fresh_pixels) = (Pixels::of(&canvas), Pixels::of(&fresh_canvas));
    assert_eq!(pixels.data.len(), fresh_pixels.data.len());
    let differing = pixels.differing_from(&fresh_pixels);
    assert_eq!(differing, 0, "pixels differing from a new figure's");
    assert_eq!(value_of(figure.options().unwrap())["colorMap"], "magma");

    // Only the plots and colour bars are painted again; the pixels still agree with a new
    // figure's in every kind of figure that takes the path: HiDPI, a fixed range that clips
    // (arrows on the bars, "≤" and "≥" labels), uncertainty marks, the benchmark and grid views,
    // a shared domain, no value labels, and many changes in a row.
    for (options, changes) in [
        (
            r#""model": "R1-Qwen", "width": 960, "pixelRatio": 1"#,
            &["ylgnbu", "magma"][..],
        ),
        (
            r#""model": "R1-Llama", "width": 900, "pixelRatio": 2"#,
            &["cividis"],
        ),
        (
            r#""model": "R1-Llama", "width": 700, "pixelRatio": 1.5, "domain": "fixed", "min": 0.3, "max": 0.5"#,
            &["plasma", "viridis"],
        ),
        (
            r#""model": "R1-Llama", "width": 900, "pixelRatio": 1, "uncertainty": 0.95"#,
            &["inferno"],
        ),
        (
            r#""layout": "benchmark", "benchmark": "AIME24", "width": 800, "pixelRatio": 1, "domain": "shared""#,
            &["blues"],
        ),
        (
            r#""layout": "grid", "width": 500, "pixelRatio": 1, "annotate": false"#,
            &["greens"],
        ),
    ] {
        let (canvas, mut figure) = fresh_figure(&format!("{{{options}}}"));
        for map in changes {
            figure
                .update(figure_options(&format!(r#"{{"colorMap": "{map}"}}"#)))
                .expect("the colour map changes");
        }
        let last = changes.last().unwrap();
        let (fresh_canvas, fresh) =
            fresh_figure(&format!(r#"{{{options}, "colorMap": "{last}"}}"#));
        assert_eq!(figure.figure(), fresh.figure(), "{options}");
        let (pixels, fresh_pixels) = (Pixels::of(&canvas), Pixels::of(&fresh_canvas));
        assert_eq!(pixels.data.len(), fresh_pixels.data.len(), "{options}");
        let differing = pixels.differing_from(&fresh_pixels);
        assert_eq!(
            differing, 0,
            "pixels differing from a new figure's: {options}"
        );
    }

    // A colour change with a new pixel ratio that keeps the backing store's size paints
    // everything again, at the new ratio.
    let base = r#""model": "R1-Qwen", "width": 960"#;
    let (canvas, mut figure) = fresh_figure(&format!(r#"{{{base}, "pixelRatio": 1}}"#));
    figure
        .update(figure_options(
            r#"{"colorMap": "magma", "pixelRatio": 1.0004}"#,
        ))
        .expect("the colour map and the ratio change");
    let (fresh_canvas, _) = fresh_figure(&format!(
        r#"{{{base}, "pixelRatio": 1.0004, "colorMap": "magma"}}"#
    ));
    assert_eq!(
        (canvas.width(), canvas.height()),
        (fresh_canvas.width(), fresh_canvas.height())
    );
    let (pixels, fresh_pixels) = (Pixels::of(&canvas), Pixels::of(&fresh_canvas));
    let differing = pixels.differing_from(&fresh_pixels);
    assert_eq!(differing, 0, "pixels differing after a change of ratio");

    // Another painting on the same canvas: a colour change of the figure drawn first paints
    // all of it again, over the other drawing, rather than its colours alone.
    let options = r#""model": "R1-Llama", "width": 900, "pixelRatio": 1"#;
    let canvas = canvas_in_page(900);
    let mut first = new_figure(&canvas, &format!("{{{options}}}"));
    let mut other = first.figure().clone();
    for panel in &mut other.panels {
        panel.title = format!("Another {}", panel.title);
    }
    sweepmap::wasm::canvas::paint(&canvas, &other, first.layout(), 1.0).unwrap();
    first
        .update(figure_options(r#"{"colorMap": "magma"}"#))
        .expect("the colour map changes");
    let (fresh_canvas, _) = fresh_figure(&format!(r#"{{{options}, "colorMap": "magma"}}"#));
    let (pixels, fresh_pixels) = (Pixels::of(&canvas), Pixels::of(&fresh_canvas));
    let differing = pixels.differing_from(&fresh_pixels);
    assert_eq!(
        differing, 0,
        "pixels differing over another figure's drawing"
    );

    // A canvas cleared behind the figure's back (its width assigned again, the same value, which
    // keeps the canvas's painting number but clears its pixels): the colour change paints the
    // whole figure, titles and ticks too, not only its colours.
    let canvas = canvas_in_page(900);
    let mut figure = new_figure(&canvas, &format!("{{{options}}}"));
    canvas.set_width(canvas.width());
    figure
        .update(figure_options(r#"{"colorMap": "magma"}"#))
        .expect("the colour map changes");
    let differing = Pixels::of(&canvas).differing_from(&Pixels::of(&fresh_canvas));
    assert_eq!(differing, 0, "pixels differing over a cleared canvas");

    // A difference view swaps a sequential map for a diverging one: it is prepared afresh, and
    // still agrees with a new figure.
    let difference = r#""layout": "difference", "model": "R1-Llama", "modelB": "R1-Qwen", "width": 900, "pixelRatio": 1"#;
    let (_, mut figure) = fresh_figure(&format!(r#"{{{difference}, "colorMap": "puor"}}"#));
    figure
        .update(figure_options(r#"{"colorMap": "viridis"}"#))
        .expect("the colour map changes");
    let (_, fresh) = fresh_figure(&format!(r#"{{{difference}, "colorMap": "viridis"}}"#));
    assert_eq!(figure.figure(), fresh.figure());
    assert_eq!(figure.figure().panels[0].scale.map, ColorMap::RedBlue);
}

/// replay.js names the display list's opcodes as display_list.rs does, with the same numbers,
/// each once: `const OP_NAME = N;` lines, read from the file the package ships.
#[wasm_bindgen_test]
fn replay_js_names_every_opcode_as_the_display_list_does() {
    let replay = include_str!("../src/wasm/canvas/replay.js");
    let declared: Vec<(&str, f64)> = replay
        .lines()
        .filter_map(|line| line.strip_prefix("const OP_"))
        .map(|rest| {
            let (name, number) = rest.split_once(" = ").expect("const OP_NAME = N;");
            let number = number.strip_suffix(';').expect("a semicolon");
            (name, number.parse::<f64>().expect("a number"))
        })
        .collect();
    let expected: Vec<(&str, f64)> = sweepmap::wasm::canvas::OPCODES
        .iter()
        .map(|&(name, code)| (name.strip_prefix("OP_").expect("OP_ names"), code))
        .collect();
    assert_eq!(declared, expected);
    assert_eq!(expected.len(), 20);
    // Every opcode is a case of the replay's switch, by name: no bare number left.
    for (name, _) in &expected {
        assert!(
            replay.contains(&format!("case OP_{name}:")),
            "no case for OP_{name}"
        );
    }
    assert!(!replay
        .lines()
        .any(|line| line.trim_start().starts_with("case ")
            && line
                .trim_start()
                .as_bytes()
                .get(5)
                .is_some_and(u8::is_ascii_digit)));
}

#[wasm_bindgen_test]
fn colour_bars_are_painted_from_their_scale_top_to_bottom() {
    let (canvas, figure) = fresh_figure(r#"{"model": "R1-Llama", "width": 900, "pixelRatio": 1}"#);
    let pixels = Pixels::of(&canvas);
    let bar = &figure.layout().color_bars[0];
    let scale = figure.figure().panels[bar.panel].scale;
    let stripes = sweepmap::render::color_bar_stripes(&scale, bar.bar.height, 1.0);
    let centre = bar.bar.x + bar.bar.width / 2.0;
    // The stripe under each probed pixel's centre, from the top (the domain maximum) down.
    for fraction in [0.1, 0.3, 0.5, 0.7, 0.9] {
        let y = (bar.bar.y + bar.bar.height * fraction).floor() + 0.5;
        let stripe = (((y - bar.bar.y) / bar.bar.height) * stripes.len() as f64).floor() as usize;
        assert_eq!(
            pixels.at_css(centre, y, 1.0),
            stripes[stripe],
            "at {fraction} of the bar"
        );
    }
    assert_eq!(
        stripes[0],
        scale.color_at_position(1.0 - 0.5 / stripes.len() as f64)
    );
}

/// The RGBA pixels of a canvas' whole backing store.
fn pixels(canvas: &HtmlCanvasElement) -> Vec<u8> {
    let context: CanvasRenderingContext2d =
        canvas.get_context("2d").unwrap().unwrap().unchecked_into();
    context
        .get_image_data(0.0, 0.0, canvas.width().into(), canvas.height().into())
        .unwrap()
        .data()
        .0
}

#[wasm_bindgen_test]
fn the_fast_canvas_surface_draws_what_plotters_canvas_draws() {
    use sweepmap::figure::{prepare_figure, FigureOptions};
    use sweepmap::layout::layout_figure;
    use sweepmap::render::{draw_figure, DrawOptions};

    let dataset = sweepmap::load_json(FIGURE_JSON).unwrap();
    let variants = [
        FigureOptions::default(),
        FigureOptions {
            color_map: ColorMap::Magma,
            reversed: true,
            annotate: false,
            ..FigureOptions::default()
        },
        // Marginal strips beside each panel, the best outlined, the lines within noise dotted.
        FigureOptions {
            marginals: true,
            uncertainty: Some(0.95),
            ..FigureOptions::default()
        },
    ];
    for options in variants {
        let figure = prepare_figure(&dataset, &options).unwrap();
        let layout = layout_figure(&figure, 720.0);
        // The page's path: state cached between calls, colour bars put as images.
        let fast = canvas_in_page(720);
        sweepmap::wasm::canvas::paint(&fast, &figure, &layout, 1.0).unwrap();
        // The reference: plotters-canvas through the same drawing code, every shape a call.
        let reference = canvas_in_page(720);
        reference.set_width(fast.width());
        reference.set_height(fast.height());
        let mut backend =
            plotters_canvas::CanvasBackend::with_canvas_object(reference.clone()).unwrap();
        draw_figure(&mut backend, &figure, &layout, DrawOptions::default()).unwrap();

        let (fast, reference) = (pixels(&fast), pixels(&reference));
        assert_eq!(fast.len(), reference.len());
        let differing = fast
            .chunks(4)
            .zip(reference.chunks(4))
            .filter(|(a, b)| a != b)
            .count();
        assert_eq!(
            differing,
            0,
            "{differing} of {} pixels differ ({options:?})",
            fast.len() / 4
        );
    }
}

/// Themes on the canvas: the background (the dark grey, or transparent for print) fills the
/// figure and the gaps between cells, cells keep their scale's colour, and a change of colour
/// map alone (which repaints only the colours' regions) keeps a transparent background
/// transparent.
#[wasm_bindgen_test]
fn themes_paint_the_canvas_background_or_leave_it_transparent() {
    use sweepmap::color::DARK;
    let canvas = canvas_in_page(640);
    let mut figure = new_figure(
        &canvas,
        r#"{"model": "R1-Llama", "theme": "dark", "annotate": false, "pixelRatio": 1}"#,
    );
    let rgba = |pixels: &Pixels, x: f64, y: f64| {
        let start = (y.floor() as usize * pixels.width + x.floor() as usize) * 4;
        pixels.data[start..start + 4].to_vec()
    };
    let dark = DARK.background.unwrap();
    let (left, top, _, height) = cell_rect(&figure, 0, 0, 0);
    // The corner, and the gap just left of the first cell (large cells have one).
    let background = |pixels: &Pixels| {
        (
            rgba(pixels, 1.0, 1.0),
            rgba(pixels, left - 0.5, top + height / 2.0),
        )
    };
    let pixels = Pixels::of(&canvas);
    let opaque_dark = vec![dark.r, dark.g, dark.b, 255];
    assert_eq!(background(&pixels), (opaque_dark.clone(), opaque_dark));
    assert_cell_colours(&figure, &canvas, "R1-Llama", 1.0);

    figure
        .update(figure_options(r#"{"theme": "print"}"#))
        .unwrap();
    let pixels = Pixels::of(&canvas);
    assert_eq!(background(&pixels), (vec![0; 4], vec![0; 4]));
    assert_cell_colours(&figure, &canvas, "R1-Llama", 1.0);

    // Another colour map: only the colours' regions are painted again, cleared, not filled.
    figure
        .update(figure_options(r#"{"colorMap": "magma"}"#))
        .unwrap();
    let pixels = Pixels::of(&canvas);
    assert_eq!(background(&pixels), (vec![0; 4], vec![0; 4]));
    let (cx, cy) = cell_centre(&figure, 0, 1, 1);
    let value = figure_value("R1-Llama", "AIME24", 1, 1).unwrap();
    let scale = figure.figure().panels[0].scale;
    assert_eq!(scale.map, ColorMap::Magma);
    assert_eq!(rgba(&pixels, cx, cy), {
        let rgb = scale.color(value);
        vec![rgb.r, rgb.g, rgb.b, 255]
    });
}

/// `value` written by the wasm API's serializer (`sweepmap::wasm::plain`) and by
/// serde-wasm-bindgen's `json_compatible` serializer, as JSON text each: the API's results must
/// keep the shape serde-wasm-bindgen gives, so the two are compared on every kind of result.
fn plain_and_reference<T: serde::Serialize + ?Sized>(value: &T) -> (String, String) {
    let plain = sweepmap::wasm::plain::plain_value(value).expect("plain writes it");
    let reference = value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .expect("serde-wasm-bindgen writes it");
    (json(plain), json(reference))
}

/// Asserts [`plain_and_reference`] gives the same JSON text, and that it is not empty.
fn assert_same_as_reference<T: serde::Serialize + ?Sized>(what: &str, value: &T) {
    let (plain, reference) = plain_and_reference(value);
    assert_eq!(plain, reference, "{what}");
    assert!(plain.len() > 2, "{what}: {plain}");
}

#[wasm_bindgen_test]
fn plain_results_match_serde_wasm_bindgen() {
    use sweepmap::figure::{
        key_observations, prepare_figure, BenchmarkChoice, FigureOptions, View,
    };
    use sweepmap::table::{open_sweep, TableOptions};

    // The seed dataset the page opens first, as every view kind draws it.
    let seed = sweepmap::load_json(include_str!("../www/data/kv-cache-sweep.json")).unwrap();
    let (models, benchmarks) = (&seed.models.levels, &seed.benchmarks.levels);
    let views = [
        View::Model {
            model: models[0].clone(),
        },
        View::Benchmark {
            benchmark: BenchmarkChoice::Named(benchmarks[0].clone()),
        },
        View::Benchmark {
            benchmark: BenchmarkChoice::Mean,
        },
        View::Grid,
        View::Difference {
            a: models[1].clone(),
            b: models[0].clone(),
            benchmark: BenchmarkChoice::Named(benchmarks[0].clone()),
        },
    ];
    for view in views {
        let options = FigureOptions {
            view: view.clone(),
            uncertainty: Some(0.95),
            ..FigureOptions::default()
        };
        let figure = prepare_figure(&seed, &options).unwrap();
        assert_same_as_reference("options", &options);
        assert_same_as_reference("reports", &figure.reports());
        let observations = key_observations(&seed, &figure, &view, Some(0.95));
        assert_same_as_reference("observations", &observations.sections);
        assert_same_as_reference(
            "difference lines",
            &(&observations.difference, observations.shows),
        );
        assert_same_as_reference("difference", &figure.difference());
        for panel in 0..figure.panels.len() {
            let grid = &figure.panels[panel].grid;
            for y in 0..grid.rows() {
                for x in 0..grid.columns() {
                    assert_same_as_reference("cell", &figure.cell_info(panel, x, y).unwrap());
                }
            }
        }
    }
    assert_same_as_reference("dataset", &seed);

    // The seed's reported average beside the mean recomputed from its parts.
    let view = View::Reconcile {
        model: models[0].clone(),
        benchmark: "Average (reported)".into(),
    };
    let options = FigureOptions {
        view: view.clone(),
        ..FigureOptions::default()
    };
    let figure = prepare_figure(&seed, &options).unwrap();
    assert_same_as_reference("seed reconciliation", &figure.reconciliation());

    // A reported aggregate beside its recomputed mean: the reconciliation and its mismatches.
    let aggregate = sweepmap::load_json(AGGREGATE_JSON).unwrap();
    let view = View::Reconcile {
        model: "M".into(),
        benchmark: "Avg.".into(),
    };
    let options = FigureOptions {
        view: view.clone(),
        ..FigureOptions::default()
    };
    let figure = prepare_figure(&aggregate, &options).unwrap();
    assert_same_as_reference("reconciliation", &figure.reconciliation());
    let observations = key_observations(&aggregate, &figure, &view, None);
    assert_same_as_reference("mismatches", &observations.mismatches);

    // A run table: its roles, main effects, default view and projection (a whole dataset, and
    // per cell the runs it was made from).
    let runs = include_str!("fixtures/sweeps/synthetic-wandb-runs.csv");
    let sweep = open_sweep(runs, &TableOptions::default()).unwrap();
    assert_same_as_reference("roles", &sweep.roles);
    let view = sweep.default_view().unwrap();
    assert_same_as_reference("default view", &view);
    assert_same_as_reference("main effects", &sweep.main_effects(&view.metric).unwrap());
    assert_same_as_reference("projection", &sweep.project(&view).unwrap());

    // Share-link notices (parseLink, readLinkSource and openLinkedSweep write them with the
    // same serializer): a notice with a value and one without.
    let context = sweepmap::link::LinkContext::default();
    let parsed = sweepmap::link::parse_link("dataset=a&data=b&layout=nope", &context);
    assert!(parsed.notices.iter().any(|notice| notice.value.is_some()));
    assert!(parsed.notices.iter().any(|notice| notice.value.is_none()));
    assert_same_as_reference("link notices", &parsed.notices);
}

/// Every serde form the serializer writes, against serde-wasm-bindgen's: unit, newtype, tuple
/// and struct variants, internally and adjacently tagged enums, options, maps, tuples, NaN, the
/// largest safe integer, and the two values neither can write.
#[wasm_bindgen_test]
fn plain_forms_match_serde_wasm_bindgen() {
    use std::collections::BTreeMap;

    #[derive(serde::Serialize)]
    enum Outer {
        Unit,
        Newtype(f64),
        Tuple(u8, &'static str),
        Struct { a: Option<u32>, b: () },
    }
    #[derive(serde::Serialize)]
    #[serde(tag = "kind", rename_all = "snake_case")]
    enum Tagged {
        First { value: f64 },
        SecondOne,
    }
    #[derive(serde::Serialize)]
    #[serde(tag = "kind", content = "name")]
    enum Adjacent {
        Named(String),
        Mean,
    }
    #[derive(serde::Serialize)]
    struct Unit;
    #[derive(serde::Serialize)]
    struct Newtype(i64);
    #[derive(serde::Serialize)]
    struct All {
        outer: Vec<Outer>,
        tagged: Vec<Tagged>,
        adjacent: Vec<Adjacent>,
        map: BTreeMap<String, Option<f64>>,
        tuple: (bool, char, i32),
        unit: Unit,
        newtype: Newtype,
        none: Option<String>,
        largest: u64,
        smallest: i64,
        text: &'static str,
    }
    let all = All {
        outer: vec![
            Outer::Unit,
            Outer::Newtype(1.5),
            Outer::Tuple(7, "x"),
            Outer::Struct { a: None, b: () },
            Outer::Struct { a: Some(3), b: () },
        ],
        tagged: vec![Tagged::First { value: -0.25 }, Tagged::SecondOne],
        adjacent: vec![Adjacent::Named("AIME24".into()), Adjacent::Mean],
        map: BTreeMap::from([("a b".into(), Some(2.0)), ("\"q\"".into(), None)]),
        tuple: (true, 'é', -4),
        unit: Unit,
        newtype: Newtype(-9_007_199_254_740_991),
        none: None,
        largest: 9_007_199_254_740_991,
        smallest: -9_007_199_254_740_991,
        text: "line\nbreak",
    };
    let (plain, reference) = plain_and_reference(&all);
    assert_eq!(plain, reference);
    assert_eq!(
        plain,
        r#"{"outer":["Unit",{"Newtype":1.5},{"Tuple":[7,"x"]},{"Struct":{"a":null,"b":null}},{"Struct":{"a":3,"b":null}}],"tagged":[{"kind":"first","value":-0.25},{"kind":"second_one"}],"adjacent":[{"kind":"Named","name":"AIME24"},{"kind":"Mean"}],"map":{"\"q\"":null,"a b":2},"tuple":[true,"é",-4],"unit":null,"newtype":-9007199254740991,"none":null,"largest":9007199254740991,"smallest":-9007199254740991,"text":"line\nbreak"}"#
    );

    // NaN stays a number (JSON text would show null for both).
    let nan = sweepmap::wasm::plain::plain_value(&[f64::NAN]).unwrap();
    let nan: js_sys::Array = nan.unchecked_into();
    assert!(nan.get(0).as_f64().is_some_and(f64::is_nan));

    // Neither writes an integer beyond 2^53 or a map key that is not text.
    let reference = serde_wasm_bindgen::Serializer::json_compatible();
    let too_large = 9_007_199_254_740_992_u64;
    assert!(sweepmap::wasm::plain::plain_value(&too_large).is_err());
    assert!(serde::Serialize::serialize(&too_large, &reference).is_err());
    let number_keys = BTreeMap::from([(1, "one")]);
    assert!(sweepmap::wasm::plain::plain_value(&number_keys).is_err());
    assert!(serde::Serialize::serialize(&number_keys, &reference).is_err());
}
