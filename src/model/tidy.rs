//! Tidy CSV reading shared by every loader: the delimiter, rows with their physical line
//! numbers, the header checks, the missing-value markers and the helpers that match column
//! names and keep error messages short.
//!
//! Records are read with csv-core ([`RecordReader`]), which numbers physical lines itself.

use super::records::{unprotect_field, RecordReader};
use crate::error::{Error, Result};
use crate::hash::FastMap;

/// Fields that mean "no value": empty, `NA`, `N/A`, `null`, `None`, `-` (any case).
pub(crate) const MISSING_MARKERS: &[&str] = &["", "na", "n/a", "null", "none", "-"];

/// Lowercase letters, digits and `@` only: "Local Window Size" -> "localwindowsize".
pub(crate) fn normalize(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars().filter(|c| c.is_alphanumeric() || *c == '@') {
        crate::text::push_lower(&mut out, c);
    }
    out
}

/// True when a column name, normalised, is one of `names`.
pub(crate) fn is_named_like(name: &str, names: &[&str]) -> bool {
    names.contains(&normalize(name).as_str())
}

/// True for a field that marks a missing value.
pub(crate) fn is_missing_marker(field: &str) -> bool {
    MISSING_MARKERS.contains(&field.trim().to_ascii_lowercase().as_str())
}

pub(crate) use crate::error::{excerpt, quoted_list as quoted};

/// Advice for columns that inference should not consider: what the file can do about them.
pub(crate) const RENAME_OR_REMOVE: &str = "remove the others from the file (or rename them to \
     names that are ignored, such as notes or comment)";

/// The second half of the advice for a role that inference could not settle. The explorer has
/// no control that names column roles, so every such message first says what to change in the
/// file; this adds what code that loads the file can pass instead: `{x: "ratio"}` as the
/// `roles` option. `what` is "it" or "them"; `example` the option's fields.
pub(crate) fn in_code(what: &str, example: &str) -> String {
    format!("from code, name {what} with the roles option, e.g. {{{example}}}")
}

/// `role: "name"`, a field of a roles option for [`in_code`], the name cut for a message.
pub(crate) fn role_field(role: &str, name: &str) -> String {
    format!("{role}: \"{}\"", excerpt(name))
}

/// Picks the delimiter from the header line: a comma unless the header has none and has tabs
/// or semicolons.
pub(crate) fn detect_delimiter(text: &str) -> u8 {
    let header = text.lines().next().unwrap_or_default();
    if header.contains(',') {
        b','
    } else if header.contains('\t') {
        b'\t'
    } else if header.contains(';') {
        b';'
    } else {
        b','
    }
}

/// A field as the loaders read it: trimmed, and without the `'` that a spreadsheet-safe export
/// put before text a spreadsheet would evaluate (see `records`).
pub(crate) fn field_text(field: &str) -> &str {
    unprotect_field(field.trim())
}

/// The header's names as [`field_text`] reads them, or the error for an empty header, a single
/// column (the wrong delimiter, most likely), an unnamed column or a name given twice. The slice
/// reader both CSV loaders share (`chunked::SliceReader`) checks every header with it.
pub(crate) fn check_header<'a>(fields: impl IntoIterator<Item = &'a str>) -> Result<Vec<String>> {
    let mut header: Vec<String> = Vec::new();
    for name in fields {
        header.push(field_text(name).to_string());
    }
    if header.iter().all(String::is_empty) {
        return Err(Error::Empty);
    }
    if let [only] = header.as_slice() {
        return Err(Error::InvalidField {
            field: "header".into(),
            expected: format!(
                "columns separated by commas, tabs or semicolons, found one column \"{}\"",
                excerpt(only)
            ),
        });
    }
    // A set of the names seen: comparing each with every earlier one took minutes for a
    // header of 100,000 columns.
    let mut seen: FastMap<&str, ()> = FastMap::default();
    for (index, name) in header.iter().enumerate() {
        if name.is_empty() {
            return Err(Error::InvalidField {
                field: format!("header, column {}", index + 1),
                expected: "a column name".into(),
            });
        }
        if seen.insert(name, ()).is_some() {
            return Err(Error::DuplicateColumn { name: name.clone() });
        }
    }
    Ok(header)
}

/// Checks a data row against the header: `false` for a row to skip (every field blank), else
/// the row's error, if any: a field count other than the header's (a quote that never closed,
/// when a field swallowed line ends) or text that was not UTF-8. The slice reader
/// both CSV loaders share checks every row with it.
pub(crate) fn check_row(header: &[String], line: u64, fields: &[String]) -> Result<bool> {
    if fields.iter().all(|field| field.trim().is_empty()) {
        return Ok(false);
    }
    if fields.len() != header.len() {
        // A field that swallowed line ends is a quote that never closed.
        if fields.iter().any(|field| field.contains('\n')) {
            return Err(unclosed_quote(line));
        }
        return Err(Error::RaggedRow {
            line,
            expected: header.len(),
            found: fields.len(),
        });
    }
    // Text decoded from another encoding as UTF-8 carries replacement characters.
    if let Some(column) = fields.iter().position(|field| field.contains('\u{fffd}')) {
        return Err(Error::Csv {
            line,
            message: format!(
                "column \"{}\": the text is not valid UTF-8 here; save the file as UTF-8",
                excerpt(header.get(column).map_or("", String::as_str))
            ),
        });
    }
    Ok(true)
}

/// A quoted field that opens on `line` and is never closed (the text ends inside it, or its
/// closing quote is missing and a later quote closed it instead).
pub(crate) fn unclosed_quote(line: u64) -> Error {
    Error::Csv {
        line,
        message: "a quoted field opens here and is never closed".into(),
    }
}

/// The first record of `text` (its header), read as CSV with `delimiter`.
pub(crate) fn first_record(text: &str, delimiter: u8) -> Vec<String> {
    let mut reader = RecordReader::new(delimiter);
    let mut input = text.as_bytes();
    reader
        .next_record(&mut input)
        .or_else(|| reader.next_record(&mut &[][..]))
        .map(|(_, fields)| fields)
        .unwrap_or_default()
}

/// The column named for a role, matched exactly (as given, or trimmed: a name that starts with
/// a tab is read from its escaped form, which `field_text` does not trim), else trimmed and
/// ignoring ASCII case.
pub(crate) fn find_column(header: &[String], role: &'static str, name: &str) -> Result<usize> {
    let wanted = name.trim();
    header
        .iter()
        .position(|column| column == name)
        .or_else(|| header.iter().position(|column| column == wanted))
        .or_else(|| {
            header
                .iter()
                .position(|column| column.eq_ignore_ascii_case(wanted))
        })
        .ok_or_else(|| Error::MissingColumn {
            role,
            name: name.to_string(),
            available: header.to_vec(),
        })
}

/// The explicitly named column for a role, or the single free column whose name fits it.
/// `fits` is a `dyn` reference: one copy of this function serves every role and loader.
pub(crate) fn find_role(
    header: &[String],
    explicit: &Option<String>,
    role: &'static str,
    fits: &dyn Fn(&str) -> bool,
    taken: &[usize],
) -> Result<Option<usize>> {
    if let Some(name) = explicit {
        return find_column(header, role, name).map(Some);
    }
    let all: Vec<usize> = (0..header.len()).collect();
    let matches = columns_where(&all, &|index| {
        !taken.contains(&index) && fits(header.get(index).map_or("", String::as_str))
    });
    match matches.as_slice() {
        [] => Ok(None),
        [one] => Ok(Some(*one)),
        many => Err(Error::AmbiguousRole {
            role,
            candidates: names_of(header, many),
            hint: format!(
                "keep one of them and {RENAME_OR_REMOVE}; {}",
                in_code(
                    "it",
                    &role_field(
                        role,
                        many.first().and_then(|&i| header.get(i)).map_or("", |n| n)
                    )
                )
            ),
        }),
    }
}

/// [`find_role`] for a role whose column is named like one of `names` ([`is_named_like`]); the
/// column found is added to `taken`, so that no later role takes it.
pub(crate) fn claim_named_role(
    header: &[String],
    explicit: &Option<String>,
    role: &'static str,
    names: &[&str],
    taken: &mut Vec<usize>,
) -> Result<Option<usize>> {
    let found = find_role(
        header,
        explicit,
        role,
        &|name| is_named_like(name, names),
        taken,
    )?;
    taken.extend(found);
    Ok(found)
}

/// The columns of `columns` that `keep` keeps, in order. A plain loop behind a `dyn` test: role
/// inference filters column lists a dozen ways, and each `filter().collect()` would compile its
/// own iterator code.
pub(crate) fn columns_where(columns: &[usize], keep: &dyn Fn(usize) -> bool) -> Vec<usize> {
    let mut kept = Vec::new();
    for &column in columns {
        if keep(column) {
            kept.push(column);
        }
    }
    kept
}

/// The names of columns, for messages (an index outside the header reads as an empty name).
pub(crate) fn names_of(header: &[String], columns: &[usize]) -> Vec<String> {
    let mut names = Vec::with_capacity(columns.len());
    for &column in columns {
        names.push(header.get(column).cloned().unwrap_or_default());
    }
    names
}
