//! sweepmap's export for papers: a figure's SVG, as the core exports it (`toSvg`), turned into a
//! PDF with real text, or into an SVG whose text is drawn as paths.
//!
//! A separate crate and wasm package (`www/pkg/paper/`), fetched only when a page exports one
//! of these: usvg lays out the text and svg2pdf writes the PDF, which is far more code than the
//! page needs to draw a figure. It never knows what a sweep is: it reads an SVG and fonts. The
//! fonts are given as bytes (the page fetches the bundled Liberation Sans from `fonts/`); no system
//! font is ever looked up, so the output is the same natively and in wasm.
//!
//! The pipeline: the fonts go into a font database ([`Fonts::new`]), the SVG is parsed and its
//! text laid out with them (usvg), then written as a PDF ([`svg_to_pdf`]: cells stay vector
//! rectangles, text stays text in a subset of the embedded font) or as an SVG again
//! ([`svg_text_as_paths`]: each glyph a `<path>`). Characters none of the fonts have are drawn as
//! the font's empty box; each conversion returns them so the page can say so.

use std::fmt;
use std::sync::Arc;

use usvg::fontdb;

#[cfg(target_arch = "wasm32")]
mod wasm;

/// The family every generic name (`sans-serif`, `serif`, ...) and the SVG's default font resolve
/// to: the font bundled with sweepmap, which the core's SVG export names first.
pub const BUNDLED_FAMILY: &str = "Liberation Sans";

/// What went wrong, said to the user: names the input and what to do.
#[derive(Debug, Clone, PartialEq)]
pub enum PaperError {
    /// No font was given.
    NoFonts,
    /// The font at this position (counting from 1) of the given list is not a font.
    NotAFont { position: usize, bytes: usize },
    /// The SVG could not be read; the reason (with its line and column when the XML is malformed).
    Svg(String),
    /// svg2pdf could not write the PDF; its reason.
    Pdf(String),
}

impl fmt::Display for PaperError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PaperError::NoFonts => {
                f.write_str("no font was given: pass the bytes of at least one TrueType or OpenType font")
            }
            PaperError::NotAFont { position, bytes } => write!(
                f,
                "font {position} ({bytes} bytes) is not a TrueType or OpenType font: pass the bytes of a .ttf or .otf file"
            ),
            PaperError::Svg(reason) => write!(f, "the SVG could not be read: {reason}"),
            PaperError::Pdf(reason) => write!(f, "the PDF could not be written: {reason}"),
        }
    }
}

impl std::error::Error for PaperError {}

/// A converted figure and the characters that no given font has (drawn as the font's box), in
/// the order they first appear, each once.
#[derive(Debug, Clone, PartialEq)]
pub struct Converted<T> {
    pub output: T,
    pub missing: Vec<char>,
}

/// Missing characters a note names before "and N more".
const LISTED_MISSING: usize = 8;

/// The fonts text is laid out with: the given ones only, every generic family mapped to the
/// first given font's family.
pub struct Fonts {
    database: Arc<fontdb::Database>,
    /// The first font's family, which every generic family and the SVG's default resolve to.
    family: String,
}

impl Fonts {
    /// Loads each font (TrueType or OpenType bytes; a collection counts as one). Fails on an empty
    /// list or on bytes that are not a font, naming its position.
    pub fn new(fonts: &[&[u8]]) -> Result<Fonts, PaperError> {
        if fonts.is_empty() {
            return Err(PaperError::NoFonts);
        }
        let mut database = fontdb::Database::new();
        let mut first_family = None;
        for (index, data) in fonts.iter().enumerate() {
            let before = database.len();
            database.load_font_data(data.to_vec());
            if database.len() == before {
                return Err(PaperError::NotAFont {
                    position: index + 1,
                    bytes: data.len(),
                });
            }
            if first_family.is_none() {
                first_family = database
                    .faces()
                    .next()
                    .and_then(|face| face.families.first())
                    .map(|(name, _)| name.clone());
            }
        }
        let family = first_family.unwrap_or_else(|| BUNDLED_FAMILY.to_owned());
        database.set_sans_serif_family(family.clone());
        database.set_serif_family(family.clone());
        database.set_monospace_family(family.clone());
        database.set_cursive_family(family.clone());
        database.set_fantasy_family(family.clone());
        Ok(Fonts {
            database: Arc::new(database),
            family,
        })
    }

    /// The family text is laid out in: the first given font's ("Liberation Sans" for the bundled
    /// fonts).
    pub fn family(&self) -> &str {
        &self.family
    }

    /// What the page says after a conversion whose fonts lack some characters (`missing`, as
    /// [`Converted::missing`] lists them), or `None` when nothing is missing: the first eight
    /// characters, how many more, and that the plain SVG export keeps them as text.
    pub fn missing_note(&self, missing: &[char]) -> Option<String> {
        if missing.is_empty() {
            return None;
        }
        let listed: Vec<String> = missing
            .iter()
            .take(LISTED_MISSING)
            .map(char::to_string)
            .collect();
        let more = match missing.len().saturating_sub(LISTED_MISSING) {
            0 => String::new(),
            more => format!(" and {more} more"),
        };
        Some(format!(
            "(the bundled font, {}, has no glyph for {}{more}: drawn as boxes; the plain SVG \
             export keeps them as text)",
            self.family,
            listed.join(" ")
        ))
    }

    /// Parses the SVG and lays out its text with these fonts. Images are never loaded (the
    /// figure has none; a local file is never read).
    fn parse(&self, svg: &str) -> Result<usvg::Tree, PaperError> {
        let options = usvg::Options {
            font_family: self.family.clone(),
            fontdb: Arc::clone(&self.database),
            image_href_resolver: usvg::ImageHrefResolver {
                resolve_data: Box::new(|_, _, _| None),
                resolve_string: Box::new(|_, _| None),
            },
            ..usvg::Options::default()
        };
        usvg::Tree::from_str(svg, &options).map_err(|error| PaperError::Svg(svg_reason(&error)))
    }
}

/// usvg's reason, in the words of this crate's messages.
fn svg_reason(error: &usvg::Error) -> String {
    match error {
        usvg::Error::ParsingFailed(xml) => format!("malformed XML: {xml}"),
        usvg::Error::InvalidSize => {
            "its <svg> has no width and height above 0 (and no viewBox to take them from)"
                .to_owned()
        }
        usvg::Error::NotAnUtf8Str => "it is not UTF-8 text".to_owned(),
        usvg::Error::MalformedGZip => "it is not valid gzip-compressed SVG".to_owned(),
        usvg::Error::ElementsLimitReached => "it has more than 1 000 000 elements".to_owned(),
    }
}

/// The characters laid out as the font's missing glyph (glyph 0) anywhere in the tree.
fn missing_characters(tree: &usvg::Tree) -> Vec<char> {
    let mut missing = Vec::new();
    collect_missing(tree.root(), &mut missing);
    missing
}

fn collect_missing(group: &usvg::Group, missing: &mut Vec<char>) {
    for node in group.children() {
        match node {
            usvg::Node::Group(inner) => collect_missing(inner, missing),
            usvg::Node::Text(text) => {
                for span in text.layouted() {
                    for glyph in &span.positioned_glyphs {
                        if glyph.id.0 == 0 {
                            for character in glyph.text.chars() {
                                if !character.is_whitespace() && !missing.contains(&character) {
                                    missing.push(character);
                                }
                            }
                        }
                    }
                }
            }
            usvg::Node::Path(_) | usvg::Node::Image(_) => {}
        }
    }
}

/// The SVG as a one-page PDF of its size (1 SVG pixel = 1 pt): shapes as vector paths, text as
/// text in a subset of the font each piece was laid out with, embedded.
pub fn svg_to_pdf(svg: &str, fonts: &Fonts) -> Result<Converted<Vec<u8>>, PaperError> {
    let tree = fonts.parse(svg)?;
    let options = svg2pdf::ConversionOptions {
        embed_text: true,
        ..Default::default()
    };
    let pdf = svg2pdf::to_pdf(&tree, options, svg2pdf::PageOptions { dpi: 72.0 })
        .map_err(|error| PaperError::Pdf(error.to_string()))?;
    Ok(Converted {
        output: pdf,
        missing: missing_characters(&tree),
    })
}

/// The SVG written again with every piece of text as filled paths (one per glyph, in the font it
/// was laid out with), so it looks the same wherever it is opened, with or without the font.
pub fn svg_text_as_paths(svg: &str, fonts: &Fonts) -> Result<Converted<String>, PaperError> {
    let tree = fonts.parse(svg)?;
    let options = usvg::WriteOptions {
        preserve_text: false,
        ..Default::default()
    };
    Ok(Converted {
        output: tree.to_string(&options),
        missing: missing_characters(&tree),
    })
}
