//! The JSON sweep loader on any bytes, decoded as the page's `File.text()` does. A dataset that
//! loads must export to JSON and load back as itself, and export to CSV without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sweepmap::{load_json, to_csv, to_json};

fuzz_target!(|bytes: &[u8]| {
    let text = String::from_utf8_lossy(bytes);
    if let Ok(dataset) = load_json(&text) {
        let _ = to_csv(&dataset);
        let reloaded = load_json(&to_json(&dataset));
        assert_eq!(reloaded.as_ref(), Ok(&dataset), "JSON round trip");
    }
});
