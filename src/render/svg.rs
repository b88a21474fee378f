//! The SVG export's [`Surface`]: the markup plotters' SVG backend writes, byte for byte, written
//! by sweepmap. plotters-svg writes font sizes and opacities with `f64`'s `{}`, which kept core's
//! float formatting (Grisu, Dragon and their tables) in the wasm; here they go through
//! [`Shortest`], and plotters-svg's own code leaves the module too.

use std::fmt::Write;

use super::{Font, Point, Surface};
use crate::color::Rgb;
use crate::error::Result;
use crate::float_text::Shortest;
use plotters::style::text_anchor::{HPos, VPos};

/// An SVG document being drawn: `<svg>` open, shapes appended, closed by [`SvgSurface::finish`].
pub(super) struct SvgSurface {
    out: String,
}

impl SvgSurface {
    pub(super) fn new(width: u32, height: u32) -> SvgSurface {
        let mut out = String::new();
        let _ = writeln!(
            out,
            r#"<svg width="{width}" height="{height}" viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg">"#
        );
        SvgSurface { out }
    }

    /// The document, its `<svg>` closed.
    pub(super) fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }

    /// A rectangle, filled or outlined. plotters writes no stroke width on rectangles (1 in SVG),
    /// and neither does this, except for a thin one (under a pixel, for the print theme).
    fn rect(&mut self, from: Point, to: Point, fill: &str, stroke: &str, width: f64) {
        let _ = write!(
            self.out,
            r#"<rect x="{}" y="{}" width="{}" height="{}" opacity="1" fill="{fill}" stroke="{stroke}""#,
            from.0,
            from.1,
            to.0 - from.0,
            to.1 - from.1,
        );
        if width < 1.0 {
            let _ = write!(self.out, r#" stroke-width="{}""#, Shortest(width));
        }
        self.out.push_str("/>\n");
    }
}

/// A colour as plotters-svg writes it: `#RRGGBB`, upper case.
fn hex(rgb: Rgb) -> String {
    format!("#{:02X}{:02X}{:02X}", rgb.r, rgb.g, rgb.b)
}

impl Surface for SvgSurface {
    fn fill_rect(&mut self, from: Point, to: Point, rgb: Rgb) -> Result<()> {
        self.rect(from, to, &hex(rgb), "none", 1.0);
        Ok(())
    }

    fn stroke_rect(&mut self, from: Point, to: Point, rgb: Rgb, width: f64) -> Result<()> {
        self.rect(from, to, "none", &hex(rgb), width);
        Ok(())
    }

    fn line(&mut self, from: Point, to: Point, rgb: Rgb, width: f64) -> Result<()> {
        let _ = writeln!(
            self.out,
            r#"<line opacity="1" stroke="{}" stroke-width="{}" x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
            hex(rgb),
            Shortest(width),
            from.0,
            from.1,
            to.0,
            to.1,
        );
        Ok(())
    }

    fn fill_polygon(&mut self, points: &[Point], rgb: Rgb) -> Result<()> {
        let _ = write!(
            self.out,
            r#"<polygon opacity="1" fill="{}" points=""#,
            hex(rgb)
        );
        for (x, y) in points {
            let _ = write!(self.out, "{x},{y} ");
        }
        self.out.push_str("\"/>\n");
        Ok(())
    }

    fn fill_circle(&mut self, centre: Point, radius: u32, rgb: Rgb) -> Result<()> {
        let _ = writeln!(
            self.out,
            r#"<circle cx="{}" cy="{}" r="{radius}" opacity="1" fill="{}" stroke="none" stroke-width="1"/>"#,
            centre.0,
            centre.1,
            hex(rgb),
        );
        Ok(())
    }

    fn text(&mut self, text: &str, (x, y): Point, font: &Font) -> Result<()> {
        let anchor = match font.horizontal {
            HPos::Left => "start",
            HPos::Right => "end",
            HPos::Center => "middle",
        };
        let shift = match font.vertical {
            VPos::Top => "0.76em",
            VPos::Center => "0.5ex",
            VPos::Bottom => "-0.5ex",
        };
        // plotters-svg divides the size by 1.24, which `render_svg`'s font scale multiplied in.
        // The font stack names first the font the paper package embeds and outlines (Liberation
        // Sans, README "Export"), then the fonts with its widths, Arial's: a canvas's `sans-serif`
        // draws with one of them and the layout's width estimates are Arial's, so the SVG's text
        // takes the room the page's did.
        let _ = write!(
            self.out,
            r#"<text x="{x}" y="{y}" dy="{shift}" text-anchor="{anchor}" font-family="'Liberation Sans', Arial, Helvetica, sans-serif" font-size="{}" opacity="1" fill="{}""#,
            Shortest(font.size / 1.24),
            hex(font.ink),
        );
        if font.bold {
            self.out.push_str(r#" font-weight="bold""#);
        }
        if font.rotated {
            let _ = write!(self.out, r#" transform="rotate(270, {x}, {y})""#);
        }
        self.out.push_str(">\n");
        for c in text.chars() {
            match c {
                '<' => self.out.push_str("&lt;"),
                '>' => self.out.push_str("&gt;"),
                '&' => self.out.push_str("&amp;"),
                '"' => self.out.push_str("&quot;"),
                '\'' => self.out.push_str("&apos;"),
                other => self.out.push(other),
            }
        }
        self.out.push_str("\n</text>\n");
        Ok(())
    }

    fn present(&mut self) -> Result<()> {
        Ok(())
    }
}
