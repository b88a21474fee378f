//! The JavaScript API of the paper package: a `PaperFonts` handle made once from the font
//! bytes, then `toPdf(svg)` and `textAsPaths(svg)`. Errors are JS `Error`s with the crate's
//! messages; results are plain objects.

use js_sys::{Array, Object, Reflect, Uint8Array};
use wasm_bindgen::prelude::*;

use crate::{Converted, Fonts, PaperError};

fn js_error(error: PaperError) -> js_sys::Error {
    js_sys::Error::new(&error.to_string())
}

/// `{ [key]: output, missing: ["中", ...], note }`: the note null when nothing is missing.
fn result<T>(
    key: &str,
    converted: Converted<T>,
    output: JsValue,
    fonts: &Fonts,
) -> Result<Object, js_sys::Error> {
    let object = Object::new();
    let missing: Array = converted
        .missing
        .iter()
        .map(|character| JsValue::from(character.to_string()))
        .collect();
    Reflect::set(&object, &JsValue::from_str(key), &output)?;
    Reflect::set(&object, &JsValue::from_str("missing"), &missing)?;
    let note = fonts.missing_note(&converted.missing);
    let note = note.as_deref().map_or(JsValue::NULL, JsValue::from_str);
    Reflect::set(&object, &JsValue::from_str("note"), &note)?;
    Ok(object)
}

/// The fonts text is laid out with, loaded once.
#[wasm_bindgen]
pub struct PaperFonts(Fonts);

#[wasm_bindgen]
impl PaperFonts {
    /// Loads the fonts (each a `Uint8Array` of a .ttf or .otf file; the first one's family is
    /// used for every generic family).
    #[wasm_bindgen(constructor)]
    pub fn new(fonts: Vec<Uint8Array>) -> Result<PaperFonts, js_sys::Error> {
        let bytes: Vec<Vec<u8>> = fonts.iter().map(Uint8Array::to_vec).collect();
        let slices: Vec<&[u8]> = bytes.iter().map(Vec::as_slice).collect();
        Fonts::new(&slices).map(PaperFonts).map_err(js_error)
    }

    /// `{ pdf: Uint8Array, missing: string[], note: string | null }`: the SVG as a PDF, the
    /// characters no font had, and what the page says about them (null when none is missing).
    #[wasm_bindgen(js_name = toPdf, unchecked_return_type = "{ pdf: Uint8Array<ArrayBuffer>; missing: string[]; note: string | null }")]
    pub fn to_pdf(&self, svg: &str) -> Result<Object, js_sys::Error> {
        let converted = crate::svg_to_pdf(svg, &self.0).map_err(js_error)?;
        let pdf = Uint8Array::from(converted.output.as_slice());
        result("pdf", converted, pdf.into(), &self.0)
    }

    /// `{ svg: string, missing: string[], note: string | null }`: the SVG with its text as
    /// paths, and the missing characters with their note as for `toPdf`.
    #[wasm_bindgen(js_name = textAsPaths, unchecked_return_type = "{ svg: string; missing: string[]; note: string | null }")]
    pub fn text_as_paths(&self, svg: &str) -> Result<Object, js_sys::Error> {
        let converted = crate::svg_text_as_paths(svg, &self.0).map_err(js_error)?;
        let svg = JsValue::from_str(&converted.output);
        result("svg", converted, svg, &self.0)
    }
}
