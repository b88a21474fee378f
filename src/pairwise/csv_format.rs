//! Tidy CSV of per-item scores: one row per item and model, e.g.
//!
//! ```text
//! task_id,benchmark,model,progress_ratio
//! web-001,web,model-a,0.25
//! web-001,web,model-b,0.5
//! ```
//!
//! Column roles are inferred from the header names and can always be named in
//! [`PairwiseCsvOptions`]. Names are compared without case, spaces or punctuation:
//! - item: `item`, `item_id`, `task_id`, `id`, `problem`, `question`, `instance`, `example`;
//! - model: `model`, `model_name`, `system`, `agent`, `llm`, `checkpoint`;
//! - score: a name with the word `score`, `progress`, `ratio`, `value`, `accuracy`, `reward`,
//!   `success`, `resolved`, `correct` or `pass` in it (`progress_ratio`, `pass@1`);
//! - group (optional): `group`, `benchmark`, `task`, `category`, `domain`, `dataset`, `suite`.
//!
//! Other columns are ignored. Every score is a number between 0 and 1; an empty score field (or
//! `NA`, `N/A`, `null`, `none`, `-`, as in the sweep CSV) declares that the model has no score
//! for the item: the item still counts, as unscored by that model. Item names are per group: two rows name the same item only when item and group agree.
//! A UTF-8 byte order mark, CRLF line ends, quoted fields and blank lines are all fine; anything
//! malformed is an error that names the line, the column and what was expected.

use serde::{Deserialize, Serialize};

use super::dataset::{Builder, Names, PairwiseDataset};
use crate::error::{Error, Result};
use crate::model::chunked::{Rows, SliceReader};
use crate::model::json_value::{member, JsonValue};
use crate::model::tidy::{
    claim_named_role, detect_delimiter, excerpt, field_text, find_column, find_role, first_record,
    in_code, is_missing_marker, is_named_like, normalize, quoted, role_field,
};

/// Explicit column roles; every field left empty is inferred from the header.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PairwiseCsvOptions {
    /// Column naming the item (task, problem, question).
    pub item: Option<String>,
    /// Column naming the model.
    pub model: Option<String>,
    /// Column of the score, a number between 0 and 1.
    pub score: Option<String>,
    /// Column naming the item's group (benchmark, task family); optional.
    pub group: Option<String>,
}

const ITEM_NAMES: &[&str] = &[
    "item",
    "itemid",
    "itemname",
    "items",
    "taskid",
    "id",
    "problem",
    "problemid",
    "question",
    "questionid",
    "instance",
    "instanceid",
    "example",
    "exampleid",
];
/// True when a text most likely holds per-item scores rather than a sweep: JSON whose top-level
/// object has `items` and no `panels` (the two forms' defining keys), or CSV whose header names a
/// column like an item (item, task_id, id, problem, question, ...), which is how
/// [`load_pairwise_csv`] finds its item column; a sweep has hyperparameter axes instead.
/// `json` forces the reading (`Some(true)` JSON, `Some(false)` CSV); `None` reads JSON when the
/// text starts with `{`. A page uses it to pick the loader to try first.
pub fn looks_like_item_scores(text: &str, json: Option<bool>) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if json.unwrap_or_else(|| text.trim_start().starts_with('{')) {
        return match serde_json::from_str::<JsonValue>(text) {
            Ok(JsonValue::Object(members)) => {
                member(&members, "items").is_some() && member(&members, "panels").is_none()
            }
            _ => false,
        };
    }
    first_record(text, detect_delimiter(text))
        .iter()
        .any(|name| is_named_like(name, ITEM_NAMES))
}

const MODEL_NAMES: &[&str] = &[
    "model",
    "modelname",
    "models",
    "system",
    "agent",
    "llm",
    "checkpoint",
];
const GROUP_NAMES: &[&str] = &[
    "group",
    "groupname",
    "benchmark",
    "benchmarkname",
    "task",
    "taskname",
    "category",
    "domain",
    "dataset",
    "suite",
];
const SCORE_WORDS: &[&str] = &[
    "score", "progress", "ratio", "value", "accuracy", "acc", "reward", "success", "resolved",
    "correct", "pass",
];
/// True for score-like names: "score", "progress_ratio", "Pass@1", "accuracy (%)".
fn is_score_name(name: &str) -> bool {
    crate::text::lower(name)
        .split(|c: char| !c.is_alphanumeric())
        .any(|word| SCORE_WORDS.contains(&word))
        || SCORE_WORDS.contains(&normalize(name).as_str())
}

/// Column indices for each role.
struct Roles {
    item: usize,
    model: usize,
    score: usize,
    group: Option<usize>,
}

fn required(
    found: Option<usize>,
    header: &[String],
    role: &'static str,
    examples: &str,
) -> Result<usize> {
    found.ok_or_else(|| Error::NoCandidate {
        role,
        hint: format!(
            "expected a column named like {examples}: rename that column in the file; {}; \
             the columns are {}",
            in_code("it", &role_field(role, "column name")),
            quoted(header)
        ),
    })
}

fn infer_roles(header: &[String], options: &PairwiseCsvOptions) -> Result<Roles> {
    // Explicit names first, so that inference never takes a column named for another role.
    let mut taken: Vec<usize> = Vec::new();
    for (role, name) in [
        ("item", &options.item),
        ("model", &options.model),
        ("score", &options.score),
        ("group", &options.group),
    ] {
        if let Some(name) = name {
            let column = find_column(header, role, name)?;
            if taken.contains(&column) {
                return Err(Error::InvalidField {
                    field: header.get(column).cloned().unwrap_or_default(),
                    expected: "one role per column, but it was named for two".into(),
                });
            }
            taken.push(column);
        }
    }
    let item = claim_named_role(header, &options.item, "item", ITEM_NAMES, &mut taken)?;
    let model = claim_named_role(header, &options.model, "model", MODEL_NAMES, &mut taken)?;
    let group = claim_named_role(header, &options.group, "group", GROUP_NAMES, &mut taken)?;
    let score = find_role(header, &options.score, "score", &is_score_name, &taken)?;
    Ok(Roles {
        item: required(
            item,
            header,
            "item",
            "item, task_id, id, problem or question",
        )?,
        model: required(model, header, "model", "model, system or agent")?,
        score: required(
            score,
            header,
            "score",
            "score, progress, ratio, value or accuracy",
        )?,
        group,
    })
}

/// The columns per-item scores are read from, by name: what [`load_pairwise_csv`] takes for
/// each role. Only in builds with the pairwise package's code (the `pairwise` feature): the
/// default package never asks it.
#[cfg(feature = "pairwise")]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PairwiseColumns {
    /// The item's column.
    pub item: String,
    /// The model's column.
    pub model: String,
    /// The score's column.
    pub score: String,
    /// The group's column, when there is one.
    pub group: Option<String>,
}

/// The columns [`load_pairwise_csv`] reads a CSV text's per-item scores from (its header
/// only; `options` name roles, the rest are inferred by the loader's own rules), or the
/// loader's error for a header that has no item, model or score column. A page that reduces
/// per-item scores elsewhere (DuckDB-wasm: README "Parquet in the page") asks this of a sample.
#[cfg(feature = "pairwise")]
pub fn pairwise_columns(text: &str, options: &PairwiseCsvOptions) -> Result<PairwiseColumns> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let header = first_record(text, detect_delimiter(text));
    let roles = infer_roles(&header, options)?;
    let name = |index: usize| header.get(index).cloned().unwrap_or_default();
    Ok(PairwiseColumns {
        item: name(roles.item),
        model: name(roles.model),
        score: name(roles.score),
        group: roles.group.map(name),
    })
}

fn parse_score(text: &str, line: u64, column: &str) -> Result<f64> {
    match crate::decimal::parse_f64(text) {
        Some(value) if crate::decimal::underflows(text, value) => Err(Error::Underflow {
            line,
            column: column.to_string(),
            value: excerpt(text),
        }),
        Some(value) if !value.is_finite() => Err(Error::NonFinite {
            line,
            column: column.to_string(),
            value: excerpt(text),
        }),
        // `-0` reads as negative zero: store a plain zero so that it ties with other zeros.
        Some(value) if (0.0..=1.0).contains(&value) => Ok(value + 0.0),
        Some(_) => Err(Error::ScoreOutOfRange {
            line,
            column: column.to_string(),
            value: excerpt(text),
        }),
        None => Err(Error::NotANumber {
            line,
            column: column.to_string(),
            value: excerpt(text),
        }),
    }
}

/// Loads per-item scores from tidy CSV. Never panics; every failure names the line and column
/// and what was expected. This is [`PairwiseCsvLoader`] given the whole text as one slice.
pub fn load_pairwise_csv(text: &str, options: &PairwiseCsvOptions) -> Result<PairwiseDataset> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(Error::Empty);
    }
    let mut loader = PairwiseCsvLoader::new(options.clone());
    loader.push(text.as_bytes())?;
    loader.finish()
}

/// Per-item scores as the rows arrive: the roles, inferred from the header alone, and the
/// builder each row goes into at once, so no row is kept as text.
struct Scores {
    options: PairwiseCsvOptions,
    roles: Option<Roles>,
    builder: Builder,
}

impl Rows for Scores {
    fn header(&mut self, header: &[String]) -> Result<()> {
        self.roles = Some(infer_roles(header, &self.options)?);
        Ok(())
    }

    /// Adds one row's score; the checks and their order are the whole-text loader's, as it is
    /// this loader.
    fn row(&mut self, header: &[String], line: u64, fields: Vec<String>) -> Result<()> {
        let Some(roles) = &self.roles else {
            // The reader hands on the header, and so the roles, before any row.
            return Ok(());
        };
        let column_name = |column: usize| header.get(column).map_or("", String::as_str);
        let field = |column: usize| fields.get(column).map_or("", |f| field_text(f));
        let label = |column: usize| -> Result<&str> {
            let text = field(column);
            if text.is_empty() {
                Err(Error::EmptyField {
                    line,
                    column: column_name(column).to_string(),
                })
            } else {
                Ok(text)
            }
        };
        let item = label(roles.item)?;
        let model = label(roles.model)?;
        let group = roles.group.map(label).transpose()?;
        let score_text = field(roles.score);
        let score = if is_missing_marker(score_text) {
            None
        } else {
            Some(parse_score(score_text, line, column_name(roles.score))?)
        };
        match self.builder.add_score(item, group, model, score, line) {
            Some(first_line) => Err(Error::DuplicateScore {
                first_line,
                second_line: line,
                item: item.to_string(),
                group: group.map(str::to_string),
                model: model.to_string(),
            }),
            None => Ok(()),
        }
    }
}

/// Per-item scores from tidy CSV fed in slices, so that a page can read a file of a million
/// rows without freezing or holding its text: it pushes the file's bytes a slice at a time
/// ([`push`](Self::push)), each complete row going into the dataset as it arrives, then
/// [`finish`](Self::finish)es. The roles come from the header alone, so unlike the sweep
/// loader it keeps no rows for a second pass: only the scores, items and models seen.
///
/// Reading (byte-order mark, delimiter, header and row checks) is the sweep loader's
/// [`SliceReader`], and [`load_pairwise_csv`] is this loader with one slice: the same dataset,
/// or the same error, however the text is cut.
pub struct PairwiseCsvLoader {
    reader: SliceReader,
    scores: Scores,
    /// The first error, returned again by every later call.
    failed: Option<Error>,
}

impl PairwiseCsvLoader {
    /// A loader with explicit column roles (every role left empty is inferred from the header).
    pub fn new(options: PairwiseCsvOptions) -> PairwiseCsvLoader {
        PairwiseCsvLoader {
            reader: SliceReader::new(),
            scores: Scores {
                options,
                roles: None,
                builder: Builder::default(),
            },
            failed: None,
        }
    }

    /// Bytes pushed so far.
    pub fn bytes_read(&self) -> u64 {
        self.reader.bytes()
    }

    /// Data rows read so far (blank lines not counted).
    pub fn rows_read(&self) -> usize {
        self.reader.rows()
    }

    /// How far the load of a file of `file_bytes` bytes is, for a progress bar: a fraction from
    /// 0 to 1 and what is being done. The rows go into the scores as they arrive, so reading is
    /// nearly all of it; once every byte is in, what is left is making the table.
    pub fn progress(&self, file_bytes: u64) -> (f64, String) {
        /// The share of the bar for reading.
        const READ_SHARE: f64 = 0.95;
        let read = self.bytes_read();
        if read < file_bytes {
            let fraction = READ_SHARE * crate::model::chunked::share(read, file_bytes);
            (
                fraction,
                crate::model::chunked::reading_text(read, file_bytes),
            )
        } else {
            let scores = crate::error::counted(self.rows_read(), "score");
            (READ_SHARE, format!("Making the table of {scores}"))
        }
    }

    /// Reads the next slice of the file's bytes (UTF-8; a slice may end inside a character or a
    /// quoted field) and adds the rows it completes.
    pub fn push(&mut self, bytes: &[u8]) -> Result<()> {
        self.guard(|loader| loader.reader.push(bytes, &mut loader.scores))
    }

    /// Says that the file has ended and returns the dataset; the loader is spent then. The
    /// size of the score table (models x items) is checked against
    /// [`MAX_ITEM_SCORES`](crate::limits::MAX_ITEM_SCORES) before it is allocated.
    pub fn finish(&mut self) -> Result<PairwiseDataset> {
        let scores = self.guard(|loader| {
            let (header, _) = loader.reader.finish(&mut loader.scores)?;
            let (Some(roles), builder) = (
                loader.scores.roles.take(),
                std::mem::take(&mut loader.scores.builder),
            ) else {
                return Err(spent());
            };
            let column_name = |column: usize| header.get(column).cloned().unwrap_or_default();
            builder.build(Names {
                title: None,
                source: None,
                score: column_name(roles.score),
                group: roles.group.map(column_name),
            })
        });
        if scores.is_ok() {
            self.failed = Some(spent());
        }
        scores
    }

    fn guard<T>(&mut self, step: impl FnOnce(&mut PairwiseCsvLoader) -> Result<T>) -> Result<T> {
        if let Some(error) = &self.failed {
            return Err(error.clone());
        }
        let result = step(self);
        if let Err(error) = &result {
            self.failed = Some(error.clone());
            // Let go of the scores read: a failed loader holds nothing big.
            self.scores.builder = Builder::default();
            self.reader = SliceReader::new();
        }
        result
    }
}

/// A call after the loader has returned its scores.
fn spent() -> Error {
    Error::InvalidField {
        field: "loader".into(),
        expected: "slices before finish, and nothing after it".into(),
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::model::records::{CsvText, CsvWriter};

    /// Text a spreadsheet would evaluate, text starting with `'`, or a signed number; never
    /// with spaces at its ends, which the loaders trim.
    fn risky_label() -> impl Strategy<Value = String> {
        let lead = prop_oneof![
            Just("="),
            Just("+"),
            Just("-"),
            Just("@"),
            Just("\t"),
            Just("\r"),
            Just("'"),
            Just("''="),
            Just("'-"),
            Just("'\t"),
            Just(""),
        ];
        prop_oneof![
            3 => (lead, "([a-z0-9,\"'=+@-][a-z0-9,\"'=+@ -]{0,4})?[a-z)]")
                .prop_map(|(lead, tail)| format!("{lead}{tail}")),
            1 => prop_oneof![Just("-1"), Just("-1e-3"), Just("+2")].prop_map(str::to_string),
        ]
    }

    fn distinct(count: std::ops::Range<usize>) -> impl Strategy<Value = Vec<String>> {
        prop::collection::btree_set(risky_label(), count).prop_map(|set| set.into_iter().collect())
    }

    proptest! {
        /// Scores written by the spreadsheet-safe writer load back to the very labels written,
        /// whole and in two slices cut anywhere.
        #[test]
        fn safe_scores_load_back_whole_and_in_slices(
            names in distinct(4..5),
            items in distinct(1..5),
            models in distinct(1..4),
            groups in distinct(1..3),
            scores in prop::collection::vec(prop::option::of(0u8..=4), 16),
            cut in any::<usize>(),
        ) {
            let mut writer = CsvWriter::new(CsvText::SpreadsheetSafe);
            let header: Vec<&str> = names.iter().map(String::as_str).collect();
            writer.record(&header);
            let group_of = |index: usize| &groups[index % groups.len()];
            let mut written = Vec::new();
            for (index, item) in items.iter().enumerate() {
                for (model_index, model) in models.iter().enumerate() {
                    let score = scores[(index * models.len() + model_index) % scores.len()]
                        .map(|quarters| f64::from(quarters) / 4.0);
                    written.push(score);
                    let score = score.map(|score| format!("{score}")).unwrap_or_default();
                    writer.record(&[item, group_of(index), model, &score]);
                }
            }
            let text = writer.into_string();
            let options = PairwiseCsvOptions {
                item: Some(names[0].clone()),
                group: Some(names[1].clone()),
                model: Some(names[2].clone()),
                score: Some(names[3].clone()),
            };
            let dataset = load_pairwise_csv(&text, &options).map_err(|error| {
                TestCaseError::fail(format!("{error}: {text:?}"))
            })?;
            prop_assert_eq!(dataset.models(), models.as_slice());
            let loaded: Vec<(String, Option<String>)> = dataset
                .items()
                .iter()
                .map(|item| (item.name.clone(), item.group.clone()))
                .collect();
            let expected: Vec<(String, Option<String>)> = items
                .iter()
                .enumerate()
                .map(|(index, item)| (item.clone(), Some(group_of(index).clone())))
                .collect();
            prop_assert_eq!(loaded, expected);
            prop_assert_eq!(dataset.score_name(), names[3].as_str());
            prop_assert_eq!(dataset.group_name(), Some(names[1].as_str()));
            let mut read = Vec::new();
            for (index, _) in items.iter().enumerate() {
                for model in &models {
                    read.push(dataset.scores(model)?.get(index).copied().flatten());
                }
            }
            prop_assert_eq!(read, written);

            let (head, tail) = text.as_bytes().split_at(cut % (text.len() + 1));
            let mut loader = PairwiseCsvLoader::new(options);
            loader.push(head)?;
            loader.push(tail)?;
            prop_assert_eq!(loader.finish()?, dataset);
        }
    }
}
