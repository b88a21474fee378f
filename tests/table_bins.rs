//! The bins of a continuous parameter decided from four numbers (`Bins::for_values`: distinct
//! values, runs, smallest and largest value), as an engine's reduction asks for them (README
//! "Too many configurations"): the same bins the run table gives the column it reads, and the
//! fixture `tests/fixtures/bins/spanning.json` that Python's port of the rule
//! (`python/src/sweepmap/_bins.py`, `python/tests/test_bins.py`) is held to.

use std::path::PathBuf;

use sweepmap::table::{open_sweep, Bins, Sweep, TableOptions};

fn open(text: &str) -> Sweep {
    open_sweep(text, &TableOptions::default()).expect("the sweep opens")
}

/// Per numeric parameter of a sweep: the bins `for_values` gives from its distinct values,
/// runs, minimum and maximum, and the bins the run table gave it.
fn both_bins(sweep: &Sweep) -> Vec<(String, Option<Bins>, Option<Bins>)> {
    let runs = sweep.table.columns.first().map_or(0, |c| c.codes.len());
    let mut out = Vec::new();
    for (column, role) in sweep.table.columns.iter().zip(&sweep.roles) {
        if role.role != sweepmap::table::Role::Parameter {
            continue;
        }
        let Some(numbers) = &column.numbers else {
            assert!(sweep.bins(&column.name).is_none());
            continue;
        };
        let min = numbers.iter().copied().fold(f64::INFINITY, f64::min);
        let max = numbers.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        out.push((
            column.name.clone(),
            Bins::for_values(numbers.len(), runs, min, max),
            sweep.bins(&column.name).cloned(),
        ));
    }
    out
}

/// A deterministic stream of numbers in [0, 1) (a linear congruential generator).
struct Stream(u64);

impl Stream {
    fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[test]
fn bins_from_four_numbers_are_the_run_tables_bins_of_the_sweep_fixtures() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sweeps");
    let mut binned = 0;
    for file in ["synthetic-optuna-trials.csv", "synthetic-wandb-runs.csv"] {
        let text = std::fs::read_to_string(root.join(file)).expect("fixture");
        for (name, decided, table) in both_bins(&open(&text)) {
            assert_eq!(decided, table, "{file}: {name}");
            binned += usize::from(table.is_some());
        }
    }
    assert!(binned >= 1, "a fixture has a binned parameter");
}

#[test]
fn bins_from_four_numbers_are_the_run_tables_bins_of_generated_columns() {
    let mut stream = Stream(18);
    let mut binned = 0;
    for case in 0..300 {
        // Log-uniform over 0 to 8 decades, uniform, or a handful of grid values, positive or
        // not; runs from 5 to 60, values repeated or not.
        let runs = 5 + (stream.next() * 56.0) as usize;
        let start = 10f64.powf(stream.next() * 12.0 - 8.0);
        let decades = stream.next() * 8.0;
        let shift = if case % 3 == 0 {
            -start * 10f64.powf(decades) * stream.next()
        } else {
            0.0
        };
        let grid = 1 + (stream.next() * 20.0) as usize;
        let mut text = String::from("p,q,acc\n");
        for run in 0..runs {
            let value = if case % 4 == 1 {
                start * (1 + run % grid) as f64
            } else {
                start * 10f64.powf(decades * stream.next()) + shift
            };
            text.push_str(&format!("{value},{},{}\n", run % 2, stream.next()));
        }
        for (name, decided, table) in both_bins(&open(&text)) {
            assert_eq!(decided, table, "case {case}: {name}\n{text}");
            binned += usize::from(table.is_some());
        }
    }
    assert!(binned > 100, "{binned} columns binned");
}

/// (min, max) pairs over the rule's branches: log spans of two to twenty decades, linear spans
/// positive, negative and across zero, tiny and huge magnitudes, round and not.
fn spans() -> Vec<(f64, f64)> {
    let mut spans = vec![
        (0.00012, 0.05),
        (1e-9, 0.5),
        (0.03, 0.97),
        (16.0, 512.0),
        (-1.0, 1.0),
        (1.0, 100.0),
        (1.0, 100.000_000_1),
        (0.0, 1.0),
        (1e-12, 1e12),
        (-5e-7, -1e-7),
        (123_456_789.0, 123_456_790.0),
        (0.1 + 0.2, 0.9),
        (2.0, 1e6),
        (1.5e-7, 0.1),
        (1.2e-7, 0.11),
    ];
    let mut stream = Stream(2026);
    for case in 0..400 {
        let magnitude = 10f64.powf(stream.next() * 24.0 - 12.0);
        let low = magnitude * stream.next();
        let high = low + magnitude * 10f64.powf(stream.next() * 6.0) * stream.next();
        let (low, high) = match case % 4 {
            0 => (low, high),
            1 => (-high, -low),
            2 => (-low, high),
            _ => (
                (low * 1000.0).round() / 1000.0,
                (high * 1000.0).round() / 1000.0,
            ),
        };
        if low < high {
            spans.push((low, high));
        }
    }
    spans
}

/// The fixture Python's port of the rule is held to: per (min, max), the labels and edges
/// `Bins::spanning` gives; compared with the file (`SWEEPMAP_BLESS=1` writes it; a mismatch
/// writes `spanning-changed.json` beside it).
#[test]
fn the_spanning_fixture_for_python_is_the_cores_output() {
    let mut cases = Vec::new();
    for (min, max) in spans() {
        let bins = Bins::spanning(min, max);
        assert_eq!(bins.edge_texts().len(), bins.labels.len() + 1);
        cases.push(serde_json::json!({
            "min": min,
            "max": max,
            "labels": bins.labels,
            "edges": bins.edge_texts(),
            "log": bins.log,
        }));
    }
    let decisions: Vec<_> = [
        (12, 120),
        (13, 130),
        (8, 9),
        (8, 10),
        (8, 11),
        (8, 16),
        (7, 7),
        (5, 5),
        (1_000_001, 1_000_001),
        (1_000_001, 50_000_000),
    ]
    .iter()
    .map(|&(values, runs)| {
        serde_json::json!({
            "values": values,
            "runs": runs,
            "binned": Bins::for_values(values, runs, 0.0, 1.0).is_some(),
        })
    })
    .collect();
    // One case a line: a reviewer reads a change as the cases it changed.
    let lines = |list: &[serde_json::Value]| {
        list.iter()
            .map(|case| format!("    {case}"))
            .collect::<Vec<_>>()
            .join(",\n")
    };
    let text = format!(
        "{{\n  \"spans\": [\n{}\n  ],\n  \"decisions\": [\n{}\n  ]\n}}\n",
        lines(&cases),
        lines(&decisions)
    );
    let directory = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/bins");
    let fixture = directory.join("spanning.json");
    let changed = directory.join("spanning-changed.json");
    if std::env::var_os("SWEEPMAP_BLESS").is_some() {
        std::fs::create_dir_all(&directory).expect("fixture directory");
        std::fs::write(&fixture, &text).expect("fixture written");
        let _ = std::fs::remove_file(&changed);
        return;
    }
    let expected = std::fs::read_to_string(&fixture)
        .unwrap_or_else(|_| panic!("no {}; run with SWEEPMAP_BLESS=1", fixture.display()));
    if expected != text {
        std::fs::write(&changed, &text).expect("changed file written");
        panic!(
            "the bins differ from {}; see {}",
            fixture.display(),
            changed.display()
        );
    }
    let _ = std::fs::remove_file(&changed);
}

/// A run of the generated log: model, learning rate, weight decay, accuracy (or missing).
type Run = (String, f64, f64, Option<f64>);

/// What a reduction that bins in the engine writes (README "Too many configurations"): per
/// model, bin label and weight decay, in bin order, `n` and the accuracy's count, mean and
/// sample variance, each run in the bin `Bins::index` gives it.
fn binned_configurations(runs: &[Run], bins: &Bins) -> String {
    // (bin, model, weight decay) and the accuracies of its runs.
    type Group = ((usize, String, String), Vec<Option<f64>>);
    let mut groups: Vec<Group> = Vec::new();
    for (model, lr, wd, acc) in runs {
        let key = (bins.index(*lr), model.clone(), format!("{wd}"));
        match groups.iter_mut().find(|(known, _)| *known == key) {
            Some((_, values)) => values.push(*acc),
            None => groups.push((key, vec![*acc])),
        }
    }
    groups.sort_by(|a, b| a.0.cmp(&b.0));
    let mut out = String::from("model,lr,wd,n,acc.n,acc.mean,acc.var\n");
    for ((bin, model, wd), values) in &groups {
        let present: Vec<f64> = values.iter().flatten().copied().collect();
        let n = present.len() as f64;
        let mean = present.iter().sum::<f64>() / n;
        let var = present.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1.0);
        out.push_str(&format!(
            "{model},{},{wd},{},{},{mean},{var}\n",
            bins.labels[*bin],
            values.len(),
            present.len()
        ));
    }
    out
}

/// The cells the run table gives raw rows with a continuous learning rate, in its mean mode,
/// are the cells of the configuration table an engine writes by binning that column with the
/// same bins: counts, means, standard deviations and standard errors, panel by panel; the bin
/// column of the reduced table is a parameter of ranges, in bin order, with no bins to pick a
/// best run from.
#[test]
fn a_table_binned_in_the_engine_gives_the_run_tables_mean_cells_of_the_raw_rows() {
    let mut stream = Stream(7);
    let mut runs = Vec::new();
    let mut text = String::from("model,lr,wd,acc\n");
    for run in 0..600 {
        let model = format!("synthetic-{}", run % 2);
        let lr = 1e-4 * 10f64.powf(3.0 * stream.next());
        let wd = 0.5 * (run % 3) as f64;
        let acc = (run % 29 != 0)
            .then(|| 0.8 - 0.1 * (lr.log10() + 2.5).abs() + 0.05 * wd + 0.05 * stream.next());
        let field = acc.map_or(String::new(), |a| format!("{a}"));
        text.push_str(&format!("{model},{lr},{wd},{field}\n"));
        runs.push((model, lr, wd, acc));
    }
    let raw = open(&text);
    let bins = raw.bins("lr").expect("lr is binned").clone();
    assert_eq!(bins.labels.len(), 6);
    let reduced = open(&binned_configurations(&runs, &bins));
    assert_eq!(reduced.format, sweepmap::table::Format::Configuration);
    assert!(reduced.bins("lr").is_none());
    assert_eq!(reduced.parameter_values("lr"), Some(bins.labels.clone()));
    let view = sweepmap::table::View {
        metric: "acc".into(),
        x: "lr".into(),
        y: "wd".into(),
        ..sweepmap::table::View::default()
    };
    let (from_runs, from_table) = (
        raw.project(&view).expect("raw view").dataset,
        reduced.project(&view).expect("reduced view").dataset,
    );
    assert_eq!(from_runs.x.labels, from_table.x.labels);
    assert_eq!(from_runs.y.labels, from_table.y.labels);
    assert_eq!(from_runs.models, from_table.models);
    assert_eq!(from_runs.panels.len(), 2);
    let scale = sweepmap::analysis::value_scale(&from_runs);
    let mut cells = 0;
    for (r, c) in from_runs.panels.iter().zip(&from_table.panels) {
        let errors_r = sweepmap::analysis::standard_errors(&r.grid, None, scale);
        let errors_c = sweepmap::analysis::standard_errors(&c.grid, None, scale);
        for (index, (a, b)) in r.grid.cells().iter().zip(c.grid.cells()).enumerate() {
            let (a, b) = (a.as_ref().expect("a cell"), b.as_ref().expect("a cell"));
            let close = |x: f64, y: f64| (x - y).abs() <= 1e-12 * x.abs().max(1.0);
            assert_eq!(a.count, b.count, "{} cell {index}", r.model);
            assert!(close(a.mean, b.mean), "{} cell {index}", r.model);
            assert!(close(a.std_dev.unwrap(), b.std_dev.unwrap()));
            let (e, f) = (errors_r[index].as_ref(), errors_c[index].as_ref());
            assert!(close(e.unwrap().standard_error, f.unwrap().standard_error));
            cells += 1;
        }
    }
    assert_eq!(cells, 36);
}
