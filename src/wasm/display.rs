//! Data-supplied text as the page shows it: the core's rule ([`crate::display`]) for JavaScript,
//! so that the page and the figure cut and isolate labels the same way.

use wasm_bindgen::prelude::*;

use super::arguments;
use crate::display::{display_label, display_note};
use crate::figure::file_stem_of;

/// A label or title from the data as shown: cut to 200 characters (the last one "…") and
/// wrapped in U+2068 ... U+2069 when it holds a bidi control, so it cannot reorder the text
/// around it. Text that needs neither comes back unchanged.
#[wasm_bindgen(js_name = displayLabel)]
pub fn display_label_js(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
) -> Result<String, js_sys::Error> {
    let text = arguments::text("text", "a string", &text)?;
    Ok(display_label(&text).into_owned())
}

/// A note from the data (a source note), or a label given in full on request (a tooltip), as
/// shown: as `displayLabel`, cut at 5,000 characters.
#[wasm_bindgen(js_name = displayNote)]
pub fn display_note_js(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
) -> Result<String, js_sys::Error> {
    let text = arguments::text("text", "a string", &text)?;
    Ok(display_note(&text).into_owned())
}

/// A file name without its extension for a text such as a dataset's title: `KV-cache sweep` ->
/// `kv-cache-sweep`; `sweepmap` when the text has no letter or digit (the explorer's "Download
/// page" saves `<stem>.html`).
#[wasm_bindgen(js_name = fileStemOf)]
pub fn file_stem_of_js(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
) -> Result<String, js_sys::Error> {
    let text = arguments::text("text", "a string", &text)?;
    Ok(file_stem_of(&text))
}
