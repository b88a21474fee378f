//! The `.expected` files beside the malformed-input cases: one exact expected outcome per case.

use std::path::{Path, PathBuf};

/// The cases of a corpus folder below the crate (`tests/malformed`), sorted: the files `keep`
/// accepts, each with its name; and whether to write missing expectations (`SWEEPMAP_BLESS`).
pub fn cases(
    folder: &str,
    keep: impl Fn(&Path) -> bool,
) -> (PathBuf, Vec<(PathBuf, String)>, bool) {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(folder);
    let mut cases: Vec<(PathBuf, String)> = std::fs::read_dir(&folder)
        .expect("the corpus folder exists")
        .map(|entry| entry.expect("a readable entry").path())
        .filter(|path| keep(path))
        .map(|path| {
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default()
                .to_string();
            (path, name)
        })
        .collect();
    cases.sort();
    (folder, cases, std::env::var_os("SWEEPMAP_BLESS").is_some())
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
