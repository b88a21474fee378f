//! Column names that say what a column is: a model, a benchmark, a replicate, bookkeeping or a
//! metric. One list each, read by the tidy CSV loader and by the run table's role inference, so
//! both read a header the same way.

use crate::model::tidy::{detect_delimiter, first_record, normalize};

/// The name given to the unnamed first column a pandas `to_csv` writes (the row index).
pub const PANDAS_INDEX: &str = "(index)";

/// The text with an unnamed first column (pandas writes its row index so) named
/// [`PANDAS_INDEX`]. Here, beside the other names, for both packages: run tables and the merge
/// of several files ([`super::merge`]) read such files.
pub(crate) fn named_index(text: &str) -> std::borrow::Cow<'_, str> {
    let delimiter = detect_delimiter(text);
    let header = first_record(text, delimiter);
    let unnamed_index = header.len() > 1
        && header.first().is_some_and(|name| name.trim().is_empty())
        && header.iter().skip(1).all(|name| !name.trim().is_empty());
    match text.find(char::from(delimiter)) {
        // The blank first name, bare or quoted (`,a` or `"",a`, as polars writes it), holds no
        // delimiter: the name is put in its place.
        Some(end) if unnamed_index => {
            format!("{PANDAS_INDEX}{}", text.get(end..).unwrap_or_default()).into()
        }
        _ => text.into(),
    }
}

pub(crate) const MODEL_NAMES: &[&str] = &[
    "model",
    "modelname",
    "models",
    "llm",
    "system",
    "checkpoint",
    // The column a merge of several files adds (`merge::SOURCE_FILE`): a panel per file.
    "sourcefile",
];
pub(crate) const BENCHMARK_NAMES: &[&str] = &[
    "benchmark",
    "benchmarkname",
    "benchmarks",
    "bench",
    "dataset",
    "datasetname",
    "task",
    "taskname",
    "eval",
    "evaluation",
];
pub(crate) const REPLICATE_NAMES: &[&str] = &[
    "seed",
    "randomseed",
    "run",
    "runid",
    "runindex",
    "replicate",
    "rep",
    "repeat",
    "repetition",
    "trial",
    "sample",
    "sampleid",
    "fold",
];
pub(crate) const BOOKKEEPING_NAMES: &[&str] = &[
    "note",
    "notes",
    "comment",
    "comments",
    "description",
    "remark",
    "remarks",
    "path",
    "dir",
    "directory",
    "rundir",
    "outputdir",
    "logdir",
    "log",
    "file",
    "filename",
    "timestamp",
    "date",
    "time",
    "datetime",
    "commit",
    "githash",
    "hash",
    "host",
    "hostname",
    "id",
    "jobid",
    "runname",
    "url",
];
pub(crate) const METRIC_WORDS: &[&str] = &[
    "accuracy",
    "acc",
    "score",
    "f1",
    "bleu",
    "rouge",
    "em",
    "exactmatch",
    "value",
    "metric",
    "pass",
    "loss",
    "error",
    "perplexity",
    "ppl",
    "auc",
    "reward",
    "winrate",
    "precision",
    "recall",
    "result",
    "correct",
];

/// True for metric-like names: "pass@1", "Pass@k", "val_accuracy", "F1".
pub(crate) fn is_metric_name(name: &str) -> bool {
    let lower = crate::text::lower(name);
    if lower.contains("pass@") || lower.contains("acc@") || lower.contains("hit@") {
        return true;
    }
    lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .any(|word| METRIC_WORDS.contains(&word))
        || METRIC_WORDS.contains(&normalize(name).as_str())
}
