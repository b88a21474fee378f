//! The slice a `SweepFigure` draws with `chart: "slice"`: prepared from its figure, laid out,
//! painted over the canvas, and asked for its points (hover, the keyboard), size and SVG.
//!
//! The default package (the `tables` feature) paints slices and answers hover and the keyboard;
//! the pairwise package (the `exports` feature) only prepares and lays one out, for its SVG
//! export (`toSvg` of the figure `withExports` draws there again: README "Package size"), so
//! neither package carries what it does not use.

#[cfg(feature = "tables")]
use serde::Serialize;
use web_sys::HtmlCanvasElement;

use crate::figure::{Chart, Figure};
use crate::view::ResolvedOptions;
use crate::Dataset;

/// A point of a slice as JavaScript gets it (`SlicePoint`).
#[cfg(feature = "tables")]
#[derive(Serialize)]
pub(crate) struct SlicePointInfo {
    series: usize,
    position: usize,
    text: String,
    x: f64,
    y: f64,
}

mod drawn {
    use web_sys::HtmlCanvasElement;

    #[cfg(feature = "tables")]
    use super::SlicePointInfo;
    use crate::analysis::SliceAxis;
    use crate::figure::{prepare_slice, Figure, SliceFigure, SliceOptions, DEFAULT_LEVEL};
    use crate::layout::{layout_slice, SliceLayout};
    #[cfg(feature = "exports")]
    use crate::render::render_slice_svg;
    use crate::view::ResolvedOptions;
    #[cfg(feature = "tables")]
    use crate::wasm::canvas::paint_slice;
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

    #[cfg(feature = "tables")]
    /// What a slice shows, for assistive technology: its title and sentences.
    fn description(slice: &SliceFigure) -> String {
        let mut text = slice.title.clone();
        for sentence in &slice.sentences {
            text.push_str(". ");
            text.push_str(sentence);
        }
        text
    }

    impl PreparedSlice {
        /// Lays the slice out at `width` and paints it on `canvas` (the pairwise package, which
        /// draws a slice only for its SVG export, lays it out without painting).
        pub(crate) fn show(
            self,
            canvas: &HtmlCanvasElement,
            width: f64,
            pixel_ratio: f64,
        ) -> Result<ShownSlice, js_sys::Error> {
            let layout = layout_slice(&self.0, width);
            #[cfg(feature = "tables")]
            paint_slice(canvas, &self.0, &layout, pixel_ratio, &description(&self.0))
                .map_err(js_error)?;
            #[cfg(not(feature = "tables"))]
            let _ = (canvas, pixel_ratio);
            Ok(ShownSlice {
                figure: self.0,
                layout,
            })
        }
    }

    impl ShownSlice {
        #[cfg(feature = "tables")]
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

        #[cfg(feature = "tables")]
        pub(crate) fn hit(&self, x: f64, y: f64) -> Option<SlicePointInfo> {
            let (series, position) = self.layout.hit_test(x, y)?;
            self.point(series, position)
        }

        pub(crate) fn size(&self) -> (f64, f64) {
            (self.layout.width, self.layout.height)
        }

        #[cfg(feature = "exports")]
        pub(crate) fn svg(&self) -> Result<String, js_sys::Error> {
            render_slice_svg(&self.figure, &self.layout).map_err(js_error)
        }

        #[cfg(feature = "tables")]
        pub(crate) fn positions(&self) -> usize {
            self.figure.x.len()
        }

        #[cfg(feature = "tables")]
        pub(crate) fn series(&self) -> Vec<String> {
            let mut names = Vec::with_capacity(self.figure.series.len());
            for series in &self.figure.series {
                names.push(series.name.clone());
            }
            names
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
