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
use crate::error::{grouped, quoted_list, Error, Result};
use crate::hash::FastMap;
use crate::model::chunked::{Rows, SliceReader};
use crate::model::records::CsvWriter;
use crate::model::tidy::{field_text, is_missing_marker};
use crate::CsvText;

/// The column a merge adds when files would otherwise collide: each run's file name.
pub const SOURCE_FILE: &str = "source file";

/// Files merged: the CSV text of every run of every file, and sentences saying what was merged.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "MergedSweepFiles"))]
pub struct MergedFiles {
    pub text: String,
    /// What was merged ("Merged 3 files into one table of 48 runs: ..."), then the columns some
    /// files lack.
    pub notices: Vec<String>,
    /// The page's title for the files together: "a.csv + b.csv", "a.csv + 2 more files".
    pub title: String,
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
    let text = super::names::named_index(text.strip_prefix('\u{feff}').unwrap_or(text));
    let mut file = RawFile::default();
    let mut reader = SliceReader::new();
    reader
        .push(text.as_bytes(), &mut file)
        .and_then(|()| reader.finish(&mut file))
        .map_err(in_file)?;
    Ok(file)
}

/// The title of files opened together (the page's name for them, as one local file): the one
/// name, "a.csv + b.csv", or "a.csv + 2 more files" for three or more; empty for none.
pub fn files_title<S: AsRef<str>>(names: &[S]) -> String {
    match names {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [first, second] => format!("{} + {}", first.as_ref(), second.as_ref()),
        [first, rest @ ..] => format!("{} + {} more files", first.as_ref(), rest.len()),
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
    // Names told apart (a second "results.csv" is "results.csv (2)"), and each file read.
    let mut names: Vec<String> = Vec::with_capacity(files.len());
    let mut read: Vec<RawFile> = Vec::with_capacity(files.len());
    for (name, text) in files {
        let mut unique = name.clone();
        let mut count = 1;
        while names.contains(&unique) {
            count += 1;
            unique = format!("{name} ({count})");
        }
        read.push(read_file(&unique, text)?);
        names.push(unique);
    }

    // The merged columns, first seen first; per column, the files that have it; per file, the
    // field of each merged column (`usize::MAX`: none).
    let mut columns: Vec<String> = Vec::new();
    let mut position: FastMap<String, usize> = FastMap::default();
    let mut holders: Vec<Vec<usize>> = Vec::new();
    let mut layouts: Vec<Vec<usize>> = Vec::with_capacity(read.len());
    for (index, file) in read.iter().enumerate() {
        let mut shares = index == 0;
        for (field, name) in file.header.iter().enumerate() {
            let column = match position.get(name) {
                Some(&column) => {
                    shares = true;
                    column
                }
                None => {
                    position.insert(name.clone(), columns.len());
                    columns.push(name.clone());
                    holders.push(Vec::new());
                    columns.len() - 1
                }
            };
            if let Some(files) = holders.get_mut(column) {
                files.push(index);
            }
            if layouts.len() == index {
                layouts.push(Vec::new());
            }
            if let Some(layout) = layouts.get_mut(index) {
                layout.resize(columns.len(), usize::MAX);
                if let Some(slot) = layout.get_mut(column) {
                    *slot = field;
                }
            }
        }
        if !shares {
            let before = names.get(..index).unwrap_or_default();
            let seen = columns
                .get(..columns.len() - file.header.len())
                .unwrap_or_default();
            return Err(Error::InFile {
                file: names.get(index).cloned().unwrap_or_default(),
                message: format!(
                    "it shares no column with {} (its columns: {}; theirs: {}); files merge into one table when they share columns",
                    quoted_list(before),
                    quoted_list(&file.header),
                    quoted_list(seen)
                ),
            });
        }
    }
    let field = |file: usize, row: &[String], column: usize| -> Option<String> {
        let at = *layouts.get(file)?.get(column)?;
        row.get(at).cloned()
    };

    // Runs of two files collide when they agree on every column all files share that is not
    // named like a metric.
    let mut key_columns: Vec<usize> = Vec::new();
    for (column, name) in columns.iter().enumerate() {
        let everywhere = holders.get(column).is_some_and(|f| f.len() == read.len());
        if everywhere && !is_metric_name(name) {
            key_columns.push(column);
        }
    }
    let mut first_file: FastMap<String, usize> = FastMap::default();
    let mut collide = false;
    for (index, file) in read.iter().enumerate() {
        for row in &file.rows {
            let mut key = String::new();
            for &column in &key_columns {
                let text = field(index, row, column).unwrap_or_default();
                let text = field_text(&text);
                if !is_missing_marker(text) {
                    key.push_str(text);
                }
                key.push('\u{1f}');
            }
            match first_file.get(&key) {
                Some(&first) => collide |= first != index,
                None => {
                    first_file.insert(key, index);
                }
            }
        }
    }
    let add_file = collide && !position.contains_key(SOURCE_FILE);

    let mut writer = CsvWriter::new(CsvText::Raw);
    if add_file {
        writer.field(SOURCE_FILE);
    }
    for name in &columns {
        writer.field(name);
    }
    writer.end_record();
    let mut summary = format!("Merged {} files into one table of ", read.len());
    let mut runs = 0;
    let mut counts = String::new();
    for (index, (file, name)) in read.iter().zip(&names).enumerate() {
        for row in &file.rows {
            if add_file {
                writer.field(name);
            }
            for column in 0..columns.len() {
                writer.field(&field(index, row, column).unwrap_or_default());
            }
            writer.end_record();
        }
        runs += file.rows.len();
        counts.push_str(if index > 0 { ", " } else { ": " });
        counts.push_str(&quoted_list(std::slice::from_ref(name)));
        counts.push_str(&format!(" ({} runs)", grouped(file.rows.len())));
    }
    summary.push_str(&format!("{} runs{counts}", grouped(runs)));
    if add_file {
        summary.push_str(
            "; their runs share configurations, so a column \"source file\" tells them apart (a panel per file)",
        );
    }
    summary.push('.');
    let mut notices = vec![summary];
    let mut partial: Vec<String> = Vec::new();
    for (name, files) in columns.iter().zip(&holders) {
        if files.len() < read.len() {
            let mut held: Vec<String> = Vec::new();
            for &file in files {
                held.extend(names.get(file).cloned());
            }
            let mut item = quoted_list(std::slice::from_ref(name));
            item.push_str(" (only in ");
            item.push_str(&quoted_list(&held));
            item.push(')');
            partial.push(item);
        }
    }
    if !partial.is_empty() {
        let more = partial.len().saturating_sub(8);
        partial.truncate(8);
        let mut listed = partial.join(", ");
        if more > 0 {
            listed.push_str(&format!(" and {more} more"));
        }
        notices.push(format!(
            "Columns only some files have are missing in the others' runs: {listed}."
        ));
    }
    let given: Vec<&str> = files.iter().map(|(name, _)| name.as_str()).collect();
    Ok(MergedFiles {
        text: writer.into_string(),
        notices,
        title: files_title(&given),
    })
}

#[cfg(test)]
mod tests {
    use super::{files_title, merge_csv_files};

    #[test]
    fn files_opened_together_are_titled_by_the_first_and_a_count_of_the_others() {
        assert_eq!(files_title::<&str>(&[]), "");
        assert_eq!(files_title(&["a.csv"]), "a.csv");
        assert_eq!(files_title(&["a.csv", "b.csv"]), "a.csv + b.csv");
        assert_eq!(
            files_title(&["results_a.json", "results_b.json", "results_c.json"]),
            "results_a.json + 2 more files"
        );
        // A merge of CSV files carries it, from the names as given (two "r.csv" stay "r.csv").
        let file = |name: &str| (name.to_string(), "lr,acc\n0.1,0.5\n".to_string());
        let merged = merge_csv_files(&[file("r.csv"), file("r.csv"), file("s.csv")]).unwrap();
        assert_eq!(merged.title, "r.csv + 2 more files");
    }
}
