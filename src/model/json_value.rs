//! [`JsonValue`]: any JSON value, for the parts of a file whose shape is checked after reading
//! (a dataset's axis values and cells, the top level a kind guess looks at).
//!
//! It reads exactly what `serde_json::Value` reads (the same parser, so the same syntax errors at
//! the same positions, the same recursion limit, the same numbers), but keeps an object's members
//! in a vector, as written, where `Value` keeps a `BTreeMap`: the map's node code, `Value`'s own
//! visitor and the rest of its code stay out of the wasm once nothing else in the package reads
//! a `Value`. A key may be written twice: [`member`] gives its last value, as `Value`'s map keeps
//! it, and [`only_keys`] looks at keys, not at how many members there are. Written back
//! (`Serialize`, for the values messages quote) it gives `Value`'s text: object keys in byte
//! order, a repeated key once, with its last value.

use std::fmt;

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use serde_json::Number;

/// A JSON value (see the module documentation); `null` by default.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) enum JsonValue {
    #[default]
    Null,
    Bool(bool),
    Number(Number),
    String(String),
    Array(Vec<JsonValue>),
    /// Members as written, a repeated key included.
    Object(Vec<(String, JsonValue)>),
}

impl JsonValue {
    /// The members of an object.
    pub(crate) fn as_object(&self) -> Option<&[(String, JsonValue)]> {
        match self {
            JsonValue::Object(members) => Some(members),
            _ => None,
        }
    }

    /// A number as `f64` (as `Value::as_f64`: `None` for anything else).
    pub(crate) fn as_f64(&self) -> Option<f64> {
        match self {
            JsonValue::Number(number) => number.as_f64(),
            _ => None,
        }
    }
}

/// The value of `key` among an object's members: the last one written, as in `Value`.
pub(crate) fn member<'a>(members: &'a [(String, JsonValue)], key: &str) -> Option<&'a JsonValue> {
    let mut found = None;
    for (name, value) in members {
        if name == key {
            found = Some(value);
        }
    }
    found
}

/// True when the object has each of `keys` and no other key (some perhaps written twice): what
/// `Value`'s map of `keys.len()` members with these keys holds.
pub(crate) fn only_keys(members: &[(String, JsonValue)], keys: &[&str]) -> bool {
    for (name, _) in members {
        if !keys.contains(&name.as_str()) {
            return false;
        }
    }
    for key in keys {
        if member(members, key).is_none() {
            return false;
        }
    }
    true
}

impl Serialize for JsonValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            JsonValue::Null => serializer.serialize_unit(),
            JsonValue::Bool(value) => serializer.serialize_bool(*value),
            JsonValue::Number(number) => number.serialize(serializer),
            JsonValue::String(text) => serializer.serialize_str(text),
            JsonValue::Array(elements) => {
                let mut seq = serializer.serialize_seq(Some(elements.len()))?;
                for element in elements {
                    seq.serialize_element(element)?;
                }
                seq.end()
            }
            JsonValue::Object(members) => {
                // As `Value`'s map holds them: by key in byte order (a stable sort, so a
                // repeated key's members stay in the order written), each key with its last value.
                let mut order: Vec<&(String, JsonValue)> = Vec::with_capacity(members.len());
                for entry in members {
                    order.push(entry);
                }
                crate::sort::sort_by(&mut order, |a, b| a.0.cmp(&b.0));
                let mut kept: Vec<&(String, JsonValue)> = Vec::with_capacity(order.len());
                for entry in order {
                    match kept.last_mut() {
                        Some(last) if last.0 == entry.0 => *last = entry,
                        _ => kept.push(entry),
                    }
                }
                let mut map = serializer.serialize_map(Some(kept.len()))?;
                for (key, value) in kept {
                    map.serialize_entry(key, value)?;
                }
                map.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for JsonValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<JsonValue, D::Error> {
        deserializer.deserialize_any(JsonValueVisitor)
    }
}

struct JsonValueVisitor;

impl<'de> Visitor<'de> for JsonValueVisitor {
    type Value = JsonValue;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        // `Value`'s own wording.
        formatter.write_str("any valid JSON value")
    }

    fn visit_bool<E>(self, value: bool) -> Result<JsonValue, E> {
        Ok(JsonValue::Bool(value))
    }

    fn visit_i64<E>(self, value: i64) -> Result<JsonValue, E> {
        Ok(JsonValue::Number(value.into()))
    }

    fn visit_u64<E>(self, value: u64) -> Result<JsonValue, E> {
        Ok(JsonValue::Number(value.into()))
    }

    fn visit_f64<E>(self, value: f64) -> Result<JsonValue, E> {
        // As `Value`: a number with no JSON form (never one the parser reads) is null.
        Ok(Number::from_f64(value).map_or(JsonValue::Null, JsonValue::Number))
    }

    fn visit_str<E>(self, value: &str) -> Result<JsonValue, E> {
        Ok(JsonValue::String(value.to_string()))
    }

    fn visit_string<E>(self, value: String) -> Result<JsonValue, E> {
        Ok(JsonValue::String(value))
    }

    fn visit_unit<E>(self) -> Result<JsonValue, E> {
        Ok(JsonValue::Null)
    }

    fn visit_none<E>(self) -> Result<JsonValue, E> {
        Ok(JsonValue::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<JsonValue, D::Error> {
        JsonValue::deserialize(deserializer)
    }

    fn visit_seq<S: SeqAccess<'de>>(self, mut seq: S) -> Result<JsonValue, S::Error> {
        let mut elements = Vec::new();
        while let Some(element) = seq.next_element()? {
            elements.push(element);
        }
        Ok(JsonValue::Array(elements))
    }

    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<JsonValue, M::Error> {
        let mut members = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            members.push((key, map.next_value()?));
        }
        Ok(JsonValue::Object(members))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    /// The same value as `Value` reads, compared through a `Value` built from ours (members
    /// inserted in order, so a repeated key keeps its last value, as when `Value` reads it).
    fn as_value(value: &JsonValue) -> Value {
        match value {
            JsonValue::Null => Value::Null,
            JsonValue::Bool(value) => Value::Bool(*value),
            JsonValue::Number(number) => Value::Number(number.clone()),
            JsonValue::String(text) => Value::String(text.clone()),
            JsonValue::Array(elements) => Value::Array(elements.iter().map(as_value).collect()),
            JsonValue::Object(members) => {
                let mut object = serde_json::Map::new();
                for (key, value) in members {
                    object.insert(key.clone(), as_value(value));
                }
                Value::Object(object)
            }
        }
    }

    fn same_as_value(text: &str) {
        let ours = serde_json::from_str::<JsonValue>(text).map(|value| as_value(&value));
        let theirs = serde_json::from_str::<Value>(text);
        match (ours, theirs) {
            (Ok(ours), Ok(theirs)) => {
                assert_eq!(ours, theirs, "{text}");
                let written =
                    serde_json::to_string(&serde_json::from_str::<JsonValue>(text).unwrap());
                assert_eq!(written.unwrap(), theirs.to_string(), "{text}");
            }
            (Err(ours), Err(theirs)) => assert_eq!(ours.to_string(), theirs.to_string(), "{text}"),
            (ours, theirs) => panic!("{text}: {ours:?} against {theirs:?}"),
        }
    }

    #[test]
    fn reads_what_serde_json_value_reads() {
        for text in [
            "null",
            "true",
            "[false, 0, -1, 18446744073709551615, -9223372036854775808, 1.5, 1e300, -0.0]",
            r#"{"a": 1, "b": [null, "x\u00e9\n"], "c": {"d": {}}}"#,
            r#"{"replicates": [1], "replicates": [2, 3]}"#,
            r#"{"b": 1, "a": 2, "b": 3}"#,
            r#"{"é": {"b": [], "B": null, "a": [1, {"z": 0, "y": -2.5}]}, "": true, "b": "\"q\""}"#,
            r#"  [ "\ud83d\ude00" ]  "#,
            "1e400",
            "[1, 2",
            r#"{"a" 1}"#,
            r#"{"a": 1,}"#,
            "[01]",
            r#""\x""#,
            "nul",
            "",
            &"[".repeat(200),
            &format!("{}1{}", "[".repeat(127), "]".repeat(127)),
        ] {
            same_as_value(text);
        }
    }

    #[test]
    fn a_repeated_key_gives_its_last_value() {
        let value: JsonValue = serde_json::from_str(r#"{"b": 1, "a": 2, "b": 3}"#).unwrap();
        let members = value.as_object().unwrap();
        assert_eq!(member(members, "b").and_then(JsonValue::as_f64), Some(3.0));
        assert_eq!(member(members, "a").and_then(JsonValue::as_f64), Some(2.0));
        assert_eq!(member(members, "c"), None);
        assert!(only_keys(members, &["a", "b"]));
        assert!(only_keys(members, &["b", "a"]));
        assert!(!only_keys(members, &["b"]));
        assert!(!only_keys(members, &["a", "b", "c"]));
        let empty: JsonValue = serde_json::from_str("{}").unwrap();
        assert!(!only_keys(empty.as_object().unwrap(), &["a"]));
        assert!(only_keys(empty.as_object().unwrap(), &[]));
    }
}
