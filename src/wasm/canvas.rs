//! Painting a figure on an HTML canvas, sharp on HiDPI screens and fast.
//!
//! The canvas backing store is sized in device pixels (`round(width * pixelRatio)`), its CSS
//! size stays the layout's, and the core draws in device pixels through
//! [`DrawOptions::pixel_ratio`].
//!
//! A paint is a few passes, each chosen for speed (measured in headless Chromium, see the
//! README's Benchmark section):
//! 1. the background, in one `fillRect`;
//! 2. the cells: when they are too small for the white gap between them (under 14 CSS pixels),
//!    each panel's plot is computed in wasm memory as an RGBA image in device pixels
//!    ([`cell_raster`]: exactly the pixels the cells' rectangles would paint) and put on the
//!    canvas with one `putImageData`, so a 1000 x 1000 grid is one image, not a million calls
//!    ([`CellPainting::Skip`]); larger cells are drawn by the core as shapes, one `fillRect`
//!    each;
//! 3. the colour bars, likewise each one image of its stripes ([`color_bar_raster`]) rather
//!    than a `fillRect` per device pixel row ([`BarPainting::Skip`]);
//! 4. everything else, drawn by the core on [`Canvas2d`], a drawing surface that sets
//!    each piece of context state (fill, stroke, line width, font, alignment) only when it
//!    changes: most value labels share one font and a few colours, and every redundant state
//!    change costs a call into JavaScript and a parse in the browser.

use plotters::style::text_anchor::{HPos, VPos};
use wasm_bindgen::{Clamped, JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, ImageData};

use super::arguments::message_of;
use crate::color::Rgb;
use crate::figure::Figure;
use crate::layout::FigureLayout;
use crate::render::{
    cell_gap, cell_raster, color_bar_raster, draw_figure_on, BarPainting, CellPainting,
    DrawOptions, Font, Point, Raster, Rgba, Surface, BACKGROUND,
};
use crate::{Error, Result};

/// The largest backing store side and area drawn at full resolution. Browsers refuse larger
/// canvases (Chromium and Firefox at 32767 px a side, Safari on iOS at 4096 x 4096 px in all);
/// a larger figure gets a smaller pixel ratio instead of a blank canvas.
const MAX_CANVAS_SIDE: f64 = 32_767.0;
const MAX_CANVAS_AREA: f64 = 16_777_216.0;

fn drawing_error(message: impl Into<String>) -> Error {
    Error::Drawing {
        message: message.into(),
    }
}

fn thrown(what: &str) -> impl Fn(JsValue) -> Error + '_ {
    move |error| drawing_error(format!("{what}: {}", message_of(&error)))
}

/// True when the layout's cells are painted as a raster: every panel's cells are too small for
/// the gap between them, so an image scaled without smoothing looks exactly like shapes.
pub fn uses_raster(layout: &FigureLayout) -> bool {
    !layout.panels.is_empty()
        && layout
            .panels
            .iter()
            .all(|panel| cell_gap(panel.cell_width, panel.cell_height) == 0.0)
}

/// The pixel ratio a canvas gets: the one asked for, unless the backing store would exceed
/// what browsers allow.
pub fn backing_ratio(layout: &FigureLayout, requested: f64) -> f64 {
    let width = layout.width.max(1.0);
    let height = layout.height.max(1.0);
    requested
        .min(MAX_CANVAS_SIDE / width)
        .min(MAX_CANVAS_SIDE / height)
        .min((MAX_CANVAS_AREA / (width * height)).sqrt())
}

/// A length in CSS pixels as whole device pixels.
fn device_pixels(length: f64, ratio: f64) -> u32 {
    // Saturating: the length is bounded by the layout and `backing_ratio`.
    (length * ratio).round().max(1.0) as u32
}

fn context_2d(canvas: &HtmlCanvasElement) -> Result<CanvasRenderingContext2d> {
    canvas
        .get_context("2d")
        .map_err(thrown("no 2D context"))?
        .and_then(|context| context.dyn_into::<CanvasRenderingContext2d>().ok())
        .ok_or_else(|| drawing_error("the canvas has another kind of context than 2D"))
}

/// Sizes the canvas for the layout at a pixel ratio (backing store in device pixels, CSS size in
/// CSS pixels) and paints the figure on it.
pub fn paint(
    canvas: &HtmlCanvasElement,
    figure: &Figure,
    layout: &FigureLayout,
    pixel_ratio: f64,
) -> Result<()> {
    let ratio = backing_ratio(layout, pixel_ratio);
    let (width, height) = (
        device_pixels(layout.width, ratio),
        device_pixels(layout.height, ratio),
    );
    // Setting the size clears the canvas, resets the context's state and makes the browser
    // allocate a new backing store; a repaint at the same size (a colour-map change) keeps the
    // store and paints over all of it, starting with the background.
    let context = if canvas.width() == width && canvas.height() == height {
        // The state a drawing relies on; everything else is set as it is used.
        let context = context_2d(canvas)?;
        context
            .set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
            .map_err(thrown("could not reset the canvas transform"))?;
        context.set_global_alpha(1.0);
        context
            .set_global_composite_operation("source-over")
            .map_err(thrown("could not reset the canvas compositing"))?;
        context
    } else {
        canvas.set_width(width);
        canvas.set_height(height);
        context_2d(canvas)?
    };
    let style = canvas.style();
    style
        .set_property("width", &format!("{}px", layout.width))
        .map_err(thrown("could not set the canvas width"))?;
    style
        .set_property("height", &format!("{}px", layout.height))
        .map_err(thrown("could not set the canvas height"))?;

    context.set_fill_style_str(css_hex(BACKGROUND).as_str());
    context.fill_rect(
        0.0,
        0.0,
        f64::from(canvas.width()),
        f64::from(canvas.height()),
    );
    let mut buffer = Vec::new();
    let raster = uses_raster(layout);
    if raster {
        paint_cells_raster(&context, &mut buffer, figure, layout, ratio)?;
    }
    paint_color_bars(&context, &mut buffer, figure, layout, ratio)?;

    let mut surface = Canvas2d::new(context);
    let options = DrawOptions {
        pixel_ratio: ratio,
        font_scale: 1.0,
        background: false,
        cells: if raster {
            CellPainting::Skip
        } else {
            CellPainting::Shapes
        },
        bars: BarPainting::Skip,
    };
    draw_figure_on(&mut surface, figure, layout, options)
}

/// The most device pixels put in one image: a larger raster goes in bands of rows through one
/// buffer of 256 KiB in wasm memory, however large the canvas. Small bands cost a few more
/// `putImageData` calls but touch far less fresh memory: measured on the second figure of a
/// page, a 100 x 100 grid's cells took 1.05 ms to write in one band of 1.3 MB and 0.36 ms in
/// bands of 256 KiB, and a 1000 x 1000 grid's image went on the canvas in 0.56 ms instead of
/// 0.81.
const MAX_IMAGE_PIXELS: usize = 1 << 16;

/// Puts a raster on the canvas at its device-pixel position, in bands of rows, through one
/// reused buffer.
fn put_raster(
    context: &CanvasRenderingContext2d,
    raster: &mut Raster<'_>,
    buffer: &mut Vec<Rgba>,
) -> Result<()> {
    let (width, height) = raster.size();
    let (x, y) = raster.origin();
    let Ok(image_width) = u32::try_from(width) else {
        return Err(drawing_error("the image is too wide for a canvas"));
    };
    if width == 0 || height == 0 {
        return Ok(());
    }
    let band = (MAX_IMAGE_PIXELS / width).max(1);
    let mut start = 0;
    while start < height {
        let end = (start + band).min(height);
        raster.write_rows(start..end, buffer);
        let rows = u32::try_from(end - start).unwrap_or(u32::MAX);
        let image = ImageData::new_with_u8_clamped_array_and_sh(
            Clamped(buffer.as_flattened()),
            image_width,
            rows,
        )
        .map_err(thrown("could not make the image"))?;
        context
            .put_image_data(&image, f64::from(x), f64::from(y) + start as f64)
            .map_err(thrown("could not put the image"))?;
        start = end;
    }
    Ok(())
}

/// The raster pass: each panel's cells, one image per panel.
fn paint_cells_raster(
    context: &CanvasRenderingContext2d,
    buffer: &mut Vec<Rgba>,
    figure: &Figure,
    layout: &FigureLayout,
    ratio: f64,
) -> Result<()> {
    for index in 0..layout.panels.len() {
        if let Some(mut raster) = cell_raster(figure, layout, index, ratio) {
            put_raster(context, &mut raster, buffer)?;
        }
    }
    Ok(())
}

/// Each colour bar's stripes as one image.
fn paint_color_bars(
    context: &CanvasRenderingContext2d,
    buffer: &mut Vec<Rgba>,
    figure: &Figure,
    layout: &FigureLayout,
    ratio: f64,
) -> Result<()> {
    for bar in &layout.color_bars {
        let Some(panel) = figure.panels.get(bar.panel) else {
            continue;
        };
        put_raster(
            context,
            &mut color_bar_raster(&panel.scale, bar.bar, ratio),
            buffer,
        )?;
    }
    Ok(())
}

fn canvas_error(error: JsValue) -> Error {
    thrown("canvas")(error)
}

/// The context state last set through [`Canvas2d`]; `None` where it is not known.
#[derive(Debug, Clone, Default, PartialEq)]
struct ContextState {
    fill: Option<Rgb>,
    stroke: Option<Rgb>,
    line_width: Option<u32>,
    font: Option<(bool, u64)>,
    align: Option<&'static str>,
    baseline: Option<&'static str>,
}

/// A [`Surface`] on a canvas' 2D context that sets each piece of state only when it changes.
/// Draws what plotters-canvas drew, pixel for pixel: the same calls with the same arguments,
/// colours as `#rrggbb` (cheaper to write and parse than `rgba()`), and the same half-pixel
/// shift of horizontal and vertical lines.
pub struct Canvas2d {
    context: CanvasRenderingContext2d,
    state: ContextState,
}

impl Canvas2d {
    /// A surface on a context whose state is the canvas' default (it was just resized).
    pub fn new(context: CanvasRenderingContext2d) -> Canvas2d {
        Canvas2d {
            context,
            state: ContextState::default(),
        }
    }

    fn fill_color(&mut self, rgb: Rgb) {
        if self.state.fill != Some(rgb) {
            self.context.set_fill_style_str(css_hex(rgb).as_str());
            self.state.fill = Some(rgb);
        }
    }

    fn line_style(&mut self, rgb: Rgb, width: u32) {
        if self.state.stroke != Some(rgb) {
            self.context.set_stroke_style_str(css_hex(rgb).as_str());
            self.state.stroke = Some(rgb);
        }
        if self.state.line_width != Some(width) {
            self.context.set_line_width(f64::from(width));
            self.state.line_width = Some(width);
        }
    }

    fn text_style(&mut self, font: &Font) {
        let baseline = match font.vertical {
            VPos::Top => "top",
            VPos::Center => "middle",
            VPos::Bottom => "bottom",
        };
        if self.state.baseline != Some(baseline) {
            self.context.set_text_baseline(baseline);
            self.state.baseline = Some(baseline);
        }
        let align = match font.horizontal {
            HPos::Left => "start",
            HPos::Right => "end",
            HPos::Center => "center",
        };
        if self.state.align != Some(align) {
            self.context.set_text_align(align);
            self.state.align = Some(align);
        }
        self.fill_color(font.ink);
        let key = (font.bold, font.size.to_bits());
        if self.state.font != Some(key) {
            let weight = if font.bold { "bold" } else { "normal" };
            self.context
                .set_font(&format!("{weight} {}px sans-serif", font.size));
            self.state.font = Some(key);
        }
    }
}

/// A colour as CSS `#rrggbb`, written without the formatting machinery: a figure sets a fill
/// colour per cell.
struct CssHex([u8; 7]);

impl CssHex {
    fn as_str(&self) -> &str {
        std::str::from_utf8(&self.0).unwrap_or("#000000")
    }
}

fn css_hex(rgb: Rgb) -> CssHex {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let digit = |value: u8| {
        DIGITS
            .get(usize::from(value & 0xf))
            .copied()
            .unwrap_or(b'0')
    };
    CssHex([
        b'#',
        digit(rgb.r >> 4),
        digit(rgb.r),
        digit(rgb.g >> 4),
        digit(rgb.g),
        digit(rgb.b >> 4),
        digit(rgb.b),
    ])
}

/// Moves a horizontal or vertical line half a pixel, so a 1-pixel line covers one row or column
/// of pixels instead of blurring over two.
fn crisp_line(from: Point, to: Point) -> ((f64, f64), (f64, f64)) {
    let mut from = (f64::from(from.0), f64::from(from.1));
    let mut to = (f64::from(to.0), f64::from(to.1));
    if from.0 == to.0 {
        from.0 -= 0.5;
        to.0 -= 0.5;
    }
    if from.1 == to.1 {
        from.1 -= 0.5;
        to.1 -= 0.5;
    }
    (from, to)
}

/// A rectangle's corners as x, y, width and height.
fn corners(from: Point, to: Point) -> (f64, f64, f64, f64) {
    (
        f64::from(from.0),
        f64::from(from.1),
        f64::from(to.0) - f64::from(from.0),
        f64::from(to.1) - f64::from(from.1),
    )
}

impl Surface for Canvas2d {
    fn fill_rect(&mut self, from: Point, to: Point, rgb: Rgb) -> Result<()> {
        self.fill_color(rgb);
        let (x, y, width, height) = corners(from, to);
        self.context.fill_rect(x, y, width, height);
        Ok(())
    }

    fn stroke_rect(&mut self, from: Point, to: Point, rgb: Rgb, width: u32) -> Result<()> {
        self.line_style(rgb, width);
        let (x, y, width, height) = corners(from, to);
        self.context.stroke_rect(x, y, width, height);
        Ok(())
    }

    fn line(&mut self, from: Point, to: Point, rgb: Rgb, width: u32) -> Result<()> {
        let (from, to) = crisp_line(from, to);
        self.line_style(rgb, width);
        self.context.begin_path();
        self.context.move_to(from.0, from.1);
        self.context.line_to(to.0, to.1);
        self.context.stroke();
        Ok(())
    }

    fn fill_polygon(&mut self, points: &[Point], rgb: Rgb) -> Result<()> {
        self.context.begin_path();
        if let Some((start, rest)) = points.split_first() {
            self.fill_color(rgb);
            self.context.move_to(f64::from(start.0), f64::from(start.1));
            for next in rest {
                self.context.line_to(f64::from(next.0), f64::from(next.1));
            }
            self.context.close_path();
        }
        self.context.fill();
        Ok(())
    }

    fn fill_circle(&mut self, centre: Point, radius: u32, rgb: Rgb) -> Result<()> {
        self.fill_color(rgb);
        self.context.begin_path();
        self.context
            .arc(
                f64::from(centre.0),
                f64::from(centre.1),
                f64::from(radius),
                0.0,
                std::f64::consts::PI * 2.0,
            )
            .map_err(canvas_error)?;
        self.context.fill();
        Ok(())
    }

    fn text(&mut self, text: &str, at: Point, font: &Font) -> Result<()> {
        let (mut x, mut y) = (f64::from(at.0), f64::from(at.1));
        // save() and restore() bring the context state back as it was, so the record of it too.
        let saved = font.rotated.then(|| self.state.clone());
        if saved.is_some() {
            self.context.save();
            self.context.translate(x, y).map_err(canvas_error)?;
            self.context
                .rotate(270.0 / 180.0 * std::f64::consts::PI)
                .map_err(canvas_error)?;
            (x, y) = (0.0, 0.0);
        }
        self.text_style(font);
        self.context.fill_text(text, x, y).map_err(canvas_error)?;
        if let Some(saved) = saved {
            self.context.restore();
            self.state = saved;
        }
        Ok(())
    }

    fn present(&mut self) -> Result<()> {
        Ok(())
    }
}
