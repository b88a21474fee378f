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

use super::{cell_gap, color_bar_stripes, inner_cell, stripe_bands, BACKGROUND};
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

/// Along one axis, which span paints each device pixel last.
#[derive(Debug, Clone, PartialEq)]
struct Coverage {
    /// The first device pixel of the range described.
    origin: i32,
    /// From `origin` on, for every device pixel, the index of the last span covering it (or
    /// [`Coverage::NONE`]).
    owners: Vec<u32>,
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
        Coverage { origin, owners }
    }

    /// How many pixels it describes.
    fn length(&self) -> usize {
        self.owners.len()
    }

    /// Runs of pixels painted by the same span: `(owner, first pixel, pixels)`.
    fn runs(&self) -> impl Iterator<Item = (u32, usize, usize)> + '_ {
        let mut start = 0;
        self.owners.chunk_by(|a, b| a == b).map(move |run| {
            let first = start;
            start += run.len();
            (run.first().copied().unwrap_or(Self::NONE), first, run.len())
        })
    }
}

/// An image of device pixels whose colour depends only on which column span and which row span
/// paint them last; `color(column, row)` gives the colour of those spans' shape.
pub struct Raster<F: FnMut(u32, u32) -> Rgb> {
    columns: Coverage,
    rows: Coverage,
    /// How many column spans there are (the owners in `columns` are below it).
    column_spans: usize,
    color: F,
}

impl<F: FnMut(u32, u32) -> Rgb> Raster<F> {
    /// The device pixel of the image's top-left corner.
    pub fn origin(&self) -> (i32, i32) {
        (self.columns.origin, self.rows.origin)
    }

    /// Width and height in device pixels.
    pub fn size(&self) -> (usize, usize) {
        (self.columns.length(), self.rows.length())
    }

    /// Writes the image's device rows `rows` (0 = its top row) into `out`, replacing what it
    /// held, in one pass: for each run of device rows painted by one row span, the colour of
    /// every shape of that row is looked up once, the first device row is written from those
    /// colours pixel by pixel, and the rest of the run copies it.
    pub fn write_rows(&mut self, rows: Range<usize>, out: &mut Vec<Rgba>) {
        out.clear();
        let width = self.columns.length();
        let rows = rows.start..rows.end.min(self.rows.length());
        out.reserve(width * rows.len());
        // The colours of one row's shapes by column span, and the background for pixels no
        // column span covers (the last slot, where `Coverage::NONE` is clamped to).
        let mut shapes = vec![rgba(BACKGROUND); self.column_spans + 1];
        let none = self.column_spans;
        for (row_owner, first, length) in self.rows.runs() {
            let (from, to) = (first.max(rows.start), (first + length).min(rows.end));
            if from >= to {
                continue;
            }
            for (column, slot) in shapes.iter_mut().take(none).enumerate() {
                *slot = if row_owner == Coverage::NONE {
                    rgba(BACKGROUND)
                } else {
                    rgba((self.color)(column as u32, row_owner))
                };
            }
            let start = out.len();
            out.extend(self.columns.owners.iter().map(|&owner| {
                let slot = (owner as usize).min(none);
                shapes.get(slot).copied().unwrap_or(rgba(BACKGROUND))
            }));
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
        column_spans: column_spans.len(),
        color,
    })
}

/// A colour bar's stripes as the stripes pass fills them ([`stripe_bands`]).
pub fn color_bar_raster(
    scale: &Scale,
    bar: Rect,
    ratio: f64,
) -> Raster<impl FnMut(u32, u32) -> Rgb> {
    let stripes = color_bar_stripes(scale, bar.height, ratio);
    let row_spans: Vec<Range<i32>> = stripe_bands(bar, stripes.len())
        .map(|band| device_span(band.y, band.bottom(), ratio))
        .collect();
    let color = move |_: u32, row: u32| stripes.get(row as usize).copied().unwrap_or(BACKGROUND);
    Raster {
        columns: Coverage::of(&[device_span(bar.x, bar.right(), ratio)]),
        rows: Coverage::of(&row_spans),
        column_spans: 1,
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
