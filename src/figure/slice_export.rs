//! A slice's exports, written from the slice as drawn: its points as CSV ("Export CSV"), one
//! LaTeX table ("Copy as LaTeX") and Markdown ("Copy as Markdown"). Each says what the slice
//! says under its title (what became of the other axis, what the bands are, what the data's
//! view fixed), so that a table copied alone still tells what it holds; values at the slice's
//! decimals, as hover writes them. Nothing here draws.
//!
//! The rows are the values along the axis in axis order; the series are the columns of the
//! tables (a line each, as in the legend), and a field of the CSV.

use super::latex::escape_latex;
use super::markdown::escape_markdown;
use super::{format_value, SliceFigure};
use crate::analysis::SlicePoint;
use crate::display::display_label;
use crate::model::records::CsvWriter;
use crate::CsvText;

/// What a slice's key observations are about: they stay the heatmap's (the page shows them under
/// a slice too, and its Markdown copies them after the slice's table), so they say so.
pub const SLICE_OBSERVATIONS: &str = "The observations below are about the cells of the heatmap \
     this slice is read from: its panels, each value a configuration of both axes.";

/// The heading of a slice's accessible description (the canvas' `aria-describedby`): the
/// observations it holds are the heatmap's, as [`SLICE_OBSERVATIONS`] says on the page.
const SLICE_DESCRIPTION: &str = "Key observations of the heatmap this slice is read from \
     (its cells, each a configuration of both axes).";

/// The heatmap's accessible description ([`KeyObservations::description`], "Key observations.
/// ...") as a slice's canvas gets it: the same sentences, under a heading that says they are
/// about the heatmap the slice is read from. (Written from the description rather than from
/// the observations again, so that the packages without slices keep theirs as it is.)
///
/// [`KeyObservations::description`]: super::KeyObservations::description
pub fn slice_description(heatmap: &str) -> String {
    match heatmap.strip_prefix("Key observations.") {
        Some(sentences) => format!("{SLICE_DESCRIPTION}{sentences}"),
        None => heatmap.to_string(),
    }
}

impl SliceFigure {
    /// A point's value as the tables write it: at the slice's decimals, with its interval in
    /// brackets when it has one.
    fn cell_text(&self, point: &SlicePoint) -> String {
        let mut text = format_value(point.value, self.decimals);
        if let (Some((low, high)), Some(_)) = (point.interval, self.level) {
            text.push_str(&format!(
                " [{}, {}]",
                format_value(low, self.decimals),
                format_value(high, self.decimals)
            ));
        }
        text
    }

    /// What the tables' captions say: the title, the slice's sentences, the figure's caption,
    /// and what the brackets hold.
    fn caption_text(&self) -> String {
        let mut caption = format!("{}.", self.title);
        for sentence in &self.sentences {
            caption.push(' ');
            caption.push_str(sentence);
        }
        if let Some(level) = self.level {
            caption.push_str(&format!(
                " In brackets: each point's {} % confidence interval.",
                format_value(level * 100.0, 0)
            ));
        }
        if let Some(figure_caption) = &self.caption {
            caption.push(' ');
            caption.push_str(figure_caption);
        }
        caption
    }

    /// The slice's points as tidy CSV: a row per point with a value (series, the axis's value,
    /// the mean, the measurements behind it, and the interval's ends when there are bands),
    /// fields made spreadsheet-safe unless `text` is raw.
    pub fn csv(&self, text: CsvText) -> String {
        let mut writer = CsvWriter::new(text);
        let x_name = display_label(&self.x.name);
        let value = display_label(&self.value_label);
        let mut header = vec!["series", x_name.as_ref(), value.as_ref(), "n"];
        let (low, high) = match self.level {
            Some(level) => {
                let percent = format_value(level * 100.0, 0);
                (
                    format!("lower ({percent} % interval)"),
                    format!("upper ({percent} % interval)"),
                )
            }
            None => (String::new(), String::new()),
        };
        if self.level.is_some() {
            header.push(&low);
            header.push(&high);
        }
        writer.record(&header);
        for series in &self.series {
            for (position, point) in series.line.points.iter().enumerate() {
                let Some(point) = point else { continue };
                writer.field(&series.name);
                writer.field(self.x.label(position).unwrap_or(""));
                writer.number(point.value);
                writer.number(f64::from(point.n));
                if self.level.is_some() {
                    match point.interval {
                        Some((low, high)) => {
                            writer.number(low);
                            writer.number(high);
                        }
                        None => {
                            writer.field("");
                            writer.field("");
                        }
                    }
                }
                writer.end_record();
            }
        }
        writer.into_string()
    }

    /// The slice as one booktabs table: a row per value along the axis, a column per series,
    /// values at the slice's decimals with their intervals (`--` where a line has no point), and a
    /// caption saying what it shows.
    pub fn latex(&self) -> String {
        let mut latex = String::from(
            "% Table by sweepmap: \\usepackage{booktabs} in the preamble.\n\n\\begin{table}\n\\centering\n\\caption{",
        );
        latex.push_str(&escape_latex(&self.caption_text()));
        latex.push_str("}\n\\begin{tabular}{l");
        for _ in &self.series {
            latex.push('r');
        }
        latex.push_str("}\n\\toprule\n");
        latex.push_str(&escape_latex(&display_label(&self.x.name)));
        for series in &self.series {
            latex.push_str(" & ");
            latex.push_str(&escape_latex(&series.name));
        }
        latex.push_str(" \\\\\n\\midrule\n");
        for position in 0..self.x.len() {
            latex.push_str(&escape_latex(&display_label(
                self.x.label(position).unwrap_or(""),
            )));
            for series in &self.series {
                latex.push_str(" & ");
                match series.line.points.get(position).and_then(Option::as_ref) {
                    Some(point) => latex.push_str(&escape_latex(&self.cell_text(point))),
                    None => latex.push_str("--"),
                }
            }
            latex.push_str(" \\\\\n");
        }
        latex.push_str("\\bottomrule\n\\end{tabular}\n\\end{table}\n");
        latex
    }

    /// The slice as Markdown: its title as a heading, what it shows as a paragraph, and a table
    /// with a row per value along the axis and a column per series.
    pub fn markdown(&self) -> String {
        let mut markdown = format!("## {}\n\n", escape_markdown(&self.title));
        markdown.push_str(&escape_markdown(
            self.caption_text()
                .strip_prefix(&format!("{}.", self.title))
                .unwrap_or_default()
                .trim_start(),
        ));
        markdown.push_str("\n\n| ");
        markdown.push_str(&escape_markdown(&display_label(&self.x.name)));
        for series in &self.series {
            markdown.push_str(" | ");
            markdown.push_str(&escape_markdown(&series.name));
        }
        markdown.push_str(" |\n|---");
        for _ in &self.series {
            markdown.push_str("|---:");
        }
        markdown.push_str("|\n");
        for position in 0..self.x.len() {
            markdown.push_str("| ");
            markdown.push_str(&escape_markdown(&display_label(
                self.x.label(position).unwrap_or(""),
            )));
            for series in &self.series {
                markdown.push_str(" | ");
                match series.line.points.get(position).and_then(Option::as_ref) {
                    Some(point) => markdown.push_str(&escape_markdown(&self.cell_text(point))),
                    None => markdown.push_str("--"),
                }
            }
            markdown.push_str(" |\n");
        }
        markdown
    }
}
