//! Step 3 of the pipeline (raw text -> parsed records -> **validated dataset**): every loader
//! hands its parsed measurements to one builder, which collects axis and facet levels, rejects
//! two measurements of the same cell that nothing tells apart, and assembles the dense panels.

use crate::hash::FastMap;

use super::axis::{Axis, LabelSet};
use super::dataset::{BenchmarkInfo, Dataset, Facet, Metric, Panel, Replicate};
use super::grid::{Cell, Grid};
use crate::error::{Error, Result};

/// One parsed measurement, with labels as read and the line it came from.
#[derive(Debug, Clone)]
pub(crate) struct Record<'a> {
    pub model: &'a str,
    pub benchmark: &'a str,
    pub x: &'a str,
    pub y: &'a str,
    pub replicate: Option<&'a str>,
    /// `None` declares the cell (and its axis values) without a measurement.
    pub value: Option<f64>,
    pub line: u64,
}

#[derive(Debug)]
struct Measurement {
    model: usize,
    benchmark: usize,
    x: usize,
    y: usize,
    replicate: Option<String>,
    value: Option<f64>,
    line: u64,
}

/// Names that describe the dataset as a whole.
#[derive(Debug, Clone)]
pub(crate) struct Names {
    pub metric: Metric,
    pub x: String,
    pub y: String,
    pub model: Option<String>,
    pub benchmark: Option<String>,
    pub replicate: Option<String>,
}

/// Accumulates records and builds a dataset.
#[derive(Debug, Default)]
pub(crate) struct Builder {
    models: LabelSet,
    benchmarks: LabelSet,
    x: LabelSet,
    y: LabelSet,
    measurements: Vec<Measurement>,
}

impl Builder {
    /// Adds one record. Duplicates are found in `build`, once axis values are known, so that
    /// "0.1" and "0.10" are the same cell.
    pub(crate) fn add(&mut self, record: Record<'_>) {
        let measurement = Measurement {
            model: self.models.insert(record.model),
            benchmark: self.benchmarks.insert(record.benchmark),
            x: self.x.insert(record.x.trim()),
            y: self.y.insert(record.y.trim()),
            replicate: record.replicate.map(str::to_string),
            value: record.value,
            line: record.line,
        };
        self.measurements.push(measurement);
    }

    /// Builds the dataset. `benchmark_info` is looked up by benchmark name.
    pub(crate) fn build(
        self,
        names: Names,
        title: Option<String>,
        source: Option<String>,
        benchmark_info: &FastMap<String, BenchmarkInfo>,
    ) -> Result<Dataset> {
        if self.measurements.is_empty() {
            return Err(Error::NoRows);
        }
        let (x_axis, x_position) = self.x.into_axis(&names.x);
        let (y_axis, y_position) = self.y.into_axis(&names.y);
        let models = facet(names.model, self.models);
        let benchmarks = facet(names.benchmark, self.benchmarks);
        let columns = x_axis.len();
        let rows = y_axis.len();
        let benchmark_count = benchmarks.levels.len();
        let panel_count = models.levels.len() * benchmark_count;

        // Group the values of each cell, keeping the order they were read in, and reject a
        // second measurement of a cell that carries the same replicate label (or none).
        let mut values: Vec<FastMap<usize, Vec<f64>>> = vec![FastMap::default(); panel_count];
        let mut replicates: Vec<Vec<Replicate>> = vec![Vec::new(); panel_count];
        let mut first_lines: FastMap<(usize, usize, Option<&str>), u64> = FastMap::default();
        for measurement in &self.measurements {
            // Positions come from the same label sets as the measurements' indices.
            let (Some(&x), Some(&y)) =
                (x_position.get(measurement.x), y_position.get(measurement.y))
            else {
                continue;
            };
            let panel = measurement.model * benchmark_count + measurement.benchmark;
            let cell = y * columns + x;
            let key = (panel, cell, measurement.replicate.as_deref());
            if let Some(&first_line) = first_lines.get(&key) {
                return Err(Error::DuplicateCell {
                    first_line,
                    second_line: measurement.line,
                    cell: describe_cell(
                        &models,
                        &benchmarks,
                        (&x_axis, x),
                        (&y_axis, y),
                        measurement,
                    ),
                });
            }
            first_lines.insert(key, measurement.line);
            let (Some(panel_values), Some(panel_replicates)) =
                (values.get_mut(panel), replicates.get_mut(panel))
            else {
                continue;
            };
            if let Some(value) = measurement.value {
                panel_values.entry(cell).or_default().push(value);
                if let Some(label) = &measurement.replicate {
                    panel_replicates.push(Replicate {
                        cell,
                        label: label.clone(),
                        value,
                    });
                }
            }
        }

        let mut panels = Vec::with_capacity(panel_count);
        for (index, (mut cell_values, mut panel_replicates)) in
            values.into_iter().zip(replicates).enumerate()
        {
            let mut cells = vec![None; columns * rows];
            for (cell, slot) in cells.iter_mut().enumerate() {
                if let Some(list) = cell_values.remove(&cell) {
                    *slot = Cell::from_values(&list);
                }
            }
            panel_replicates.sort_by_key(|replicate| replicate.cell);
            let grid = Grid::from_cells(columns, rows, cells).ok_or(Error::InvalidField {
                field: "cells".into(),
                expected: "a grid no larger than memory allows".into(),
            })?;
            panels.push(Panel {
                model: index / benchmark_count,
                benchmark: index % benchmark_count,
                grid,
                replicates: panel_replicates,
            });
        }

        let info = benchmarks
            .levels
            .iter()
            .map(|level| benchmark_info.get(level).cloned().unwrap_or_default())
            .collect();
        Ok(Dataset {
            title,
            source,
            metric: names.metric,
            x: x_axis,
            y: y_axis,
            models,
            benchmarks,
            benchmark_info: info,
            replicate: names.replicate,
            panels,
        })
    }
}

/// "the same cell (R1-Llama, AIME24, Ratio = 0.3, Local Window Size = 2000)".
fn describe_cell(
    models: &Facet,
    benchmarks: &Facet,
    (x_axis, x): (&Axis, usize),
    (y_axis, y): (&Axis, usize),
    measurement: &Measurement,
) -> String {
    let mut parts: Vec<String> = Vec::new();
    for (facet, index) in [
        (models, measurement.model),
        (benchmarks, measurement.benchmark),
    ] {
        if let Some(level) = facet.levels.get(index).filter(|level| !level.is_empty()) {
            parts.push(level.clone());
        }
    }
    let x_label = x_axis.label(x).unwrap_or_default();
    let y_label = y_axis.label(y).unwrap_or_default();
    parts.push(format!("{} = {x_label}", x_axis.name));
    parts.push(format!("{} = {y_label}", y_axis.name));
    if let Some(replicate) = &measurement.replicate {
        parts.push(format!("replicate \"{replicate}\""));
    }
    format!("the same cell ({})", parts.join(", "))
}

fn facet(name: Option<String>, levels: LabelSet) -> Facet {
    match name {
        Some(name) => Facet {
            name,
            levels: levels.into_labels(),
        },
        None => Facet::absent(),
    }
}
