//! Several CSV files opened at once: merged into one table of runs when they share columns, a
//! "source file" column added when their runs would otherwise collide, clear errors naming the
//! file and the columns.
#![cfg(not(target_arch = "wasm32"))]

use sweepmap::table::{merge_csv_files, open_sweep, Role, TableOptions, SOURCE_FILE};
use sweepmap::{load_csv, CsvOptions};

fn files(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(name, text)| (name.to_string(), text.to_string()))
        .collect()
}

#[test]
fn two_files_with_a_model_column_merge_as_they_are() {
    let merged = merge_csv_files(&files(&[
        (
            "a.csv",
            "model,lr,wd,acc\nA,0.1,0,0.5\nA,0.2,0,0.6\nA,0.1,1,0.7\nA,0.2,1,0.8\n",
        ),
        (
            "b.csv",
            "model,lr,wd,acc\nB,0.1,0,0.4\nB,0.2,0,0.3\nB,0.1,1,0.2\nB,0.2,1,0.1\n",
        ),
    ]))
    .unwrap();
    assert_eq!(
        merged.notices,
        ["Merged 2 files into one table of 8 runs: \"a.csv\" (4 runs), \"b.csv\" (4 runs)."]
    );
    assert_eq!(
        merged.text,
        "model,lr,wd,acc\nA,0.1,0,0.5\nA,0.2,0,0.6\nA,0.1,1,0.7\nA,0.2,1,0.8\n\
         B,0.1,0,0.4\nB,0.2,0,0.3\nB,0.1,1,0.2\nB,0.2,1,0.1\n"
    );
    let dataset = load_csv(&merged.text, &CsvOptions::default()).unwrap();
    assert_eq!(dataset.models.levels, ["A", "B"]);
    assert_eq!(dataset.panels[1].grid.value(1, 1), Some(0.1));
}

#[test]
fn three_files_of_one_configuration_each_get_a_panel_per_file() {
    // One results file per model without a model column; one file has a column the others
    // lack, one is separated by semicolons, and fields hold commas, quotes and line ends.
    let merged = merge_csv_files(&files(&[
        (
            "qwen.csv",
            "lr,wd,acc,note\n0.1,0,0.5,\"a, \"\"b\"\"\nc\"\n0.2,0,0.6,x\n0.1,1,0.7,\n0.2,1,0.8,y\n",
        ),
        (
            "llama.csv",
            "lr;wd;acc\n0.1;0;0.4\n0.2;0;0.3\n0.1;1;0.2\n0.2;1;0.1\n",
        ),
        (
            "qwen.csv",
            "lr,wd,acc\n0.1,0,0.9\n0.2,0,0.95\n0.1,1,0.97\n0.2,1,0.99\n",
        ),
    ]))
    .unwrap();
    assert_eq!(
        merged.notices,
        [
            "Merged 3 files into one table of 12 runs: \"qwen.csv\" (4 runs), \"llama.csv\" (4 runs), \"qwen.csv (2)\" (4 runs); their runs share configurations, so a column \"source file\" tells them apart (a panel per file).",
            "Columns only some files have are missing in the others' runs: \"note\" (only in \"qwen.csv\").",
        ]
    );
    assert!(
        merged
            .text
            .starts_with("source file,lr,wd,acc,note\nqwen.csv,0.1,0,0.5,\"a, \"\"b\"\"\nc\"\n"),
        "{}",
        merged.text
    );
    assert!(
        merged.text.contains("\nllama.csv,0.2,1,0.1,\n"),
        "{}",
        merged.text
    );
    // Both loaders read the file column as the panels, the note as nothing to draw.
    let dataset = load_csv(&merged.text, &CsvOptions::default()).unwrap();
    assert_eq!(
        dataset.models.levels,
        ["qwen.csv", "llama.csv", "qwen.csv (2)"]
    );
    assert_eq!(dataset.panels[2].grid.value(1, 1), Some(0.99));
    let sweep = open_sweep(&merged.text, &TableOptions::default()).unwrap();
    assert_eq!(sweep.roles[0].column, SOURCE_FILE);
    assert_eq!(sweep.roles[0].role, Role::Facet);
    let projection = sweep.project(&sweep.default_view().unwrap()).unwrap();
    assert_eq!(projection.dataset.models.levels.len(), 3);
}

#[test]
fn files_of_one_sweep_in_parts_merge_without_a_file_column() {
    // Seeds 0 and 1 in one file, 2 in another: no run of one repeats a run of the other.
    let merged = merge_csv_files(&files(&[
        (
            "part1.csv",
            "lr,wd,seed,acc\n0.1,0,0,0.5\n0.1,0,1,0.6\n0.2,1,0,0.7\n",
        ),
        ("part2.csv", "lr,wd,seed,acc\n0.1,0,2,0.4\n0.2,1,2,0.3\n"),
    ]))
    .unwrap();
    assert!(
        merged.text.starts_with("lr,wd,seed,acc\n"),
        "{}",
        merged.text
    );
    let dataset = load_csv(&merged.text, &CsvOptions::default()).unwrap();
    assert_eq!(dataset.models.levels.len(), 1);
}

#[test]
fn files_sharing_no_column_are_refused_naming_both() {
    let error = merge_csv_files(&files(&[
        ("sweep.csv", "lr,wd,acc\n0.1,0,0.5\n"),
        ("other.csv", "lr,wd,acc\n0.2,0,0.5\n"),
        ("scores.csv", "model,score\nA,1\n"),
    ]))
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        "scores.csv: it shares no column with \"sweep.csv\", \"other.csv\" (its columns: \"model\", \"score\"; theirs: \"lr\", \"wd\", \"acc\"); files merge into one table when they share columns"
    );
}

#[test]
fn a_file_that_cannot_be_read_is_named() {
    let error = merge_csv_files(&files(&[
        ("a.csv", "lr,wd,acc\n0.1,0,0.5\n"),
        ("b.csv", "lr,wd,acc\n0.1,0\n"),
    ]))
    .unwrap_err()
    .to_string();
    assert_eq!(
        error,
        "b.csv: line 2: expected 3 fields like the header, found 2"
    );
    let error = merge_csv_files(&files(&[("a.csv", "lr,wd,acc\n0.1,0,0.5\n")]))
        .unwrap_err()
        .to_string();
    assert_eq!(
        error,
        "field \"files\": expected at least two files to merge, found 1"
    );
}
