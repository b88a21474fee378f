//! A big CSV sweep the tidy loader in slices (`sweepmap::CsvLoader`, the page's `SweepCsvLoader`
//! for files over 4 MB) refuses for its columns opens as a run table from the rows it read
//! (`CsvLoader::take_run_table`): on every CSV of the malformed corpus and the sweep fixtures,
//! cut into slices of several sizes, that table is the run table of the whole text and the sweep
//! opened from it is the one `open_sweep` opens; every file the whole-text tidy loader refuses
//! for its columns keeps its rows so (but a pandas index, refused at its header).

use std::fs;
use std::path::Path;

use sweepmap::table::{open_sweep, open_table, opens_what_tidy_refuses, RunTable, TableOptions};
use sweepmap::{load_csv, CsvLoader, CsvOptions};

/// The tidy loader fed `text` in slices of `size` bytes: its result, and the run table of the
/// rows it refused, if it kept any (a call out of order is the loader's own message: none kept).
fn sliced(text: &str, size: usize) -> (Result<usize, String>, Option<Result<RunTable, String>>) {
    let mut loader = CsvLoader::new(CsvOptions::default());
    let mut ended = Ok(0);
    for slice in text.as_bytes().chunks(size) {
        if let Err(error) = loader.push(slice) {
            ended = Err(error.to_string());
            break;
        }
    }
    if ended.is_ok() {
        ended = loader.finish_input().map_err(|error| error.to_string());
    }
    let table = match loader.take_run_table() {
        Err(error) if error.to_string().starts_with("field \"loader\"") => None,
        other => Some(other.map_err(|error| error.to_string())),
    };
    (ended, table)
}

/// Every CSV file of a folder, with its text (read lossily: the corpus has binary garbage).
fn csv_files(folder: &str) -> Vec<(String, String)> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
    let mut files: Vec<(String, String)> = fs::read_dir(&folder)
        .expect("the folder")
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.extension().is_some_and(|extension| extension == "csv"))
        .map(|path| {
            let bytes = fs::read(&path).expect("the file");
            let name = path
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .to_string();
            (name, String::from_utf8_lossy(&bytes).into_owned())
        })
        .collect();
    files.sort();
    files
}

#[test]
fn rows_refused_for_their_columns_are_the_run_table_of_the_whole_text() {
    let mut files = csv_files("tests/malformed");
    let fixtures = csv_files("tests/fixtures/sweeps");
    assert_eq!(fixtures.len(), 2, "the W&B and Optuna fixtures");
    files.extend(fixtures);
    assert!(files.len() > 40, "{} files", files.len());
    let mut opened = 0;
    for (name, text) in &files {
        let whole = load_csv(text, &CsvOptions::default());
        let refused = whole.as_ref().is_err_and(opens_what_tidy_refuses);
        let pandas_index = whole
            .as_ref()
            .is_err_and(|error| error.to_string().starts_with("field \"header, column 1\""));
        for size in [1, 5, 64, 4096] {
            let (ended, table) = sliced(text, size);
            match table {
                None => assert!(!refused || pandas_index, "{name}: its rows were not kept"),
                Some(table) => {
                    assert!(
                        refused,
                        "{name}: rows kept for a file the tidy loader does not refuse"
                    );
                    assert!(
                        ended.is_err(),
                        "{name}: rows kept, yet the input was accepted"
                    );
                    let expected = RunTable::read_csv(text).map_err(|error| error.to_string());
                    assert_eq!(table, expected, "{name} in slices of {size} bytes");
                    if size == 64 {
                        let options = TableOptions::default();
                        let from_rows = table.map_err(|_| String::new()).and_then(|table| {
                            open_table(table, &options).map_err(|e| e.to_string())
                        });
                        let from_text = open_sweep(text, &options).map_err(|e| e.to_string());
                        assert_eq!(from_rows, from_text, "{name} opened");
                        opened += usize::from(from_text.is_ok());
                    }
                }
            }
        }
    }
    assert!(opened >= 3, "{opened} files opened as run tables");
}

#[test]
fn a_loader_that_accepted_its_file_keeps_no_rows() {
    let text = "model,benchmark,x,y,value\nA,B,1,1,0.5\nA,B,1,2,0.6\n";
    let (ended, table) = sliced(text, 3);
    assert_eq!(ended, Ok(2));
    assert!(table.is_none());
}

#[test]
fn roles_named_that_do_not_fit_are_the_error() {
    let text = "lr,wd,bs,acc\n0.1,0,32,0.5\n0.2,0,64,0.6\n0.1,1,32,0.7\n0.2,1,64,0.8\n";
    let (ended, table) = sliced(text, 3);
    assert!(ended.is_err());
    let mut options = TableOptions::default();
    options
        .roles
        .insert("nope".to_string(), sweepmap::table::Role::Parameter);
    let table = table.expect("the rows kept").expect("a table");
    let from_rows = open_table(table, &options)
        .map(|_| ())
        .map_err(|e| e.to_string());
    let from_text = open_sweep(text, &options)
        .map(|_| ())
        .map_err(|e| e.to_string());
    assert!(from_rows.is_err());
    assert_eq!(from_rows, from_text);
}
