//! The view spec natively: option resolution (strict, for the API), link round trips and older
//! spellings, and normalisation. The option rules ran only in headless Chromium before; the
//! browser keeps only what needs JavaScript values or a canvas (tests/wasm.rs).
#![cfg(not(target_arch = "wasm32"))]

use sweepmap::color::Theme;
use sweepmap::figure::{BinValue, Layout, Named, Range};
use sweepmap::link::{format_link, parse_link, DataKind, LinkContext, ViewState};
use sweepmap::pairwise::{load_pairwise_csv, PairwiseCsvOptions, PairwiseDataset};
use sweepmap::view::settings::{COMPARISON, PAIRWISE, SWEEP};
use sweepmap::view::{
    merge_pairwise, resolve_bins, resolve_options, resolve_pairwise_options, OptionSet,
    OptionValue, PairwiseView, Settings, Surroundings, SweepView,
};
use sweepmap::{load_json, Dataset};

/// Two models, two benchmarks (the figure test sweep of tests/wasm.rs).
const FIGURE_JSON: &str = r#"{
  "title": "Figure test sweep",
  "metric": {"name": "Pass@1", "direction": "higher", "unit": "%"},
  "x": {"name": "Ratio", "values": [0.1, 0.2]},
  "y": {"name": "Local Window Size", "values": [2000, 1000]},
  "model": "Model",
  "benchmark": "Benchmark",
  "panels": [
    {"model": "R1-Llama", "benchmark": "AIME24", "cells": [[40.0, 45.3], [41.3, 49.3]]},
    {"model": "R1-Llama", "benchmark": "AIME25", "cells": [[26.7, 30.7], [27.3, 26.7]]},
    {"model": "R1-Qwen", "benchmark": "AIME24", "cells": [[46.7, 48.0], [46.0, 49.3]]},
    {"model": "R1-Qwen", "benchmark": "AIME25", "cells": [[36.7, null], [34.7, 36.0]]}
  ]
}"#;

/// Three models, two groups.
const SCORES_CSV: &str = "\
item,model,score,group
t1,alpha,0.9,web
t1,beta,0.1,web
t1,gamma,0.5,web
t2,alpha,0.75,code
t2,beta,0.25,code
t2,gamma,0.5,code
";

fn dataset() -> Dataset {
    load_json(FIGURE_JSON).unwrap()
}

fn scores() -> PairwiseDataset {
    load_pairwise_csv(SCORES_CSV, &PairwiseCsvOptions::default()).unwrap()
}

fn text(value: &str) -> OptionValue {
    OptionValue::Text(value.to_string())
}

fn number(value: f64) -> OptionValue {
    OptionValue::Number(value)
}

/// Settings from `(option, value)` pairs, as an options object gives them.
fn settings(set: &OptionSet, given: Vec<(&str, OptionValue)>) -> sweepmap::Result<Settings> {
    let patch = set.patch(
        given
            .into_iter()
            .map(|(name, value)| (name.to_string(), value)),
    )?;
    Ok(merge_pairwise(&Settings::default(), &patch))
}

/// The message of resolving sweep options, or "ok".
fn sweep_error(given: Vec<(&str, OptionValue)>) -> String {
    let result = settings(&SWEEP, given)
        .and_then(|s| resolve_options(&s, &dataset(), &Surroundings::default()));
    result.map_or_else(|error| error.to_string(), |_| "ok".to_string())
}

fn pairwise_error(given: Vec<(&str, OptionValue)>) -> String {
    let result = settings(&PAIRWISE, given)
        .and_then(|s| resolve_pairwise_options(&s, &scores(), &Surroundings::default()));
    result.map_or_else(|error| error.to_string(), |_| "ok".to_string())
}

#[test]
fn options_left_out_are_the_link_formats_defaults() {
    let nowhere = Surroundings::default();
    let sweep = resolve_options(&Settings::default(), &dataset(), &nowhere).unwrap();
    let link = SweepView::default();
    assert_eq!((sweep.layout, sweep.domain), (link.layout, link.range));
    assert_eq!(sweep.color_map.name(), link.color_map);
    assert_eq!(
        (sweep.reversed, sweep.annotate, sweep.center),
        (link.reversed, link.annotate, link.center)
    );
    assert_eq!(
        (sweep.decimals, sweep.uncertainty),
        (None, link.uncertainty)
    );
    assert_eq!(
        (sweep.model.as_str(), sweep.model_b.as_deref()),
        ("R1-Llama", Some("R1-Qwen"))
    );
    assert_eq!(
        (sweep.benchmark.as_str(), sweep.width, sweep.pixel_ratio),
        ("AIME24", 800.0, 1.0)
    );

    let pairwise = resolve_pairwise_options(&Settings::default(), &scores(), &nowhere).unwrap();
    let link = PairwiseView::default();
    assert_eq!((pairwise.value, pairwise.domain), (link.value, link.range));
    assert_eq!(pairwise.bins(), (link.bins as usize, link.bins as usize));
    assert_eq!(pairwise.color_map.name(), link.color_map);
    assert_eq!(
        (pairwise.logarithmic, pairwise.reversed, pairwise.annotate),
        (link.logarithmic, link.reversed, link.annotate)
    );
    assert_eq!((pairwise.decimals, link.decimals), (None, None));
    assert_eq!(pairwise.models, ["alpha", "beta", "gamma"]);
}

/// The option messages write out the words each word option takes: exactly the words of
/// `figure::words`, in order.
#[test]
fn option_messages_list_exactly_the_words_options_take() {
    fn one_of<T: Named>(choices: &[T]) -> String {
        format!("one of \"{}\"", T::names(choices).join("\", \""))
    }
    let expects = |set: &OptionSet, name: &str| set.setting(name).unwrap().expected();
    assert_eq!(expects(&SWEEP, "layout"), one_of(Layout::ALL));
    assert_eq!(expects(&SWEEP, "domain"), one_of(Range::ALL));
    assert_eq!(expects(&PAIRWISE, "domain"), one_of(Range::PAIRWISE));
    assert_eq!(expects(&PAIRWISE, "value"), one_of(BinValue::ALL));
    assert_eq!(expects(&SWEEP, "theme"), one_of(Theme::ALL));
    assert_eq!(expects(&PAIRWISE, "theme"), one_of(Theme::ALL));
}

#[test]
fn bad_sweep_options_are_errors_that_name_the_option() {
    let known_options = r#""layout", "model", "modelB", "benchmark", "order", "colorMap", "reversed", "colorScale", "domain", "min", "max", "center", "annotate", "decimals", "uncertainty", "marginals", "chart", "along", "across", "theme", "width", "pixelRatio""#;
    let cases: Vec<(Vec<(&str, OptionValue)>, String)> = vec![
        (
            vec![("colour", text("red"))],
            format!(r#"unknown figure option: "colour"; expected one of {known_options}"#),
        ),
        (
            vec![("model", text("GPT-4"))],
            r#"unknown model: "GPT-4"; expected one of "R1-Llama", "R1-Qwen""#.into(),
        ),
        (
            vec![("domain", text("fixed")), ("min", number(30.0))],
            r#"field "max": expected a number when domain is "fixed""#.into(),
        ),
        (
            vec![("domain", text("fixed")), ("max", number(30.0))],
            r#"field "min": expected a number when domain is "fixed""#.into(),
        ),
        (
            vec![("domain", text("fixed")), ("min", number(40.0)), ("max", number(40.0))],
            r#"field "max": expected a number greater than min (40), found 40"#.into(),
        ),
        (
            vec![("colorMap", text("jet"))],
            concat!(
                r#"unknown colour map: "jet"; expected one of "viridis", "cividis", "magma", "#,
                r#""inferno", "plasma", "turbo", "ylgnbu", "blues", "greens", "oranges", "purples", "#,
                r#""greys", "ylorrd", "rdbu", "puor", "rdylbu", "brbg", "piyg", "spectral""#
            )
            .into(),
        ),
        (
            vec![("width", text("wide"))],
            r#"field "width": expected a width in CSS pixels from 1 to 20000, found "wide""#.into(),
        ),
        (
            vec![("theme", text("sepia"))],
            r#"field "theme": expected one of "auto", "light", "dark", "print", found "sepia""#.into(),
        ),
        (
            vec![("theme", OptionValue::Flag(true))],
            r#"field "theme": expected one of "auto", "light", "dark", "print", found true"#.into(),
        ),
        (
            vec![("width", number(-5.0))],
            r#"field "width": expected a width in CSS pixels from 1 to 20000, found -5"#.into(),
        ),
        (
            vec![("width", number(1e9))],
            r#"field "width": expected a width in CSS pixels from 1 to 20000, found 1000000000"#.into(),
        ),
        (
            vec![("width", number(f64::INFINITY))],
            r#"field "width": expected a width in CSS pixels from 1 to 20000, found Infinity"#.into(),
        ),
        (
            vec![("width", number(f64::NAN))],
            r#"field "width": expected a width in CSS pixels from 1 to 20000, found NaN"#.into(),
        ),
        (
            vec![("pixelRatio", number(-1.0))],
            r#"field "pixelRatio": expected a positive number of device pixels per CSS pixel, found -1"#.into(),
        ),
        (
            vec![("decimals", number(2.5))],
            r#"field "decimals": expected a whole number from 0 to 12, or null for automatic, found 2.5"#.into(),
        ),
        (
            vec![("decimals", number(13.0))],
            r#"field "decimals": expected a whole number from 0 to 12, or null for automatic, found 13"#.into(),
        ),
        (
            vec![("reversed", text("yes"))],
            r#"field "reversed": expected true or false, found "yes""#.into(),
        ),
        (
            vec![("annotate", number(1.0))],
            r#"field "annotate": expected true or false, found 1"#.into(),
        ),
        (
            vec![("layout", text("rows"))],
            r#"field "layout": expected one of "model", "benchmark", "grid", "difference", "reconcile", found "rows""#.into(),
        ),
        (
            vec![("model", OptionValue::Other("an object".into()))],
            r#"field "model": expected a model name (a string), found an object"#.into(),
        ),
        (
            vec![("model", OptionValue::TextList(vec!["R1-Qwen".into()]))],
            r#"field "model": expected a model name (a string), found an array"#.into(),
        ),
        (
            vec![("domain", text("auto"))],
            r#"field "domain": expected one of "panel", "shared", "fixed", "centered", found "auto""#.into(),
        ),
        (
            vec![("center", number(f64::NAN))],
            r#"field "center": expected a finite number, found NaN"#.into(),
        ),
        (
            vec![("uncertainty", number(1.0))],
            r#"field "uncertainty": expected a confidence level between 0 and 1 such as 0.95, 0 for no marks, or null for the default (0.95 when the data carry a noise estimate), found 1"#.into(),
        ),
        (
            vec![("layout", text("benchmark")), ("benchmark", text("MATH"))],
            r#"unknown benchmark: "MATH"; expected one of ":mean", "AIME24", "AIME25""#.into(),
        ),
        (
            vec![("layout", text("difference")), ("modelB", text("R2"))],
            r#"unknown model for modelB: "R2"; expected one of "R1-Llama", "R1-Qwen""#.into(),
        ),
        (
            vec![("layout", text("reconcile"))],
            r#"field "layout": expected "reconcile" only for a dataset with a reported aggregate (a benchmark with aggregate_of)"#.into(),
        ),
        // A long string is quoted in full when it is the wrong word, and cut when of the wrong type.
        (
            vec![("layout", text(&"x".repeat(50)))],
            format!(
                r#"field "layout": expected one of "model", "benchmark", "grid", "difference", "reconcile", found "{}""#,
                "x".repeat(50)
            ),
        ),
        (
            vec![("width", text(&"x".repeat(50)))],
            format!(
                r#"field "width": expected a width in CSS pixels from 1 to 20000, found "{}…""#,
                "x".repeat(40)
            ),
        ),
        (vec![("layout", OptionValue::Null), ("width", number(1.0))], "ok".into()),
    ];
    for (given, message) in cases {
        let shown = format!("{given:?}");
        assert_eq!(sweep_error(given), message, "{shown}");
    }
}

#[test]
fn bad_pairwise_options_are_errors_that_name_the_option() {
    let known = r#""models", "group", "bins", "binsX", "binsY", "value", "logarithmic", "colorMap", "reversed", "domain", "min", "max", "annotate", "decimals", "theme", "width", "pixelRatio""#;
    let list =
        |names: &[&str]| OptionValue::TextList(names.iter().map(|n| n.to_string()).collect());
    let cases: Vec<(Vec<(&str, OptionValue)>, String)> = vec![
        (
            vec![("layout", text("grid"))],
            format!(r#"unknown pairwise figure option: "layout"; expected one of {known}"#),
        ),
        (
            vec![("theme", text("Dark"))],
            r#"field "theme": expected one of "auto", "light", "dark", "print", found "Dark""#.into(),
        ),
        (
            vec![("models", list(&[]))],
            r#"field "models": expected a list of at least two model names (strings), found an empty list"#.into(),
        ),
        (
            vec![("models", text("alpha,beta"))],
            r#"field "models": expected a list of at least two model names (strings), found "alpha,beta""#.into(),
        ),
        (
            vec![("models", OptionValue::Other("an array".into()))],
            r#"field "models": expected a list of at least two model names (strings), found an array"#.into(),
        ),
        (
            vec![("bins", number(0.0))],
            r#"field "bins": expected a whole number of bins from 1 to 200, found 0"#.into(),
        ),
        (
            vec![("bins", number(2.5))],
            r#"field "bins": expected a whole number of bins from 1 to 200, found 2.5"#.into(),
        ),
        (
            vec![("binsX", number(201.0))],
            r#"field "binsX": expected a whole number of bins from 1 to 200, found 201"#.into(),
        ),
        (
            vec![("binsY", text("10"))],
            r#"field "binsY": expected a whole number of bins from 1 to 200, found "10""#.into(),
        ),
        (
            vec![("bins", number(0.0)), ("binsX", number(5.0)), ("binsY", number(5.0))],
            r#"field "bins": expected a whole number of bins from 1 to 200, found 0"#.into(),
        ),
        (
            vec![("domain", text("centered"))],
            r#"field "domain": expected one of "panel", "shared", "fixed", found "centered""#.into(),
        ),
        (
            vec![("domain", text("fixed")), ("min", number(0.0))],
            r#"field "max": expected a number when domain is "fixed""#.into(),
        ),
        (
            vec![("domain", text("fixed")), ("min", number(5.0)), ("max", number(1.0))],
            r#"field "max": expected a number greater than min (5), found 1"#.into(),
        ),
        (
            vec![("value", text("percent"))],
            r#"field "value": expected one of "count", "share", found "percent""#.into(),
        ),
        (
            vec![("logarithmic", text("yes"))],
            r#"field "logarithmic": expected true or false, found "yes""#.into(),
        ),
        (
            vec![("group", number(3.0))],
            r#"field "group": expected a group name (a string), or null for all items, found 3"#.into(),
        ),
        (
            vec![("decimals", number(13.0))],
            r#"field "decimals": expected a whole number from 0 to 12, or null for automatic, found 13"#.into(),
        ),
        (
            vec![("width", number(0.0))],
            r#"field "width": expected a width in CSS pixels from 1 to 20000, found 0"#.into(),
        ),
        (vec![("models", list(&["gamma", "alpha"])), ("bins", number(3.0))], "ok".into()),
    ];
    for (given, message) in cases {
        let shown = format!("{given:?}");
        assert_eq!(pairwise_error(given), message, "{shown}");
    }
}

#[test]
fn comparison_options_are_bins_and_a_group() {
    let error = settings(&COMPARISON, vec![("models", text("alpha"))]).unwrap_err();
    assert_eq!(
        error.to_string(),
        r#"unknown comparison option: "models"; expected one of "bins", "binsX", "binsY", "group""#
    );
    let chosen = settings(
        &COMPARISON,
        vec![("bins", number(4.0)), ("binsY", number(6.0))],
    );
    assert_eq!(resolve_bins(&chosen.unwrap()).unwrap(), (4, 6));
    let bad = settings(&COMPARISON, vec![("binsX", number(0.0))]).unwrap();
    assert_eq!(
        resolve_bins(&bad).unwrap_err().to_string(),
        r#"field "binsX": expected a whole number of bins from 1 to 200, found 0"#
    );
}

/// Patches merge: an option left out keeps its value, `null` resets it, and `bins` sets both
/// axes unless the patch gives them too.
#[test]
fn patches_merge_and_null_resets() {
    let patch = |given: Vec<(&str, OptionValue)>| {
        PAIRWISE
            .patch(
                given
                    .into_iter()
                    .map(|(name, value)| (name.to_string(), value)),
            )
            .unwrap()
    };
    let first = merge_pairwise(
        &Settings::default(),
        &patch(vec![
            ("binsX", number(4.0)),
            ("binsY", number(6.0)),
            ("colorMap", text("magma")),
        ]),
    );
    assert_eq!(resolve_bins(&first).unwrap(), (4, 6));
    let kept = merge_pairwise(&first, &patch(vec![("annotate", OptionValue::Flag(false))]));
    assert_eq!(resolve_bins(&kept).unwrap(), (4, 6));
    let both = merge_pairwise(&kept, &patch(vec![("bins", number(8.0))]));
    assert_eq!(resolve_bins(&both).unwrap(), (8, 8));
    let reset = merge_pairwise(
        &both,
        &patch(vec![("bins", OptionValue::Null), ("binsY", number(3.0))]),
    );
    assert_eq!(resolve_bins(&reset).unwrap(), (10, 3));
    let nowhere = Surroundings::default();
    let options = resolve_pairwise_options(&reset, &scores(), &nowhere).unwrap();
    assert_eq!(
        (options.color_map.name(), options.annotate),
        ("magma", false)
    );
    let cleared = merge_pairwise(&reset, &patch(vec![("colorMap", OptionValue::Null)]));
    let options = resolve_pairwise_options(&cleared, &scores(), &nowhere).unwrap();
    assert_eq!(options.color_map.name(), "viridis");
}

fn sweep_context() -> LinkContext {
    LinkContext {
        models: Some(vec!["R1-Llama".into(), "R1-Qwen".into()]),
        benchmarks: Some(vec!["AIME24".into(), "AIME25".into()]),
        aggregates: Some(vec![]),
        ..LinkContext::default()
    }
}

fn read(query: &str, context: &LinkContext) -> (String, Vec<String>) {
    let parsed = parse_link(query, context);
    let notices = parsed
        .notices
        .iter()
        .map(|n| format!("{}: {}", n.key, n.message))
        .collect();
    (format_link(&parsed.state), notices)
}

/// Every option name is read as a link key too (older links keep their keys, which are still the
/// ones written), and both spellings at once are a key given twice.
#[test]
fn links_read_option_names_as_their_keys() {
    let context = sweep_context();
    for (query, written) in [
        (
            "modelB=R1-Llama&layout=difference&model=R1-Qwen",
            "layout=difference&model=R1-Qwen&b=R1-Llama",
        ),
        (
            "layout=benchmark&benchmark=AIME25",
            "layout=benchmark&bench=AIME25",
        ),
        ("colorMap=magma&reversed=1", "cmap=magma&rev=1"),
        ("domain=centered&center=2", "range=centered&center=2"),
        ("annotate=0&decimals=2", "annot=0&dec=2"),
        ("uncertainty=0.9", "unc=0.9"),
    ] {
        assert_eq!(
            read(query, &context),
            (written.to_string(), vec![]),
            "{query}"
        );
    }
    let pairwise = LinkContext {
        kind: DataKind::Pairwise,
        ..LinkContext::default()
    };
    assert_eq!(
        read("value=share&logarithmic=1", &pairwise),
        ("by=share&log=1".to_string(), vec![])
    );
    let (written, notices) = read("cmap=magma&colorMap=cividis", &context);
    assert_eq!(written, "cmap=magma");
    assert_eq!(
        notices,
        [
            r#"colorMap: "cmap" is given twice in the link (cmap="magma" and colorMap="cividis"); using the first."#
        ]
    );
    // Keys that are not settings, nor options of the API alone, are unknown.
    for key in ["width", "pixelRatio", "binsX", "colour"] {
        let (_, notices) = read(&format!("{key}=1"), &context);
        assert_eq!(
            notices,
            [format!(
                r#"{key}: Ignored "{key}" in the link: it is not a sweepmap setting."#
            )]
        );
    }
}

/// Each flag reads 1/0 and the words for them, and a value it does not take is a notice that
/// says what the link falls back to.
#[test]
fn flags_read_alike_and_say_their_fallback() {
    let sweep = sweep_context();
    let pairwise = LinkContext {
        kind: DataKind::Pairwise,
        ..LinkContext::default()
    };
    for (key, context, fallback) in [
        ("rev", &sweep, "not reversing the colour map"),
        ("annot", &sweep, "writing the values in the cells"),
        ("log", &pairwise, "colouring linearly"),
        ("rev", &pairwise, "not reversing the colour map"),
    ] {
        for (value, on) in [
            ("1", true),
            ("true", true),
            ("ON", true),
            ("0", false),
            ("no", false),
        ] {
            let parsed = parse_link(&format!("{key}={value}"), context);
            assert!(parsed.notices.is_empty(), "{key}={value}");
            let written = format_link(&parsed.state);
            let default_on = key == "annot";
            let expected = if on == default_on {
                String::new()
            } else {
                format!("{key}={}", if on { 1 } else { 0 })
            };
            assert_eq!(written, expected, "{key}={value}");
        }
        let (_, notices) = read(&format!("{key}=2"), context);
        assert_eq!(
            notices,
            [format!(r#"{key}: {key}="2" should be 1 or 0; {fallback}."#)]
        );
    }
}

/// Every view the page can hold writes a link that reads back as the same view.
#[test]
fn every_view_round_trips_through_its_link() {
    let context = sweep_context();
    let mut count = 0;
    for &layout in [
        Layout::Model,
        Layout::Benchmark,
        Layout::Grid,
        Layout::Difference,
    ]
    .iter()
    {
        for model in [None, Some("R1-Qwen")] {
            for benchmark in [None, Some("AIME25"), Some(":mean")] {
                for range in Range::ALL {
                    for (reversed, annotate, decimals, uncertainty) in [
                        (false, true, None, None),
                        (true, false, Some(3), Some(0.99)),
                        (false, true, Some(1), Some(0.0)),
                    ] {
                        let view = SweepView {
                            layout,
                            model: model.map(str::to_string),
                            benchmark: benchmark.map(str::to_string),
                            range: *range,
                            min: Some(-1.5),
                            max: Some(2.25),
                            center: 0.5,
                            reversed,
                            annotate,
                            decimals,
                            uncertainty,
                            color_map: if reversed {
                                "magma".into()
                            } else {
                                "viridis".into()
                            },
                            ..SweepView::default()
                        };
                        let names = sweepmap::view::Names {
                            models: context.models.clone().unwrap(),
                            benchmarks: context.benchmarks.clone().unwrap(),
                            ..Default::default()
                        };
                        let view = sweepmap::view::normalize::normalize_sweep(&view, &names);
                        let link = format_link(&ViewState::Sweep(view.clone()));
                        let parsed = parse_link(&link, &context);
                        assert!(parsed.notices.is_empty(), "{link}");
                        assert_eq!(parsed.state, ViewState::Sweep(view), "{link}");
                        count += 1;
                    }
                }
            }
        }
    }
    assert_eq!(count, 4 * 2 * 3 * 4 * 3);
    let pairwise = LinkContext {
        kind: DataKind::Pairwise,
        models: Some(vec!["alpha".into(), "beta".into(), "gamma".into()]),
        groups: Some(vec!["web".into(), "code".into()]),
        ..LinkContext::default()
    };
    for &bins in &sweepmap::view::BINS {
        for &value in BinValue::ALL {
            for range in Range::PAIRWISE {
                let view = PairwiseView {
                    models: Some(vec!["alpha".into(), "gamma".into()]),
                    group: Some("code".into()),
                    bins,
                    value,
                    range: *range,
                    min: (*range == Range::Fixed).then_some(0.0),
                    max: (*range == Range::Fixed).then_some(5.0),
                    logarithmic: value == BinValue::Share,
                    ..PairwiseView::default()
                };
                let link = format_link(&ViewState::Pairwise(view.clone()));
                let parsed = parse_link(&link, &pairwise);
                assert!(parsed.notices.is_empty(), "{link}");
                assert_eq!(parsed.state, ViewState::Pairwise(view), "{link}");
            }
        }
    }
}

/// Resolution against a dataset and the page's surroundings, and patches over settings.
#[test]
fn option_resolution_is_plain_rust() {
    use sweepmap::color::{ColorMap, DomainMode};
    use sweepmap::figure::{BenchmarkChoice, View};

    let dataset = dataset();
    let dataset = &dataset;
    let nowhere = Surroundings::default();
    let defaults = resolve_options(&Settings::default(), dataset, &nowhere).unwrap();
    assert_eq!(defaults.layout, Layout::Model);
    assert_eq!(defaults.model, "R1-Llama");
    assert_eq!(defaults.model_b.as_deref(), Some("R1-Qwen"));
    assert_eq!(defaults.benchmark, "AIME24");
    assert_eq!(defaults.color_map, ColorMap::Viridis);
    assert_eq!(defaults.domain, Range::Panel);
    assert_eq!((defaults.width, defaults.pixel_ratio), (800.0, 1.0));
    // No item counts, replicates or reported errors: no noise to mark, so no marks by default.
    assert_eq!(defaults.uncertainty, None);
    let marks = |given: Vec<(&str, OptionValue)>, dataset: &Dataset| {
        let settings = settings(&SWEEP, given).unwrap();
        resolve_options(&settings, dataset, &nowhere)
            .unwrap()
            .uncertainty
    };
    // Item counts (the seeds' benchmarks have them) make the marks the default; 0 turns them off.
    let with_items = load_json(&FIGURE_JSON.replace(
        r#""benchmark": "Benchmark","#,
        r#""benchmark": "Benchmark", "benchmarks": [{"name": "AIME24", "items": 30}, {"name": "AIME25", "items": 30}],"#,
    ))
    .unwrap();
    assert_eq!(marks(vec![], &with_items), Some(0.95));
    assert_eq!(
        marks(vec![("uncertainty", OptionValue::Null)], &with_items),
        Some(0.95)
    );
    assert_eq!(marks(vec![("uncertainty", number(0.0))], &with_items), None);
    assert_eq!(
        marks(vec![("uncertainty", number(0.9))], &with_items),
        Some(0.9)
    );
    let noiseless = sweepmap::load_csv(
        "model,benchmark,x,y,value\nm,b,1,1,0.5\nm,b,2,1,0.7\n",
        &Default::default(),
    )
    .unwrap();
    assert_eq!(marks(vec![], &noiseless), None);
    assert_eq!(
        marks(vec![("uncertainty", number(0.99))], &noiseless),
        Some(0.99)
    );
    // Replicates (a seed column) are noise.
    let seeds = sweepmap::load_csv(
        "model,benchmark,x,y,seed,value\nm,b,1,1,1,0.5\nm,b,1,1,2,0.6\nm,b,2,1,1,0.7\nm,b,2,1,2,0.75\n",
        &Default::default(),
    )
    .unwrap();
    assert_eq!(marks(vec![], &seeds), Some(0.95));
    assert_eq!(
        defaults.figure_options().view,
        View::Model {
            model: "R1-Llama".into()
        }
    );
    assert_eq!(defaults.figure_options().domain, DomainMode::PerPanel);

    // The surroundings give the defaults of width and pixel ratio, within bounds.
    let width_and_ratio = |container_width: Option<f64>, device_pixel_ratio: Option<f64>| {
        let surroundings = Surroundings {
            container_width,
            device_pixel_ratio,
            dark_preferred: false,
        };
        let options = resolve_options(&Settings::default(), dataset, &surroundings).unwrap();
        (options.width, options.pixel_ratio)
    };
    assert_eq!(width_and_ratio(Some(640.0), Some(2.0)), (640.0, 2.0));
    assert_eq!(width_and_ratio(Some(0.0), Some(0.5)), (800.0, 1.0));
    assert_eq!(
        width_and_ratio(Some(f64::NAN), Some(f64::NAN)),
        (800.0, 1.0)
    );
    assert_eq!(width_and_ratio(Some(50_000.0), Some(6.0)), (20_000.0, 4.0));
    assert_eq!(width_and_ratio(None, Some(1.25)), (800.0, 1.25));

    // A model's other model, the mean, and the views they make.
    let chosen = settings(
        &SWEEP,
        vec![
            ("layout", text("difference")),
            ("model", text("R1-Qwen")),
            ("benchmark", text(":mean")),
            ("domain", text("fixed")),
            ("min", number(-5.0)),
            ("max", number(5.0)),
        ],
    )
    .unwrap();
    let options = resolve_options(&chosen, dataset, &nowhere).unwrap();
    assert_eq!(options.model_b.as_deref(), Some("R1-Llama"));
    assert_eq!(
        options.figure_options().view,
        View::Difference {
            a: "R1-Qwen".into(),
            b: "R1-Llama".into(),
            benchmark: BenchmarkChoice::Mean
        }
    );
    assert_eq!(
        options.figure_options().domain,
        DomainMode::Fixed {
            min: -5.0,
            max: 5.0
        }
    );

    // Patches: left out keeps, null resets, a value sets.
    let patch = SWEEP
        .patch([
            ("model".to_string(), OptionValue::Null),
            ("reversed".to_string(), OptionValue::Flag(true)),
        ])
        .unwrap();
    let merged = chosen.merged(&patch);
    let options = resolve_options(&merged, dataset, &nowhere).unwrap();
    assert_eq!(
        (options.model.as_str(), options.model_b.as_deref()),
        ("R1-Llama", Some("R1-Qwen"))
    );
    assert_eq!(
        (options.reversed, options.layout, options.min),
        (true, Layout::Difference, Some(-5.0))
    );

    // Errors name the option.
    for (given, message) in [
        (
            vec![("decimals", number(-1.0))],
            r#"field "decimals": expected a whole number from 0 to 12, or null for automatic, found -1"#,
        ),
        (
            vec![("width", number(0.0))],
            r#"field "width": expected a width in CSS pixels from 1 to 20000, found 0"#,
        ),
        (
            vec![("pixelRatio", number(f64::NEG_INFINITY))],
            r#"field "pixelRatio": expected a positive number of device pixels per CSS pixel, found -Infinity"#,
        ),
        (
            vec![("min", number(f64::NAN))],
            r#"field "min": expected a finite number, found NaN"#,
        ),
    ] {
        assert_eq!(sweep_error(given), message);
    }

    // A difference needs two models.
    let one_model: String = FIGURE_JSON
        .lines()
        .filter(|line| !line.contains("R1-Qwen"))
        .collect::<Vec<_>>()
        .join("\n")
        .replace("26.7]]},\n  ]", "26.7]]}\n  ]");
    let one_model = load_json(&one_model).unwrap_or_else(|error| panic!("{error}"));
    let difference = settings(&SWEEP, vec![("layout", text("difference"))]).unwrap();
    assert_eq!(
        resolve_options(&difference, &one_model, &nowhere)
            .unwrap_err()
            .to_string(),
        r#"field "modelB": expected a second model to compare "R1-Llama" with, but the dataset has only one model"#
    );
}

/// A link of many notices of one kind (unknown models, unknown keys, keys given again, damaged
/// pairs) shows one notice for them, with their count and the first names; up to three are
/// shown one by one, as before.
#[test]
fn many_notices_of_one_kind_are_merged() {
    let pairwise = LinkContext {
        kind: DataKind::Pairwise,
        models: Some(vec!["alpha".into(), "beta".into()]),
        groups: Some(vec!["web".into()]),
        ..LinkContext::default()
    };
    let sweep = sweep_context();
    let messages = |query: &str, context: &LinkContext| -> Vec<String> {
        parse_link(query, context)
            .notices
            .into_iter()
            .map(|n| n.message)
            .collect()
    };
    let names = |count: usize, prefix: &str| -> Vec<String> {
        (1..=count).map(|n| format!("{prefix}{n}")).collect()
    };
    for count in [1, 2, 3] {
        let models = names(count, "x").join(",");
        let shown = messages(&format!("models=alpha,beta,{models}"), &pairwise);
        assert_eq!(
            shown.len(),
            count,
            "{count} unknown models, one notice each"
        );
        let keys: Vec<String> = names(count, "k").iter().map(|k| format!("{k}=1")).collect();
        assert_eq!(messages(&keys.join("&"), &sweep).len(), count);
    }
    for count in [4, 50, 2000] {
        let more = count - 3;
        let models = names(count, "x").join(",");
        let shown = messages(&format!("models=alpha,beta,{models}"), &pairwise);
        assert_eq!(
            shown,
            [format!(
                r#"There are no models "x1", "x2", "x3" and {more} more in these data ({count} names; models: "alpha", "beta"); leaving them out."#
            )]
        );
        // Unknown keys.
        let keys: Vec<String> = names(count, "k").iter().map(|k| format!("{k}=1")).collect();
        let shown = messages(&keys.join("&"), &sweep);
        assert_eq!(
            shown,
            [format!(
                r#"Ignored {count} keys in the link that are not sweepmap settings: "k1", "k2", "k3" and {more} more."#
            )]
        );
        // One key given again and again: benchmarks, groups and models alike.
        for (key, context) in [("bench", &sweep), ("group", &pairwise), ("model", &sweep)] {
            let pairs: Vec<String> = names(count + 1, "v")
                .iter()
                .map(|v| format!("{key}={v}"))
                .collect();
            let shown = messages(&pairs.join("&"), context);
            assert_eq!(
                shown.first(),
                Some(&format!(
                    r#"{count} pairs give again a key given before in the link ("{key}"); using the first value of each."#
                )),
                "{key}"
            );
            assert_eq!(
                shown.len(),
                2,
                "the merged notice and the unknown first value: {shown:?}"
            );
        }
        // Damaged pairs.
        let pairs: Vec<String> = names(count, "d")
            .iter()
            .map(|d| format!("{d}=%ZZ"))
            .collect();
        let shown = messages(&pairs.join("&"), &sweep);
        assert_eq!(shown.len(), 1, "{shown:?}");
        assert!(
            shown[0].starts_with(r#"Ignored "d1=%ZZ" in the link: "%ZZ" is not percent-encoding"#),
            "{}",
            shown[0]
        );
        assert!(
            shown[0].ends_with(&format!(
                r#"({count} damaged pairs were left out of the link, keys "d1", "d2", "d3" and {more} more.)"#
            )),
            "{}",
            shown[0]
        );
    }
}

/// The theme: `auto` resolves by the colour scheme the surroundings prefer, the others stay as
/// chosen, and both views take it; links carry it under `theme` (`auto`, the default, left out)
/// and read a wrong word as a notice and the default.
#[test]
fn the_theme_resolves_auto_by_the_preferred_scheme_and_links_carry_it() {
    let dataset = dataset();
    let scores = scores();
    for (chosen, dark_preferred, drawn) in [
        (None, false, Theme::Light),
        (None, true, Theme::Dark),
        (Some("auto"), true, Theme::Dark),
        (Some("light"), true, Theme::Light),
        (Some("dark"), false, Theme::Dark),
        (Some("print"), true, Theme::Print),
    ] {
        let around = Surroundings {
            dark_preferred,
            ..Surroundings::default()
        };
        let given = |set: &OptionSet| {
            let options = chosen.map(|theme| ("theme", text(theme))).into_iter();
            settings(set, options.collect()).unwrap()
        };
        let sweep = resolve_options(&given(&SWEEP), &dataset, &around).unwrap();
        assert_eq!((sweep.theme, sweep.figure_options().theme), (drawn, drawn));
        let pairwise = resolve_pairwise_options(&given(&PAIRWISE), &scores, &around).unwrap();
        assert_eq!(pairwise.figure_options().theme, drawn, "{chosen:?}");
    }

    let sweep_context = LinkContext::default();
    let pairwise_context = LinkContext {
        kind: DataKind::Pairwise,
        ..LinkContext::default()
    };
    for (context, key) in [
        (&sweep_context, "dataset=x"),
        (&pairwise_context, "src=a.csv"),
    ] {
        for theme in Theme::ALL {
            let query = format!("{key}&theme={}", theme.name());
            let parsed = parse_link(&query, context);
            assert!(parsed.notices.is_empty(), "{query}: {:?}", parsed.notices);
            let written = format_link(&parsed.state);
            let expected = match theme {
                Theme::Auto => key.to_string(),
                _ => query.clone(),
            };
            assert_eq!(written, expected);
        }
        // In any case, spaces around ignored, as other words.
        let parsed = parse_link(&format!("{key}&theme=%20Print%20"), context);
        assert_eq!(format_link(&parsed.state), format!("{key}&theme=print"));
        let parsed = parse_link(&format!("{key}&theme=sepia"), context);
        let messages: Vec<&str> = parsed.notices.iter().map(|n| n.message.as_str()).collect();
        assert_eq!(
            messages,
            [r#"theme="sepia" is not a theme (expected auto, light, dark, print); using "auto"."#]
        );
        assert_eq!(format_link(&parsed.state), key);
    }
}

/// The colour scale of a sweep: an option, a link key (`scale=`) written only when not linear,
/// a notice and linear colour for a word it does not take; pairwise links keep `log=1`.
#[test]
fn the_colour_scale_is_an_option_and_a_link_key_of_sweeps() {
    use sweepmap::color::ColorScale;
    let dataset = dataset();
    let given = |scale: &str| settings(&SWEEP, vec![("colorScale", text(scale))]);
    let nowhere = Surroundings::default();
    for &scale in ColorScale::ALL {
        let resolved = resolve_options(&given(scale.name()).unwrap(), &dataset, &nowhere).unwrap();
        assert_eq!(resolved.color_scale, scale);
        assert_eq!(resolved.figure_options().color_scale, scale);
    }
    let none = resolve_options(&Settings::default(), &dataset, &nowhere).unwrap();
    assert_eq!(none.color_scale, ColorScale::Linear);
    assert_eq!(
        sweep_error(vec![("colorScale", text("cubic"))]),
        r#"field "colorScale": expected one of "linear", "log", "symlog", found "cubic""#
    );

    let context = sweep_context();
    assert_eq!(
        read("dataset=x&scale=log", &context),
        ("dataset=x&scale=log".into(), vec![])
    );
    assert_eq!(
        read("dataset=x&cmap=magma&colorScale=symlog&rev=1", &context),
        ("dataset=x&cmap=magma&rev=1&scale=symlog".into(), vec![])
    );
    assert_eq!(
        read("dataset=x&scale=linear", &context),
        ("dataset=x".into(), vec![])
    );
    assert_eq!(
        read("dataset=x&scale=cubic", &context),
        (
            "dataset=x".into(),
            vec![r#"scale: scale="cubic" is not a colour scale (expected linear, log, symlog); using "linear"."#.into()]
        )
    );
    // Not a pairwise key (a pairwise link has `log=1` for counts): left out, as the sweep keys.
    let pairwise = LinkContext {
        kind: DataKind::Pairwise,
        ..LinkContext::default()
    };
    assert_eq!(read("src=a.csv&scale=log", &pairwise).0, "src=a.csv");
}

/// The panel order: an option and a link key (`order=`), kept by the layouts with several panels
/// of one kind and left out by a difference or a reconciliation.
#[test]
fn the_panel_order_is_an_option_and_a_link_key_of_sweeps() {
    use sweepmap::figure::Order;
    let dataset = dataset();
    let nowhere = Surroundings::default();
    let given = settings(&SWEEP, vec![("order", text("best"))]).unwrap();
    let resolved = resolve_options(&given, &dataset, &nowhere).unwrap();
    assert_eq!(resolved.figure_options().order, Order::Best);
    assert_eq!(
        sweep_error(vec![("order", text("worst"))]),
        r#"field "order": expected one of "data", "mean", "best", found "worst""#
    );
    let context = sweep_context();
    for layout in ["", "&layout=benchmark", "&layout=grid"] {
        let query = format!("dataset=x{layout}&order=mean");
        assert_eq!(read(&query, &context), (query.clone(), vec![]));
    }
    assert_eq!(
        read("dataset=x&layout=difference&order=mean", &context).0,
        "dataset=x&layout=difference"
    );
    assert_eq!(
        read("dataset=x&order=worst", &context),
        (
            "dataset=x".into(),
            vec![r#"order: order="worst" is not an order (expected data, mean, best); using "data"."#.into()]
        )
    );
}

/// The marginal strips: an option and a link key (`marginals=`), `auto` by default and left out
/// of links; `auto` resolves against the dataset's axes (off for the 2 x 2 test sweep, on past
/// 6 x 6), `on` and `off` are kept by the layouts of panels of values and left out by a
/// difference or a reconciliation (which draw none).
#[test]
fn the_marginal_strips_are_an_option_and_a_link_key_of_sweeps() {
    use sweepmap::figure::Strips;
    let dataset = dataset();
    let nowhere = Surroundings::default();
    let resolve = |given: Vec<(&str, OptionValue)>, dataset: &Dataset| {
        let given = settings(&SWEEP, given).unwrap();
        resolve_options(&given, dataset, &nowhere).unwrap()
    };
    let auto = resolve(vec![], &dataset);
    assert_eq!(auto.marginals, Strips::Off);
    assert!(!auto.figure_options().marginals);
    let on = resolve(vec![("marginals", text("on"))], &dataset);
    assert_eq!(on.marginals, Strips::On);
    assert!(on.figure_options().marginals);
    let difference = resolve(
        vec![("marginals", text("on")), ("layout", text("difference"))],
        &dataset,
    );
    assert_eq!(difference.marginals, Strips::Off);
    // Seven ratios: more than 6 columns, so `auto` draws strips.
    let wide = load_json(
        &FIGURE_JSON
            .replace("[0.1, 0.2]", "[0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]")
            .replace("[40.0, 45.3]", "[40.0, 45.3, 1, 2, 3, 4, 5]")
            .replace("[41.3, 49.3]", "[41.3, 49.3, 1, 2, 3, 4, 5]")
            .replace("[26.7, 30.7]", "[26.7, 30.7, 1, 2, 3, 4, 5]")
            .replace("[27.3, 26.7]", "[27.3, 26.7, 1, 2, 3, 4, 5]")
            .replace("[46.7, 48.0]", "[46.7, 48.0, 1, 2, 3, 4, 5]")
            .replace("[46.0, 49.3]", "[46.0, 49.3, 1, 2, 3, 4, 5]")
            .replace("[36.7, null]", "[36.7, null, 1, 2, 3, 4, 5]")
            .replace("[34.7, 36.0]", "[34.7, 36.0, 1, 2, 3, 4, 5]"),
    )
    .unwrap();
    assert_eq!(resolve(vec![], &wide).marginals, Strips::On);
    let off = resolve(vec![("marginals", text("off"))], &wide);
    assert_eq!(off.marginals, Strips::Off);
    assert_eq!(
        sweep_error(vec![("marginals", text("yes"))]),
        r#"field "marginals": expected one of "auto", "on", "off", found "yes""#
    );

    let context = sweep_context();
    for layout in ["", "&layout=benchmark", "&layout=grid"] {
        for word in ["on", "off"] {
            let query = format!("dataset=x{layout}&marginals={word}");
            assert_eq!(read(&query, &context), (query.clone(), vec![]));
        }
    }
    assert_eq!(
        read("dataset=x&marginals=auto", &context),
        ("dataset=x".into(), vec![])
    );
    assert_eq!(
        read("dataset=x&layout=difference&marginals=on", &context).0,
        "dataset=x&layout=difference"
    );
    assert_eq!(
        read("dataset=x&marginals=yes", &context),
        (
            "dataset=x".into(),
            vec![r#"marginals: marginals="yes" is not a marginals setting (expected auto, on, off); using "auto"."#.into()]
        )
    );
}
