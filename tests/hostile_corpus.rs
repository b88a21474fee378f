//! The hostile-label corpus: every file in `tests/hostile/` loads, though its labels hold line
//! ends of every kind followed by Markdown, or characters XML 1.0 forbids (U+FFFE, U+FFFF, C0
//! controls). Beside each file, `NAME.md.expected` holds the exact Markdown of its figure (every
//! panel of a sweep, the default pairs of per-item scores) and `NAME.svg.expected` the text of
//! every `<text>` element of its SVG export as a strict XML parser reads it, one per line
//! (Rust's `{:?}`, so line ends and U+FFFD show), and for a sweep `NAME.tex.expected` its LaTeX
//! tables. The loader is chosen by the name:
//! `sweep-*.csv` or `pairwise-*.csv`. Both outcomes are also checked for structure: the SVG
//! parses, the Markdown keeps one line per heading, bullet and table row.
//!
//! To write the expectations of new cases (then read every one): `SWEEPMAP_BLESS=1 cargo test
//! --test hostile_corpus`.
#![cfg(not(target_arch = "wasm32"))]

mod expected;
#[path = "support/exports.rs"]
mod exports;

use std::path::PathBuf;

use sweepmap::figure::{
    comparisons_markdown, figure_latex, key_observations, prepare_figure, prepare_pairwise_figure,
    Figure, FigureOptions, PairwiseOptions, View,
};
use sweepmap::layout::layout_figure;
use sweepmap::pairwise::{load_pairwise_csv, PairwiseCsvOptions};
use sweepmap::render::render_svg;
use sweepmap::{load_csv, CsvOptions};

use exports::{
    check_latex, check_observations_markdown, check_pairwise_exports, check_svg, markdown_blocks,
};

/// The texts of an SVG's `<text>` elements, one `{:?}` per line.
fn svg_texts(figure: &Figure) -> Result<String, String> {
    let svg = render_svg(figure, &layout_figure(figure, 1000.0)).map_err(|e| e.to_string())?;
    check_svg(&svg)?;
    let document = roxmltree::Document::parse(&svg).map_err(|e| e.to_string())?;
    let texts: Vec<String> = document
        .descendants()
        .filter(|node| node.has_tag_name("text"))
        .map(|node| format!("{:?}", node.text().unwrap_or_default()))
        .collect();
    Ok(texts.join("\n"))
}

/// The Markdown and SVG texts of one case, and the LaTeX of a sweep.
fn outcome(name: &str, text: &str) -> Result<(String, String, Option<String>), String> {
    if name.starts_with("sweep-") {
        let dataset = load_csv(text, &CsvOptions::default()).map_err(|e| e.to_string())?;
        let view = View::Grid;
        let options = FigureOptions {
            view: view.clone(),
            ..FigureOptions::default()
        };
        let figure = prepare_figure(&dataset, &options).map_err(|e| e.to_string())?;
        let shown = key_observations(&dataset, &figure, &view, Some(0.95));
        check_observations_markdown(&shown)?;
        check_latex(&figure)?;
        Ok((
            shown.markdown(),
            svg_texts(&figure)?,
            Some(figure_latex(&figure)),
        ))
    } else if name.starts_with("pairwise-") {
        let dataset =
            load_pairwise_csv(text, &PairwiseCsvOptions::default()).map_err(|e| e.to_string())?;
        check_pairwise_exports(&dataset)?;
        let figure = prepare_pairwise_figure(&dataset, &PairwiseOptions::default())
            .map_err(|e| e.to_string())?;
        let markdown = comparisons_markdown(figure.comparisons());
        markdown_blocks(&markdown)?;
        Ok((markdown, svg_texts(&figure)?, None))
    } else {
        Err("name it sweep-*.csv or pairwise-*.csv".into())
    }
}

#[test]
fn every_hostile_file_exports_as_expected() {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/hostile");
    let cases = expected::cases(&folder, |ext| ext == "csv");
    let bless = expected::blessing();
    let mut failures = Vec::new();
    for (name, case) in &cases {
        let text = std::fs::read_to_string(case).expect("a readable UTF-8 case");
        match outcome(name, &text) {
            Ok((markdown, svg, latex)) => {
                let md = format!("{name}.md");
                expected::check(&folder, &md, markdown.trim_end(), bless, &mut failures);
                let svg_name = format!("{name}.svg");
                expected::check(&folder, &svg_name, &svg, bless, &mut failures);
                if let Some(latex) = latex {
                    let tex = format!("{name}.tex");
                    expected::check(&folder, &tex, latex.trim_end(), bless, &mut failures);
                }
            }
            Err(problem) => failures.push(format!("{name}: {problem}")),
        }
    }
    assert!(cases.len() >= 3, "the corpus has {} cases", cases.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
