//! Markdown blocks for "Copy as Markdown": headings, bullets, paragraphs and tables, with every
//! piece of text (ours and the data's labels) through one escaper.
//!
//! The escaper keeps the structure the writer chose whatever a label holds: every line end a
//! label can carry (LF, CR, CRLF, vertical tab, form feed, U+0085, U+2028, U+2029) becomes one
//! space, so a heading, a bullet or a table row is always one line; the characters Markdown
//! reads as markup (`|` among them, so a label never closes a table cell) are backslash-escaped;
//! and a text that begins like a list marker ("- ", "+ ", "1. ") has that marker escaped, so it
//! cannot open a list inside the bullet it is written in. Nothing here knows about figures.

use serde::Serialize;

/// True for the characters that end a line somewhere: Markdown's own (LF, CR) and those other
/// readers and editors break lines at (vertical tab, form feed, NEL, line and paragraph
/// separators).
pub fn is_line_end(c: char) -> bool {
    matches!(
        c,
        '\n' | '\r' | '\u{b}' | '\u{c}' | '\u{85}' | '\u{2028}' | '\u{2029}'
    )
}

/// `text` as inline Markdown on one line: line ends (CRLF as one) become a space, markup
/// characters are backslash-escaped, and a leading list marker is escaped.
pub fn escape_markdown(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len() + 8);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if is_line_end(c) {
            if c == '\r' && chars.peek() == Some(&'\n') {
                chars.next();
            }
            escaped.push(' ');
            continue;
        }
        if matches!(
            c,
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '#' | '|'
        ) {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    // Markdown looks for a marker past up to three spaces (more make code, still one line).
    let content = escaped.trim_start_matches([' ', '\t']);
    let indent = escaped.len() - content.len();
    if let Some(marker) = list_marker(content) {
        escaped.insert(indent + marker, '\\');
    }
    escaped
}

/// Where the punctuation of a block marker that `text` begins with sits ("- x", "+", "---",
/// "~~~", "12. x", "3)"), or `None` when it begins with none. A list marker counts only when
/// followed by a space, a tab or the end, as in Markdown ("-5" and "0.1" are text).
fn list_marker(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    let marker = *bytes.get(digits)?;
    let next = bytes.get(digits + 1).copied();
    let ends = matches!(next, None | Some(b' ' | b'\t'));
    let is_marker = match (digits, marker) {
        (1..=9, b'.' | b')') | (0, b'+') => ends,
        (0, b'-') => ends || next == Some(b'-'),
        (0, b'~') => next == Some(b'~'),
        _ => false,
    };
    is_marker.then_some(digits)
}

/// A column of a table: its heading, and whether it holds numbers (right-aligned).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TableColumn {
    pub name: String,
    pub numeric: bool,
}

impl TableColumn {
    /// A column of text.
    pub fn text(name: &str) -> TableColumn {
        TableColumn {
            name: name.to_string(),
            numeric: false,
        }
    }

    /// A column of numbers.
    pub fn numeric(name: &str) -> TableColumn {
        TableColumn {
            name: name.to_string(),
            numeric: true,
        }
    }
}

/// Writes Markdown block by block: each block is separated from the last by one blank line, and
/// every text goes through [`escape_markdown`].
#[derive(Debug, Default)]
pub struct MarkdownWriter {
    text: String,
}

impl MarkdownWriter {
    fn start_block(&mut self) {
        if !self.text.is_empty() {
            self.text.push('\n');
        }
    }

    fn line(&mut self, prefix: &str, text: &str) {
        self.text.push_str(prefix);
        self.text.push_str(&escape_markdown(text));
        self.text.push('\n');
    }

    /// `### title` at `level` (1 to 6).
    pub fn heading(&mut self, level: usize, title: &str) {
        self.start_block();
        let hashes = "######".get(..level.clamp(1, 6)).unwrap_or("#");
        self.line(&format!("{hashes} "), title);
    }

    /// A paragraph of one line (nothing at all for an empty text).
    pub fn paragraph(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        self.start_block();
        self.line("", text);
    }

    /// A bullet list, one item per text (nothing at all for none).
    pub fn bullets<'a>(&mut self, items: impl IntoIterator<Item = &'a str>) {
        let mut items = items.into_iter().peekable();
        if items.peek().is_none() {
            return;
        }
        self.start_block();
        for item in items {
            self.line("- ", item);
        }
    }

    /// A table: the header row, the alignment row, then one row per entry of `rows` (each with
    /// as many cells as there are columns).
    pub fn table<R: AsRef<[String]>>(&mut self, columns: &[TableColumn], rows: &[R]) {
        self.start_block();
        self.row(columns.iter().map(|column| column.name.as_str()));
        let mut alignments: Vec<&str> = Vec::with_capacity(columns.len());
        for column in columns {
            alignments.push(if column.numeric { "---:" } else { "---" });
        }
        self.text
            .push_str(&format!("| {} |\n", alignments.join(" | ")));
        for row in rows {
            self.row(row.as_ref().iter().map(String::as_str));
        }
    }

    fn row<'a>(&mut self, cells: impl Iterator<Item = &'a str>) {
        let mut escaped: Vec<String> = Vec::new();
        for cell in cells {
            escaped.push(escape_markdown(cell));
        }
        let cells = escaped;
        self.text.push_str(&format!("| {} |\n", cells.join(" | ")));
    }

    /// The Markdown written, ending in one line end.
    pub fn finish(self) -> String {
        self.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_markup_in_labels_is_escaped() {
        assert_eq!(
            escape_markdown("R1 | <b>*x*</b>"),
            "R1 \\| \\<b\\>\\*x\\*\\</b\\>"
        );
    }

    #[test]
    fn every_line_end_becomes_one_space() {
        for end in [
            "\n", "\r", "\r\n", "\u{b}", "\u{c}", "\u{85}", "\u{2028}", "\u{2029}",
        ] {
            assert_eq!(
                escape_markdown(&format!("a{end}- item{end}## h{end}| x |")),
                "a - item \\#\\# h \\| x \\|",
                "{end:?}"
            );
        }
        assert_eq!(escape_markdown("a\n\rb"), "a  b");
    }

    #[test]
    fn a_leading_list_marker_is_escaped_and_other_dashes_are_not() {
        assert_eq!(escape_markdown("- x"), "\\- x");
        assert_eq!(escape_markdown("+"), "\\+");
        assert_eq!(escape_markdown("12. x"), "12\\. x");
        assert_eq!(escape_markdown("3)"), "3\\)");
        assert_eq!(escape_markdown("~~~"), "\\~~~");
        assert_eq!(escape_markdown("---"), "\\---");
        assert_eq!(escape_markdown("\n- x"), " \\- x");
        assert_eq!(escape_markdown("  1. x"), "  1\\. x");
        assert_eq!(escape_markdown("-5"), "-5");
        assert_eq!(escape_markdown("0.1"), "0.1");
        assert_eq!(escape_markdown("R1-Llama"), "R1-Llama");
        assert_eq!(escape_markdown("2000"), "2000");
    }

    #[test]
    fn blocks_are_separated_by_one_blank_line() {
        let mut writer = MarkdownWriter::default();
        writer.heading(3, "A | B");
        writer.bullets(["one\ntwo", "- three"]);
        writer.paragraph("text");
        writer.table(
            &[TableColumn::text("Name"), TableColumn::numeric("Value")],
            &[vec!["a|b".to_string(), "1.0".to_string()]],
        );
        assert_eq!(
            writer.finish(),
            "### A \\| B\n\n- one two\n- \\- three\n\ntext\n\n| Name | Value |\n| --- | ---: |\n\
             | a\\|b | 1.0 |\n"
        );
    }
}
