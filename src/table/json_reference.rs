//! The reader of runs as JSON that the run tables had before the importers package (read
//! straight into a [`RunTable`], kept here as the reference): the importers' conversion into
//! CSV, read back with `from_json`, must give the same table for every JSON it generates (the
//! one difference, documented in README "JSON": a string's surrounding white space is not part
//! of the value, as in every CSV field; the generated strings have none).

use proptest::prelude::*;
use serde_json::Value;

use super::{ColumnBuilder, RunTable};

/// The old reader's table of the array form (its checks are the converter's, tested there).
fn read_reference(text: &str) -> RunTable {
    let runs = match serde_json::from_str::<Value>(text) {
        Ok(Value::Array(runs)) => runs,
        _ => panic!("generated JSON is an array"),
    };
    let mut names: Vec<(usize, String)> = Vec::new();
    for run in &runs {
        for name in run.as_object().expect("generated runs are objects").keys() {
            if !names.iter().any(|(_, known)| known == name) {
                let quoted = serde_json::to_string(name).unwrap();
                let position = text.find(&format!("{quoted}:")).unwrap_or(usize::MAX);
                names.push((position, name.clone()));
            }
        }
    }
    names.sort();
    let mut columns = Vec::new();
    for (_, name) in &names {
        let mut column = ColumnBuilder::default();
        for run in &runs {
            let number;
            let field = match run.get(name.as_str()) {
                None | Some(Value::Null) => "",
                Some(Value::String(text)) => text,
                Some(Value::Bool(true)) => "true",
                Some(Value::Bool(false)) => "false",
                Some(Value::Number(value)) => {
                    number = crate::model::number_label(value).unwrap_or_default();
                    &number
                }
                Some(_) => panic!("generated fields are scalars"),
            };
            column.push(field);
        }
        columns.push(column.finish(name.clone()));
    }
    RunTable {
        columns,
        lines: (1..=runs.len() as u64).collect(),
        json: true,
    }
}

/// The converter's table: the CSV read back as `open_sweep` reads it with `from_json`.
fn read_converted(text: &str) -> Option<RunTable> {
    let converted = crate::importers::table_from_json(text).ok()?;
    let mut table = RunTable::read_csv(&converted.csv).expect("the converted CSV reads");
    table.json = true;
    for (run, line) in table.lines.iter_mut().enumerate() {
        *line = run as u64 + 1;
    }
    Some(table)
}

fn value() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        prop::num::f64::NORMAL.prop_map(Value::from),
        (-1000i32..1000, 0u32..4)
            .prop_map(|(m, e)| Value::from(f64::from(m) / 10f64.powi(e as i32))),
        // Text with what CSV must quote or escape, and text that reads as a number or missing.
        "[a-z0-9=+@'\",.\n-]{0,6}".prop_map(|text| Value::String(text.trim().to_string())),
        prop::sample::select(vec![
            "0.10", "1e3", "NA", "-", "none", "'-x", "''=y", "007", "true"
        ])
        .prop_map(|text| Value::String(text.to_string())),
    ]
}

fn runs() -> impl Strategy<Value = String> {
    let names = prop::sample::select(vec!["lr", "opt", "acc", "=x", "a,b", "q\"t", "é"]);
    let run = prop::collection::vec((names, value()), 0..5).prop_map(|fields| {
        Value::Object(
            fields
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
        )
    });
    prop::collection::vec(run, 1..7).prop_map(|runs| Value::Array(runs).to_string())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn the_converted_csv_reads_back_as_the_json_read_directly(text in runs()) {
        if let Some(converted) = read_converted(&text) {
            prop_assert_eq!(converted, read_reference(&text), "{}", text);
        }
    }
}
