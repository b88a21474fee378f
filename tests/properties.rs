//! Property tests (proptest): invariants that must hold for every dataset and every view, checked
//! on generated ones. Datasets are generated as tidy CSV with missing cells, replicates and odd
//! labels (commas, quotes, unicode, numbers written several ways), then loaded as the page
//! would; views are generated field by field. On a failure proptest prints the smallest input it
//! found.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;

use sweepmap::analysis::{compute_marginals, summarize, SliceAxis};
use sweepmap::color::{resolve_domain, ColorScale, DomainMode, Theme};
use sweepmap::figure::{Chart, Order, SliceAcross, Strips};
use sweepmap::link::{
    format_link, parse_link, BinValue, DataKind, Format, Layout, LinkContext, Named, PairwiseView,
    Range, Source, SweepView, ViewState,
};
use sweepmap::{load_csv, load_json, to_csv, to_json, CsvOptions, Dataset};

/// A label people might use: plain words, numbers, and text with commas, quotes and unicode.
fn label() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z][a-zA-Z0-9 _-]{0,6}[a-z0-9]",
        "[a-z\"', ;é✓日本-]{0,5}[a-z\"é✓]",
        (0u32..5000).prop_map(|n| n.to_string()),
        (0u32..100).prop_map(|n| format!("0.{n}")),
    ]
}

/// Distinct labels, as an axis or facet has (distinct by text and by number).
fn labels(max: usize) -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(label(), 1..=max).prop_map(|mut labels| {
        let mut seen: Vec<String> = Vec::new();
        labels.retain(|label| {
            let key = label
                .trim()
                .parse::<f64>()
                .map_or(label.trim().to_string(), |n| format!("{n}"));
            let fresh = !label.trim().is_empty() && !seen.contains(&key);
            seen.push(key);
            fresh
        });
        if labels.is_empty() {
            labels.push("only".into());
        }
        labels
    })
}

/// One CSV field, quoted as a spreadsheet would.
fn field(text: &str) -> String {
    format!("\"{}\"", text.replace('"', "\"\""))
}

/// A generated sweep: its CSV text and the roles to load it with.
#[derive(Debug, Clone)]
struct Generated {
    csv: String,
    roles: CsvOptions,
}

fn sweep() -> impl Strategy<Value = Generated> {
    (
        labels(3),
        labels(2),
        labels(4),
        labels(4),
        any::<bool>(),
        prop::collection::vec((0u8..4, prop::collection::vec(-500i32..5000, 3)), 96),
    )
        .prop_map(|(models, benchmarks, xs, ys, replicated, cells)| {
            let mut csv =
                String::from("model,benchmark,x axis,\"y, axis\",seed,\"score \"\"%\"\"\"\n");
            let mut index = 0;
            for model in &models {
                for benchmark in &benchmarks {
                    for x in &xs {
                        for y in &ys {
                            let (kind, values) =
                                cells.get(index % cells.len()).cloned().unwrap_or_default();
                            index += 1;
                            // 0: missing (no row), 1: an explicit empty value, else 1 or more rows.
                            let rows: Vec<String> = match kind {
                                0 => Vec::new(),
                                1 => vec![String::new()],
                                _ if replicated => values
                                    .iter()
                                    .take(usize::from(kind))
                                    .map(|v| format!("{}", f64::from(*v) / 10.0))
                                    .collect(),
                                _ => vec![format!("{}", f64::from(values[0]) / 10.0)],
                            };
                            for (seed, value) in rows.iter().enumerate() {
                                let line = [model.as_str(), benchmark, x, y]
                                    .iter()
                                    .map(|text| field(text))
                                    .chain([seed.to_string(), value.clone()])
                                    .collect::<Vec<_>>()
                                    .join(",");
                                csv.push_str(&line);
                                csv.push('\n');
                            }
                        }
                    }
                }
            }
            let roles = CsvOptions {
                x: Some("x axis".into()),
                y: Some("y, axis".into()),
                value: Some("score \"%\"".into()),
                model: Some("model".into()),
                benchmark: Some("benchmark".into()),
                replicate: Some("seed".into()),
                ignore: Vec::new(),
            };
            Generated { csv, roles }
        })
}

/// The generated dataset, loaded; `None` when every cell is missing (then loading rightly
/// fails with "no data rows" or similar and there is nothing to check).
fn loaded(generated: &Generated) -> Option<Dataset> {
    load_csv(&generated.csv, &generated.roles).ok()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn generated_sweeps_load(generated in sweep()) {
        let has_value = generated.csv.lines().skip(1).any(|line| !line.ends_with(','));
        let result = load_csv(&generated.csv, &generated.roles);
        if has_value {
            prop_assert!(result.is_ok(), "{:?}", result.err());
        }
    }

    #[test]
    fn export_then_load_gives_the_same_dataset(generated in sweep()) {
        let Some(dataset) = loaded(&generated) else { return Ok(()); };
        prop_assert_eq!(load_json(&to_json(&dataset)), Ok(dataset.clone()));
        let csv = to_csv(&dataset);
        prop_assert_eq!(load_csv(&csv, &CsvOptions::matching(&dataset)), Ok(dataset));
    }

    #[test]
    fn the_peak_is_at_least_every_present_cell_and_means_lie_within(generated in sweep()) {
        let Some(dataset) = loaded(&generated) else { return Ok(()); };
        for panel in &dataset.panels {
            let Some(summary) = summarize(&panel.grid, dataset.metric.direction) else { continue; };
            let values: Vec<f64> = panel.grid.present().map(|(_, _, cell)| cell.mean).collect();
            let (low, high) = extent(&values);
            let (best, worst) = match dataset.metric.direction {
                sweepmap::Direction::Higher => (high, low),
                sweepmap::Direction::Lower => (low, high),
            };
            prop_assert_eq!(summary.peak.value, best);
            prop_assert_eq!(summary.worst.value, worst);
            prop_assert!(values.iter().all(|&v| v <= high && v >= low));
            prop_assert!(within(summary.mean, low, high), "mean {} of {:?}", summary.mean, values);
            prop_assert!(within(summary.median, low, high));
            let marginals = compute_marginals(&panel.grid);
            for line in marginals.rows.iter().chain(&marginals.columns) {
                if let Some(mean) = line.mean {
                    prop_assert!(within(mean, low, high), "line mean {} of {:?}", mean, values);
                }
            }
            // A cell's mean lies within its replicates.
            for (x, y, cell) in panel.grid.present() {
                let index = y * panel.grid.columns() + x;
                let replicates: Vec<f64> = panel.replicates.iter().filter(|r| r.cell == index).map(|r| r.value).collect();
                if !replicates.is_empty() {
                    let (low, high) = extent(&replicates);
                    prop_assert!(within(cell.mean, low, high), "cell mean {} of {:?}", cell.mean, replicates);
                    prop_assert_eq!(usize::try_from(cell.count).ok(), Some(replicates.len()));
                }
            }
        }
    }

    #[test]
    fn a_shared_colour_domain_contains_every_shown_value(generated in sweep()) {
        let Some(dataset) = loaded(&generated) else { return Ok(()); };
        let shown: Vec<f64> = dataset.panels.iter().flat_map(|panel| panel.grid.present().map(|(_, _, cell)| cell.mean)).collect();
        for panel in &dataset.panels {
            let own: Vec<f64> = panel.grid.present().map(|(_, _, cell)| cell.mean).collect();
            let shared = resolve_domain(&DomainMode::Shared, &own, &shown).expect("a shared domain");
            prop_assert!(shown.iter().all(|&v| v >= shared.domain.min && v <= shared.domain.max));
            prop_assert!(!shared.clips());
            let centered = resolve_domain(&DomainMode::Centered { center: 0.0 }, &own, &shown).expect("a centred domain");
            prop_assert!(shown.iter().all(|&v| v >= centered.domain.min && v <= centered.domain.max));
            let per_panel = resolve_domain(&DomainMode::PerPanel, &own, &shown).expect("a panel domain");
            prop_assert!(own.iter().all(|&v| v >= per_panel.domain.min && v <= per_panel.domain.max));
        }
    }

    #[test]
    fn a_link_formats_and_parses_to_the_same_view(state in view_state()) {
        let kind = match state {
            ViewState::Sweep(_) => DataKind::Sweep,
            ViewState::Pairwise(_) => DataKind::Pairwise,
        };
        let context = LinkContext { kind, ..LinkContext::default() };
        let query = format_link(&state);
        let parsed = parse_link(&query, &context);
        prop_assert_eq!(parsed.notices, Vec::new(), "{}", query);
        prop_assert_eq!(parsed.state, state, "{}", query);
    }
}

fn extent(values: &[f64]) -> (f64, f64) {
    let low = values.iter().copied().fold(f64::INFINITY, f64::min);
    let high = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    (low, high)
}

/// Within [low, high], allowing for the rounding of a sum.
fn within(value: f64, low: f64, high: f64) -> bool {
    let slack = 1e-9 * low.abs().max(high.abs()).max(1.0);
    value >= low - slack && value <= high + slack
}

fn name() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9 ,\\\\:%&=+?#\"é✓-]{1,8}"
}

fn source() -> impl Strategy<Value = Source> {
    let format = prop_oneof![Just(Format::Auto), Just(Format::Csv), Just(Format::Json)];
    prop_oneof![
        name().prop_map(|id| Source::Bundled { id: Some(id) }),
        (
            "(https?://[a-z.]{1,8}/)?[a-z0-9/ %&=?#é-]{1,12}\\.(csv|json)",
            format.clone()
        )
            .prop_map(|(url, format)| Source::Url { url, format }),
        ("[A-Za-z0-9_-]{2,40}", "[a-z ,é.&=]{0,10}", format).prop_map(|(data, name, format)| {
            // Whole bytes of base64url, as encodeData writes it.
            let data = if data.len() % 4 == 1 {
                format!("{data}A")
            } else {
                data
            };
            let key = format!(
                "data:{}:{data}",
                match format {
                    Format::Auto => "auto",
                    Format::Csv => "csv",
                    Format::Json => "json",
                }
            );
            Source::Local {
                name,
                format,
                data: Some(data),
                key,
            }
        }),
    ]
}

fn number() -> impl Strategy<Value = f64> {
    prop_oneof![
        (-1000i32..1000).prop_map(f64::from),
        (-1e6f64..1e6),
        prop::num::f64::NORMAL,
    ]
}

fn decimals() -> impl Strategy<Value = Option<u32>> {
    prop::option::of(0u32..=6)
}

/// A view state as the page holds one after reading a link: keys a layout does not use are
/// unset, and the fixed bounds are increasing.
fn view_state() -> impl Strategy<Value = ViewState> {
    prop_oneof![sweep_view(), pairwise_view()]
}

fn sweep_view() -> impl Strategy<Value = ViewState> {
    let layout = prop_oneof![
        Just(Layout::Model),
        Just(Layout::Benchmark),
        Just(Layout::Grid),
        Just(Layout::Difference),
        Just(Layout::Reconcile),
    ];
    let range = prop_oneof![
        Just(Range::Panel),
        Just(Range::Shared),
        Just(Range::Fixed),
        Just(Range::Centered)
    ];
    (
        (
            source(),
            layout,
            prop::option::of(name()),
            prop::option::of(name()),
            prop::option::of(name()),
        ),
        (
            "[a-z]{1,8}",
            any::<bool>(),
            range,
            number(),
            number(),
            number(),
        ),
        (
            any::<bool>(),
            decimals(),
            prop::option::of(prop_oneof![Just(0.9), Just(0.95), Just(0.99)]),
            theme(),
            prop::sample::select(ColorScale::ALL),
            prop::sample::select(Order::ALL),
            prop::sample::select(Strips::ALL),
        ),
        (
            prop::sample::select(Chart::ALL),
            prop::sample::select(SliceAxis::ALL),
            prop::sample::select(SliceAcross::ALL),
        ),
    )
        .prop_map(
            |(
                (source, layout, model, model_b, benchmark),
                (color_map, reversed, range, a, b, center),
                (annotate, decimals, uncertainty, theme, color_scale, order, marginals),
                (chart, along, across),
            )| {
                // A slice's axis and other axis are written only for a slice.
                let slice = chart == Chart::Slice;
                let fixed = range == Range::Fixed && a != b;
                let range = if range == Range::Fixed && !fixed {
                    Range::Panel
                } else {
                    range
                };
                let different = model_b.filter(|b| Some(b) != model.as_ref());
                let uses = |layouts: &[Layout]| layouts.contains(&layout);
                ViewState::Sweep(SweepView {
                    source,
                    layout,
                    model: model
                        .filter(|_| uses(&[Layout::Model, Layout::Difference, Layout::Reconcile])),
                    model_b: different.filter(|_| uses(&[Layout::Difference])),
                    benchmark: benchmark.filter(|_| {
                        uses(&[Layout::Benchmark, Layout::Difference, Layout::Reconcile])
                    }),
                    color_map,
                    reversed,
                    range,
                    min: fixed.then(|| a.min(b)),
                    max: fixed.then(|| a.max(b)),
                    center: if range == Range::Centered {
                        center
                    } else {
                        0.0
                    },
                    annotate,
                    decimals,
                    uncertainty: uncertainty.filter(|_| layout != Layout::Reconcile),
                    theme,
                    color_scale,
                    order: if uses(&[Layout::Model, Layout::Benchmark, Layout::Grid]) {
                        order
                    } else {
                        Order::Data
                    },
                    marginals: if uses(&[Layout::Model, Layout::Benchmark, Layout::Grid]) {
                        marginals
                    } else {
                        Strips::Auto
                    },
                    chart,
                    along: if slice { along } else { SliceAxis::X },
                    across: if slice { across } else { SliceAcross::Auto },
                })
            },
        )
}

fn pairwise_view() -> impl Strategy<Value = ViewState> {
    let range = prop_oneof![Just(Range::Panel), Just(Range::Shared), Just(Range::Fixed)];
    (
        (
            source(),
            prop::collection::vec(name(), 2..5),
            any::<bool>(),
            prop::option::of(name()),
        ),
        (
            prop_oneof![Just(5u32), Just(10), Just(20)],
            any::<bool>(),
            any::<bool>(),
        ),
        (
            "[a-z]{1,8}",
            any::<bool>(),
            range,
            number(),
            number(),
            any::<bool>(),
            decimals(),
            theme(),
        ),
    )
        .prop_map(
            |(
                (source, mut models, all, group),
                (bins, share, logarithmic),
                (color_map, reversed, range, a, b, annotate, decimals, theme),
            )| {
                let mut seen = Vec::new();
                models.retain(|name| {
                    let fresh = !seen.contains(name);
                    seen.push(name.clone());
                    fresh
                });
                let models = (!all && models.len() >= 2).then_some(models);
                let fixed = range == Range::Fixed && a != b;
                let range = if range == Range::Fixed && !fixed {
                    Range::Shared
                } else {
                    range
                };
                ViewState::Pairwise(PairwiseView {
                    source,
                    models,
                    group,
                    bins,
                    value: if share {
                        BinValue::Share
                    } else {
                        BinValue::Count
                    },
                    logarithmic,
                    color_map,
                    reversed,
                    range,
                    min: fixed.then(|| a.min(b)),
                    max: fixed.then(|| a.max(b)),
                    annotate,
                    decimals,
                    theme,
                })
            },
        )
}

fn theme() -> impl Strategy<Value = Theme> {
    prop::sample::select(Theme::ALL)
}
