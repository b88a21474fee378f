//! What the explorer and `<sweep-map>` ask before loading data (`www/lib/source.js`):
//! `formatFromName`, `checkFetchedText` (a web page served instead of data), `guessKind` (which
//! loader a text needs) and `splitNames` (a list of names as links write it), over
//! [`crate::source`] and [`crate::link`]. Every build has them: `guessKind` is how a page without
//! the pairwise build learns that it needs it.

use wasm_bindgen::prelude::*;

use super::{arguments, js_error};
use crate::link::{split_names, DataKind, Format, Named};
use crate::pairwise::looks_like_item_scores;
use crate::source::{format_from_name, is_web_page};
use crate::Error;

/// The data format a file name or URL suggests: `"json"` for `.json`; `"csv"` for `.csv`,
/// `.tsv` and `.txt`; `"auto"` otherwise (the text decides). Query and fragment are ignored.
#[wasm_bindgen(js_name = formatFromName, unchecked_return_type = "\"auto\" | \"csv\" | \"json\"")]
pub fn format_from_name_js(
    #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
) -> Result<String, js_sys::Error> {
    let name = arguments::text("name", "a file name or URL (a string)", &name)?;
    Ok(format_from_name(&name).name().to_string())
}

/// Throws, with the message the loaders give in the words for a fetched address, when `text`
/// (the start of a response is enough) is a web page rather than data: it opens like a page
/// (`<!doctype html`, `<html`, `<head`, ... after white space and comments), or `contentType`
/// (the response's `Content-Type`, optional) says HTML and it starts with `<`.
#[wasm_bindgen(js_name = checkFetchedText)]
pub fn check_fetched_text(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | null | undefined")] content_type: JsValue,
) -> Result<(), js_sys::Error> {
    let text = arguments::text("text", "the response's text (a string)", &text)?;
    let content_type = match arguments::given(content_type) {
        Some(value) => Some(arguments::text(
            "contentType",
            "a Content-Type (a string)",
            &value,
        )?),
        None => None,
    };
    if is_web_page(&text, content_type.as_deref()) {
        return Err(js_error(Error::WebPage { fetched: true }));
    }
    Ok(())
}

/// Reads a list of names as links and the `models` attribute write it: separated by commas,
/// `\,` a comma inside a name and `\\` a backslash. Names are trimmed; empty ones left out.
#[wasm_bindgen(js_name = splitNames, unchecked_return_type = "string[]")]
pub fn split_names_js(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
) -> Result<JsValue, js_sys::Error> {
    let text = arguments::text("text", "a list of names (a string)", &text)?;
    Ok(split_names(&text)
        .iter()
        .map(|name| name.trim())
        .filter(|name| !name.is_empty())
        .map(JsValue::from_str)
        .collect::<js_sys::Array>()
        .into())
}

/// Which loader a text most likely needs: `"pairwise"` (per-item scores for `loadPairwise`) or
/// `"sweep"` (for `loadDataset`), by the forms' defining JSON keys or an item-like CSV column.
/// `format` is `"auto"` (the default), `"csv"` or `"json"`.
#[wasm_bindgen(js_name = guessKind)]
pub fn guess_kind(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_param_type = "\"auto\" | \"csv\" | \"json\" | undefined")]
    format: JsValue,
) -> Result<String, js_sys::Error> {
    let text = arguments::text("text", "the file's text (a string)", &text)?;
    let json = if format.is_undefined() || format.is_null() {
        None
    } else {
        let word = arguments::text("format", r#""auto", "csv" or "json""#, &format)?;
        let Some(declared) = Format::among(Format::ALL, &word) else {
            return Err(js_error(format!(
                r#"field "format": expected "auto", "csv" or "json", found "{word}""#
            )));
        };
        declared.is_json()
    };
    let kind = if looks_like_item_scores(&text, json) {
        DataKind::Pairwise
    } else {
        DataKind::Sweep
    };
    Ok(kind.name().to_string())
}
