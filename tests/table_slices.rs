//! A big CSV sweep the tidy loader in slices (`sweepmap::CsvLoader`, the page's `SweepCsvLoader`
//! for files over 4 MB) refuses for its columns opens as a run table from the rows it read
//! in steps (`CsvLoader::open_step`): on every CSV of the malformed corpus and the sweep fixtures,
//! cut into slices of several sizes and opened in steps of several sizes, the sweep (its run
//! table included) or the error is the one `open_sweep` gives for the whole text; every file the
//! whole-text tidy loader refuses for its columns keeps its rows so (but a pandas index, refused
//! at its header).

use std::fs;
use std::path::Path;

use sweepmap::table::{open_sweep, opens_what_tidy_refuses, Sweep, TableOptions};
use sweepmap::{load_csv, CsvLoader, CsvOptions};

/// The tidy loader fed `text` in slices of `size` bytes: its result, and the sweep opened from
/// the rows it refused in steps of `cells` fields with `options` (with the number of steps
/// taken), if it kept any (a call out of order is the loader's own message: none kept).
#[allow(clippy::type_complexity)]
fn sliced(
    text: &str,
    size: usize,
    cells: usize,
    options: &TableOptions,
) -> (
    Result<usize, String>,
    Option<(Result<Sweep, String>, usize)>,
) {
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
    let mut steps = 0;
    let mut shares = vec![loader.open_share()];
    let opened = loop {
        steps += 1;
        match loader.open_step(cells, options) {
            Ok(None) => shares.push(loader.open_share()),
            Ok(Some(sweep)) => break Ok(sweep),
            Err(error) if error.to_string().starts_with("field \"loader\"") => {
                assert_eq!(steps, 1, "out of order only at the first step");
                return (ended, None);
            }
            Err(error) => break Err(error.to_string()),
        }
        assert!(steps < 100_000, "open_step ends");
    };
    // The share only moves forward, below 1 until the sweep is there; then the loader is spent.
    assert!(
        shares.windows(2).all(|pair| pair[0] <= pair[1]),
        "{shares:?}"
    );
    assert!(
        shares.iter().all(|&share| (0.0..1.0).contains(&share)),
        "{shares:?}"
    );
    let again = loader
        .open_step(cells, options)
        .map(|_| ())
        .map_err(|e| e.to_string());
    assert!(again.is_err_and(|message| message.starts_with("field \"loader\"")));
    (ended, Some((opened, steps)))
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
        let options = TableOptions::default();
        let from_text = open_sweep(text, &options).map_err(|e| e.to_string());
        for (size, cells) in [(1, 1), (5, 7), (64, usize::MAX), (4096, 40)] {
            let (ended, sweep) = sliced(text, size, cells, &options);
            match sweep {
                None => assert!(!refused || pandas_index, "{name}: its rows were not kept"),
                Some((sweep, steps)) => {
                    assert!(
                        refused,
                        "{name}: rows kept for a file the tidy loader does not refuse"
                    );
                    assert!(
                        ended.is_err(),
                        "{name}: rows kept, yet the input was accepted"
                    );
                    assert_eq!(sweep, from_text, "{name} in slices of {size} bytes");
                    if cells == 1 && sweep.is_ok() {
                        // A column per step: every column made, then (some runs left out)
                        // every column kept, then the roles.
                        let columns = text.lines().next().map_or(0, |h| h.split(',').count());
                        assert!(steps > columns, "{name}: {steps} steps");
                    }
                    if cells == usize::MAX {
                        // The run table made in one step, opened in the next (an error in
                        // the statistics of a configuration table comes with the first).
                        let most = if sweep.is_ok() { 2..=2 } else { 1..=2 };
                        assert!(most.contains(&steps), "{name}: {steps} steps");
                        opened += usize::from(sweep.is_ok());
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
    let (ended, sweep) = sliced(text, 3, 1, &TableOptions::default());
    assert_eq!(ended, Ok(2));
    assert!(sweep.is_none());
}

#[test]
fn roles_named_that_do_not_fit_are_the_error() {
    let text = "lr,wd,bs,acc\n0.1,0,32,0.5\n0.2,0,64,0.6\n0.1,1,32,0.7\n0.2,1,64,0.8\n";
    let mut options = TableOptions::default();
    options
        .roles
        .insert("nope".to_string(), sweepmap::table::Role::Parameter);
    let (ended, sweep) = sliced(text, 3, 4, &options);
    assert!(ended.is_err());
    let (from_rows, steps) = sweep.expect("the rows kept");
    let from_text = open_sweep(text, &options).map_err(|e| e.to_string());
    assert!(from_rows.is_err());
    assert_eq!(from_rows, from_text);
    // Four columns of four runs, one per step, then the roles: the error at the last step.
    assert_eq!(steps, 5);
}

/// A file with more runs than a run table holds in a tab: the rows are read (the tidy loader
/// does not limit rows), the first step says how many there are, the limit and the way out.
#[test]
fn too_many_runs_say_the_count_the_limit_and_the_way_out() {
    let mut text = String::from("a,b,c,acc\n");
    for k in 0..1_000_001u32 {
        text.push_str(if k % 2 == 0 {
            "1,2,3,0.5\n"
        } else {
            "2,1,4,0.25\n"
        });
    }
    let (ended, sweep) = sliced(&text, 1 << 20, 1 << 20, &TableOptions::default());
    assert!(ended.is_err(), "refused for its columns");
    let (opened, steps) = sweep.expect("the rows kept");
    assert_eq!(steps, 1);
    assert_eq!(
        opened.map(|_| ()),
        Err(
            "the data need 1,000,001 runs in a run table; the limit is 1,000,000 (what a browser \
             tab holds): reduce the runs where they live to one row per configuration, e.g. \
             python -m sweepmap reduce FILE --metric M -o runs.csv, and open runs.csv (README \
             \"Larger than a tab\")"
                .to_string()
        )
    );
}
