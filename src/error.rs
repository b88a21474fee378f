//! One error type for everything a user can get wrong.
//!
//! `Display` is the user-facing message: it names where (line, column, field) and what was
//! expected, in plain words, so the page can show it as it is. Line numbers are 1-based and count
//! physical lines of the file, header included.

use std::fmt;

/// Everything that can go wrong when loading, validating or querying a dataset.
#[derive(Debug, Clone, PartialEq)]
pub enum Error {
    /// The input holds no data at all (nothing, or only blank lines).
    Empty,
    /// A JSON input holds nothing.
    EmptyJson,
    /// The input is binary data, not text.
    NotText,
    /// The input is a web page (HTML), not data; `fetched` when it came from an address.
    WebPage { fetched: bool },
    /// A CSV file has a header but no data rows.
    NoRows,
    /// The CSV reader could not read a record (bad quoting, invalid UTF-8, ...).
    Csv { line: u64, message: String },
    /// A row has a different number of fields than the header.
    RaggedRow {
        line: u64,
        expected: usize,
        found: usize,
    },
    /// Two header fields have the same name.
    DuplicateColumn { name: String },
    /// A column named for a role (explicitly or in JSON) is not in the header.
    MissingColumn {
        role: &'static str,
        name: String,
        available: Vec<String>,
    },
    /// Inference could not decide which column plays a role.
    AmbiguousRole {
        role: &'static str,
        candidates: Vec<String>,
        hint: String,
    },
    /// No column can play a role that every dataset needs.
    NoCandidate { role: &'static str, hint: String },
    /// A field that must be a number is not one.
    NotANumber {
        line: u64,
        column: String,
        value: String,
    },
    /// A field that must name something (an axis value, a model) is empty.
    EmptyField { line: u64, column: String },
    /// A number that is infinite or NaN.
    NonFinite {
        line: u64,
        column: String,
        value: String,
    },
    /// Two rows measure the same cell and nothing tells them apart as replicates.
    DuplicateCell {
        first_line: u64,
        second_line: u64,
        cell: String,
    },
    /// A per-item score outside [0, 1] (pairwise comparisons).
    ScoreOutOfRange {
        line: u64,
        column: String,
        value: String,
    },
    /// Two rows score the same item for the same model (pairwise comparisons).
    DuplicateScore {
        first_line: u64,
        second_line: u64,
        item: String,
        group: Option<String>,
        model: String,
    },
    /// The JSON text is not valid JSON, or does not have the expected shape.
    Json {
        line: usize,
        column: usize,
        message: String,
    },
    /// A field holds a value that is not allowed.
    InvalidField { field: String, expected: String },
    /// A drawing backend failed (a canvas that went away, an SVG that could not be written).
    Drawing { message: String },
    /// The data ask for more panels or cells than sweepmap's limits allow (see `model::limits`).
    LimitExceeded {
        what: String,
        count: usize,
        limit: usize,
    },
    /// A name (model, benchmark, axis value, colour map, ...) that the dataset does not have.
    Unknown {
        what: &'static str,
        name: String,
        known: Vec<String>,
    },
}

/// Result alias used throughout sweepmap.
pub type Result<T> = std::result::Result<T, Error>;

/// 1234567 -> "1,234,567": counts in messages about limits.
fn grouped(count: usize) -> String {
    let digits = count.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

fn quoted_list(names: &[String]) -> String {
    names
        .iter()
        .map(|name| format!("\"{name}\""))
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Empty => write!(f, "the file is empty: expected a header line and data rows"),
            Error::NotText => write!(
                f,
                "the file holds binary data (NUL bytes): expected CSV or JSON text"
            ),
            Error::WebPage { fetched: false } => write!(
                f,
                "this is a web page (HTML), not a CSV or JSON file; open the raw file instead (on GitHub, its \"Raw\" button)"
            ),
            Error::WebPage { fetched: true } => write!(
                f,
                "it sent a web page (HTML), not a CSV or JSON file; link to the raw file instead (on GitHub, its \"Raw\" button)"
            ),
            Error::EmptyJson => write!(f, "the file is empty: expected a JSON dataset object"),
            Error::NoRows => write!(f, "the file has a header but no data rows"),
            Error::Csv { line, message } => write!(f, "line {line}: {message}"),
            Error::RaggedRow {
                line,
                expected,
                found,
            } => write!(
                f,
                "line {line}: expected {expected} fields like the header, found {found}"
            ),
            Error::DuplicateColumn { name } => {
                write!(f, "the header names column \"{name}\" twice")
            }
            Error::MissingColumn {
                role,
                name,
                available,
            } => write!(
                f,
                "no column \"{name}\" for the {role}; the columns are {}",
                quoted_list(available)
            ),
            Error::AmbiguousRole {
                role,
                candidates,
                hint,
            } => write!(
                f,
                "cannot tell which column is the {role}: candidates are {}; {hint}",
                quoted_list(candidates)
            ),
            Error::NoCandidate { role, hint } => write!(f, "no column can be the {role}; {hint}"),
            Error::NotANumber {
                line,
                column,
                value,
            } => write!(
                f,
                "line {line}, column \"{column}\": expected a number, found \"{value}\""
            ),
            Error::EmptyField { line, column } => write!(
                f,
                "line {line}, column \"{column}\": expected a value, found an empty field"
            ),
            Error::NonFinite {
                line,
                column,
                value,
            } => write!(
                f,
                "line {line}, column \"{column}\": expected a finite number, found \"{value}\""
            ),
            Error::DuplicateCell {
                first_line,
                second_line,
                cell,
            } => write!(
                f,
                "lines {first_line} and {second_line} both measure {cell}; \
                 add a replicate column (seed, run or sample) if they are repeated measurements"
            ),
            Error::ScoreOutOfRange {
                line,
                column,
                value,
            } => write!(
                f,
                "line {line}, column \"{column}\": expected a score between 0 and 1, found {value}"
            ),
            Error::DuplicateScore {
                first_line,
                second_line,
                item,
                group,
                model,
            } => {
                write!(
                    f,
                    "lines {first_line} and {second_line} both score model \"{model}\" on item \"{item}\""
                )?;
                if let Some(group) = group {
                    write!(f, " of group \"{group}\"")?;
                }
                write!(f, "; expected one score per item and model")
            }
            Error::Json {
                line,
                column,
                message,
            } => write!(f, "JSON line {line}, column {column}: {message}"),
            Error::InvalidField { field, expected } => {
                write!(f, "field \"{field}\": expected {expected}")
            }
            Error::LimitExceeded { what, count, limit } => write!(
                f,
                "the data need {} {what}; the limit is {}",
                grouped(*count),
                grouped(*limit)
            ),
            Error::Drawing { message } => write!(f, "could not draw the figure: {message}"),
            Error::Unknown { what, name, known } => {
                if known.is_empty() {
                    write!(f, "unknown {what}: \"{name}\"")
                } else {
                    write!(
                        f,
                        "unknown {what}: \"{name}\"; expected one of {}",
                        quoted_list(known)
                    )
                }
            }
        }
    }
}

impl std::error::Error for Error {}
