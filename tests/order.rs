//! Panel order: models, benchmarks and a grid's rows and columns sorted by the mean or the best
//! of their panels, best first, ties kept in the data's order and said in each panel's subtitle;
//! the parameter axes never move.
#![cfg(not(target_arch = "wasm32"))]

use sweepmap::figure::{prepare_figure, BenchmarkChoice, Figure, FigureOptions, Order, View};
use sweepmap::{load_json, Dataset};

/// Four models on two benchmarks, 2 x 2 cells each (synthetic). On "Easy" the means are A 40,
/// B 45, C 40, D 50 and the bests A 43, B 46, C 43, D 50; on "Hard" every cell of a model is
/// the same: A 10, B 20, C 30, D 5.
const SWEEP: &str = r#"{
  "title": "Order test sweep (synthetic)",
  "metric": {"name": "Score", "direction": "higher"},
  "x": {"name": "lr", "values": [1, 2]},
  "y": {"name": "wd", "values": [0, 1]},
  "model": "Model",
  "benchmark": "Benchmark",
  "panels": [
    {"model": "A", "benchmark": "Easy", "cells": [[37, 40], [40, 43]]},
    {"model": "A", "benchmark": "Hard", "cells": [[10, 10], [10, 10]]},
    {"model": "B", "benchmark": "Easy", "cells": [[44, 45], [45, 46]]},
    {"model": "B", "benchmark": "Hard", "cells": [[20, 20], [20, 20]]},
    {"model": "C", "benchmark": "Easy", "cells": [[37, 40], [40, 43]]},
    {"model": "C", "benchmark": "Hard", "cells": [[30, 30], [30, 30]]},
    {"model": "D", "benchmark": "Easy", "cells": [[50, 50], [50, 50]]},
    {"model": "D", "benchmark": "Hard", "cells": [[5, 5], [5, 5]]}
  ]
}"#;

fn dataset() -> Dataset {
    load_json(SWEEP).unwrap()
}

fn figure(view: View, order: Order) -> Figure {
    let options = FigureOptions {
        view,
        order,
        decimals: Some(0),
        ..FigureOptions::default()
    };
    prepare_figure(&dataset(), &options).unwrap()
}

fn titles_and_ranks(figure: &Figure) -> Vec<(String, String)> {
    figure
        .panels
        .iter()
        .map(|p| {
            (
                p.title.clone(),
                p.subtitle.last().cloned().unwrap_or_default(),
            )
        })
        .collect()
}

fn easy() -> View {
    View::Benchmark {
        benchmark: BenchmarkChoice::Named("Easy".into()),
    }
}

#[test]
fn models_by_mean_best_first_with_ties_together_in_the_data_order() {
    // Means on Easy: A 40, B 45, C 40, D 50: A and C tie, and keep A before C.
    let figure = figure(easy(), Order::Mean);
    let pairs: Vec<(String, String)> = titles_and_ranks(&figure);
    assert_eq!(
        pairs,
        [
            ("D | Easy".into(), "mean 50 · 1st of 4".into()),
            ("B | Easy".into(), "mean 45 · 2nd of 4".into()),
            ("A | Easy".into(), "mean 40 · tied 3rd of 4".into()),
            ("C | Easy".into(), "mean 40 · tied 3rd of 4".into()),
        ]
    );
    // The axes keep their value order: x 1, 2 and y 0, 1 in every panel.
    assert_eq!(figure.x.labels, ["1", "2"]);
    assert_eq!(figure.y.labels, ["0", "1"]);
    // Each panel keeps its own cells: D's are all 50.
    assert_eq!(figure.panels[0].grid.value(0, 0), Some(50.0));
}

#[test]
fn models_by_best_cell() {
    // Bests on Easy: A 43, B 46, C 43, D 50.
    let pairs = titles_and_ranks(&figure(easy(), Order::Best));
    let titles: Vec<&str> = pairs.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(titles, ["D | Easy", "B | Easy", "A | Easy", "C | Easy"]);
    assert_eq!(pairs[2].1, "best 43 · tied 3rd of 4");
}

#[test]
fn lower_is_better_puts_the_smallest_first() {
    let text = SWEEP.replace(r#""direction": "higher""#, r#""direction": "lower""#);
    let options = FigureOptions {
        view: easy(),
        order: Order::Mean,
        decimals: Some(0),
        ..FigureOptions::default()
    };
    let figure = prepare_figure(&load_json(&text).unwrap(), &options).unwrap();
    let pairs = titles_and_ranks(&figure);
    let titles: Vec<&str> = pairs.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(titles, ["A | Easy", "C | Easy", "B | Easy", "D | Easy"]);
    assert_eq!(pairs[0].1, "mean 40 · tied 1st of 4");
}

#[test]
fn a_models_benchmarks_by_mean() {
    // Model B: Easy 45, Hard 20.
    let pairs = titles_and_ranks(&figure(View::Model { model: "B".into() }, Order::Mean));
    assert_eq!(
        pairs,
        [
            ("B | Easy".into(), "mean 45 · 1st of 2".into()),
            ("B | Hard".into(), "mean 20 · 2nd of 2".into()),
        ]
    );
}

#[test]
fn a_grid_orders_rows_of_models_and_columns_of_benchmarks() {
    // Models by the mean of their panel means: A 25, B 32.5, C 35, D 27.5 -> C, B, D, A.
    // Benchmarks: Easy 43.75, Hard 16.25 -> Easy, Hard (unchanged).
    let figure = figure(View::Grid, Order::Mean);
    let pairs = titles_and_ranks(&figure);
    let titles: Vec<&str> = pairs.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(
        titles,
        [
            "C | Easy", "C | Hard", "B | Easy", "B | Hard", "D | Easy", "D | Hard", "A | Easy",
            "A | Hard"
        ]
    );
    assert_eq!(pairs[0].1, "mean 40 · model 1st of 4 · benchmark 1st of 2");
    assert_eq!(pairs[7].1, "mean 10 · model 4th of 4 · benchmark 2nd of 2");
    assert_eq!(figure.columns, 2);
}

#[test]
fn the_data_order_is_the_default_and_adds_nothing() {
    let figure = figure(easy(), Order::Data);
    let titles: Vec<&str> = figure.panels.iter().map(|p| p.title.as_str()).collect();
    assert_eq!(titles, ["A | Easy", "B | Easy", "C | Easy", "D | Easy"]);
    assert!(figure.panels.iter().all(|p| p.subtitle.is_empty()));
}
