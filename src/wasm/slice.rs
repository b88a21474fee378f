//! The slice a `SweepFigure` draws with `chart: "slice"`: prepared from its figure, laid out,
//! painted over the canvas, and asked for its points (hover, the keyboard), size and SVG.
//!
//! Only the slice package (www/pkg/slice/, the `slice` feature) draws slices: it paints them,
//! answers hover and the keyboard, and writes their exports (SVG, CSV, LaTeX, Markdown). The
//! page fetches it only when a slice is asked for (`loadSliceApi` in www/lib/sweepmap.js) and
//! draws the figure there from the dataset's JSON and the view's options. The other packages
//! carry the slice's settings only (src/view/sweep.rs): without the feature the types below
//! have no values, and `chart: "slice"` is an error that names the package that draws slices
//! (README "Package size").

#[cfg(feature = "slice")]
use serde::Serialize;
use web_sys::HtmlCanvasElement;

use crate::figure::{Chart, Figure};
use crate::view::ResolvedOptions;
use crate::Dataset;

/// A point of a slice as JavaScript gets it (`SlicePoint`).
#[cfg(feature = "slice")]
#[derive(Serialize)]
pub(crate) struct SlicePointInfo {
    series: usize,
    position: usize,
    text: String,
    x: f64,
    y: f64,
}

#[cfg(feature = "slice")]
mod drawn {
    use web_sys::HtmlCanvasElement;

    use super::SlicePointInfo;
    use crate::analysis::SliceAxis;
    use crate::figure::{
        backing_ratio, canvas_notes, prepare_slice, slice_notes, Figure, FigureNotes, SliceFigure,
        SliceOptions, DEFAULT_LEVEL,
    };
    use crate::layout::{layout_slice, SliceLayout};
    use crate::render::render_slice_svg;
    use crate::view::ResolvedOptions;
    use crate::wasm::canvas::paint_slice;
    use crate::wasm::dataset::{csv_export, CsvExportOptionsObject};
    use crate::wasm::js_error;
    use crate::Dataset;

    /// A slice prepared, not yet drawn.
    pub(crate) struct PreparedSlice(SliceFigure);

    /// A slice laid out and painted.
    pub(crate) struct ShownSlice {
        figure: SliceFigure,
        layout: SliceLayout,
    }

    pub(crate) fn prepare(
        dataset: &Dataset,
        figure: &Figure,
        options: &ResolvedOptions,
    ) -> Result<PreparedSlice, js_sys::Error> {
        let others = match options.along {
            SliceAxis::X => figure.y.len(),
            SliceAxis::Y => figure.x.len(),
        };
        let slice_options = SliceOptions {
            along: options.along,
            across: options.across.resolve(figure.panels.len(), others),
            level: options.uncertainty.unwrap_or(DEFAULT_LEVEL),
        };
        prepare_slice(dataset, figure, &slice_options)
            .map(PreparedSlice)
            .map_err(js_error)
    }

    impl PreparedSlice {
        /// Lays the slice out at `width` and paints it on `canvas`.
        pub(crate) fn show(
            self,
            canvas: &HtmlCanvasElement,
            width: f64,
            pixel_ratio: f64,
        ) -> Result<ShownSlice, js_sys::Error> {
            let layout = layout_slice(&self.0, width);
            paint_slice(canvas, &self.0, &layout, pixel_ratio, &self.0.label())
                .map_err(js_error)?;
            Ok(ShownSlice {
                figure: self.0,
                layout,
            })
        }
    }

    impl ShownSlice {
        pub(crate) fn point(&self, series: usize, position: usize) -> Option<SlicePointInfo> {
            let place = self.layout.points.get(series)?.get(position)?.as_ref()?;
            Some(SlicePointInfo {
                series,
                position,
                text: self.figure.point_text(series, position)?,
                x: place.x,
                y: place.y,
            })
        }

        pub(crate) fn hit(&self, x: f64, y: f64) -> Option<SlicePointInfo> {
            let (series, position) = self.layout.hit_test(x, y)?;
            self.point(series, position)
        }

        pub(crate) fn size(&self) -> (f64, f64) {
            (self.layout.width, self.layout.height)
        }

        pub(crate) fn svg(&self) -> Result<String, js_sys::Error> {
            render_slice_svg(&self.figure, &self.layout).map_err(js_error)
        }

        /// Paints the slice on another canvas at `pixel_ratio` (a PNG export).
        pub(crate) fn render_to(
            &self,
            canvas: HtmlCanvasElement,
            pixel_ratio: f64,
        ) -> Result<(), js_sys::Error> {
            let ratio = self.backing_ratio(pixel_ratio);
            paint_slice(
                &canvas,
                &self.figure,
                &self.layout,
                ratio,
                &self.figure.label(),
            )
            .map(drop)
            .map_err(js_error)
        }

        /// The pixel ratio a canvas of the slice gets for `requested`.
        pub(crate) fn backing_ratio(&self, requested: f64) -> f64 {
            backing_ratio(self.layout.width, self.layout.height, requested)
        }

        /// What the page writes beside the slice: its bands, how to read it, and the canvas
        /// notes at its own size, drawn at `screen` and exported at `export`.
        pub(crate) fn notes(&self, screen: f64, export: f64) -> FigureNotes {
            let (canvas, export) =
                canvas_notes(self.layout.width, self.layout.height, screen, export);
            FigureNotes {
                canvas,
                export,
                ..slice_notes(&self.figure)
            }
        }

        pub(crate) fn markdown(&self) -> String {
            self.figure.markdown()
        }

        pub(crate) fn latex(&self) -> String {
            self.figure.latex()
        }

        pub(crate) fn csv(
            &self,
            options: Option<CsvExportOptionsObject>,
        ) -> Result<String, js_sys::Error> {
            Ok(self.figure.csv(csv_export(options)?))
        }

        pub(crate) fn positions(&self) -> usize {
            self.figure.x.len()
        }

        pub(crate) fn series(&self) -> Vec<String> {
            let mut names = Vec::with_capacity(self.figure.series.len());
            for series in &self.figure.series {
                names.push(series.name.clone());
            }
            names
        }
    }
}

/// Without the `slice` feature: no slice, and `chart: "slice"` an error that names the package
/// that draws them.
#[cfg(not(feature = "slice"))]
mod drawn {
    use web_sys::HtmlCanvasElement;

    use crate::figure::Figure;
    use crate::view::settings::CHART;
    use crate::view::ResolvedOptions;
    use crate::wasm::js_error;
    use crate::Dataset;

    pub(crate) enum PreparedSlice {}
    pub(crate) enum ShownSlice {}

    pub(crate) fn prepare(
        _: &Dataset,
        _: &Figure,
        _: &ResolvedOptions,
    ) -> Result<PreparedSlice, js_sys::Error> {
        Err(js_error(crate::Error::InvalidField {
            field: CHART.option.to_string(),
            expected: "\"heatmap\" in this package: slices are drawn by the slice package \
                       (www/pkg/slice/, loadSliceApi() in lib/sweepmap.js)"
                .to_string(),
        }))
    }

    impl PreparedSlice {
        pub(crate) fn show(
            self,
            _: &HtmlCanvasElement,
            _: f64,
            _: f64,
        ) -> Result<ShownSlice, js_sys::Error> {
            match self {}
        }
    }

    impl ShownSlice {
        pub(crate) fn size(&self) -> (f64, f64) {
            match *self {}
        }

        #[cfg(feature = "exports")]
        pub(crate) fn svg(&self) -> Result<String, js_sys::Error> {
            match *self {}
        }
    }
}

pub(crate) use drawn::{PreparedSlice, ShownSlice};

/// The slice `options` ask for of a prepared `figure`, or `None` for a heatmap.
pub(crate) fn prepare_chart(
    dataset: &Dataset,
    figure: &Figure,
    options: &ResolvedOptions,
) -> Result<Option<PreparedSlice>, js_sys::Error> {
    if options.chart == Chart::Slice {
        drawn::prepare(dataset, figure, options).map(Some)
    } else {
        Ok(None)
    }
}

/// Shows a prepared slice on `canvas`, or none.
pub(crate) fn show(
    slice: Option<PreparedSlice>,
    canvas: &HtmlCanvasElement,
    width: f64,
    pixel_ratio: f64,
) -> Result<Option<ShownSlice>, js_sys::Error> {
    slice
        .map(|slice| slice.show(canvas, width, pixel_ratio))
        .transpose()
}
