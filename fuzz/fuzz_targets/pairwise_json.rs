//! The per-item scores JSON loader on any bytes, decoded as the page's `File.text()` does. Scores
//! that load must export their figure to well-formed SVG and their comparisons to Markdown with
//! one table row per pair (tests/support/exports.rs).
#![no_main]

#[path = "../../tests/support/exports.rs"]
mod exports;

use libfuzzer_sys::fuzz_target;
use sweepmap::pairwise::load_pairwise_json;

fuzz_target!(|bytes: &[u8]| {
    let text = String::from_utf8_lossy(bytes);
    if let Ok(dataset) = load_pairwise_json(&text) {
        assert_eq!(
            exports::check_pairwise_exports(&dataset),
            Ok(()),
            "figure exports"
        );
    }
});
