//! Run tables: a sweep as the table of its runs, before any view of it is drawn.
//!
//! The flow, between the text and today's dataset:
//! 1. the CSV text is read into a [`RunTable`] (the same reader, header and row checks, missing
//!    markers and `'` rule as the tidy loader): per column its distinct present texts in
//!    first-seen order, a code per run, and the number of each level when every level is one;
//!    runs written as JSON (one object per run) are converted into that CSV first
//!    ([`crate::importers::json_table`], the `importers` feature) and read with their runs
//!    numbered as the JSON numbers them ([`TableOptions::from_json`]);
//! 2. the file's format is recognised by its header (a W&B runs export, an Optuna
//!    `trials_dataframe()`, or any other tidy table) and runs that did not finish are left out,
//!    counted in a notice ([`formats`]);
//! 3. every column gets a role (parameter, metric, facet, replicate, ignore) with the reason for
//!    it and, when inference is unsure, what to check ([`roles`]);
//! 4. a [`View`] (metric, x and y parameters, and fixed / best / mean / facet for every other
//!    parameter) is projected into a [`Dataset`] through the same builder as every loader, so
//!    the analysis, figure, layout and render stages are unchanged ([`project`]); continuous
//!    parameters are binned ([`bins`]) and the parameters are ranked by their main effect on the
//!    metric ([`effects`]), which picks the default axes.
//!
//! A run table never panics on its input and never dead-ends: inference always returns a best
//! guess when one exists, with what to check; an error only when nothing can be drawn.

mod bins;
mod config;
mod effects;
mod explain;
mod formats;
mod hover;
#[cfg(all(test, feature = "importers"))]
mod json_reference;
pub mod merge;
mod name_map;
pub(crate) mod names;
mod project;
mod roles;

use std::cell::RefCell;

use serde::Serialize;

use crate::error::{Error, Result};
use crate::hash::FastMap;
use crate::model::chunked::{Rows, SliceReader};
use crate::model::limits::{MAX_COLUMNS, MAX_RUNS};
use crate::model::tidy::{field_text, is_missing_marker};

#[cfg(feature = "importers")]
pub use crate::importers::is_json_table;
pub use bins::Bins;
pub use effects::Effect;
pub use explain::opens_what_tidy_refuses;
pub use formats::Format;
pub use merge::{merge_csv_files, MergedFiles, SOURCE_FILE};
pub use name_map::NameMap;
pub use names::PANDAS_INDEX;
pub use project::{BinPick, CellRuns, Choice, Projection, TableChoices, View, TABLE_CHOICES};
pub use roles::{ColumnRole, Reason, Role, TableOptions};

/// The code of a missing field (empty, `NA`, ...).
pub const MISSING: u32 = u32::MAX;

/// One column of a run table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TableColumn {
    /// The name in the header.
    pub name: String,
    /// Distinct present texts in first-seen order; texts naming the same number ("0.1" and
    /// "0.10") are one level, written as first seen.
    pub levels: Vec<String>,
    /// The number of each level, when every level is a finite number.
    pub numbers: Option<Vec<f64>>,
    /// Per run, the index of its level, or [`MISSING`].
    #[serde(skip)]
    pub codes: Vec<u32>,
}

impl TableColumn {
    /// The level of a run, `None` when missing.
    pub fn code(&self, run: usize) -> Option<usize> {
        self.codes
            .get(run)
            .filter(|&&code| code != MISSING)
            .map(|&code| code as usize)
    }

    /// The text of a run's field, `None` when missing.
    pub fn text(&self, run: usize) -> Option<&str> {
        self.code(run)
            .and_then(|code| self.levels.get(code))
            .map(String::as_str)
    }

    /// The number of a run's field, when the column is numeric and the field present.
    pub fn number(&self, run: usize) -> Option<f64> {
        let code = self.code(run)?;
        self.numbers.as_ref()?.get(code).copied()
    }

    /// Runs whose field is missing.
    pub fn missing(&self) -> usize {
        self.codes.iter().filter(|&&code| code == MISSING).count()
    }

    /// True when every present field is a number (and one is present).
    pub fn is_numeric(&self) -> bool {
        self.numbers.is_some() && !self.levels.is_empty()
    }

    /// The level a text names: the same text, else (numeric columns) the same number.
    pub fn position(&self, text: &str) -> Option<usize> {
        let wanted = text.trim();
        if let Some(found) = self.levels.iter().position(|level| level == wanted) {
            return Some(found);
        }
        let number = crate::decimal::parse_f64(wanted).filter(|n| n.is_finite())?;
        self.numbers.as_ref()?.iter().position(|&n| n == number)
    }
}

/// A sweep as a table of runs: every column of the file, every run in file order, and the
/// physical line of each run (errors name lines).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct RunTable {
    /// The columns, in header order.
    pub columns: Vec<TableColumn>,
    /// The line each run starts on; in a table read from JSON, the run's number (from 1).
    #[serde(skip)]
    pub lines: Vec<u64>,
    /// Read from the JSON table form: messages name runs by number, not lines.
    #[serde(skip)]
    pub json: bool,
}

impl RunTable {
    /// Reads a CSV text: the delimiter from the header line, a byte-order mark skipped, quotes,
    /// missing markers and the spreadsheet-safe `'` as the tidy loader reads them. An unnamed
    /// first column (pandas writes its row index so) is named [`PANDAS_INDEX`]. The limits on
    /// runs and columns are checked as the text is read, before either is held.
    pub fn read_csv(text: &str) -> Result<RunTable> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if text.trim().is_empty() {
            return Err(Error::Empty);
        }
        let text = names::named_index(text);
        let mut reader = SliceReader::new();
        let mut collector = Collector::default();
        reader.push(text.as_bytes(), &mut collector)?;
        reader.finish(&mut collector)?;
        Ok(collector.finish())
    }

    /// Number of runs.
    pub fn runs(&self) -> usize {
        self.lines.len()
    }

    /// The column names, in header order.
    pub fn names(&self) -> Vec<String> {
        let mut names = Vec::with_capacity(self.columns.len());
        for column in &self.columns {
            names.push(column.name.clone());
        }
        names
    }

    /// The column of a name (exactly, else ignoring case and surrounding spaces).
    pub fn find(&self, name: &str) -> Option<usize> {
        let wanted = name.trim();
        self.columns
            .iter()
            .position(|c| c.name == name || c.name == wanted)
            .or_else(|| {
                self.columns
                    .iter()
                    .position(|c| c.name.eq_ignore_ascii_case(wanted))
            })
    }

    /// The column of a name, or the error that lists the columns.
    pub(crate) fn require(&self, role: &'static str, name: &str) -> Result<usize> {
        self.find(name).ok_or_else(|| Error::MissingColumn {
            role,
            name: name.to_string(),
            available: self.names(),
        })
    }

    /// What `lines` number: "line" (CSV) or "run" (JSON).
    pub(crate) fn place(&self) -> &'static str {
        if self.json {
            "run"
        } else {
            "line"
        }
    }
}

impl TableColumn {
    /// The column of the runs `keep` keeps, levels recoded in first-seen order among them.
    fn retain(&self, keep: &[bool]) -> TableColumn {
        let mut levels: Vec<&str> = Vec::with_capacity(self.levels.len());
        for level in &self.levels {
            levels.push(level);
        }
        ColumnBuilder::recoded(&levels, &self.codes, Some(keep)).finish(self.name.clone())
    }
}

/// The lines of the runs `keep` keeps.
fn kept_lines(lines: &[u64], keep: &[bool]) -> Vec<u64> {
    let mut kept = Vec::new();
    for (&line, &keep) in lines.iter().zip(keep) {
        if keep {
            kept.push(line);
        }
    }
    kept
}

/// A column being read: each distinct present field once, a code per run.
#[derive(Debug, Default)]
struct ColumnBuilder {
    index: FastMap<String, usize>,
    levels: Vec<String>,
    codes: Vec<u32>,
}

impl ColumnBuilder {
    fn push(&mut self, field: &str) {
        if is_missing_marker(field) {
            self.codes.push(MISSING);
            return;
        }
        let code = match self.index.get(field) {
            Some(&code) => code,
            None => {
                let code = self.levels.len();
                self.index.insert(field.to_string(), code);
                self.levels.push(field.to_string());
                code
            }
        };
        self.codes.push(u32::try_from(code).unwrap_or(MISSING));
    }

    /// A column from fields already told apart: `levels` (distinct texts, missing markers among
    /// them allowed) and per run the index of its text (out of range: missing), of the runs
    /// `keep` keeps (all without it), as pushing each run's text would make it, levels recoded
    /// in first-seen order, without hashing a field. How a table keeps some of its runs and how the rows a tidy loader in slices
    /// refused become a run table ([`column_of_fields`]): a hash lookup per field made each
    /// take about half a second for 40,960 runs of 18 columns in the browser.
    fn recoded(levels: &[&str], codes: &[u32], keep: Option<&[bool]>) -> ColumnBuilder {
        // Per level: its new code once seen (MISSING for a missing marker), else None.
        let mut new_codes: Vec<Option<u32>> = vec![None; levels.len()];
        let mut builder = ColumnBuilder::default();
        for (run, &code) in codes.iter().enumerate() {
            if keep.is_some_and(|keep| keep.get(run) != Some(&true)) {
                continue;
            }
            let (Some(field), Some(slot)) =
                (levels.get(code as usize), new_codes.get_mut(code as usize))
            else {
                builder.codes.push(MISSING);
                continue;
            };
            let new_code = *slot.get_or_insert_with(|| {
                if is_missing_marker(field) {
                    return MISSING;
                }
                builder.levels.push((*field).to_string());
                u32::try_from(builder.levels.len() - 1).unwrap_or(MISSING)
            });
            builder.codes.push(new_code);
        }
        builder
    }

    /// The column, with levels that name the same number merged (first-seen text kept).
    fn finish(self, name: String) -> TableColumn {
        let mut numbers: Vec<f64> = Vec::with_capacity(self.levels.len());
        for level in &self.levels {
            match number_of(level) {
                Some(number) => numbers.push(number),
                None => {
                    return TableColumn {
                        name,
                        levels: self.levels,
                        numbers: None,
                        codes: self.codes,
                    }
                }
            }
        }
        // Levels in value order (first seen first among equal values): each level's new code
        // is that of the first level seen with its value.
        let mut order: Vec<usize> = Vec::with_capacity(numbers.len());
        for level in 0..numbers.len() {
            order.push(level);
        }
        crate::sort::sort_by(&mut order, |&a, &b| {
            let (x, y) = (numbers.get(a), numbers.get(b));
            x.partial_cmp(&y)
                .unwrap_or(std::cmp::Ordering::Equal)
                .then(a.cmp(&b))
        });
        let mut first_of = vec![0usize; numbers.len()];
        let mut previous: Option<(f64, usize)> = None;
        for &level in &order {
            let value = numbers.get(level).copied().unwrap_or_default();
            let first = match previous {
                Some((known, first)) if known == value => first,
                _ => level,
            };
            previous = Some((value, first));
            if let Some(slot) = first_of.get_mut(level) {
                *slot = first;
            }
        }
        let mut recode = vec![MISSING; numbers.len()];
        let mut levels = Vec::new();
        let mut kept_numbers = Vec::new();
        for level in 0..numbers.len() {
            if first_of.get(level) == Some(&level) {
                if let Some(slot) = recode.get_mut(level) {
                    *slot = u32::try_from(levels.len()).unwrap_or(MISSING);
                }
                levels.push(self.levels.get(level).cloned().unwrap_or_default());
                kept_numbers.push(numbers.get(level).copied().unwrap_or_default());
            }
        }
        let mut codes = Vec::with_capacity(self.codes.len());
        for &code in &self.codes {
            let first = first_of.get(code as usize).copied();
            codes.push(
                first
                    .and_then(|first| recode.get(first).copied())
                    .unwrap_or(MISSING),
            );
        }
        TableColumn {
            name,
            levels,
            numbers: Some(kept_numbers),
            codes,
        }
    }
}

/// A field as a number: finite, and not a nonzero number read as 0.
pub(crate) fn number_of(text: &str) -> Option<f64> {
    crate::decimal::parse_f64(text)
        .filter(|value| value.is_finite() && !crate::decimal::underflows(text, *value))
}

/// A column of rows already read and checked, as [`RunTable::read_csv`] reads it: its distinct
/// fields (as `field_text` reads them, in first-seen order) and per run the index of its field.
/// The rows a tidy loader in slices refused for their columns become a run table so, a column at
/// a time ([`crate::CsvLoader::open_step`]).
pub(crate) fn column_of_fields(name: String, fields: &[&str], ids: &[u32]) -> TableColumn {
    ColumnBuilder::recoded(fields, ids, None).finish(name)
}

/// The limits on a run table's columns and runs, checked as [`RunTable::read_csv`] checks them.
pub(crate) fn check_run_table(columns: usize, runs: usize) -> Result<()> {
    if let Some(error) = too_many_columns(columns) {
        return Err(error);
    }
    if runs > MAX_RUNS {
        return Err(Error::TooManyRuns {
            count: runs,
            or_more: false,
        });
    }
    Ok(())
}

/// The error for a run table of `count` columns, more than [`MAX_COLUMNS`].
fn too_many_columns(count: usize) -> Option<Error> {
    (count > MAX_COLUMNS).then(|| Error::LimitExceeded {
        what: "columns in a run table".into(),
        count,
        limit: MAX_COLUMNS,
        way_out: "",
    })
}

/// The error for a run table of more than [`MAX_RUNS`] runs.
fn too_many_runs() -> Error {
    Error::TooManyRuns {
        count: MAX_RUNS + 1,
        or_more: true,
    }
}

/// The rows of a CSV text collected into columns.
#[derive(Default)]
struct Collector {
    header: Vec<String>,
    columns: Vec<ColumnBuilder>,
    lines: Vec<u64>,
}

impl Rows for Collector {
    fn header(&mut self, header: &[String]) -> Result<()> {
        if let Some(error) = too_many_columns(header.len()) {
            return Err(error);
        }
        self.header = header.to_vec();
        self.columns = Vec::with_capacity(header.len());
        self.columns
            .resize_with(header.len(), ColumnBuilder::default);
        Ok(())
    }

    fn row(&mut self, _header: &[String], line: u64, fields: Vec<String>) -> Result<()> {
        if self.lines.len() >= MAX_RUNS {
            return Err(too_many_runs());
        }
        for (column, field) in self.columns.iter_mut().zip(&fields) {
            column.push(field_text(field));
        }
        self.lines.push(line);
        Ok(())
    }
}

impl Collector {
    fn finish(self) -> RunTable {
        let mut columns = Vec::with_capacity(self.columns.len());
        for (column, name) in self.columns.into_iter().zip(self.header) {
            columns.push(column.finish(name));
        }
        RunTable {
            columns,
            lines: self.lines,
            json: false,
        }
    }
}

/// A sweep opened for viewing: its run table (runs that did not finish already left out), the
/// format recognised, every column's role with its reason, and what was noticed on the way.
/// Views keep what they share (main effects, the best configuration) once
/// worked out: open the text again rather than change `table` or `roles` of an opened sweep.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Sweep {
    /// The runs used.
    #[serde(skip)]
    pub table: RunTable,
    /// The format recognised from the header.
    pub format: Format,
    /// Every column's role, in header order.
    pub roles: Vec<ColumnRole>,
    /// Sentences for the user: runs left out, choices to check.
    pub notices: Vec<String>,
    /// Runs in the file, before any was left out.
    pub runs_in_file: usize,
    /// Columns named for the axes, the metric and the benchmark in the options, used by the
    /// default view.
    #[serde(skip)]
    preferred: Preferred,
    /// The roles named in the options (`roles`), which a link of a view of it carries.
    #[serde(skip)]
    pub named_roles: NameMap<Role>,
    /// Per column, how its values group a parameter (bins or levels); `None` for columns that
    /// are not parameters.
    #[serde(skip)]
    groups: Vec<Option<project::Groups>>,
    /// A configuration table's statistics columns ([`config`]); `None` for a table of runs.
    #[serde(skip)]
    statistics: Option<config::Statistics>,
    /// What views share, worked out once: per metric its main effects, and per metric and
    /// direction the best configuration (scrubbing a fixed value re-projects
    /// many times; these do not change with it).
    #[serde(skip)]
    memo: RefCell<Memo>,
}

/// What [`Sweep::memo`] keeps. Derived data: never part of a sweep's equality.
#[derive(Debug, Clone, Default)]
struct Memo {
    effects: Vec<(usize, Vec<(usize, Effect)>)>,
    /// `((metric, direction), a run of the best configuration)`.
    best: Vec<((usize, crate::Direction), Option<usize>)>,
}

impl PartialEq for Memo {
    fn eq(&self, _other: &Memo) -> bool {
        true
    }
}

/// The columns the options name that views read (not the whole options: their role map is
/// needed only while roles are inferred).
#[derive(Debug, Clone, PartialEq)]
struct Preferred {
    x: Option<String>,
    y: Option<String>,
    value: Option<String>,
    benchmark: Option<String>,
}

/// Opens a sweep: reads the run table, recognises the format, leaves out unfinished runs and
/// infers every column's role (explicit roles in `options` win, then those a JSON file names).
/// Text that starts with `[` or `{` is the JSON table form ([`is_json_table`]): converted into
/// the CSV of its runs by [`crate::importers::table_from_json`] and opened with
/// [`TableOptions::from_json`] (in the wasm, the default package has no converter: the page
/// converts with the importers package and gives this the CSV).
pub fn open_sweep(text: &str, options: &TableOptions) -> Result<Sweep> {
    let json = text
        .trim_start_matches(|c: char| c == '\u{feff}' || c.is_whitespace())
        .starts_with(['{', '[']);
    if json {
        return open_json_table(text, options);
    }
    let mut table = RunTable::read_csv(text)?;
    let mut file_roles = NameMap::new();
    if let Some(named) = &options.from_json {
        // The CSV of a JSON table: one record per run, so runs are named by their number.
        table.json = true;
        for (run, line) in table.lines.iter_mut().enumerate() {
            *line = run as u64 + 1;
        }
        file_roles = named.clone();
    }
    open_table_with(table, file_roles, options)
}

fn open_table_with(
    table: RunTable,
    file_roles: NameMap<Role>,
    options: &TableOptions,
) -> Result<Sweep> {
    let mut opening = Opening::new(table, file_roles)?;
    loop {
        if let Some(sweep) = opening.step(usize::MAX, options)? {
            return Ok(sweep);
        }
    }
}

/// A run table being opened as a sweep a few columns at a time, so that a page can paint and
/// answer between the steps (a big table read in slices: [`crate::CsvLoader::open_step`]);
/// [`open_sweep`] takes every step at once. Steps: the configuration statistics and the format
/// (at once), then the finished runs kept a column at a time, then the roles and the
/// parameters' groups.
pub(crate) struct Opening {
    table: RunTable,
    file_roles: NameMap<Role>,
    statistics: Option<config::Statistics>,
    runs_in_file: usize,
    format: Format,
    /// The runs used (finished), when some are left out, and the notice that counts the others.
    keep: Option<(Vec<bool>, String)>,
    /// The columns of the runs kept so far.
    kept: Vec<TableColumn>,
}

impl Opening {
    /// Checks a configuration table's statistics, recognises the format and finds the runs
    /// that did not finish.
    pub(crate) fn new(table: RunTable, file_roles: NameMap<Role>) -> Result<Opening> {
        let statistics = config::Statistics::of(&table)?;
        let runs_in_file = config::runs(&statistics, &table);
        let format = if statistics.is_some() {
            Format::Configuration
        } else {
            formats::recognise(&table)
        };
        let keep = formats::finished_runs(format, &table);
        Ok(Opening {
            table,
            file_roles,
            statistics,
            runs_in_file,
            format,
            keep,
            kept: Vec::new(),
        })
    }

    /// The steps taken and how many there are: a column kept is one, the roles the last.
    pub(crate) fn progress(&self) -> (usize, usize) {
        let columns = if self.keep.is_some() {
            self.table.columns.len()
        } else {
            0
        };
        (self.kept.len(), columns + 1)
    }

    /// Keeps the finished runs of columns of about `cells` fields together (one column at
    /// least); once every column is kept, infers the roles (`options`' first) and returns the
    /// sweep.
    pub(crate) fn step(&mut self, cells: usize, options: &TableOptions) -> Result<Option<Sweep>> {
        if let Some((keep, _)) = &self.keep {
            let mut done = 0usize;
            while let Some(column) = self.table.columns.get(self.kept.len()) {
                if done > 0 && done.saturating_add(column.codes.len()) > cells {
                    return Ok(None);
                }
                done = done.saturating_add(column.codes.len());
                self.kept.push(column.retain(keep));
            }
            self.table.columns = std::mem::take(&mut self.kept);
            self.table.lines = kept_lines(&self.table.lines, keep);
        }
        let notices: Vec<String> = self
            .keep
            .take()
            .map(|(_, notice)| notice)
            .into_iter()
            .collect();
        let table = std::mem::take(&mut self.table);
        if table.runs() == 0 {
            return Err(Error::NoCandidate {
                role: "run to draw",
                hint: notices.join("; "),
            });
        }
        let file_roles = std::mem::replace(&mut self.file_roles, NameMap::new());
        let (roles, mut checks) = roles::infer(&table, self.format, options, file_roles)?;
        let mut notices = notices;
        notices.append(&mut checks);
        let statistics = self.statistics.take();
        let runs = config::runs(&statistics, &table);
        let mut groups = Vec::with_capacity(roles.len());
        for (role, column) in roles.iter().zip(&table.columns) {
            groups.push((role.role == Role::Parameter).then(|| project::Groups::of(column, runs)));
        }
        Ok(Some(Sweep {
            table,
            format: self.format,
            roles,
            notices,
            runs_in_file: self.runs_in_file,
            preferred: Preferred {
                x: options.x.clone(),
                y: options.y.clone(),
                value: options.value.clone(),
                benchmark: options.benchmark.clone(),
            },
            named_roles: options.roles.clone(),
            groups,
            statistics,
            memo: RefCell::default(),
        }))
    }
}

/// The JSON table form opened through its conversion into CSV (see [`open_sweep`]).
#[cfg(feature = "importers")]
fn open_json_table(text: &str, options: &TableOptions) -> Result<Sweep> {
    let converted = crate::importers::table_from_json(text)?;
    let mut roles = NameMap::new();
    for (column, role) in &converted.roles {
        if let Some(role) = Role::named(role) {
            roles.insert(column.clone(), role);
        }
    }
    let options = TableOptions {
        from_json: Some(roles),
        ..options.clone()
    };
    open_sweep(&converted.csv, &options)
}

/// Without the importers (the default wasm package), JSON runs are converted by the page first.
#[cfg(not(feature = "importers"))]
fn open_json_table(_text: &str, _options: &TableOptions) -> Result<Sweep> {
    Err(Error::InvalidField {
        field: "text".to_string(),
        expected: "CSV: runs as JSON are converted by the importers package first \
                   (www/lib/sweepmap.js loadImportersApi, then tableFromJson)"
            .to_string(),
    })
}

/// The roles [`open_sweep`] infers, for a front end's column panel.
pub fn infer_roles(text: &str, options: &TableOptions) -> Result<Vec<ColumnRole>> {
    open_sweep(text, options).map(|sweep| sweep.roles)
}

impl Sweep {
    /// The column panel's heading: "Columns (4)", and how many roles are best guesses to check
    /// when any is: "Columns (4) · 1 to check".
    pub fn columns_heading(&self) -> String {
        let checks = self.checks();
        let count = crate::error::grouped(self.roles.len());
        match checks {
            0 => format!("Columns ({count})"),
            _ => format!(
                "Columns ({count}) · {} to check",
                crate::error::grouped(checks)
            ),
        }
    }

    /// The notice a page shows, beside a button to its column panel, when any column's role is a
    /// best guess to check; none when every role is sure.
    pub fn columns_notice(&self) -> Option<&'static str> {
        (self.checks() > 0)
            .then_some("Some columns' roles are best guesses: fix them in the column panel.")
    }

    /// How many columns' roles are best guesses, with what to check.
    fn checks(&self) -> usize {
        self.roles
            .iter()
            .filter(|role| role.check.is_some())
            .count()
    }

    /// The columns with a role, in header order.
    pub fn columns_with(&self, role: Role) -> Vec<usize> {
        let mut columns = Vec::new();
        for (column, known) in self.roles.iter().enumerate() {
            if known.role == role {
                columns.push(column);
            }
        }
        columns
    }

    /// The name a column is shown by (an Optuna `params_lr` is `lr`).
    pub fn label(&self, column: usize) -> &str {
        self.roles.get(column).map_or("", |r| r.label.as_str())
    }

    /// The column a name or shown label names.
    pub fn find(&self, name: &str) -> Option<usize> {
        self.table
            .find(name)
            .or_else(|| self.roles.iter().position(|r| r.label == name.trim()))
    }

    /// The values a parameter takes as the figures group them, in the order its axis shows
    /// them: its bins' labels ascending, its levels by number when it is numeric, else as first
    /// seen (a slider over them then moves along the axis).
    pub fn parameter_values(&self, parameter: &str) -> Option<Vec<String>> {
        let column = self.find(parameter)?;
        let groups = self.groups.get(column)?.as_ref()?;
        let mut labels = groups.labels.clone();
        let numbers = self.table.columns.get(column)?.numbers.as_ref();
        if let (None, Some(numbers)) = (&groups.bins, numbers) {
            let mut order: Vec<usize> = Vec::with_capacity(labels.len());
            for level in 0..labels.len() {
                order.push(level);
            }
            crate::sort::sort_by(&mut order, |&a, &b| {
                let (x, y) = (numbers.get(a), numbers.get(b));
                x.partial_cmp(&y).unwrap_or(std::cmp::Ordering::Equal)
            });
            labels = Vec::with_capacity(order.len());
            for level in order {
                if let Some(label) = groups.labels.get(level) {
                    labels.push(label.clone());
                }
            }
        }
        Some(labels)
    }

    /// The bins of a binned parameter.
    pub fn bins(&self, parameter: &str) -> Option<&Bins> {
        let column = self.find(parameter)?;
        self.groups.get(column)?.as_ref()?.bins.as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_levels_codes_numbers_and_lines() {
        let table =
            RunTable::read_csv("\u{feff}lr,opt,acc\n0.10,adam,1\n\n0.1,'=sgd,NA\n1e-2,adam,3\n")
                .unwrap();
        let lr = &table.columns[0];
        assert_eq!(lr.levels, ["0.10", "1e-2"]);
        assert_eq!(lr.numbers, Some(vec![0.1, 0.01]));
        assert_eq!(lr.codes, [0, 0, 1]);
        let opt = &table.columns[1];
        assert_eq!(opt.levels, ["adam", "=sgd"]);
        assert_eq!(opt.numbers, None);
        let acc = &table.columns[2];
        assert_eq!(acc.codes, [0, MISSING, 1]);
        assert_eq!(acc.missing(), 1);
        assert_eq!(table.lines, [2, 4, 5]);
        assert_eq!(lr.position("0.100"), Some(0));
    }

    #[test]
    fn an_unnamed_first_column_is_a_pandas_index() {
        for text in [
            ",number,value\n0,0,1.5\n1,1,2.5\n",
            // polars writes the blank name quoted, and a name may be spaces.
            "\"\",number,value\n0,0,1.5\n1,1,2.5\n",
            " ,number,value\n0,0,1.5\n1,1,2.5\n",
            "\" \";number;value\n0;0;1.5\n1;1;2.5\n",
        ] {
            let table = RunTable::read_csv(text).unwrap();
            assert_eq!(table.names(), [PANDAS_INDEX, "number", "value"], "{text}");
            assert_eq!(table.lines, [2, 3]);
            assert_eq!(table.columns[0].levels, ["0", "1"]);
        }
    }

    #[test]
    fn keeping_runs_recodes_levels() {
        let table = RunTable::read_csv("a,b\nx,1\ny,2\nz,3\ny,\n").unwrap();
        let keep = [false, true, true, true];
        let kept = table.columns[0].retain(&keep);
        assert_eq!(kept.levels, ["y", "z"]);
        assert_eq!(kept.codes, [0, 1, 0]);
        assert_eq!(table.columns[1].retain(&keep).codes, [0, 1, MISSING]);
        assert_eq!(kept_lines(&table.lines, &keep), [3, 4, 5]);
        // A text column whose only text that is not a number is left out becomes numeric, its
        // levels naming one number merged as the reader merges them.
        let table = RunTable::read_csv("a,b\nx,1\n1,2\n1.0,3\n2,4\n").unwrap();
        let kept = table.columns[0].retain(&[false, true, true, true]);
        assert_eq!(kept.levels, ["1", "2"]);
        assert_eq!(kept.numbers, Some(vec![1.0, 2.0]));
        assert_eq!(kept.codes, [0, 0, 1]);
    }
}
