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
//! figure.hitTest(event.offsetX, event.offsetY); // { model, benchmark, x_label, value, ... } or undefined
//!
//! const scores = loadPairwise(itemScores); // per-item scores, CSV or JSON
//! scores.comparePair("model-a", "model-b"); // { a_ahead, tied, b_ahead, shares, ... }
//! const pairs = new SweepPairwiseFigure(scores, canvas, { models: ["model-a", "model-b"] });
//! pairs.hitTest(x, y); // { x_range: [0.3, 0.4], y_range, count, share, text, ... } or undefined
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
pub use importers::{importer_for_js, lm_eval_results_js, lm_eval_samples_js, table_from_json_js};
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
// from JavaScript: CsvOptions, LoadOptions, PairwiseRoles, PairwiseLoadOptions), results built
// in src/wasm/ (compiled for wasm32 only; MetricInfo, AxisInfo, PanelInfo, BenchmarkInfo, ColorMapInfo, PanelAnalysis,
// FigureSize, ValueRange, FigurePanelInfo, ObservationSection, KeyObservations,
// PairStatistics, PairwiseCellInfo, PairwisePanelInfo), and interfaces that
// extend a generated one (PairwiseCellInfo). Class method signatures are wasm-bindgen's own.
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

/** The measured quantity. */
export interface MetricInfo {
  name: string;
  direction: "higher" | "lower";
  unit: string | null;
}

/** One hyperparameter axis, categories in axis order (ascending when numeric). */
export interface AxisInfo {
  name: string;
  labels: string[];
  /** The numeric value of each label, or null when the axis is categorical. */
  values: number[] | null;
}

/** One model x benchmark panel and how many of its cells are present and missing. */
export interface PanelInfo {
  model: string;
  benchmark: string;
  /** "Model | Benchmark", leaving out facets the data do not have. */
  title: string;
  present: number;
  missing: number;
}

/** Metadata of one benchmark. */
export interface BenchmarkInfo {
  name: string;
  /** Items (problems) in the benchmark, e.g. 30 for AIME24. */
  items: number | null;
  /** Samples per item when a score averages several. */
  samples_per_item: number | null;
  /** For a reported aggregate (a paper's average), the benchmarks it averages. */
  aggregate_of: string[] | null;
}

/** A colour map of `colorMaps()`: `name` goes in options, `label` is for people. */
export interface ColorMapInfo {
  name: string;
  label: string;
  diverging: boolean;
}

/** `SweepDataset.analysis(model, benchmark)`. */
export interface PanelAnalysis {
  /** null when the panel has no present cell. */
  summary: Summary | null;
  trends: Trends;
  marginals: Marginals;
}

/** A size in CSS px. */
export interface FigureSize {
  width: number;
  height: number;
}

/** A range of values, the smaller first. */
export interface ValueRange {
  min: number;
  max: number;
}

/** One panel of a drawn figure. */
export interface FigurePanelInfo {
  title: string;
  model: string | null;
  benchmark: string | null;
  /** Cells across (x) and down (y). */
  columns: number;
  rows: number;
  /** The accessible description: title, peak and where, colour range. */
  description: string;
  /** Decimals of the panel's value labels. */
  decimals: number;
  /**
   * Whether the cells carry the noise estimate the uncertainty marks need (standard errors
   * from items or replicates; in a difference, cells where both models have one).
   */
  noiseEstimate: boolean;
  /** Whether the panel has marginal strips: their cells are x = columns (the row strip, one per
   *  row) and y = rows (the column strip), for `cellInfo`, `cellRect` and `hitTest`. */
  strips: boolean;
}

/** Key observations about one panel (or "Across panels"): sentences with the facts they state. */
export interface ObservationSection {
  title: string;
  observations: { text: string; claim: { kind: string; [fact: string]: unknown } }[];
}

/** A column of a table in words: its heading, and whether it holds numbers (right-aligned). */
export interface TableColumn {
  name: string;
  numeric: boolean;
}

/** What the page writes under a sweep figure, every text written by the figure. */
export interface KeyObservations {
  /** What the figure shows of a larger table (a run table's view, `SweepProjection.description`); null otherwise. */
  shows: string | null;
  /** One section per panel, in panel order. */
  panels: ObservationSection[];
  /** "Across panels", when it has any observation. */
  across: ObservationSection[];
  /** For the "difference" layout: who is ahead how often, as lines under a heading. */
  difference: { heading: string; lines: string[] } | null;
  /** For the "reconcile" layout: the cells that differ beyond rounding, largest gap first. */
  mismatches: {
    caption: string;
    columns: TableColumn[];
    /** cells: x label, y label, reported, recomputed, difference ("+1.30"); gap: |difference| as shown. */
    rows: { position: CellPosition; gap: number; cells: string[] }[];
  } | null;
  /** The canvas' accessible description ("Key observations. ..."); "" when there are none. */
  description: string;
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

/** Model A (x) against model B (y) over the items both scored. */
export interface PairStatistics {
  model_a: string;
  model_b: string;
  /** The group compared within; null for all items. */
  group: string | null;
  /** Items in scope (in the group, or all). */
  items: number;
  /** Items scored by both models. */
  paired: number;
  only_a: number;
  only_b: number;
  neither: number;
  a_ahead: number;
  tied: number;
  b_ahead: number;
  /** Of the paired items; null when there are none. */
  shares: { a_ahead: number | null; tied: number | null; b_ahead: number | null };
  /** Mean of A - B over the paired items; null when there are none. */
  mean_difference: number | null;
  /** Exact two-sided sign test over the untied items; null when there are none. */
  sign_test_p_value: number | null;
}

/** Everything about one bin of a pairwise figure. */
export interface PairwiseCellInfo extends CellInfo {
  /** Model A's scores in the bin, [low, high): the last bin includes 1. */
  x_range: [number, number];
  /** Model B's scores in the bin. */
  y_range: [number, number];
  /** Items in the bin. */
  count: number;
  /** count / the pair's paired items; null when there are none. */
  share: number | null;
  /** The share in words: "6.3 % of 285 paired items", or "– (no paired items)". */
  share_text: string;
  /** The ranges in words: "[0.2, 0.3)", and "[0.9, 1]" for the last bin, which includes 1. */
  x_range_text: string;
  y_range_text: string;
  /** One line for the live region: "model-a vs model-b: model-a [0.2, 0.3), ...: 3 items, 6.3 % of 285 paired items." */
  announcement: string;
}

/** One panel (one pair) of a pairwise figure. */
export interface PairwisePanelInfo {
  /** "model-a vs model-b", with " | group" when restricted to one. */
  title: string;
  /** Bins across (x) and down (y). */
  columns: number;
  rows: number;
  description: string;
  /** Decimals of the bins' labels. */
  decimals: number;
  /** The statistics lines under the title. */
  subtitle: string[];
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
