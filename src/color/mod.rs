//! Colour: how a number becomes a colour, and how the legend is guaranteed to agree with it.
//!
//! A figure colours its cells in three steps. First a [`DomainMode`] (per panel, shared across
//! the figure, fixed bounds, or centred on a value) is resolved against the data into a
//! [`ResolvedDomain`]: the numeric [`Domain`] plus what the legend must say about it, such as
//! whether fixed bounds clip some values. Then a [`Scale`] (a [`ColorMap`], an orientation and
//! that domain) turns each value into a position in `[0, 1]` and that position into an [`Rgb`].
//! Cells and the legend are both drawn from the same `Scale`, so they cannot disagree. Missing
//! cells get the [`MISSING`] colour (and the renderer hatches them), and labels drawn on a cell
//! take [`text_color_for`] its background, the one of black or white with the higher WCAG
//! contrast. Everything else a figure draws takes its colour from its [`Theme`]'s [`Palette`].
//!
//! Colour maps come from the `colorous` crate (d3-scale-chromatic's schemes); sweepmap holds no
//! colour tables of its own.

mod domain;
mod map;
mod rgb;
mod scale;
mod series;
mod theme;

pub use domain::{resolve_domain, DomainMode, ResolvedDomain, EMPTY_DOMAIN};
pub use map::ColorMap;
pub use rgb::{contrast_ratio, text_color_for, Rgb, BLACK, MISSING, WHITE};
pub use scale::{ColorScale, Domain, Scale, Transform};
pub use series::{series_color, SERIES_COLORS};
pub use theme::{Palette, Theme, DARK, LIGHT, PRINT};

#[cfg(test)]
mod tests {
    use super::*;

    /// Euclidean distance in 8-bit RGB, from 0 to about 441.
    fn distance(first: Rgb, second: Rgb) -> f64 {
        let channel = |a: u8, b: u8| (f64::from(a) - f64::from(b)).powi(2);
        (channel(first.r, second.r) + channel(first.g, second.g) + channel(first.b, second.b))
            .sqrt()
    }

    #[test]
    fn missing_is_not_an_end_or_the_middle_of_any_map() {
        for &map in ColorMap::all() {
            for t in [0.0, 0.5, 1.0] {
                let color = map.color_at(t);
                let apart = distance(MISSING, color);
                assert!(
                    apart >= 50.0,
                    "{map} at {t} is {color}, only {apart:.1} from MISSING {MISSING}"
                );
            }
        }
    }

    #[test]
    fn text_on_every_map_colour_reaches_wcag_aa() {
        for &map in ColorMap::all() {
            for step in 0..=100 {
                let t = f64::from(step) / 100.0;
                let background = map.color_at(t);
                let text = text_color_for(background);
                let ratio = contrast_ratio(text, background);
                assert!(
                    ratio >= 4.5,
                    "{map} at {t}: {text} on {background} has contrast {ratio:.2}"
                );
                let other = if text == BLACK { WHITE } else { BLACK };
                assert!(ratio >= contrast_ratio(other, background));
            }
        }
    }

    #[test]
    fn scales_from_resolved_domains_colour_cells_like_their_legend() {
        let values = [41.3, 89.0, 24.0, 20.0];
        let mode = DomainMode::parse("fixed:24:48").unwrap();
        let resolved = resolve_domain(&mode, &values, &values).unwrap();
        let scale = resolved.scale(ColorMap::parse("YlGnBu").unwrap(), false);
        // 89.0 is clipped to the top of the legend, and the legend says so.
        assert!(resolved.clips());
        assert_eq!(scale.color(89.0), scale.color_at_position(1.0));
        assert_eq!(scale.color(89.0), scale.color(48.0));
        assert_eq!(scale.color(20.0), ColorMap::YellowGreenBlue.color_at(0.0));
    }
}
