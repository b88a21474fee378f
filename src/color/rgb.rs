//! An sRGB colour with 8 bits per channel, and the WCAG arithmetic that decides which text
//! colour stays readable on it.
//!
//! Relative luminance and contrast ratio follow WCAG 2.x: channels are linearised from sRGB
//! (threshold 0.04045, as in the sRGB standard; WCAG 2.0's 0.03928 gives the same result for every
//! 8-bit value), weighted 0.2126 / 0.7152 / 0.0722, and the contrast of two colours is
//! `(lighter + 0.05) / (darker + 0.05)`, from 1 (same luminance) to 21 (black on white).

use serde::{Serialize, Serializer};
use std::fmt;

/// An sRGB colour, 8 bits per channel. Serialises as a `"#rrggbb"` string.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rgb {
    pub r: u8,
    pub g: u8,
    pub b: u8,
}

/// Pure black, `#000000`.
pub const BLACK: Rgb = Rgb::new(0, 0, 0);

/// Pure white, `#ffffff`.
pub const WHITE: Rgb = Rgb::new(255, 255, 255);

/// The fill of a cell that has no measurement: a light grey, `#cccccc`.
///
/// It is not the colour of either end or the middle of any colour map sweepmap offers (a test
/// checks this), so an empty cell never reads as a very low, very high or middle value. It is
/// still a grey, and `greys` passes near every grey, so colour alone is not the signal: the
/// renderer also hatches missing cells, which tells them apart on every map and in print.
pub const MISSING: Rgb = Rgb::new(0xcc, 0xcc, 0xcc);

impl Rgb {
    /// A colour from its three channels.
    pub const fn new(r: u8, g: u8, b: u8) -> Rgb {
        Rgb { r, g, b }
    }

    /// The colour as lowercase CSS hex, e.g. `"#440154"`.
    pub fn hex(&self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }

    /// WCAG 2.x relative luminance, from 0.0 (black) to 1.0 (white).
    pub fn relative_luminance(&self) -> f64 {
        0.2126 * linear_channel(self.r)
            + 0.7152 * linear_channel(self.g)
            + 0.0722 * linear_channel(self.b)
    }
}

impl From<colorous::Color> for Rgb {
    fn from(color: colorous::Color) -> Rgb {
        Rgb::new(color.r, color.g, color.b)
    }
}

impl fmt::Display for Rgb {
    /// Same text as [`Rgb::hex`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }
}

impl Serialize for Rgb {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.hex())
    }
}

/// One sRGB channel as linear light in `[0, 1]`.
fn linear_channel(channel: u8) -> f64 {
    let value = f64::from(channel) / 255.0;
    if value <= 0.04045 {
        value / 12.92
    } else {
        ((value + 0.055) / 1.055).powf(2.4)
    }
}

/// WCAG 2.x contrast ratio of two colours, from 1.0 to 21.0; the order does not matter.
pub fn contrast_ratio(first: Rgb, second: Rgb) -> f64 {
    ratio_of(first.relative_luminance(), second.relative_luminance())
}

/// The contrast ratio of two relative luminances.
fn ratio_of(first: f64, second: f64) -> f64 {
    let (lighter, darker) = if first >= second {
        (first, second)
    } else {
        (second, first)
    };
    (lighter + 0.05) / (darker + 0.05)
}

/// The text colour for a label on `background`: [`BLACK`] or [`WHITE`], whichever has the higher
/// WCAG contrast ratio with it (black on a tie).
///
/// With pure black and white the better of the two always reaches at least 4.58:1, above the
/// WCAG AA threshold of 4.5:1 for normal text, whatever the background.
pub fn text_color_for(background: Rgb) -> Rgb {
    // contrast_ratio(BLACK, background) >= contrast_ratio(WHITE, background), with the
    // background's luminance computed once: three powers instead of nine, for every label.
    let luminance = background.relative_luminance();
    let black = ratio_of(luminance, BLACK.relative_luminance());
    let white = ratio_of(luminance, WHITE.relative_luminance());
    if black >= white {
        BLACK
    } else {
        WHITE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_is_lowercase_with_leading_zeros() {
        assert_eq!(Rgb::new(0x44, 0x01, 0x54).hex(), "#440154");
        assert_eq!(Rgb::new(0, 10, 255).hex(), "#000aff");
        assert_eq!(Rgb::new(0xAB, 0xCD, 0xEF).to_string(), "#abcdef");
    }

    #[test]
    fn serialises_as_hex_string() {
        let json = serde_json::to_string(&Rgb::new(0xfd, 0xe7, 0x25)).unwrap();
        assert_eq!(json, "\"#fde725\"");
    }

    #[test]
    fn relative_luminance_matches_wcag_reference_values() {
        assert_eq!(BLACK.relative_luminance(), 0.0);
        assert!((WHITE.relative_luminance() - 1.0).abs() < 1e-12);
        // Pure primaries weigh exactly their coefficient.
        assert!((Rgb::new(255, 0, 0).relative_luminance() - 0.2126).abs() < 1e-12);
        assert!((Rgb::new(0, 255, 0).relative_luminance() - 0.7152).abs() < 1e-12);
        assert!((Rgb::new(0, 0, 255).relative_luminance() - 0.0722).abs() < 1e-12);
        // Mid grey #808080: ((128/255 + 0.055) / 1.055)^2.4 = 0.21586...
        assert!((Rgb::new(128, 128, 128).relative_luminance() - 0.215_861).abs() < 1e-6);
        // Below the linear threshold: 10/255 / 12.92.
        let dark = Rgb::new(10, 10, 10).relative_luminance();
        assert!((dark - 10.0 / 255.0 / 12.92).abs() < 1e-12);
    }

    #[test]
    fn contrast_ratio_matches_known_pairs() {
        assert!((contrast_ratio(BLACK, WHITE) - 21.0).abs() < 1e-9);
        assert!((contrast_ratio(WHITE, BLACK) - 21.0).abs() < 1e-9);
        assert!((contrast_ratio(MISSING, MISSING) - 1.0).abs() < 1e-12);
        // #777777 on white is the classic "just fails AA" grey: 4.48:1.
        let grey = Rgb::new(0x77, 0x77, 0x77);
        assert!((contrast_ratio(grey, WHITE) - 4.478).abs() < 0.001);
    }

    #[test]
    fn text_color_picks_the_readable_one() {
        assert_eq!(text_color_for(WHITE), BLACK);
        assert_eq!(text_color_for(BLACK), WHITE);
        assert_eq!(text_color_for(Rgb::new(0x44, 0x01, 0x54)), WHITE);
        assert_eq!(text_color_for(Rgb::new(0xfd, 0xe7, 0x25)), BLACK);
        assert_eq!(text_color_for(MISSING), BLACK);
    }

    #[test]
    fn text_color_is_the_one_with_the_higher_contrast_ratio() {
        // The definition, by whole contrast ratios, on a lattice of the colour cube (every 5th
        // level of each channel, both ends included) and on every grey.
        let levels: Vec<u8> = (0..=255u8).step_by(5).collect();
        let mut backgrounds: Vec<Rgb> = (0..=255u8).map(|v| Rgb::new(v, v, v)).collect();
        for &r in &levels {
            for &g in &levels {
                for &b in &levels {
                    backgrounds.push(Rgb::new(r, g, b));
                }
            }
        }
        let (mut black, mut white) = (0, 0);
        for background in backgrounds {
            let expected = if contrast_ratio(BLACK, background) >= contrast_ratio(WHITE, background)
            {
                black += 1;
                BLACK
            } else {
                white += 1;
                WHITE
            };
            assert_eq!(text_color_for(background), expected, "on {background}");
        }
        // Both answers occur: the lattice crosses the threshold.
        assert!(black > 1000 && white > 1000, "{black} black, {white} white");
    }

    #[test]
    fn best_of_black_and_white_always_reaches_aa_on_any_grey() {
        for level in 0..=255u8 {
            let background = Rgb::new(level, level, level);
            let text = text_color_for(background);
            assert!(
                contrast_ratio(text, background) >= 4.5,
                "{background} with {text}"
            );
        }
    }
}
