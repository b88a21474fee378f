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
    // Seed 002, R1-Qwen AIME24: window 500, ratio 0.1 is 42.7; the peak is 52.0.
    let info = figure.cell_info(0, x, y).unwrap();
    assert_eq!(info.title, "R1-Qwen | AIME24");
    assert_eq!(info.value, Some(42.7));
    assert_eq!(info.value_label, "42.7");
    assert_eq!(
        (info.x_label.as_str(), info.y_label.as_str()),
        ("0.1", "500")
    );
    // Better than 42.7: 52.0, 48.7, 47.3 (x4), 46.0 (x3), 45.3, 44.0 (x2), 43.3 (x2) = 14 cells.
    assert_eq!(info.rank, Some(15));
    assert!((info.below_peak.unwrap() - 9.3).abs() < 1e-9);
    assert_eq!(
        info.text,
        "R1-Qwen | AIME24: Ratio 0.1, Local Window Size 500: 42.7, rank 15 of 20, 9.3 below the peak"
    );
    let peak = figure
        .cell_info(
            0,
            dataset.x.position("0.4").unwrap(),
            dataset.y.position("2000").unwrap(),
        )
        .unwrap();
    assert_eq!(peak.rank, Some(1));
    assert!(peak.text.ends_with("52.0, the peak of 20 cells"));
    assert!(figure.cell_info(0, 9, 0).is_none());
    assert!(figure.cell_info(99, 0, 0).is_none());
}

#[test]
fn descriptions_name_every_tied_peak_and_the_colour_range() {
    let (_, figure) = qwen();
    let amc = &figure.panels[2];
    assert_eq!(
        figure.describe_panel(amc),
        "R1-Qwen | AMC23: heatmap of Pass@1 (%) over Ratio and Local Window Size. The highest \
         value, 88.5, is at Ratio 0.4, Local Window Size 500; Ratio 0.5, Local Window Size 500; \
         Ratio 0.5, Local Window Size 1000; Ratio 0.4, Local Window Size 2000 (4 cells tie). \
         20 of 20 cells present; colours from 85.0 to 88.5."
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
