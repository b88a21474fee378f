//! Cells and colour bars as images in device pixels: exactly what filling their rectangles one
//! by one would paint, computed in wasm memory, so that a canvas gets them in one `putImageData`
//! instead of a call per shape (or a scratch canvas and a scaled `drawImage`).
//!
//! [`Painter`](super) fills a rectangle over the device pixels between its edges rounded to
//! whole pixels, and a later rectangle covers an earlier one. A grid's cells (and a colour
//! bar's stripes) are a product of column spans and row spans, so the shape that paints a
//! device pixel last is the last column covering its x and the last row covering its y:
//! [`Coverage`] records that once per axis, and a pixel's colour is then a look-up. Pixels no
//! shape covers keep the figure's background.

use std::ops::Range;

use super::{cell_gap, inner_cell, stripe_bands, BACKGROUND};
use crate::color::{Rgb, Scale, MISSING};
use crate::figure::Figure;
use crate::layout::{FigureLayout, Rect};

/// The half-open range of device pixels a filled rectangle covers along one axis, from its
/// edges in CSS pixels: each edge rounded as [`Painter`](super) rounds it.
fn device_span(start: f64, end: f64, ratio: f64) -> Range<i32> {
    let pixel = |value: f64| (value * ratio).round() as i32;
    pixel(start)..pixel(end)
}

/// A device pixel's colour, RGBA.
pub type Rgba = [u8; 4];

fn rgba(rgb: Rgb) -> Rgba {
    [rgb.r, rgb.g, rgb.b, 255]
}

/// Along one axis, the shape that paints each device pixel last, as runs of pixels.
#[derive(Debug, Clone, PartialEq)]
struct Coverage {
    /// The first device pixel of the range described.
    origin: i32,
    /// From `origin` on, runs of pixels with the index of the last span covering them (or
    /// [`Coverage::NONE`]) and how many pixels the run has.
    runs: Vec<(u32, usize)>,
    /// How many pixels the runs cover.
    length: usize,
}

impl Coverage {
    const NONE: u32 = u32::MAX;

    /// The coverage of spans drawn in order (later ones over earlier ones). Empty spans cover
    /// nothing, as an empty rectangle paints nothing.
    fn of(spans: &[Range<i32>]) -> Coverage {
        let covering = spans.iter().filter(|span| span.end > span.start);
        let origin = covering.clone().map(|span| span.start).min().unwrap_or(0);
        let end = covering.map(|span| span.end).max().unwrap_or(origin);
        let offset =
            |pixel: i32| usize::try_from(i64::from(pixel) - i64::from(origin)).unwrap_or(0);
        let mut owners = vec![Self::NONE; offset(end)];
        for (index, span) in spans.iter().enumerate() {
            let (from, to) = (offset(span.start), offset(span.end));
            let owner = u32::try_from(index).unwrap_or(Self::NONE);
            if let Some(pixels) = owners.get_mut(from..to.max(from)) {
                pixels.fill(owner);
            }
        }
        let mut runs: Vec<(u32, usize)> = Vec::new();
        for owner in owners {
            match runs.last_mut() {
                Some((last, length)) if *last == owner => *length += 1,
                _ => runs.push((owner, 1)),
            }
        }
        Coverage {
            origin,
            length: offset(end),
            runs,
        }
    }
}

/// An image of device pixels whose colour depends only on which column span and which row span
/// paint them last; `color(column, row)` gives the colour of those spans' shape.
pub struct Raster<F: FnMut(u32, u32) -> Rgb> {
    columns: Coverage,
    rows: Coverage,
    color: F,
}

impl<F: FnMut(u32, u32) -> Rgb> Raster<F> {
    /// The device pixel of the image's top-left corner.
    pub fn origin(&self) -> (i32, i32) {
        (self.columns.origin, self.rows.origin)
    }

    /// Width and height in device pixels.
    pub fn size(&self) -> (usize, usize) {
        (self.columns.length, self.rows.length)
    }

    /// Writes the image's device rows `rows` (0 = its top row) into `out`, replacing what it
    /// held. Each run of rows painted by the same shapes is written once and copied, and each
    /// run of pixels painted by one shape is one fill: a shape's colour is looked up once per
    /// run of rows it spans.
    pub fn write_rows(&mut self, rows: Range<usize>, out: &mut Vec<Rgba>) {
        out.clear();
        let width = self.columns.length;
        let mut first = 0;
        for &(row_owner, length) in &self.rows.runs {
            let run = first..first + length;
            first = run.end;
            let (from, to) = (run.start.max(rows.start), run.end.min(rows.end));
            if from >= to {
                continue;
            }
            let start = out.len();
            for &(column_owner, pixels) in &self.columns.runs {
                let rgb = if column_owner == Coverage::NONE || row_owner == Coverage::NONE {
                    BACKGROUND
                } else {
                    (self.color)(column_owner, row_owner)
                };
                out.resize(out.len() + pixels, rgba(rgb));
            }
            for _ in from + 1..to {
                out.extend_from_within(start..start + width);
            }
        }
    }
}

/// A panel's cells as the shapes pass fills them, gaps included: each cell in its scale's
/// colour, missing cells in the missing colour. `None` when there is no such panel.
pub fn cell_raster<'a>(
    figure: &'a Figure,
    layout: &FigureLayout,
    panel: usize,
    ratio: f64,
) -> Option<Raster<impl FnMut(u32, u32) -> Rgb + 'a>> {
    let shown = figure.panels.get(panel)?;
    let geometry = layout.panels.get(panel)?;
    let gap = cell_gap(geometry.cell_width, geometry.cell_height);
    // The shapes pass reads the cells row-major with the figure's x axis as the row length.
    let columns = figure.x.len().max(1);
    let cells = shown.grid.cells();
    let rows = cells.len().div_ceil(columns);
    // A cell the layout has no rectangle for is not drawn: its column or row spans nothing.
    let column_spans: Vec<Range<i32>> = (0..columns)
        .map(|x| {
            layout.cell_rect(panel, x, 0).map_or(0..0, |rect| {
                let inner = inner_cell(rect, gap);
                device_span(inner.x, inner.right(), ratio)
            })
        })
        .collect();
    let row_spans: Vec<Range<i32>> = (0..rows)
        .map(|y| {
            layout.cell_rect(panel, 0, y).map_or(0..0, |rect| {
                let inner = inner_cell(rect, gap);
                device_span(inner.y, inner.bottom(), ratio)
            })
        })
        .collect();
    let mut colors = ColorCache::new(&shown.scale);
    let color = move |column: u32, row: u32| {
        let index = (row as usize) * columns + column as usize;
        match cells.get(index) {
            Some(Some(cell)) => colors.color(cell.mean),
            Some(None) => MISSING,
            // Past the last cell: nothing is drawn there.
            None => BACKGROUND,
        }
    };
    Some(Raster {
        columns: Coverage::of(&column_spans),
        rows: Coverage::of(&row_spans),
        color,
    })
}

/// A colour bar's stripes, as [`color_bar_stripes`](super::color_bar_stripes) gives them for the bar, painted as the
/// stripes pass fills them ([`stripe_bands`]). The stripes depend only on the colour map, its
/// direction and the bar's height, so bars alike can share them.
pub fn color_bar_raster(
    stripes: Vec<Rgb>,
    bar: Rect,
    ratio: f64,
) -> Raster<impl FnMut(u32, u32) -> Rgb> {
    let row_spans: Vec<Range<i32>> = stripe_bands(bar, stripes.len())
        .map(|band| device_span(band.y, band.bottom(), ratio))
        .collect();
    let color = move |_: u32, row: u32| stripes.get(row as usize).copied().unwrap_or(BACKGROUND);
    Raster {
        columns: Coverage::of(&[device_span(bar.x, bar.right(), ratio)]),
        rows: Coverage::of(&row_spans),
        color,
    }
}

/// A scale's colours remembered by value: measured values repeat (a grid of one-decimal scores
/// has a few hundred distinct values in a million cells), and evaluating the colour map's spline
/// costs far more than a look-up. Direct-mapped, so it never grows; a clash just recomputes.
struct ColorCache<'a> {
    scale: &'a Scale,
    /// Each slot's value as bits, and its colour. Empty slots hold NaN, whose colour (the
    /// missing colour, as `Scale::color` gives it) is true of them, so no slot is ever invalid.
    keys: Vec<u64>,
    colors: Vec<Rgb>,
}

impl<'a> ColorCache<'a> {
    const SLOTS: usize = 4096;

    fn new(scale: &'a Scale) -> ColorCache<'a> {
        ColorCache {
            scale,
            keys: vec![f64::NAN.to_bits(); Self::SLOTS],
            colors: vec![scale.color(f64::NAN); Self::SLOTS],
        }
    }

    /// Exactly `scale.color(value)`.
    fn color(&mut self, value: f64) -> Rgb {
        let bits = value.to_bits();
        // Fibonacci hashing of the bits: nearby values land far apart.
        let slot = (bits.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 52) as usize % Self::SLOTS;
        if let (Some(key), Some(rgb)) = (self.keys.get_mut(slot), self.colors.get_mut(slot)) {
            if *key != bits {
                *key = bits;
                *rgb = self.scale.color(value);
            }
            *rgb
        } else {
            self.scale.color(value)
        }
    }
}
