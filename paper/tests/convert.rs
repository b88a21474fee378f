//! The paper crate natively: the seed figure's SVG (`tests/seed-figure.svg`, as `toSvg` wrote
//! it) to a PDF whose structure is valid (header, cross-reference table pointing at each
//! object, trailer), with both Liberation Sans faces embedded as subsets and the page the figure's size;
//! to an SVG with no text left and every cell's fill kept; characters the font lacks reported;
//! and each bad input refused with its message.

use std::path::PathBuf;

use sweepmap_paper::{svg_text_as_paths, svg_to_pdf, Fonts, PaperError};

fn crate_path(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(relative)
}

fn bundled_fonts() -> Fonts {
    let regular = std::fs::read(crate_path("fonts/LiberationSans-Regular.ttf"))
        .expect("LiberationSans-Regular.ttf");
    let bold = std::fs::read(crate_path("fonts/LiberationSans-Bold.ttf"))
        .expect("LiberationSans-Bold.ttf");
    Fonts::new(&[&regular, &bold]).expect("the bundled fonts load")
}

/// The seed figure (every panel of R1-Qwen) as the core's SVG export wrote it on 2026-11-27 (a
/// copy of the main crate's golden `tests/golden/r1-qwen-per-panel.svg`, so that a change of the
/// figure there does not move the counts here).
fn seed_svg() -> String {
    std::fs::read_to_string(crate_path("tests/seed-figure.svg")).expect("seed SVG")
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window == needle)
}

fn count(haystack: &[u8], needle: &[u8]) -> usize {
    haystack
        .windows(needle.len())
        .filter(|window| *window == needle)
        .count()
}

/// The number after `startxref`, the entries of the `xref` table there, and for each object in
/// use, that its offset is where `N 0 obj` starts. Returns the number of objects in use.
fn check_cross_references(pdf: &[u8]) -> usize {
    let start = pdf
        .windows(9)
        .rposition(|window| window == b"startxref")
        .expect("a startxref");
    let tail = String::from_utf8_lossy(&pdf[start + 9..]);
    let offset: usize = tail
        .split_whitespace()
        .next()
        .and_then(|word| word.parse().ok())
        .expect("an offset after startxref");
    assert!(
        tail.trim_end().ends_with("%%EOF"),
        "the file ends with %%EOF"
    );
    let table = String::from_utf8_lossy(&pdf[offset..start]);
    assert!(
        table.starts_with("xref"),
        "startxref points at {:?}",
        &table[..20.min(table.len())]
    );
    let mut lines = table.lines().skip(1);
    let header: Vec<usize> = lines
        .next()
        .expect("the subsection header")
        .split_whitespace()
        .map(|word| word.parse().expect("a number"))
        .collect();
    assert_eq!(header[0], 0, "the table starts at object 0");
    let objects = header[1];
    let mut in_use = 0;
    for (number, line) in lines.take(objects).enumerate() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields.len(), 3, "entry {number}: {line:?}");
        if fields[2] == "n" {
            let at: usize = fields[0].parse().expect("an offset");
            let expected = format!("{number} 0 obj");
            assert!(
                pdf[at..].starts_with(expected.as_bytes()),
                "object {number} is listed at {at}, where the file has {:?}",
                String::from_utf8_lossy(&pdf[at..(at + 16).min(pdf.len())])
            );
            in_use += 1;
        }
    }
    assert_eq!(in_use + 1, objects, "every object but 0 is in use");
    in_use
}

#[test]
fn the_seed_figure_becomes_a_valid_pdf_with_both_faces_embedded_as_subsets() {
    let converted = svg_to_pdf(&seed_svg(), &bundled_fonts()).expect("converted");
    let pdf = &converted.output;
    assert!(
        pdf.starts_with(b"%PDF-1."),
        "PDF header: {:?}",
        String::from_utf8_lossy(&pdf[..8])
    );
    let objects = check_cross_references(pdf);
    assert!(objects >= 10, "{objects} objects");
    // One page, the figure's size in points (the golden SVG is 1280 x 509 pixels).
    let svg = seed_svg();
    assert!(
        svg.starts_with(r#"<svg width="1280" height="509""#),
        "{}",
        &svg[..60]
    );
    assert_eq!(count(pdf, b"/Type /Page\n"), 1, "one page");
    assert!(
        find(pdf, b"/MediaBox [0 0 1280 509]").is_some(),
        "the page is the figure's size"
    );
    // Both faces, each a subset (a six-letter tag before its name) with its TrueType program.
    for face in [&b"+LiberationSans\n"[..], &b"+LiberationSans-Bold\n"[..]] {
        let at =
            find(pdf, face).unwrap_or_else(|| panic!("{} embedded", String::from_utf8_lossy(face)));
        let tag = &pdf[at - 6..at];
        assert!(
            tag.iter().all(u8::is_ascii_uppercase),
            "subset tag {:?}",
            String::from_utf8_lossy(tag)
        );
    }
    assert_eq!(
        count(pdf, b"/FontFile2"),
        2,
        "two embedded TrueType programs"
    );
    // Text is text: a ToUnicode map per face, so it can be selected and searched.
    assert_eq!(count(pdf, b"/ToUnicode"), 2);
    assert_eq!(converted.missing, Vec::<char>::new());
}

#[test]
fn text_as_paths_leaves_no_text_and_keeps_every_cell_fill() {
    let svg = seed_svg();
    let converted = svg_text_as_paths(&svg, &bundled_fonts()).expect("converted");
    let out = &converted.output;
    assert!(!out.contains("<text"), "no <text> left");
    assert!(!out.contains("font-family"), "no font named");
    // Every filled rectangle of the input (cells, colour bar) is a filled path of the same colour,
    // in the same order, in the output; the glyphs are more filled paths among them.
    let input = usvg::roxmltree::Document::parse(&svg).expect("input parses");
    let fills: Vec<String> = input
        .descendants()
        .filter(|node| node.has_tag_name("rect"))
        .filter_map(|node| node.attribute("fill"))
        .filter(|fill| *fill != "none")
        .map(str::to_ascii_lowercase)
        .collect();
    let output = usvg::roxmltree::Document::parse(out).expect("output parses");
    let path_fills: Vec<String> = output
        .descendants()
        .filter(|node| node.has_tag_name("path"))
        .filter_map(|node| node.attribute("fill"))
        .map(str::to_ascii_lowercase)
        .collect();
    let mut remaining = path_fills.iter();
    assert_eq!(fills.len(), 911, "filled rectangles in the seed figure");
    for (index, fill) in fills.iter().enumerate() {
        assert!(
            remaining.any(|path| path == fill),
            "rectangle {index} ({fill}) has no path of its fill, in order"
        );
    }
    // The text: each piece of it at least one more filled path (usvg writes a piece's glyphs as
    // one path per run of one style), so the filled paths are at least rectangles + texts.
    let texts = input
        .descendants()
        .filter(|node| node.has_tag_name("text"))
        .filter(|node| node.text().is_some_and(|text| !text.trim().is_empty()))
        .count();
    assert_eq!(texts, 189, "pieces of text in the seed figure");
    let filled_paths = path_fills.iter().filter(|fill| *fill != "none").count();
    assert!(
        filled_paths >= fills.len() + texts,
        "{filled_paths} filled paths for {} rectangles and {texts} texts",
        fills.len()
    );
    assert_eq!(converted.missing, Vec::<char>::new());
}

#[test]
fn characters_the_font_lacks_are_named_once_each_in_order() {
    let svg = r#"<svg width="200" height="40" viewBox="0 0 200 40" xmlns="http://www.w3.org/2000/svg">
<text x="4" y="20" font-family="'Liberation Sans', Arial, Helvetica, sans-serif" font-size="12">模型 α ± 模 → 型号</text>
</svg>"#;
    let fonts = bundled_fonts();
    let pdf = svg_to_pdf(svg, &fonts).expect("converted");
    assert_eq!(pdf.missing, vec!['模', '型', '号']);
    let outlined = svg_text_as_paths(svg, &fonts).expect("converted");
    assert_eq!(outlined.missing, vec!['模', '型', '号']);
    assert_eq!(fonts.family(), "Liberation Sans");
    assert_eq!(
        fonts.missing_note(&pdf.missing).as_deref(),
        Some("(the bundled font, Liberation Sans, has no glyph for 模 型 号: drawn as boxes; the plain SVG export keeps them as text)")
    );
}

#[test]
fn the_missing_note_names_eight_characters_and_counts_the_rest() {
    let fonts = bundled_fonts();
    assert_eq!(fonts.missing_note(&[]), None);
    let eight: Vec<char> = "一二三四五六七八".chars().collect();
    assert_eq!(
        fonts.missing_note(&eight).as_deref(),
        Some("(the bundled font, Liberation Sans, has no glyph for 一 二 三 四 五 六 七 八: drawn as boxes; the plain SVG export keeps them as text)")
    );
    let eleven: Vec<char> = "一二三四五六七八九十百".chars().collect();
    assert_eq!(
        fonts.missing_note(&eleven).as_deref(),
        Some("(the bundled font, Liberation Sans, has no glyph for 一 二 三 四 五 六 七 八 and 3 more: drawn as boxes; the plain SVG export keeps them as text)")
    );
}

#[test]
fn bad_inputs_are_refused_with_what_to_do() {
    let fonts = bundled_fonts();
    let error = svg_to_pdf("<svg width=\"10\" height=\"10\" xmlns=\"http://www.w3.org/2000/svg\">\n<rect x=\"1\"\n</svg>", &fonts)
        .expect_err("malformed XML");
    assert_eq!(
        error.to_string(),
        "the SVG could not be read: malformed XML: invalid name token at 3:1"
    );
    let error = svg_text_as_paths(
        r#"<svg width="0" height="10" xmlns="http://www.w3.org/2000/svg"/>"#,
        &fonts,
    )
    .expect_err("no size");
    assert_eq!(
        error.to_string(),
        "the SVG could not be read: its <svg> has no width and height above 0 (and no viewBox to take them from)"
    );
    let error = svg_to_pdf("", &fonts).expect_err("empty");
    assert!(matches!(error, PaperError::Svg(_)), "{error:?}");

    let Err(error) = Fonts::new(&[]) else {
        panic!("no fonts accepted")
    };
    assert_eq!(
        error.to_string(),
        "no font was given: pass the bytes of at least one TrueType or OpenType font"
    );
    let regular = std::fs::read(crate_path("fonts/LiberationSans-Regular.ttf")).expect("font");
    let Err(error) = Fonts::new(&[&regular, b"<!doctype html>"]) else {
        panic!("HTML accepted as a font")
    };
    assert_eq!(
        error.to_string(),
        "font 2 (15 bytes) is not a TrueType or OpenType font: pass the bytes of a .ttf or .otf file"
    );
}
