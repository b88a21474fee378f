//! EleutherAI's lm-evaluation-harness output, as it writes it (versions 0.3 and 0.4):
//! - the results JSON (`results_<date>.json`, one per model and run): [`load_results`] reads
//!   several at once into one [`Dataset`](crate::Dataset) of models x tasks, with the standard
//!   errors the harness reports and the item counts of `n-samples`;
//! - the per-sample logs (`samples_<task>_<date>.jsonl`, written with `--log_samples`, one per
//!   model and task): [`load_samples`] reads several at once into a
//!   [`PairwiseDataset`](crate::pairwise::PairwiseDataset) of per-item scores keyed by `doc_id`.
//!
//! [`recognise`] tells from the text which of the two a file is, so that a page can route the
//! files it is given. Errors name the file, then the line and column (malformed JSON) or the
//! field (`results["hellaswag"]["acc,none"]`).

mod ordered;
mod results;
mod samples;

pub use results::{load_results, LoadedResults, ModelSource, ResultsFile, ResultsOptions, Task};
pub use samples::{load_samples, task_of_file, SamplesFile, SamplesOptions};

use serde::de::IgnoredAny;

use crate::error::Error;

/// Which lm-evaluation-harness output a text is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// A results JSON: an object with a `results` object and the harness's bookkeeping
    /// (`versions`, `config`, `n-shot`, `higher_is_better`, `group_subtasks` or `configs`).
    Results,
    /// A per-sample JSONL log: its first line an object with `doc_id` and the model's responses
    /// (`resps` or `filtered_resps`).
    Samples,
}

/// Which lm-evaluation-harness output `text` is, from its shape alone; `None` for anything else
/// (a sweepmap JSON dataset, a CSV, a JSON object of another tool). Reads the whole text for a
/// results JSON and the first non-blank line for a samples log.
pub fn recognise(text: &str) -> Option<Format> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first_line = text.lines().find(|line| !line.trim().is_empty())?;
    if let Ok(line) = serde_json::from_str::<ordered::Ordered<IgnoredAny>>(first_line) {
        let has = |key: &str| line.0.iter().any(|(name, _)| name == key);
        if has("doc_id") && (has("resps") || has("filtered_resps")) {
            return Some(Format::Samples);
        }
    }
    let object = serde_json::from_str::<ordered::Ordered<IgnoredAny>>(text).ok()?;
    let has = |key: &str| object.0.iter().any(|(name, _)| name == key);
    let bookkeeping = [
        "versions",
        "config",
        "configs",
        "n-shot",
        "higher_is_better",
        "group_subtasks",
    ];
    (has("results") && bookkeeping.iter().any(|key| has(key))).then_some(Format::Results)
}

/// An error placed in the file it came from.
fn in_file(file: &str, error: Error) -> Error {
    Error::InFile {
        file: file.to_string(),
        message: error.to_string(),
    }
}

/// An error placed in its file, with a word on `NaN` and `Infinity`, which Python's `json`
/// writes for numbers that are not finite but which are not JSON: the parser only says it
/// expected a value where one stands.
fn in_file_explained(file: &str, text: &str, error: Error) -> Error {
    let error = match error {
        Error::Json {
            line,
            column,
            message,
        } if message == "expected value" => {
            let written = text.lines().nth(line.saturating_sub(1)).unwrap_or_default();
            let not_finite = ["NaN", "Infinity"]
                .iter()
                .any(|word| written.contains(word));
            Error::Json {
                line,
                column,
                message: if not_finite {
                    "expected a value: NaN and Infinity (as Python writes numbers that are not \
                     finite) are not JSON; write null for a missing number"
                        .to_string()
                } else {
                    message
                },
            }
        }
        other => other,
    };
    in_file(file, error)
}

/// A field path element for messages: `["acc,none"]`.
fn key(name: &str) -> String {
    format!("[\"{}\"]", crate::error::excerpt(name))
}
