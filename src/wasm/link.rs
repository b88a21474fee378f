//! Share links for the page: `parseLink`, `readLinkSource` and `formatLink` over
//! [`crate::link`], with the view state as the page's plain objects, and `linkSchema`: the
//! format's keys, words and defaults, so the page keeps no copy of them. The objects coming in
//! are read field by hand (`Fields`) rather than with a derived serde `Deserialize`, which cost
//! several times the code in the wasm.

use wasm_bindgen::prelude::*;

use super::plain::PlainObject;
use super::{arguments, to_plain_object};
use crate::figure::DEFAULT_LEVEL;
use crate::link::{
    format_link_with, keys, parse_link, read_link_source, BinValue, ColorMapName, DataKind, Format,
    Layout, LinkContext, Named, PairwiseView, Range, Source, SweepView, ViewState, BINS,
    DEFAULT_PAIRWISE_MODELS, LEVELS, MAX_OFFERED_DECIMALS, MEAN_BENCHMARK,
};
use crate::view::{normalize, settings, Names, OptionValue, ValueKind, ViewFields};

/// What `query` must be, for the error when it is not a string.
const LINK_TEXT: &str = "the link's text (the address's fragment or query string)";

/// Reads a share link: `query` is the link's text, the address's fragment (`location.hash`, with
/// or without `#`) or, for an older link, its query string (`location.search`, with or without
/// `?`), `context` the names of the data it is for (`{ kind, models, benchmarks,
/// aggregates, groups, colorMaps, datasets }`, each optional: a list left out is not checked).
/// Returns `{ state, notices }`; never throws for a damaged link: every problem is a notice
/// `{ key, value, message }` and that setting keeps its default.
#[wasm_bindgen(js_name = parseLink, unchecked_return_type = "{ state: any; notices: LinkNotice[] }")]
pub fn parse_link_js(
    #[wasm_bindgen(unchecked_param_type = "string")] query: JsValue,
    #[wasm_bindgen(unchecked_param_type = "LinkContext | undefined")] context: JsValue,
) -> Result<JsValue, js_sys::Error> {
    let query = arguments::text("query", LINK_TEXT, &query)?;
    let context = read_context(&context)?;
    let parsed = parse_link(&query, &context);
    let object = PlainObject::new();
    object.set("state", &state_object(&parsed.state, true)?);
    object.set("notices", &to_plain_object(&parsed.notices)?);
    Ok(object.into())
}

/// A view state as the page holds it: a sweep view's fields, or `kind: "pairwise"` and then a
/// pairwise view's fields; each field by its state name, after the source unless `with_source`
/// is false (the default views). Written field by field as `viewOptions` writes its options,
/// rather than by a serde `Serialize` per view.
fn state_object(state: &ViewState, with_source: bool) -> Result<JsValue, js_sys::Error> {
    let (kind, source, values) = match state {
        ViewState::Sweep(view) => (None, &view.source, view.values()),
        ViewState::Pairwise(view) => (Some(DataKind::Pairwise.name()), &view.source, view.values()),
    };
    let object = PlainObject::new();
    if let Some(kind) = kind {
        object.set("kind", &JsValue::from_str(kind));
    }
    if with_source {
        object.set("source", &to_plain_object(source)?);
    }
    for (name, value) in values {
        object.set(name, &js_value(value));
    }
    Ok(object.into())
}

/// The share-link format as the page needs it besides reading and writing links: every key in
/// the order links are written, the words each setting takes (in the order the page lists
/// them), the numbers offered, the level uncertainty statements use when none is chosen, what
/// each layout uses, and the default views (without a source).
/// Built from the constants the parser and the writer use, so the page and the links cannot
/// disagree.
#[wasm_bindgen(js_name = linkSchema, unchecked_return_type = "LinkSchema")]
pub fn link_schema_js() -> Result<JsValue, js_sys::Error> {
    let schema = PlainObject::new();
    schema.set("keys", &words(&keys()));
    schema.set("settings", &settings_table());
    schema.set("layouts", &words(&Layout::names(Layout::ALL)));
    schema.set("ranges", &words(&Range::names(Range::ALL)));
    schema.set("pairwiseRanges", &words(&Range::names(Range::PAIRWISE)));
    schema.set("formats", &words(&Format::names(Format::ALL)));
    schema.set("binValues", &words(&BinValue::names(BinValue::ALL)));
    schema.set("bins", &numbers(BINS.map(f64::from)));
    schema.set("levels", &numbers(LEVELS));
    schema.set("defaultLevel", &JsValue::from_f64(DEFAULT_LEVEL));
    schema.set("maxDecimals", &JsValue::from(MAX_OFFERED_DECIMALS));
    schema.set("meanBenchmark", &JsValue::from_str(MEAN_BENCHMARK));
    schema.set("uses", &layout_uses());
    // A count, not a list: the default models are the data's first ones, whatever the data.
    schema.set(
        "pairwiseDefaultModels",
        &JsValue::from_f64(DEFAULT_PAIRWISE_MODELS as f64),
    );
    let sweep = ViewState::Sweep(SweepView::default());
    schema.set("sweep", &state_object(&sweep, false)?);
    let pairwise = ViewState::Pairwise(PairwiseView::default());
    schema.set("pairwise", &state_object(&pairwise, false)?);
    Ok(schema.into())
}

/// Every view setting as the page and the element need it: `[{ option, state, link, linkKeys,
/// attributes, kind, sweep, pairwise }]`, in the order links write them.
fn settings_table() -> JsValue {
    let table = js_sys::Array::new();
    for setting in settings::all() {
        let object = PlainObject::new();
        let text = |text: Option<&str>| text.map_or(JsValue::NULL, JsValue::from_str);
        object.set("option", &JsValue::from_str(setting.option));
        object.set("state", &text(setting.state));
        object.set("link", &text(setting.link));
        let link_keys = if setting.link.is_some() {
            setting.link_keys()
        } else {
            Vec::new()
        };
        object.set("linkKeys", &words(&link_keys));
        object.set("attributes", &words(&setting.attributes()));
        object.set("control", &text(setting.control));
        let kind = match setting.kind {
            ValueKind::Text => "text",
            ValueKind::Flag => "flag",
            ValueKind::Number => "number",
            ValueKind::TextList => "list",
        };
        object.set("kind", &JsValue::from_str(kind));
        object.set("sweep", &JsValue::from_bool(setting.in_sweep()));
        object.set("pairwise", &JsValue::from_bool(setting.in_pairwise()));
        table.push(&object);
    }
    table.into()
}

/// `{ layout: { model, modelB, benchmark, uncertainty, order } }`: what each layout uses.
fn layout_uses() -> JsValue {
    let all = PlainObject::new();
    for &layout in Layout::ALL {
        let uses = layout.uses();
        let object = PlainObject::new();
        object.set("model", &JsValue::from_bool(uses.model));
        object.set("modelB", &JsValue::from_bool(uses.model_b));
        object.set("benchmark", &JsValue::from_bool(uses.benchmark));
        object.set("uncertainty", &JsValue::from_bool(uses.uncertainty));
        object.set("order", &JsValue::from_bool(uses.order));
        all.set(layout.name(), &object);
    }
    all.into()
}

fn words<T: AsRef<str>>(words: &[T]) -> JsValue {
    words
        .iter()
        .map(|word| JsValue::from_str(word.as_ref()))
        .collect::<js_sys::Array>()
        .into()
}

fn numbers<const N: usize>(numbers: [f64; N]) -> JsValue {
    numbers
        .into_iter()
        .map(JsValue::from_f64)
        .collect::<js_sys::Array>()
        .into()
}

/// The data source of a share link alone, `{ source, notices }`, against the bundled dataset
/// ids (the first the default): which data to load before the view can be read.
#[wasm_bindgen(js_name = readLinkSource, unchecked_return_type = "{ source: any; notices: LinkNotice[] }")]
pub fn read_link_source_js(
    #[wasm_bindgen(unchecked_param_type = "string")] query: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string[] | undefined")] datasets: JsValue,
) -> Result<JsValue, js_sys::Error> {
    let query = arguments::text("query", LINK_TEXT, &query)?;
    let datasets = Fields::list_of("datasets", &datasets)?.unwrap_or_default();
    let (source, notices) = read_link_source(&query, &datasets);
    let object = PlainObject::new();
    object.set("source", &to_plain_object(&source)?);
    object.set("notices", &to_plain_object(&notices)?);
    Ok(object.into())
}

/// The link text (without `#`) of a view state, as the page writes it in its address's
/// fragment: its source, then `keys` when given (a run table's view, as `SweepTable.link`
/// writes it), then the values that differ from the defaults and that its layout and range use.
/// A state with `kind: "pairwise"` is a pairwise view. Throws an `Error` naming the field when the state holds a value of the wrong type.
#[wasm_bindgen(js_name = formatLink)]
pub fn format_link_js(
    #[wasm_bindgen(unchecked_param_type = "object")] state: JsValue,
    keys: Option<String>,
) -> Result<String, js_sys::Error> {
    Ok(format_link_with(
        &read_state(&state)?,
        keys.as_deref().unwrap_or_default(),
    ))
}

/// The fields of one object from the page; every getter takes `undefined` and `null` as "not
/// given" and names the field in its error (`field "state.layout": expected ..., found 3`).
struct Fields {
    name: &'static str,
    object: JsValue,
}

impl Fields {
    fn new(name: &'static str, value: &JsValue) -> Result<Fields, js_sys::Error> {
        if !value.is_object() || js_sys::Array::is_array(value) {
            return Err(arguments::invalid(name, "an object", value));
        }
        Ok(Fields {
            name,
            object: value.clone(),
        })
    }

    /// A field, or `None` when it is `undefined` or `null`.
    fn get(&self, key: &str) -> Option<JsValue> {
        let value = js_sys::Reflect::get(&self.object, &JsValue::from_str(key)).ok()?;
        arguments::given(value)
    }

    fn error(&self, key: &str, expected: &str, found: &JsValue) -> js_sys::Error {
        arguments::invalid(&format!("{}.{key}", self.name), expected, found)
    }

    fn text(&self, key: &str) -> Result<Option<String>, js_sys::Error> {
        self.get(key)
            .map(|value| {
                value
                    .as_string()
                    .ok_or_else(|| self.error(key, "a string", &value))
            })
            .transpose()
    }

    /// One of `choices`, by its name.
    fn choice<T: Named>(&self, key: &str, choices: &[T], default: T) -> Result<T, js_sys::Error> {
        let Some(value) = self.get(key) else {
            return Ok(default);
        };
        let text = value.as_string().unwrap_or_default();
        T::among(choices, &text).ok_or_else(|| {
            let names = T::names(choices).join(", ");
            self.error(key, &format!("one of {names}"), &value)
        })
    }

    fn list(&self, key: &str) -> Result<Option<Vec<String>>, js_sys::Error> {
        match self.get(key) {
            Some(value) => Fields::list_of(self.name, &value)
                .map_err(|_| self.error(key, "an array of strings", &value)),
            None => Ok(None),
        }
    }

    /// An array of strings, or `None` for `undefined` and `null`.
    fn list_of(name: &str, value: &JsValue) -> Result<Option<Vec<String>>, js_sys::Error> {
        if arguments::given(value.clone()).is_none() {
            return Ok(None);
        }
        arguments::list_of_strings(value)
            .map(Some)
            .ok_or_else(|| arguments::invalid(name, "an array of strings", value))
    }
}

fn read_source(fields: &Fields) -> Result<Source, js_sys::Error> {
    let Some(value) = fields.get("source") else {
        return Ok(Source::Bundled { id: None });
    };
    let source = Fields::new("state.source", &value)?;
    let format = source.choice("format", Format::ALL, Format::default())?;
    match source.text("kind")?.as_deref() {
        Some("bundled") => Ok(Source::Bundled {
            id: source.text("id")?,
        }),
        Some("url") => Ok(Source::Url {
            url: source.text("url")?.unwrap_or_default(),
            format,
        }),
        Some("local") => Ok(Source::Local {
            name: source.text("name")?.unwrap_or_default(),
            format,
            data: source.text("data")?,
            key: source.text("key")?.unwrap_or_default(),
        }),
        _ => Err(source.error(
            "kind",
            "\"bundled\", \"url\" or \"local\"",
            &source.get("kind").unwrap_or(JsValue::UNDEFINED),
        )),
    }
}

/// A view state from the page's object: each setting's field by its state name, checked to be
/// of the field's type (`undefined` and `null` are the default).
fn read_view<V: ViewFields>(fields: &Fields) -> Result<V, js_sys::Error> {
    let mut view = V::default();
    *view.source_mut() = read_source(fields)?;
    for setting in V::fields() {
        let Some(key) = setting.state else { continue };
        let Some(value) = fields.get(key) else {
            continue;
        };
        view.put(setting, &arguments::option_value(&value))
            .map_err(|expected| fields.error(key, &expected, &value))?;
    }
    Ok(view)
}

/// A view state of either kind: `kind: "pairwise"` is a pairwise view's.
fn read_state(value: &JsValue) -> Result<ViewState, js_sys::Error> {
    let fields = Fields::new("state", value)?;
    Ok(
        if fields.text("kind")?.as_deref() == Some(DataKind::Pairwise.name()) {
            ViewState::Pairwise(read_view(&fields)?)
        } else {
            ViewState::Sweep(read_view(&fields)?)
        },
    )
}

/// The names of the data a view is for: `{ models, benchmarks, aggregates, groups }`, each an
/// array of strings (left out: none).
fn read_names(value: &JsValue) -> Result<Names, js_sys::Error> {
    let fields = Fields::new("names", value)?;
    let list = |key| fields.list(key).map(Option::unwrap_or_default);
    Ok(Names {
        models: list("models")?,
        benchmarks: list("benchmarks")?,
        aggregates: list("aggregates")?,
        groups: list("groups")?,
    })
}

/// A view state as its link says it against the data's names: names the data lack and values
/// the page does not offer back to their defaults, defaults written as `null`, what the layout
/// or range does not use dropped, and a layout the data cannot show replaced. Never fails for a
/// state of the right types.
#[wasm_bindgen(js_name = normalizeView)]
pub fn normalize_view_js(
    #[wasm_bindgen(unchecked_param_type = "object")] state: JsValue,
    #[wasm_bindgen(unchecked_param_type = "ViewNames")] names: JsValue,
) -> Result<JsValue, js_sys::Error> {
    view_call(ViewCall::Normalize, &state, &names)
}

/// What the page calls data that are not a bundled dataset: "URL: <url>" when `url` is given,
/// "File: <name>" for a named file, else "Data carried by the link".
#[cfg(feature = "tables")]
#[wasm_bindgen(js_name = sourceLabel)]
pub fn source_label_js(url: Option<String>, name: Option<String>) -> String {
    crate::link::source_label(url.as_deref(), name.as_deref())
}

/// The note for a share link that leaves out the data of the local file `name`, or `undefined` when
/// a link carrying them is short enough (`crate::link::MAX_LINK_LENGTH`, 32,000 characters).
/// `data` is the length of the link with the data in it, `"not kept"` for a file read in
/// slices, or `"not compressible"` where the browser cannot compress the text.
#[cfg(feature = "tables")]
#[wasm_bindgen(js_name = linkDataNote)]
pub fn link_data_note_js(
    name: &str,
    #[wasm_bindgen(unchecked_param_type = "number | \"not kept\" | \"not compressible\"")]
    data: JsValue,
) -> Result<Option<String>, js_sys::Error> {
    use crate::link::LinkData;
    let data = match (data.as_f64(), data.as_string().as_deref()) {
        (Some(length), _) if length >= 0.0 && length.fract() == 0.0 => {
            LinkData::Length(length.min(u32::MAX as f64) as usize)
        }
        (_, Some("not kept")) => LinkData::NotKept,
        (_, Some("not compressible")) => LinkData::NotCompressible,
        _ => {
            let expected =
                "a link's length (a whole number from 0), \"not kept\" or \"not compressible\"";
            return Err(super::arguments::invalid("data", expected, &data));
        }
    };
    Ok(crate::link::data_left_out(name, data))
}

/// A count and its noun, singular for one, the count grouped by thousands: `counted(1, "panel")`
/// is "1 panel", `counted(1200, "pair")` "1,200 pairs": how the page words a count of things.
#[cfg(feature = "tables")]
#[wasm_bindgen]
pub fn counted(count: f64, noun: &str) -> String {
    crate::error::counted(count.max(0.0).min(u32::MAX as f64) as usize, noun)
}

/// What the page offers for a sweep state on data with these names: `{ differenceLabel,
/// modelLabel, uncertaintyLabel, layouts, models, order, benchmarks }` (`benchmarks`: `[value,
/// text]` pairs for the benchmark list), so that the page shows no control with nothing to
/// choose, counts nothing itself and words no label by layout.
#[cfg(feature = "tables")]
#[wasm_bindgen(js_name = viewChoices, unchecked_return_type = "{ differenceLabel: string; modelLabel: string; uncertaintyLabel: string; layouts: boolean; models: boolean; order: boolean; benchmarks: [string, string][] }")]
pub fn view_choices_js(
    #[wasm_bindgen(unchecked_param_type = "object")] state: JsValue,
    #[wasm_bindgen(unchecked_param_type = "ViewNames")] names: JsValue,
) -> Result<JsValue, js_sys::Error> {
    let view = match read_state(&state)? {
        ViewState::Sweep(view) => view,
        ViewState::Pairwise(_) => SweepView::default(),
    };
    super::to_plain_object(&normalize::choices(&view, &read_names(&names)?))
}

/// The model, model B and benchmark a sweep state shows on data with these names:
/// `{ model, modelB, benchmark }`, each `null` where the data have none.
#[wasm_bindgen(js_name = resolveView, unchecked_return_type = "{ model: string | null; modelB: string | null; benchmark: string | null }")]
pub fn resolve_view_js(
    #[wasm_bindgen(unchecked_param_type = "object")] state: JsValue,
    #[wasm_bindgen(unchecked_param_type = "ViewNames")] names: JsValue,
) -> Result<JsValue, js_sys::Error> {
    view_call(ViewCall::Resolve, &state, &names)
}

/// The options object of the figure for a view state on data with these names (`FigureOptions`
/// for a sweep, `PairwiseFigureOptions` for pairwise comparisons): every option the state holds,
/// the names it shows resolved, and `null` where the layout or range does not use an option.
#[wasm_bindgen(js_name = viewOptions, unchecked_return_type = "FigureOptions | PairwiseFigureOptions")]
pub fn view_options_js(
    #[wasm_bindgen(unchecked_param_type = "object")] state: JsValue,
    #[wasm_bindgen(unchecked_param_type = "ViewNames")] names: JsValue,
) -> Result<JsValue, js_sys::Error> {
    view_call(ViewCall::Options, &state, &names)
}

/// What `normalizeView`, `resolveView` and `viewOptions` do with a state and names.
#[derive(Clone, Copy)]
enum ViewCall {
    Normalize,
    Resolve,
    Options,
}

/// The body of `normalizeView`, `resolveView` and `viewOptions`, written once: the names read
/// first, then the state (a sweep state alone for `resolveView`).
fn view_call(call: ViewCall, state: &JsValue, names: &JsValue) -> Result<JsValue, js_sys::Error> {
    let names = read_names(names)?;
    if let ViewCall::Resolve = call {
        let view: SweepView = read_view(&Fields::new("state", state)?)?;
        return to_plain_object(&normalize::resolve_names(&view, &names));
    }
    let options = match (call, read_state(state)?) {
        (ViewCall::Options, ViewState::Sweep(view)) => normalize::sweep_options(&view, &names),
        (ViewCall::Options, ViewState::Pairwise(view)) => {
            normalize::pairwise_options(&view, &names)
        }
        (_, ViewState::Sweep(view)) => {
            let normal = ViewState::Sweep(normalize::normalize_sweep(&view, &names));
            return state_object(&normal, true);
        }
        (_, ViewState::Pairwise(view)) => {
            let normal = ViewState::Pairwise(normalize::normalize_pairwise(&view, &names));
            return state_object(&normal, true);
        }
    };
    let object = PlainObject::new();
    for (name, value) in options {
        object.set(name, &js_value(value));
    }
    Ok(object.into())
}

/// An option's value as JavaScript writes it.
fn js_value(value: OptionValue) -> JsValue {
    match value {
        OptionValue::Null => JsValue::NULL,
        OptionValue::Text(text) => JsValue::from_str(&text),
        OptionValue::Flag(flag) => JsValue::from_bool(flag),
        OptionValue::Number(number) => JsValue::from_f64(number),
        OptionValue::TextList(list) => words(&list),
        OptionValue::Other(_) => JsValue::UNDEFINED,
    }
}

/// The context of `parseLink`: every list optional.
fn read_context(value: &JsValue) -> Result<LinkContext, js_sys::Error> {
    if arguments::given(value.clone()).is_none() {
        return Ok(LinkContext::default());
    }
    let fields = Fields::new("context", value)?;
    let color_maps = match fields.get("colorMaps") {
        None => None,
        Some(list) if js_sys::Array::is_array(&list) => {
            let array: js_sys::Array = list.unchecked_into();
            let mut maps = Vec::new();
            for item in array.iter() {
                let map = Fields::new("context.colorMaps[]", &item)?;
                maps.push(ColorMapName {
                    name: map.text("name")?.unwrap_or_default(),
                    label: map.text("label")?.unwrap_or_default(),
                });
            }
            Some(maps)
        }
        Some(other) => return Err(fields.error("colorMaps", "an array of colour maps", &other)),
    };
    Ok(LinkContext {
        kind: fields.choice("kind", DataKind::ALL, DataKind::default())?,
        models: fields.list("models")?,
        benchmarks: fields.list("benchmarks")?,
        aggregates: fields.list("aggregates")?,
        groups: fields.list("groups")?,
        color_maps,
        datasets: fields.list("datasets")?.unwrap_or_default(),
    })
}

#[wasm_bindgen(typescript_custom_section)]
const LINK_TYPES: &'static str = r#"
/** What a layout uses: a link keeps only these, and the page shows only their controls. */
export interface LayoutUses {
  model: boolean;
  modelB: boolean;
  benchmark: boolean;
  uncertainty: boolean;
  order: boolean;
}

/** The share-link format's keys, words and defaults (`linkSchema()`), from the parser's own constants. */
export interface LinkSchema {
  /** Every key a link may carry, in the order links are written. */
  keys: string[];
  /** Every view setting, in the order links write them. */
  settings: ViewSetting[];
  /** Sweep layouts, in the order the page lists them. */
  layouts: string[];
  /** Colour range modes of sweeps. */
  ranges: string[];
  /** Colour range modes of pairwise figures (counts have no centre). */
  pairwiseRanges: string[];
  /** Formats a source can declare; "auto" is never written to a link. */
  formats: string[];
  /** What a pairwise bin's colour says. */
  binValues: string[];
  /** Bins per score axis offered for pairwise comparisons. */
  bins: number[];
  /** Confidence levels of the uncertainty marks. */
  levels: number[];
  /** The level uncertainty statements use when none is chosen; one of `levels`. */
  defaultLevel: number;
  /** Most decimals of the value labels. */
  maxDecimals: number;
  /** The benchmark value meaning "the mean across benchmarks". */
  meanBenchmark: string;
  /** What each layout uses, by layout. */
  uses: Record<string, LayoutUses>;
  /**
   * How many models pairwise comparisons show when none are chosen: the data's first ones (every
   * model when there are no more). A pairwise view's `models` is null for exactly those.
   */
  pairwiseDefaultModels: number;
  /** The default view of a sweep (without a source). */
  sweep: Record<string, unknown>;
  /** The default view of pairwise comparisons, with kind "pairwise" (without a source). */
  pairwise: Record<string, unknown>;
}

/** The names of the data a view is for (`normalizeView`, `resolveView`, `viewOptions`); a list left out is empty. */
export interface ViewNames {
  models?: string[] | null;
  benchmarks?: string[] | null;
  /** Reported aggregates (benchmarks with aggregate_of). */
  aggregates?: string[] | null;
  groups?: string[] | null;
}

/** One view setting: its option name, the field of the page's state that holds it, its link key (and every key a link reads for it), the element's attributes for it (the first its own), its type and the views that have it. */
export interface ViewSetting {
  option: string;
  state: string | null;
  link: string | null;
  linkKeys: string[];
  attributes: string[];
  /** The label of the control the page makes for the setting itself; null when the page lays it out by hand. */
  control: string | null;
  kind: "text" | "flag" | "number" | "list";
  sweep: boolean;
  pairwise: boolean;
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
