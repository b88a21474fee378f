//! What a reader asks of a drawn figure: what is this cell (value, rank, distance from the
//! peak), what does each panel say (its summary and an accessible description), which data are
//! shown (as CSV), and what to call an exported file.

use serde::Serialize;

use super::{counted, format_value, Figure, FigurePanel};
use crate::analysis::{measure_trends, summarize, Summary, Trends};
use crate::display::display_label;
use crate::model::records::CsvWriter;
use crate::CsvText;
use crate::Direction;

/// Everything the page shows about one cell under the pointer or the keyboard focus.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CellInfo {
    pub panel: usize,
    pub title: String,
    pub model: Option<String>,
    pub benchmark: Option<String>,
    pub x_name: String,
    pub x_label: String,
    pub y_name: String,
    pub y_label: String,
    pub x: usize,
    pub y: usize,
    /// `None` for a missing cell.
    pub value: Option<f64>,
    /// The value as labelled in the figure.
    pub value_label: String,
    /// The value written in full (as JavaScript writes numbers, with a true minus) when the label
    /// reads back as another number: "49.333333333333336" beside the label "49".
    pub exact_label: Option<String>,
    /// Replicates the value is the mean of, and their standard deviation (and it written with one
    /// decimal more than the label).
    pub count: Option<u32>,
    pub std_dev: Option<f64>,
    pub std_dev_label: Option<String>,
    /// Competition rank in the panel (1 = best; ties share a rank) out of `present` cells.
    pub rank: Option<usize>,
    pub present: usize,
    /// Best value of the panel minus this one (positive when below a higher-is-better peak), and
    /// it written as the labels are.
    pub below_peak: Option<f64>,
    pub below_peak_label: Option<String>,
    /// For a cell of a marginal strip: `"row"` (the row strip's cell of row `y`, with `x` =
    /// columns) or `"column"` (with `y` = rows); `None` for a cell of the grid. The axis the
    /// strip reduces says how (`xLabel` of a row's cell: "mean of 12 cells"), `rank` and
    /// `present` count lines, and `belowPeak` is below the best line.
    pub strip: Option<String>,
    /// A strip cell's confidence interval, "41 to 51 (95 %)", when every cell of its line has a
    /// standard error.
    pub interval_label: Option<String>,
    /// One line for screen readers and tooltips.
    pub text: String,
    /// The tooltip's rows, in order: the two axes, the value, then what the value has (interval,
    /// rank, distance below the peak, replicates); names and texts as from the data (the page
    /// shows each through `displayLabel`).
    pub tooltip: Vec<TooltipRow>,
}

/// One row of a cell's tooltip: a term and its description.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TooltipRow {
    pub term: String,
    pub text: String,
    /// True for the value's row (shown emphasised).
    pub value: bool,
}

/// The tooltip's rows of a cell (see [`CellInfo::tooltip`]): "Value: 41.2 (exactly 41.23)",
/// "Rank: 1 of 20 (the peak)", "Below the best row: 3", "Runs: mean of 3, standard deviation
/// 0.12"; a missing cell's value reads "missing (not measured)".
fn tooltip_rows(info: &CellInfo) -> Vec<TooltipRow> {
    let row = |term: &str, text: String, value: bool| TooltipRow {
        term: term.to_string(),
        text,
        value,
    };
    let mut rows = vec![
        row(&info.x_name, info.x_label.clone(), false),
        row(&info.y_name, info.y_label.clone(), false),
    ];
    if info.value.is_none() {
        rows.push(row("Value", "missing (not measured)".to_string(), true));
        return rows;
    }
    let value = match &info.exact_label {
        Some(exact) => format!("{} (exactly {exact})", info.value_label),
        None => info.value_label.clone(),
    };
    rows.push(row("Value", value, true));
    // A strip's cell is ranked among its strip's rows or columns, against the best of them.
    let best = info
        .strip
        .as_ref()
        .map_or_else(|| "the peak".to_string(), |noun| format!("the best {noun}"));
    if let Some(interval) = &info.interval_label {
        rows.push(row("Interval", interval.clone(), false));
    }
    if let Some(rank) = info.rank {
        let peak = if rank == 1 {
            format!(" ({best})")
        } else {
            String::new()
        };
        rows.push(row(
            "Rank",
            format!("{rank} of {}{peak}", info.present),
            false,
        ));
    }
    if let Some(below) = &info.below_peak_label {
        rows.push(row(&format!("Below {best}"), below.clone(), false));
    }
    if let Some(count) = info.count.filter(|&count| count > 1) {
        let spread = info
            .std_dev_label
            .as_ref()
            .map_or_else(String::new, |sd| format!(", standard deviation {sd}"));
        rows.push(row("Runs", format!("mean of {count}{spread}"), false));
    }
    rows
}

/// One panel's analysis as the page's summary shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PanelReport {
    pub title: String,
    pub summary: Option<Summary>,
    pub trends: Trends,
    /// Peak cells as "Ratio 0.3, Local Window Size 2000".
    pub peak_cells: Vec<String>,
    /// Worst cells likewise.
    pub worst_cells: Vec<String>,
    /// The accessible description of the panel.
    pub description: String,
}

/// The competition rank of `value` among `values` (1 = the best; ties share a rank) and how far
/// it is below the best, by `direction`.
fn rank_among(values: &[f64], value: f64, direction: Direction) -> (usize, f64) {
    let better = |a: f64, b: f64| match direction {
        Direction::Higher => a > b,
        Direction::Lower => a < b,
    };
    let mut rank = 1;
    let mut best = value;
    for &other in values {
        if better(other, value) {
            rank += 1;
        }
        if better(other, best) {
            best = other;
        }
    }
    (rank, (best - value).abs())
}

/// `value` as JavaScript writes it in full, with a true minus, when `label` does not read back
/// as that very number; `None` when the label says it all.
fn exact_beyond(value: f64, label: &str) -> Option<String> {
    let read = crate::decimal::parse_f64(&label.replace('\u{2212}', "-"));
    if !value.is_finite() || read == Some(value) {
        return None;
    }
    Some(crate::link::js_number(value).replace('-', "\u{2212}"))
}

impl Figure {
    /// The x and y axis names of a panel (its own, or the figure's).
    pub fn axis_names<'a>(&'a self, panel: &'a FigurePanel) -> (&'a str, &'a str) {
        match panel.histogram() {
            Some(histogram) => (&histogram.x_name, &histogram.y_name),
            None => (&self.x.name, &self.y.name),
        }
    }

    /// "Ratio 0.3, Local Window Size 2000", with names and labels as shown (see
    /// [`crate::display`]).
    fn cell_name(&self, panel: &FigurePanel, x: usize, y: usize) -> String {
        let (x_name, y_name) = self.axis_names(panel);
        format!(
            "{} {}, {} {}",
            display_label(x_name),
            display_label(self.x.label(x).unwrap_or("?")),
            display_label(y_name),
            display_label(self.y.label(y).unwrap_or("?"))
        )
    }

    /// Information about a cell, or about a strip's cell (see [`CellInfo::strip`]); `None`
    /// when the panel or cell is out of range.
    pub fn cell_info(&self, panel_index: usize, x: usize, y: usize) -> Option<CellInfo> {
        let panel = self.panels.get(panel_index)?;
        if x >= panel.grid.columns() || y >= panel.grid.rows() {
            return self.strip_info(panel_index, x, y);
        }
        let cell = panel.grid.get(x, y);
        let mut values: Vec<f64> = Vec::new();
        for (_, _, c) in panel.grid.present() {
            values.push(c.mean);
        }
        // A bin of a histogram has a count, not a rank or a distance from a peak.
        let ranked = panel.histogram().is_none();
        let (rank, below_peak) = cell
            .filter(|_| ranked)
            .map(|cell| rank_among(&values, cell.mean, self.direction))
            .unzip();
        let value_label = cell.map_or_else(
            || "missing".to_string(),
            |c| format_value(c.mean, panel.decimals),
        );
        let mut text = format!(
            "{}{}: {}",
            titled(&panel.title),
            self.cell_name(panel, x, y),
            value_label
        );
        let bin_count = self
            .comparisons()
            .get(panel_index)
            .and_then(|comparison| comparison.histogram.value(x, y));
        if let (Some(histogram), Some(count)) = (panel.histogram(), bin_count) {
            let total = histogram.item_total;
            // "...: 18 items, 6.3 % of 285 paired items".
            let share = if total > 0 {
                format!("{} %", format_value(100.0 * count / total as f64, 1))
            } else {
                "none".to_string()
            };
            text = format!(
                "{}{}: {}, {share} of {}",
                titled(&panel.title),
                self.cell_name(panel, x, y),
                counted(count as usize, "item"),
                counted(total, "paired item")
            );
        } else if let (Some(rank), Some(below)) = (rank, below_peak) {
            if rank == 1 {
                text.push_str(&format!(", the peak of {} cells", values.len()));
            } else {
                text.push_str(&format!(
                    ", rank {rank} of {}, {} below the peak",
                    values.len(),
                    format_value(below, panel.decimals)
                ));
            }
        }
        if let Some(cell) = cell.filter(|c| c.count > 1) {
            text.push_str(&format!(", mean of {} runs", cell.count));
        }
        let mut info = CellInfo {
            panel: panel_index,
            title: panel.title.clone(),
            model: panel.model.clone(),
            benchmark: panel.benchmark.clone(),
            x_name: self.axis_names(panel).0.to_string(),
            x_label: self.x.label(x).unwrap_or_default().to_string(),
            y_name: self.axis_names(panel).1.to_string(),
            y_label: self.y.label(y).unwrap_or_default().to_string(),
            x,
            y,
            value: cell.map(|c| c.mean),
            exact_label: cell.and_then(|c| exact_beyond(c.mean, &value_label)),
            value_label,
            count: cell.map(|c| c.count),
            std_dev: cell.and_then(|c| c.std_dev),
            std_dev_label: cell
                .and_then(|c| c.std_dev)
                .map(|sd| format_value(sd, panel.decimals + 1)),
            rank,
            present: values.len(),
            below_peak,
            below_peak_label: below_peak.map(|below| format_value(below, panel.decimals)),
            strip: None,
            interval_label: None,
            text,
            tooltip: Vec::new(),
        };
        info.tooltip = tooltip_rows(&info);
        Some(info)
    }

    /// Information about a cell of a panel's marginal strips: `x` = columns for the row strip's
    /// cell of row `y`, `y` = rows for the column strip's cell of column `x`.
    fn strip_info(&self, panel_index: usize, x: usize, y: usize) -> Option<CellInfo> {
        let panel = self.panels.get(panel_index)?;
        let (marginals, strips) = (panel.marginals()?, self.strips()?);
        let (columns, rows) = (panel.grid.columns(), panel.grid.rows());
        let (is_row, index) = match (x == columns, y == rows) {
            (true, false) => (true, y),
            (false, true) => (false, x),
            _ => return None,
        };
        let (lines, best_lines, noun) = if is_row {
            (&marginals.rows, &marginals.best_rows, "row")
        } else {
            (&marginals.columns, &marginals.best_columns, "column")
        };
        let line = lines.get(index)?.as_ref();
        let (x_name, y_name) = self.axis_names(panel);
        let word = strips.value.word();
        let over = format!(
            "{word} of {}",
            counted(line.map_or(0, |line| line.present), "cell")
        );
        let mut values: Vec<f64> = Vec::new();
        for line in lines.iter().flatten() {
            values.push(line.value);
        }
        let value = line.map(|line| line.value);
        // Lines that read the same as the best at the panel's decimals are the best (as marked).
        let (rank, below_peak) = value
            .map(|value| {
                let (rank, below) = rank_among(&values, value, self.direction);
                (if best_lines.contains(&index) { 1 } else { rank }, below)
            })
            .unzip();
        let label = |value: f64| format_value(value, panel.decimals);
        let value_label = value.map_or_else(|| "no cells".to_string(), label);
        let interval_label = line.and_then(|line| line.interval).map(|(low, high)| {
            let level = super::prepare::level_text(strips.level);
            format!("{} to {} ({level})", label(low), label(high))
        });
        let (x_label, y_label) = if is_row {
            (over, self.y.label(y).unwrap_or_default().to_string())
        } else {
            (self.x.label(x).unwrap_or_default().to_string(), over)
        };
        let line_name = if is_row {
            format!("{} {}", display_label(y_name), display_label(&y_label))
        } else {
            format!("{} {}", display_label(x_name), display_label(&x_label))
        };
        let mut text = format!(
            "{}{word} of the {noun} {line_name}: {value_label}",
            titled(&panel.title)
        );
        if let Some(interval) = &interval_label {
            text.push_str(&format!(", interval {interval}"));
        }
        match (rank, below_peak) {
            (Some(1), _) => text.push_str(&format!(", the best of {} {noun}s", values.len())),
            (Some(rank), Some(below)) => text.push_str(&format!(
                ", rank {rank} of {} {noun}s, {} below the best",
                values.len(),
                label(below)
            )),
            _ => {}
        }
        let mut info = CellInfo {
            panel: panel_index,
            title: panel.title.clone(),
            model: panel.model.clone(),
            benchmark: panel.benchmark.clone(),
            x_name: x_name.to_string(),
            x_label,
            y_name: y_name.to_string(),
            y_label,
            x,
            y,
            value,
            exact_label: value.and_then(|value| exact_beyond(value, &value_label)),
            value_label,
            count: None,
            std_dev: None,
            std_dev_label: None,
            rank,
            present: values.len(),
            below_peak,
            below_peak_label: below_peak.map(label),
            strip: Some(noun.to_string()),
            interval_label,
            text,
            tooltip: Vec::new(),
        };
        info.tooltip = tooltip_rows(&info);
        Some(info)
    }

    /// Whether a panel's cells carry the noise estimate the uncertainty marks need: standard
    /// errors from the benchmark's items or the replicates (for a mean of benchmarks, its
    /// parts'), or, in a difference, cells where both models have one. A panel without it is
    /// drawn without marks, whatever the level asked for.
    pub fn has_noise_estimate(&self, panel: &FigurePanel) -> bool {
        match self.difference_test() {
            Some(test) => test.within_noise + test.a_ahead.len() + test.b_ahead.len() > 0,
            None => !panel.errors.is_empty(),
        }
    }

    /// The smallest and largest value on the figure's own value scale, over every panel but
    /// one with a colour bar of its own (a reconciliation's difference); `None` when no cell
    /// holds a value.
    pub fn value_extent(&self) -> Option<(f64, f64)> {
        self.panels
            .iter()
            .filter(|panel| panel.value_label().is_none())
            .filter_map(|panel| Some((panel.domain.data_min?, panel.domain.data_max?)))
            .reduce(|(low, high), (min, max)| (low.min(min), high.max(max)))
    }

    /// Where a fixed colour range starts when a person picks one: the [`value_extent`]; one
    /// either side when every value is the same (for a histogram's counts or shares, which are
    /// never negative, from that value up); 0 to 1 when no cell holds a value.
    ///
    /// [`value_extent`]: Figure::value_extent
    pub fn fixed_range_start(&self) -> (f64, f64) {
        let histogram = self.panels.iter().any(|panel| panel.histogram().is_some());
        match self.value_extent() {
            Some((low, high)) if low < high => (low, high),
            Some((value, _)) if histogram => (value, value + 1.0),
            Some((value, _)) => (value - 1.0, value + 1.0),
            None => (0.0, 1.0),
        }
    }

    /// The accessible description of a panel: title, peak value and where, colour range.
    pub fn describe_panel(&self, panel: &FigurePanel) -> String {
        let decimals = panel.decimals;
        let domain = panel.domain.domain;
        let range = format!(
            "colours from {} to {}",
            format_value(domain.min, decimals),
            format_value(domain.max, decimals)
        );
        // The peak and the counts alone: a full summary's median and spread cost far more on a
        // large grid, and every drawing describes itself.
        let (Some(top), present) = (&panel.best, panel.present) else {
            return format!("{}no data. {range}.", titled(&panel.title));
        };
        let total = panel.grid.columns().saturating_mul(panel.grid.rows());
        let places = self.cell_names(panel, &top.cells);
        let best = if self.direction == Direction::Higher {
            "highest"
        } else {
            "lowest"
        };
        let mut text = format!(
            "{}heatmap of {} over {} and {}. The {best} value, {}, is at {}",
            titled(&panel.title),
            self.value_label,
            self.axis_names(panel).0,
            self.axis_names(panel).1,
            format_value(top.value, decimals),
            places.join("; ")
        );
        if places.len() > 1 {
            text.push_str(&format!(" ({} cells tie)", places.len()));
        }
        text.push_str(&format!(". {present} of {total} cells present; {range}"));
        if panel.domain.clips() {
            text.push_str(&format!(
                "; {} values above and {} below the fixed range are shown at its ends",
                panel.domain.above, panel.domain.below
            ));
        }
        text.push('.');
        // A histogram of items says who is ahead, as its subtitle does.
        if panel.histogram().is_some() {
            for line in &panel.subtitle {
                text.push_str(&format!(" {line}."));
            }
        }
        text
    }

    /// Summaries, trends and descriptions of every panel.
    pub fn reports(&self) -> Vec<PanelReport> {
        let mut reports = Vec::with_capacity(self.panels.len());
        for panel in &self.panels {
            let summary = summarize(&panel.grid, self.direction);
            let names = |cells: &[crate::analysis::CellPosition]| self.cell_names(panel, cells);
            reports.push(PanelReport {
                title: panel.title.clone(),
                peak_cells: summary
                    .as_ref()
                    .map(|s| names(&s.peak.cells))
                    .unwrap_or_default(),
                worst_cells: summary
                    .as_ref()
                    .map(|s| names(&s.worst.cells))
                    .unwrap_or_default(),
                summary,
                trends: measure_trends(&panel.grid),
                description: self.describe_panel(panel),
            });
        }
        reports
    }

    /// The data shown, as tidy CSV: one row per present cell of every panel (a pairwise
    /// figure: one row per bin). Safe to open in a spreadsheet, as [`to_csv`](crate::to_csv)
    /// is.
    pub fn shown_data_csv(&self) -> String {
        self.shown_data_csv_as(CsvText::SpreadsheetSafe)
    }

    /// [`shown_data_csv`](Self::shown_data_csv) with text fields written as `text` says.
    pub fn shown_data_csv_as(&self, text: CsvText) -> String {
        let mut writer = CsvWriter::new(text);
        if !self.comparisons().is_empty() {
            return self.pairwise_csv(writer);
        }
        // Two axes of the same name (a score against a score) are told apart by their role.
        let same = self.x.name == self.y.name;
        let axis_name = |name: &str, role: &str| {
            if same {
                format!("{name} ({role})")
            } else {
                name.to_string()
            }
        };
        writer.record(&[
            "panel",
            "model",
            "benchmark",
            &axis_name(&self.y.name, "y"),
            &axis_name(&self.x.name, "x"),
            &self.value_label,
        ]);
        for panel in &self.panels {
            for (x, y, cell) in panel.grid.present() {
                writer.row(
                    &[
                        panel.title.as_str(),
                        panel.model.as_deref().unwrap_or(""),
                        panel.benchmark.as_deref().unwrap_or(""),
                        self.y.label(y).unwrap_or(""),
                        self.x.label(x).unwrap_or(""),
                    ],
                    cell.mean,
                );
            }
        }
        writer.into_string()
    }

    /// A pairwise figure's bins as CSV: one row per bin of every pair, with both score ranges,
    /// the item count and its share of the pair's paired items.
    fn pairwise_csv(&self, mut writer: CsvWriter) -> String {
        let score = &self.x.name;
        for field in ["model A", "model B", "group"] {
            writer.field(field);
        }
        for (model, end) in [("A", "from"), ("A", "to"), ("B", "from"), ("B", "to")] {
            writer.field(&format!("{score} of {model} {end}"));
        }
        writer.record(&["items", "share of paired items"]);
        for comparison in self.comparisons() {
            for (x, y, cell) in comparison.histogram.present() {
                let (Some(a), Some(b)) = (comparison.column_range(x), comparison.row_range(y))
                else {
                    continue;
                };
                writer.field(&comparison.model_a);
                writer.field(&comparison.model_b);
                writer.field(comparison.group.as_deref().unwrap_or(""));
                for number in [a.0, a.1, b.0, b.1] {
                    writer.number(number);
                }
                writer.number(cell.mean);
                if comparison.paired > 0 {
                    writer.number(cell.mean / comparison.paired as f64);
                } else {
                    writer.field("");
                }
                writer.end_record();
            }
        }
        writer.into_string()
    }

    /// A file name for an export of this figure, e.g. `r1-qwen_aime24`.
    pub fn file_stem(&self) -> String {
        let text = match self.panels.as_slice() {
            [one] => match (&one.model, &one.benchmark) {
                (Some(model), Some(benchmark)) => format!("{model}_{benchmark}"),
                _ => one.title.clone(),
            },
            panels => {
                // The model and the benchmark shared by every panel, those that are.
                let shared = [
                    shared_name(panels, &|p| p.model.as_deref()),
                    shared_name(panels, &|p| p.benchmark.as_deref()),
                ];
                let mut text = String::new();
                for name in shared.into_iter().flatten() {
                    if !text.is_empty() {
                        text.push('_');
                    }
                    text.push_str(name);
                }
                text
            }
        };
        let stem = slug(&text);
        match (stem.is_empty(), self.comparisons().is_empty()) {
            (false, _) => stem,
            (true, false) => "pairwise".to_string(),
            (true, true) => "sweepmap".to_string(),
        }
    }

    /// The names of cells, for reports and descriptions.
    fn cell_names(
        &self,
        panel: &FigurePanel,
        cells: &[crate::analysis::CellPosition],
    ) -> Vec<String> {
        let mut names = Vec::with_capacity(cells.len());
        for cell in cells {
            names.push(self.cell_name(panel, cell.x, cell.y));
        }
        names
    }
}

/// The name every panel that has one gives (`name` reads it), if they all give the same and at
/// least one gives it.
fn shared_name<'a>(
    panels: &'a [FigurePanel],
    name: &dyn Fn(&'a FigurePanel) -> Option<&'a str>,
) -> Option<&'a str> {
    let mut shared: Option<&str> = None;
    for panel in panels {
        match (name(panel), shared) {
            (None, _) => {}
            (Some(found), None) => shared = Some(found),
            (Some(found), Some(known)) if found == known => {}
            (Some(_), Some(_)) => return None,
        }
    }
    shared
}

/// A file name without its extension for a text such as a dataset's title (the explorer's
/// "Download page" saves `<stem>.html`): lowercase letters, digits, `-` and `_`, at most 80 of
/// them, or `sweepmap` when the text has none of those.
pub fn file_stem_of(text: &str) -> String {
    let stem = slug(text);
    if stem.is_empty() {
        "sweepmap".to_string()
    } else {
        stem
    }
}

/// Lowercase letters, digits, `-` and `_` only; runs of anything else become one `-`.
fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in crate::text::lower(text).chars() {
        if c.is_ascii_alphanumeric() || c == '_' {
            out.push(c);
        } else if !out.ends_with('-') && !out.ends_with('_') {
            out.push('-');
        }
    }
    let trimmed = out.trim_matches(|c| c == '-' || c == '_');
    // At most 80 characters (all ASCII here, so bytes).
    trimmed.get(..80).unwrap_or(trimmed).to_string()
}

/// A panel's title as the start of a sentence about it: "R1-Llama | AIME24: ", or nothing for a
/// panel without a title (a run table's single panel), so that the text does not start with ": ".
fn titled(title: &str) -> String {
    if title.is_empty() {
        String::new()
    } else {
        format!("{title}: ")
    }
}

#[cfg(test)]
mod tests {
    use super::{file_stem_of, slug};

    #[test]
    fn file_stems_of_titles_are_slugs_or_sweepmap() {
        assert_eq!(
            file_stem_of("KV-cache compression: R1 models (pass@1)"),
            "kv-cache-compression-r1-models-pass-1"
        );
        assert_eq!(file_stem_of("</script>.html"), "script-html");
        for nothing in ["", "  ", "日本語の表", "../..", "\u{2068}\u{2069}"] {
            assert_eq!(file_stem_of(nothing), "sweepmap", "{nothing:?}");
        }
    }

    #[test]
    fn slugs_are_safe_file_names() {
        assert_eq!(slug("R1-Qwen | AIME24"), "r1-qwen-aime24");
        assert_eq!(slug("R1-Qwen_AIME24"), "r1-qwen_aime24");
        assert_eq!(
            slug("<img src=x onerror=alert(1)>"),
            "img-src-x-onerror-alert-1"
        );
        assert_eq!(slug("../../etc"), "etc");
        assert_eq!(slug(&"Ab".repeat(50)), "ab".repeat(40));
        assert_eq!(slug(&format!("__{}", "x".repeat(79))), "x".repeat(79));
    }
}
