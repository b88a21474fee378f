//! Several CSV files opened at once (`mergeSweepFiles`, over [`crate::table::merge`]). In the
//! pairwise package, which the page fetches when several files are opened, rather than in the
//! one every page loads: merging is rare, and its code did not fit that package's budget.

use wasm_bindgen::prelude::*;

use super::{arguments, js_error, to_plain_object};
use crate::table::merge::merge_csv_files;

/// Merges several CSV files of one sweep into one CSV text (`names[i]` is `texts[i]`'s file
/// name): every column of every file, missing where a file lacks it, and a "source file"
/// column (a panel per file) when their runs would otherwise collide. Throws naming the file
/// that cannot be read or shares no column with the others.
#[wasm_bindgen(js_name = mergeSweepFiles, unchecked_return_type = "MergedSweepFiles")]
pub fn merge_sweep_files_js(
    #[wasm_bindgen(unchecked_param_type = "string[]")] names: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string[]")] texts: JsValue,
) -> Result<JsValue, js_sys::Error> {
    let list = |name: &str, value: &JsValue| {
        arguments::list_of_strings(value)
            .ok_or_else(|| arguments::invalid(name, "an array of strings", value))
    };
    let (names, texts) = (list("names", &names)?, list("texts", &texts)?);
    if names.len() != texts.len() {
        return Err(js_error(format!(
            "expected a name for each text, found {} names and {} texts",
            names.len(),
            texts.len()
        )));
    }
    let files: Vec<(String, String)> = names.into_iter().zip(texts).collect();
    to_plain_object(&merge_csv_files(&files).map_err(js_error)?)
}
