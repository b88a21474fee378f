//! The wasm API in a real browser (headless Chromium through wasm-bindgen-test-runner):
//! datasets load from CSV and JSON text into a handle, the handle answers with plain JS objects
//! of the expected shape, exports load back unchanged, and every failure is a JS `Error` with
//! the loader's exact message.
//!
//! Run with `cargo test --target wasm32-unknown-unknown --test wasm` (see .ci/test).
#![cfg(target_arch = "wasm32")]

use js_sys::JSON;
use sweepmap::wasm::{load_csv, load_json, CsvOptionsObject, SweepDataset};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

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
    let again = load_csv(&from_csv.to_csv(), None).expect("a CSV export loads");
    assert_eq!(again.dataset(), from_csv.dataset());
    let again = load_json(&from_csv.to_json()).expect("a JSON export loads");
    assert_eq!(again.dataset(), from_csv.dataset());

    let from_json = load_json(SWEEP_JSON).unwrap();
    let again = load_json(&from_json.to_json()).expect("a JSON export loads");
    assert_eq!(again.dataset(), from_json.dataset());
    assert_eq!(again.title().as_deref(), Some("Two-cell sweep"));
    let again = load_csv(&from_json.to_csv(), None).expect("a CSV export loads");
    assert_eq!(again.dataset(), &from_json.dataset().without_metadata());
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
        r#"line 7, column "pass@1": expected a number, found "forty""#
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
