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
//! needs nor accepts them), runs of hyphens are kept from printing as dashes, and a text that
//! begins with `[` or `*` is guarded with `{}` so that `\\` before it cannot read it as its
//! optional argument. Nothing here draws.

use super::markdown::is_line_end;
use super::{format_value, Figure, FigurePanel, PanelKind};
use crate::display::{display_label, is_bidi_control};

/// The first line of every export: what the tables need in the preamble.
const PREAMBLE_NOTE: &str = "% Tables by sweepmap: \\usepackage{booktabs} in the preamble.\n";

/// `text` as LaTeX text on one line that prints it: `\ & % $ # _ { } ~ ^ < > |` and the true
/// minus become commands or escapes, a hyphen before another is kept from joining it into a
/// dash, line ends (CRLF as one), tabs and control characters become a space, bidi controls are
/// dropped, the noncharacters U+FFFE and U+FFFF become U+FFFD, and a leading `[` or `*` is
/// guarded.
pub fn escape_latex(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len() + 8);
    push_escaped(&mut escaped, text);
    escaped
}

/// Appends `text` escaped as [`escape_latex`] says.
fn push_escaped(latex: &mut String, text: &str) {
    let start = latex.len();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let command = match c {
            '\r' if chars.peek() == Some(&'\n') => {
                chars.next();
                " "
            }
            _ if is_line_end(c) || c.is_control() => " ",
            _ if is_bidi_control(c) => "",
            '\\' => "\\textbackslash{}",
            '~' => "\\textasciitilde{}",
            '^' => "\\textasciicircum{}",
            '<' => "\\textless{}",
            '>' => "\\textgreater{}",
            '|' => "\\textbar{}",
            '−' => "$-$",
            // Two hyphens would print as an en dash, three as an em dash.
            '-' if chars.peek() == Some(&'-') => "-{}",
            // Not characters at all: written as the SVG export writes them.
            '\u{fffe}' | '\u{ffff}' => "\u{fffd}",
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                latex.push('\\');
                latex.push(c);
                continue;
            }
            _ => {
                latex.push(c);
                continue;
            }
        };
        latex.push_str(command);
    }
    // `\\` skips spaces looking for `[` or `*`, so the guard goes before any.
    if latex
        .get(start..)
        .is_some_and(|added| added.trim_start().starts_with(['[', '*']))
    {
        latex.insert_str(start, "{}");
    }
}

/// One table per panel of `figure`, in reading order, after a comment naming the package they
/// need: rows are the y values (the largest on top, as drawn), columns the x values, under the
/// axis names; each value is written as its cell label is ([`format_value`] at the panel's
/// decimals), a missing cell as `--`, and the panel's peak cells (every tie) in bold.
pub fn figure_latex(figure: &Figure) -> String {
    let mut latex = String::from(PREAMBLE_NOTE);
    for panel in &figure.panels {
        write_panel(&mut latex, figure, panel);
    }
    latex
}

/// The caption of a panel's table: what it shows, which way is better and what the bold
/// means, and the figure's own caption.
fn caption(figure: &Figure, panel: &FigurePanel, x_name: &str, y_name: &str) -> String {
    let value_label = panel.value_label().unwrap_or(&figure.value_label);
    let mut caption = panel.title.clone();
    for (before, text) in [(": ", value_label), (" by ", x_name), (" and ", y_name)] {
        caption.push_str(before);
        caption.push_str(&display_label(text));
    }
    caption.push('.');
    // A difference says who is ahead, not what is better; the figure marks no peak in it.
    if !matches!(panel.kind, PanelKind::Difference { .. }) {
        caption.push(' ');
        caption.push_str(figure.direction.label());
        match panel.peaks.len() {
            0 => caption.push('.'),
            1 => caption.push_str("; the best value in bold."),
            ties => caption.push_str(&format!("; the {ties} tied best values in bold.")),
        }
    }
    // What a run table's view shows (fixed values, best over, bins), as under the panel's
    // title.
    for shows in &panel.subtitle {
        caption.push_str(" Shown: ");
        caption.push_str(shows);
        caption.push('.');
    }
    if let Some(figure_caption) = &figure.caption {
        caption.push(' ');
        caption.push_str(figure_caption);
    }
    caption
}

/// One panel as a `table` float holding a booktabs `tabular`.
fn write_panel(latex: &mut String, figure: &Figure, panel: &FigurePanel) {
    let grid = &panel.grid;
    let columns = grid.columns();
    let (x_name, y_name) = figure.axis_names(panel);
    let label = |latex: &mut String, text: &str| push_escaped(latex, &display_label(text));
    latex.push_str("\n\\begin{table}\n\\centering\n\\caption{");
    push_escaped(latex, &caption(figure, panel, x_name, y_name));
    latex.push_str("}\n\\begin{tabular}{l");
    for _ in 0..columns {
        latex.push('r');
    }
    latex.push_str("}\n\\toprule\n");
    if !x_name.is_empty() && columns > 0 {
        let last = (columns + 1).to_string();
        latex.push_str(" & \\multicolumn{");
        latex.push_str(&columns.to_string());
        latex.push_str("}{c}{");
        label(latex, x_name);
        latex.push_str("} \\\\\n\\cmidrule(l){2-");
        latex.push_str(&last);
        latex.push_str("}\n");
    }
    label(latex, y_name);
    for x in 0..columns {
        latex.push_str(" & ");
        label(latex, figure.x.label(x).unwrap_or_default());
    }
    latex.push_str(" \\\\\n\\midrule\n");
    for y in (0..grid.rows()).rev() {
        label(latex, figure.y.label(y).unwrap_or_default());
        for x in 0..columns {
            latex.push_str(" & ");
            match grid.value(x, y).filter(|value| value.is_finite()) {
                None => latex.push_str("--"),
                Some(value) => {
                    let bold = panel.peaks.contains(&(x, y));
                    if bold {
                        latex.push_str("\\textbf{");
                    }
                    push_escaped(latex, &format_value(value, panel.decimals));
                    if bold {
                        latex.push('}');
                    }
                }
            }
        }
        latex.push_str(" \\\\\n");
    }
    latex.push_str("\\bottomrule\n\\end{tabular}\n\\end{table}\n");
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
