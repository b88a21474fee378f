//! Layout: where everything of a figure goes, as pure geometry in CSS pixels.
//!
//! Step 5 of the pipeline (figure -> **layout** -> drawing). Panels are placed as small multiples,
//! wrapping to fewer per row when the width does not fit the view's row; cells keep one size
//! across the figure so panels compare at a glance; tick labels and cell annotations thin out
//! when they would not fit; a colour bar sits beside the panels (one for the figure when the
//! domain is shared, one per panel otherwise). Text is measured with a fixed estimate rather than
//! the browser, so layout is deterministic, fast, and the same natively and in wasm. The layout
//! also answers hit tests: which cell is under a pointer.

use serde::Serialize;

mod slice;
pub(crate) use slice::SENTENCE_FONT;
pub use slice::{layout_slice, LegendEntry, PointPlace, SliceLayout, TextLine};

use crate::color::{Domain, Transform};
use crate::display::display_label;
use crate::figure::{format_value, Figure};
use crate::view::{FALLBACK_WIDTH, MAX_WIDTH, MIN_DRAWN_WIDTH};

/// Outer padding of the figure.
const PADDING: f64 = 12.0;
/// Gap between panels.
const GAP: f64 = 24.0;
/// Font sizes.
pub(crate) const TITLE_FONT: f64 = 14.0;
pub(crate) const TICK_FONT: f64 = 12.0;
pub(crate) const AXIS_FONT: f64 = 12.5;
const MAX_ANNOTATION_FONT: f64 = 13.0;
/// Annotations smaller than this are not drawn.
const MIN_ANNOTATION_FONT: f64 = 7.5;
/// Colour bar geometry.
const BAR_WIDTH: f64 = 14.0;
const BAR_GAP: f64 = 14.0;
/// The narrowest a panel's plot may get before panels wrap to another row.
const MIN_PLOT_WIDTH: f64 = 150.0;
const MAX_CELL_HEIGHT: f64 = 56.0;
/// The largest side of a square plot (pairwise histograms).
const MAX_SQUARE_PLOT: f64 = 420.0;
/// The room a tick label takes across its axis: a cell at least this tall (or wide, for
/// labels turned upright) has every label.
const LABEL_LINE: f64 = TICK_FONT + 2.0;
/// Cells are made at least [`LABEL_LINE`] tall while the plot stays within this height, so a
/// narrow figure of a few long-named rows (models, tasks) labels every row.
const MAX_LABELLED_PLOT: f64 = 600.0;
/// The longest an x tick label turned upright may be; longer ones are cut in the middle, with
/// "…" (hover has them whole).
const MAX_TURNED_LABEL: f64 = 160.0;
/// The share of a panel's width the y tick labels may take, and the least room they get;
/// longer labels are cut in the middle, with "…" (hover has them whole).
const Y_LABEL_SHARE: f64 = 0.3;
const MIN_Y_LABEL_ROOM: f64 = 60.0;
/// Marginal strips: how thick, and how far from the plot (a column strip above it, a row strip
/// right of it).
pub const STRIP_WIDTH: f64 = 12.0;
const STRIP_GAP: f64 = 4.0;
/// The room a strip takes beside a plot.
const STRIP_BLOCK: f64 = STRIP_WIDTH + STRIP_GAP;
/// More room between a row strip and a colour bar than a plot has, so that the strip is not read
/// as part of the legend.
const STRIP_BAR_GAP: f64 = 10.0;

/// A rectangle in CSS pixels, y growing downwards.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "CellRect"))]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

impl Rect {
    /// True when the point lies inside (left and top edges included).
    pub fn contains(&self, x: f64, y: f64) -> bool {
        x >= self.x && y >= self.y && x < self.x + self.width && y < self.y + self.height
    }

    /// The right edge.
    pub fn right(&self) -> f64 {
        self.x + self.width
    }

    /// The bottom edge.
    pub fn bottom(&self) -> f64 {
        self.y + self.height
    }
}

/// Estimated width of a text in a sans-serif font: good enough to size margins, deterministic.
pub fn estimate_text_width(text: &str, font_size: f64) -> f64 {
    let units: f64 = text.chars().map(char_units).sum();
    units * font_size
}

/// Estimated width of a character, in em.
fn char_units(c: char) -> f64 {
    match c {
        '.' | ',' | ':' | ';' | '|' | 'i' | 'l' | 'j' | '\'' | ' ' => 0.3,
        'm' | 'w' | 'M' | 'W' | '@' => 0.85,
        c if c.is_uppercase() => 0.68,
        _ => 0.56,
    }
}

/// Splits a text into lines no wider than `width`: at its " · " separators first, so that a
/// phrase stays whole, and at spaces within a phrase too wide for a line (a single word wider
/// than that keeps a line of its own).
pub fn wrap_text(text: &str, width: f64, font_size: f64) -> Vec<String> {
    wrap_phrases(text, " · ", width, font_size)
}

/// Splits a text into lines no wider than `width` at `separator` (kept between the phrases
/// that share a line), and at spaces within a phrase too wide for a line.
fn wrap_phrases(text: &str, separator: &str, width: f64, font_size: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for phrase in text.split(separator) {
        let joined = if line.is_empty() {
            phrase.to_string()
        } else {
            format!("{line}{separator}{phrase}")
        };
        if estimate_text_width(&joined, font_size) <= width {
            line = joined;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        if estimate_text_width(phrase, font_size) <= width {
            line = phrase.to_string();
        } else {
            let mut words = wrap_words(phrase, width, font_size);
            line = words.pop().unwrap_or_default();
            lines.extend(words);
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Most lines a panel title takes; the last one shown ends in "…" when the title needs more.
const MAX_TITLE_LINES: usize = 2;

/// A panel title in lines no wider than `width`: at its " | " separators first, then at
/// spaces; at most [`MAX_TITLE_LINES`], and a line still too wide (one long word, more lines
/// than allowed) cut to fit with "…". A title that fits stays one line, as it is.
fn fit_title(title: &str, width: f64) -> Vec<String> {
    let mut lines = wrap_phrases(title, " | ", width, TITLE_FONT);
    let cut = lines.len() > MAX_TITLE_LINES;
    lines.truncate(MAX_TITLE_LINES);
    let last = lines.len().saturating_sub(1);
    let mut fitted = Vec::with_capacity(lines.len());
    for (index, line) in lines.into_iter().enumerate() {
        let ellipsis = cut && index == last;
        fitted.push(
            if ellipsis || estimate_text_width(&line, TITLE_FONT) > width {
                cut_to_width(&line, width, ellipsis, TITLE_FONT)
            } else {
                line
            },
        );
    }
    fitted
}

/// The longest start of `text` that, with "…" after it, is no wider than `width` at
/// `font_size`; `text` itself when it fits and no "…" is asked for.
fn cut_to_width(text: &str, width: f64, ellipsis: bool, font_size: f64) -> String {
    if !ellipsis && estimate_text_width(text, font_size) <= width {
        return text.to_string();
    }
    let mut kept = String::new();
    let mut used = char_units('…') * font_size;
    for c in text.chars() {
        let next = char_units(c) * font_size;
        if used + next > width {
            break;
        }
        used += next;
        kept.push(c);
    }
    format!("{}…", kept.trim_end())
}

/// `text` cut in its middle to `width` at `font_size`: its start and its end, which tells
/// names apart (`meta-llama/Llama-3.1-8B` and `-70B`, `model-a` and `model-b`), kept about one
/// third and two thirds of the room, with "…" between; `text` itself when it fits.
fn cut_middle(text: &str, width: f64, font_size: f64) -> String {
    if estimate_text_width(text, font_size) <= width {
        return text.to_string();
    }
    let room = width - char_units('…') * font_size;
    let chars: Vec<char> = text.chars().collect();
    let mut tail = 0;
    let mut used = 0.0;
    for c in chars.iter().rev() {
        let next = char_units(*c) * font_size;
        if used + next > room * 2.0 / 3.0 {
            break;
        }
        used += next;
        tail += 1;
    }
    let (front, back) = chars.split_at(chars.len().saturating_sub(tail));
    let mut start = String::new();
    for c in front {
        let next = char_units(*c) * font_size;
        if used + next > room {
            break;
        }
        used += next;
        start.push(*c);
    }
    let end: String = back.iter().collect();
    format!("{}…{}", start.trim_end(), end.trim_start())
}

/// Splits a text at spaces into lines no wider than `width`.
fn wrap_words(text: &str, width: f64, font_size: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if !line.is_empty() && estimate_text_width(&candidate, font_size) > width {
            lines.push(std::mem::take(&mut line));
            line = word.to_string();
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// A colour bar: the gradient rectangle and its labelled ticks.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ColorBarLayout {
    /// The gradient, top = domain maximum.
    pub bar: Rect,
    /// Tick values with their label and y position.
    pub ticks: Vec<Tick>,
    /// Index of the panel whose scale it shows (any panel, for a shared bar).
    pub panel: usize,
    /// Where the label ("Pass@1 (%)") is centred, drawn rotated.
    pub label_at: (f64, f64),
}

/// What an entry of the key below the panels explains.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum KeyItem {
    /// The hatched grey of missing cells.
    Missing,
    /// The dot on marked cells (the figure's `mark_label`).
    Mark,
    /// What the marginal strips show.
    Strips,
}

/// One entry of the key: a swatch and its label to the right.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct KeyEntry {
    pub item: KeyItem,
    pub swatch: Rect,
    pub label: String,
}

/// One labelled tick.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Tick {
    pub value: f64,
    pub label: String,
    /// Position along the axis: x for x ticks, y for y ticks and colour bar ticks.
    pub at: f64,
}

/// One panel's geometry.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PanelLayout {
    /// The cells' area.
    pub plot: Rect,
    /// Width and height of one cell.
    pub cell_width: f64,
    pub cell_height: f64,
    /// The title's lines (one unless it is too wide for the panel), with each line's centre.
    pub title: Vec<(String, (f64, f64))>,
    /// The statistics under the title, wrapped to the panel's width, with each line's centre.
    pub subtitle: Vec<(String, (f64, f64))>,
    /// x tick labels (centred below the plot, or turned upright and hanging from it when
    /// `x_ticks_turned`) and y tick labels (right-aligned left of it).
    pub x_ticks: Vec<Tick>,
    pub y_ticks: Vec<Tick>,
    /// The x tick labels read bottom to top: level, they would not all fit under their cells.
    pub x_ticks_turned: bool,
    /// Centre of the x axis name.
    pub x_label_at: (f64, f64),
    /// Centre of the rotated y axis name, when this panel shows it.
    pub y_label_at: Option<(f64, f64)>,
    /// The marginal strips, when the figure has them: one cell per row right of the plot, one
    /// per column above it. Their cells are addressed as the column past the last (`x` =
    /// columns: the row strip) and the row past the top (`y` = rows: the column strip).
    pub row_strip: Option<Rect>,
    pub column_strip: Option<Rect>,
}

impl PanelLayout {
    /// Where what is beside the plot may start: right of the plot, or of its row strip and
    /// the room that keeps a colour bar apart from it.
    pub fn right(&self) -> f64 {
        self.row_strip
            .map_or(self.plot.right(), |strip| strip.right() + STRIP_BAR_GAP)
    }

    /// The grid's columns and rows, as the plot holds them.
    fn grid_size(&self) -> (usize, usize) {
        (
            (self.plot.width / self.cell_width).round() as usize,
            (self.plot.height / self.cell_height).round() as usize,
        )
    }
}

/// The whole figure's geometry.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FigureLayout {
    pub width: f64,
    pub height: f64,
    pub panels: Vec<PanelLayout>,
    pub color_bars: Vec<ColorBarLayout>,
    /// The key below the panels: missing cells and marks, when the figure has them.
    pub key: Vec<KeyEntry>,
    /// Where the caption starts (left end, vertical centre), when the figure has one.
    pub caption_at: Option<(f64, f64)>,
    /// Panels per row after wrapping.
    pub columns: usize,
    /// Font size of cell annotations; `None` when cells are too small to annotate.
    pub annotation_font: Option<f64>,
    pub title_font: f64,
    pub tick_font: f64,
    pub axis_font: f64,
}

/// The cell under a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Hit {
    pub panel: usize,
    pub x: usize,
    pub y: usize,
}

impl FigureLayout {
    /// The cell under a point in CSS pixels, if any.
    pub fn hit_test(&self, x: f64, y: f64) -> Option<Hit> {
        self.panels.iter().enumerate().find_map(|(index, panel)| {
            if panel.cell_width <= 0.0 || panel.cell_height <= 0.0 {
                return None;
            }
            // A strip's cell: the column past the last, or the row past the top.
            let (columns, rows) = panel.grid_size();
            let at = |within: f64, cell: f64| (within / cell).floor() as usize;
            if panel.row_strip.is_some_and(|strip| strip.contains(x, y)) {
                let row = rows.checked_sub(at(y - panel.plot.y, panel.cell_height) + 1)?;
                return Some(Hit {
                    panel: index,
                    x: columns,
                    y: row,
                });
            }
            if panel.column_strip.is_some_and(|strip| strip.contains(x, y)) {
                return Some(Hit {
                    panel: index,
                    x: at(x - panel.plot.x, panel.cell_width).min(columns.saturating_sub(1)),
                    y: rows,
                });
            }
            if !panel.plot.contains(x, y) {
                return None;
            }
            let column = ((x - panel.plot.x) / panel.cell_width).floor() as usize;
            let from_top = ((y - panel.plot.y) / panel.cell_height).floor() as usize;
            let rows = (panel.plot.height / panel.cell_height).round() as usize;
            let row = rows.checked_sub(from_top + 1)?;
            Some(Hit {
                panel: index,
                x: column,
                y: row,
            })
        })
    }

    /// The rectangle of a cell (row 0 = smallest y, drawn at the bottom), or of a strip's cell
    /// (`x` = columns: the row strip's cell of row `y`; `y` = rows: the column strip's cell of
    /// column `x`); `None` outside the grid and its strips.
    pub fn cell_rect(&self, panel: usize, x: usize, y: usize) -> Option<Rect> {
        let layout = self.panels.get(panel)?;
        let (columns, rows) = layout.grid_size();
        let strip = match (x == columns, y == rows) {
            (true, false) => Some(layout.row_strip?),
            (false, true) => Some(layout.column_strip?),
            _ => None,
        };
        if x > columns || (x == columns && strip.is_none()) {
            return None;
        }
        let from_top = rows.checked_sub(y + 1);
        let row_y = |from_top: usize| layout.plot.y + from_top as f64 * layout.cell_height;
        let column_x = layout.plot.x + x as f64 * layout.cell_width;
        Some(match strip {
            Some(strip) if x == columns => Rect {
                x: strip.x,
                y: row_y(from_top?),
                width: strip.width,
                height: layout.cell_height,
            },
            Some(strip) => Rect {
                x: column_x,
                y: strip.y,
                width: layout.cell_width,
                height: strip.height,
            },
            None => Rect {
                x: column_x,
                y: row_y(from_top?),
                width: layout.cell_width,
                height: layout.cell_height,
            },
        })
    }
}

/// Nice tick values strictly inside (min, max): about `target` steps of 1, 2 or 5 times a power
/// of ten, but none finer than `decimals` can write. Each is the double a decimal text reads as
/// (0.958, not the 0.9580000000000001 that adding steps gives), so it prints with the decimals
/// it has.
pub fn nice_ticks(min: f64, max: f64, target: usize, decimals: usize) -> Vec<f64> {
    if !(min.is_finite() && max.is_finite()) || max <= min || target == 0 {
        return Vec::new();
    }
    let raw = (max - min) / target as f64;
    let mut power = raw.log10().floor() as i32;
    // The nearest of 1, 2, 5, 10 times the magnitude, as d3's ticks choose.
    let ratio = raw / 10f64.powi(power);
    let factor = if ratio >= 50f64.sqrt() {
        10.0
    } else if ratio >= 10f64.sqrt() {
        5.0
    } else if ratio >= 2f64.sqrt() {
        2.0
    } else {
        1.0
    };
    // Six decimals at most, as `decimals_of` reads them back.
    let finest = -(decimals.min(crate::figure::MAX_AUTO_DECIMALS) as i32);
    let factor = if power < finest {
        power = finest;
        1.0
    } else {
        factor
    };
    // A whole number of units of 10^power: divided by 10^-power when it is below one, so the
    // value is the double nearest the decimal.
    let at = |units: f64| match power {
        ..0 => units / 10f64.powi(-power),
        _ => units * 10f64.powi(power),
    };
    let mut units = (min / at(factor)).ceil() * factor;
    let mut ticks = Vec::new();
    while ticks.len() < 100 {
        let value = at(units);
        if value >= max || value.is_nan() {
            break;
        }
        if value > min {
            ticks.push(value);
        }
        units += factor;
    }
    ticks
}

/// Once an axis cannot label every cell, its labels are landmarks on a scale rather than names
/// of cells: they sit at least this many CSS pixels apart.
const MIN_THINNED_TICK_SPACING: f64 = 40.0;

/// Every `step`-th index so that labels of `size` fit in slots of `slot` pixels: every index
/// when they fit, and otherwise a round step (1, 2 or 5 times a power of ten: 0, 10, 20, ...
/// rather than 0, 3, 6, ...) that spaces the labels at least [`MIN_THINNED_TICK_SPACING`] apart.
/// A 100 x 100 grid gets ten labels per axis, not thirty.
fn thin_step(size: f64, slot: f64) -> usize {
    if slot <= 0.0 {
        return usize::MAX;
    }
    let fitting = ((size / slot).ceil() as usize).max(1);
    if fitting == 1 {
        return 1;
    }
    round_step(fitting.max((MIN_THINNED_TICK_SPACING / slot).ceil() as usize))
}

/// The smallest of 1, 2, 5, 10, 20, 50, ... that is at least `least`.
fn round_step(least: usize) -> usize {
    let mut magnitude: usize = 1;
    loop {
        for factor in [1, 2, 5] {
            let step = magnitude.saturating_mul(factor);
            if step >= least {
                return step;
            }
        }
        if magnitude > usize::MAX / 10 {
            return usize::MAX;
        }
        magnitude *= 10;
    }
}

/// Ticks on the bin edges, every `step`-th, labelled with the edge values.
fn edge_ticks(edges: &[f64], step: usize, start: f64, cell: f64, reverse: bool) -> Vec<Tick> {
    let count = edges.len().saturating_sub(1);
    let mut ticks = Vec::new();
    for (index, edge) in edges.iter().enumerate() {
        if step == usize::MAX || (index % step != 0 && index != count) {
            continue;
        }
        let slot = if reverse { count - index } else { index };
        ticks.push(Tick {
            value: *edge,
            label: format_value(*edge, decimals_of(*edge)),
            at: start + slot as f64 * cell,
        });
    }
    ticks
}

/// Ticks at every `step`-th category, centred on their cells, labelled as shown (see
/// [`crate::display`]) and cut in the middle to `room` pixels (see [`cut_middle`]).
fn category_ticks(
    labels: &[String],
    step: usize,
    (start, cell): (f64, f64),
    reverse: bool,
    room: f64,
) -> Vec<Tick> {
    let count = labels.len();
    let mut ticks = Vec::new();
    for (index, label) in labels.iter().enumerate() {
        if step == usize::MAX || index % step != 0 {
            continue;
        }
        let slot = if reverse { count - 1 - index } else { index };
        let label = cut_middle(&display_label(label), room, TICK_FONT);
        ticks.push(Tick {
            value: index as f64,
            label,
            at: start + (slot as f64 + 0.5) * cell,
        });
    }
    ticks
}

/// The colour bar ticks: the domain's ends exactly, and nice values between them that do not
/// crowd the ends or each other. Positions come from the panel's own scale, so a logarithmic
/// scale gets a truthful legend (with 1, 2, 5, 10, ... between its ends).
fn bar_ticks(figure: &Figure, panel: usize, bar: Rect) -> Vec<Tick> {
    let Some(scale) = figure.panels.get(panel).map(|p| p.scale) else {
        return Vec::new();
    };
    let decimals = bar_decimals(figure, panel);
    let domain = scale.domain;
    let position = |value: f64| bar.bottom() - scale.position(value) * bar.height;
    let label = |value: f64| format_value(value, decimals);
    if domain.max <= domain.min {
        return vec![Tick {
            value: domain.min,
            label: label(domain.min),
            at: bar.y + bar.height / 2.0,
        }];
    }
    let target = ((bar.height / 40.0).floor() as usize).clamp(1, 8);
    let linear = || nice_ticks(domain.min, domain.max, target, decimals);
    let candidates = match scale.transform {
        Transform::Log if domain.min > 0.0 => {
            let ticks = decade_ticks(domain.min, domain.max, target);
            // Less than a decade: round values evenly apart, placed by the logarithm.
            if ticks.len() < 2 {
                linear()
            } else {
                ticks
            }
        }
        Transform::Symlog { origin, constant } => symlog_ticks(domain, origin, constant, target),
        _ => linear(),
    };
    // The ends are written as the cells are; a tick between them that would read the same as
    // an end is left out. A tick of a logarithmic scale (0.01, 0.1, ...) takes the decimals it
    // needs.
    let ends = [label(domain.min), label(domain.max)];
    let clear = TICK_FONT * 1.5;
    let mut ticks = vec![Tick {
        value: domain.min,
        label: label(domain.min),
        at: position(domain.min),
    }];
    for value in candidates {
        let at = position(value);
        let last = ticks.last().map_or(f64::INFINITY, |t| t.at);
        if at < last - clear && at > bar.y + clear && !ends.contains(&label(value)) {
            let needed = decimals_of(value);
            ticks.push(Tick {
                value,
                label: format_value(
                    value,
                    match scale.transform {
                        Transform::Linear => decimals.min(needed),
                        _ => needed,
                    },
                ),
                at,
            });
        }
    }
    ticks.push(Tick {
        value: domain.max,
        label: label(domain.max),
        at: position(domain.max),
    });
    ticks
}

/// The decimals of a colour bar's ends: its panel's, or for a bar that every panel shares, the
/// most any panel has.
fn bar_decimals(figure: &Figure, panel: usize) -> usize {
    match figure.panels.get(panel) {
        Some(panel) if !figure.shared_legend => panel.decimals,
        _ => figure.decimals,
    }
}

/// Round values for a logarithmic stretch, strictly inside (low, high) with 0 < low < high:
/// 1, 2 and 5 times each power of ten when `target` ticks leave room for them, else 1 and 3,
/// else the powers of ten (every second, third, ... when even they are too many).
pub fn decade_ticks(low: f64, high: f64, target: usize) -> Vec<f64> {
    if !(low > 0.0 && high > low && high.is_finite()) {
        return Vec::new();
    }
    let first = low.log10().floor() as i32;
    let decades = (high.log10().ceil() as i32 - first).clamp(0, 700);
    let within = |mantissas: &[u8], stride: usize| {
        let mut ticks = Vec::new();
        for decade in (0..=decades).step_by(stride.max(1)) {
            for mantissa in mantissas {
                let text = format!("{mantissa}e{}", first + decade);
                match crate::decimal::parse_f64(&text) {
                    Some(value) if value > low && value < high => ticks.push(value),
                    _ => {}
                }
            }
        }
        ticks
    };
    for mantissas in [&[1, 2, 5][..], &[1, 3], &[1]] {
        let ticks = within(mantissas, 1);
        if ticks.len() <= target.max(1) {
            return ticks;
        }
    }
    let powers = within(&[1], 1).len();
    within(&[1], powers.div_ceil(target.max(1)))
}

/// Ticks of a symlog scale: its origin, and round distances from it on each side from the
/// linear constant outwards (half the target each), in increasing order.
fn symlog_ticks(domain: Domain, origin: f64, constant: f64, target: usize) -> Vec<f64> {
    let side = (target / 2).max(1);
    let below = decade_ticks(constant / 2.0, origin - domain.min, side);
    let above = decade_ticks(constant / 2.0, domain.max - origin, side);
    let mut ticks: Vec<f64> = Vec::with_capacity(below.len() + 1 + above.len());
    for distance in below.iter().rev() {
        ticks.push(origin - distance);
    }
    if domain.min < origin && origin < domain.max {
        ticks.push(origin);
    }
    for distance in &above {
        ticks.push(origin + distance);
    }
    ticks
}

/// Decimals a nice tick value needs (0.25 -> 2, 40 -> 0), at most as many as the automatic
/// choice ever picks.
fn decimals_of(value: f64) -> usize {
    let most = crate::figure::MAX_AUTO_DECIMALS;
    (0..=most)
        .find(|&d| crate::decimal::parse_f64(&crate::float_text::fixed(value, d)) == Some(value))
        .unwrap_or(most)
}

/// Lays out a figure at a width in CSS pixels (from 160 to 20 000). A figure whose cells need
/// more (at least one CSS pixel each) is as wide as they and its colour bar need, and its
/// `width` says so.
///
/// In steps, each a function below:
/// 1. [`measure_margins`]: the text beside a plot (y tick labels, colour bar labels) sets the
///    margins around it;
/// 2. [`arrange_panels`]: panels per row (wrapping when plots would get too narrow) and the
///    cells' size;
/// 3. [`axis_labels`]: every how many cells an axis is labelled, and whether the x labels
///    are turned upright; [`fit_panel_text`]: titles and statistics lines fitted to a panel's
///    width, and with them and the x labels its height;
/// 4. [`place_panels`]: each panel's plot, title lines, ticks and axis names;
/// 5. [`place_color_bars`], [`place_key`] and [`place_caption`]: the colour bars beside the
///    panels, the key and the caption under them.
///
/// The cell annotations' font is [`annotation_font`]; hit tests ([`FigureLayout::hit_test`],
/// [`FigureLayout::cell_rect`]) read the result.
pub fn layout_figure(figure: &Figure, width: f64) -> FigureLayout {
    let width = if width.is_finite() {
        width.clamp(MIN_DRAWN_WIDTH, MAX_WIDTH)
    } else {
        FALLBACK_WIDTH
    };
    let margins = measure_margins(figure, width);
    let arrangement = arrange_panels(figure, width, &margins);
    let labels = axis_labels(figure, &arrangement);
    let text = fit_panel_text(figure, &arrangement, &labels);
    let rows = arrangement.rows as f64;
    let height = 2.0 * PADDING + rows * text.panel_height + (rows - 1.0) * GAP;
    let panels = place_panels(figure, width, &margins, &arrangement, (&labels, &text));
    let color_bars = place_color_bars(figure, &panels, margins.widest_bar_label);
    // A grid with more cells than the width has pixels keeps one CSS pixel per cell (every
    // cell drawn, none dropped or averaged into a colour no cell has): the figure is then
    // wider than asked, and says so through its width rather than cutting off the plot's
    // right-hand part and its colour bar.
    let content_right = panels
        .iter()
        .map(PanelLayout::right)
        .chain(
            color_bars
                .iter()
                .map(|bar| bar.label_at.0 + AXIS_FONT / 2.0 + 4.0),
        )
        .fold(0.0, f64::max);
    let width = width.max((content_right + PADDING).ceil());
    let left = panels.first().map_or(PADDING, |p| p.plot.x);
    let key = place_key(figure, left, width, height);
    let below_panels = color_bars
        .iter()
        .map(|b| b.bar.bottom())
        .chain(key.iter().map(KeyEntry::bottom))
        .map(|bottom| bottom + PADDING)
        .fold(height, f64::max);
    let (caption_at, height) = place_caption(figure, left, below_panels);

    FigureLayout {
        width,
        height: height.ceil(),
        panels,
        color_bars,
        key,
        caption_at,
        columns: arrangement.columns,
        annotation_font: annotation_font(figure, arrangement.cell_width, arrangement.cell_height),
        title_font: TITLE_FONT,
        tick_font: TICK_FONT,
        axis_font: AXIS_FONT,
    }
}

/// The widths of the text beside a plot, which every panel leaves room for.
struct Margins {
    /// The widest colour bar tick label (with a "≥ " for a clipped end).
    widest_bar_label: f64,
    /// A colour bar with its tick labels and name, beside a plot (or beside the last panel of a
    /// row, when the panels share it).
    bar_block: f64,
    /// The rotated y axis name, left of the y tick labels.
    y_name_block: f64,
    /// The y tick labels, left of the plot.
    y_ticks_block: f64,
    /// The widest a y tick label is drawn: longer ones are cut in the middle.
    y_label_room: f64,
}

/// Step 1: measures the text beside a plot. Binned axes are labelled with their edges (0, 0.1,
/// ...), not their bins' names. Long y labels (model or task names) take at most
/// [`Y_LABEL_SHARE`] of a panel's width, so the plot keeps the rest.
fn measure_margins(figure: &Figure, width: f64) -> Margins {
    let widest_y_label = match figure.bin_edges() {
        Some((_, edges)) => widest_edge_label(edges),
        None => figure
            .y
            .labels
            .iter()
            .map(|l| estimate_text_width(&display_label(l), TICK_FONT))
            .fold(0.0, f64::max),
    };
    let widest_bar_label = figure
        .panels
        .iter()
        .enumerate()
        .flat_map(|(index, p)| {
            let decimals = bar_decimals(figure, index);
            [
                (p.domain.domain.min, decimals),
                (p.domain.domain.max, decimals),
            ]
        })
        .map(|(v, decimals)| {
            estimate_text_width(&format!("≥ {}", format_value(v, decimals)), TICK_FONT)
        })
        .fold(0.0, f64::max);
    let bar_block = BAR_GAP + BAR_WIDTH + 6.0 + widest_bar_label + 8.0 + AXIS_FONT + 4.0;
    // A panel's width as [`arrange_panels`] makes it when the panels fit in the row asked for
    // (a shared colour bar takes its room from the row); wrapped panels are wider, so their
    // labels keep less than the share, never more.
    let shared_bar = if figure.shared_legend { bar_block } else { 0.0 };
    let columns = figure.columns.max(1).min(figure.panels.len().max(1)) as f64;
    let panel_width = (width - 2.0 * PADDING - shared_bar - (columns - 1.0) * GAP) / columns;
    let y_label_room = (panel_width * Y_LABEL_SHARE).max(MIN_Y_LABEL_ROOM);
    Margins {
        widest_bar_label,
        bar_block,
        y_name_block: AXIS_FONT + 10.0,
        y_ticks_block: widest_y_label.min(y_label_room) + 8.0,
        y_label_room,
    }
}

/// The widest label of a binned axis' edges.
fn widest_edge_label(edges: &[f64]) -> f64 {
    edges
        .iter()
        .map(|e| estimate_text_width(&format_value(*e, decimals_of(*e)), TICK_FONT))
        .fold(0.0, f64::max)
}

/// Where the panels go: how many per row, and the size of their cells (one size across the
/// figure, so panels compare at a glance).
struct Arrangement {
    /// Panels per row after wrapping.
    columns: usize,
    /// Panels per row that the view asks for (one row per model in the grid view): each such
    /// row starts a new row when it wraps.
    group: usize,
    /// Rows of the figure.
    rows: usize,
    /// A panel's width, its margins included.
    panel_width: f64,
    cell_width: f64,
    cell_height: f64,
    /// The cells' area of a panel.
    plot_width: f64,
    plot_height: f64,
}

impl Arrangement {
    /// The row and column of a panel.
    fn place(&self, index: usize) -> (usize, usize) {
        let rows_per_group = self.group.div_ceil(self.columns);
        let within = index % self.group;
        let row = (index / self.group) * rows_per_group + within / self.columns;
        (row, within % self.columns)
    }
}

/// Step 2: panels per row (the view's row, fewer when plots would get narrower than
/// [`MIN_PLOT_WIDTH`]) and the cells' size: square bins for a score against a score, otherwise
/// cells no wider than twice their largest height.
fn arrange_panels(figure: &Figure, width: f64, margins: &Margins) -> Arrangement {
    let columns_x = figure.x.len().max(1);
    let rows_y = figure.y.len().max(1);
    let panel_count = figure.panels.len().max(1);
    let shared_bar_width = if figure.shared_legend {
        margins.bar_block
    } else {
        0.0
    };
    let panel_bar_width = if figure.shared_legend {
        0.0
    } else {
        margins.bar_block
    };
    let strip = if figure.strips().is_some() {
        STRIP_BLOCK + STRIP_BAR_GAP
    } else {
        0.0
    };
    let plot_room = |per_panel: f64| {
        per_panel - margins.y_name_block - margins.y_ticks_block - panel_bar_width - strip
    };
    let available = width - 2.0 * PADDING - shared_bar_width;
    let fits = |columns: usize| {
        let per_panel = (available - (columns as f64 - 1.0) * GAP) / columns as f64;
        plot_room(per_panel) >= MIN_PLOT_WIDTH
    };
    let wanted = figure.columns.max(1).min(panel_count);
    let columns = (1..=wanted).rev().find(|&c| fits(c)).unwrap_or(1);
    let panel_width = (available - (columns as f64 - 1.0) * GAP) / columns as f64;
    let plot_width = plot_room(panel_width).max(columns_x as f64);
    let binned = figure.bin_edges().is_some();
    let (cell_width, cell_height) = if binned {
        // Bins of a score against a score: a square plot, so the parity line runs at 45°.
        let side = plot_width.min(MAX_SQUARE_PLOT);
        (side / columns_x as f64, side / rows_y as f64)
    } else {
        // Cells no wider than twice their largest height: a single panel does not stretch
        // into flat strips across a wide screen.
        let width = (plot_width / columns_x as f64).min(2.0 * MAX_CELL_HEIGHT);
        let mut height = (width * 0.8).clamp(1.0, MAX_CELL_HEIGHT);
        if rows_y as f64 * LABEL_LINE <= MAX_LABELLED_PLOT {
            // Tall enough for every row's label, where that keeps the plot a screen's height.
            height = height.max(LABEL_LINE);
        }
        (width, height)
    };
    let mut arrangement = Arrangement {
        columns,
        group: wanted.max(1),
        rows: 1,
        panel_width,
        cell_width,
        cell_height,
        plot_width: cell_width * columns_x as f64,
        plot_height: cell_height * rows_y as f64,
    };
    arrangement.rows = arrangement.place(panel_count - 1).0 + 1;
    arrangement
}

/// The titles and statistics lines of the panels, and the height they give a panel.
struct PanelText {
    /// Each panel's title lines.
    titles: Vec<Vec<String>>,
    /// Each panel's statistics lines.
    subtitles: Vec<Vec<String>>,
    /// Height of the tallest title.
    title_block: f64,
    /// Height above a plot: the title block, a gap and the statistics lines.
    top_block: f64,
    /// A panel's height: above its plot, the plot, and the x tick labels and name below it.
    panel_height: f64,
}

/// Step 3: titles fitted to the panel's width and half the gap on either side, statistics
/// lines wrapped to the panel's width; every panel's top is as tall as the tallest.
fn fit_panel_text(figure: &Figure, arrangement: &Arrangement, labels: &AxisLabels) -> PanelText {
    let panel_width = arrangement.panel_width;
    let mut subtitles: Vec<Vec<String>> = Vec::with_capacity(figure.panels.len());
    for p in &figure.panels {
        let mut lines = Vec::new();
        for line in &p.subtitle {
            lines.extend(wrap_text(line, panel_width - 8.0, TICK_FONT));
        }
        subtitles.push(lines);
    }
    let subtitle_lines = subtitles.iter().map(Vec::len).max().unwrap_or(0);
    let subtitle_block = subtitle_lines as f64 * (TICK_FONT + 4.0);
    let mut titles: Vec<Vec<String>> = Vec::with_capacity(figure.panels.len());
    for p in &figure.panels {
        titles.push(fit_title(&p.title, panel_width + GAP - 8.0));
    }
    let title_lines = titles.iter().map(Vec::len).max().unwrap_or(1).max(1);
    let title_block = TITLE_FONT + (title_lines - 1) as f64 * (TITLE_FONT + 4.0);
    // A column strip sits between the statistics lines and the plot.
    let strip = if figure.strips().is_some() {
        STRIP_BLOCK
    } else {
        0.0
    };
    let top_block = title_block + 12.0 + subtitle_block + strip;
    let bottom_block = labels.x_depth + 8.0 + AXIS_FONT + 10.0;
    PanelText {
        titles,
        subtitles,
        title_block,
        top_block,
        panel_height: top_block + arrangement.plot_height + bottom_block,
    }
}

/// How the axes are labelled.
struct AxisLabels {
    /// Every how many cells an axis is labelled.
    x_step: usize,
    y_step: usize,
    /// The x labels read bottom to top.
    x_turned: bool,
    /// How far the x labels reach below the plot: a line, or the longest turned label.
    x_depth: f64,
}

/// Step 3a: every how many cells an axis is labelled: every cell while the labels fit, thinned
/// when they would overlap (see [`thin_step`]). Category labels too wide to sit level under
/// their cells (task names under cells of a narrow figure) are turned upright instead, when
/// that labels every cell, and cut to [`MAX_TURNED_LABEL`].
fn axis_labels(figure: &Figure, arrangement: &Arrangement) -> AxisLabels {
    let y_step = thin_step(LABEL_LINE, arrangement.cell_height);
    if let Some((edges, _)) = figure.bin_edges() {
        return AxisLabels {
            x_step: thin_step(widest_edge_label(edges) + 8.0, arrangement.cell_width),
            y_step,
            x_turned: false,
            x_depth: TICK_FONT,
        };
    }
    let widest_x_label = figure
        .x
        .labels
        .iter()
        .map(|l| estimate_text_width(&display_label(l), TICK_FONT))
        .fold(0.0, f64::max);
    let level = thin_step(widest_x_label + 6.0, arrangement.cell_width);
    let x_turned = level > 1 && arrangement.cell_width >= LABEL_LINE;
    AxisLabels {
        x_step: if x_turned { 1 } else { level },
        y_step,
        x_turned,
        x_depth: if x_turned {
            widest_x_label.min(MAX_TURNED_LABEL)
        } else {
            TICK_FONT
        },
    }
}

/// The font of cell annotations: the largest up to 13 px that fits the widest label in a cell,
/// `None` when the figure is not annotated or that would be smaller than 7.5 px. A label is at
/// least 0.6 em wide, so cells too small for even that are settled before any value is
/// formatted (a large grid would otherwise format every cell on every layout).
fn annotation_font(figure: &Figure, cell_width: f64, cell_height: f64) -> Option<f64> {
    const NARROWEST_LABEL: f64 = 0.6;
    let by_height = cell_height * 0.5;
    let could_fit = (cell_width - 4.0) / NARROWEST_LABEL >= MIN_ANNOTATION_FONT
        && by_height >= MIN_ANNOTATION_FONT;
    if !(figure.annotate && could_fit) {
        return None;
    }
    let widest_annotation = figure
        .panels
        .iter()
        .flat_map(|p| p.grid.present().map(move |(_, _, c)| (c.mean, p.decimals)))
        .map(|(v, decimals)| estimate_text_width(&format_value(v, decimals), 1.0))
        .fold(0.0, f64::max)
        .max(NARROWEST_LABEL);
    let by_width = (cell_width - 4.0) / widest_annotation;
    let size = MAX_ANNOTATION_FONT.min(by_width).min(by_height);
    (size >= MIN_ANNOTATION_FONT).then_some(size)
}

/// Step 4: each panel's plot, title and statistics lines, ticks and axis name positions, in
/// the arrangement's rows and columns.
fn place_panels(
    figure: &Figure,
    width: f64,
    margins: &Margins,
    arrangement: &Arrangement,
    (labels, text): (&AxisLabels, &PanelText),
) -> Vec<PanelLayout> {
    let (x_step, y_step) = (labels.x_step, labels.y_step);
    let x_room = if labels.x_turned {
        MAX_TURNED_LABEL
    } else {
        f64::INFINITY
    };
    let (cell_width, cell_height) = (arrangement.cell_width, arrangement.cell_height);
    let panel_width = arrangement.panel_width;
    let mut panels = Vec::with_capacity(figure.panels.len());
    for (index, ((panel, subtitle), title)) in figure
        .panels
        .iter()
        .zip(&text.subtitles)
        .zip(&text.titles)
        .enumerate()
    {
        let (row, column) = arrangement.place(index);
        let left = PADDING + column as f64 * (panel_width + GAP);
        let top = PADDING + row as f64 * (text.panel_height + GAP);
        let plot = Rect {
            x: left + margins.y_name_block + margins.y_ticks_block,
            y: top + text.top_block,
            width: arrangement.plot_width,
            height: arrangement.plot_height,
        };
        // Each title line centred over the plot, moved in where it would cross the middle of
        // the gap to a neighbouring panel, or the figure's edge beside the row's ends.
        let row_start = column == 0;
        let row_end = column + 1 == arrangement.columns || arrangement.place(index + 1).0 != row;
        let title_line = |line: usize, text: &String| {
            let half = estimate_text_width(text, TITLE_FONT) / 2.0;
            let centre = plot.x + plot.width / 2.0;
            let low = if row_start {
                4.0
            } else {
                left - GAP / 2.0 + 4.0
            } + half;
            let high = if row_end {
                width - 4.0
            } else {
                left + panel_width + GAP / 2.0 - 4.0
            } - half;
            // Not `clamp`: its panic message (never shown: low <= high) would keep f64's
            // Debug, and with it core's exponential float writer, in the wasm.
            let x = if low <= high {
                centre.max(low).min(high)
            } else {
                left + panel_width / 2.0
            };
            let y = top + TITLE_FONT / 2.0 + 2.0 + line as f64 * (TITLE_FONT + 4.0);
            (text.clone(), (x, y))
        };
        let mut title_lines = Vec::with_capacity(title.len());
        for (line, line_text) in title.iter().enumerate() {
            title_lines.push(title_line(line, line_text));
        }
        let mut subtitle_lines = Vec::with_capacity(subtitle.len());
        for (line, line_text) in subtitle.iter().enumerate() {
            let y = top + text.title_block + 8.0 + TICK_FONT / 2.0;
            let at = (
                plot.x + plot.width / 2.0,
                y + line as f64 * (TICK_FONT + 4.0),
            );
            subtitle_lines.push((line_text.clone(), at));
        }
        panels.push(PanelLayout {
            plot,
            cell_width,
            cell_height,
            title: title_lines,
            subtitle: subtitle_lines,
            x_ticks: match figure.bin_edges() {
                Some((edges, _)) => edge_ticks(edges, x_step, plot.x, cell_width, false),
                None => category_ticks(
                    &figure.x.labels,
                    x_step,
                    (plot.x, cell_width),
                    false,
                    x_room,
                ),
            },
            y_ticks: match figure.bin_edges() {
                Some((_, edges)) => edge_ticks(edges, y_step, plot.y, cell_height, true),
                None => category_ticks(
                    &figure.y.labels,
                    y_step,
                    (plot.y, cell_height),
                    true,
                    margins.y_label_room,
                ),
            },
            x_ticks_turned: labels.x_turned,
            x_label_at: (
                plot.x + plot.width / 2.0,
                plot.bottom() + labels.x_depth + 8.0 + AXIS_FONT / 2.0 + 4.0,
            ),
            y_label_at: (column == 0 || panel.histogram().is_some())
                .then_some((left + AXIS_FONT / 2.0 + 2.0, plot.y + plot.height / 2.0)),
            row_strip: figure.strips().map(|_| Rect {
                x: plot.right() + STRIP_GAP,
                y: plot.y,
                width: STRIP_WIDTH,
                height: plot.height,
            }),
            column_strip: figure.strips().map(|_| Rect {
                x: plot.x,
                y: plot.y - STRIP_BLOCK,
                width: plot.width,
                height: STRIP_WIDTH,
            }),
        });
    }
    panels
}

/// Step 5a: the colour bars, as tall as the plot beside them (never too short to read): one
/// right of the rightmost panel when the panels share it, otherwise one beside each panel.
fn place_color_bars(
    figure: &Figure,
    panels: &[PanelLayout],
    widest_bar_label: f64,
) -> Vec<ColorBarLayout> {
    let mut color_bars = Vec::new();
    let mut add_bar = |panel: usize, left: f64, plot: Rect| {
        let bar = Rect {
            x: left + BAR_GAP,
            y: plot.y,
            width: BAR_WIDTH,
            height: plot.height.max(60.0),
        };
        color_bars.push(ColorBarLayout {
            bar,
            ticks: bar_ticks(figure, panel, bar),
            panel,
            label_at: (
                bar.right() + 6.0 + widest_bar_label + 8.0 + AXIS_FONT / 2.0,
                bar.y + bar.height / 2.0,
            ),
        });
    };
    if figure.shared_legend {
        let right = panels.iter().map(PanelLayout::right).fold(0.0, f64::max);
        if let Some(first) = panels.first() {
            add_bar(0, right, first.plot);
        }
    } else {
        for (index, panel) in panels.iter().enumerate() {
            add_bar(index, panel.right(), panel.plot);
        }
    }
    color_bars
}

/// Step 5b: the key, a row under the panels (starting at `left`, below `height`) explaining
/// missing cells, marks and strips when the figure has them, entries left to right, wrapping
/// when the row is full; a label too wide for a row of its own is wrapped at spaces into lines
/// (its `label` holds them joined by line ends).
fn place_key(figure: &Figure, left: f64, width: f64, height: f64) -> Vec<KeyEntry> {
    let mut entries: Vec<(KeyItem, String)> = Vec::new();
    if figure.has_missing {
        entries.push((KeyItem::Missing, "missing".to_string()));
    }
    if let Some(label) = &figure.mark_label {
        entries.push((KeyItem::Mark, label.clone()));
    }
    if let Some(strips) = figure.strips() {
        let what = match strips.value {
            crate::figure::StripValue::Mean => "means",
            crate::figure::StripValue::Best => "best cells",
        };
        entries.push((KeyItem::Strips, format!("strips: row and column {what}")));
    }
    let mut key = Vec::with_capacity(entries.len());
    let (mut x, mut y) = (left, height - PADDING + 4.0);
    let mut row_height = BAR_WIDTH;
    let room = (width - PADDING - left - BAR_WIDTH - 6.0).max(MIN_PLOT_WIDTH / 2.0);
    for (item, label) in entries {
        let lines = if estimate_text_width(&label, TICK_FONT) > room {
            wrap_words(&label, room, TICK_FONT)
        } else {
            vec![label]
        };
        let text_width = lines
            .iter()
            .map(|line| estimate_text_width(line, TICK_FONT))
            .fold(0.0, f64::max);
        let entry_width = BAR_WIDTH + 6.0 + text_width;
        if x > left && x + entry_width > width - PADDING {
            x = left;
            y += row_height + 8.0;
            row_height = BAR_WIDTH;
        }
        let swatch = Rect {
            x,
            y,
            width: BAR_WIDTH,
            height: BAR_WIDTH,
        };
        let entry = KeyEntry {
            item,
            swatch,
            label: lines.join("\n"),
        };
        row_height = row_height.max(entry.bottom() - y);
        key.push(entry);
        x += entry_width + 24.0;
    }
    key
}

/// The distance between the lines of a key entry's label.
pub const KEY_LINE: f64 = TICK_FONT + 3.0;

impl KeyEntry {
    /// The bottom of the entry: its swatch's, or its label's last line's when it has several.
    pub fn bottom(&self) -> f64 {
        let lines = self.label.lines().count().max(1);
        self.swatch.bottom() + (lines - 1) as f64 * KEY_LINE
    }
}

/// Step 5c: the caption, one line under everything else (which ends at `height`, padding
/// included): where it goes, and the figure's height with it.
fn place_caption(figure: &Figure, left: f64, height: f64) -> (Option<(f64, f64)>, f64) {
    match figure.caption {
        Some(_) => (
            Some((left, height - PADDING + 8.0 + TICK_FONT / 2.0)),
            height + TICK_FONT + 8.0,
        ),
        None => (None, height),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_cut_in_the_middle_keep_the_end_that_tells_them_apart() {
        let cut = |text: &str, width: f64| cut_middle(text, width, TICK_FONT);
        assert_eq!(cut("synthetic/model-a", 83.0), "synt…model-a");
        assert_eq!(
            cut("meta-llama/Llama-3.1-70B-Instruct", 160.0),
            "meta-lla….1-70B-Instruct"
        );
        assert_ne!(
            cut("meta-llama/Llama-3.1-8B-Instruct", 160.0),
            cut("meta-llama/Llama-3.1-70B-Instruct", 160.0)
        );
        // What fits stays whole; the cut fits the room.
        assert_eq!(cut("mmlu", 83.0), "mmlu");
        for width in [20.0, 60.0, 83.0, 160.0] {
            let text = cut("winogrande_debiased_with_a_long_suffix", width);
            assert!(
                estimate_text_width(&text, TICK_FONT) <= width,
                "{text} in {width}"
            );
        }
    }
}
