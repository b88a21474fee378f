//! The notes a page shows beside a figure about how it is drawn: which colour map a difference
//! takes instead of the one chosen, which panels get no uncertainty marks, and when a figure is
//! too large for a browser canvas at full resolution (on screen and in a PNG export).
//!
//! Every sentence is written here, from the figure and its options, so that the page only places
//! it (`SweepFigure.notes`, `SweepPairwiseFigure.notes`). The canvas limits are here too: the
//! wasm canvas sizes its backing store with [`backing_ratio`], and the notes say when that cut
//! the resolution.

use serde::Serialize;

use super::{format_value, Figure, FigureOptions, SliceFigure, View};
use crate::color::{ColorMap, DomainMode};
use crate::error::grouped;
use crate::float_text::Shortest;

/// The largest backing store side and area drawn at full resolution. Browsers refuse larger
/// canvases (Chromium and Firefox at 32767 px a side, Safari on iOS at 4096 x 4096 px in all);
/// a larger figure gets a smaller pixel ratio instead of a blank canvas.
pub const MAX_CANVAS_SIDE: f64 = 32_767.0;
/// See [`MAX_CANVAS_SIDE`].
pub const MAX_CANVAS_AREA: f64 = 16_777_216.0;

/// The pixel ratio a canvas of `width` x `height` CSS pixels gets: the one asked for, unless
/// the backing store would exceed what browsers allow.
pub fn backing_ratio(width: f64, height: f64, requested: f64) -> f64 {
    let width = width.max(1.0);
    let height = height.max(1.0);
    requested
        .min(MAX_CANVAS_SIDE / width)
        .min(MAX_CANVAS_SIDE / height)
        .min((MAX_CANVAS_AREA / (width * height)).sqrt())
}

/// What the page writes beside a figure, each `None` when there is nothing to say.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct FigureNotes {
    /// Under the colour controls: the map a difference is drawn with instead of a sequential
    /// one, and that its range is centred on 0.
    pub colour: Option<String>,
    /// Under the uncertainty controls: the panels that cannot have marks (no noise estimate).
    pub uncertainty: Option<String>,
    /// Under the figure: the figure is larger than a browser canvas at full resolution, and at
    /// which resolution it is drawn and a PNG export comes out.
    pub canvas: Option<String>,
    /// After a PNG export's file name: the resolution the PNG came out at, when less than asked.
    pub export: Option<String>,
    /// Under the figure: how to read it by pointer and keyboard, when that is not the page's
    /// own line about cells (a slice's points and lines).
    pub help: Option<String>,
}

/// A pixel ratio as people read it: "0.62×", "2×" (two decimals at most).
pub fn ratio_text(ratio: f64) -> String {
    format!("{}×", Shortest((ratio * 100.0).round() / 100.0))
}

/// The note under the colour controls for a view: a difference is drawn with a diverging map
/// (RdBu for a sequential one) and centred on 0 unless the range is fixed or centred.
pub fn colour_note(options: &FigureOptions) -> Option<String> {
    if !matches!(options.view, View::Difference { .. }) {
        return None;
    }
    let mut note = String::new();
    if !options.color_map.is_diverging() {
        note = format!(
            "A difference needs a diverging map, so {} is drawn as {}.",
            options.color_map.label(),
            ColorMap::RedBlue.label()
        );
    }
    if matches!(options.domain, DomainMode::PerPanel | DomainMode::Shared) {
        if !note.is_empty() {
            note.push(' ');
        }
        note.push_str("Differences are centred on 0.");
    }
    (!note.is_empty()).then_some(note)
}

/// With the uncertainty marks on, the panels that cannot have any: those whose cells carry no
/// noise estimate (no item counts or repeated runs). A reconciliation marks other cells
/// (disagreeing beyond rounding), so it gets no note.
pub fn uncertainty_note(figure: &Figure, options: &FigureOptions) -> Option<String> {
    if options.uncertainty.is_none() || matches!(options.view, View::Reconcile { .. }) {
        return None;
    }
    let mut without = String::new();
    let mut count = 0;
    for panel in &figure.panels {
        if !figure.has_noise_estimate(panel) {
            without.push_str(if count == 0 { " in " } else { "; " });
            without.push_str(&panel.title);
            count += 1;
        }
    }
    let (place, subject) = match count {
        0 => return None,
        _ if count == figure.panels.len() => ("", "the panels shown have "),
        _ => (without.as_str(), ""),
    };
    Some(format!(
        "No marks{place}: {subject}no item counts or repeated runs to estimate noise from."
    ))
}

/// The notes of a slice (`chart: "slice"`), which has points and bands, not cells: under the
/// uncertainty controls what its bands are (or that it has none), under the figure how to read
/// its points.
pub fn slice_notes(slice: &SliceFigure) -> FigureNotes {
    let uncertainty = match slice.level {
        Some(level) => format!(
            "Bands: each point's {} % confidence interval. A slice marks no cells.",
            format_value(level * 100.0, 0)
        ),
        None => "No bands: the points shown have no item counts or repeated runs to estimate \
                 noise from."
            .to_string(),
    };
    FigureNotes {
        uncertainty: Some(uncertainty),
        help: Some(
            "Point at a point for its value, interval and count. With the figure focused, Left \
             and Right step along a line, Up and Down go to the next line, Home and End jump to \
             a line's ends, Escape hides the point."
                .to_string(),
        ),
        ..FigureNotes::default()
    }
}

/// The canvas notes of a figure of `width` x `height` CSS pixels drawn at `screen` (its pixel
/// ratio on screen) and exported as a PNG at `export`: `(canvas, export)` of [`FigureNotes`].
pub fn canvas_notes(
    width: f64,
    height: f64,
    screen: f64,
    export: f64,
) -> (Option<String>, Option<String>) {
    let drawn = backing_ratio(width, height, screen);
    let exported = backing_ratio(width, height, export);
    if exported >= export {
        return (None, None);
    }
    let (exported, export) = (ratio_text(exported), ratio_text(export));
    let on_screen = if drawn < screen {
        format!(
            "it is drawn at {} rather than this screen's {}, and ",
            ratio_text(drawn),
            ratio_text(screen)
        )
    } else {
        String::new()
    };
    let canvas = format!(
        "This figure ({} × {} px) is larger than the biggest canvas browsers allow at full \
         resolution: {on_screen}a PNG export comes out at {exported} rather than {export}. The SVG \
         export keeps every detail.",
        grouped(width.round() as usize),
        grouped(height.round() as usize),
    );
    let png = format!(
        "at {exported} the figure's size, not {export}: larger is more than a browser canvas \
         holds (the SVG export keeps every detail)"
    );
    (Some(canvas), Some(png))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figure::{prepare_figure, BenchmarkChoice};

    fn difference(color_map: ColorMap, domain: DomainMode) -> FigureOptions {
        FigureOptions {
            view: View::Difference {
                a: "A".into(),
                b: "B".into(),
                benchmark: BenchmarkChoice::Mean,
            },
            color_map,
            domain,
            ..FigureOptions::default()
        }
    }

    #[test]
    fn a_difference_says_which_map_it_takes_and_where_it_is_centred() {
        assert_eq!(
            colour_note(&difference(ColorMap::Viridis, DomainMode::PerPanel)).as_deref(),
            Some("A difference needs a diverging map, so Viridis is drawn as RdBu. Differences are centred on 0.")
        );
        assert_eq!(
            colour_note(&difference(ColorMap::PurpleOrange, DomainMode::Shared)).as_deref(),
            Some("Differences are centred on 0.")
        );
        assert_eq!(
            colour_note(&difference(
                ColorMap::YellowGreenBlue,
                DomainMode::Fixed {
                    min: -1.0,
                    max: 1.0
                }
            ))
            .as_deref(),
            Some("A difference needs a diverging map, so YlGnBu is drawn as RdBu.")
        );
        assert_eq!(
            colour_note(&difference(
                ColorMap::RedBlue,
                DomainMode::Centered { center: 2.0 }
            )),
            None
        );
        let grid = FigureOptions {
            color_map: ColorMap::Viridis,
            ..FigureOptions::default()
        };
        assert_eq!(colour_note(&grid), None);
    }

    fn kv() -> crate::Dataset {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/www/data/kv-cache-sweep.json");
        crate::load_json(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    #[test]
    fn the_uncertainty_note_names_the_panels_without_a_noise_estimate() {
        // The reported average has no item count and no replicates: no marks on it.
        let dataset = kv();
        let options = FigureOptions {
            view: View::Model {
                model: "R1-Llama".into(),
            },
            uncertainty: Some(0.95),
            ..FigureOptions::default()
        };
        let figure = prepare_figure(&dataset, &options).unwrap();
        assert_eq!(
            uncertainty_note(&figure, &options).as_deref(),
            Some("No marks in R1-Llama | Average (reported): no item counts or repeated runs to estimate noise from.")
        );
        let off = FigureOptions {
            uncertainty: None,
            ..options.clone()
        };
        assert_eq!(uncertainty_note(&figure, &off), None);
        // A reconciliation marks cells that disagree beyond rounding, not noise.
        let reconcile = FigureOptions {
            view: View::Reconcile {
                model: "R1-Llama".into(),
                benchmark: "Average (reported)".into(),
            },
            ..options.clone()
        };
        let figure = prepare_figure(&dataset, &reconcile).unwrap();
        assert_eq!(uncertainty_note(&figure, &reconcile), None);
    }

    #[test]
    fn no_panel_with_a_noise_estimate_says_so_once() {
        let dataset = crate::load_csv(
            "model,benchmark,y,x,score\nm,b,1,1,0.5\nm,b,1,2,0.7\nm,b,2,1,0.6\n",
            &crate::CsvOptions::default(),
        )
        .unwrap();
        let options = FigureOptions {
            view: View::Model { model: "m".into() },
            uncertainty: Some(0.9),
            ..FigureOptions::default()
        };
        let figure = prepare_figure(&dataset, &options).unwrap();
        assert_eq!(
            uncertainty_note(&figure, &options).as_deref(),
            Some("No marks: the panels shown have no item counts or repeated runs to estimate noise from.")
        );
    }

    #[test]
    fn ratios_are_written_as_people_read_them() {
        assert_eq!(ratio_text(2.0), "2×");
        assert_eq!(ratio_text(1.5), "1.5×");
        assert_eq!(ratio_text(0.6234), "0.62×");
        assert_eq!(ratio_text(0.999), "1×");
    }

    #[test]
    fn a_figure_within_the_canvas_limits_gets_no_canvas_note() {
        assert_eq!(canvas_notes(800.0, 600.0, 1.0, 2.0), (None, None));
        assert_eq!(backing_ratio(800.0, 600.0, 2.0), 2.0);
    }

    #[test]
    fn a_figure_too_large_for_a_canvas_says_at_which_resolution_it_is_drawn() {
        // 4096 x 4096 CSS px: 1× fits (16,777,216 px), 2× does not.
        let (canvas, export) = canvas_notes(4096.0, 4096.0, 1.0, 2.0);
        assert_eq!(
            canvas.as_deref(),
            Some(
                "This figure (4,096 × 4,096 px) is larger than the biggest canvas browsers allow at \
                 full resolution: a PNG export comes out at 1× rather than 2×. The SVG export keeps \
                 every detail."
            )
        );
        assert_eq!(
            export.as_deref(),
            Some("at 1× the figure's size, not 2×: larger is more than a browser canvas holds (the SVG export keeps every detail)")
        );
        // 20,000 x 5,000: 0.41× on screen, too.
        let (canvas, _) = canvas_notes(20_000.0, 5_000.0, 1.0, 2.0);
        assert_eq!(
            canvas.as_deref(),
            Some(
                "This figure (20,000 × 5,000 px) is larger than the biggest canvas browsers allow \
                 at full resolution: it is drawn at 0.41× rather than this screen's 1×, and a PNG \
                 export comes out at 0.41× rather than 2×. The SVG export keeps every detail."
            )
        );
    }
}
