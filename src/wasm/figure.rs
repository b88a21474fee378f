//! The figure handle: a figure drawn on a canvas, kept prepared and laid out for hover queries,
//! updates and exports.
//!
//! A [`SweepFigure`] holds its own reference to the dataset, the options as chosen
//! ([`Settings`]) and as resolved ([`ResolvedOptions`]), and a `Drawing`: the prepared
//! [`Figure`], its [`FigureLayout`] and the canvas, which paints, answers hover queries and
//! makes the exports. `update`, `setDataset` and `resize` work out the new state completely
//! (options, figure, layout), draw it, and only then keep it: a failure leaves the previous
//! state, and the options it was drawn with, in place. A change of width or pixel ratio alone
//! does not prepare the figure again, and a change of pixel ratio alone does not lay it out
//! again.

use std::rc::Rc;

use wasm_bindgen::prelude::*;

use super::arguments;
#[cfg(feature = "exports")]
use super::dataset::CsvExportOptionsObject;
use super::dataset::SweepDataset;
use super::drawing::{surroundings_for, Drawing};
use super::slice::{self, prepare_chart, PreparedSlice, ShownSlice};
#[cfg(feature = "slice")]
use super::SlicePointObject;
use super::{
    js_error, to_typed, CellInfoObject, CellRectObject, FigureNotesObject, FigureOptionsObject,
    FigurePanelArray, FigureSizeObject, KeyObservationsObject, ResolvedOptionsObject,
    ValueRangeObject,
};
#[cfg(feature = "analyses")]
use super::{ObservationSectionArray, PanelReportArray, ReconciliationObject};
use crate::color::Scale;
#[cfg(feature = "exports")]
use crate::figure::figure_latex;
use crate::figure::Chart;
use crate::figure::{
    colour_note, key_observations, prepare_figure, uncertainty_note, Figure, FigureNotes,
    FigureOptions, KeyObservations, Observation, View,
};
#[cfg(feature = "slice")]
use crate::figure::{slice_description, SLICE_OBSERVATIONS};
use crate::layout::FigureLayout;
use crate::results::{sections, FigurePanelInfo, FigureSize, ShownObservations};
use crate::view::settings::{PIXEL_RATIO, SWEEP, WIDTH};
use crate::view::{resolve_options, OptionValue, Patch, ResolvedOptions, Settings};
use crate::Dataset;

/// A figure drawn on a canvas. Call `free()` when done with it.
#[wasm_bindgen]
pub struct SweepFigure {
    dataset: Rc<Dataset>,
    settings: Settings,
    options: ResolvedOptions,
    drawing: Drawing,
    /// With `chart: "slice"`, the slice of the drawing's figure, painted instead of it (the
    /// heatmap is then laid out, for its queries and exports, and never painted).
    slice: Option<ShownSlice>,
}

/// A figure options argument as a patch.
fn figure_patch(options: Option<FigureOptionsObject>) -> Result<Patch, js_sys::Error> {
    arguments::options_patch(options.map_or(JsValue::UNDEFINED, Into::into), &SWEEP)
}

#[wasm_bindgen]
impl SweepFigure {
    /// Prepares, lays out and draws a figure of `dataset` on `canvas` with `options` (see
    /// `FigureOptions`; every option has a default). Fails with an `Error` naming the option
    /// that is wrong, and then draws nothing.
    #[wasm_bindgen(constructor)]
    pub fn new(
        dataset: &SweepDataset,
        #[wasm_bindgen(unchecked_param_type = "HTMLCanvasElement")] canvas: JsValue,
        options: Option<FigureOptionsObject>,
    ) -> Result<SweepFigure, js_sys::Error> {
        let canvas = arguments::canvas(canvas)?;
        let patch = figure_patch(options)?;
        let dataset = dataset.shared();
        let settings = Settings::default().merged(&patch);
        let around = surroundings_for(&canvas, settings.has(&WIDTH), settings.has(&PIXEL_RATIO));
        let options = resolve_options(&settings, &dataset, &around).map_err(js_error)?;
        let figure = prepare_figure(&dataset, &options.figure_options()).map_err(js_error)?;
        let slice = prepare_chart(&dataset, &figure, &options)?;
        // A slice is painted alone: the heatmap it is read from is laid out, never painted.
        #[cfg(feature = "slice")]
        let drawing = match slice {
            Some(_) => Drawing::unpainted(canvas, figure, options.width, options.pixel_ratio),
            None => Drawing::new(canvas, figure, options.width, options.pixel_ratio)?,
        };
        #[cfg(not(feature = "slice"))]
        let drawing = Drawing::new(canvas, figure, options.width, options.pixel_ratio)?;
        let mut shown = SweepFigure {
            dataset,
            settings,
            options,
            drawing,
            slice: None,
        };
        shown.show_slice(slice)?;
        Ok(shown)
    }

    /// Merges `options` into the current ones and redraws. A field left out or `undefined`
    /// keeps its value; `null` resets it to its default. On error nothing changes.
    pub fn update(&mut self, options: Option<FigureOptionsObject>) -> Result<(), js_sys::Error> {
        self.apply(None, &figure_patch(options)?)
    }

    /// Shows another dataset, with `options` merged as in `update`. The options are checked
    /// against the new dataset (a model it lacks is an error); on error nothing changes.
    #[wasm_bindgen(js_name = setDataset)]
    pub fn set_dataset(
        &mut self,
        dataset: &SweepDataset,
        options: Option<FigureOptionsObject>,
    ) -> Result<(), js_sys::Error> {
        self.apply(Some(dataset.shared()), &figure_patch(options)?)
    }

    /// Every option with the value in use (`ResolvedFigureOptions`).
    pub fn options(&self) -> Result<ResolvedOptionsObject, js_sys::Error> {
        to_typed(&self.options)
    }

    /// Lays the figure out at a new width in CSS pixels and redraws it.
    pub fn resize(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
    ) -> Result<(), js_sys::Error> {
        let width = arguments::number(WIDTH.option, WIDTH.expects, &width)?;
        let mut patch = Patch::default();
        patch
            .set(&WIDTH, OptionValue::Number(width))
            .map_err(js_error)?;
        self.apply(None, &patch)
    }

    /// The pixel ratio a canvas of this figure gets when drawn at `pixelRatio` (the figure's own
    /// when left out): less than asked when the backing store would exceed what browsers allow
    /// (32,767 px a side, 16,777,216 px in all), e.g. for a PNG export of a very large figure.
    #[wasm_bindgen(js_name = backingRatio)]
    pub fn backing_ratio(
        &self,
        #[wasm_bindgen(js_name = pixelRatio, unchecked_optional_param_type = "number")]
        pixel_ratio: JsValue,
    ) -> Result<f64, js_sys::Error> {
        #[cfg(feature = "slice")]
        if let Some(slice) = &self.slice {
            let ratio = self.drawing.pixel_ratio_argument(pixel_ratio)?;
            return Ok(slice.backing_ratio(ratio));
        }
        self.drawing.backing_ratio(pixel_ratio)
    }

    /// What the page writes beside the figure (`FigureNotes`): the colour map a difference
    /// takes, the panels that cannot have uncertainty marks, and when the figure is too large for
    /// a canvas at full resolution, on screen or in a PNG export at `exportPixelRatio` (the
    /// figure's own when left out).
    pub fn notes(
        &self,
        #[wasm_bindgen(js_name = exportPixelRatio, unchecked_optional_param_type = "number")]
        export_pixel_ratio: JsValue,
    ) -> Result<FigureNotesObject, js_sys::Error> {
        #[cfg(feature = "slice")]
        if let Some(slice) = &self.slice {
            let export = self.drawing.pixel_ratio_argument(export_pixel_ratio)?;
            return to_typed(&slice.notes(self.drawing.pixel_ratio(), export));
        }
        let options = self.options.figure_options();
        let figure = self.drawing.figure();
        let notes = FigureNotes {
            colour: colour_note(&options),
            uncertainty: uncertainty_note(figure, &options),
            ..self.drawing.canvas_notes(export_pixel_ratio)?
        };
        to_typed(&notes)
    }

    /// The figure's size in CSS pixels: `{ width, height }` (a slice's, with `chart: "slice"`).
    pub fn size(&self) -> Result<FigureSizeObject, js_sys::Error> {
        match &self.slice {
            Some(slice) => {
                let (width, height) = slice.size();
                to_typed(&FigureSize { width, height })
            }
            None => self.drawing.size(),
        }
    }

    /// With `chart: "slice"`, the point nearest a place given in CSS pixels from the canvas'
    /// top-left corner, within 10 px; `undefined` when there is none (or no slice).
    #[cfg(feature = "slice")]
    #[wasm_bindgen(js_name = slicePoint)]
    pub fn slice_point_at(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
    ) -> Result<Option<SlicePointObject>, js_sys::Error> {
        let expected = "a finite number of CSS pixels";
        let x = arguments::finite_number("x", expected, &x)?;
        let y = arguments::finite_number("y", expected, &y)?;
        self.slice
            .as_ref()
            .and_then(|slice| slice.hit(x, y))
            .map(|point| to_typed(&point))
            .transpose()
    }

    /// With `chart: "slice"`, the point of a series at a position along the axis (for the
    /// keyboard); `undefined` when there is none.
    #[cfg(feature = "slice")]
    #[wasm_bindgen(js_name = slicePointOf)]
    pub fn slice_point_of(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] series: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] position: JsValue,
    ) -> Result<Option<SlicePointObject>, js_sys::Error> {
        let (Some(series), Some(position)) = (
            arguments::index("series", &series)?,
            arguments::index("position", &position)?,
        ) else {
            return Ok(None);
        };
        self.slice
            .as_ref()
            .and_then(|slice| slice.point(series, position))
            .map(|point| to_typed(&point))
            .transpose()
    }

    /// With `chart: "slice"`, how many positions its axis has (0 for a heatmap).
    #[cfg(feature = "slice")]
    #[wasm_bindgen(js_name = slicePositions)]
    pub fn slice_positions(&self) -> usize {
        self.slice.as_ref().map_or(0, ShownSlice::positions)
    }

    /// With `chart: "slice"`, the names of its series in legend order; empty for a heatmap.
    #[cfg(feature = "slice")]
    #[wasm_bindgen(js_name = sliceSeries)]
    pub fn slice_series(&self) -> Vec<String> {
        self.slice
            .as_ref()
            .map_or_else(Vec::new, ShownSlice::series)
    }

    /// Where a fixed colour range starts when a person picks one: `{ min, max }`, the smallest
    /// and largest value the figure colours (a reconciliation's difference left out), one
    /// either side when they are equal, 0 to 1 when no cell holds a value.
    #[wasm_bindgen(js_name = fixedRangeStart)]
    pub fn fixed_range_start(&self) -> Result<ValueRangeObject, js_sys::Error> {
        self.drawing.fixed_range_start()
    }

    /// The cell under a point given in CSS pixels from the canvas' top-left corner, or
    /// `undefined` when there is none.
    #[wasm_bindgen(js_name = hitTest)]
    pub fn hit_test(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
    ) -> Result<Option<CellInfoObject>, js_sys::Error> {
        if self.slice.is_some() {
            return Ok(None);
        }
        self.drawing
            .hit_test(&x, &y)?
            .and_then(|cell| self.drawing.cell_info(cell))
            .map(|info| to_typed(&info))
            .transpose()
    }

    /// Everything about one cell (row 0 = smallest y), or `undefined` when there is no such
    /// cell.
    #[wasm_bindgen(js_name = cellInfo)]
    pub fn cell_info(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] panel: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
    ) -> Result<Option<CellInfoObject>, js_sys::Error> {
        self.drawing
            .cell(&panel, &x, &y)?
            .and_then(|cell| self.drawing.cell_info(cell))
            .map(|info| to_typed(&info))
            .transpose()
    }

    /// Where a cell is drawn, in CSS pixels from the canvas' top-left corner, or `undefined`
    /// when there is no such cell.
    #[wasm_bindgen(js_name = cellRect)]
    pub fn cell_rect(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] panel: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
    ) -> Result<Option<CellRectObject>, js_sys::Error> {
        self.drawing.cell_rect(&panel, &x, &y)
    }

    /// The panels in reading order: `[{ title, model, benchmark, columns, rows, description,
    /// decimals, noiseEstimate, strips }]`.
    pub fn panels(&self) -> Result<FigurePanelArray, js_sys::Error> {
        let figure = self.drawing.figure();
        let mut panels: Vec<FigurePanelInfo<'_>> = Vec::with_capacity(figure.panels.len());
        for panel in &figure.panels {
            panels.push(FigurePanelInfo {
                title: &panel.title,
                model: panel.model.as_deref(),
                benchmark: panel.benchmark.as_deref(),
                columns: panel.grid.columns(),
                rows: panel.grid.rows(),
                description: figure.describe_panel(panel),
                decimals: panel.decimals,
                noise_estimate: figure.has_noise_estimate(panel),
                strips: panel.marginals().is_some(),
            });
        }
        to_typed(&panels)
    }

    /// Each panel's summary, trends, peak and worst cells and description.
    #[cfg(feature = "analyses")]
    pub fn reports(&self) -> Result<PanelReportArray, js_sys::Error> {
        to_typed(&self.drawing.figure().reports())
    }

    /// Key observations: one section per panel and one across panels, each sentence with the
    /// structured claim it states. The uncertainty caveat uses the `uncertainty` level, or 95 %
    /// when the marks are off.
    #[cfg(feature = "analyses")]
    pub fn observations(&self) -> Result<ObservationSectionArray, js_sys::Error> {
        to_typed(&sections(&self.observation_sections()))
    }

    /// Everything the page writes under the figure (`KeyObservations`): the panels' sections,
    /// the ones across panels, who is ahead how often for a difference, the mismatch table of a
    /// reconciliation (largest gap first) and the canvas' accessible description.
    #[wasm_bindgen(js_name = keyObservations)]
    pub fn key_observations(&self) -> Result<KeyObservationsObject, js_sys::Error> {
        let observations = self.all_observations();
        let (panels, across) = observations.split();
        // Under a slice the canvas' description says whose observations they are.
        #[cfg(feature = "slice")]
        let description = match self.slice {
            Some(_) => slice_description(&observations.description()),
            None => observations.description(),
        };
        #[cfg(not(feature = "slice"))]
        let description = observations.description();
        to_typed(&ShownObservations {
            shows: observations.shows.as_deref(),
            panels: sections(panels),
            across: sections(across),
            difference: observations.difference.as_ref(),
            mismatches: observations.mismatches.as_ref(),
            description,
            #[cfg(feature = "slice")]
            scope: self.slice.as_ref().map(|_| SLICE_OBSERVATIONS),
        })
    }

    /// The key observations as Markdown, to copy into a paper or a README: every section, and
    /// for a difference or a reconciliation what `keyObservations` adds. With a slice: its
    /// title, what it shows and a table of its points first, then the observations, said to be
    /// about the heatmap's cells it is read from.
    #[cfg(feature = "exports")]
    #[wasm_bindgen(js_name = observationsMarkdown)]
    pub fn observations_markdown(&self) -> String {
        #[cfg(feature = "slice")]
        if let Some(slice) = &self.slice {
            return format!(
                "{}\n{SLICE_OBSERVATIONS}\n\n{}",
                slice.markdown(),
                self.all_observations().markdown()
            );
        }
        self.all_observations().markdown()
    }

    /// The shown panels as LaTeX, to paste into a paper: one booktabs table per panel, rows the
    /// y values (largest on top), columns the x values, values as the cells write them, peaks
    /// (every tie) in bold, and a caption saying what each shows. A slice's: one table, a row
    /// per value along its axis, a column per line, intervals in brackets.
    #[cfg(feature = "exports")]
    pub fn latex(&self) -> String {
        #[cfg(feature = "slice")]
        if let Some(slice) = &self.slice {
            return slice.latex();
        }
        figure_latex(self.drawing.figure())
    }

    /// For the `"reconcile"` layout: the reported and recomputed cells compared, with every
    /// mismatch beyond rounding; `undefined` for other layouts.
    #[cfg(feature = "analyses")]
    pub fn reconciliation(&self) -> Result<Option<ReconciliationObject>, js_sys::Error> {
        self.drawing
            .figure()
            .reconciliation()
            .map(to_typed)
            .transpose()
    }

    /// The figure as an SVG document at its CSS size: every cell a `<rect>`, text as text.
    #[cfg(feature = "exports")]
    #[wasm_bindgen(js_name = toSvg)]
    pub fn to_svg(&self) -> Result<String, js_sys::Error> {
        if let Some(slice) = &self.slice {
            return slice.svg();
        }
        self.drawing.to_svg()
    }

    /// Draws the same figure on another canvas at a pixel ratio (clamped to 1..=4; the figure's
    /// own when left out), e.g. at 2 for a PNG export.
    #[wasm_bindgen(js_name = renderTo)]
    pub fn render_to(
        &self,
        #[wasm_bindgen(unchecked_param_type = "HTMLCanvasElement")] canvas: JsValue,
        #[wasm_bindgen(js_name = pixelRatio, unchecked_optional_param_type = "number")]
        pixel_ratio: JsValue,
    ) -> Result<(), js_sys::Error> {
        #[cfg(feature = "slice")]
        if let Some(slice) = &self.slice {
            let ratio = self.drawing.pixel_ratio_argument(pixel_ratio)?;
            return slice.render_to(arguments::canvas(canvas)?, ratio);
        }
        self.drawing.render_to(canvas, pixel_ratio)
    }

    /// The data shown, as tidy CSV: one row per present cell of every panel (a slice: per
    /// point of every line, with its count and interval), safe to open in a spreadsheet unless
    /// `options.raw` is true (`CsvExportOptions`).
    #[cfg(feature = "exports")]
    #[wasm_bindgen(js_name = shownCsv)]
    pub fn shown_csv(
        &self,
        options: Option<CsvExportOptionsObject>,
    ) -> Result<String, js_sys::Error> {
        #[cfg(feature = "slice")]
        if let Some(slice) = &self.slice {
            return slice.csv(options);
        }
        self.drawing.shown_csv(options)
    }

    /// The dataset this figure shows, as sweepmap's JSON (`SweepDataset.toJson()`): what
    /// `withExports` (`www/lib/sweepmap.js`) draws the same figure from in the package that has
    /// the exports, with `options()`.
    #[wasm_bindgen(js_name = datasetJson)]
    pub fn dataset_json(&self) -> String {
        crate::to_json(&self.dataset)
    }

    /// A file name (without extension) for exports of this figure, e.g. `r1-qwen_aime24`.
    #[wasm_bindgen(js_name = fileStem)]
    pub fn file_stem(&self) -> String {
        self.drawing.file_stem()
    }
}

impl SweepFigure {
    /// The key observations of the figure as shown.
    pub fn observation_sections(&self) -> Vec<(String, Vec<Observation>)> {
        self.all_observations().sections
    }

    /// The key observations with what a difference or a reconciliation adds.
    pub fn all_observations(&self) -> KeyObservations {
        let level = self
            .options
            .uncertainty
            .unwrap_or(crate::figure::DEFAULT_LEVEL);
        key_observations(
            &self.dataset,
            self.drawing.figure(),
            &self.options.view(),
            Some(level),
        )
    }

    /// The prepared figure.
    pub fn figure(&self) -> &Figure {
        self.drawing.figure()
    }

    /// The figure's layout in CSS pixels.
    pub fn layout(&self) -> &FigureLayout {
        self.drawing.layout()
    }

    /// The options in use.
    pub fn resolved_options(&self) -> &ResolvedOptions {
        &self.options
    }

    /// True when the cells are painted by the raster pass (cells under 4 CSS pixels).
    pub fn uses_raster(&self) -> bool {
        self.drawing.uses_raster()
    }

    /// Lays out and paints a slice over the drawing (or keeps none, for a heatmap).
    fn show_slice(&mut self, slice: Option<PreparedSlice>) -> Result<(), js_sys::Error> {
        self.slice = None;
        self.slice = slice::show(
            slice,
            self.drawing.canvas(),
            self.options.width,
            self.options.pixel_ratio,
        )?;
        Ok(())
    }

    /// Works out the state for a patch (and maybe another dataset), draws it, and keeps it. The
    /// figure is prepared again only when the dataset or what it shows changed, and laid out
    /// again only when the figure or the width changed. Nothing changes on error.
    fn apply(&mut self, dataset: Option<Rc<Dataset>>, patch: &Patch) -> Result<(), js_sys::Error> {
        let new_dataset = dataset.filter(|dataset| !Rc::ptr_eq(dataset, &self.dataset));
        let data = new_dataset.as_ref().unwrap_or(&self.dataset);
        let settings = self.settings.merged(patch);
        let around = surroundings_for(
            self.drawing.canvas(),
            settings.has(&WIDTH),
            settings.has(&PIXEL_RATIO),
        );
        let options = resolve_options(&settings, data, &around).map_err(js_error)?;
        let figure_options = options.figure_options();
        let current = self.options.figure_options();
        let slice_only = options.chart == Chart::Slice || self.options.chart == Chart::Slice;
        if new_dataset.is_none() && options.width == self.options.width && !slice_only {
            if let Some(scales) = recolored(self.drawing.figure(), &current, &figure_options) {
                self.drawing.recolor(scales, options.pixel_ratio)?;
                self.settings = settings;
                self.options = options;
                return Ok(());
            }
        }
        let new_figure = if new_dataset.is_some() || figure_options != current {
            Some(prepare_figure(data, &figure_options).map_err(js_error)?)
        } else {
            None
        };
        // The slice is prepared before anything is drawn, so that a refusal changes nothing.
        let slice = prepare_chart(
            data,
            new_figure.as_ref().unwrap_or(self.drawing.figure()),
            &options,
        )?;
        #[cfg(feature = "slice")]
        match slice {
            Some(_) => self
                .drawing
                .lay_out(new_figure, options.width, options.pixel_ratio),
            None => self
                .drawing
                .redraw(new_figure, options.width, options.pixel_ratio)?,
        }
        #[cfg(not(feature = "slice"))]
        self.drawing
            .redraw(new_figure, options.width, options.pixel_ratio)?;
        if let Some(dataset) = new_dataset {
            self.dataset = dataset;
        }
        self.settings = settings;
        self.options = options;
        self.show_slice(slice)
    }
}

/// The panels' scales after a change of colour map or direction alone, or `None` when anything
/// else changed too (then the figure is prepared again). Only the views whose panels all take
/// the chosen map as it is qualify: a difference (and a reconciliation's difference panel)
/// swaps a sequential map for a diverging one, which `prepare_figure` decides.
fn recolored(figure: &Figure, current: &FigureOptions, next: &FigureOptions) -> Option<Vec<Scale>> {
    let colours_only = FigureOptions {
        color_map: current.color_map,
        reversed: current.reversed,
        ..next.clone()
    } == *current;
    let plain_view = matches!(
        next.view,
        View::Model { .. } | View::Benchmark { .. } | View::Grid
    );
    let changed = next.color_map != current.color_map || next.reversed != current.reversed;
    (colours_only && plain_view && changed).then(|| {
        let mut scales = Vec::with_capacity(figure.panels.len());
        for panel in &figure.panels {
            let scale = panel.domain.scale(next.color_map, next.reversed);
            scales.push(scale.with(panel.scale.transform));
        }
        scales
    })
}
