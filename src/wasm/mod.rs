//! The JavaScript face of sweepmap: a small ES-module API over the core.
//!
//! This is the only module that knows about wasm-bindgen, web-sys and JS values. A loaded
//! dataset stays in Rust behind an opaque handle ([`SweepDataset`]), and so does a drawn figure
//! ([`SweepFigure`]), which keeps its prepared figure and layout for hover queries and exports.
//! JavaScript sends small option objects in and gets small plain objects back, never whole grids.
//! Every failure reaches JavaScript as a real `Error` whose message is the core's user-facing
//! message and names what was wrong; nothing here panics on input (a panic would abort the whole
//! module), so every argument from JavaScript is checked for its type before it is used.
//!
//! ```js
//! import init, { loadDataset, colorMaps, SweepFigure } from "./pkg/sweepmap.js";
//! await init();
//! const dataset = loadDataset(text); // CSV or JSON, told apart by the first character
//! dataset.models(); // ["R1-Llama", "R1-Qwen"]
//! const figure = new SweepFigure(dataset, canvas, { layout: "model", model: "R1-Qwen" });
//! figure.update({ colorMap: "ylgnbu", domain: "fixed", min: 24, max: 48 });
//! figure.hitTest(event.offsetX, event.offsetY); // { model, benchmark, xLabel, value, ... } or undefined
//!
//! const scores = loadPairwise(itemScores); // per-item scores, CSV or JSON
//! scores.comparePair("model-a", "model-b"); // { aAhead, tied, bAhead, shares, ... }
//! const pairs = new SweepPairwiseFigure(scores, canvas, { models: ["model-a", "model-b"] });
//! pairs.hitTest(x, y); // { xRange: [0.3, 0.4], yRange, count, share, text, ... } or undefined
//! ```
//!
//! The parts:
//! - `dataset`: loading (`loadCsv`, `loadJson`, `loadDataset`), `colorMaps` and the dataset
//!   handle with its analysis methods;
//! - `pairwise`: loading per-item scores (`loadPairwise`) and their handle, `SweepPairwise`;
//! - `arguments`: reading JavaScript values (option objects, numbers, names, canvases) into the
//!   view spec's types ([`crate::view`], where options are resolved);
//! - `display`: data-supplied text as shown (`displayLabel`, `displayNote`), and a title as a
//!   file name (`fileStemOf`);
//! - `table` (the default package only): run tables of any shape (`openSweep`), their
//!   columns with roles and reasons, views projected into datasets (`SweepTable`,
//!   `SweepProjection`);
//! - `source`: where data come from (`formatFromName`, `checkFetchedText`, `splitNames`);
//! - `figure` and `pairwise_figure`: the figure handles, `SweepFigure` and
//!   `SweepPairwiseFigure`, which differ in what they prepare and share everything after that:
//! - `drawing`: a prepared figure on a canvas, with hover, exports and its accessible label;
//! - `canvas`: painting a figure on an HTML canvas, HiDPI, with a raster pass for small cells.

// The allocator: talc instead of Rust's default dlmalloc for wasm, for size (README "Package
// size": -2 871 bytes gzipped on the default package). Measured on a million-row sweep CSV read
// whole: about 5 % more CPU time than dlmalloc, and after repeated loads and frees of it the
// memory settles at 280 MB instead of 226 MB.
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

#[cfg(feature = "figures")]
mod arguments;
#[cfg(feature = "figures")]
pub mod canvas;
#[cfg(feature = "figures")]
mod chunked;
#[cfg(feature = "figures")]
mod dataset;
#[cfg(feature = "figures")]
mod display;
#[cfg(feature = "figures")]
mod drawing;
#[cfg(feature = "figures")]
mod figure;
#[cfg(feature = "figures")]
mod link;
#[cfg(feature = "pairwise")]
mod merge;
#[cfg(feature = "pairwise")]
mod pairwise;
#[cfg(feature = "pairwise")]
mod pairwise_figure;
#[cfg(feature = "figures")]
#[doc(hidden)]
pub mod plain;
#[cfg(feature = "figures")]
mod slice;
#[cfg(feature = "figures")]
mod source;
#[cfg(feature = "tables")]
mod table;
#[cfg(feature = "tables")]
mod table_link;
// The importers package: conversions only, no figure code (`figures` is off there).
#[cfg(feature = "importers")]
mod importers;

#[cfg(feature = "figures")]
use serde::Serialize;
#[cfg(feature = "figures")]
use wasm_bindgen::prelude::*;

#[cfg(feature = "figures")]
pub use chunked::SweepCsvLoader;
#[cfg(feature = "pairwise")]
pub use chunked::SweepPairwiseLoader;
#[cfg(feature = "figures")]
pub use dataset::{
    color_maps, load_csv, load_dataset, load_json, CsvExportOptionsObject, SweepDataset,
};
#[cfg(feature = "figures")]
pub use display::{display_label_js, display_note_js, file_stem_of_js};
#[cfg(feature = "figures")]
pub use figure::SweepFigure;
#[cfg(feature = "importers")]
pub use importers::{
    importer_for_js, lm_eval_results_js, lm_eval_samples_js, reduction_text, table_from_json_js,
    table_limit_text,
};
#[cfg(feature = "figures")]
pub use link::{format_link_js, link_schema_js, parse_link_js, read_link_source_js};
#[cfg(feature = "pairwise")]
pub use pairwise::{load_pairwise, SweepPairwise};
#[cfg(feature = "pairwise")]
pub use pairwise_figure::SweepPairwiseFigure;
#[cfg(feature = "figures")]
pub use source::{check_fetched_text, format_from_name_js, guess_kind, split_names_js};
#[cfg(feature = "tables")]
pub use table::{open_sweep_js, SweepProjection, SweepTable};

// The declarations of the types JavaScript receives as they are in the core, generated from the
// Rust types by a native test (src/typescript.rs; .ci/types.mjs checks that the built .d.ts
// carries them). The custom sections stay out of the wasm: wasm-bindgen moves them into
// sweepmap.d.ts.
#[cfg(feature = "figures")]
#[wasm_bindgen(typescript_custom_section)]
const GENERATED_TYPES: &'static str = include_str!("generated.d.ts");

// The declarations of the option objects (FigureOptions, PairwiseFigureOptions,
// ComparePairOptions), generated from the view settings by a native test (src/view/typescript.rs;
// .ci/types.mjs checks that the built .d.ts carries them).
#[cfg(feature = "figures")]
#[wasm_bindgen(typescript_custom_section)]
const OPTION_TYPES: &'static str = include_str!("options.d.ts");

// Hand-written, because ts-rs sees no Rust type for them: load options (read field by field
// from JavaScript: CsvOptions, LoadOptions, PairwiseRoles, PairwiseLoadOptions) and a slice's
// point (SlicePoint). Every other result is generated (the small ones src/wasm/ builds are
// declared in src/results.rs for that). Class method signatures are wasm-bindgen's own.
#[cfg(feature = "figures")]
#[wasm_bindgen(typescript_custom_section)]
const TYPESCRIPT_TYPES: &'static str = r#"
/** Column roles for `loadCsv`; every field is optional and inferred when left out. */
export interface CsvOptions {
  x?: string;
  y?: string;
  value?: string;
  model?: string;
  benchmark?: string;
  replicate?: string;
  ignore?: string[];
}

/** Options of `loadDataset`. */
export interface LoadOptions {
  /** "auto" (the default): JSON when the text starts with "{" (after spaces and a BOM), CSV otherwise. */
  format?: "auto" | "csv" | "json" | null;
  /** Column roles for CSV text; not used for JSON. */
  roles?: CsvOptions | null;
}

/** A point of a slice (`chart: "slice"`): its series and position along the axis, what hover
 *  and the keyboard say of it, and its centre in CSS px from the canvas' top-left corner. */
export interface SlicePoint {
  series: number;
  position: number;
  text: string;
  x: number;
  y: number;
}

/** Column roles of per-item score CSV; every field is optional and inferred when left out. */
export interface PairwiseRoles {
  /** The item (task, problem, question), e.g. "task_id". */
  item?: string | null;
  model?: string | null;
  /** A score between 0 and 1, e.g. "progress_ratio". */
  score?: string | null;
  /** The item's group (benchmark, task family); optional. */
  group?: string | null;
}

/** Options of `loadPairwise`. */
export interface PairwiseLoadOptions {
  /** "auto" (the default): JSON when the text starts with "{" (after spaces and a BOM), CSV otherwise. */
  format?: "auto" | "csv" | "json" | null;
  /** Column roles for CSV text; not used for JSON. */
  roles?: PairwiseRoles | null;
}
"#;

#[cfg(feature = "figures")]
#[wasm_bindgen]
extern "C" {
    /// A `CsvOptions` object from JavaScript.
    #[wasm_bindgen(typescript_type = "CsvOptions")]
    pub type CsvOptionsObject;

    /// A `LoadOptions` object from JavaScript.
    #[wasm_bindgen(typescript_type = "LoadOptions")]
    pub type LoadOptionsObject;

    /// A `FigureOptions` object from JavaScript.
    #[wasm_bindgen(typescript_type = "FigureOptions")]
    pub type FigureOptionsObject;

    /// A `MetricInfo` object for JavaScript.
    #[wasm_bindgen(typescript_type = "MetricInfo")]
    pub type MetricObject;

    /// An `AxisInfo` object for JavaScript.
    #[wasm_bindgen(typescript_type = "AxisInfo")]
    pub type AxisObject;

    /// An array of `PanelInfo` objects for JavaScript.
    #[wasm_bindgen(typescript_type = "PanelInfo[]")]
    pub type PanelArray;

    /// An array of `BenchmarkInfo` objects for JavaScript.
    #[wasm_bindgen(typescript_type = "BenchmarkInfo[]")]
    pub type BenchmarkInfoArray;

    /// An array of `ColorMapInfo` objects for JavaScript.
    #[wasm_bindgen(typescript_type = "ColorMapInfo[]")]
    pub type ColorMapArray;

    /// A `PanelAnalysis` object for JavaScript.
    #[wasm_bindgen(typescript_type = "PanelAnalysis")]
    pub type PanelAnalysisObject;

    /// A `Reconciliation` object for JavaScript.
    #[wasm_bindgen(typescript_type = "Reconciliation")]
    pub type ReconciliationObject;

    /// A `ConfigurationRanking` object for JavaScript.
    #[wasm_bindgen(typescript_type = "ConfigurationRanking")]
    pub type ConfigurationRankingObject;

    /// A `ResolvedFigureOptions` object for JavaScript.
    #[wasm_bindgen(typescript_type = "ResolvedFigureOptions")]
    pub type ResolvedOptionsObject;

    /// A `CellInfo` object for JavaScript.
    #[wasm_bindgen(typescript_type = "CellInfo")]
    pub type CellInfoObject;

    /// A `CellRect` object for JavaScript.
    #[wasm_bindgen(typescript_type = "CellRect")]
    pub type CellRectObject;

    /// A `FigureNotes` object for JavaScript.
    #[wasm_bindgen(typescript_type = "FigureNotes")]
    pub type FigureNotesObject;

    /// A `SlicePoint` object for JavaScript.
    #[wasm_bindgen(typescript_type = "SlicePoint")]
    pub type SlicePointObject;

    /// A `FigureSize` object for JavaScript.
    #[wasm_bindgen(typescript_type = "FigureSize")]
    pub type FigureSizeObject;

    /// A `ValueRange` object for JavaScript.
    #[wasm_bindgen(typescript_type = "ValueRange")]
    pub type ValueRangeObject;

    /// An array of `FigurePanelInfo` objects for JavaScript.
    #[wasm_bindgen(typescript_type = "FigurePanelInfo[]")]
    pub type FigurePanelArray;

    /// An array of `PanelReport` objects for JavaScript.
    #[wasm_bindgen(typescript_type = "PanelReport[]")]
    pub type PanelReportArray;

    /// A `KeyObservations` object for JavaScript.
    #[wasm_bindgen(typescript_type = "KeyObservations")]
    pub type KeyObservationsObject;

    /// A `ComparisonsSummary` object for JavaScript.
    #[wasm_bindgen(typescript_type = "ComparisonsSummary")]
    pub type ComparisonsSummaryObject;

    /// An array of `ObservationSection` objects for JavaScript.
    #[wasm_bindgen(typescript_type = "ObservationSection[]")]
    pub type ObservationSectionArray;

    /// A `PairwiseLoadOptions` object from JavaScript.
    #[wasm_bindgen(typescript_type = "PairwiseLoadOptions")]
    pub type PairwiseLoadOptionsObject;

    /// A `PairwiseRoles` object from JavaScript.
    #[wasm_bindgen(typescript_type = "PairwiseRoles")]
    pub type PairwiseRolesObject;

    /// A `ComparePairOptions` object from JavaScript.
    #[wasm_bindgen(typescript_type = "ComparePairOptions")]
    pub type ComparePairOptionsObject;

    /// A `PairwiseFigureOptions` object from JavaScript.
    #[wasm_bindgen(typescript_type = "PairwiseFigureOptions")]
    pub type PairwiseFigureOptionsObject;

    /// A `PairStatistics` object for JavaScript.
    #[wasm_bindgen(typescript_type = "PairStatistics")]
    pub type PairStatisticsObject;

    /// An array of `PairStatistics` objects for JavaScript.
    #[wasm_bindgen(typescript_type = "PairStatistics[]")]
    pub type PairStatisticsArray;

    /// A `ResolvedPairwiseFigureOptions` object for JavaScript.
    #[wasm_bindgen(typescript_type = "ResolvedPairwiseFigureOptions")]
    pub type ResolvedPairwiseOptionsObject;

    /// A `PairwiseCellInfo` object for JavaScript.
    #[wasm_bindgen(typescript_type = "PairwiseCellInfo")]
    pub type PairwiseCellInfoObject;

    /// An array of `PairwisePanelInfo` objects for JavaScript.
    #[wasm_bindgen(typescript_type = "PairwisePanelInfo[]")]
    pub type PairwisePanelArray;
}

/// Turns any error into a real JavaScript `Error` carrying its message.
fn js_error(error: impl std::fmt::Display) -> js_sys::Error {
    js_sys::Error::new(&error.to_string())
}

/// A core error as a JavaScript `Error`, with `limit: true` when the data need more than a tab
/// holds ([`crate::Error::LimitExceeded`], [`crate::Error::TooManyRuns`]): a page can then reduce
/// them where they are (DuckDB-wasm) instead of reading the message's text.
#[cfg(feature = "figures")]
fn core_error(error: crate::Error) -> js_sys::Error {
    let limit = matches!(error, crate::Error::LimitExceeded { .. });
    #[cfg(feature = "tables")]
    let limit = limit || matches!(error, crate::Error::TooManyRuns { .. });
    let thrown = js_error(error);
    if limit {
        let _ = js_sys::Reflect::set(&thrown, &"limit".into(), &JsValue::TRUE);
    }
    thrown
}

/// Converts a result to a plain JavaScript value: structs and maps become objects, `None`
/// becomes `null`. Written by [`plain::Plain`], which gives what serde-wasm-bindgen's
/// `json_compatible` serializer gives in a fraction of the code (README "Package size").
#[cfg(feature = "figures")]
fn to_plain_object<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, js_sys::Error> {
    plain::plain_value(value)
}

/// [`to_plain_object`], typed for the TypeScript declarations.
#[cfg(feature = "figures")]
fn to_typed<T: Serialize + ?Sized, Typed: JsCast>(value: &T) -> Result<Typed, js_sys::Error> {
    Ok(to_plain_object(value)?.unchecked_into())
}
