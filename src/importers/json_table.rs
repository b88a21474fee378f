//! The JSON table form: a run table as JSON, one object per run, for what a script writes by
//! hand or gets from pandas (`json.dumps(df.to_dict("records"))`, `df.to_json(orient="records")`):
//! - `[{"lr": 0.001, "seed": 0, "val_acc": 0.91}, ...]`, or
//! - `{"runs": [...], "roles": {"seed": "replicate"}}`, the roles as `openSweep`'s options name
//!   them (the options win over the file).
//!
//! [`table_from_json`] converts it into the CSV text of the same runs, which the run-table
//! reader opens (`open_sweep` with [`TableOptions::from_json`](crate::table::TableOptions)
//! set, so that its messages name runs by number as the JSON does: JSON has no line per run).
//! The conversion is exact: the CSV reads back as the same table, field for field:
//! - a number is written with the shortest digits that read back as the same `f64` (an integer
//!   as written, beyond 2^53 too), so numbers round-trip;
//! - a string is written as it is, quoted when it holds a comma, a quote or a line end, with one
//!   more `'` when the spreadsheet-safe rule of the CSV reader would otherwise take one off
//!   (`"=x"` is written `'=x` and read `=x`); a string that reads as a number is text in the
//!   JSON as in a CSV file: the column is numeric when every value reads as a number, and each
//!   level keeps the text first written (`"0.10"` stays `0.10`);
//! - `true` and `false` are the texts `true` and `false`; `null`, a missing key and the missing
//!   markers (`""`, `"NA"`, ...) are missing, as in a CSV run table;
//! - a run with every field missing is written with `NA` first, so that it stays a run (a blank
//!   CSV line is no record) and runs keep their numbers.
//!
//! Surrounding white space is not part of a value or a name, as in every CSV field; a name that
//! is blank, that two keys share once trimmed, or that holds a line end is an error naming it,
//! since no CSV header could hold it. Errors name the field by its path (`runs[3]["lr"]`,
//! `[3]["lr"]` in the array form), or the line and column of malformed JSON.

use serde_json::Value;

use crate::error::{excerpt, Error, Result};
use crate::hash::FastMap;
use crate::model::limits::{MAX_COLUMNS, MAX_RUNS};
use crate::model::records::CsvWriter;
use crate::model::CsvText;

/// The roles a JSON table may name, as `openSweep`'s options name them.
pub const ROLE_NAMES: [&str; 5] = ["parameter", "metric", "facet", "replicate", "ignore"];

/// A JSON run table converted: the CSV of its runs, one record per run in file order, and the
/// roles the file names (column, role), in the order written.
#[derive(Debug, Clone, PartialEq)]
pub struct ConvertedTable {
    pub csv: String,
    pub roles: Vec<(String, String)>,
}

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

/// The JSON parsed, its syntax errors placed by line and column.
fn parse(text: &str) -> Result<Value> {
    serde_json::from_str(text).map_err(|error| {
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
    })
}

/// The field path of a run's key, as messages name it.
fn field_path(path: &str, run: usize, name: &str) -> String {
    format!("{path}[{run}][\"{}\"]", excerpt(name))
}

/// Converts the JSON table form into the CSV of its runs and the roles it names: see the module
/// documentation for how each JSON value is written.
pub fn table_from_json(text: &str) -> Result<ConvertedTable> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let parsed = parse(text)?;
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
    let mut roles = Vec::new();
    match named {
        None | Some(Value::Null) => {}
        Some(Value::Object(named)) => {
            for (column, role) in named {
                match role.as_str() {
                    Some(role) if ROLE_NAMES.contains(&role) => {
                        roles.push((column.clone(), role.to_string()))
                    }
                    _ => {
                        return Err(invalid(
                            format!("roles[\"{}\"]", excerpt(column)),
                            "\"parameter\", \"metric\", \"facet\", \"replicate\" or \"ignore\"",
                        ))
                    }
                }
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
            way_out: crate::limits::JSON_RUNS_WAY_OUT,
        });
    }
    // The columns, in the order they are first written in the runs, each with the first run
    // that has it (for messages about its name).
    let start = if path.is_empty() {
        0
    } else {
        key_position(text, "runs", 0)
    };
    let mut names: Vec<(usize, &String, usize)> = Vec::new();
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
                        way_out: crate::limits::JSON_COLUMNS_WAY_OUT,
                    });
                }
                names.push((key_position(text, name, start), name, index));
            }
        }
    }
    crate::sort::sort_by(&mut names, |a, b| a.cmp(b));
    check_names(path, &names)?;

    let mut csv = CsvWriter::new(CsvText::SpreadsheetSafe);
    for (_, name, _) in &names {
        csv.field(name);
    }
    csv.end_record();
    let mut fields: Vec<String> = Vec::with_capacity(names.len());
    for (index, run) in runs.iter().enumerate() {
        fields.clear();
        for (_, name, _) in &names {
            let field = match run.get(name.as_str()) {
                None | Some(Value::Null) => String::new(),
                Some(Value::String(text)) => {
                    if text.contains('\u{fffd}') {
                        return Err(invalid(
                            field_path(path, index, name),
                            "text without the replacement character U+FFFD, which stands where \
                             text was not valid UTF-8; save the file as UTF-8",
                        ));
                    }
                    text.clone()
                }
                Some(Value::Bool(true)) => "true".to_string(),
                Some(Value::Bool(false)) => "false".to_string(),
                Some(Value::Number(value)) => crate::model::number_label(value).unwrap_or_default(),
                Some(_) => {
                    return Err(invalid(
                        field_path(path, index, name),
                        "a number, a string, true, false or null",
                    ))
                }
            };
            fields.push(field);
        }
        let every_missing = fields
            .iter()
            .all(|field| crate::model::tidy::is_missing_marker(field.trim()));
        if every_missing {
            // A blank record is no run: `NA` is missing too, and keeps the run in its place.
            if let Some(first) = fields.first_mut() {
                *first = "NA".to_string();
            }
        }
        for field in &fields {
            csv.field(field);
        }
        csv.end_record();
    }
    Ok(ConvertedTable {
        csv: csv.into_string(),
        roles,
    })
}

/// The column names a CSV header can hold: not blank, on one line, distinct once trimmed (the
/// CSV reader trims every field), and more than one (a header of one name reads as the wrong
/// delimiter).
fn check_names(path: &str, names: &[(usize, &String, usize)]) -> Result<()> {
    let mut trimmed: FastMap<&str, usize> = FastMap::default();
    for &(_, name, run) in names {
        let field = field_path(path, run, name);
        if name.trim().is_empty() {
            return Err(invalid(field, "a column name that is not blank"));
        }
        if name.contains(['\n', '\r']) {
            return Err(invalid(field, "a column name on one line"));
        }
        if trimmed.insert(name.trim(), run).is_some() {
            return Err(invalid(
                field,
                &format!(
                    "a column name other columns do not share once spaces around it are \
                     dropped (\"{}\")",
                    excerpt(name.trim())
                ),
            ));
        }
    }
    let found = match names {
        [] => "no column".to_string(),
        [(_, only, _)] => format!("one column \"{}\"", excerpt(only)),
        _ => return Ok(()),
    };
    Err(invalid(
        if path.is_empty() { "[0]" } else { "runs[0]" }.to_string(),
        &format!("runs with a metric and a parameter at least, found {found}"),
    ))
}
