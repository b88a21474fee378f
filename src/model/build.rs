//! Step 3 of the pipeline (raw text -> parsed records -> **validated dataset**): every loader
//! hands its parsed measurements to one builder, which collects axis and facet levels, rejects
//! two measurements of the same cell that nothing tells apart, and assembles the dense panels.

use crate::hash::FastMap;

use super::axis::{Axis, LabelSet};
use super::dataset::{BenchmarkInfo, Dataset, Facet, Metric, Panel, Replicate};
use super::grid::{Cell, Grid};
use super::limits;
use crate::error::{excerpt, Error, Result};

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

/// Benchmark descriptions by name. A name indexes a list through a `FastMap<String, usize>`,
/// the one map type the loaders share, rather than a map of its own type (each key and value
/// type compiles its own hash table).
#[derive(Debug, Default)]
pub(crate) struct BenchmarkInfos {
    index: FastMap<String, usize>,
    infos: Vec<BenchmarkInfo>,
}

impl BenchmarkInfos {
    /// Adds the description of `name`; false (and nothing added) when it has one already.
    pub(crate) fn insert(&mut self, name: &str, info: BenchmarkInfo) -> bool {
        if self.index.contains_key(name) {
            return false;
        }
        self.index.insert(name.to_string(), self.infos.len());
        self.infos.push(info);
        true
    }

    /// The description of `name`, if it has one.
    pub(crate) fn get(&self, name: &str) -> Option<&BenchmarkInfo> {
        self.index.get(name).and_then(|&at| self.infos.get(at))
    }
}

impl Builder {
    /// Adds one record. Duplicates are found in `build`, once axis values are known, so that
    /// "0.1" and "0.10" are the same cell.
    pub(crate) fn add(&mut self, record: Record<'_>) {
        let measurement = Measurement {
            model: self.models.insert(record.model),
            benchmark: self.benchmarks.insert(record.benchmark),
            x: self.x.insert(record.x),
            y: self.y.insert(record.y),
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
        benchmark_info: &BenchmarkInfos,
    ) -> Result<Dataset> {
        let mut assembly = self.assemble(names, title, source, benchmark_info)?;
        while !assembly.step(usize::MAX) {}
        Ok(assembly.finish())
    }

    /// Starts building the dataset: axes and facets, the limits, the cell of every measurement
    /// and the check for two measurements of one cell that nothing tells apart. The panels are
    /// then filled by [`Assembly::step`], a few at a time if need be.
    pub(crate) fn assemble(
        self,
        names: Names,
        title: Option<String>,
        source: Option<String>,
        benchmark_info: &BenchmarkInfos,
    ) -> Result<Assembly> {
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
        // Before anything is allocated: a few kilobytes of text can ask for billions of cells.
        limits::check_size(models.levels.len(), benchmark_count, columns, rows)?;
        let panel_count = models.levels.len() * benchmark_count;

        // Where each measurement goes: its panel's cell, as one index over all panels.
        let cells_per_panel = columns * rows;
        let slot = |m: &Measurement| {
            let (x, y) = (x_position.get(m.x)?, y_position.get(m.y)?);
            let panel = m.model * benchmark_count + m.benchmark;
            Some(panel * cells_per_panel + y * columns + x)
        };
        let mut slots: Vec<Option<usize>> = Vec::with_capacity(self.measurements.len());
        for m in &self.measurements {
            slots.push(slot(m));
        }
        let groups = CellGroups::new(&slots, panel_count * cells_per_panel);
        if let Some((first, second)) = groups.first_duplicate(&self.measurements) {
            let (Some(first), Some(second)) =
                (self.measurements.get(first), self.measurements.get(second))
            else {
                return Err(Error::NoRows);
            };
            let (Some(&x), Some(&y)) = (x_position.get(second.x), y_position.get(second.y)) else {
                return Err(Error::NoRows);
            };
            return Err(Error::DuplicateCell {
                first_line: first.line,
                second_line: second.line,
                cell: describe_cell(&models, &benchmarks, (&x_axis, x), (&y_axis, y), second),
            });
        }
        let mut infos = Vec::with_capacity(benchmarks.levels.len());
        for level in &benchmarks.levels {
            infos.push(benchmark_info.get(level).cloned().unwrap_or_default());
        }
        let benchmark_info = infos;
        Ok(Assembly {
            dataset: Dataset {
                title,
                source,
                metric: names.metric,
                x: x_axis,
                y: y_axis,
                models,
                benchmarks,
                benchmark_info,
                replicate: names.replicate,
                panels: Vec::with_capacity(panel_count),
                shows: None,
                caption: None,
            },
            measurements: self.measurements,
            groups,
            panel_count,
        })
    }
}

/// A dataset whose panels are being filled from the measurements, in panel order.
pub(crate) struct Assembly {
    dataset: Dataset,
    measurements: Vec<Measurement>,
    groups: CellGroups,
    panel_count: usize,
}

impl Assembly {
    /// Fills panels until at least `cells` cells are done (at least one panel); true when every
    /// panel is filled.
    pub(crate) fn step(&mut self, cells: usize) -> bool {
        let columns = self.dataset.x.len();
        let rows = self.dataset.y.len();
        let cells_per_panel = columns * rows;
        let benchmark_count = self.dataset.benchmarks.levels.len().max(1);
        let mut done = 0usize;
        let mut values: Vec<f64> = Vec::new();
        while self.dataset.panels.len() < self.panel_count && (done == 0 || done < cells) {
            let index = self.dataset.panels.len();
            let mut grid_cells = Vec::with_capacity(cells_per_panel);
            let mut replicates = Vec::new();
            for cell in 0..cells_per_panel {
                values.clear();
                for &member in self.groups.members(index * cells_per_panel + cell) {
                    let Some(measurement) = self.measurements.get_mut(member) else {
                        continue;
                    };
                    if let Some(value) = measurement.value {
                        values.push(value);
                        // Each measurement is used once: its label moves into the dataset.
                        if let Some(label) = measurement.replicate.take() {
                            replicates.push(Replicate { cell, label, value });
                        }
                    }
                }
                grid_cells.push(Cell::from_values(&values));
            }
            // The cells are exactly columns x rows, so the grid is always made.
            let grid = Grid::from_cells(columns, rows, grid_cells)
                .unwrap_or_else(|| Grid::empty(columns, rows));
            self.dataset.panels.push(Panel {
                model: index / benchmark_count,
                benchmark: index % benchmark_count,
                grid,
                replicates,
                reported_errors: Vec::new(),
            });
            done = done.saturating_add(cells_per_panel.max(1));
        }
        self.dataset.panels.len() >= self.panel_count
    }

    /// Panels filled so far, and how many there are.
    pub(crate) fn progress(&self) -> (usize, usize) {
        (self.dataset.panels.len(), self.panel_count)
    }

    /// The dataset, once every panel is filled.
    pub(crate) fn finish(self) -> Dataset {
        self.dataset
    }
}

/// Cells with at most this many measurements are checked for repeats without hashing.
const SMALL_GROUP: usize = 8;

/// The measurements of every cell, in the order they were read: a counting sort of measurement
/// indices by cell, so that grouping a million rows takes two passes and no hashing.
struct CellGroups {
    /// `starts[cell]..starts[cell + 1]` indexes `order` for the cell's measurements.
    starts: Vec<usize>,
    order: Vec<usize>,
}

impl CellGroups {
    fn new(slots: &[Option<usize>], cells: usize) -> CellGroups {
        let mut starts = vec![0usize; cells + 1];
        for slot in slots.iter().flatten() {
            if let Some(count) = starts.get_mut(slot + 1) {
                *count += 1;
            }
        }
        for index in 1..starts.len() {
            let before = starts.get(index - 1).copied().unwrap_or_default();
            if let Some(start) = starts.get_mut(index) {
                *start += before;
            }
        }
        let mut next = starts.clone();
        let mut order = vec![0usize; starts.last().copied().unwrap_or_default()];
        for (measurement, slot) in slots.iter().enumerate() {
            let Some(position) = slot.and_then(|slot| next.get_mut(slot)) else {
                continue;
            };
            if let Some(entry) = order.get_mut(*position) {
                *entry = measurement;
            }
            *position += 1;
        }
        CellGroups { starts, order }
    }

    /// The measurements of one cell, in read order.
    fn members(&self, cell: usize) -> &[usize] {
        let start = self.starts.get(cell).copied().unwrap_or_default();
        let end = self.starts.get(cell + 1).copied().unwrap_or(start);
        self.order.get(start..end).unwrap_or_default()
    }

    /// The first measurement (in read order) that repeats an earlier one of its cell with the
    /// same replicate label (or none), with that earlier one: `(first, second)`.
    fn first_duplicate(&self, measurements: &[Measurement]) -> Option<(usize, usize)> {
        let mut found: Option<(usize, usize)> = None;
        let mut seen: FastMap<Option<&str>, usize> = FastMap::default();
        for cell in 0..self.starts.len().saturating_sub(1) {
            let members = self.members(cell);
            if members.len() < 2 {
                continue; // one measurement or none: nothing to repeat
            }
            let label = |member: usize| {
                measurements
                    .get(member)
                    .and_then(|m| m.replicate.as_deref())
            };
            if members.len() <= SMALL_GROUP {
                // A few replicates: comparing each with those before it beats hashing.
                let repeat = members.iter().enumerate().find_map(|(index, &member)| {
                    members
                        .iter()
                        .take(index)
                        .find(|&&earlier| label(earlier) == label(member))
                        .map(|&earlier| (earlier, member))
                });
                if let Some((first, second)) = repeat {
                    if found.map_or(true, |(_, known)| second < known) {
                        found = Some((first, second));
                    }
                }
                continue;
            }
            seen.clear();
            for &member in members {
                let label = measurements
                    .get(member)
                    .and_then(|m| m.replicate.as_deref());
                match seen.get(&label) {
                    Some(&first) => {
                        if found.map_or(true, |(_, second)| member < second) {
                            found = Some((first, member));
                        }
                        break;
                    }
                    None => {
                        seen.insert(label, member);
                    }
                }
            }
        }
        found
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
            parts.push(excerpt(level));
        }
    }
    let x_label = x_axis.label(x).unwrap_or_default();
    let y_label = y_axis.label(y).unwrap_or_default();
    parts.push(format!("{} = {}", excerpt(&x_axis.name), excerpt(x_label)));
    parts.push(format!("{} = {}", excerpt(&y_axis.name), excerpt(y_label)));
    if let Some(replicate) = &measurement.replicate {
        parts.push(format!("replicate \"{}\"", excerpt(replicate)));
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
