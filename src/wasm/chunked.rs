//! `SweepCsvLoader`: a tidy CSV loaded in slices, for files too big to parse in one go without
//! freezing the page. The page pushes the file's bytes a slice at a time, ends the input, then
//! builds a number of rows per call, yielding to the event loop in between:
//!
//! ```js
//! const loader = new SweepCsvLoader(roles);            // roles as for loadCsv, or undefined
//! for (const slice of slices) loader.push(slice);      // Uint8Array (or string) slices
//! const rows = loader.finishInput();                   // roles are inferred here
//! let dataset;
//! while (!(dataset = loader.buildStep(40_000))) {}     // a SweepDataset after the last step
//! ```
//!
//! The dataset is the one `loadCsv` gives for the whole text (see `model::chunked`).
//!
//! `SweepPairwiseLoader` does the same for per-item scores, in fewer steps: its column roles
//! come from the header alone, so each row is added as it arrives and `finish()` returns the
//! `SweepPairwise` that `loadPairwise` gives for the whole text:
//!
//! ```js
//! const loader = new SweepPairwiseLoader(roles);       // roles as for loadPairwise, or undefined
//! for (const slice of slices) loader.push(slice);
//! const scores = loader.finish();                      // a SweepPairwise
//! ```
//!
//! Two classes rather than one that learns the kind from the header: which kind a file is, is
//! the page's decision (bundled data declare it, `guessKind` reads the header, and the other
//! loader is tried when the first fails), and the two build in different steps.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::arguments::invalid;
#[cfg(feature = "pairwise")]
use super::dataset::column_roles;
use super::dataset::{csv_options_from_js, SweepDataset};
#[cfg(feature = "pairwise")]
use super::pairwise::SweepPairwise;
#[cfg(feature = "pairwise")]
use super::PairwiseRolesObject;
use super::{core_error, CsvOptionsObject};
#[cfg(feature = "pairwise")]
use crate::pairwise::{PairwiseCsvLoader, PairwiseCsvOptions};
use crate::CsvLoader;

/// Hands a slice from JavaScript (a `Uint8Array`, copied into `buffer`, or a string) to `push`.
fn push_slice(
    buffer: &mut Vec<u8>,
    slice: &JsValue,
    push: &mut dyn FnMut(&[u8]) -> crate::Result<()>,
) -> Result<(), js_sys::Error> {
    let result = if let Some(bytes) = slice.dyn_ref::<js_sys::Uint8Array>() {
        buffer.resize(bytes.length() as usize, 0);
        bytes.copy_to(buffer);
        push(buffer)
    } else if let Some(text) = slice.as_string() {
        push(text.as_bytes())
    } else {
        let expected = "a slice of the file (a Uint8Array or a string)";
        return Err(invalid("slice", expected, slice));
    };
    result.map_err(core_error)
}

/// `{ fraction, text }`: a loader's progress as the page's bar shows it.
fn progress_object((fraction, text): (f64, String)) -> JsValue {
    let object = super::plain::PlainObject::new();
    object.set("fraction", &JsValue::from_f64(fraction));
    object.set("text", &JsValue::from_str(&text));
    object.into()
}

/// A file's size in bytes, as `progress` takes it: a whole number from 0.
fn file_bytes(value: f64) -> Result<u64, js_sys::Error> {
    if value >= 0.0 && value.fract() == 0.0 {
        Ok(value as u64)
    } else {
        Err(invalid(
            "fileBytes",
            "the file's size in bytes, a whole number from 0",
            &JsValue::from_f64(value),
        ))
    }
}

/// A step's size (`buildStep`'s rows, `openStep`'s cells): a whole number from 1.
pub(super) fn step_size(name: &str, value: &JsValue) -> Result<usize, js_sys::Error> {
    match value.as_f64() {
        Some(count) if count >= 1.0 && count.fract() == 0.0 => {
            Ok(count.min(u32::MAX as f64) as usize)
        }
        _ => Err(invalid(name, "a whole number from 1", value)),
    }
}

/// A CSV loader fed in slices.
#[wasm_bindgen]
pub struct SweepCsvLoader {
    pub(super) inner: CsvLoader,
    /// A reusable buffer the slices are copied into from JavaScript memory.
    buffer: Vec<u8>,
}

#[wasm_bindgen]
impl SweepCsvLoader {
    /// A loader; `roles` names columns as `loadCsv`'s options do (every role left out is
    /// inferred once the input has ended).
    #[wasm_bindgen(constructor)]
    pub fn new(roles: Option<CsvOptionsObject>) -> Result<SweepCsvLoader, js_sys::Error> {
        let options = csv_options_from_js(roles.map_or(JsValue::UNDEFINED, Into::into))?;
        Ok(SweepCsvLoader {
            inner: CsvLoader::new(options),
            buffer: Vec::new(),
        })
    }

    /// Reads the next slice of the file: a `Uint8Array` of UTF-8 bytes (a slice may end inside
    /// a character or a quoted field), or a string.
    pub fn push(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Uint8Array | string")] slice: JsValue,
    ) -> Result<(), js_sys::Error> {
        let inner = &mut self.inner;
        push_slice(&mut self.buffer, &slice, &mut |bytes| inner.push(bytes))
    }

    /// Ends the input and infers the column roles; returns the number of data rows.
    #[wasm_bindgen(js_name = finishInput)]
    pub fn finish_input(&mut self) -> Result<f64, js_sys::Error> {
        self.buffer = Vec::new();
        self.inner
            .finish_input()
            .map(|rows| rows as f64)
            .map_err(core_error)
    }

    /// Does about `rows` rows' worth of building (a whole number from 1): adds rows, then
    /// groups them by cell, then fills panels of about that many cells. Returns the dataset
    /// after its last panel, else `undefined`.
    #[wasm_bindgen(js_name = buildStep)]
    pub fn build_step(&mut self, rows: JsValue) -> Result<Option<SweepDataset>, js_sys::Error> {
        let count = step_size("rows", &rows)?;
        self.inner
            .build_step(count)
            .map(|dataset| dataset.map(SweepDataset::new))
            .map_err(core_error)
    }

    /// Bytes pushed so far.
    #[wasm_bindgen(getter, js_name = bytesRead)]
    pub fn bytes_read(&self) -> f64 {
        self.inner.bytes_read() as f64
    }

    /// How far the load of a file of `fileBytes` bytes is: `{ fraction, text }`, a fraction
    /// from 0 to 1 for a progress bar and what is being done ("Reading 1.3 of 56.6 MB",
    /// "Building the dataset: 20,000 of 1,000,000 rows", "Opening the run table", ...).
    #[wasm_bindgen(unchecked_return_type = "{ fraction: number; text: string }")]
    pub fn progress(
        &self,
        #[wasm_bindgen(js_name = fileBytes)] file_bytes_: f64,
    ) -> Result<JsValue, js_sys::Error> {
        Ok(progress_object(
            self.inner.progress(file_bytes(file_bytes_)?),
        ))
    }

    /// Data rows read so far.
    #[wasm_bindgen(getter, js_name = rowsRead)]
    pub fn rows_read(&self) -> f64 {
        self.inner.rows_read() as f64
    }

    /// Panels filled so far, once every row is in.
    #[wasm_bindgen(getter, js_name = panelsBuilt)]
    pub fn panels_built(&self) -> f64 {
        self.inner.panels_built().0 as f64
    }

    /// The panels to fill (0 until every row is in).
    #[wasm_bindgen(getter, js_name = panelCount)]
    pub fn panel_count(&self) -> f64 {
        self.inner.panels_built().1 as f64
    }

    /// Rows added to the dataset so far (after `finishInput`).
    #[wasm_bindgen(getter, js_name = rowsBuilt)]
    pub fn rows_built(&self) -> f64 {
        self.inner.rows_built() as f64
    }
}

/// A per-item scores CSV loader fed in slices.
#[cfg(feature = "pairwise")]
#[wasm_bindgen]
pub struct SweepPairwiseLoader {
    inner: PairwiseCsvLoader,
    /// A reusable buffer the slices are copied into from JavaScript memory.
    buffer: Vec<u8>,
}

#[cfg(feature = "pairwise")]
#[wasm_bindgen]
impl SweepPairwiseLoader {
    /// A loader; `roles` names the item, model, score and group columns as `loadPairwise`'s
    /// `roles` do (every role left out is inferred from the header).
    #[wasm_bindgen(constructor)]
    pub fn new(roles: Option<PairwiseRolesObject>) -> Result<SweepPairwiseLoader, js_sys::Error> {
        let options: PairwiseCsvOptions =
            column_roles(roles.map_or(JsValue::UNDEFINED, Into::into))?;
        Ok(SweepPairwiseLoader {
            inner: PairwiseCsvLoader::new(options),
            buffer: Vec::new(),
        })
    }

    /// Reads the next slice of the file and adds the rows it completes: a `Uint8Array` of
    /// UTF-8 bytes (a slice may end inside a character or a quoted field), or a string.
    pub fn push(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Uint8Array | string")] slice: JsValue,
    ) -> Result<(), js_sys::Error> {
        let inner = &mut self.inner;
        push_slice(&mut self.buffer, &slice, &mut |bytes| inner.push(bytes))
    }

    /// Ends the input and returns the scores (the loader is spent then).
    pub fn finish(&mut self) -> Result<SweepPairwise, js_sys::Error> {
        self.buffer = Vec::new();
        self.inner
            .finish()
            .map(SweepPairwise::new)
            .map_err(core_error)
    }

    /// Bytes pushed so far.
    #[wasm_bindgen(getter, js_name = bytesRead)]
    pub fn bytes_read(&self) -> f64 {
        self.inner.bytes_read() as f64
    }

    /// How far the load of a file of `fileBytes` bytes is: `{ fraction, text }`, as for
    /// `SweepCsvLoader` ("Reading 1.3 of 48.9 MB", then "Making the table of 1,000,000 scores").
    #[wasm_bindgen(unchecked_return_type = "{ fraction: number; text: string }")]
    pub fn progress(
        &self,
        #[wasm_bindgen(js_name = fileBytes)] file_bytes_: f64,
    ) -> Result<JsValue, js_sys::Error> {
        Ok(progress_object(
            self.inner.progress(file_bytes(file_bytes_)?),
        ))
    }

    /// Data rows read so far.
    #[wasm_bindgen(getter, js_name = rowsRead)]
    pub fn rows_read(&self) -> f64 {
        self.inner.rows_read() as f64
    }
}
