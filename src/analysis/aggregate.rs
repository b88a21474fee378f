//! Aggregates: the cell-wise mean of several panels, e.g. one model's average over benchmarks.
//!
//! Averaging follows one strict rule: a cell of the mean is present only when *every* averaged
//! grid has it. A looser rule (average whatever is there) would let neighbouring cells average
//! different subsets of benchmarks, and the heatmap would then compare numbers that are not
//! comparable. Result cells hold only the mean (`Cell::single`); spread across benchmarks is not
//! a measurement uncertainty and is not passed off as one.
//!
//! For a model's average across benchmarks, the benchmarks averaged are the dataset's measured
//! ones: benchmarks that are reported aggregates (a paper's "Average" column) are left out, since
//! they are not measurements, and so are benchmarks on which the model has no present cell at all
//! (never run); both are listed in the result so a caption can say what the mean is over.

use serde::Serialize;

use super::statistics::finite_value;
use crate::{Cell, Dataset, Error, Grid, Result};

/// Checks that every grid has the shape of the first.
pub(crate) fn check_same_shape(grids: &[&Grid]) -> Result<()> {
    let Some(first) = grids.first() else {
        return Err(Error::InvalidField {
            field: "grids".to_string(),
            expected: "at least one grid".to_string(),
        });
    };
    match grids
        .iter()
        .find(|grid| grid.columns() != first.columns() || grid.rows() != first.rows())
    {
        Some(other) => Err(shape_error(first, other)),
        None => Ok(()),
    }
}

/// The error for two grids of different shapes.
pub(crate) fn shape_error(expected: &Grid, found: &Grid) -> Error {
    Error::InvalidField {
        field: "grid shape".to_string(),
        expected: format!(
            "{} columns and {} rows like the first grid, found {} columns and {} rows",
            expected.columns(),
            expected.rows(),
            found.columns(),
            found.rows()
        ),
    }
}

/// The cell-wise mean of grids of one shape. A cell is present only when every grid has it.
/// Fails when `grids` is empty or the shapes differ.
pub fn average_grids(grids: &[&Grid]) -> Result<Grid> {
    check_same_shape(grids)?;
    let (columns, rows) = grids
        .first()
        .map_or((0, 0), |grid| (grid.columns(), grid.rows()));
    let mut average = Grid::empty(columns, rows);
    for y in 0..rows {
        for x in 0..columns {
            let mut values: Vec<f64> = Vec::with_capacity(grids.len());
            for grid in grids {
                match finite_value(grid, x, y) {
                    Some(value) => values.push(value),
                    None => break,
                }
            }
            if values.len() == grids.len() {
                let mean = values.iter().sum::<f64>() / values.len() as f64;
                average.set(x, y, Some(Cell::single(mean)));
            }
        }
    }
    Ok(average)
}

/// Which of a model's benchmarks an across-benchmark analysis uses, and which it leaves out.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct BenchmarkSelection {
    /// Benchmark indices used: measured, not reported aggregates, at least one present cell.
    pub included: Vec<usize>,
    /// Benchmark indices left out because they are reported aggregates.
    pub reported_aggregates: Vec<usize>,
    /// Benchmark indices left out because the model has no present cell on them.
    pub unmeasured: Vec<usize>,
}

/// Chooses the benchmarks to average or rank over for one model (see the module notes). Fails for
/// an unknown model index or when no benchmark remains.
pub fn select_benchmarks(dataset: &Dataset, model: usize) -> Result<BenchmarkSelection> {
    let model_name = dataset
        .models
        .levels
        .get(model)
        .ok_or_else(|| Error::Unknown {
            what: "model",
            name: format!("#{model}"),
            known: dataset.models.levels.clone(),
        })?;
    let mut selection = BenchmarkSelection {
        included: Vec::new(),
        reported_aggregates: Vec::new(),
        unmeasured: Vec::new(),
    };
    for benchmark in 0..dataset.benchmarks.levels.len() {
        if dataset.is_reported_aggregate(benchmark) {
            selection.reported_aggregates.push(benchmark);
            continue;
        }
        let measured = dataset.panel_at(model, benchmark).is_some_and(|panel| {
            panel
                .grid
                .present()
                .any(|(_, _, cell)| cell.mean.is_finite())
        });
        if measured {
            selection.included.push(benchmark);
        } else {
            selection.unmeasured.push(benchmark);
        }
    }
    if selection.included.is_empty() {
        return Err(Error::InvalidField {
            field: format!("model \"{model_name}\""),
            expected: "measurements on at least one benchmark that is not a reported aggregate"
                .to_string(),
        });
    }
    Ok(selection)
}

/// The grids of a model on the selected benchmarks, in benchmark order.
pub(crate) fn selected_grids<'a>(
    dataset: &'a Dataset,
    model: usize,
    selection: &BenchmarkSelection,
) -> Result<Vec<&'a Grid>> {
    let mut grids = Vec::with_capacity(selection.included.len());
    for &benchmark in &selection.included {
        let Some(panel) = dataset.panel_at(model, benchmark) else {
            return Err(Error::Unknown {
                what: "panel",
                name: format!("#{model} | #{benchmark}"),
                known: Vec::new(),
            });
        };
        grids.push(&panel.grid);
    }
    Ok(grids)
}

/// A model's cell-wise mean across benchmarks, with what it is over.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BenchmarkAverage {
    /// The model index.
    pub model: usize,
    /// The mean grid; a cell is present only when every included benchmark has it.
    pub grid: Grid,
    /// The benchmarks used and those left out.
    pub selection: BenchmarkSelection,
    /// Names of the benchmarks used, in order.
    pub benchmark_names: Vec<String>,
}

/// Averages a model's panels across its measured, non-aggregate benchmarks.
pub fn average_benchmarks(dataset: &Dataset, model: usize) -> Result<BenchmarkAverage> {
    let selection = select_benchmarks(dataset, model)?;
    let grids = selected_grids(dataset, model, &selection)?;
    let grid = average_grids(&grids)?;
    let mut benchmark_names = Vec::with_capacity(selection.included.len());
    for &benchmark in &selection.included {
        if let Some(name) = dataset.benchmarks.levels.get(benchmark) {
            benchmark_names.push(name.clone());
        }
    }
    Ok(BenchmarkAverage {
        model,
        grid,
        selection,
        benchmark_names,
    })
}

/// The grid of [`average_benchmarks`] alone.
pub fn mean_across_benchmarks(dataset: &Dataset, model: usize) -> Result<Grid> {
    average_benchmarks(dataset, model).map(|average| average.grid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_support::{
        assert_close, dataset_from_panels, grid_from_optional_rows_top_down, ratio, seed_dataset,
        window,
    };

    #[test]
    fn qwen_average_leaves_out_the_reported_average() {
        let dataset = seed_dataset();
        let average = average_benchmarks(&dataset, 1).unwrap();
        assert_eq!(average.selection.included, [0, 1, 2, 3]);
        assert_eq!(average.selection.reported_aggregates, [4]);
        assert!(average.selection.unmeasured.is_empty());
        assert_eq!(
            average.benchmark_names,
            ["AIME24", "AIME25", "AMC23", "GPQA_D"]
        );
        // (52.0 + 36.7 + 88.5 + 48.2) / 4 = 56.35 at ratio 0.4, window 2000.
        let value = average.grid.value(ratio("0.4"), window("2000")).unwrap();
        assert_close(value, 56.35, 1e-9);
        assert_eq!(average.grid.present_count(), 20);
        assert_eq!(average.grid.get(0, 0).unwrap().count, 1);
        // R1-Llama at ratio 0.1, window 3000: (40.0 + 26.7 + 86.5 + 46.2) / 4 = 49.85.
        let llama = mean_across_benchmarks(&dataset, 0).unwrap();
        assert_close(
            llama.value(ratio("0.1"), window("3000")).unwrap(),
            49.85,
            1e-9,
        );
    }

    #[test]
    fn a_cell_missing_in_one_benchmark_is_missing_in_the_mean() {
        let first =
            grid_from_optional_rows_top_down(&[&[Some(1.0), Some(2.0)], &[Some(3.0), None]]);
        let second = grid_from_optional_rows_top_down(&[&[Some(3.0), None], &[Some(5.0), None]]);
        let unmeasured = Grid::empty(2, 2);
        let reported = grid_from_optional_rows_top_down(&[&[Some(2.0), Some(2.0)], &[None, None]]);
        let dataset = dataset_from_panels(
            &["M"],
            &["A", "B", "C", "Mean"],
            vec![first, second, unmeasured, reported],
            &[("Mean", &["A", "B"])],
        );
        let average = average_benchmarks(&dataset, 0).unwrap();
        assert_eq!(average.selection.included, [0, 1]);
        assert_eq!(average.selection.unmeasured, [2]);
        assert_eq!(average.selection.reported_aggregates, [3]);
        // Top row is y = 1: (1 + 3) / 2 = 2 present, (2, missing) missing.
        assert_eq!(average.grid.value(0, 1), Some(2.0));
        assert_eq!(average.grid.value(1, 1), None);
        assert_eq!(average.grid.value(0, 0), Some(4.0));
        assert_eq!(average.grid.value(1, 0), None);
        assert_eq!(average.grid.present_count(), 2);
    }

    #[test]
    fn unknown_models_and_mismatched_shapes_are_errors() {
        let dataset = seed_dataset();
        assert!(matches!(
            mean_across_benchmarks(&dataset, 7),
            Err(Error::Unknown { what: "model", .. })
        ));
        assert!(average_grids(&[]).is_err());
        let error = average_grids(&[&Grid::empty(2, 2), &Grid::empty(3, 2)]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "field \"grid shape\": expected 2 columns and 2 rows like the first grid, \
             found 3 columns and 2 rows"
        );
        let only_aggregate = dataset_from_panels(
            &["M"],
            &["A", "Mean"],
            vec![Grid::empty(1, 1), Grid::empty(1, 1)],
            &[("Mean", &["A"])],
        );
        assert!(matches!(
            mean_across_benchmarks(&only_aggregate, 0),
            Err(Error::InvalidField { .. })
        ));
    }
}
