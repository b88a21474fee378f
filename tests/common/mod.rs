//! Set-up shared by the native integration tests (`mod common;`): the checks that a committed
//! fixture is exactly what its generating script writes run the script the same way everywhere.
#![allow(dead_code)]

use std::io::ErrorKind;
use std::path::Path;
use std::process::Command;

/// Runs `node <script> <args>` in the crate root and returns what it printed, after asserting
/// that it succeeded. `None` when `node` is not installed: the check is skipped with a note that
/// it is not regenerating `what`.
pub fn run_node(script: &str, args: &[&Path], what: &str) -> Option<Vec<u8>> {
    match Command::new("node")
        .arg(script)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
    {
        Ok(output) => {
            assert!(
                output.status.success(),
                "the generator failed: {}",
                String::from_utf8_lossy(&output.stderr)
            );
            Some(output.stdout)
        }
        Err(error) if error.kind() == ErrorKind::NotFound => {
            println!("note: `node` is not installed; not regenerating {what}");
            None
        }
        Err(error) => panic!("could not run node: {error}"),
    }
}

/// Asserts that `node <script> <folder>` writes each of `paths` (relative to the folder) byte for
/// byte as `committed` reads it, in a scratch folder removed afterwards. Checks nothing (with a
/// note) when `node` is not installed.
pub fn assert_script_writes(
    script: &str,
    what: &str,
    paths: &[String],
    committed: impl Fn(&str) -> Vec<u8>,
) {
    let stem = Path::new(script)
        .file_stem()
        .and_then(|stem| stem.to_str())
        .unwrap_or("fixtures");
    let scratch = std::env::temp_dir().join(format!("sweepmap-{stem}-{}", std::process::id()));
    if run_node(script, &[&scratch], what).is_none() {
        return;
    }
    for path in paths {
        let fresh = std::fs::read(scratch.join(path)).expect("written");
        assert!(
            fresh == committed(path),
            "{path} differs from what `node {script}` writes; regenerate the fixtures with it"
        );
    }
    std::fs::remove_dir_all(&scratch).ok();
}

/// The text of a committed sweep fixture, `tests/fixtures/sweeps/<name>`.
pub fn sweep_fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/sweeps")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}
