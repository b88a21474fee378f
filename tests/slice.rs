//! The slice view (issue 14): the metric along one parameter, as lines of points with their
//! confidence intervals. Points against hand-computed means and intervals on a small fixture
//! with two seeds per cell, the winners of a best-over slice (ties included), gaps where a cell
//! is missing, and when an x axis is drawn logarithmic.
#![cfg(not(target_arch = "wasm32"))]

use sweepmap::analysis::{
    is_log_spaced, slice_grid, standard_errors, value_scale, Across, SliceAxis, SliceLine,
    SlicePoint,
};
use sweepmap::{load_csv, Cell, CsvOptions, Dataset, Direction, Grid};

/// One model, learning rate (x) by weight decay (y), two seeds per cell; no run at lr 1e-2 with
/// weight decay 0. Cells (mean, standard error of the mean = |a − b| / 2 for two seeds):
///
/// | weight_decay \ lr | 1e-4 | 1e-3 | 1e-2 |
/// | --- | --- | --- | --- |
/// | 0   | 0.71, 0.01 | 0.82, 0.02 | missing |
/// | 0.1 | 0.74, 0    | 0.79, 0.01 | 0.63, 0.03 |
const RUNS: &str = "\
model,weight_decay,lr,seed,val_accuracy
m,0,1e-4,1,0.70
m,0,1e-4,2,0.72
m,0,1e-3,1,0.80
m,0,1e-3,2,0.84
m,0.1,1e-4,1,0.74
m,0.1,1e-4,2,0.74
m,0.1,1e-3,1,0.78
m,0.1,1e-3,2,0.80
m,0.1,1e-2,1,0.60
m,0.1,1e-2,2,0.66
";

const Z: f64 = 1.959963984540054;

fn runs() -> Dataset {
    load_csv(RUNS, &CsvOptions::default()).unwrap()
}

fn slice(along: SliceAxis, across: Across) -> Vec<SliceLine> {
    let dataset = runs();
    let panel = &dataset.panels[0];
    let errors = standard_errors(&panel.grid, None, value_scale(&dataset));
    slice_grid(
        &panel.grid,
        &errors,
        along,
        across,
        dataset.metric.direction,
        Z,
        2,
    )
}

fn assert_close(actual: f64, expected: f64) {
    assert!(
        (actual - expected).abs() < 1e-12,
        "expected {expected}, found {actual}"
    );
}

/// Checks a point's value, count and interval half width (`None`: no interval).
fn assert_point(point: &Option<SlicePoint>, value: f64, n: u32, half: Option<f64>) {
    let point = point.as_ref().expect("a point");
    assert_close(point.value, value);
    assert_eq!(point.n, n);
    match (point.interval, half) {
        (Some((low, high)), Some(half)) => {
            assert_close(low, value - half);
            assert_close(high, value + half);
        }
        (None, None) => {}
        (interval, half) => panic!("interval {interval:?}, expected half width {half:?}"),
    }
}

#[test]
fn the_fixture_reads_as_the_table_says() {
    let dataset = runs();
    assert_eq!(dataset.x.name, "lr");
    assert_eq!(dataset.y.name, "weight_decay");
    assert_eq!(dataset.x.labels, ["1e-4", "1e-3", "1e-2"]);
    assert_eq!(dataset.panels.len(), 1);
}

#[test]
fn a_line_per_value_of_the_other_axis_with_each_cells_interval() {
    let lines = slice(SliceAxis::X, Across::Each);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0].other, Some(0));
    assert_eq!(lines[1].other, Some(1));
    // Weight decay 0: 0.71 ± z·0.01, 0.82 ± z·0.02, and a gap at 1e-2.
    assert_point(&lines[0].points[0], 0.71, 2, Some(Z * 0.01));
    assert_point(&lines[0].points[1], 0.82, 2, Some(Z * 0.02));
    assert_eq!(lines[0].points[2], None);
    // Weight decay 0.1: two equal seeds give a zero-width interval, not none.
    assert_point(&lines[1].points[0], 0.74, 2, Some(0.0));
    assert_point(&lines[1].points[1], 0.79, 2, Some(Z * 0.01));
    assert_point(&lines[1].points[2], 0.63, 2, Some(Z * 0.03));
    let point = lines[1].points[2].as_ref().unwrap();
    assert_eq!(point.cell, Some((2, 1)));
    assert!(point.winners.is_empty());
}

#[test]
fn best_over_the_other_axis_keeps_the_winner() {
    let lines = slice(SliceAxis::X, Across::Best);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0].other, None);
    let points = &lines[0].points;
    // lr 1e-4: weight decay 0.1 (0.74 > 0.71); 1e-3: weight decay 0 (0.82 > 0.79); 1e-2: the
    // only cell, weight decay 0.1.
    assert_point(&points[0], 0.74, 2, Some(0.0));
    assert_point(&points[1], 0.82, 2, Some(Z * 0.02));
    assert_point(&points[2], 0.63, 2, Some(Z * 0.03));
    let winners: Vec<Vec<usize>> = points
        .iter()
        .map(|p| p.as_ref().unwrap().winners.clone())
        .collect();
    assert_eq!(winners, [vec![1], vec![0], vec![1]]);
    assert_eq!(points[1].as_ref().unwrap().cell, Some((1, 0)));
    // Along weight decay, best over lr: 0.82 (lr 1e-3) at 0, 0.79 (lr 1e-3) at 0.1.
    let along_y = slice(SliceAxis::Y, Across::Best);
    assert_point(&along_y[0].points[0], 0.82, 2, Some(Z * 0.02));
    assert_point(&along_y[0].points[1], 0.79, 2, Some(Z * 0.01));
    assert_eq!(along_y[0].points[1].as_ref().unwrap().winners, [1]);
}

#[test]
fn the_mean_over_the_other_axis_needs_every_cell() {
    let lines = slice(SliceAxis::X, Across::Mean);
    let points = &lines[0].points;
    // lr 1e-4: (0.71 + 0.74) / 2, four runs, se sqrt(0.01² + 0²) / 2.
    assert_point(&points[0], 0.725, 4, Some(Z * 0.01 / 2.0));
    // lr 1e-3: (0.82 + 0.79) / 2, se sqrt(0.02² + 0.01²) / 2.
    assert_point(&points[1], 0.805, 4, Some(Z * 0.0005f64.sqrt() / 2.0));
    // lr 1e-2 lacks weight decay 0: a gap, not the mean of the one cell.
    assert_eq!(points[2], None);
    assert_eq!(points[0].as_ref().unwrap().cell, None);
}

fn grid(columns: usize, values: &[Option<f64>]) -> Grid {
    let cells = values.iter().map(|v| v.map(Cell::single)).collect();
    Grid::from_cells(columns, values.len() / columns, cells).unwrap()
}

#[test]
fn ties_at_the_decimals_are_all_winners_and_lower_is_better() {
    // Column 0 over three rows: 0.501, 0.498, 0.3: at 2 decimals 0.50 and 0.50 tie.
    let grid = grid(1, &[Some(0.501), Some(0.498), Some(0.3)]);
    let higher = slice_grid(
        &grid,
        &[],
        SliceAxis::X,
        Across::Best,
        Direction::Higher,
        Z,
        2,
    );
    let point = higher[0].points[0].as_ref().unwrap();
    assert_eq!(point.winners, [0, 1]);
    // The first tied value is the point's; without errors there is no interval.
    assert_close(point.value, 0.501);
    assert_eq!(point.interval, None);
    assert_eq!(point.n, 1);
    // At 3 decimals they do not tie.
    let finer = slice_grid(
        &grid,
        &[],
        SliceAxis::X,
        Across::Best,
        Direction::Higher,
        Z,
        3,
    );
    assert_eq!(finer[0].points[0].as_ref().unwrap().winners, [0]);
    // Lower is better (a loss): 0.3 wins.
    let lower = slice_grid(
        &grid,
        &[],
        SliceAxis::X,
        Across::Best,
        Direction::Lower,
        Z,
        2,
    );
    let point = lower[0].points[0].as_ref().unwrap();
    assert_close(point.value, 0.3);
    assert_eq!(point.winners, [2]);
    assert_eq!(point.cell, Some((0, 2)));
}

#[test]
fn a_missing_column_is_a_gap_in_every_line() {
    // Two rows by three columns, column 1 missing entirely.
    let grid = grid(
        3,
        &[Some(1.0), None, Some(3.0), Some(2.0), None, f64::NAN.into()],
    );
    for across in [Across::Each, Across::Best, Across::Mean] {
        for line in slice_grid(&grid, &[], SliceAxis::X, across, Direction::Higher, Z, 1) {
            assert_eq!(line.points[1], None, "{across:?}");
        }
    }
    // NaN counts as missing: the second row has only column 0.
    let each = slice_grid(
        &grid,
        &[],
        SliceAxis::X,
        Across::Each,
        Direction::Higher,
        Z,
        1,
    );
    assert_eq!(each[1].points[2], None);
    assert_point(&each[0].points[2], 3.0, 1, None);
    // The mean at column 0: (1 + 2) / 2 over 2 runs; at column 2 the NaN leaves a gap.
    let mean = slice_grid(
        &grid,
        &[],
        SliceAxis::X,
        Across::Mean,
        Direction::Higher,
        Z,
        1,
    );
    assert_point(&mean[0].points[0], 1.5, 2, None);
    assert_eq!(mean[0].points[2], None);
}

#[test]
fn learning_rates_and_powers_of_two_are_log_spaced() {
    assert!(is_log_spaced(&[1e-4, 3e-4, 1e-3, 3e-3]));
    assert!(is_log_spaced(&[1e-4, 1e-3, 1e-2]));
    assert!(is_log_spaced(&[1.0, 2.0, 4.0, 8.0, 16.0]));
    // Even steps, too narrow a span, too few values, zero or negative values: linear.
    assert!(!is_log_spaced(&[0.1, 0.2, 0.3, 0.4, 0.5]));
    assert!(!is_log_spaced(&[500.0, 1000.0, 2000.0, 3000.0]));
    assert!(!is_log_spaced(&[1e-4, 1e-2]));
    assert!(!is_log_spaced(&[0.0, 1.0, 10.0, 100.0]));
    // One to ten spans a factor of 10 but in even steps.
    let one_to_ten: Vec<f64> = (1..=10).map(f64::from).collect();
    assert!(!is_log_spaced(&one_to_ten));
}

// The figure, its layout and its drawing.

use sweepmap::color::{Rgb, Theme};
use sweepmap::figure::{
    prepare_figure, prepare_slice, FigureOptions, SliceFigure, SliceOptions, SliceScale, View,
};
use sweepmap::layout::{layout_slice, SliceLayout};
use sweepmap::render::{
    band_color, draw_slice_on, render_slice_svg, DrawOptions, Font, Point, Surface,
};

fn slice_figure(across: Across, theme: Theme) -> SliceFigure {
    let dataset = runs();
    let figure = prepare_figure(
        &dataset,
        &FigureOptions {
            view: View::Model { model: "m".into() },
            theme,
            ..FigureOptions::default()
        },
    )
    .unwrap();
    let options = SliceOptions {
        along: SliceAxis::X,
        across,
        level: 0.95,
    };
    prepare_slice(&dataset, &figure, &options).unwrap()
}

#[test]
fn the_figure_names_its_series_and_says_what_it_shows() {
    let slice = slice_figure(Across::Each, Theme::Light);
    assert_eq!(slice.title, "val_accuracy along lr");
    assert_eq!(slice.scale, SliceScale::Log);
    let names: Vec<&str> = slice.series.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["weight_decay = 0", "weight_decay = 0.1"]);
    assert_eq!(slice.series[0].color, Rgb::new(0x1f, 0x77, 0xb4));
    assert_eq!(slice.series[1].color, Rgb::new(0xd9, 0x5f, 0x02));
    assert_eq!(slice.level, Some(0.95));
    // Two seeds per cell give standard errors of 0.01 to 0.03: two decimals.
    assert_eq!(slice.decimals, 2);
    assert_eq!(
        slice.sentences,
        [
            "A line per weight_decay; bands: 95 % confidence intervals of each point's mean; \
          1 point without a value (the line breaks there)."
        ]
    );
    assert_eq!(
        slice.point_text(0, 1).unwrap(),
        "weight_decay = 0 · lr = 1e-3: 0.82 (95 % interval 0.78 to 0.86), n = 2"
    );
    assert_eq!(slice.point_text(0, 2), None);
    let best = slice_figure(Across::Best, Theme::Dark);
    assert_eq!(best.series[0].name, "best over weight_decay");
    // The dark theme's blue.
    assert_eq!(best.series[0].color, Rgb::new(0x6e, 0xa8, 0xdc));
    assert_eq!(
        best.point_text(0, 0).unwrap(),
        "best over weight_decay · lr = 1e-4: 0.74 (95 % interval 0.74 to 0.74), n = 2, \
         best weight_decay = 0.1"
    );
    assert!(
        best.sentences[0].starts_with("At each point the best weight_decay (hover to see which)")
    );
}

#[test]
fn more_lines_than_colours_are_refused_with_what_to_choose() {
    // Eleven values of y, one panel: eleven lines.
    let mut csv = String::from("y,x,score\n");
    for y in 0..11 {
        for x in 0..3 {
            csv.push_str(&format!("{y},{x},{}\n", f64::from(x + y) / 20.0));
        }
    }
    let dataset = load_csv(&csv, &CsvOptions::default()).unwrap();
    let figure = prepare_figure(&dataset, &FigureOptions::default()).unwrap();
    let options = SliceOptions {
        along: SliceAxis::X,
        across: Across::Each,
        level: 0.95,
    };
    let error = prepare_slice(&dataset, &figure, &options).unwrap_err();
    assert_eq!(
        error.to_string(),
        "field \"slice\": expected at most 10 lines, as many as colours tell apart, found 11: \
         choose one model or benchmark, or across \"best\" or \"mean\""
    );
    let best = SliceOptions {
        across: Across::Best,
        ..options
    };
    assert_eq!(
        prepare_slice(&dataset, &figure, &best)
            .unwrap()
            .series
            .len(),
        1
    );
}

#[test]
fn the_layout_places_log_spaced_values_evenly_and_finds_points() {
    for width in [1400.0, 390.0] {
        let slice = slice_figure(Across::Each, Theme::Light);
        let layout = layout_slice(&slice, width);
        let plot = layout.plot;
        assert!(plot.right() <= width - 12.0 + 1e-9, "{width}: {plot:?}");
        let point = layout.points[1][1].unwrap();
        // 1e-3 is the middle of 1e-4 .. 1e-2 on a log axis.
        assert!((point.x - (plot.x + plot.width / 2.0)).abs() < 1e-9);
        // The ends stand 3 % of the width inside the plot.
        let first = layout.points[1][0].unwrap();
        assert!((first.x - (plot.x + 0.03 * plot.width)).abs() < 1e-9);
        let last = layout.points[1][2].unwrap();
        assert!((last.x - (plot.right() - 0.03 * plot.width)).abs() < 1e-9);
        // Higher values sit higher: 0.79 above 0.74.
        assert!(point.y < first.y);
        // The band spans the interval: 0.79 ± 1.96 · 0.01 around the centre.
        let (top, bottom) = point.band.unwrap();
        assert!(top < point.y && point.y < bottom);
        let per_unit = plot.height / (layout.y_range.1 - layout.y_range.0);
        assert!((bottom - top - 2.0 * Z * 0.01 * per_unit).abs() < 1e-6);
        assert_eq!(layout.points[0][2], None);
        assert_eq!(layout.hit_test(point.x + 3.0, point.y - 3.0), Some((1, 1)));
        assert_eq!(layout.hit_test(point.x + 30.0, point.y), None);
        // The legend is beside the plot when wide, under it when narrow.
        let legend = &layout.legend[0];
        if width > 1000.0 {
            assert!(legend.at.0 > plot.right());
        } else {
            assert!(legend.at.1 > plot.bottom());
        }
        assert!(layout.height > plot.bottom());
        let labels: Vec<&str> = layout.x_ticks.iter().map(|t| t.label.as_str()).collect();
        assert_eq!(labels, ["1e-4", "1e-3", "1e-2"]);
    }
}

/// Records the lines, polygons and dots drawn.
#[derive(Default)]
struct Recording {
    lines: Vec<(Point, Point, Rgb)>,
    polygons: Vec<(Vec<Point>, Rgb)>,
    dots: Vec<(Point, Rgb)>,
    texts: Vec<String>,
}

impl Surface for Recording {
    fn fill_rect(&mut self, _: Point, _: Point, _: Rgb) -> sweepmap::Result<()> {
        Ok(())
    }
    fn stroke_rect(&mut self, _: Point, _: Point, _: Rgb, _: f64) -> sweepmap::Result<()> {
        Ok(())
    }
    fn line(&mut self, from: Point, to: Point, rgb: Rgb, _: f64) -> sweepmap::Result<()> {
        self.lines.push((from, to, rgb));
        Ok(())
    }
    fn fill_polygon(&mut self, points: &[Point], rgb: Rgb) -> sweepmap::Result<()> {
        self.polygons.push((points.to_vec(), rgb));
        Ok(())
    }
    fn fill_circle(&mut self, centre: Point, _: u32, rgb: Rgb) -> sweepmap::Result<()> {
        self.dots.push((centre, rgb));
        Ok(())
    }
    fn text(&mut self, text: &str, _: Point, _: &Font) -> sweepmap::Result<()> {
        self.texts.push(text.to_string());
        Ok(())
    }
    fn present(&mut self) -> sweepmap::Result<()> {
        Ok(())
    }
}

fn pixel(x: f64, y: f64) -> Point {
    (x.round() as i32, y.round() as i32)
}

fn drawn(slice: &SliceFigure, layout: &SliceLayout) -> Recording {
    let mut recording = Recording::default();
    draw_slice_on(&mut recording, slice, layout, DrawOptions::default()).unwrap();
    recording
}

#[test]
fn lines_break_at_gaps_and_bands_are_the_series_colour() {
    let slice = slice_figure(Across::Each, Theme::Light);
    let layout = layout_slice(&slice, 800.0);
    let recording = drawn(&slice, &layout);
    let at = |series: usize, position: usize| {
        let place = layout.points[series][position].unwrap();
        pixel(place.x, place.y)
    };
    let blue = slice.series[0].color;
    let orange = slice.series[1].color;
    // Weight decay 0: one segment, 1e-4 to 1e-3; none to 1e-2, where it has no point.
    let blue_lines: Vec<(Point, Point)> = recording
        .lines
        .iter()
        .filter(|(_, _, rgb)| *rgb == blue)
        .map(|(from, to, _)| (*from, *to))
        .filter(|(from, _)| *from != pixel(layout.legend[0].at.0, layout.legend[0].at.1))
        .collect();
    assert_eq!(blue_lines, [(at(0, 0), at(0, 1))]);
    // Weight decay 0.1: two segments.
    let orange_lines = recording
        .lines
        .iter()
        .filter(|(from, _, rgb)| *rgb == orange && from.1 != pixel(0.0, layout.legend[1].at.1).1)
        .count();
    assert_eq!(orange_lines, 2);
    // A dot at each of the five points (and one per legend entry).
    assert_eq!(
        recording
            .dots
            .iter()
            .filter(|(_, rgb)| *rgb == blue)
            .count(),
        3
    );
    assert_eq!(
        recording
            .dots
            .iter()
            .filter(|(_, rgb)| *rgb == orange)
            .count(),
        4
    );
    assert!(recording.dots.contains(&(at(1, 2), orange)));
    // Bands: one polygon per series (blue's two points, orange's three), a fifth of the
    // colour over white.
    assert_eq!(
        band_color(blue, Some(Rgb::new(255, 255, 255))),
        Rgb::new(0xd2, 0xe4, 0xf0)
    );
    let fills: Vec<Rgb> = recording.polygons.iter().map(|(_, rgb)| *rgb).collect();
    assert_eq!(
        fills,
        [
            band_color(blue, Some(Rgb::new(255, 255, 255))),
            band_color(orange, Some(Rgb::new(255, 255, 255)))
        ]
    );
    assert_eq!(recording.polygons[1].0.len(), 6);
    assert!(recording
        .texts
        .contains(&"val_accuracy along lr".to_string()));
    assert!(recording.texts.contains(&"weight_decay = 0.1".to_string()));
}

#[test]
fn the_svg_holds_the_lines_in_their_colours() {
    let slice = slice_figure(Across::Best, Theme::Light);
    let layout = layout_slice(&slice, 800.0);
    let svg = render_slice_svg(&slice, &layout).unwrap();
    assert!(svg.starts_with("<svg"), "{}", &svg[..80]);
    assert!(svg.contains("val_accuracy along lr"));
    // The series' blue strokes its segments; its band is filled with the mixed colour.
    assert!(svg.contains("stroke=\"#1F77B4\""), "{svg}");
    assert!(svg.contains("fill=\"#D2E4F0\""), "{svg}");
}

// The slice's exports and notes: what is shown, not the heatmap's cells.

use sweepmap::figure::slice_notes;
use sweepmap::CsvText;

#[test]
fn the_latex_table_is_the_slice_with_its_intervals_and_what_it_shows() {
    let slice = slice_figure(Across::Each, Theme::Light);
    assert_eq!(
        slice.latex(),
        "% Table by sweepmap: \\usepackage{booktabs} in the preamble.\n\n\
         \\begin{table}\n\\centering\n\
         \\caption{val\\_accuracy along lr. A line per weight\\_decay; bands: 95 \\% confidence \
         intervals of each point's mean; 1 point without a value (the line breaks there). In \
         brackets: each point's 95 \\% confidence interval.}\n\
         \\begin{tabular}{lrr}\n\\toprule\n\
         lr & weight\\_decay = 0 & weight\\_decay = 0.1 \\\\\n\\midrule\n\
         1e-4 & 0.71 [0.69, 0.73] & 0.74 [0.74, 0.74] \\\\\n\
         1e-3 & 0.82 [0.78, 0.86] & 0.79 [0.77, 0.81] \\\\\n\
         1e-2 & -- & 0.63 [0.57, 0.69] \\\\\n\
         \\bottomrule\n\\end{tabular}\n\\end{table}\n"
    );
}

#[test]
fn the_markdown_is_the_slice_as_a_table_under_what_it_shows() {
    let slice = slice_figure(Across::Each, Theme::Light);
    assert_eq!(
        slice.markdown(),
        "## val\\_accuracy along lr\n\n\
         A line per weight\\_decay; bands: 95 % confidence intervals of each point's mean; 1 \
         point without a value (the line breaks there). In brackets: each point's 95 % \
         confidence interval.\n\n\
         | lr | weight\\_decay = 0 | weight\\_decay = 0.1 |\n\
         |---|---:|---:|\n\
         | 1e-4 | 0.71 \\[0.69, 0.73\\] | 0.74 \\[0.74, 0.74\\] |\n\
         | 1e-3 | 0.82 \\[0.78, 0.86\\] | 0.79 \\[0.77, 0.81\\] |\n\
         | 1e-2 | -- | 0.63 \\[0.57, 0.69\\] |\n"
    );
}

#[test]
fn the_csv_has_a_row_per_point_with_its_count_and_interval() {
    let slice = slice_figure(Across::Each, Theme::Light);
    let csv = slice.csv(CsvText::SpreadsheetSafe);
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("series,lr,val_accuracy,n,lower (95 % interval),upper (95 % interval)")
    );
    // (series, lr, mean, n, half width of the interval): the missing cell has no row.
    let expected = [
        ("weight_decay = 0", "1e-4", 0.71, 2, Z * 0.01),
        ("weight_decay = 0", "1e-3", 0.82, 2, Z * 0.02),
        ("weight_decay = 0.1", "1e-4", 0.74, 2, 0.0),
        ("weight_decay = 0.1", "1e-3", 0.79, 2, Z * 0.01),
        ("weight_decay = 0.1", "1e-2", 0.63, 2, Z * 0.03),
    ];
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), expected.len());
    for (row, (series, lr, mean, n, half)) in rows.iter().zip(expected) {
        let fields: Vec<&str> = row.split(',').collect();
        assert_eq!(&fields[..2], [series, lr]);
        let number = |index: usize| fields[index].parse::<f64>().unwrap();
        assert!((number(2) - mean).abs() < 1e-9, "{row}");
        assert_eq!(fields[3], n.to_string());
        assert!((number(4) - (mean - half)).abs() < 1e-9, "{row}");
        assert!((number(5) - (mean + half)).abs() < 1e-9, "{row}");
    }
}

#[test]
fn the_notes_of_a_slice_speak_of_points_and_bands_not_cells() {
    let slice = slice_figure(Across::Each, Theme::Light);
    let notes = slice_notes(&slice);
    assert_eq!(
        notes.uncertainty.as_deref(),
        Some("Bands: each point's 95 % confidence interval. A slice marks no cells.")
    );
    let help = notes.help.unwrap();
    assert!(help.starts_with("Point at a point for its value, interval and count."));
    assert!(!help.contains("cell"), "{help}");
    assert_eq!(notes.colour, None);

    // One run per cell: no noise estimate, no bands, and the exports have no interval columns.
    let dataset = load_csv(
        "model,weight_decay,lr,val_accuracy\nm,0,1e-4,0.7\nm,0,1e-3,0.8\nm,0.1,1e-4,0.75\nm,0.1,1e-3,0.78\n",
        &CsvOptions::default(),
    )
    .unwrap();
    let figure = prepare_figure(
        &dataset,
        &FigureOptions {
            view: View::Model { model: "m".into() },
            ..FigureOptions::default()
        },
    )
    .unwrap();
    let options = SliceOptions {
        along: SliceAxis::X,
        across: Across::Each,
        level: 0.95,
    };
    let plain = prepare_slice(&dataset, &figure, &options).unwrap();
    assert_eq!(
        slice_notes(&plain).uncertainty.as_deref(),
        Some("No bands: the points shown have no item counts or repeated runs to estimate noise from.")
    );
    assert_eq!(
        plain.csv(CsvText::Raw).lines().next(),
        Some("series,lr,val_accuracy,n")
    );
    assert!(
        plain.latex().contains("\n1e-4 & 0.70 & 0.75 \\\\\n"),
        "{}",
        plain.latex()
    );
    assert!(!plain.markdown().contains("brackets"));
}

#[test]
fn the_label_says_the_metric_the_axis_the_lines_and_what_became_of_the_rest() {
    // One panel: the label names it, as the lines are named by the other axis only.
    let each = slice_figure(Across::Each, Theme::Light);
    assert_eq!(each.panel.as_deref(), Some("m"));
    assert_eq!(
        each.label(),
        "Line chart of val_accuracy along lr in m: 2 lines: weight_decay = 0, \
         weight_decay = 0.1. A line per weight_decay; bands: 95 % confidence intervals of each \
         point's mean; 1 point without a value (the line breaks there)."
    );
    let best = slice_figure(Across::Best, Theme::Light);
    assert_eq!(
        best.label(),
        "Line chart of val_accuracy along lr in m: 1 line: best over weight_decay. At each point \
         the best weight_decay (hover to see which); bands: 95 % confidence intervals of each \
         point's mean."
    );
    let mean = slice_figure(Across::Mean, Theme::Light);
    assert!(
        mean.label().starts_with(
            "Line chart of val_accuracy along lr in m: 1 line: mean over weight_decay. At each \
             point the mean over every weight_decay (a point missing one is left out)"
        ),
        "{}",
        mean.label()
    );
}

#[test]
fn the_description_under_a_slice_says_the_observations_are_the_heatmaps() {
    use sweepmap::figure::{key_observations, slice_description};
    let dataset = runs();
    let view = View::Model { model: "m".into() };
    let figure = prepare_figure(
        &dataset,
        &FigureOptions {
            view: view.clone(),
            ..FigureOptions::default()
        },
    )
    .unwrap();
    let heatmap = key_observations(&dataset, &figure, &view, None).description();
    let sentences = heatmap
        .strip_prefix("Key observations. ")
        .expect("the heatmap's description and its heading");
    assert!(!sentences.is_empty());
    assert_eq!(
        slice_description(&heatmap),
        format!(
            "Key observations of the heatmap this slice is read from (its cells, each a \
             configuration of both axes). {sentences}"
        )
    );
    // No observations: no description either.
    assert_eq!(slice_description(""), "");
}
