//! CSV records read with csv-core alone, the push parser under the csv crate, and written by a
//! small writer that quotes as the csv crate does. The csv crate's own `Reader` and `Writer` sit
//! on `std::io`, which brings `io::Error`, its table of kind names and buffered readers into the
//! wasm; csv-core needs none of that and parses exactly as the csv crate does (it calls it for
//! every byte).
//!
//! One reader serves the whole-text loaders and the loader fed in slices, so both number lines
//! the same way.
//!
//! Every CSV sweepmap writes for a person is safe to open in a spreadsheet (CSV injection,
//! OWASP): [`protect_field`] gives a text field that a spreadsheet would evaluate as a formula a
//! leading `'`, and the loaders take it off again ([`unprotect_field`]), so an export loads back
//! to the same data. The rule, exact and reversible:
//! - *dangerous* characters are `=`, `+`, `-`, `@`, tab and carriage return;
//! - a field that is a number (the loaders' number syntax: `-0.5`, `+3`, `-1e-3`; finite, no
//!   spaces) is written as it is;
//! - any other field that is a run of zero or more `'` followed by a dangerous character gets one
//!   more `'` in front (`=x` -> `'=x`, `'=x` -> `''=x`); every other field is written as it is;
//! - reading, a field (after trimming) that is a run of one or more `'` followed by a dangerous
//!   character loses its first `'`; no other field changes.
//!
//! Writing then reading gives back every field; a field starting with `'` before anything else
//! (`'quoted'`) is never touched.

use std::borrow::Cow;

use csv_core::ReadRecordResult;

/// Characters that make a spreadsheet evaluate a field that starts with them.
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// How a CSV export writes text fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CsvText {
    /// Text that a spreadsheet would evaluate as a formula gets a leading `'`, which sweepmap's
    /// loaders take off again (the default: every export is safe to open in a spreadsheet).
    #[default]
    SpreadsheetSafe,
    /// Every field exactly as the data have it. Not safe to open in a spreadsheet: a label such
    /// as `=HYPERLINK(...)` is evaluated there.
    Raw,
}

/// True when `text` is a run of `'` (possibly empty) followed by a dangerous character.
fn is_formula_like(text: &str) -> bool {
    text.trim_start_matches('\'').starts_with(FORMULA_STARTS)
}

/// A field as a spreadsheet-safe export writes it: numbers as they are, text a spreadsheet
/// would evaluate with one more leading `'` (see the module documentation for the exact rule).
pub(crate) fn protect_field(text: &str) -> Cow<'_, str> {
    let number = crate::decimal::parse_f64(text).is_some_and(f64::is_finite);
    if !number && is_formula_like(text) {
        Cow::Owned(format!("'{text}"))
    } else {
        Cow::Borrowed(text)
    }
}

/// A field as the loaders read it (already trimmed): the `'` that [`protect_field`] added taken
/// off again, and nothing else changed.
pub(crate) fn unprotect_field(text: &str) -> &str {
    match text.strip_prefix('\'') {
        Some(rest) if is_formula_like(rest) => rest,
        _ => text,
    }
}

/// A CSV reader fed bytes a slice at a time: the csv-core reader, the record it is in the
/// middle of, and the physical line count.
pub(crate) struct RecordReader {
    core: csv_core::Reader,
    output: Vec<u8>,
    ends: Vec<usize>,
    output_len: usize,
    ends_len: usize,
    /// Physical lines: 1 + the line ends consumed so far (`\n`, `\r\n` or a lone `\r`).
    line: u64,
    previous_cr: bool,
    /// The line of the current record's first character, once one is consumed.
    record_line: Option<u64>,
    delimiter: u8,
    /// Where the reader is as far as quotes go, followed byte by byte as csv-core's own state
    /// machine moves (which it does not show): so that a text ending inside a quoted field is
    /// told apart from one whose last field merely holds line ends.
    quoting: Quoting,
}

/// The quoting states of csv-core's reader with the csv crate's defaults (double quotes,
/// doubled to escape, no escape character, no comments).
#[derive(Debug, Clone, Copy, PartialEq)]
enum Quoting {
    /// At the start of a field (or of a record): a quote here opens a quoted field.
    FieldStart,
    /// In a field that is not quoted (or no longer: text after a closing quote): quotes are text.
    Unquoted,
    /// Inside a quoted field that opened on this line.
    Quoted { line: u64 },
    /// Just after a quote inside a quoted field: a second quote is an escaped one, anything
    /// else means the field was closed.
    QuoteInQuoted { line: u64 },
}

impl RecordReader {
    /// A reader for fields separated by `delimiter`, with the csv crate's defaults otherwise
    /// (double quotes, doubled to escape; `\n`, `\r\n` or `\r` ending records).
    pub(crate) fn new(delimiter: u8) -> RecordReader {
        RecordReader {
            core: csv_core::ReaderBuilder::new().delimiter(delimiter).build(),
            output: vec![0; 4096],
            ends: vec![0; 64],
            output_len: 0,
            ends_len: 0,
            line: 1,
            previous_cr: false,
            record_line: None,
            delimiter,
            quoting: Quoting::FieldStart,
        }
    }

    /// The line where a quoted field opened, when the bytes read so far end inside it: at the
    /// end of the text, the quote was never closed.
    pub(crate) fn open_quote(&self) -> Option<u64> {
        match self.quoting {
            Quoting::Quoted { line } => Some(line),
            _ => None,
        }
    }

    /// Moves the quoting state past one byte, as csv-core's reader moves.
    fn follow_quotes(&mut self, byte: u8) {
        let ends_field = byte == self.delimiter || byte == b'\n' || byte == b'\r';
        self.quoting = match self.quoting {
            Quoting::FieldStart if byte == b'"' => Quoting::Quoted { line: self.line },
            Quoting::Quoted { line } if byte == b'"' => Quoting::QuoteInQuoted { line },
            quoted @ Quoting::Quoted { .. } => quoted,
            Quoting::QuoteInQuoted { line } if byte == b'"' => Quoting::Quoted { line },
            _ if ends_field => Quoting::FieldStart,
            _ => Quoting::Unquoted,
        };
    }

    /// Counts the line ends in bytes the reader consumed, and notes where a record starts: at
    /// its first byte that is not a line end (blank lines before it are skipped).
    fn count_lines(&mut self, consumed: &[u8]) {
        for &byte in consumed {
            self.follow_quotes(byte);
            if self.record_line.is_none() && byte != b'\n' && byte != b'\r' {
                self.record_line = Some(self.line);
            }
            match byte {
                b'\r' => self.line += 1,
                b'\n' if !self.previous_cr => self.line += 1,
                _ => {}
            }
            self.previous_cr = byte == b'\r';
        }
    }

    /// The next record in `input` with the line it starts on, moving `input` past what was
    /// read; `None` once `input` is used up (pass an empty `input` at the end of the text to
    /// get a last record that has no line end).
    pub(crate) fn next_record(&mut self, input: &mut &[u8]) -> Option<(u64, Vec<String>)> {
        loop {
            let (result, read, written, ended) = self.core.read_record(
                input,
                self.output.get_mut(self.output_len..).unwrap_or_default(),
                self.ends.get_mut(self.ends_len..).unwrap_or_default(),
            );
            let (consumed, rest) = input.split_at(read.min(input.len()));
            self.count_lines(consumed);
            *input = rest;
            self.output_len += written;
            self.ends_len += ended;
            match result {
                ReadRecordResult::InputEmpty | ReadRecordResult::End => return None,
                ReadRecordResult::OutputFull => {
                    let size = self.output.len() * 2;
                    self.output.resize(size, 0);
                }
                ReadRecordResult::OutputEndsFull => {
                    let size = self.ends.len() * 2;
                    self.ends.resize(size, 0);
                }
                ReadRecordResult::Record => {
                    let fields = self.fields();
                    let line = self.record_line.take().unwrap_or(self.line);
                    self.output_len = 0;
                    self.ends_len = 0;
                    return Some((line, fields));
                }
            }
        }
    }

    /// The fields of the record just read, as text (bytes that are not UTF-8 become U+FFFD,
    /// which the row check reports as text that is not UTF-8).
    fn fields(&self) -> Vec<String> {
        let output = self.output.get(..self.output_len).unwrap_or_default();
        let mut fields = Vec::with_capacity(self.ends_len);
        let mut start = 0;
        for &end in self.ends.get(..self.ends_len).unwrap_or_default() {
            let field = output.get(start..end).unwrap_or_default();
            fields.push(String::from_utf8_lossy(field).into_owned());
            start = end;
        }
        fields
    }
}

/// CSV text written as the csv crate's writer writes it with its defaults and `\n` after each
/// record, each field first made spreadsheet-safe by [`protect_field`] unless the writer is
/// [`CsvText::Raw`]: a field is quoted when it holds a comma, a quote, `\r` or `\n` (quotes
/// doubled), and a record with no text at all is written `""`. Written here rather than with
/// csv-core's writer, whose quoting styles include one that parses fields as numbers: that alone
/// kept core's float parser in the wasm. A property test holds it to the csv crate.
pub(crate) struct CsvWriter {
    out: String,
    text: CsvText,
    /// True when the record being written has a field already (a comma comes next).
    in_record: bool,
    /// Where the record being written starts in `out`.
    record_start: usize,
}

impl CsvWriter {
    pub(crate) fn new(text: CsvText) -> CsvWriter {
        CsvWriter {
            out: String::new(),
            text,
            in_record: false,
            record_start: 0,
        }
    }

    /// Adds a field to the record being written.
    pub(crate) fn field(&mut self, text: &str) {
        if self.in_record {
            self.out.push(',');
        }
        self.in_record = true;
        let text = match self.text {
            CsvText::SpreadsheetSafe => protect_field(text),
            CsvText::Raw => Cow::Borrowed(text),
        };
        if text.contains([',', '"', '\r', '\n']) {
            self.out.push('"');
            for part in text.split_inclusive('"') {
                self.out.push_str(part);
                if part.ends_with('"') {
                    self.out.push('"');
                }
            }
            self.out.push('"');
        } else {
            self.out.push_str(&text);
        }
    }

    /// Adds a number to the record being written, as Rust's `{}` writes it.
    pub(crate) fn number(&mut self, value: f64) {
        self.field(&crate::float_text::shortest(value));
    }

    /// Writes a whole record: text fields, then a number as [`number`](Self::number) does.
    pub(crate) fn row(&mut self, fields: &[&str], value: f64) {
        for field in fields {
            self.field(field);
        }
        self.number(value);
        self.end_record();
    }

    /// Ends the record being written.
    pub(crate) fn end_record(&mut self) {
        if self.out.len() == self.record_start {
            // Nothing written: an empty line would read as no record at all.
            self.out.push_str("\"\"");
        }
        self.out.push('\n');
        self.in_record = false;
        self.record_start = self.out.len();
    }

    /// Writes a whole record.
    pub(crate) fn record(&mut self, fields: &[&str]) {
        for field in fields {
            self.field(field);
        }
        self.end_record();
    }

    /// The text written.
    pub(crate) fn into_string(self) -> String {
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(text: &str) -> Vec<(u64, Vec<String>)> {
        let mut reader = RecordReader::new(b',');
        let mut input = text.as_bytes();
        let mut records = Vec::new();
        while let Some(record) = reader.next_record(&mut input) {
            records.push(record);
        }
        let mut end: &[u8] = &[];
        records.extend(reader.next_record(&mut end));
        records
    }

    fn fields(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn records_carry_the_line_they_start_on() {
        let text = "a,b\r\n\r\n1,\"x\ny\"\r2,3";
        assert_eq!(
            read_all(text),
            vec![
                (1, fields(&["a", "b"])),
                (3, fields(&["1", "x\ny"])),
                (5, fields(&["2", "3"])),
            ]
        );
    }

    #[test]
    fn written_as_the_csv_crate_writes() {
        let mut writer = CsvWriter::new(CsvText::Raw);
        writer.record(&["plain", "with,comma", "say \"hi\"", "two\nlines", ""]);
        writer.record(&[""]);
        writer.record(&["cr\r", " padded "]);
        assert_eq!(
            writer.into_string(),
            "plain,\"with,comma\",\"say \"\"hi\"\"\",\"two\nlines\",\n\"\"\n\"cr\r\", padded \n"
        );
    }

    #[test]
    fn long_fields_are_written_whole() {
        let long = "\"".repeat(10_000);
        let mut writer = CsvWriter::new(CsvText::Raw);
        writer.record(&[&long, "x"]);
        let text = writer.into_string();
        assert_eq!(text.len(), 2 * 10_000 + 2 + 3);
        assert_eq!(read_all(&text), vec![(1, vec![long, "x".to_string()])]);
    }

    #[test]
    fn protects_formulas_and_leaves_numbers_and_other_text() {
        for (field, written) in [
            ("=1+1", "'=1+1"),
            ("+cmd", "'+cmd"),
            ("-cmd", "'-cmd"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\tx", "'\tx"),
            ("\rx", "'\rx"),
            ("-", "'-"),
            ("'=x", "''=x"),
            ("''-x", "'''-x"),
            ("'-1", "''-1"),
            ("-inf", "'-inf"),
            ("+NaN", "'+NaN"),
            ("- 1", "'- 1"),
            ("-1 ", "'-1 "),
            ("-1", "-1"),
            ("-0.5", "-0.5"),
            ("-1e-3", "-1e-3"),
            ("+2", "+2"),
            ("-.5", "-.5"),
            ("'quoted'", "'quoted'"),
            ("'", "'"),
            ("a=b", "a=b"),
            (" =x", " =x"),
            ("", ""),
        ] {
            assert_eq!(protect_field(field), written, "{field:?}");
            assert_eq!(unprotect_field(written), field, "{written:?}");
        }
        // Only a quote before a dangerous character (after more quotes) is taken off.
        for field in ["'quoted", "'1", "'", "''", "'a=b", "' =x"] {
            assert_eq!(unprotect_field(field), field);
        }
    }

    #[test]
    fn a_raw_writer_writes_the_exact_text_and_a_safe_one_protects() {
        let fields = ["=a", "-1", "@b,c"];
        let mut raw = CsvWriter::new(CsvText::Raw);
        raw.record(&fields);
        assert_eq!(raw.into_string(), "=a,-1,\"@b,c\"\n");
        let mut safe = CsvWriter::new(CsvText::SpreadsheetSafe);
        safe.record(&fields);
        assert_eq!(safe.into_string(), "'=a,-1,\"'@b,c\"\n");
    }

    /// Text made of the characters CSV treats specially, and a few others.
    fn csv_text() -> impl proptest::strategy::Strategy<Value = String> {
        proptest::string::string_regex("[a,;\"\n\r é\t]{0,40}").unwrap()
    }

    proptest::proptest! {
        #[test]
        fn reads_the_records_the_csv_crate_reads(text in csv_text()) {
            let mut reference = csv::ReaderBuilder::new()
                .has_headers(false)
                .flexible(true)
                .from_reader(text.as_bytes());
            let expected: Vec<Vec<String>> = reference
                .records()
                .map(|record| record.unwrap().iter().map(str::to_string).collect())
                .collect();
            let found: Vec<Vec<String>> =
                read_all(&text).into_iter().map(|(_, fields)| fields).collect();
            proptest::prop_assert_eq!(found, expected);
        }

        /// Reading undoes writing, for any text; and what is written never starts with a
        /// character a spreadsheet evaluates unless it is a number.
        #[test]
        fn protection_is_undone_exactly(text in "['=+@\t\r a1.e-]{0,6}") {
            let written = protect_field(&text);
            proptest::prop_assert_eq!(unprotect_field(&written), text.as_str());
            proptest::prop_assert!(
                !written.starts_with(FORMULA_STARTS)
                    || written.parse::<f64>().is_ok_and(f64::is_finite),
                "{:?}", written
            );
        }

        #[test]
        fn writes_what_the_csv_crate_writes(
            records in proptest::collection::vec(proptest::collection::vec(csv_text(), 1..5), 0..5)
        ) {
            let mut reference = csv::WriterBuilder::new()
                .flexible(true)
                .terminator(csv::Terminator::Any(b'\n'))
                .from_writer(Vec::new());
            let mut writer = CsvWriter::new(CsvText::Raw);
            for record in &records {
                reference.write_record(record).unwrap();
                let fields: Vec<&str> = record.iter().map(String::as_str).collect();
                writer.record(&fields);
            }
            let expected = String::from_utf8(reference.into_inner().unwrap()).unwrap();
            proptest::prop_assert_eq!(writer.into_string(), expected);
        }
    }
}
