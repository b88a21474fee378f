//! Every generated sentence about the bundled seed data is checked against facts recomputed here,
//! independently of the analysis code: peaks and lows with all their ties, spreads, trends (by a
//! separate Spearman implementation), missing counts and the uncertainty caveat. And the trends
//! the seed readings claimed but their numbers do not show are never repeated.
#![cfg(not(target_arch = "wasm32"))]

use std::path::PathBuf;

use sweepmap::analysis::{CellPosition, TrendDirection};
use sweepmap::figure::{
    observations_markdown, observe_figure, prepare_figure, AxisName, Claim, Figure, FigureOptions,
    Observation, View,
};
use sweepmap::{load_json, Dataset, Grid};

fn dataset(name: &str) -> Dataset {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("www/data")
        .join(name);
    load_json(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn observe(dataset: &Dataset, view: View) -> (Figure, Vec<(String, Vec<Observation>)>) {
    let options = FigureOptions {
        view: view.clone(),
        ..FigureOptions::default()
    };
    let figure = prepare_figure(dataset, &options).unwrap();
    let sections = observe_figure(dataset, &figure, &view, Some(0.95));
    (figure, sections)
}

fn present(grid: &Grid) -> Vec<(usize, usize, f64)> {
    let mut cells = Vec::new();
    for y in 0..grid.rows() {
        for x in 0..grid.columns() {
            if let Some(value) = grid.value(x, y) {
                cells.push((x, y, value));
            }
        }
    }
    cells
}

/// Average ranks (1-based) with ties sharing the mean rank.
fn ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut ranks = vec![0.0; values.len()];
    let mut start = 0;
    while start < order.len() {
        let mut end = start;
        while end + 1 < order.len() && values[order[end + 1]] == values[order[start]] {
            end += 1;
        }
        let rank = (start + end) as f64 / 2.0 + 1.0;
        for &index in &order[start..=end] {
            ranks[index] = rank;
        }
        start = end + 1;
    }
    ranks
}

fn pearson(a: &[f64], b: &[f64]) -> Option<f64> {
    let n = a.len() as f64;
    let (mean_a, mean_b) = (a.iter().sum::<f64>() / n, b.iter().sum::<f64>() / n);
    let cov: f64 = a
        .iter()
        .zip(b)
        .map(|(x, y)| (x - mean_a) * (y - mean_b))
        .sum();
    let var_a: f64 = a.iter().map(|x| (x - mean_a).powi(2)).sum();
    let var_b: f64 = b.iter().map(|y| (y - mean_b).powi(2)).sum();
    (a.len() >= 3 && var_a > 0.0 && var_b > 0.0).then(|| cov / (var_a * var_b).sqrt())
}

fn spearman(pairs: &[(f64, f64)]) -> Option<f64> {
    let (positions, values): (Vec<f64>, Vec<f64>) = pairs.iter().copied().unzip();
    pearson(&ranks(&positions), &ranks(&values))
}

/// The pooled correlation along an axis and how many lines rise and fall.
fn trend_facts(grid: &Grid, axis: AxisName) -> (Option<f64>, usize, usize) {
    let cells = present(grid);
    let along = |&(x, y, _): &(usize, usize, f64)| if axis == AxisName::X { x } else { y };
    let across = |&(x, y, _): &(usize, usize, f64)| if axis == AxisName::X { y } else { x };
    let pooled: Vec<(f64, f64)> = cells.iter().map(|c| (along(c) as f64, c.2)).collect();
    let lines = if axis == AxisName::X {
        grid.rows()
    } else {
        grid.columns()
    };
    let (mut rising, mut falling) = (0, 0);
    for line in 0..lines {
        let pairs: Vec<(f64, f64)> = cells
            .iter()
            .filter(|c| across(c) == line)
            .map(|c| (along(c) as f64, c.2))
            .collect();
        match spearman(&pairs) {
            Some(rho) if rho > 1e-9 => rising += 1,
            Some(rho) if rho < -1e-9 => falling += 1,
            _ => {}
        }
    }
    (spearman(&pooled), rising, falling)
}

fn cells_at(grid: &Grid, value: f64) -> Vec<CellPosition> {
    present(grid)
        .into_iter()
        .filter(|c| c.2 == value)
        .map(|c| CellPosition::new(c.0, c.1))
        .collect()
}

/// Checks one observation of a panel against facts recomputed from its grid.
fn check(observation: &Observation, grid: &Grid, figure: &Figure, items: Option<u32>) {
    let values: Vec<f64> = present(grid).iter().map(|c| c.2).collect();
    let max = values.iter().copied().fold(f64::MIN, f64::max);
    let min = values.iter().copied().fold(f64::MAX, f64::min);
    let text = &observation.text;
    let label = |cell: &CellPosition| {
        format!(
            "{} {} and {} {}",
            figure.x.name, figure.x.labels[cell.x], figure.y.name, figure.y.labels[cell.y]
        )
    };
    match &observation.claim {
        Claim::Peak { value, cells } => {
            assert_eq!(*value, max, "{text}");
            assert_eq!(cells, &cells_at(grid, max), "{text}");
            for cell in cells {
                assert!(text.contains(&label(cell)), "{text} names {}", label(cell));
            }
        }
        Claim::Lowest { value, cells } => {
            assert_eq!(*value, min, "{text}");
            assert_eq!(cells, &cells_at(grid, min), "{text}");
            for cell in cells {
                assert!(text.contains(&label(cell)), "{text}");
            }
        }
        Claim::Spread {
            min: low,
            max: high,
            mean,
            ..
        } => {
            assert_eq!((*low, *high), (min, max), "{text}");
            let expected = values.iter().sum::<f64>() / values.len() as f64;
            assert!((mean - expected).abs() < 1e-9, "{text}");
        }
        Claim::Trend {
            axis, direction, ..
        } => {
            let (rho, rising, falling) = trend_facts(grid, *axis);
            match direction {
                Some(TrendDirection::Increasing) => {
                    assert!(rho.unwrap() >= 0.2 && rising > falling, "{text}: {rho:?}");
                    assert!(text.contains(" rises: a "), "{text}");
                }
                Some(TrendDirection::Decreasing) => {
                    assert!(rho.unwrap() <= -0.2 && falling > rising, "{text}: {rho:?}");
                    assert!(text.contains(" falls: a "), "{text}");
                }
                None => {
                    let supported_up = rho.is_some_and(|r| r >= 0.2) && rising > falling;
                    let supported_down = rho.is_some_and(|r| r <= -0.2) && falling > rising;
                    assert!(!supported_up && !supported_down, "{text}: {rho:?}");
                    // A pooled correlation of 0.2 or more that the lines do not back is said
                    // with both; a weaker one is no trend.
                    match rho {
                        Some(r) if r >= 0.2 => {
                            assert!(text.contains(" rises overall ("), "{text}");
                            assert!(text.ends_with(", so no trend is claimed."), "{text}");
                        }
                        Some(r) if r <= -0.2 => {
                            assert!(text.contains(" falls overall ("), "{text}");
                            assert!(text.ends_with(", so no trend is claimed."), "{text}");
                        }
                        _ => assert!(text.contains("no consistent trend"), "{text}"),
                    }
                    if rising + falling > 0 && rho.is_some_and(|r| r.abs() >= 0.2) {
                        let (with, against) = if rho.unwrap() > 0.0 {
                            (rising, falling)
                        } else {
                            (falling, rising)
                        };
                        assert!(
                            text.contains(&format!(" {with} of ")),
                            "{text}: {with} of the lines agree"
                        );
                        assert!(text.contains(&format!(" and {against} disagree")), "{text}");
                    }
                }
            }
        }
        Claim::Missing {
            present: count,
            missing,
        } => {
            assert_eq!(*count, values.len(), "{text}");
            assert_eq!(
                *missing,
                grid.columns() * grid.rows() - values.len(),
                "{text}"
            );
        }
        Claim::Uncertainty {
            indistinguishable,
            others,
            ..
        } => {
            // Recomputed: binomial errors with Agresti-Coull shrinkage on a percent scale.
            let n = f64::from(items.expect("uncertainty needs items"));
            let error = |v: f64| {
                let p = (v / 100.0 * n + 2.0) / (n + 4.0);
                100.0 * (p * (1.0 - p) / (n + 4.0)).sqrt()
            };
            let peak_error = error(max);
            let within = values
                .iter()
                .filter(|v| **v != max)
                .filter(|v| (max - **v) <= 1.959_964 * peak_error.hypot(error(**v)))
                .count();
            assert_eq!(*indistinguishable, within, "{text}");
            assert_eq!(
                *others,
                values.iter().filter(|v| **v != max).count(),
                "{text}"
            );
        }
        Claim::Comparison { .. }
        | Claim::BestConfiguration { .. }
        | Claim::Reconciliation { .. }
        | Claim::BeyondNoise { .. } => {}
    }
}

fn check_every_panel(dataset: &Dataset) -> usize {
    let (figure, sections) = observe(dataset, View::Grid);
    let mut checked = 0;
    for (panel, (title, observations)) in figure.panels.iter().zip(&sections) {
        assert_eq!(&panel.title, title);
        let items = panel
            .benchmark
            .as_deref()
            .and_then(|b| dataset.benchmarks.position(b))
            .and_then(|b| dataset.benchmark_info[b].items);
        for observation in observations {
            check(observation, &panel.grid, &figure, items);
            checked += 1;
        }
        let has_uncertainty = observations
            .iter()
            .any(|o| matches!(o.claim, Claim::Uncertainty { .. }));
        assert_eq!(has_uncertainty, items.is_some(), "{title}");
    }
    checked
}

#[test]
fn every_sentence_about_every_seed_panel_matches_the_numbers() {
    let checked: usize = [
        "kv-cache-sweep.json",
        "kv-cache-averages.json",
        "partial-r1-qwen.json",
    ]
    .iter()
    .map(|name| check_every_panel(&dataset(name)))
    .sum();
    // 16 panels, at least peak, lowest, spread and two trends each.
    assert!(checked >= 16 * 5, "{checked}");
}

fn trend_claims(
    sections: &[(String, Vec<Observation>)],
    title: &str,
) -> Vec<(AxisName, Option<TrendDirection>)> {
    sections
        .iter()
        .find(|(t, _)| t == title)
        .unwrap()
        .1
        .iter()
        .filter_map(|o| match o.claim {
            Claim::Trend {
                axis, direction, ..
            } => Some((axis, direction)),
            _ => None,
        })
        .collect()
}

#[test]
fn the_trends_seed_001_claims_are_not_repeated() {
    // The reading says every panel improves with larger windows and smaller ratios.
    let dataset = dataset("partial-r1-qwen.json");
    let (_, sections) = observe(&dataset, View::Grid);
    // Its own numbers show no window trend anywhere ...
    for benchmark in ["AIME24", "AIME25", "AMC23", "GPQA-Diamond"] {
        let claims = trend_claims(&sections, &format!("R1-Qwen | {benchmark}"));
        assert!(claims.contains(&(AxisName::Y, None)), "{benchmark}");
    }
    // ... and on AIME24 and AIME25 the larger ratio is better, the opposite of the claim.
    for benchmark in ["AIME24", "AIME25"] {
        let claims = trend_claims(&sections, &format!("R1-Qwen | {benchmark}"));
        assert!(
            claims.contains(&(AxisName::X, Some(TrendDirection::Increasing))),
            "{benchmark}"
        );
    }
}

#[test]
fn seed_000_larger_windows_help_only_on_gpqa() {
    // The reading: "Larger window sizes generally correlate with higher performance".
    let dataset = dataset("kv-cache-sweep.json");
    let (_, sections) = observe(&dataset, View::Grid);
    let window_rises = |benchmark: &str| {
        trend_claims(&sections, &format!("R1-Llama | {benchmark}"))
            .contains(&(AxisName::Y, Some(TrendDirection::Increasing)))
    };
    assert!(window_rises("GPQA-Diamond"));
    for benchmark in ["AIME24", "AIME25", "AMC23"] {
        assert!(!window_rises(benchmark), "{benchmark}");
    }
}

#[test]
fn exact_sentences_for_seed_002_amc23() {
    let dataset = dataset("kv-cache-sweep.json");
    let (_, sections) = observe(
        &dataset,
        View::Model {
            model: "R1-Qwen".into(),
        },
    );
    let amc = &sections
        .iter()
        .find(|(t, _)| t == "R1-Qwen | AMC23")
        .unwrap()
        .1;
    let texts: Vec<&str> = amc.iter().map(|o| o.text.as_str()).collect();
    // AMC23 has 40 items: each cell's standard error is about 5 points, so values are written
    // as whole numbers (88.5 as 89), as the figure labels them.
    assert_eq!(
        texts[0],
        "The highest Pass@1, 89, is shared by 4 configurations: Ratio 0.4 and Local Window Size \
         500, Ratio 0.5 and Local Window Size 500, Ratio 0.5 and Local Window Size 1000, and Ratio \
         0.4 and Local Window Size 2000."
    );
    assert_eq!(
        texts[1],
        "The lowest Pass@1 is 85, at Ratio 0.2 and Local Window Size 2000."
    );
    assert!(
        texts[2].starts_with("Values span 4 points (85 to 89); mean "),
        "{}",
        texts[2]
    );
    assert_eq!(
        *texts.last().unwrap(),
        "The peak cannot be told apart from 16 of the other 16 cells at 95 %."
    );
    let across = &sections.last().unwrap();
    assert_eq!(across.0, "Across panels");
    assert_eq!(
        across.1[0].text,
        "Across 4 benchmarks the best configuration by mean rank is Ratio 0.4 and Local Window \
         Size 2000 (mean rank 2.50; in the top three on 3 of 4)."
    );
}

#[test]
fn model_comparison_counts_configurations_each_model_leads() {
    let dataset = dataset("kv-cache-sweep.json");
    let (_, sections) = observe(
        &dataset,
        View::Benchmark {
            benchmark: sweepmap::figure::BenchmarkChoice::Mean,
        },
    );
    let across = &sections.last().unwrap().1;
    match &across[0].claim {
        Claim::Comparison {
            a,
            b,
            a_ahead,
            b_ahead,
            equal,
            ..
        } => {
            assert_eq!((a.as_str(), b.as_str()), ("R1-Llama", "R1-Qwen"));
            // Computed means: R1-Qwen ahead in 19 of 20, R1-Llama at window 500, ratio 0.2.
            assert_eq!((*a_ahead, *b_ahead, *equal), (1, 19, 0));
        }
        other => panic!("expected a comparison, got {other:?}"),
    }
    assert!(across[0]
        .text
        .starts_with("R1-Qwen is ahead of R1-Llama in 19 of 20 configurations"));
    let markdown = observations_markdown(&sections);
    assert!(markdown.starts_with("### R1-Llama \\| mean of 4 benchmarks\n\n- The highest"));
}

#[test]
fn reconciliation_says_how_many_reported_cells_disagree() {
    let dataset = dataset("kv-cache-sweep.json");
    let reconcile = |model: &str| {
        let view = View::Reconcile {
            model: model.into(),
            benchmark: "Average (reported)".into(),
        };
        let (_, sections) = observe(&dataset, view);
        sections.last().unwrap().1[0].clone()
    };
    let llama = reconcile("R1-Llama");
    assert_eq!(
        llama.text,
        "19 of 20 reported cells differ from the mean of their parts by more than rounding \
         (± 0.10); the largest gap is 2.1 points at Ratio 0.1 and Local Window Size 2000 \
         (reported 49.5, recomputed 51.60)."
    );
    // Recomputed here: (44.7 + 28.7 + 87.5 + 45.5) / 4 = 51.6 against the reported 49.5.
    assert!(((44.7 + 28.7 + 87.5 + 45.5) / 4.0 - 51.6_f64).abs() < 1e-9);
    let qwen = reconcile("R1-Qwen");
    assert_eq!(
        qwen.text,
        "All 20 reported cells equal the mean of their parts within rounding (± 0.10)."
    );
}

#[test]
fn a_difference_says_where_either_model_is_ahead_beyond_noise() {
    let dataset = dataset("kv-cache-sweep.json");
    let view = View::Difference {
        a: "R1-Qwen".into(),
        b: "R1-Llama".into(),
        benchmark: sweepmap::figure::BenchmarkChoice::Named("AMC23".into()),
    };
    let (figure, sections) = observe(&dataset, view);
    let texts: Vec<&str> = sections[0].1.iter().map(|o| o.text.as_str()).collect();
    // Sentences start with a capital, and speak of differences, not Pass@1.
    assert!(
        texts.iter().all(|t| t.starts_with(char::is_uppercase)),
        "{texts:?}"
    );
    assert!(
        texts[0].starts_with("The highest difference"),
        "{}",
        texts[0]
    );
    // 40 AMC23 problems: a 2.5-point gap is far inside the noise of two 87 % cells.
    assert_eq!(
        *texts.last().unwrap(),
        "No configuration has either model ahead beyond noise at 95 %: all 20 differences are \
         within it."
    );
    assert!(!texts
        .iter()
        .any(|t| t.contains("peak cannot be told apart")));
    assert_eq!(figure.mark_label, None, "no marks were asked for");
}

#[test]
fn a_mean_across_benchmarks_carries_the_uncertainty_of_its_parts() {
    let dataset = dataset("kv-cache-sweep.json");
    let view = View::Benchmark {
        benchmark: sweepmap::figure::BenchmarkChoice::Mean,
    };
    let (figure, sections) = observe(&dataset, view);
    assert!(!figure.panels[0].errors.is_empty());
    let caveat = sections[0]
        .1
        .iter()
        .find(|o| matches!(o.claim, Claim::Uncertainty { .. }))
        .expect("the mean panel has an uncertainty sentence");
    assert!(
        caveat
            .text
            .starts_with("The peak cannot be told apart from"),
        "{}",
        caveat.text
    );
}

#[test]
fn the_key_says_when_no_configuration_is_ahead_beyond_noise() {
    let dataset = dataset("kv-cache-sweep.json");
    let options = FigureOptions {
        view: View::Difference {
            a: "R1-Qwen".into(),
            b: "R1-Llama".into(),
            benchmark: sweepmap::figure::BenchmarkChoice::Named("AMC23".into()),
        },
        uncertainty: Some(0.95),
        ..FigureOptions::default()
    };
    let figure = prepare_figure(&dataset, &options).unwrap();
    assert!(figure.panels[0].marks.is_empty());
    assert_eq!(
        figure.mark_label.as_deref(),
        Some("no configuration is ahead beyond noise (95 %)")
    );
    let test = figure.difference_test().unwrap();
    assert_eq!(
        (test.a_ahead.len(), test.b_ahead.len(), test.within_noise),
        (0, 0, 20)
    );
}

#[test]
fn names_from_the_data_are_never_capitalised() {
    let dataset = load_json(
        r#"{"metric": {"name": "gpt-4o score", "direction": "higher"},
            "x": {"name": "ratio", "values": [1, 2, 3]},
            "y": {"name": "window", "values": [20, 10]},
            "model": "model",
            "panels": [{"model": "gpt-4o", "cells": [[2, 3, 4], [1, 2, 3]]}]}"#,
    )
    .unwrap();
    let (_, sections) = observe(
        &dataset,
        View::Model {
            model: "gpt-4o".into(),
        },
    );
    let texts: Vec<&str> = sections[0].1.iter().map(|o| o.text.as_str()).collect();
    assert_eq!(
        texts[0],
        "The highest gpt-4o score is 4, at ratio 3 and window 20."
    );
    assert_eq!(
        texts[3],
        "Along ratio, gpt-4o score rises: a strong trend (Spearman ρ = 0.86; 2 of 2 rows agree, \
         0 disagree)."
    );
    assert!(texts.iter().all(|text| !text.contains("Gpt")), "{texts:?}");
}

#[test]
fn one_benchmark_gets_no_sentence_across_benchmarks() {
    // The best configuration "across 1 benchmarks" is only the panel's peak again.
    let csv = "model,benchmark,y,x,score\nm,b,1,1,0.5\nm,b,1,2,0.7\nm,b,2,1,0.6\nm,b,2,2,0.4\n";
    let dataset = sweepmap::load_csv(csv, &sweepmap::CsvOptions::default()).unwrap();
    let (_, sections) = observe(&dataset, View::Model { model: "m".into() });
    let texts: Vec<&str> = sections
        .iter()
        .flat_map(|(_, observations)| observations.iter().map(|o| o.text.as_str()))
        .collect();
    assert!(
        texts.iter().all(|text| !text.starts_with("Across")),
        "{texts:?}"
    );
    assert!(sections.iter().all(|(title, _)| title != "Across panels"));
    assert_eq!(texts[0], "The highest score is 0.7, at x 2 and y 1.");
}

#[test]
fn a_pooled_trend_the_lines_do_not_back_is_said_with_both() {
    // Along x two rows rise by 10 a step and two fall by 0.1: pooled, the values rise
    // (Spearman 0.51, recomputed by hand), but the rows split two against two, so no trend is
    // claimed, and the sentence says both instead of "no consistent trend (ρ = 0.51)".
    let mut csv = String::from("y,x,v\n");
    let rows = [
        [10.0, 20.0, 30.0, 40.0],
        [11.0, 21.0, 31.0, 41.0],
        [25.3, 25.2, 25.1, 25.0],
        [25.7, 25.6, 25.5, 25.4],
    ];
    for (y, row) in rows.iter().enumerate() {
        for (x, value) in row.iter().enumerate() {
            csv.push_str(&format!("{},{},{value}\n", y + 1, x + 1));
        }
    }
    let dataset = sweepmap::load_csv(&csv, &sweepmap::CsvOptions::default()).unwrap();
    let model = dataset.models.levels[0].clone();
    let (figure, sections) = observe(&dataset, View::Model { model });
    let observations = &sections[0].1;
    let grid = &figure.panels[0].grid;
    let (rho, _, _) = trend_facts(grid, AxisName::X);
    assert!((rho.unwrap() - 0.509).abs() < 1e-3, "{rho:?}");
    let texts: Vec<&str> = observations.iter().map(|o| o.text.as_str()).collect();
    assert!(
        texts.contains(
            &"Along x, v rises overall (Spearman ρ = 0.51), but 2 of 4 rows agree and 2 \
              disagree, so no trend is claimed."
        ),
        "{texts:#?}"
    );
    assert!(
        texts.contains(&"There is no consistent trend along y (Spearman ρ = 0.12)."),
        "{texts:#?}"
    );
    let claim = observations
        .iter()
        .find_map(|o| match &o.claim {
            Claim::Trend {
                axis: AxisName::X,
                direction,
                ..
            } => Some(*direction),
            _ => None,
        })
        .unwrap();
    assert_eq!(claim, None, "no direction is claimed");
}

/// The sentences of a one-panel CSV with explicit axes.
fn sentences(csv: &str, x: &str, y: &str) -> Vec<String> {
    let options = sweepmap::CsvOptions {
        x: Some(x.into()),
        y: Some(y.into()),
        value: Some("acc".into()),
        ..sweepmap::CsvOptions::default()
    };
    let dataset = sweepmap::load_csv(csv, &options).unwrap();
    let (_, sections) = observe(&dataset, View::Grid);
    sections[0].1.iter().map(|o| o.text.clone()).collect()
}

/// A trend runs along numbers or bin ranges, never along text categories (models, tasks, an
/// optimizer's names), whose order is only the data's (seen on lm-evaluation-harness results:
/// "Along model, acc falls: a moderate trend").
#[test]
fn no_trend_is_claimed_along_text_categories() {
    // acc rises with lr in every row, and falls along the listed models in every column.
    let csv = "model_name,lr,acc\n\
               alpha,0.1,10\nalpha,0.2,20\nalpha,0.3,30\n\
               beta,0.1,5\nbeta,0.2,15\nbeta,0.3,25\n\
               gamma,0.1,1\ngamma,0.2,11\ngamma,0.3,21\n";
    let said = sentences(csv, "lr", "model_name");
    assert!(
        said.iter()
            .any(|s| s.starts_with("Along lr, acc rises: a strong trend")),
        "{said:?}"
    );
    assert!(
        !said
            .iter()
            .any(|s| s.contains("along model_name") || s.contains("Along model_name")),
        "{said:?}"
    );

    // The same numbers with the models as bins of a parameter: ranges are ordered.
    let binned = csv
        .replace("alpha", "0–1")
        .replace("beta", "1–2")
        .replace("gamma", "2–3");
    let said = sentences(&binned, "lr", "model_name");
    assert!(
        said.iter().any(|s| s.starts_with("Along model_name, acc")),
        "{said:?}"
    );
}

#[test]
fn one_missing_cell_is_said_in_the_singular() {
    let csv = "opt,lr,acc\nadam,0.1,1\nadam,0.2,2\nsgd,0.1,3\n";
    let said = sentences(csv, "lr", "opt");
    assert!(
        said.contains(&"1 of 4 cells is missing.".to_string()),
        "{said:?}"
    );
}
