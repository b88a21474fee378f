//! Share links for the page: `parseLink`, `readLinkSource` and `formatLink` over
//! [`crate::link`], with the view state as the page's plain objects, and `linkSchema`: the
//! format's keys, words and defaults, so the page keeps no copy of them. The objects coming in
//! are read field by hand (`Fields`) rather than with a derived serde `Deserialize`, which cost
//! several times the code in the wasm.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::{arguments, to_plain_object};
use crate::figure::DEFAULT_LEVEL;
use crate::link::{
    format_link, parse_link, read_link_source, BinValue, ColorMapName, DataKind, Format, Layout,
    LinkContext, Named, Notice, PairwiseView, Range, Source, SweepView, ViewState, BINS,
    DEFAULT_PAIRWISE_MODELS, KEYS, LEVELS, MAX_DECIMALS, MEAN_BENCHMARK,
};

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
    let object = js_sys::Object::new();
    set(&object, "state", &state_object(&parsed.state)?)?;
    set(&object, "notices", &to_plain_object(&parsed.notices)?)?;
    Ok(object.into())
}

/// A view state as the page holds it: a sweep view's fields, or `kind: "pairwise"` and then a
/// pairwise view's fields. The pairwise object is assembled here rather than by serde's
/// `flatten`, which writes through a map serializer compiled once per field type.
fn state_object(state: &ViewState) -> Result<JsValue, js_sys::Error> {
    match state {
        ViewState::Sweep(view) => to_plain_object(view),
        ViewState::Pairwise(view) => {
            let object = js_sys::Object::new();
            set(&object, "kind", &JsValue::from_str("pairwise"))?;
            let fields: js_sys::Object = to_plain_object(view)?.unchecked_into();
            Ok(js_sys::Object::assign(&object, &fields).into())
        }
    }
}

/// The share-link format as the page needs it besides reading and writing links: every key in
/// the order links are written, the words each setting takes (in the order the page lists
/// them), the numbers offered, the level uncertainty statements use when none is chosen, what
/// each layout uses, and the default views (without a source).
/// Built from the constants the parser and the writer use, so the page and the links cannot
/// disagree.
#[wasm_bindgen(js_name = linkSchema, unchecked_return_type = "LinkSchema")]
pub fn link_schema_js() -> Result<JsValue, js_sys::Error> {
    let schema = js_sys::Object::new();
    set(&schema, "keys", &words(&KEYS))?;
    set(&schema, "layouts", &words(&Layout::names(Layout::ALL)))?;
    set(&schema, "ranges", &words(&Range::names(Range::ALL)))?;
    set(
        &schema,
        "pairwiseRanges",
        &words(&Range::names(Range::PAIRWISE)),
    )?;
    set(&schema, "formats", &words(&Format::names(Format::ALL)))?;
    set(
        &schema,
        "binValues",
        &words(&BinValue::names(BinValue::ALL)),
    )?;
    set(&schema, "bins", &numbers(BINS.map(f64::from)))?;
    set(&schema, "levels", &numbers(LEVELS))?;
    set(&schema, "defaultLevel", &JsValue::from_f64(DEFAULT_LEVEL))?;
    set(&schema, "maxDecimals", &JsValue::from(MAX_DECIMALS))?;
    set(&schema, "meanBenchmark", &JsValue::from_str(MEAN_BENCHMARK))?;
    set(&schema, "uses", &layout_uses()?)?;
    // A count, not a list: the default models are the data's first ones, whatever the data.
    set(
        &schema,
        "pairwiseDefaultModels",
        &JsValue::from_f64(DEFAULT_PAIRWISE_MODELS as f64),
    )?;
    let sweep = ViewState::Sweep(SweepView::default());
    set(&schema, "sweep", &without_source(state_object(&sweep)?)?)?;
    let pairwise = ViewState::Pairwise(PairwiseView::default());
    set(
        &schema,
        "pairwise",
        &without_source(state_object(&pairwise)?)?,
    )?;
    Ok(schema.into())
}

/// `{ layout: { model, modelB, benchmark, uncertainty } }`: what each layout uses.
fn layout_uses() -> Result<JsValue, js_sys::Error> {
    let all = js_sys::Object::new();
    for &layout in Layout::ALL {
        let uses = layout.uses();
        let object = js_sys::Object::new();
        set(&object, "model", &JsValue::from_bool(uses.model))?;
        set(&object, "modelB", &JsValue::from_bool(uses.model_b))?;
        set(&object, "benchmark", &JsValue::from_bool(uses.benchmark))?;
        set(
            &object,
            "uncertainty",
            &JsValue::from_bool(uses.uncertainty),
        )?;
        set(&all, layout.name(), &object)?;
    }
    Ok(all.into())
}

/// A default view's fields: the defaults of a view, whatever data it is for.
fn without_source(state: JsValue) -> Result<JsValue, js_sys::Error> {
    js_sys::Reflect::delete_property(
        state.unchecked_ref::<js_sys::Object>(),
        &JsValue::from_str("source"),
    )
    .map(|_| state)
    .map_err(|_| js_sys::Error::new("could not leave the source out of a default view"))
}

fn words(words: &[&str]) -> JsValue {
    words
        .iter()
        .map(|word| JsValue::from_str(word))
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

/// Sets `key` on a plain object built here.
fn set(object: &js_sys::Object, key: &str, value: &JsValue) -> Result<(), js_sys::Error> {
    js_sys::Reflect::set(object, &JsValue::from_str(key), value)
        .map(|_| ())
        .map_err(|_| js_sys::Error::new(&format!("could not set \"{key}\" on a new object")))
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

/// The link text (without `#`) of a view state, as the page writes it in its address's
/// fragment: its source, then the values that differ from the defaults and that its layout and
/// range use. A state with `kind: "pairwise"` is a pairwise view. Throws an `Error` naming the field when the state holds a value of the wrong type.
#[wasm_bindgen(js_name = formatLink)]
pub fn format_link_js(
    #[wasm_bindgen(unchecked_param_type = "object")] state: JsValue,
) -> Result<String, js_sys::Error> {
    let fields = Fields::new("state", &state)?;
    let view = if fields.text("kind")?.as_deref() == Some("pairwise") {
        ViewState::Pairwise(read_pairwise(&fields)?)
    } else {
        ViewState::Sweep(read_sweep(&fields)?)
    };
    Ok(format_link(&view))
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

    fn flag(&self, key: &str, default: bool) -> Result<bool, js_sys::Error> {
        self.get(key).map_or(Ok(default), |value| {
            value
                .as_bool()
                .ok_or_else(|| self.error(key, "true or false", &value))
        })
    }

    fn number(&self, key: &str) -> Result<Option<f64>, js_sys::Error> {
        self.get(key)
            .map(|value| match value.as_f64() {
                Some(number) if number.is_finite() => Ok(number),
                _ => Err(self.error(key, "a finite number", &value)),
            })
            .transpose()
    }

    fn whole(&self, key: &str) -> Result<Option<u32>, js_sys::Error> {
        self.get(key)
            .map(|value| match value.as_f64() {
                Some(n) if n.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&n) => {
                    // A whole number within u32: the cast is exact.
                    Ok(n as u32)
                }
                _ => Err(self.error(key, "a whole number", &value)),
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

fn read_sweep(fields: &Fields) -> Result<SweepView, js_sys::Error> {
    let defaults = SweepView::default();
    Ok(SweepView {
        source: read_source(fields)?,
        layout: fields.choice("layout", Layout::ALL, defaults.layout)?,
        model: fields.text("model")?,
        model_b: fields.text("modelB")?,
        benchmark: fields.text("benchmark")?,
        color_map: fields.text("colorMap")?.unwrap_or(defaults.color_map),
        reversed: fields.flag("reversed", defaults.reversed)?,
        range: fields.choice("range", Range::ALL, defaults.range)?,
        min: fields.number("min")?,
        max: fields.number("max")?,
        center: fields.number("center")?.unwrap_or(defaults.center),
        annotate: fields.flag("annotate", defaults.annotate)?,
        decimals: fields.whole("decimals")?,
        uncertainty: fields.number("uncertainty")?,
    })
}

fn read_pairwise(fields: &Fields) -> Result<PairwiseView, js_sys::Error> {
    let defaults = PairwiseView::default();
    Ok(PairwiseView {
        source: read_source(fields)?,
        models: fields.list("models")?,
        group: fields.text("group")?,
        bins: fields.whole("bins")?.unwrap_or(defaults.bins),
        value: fields.choice("value", BinValue::ALL, defaults.value)?,
        logarithmic: fields.flag("logarithmic", defaults.logarithmic)?,
        color_map: fields.text("colorMap")?.unwrap_or(defaults.color_map),
        reversed: fields.flag("reversed", defaults.reversed)?,
        range: fields.choice("range", Range::ALL, defaults.range)?,
        min: fields.number("min")?,
        max: fields.number("max")?,
        annotate: fields.flag("annotate", defaults.annotate)?,
        decimals: fields.whole("decimals")?,
    })
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
/** A problem with one key of a share link: the key, its value as written, and what was wrong. */
export interface LinkNotice {
  key: string;
  value: string | null;
  message: string;
}

/** What a layout uses: a link keeps only these, and the page shows only their controls. */
export interface LayoutUses {
  model: boolean;
  modelB: boolean;
  benchmark: boolean;
  uncertainty: boolean;
}

/** The share-link format's keys, words and defaults (`linkSchema()`), from the parser's own constants. */
export interface LinkSchema {
  /** Every key a link may carry, in the order links are written. */
  keys: string[];
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
