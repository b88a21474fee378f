//! Log and symlog colour for sweeps: cells coloured at hand-computed positions along the map,
//! colour bar ticks at round values placed by the same scale, and a log scale refused with a
//! message where it cannot be drawn truthfully.
#![cfg(not(target_arch = "wasm32"))]

use std::path::PathBuf;

use sweepmap::color::{ColorMap, ColorScale, DomainMode, Transform};
use sweepmap::figure::{prepare_figure, Figure, FigureOptions, View};
use sweepmap::layout::{decade_ticks, layout_figure};
use sweepmap::render::render_svg;
use sweepmap::{load_csv, load_json, CsvOptions, Dataset};

/// One panel of `rows` rows of values, x the column and y the row.
fn panel(rows: &[&[f64]]) -> Dataset {
    let mut text = String::from("y,x,score\n");
    for (y, row) in rows.iter().enumerate() {
        for (x, value) in row.iter().enumerate() {
            text.push_str(&format!("{y},{x},{value}\n"));
        }
    }
    load_csv(&text, &CsvOptions::default()).unwrap()
}

fn options(scale: ColorScale) -> FigureOptions {
    FigureOptions {
        view: View::Grid,
        color_map: ColorMap::Viridis,
        color_scale: scale,
        annotate: false,
        ..FigureOptions::default()
    }
}

/// The fill of the SVG rectangle whose centre is `(x, y)`, as `#rrggbb`.
fn fill_at(svg: &str, x: f64, y: f64) -> Option<String> {
    svg.lines()
        .filter(|line| line.trim_start().starts_with("<rect"))
        .find_map(|line| {
            let attribute = |name: &str| -> Option<f64> {
                let start = line.find(&format!(" {name}=\""))? + name.len() + 3;
                line[start..].split('"').next()?.parse().ok()
            };
            let (left, top) = (attribute("x")?, attribute("y")?);
            let (width, height) = (attribute("width")?, attribute("height")?);
            let inside =
                (left + width / 2.0 - x).abs() < 1.0 && (top + height / 2.0 - y).abs() < 1.0;
            let start = line.find(" fill=\"")? + 7;
            inside.then(|| line[start..].split('"').next().map(str::to_lowercase))?
        })
}

/// Each cell's fill at its centre against the colour at `expected(value)` along the map.
fn assert_cells(figure: &Figure, rows: &[&[f64]], expected: impl Fn(f64) -> f64) {
    let layout = layout_figure(figure, 800.0);
    let svg = render_svg(figure, &layout).unwrap();
    for (y, row) in rows.iter().enumerate() {
        for (x, &value) in row.iter().enumerate() {
            let rect = layout.cell_rect(0, x, y).unwrap();
            let fill = fill_at(&svg, rect.x + rect.width / 2.0, rect.y + rect.height / 2.0);
            let colour = ColorMap::Viridis.color_at(expected(value)).hex();
            assert_eq!(
                fill.as_deref(),
                Some(colour.as_str()),
                "cell ({x}, {y}) = {value}"
            );
        }
    }
}

fn bar_labels(figure: &Figure) -> Vec<String> {
    let layout = layout_figure(figure, 800.0);
    layout.color_bars[0]
        .ticks
        .iter()
        .map(|tick| tick.label.clone())
        .collect()
}

const DECADES: [&[f64]; 4] = [
    &[1.0, 2.0, 5.0, 10.0],
    &[20.0, 50.0, 100.0, 200.0],
    &[300.0, 500.0, 700.0, 1000.0],
    &[1.0, 1.0, 1000.0, 1000.0],
];

#[test]
fn log_colour_puts_each_decade_a_third_of_the_way_along_1_to_1000() {
    let dataset = panel(&DECADES);
    let figure = prepare_figure(&dataset, &options(ColorScale::Log)).unwrap();
    assert_eq!(figure.panels[0].scale.transform, Transform::Log);
    // log10(v) / log10(1000): 10 at a third, 100 at two thirds.
    assert_cells(&figure, &DECADES, |v| v.log10() / 3.0);
    // The legend: the ends and the powers of ten between, placed by the same scale.
    let layout = layout_figure(&figure, 800.0);
    let bar = &layout.color_bars[0];
    let labels: Vec<&str> = bar.ticks.iter().map(|t| t.label.as_str()).collect();
    assert_eq!(labels.first(), Some(&"1"));
    assert_eq!(labels.last(), Some(&"1000"));
    assert!(
        labels.contains(&"10") && labels.contains(&"100"),
        "{labels:?}"
    );
    let at = |label: &str| bar.ticks.iter().find(|t| t.label == label).unwrap().at;
    // Equal steps for equal ratios: 1 to 10 is as tall as 10 to 100 and 100 to 1000.
    assert!(((at("1") - at("10")) - (at("10") - at("100"))).abs() < 1e-9);
    assert!(((at("10") - at("100")) - (at("100") - at("1000"))).abs() < 1e-9);
    // The bar's label says so.
    let svg = render_svg(&figure, &layout).unwrap();
    assert!(svg.contains(">\nscore (log)\n<"));
    // Linear, the same data would put 10 almost at the bottom, and the label says nothing.
    let linear = prepare_figure(&dataset, &options(ColorScale::Linear)).unwrap();
    assert_cells(&linear, &DECADES, |v| (v - 1.0) / 999.0);
    let svg = render_svg(&linear, &layout_figure(&linear, 800.0)).unwrap();
    assert!(svg.contains(">\nscore\n<"));
}

#[test]
fn symlog_colour_works_across_zero() {
    let rows: [&[f64]; 2] = [&[-100.0, -9.0, 0.0], &[1.0, 9.0, 100.0]];
    let dataset = panel(&rows);
    let figure = prepare_figure(&dataset, &options(ColorScale::Symlog)).unwrap();
    // The largest distance from 0 is 100: linear within 10^(2 - 2) = 1 of it.
    assert_eq!(
        figure.panels[0].scale.transform,
        Transform::Symlog {
            origin: 0.0,
            constant: 1.0
        }
    );
    // sign(v) ln(1 + |v|) spread from -ln(101) to ln(101).
    let position = |v: f64| 0.5 + 0.5 * (v.abs().ln_1p() / 101f64.ln()).copysign(v);
    assert_cells(&figure, &rows, position);
    let svg = render_svg(&figure, &layout_figure(&figure, 800.0)).unwrap();
    assert!(svg.contains(">\nscore (symlog)\n<"));
    // Powers of ten from the constant out (1 and -1 are left out: too close to 0 on this bar),
    // negatives with a minus sign.
    assert_eq!(
        bar_labels(&figure),
        ["\u{2212}100", "\u{2212}10", "0", "10", "100"]
    );
}

#[test]
fn decade_ticks_thin_from_1_2_5_to_1_3_to_powers_of_ten() {
    assert_eq!(
        decade_ticks(1.0, 1000.0, 8),
        [2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0]
    );
    assert_eq!(
        decade_ticks(1.0, 1000.0, 5),
        [3.0, 10.0, 30.0, 100.0, 300.0]
    );
    assert_eq!(decade_ticks(1.0, 1000.0, 2), [10.0, 100.0]);
    // Too many powers of ten for the room: every third.
    assert_eq!(decade_ticks(1.0, 1e8, 3), [1000.0, 1e6]);
    // Small values are exact decimals, not 0.30000000000000004.
    assert_eq!(decade_ticks(0.01, 1.0, 3), [0.03, 0.1, 0.3]);
    assert!(decade_ticks(0.0, 10.0, 5).is_empty());
    assert!(decade_ticks(10.0, 1.0, 5).is_empty());
}

#[test]
fn log_colour_of_the_seed_figure_keeps_round_ticks_within_a_decade() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("www/data/kv-cache-sweep.json");
    let dataset = load_json(&std::fs::read_to_string(path).unwrap()).unwrap();
    let options = FigureOptions {
        view: View::Model {
            model: "R1-Llama".into(),
        },
        domain: DomainMode::Shared,
        ..options(ColorScale::Log)
    };
    let figure = prepare_figure(&dataset, &options).unwrap();
    let scale = figure.panels[0].scale;
    // 24.0 to 89.0, less than a decade: round values evenly apart, placed by the logarithm.
    assert_eq!((scale.domain.min, scale.domain.max), (24.0, 89.0));
    // On a phone, the bar holds three ticks: 40 and 60 between the ends.
    let layout = layout_figure(&figure, 390.0);
    let ticks = &layout.color_bars[0].ticks;
    let labels: Vec<&str> = ticks.iter().map(|t| t.label.as_str()).collect();
    assert_eq!(labels, ["24.0", "40", "60", "89.0"]);
    // Spaced by their logarithms: 24 to 40 is ln(40/24) / ln(60/40) times 40 to 60.
    let at = |label: &str| ticks.iter().find(|t| t.label == label).unwrap().at;
    let ratio = (at("24.0") - at("40")) / (at("40") - at("60"));
    assert!((ratio - (40.0f64 / 24.0).ln() / 1.5f64.ln()).abs() < 1e-9);
}

#[test]
fn log_colour_is_refused_where_it_cannot_be_drawn() {
    let message = |dataset: &Dataset, options: FigureOptions| {
        prepare_figure(dataset, &options).unwrap_err().to_string()
    };
    let zero = panel(&[&[0.0, 1.0], &[10.0, 100.0]]);
    assert_eq!(
        message(&zero, options(ColorScale::Log)),
        r#"field "colorScale": expected "linear" or "symlog" for values that go down to 0: "log" needs values above 0"#
    );
    let positive = panel(&[&[1.0, 2.0], &[10.0, 100.0]]);
    let centred = FigureOptions {
        domain: DomainMode::Centered { center: 50.0 },
        ..options(ColorScale::Log)
    };
    assert_eq!(
        message(&positive, centred),
        r#"field "colorScale": expected "linear" or "symlog" with a centred colour range: "log" needs values above 0"#
    );
    let from_zero = FigureOptions {
        domain: DomainMode::Fixed {
            min: 0.0,
            max: 100.0,
        },
        ..options(ColorScale::Log)
    };
    assert_eq!(
        message(&positive, from_zero),
        r#"field "colorScale": expected "linear" or "symlog" for a colour range from 0: "log" needs values above 0"#
    );
    // Symlog takes all three.
    for domain in [
        DomainMode::PerPanel,
        DomainMode::Centered { center: 50.0 },
        DomainMode::Fixed {
            min: 0.0,
            max: 100.0,
        },
    ] {
        let symlog = FigureOptions {
            domain,
            ..options(ColorScale::Symlog)
        };
        assert!(prepare_figure(&zero, &symlog).is_ok());
    }
}
