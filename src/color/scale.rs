//! A colour scale: the one function from a value to a colour, shared by cells and legend.
//!
//! A [`Scale`] is a [`ColorMap`], an orientation and a [`Domain`]. It maps a value to a position
//! in `[0, 1]` along the domain ([`Scale::position`]: 0 at `min`, 1 at `max`, clamped) and that
//! position to a colour ([`Scale::color_at_position`], which applies the reversal). Cells use
//! [`Scale::color`], which is exactly these two steps; the legend paints its bar with
//! `color_at_position` and places its ticks and markers with `position`. Because both go through
//! the same `Scale`, the legend and the cells cannot disagree.

use super::map::ColorMap;
use super::rgb::{Rgb, MISSING};
use crate::float_text::Shortest;
use crate::{Error, Result};
use serde::Serialize;

/// The closed range of values a scale spreads over its colour map.
///
/// `min == max` is allowed (a panel whose values are all equal): every value then maps to the
/// middle of the map.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Domain {
    pub min: f64,
    pub max: f64,
}

impl Domain {
    /// A domain from `min` to `max`, both finite with `min <= max`.
    ///
    /// Fails with [`Error::InvalidField`] naming `"domain minimum"` or `"domain maximum"`.
    pub fn new(min: f64, max: f64) -> Result<Domain> {
        if !min.is_finite() {
            return Err(Error::InvalidField {
                field: "domain minimum".to_string(),
                expected: format!("a finite number, found {}", Shortest(min)),
            });
        }
        if !max.is_finite() {
            return Err(Error::InvalidField {
                field: "domain maximum".to_string(),
                expected: format!("a finite number, found {}", Shortest(max)),
            });
        }
        if max < min {
            return Err(Error::InvalidField {
                field: "domain maximum".to_string(),
                expected: format!(
                    "a number not below the minimum {}, found {}",
                    Shortest(min),
                    Shortest(max)
                ),
            });
        }
        Ok(Domain { min, max })
    }

    /// Whether the domain is a single value (`min == max`).
    pub fn is_degenerate(&self) -> bool {
        self.min == self.max
    }

    /// Whether `value` lies within `[min, max]`.
    pub fn contains(&self, value: f64) -> bool {
        self.min <= value && value <= self.max
    }
}

/// Maps values to colours: a colour map, whether it runs backwards, and the domain it spans.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Scale {
    pub map: ColorMap,
    /// When true, `min` gets the map's last colour and `max` its first.
    pub reversed: bool,
    pub domain: Domain,
    /// When true, positions follow `ln(1 + value)` instead of the value: for counts, where a
    /// few large bins would otherwise wash every other bin into one colour. Only meaningful for
    /// domains that start at 0 or above; below that the scale stays linear.
    pub logarithmic: bool,
}

impl Scale {
    /// A scale from its parts.
    pub const fn new(map: ColorMap, reversed: bool, domain: Domain) -> Scale {
        Scale {
            map,
            reversed,
            domain,
            logarithmic: false,
        }
    }

    /// The same scale with positions following `ln(1 + value)`.
    pub const fn logarithmic(self) -> Scale {
        Scale {
            logarithmic: true,
            ..self
        }
    }

    /// Where `value` sits along the domain, in `[0, 1]`: 0 at `min`, 1 at `max`, linear between.
    ///
    /// Values outside the domain clamp to 0 or 1. A degenerate domain (`min == max`) puts every
    /// value at 0.5, the middle of the map; so does a domain whose bounds are not finite. NaN,
    /// which has no place on a scale, gets 0.0.
    ///
    /// The position ignores `reversed`: it is where the legend puts a marker for `value`, along an
    /// axis that always runs from `min` to `max`.
    pub fn position(&self, value: f64) -> f64 {
        if value.is_nan() {
            return 0.0;
        }
        let Domain { min, max } = self.domain;
        if min == max || !min.is_finite() || !max.is_finite() {
            return 0.5;
        }
        if self.logarithmic && min >= 0.0 {
            let (low, high) = (min.ln_1p(), max.ln_1p());
            let t = (value.max(min).ln_1p() - low) / (high - low);
            return if t.is_nan() { 0.5 } else { t.clamp(0.0, 1.0) };
        }
        // Halving first keeps `max - min` and `value - min` finite even for bounds near
        // f64::MAX; it is exact for all but subnormal numbers.
        let t = (value * 0.5 - min * 0.5) / (max * 0.5 - min * 0.5);
        if t.is_nan() {
            0.5
        } else {
            t.clamp(0.0, 1.0)
        }
    }

    /// The colour at a position along the domain (as from [`Scale::position`]), reversal
    /// applied. Positions outside `[0, 1]` clamp; NaN is treated as 0.
    pub fn color_at_position(&self, position: f64) -> Rgb {
        let position = if position.is_nan() {
            0.0
        } else {
            position.clamp(0.0, 1.0)
        };
        if self.reversed {
            self.map.color_at(1.0 - position)
        } else {
            self.map.color_at(position)
        }
    }

    /// The colour of a cell holding `value`: `color_at_position(position(value))`, so values
    /// outside the domain get the colour of the nearer end.
    ///
    /// NaN is a missing measurement and gets [`MISSING`], not a colour of the map.
    pub fn color(&self, value: f64) -> Rgb {
        if value.is_nan() {
            MISSING
        } else {
            self.color_at_position(self.position(value))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logarithmic_positions_follow_ln_1p() {
        let scale =
            Scale::new(ColorMap::Viridis, false, Domain::new(0.0, 99.0).unwrap()).logarithmic();
        assert_eq!(scale.position(0.0), 0.0);
        assert_eq!(scale.position(99.0), 1.0);
        // ln(10) / ln(100) = 0.5: nine items sit halfway between none and 99.
        assert!((scale.position(9.0) - 0.5).abs() < 1e-12);
        // Below zero there is no logarithm to take: the scale stays linear.
        let signed =
            Scale::new(ColorMap::RedBlue, false, Domain::new(-1.0, 1.0).unwrap()).logarithmic();
        assert_eq!(signed.position(0.0), 0.5);
    }

    fn viridis(min: f64, max: f64) -> Scale {
        Scale::new(ColorMap::Viridis, false, Domain::new(min, max).unwrap())
    }

    #[test]
    fn domain_ends_get_map_ends() {
        let scale = viridis(24.0, 48.0);
        assert_eq!(scale.color(24.0).hex(), "#440154");
        assert_eq!(scale.color(48.0).hex(), "#fde725");
        assert_eq!(scale.position(36.0), 0.5);
        assert_eq!(scale.color(36.0), ColorMap::Viridis.color_at(0.5));
        assert_eq!(scale.position(30.0), 0.25);
    }

    #[test]
    fn reversed_swaps_ends() {
        let scale = Scale::new(ColorMap::Viridis, true, Domain::new(24.0, 48.0).unwrap());
        assert_eq!(scale.color(24.0).hex(), "#fde725");
        assert_eq!(scale.color(48.0).hex(), "#440154");
        // The position along the legend axis does not flip; only the colour does.
        assert_eq!(scale.position(30.0), 0.25);
        assert_eq!(scale.color(30.0), ColorMap::Viridis.color_at(0.75));
    }

    #[test]
    fn values_outside_the_domain_clamp_to_the_ends() {
        let scale = viridis(24.0, 48.0);
        assert_eq!(scale.position(89.0), 1.0);
        assert_eq!(scale.position(20.0), 0.0);
        assert_eq!(scale.color(89.0).hex(), "#fde725");
        assert_eq!(scale.color(20.0).hex(), "#440154");
        assert_eq!(scale.color(f64::INFINITY).hex(), "#fde725");
        assert_eq!(scale.color(f64::NEG_INFINITY).hex(), "#440154");
    }

    #[test]
    fn degenerate_domain_maps_everything_to_the_middle() {
        let scale = viridis(41.3, 41.3);
        assert!(scale.domain.is_degenerate());
        for value in [41.3, 0.0, -1e9, 1e9] {
            assert_eq!(scale.position(value), 0.5);
            assert_eq!(scale.color(value), ColorMap::Viridis.color_at(0.5));
        }
    }

    #[test]
    fn nan_is_missing() {
        let scale = viridis(0.0, 1.0);
        assert_eq!(scale.color(f64::NAN), MISSING);
        assert_eq!(scale.position(f64::NAN), 0.0);
        assert_eq!(scale.color_at_position(f64::NAN).hex(), "#440154");
    }

    #[test]
    fn huge_domains_do_not_overflow() {
        let scale = viridis(-f64::MAX, f64::MAX);
        assert_eq!(scale.position(0.0), 0.5);
        assert_eq!(scale.position(f64::MAX), 1.0);
        assert_eq!(scale.position(-f64::MAX), 0.0);
    }

    #[test]
    fn legend_bar_and_cells_agree() {
        let scale = Scale::new(ColorMap::RedBlue, true, Domain::new(-2.0, 6.0).unwrap());
        for step in 0..=80 {
            let value = -2.0 + f64::from(step) * 0.1;
            assert_eq!(
                scale.color(value),
                scale.color_at_position(scale.position(value))
            );
        }
    }

    #[test]
    fn domain_new_rejects_bad_bounds() {
        assert_eq!(
            Domain::new(50.0, 40.0).unwrap_err().to_string(),
            "field \"domain maximum\": expected a number not below the minimum 50, found 40"
        );
        assert_eq!(
            Domain::new(f64::NAN, 40.0).unwrap_err().to_string(),
            "field \"domain minimum\": expected a finite number, found NaN"
        );
        assert_eq!(
            Domain::new(0.0, f64::INFINITY).unwrap_err().to_string(),
            "field \"domain maximum\": expected a finite number, found inf"
        );
        assert!(Domain::new(3.0, 3.0).is_ok());
    }
}
