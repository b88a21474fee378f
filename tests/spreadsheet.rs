//! CSV exports are safe to open in a spreadsheet (CSV injection): a text field starting with `=`,
//! `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, numbers stay numbers, and the
//! loaders take the `'` off again, so an export loads back to the same dataset. The `raw` export
//! writes the exact text. The hostile corpus (`tests/hostile/`) holds files with such labels and
//! the exact export expected of each (`SWEEPMAP_BLESS=1 cargo test --test spreadsheet` writes
//! missing expectations; read every one).
#![cfg(not(target_arch = "wasm32"))]

mod expected;

use std::path::PathBuf;

use proptest::prelude::*;

use sweepmap::figure::{prepare_figure, prepare_pairwise_figure, FigureOptions, PairwiseOptions};
use sweepmap::pairwise::{load_pairwise_csv, PairwiseCsvOptions};
use sweepmap::{load_csv, to_csv, to_csv_as, CsvLoader, CsvOptions, CsvText, Dataset};

/// The characters a spreadsheet evaluates a field starting with.
const DANGEROUS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// Every field of a CSV text, header included, as the csv crate reads it (the reference reader).
fn fields(csv: &str) -> Vec<String> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(csv.as_bytes())
        .records()
        .flat_map(|record| {
            record
                .expect("the export is CSV")
                .iter()
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// A number as the loaders read one: Rust's float syntax, finite, no spaces.
fn is_number(field: &str) -> bool {
    field.parse::<f64>().is_ok_and(f64::is_finite)
}

/// The fields of `csv` a spreadsheet would evaluate: those starting with a dangerous character
/// that are not numbers.
fn evaluated_fields(csv: &str) -> Vec<String> {
    fields(csv)
        .into_iter()
        .filter(|field| field.starts_with(DANGEROUS) && !is_number(field))
        .collect()
}

/// Loads CSV text in slices cut at `cuts` (byte offsets, any order, any value).
fn load_in_slices(text: &str, options: &CsvOptions, cuts: &[usize]) -> sweepmap::Result<Dataset> {
    let bytes = text.as_bytes();
    let mut at: Vec<usize> = cuts.iter().map(|cut| cut % (bytes.len() + 1)).collect();
    at.sort_unstable();
    let mut loader = CsvLoader::new(options.clone());
    let mut start = 0;
    for end in at.into_iter().chain([bytes.len()]) {
        loader.push(&bytes[start..end])?;
        start = end;
    }
    loader.finish_input()?;
    loop {
        if let Some(dataset) = loader.build_step(7)? {
            return Ok(dataset);
        }
    }
}

/// A small sweep: model m, benchmark b, y axis 1, x axis "a" and "plain", values -0.5 and 0.25.
fn small_sweep() -> Dataset {
    load_csv(
        "model,benchmark,y,x,score\nm,b,1,a,-0.5\nm,b,1,plain,0.25\n",
        &CsvOptions::default(),
    )
    .expect("the small sweep loads")
}

#[test]
fn each_dangerous_leading_character_gets_a_quote() {
    for c in DANGEROUS {
        let mut dataset = small_sweep();
        let lead = |text: &str| format!("{c}{text}");
        dataset.models.name = lead("model");
        dataset.benchmarks.name = lead("benchmark");
        dataset.y.name = lead("y");
        dataset.x.name = lead("x");
        dataset.metric.name = lead("score");
        dataset.models.levels = vec![lead("m")];
        dataset.benchmarks.levels = vec![lead("b")];
        dataset.x.labels[0] = lead("a");
        let dataset = dataset.without_metadata();

        // A carriage return makes the writer quote the field.
        let written = |text: &str| {
            let field = format!("'{c}{text}");
            if c == '\r' {
                format!("\"{field}\"")
            } else {
                field
            }
        };
        let expected = format!(
            "{},{},{},{},{}\n{m},{b},1,{a},-0.5\n{m},{b},1,plain,0.25\n",
            written("model"),
            written("benchmark"),
            written("y"),
            written("x"),
            written("score"),
            m = written("m"),
            b = written("b"),
            a = written("a"),
        );
        let csv = to_csv(&dataset);
        assert_eq!(csv, expected, "{c:?}");
        assert_eq!(evaluated_fields(&csv), Vec::<String>::new(), "{c:?}");
        let options = CsvOptions::matching(&dataset);
        assert_eq!(load_csv(&csv, &options).as_ref(), Ok(&dataset), "{c:?}");
        assert_eq!(
            load_in_slices(&csv, &options, &[3, 40]),
            Ok(dataset),
            "{c:?}"
        );
    }
}

#[test]
fn a_label_that_starts_with_a_quote_before_a_dangerous_character_gets_another() {
    let mut dataset = small_sweep();
    dataset.models.levels = vec!["'=quoted".into()];
    dataset.benchmarks.levels = vec!["''-twice".into()];
    dataset.x.labels = vec!["'plain'".into(), "'-1".into()];
    let csv = to_csv(&dataset);
    assert_eq!(
        csv,
        "model,benchmark,y,x,score\n''=quoted,'''-twice,1,'plain',-0.5\n''=quoted,'''-twice,1,''-1,0.25\n"
    );
    assert_eq!(load_csv(&csv, &CsvOptions::matching(&dataset)), Ok(dataset));
}

#[test]
fn negative_numbers_stay_numbers_and_a_number_on_a_text_axis_stays_its_text() {
    // y: a numeric axis of negative numbers written three ways; x: a text axis (-adam is not a
    // number) with the label -1; values negative.
    let text = "model,benchmark,y,x,score\n\
                m,b,-1,-adam,-0.5\n\
                m,b,-1e-3,-1,-1e-3\n\
                m,b,+2,-1.0,-7\n";
    let dataset = load_csv(text, &CsvOptions::default()).expect("the sweep loads");
    assert_eq!(dataset.y.values, Some(vec![-1.0, -0.001, 2.0]));
    assert_eq!(dataset.x.values, None);
    assert_eq!(dataset.x.labels, ["-adam", "-1", "-1.0"]);
    let csv = to_csv(&dataset);
    assert_eq!(
        csv,
        "model,benchmark,y,x,score\n\
         m,b,-1,'-adam,-0.5\nm,b,-1,-1,\nm,b,-1,-1.0,\n\
         m,b,-1e-3,'-adam,\nm,b,-1e-3,-1,-0.001\nm,b,-1e-3,-1.0,\n\
         m,b,+2,'-adam,\nm,b,+2,-1,\nm,b,+2,-1.0,-7\n"
    );
    assert_eq!(evaluated_fields(&csv), Vec::<String>::new());
    let back = load_csv(&csv, &CsvOptions::matching(&dataset)).expect("the export loads");
    assert_eq!(
        back.x.labels,
        ["-adam", "-1", "-1.0"],
        "the same text labels"
    );
    assert_eq!(back, dataset);
}

#[test]
fn a_raw_export_writes_the_exact_text() {
    let mut dataset = small_sweep();
    dataset.models.levels = vec!["=HYPERLINK(\"http://example.invalid\",\"x\")".into()];
    dataset.x.labels[0] = "@SUM(A1)".into();
    assert_eq!(
        to_csv_as(&dataset, CsvText::Raw),
        "model,benchmark,y,x,score\n\
         \"=HYPERLINK(\"\"http://example.invalid\"\",\"\"x\"\")\",b,1,@SUM(A1),-0.5\n\
         \"=HYPERLINK(\"\"http://example.invalid\"\",\"\"x\"\")\",b,1,plain,0.25\n"
    );
    assert_eq!(
        to_csv_as(&dataset, CsvText::SpreadsheetSafe),
        to_csv(&dataset)
    );
    assert!(to_csv(&dataset).contains("\"'=HYPERLINK("));
}

#[test]
fn the_shown_data_are_safe_too_and_raw_on_request() {
    let mut dataset = small_sweep();
    dataset.models.levels = vec!["=cmd".into()];
    dataset.x.labels[0] = "+1+cmd".into();
    dataset.metric.name = "-score".into();
    let figure = prepare_figure(&dataset, &FigureOptions::default()).expect("the figure");
    let csv = figure.shown_data_csv();
    assert_eq!(
        csv,
        "panel,model,benchmark,y,x,'-score\n\
         '=cmd | b,'=cmd,b,1,'+1+cmd,-0.5\n\
         '=cmd | b,'=cmd,b,1,plain,0.25\n"
    );
    assert_eq!(
        figure.shown_data_csv_as(CsvText::Raw),
        "panel,model,benchmark,y,x,-score\n\
         =cmd | b,=cmd,b,1,+1+cmd,-0.5\n\
         =cmd | b,=cmd,b,1,plain,0.25\n"
    );
}

#[test]
fn the_pairwise_export_is_safe() {
    let text = "item,model,score\n=1,-a,0.25\n=1,+b,0.75\n@2,-a,1\n@2,+b,0\n";
    let dataset = load_pairwise_csv(text, &PairwiseCsvOptions::default()).expect("the scores");
    assert_eq!(dataset.models(), ["-a", "+b"]);
    let options = PairwiseOptions {
        bins: (2, 2),
        ..PairwiseOptions::default()
    };
    let figure = prepare_pairwise_figure(&dataset, &options).expect("the figure");
    let csv = figure.shown_data_csv();
    assert_eq!(evaluated_fields(&csv), Vec::<String>::new(), "{csv}");
    let raw = figure.shown_data_csv_as(CsvText::Raw);
    assert_eq!(csv, raw.replace("-a,+b", "'-a,'+b"));
    assert!(
        raw.lines().skip(1).all(|line| line.starts_with("-a,+b,,")),
        "{raw}"
    );
}

/// The hostile corpus: each file loads, its export is exactly the `.expected` file beside it,
/// no field of the export is one a spreadsheet evaluates, and the export loads back to the same
/// data. `sweep-*.csv` files are exported with `to_csv`, `pairwise-*.csv` files as the shown data
/// of the pairwise figure of their first group in 2 x 2 bins (an export of bins, which does not
/// load back as scores).
#[test]
fn every_hostile_input_gives_its_exact_safe_export() {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/hostile");
    let cases = expected::cases(&folder, |ext| ext == "csv");
    let bless = expected::blessing();
    let mut failures = Vec::new();
    for (name, case) in &cases {
        let text = std::fs::read_to_string(case).expect("a readable case");
        let export = if name.starts_with("sweep-") {
            let dataset = load_csv(&text, &CsvOptions::default()).expect("the case loads");
            let export = to_csv(&dataset);
            let back = load_csv(&export, &CsvOptions::matching(&dataset));
            assert_eq!(back.as_ref(), Ok(&dataset), "{name}: the export loads back");
            assert_eq!(
                load_in_slices(&export, &CsvOptions::matching(&dataset), &[1, 17, 60]),
                Ok(dataset),
                "{name}: in slices"
            );
            export
        } else {
            let options = PairwiseCsvOptions::default();
            let dataset = load_pairwise_csv(&text, &options).expect("the case loads");
            // The first group's pairs, so that the group column shows too.
            let options = PairwiseOptions {
                bins: (2, 2),
                group: dataset.groups().first().cloned(),
                ..PairwiseOptions::default()
            };
            let figure = prepare_pairwise_figure(&dataset, &options).expect("the figure");
            figure.shown_data_csv()
        };
        assert_eq!(evaluated_fields(&export), Vec::<String>::new(), "{name}");
        expected::check(&folder, name, export.trim_end(), bless, &mut failures);
    }
    assert!(cases.len() >= 2, "the corpus has {} cases", cases.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A label that a spreadsheet would evaluate, or one that starts with `'` (before a dangerous
/// character or not), or a number written with a sign; never with spaces at its ends, which CSV
/// loaders trim.
fn risky_label() -> impl Strategy<Value = String> {
    let lead = prop_oneof![
        Just("="),
        Just("+"),
        Just("-"),
        Just("@"),
        Just("\t"),
        Just("\r"),
        Just("'"),
        Just("''"),
        Just("'="),
        Just("''+"),
        Just("'-"),
        Just("'@"),
        Just("'\t"),
        Just("'\r"),
        Just(""),
    ];
    prop_oneof![
        3 => (lead, "([a-z0-9,\"'=+@-][a-z0-9,\"'=+@ -]{0,4})?[a-z)]").prop_map(|(lead, tail)| format!("{lead}{tail}")),
        1 => prop_oneof![Just("-1"), Just("-0.5"), Just("-1e-3"), Just("+2"), Just("-.5")]
            .prop_map(str::to_string),
    ]
}

/// `count` distinct risky labels, the first never a number (so that a text axis stays text).
fn risky_labels(count: usize) -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(risky_label(), count * 3).prop_filter_map(
        "too few distinct",
        move |all| {
            let mut distinct: Vec<String> = Vec::new();
            for label in all {
                let number_first = distinct.is_empty() && is_number(&label);
                if !number_first && !distinct.contains(&label) {
                    distinct.push(label);
                }
            }
            distinct.truncate(count);
            (distinct.len() == count).then_some(distinct)
        },
    )
}

/// A sweep whose every name and label is risky: two models, two benchmarks, a numeric y axis of
/// signed numbers, a text x axis, replicates, some cells missing. Built from a plain CSV with
/// placeholder labels, which are then replaced (so that no loader is trusted to make it).
fn risky_sweep() -> impl Strategy<Value = Dataset> {
    (
        risky_labels(6),
        risky_labels(2),
        risky_labels(2),
        risky_labels(3),
        risky_labels(2),
        prop::collection::vec(prop::option::of(-50i32..50), 2 * 2 * 3 * 3 * 2),
    )
        .prop_map(|(names, models, benchmarks, xs, replicates, values)| {
            let ys = ["-1e-3", "-1", "+2"];
            let mut text = String::from("M,B,Y,X,R,V\n");
            let mut values = values.into_iter();
            for model in 0..2 {
                for benchmark in 0..2 {
                    for y in ys {
                        for x in 0..3 {
                            for replicate in 0..2 {
                                let value = values.next().flatten();
                                let value = value.map(|v| format!("{}", f64::from(v) / 4.0));
                                text.push_str(&format!(
                                    "m{model},b{benchmark},{y},x{x},r{replicate},{}\n",
                                    value.unwrap_or_default()
                                ));
                            }
                        }
                    }
                }
            }
            let roles = CsvOptions {
                x: Some("X".into()),
                y: Some("Y".into()),
                value: Some("V".into()),
                model: Some("M".into()),
                benchmark: Some("B".into()),
                replicate: Some("R".into()),
                ignore: Vec::new(),
            };
            let mut dataset = load_csv(&text, &roles).expect("the placeholder sweep loads");
            let replace = |placeholder: &str, labels: &[String]| -> String {
                let index: usize = placeholder[1..].parse().expect("a placeholder");
                labels[index].clone()
            };
            dataset.models.name = names[0].clone();
            dataset.benchmarks.name = names[1].clone();
            dataset.y.name = names[2].clone();
            dataset.x.name = names[3].clone();
            dataset.replicate = Some(names[4].clone());
            dataset.metric.name = names[5].clone();
            for level in &mut dataset.models.levels {
                *level = replace(level, &models);
            }
            for level in &mut dataset.benchmarks.levels {
                *level = replace(level, &benchmarks);
            }
            for label in &mut dataset.x.labels {
                *label = replace(label, &xs);
            }
            for panel in &mut dataset.panels {
                for replicate in &mut panel.replicates {
                    replicate.label = replace(&replicate.label, &replicates);
                }
            }
            dataset.without_metadata()
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn a_safe_export_loads_back_whole_and_in_slices(
        dataset in risky_sweep(),
        cuts in prop::collection::vec(any::<usize>(), 0..6),
    ) {
        let csv = to_csv(&dataset);
        prop_assert_eq!(evaluated_fields(&csv), Vec::<String>::new(), "{}", csv);
        let options = CsvOptions::matching(&dataset);
        let whole = load_csv(&csv, &options);
        prop_assert_eq!(whole.as_ref(), Ok(&dataset), "{}", csv);
        prop_assert_eq!(load_in_slices(&csv, &options, &cuts), Ok(dataset));
    }
}
