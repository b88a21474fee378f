//! The `.expected` files beside the malformed-input cases: one exact expected outcome per case.

use std::path::Path;

/// Compares `got` with `folder/name.expected` (its trailing newline aside) and adds a failure
/// line when they differ or the file is missing; with `bless`, a missing file is written with
/// `got` instead (an existing one is never overwritten).
pub fn check(folder: &Path, name: &str, got: &str, bless: bool, failures: &mut Vec<String>) {
    let expected_path = folder.join(format!("{name}.expected"));
    match std::fs::read_to_string(&expected_path) {
        Ok(expected) if expected.trim_end() == got => {}
        Ok(expected) => failures.push(format!(
            "{name}:\n  expected: {}\n  got:      {got}",
            expected.trim_end()
        )),
        Err(_) if bless => {
            std::fs::write(&expected_path, format!("{got}\n")).expect("the expectation is written")
        }
        Err(_) => failures.push(format!("{name}: no {name}.expected (got: {got})")),
    }
}
