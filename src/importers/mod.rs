//! Importers: files other tools write, converted into the text sweepmap's own loaders open, so
//! that every figure, link and export works on them unchanged. In the wasm they are their own
//! package (`www/pkg/importers/`, the `importers` feature), which a page fetches only when it
//! meets such a file; the package holds no figure code, only these conversions:
//! - the JSON table form (runs as JSON objects) into the CSV of its runs ([`json_table`]),
//!   which `openSweep` opens with the file's roles;
//! - lm-evaluation-harness results JSON into sweepmap's JSON panel form, with each cell's
//!   reported standard error ([`lm_eval`]), which `loadDataset` opens;
//! - lm-evaluation-harness samples logs into per-item scores as the pairwise package's JSON,
//!   the model of each guessed from its file's name when not given (the logs do not say).
//!
//! A conversion is exact (the converted text reads back as the original's values) and its
//! errors name where in the original file the problem is (a JSON path, a line), never a line of
//! the converted text.

pub mod json_table;
pub mod lm_eval;
pub mod reduction;
pub mod rename;

pub use json_table::{is_json_table, table_from_json, ConvertedTable};
pub use lm_eval::{
    guess_model, results_to_json, samples_to_json, ConvertedResults, ConvertedSamples,
};
pub use rename::{parse_renames, rename_left_out, rename_models};

/// A file an importer converts, recognised by [`importer_for`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Importer {
    /// Runs as JSON (the JSON table form): [`table_from_json`].
    Table,
    /// An lm-evaluation-harness results JSON ([`crate::lm_eval::recognise`]).
    LmEvalResults,
    /// An lm-evaluation-harness per-sample log (JSONL).
    LmEvalSamples,
}

impl Importer {
    /// The importer's name, as `importerFor` answers it.
    pub fn name(self) -> &'static str {
        match self {
            Importer::Table => "table",
            Importer::LmEvalResults => "lm-eval-results",
            Importer::LmEvalSamples => "lm-eval-samples",
        }
    }
}

/// Which importer a text needs, if any: an lm-evaluation-harness file (by the harness's keys),
/// else runs as JSON (an array at the top, or an object with `runs`). CSV and sweepmap's own
/// JSON forms need none. A page asks it (`importerFor`) of JSON the default package refused.
pub fn importer_for(text: &str) -> Option<Importer> {
    let start = text.trim_start_matches(|c: char| c == '\u{feff}' || c.is_whitespace());
    if !start.starts_with(['{', '[']) {
        return None;
    }
    match crate::lm_eval::recognise(text) {
        Some(crate::lm_eval::Format::Results) => Some(Importer::LmEvalResults),
        Some(crate::lm_eval::Format::Samples) => Some(Importer::LmEvalSamples),
        None => is_json_table(text).then_some(Importer::Table),
    }
}
