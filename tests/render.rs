//! Figures drawn to SVG from the bundled datasets: compared with committed golden files (on a
//! mismatch a `-changed.svg` is written beside the golden one for a person to look at), and
//! checked shape by shape: every cell's fill is its scale's colour for that cell's value.
//!
//! To accept new output after a deliberate change: `SWEEPMAP_BLESS=1 cargo test --test render`.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::path::PathBuf;

use sweepmap::color::{ColorMap, DomainMode, Rgb, MISSING};
use sweepmap::figure::{prepare_figure, BenchmarkChoice, Figure, FigureOptions, View};
use sweepmap::layout::{layout_figure, FigureLayout};
use sweepmap::render::{
    cell_raster, color_bar_raster, color_bar_stripes, draw_figure_on, render_svg, DrawOptions,
    Font, Point, Raster, Surface,
};
use sweepmap::{load_json, Dataset};

use common::Pixels;

fn dataset(name: &str) -> Dataset {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("www/data")
        .join(name);
    let text = std::fs::read_to_string(&path).expect("bundled dataset is readable");
    load_json(&text).expect("bundled dataset loads")
}

fn kv() -> Dataset {
    dataset("kv-cache-sweep.json")
}

fn figure(dataset: &Dataset, view: View, domain: DomainMode) -> Figure {
    let options = FigureOptions {
        view,
        domain,
        color_map: ColorMap::YellowGreenBlue,
        ..FigureOptions::default()
    };
    prepare_figure(dataset, &options).expect("figure prepares")
}

fn model(name: &str) -> View {
    View::Model { model: name.into() }
}

/// Compares with the golden file, writing `-changed.svg` beside it on a mismatch.
fn assert_golden(name: &str, svg: &str) {
    let directory = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let golden = directory.join(format!("{name}.svg"));
    let changed = directory.join(format!("{name}-changed.svg"));
    if std::env::var_os("SWEEPMAP_BLESS").is_some() {
        std::fs::create_dir_all(&directory).expect("golden directory");
        std::fs::write(&golden, svg).expect("golden written");
        let _ = std::fs::remove_file(&changed);
        return;
    }
    let expected = std::fs::read_to_string(&golden).unwrap_or_else(|_| {
        panic!(
            "no golden file {}; run with SWEEPMAP_BLESS=1",
            golden.display()
        )
    });
    if expected != svg {
        std::fs::write(&changed, svg).expect("changed file written");
        panic!(
            "{name}.svg differs from its golden file; see {}",
            changed.display()
        );
    }
    let _ = std::fs::remove_file(&changed);
}

/// Every `<rect>` whose size is one cell's, with its fill, in document order.
fn cell_rects(svg: &str, layout: &FigureLayout) -> Vec<(f64, f64, String)> {
    let panel = &layout.panels[0];
    svg.lines()
        .filter(|line| line.trim_start().starts_with("<rect"))
        .filter_map(|line| {
            let attribute = |name: &str| -> Option<String> {
                let start = line.find(&format!(" {name}=\""))? + name.len() + 3;
                let end = line[start..].find('"')? + start;
                Some(line[start..end].to_string())
            };
            let width: f64 = attribute("width")?.parse().ok()?;
            let height: f64 = attribute("height")?.parse().ok()?;
            let is_cell = (width - panel.cell_width).abs() <= 2.0
                && (height - panel.cell_height).abs() <= 2.0;
            is_cell.then(|| {
                let x: f64 = attribute("x").and_then(|v| v.parse().ok()).unwrap_or(0.0);
                let y: f64 = attribute("y").and_then(|v| v.parse().ok()).unwrap_or(0.0);
                (
                    x + width / 2.0,
                    y + height / 2.0,
                    attribute("fill").unwrap_or_default(),
                )
            })
        })
        .collect()
}

#[test]
fn every_cell_is_filled_with_its_scale_colour() {
    let dataset = kv();
    let figure = figure(&dataset, model("R1-Llama"), DomainMode::PerPanel);
    let layout = layout_figure(&figure, 1280.0);
    let svg = render_svg(&figure, &layout).unwrap();
    let rects = cell_rects(&svg, &layout);
    // 5 benchmarks (4 measured + the reported average) x 20 cells.
    assert_eq!(figure.panels.len(), 5);
    assert_eq!(rects.len(), 100);
    for (centre_x, centre_y, fill) in rects {
        let hit = layout
            .hit_test(centre_x, centre_y)
            .expect("a cell is under its centre");
        let panel = &figure.panels[hit.panel];
        let value = panel.grid.value(hit.x, hit.y).expect("cell present");
        assert_eq!(
            fill.to_lowercase(),
            panel.scale.color(value).hex(),
            "cell {hit:?}"
        );
    }
}

#[test]
fn seed_000_amc23_gets_its_own_range_so_no_legend_is_exceeded() {
    // The seed figure's one legend said 24-48 while AMC23 reached 89.0. Per panel, each bar
    // spans exactly its panel's values.
    let dataset = kv();
    let figure = figure(&dataset, model("R1-Llama"), DomainMode::PerPanel);
    let amc = figure
        .panels
        .iter()
        .find(|p| p.title == "R1-Llama | AMC23")
        .unwrap();
    assert_eq!((amc.domain.domain.min, amc.domain.domain.max), (84.0, 89.0));
    assert!(!amc.domain.clips());
    let layout = layout_figure(&figure, 1280.0);
    let bar = &layout.color_bars[2];
    let labels: Vec<&str> = bar.ticks.iter().map(|t| t.label.as_str()).collect();
    // AMC23's 40 items give each cell a standard error of about 5 points: whole numbers.
    assert_eq!(labels.first(), Some(&"84"));
    assert_eq!(labels.last(), Some(&"89"));
}

#[test]
fn a_fixed_range_that_clips_says_so_on_the_legend() {
    let dataset = kv();
    let fixed = DomainMode::Fixed {
        min: 24.0,
        max: 48.0,
    };
    let figure = figure(&dataset, model("R1-Llama"), fixed);
    assert!(figure.shared_legend);
    // AMC23 (20 cells), AIME24's 49.3s and GPQA's 48.4, and the averages above 48.
    let above = figure.panels[0].domain.above;
    assert!(above >= 22, "{above}");
    let layout = layout_figure(&figure, 1280.0);
    assert_eq!(layout.color_bars.len(), 1);
    let svg = render_svg(&figure, &layout).unwrap();
    assert!(svg.contains("≥ 48.0"), "the top label marks clipping");
    assert!(!svg.contains("≤ 24.0"), "nothing is below 24");
    assert_golden("r1-llama-fixed-24-48", &svg);
}

#[test]
fn peaks_are_bold_and_ties_all_marked() {
    let dataset = kv();
    let figure = figure(&dataset, model("R1-Qwen"), DomainMode::PerPanel);
    let amc = figure
        .panels
        .iter()
        .find(|p| p.title == "R1-Qwen | AMC23")
        .unwrap();
    // Seed 002: four cells tie at 88.5, labelled "89" (a standard error of about 5 points on
    // AMC23's 40 items); the other cells, at most 88.0, read "88" or less.
    assert_eq!(amc.peaks.len(), 4);
    let layout = layout_figure(&figure, 1280.0);
    let svg = render_svg(&figure, &layout).unwrap();
    let bold_885 = svg
        .lines()
        .zip(svg.lines().skip(1))
        .filter(|(tag, text)| tag.contains("font-weight=\"bold\"") && text.trim() == "89")
        .count();
    assert_eq!(bold_885, 4);
    assert_golden("r1-qwen-per-panel", &svg);
}

#[test]
fn model_benchmark_grid_and_mean_and_difference_views() {
    let dataset = kv();
    let grid = figure(&dataset, View::Grid, DomainMode::Shared);
    assert_eq!(grid.panels.len(), 10);
    let layout = layout_figure(&grid, 1280.0);
    assert_golden("kv-grid-shared", &render_svg(&grid, &layout).unwrap());

    let mean = figure(
        &dataset,
        View::Benchmark {
            benchmark: BenchmarkChoice::Mean,
        },
        DomainMode::Shared,
    );
    assert_eq!(mean.panels.len(), 2);
    assert_eq!(mean.panels[1].title, "R1-Qwen | mean of 4 benchmarks");
    // R1-Qwen's computed mean at window 2000, ratio 0.4 is (52.0 + 36.7 + 88.5 + 48.2) / 4.
    let y = dataset.y.position("2000").unwrap();
    let x = dataset.x.position("0.4").unwrap();
    let value = mean.panels[1].grid.value(x, y).unwrap();
    assert!((value - 56.35).abs() < 1e-9);
    let layout = layout_figure(&mean, 1280.0);
    assert_golden("kv-mean-side-by-side", &render_svg(&mean, &layout).unwrap());

    let difference = figure(
        &dataset,
        View::Difference {
            a: "R1-Qwen".into(),
            b: "R1-Llama".into(),
            benchmark: BenchmarkChoice::Named("AIME24".into()),
        },
        DomainMode::PerPanel,
    );
    let panel = &difference.panels[0];
    assert_eq!(panel.domain.center, Some(0.0));
    assert_eq!(panel.domain.domain.min, -panel.domain.domain.max);
    assert!(panel.scale.map.is_diverging());
    let layout = layout_figure(&difference, 800.0);
    assert_golden(
        "kv-difference-aime24",
        &render_svg(&difference, &layout).unwrap(),
    );
}

#[test]
fn missing_cells_are_hatched_grey_and_named_in_the_legend() {
    let dataset = dataset("partial-r1-qwen.json");
    let figure = figure(&dataset, model("R1-Qwen"), DomainMode::PerPanel);
    assert!(figure.has_missing);
    let layout = layout_figure(&figure, 1280.0);
    let svg = render_svg(&figure, &layout).unwrap();
    let missing_fill = MISSING.hex().to_uppercase();
    let missing_cells = cell_rects(&svg, &layout)
        .iter()
        .filter(|(_, _, fill)| *fill == missing_fill)
        .count();
    assert_eq!(missing_cells, 40);
    assert!(svg.contains(">\nmissing\n</text>") || svg.contains("missing"));
    assert_golden("partial-r1-qwen", &svg);
}

#[test]
fn a_narrow_screen_wraps_panels_into_rows() {
    let dataset = kv();
    let figure = figure(&dataset, model("R1-Llama"), DomainMode::Shared);
    let wide = layout_figure(&figure, 1280.0);
    let narrow = layout_figure(&figure, 600.0);
    assert_eq!(wide.columns, 5);
    assert!(narrow.columns < 5, "{}", narrow.columns);
    assert!(narrow.panels.iter().all(|p| p.plot.right() <= 600.0));
    assert_golden("r1-llama-600px", &render_svg(&figure, &narrow).unwrap());
}

/// A surface for the device pixels of `layout` drawn at `ratio`, a pixel to spare: the fills a
/// canvas paints, which the rasters stand in for.
fn fills(layout: &FigureLayout, ratio: f64) -> Pixels {
    let width = (layout.width * ratio).round() as i32 + 2;
    let height = (layout.height * ratio).round() as i32 + 2;
    Pixels::new(width, height)
}

/// Every pixel of a raster against the fills under it; returns how many pixels it has.
fn assert_raster_matches(raster: &mut Raster<'_>, fills: &Pixels, what: &str) -> usize {
    let (width, height) = raster.size();
    let (x0, y0) = raster.origin();
    let mut rgba = Vec::new();
    raster.write_rows(0..height, &mut rgba);
    assert_eq!(rgba.len(), width * height, "{what}");
    for (index, pixel) in rgba.iter().enumerate() {
        let (x, y) = (x0 + (index % width) as i32, y0 + (index / width) as i32);
        let expected = fills.pixel(x, y);
        assert_eq!(
            *pixel,
            [expected.r, expected.g, expected.b, 255],
            "{what}: device pixel ({x}, {y})"
        );
    }
    width * height
}

/// A synthetic grid of `columns x rows` with value `(7x + 13y) mod 50` and one missing cell.
fn synthetic_grid(columns: usize, rows: usize, missing: (usize, usize)) -> Dataset {
    let cells: Vec<String> = (0..rows)
        .map(|y| {
            let row: Vec<String> = (0..columns)
                .map(|x| {
                    if (x, y) == missing {
                        "null".to_string()
                    } else {
                        ((7 * x + 13 * y) % 50).to_string()
                    }
                })
                .collect();
            format!("[{}]", row.join(","))
        })
        .collect();
    let axis = |n: usize| (0..n).map(|i| i.to_string()).collect::<Vec<_>>().join(",");
    load_json(&format!(
        r#"{{"title": "Synthetic grid", "metric": {{"name": "Score", "direction": "higher"}},
            "x": {{"name": "x", "values": [{}]}}, "y": {{"name": "y", "values": [{}]}},
            "panels": [{{"cells": [{}]}}]}}"#,
        axis(columns),
        axis(rows),
        cells.join(",")
    ))
    .expect("the synthetic grid loads")
}

#[test]
fn rasters_paint_exactly_the_pixels_of_the_shapes() {
    let kv = kv();
    let partial = dataset("partial-r1-qwen.json");
    let grid = synthetic_grid(97, 61, (5, 60));
    let wide = synthetic_grid(400, 30, (399, 0));
    let figures = [
        (
            "R1-Qwen",
            figure(&kv, model("R1-Qwen"), DomainMode::PerPanel),
        ),
        ("partial", figure(&partial, View::Grid, DomainMode::Shared)),
        ("97 x 61", figure(&grid, View::Grid, DomainMode::PerPanel)),
        // Wider than the plot at 333 px: one CSS pixel per cell, so one device pixel per
        // column at ratio 1.
        ("400 x 30", figure(&wide, View::Grid, DomainMode::PerPanel)),
    ];
    let mut checked = 0;
    for (name, figure) in &figures {
        for width in [333.0, 720.0, 1001.0] {
            let layout = layout_figure(figure, width);
            for ratio in [1.0, 1.25, 2.0, 3.0] {
                let mut fills = fills(&layout, ratio);
                let options = DrawOptions {
                    pixel_ratio: ratio,
                    ..DrawOptions::default()
                };
                draw_figure_on(&mut fills, figure, &layout, options).unwrap();
                let what = format!("{name} at {width} px, ratio {ratio}");
                for panel in 0..figure.panels.len() {
                    let mut raster = cell_raster(figure, &layout, panel, ratio).unwrap();
                    checked += assert_raster_matches(&mut raster, &fills, &what);
                }
                for bar in &layout.color_bars {
                    let scale = &figure.panels[bar.panel].scale;
                    let stripes = color_bar_stripes(scale, bar.bar.height, ratio);
                    let mut raster = color_bar_raster(stripes, bar.bar, ratio);
                    checked += assert_raster_matches(&mut raster, &fills, &what);
                }
            }
        }
    }
    assert!(checked > 5_000_000, "{checked} pixels checked");
}

#[test]
fn raster_cells_put_the_largest_y_on_top() {
    let grid = synthetic_grid(97, 61, (5, 60));
    let figure = figure(&grid, View::Grid, DomainMode::PerPanel);
    let layout = layout_figure(&figure, 800.0);
    let plot = layout.panels[0].plot;
    let mut raster = cell_raster(&figure, &layout, 0, 1.0).unwrap();
    // Small cells have no gap: the image is the plot rectangle, rounded to device pixels.
    assert_eq!(
        raster.origin(),
        (plot.x.round() as i32, plot.y.round() as i32)
    );
    assert_eq!(
        raster.size(),
        (
            (plot.right().round() - plot.x.round()) as usize,
            (plot.bottom().round() - plot.y.round()) as usize
        )
    );
    let (width, height) = raster.size();
    let mut rgba = Vec::new();
    raster.write_rows(0..height, &mut rgba);
    let pixel = |x: usize, y: usize| {
        let [r, g, b, a] = rgba[y * width + x];
        assert_eq!(a, 255);
        Rgb::new(r, g, b)
    };
    let scale = figure.panels[0].scale;
    // Top left: x 0, y 60 = 780 mod 50 = 30; top right: x 96, y 60 = (672 + 780) mod 50 = 2.
    assert_eq!(pixel(0, 0), scale.color(30.0));
    assert_eq!(pixel(width - 1, 0), scale.color(2.0));
    // The missing cell, x 5 in the top row, in the missing colour.
    let missing = layout.cell_rect(0, 5, 60).unwrap();
    let centre = (missing.x + missing.width / 2.0 - plot.x.round()) as usize;
    assert_eq!(pixel(centre, 0), MISSING);
    assert_eq!(pixel(centre, height - 1), scale.color(35.0));
    // Bottom left: x 0, y 0 = 0; bottom right: x 96, y 0 = 672 mod 50 = 22.
    assert_eq!(pixel(0, height - 1), scale.color(0.0));
    assert_eq!(pixel(width - 1, height - 1), scale.color(22.0));
    // Rows are written in bands as asked: rows 10 to 20 are those rows of the whole image.
    let mut band = Vec::new();
    raster.write_rows(10..20, &mut band);
    assert_eq!(band, rgba[10 * width..20 * width]);
}

fn circles(svg: &str) -> usize {
    svg.lines()
        .filter(|line| line.trim_start().starts_with("<circle"))
        .count()
}

#[test]
fn uncertainty_marks_the_cells_the_peak_cannot_be_told_apart_from() {
    let dataset = kv();
    let options = FigureOptions {
        view: model("R1-Llama"),
        uncertainty: Some(0.95),
        ..FigureOptions::default()
    };
    let figure = prepare_figure(&dataset, &options).unwrap();
    // AIME24, 30 problems: the two tied 49.3 peaks are within noise of all 18 other cells.
    assert_eq!(figure.panels[0].peaks.len(), 2);
    assert_eq!(figure.panels[0].marks.len(), 18);
    // GPQA-Diamond, 198 problems: the 48.4 peak is 4.3 points above the lowest cell, inside the
    // 95 % margin of about 9.7 points for two cells near 46 %: no cell separates from it.
    let gpqa = &figure.panels[3];
    assert_eq!(gpqa.marks.len(), 19);
    assert_eq!(
        figure.mark_label.as_deref(),
        Some("cannot be told apart from the peak (95 %)")
    );
    let marks: usize = figure.panels.iter().map(|p| p.marks.len()).sum();
    let layout = layout_figure(&figure, 1280.0);
    let svg = render_svg(&figure, &layout).unwrap();
    // One dot per mark and one in the key.
    assert_eq!(circles(&svg), marks + 1);
    assert_golden("r1-llama-uncertainty", &svg);
}

#[test]
fn reconciliation_shows_reported_recomputed_and_their_difference() {
    let dataset = kv();
    let options = FigureOptions {
        view: View::Reconcile {
            model: "R1-Llama".into(),
            benchmark: "Average (reported)".into(),
        },
        ..FigureOptions::default()
    };
    let figure = prepare_figure(&dataset, &options).unwrap();
    let titles: Vec<&str> = figure.panels.iter().map(|p| p.title.as_str()).collect();
    assert_eq!(
        titles,
        [
            "R1-Llama | Average (reported)",
            "R1-Llama | recomputed mean of 4",
            "R1-Llama | reported − recomputed"
        ]
    );
    let result = figure.reconciliation().unwrap();
    assert_eq!(result.mismatches.len(), 19);
    assert_eq!(figure.panels[2].marks.len(), 19);
    assert_eq!(figure.panels[2].domain.center, Some(0.0));
    // Reported and recomputed share one range: 49.1 (both have it) to 52.8 (reported).
    for panel in &figure.panels[..2] {
        assert!((panel.domain.domain.min - 49.1).abs() < 1e-9);
        assert_eq!(panel.domain.domain.max, 52.8);
    }
    assert!(figure.panels[2].scale.map.is_diverging());
    // Window 3000, ratio 0.1: reported 49.1, recomputed (40.0 + 26.7 + 86.5 + 46.2) / 4 = 49.85.
    let x = dataset.x.position("0.1").unwrap();
    let y = dataset.y.position("3000").unwrap();
    assert!((figure.panels[1].grid.value(x, y).unwrap() - 49.85).abs() < 1e-9);
    assert!((figure.panels[2].grid.value(x, y).unwrap() + 0.75).abs() < 1e-9);
    let layout = layout_figure(&figure, 1280.0);
    assert_eq!(layout.color_bars.len(), 3);
    assert_golden("r1-llama-reconcile", &render_svg(&figure, &layout).unwrap());
    // R1-Qwen's reported averages match their parts: nothing is marked.
    let qwen = FigureOptions {
        view: View::Reconcile {
            model: "R1-Qwen".into(),
            benchmark: "Average (reported)".into(),
        },
        ..FigureOptions::default()
    };
    let figure = prepare_figure(&dataset, &qwen).unwrap();
    assert!(figure.panels[2].marks.is_empty());
    assert_eq!(figure.mark_label, None);
}

fn pairwise_example() -> sweepmap::pairwise::PairwiseDataset {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("www/data/synthetic-pairwise.json");
    let text = std::fs::read_to_string(path).unwrap();
    sweepmap::pairwise::load_pairwise_json(&text).unwrap()
}

#[test]
fn pairwise_histograms_bin_items_with_a_parity_line_and_statistics() {
    use sweepmap::figure::{prepare_pairwise_figure, PairwiseOptions};
    use sweepmap::pairwise::{load_pairwise_csv, PairwiseCsvOptions};
    // Four items: A ahead on two, tied on one, B ahead on one.
    let text = "item,model,score\n\
                t1,alpha,0.9\nt1,beta,0.1\n\
                t2,alpha,0.75\nt2,beta,0.25\n\
                t3,alpha,0.5\nt3,beta,0.5\n\
                t4,alpha,0.2\nt4,beta,0.8\n";
    let dataset = load_pairwise_csv(text, &PairwiseCsvOptions::default()).unwrap();
    let options = PairwiseOptions {
        bins: (2, 2),
        ..PairwiseOptions::default()
    };
    let figure = prepare_pairwise_figure(&dataset, &options).unwrap();
    assert_eq!(figure.panels.len(), 1);
    let panel = &figure.panels[0];
    assert_eq!(panel.title, "alpha vs beta");
    // Bins: x = alpha, y = beta, row 0 = beta below 0.5.
    assert_eq!(panel.grid.value(1, 0), Some(2.0)); // t1, t2
    assert_eq!(panel.grid.value(1, 1), Some(1.0)); // t3 at 0.5: the bin starting there
    assert_eq!(panel.grid.value(0, 1), Some(1.0)); // t4
    assert_eq!(panel.grid.value(0, 0), Some(0.0));
    assert_eq!(
        panel.subtitle,
        [
            "alpha ahead 50 % · tied 25 % · beta ahead 25 %",
            "mean A − B 0.175 · sign test p = 1.000 · n = 4"
        ]
    );
    let histogram = panel
        .histogram()
        .expect("a histogram panel, with the parity line");
    assert_eq!(histogram.x_name, "score - alpha");
    assert_eq!(histogram.y_name, "score - beta");
    let info = figure.cell_info(0, 1, 0).unwrap();
    assert_eq!(
        info.text,
        "alpha vs beta: score - alpha 0.5–1.0, score - beta 0.0–0.5: 2 items, 50.0 % of 4 paired \
         items"
    );
    assert_eq!((info.rank, info.below_peak), (None, None));
    let layout = layout_figure(&figure, 600.0);
    let labels: Vec<&str> = layout.panels[0]
        .x_ticks
        .iter()
        .map(|t| t.label.as_str())
        .collect();
    assert_eq!(labels, ["0", "0.5", "1"]);
}

#[test]
fn the_synthetic_example_draws_six_pairs() {
    use sweepmap::figure::{prepare_pairwise_figure, PairwiseOptions};
    let figure = prepare_pairwise_figure(&pairwise_example(), &PairwiseOptions::default()).unwrap();
    assert_eq!(figure.panels.len(), 6);
    assert_eq!(figure.panels[0].title, "model-a vs model-b");
    let layout = layout_figure(&figure, 1280.0);
    // Score against score: square plots, so the parity line runs at 45 degrees.
    for panel in &layout.panels {
        assert!((panel.plot.width - panel.plot.height).abs() < 1e-9);
    }
    let svg = render_svg(&figure, &layout).unwrap();
    assert_golden("synthetic-pairwise", &svg);
    // Narrower, the statistics wrap to their panel instead of running into the next one.
    let narrow = layout_figure(&figure, 900.0);
    for (panel, geometry) in figure.panels.iter().zip(&narrow.panels) {
        assert!(geometry.subtitle.len() > panel.subtitle.len());
        // No wider than a third of the figure, the room one of three panels has.
        let panel_width = (900.0 - 24.0) / 3.0;
        for (line, _) in &geometry.subtitle {
            let width = sweepmap::layout::estimate_text_width(line, narrow.tick_font);
            assert!(
                width <= panel_width,
                "{line:?} is {width:.0} px in {panel_width:.0} px"
            );
        }
    }
    // Exports name what they hold and tell the two score columns apart.
    assert_eq!(figure.file_stem(), "pairwise");
    let csv = figure.shown_data_csv();
    assert_eq!(
        csv.lines().next(),
        Some(
            "model A,model B,group,progress ratio of A from,progress ratio of A to,\
             progress ratio of B from,progress ratio of B to,items,share of paired items"
        )
    );
    assert_eq!(csv.lines().count(), 1 + 6 * 100);
    // The bin of model-a 0.0-0.1 against model-b 0.0-0.1 holds 40 of 285 paired items.
    assert!(
        csv.contains("\nmodel-a,model-b,,0,0.1,0,0.1,40,"),
        "{}",
        &csv[..400]
    );
    // The figure says its data are synthetic, in every export.
    assert!(figure
        .caption
        .as_deref()
        .unwrap()
        .starts_with("Synthetic example"));
    assert!(svg.contains("Synthetic example"));
    let description = figure.describe_panel(&figure.panels[0]);
    assert!(description.contains("model-a ahead 36 %"), "{description}");
}

/// Per-item scores of `models` models named m1, m2, ... over three items, as CSV.
fn pairwise_of(models: usize) -> sweepmap::pairwise::PairwiseDataset {
    use sweepmap::pairwise::{load_pairwise_csv, PairwiseCsvOptions};
    let mut text = String::from("item,model,score\n");
    for item in 1..=3 {
        for model in 1..=models {
            let score = ((item * 3 + model) % 10) as f64 / 10.0;
            text.push_str(&format!("t{item},m{model},{score}\n"));
        }
    }
    load_pairwise_csv(&text, &PairwiseCsvOptions::default()).unwrap()
}

/// Without models chosen, a figure compares the data's first five: ten pairs of seven models,
/// every pair of four.
#[test]
fn the_default_models_are_the_first_five() {
    use sweepmap::figure::{
        default_pairwise_models, prepare_pairwise_figure, PairwiseOptions, DEFAULT_PAIRWISE_MODELS,
    };
    assert_eq!(DEFAULT_PAIRWISE_MODELS, 5);
    let names = |count: usize| -> Vec<String> { (1..=count).map(|m| format!("m{m}")).collect() };
    assert_eq!(default_pairwise_models(&names(7)), names(5));
    assert_eq!(default_pairwise_models(&names(5)), names(5));
    assert_eq!(default_pairwise_models(&names(4)), names(4));
    assert!(default_pairwise_models(&[]).is_empty());

    let titles = |models: usize| -> Vec<String> {
        prepare_pairwise_figure(&pairwise_of(models), &PairwiseOptions::default())
            .unwrap()
            .panels
            .into_iter()
            .map(|panel| panel.title)
            .collect()
    };
    assert_eq!(
        titles(7),
        [
            "m1 vs m2", "m1 vs m3", "m1 vs m4", "m1 vs m5", "m2 vs m3", "m2 vs m4", "m2 vs m5",
            "m3 vs m4", "m3 vs m5", "m4 vs m5"
        ]
    );
    assert_eq!(
        titles(4),
        ["m1 vs m2", "m1 vs m3", "m1 vs m4", "m2 vs m3", "m2 vs m4", "m3 vs m4"]
    );
    // Models chosen are drawn whatever their number.
    let chosen = PairwiseOptions {
        models: names(7),
        ..PairwiseOptions::default()
    };
    let figure = prepare_pairwise_figure(&pairwise_of(7), &chosen).unwrap();
    assert_eq!(figure.panels.len(), 21);
    assert_eq!(figure.panels[20].title, "m6 vs m7");
}

/// Where a surface was drawn on, in device pixels: every shape's bounding box, and every text's
/// box as the layout estimates it (its width from `estimate_text_width`, its height the font
/// size and a little), each with the text.
#[derive(Default)]
struct Extents {
    shapes: Vec<(f64, f64, f64, f64)>,
    texts: Vec<(String, (f64, f64, f64, f64))>,
}

impl Extents {
    fn shape(&mut self, points: &[Point], reach: f64) {
        let xs = points.iter().map(|p| f64::from(p.0));
        let ys = points.iter().map(|p| f64::from(p.1));
        let (x0, x1) = (
            xs.clone().fold(f64::MAX, f64::min),
            xs.fold(f64::MIN, f64::max),
        );
        let (y0, y1) = (
            ys.clone().fold(f64::MAX, f64::min),
            ys.fold(f64::MIN, f64::max),
        );
        self.shapes
            .push((x0 - reach, y0 - reach, x1 + reach, y1 + reach));
    }
}

impl Surface for Extents {
    fn fill_rect(&mut self, from: Point, to: Point, _: Rgb) -> sweepmap::Result<()> {
        self.shape(&[from, to], 0.0);
        Ok(())
    }
    fn stroke_rect(&mut self, from: Point, to: Point, _: Rgb, width: f64) -> sweepmap::Result<()> {
        self.shape(&[from, to], width / 2.0);
        Ok(())
    }
    fn line(&mut self, from: Point, to: Point, _: Rgb, width: f64) -> sweepmap::Result<()> {
        self.shape(&[from, to], width / 2.0);
        Ok(())
    }
    fn fill_polygon(&mut self, points: &[Point], _: Rgb) -> sweepmap::Result<()> {
        self.shape(points, 0.5);
        Ok(())
    }
    fn fill_circle(&mut self, centre: Point, radius: u32, _: Rgb) -> sweepmap::Result<()> {
        let r = i32::try_from(radius).unwrap();
        self.shape(
            &[(centre.0 - r, centre.1 - r), (centre.0 + r, centre.1 + r)],
            0.5,
        );
        Ok(())
    }
    fn text(&mut self, text: &str, at: Point, font: &Font) -> sweepmap::Result<()> {
        use plotters::style::text_anchor::{HPos, VPos};
        let (width, height) = (
            sweepmap::layout::estimate_text_width(text, font.size) * 1.1,
            font.size * 1.25,
        );
        let (width, height) = if font.rotated {
            (height, width)
        } else {
            (width, height)
        };
        let (x, y) = (f64::from(at.0), f64::from(at.1));
        let x0 = match (font.rotated, font.horizontal) {
            (true, _) | (false, HPos::Center) => x - width / 2.0,
            (false, HPos::Left) => x,
            (false, HPos::Right) => x - width,
        };
        let y0 = match (font.rotated, font.vertical) {
            (true, _) | (false, VPos::Center) => y - height / 2.0,
            (false, VPos::Top) => y,
            (false, VPos::Bottom) => y - height,
        };
        self.texts
            .push((text.to_owned(), (x0, y0, x0 + width, y0 + height)));
        Ok(())
    }
    fn present(&mut self) -> sweepmap::Result<()> {
        Ok(())
    }
}

#[test]
fn a_colour_change_repaints_inside_the_colour_regions_and_nothing_else_is_there() {
    use sweepmap::render::{color_regions, Parts};
    let kv = kv();
    let fixed = DomainMode::Fixed {
        min: 24.0,
        max: 48.0,
    };
    let figures = [
        (
            "R1-Qwen",
            figure(&kv, model("R1-Qwen"), DomainMode::PerPanel),
        ),
        ("R1-Llama fixed", figure(&kv, model("R1-Llama"), fixed)),
        ("grid", figure(&kv, View::Grid, DomainMode::Shared)),
        // Marginal strips (with dots within noise of the best) are coloured too.
        (
            "R1-Llama strips",
            prepare_figure(
                &kv,
                &FigureOptions {
                    view: model("R1-Llama"),
                    marginals: true,
                    uncertainty: Some(0.95),
                    ..FigureOptions::default()
                },
            )
            .unwrap(),
        ),
        (
            "97 x 61",
            figure(
                &synthetic_grid(97, 61, (3, 5)),
                View::Grid,
                DomainMode::PerPanel,
            ),
        ),
    ];
    let inside = |(x0, y0, x1, y1): (f64, f64, f64, f64), regions: &[(f64, f64, f64, f64)]| {
        regions
            .iter()
            .any(|r| x0 >= r.0 && y0 >= r.1 && x1 <= r.2 && y1 <= r.3)
    };
    let overlaps = |(x0, y0, x1, y1): (f64, f64, f64, f64), r: &(f64, f64, f64, f64)| {
        x0 < r.2 && r.0 < x1 && y0 < r.3 && r.1 < y1
    };
    let mut checked = (0, 0);
    for (name, figure) in &figures {
        for width in [333.0, 720.0, 1001.0] {
            let layout = layout_figure(figure, width);
            for ratio in [1.0, 2.0] {
                let regions: Vec<(f64, f64, f64, f64)> = color_regions(figure, &layout)
                    .iter()
                    .map(|r| {
                        let px = |v: f64| (v * ratio).round();
                        (px(r.x), px(r.y), px(r.right()), px(r.bottom()))
                    })
                    .collect();
                let draw = |parts| {
                    let mut extents = Extents::default();
                    let options = DrawOptions {
                        pixel_ratio: ratio,
                        background: false,
                        parts,
                        ..DrawOptions::default()
                    };
                    draw_figure_on(&mut extents, figure, &layout, options).unwrap();
                    extents
                };
                let (all, colored) = (draw(Parts::All), draw(Parts::ColorDependent));
                let what = format!("{name} at {width} px, ratio {ratio}");
                // What the repaint draws stays inside the regions it clears ...
                for shape in &colored.shapes {
                    assert!(inside(*shape, &regions), "{what}: shape {shape:?} outside");
                    checked.0 += 1;
                }
                for (text, bounds) in &colored.texts {
                    assert!(
                        inside(*bounds, &regions),
                        "{what}: {text:?} {bounds:?} outside"
                    );
                    checked.0 += 1;
                }
                // ... and every text it leaves alone stays clear of them.
                let kept = all
                    .texts
                    .iter()
                    .filter(|text| !colored.texts.contains(text));
                for (text, bounds) in kept {
                    for region in &regions {
                        assert!(
                            !overlaps(*bounds, region),
                            "{what}: {text:?} {bounds:?} crosses {region:?}"
                        );
                    }
                    checked.1 += 1;
                }
                // Every shape of the whole figure that reaches into a region is drawn again.
                let reaching = all
                    .shapes
                    .iter()
                    .filter(|shape| regions.iter().any(|region| overlaps(**shape, region)))
                    .count();
                assert_eq!(reaching, colored.shapes.len(), "{what}");
            }
        }
    }
    assert!(checked.0 > 1000 && checked.1 > 500, "{checked:?}");
}

/// The attribute `name` of an SVG element's line, when it has it.
fn svg_attribute<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let start = line.find(&format!(" {name}=\""))? + name.len() + 3;
    let end = line[start..].find('"')? + start;
    Some(&line[start..end])
}

/// Each theme's palette reaches the SVG: the background (none for print), the ink of every text
/// around the panels, missing cells with their hatch, the colour bar's frame and the width of
/// its lines. Cell colours and the ink of value labels are the data's on every theme.
#[test]
fn every_theme_draws_its_palette_around_the_cells() {
    use sweepmap::color::{Theme, BLACK, DARK, LIGHT, PRINT};
    let partial = dataset("partial-r1-qwen.json");
    let themed = |theme: Theme| {
        let options = FigureOptions {
            view: View::Grid,
            color_map: ColorMap::YellowGreenBlue,
            theme,
            ..FigureOptions::default()
        };
        let figure = prepare_figure(&partial, &options).unwrap();
        let layout = layout_figure(&figure, 1280.0);
        let svg = render_svg(&figure, &layout).unwrap();
        (figure, layout, svg)
    };
    let (_, _, auto) = themed(Theme::Auto);
    let (light_figure, _, light) = themed(Theme::Light);
    // The default (an unresolved auto) draws as light, byte for byte: the golden files stand.
    assert_eq!(auto, light);
    let hex = |rgb: Rgb| rgb.hex().to_uppercase();
    for (theme, palette, hatch_width, frame_width) in [
        (Theme::Light, LIGHT, "1", None),
        (Theme::Dark, DARK, "1", None),
        (Theme::Print, PRINT, "0.5", Some("0.5")),
    ] {
        let (figure, layout, svg) = themed(theme);
        let lines: Vec<&str> = svg.lines().collect();
        let whole = format!(
            r#"<rect x="0" y="0" width="{}" height="{}" opacity="1" fill=""#,
            layout.width.ceil(),
            layout.height.ceil()
        );
        let background = lines.iter().find(|line| line.starts_with(&whole));
        match palette.background {
            Some(rgb) => assert_eq!(
                background.and_then(|line| svg_attribute(line, "fill")),
                Some(hex(rgb).as_str()),
                "{theme:?}"
            ),
            None => assert_eq!(background, None, "print has no background"),
        }
        // Every text: a label around the panels in the ink or muted ink, or a value label in a
        // cell (its anchor inside the cell) in black or white by the cell.
        let texts: Vec<(&str, &str, Option<sweepmap::layout::Hit>)> = lines
            .windows(2)
            .filter(|pair| pair[0].starts_with("<text"))
            .map(|pair| {
                let at = |name| {
                    svg_attribute(pair[0], name)
                        .unwrap()
                        .parse::<f64>()
                        .unwrap()
                };
                let fill = svg_attribute(pair[0], "fill").unwrap();
                (fill, pair[1], layout.hit_test(at("x"), at("y")))
            })
            .collect();
        let ink_of = |label: &str| {
            texts
                .iter()
                .find(|(_, text, _)| *text == label)
                .map(|(fill, _, _)| *fill)
        };
        assert_eq!(ink_of("Local Window Size"), Some(hex(palette.ink).as_str()));
        assert_eq!(ink_of("Pass@1 (%)"), Some(hex(palette.ink).as_str()));
        assert_eq!(ink_of("missing"), Some(hex(palette.muted_ink).as_str()));
        let around: Vec<&str> = texts
            .iter()
            .filter(|(_, _, hit)| hit.is_none())
            .map(|(fill, _, _)| *fill)
            .collect();
        let inks = [hex(palette.ink), hex(palette.muted_ink)];
        assert!(around.len() > 20, "{theme:?}: {}", around.len());
        assert!(
            around.iter().all(|fill| inks.iter().any(|ink| ink == fill)),
            "{theme:?}: {around:?}"
        );
        let annotations: Vec<&str> = texts
            .iter()
            .filter(|(_, _, hit)| hit.is_some())
            .map(|(fill, _, _)| *fill)
            .collect();
        assert!(annotations.len() > 20, "{theme:?}");
        assert!(annotations
            .iter()
            .all(|fill| *fill == hex(BLACK) || *fill == "#FFFFFF"));
        if theme == Theme::Print {
            assert!(around.iter().all(|fill| *fill == hex(BLACK)));
        }
        // Missing cells and the key's swatch in the missing colour, hatched.
        let missing = format!(r##"fill="{}" stroke="none"/>"##, hex(palette.missing));
        assert!(
            lines.iter().filter(|line| line.ends_with(&missing)).count() >= 2,
            "{theme:?}"
        );
        let hatches: Vec<&&str> = lines
            .iter()
            .filter(|line| svg_attribute(line, "stroke") == Some(hex(palette.hatch).as_str()))
            .collect();
        assert!(hatches.len() > 50, "{theme:?}: {}", hatches.len());
        assert!(hatches
            .iter()
            .all(|line| svg_attribute(line, "stroke-width") == Some(hatch_width)));
        // The colour bar's frame.
        let frame = format!(r#"fill="none" stroke="{}""#, hex(palette.frame));
        let frames: Vec<&&str> = lines.iter().filter(|line| line.contains(&frame)).collect();
        assert_eq!(frames.len(), layout.color_bars.len(), "{theme:?}");
        assert!(frames
            .iter()
            .all(|line| svg_attribute(line, "stroke-width") == frame_width));
        // Cells keep the colour map's colours; missing ones take the theme's.
        let cells = cell_rects(&svg, &layout);
        let light_cells = cell_rects(&light, &layout);
        assert_eq!(cells.len(), light_cells.len());
        for (cell, light_cell) in cells.iter().zip(&light_cells) {
            if light_cell.2 == hex(LIGHT.missing) {
                assert_eq!(cell.2, hex(palette.missing));
            } else {
                assert_eq!(cell, light_cell);
            }
        }
        assert_eq!(figure.panels[0].scale, light_figure.panels[0].scale);
    }
}

/// A raster of cells leaves the gaps between them in the theme's background: transparent for
/// print, the dark grey for dark.
#[test]
fn raster_gaps_are_the_theme_background() {
    use sweepmap::color::{Theme, DARK};
    let kv = kv();
    for (theme, gap) in [
        (Theme::Light, [255, 255, 255, 255]),
        (Theme::Dark, {
            let rgb = DARK.background.unwrap();
            [rgb.r, rgb.g, rgb.b, 255]
        }),
        (Theme::Print, [0, 0, 0, 0]),
    ] {
        let options = FigureOptions {
            view: model("R1-Qwen"),
            theme,
            ..FigureOptions::default()
        };
        let figure = prepare_figure(&kv, &options).unwrap();
        let layout = layout_figure(&figure, 1280.0);
        let mut raster = cell_raster(&figure, &layout, 0, 1.0).unwrap();
        let (width, height) = raster.size();
        let mut rgba = Vec::new();
        raster.write_rows(0..height, &mut rgba);
        // The first cell's right edge is a gap of one pixel before the second cell.
        let first = layout.cell_rect(0, 0, 0).unwrap();
        let (x0, y0) = raster.origin();
        let gap_x = (first.right().round() as i32 - x0) as usize;
        let middle_y = ((first.y + first.height / 2.0).round() as i32 - y0) as usize;
        assert!(gap_x < width && middle_y < height);
        let row = &rgba[middle_y * width..(middle_y + 1) * width];
        assert!(row.contains(&gap), "{theme:?}");
        let cell = row[gap_x.saturating_sub(3)];
        assert_eq!(cell[3], 255, "{theme:?}: cells stay opaque");
    }
}
