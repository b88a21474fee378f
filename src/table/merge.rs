//! Several CSV files of one sweep opened at once (one file per model, per machine, per batch of
//! seeds), merged into one CSV text that every loader then reads as it reads one file, so a
//! merged sweep opens, projects, exports and travels in a link like any other.
//!
//! The rules:
//! - each file is read as any CSV is (delimiter, quotes, `'`-protected text, a pandas index);
//!   an error names the file;
//! - the merged header is every column of every file, in first-seen order; a file must share
//!   at least one column with the files before it (else an error naming both files' columns),
//!   and a column only some files have is missing (empty) in the others' runs;
//! - when runs of two files would fall in the same cells (they agree on every column the files
//!   share that is not named like a metric: one results file per model, without a model
//!   column), a [`SOURCE_FILE`] column holding each run's file name is added first; it is named
//!   like a model, so both loaders draw a panel per file;
//! - fields are kept as written (missing markers and all), only quoted again where the merged
//!   text needs it.

use super::names::is_metric_name;
use crate::error::{quoted_list, Error, Result};
use crate::hash::FastMap;
use crate::model::chunked::{Rows, SliceReader};
use crate::model::tidy::{field_text, is_missing_marker};

/// The column a merge adds when files would otherwise collide: each run's file name.
pub const SOURCE_FILE: &str = "source file";

/// Files merged: the CSV text of every run of every file, and sentences saying what was merged.
#[derive(Debug, Clone, PartialEq)]
pub struct MergedFiles {
    pub text: String,
    /// What was merged ("Merged 3 files into one table of 48 runs: ..."), then the columns some
    /// files lack.
    pub notices: Vec<String>,
}

/// One file's header and raw fields.
#[derive(Default)]
struct RawFile {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl Rows for RawFile {
    fn header(&mut self, header: &[String]) -> Result<()> {
        self.header = header.to_vec();
        Ok(())
    }

    fn row(&mut self, _header: &[String], _line: u64, fields: Vec<String>) -> Result<()> {
        self.rows.push(fields);
        Ok(())
    }
}

fn read_file(name: &str, text: &str) -> Result<RawFile> {
    let in_file = |error: Error| Error::InFile {
        file: name.to_string(),
        message: error.to_string(),
    };
    let text = super::named_index(text.strip_prefix('\u{feff}').unwrap_or(text));
    let mut file = RawFile::default();
    let mut reader = SliceReader::new();
    reader
        .push(text.as_bytes(), &mut file)
        .and_then(|()| reader.finish(&mut file))
        .map_err(in_file)?;
    Ok(file)
}

/// A field written for the merged text: quoted when it holds a comma, a quote or a line end.
fn push_field(out: &mut String, field: &str) {
    if field.contains([',', '"', '\n', '\r']) {
        out.push('"');
        out.push_str(&field.replace('"', "\"\""));
        out.push('"');
    } else {
        out.push_str(field);
    }
}

/// Merges CSV files given as `(file name, text)` (at least two) into one text; see the module
/// documentation for the rules and the errors.
pub fn merge_csv_files(files: &[(String, String)]) -> Result<MergedFiles> {
    if files.len() < 2 {
        return Err(Error::InvalidField {
            field: "files".into(),
            expected: format!("at least two files to merge, found {}", files.len()),
        });
    }
    // Names told apart: a second "results.csv" is "results.csv (2)".
    let mut names: Vec<String> = Vec::with_capacity(files.len());
    for (name, _) in files {
        let mut unique = name.clone();
        let mut count = 1;
        while names.contains(&unique) {
            count += 1;
            unique = format!("{name} ({count})");
        }
        names.push(unique);
    }
    let mut read: Vec<RawFile> = Vec::with_capacity(files.len());
    for (name, (_, text)) in names.iter().zip(files) {
        read.push(read_file(name, text)?);
    }

    // The merged columns, first seen first, and which files have each.
    let mut columns: Vec<String> = Vec::new();
    let mut position: FastMap<String, usize> = FastMap::default();
    let mut in_files: Vec<Vec<usize>> = Vec::new();
    for (index, file) in read.iter().enumerate() {
        let shares = file.header.iter().any(|name| position.contains_key(name));
        if index > 0 && !shares {
            return Err(Error::InFile {
                file: names.get(index).cloned().unwrap_or_default(),
                message: format!(
                    "it shares no column with {} (its columns: {}; theirs: {}); files merge into one table when they share columns",
                    quoted_list(names.get(..index).unwrap_or_default()),
                    quoted_list(&file.header),
                    quoted_list(&columns)
                ),
            });
        }
        for name in &file.header {
            let at = *position.entry(name.clone()).or_insert_with(|| {
                columns.push(name.clone());
                in_files.push(Vec::new());
                columns.len() - 1
            });
            if let Some(files) = in_files.get_mut(at) {
                files.push(index);
            }
        }
    }

    // Per file, the field of each merged column (`None`: the file lacks it).
    let fields_of = |file: &RawFile| -> Vec<Option<usize>> {
        columns
            .iter()
            .map(|name| file.header.iter().position(|own| own == name))
            .collect()
    };
    let layouts: Vec<Vec<Option<usize>>> = read.iter().map(fields_of).collect();

    // Runs of two files collide when they agree on every shared column not named like a metric.
    let shared: Vec<usize> = (0..columns.len())
        .filter(|&c| in_files.get(c).is_some_and(|f| f.len() == read.len()))
        .filter(|&c| !columns.get(c).is_some_and(|name| is_metric_name(name)))
        .collect();
    let mut first_file: FastMap<String, usize> = FastMap::default();
    let mut collide = false;
    for (index, (file, layout)) in read.iter().zip(&layouts).enumerate() {
        for row in &file.rows {
            let mut key = String::new();
            for &column in &shared {
                let field = layout
                    .get(column)
                    .copied()
                    .flatten()
                    .and_then(|at| row.get(at))
                    .map_or("", |field| field_text(field));
                key.push_str(if is_missing_marker(field) { "" } else { field });
                key.push('\u{1f}');
            }
            let first = *first_file.entry(key).or_insert(index);
            collide |= first != index;
        }
    }
    let add_file = collide && !position.contains_key(SOURCE_FILE);

    let mut text = String::new();
    if add_file {
        push_field(&mut text, SOURCE_FILE);
        text.push(',');
    }
    for (index, name) in columns.iter().enumerate() {
        if index > 0 {
            text.push(',');
        }
        push_field(&mut text, name);
    }
    text.push('\n');
    let mut runs = Vec::with_capacity(read.len());
    for ((file, layout), name) in read.iter().zip(&layouts).zip(&names) {
        for row in &file.rows {
            if add_file {
                push_field(&mut text, name);
                text.push(',');
            }
            for (index, at) in layout.iter().enumerate() {
                if index > 0 {
                    text.push(',');
                }
                if let Some(field) = at.and_then(|at| row.get(at)) {
                    push_field(&mut text, field);
                }
            }
            text.push('\n');
        }
        runs.push(format!(
            "\"{}\" ({} {})",
            crate::error::excerpt(name),
            file.rows.len(),
            if file.rows.len() == 1 { "run" } else { "runs" }
        ));
    }
    let total: usize = read.iter().map(|file| file.rows.len()).sum();
    let mut summary = format!(
        "Merged {} files into one table of {total} runs: {}",
        read.len(),
        runs.join(", ")
    );
    if add_file {
        summary.push_str(&format!(
            "; their runs share configurations, so a column \"{SOURCE_FILE}\" tells them apart (a panel per file)"
        ));
    }
    summary.push('.');
    let mut notices = vec![summary];
    let partial: Vec<String> = columns
        .iter()
        .zip(&in_files)
        .filter(|(_, files)| files.len() < read.len())
        .map(|(name, files)| {
            let holders: Vec<String> = files
                .iter()
                .filter_map(|&f| names.get(f).cloned())
                .collect();
            format!(
                "\"{}\" (only in {})",
                crate::error::excerpt(name),
                quoted_list(&holders)
            )
        })
        .collect();
    if !partial.is_empty() {
        const SHOWN: usize = 8;
        let more = partial.len().saturating_sub(SHOWN);
        let mut listed = partial.get(..SHOWN).unwrap_or(&partial).join(", ");
        if more > 0 {
            listed.push_str(&format!(" and {more} more"));
        }
        notices.push(format!(
            "Columns only some files have are missing in the others' runs: {listed}."
        ));
    }
    Ok(MergedFiles { text, notices })
}
