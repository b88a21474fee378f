//! Marginal strips beside each panel (issue 14): their values against hand-computed means and
//! best cells, the best rows and columns marked with their ties, the `auto` rule on a run table,
//! their place in the layout (at 1400 and 390 px), their colours as drawn (the panel's own scale,
//! clipped as the cells are), hover, and the key.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::path::PathBuf;

use sweepmap::color::DomainMode;
use sweepmap::figure::{prepare_figure, Figure, FigureOptions, Order, StripValue, View};
use sweepmap::layout::{layout_figure, Hit, KeyItem, Rect};
use sweepmap::render::{draw_figure_on, CellPainting, DrawOptions};
use sweepmap::table::{open_sweep, TableOptions};
use sweepmap::view::{resolve_options, Settings, Surroundings};
use sweepmap::{load_json, Dataset};

use common::Pixels;

/// One model on one benchmark (30 items, so every cell has a standard error): 7 steps (x) by
/// 3 widths (y). Rows as listed: width 10 is 1..7 (mean 4), width 20 is 7..1 (mean 4: tied
/// with 10), width 30 is six 2s and a missing cell (mean 2 over 6 cells). Columns: steps 1 to 6
/// have means of 10/3, step 7 has (7 + 1) / 2 = 4.
const SWEEP: &str = r#"{
  "title": "Strip test sweep",
  "metric": {"name": "Pass@1", "direction": "higher", "unit": "%"},
  "x": {"name": "Steps", "values": [1, 2, 3, 4, 5, 6, 7]},
  "y": {"name": "Width", "values": [10, 20, 30]},
  "model": "Model",
  "benchmark": "Benchmark",
  "benchmarks": [{"name": "B", "items": 30}],
  "panels": [
    {"model": "M", "benchmark": "B", "cells": [
      [1, 2, 3, 4, 5, 6, 7],
      [7, 6, 5, 4, 3, 2, 1],
      [2, 2, 2, 2, 2, 2, null]
    ]}
  ]
}"#;

fn sweep() -> Dataset {
    load_json(SWEEP).unwrap()
}

fn options(order: Order) -> FigureOptions {
    FigureOptions {
        view: View::Model { model: "M".into() },
        marginals: true,
        order,
        ..FigureOptions::default()
    }
}

fn strip_figure(options: &FigureOptions) -> Figure {
    prepare_figure(&sweep(), options).unwrap()
}

/// The grid row of a width and the column of a step.
fn row(figure: &Figure, width: &str) -> usize {
    figure.y.position(width).unwrap()
}
fn column(figure: &Figure, step: &str) -> usize {
    figure.x.position(step).unwrap()
}

fn assert_close(found: f64, expected: f64) {
    assert!(
        (found - expected).abs() < 1e-9,
        "{found} instead of {expected}"
    );
}

#[test]
fn strips_hold_each_rows_and_columns_mean_and_mark_the_tied_best() {
    let figure = strip_figure(&options(Order::Data));
    assert_eq!(figure.strips().map(|s| s.value), Some(StripValue::Mean));
    let marginals = figure.panels[0].marginals().unwrap();
    let row_value = |width: &str| marginals.rows[row(&figure, width)].as_ref().unwrap();
    assert_close(row_value("10").value, 4.0);
    assert_close(row_value("20").value, 4.0);
    assert_close(row_value("30").value, 2.0);
    assert_eq!(row_value("30").present, 6);
    for step in ["1", "2", "3", "4", "5", "6"] {
        let line = marginals.columns[column(&figure, step)].as_ref().unwrap();
        assert_close(line.value, 10.0 / 3.0);
        assert_eq!(line.present, 3);
    }
    let last = marginals.columns[column(&figure, "7")].as_ref().unwrap();
    assert_close(last.value, 4.0);
    assert_eq!(last.present, 2);
    // Widths 10 and 20 tie: both marked. Step 7 alone is the best column.
    let mut best_rows = vec![row(&figure, "10"), row(&figure, "20")];
    best_rows.sort_unstable();
    assert_eq!(marginals.best_rows, best_rows);
    assert_eq!(marginals.best_columns, [column(&figure, "7")]);
    // Every cell has a standard error: the interval is mean ± 1.96 · sqrt(Σ se²) / n.
    let panel = &figure.panels[0];
    let y = row(&figure, "30");
    let mut squares = 0.0;
    for x in 0..6 {
        let error = panel.errors[y * 7 + x].as_ref().unwrap().standard_error;
        squares += error * error;
    }
    let half = 1.959_963_984_540_054 * f64::sqrt(squares) / 6.0;
    let (low, high) = row_value("30").interval.unwrap();
    assert!((low - (2.0 - half)).abs() < 1e-6 && (high - (2.0 + half)).abs() < 1e-6);
    // Marks off: no line is marked within noise.
    assert!(marginals.near_best_rows.is_empty() && marginals.near_best_columns.is_empty());
}

#[test]
fn under_order_best_strips_hold_each_lines_best_cell() {
    let figure = strip_figure(&options(Order::Best));
    assert_eq!(figure.strips().map(|s| s.value), Some(StripValue::Best));
    let marginals = figure.panels[0].marginals().unwrap();
    let value = |line: &Option<sweepmap::analysis::LineMarginal>| line.as_ref().unwrap().value;
    assert_eq!(value(&marginals.rows[row(&figure, "10")]), 7.0);
    assert_eq!(value(&marginals.rows[row(&figure, "20")]), 7.0);
    assert_eq!(value(&marginals.rows[row(&figure, "30")]), 2.0);
    let columns: Vec<f64> = ["1", "2", "3", "4", "5", "6", "7"]
        .iter()
        .map(|step| value(&marginals.columns[column(&figure, step)]))
        .collect();
    assert_eq!(columns, [7.0, 6.0, 5.0, 4.0, 5.0, 6.0, 7.0]);
    // Steps 1 and 7 tie at 7.
    let mut best = vec![column(&figure, "1"), column(&figure, "7")];
    best.sort_unstable();
    assert_eq!(marginals.best_columns, best);
    let layout = layout_figure(&figure, 900.0);
    let key: Vec<&str> = layout.key.iter().map(|k| k.label.as_str()).collect();
    assert!(
        key.contains(&"strips: row and column best cells"),
        "{key:?}"
    );
}

#[test]
fn with_the_marks_on_lines_within_noise_of_the_best_get_a_dot_and_the_key_says_so() {
    let figure = strip_figure(&FigureOptions {
        uncertainty: Some(0.95),
        ..options(Order::Data)
    });
    let marginals = figure.panels[0].marginals().unwrap();
    // Step 7 (mean 4 of two cells) against steps 1 to 6 (10/3 of three cells each): within
    // noise when |4 − 10/3| ≤ sqrt(h7² + h²) with the half widths of their intervals.
    let half = |line: &sweepmap::analysis::LineMarginal| {
        let (low, high) = line.interval.unwrap();
        (high - low) / 2.0
    };
    let best = marginals.columns[column(&figure, "7")].as_ref().unwrap();
    let mut expected = Vec::new();
    for x in 0..6 {
        let line = marginals.columns[x].as_ref().unwrap();
        if (best.value - line.value).abs() <= half(best).hypot(half(line)) {
            expected.push(x);
        }
    }
    assert!(!expected.is_empty(), "30 items make every column noisy");
    assert_eq!(marginals.near_best_columns, expected);
    assert_eq!(
        figure.mark_label.as_deref(),
        Some("cannot be told apart from the peak (in a strip: from the best row or column) (95 %)")
    );
}

#[test]
fn the_auto_rule_draws_strips_on_a_big_run_table_and_not_on_the_seed() {
    let nowhere = Surroundings::default();
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/sweeps/synthetic-optuna-trials.csv");
    let text = std::fs::read_to_string(path).unwrap();
    let table = open_sweep(&text, &TableOptions::default()).unwrap();
    let projection = table.project(&table.default_view().unwrap()).unwrap();
    let dataset = projection.dataset;
    assert!(dataset.x.len().max(dataset.y.len()) > 6, "a big panel");
    let resolved = resolve_options(&Settings::default(), &dataset, &nowhere).unwrap();
    let figure = prepare_figure(&dataset, &resolved.figure_options()).unwrap();
    let marginals = figure.panels[0].marginals().expect("strips");
    assert_eq!(marginals.rows.len(), dataset.y.len());
    assert_eq!(marginals.columns.len(), dataset.x.len());

    let seed = load_json(
        &std::fs::read_to_string(
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("www/data/kv-cache-sweep.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let resolved = resolve_options(&Settings::default(), &seed, &nowhere).unwrap();
    let figure = prepare_figure(&seed, &resolved.figure_options()).unwrap();
    assert!(figure.strips().is_none());
    assert!(figure
        .panels
        .iter()
        .all(|panel| panel.marginals().is_none()));
}

/// Rectangles do not overlap (touching edges allowed).
fn apart(a: Rect, b: Rect) -> bool {
    a.right() <= b.x || b.right() <= a.x || a.bottom() <= b.y || b.bottom() <= a.y
}

fn inside(inner: Rect, outer: Rect) -> bool {
    inner.x >= outer.x
        && inner.y >= outer.y
        && inner.right() <= outer.right() + 1e-9
        && inner.bottom() <= outer.bottom() + 1e-9
}

#[test]
fn strips_sit_above_and_right_of_the_plot_at_wide_and_phone_widths() {
    let figure = strip_figure(&options(Order::Data));
    for width in [1400.0, 390.0] {
        let layout = layout_figure(&figure, width);
        assert_eq!(layout.width, width, "fits at {width}");
        let panel = &layout.panels[0];
        let (row_strip, column_strip) = (panel.row_strip.unwrap(), panel.column_strip.unwrap());
        // Right of the plot and above it, as long as the plot's side, a few pixels away.
        assert_eq!(row_strip.y, panel.plot.y);
        assert_eq!(row_strip.height, panel.plot.height);
        assert!(row_strip.x > panel.plot.right() && row_strip.x - panel.plot.right() < 8.0);
        assert_eq!(column_strip.x, panel.plot.x);
        assert_eq!(column_strip.width, panel.plot.width);
        assert!(column_strip.bottom() < panel.plot.y);
        // Thin, and clear of the colour bar, the title, the ticks and the figure's edge.
        assert!(row_strip.width <= 12.0 && column_strip.height <= 12.0);
        let bar = layout.color_bars[0].bar;
        // Further from the colour bar than a plot is, so that it is not read as the legend's.
        assert!(apart(row_strip, bar) && bar.x - row_strip.right() >= 20.0);
        let title_bottom = panel.title.last().unwrap().1 .1 + layout.title_font / 2.0;
        assert!(
            column_strip.y > title_bottom,
            "{width}: strip under the title"
        );
        let whole = Rect {
            x: 0.0,
            y: 0.0,
            width: layout.width,
            height: layout.height,
        };
        assert!(inside(row_strip, whole) && inside(column_strip, whole));
        let bar_label_right = layout.color_bars[0].label_at.0 + layout.axis_font / 2.0;
        assert!(
            bar_label_right <= layout.width,
            "{width}: bar label clipped"
        );
        for tick in &panel.y_ticks {
            assert!(
                tick.at > column_strip.bottom(),
                "y ticks beside the plot only"
            );
        }
        // Strip cells: x = columns (the row strip), y = rows (the column strip).
        for y in 0..3 {
            let cell = layout.cell_rect(0, 7, y).unwrap();
            let plot_cell = layout.cell_rect(0, 6, y).unwrap();
            assert!(inside(cell, row_strip));
            assert_eq!((cell.y, cell.height), (plot_cell.y, plot_cell.height));
            let centre = (cell.x + cell.width / 2.0, cell.y + cell.height / 2.0);
            assert_eq!(
                layout.hit_test(centre.0, centre.1),
                Some(Hit { panel: 0, x: 7, y })
            );
        }
        for x in 0..7 {
            let cell = layout.cell_rect(0, x, 3).unwrap();
            assert!(inside(cell, column_strip));
            let centre = (cell.x + cell.width / 2.0, cell.y + cell.height / 2.0);
            assert_eq!(
                layout.hit_test(centre.0, centre.1),
                Some(Hit { panel: 0, x, y: 3 })
            );
        }
        // No cell at the corner where the strips would meet, nor past them.
        assert_eq!(layout.cell_rect(0, 7, 3), None);
        assert_eq!(layout.cell_rect(0, 8, 0), None);
        assert_eq!(layout.cell_rect(0, 0, 4), None);
    }
    // Without strips there are no strip cells.
    let plain = prepare_figure(
        &sweep(),
        &FigureOptions {
            marginals: false,
            ..options(Order::Data)
        },
    )
    .unwrap();
    let layout = layout_figure(&plain, 900.0);
    assert_eq!(layout.panels[0].row_strip, None);
    assert_eq!(layout.cell_rect(0, 7, 0), None);
    assert_eq!(layout.cell_rect(0, 0, 3), None);
    assert!(layout.key.iter().all(|entry| entry.item != KeyItem::Strips));
}

/// Each strip cell's colour at its centre is the panel's scale's colour for its value (clipped
/// as the cells are by a fixed range, whose legend then marks the clipping), whether the cells
/// are drawn as shapes or left to a raster pass; the best lines, ties included, are outlined.
#[test]
fn strips_are_drawn_on_the_panels_scale_with_the_best_outlined() {
    for domain in [
        DomainMode::PerPanel,
        DomainMode::Fixed { min: 0.0, max: 3.0 },
    ] {
        let figure = strip_figure(&FigureOptions {
            domain,
            ..options(Order::Data)
        });
        let panel = &figure.panels[0];
        let marginals = panel.marginals().unwrap();
        let layout = layout_figure(&figure, 700.0);
        for cells in [CellPainting::Shapes, CellPainting::Skip] {
            let (width, height) = (layout.width.ceil() as i32, layout.height.ceil() as i32);
            let mut surface = Pixels::new(width, height);
            let draw = DrawOptions {
                cells,
                ..DrawOptions::default()
            };
            draw_figure_on(&mut surface, &figure, &layout, draw).unwrap();
            let strip_cells = (0..3)
                .map(|y| ((7, y), &marginals.rows[y]))
                .chain((0..7).map(|x| ((x, 3), &marginals.columns[x])));
            for ((x, y), line) in strip_cells {
                let value = line.as_ref().unwrap().value;
                let rect = layout.cell_rect(0, x, y).unwrap();
                // Away from the outline of a best line.
                let at = (rect.x + rect.width / 2.0, rect.y + rect.height / 2.0);
                assert_eq!(
                    surface.at(at),
                    panel.scale.color(value),
                    "({x}, {y}) under {domain:?}"
                );
            }
            // Widths 10 and 20 and step 7 outlined 2 px inside their cells.
            let outlined = |x: usize, y: usize| {
                let rect = layout.cell_rect(0, x, y).unwrap();
                let from = ((rect.x + 2.0).round() as i32, (rect.y + 2.0).round() as i32);
                surface.outlines.iter().any(|outline| outline.0 == from)
            };
            assert!(outlined(7, row(&figure, "10")) && outlined(7, row(&figure, "20")));
            assert!(!outlined(7, row(&figure, "30")));
            assert!(outlined(column(&figure, "7"), 3));
            assert!(!outlined(column(&figure, "1"), 3));
        }
        if let DomainMode::Fixed { .. } = domain {
            // Step 7's mean 4 is above the range: the top colour, as the cells above it get,
            // and the legend marks the clipping (the cells above 3 count).
            let value = marginals.columns[column(&figure, "7")]
                .as_ref()
                .unwrap()
                .value;
            assert_eq!(panel.scale.color(value), panel.scale.color_at_position(1.0));
            assert!(panel.domain.above > 0);
        }
    }
}

#[test]
fn hover_covers_strip_cells_with_their_interval_and_rank() {
    let figure = strip_figure(&options(Order::Data));
    let ten = row(&figure, "10");
    let info = figure.cell_info(0, 7, ten).unwrap();
    assert_eq!(info.strip.as_deref(), Some("row"));
    assert_eq!(
        (info.x_label.as_str(), info.y_label.as_str()),
        ("mean of 7 cells", "10")
    );
    assert_eq!((info.value, info.value_label.as_str()), (Some(4.0), "4"));
    assert_eq!((info.rank, info.present), (Some(1), 3));
    let interval = info.interval_label.clone().unwrap();
    assert!(interval.ends_with(" (95 %)"), "{interval}");
    assert!(
        info.text
            .starts_with("M | B: mean of the row Width 10: 4, interval "),
        "{}",
        info.text
    );
    assert!(info.text.ends_with(", the best of 3 rows"), "{}", info.text);
    // The tooltip: ranked against the best row, not the peak.
    let rows: Vec<(&str, &str)> = info
        .tooltip
        .iter()
        .map(|row| (row.term.as_str(), row.text.as_str()))
        .collect();
    assert_eq!(
        rows,
        vec![
            ("Steps", "mean of 7 cells"),
            ("Width", "10"),
            ("Value", "4"),
            ("Interval", interval.as_str()),
            ("Rank", "1 of 3 (the best row)"),
            ("Below the best row", "0"),
        ]
    );
    let thirty = figure.cell_info(0, 7, row(&figure, "30")).unwrap();
    assert_eq!(thirty.x_label, "mean of 6 cells");
    assert_eq!((thirty.rank, thirty.below_peak), (Some(3), Some(2.0)));
    assert!(
        thirty
            .text
            .ends_with(", rank 3 of 3 rows, 2 below the best"),
        "{}",
        thirty.text
    );
    let step = figure.cell_info(0, column(&figure, "7"), 3).unwrap();
    assert_eq!(step.strip.as_deref(), Some("column"));
    assert_eq!(
        (step.x_label.as_str(), step.y_label.as_str()),
        ("7", "mean of 2 cells")
    );
    assert_eq!(step.rank, Some(1));
    // The corner and beyond: nothing.
    assert_eq!(figure.cell_info(0, 7, 3), None);
    assert_eq!(figure.cell_info(0, 8, 0), None);
    // A grid cell says nothing of strips.
    assert_eq!(figure.cell_info(0, 0, 0).unwrap().strip, None);
}

/// At 390 px the key's long labels (the marks' label says what a dot in a strip means) wrap
/// into lines that stay inside the figure, and the figure is tall enough for them.
#[test]
fn the_key_wraps_inside_a_phone_wide_figure() {
    use sweepmap::layout::estimate_text_width;
    let seed = load_json(
        &std::fs::read_to_string(
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("www/data/kv-cache-sweep.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let figure = prepare_figure(
        &seed,
        &FigureOptions {
            view: View::Model {
                model: "R1-Llama".into(),
            },
            marginals: true,
            uncertainty: Some(0.95),
            ..FigureOptions::default()
        },
    )
    .unwrap();
    let layout = layout_figure(&figure, 390.0);
    assert_eq!(layout.width, 390.0);
    let mark = layout
        .key
        .iter()
        .find(|entry| entry.item == KeyItem::Mark)
        .unwrap();
    assert!(mark.label.lines().count() > 1, "{:?}", mark.label);
    assert_eq!(
        mark.label.replace('\n', " "),
        "cannot be told apart from the peak (in a strip: from the best row or column) (95 %)"
    );
    for entry in &layout.key {
        for line in entry.label.lines() {
            let right = entry.swatch.right() + 6.0 + estimate_text_width(line, layout.tick_font);
            assert!(right <= layout.width - 4.0, "{line:?} ends at {right}");
        }
        assert!(entry.bottom() <= layout.height);
    }
    // Entries do not overlap.
    for (index, a) in layout.key.iter().enumerate() {
        for b in &layout.key[index + 1..] {
            let box_of = |entry: &sweepmap::layout::KeyEntry| Rect {
                height: entry.bottom() - entry.swatch.y,
                ..entry.swatch
            };
            assert!(
                apart(box_of(a), box_of(b)) || a.swatch.y != b.swatch.y,
                "{a:?} {b:?}"
            );
        }
    }
}
