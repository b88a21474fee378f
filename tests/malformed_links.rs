//! The damaged share-link corpus: every `tests/malformed/links/NAME.query` is the query string of
//! a link (its first line), and `NAME.query.expected` holds every notice the link gives, one
//! `key: message` a line, then `opens: QUERY`, the link of the view it still opens. `sweep-*`
//! links are read against the bundled KV-cache sweep, `pairwise-*` links against the synthetic
//! pairwise data, as the page reads them. Cases whose `data=` is base64url but does not
//! decompress also have `NAME.query.page`: the error the page shows (checked by
//! tests/e2e/links.test.mjs, since decompression happens in the browser).
//!
//! To write the expectations of new cases (then read every one): `SWEEPMAP_BLESS=1 cargo test
//! --test malformed_links`.
#![cfg(not(target_arch = "wasm32"))]

mod expected;

use std::path::{Path, PathBuf};

use sweepmap::color::ColorMap;
use sweepmap::link::{format_link, parse_link, ColorMapName, DataKind, LinkContext};
use sweepmap::load_json;
use sweepmap::pairwise::load_pairwise_json;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn bundled(file: &str) -> String {
    std::fs::read_to_string(root().join("www/data").join(file)).expect("a bundled dataset")
}

/// The context the page reads a link with, for the bundled data the case name says.
fn context(name: &str) -> LinkContext {
    let index: serde_json::Value =
        serde_json::from_str(&bundled("index.json")).expect("the catalogue");
    let datasets = index
        .as_array()
        .expect("a list")
        .iter()
        .map(|entry| entry["id"].as_str().expect("an id").to_string())
        .collect();
    let color_maps = ColorMap::all()
        .iter()
        .map(|map| ColorMapName {
            name: map.name().into(),
            label: map.label().into(),
        })
        .collect();
    let mut context = LinkContext {
        datasets,
        color_maps: Some(color_maps),
        ..LinkContext::default()
    };
    if name.starts_with("pairwise-") {
        let data = load_pairwise_json(&bundled("synthetic-pairwise.json")).expect("loads");
        context.kind = DataKind::Pairwise;
        context.models = Some(data.models().to_vec());
        context.groups = Some(data.groups().to_vec());
    } else {
        let data = load_json(&bundled("kv-cache-sweep.json")).expect("loads");
        let aggregates = (0..data.benchmarks.levels.len())
            .filter(|&index| data.is_reported_aggregate(index))
            .map(|index| data.benchmarks.levels[index].clone())
            .collect();
        context.models = Some(data.models.levels.clone());
        context.benchmarks = Some(data.benchmarks.levels.clone());
        context.aggregates = Some(aggregates);
    }
    context
}

/// What a case gives: its notices and the link of the view it opens.
fn outcome(name: &str, query: &str) -> String {
    let parsed = parse_link(query, &context(name));
    let mut lines: Vec<String> = parsed
        .notices
        .iter()
        .map(|notice| format!("{}: {}", notice.key, notice.message))
        .collect();
    lines.push(format!("opens: {}", format_link(&parsed.state)));
    lines.join("\n")
}

fn query_of(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("a readable case");
    text.lines().next().unwrap_or_default().to_string()
}

/// The corpus folder and its cases, `(file name, path)` of every `.query`, in name order.
fn corpus() -> (PathBuf, Vec<(String, PathBuf)>) {
    let folder = root().join("tests/malformed/links");
    let cases = expected::cases(&folder, |ext| ext == "query");
    (folder, cases)
}

#[test]
fn every_damaged_link_gives_its_exact_notices_and_still_opens() {
    let (folder, cases) = corpus();
    let bless = expected::blessing();
    let mut failures = Vec::new();
    for (name, case) in &cases {
        let got = outcome(name, &query_of(case));
        expected::check(&folder, name, &got, bless, &mut failures);
    }
    assert!(
        cases.len() >= 12,
        "the link corpus has {} cases",
        cases.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_case_but_those_left_to_the_browser_gives_a_notice() {
    let (folder, cases) = corpus();
    for (name, path) in &cases {
        let notices = parse_link(&query_of(path), &context(name)).notices;
        let page = folder.join(format!("{name}.page"));
        assert_eq!(
            notices.is_empty(),
            page.exists(),
            "{name}: a notice, or a .page expectation for the browser"
        );
    }
}

/// The explorer writes its links in the address's fragment (`#...`) and still opens the older
/// ones in the query string (`?...`): every case gives the same notices and opens the same view
/// whichever mark it starts with, or none.
#[test]
fn every_case_reads_the_same_after_a_hash_a_question_mark_or_nothing() {
    let (_, cases) = corpus();
    let mut compared = 0;
    for (name, path) in &cases {
        let query = query_of(path);
        let bare = query.strip_prefix('?').unwrap_or(&query);
        let plain = outcome(name, bare);
        assert_eq!(outcome(name, &format!("#{bare}")), plain, "{name} after #");
        assert_eq!(outcome(name, &format!("?{bare}")), plain, "{name} after ?");
        compared += 1;
    }
    assert!(compared >= 12, "{compared} cases compared");
    // A second mark is not taken off: it is part of the first key, an unknown one.
    let doubled = outcome("sweep-hash", "#?dataset=kv-cache-sweep&layout=grid");
    assert_eq!(
        doubled,
        "?dataset: Ignored \"?dataset\" in the link: it is not a sweepmap setting.\nopens: dataset=kv-cache-sweep&layout=grid"
    );
}
