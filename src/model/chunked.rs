//! Tidy CSV loaded in slices, so that a page can read a 50 MB file without freezing: it pushes
//! the file's bytes a slice at a time ([`CsvLoader::push`]), says when they end
//! ([`CsvLoader::finish_input`]), then builds the dataset in steps of bounded work
//! ([`CsvLoader::build_step`]: adding rows, grouping them by cell, filling panels), giving the
//! event loop a turn between calls.
//!
//! [`load_csv`](super::load_csv) is this loader given the whole text as one slice, so the two give
//! the same dataset, or the same error, by construction; the tests check that every way of
//! cutting a file into slices does too. (One difference in errors: a NUL byte is reported when
//! its slice arrives, so an earlier row's error may come first when a file has both.)
//!
//! Memory stays near the size of the data, not of the text: each column keeps every distinct
//! (trimmed) field once and one index per row; the text itself is never held, only the first
//! line until the delimiter is known and the record being read.
//!
//! The reading itself ([`SliceReader`]: byte-order mark, delimiter, NUL bytes, the header and
//! row checks) is shared with the per-item scores loader in slices
//! ([`PairwiseCsvLoader`](crate::pairwise::PairwiseCsvLoader)), which hands each row to its
//! own [`Rows`].

use crate::hash::FastMap;

use super::build::{Assembly, Builder, Names, Record};
use super::csv_format::{infer_roles, parse_value, CsvOptions, Profile, Roles};
use super::dataset::{Dataset, Direction, Metric};
use super::records::RecordReader;
use super::tidy::{
    check_header, check_row, detect_delimiter, field_text, is_missing_marker, unclosed_quote,
};
use crate::error::{Error, Result};

const BOM: &[u8] = "\u{feff}".as_bytes();

/// The share of a sweep's progress bar for reading the file; building the dataset (or opening
/// the run table) is the rest.
const READ_SHARE: f64 = 0.75;

/// `done` of `total` as a fraction from 0 to 1 (1 when there is nothing to do).
pub(crate) fn share(done: u64, total: u64) -> f64 {
    if total == 0 {
        1.0
    } else {
        (done as f64 / total as f64).min(1.0)
    }
}

/// Bytes in megabytes with one decimal, its whole part grouped: 56_633_000 -> "56.6".
pub(crate) fn megabytes(bytes: u64) -> String {
    let tenths = (bytes + 50_000) / 100_000;
    format!(
        "{}.{}",
        crate::error::grouped(tenths as usize / 10),
        tenths % 10
    )
}

/// What a load in slices says while the file is read: "Reading 1.3 of 56.6 MB".
pub(crate) fn reading_text(read: u64, total: u64) -> String {
    format!("Reading {} of {} MB", megabytes(read), megabytes(total))
}

/// One column of the rows read so far: each distinct trimmed field once, and per row its index.
#[derive(Debug, Default)]
struct Column {
    ids: Vec<u32>,
    /// Field -> id, while rows are read. `FastMap<String, usize>` is the map type the axes and
    /// the JSON loader use too: one hash table compiled for all of them.
    index: FastMap<String, usize>,
    values: Vec<Box<str>>,
}

impl Column {
    fn push(&mut self, field: &str) {
        let id = match self.index.get(field) {
            Some(&id) => id,
            None => {
                let id = self.values.len();
                self.index.insert(field.to_string(), id);
                self.values.push(field.into());
                id
            }
        };
        // Fewer distinct fields than rows, and rows fit in memory: u32 is enough for any text a
        // browser can hold (4 GiB of wasm memory).
        self.ids.push(u32::try_from(id).unwrap_or(u32::MAX));
    }

    /// The trimmed field of a row; rows and ids come from this column, so a miss reads as empty.
    fn field(&self, row: usize) -> &str {
        self.ids
            .get(row)
            .and_then(|&id| self.values.get(id as usize))
            .map_or("", |value| value)
    }

    /// What inference needs to know about the column (as `profile` over the rows would say).
    fn profile(&self, rows: usize) -> Profile {
        let mut distinct = 0;
        let mut numeric = true;
        for value in &self.values {
            if is_missing_marker(value) {
                continue;
            }
            distinct += 1;
            if !crate::decimal::parse_f64(value).is_some_and(f64::is_finite) {
                numeric = false;
            }
        }
        Profile {
            numeric: numeric && distinct > 0,
            distinct,
            unique_per_row: rows > 1 && distinct == rows,
        }
    }
}

/// What a loader in slices does with the records a [`SliceReader`] reads and checks. A `dyn`
/// trait: one copy of the reader serves the sweep loader and the per-item scores loader.
pub(crate) trait Rows {
    /// The header, checked by `check_header`; the loader learns its columns from it.
    fn header(&mut self, header: &[String]) -> Result<()>;
    /// A data row, checked against the header by `check_row` (blank rows never arrive).
    fn row(&mut self, header: &[String], line: u64, fields: Vec<String>) -> Result<()>;
}

enum Input {
    /// Bytes before the first line end: the delimiter is read from the header line.
    Start(Vec<u8>),
    Reading(Box<RecordReader>),
    Ended,
}

/// The header and the count of rows handed on.
#[derive(Default)]
struct Checked {
    header: Option<Vec<String>>,
    rows: usize,
}

impl Checked {
    /// Reads every record in `input` (empty only at the end of the text) into `rows`.
    fn feed(
        &mut self,
        reader: &mut RecordReader,
        mut input: &[u8],
        rows: &mut dyn Rows,
    ) -> Result<()> {
        // At the end of the text, a record still inside a quoted field swallowed every line
        // after its opening quote: that is the error, whatever the fields it would make.
        if let (true, Some(line)) = (input.is_empty(), reader.open_quote()) {
            return Err(unclosed_quote(line));
        }
        while let Some((line, fields)) = reader.next_record(&mut input) {
            self.take(line, fields, rows)?;
        }
        Ok(())
    }

    fn take(&mut self, line: u64, fields: Vec<String>, rows: &mut dyn Rows) -> Result<()> {
        match &self.header {
            None => {
                let header = check_header(fields.iter().map(String::as_str))?;
                rows.header(&header)?;
                self.header = Some(header);
            }
            Some(header) => {
                if check_row(header, line, &fields)? {
                    rows.row(header, line, fields)?;
                    self.rows += 1;
                }
            }
        }
        Ok(())
    }
}

/// The bytes of a CSV file's start that are checked for a web page (see
/// [`crate::source::is_web_page`], which looks at most 8 KiB characters in).
const WEB_PAGE_HEAD: usize = 32 * 1024;

/// True when the bytes held at the start are enough to begin reading: a whole first line that
/// does not open with `<`; one that does (it may be a web page) waits for [`WEB_PAGE_HEAD`]
/// bytes or the end, so the page's first tags are seen however the file was sliced.
fn ready_to_start(start: &[u8]) -> bool {
    if start.len() >= WEB_PAGE_HEAD {
        return true;
    }
    let text = start.strip_prefix(BOM).unwrap_or(start);
    match text.iter().position(|byte| !byte.is_ascii_whitespace()) {
        Some(first) => {
            let rest = text.get(first..).unwrap_or_default();
            !rest.starts_with(b"<") && rest.contains(&b'\n')
        }
        None => false,
    }
}

/// A CSV file's bytes, pushed a slice at a time, read into checked records: a byte-order mark
/// skipped, the delimiter picked from the header line (the bytes before the first line end are
/// held until it arrives), NUL bytes refused, the header checked and every row checked against
/// it. Both loaders in slices read with it, so their checks and messages are one piece of code.
pub(crate) struct SliceReader {
    input: Input,
    checked: Checked,
    bytes: u64,
}

impl SliceReader {
    pub(crate) fn new() -> SliceReader {
        SliceReader {
            input: Input::Start(Vec::new()),
            checked: Checked::default(),
            bytes: 0,
        }
    }

    /// Bytes pushed so far.
    pub(crate) fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Data rows handed on so far (blank lines not counted).
    pub(crate) fn rows(&self) -> usize {
        self.checked.rows
    }

    /// Reads the next slice (UTF-8; a slice may end inside a character or a quoted field),
    /// handing every record it completes to `rows`.
    pub(crate) fn push(&mut self, bytes: &[u8], rows: &mut dyn Rows) -> Result<()> {
        if bytes.contains(&0) {
            return Err(Error::NotText);
        }
        self.bytes += bytes.len() as u64;
        match &mut self.input {
            Input::Start(start) => {
                start.extend_from_slice(bytes);
                if ready_to_start(start) {
                    self.start(rows)?;
                }
                Ok(())
            }
            // No bytes are no text: fed to the reader, they would end the text (see `feed`).
            Input::Reading(_) if bytes.is_empty() => Ok(()),
            Input::Reading(reader) => self.checked.feed(reader, bytes, rows),
            Input::Ended => Err(finished()),
        }
    }

    /// Ends the input: hands on the last record and returns the header with the number of
    /// data rows, or the error for a text with no header ([`Error::Empty`]) or no rows.
    pub(crate) fn finish(&mut self, rows: &mut dyn Rows) -> Result<(Vec<String>, usize)> {
        if matches!(self.input, Input::Start(_)) {
            self.start(rows)?;
        }
        let Input::Reading(mut reader) = std::mem::replace(&mut self.input, Input::Ended) else {
            return Err(finished());
        };
        self.checked.feed(&mut reader, &[], rows)?;
        let header = self.checked.header.take().ok_or(Error::Empty)?;
        if self.checked.rows == 0 {
            return Err(Error::NoRows);
        }
        Ok((header, self.checked.rows))
    }

    /// Leaves the start: strips a byte-order mark, picks the delimiter from the header line and
    /// reads what came so far.
    fn start(&mut self, rows: &mut dyn Rows) -> Result<()> {
        let Input::Start(start) = std::mem::replace(&mut self.input, Input::Ended) else {
            return Ok(());
        };
        let text = start.strip_prefix(BOM).unwrap_or(&start);
        let head = text
            .get(..text.len().min(WEB_PAGE_HEAD))
            .unwrap_or_default();
        if crate::source::is_web_page(&String::from_utf8_lossy(head), None) {
            return Err(Error::WebPage { fetched: false });
        }
        let first_line = text.split(|&byte| byte == b'\n').next().unwrap_or_default();
        let delimiter = detect_delimiter(&String::from_utf8_lossy(first_line));
        let mut reader = Box::new(RecordReader::new(delimiter));
        self.checked.feed(&mut reader, text, rows)?;
        self.input = Input::Reading(reader);
        Ok(())
    }
}

/// The columns of the rows read so far.
#[derive(Default)]
struct Table {
    columns: Vec<Column>,
    lines: Vec<u64>,
}

impl Rows for Table {
    fn header(&mut self, header: &[String]) -> Result<()> {
        self.columns = Vec::with_capacity(header.len());
        for _ in header {
            self.columns.push(Column::default());
        }
        Ok(())
    }

    fn row(&mut self, _header: &[String], line: u64, fields: Vec<String>) -> Result<()> {
        for (column, field) in self.columns.iter_mut().zip(&fields) {
            column.push(field_text(field));
        }
        self.lines.push(line);
        Ok(())
    }
}

/// The rows read, their roles, and the builder they are being added to.
struct Building {
    header: Vec<String>,
    columns: Vec<Column>,
    lines: Vec<u64>,
    roles: Roles,
    builder: Builder,
    next: usize,
}

/// The rows of a file whose roles the tidy loader cannot tell apart (kept for a run table), and
/// the columns of that run table made so far (the first ones; each column read is let go of once
/// made).
#[cfg(feature = "tables")]
struct Refused {
    header: Vec<String>,
    columns: Vec<Column>,
    lines: Vec<u64>,
    made: Vec<crate::table::TableColumn>,
}

enum Stage {
    Reading,
    /// The input ended and the columns' roles could not be told apart: the rows are kept for
    /// a run table ([`CsvLoader::open_step`]), made a column at a time.
    #[cfg(feature = "tables")]
    Refused(Box<Refused>),
    /// That run table made, opening as a sweep.
    #[cfg(feature = "tables")]
    Opening(Box<crate::table::Opening>),
    Building(Box<Building>),
    /// Every row is in; the panels are being filled.
    Assembling(Box<Assembly>),
    Done,
}

/// A tidy CSV loader fed in slices; see the module documentation.
pub struct CsvLoader {
    options: CsvOptions,
    reader: SliceReader,
    stage: Stage,
    table: Table,
    /// The first error, returned again by every later call.
    failed: Option<Error>,
    /// Data rows, once the input has ended.
    rows: usize,
}

impl CsvLoader {
    /// A loader with explicit column roles (every role left empty is inferred).
    pub fn new(options: CsvOptions) -> CsvLoader {
        CsvLoader {
            options,
            reader: SliceReader::new(),
            stage: Stage::Reading,
            table: Table::default(),
            failed: None,
            rows: 0,
        }
    }

    /// Bytes pushed so far.
    pub fn bytes_read(&self) -> u64 {
        self.reader.bytes()
    }

    /// Data rows read so far (blank lines not counted).
    pub fn rows_read(&self) -> usize {
        self.reader.rows()
    }

    /// Rows added to the dataset so far, once the input has ended.
    pub fn rows_built(&self) -> usize {
        match &self.stage {
            Stage::Building(building) => building.next,
            Stage::Assembling(_) | Stage::Done => self.rows,
            Stage::Reading => 0,
            #[cfg(feature = "tables")]
            Stage::Refused(_) | Stage::Opening(_) => 0,
        }
    }

    /// Panels filled so far and how many there are (both 0 until every row is in).
    pub fn panels_built(&self) -> (usize, usize) {
        match &self.stage {
            Stage::Assembling(assembly) => assembly.progress(),
            _ => (0, 0),
        }
    }

    /// How far the load of a file of `file_bytes` bytes is, for a progress bar: a fraction from
    /// 0 to 1 and what is being done. Reading is the first three quarters; then adding rows
    /// (six tenths of the rest) and filling panels, or opening the rows as a run table.
    pub fn progress(&self, file_bytes: u64) -> (f64, String) {
        let read = self.bytes_read();
        let rest = |done: f64| READ_SHARE + (1.0 - READ_SHARE) * done;
        match &self.stage {
            Stage::Reading => (
                READ_SHARE * share(read, file_bytes),
                reading_text(read, file_bytes),
            ),
            #[cfg(feature = "tables")]
            Stage::Refused(_) | Stage::Opening(_) => {
                (rest(self.open_share()), "Opening the run table".to_owned())
            }
            Stage::Done => (1.0, "The dataset is built".to_owned()),
            Stage::Building(_) | Stage::Assembling(_) => {
                let (rows, built) = (self.rows, self.rows_built());
                let (panels_built, panels) = self.panels_built();
                let fraction = 0.6 * share(built as u64, rows as u64)
                    + 0.4
                        * if panels > 0 {
                            share(panels_built as u64, panels as u64)
                        } else {
                            0.0
                        };
                let text = if built < rows {
                    format!(
                        "Building the dataset: {} of {} rows",
                        crate::error::grouped(built),
                        crate::error::grouped(rows)
                    )
                } else if panels == 0 {
                    "Grouping the rows by cell".to_owned()
                } else {
                    format!(
                        "Filling the panels: {} of {}",
                        crate::error::grouped(panels_built),
                        crate::error::grouped(panels)
                    )
                };
                (rest(fraction), text)
            }
        }
    }

    /// Reads the next slice of the file's bytes (UTF-8; a slice may end inside a character or a
    /// quoted field).
    pub fn push(&mut self, bytes: &[u8]) -> Result<()> {
        self.guard(|loader| loader.reader.push(bytes, &mut loader.table))
    }

    /// Says that the file has ended; infers the column roles. Returns the number of data rows.
    pub fn finish_input(&mut self) -> Result<usize> {
        self.guard(CsvLoader::end_input)
    }

    /// Does about `rows` rows' worth of building: adds up to `rows` rows to the dataset; once
    /// every row is in, one call groups them by cell (and finds repeated cells), and the next
    /// ones fill panels of about `rows` cells. Returns the dataset after its last panel (the
    /// loader is spent then), else `None`.
    pub fn build_step(&mut self, rows: usize) -> Result<Option<Dataset>> {
        self.guard(|loader| loader.build(rows))
    }

    /// After [`CsvLoader::finish_input`] refused the file for its columns (roles it cannot tell
    /// apart), does about `cells` fields' worth (runs times columns, one column at least) of
    /// opening the rows read as the sweep [`crate::table::open_sweep`] opens for the whole text
    /// with `options` (used by the last step, which infers the roles): first the run table, a
    /// column at a time, then the table's finished runs kept, a column at a time
    /// ([`crate::table::Opening`]). Returns the sweep after the last step (the loader is spent
    /// then), else `None`; an error (a limit, a role named that does not fit) spends it too.
    /// For a loader that holds no such rows, the error for a call out of order.
    #[cfg(feature = "tables")]
    pub fn open_step(
        &mut self,
        cells: usize,
        options: &crate::table::TableOptions,
    ) -> Result<Option<crate::table::Sweep>> {
        let result = self.open_some(cells, options);
        if !matches!(result, Ok(None)) {
            self.stage = Stage::Done;
        }
        result
    }

    /// How far [`CsvLoader::open_step`] is, from 0 to 1: making the run table is the first
    /// half, opening it the second.
    #[cfg(feature = "tables")]
    pub fn open_share(&self) -> f64 {
        match &self.stage {
            Stage::Refused(refused) => {
                0.5 * refused.made.len() as f64 / refused.header.len().max(1) as f64
            }
            Stage::Opening(opening) => {
                let (done, steps) = opening.progress();
                0.5 + 0.5 * done as f64 / steps.max(1) as f64
            }
            _ => 0.0,
        }
    }

    #[cfg(feature = "tables")]
    fn open_some(
        &mut self,
        cells: usize,
        options: &crate::table::TableOptions,
    ) -> Result<Option<crate::table::Sweep>> {
        match &mut self.stage {
            Stage::Refused(refused) => {
                if refused.made.is_empty() {
                    crate::table::check_run_table(refused.header.len(), refused.lines.len())?;
                }
                let mut done = 0usize;
                while let (Some(name), Some(column)) = (
                    refused.header.get(refused.made.len()),
                    refused.columns.get_mut(refused.made.len()),
                ) {
                    if done > 0 && done.saturating_add(column.ids.len()) > cells {
                        return Ok(None);
                    }
                    done = done.saturating_add(column.ids.len());
                    let column = std::mem::take(column);
                    let mut fields: Vec<&str> = Vec::with_capacity(column.values.len());
                    for value in &column.values {
                        fields.push(value);
                    }
                    let made = crate::table::column_of_fields(name.clone(), &fields, &column.ids);
                    refused.made.push(made);
                }
                let table = crate::table::RunTable {
                    columns: std::mem::take(&mut refused.made),
                    lines: std::mem::take(&mut refused.lines),
                    json: false,
                };
                let opening = crate::table::Opening::new(table, crate::table::NameMap::new())?;
                self.stage = Stage::Opening(Box::new(opening));
                Ok(None)
            }
            Stage::Opening(opening) => opening.step(cells, options),
            _ => Err(finished()),
        }
    }

    fn guard<T>(&mut self, step: impl FnOnce(&mut CsvLoader) -> Result<T>) -> Result<T> {
        if let Some(error) = &self.failed {
            return Err(error.clone());
        }
        let result = step(self);
        if let Err(error) = &result {
            self.failed = Some(error.clone());
            // Let go of the rows read: a failed loader holds nothing big (but the rows of a file
            // refused for its columns, which a run table reads).
            self.table = Table::default();
            self.reader = SliceReader::new();
            #[cfg(feature = "tables")]
            let refused = matches!(self.stage, Stage::Refused(_));
            #[cfg(not(feature = "tables"))]
            let refused = false;
            if !refused {
                self.stage = Stage::Done;
            }
        }
        result
    }

    fn end_input(&mut self) -> Result<usize> {
        let (header, rows) = self.reader.finish(&mut self.table)?;
        let table = std::mem::take(&mut self.table);
        self.rows = rows;
        let mut profiles: Vec<Profile> = Vec::with_capacity(table.columns.len());
        for column in &table.columns {
            profiles.push(column.profile(rows));
        }
        let roles = match infer_roles(&header, &profiles, &self.options) {
            Ok(roles) => roles,
            Err(error) => {
                // Roles it cannot tell apart (no column named in the options is missing: the
                // page names none): the rows are kept for a run table.
                #[cfg(feature = "tables")]
                {
                    self.stage = Stage::Refused(Box::new(Refused {
                        header,
                        columns: table.columns,
                        lines: table.lines,
                        made: Vec::new(),
                    }));
                }
                return Err(error);
            }
        };
        let mut columns = table.columns;
        for column in &mut columns {
            // Only the values by index are needed from here on.
            column.index = FastMap::default();
        }
        self.stage = Stage::Building(Box::new(Building {
            header,
            columns,
            lines: table.lines,
            roles,
            builder: Builder::default(),
            next: 0,
        }));
        Ok(rows)
    }

    fn build(&mut self, rows: usize) -> Result<Option<Dataset>> {
        match &mut self.stage {
            Stage::Building(building) => {
                let end = building.next.saturating_add(rows).min(building.lines.len());
                for row in building.next..end {
                    building.add_row(row)?;
                }
                building.next = end;
                if end == building.lines.len() {
                    let Stage::Building(building) = std::mem::replace(&mut self.stage, Stage::Done)
                    else {
                        return Err(finished());
                    };
                    self.stage = Stage::Assembling(Box::new(building.assemble()?));
                }
                Ok(None)
            }
            Stage::Assembling(assembly) => {
                if !assembly.step(rows) {
                    return Ok(None);
                }
                let Stage::Assembling(assembly) = std::mem::replace(&mut self.stage, Stage::Done)
                else {
                    return Err(finished());
                };
                Ok(Some(assembly.finish()))
            }
            _ => Err(finished()),
        }
    }
}

/// A call after the loader has built its dataset (or in the wrong order).
fn finished() -> Error {
    Error::InvalidField {
        field: "loader".into(),
        expected: "bytes before finishInput, build steps after it, and nothing after the \
                   dataset is built"
            .into(),
    }
}

impl Building {
    fn column_name(&self, index: usize) -> &str {
        self.header.get(index).map_or("", String::as_str)
    }

    /// Adds one row as a record; the checks and their order are those of the whole-text loader.
    fn add_row(&mut self, row: usize) -> Result<()> {
        let Building {
            header,
            columns,
            lines,
            roles,
            builder,
            ..
        } = self;
        let line = lines.get(row).copied().unwrap_or_default();
        let column_name = |index: usize| header.get(index).map_or("", String::as_str);
        let field = |index: usize| columns.get(index).map_or("", |c| c.field(row));
        let label = |index: usize| -> Result<&str> {
            let text = field(index);
            if text.is_empty() {
                Err(Error::EmptyField {
                    line,
                    column: column_name(index).to_string(),
                })
            } else {
                Ok(text)
            }
        };
        let value_text = field(roles.value);
        let value = if is_missing_marker(value_text) {
            None
        } else {
            Some(parse_value(value_text, line, column_name(roles.value))?)
        };
        let replicate = match roles.replicate {
            // A missing cell may leave its replicate empty; a measurement may not.
            Some(column) if value.is_none() && field(column).is_empty() => None,
            Some(column) => Some(label(column)?),
            None => None,
        };
        builder.add(Record {
            model: roles.model.map(label).transpose()?.unwrap_or_default(),
            benchmark: roles.benchmark.map(label).transpose()?.unwrap_or_default(),
            x: label(roles.x)?,
            y: label(roles.y)?,
            replicate,
            value,
            line,
        });
        Ok(())
    }

    fn assemble(self) -> Result<Assembly> {
        let name = |index: usize| self.column_name(index).to_string();
        let roles = &self.roles;
        let metric_name = name(roles.value);
        let names = Names {
            metric: Metric {
                direction: Direction::guess_from_name(&metric_name),
                name: metric_name,
                unit: None,
            },
            x: name(roles.x),
            y: name(roles.y),
            model: roles.model.map(name),
            benchmark: roles.benchmark.map(name),
            replicate: roles.replicate.map(name),
        };
        self.builder
            .assemble(names, None, None, &Default::default())
    }
}
