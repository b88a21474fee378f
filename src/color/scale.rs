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

/// How values are spaced along a colour map: evenly, by their logarithm, or by a logarithm on
/// each side of a linear middle (the `colorScale` setting's words: `linear`, `log`, `symlog`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ColorScale {
    #[default]
    Linear,
    /// `log10(value)`: only for domains above 0 (the figure refuses others).
    Log,
    /// Logarithmic on both sides of an origin, linear within a constant of it: across zero.
    Symlog,
}

impl crate::figure::Named for ColorScale {
    const ALL: &'static [Self] = &[ColorScale::Linear, ColorScale::Log, ColorScale::Symlog];

    fn name(self) -> &'static str {
        match self {
            ColorScale::Linear => "linear",
            ColorScale::Log => "log",
            ColorScale::Symlog => "symlog",
        }
    }
}

crate::figure::words::serialize_by_name!(ColorScale);

/// Where a value lands before it is spread over the domain: the value itself, its logarithm,
/// or `sign(d) ln(1 + |d| / constant)` with `d = value - origin` (symlog).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub enum Transform {
    Linear,
    Log,
    Symlog { origin: f64, constant: f64 },
}

impl Transform {
    /// Positions following `ln(1 + value)` (symlog around 0 with constant 1): for counts, where
    /// a few large bins would otherwise wash every other bin into one colour.
    pub const LN_1P: Transform = Transform::Symlog {
        origin: 0.0,
        constant: 1.0,
    };

    /// The transform of a colour scale over `domain`. For symlog: around `origin` (a centred
    /// range's centre, else 0), linear within a constant, the power of ten at or below the
    /// `values`' nearest distance from the origin (other than 0), but no more than three
    /// decades below the domain's farthest reach from it: so the data's own steps (whole
    /// points, say) are spread logarithmically, and the legend's ticks are round.
    pub fn of(scale: ColorScale, domain: Domain, origin: f64, values: &[f64]) -> Transform {
        match scale {
            ColorScale::Linear => Transform::Linear,
            ColorScale::Log => Transform::Log,
            ColorScale::Symlog => {
                // In -324..=308 when known, so the casts are exact (integers: no float
                // formatting in wasm).
                let decade = |x: f64| (x > 0.0 && x.is_finite()).then(|| x.log10().floor() as i32);
                let reach = (domain.max - origin).abs().max((origin - domain.min).abs());
                let nearest = values
                    .iter()
                    .map(|value| (value - origin).abs())
                    .filter(|distance| *distance > 0.0)
                    .fold(f64::INFINITY, f64::min);
                let exponent = match (decade(reach), decade(nearest)) {
                    (Some(reach), Some(nearest)) => nearest.max(reach - 3),
                    (Some(reach), None) => reach - 3,
                    _ => 0,
                };
                Transform::Symlog {
                    origin,
                    constant: crate::decimal::parse_f64(&format!("1e{exponent}")).unwrap_or(1.0),
                }
            }
        }
    }

    /// The transformed value (log of a value at or below 0 is minus infinity, which clamps).
    pub fn apply(self, value: f64) -> f64 {
        match self {
            Transform::Linear => value,
            Transform::Log => value.log10(),
            Transform::Symlog { origin, constant } => {
                let distance = value - origin;
                (distance.abs() / constant).ln_1p().copysign(distance)
            }
        }
    }
}

/// Maps values to colours: a colour map, whether it runs backwards, and the domain it spans.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Scale {
    pub map: ColorMap,
    /// When true, `min` gets the map's last colour and `max` its first.
    pub reversed: bool,
    pub domain: Domain,
    /// How values are spaced between the domain's ends (linear unless chosen).
    pub transform: Transform,
}

impl Scale {
    /// A linear scale from its parts.
    pub const fn new(map: ColorMap, reversed: bool, domain: Domain) -> Scale {
        Scale {
            map,
            reversed,
            domain,
            transform: Transform::Linear,
        }
    }

    /// The same scale with positions following `ln(1 + value)` ([`Transform::LN_1P`]).
    pub const fn logarithmic(self) -> Scale {
        self.with(Transform::LN_1P)
    }

    /// The same scale with another transform.
    pub const fn with(self, transform: Transform) -> Scale {
        Scale { transform, ..self }
    }

    /// Where `value` sits along the domain, in `[0, 1]`: 0 at `min`, 1 at `max`, spaced by the
    /// transform between (linear unless chosen).
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
        // A logarithm needs a domain above 0; below that (never drawn: the figure refuses it)
        // the scale stays linear.
        let t = if self.transform == Transform::Linear
            || (self.transform == Transform::Log && min <= 0.0)
        {
            // Halving first keeps `max - min` and `value - min` finite even for bounds near
            // f64::MAX; it is exact for all but subnormal numbers.
            (value * 0.5 - min * 0.5) / (max * 0.5 - min * 0.5)
        } else {
            let low = self.transform.apply(min);
            // max/min, not clamp: clamp's panic message would bring float formatting (11 KB
            // gzipped) into the wasm.
            (self.transform.apply(value.max(min).min(max)) - low)
                / (self.transform.apply(max) - low)
        };
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
        // Across zero it is symmetric: 0 in the middle.
        let signed =
            Scale::new(ColorMap::RedBlue, false, Domain::new(-1.0, 1.0).unwrap()).logarithmic();
        assert_eq!(signed.position(0.0), 0.5);
    }

    #[test]
    fn log_positions_follow_log10() {
        let domain = Domain::new(1.0, 1000.0).unwrap();
        let scale = viridis(1.0, 1000.0).with(Transform::of(ColorScale::Log, domain, 0.0, &[]));
        assert_eq!(scale.position(1.0), 0.0);
        assert_eq!(scale.position(1000.0), 1.0);
        // log10(10) / log10(1000) = 1/3; log10(100) = 2/3.
        assert!((scale.position(10.0) - 1.0 / 3.0).abs() < 1e-12);
        assert!((scale.position(100.0) - 2.0 / 3.0).abs() < 1e-12);
        // Outside the domain (0 and below included) clamps to the ends.
        assert_eq!(scale.position(0.0), 0.0);
        assert_eq!(scale.position(-5.0), 0.0);
        assert_eq!(scale.position(5000.0), 1.0);
        assert_eq!(scale.color(10.0), ColorMap::Viridis.color_at(1.0 / 3.0));
    }

    #[test]
    fn symlog_is_linear_near_the_origin_and_logarithmic_beyond() {
        // Values down to 1 from 0: linear within 1 of it.
        let domain = Domain::new(-100.0, 100.0).unwrap();
        let transform = Transform::of(ColorScale::Symlog, domain, 0.0, &[-100.0, 0.0, 1.0, 100.0]);
        assert_eq!(
            transform,
            Transform::Symlog {
                origin: 0.0,
                constant: 1.0
            }
        );
        let scale = Scale::new(ColorMap::RedBlue, false, domain).with(transform);
        assert_eq!(scale.position(0.0), 0.5);
        // ln(1 + 9) / ln(1 + 100) from the middle.
        let expected = 0.5 + 0.5 * 10f64.ln() / 101f64.ln();
        assert!((scale.position(9.0) - expected).abs() < 1e-12);
        assert!((scale.position(-9.0) - (1.0 - expected)).abs() < 1e-12);
        // The nearest value 0.7 gives 0.1; one of 1e-9 is held at three decades below the
        // reach 0.05 (10^(-2 - 3)); with no value but 0, the same.
        let domain = Domain::new(-7.0, 3.0).unwrap();
        let whole = Transform::of(ColorScale::Symlog, domain, 0.0, &[-7.0, 0.0, 0.7, 3.0]);
        assert_eq!(
            whole,
            Transform::Symlog {
                origin: 0.0,
                constant: 0.1
            }
        );
        let small = Domain::new(-0.02, 0.05).unwrap();
        let constant = |values: &[f64]| match Transform::of(ColorScale::Symlog, small, 0.0, values)
        {
            Transform::Symlog { constant, .. } => constant,
            _ => f64::NAN,
        };
        assert_eq!(constant(&[1e-9, 0.05]), 0.00001);
        assert_eq!(constant(&[0.0]), 0.00001);
        // Around a centre: 50 is the middle of a centred 40 to 60.
        let centred = Domain::new(40.0, 60.0).unwrap();
        let around = Transform::of(ColorScale::Symlog, centred, 50.0, &[40.0, 55.0, 60.0]);
        let scale = viridis(40.0, 60.0).with(around);
        assert_eq!(scale.position(50.0), 0.5);
        assert_eq!(scale.color(50.0), ColorMap::Viridis.color_at(0.5));
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
