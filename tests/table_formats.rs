//! The real-world sweep formats on their synthetic fixtures (tests/fixtures/make-sweeps.mjs):
//! recognition, roles with reasons, runs left out, and the default view.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use sweepmap::table::{open_sweep, Choice, Format, NameMap, Sweep, TableOptions};
use sweepmap::Direction;

fn fixture(name: &str) -> Sweep {
    open_sweep(&common::sweep_fixture(name), &TableOptions::default()).unwrap()
}

/// "column (label): role, because".
fn roles(sweep: &Sweep) -> Vec<String> {
    sweep
        .roles
        .iter()
        .map(|r| {
            format!(
                "{} ({}): {}, {}",
                r.column,
                r.label,
                r.role.as_str(),
                r.because
            )
        })
        .collect()
}

#[test]
fn a_wandb_runs_export_opens_with_its_finished_runs() {
    let sweep = fixture("synthetic-wandb-runs.csv");
    assert_eq!(sweep.format, Format::Wandb);
    assert_eq!(
        sweep.notices,
        ["3 of 36 runs were not finished and were left out (1 crashed, 1 running, 1 failed)"]
    );
    assert_eq!((sweep.runs_in_file, sweep.table.runs()), (36, 33));
    let bookkeeping = [
        "Name", "State", "Notes", "User", "Tags", "Created", "Runtime", "Sweep",
    ]
    .map(|name| format!("{name} ({name}): ignore, W&B bookkeeping"));
    let mut expected: Vec<String> = bookkeeping.to_vec();
    expected.extend(
        [
            "batch_size (batch_size): parameter, numbers with 3 values",
            "lr (lr): parameter, numbers with 3 values",
            "optimizer (optimizer): ignore, constant",
            "seed (seed): replicate, named like a replicate",
            "warmup_steps (warmup_steps): parameter, numbers with 2 values",
            "train/loss (train/loss): metric, W&B summary metric",
            "val/acc (val/acc): metric, W&B summary metric",
            "_runtime (_runtime): ignore, W&B bookkeeping",
            "_step (_step): ignore, W&B bookkeeping",
            "_timestamp (_timestamp): ignore, W&B bookkeeping",
            "_wandb (_wandb): ignore, W&B bookkeeping",
        ]
        .map(String::from),
    );
    assert_eq!(roles(&sweep), expected);
    let view = sweep.default_view().unwrap();
    assert_eq!(view.metric, "val/acc");
    assert_eq!(view.direction, Some(Direction::Higher));
    let effects = sweep.main_effects("val/acc").unwrap();
    let order: Vec<&str> = effects.iter().map(|e| e.parameter.as_str()).collect();
    assert_eq!(order, ["lr", "batch_size", "warmup_steps"]);
    assert_eq!((view.x.as_str(), view.y.as_str()), ("lr", "batch_size"));
    assert_eq!(
        view.others,
        NameMap::from([("warmup_steps".to_string(), Choice::Fixed("500".into()))])
    );
    let projection = sweep.project(&view).unwrap();
    assert_eq!(
        projection.description,
        "warmup_steps = 500 (fixed at the best run's); 1 to 2 runs per cell"
    );
    assert_eq!(projection.dataset.metric.name, "val/acc");
    assert_eq!(projection.dataset.x.labels, ["0.0001", "0.0003", "0.001"]);
    assert_eq!(projection.dataset.y.labels, ["32", "64", "128"]);
    assert_eq!(projection.dataset.replicate.as_deref(), Some("seed"));
}

/// A multi-objective study: every `values_<k>` is a metric, each minimised unless told
/// otherwise (Optuna's default), the projection saying so in its view (issue 13).
#[test]
fn a_multi_objective_optuna_study_has_a_metric_per_objective_each_minimised() {
    let mut text = String::from("number,values_0,values_1,params_lr,params_wd,state\n");
    let mut number = 0;
    for lr in ["0.001", "0.01", "0.1"] {
        for wd in ["0", "0.1"] {
            let loss = lr.parse::<f64>().unwrap() + wd.parse::<f64>().unwrap();
            text.push_str(&format!(
                "{number},{loss},{},{lr},{wd},COMPLETE\n",
                2.0 - loss
            ));
            number += 1;
        }
    }
    text.push_str(&format!("{number},,,0.5,0.5,PRUNED\n"));
    let sweep = open_sweep(&text, &TableOptions::default()).unwrap();
    assert_eq!(sweep.format, Format::Optuna);
    assert_eq!(
        sweep.notices,
        ["1 of 7 trials were not complete and were left out (1 PRUNED)"]
    );
    assert_eq!(
        roles(&sweep),
        [
            "number (number): ignore, Optuna bookkeeping",
            "values_0 (values_0): metric, Optuna objective",
            "values_1 (values_1): metric, Optuna objective",
            "params_lr (lr): parameter, Optuna params_ column",
            "params_wd (wd): parameter, Optuna params_ column",
            "state (state): ignore, Optuna bookkeeping",
        ]
    );
    let view = sweep.default_view().unwrap();
    assert_eq!(view.metric, "values_0");
    assert_eq!(view.direction, Some(Direction::Lower));
    for metric in ["values_0", "values_1"] {
        let asked = sweepmap::table::View {
            metric: metric.to_string(),
            direction: None,
            ..view.clone()
        };
        let projection = sweep.project(&asked).unwrap();
        assert_eq!(
            projection.view.direction,
            Some(Direction::Lower),
            "{metric}"
        );
        assert_eq!(
            projection.dataset.metric.direction,
            Direction::Lower,
            "{metric}"
        );
    }
}

#[test]
fn an_optuna_trials_dataframe_opens_with_its_complete_trials() {
    let sweep = fixture("synthetic-optuna-trials.csv");
    assert_eq!(sweep.format, Format::Optuna);
    assert_eq!(
        sweep.notices,
        ["5 of 40 trials were not complete and were left out (4 PRUNED, 1 FAIL)"]
    );
    assert_eq!(
        roles(&sweep),
        [
            "(index) ((index)): ignore, pandas row index",
            "number (number): ignore, Optuna bookkeeping",
            "value (value): metric, Optuna objective",
            "datetime_start (datetime_start): ignore, Optuna bookkeeping",
            "datetime_complete (datetime_complete): ignore, Optuna bookkeeping",
            "duration (duration): ignore, Optuna bookkeeping",
            "params_dropout (dropout): parameter, Optuna params_ column",
            "params_lr (lr): parameter, Optuna params_ column",
            "params_n_layers (n_layers): parameter, Optuna params_ column",
            "params_optimizer (optimizer): parameter, Optuna params_ column",
            "user_attrs_accuracy (accuracy): metric, Optuna user attribute",
            "user_attrs_synthetic (synthetic): ignore, Optuna user attribute",
            "state (state): ignore, Optuna bookkeeping",
        ]
    );
    let view = sweep.default_view().unwrap();
    // Optuna minimises unless told otherwise; the user attribute is guessed from its name.
    assert_eq!(view.metric, "value");
    assert_eq!(view.direction, Some(Direction::Lower));
    assert_eq!((view.x.as_str(), view.y.as_str()), ("lr", "dropout"));
    assert_eq!(
        view.others,
        NameMap::from([
            ("n_layers".to_string(), Choice::Best),
            ("optimizer".to_string(), Choice::Best),
        ])
    );
    let lr = sweep.bins("lr").unwrap();
    assert!(lr.log);
    assert_eq!(lr.labels.first().unwrap(), "1e-5–3e-5");
    let projection = sweep.project(&view).unwrap();
    assert_eq!(projection.dataset.x.name, "lr");
    assert_eq!(projection.dataset.x.labels, lr.labels);
    assert!(projection.description.starts_with(
        "best over n_layers, optimizer (values differ per cell: hover to see); the best of up \
         to "
    ));
    assert!(projection
        .description
        .contains("is biased low, and its standard error does not count the selection; lr in 8 log-spaced bins, each the mean of its runs; dropout in 10 equal bins, each the mean of its runs"));
    // Every complete trial is in one cell; each shown cell names its winning values.
    let runs: u32 = projection.cells.iter().map(|c| c.runs).sum();
    assert_eq!(runs, 35);
    assert!(projection
        .cells
        .iter()
        .filter(|c| c.shown > 0)
        .all(|c| c.winner.as_ref().is_some_and(|w| w.len() == 2)));
    let mut maximise = view.clone();
    maximise.metric = "accuracy".into();
    maximise.direction = None;
    assert_eq!(
        sweep.project(&maximise).unwrap().view.direction,
        Some(Direction::Higher)
    );
}

/// The row index pandas writes, as the files that went through pandas or polars again name it:
/// a blank first name (pandas' `to_csv`), a quoted blank (polars' `write_csv`), or `Unnamed: 0`
/// (pandas' `read_csv` then `to_csv`). Each is ignored as the index, never a parameter.
#[test]
fn the_pandas_index_is_ignored_however_it_was_written_again() {
    let text = common::sweep_fixture("synthetic-optuna-trials.csv");
    let body = text.strip_prefix(',').unwrap();
    for (first, shown) in [
        ("", "(index)"),
        ("\"\"", "(index)"),
        ("Unnamed: 0", "Unnamed: 0"),
    ] {
        let sweep = open_sweep(&format!("{first},{body}"), &TableOptions::default()).unwrap();
        assert_eq!(
            roles(&sweep)[0],
            format!("{shown} ({shown}): ignore, pandas row index"),
            "{first}"
        );
        assert_eq!(sweep.format, Format::Optuna);
        assert!(sweep
            .roles
            .iter()
            .filter(|r| r.role.as_str() == "parameter")
            .all(|r| r.column.starts_with("params_")));
    }
    // A name that only looks alike is a column like any other.
    let sweep = open_sweep(
        "Unnamed: x,lr,acc\n1,0.1,0.5\n2,0.2,0.6\n3,0.1,0.7\n",
        &TableOptions::default(),
    )
    .unwrap();
    assert_ne!(
        roles(&sweep)[0],
        "Unnamed: x (Unnamed: x): ignore, pandas row index"
    );
}

/// The JSON table form: runs as objects (what `json.dumps(df.to_dict("records"))` writes), or
/// `{"runs": [...], "roles": {...}}`; read as the same CSV would be, columns in file order.
#[test]
fn the_json_table_form_opens_as_its_csv_does() {
    let csv = "wd,lr,seed,val_acc\n0,0.1,0,0.5\n0,0.1,1,0.52\n0,0.01,0,0.6\n1,0.1,0,0.7\n\
               1,0.01,0,\n1,0.01,1,0.81\n";
    let records = r#"[
      {"wd": 0, "lr": 0.1, "seed": 0, "val_acc": 0.5},
      {"wd": 0, "lr": 0.1, "seed": 1, "val_acc": 0.52},
      {"wd": 0, "lr": 0.01, "seed": 0, "val_acc": 0.6},
      {"wd": 1, "lr": 0.1, "seed": 0, "val_acc": 0.7},
      {"wd": 1, "lr": 0.01, "seed": 0, "val_acc": null},
      {"lr": 0.01, "wd": 1, "seed": 1, "val_acc": 0.81}
    ]"#;
    let options = TableOptions::default();
    let from_csv = open_sweep(csv, &options).unwrap();
    let from_json = open_sweep(records, &options).unwrap();
    assert_eq!(from_json.table.names(), ["wd", "lr", "seed", "val_acc"]);
    assert_eq!(from_json.roles, from_csv.roles);
    let project = |sweep: &Sweep| sweep.project(&sweep.default_view().unwrap()).unwrap();
    assert_eq!(project(&from_json).dataset, project(&from_csv).dataset);
    assert_eq!(project(&from_json).description, "1 to 2 runs per cell");

    // The object form: roles from the file (the options' win), a missing field missing.
    let object = r#"{"roles": {"seed": "parameter", "wd": "facet"},
      "runs": [{"wd": "a", "lr": 1, "seed": 0, "score": 3},
               {"wd": "a", "lr": 2, "seed": 1, "score": 4},
               {"wd": "b", "lr": 1, "seed": 1},
               {"wd": "b", "lr": 2, "seed": 0, "score": 6.5}]}"#;
    let sweep = open_sweep(object, &options).unwrap();
    let role =
        |sweep: &Sweep, k: usize| (sweep.roles[k].role.as_str(), sweep.roles[k].because.clone());
    assert_eq!(role(&sweep, 0), ("facet", "named in the roles".to_string()));
    assert_eq!(
        role(&sweep, 2),
        ("parameter", "named in the roles".to_string())
    );
    let projection = project(&sweep);
    assert_eq!(projection.dataset.models.levels, ["a", "b"]);
    assert_eq!(sweep.table.columns[3].missing(), 1);
    let mut named = TableOptions::default();
    named
        .roles
        .insert("wd".into(), sweepmap::table::Role::Ignore);
    let sweep = open_sweep(object, &named).unwrap();
    assert_eq!(role(&sweep, 0).0, "ignore");
}

#[test]
fn the_json_table_form_says_what_is_wrong_and_where() {
    let error = |text: &str| {
        open_sweep(text, &TableOptions::default())
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        error(r#"{"runs": [{"lr": 1, "acc": 2}], "rols": {}}"#),
        "field \"rols\": expected a field of the runs form (\"runs\" or \"roles\")"
    );
    assert_eq!(
        error(r#"[{"lr": 1, "acc": [2]}]"#),
        "field \"[0][\"acc\"]\": expected a number, a string, true, false or null"
    );
    assert_eq!(
        error("[{\"lr\": 1, \"acc\": 2},\n 3]"),
        "field \"[1]\": expected a run: an object of column values"
    );
    assert_eq!(error("[]"), "field \"runs\": expected at least one run");
    assert_eq!(
        error(r#"[{"lr": 1, "acc": NaN}]"#),
        "JSON line 1, column 19: expected a value: NaN (as Python's json writes a missing \
         number) is not JSON; write null (pandas: df.to_json(orient=\"records\"))"
    );
    assert_eq!(
        error(r#"{"runs": [{"lr": 1}], "roles": {"lr": "axis"}}"#),
        "field \"roles[\"lr\"]\": expected \"parameter\", \"metric\", \"facet\", \"replicate\" \
         or \"ignore\""
    );
    // Runs are named by number: JSON has no line per run.
    let sweep = open_sweep(
        r#"[{"a": 1, "b": 1, "acc": 0.5}, {"a": 2, "b": 1, "acc": "high"},
            {"a": 1, "b": 2, "acc": 0.7}, {"a": 1, "b": 2, "acc": 0.8}]"#,
        &TableOptions::default(),
    )
    .unwrap();
    assert_eq!(
        sweep.default_view().unwrap_err().to_string(),
        "field \"acc\": expected a number in every run, found \"high\" in run 2"
    );
    let sweep = open_sweep(
        r#"[{"a": 1, "b": 1, "acc": 0.5}, {"a": 2, "b": 1, "acc": 0.6},
            {"a": 1, "b": 2, "acc": 0.7}, {"a": 1, "b": 2, "acc": 0.8}]"#,
        &TableOptions::default(),
    )
    .unwrap();
    let projection = sweep.project(&sweep.default_view().unwrap()).unwrap();
    assert_eq!(
        projection.notices,
        [
            "runs 3 and 4 repeat one configuration and no column tells them apart: they are \
          treated as replicates; name a replicate column (seed) if one does"
        ]
    );
    let labels: Vec<&str> = projection.dataset.panels[0]
        .replicates
        .iter()
        .map(|r| r.label.as_str())
        .collect();
    assert!(
        labels.contains(&"run 3") && labels.contains(&"run 4"),
        "{labels:?}"
    );
    // The panel form is no run table.
    assert!(!sweepmap::table::is_json_table(
        r#"{"metric": {"name": "m"}, "panels": []}"#
    ));
    assert!(sweepmap::table::is_json_table(" [{}]"));
    assert!(sweepmap::table::is_json_table(
        "{\"roles\": {}, \"runs\": []}"
    ));
}

/// Counts in what a run table says about itself are written as the page writes counts, with
/// thousands separators: the runs read, the runs left out, the runs per cell, a cell's hover.
#[test]
fn counts_are_written_with_thousands_separators() {
    let mut text =
        String::from("Name,State,Notes,User,Tags,Created,Runtime,Sweep,lr,wd,seed,val/acc\n");
    let mut run = 0;
    for lr in ["0.001", "0.01"] {
        for wd in ["0", "0.1"] {
            for seed in 1..=1100 {
                run += 1;
                let state = if run == 7 { "crashed" } else { "finished" };
                let accuracy = 0.5 + f64::from(seed % 7) / 100.0;
                text.push_str(&format!(
                    "synthetic-{run},{state},,u,,c,1,s,{lr},{wd},{seed},{accuracy}\n"
                ));
            }
        }
    }
    let sweep = open_sweep(&text, &TableOptions::default()).unwrap();
    assert_eq!(
        sweep.notices,
        ["1 of 4,400 runs were not finished and were left out (1 crashed)"]
    );
    let projection = sweep.project(&sweep.default_view().unwrap()).unwrap();
    assert_eq!(projection.description, "1,099 to 1,100 runs per cell");
    let lines = sweep.explain(&projection);
    assert!(
        lines[1].starts_with("Read as a W&B runs export: 4,399 runs; parameters "),
        "{}",
        lines[1]
    );
    assert_eq!(lines[2], "Shown: 1,099 to 1,100 runs per cell.");
    let full = projection
        .cells
        .iter()
        .find(|cell| cell.runs == 1100)
        .unwrap();
    let rows = projection.view.cell_rows(&[], full);
    assert_eq!(
        rows.last(),
        Some(&("Runs in the cell".to_string(), "1,100".to_string()))
    );
}

/// The committed fixtures are what their script writes, and say they are synthetic.
#[test]
fn the_fixtures_are_exactly_what_their_script_writes() {
    let names = ["synthetic-wandb-runs.csv", "synthetic-optuna-trials.csv"];
    common::assert_script_writes(
        "tests/fixtures/make-sweeps.mjs",
        "the sweep fixtures",
        &names.map(String::from),
        |name| common::sweep_fixture(name).into_bytes(),
    );
    let text = common::sweep_fixture;
    assert!(text(names[0]).contains("synthetic"));
    assert!(text(names[1])
        .lines()
        .skip(1)
        .all(|line| line.contains(",synthetic fixture,")));
}
