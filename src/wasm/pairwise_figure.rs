//! The pairwise figure handle: every pair of chosen models as a 2D histogram of their per-item
//! scores, drawn on a canvas by the same machinery as sweeps.
//!
//! A [`SweepPairwiseFigure`] holds its own reference to the scores, the options as chosen
//! ([`Settings`]) and as resolved ([`ResolvedPairwiseOptions`]), the comparison behind
//! each panel (in panel order, for their statistics and for hover), and a `Drawing`, shared with
//! `SweepFigure`, that paints, answers hover queries and makes the exports. As there, `update`,
//! `setData` and `resize` work out the new state completely, draw it and only then keep it; a
//! failure changes nothing.

use std::rc::Rc;

use wasm_bindgen::prelude::*;

use super::arguments;
use super::dataset::CsvExportOptionsObject;
use super::drawing::{surroundings, Drawing};
use super::pairwise::{pair_statistics, SweepPairwise};
use super::{
    js_error, to_plain_object, to_typed, CellRectObject, ComparisonsSummaryObject,
    FigureNotesObject, FigureSizeObject, PairStatisticsArray, PairwiseCellInfoObject,
    PairwiseFigureOptionsObject, PairwisePanelArray, ResolvedPairwiseOptionsObject,
    ValueRangeObject,
};
use crate::figure::{
    bin_announcement, bin_range_text, bin_share_text, comparisons_markdown, default_models_note,
    default_pairwise_models, prepare_pairwise_figure, summarize_comparisons, CellInfo, Figure,
    ModelsControl,
};
use crate::layout::{FigureLayout, Hit};
use crate::pairwise::{PairComparison, PairwiseDataset};
use crate::results::{BinDetails, PairwisePanelInfo};
use crate::view::settings::{PAIRWISE, WIDTH};
use crate::view::{
    merge_pairwise, resolve_pairwise_options, OptionValue, Patch, ResolvedPairwiseOptions, Settings,
};

/// Every pair of chosen models as a histogram of per-item scores, drawn on a canvas. Call
/// `free()` when done with it.
#[wasm_bindgen]
pub struct SweepPairwiseFigure {
    pairwise: Rc<PairwiseDataset>,
    settings: Settings,
    options: ResolvedPairwiseOptions,
    drawing: Drawing,
}

/// A pairwise figure options argument as a patch.
fn pairwise_patch(options: Option<PairwiseFigureOptionsObject>) -> Result<Patch, js_sys::Error> {
    arguments::options_patch(options.map_or(JsValue::UNDEFINED, Into::into), &PAIRWISE)
}

/// The figure of a dataset with resolved options (it keeps the comparison behind each panel).
fn prepare(
    dataset: &PairwiseDataset,
    options: &ResolvedPairwiseOptions,
) -> Result<Figure, js_sys::Error> {
    prepare_pairwise_figure(dataset, &options.figure_options()).map_err(js_error)
}

#[wasm_bindgen]
impl SweepPairwiseFigure {
    /// Prepares, lays out and draws every pair's histogram of `pairwise` on `canvas` with
    /// `options` (see `PairwiseFigureOptions`; every option has a default). Fails with an
    /// `Error` naming the option that is wrong, and then draws nothing.
    #[wasm_bindgen(constructor)]
    pub fn new(
        pairwise: &SweepPairwise,
        #[wasm_bindgen(unchecked_param_type = "HTMLCanvasElement")] canvas: JsValue,
        options: Option<PairwiseFigureOptionsObject>,
    ) -> Result<SweepPairwiseFigure, js_sys::Error> {
        let canvas = arguments::canvas(canvas)?;
        let patch = pairwise_patch(options)?;
        let pairwise = pairwise.shared();
        let settings = merge_pairwise(&Settings::default(), &patch);
        let options = resolve_pairwise_options(&settings, &pairwise, &surroundings(&canvas))
            .map_err(js_error)?;
        let figure = prepare(&pairwise, &options)?;
        let drawing = Drawing::new(canvas, figure, options.width, options.pixel_ratio)?;
        Ok(SweepPairwiseFigure {
            pairwise,
            settings,
            options,
            drawing,
        })
    }

    /// Merges `options` into the current ones and redraws. A field left out or `undefined`
    /// keeps its value; `null` resets it to its default. On error nothing changes.
    pub fn update(
        &mut self,
        options: Option<PairwiseFigureOptionsObject>,
    ) -> Result<(), js_sys::Error> {
        self.apply(None, &pairwise_patch(options)?)
    }

    /// Shows other scores, with `options` merged as in `update`. The options are checked
    /// against the new scores (a model they lack is an error); on error nothing changes.
    #[wasm_bindgen(js_name = setData)]
    pub fn set_data(
        &mut self,
        pairwise: &SweepPairwise,
        options: Option<PairwiseFigureOptionsObject>,
    ) -> Result<(), js_sys::Error> {
        self.apply(Some(pairwise.shared()), &pairwise_patch(options)?)
    }

    /// Every option with the value in use (`ResolvedPairwiseFigureOptions`).
    pub fn options(&self) -> Result<ResolvedPairwiseOptionsObject, js_sys::Error> {
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
        self.drawing.backing_ratio(pixel_ratio)
    }

    /// What the page writes beside the figure (`FigureNotes`): when it is too large for a canvas
    /// at full resolution, on screen or in a PNG export at `exportPixelRatio` (the figure's own
    /// when left out).
    pub fn notes(
        &self,
        #[wasm_bindgen(js_name = exportPixelRatio, unchecked_optional_param_type = "number")]
        export_pixel_ratio: JsValue,
    ) -> Result<FigureNotesObject, js_sys::Error> {
        to_typed(&self.drawing.canvas_notes(export_pixel_ratio)?)
    }

    /// The figure's size in CSS pixels: `{ width, height }`.
    pub fn size(&self) -> Result<FigureSizeObject, js_sys::Error> {
        self.drawing.size()
    }

    /// Where a fixed colour range starts when a person picks one: `{ min, max }`, the smallest
    /// and largest bin value (count or share), from the value up when they are equal, 0 to 1
    /// when no bin holds one.
    #[wasm_bindgen(js_name = fixedRangeStart)]
    pub fn fixed_range_start(&self) -> Result<ValueRangeObject, js_sys::Error> {
        self.drawing.fixed_range_start()
    }

    /// The bin under a point given in CSS pixels from the canvas' top-left corner, or
    /// `undefined` when there is none: the cell information with the bin's score ranges, its
    /// item count and its share of the pair's paired items.
    #[wasm_bindgen(js_name = hitTest)]
    pub fn hit_test(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
    ) -> Result<Option<PairwiseCellInfoObject>, js_sys::Error> {
        self.drawing
            .hit_test(&x, &y)?
            .map(|cell| self.bin_info(cell))
            .transpose()
            .map(Option::flatten)
    }

    /// Everything about one bin (column `x` of model A's scores, row `y` of model B's, row 0 the
    /// lowest), as `hitTest` gives it, or `undefined` when there is no such bin.
    #[wasm_bindgen(js_name = cellInfo)]
    pub fn cell_info(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] panel: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
    ) -> Result<Option<PairwiseCellInfoObject>, js_sys::Error> {
        self.drawing
            .cell(&panel, &x, &y)?
            .map(|cell| self.bin_info(cell))
            .transpose()
            .map(Option::flatten)
    }

    /// Where a bin is drawn, in CSS pixels from the canvas' top-left corner, or `undefined`
    /// when there is no such bin.
    #[wasm_bindgen(js_name = cellRect)]
    pub fn cell_rect(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] panel: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
    ) -> Result<Option<CellRectObject>, js_sys::Error> {
        self.drawing.cell_rect(&panel, &x, &y)
    }

    /// The panels (one per pair) in reading order: `[{ title, columns, rows, description,
    /// subtitle }]`, `subtitle` being the statistics lines under the title.
    pub fn panels(&self) -> Result<PairwisePanelArray, js_sys::Error> {
        let figure = self.drawing.figure();
        let panels: Vec<PairwisePanelInfo<'_>> = figure
            .panels
            .iter()
            .map(|panel| PairwisePanelInfo {
                title: &panel.title,
                columns: panel.grid.columns(),
                rows: panel.grid.rows(),
                description: figure.describe_panel(panel),
                decimals: panel.decimals,
                subtitle: &panel.subtitle,
            })
            .collect();
        to_typed(&panels)
    }

    /// The note under a list of models while the figure compares the default models (the
    /// data's first ones) and the data have more: "Comparing the first 5 of 40 models (10 of 780
    /// pairs). Tick others to add them."; `""` otherwise. `control` says where the reader picks
    /// models: `"checkboxes"` (the default, the page's list) or `"keyword"` (Python's
    /// `models=[...]`, which the last sentence then names).
    #[wasm_bindgen(js_name = modelsNote)]
    pub fn models_note(&self, control: Option<String>) -> Result<String, js_sys::Error> {
        let control = match control.as_deref() {
            None => ModelsControl::Checkboxes,
            Some(word) => {
                ModelsControl::from_word(word).map_err(|message| js_sys::Error::new(&message))?
            }
        };
        let models = self.pairwise.models();
        if self.options.models.as_slice() != default_pairwise_models(models) {
            return Ok(String::new());
        }
        Ok(default_models_note(
            self.options.models.len(),
            models.len(),
            control,
        ))
    }

    /// The statistics of each panel's pair, in panel order (`PairStatistics[]`).
    pub fn comparisons(&self) -> Result<PairStatisticsArray, js_sys::Error> {
        let statistics = js_sys::Array::new();
        for comparison in self.pair_comparisons() {
            statistics.push(&pair_statistics(comparison)?);
        }
        Ok(statistics.unchecked_into())
    }

    /// Every pair's statistics in words (`ComparisonsSummary`): what the pairs are compared
    /// over, one card and one sentence per pair, and the canvas' accessible description.
    #[wasm_bindgen(js_name = comparisonsSummary)]
    pub fn comparisons_summary(&self) -> Result<ComparisonsSummaryObject, js_sys::Error> {
        to_typed(&summarize_comparisons(self.pair_comparisons()))
    }

    /// The statistics of every pair as Markdown: the scope sentence and one table row per pair.
    #[wasm_bindgen(js_name = comparisonsMarkdown)]
    pub fn comparisons_markdown(&self) -> String {
        comparisons_markdown(self.pair_comparisons())
    }

    /// The figure as an SVG document at its CSS size: every bin a `<rect>`, text as text.
    #[wasm_bindgen(js_name = toSvg)]
    pub fn to_svg(&self) -> Result<String, js_sys::Error> {
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
        self.drawing.render_to(canvas, pixel_ratio)
    }

    /// The data shown, as tidy CSV: one row per bin of every panel, safe to
    /// open in a spreadsheet unless `options.raw` is true (`CsvExportOptions`).
    #[wasm_bindgen(js_name = shownCsv)]
    pub fn shown_csv(
        &self,
        options: Option<CsvExportOptionsObject>,
    ) -> Result<String, js_sys::Error> {
        self.drawing.shown_csv(options)
    }

    /// A file name (without extension) for exports of this figure, e.g. `model-a-vs-model-b`.
    #[wasm_bindgen(js_name = fileStem)]
    pub fn file_stem(&self) -> String {
        self.drawing.file_stem()
    }
}

impl SweepPairwiseFigure {
    /// The prepared figure.
    pub fn figure(&self) -> &Figure {
        self.drawing.figure()
    }

    /// The figure's layout in CSS pixels.
    pub fn layout(&self) -> &FigureLayout {
        self.drawing.layout()
    }

    /// The options in use.
    pub fn resolved_options(&self) -> &ResolvedPairwiseOptions {
        &self.options
    }

    /// The comparison behind each panel, in panel order.
    pub fn pair_comparisons(&self) -> &[PairComparison] {
        self.drawing.figure().comparisons()
    }

    /// A bin's cell information with its ranges, count and share (`PairwiseCellInfo`), or
    /// `None` when there is no such bin.
    fn bin_info(&self, cell: Hit) -> Result<Option<PairwiseCellInfoObject>, js_sys::Error> {
        let Some(info) = self.drawing.cell_info(cell) else {
            return Ok(None);
        };
        let Some(details) = self.bin_details(cell, &info) else {
            return Ok(None);
        };
        Ok(Some(with_details(&info, &details)?.unchecked_into()))
    }

    /// What hover says about a bin beyond its cell information.
    fn bin_details(&self, cell: Hit, info: &CellInfo) -> Option<BinDetails> {
        let comparison = self.pair_comparisons().get(cell.panel)?;
        let count = comparison.histogram.value(cell.x, cell.y)?;
        let (x_range, y_range) = (
            comparison.column_range(cell.x)?,
            comparison.row_range(cell.y)?,
        );
        let share_text = bin_share_text(count, comparison.paired);
        let (x_range_text, y_range_text) = (bin_range_text(x_range), bin_range_text(y_range));
        let tooltip = crate::results::bin_tooltip(
            (&info.x_name, &x_range_text),
            (&info.y_name, &y_range_text),
            count,
            &share_text,
        );
        Some(BinDetails {
            x_range,
            y_range,
            count,
            share: (comparison.paired > 0).then(|| count / comparison.paired as f64),
            x_range_text,
            y_range_text,
            announcement: bin_announcement(
                &info.title,
                (&info.x_name, x_range),
                (&info.y_name, y_range),
                count as usize,
                &share_text,
            ),
            share_text,
            tooltip,
        })
    }

    /// Works out the state for a patch (and maybe other scores), draws it, and keeps it. The
    /// figure is prepared again only when the scores or what it shows changed, and laid out
    /// again only when the figure or the width changed. Nothing changes on error.
    fn apply(
        &mut self,
        pairwise: Option<Rc<PairwiseDataset>>,
        patch: &Patch,
    ) -> Result<(), js_sys::Error> {
        let new_data = pairwise.filter(|pairwise| !Rc::ptr_eq(pairwise, &self.pairwise));
        let data = new_data.as_ref().unwrap_or(&self.pairwise);
        let settings = merge_pairwise(&self.settings, patch);
        let options =
            resolve_pairwise_options(&settings, data, &surroundings(self.drawing.canvas()))
                .map_err(js_error)?;
        let prepared =
            if new_data.is_some() || options.figure_options() != self.options.figure_options() {
                Some(prepare(data, &options)?)
            } else {
                None
            };
        self.drawing
            .redraw(prepared, options.width, options.pixel_ratio)?;
        if let Some(pairwise) = new_data {
            self.pairwise = pairwise;
        }
        self.settings = settings;
        self.options = options;
        Ok(())
    }
}

/// The cell information as a plain object, with the bin's details over it: its `count` is the
/// bin's items, where a sweep's is the replicates a value is the mean of.
fn with_details(info: &CellInfo, details: &BinDetails) -> Result<js_sys::Object, js_sys::Error> {
    let object: js_sys::Object = to_plain_object(info)?.unchecked_into();
    let details: js_sys::Object = to_plain_object(details)?.unchecked_into();
    Ok(js_sys::Object::assign(&object, &details))
}
