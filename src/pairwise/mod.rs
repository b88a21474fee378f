//! Pairwise model comparison: per-item scores of several models, compared two models at a time.
//!
//! Where the heatmaps of a sweep show one number per configuration, a pairwise comparison looks
//! at every item (a task, a problem, a question) that two models were both scored on: model A's
//! score on x, model B's on y, both in [0, 1] (a progress ratio, a pass rate, an accuracy). The
//! pipeline mirrors the rest of sweepmap:
//! 1. raw text is loaded into a [`PairwiseDataset`] by [`load_pairwise_csv`] (tidy CSV, one row
//!    per item and model; [`PairwiseCsvLoader`] reads it in slices) or [`load_pairwise_json`]
//!    (one object per item), with the same loading standards as the sweep datasets: errors name
//!    the line and column, or the field path, and the score table (models x items) is checked
//!    against [`MAX_ITEM_SCORES`](crate::limits::MAX_ITEM_SCORES) before it is allocated;
//! 2. [`compare_pair`] bins the items scored by both models into a 2D histogram (a [`Grid`] of
//!    counts, so the existing colour, layout and render machinery can draw it), counts the items
//!    only one model scored instead of dropping them, and summarises who is ahead: shares ahead,
//!    tied and behind, the mean paired difference A - B and an exact two-sided sign test;
//! 3. [`compare_all_pairs`] does the same for every unordered pair of chosen models, in the order
//!    of a small-multiples figure.
//!
//! [`Grid`]: crate::Grid

mod compare;
mod csv_format;
pub(crate) mod dataset;
mod json_format;
mod sign_test;

pub use compare::{
    compare_all_pairs, compare_pair, models_choice_note, PairComparison, DEFAULT_BINS, MAX_BINS,
    MIN_MODELS,
};
pub use csv_format::{
    load_pairwise_csv, looks_like_item_scores, PairwiseCsvLoader, PairwiseCsvOptions,
};
#[cfg(feature = "pairwise")]
pub use csv_format::{pairwise_columns, PairwiseColumns};
pub use dataset::{PairwiseDataset, PairwiseItem};
pub use json_format::load_pairwise_json;
pub use sign_test::sign_test_p_value;
