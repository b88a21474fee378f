//! Painting a figure on an HTML canvas, sharp on HiDPI screens and fast.
//!
//! The canvas backing store is sized in device pixels (`round(width * pixelRatio)`), its CSS
//! size stays the layout's, and the core draws in device pixels through
//! [`DrawOptions::pixel_ratio`].
//!
//! A paint is a few passes, each chosen for speed (measured in headless Chromium, see the
//! README's Benchmark section), all but one recorded in a [`DisplayList`] that makes the canvas
//! calls from JavaScript in one crossing (see `display_list`):
//! 1. the backing store's size and the background, in one `fillRect` (a `clearRect` for a
//!    theme without one);
//! 2. the cells: when they are too small for the gap between them (under 14 CSS pixels),
//!    each panel's plot is computed in wasm memory as an RGBA image in device pixels
//!    ([`cell_raster`]: exactly the pixels the cells' rectangles would paint) and put on the
//!    canvas straight away, in bands, so a 1000 x 1000 grid is one image, not a million calls
//!    ([`CellPainting::Skip`]); larger cells are drawn by the core as shapes, one `fillRect`
//!    each;
//! 3. the colour bars, each one image of its stripes ([`color_bar_raster`]) rather than a
//!    `fillRect` per device pixel row ([`BarPainting::Skip`]);
//! 4. everything else, drawn by the core, text last and grouped by font and colour.
//!
//! A change of colour map repaints only what the colours decide ([`repaint_colors`]): the
//! regions of [`color_regions`] are cleared and drawn again, over the figure's own painting.

mod display_list;

pub use display_list::OPCODES;

use wasm_bindgen::{Clamped, JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, ImageData};

use super::arguments::message_of;
use std::cell::{Cell, RefCell};

use crate::color::{ColorMap, Rgb, Scale};
use crate::figure::{Figure, SliceFigure};
use crate::layout::{FigureLayout, Rect, SliceLayout};
use crate::render::{
    cell_gap, cell_raster, color_bar_raster, color_bar_stripes, color_regions, draw_figure_on,
    draw_slice_on, stripe_count, BarPainting, CellPainting, DrawOptions, Parts, Point, Raster,
    Rgba, Surface,
};
use crate::{Error, Result};
use display_list::DisplayList;

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
/// what browsers allow ([`crate::figure::backing_ratio`]).
pub fn backing_ratio(layout: &FigureLayout, requested: f64) -> f64 {
    crate::figure::backing_ratio(layout.width, layout.height, requested)
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
/// CSS pixels) and paints the figure on it. Returns the painting's number, which the canvas now
/// carries (see [`repaint_colors`]).
pub fn paint(
    canvas: &HtmlCanvasElement,
    figure: &Figure,
    layout: &FigureLayout,
    pixel_ratio: f64,
) -> Result<f64> {
    whole(paint_parts(
        canvas,
        figure,
        layout,
        pixel_ratio,
        None,
        None,
    )?)
}

/// [`paint`], and tells assistive technology what the figure shows: the canvas gets
/// `role="img"` and `label` as its `aria-label`.
pub fn paint_labelled(
    canvas: &HtmlCanvasElement,
    figure: &Figure,
    layout: &FigureLayout,
    pixel_ratio: f64,
    label: &str,
) -> Result<f64> {
    whole(paint_parts(
        canvas,
        figure,
        layout,
        pixel_ratio,
        None,
        Some(label),
    )?)
}

/// Repaints only what the colour scale decides ([`color_regions`]) of the painting numbered
/// `painting`, done at this pixel ratio, after a change of colour map: the titles, ticks and
/// labels around the plots stay as they are. When the canvas shows anything else (another
/// painting, another size) it gets the whole figure. Returns the number of the painting the
/// canvas then shows.
pub fn repaint_colors(
    canvas: &HtmlCanvasElement,
    figure: &Figure,
    layout: &FigureLayout,
    pixel_ratio: f64,
    painting: f64,
) -> Result<f64> {
    match paint_parts(canvas, figure, layout, pixel_ratio, Some(painting), None)? {
        Some(painting) => Ok(painting),
        // The canvas shows something else: all of the figure.
        None => paint(canvas, figure, layout, pixel_ratio),
    }
}

thread_local! {
    /// The number of the latest whole painting on any canvas.
    static PAINTINGS: Cell<f64> = const { Cell::new(0.0) };
}

/// The number of a whole painting, which always happens.
fn whole(painting: Option<f64>) -> Result<f64> {
    painting.ok_or_else(|| drawing_error("the drawing stopped before it was done"))
}

/// Paints the whole figure, or, given the number of the painting it changes, only what the
/// colours decide (when the canvas is still the size the layout asks for). Returns the number
/// of the painting the canvas then shows, or `None` when the canvas shows another painting than
/// the one to change, and nothing was drawn.
fn paint_parts(
    canvas: &HtmlCanvasElement,
    figure: &Figure,
    layout: &FigureLayout,
    pixel_ratio: f64,
    repainting: Option<f64>,
    label: Option<&str>,
) -> Result<Option<f64>> {
    let ratio = backing_ratio(layout, pixel_ratio);
    let (width, height) = (
        device_pixels(layout.width, ratio),
        device_pixels(layout.height, ratio),
    );
    let mut list = DisplayList::new();
    // The colours alone when the canvas shows the painting they change, at this size; else all.
    // Setting the size clears the canvas, resets the context's state and makes the browser
    // allocate a new backing store; a painting at the same size keeps the store, resets the
    // state a drawing relies on, and paints over what it paints.
    let (parts, painting) = match repainting {
        Some(painting) => {
            list.expect(painting, width, height);
            (Parts::ColorDependent, painting)
        }
        None => {
            let next = PAINTINGS.get() + 1.0;
            PAINTINGS.set(next);
            list.backing_store(width, height);
            list.stamp(next);
            (Parts::All, next)
        }
    };
    if parts == Parts::All {
        list.css_size(layout.width, layout.height);
    }
    if let Some(label) = label {
        list.attribute("role", "img");
        list.attribute("aria-label", label);
    }
    let cleared = match parts {
        Parts::All => vec![Rect {
            x: 0.0,
            y: 0.0,
            width: layout.width,
            height: layout.height,
        }],
        Parts::ColorDependent => color_regions(figure, layout),
    };
    let background = figure.theme.palette().background;
    for region in cleared {
        let (from, to) = device_corners(region, ratio);
        if to.0 > from.0 && to.1 > from.1 {
            match background {
                Some(rgb) => list.fill_rect(from, to, rgb)?,
                None => list.clear_rect(from, to),
            }
        }
    }
    let raster = uses_raster(layout);
    if raster {
        // The cells go on the cleared canvas before anything else, in bands through one buffer.
        if !list.replay(canvas)? {
            return Ok(None);
        }
        let context = context_2d(canvas)?;
        let mut buffer = Vec::new();
        paint_cells_raster(&context, &mut buffer, figure, layout, ratio)?;
    }
    add_color_bars(&mut list, figure, layout, ratio);
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
        parts,
    };
    draw_figure_on(&mut list, figure, layout, options)?;
    Ok(list.replay(canvas)?.then_some(painting))
}

/// Paints a slice on the whole canvas (a new painting: a colour change of the heatmap under
/// it then paints all of the heatmap again), and labels it for assistive technology.
pub fn paint_slice(
    canvas: &HtmlCanvasElement,
    slice: &SliceFigure,
    layout: &SliceLayout,
    pixel_ratio: f64,
    label: &str,
) -> Result<f64> {
    let (width, height) = (
        device_pixels(layout.width, pixel_ratio),
        device_pixels(layout.height, pixel_ratio),
    );
    let mut list = DisplayList::new();
    let next = PAINTINGS.get() + 1.0;
    PAINTINGS.set(next);
    list.backing_store(width, height);
    list.stamp(next);
    list.css_size(layout.width, layout.height);
    list.attribute("role", "img");
    list.attribute("aria-label", label);
    let all = Rect {
        x: 0.0,
        y: 0.0,
        width: layout.width,
        height: layout.height,
    };
    let (from, to) = device_corners(all, pixel_ratio);
    match slice.theme.palette().background {
        Some(rgb) => list.fill_rect(from, to, rgb)?,
        None => list.clear_rect(from, to),
    }
    let options = DrawOptions {
        pixel_ratio,
        background: false,
        ..DrawOptions::default()
    };
    draw_slice_on(&mut list, slice, layout, options)?;
    whole(list.replay(canvas)?.then_some(next))
}

/// A rectangle in CSS pixels as the device pixels a fill covers, its edges rounded as the core
/// rounds them.
fn device_corners(rect: Rect, ratio: f64) -> (Point, Point) {
    let px = |value: f64| (value * ratio).round() as i32;
    (
        (px(rect.x), px(rect.y)),
        (px(rect.right()), px(rect.bottom())),
    )
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

/// Each colour bar's stripes as one image in the list.
fn add_color_bars(list: &mut DisplayList, figure: &Figure, layout: &FigureLayout, ratio: f64) {
    for bar in &layout.color_bars {
        let Some(panel) = figure.panels.get(bar.panel) else {
            continue;
        };
        let stripes = remembered_stripes(&panel.scale, bar.bar.height, ratio);
        list.put_image(&mut color_bar_raster(stripes, bar.bar, ratio));
    }
}

/// How many colour bars' stripes the page remembers.
const REMEMBERED_STRIPES: usize = 16;

/// Stripes remembered: the colour map, its direction, the stripe count, and the stripes.
struct Stripes {
    map: ColorMap,
    reversed: bool,
    count: usize,
    colors: Vec<Rgb>,
}

thread_local! {
    /// Colour bars' stripes by colour map, direction and stripe count, the latest first. They
    /// depend on nothing else, so the bars of a figure (every panel's, usually) and of the
    /// figures after it share them; each stripe is an evaluation of the colour map's spline.
    static STRIPES: RefCell<Vec<Stripes>> = const { RefCell::new(Vec::new()) };
}

/// [`color_bar_stripes`] of a bar, remembered.
fn remembered_stripes(scale: &Scale, height: f64, ratio: f64) -> Vec<Rgb> {
    let count = stripe_count(height, ratio);
    STRIPES.with_borrow_mut(|remembered| {
        let found = remembered.iter().position(|stripes| {
            stripes.map == scale.map && stripes.reversed == scale.reversed && stripes.count == count
        });
        let entry = match found {
            Some(index) => remembered.remove(index),
            None => Stripes {
                map: scale.map,
                reversed: scale.reversed,
                count,
                colors: color_bar_stripes(scale, height, ratio),
            },
        };
        let stripes = entry.colors.clone();
        remembered.insert(0, entry);
        remembered.truncate(REMEMBERED_STRIPES);
        stripes
    })
}
