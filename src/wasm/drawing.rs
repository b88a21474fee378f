//! A prepared figure drawn on a canvas: what every figure handle does once it knows what to
//! draw.
//!
//! A [`Drawing`] keeps the canvas, the prepared [`Figure`], its [`FigureLayout`], the width the
//! layout was asked for and the pixel ratio the canvas was painted at. It paints (HiDPI, with
//! the raster pass for small cells), tells assistive technology what the figure shows through
//! the canvas' `aria-label`, answers hover queries (`hitTest`, `cellInfo`, `cellRect`) and makes
//! exports (SVG, another canvas, the data shown as CSV, a file name). `SweepFigure` and
//! `SweepPairwiseFigure` each hold one and delegate to it; they differ only in how they turn
//! their options and data into a [`Figure`].

use wasm_bindgen::JsValue;
use web_sys::HtmlCanvasElement;

use super::arguments::{self, given};
use super::canvas::{backing_ratio, paint, paint_labelled, repaint_colors, uses_raster};
#[cfg(feature = "exports")]
use super::dataset::{csv_export, CsvExportOptionsObject};
use super::{js_error, to_typed, CellRectObject, FigureSizeObject, ValueRangeObject};
use crate::color::Scale;
use crate::figure::{canvas_notes, CellInfo, Figure, FigureNotes};
use crate::layout::{layout_figure, FigureLayout, Hit};
#[cfg(feature = "exports")]
use crate::render::render_svg;
use crate::results::{FigureSize, ValueRange};
use crate::view::settings::PIXEL_RATIO;
use crate::view::{check_pixel_ratio, Surroundings};

/// What the page around a canvas offers as defaults: its parent's width, the screen's pixel
/// ratio and the colour scheme the reader prefers. (The sweep figure reads them leaving out what its options give: `surroundings_for`.)
#[cfg(feature = "pairwise")]
pub(crate) fn surroundings(canvas: &HtmlCanvasElement) -> Surroundings {
    surroundings_for(canvas, false, false)
}

/// The surroundings, leaving out what the options give: reading the container's width makes
/// the browser lay out the page first, which costs more than drawing a small figure, and reading
/// the screen's pixel ratio is a call into JavaScript. A dark colour scheme is preferred when
/// `matchMedia("(prefers-color-scheme: dark)")` matches (for the `auto` theme).
pub(crate) fn surroundings_for(
    canvas: &HtmlCanvasElement,
    width_given: bool,
    pixel_ratio_given: bool,
) -> Surroundings {
    Surroundings {
        container_width: if width_given {
            None
        } else {
            canvas
                .parent_element()
                .map(|parent| f64::from(parent.client_width()))
                .filter(|width| *width > 0.0)
        },
        device_pixel_ratio: if pixel_ratio_given {
            None
        } else {
            web_sys::window().map(|window| window.device_pixel_ratio())
        },
        dark_preferred: web_sys::window()
            .and_then(|window| window.match_media("(prefers-color-scheme: dark)").ok()?)
            .is_some_and(|query| query.matches()),
    }
}

/// What the figure shows, for assistive technology: the canvas' `aria-label`.
fn description(figure: &Figure) -> String {
    let mut text = String::new();
    for (index, panel) in figure.panels.iter().enumerate() {
        if index > 0 {
            text.push(' ');
        }
        text.push_str(&figure.describe_panel(panel));
    }
    text
}

/// A figure laid out and painted on a canvas.
pub(crate) struct Drawing {
    canvas: HtmlCanvasElement,
    figure: Figure,
    layout: FigureLayout,
    /// The width asked for, in CSS pixels (the layout draws narrower ones at its minimum).
    width: f64,
    /// The pixel ratio asked for (the canvas may get less when it would be too large).
    pixel_ratio: f64,
    /// The number of the painting on the canvas (see `canvas::repaint_colors`).
    painting: f64,
}

impl Drawing {
    /// Lays out `figure` at `width` CSS pixels and paints it on `canvas` at `pixel_ratio`.
    pub fn new(
        canvas: HtmlCanvasElement,
        figure: Figure,
        width: f64,
        pixel_ratio: f64,
    ) -> Result<Drawing, js_sys::Error> {
        let layout = layout_figure(&figure, width);
        let painting = paint_labelled(
            &canvas,
            &figure,
            &layout,
            pixel_ratio,
            &description(&figure),
        )
        .map_err(js_error)?;
        Ok(Drawing {
            canvas,
            figure,
            layout,
            width,
            pixel_ratio,
            painting,
        })
    }

    /// Lays `figure` out at `width` without painting it: for a figure whose canvas shows its
    /// slice (`chart: "slice"`), which is painted instead, so that the heatmap is never painted
    /// under it. A colour change later paints all of it (no painting of it is on the canvas).
    #[cfg(feature = "slice")]
    pub fn unpainted(
        canvas: HtmlCanvasElement,
        figure: Figure,
        width: f64,
        pixel_ratio: f64,
    ) -> Drawing {
        let layout = layout_figure(&figure, width);
        Drawing {
            canvas,
            figure,
            layout,
            width,
            pixel_ratio,
            painting: 0.0,
        }
    }

    /// Keeps a new figure (or the current one, for `None`) laid out at a width and pixel ratio
    /// without painting it, as [`Drawing::unpainted`]: its slice is painted instead.
    #[cfg(feature = "slice")]
    pub fn lay_out(&mut self, figure: Option<Figure>, width: f64, pixel_ratio: f64) {
        if figure.is_some() || width != self.width {
            self.layout = layout_figure(figure.as_ref().unwrap_or(&self.figure), width);
        }
        if let Some(figure) = figure {
            self.figure = figure;
        }
        self.width = width;
        self.pixel_ratio = pixel_ratio;
        self.painting = 0.0;
    }

    /// Draws a new figure (or the current one, for `None`) at a width and pixel ratio, and keeps
    /// it. The figure is laid out again only when it or the width changed. On error the current
    /// figure is put back on the canvas as far as possible and nothing changes.
    pub fn redraw(
        &mut self,
        figure: Option<Figure>,
        width: f64,
        pixel_ratio: f64,
    ) -> Result<(), js_sys::Error> {
        let shown = figure.as_ref().unwrap_or(&self.figure);
        let new_layout = if figure.is_some() || width != self.width {
            Some(layout_figure(shown, width))
        } else {
            None
        };
        let layout = new_layout.as_ref().unwrap_or(&self.layout);
        let painting = match paint_labelled(
            &self.canvas,
            shown,
            layout,
            pixel_ratio,
            &description(shown),
        ) {
            Ok(painting) => painting,
            Err(error) => {
                // Put the figure that is still current back on the canvas, as far as possible.
                self.paint_back();
                return Err(js_error(error));
            }
        };
        if let Some(figure) = figure {
            self.figure = figure;
        }
        if let Some(layout) = new_layout {
            self.layout = layout;
        }
        self.width = width;
        self.pixel_ratio = pixel_ratio;
        self.painting = painting;
        Ok(())
    }

    /// Repaints the current figure with other colour scales, one per panel, keeping its layout:
    /// a change of colour map changes no geometry, so only the cells and colour bars are painted
    /// again. On error the previous scales are put back.
    pub fn recolor(&mut self, scales: Vec<Scale>, pixel_ratio: f64) -> Result<(), js_sys::Error> {
        let mut previous: Vec<Scale> = Vec::with_capacity(self.figure.panels.len());
        for panel in &self.figure.panels {
            previous.push(panel.scale);
        }
        let set = |figure: &mut Figure, scales: &[Scale]| {
            for (panel, scale) in figure.panels.iter_mut().zip(scales) {
                panel.scale = *scale;
            }
        };
        set(&mut self.figure, &scales);
        // Only what the colours decide is painted again, over the rest of the drawing at the
        // same pixel ratio; at another ratio everything is.
        let painted = if pixel_ratio == self.pixel_ratio {
            let painting = self.painting;
            repaint_colors(
                &self.canvas,
                &self.figure,
                &self.layout,
                pixel_ratio,
                painting,
            )
        } else {
            paint(&self.canvas, &self.figure, &self.layout, pixel_ratio)
        };
        match painted {
            Ok(painting) => {
                self.painting = painting;
                self.pixel_ratio = pixel_ratio;
                Ok(())
            }
            Err(error) => {
                set(&mut self.figure, &previous);
                self.paint_back();
                Err(js_error(error))
            }
        }
    }

    /// Paints the current figure again after a failed drawing, as far as possible.
    fn paint_back(&mut self) {
        let label = description(&self.figure);
        if let Ok(painting) = paint_labelled(
            &self.canvas,
            &self.figure,
            &self.layout,
            self.pixel_ratio,
            &label,
        ) {
            self.painting = painting;
        }
    }

    /// The canvas drawn on.
    pub fn canvas(&self) -> &HtmlCanvasElement {
        &self.canvas
    }

    /// The prepared figure.
    pub fn figure(&self) -> &Figure {
        &self.figure
    }

    /// The figure's layout in CSS pixels.
    pub fn layout(&self) -> &FigureLayout {
        &self.layout
    }

    /// True when the cells are painted by the raster pass (cells under 4 CSS pixels).
    pub fn uses_raster(&self) -> bool {
        uses_raster(&self.layout)
    }

    /// The pixel ratio a canvas of this figure gets for `requested` (the drawing's own when
    /// `undefined` or `null`): less than asked when the backing store would exceed what
    /// browsers allow (see [`canvas::backing_ratio`]).
    pub fn backing_ratio(&self, requested: JsValue) -> Result<f64, js_sys::Error> {
        Ok(backing_ratio(
            &self.layout,
            self.pixel_ratio_argument(requested)?,
        ))
    }

    /// The notes about the canvas of this figure (see [`crate::figure::canvas_notes`]): drawn at
    /// its own pixel ratio, exported as a PNG at `export` (clamped as `pixelRatio` is).
    pub fn canvas_notes(&self, export: JsValue) -> Result<FigureNotes, js_sys::Error> {
        let export = self.pixel_ratio_argument(export)?;
        let (canvas, export) = canvas_notes(
            self.layout.width,
            self.layout.height,
            self.pixel_ratio,
            export,
        );
        Ok(FigureNotes {
            canvas,
            export,
            ..FigureNotes::default()
        })
    }

    /// The pixel ratio the drawing was asked for.
    #[cfg(feature = "slice")]
    pub fn pixel_ratio(&self) -> f64 {
        self.pixel_ratio
    }

    /// A `pixelRatio` argument, clamped to 1..=4; the drawing's own when `undefined` or `null`.
    pub(crate) fn pixel_ratio_argument(&self, value: JsValue) -> Result<f64, js_sys::Error> {
        match given(value) {
            None => Ok(self.pixel_ratio),
            Some(ratio) => {
                let ratio = ratio
                    .as_f64()
                    .ok_or_else(|| js_error(PIXEL_RATIO.invalid(&arguments::describe(&ratio))))?;
                check_pixel_ratio(ratio).map_err(js_error)
            }
        }
    }

    /// The figure's size in CSS pixels: `{ width, height }`.
    pub fn size(&self) -> Result<FigureSizeObject, js_sys::Error> {
        to_typed(&FigureSize {
            width: self.layout.width,
            height: self.layout.height,
        })
    }

    /// Where a fixed colour range starts: `{ min, max }` (see [`Figure::fixed_range_start`]).
    ///
    /// [`Figure::fixed_range_start`]: crate::figure::Figure::fixed_range_start
    pub fn fixed_range_start(&self) -> Result<ValueRangeObject, js_sys::Error> {
        let (min, max) = self.figure().fixed_range_start();
        to_typed(&ValueRange { min, max })
    }

    /// The cell under a point given in CSS pixels from the canvas' top-left corner.
    pub fn hit_test(&self, x: &JsValue, y: &JsValue) -> Result<Option<Hit>, js_sys::Error> {
        let expected = "a finite number of CSS pixels";
        let x = arguments::finite_number("x", expected, x)?;
        let y = arguments::finite_number("y", expected, y)?;
        Ok(self.layout.hit_test(x, y))
    }

    /// Panel, column and row arguments as a cell of the figure; `None` when any is out of
    /// range, an error when any is not a whole number.
    pub fn cell(
        &self,
        panel: &JsValue,
        x: &JsValue,
        y: &JsValue,
    ) -> Result<Option<Hit>, js_sys::Error> {
        let (Some(panel), Some(x), Some(y)) = (
            arguments::index("panel", panel)?,
            arguments::index("x", x)?,
            arguments::index("y", y)?,
        ) else {
            return Ok(None);
        };
        // A strip's cell is the column past the last or the row past the top (not both).
        let fits = self.figure.panels.get(panel).is_some_and(|shown| {
            let (columns, rows) = (shown.grid.columns(), shown.grid.rows());
            let strip = shown.marginals().is_some() && (x == columns) != (y == rows);
            (x < columns && y < rows) || (strip && x <= columns && y <= rows)
        });
        Ok(fits.then_some(Hit { panel, x, y }))
    }

    /// Everything about a cell of the figure.
    pub fn cell_info(&self, cell: Hit) -> Option<CellInfo> {
        self.figure.cell_info(cell.panel, cell.x, cell.y)
    }

    /// Where a cell is drawn, in CSS pixels from the canvas' top-left corner, or `None` when
    /// there is no such cell.
    pub fn cell_rect(
        &self,
        panel: &JsValue,
        x: &JsValue,
        y: &JsValue,
    ) -> Result<Option<CellRectObject>, js_sys::Error> {
        let Some(cell) = self.cell(panel, x, y)? else {
            return Ok(None);
        };
        self.layout
            .cell_rect(cell.panel, cell.x, cell.y)
            .map(|rect| to_typed(&rect))
            .transpose()
    }

    /// The figure as an SVG document at its CSS size.
    #[cfg(feature = "exports")]
    pub fn to_svg(&self) -> Result<String, js_sys::Error> {
        render_svg(&self.figure, &self.layout).map_err(js_error)
    }

    /// Draws the same figure on another canvas at a pixel ratio (clamped to 1..=4; the
    /// drawing's own when `undefined` or `null`).
    pub fn render_to(&self, canvas: JsValue, pixel_ratio: JsValue) -> Result<(), js_sys::Error> {
        let canvas = arguments::canvas(canvas)?;
        let ratio = self.pixel_ratio_argument(pixel_ratio)?;
        paint(&canvas, &self.figure, &self.layout, ratio)
            .map(drop)
            .map_err(js_error)
    }

    /// The data shown, as tidy CSV: one row per present cell of every panel, text fields
    /// written as `options` says (`CsvExportOptions`).
    #[cfg(feature = "exports")]
    pub fn shown_csv(
        &self,
        options: Option<CsvExportOptionsObject>,
    ) -> Result<String, js_sys::Error> {
        Ok(self.figure.shown_data_csv_as(csv_export(options)?))
    }

    /// A file name (without extension) for exports of the figure.
    pub fn file_stem(&self) -> String {
        self.figure.file_stem()
    }
}
