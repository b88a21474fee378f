//! Reading arguments from JavaScript: option objects, numbers, names and canvases.
//!
//! wasm-bindgen would coerce a wrong argument silently (`undefined` to `NaN` or `0`, an object
//! to `"[object Object]"`), so arguments whose type matters arrive as `JsValue` and are checked
//! here. A wrong one is an error that names the argument, says what was expected and shows what
//! was found the way JavaScript would write it.

use serde::de::DeserializeOwned;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::HtmlCanvasElement;

use super::js_error;
use super::options::{js_number, OptionSet, ValueKind};
use crate::Error;

/// The longest piece of a string argument quoted back in a message.
const QUOTED_LENGTH: usize = 40;

/// A JavaScript value as a message shows it: `"text"`, `12`, `NaN`, `true`, `null`,
/// `undefined`, `an array`, `an object`.
pub(crate) fn describe(value: &JsValue) -> String {
    if let Some(text) = value.as_string() {
        let mut quoted: String = text.chars().take(QUOTED_LENGTH).collect();
        if text.chars().count() > QUOTED_LENGTH {
            quoted.push('…');
        }
        format!("\"{quoted}\"")
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
    let keys = js_sys::Object::keys(&object)
        .iter()
        .map(|key| key.as_string().unwrap_or_default())
        .collect();
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
pub(crate) fn options_patch<Patch: DeserializeOwned + Default>(
    value: JsValue,
    set: &OptionSet,
) -> Result<Patch, js_sys::Error> {
    let Some(given_options) = checked_options(value, set)? else {
        return Ok(Patch::default());
    };
    // The keys and types are right, so this only fails on something unforeseen; keep
    // serde-wasm-bindgen's message then.
    serde_wasm_bindgen::from_value(given_options).map_err(|error| {
        let error: JsValue = error.into();
        js_error(format!("invalid {}s: {}", set.what, message_of(&error)))
    })
}

/// The given options of an options object, checked against `set`, as a new object without the
/// `undefined` ones; `None` when the whole argument is `undefined` or `null`.
fn checked_options(value: JsValue, set: &OptionSet) -> Result<Option<JsValue>, js_sys::Error> {
    let Some((object, keys)) = object_with_keys(value, set.example)? else {
        return Ok(None);
    };
    let given_options = js_sys::Object::new();
    for key in keys {
        let kind = set
            .names
            .contains(&key.as_str())
            .then(|| (set.kind)(&key))
            .flatten();
        let Some(kind) = kind else {
            return Err(js_error(Error::Unknown {
                what: set.what,
                name: key,
                known: set.names.iter().map(|name| name.to_string()).collect(),
            }));
        };
        let field = property(&object, &key)?;
        if field.is_undefined() {
            continue;
        }
        let valid = field.is_null()
            || match kind {
                ValueKind::Text => field.is_string(),
                ValueKind::Flag => field.as_bool().is_some(),
                ValueKind::Number => field.as_f64().is_some(),
                ValueKind::TextList => is_list_of_strings(&field),
            };
        if !valid {
            return Err(invalid(&key, (set.expectation)(&key), &field));
        }
        js_sys::Reflect::set(&given_options, &JsValue::from_str(&key), &field)
            .map_err(|thrown| js_error(message_of(&thrown)))?;
    }
    Ok(Some(given_options.into()))
}

/// True for an array whose every element is a string.
pub(crate) fn is_list_of_strings(value: &JsValue) -> bool {
    js_sys::Array::is_array(value)
        && js_sys::Array::from(value).every(&mut |element, _, _| element.is_string())
}
