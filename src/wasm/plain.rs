//! Results as plain JavaScript values: [`Plain`], a serde `Serializer` that writes the core's
//! derived `Serialize` output straight into JavaScript objects and arrays.
//!
//! It gives what serde-wasm-bindgen's `Serializer::json_compatible()` gives (the wasm test
//! `plain_results_match_serde_wasm_bindgen` compares the two on real results): structs and maps
//! as plain objects, sequences and tuples as arrays, `None` and `()` as `null`, unit variants as
//! their names, other variants as `{ variant: payload }`, numbers as numbers. It costs a fraction
//! of the code: every key is set with an infallible `object[key] = value` on an object made here
//! (no `Reflect.set` and no error to check per key); every value is written straight where it
//! goes (a key of an object, the end of an array) so a result is `()`, and the error carries no
//! value, so each result and each field's check in a derived body is one flag rather than a
//! value or an error passed back through memory.
//! The only errors are the ones serde-wasm-bindgen also fails on (a 64-bit integer beyond 2^53,
//! a map key that is not a string), which no result of sweepmap holds.

use std::cell::Cell;

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
pub fn plain_value<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, js_sys::Error> {
    let slot = Cell::new(JsValue::UNDEFINED);
    match value.serialize(Plain(&Sink::Slot(&slot))) {
        Ok(()) => Ok(slot.take()),
        Err(Unrepresentable) => Err(js_sys::Error::new(UNREPRESENTABLE)),
    }
}

const UNREPRESENTABLE: &str = "a result has a value JavaScript cannot hold (an integer beyond \
                               2^53 or a map key that is not text)";

/// Where a value is written.
enum Sink<'a> {
    /// `object[key] = value`.
    Field(&'a PlainObject, &'static str),
    /// `object[key] = value` with a key written before (a map's).
    Entry(&'a PlainObject, &'a JsValue),
    /// `array.push(value)`.
    Push(&'a js_sys::Array),
    /// The whole result.
    Slot(&'a Cell<JsValue>),
}

/// The serializer: writes each value into its [`Sink`].
#[derive(Clone, Copy)]
pub struct Plain<'a>(&'a Sink<'a>);

impl Plain<'_> {
    /// The one place a value is stored: not generic, so each type's code only calls it.
    #[inline(never)]
    fn put(self, value: JsValue) -> Done {
        match self.0 {
            Sink::Field(object, key) => object.set(key, &value),
            Sink::Entry(object, key) => object.set_key(key, &value),
            Sink::Push(array) => {
                array.push(&value);
            }
            Sink::Slot(slot) => slot.set(value),
        }
        Ok(())
    }

    /// Stores a finished object or array, inside `{ variant: ... }` for an enum's variant.
    #[inline(never)]
    fn finish(self, variant: Option<&'static str>, value: JsValue) -> Done {
        self.put(match variant {
            Some(variant) => wrapped(variant, &value),
            None => value,
        })
    }
}

/// A value with no plain JavaScript form; carries nothing, so a result is a flag.
#[derive(Debug)]
pub struct Unrepresentable;

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

type Done = Result<(), Unrepresentable>;

/// A JavaScript array being filled, for `variant` when an enum's.
pub struct Elements<'a> {
    array: js_sys::Array,
    variant: Option<&'static str>,
    to: Plain<'a>,
}

/// A plain object being filled, for `variant` when an enum's.
pub struct Fields<'a> {
    object: PlainObject,
    variant: Option<&'static str>,
    to: Plain<'a>,
}

/// A map's plain object being filled, and the key waiting for its value.
pub struct Entries<'a> {
    fields: Fields<'a>,
    key: Cell<JsValue>,
}

fn wrapped(variant: &'static str, value: &JsValue) -> JsValue {
    let object = PlainObject::new();
    object.set(variant, value);
    object.into()
}

/// Largest integer a JavaScript number holds exactly (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE: u64 = (1 << 53) - 1;

impl<'a> Plain<'a> {
    fn elements(self, variant: Option<&'static str>) -> Result<Elements<'a>, Unrepresentable> {
        Ok(Elements {
            array: js_sys::Array::new(),
            variant,
            to: self,
        })
    }

    fn fields(self, variant: Option<&'static str>) -> Result<Fields<'a>, Unrepresentable> {
        Ok(Fields {
            object: PlainObject::new(),
            variant,
            to: self,
        })
    }
}

impl<'a> ser::Serializer for Plain<'a> {
    type Ok = ();
    type Error = Unrepresentable;
    type SerializeSeq = Elements<'a>;
    type SerializeTuple = Elements<'a>;
    type SerializeTupleStruct = Elements<'a>;
    type SerializeTupleVariant = Elements<'a>;
    type SerializeMap = Entries<'a>;
    type SerializeStruct = Fields<'a>;
    type SerializeStructVariant = Fields<'a>;

    fn serialize_bool(self, v: bool) -> Done {
        self.put(JsValue::from_bool(v))
    }
    fn serialize_i8(self, v: i8) -> Done {
        self.serialize_f64(v.into())
    }
    fn serialize_i16(self, v: i16) -> Done {
        self.serialize_f64(v.into())
    }
    fn serialize_i32(self, v: i32) -> Done {
        self.serialize_f64(v.into())
    }
    fn serialize_i64(self, v: i64) -> Done {
        if v.unsigned_abs() <= MAX_SAFE {
            self.serialize_f64(v as f64)
        } else {
            Err(Unrepresentable)
        }
    }
    fn serialize_u8(self, v: u8) -> Done {
        self.serialize_f64(v.into())
    }
    fn serialize_u16(self, v: u16) -> Done {
        self.serialize_f64(v.into())
    }
    fn serialize_u32(self, v: u32) -> Done {
        self.serialize_f64(v.into())
    }
    fn serialize_u64(self, v: u64) -> Done {
        if v <= MAX_SAFE {
            self.serialize_f64(v as f64)
        } else {
            Err(Unrepresentable)
        }
    }
    fn serialize_f32(self, v: f32) -> Done {
        self.serialize_f64(v.into())
    }
    fn serialize_f64(self, v: f64) -> Done {
        self.put(JsValue::from_f64(v))
    }
    fn serialize_char(self, v: char) -> Done {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Done {
        self.put(JsValue::from_str(v))
    }
    fn serialize_bytes(self, v: &[u8]) -> Done {
        self.put(js_sys::Uint8Array::from(v).into())
    }
    fn serialize_none(self) -> Done {
        self.put(JsValue::NULL)
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Done {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Done {
        self.put(JsValue::NULL)
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Done {
        self.put(JsValue::NULL)
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Done {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Done {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Done {
        let object = PlainObject::new();
        value.serialize(Plain(&Sink::Field(&object, variant)))?;
        self.put(object.into())
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Elements<'a>, Unrepresentable> {
        self.elements(None)
    }
    fn serialize_tuple(self, _len: usize) -> Result<Elements<'a>, Unrepresentable> {
        self.elements(None)
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Elements<'a>, Unrepresentable> {
        self.elements(None)
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Elements<'a>, Unrepresentable> {
        self.elements(Some(variant))
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Entries<'a>, Unrepresentable> {
        Ok(Entries {
            fields: self.fields(None)?,
            key: Cell::new(JsValue::UNDEFINED),
        })
    }
    fn serialize_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Fields<'a>, Unrepresentable> {
        self.fields(None)
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Fields<'a>, Unrepresentable> {
        self.fields(Some(variant))
    }
    /// An array filled in one loop, rather than serde's default through `serialize_seq`.
    fn collect_seq<I>(self, iter: I) -> Done
    where
        I: IntoIterator,
        I::Item: Serialize,
    {
        let array = js_sys::Array::new();
        let sink = Sink::Push(&array);
        for item in iter {
            item.serialize(Plain(&sink))?;
        }
        self.put(array.into())
    }
}

impl Elements<'_> {
    fn push<T: ?Sized + Serialize>(&mut self, value: &T) -> Done {
        value.serialize(Plain(&Sink::Push(&self.array)))
    }

    fn end(self) -> Done {
        self.to.finish(self.variant, self.array.into())
    }
}

impl ser::SerializeSeq for Elements<'_> {
    type Ok = ();
    type Error = Unrepresentable;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Done {
        self.push(value)
    }
    fn end(self) -> Done {
        Elements::end(self)
    }
}

impl ser::SerializeTuple for Elements<'_> {
    type Ok = ();
    type Error = Unrepresentable;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Done {
        self.push(value)
    }
    fn end(self) -> Done {
        Elements::end(self)
    }
}

impl ser::SerializeTupleStruct for Elements<'_> {
    type Ok = ();
    type Error = Unrepresentable;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Done {
        self.push(value)
    }
    fn end(self) -> Done {
        Elements::end(self)
    }
}

impl ser::SerializeTupleVariant for Elements<'_> {
    type Ok = ();
    type Error = Unrepresentable;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Done {
        self.push(value)
    }
    fn end(self) -> Done {
        Elements::end(self)
    }
}

impl Fields<'_> {
    fn field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Done {
        value.serialize(Plain(&Sink::Field(&self.object, key)))
    }

    fn end(self) -> Done {
        self.to.finish(self.variant, self.object.into())
    }
}

impl ser::SerializeMap for Entries<'_> {
    type Ok = ();
    type Error = Unrepresentable;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Done {
        key.serialize(Plain(&Sink::Slot(&self.key)))
    }
    /// Like serde-wasm-bindgen's, fails here when the key is not a string.
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Done {
        let key = self.key.take();
        if !key.is_string() {
            return Err(Unrepresentable);
        }
        value.serialize(Plain(&Sink::Entry(&self.fields.object, &key)))
    }
    fn end(self) -> Done {
        self.fields.end()
    }
}

impl ser::SerializeStruct for Fields<'_> {
    type Ok = ();
    type Error = Unrepresentable;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Done {
        self.field(key, value)
    }
    fn end(self) -> Done {
        Fields::end(self)
    }
}

impl ser::SerializeStructVariant for Fields<'_> {
    type Ok = ();
    type Error = Unrepresentable;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Done {
        self.field(key, value)
    }
    fn end(self) -> Done {
        Fields::end(self)
    }
}
