//! lm-evaluation-harness files converted into text sweepmap's loaders open, through the
//! readers of [`crate::lm_eval`]:
//! - results JSON (one or several files) into sweepmap's JSON panel form ([`results_to_json`]):
//!   one panel, y = model, x = task, the metric per task the reader chooses, and each cell's
//!   reported standard error as the panel's `standard_errors`, which the JSON loader reads back
//!   into the same dataset (`load_json(to_json(d)) == d`), so every figure, uncertainty mark,
//!   link and export of the default package works on it.
//!
//! Errors are the readers': they name the file, then the line and column or the field of the
//! original file.

use crate::error::Result;
use crate::lm_eval::{load_results, ResultsFile, ResultsOptions};

/// Results files converted: sweepmap's JSON of their one panel, and the notes a reader should
/// see (what was merged, tasks left out, cells missing).
#[derive(Debug, Clone, PartialEq)]
pub struct ConvertedResults {
    pub json: String,
    pub notes: Vec<String>,
}

/// Converts lm-evaluation-harness results files (one per model is the common case) into
/// sweepmap's JSON panel form: see the module documentation.
pub fn results_to_json(
    files: &[ResultsFile<'_>],
    options: &ResultsOptions,
) -> Result<ConvertedResults> {
    let loaded = load_results(files, options)?;
    Ok(ConvertedResults {
        json: crate::to_json(&loaded.dataset),
        notes: loaded.notes,
    })
}
