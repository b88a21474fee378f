//! Drawing a slice on any [`Surface`]: the same primitives as the heatmap (rectangles, lines,
//! polygons, circles, text), so the canvas, the SVG export and the native tests draw it alike.
//!
//! Order: background, title and sentences, grid lines at the y ticks, the interval bands (each
//! run of consecutive points with intervals a polygon, a lone point's an error bar), the lines
//! (broken wherever a point is missing: never drawn across a gap), a dot at every point, the
//! axes with their ticks and names, the legend, the caption. A band is its series' colour mixed
//! a fifth into the background, so it reads as the line's without hiding the grid or the lines.

use plotters::style::text_anchor::{HPos, VPos};

use super::{Painter, Surface};
use crate::color::{Rgb, WHITE};
use crate::error::Result;
use crate::figure::SliceFigure;
use crate::layout::{
    PointPlace, Rect, SliceLayout, TextLine, AXIS_FONT, SENTENCE_FONT, TICK_FONT, TITLE_FONT,
};

use super::{svg::SvgSurface, xml_safe, DrawOptions, Font};

/// Width of a series' line and radius of its dots, in CSS pixels.
pub const SERIES_LINE: f64 = 2.0;
pub const POINT_RADIUS: f64 = 3.0;
/// How much of a series' colour its band takes (the rest is the background).
const BAND_SHARE: f64 = 0.2;

/// `share` of `color` over `background`.
pub fn mix(color: Rgb, background: Rgb, share: f64) -> Rgb {
    let channel =
        |a: u8, b: u8| (f64::from(a) * share + f64::from(b) * (1.0 - share)).round() as u8;
    Rgb::new(
        channel(color.r, background.r),
        channel(color.g, background.g),
        channel(color.b, background.b),
    )
}

/// The colour of a series' band on a theme's background (white where there is none).
pub fn band_color(color: Rgb, background: Option<Rgb>) -> Rgb {
    mix(color, background.unwrap_or(WHITE), BAND_SHARE)
}

/// Runs of consecutive present points (index ranges), a gap ending each.
fn runs(places: &[Option<PointPlace>]) -> Vec<Vec<PointPlace>> {
    let mut runs: Vec<Vec<PointPlace>> = Vec::new();
    let mut current: Vec<PointPlace> = Vec::new();
    for place in places {
        match place {
            Some(place) => current.push(*place),
            None if !current.is_empty() => runs.push(std::mem::take(&mut current)),
            None => {}
        }
    }
    if !current.is_empty() {
        runs.push(current);
    }
    runs
}

/// Draws a slice on a surface of at least `layout.width x layout.height` CSS pixels times
/// `options.pixel_ratio`.
pub fn draw_slice_on(
    surface: &mut dyn Surface,
    slice: &SliceFigure,
    layout: &SliceLayout,
    options: DrawOptions,
) -> Result<()> {
    let palette = slice.theme.palette();
    let mut painter = Painter {
        surface,
        options,
        palette,
    };
    if let (true, Some(background)) = (options.background, palette.background) {
        let whole = Rect {
            x: 0.0,
            y: 0.0,
            width: layout.width,
            height: layout.height,
        };
        painter.fill(whole, background)?;
    }
    let left = |size: f64, ink: Rgb| Font::new(size, ink).anchored(HPos::Left, VPos::Center);
    let write = |painter: &mut Painter, line: &TextLine, font: Font| {
        painter.text(&line.text, line.at, font)
    };
    write(
        &mut painter,
        &layout.title,
        left(TITLE_FONT, palette.ink).bold(true),
    )?;
    for line in &layout.sentences {
        write(&mut painter, line, left(SENTENCE_FONT, palette.muted_ink))?;
    }
    let plot = layout.plot;
    for tick in &layout.y_ticks {
        painter.line(
            (plot.x, tick.at),
            (plot.right(), tick.at),
            palette.missing,
            1.0,
        )?;
    }
    // Bands under every line.
    for (series, places) in slice.series.iter().zip(&layout.points) {
        let band = band_color(series.color, palette.background);
        for run in runs(places) {
            let mut top: Vec<(f64, f64)> = Vec::new();
            let mut bottom: Vec<(f64, f64)> = Vec::new();
            let flush = |painter: &mut Painter,
                         top: &mut Vec<(f64, f64)>,
                         bottom: &mut Vec<(f64, f64)>|
             -> Result<()> {
                if top.len() == 1 {
                    if let (Some(&high), Some(&low)) = (top.first(), bottom.first()) {
                        painter.line(high, low, band_bar(series.color, band), SERIES_LINE)?;
                    }
                } else if top.len() > 1 {
                    let mut outline: Vec<(i32, i32)> = Vec::new();
                    for &(x, y) in top.iter().chain(bottom.iter().rev()) {
                        outline.push((painter.px(x), painter.px(y)));
                    }
                    painter.surface.fill_polygon(&outline, band)?;
                }
                top.clear();
                bottom.clear();
                Ok(())
            };
            for place in &run {
                match place.band {
                    Some((high, low)) => {
                        top.push((place.x, high));
                        bottom.push((place.x, low));
                    }
                    None => flush(&mut painter, &mut top, &mut bottom)?,
                }
            }
            flush(&mut painter, &mut top, &mut bottom)?;
        }
    }
    // Each band's edges, so that a band another covers still shows its extent.
    for (series, places) in slice.series.iter().zip(&layout.points) {
        let edge = band_bar(series.color, band_color(series.color, palette.background));
        for run in runs(places) {
            for pair in run.windows(2) {
                if let [PointPlace {
                    x: x0,
                    band: Some((top0, bottom0)),
                    ..
                }, PointPlace {
                    x: x1,
                    band: Some((top1, bottom1)),
                    ..
                }] = pair
                {
                    painter.line((*x0, *top0), (*x1, *top1), edge, 1.0)?;
                    painter.line((*x0, *bottom0), (*x1, *bottom1), edge, 1.0)?;
                }
            }
        }
    }
    // Lines, broken at gaps, and a dot at every point.
    for (series, places) in slice.series.iter().zip(&layout.points) {
        for run in runs(places) {
            for pair in run.windows(2) {
                if let [from, to] = pair {
                    painter.line((from.x, from.y), (to.x, to.y), series.color, SERIES_LINE)?;
                }
            }
            for place in &run {
                painter.dot((place.x, place.y), POINT_RADIUS, series.color)?;
            }
        }
    }
    // Axes, ticks and names.
    painter.line((plot.x, plot.y), (plot.x, plot.bottom()), palette.ink, 1.0)?;
    painter.line(
        (plot.x, plot.bottom()),
        (plot.right(), plot.bottom()),
        palette.ink,
        1.0,
    )?;
    let tick_font = Font::new(TICK_FONT, palette.muted_ink);
    for tick in &layout.y_ticks {
        painter.line((plot.x - 4.0, tick.at), (plot.x, tick.at), palette.ink, 1.0)?;
        painter.text(
            &tick.label,
            (plot.x - 6.0, tick.at),
            tick_font.anchored(HPos::Right, VPos::Center),
        )?;
    }
    for tick in &layout.x_ticks {
        painter.line(
            (tick.at, plot.bottom()),
            (tick.at, plot.bottom() + 4.0),
            palette.ink,
            1.0,
        )?;
        painter.text(
            &tick.label,
            (tick.at, plot.bottom() + 6.0),
            tick_font.anchored(HPos::Center, VPos::Top),
        )?;
    }
    let axis_font = Font::new(AXIS_FONT, palette.ink);
    painter.text(
        &crate::display::display_label(&slice.x.name),
        layout.x_name_at,
        axis_font,
    )?;
    painter.text(
        &crate::display::display_label(&slice.value_label),
        layout.y_name_at,
        axis_font.rotated(),
    )?;
    // Legend: a short line with a dot, then the name.
    for entry in &layout.legend {
        let (x, y) = entry.at;
        painter.line((x, y), (x + 18.0, y), entry.color, SERIES_LINE)?;
        painter.dot((x + 9.0, y), POINT_RADIUS, entry.color)?;
        painter.text(&entry.name, (x + 24.0, y), left(TICK_FONT, palette.ink))?;
    }
    for line in &layout.caption {
        write(&mut painter, line, left(SENTENCE_FONT, palette.muted_ink))?;
    }
    painter.surface.present()
}

/// A lone point's error bar: darker than a band, so a thin bar still shows.
fn band_bar(color: Rgb, band: Rgb) -> Rgb {
    mix(color, band, 0.5)
}

/// The slice as an SVG document.
pub fn render_slice_svg(slice: &SliceFigure, layout: &SliceLayout) -> Result<String> {
    let mut surface = SvgSurface::new(layout.width.ceil() as u32, layout.height.ceil() as u32);
    let options = DrawOptions {
        font_scale: 1.24,
        ..DrawOptions::default()
    };
    draw_slice_on(&mut surface, slice, layout, options)?;
    Ok(xml_safe(surface.finish()))
}
