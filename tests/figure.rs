//! Questions asked of a prepared figure: hover information, descriptions, reports, the CSV of
//! the data shown and export names, on the bundled seed data.
#![cfg(not(target_arch = "wasm32"))]

use std::path::PathBuf;

use sweepmap::figure::{prepare_figure, BenchmarkChoice, Figure, FigureOptions, View};
use sweepmap::{load_json, Dataset};

fn kv() -> Dataset {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("www/data/kv-cache-sweep.json");
    load_json(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn prepare(view: View) -> (Dataset, Figure) {
    let dataset = kv();
    let options = FigureOptions {
        view,
        ..FigureOptions::default()
    };
    let figure = prepare_figure(&dataset, &options).unwrap();
    (dataset, figure)
}

fn qwen() -> (Dataset, Figure) {
    prepare(View::Model {
        model: "R1-Qwen".into(),
    })
}

#[test]
fn hover_gives_value_rank_and_distance_from_the_peak() {
    let (dataset, figure) = qwen();
    let x = dataset.x.position("0.1").unwrap();
    let y = dataset.y.position("500").unwrap();
    // Seed 002, R1-Qwen AIME24: window 500, ratio 0.1 is 42.7; the peak is 52.0. AIME24's 30
    // items give each cell a standard error of about 9 points: labels are whole numbers.
    let info = figure.cell_info(0, x, y).unwrap();
    assert_eq!(info.title, "R1-Qwen | AIME24");
    assert_eq!(info.value, Some(42.7));
    assert_eq!(info.value_label, "43");
    assert_eq!(
        (info.x_label.as_str(), info.y_label.as_str()),
        ("0.1", "500")
    );
    // Better than 42.7: 52.0, 48.7, 47.3 (x4), 46.0 (x3), 45.3, 44.0 (x2), 43.3 (x2) = 14 cells.
    assert_eq!(info.rank, Some(15));
    assert!((info.below_peak.unwrap() - 9.3).abs() < 1e-9);
    // The page shows these texts as they are: the label reads back as 43, not 42.7, so the
    // value in full goes beside it; the distance is written at the labels' decimals.
    assert_eq!(info.exact_label.as_deref(), Some("42.7"));
    assert_eq!(info.below_peak_label.as_deref(), Some("9"));
    assert_eq!(info.std_dev_label, None);
    assert_eq!(
        info.text,
        "R1-Qwen | AIME24: Ratio 0.1, Local Window Size 500: 43, rank 15 of 20, 9 below the peak"
    );
    let peak = figure
        .cell_info(
            0,
            dataset.x.position("0.4").unwrap(),
            dataset.y.position("2000").unwrap(),
        )
        .unwrap();
    assert_eq!(peak.rank, Some(1));
    assert!(peak.text.ends_with("52, the peak of 20 cells"));
    // 52.0 is labelled "52": the label says it all.
    assert_eq!(peak.exact_label, None);
    assert_eq!(peak.below_peak_label.as_deref(), Some("0"));
    assert!(figure.cell_info(0, 9, 0).is_none());
    assert!(figure.cell_info(99, 0, 0).is_none());
}

/// A tooltip's rows as (term, text), and the terms of the rows marked as the value.
fn tooltip(info: &sweepmap::figure::CellInfo) -> (Vec<(&str, &str)>, Vec<&str>) {
    let rows = info
        .tooltip
        .iter()
        .map(|row| (row.term.as_str(), row.text.as_str()))
        .collect();
    let values = info
        .tooltip
        .iter()
        .filter(|row| row.value)
        .map(|row| row.term.as_str())
        .collect();
    (rows, values)
}

#[test]
fn the_tooltip_rows_are_written_by_the_core() {
    let (dataset, figure) = qwen();
    let at = |x: &str, y: &str| {
        figure
            .cell_info(
                0,
                dataset.x.position(x).unwrap(),
                dataset.y.position(y).unwrap(),
            )
            .unwrap()
    };
    // 42.7 is labelled 43: the value in full goes beside it.
    assert_eq!(
        tooltip(&at("0.1", "500")),
        (
            vec![
                ("Ratio", "0.1"),
                ("Local Window Size", "500"),
                ("Value", "43 (exactly 42.7)"),
                ("Rank", "15 of 20"),
                ("Below the peak", "9"),
            ],
            vec!["Value"]
        )
    );
    assert_eq!(
        tooltip(&at("0.4", "2000")).0,
        vec![
            ("Ratio", "0.4"),
            ("Local Window Size", "2000"),
            ("Value", "52"),
            ("Rank", "1 of 20 (the peak)"),
            ("Below the peak", "0"),
        ]
    );
    // A cell not measured: only the axes and the value's row saying so.
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("www/data/partial-r1-qwen.json");
    let partial = load_json(&std::fs::read_to_string(path).unwrap()).unwrap();
    let figure = prepare_figure(&partial, &FigureOptions::default()).unwrap();
    let panel = figure
        .panels
        .iter()
        .position(|panel| panel.title == "R1-Qwen | AIME24")
        .unwrap();
    let info = figure
        .cell_info(
            panel,
            partial.x.position("0.2").unwrap(),
            partial.y.position("500").unwrap(),
        )
        .unwrap();
    assert_eq!(info.value, None);
    assert_eq!(
        tooltip(&info),
        (
            vec![
                ("Ratio", "0.2"),
                ("Local Window Size", "500"),
                ("Value", "missing (not measured)"),
            ],
            vec!["Value"]
        )
    );
}

#[test]
fn descriptions_name_every_tied_peak_and_the_colour_range() {
    let (_, figure) = qwen();
    let amc = &figure.panels[2];
    assert_eq!(
        figure.describe_panel(amc),
        "R1-Qwen | AMC23: heatmap of Pass@1 (%) over Ratio and Local Window Size. The highest \
         value, 89, is at Ratio 0.4, Local Window Size 500; Ratio 0.5, Local Window Size 500; \
         Ratio 0.5, Local Window Size 1000; Ratio 0.4, Local Window Size 2000 (4 cells tie). \
         20 of 20 cells present; colours from 85 to 89."
    );
    let reports = figure.reports();
    assert_eq!(reports.len(), 5);
    assert_eq!(reports[2].peak_cells.len(), 4);
    assert_eq!(
        reports[2].worst_cells,
        ["Ratio 0.2, Local Window Size 2000"]
    );
}

#[test]
fn shown_data_csv_has_one_row_per_present_cell() {
    let (_, figure) = prepare(View::Benchmark {
        benchmark: BenchmarkChoice::Named("AIME24".into()),
    });
    let csv = figure.shown_data_csv();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "panel,model,benchmark,Local Window Size,Ratio,Pass@1 (%)"
    );
    assert_eq!(lines.len(), 1 + 2 * 20);
    assert!(lines.contains(&"R1-Qwen | AIME24,R1-Qwen,AIME24,2000,0.4,52"));
    assert_eq!(figure.file_stem(), "aime24");
}

#[test]
fn export_names_say_what_they_hold() {
    let (_, figure) = qwen();
    assert_eq!(figure.file_stem(), "r1-qwen");
    let (_, single) = prepare(View::Difference {
        a: "R1-Qwen".into(),
        b: "R1-Llama".into(),
        benchmark: BenchmarkChoice::Mean,
    });
    assert_eq!(single.file_stem(), "r1-qwen-r1-llama-mean-of-4-benchmarks");
}

/// The smallest and largest value present in a panel's grid, read from its cells.
fn grid_extent(figure: &Figure, panel: usize) -> (f64, f64) {
    let grid = &figure.panels[panel].grid;
    let values: Vec<f64> = grid.present().map(|(_, _, cell)| cell.mean).collect();
    let low = values.iter().copied().fold(f64::INFINITY, f64::min);
    let high = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    (low, high)
}

#[test]
fn panels_say_whether_their_cells_carry_a_noise_estimate() {
    // Each benchmark has its item count, so its cells have binomial standard errors; the
    // reported average has none and no replicates: no marks can be drawn on it.
    let (_, figure) = prepare(View::Model {
        model: "R1-Llama".into(),
    });
    let estimated: Vec<(&str, bool)> = figure
        .panels
        .iter()
        .map(|panel| (panel.title.as_str(), figure.has_noise_estimate(panel)))
        .collect();
    assert_eq!(
        estimated,
        [
            ("R1-Llama | AIME24", true),
            ("R1-Llama | AIME25", true),
            ("R1-Llama | AMC23", true),
            ("R1-Llama | GPQA-Diamond", true),
            ("R1-Llama | Average (reported)", false),
        ]
    );
    // The mean across benchmarks combines its parts' errors; a difference tests the cells both
    // models have errors for.
    let (_, mean) = prepare(View::Benchmark {
        benchmark: BenchmarkChoice::Mean,
    });
    assert!(mean
        .panels
        .iter()
        .all(|panel| mean.has_noise_estimate(panel)));
    for (benchmark, estimated) in [("AIME24", true), ("Average (reported)", false)] {
        let (_, difference) = prepare(View::Difference {
            a: "R1-Qwen".into(),
            b: "R1-Llama".into(),
            benchmark: BenchmarkChoice::from_name(benchmark),
        });
        assert_eq!(
            difference.has_noise_estimate(&difference.panels[0]),
            estimated,
            "{benchmark}"
        );
    }
    // Data without items or replicates: no panel has one.
    let plain = sweepmap::load_csv(
        "model,benchmark,y,x,score\nm,b,1,1,0.5\nm,b,1,2,0.7\nm,b,2,1,0.6\n",
        &sweepmap::CsvOptions::default(),
    )
    .unwrap();
    let figure = prepare_figure(&plain, &FigureOptions::default()).unwrap();
    assert!(!figure.has_noise_estimate(&figure.panels[0]));
}

#[test]
fn a_fixed_range_starts_from_the_values_the_figure_colours() {
    // R1-Llama across its benchmarks: the lowest cell is AIME25's 24.0, the highest AMC23's
    // 89.0 (seed 000).
    let (_, figure) = prepare(View::Model {
        model: "R1-Llama".into(),
    });
    assert_eq!(figure.value_extent(), Some((24.0, 89.0)));
    assert_eq!(figure.fixed_range_start(), (24.0, 89.0));

    // A reconciliation: the reported and recomputed panels share a scale; the difference panel
    // has its own and is left out.
    let (_, reconcile) = prepare(View::Reconcile {
        model: "R1-Llama".into(),
        benchmark: "Average (reported)".into(),
    });
    let (reported, recomputed) = (grid_extent(&reconcile, 0), grid_extent(&reconcile, 1));
    let expected = (reported.0.min(recomputed.0), reported.1.max(recomputed.1));
    assert_eq!(reconcile.value_extent(), Some(expected));
    assert_ne!(grid_extent(&reconcile, 2), expected);

    // Every value the same: one either side; no value at all: 0 to 1.
    let options = sweepmap::CsvOptions::default();
    let same = sweepmap::load_csv("y,x,score\n1,1,0.5\n1,2,0.5\n2,1,0.5\n", &options).unwrap();
    let figure = prepare_figure(&same, &FigureOptions::default()).unwrap();
    assert_eq!(figure.fixed_range_start(), (-0.5, 1.5));
    let none = sweepmap::load_csv("y,x,score\n1,1,\n1,2,NA\n", &options).unwrap();
    let figure = prepare_figure(&none, &FigureOptions::default()).unwrap();
    assert_eq!(figure.value_extent(), None);
    assert_eq!(figure.fixed_range_start(), (0.0, 1.0));
}

#[test]
fn the_header_facts_and_the_synthetic_tag_come_from_the_core() {
    let dataset = kv();
    assert_eq!(
        sweepmap::figure::sweep_facts(&dataset),
        "Pass@1 (%), higher is better · 2 models · 5 benchmarks · Ratio × Local Window Size"
    );
    assert!(!sweepmap::figure::is_synthetic(
        dataset.title.as_deref(),
        dataset.source.as_deref()
    ));
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("www/data/synthetic-pairwise.json");
    let scores =
        sweepmap::pairwise::load_pairwise_json(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(
        sweepmap::figure::pairwise_facts(&scores),
        "progress ratio per item, from 0 to 1 · 4 models · 300 items · 3 benchmarks"
    );
    assert!(sweepmap::figure::is_synthetic(
        scores.title(),
        scores.source()
    ));
}
