//! The JSON sweep loader on any bytes, decoded as the page's `File.text()` does. A dataset that
//! loads must export to JSON and load back as itself, export to CSV without panicking, and
//! export its figure to well-formed SVG and its key observations to Markdown that keeps its
//! structure (tests/support/exports.rs).
#![no_main]

#[path = "../../tests/support/exports.rs"]
mod exports;

use libfuzzer_sys::fuzz_target;
use sweepmap::{load_json, to_csv, to_json};

fuzz_target!(|bytes: &[u8]| {
    let text = String::from_utf8_lossy(bytes);
    if let Ok(dataset) = load_json(&text) {
        let _ = to_csv(&dataset);
        let reloaded = load_json(&to_json(&dataset));
        assert_eq!(reloaded.as_ref(), Ok(&dataset), "JSON round trip");
        assert_eq!(
            exports::check_sweep_exports(&dataset),
            Ok(()),
            "figure exports"
        );
    }
});
