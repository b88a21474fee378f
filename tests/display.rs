//! Data-supplied text in figures stays bounded and isolated: a title, model, benchmark, axis
//! name, axis value or metric of a million characters draws a figure of ordinary size and an SVG
//! of ordinary length, with the text cut and ended by "…"; a label holding a bidi control shows
//! in every figure text (titles, ticks, axis names, caption, observations) between U+2068 and
//! U+2069, so it cannot reorder the text around it. Many models side by side are compared with
//! their leader rather than in every pair.
#![cfg(not(target_arch = "wasm32"))]

use sweepmap::display::{is_bidi_control, LABEL_LIMIT};
use sweepmap::figure::{
    observe_figure, prepare_figure, BenchmarkChoice, Claim, Figure, FigureOptions, Observation,
    View, MAX_MODELS_COMPARED_IN_PAIRS,
};
use sweepmap::layout::{layout_figure, FigureLayout};
use sweepmap::render::render_svg;
use sweepmap::{load_csv, load_json, CsvOptions, Dataset};

/// The places of a sweep where the data name something shown.
const FIELDS: [&str; 8] = [
    "title",
    "metric",
    "x_name",
    "x_value",
    "y_name",
    "y_value",
    "model",
    "benchmark",
];

/// A small sweep (two models, two benchmarks, 2 x 2 cells) whose `field` is `text`; the title
/// says "synthetic", so the figure draws it as its caption.
fn sweep_with(field: &str, text: &str) -> Dataset {
    let pick = |name: &str, default: &str| {
        if name == field {
            text.to_string()
        } else {
            default.to_string()
        }
    };
    let json = serde_json::json!({
        "title": format!("Synthetic {}", pick("title", "sweep")),
        "metric": {"name": pick("metric", "Pass@1"), "direction": "higher"},
        "x": {"name": pick("x_name", "Ratio"), "values": [pick("x_value", "a"), "b"]},
        "y": {"name": pick("y_name", "Window"), "values": [pick("y_value", "c"), "d"]},
        "model": "Model",
        "benchmark": "Benchmark",
        "panels": [
            {"model": pick("model", "M0"), "benchmark": pick("benchmark", "B0"), "cells": [[1.0, 2.0], [3.0, 4.5]]},
            {"model": pick("model", "M0"), "benchmark": "B1", "cells": [[2.0, 1.0], [0.5, 4.0]]},
            {"model": "M1", "benchmark": pick("benchmark", "B0"), "cells": [[1.5, 2.5], [3.5, 4.0]]},
            {"model": "M1", "benchmark": "B1", "cells": [[1.0, 3.0], [2.0, 5.0]]},
        ],
    });
    load_json(&json.to_string()).expect("the sweep loads")
}

/// Every view of the sweep: each model, each benchmark and the mean, the grid, the difference.
fn views(dataset: &Dataset) -> Vec<View> {
    let models = &dataset.models.levels;
    let mut views = vec![View::Grid];
    for model in models {
        views.push(View::Model {
            model: model.to_string(),
        });
    }
    for benchmark in &dataset.benchmarks.levels {
        views.push(View::Benchmark {
            benchmark: BenchmarkChoice::Named(benchmark.to_string()),
        });
    }
    views.push(View::Benchmark {
        benchmark: BenchmarkChoice::Mean,
    });
    views.push(View::Difference {
        a: models[0].to_string(),
        b: models[1].to_string(),
        benchmark: BenchmarkChoice::Mean,
    });
    views
}

/// The text content of every `<text>` element of an SVG (entities left as written).
fn svg_texts(svg: &str) -> Vec<&str> {
    svg.split("<text")
        .skip(1)
        .filter_map(|rest| {
            let start = rest.find('>')? + 1;
            let end = rest.find("</text>")?;
            rest.get(start..end)
        })
        .collect()
}

fn sentences(sections: &[(String, Vec<Observation>)]) -> Vec<String> {
    sections
        .iter()
        .flat_map(|(title, observations)| {
            std::iter::once(title.clone()).chain(observations.iter().map(|o| o.text.clone()))
        })
        .collect()
}

/// A view of the dataset prepared, laid out at 900 px and rendered as SVG.
fn draw(dataset: &Dataset, view: &View) -> (Figure, FigureLayout, String) {
    let options = FigureOptions {
        view: view.clone(),
        ..FigureOptions::default()
    };
    let figure = prepare_figure(dataset, &options).expect("the figure prepares");
    let layout = layout_figure(&figure, 900.0);
    let svg = render_svg(&figure, &layout).expect("the SVG renders");
    (figure, layout, svg)
}

#[test]
fn a_million_character_name_anywhere_keeps_every_figure_bounded() {
    let huge = "W".repeat(1_000_000);
    for field in FIELDS {
        let dataset = sweep_with(field, &huge);
        for view in views(&dataset) {
            let (figure, layout, svg) = draw(&dataset, &view);
            assert!(
                layout.width <= 4_000.0 && layout.height <= 4_000.0,
                "{field} in {view:?}: a figure of {} x {} px",
                layout.width,
                layout.height
            );
            assert!(
                svg.len() < 100_000,
                "{field} in {view:?}: an SVG of {} bytes",
                svg.len()
            );
            for text in svg_texts(&svg) {
                assert!(
                    text.chars().count() <= LABEL_LIMIT * 2,
                    "{field}: {} chars",
                    text.len()
                );
            }
            // Cut where the text reaches the limit (the title starts with "Synthetic "); a
            // model or benchmark, which name the panels, cut further to fit the panel's title,
            // and an x or y value, a tick label, to the room its axis gives labels (a start of
            // the cut text, at least a few characters, then "…").
            let cut = format!("{}…", "W".repeat(LABEL_LIMIT - 11));
            let fitted = |text: &str| {
                text.split(['|', ' ', '\n']).any(|part| {
                    let rest = part.replace('W', "");
                    part.len() > 8 && !rest.is_empty() && rest.chars().all(|c| c == '…')
                })
            };
            let names_panels = matches!(field, "model" | "benchmark" | "x_value" | "y_value");
            assert!(
                svg_texts(&svg)
                    .iter()
                    .any(|text| text.contains(&cut) || (names_panels && fitted(text)))
                    || !figure_shows(field, &view),
                "{field} in {view:?}: the cut text is not drawn"
            );
            let sections = observe_figure(&dataset, &figure, &view, Some(0.95));
            for sentence in sentences(&sections) {
                assert!(
                    sentence.chars().count() < 8 * LABEL_LIMIT,
                    "{field} in {view:?}: a sentence of {} characters",
                    sentence.chars().count()
                );
            }
        }
    }
}

/// Whether a view draws the field at all: one benchmark's view of the other benchmark, and the
/// mean of benchmarks, name no benchmark; the difference view names no benchmark but the mean.
fn figure_shows(field: &str, view: &View) -> bool {
    match (field, view) {
        ("benchmark", View::Benchmark { benchmark }) => {
            !matches!(benchmark, BenchmarkChoice::Mean)
                && !matches!(benchmark, BenchmarkChoice::Named(name) if name == "B1")
        }
        ("benchmark", View::Difference { .. }) => false,
        ("model", View::Model { model }) => model != "M1",
        _ => true,
    }
}

/// A text in which every bidi control lies between a U+2068 (or U+2066, U+2067) and its U+2069.
fn controls_isolated(text: &str) -> bool {
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '\u{2066}'..='\u{2068}' => depth += 1,
            '\u{2069}' => depth = depth.saturating_sub(1),
            c if is_bidi_control(c) && depth == 0 => return false,
            _ => {}
        }
    }
    true
}

#[test]
fn labels_with_bidi_controls_are_isolated_in_every_figure_text() {
    for control in ['\u{202E}', '\u{202B}', '\u{200F}', '\u{2067}', '\u{061C}'] {
        let label = format!("safe{control}gnp.exe");
        for field in FIELDS {
            let dataset = sweep_with(field, &label);
            for view in views(&dataset) {
                let (figure, _, svg) = draw(&dataset, &view);
                let texts = svg_texts(&svg);
                assert!(
                    texts.iter().any(|text| text.contains(control)) || !figure_shows(field, &view),
                    "{field} in {view:?}: the label is not drawn"
                );
                for text in texts {
                    assert!(controls_isolated(text), "{field} in {view:?}: {text:?}");
                }
                let sections = observe_figure(&dataset, &figure, &view, Some(0.95));
                for sentence in sentences(&sections) {
                    assert!(
                        controls_isolated(&sentence),
                        "{field} in {view:?}: {sentence:?}"
                    );
                }
            }
        }
    }
}

/// `count` models on one benchmark, model `leader` ahead everywhere by a margin.
fn models_side_by_side(count: usize, leader: usize) -> Dataset {
    let mut csv = String::from("model,benchmark,x,y,value\n");
    for model in 0..count {
        for x in 0..2 {
            for y in 0..2 {
                let value = if model == leader {
                    100.0
                } else {
                    ((model * 7 + x * 3 + y) % 50) as f64
                };
                csv.push_str(&format!("M{model},B,{x},{y},{value}\n"));
            }
        }
    }
    load_csv(&csv, &CsvOptions::default()).expect("the sweep loads")
}

fn comparisons(dataset: &Dataset) -> Vec<(String, String)> {
    let view = View::Benchmark {
        benchmark: BenchmarkChoice::Named("B".to_string()),
    };
    let options = FigureOptions {
        view: view.clone(),
        ..FigureOptions::default()
    };
    let figure = prepare_figure(dataset, &options).expect("the figure prepares");
    observe_figure(dataset, &figure, &view, None)
        .iter()
        .flat_map(|(_, observations)| observations)
        .filter_map(|observation| match &observation.claim {
            Claim::Comparison { a, b, .. } => Some((a.clone(), b.clone())),
            _ => None,
        })
        .collect()
}

#[test]
fn few_models_are_compared_in_every_pair_many_with_their_leader() {
    for count in 2..=MAX_MODELS_COMPARED_IN_PAIRS {
        let pairs = comparisons(&models_side_by_side(count, count / 2));
        let expected: Vec<(String, String)> = (0..count)
            .flat_map(|a| ((a + 1)..count).map(move |b| (format!("M{a}"), format!("M{b}"))))
            .collect();
        assert_eq!(pairs, expected, "{count} models");
    }
    for (count, leader) in [(9, 4), (40, 0), (1_000, 617)] {
        let pairs = comparisons(&models_side_by_side(count, leader));
        let expected: Vec<(String, String)> = (0..count)
            .filter(|model| *model != leader)
            .map(|model| (format!("M{leader}"), format!("M{model}")))
            .collect();
        assert_eq!(pairs, expected, "{count} models");
    }
}
