//! The JSON form: a dataset with its metadata spelled out (metric and direction, axis names and
//! values, facet names, items per benchmark, reported aggregates, provenance).
//!
//! `cells` holds one row per y value in the order of `y.values` as written, and one entry per x
//! value in the order of `x.values`, so a file can be written top-down exactly as a figure shows
//! it. A cell is a number, `null` (missing), or `{"replicates": [{"label": "0", "value": 41.3}]}`.
//! Unknown fields are errors, so a typo never passes silently.

use crate::hash::FastMap;

use std::fmt;

use serde::de::{DeserializeSeed, Error as _, MapAccess, SeqAccess, Visitor};

use super::axis::parse_number;
use super::build::{BenchmarkInfos, Builder, Names, Record};
use super::dataset::{BenchmarkInfo, Dataset, Direction, Metric};
use super::json_value::{member, only_keys, JsonValue};
use crate::error::{excerpt, Error, Result};

/// The result of reading one field's value.
pub(crate) type Field<'de, A> = std::result::Result<(), <A as MapAccess<'de>>::Error>;

/// A JSON object of known fields, read field by field through [`ObjectVisitor`] rather than a
/// derived `Deserialize`: the derive compiles, per type, a field enum with its visitor and a
/// second form that reads the object from an array, and it was the largest part of JSON loading
/// in the wasm. The messages are the derive's with `deny_unknown_fields` (`unknown field
/// `metrc`, expected one of ...`, `missing field `panels``, `duplicate field `x``), at the
/// same positions, and a value of another type is `expected an object`.
pub(crate) trait JsonObject: Default {
    /// The field names, in the order messages list them.
    const FIELDS: &'static [&'static str];
    /// The fields that must be given; the others keep their default when left out.
    const REQUIRED: &'static [&'static str];
    /// How many of `FIELDS` (the first ones) the array form holds: a field added later is
    /// written by name only, so arrays written before it still read.
    const ARRAY_FIELDS: usize = usize::MAX;

    /// Reads the value of field `name`, which is one of `FIELDS`.
    fn read_field<'de, A: MapAccess<'de>>(&mut self, name: &str, map: &mut A) -> Field<'de, A>;
}

/// A family of [`JsonObject`] types (an enum with one variant per type, made by
/// [`deserialize_as_objects`]), read through one [`ObjectVisitor`]: serde_json's
/// `deserialize_struct` and the visitor are compiled once per family rather than once per type.
pub(crate) trait JsonObjects {
    /// The object's [`JsonObject::FIELDS`].
    fn fields(&self) -> &'static [&'static str];
    /// The object's [`JsonObject::REQUIRED`].
    fn required(&self) -> &'static [&'static str];
    /// The object's [`JsonObject::ARRAY_FIELDS`].
    fn array_fields(&self) -> usize;
    /// The object's [`JsonObject::read_field`].
    fn read_field<'de, A: MapAccess<'de>>(&mut self, name: &str, map: &mut A) -> Field<'de, A>;
}

/// Reads an object of a [`JsonObjects`] family from a JSON object into the empty object it holds.
pub(crate) struct ObjectVisitor<F>(pub(crate) F);

impl<'de, F: JsonObjects> Visitor<'de> for ObjectVisitor<F> {
    type Value = F;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("an object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<F, A::Error> {
        let mut object = self.0;
        // Bit i: FIELDS[i] was given (no object has more than 32 fields).
        let mut given = 0u32;
        while let Some(key) = map.next_key::<String>()? {
            let name = given_field(object.fields(), &key, &mut given)?;
            object.read_field(name, &mut map)?;
        }
        all_required(object.fields(), object.required(), given)?;
        Ok(object)
    }

    /// The array form serde's derive also reads: the fields' values in order, every one given
    /// (a top-level object, the only kind with defaulted fields, is never read from an array).
    fn visit_seq<S: SeqAccess<'de>>(self, seq: S) -> std::result::Result<F, S::Error> {
        let mut object = self.0;
        let mut elements = ElementsAsFields { seq, index: 0 };
        for (index, name) in object
            .fields()
            .iter()
            .take(object.array_fields())
            .enumerate()
        {
            elements.index = index;
            object.read_field(name, &mut elements)?;
        }
        Ok(object)
    }
}

// The checks of `visit_map` that do not depend on the object's type, out of it: compiled once,
// not once per object type.

/// The field named `key`, marked in `given`; an unknown or repeated key is an error.
#[inline(never)]
fn given_field<E: serde::de::Error>(
    fields: &'static [&'static str],
    key: &str,
    given: &mut u32,
) -> std::result::Result<&'static str, E> {
    for (index, &name) in fields.iter().enumerate() {
        if name == key {
            if *given & (1 << index) != 0 {
                return Err(E::duplicate_field(name));
            }
            *given |= 1 << index;
            return Ok(name);
        }
    }
    // The key comes from the data: cut, so that a key of a megabyte gives a message of a line.
    Err(E::unknown_field(&excerpt(key), fields))
}

/// An error for the first of `required` (in the order of `fields`) that `given` lacks.
#[inline(never)]
fn all_required<E: serde::de::Error>(
    fields: &'static [&'static str],
    required: &'static [&'static str],
    given: u32,
) -> std::result::Result<(), E> {
    for (index, field) in fields.iter().enumerate() {
        if given & (1 << index) == 0 && required.contains(field) {
            return Err(E::missing_field(field));
        }
    }
    Ok(())
}

/// An array's elements read as the values of an object's fields, in order.
struct ElementsAsFields<S> {
    seq: S,
    /// The position of the field being read, for the message when the array is too short.
    index: usize,
}

impl<'de, S: SeqAccess<'de>> MapAccess<'de> for ElementsAsFields<S> {
    type Error = S::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        _seed: K,
    ) -> std::result::Result<Option<K::Value>, S::Error> {
        Ok(None)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(
        &mut self,
        seed: V,
    ) -> std::result::Result<V::Value, S::Error> {
        match self.seq.next_element_seed(seed)? {
            Some(value) => Ok(value),
            None => Err(S::Error::invalid_length(self.index, &"an object")),
        }
    }
}

/// A family of [`JsonObject`] types: `Family { Variant(Type), ... }` declares the enum, its
/// [`JsonObjects`] and `Deserialize` for each type, through the family's [`ObjectVisitor`].
macro_rules! deserialize_as_objects {
    ($family:ident { $($variant:ident($object:ty)),* $(,)? }) => {
        /// The objects read through one visitor (see `JsonObjects`). Each value lives while one
        /// object is read, so its size does not matter: no box per variant.
        #[allow(clippy::large_enum_variant)]
        enum $family {
            $($variant($object)),*
        }

        impl $crate::model::JsonObjects for $family {
            fn fields(&self) -> &'static [&'static str] {
                match self {
                    $(Self::$variant(_) => <$object as $crate::model::JsonObject>::FIELDS),*
                }
            }

            fn required(&self) -> &'static [&'static str] {
                match self {
                    $(Self::$variant(_) => <$object as $crate::model::JsonObject>::REQUIRED),*
                }
            }

            fn array_fields(&self) -> usize {
                match self {
                    $(Self::$variant(_) => <$object as $crate::model::JsonObject>::ARRAY_FIELDS),*
                }
            }

            fn read_field<'de, A: serde::de::MapAccess<'de>>(
                &mut self,
                name: &str,
                map: &mut A,
            ) -> $crate::model::Field<'de, A> {
                match self {
                    $(Self::$variant(object) => {
                        $crate::model::JsonObject::read_field(object, name, map)
                    })*
                }
            }
        }

        $(
            impl<'de> serde::Deserialize<'de> for $object {
                fn deserialize<D: serde::Deserializer<'de>>(
                    deserializer: D,
                ) -> std::result::Result<Self, D::Error> {
                    let empty = $family::$variant(<$object>::default());
                    // A struct, not a map: serde_json then reads the array form too.
                    let read = deserializer.deserialize_struct(
                        "",
                        <$object as $crate::model::JsonObject>::FIELDS,
                        $crate::model::ObjectVisitor(empty),
                    )?;
                    match read {
                        $family::$variant(object) => Ok(object),
                        // The visitor gives back the kind of object it was given.
                        #[allow(unreachable_patterns)]
                        _ => Ok(<$object>::default()),
                    }
                }
            }
        )*
    };
}
pub(crate) use deserialize_as_objects;

#[derive(Default)]
struct DatasetJson {
    title: Option<String>,
    source: Option<String>,
    metric: MetricJson,
    x: AxisJson,
    y: AxisJson,
    model: Option<String>,
    benchmark: Option<String>,
    replicate: Option<String>,
    shows: Option<String>,
    caption: Option<String>,
    benchmarks: Vec<BenchmarkJson>,
    panels: Vec<PanelJson>,
}

impl JsonObject for DatasetJson {
    const FIELDS: &'static [&'static str] = &[
        "title",
        "source",
        "metric",
        "x",
        "y",
        "model",
        "benchmark",
        "replicate",
        "shows",
        "caption",
        "benchmarks",
        "panels",
    ];
    const REQUIRED: &'static [&'static str] = &["metric", "x", "y", "panels"];

    fn read_field<'de, A: MapAccess<'de>>(&mut self, name: &str, map: &mut A) -> Field<'de, A> {
        match name {
            "title" => self.title = map.next_value()?,
            "source" => self.source = map.next_value()?,
            "metric" => self.metric = map.next_value()?,
            "x" => self.x = map.next_value()?,
            "y" => self.y = map.next_value()?,
            "model" => self.model = map.next_value()?,
            "benchmark" => self.benchmark = map.next_value()?,
            "replicate" => self.replicate = map.next_value()?,
            "shows" => self.shows = map.next_value()?,
            "caption" => self.caption = map.next_value()?,
            "benchmarks" => self.benchmarks = map.next_value()?,
            _ => self.panels = map.next_value()?,
        }
        Ok(())
    }
}

#[derive(Default)]
struct MetricJson {
    name: String,
    direction: Option<String>,
    unit: Option<String>,
}

impl JsonObject for MetricJson {
    const FIELDS: &'static [&'static str] = &["name", "direction", "unit"];
    const REQUIRED: &'static [&'static str] = &["name"];

    fn read_field<'de, A: MapAccess<'de>>(&mut self, name: &str, map: &mut A) -> Field<'de, A> {
        match name {
            "name" => self.name = map.next_value()?,
            "direction" => self.direction = map.next_value()?,
            _ => self.unit = map.next_value()?,
        }
        Ok(())
    }
}

#[derive(Default)]
struct AxisJson {
    name: String,
    values: Vec<JsonValue>,
}

impl JsonObject for AxisJson {
    const FIELDS: &'static [&'static str] = &["name", "values"];
    const REQUIRED: &'static [&'static str] = &["name", "values"];

    fn read_field<'de, A: MapAccess<'de>>(&mut self, name: &str, map: &mut A) -> Field<'de, A> {
        match name {
            "name" => self.name = map.next_value()?,
            _ => self.values = map.next_value()?,
        }
        Ok(())
    }
}

#[derive(Default)]
struct BenchmarkJson {
    name: String,
    items: Option<u32>,
    samples_per_item: Option<u32>,
    aggregate_of: Option<Vec<String>>,
}

impl JsonObject for BenchmarkJson {
    const FIELDS: &'static [&'static str] = &["name", "items", "samples_per_item", "aggregate_of"];
    const REQUIRED: &'static [&'static str] = &["name"];

    fn read_field<'de, A: MapAccess<'de>>(&mut self, name: &str, map: &mut A) -> Field<'de, A> {
        match name {
            "name" => self.name = map.next_value()?,
            "items" => self.items = map.next_value()?,
            "samples_per_item" => self.samples_per_item = map.next_value()?,
            _ => self.aggregate_of = map.next_value()?,
        }
        Ok(())
    }
}

#[derive(Default)]
struct PanelJson {
    model: Option<String>,
    benchmark: Option<String>,
    cells: Vec<Vec<JsonValue>>,
    /// The standard error each cell was reported with (lm-evaluation-harness's `acc_stderr`),
    /// shaped as `cells`, `null` where none; empty when not given.
    standard_errors: Vec<Vec<JsonValue>>,
}

impl JsonObject for PanelJson {
    const FIELDS: &'static [&'static str] = &["model", "benchmark", "cells", "standard_errors"];
    const REQUIRED: &'static [&'static str] = &["cells"];
    // `standard_errors` came after the array form `[model, benchmark, cells]`.
    const ARRAY_FIELDS: usize = 3;

    fn read_field<'de, A: MapAccess<'de>>(&mut self, name: &str, map: &mut A) -> Field<'de, A> {
        match name {
            "model" => self.model = map.next_value()?,
            "benchmark" => self.benchmark = map.next_value()?,
            "standard_errors" => self.standard_errors = map.next_value()?,
            _ => self.cells = map.next_value()?,
        }
        Ok(())
    }
}

deserialize_as_objects!(DatasetObject {
    Dataset(DatasetJson),
    Metric(MetricJson),
    Axis(AxisJson),
    Benchmark(BenchmarkJson),
    Panel(PanelJson),
});

fn invalid(field: impl Into<String>, expected: impl Into<String>) -> Error {
    Error::InvalidField {
        field: field.into(),
        expected: expected.into(),
    }
}

/// The text of a JSON number as sweepmap writes it (shortest form that reads back the same).
pub(crate) fn number_label(number: &serde_json::Number) -> Option<String> {
    if let Some(integer) = number.as_i64() {
        return Some(integer.to_string());
    }
    if let Some(integer) = number.as_u64() {
        return Some(integer.to_string());
    }
    number
        .as_f64()
        .filter(|v| v.is_finite())
        .map(crate::float_text::shortest)
}

fn axis_labels(axis: &AxisJson, field: &str) -> Result<Vec<String>> {
    if axis.name.trim().is_empty() {
        return Err(invalid(format!("{field}.name"), "a non-empty axis name"));
    }
    if axis.values.is_empty() {
        return Err(invalid(
            format!("{field}.values"),
            "at least one axis value",
        ));
    }
    let mut labels: Vec<String> = Vec::with_capacity(axis.values.len());
    for (index, value) in axis.values.iter().enumerate() {
        let label = match value {
            JsonValue::Number(number) => number_label(number)
                .ok_or_else(|| invalid(format!("{field}.values[{index}]"), "a finite number"))?,
            JsonValue::String(text) if !text.trim().is_empty() => text.trim().to_string(),
            _ => {
                return Err(invalid(
                    format!("{field}.values[{index}]"),
                    "a number or a non-empty string",
                ))
            }
        };
        labels.push(label);
    }
    // As in CSV: values repeat by number on a numeric axis ("0.10" is "0.1"), by text on an axis
    // with any text value (where "0.1" and ".10" are two categories).
    let numbers = super::axis::parse_numbers(&labels);
    for (index, label) in labels.iter().enumerate() {
        let earlier = labels.get(..index).unwrap_or_default();
        let repeated = match &numbers {
            Some(numbers) => numbers
                .get(..index)
                .unwrap_or_default()
                .contains(&parse_number(label).unwrap_or(f64::NAN)),
            None => earlier.contains(label),
        };
        if repeated {
            return Err(invalid(
                format!("{field}.values[{index}]"),
                format!(
                    "a value not already on the axis (\"{}\" is)",
                    excerpt(label)
                ),
            ));
        }
    }
    Ok(labels)
}

/// Parses a JSON document whose top level must be an object (a dataset), after an optional
/// byte order mark. Errors name the line and column; an array or a number at the top level is
/// said to be one, rather than failing on its first element.
pub(crate) fn parse_object<T: serde::de::DeserializeOwned>(text: &str) -> Result<T> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(Error::EmptyJson);
    }
    let start = text.len() - text.trim_start().len();
    if !text.get(start..).unwrap_or_default().starts_with('{') {
        if crate::source::is_web_page(text, None) {
            return Err(Error::WebPage { fetched: false });
        }
        let before = text.get(..start).unwrap_or_default();
        let line = before.matches('\n').count() + 1;
        let column = before
            .rsplit('\n')
            .next()
            .map_or(0, |tail| tail.chars().count())
            + 1;
        let found = match text.get(start..).and_then(|rest| rest.chars().next()) {
            Some('[') => "an array".to_string(),
            Some(other) => format!("\"{other}\""),
            None => "nothing".to_string(),
        };
        return Err(Error::Json {
            line,
            column,
            message: format!("expected a JSON object {{ ... }} holding the dataset, found {found}"),
        });
    }
    serde_json::from_str(text).map_err(|error| Error::Json {
        line: error.line(),
        column: error.column(),
        message: plain_serde_message(&error.to_string()),
    })
}

/// serde's message without its position (the error names it).
fn plain_serde_message(message: &str) -> String {
    message
        .split(" at line ")
        .next()
        .unwrap_or_default()
        .to_string()
}

/// Loads a dataset from the JSON form. Never panics; errors name the line and column for
/// malformed JSON and the field path (`panels[2].cells[1][3]`) for values of the wrong shape.
pub fn load_json(text: &str) -> Result<Dataset> {
    let parsed: DatasetJson = parse_object(text)?;
    if parsed.metric.name.trim().is_empty() {
        return Err(invalid("metric.name", "a non-empty metric name"));
    }
    let direction = match &parsed.metric.direction {
        None => Direction::guess_from_name(&parsed.metric.name),
        Some(text) => Direction::parse(text)
            .ok_or_else(|| invalid("metric.direction", "\"higher\" or \"lower\""))?,
    };
    let x_labels = axis_labels(&parsed.x, "x")?;
    let y_labels = axis_labels(&parsed.y, "y")?;
    if parsed.panels.is_empty() {
        return Err(invalid("panels", "at least one panel"));
    }

    let mut builder = Builder::default();
    // Both maps are `FastMap<String, usize>`, the one map type the loaders share (each key and
    // value type compiles its own hash table): panels by model and benchmark, and benchmarks.
    let mut panel_keys: FastMap<String, usize> = FastMap::default();
    let mut levels: FastMap<String, usize> = FastMap::default();
    for (panel_index, panel) in parsed.panels.iter().enumerate() {
        let path = format!("panels[{panel_index}]");
        let model = facet_level(&panel.model, &parsed.model, &path, "model")?;
        let benchmark = facet_level(&panel.benchmark, &parsed.benchmark, &path, "benchmark")?;
        levels.insert(benchmark.clone(), panel_index);
        // The model's length first: no two (model, benchmark) pairs give the same key.
        let key = format!("{}:{model}{benchmark}", model.len());
        if let Some(first) = panel_keys.insert(key, panel_index) {
            return Err(invalid(
                path,
                format!("a model and benchmark not already given by panels[{first}]"),
            ));
        }
        if panel.cells.len() != y_labels.len() {
            return Err(invalid(
                format!("{path}.cells"),
                format!(
                    "{} rows, one per y value, found {}",
                    y_labels.len(),
                    panel.cells.len()
                ),
            ));
        }
        for (row_index, (row, y_label)) in panel.cells.iter().zip(&y_labels).enumerate() {
            if row.len() != x_labels.len() {
                return Err(invalid(
                    format!("{path}.cells[{row_index}]"),
                    format!(
                        "{} values, one per x value, found {}",
                        x_labels.len(),
                        row.len()
                    ),
                ));
            }
            for (column_index, (cell, x_label)) in row.iter().zip(&x_labels).enumerate() {
                let cell_path = format!("{path}.cells[{row_index}][{column_index}]");
                add_cell(
                    &mut builder,
                    cell,
                    &cell_path,
                    (&model, &benchmark, x_label, y_label),
                    parsed.replicate.is_some(),
                )?;
            }
        }
    }

    let mut info = BenchmarkInfos::default();
    for (index, benchmark) in parsed.benchmarks.iter().enumerate() {
        let path = format!("benchmarks[{index}]");
        if !levels.contains_key(benchmark.name.as_str()) {
            return Err(invalid(
                format!("{path}.name"),
                format!(
                    "a benchmark that has panels (\"{}\" has none)",
                    excerpt(&benchmark.name)
                ),
            ));
        }
        if info.get(&benchmark.name).is_some() {
            return Err(invalid(
                format!("{path}.name"),
                "each benchmark described once",
            ));
        }
        if benchmark.items == Some(0) || benchmark.samples_per_item == Some(0) {
            return Err(invalid(path, "items and samples_per_item of at least 1"));
        }
        if let Some(parts) = &benchmark.aggregate_of {
            for part in parts {
                if !levels.contains_key(part.as_str()) || part == &benchmark.name {
                    return Err(invalid(
                        format!("{path}.aggregate_of"),
                        format!(
                            "names of other benchmarks that have panels (\"{}\" is not)",
                            excerpt(part)
                        ),
                    ));
                }
            }
        }
        info.insert(
            &benchmark.name,
            BenchmarkInfo {
                items: benchmark.items,
                samples_per_item: benchmark.samples_per_item,
                aggregate_of: benchmark.aggregate_of.clone(),
            },
        );
    }

    let names = Names {
        metric: Metric {
            name: parsed.metric.name,
            direction,
            unit: parsed.metric.unit,
        },
        x: parsed.x.name,
        y: parsed.y.name,
        model: parsed.model,
        benchmark: parsed.benchmark,
        replicate: parsed.replicate,
    };
    let mut dataset = builder.build(names, parsed.title, parsed.source, &info)?;
    // What a run table's view shows travels with its export.
    dataset.shows = parsed.shows.filter(|shows| !shows.trim().is_empty());
    dataset.caption = parsed.caption.filter(|caption| !caption.trim().is_empty());
    for (panel_index, panel) in parsed.panels.iter().enumerate() {
        if !panel.standard_errors.is_empty() {
            read_standard_errors(&mut dataset, panel, panel_index, &x_labels, &y_labels)?;
        }
    }
    Ok(dataset)
}

/// A panel's `standard_errors` (shaped as its cells: a number of at least 0 or `null` each)
/// into the built panel's reported errors, in the dataset's axis order.
fn read_standard_errors(
    dataset: &mut Dataset,
    panel: &PanelJson,
    panel_index: usize,
    x_labels: &[String],
    y_labels: &[String],
) -> Result<()> {
    let errors = &panel.standard_errors;
    let path = format!("panels[{panel_index}].standard_errors");
    let columns = dataset.x.len();
    let mut reported = vec![None; columns * dataset.y.len()];
    if errors.len() != y_labels.len() {
        return Err(invalid(
            path,
            format!("{} rows, shaped as the cells", y_labels.len()),
        ));
    }
    for (row_index, (row, y_label)) in errors.iter().zip(y_labels).enumerate() {
        if row.len() != x_labels.len() {
            return Err(invalid(
                format!("{path}[{row_index}]"),
                format!("{} values, shaped as the cells", x_labels.len()),
            ));
        }
        for (column_index, (error, x_label)) in row.iter().zip(x_labels).enumerate() {
            let error = match error {
                JsonValue::Null => continue,
                JsonValue::Number(number) => {
                    number.as_f64().filter(|se| se.is_finite() && *se >= 0.0)
                }
                _ => None,
            };
            let Some(error) = error else {
                return Err(invalid(
                    format!("{path}[{row_index}][{column_index}]"),
                    "a standard error (a number of at least 0) or null",
                ));
            };
            let x = dataset.x.position(x_label);
            let y = dataset.y.position(y_label);
            if let (Some(x), Some(y)) = (x, y) {
                if let Some(slot) = reported.get_mut(y * columns + x) {
                    *slot = Some(error);
                }
            }
        }
    }
    let model = panel.model.as_deref().unwrap_or_default();
    let benchmark = panel.benchmark.as_deref().unwrap_or_default();
    let found = dataset.panels.iter_mut().find(|built| {
        dataset
            .models
            .levels
            .get(built.model)
            .map_or("", String::as_str)
            == model
            && dataset
                .benchmarks
                .levels
                .get(built.benchmark)
                .map_or("", String::as_str)
                == benchmark
    });
    if let Some(built) = found {
        if reported.iter().any(Option::is_some) {
            built.reported_errors = reported;
        }
    }
    Ok(())
}

fn facet_level(
    level: &Option<String>,
    facet: &Option<String>,
    path: &str,
    role: &str,
) -> Result<String> {
    match (level, facet) {
        (Some(level), Some(_)) if !level.trim().is_empty() => Ok(level.clone()),
        (Some(_), Some(_)) => Err(invalid(format!("{path}.{role}"), format!("a {role} name"))),
        (None, Some(facet)) => Err(invalid(
            format!("{path}.{role}"),
            format!(
                "the {role} (the dataset has a \"{}\" facet)",
                excerpt(facet)
            ),
        )),
        (Some(_), None) => Err(invalid(
            format!("{path}.{role}"),
            format!("no {role}: the dataset names no {role} facet (add \"{role}\": \"...\")"),
        )),
        (None, None) => Ok(String::new()),
    }
}

fn add_cell(
    builder: &mut Builder,
    cell: &JsonValue,
    path: &str,
    (model, benchmark, x, y): (&str, &str, &str, &str),
    has_replicates: bool,
) -> Result<()> {
    // JSON has no lines to name: its errors name field paths, and duplicates are caught here.
    fn record<'a>(
        (model, benchmark, x, y): (&'a str, &'a str, &'a str, &'a str),
        replicate: Option<&'a str>,
        value: Option<f64>,
    ) -> Record<'a> {
        Record {
            model,
            benchmark,
            x,
            y,
            replicate,
            value,
            line: 0,
        }
    }
    let key = (model, benchmark, x, y);
    match cell {
        JsonValue::Null => builder.add(record(key, None, None)),
        JsonValue::Number(number) => {
            let value = number
                .as_f64()
                .filter(|v| v.is_finite())
                .ok_or_else(|| invalid(path, "a finite number"))?;
            if has_replicates {
                return Err(invalid(
                    path,
                    "{\"replicates\": [...]}, since the dataset has a replicate column",
                ));
            }
            builder.add(record(key, None, Some(value)));
        }
        JsonValue::Object(object) if has_replicates => {
            let list = match member(object, "replicates") {
                Some(JsonValue::Array(list))
                    if only_keys(object, &["replicates"]) && !list.is_empty() =>
                {
                    list
                }
                _ => {
                    return Err(invalid(
                        path,
                        "{\"replicates\": [{\"label\": ..., \"value\": ...}]}",
                    ))
                }
            };
            // Label -> index: the loaders' one map type (see `load_json`).
            let mut labels: FastMap<String, usize> = FastMap::default();
            for (index, replicate) in list.iter().enumerate() {
                let replicate_path = format!("{path}.replicates[{index}]");
                let (label, value) = replicate_entry(replicate).ok_or_else(|| {
                    invalid(&replicate_path, "{\"label\": text, \"value\": number}")
                })?;
                if labels.insert(label.clone(), index).is_some() {
                    return Err(invalid(
                        replicate_path,
                        format!(
                            "a replicate label not already used in this cell (\"{}\" is)",
                            excerpt(&label)
                        ),
                    ));
                }
                builder.add(record(key, Some(&label), Some(value)));
            }
        }
        _ => {
            let expected = if has_replicates {
                "null or {\"replicates\": [...]}"
            } else {
                "a number or null"
            };
            return Err(invalid(path, expected));
        }
    }
    Ok(())
}

fn replicate_entry(value: &JsonValue) -> Option<(String, f64)> {
    let object = value.as_object()?;
    if !only_keys(object, &["label", "value"]) {
        return None;
    }
    let label = match member(object, "label")? {
        JsonValue::String(text) if !text.trim().is_empty() => text.trim().to_string(),
        JsonValue::Number(number) => number_label(number)?,
        _ => return None,
    };
    let value = member(object, "value")?
        .as_f64()
        .filter(|v| v.is_finite())?;
    Some((label, value))
}

/// JSON text as serde_json's pretty printer writes a `Value` (two-space indent, object keys in
/// byte order, as its `BTreeMap` keeps them), written straight into a string. Exports used to
/// build a `Value` tree and print it; writing directly leaves the tree, its map and its pretty
/// printer out of the wasm. Callers give each object's keys in byte order.
struct PrettyJson {
    out: String,
    /// One entry per open array or object: whether it has a member yet.
    open: Vec<bool>,
}

impl PrettyJson {
    fn new() -> PrettyJson {
        PrettyJson {
            out: String::new(),
            open: Vec::new(),
        }
    }

    fn indent(&mut self) {
        for _ in 0..self.open.len() {
            self.out.push_str("  ");
        }
    }

    /// Starts the next member of the open array (its value follows).
    fn element(&mut self) {
        if let Some(has_member) = self.open.last_mut() {
            let first = !*has_member;
            *has_member = true;
            self.out.push_str(if first { "\n" } else { ",\n" });
            self.indent();
        }
    }

    /// Starts the next member of the open object: its key (its value follows).
    fn key(&mut self, key: &str) {
        self.element();
        self.string(key);
        self.out.push_str(": ");
    }

    fn begin(&mut self, bracket: char) {
        self.out.push(bracket);
        self.open.push(false);
    }

    fn end(&mut self, bracket: char) {
        if self.open.pop() == Some(true) {
            self.out.push('\n');
            self.indent();
        }
        self.out.push(bracket);
    }

    /// A string, escaped by serde_json.
    fn string(&mut self, text: &str) {
        self.out
            .push_str(&serde_json::to_string(text).unwrap_or_default());
    }

    /// A float as serde_json writes one (`null` when not finite, as `json!` made it).
    fn number(&mut self, value: f64) {
        self.out
            .push_str(&serde_json::to_string(&value).unwrap_or_default());
    }

    fn integer(&mut self, value: i64) {
        self.out.push_str(&value.to_string());
    }

    fn null(&mut self) {
        self.out.push_str("null");
    }

    fn optional_string(&mut self, text: Option<&str>) {
        match text {
            Some(text) => self.string(text),
            None => self.null(),
        }
    }
}

/// Writes an axis label: a number when the label is exactly how sweepmap writes that number (so
/// it reads back as the same text), a string otherwise.
fn write_label(json: &mut PrettyJson, label: &str) {
    match parse_number(label) {
        Some(number) if crate::float_text::shortest(number) == label => {
            // -0 stays a float: as an integer it would be written 0 and read back as "0".
            let negative_zero = number == 0.0 && number.is_sign_negative();
            if number.fract() == 0.0 && number.abs() < 9.0e15 && !negative_zero {
                json.integer(number as i64);
            } else {
                json.number(number);
            }
        }
        _ => json.string(label),
    }
}

/// Writes a dataset in the JSON form, metadata included; `load_json` of the result gives the
/// same dataset.
pub fn to_json(dataset: &Dataset) -> String {
    let mut json = PrettyJson::new();
    json.begin('{');
    if !dataset.benchmarks.is_absent() {
        json.key("benchmark");
        json.string(&dataset.benchmarks.name);
    }
    write_benchmark_info(&mut json, dataset);
    if let Some(caption) = &dataset.caption {
        json.key("caption");
        json.string(caption);
    }
    json.key("metric");
    json.begin('{');
    json.key("direction");
    json.string(dataset.metric.direction.as_str());
    json.key("name");
    json.string(&dataset.metric.name);
    if let Some(unit) = &dataset.metric.unit {
        json.key("unit");
        json.string(unit);
    }
    json.end('}');
    if !dataset.models.is_absent() {
        json.key("model");
        json.string(&dataset.models.name);
    }
    json.key("panels");
    json.begin('[');
    for panel in &dataset.panels {
        json.element();
        write_panel(&mut json, dataset, panel);
    }
    json.end(']');
    if let Some(replicate) = &dataset.replicate {
        json.key("replicate");
        json.string(replicate);
    }
    if let Some(shows) = &dataset.shows {
        json.key("shows");
        json.string(shows);
    }
    if let Some(source) = &dataset.source {
        json.key("source");
        json.string(source);
    }
    if let Some(title) = &dataset.title {
        json.key("title");
        json.string(title);
    }
    for (key, axis) in [("x", &dataset.x), ("y", &dataset.y)] {
        json.key(key);
        json.begin('{');
        json.key("name");
        json.string(&axis.name);
        json.key("values");
        json.begin('[');
        for label in &axis.labels {
            json.element();
            write_label(&mut json, label);
        }
        json.end(']');
        json.end('}');
    }
    json.end('}');
    json.out
}

/// `"benchmarks"`: the description of each benchmark that has one, if any has.
fn write_benchmark_info(json: &mut PrettyJson, dataset: &Dataset) {
    let mut described = Vec::new();
    for (name, info) in dataset
        .benchmarks
        .levels
        .iter()
        .zip(&dataset.benchmark_info)
    {
        if *info != BenchmarkInfo::default() {
            described.push((name, info));
        }
    }
    if described.is_empty() {
        return;
    }
    json.key("benchmarks");
    json.begin('[');
    for (name, info) in described {
        json.element();
        json.begin('{');
        if let Some(parts) = &info.aggregate_of {
            json.key("aggregate_of");
            json.begin('[');
            for part in parts {
                json.element();
                json.string(part);
            }
            json.end(']');
        }
        if let Some(items) = info.items {
            json.key("items");
            json.integer(i64::from(items));
        }
        json.key("name");
        json.string(name);
        if let Some(samples) = info.samples_per_item {
            json.key("samples_per_item");
            json.integer(i64::from(samples));
        }
        json.end('}');
    }
    json.end(']');
}

/// One panel: its model and benchmark (when the dataset has them) and its rows of cells.
fn write_panel(json: &mut PrettyJson, dataset: &Dataset, panel: &crate::model::Panel) {
    let columns = dataset.x.len();
    json.begin('{');
    if !dataset.benchmarks.is_absent() {
        json.key("benchmark");
        json.optional_string(
            dataset
                .benchmarks
                .levels
                .get(panel.benchmark)
                .map(String::as_str),
        );
    }
    json.key("cells");
    json.begin('[');
    for y in 0..dataset.y.len() {
        json.element();
        json.begin('[');
        for x in 0..columns {
            json.element();
            match (panel.grid.get(x, y), &dataset.replicate) {
                (None, _) => json.null(),
                (Some(cell), None) => json.number(cell.mean),
                (Some(_), Some(_)) => {
                    let index = y * columns + x;
                    json.begin('{');
                    json.key("replicates");
                    json.begin('[');
                    for replicate in panel.replicates.iter().filter(|r| r.cell == index) {
                        json.element();
                        json.begin('{');
                        json.key("label");
                        json.string(&replicate.label);
                        json.key("value");
                        json.number(replicate.value);
                        json.end('}');
                    }
                    json.end(']');
                    json.end('}');
                }
            }
        }
        json.end(']');
    }
    json.end(']');
    if !dataset.models.is_absent() {
        json.key("model");
        json.optional_string(dataset.models.levels.get(panel.model).map(String::as_str));
    }
    if panel.reported_errors.iter().any(Option::is_some) {
        json.key("standard_errors");
        json.begin('[');
        for y in 0..dataset.y.len() {
            json.element();
            json.begin('[');
            for x in 0..columns {
                json.element();
                match panel
                    .reported_errors
                    .get(y * columns + x)
                    .copied()
                    .flatten()
                {
                    Some(error) => json.number(error),
                    None => json.null(),
                }
            }
            json.end(']');
        }
        json.end(']');
    }
    json.end('}');
}

#[cfg(test)]
mod object_tests {
    use super::load_json;
    use crate::pairwise::load_pairwise_json;

    const AXES: &str =
        r#""x": {"name": "ratio", "values": [1]}, "y": {"name": "window", "values": [2]}"#;

    fn error(text: &str) -> String {
        load_json(text).unwrap_err().to_string()
    }

    #[test]
    fn an_object_read_by_hand_gives_serde_derive_messages() {
        assert_eq!(
            error(&format!(r#"{{"metric": {{"name": "m"}}, {AXES}, "x": 1}}"#)),
            "JSON line 1, column 108: duplicate field `x`"
        );
        assert_eq!(
            error(&format!(
                r#"{{"metric": {{"unit": "%"}}, {AXES}, "panels": []}}"#
            )),
            "JSON line 1, column 24: missing field `name`"
        );
        assert_eq!(
            error(&format!(
                r#"{{"metric": {{"name": "m", "nmae": 1}}, {AXES}}}"#
            )),
            "JSON line 1, column 31: unknown field `nmae`, expected one of `name`, `direction`, \
             `unit`"
        );
    }

    #[test]
    fn per_item_scores_read_by_hand_give_serde_derive_messages() {
        let error = |text: &str| load_pairwise_json(text).unwrap_err().to_string();
        assert_eq!(
            error(
                r#"{"score": {"name": "s"}, "items": [{"item": 1, "scores": {}, "scores": {}}]}"#
            ),
            "JSON line 1, column 69: duplicate field `scores`"
        );
        assert_eq!(
            error(r#"{"score": {"name": "s"}, "items": [{"scores": {"a": 0.5}}]}"#),
            "JSON line 1, column 57: missing field `item`"
        );
        assert_eq!(
            error(r#"{"score": {"name": "s"}, "items": [[1]]}"#),
            "JSON line 1, column 38: invalid length 1, expected an object"
        );
    }

    #[test]
    fn an_object_may_be_written_as_the_array_of_its_field_values() {
        let dataset = load_json(&format!(
            r#"{{"metric": ["pass", "lower", "%"], {AXES}, "panels": [[null, null, [[4]]]]}}"#
        ))
        .unwrap();
        assert_eq!(dataset.metric.name, "pass");
        assert_eq!(dataset.metric.unit.as_deref(), Some("%"));
        assert_eq!(
            error(&format!(r#"{{"metric": ["pass"], {AXES}, "panels": []}}"#)),
            "JSON line 1, column 19: invalid length 1, expected an object"
        );
    }
}

/// The Value-tree writer `to_json` replaced, kept to hold the direct writer to the same bytes.
#[cfg(test)]
mod reference {
    use super::*;
    use serde_json::{json, Value};

    /// An axis label as a JSON value: a number when the label is exactly how sweepmap writes that
    /// number (so it reads back as the same text), a string otherwise.
    fn label_value(label: &str) -> Value {
        match parse_number(label) {
            Some(number) if format!("{number}") == label => {
                // -0 stays a float: as an integer it would be written 0 and read back as "0".
                let negative_zero = number == 0.0 && number.is_sign_negative();
                if number.fract() == 0.0 && number.abs() < 9.0e15 && !negative_zero {
                    json!(number as i64)
                } else {
                    json!(number)
                }
            }
            _ => json!(label),
        }
    }

    /// Writes a dataset in the JSON form, metadata included; `load_json` of the result gives the
    /// same dataset.
    pub(super) fn to_json_reference(dataset: &Dataset) -> String {
        let columns = dataset.x.len();
        let mut panels = Vec::with_capacity(dataset.panels.len());
        for panel in &dataset.panels {
            let mut rows = Vec::with_capacity(dataset.y.len());
            for y in 0..dataset.y.len() {
                let mut row = Vec::with_capacity(columns);
                for x in 0..columns {
                    let index = y * columns + x;
                    let cell = match (panel.grid.get(x, y), &dataset.replicate) {
                        (None, _) => Value::Null,
                        (Some(cell), None) => json!(cell.mean),
                        (Some(_), Some(_)) => {
                            let replicates: Vec<Value> = panel
                                .replicates
                                .iter()
                                .filter(|r| r.cell == index)
                                .map(|r| json!({"label": r.label, "value": r.value}))
                                .collect();
                            json!({ "replicates": replicates })
                        }
                    };
                    row.push(cell);
                }
                rows.push(Value::Array(row));
            }
            let mut object = serde_json::Map::new();
            if !dataset.models.is_absent() {
                let level = dataset.models.levels.get(panel.model).cloned();
                object.insert("model".into(), json!(level));
            }
            if !dataset.benchmarks.is_absent() {
                let level = dataset.benchmarks.levels.get(panel.benchmark).cloned();
                object.insert("benchmark".into(), json!(level));
            }
            object.insert("cells".into(), Value::Array(rows));
            panels.push(Value::Object(object));
        }

        let mut root = serde_json::Map::new();
        if let Some(title) = &dataset.title {
            root.insert("title".into(), json!(title));
        }
        if let Some(source) = &dataset.source {
            root.insert("source".into(), json!(source));
        }
        let mut metric = serde_json::Map::new();
        metric.insert("name".into(), json!(dataset.metric.name));
        metric.insert("direction".into(), json!(dataset.metric.direction.as_str()));
        if let Some(unit) = &dataset.metric.unit {
            metric.insert("unit".into(), json!(unit));
        }
        root.insert("metric".into(), Value::Object(metric));
        for (key, axis) in [("x", &dataset.x), ("y", &dataset.y)] {
            let values: Vec<Value> = axis.labels.iter().map(|l| label_value(l)).collect();
            root.insert(key.into(), json!({"name": axis.name, "values": values}));
        }
        if !dataset.models.is_absent() {
            root.insert("model".into(), json!(dataset.models.name));
        }
        if !dataset.benchmarks.is_absent() {
            root.insert("benchmark".into(), json!(dataset.benchmarks.name));
        }
        if let Some(replicate) = &dataset.replicate {
            root.insert("replicate".into(), json!(replicate));
        }
        if let Some(shows) = &dataset.shows {
            root.insert("shows".into(), json!(shows));
        }
        if let Some(caption) = &dataset.caption {
            root.insert("caption".into(), json!(caption));
        }
        let benchmarks: Vec<Value> = dataset
            .benchmarks
            .levels
            .iter()
            .zip(&dataset.benchmark_info)
            .filter(|(_, info)| **info != BenchmarkInfo::default())
            .map(|(name, info)| {
                let mut object = serde_json::Map::new();
                object.insert("name".into(), json!(name));
                if let Some(items) = info.items {
                    object.insert("items".into(), json!(items));
                }
                if let Some(samples) = info.samples_per_item {
                    object.insert("samples_per_item".into(), json!(samples));
                }
                if let Some(parts) = &info.aggregate_of {
                    object.insert("aggregate_of".into(), json!(parts));
                }
                Value::Object(object)
            })
            .collect();
        if !benchmarks.is_empty() {
            root.insert("benchmarks".into(), Value::Array(benchmarks));
        }
        root.insert("panels".into(), Value::Array(panels));
        serde_json::to_string_pretty(&Value::Object(root)).unwrap_or_default()
    }
}

#[cfg(test)]
mod to_json_tests {
    use super::{reference::to_json_reference, to_json};
    use crate::model::{load_csv, load_json, CsvOptions};

    fn same_as_reference(dataset: &crate::model::Dataset) {
        assert_eq!(to_json(dataset), to_json_reference(dataset));
    }

    #[test]
    fn bundled_datasets_export_byte_for_byte_as_before() {
        for name in [
            "kv-cache-sweep.json",
            "kv-cache-averages.json",
            "partial-r1-qwen.json",
        ] {
            let path = format!("{}/www/data/{name}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path).unwrap();
            let dataset = load_json(&text).unwrap();
            same_as_reference(&dataset);
            assert_eq!(load_json(&to_json(&dataset)).unwrap(), dataset);
        }
    }

    #[test]
    fn replicates_odd_labels_and_missing_cells_export_as_before() {
        let csv = "model,benchmark,x,y,seed,value\n\
                   a \"q\",b\\c,-0,1e3,s1,0.1\n\
                   a \"q\",b\\c,-0,1e3,s2,-0.0\n\
                   a \"q\",b\\c,007,x\u{1}y,s1,1e300\n\
                   \u{e9},b\\c,0.5,1e3,s1,2\n";
        let dataset = load_csv(csv, &CsvOptions::default()).unwrap();
        same_as_reference(&dataset);
        let plain = load_csv("x,y,value\n1,2,3.25\n1.5,2,\n", &CsvOptions::default()).unwrap();
        same_as_reference(&plain);
    }

    #[test]
    fn what_a_view_shows_round_trips() {
        let mut dataset =
            load_csv("x,y,value\n1,2,3.25\n1.5,2,4\n", &CsvOptions::default()).unwrap();
        dataset.shows = Some("batch_size = 64 (fixed at the best run's); 1 run per cell".into());
        let text = to_json(&dataset);
        assert!(text.contains(
            "\n  \"shows\": \"batch_size = 64 (fixed at the best run's); 1 run per cell\",\n"
        ));
        same_as_reference(&dataset);
        assert_eq!(load_json(&text).unwrap(), dataset);
        // The figure's caption too, after it.
        dataset.caption = Some("best over lr (per cell; biased low)".into());
        let captioned = to_json(&dataset);
        assert!(captioned.contains("{\n  \"caption\": \"best over lr (per cell; biased low)\",\n"));
        same_as_reference(&dataset);
        assert_eq!(load_json(&captioned).unwrap(), dataset);
        dataset.caption = None;
        // A blank one is none.
        let blank = text.replace(
            "batch_size = 64 (fixed at the best run's); 1 run per cell",
            " ",
        );
        assert_eq!(load_json(&blank).unwrap().shows, None);
    }

    proptest::proptest! {
        #[test]
        fn generated_datasets_export_as_before(
            rows in proptest::collection::vec(
                ("[ab\"\\\\é]{1,3}", "(-?[0-9]{1,3}(\\.[0-9]{1,2})?|[xy]{1,2})", "(-?[0-9]{1,2}|z)", proptest::option::of(-1.0e6f64..1.0e6)),
                1..12,
            ),
            replicated in proptest::bool::ANY,
        ) {
            let mut csv = String::from(if replicated { "model,x,y,seed,value\n" } else { "model,x,y,value\n" });
            for (index, (model, x, y, value)) in rows.iter().enumerate() {
                let model = model.replace('"', "\"\"");
                let value = value.map(|v| v.to_string()).unwrap_or_default();
                if replicated {
                    csv.push_str(&format!("\"{model}\",{x},{y},r{index},{value}\n"));
                } else {
                    csv.push_str(&format!("\"{model}\",{x},{y},{value}\n"));
                }
            }
            if let Ok(dataset) = load_csv(&csv, &CsvOptions::default()) {
                proptest::prop_assert_eq!(to_json(&dataset), to_json_reference(&dataset));
            }
        }
    }
}
