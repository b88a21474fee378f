//! Exports over arbitrary labels: whatever the labels hold (every line end, U+FFFE and U+FFFF,
//! control characters, Markdown and XML markup, any other character), every exported SVG parses
//! with a strict XML parser, and the Markdown of the figure keeps the structure its writer made:
//! every line a heading, a bullet, a table row, a paragraph or blank, one bullet per
//! observation, one row per mismatch or pair, each reading back as the sentence or label it
//! holds (line ends shown as spaces); and the LaTeX tables keep theirs: balanced braces, no
//! unescaped special character, one row per y value and one cell per x value, each label reading
//! back as itself.
#![cfg(not(target_arch = "wasm32"))]

#[path = "support/exports.rs"]
mod exports;

use proptest::prelude::*;

use sweepmap::figure::{key_observations, prepare_figure, BenchmarkChoice, FigureOptions, View};
use sweepmap::layout::layout_figure;
use sweepmap::pairwise::{load_pairwise_csv, PairwiseCsvOptions};
use sweepmap::render::render_svg;
use sweepmap::{load_csv, CsvOptions};

use exports::{check_latex, check_observations_markdown, check_pairwise_exports, check_svg};

/// Any character, with the ones that break exports often.
fn hostile_char() -> impl Strategy<Value = char> {
    prop_oneof![
        3 => any::<char>(),
        4 => prop::sample::select(vec![
            '\n', '\r', '\u{b}', '\u{c}', '\u{85}', '\u{2028}', '\u{2029}', '\u{fffe}',
            '\u{ffff}', '\u{0}', '\u{1}', '\u{1b}', '\u{7f}', '\u{9f}', '\u{feff}', '|', '#',
            '-', '+', '*', '_', '`', '<', '>', '&', '[', ']', '\\', '"', '\'', ' ', '\t', '1',
            '.', ')', '~', '=', '!',
        ]),
        2 => prop::char::range('a', 'z'),
    ]
}

/// `count` different labels of any characters (a letter of their own ends each, so that no
/// loader rule merges two of them).
fn labels(count: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(prop::collection::vec(hostile_char(), 0..8), count).prop_map(|raw| {
        raw.into_iter()
            .enumerate()
            .map(|(index, chars)| {
                let mut label: String = chars.into_iter().collect();
                label.push(char::from(b'a' + (index % 26) as u8));
                label
            })
            .collect()
    })
}

/// One CSV field, quoted.
fn field(text: &str) -> String {
    format!("\"{}\"", text.replace('"', "\"\""))
}

/// A tidy sweep CSV with arbitrary names and labels, and the roles that read it.
fn sweep() -> impl Strategy<Value = (String, CsvOptions)> {
    (
        labels(5..=5),
        labels(1..=3),
        labels(1..=3),
        labels(1..=3),
        labels(1..=3),
        prop::collection::vec(prop::option::weighted(0.9, 0.0..100.0f64), 81),
    )
        .prop_map(|(columns, models, benchmarks, xs, ys, values)| {
            let mut csv = columns
                .iter()
                .map(|c| field(c))
                .collect::<Vec<_>>()
                .join(",");
            csv.push('\n');
            let mut values = values.into_iter();
            for model in &models {
                for benchmark in &benchmarks {
                    for x in &xs {
                        for y in &ys {
                            let value = values.next().flatten();
                            csv.push_str(&format!(
                                "{},{},{},{},{}\n",
                                field(model),
                                field(benchmark),
                                field(x),
                                field(y),
                                value.map_or(String::new(), |v| format!("{v:.2}"))
                            ));
                        }
                    }
                }
            }
            let role = |index: usize| Some(columns[index].clone());
            let roles = CsvOptions {
                model: role(0),
                benchmark: role(1),
                x: role(2),
                y: role(3),
                value: role(4),
                ..CsvOptions::default()
            };
            (csv, roles)
        })
}

/// Per-item scores with arbitrary model, item and group names.
fn scores() -> impl Strategy<Value = (String, PairwiseCsvOptions)> {
    (
        labels(4..=4),
        labels(2..=4),
        labels(1..=6),
        labels(1..=2),
        prop::collection::vec(prop::option::weighted(0.9, 0.0..=1.0f64), 48),
    )
        .prop_map(|(columns, models, items, groups, scores)| {
            let mut csv = [0, 1, 2, 3].map(|c| field(&columns[c])).join(",");
            csv.push('\n');
            let mut scores = scores.into_iter();
            for (index, item) in items.iter().enumerate() {
                let group = &groups[index % groups.len()];
                for model in &models {
                    if let Some(score) = scores.next().flatten() {
                        csv.push_str(&format!(
                            "{},{},{score},{}\n",
                            field(item),
                            field(model),
                            field(group)
                        ));
                    }
                }
            }
            let role = |index: usize| Some(columns[index].clone());
            let options = PairwiseCsvOptions {
                item: role(0),
                model: role(1),
                score: role(2),
                group: role(3),
            };
            (csv, options)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn sweep_exports_keep_their_structure_whatever_the_labels((csv, roles) in sweep()) {
        let dataset = load_csv(&csv, &roles);
        prop_assume!(dataset.is_ok());
        let dataset = dataset.unwrap();
        let models = &dataset.models.levels;
        let mut views = vec![
            View::Grid,
            View::Model { model: models[0].clone() },
            View::Benchmark { benchmark: BenchmarkChoice::Mean },
        ];
        if models.len() > 1 {
            views.push(View::Difference {
                a: models[0].clone(),
                b: models[1].clone(),
                benchmark: BenchmarkChoice::Named(dataset.benchmarks.levels[0].clone()),
            });
        }
        for view in views {
            let options = FigureOptions { view: view.clone(), ..FigureOptions::default() };
            let Ok(figure) = prepare_figure(&dataset, &options) else { continue };
            let svg = render_svg(&figure, &layout_figure(&figure, 900.0)).unwrap();
            prop_assert_eq!(check_svg(&svg), Ok(()), "{:?}", view);
            let shown = key_observations(&dataset, &figure, &view, Some(0.95));
            prop_assert_eq!(check_observations_markdown(&shown), Ok(()), "{:?}", view);
            prop_assert_eq!(check_latex(&figure), Ok(()), "{:?}", view);
        }
    }

    #[test]
    fn pairwise_exports_keep_their_structure_whatever_the_labels((csv, options) in scores()) {
        let dataset = load_pairwise_csv(&csv, &options);
        prop_assume!(dataset.is_ok());
        prop_assert_eq!(check_pairwise_exports(&dataset.unwrap()), Ok(()));
    }
}
