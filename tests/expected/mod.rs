//! The `.expected` files beside the cases of a corpus (malformed inputs, damaged links, hostile
//! exports): one exact expected outcome per case.

use std::path::{Path, PathBuf};

/// The cases of a corpus folder, `(file name, path)` in name order: the files whose extension
/// `is_case` accepts (never the `.expected` files).
pub fn cases(folder: &Path, is_case: impl Fn(&str) -> bool) -> Vec<(String, PathBuf)> {
    let mut cases: Vec<(String, PathBuf)> = std::fs::read_dir(folder)
        .unwrap_or_else(|error| panic!("the corpus folder {folder:?}: {error}"))
        .map(|entry| entry.expect("a readable entry").path())
        .filter(|path| {
            path.extension()
                .and_then(|ext| ext.to_str())
                .is_some_and(|ext| ext != "expected" && is_case(ext))
        })
        .map(|path| {
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default();
            (name.to_string(), path)
        })
        .collect();
    cases.sort();
    cases
}

/// True when `SWEEPMAP_BLESS` is set: missing expectations are written, not reported.
pub fn blessing() -> bool {
    std::env::var_os("SWEEPMAP_BLESS").is_some()
}

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
