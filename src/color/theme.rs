//! Themes: the colours of everything around the data. A [`Theme`] (the `theme` view setting)
//! resolves to a [`Palette`]: background, text, missing cells and their hatch, the colour bar's
//! frame, and how thick lines are. The drawing reads it for the canvas and the SVG alike.
//!
//! What a theme never changes: cell colours (they are data, the colour map's), and the ink of a
//! value label, peak outline or mark inside a cell, which is black or white by the cell's
//! luminance ([`text_color_for`](super::text_color_for)) on every theme.
//!
//! `auto` follows the reader's colour scheme. The core knows nothing of media queries: whoever
//! draws says whether a dark scheme is preferred ([`Theme::resolve`]); the wasm binding asks the
//! browser's `prefers-color-scheme`. An unresolved `auto` draws as `light`.

use super::rgb::{Rgb, MISSING};
use crate::figure::words::serialize_by_name;
use crate::figure::Named;

/// The look of a figure around its cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Theme {
    /// Light or dark, as the reader's colour scheme prefers. The default.
    #[default]
    Auto,
    /// Dark text on white.
    Light,
    /// Light text on a dark grey.
    Dark,
    /// For exports: black text, no background (transparent), thin lines.
    Print,
}

impl Named for Theme {
    const ALL: &'static [Self] = &[Theme::Auto, Theme::Light, Theme::Dark, Theme::Print];

    fn name(self) -> &'static str {
        match self {
            Theme::Auto => "auto",
            Theme::Light => "light",
            Theme::Dark => "dark",
            Theme::Print => "print",
        }
    }
}

serialize_by_name!(Theme);

/// The colours and line weight of a theme. Colours of text are chosen for contrast with the
/// background: at least 7:1 for text, 4.5:1 for secondary text (a test checks both).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Palette {
    /// The figure's background; `None` leaves it transparent.
    pub background: Option<Rgb>,
    /// Titles, axis names, the colour bar's label and tick lines.
    pub ink: Rgb,
    /// Tick labels, subtitles, the caption and the key.
    pub muted_ink: Rgb,
    /// The fill of a cell without a value.
    pub missing: Rgb,
    /// The diagonal lines over missing cells.
    pub hatch: Rgb,
    /// The outline of a colour bar.
    pub frame: Rgb,
    /// Lines are half as thick, down to half a CSS pixel (else whole device pixels, at least one).
    pub thin: bool,
}

impl Palette {
    /// The colour under the parity line's dashes: the background, white where there is none.
    pub fn halo(&self) -> Rgb {
        self.background.unwrap_or(super::WHITE)
    }
}

/// The light theme: sweepmap's look before themes, byte for byte.
pub const LIGHT: Palette = Palette {
    background: Some(super::WHITE),
    ink: Rgb::new(0x22, 0x22, 0x22),
    muted_ink: Rgb::new(0x44, 0x44, 0x44),
    missing: MISSING,
    hatch: Rgb::new(0x99, 0x99, 0x99),
    frame: Rgb::new(0x88, 0x88, 0x88),
    thin: false,
};

/// The dark theme: the explorer's dark page colour behind it (`www/style.css`).
pub const DARK: Palette = Palette {
    background: Some(Rgb::new(0x16, 0x19, 0x1e)),
    ink: Rgb::new(0xe8, 0xea, 0xed),
    muted_ink: Rgb::new(0xb9, 0xbf, 0xc9),
    missing: Rgb::new(0x3d, 0x42, 0x4b),
    hatch: Rgb::new(0x8a, 0x90, 0x9b),
    frame: Rgb::new(0x8b, 0x91, 0x9c),
    thin: false,
};

/// The print theme: black on whatever the page is, with hairlines; the hatch darker than
/// light's, so that its thinner lines still show (and print in grey).
pub const PRINT: Palette = Palette {
    background: None,
    ink: super::BLACK,
    muted_ink: super::BLACK,
    hatch: Rgb::new(0x77, 0x77, 0x77),
    frame: super::BLACK,
    thin: true,
    ..LIGHT
};

impl Theme {
    /// The theme to draw: `auto` becomes dark when `dark_preferred`, else light.
    pub fn resolve(self, dark_preferred: bool) -> Theme {
        match self {
            Theme::Auto if dark_preferred => Theme::Dark,
            Theme::Auto => Theme::Light,
            other => other,
        }
    }

    /// The colours the theme draws with (`auto`, unresolved, as light).
    pub fn palette(self) -> &'static Palette {
        match self {
            Theme::Auto | Theme::Light => &LIGHT,
            Theme::Dark => &DARK,
            Theme::Print => &PRINT,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::color::{contrast_ratio, ColorMap, WHITE};

    #[test]
    fn text_is_legible_on_every_background() {
        for theme in Theme::ALL {
            let palette = theme.palette();
            // Print has no background: it is read on white paper.
            let background = palette.background.unwrap_or(WHITE);
            let ink = contrast_ratio(palette.ink, background);
            let muted = contrast_ratio(palette.muted_ink, background);
            assert!(ink >= 7.0, "{theme:?}: ink {ink:.2}");
            assert!(muted >= 4.5, "{theme:?}: muted ink {muted:.2}");
            // The hatch and the colour bar's frame stand out from what they lie on.
            assert!(contrast_ratio(palette.hatch, palette.missing) >= 1.5);
            assert!(contrast_ratio(palette.frame, background) >= 3.0);
            assert!(contrast_ratio(palette.missing, background) >= 1.3);
        }
    }

    #[test]
    fn missing_is_not_an_end_or_the_middle_of_any_map_on_any_theme() {
        let distance = |a: Rgb, b: Rgb| {
            let channel = |x: u8, y: u8| (f64::from(x) - f64::from(y)).powi(2);
            (channel(a.r, b.r) + channel(a.g, b.g) + channel(a.b, b.b)).sqrt()
        };
        for theme in Theme::ALL {
            let missing = theme.palette().missing;
            for &map in ColorMap::all() {
                for t in [0.0, 0.5, 1.0] {
                    let apart = distance(missing, map.color_at(t));
                    assert!(apart >= 50.0, "{theme:?} {map} at {t}: {apart:.1}");
                }
            }
        }
    }

    #[test]
    fn auto_resolves_by_the_scheme_and_the_others_stay() {
        assert_eq!(Theme::Auto.resolve(true), Theme::Dark);
        assert_eq!(Theme::Auto.resolve(false), Theme::Light);
        for theme in [Theme::Light, Theme::Dark, Theme::Print] {
            assert_eq!(theme.resolve(true), theme);
            assert_eq!(theme.resolve(false), theme);
        }
        assert_eq!(Theme::Auto.palette(), &LIGHT);
        assert_eq!(PRINT.background, None);
        assert_eq!(PRINT.halo(), WHITE);
        assert_eq!(DARK.halo(), Rgb::new(0x16, 0x19, 0x1e));
    }
}
