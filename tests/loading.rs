//! Loading tidy CSV and JSON: inference of column roles, real-world CSV, replicates, missing
//! cells, every malformed input with its exact message, and round trips through both exports.
#![cfg(not(target_arch = "wasm32"))]

use sweepmap::{load_csv, load_json, to_csv, to_json, CsvOptions, Dataset, Direction};

const HEADER: &str = "model,benchmark,local_window_size,ratio,pass@1";

fn csv(text: &str) -> Dataset {
    match load_csv(text, &CsvOptions::default()) {
        Ok(dataset) => dataset,
        Err(error) => panic!("expected {text:?} to load, got: {error}"),
    }
}

fn csv_error(text: &str) -> String {
    csv_error_with(text, &CsvOptions::default())
}

fn csv_error_with(text: &str, options: &CsvOptions) -> String {
    match load_csv(text, options) {
        Ok(_) => panic!("expected an error for {text:?}"),
        Err(error) => error.to_string(),
    }
}

fn json_error(text: &str) -> String {
    match load_json(text) {
        Ok(_) => panic!("expected an error for {text:?}"),
        Err(error) => error.to_string(),
    }
}

fn value(dataset: &Dataset, model: &str, benchmark: &str, x: &str, y: &str) -> Option<f64> {
    let panel = dataset.panel(model, benchmark).expect("panel exists");
    let x = dataset.x.position(x).expect("x value exists");
    let y = dataset.y.position(y).expect("y value exists");
    panel.grid.value(x, y)
}

#[test]
fn infers_roles_of_a_tidy_file_and_orders_numeric_axes_by_value() {
    let text = format!(
        "{HEADER}\n\
         R1-Llama,AIME24,3000,0.1,40.0\n\
         R1-Llama,AIME24,500,0.1,41.3\n\
         R1-Llama,AIME24,1000,0.2,49.3\n\
         R1-Qwen,AMC23,500,0.1,86.5\n"
    );
    let dataset = csv(&text);
    assert_eq!(dataset.y.name, "local_window_size");
    assert_eq!(dataset.x.name, "ratio");
    assert_eq!(dataset.y.labels, ["500", "1000", "3000"]);
    assert_eq!(dataset.y.values, Some(vec![500.0, 1000.0, 3000.0]));
    assert_eq!(dataset.x.labels, ["0.1", "0.2"]);
    assert_eq!(dataset.metric.name, "pass@1");
    assert_eq!(dataset.metric.direction, Direction::Higher);
    assert_eq!(dataset.models.name, "model");
    assert_eq!(dataset.models.levels, ["R1-Llama", "R1-Qwen"]);
    assert_eq!(dataset.benchmarks.levels, ["AIME24", "AMC23"]);
    // Panels are dense: 2 models x 2 benchmarks, unmeasured combinations all missing.
    assert_eq!(dataset.panels.len(), 4);
    assert_eq!(
        value(&dataset, "R1-Llama", "AIME24", "0.2", "1000"),
        Some(49.3)
    );
    assert_eq!(
        value(&dataset, "R1-Llama", "AIME24", "0.1", "3000"),
        Some(40.0)
    );
    assert_eq!(value(&dataset, "R1-Llama", "AIME24", "0.2", "500"), None);
    let unmeasured = dataset.panel("R1-Qwen", "AIME24").unwrap();
    assert_eq!(unmeasured.grid.present_count(), 0);
    assert_eq!(unmeasured.grid.missing_count(), 6);
}

#[test]
fn reads_real_csv_quirks_bom_crlf_quotes_blank_lines() {
    let text = "\u{feff}\"model\",benchmark,local_window_size,ratio,pass@1\r\n\
                \"R1, Llama \"\"distilled\"\"\",AIME24,500,0.1,41.3\r\n\
                R1-Qwen,AIME24,500,0.1,40.0\r\n\
                \r\n\
                \r\n";
    let dataset = csv(text);
    assert_eq!(dataset.models.name, "model");
    assert_eq!(
        dataset.models.levels,
        ["R1, Llama \"distilled\"", "R1-Qwen"]
    );
    assert_eq!(
        value(&dataset, "R1, Llama \"distilled\"", "AIME24", "0.1", "500"),
        Some(41.3)
    );
}

#[test]
fn tab_and_semicolon_delimiters_are_detected_from_the_header() {
    let tabbed = csv("model\tbenchmark\twindow\tratio\taccuracy\nA\tB\t500\t0.1\t0.5\n");
    assert_eq!(value(&tabbed, "A", "B", "0.1", "500"), Some(0.5));
    let semicolons = csv("model;benchmark;window;ratio;accuracy\nA;B;500;0.1;0.5\n");
    assert_eq!(value(&semicolons, "A", "B", "0.1", "500"), Some(0.5));
}

#[test]
fn ignores_bookkeeping_columns_and_keeps_replicates() {
    // A log as people keep it: a run directory unique per row, a constant column, a note, and
    // three seeds per cell.
    let text = "run_dir,model,benchmark,local_window_size,ratio,seed,pass@1,dtype,note\n\
                runs/001,R1-Qwen,AIME24,500,0.1,0,40.0,bf16,\n\
                runs/002,R1-Qwen,AIME24,500,0.1,1,42.0,bf16,rerun after OOM\n\
                runs/003,R1-Qwen,AIME24,500,0.1,2,44.0,bf16,\n\
                runs/004,R1-Qwen,AIME24,500,0.2,0,47.3,bf16,\n\
                runs/005,R1-Qwen,AIME24,1000,0.1,0,46.0,bf16,\n";
    let dataset = csv(text);
    assert_eq!(dataset.replicate.as_deref(), Some("seed"));
    assert_eq!(dataset.x.name, "ratio");
    assert_eq!(dataset.y.name, "local_window_size");
    assert_eq!(dataset.metric.name, "pass@1");
    let panel = dataset.panel("R1-Qwen", "AIME24").unwrap();
    let cell = panel.grid.get(0, 0).unwrap();
    assert_eq!(cell.mean, 42.0);
    assert_eq!(cell.count, 3);
    assert_eq!(cell.std_dev, Some(2.0));
    assert_eq!(panel.grid.get(1, 0).unwrap().count, 1);
    assert_eq!(panel.replicates.len(), 5);
    let labels: Vec<&str> = panel.replicates[..3]
        .iter()
        .map(|r| r.label.as_str())
        .collect();
    assert_eq!(labels, ["0", "1", "2"]);
}

#[test]
fn an_empty_or_na_value_is_an_explicit_missing_cell() {
    let text = format!("{HEADER}\nA,B,500,0.1,41.3\nA,B,500,0.2,NA\nA,B,1000,0.1,\n");
    let dataset = csv(&text);
    let panel = dataset.panel("A", "B").unwrap();
    assert_eq!(dataset.x.labels, ["0.1", "0.2"]);
    assert_eq!(dataset.y.labels, ["500", "1000"]);
    assert_eq!(panel.grid.present_count(), 1);
    assert_eq!(panel.grid.missing_count(), 3);
}

#[test]
fn explicit_roles_override_inference() {
    let text = "a,b,c,d\nx1,1,10,0.5\nx1,2,20,0.6\n";
    let options = CsvOptions {
        x: Some("c".into()),
        y: Some("b".into()),
        value: Some("d".into()),
        model: Some("a".into()),
        ..CsvOptions::default()
    };
    let dataset = load_csv(text, &options).unwrap();
    assert_eq!(dataset.x.labels, ["10", "20"]);
    assert_eq!(dataset.y.labels, ["1", "2"]);
    assert_eq!(dataset.metric.name, "d");
    assert_eq!(value(&dataset, "x1", "", "20", "2"), Some(0.6));
}

#[test]
fn without_facets_the_last_of_three_columns_is_the_value() {
    let dataset = csv("lr,batch,val_loss\n0.001,32,1.25\n0.01,32,1.5\n0.001,64,1.0\n");
    assert_eq!(dataset.y.name, "lr");
    assert_eq!(dataset.x.name, "batch");
    assert_eq!(dataset.metric.direction, Direction::Lower);
    assert!(dataset.models.is_absent());
    assert!(dataset.benchmarks.is_absent());
    assert_eq!(dataset.panels.len(), 1);
    assert_eq!(dataset.panel_title(&dataset.panels[0]), "");
    assert_eq!(value(&dataset, "", "", "64", "0.001"), Some(1.0));
}

#[test]
fn categorical_axes_keep_their_order() {
    let dataset = csv("optimizer,schedule,score\nsgd,cosine,1\nadam,cosine,2\nsgd,linear,3\n");
    assert_eq!(dataset.y.labels, ["sgd", "adam"]);
    assert_eq!(dataset.x.labels, ["cosine", "linear"]);
    assert!(!dataset.x.is_numeric());
}

#[test]
fn equal_numbers_written_differently_are_one_axis_value_and_one_cell() {
    let text = format!("{HEADER}\nA,B,500,0.1,41.3\nA,B,500,0.10,42.0\n");
    assert_eq!(
        csv_error(&text),
        "lines 2 and 3 both measure the same cell (A, B, ratio = 0.1, local_window_size = 500); \
         add a replicate column (seed, run or sample) if they are repeated measurements"
    );
}

// ---- Malformed CSV: each with its exact message ----

#[test]
fn malformed_empty_inputs() {
    let expected = "the file is empty: expected a header line and data rows";
    assert_eq!(csv_error(""), expected);
    assert_eq!(csv_error("\n\r\n  \n"), expected);
    assert_eq!(csv_error("\u{feff}"), expected);
    assert_eq!(
        csv_error(&format!("{HEADER}\n")),
        "the file has a header but no data rows"
    );
    assert_eq!(
        csv_error(&format!("{HEADER}\n,,,,\n\n")),
        "the file has a header but no data rows"
    );
}

#[test]
fn malformed_ragged_rows() {
    let text = format!("{HEADER}\nA,B,500,0.1,41.3\nA,B,500,0.2\n");
    assert_eq!(
        csv_error(&text),
        "line 3: expected 5 fields like the header, found 4"
    );
    let text = format!("{HEADER}\nA,B,500,0.1,41.3,extra\n");
    assert_eq!(
        csv_error(&text),
        "line 2: expected 5 fields like the header, found 6"
    );
}

#[test]
fn malformed_unclosed_quote_is_reported_at_its_line() {
    // The open quote swallows the rest of the file into one field: the row comes up short, and
    // the field holds line ends, which says what happened.
    let text = format!("{HEADER}\nA,B,500,0.1,41.3\nA,\"B,500,0.2,42\nA,B,1000,0.1,40\n");
    assert_eq!(
        csv_error(&text),
        "line 3: a quoted field opens here and is never closed"
    );
}

#[test]
fn malformed_non_numeric_value() {
    let text = format!("{HEADER}\nA,B,500,0.1,41.3\nA,B,500,0.2,forty\n");
    assert_eq!(
        csv_error(&text),
        "line 3, column \"pass@1\": expected a number, found \"forty\"; fix that cell in the file"
    );
    let text = format!("{HEADER}\nA,B,500,0.1,41.3%\n");
    assert_eq!(
        csv_error(&text),
        "line 2, column \"pass@1\": expected a number, found \"41.3%\"; fix that cell in the file"
    );
}

#[test]
fn malformed_non_finite_values() {
    for bad in ["inf", "NaN", "-infinity", "1e999"] {
        let text = format!("{HEADER}\nA,B,500,0.1,{bad}\n");
        assert_eq!(
            csv_error(&text),
            format!("line 2, column \"pass@1\": expected a finite number, found \"{bad}\"")
        );
    }
}

#[test]
fn malformed_duplicate_cell_names_both_lines() {
    let text = format!(
        "{HEADER}\nR1-Llama,AIME24,500,0.1,41.3\nR1-Llama,AIME24,500,0.2,42.7\n\
         R1-Llama,AIME24,500,0.1,40.0\n"
    );
    assert_eq!(
        csv_error(&text),
        "lines 2 and 4 both measure the same cell (R1-Llama, AIME24, ratio = 0.1, \
         local_window_size = 500); add a replicate column (seed, run or sample) if they are \
         repeated measurements"
    );
}

#[test]
fn malformed_duplicate_replicate_names_both_lines() {
    let text = "model,benchmark,window,ratio,seed,accuracy\nA,B,500,0.1,1,0.5\n\
                A,B,500,0.1,2,0.6\nA,B,500,0.1,1,0.7\n";
    assert_eq!(
        csv_error(text),
        "lines 2 and 4 both measure the same cell (A, B, ratio = 0.1, window = 500, \
         replicate \"1\"); add a replicate column (seed, run or sample) if they are repeated \
         measurements"
    );
}

#[test]
fn malformed_empty_axis_and_facet_fields() {
    let text = format!("{HEADER}\nA,B,500,0.1,41.3\nA,B,500,,42\n");
    assert_eq!(
        csv_error(&text),
        "line 3, column \"ratio\": expected a value, found an empty field"
    );
    let text = format!("{HEADER}\nA,B,500,0.1,41.3\n,B,500,0.2,42\n");
    assert_eq!(
        csv_error(&text),
        "line 3, column \"model\": expected a value, found an empty field"
    );
}

#[test]
fn malformed_header_problems() {
    assert_eq!(
        csv_error("model,ratio,ratio,pass@1\nA,1,2,3\n"),
        "the header names column \"ratio\" twice"
    );
    assert_eq!(
        csv_error("model,,ratio,pass@1\nA,1,2,3\n"),
        "field \"header, column 2\": expected a column name"
    );
}

#[test]
fn malformed_missing_explicit_column() {
    let options = CsvOptions {
        x: Some("temperature".into()),
        ..CsvOptions::default()
    };
    assert_eq!(
        csv_error_with(&format!("{HEADER}\nA,B,500,0.1,41.3\n"), &options),
        "no column \"temperature\" for the x axis; the columns are \"model\", \"benchmark\", \
         \"local_window_size\", \"ratio\", \"pass@1\""
    );
}

#[test]
fn malformed_ambiguous_axes_list_the_candidates() {
    let text = "model,benchmark,local_window_size,ratio,max_tokens,pass@1\n\
                A,B,500,0.1,1024,41.3\nA,B,1000,0.2,2048,42.0\n";
    assert_eq!(
        csv_error(text),
        "cannot tell which column is the x or y axis: candidates are \"local_window_size\", \
         \"ratio\", \"max_tokens\"; keep two of them as the axes and remove the others from \
         the file (or rename them to names that are ignored, such as notes or comment); from \
         code, name them with the roles option, e.g. {y: \"local_window_size\", x: \"ratio\"}"
    );
    // Naming the extra column as ignored resolves it.
    let options = CsvOptions {
        ignore: vec!["max_tokens".into()],
        ..CsvOptions::default()
    };
    assert!(load_csv(text, &options).is_ok());
}

#[test]
fn malformed_ambiguous_value_lists_the_candidates() {
    let text = "model,window,ratio,accuracy,f1\nA,500,0.1,0.5,0.4\nA,1000,0.2,0.6,0.5\n";
    assert_eq!(
        csv_error(text),
        "cannot tell which column is the value: candidates are \"accuracy\", \"f1\"; give only \
         the value column a metric name (such as score, accuracy or pass@1) and remove the \
         columns that are neither axes nor the value from the file; from code, name it with \
         the roles option, e.g. {value: \"accuracy\"}"
    );
}

#[test]
fn malformed_ambiguous_facet_names() {
    let text = "model,llm,window,ratio,accuracy\nA,B,500,0.1,0.5\n";
    assert_eq!(
        csv_error(text),
        "cannot tell which column is the model: candidates are \"model\", \"llm\"; keep one of \
         them and remove the others from the file (or rename them to names that are ignored, \
         such as notes or comment); from code, name it with the roles option, e.g. \
         {model: \"model\"}"
    );
}

#[test]
fn malformed_too_few_columns_for_axes() {
    assert_eq!(
        csv_error("model,ratio,accuracy\nA,0.1,0.5\nA,0.2,0.6\n"),
        "no column can be the x and y axes; expected two columns of hyperparameter values \
         beside the value; the columns are \"model\", \"ratio\", \"accuracy\""
    );
}

#[test]
fn malformed_no_numeric_value_column() {
    assert_eq!(
        csv_error("optimizer,schedule,grade\nsgd,cos,good\nadam,lin,bad\nsgd,lin,good\n"),
        "no column can be the value; expected a column of numbers: name the value column like a \
         metric (such as score, accuracy or pass@1) to be told which of its fields are not \
         numbers; from code, name it with the roles option, e.g. {value: \"column name\"}"
    );
    // With numeric columns but none named like a metric, the candidates are listed.
    assert_eq!(
        csv_error("model,window,ratio,grade\nA,500,0.1,good\nA,1000,0.2,bad\nA,500,0.2,good\n"),
        "cannot tell which column is the value: candidates are \"window\", \"ratio\"; give only \
         the value column a metric name (such as score, accuracy or pass@1) and remove the \
         columns that are neither axes nor the value from the file; from code, name it with \
         the roles option, e.g. {value: \"window\"}"
    );
}

#[test]
fn malformed_unknown_option_field_is_caught_by_serde() {
    let parsed: Result<CsvOptions, _> = serde_json::from_str(r#"{"xaxis": "ratio"}"#);
    assert!(parsed
        .unwrap_err()
        .to_string()
        .contains("unknown field `xaxis`"));
}

#[test]
fn long_labels_are_cut_in_messages() {
    let long = "9".repeat(20) + &"x".repeat(10_000);
    let text = format!("{HEADER}\nA,B,500,0.1,{long}\n");
    let message = csv_error(&text);
    assert!(message.len() < 230, "{message}");
    assert!(
        message.ends_with("xxxx...\"; fix that cell in the file"),
        "{message}"
    );
}

// ---- JSON ----

const JSON: &str = r#"{
  "title": "tiny",
  "source": "hand-made",
  "metric": {"name": "Pass@1", "direction": "higher", "unit": "%"},
  "x": {"name": "Ratio", "values": [0.1, 0.2]},
  "y": {"name": "Local Window Size", "values": [3000, 500]},
  "model": "Model",
  "benchmark": "Benchmark",
  "benchmarks": [{"name": "AIME24", "items": 30}],
  "panels": [
    {"model": "R1-Qwen", "benchmark": "AIME24", "cells": [[47.3, null], [42.7, 40.0]]}
  ]
}"#;

#[test]
fn json_rows_follow_the_written_y_order_and_axes_are_sorted() {
    let dataset = load_json(JSON).unwrap();
    assert_eq!(dataset.y.labels, ["500", "3000"]);
    assert_eq!(
        value(&dataset, "R1-Qwen", "AIME24", "0.1", "3000"),
        Some(47.3)
    );
    assert_eq!(value(&dataset, "R1-Qwen", "AIME24", "0.2", "3000"), None);
    assert_eq!(
        value(&dataset, "R1-Qwen", "AIME24", "0.2", "500"),
        Some(40.0)
    );
    assert_eq!(dataset.metric.unit.as_deref(), Some("%"));
    assert_eq!(dataset.benchmark_info[0].items, Some(30));
    assert_eq!(dataset.source.as_deref(), Some("hand-made"));
}

#[test]
fn malformed_json_inputs() {
    assert_eq!(
        json_error(" \n"),
        "the file is empty: expected a JSON dataset object"
    );
    assert_eq!(
        json_error("{\n  \"metric\": {\"name\": \"x\",}\n}"),
        "JSON line 2, column 26: trailing comma"
    );
    assert_eq!(
        json_error(&JSON.replace("\"title\"", "\"titel\"")),
        "JSON line 2, column 9: unknown field `titel`, expected one of `title`, `source`, \
         `metric`, `x`, `y`, `model`, `benchmark`, `replicate`, `shows`, `caption`, `benchmarks`, `panels`"
    );
    assert_eq!(
        json_error(&JSON.replace("[[47.3, null], [42.7, 40.0]]", "[[47.3, null]]")),
        "field \"panels[0].cells\": expected 2 rows, one per y value, found 1"
    );
    assert_eq!(
        json_error(&JSON.replace("[42.7, 40.0]", "[42.7, \"40\"]")),
        "field \"panels[0].cells[1][1]\": expected a number or null"
    );
    assert_eq!(
        json_error(&JSON.replace("[42.7, 40.0]", "[42.7]")),
        "field \"panels[0].cells[1]\": expected 2 values, one per x value, found 1"
    );
    assert_eq!(
        json_error(&JSON.replace("\"higher\"", "\"up\"")),
        "field \"metric.direction\": expected \"higher\" or \"lower\""
    );
    assert_eq!(
        json_error(&JSON.replace("[0.1, 0.2]", "[0.1, \"0.10\"]")),
        "field \"x.values[1]\": expected a value not already on the axis (\"0.10\" is)"
    );
    assert_eq!(
        json_error(&JSON.replace("\"name\": \"AIME24\"", "\"name\": \"AIME42\"")),
        "field \"benchmarks[0].name\": expected a benchmark that has panels (\"AIME42\" has none)"
    );
    assert_eq!(
        json_error(&JSON.replace(
            "[{\"name\": \"AIME24\", \"items\": 30}]",
            "[{\"name\": \"AIME24\"}, {\"name\": \"AIME24\", \"items\": 30}]"
        )),
        "field \"benchmarks[1].name\": expected each benchmark described once"
    );
    let replicated = JSON.replace(
        "\"benchmark\": \"Benchmark\",",
        "\"benchmark\": \"Benchmark\", \"replicate\": \"seed\",",
    );
    assert_eq!(
        json_error(&replicated.replace(
            "[[47.3, null], [42.7, 40.0]]",
            r#"[[null, null], [null, {"replicates": [{"label": "s1", "value": 1}, {"label": "s2", "value": 2}, {"label": "s1", "value": 3}]}]]"#
        )),
        "field \"panels[0].cells[1][1].replicates[2]\": expected a replicate label not already \
         used in this cell (\"s1\" is)"
    );
    assert_eq!(
        json_error(&JSON.replace("\"model\": \"R1-Qwen\", ", "")),
        "field \"panels[0].model\": expected the model (the dataset has a \"Model\" facet)"
    );
    assert_eq!(
        json_error(&JSON.replace("\"metric\": {", "\"metric\": 7, \"old\": {")),
        "JSON line 4, column 13: invalid type: integer `7`, expected an object"
    );
}

#[test]
fn json_duplicate_panels_are_rejected() {
    let twice = JSON.replace(
        "{\"model\": \"R1-Qwen\", \"benchmark\": \"AIME24\", \"cells\": [[47.3, null], [42.7, 40.0]]}",
        "{\"model\": \"R1-Qwen\", \"benchmark\": \"AIME24\", \"cells\": [[1, 2], [3, 4]]},\n\
         {\"model\": \"R1-Qwen\", \"benchmark\": \"AIME24\", \"cells\": [[1, 2], [3, 4]]}",
    );
    assert_eq!(
        json_error(&twice),
        "field \"panels[1]\": expected a model and benchmark not already given by panels[0]"
    );
}

// ---- Round trips ----

fn assert_round_trips(dataset: &Dataset) {
    let from_json = load_json(&to_json(dataset)).expect("JSON export loads");
    assert_eq!(&from_json, dataset);
    let exported = to_csv(dataset);
    let from_csv = load_csv(&exported, &CsvOptions::matching(dataset)).expect("CSV loads");
    assert_eq!(from_csv, dataset.without_metadata());
}

#[test]
fn exports_load_back_identical_with_replicates_and_missing_cells() {
    let text = "model,benchmark,window,ratio,seed,accuracy\n\
                B,T2,500,0.1,s1,0.25\nB,T2,500,0.1,s2,0.75\nA,T1,1000,0.2,s1,0.125\n\
                A,T1,500,0.2,,\nA,T2,500,0.1,s1,0.1\n";
    let dataset = csv(text);
    assert_round_trips(&dataset);
    let csv_export = to_csv(&dataset);
    // Levels keep their first-seen order through the export.
    let again = csv(&csv_export);
    assert_eq!(again.models.levels, ["B", "A"]);
    assert_eq!(again.benchmarks.levels, ["T2", "T1"]);
    assert_eq!(again, dataset.without_metadata());
}

#[test]
fn exports_keep_labels_as_written() {
    let dataset = csv("lr,schedule,loss\n1e-3,cosine,1.5\n0.010,linear,1.25\n");
    assert_eq!(dataset.y.labels, ["1e-3", "0.010"]);
    assert_round_trips(&dataset);
    let json = load_json(JSON).unwrap();
    assert_round_trips(&json);
}

#[test]
fn line_numbers_count_physical_lines_with_crlf_blank_lines_and_quoted_newlines() {
    let crlf = format!("{HEADER}\r\nA,B,500,0.1,41.3\r\nA,B,500,0.2,41\r\nA,B,500,0.3,forty\r\n");
    assert_eq!(
        csv_error(&crlf),
        "line 4, column \"pass@1\": expected a number, found \"forty\"; fix that cell in the file"
    );
    let blank = format!("{HEADER}\nA,B,500,0.1,41.3\n\nA,B,500,0.2,41\n\nA,B,500,0.3,forty\n");
    assert_eq!(
        csv_error(&blank),
        "line 6, column \"pass@1\": expected a number, found \"forty\"; fix that cell in the file"
    );
    let quoted = format!("{HEADER}\n\"A\nsecond line\",B,500,0.1,41.3\nA,B,500,0.2,forty\n");
    assert_eq!(
        csv_error(&quoted),
        "line 4, column \"pass@1\": expected a number, found \"forty\"; fix that cell in the file"
    );
    let ragged = format!("{HEADER}\r\n\r\nA,B,500,0.1,41.3\r\nA,B,500\r\n");
    assert_eq!(
        csv_error(&ragged),
        "line 4: expected 5 fields like the header, found 3"
    );
}
