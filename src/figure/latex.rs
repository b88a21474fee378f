//! LaTeX tables for "Copy as LaTeX": one booktabs `tabular` per panel of a figure, its values
//! written as the panel's cell labels write them and its peak cells in bold, with every piece of
//! text (ours and the data's labels) through one escaper.
//!
//! Each panel is its own `table` float with its own caption: a grid view can show a dozen
//! panels, each with its own decimals and peaks, and one float per panel lets LaTeX break them
//! across pages, lets an author keep only the ones a paper needs, and keeps every caption
//! complete on its own. (One table with a panel column would share the x header, but would run
//! past a page for the grid view and repeat the panel name beside every row.)
//!
//! The escaper keeps the table's structure whatever a label holds: the characters LaTeX reads as
//! markup become commands that print them, every line end and control character becomes one
//! space (so no label can end a row or a paragraph), bidi controls are dropped (LaTeX neither
//! needs nor accepts them), and a text that begins with `[` or `*` is guarded with `{}` so that
//! `\\` before it cannot read it as its optional argument. Nothing here draws.

use super::markdown::is_line_end;
use super::{format_value, Figure, FigurePanel};
use crate::display::{display_label, is_bidi_control};
use crate::Direction;

/// The first line of every export: what the tables need in the preamble.
const PREAMBLE_NOTE: &str = "% Tables by sweepmap: \\usepackage{booktabs} in the preamble.\n";

/// `text` as LaTeX text on one line that prints it: `\ & % $ # _ { } ~ ^ < > |` and the true
/// minus become commands or escapes, a hyphen before another is kept from joining it into a
/// dash, line ends (CRLF as one), tabs and control characters become a space, bidi controls are
/// dropped, the noncharacters U+FFFE and U+FFFF become U+FFFD, and a leading `[` or `*` is
/// guarded.
pub fn escape_latex(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len() + 8);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' if chars.peek() == Some(&'\n') => {
                chars.next();
                escaped.push(' ');
            }
            _ if is_line_end(c) || c.is_control() => escaped.push(' '),
            _ if is_bidi_control(c) => {}
            '\\' => escaped.push_str("\\textbackslash{}"),
            '~' => escaped.push_str("\\textasciitilde{}"),
            '^' => escaped.push_str("\\textasciicircum{}"),
            '<' => escaped.push_str("\\textless{}"),
            '>' => escaped.push_str("\\textgreater{}"),
            '|' => escaped.push_str("\\textbar{}"),
            '−' => escaped.push_str("$-$"),
            // Two hyphens would print as an en dash, three as an em dash.
            '-' if chars.peek() == Some(&'-') => escaped.push_str("-{}"),
            // Not characters at all: written as the SVG export writes them.
            '\u{fffe}' | '\u{ffff}' => escaped.push('\u{fffd}'),
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                escaped.push('\\');
                escaped.push(c);
            }
            _ => escaped.push(c),
        }
    }
    // `\\` skips spaces looking for `[` or `*`, so the guard goes before any.
    if escaped.trim_start().starts_with(['[', '*']) {
        escaped.insert_str(0, "{}");
    }
    escaped
}

/// One table per panel of `figure`, in reading order, after a comment naming the package they
/// need: rows are the y values (the largest on top, as drawn), columns the x values, under the
/// axis names; each value is written as its cell label is ([`format_value`] at the panel's
/// decimals), a missing cell as `--`, and the panel's peak cells (every tie) in bold.
pub fn figure_latex(figure: &Figure) -> String {
    let mut latex = String::from(PREAMBLE_NOTE);
    for panel in &figure.panels {
        latex.push('\n');
        write_panel(&mut latex, figure, panel);
    }
    latex
}

/// The caption of a panel's table: what it shows, which way is better and what the bold
/// means, and the figure's own caption.
fn caption(figure: &Figure, panel: &FigurePanel) -> String {
    let value_label = panel.value_label.as_deref().unwrap_or(&figure.value_label);
    let x_name = panel.x_name.as_deref().unwrap_or(&figure.x.name);
    let y_name = panel.y_name.as_deref().unwrap_or(&figure.y.name);
    let mut parts = vec![format!(
        "{}: {} by {} and {}.",
        panel.title,
        display_label(value_label),
        display_label(x_name),
        display_label(y_name)
    )];
    // A difference says who is ahead, not what is better; the figure marks no peak in it.
    let signed = figure.difference.is_some() || panel.value_label.is_some();
    if !signed {
        parts.push(match figure.direction {
            Direction::Higher => "Higher is better".to_string(),
            Direction::Lower => "Lower is better".to_string(),
        });
        let last = parts.len() - 1;
        let bold = match panel.peaks.len() {
            0 => ".".to_string(),
            1 => "; the best value in bold.".to_string(),
            ties => format!("; the {ties} tied best values in bold."),
        };
        if let Some(sentence) = parts.get_mut(last) {
            sentence.push_str(&bold);
        }
    }
    if let Some(figure_caption) = &figure.caption {
        parts.push(figure_caption.clone());
    }
    escape_latex(&parts.join(" "))
}

/// One panel as a `table` float holding a booktabs `tabular`.
fn write_panel(latex: &mut String, figure: &Figure, panel: &FigurePanel) {
    let grid = &panel.grid;
    let columns = grid.columns();
    let label = |axis: &crate::Axis, index: usize| {
        escape_latex(&display_label(axis.label(index).unwrap_or_default()))
    };
    let x_name = panel.x_name.as_deref().unwrap_or(&figure.x.name);
    let y_name = panel.y_name.as_deref().unwrap_or(&figure.y.name);
    latex.push_str("\\begin{table}\n\\centering\n");
    latex.push_str(&format!("\\caption{{{}}}\n", caption(figure, panel)));
    latex.push_str(&format!("\\begin{{tabular}}{{l{}}}\n", "r".repeat(columns)));
    latex.push_str("\\toprule\n");
    if !x_name.is_empty() && columns > 0 {
        latex.push_str(&format!(
            " & \\multicolumn{{{columns}}}{{c}}{{{}}} \\\\\n\\cmidrule(l){{2-{}}}\n",
            escape_latex(&display_label(x_name)),
            columns + 1
        ));
    }
    let mut header = vec![escape_latex(&display_label(y_name))];
    header.extend((0..columns).map(|x| label(&figure.x, x)));
    push_row(latex, &header);
    latex.push_str("\\midrule\n");
    for y in (0..grid.rows()).rev() {
        let mut row = vec![label(&figure.y, y)];
        row.extend((0..columns).map(
            |x| match grid.value(x, y).filter(|value| value.is_finite()) {
                None => "--".to_string(),
                Some(value) => {
                    let text = escape_latex(&format_value(value, panel.decimals));
                    if panel.peaks.contains(&(x, y)) {
                        format!("\\textbf{{{text}}}")
                    } else {
                        text
                    }
                }
            },
        ));
        push_row(latex, &row);
    }
    latex.push_str("\\bottomrule\n\\end{tabular}\n\\end{table}\n");
}

/// A row of cells, each already LaTeX, ended by `\\`.
fn push_row(latex: &mut String, cells: &[String]) {
    latex.push_str(&cells.join(" & "));
    latex.push_str(" \\\\\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_special_character_prints_itself() {
        assert_eq!(
            escape_latex(r"a\b&c%d$e#f_g{h}i~j^k<l>m|n"),
            "a\\textbackslash{}b\\&c\\%d\\$e\\#f\\_g\\{h\\}i\\textasciitilde{}j\
             \\textasciicircum{}k\\textless{}l\\textgreater{}m\\textbar{}n"
        );
        assert_eq!(escape_latex("−1.5e−7"), "$-$1.5e$-$7");
        assert_eq!(escape_latex("R1-Qwen 0.5"), "R1-Qwen 0.5");
        assert_eq!(escape_latex("a---b--"), "a-{}-{}-b-{}-");
        assert_eq!(escape_latex("x\u{fffe}\u{ffff}"), "x\u{fffd}\u{fffd}");
    }

    #[test]
    fn line_ends_and_controls_become_one_space_and_bidi_controls_go() {
        for end in [
            "\n", "\r", "\r\n", "\u{b}", "\u{c}", "\u{85}", "\u{2028}", "\u{2029}", "\t", "\0",
            "\u{1b}", "\u{7f}", "\u{9f}",
        ] {
            assert_eq!(escape_latex(&format!("a{end}b")), "a b", "{end:?}");
        }
        assert_eq!(escape_latex("a\n\rb"), "a  b");
        assert_eq!(escape_latex("safe\u{202e}gnp\u{2069}"), "safegnp");
    }

    #[test]
    fn a_leading_bracket_or_star_is_guarded_from_the_row_end_before_it() {
        assert_eq!(escape_latex("[2pt] x"), "{}[2pt] x");
        assert_eq!(escape_latex("* x"), "{}* x");
        assert_eq!(escape_latex("\n [x]"), "{}  [x]");
        assert_eq!(escape_latex("x [a] *"), "x [a] *");
    }
}
