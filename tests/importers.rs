//! The importers (src/importers/): files other tools write converted into text sweepmap's
//! loaders open. Each conversion against hand-checked text and values, the converted text read
//! back as the original's values, and every refusal with its exact message naming where in the
//! original file the problem is (never a line of the converted text).
#![cfg(not(target_arch = "wasm32"))]

use std::path::Path;

use sweepmap::importers::{importer_for, results_to_json, table_from_json, Importer};
use sweepmap::lm_eval::{load_results, ResultsFile, ResultsOptions};
use sweepmap::table::{open_sweep, RunTable, TableOptions};

/// Runs as JSON with every kind of value a conversion must keep: text a spreadsheet would
/// evaluate, a leading `'`, text that reads as a number, commas, quotes and line ends, integers
/// beyond 2^53, the shortest digits of a float, booleans, null, a missing key, a run with every
/// field missing, and surrounding spaces.
const TRICKY: &str = r#"{"runs": [
  {"name": "=cmd", "lr": 0.1, "tag": "0.10", "note": "a, \"b\"", "big": 12345678901234567890, "ok": true, "acc": 0.5},
  {"name": "'-x", "lr": 1e-7, "tag": "NA", "note": "two\nlines", "big": -3, "ok": false, "acc": null},
  {},
  {"name": " padded ", "lr": 0.30000000000000004, "tag": "1e3", "ok": null, "acc": 1}
], "roles": {"tag": "facet"}}"#;

#[test]
fn runs_as_json_convert_into_the_csv_of_the_same_runs() {
    let converted = table_from_json(TRICKY).unwrap();
    // Checked by hand, field by field: `=cmd` and `'-x` get one more `'` (the reader takes it
    // off again); `0.10` and `1e3` stay the text written; the comma, quotes and line end are
    // quoted; 12345678901234567890 is written as it is; 1e-7 with its shortest digits; the empty
    // run gets `NA` (missing) so that it stays a run; null and the missing key are empty.
    assert_eq!(
        converted.csv,
        "name,lr,tag,note,big,ok,acc\n\
         '=cmd,0.1,0.10,\"a, \"\"b\"\"\",12345678901234567890,true,0.5\n\
         ''-x,0.0000001,NA,\"two\nlines\",-3,false,\n\
         NA,,,,,,\n \
         padded ,0.30000000000000004,1e3,,,,1\n"
    );
    assert_eq!(converted.roles, [("tag".to_string(), "facet".to_string())]);

    // Read back, every value is the JSON's.
    let table = RunTable::read_csv(&converted.csv).unwrap();
    assert_eq!(table.runs(), 4, "the run with every field missing is kept");
    let texts = |column: usize| -> Vec<Option<&str>> {
        (0..table.runs())
            .map(|run| table.columns[column].text(run))
            .collect()
    };
    assert_eq!(texts(0), [Some("=cmd"), Some("'-x"), None, Some("padded")]);
    assert_eq!(texts(2), [Some("0.10"), None, None, Some("1e3")]);
    assert_eq!(texts(3), [Some("a, \"b\""), Some("two\nlines"), None, None]);
    assert_eq!(texts(5), [Some("true"), Some("false"), None, None]);
    let numbers = |column: usize| -> Vec<Option<f64>> {
        (0..table.runs())
            .map(|run| table.columns[column].number(run))
            .collect()
    };
    assert_eq!(
        numbers(1),
        [Some(0.1), Some(1e-7), None, Some(0.30000000000000004)]
    );
    assert_eq!(
        numbers(4),
        [Some(12345678901234567890.0), Some(-3.0), None, None]
    );
    assert_eq!(numbers(6), [Some(0.5), None, None, Some(1.0)]);
    assert_eq!(numbers(2), [Some(0.1), None, None, Some(1000.0)]);
}

#[test]
fn the_converted_table_opens_as_the_json_and_names_runs_by_number() {
    // open_sweep converts runs as JSON itself (natively; the page asks the importers package):
    // the file's roles apply, and messages name runs as the JSON numbers them, not CSV lines
    // (the first two runs span two lines of the CSV each).
    let text = r#"[{"a": 1, "b": "x\ny", "acc": 0.5}, {"a": 2, "b": "x\ny", "acc": 0.6},
                   {"a": 1, "b": "z", "acc": 0.7}, {"a": 1, "b": "z", "acc": 0.8},
                   {"a": 2, "b": "z", "acc": "high"}]"#;
    let sweep = open_sweep(text, &TableOptions::default()).unwrap();
    assert_eq!(
        sweep.default_view().unwrap_err().to_string(),
        "field \"acc\": expected a number in every run, found \"high\" in run 5"
    );
    let converted = table_from_json(text).unwrap();
    let roles = sweepmap::table::NameMap::new();
    let options = TableOptions {
        from_json: Some(roles),
        ..TableOptions::default()
    };
    let from_csv = open_sweep(&converted.csv, &options).unwrap();
    assert_eq!(from_csv.table, sweep.table);
    assert_eq!(from_csv.table.lines, [1, 2, 3, 4, 5]);
    // Without `from_json` the same CSV names its lines (run 5 starts on line 8).
    let plain = open_sweep(&converted.csv, &TableOptions::default()).unwrap();
    assert_eq!(plain.table.lines, [2, 4, 6, 7, 8]);

    let object = r#"{"roles": {"a": "facet"}, "runs": [
        {"a": "p", "lr": 1, "acc": 0.1}, {"a": "p", "lr": 2, "acc": 0.2},
        {"a": "q", "lr": 1, "acc": 0.3}, {"a": "q", "lr": 2, "acc": 0.4}]}"#;
    let sweep = open_sweep(object, &TableOptions::default()).unwrap();
    assert_eq!(sweep.roles[0].role.as_str(), "facet");
    assert_eq!(sweep.roles[0].because, "named in the roles");
    assert!(
        sweep.named_roles.is_empty(),
        "a file's roles are not carried by links: the file carries them"
    );
}

#[test]
fn runs_as_json_past_the_limits_are_refused_with_the_way_out() {
    use sweepmap::limits::{MAX_COLUMNS, MAX_RUNS};
    // One run more than a run table holds, each the smallest a run can be written.
    let mut text = String::with_capacity(3 * MAX_RUNS + 16);
    text.push('[');
    for index in 0..=MAX_RUNS {
        text.push_str(if index == 0 { "{}" } else { ",{}" });
    }
    text.push(']');
    assert_eq!(
        table_from_json(&text).unwrap_err().to_string(),
        "the data need 1,000,001 runs in a run table; the limit is 1,000,000 (what a browser \
         tab holds): write the runs one per line (JSON lines) or as Parquet and reduce them to \
         one row per configuration where they live, e.g. python -m sweepmap reduce runs.jsonl \
         --metric M -o runs.csv, then open runs.csv; a JSON lines or Parquet file opened in \
         the page is reduced there (README \"Larger than a tab\")"
    );
    // One column more than a run table holds, in one run.
    let fields: Vec<String> = (0..=MAX_COLUMNS)
        .map(|k| format!("\"c{k}\": {k}"))
        .collect();
    let text = format!("[{{{}}}]", fields.join(", "));
    assert_eq!(
        table_from_json(&text).unwrap_err().to_string(),
        "the data need 10,001 columns in a run table (or more); the limit is 10,000: keep the \
         parameters, metrics and facets in the runs and leave the other fields out"
    );
}

#[test]
fn json_that_no_csv_header_could_hold_is_refused_naming_the_field() {
    let error = |text: &str| table_from_json(text).unwrap_err().to_string();
    assert_eq!(
        error(r#"[{"lr": 1, " ": 2}]"#),
        "field \"[0][\" \"]\": expected a column name that is not blank"
    );
    assert_eq!(
        error(r#"[{"lr": 1, "acc": 2}, {"lr": 2, " lr": 3}]"#),
        "field \"[1][\" lr\"]\": expected a column name other columns do not share once \
         spaces around it are dropped (\"lr\")"
    );
    assert_eq!(
        error("{\"runs\": [{\"lr\": 1, \"a\\nb\": 2}]}"),
        "field \"runs[0][\"a\nb\"]\": expected a column name on one line"
    );
    assert_eq!(
        error(r#"{"runs": [{"lr": 1}, {"lr": 2}]}"#),
        "field \"runs[0]\": expected runs with a metric and a parameter at least, found one \
         column \"lr\""
    );
    assert_eq!(
        error(r#"[{"lr": 1, "opt": "ad\ufffdm"}]"#),
        "field \"[0][\"opt\"]\": expected text without the replacement character U+FFFD, which \
         stands where text was not valid UTF-8; save the file as UTF-8"
    );
    assert_eq!(
        error("[{\"lr\": 1,\n \"acc\": Infinity}]"),
        "JSON line 2, column 9: expected value"
    );
    assert_eq!(
        error(r#"{"runs": [{"lr": 1, "acc": 2}], "roles": []}"#),
        "field \"roles\": expected an object: a role per column"
    );
}

fn fixture(model: char) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!(
        "tests/fixtures/lm-eval/synthetic__model-{model}/results_2024-05-01T10-00-00.000000.json"
    ));
    std::fs::read_to_string(path).expect("a committed fixture")
}

#[test]
fn lm_eval_results_convert_into_sweepmap_json_with_their_standard_errors() {
    let texts = [fixture('a'), fixture('b'), fixture('c')];
    let names = ["a/results.json", "b/results.json", "c/results.json"];
    let files: Vec<ResultsFile> = names
        .iter()
        .zip(&texts)
        .map(|(name, text)| ResultsFile { name, text })
        .collect();
    let converted = results_to_json(&files, &ResultsOptions::default()).unwrap();
    let dataset = sweepmap::load_json(&converted.json).unwrap();
    // The dataset the reader gives, reported standard errors included, read back exactly.
    let loaded = load_results(&files, &ResultsOptions::default()).unwrap();
    assert_eq!(dataset, loaded.dataset);
    assert_eq!(converted.notes, loaded.notes);
    assert_eq!(
        converted.notes[0],
        "3 results files merged: 3 models x 6 tasks"
    );
    // Checked by hand against tests/fixtures/lm-eval/synthetic__model-a: arc_easy's
    // "acc,none": 0.7584175084175084, "acc_stderr,none": 0.008783247004042158.
    let x = dataset.x.position("arc_easy").unwrap();
    let y = dataset.y.position("synthetic/model-a").unwrap();
    let panel = &dataset.panels[0];
    assert_eq!(panel.grid.get(x, y).unwrap().mean, 0.7584175084175084);
    assert_eq!(
        panel.reported_errors[y * dataset.x.len() + x],
        Some(0.008783247004042158)
    );
    assert_eq!(
        (
            dataset.metric.name.as_str(),
            dataset.x.name.as_str(),
            dataset.y.name.as_str()
        ),
        ("acc", "task", "model")
    );
    assert!(converted.json.contains("\"standard_errors\": ["));

    // Errors are the reader's: the file, then the field of the original file.
    let broken = fixture('a').replace("\"acc,none\": 0.7584175084175084", "\"acc,none\": \"high\"");
    let error = results_to_json(
        &[ResultsFile {
            name: "results_a.json",
            text: &broken,
        }],
        &ResultsOptions::default(),
    )
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        "results_a.json: field \"results[\"arc_easy\"][\"acc,none\"]\": expected a number, \
         found \"high\""
    );
}

#[test]
fn standard_errors_in_sweepmap_json_are_checked_and_placed_by_axis_value() {
    let text = |errors: &str| {
        format!(
            r#"{{"metric": {{"name": "acc"}}, "x": {{"name": "n", "values": [2, 1]}},
                "y": {{"name": "m", "values": ["p", "q"]}},
                "panels": [{{"cells": [[0.5, 0.6], [0.7, null]], "standard_errors": {errors}}}]}}"#
        )
    };
    let dataset = sweepmap::load_json(&text("[[0.01, null], [0.03, 0.04]]")).unwrap();
    // The numeric x axis is sorted (1, 2): x = 2 is column 1.
    assert_eq!(dataset.x.labels, ["1", "2"]);
    assert_eq!(
        dataset.panels[0].reported_errors,
        [None, Some(0.01), Some(0.04), Some(0.03)]
    );
    let error = |errors: &str| sweepmap::load_json(&text(errors)).unwrap_err().to_string();
    assert_eq!(
        error("[[0.01, -1], [0.03, 0.04]]"),
        "field \"panels[0].standard_errors[0][1]\": expected a standard error (a number of at \
         least 0) or null"
    );
    assert_eq!(
        error("[[0.01], [0.03, 0.04]]"),
        "field \"panels[0].standard_errors[0]\": expected 2 values, shaped as the cells"
    );
    assert_eq!(
        error("[[0.01, 0.02]]"),
        "field \"panels[0].standard_errors\": expected 2 rows, shaped as the cells"
    );
    // And an export writes them back.
    assert_eq!(
        sweepmap::load_json(&sweepmap::to_json(&dataset)).unwrap(),
        dataset
    );
}

#[test]
fn each_importer_is_recognised_and_nothing_else_needs_one() {
    let samples = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(
        "tests/fixtures/lm-eval/synthetic__model-a/samples_arc_easy_2024-05-01T10-00-00.000000.jsonl",
    ))
    .unwrap();
    assert_eq!(importer_for(&fixture('a')), Some(Importer::LmEvalResults));
    assert_eq!(importer_for(&samples), Some(Importer::LmEvalSamples));
    assert_eq!(importer_for(TRICKY), Some(Importer::Table));
    assert_eq!(importer_for("\u{feff} [{\"a\": 1}]"), Some(Importer::Table));
    let bundled = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("www/data/kv-cache-sweep.json"),
    )
    .unwrap();
    for other in [bundled.as_str(), "lr,acc\n1,2\n", "{\"results\": {}}", ""] {
        assert_eq!(importer_for(other), None, "{other:.40}");
    }
    assert_eq!(Importer::LmEvalResults.name(), "lm-eval-results");
}

fn samples_fixture(model: char, task: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(format!(
        "tests/fixtures/lm-eval/synthetic__model-{model}/samples_{task}_2024-05-01T10-00-00.000000.jsonl"
    )))
    .expect("a committed fixture")
}

#[test]
fn a_samples_log_names_no_model_so_it_is_guessed_from_the_file_name() {
    use sweepmap::importers::guess_model;
    let date = "2024-05-01T10-00-00.000000";
    // The folder the harness writes into, its `__` read back as `/`.
    assert_eq!(
        guess_model(&format!("out/org__model-7b/samples_piqa_{date}.jsonl")),
        "org/model-7b"
    );
    // The text before `samples_` in the name.
    assert_eq!(
        guess_model(&format!("model-a__samples_piqa_{date}.jsonl")),
        "model-a"
    );
    // Else the run's date.
    assert_eq!(guess_model(&format!("samples_piqa_{date}.jsonl")), date);
    assert_eq!(guess_model("piqa.jsonl"), "piqa");
}

#[test]
fn samples_logs_convert_into_per_item_scores_the_pairwise_package_reads_back() {
    use sweepmap::importers::samples_to_json;
    use sweepmap::lm_eval::{load_samples, SamplesFile, SamplesOptions};
    let texts = [
        samples_fixture('a', "arc_easy"),
        samples_fixture('b', "arc_easy"),
    ];
    let names = [
        "synthetic__model-a/samples_arc_easy_2024-05-01T10-00-00.000000.jsonl",
        "samples_arc_easy_2024-05-01T10-00-00.000000.jsonl",
    ];
    let converted = samples_to_json(
        &[
            (names[0], None, &texts[0]),
            (names[1], Some("synthetic/model-b"), &texts[1]),
        ],
        &SamplesOptions::default(),
    )
    .unwrap();
    assert_eq!(
        converted.models,
        [
            (names[0].to_string(), "synthetic/model-a".to_string(), true),
            (names[1].to_string(), "synthetic/model-b".to_string(), false),
        ]
    );
    let read = sweepmap::pairwise::load_pairwise_json(&converted.json).unwrap();
    let direct = load_samples(
        &[
            SamplesFile {
                model: "synthetic/model-a",
                name: names[0],
                text: &texts[0],
            },
            SamplesFile {
                model: "synthetic/model-b",
                name: names[1],
                text: &texts[1],
            },
        ],
        &SamplesOptions::default(),
    )
    .unwrap();
    assert_eq!(
        read, direct,
        "the JSON reads back as the scores the reader gives"
    );
    assert_eq!(
        converted.notes,
        [
            "The samples logs do not name their models; guessed from the file names: \
          \"synthetic/model-a\" (from \"samples_arc_easy_2024-05-01T10-00-00.000000.jsonl\"). \
          To name a model, put it before \"samples_\" in the file's name \
          (model-a__samples_<task>_<date>.jsonl) and open the files again."
        ]
    );

    // Two logs of one task from one run: the same guess, told apart by number.
    let converted = samples_to_json(
        &[
            ("samples_arc_easy_2024.jsonl", None, &texts[0]),
            ("samples_arc_easy_2024.jsonl", None, &texts[1]),
        ],
        &SamplesOptions::default(),
    )
    .unwrap();
    let models: Vec<&str> = converted
        .models
        .iter()
        .map(|(_, m, _)| m.as_str())
        .collect();
    assert_eq!(models, ["2024", "2024 (2)"]);

    // One model alone is refused saying what to open; errors are the reader's, naming file and
    // line.
    let one = samples_to_json(&[(names[1], None, &texts[0])], &SamplesOptions::default());
    assert_eq!(
        one.unwrap_err().to_string(),
        "field \"files\": expected the samples logs of two or more models, to compare them item \
         by item, found one model (\"2024-05-01T10-00-00.000000\", guessed from \
         \"samples_arc_easy_2024-05-01T10-00-00.000000.jsonl\"); pick the logs of the other \
         models together with it"
    );
    let broken = texts[0].replacen('{', "{\"doc_id\": [", 1);
    let error = samples_to_json(
        &[("samples_arc_easy_x.jsonl", Some("m"), &broken)],
        &SamplesOptions::default(),
    )
    .unwrap_err()
    .to_string();
    assert_eq!(
        error,
        "samples_arc_easy_x.jsonl: JSON line 1, column 21: expected `,` or `]`"
    );
}

/// A results file that names no model (no `model_name`, an empty `model_args`): named after the
/// file, with the guess said and returned; `rename` gives it the reader's name (commas and all),
/// which the converted JSON draws, and a rename to another model's name is refused naming both.
#[test]
fn a_model_named_after_its_file_is_said_and_renamed() {
    let bare = fixture('a')
        .replace("\"model_name\": \"synthetic/model-a\",", "")
        .replace("pretrained=synthetic/model-a", "");
    assert!(
        !bare.contains("synthetic/model-a"),
        "the fixture names no model"
    );
    let b = fixture('b');
    let files = [
        ResultsFile {
            name: "run1/results.json",
            text: &bare,
        },
        ResultsFile {
            name: "b/results.json",
            text: &b,
        },
    ];
    let converted = results_to_json(&files, &ResultsOptions::default()).unwrap();
    assert_eq!(
        converted.models,
        [
            ("results.json".to_string(), true),
            ("synthetic/model-b".to_string(), false)
        ]
    );
    assert_eq!(
        converted.notes,
        [
            "2 results files merged: 2 models x 6 tasks",
            "model \"results.json\" is named after its file: the file names no model (no \
             model_name, no model_args); check it, and rename it if it is not the model's name"
        ]
    );

    let rename = |old: &str, new: &str| ResultsOptions {
        rename: vec![(old.to_string(), new.to_string())],
        ..Default::default()
    };
    let renamed = results_to_json(&files, &rename("results.json", "org/model-a, 7B")).unwrap();
    assert_eq!(
        renamed.models,
        [
            ("org/model-a, 7B".to_string(), false),
            ("synthetic/model-b".to_string(), false)
        ]
    );
    assert_eq!(
        renamed.notes,
        ["2 results files merged: 2 models x 6 tasks"]
    );
    let dataset = sweepmap::load_json(&renamed.json).unwrap();
    assert_eq!(dataset.y.labels, ["org/model-a, 7B", "synthetic/model-b"]);
    // The scores stay the model's: arc_easy of model-a, 0.7584175084175084 in the fixture.
    let x = dataset.x.position("arc_easy").unwrap();
    let y = dataset.y.position("org/model-a, 7B").unwrap();
    assert_eq!(
        dataset.panels[0].grid.get(x, y).unwrap().mean,
        0.7584175084175084
    );

    let clash = results_to_json(&files, &rename("results.json", "synthetic/model-b"));
    assert_eq!(
        clash.unwrap_err().to_string(),
        "field \"rename\": expected a name no other model has, found \"synthetic/model-b\" for \
         both model \"results.json\" and model \"synthetic/model-b\"; pick another name"
    );
    let empty = results_to_json(&files, &rename("results.json", ""));
    assert_eq!(
        empty.unwrap_err().to_string(),
        "field \"rename\": expected a new name for model \"results.json\", found an empty name"
    );
}

/// A samples log's guessed model renamed: the scores are under the new name, no longer
/// called guessed, and the notes say nothing of a guess.
#[test]
fn a_guessed_samples_model_is_renamed() {
    use sweepmap::importers::samples_to_json;
    use sweepmap::lm_eval::SamplesOptions;
    let texts = [
        samples_fixture('a', "arc_easy"),
        samples_fixture('b', "arc_easy"),
    ];
    let logs = [
        (
            "model-a__samples_arc_easy_2024.jsonl",
            None,
            texts[0].as_str(),
        ),
        (
            "model-b__samples_arc_easy_2024.jsonl",
            None,
            texts[1].as_str(),
        ),
    ];
    let options = SamplesOptions {
        rename: vec![("model-a".to_string(), "org/model-a".to_string())],
        ..Default::default()
    };
    let converted = samples_to_json(&logs, &options).unwrap();
    assert_eq!(
        converted.models,
        [
            (logs[0].0.to_string(), "org/model-a".to_string(), false),
            (logs[1].0.to_string(), "model-b".to_string(), true),
        ]
    );
    assert_eq!(
        converted.notes,
        [
            "The samples logs do not name their models; guessed from the file names: \
             \"model-b\" (from \"model-b__samples_arc_easy_2024.jsonl\"). To name a model, put \
             it before \"samples_\" in the file's name (model-a__samples_<task>_<date>.jsonl) \
             and open the files again."
        ]
    );
    let read = sweepmap::pairwise::load_pairwise_json(&converted.json).unwrap();
    assert_eq!(read.models(), ["org/model-a", "model-b"]);
}
