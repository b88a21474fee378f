//! The slice-by-slice CSV loaders give what the whole-text loaders give for the same text
//! (`CsvLoader` what `load_csv` gives, `PairwiseCsvLoader` what `load_pairwise_csv` gives),
//! however the text is cut: at every byte (inside a multi-byte character, between `\r` and `\n`,
//! inside a quoted field), and with rows built a few at a time. Checked on every CSV the tests
//! hold (the malformed corpus with its exact errors included), on hostile labels, and on
//! generated files. Also the limits: too many panels, cells or per-item scores is an error naming
//! the limit, found before anything big is allocated.
#![cfg(not(target_arch = "wasm32"))]

use std::path::Path;

use proptest::prelude::*;
use sweepmap::limits::{MAX_ITEM_SCORES, MAX_PANELS, MAX_PANEL_CELLS};
use sweepmap::pairwise::{
    load_pairwise_csv, PairwiseCsvLoader, PairwiseCsvOptions, PairwiseDataset,
};
use sweepmap::{load_csv, CsvLoader, CsvOptions, Dataset, Error};

/// Loads bytes in slices of `size`, building `step` rows per call.
fn chunked(bytes: &[u8], size: usize, step: usize, options: &CsvOptions) -> Result<Dataset, Error> {
    let mut loader = CsvLoader::new(options.clone());
    for slice in bytes.chunks(size.max(1)) {
        loader.push(slice)?;
    }
    let rows = loader.finish_input()?;
    assert_eq!(loader.rows_read(), rows);
    let mut panels_before = 0;
    loop {
        assert_eq!(loader.rows_read(), rows);
        let rows_before = loader.rows_built();
        if let Some(dataset) = loader.build_step(step)? {
            assert_eq!(rows_before, rows);
            return Ok(dataset);
        }
        if rows_before < rows {
            // Adding rows: `step` more each time.
            assert_eq!(loader.rows_built(), (rows_before + step).min(rows));
        } else {
            // Filling panels: forward, one or more at a time.
            let (built, count) = loader.panels_built();
            assert!(
                built > panels_before && built < count,
                "{built} of {count} panels"
            );
            panels_before = built;
        }
    }
}

/// What a browser's `File.text()` hands the whole-text loader: UTF-8, invalid bytes replaced.
fn whole(bytes: &[u8], options: &CsvOptions) -> Result<Dataset, Error> {
    load_csv(&String::from_utf8_lossy(bytes), options)
}

fn assert_same(name: &str, bytes: &[u8], sizes: &[usize]) {
    let options = CsvOptions::default();
    let expected = whole(bytes, &options);
    for &size in sizes {
        for step in [1, 3, 1000] {
            assert_eq!(
                chunked(bytes, size, step, &options),
                expected,
                "{name}: slices of {size} bytes, {step} rows per step"
            );
        }
    }
}

fn csv_files(dir: &str, prefix: &str) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(dir))
            .expect("the directory exists")
            .map(|entry| entry.expect("a directory entry").path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "csv"))
            .filter(|path| {
                path.file_name()
                    .is_some_and(|name| name.to_string_lossy().starts_with(prefix))
            })
            .map(|path| {
                (
                    path.file_name().unwrap().to_string_lossy().into_owned(),
                    std::fs::read(&path).unwrap(),
                )
            })
            .collect();
    files.sort();
    files
}

#[test]
fn every_malformed_csv_gives_the_same_error_in_slices() {
    let files = csv_files("tests/malformed", "sweep-");
    assert!(files.len() >= 20, "found {} sweep CSV cases", files.len());
    for (name, bytes) in &files {
        let expected = whole(bytes, &CsvOptions::default());
        assert!(expected.is_err(), "{name} loads");
        if bytes.contains(&0) {
            // Binary data: found in the slice that holds the NUL, before or after other errors.
            assert_eq!(
                chunked(bytes, bytes.len(), 10, &CsvOptions::default()),
                Err(Error::NotText)
            );
            continue;
        }
        assert_same(name, bytes, &[1, 2, 3, 5, 7, 16, 64, 4096]);
    }
}

const QUIRKS: &str = "\u{feff}model,benchmark,\"window\r\nsize\",ratio,score\r\n\
R1-Llama,AIME24,500,0.1,41.3\r\n\
\r\n\
\"R1-Llama\",\"AIME,24\",500,0.2,\"42.7\"\r\n\
R1-Qwen,AIME24,1000,0.10,NA\r\n\
R1-Qwen,\"AIME\"\"24\",1000,0.2,39\r\
R1-Qwen,AIME24,1000,0.2,40.5\n";

const HOSTILE: &str = "model,benchmark,<b>window</b>,\"ratio \u{202e}gnp.exe\",\"<img src=x onerror=alert(1)>\"\n\
<img src=x onerror=alert(1)>,</script><script>alert(1)</script>,javascript:alert(1),\u{5e9}\u{5dc}\u{5d5}\u{5dd},1.5\n\
<img src=x onerror=alert(1)>,</script><script>alert(1)</script>,\u{1f525},\u{645}\u{631}\u{62d}\u{628}\u{627},2.5\n\
\u{1f9ea} model,\u{645}\u{631}\u{62d}\u{628}\u{627},javascript:alert(1),\u{5e9}\u{5dc}\u{5d5}\u{5dd},3\n";

#[test]
fn quirks_and_hostile_labels_load_the_same_in_every_cut() {
    for (name, text) in [("quirks", QUIRKS), ("hostile", HOSTILE)] {
        let sizes: Vec<usize> = (1..=text.len()).collect();
        assert_same(name, text.as_bytes(), &sizes);
        assert!(
            whole(text.as_bytes(), &CsvOptions::default()).is_ok(),
            "{name} loads"
        );
    }
    let quirks = load_csv(QUIRKS, &CsvOptions::default()).unwrap();
    assert_eq!(quirks.x.name, "ratio");
    assert_eq!(quirks.y.name, "window\r\nsize");
    assert_eq!(quirks.benchmarks.levels, ["AIME24", "AIME,24", "AIME\"24"]);
    let hostile = load_csv(HOSTILE, &CsvOptions::default()).unwrap();
    assert_eq!(
        hostile.models.levels,
        ["<img src=x onerror=alert(1)>", "\u{1f9ea} model"]
    );
    assert_eq!(hostile.metric.name, "<img src=x onerror=alert(1)>");
}

/// The hostile export corpus (labels a spreadsheet would evaluate, some read from their
/// `'`-escaped form) loads the same in every cut, sweeps and per-item scores alike.
#[test]
fn formula_labels_load_the_same_in_every_cut() {
    let sweeps = csv_files("tests/hostile", "sweep-");
    let scores = csv_files("tests/hostile", "pairwise-");
    assert!(!sweeps.is_empty() && !scores.is_empty());
    for (name, bytes) in &sweeps {
        assert!(whole(bytes, &CsvOptions::default()).is_ok(), "{name} loads");
        let sizes: Vec<usize> = (1..=bytes.len()).collect();
        assert_same(name, bytes, &sizes);
    }
    for (name, bytes) in &scores {
        let options = PairwiseCsvOptions::default();
        assert!(pairwise_whole(bytes, &options).is_ok(), "{name} loads");
        let sizes: Vec<usize> = (1..=bytes.len()).collect();
        assert_same_scores(name, bytes, &sizes, &options);
    }
}

#[test]
fn bytes_that_are_not_utf8_are_reported_like_replaced_text() {
    let bytes = b"model,x,y,score\nA\xff,1,2,3\n";
    let error = chunked(bytes, 1, 1, &CsvOptions::default()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 2: column \"model\": the text is not valid UTF-8 here; save the file as UTF-8"
    );
    assert_eq!(Err(error), whole(bytes, &CsvOptions::default()).map(|_| ()));
}

#[test]
fn a_loader_is_spent_after_its_dataset_or_an_error() {
    let mut loader = CsvLoader::new(CsvOptions::default());
    loader.push(b"x,y,score\n1,2,3\n").unwrap();
    assert_eq!(loader.finish_input(), Ok(1));
    assert_eq!(loader.build_step(10), Ok(None), "the row is added");
    assert_eq!(loader.panels_built(), (0, 1));
    assert!(loader.build_step(10).unwrap().is_some());
    assert_eq!(
        loader.push(b"1,3,4\n").unwrap_err().to_string(),
        "field \"loader\": expected bytes before finishInput, build steps after it, and nothing after the dataset is built"
    );
    let mut failed = CsvLoader::new(CsvOptions::default());
    let ragged = failed.push(b"x,y,score\n1,2\n").unwrap_err();
    assert_eq!(
        ragged.to_string(),
        "line 2: expected 3 fields like the header, found 2"
    );
    assert_eq!(failed.finish_input(), Err(ragged), "the first error stays");
}

#[test]
fn too_many_panels_or_cells_is_an_error_naming_the_limit() {
    let mut text = String::from("model,x,y,score\n");
    for model in 0..=MAX_PANELS {
        text.push_str(&format!("m{model},1,1,0.5\n"));
    }
    assert_eq!(
        load_csv(&text, &CsvOptions::default())
            .unwrap_err()
            .to_string(),
        "the data need 1,001 panels (1,001 models x 1 benchmark); the limit is 1,000"
    );
    // A diagonal of 1001 y values (the first column) and 1000 x values: 1001 rows asking for
    // a million cells.
    let mut text = String::from("window,ratio,score\n");
    let side = (MAX_PANEL_CELLS as f64).sqrt() as usize;
    for index in 0..=side {
        text.push_str(&format!("{index},{},1\n", index.min(side - 1)));
    }
    assert_eq!(
        load_csv(&text, &CsvOptions::default()).unwrap_err().to_string(),
        "the data need 1,001,000 cells per panel (1,000 x values x 1,001 y values); the limit is 1,000,000"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Generated files (labels with commas, quotes, line ends and non-ASCII text; replicates;
    /// missing values) give the same dataset in any slices.
    #[test]
    fn generated_files_load_the_same_in_slices(
        rows in prop::collection::vec(
            (0..3usize, 0..4usize, 0..5usize, 0..3usize, prop::option::weighted(0.9, -1e6..1e6f64)),
            1..60,
        ),
        size in 1..200usize,
        step in 1..20usize,
        crlf in any::<bool>(),
    ) {
        let models = ["plain", "with, comma", "quote \" \u{1f600}"];
        let end = if crlf { "\r\n" } else { "\n" };
        let mut text = format!("model,window,ratio,seed,score{end}");
        for (model, y, x, seed, value) in &rows {
            let name = models[*model].replace('"', "\"\"");
            let value = value.map_or(String::new(), |v| v.to_string());
            text.push_str(&format!("\"{name}\",{},0.{x},{seed},{value}{end}", 100 * y));
        }
        let expected = whole(text.as_bytes(), &CsvOptions::default());
        prop_assert_eq!(chunked(text.as_bytes(), size, step, &CsvOptions::default()), expected);
    }
}

/// Loads per-item scores in slices of `size` bytes, checking the counts as it goes.
fn pairwise_chunked(
    bytes: &[u8],
    size: usize,
    options: &PairwiseCsvOptions,
) -> Result<PairwiseDataset, Error> {
    let mut loader = PairwiseCsvLoader::new(options.clone());
    let mut pushed = 0;
    for slice in bytes.chunks(size.max(1)) {
        let rows_before = loader.rows_read();
        loader.push(slice)?;
        pushed += slice.len();
        assert_eq!(loader.bytes_read(), pushed as u64);
        assert!(
            loader.rows_read() >= rows_before,
            "the row count only grows"
        );
    }
    loader.finish()
}

/// What the page's whole-text path hands `load_pairwise_csv`: UTF-8, invalid bytes replaced.
fn pairwise_whole(bytes: &[u8], options: &PairwiseCsvOptions) -> Result<PairwiseDataset, Error> {
    load_pairwise_csv(&String::from_utf8_lossy(bytes), options)
}

fn assert_same_scores(name: &str, bytes: &[u8], sizes: &[usize], options: &PairwiseCsvOptions) {
    let expected = pairwise_whole(bytes, options);
    for &size in sizes {
        assert_eq!(
            pairwise_chunked(bytes, size, options),
            expected,
            "{name}: slices of {size} bytes"
        );
    }
}

#[test]
fn every_malformed_pairwise_csv_gives_the_same_error_in_slices() {
    let files = csv_files("tests/malformed", "pairwise-");
    assert!(files.len() >= 6, "found {} pairwise CSV cases", files.len());
    for (name, bytes) in &files {
        let options = PairwiseCsvOptions::default();
        assert!(pairwise_whole(bytes, &options).is_err(), "{name} loads");
        // Every size of slice for the small cases; the big ones (a header of 10,000 columns)
        // in slices of up to 64 bytes (so cut at every byte) and a few larger.
        let every = if bytes.len() <= 1000 { bytes.len() } else { 64 };
        let mut sizes: Vec<usize> = (1..=every).collect();
        sizes.extend(
            [4096, 65_536, bytes.len()]
                .iter()
                .filter(|&&size| size <= bytes.len()),
        );
        assert_same_scores(name, bytes, &sizes, &options);
    }
    // And the messages themselves, as the corpus pins them, from a loader fed a byte at a time.
    let duplicate = b"item,model,score\nt1,a,0.5\nt1,b,0.5\nt1,a,0.7\n";
    assert_eq!(
        pairwise_chunked(duplicate, 1, &PairwiseCsvOptions::default())
            .unwrap_err()
            .to_string(),
        "lines 2 and 4 both score model \"a\" on item \"t1\"; expected one score per item and model"
    );
}

const SCORE_QUIRKS: &str = "\u{feff}\"task\r\nid\",benchmark;x,model,\"pr, final\",run dir\r\n\
\"t,1\",web,model-a,0.5,/runs/1\r\n\
\r\n\
\"t,1\",web,\"model-b\",\"0.25\",/runs/2\r\n\
\"t,1\",code,model-a,NA,/runs/3\r\
t\"2,code,\"model \"\"b\"\"\",1,/runs/4\n\
t3,\u{645}\u{631}\u{62d}\u{628}\u{627},\u{1f9ea} model,-0,/runs/5\n";

const SCORE_HOSTILE: &str = "id,<b>group</b>,model,\"<img src=x onerror=alert(1)>\"\n\
</script><script>alert(1)</script>,\u{202e}gnp.exe,<img src=x onerror=alert(1)>,0.5\n\
javascript:alert(1),\u{5e9}\u{5dc}\u{5d5}\u{5dd},\u{1f525},1\n";

/// The roles of `SCORE_QUIRKS` and `SCORE_HOSTILE`.
fn score_roles() -> (PairwiseCsvOptions, PairwiseCsvOptions) {
    let quirks = PairwiseCsvOptions {
        item: Some("task\r\nid".into()),
        group: Some("benchmark;x".into()),
        score: Some("pr, final".into()),
        ..PairwiseCsvOptions::default()
    };
    let hostile = PairwiseCsvOptions {
        group: Some("<b>group</b>".into()),
        score: Some("<img src=x onerror=alert(1)>".into()),
        ..PairwiseCsvOptions::default()
    };
    (quirks, hostile)
}

#[test]
fn pairwise_quirks_and_hostile_labels_load_the_same_in_every_cut() {
    let (quirks_roles, hostile_roles) = score_roles();
    for (name, text, options) in [
        ("quirks", SCORE_QUIRKS, &quirks_roles),
        ("hostile", SCORE_HOSTILE, &hostile_roles),
    ] {
        let sizes: Vec<usize> = (1..=text.len()).collect();
        assert_same_scores(name, text.as_bytes(), &sizes, options);
    }
    let quirks = load_pairwise_csv(SCORE_QUIRKS, &quirks_roles).unwrap();
    assert_eq!(
        quirks.models(),
        ["model-a", "model-b", "model \"b\"", "\u{1f9ea} model"]
    );
    assert_eq!(
        quirks.groups(),
        ["web", "code", "\u{645}\u{631}\u{62d}\u{628}\u{627}"]
    );
    assert_eq!(quirks.items().len(), 4, "t,1 in web and in code, t\"2, t3");
    assert_eq!(quirks.score("model-b", "t,1", Some("web")), Ok(Some(0.25)));
    assert_eq!(quirks.score("model-a", "t,1", Some("code")), Ok(None));
    assert_eq!(
        quirks.score(
            "\u{1f9ea} model",
            "t3",
            Some("\u{645}\u{631}\u{62d}\u{628}\u{627}")
        ),
        Ok(Some(0.0))
    );
    assert_eq!(quirks.score_name(), "pr, final");
    let hostile = load_pairwise_csv(SCORE_HOSTILE, &hostile_roles).unwrap();
    assert_eq!(
        hostile.models(),
        ["<img src=x onerror=alert(1)>", "\u{1f525}"]
    );
    assert_eq!(hostile.score_name(), "<img src=x onerror=alert(1)>");
}

#[test]
fn pairwise_bytes_that_are_not_utf8_are_reported_like_replaced_text() {
    let bytes = b"item,model,score\nt1,A\xff,0.5\n";
    let error = pairwise_chunked(bytes, 1, &PairwiseCsvOptions::default()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 2: column \"model\": the text is not valid UTF-8 here; save the file as UTF-8"
    );
    assert_eq!(
        Err(error),
        pairwise_whole(bytes, &PairwiseCsvOptions::default()).map(|_| ())
    );
    // A NUL byte is binary data, refused in the slice that holds it.
    let mut loader = PairwiseCsvLoader::new(PairwiseCsvOptions::default());
    loader.push(b"item,model,score\n").unwrap();
    assert_eq!(loader.push(b"t1,a,\x000.5\n"), Err(Error::NotText));
    assert_eq!(
        load_pairwise_csv(
            "item,model,score\nt1,a,\u{0}\n",
            &PairwiseCsvOptions::default()
        ),
        Err(Error::NotText)
    );
}

#[test]
fn a_pairwise_loader_is_spent_after_its_scores_or_an_error() {
    let mut loader = PairwiseCsvLoader::new(PairwiseCsvOptions::default());
    loader.push(b"item,model,score\nt1,a,0.5\n\nt1,b,").unwrap();
    assert_eq!(
        loader.rows_read(),
        1,
        "the row without a line end is not read yet"
    );
    loader.push(b"1").unwrap();
    let scores = loader.finish().unwrap();
    assert_eq!(loader.rows_read(), 2);
    assert_eq!(loader.bytes_read(), 33);
    assert_eq!(scores.scores("b").unwrap(), [Some(1.0)]);
    let spent = "field \"loader\": expected slices before finish, and nothing after it";
    assert_eq!(loader.push(b"t2,a,1\n").unwrap_err().to_string(), spent);
    assert_eq!(loader.finish().unwrap_err().to_string(), spent);

    // Roles come from the header alone: a missing role is reported before any row arrives.
    let mut failed = PairwiseCsvLoader::new(PairwiseCsvOptions::default());
    let no_score = failed.push(b"item,model,note\n").unwrap_err();
    assert_eq!(
        no_score.to_string(),
        "no column can be the score; expected a column named like score, progress, ratio, value or accuracy: rename that column in the file; from code, name it with the roles option, e.g. {score: \"column name\"}; the columns are \"item\", \"model\", \"note\""
    );
    assert_eq!(
        failed.push(b"t1,a,x\n"),
        Err(no_score.clone()),
        "the first error stays"
    );
    assert_eq!(failed.finish(), Err(no_score));
    let mut empty = PairwiseCsvLoader::new(PairwiseCsvOptions::default());
    empty.push(b"\r\n\n").unwrap();
    assert_eq!(empty.finish(), Err(Error::Empty));
}

#[test]
fn too_many_scores_for_the_table_is_an_error_naming_the_limit() {
    // Every row names a new model and a new item: 2,001 rows (about 40 KB) would ask for a
    // table of 2001 x 2001 scores, 64 MB, and ten times as many rows for 6.4 GB.
    let side = (MAX_ITEM_SCORES as f64).sqrt() as usize + 1;
    let mut text = String::from("item,model,score\n");
    for index in 0..side {
        text.push_str(&format!("t{index},m{index},0.5\n"));
    }
    let message = "the data need 4,004,001 scores in the table of models and items (2,001 models \
         x 2,001 items); the limit is 4,000,000 (what a browser tab holds): compare fewer models \
         or items at a time: keep those where the scores live (a WHERE in DuckDB, a filter in \
         pandas or polars) and open them (README \"Larger than a tab\")";
    assert_eq!(
        load_pairwise_csv(&text, &PairwiseCsvOptions::default())
            .unwrap_err()
            .to_string(),
        message
    );
    assert_eq!(
        pairwise_chunked(text.as_bytes(), 4096, &PairwiseCsvOptions::default())
            .unwrap_err()
            .to_string(),
        message
    );
    // One model fewer fits: 2000 x 2001 = 4,002,000 is still over, 1999 x 2001 is under.
    let fits: String = text
        .lines()
        .take(1 + side - 2)
        .map(|line| format!("{line}\n"))
        .collect();
    let scores = load_pairwise_csv(&fits, &PairwiseCsvOptions::default()).unwrap();
    assert_eq!(
        (scores.models().len(), scores.items().len()),
        (side - 2, side - 2)
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Generated per-item scores (labels with commas, quotes, line ends and non-ASCII text;
    /// groups or none; missing, out-of-range and repeated scores, so errors too) give the same
    /// scores, or the same error, in any slices.
    #[test]
    fn generated_scores_load_the_same_in_slices(
        rows in prop::collection::vec(
            (0..4usize, 0..200usize, 0..3usize, 0..3usize, prop::option::weighted(0.9, 0.0..=1.0f64)),
            1..60,
        ),
        out_of_range in prop::option::weighted(0.3, 0..60usize),
        grouped in any::<bool>(),
        size in 1..200usize,
        crlf in any::<bool>(),
    ) {
        let names = ["plain", "with, comma", "quote \" \u{1f600}", "two\nlines"];
        let quote = |name: &str| format!("\"{}\"", name.replace('"', "\"\""));
        let end = if crlf { "\r\n" } else { "\n" };
        let mut text = if grouped {
            format!("task_id,benchmark,model,progress{end}")
        } else {
            format!("task_id,model,progress{end}")
        };
        for (index, (item, number, group, model, score)) in rows.iter().enumerate() {
            let score = match score {
                _ if out_of_range == Some(index) => "1.5".to_string(),
                Some(score) => format!("{score:.3}"),
                None => String::new(),
            };
            let group = if grouped { format!("{},", quote(names[*group])) } else { String::new() };
            let item = quote(&format!("{} {number}", names[*item]));
            text.push_str(&format!("{item},{group}{},{score}{end}", quote(names[*model])));
        }
        let options = PairwiseCsvOptions::default();
        let expected = pairwise_whole(text.as_bytes(), &options);
        prop_assert_eq!(pairwise_chunked(text.as_bytes(), size, &options), expected);
    }
}

/// An empty slice is no text: pushed anywhere (inside a quoted field, a line end, the header),
/// it changes nothing. It once ended the record being read, as the end of the text does.
#[test]
fn an_empty_slice_anywhere_changes_nothing() {
    for text in [QUIRKS, HOSTILE] {
        let expected = whole(text.as_bytes(), &CsvOptions::default());
        for cut in 0..=text.len() {
            let (head, tail) = text.as_bytes().split_at(cut);
            let mut loader = CsvLoader::new(CsvOptions::default());
            let loaded = (|| {
                for slice in [head, &[], tail] {
                    loader.push(slice)?;
                }
                loader.finish_input()?;
                loop {
                    if let Some(dataset) = loader.build_step(usize::MAX)? {
                        return Ok(dataset);
                    }
                }
            })();
            assert_eq!(loaded, expected, "an empty slice at byte {cut}");
        }
    }
    let (quirks_roles, hostile_roles) = score_roles();
    for (text, options) in [(SCORE_QUIRKS, quirks_roles), (SCORE_HOSTILE, hostile_roles)] {
        assert!(pairwise_whole(text.as_bytes(), &options).is_ok());
        let expected = pairwise_whole(text.as_bytes(), &options);
        for cut in 0..=text.len() {
            let (head, tail) = text.as_bytes().split_at(cut);
            let mut loader = PairwiseCsvLoader::new(options.clone());
            let loaded = [head, &[], tail]
                .into_iter()
                .try_for_each(|slice| loader.push(slice))
                .and_then(|()| loader.finish());
            assert_eq!(loaded, expected, "an empty slice at byte {cut}");
        }
    }
}

/// A CSV file of `header` and `rows` (each row as many fields as the header), in which the
/// field at `(row, field)` (row 0 is the header) opens a quote that is never closed: fields
/// before it are written as a CSV writer writes them (quoted when they hold a comma, a quote or
/// a line end), the field itself is a quote and its text, and everything after it is written
/// raw with quotes left out, so the text ends inside that quoted field. Returns the text and the
/// line (1-based, physical) where the quote opens.
fn with_unclosed_quote(
    header: &[&str],
    rows: &[Vec<String>],
    (row, field): (usize, usize),
    end: &str,
) -> (String, u64) {
    let quote = |text: &str| {
        if text.contains([',', '"', '\r', '\n']) {
            format!("\"{}\"", text.replace('"', "\"\""))
        } else {
            text.to_string()
        }
    };
    let records = std::iter::once(header.iter().map(|name| name.to_string()).collect())
        .chain(rows.iter().cloned())
        .collect::<Vec<Vec<String>>>();
    let mut text = String::new();
    let mut line = None;
    for (index, record) in records.iter().enumerate() {
        for (column, value) in record.iter().enumerate() {
            if column > 0 {
                text.push(',');
            }
            match (index, column).cmp(&(row, field)) {
                std::cmp::Ordering::Less => text.push_str(&quote(value)),
                std::cmp::Ordering::Equal => {
                    // Physical lines so far: `\r\n`, `\r` and `\n` each end one.
                    let ends = text.replace("\r\n", "\n").matches(['\n', '\r']).count();
                    line = Some(ends as u64 + 1);
                    text.push('"');
                    text.push_str(&value.replace('"', ""));
                }
                std::cmp::Ordering::Greater => text.push_str(&value.replace('"', "")),
            }
        }
        text.push_str(end);
    }
    (text, line.expect("the quote's field is in the file"))
}

/// Labels with the characters CSV treats specially.
const LABELS: [&str; 5] = [
    "plain",
    "with, comma",
    "quote \" \u{1f600}",
    "two\nlines",
    "cr\r\nlf",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// A file that ends inside a quoted field, whichever field the quote opens in (the header,
    /// the last column, a label after fields with line ends in them), gets the unclosed-quote
    /// error at the line where the quote opens, in the sweep and the per-item scores loaders,
    /// whole and in any slices. (It used to be read as a value holding the rest of the file
    /// when the quote was in the last column: "expected a number, found ...".)
    #[test]
    fn a_file_ending_inside_a_quoted_field_names_the_line_where_it_opens(
        cells in prop::collection::vec((0..5usize, 0..5usize, -1e6..1e6f64), 1..30),
        at in (0..31usize, 0..5usize),
        size in 1..300usize,
        crlf in any::<bool>(),
    ) {
        let end = if crlf { "\r\n" } else { "\n" };
        let open = (at.0 % (cells.len() + 1), at.1);
        let expected = |line: u64| Err::<(), String>(format!(
            "line {line}: a quoted field opens here and is never closed"
        ));

        let header = ["model", "window", "ratio", "seed", "score"];
        let rows: Vec<Vec<String>> = cells
            .iter()
            .enumerate()
            .map(|(index, &(label, y, value))| {
                vec![
                    LABELS[label].to_string(),
                    format!("{}", 100 * y),
                    format!("0.{index}"),
                    format!("{}", index % 3),
                    format!("{value}"),
                ]
            })
            .collect();
        let (text, line) = with_unclosed_quote(&header, &rows, open, end);
        let options = CsvOptions::default();
        let message = |result: Result<Dataset, Error>| result.map(|_| ()).map_err(|e| e.to_string());
        prop_assert_eq!(message(whole(text.as_bytes(), &options)), expected(line), "{:?}", text);
        prop_assert_eq!(message(chunked(text.as_bytes(), size, 5, &options)), expected(line));

        let header = ["task_id", "benchmark", "model", "progress"];
        let rows: Vec<Vec<String>> = cells
            .iter()
            .enumerate()
            .map(|(index, &(label, group, value))| {
                vec![
                    format!("{} {index}", LABELS[label]),
                    LABELS[group].to_string(),
                    "model-a".to_string(),
                    format!("{}", value.abs() / 1e6),
                ]
            })
            .collect();
        let open = (open.0, open.1 % header.len());
        let (text, line) = with_unclosed_quote(&header, &rows, open, end);
        let options = PairwiseCsvOptions::default();
        let message = |result: Result<PairwiseDataset, Error>| result.map(|_| ()).map_err(|e| e.to_string());
        prop_assert_eq!(message(pairwise_whole(text.as_bytes(), &options)), expected(line), "{:?}", text);
        prop_assert_eq!(message(pairwise_chunked(text.as_bytes(), size, &options)), expected(line));
    }
}

/// What `progress` says at each stage of a load in slices: the words the page shows under its
/// bar, and a fraction that only moves forward, from reading (the first three quarters of a
/// sweep, 95 % of per-item scores) to the end.
#[test]
fn progress_says_each_stage_in_words_with_a_fraction_that_only_grows() {
    let text =
        "model,x,y,value\na,1,1,0.5\na,1,2,0.6\na,2,1,0.7\na,2,2,0.8\nb,1,1,0.1\nb,1,2,0.2\n";
    let bytes = text.as_bytes();
    let total = 56_633_000; // what the page passes: the file's size, here larger than the text
    let mut loader = CsvLoader::new(CsvOptions::default());
    assert_eq!(
        loader.progress(total),
        (0.0, "Reading 0.0 of 56.6 MB".to_owned())
    );
    let mut seen = vec![loader.progress(bytes.len() as u64)];
    for slice in bytes.chunks(20) {
        loader.push(slice).unwrap();
        seen.push(loader.progress(bytes.len() as u64));
    }
    assert_eq!(
        seen.last().unwrap(),
        &(0.75, "Reading 0.0 of 0.0 MB".to_owned())
    );
    let rows = loader.finish_input().unwrap();
    assert_eq!(rows, 6);
    loop {
        seen.push(loader.progress(bytes.len() as u64));
        if loader.build_step(4).unwrap().is_some() {
            break;
        }
    }
    seen.push(loader.progress(bytes.len() as u64));
    let texts: Vec<&str> = seen.iter().map(|(_, text)| text.as_str()).collect();
    assert_eq!(texts[texts.len() - 1], "The dataset is built");
    let building: Vec<&str> = texts
        .iter()
        .copied()
        .filter(|text| !text.starts_with("Reading"))
        .collect();
    assert_eq!(building[0], "Building the dataset: 0 of 6 rows");
    assert_eq!(building[1], "Building the dataset: 4 of 6 rows");
    assert_eq!(building[2], "Filling the panels: 0 of 2", "{building:?}");
    let fractions: Vec<f64> = seen.iter().map(|(fraction, _)| *fraction).collect();
    assert!(
        fractions.windows(2).all(|pair| pair[0] <= pair[1]),
        "{fractions:?}"
    );
    assert_eq!(fractions[fractions.len() - 1], 1.0);
    // Building the first row of six: three quarters, plus six tenths of the rest times 4/6.
    let after_four = seen
        .iter()
        .find(|(_, text)| text == "Building the dataset: 4 of 6 rows")
        .unwrap();
    assert!(
        (after_four.0 - (0.75 + 0.25 * 0.6 * 4.0 / 6.0)).abs() < 1e-12,
        "{after_four:?}"
    );

    // Megabytes with one decimal, rounded half up, the whole part grouped.
    let mut big = CsvLoader::new(CsvOptions::default());
    big.push(&vec![b'a'; 1_250_000]).unwrap();
    assert_eq!(big.progress(1_234_567_890).1, "Reading 1.3 of 1,234.6 MB");

    // Per-item scores: reading is 95 %, then the table of the scores read.
    let scores = "item,model,score\nq1,a,1\nq1,b,0\nq2,a,0.5\n";
    let mut pairwise = PairwiseCsvLoader::new(PairwiseCsvOptions::default());
    pairwise.push(&scores.as_bytes()[..10]).unwrap();
    let reading = pairwise.progress(scores.len() as u64);
    assert_eq!(reading.1, "Reading 0.0 of 0.0 MB");
    assert!((reading.0 - 0.95 * 10.0 / scores.len() as f64).abs() < 1e-12);
    pairwise.push(&scores.as_bytes()[10..]).unwrap();
    assert_eq!(
        pairwise.progress(scores.len() as u64),
        (0.95, "Making the table of 3 scores".to_owned())
    );
    let mut one = PairwiseCsvLoader::new(PairwiseCsvOptions::default());
    one.push(b"item,model,score\nq1,a,1\n").unwrap();
    assert_eq!(one.progress(24).1, "Making the table of 1 score");
}
