//! Configuration tables (README "Configuration tables"): a sweep reduced to one row per
//! configuration must project to the dataset its runs give. Each fixture of
//! `tests/fixtures/sweeps/` is reduced here, in plain Rust (runs grouped by every parameter and
//! facet; per metric the count, mean and sample variance), and every view of the two is compared
//! cell for cell: count, mean, standard deviation, standard error, peak and what each cell was
//! made from.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::fmt::Write;

use sweepmap::analysis::{peak, standard_errors, value_scale};
use sweepmap::table::{open_sweep, BinPick, Choice, Format, Role, Sweep, TableOptions, View};
use sweepmap::Dataset;

use common::sweep_fixture as fixture;

/// A CSV field, quoted when it must be.
fn field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The configuration table of a sweep: one row per distinct value of its parameters and facets
/// (first-seen order), `n`, and per metric `m.n`, `m.mean`, `m.var` (two-pass variance).
fn reduce(sweep: &Sweep) -> String {
    let table = &sweep.table;
    let mut keys = sweep.columns_with(Role::Parameter);
    keys.extend(sweep.columns_with(Role::Facet));
    keys.sort_unstable();
    let metrics = sweep.columns_with(Role::Metric);
    let mut groups: Vec<(Vec<Option<String>>, Vec<usize>)> = Vec::new();
    for run in 0..table.runs() {
        let key: Vec<Option<String>> = keys
            .iter()
            .map(|&c| table.columns[c].text(run).map(str::to_string))
            .collect();
        match groups.iter_mut().find(|(known, _)| *known == key) {
            Some((_, runs)) => runs.push(run),
            None => groups.push((key, vec![run])),
        }
    }
    let mut header: Vec<String> = keys.iter().map(|&c| field(sweep.label(c))).collect();
    header.push("n".into());
    for &metric in &metrics {
        let label = sweep.label(metric);
        for statistic in ["n", "mean", "var"] {
            header.push(field(&format!("{label}.{statistic}")));
        }
    }
    let mut out = header.join(",") + "\n";
    for (key, runs) in &groups {
        let mut row: Vec<String> = key
            .iter()
            .map(|text| field(text.as_deref().unwrap_or("")))
            .collect();
        row.push(runs.len().to_string());
        for &metric in &metrics {
            let values: Vec<f64> = runs
                .iter()
                .filter_map(|&run| table.columns[metric].number(run))
                .collect();
            let n = values.len() as f64;
            row.push(values.len().to_string());
            if values.is_empty() {
                row.extend([String::new(), String::new()]);
                continue;
            }
            let mean = values.iter().sum::<f64>() / n;
            row.push(format!("{mean}"));
            if values.len() < 2 {
                row.push(String::new());
            } else {
                let squares: f64 = values.iter().map(|v| (v - mean) * (v - mean)).sum();
                row.push(format!("{}", squares / (n - 1.0)));
            }
        }
        let _ = writeln!(out, "{}", row.join(","));
    }
    out
}

fn close(a: f64, b: f64, what: &str) {
    assert!(
        (a - b).abs() <= 1e-12 * a.abs().max(b.abs()).max(1.0),
        "{what}: {a} from the runs, {b} from the configurations"
    );
}

/// The two datasets hold the same cells, standard errors and peaks.
fn assert_same_dataset(runs: &Dataset, configurations: &Dataset, what: &str) {
    assert_eq!(runs.metric, configurations.metric, "{what}: metric");
    assert_eq!(runs.x, configurations.x, "{what}: x axis");
    assert_eq!(runs.y, configurations.y, "{what}: y axis");
    assert_eq!(runs.models, configurations.models, "{what}: models");
    assert_eq!(
        runs.benchmarks, configurations.benchmarks,
        "{what}: benchmarks"
    );
    assert_eq!(runs.panels.len(), configurations.panels.len());
    let (scale_r, scale_c) = (value_scale(runs), value_scale(configurations));
    assert_eq!(scale_r, scale_c, "{what}: value scale");
    let mut present = 0;
    for (panel_r, panel_c) in runs.panels.iter().zip(&configurations.panels) {
        let (grid_r, grid_c) = (&panel_r.grid, &panel_c.grid);
        assert_eq!(grid_r.cells().len(), grid_c.cells().len());
        for (index, (r, c)) in grid_r.cells().iter().zip(grid_c.cells()).enumerate() {
            let at = format!("{what}: panel {}, cell {index}", panel_r.model);
            match (r, c) {
                (None, None) => {}
                (Some(r), Some(c)) => {
                    present += 1;
                    assert_eq!(r.count, c.count, "{at}: count");
                    close(r.mean, c.mean, &format!("{at}: mean"));
                    match (r.std_dev, c.std_dev) {
                        (None, None) => {}
                        (Some(a), Some(b)) => close(a, b, &format!("{at}: standard deviation")),
                        other => panic!("{at}: standard deviations {other:?}"),
                    }
                }
                other => panic!("{at}: {other:?}"),
            }
        }
        let errors_r = standard_errors(grid_r, None, scale_r);
        let errors_c = standard_errors(grid_c, None, scale_c);
        for (index, (r, c)) in errors_r.iter().zip(&errors_c).enumerate() {
            match (r, c) {
                (None, None) => {}
                (Some(r), Some(c)) => {
                    assert_eq!(r.source, c.source, "{what}: cell {index} error source");
                    close(
                        r.standard_error,
                        c.standard_error,
                        &format!("{what}: cell {index} standard error"),
                    );
                }
                other => panic!("{what}: cell {index} standard errors {other:?}"),
            }
        }
        let direction = runs.metric.direction;
        let (peak_r, peak_c) = (peak(grid_r, direction), peak(grid_c, direction));
        let (peak_r, peak_c) = (peak_r.unwrap(), peak_c.unwrap());
        assert_eq!(peak_r.cells, peak_c.cells, "{what}: peak cells");
        close(peak_r.value, peak_c.value, &format!("{what}: peak value"));
    }
    assert!(present > 0, "{what}: nothing drawn");
}

/// Views of a sweep: the default one, and each other parameter in turn made mean, best and a
/// facet (with the binned cells' best runs too).
fn views(sweep: &Sweep, direction_given: bool) -> Vec<View> {
    let mut base = sweep.default_view().unwrap();
    if !direction_given {
        base.direction = None;
    }
    let mut views = vec![base.clone()];
    for name in base.others.keys() {
        for choice in [Choice::Mean, Choice::Best, Choice::Facet] {
            let mut view = base.clone();
            view.others.insert(name.clone(), choice);
            views.push(view.clone());
            view.bins = BinPick::Best;
            views.push(view);
        }
    }
    views
}

/// Every view of the raw sweep and of its configuration table projects to the same dataset.
fn assert_same_views(name: &str, direction_given: bool) -> (Sweep, Sweep) {
    let raw = open_sweep(&fixture(name), &TableOptions::default()).unwrap();
    let text = reduce(&raw);
    let reduced = open_sweep(&text, &TableOptions::default()).unwrap();
    assert_eq!(reduced.format, Format::Configuration, "{text}");
    for view in views(&raw, direction_given) {
        let what = format!("{name} {view:?}");
        let from_runs = raw.project(&view).unwrap();
        let from_configurations = reduced.project(&view).unwrap();
        assert_same_dataset(&from_runs.dataset, &from_configurations.dataset, &what);
        assert_eq!(
            from_runs.cells, from_configurations.cells,
            "{what}: cell runs"
        );
        assert_eq!(from_runs.best_over, from_configurations.best_over);
        assert_eq!(
            from_runs.view, from_configurations.view,
            "{what}: resolved view"
        );
        // The configurations keep no replicates: the runs are not in the file.
        let replicates: usize = from_configurations
            .dataset
            .panels
            .iter()
            .map(|p| p.replicates.len())
            .sum();
        assert_eq!(replicates, 0, "{what}");
    }
    (raw, reduced)
}

#[test]
fn a_wandb_export_and_its_configurations_give_the_same_figures() {
    let (raw, reduced) = assert_same_views("synthetic-wandb-runs.csv", false);
    // The default view is chosen alike: the same main effects, the same best configuration.
    assert_eq!(raw.default_view().unwrap(), reduced.default_view().unwrap());
    let effects = |sweep: &Sweep| sweep.main_effects("val/acc").unwrap();
    let (effects_r, effects_c) = (effects(&raw), effects(&reduced));
    assert_eq!(effects_r.len(), effects_c.len());
    for (r, c) in effects_r.iter().zip(&effects_c) {
        assert_eq!(
            (&r.label, r.values, r.binned),
            (&c.label, c.values, c.binned)
        );
        close(r.spread, c.spread, &r.label);
        close(r.share, c.share, &r.label);
    }
    // The finished runs in 18 configurations of 1 or 2 seeds.
    assert_eq!(reduced.table.runs(), 18);
    assert_eq!(reduced.runs_in_file, raw.table.runs());
    let roles: Vec<(&str, &str, Role)> = reduced
        .roles
        .iter()
        .map(|r| (r.column.as_str(), r.label.as_str(), r.role))
        .collect();
    assert_eq!(
        roles,
        [
            ("batch_size", "batch_size", Role::Parameter),
            ("lr", "lr", Role::Parameter),
            ("warmup_steps", "warmup_steps", Role::Parameter),
            ("n", "n", Role::Ignore),
            ("train/loss.n", "train/loss.n", Role::Ignore),
            ("train/loss.mean", "train/loss", Role::Metric),
            ("train/loss.var", "train/loss.var", Role::Ignore),
            ("val/acc.n", "val/acc.n", Role::Ignore),
            ("val/acc.mean", "val/acc", Role::Metric),
            ("val/acc.var", "val/acc.var", Role::Ignore),
        ]
    );
    assert_eq!(reduced.roles[3].because, "count or variance");
    assert_eq!(reduced.roles[8].because, "mean of a configuration's runs");
    let view = reduced.default_view().unwrap();
    let projection = reduced.project(&view).unwrap();
    assert_eq!(
        reduced.explain(&projection)[1],
        "Read as a configuration table: 33 runs; parameters \"batch_size\", \"lr\", \
         \"warmup_steps\"; metrics \"train/loss\", \"val/acc\"."
    );
    // The same sentence as the runs': runs per cell in both (the configuration table keeps no
    // single runs, only their count, and a cell of runs counts runs, not seeds).
    assert_eq!(
        projection.description,
        "warmup_steps = 500 (fixed at the best run's); 1 to 2 runs per cell"
    );
    assert_eq!(
        raw.project(&view).unwrap().description,
        "warmup_steps = 500 (fixed at the best run's); 1 to 2 runs per cell"
    );
}

#[test]
fn an_optuna_study_and_its_configurations_give_the_same_figures() {
    // The objective's direction is Optuna's (minimised) in the export; a configuration table
    // names it "value", so the views carry it.
    let (raw, reduced) = assert_same_views("synthetic-optuna-trials.csv", true);
    assert_eq!(raw.format, Format::Optuna);
    assert_eq!(reduced.table.runs(), reduced.runs_in_file);
    let bins = |sweep: &Sweep| sweep.bins("lr").cloned();
    assert!(bins(&raw).is_some());
    assert_eq!(bins(&raw), bins(&reduced));
}

#[test]
fn a_configuration_of_several_runs_pools_into_one_cell() {
    // Two configurations per cell under "mean over opt": 3 runs (mean 2, variance 1) and 1 run
    // (4): 4 runs of mean 2.5, squares 2 + 3 * 0.25 + 1 * 2.25 = 5, variance 5 / 3.
    let text = "lr,bs,opt,n,acc.n,acc.mean,acc.var\n\
                0.1,16,a,3,3,2,1\n0.1,16,b,1,1,4,\n0.2,16,a,2,2,1,0\n0.1,32,a,2,0,,\n\
                0.2,32,a,1,1,3,\n";
    let sweep = open_sweep(text, &TableOptions::default()).unwrap();
    let mut view = View {
        metric: "acc".into(),
        x: "lr".into(),
        y: "bs".into(),
        ..View::default()
    };
    view.others.insert("opt".into(), Choice::Mean);
    let projection = sweep.project(&view).unwrap();
    let grid = &projection.dataset.panels[0].grid;
    let cell = grid.get(0, 0).unwrap();
    assert_eq!(cell.count, 4);
    close(cell.mean, 2.5, "pooled mean");
    close(
        cell.std_dev.unwrap(),
        (5.0f64 / 3.0).sqrt(),
        "pooled deviation",
    );
    assert_eq!(grid.get(1, 0).unwrap().std_dev, Some(0.0));
    // Two runs without the metric: counted as runs, not shown.
    assert_eq!(grid.get(0, 1), None);
    assert_eq!(
        (projection.cells[2].runs, projection.cells[2].shown),
        (2, 0)
    );
    assert_eq!(
        (projection.cells[0].runs, projection.cells[0].shown),
        (4, 4)
    );
    assert_eq!(
        projection.description,
        "mean over opt; 1 to 4 runs per cell"
    );
    // Best over opt: the configuration with the better mean (b, 4 > 2), its one run.
    view.others.insert("opt".into(), Choice::Best);
    let projection = sweep.project(&view).unwrap();
    let cell = projection.dataset.panels[0].grid.get(0, 0).unwrap();
    assert_eq!((cell.count, cell.mean, cell.std_dev), (1, 4.0, None));
    assert_eq!(projection.cells[0].winner, Some(vec!["b".to_string()]));
}

#[test]
fn a_table_without_every_statistic_is_a_table_of_runs() {
    for text in [
        "lr,bs,acc.n,acc.mean,acc.var\n0.1,1,1,2,\n0.2,2,1,3,\n",
        "lr,bs,n,acc.mean,acc.var\n0.1,1,1,2,\n0.2,2,1,3,\n",
        "lr,bs,n,acc.n,acc.mean\n0.1,1,1,1,2\n0.2,2,1,1,3\n",
    ] {
        let sweep = open_sweep(text, &TableOptions::default()).unwrap();
        assert_eq!(sweep.format, Format::Tidy, "{text}");
    }
}

#[test]
fn wrong_counts_and_variances_name_the_column_and_line() {
    let cases = [
        (
            "lr,bs,n,acc.n,acc.mean,acc.var\n0.1,1,0,0,,\n",
            "field \"n\": expected a whole number of runs, at least 1 on line 2, found \"0\"",
        ),
        (
            "lr,bs,n,acc.n,acc.mean,acc.var\n0.1,1,2,1,5,\n0.2,1,2,3,5,1\n",
            "field \"acc.n\": expected a whole number of runs, 0 to n on line 3, found \"3\"",
        ),
        (
            "lr,bs,n,acc.n,acc.mean,acc.var\n0.1,1,2,1.5,5,\n",
            "field \"acc.n\": expected a whole number of runs, 0 to n on line 2, found \"1.5\"",
        ),
        (
            "lr,bs,n,acc.n,acc.mean,acc.var\n0.1,1,2,0,5,\n",
            "field \"acc.mean\": expected a mean when the runs counted are not 0, else an empty \
             field on line 2, found \"5\"",
        ),
        (
            "lr,bs,n,acc.n,acc.mean,acc.var\n0.1,1,2,2,5,\n",
            "field \"acc.var\": expected a variance (0 or more) when 2 or more runs are counted \
             on line 2, found \"\"",
        ),
        (
            "lr,bs,n,acc.n,acc.mean,acc.var\n0.1,1,2,2,5,-1\n",
            "field \"acc.var\": expected a variance (0 or more) when 2 or more runs are counted \
             on line 2, found \"-1\"",
        ),
    ];
    for (text, message) in cases {
        let error = open_sweep(text, &TableOptions::default()).unwrap_err();
        assert_eq!(error.to_string(), message, "{text}");
    }
}

#[test]
fn the_tidy_loader_leaves_configuration_tables_to_run_tables() {
    // The page reads CSV with the tidy loader first and opens what it refuses so as a run
    // table: a configuration table must be refused so, or its means would be drawn as runs.
    let raw = open_sweep(
        &fixture("synthetic-wandb-runs.csv"),
        &TableOptions::default(),
    )
    .unwrap();
    for text in [
        reduce(&raw),
        "lr,bs,n,acc.n,acc.mean,acc.var\n0.1,16,3,3,2,1\n0.2,16,1,1,4,\n".to_string(),
        "model,lr,bs,n,acc.n,acc.mean,acc.var\nm,0.1,16,3,3,2,1\nm,0.2,16,1,1,4,\n".to_string(),
    ] {
        let error = sweepmap::load_csv(&text, &sweepmap::CsvOptions::default()).unwrap_err();
        assert!(
            sweepmap::table::opens_what_tidy_refuses(&error),
            "{text}: {error}"
        );
    }
}
