//! Results as plain JavaScript values: [`Plain`], a serde `Serializer` that writes the core's
//! derived `Serialize` output straight into JavaScript objects and arrays.
//!
//! It gives what serde-wasm-bindgen's `Serializer::json_compatible()` gives (the wasm test
//! `plain_results_match_serde_wasm_bindgen` compares the two on real results): structs and maps
//! as plain objects, sequences and tuples as arrays, `None` and `()` as `null`, unit variants as
//! their names, other variants as `{ variant: payload }`, numbers as numbers. It costs a fraction
//! of the code: every key is set with an infallible `object[key] = value` on an object made here
//! (no `Reflect.set` and no error to check per key), and its error carries no value, so each
//! field's check in a derived body is one flag rather than an error passed back through memory.
//! The only errors are the ones serde-wasm-bindgen also fails on (a 64-bit integer beyond 2^53,
//! a map key that is not a string), which no result of sweepmap holds.

use serde::ser::{self, Serialize};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// A plain object built here, `{}`.
    #[wasm_bindgen(js_name = Object)]
    pub(super) type PlainObject;

    #[wasm_bindgen(constructor, js_class = Object)]
    pub(super) fn new() -> PlainObject;

    /// `object[key] = value`. On a plain object made here this cannot fail, so, unlike
    /// `Reflect.set`, it returns nothing to check: no error path per key in the wasm.
    #[wasm_bindgen(method, indexing_setter)]
    pub(super) fn set(this: &PlainObject, key: &str, value: &JsValue);

    /// `object[key] = value` with a key that is already a JavaScript string.
    #[wasm_bindgen(method, indexing_setter)]
    fn set_key(this: &PlainObject, key: &JsValue, value: &JsValue);
}

/// Writes a result as a plain JavaScript value (see the module documentation).
pub(super) fn plain_value<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, js_sys::Error> {
    value
        .serialize(Plain)
        .map_err(|Unrepresentable| js_sys::Error::new(UNREPRESENTABLE))
}

const UNREPRESENTABLE: &str = "a result has a value JavaScript cannot hold (an integer beyond \
                               2^53 or a map key that is not text)";

/// The serializer: see the module documentation.
#[derive(Clone, Copy)]
pub(super) struct Plain;

/// A value with no plain JavaScript form; carries nothing, so a result is a flag.
#[derive(Debug)]
pub(super) struct Unrepresentable;

impl std::fmt::Display for Unrepresentable {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str(UNREPRESENTABLE)
    }
}

impl std::error::Error for Unrepresentable {}

impl ser::Error for Unrepresentable {
    fn custom<T: std::fmt::Display>(_message: T) -> Self {
        Unrepresentable
    }
}

type Written = Result<JsValue, Unrepresentable>;

/// A JavaScript array being filled.
pub(super) struct Elements(js_sys::Array);

/// A plain object being filled; for a map, the key waiting for its value.
pub(super) struct Fields {
    object: PlainObject,
    key: JsValue,
}

/// `{ variant: payload }` around an array or an object.
pub(super) struct Variant<S> {
    variant: &'static str,
    inner: S,
}

fn fields() -> Fields {
    Fields {
        object: PlainObject::new(),
        key: JsValue::UNDEFINED,
    }
}

fn wrapped(variant: &'static str, value: &JsValue) -> JsValue {
    let object = PlainObject::new();
    object.set(variant, value);
    object.into()
}

/// Largest integer a JavaScript number holds exactly (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE: u64 = (1 << 53) - 1;

impl ser::Serializer for Plain {
    type Ok = JsValue;
    type Error = Unrepresentable;
    type SerializeSeq = Elements;
    type SerializeTuple = Elements;
    type SerializeTupleStruct = Elements;
    type SerializeTupleVariant = Variant<Elements>;
    type SerializeMap = Fields;
    type SerializeStruct = Fields;
    type SerializeStructVariant = Variant<Fields>;

    fn serialize_bool(self, v: bool) -> Written {
        Ok(JsValue::from_bool(v))
    }
    fn serialize_i8(self, v: i8) -> Written {
        self.serialize_f64(v.into())
    }
    fn serialize_i16(self, v: i16) -> Written {
        self.serialize_f64(v.into())
    }
    fn serialize_i32(self, v: i32) -> Written {
        self.serialize_f64(v.into())
    }
    fn serialize_i64(self, v: i64) -> Written {
        if v.unsigned_abs() <= MAX_SAFE {
            self.serialize_f64(v as f64)
        } else {
            Err(Unrepresentable)
        }
    }
    fn serialize_u8(self, v: u8) -> Written {
        self.serialize_f64(v.into())
    }
    fn serialize_u16(self, v: u16) -> Written {
        self.serialize_f64(v.into())
    }
    fn serialize_u32(self, v: u32) -> Written {
        self.serialize_f64(v.into())
    }
    fn serialize_u64(self, v: u64) -> Written {
        if v <= MAX_SAFE {
            self.serialize_f64(v as f64)
        } else {
            Err(Unrepresentable)
        }
    }
    fn serialize_f32(self, v: f32) -> Written {
        self.serialize_f64(v.into())
    }
    fn serialize_f64(self, v: f64) -> Written {
        Ok(JsValue::from_f64(v))
    }
    fn serialize_char(self, v: char) -> Written {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Written {
        Ok(JsValue::from_str(v))
    }
    fn serialize_bytes(self, v: &[u8]) -> Written {
        Ok(js_sys::Uint8Array::from(v).into())
    }
    fn serialize_none(self) -> Written {
        Ok(JsValue::NULL)
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Written {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Written {
        Ok(JsValue::NULL)
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Written {
        Ok(JsValue::NULL)
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Written {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Written {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Written {
        Ok(wrapped(variant, &value.serialize(self)?))
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Elements, Unrepresentable> {
        Ok(Elements(js_sys::Array::new()))
    }
    fn serialize_tuple(self, len: usize) -> Result<Elements, Unrepresentable> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Elements, Unrepresentable> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Variant<Elements>, Unrepresentable> {
        Ok(Variant {
            variant,
            inner: self.serialize_seq(Some(len))?,
        })
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Fields, Unrepresentable> {
        Ok(fields())
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Fields, Unrepresentable> {
        Ok(fields())
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Variant<Fields>, Unrepresentable> {
        Ok(Variant {
            variant,
            inner: fields(),
        })
    }
}

impl ser::SerializeSeq for Elements {
    type Ok = JsValue;
    type Error = Unrepresentable;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Self::Error> {
        self.0.push(&value.serialize(Plain)?);
        Ok(())
    }
    fn end(self) -> Written {
        Ok(self.0.into())
    }
}

impl ser::SerializeTuple for Elements {
    type Ok = JsValue;
    type Error = Unrepresentable;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Self::Error> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Written {
        Ok(self.0.into())
    }
}

impl ser::SerializeTupleStruct for Elements {
    type Ok = JsValue;
    type Error = Unrepresentable;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Self::Error> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Written {
        Ok(self.0.into())
    }
}

impl ser::SerializeTupleVariant for Variant<Elements> {
    type Ok = JsValue;
    type Error = Unrepresentable;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Self::Error> {
        ser::SerializeSeq::serialize_element(&mut self.inner, value)
    }
    fn end(self) -> Written {
        Ok(wrapped(self.variant, &self.inner.0))
    }
}

impl ser::SerializeMap for Fields {
    type Ok = JsValue;
    type Error = Unrepresentable;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<(), Self::Error> {
        let key = key.serialize(Plain)?;
        if !key.is_string() {
            return Err(Unrepresentable);
        }
        self.key = key;
        Ok(())
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Self::Error> {
        self.object.set_key(&self.key, &value.serialize(Plain)?);
        Ok(())
    }
    fn end(self) -> Written {
        Ok(self.object.into())
    }
}

impl ser::SerializeStruct for Fields {
    type Ok = JsValue;
    type Error = Unrepresentable;
    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Self::Error> {
        self.object.set(key, &value.serialize(Plain)?);
        Ok(())
    }
    fn end(self) -> Written {
        Ok(self.object.into())
    }
}

impl ser::SerializeStructVariant for Variant<Fields> {
    type Ok = JsValue;
    type Error = Unrepresentable;
    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Self::Error> {
        ser::SerializeStruct::serialize_field(&mut self.inner, key, value)
    }
    fn end(self) -> Written {
        Ok(wrapped(self.variant, &self.inner.object))
    }
}
