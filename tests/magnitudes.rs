//! Huge and tiny magnitudes (issue 19, defect 7): values like 1e300 in a file, or a share link
//! fixing the colour range at -1e308..1e308, are written in exponent notation everywhere a
//! figure shows a number (cell labels, colour bar ticks, hover text, the panel description,
//! observations and their Markdown, the SVG), and the plot keeps its size: no label grows to 300
//! digits and squeezes the cells.
#![cfg(not(target_arch = "wasm32"))]

use std::path::PathBuf;

use sweepmap::figure::{
    observations_markdown, observe_figure, prepare_figure, Figure, FigureOptions, View,
};
use sweepmap::layout::{layout_figure, FigureLayout};
use sweepmap::link::{parse_link, LinkContext, ViewState};
use sweepmap::render::render_svg;
use sweepmap::{load_csv, load_json, CsvOptions, Dataset};

/// Longest run of number characters any shown text may hold ("−1.23e−308" is 10).
const LONGEST_NUMBER: usize = 12;

/// A small sweep whose values are `scale` times a few ordinary ones.
fn sweep(scale: &str) -> Dataset {
    let mut text = String::from("model,benchmark,window,ratio,score\n");
    for (index, value) in [41.3, 42.7, 45.3, 44.7, 39.3, 49.3].iter().enumerate() {
        let window = 500 * (1 + index / 3);
        let ratio = 0.1 * (1 + index % 3) as f64;
        text.push_str(&format!("A,B,{window},{ratio:.1},{value}{scale}\n"));
    }
    load_csv(&text, &CsvOptions::default()).expect("the sweep loads")
}

fn prepare(dataset: &Dataset, options: &FigureOptions) -> Figure {
    prepare_figure(dataset, options).expect("the figure prepares")
}

/// Every run of digits, points, minus signs and exponent marks in `text`, longer than any
/// number should be written.
fn long_numbers(text: &str) -> Vec<String> {
    let mut runs = Vec::new();
    let mut run = String::new();
    for c in text.chars().chain(['\n']) {
        let numeric = c.is_ascii_digit() || matches!(c, '.' | '−' | '-' | 'e' | ',');
        if numeric && (c != 'e' || run.chars().any(|c| c.is_ascii_digit())) {
            run.push(c);
        } else {
            if run.chars().filter(char::is_ascii_digit).count() > 0
                && run.chars().count() > LONGEST_NUMBER
            {
                runs.push(run.clone());
            }
            run.clear();
        }
    }
    runs
}

/// The text of every `<text>` element of an SVG.
fn svg_texts(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .filter_map(|part| {
            let start = part.find('>')? + 1;
            let end = part.find("</text>")?;
            part.get(start..end).map(|text| text.trim().to_string())
        })
        .collect()
}

/// Everything the figure shows in words and numbers: the SVG's texts, every cell's hover
/// label, the panel descriptions and the observations as Markdown.
fn shown_text(dataset: &Dataset, figure: &Figure, view: &View, layout: &FigureLayout) -> String {
    let svg = render_svg(figure, layout).expect("the SVG renders");
    let mut shown = svg_texts(&svg).join("\n");
    for (index, panel) in figure.panels.iter().enumerate() {
        shown.push('\n');
        shown.push_str(&figure.describe_panel(panel));
        for y in 0..panel.grid.rows() {
            for x in 0..panel.grid.columns() {
                if let Some(info) = figure.cell_info(index, x, y) {
                    shown.push('\n');
                    shown.push_str(&info.value_label);
                }
            }
        }
    }
    shown.push('\n');
    shown.push_str(&observations_markdown(&observe_figure(
        dataset, figure, view, None,
    )));
    shown
}

/// The plot of each panel keeps at least four fifths of the width and height it has with
/// ordinary numbers (a colour bar label of "−1e308" is a few characters wider than "52.0";
/// one of 309 digits left the cells a sliver).
fn assert_plot_keeps_its_size(layout: &FigureLayout, normal: &FigureLayout) {
    assert_eq!(layout.panels.len(), normal.panels.len());
    for (panel, normal) in layout.panels.iter().zip(&normal.panels) {
        assert!(
            panel.plot.width >= 0.8 * normal.plot.width
                && panel.plot.height >= 0.8 * normal.plot.height,
            "plot {:?}, with ordinary numbers {:?}",
            panel.plot,
            normal.plot
        );
    }
    assert!(
        layout.width <= normal.width * 1.1,
        "{} px wide",
        layout.width
    );
}

#[test]
fn huge_and_tiny_values_in_a_file_are_shown_short_and_the_plot_keeps_its_size() {
    let view = View::Model { model: "A".into() };
    let options = FigureOptions {
        view: view.clone(),
        ..FigureOptions::default()
    };
    let normal_data = sweep("");
    let normal = layout_figure(&prepare(&normal_data, &options), 900.0);
    for (scale, first) in [
        ("e300", "4.13e301"),
        ("e-300", "4.13e−299"),
        ("e306", "4.13e307"),
    ] {
        let dataset = sweep(scale);
        let figure = prepare(&dataset, &options);
        let layout = layout_figure(&figure, 900.0);
        assert_plot_keeps_its_size(&layout, &normal);
        let shown = shown_text(&dataset, &figure, &view, &layout);
        assert_eq!(long_numbers(&shown), Vec::<String>::new(), "{scale}");
        // Means and spreads of values near the largest double are finite.
        assert!(
            !shown.contains("inf") && !shown.contains("NaN"),
            "{scale}: {shown}"
        );
        // The values themselves are told apart, in the cells and on hover.
        let info = figure.cell_info(0, 0, 0).expect("a cell");
        assert_eq!(info.value_label, first, "{scale}");
        assert!(shown.contains("4.93e"), "{scale}: the peak is shown");
    }
}

/// The bundled sweep, as the explorer opens it.
fn kv() -> Dataset {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("www/data/kv-cache-sweep.json");
    load_json(&std::fs::read_to_string(path).expect("bundled")).expect("loads")
}

#[test]
fn a_link_fixing_the_range_at_the_largest_doubles_draws_a_normal_figure() {
    let dataset = kv();
    let context = LinkContext {
        models: Some(dataset.models.levels.clone()),
        benchmarks: Some(dataset.benchmarks.levels.clone()),
        ..LinkContext::default()
    };
    let parsed = parse_link("range=fixed&min=-1e308&max=1e308", &context);
    assert!(parsed.notices.is_empty(), "{:?}", parsed.notices);
    let ViewState::Sweep(sweep) = parsed.state else {
        panic!("a sweep view");
    };
    assert_eq!((sweep.min, sweep.max), (Some(-1e308), Some(1e308)));
    let view = View::Model {
        model: dataset.models.levels[0].clone(),
    };
    let linked = FigureOptions {
        view: view.clone(),
        domain: sweep.range.mode(sweep.min, sweep.max, sweep.center),
        ..FigureOptions::default()
    };
    let figure = prepare(&dataset, &linked);
    let layout = layout_figure(&figure, 1100.0);
    let plain = FigureOptions {
        view: view.clone(),
        ..FigureOptions::default()
    };
    let normal = layout_figure(&prepare(&dataset, &plain), 1100.0);
    assert_plot_keeps_its_size(&layout, &normal);
    let shown = shown_text(&dataset, &figure, &view, &layout);
    assert_eq!(long_numbers(&shown), Vec::<String>::new());
    // The colour bar's ends say the range.
    let svg = render_svg(&figure, &layout).expect("the SVG renders");
    let texts = svg_texts(&svg);
    for end in ["−1e308", "1e308"] {
        assert!(
            texts.iter().any(|text| text == end),
            "no {end} in {texts:?}"
        );
    }
}
