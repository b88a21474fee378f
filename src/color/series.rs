//! Series colours: a categorical palette for lines (a slice's series), one per theme, in the
//! same order of hues, so that a line keeps its hue when the theme changes. Every colour has at
//! least 3:1 contrast with its theme's background (WCAG's rule for graphics; a test checks it);
//! the print theme, read on paper, takes the light one.

use super::rgb::Rgb;
use super::theme::Theme;

/// Lines on white: blue, orange, green, red, purple, brown, magenta, olive, grey, ochre.
const ON_LIGHT: [Rgb; 10] = [
    Rgb::new(0x1f, 0x77, 0xb4),
    Rgb::new(0xd9, 0x5f, 0x02),
    Rgb::new(0x1b, 0x7e, 0x5f),
    Rgb::new(0xd6, 0x27, 0x28),
    Rgb::new(0x75, 0x70, 0xb3),
    Rgb::new(0x8c, 0x56, 0x4b),
    Rgb::new(0xc2, 0x25, 0x7a),
    Rgb::new(0x4d, 0x7f, 0x17),
    Rgb::new(0x6b, 0x6b, 0x6b),
    Rgb::new(0x9a, 0x6a, 0x0f),
];

/// The same hues, lighter, for the dark theme's background.
const ON_DARK: [Rgb; 10] = [
    Rgb::new(0x6e, 0xa8, 0xdc),
    Rgb::new(0xf5, 0xa3, 0x5c),
    Rgb::new(0x5f, 0xc9, 0xa8),
    Rgb::new(0xff, 0x7b, 0x7b),
    Rgb::new(0xb3, 0xa6, 0xf0),
    Rgb::new(0xc9, 0x9c, 0x8a),
    Rgb::new(0xf2, 0x8c, 0xc4),
    Rgb::new(0x9f, 0xd4, 0x5a),
    Rgb::new(0xb0, 0xb0, 0xb0),
    Rgb::new(0xe0, 0xc0, 0x60),
];

/// How many series a figure can tell apart by colour.
pub const SERIES_COLORS: usize = ON_LIGHT.len();

/// The colour of series `index` on a (resolved) theme; `None` past [`SERIES_COLORS`].
pub fn series_color(theme: Theme, index: usize) -> Option<Rgb> {
    match theme {
        Theme::Dark => ON_DARK.get(index).copied(),
        _ => ON_LIGHT.get(index).copied(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::color::{contrast_ratio, WHITE};
    use crate::figure::Named;

    #[test]
    fn every_series_colour_stands_out_from_its_background() {
        for &theme in Theme::ALL {
            let background = theme.palette().background.unwrap_or(WHITE);
            for index in 0..SERIES_COLORS {
                let color = series_color(theme, index).unwrap();
                let ratio = contrast_ratio(color, background);
                assert!(ratio >= 3.0, "{theme:?} series {index}: {ratio:.2}");
            }
            assert_eq!(series_color(theme, SERIES_COLORS), None);
        }
    }
}
