//! Cells and colour bars as images in device pixels: exactly what filling their rectangles one
//! by one would paint, computed in wasm memory, so that a canvas gets them in one `putImageData`
//! instead of a call per shape (or a scratch canvas and a scaled `drawImage`).
//!
//! [`Painter`](super) fills a rectangle over the device pixels between its edges rounded to
//! whole pixels, and a later rectangle covers an earlier one. A grid's cells (and a colour
//! bar's stripes) are a product of column spans and row spans, so the shape that paints a
//! device pixel last is the last column covering its x and the last row covering its y:
//! [`Coverage`] records that once per axis, and a pixel's colour is then a look-up. Pixels no
//! shape covers keep the figure's background (transparent for a theme without one).

use std::ops::Range;

use super::{cell_gap, inner_cell, stripe_bands};
use crate::color::{Rgb, Scale};
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

/// A pixel no shape paints: transparent.
const CLEAR: Rgba = [0; 4];

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

/// Fills the colour of every column span's shape in one row span: `paint(row, shapes)` gets
/// one slot per column span.
type RowPainter<'a> = Box<dyn FnMut(u32, &mut [Rgba]) + 'a>;

/// An image of device pixels whose colour depends only on which column span and which row span
/// paint them last; a [`RowPainter`] gives the colours of one row span's shapes.
pub struct Raster<'a> {
    columns: Coverage,
    rows: Coverage,
    /// How many column spans there are (the owners in `columns` are below it).
    column_spans: usize,
    /// True when column span `i` alone paints device column `i` of the image, as a grid drawn
    /// at one device pixel per cell does: a row of shapes is then a row of pixels.
    one_pixel_columns: bool,
    paint: RowPainter<'a>,
    /// The colour of pixels no shape covers.
    background: Rgba,
}

impl<'a> Raster<'a> {
    fn new(
        column_spans: &[Range<i32>],
        row_spans: &[Range<i32>],
        paint: RowPainter<'a>,
        background: Rgba,
    ) -> Raster<'a> {
        let columns = Coverage::of(column_spans);
        let one_pixel_columns = columns.owners.len() == column_spans.len()
            && columns
                .owners
                .iter()
                .enumerate()
                .all(|(pixel, &owner)| owner as usize == pixel);
        Raster {
            columns,
            rows: Coverage::of(row_spans),
            column_spans: column_spans.len(),
            one_pixel_columns,
            paint,
            background,
        }
    }

    /// The device pixel of the image's top-left corner.
    pub fn origin(&self) -> (i32, i32) {
        (self.columns.origin, self.rows.origin)
    }

    /// Width and height in device pixels.
    pub fn size(&self) -> (usize, usize) {
        (self.columns.length(), self.rows.length())
    }

    /// Writes the image's device rows `rows` (0 = its top row) into `out`, replacing what it
    /// held, in one pass: for each run of device rows painted by one row span, the colours of
    /// that row's shapes are painted once, the first device row is written from them (copied
    /// as they are when each shape is one device pixel wide), and the rest of the run copies
    /// that row.
    pub fn write_rows(&mut self, rows: Range<usize>, out: &mut Vec<Rgba>) {
        out.clear();
        let width = self.columns.length();
        let rows = rows.start..rows.end.min(self.rows.length());
        out.reserve(width * rows.len());
        // The colours of one row's shapes by column span, and the background for pixels no
        // column span covers (the last slot, where `Coverage::NONE` is clamped to).
        let background = self.background;
        let none = self.column_spans;
        let mut shapes = vec![background; none + 1];
        for (row_owner, first, length) in self.rows.runs() {
            let (from, to) = (first.max(rows.start), (first + length).min(rows.end));
            if from >= to {
                continue;
            }
            let (painted, _) = shapes.split_at_mut(none);
            if row_owner == Coverage::NONE {
                painted.fill(background);
            } else {
                (self.paint)(row_owner, painted);
            }
            let start = out.len();
            if self.one_pixel_columns {
                out.extend_from_slice(painted);
            } else {
                out.extend(self.columns.owners.iter().map(|&owner| {
                    let slot = (owner as usize).min(none);
                    shapes.get(slot).copied().unwrap_or(background)
                }));
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
) -> Option<Raster<'a>> {
    let shown = figure.panels.get(panel)?;
    let geometry = layout.panels.get(panel)?;
    let gap = cell_gap(geometry.cell_width, geometry.cell_height);
    // The shapes pass reads the cells row-major with the figure's x axis as the row length.
    let columns = figure.x.len().max(1);
    let cells = shown.grid.cells();
    let rows = cells.len().div_ceil(columns);
    // A cell the layout has no rectangle for is not drawn: its column or row spans nothing.
    let mut column_spans: Vec<Range<i32>> = Vec::with_capacity(columns);
    for x in 0..columns {
        column_spans.push(layout.cell_rect(panel, x, 0).map_or(0..0, |rect| {
            let inner = inner_cell(rect, gap);
            device_span(inner.x, inner.right(), ratio)
        }));
    }
    let mut row_spans: Vec<Range<i32>> = Vec::with_capacity(rows);
    for y in 0..rows {
        row_spans.push(layout.cell_rect(panel, 0, y).map_or(0..0, |rect| {
            let inner = inner_cell(rect, gap);
            device_span(inner.y, inner.bottom(), ratio)
        }));
    }
    let mut colors = ColorCache::new(&shown.scale);
    let palette = figure.theme.palette();
    let missing = rgba(palette.missing);
    let background = palette.background.map_or(CLEAR, rgba);
    let paint = move |row: u32, shapes: &mut [Rgba]| {
        let start = (row as usize).saturating_mul(columns).min(cells.len());
        let row_cells = cells.get(start..).unwrap_or_default();
        for (slot, cell) in shapes.iter_mut().zip(row_cells) {
            *slot = match cell {
                Some(cell) => colors.color(cell.mean),
                None => missing,
            };
        }
        // Past the last cell: nothing is drawn there.
        if let Some(rest) = shapes.get_mut(row_cells.len()..) {
            rest.fill(background);
        }
    };
    Some(Raster::new(
        &column_spans,
        &row_spans,
        Box::new(paint),
        background,
    ))
}

/// A colour bar's stripes, as [`color_bar_stripes`](super::color_bar_stripes) gives them for the
/// bar, painted as the stripes pass fills them ([`stripe_bands`]). The stripes depend only on the
/// colour map, its direction and the bar's height, so bars alike can share them. The stripes
/// cover the whole bar, so no pixel shows a background.
pub fn color_bar_raster(stripes: Vec<Rgb>, bar: Rect, ratio: f64) -> Raster<'static> {
    let mut row_spans: Vec<Range<i32>> = Vec::with_capacity(stripes.len());
    for band in stripe_bands(bar, stripes.len()) {
        row_spans.push(device_span(band.y, band.bottom(), ratio));
    }
    let paint = move |row: u32, shapes: &mut [Rgba]| {
        shapes.fill(stripes.get(row as usize).copied().map_or(CLEAR, rgba));
    };
    Raster::new(
        &[device_span(bar.x, bar.right(), ratio)],
        &row_spans,
        Box::new(paint),
        CLEAR,
    )
}

/// A scale's colours remembered by value: measured values repeat (a grid of one-decimal scores
/// has a few hundred distinct values in a million cells), and evaluating the colour map's spline
/// costs far more than a look-up. Direct-mapped, so it never grows; a clash just recomputes.
struct ColorCache<'a> {
    scale: &'a Scale,
    /// Each slot's value as bits and its colour. Empty slots hold NaN, whose colour (the
    /// missing colour, as `Scale::color` gives it) is true of them, so no slot is ever invalid.
    slots: Vec<(u64, Rgba)>,
}

impl<'a> ColorCache<'a> {
    const SLOTS: usize = 4096;

    fn new(scale: &'a Scale) -> ColorCache<'a> {
        ColorCache {
            scale,
            slots: vec![(f64::NAN.to_bits(), rgba(scale.color(f64::NAN))); Self::SLOTS],
        }
    }

    /// Exactly `scale.color(value)`, as a pixel.
    fn color(&mut self, value: f64) -> Rgba {
        let bits = value.to_bits();
        // Fibonacci hashing of the bits: nearby values land far apart.
        let slot = (bits.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 52) as usize % Self::SLOTS;
        match self.slots.get_mut(slot) {
            Some((key, pixel)) if *key == bits => *pixel,
            Some((key, pixel)) => {
                *key = bits;
                *pixel = rgba(self.scale.color(value));
                *pixel
            }
            None => rgba(self.scale.color(value)),
        }
    }
}
