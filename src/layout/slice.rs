//! The geometry of a slice: a plot with the metric up and the parameter across, its ticks and
//! axis names, the title and the sentences of what it shows above, the legend of series beside
//! it (under it on a narrow screen) and the caption below; each point's centre and each
//! interval's ends in CSS pixels; and the hit test that finds the point under a pointer.
//!
//! The y axis spans the lowest and highest value any point or interval reaches, a little
//! padded, with round ticks no finer than the figure's decimals (which stop at the noise).
//! The x axis places the values as [`SliceFigure::positions`] says (evenly spaced categories,
//! linear or logarithmic numbers), with a tick at every value whose label fits.

use serde::Serialize;

use super::{
    decimals_of, estimate_text_width, nice_ticks, wrap_text, Rect, Tick, AXIS_FONT, PADDING,
    TICK_FONT, TITLE_FONT,
};
use crate::color::Rgb;
use crate::display::display_label;
use crate::figure::{format_value, SliceFigure};
use crate::view::{FALLBACK_WIDTH, MAX_WIDTH, MIN_DRAWN_WIDTH};

/// The plot's height as a share of its width, within bounds.
const PLOT_ASPECT: f64 = 0.5;
const MIN_PLOT_HEIGHT: f64 = 240.0;
const MAX_PLOT_HEIGHT: f64 = 420.0;
/// Widths from which the legend sits beside the plot rather than under it.
const LEGEND_BESIDE_FROM: f64 = 640.0;
/// A legend swatch's length and the height of a legend row.
const SWATCH: f64 = 18.0;
const LEGEND_ROW: f64 = 18.0;
/// The pointer finds a point within this many CSS pixels.
const HIT_RADIUS: f64 = 10.0;
/// The share of the plot's width left empty at each end of the x axis.
const X_INSET: f64 = 0.03;
/// Measured text is wider than the estimate in some fonts: names in the legend get this much
/// more room.
const LEGEND_TEXT_ROOM: f64 = 1.2;
/// Lines of text under the title.
pub(crate) const SENTENCE_FONT: f64 = 12.0;
const LINE: f64 = 1.35;

/// One line of text and where it starts (left, vertical centre).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TextLine {
    pub text: String,
    pub at: (f64, f64),
}

/// A legend entry: the swatch's line from its left end, the name after it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LegendEntry {
    pub name: String,
    pub color: Rgb,
    pub at: (f64, f64),
}

/// A point's place: its centre, and its interval's top and bottom when it has one.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PointPlace {
    pub x: f64,
    pub y: f64,
    pub band: Option<(f64, f64)>,
}

/// Where everything of a slice goes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SliceLayout {
    pub width: f64,
    pub height: f64,
    pub title: TextLine,
    pub sentences: Vec<TextLine>,
    pub plot: Rect,
    /// The values the plot's bottom and top stand for.
    pub y_range: (f64, f64),
    pub x_ticks: Vec<Tick>,
    pub y_ticks: Vec<Tick>,
    /// The x axis name's centre, and the y axis name's (read bottom to top).
    pub x_name_at: (f64, f64),
    pub y_name_at: (f64, f64),
    pub legend: Vec<LegendEntry>,
    pub caption: Vec<TextLine>,
    /// Per series, per position along the axis.
    pub points: Vec<Vec<Option<PointPlace>>>,
}

impl SliceLayout {
    /// The series and position of the point nearest `(x, y)` within reach of the pointer.
    pub fn hit_test(&self, x: f64, y: f64) -> Option<(usize, usize)> {
        let mut nearest: Option<((usize, usize), f64)> = None;
        for (series, places) in self.points.iter().enumerate() {
            for (position, place) in places.iter().enumerate() {
                let Some(place) = place else { continue };
                let distance = (place.x - x).hypot(place.y - y);
                if distance <= HIT_RADIUS && !nearest.is_some_and(|(_, best)| best <= distance) {
                    nearest = Some(((series, position), distance));
                }
            }
        }
        nearest.map(|(hit, _)| hit)
    }
}

/// The text of a value tick: its own decimals, never more than the figure's.
fn tick_label(value: f64, decimals: usize) -> String {
    format_value(value, decimals_of(value).min(decimals))
}

/// Lays out a slice at a width in CSS pixels.
pub fn layout_slice(slice: &SliceFigure, width: f64) -> SliceLayout {
    let width = if width.is_finite() {
        width.clamp(MIN_DRAWN_WIDTH, MAX_WIDTH)
    } else {
        FALLBACK_WIDTH
    };
    let inner = width - 2.0 * PADDING;
    let mut top = PADDING;
    let title = TextLine {
        text: display_label(&slice.title).into_owned(),
        at: (PADDING, top + TITLE_FONT * LINE / 2.0),
    };
    top += TITLE_FONT * LINE;
    let mut sentences = Vec::new();
    for sentence in &slice.sentences {
        for line in wrap_text(sentence, inner, SENTENCE_FONT) {
            sentences.push(TextLine {
                text: line,
                at: (PADDING, top + SENTENCE_FONT * LINE / 2.0),
            });
            top += SENTENCE_FONT * LINE;
        }
    }
    top += 10.0;

    // The y range, padded by a twentieth each way (a flat line gets a unit's room).
    let (low, high) = slice.value_range().unwrap_or((0.0, 1.0));
    let pad = if high > low {
        (high - low) / 20.0
    } else {
        low.abs().max(1.0) / 20.0
    };
    let y_range = (low - pad, high + pad);
    let tick_values = nice_ticks(y_range.0, y_range.1, 5, slice.decimals);
    let mut y_labels = Vec::with_capacity(tick_values.len());
    for value in &tick_values {
        y_labels.push(tick_label(*value, slice.decimals));
    }
    let widest_y = y_labels
        .iter()
        .map(|label| estimate_text_width(label, TICK_FONT))
        .fold(0.0, f64::max);

    // The legend: beside the plot when the figure is wide, else under it.
    let widest_name = slice
        .series
        .iter()
        .map(|s| estimate_text_width(&display_label(&s.name), TICK_FONT) * LEGEND_TEXT_ROOM)
        .fold(0.0, f64::max);
    let legend_width = (SWATCH + 6.0 + widest_name).min(inner / 3.0);
    let beside = width >= LEGEND_BESIDE_FROM && slice.series.len() > 1;
    let left = PADDING + AXIS_FONT * LINE + 6.0 + widest_y + 6.0;
    let right = if beside {
        width - PADDING - legend_width - 16.0
    } else {
        width - PADDING - 8.0
    };
    let plot_width = (right - left).max(40.0);
    let plot_height = (plot_width * PLOT_ASPECT).clamp(MIN_PLOT_HEIGHT, MAX_PLOT_HEIGHT);
    let plot = Rect {
        x: left,
        y: top,
        width: plot_width,
        height: plot_height,
    };
    let y_of = |value: f64| {
        let span = y_range.1 - y_range.0;
        plot.bottom() - (value - y_range.0) / span * plot.height
    };
    let mut y_ticks = Vec::with_capacity(tick_values.len());
    for (value, label) in tick_values.iter().zip(y_labels) {
        y_ticks.push(Tick {
            value: *value,
            label,
            at: y_of(*value),
        });
    }

    // X ticks at the values, thinned so that labels keep a gap between them.
    let positions = slice.positions();
    // The first and last values stand a little inside the plot, clear of the y axis.
    let inset = plot.width * X_INSET;
    let x_of = |position: f64| plot.x + inset + position * (plot.width - 2.0 * inset);
    let mut x_ticks: Vec<Tick> = Vec::new();
    let mut last_right = f64::NEG_INFINITY;
    for (index, position) in positions.iter().enumerate() {
        let Some(label) = slice.x.label(index) else {
            continue;
        };
        let label = display_label(label).into_owned();
        let at = x_of(*position);
        let half = estimate_text_width(&label, TICK_FONT) / 2.0;
        if at - half < last_right + 8.0 {
            continue;
        }
        last_right = at + half;
        x_ticks.push(Tick {
            value: index as f64,
            label,
            at,
        });
    }
    let x_name_at = (
        plot.x + plot.width / 2.0,
        plot.bottom() + TICK_FONT * LINE + 6.0 + AXIS_FONT * LINE / 2.0,
    );
    let y_name_at = (PADDING + AXIS_FONT * LINE / 2.0, plot.y + plot.height / 2.0);
    let mut bottom = plot.bottom() + TICK_FONT * LINE + 6.0 + AXIS_FONT * LINE + 8.0;

    let mut legend = Vec::with_capacity(slice.series.len());
    if beside {
        let x = width - PADDING - legend_width;
        for (row, series) in slice.series.iter().enumerate() {
            legend.push(LegendEntry {
                name: display_label(&series.name).into_owned(),
                color: series.color,
                at: (x, plot.y + LEGEND_ROW * (row as f64 + 0.5)),
            });
        }
        bottom = bottom.max(plot.y + LEGEND_ROW * slice.series.len() as f64 + 8.0);
    } else {
        // Rows of entries, as many to a row as fit.
        let (mut x, mut y) = (PADDING, bottom + LEGEND_ROW / 2.0);
        for series in &slice.series {
            let name = display_label(&series.name).into_owned();
            let entry =
                SWATCH + 6.0 + estimate_text_width(&name, TICK_FONT) * LEGEND_TEXT_ROOM + 16.0;
            if x > PADDING && x + entry > width - PADDING {
                x = PADDING;
                y += LEGEND_ROW;
            }
            legend.push(LegendEntry {
                name,
                color: series.color,
                at: (x, y),
            });
            x += entry;
        }
        if !legend.is_empty() {
            bottom = y + LEGEND_ROW / 2.0 + 8.0;
        }
    }

    let mut caption = Vec::new();
    if let Some(text) = slice.caption.as_deref() {
        for line in wrap_text(text, inner, SENTENCE_FONT) {
            caption.push(TextLine {
                text: line,
                at: (PADDING, bottom + SENTENCE_FONT * LINE / 2.0),
            });
            bottom += SENTENCE_FONT * LINE;
        }
    }

    let mut points = Vec::with_capacity(slice.series.len());
    for series in &slice.series {
        let mut places = Vec::with_capacity(series.line.points.len());
        for (index, point) in series.line.points.iter().enumerate() {
            let place = match (point, positions.get(index)) {
                (Some(point), Some(position)) => Some(PointPlace {
                    x: x_of(*position),
                    y: y_of(point.value),
                    band: point.interval.map(|(low, high)| (y_of(high), y_of(low))),
                }),
                _ => None,
            };
            places.push(place);
        }
        points.push(places);
    }

    SliceLayout {
        width,
        height: (bottom + PADDING).ceil(),
        title,
        sentences,
        plot,
        y_range,
        x_ticks,
        y_ticks,
        x_name_at,
        y_name_at,
        legend,
        caption,
        points,
    }
}
