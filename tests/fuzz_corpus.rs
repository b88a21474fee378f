//! The committed fuzz corpora (`fuzz/corpus/TARGET/`) run through the same checks as the fuzz
//! targets (`fuzz/fuzz_targets/`), natively and without libFuzzer: no input panics, every one
//! gives a `Result`, whatever loads exports to JSON and loads back as itself, and its figure
//! exports to well-formed SVG and Markdown that keeps its structure (the checks the targets share,
//! tests/support/exports.rs). Also the
//! regressions the fuzzer found, each as a small input.
#![cfg(not(target_arch = "wasm32"))]

#[path = "support/exports.rs"]
mod exports;

use std::path::PathBuf;

use sweepmap::link::table::{format_table_link, read_table_link};
use sweepmap::link::{format_link, parse_link, DataKind, LinkContext};
use sweepmap::pairwise::{load_pairwise_csv, load_pairwise_json, PairwiseCsvOptions};
use sweepmap::{load_csv, load_json, to_csv, to_json, CsvOptions, Dataset};

/// What the sweep targets check of a dataset that loaded.
fn exports_and_reloads(dataset: &Dataset) -> Result<(), String> {
    let _ = to_csv(dataset);
    match load_json(&to_json(dataset)) {
        Ok(reloaded) if &reloaded == dataset => exports::check_sweep_exports(dataset),
        Ok(reloaded) => Err(format!("reloads as another dataset: {reloaded:?}")),
        Err(error) => Err(format!("its JSON export does not load: {error}")),
    }
}

/// Runs one input through a target's checks; `Err` says what broke.
fn check(target: &str, bytes: &[u8]) -> Result<(), String> {
    let text = String::from_utf8_lossy(bytes);
    match target {
        "sweep_csv" => load_csv(&text, &CsvOptions::default())
            .map_or(Ok(()), |dataset| exports_and_reloads(&dataset)),
        "sweep_json" => load_json(&text).map_or(Ok(()), |dataset| exports_and_reloads(&dataset)),
        "pairwise_csv" => load_pairwise_csv(&text, &PairwiseCsvOptions::default())
            .map_or(Ok(()), |dataset| exports::check_pairwise_exports(&dataset)),
        "pairwise_json" => load_pairwise_json(&text)
            .map_or(Ok(()), |dataset| exports::check_pairwise_exports(&dataset)),
        "link" => check_link(&text),
        other => Err(format!("no fuzz target {other}")),
    }
}

/// The link target's check: a link read and written again reads as the same view, for both
/// kinds of data, and its run-table keys as the same keys.
fn check_link(query: &str) -> Result<(), String> {
    let (table, _) = read_table_link(query);
    let written = format_table_link(&table);
    let (reread, notices) = read_table_link(&written);
    if reread != table || !notices.is_empty() {
        return Err(format!(
            "run-table keys written as {written:?} read back as {reread:?} with {notices:?}"
        ));
    }
    for kind in [DataKind::Sweep, DataKind::Pairwise] {
        let context = LinkContext {
            kind,
            ..LinkContext::default()
        };
        let parsed = parse_link(query, &context);
        let written = format_link(&parsed.state);
        let reread = parse_link(&written, &context);
        if reread.state != parsed.state || !reread.notices.is_empty() {
            return Err(format!(
                "{kind:?}: written as {written:?}, reads back as {:?} with {:?}",
                reread.state, reread.notices
            ));
        }
    }
    Ok(())
}

#[test]
fn every_committed_corpus_file_gives_a_result() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus");
    let mut failures = Vec::new();
    let mut counts = Vec::new();
    for target in [
        "sweep_csv",
        "sweep_json",
        "pairwise_csv",
        "pairwise_json",
        "link",
    ] {
        let folder = root.join(target);
        let entries = std::fs::read_dir(&folder).expect("the target's corpus is committed");
        let mut count = 0;
        for entry in entries {
            let path = entry.expect("a readable entry").path();
            let bytes = std::fs::read(&path).expect("a readable corpus file");
            if let Err(problem) = check(target, &bytes) {
                failures.push(format!("{}: {problem}", path.display()));
            }
            count += 1;
        }
        counts.push((target, count));
    }
    for (target, count) in &counts {
        assert!(*count >= 20, "{target} has only {count} corpus files");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn text_axis_values_that_read_as_equal_numbers_stay_two_categories() {
    // Found by fuzzing sweep_csv: "0.1" and ".10" are two categories of an axis that also has a
    // text value, but its JSON export did not load ("x.values[1]: ... \".10\" is").
    let csv = "model,benchmark,window,ratio,seed,accuracy\n\
               A,B,500,0.1,1,0.5\n\
               A,B,500,.10,2,0.6\n\
               A,B,500,low,1,0.7\n";
    let dataset = load_csv(csv, &CsvOptions::default()).expect("the CSV loads");
    assert_eq!(dataset.x.labels, ["0.1", ".10", "low"]);
    assert_eq!(check("sweep_csv", csv.as_bytes()), Ok(()));
    // On a numeric axis they are one value, in JSON as in CSV.
    let json = r#"{"metric": {"name": "m"}, "x": {"name": "x", "values": [0.1, ".10"]},
        "y": {"name": "y", "values": [1]}, "panels": [{"cells": [[1, 2]]}]}"#;
    assert_eq!(
        load_json(json).map(|_| ()).map_err(|e| e.to_string()),
        Err("field \"x.values[1]\": expected a value not already on the axis (\".10\" is)".into())
    );
}

#[test]
fn long_numbers_read_back_exactly() {
    // Found by fuzzing sweep_json: serde_json's fast float parsing read this x value 1 ulp off
    // (1.0000000000000001e125), so the export (written from it) read back as another number.
    let x = format!("{}0.3", "9".repeat(124));
    let json = format!(
        r#"{{"metric": {{"name": "m"}}, "x": {{"name": "x", "values": [0.1, {x}]}},
        "y": {{"name": "y", "values": [1]}}, "panels": [{{"cells": [[1, 2]]}}]}}"#
    );
    let dataset = load_json(&json).expect("the JSON loads");
    assert_eq!(dataset.x.values, Some(vec![0.1, 1e125]));
    assert_eq!(check("sweep_json", json.as_bytes()), Ok(()));
}

#[test]
fn a_negative_zero_axis_value_keeps_its_sign() {
    // Found by fuzzing sweep_csv: the label "-0" was exported as the JSON integer 0 and read
    // back as "0".
    let csv = "window,ratio,score\n-0,a,-00\n";
    let dataset = load_csv(csv, &CsvOptions::default()).expect("the CSV loads");
    assert_eq!(dataset.y.labels, ["-0"]);
    assert_eq!(check("sweep_csv", csv.as_bytes()), Ok(()));
}
