//! Run tables: projection of views (fixed, best, mean, facet) against hand-computed values,
//! main effects, the default view, binning, the equivalence with `load_csv` for two-parameter
//! files, and large tables; what the explorer's controls read (parameter values in axis order,
//! main-effect shares as shown, the rows a cell's tooltip adds).
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use sweepmap::table::{open_sweep, BinPick, Choice, NameMap, Role, Sweep, TableOptions, View};
use sweepmap::{load_csv, load_json, to_csv, CsvOptions, Dataset, Direction};

/// Eight runs over a (1, 2), b (x, y) and c (p, q), one accuracy each.
const SMALL: &str = "a,b,c,acc\n\
                     1,x,p,0.1\n\
                     2,x,p,0.2\n\
                     1,y,p,0.3\n\
                     2,y,p,0.4\n\
                     1,x,q,0.5\n\
                     2,x,q,0.05\n\
                     1,y,q,0.6\n\
                     2,y,q,0.35\n";

fn open(text: &str) -> Sweep {
    open_sweep(text, &TableOptions::default()).unwrap()
}

fn view(x: &str, y: &str, others: &[(&str, Choice)]) -> View {
    View {
        metric: "acc".into(),
        x: x.into(),
        y: y.into(),
        others: others
            .iter()
            .map(|(name, choice)| (name.to_string(), choice.clone()))
            .collect(),
        ..View::default()
    }
}

/// The mean of the cell at x and y labels in a panel.
fn mean_at(dataset: &Dataset, panel: usize, x: &str, y: &str) -> Option<f64> {
    let (x, y) = (dataset.x.position(x)?, dataset.y.position(y)?);
    dataset.panels[panel].grid.value(x, y)
}

fn close(actual: Option<f64>, expected: f64) {
    let actual = actual.expect("a value");
    assert!(
        (actual - expected).abs() < 1e-12,
        "{actual} is not {expected}"
    );
}

#[test]
fn fixed_draws_only_the_runs_with_that_value() {
    let sweep = open(SMALL);
    let projection = sweep
        .project(&view("a", "b", &[("c", Choice::Fixed("p".into()))]))
        .unwrap();
    let dataset = &projection.dataset;
    close(mean_at(dataset, 0, "1", "x"), 0.1);
    close(mean_at(dataset, 0, "2", "x"), 0.2);
    close(mean_at(dataset, 0, "1", "y"), 0.3);
    close(mean_at(dataset, 0, "2", "y"), 0.4);
    assert_eq!(dataset.replicate, None);
    assert_eq!(projection.description, "c = p (fixed); 1 run per cell");
    let fixed_q = sweep
        .project(&view("a", "b", &[("c", Choice::Fixed("q".into()))]))
        .unwrap();
    close(mean_at(&fixed_q.dataset, 0, "2", "x"), 0.05);
    assert_eq!(
        fixed_q.description,
        "c = q (fixed at the best run's); 1 run per cell"
    );
    assert_eq!(
        sweep
            .project(&view("a", "b", &[("c", Choice::Fixed("r".into()))]))
            .unwrap_err()
            .to_string(),
        "field \"c\": expected one of its values (\"p\", \"q\") to fix it at, found \"r\""
    );
}

#[test]
fn best_takes_the_best_configuration_per_cell_and_keeps_the_winner() {
    let sweep = open(SMALL);
    let projection = sweep
        .project(&view("a", "b", &[("c", Choice::Best)]))
        .unwrap();
    let dataset = &projection.dataset;
    close(mean_at(dataset, 0, "1", "x"), 0.5);
    close(mean_at(dataset, 0, "2", "x"), 0.2);
    close(mean_at(dataset, 0, "1", "y"), 0.6);
    close(mean_at(dataset, 0, "2", "y"), 0.4);
    assert_eq!(projection.best_over, ["c"]);
    // Cells in the dataset's order: y = x then y, x = 1 then 2.
    let winners: Vec<Option<Vec<String>>> =
        projection.cells.iter().map(|c| c.winner.clone()).collect();
    let w = |v: &str| Some(vec![v.to_string()]);
    assert_eq!(winners, [w("q"), w("p"), w("q"), w("p")]);
    assert!(projection.cells.iter().all(|c| c.runs == 2 && c.shown == 1));
    assert_eq!(
        projection.description,
        "best over c (values differ per cell: hover to see); the best of up to 2 \
         configurations per cell is biased high, and its standard error does not count the \
         selection; 1 run per cell"
    );
    // Lower is better: the other configuration wins.
    let mut lower = view("a", "b", &[("c", Choice::Best)]);
    lower.direction = Some(Direction::Lower);
    let projection = sweep.project(&lower).unwrap();
    close(mean_at(&projection.dataset, 0, "1", "x"), 0.1);
    close(mean_at(&projection.dataset, 0, "2", "x"), 0.05);
    assert!(projection.description.contains("is biased low"));
}

#[test]
fn mean_averages_over_the_parameter_as_replicates() {
    let sweep = open(SMALL);
    let projection = sweep
        .project(&view("a", "b", &[("c", Choice::Mean)]))
        .unwrap();
    let dataset = &projection.dataset;
    close(mean_at(dataset, 0, "1", "x"), 0.3);
    close(mean_at(dataset, 0, "2", "x"), 0.125);
    close(mean_at(dataset, 0, "1", "y"), 0.45);
    close(mean_at(dataset, 0, "2", "y"), 0.375);
    assert_eq!(dataset.replicate.as_deref(), Some("c"));
    let labels: Vec<&str> = dataset.panels[0]
        .replicates
        .iter()
        .map(|r| r.label.as_str())
        .collect();
    assert_eq!(
        labels,
        ["c = p", "c = q", "c = p", "c = q", "c = p", "c = q", "c = p", "c = q"]
    );
    let cell = dataset.panels[0].grid.get(0, 0).unwrap();
    assert_eq!(cell.count, 2);
    assert_eq!(projection.description, "mean over c; 2 runs per cell");
}

#[test]
fn facet_makes_panels_by_the_parameter() {
    let sweep = open(SMALL);
    let projection = sweep
        .project(&view("a", "b", &[("c", Choice::Facet)]))
        .unwrap();
    let dataset = &projection.dataset;
    assert_eq!(dataset.models.name, "c");
    assert_eq!(dataset.models.levels, ["c = p", "c = q"]);
    close(mean_at(dataset, 0, "2", "y"), 0.4);
    close(mean_at(dataset, 1, "2", "y"), 0.35);
    assert_eq!(projection.description, "panels by c; 1 run per cell");
}

#[test]
fn main_effects_are_the_spread_of_value_means_and_eta_squared() {
    let sweep = open(SMALL);
    let effects = sweep.main_effects("acc").unwrap();
    let ranked: Vec<(&str, f64)> = effects
        .iter()
        .map(|e| (e.parameter.as_str(), e.spread))
        .collect();
    assert_eq!(
        ranked.iter().map(|r| r.0).collect::<Vec<_>>(),
        ["b", "a", "c"]
    );
    // b: x runs average 0.2125, y runs 0.4125.
    assert!((effects[0].spread - 0.2).abs() < 1e-12);
    // a: 0.375 - 0.25; c the same spread, after a in column order.
    assert!((effects[1].spread - 0.125).abs() < 1e-12);
    assert!((effects[2].spread - 0.125).abs() < 1e-12);
    // Between-groups sum of squares 0.08 of a total 0.25375.
    assert!((effects[0].share - 0.08 / 0.25375).abs() < 1e-12);
    assert!((effects[1].share - 4.0 * 2.0 * 0.0625f64.powi(2) / 0.25375).abs() < 1e-12);
    assert_eq!(effects[0].values, 2);
}

#[test]
fn the_default_view_draws_the_two_largest_effects_at_the_best_configuration() {
    let sweep = open(SMALL);
    let default = sweep.default_view().unwrap();
    assert_eq!((default.x.as_str(), default.y.as_str()), ("b", "a"));
    assert_eq!(default.direction, Some(Direction::Higher));
    assert_eq!(
        default.others,
        NameMap::from([("c".to_string(), Choice::Fixed("q".into()))])
    );
    let projection = sweep.project(&default).unwrap();
    assert_eq!(
        projection.description,
        "c = q (fixed at the best run's); 1 run per cell"
    );
    close(mean_at(&projection.dataset, 0, "y", "1"), 0.6);
    // A view that leaves a parameter out gets its default choice.
    let partial = sweep.project(&view("b", "a", &[])).unwrap();
    assert_eq!(partial.view, default);
    assert_eq!(partial.dataset, projection.dataset);
}

/// Bins no run falls in stay on the axis as missing cells, and linear bins of a parameter with
/// many distinct values read as their ranges (issue 13: "empty bins are missing cells").
#[test]
fn empty_bins_are_missing_cells_and_linear_bins_read_as_ranges() {
    // dropout: 20 distinct values in [0, 0.19] and 20 in [0.4, 0.59], none between; acc =
    // dropout + wd.
    let mut text = String::from("dropout,wd,acc\n");
    for k in 0..40 {
        let dropout = if k < 20 {
            k as f64 / 100.0
        } else {
            0.4 + (k - 20) as f64 / 100.0
        };
        let wd = [0.0, 0.1][k % 2];
        text.push_str(&format!("{dropout},{wd},{}\n", dropout + wd));
    }
    let sweep = open(&text);
    let bins = sweep.bins("dropout").expect("dropout is binned");
    assert!(!bins.log);
    assert_eq!(
        bins.labels,
        [
            "0–0.1",
            "0.1–0.2",
            "0.2–0.3",
            "0.3–0.4",
            "0.4–0.5",
            "0.5–0.6"
        ]
    );
    let projection = sweep.project(&view("dropout", "wd", &[])).unwrap();
    let dataset = &projection.dataset;
    assert_eq!(dataset.x.labels, bins.labels);
    // The empty bins are on the axis, their cells missing; the others the mean of their runs
    // (wd = 0: the even k, dropout 0, 0.02, ..., 0.08 in the first bin).
    for empty in ["0.2–0.3", "0.3–0.4"] {
        for wd in ["0", "0.1"] {
            assert_eq!(mean_at(dataset, 0, empty, wd), None, "{empty}, {wd}");
        }
    }
    close(mean_at(dataset, 0, "0–0.1", "0"), 0.04);
    close(mean_at(dataset, 0, "0.5–0.6", "0.1"), 0.55 + 0.1);
    assert!(
        projection
            .description
            .starts_with("dropout in 6 equal bins, each the mean of its runs"),
        "{}",
        projection.description
    );
}

#[test]
fn replicates_and_repeated_configurations() {
    let with_seeds =
        "lr,wd,seed,acc\n1,1,0,0.5\n1,1,1,0.7\n1,2,0,0.1\n2,1,0,0.2\n2,2,0,0.3\n2,2,1,0.4\n";
    let sweep = open(with_seeds);
    let projection = sweep.project(&sweep.default_view().unwrap()).unwrap();
    assert_eq!(projection.dataset.replicate.as_deref(), Some("seed"));
    assert_eq!(projection.description, "1 to 2 runs per cell");
    assert!(projection.notices.is_empty());
    let repeated = "lr,wd,acc\n1,1,0.5\n1,1,0.7\n1,2,0.1\n2,1,0.2\n2,2,0.3\n2,2,0.4\n2,2,0.5\n";
    let sweep = open(repeated);
    let projection = sweep.project(&sweep.default_view().unwrap()).unwrap();
    assert_eq!(
        projection.notices,
        [
            "lines 2 and 3 (and 2 more) repeat one configuration and no column tells them \
          apart: they are treated as replicates; name a replicate column (seed) if one does"
        ]
    );
    let cell = projection.dataset.panels[0]
        .grid
        .get(
            projection.dataset.x.position("2").unwrap(),
            projection.dataset.y.position("2").unwrap(),
        )
        .unwrap();
    assert_eq!(cell.count, 3);
    assert!((cell.mean - 0.4).abs() < 1e-12);
    assert_eq!(projection.dataset.replicate.as_deref(), Some("run"));
    assert_eq!(projection.dataset.panels[0].replicates[0].label, "line 2");
}

#[test]
fn continuous_parameters_are_binned() {
    // lr drawn log-uniformly over four decades, wd on a grid; acc = -|log10(lr) + 3| + wd.
    let mut text = String::from("lr,wd,acc\n");
    let lrs: Vec<f64> = (0..40)
        .map(|i| 10f64.powf(-5.0 + 4.0 * i as f64 / 39.0))
        .collect();
    for (i, lr) in lrs.iter().enumerate() {
        let wd = [0.0, 0.1][i % 2];
        let acc = -(lr.log10() + 3.0).abs() + wd;
        text.push_str(&format!("{lr},{wd},{acc}\n"));
    }
    let sweep = open(&text);
    let bins = sweep.bins("lr").expect("lr is binned");
    assert!(bins.log);
    assert_eq!(bins.labels.first().unwrap(), "1e-5–3e-5");
    assert_eq!(bins.labels.last().unwrap(), "0.03–0.1");
    assert_eq!(bins.labels.len(), 8);
    assert!(sweep.bins("wd").is_none());
    let mut mean_view = View {
        metric: "acc".into(),
        x: "lr".into(),
        y: "wd".into(),
        ..View::default()
    };
    let projection = sweep.project(&mean_view).unwrap();
    let dataset = &projection.dataset;
    assert_eq!(dataset.x.labels, bins.labels);
    assert!(!dataset.x.is_numeric());
    // Hand mean of the runs of the first bin with wd = 0.
    let expected: Vec<f64> = lrs
        .iter()
        .enumerate()
        .filter(|(i, lr)| i % 2 == 0 && **lr < 3e-5)
        .map(|(_, lr)| -(lr.log10() + 3.0).abs())
        .collect();
    let hand = expected.iter().sum::<f64>() / expected.len() as f64;
    close(mean_at(dataset, 0, "1e-5–3e-5", "0"), hand);
    assert_eq!(dataset.replicate.as_deref(), Some("lr"));
    // Runs per cell, counted by hand from the edges.
    let edges = [1e-5, 3e-5, 1e-4, 3e-4, 1e-3, 3e-3, 1e-2, 3e-2, 1e-1];
    let mut counts = [[0usize; 2]; 8];
    for (i, lr) in lrs.iter().enumerate() {
        let bin = (0..8).rev().find(|&b| *lr >= edges[b]).unwrap();
        counts[bin][i % 2] += 1;
    }
    let all: Vec<usize> = counts
        .iter()
        .flatten()
        .copied()
        .filter(|&c| c > 0)
        .collect();
    let (low, high) = (all.iter().min().unwrap(), all.iter().max().unwrap());
    assert_eq!(
        projection.description,
        format!(
            "lr in 8 log-spaced bins, each the mean of its runs; {low} to {high} runs per cell"
        )
    );
    mean_view.bins = BinPick::Best;
    let best = sweep.project(&mean_view).unwrap();
    let top = expected.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    close(mean_at(&best.dataset, 0, "1e-5–3e-5", "0"), top);
    assert!(best
        .description
        .starts_with("lr in 8 log-spaced bins, each its best run"));
}

#[test]
fn a_ten_parameter_ten_thousand_run_table_projects() {
    // p0..p9 with 4 values each (run r takes (r / 4^k) % 4, cycling), seed, acc = sum of
    // values / 100 + seed / 1000: fixed cells are the runs they name.
    let mut text = String::from("p0,p1,p2,p3,p4,p5,p6,p7,p8,p9,seed,acc\n");
    let mut values_of = Vec::new();
    for run in 0..10_000usize {
        let values: Vec<usize> = (0..10)
            .map(|k| (run * (k + 1) + run / (k + 3)) % 4)
            .collect();
        let seed = run % 3;
        let acc = values.iter().sum::<usize>() as f64 / 100.0 + seed as f64 / 1000.0;
        for v in &values {
            text.push_str(&format!("{v},"));
        }
        text.push_str(&format!("{seed},{acc}\n"));
        values_of.push((values, seed, acc));
    }
    let sweep = open(&text);
    assert_eq!(sweep.columns_with(Role::Parameter).len(), 10);
    let mut view = sweep.default_view().unwrap();
    let fixed: Vec<(String, Choice)> = view.others.clone().into_iter().collect();
    assert_eq!(fixed.len(), 8);
    let projection = sweep.project(&view).unwrap();
    let (x, y) = (
        view.x.trim_start_matches('p').parse::<usize>().unwrap(),
        view.y.trim_start_matches('p').parse::<usize>().unwrap(),
    );
    // Every cell's mean is the mean of the runs it names.
    let fixed_values: Vec<(usize, usize)> = fixed
        .iter()
        .map(|(name, choice)| match choice {
            Choice::Fixed(v) => (
                name.trim_start_matches('p').parse().unwrap(),
                v.parse().unwrap(),
            ),
            other => panic!("{other:?}"),
        })
        .collect();
    let dataset = &projection.dataset;
    for xv in 0..4usize {
        for yv in 0..4usize {
            let runs: Vec<f64> = values_of
                .iter()
                .filter(|(values, _, _)| {
                    values[x] == xv
                        && values[y] == yv
                        && fixed_values.iter().all(|&(k, v)| values[k] == v)
                })
                .map(|r| r.2)
                .collect();
            let cell = mean_at(dataset, 0, &xv.to_string(), &yv.to_string());
            match runs.len() {
                0 => assert_eq!(cell, None),
                n => close(cell, runs.iter().sum::<f64>() / n as f64),
            }
        }
    }
    // Mean over everything else: every run is in a cell.
    for choice in view.others.values_mut() {
        *choice = Choice::Mean;
    }
    let projection = sweep.project(&view).unwrap();
    let total: u32 = projection.cells.iter().map(|c| c.shown).sum();
    assert_eq!(total, 10_000);
}

/// Every bundled sweep, written as tidy CSV, projects by default to the dataset `load_csv`
/// gives.
#[test]
fn two_parameter_files_project_to_the_load_csv_dataset() {
    for file in [
        "kv-cache-sweep.json",
        "kv-cache-averages.json",
        "partial-r1-qwen.json",
    ] {
        let path = format!("{}/www/data/{file}", env!("CARGO_MANIFEST_DIR"));
        let dataset = load_json(&std::fs::read_to_string(path).unwrap()).unwrap();
        let csv = to_csv(&dataset);
        let expected = load_csv(&csv, &CsvOptions::default()).unwrap();
        let sweep = open(&csv);
        let view = sweep.default_view().unwrap();
        assert!(view.others.is_empty(), "{file}");
        let projection = sweep.project(&view).unwrap();
        assert_eq!(
            projection.dataset.shows.as_ref(),
            Some(&projection.description)
        );
        let unsaid = Dataset {
            shows: None,
            caption: None,
            ..projection.dataset
        };
        assert_eq!(unsaid, expected, "{file}");
    }
}

fn grid_csv() -> impl Strategy<Value = (String, bool)> {
    (
        // Labels that are not missing markers: a run table reads `NA` or `none` in any column
        // as missing, where the tidy loader takes it as an axis value.
        prop::collection::vec("y[a-z]{0,2}|[0-9]{1,3}|0\\.[0-9]", 1..5),
        prop::collection::vec("X[A-Z]?|[0-9]{1,2}", 1..5),
        1usize..3,
        any::<bool>(),
        prop::collection::vec(prop::option::weighted(0.85, -100.0f64..100.0), 64),
        -100.0f64..100.0,
    )
        .prop_map(|(ys, xs, seeds, header_seed, mut values, first)| {
            // One value at least: a metric with every value missing is an error.
            values[0] = Some(first);
            let dedupe = |v: Vec<String>| -> Vec<String> {
                let mut out: Vec<String> = Vec::new();
                for item in v {
                    let number = item.parse::<f64>().ok();
                    if !out.iter().any(|o| {
                        *o == item || (number.is_some() && o.parse::<f64>().ok() == number)
                    }) {
                        out.push(item);
                    }
                }
                out
            };
            let (ys, xs) = (dedupe(ys), dedupe(xs));
            let with_seed = header_seed || seeds > 1;
            let mut text = String::from(if with_seed {
                "depth,width,seed,score\n"
            } else {
                "depth,width,score\n"
            });
            let mut k = 0;
            for y in &ys {
                for x in &xs {
                    for seed in 0..seeds {
                        let value = values[k % values.len()];
                        k += 1;
                        let value = value.map_or(String::new(), |v| format!("{v}"));
                        if with_seed {
                            text.push_str(&format!("{y},{x},{seed},{value}\n"));
                        } else {
                            text.push_str(&format!("{y},{x},{value}\n"));
                        }
                    }
                }
            }
            (text, with_seed)
        })
}

proptest! {
    /// Any two-parameter grid (with or without seeds, with missing values) projects to the very
    /// dataset `load_csv` gives.
    #[test]
    fn two_parameter_grids_are_load_csv(case in grid_csv()) {
        let (text, _) = case;
        let expected = load_csv(&text, &CsvOptions::default()).unwrap();
        let sweep = open(&text);
        let projection = sweep.project(&sweep.default_view().unwrap()).unwrap();
        let unsaid = Dataset { shows: None, caption: None, ..projection.dataset };
        prop_assert_eq!(unsaid, expected);
    }
}

// What the explorer's run-table controls and tooltips read from the core.

fn rows(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(name, text)| (name.to_string(), text.to_string()))
        .collect()
}

/// The tooltip rows of every cell of a projection of SMALL, in the dataset's cell order.
fn all_rows(sweep: &Sweep, others: &[(&str, Choice)]) -> Vec<Vec<(String, String)>> {
    let projection = sweep.project(&view("a", "b", others)).unwrap();
    projection
        .cells
        .iter()
        .map(|cell| projection.view.cell_rows(&projection.best_over, cell))
        .collect()
}

#[test]
fn tooltip_rows_say_each_choice_and_the_winning_values() {
    let sweep = open(SMALL);
    // Best over c: per cell (y = x then y, a = 1 then 2) the value of c that won.
    let best = all_rows(&sweep, &[("c", Choice::Best)]);
    let won = |value: &str| {
        rows(&[
            ("c", &format!("{value} (won in this cell)")),
            (
                "Runs in the cell",
                "2, 1 of them the winning configuration's",
            ),
        ])
    };
    assert_eq!(best, [won("q"), won("p"), won("q"), won("p")]);
    let fixed = all_rows(&sweep, &[("c", Choice::Fixed("p".into()))]);
    assert!(fixed
        .iter()
        .all(|r| *r == rows(&[("c", "p (fixed)"), ("Runs in the cell", "1")])));
    let mean = all_rows(&sweep, &[("c", Choice::Mean)]);
    assert!(mean
        .iter()
        .all(|r| *r == rows(&[("c", "mean over its values"), ("Runs in the cell", "2")])));
    // A facet is the panel's title, not a row.
    let facet = all_rows(&sweep, &[("c", Choice::Facet)]);
    assert_eq!(facet.len(), 8);
    assert!(facet
        .iter()
        .all(|r| *r == rows(&[("Runs in the cell", "1")])));
}

#[test]
fn tooltip_rows_for_empty_and_partly_measured_cells() {
    // a = 2, b = y has one run without the metric; a = 2, b = x no run at all.
    let sweep = open("a,b,c,acc\n1,x,p,0.1\n1,y,p,0.3\n2,y,p,\n2,y,q,0.4\n1,x,q,0.2\n1,y,q,0.5\n");
    let fixed = all_rows(&sweep, &[("c", Choice::Mean)]);
    let runs: Vec<&str> = fixed.iter().map(|r| r[1].1.as_str()).collect();
    assert_eq!(runs, ["2", "none", "2", "2, 1 of them measured"]);
    let projection = sweep
        .project(&view("a", "b", &[("c", Choice::Best)]))
        .unwrap();
    let empty = sweepmap::table::CellRuns {
        runs: 0,
        shown: 0,
        winner: None,
    };
    assert_eq!(
        projection.view.cell_rows(&projection.best_over, &empty),
        rows(&[("Runs in the cell", "none")])
    );
}

#[test]
fn tooltip_rows_name_every_other_parameter_in_name_order() {
    let text = "lr,wd,opt,bs,acc\n\
                1,0,adam,32,0.5\n\
                1,0,sgd,64,0.7\n\
                2,0,adam,64,0.6\n\
                2,0,sgd,32,0.4\n\
                1,1,adam,64,0.3\n\
                2,1,sgd,64,0.2\n";
    let sweep = open(text);
    let projection = sweep
        .project(&View {
            metric: "acc".into(),
            x: "lr".into(),
            y: "wd".into(),
            others: NameMap::from([
                ("opt".to_string(), Choice::Best),
                ("bs".to_string(), Choice::Fixed("64".into())),
            ]),
            ..View::default()
        })
        .unwrap();
    // lr = 1, wd = 0 with bs = 64: one run, sgd.
    let first = projection
        .view
        .cell_rows(&projection.best_over, &projection.cells[0]);
    assert_eq!(
        first,
        rows(&[
            ("bs", "64 (fixed)"),
            ("opt", "sgd (won in this cell)"),
            ("Runs in the cell", "1"),
        ])
    );
}

#[test]
fn parameter_values_come_in_axis_order() {
    // Numbers first seen 4, 1, 2, 3 (as an Optuna study samples them) come back ascending;
    // text keeps the order it was first seen in.
    let text =
        "layers,opt,lr,acc\n4,sgd,1,0.1\n1,adam,2,0.2\n2,sgd,1,0.3\n3,adam,2,0.4\n4,adam,1,0.5\n";
    let sweep = open(text);
    assert_eq!(
        sweep.parameter_values("layers").unwrap(),
        ["1", "2", "3", "4"]
    );
    assert_eq!(sweep.parameter_values("opt").unwrap(), ["sgd", "adam"]);
    assert_eq!(sweep.parameter_values("acc"), None);
    let dataset = sweep
        .project(&View {
            metric: "acc".into(),
            x: "layers".into(),
            y: "lr".into(),
            ..View::default()
        })
        .unwrap()
        .dataset;
    assert_eq!(sweep.parameter_values("layers").unwrap(), dataset.x.labels);
}

#[test]
fn main_effect_shares_are_labelled_as_percentages() {
    let sweep = open(SMALL);
    let effects = sweep.main_effects("acc").unwrap();
    let labels: Vec<(&str, &str)> = effects
        .iter()
        .map(|e| (e.label.as_str(), e.share_label.as_str()))
        .collect();
    // b: 0.08 of 0.25375 is 31.5 %; a and c: 0.03125 of 0.25375 is 12.3 %.
    assert_eq!(labels, [("b", "32 %"), ("a", "12 %"), ("c", "12 %")]);
    // The page's words for them, under a control and in the column panel.
    assert_eq!(effects[0].hint, "Main effect: 32 % of the variance");
    assert_eq!(effects[0].brief, "main effect 32 %");
}

#[test]
fn the_column_panel_heading_and_notice_count_the_columns_and_the_roles_to_check() {
    assert_eq!(open(SMALL).columns_heading(), "Columns (4)");
    // "out" is the metric by being the last column of numbers: a guess to check.
    let unsure =
        open("p,q,r,out\n1,2,3,0.5\n2,3,4,0.6\n1,3,4,0.7\n2,2,3,0.1\n1,2,4,0.2\n2,3,3,0.3\n");
    assert_eq!(unsure.columns_heading(), "Columns (4) · 1 to check");
    // The page's notice, beside its button to the panel, only then.
    assert_eq!(open(SMALL).columns_notice(), None);
    assert_eq!(
        unsure.columns_notice(),
        Some("Some columns' roles are best guesses: fix them in the column panel.")
    );
}

proptest! {
    /// Parameter values in axis order: whatever the order numbers are first seen in, the values come back sorted, each once,
    /// as the axis drawing them shows them (at most 7 values: never binned).
    #[test]
    fn numeric_parameter_values_are_sorted(levels in proptest::collection::vec(0u32..7, 2..30)) {
        let mut text = String::from("p,q,acc\n");
        for (run, level) in levels.iter().enumerate() {
            text.push_str(&format!("{level},{},{}\n", run % 2, run));
        }
        let distinct: std::collections::BTreeSet<u32> = levels.iter().copied().collect();
        prop_assume!(distinct.len() >= 2);
        let sweep = open(&text);
        let values = sweep.parameter_values("p").unwrap();
        let expected: Vec<String> = distinct.iter().map(u32::to_string).collect();
        prop_assert_eq!(values, expected);
    }
}

/// Runs without a value of a facet (a facet column, or a parameter chosen as a facet) are left
/// out and counted in a notice naming the column, as runs without an axis value are.
#[test]
fn runs_without_a_facet_value_are_left_out_and_said() {
    let text = "model,a,b,c,acc\n\
                m1,1,x,p,0.1\n\
                m1,2,x,p,0.2\n\
                m1,1,y,q,0.3\n\
                ,2,y,p,0.4\n\
                NA,1,x,q,0.5\n\
                m2,2,x,,0.05\n\
                m2,,y,q,0.6\n\
                m2,2,y,q,0.35\n";
    let sweep = open(text);
    let projection = sweep
        .project(&view("a", "b", &[("c", Choice::Facet)]))
        .unwrap();
    assert_eq!(
        projection.notices,
        [
            "1 run without a value of \"a\" left out",
            "2 runs without a value of \"model\" left out",
            "1 run without a value of \"c\" left out",
        ]
    );
    let dataset = &projection.dataset;
    assert_eq!(dataset.models.levels, ["m1", "m2"]);
    assert_eq!(dataset.benchmarks.levels, ["c = p", "c = q"]);
    // 8 runs: 4 left out, 4 drawn.
    let drawn: u32 = projection.cells.iter().map(|cell| cell.runs).sum();
    assert_eq!(drawn, 4);
    close(mean_at(dataset, 3, "2", "y"), 0.35);
}

/// The limits of README "Limits", checked before what they count is held: columns from the
/// header (or as a JSON run names them), runs as they are read, a parameter's values before its
/// axis is built; each message names the count and the limit.
#[test]
fn run_table_limits_name_the_count_and_the_limit() {
    let error = |text: &str| {
        open_sweep(text, &TableOptions::default())
            .unwrap_err()
            .to_string()
    };
    let header: Vec<String> = (0..10_001).map(|k| format!("c{k}")).collect();
    assert_eq!(
        error(&format!("{}\n", header.join(","))),
        "the data need 10,001 columns in a run table; the limit is 10,000"
    );
    let run: Vec<String> = (0..10_001).map(|k| format!("\"c{k}\": 1")).collect();
    assert_eq!(
        error(&format!("[{{{}}}]", run.join(", "))),
        "the data need 10,001 columns in a run table (or more); the limit is 10,000: keep the \
         parameters, metrics and facets in the runs and leave the other fields out"
    );
    let mut rows = String::from("a,b,acc\n");
    for k in 0..1_000_001u32 {
        rows.push_str(if k % 2 == 0 { "1,2,3\n" } else { "2,1,4\n" });
    }
    assert_eq!(
        error(&rows),
        "the data need 1,000,001 or more runs in a run table; the limit is 1,000,000 (what a \
         browser tab holds): reduce the runs where they live to one row per configuration, e.g. \
         python -m sweepmap reduce FILE --metric M -o runs.csv, and open runs.csv (README \
         \"Larger than a tab\")"
    );
    // A text parameter of 1,001 values on an axis (text is never binned).
    let mut text = String::from("name,b,acc\n");
    for k in 0..1_001 {
        text.push_str(&format!("n{k},1,0.5\nn{k},2,0.6\n"));
    }
    let sweep = open(&text);
    assert_eq!(
        sweep
            .project(&view("name", "b", &[]))
            .unwrap_err()
            .to_string(),
        "the data need 1,001 values of parameter \"name\"; the limit is 1,000"
    );
}

/// What views share is worked out once per sweep (per metric and direction): a sweep that has
/// projected views projects the next as a fresh one does, in either direction.
#[test]
fn views_after_the_first_project_as_on_a_fresh_sweep() {
    let sweep = open(SMALL);
    let higher = sweep.project(&view("b", "c", &[])).unwrap();
    assert_eq!(
        higher.view.others,
        NameMap::from([("a".to_string(), Choice::Fixed("1".into()))])
    );
    let lower = View {
        direction: Some(Direction::Lower),
        ..view("b", "c", &[])
    };
    let low = sweep.project(&lower).unwrap();
    assert_eq!(
        low.view.others,
        NameMap::from([("a".to_string(), Choice::Fixed("2".into()))])
    );
    assert_eq!(low, open(SMALL).project(&lower).unwrap());
    assert_eq!(sweep.project(&view("b", "c", &[])).unwrap(), higher);
    assert_eq!(
        sweep.default_view().unwrap(),
        open(SMALL).default_view().unwrap()
    );
    assert_eq!(
        sweep.main_effects("acc").unwrap(),
        open(SMALL).main_effects("acc").unwrap()
    );
}

/// The explorer's run-table selects are built from `tableChoices()`: every role, choice,
/// direction and binned-cell mode as the view words them (each read back as the view reads
/// it), with the label the page shows, in the page's order, and the direction's two hints.
#[test]
fn table_choices_are_the_view_words_with_their_labels() {
    use sweepmap::table::TABLE_CHOICES;
    let json = serde_json::to_value(&TABLE_CHOICES).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "roles": [
                ["parameter", "Parameter"],
                ["metric", "Metric"],
                ["facet", "Panels (facet)"],
                ["replicate", "Replicate"],
                ["ignore", "Ignored"],
            ],
            "others": [
                ["fixed", "Fixed at a value"],
                ["best", "Best over its values"],
                ["mean", "Mean over its values"],
                ["facet", "Panels by its values"],
            ],
            "directions": [["higher", "Higher is better"], ["lower", "Lower is better"]],
            "bins": [["mean", "The mean of their runs"], ["best", "Their best run"]],
            "directionChosen": "As chosen",
            "directionInferred": "Inferred from the metric",
        })
    );
    // Every role, in the order messages list them; each word is the one the options take.
    let roles: Vec<Option<Role>> = TABLE_CHOICES
        .roles
        .iter()
        .map(|[word, _]| Role::named(word))
        .collect();
    assert_eq!(roles, Role::ALL.map(Some));
    // Each choice word is read by a view as that choice ("fixed" with a value).
    let read = |word: &str| -> Choice {
        let value = match word {
            "fixed" => serde_json::json!({ "fixed": "64" }),
            word => serde_json::json!(word),
        };
        serde_json::from_value(value).unwrap()
    };
    let choices: Vec<Choice> = TABLE_CHOICES
        .others
        .iter()
        .map(|[word, _]| read(word))
        .collect();
    assert_eq!(
        choices,
        [
            Choice::Fixed("64".into()),
            Choice::Best,
            Choice::Mean,
            Choice::Facet
        ]
    );
    // A direction's word and its label each read as it; a bins word reads and writes as itself.
    let directions: Vec<_> = TABLE_CHOICES
        .directions
        .iter()
        .map(|[word, label]| (Direction::parse(word), Direction::parse(label)))
        .collect();
    let (higher, lower) = (Some(Direction::Higher), Some(Direction::Lower));
    assert_eq!(directions, [(higher, higher), (lower, lower)]);
    let bins: Vec<BinPick> = TABLE_CHOICES
        .bins
        .iter()
        .map(|[word, _]| serde_json::from_value(serde_json::json!(word)).unwrap())
        .collect();
    assert_eq!(bins, [BinPick::Mean, BinPick::Best]);
    assert_eq!(serde_json::to_value(BinPick::Best).unwrap(), "best");
}
