//! Test fixtures: grids and datasets built from the seed figure readings, copied here so that no
//! test reads anything outside the crate.
//!
//! Every seed panel has x = Ratio (0.1, 0.2, 0.3, 0.4, 0.5; column indices 0..=4) and
//! y = Local Window Size (500, 1000, 2000, 3000; row indices 0..=3). The readings print their rows
//! in different orders, so each fixture is copied in the order its reading prints it and the
//! builder says which order that is: seed 000 lists the rows 500, 1000, 2000, 3000 from the top,
//! seeds 002 and 003 list 3000 at the top. Labels are taken at face value.

use crate::{Axis, BenchmarkInfo, Cell, Dataset, Direction, Facet, Grid, Metric, Panel};

/// Ratio labels (x axis).
pub(crate) const RATIOS: [&str; 5] = ["0.1", "0.2", "0.3", "0.4", "0.5"];
/// Local window size labels (y axis).
pub(crate) const WINDOWS: [&str; 4] = ["500", "1000", "2000", "3000"];

/// Column index of a ratio label.
pub(crate) fn ratio(label: &str) -> usize {
    RATIOS.iter().position(|known| *known == label).unwrap()
}

/// Row index of a window label.
pub(crate) fn window(label: &str) -> usize {
    WINDOWS.iter().position(|known| *known == label).unwrap()
}

/// Builds a grid from optional values given row by row, first row = smallest y.
pub(crate) fn grid_from_optional_rows_bottom_up(rows: &[&[Option<f64>]]) -> Grid {
    let columns = rows.first().map_or(0, |row| row.len());
    assert!(rows.iter().all(|row| row.len() == columns), "ragged rows");
    let cells = rows
        .iter()
        .flat_map(|row| row.iter().map(|value| value.map(Cell::single)))
        .collect();
    Grid::from_cells(columns, rows.len(), cells).unwrap()
}

/// Builds a grid from rows given as a heatmap prints them: first row = largest y.
pub(crate) fn grid_from_optional_rows_top_down(rows: &[&[Option<f64>]]) -> Grid {
    let reversed: Vec<&[Option<f64>]> = rows.iter().rev().copied().collect();
    grid_from_optional_rows_bottom_up(&reversed)
}

/// Builds a complete grid from rows listed first = smallest y (seed 000's order).
pub(crate) fn grid_from_rows_bottom_up(rows: &[&[f64]]) -> Grid {
    let optional: Vec<Vec<Option<f64>>> = rows
        .iter()
        .map(|row| row.iter().copied().map(Some).collect())
        .collect();
    let borrowed: Vec<&[Option<f64>]> = optional.iter().map(Vec::as_slice).collect();
    grid_from_optional_rows_bottom_up(&borrowed)
}

/// Builds a complete grid from rows as printed top-down: first = largest y.
pub(crate) fn grid_from_rows_top_down(rows: &[&[f64]]) -> Grid {
    let reversed: Vec<&[f64]> = rows.iter().rev().copied().collect();
    grid_from_rows_bottom_up(&reversed)
}

/// Benchmark names of the seed panels.
pub(crate) const BENCHMARKS: [&str; 4] = ["AIME24", "AIME25", "AMC23", "GPQA_D"];

/// Seed 000, R1-Llama, in benchmark order. The reading lists rows 500, 1000, 2000, 3000.
pub(crate) fn seed_000_llama() -> [Grid; 4] {
    [
        grid_from_rows_bottom_up(&[
            &[41.3, 42.7, 45.3, 44.7, 42.7], // 500
            &[39.3, 49.3, 45.3, 44.0, 46.0], // 1000
            &[44.7, 47.3, 49.3, 46.0, 43.3], // 2000
            &[40.0, 45.3, 41.3, 42.7, 46.7], // 3000
        ]),
        grid_from_rows_bottom_up(&[
            &[26.7, 30.7, 24.0, 26.7, 26.7],
            &[27.3, 26.7, 29.3, 30.7, 26.7],
            &[28.7, 27.3, 28.0, 26.7, 26.7],
            &[26.7, 26.7, 26.7, 26.7, 26.7],
        ]),
        grid_from_rows_bottom_up(&[
            &[85.5, 87.0, 87.3, 87.3, 88.0],
            &[84.0, 87.0, 86.0, 88.0, 86.0],
            &[87.5, 88.0, 86.0, 88.5, 86.5],
            &[86.5, 86.5, 89.0, 87.5, 86.5],
        ]),
        grid_from_rows_bottom_up(&[
            &[44.1, 44.9, 44.9, 45.8, 44.2],
            &[45.8, 45.4, 47.4, 45.6, 46.8],
            &[45.5, 46.6, 46.5, 46.8, 45.5],
            &[46.2, 48.4, 46.3, 46.9, 45.8],
        ]),
    ]
}

/// Seed 002, R1-Qwen, in benchmark order. The reading lists rows 3000, 2000, 1000, 500.
pub(crate) fn seed_002_qwen() -> [Grid; 4] {
    [
        grid_from_rows_top_down(&[
            &[47.3, 46.0, 42.7, 46.0, 47.3], // 3000
            &[42.7, 44.0, 47.3, 52.0, 43.3], // 2000
            &[44.0, 47.3, 45.3, 42.0, 43.3], // 1000
            &[42.7, 40.0, 42.7, 46.0, 48.7], // 500
        ]),
        grid_from_rows_top_down(&[
            &[34.7, 35.3, 34.7, 36.0, 34.0],
            &[32.7, 30.7, 34.0, 36.7, 36.0],
            &[32.0, 34.7, 35.3, 35.3, 32.0],
            &[31.3, 34.0, 31.3, 35.3, 35.3],
        ]),
        grid_from_rows_top_down(&[
            &[86.5, 87.5, 88.0, 86.5, 85.5],
            &[87.5, 85.0, 87.5, 88.5, 87.5],
            &[85.5, 88.0, 88.0, 87.5, 88.5],
            &[86.5, 85.5, 87.0, 88.5, 88.5],
        ]),
        grid_from_rows_top_down(&[
            &[47.1, 46.7, 47.6, 49.1, 48.3],
            &[46.7, 48.1, 49.7, 48.2, 48.0],
            &[47.2, 47.5, 46.4, 48.3, 48.2],
            &[45.7, 47.6, 47.2, 47.5, 46.1],
        ]),
    ]
}

/// Seed 003, the reported per-configuration average of R1-Llama (rows 3000 at the top).
pub(crate) fn seed_003_llama_average() -> Grid {
    grid_from_rows_top_down(&[
        &[49.1, 50.1, 50.6, 50.7, 51.4], // 3000
        &[49.5, 51.7, 52.8, 52.5, 50.9], // 2000
        &[49.9, 52.7, 51.0, 51.9, 51.7], // 1000
        &[49.8, 52.1, 50.7, 50.8, 51.7], // 500
    ])
}

/// Seed 003, the reported per-configuration average of R1-Qwen (rows 3000 at the top).
pub(crate) fn seed_003_qwen_average() -> Grid {
    grid_from_rows_top_down(&[
        &[53.9, 53.9, 53.2, 54.4, 53.8],
        &[52.4, 51.9, 54.6, 56.3, 53.7],
        &[52.2, 54.4, 53.8, 53.3, 53.0],
        &[51.5, 51.8, 52.0, 54.3, 54.6],
    ])
}

/// A dataset with one panel per (model, benchmark), given model-major, over the seed axes.
/// `aggregates` names benchmarks that are reported aggregates, with their parts.
pub(crate) fn dataset_from_panels(
    models: &[&str],
    benchmarks: &[&str],
    grids: Vec<Grid>,
    aggregates: &[(&str, &[&str])],
) -> Dataset {
    assert_eq!(grids.len(), models.len() * benchmarks.len());
    let panels = grids
        .into_iter()
        .enumerate()
        .map(|(index, grid)| Panel {
            model: index / benchmarks.len(),
            benchmark: index % benchmarks.len(),
            grid,
            replicates: Vec::new(),
            reported_errors: Vec::new(),
        })
        .collect();
    let benchmark_info = benchmarks
        .iter()
        .map(|name| BenchmarkInfo {
            aggregate_of: aggregates
                .iter()
                .find(|(aggregate, _)| aggregate == name)
                .map(|(_, parts)| parts.iter().map(|part| part.to_string()).collect()),
            ..BenchmarkInfo::default()
        })
        .collect();
    let labels = |names: &[&str]| names.iter().map(|name| name.to_string()).collect();
    Dataset {
        title: None,
        source: None,
        metric: Metric {
            name: "Pass@1".to_string(),
            direction: Direction::Higher,
            unit: None,
        },
        x: Axis::from_labels("Ratio", labels(&RATIOS)),
        y: Axis::from_labels("Local Window Size", labels(&WINDOWS)),
        models: Facet {
            name: "Model".to_string(),
            levels: labels(models),
        },
        benchmarks: Facet {
            name: "Benchmark".to_string(),
            levels: labels(benchmarks),
        },
        benchmark_info,
        replicate: None,
        panels,
        shows: None,
        caption: None,
    }
}

/// Seeds 000, 002 and 003 as one dataset: models R1-Llama and R1-Qwen, benchmarks AIME24,
/// AIME25, AMC23, GPQA_D and the reported "Average" of the four.
pub(crate) fn seed_dataset() -> Dataset {
    let mut grids = Vec::new();
    grids.extend(seed_000_llama());
    grids.push(seed_003_llama_average());
    grids.extend(seed_002_qwen());
    grids.push(seed_003_qwen_average());
    let mut benchmarks = BENCHMARKS.to_vec();
    benchmarks.push("Average");
    dataset_from_panels(
        &["R1-Llama", "R1-Qwen"],
        &benchmarks,
        grids,
        &[("Average", &BENCHMARKS)],
    )
}

/// Asserts that two floats agree to `tolerance`.
#[track_caller]
pub(crate) fn assert_close(actual: f64, expected: f64, tolerance: f64) {
    assert!(
        (actual - expected).abs() <= tolerance,
        "{actual} differs from {expected} by more than {tolerance}"
    );
}
