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
    /// A run table's field that must be a number (its metric's) is not one: as
    /// [`Error::NotANumber`], with a way out a run table has (the column's role).
    NotANumberInTable {
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
    /// A number too close to zero for a double (nonzero digits that would read as 0), refused
    /// as a number too large is.
    Underflow {
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
    /// More runs than a run table holds in a browser tab ([`crate::limits::MAX_RUNS`]): the
    /// count (`or_more` when reading stopped at the limit) and the way out, reducing the runs
    /// where they live to a configuration table (README "Larger than a tab").
    #[cfg(feature = "tables")]
    TooManyRuns { count: usize, or_more: bool },
    /// A name (model, benchmark, axis value, colour map, ...) that the dataset does not have.
    Unknown {
        what: &'static str,
        name: String,
        known: Vec<String>,
    },
    /// An error in one of several files loaded together: the file's name, then the error's
    /// message (kept as text: a boxed error would bring recursive clone, compare and drop code
    /// into the wasm).
    InFile { file: String, message: String },
}

/// Result alias used throughout sweepmap.
pub type Result<T> = std::result::Result<T, Error>;

/// A count with commas between groups of three digits, as the page writes counts (in messages
/// about limits, what a run table says about itself, the figures' text): 1234567 -> "1,234,567".
pub fn grouped(count: usize) -> String {
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

/// A grouped count and its noun, singular for one: "1 benchmark", "1,001 models". The one way
/// the messages, the figures' text and the run tables count things.
pub fn counted(count: usize, noun: &str) -> String {
    let s = if count == 1 { "" } else { "s" };
    format!("{} {noun}{s}", grouped(count))
}

/// Longest name or value quoted in a message, in characters; longer ones are cut (see
/// [`excerpt`]) so that a message stays a line or two whatever the data hold.
const NAME_LIMIT: usize = 60;
/// Names a message lists before "and N more", when the whole list would be longer than
/// [`WHOLE_LIST`]: a 10,000-column header gives eight names.
const LIST_LIMIT: usize = 8;
/// Characters up to which a list is given whole (the 19 colour maps are 180).
const WHOLE_LIST: usize = 250;
/// Longest sentence a message carries in a free-form part (a reader's message, a hint, what
/// a field expects), in characters. The parts that quote data cut it themselves; this bounds
/// the rest (a JSON parser's message quoting a key of a megabyte).
const SENTENCE_LIMIT: usize = 600;

/// Text cut to `limit` characters, "..." marking the cut.
fn cut(text: &str, limit: usize) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(limit) {
        None => text.into(),
        Some((end, _)) => format!("{}...", text.get(..end).unwrap_or_default()).into(),
    }
}

/// A name or value for a message: long text is cut so that an error stays one readable line.
pub(crate) fn excerpt(text: &str) -> String {
    cut(text, NAME_LIMIT).into_owned()
}

/// Names as a quoted list for a message: `"a", "b"`, whole when that is short (up to
/// [`WHOLE_LIST`] characters), else the first [`LIST_LIMIT`] and "and 9,992 more"; each name
/// cut as [`excerpt`] cuts it.
pub(crate) fn quoted_list(names: &[String]) -> String {
    // Each name costs its characters, two quotes and ", ": stop counting once past the limit.
    let mut length = 0;
    let whole = names.iter().all(|name| {
        length += name.chars().take(WHOLE_LIST).count() + 4;
        length <= WHOLE_LIST + 2
    });
    let shown = if whole { names.len() } else { LIST_LIMIT };
    let mut out = String::new();
    for (index, name) in names.iter().take(shown).enumerate() {
        if index > 0 {
            out.push_str(", ");
        }
        out.push('"');
        out.push_str(&cut(name, NAME_LIMIT));
        out.push('"');
    }
    if names.len() > shown {
        out.push_str(&format!(" and {} more", grouped(names.len() - LIST_LIMIT)));
    }
    out
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Every part that can hold data is bounded here, whoever built the error: names and
        // values to a few dozen characters, sentences to a few hundred, lists to a few names.
        let name = |text: &str| cut(text, NAME_LIMIT).into_owned();
        let sentence = |text: &str| cut(text, SENTENCE_LIMIT).into_owned();
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
            Error::Csv { line, message } => write!(f, "line {line}: {}", sentence(message)),
            Error::RaggedRow {
                line,
                expected,
                found,
            } => write!(
                f,
                "line {line}: expected {expected} fields like the header, found {found}"
            ),
            Error::DuplicateColumn { name: column } => {
                write!(f, "the header names column \"{}\" twice", name(column))
            }
            Error::MissingColumn {
                role,
                name: column,
                available,
            } => write!(
                f,
                "no column \"{}\" for the {role}; the columns are {}",
                name(column),
                quoted_list(available)
            ),
            Error::AmbiguousRole {
                role,
                candidates,
                hint,
            } => write!(
                f,
                "cannot tell which column is the {role}: candidates are {}; {}",
                quoted_list(candidates),
                sentence(hint)
            ),
            Error::NoCandidate { role, hint } => {
                write!(f, "no column can be the {role}; {}", sentence(hint))
            }
            Error::NotANumber {
                line,
                column,
                value,
            } => write!(
                f,
                "line {line}, column \"{}\": expected a number, found \"{}\"; fix that cell in \
                 the file",
                name(column),
                name(value)
            ),
            Error::NotANumberInTable {
                line,
                column,
                value,
            } => write!(
                f,
                "line {line}, column \"{}\": expected a number, found \"{}\"; fix that cell in \
                 the file, or ignore the column (its role in the column panel, or the roles \
                 option)",
                name(column),
                name(value)
            ),
            Error::EmptyField { line, column } => write!(
                f,
                "line {line}, column \"{}\": expected a value, found an empty field",
                name(column)
            ),
            Error::NonFinite {
                line,
                column,
                value,
            } => write!(
                f,
                "line {line}, column \"{}\": expected a finite number, found \"{}\"",
                name(column),
                name(value)
            ),
            Error::Underflow {
                line,
                column,
                value,
            } => write!(
                f,
                "line {line}, column \"{}\": expected 0 or a number at least 5e-324 in size, \
                 found \"{}\"",
                name(column),
                name(value)
            ),
            Error::DuplicateCell {
                first_line,
                second_line,
                cell,
            } => write!(
                f,
                "lines {first_line} and {second_line} both measure {}; \
                 add a replicate column (seed, run or sample) if they are repeated measurements",
                sentence(cell)
            ),
            Error::ScoreOutOfRange {
                line,
                column,
                value,
            } => write!(
                f,
                "line {line}, column \"{}\": expected a score between 0 and 1, found {}",
                name(column),
                name(value)
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
                    "lines {first_line} and {second_line} both score model \"{}\" on item \"{}\"",
                    name(model),
                    name(item)
                )?;
                if let Some(group) = group {
                    write!(f, " of group \"{}\"", name(group))?;
                }
                write!(f, "; expected one score per item and model")
            }
            Error::Json {
                line,
                column,
                message,
            } => write!(
                f,
                "JSON line {line}, column {column}: {}",
                sentence(message)
            ),
            Error::InvalidField { field, expected } => {
                write!(
                    f,
                    "field \"{}\": expected {}",
                    sentence(field),
                    sentence(expected)
                )
            }
            #[cfg(feature = "tables")]
            Error::TooManyRuns { count, or_more } => write!(
                f,
                "the data need {}{} runs in a run table; the limit is {} (what a browser tab \
                 holds): reduce the runs where they live to one row per configuration, e.g. \
                 python -m sweepmap reduce FILE --metric M -o runs.csv, and open runs.csv \
                 (README \"Larger than a tab\")",
                grouped(*count),
                if *or_more { " or more" } else { "" },
                grouped(crate::limits::MAX_RUNS)
            ),
            Error::LimitExceeded { what, count, limit } => write!(
                f,
                "the data need {} {}; the limit is {}",
                grouped(*count),
                sentence(what),
                grouped(*limit)
            ),
            Error::Drawing { message } => {
                write!(f, "could not draw the figure: {}", sentence(message))
            }
            Error::Unknown {
                what,
                name: given,
                known,
            } => {
                write!(f, "unknown {what}: \"{}\"", name(given))?;
                if !known.is_empty() {
                    write!(f, "; expected one of {}", quoted_list(known))?;
                }
                Ok(())
            }
            Error::InFile { file, message } => {
                write!(f, "{}: {}", name(file), sentence(message))
            }
        }
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_give_eight_names_and_the_count_of_the_others() {
        let names =
            |count: usize| -> Vec<String> { (1..=count).map(|i| format!("m{i}")).collect() };
        assert_eq!(quoted_list(&names(0)), "");
        assert_eq!(quoted_list(&names(2)), "\"m1\", \"m2\"");
        assert_eq!(
            quoted_list(&names(8)),
            "\"m1\", \"m2\", \"m3\", \"m4\", \"m5\", \"m6\", \"m7\", \"m8\""
        );
        // Short lists are given whole.
        assert_eq!(quoted_list(&names(30)).matches('"').count(), 60);
        assert_eq!(
            quoted_list(&names(50)),
            "\"m1\", \"m2\", \"m3\", \"m4\", \"m5\", \"m6\", \"m7\", \"m8\" and 42 more"
        );
        let long: Vec<String> = (1..=9).map(|i| format!("{i}{}", "x".repeat(30))).collect();
        assert!(quoted_list(&long).ends_with("xxx\" and 1 more"));
        let error = Error::Unknown {
            what: "model",
            name: "m0".into(),
            known: names(10_000),
        };
        assert_eq!(
            error.to_string(),
            "unknown model: \"m0\"; expected one of \"m1\", \"m2\", \"m3\", \"m4\", \"m5\", \
             \"m6\", \"m7\", \"m8\" and 9,992 more"
        );
        for count in [0, 1, 7, 8, 9, 100] {
            let length = quoted_list(&vec!["y".repeat(100_000); count])
                .chars()
                .count();
            assert!(length <= 8 * 67 + 20, "{count} names: {length} characters");
        }
    }

    /// Every kind of error, with a megabyte of text in every field that can hold data and
    /// 100,000 names of 100 characters in every list, gives a message of a few lines.
    #[test]
    fn every_message_is_bounded() {
        let long = "z".repeat(1_000_000);
        let many = vec!["n".repeat(100); 100_000];
        let errors = [
            Error::Csv {
                line: 1,
                message: long.clone(),
            },
            Error::DuplicateColumn { name: long.clone() },
            Error::MissingColumn {
                role: "value",
                name: long.clone(),
                available: many.clone(),
            },
            Error::AmbiguousRole {
                role: "value",
                candidates: many.clone(),
                hint: long.clone(),
            },
            Error::NoCandidate {
                role: "value",
                hint: long.clone(),
            },
            Error::NotANumber {
                line: 1,
                column: long.clone(),
                value: long.clone(),
            },
            Error::EmptyField {
                line: 1,
                column: long.clone(),
            },
            Error::NonFinite {
                line: 1,
                column: long.clone(),
                value: long.clone(),
            },
            Error::Underflow {
                line: 1,
                column: long.clone(),
                value: long.clone(),
            },
            Error::DuplicateCell {
                first_line: 1,
                second_line: 2,
                cell: long.clone(),
            },
            Error::ScoreOutOfRange {
                line: 1,
                column: long.clone(),
                value: long.clone(),
            },
            Error::DuplicateScore {
                first_line: 1,
                second_line: 2,
                item: long.clone(),
                group: Some(long.clone()),
                model: long.clone(),
            },
            Error::Json {
                line: 1,
                column: 1,
                message: long.clone(),
            },
            Error::InvalidField {
                field: long.clone(),
                expected: long.clone(),
            },
            Error::Drawing {
                message: long.clone(),
            },
            Error::LimitExceeded {
                what: long.clone(),
                count: usize::MAX,
                limit: 1,
            },
            Error::Unknown {
                what: "model",
                name: long.clone(),
                known: many.clone(),
            },
            Error::InFile {
                file: long.clone(),
                message: Error::Unknown {
                    what: "model",
                    name: long.clone(),
                    known: many,
                }
                .to_string(),
            },
        ];
        for error in errors {
            let length = error.to_string().chars().count();
            assert!(length <= 1_400, "{length} characters: {error:?}");
        }
    }

    #[test]
    fn cuts_fall_between_characters() {
        assert_eq!(excerpt(&"é".repeat(61)), format!("{}...", "é".repeat(60)));
        assert_eq!(excerpt(&"é".repeat(60)), "é".repeat(60));
    }
}
