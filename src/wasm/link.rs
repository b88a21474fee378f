//! Share links for the page: `parseLink`, `readLinkSource` and `formatLink` over
//! [`crate::link`], with the view state as the page's plain objects.

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::{arguments, js_error, to_plain_object};
use crate::link::{
    format_link, parse_link, read_link_source, LinkContext, Notice, PairwiseView, Source,
    SweepView, ViewState,
};

/// A pairwise view as the page holds it: the view's fields and `kind: "pairwise"`.
#[derive(Serialize)]
struct TaggedPairwise<'a> {
    kind: &'static str,
    #[serde(flatten)]
    view: &'a PairwiseView,
}

#[derive(Serialize)]
struct ParsedObject<'a> {
    state: StateObject<'a>,
    notices: &'a [Notice],
}

#[derive(Serialize)]
#[serde(untagged)]
enum StateObject<'a> {
    Sweep(&'a SweepView),
    Pairwise(TaggedPairwise<'a>),
}

impl<'a> From<&'a ViewState> for StateObject<'a> {
    fn from(state: &'a ViewState) -> Self {
        match state {
            ViewState::Sweep(view) => StateObject::Sweep(view),
            ViewState::Pairwise(view) => StateObject::Pairwise(TaggedPairwise {
                kind: "pairwise",
                view,
            }),
        }
    }
}

/// Reads a share link: `query` is the address's query string (`location.search`, with or
/// without `?`), `context` the names of the data it is for (`{ kind, models, benchmarks,
/// aggregates, groups, colorMaps, datasets }`, each optional: a list left out is not checked).
/// Returns `{ state, notices }`; never throws for a damaged link: every problem is a notice
/// `{ key, value, message }` and that setting keeps its default.
#[wasm_bindgen(js_name = parseLink, unchecked_return_type = "{ state: any; notices: LinkNotice[] }")]
pub fn parse_link_js(
    #[wasm_bindgen(unchecked_param_type = "string")] query: JsValue,
    #[wasm_bindgen(unchecked_param_type = "LinkContext | undefined")] context: JsValue,
) -> Result<JsValue, js_sys::Error> {
    let query = arguments::text("query", "the link's query string", &query)?;
    let context: LinkContext = from_object("context", context)?;
    let parsed = parse_link(&query, &context);
    to_plain_object(&ParsedObject {
        state: StateObject::from(&parsed.state),
        notices: &parsed.notices,
    })
}

/// The data source of a share link alone, `{ source, notices }`, against the bundled dataset
/// ids (the first the default): which data to load before the view can be read.
#[wasm_bindgen(js_name = readLinkSource, unchecked_return_type = "{ source: any; notices: LinkNotice[] }")]
pub fn read_link_source_js(
    #[wasm_bindgen(unchecked_param_type = "string")] query: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string[] | undefined")] datasets: JsValue,
) -> Result<JsValue, js_sys::Error> {
    let query = arguments::text("query", "the link's query string", &query)?;
    let datasets: Vec<String> = from_object("datasets", datasets)?;
    let (source, notices) = read_link_source(&query, &datasets);
    #[derive(Serialize)]
    struct SourceObject<'a> {
        source: &'a Source,
        notices: &'a [Notice],
    }
    to_plain_object(&SourceObject {
        source: &source,
        notices: &notices,
    })
}

/// The query string (without `?`) of a view state: its source, then the values that differ from
/// the defaults and that its layout and range use. A state with `kind: "pairwise"` is a pairwise
/// view. Throws an `Error` naming the field when the state holds a value of the wrong type.
#[wasm_bindgen(js_name = formatLink)]
pub fn format_link_js(
    #[wasm_bindgen(unchecked_param_type = "object")] state: JsValue,
) -> Result<String, js_sys::Error> {
    let pairwise = state.is_object()
        && js_sys::Reflect::get(&state, &JsValue::from_str("kind"))
            .ok()
            .and_then(|kind| kind.as_string())
            .is_some_and(|kind| kind == "pairwise");
    let view = if pairwise {
        ViewState::Pairwise(from_object("state", state)?)
    } else {
        ViewState::Sweep(from_object("state", state)?)
    };
    Ok(format_link(&view))
}

/// An optional object argument read with serde; `undefined` and `null` are the defaults.
fn from_object<T: for<'de> Deserialize<'de> + Default>(
    name: &str,
    value: JsValue,
) -> Result<T, js_sys::Error> {
    if value.is_undefined() || value.is_null() {
        return Ok(T::default());
    }
    serde_wasm_bindgen::from_value(value)
        .map_err(|error| js_error(format!("argument \"{name}\": {error}")))
}

#[wasm_bindgen(typescript_custom_section)]
const LINK_TYPES: &'static str = r#"
/** A problem with one key of a share link: the key, its value as written, and what was wrong. */
export interface LinkNotice {
  key: string;
  value: string | null;
  message: string;
}

/** What `parseLink` checks a link against; a list left out (or null) is not checked. */
export interface LinkContext {
  kind?: "sweep" | "pairwise" | null;
  models?: string[] | null;
  benchmarks?: string[] | null;
  /** Reported aggregates (benchmarks with aggregate_of). */
  aggregates?: string[] | null;
  groups?: string[] | null;
  colorMaps?: { name: string; label?: string | null }[] | null;
  /** Bundled dataset ids, the first the default. */
  datasets?: string[] | null;
}
"#;
