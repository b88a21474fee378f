//! The JSON table form: a run table as JSON, one object per run, for what a script writes by
//! hand or gets from pandas (`json.dumps(df.to_dict("records"))`, `df.to_json(orient="records")`):
//! - `[{"lr": 0.001, "seed": 0, "val_acc": 0.91}, ...]`, or
//! - `{"runs": [...], "roles": {"seed": "replicate"}}`, the roles as `openSweep`'s options name
//!   them (the options win over the file).
//!
//! A run's field is a number, a string, `true`, `false` or `null` (missing); a run without a
//! column has it missing. Columns come in the order they are first written. Unknown fields of
//! the object form are errors, as in every JSON form; errors name the field by its path
//! (`runs[3]["lr"]`, `[3]["lr"]` in the array form).

use serde_json::Value;

use super::{ColumnBuilder, NameMap, Role, RunTable};
use crate::error::{excerpt, Error, Result};
use crate::hash::FastMap;
use crate::model::limits::{MAX_COLUMNS, MAX_RUNS};

/// True for JSON text in the table form: an array at the top, or an object with `runs` (the
/// panel form has `panels`).
pub fn is_json_table(text: &str) -> bool {
    let text = text.trim_start_matches(|c: char| c == '\u{feff}' || c.is_whitespace());
    text.starts_with('[') || (text.starts_with('{') && text.contains("\"runs\""))
}

fn invalid(field: String, expected: &str) -> Error {
    Error::InvalidField {
        field,
        expected: expected.to_string(),
    }
}

/// Where a column's name first stands as a key in the text (serde_json's map sorts its keys,
/// and a table's columns keep the order they are written in).
fn key_position(text: &str, name: &str, mut from: usize) -> usize {
    let quoted = serde_json::to_string(name).unwrap_or_default();
    while let Some(found) = text.get(from..).and_then(|rest| rest.find(&quoted)) {
        let after = from + found + quoted.len();
        if text
            .get(after..)
            .unwrap_or_default()
            .trim_start()
            .starts_with(':')
        {
            return after;
        }
        from = after;
    }
    usize::MAX
}

/// Reads the JSON table form into a run table (its `lines` are run numbers, from 1) and the
/// roles the file names. The text is parsed as the panel form's cells are (one JSON reader in
/// the wasm), then checked field by field.
#[inline(never)]
pub(crate) fn read_json(text: &str) -> Result<(RunTable, NameMap<Role>)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let parsed: Value = serde_json::from_str(text).map_err(|error| {
        let message = error.to_string();
        let message = message.split(" at line ").next().unwrap_or_default();
        Error::Json {
            line: error.line(),
            column: error.column(),
            message: if message == "expected value" && text.contains("NaN") {
                "expected a value: NaN (as Python's json writes a missing number) is not JSON; \
                 write null (pandas: df.to_json(orient=\"records\"))"
                    .into()
            } else {
                message.to_string()
            },
        }
    })?;
    let (path, runs, named) = match &parsed {
        Value::Array(runs) => ("", runs, None),
        Value::Object(object) => {
            if let Some(unknown) = object.keys().find(|k| *k != "runs" && *k != "roles") {
                return Err(invalid(
                    excerpt(unknown),
                    "a field of the runs form (\"runs\" or \"roles\")",
                ));
            }
            match object.get("runs") {
                Some(Value::Array(runs)) => ("runs", runs, object.get("roles")),
                _ => return Err(invalid("runs".into(), "an array of runs, one object each")),
            }
        }
        _ => return Err(invalid(String::new(), "an array of runs, one object each")),
    };
    let mut roles = NameMap::new();
    match named {
        None | Some(Value::Null) => {}
        Some(Value::Object(named)) => {
            for (column, role) in named {
                let Some(role) = role.as_str().and_then(Role::named) else {
                    return Err(invalid(
                        format!("roles[\"{}\"]", excerpt(column)),
                        "\"parameter\", \"metric\", \"facet\", \"replicate\" or \"ignore\"",
                    ));
                };
                roles.insert(column.clone(), role);
            }
        }
        Some(_) => return Err(invalid("roles".into(), "an object: a role per column")),
    }
    if runs.is_empty() {
        return Err(invalid("runs".into(), "at least one run"));
    }
    if runs.len() > MAX_RUNS {
        return Err(Error::LimitExceeded {
            what: "runs in a run table".into(),
            count: runs.len(),
            limit: MAX_RUNS,
        });
    }
    // The columns, in the order they are first written in the runs.
    let start = if path.is_empty() {
        0
    } else {
        key_position(text, "runs", 0)
    };
    let mut names: Vec<(usize, &String)> = Vec::new();
    let mut seen: FastMap<String, usize> = FastMap::default();
    for (index, run) in runs.iter().enumerate() {
        let Value::Object(fields) = run else {
            return Err(invalid(
                format!("{path}[{index}]"),
                "a run: an object of column values",
            ));
        };
        for name in fields.keys() {
            if !seen.contains_key(name.as_str()) {
                seen.insert(name.clone(), names.len());
                if names.len() >= MAX_COLUMNS {
                    return Err(Error::LimitExceeded {
                        what: "columns in a run table (or more)".into(),
                        count: MAX_COLUMNS + 1,
                        limit: MAX_COLUMNS,
                    });
                }
                names.push((key_position(text, name, start), name));
            }
        }
    }
    crate::sort::sort_by(&mut names, |a, b| a.cmp(b));
    let mut columns = Vec::with_capacity(names.len());
    for (_, name) in &names {
        let mut column = ColumnBuilder::default();
        for (index, run) in runs.iter().enumerate() {
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
                Some(_) => {
                    return Err(invalid(
                        format!("{path}[{index}][\"{}\"]", excerpt(name)),
                        "a number, a string, true, false or null",
                    ))
                }
            };
            column.push(field);
        }
        columns.push(column.finish(name.to_string()));
    }
    let mut lines = Vec::with_capacity(runs.len());
    for run in 1..=runs.len() as u64 {
        lines.push(run);
    }
    let table = RunTable {
        columns,
        lines,
        json: true,
    };
    Ok((table, roles))
}
