//! sweepmap: heatmaps of ML evaluation sweeps, from a Rust core compiled to WebAssembly.
//!
//! The flow, step by step:
//! 1. raw text (CSV or JSON) is parsed into records ([`load_csv`], [`load_json`]);
//! 2. records are validated into a [`Dataset`]: axes, facets, dense panels with explicit missing
//!    cells and kept replicates;
//! 3. [`analysis`] computes what the data say: peaks with ties, trends, aggregates, differences,
//!    reconciliation of reported numbers;
//! 4. [`color`] maps values to colours through a domain that the legend shares by construction;
//! 5. [`figure`] resolves a view (which panels) and options against a dataset;
//! 6. [`layout`] places panels, ticks and colour bars in CSS pixels and answers hit tests;
//! 7. [`render`] draws the figure on any plotters backend: canvas, SVG, or an RGBA buffer.
//!
//! Text from the data is shown only through [`display`]: cut to a bounded length and isolated
//! in direction.
//!
//! Everything outside `wasm` is plain Rust, built and tested natively.

// Input never panics: a panic in wasm aborts the whole module, so code outside tests may not
// unwrap, expect, panic or index unchecked. Positions the code itself computed are read with
// `get` too; where one could only be out of range through a bug, the data read as empty.
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing,
        clippy::unreachable,
        clippy::todo,
        clippy::unimplemented
    )
)]

mod decimal;
pub mod display;
mod error;
mod float_text;
mod hash;
mod model;
mod sort;
mod text;

#[cfg(test)]
mod testing;
#[cfg(test)]
mod typescript;

pub mod analysis;
pub mod color;
pub mod figure;
// Conversions of other tools' files into text the loaders open (the `importers` feature: native
// builds, and the wasm package www/pkg/importers/ that a page fetches on demand). The default
// package has none of it: a page learns that a file needs it from that package's refusal.
#[cfg(feature = "importers")]
pub mod importers;
pub mod layout;
pub mod link;
// lm-evaluation-harness readers: native, and the importers package's conversions.
#[cfg(feature = "importers")]
pub mod lm_eval;
pub mod pairwise;
pub mod render;
#[cfg(feature = "figures")]
mod results;
pub mod source;
// Run tables come with the `tables` feature (native builds and the default wasm package; the
// pairwise package leaves them out to fit its size budget). The name lists the tidy loader
// shares with them are built for both, and so is the merge of several files, which the page
// calls from the pairwise package (fetched when several files are opened at once) to keep it
// out of the package every page loads.
#[cfg(feature = "tables")]
pub mod table;
#[cfg(not(feature = "tables"))]
pub mod table {
    // The bins of a continuous parameter: the importers package gives them to a page whose
    // DuckDB bins a column in its reduction (README "Too many configurations").
    mod bins;
    pub use bins::Bins;
    pub mod merge;
    pub(crate) mod names;
}
pub mod view;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use error::{Error, Result};
pub use model::limits;
pub use model::{
    load_csv, load_json, to_csv, to_csv_as, to_json, Axis, BenchmarkInfo, Cell, CsvLoader,
    CsvOptions, CsvText, Dataset, Direction, Facet, Grid, Metric, Panel, Replicate,
};
