//! Checks of what the exports write, shared by the native tests (`#[path]`-included) and the fuzz
//! targets (fuzz/fuzz_targets/, which include this file too): every SVG is well-formed XML for a
//! strict parser, every Markdown block keeps the structure its writer gave it, and every LaTeX
//! table its rows, cells and balanced braces, whatever the labels hold.
#![allow(dead_code)]

use sweepmap::figure::{
    comparisons_markdown, key_observations, prepare_figure, prepare_pairwise_figure, FigureOptions,
    KeyObservations, PairwiseOptions, View,
};
use sweepmap::layout::layout_figure;
use sweepmap::pairwise::PairwiseDataset;
use sweepmap::render::render_svg;
use sweepmap::Dataset;

/// A line of Markdown as the writer makes them.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    /// `### text`: the level and the text as written (escaped).
    Heading(usize, String),
    /// `- text`, as written.
    Bullet(String),
    /// `| a | b |`: the cells as written, the alignment row included.
    Row(Vec<String>),
    /// A line of text.
    Paragraph(String),
    Blank,
}

/// True when `text` would open a block of its own at the start of a line or of a list item: a
/// list item, a heading, a quote, a fence, a thematic break.
fn opens_block(text: &str) -> bool {
    let text = text.trim_start_matches([' ', '\t']);
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &text[digits..];
    let marker_then_space = |marker: &str| {
        rest.strip_prefix(marker)
            .is_some_and(|after| after.is_empty() || after.starts_with([' ', '\t']))
    };
    if (1..=9).contains(&digits) && (marker_then_space(".") || marker_then_space(")")) {
        return true;
    }
    digits == 0
        && (["-", "+", "*"]
            .iter()
            .any(|marker| marker_then_space(marker))
            || ["#", ">", "```", "~~~", "---", "***", "___"]
                .iter()
                .any(|start| text.starts_with(start)))
}

/// The cells of a table row, split at every `|` not escaped by a backslash.
fn cells(line: &str) -> Result<Vec<String>, String> {
    let inner = line
        .strip_prefix("| ")
        .and_then(|rest| rest.strip_suffix(" |"))
        .ok_or("a table row must start with \"| \" and end with \" |\"")?;
    let mut cells = vec![String::new()];
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                let last = cells.last_mut().ok_or("no cell")?;
                last.push(c);
                last.extend(chars.next());
            }
            '|' => cells.push(String::new()),
            _ => cells.last_mut().ok_or("no cell")?.push(c),
        }
    }
    Ok(cells
        .into_iter()
        .map(|cell| cell.trim().to_string())
        .collect())
}

/// True when `text` ends in a `#` that Markdown would read as a heading's closing sequence.
fn ends_in_closing_hashes(text: &str) -> bool {
    let trimmed = text.trim_end_matches('#');
    trimmed.len() < text.len() && !trimmed.ends_with('\\')
}

/// The blocks of a Markdown text, one per line, or what breaks its structure: a line end other
/// than LF (which would split a line for some reader), a bullet, heading or paragraph whose text
/// opens another block, a heading closed by `#`, or a table row with another number of cells
/// than its header (a `|` in a label would add one), a table without its alignment row.
pub fn markdown_blocks(markdown: &str) -> Result<Vec<Block>, String> {
    let body = markdown
        .strip_suffix('\n')
        .ok_or("the Markdown does not end with a line end")?;
    let mut blocks = Vec::new();
    let mut table: Option<(usize, usize)> = None; // (cells, rows so far)
    for (index, line) in body.split('\n').enumerate() {
        let fail = |problem: &str| format!("line {}: {problem}: {line:?}", index + 1);
        if line.chars().any(|c| LINE_ENDS.contains(&c)) {
            return Err(fail("a line end inside a line"));
        }
        let block = if line.is_empty() {
            Block::Blank
        } else if line.starts_with('#') {
            let level = line.bytes().take_while(|b| *b == b'#').count();
            let text = line[level..]
                .strip_prefix(' ')
                .filter(|_| level <= 6)
                .ok_or_else(|| fail("not a heading"))?;
            if text.is_empty() || ends_in_closing_hashes(text) {
                return Err(fail("a heading without text or closed by #"));
            }
            Block::Heading(level, text.to_string())
        } else if let Some(text) = line.strip_prefix("- ") {
            if opens_block(text) {
                return Err(fail("a bullet whose text opens a block"));
            }
            Block::Bullet(text.to_string())
        } else if line.starts_with('|') {
            Block::Row(cells(line).map_err(|problem| fail(&problem))?)
        } else if opens_block(line) || line.starts_with([' ', '\t']) {
            // (A paragraph never starts with white space: four spaces would make it code.)
            return Err(fail("a line that opens a block"));
        } else {
            Block::Paragraph(line.to_string())
        };
        table = match (&block, table) {
            (Block::Row(row), None) => Some((row.len(), 1)),
            (Block::Row(row), Some((width, rows))) => {
                if row.len() != width {
                    return Err(fail(&format!("{} cells in a table of {width}", row.len())));
                }
                let alignment = row.iter().all(|cell| {
                    let dashes = cell.trim_start_matches(':').trim_end_matches(':');
                    !dashes.is_empty() && dashes.bytes().all(|b| b == b'-')
                });
                if (rows == 1) != alignment {
                    return Err(fail("the alignment row is not the second row of the table"));
                }
                Some((width, rows + 1))
            }
            (_, Some((_, 1))) => return Err(fail("a table without its alignment row")),
            (_, _) => None,
        };
        blocks.push(block);
    }
    Ok(blocks)
}

/// Markdown text as a reader sees it: every backslash before ASCII punctuation dropped.
pub fn unescape_markdown(text: &str) -> String {
    let mut plain = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match chars.peek() {
            Some(next) if c == '\\' && next.is_ascii_punctuation() => {
                plain.extend(chars.next());
            }
            _ => plain.push(c),
        }
    }
    plain
}

/// What some reader or editor breaks a line at: LF, CR, vertical tab, form feed, NEL, and the
/// line and paragraph separators.
pub const LINE_ENDS: [char; 7] = [
    '\n', '\r', '\u{b}', '\u{c}', '\u{85}', '\u{2028}', '\u{2029}',
];

/// `text` with every line end (CRLF as one) written as a space, as the Markdown shows it.
pub fn on_one_line(text: &str) -> String {
    text.replace("\r\n", " ").replace(LINE_ENDS, " ")
}

/// Parses an SVG with a strict XML parser; `Err` says why it is not well-formed.
pub fn check_svg(svg: &str) -> Result<(), String> {
    let document = roxmltree::Document::parse(svg).map_err(|error| error.to_string())?;
    if document.root_element().tag_name().name() != "svg" {
        return Err("the root element is not <svg>".into());
    }
    Ok(())
}

/// The bullets and table rows a figure's Markdown must have: its observations (and difference
/// lines), and the mismatch table's rows plus its header and alignment rows.
pub fn check_observations_markdown(shown: &KeyObservations) -> Result<(), String> {
    let markdown = shown.markdown();
    let blocks = markdown_blocks(&markdown)?;
    let bullets: Vec<String> = blocks
        .iter()
        .filter_map(|block| match block {
            Block::Bullet(text) => Some(unescape_markdown(text)),
            _ => None,
        })
        .collect();
    let mut sentences: Vec<String> = shown
        .sections
        .iter()
        .flat_map(|(_, observations)| observations.iter().map(|o| on_one_line(&o.text)))
        .collect();
    sentences.extend(
        shown
            .difference
            .iter()
            .flat_map(|d| d.lines.iter().map(|line| on_one_line(line))),
    );
    if bullets != sentences {
        return Err(format!(
            "the bullets are not the observations:\n{bullets:?}\n{sentences:?}"
        ));
    }
    let rows = blocks
        .iter()
        .filter(|block| matches!(block, Block::Row(_)))
        .count();
    let expected = shown.mismatches.as_ref().map_or(0, |t| t.rows.len() + 2);
    if rows != expected {
        return Err(format!("{rows} table rows, expected {expected}"));
    }
    Ok(())
}

/// What the sweep fuzz targets check of a dataset that loaded: the first model's figure (and
/// the grid of every panel, for small data) exports to a well-formed SVG, and its key
/// observations to Markdown that keeps its structure.
pub fn check_sweep_exports(dataset: &Dataset) -> Result<(), String> {
    let mut views = Vec::new();
    if let Some(model) = dataset.models.levels.first() {
        views.push(View::Model {
            model: model.clone(),
        });
    }
    if dataset.panels.len() <= 16 {
        views.push(View::Grid);
    }
    for view in views {
        let options = FigureOptions {
            view: view.clone(),
            ..FigureOptions::default()
        };
        let Ok(figure) = prepare_figure(dataset, &options) else {
            continue;
        };
        let svg = render_svg(&figure, &layout_figure(&figure, 800.0))
            .map_err(|error| format!("{view:?}: the SVG does not render: {error}"))?;
        check_svg(&svg).map_err(|error| format!("{view:?}: the SVG is not XML: {error}"))?;
        check_observations_markdown(&key_observations(dataset, &figure, &view, Some(0.95)))
            .map_err(|error| format!("{view:?}: {error}"))?;
        check_latex(&figure).map_err(|error| format!("{view:?}: the LaTeX: {error}"))?;
    }
    Ok(())
}

/// What the pairwise fuzz targets check of scores that loaded: the default models' figure
/// exports to a well-formed SVG, and its comparisons to Markdown with one table row per pair.
pub fn check_pairwise_exports(dataset: &PairwiseDataset) -> Result<(), String> {
    let Ok(figure) = prepare_pairwise_figure(dataset, &PairwiseOptions::default()) else {
        return Ok(());
    };
    let svg = render_svg(&figure, &layout_figure(&figure, 800.0))
        .map_err(|error| format!("the SVG does not render: {error}"))?;
    check_svg(&svg).map_err(|error| format!("the SVG is not XML: {error}"))?;
    let blocks = markdown_blocks(&comparisons_markdown(figure.comparisons()))?;
    let rows: Vec<&Vec<String>> = blocks
        .iter()
        .filter_map(|block| match block {
            Block::Row(cells) => Some(cells),
            _ => None,
        })
        .collect();
    if rows.len() != figure.comparisons().len() + 2 {
        return Err(format!(
            "{} table rows for {} pairs",
            rows.len(),
            figure.comparisons().len()
        ));
    }
    for (row, comparison) in rows.iter().skip(2).zip(figure.comparisons()) {
        let title = sweepmap::figure::pair_title(comparison);
        let shown = row.first().map(|cell| unescape_markdown(cell));
        if shown.as_deref() != Some(on_one_line(&title).trim()) {
            return Err(format!("the row {row:?} does not name the pair {title:?}"));
        }
    }
    Ok(())
}

/// The commands a LaTeX export may hold.
const LATEX_COMMANDS: [&str; 17] = [
    "usepackage",
    "begin",
    "end",
    "centering",
    "caption",
    "toprule",
    "midrule",
    "bottomrule",
    "cmidrule",
    "multicolumn",
    "textbf",
    "textbackslash",
    "textasciitilde",
    "textasciicircum",
    "textless",
    "textgreater",
    "textbar",
];

/// What an escaped text reads as, `{}` and the guards dropped: the inverse of the escaper for
/// what it writes.
pub fn unescape_latex(text: &str) -> String {
    let mut plain = text.replace("$-$", "−");
    for (command, c) in [
        ("\\textbackslash{}", "\u{0}"),
        ("\\textasciitilde{}", "~"),
        ("\\textasciicircum{}", "^"),
        ("\\textless{}", "<"),
        ("\\textgreater{}", ">"),
        ("\\textbar{}", "|"),
    ] {
        plain = plain.replace(command, c);
    }
    plain = plain.replace("{}", "");
    for c in ['&', '%', '$', '#', '_', '{', '}'] {
        plain = plain.replace(&format!("\\{c}"), &c.to_string());
    }
    plain.replace('\u{0}', "\\")
}

/// A label as the LaTeX writes it before escaping: as shown, each line end (CRLF as one) and
/// control character a space, bidi controls dropped, U+FFFE and U+FFFF as U+FFFD.
pub fn latex_plain(text: &str) -> String {
    sweepmap::display::display_label(text)
        .replace("\r\n", " ")
        .chars()
        .filter(|&c| !sweepmap::display::is_bidi_control(c))
        .map(|c| match c {
            '\u{fffe}' | '\u{ffff}' => '\u{fffd}',
            _ if c.is_control() || LINE_ENDS.contains(&c) => ' ',
            _ => c,
        })
        .collect()
}

/// Splits one line of LaTeX at its unescaped `&`, checking its markup on the way: braces
/// balance, every command is one the writer uses, `$` only in `$-$`, and none of
/// `% # _ ^ ~` or a control character stands unescaped.
fn latex_cells(line: &str) -> Result<Vec<String>, String> {
    let mut cells = vec![String::new()];
    let mut depth = 0usize;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        let cell = cells.last_mut().ok_or("no cell")?;
        match c {
            '\\' => {
                cell.push(c);
                let Some(&next) = chars.peek() else {
                    return Err(format!("a lone backslash ends {line:?}"));
                };
                if next.is_ascii_alphabetic() {
                    let mut name = String::new();
                    while let Some(&letter) = chars.peek().filter(|c| c.is_ascii_alphabetic()) {
                        name.push(letter);
                        chars.next();
                    }
                    if !LATEX_COMMANDS.contains(&name.as_str()) {
                        return Err(format!("unexpected command \\{name} in {line:?}"));
                    }
                    cell.push_str(&name);
                } else if "\\&%$#_{}".contains(next) {
                    cell.push(next);
                    chars.next();
                } else {
                    return Err(format!("unexpected escape \\{next:?} in {line:?}"));
                }
            }
            '{' => {
                depth += 1;
                cell.push(c);
            }
            '}' => {
                depth = depth
                    .checked_sub(1)
                    .ok_or_else(|| format!("an unopened brace in {line:?}"))?;
                cell.push(c);
            }
            '$' => {
                if chars.next() != Some('-') || chars.next() != Some('$') {
                    return Err(format!("a $ outside $-$ in {line:?}"));
                }
                cell.push_str("$-$");
            }
            '&' if depth == 0 => cells.push(String::new()),
            '%' | '#' | '_' | '^' | '~' | '&' => {
                return Err(format!("an unescaped {c:?} in {line:?}"))
            }
            _ if c.is_control() || LINE_ENDS.contains(&c) => {
                return Err(format!("a control character {c:?} in {line:?}"))
            }
            _ => cell.push(c),
        }
    }
    if depth != 0 {
        return Err(format!("unbalanced braces in {line:?}"));
    }
    Ok(cells
        .into_iter()
        .map(|cell| cell.trim().to_string())
        .collect())
}

/// Checks the LaTeX of a figure ([`figure_latex`]): a comment naming booktabs, then one table
/// per panel whose markup is sound (see [`latex_cells`]), whose header reads back as the axis
/// labels, with one row per y value (largest first) of one cell per x value, each the value as
/// the panel writes it or `--`, bold exactly at the panel's peaks.
pub fn check_latex(figure: &sweepmap::figure::Figure) -> Result<(), String> {
    let latex = sweepmap::figure::figure_latex(figure);
    let mut lines = latex.lines();
    if !lines
        .next()
        .is_some_and(|line| line.starts_with('%') && line.contains("\\usepackage{booktabs}"))
    {
        return Err("the first line does not name booktabs".into());
    }
    let tables: Vec<&str> = latex.split("\\begin{table}\n").skip(1).collect();
    if tables.len() != figure.panels.len() {
        return Err(format!(
            "{} tables for {} panels",
            tables.len(),
            figure.panels.len()
        ));
    }
    for (table, panel) in tables.iter().zip(&figure.panels) {
        let grid = &panel.grid;
        let (head, rest) = table.split_once("\\midrule\n").ok_or("no \\midrule")?;
        let (body, _) = rest.split_once("\\bottomrule\n").ok_or("no \\bottomrule")?;
        for line in head.lines() {
            latex_cells(line)?;
        }
        let header = head.lines().last().ok_or("no header")?;
        let header = latex_cells(header.strip_suffix(" \\\\").ok_or("an unended header")?)?;
        let x_labels: Vec<String> = header
            .iter()
            .skip(1)
            .map(|c| unescape_latex(c).trim().to_string())
            .collect();
        let expected: Vec<String> = figure
            .x
            .labels
            .iter()
            .map(|l| latex_plain(l).trim().to_string())
            .collect();
        if x_labels != expected {
            return Err(format!("the header reads {x_labels:?}, not {expected:?}"));
        }
        let rows: Vec<&str> = body.lines().collect();
        if rows.len() != grid.rows() {
            return Err(format!("{} rows for {} y values", rows.len(), grid.rows()));
        }
        let mut bold = Vec::new();
        for (row, line) in rows.iter().enumerate() {
            let y = grid.rows() - 1 - row;
            let cells = latex_cells(line.strip_suffix(" \\\\").ok_or("an unended row")?)?;
            let first = cells.first().ok_or("an empty row")?;
            if first.starts_with(['[', '*']) {
                return Err(format!("the row {line:?} starts with what \\\\ reads"));
            }
            if unescape_latex(first).trim() != latex_plain(&figure.y.labels[y]).trim() {
                return Err(format!("the row {line:?} is not y label {y}"));
            }
            if cells.len() != grid.columns() + 1 {
                return Err(format!("{} cells in {line:?}", cells.len()));
            }
            for (x, cell) in cells.iter().skip(1).enumerate() {
                let (text, is_bold) = match cell.strip_prefix("\\textbf{") {
                    Some(inner) => (inner.strip_suffix('}').ok_or("an unclosed bold")?, true),
                    None => (cell.as_str(), false),
                };
                if is_bold {
                    bold.push((x, y));
                }
                let expected = grid
                    .value(x, y)
                    .filter(|v| v.is_finite())
                    .map_or("--".to_string(), |v| {
                        sweepmap::figure::format_value(v, panel.decimals)
                    });
                if unescape_latex(text) != expected {
                    return Err(format!("cell ({x}, {y}) reads {text:?}, not {expected:?}"));
                }
            }
        }
        let mut peaks = panel.peaks.clone();
        peaks.sort_unstable();
        bold.sort_unstable();
        if bold != peaks {
            return Err(format!("bold at {bold:?}, the peaks are {peaks:?}"));
        }
    }
    Ok(())
}
