//! The malformed-input corpus: every file in `tests/malformed/` is a broken input, and the file
//! beside it with `.expected` appended holds the exact error it must give. Add a case by dropping
//! in a file and its expectation. The loader is chosen by the name: `sweep-*.csv`,
//! `sweep-*.json`, `pairwise-*.csv`, `pairwise-*.json`, `table-*.csv` (a run table, its default
//! view projected), `lmeval-*.json` (an lm-evaluation-harness results file) and `lmeval-*.jsonl`
//! (a samples log, of a model called "model"). A run table's roles can be named in a file
//! beside it with `.roles` appended (`column=role` per line), and `table-notice-*.csv` cases
//! are files that open, with notices rather than an error: their expectation is the notices,
//! one per line (a file that opens without one fails). Files are read as bytes and decoded as a
//! browser's `File.text()` does (invalid UTF-8 becomes U+FFFD), since that is what reaches the
//! loaders from the page.
//!
//! To write the expectations of new cases (then read every one): `SWEEPMAP_BLESS=1 cargo test
//! --test malformed`.
#![cfg(not(target_arch = "wasm32"))]

mod expected;

use std::path::{Path, PathBuf};

use sweepmap::lm_eval::{
    load_results, load_samples, ResultsFile, ResultsOptions, SamplesFile, SamplesOptions,
};
use sweepmap::pairwise::{load_pairwise_csv, load_pairwise_json, PairwiseCsvOptions};
use sweepmap::table::{open_sweep, Role, TableOptions};
use sweepmap::{load_csv, load_json, CsvOptions};

/// The roles named beside a run-table case (`name.roles`: `column=role` per line), if any.
fn table_options(case: &Path) -> TableOptions {
    let mut options = TableOptions::default();
    let roles = format!("{}.roles", case.display());
    for line in std::fs::read_to_string(roles).unwrap_or_default().lines() {
        let (column, role) = line.split_once('=').expect("column=role");
        let role = Role::named(role.trim()).expect("a role's name");
        options.roles.insert(column.trim().to_string(), role);
    }
    options
}

fn load(name: &str, case: &Path, text: &str) -> Result<String, String> {
    let outcome = match (name.split('-').next(), Path::new(name).extension()) {
        (Some("sweep"), Some(ext)) if ext == "csv" => {
            load_csv(text, &CsvOptions::default()).map(|_| ())
        }
        (Some("sweep"), Some(ext)) if ext == "json" => load_json(text).map(|_| ()),
        (Some("pairwise"), Some(ext)) if ext == "csv" => {
            load_pairwise_csv(text, &PairwiseCsvOptions::default()).map(|_| ())
        }
        (Some("pairwise"), Some(ext)) if ext == "json" => load_pairwise_json(text).map(|_| ()),
        (Some("lmeval"), Some(ext)) if ext == "json" => {
            load_results(&[ResultsFile { name, text }], &ResultsOptions::default()).map(|_| ())
        }
        (Some("lmeval"), Some(ext)) if ext == "jsonl" => {
            let file = SamplesFile {
                model: "model",
                name,
                text,
            };
            load_samples(&[file], &SamplesOptions::default()).map(|_| ())
        }
        // A run table: opened, its default view projected.
        (Some("table"), Some(ext)) if ext == "csv" => {
            let opened = open_sweep(text, &table_options(case)).and_then(|sweep| {
                let projection = sweep.project(&sweep.default_view()?)?;
                Ok([sweep.notices, projection.notices].concat())
            });
            match opened {
                Ok(notices) if name.starts_with("table-notice-") && !notices.is_empty() => {
                    return Ok(notices.join("\n"))
                }
                other => other.map(|_| ()),
            }
        }
        _ => {
            return Err(format!(
                "{name}: name it sweep-*.csv|json, pairwise-*.csv|json, table-*.csv or \
                 lmeval-*.json|jsonl"
            ))
        }
    };
    match outcome {
        Ok(()) => Err(format!("{name} loaded, but it is in the malformed corpus")),
        Err(error) => Ok(error.to_string()),
    }
}

#[test]
fn every_malformed_input_gives_its_exact_error() {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/malformed");
    let cases = expected::cases(&folder, |ext| ext != "roles");
    let bless = expected::blessing();
    let mut failures = Vec::new();
    for (name, case) in &cases {
        let bytes = std::fs::read(case).expect("a readable case");
        let text = String::from_utf8_lossy(&bytes);
        let message = match load(name, case, &text) {
            Ok(message) => message,
            Err(problem) => {
                failures.push(problem);
                continue;
            }
        };
        expected::check(&folder, name, &message, bless, &mut failures);
    }
    assert!(cases.len() >= 40, "the corpus has {} cases", cases.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
