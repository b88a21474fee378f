//! Drawing: a laid-out figure onto any plotters [`DrawingBackend`].
//!
//! Step 6 of the pipeline (layout -> **drawing**). The same code paints the browser canvas
//! (through `wasm::canvas`), the SVG export and the native golden tests (`svg.rs`, plotters-svg's markup): cells
//! as filled rectangles in their scale's colour, missing cells in a neutral grey with a hatch, the
//! peak cells outlined and their value in bold, value labels in black or white for contrast, and
//! colour bars drawn from the very scale that coloured the cells, with arrows and "≥"/"≤" marks
//! when a fixed range clips the data. Everything around the cells (background, text, missing
//! cells, the colour bar's frame, line weight) is the figure's theme's [`Palette`].
//!
//! A canvas is better given cells and colour bars as images than a call per shape: [`cell_raster`]
//! and [`color_bar_raster`] compute, in device pixels, exactly what the shapes would paint, and
//! [`CellPainting::Skip`] and [`BarPainting::Skip`] then leave those shapes out of this pass.

use std::borrow::Cow;

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::{FontDesc, FontFamily, FontStyle, FontTransform};

mod raster;
mod slice;
mod svg;

pub use raster::{cell_raster, color_bar_raster, Raster, Rgba};
pub use slice::{band_color, draw_slice_on, render_slice_svg, POINT_RADIUS, SERIES_LINE};
use svg::SvgSurface;

use crate::color::{text_color_for, Palette, Rgb, Scale, Transform};
use crate::display::display_label;
use crate::error::{Error, Result};
use crate::figure::{format_value, Figure, FigurePanel};
use crate::layout::{estimate_text_width, FigureLayout, KeyItem, Rect};

/// Spacing of the hatch lines in CSS pixels.
const HATCH_SPACING: f64 = 6.0;
/// Cells at least this large get a thin gap between them, where the background shows.
pub const GAP_FROM_CELL: f64 = 14.0;

/// Whether cells are drawn as shapes or left for a raster pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellPainting {
    /// One rectangle per cell: vector output (SVG) and small grids.
    Shapes,
    /// Leave the background and every cell's fill out: the caller has already painted the
    /// background and the cells from [`cell_raster`], and this pass draws the rest over
    /// them (the hatch of missing cells large enough to show one included).
    Skip,
}

/// Whether colour bars are drawn as stripes or left for the caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BarPainting {
    /// One filled stripe per device pixel row ([`color_bar_stripes`]): vector output (SVG).
    Stripes,
    /// Leave the bar's colours out: the caller has painted them in one go ([`color_bar_raster`]:
    /// a canvas puts them as an image, where a thousand small rectangles cost milliseconds).
    /// The outline, arrows, ticks and label are still drawn.
    Skip,
}

/// Which parts of the figure to draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Parts {
    /// All of it.
    All,
    /// Only what the colour scale decides, inside [`color_regions`]: the cells (missing ones
    /// included, with their hatch), peak outlines, marks and value labels, and the colour bars
    /// with their outline, arrows and tick lines. The caller has cleared those regions to the
    /// background; everything outside them (titles, ticks, axis names, the bars' labels, the
    /// caption and the key) is as a drawing of the same layout left it. A colour-map change
    /// repaints just this.
    ColorDependent,
}

/// How to draw, apart from the figure and its layout.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DrawOptions {
    /// Device pixels per CSS pixel (the canvas backing store's `devicePixelRatio`).
    pub pixel_ratio: f64,
    /// Multiplier on font sizes: the SVG markup (plotters-svg's) writes `font-size` as size / 1.24, so SVG
    /// output passes 1.24 to get the sizes the layout planned.
    pub font_scale: f64,
    /// Fill the whole figure with the theme's background first (a caller that paints cells or
    /// bars before this pass has painted it already). A theme without one (print) leaves the
    /// figure transparent, and the caller clears it.
    pub background: bool,
    /// Cells as shapes, or skipped for a raster pass.
    pub cells: CellPainting,
    /// Colour bars as stripes, or skipped for the caller's image.
    pub bars: BarPainting,
    /// The whole figure, or only what depends on the colour scale.
    pub parts: Parts,
}

impl Default for DrawOptions {
    fn default() -> DrawOptions {
        DrawOptions {
            pixel_ratio: 1.0,
            font_scale: 1.0,
            background: true,
            cells: CellPainting::Shapes,
            bars: BarPainting::Stripes,
            parts: Parts::All,
        }
    }
}

/// How a text is set: size in CSS pixels, colour, anchor, weight and rotation.
#[derive(Clone, Copy)]
pub struct Font {
    /// Size in CSS pixels (a [`Surface`] gets it in device pixels).
    pub size: f64,
    pub ink: Rgb,
    pub horizontal: HPos,
    pub vertical: VPos,
    pub bold: bool,
    /// Reads bottom to top (turned 270 degrees).
    pub rotated: bool,
}

impl Font {
    /// Centred, upright, regular.
    fn new(size: f64, ink: Rgb) -> Font {
        Font {
            size,
            ink,
            horizontal: HPos::Center,
            vertical: VPos::Center,
            bold: false,
            rotated: false,
        }
    }

    fn anchored(self, horizontal: HPos, vertical: VPos) -> Font {
        Font {
            horizontal,
            vertical,
            ..self
        }
    }

    fn bold(self, bold: bool) -> Font {
        Font { bold, ..self }
    }

    /// Reads bottom to top.
    fn rotated(self) -> Font {
        Font {
            rotated: true,
            ..self
        }
    }
}

/// A point in device pixels.
pub type Point = (i32, i32);

/// What drawing a figure asks of a surface, in device pixels: a handful of primitives. Any
/// plotters backend is one ([`PlottersSurface`], for SVG); the browser canvas implements it
/// directly, keeping its context state between calls.
pub trait Surface {
    /// Fills the rectangle from `from` (top left) to `to` (bottom right).
    fn fill_rect(&mut self, from: Point, to: Point, rgb: Rgb) -> Result<()>;
    /// Strokes the outline of a rectangle with a line `width` device pixels wide (a whole
    /// number unless the theme draws thin lines).
    fn stroke_rect(&mut self, from: Point, to: Point, rgb: Rgb, width: f64) -> Result<()>;
    /// A straight line `width` device pixels wide.
    fn line(&mut self, from: Point, to: Point, rgb: Rgb, width: f64) -> Result<()>;
    /// Fills a closed polygon.
    fn fill_polygon(&mut self, points: &[Point], rgb: Rgb) -> Result<()>;
    /// Fills a circle.
    fn fill_circle(&mut self, centre: Point, radius: u32, rgb: Rgb) -> Result<()>;
    /// Writes `text` anchored at `at`; `font.size` is in device pixels.
    fn text(&mut self, text: &str, at: Point, font: &Font) -> Result<()>;
    /// Finishes the drawing.
    fn present(&mut self) -> Result<()>;
}

/// A plotters backend as a [`Surface`].
pub struct PlottersSurface<'a, DB: DrawingBackend>(pub &'a mut DB);

impl<DB: DrawingBackend> Surface for PlottersSurface<'_, DB> {
    fn fill_rect(&mut self, from: Point, to: Point, rgb: Rgb) -> Result<()> {
        self.0
            .draw_rect(from, to, &color(rgb), true)
            .map_err(drawing_error)
    }

    fn stroke_rect(&mut self, from: Point, to: Point, rgb: Rgb, width: f64) -> Result<()> {
        let style = ShapeStyle::from(&color(rgb)).stroke_width(plotters_width(width));
        self.0
            .draw_rect(from, to, &style, false)
            .map_err(drawing_error)
    }

    fn line(&mut self, from: Point, to: Point, rgb: Rgb, width: f64) -> Result<()> {
        let style = ShapeStyle::from(&color(rgb)).stroke_width(plotters_width(width));
        self.0.draw_line(from, to, &style).map_err(drawing_error)
    }

    fn fill_polygon(&mut self, points: &[Point], rgb: Rgb) -> Result<()> {
        self.0
            .fill_polygon(points.iter().copied(), &color(rgb))
            .map_err(drawing_error)
    }

    fn fill_circle(&mut self, centre: Point, radius: u32, rgb: Rgb) -> Result<()> {
        self.0
            .draw_circle(centre, radius, &color(rgb), true)
            .map_err(drawing_error)
    }

    fn text(&mut self, text: &str, at: Point, font: &Font) -> Result<()> {
        let weight = if font.bold {
            FontStyle::Bold
        } else {
            FontStyle::Normal
        };
        let mut description = FontDesc::new(FontFamily::SansSerif, font.size, weight);
        if font.rotated {
            description = description.transform(FontTransform::Rotate270);
        }
        let ink = color(font.ink);
        let style = TextStyle::from(description)
            .color(&ink)
            .pos(Pos::new(font.horizontal, font.vertical));
        self.0.draw_text(text, &style, at).map_err(drawing_error)
    }

    fn present(&mut self) -> Result<()> {
        self.0.present().map_err(drawing_error)
    }
}

fn color(rgb: Rgb) -> RGBColor {
    RGBColor(rgb.r, rgb.g, rgb.b)
}

/// A line width as plotters takes it: whole device pixels, at least one.
fn plotters_width(width: f64) -> u32 {
    width.round().max(1.0) as u32
}

/// Holds the surface as `dyn Surface`: one copy of the drawing code serves the canvas and every
/// plotters backend (a generic painter compiled `draw_figure_on` and its helpers once per surface
/// type, about 7 KB of wasm for the second copy), for one indirect call per primitive.
struct Painter<'a> {
    surface: &'a mut dyn Surface,
    options: DrawOptions,
    palette: &'static Palette,
}

impl Painter<'_> {
    fn px(&self, value: f64) -> i32 {
        (value * self.options.pixel_ratio).round() as i32
    }

    fn fill(&mut self, rect: Rect, rgb: Rgb) -> Result<()> {
        let (x0, y0) = (self.px(rect.x), self.px(rect.y));
        let (x1, y1) = (self.px(rect.right()), self.px(rect.bottom()));
        if x1 <= x0 || y1 <= y0 {
            return Ok(());
        }
        self.surface.fill_rect((x0, y0), (x1, y1), rgb)
    }

    /// A line `width` CSS pixels wide in device pixels: whole ones, at least one; for a thin
    /// theme half as wide, down to half a CSS pixel.
    fn stroke(&self, width: f64) -> f64 {
        if self.palette.thin {
            (width / 2.0).max(0.5) * self.options.pixel_ratio
        } else {
            f64::from(self.px(width).max(1))
        }
    }

    fn outline(&mut self, rect: Rect, rgb: Rgb, width: f64) -> Result<()> {
        let width = self.stroke(width);
        let (x0, y0) = (self.px(rect.x), self.px(rect.y));
        let (x1, y1) = (self.px(rect.right()), self.px(rect.bottom()));
        self.surface.stroke_rect((x0, y0), (x1, y1), rgb, width)
    }

    fn line(&mut self, from: (f64, f64), to: (f64, f64), rgb: Rgb, width: f64) -> Result<()> {
        let width = self.stroke(width);
        let from = (self.px(from.0), self.px(from.1));
        let to = (self.px(to.0), self.px(to.1));
        self.surface.line(from, to, rgb, width)
    }

    /// A line drawn as dashes of `pattern.0` with gaps of `pattern.1` CSS pixels.
    fn dashed_line(
        &mut self,
        from: (f64, f64),
        to: (f64, f64),
        rgb: Rgb,
        width: f64,
        pattern: (f64, f64),
    ) -> Result<()> {
        let length = (to.0 - from.0).hypot(to.1 - from.1);
        if length <= 0.0 || pattern.0 <= 0.0 {
            return Ok(());
        }
        let direction = ((to.0 - from.0) / length, (to.1 - from.1) / length);
        let mut start = 0.0;
        while start < length {
            let end = (start + pattern.0).min(length);
            let point = |at: f64| (from.0 + direction.0 * at, from.1 + direction.1 * at);
            self.line(point(start), point(end), rgb, width)?;
            start = end + pattern.1;
        }
        Ok(())
    }

    fn triangle(&mut self, points: [(f64, f64); 3], rgb: Rgb) -> Result<()> {
        let points = points.map(|p| (self.px(p.0), self.px(p.1)));
        self.surface.fill_polygon(&points, rgb)
    }

    fn text(&mut self, text: &str, at: (f64, f64), font: Font) -> Result<()> {
        if text.is_empty() {
            return Ok(());
        }
        let font = Font {
            size: font.size * self.options.pixel_ratio * self.options.font_scale,
            ..font
        };
        let at = (self.px(at.0), self.px(at.1));
        self.surface.text(text, at, &font)
    }

    fn dot(&mut self, centre: (f64, f64), radius: f64, rgb: Rgb) -> Result<()> {
        let centre = (self.px(centre.0), self.px(centre.1));
        let radius = self.px(radius).max(1) as u32;
        self.surface.fill_circle(centre, radius, rgb)
    }

    /// Diagonal lines across a rectangle, clipped to it.
    fn hatch(&mut self, rect: Rect) -> Result<()> {
        let mut offset = HATCH_SPACING / 2.0;
        while offset < rect.width + rect.height {
            let start = (
                rect.x + offset.min(rect.width),
                rect.y + offset - offset.min(rect.width),
            );
            let end = (
                rect.x + offset - offset.min(rect.height),
                rect.y + offset.min(rect.height),
            );
            self.line(start, end, self.palette.hatch, 1.0)?;
            offset += HATCH_SPACING;
        }
        Ok(())
    }
}

fn drawing_error(error: impl std::fmt::Display) -> Error {
    Error::Drawing {
        message: error.to_string(),
    }
}

/// Draws a figure. The backend must be at least `layout.width x layout.height` CSS pixels times
/// `options.pixel_ratio`.
pub fn draw_figure<DB: DrawingBackend>(
    backend: &mut DB,
    figure: &Figure,
    layout: &FigureLayout,
    options: DrawOptions,
) -> Result<()> {
    draw_figure_on(&mut PlottersSurface(backend), figure, layout, options)
}

/// Draws a figure on a [`Surface`] of at least `layout.width x layout.height` CSS pixels times
/// `options.pixel_ratio`.
pub fn draw_figure_on(
    surface: &mut dyn Surface,
    figure: &Figure,
    layout: &FigureLayout,
    options: DrawOptions,
) -> Result<()> {
    let palette = figure.theme.palette();
    let mut painter = Painter {
        surface,
        options,
        palette,
    };
    let whole = Rect {
        x: 0.0,
        y: 0.0,
        width: layout.width,
        height: layout.height,
    };
    // A theme without a background leaves it transparent: nothing to fill.
    if let (true, Some(background)) = (options.background, palette.background) {
        match options.parts {
            Parts::All => painter.fill(whole, background)?,
            Parts::ColorDependent => {
                for region in color_regions(figure, layout) {
                    painter.fill(region, background)?;
                }
            }
        }
    }
    let columns = figure.x.len();
    for (index, (panel, geometry)) in figure.panels.iter().zip(&layout.panels).enumerate() {
        let gap = cell_gap(geometry.cell_width, geometry.cell_height);
        let hatched = geometry.cell_width - gap >= 4.0 && geometry.cell_height - gap >= 4.0;
        // Cells: every one as a shape, or, after a raster pass, only the hatches (which a
        // raster of tiny cells has no room for, so most large grids skip the loop).
        if options.cells == CellPainting::Shapes || hatched {
            for (cell_index, cell) in panel.grid.cells().iter().enumerate() {
                let shapes = options.cells == CellPainting::Shapes;
                if !shapes && cell.is_some() {
                    continue;
                }
                let (x, y) = (cell_index % columns.max(1), cell_index / columns.max(1));
                let Some(rect) = layout.cell_rect(index, x, y) else {
                    continue;
                };
                let inner = inner_cell(rect, gap);
                match cell {
                    Some(cell) => painter.fill(inner, panel.scale.color(cell.mean))?,
                    None => {
                        if shapes {
                            painter.fill(inner, palette.missing)?;
                        }
                        if hatched {
                            painter.hatch(inner)?;
                        }
                    }
                }
            }
        }
        // Peaks: an outline inside the cell in the colour that contrasts with it.
        for &(x, y) in &panel.peaks {
            let (Some(rect), Some(value)) = (layout.cell_rect(index, x, y), panel.grid.value(x, y))
            else {
                continue;
            };
            if rect.width >= 6.0 && rect.height >= 6.0 {
                let ink = text_color_for(panel.scale.color(value));
                painter.outline(peak_outline(rect), ink, 2.0)?;
            }
        }
        // Marks: a dot in the top-right corner, in the ink that contrasts with the cell.
        for &(x, y) in &panel.marks {
            let (Some(rect), Some(value)) = (layout.cell_rect(index, x, y), panel.grid.value(x, y))
            else {
                continue;
            };
            let ink = text_color_for(panel.scale.color(value));
            painter.dot(mark_centre(rect), mark_radius(rect), ink)?;
        }
        draw_strips(&mut painter, panel, layout, index, gap)?;
        // The parity diagonal: dark dashes on a light halo, visible on every colour, under the
        // value labels.
        if panel.histogram().is_some() {
            let plot = geometry.plot;
            let (from, to) = ((plot.x, plot.bottom()), (plot.right(), plot.y));
            // The line stops short of the value labels it would cross.
            let mut labels: Vec<Rect> = Vec::new();
            if let Some(size) = layout.annotation_font {
                for (x, y, value) in annotated(panel) {
                    let Some(cell) = layout.cell_rect(index, x, y) else {
                        continue;
                    };
                    let text = format_value(value, panel.decimals);
                    let width = estimate_text_width(&text, size) + 4.0;
                    let height = size + 2.0;
                    labels.push(Rect {
                        x: cell.x + (cell.width - width) / 2.0,
                        y: cell.y + (cell.height - height) / 2.0,
                        width,
                        height,
                    });
                }
            }
            for (start, end) in visible_stretches(from, to, &labels) {
                let point = |t: f64| (from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t);
                painter.line(point(start), point(end), palette.halo(), 3.0)?;
                painter.dashed_line(point(start), point(end), palette.ink, 1.5, (6.0, 4.0))?;
            }
        }
        // Annotations.
        if let Some(size) = layout.annotation_font {
            for (x, y, value) in annotated(panel) {
                let Some(rect) = layout.cell_rect(index, x, y) else {
                    continue;
                };
                let ink = text_color_for(panel.scale.color(value));
                let bold = panel.peaks.contains(&(x, y));
                let centre = (rect.x + rect.width / 2.0, rect.y + rect.height / 2.0);
                let label = format_value(value, panel.decimals);
                painter.text(&label, centre, Font::new(size, ink).bold(bold))?;
            }
        }
        if options.parts == Parts::All {
            draw_panel_labels(&mut painter, figure, layout, index)?;
        }
    }
    for bar in &layout.color_bars {
        draw_color_bar(&mut painter, figure, layout, bar)?;
    }
    if options.parts == Parts::All {
        draw_caption_and_key(&mut painter, figure, layout)?;
    }
    painter.surface.present()
}

/// A panel's marginal strips, drawn as its cells are (with their gap): each row's and column's
/// value in the panel's colour, the best lines outlined as peaks are (a strip cell too small for
/// that is outlined whole, so that the best line is marked at any size), a line without cells
/// grey and hatched, and a dot in the middle of the lines within noise of the best.
fn draw_strips(
    painter: &mut Painter<'_>,
    panel: &FigurePanel,
    layout: &FigureLayout,
    index: usize,
    gap: f64,
) -> Result<()> {
    let Some(marginals) = panel.marginals() else {
        return Ok(());
    };
    let (columns, rows) = (marginals.columns.len(), marginals.rows.len());
    let row_cells = marginals.rows.iter().enumerate().map(|(y, line)| {
        let marks = (&marginals.best_rows, &marginals.near_best_rows);
        ((columns, y), y, line, marks)
    });
    let column_cells = marginals.columns.iter().enumerate().map(|(x, line)| {
        let marks = (&marginals.best_columns, &marginals.near_best_columns);
        ((x, rows), x, line, marks)
    });
    for ((x, y), line_index, line, (best, near)) in row_cells.chain(column_cells) {
        let Some(rect) = layout.cell_rect(index, x, y) else {
            continue;
        };
        let inner = inner_cell(rect, gap);
        let Some(line) = line else {
            // A line without cells: grey and hatched, as a missing cell.
            painter.fill(inner, painter.palette.missing)?;
            if inner.width >= 4.0 && inner.height >= 4.0 {
                painter.hatch(inner)?;
            }
            continue;
        };
        let rgb = panel.scale.color(line.value);
        painter.fill(inner, rgb)?;
        let ink = text_color_for(rgb);
        if best.contains(&line_index) {
            if rect.width >= 6.0 && rect.height >= 6.0 {
                painter.outline(peak_outline(rect), ink, 2.0)?;
            } else {
                painter.outline(inner, ink, 1.0)?;
            }
        }
        // A strip cell has no value label: its dot sits in the middle, a little larger.
        if near.contains(&line_index) {
            let radius = (rect.width.min(rect.height) / 5.0).clamp(1.5, 3.5);
            painter.dot(centre_of(rect), radius, ink)?;
        }
    }
    Ok(())
}

/// The centre of a rectangle.
fn centre_of(rect: Rect) -> (f64, f64) {
    (rect.x + rect.width / 2.0, rect.y + rect.height / 2.0)
}

/// Where a peak's outline goes: inside its cell, 2 CSS pixels in.
fn peak_outline(rect: Rect) -> Rect {
    Rect {
        x: rect.x + 2.0,
        y: rect.y + 2.0,
        width: rect.width - 4.0,
        height: rect.height - 4.0,
    }
}

/// A panel's texts around its plot: subtitle, title, tick labels and axis names.
fn draw_panel_labels(
    painter: &mut Painter<'_>,
    figure: &Figure,
    layout: &FigureLayout,
    index: usize,
) -> Result<()> {
    let palette = painter.palette;
    let (Some(panel), Some(geometry)) = (figure.panels.get(index), layout.panels.get(index)) else {
        return Ok(());
    };
    for (line, at) in &geometry.subtitle {
        painter.text(line, *at, Font::new(layout.tick_font, palette.muted_ink))?;
    }
    // Title, ticks, axis names.
    for (line, at) in &geometry.title {
        painter.text(
            line,
            *at,
            Font::new(layout.title_font, palette.ink).bold(true),
        )?;
    }
    let x_tick_font = if geometry.x_ticks_turned {
        // Turned, the label's end is its top: it hangs from the plot, centred on its cell.
        Font::new(layout.tick_font, palette.muted_ink)
            .anchored(HPos::Right, VPos::Center)
            .rotated()
    } else {
        Font::new(layout.tick_font, palette.muted_ink).anchored(HPos::Center, VPos::Top)
    };
    for tick in &geometry.x_ticks {
        let at = (tick.at, geometry.plot.bottom() + 5.0);
        painter.text(&tick.label, at, x_tick_font)?;
    }
    for tick in &geometry.y_ticks {
        let at = (geometry.plot.x - 6.0, tick.at);
        painter.text(
            &tick.label,
            at,
            Font::new(layout.tick_font, palette.muted_ink).anchored(HPos::Right, VPos::Center),
        )?;
    }
    // Axis names come from the data: drawn as shown (see `crate::display`), as titles and ticks
    // already are.
    let (x_name, y_name) = figure.axis_names(panel);
    painter.text(
        &display_label(x_name),
        geometry.x_label_at,
        Font::new(layout.axis_font, palette.ink),
    )?;
    if let Some(at) = geometry.y_label_at {
        painter.text(
            &display_label(y_name),
            at,
            Font::new(layout.axis_font, palette.ink).rotated(),
        )?;
    }
    Ok(())
}

/// The caption and the key under the panels.
fn draw_caption_and_key(
    painter: &mut Painter<'_>,
    figure: &Figure,
    layout: &FigureLayout,
) -> Result<()> {
    let palette = painter.palette;
    if let (Some(caption), Some(at)) = (&figure.caption, layout.caption_at) {
        let font =
            Font::new(layout.tick_font, palette.muted_ink).anchored(HPos::Left, VPos::Center);
        painter.text(caption, at, font)?;
    }
    for entry in &layout.key {
        let swatch = entry.swatch;
        painter.fill(swatch, palette.missing)?;
        match entry.item {
            KeyItem::Missing => painter.hatch(swatch)?,
            // Two bands of ink, as a column strip above and a row strip beside a plot.
            KeyItem::Strips => {
                let band = swatch.width / 3.0;
                for rect in [
                    Rect {
                        height: band,
                        ..swatch
                    },
                    Rect {
                        x: swatch.right() - band,
                        y: swatch.y + band + 1.0,
                        width: band,
                        height: swatch.height - band - 1.0,
                    },
                ] {
                    painter.fill(rect, palette.ink)?;
                }
            }
            KeyItem::Mark => painter.dot(
                (
                    swatch.x + swatch.width / 2.0,
                    swatch.y + swatch.height / 2.0,
                ),
                3.0,
                palette.ink,
            )?,
        }
        let font =
            Font::new(layout.tick_font, palette.muted_ink).anchored(HPos::Left, VPos::Center);
        let mut at = (swatch.right() + 6.0, swatch.y + swatch.height / 2.0);
        for line in entry.label.lines() {
            painter.text(line, at, font)?;
            at.1 += crate::layout::KEY_LINE;
        }
    }
    Ok(())
}

fn draw_color_bar(
    painter: &mut Painter<'_>,
    figure: &Figure,
    layout: &FigureLayout,
    bar: &crate::layout::ColorBarLayout,
) -> Result<()> {
    let palette = painter.palette;
    let Some(panel) = figure.panels.get(bar.panel) else {
        return Ok(());
    };
    let scale = panel.scale;
    let rect = bar.bar;
    if painter.options.bars == BarPainting::Stripes {
        let stripes = color_bar_stripes(&scale, rect.height, painter.options.pixel_ratio);
        for (band, rgb) in stripe_bands(rect, stripes.len()).zip(stripes) {
            painter.fill(band, rgb)?;
        }
    }
    painter.outline(rect, palette.frame, 0.5)?;

    // Arrows where a fixed range clips the data, in the colour the clipped cells get.
    let arrow = rect.width * 0.8;
    // A fixed domain counts the clipped values of every panel shown, so any panel's count is
    // the figure's.
    let (above, below) = (panel.domain.above, panel.domain.below);
    if above > 0 {
        let tip = rect.y - arrow;
        painter.triangle(
            [
                (rect.x, rect.y),
                (rect.right(), rect.y),
                (rect.x + rect.width / 2.0, tip),
            ],
            scale.color_at_position(1.0),
        )?;
    }
    if below > 0 {
        let tip = rect.bottom() + arrow;
        painter.triangle(
            [
                (rect.x, rect.bottom()),
                (rect.right(), rect.bottom()),
                (rect.x + rect.width / 2.0, tip),
            ],
            scale.color_at_position(0.0),
        )?;
    }
    let last = bar.ticks.len().saturating_sub(1);
    for (index, tick) in bar.ticks.iter().enumerate() {
        painter.line(
            (rect.right(), tick.at),
            (rect.right() + 4.0, tick.at),
            palette.ink,
            1.0,
        )?;
        if painter.options.parts == Parts::ColorDependent {
            continue;
        }
        let label = match index {
            0 if below > 0 => Cow::Owned(format!("≤ {}", tick.label)),
            i if i == last && above > 0 && last > 0 => Cow::Owned(format!("≥ {}", tick.label)),
            _ => Cow::Borrowed(tick.label.as_str()),
        };
        let font =
            Font::new(layout.tick_font, palette.muted_ink).anchored(HPos::Left, VPos::Center);
        painter.text(&label, (rect.right() + 7.0, tick.at), font)?;
    }
    if painter.options.parts == Parts::All {
        let label = display_label(panel.value_label().unwrap_or(&figure.value_label));
        // A sweep's bar says how its colours are spaced when not linearly (a pairwise figure's
        // logarithmic counts are said by its control).
        let spacing = match scale.transform {
            _ if !figure.comparisons().is_empty() => "",
            Transform::Linear => "",
            Transform::Log => " (log)",
            Transform::Symlog { .. } => " (symlog)",
        };
        painter.text(
            &format!("{label}{spacing}"),
            bar.label_at,
            Font::new(layout.axis_font, palette.ink).rotated(),
        )?;
    }
    Ok(())
}

/// How far around a plot [`Parts::ColorDependent`] clears, in CSS pixels: the parity line's
/// halo reaches 1.5 pixels past the plot's corners; tick labels keep 5 pixels away.
const PLOT_MARGIN: f64 = 2.0;
/// How far right of a colour bar its tick lines reach (4) and a pixel more; tick labels start at 7.
const BAR_TICKS_REACH: f64 = 5.0;

/// The regions whose pixels depend on the colour scale, in CSS pixels: each plot (with a small
/// margin) and each colour bar with its outline, arrows and tick lines. Only
/// [`Parts::ColorDependent`] draws there, and it draws nothing outside them, so clearing these
/// and drawing that part repaints a figure in new colours exactly.
pub fn color_regions(figure: &Figure, layout: &FigureLayout) -> Vec<Rect> {
    let mut regions = Vec::with_capacity(layout.panels.len() + layout.color_bars.len());
    for panel in &layout.panels {
        // The plot and its strips, each with the margin.
        for area in [Some(panel.plot), panel.row_strip, panel.column_strip]
            .into_iter()
            .flatten()
        {
            regions.push(Rect {
                x: area.x - PLOT_MARGIN,
                y: area.y - PLOT_MARGIN,
                width: area.width + 2.0 * PLOT_MARGIN,
                height: area.height + 2.0 * PLOT_MARGIN,
            });
        }
    }
    for bar in &layout.color_bars {
        let rect = bar.bar;
        let arrow = rect.width * 0.8;
        let (above, below) = figure
            .panels
            .get(bar.panel)
            .map_or((0, 0), |panel| (panel.domain.above, panel.domain.below));
        let top = rect.y - if above > 0 { arrow } else { 0.0 } - 1.0;
        let bottom = rect.bottom() + if below > 0 { arrow } else { 0.0 } + 1.0;
        regions.push(Rect {
            x: rect.x - 1.0,
            y: top,
            width: rect.width + 1.0 + BAR_TICKS_REACH,
            height: bottom - top,
        });
    }
    regions
}

/// The gap between cells in CSS pixels: a thin line of background between cells large enough
/// to spare it, none between smaller ones.
pub fn cell_gap(cell_width: f64, cell_height: f64) -> f64 {
    if cell_width >= GAP_FROM_CELL && cell_height >= GAP_FROM_CELL {
        1.0
    } else {
        0.0
    }
}

/// The part of a cell's rectangle its colour fills: all of it less half the gap on every side.
pub fn inner_cell(rect: Rect, gap: f64) -> Rect {
    Rect {
        x: rect.x + gap / 2.0,
        y: rect.y + gap / 2.0,
        width: rect.width - gap,
        height: rect.height - gap,
    }
}

/// The rectangles of a colour bar's `count` stripes from the top, each overlapping the next by
/// half a CSS pixel so that no background shows between them.
pub fn stripe_bands(bar: Rect, count: usize) -> impl Iterator<Item = Rect> {
    let stripe = bar.height / count.max(1) as f64;
    (0..count).map(move |index| Rect {
        x: bar.x,
        y: bar.y + index as f64 * stripe,
        width: bar.width,
        height: stripe + 0.5,
    })
}

/// How many stripes [`color_bar_stripes`] gives a bar `height` CSS pixels tall.
pub fn stripe_count(height: f64, pixel_ratio: f64) -> usize {
    ((height * pixel_ratio).round() as usize).clamp(2, 256)
}

/// A colour bar's colours from top (the domain maximum) to bottom: one stripe per device pixel
/// row of a bar `height` CSS pixels tall, at least 2 and at most 256.
pub fn color_bar_stripes(scale: &Scale, height: f64, pixel_ratio: f64) -> Vec<Rgb> {
    let stripes = stripe_count(height, pixel_ratio);
    let mut colors = Vec::with_capacity(stripes);
    for index in 0..stripes {
        colors.push(scale.color_at_position(1.0 - (index as f64 + 0.5) / stripes as f64));
    }
    colors
}

/// The cells whose value is written in them: every present cell, except the empty bins of a
/// histogram, where a "0" in most cells would only be noise.
fn annotated(panel: &FigurePanel) -> impl Iterator<Item = (usize, usize, f64)> + '_ {
    panel
        .grid
        .present()
        .map(|(x, y, cell)| (x, y, cell.mean))
        .filter(move |(_, _, value)| panel.histogram().is_none() || *value != 0.0)
}

/// The parts of the segment `from`-`to` (as fractions 0..1 of its length) outside every box.
fn visible_stretches(from: (f64, f64), to: (f64, f64), boxes: &[Rect]) -> Vec<(f64, f64)> {
    let mut hidden: Vec<(f64, f64)> = Vec::new();
    for rect in boxes {
        if let Some(stretch) = segment_inside(from, to, rect) {
            hidden.push(stretch);
        }
    }
    // Through the one shared sort instance (a handful of boxes: speed does not matter here).
    crate::sort::sort_by(&mut hidden, |a, b| a.0.total_cmp(&b.0));
    let mut stretches = Vec::new();
    let mut start = 0.0;
    for (enter, leave) in hidden {
        if enter > start {
            stretches.push((start, enter));
        }
        start = start.max(leave);
    }
    if start < 1.0 {
        stretches.push((start, 1.0));
    }
    stretches
}

/// Where the segment `from`-`to` runs inside a rectangle, as fractions of its length
/// (Liang-Barsky clipping); `None` when it misses it.
fn segment_inside(from: (f64, f64), to: (f64, f64), rect: &Rect) -> Option<(f64, f64)> {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let mut enter: f64 = 0.0;
    let mut leave: f64 = 1.0;
    for (p, q) in [
        (-dx, from.0 - rect.x),
        (dx, rect.right() - from.0),
        (-dy, from.1 - rect.y),
        (dy, rect.bottom() - from.1),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                enter = enter.max(t);
            } else {
                leave = leave.min(t);
            }
        }
    }
    (enter < leave).then_some((enter, leave))
}

/// A mark's radius: small beside the value label, never under a pixel.
fn mark_radius(cell: Rect) -> f64 {
    (cell.width.min(cell.height) / 10.0).clamp(1.5, 3.5)
}

/// A mark sits in the cell's top-right corner, clear of the centred value label.
fn mark_centre(cell: Rect) -> (f64, f64) {
    let inset = mark_radius(cell) + (cell.width.min(cell.height) / 10.0).clamp(2.0, 5.0);
    (cell.right() - inset, cell.y + inset)
}

/// The figure as an SVG document: cells are `<rect>` shapes, text is text.
pub fn render_svg(figure: &Figure, layout: &FigureLayout) -> Result<String> {
    let mut surface = SvgSurface::new(layout.width.ceil() as u32, layout.height.ceil() as u32);
    let options = DrawOptions {
        font_scale: 1.24,
        ..DrawOptions::default()
    };
    draw_figure_on(&mut surface, figure, layout, options)?;
    Ok(xml_safe(surface.finish()))
}

/// The SVG with every character outside XML 1.0's `Char` production replaced by U+FFFD, so that
/// the file always parses: control characters other than tab and line ends, and the
/// noncharacters U+FFFE and U+FFFF, all of which a CSV label can hold. (Surrogates cannot occur
/// in a Rust string.) DEL and the C1 controls, which XML 1.0 allows but discourages and XML 1.1
/// refuses, are replaced too. plotters escapes `<`, `>`, `&` and quotes itself.
fn xml_safe(svg: String) -> String {
    if svg.chars().all(is_xml_char) {
        return svg;
    }
    svg.chars()
        .map(|c| if is_xml_char(c) { c } else { '\u{fffd}' })
        .collect()
}

/// True for the characters [`xml_safe`] keeps.
fn is_xml_char(c: char) -> bool {
    (!c.is_control() || matches!(c, '\t' | '\n' | '\r')) && !matches!(c, '\u{fffe}' | '\u{ffff}')
}
