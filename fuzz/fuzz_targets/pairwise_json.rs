//! The per-item scores JSON loader on any bytes, decoded as the page's `File.text()` does.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sweepmap::pairwise::load_pairwise_json;

fuzz_target!(|bytes: &[u8]| {
    let text = String::from_utf8_lossy(bytes);
    let _ = load_pairwise_json(&text);
});
