//! Tidy (long) CSV: one measurement per row, e.g. `model,benchmark,local_window_size,ratio,pass@1`.
//!
//! Steps 1 and 2 of the pipeline for CSV (raw text -> parsed records): read the rows, decide
//! which column plays which role, parse the numbers, and hand the records to the builder.
//!
//! Column roles are inferred when that is unambiguous and can always be named in
//! [`CsvOptions`]. Inference, in order:
//! 1. columns named like a model (`model`, `llm`, `system`), a benchmark (`benchmark`, `dataset`,
//!    `task`) or a replicate (`seed`, `run`, `sample`, `trial`, `replicate`) take those roles;
//! 2. columns that cannot be data are ignored: constant columns, text columns whose value is
//!    different on every row (a run directory), and columns named like bookkeeping (`note`,
//!    `path`, `timestamp`, `commit`, ...);
//! 3. the value is the numeric column named like a metric (`pass@1`, `accuracy`, `score`, `f1`,
//!    `loss`, ...), or, when exactly three columns remain, the last one;
//! 4. the two remaining columns are the axes: the first is y (rows), the second x (columns), as
//!    in a table read row by row.
//!
//! Anything else is an error that lists the candidates and how to name the roles. A field that
//! is empty or `NA` in the value column declares a missing cell.

use serde::{Deserialize, Serialize};

use super::chunked::CsvLoader;
use super::dataset::Dataset;
use super::records::{CsvText, CsvWriter};
use super::tidy::{
    claim_named_role, columns_where, excerpt, find_column, in_code, is_named_like, names_of,
    quoted, role_field, RENAME_OR_REMOVE,
};
use crate::error::{Error, Result};
use crate::table::names::{
    is_metric_name, BENCHMARK_NAMES, BOOKKEEPING_NAMES, MODEL_NAMES, REPLICATE_NAMES,
};

/// Explicit column roles; every field left empty is inferred.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CsvOptions {
    /// Column of the x axis (drawn left to right).
    pub x: Option<String>,
    /// Column of the y axis (drawn bottom to top, largest at the top).
    pub y: Option<String>,
    /// Column of the measured value.
    pub value: Option<String>,
    /// Column naming the model.
    pub model: Option<String>,
    /// Column naming the benchmark.
    pub benchmark: Option<String>,
    /// Column telling repeated measurements of one cell apart (seed, run, sample).
    pub replicate: Option<String>,
    /// Columns to leave out of inference.
    pub ignore: Vec<String>,
}

impl CsvOptions {
    /// The roles of a dataset's own CSV export, so that any export loads back whatever its
    /// column names are.
    pub fn matching(dataset: &Dataset) -> CsvOptions {
        let facet = |name: &str| (!name.is_empty()).then(|| name.to_string());
        CsvOptions {
            x: Some(dataset.x.name.clone()),
            y: Some(dataset.y.name.clone()),
            value: Some(dataset.metric.name.clone()),
            model: facet(&dataset.models.name),
            benchmark: facet(&dataset.benchmarks.name),
            replicate: dataset.replicate.clone(),
            ignore: Vec::new(),
        }
    }
}

/// What one column looks like over all rows, for inference: whether every present field is a
/// finite number, how many distinct present fields it has, and whether they differ on every row.
#[derive(Debug)]
pub(crate) struct Profile {
    pub numeric: bool,
    pub distinct: usize,
    pub unique_per_row: bool,
}

/// A column's name by position; columns come from the header, so every position the loader
/// holds is in it, and a stray one reads as an empty name rather than a panic.
fn column_name(header: &[String], index: usize) -> &str {
    header.get(index).map_or("", String::as_str)
}

/// Column indices for each role.
#[derive(Debug)]
pub(crate) struct Roles {
    pub x: usize,
    pub y: usize,
    pub value: usize,
    pub model: Option<usize>,
    pub benchmark: Option<usize>,
    pub replicate: Option<usize>,
}

/// What to do when several columns could be the value (`first` is one of them).
fn value_hint(first: &str) -> String {
    format!(
        "give only the value column a metric name (such as score, accuracy or pass@1) and \
         remove the columns that are neither axes nor the value from the file; {}",
        in_code("it", &role_field("value", first))
    )
}

/// What to do when more columns than `roles` (the axes to infer, as roles option fields) could
/// be axes; the example names the first candidates.
fn axes_hint(header: &[String], candidates: &[usize], roles: &[&str]) -> String {
    let mut example: Vec<String> = Vec::with_capacity(roles.len());
    for (role, &column) in roles.iter().zip(candidates) {
        example.push(role_field(role, column_name(header, column)));
    }
    format!(
        "keep {} and {RENAME_OR_REMOVE}; {}",
        if roles.len() > 1 {
            "two of them as the axes"
        } else {
            "one of them as the axis"
        },
        in_code(
            if roles.len() > 1 { "them" } else { "it" },
            &example.join(", ")
        )
    )
}

/// What to say when too few columns can be axes: the header, and the columns left out for
/// their bookkeeping names (`time`, `id`), which a rename would make axes.
fn too_few_axes(header: &[String], expected: &str, role: &str) -> String {
    let all: Vec<usize> = (0..header.len()).collect();
    let bookkeeping = columns_where(&all, &|index| {
        is_named_like(column_name(header, index), BOOKKEEPING_NAMES)
    });
    let mut hint = format!("expected {expected} beside the value");
    if let Some(&first) = bookkeeping.first() {
        hint.push_str(&format!(
            "; {} left out as bookkeeping by name: rename one to use it as an axis; {}",
            quoted(&names_of(header, &bookkeeping)),
            in_code("it", &role_field(role, column_name(header, first)))
        ));
    }
    hint.push_str(&format!("; the columns are {}", quoted(header)));
    hint
}

pub(crate) fn infer_roles(
    header: &[String],
    profiles: &[Profile],
    options: &CsvOptions,
) -> Result<Roles> {
    let mut taken: Vec<usize> = Vec::new();
    let explicit = |role: &'static str, name: &Option<String>| -> Result<Option<usize>> {
        name.as_ref()
            .map(|name| find_column(header, role, name))
            .transpose()
    };
    let explicit_x = explicit("x axis", &options.x)?;
    let explicit_y = explicit("y axis", &options.y)?;
    let explicit_value = explicit("value", &options.value)?;
    let mut ignored: Vec<usize> = Vec::new();
    for name in &options.ignore {
        ignored.push(find_column(header, "ignored columns", name)?);
    }
    for column in [explicit_x, explicit_y, explicit_value]
        .into_iter()
        .flatten()
    {
        taken.push(column);
    }

    let model = claim_named_role(header, &options.model, "model", MODEL_NAMES, &mut taken)?;
    let benchmark = claim_named_role(
        header,
        &options.benchmark,
        "benchmark",
        BENCHMARK_NAMES,
        &mut taken,
    )?;
    let replicate = claim_named_role(
        header,
        &options.replicate,
        "replicate",
        REPLICATE_NAMES,
        &mut taken,
    )?;

    // Columns still free, minus bookkeeping. Constant columns and text columns that differ on
    // every row (a run directory) are weak: axes only when nothing better is left.
    let all: Vec<usize> = (0..header.len()).collect();
    let free = columns_where(&all, &|index| {
        !taken.contains(&index)
            && !ignored.contains(&index)
            && !is_named_like(column_name(header, index), BOOKKEEPING_NAMES)
    });
    let is_weak = |index: usize| {
        profiles
            .get(index)
            .is_some_and(|p| p.distinct <= 1 || (!p.numeric && p.unique_per_row))
    };
    let needed_axes = 2 - usize::from(explicit_x.is_some()) - usize::from(explicit_y.is_some());

    let value = match explicit_value {
        Some(value) => value,
        None => infer_value(header, profiles, &free, needed_axes)?,
    };

    let remaining = columns_where(&free, &|i| i != value);
    let strong = columns_where(&remaining, &|i| !is_weak(i));
    let axes = if strong.len() >= needed_axes {
        strong
    } else {
        remaining
    };
    let (x, y) = match (explicit_x, explicit_y) {
        (Some(x), Some(y)) => (x, y),
        (Some(x), None) => (x, single_axis(header, &axes, "y axis", "y")?),
        (None, Some(y)) => (single_axis(header, &axes, "x axis", "x")?, y),
        (None, None) => match axes.as_slice() {
            [y, x] => (*x, *y),
            [] | [_] => {
                return Err(Error::NoCandidate {
                    role: "x and y axes",
                    hint: too_few_axes(header, "two columns of hyperparameter values", "x"),
                })
            }
            many => {
                return Err(Error::AmbiguousRole {
                    role: "x or y axis",
                    candidates: names_of(header, many),
                    hint: axes_hint(header, many, &["y", "x"]),
                })
            }
        },
    };
    let roles = [Some(x), Some(y), Some(value), model, benchmark, replicate];
    for (index, role) in roles.iter().enumerate() {
        if let Some(column) = role {
            if roles
                .iter()
                .take(index)
                .any(|earlier| *earlier == Some(*column))
            {
                return Err(Error::InvalidField {
                    field: column_name(header, *column).to_string(),
                    expected: "one role per column, but it was named for two".into(),
                });
            }
        }
    }
    Ok(Roles {
        x,
        y,
        value,
        model,
        benchmark,
        replicate,
    })
}

/// The value column: the one named like a metric (whether or not its fields parse, so that a
/// bad number is reported at its line), else the last column when exactly the value and the
/// axes remain and it holds numbers.
fn infer_value(
    header: &[String],
    profiles: &[Profile],
    free: &[usize],
    needed_axes: usize,
) -> Result<usize> {
    let named = columns_where(free, &|i| is_metric_name(column_name(header, i)));
    let named_varying = columns_where(&named, &|i| profiles.get(i).is_some_and(|p| p.distinct > 1));
    match (named.as_slice(), named_varying.as_slice()) {
        ([one], _) | (_, [one]) => return Ok(*one),
        ([], _) => {}
        (many, _) => {
            return Err(Error::AmbiguousRole {
                role: "value",
                candidates: names_of(header, many),
                hint: value_hint(many.first().map_or("", |&i| column_name(header, i))),
            })
        }
    }
    if let Some(&last) = free.last() {
        if free.len() == needed_axes + 1 && profiles.get(last).is_some_and(|p| p.numeric) {
            return Ok(last);
        }
    }
    let numeric = columns_where(free, &|i| profiles.get(i).is_some_and(|p| p.numeric));
    let candidates = names_of(header, &numeric);
    Err(match candidates.first() {
        None => Error::NoCandidate {
            role: "value",
            hint: format!(
                "expected a column of numbers: name the value column like a metric (such as \
                 score, accuracy or pass@1) to be told which of its fields are not numbers; {}",
                in_code("it", &role_field("value", "column name"))
            ),
        },
        Some(first) => Error::AmbiguousRole {
            role: "value",
            hint: value_hint(first),
            candidates,
        },
    })
}

/// The one axis left to infer when the other was named; `key` is its roles option field.
fn single_axis(header: &[String], axes: &[usize], role: &'static str, key: &str) -> Result<usize> {
    match axes {
        [one] => Ok(*one),
        [] => Err(Error::NoCandidate {
            role,
            hint: too_few_axes(header, "another column of hyperparameter values", key),
        }),
        many => Err(Error::AmbiguousRole {
            role,
            candidates: names_of(header, many),
            hint: axes_hint(header, many, &[key]),
        }),
    }
}

/// Loads a tidy CSV dataset. Never panics; every failure names the line and column.
///
/// This is the loader of [`CsvLoader`] given the whole text at once, so a file loaded in slices
/// gives the very same dataset.
pub fn load_csv(text: &str, options: &CsvOptions) -> Result<Dataset> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(Error::Empty);
    }
    let mut loader = CsvLoader::new(options.clone());
    loader.push(text.as_bytes())?;
    loader.finish_input()?;
    loop {
        if let Some(dataset) = loader.build_step(usize::MAX)? {
            return Ok(dataset);
        }
    }
}

pub(crate) fn parse_value(text: &str, line: u64, column: &str) -> Result<f64> {
    match crate::decimal::parse_f64(text) {
        Some(value) if crate::decimal::underflows(text, value) => Err(Error::Underflow {
            line,
            column: column.to_string(),
            value: excerpt(text),
        }),
        Some(value) if value.is_finite() => Ok(value),
        Some(_) => Err(Error::NonFinite {
            line,
            column: column.to_string(),
            value: excerpt(text),
        }),
        None => Err(Error::NotANumber {
            line,
            column: column.to_string(),
            value: excerpt(text),
        }),
    }
}

/// Writes a dataset as tidy CSV: facet columns, y, x, replicate (if any), value; one row per
/// measurement, and one row with an empty value for each missing cell, so that axis values and
/// the order of every level survive the round trip. Metadata that CSV cannot carry (title,
/// source, unit, benchmark metadata) is left out; use JSON for it.
///
/// Safe to open in a spreadsheet: text that one would evaluate as a formula (starting with `=`,
/// `+`, `-`, `@`, a tab or a carriage return; numbers aside) is written with a leading `'`, which
/// [`load_csv`] takes off again. [`to_csv_as`] with [`CsvText::Raw`] writes the exact text.
pub fn to_csv(dataset: &Dataset) -> String {
    to_csv_as(dataset, CsvText::SpreadsheetSafe)
}

/// [`to_csv`] with text fields written as `text` says: spreadsheet-safe or raw.
pub fn to_csv_as(dataset: &Dataset, text: CsvText) -> String {
    let mut writer = CsvWriter::new(text);
    let mut header: Vec<&str> = Vec::new();
    let with_model = !dataset.models.is_absent();
    let with_benchmark = !dataset.benchmarks.is_absent();
    if with_model {
        header.push(&dataset.models.name);
    }
    if with_benchmark {
        header.push(&dataset.benchmarks.name);
    }
    header.push(&dataset.y.name);
    header.push(&dataset.x.name);
    if let Some(replicate) = &dataset.replicate {
        header.push(replicate);
    }
    header.push(&dataset.metric.name);
    writer.record(&header);
    let columns = dataset.x.len().max(1);
    for panel in &dataset.panels {
        let model = dataset
            .models
            .levels
            .get(panel.model)
            .map_or("", String::as_str);
        let benchmark = dataset.benchmarks.levels.get(panel.benchmark);
        let mut row: Vec<&str> = Vec::with_capacity(header.len());
        if with_model {
            row.push(model);
        }
        if with_benchmark {
            row.push(benchmark.map_or("", String::as_str));
        }
        let facets = row.len();
        let mut replicates = panel.replicates.iter().peekable();
        for (index, cell) in panel.grid.cells().iter().enumerate() {
            row.truncate(facets);
            row.push(dataset.y.label(index / columns).unwrap_or_default());
            row.push(dataset.x.label(index % columns).unwrap_or_default());
            match (cell, &dataset.replicate) {
                (None, replicate) => {
                    // An empty value, and an empty replicate before it when there is one.
                    row.push("");
                    if replicate.is_some() {
                        row.push("");
                    }
                    writer.record(&row);
                }
                (Some(cell), None) => {
                    writer.row(&row, cell.mean);
                }
                (Some(_), Some(_)) => {
                    while let Some(replicate) = replicates.next_if(|r| r.cell == index) {
                        row.truncate(facets + 2);
                        row.push(&replicate.label);
                        writer.row(&row, replicate.value);
                    }
                }
            }
        }
    }
    writer.into_string()
}
