//! lm-evaluation-harness output: results JSON into a models x tasks dataset with reported
//! standard errors, per-sample logs into per-item scores, recognition, and every error.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::path::{Path, PathBuf};

use sweepmap::analysis::{
    standard_errors, value_scale, with_reported_errors, CellError, ErrorSource, ValueScale,
};
use sweepmap::figure::{prepare_figure, FigureOptions};
use sweepmap::lm_eval::{
    load_results, load_samples, recognise, Format, LoadedResults, ModelSource, ResultsFile,
    ResultsOptions, SamplesFile, SamplesOptions,
};
use sweepmap::pairwise::PairwiseDataset;
use sweepmap::{Dataset, Direction};

const DATE: &str = "2024-05-01T10-00-00.000000";
const MODELS: [&str; 3] = [
    "synthetic/model-a",
    "synthetic/model-b",
    "synthetic/model-c",
];
const TASKS: [&str; 6] = [
    "mmlu",
    "hellaswag",
    "arc_easy",
    "mmlu_abstract_algebra",
    "mmlu_anatomy",
    "mmlu_astronomy",
];

fn fixture_folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/lm-eval")
}

fn read(path: &str) -> String {
    std::fs::read_to_string(fixture_folder().join(path)).expect("a committed fixture")
}

fn results_path(model: char) -> String {
    format!("synthetic__model-{model}/results_{DATE}.json")
}

fn samples_path(model: char, task: &str) -> String {
    format!("synthetic__model-{model}/samples_{task}_{DATE}.jsonl")
}

fn load_fixture_results(options: &ResultsOptions) -> LoadedResults {
    let texts: Vec<(String, String)> = ['a', 'b', 'c']
        .into_iter()
        .map(|model| (results_path(model), read(&results_path(model))))
        .collect();
    let files: Vec<ResultsFile> = texts
        .iter()
        .map(|(name, text)| ResultsFile { name, text })
        .collect();
    load_results(&files, options).expect("the fixtures load")
}

fn results(files: &[(&str, &str)], options: &ResultsOptions) -> sweepmap::Result<LoadedResults> {
    let files: Vec<ResultsFile> = files
        .iter()
        .map(|&(name, text)| ResultsFile { name, text })
        .collect();
    load_results(&files, options)
}

fn results_error(files: &[(&str, &str)]) -> String {
    results(files, &ResultsOptions::default())
        .expect_err("an error")
        .to_string()
}

/// The value of a cell by model and task name.
fn cell(dataset: &Dataset, model: &str, task: &str) -> Option<f64> {
    let x = dataset.x.position(task).expect("a task");
    let y = dataset.y.position(model).expect("a model");
    dataset.panels[0].grid.value(x, y)
}

/// The reported standard error of a cell by model and task name.
fn reported(dataset: &Dataset, model: &str, task: &str) -> Option<f64> {
    let x = dataset.x.position(task).expect("a task");
    let y = dataset.y.position(model).expect("a model");
    dataset.panels[0].reported_errors[y * dataset.x.len() + x]
}

#[test]
fn results_files_give_models_by_tasks_with_their_standard_errors() {
    let loaded = load_fixture_results(&ResultsOptions::default());
    let dataset = &loaded.dataset;
    assert_eq!(dataset.x.name, "task");
    assert_eq!(dataset.y.name, "model");
    assert_eq!(dataset.x.labels, TASKS);
    assert_eq!(dataset.y.labels, MODELS);
    assert_eq!(dataset.panels.len(), 1);
    assert!(dataset.models.is_absent() && dataset.benchmarks.is_absent());
    assert_eq!(dataset.metric.name, "acc");
    assert_eq!(dataset.metric.direction, Direction::Higher);
    assert_eq!(
        dataset.source.as_deref(),
        Some(
            "lm-evaluation-harness results: \"synthetic__model-a/results_2024-05-01T10-00-00.000000.json\", \
             \"synthetic__model-b/results_2024-05-01T10-00-00.000000.json\", \
             \"synthetic__model-c/results_2024-05-01T10-00-00.000000.json\""
        )
    );

    // Values and standard errors exactly as the files write them.
    let a = MODELS[0];
    assert_eq!(cell(dataset, a, "arc_easy"), Some(0.7584175084175084));
    assert_eq!(reported(dataset, a, "arc_easy"), Some(0.008783247004042158));
    assert_eq!(cell(dataset, MODELS[1], "mmlu"), Some(0.46770025839793283));
    assert_eq!(
        reported(dataset, MODELS[1], "mmlu"),
        Some(0.024473889850592744)
    );
    assert_eq!(
        cell(dataset, MODELS[2], "mmlu_anatomy"),
        Some(0.362962962962963)
    );
    assert_eq!(
        reported(dataset, MODELS[2], "mmlu_anatomy"),
        Some(0.041539484047424)
    );
    // model-c was not run on hellaswag: a missing cell, with no error, and said.
    assert_eq!(cell(dataset, MODELS[2], "hellaswag"), None);
    assert_eq!(reported(dataset, MODELS[2], "hellaswag"), None);
    assert_eq!(dataset.panels[0].grid.present_count(), 17);
    assert_eq!(
        loaded.notes,
        [
            "3 results files merged: 3 models x 6 tasks",
            "model \"synthetic/model-c\" has no result on task \"hellaswag\": a missing cell",
        ]
    );

    // Model names: model_name, else config.model_args.
    let sources: Vec<(&str, ModelSource, usize)> = loaded
        .models
        .iter()
        .map(|(name, source, files)| (name.as_str(), *source, files.len()))
        .collect();
    assert_eq!(
        sources,
        [
            (MODELS[0], ModelSource::ModelName, 1),
            (MODELS[1], ModelSource::ModelArgs, 1),
            (MODELS[2], ModelSource::ModelName, 1),
        ]
    );

    // Tasks: metric, direction, items from n-samples, and which is a group of which.
    let names: Vec<&str> = loaded.tasks.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, TASKS);
    assert!(loaded.tasks.iter().all(|t| t.metric == "acc,none"));
    assert!(loaded
        .tasks
        .iter()
        .all(|t| t.direction == Direction::Higher));
    let items: Vec<Option<u32>> = loaded.tasks.iter().map(|t| t.items).collect();
    assert_eq!(
        items,
        [
            None,
            Some(10042),
            Some(2376),
            Some(100),
            Some(135),
            Some(152)
        ]
    );
    assert_eq!(
        loaded.tasks[0].aggregate_of.as_deref(),
        Some(
            &[
                "mmlu_abstract_algebra".to_string(),
                "mmlu_anatomy".to_string(),
                "mmlu_astronomy".to_string()
            ][..]
        )
    );
    assert!(loaded.tasks[1..].iter().all(|t| t.aggregate_of.is_none()));
}

#[test]
fn reported_standard_errors_are_the_cells_errors_in_the_analysis_and_the_figure() {
    let loaded = load_fixture_results(&ResultsOptions::default());
    let dataset = &loaded.dataset;
    let panel = &dataset.panels[0];
    assert_eq!(value_scale(dataset), Some(ValueScale::Proportion));
    // No items, no replicates: nothing estimated, everything reported.
    let estimated = standard_errors(&panel.grid, None, value_scale(dataset));
    assert!(estimated.iter().all(Option::is_none));
    let errors = with_reported_errors(estimated, &panel.grid, &panel.reported_errors);
    let x = dataset.x.position("arc_easy").unwrap();
    assert_eq!(
        errors[x],
        Some(CellError {
            standard_error: 0.008783247004042158,
            source: ErrorSource::Reported,
        })
    );
    // The missing cell has none.
    let (hellaswag, c) = (dataset.x.position("hellaswag").unwrap(), 2);
    assert_eq!(errors[c * dataset.x.len() + hellaswag], None);

    // The figure's panel carries the same errors.
    let figure = prepare_figure(dataset, &FigureOptions::default()).expect("a figure");
    assert_eq!(figure.panels[0].errors, errors);
    // Without reported errors the same grid has none (no items, no replicates).
    let mut plain = dataset.clone();
    plain.panels[0].reported_errors.clear();
    let figure = prepare_figure(&plain, &FigureOptions::default()).expect("a figure");
    assert!(figure.panels[0].errors.is_empty());
}

#[test]
fn a_reported_error_wins_over_replicates_only_where_it_is_given() {
    let text = "x,y,seed,acc\n1,1,0,0.5\n1,1,1,0.7\n2,1,0,0.4\n2,1,1,0.6\n";
    let mut dataset = sweepmap::load_csv(text, &Default::default()).unwrap();
    let grid = dataset.panels[0].grid.clone();
    dataset.panels[0].reported_errors = vec![Some(0.01), None];
    let estimated = standard_errors(&grid, None, None);
    let errors = with_reported_errors(estimated.clone(), &grid, &dataset.panels[0].reported_errors);
    assert_eq!(
        errors[0],
        Some(CellError {
            standard_error: 0.01,
            source: ErrorSource::Reported
        })
    );
    let replicate = errors[1].unwrap();
    assert_eq!(replicate.source, ErrorSource::Replicates { count: 2 });
    assert!((replicate.standard_error - 0.1).abs() < 1e-12);
    // A negative or non-finite reported error is not an error: the estimate stays.
    let errors = with_reported_errors(estimated, &grid, &[Some(-1.0), Some(f64::NAN)]);
    assert_eq!(
        errors[0].unwrap().source,
        ErrorSource::Replicates { count: 2 }
    );
    assert_eq!(
        errors[1].unwrap().source,
        ErrorSource::Replicates { count: 2 }
    );
}

#[test]
fn a_chosen_metric_leaves_out_the_tasks_without_it_and_says_so() {
    let options = ResultsOptions {
        metric: Some("acc_norm".to_string()),
        ..Default::default()
    };
    let loaded = load_fixture_results(&options);
    let dataset = &loaded.dataset;
    assert_eq!(dataset.x.labels, ["hellaswag", "arc_easy"]);
    assert_eq!(dataset.metric.name, "acc_norm");
    assert_eq!(
        cell(dataset, MODELS[1], "arc_easy"),
        Some(0.7377946127946128)
    );
    assert_eq!(
        cell(dataset, MODELS[0], "hellaswag"),
        Some(0.6911969727145987)
    );
    assert!(loaded.tasks.iter().all(|t| t.metric == "acc_norm,none"));
    assert_eq!(
        loaded.notes[1..4],
        [
            "task \"mmlu\" has no \"acc_norm\" (it has \"acc,none\"): left out",
            "task \"mmlu_abstract_algebra\" has no \"acc_norm\" (it has \"acc,none\"): left out",
            "task \"mmlu_anatomy\" has no \"acc_norm\" (it has \"acc,none\"): left out",
        ]
    );
    // The full key works as well; an unknown metric lists the known ones.
    let exact = ResultsOptions {
        metric: Some("acc_norm,none".to_string()),
        ..Default::default()
    };
    assert_eq!(load_fixture_results(&exact).dataset, loaded.dataset);
    let a = read(&results_path('a'));
    let error = results(
        &[("a.json", &a)],
        &ResultsOptions {
            metric: Some("f1".to_string()),
            ..Default::default()
        },
    )
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        "unknown metric: \"f1\"; expected one of \"acc,none\", \"acc_norm,none\""
    );
}

const MIXED: &str = r#"{
  "results": {
    "lambada_openai": {"alias": "lambada_openai", "perplexity,none": 3.9, "perplexity_stderr,none": 0.08, "acc,none": 0.68, "acc_stderr,none": 0.0065},
    "hellaswag": {"alias": "hellaswag", "acc,none": 0.5, "acc_stderr,none": 0.005, "acc_norm,none": 0.62, "acc_norm_stderr,none": 0.0048},
    "gsm8k": {"alias": "gsm8k", "exact_match,strict-match": 0.31, "exact_match_stderr,strict-match": "N/A", "exact_match,flexible-extract": 0.35, "exact_match_stderr,flexible-extract": 0.013},
    "wikitext": {"alias": "wikitext", "word_perplexity,none": 16.4, "word_perplexity_stderr,none": "N/A", "bits_per_byte,none": 0.66, "bits_per_byte_stderr,none": "N/A"},
    "mmlu_stem": {" ": " ", "alias": " - stem"}
  },
  "higher_is_better": {
    "lambada_openai": {"perplexity": false, "acc": true},
    "hellaswag": {"acc": true, "acc_norm": true},
    "gsm8k": {"exact_match": true},
    "wikitext": {"word_perplexity": false, "bits_per_byte": false}
  },
  "config": {"model": "hf", "model_args": {"pretrained": "org/mixed", "dtype": "bfloat16"}}
}"#;

#[test]
fn by_default_the_metric_most_tasks_report_and_one_direction() {
    let loaded = results(&[("mixed.json", MIXED)], &ResultsOptions::default()).unwrap();
    let dataset = &loaded.dataset;
    // lambada's first metric is perplexity, but most tasks report acc: acc it is. gsm8k has no
    // acc: its first metric. wikitext's is lower is better, unlike the others: left out.
    assert_eq!(dataset.x.labels, ["lambada_openai", "hellaswag", "gsm8k"]);
    let metrics: Vec<&str> = loaded.tasks.iter().map(|t| t.metric.as_str()).collect();
    assert_eq!(
        metrics,
        ["acc,none", "acc,none", "exact_match,strict-match"]
    );
    assert_eq!(
        dataset.metric.name,
        "acc (exact_match,strict-match on \"gsm8k\")"
    );
    assert_eq!(dataset.metric.direction, Direction::Higher);
    assert_eq!(dataset.y.labels, ["org/mixed"]);
    assert_eq!(loaded.models[0].1, ModelSource::ModelArgs);
    assert_eq!(cell(dataset, "org/mixed", "lambada_openai"), Some(0.68));
    assert_eq!(cell(dataset, "org/mixed", "gsm8k"), Some(0.31));
    // "N/A": no standard error.
    assert_eq!(reported(dataset, "org/mixed", "gsm8k"), None);
    assert_eq!(reported(dataset, "org/mixed", "hellaswag"), Some(0.005));
    assert_eq!(
        loaded.notes,
        [
            "task \"mmlu_stem\" reports no metric (a group without a score of its own): left out",
            "task \"wikitext\" left out: its metric word_perplexity,none is lower is better, the \
             other tasks' higher; choose that metric to see it",
        ]
    );
    // Choosing it shows it, lower is better.
    let options = ResultsOptions {
        metric: Some("word_perplexity".to_string()),
        ..Default::default()
    };
    let loaded = results(&[("mixed.json", MIXED)], &options).unwrap();
    assert_eq!(loaded.dataset.x.labels, ["wikitext"]);
    assert_eq!(loaded.dataset.metric.name, "word_perplexity");
    assert_eq!(loaded.dataset.metric.direction, Direction::Lower);
}

#[test]
fn version_0_3_files_and_files_that_name_no_model() {
    let old = r#"{
      "results": {"hellaswag": {"acc": 0.29, "acc_stderr": 0.0045, "acc_norm": 0.31, "acc_norm_stderr": 0.0046},
                  "wikitext": {"word_perplexity": 37.4, "byte_perplexity": 2.0, "bits_per_byte": 1.0}},
      "versions": {"hellaswag": 0, "wikitext": 1},
      "config": {"model": "hf-causal", "model_args": "pretrained=EleutherAI/pythia-160m,revision=step143000", "num_fewshot": 0}
    }"#;
    let loaded = results(&[("old.json", old)], &ResultsOptions::default()).unwrap();
    assert_eq!(loaded.dataset.y.labels, ["EleutherAI/pythia-160m"]);
    assert_eq!(loaded.dataset.x.labels, ["hellaswag"]);
    assert_eq!(loaded.dataset.metric.name, "acc");
    assert_eq!(loaded.tasks[0].metric, "acc");
    assert_eq!(
        reported(&loaded.dataset, "EleutherAI/pythia-160m", "hellaswag"),
        Some(0.0045)
    );
    // Without higher_is_better, perplexities and bits per byte are guessed lower is better.
    assert_eq!(
        loaded.notes,
        [
            "task \"wikitext\" left out: its metric word_perplexity is lower is better, the other \
          tasks' higher; choose that metric to see it"
        ]
    );
    let options = ResultsOptions {
        metric: Some("bits_per_byte".to_string()),
        ..Default::default()
    };
    let loaded = results(&[("old.json", old)], &options).unwrap();
    assert_eq!(loaded.tasks[0].direction, Direction::Lower);

    // No model_name, no model_args: the file's name (without its folders).
    let bare = r#"{"results": {"piqa": {"acc,none": 0.7}}, "versions": {"piqa": 1}}"#;
    let loaded = results(
        &[("runs/bare-model.json", bare)],
        &ResultsOptions::default(),
    )
    .unwrap();
    assert_eq!(loaded.dataset.y.labels, ["bare-model.json"]);
    assert_eq!(loaded.models[0].1, ModelSource::FileName);
    assert!(loaded.dataset.panels[0].reported_errors.is_empty());
}

#[test]
fn files_of_one_model_merge_when_their_tasks_differ() {
    let first =
        r#"{"results": {"piqa": {"acc,none": 0.7, "acc_stderr,none": 0.01}}, "model_name": "m"}"#;
    let second =
        r#"{"results": {"boolq": {"acc,none": 0.6, "acc_stderr,none": 0.02}}, "model_name": "m"}"#;
    let other = r#"{"results": {"boolq": {"acc,none": 0.5}}, "model_name": "n"}"#;
    let loaded = results(
        &[
            ("one.json", first),
            ("two.json", second),
            ("three.json", other),
        ],
        &ResultsOptions::default(),
    )
    .unwrap();
    assert_eq!(loaded.dataset.y.labels, ["m", "n"]);
    assert_eq!(loaded.dataset.x.labels, ["piqa", "boolq"]);
    assert_eq!(cell(&loaded.dataset, "m", "boolq"), Some(0.6));
    assert_eq!(cell(&loaded.dataset, "n", "piqa"), None);
    assert_eq!(reported(&loaded.dataset, "m", "boolq"), Some(0.02));
    assert_eq!(loaded.models[0].2, ["one.json", "two.json"]);
    assert_eq!(
        loaded.notes,
        [
            "3 results files merged: 2 models x 2 tasks",
            "model \"m\": results of 2 files merged (\"one.json\", \"two.json\"), since their \
             tasks differ",
            "model \"n\" has no result on task \"piqa\": a missing cell",
        ]
    );
    // The same task twice for one model: an error naming both files.
    assert_eq!(
        results_error(&[("one.json", first), ("again.json", first)]),
        "again.json: field \"results[\"piqa\"]\": expected a task model \"m\" has no result for \
         yet, but \"one.json\" gives one; leave one of the two files out"
    );
}

#[test]
fn every_results_error_names_the_file_and_where() {
    let cases: [(&str, &str); 10] = [
        (
            r#"{"versions": {}, "config": {}}"#,
            "r.json: field \"results\": expected the object of task results an \
             lm-evaluation-harness results_*.json file has; this file has none",
        ),
        (
            r#"{"results": {"piqa": {"acc,none": "high"}}}"#,
            "r.json: field \"results[\"piqa\"][\"acc,none\"]\": expected a number, found \"high\"",
        ),
        (
            r#"{"results": {"piqa": {"acc,none": [1]}}}"#,
            "r.json: field \"results[\"piqa\"][\"acc,none\"]\": expected a number, found an array",
        ),
        (
            r#"{"results": {"piqa": {"acc,none": 0.5, "acc_stderr,none": "big"}}}"#,
            "r.json: field \"results[\"piqa\"][\"acc_stderr,none\"]\": expected a standard error \
             (a number of at least 0, or \"N/A\"), found \"big\"",
        ),
        (
            r#"{"results": {"piqa": {"acc,none": 0.5, "acc_stderr,none": -0.1}}}"#,
            "r.json: field \"results[\"piqa\"][\"acc_stderr,none\"]\": expected a standard error \
             (a number of at least 0, or \"N/A\"), found -0.1",
        ),
        (
            "{\"results\": {\"piqa\": {\"acc,none\": 0.5,}}}",
            "r.json: JSON line 1, column 39: trailing comma",
        ),
        (
            "{\"results\": {\"piqa\": {\"acc,none\": NaN}}}",
            "r.json: JSON line 1, column 35: expected a value: NaN and Infinity (as Python writes \
             numbers that are not finite) are not JSON; write null for a missing number",
        ),
        (
            "[1, 2]",
            "r.json: JSON line 1, column 1: expected a JSON object { ... } holding the dataset, \
             found an array",
        ),
        (
            "",
            "r.json: the file is empty: expected a JSON dataset object",
        ),
        (
            r#"{"results": {"piqa": {"alias": "piqa"}}}"#,
            "r.json: field \"results\": expected at least one task with a metric",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(results_error(&[("r.json", text)]), expected, "{text}");
    }
    assert_eq!(
        results(&[], &ResultsOptions::default())
            .unwrap_err()
            .to_string(),
        "field \"files\": expected at least one lm-evaluation-harness results file"
    );
    // The second file's error names the second file; a null value is a missing cell, said.
    let good = r#"{"results": {"piqa": {"acc,none": 0.5}}, "model_name": "a"}"#;
    let null = r#"{"results": {"piqa": {"acc,none": null}}, "model_name": "b"}"#;
    assert_eq!(
        results_error(&[("a.json", good), ("b.json", "{")]),
        "b.json: JSON line 1, column 1: EOF while parsing an object"
    );
    let loaded = results(&[("a.json", good), ("b.json", null)], &Default::default()).unwrap();
    assert_eq!(cell(&loaded.dataset, "b", "piqa"), None);
    assert_eq!(
        loaded.notes[1],
        "model \"b\" has no acc,none on task \"piqa\": a missing cell"
    );
}

fn samples(
    files: &[(&str, &str, &str)],
    options: &SamplesOptions,
) -> sweepmap::Result<PairwiseDataset> {
    let files: Vec<SamplesFile> = files
        .iter()
        .map(|&(model, name, text)| SamplesFile { model, name, text })
        .collect();
    load_samples(&files, options)
}

fn fixture_samples(options: &SamplesOptions) -> PairwiseDataset {
    let texts: Vec<(&str, String, String)> = [('a', MODELS[0]), ('b', MODELS[1])]
        .into_iter()
        .flat_map(|(model, name)| {
            ["arc_easy", "gsm8k"].map(|task| {
                let path = samples_path(model, task);
                (name, path.clone(), read(&path))
            })
        })
        .collect();
    let files: Vec<(&str, &str, &str)> = texts
        .iter()
        .map(|(model, name, text)| (*model, name.as_str(), text.as_str()))
        .collect();
    samples(&files, options).expect("the fixtures load")
}

/// A model's scores summed per group, in the dataset's group order.
fn sums(dataset: &PairwiseDataset, model: &str) -> Vec<(String, f64, usize)> {
    let scores = dataset.scores(model).unwrap();
    dataset
        .groups()
        .iter()
        .map(|group| {
            let in_group: Vec<f64> = dataset
                .items()
                .iter()
                .zip(scores)
                .filter(|(item, _)| item.group.as_deref() == Some(group))
                .filter_map(|(_, score)| *score)
                .collect();
            (group.clone(), in_group.iter().sum(), in_group.len())
        })
        .collect()
}

#[test]
fn samples_logs_give_per_item_scores_with_filters_apart() {
    let dataset = fixture_samples(&SamplesOptions::default());
    assert_eq!(dataset.models(), [MODELS[0], MODELS[1]]);
    assert_eq!(dataset.score_name(), "acc / exact_match");
    assert_eq!(dataset.group_name(), Some("task"));
    assert_eq!(
        dataset.groups(),
        [
            "arc_easy",
            "gsm8k (strict-match)",
            "gsm8k (flexible-extract)"
        ]
    );
    assert_eq!(dataset.items().len(), 90);
    assert_eq!(dataset.items()[0].name, "0");
    assert_eq!(
        dataset.score(MODELS[0], "1", Some("arc_easy")).unwrap(),
        Some(1.0)
    );
    assert_eq!(
        dataset.score(MODELS[0], "0", Some("arc_easy")).unwrap(),
        Some(0.0)
    );
    assert_eq!(
        dataset
            .score(MODELS[1], "2", Some("gsm8k (strict-match)"))
            .unwrap(),
        Some(1.0)
    );
    let a = sums(&dataset, MODELS[0]);
    let b = sums(&dataset, MODELS[1]);
    assert_eq!(a[0], ("arc_easy".to_string(), 30.0, 40));
    assert_eq!(b[0], ("arc_easy".to_string(), 26.0, 40));
    assert_eq!(a[1].1 + a[2].1, 22.0);
    assert_eq!(b[1].1 + b[2].1, 15.0);
    assert_eq!((a[1].2, a[2].2), (25, 25));

    // Another metric by name.
    let options = SamplesOptions {
        metric: Some("acc_norm".to_string()),
        ..Default::default()
    };
    let arc = read(&samples_path('a', "arc_easy"));
    let norm = samples(&[("m", "samples_arc_easy_x.jsonl", &arc)], &options).unwrap();
    assert_eq!(norm.score_name(), "acc_norm");
    let expected: f64 = arc
        .lines()
        .map(|line| {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            value["acc_norm"].as_f64().unwrap()
        })
        .sum();
    let total: f64 = norm.scores("m").unwrap().iter().flatten().sum();
    assert_eq!(total, expected);
}

#[test]
fn repeated_documents_are_averaged_and_null_is_no_score() {
    let text = "{\"doc_id\": 0, \"filter\": \"none\", \"resps\": [], \"perplexity\": -3.2, \"acc\": true}\n\
                \r\n\
                {\"doc_id\": 0, \"filter\": \"none\", \"resps\": [], \"perplexity\": -2.0, \"acc\": 0}\r\n\
                {\"doc_id\": 1, \"filter\": \"none\", \"resps\": [], \"perplexity\": -1.0, \"acc\": null}\n\
                {\"doc_id\": \"q-7\", \"resps\": [], \"perplexity\": -1.0, \"acc\": 1}\n";
    // The first metric holding a score in [0, 1] is acc (perplexity lines hold log-likelihoods).
    let dataset = samples(
        &[("m", "samples_lambada_2024.jsonl", text)],
        &Default::default(),
    )
    .unwrap();
    assert_eq!(dataset.score_name(), "acc");
    assert_eq!(dataset.groups(), ["lambada"]);
    assert_eq!(dataset.score("m", "0", Some("lambada")).unwrap(), Some(0.5));
    assert_eq!(dataset.score("m", "1", Some("lambada")).unwrap(), None);
    assert_eq!(
        dataset.score("m", "q-7", Some("lambada")).unwrap(),
        Some(1.0)
    );
}

#[test]
fn every_samples_error_names_the_file_and_line() {
    let line = |body: &str| format!("{{\"doc_id\": 0, \"resps\": [], {body}}}\n");
    let cases: Vec<(String, &str)> = vec![
        (
            format!("{}not json\n", line("\"acc\": 1")),
            "s.jsonl: JSON line 2, column 2: expected ident",
        ),
        (
            format!("{}[1]\n", line("\"acc\": 1")),
            "s.jsonl: JSON line 2, column 1: invalid type: sequence, expected an object",
        ),
        (
            format!("{}{{\"resps\": [], \"acc\": 1}}\n", line("\"acc\": 1")),
            "s.jsonl: JSON line 2, column 1: expected \"doc_id\", the document's number, on \
             every sample",
        ),
        (
            format!("{}{}", line("\"acc\": 1"), line("\"acc\": \"yes\"")),
            "s.jsonl: line 2, column \"acc\": expected a number, found \"yes\"; fix that cell in the file",
        ),
        (
            format!("{}{}", line("\"acc\": 1"), line("\"acc\": 1.5")),
            "s.jsonl: line 2, column \"acc\": expected a score between 0 and 1, found 1.5",
        ),
        (
            format!("{}{}", line("\"acc\": 1"), line("\"f1\": 1")),
            "s.jsonl: JSON line 2, column 1: expected the metric \"acc\" on every sample",
        ),
        (
            line("\"acc\": Infinity"),
            "s.jsonl: JSON line 1, column 35: expected a value: NaN and Infinity (as Python \
             writes numbers that are not finite) are not JSON; write null for a missing number",
        ),
        (
            line("\"perplexity\": -3.5"),
            "s.jsonl: JSON line 1, column 1: expected a per-sample metric holding a score \
             between 0 and 1 (acc, exact_match, ...); name the metric to use",
        ),
        (
            "\n\n".to_string(),
            "s.jsonl: JSON line 1, column 1: expected one sample (a JSON object) per line, found \
             none",
        ),
    ];
    for (text, expected) in &cases {
        let error = samples(&[("m", "s.jsonl", text)], &Default::default()).unwrap_err();
        assert_eq!(error.to_string(), *expected, "{text}");
    }
    let good = line("\"acc\": 1");
    assert_eq!(
        samples(
            &[
                ("m", "samples_piqa_1.jsonl", &good),
                ("m", "samples_piqa_2.jsonl", &good)
            ],
            &Default::default()
        )
        .unwrap_err()
        .to_string(),
        "samples_piqa_2.jsonl: field \"task[\"piqa\"]\": expected one samples file per model \
         and task, but \"samples_piqa_1.jsonl\" gives model \"m\" on this task too"
    );
    assert_eq!(
        samples(&[(" ", "s.jsonl", &good)], &Default::default())
            .unwrap_err()
            .to_string(),
        "s.jsonl: field \"model\": expected the name of the model the file scores (its lines \
         do not say)"
    );
}

#[test]
fn the_task_comes_from_the_file_name() {
    use sweepmap::lm_eval::task_of_file;
    for (name, task) in [
        (
            "samples_hellaswag_2024-05-01T10-00-00.000000.jsonl",
            "hellaswag",
        ),
        (
            "out/model/samples_mmlu_abstract_algebra_2024-05-01T10-00-00.jsonl",
            "mmlu_abstract_algebra",
        ),
        ("samples_arc_easy.jsonl", "arc_easy"),
        ("C:\\runs\\samples_gsm8k_2024.jsonl", "gsm8k"),
        ("piqa.jsonl", "piqa"),
        ("samples_.jsonl", ""),
        // A model named before `samples_` (the importers' guess reads it there).
        ("model-a__samples_piqa_2024-05-01.jsonl", "piqa"),
    ] {
        assert_eq!(task_of_file(name), task, "{name}");
    }
}

#[test]
fn each_format_is_recognised_and_nothing_else_is() {
    for model in ['a', 'b', 'c'] {
        assert_eq!(
            recognise(&read(&results_path(model))),
            Some(Format::Results)
        );
    }
    for (model, task) in [('a', "arc_easy"), ('b', "gsm8k")] {
        assert_eq!(
            recognise(&read(&samples_path(model, task))),
            Some(Format::Samples)
        );
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for other in [
        "www/data/kv-cache-sweep.json",
        "www/data/synthetic-pairwise.json",
        "www/data/index.json",
    ] {
        let text = std::fs::read_to_string(root.join(other)).unwrap();
        assert_eq!(recognise(&text), None, "{other}");
    }
    for text in [
        "",
        "model,x,y,value\na,1,1,0.5\n",
        "{\"results\": {}}",
        "{\"doc_id\": 1}\n",
        "not json",
    ] {
        assert_eq!(recognise(text), None, "{text}");
    }
    assert_eq!(
        recognise("\u{feff}{\"results\": {}, \"versions\": {}}"),
        Some(Format::Results)
    );
}

#[test]
fn the_fixtures_are_exactly_what_their_script_writes() {
    let mut paths = Vec::new();
    for model in ['a', 'b', 'c'] {
        paths.push(results_path(model));
        if model != 'c' {
            paths.push(samples_path(model, "arc_easy"));
            paths.push(samples_path(model, "gsm8k"));
        }
    }
    assert_eq!(paths.len(), 7);
    common::assert_script_writes(
        "tests/fixtures/make-lm-eval.mjs",
        "the lm-eval fixtures",
        &paths,
        |path| read(path).into_bytes(),
    );
    // Labelled synthetic.
    for model in ['a', 'b', 'c'] {
        assert!(read(&results_path(model)).contains(
            "\"synthetic\": \"Synthetic example, generated by tests/fixtures/make-lm-eval.mjs"
        ));
    }
    assert!(read(&samples_path('a', "gsm8k"))
        .lines()
        .all(|line| line.contains("\"synthetic\":true")));
}
