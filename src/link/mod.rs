//! Share links: the explorer's whole view in the fragment (`#...`) of its address, which the
//! browser never sends to the server (links from before keep it in the query string, `?...`,
//! and still read the same: the parser takes either).
//!
//! One parser for the page (through `parseLink` in wasm) and for the fuzzer. The format is
//! documented key by key at the top of `www/state.js` and in the README. Its words, lists and
//! defaults live in `view` alone (the figure settings' words in `crate::figure::words`, used from
//! there); the page takes them from there through `linkSchema()`. Reading a link never
//! fails as a whole: a link always opens. Every problem (an unknown key, a value that is not
//! what the key takes, damaged percent-encoding, a key given twice, conflicting data sources, a
//! name the data lack) becomes a [`Notice`] that names the key and what was expected, and that
//! setting keeps its default while the rest of the link applies.
//!
//! ```
//! use sweepmap::link::{format_link, parse_link, LinkContext};
//! let parsed = parse_link("#dataset=kv-cache-sweep&range=fixed&min=40&max=abc", &LinkContext::default());
//! assert_eq!(parsed.notices[0].message, "range=fixed needs two numbers min < max, but max=\"abc\" is not a number; using \"panel\".");
//! assert_eq!(format_link(&parsed.state), "dataset=kv-cache-sweep");
//! ```

pub(crate) mod number;
mod query;
mod read;
mod share;
#[cfg(feature = "tables")]
pub mod table;
mod view;
mod write;

pub use number::js_number;
pub use read::{join_names, keys, parse_link, read_link_source, split_names};
pub use share::{data_left_out, source_label, LinkData, MAX_LINK_LENGTH};
pub use view::{
    BinValue, ColorMapName, DataKind, Format, Layout, LayoutUses, LinkContext, Named, Notice,
    PairwiseView, ParsedLink, Range, Source, SweepView, ViewState, BINS, DEFAULT_PAIRWISE_MODELS,
    LEVELS, MAX_OFFERED_DECIMALS, MEAN_BENCHMARK,
};
pub use write::{format_link, format_link_with};
