//! Labels from strangers' data in exports: HTML and script in model, benchmark, axis and value
//! names, right-to-left text, emoji and control characters. The SVG export escapes them (text
//! stays text, nothing becomes an element), parses as XML, and shows each label verbatim; the
//! CSV export quotes them and loads back to the same names.
#![cfg(not(target_arch = "wasm32"))]

use sweepmap::figure::{prepare_figure, BenchmarkChoice, FigureOptions, View};
use sweepmap::layout::layout_figure;
use sweepmap::render::render_svg;
use sweepmap::{load_csv, to_csv, CsvOptions, Dataset};

const IMG: &str = "<img src=x onerror=alert(1)>";
const SCRIPT: &str = "</script><script>alert(1)</script>";
const JS_URL: &str = "javascript:alert(1)";
const HEBREW: &str = "\u{5e9}\u{5dc}\u{5d5}\u{5dd}";
const ARABIC: &str = "\u{645}\u{631}\u{62d}\u{628}\u{627} \u{1f9ea}";

fn hostile() -> Dataset {
    let text = format!(
        "model,benchmark,\"{SCRIPT}\",\"{JS_URL} & more\",\"score {IMG}\"\n\
         \"{IMG}\",\"{SCRIPT}\",\"{IMG}\",{JS_URL},1.5\n\
         \"{IMG}\",\"{SCRIPT}\",{HEBREW},{ARABIC},2.5\n\
         {ARABIC},\"{SCRIPT}\",{HEBREW},{JS_URL},3\n\
         {ARABIC},\"{SCRIPT}\",\"{IMG}\",{ARABIC},4\n\
         ctrl\u{1}name,\"{SCRIPT}\",\"{IMG}\",{ARABIC},5\n"
    );
    load_csv(&text, &CsvOptions::default()).expect("the hostile file loads")
}

/// `&lt;` -> `<` and the other entities plotters writes.
fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// Checks that the SVG is well-formed enough for an XML parser: every `<` opens a tag of an
/// element SVG figures use (or closes one, in order), every `&` starts an entity, and no
/// character is one XML forbids. Returns the text content of every `<text>` element.
fn well_formed_texts(svg: &str) -> Vec<String> {
    const ELEMENTS: &[&str] = &[
        "svg", "rect", "text", "line", "polyline", "polygon", "circle", "path", "g",
    ];
    assert!(
        svg.chars()
            .all(|c| !c.is_control() || matches!(c, '\t' | '\n' | '\r') || c > '\u{9f}'),
        "a control character XML forbids"
    );
    let mut open: Vec<String> = Vec::new();
    let mut texts = Vec::new();
    let mut rest = svg.trim_start();
    if let Some(after) = rest.strip_prefix("<?xml") {
        rest = &after[after.find("?>").expect("the declaration ends") + 2..];
    }
    while let Some(start) = rest.find('<') {
        let content = &rest[..start];
        for (index, _) in content.match_indices('&') {
            let entity = &content[index..];
            assert!(
                ["&lt;", "&gt;", "&amp;", "&quot;", "&apos;", "&#39;"]
                    .iter()
                    .any(|e| entity.starts_with(e)),
                "a bare & in {content:?}"
            );
        }
        if open.last().is_some_and(|name| name == "text") && !content.trim().is_empty() {
            texts.push(unescape(content.trim()));
        }
        let end = rest[start..].find('>').expect("the tag ends") + start;
        let tag = &rest[start + 1..end];
        assert!(!tag.contains('<'), "a < inside a tag: {tag:?}");
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(
                open.pop().as_deref(),
                Some(name.trim()),
                "closing tags match"
            );
        } else {
            let name: String = tag
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            assert!(
                ELEMENTS.contains(&name.as_str()),
                "unexpected element <{name}>"
            );
            // Attribute values are quoted, with no quote or < inside.
            for (index, _) in tag.match_indices('&') {
                assert!(["&lt;", "&gt;", "&amp;", "&quot;", "&apos;", "&#39;"]
                    .iter()
                    .any(|e| tag[index..].starts_with(e)));
            }
            if !tag.ends_with('/') {
                open.push(name);
            }
        }
        rest = &rest[end + 1..];
    }
    assert!(open.is_empty(), "unclosed elements {open:?}");
    texts
}

#[test]
fn svg_export_escapes_every_label_and_shows_it_verbatim() {
    let dataset = hostile();
    assert_eq!(dataset.models.levels, [IMG, ARABIC, "ctrl\u{1}name"]);
    for view in [
        View::Grid,
        View::Model { model: IMG.into() },
        View::Benchmark {
            benchmark: BenchmarkChoice::Mean,
        },
        View::Difference {
            a: IMG.into(),
            b: ARABIC.into(),
            benchmark: BenchmarkChoice::Named(SCRIPT.into()),
        },
    ] {
        let options = FigureOptions {
            view: view.clone(),
            ..FigureOptions::default()
        };
        let figure = prepare_figure(&dataset, &options).expect("the figure prepares");
        let svg = render_svg(&figure, &layout_figure(&figure, 1400.0)).expect("the SVG renders");
        assert!(
            !svg.contains("<img") && !svg.contains("<script") && !svg.contains("</script"),
            "{view:?}: raw markup"
        );
        assert!(
            svg.contains("&lt;img src=x onerror=alert(1)&gt;"),
            "{view:?}: the escaped label"
        );
        let texts = well_formed_texts(&svg);
        let shown = texts.join("\n");
        for label in [IMG, HEBREW, JS_URL] {
            assert!(
                texts.iter().any(|text| text.contains(label)),
                "{view:?}: {label} is not in {shown}"
            );
        }
        // The colour bar names the metric (a difference says "score ... difference (A − B)").
        assert!(
            texts
                .iter()
                .any(|text| text.starts_with("score <img src=x onerror=alert(1)>")),
            "{view:?}: the metric in {shown}"
        );
        if matches!(view, View::Grid) {
            assert!(
                texts.iter().any(|text| text.contains("ctrl\u{fffd}name")),
                "the control character is replaced"
            );
        }
    }
}

#[test]
fn csv_export_quotes_every_label_and_loads_back() {
    let dataset = hostile();
    let csv = to_csv(&dataset);
    assert!(csv.starts_with("model,benchmark,</script><script>alert(1)</script>,javascript:alert(1) & more,score <img src=x onerror=alert(1)>\n"), "{csv}");
    let back = load_csv(&csv, &CsvOptions::matching(&dataset)).expect("the export loads");
    assert_eq!(back, dataset);
}
