//! Reading arguments from JavaScript: option objects, numbers, names and canvases.
//!
//! wasm-bindgen would coerce a wrong argument silently (`undefined` to `NaN` or `0`, an object
//! to `"[object Object]"`), so arguments whose type matters arrive as `JsValue` and are checked
//! here. A wrong one is an error that names the argument, says what was expected and shows what
//! was found the way JavaScript would write it.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::HtmlCanvasElement;

use super::js_error;
use crate::link::js_number;
use crate::view::{quoted, OptionSet, OptionValue, Patch};
#[cfg(any(feature = "exports", feature = "analyses"))]
use crate::CsvText;
use crate::Error;

/// A JavaScript value as a message shows it: `"text"`, `12`, `NaN`, `true`, `null`,
/// `undefined`, `an array`, `an object`.
pub(crate) fn describe(value: &JsValue) -> String {
    if let Some(text) = value.as_string() {
        quoted(&text)
    } else if let Some(number) = value.as_f64() {
        js_number(number)
    } else if let Some(flag) = value.as_bool() {
        flag.to_string()
    } else if value.is_null() {
        "null".to_string()
    } else if value.is_undefined() {
        "undefined".to_string()
    } else if js_sys::Array::is_array(value) {
        "an array".to_string()
    } else if value.is_function() {
        "a function".to_string()
    } else if value.is_object() {
        "an object".to_string()
    } else {
        let kind = value.js_typeof().as_string().unwrap_or_default();
        format!("a {kind}")
    }
}

/// The error for an argument that is not what it must be.
pub(crate) fn invalid(name: &str, expected: &str, found: &JsValue) -> js_sys::Error {
    js_error(Error::InvalidField {
        field: name.to_string(),
        expected: format!("{expected}, found {}", describe(found)),
    })
}

/// A number argument (any number, NaN included: the caller checks its range).
pub(crate) fn number(name: &str, expected: &str, value: &JsValue) -> Result<f64, js_sys::Error> {
    value.as_f64().ok_or_else(|| invalid(name, expected, value))
}

/// A finite number argument.
pub(crate) fn finite_number(
    name: &str,
    expected: &str,
    value: &JsValue,
) -> Result<f64, js_sys::Error> {
    match value.as_f64() {
        Some(number) if number.is_finite() => Ok(number),
        _ => Err(invalid(name, expected, value)),
    }
}

/// A cell or panel index: a whole number. Negative or too large indices are `None` (nothing
/// there), anything that is not a whole number is an error.
pub(crate) fn index(name: &str, value: &JsValue) -> Result<Option<usize>, js_sys::Error> {
    let expected = "a whole number (an index)";
    let number = finite_number(name, expected, value)?;
    if number.fract() != 0.0 {
        return Err(invalid(name, expected, value));
    }
    if number < 0.0 || number > u32::MAX as f64 {
        return Ok(None);
    }
    // A whole number in 0..=u32::MAX: the cast is exact.
    Ok(Some(number as usize))
}

/// A string argument.
pub(crate) fn text(name: &str, expected: &str, value: &JsValue) -> Result<String, js_sys::Error> {
    value
        .as_string()
        .ok_or_else(|| invalid(name, expected, value))
}

/// A canvas argument: an `HTMLCanvasElement`.
pub(crate) fn canvas(value: JsValue) -> Result<HtmlCanvasElement, js_sys::Error> {
    value
        .dyn_into::<HtmlCanvasElement>()
        .map_err(|value| invalid("canvas", "an HTML canvas element", &value))
}

/// `undefined` and `null` as `None`, anything else as itself.
pub(crate) fn given(value: JsValue) -> Option<JsValue> {
    (!value.is_undefined() && !value.is_null()).then_some(value)
}

/// Checks that an options argument is an object (or `undefined`/`null`, returned as `None`) and
/// returns it with its own keys.
pub(crate) fn object_with_keys(
    value: JsValue,
    example: &str,
) -> Result<Option<(js_sys::Object, Vec<String>)>, js_sys::Error> {
    let Some(value) = given(value) else {
        return Ok(None);
    };
    if !value.is_object() || js_sys::Array::is_array(&value) {
        return Err(invalid(
            "options",
            &format!("an object such as {example}"),
            &value,
        ));
    }
    let object: js_sys::Object = value.unchecked_into();
    let mut keys = Vec::new();
    for key in js_sys::Object::keys(&object).iter() {
        keys.push(key.as_string().unwrap_or_default());
    }
    Ok(Some((object, keys)))
}

/// A property of an object; a throwing getter is an error naming the property.
pub(crate) fn property(object: &js_sys::Object, key: &str) -> Result<JsValue, js_sys::Error> {
    js_sys::Reflect::get(object, &JsValue::from_str(key))
        .map_err(|_| js_error(format!("could not read option \"{key}\"")))
}

/// The message of a thrown JavaScript value.
pub(crate) fn message_of(thrown: &JsValue) -> String {
    if let Some(error) = thrown.dyn_ref::<js_sys::Error>() {
        String::from(error.message())
    } else if let Some(text) = thrown.as_string() {
        text
    } else {
        describe(thrown)
    }
}

/// Reads an options object (`FigureOptions` or `PairwiseFigureOptions` in TypeScript, as `set`
/// describes it) into a patch: unknown keys and values of the wrong type are errors naming the
/// key; `undefined` values are left out, `null` values reset an option to its default. Ranges
/// and names are checked later, against the data, when the options are resolved.
pub(crate) fn options_patch(value: JsValue, set: &OptionSet) -> Result<Patch, js_sys::Error> {
    let mut patch = Patch::default();
    let Some((object, keys)) = object_with_keys(value, set.example)? else {
        return Ok(patch);
    };
    for key in keys {
        let setting = set.setting(&key).map_err(js_error)?;
        let field = property(&object, &key)?;
        if field.is_undefined() {
            continue;
        }
        patch.set(setting, option_value(&field)).map_err(js_error)?;
    }
    Ok(patch)
}

/// A JavaScript value as the core takes an option's value.
pub(crate) fn option_value(field: &JsValue) -> OptionValue {
    if field.is_null() {
        OptionValue::Null
    } else if let Some(text) = field.as_string() {
        OptionValue::Text(text)
    } else if let Some(flag) = field.as_bool() {
        OptionValue::Flag(flag)
    } else if let Some(number) = field.as_f64() {
        OptionValue::Number(number)
    } else if let Some(list) = list_of_strings(field) {
        OptionValue::TextList(list)
    } else {
        OptionValue::Other(describe(field))
    }
}

/// The strings of an array whose every element is a string.
pub(crate) fn list_of_strings(value: &JsValue) -> Option<Vec<String>> {
    if !js_sys::Array::is_array(value) {
        return None;
    }
    let mut strings = Vec::new();
    for element in js_sys::Array::from(value).iter() {
        strings.push(element.as_string()?);
    }
    Some(strings)
}

/// The option names of a CSV export (`toCsv`, `shownCsv`).
#[cfg(any(feature = "exports", feature = "analyses"))]
const CSV_EXPORT_OPTION_NAMES: [&str; 1] = ["raw"];

/// Reads a CSV export's options (`CsvExportOptions`): `undefined`/`null` or `{ raw }` with `raw`
/// a boolean (`undefined`/`null` meaning false). Unknown names and values of the wrong type are
/// errors that say what was expected.
#[cfg(any(feature = "exports", feature = "analyses"))]
pub(crate) fn csv_text(options: JsValue) -> Result<CsvText, js_sys::Error> {
    let Some((object, keys)) = object_with_keys(options, "{ raw: true }")? else {
        return Ok(CsvText::SpreadsheetSafe);
    };
    let mut text = CsvText::SpreadsheetSafe;
    for key in keys {
        if !CSV_EXPORT_OPTION_NAMES.contains(&key.as_str()) {
            return Err(js_error(Error::Unknown {
                what: "CSV export option",
                name: key,
                known: CSV_EXPORT_OPTION_NAMES.map(String::from).to_vec(),
            }));
        }
        let raw = property(&object, &key)?;
        match given(raw) {
            None => {}
            Some(raw) => match raw.as_bool() {
                Some(true) => text = CsvText::Raw,
                Some(false) => {}
                None => return Err(invalid(&key, "true or false", &raw)),
            },
        }
    }
    Ok(text)
}
