//! Views of a run table, projected into today's [`Dataset`].
//!
//! A [`View`] picks the metric (and its direction), the x and y parameters, and for every other
//! parameter one [`Choice`]:
//! - **fixed** at a value: only runs with that value are drawn;
//! - **best** over it: per cell, the configuration of these parameters with the best mean (by
//!   the metric's direction) is drawn, and which values won is kept for hover
//!   ([`CellRuns::winner`]); such a figure is selection-biased, which its description says;
//! - **mean** over it: every run of the cell is averaged, these values become its replicates;
//! - **facet**: panels by its values, beside the model and benchmark columns.
//!
//! The projection hands one record per run shown (or one missing record per empty cell) to the
//! builder every loader uses, so axes, facets, limits, replicates and standard errors behave as
//! for any file. Panels and axes are those of the whole table, whatever is fixed, so scrubbing a
//! fixed value keeps the figure's shape. With two parameters and nothing to choose, the dataset
//! is the one [`load_csv`](crate::load_csv) gives.
//!
//! The default view ([`Sweep::default_view`]): the metric named in the options or the first
//! metric column; x and y the two parameters with the largest main effect (the earlier column
//! is y, as in a table read row by row); every other parameter fixed at its value in the best
//! configuration (best mean over replicates), so every cell shown is one real configuration;
//! a binned parameter, whose runs share no value, is best over instead, and so is every other
//! parameter when an axis is binned (a random search, where fixing them would leave a run or
//! two). A training metric (`train/loss`) is the default metric only when there is no other.

use std::fmt::Write;

use serde::{Deserialize, Serialize};

use super::bins::Bins;
use super::config::Pooled;
use super::effects::{self, Effect};
use super::formats::Format;
use super::name_map::NameMap;
use super::roles::{single_value, Reason, Role};
use super::{Sweep, TableColumn, MISSING};
use crate::error::{counted, excerpt, grouped, Error, Result};
use crate::hash::FastMap;
use crate::model::build::{BenchmarkInfos, Builder, Names, Record};
use crate::model::csv_format::parse_value;
use crate::model::limits::{self, MAX_PARAMETER_VALUES};
use crate::{Dataset, Direction, Metric};

/// What a view does with a parameter that is not an axis.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "ParameterChoice"))]
pub enum Choice {
    /// Only runs with this value (a level, or a bin's label or a number in it).
    Fixed(String),
    /// Per cell, the best configuration of the parameters chosen so.
    Best,
    /// Every run averaged.
    Mean,
    /// Panels by its values.
    Facet,
}

/// What a cell of a binned axis shows of the runs in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "BinPick"))]
pub enum BinPick {
    /// The mean of the runs in the bin.
    #[default]
    Mean,
    /// The best run (best configuration) in the bin.
    Best,
}

impl BinPick {
    /// The word a view writes it as (`"mean"`, `"best"`).
    pub const fn word(self) -> &'static str {
        match self {
            BinPick::Mean => "mean",
            BinPick::Best => "best",
        }
    }
}

// By hand, as a string, as [`Role`] is: serde's derive writes a unit variant through code of
// its own.
impl Serialize for BinPick {
    fn serialize<S: serde::Serializer>(
        &self,
        serializer: S,
    ) -> std::result::Result<S::Ok, S::Error> {
        serializer.serialize_str(self.word())
    }
}

/// The words of a run table's view controls and column panel, each with how the page says it,
/// in the order the page lists them: what `tableChoices()` returns. Declared here once, so the
/// page repeats no word list nor label of the core's.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TableChoices {
    /// A column's roles ([`Role`]).
    pub roles: &'static [[&'static str; 2]],
    /// What a view does with a parameter that is not an axis ([`Choice`]): `"fixed"` (written
    /// `{ fixed: value }` in a view), `"best"`, `"mean"`, `"facet"`.
    pub others: &'static [[&'static str; 2]],
    /// The metric's directions.
    pub directions: &'static [[&'static str; 2]],
    /// What a cell of a binned axis shows ([`BinPick`]).
    pub bins: &'static [[&'static str; 2]],
    /// The direction's hint once the user picked it.
    pub direction_chosen: &'static str,
    /// The direction's hint until then (the core inferred it).
    pub direction_inferred: &'static str,
}

/// The run table's words and labels ([`TableChoices`]).
pub const TABLE_CHOICES: TableChoices = TableChoices {
    roles: &[
        [Role::Parameter.as_str(), "Parameter"],
        [Role::Metric.as_str(), "Metric"],
        [Role::Facet.as_str(), "Panels (facet)"],
        [Role::Replicate.as_str(), "Replicate"],
        [Role::Ignore.as_str(), "Ignored"],
    ],
    others: &[
        ["fixed", "Fixed at a value"],
        ["best", "Best over its values"],
        ["mean", "Mean over its values"],
        ["facet", "Panels by its values"],
    ],
    directions: &[
        [Direction::Higher.as_str(), Direction::Higher.label()],
        [Direction::Lower.as_str(), Direction::Lower.label()],
    ],
    bins: &[
        [BinPick::Mean.word(), "The mean of their runs"],
        [BinPick::Best.word(), "Their best run"],
    ],
    direction_chosen: "As chosen",
    direction_inferred: "Inferred from the metric",
};

/// A view of a run table.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "SweepView"))]
pub struct View {
    /// The metric column (name or shown label).
    pub metric: String,
    /// Whether larger or smaller is better; inferred from the name when left out (an Optuna
    /// objective is minimised).
    pub direction: Option<Direction>,
    /// The x parameter (columns, drawn left to right).
    pub x: String,
    /// The y parameter (rows).
    pub y: String,
    /// Every other parameter's choice, by name or label; parameters left out get the default
    /// view's choice.
    #[cfg_attr(test, ts(as = "std::collections::HashMap<String, Choice>"))]
    pub others: NameMap<Choice>,
    /// What a cell of a binned axis shows of its runs.
    pub bins: BinPick,
}

/// What one cell was made from, for hover.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CellRuns {
    /// Runs in the cell (matching every fixed value), with or without the metric.
    pub runs: u32,
    /// Runs whose values the cell shows (the winning configuration's, under best).
    pub shown: u32,
    /// Under best: the winning values, one per parameter of [`Projection::best_over`].
    pub winner: Option<Vec<String>>,
}

/// A view projected: the dataset to draw, the sentence that says what it shows, notices, and
/// per cell what it was made from.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Projection {
    /// The dataset: today's figures draw it unchanged.
    pub dataset: Dataset,
    /// The view with every choice filled in (the direction too).
    pub view: View,
    /// What the figure shows: "batch_size = 64 (fixed at the best run's); 3 runs per cell".
    pub description: String,
    /// Sentences for the user: runs left out, repeated configurations.
    pub notices: Vec<String>,
    /// The parameters that are best over, in column order (labels).
    pub best_over: Vec<String>,
    /// Per panel (as `dataset.panels`), per cell (row-major, as the panel's grid).
    pub cells: Vec<CellRuns>,
}

/// How a parameter's runs group: by level, or by bin.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Groups {
    /// Group labels in axis order: levels as first seen, or bins ascending.
    pub labels: Vec<String>,
    /// Per run, its group, or [`MISSING`].
    pub keys: Vec<u32>,
    /// The bins, when binned.
    pub bins: Option<Bins>,
}

impl Groups {
    pub(crate) fn of(column: &TableColumn, runs: usize) -> Groups {
        match Bins::of(column, runs) {
            Some(bins) => {
                let mut keys = Vec::with_capacity(runs);
                for run in 0..runs {
                    keys.push(match column.number(run) {
                        Some(value) => u32::try_from(bins.index(value)).unwrap_or(MISSING),
                        None => MISSING,
                    });
                }
                Groups {
                    labels: bins.labels.clone(),
                    keys,
                    bins: Some(bins),
                }
            }
            None => Groups {
                labels: column.levels.clone(),
                keys: column.codes.clone(),
                bins: None,
            },
        }
    }

    fn key(&self, run: usize) -> u32 {
        self.keys.get(run).copied().unwrap_or(MISSING)
    }

    fn label(&self, key: u32) -> &str {
        self.labels.get(key as usize).map_or("", String::as_str)
    }
}

/// One part of a facet slot: a facet column (its values as they are) or a parameter chosen as
/// a facet (`name = value`).
struct FacetPart {
    column: usize,
    parameter: bool,
}

/// The panels of one facet slot: the parts, and per run its level (or `None` when a part is
/// missing), levels in first-seen order over the whole table.
struct Slot {
    name: Option<String>,
    labels: Vec<String>,
    keys: Vec<Option<usize>>,
}

impl Sweep {
    /// Every parameter's main effect on a metric, ranked (largest spread first).
    pub fn main_effects(&self, metric: &str) -> Result<Vec<Effect>> {
        let column = self.metric_column(metric)?;
        let values = self.metric_values(column)?;
        let mut effects = Vec::new();
        for (_, effect) in self.ranked(column, &values) {
            effects.push(effect);
        }
        Ok(effects)
    }

    /// Every parameter's main effect on a metric column, ranked, worked out once per metric.
    fn ranked(&self, metric: usize, values: &[Option<f64>]) -> Vec<(usize, Effect)> {
        let known = self.memo.try_borrow().ok().and_then(|memo| {
            let found = memo.effects.iter().find(|(column, _)| *column == metric);
            found.map(|(_, ranked)| ranked.clone())
        });
        if let Some(ranked) = known {
            return ranked;
        }
        let ranked = effects::rank(self, metric, values);
        if let Ok(mut memo) = self.memo.try_borrow_mut() {
            memo.effects.push((metric, ranked.clone()));
        }
        ranked
    }

    /// The default view (see the module documentation); its main effects and best
    /// configuration are worked out once per sweep.
    pub fn default_view(&self) -> Result<View> {
        let metric = match &self.preferred.value {
            Some(name) => self.metric_column(name)?,
            // A training metric (`train/loss`) only when there is nothing else.
            None => {
                let metrics = self.columns_with(Role::Metric);
                let untrained = metrics.iter().find(|&&c| !is_training(self.label(c)));
                untrained
                    .or(metrics.first())
                    .copied()
                    .ok_or(Error::NoCandidate {
                        role: "metric",
                        hint: "expected a column of numbers".into(),
                    })?
            }
        };
        let values = self.metric_values(metric)?;
        let direction = self.direction(metric, None);
        let named = |name: &Option<String>| -> Result<Option<usize>> {
            match name {
                Some(name) => self.parameter_column(name).map(Some),
                None => Ok(None),
            }
        };
        let (named_x, named_y) = (named(&self.preferred.x)?, named(&self.preferred.y)?);
        // The parameters by effect, those named for an axis left out.
        let mut free: Vec<usize> = Vec::new();
        for (column, _) in self.ranked(metric, &values) {
            if Some(column) != named_x && Some(column) != named_y {
                free.push(column);
            }
        }
        let free = |k: usize| free.get(k).copied().ok_or_else(|| self.one_parameter());
        let (x, y) = match (named_x, named_y) {
            (Some(x), Some(y)) => (x, y),
            (Some(x), None) => (x, free(0)?),
            (None, Some(y)) => (free(0)?, y),
            (None, None) => {
                let (first, second) = (free(0)?, free(1)?);
                (first.max(second), first.min(second))
            }
        };
        let best = self.best_configuration(metric, &values, direction);
        // A binned axis is a random search: its runs share no configuration, so fixing the
        // other parameters would leave a run or two; they are best over instead.
        let random_search = self.is_binned(x) || self.is_binned(y);
        let mut others = NameMap::new();
        for column in self.columns_with(Role::Parameter) {
            if column == x || column == y {
                continue;
            }
            let choice = if random_search {
                Choice::Best
            } else {
                self.default_choice(column, &best)
            };
            others.insert(self.label(column).to_string(), choice);
        }
        Ok(View {
            metric: self.label(metric).to_string(),
            direction: Some(direction),
            x: self.label(x).to_string(),
            y: self.label(y).to_string(),
            others,
            bins: BinPick::Mean,
        })
    }

    /// Projects a view into a dataset (see the module documentation).
    pub fn project(&self, view: &View) -> Result<Projection> {
        let metric = self.metric_column(&view.metric)?;
        let values = self.metric_values(metric)?;
        let direction = self.direction(metric, view.direction);
        let x = self.parameter_column(&view.x)?;
        let y = self.parameter_column(&view.y)?;
        if x == y {
            return Err(Error::InvalidField {
                field: "y".into(),
                expected: format!(
                    "a parameter other than the x axis (\"{}\")",
                    excerpt(self.label(x))
                ),
            });
        }
        for name in view.others.keys() {
            self.parameter_column(name)?;
        }
        let (x_groups, y_groups) = (self.groups_of(x)?, self.groups_of(y)?);
        for (column, groups) in [(x, x_groups), (y, y_groups)] {
            let named = self
                .roles
                .get(column)
                .is_some_and(|r| r.reason == Reason::Named);
            if named && groups.labels.len() < 2 {
                if let Some(column) = self.table.columns.get(column) {
                    return Err(single_value(column));
                }
            }
            if groups.bins.is_none() && groups.labels.len() > MAX_PARAMETER_VALUES {
                return Err(Error::LimitExceeded {
                    what: format!("values of parameter \"{}\"", excerpt(self.label(column))),
                    count: groups.labels.len(),
                    limit: MAX_PARAMETER_VALUES,
                    way_out: "",
                });
            }
        }

        // Every other parameter's choice, defaults filled in.
        let best_configuration = self.best_configuration(metric, &values, direction);
        let mut choices: Vec<(usize, Choice)> = Vec::new();
        for column in self.columns_with(Role::Parameter) {
            if column == x || column == y {
                continue;
            }
            let given = view.others.iter().find(|(name, _)| {
                self.find(name) == Some(column) || name.trim() == self.label(column)
            });
            let choice = match given {
                Some((_, choice)) => choice.clone(),
                None => self.default_choice(column, &best_configuration),
            };
            choices.push((column, choice));
        }
        let mut fixed: Vec<(usize, u32)> = Vec::new();
        let mut best: Vec<usize> = Vec::new();
        let mut mean: Vec<usize> = Vec::new();
        let mut facet_parameters: Vec<usize> = Vec::new();
        for (column, choice) in &choices {
            match choice {
                Choice::Fixed(text) => fixed.push((*column, self.fixed_key(*column, text)?)),
                Choice::Best => best.push(*column),
                Choice::Mean => mean.push(*column),
                Choice::Facet => facet_parameters.push(*column),
            }
        }
        let (models, benchmarks) = self.slots(&facet_parameters)?;
        let (columns, rows) = (x_groups.labels.len(), y_groups.labels.len());
        limits::check_size(
            models.labels.len().max(1),
            benchmarks.labels.len().max(1),
            columns,
            rows,
        )?;
        let mut notices = Vec::new();

        // The runs drawn, each with its cell.
        let cells_per_panel = columns * rows;
        let benchmark_count = benchmarks.labels.len().max(1);
        let mut placed: Vec<(usize, usize)> = Vec::new();
        // Runs lacking a value of an axis or a facet are left out, counted per column (the
        // first such column of the run: x, y, then the facets) and said in a notice: a panel
        // for the missing value could take the name of a real one, and an axis has no place
        // for them either.
        let mut needed = vec![x, y];
        needed.extend(self.columns_with(Role::Facet));
        needed.extend(&facet_parameters);
        let mut left_out = vec![0usize; needed.len()];
        for run in 0..self.table.runs() {
            let matches = fixed
                .iter()
                .all(|&(column, key)| self.key(column, run) == key);
            if !matches {
                continue;
            }
            let (xk, yk) = (x_groups.key(run), y_groups.key(run));
            let model = slot_key(&models, run);
            let benchmark = slot_key(&benchmarks, run);
            let (Some(model), Some(benchmark), false) =
                (model, benchmark, xk == MISSING || yk == MISSING)
            else {
                if let Some(k) = needed.iter().position(|&c| self.code(c, run) == MISSING) {
                    if let Some(count) = left_out.get_mut(k) {
                        *count += 1;
                    }
                }
                continue;
            };
            let panel = model * benchmark_count + benchmark;
            let cell = panel * cells_per_panel + yk as usize * columns + xk as usize;
            placed.push((cell, run));
        }
        for (&count, &column) in left_out.iter().zip(&needed) {
            if count > 0 {
                notices.push(format!(
                    "{} without a value of \"{}\" left out",
                    counted(count, "run"),
                    excerpt(self.label(column))
                ));
            }
        }
        crate::sort::sort_by(&mut placed, |a, b| a.cmp(b));

        // Per cell: the runs shown (the best configuration's, under best).
        let exact = self.binned_axes([x, y], view.bins == BinPick::Best);
        // In ascending cell order, as `placed` is.
        let mut shown: Vec<(usize, Vec<usize>, CellRuns)> = Vec::new();
        let mut most_configurations = 0usize;
        let mut start = 0;
        while start < placed.len() {
            let cell = placed.get(start).map_or(0, |p| p.0);
            let mut runs: Vec<usize> = Vec::new();
            while let Some(&(_, run)) = placed.get(start).filter(|p| p.0 == cell) {
                runs.push(run);
                start += 1;
            }
            let (chosen, winner, configurations) =
                self.pick_best(metric, &runs, &best, &exact, &values, direction);
            most_configurations = most_configurations.max(configurations);
            let info = CellRuns {
                runs: self.runs_in(&runs),
                shown: self.measured_in(metric, &chosen, &values),
                winner,
            };
            shown.push((cell, chosen, info));
        }

        // Replicate labels: the replicate column, the averaged parameters, exact values in a
        // bin; the line when nothing else tells two runs apart.
        let replicate = self.columns_with(Role::Replicate).first().copied();
        let mut label_columns: Vec<usize> = Vec::new();
        if let Some(column) = replicate {
            label_columns.push(column);
        }
        label_columns.extend(&mean);
        label_columns.extend(&self.binned_axes([x, y], view.bins == BinPick::Mean));
        let several = shown.iter().any(|(_, runs, _)| measured(runs, &values) > 1);
        let labelled = replicate.is_some() || several;
        // Per run, its replicate label.
        let mut labels: Vec<Option<String>> = Vec::new();
        labels.resize_with(self.table.runs(), || None);
        let mut repeated: Option<(u64, u64, usize)> = None;
        let mut uses_lines = false;
        if labelled {
            for (_, runs, _) in &shown {
                let mut seen: FastMap<String, usize> = FastMap::default();
                for &run in runs {
                    if values.get(run).copied().flatten().is_none() {
                        continue;
                    }
                    let label = self.replicate_label(run, &label_columns, replicate);
                    if let Some(&first) = seen.get(&label) {
                        let line = |r: usize| self.table.lines.get(r).copied().unwrap_or(0);
                        repeated = Some(match repeated {
                            None => (line(first), line(run), 1),
                            Some((a, b, count)) => {
                                let (a, b) = if line(run) < b {
                                    (line(first), line(run))
                                } else {
                                    (a, b)
                                };
                                (a, b, count + 1)
                            }
                        });
                    } else {
                        seen.insert(label.clone(), run);
                    }
                    if let Some(slot) = labels.get_mut(run) {
                        *slot = Some(label);
                    }
                }
                // Runs that nothing tells apart are told apart by their lines.
                let mut clash: Vec<usize> = Vec::new();
                for &run in runs {
                    let Some(label) = label_of(&labels, run) else {
                        continue;
                    };
                    let mut same = 0;
                    for &other in runs {
                        if label_of(&labels, other) == Some(label) {
                            same += 1;
                        }
                    }
                    if same > 1 || label.is_empty() {
                        clash.push(run);
                    }
                }
                for run in clash {
                    let line = self.table.lines.get(run).copied().unwrap_or(0);
                    if let Some(Some(label)) = labels.get_mut(run) {
                        let place = self.table.place();
                        *label = if label.is_empty() {
                            format!("{place} {line}")
                        } else {
                            format!("{label} ({place} {line})")
                        };
                        uses_lines = true;
                    }
                }
            }
        }
        if let Some((first, second, count)) = repeated {
            let more = if count > 1 {
                format!(" (and {} more)", count - 1)
            } else {
                String::new()
            };
            notices.push(format!(
                "{}s {first} and {second}{more} repeat one configuration and no column tells \
                 them apart: they are treated as replicates; name a replicate column (seed) if \
                 one does",
                self.table.place()
            ));
        }

        // The records, panel by panel, row by row, in the table's order of values.
        let mut builder = Builder::default();
        let panel_count = models.labels.len().max(1) * benchmark_count;
        let mut next_shown = 0;
        for panel in 0..panel_count {
            let model = models
                .labels
                .get(panel / benchmark_count)
                .map_or("", String::as_str);
            let benchmark = benchmarks
                .labels
                .get(panel % benchmark_count)
                .map_or("", String::as_str);
            for yk in 0..rows {
                for xk in 0..columns {
                    let cell = panel * cells_per_panel + yk * columns + xk;
                    let x_label = x_groups.label(xk as u32);
                    let y_label = y_groups.label(yk as u32);
                    let mut any = false;
                    while shown.get(next_shown).is_some_and(|s| s.0 < cell) {
                        next_shown += 1;
                    }
                    let runs = shown.get(next_shown).filter(|s| s.0 == cell);
                    if let Some((_, runs, _)) = runs {
                        for &run in runs {
                            let Some(value) = values.get(run).copied().flatten() else {
                                continue;
                            };
                            any = true;
                            builder.add(Record {
                                model,
                                benchmark,
                                x: x_label,
                                y: y_label,
                                replicate: label_of(&labels, run),
                                value: Some(value),
                                line: self.table.lines.get(run).copied().unwrap_or(0),
                            });
                        }
                    }
                    if !any {
                        builder.add(Record {
                            model,
                            benchmark,
                            x: x_label,
                            y: y_label,
                            replicate: None,
                            value: None,
                            line: 0,
                        });
                    }
                }
            }
        }
        let replicate_name = if !labelled {
            None
        } else if label_columns.is_empty() {
            Some(if uses_lines { "run" } else { "" }.to_string()).filter(|n| !n.is_empty())
        } else {
            Some(self.joined_labels(&label_columns))
        }
        .or_else(|| labelled.then(|| "run".to_string()));
        let names = Names {
            metric: Metric {
                name: self.label(metric).to_string(),
                direction,
                unit: None,
            },
            x: self.label(x).to_string(),
            y: self.label(y).to_string(),
            model: models.name.clone(),
            benchmark: benchmarks.name.clone(),
            replicate: replicate_name,
        };
        let mut dataset = builder.build(names, None, None, &BenchmarkInfos::default())?;

        // What each cell of the dataset was made from, in the dataset's order of values.
        let (x_position, y_position) = (
            positions(&x_groups.labels, &dataset.x),
            positions(&y_groups.labels, &dataset.y),
        );
        let empty = CellRuns {
            runs: 0,
            shown: 0,
            winner: None,
        };
        let mut cells = vec![empty; panel_count * cells_per_panel];
        for (cell, runs, info) in &shown {
            let panel = cell / cells_per_panel.max(1);
            let within = cell % cells_per_panel.max(1);
            let (yk, xk) = (within / columns.max(1), within % columns.max(1));
            let (Some(&xp), Some(&yp)) = (x_position.get(xk), y_position.get(yk)) else {
                continue;
            };
            #[rustfmt::skip]
            let at = Pooled { dataset: &mut dataset, panel, x: xp, y: yp, runs };
            self.pool(metric, &values, at);
            if let Some(slot) = cells.get_mut(panel * cells_per_panel + yp * columns + xp) {
                *slot = info.clone();
            }
        }

        let mut resolved = View {
            metric: self.label(metric).to_string(),
            direction: Some(direction),
            x: self.label(x).to_string(),
            y: self.label(y).to_string(),
            others: NameMap::new(),
            bins: view.bins,
        };
        // Inserted one by one: collecting into the map would compile a sort of its own.
        for (column, choice) in &choices {
            resolved
                .others
                .insert(self.label(*column).to_string(), choice.clone());
        }
        let what = Description {
            fixed: &fixed,
            best: &best,
            mean: &mean,
            facets: &facet_parameters,
            axes: [x, y],
            bins: view.bins,
            direction,
            best_configuration: &best_configuration,
            most_configurations,
            cells: &cells,
        };
        let description = self.describe(&what, false);
        let caption = self.describe(&what, true);
        Ok(Projection {
            // The figure says what it shows (nothing to say: nothing drawn).
            dataset: Dataset {
                shows: Some(description.clone()).filter(|d| !d.is_empty()),
                caption: Some(caption).filter(|c| !c.is_empty() && *c != description),
                ..dataset
            },
            view: resolved,
            description,
            notices,
            best_over: self.labels_of(&best),
            cells,
        })
    }

    /// The metric column a name gives, or the error listing the metrics.
    pub(crate) fn metric_column(&self, name: &str) -> Result<usize> {
        self.column_with(Role::Metric, "metric", name)
    }

    /// The parameter column a name gives, or the error listing the parameters.
    pub(crate) fn parameter_column(&self, name: &str) -> Result<usize> {
        self.column_with(Role::Parameter, "parameter", name)
    }

    /// The column of a role a name gives, or the error listing the columns of the role.
    fn column_with(&self, role: Role, what: &'static str, name: &str) -> Result<usize> {
        self.find(name)
            .filter(|&c| self.roles.get(c).is_some_and(|r| r.role == role))
            .ok_or_else(|| Error::Unknown {
                what,
                name: name.to_string(),
                known: self.labels_with(role),
            })
    }

    /// The shown labels of columns.
    fn labels_of(&self, columns: &[usize]) -> Vec<String> {
        let mut labels = Vec::with_capacity(columns.len());
        for &column in columns {
            labels.push(self.label(column).to_string());
        }
        labels
    }

    /// The shown labels of columns, joined by ", ".
    fn joined_labels(&self, columns: &[usize]) -> String {
        let mut joined = String::new();
        for (k, &column) in columns.iter().enumerate() {
            if k > 0 {
                joined.push_str(", ");
            }
            joined.push_str(self.label(column));
        }
        joined
    }

    fn labels_with(&self, role: Role) -> Vec<String> {
        self.labels_of(&self.columns_with(role))
    }

    fn one_parameter(&self) -> Error {
        Error::NoCandidate {
            role: "second parameter",
            hint: format!(
                "a heatmap needs two parameters and the sweep varies {}; name another column \
                 a parameter with the roles option",
                crate::error::quoted_list(&self.labels_with(Role::Parameter))
            ),
        }
    }

    fn groups_of(&self, column: usize) -> Result<&Groups> {
        self.groups
            .get(column)
            .and_then(Option::as_ref)
            .ok_or_else(|| Error::Unknown {
                what: "parameter",
                name: self.label(column).to_string(),
                known: self.labels_with(Role::Parameter),
            })
    }

    /// The axes that are binned, when `wanted` (none otherwise).
    fn binned_axes(&self, axes: [usize; 2], wanted: bool) -> Vec<usize> {
        let mut binned = Vec::new();
        for axis in axes {
            if wanted && self.is_binned(axis) {
                binned.push(axis);
            }
        }
        binned
    }

    /// True for a parameter whose values are binned.
    fn is_binned(&self, column: usize) -> bool {
        self.groups
            .get(column)
            .is_some_and(|g| g.as_ref().is_some_and(|g| g.bins.is_some()))
    }

    /// A run's level code in a column ([`MISSING`] when missing).
    fn code(&self, column: usize, run: usize) -> u32 {
        self.table
            .columns
            .get(column)
            .and_then(|c| c.codes.get(run))
            .copied()
            .unwrap_or(MISSING)
    }

    /// A run's text in a column, "missing" when missing.
    fn text_or_missing(&self, column: usize, run: usize) -> &str {
        self.table
            .columns
            .get(column)
            .and_then(|c| c.text(run))
            .unwrap_or("missing")
    }

    fn key(&self, column: usize, run: usize) -> u32 {
        self.groups
            .get(column)
            .and_then(Option::as_ref)
            .map_or(MISSING, |g| g.key(run))
    }

    /// The metric's number per run (`None` when missing): a field that is not a number is an
    /// error naming its line and column; a column with every value missing is an error too.
    pub(crate) fn metric_values(&self, column: usize) -> Result<Vec<Option<f64>>> {
        let Some(metric) = self.table.columns.get(column) else {
            return Ok(Vec::new());
        };
        if metric.levels.is_empty() {
            return Err(Error::InvalidField {
                field: metric.name.clone(),
                expected: "numbers in the metric column, found every value missing; choose \
                           another metric"
                    .into(),
            });
        }
        if metric.numbers.is_none() {
            for run in 0..self.table.runs() {
                if let Some(text) = metric.text(run) {
                    let line = self.table.lines.get(run).copied().unwrap_or(0);
                    if self.table.json && super::number_of(text).is_none() {
                        // JSON has no line per run: the run's number says where.
                        return Err(Error::InvalidField {
                            field: metric.name.clone(),
                            expected: format!(
                                "a number in every run, found \"{}\" in run {line}",
                                excerpt(text)
                            ),
                        });
                    }
                    match parse_value(text, line, &metric.name) {
                        // A run table's way out: its role (the column panel, roles).
                        Err(Error::NotANumber {
                            line,
                            column,
                            value,
                        }) => {
                            return Err(Error::NotANumberInTable {
                                line,
                                column,
                                value,
                            })
                        }
                        Err(error) => return Err(error),
                        Ok(_) => {}
                    }
                }
            }
        }
        let mut values = Vec::with_capacity(self.table.runs());
        for run in 0..self.table.runs() {
            values.push(metric.number(run));
        }
        Ok(values)
    }

    /// The direction of a metric: as given, else minimise an Optuna objective, else guessed from
    /// the name.
    pub(crate) fn direction(&self, metric: usize, given: Option<Direction>) -> Direction {
        if let Some(direction) = given {
            return direction;
        }
        let optuna = self.format == Format::Optuna
            && self
                .roles
                .get(metric)
                .is_some_and(|r| r.reason == Reason::OptunaObjective);
        if optuna {
            Direction::Lower
        } else {
            Direction::guess_from_name(self.label(metric))
        }
    }

    /// The run of the best configuration: runs grouped by every unbinned parameter's value, the
    /// group with the best mean of the metric (first in file order among equals); a run of it.
    fn best_configuration(
        &self,
        metric: usize,
        values: &[Option<f64>],
        direction: Direction,
    ) -> Option<usize> {
        let key = (metric, direction);
        let known = self.memo.try_borrow().ok().and_then(|memo| {
            let found = memo.best.iter().find(|(known, _)| *known == key);
            found.map(|&(_, run)| run)
        });
        if let Some(run) = known {
            return run;
        }
        let run = self.work_out_best_configuration(metric, values, direction);
        if let Ok(mut memo) = self.memo.try_borrow_mut() {
            memo.best.push((key, run));
        }
        run
    }

    /// [`Sweep::best_configuration`], worked out.
    fn work_out_best_configuration(
        &self,
        metric: usize,
        values: &[Option<f64>],
        direction: Direction,
    ) -> Option<usize> {
        let mut parameters: Vec<usize> = Vec::new();
        for column in self.columns_with(Role::Parameter) {
            if self.groups.get(column).is_some_and(Option::is_some) && !self.is_binned(column) {
                parameters.push(column);
            }
        }
        let mut runs: Vec<usize> = Vec::with_capacity(self.table.runs());
        for run in 0..self.table.runs() {
            runs.push(run);
        }
        let (chosen, _, _) = self.pick_best(metric, &runs, &parameters, &[], values, direction);
        chosen
            .iter()
            .copied()
            .find(|&r| values.get(r).copied().flatten().is_some())
    }

    /// The default choice of a parameter that is not an axis: fixed at the best
    /// configuration's value, best over when binned (or when that run lacks it).
    fn default_choice(&self, column: usize, best: &Option<usize>) -> Choice {
        let binned = self.is_binned(column);
        let value = best.and_then(|run| self.table.columns.get(column)?.text(run));
        match (binned, value) {
            (false, Some(value)) => Choice::Fixed(value.to_string()),
            _ => Choice::Best,
        }
    }

    /// The group key a fixed value names: a level (by text or number) or a bin (by label or a
    /// number in it).
    pub(crate) fn fixed_key(&self, column: usize, text: &str) -> Result<u32> {
        let (Some(Some(groups)), Some(data)) =
            (self.groups.get(column), self.table.columns.get(column))
        else {
            return Err(Error::NoRows);
        };
        let found = match &groups.bins {
            None => data.position(text),
            Some(bins) => groups
                .labels
                .iter()
                .position(|l| l == text.trim())
                .or_else(|| super::number_of(text.trim()).map(|v| bins.index(v))),
        };
        found
            .and_then(|key| u32::try_from(key).ok())
            .ok_or_else(|| Error::InvalidField {
                field: self.label(column).to_string(),
                expected: format!(
                    "one of its values ({}) to fix it at, found \"{}\"",
                    crate::error::quoted_list(&groups.labels),
                    excerpt(text)
                ),
            })
    }

    /// Of `runs` (in file order), those of the best configuration of `parameters` (plus the
    /// exact values of `exact` columns): grouped by their values, the group with the best mean
    /// of the metric, first among equals; with its values (labels) and the number of groups.
    fn pick_best(
        &self,
        metric: usize,
        runs: &[usize],
        parameters: &[usize],
        exact: &[usize],
        values: &[Option<f64>],
        direction: Direction,
    ) -> (Vec<usize>, Option<Vec<String>>, usize) {
        if parameters.is_empty() && exact.is_empty() {
            return (runs.to_vec(), None, 1);
        }
        let mut index: FastMap<String, usize> = FastMap::default();
        let mut groups: Vec<(Vec<usize>, f64, f64)> = Vec::new();
        for &run in runs {
            let mut key = String::new();
            for &column in parameters {
                push_code(&mut key, self.key(column, run));
            }
            for &column in exact {
                push_code(&mut key, self.code(column, run));
            }
            let group = match index.get(&key) {
                Some(&group) => group,
                None => {
                    index.insert(key, groups.len());
                    groups.push((Vec::new(), 0.0, 0.0));
                    groups.len() - 1
                }
            };
            if let Some((members, sum, count)) = groups.get_mut(group) {
                members.push(run);
                if let Some(value) = values.get(run).copied().flatten() {
                    let weight = self.weight(metric, run);
                    *sum += value * weight;
                    *count += weight;
                }
            }
        }
        let mut winner: Option<(usize, f64)> = None;
        for (group, (_, sum, count)) in groups.iter().enumerate() {
            if *count == 0.0 {
                continue;
            }
            let mean = sum / count;
            let better = match (winner, direction) {
                (None, _) => true,
                (Some((_, known)), Direction::Higher) => mean > known,
                (Some((_, known)), Direction::Lower) => mean < known,
            };
            if better {
                winner = Some((group, mean));
            }
        }
        let configurations = groups.len();
        let Some((group, _)) = winner else {
            return (Vec::new(), None, configurations);
        };
        let members = groups.swap_remove(group).0;
        let won = members.first().map(|&run| {
            let mut won = Vec::with_capacity(parameters.len());
            for &column in parameters {
                won.push(self.text_or_missing(column, run).to_string());
            }
            won
        });
        (
            members,
            won.filter(|_| !parameters.is_empty()),
            configurations,
        )
    }

    /// The facet slots: facet columns named like a benchmark (or named as the benchmark) in
    /// the benchmark slot, the others and parameters chosen as facets in the model slot; more
    /// than one part in a slot are combined (`adam, cosine`); with two or more parts and no
    /// benchmark column, the last part takes the benchmark slot.
    fn slots(&self, facet_parameters: &[usize]) -> Result<(Slot, Slot)> {
        let mut model: Vec<FacetPart> = Vec::new();
        let mut benchmark: Vec<FacetPart> = Vec::new();
        let named_benchmark = self.preferred.benchmark.as_ref().and_then(|n| self.find(n));
        for column in self.columns_with(Role::Facet) {
            let is_benchmark = self
                .roles
                .get(column)
                .is_some_and(|r| r.reason == Reason::NamedLikeBenchmark)
                || named_benchmark == Some(column);
            let part = FacetPart {
                column,
                parameter: false,
            };
            if is_benchmark {
                benchmark.push(part);
            } else {
                model.push(part);
            }
        }
        for &column in facet_parameters {
            model.push(FacetPart {
                column,
                parameter: true,
            });
        }
        if benchmark.is_empty() && model.len() > 1 {
            if let Some(last) = model.pop() {
                benchmark.push(last);
            }
        }
        Ok((self.slot(&model), self.slot(&benchmark)))
    }

    fn slot(&self, parts: &[FacetPart]) -> Slot {
        if parts.is_empty() {
            return Slot {
                name: None,
                labels: Vec::new(),
                keys: vec![Some(0); self.table.runs()],
            };
        }
        let mut name_columns = Vec::with_capacity(parts.len());
        for part in parts {
            name_columns.push(part.column);
        }
        let mut index: FastMap<String, usize> = FastMap::default();
        let mut labels = Vec::new();
        let mut keys = Vec::with_capacity(self.table.runs());
        for run in 0..self.table.runs() {
            let mut codes: Vec<u32> = Vec::with_capacity(parts.len());
            let mut map_key = String::new();
            for part in parts {
                let code = if part.parameter {
                    self.key(part.column, run)
                } else {
                    self.code(part.column, run)
                };
                codes.push(code);
                push_code(&mut map_key, code);
            }
            if codes.contains(&MISSING) {
                keys.push(None);
                continue;
            }
            let level = match index.get(&map_key) {
                Some(&level) => level,
                None => {
                    // "adam, warmup = 500": facet values as they are, parameters by name.
                    let mut text = String::new();
                    for (k, (part, &code)) in parts.iter().zip(&codes).enumerate() {
                        if k > 0 {
                            text.push_str(", ");
                        }
                        if part.parameter {
                            let value = self
                                .groups
                                .get(part.column)
                                .and_then(Option::as_ref)
                                .map_or("", |g| g.label(code));
                            push_assignment(&mut text, self.label(part.column), value);
                        } else {
                            text.push_str(
                                self.table
                                    .columns
                                    .get(part.column)
                                    .and_then(|c| c.levels.get(code as usize))
                                    .map_or("", String::as_str),
                            );
                        }
                    }
                    index.insert(map_key, labels.len());
                    labels.push(text);
                    labels.len() - 1
                }
            };
            keys.push(Some(level));
        }
        Slot {
            name: Some(self.joined_labels(&name_columns)),
            labels,
            keys,
        }
    }

    /// A run's replicate label: the replicate column's value, then `name = value` of every
    /// averaged parameter and of a binned axis's exact value.
    fn replicate_label(&self, run: usize, columns: &[usize], replicate: Option<usize>) -> String {
        let mut label = String::new();
        for (k, &column) in columns.iter().enumerate() {
            if k > 0 {
                label.push_str(", ");
            }
            let text = self.text_or_missing(column, run);
            if Some(column) == replicate {
                label.push_str(text);
            } else {
                push_assignment(&mut label, self.label(column), text);
            }
        }
        label
    }
}

/// Per label, its position on a dataset axis (0 when not found).
fn positions(labels: &[String], axis: &crate::Axis) -> Vec<usize> {
    let mut positions = Vec::with_capacity(labels.len());
    for label in labels {
        positions.push(axis.position(label).unwrap_or(0));
    }
    positions
}

/// How many of `runs` have the metric.
fn measured(runs: &[usize], values: &[Option<f64>]) -> usize {
    let mut count = 0;
    for &run in runs {
        if values.get(run).copied().flatten().is_some() {
            count += 1;
        }
    }
    count
}

/// Writes `name = value`.
fn push_assignment(out: &mut String, name: &str, value: &str) {
    out.push_str(name);
    out.push_str(" = ");
    out.push_str(value);
}

/// A run's replicate label, if it has one.
fn label_of(labels: &[Option<String>], run: usize) -> Option<&str> {
    labels.get(run).and_then(Option::as_deref)
}

/// Adds a group code to a map key: four chars (its bytes), so that grouping uses the
/// `FastMap<String, usize>` the loaders already compile rather than a map of its own.
fn push_code(key: &mut String, code: u32) {
    for byte in code.to_le_bytes() {
        key.push(char::from(byte));
    }
}

/// True for a metric of the training set: `train/loss`, `train_acc`.
fn is_training(name: &str) -> bool {
    crate::text::lower(name)
        .split(|c: char| !c.is_alphanumeric())
        .any(|word| word == "train" || word == "training")
}

fn slot_key(slot: &Slot, run: usize) -> Option<usize> {
    slot.keys.get(run).copied().flatten()
}

/// What the description is written from.
struct Description<'a> {
    fixed: &'a [(usize, u32)],
    best: &'a [usize],
    mean: &'a [usize],
    facets: &'a [usize],
    axes: [usize; 2],
    bins: BinPick,
    direction: Direction,
    best_configuration: &'a Option<usize>,
    most_configurations: usize,
    cells: &'a [CellRuns],
}

impl Sweep {
    /// The sentence that says what a projection shows, its parts joined by "; ". `brief` is
    /// the figure's caption under each panel title: the same parts without the caveats that the
    /// hover, observations and exports give in full (a best-of's standard error, what a bin
    /// averages), so that a narrow figure is not mostly text above its cells.
    fn describe(&self, what: &Description<'_>, brief: bool) -> String {
        let mut out = String::new();
        // Starts a part: "; " after the one before (no part is empty).
        let part = |out: &mut String| {
            if !out.is_empty() {
                out.push_str("; ");
            }
        };
        if !what.fixed.is_empty() {
            for &(column, key) in what.fixed {
                if !out.is_empty() {
                    out.push_str(", ");
                }
                let value = self
                    .groups
                    .get(column)
                    .and_then(Option::as_ref)
                    .map_or("", |g| g.label(key));
                push_assignment(&mut out, self.label(column), value);
            }
            let at_best = what.fixed.iter().all(|&(c, key)| {
                what.best_configuration
                    .is_some_and(|run| self.key(c, run) == key)
            });
            out.push_str(if at_best {
                " (fixed at the best run's)"
            } else {
                " (fixed)"
            });
        }
        if !what.best.is_empty() {
            let toward = match what.direction {
                Direction::Higher => "high",
                Direction::Lower => "low",
            };
            part(&mut out);
            let over = self.joined_labels(what.best);
            let _ = if brief {
                write!(out, "best over {over} (per cell; biased {toward})")
            } else {
                write!(
                    out,
                    "best over {over} (values differ per cell: hover to see); the best of up to \
                     {} configurations per cell is biased {toward}, and its standard error does \
                     not count the selection",
                    grouped(what.most_configurations)
                )
            };
        }
        for (columns, words) in [(what.mean, "mean over "), (what.facets, "panels by ")] {
            if !columns.is_empty() {
                part(&mut out);
                out.push_str(words);
                out.push_str(&self.joined_labels(columns));
            }
        }
        for axis in what.axes {
            let Some(bins) = self
                .groups
                .get(axis)
                .and_then(Option::as_ref)
                .and_then(|g| g.bins.as_ref())
            else {
                continue;
            };
            part(&mut out);
            let _ = write!(
                out,
                "{} in {} {} bins",
                self.label(axis),
                grouped(bins.len()),
                if bins.log { "log-spaced" } else { "equal" },
            );
            // A bin's mean is what a cell is everywhere else; its best run is said even in brief.
            match (what.bins, brief) {
                (BinPick::Mean, true) => {}
                (BinPick::Mean, false) => out.push_str(", each the mean of its runs"),
                (BinPick::Best, _) => out.push_str(", each its best run"),
            }
        }
        let (mut low, mut high) = (usize::MAX, 0);
        for cell in what.cells {
            if cell.shown > 0 {
                low = low.min(cell.shown as usize);
                high = high.max(cell.shown as usize);
            }
        }
        if high > 0 {
            // Runs, whatever tells them apart: a cell that averages over a parameter holds runs
            // of several values of it with the same seed, and a configuration table's cell
            // pools its rows' counts (it keeps no single runs), so "seeds" would miscount both.
            part(&mut out);
            if low != high {
                let _ = write!(out, "{} to ", grouped(low));
            }
            let _ = write!(out, "{} per cell", counted(high, "run"));
        }
        out
    }
}
