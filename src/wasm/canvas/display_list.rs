//! A figure's vector drawing recorded in wasm memory and replayed on the canvas in one call.
//!
//! Drawing a figure is a few hundred canvas calls (a rectangle per cell, a label per cell,
//! ticks, titles). Made one by one from wasm, each goes through wasm-bindgen's glue: a wrapper
//! call and, for every colour, font and label, a string decoded from wasm memory. On a page
//! whose code is not yet optimised that glue costs several times the canvas work itself. So
//! [`DisplayList`] is the [`Surface`] the core draws on: it records the calls as numbers and
//! strings, and `replay.js` makes them all from JavaScript in one crossing.
//!
//! The list also puts the canvas' state changes in order:
//! - each piece of context state (fill, stroke, line width, font, alignment) is set only when
//!   it changes;
//! - text is drawn after every shape, grouped by font and then colour (stably, so texts of one
//!   style keep their order), because setting a font costs a parse in the browser and the
//!   figure's labels alternate between a few styles. The core draws text only over shapes that
//!   come before it (cells, outlines, the parity line) and never has a shape cross a label, so
//!   the pixels are those of drawing in the core's order.

use plotters::style::text_anchor::{HPos, VPos};
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

use crate::color::Rgb;
use crate::render::{Font, Point, Raster, Rgba, Surface};
use crate::sort::sort_by;
use crate::{Error, Result};

#[wasm_bindgen(module = "/src/wasm/canvas/replay.js")]
extern "C" {
    /// Makes the recorded calls on `context`.
    #[wasm_bindgen(catch)]
    fn replay(
        canvas: &HtmlCanvasElement,
        ops: &[f64],
        pool: &str,
        ends: &[u32],
        images: &[u8],
    ) -> std::result::Result<bool, JsValue>;
}

/// Declares each opcode as an `f64` constant (the list holds numbers) and lists them all, with
/// their names, in [`OPCODES`].
macro_rules! opcodes {
    ($($(#[$doc:meta])* $name:ident = $code:literal;)*) => {
        $($(#[$doc])* const $name: f64 = $code as f64;)*
        /// Every opcode by the name replay.js gives it, in order.
        pub const OPCODES: &[(&str, f64)] = &[$((stringify!($name), $name)),*];
    };
}

// The opcodes of replay.js, each followed by its operands. replay.js names them the same
// (`const OP_FILL_STYLE = 0;` ...), and a wasm test holds its names and numbers to [`OPCODES`].
opcodes! {
    /// Fill style: string.
    OP_FILL_STYLE = 0;
    /// Stroke style: string.
    OP_STROKE_STYLE = 1;
    /// Line width in device pixels.
    OP_LINE_WIDTH = 2;
    /// Font: string.
    OP_FONT = 3;
    /// Text align: string.
    OP_ALIGN = 4;
    /// Text baseline: string.
    OP_BASELINE = 5;
    /// Filled rectangle: x, y, width, height.
    OP_FILL_RECT = 6;
    /// Stroked rectangle: x, y, width, height.
    OP_STROKE_RECT = 7;
    /// Line: x0, y0, x1, y1.
    OP_LINE = 8;
    /// Filled polygon: point count, then x and y of each point.
    OP_POLYGON = 9;
    /// Filled circle: x, y, radius.
    OP_CIRCLE = 10;
    /// Text: string, x, y.
    OP_TEXT = 11;
    /// Text reading bottom to top: string, x, y (turned 270 degrees about that point).
    OP_TURNED_TEXT = 12;
    /// The backing store's size: width, height in device pixels. Set when it differs (which clears
    /// the canvas and its context's state); else the transform, global alpha and compositing are
    /// reset to the defaults a drawing relies on.
    OP_BACKING_STORE = 13;
    /// An image from `images`: offset in bytes, width, height, x, y (device pixels).
    OP_PUT_IMAGE = 14;
    /// The canvas' CSS size: width, height in CSS pixels.
    OP_CSS_SIZE = 15;
    /// An attribute of the canvas: name, value (strings).
    OP_ATTRIBUTE = 16;
    /// Marks the canvas as showing a painting: its number.
    OP_STAMP = 17;
    /// Stops the replay, having drawn nothing, unless the canvas shows the painting numbered so at
    /// this backing store size: number, width, height; then resets the state as
    /// [`OP_BACKING_STORE`] does.
    OP_EXPECT = 18;
    /// Cleared rectangle (transparent): x, y, width, height.
    OP_CLEAR_RECT = 19;
}

/// The context state last set through the list; `None` where it is not known.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct ContextState {
    fill: Option<Rgb>,
    stroke: Option<Rgb>,
    line_width: Option<f64>,
    font: Option<FontKey>,
    align: Option<HAlign>,
    baseline: Option<Baseline>,
}

/// A font as the canvas sees it: weight and size in device pixels (as bits, to compare exactly).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct FontKey {
    bold: bool,
    size: u64,
}

/// `textAlign`, as plotters-canvas sets it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum HAlign {
    Start,
    End,
    Center,
}

/// `textBaseline`, as plotters-canvas sets it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Baseline {
    Top,
    Middle,
    Bottom,
}

/// A text waiting for the text pass.
struct PendingText {
    font: FontKey,
    ink: Rgb,
    align: HAlign,
    baseline: Baseline,
    turned: bool,
    text: u32,
    at: Point,
}

/// A [`Surface`] that records canvas calls for one [`DisplayList::replay`].
#[derive(Default)]
pub struct DisplayList {
    ops: Vec<f64>,
    /// Every string, one after another.
    pool: String,
    /// Where each string ends in `pool`, in UTF-16 code units (JavaScript's string indices).
    ends: Vec<u32>,
    /// The pool's length in UTF-16 code units.
    pool_length: u32,
    /// The RGBA pixels of the images, one after another.
    images: Vec<Rgba>,
    texts: Vec<PendingText>,
    state: ContextState,
}

/// A piece of state the canvas takes as a string.
#[derive(Debug, Clone, Copy)]
enum StateString {
    Color(Rgb),
    Font(FontKey),
    Align(HAlign),
    Baseline(Baseline),
}

impl DisplayList {
    /// An empty list for a context whose state is unknown: the first use of each piece of state
    /// sets it.
    pub fn new() -> DisplayList {
        DisplayList::default()
    }

    /// Makes the recorded calls on the canvas' 2D context (texts waiting for their pass
    /// included) and empties the list, which then records what comes after them. False when an
    /// [`expect`](DisplayList::expect) stopped it.
    pub fn replay(&mut self, canvas: &HtmlCanvasElement) -> Result<bool> {
        self.flush_texts();
        let images = self.images.as_flattened();
        let done = replay(canvas, &self.ops, &self.pool, &self.ends, images);
        self.ops.clear();
        self.pool.clear();
        self.ends.clear();
        self.pool_length = 0;
        self.images.clear();
        done.map_err(|error| Error::Drawing {
            message: format!(
                "could not draw on the canvas: {}",
                super::super::arguments::message_of(&error)
            ),
        })
    }

    /// Gives the canvas a backing store of `width` x `height` device pixels, or, when it has
    /// that size, resets the transform, global alpha and compositing, which a drawing before may
    /// have changed. The rest of the state is set as it is used.
    pub fn backing_store(&mut self, width: u32, height: u32) {
        self.op(OP_BACKING_STORE, &[f64::from(width), f64::from(height)]);
        self.state = ContextState::default();
    }

    /// Sets the canvas' CSS size (its `style` width and height) in CSS pixels.
    pub fn css_size(&mut self, width: f64, height: f64) {
        self.op(OP_CSS_SIZE, &[width, height]);
    }

    /// Sets an attribute of the canvas.
    pub fn attribute(&mut self, name: &str, value: &str) {
        let name = self.string(name);
        let value = self.string(value);
        self.op(OP_ATTRIBUTE, &[f64::from(name), f64::from(value)]);
    }

    /// Makes the replay stop here unless the canvas shows the painting numbered `painting` with
    /// a backing store of `width` x `height`: first in a list that paints over a painting, so
    /// that a canvas showing anything else is left as it is. Then resets the state a drawing
    /// relies on.
    pub fn expect(&mut self, painting: f64, width: u32, height: u32) {
        self.op(OP_EXPECT, &[painting, f64::from(width), f64::from(height)]);
        self.state = ContextState::default();
    }

    /// Makes a rectangle transparent, for a theme without a background.
    pub fn clear_rect(&mut self, from: Point, to: Point) {
        self.op(OP_CLEAR_RECT, &corners(from, to));
    }

    /// Marks the canvas with the number of the painting it now shows.
    pub fn stamp(&mut self, painting: f64) {
        self.op(OP_STAMP, &[painting]);
    }

    /// Puts a raster at its device-pixel position (through `putImageData`: its pixels replace
    /// the canvas' there). For small images (colour bars); large ones go straight to the canvas
    /// in bands.
    pub fn put_image(&mut self, raster: &mut Raster<'_>) {
        let (width, height) = raster.size();
        if width == 0 || height == 0 {
            return;
        }
        let (x, y) = raster.origin();
        let mut pixels = Vec::new();
        raster.write_rows(0..height, &mut pixels);
        let offset = self.images.len() * 4;
        self.images.append(&mut pixels);
        self.op(
            OP_PUT_IMAGE,
            &[
                offset as f64,
                width as f64,
                height as f64,
                f64::from(x),
                f64::from(y),
            ],
        );
    }

    /// Adds a string to the pool; its index for the ops.
    fn string(&mut self, text: &str) -> u32 {
        self.pool.push_str(text);
        let units: usize = text.chars().map(char::len_utf16).sum();
        self.pool_length = self
            .pool_length
            .saturating_add(u32::try_from(units).unwrap_or(u32::MAX));
        self.ends.push(self.pool_length);
        u32::try_from(self.ends.len() - 1).unwrap_or(u32::MAX)
    }

    /// Writes the string of a piece of state; its index for the ops. Each is written when it
    /// is set, which the state tracking and the grouping of texts make rare.
    fn state_string(&mut self, key: StateString) -> u32 {
        match key {
            StateString::Color(rgb) => self.string(css_hex(rgb).as_str()),
            StateString::Font(font) => {
                let weight = if font.bold { "bold" } else { "normal" };
                let size = crate::float_text::Shortest(f64::from_bits(font.size));
                self.string(&format!("{weight} {size}px sans-serif"))
            }
            StateString::Align(align) => self.string(match align {
                HAlign::Start => "start",
                HAlign::End => "end",
                HAlign::Center => "center",
            }),
            StateString::Baseline(baseline) => self.string(match baseline {
                Baseline::Top => "top",
                Baseline::Middle => "middle",
                Baseline::Bottom => "bottom",
            }),
        }
    }

    fn op(&mut self, code: f64, operands: &[f64]) {
        self.ops.push(code);
        self.ops.extend_from_slice(operands);
    }

    fn string_op(&mut self, code: f64, key: StateString) {
        let index = self.state_string(key);
        self.op(code, &[f64::from(index)]);
    }

    fn fill_color(&mut self, rgb: Rgb) {
        if self.state.fill != Some(rgb) {
            self.string_op(OP_FILL_STYLE, StateString::Color(rgb));
            self.state.fill = Some(rgb);
        }
    }

    fn line_style(&mut self, rgb: Rgb, width: f64) {
        if self.state.stroke != Some(rgb) {
            self.string_op(OP_STROKE_STYLE, StateString::Color(rgb));
            self.state.stroke = Some(rgb);
        }
        if self.state.line_width != Some(width) {
            self.op(OP_LINE_WIDTH, &[width]);
            self.state.line_width = Some(width);
        }
    }

    /// Sets what a text needs: font first (the costly one), colour, alignment.
    fn text_style(&mut self, text: &PendingText) {
        if self.state.font != Some(text.font) {
            self.string_op(OP_FONT, StateString::Font(text.font));
            self.state.font = Some(text.font);
        }
        self.fill_color(text.ink);
        if self.state.align != Some(text.align) {
            self.string_op(OP_ALIGN, StateString::Align(text.align));
            self.state.align = Some(text.align);
        }
        if self.state.baseline != Some(text.baseline) {
            self.string_op(OP_BASELINE, StateString::Baseline(text.baseline));
            self.state.baseline = Some(text.baseline);
        }
    }

    /// The text pass: every waiting text, grouped by font, colour and alignment.
    fn flush_texts(&mut self) {
        let mut texts = std::mem::take(&mut self.texts);
        sort_by(&mut texts, |a, b| {
            (a.font, rgb_key(a.ink), a.align, a.baseline, a.turned).cmp(&(
                b.font,
                rgb_key(b.ink),
                b.align,
                b.baseline,
                b.turned,
            ))
        });
        for text in &texts {
            self.text_style(text);
            let code = if text.turned { OP_TURNED_TEXT } else { OP_TEXT };
            let (x, y) = (f64::from(text.at.0), f64::from(text.at.1));
            self.op(code, &[f64::from(text.text), x, y]);
        }
    }
}

fn rgb_key(rgb: Rgb) -> u32 {
    u32::from_be_bytes([0, rgb.r, rgb.g, rgb.b])
}

/// A colour as CSS `#rrggbb` (cheaper to write and for the browser to parse than `rgba()`),
/// written without the formatting machinery.
pub(super) struct CssHex([u8; 7]);

impl CssHex {
    pub(super) fn as_str(&self) -> &str {
        std::str::from_utf8(&self.0).unwrap_or("#000000")
    }
}

pub(super) fn css_hex(rgb: Rgb) -> CssHex {
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
/// of pixels instead of blurring over two (as plotters-canvas does).
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
fn corners(from: Point, to: Point) -> [f64; 4] {
    [
        f64::from(from.0),
        f64::from(from.1),
        f64::from(to.0) - f64::from(from.0),
        f64::from(to.1) - f64::from(from.1),
    ]
}

impl Surface for DisplayList {
    fn fill_rect(&mut self, from: Point, to: Point, rgb: Rgb) -> Result<()> {
        self.fill_color(rgb);
        self.op(OP_FILL_RECT, &corners(from, to));
        Ok(())
    }

    fn stroke_rect(&mut self, from: Point, to: Point, rgb: Rgb, width: f64) -> Result<()> {
        self.line_style(rgb, width);
        self.op(OP_STROKE_RECT, &corners(from, to));
        Ok(())
    }

    fn line(&mut self, from: Point, to: Point, rgb: Rgb, width: f64) -> Result<()> {
        let (from, to) = crisp_line(from, to);
        self.line_style(rgb, width);
        self.op(OP_LINE, &[from.0, from.1, to.0, to.1]);
        Ok(())
    }

    fn fill_polygon(&mut self, points: &[Point], rgb: Rgb) -> Result<()> {
        if points.is_empty() {
            return Ok(());
        }
        self.fill_color(rgb);
        self.ops.push(OP_POLYGON);
        self.ops.push(points.len() as f64);
        for point in points {
            self.ops.push(f64::from(point.0));
            self.ops.push(f64::from(point.1));
        }
        Ok(())
    }

    fn fill_circle(&mut self, centre: Point, radius: u32, rgb: Rgb) -> Result<()> {
        self.fill_color(rgb);
        let (x, y) = (f64::from(centre.0), f64::from(centre.1));
        self.op(OP_CIRCLE, &[x, y, f64::from(radius)]);
        Ok(())
    }

    fn text(&mut self, text: &str, at: Point, font: &Font) -> Result<()> {
        let text = self.string(text);
        self.texts.push(PendingText {
            font: FontKey {
                bold: font.bold,
                size: font.size.to_bits(),
            },
            ink: font.ink,
            align: match font.horizontal {
                HPos::Left => HAlign::Start,
                HPos::Right => HAlign::End,
                HPos::Center => HAlign::Center,
            },
            baseline: match font.vertical {
                VPos::Top => Baseline::Top,
                VPos::Center => Baseline::Middle,
                VPos::Bottom => Baseline::Bottom,
            },
            turned: font.rotated,
            text,
            at,
        });
        Ok(())
    }

    fn present(&mut self) -> Result<()> {
        Ok(())
    }
}
