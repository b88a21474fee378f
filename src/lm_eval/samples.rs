//! lm-evaluation-harness per-sample logs (`samples_<task>_<date>.jsonl`, one JSON object per
//! line), several files at once, into per-item scores for the pairwise view.
//!
//! A line gives one document's result under one filter: `doc_id`, `filter` (`none` when the task
//! has no filters) and one key per metric (`acc: 1.0`), listed in `metrics` by 0.4 logs. The
//! lines do not name the model, so the caller does (a folder or file name); the task is read
//! from the file name (`samples_hellaswag_2024-05-01T12-00-00.123.jsonl` -> `hellaswag`).
//!
//! Items are keyed by `doc_id` within a group: the task, or `task (filter)` for a filter other
//! than `none`, so that two filters' scores of one document stay apart. Lines repeating a
//! document under the same filter are averaged. The score is the metric asked for, else each
//! file's first metric whose value on its first line is a number between 0 and 1 (a per-item
//! score; `perplexity` lines hold log-likelihoods and are passed over); `true`/`false` are read
//! as 1 and 0, `null` as no score.

use serde_json::Value;

use super::ordered::Ordered;
use super::{in_file, in_file_explained, key};
use crate::error::{excerpt, Error, Result};
use crate::hash::FastMap;
use crate::pairwise::dataset::{Builder, Names};
use crate::pairwise::PairwiseDataset;

/// One samples log: the model it scores (the lines do not say), its file name (the task is read
/// from it) and its text.
#[derive(Debug, Clone, Copy)]
pub struct SamplesFile<'a> {
    pub model: &'a str,
    pub name: &'a str,
    pub text: &'a str,
}

/// What to read from samples logs.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SamplesOptions {
    /// The per-sample metric to score items by (`acc`, `exact_match`); `None`: each file's first
    /// metric that holds a score between 0 and 1.
    pub metric: Option<String>,
    /// Models renamed, `(old, new)` pairs applied to the names given or guessed
    /// ([`crate::importers::rename_models`]): by the importer, before the logs are read.
    pub rename: Vec<(String, String)>,
}

/// Keys of a sample line that are not metrics.
const BOOKKEEPING: [&str; 13] = [
    "doc_id",
    "doc",
    "target",
    "arguments",
    "resps",
    "filtered_resps",
    "filter",
    "metrics",
    "doc_hash",
    "prompt_hash",
    "target_hash",
    "task_name",
    "index",
];

/// The task a samples file logs, from its name: `samples_<task>_<date>.jsonl` (anything before
/// `samples_` is passed over), the date's part being everything after the last `_` when it
/// starts with a digit; any other name without its extension.
pub fn task_of_file(name: &str) -> &str {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    let stem = base.strip_suffix(".jsonl").unwrap_or(base);
    // After the last `samples_`: a name may carry its model before it
    // (`model-a__samples_piqa_<date>.jsonl`, crate::importers::guess_model).
    let Some((_, rest)) = stem.rsplit_once("samples_") else {
        return stem;
    };
    match rest.rsplit_once('_') {
        Some((task, date))
            if !task.is_empty() && date.starts_with(|c: char| c.is_ascii_digit()) =>
        {
            task
        }
        _ => rest,
    }
}

/// A score read from a line: a number, or `true`/`false` as 1 and 0.
fn number_of(value: &Value) -> Option<f64> {
    match value {
        Value::Number(number) => number.as_f64(),
        Value::Bool(flag) => Some(f64::from(u8::from(*flag))),
        _ => None,
    }
}

/// The metric a file scores by when none is asked for: the first on its first line (in the
/// order `metrics` lists them, else as written) whose value is a score between 0 and 1.
fn default_metric(line: &Ordered<Value>) -> Option<String> {
    let listed: Vec<&str> = line
        .get("metrics")
        .and_then(Value::as_array)
        .map(|names| names.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let is_score = |name: &str| {
        line.get(name)
            .and_then(number_of)
            .is_some_and(|v| (0.0..=1.0).contains(&v))
    };
    if let Some(name) = listed.iter().find(|name| is_score(name)) {
        return Some(name.to_string());
    }
    line.0
        .iter()
        .map(|(name, _)| name.as_str())
        .find(|name| !BOOKKEEPING.contains(name) && is_score(name))
        .map(str::to_string)
}

/// An item's scores so far in one file: its group, `doc_id`, sum, count and first line.
struct Scores {
    group: String,
    item: String,
    sum: f64,
    count: u32,
    /// `false` once a line gave no score (`null`) and none other did.
    scored: bool,
    line: u64,
}

/// Reads one file's lines into averaged item scores; returns the metric used.
fn read_file(file: &SamplesFile<'_>, wanted: Option<&str>) -> Result<(String, Vec<Scores>)> {
    let task = task_of_file(file.name);
    let text = file.text.strip_prefix('\u{feff}').unwrap_or(file.text);
    let mut metric: Option<String> = wanted.map(str::to_string);
    let mut items: Vec<Scores> = Vec::new();
    let mut positions: FastMap<String, usize> = FastMap::default();
    for (index, text) in text.lines().enumerate() {
        let number = index as u64 + 1;
        if text.trim().is_empty() {
            continue;
        }
        let line: Ordered<Value> = serde_json::from_str(text).map_err(|error| Error::Json {
            line: index + 1,
            column: error.column().max(1),
            message: error
                .to_string()
                .split(" at line ")
                .next()
                .unwrap_or_default()
                .to_string(),
        })?;
        let at = |message: String| Error::Json {
            line: index + 1,
            column: 1,
            message,
        };
        let item = match line.get("doc_id") {
            Some(Value::Number(number)) => number.to_string(),
            Some(Value::String(text)) if !text.trim().is_empty() => text.trim().to_string(),
            _ => {
                return Err(at(
                    "expected \"doc_id\", the document's number, on every sample".to_string(),
                ))
            }
        };
        let metric = match &metric {
            Some(metric) => metric.clone(),
            None => {
                let found = default_metric(&line).ok_or_else(|| {
                    at(
                        "expected a per-sample metric holding a score between 0 and 1 \
                        (acc, exact_match, ...); name the metric to use"
                            .to_string(),
                    )
                })?;
                metric = Some(found.clone());
                found
            }
        };
        let score = match line.get(&metric) {
            None => {
                return Err(at(format!(
                    "expected the metric \"{}\" on every sample",
                    excerpt(&metric)
                )))
            }
            Some(Value::Null) => None,
            Some(value) => {
                let score = number_of(value).ok_or_else(|| Error::NotANumber {
                    line: number,
                    column: metric.clone(),
                    value: match value {
                        Value::String(text) => text.clone(),
                        Value::Array(_) => "an array".to_string(),
                        _ => "an object".to_string(),
                    },
                })?;
                if !(0.0..=1.0).contains(&score) {
                    return Err(Error::ScoreOutOfRange {
                        line: number,
                        column: metric.clone(),
                        value: value.to_string(),
                    });
                }
                Some(score)
            }
        };
        let group = match line.get("filter").and_then(Value::as_str) {
            None | Some("none") => task.to_string(),
            Some(filter) => format!("{task} ({filter})"),
        };
        let slot = format!("{}:{group}{item}", group.len());
        let at = *positions.entry(slot).or_insert_with(|| {
            items.push(Scores {
                group,
                item,
                sum: 0.0,
                count: 0,
                scored: false,
                line: number,
            });
            items.len() - 1
        });
        if let (Some(scores), Some(score)) = (items.get_mut(at), score) {
            scores.sum += score;
            scores.count += 1;
            scores.scored = true;
        }
    }
    match metric {
        Some(metric) if !items.is_empty() => Ok((metric, items)),
        _ => Err(Error::Json {
            line: 1,
            column: 1,
            message: "expected one sample (a JSON object) per line, found none".to_string(),
        }),
    }
}

/// Loads several samples logs (one per model and task) into per-item scores. Never panics; an
/// error names the file, then the line (and the column or metric).
pub fn load_samples(
    files: &[SamplesFile<'_>],
    options: &SamplesOptions,
) -> Result<PairwiseDataset> {
    if files.is_empty() {
        return Err(Error::InvalidField {
            field: "files".to_string(),
            expected: "at least one lm-evaluation-harness samples file".to_string(),
        });
    }
    let mut builder = Builder::default();
    let mut metrics: Vec<String> = Vec::new();
    // (model, task) -> the file that gave it.
    let mut seen: Vec<(&str, &str, &str)> = Vec::new();
    for file in files {
        let task = task_of_file(file.name);
        if let Some((_, _, first)) = seen
            .iter()
            .find(|(model, known, _)| *model == file.model && *known == task)
        {
            return Err(in_file(
                file.name,
                Error::InvalidField {
                    field: format!("task{}", key(task)),
                    expected: format!(
                        "one samples file per model and task, but \"{}\" gives model \"{}\" on \
                         this task too",
                        excerpt(first),
                        excerpt(file.model)
                    ),
                },
            ));
        }
        if file.model.trim().is_empty() {
            return Err(in_file(
                file.name,
                Error::InvalidField {
                    field: "model".to_string(),
                    expected: "the name of the model the file scores (its lines do not say)"
                        .to_string(),
                },
            ));
        }
        seen.push((file.model, task, file.name));
        let (metric, items) = read_file(file, options.metric.as_deref())
            .map_err(|error| in_file_explained(file.name, file.text, error))?;
        if !metrics.contains(&metric) {
            metrics.push(metric);
        }
        for scores in items {
            let mean = scores.scored.then(|| scores.sum / f64::from(scores.count));
            // Keys are unique per file, and files of one model have different tasks.
            builder.add_score(
                &scores.item,
                Some(&scores.group),
                file.model,
                mean,
                scores.line,
            );
        }
    }
    builder.build(Names {
        title: None,
        source: None,
        score: metrics.join(" / "),
        group: Some("task".to_string()),
    })
}
