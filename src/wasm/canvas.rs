//! Painting a figure on an HTML canvas, sharp on HiDPI screens and fast for large grids.
//!
//! The canvas backing store is sized in device pixels (`round(width * pixelRatio)`), its CSS
//! size stays the layout's, and the core draws in device pixels through
//! [`DrawOptions::pixel_ratio`]: plotters-canvas itself ignores `devicePixelRatio`.
//!
//! Cells are painted one of two ways:
//! 1. shapes: one `fillRect` per cell through plotters-canvas, when cells are at least 4 CSS
//!    pixels wide and tall;
//! 2. raster: for smaller cells, where a call per cell would take seconds for a 1000 x 1000
//!    grid, the background is filled here, each panel's cells are written into an RGBA buffer in
//!    wasm memory ([`paint_cells_rgba`], one pixel per cell), put on a scratch canvas with
//!    `putImageData`, and scaled into the panel's plot rectangle with `drawImage` and image
//!    smoothing off; then the core draws everything else over them ([`CellPainting::Skip`]).

use wasm_bindgen::{Clamped, JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, ImageData};

use plotters_canvas::CanvasBackend;

use super::arguments::message_of;
use crate::figure::Figure;
use crate::layout::FigureLayout;
use crate::render::{draw_figure, paint_cells_rgba, CellPainting, DrawOptions, BACKGROUND};
use crate::{Error, Result};

/// Cells narrower or shorter than this many CSS pixels are painted by the raster pass.
pub const RASTER_BELOW: f64 = 4.0;

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

/// True when the layout's cells are too small to paint one call each.
pub fn uses_raster(layout: &FigureLayout) -> bool {
    layout
        .panels
        .iter()
        .any(|panel| panel.cell_width < RASTER_BELOW || panel.cell_height < RASTER_BELOW)
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
    // Setting the size also clears the canvas and resets the context's state.
    canvas.set_width(device_pixels(layout.width, ratio));
    canvas.set_height(device_pixels(layout.height, ratio));
    let style = canvas.style();
    style
        .set_property("width", &format!("{}px", layout.width))
        .map_err(thrown("could not set the canvas width"))?;
    style
        .set_property("height", &format!("{}px", layout.height))
        .map_err(thrown("could not set the canvas height"))?;

    let raster = uses_raster(layout);
    if raster {
        paint_cells_raster(canvas, figure, layout, ratio)?;
    }
    let mut backend = CanvasBackend::with_canvas_object(canvas.clone())
        .ok_or_else(|| drawing_error("the canvas has no 2D context"))?;
    let options = DrawOptions {
        pixel_ratio: ratio,
        font_scale: 1.0,
        cells: if raster {
            CellPainting::Skip
        } else {
            CellPainting::Shapes
        },
    };
    draw_figure(&mut backend, figure, layout, options)
}

/// The raster pass: background, then each panel's cells scaled from one pixel per cell.
fn paint_cells_raster(
    canvas: &HtmlCanvasElement,
    figure: &Figure,
    layout: &FigureLayout,
    ratio: f64,
) -> Result<()> {
    let context = context_2d(canvas)?;
    context.set_fill_style_str(&BACKGROUND.hex());
    context.fill_rect(
        0.0,
        0.0,
        f64::from(canvas.width()),
        f64::from(canvas.height()),
    );
    let document = web_sys::window()
        .and_then(|window| window.document())
        .ok_or_else(|| drawing_error("there is no document to make a scratch canvas in"))?;
    let scratch: HtmlCanvasElement = document
        .create_element("canvas")
        .map_err(thrown("could not make a scratch canvas"))?
        .dyn_into()
        .map_err(|_| drawing_error("could not make a scratch canvas"))?;
    let scratch_context = context_2d(&scratch)?;
    context.set_image_smoothing_enabled(false);
    for (index, geometry) in layout.panels.iter().enumerate() {
        let Some(panel) = figure.panels.get(index) else {
            continue;
        };
        let (Ok(columns), Ok(rows)) = (
            u32::try_from(panel.grid.columns()),
            u32::try_from(panel.grid.rows()),
        ) else {
            return Err(drawing_error("the grid is too large for a canvas"));
        };
        if columns == 0 || rows == 0 {
            continue;
        }
        let pixels = paint_cells_rgba(figure, index);
        let image = ImageData::new_with_u8_clamped_array_and_sh(Clamped(&pixels), columns, rows)
            .map_err(thrown("could not make the cell image"))?;
        // Resizing clears the scratch canvas, so every panel starts from a clean one.
        scratch.set_width(columns);
        scratch.set_height(rows);
        scratch_context
            .put_image_data(&image, 0.0, 0.0)
            .map_err(thrown("could not put the cell image"))?;
        // Exactly the plot rectangle, unrounded, so every cell lands where the layout (and so
        // the hit test) puts it.
        let plot = geometry.plot;
        context
            .draw_image_with_html_canvas_element_and_dw_and_dh(
                &scratch,
                plot.x * ratio,
                plot.y * ratio,
                plot.width * ratio,
                plot.height * ratio,
            )
            .map_err(thrown("could not draw the cell image"))?;
    }
    Ok(())
}
