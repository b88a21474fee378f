//! The dataset model and its text formats: axes, grids with explicit missing cells, datasets of
//! model x benchmark panels, tidy CSV and JSON loading, and export back to both.

pub(crate) mod axis;
pub(crate) mod build;
pub(crate) mod chunked;
pub(crate) mod csv_format;
mod dataset;
mod grid;
mod json_format;
pub(crate) mod json_value;
pub mod limits;
pub(crate) mod records;
pub(crate) mod tidy;

pub use axis::Axis;
pub use chunked::CsvLoader;
pub use csv_format::{load_csv, to_csv, to_csv_as, CsvOptions};
pub use dataset::{BenchmarkInfo, Dataset, Direction, Facet, Metric, Panel, Replicate};
pub use grid::{Cell, Grid};
#[cfg(feature = "importers")]
pub(crate) use json_format::number_label;
pub(crate) use json_format::{
    deserialize_as_objects, parse_object, Field, JsonObject, JsonObjects, ObjectVisitor,
};
pub use json_format::{load_json, to_json};
pub use records::CsvText;
