#![cfg(not(target_arch = "wasm32"))]
//! The bundled datasets in `www/data/` checked against the numbers printed in the seed readings.
//!
//! The seed readings are not part of the project (a user's clone has no `../shared`), so the
//! numbers they print are copied here as constants, each table in the row order its seed prints
//! it and with a comment naming the seed. The datasets are looked up by axis *label*, so these
//! tests also catch a table whose rows were placed upside down.

use sweepmap::pairwise::load_pairwise_json;
use sweepmap::{load_csv, load_json, to_csv, to_json, CsvOptions, Dataset};

const RATIOS: [&str; 5] = ["0.1", "0.2", "0.3", "0.4", "0.5"];
const BENCHMARKS: [&str; 4] = ["AIME24", "AIME25", "AMC23", "GPQA-Diamond"];
const AVERAGE: &str = "Average (reported)";

/// A printed table: rows of five values, for ratios 0.1 to 0.5.
type Table = [[f64; 5]; 4];

/// Seed 000 (R1-Llama): the reading lists the rows as windows 500, 1000, 2000, 3000 (top-down);
/// row labels taken at face value. Spelled GPQA_D in the seed.
const SEED_000_WINDOWS: [&str; 4] = ["500", "1000", "2000", "3000"];
const SEED_000_R1_LLAMA: [(&str, Table); 4] = [
    (
        "AIME24",
        [
            [41.3, 42.7, 45.3, 44.7, 42.7],
            [39.3, 49.3, 45.3, 44.0, 46.0],
            [44.7, 47.3, 49.3, 46.0, 43.3],
            [40.0, 45.3, 41.3, 42.7, 46.7],
        ],
    ),
    (
        "AIME25",
        [
            [26.7, 30.7, 24.0, 26.7, 26.7],
            [27.3, 26.7, 29.3, 30.7, 26.7],
            [28.7, 27.3, 28.0, 26.7, 26.7],
            [26.7, 26.7, 26.7, 26.7, 26.7],
        ],
    ),
    (
        "AMC23",
        [
            [85.5, 87.0, 87.3, 87.3, 88.0],
            [84.0, 87.0, 86.0, 88.0, 86.0],
            [87.5, 88.0, 86.0, 88.5, 86.5],
            [86.5, 86.5, 89.0, 87.5, 86.5],
        ],
    ),
    (
        "GPQA-Diamond",
        [
            [44.1, 44.9, 44.9, 45.8, 44.2],
            [45.8, 45.4, 47.4, 45.6, 46.8],
            [45.5, 46.6, 46.5, 46.8, 45.5],
            [46.2, 48.4, 46.3, 46.9, 45.8],
        ],
    ),
];

/// Seed 002 (R1-Qwen): the tables list the rows as windows 3000, 2000, 1000, 500 (top-down).
/// Spelled AIME'24, AIME'25 and GPQA_D in the seed.
const SEED_002_WINDOWS: [&str; 4] = ["3000", "2000", "1000", "500"];
const SEED_002_R1_QWEN: [(&str, Table); 4] = [
    (
        "AIME24",
        [
            [47.3, 46.0, 42.7, 46.0, 47.3],
            [42.7, 44.0, 47.3, 52.0, 43.3],
            [44.0, 47.3, 45.3, 42.0, 43.3],
            [42.7, 40.0, 42.7, 46.0, 48.7],
        ],
    ),
    (
        "AIME25",
        [
            [34.7, 35.3, 34.7, 36.0, 34.0],
            [32.7, 30.7, 34.0, 36.7, 36.0],
            [32.0, 34.7, 35.3, 35.3, 32.0],
            [31.3, 34.0, 31.3, 35.3, 35.3],
        ],
    ),
    (
        "AMC23",
        [
            [86.5, 87.5, 88.0, 86.5, 85.5],
            [87.5, 85.0, 87.5, 88.5, 87.5],
            [85.5, 88.0, 88.0, 87.5, 88.5],
            [86.5, 85.5, 87.0, 88.5, 88.5],
        ],
    ),
    (
        "GPQA-Diamond",
        [
            [47.1, 46.7, 47.6, 49.1, 48.3],
            [46.7, 48.1, 49.7, 48.2, 48.0],
            [47.2, 47.5, 46.4, 48.3, 48.2],
            [45.7, 47.6, 47.2, 47.5, 46.1],
        ],
    ),
];

/// Seed 003: the reported cross-benchmark averages, rows listed as windows 3000, 2000, 1000, 500.
const SEED_003_WINDOWS: [&str; 4] = ["3000", "2000", "1000", "500"];
const SEED_003_AVERAGES: [(&str, Table); 2] = [
    (
        "R1-Llama",
        [
            [49.1, 50.1, 50.6, 50.7, 51.4],
            [49.5, 51.7, 52.8, 52.5, 50.9],
            [49.9, 52.7, 51.0, 51.9, 51.7],
            [49.8, 52.1, 50.7, 50.8, 51.7],
        ],
    ),
    (
        "R1-Qwen",
        [
            [53.9, 53.9, 53.2, 54.4, 53.8],
            [52.4, 51.9, 54.6, 56.3, 53.7],
            [52.2, 54.4, 53.8, 53.3, 53.0],
            [51.5, 51.8, 52.0, 54.3, 54.6],
        ],
    ),
];

/// Seed 001 (R1-Qwen, printed "R1-Owen"): every approximate cell the reading gives, as
/// (benchmark, window, ratio, value). Spelled "GPQA D" in the seed.
const SEED_001_R1_QWEN: [(&str, &str, &str, f64); 40] = [
    ("AIME24", "500", "0.1", 40.0),
    ("AIME24", "1000", "0.1", 47.3),
    ("AIME24", "1500", "0.1", 46.0),
    ("AIME24", "2000", "0.1", 42.7),
    ("AIME24", "500", "0.5", 48.7),
    ("AIME24", "1000", "0.5", 52.0),
    ("AIME24", "1500", "0.5", 47.3),
    ("AIME24", "2000", "0.5", 46.7),
    ("AIME24", "1000", "0.3", 45.3),
    ("AIME24", "1000", "0.4", 46.7),
    ("AIME25", "500", "0.1", 34.0),
    ("AIME25", "1000", "0.1", 35.7),
    ("AIME25", "1500", "0.1", 34.7),
    ("AIME25", "2000", "0.1", 32.7),
    ("AIME25", "500", "0.5", 35.3),
    ("AIME25", "1000", "0.5", 36.7),
    ("AIME25", "1500", "0.5", 36.0),
    ("AIME25", "2000", "0.5", 34.7),
    ("AIME25", "1000", "0.3", 34.3),
    ("AIME25", "1000", "0.4", 33.3),
    ("AMC23", "500", "0.1", 85.0),
    ("AMC23", "1000", "0.1", 87.5),
    ("AMC23", "1500", "0.1", 88.0),
    ("AMC23", "2000", "0.1", 86.5),
    ("AMC23", "500", "0.5", 88.5),
    ("AMC23", "1000", "0.5", 87.0),
    ("AMC23", "1500", "0.5", 85.0),
    ("AMC23", "2000", "0.5", 85.5),
    ("AMC23", "1000", "0.3", 85.0),
    ("AMC23", "1000", "0.4", 86.5),
    ("GPQA-Diamond", "500", "0.1", 47.6),
    ("GPQA-Diamond", "1000", "0.1", 48.1),
    ("GPQA-Diamond", "1500", "0.1", 49.7),
    ("GPQA-Diamond", "2000", "0.1", 46.7),
    ("GPQA-Diamond", "500", "0.5", 46.1),
    ("GPQA-Diamond", "1000", "0.5", 47.2),
    ("GPQA-Diamond", "1500", "0.5", 48.0),
    ("GPQA-Diamond", "2000", "0.5", 47.6),
    ("GPQA-Diamond", "1000", "0.3", 47.5),
    ("GPQA-Diamond", "1000", "0.4", 46.4),
];

/// Items per benchmark, as the issue gives them (samples per item are not known).
const ITEMS: [(&str, u32); 4] = [
    ("AIME24", 30),
    ("AIME25", 30),
    ("AMC23", 40),
    ("GPQA-Diamond", 198),
];

fn data_path(file: &str) -> String {
    format!("{}/www/data/{file}", env!("CARGO_MANIFEST_DIR"))
}

fn read(file: &str) -> String {
    let path = data_path(file);
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("cannot read {path}: {error}"))
}

fn load(file: &str) -> Dataset {
    load_json(&read(file)).unwrap_or_else(|error| panic!("{file} does not load: {error}"))
}

/// The value shown at a cell, looked up by facet levels and axis labels. `benchmark` is "" for a
/// dataset without a benchmark facet.
fn value(
    dataset: &Dataset,
    model: &str,
    benchmark: &str,
    window: &str,
    ratio: &str,
) -> Option<f64> {
    let panel = dataset
        .panel(model, benchmark)
        .unwrap_or_else(|error| panic!("no panel {model} | {benchmark}: {error}"));
    let x = dataset
        .x
        .position(ratio)
        .unwrap_or_else(|| panic!("no ratio {ratio}"));
    let y = dataset
        .y
        .position(window)
        .unwrap_or_else(|| panic!("no window {window}"));
    panel.grid.value(x, y)
}

/// Checks every cell of a printed table; returns how many cells were checked.
fn check_table(
    dataset: &Dataset,
    model: &str,
    benchmark: &str,
    windows: &[&str; 4],
    table: &Table,
) -> usize {
    let mut checked = 0;
    for (window, row) in windows.iter().zip(table) {
        for (ratio, expected) in RATIOS.iter().zip(row) {
            assert_eq!(
                value(dataset, model, benchmark, window, ratio),
                Some(*expected),
                "{model} | {benchmark}, window {window}, ratio {ratio}"
            );
            checked += 1;
        }
    }
    checked
}

fn assert_ratio_axis(dataset: &Dataset) {
    assert_eq!(dataset.x.name, "Ratio");
    assert_eq!(dataset.x.labels, RATIOS);
    assert_eq!(dataset.x.values, Some(vec![0.1, 0.2, 0.3, 0.4, 0.5]));
}

fn assert_pass_at_1(dataset: &Dataset) {
    assert_eq!(dataset.metric.name, "Pass@1");
    assert_eq!(dataset.metric.direction, sweepmap::Direction::Higher);
    assert_eq!(dataset.metric.unit.as_deref(), Some("%"));
}

fn assert_items(dataset: &Dataset) {
    for (benchmark, items) in ITEMS {
        let index = dataset.benchmark_index(benchmark).unwrap();
        let info = dataset.benchmark_info(index).unwrap();
        assert_eq!(info.items, Some(items), "{benchmark}");
        assert_eq!(info.samples_per_item, None, "{benchmark}");
        assert_eq!(info.aggregate_of, None, "{benchmark}");
    }
}

// ---------------------------------------------------------------- kv-cache-sweep.json

#[test]
fn kv_sweep_has_the_seed_axes_facets_and_metadata() {
    let sweep = load("kv-cache-sweep.json");
    assert_eq!(
        sweep.title.as_deref(),
        Some("KV-cache sweep: R1-Llama and R1-Qwen")
    );
    let source = sweep.source.as_deref().unwrap();
    for part in ["seed 000", "seed 002", "seed 003", "as printed", "24–48"] {
        assert!(source.contains(part), "source note lacks {part:?}");
    }
    assert_pass_at_1(&sweep);
    assert_ratio_axis(&sweep);
    // Numeric ascending, whatever order the file writes them in.
    assert_eq!(sweep.y.name, "Local Window Size");
    assert_eq!(sweep.y.labels, ["500", "1000", "2000", "3000"]);
    assert_eq!(sweep.y.values, Some(vec![500.0, 1000.0, 2000.0, 3000.0]));
    assert_eq!(sweep.models.name, "Model");
    assert_eq!(sweep.models.levels, ["R1-Llama", "R1-Qwen"]);
    assert_eq!(sweep.benchmarks.name, "Benchmark");
    assert_eq!(
        sweep.benchmarks.levels,
        ["AIME24", "AIME25", "AMC23", "GPQA-Diamond", AVERAGE]
    );
    assert_eq!(sweep.replicate, None);
    assert_items(&sweep);
    let average = sweep.benchmark_index(AVERAGE).unwrap();
    assert!(sweep.is_reported_aggregate(average));
    let info = sweep.benchmark_info(average).unwrap();
    assert_eq!(info.items, None);
    assert_eq!(
        info.aggregate_of.as_deref(),
        Some(&BENCHMARKS.map(String::from)[..])
    );
    for benchmark in BENCHMARKS {
        assert!(!sweep.is_reported_aggregate(sweep.benchmark_index(benchmark).unwrap()));
    }
    // Every panel is full: 2 models x 5 benchmark levels, 4 x 5 cells each.
    assert_eq!(sweep.panels.len(), 10);
    for panel in &sweep.panels {
        assert_eq!((panel.grid.columns(), panel.grid.rows()), (5, 4));
        assert_eq!(
            panel.grid.present_count(),
            20,
            "{}",
            sweep.panel_title(panel)
        );
        assert_eq!(panel.grid.missing_count(), 0);
        assert!(panel.replicates.is_empty());
    }
}

#[test]
fn kv_sweep_r1_llama_is_seed_000_as_printed() {
    let sweep = load("kv-cache-sweep.json");
    let checked: usize = SEED_000_R1_LLAMA
        .iter()
        .map(|(benchmark, table)| {
            check_table(&sweep, "R1-Llama", benchmark, &SEED_000_WINDOWS, table)
        })
        .sum();
    assert_eq!(checked, 80);
}

#[test]
fn kv_sweep_r1_qwen_is_seed_002_as_printed() {
    let sweep = load("kv-cache-sweep.json");
    let checked: usize = SEED_002_R1_QWEN
        .iter()
        .map(|(benchmark, table)| {
            check_table(&sweep, "R1-Qwen", benchmark, &SEED_002_WINDOWS, table)
        })
        .sum();
    assert_eq!(checked, 80);
}

#[test]
fn kv_sweep_reported_averages_are_seed_003_as_printed() {
    let sweep = load("kv-cache-sweep.json");
    let checked: usize = SEED_003_AVERAGES
        .iter()
        .map(|(model, table)| check_table(&sweep, model, AVERAGE, &SEED_003_WINDOWS, table))
        .sum();
    assert_eq!(checked, 40);
}

#[test]
fn kv_sweep_corners_and_peaks() {
    let sweep = load("kv-cache-sweep.json");
    let at = |model, benchmark, window, ratio| value(&sweep, model, benchmark, window, ratio);
    // Seed 000, R1-Llama: the corners of AIME24 and the printed peaks.
    assert_eq!(at("R1-Llama", "AIME24", "500", "0.1"), Some(41.3));
    assert_eq!(at("R1-Llama", "AIME24", "500", "0.5"), Some(42.7));
    assert_eq!(at("R1-Llama", "AIME24", "3000", "0.1"), Some(40.0));
    assert_eq!(at("R1-Llama", "AIME24", "3000", "0.5"), Some(46.7));
    assert_eq!(at("R1-Llama", "AIME24", "2000", "0.3"), Some(49.3));
    assert_eq!(at("R1-Llama", "AIME24", "1000", "0.2"), Some(49.3));
    assert_eq!(at("R1-Llama", "AIME25", "500", "0.3"), Some(24.0));
    assert_eq!(at("R1-Llama", "AMC23", "3000", "0.3"), Some(89.0));
    assert_eq!(at("R1-Llama", "GPQA-Diamond", "3000", "0.2"), Some(48.4));
    // Seed 002, R1-Qwen: corners of AIME24 and the peaks.
    assert_eq!(at("R1-Qwen", "AIME24", "3000", "0.1"), Some(47.3));
    assert_eq!(at("R1-Qwen", "AIME24", "500", "0.1"), Some(42.7));
    assert_eq!(at("R1-Qwen", "AIME24", "500", "0.5"), Some(48.7));
    assert_eq!(at("R1-Qwen", "AIME24", "2000", "0.4"), Some(52.0));
    assert_eq!(at("R1-Qwen", "AIME25", "2000", "0.4"), Some(36.7));
    assert_eq!(at("R1-Qwen", "AMC23", "500", "0.5"), Some(88.5));
    assert_eq!(at("R1-Qwen", "GPQA-Diamond", "2000", "0.3"), Some(49.7));
    // Seed 003: the reported peaks.
    assert_eq!(at("R1-Llama", AVERAGE, "2000", "0.3"), Some(52.8));
    assert_eq!(at("R1-Qwen", AVERAGE, "2000", "0.4"), Some(56.3));
    // Storage: row 0 is the smallest window, column 0 the smallest ratio.
    let panel = sweep.panel("R1-Llama", "AIME24").unwrap();
    assert_eq!(panel.grid.value(0, 0), Some(41.3));
    assert_eq!(panel.grid.value(4, 3), Some(46.7));
}

// ------------------------------------------------------------- kv-cache-averages.json

#[test]
fn averages_are_the_seed_003_reported_figures() {
    let averages = load("kv-cache-averages.json");
    assert!(averages.title.as_deref().unwrap().contains("reported"));
    let source = averages.source.as_deref().unwrap();
    assert!(source.contains("Reported figures") && source.contains("seed 003"));
    assert_pass_at_1(&averages);
    assert_ratio_axis(&averages);
    assert_eq!(averages.y.labels, ["500", "1000", "2000", "3000"]);
    assert_eq!(averages.models.name, "Model");
    assert_eq!(averages.models.levels, ["R1-Llama", "R1-Qwen"]);
    assert!(averages.benchmarks.is_absent());
    assert_eq!(averages.panels.len(), 2);
    let checked: usize = SEED_003_AVERAGES
        .iter()
        .map(|(model, table)| check_table(&averages, model, "", &SEED_003_WINDOWS, table))
        .sum();
    assert_eq!(checked, 40);
    // Corners and peaks, spelled out.
    let at = |model, window, ratio| value(&averages, model, "", window, ratio);
    assert_eq!(at("R1-Llama", "3000", "0.1"), Some(49.1));
    assert_eq!(at("R1-Llama", "500", "0.5"), Some(51.7));
    assert_eq!(at("R1-Qwen", "500", "0.1"), Some(51.5));
    assert_eq!(at("R1-Qwen", "3000", "0.5"), Some(53.8));
    assert_eq!(at("R1-Qwen", "2000", "0.4"), Some(56.3));
}

#[test]
fn averages_file_agrees_with_the_sweeps_reported_panels() {
    let averages = load("kv-cache-averages.json");
    let sweep = load("kv-cache-sweep.json");
    for model in ["R1-Llama", "R1-Qwen"] {
        assert_eq!(
            averages.panel(model, "").unwrap().grid,
            sweep.panel(model, AVERAGE).unwrap().grid,
            "{model}"
        );
    }
}

// --------------------------------------------------------------- partial-r1-qwen.json

#[test]
fn partial_reading_is_seed_001_with_explicit_gaps() {
    let partial = load("partial-r1-qwen.json");
    let title = partial.title.as_deref().unwrap();
    assert!(title.contains("partial transcription"), "{title}");
    // Case-insensitive: the note opens with "Partial transcription".
    let source = partial.source.as_deref().unwrap().to_lowercase();
    for part in [
        "partial transcription",
        "approximate",
        "seed 001",
        "r1-owen",
    ] {
        assert!(source.contains(part), "source note lacks {part:?}");
    }
    assert_pass_at_1(&partial);
    assert_ratio_axis(&partial);
    // The irregular window axis of the reading, ascending.
    assert_eq!(partial.y.labels, ["500", "1000", "1500", "2000"]);
    assert_eq!(partial.y.values, Some(vec![500.0, 1000.0, 1500.0, 2000.0]));
    assert_eq!(partial.models.levels, ["R1-Qwen"]);
    assert_eq!(partial.benchmarks.levels, BENCHMARKS);
    assert_items(&partial);

    for (benchmark, window, ratio, expected) in SEED_001_R1_QWEN {
        assert_eq!(
            value(&partial, "R1-Qwen", benchmark, window, ratio),
            Some(expected),
            "{benchmark}, window {window}, ratio {ratio}"
        );
    }
    // Every cell the reading does not give is missing, not zero.
    let mut missing = 0;
    for benchmark in BENCHMARKS {
        for window in ["500", "1000", "1500", "2000"] {
            for ratio in RATIOS {
                let given = SEED_001_R1_QWEN
                    .iter()
                    .any(|&(b, w, r, _)| (b, w, r) == (benchmark, window, ratio));
                if !given {
                    assert_eq!(value(&partial, "R1-Qwen", benchmark, window, ratio), None);
                    missing += 1;
                }
            }
        }
    }
    assert_eq!(missing, 40);
    assert_eq!(partial.panels.len(), 4);
    for panel in &partial.panels {
        assert_eq!(
            panel.grid.present_count(),
            10,
            "{}",
            partial.panel_title(panel)
        );
        assert_eq!(
            panel.grid.missing_count(),
            10,
            "{}",
            partial.panel_title(panel)
        );
    }
    // The whole 0.2 column is missing; the peak of AIME24 is where the reading puts it.
    let at = |benchmark, window, ratio| value(&partial, "R1-Qwen", benchmark, window, ratio);
    assert_eq!(at("AIME24", "1000", "0.2"), None);
    assert_eq!(at("AIME24", "500", "0.3"), None);
    assert_eq!(at("AIME24", "1000", "0.5"), Some(52.0));
    assert_eq!(at("GPQA-Diamond", "1500", "0.1"), Some(49.7));
}

// -------------------------------------------------------------------------- index.json

/// What an index entry holds: a sweep dataset (the default) or per-item pairwise scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Sweep,
    Pairwise,
}

/// The entries of index.json: (id, file, title, kind). `kind` is "sweep" when left out.
fn index_entries() -> Vec<(String, String, String, Kind)> {
    let index: serde_json::Value = serde_json::from_str(&read("index.json")).unwrap();
    index
        .as_array()
        .expect("index.json is an array")
        .iter()
        .map(|entry| {
            let field = |name: &str| {
                entry[name]
                    .as_str()
                    .unwrap_or_else(|| panic!("index entry lacks {name}: {entry}"))
                    .to_string()
            };
            let kind = match entry.get("kind").map(|kind| kind.as_str()) {
                None | Some(Some("sweep")) => Kind::Sweep,
                Some(Some("pairwise")) => Kind::Pairwise,
                Some(other) => panic!("index entry has an unknown kind {other:?}: {entry}"),
            };
            (field("id"), field("file"), field("title"), kind)
        })
        .collect()
}

/// The sweep datasets of index.json: (id, file, title).
fn sweep_entries() -> Vec<(String, String, String)> {
    index_entries()
        .into_iter()
        .filter(|(_, _, _, kind)| *kind == Kind::Sweep)
        .map(|(id, file, title, _)| (id, file, title))
        .collect()
}

#[test]
fn index_lists_every_dataset_kv_sweep_first() {
    let entries = index_entries();
    let listed: Vec<(&str, Kind)> = entries
        .iter()
        .map(|(id, _, _, kind)| (id.as_str(), *kind))
        .collect();
    assert_eq!(
        listed,
        [
            ("kv-cache-sweep", Kind::Sweep),
            ("kv-cache-averages", Kind::Sweep),
            ("partial-r1-qwen", Kind::Sweep),
            ("synthetic-pairwise", Kind::Pairwise),
        ]
    );
    for (id, file, title, kind) in &entries {
        assert_eq!(file, &format!("{id}.json"));
        match kind {
            Kind::Sweep => {
                let dataset = load(file);
                assert_eq!(dataset.title.as_deref(), Some(title.as_str()), "{file}");
            }
            Kind::Pairwise => {
                let scores = load_pairwise_json(&read(file))
                    .unwrap_or_else(|error| panic!("{file} does not load: {error}"));
                assert_eq!(scores.title(), Some(title.as_str()), "{file}");
            }
        }
    }
    // Every dataset file in www/data is listed, sweeps and pairwise scores alike.
    let mut files: Vec<String> = std::fs::read_dir(data_path(""))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".json") && name != "index.json")
        .collect();
    files.sort();
    let mut listed: Vec<String> = entries.into_iter().map(|(_, file, _, _)| file).collect();
    listed.sort();
    assert_eq!(files, listed);
}

#[test]
fn every_bundled_dataset_round_trips_through_json_and_csv() {
    for (_, file, _) in sweep_entries() {
        let dataset = load(&file);
        let json = to_json(&dataset);
        assert_eq!(load_json(&json).unwrap(), dataset, "{file} via JSON");
        let csv = to_csv(&dataset);
        assert_eq!(
            load_csv(&csv, &CsvOptions::default()).unwrap(),
            dataset.without_metadata(),
            "{file} via CSV"
        );
    }
}
