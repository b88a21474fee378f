//! The view spec: every setting of a view declared once, and everything derived from that one
//! declaration.
//!
//! A view is what a figure shows of a dataset: the layout, the models and benchmarks, the colour
//! map and range, the labels. Each setting is declared once in [`settings`] (its option name,
//! type, what a value must be, share-link key and older keys, `<sweep-map>` attribute), and each
//! view state ([`SweepView`], [`PairwiseView`]) holds one field per setting with its default.
//! From these come:
//! - the strict resolution of an options object for the API ([`resolve_options`],
//!   [`resolve_pairwise_options`]): a wrong value is an error naming the option;
//! - the lenient reading and the writing of share links ([`crate::link`]): a wrong value is a
//!   notice and the default;
//! - the normalisation of a view state against the names of a dataset ([`normalize`]), which
//!   the page and `<sweep-map>` use instead of re-deriving it;
//! - the schema the page reads (`linkSchema()` in wasm).
//!
//! Nothing here touches JavaScript: the binding layer (`crate::wasm`) only turns JavaScript
//! values into [`OptionValue`]s and results back into objects.

pub mod normalize;
mod pairwise;
mod setting;
pub mod settings;
mod state;
mod sweep;
pub mod table;
#[cfg(test)]
mod typescript;

pub use normalize::{Names, Resolved};
pub use pairwise::{
    default_bins, merge_pairwise, resolve_bins, resolve_pairwise_options, PairwiseView,
    ResolvedPairwiseOptions,
};
pub use setting::{
    invalid_value, labels, quoted, Doc, LinkForm, OptionSet, OptionValue, Patch, Setting, Settings,
    ValueKind, Views,
};
pub use settings::{
    marks_level, offered_level, BINS, FALLBACK_WIDTH, LEVELS, MAX_BINS, MAX_LABEL_DECIMALS,
    MAX_OFFERED_DECIMALS, MAX_PIXEL_RATIO, MAX_WIDTH, MEAN_BENCHMARK, MIN_DRAWN_WIDTH,
    MIN_PIXEL_RATIO, MIN_WIDTH, NO_MARKS,
};
pub use state::{put_field, StateValue, ViewFields};
pub use sweep::{
    check_benchmark, check_pixel_ratio, check_width, resolve_options, ResolvedOptions,
    Surroundings, SweepView,
};
