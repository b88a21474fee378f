//! Domain modes: which values decide the range a colour scale spans, and what the legend must say
//! about it.
//!
//! A [`DomainMode`] is the user's choice; [`resolve_domain`] turns it into a [`ResolvedDomain`]
//! for one panel of a figure:
//!
//! | mode | text form (serde, `parse`) | domain | values considered |
//! | --- | --- | --- | --- |
//! | [`DomainMode::PerPanel`] | `panel` | min to max of the panel's values | the panel's |
//! | [`DomainMode::Shared`] | `shared` | min to max of every shown panel's values | the figure's |
//! | [`DomainMode::Fixed`] | `fixed:MIN:MAX` | the given bounds | the figure's |
//! | [`DomainMode::Centered`] | `centered:CENTER` | CENTER ± the largest distance to a value | the figure's |
//!
//! Only non-finite values are left out of "the values considered": NaN is how a missing cell
//! arrives here, and the loader already rejects infinities. With `panel`, `shared` and
//! `centered` every considered value lies within the domain by construction. Fixed bounds can
//! cut the data off; the resolved domain then counts the values below and above it, so the legend
//! can say so instead of quietly painting 89.0 the same colour as 48 (as a figure with a fixed
//! 24 to 48 legend once did).

use super::map::ColorMap;
use super::scale::{Domain, Scale};
use crate::float_text::Shortest;
use crate::{Error, Result};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// The domain used when there is no value to take one from (an all-missing panel), for every mode
/// but `Fixed`: 0 to 1, or for `Centered` the center ± 1.
pub const EMPTY_DOMAIN: Domain = Domain { min: 0.0, max: 1.0 };

/// The half-width of a centred domain whose values all equal the center, or that has no values.
const CENTERED_FALLBACK_HALF_WIDTH: f64 = 1.0;

/// How the colour domain of a panel is chosen.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum DomainMode {
    /// Each panel spans its own minimum to maximum: best contrast, but colours are not comparable
    /// across panels.
    PerPanel,
    /// Every panel of the figure shares one minimum to maximum, so equal colours mean equal
    /// values everywhere.
    Shared,
    /// Bounds chosen by the user (`min < max`, both finite). Values outside clip to the ends and
    /// are counted in [`ResolvedDomain::below`] and [`ResolvedDomain::above`].
    Fixed { min: f64, max: f64 },
    /// Symmetric around `center`, wide enough for every value of the figure; meant for diverging
    /// maps, whose neutral middle then sits on `center`.
    Centered { center: f64 },
}

const MODE_SYNTAXES: [&str; 4] = ["panel", "shared", "fixed:MIN:MAX", "centered:CENTER"];

impl DomainMode {
    /// Parses the text form, one string for Rust callers and serde: `panel`, `shared`,
    /// `fixed:MIN:MAX` (e.g. `fixed:40:50`, `fixed:-1.5:2e3`) or `centered:CENTER` (e.g.
    /// `centered:0`). Keywords ignore case and surrounding spaces. [`Display`](fmt::Display) writes the same form back.
    ///
    /// Fails with [`Error::Unknown`] for an unknown keyword and [`Error::InvalidField`] for a
    /// missing, extra or bad number, or fixed bounds that are not increasing.
    pub fn parse(text: &str) -> Result<DomainMode> {
        let trimmed = text.trim();
        let mut parts = trimmed.split(':');
        let keyword = parts.next().unwrap_or_default().trim().to_ascii_lowercase();
        let mut numbers: Vec<&str> = Vec::new();
        for part in parts {
            numbers.push(part.trim());
        }
        let mode = match keyword.as_str() {
            "panel" | "shared" if !numbers.is_empty() => {
                return Err(Error::InvalidField {
                    field: "domain".to_string(),
                    expected: format!("\"{keyword}\" with no numbers, found \"{trimmed}\""),
                });
            }
            "panel" => DomainMode::PerPanel,
            "shared" => DomainMode::Shared,
            "fixed" => match numbers.as_slice() {
                [min, max] => DomainMode::Fixed {
                    min: parse_number("domain minimum", min)?,
                    max: parse_number("domain maximum", max)?,
                },
                _ => {
                    return Err(Error::InvalidField {
                        field: "domain".to_string(),
                        expected: format!(
                            "\"fixed:MIN:MAX\" such as \"fixed:40:50\", found \"{trimmed}\""
                        ),
                    })
                }
            },
            "centered" => match numbers.as_slice() {
                [center] => DomainMode::Centered {
                    center: parse_number("domain center", center)?,
                },
                _ => {
                    return Err(Error::InvalidField {
                        field: "domain".to_string(),
                        expected: format!(
                            "\"centered:CENTER\" such as \"centered:0\", found \"{trimmed}\""
                        ),
                    })
                }
            },
            _ => {
                return Err(Error::Unknown {
                    what: "domain mode",
                    name: text.to_string(),
                    known: {
                        let mut known = Vec::with_capacity(MODE_SYNTAXES.len());
                        for syntax in MODE_SYNTAXES {
                            known.push(syntax.to_string());
                        }
                        known
                    },
                })
            }
        };
        mode.validate()?;
        Ok(mode)
    }

    /// Checks the numbers a mode carries: fixed bounds finite with `min < max`, a finite center.
    pub fn validate(&self) -> Result<()> {
        match *self {
            DomainMode::PerPanel | DomainMode::Shared => Ok(()),
            DomainMode::Fixed { min, max } => {
                require_finite("domain minimum", min)?;
                require_finite("domain maximum", max)?;
                if min < max {
                    Ok(())
                } else {
                    Err(Error::InvalidField {
                        field: "domain maximum".to_string(),
                        expected: format!(
                            "a number greater than the minimum {}, found {}",
                            Shortest(min),
                            Shortest(max)
                        ),
                    })
                }
            }
            DomainMode::Centered { center } => require_finite("domain center", center),
        }
    }
}

fn parse_number(field: &str, text: &str) -> Result<f64> {
    let value = crate::decimal::parse_f64(text).ok_or_else(|| Error::InvalidField {
        field: field.to_string(),
        expected: format!("a number, found \"{text}\""),
    })?;
    require_finite(field, value)?;
    Ok(value)
}

fn require_finite(field: &str, value: f64) -> Result<()> {
    if value.is_finite() {
        Ok(())
    } else {
        Err(Error::InvalidField {
            field: field.to_string(),
            expected: format!("a finite number, found {}", Shortest(value)),
        })
    }
}

impl fmt::Display for DomainMode {
    /// The text form that [`DomainMode::parse`] reads back. Numbers are written in Rust's
    /// shortest form that parses back to the same `f64`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DomainMode::PerPanel => f.write_str("panel"),
            DomainMode::Shared => f.write_str("shared"),
            DomainMode::Fixed { min, max } => {
                write!(f, "fixed:{}:{}", Shortest(*min), Shortest(*max))
            }
            DomainMode::Centered { center } => write!(f, "centered:{}", Shortest(*center)),
        }
    }
}

impl Serialize for DomainMode {
    /// Serialises as the text form of [`DomainMode::parse`], e.g. `"fixed:40:50"`. (Share links
    /// spell a range differently: `range=fixed&min=40&max=50`, in src/link/.)
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for DomainMode {
    /// Accepts what [`DomainMode::parse`] accepts.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> std::result::Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        DomainMode::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// A domain mode worked out for one panel: the domain, and what the legend must show about it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ResolvedDomain {
    /// The range the colour scale spans.
    pub domain: Domain,
    /// The value at the middle of the map, for a centred domain.
    pub center: Option<f64>,
    /// The smallest value considered, if there was one.
    pub data_min: Option<f64>,
    /// The largest value considered, if there was one.
    pub data_max: Option<f64>,
    /// How many considered values lie below `domain.min` (only a fixed domain has any).
    pub below: usize,
    /// How many considered values lie above `domain.max` (only a fixed domain has any).
    pub above: usize,
}

impl ResolvedDomain {
    /// Whether some values fall outside the domain and are drawn in the colour of its ends; the
    /// legend must then say so (e.g. with arrow-shaped ends and the counts).
    pub fn clips(&self) -> bool {
        self.below > 0 || self.above > 0
    }

    /// The scale for this domain: the one both the cells and the legend must be drawn with.
    pub fn scale(&self, map: ColorMap, reversed: bool) -> Scale {
        Scale::new(map, reversed, self.domain)
    }
}

/// Works out the colour domain of one panel.
///
/// `panel_values` are the panel's values; `shown_values` those of every panel shown in the
/// figure, this one included. `PerPanel` considers the panel's values, every other mode the
/// figure's (to flag clipping per panel under a fixed domain, pass the panel's values as both).
/// NaN values (missing cells) and infinities are ignored.
///
/// With no values to consider the domain is [`EMPTY_DOMAIN`] (0 to 1), or `center ± 1` for
/// `Centered`; a centred domain whose values all equal the center is `center ± 1` too. All values
/// equal under `PerPanel` or `Shared` give a degenerate domain (`min == max`), which a
/// [`Scale`] draws in the middle colour of its map.
///
/// Fails when the mode's numbers are invalid (see [`DomainMode::validate`]), or when a centred
/// domain would reach beyond the largest finite `f64`.
pub fn resolve_domain(
    mode: &DomainMode,
    panel_values: &[f64],
    shown_values: &[f64],
) -> Result<ResolvedDomain> {
    mode.validate()?;
    let considered = match mode {
        DomainMode::PerPanel => panel_values,
        DomainMode::Shared | DomainMode::Fixed { .. } | DomainMode::Centered { .. } => shown_values,
    };
    let extent = finite_extent(considered);
    let (domain, center) = match *mode {
        DomainMode::PerPanel | DomainMode::Shared => match extent {
            Some((min, max)) => (Domain { min, max }, None),
            None => (EMPTY_DOMAIN, None),
        },
        DomainMode::Fixed { min, max } => (Domain { min, max }, None),
        DomainMode::Centered { center } => (centered_domain(center, extent)?, Some(center)),
    };
    // Every other mode spans its considered values by construction: only fixed bounds can leave
    // some outside, so only they are counted (a second pass, over a million values at most).
    let (below, above) = match mode {
        DomainMode::Fixed { .. } => outside(considered, domain),
        _ => (0, 0),
    };
    Ok(ResolvedDomain {
        domain,
        center,
        data_min: extent.map(|(min, _)| min),
        data_max: extent.map(|(_, max)| max),
        below,
        above,
    })
}

/// The smallest and largest finite values, if any, in one pass of plain comparisons (a large
/// grid has a million values, and `f64::min` is a library call in wasm).
fn finite_extent(values: &[f64]) -> Option<(f64, f64)> {
    let (mut min, mut max) = (f64::INFINITY, f64::NEG_INFINITY);
    for &value in values {
        // Infinities and NaN fail the test; every finite value passes it.
        if value.abs() < f64::INFINITY {
            if value < min {
                min = value;
            }
            if value > max {
                max = value;
            }
        }
    }
    (min <= max).then_some((min, max))
}

/// How many values lie below and above a domain (NaN and infinities are not values here).
fn outside(values: &[f64], domain: Domain) -> (usize, usize) {
    let (mut below, mut above) = (0, 0);
    for &value in values {
        if value.is_finite() {
            below += usize::from(value < domain.min);
            above += usize::from(value > domain.max);
        }
    }
    (below, above)
}

/// `center ± max |value - center|`, falling back to a half-width of 1 when that is zero.
fn centered_domain(center: f64, extent: Option<(f64, f64)>) -> Result<Domain> {
    let Some((data_min, data_max)) = extent else {
        return Ok(Domain {
            min: center - CENTERED_FALLBACK_HALF_WIDTH,
            max: center + CENTERED_FALLBACK_HALF_WIDTH,
        });
    };
    // |value - center| is largest at one of the extremes.
    let mut half_width = (data_max - center).abs().max((center - data_min).abs());
    if half_width == 0.0 {
        half_width = CENTERED_FALLBACK_HALF_WIDTH;
    }
    // Rounding in `center ± half_width` may land an ulp inside the extreme value; widening to
    // the data keeps every value within the domain (the asymmetry is at most an ulp).
    let min = (center - half_width).min(data_min);
    let max = (center + half_width).max(data_max);
    if half_width.is_finite() && min.is_finite() && max.is_finite() {
        Ok(Domain { min, max })
    } else {
        Err(Error::InvalidField {
            field: "domain center".to_string(),
            expected: format!(
                "a center close enough to the data ({} to {}) for a symmetric domain of \
                 finite numbers, found {}",
                Shortest(data_min),
                Shortest(data_max),
                Shortest(center)
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED_VALUES: [f64; 4] = [41.3, 89.0, 24.0, 20.0];

    fn resolve(mode: DomainMode, panel: &[f64], shown: &[f64]) -> ResolvedDomain {
        resolve_domain(&mode, panel, shown).unwrap()
    }

    #[test]
    fn fixed_domain_counts_what_it_clips_in_the_seed_figure() {
        let resolved = resolve(
            DomainMode::Fixed {
                min: 24.0,
                max: 48.0,
            },
            &SEED_VALUES,
            &SEED_VALUES,
        );
        assert_eq!(
            resolved,
            ResolvedDomain {
                domain: Domain {
                    min: 24.0,
                    max: 48.0
                },
                center: None,
                data_min: Some(20.0),
                data_max: Some(89.0),
                below: 1,
                above: 1,
            }
        );
        assert!(resolved.clips());
    }

    #[test]
    fn fixed_domain_that_covers_the_data_does_not_clip() {
        let resolved = resolve(
            DomainMode::Fixed {
                min: 0.0,
                max: 100.0,
            },
            &[],
            &SEED_VALUES,
        );
        assert_eq!((resolved.below, resolved.above), (0, 0));
        assert!(!resolved.clips());
        // Values exactly on the bounds are inside.
        let resolved = resolve(
            DomainMode::Fixed {
                min: 20.0,
                max: 89.0,
            },
            &[],
            &SEED_VALUES,
        );
        assert!(!resolved.clips());
    }

    #[test]
    fn per_panel_uses_only_the_panel() {
        let resolved = resolve(DomainMode::PerPanel, &[41.3, 24.0], &SEED_VALUES);
        assert_eq!(
            resolved.domain,
            Domain {
                min: 24.0,
                max: 41.3
            }
        );
        assert_eq!(resolved.data_min, Some(24.0));
        assert_eq!(resolved.data_max, Some(41.3));
        assert_eq!(resolved.center, None);
        assert!(!resolved.clips());
    }

    #[test]
    fn shared_uses_every_shown_panel() {
        let resolved = resolve(DomainMode::Shared, &[41.3, 24.0], &SEED_VALUES);
        assert_eq!(
            resolved.domain,
            Domain {
                min: 20.0,
                max: 89.0
            }
        );
        assert!(!resolved.clips());
    }

    #[test]
    fn missing_values_are_ignored() {
        let resolved = resolve(DomainMode::PerPanel, &[f64::NAN, 3.0, f64::NAN, 5.0], &[]);
        assert_eq!(resolved.domain, Domain { min: 3.0, max: 5.0 });
        let resolved = resolve(
            DomainMode::Fixed { min: 0.0, max: 1.0 },
            &[],
            &[f64::NAN, 2.0],
        );
        assert_eq!((resolved.below, resolved.above), (0, 1));
    }

    #[test]
    fn centered_is_symmetric_around_the_center() {
        let resolved = resolve(DomainMode::Centered { center: 0.0 }, &[], &[-3.0, 1.0]);
        assert_eq!(
            resolved.domain,
            Domain {
                min: -3.0,
                max: 3.0
            }
        );
        assert_eq!(resolved.center, Some(0.0));
        assert_eq!(resolved.data_min, Some(-3.0));
        assert_eq!(resolved.data_max, Some(1.0));
        assert!(!resolved.clips());

        let resolved = resolve(DomainMode::Centered { center: 50.0 }, &[], &[52.0, 60.0]);
        assert_eq!(
            resolved.domain,
            Domain {
                min: 40.0,
                max: 60.0
            }
        );
        let scale = resolved.scale(ColorMap::RedBlue, false);
        assert_eq!(scale.position(50.0), 0.5);
        assert_eq!(scale.color(50.0), ColorMap::RedBlue.color_at(0.5));
    }

    #[test]
    fn centered_on_constant_data_uses_half_width_one() {
        let resolved = resolve(DomainMode::Centered { center: 2.0 }, &[], &[2.0, 2.0]);
        assert_eq!(resolved.domain, Domain { min: 1.0, max: 3.0 });
    }

    #[test]
    fn no_values_give_a_default_domain() {
        for mode in [DomainMode::PerPanel, DomainMode::Shared] {
            let resolved = resolve(mode, &[], &[f64::NAN]);
            assert_eq!(resolved.domain, EMPTY_DOMAIN, "{mode}");
            assert_eq!(resolved.data_min, None);
            assert_eq!(resolved.data_max, None);
            assert!(!resolved.clips());
        }
        let resolved = resolve(DomainMode::Centered { center: -4.0 }, &[], &[]);
        assert_eq!(
            resolved.domain,
            Domain {
                min: -5.0,
                max: -3.0
            }
        );
        let resolved = resolve(DomainMode::Fixed { min: 1.0, max: 2.0 }, &[], &[]);
        assert_eq!(resolved.domain, Domain { min: 1.0, max: 2.0 });
    }

    #[test]
    fn all_equal_values_give_a_degenerate_domain() {
        let resolved = resolve(DomainMode::PerPanel, &[7.0, 7.0], &[]);
        assert_eq!(resolved.domain, Domain { min: 7.0, max: 7.0 });
        assert!(resolved.domain.is_degenerate());
        assert_eq!(resolved.scale(ColorMap::Viridis, false).position(7.0), 0.5);
    }

    #[test]
    fn invalid_modes_fail_naming_the_field() {
        let error = resolve_domain(
            &DomainMode::Fixed {
                min: 50.0,
                max: 40.0,
            },
            &[],
            &[],
        )
        .unwrap_err();
        assert_eq!(
            error.to_string(),
            "field \"domain maximum\": expected a number greater than the minimum 50, found 40"
        );
        let error = resolve_domain(
            &DomainMode::Fixed {
                min: 40.0,
                max: 40.0,
            },
            &[],
            &[],
        )
        .unwrap_err();
        assert_eq!(
            error.to_string(),
            "field \"domain maximum\": expected a number greater than the minimum 40, found 40"
        );
        let error = resolve_domain(
            &DomainMode::Fixed {
                min: f64::NAN,
                max: 40.0,
            },
            &[],
            &[],
        )
        .unwrap_err();
        assert_eq!(
            error.to_string(),
            "field \"domain minimum\": expected a finite number, found NaN"
        );
        let error = resolve_domain(
            &DomainMode::Centered {
                center: f64::INFINITY,
            },
            &[],
            &[1.0],
        )
        .unwrap_err();
        assert_eq!(
            error.to_string(),
            "field \"domain center\": expected a finite number, found inf"
        );
    }

    #[test]
    fn centered_domain_beyond_f64_fails() {
        let error = resolve_domain(
            &DomainMode::Centered { center: -f64::MAX },
            &[],
            &[f64::MAX],
        )
        .unwrap_err();
        assert!(matches!(error, Error::InvalidField { ref field, .. } if field == "domain center"));
    }

    #[test]
    fn parse_reads_the_share_link_forms() {
        assert_eq!(DomainMode::parse("panel").unwrap(), DomainMode::PerPanel);
        assert_eq!(DomainMode::parse(" Shared ").unwrap(), DomainMode::Shared);
        assert_eq!(
            DomainMode::parse("fixed:40:50").unwrap(),
            DomainMode::Fixed {
                min: 40.0,
                max: 50.0
            }
        );
        assert_eq!(
            DomainMode::parse("FIXED:-1.5:2e3").unwrap(),
            DomainMode::Fixed {
                min: -1.5,
                max: 2000.0
            }
        );
        assert_eq!(
            DomainMode::parse("centered:0").unwrap(),
            DomainMode::Centered { center: 0.0 }
        );
        assert_eq!(
            DomainMode::parse("centered: -0.25 ").unwrap(),
            DomainMode::Centered { center: -0.25 }
        );
    }

    #[test]
    fn parse_errors_say_what_was_expected() {
        let cases = [
            (
                "auto",
                "unknown domain mode: \"auto\"; expected one of \"panel\", \"shared\", \
                 \"fixed:MIN:MAX\", \"centered:CENTER\"",
            ),
            (
                "",
                "unknown domain mode: \"\"; expected one of \"panel\", \"shared\", \
                 \"fixed:MIN:MAX\", \"centered:CENTER\"",
            ),
            (
                "fixed:40",
                "field \"domain\": expected \"fixed:MIN:MAX\" such as \"fixed:40:50\", \
                 found \"fixed:40\"",
            ),
            (
                "fixed:1:2:3",
                "field \"domain\": expected \"fixed:MIN:MAX\" such as \"fixed:40:50\", \
                 found \"fixed:1:2:3\"",
            ),
            (
                "fixed:abc:50",
                "field \"domain minimum\": expected a number, found \"abc\"",
            ),
            (
                "fixed:40:",
                "field \"domain maximum\": expected a number, found \"\"",
            ),
            (
                "fixed:50:40",
                "field \"domain maximum\": expected a number greater than the minimum 50, \
                 found 40",
            ),
            (
                "fixed:nan:40",
                "field \"domain minimum\": expected a finite number, found NaN",
            ),
            (
                "centered",
                "field \"domain\": expected \"centered:CENTER\" such as \"centered:0\", \
                 found \"centered\"",
            ),
            (
                "centered:inf",
                "field \"domain center\": expected a finite number, found inf",
            ),
            (
                "shared:3",
                "field \"domain\": expected \"shared\" with no numbers, found \"shared:3\"",
            ),
        ];
        for (text, message) in cases {
            let error = DomainMode::parse(text).unwrap_err();
            assert_eq!(error.to_string(), message, "parsing {text:?}");
        }
    }

    #[test]
    fn display_round_trips_through_parse() {
        let modes = [
            DomainMode::PerPanel,
            DomainMode::Shared,
            DomainMode::Fixed {
                min: 24.0,
                max: 48.0,
            },
            DomainMode::Fixed {
                min: -0.1,
                max: 1e-7,
            },
            DomainMode::Fixed {
                min: 1.0 / 3.0,
                max: 1e300,
            },
            DomainMode::Centered { center: 0.0 },
            DomainMode::Centered { center: -12.345 },
        ];
        for mode in modes {
            let text = mode.to_string();
            assert_eq!(DomainMode::parse(&text).unwrap(), mode, "{text}");
        }
        assert_eq!(
            DomainMode::Fixed {
                min: 40.0,
                max: 50.0
            }
            .to_string(),
            "fixed:40:50"
        );
        assert_eq!(
            DomainMode::Centered { center: 0.0 }.to_string(),
            "centered:0"
        );
        assert_eq!(DomainMode::PerPanel.to_string(), "panel");
        assert_eq!(DomainMode::Shared.to_string(), "shared");
    }

    #[test]
    fn serde_uses_the_share_link_form() {
        let mode = DomainMode::Fixed {
            min: 24.0,
            max: 48.0,
        };
        assert_eq!(serde_json::to_string(&mode).unwrap(), "\"fixed:24:48\"");
        let parsed: DomainMode = serde_json::from_str("\"centered:0\"").unwrap();
        assert_eq!(parsed, DomainMode::Centered { center: 0.0 });
        assert!(serde_json::from_str::<DomainMode>("\"fixed:2:1\"").is_err());
    }

    /// A small deterministic generator (xorshift64*), so the property test needs no dependency.
    struct Generator(u64);

    impl Generator {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }

        /// Uniform in [0, 1).
        fn unit(&mut self) -> f64 {
            (self.next() >> 11) as f64 / (1u64 << 53) as f64
        }

        fn below(&mut self, bound: usize) -> usize {
            (self.next() % bound as u64) as usize
        }

        /// A value of varied magnitude and sign, occasionally missing or a repeat of a round one.
        fn value(&mut self) -> f64 {
            match self.below(10) {
                0 => f64::NAN,
                1 => self.below(5) as f64,
                _ => {
                    let scale = 10f64.powi(self.below(13) as i32 - 6);
                    (self.unit() * 2.0 - 1.0) * scale
                }
            }
        }

        fn values(&mut self) -> Vec<f64> {
            let length = self.below(12);
            (0..length).map(|_| self.value()).collect()
        }
    }

    #[test]
    fn resolved_domains_keep_their_invariants() {
        let mut generator = Generator(0x9e37_79b9_7f4a_7c15);
        // How often each interesting case came up, to show the loop really exercises them.
        let mut clipped = 0;
        let mut empty = 0;
        let mut centered = 0;
        for _ in 0..20_000 {
            let panel = generator.values();
            let mut shown = panel.clone();
            for _ in 0..generator.below(3) {
                shown.extend(generator.values());
            }
            let first = generator.value();
            let second = generator.value();
            let mode = match generator.below(4) {
                0 => DomainMode::PerPanel,
                1 => DomainMode::Shared,
                2 if first.is_finite() && second.is_finite() && first != second => {
                    DomainMode::Fixed {
                        min: first.min(second),
                        max: first.max(second),
                    }
                }
                2 => DomainMode::Fixed {
                    min: -1.0,
                    max: 1.0,
                },
                _ if first.is_finite() => DomainMode::Centered { center: first },
                _ => DomainMode::Centered { center: 0.0 },
            };
            let resolved = resolve_domain(&mode, &panel, &shown).unwrap();
            let domain = resolved.domain;
            assert!(domain.min.is_finite() && domain.max.is_finite(), "{mode}");
            assert!(domain.min <= domain.max, "{mode}: {domain:?}");

            let considered: Vec<f64> = match mode {
                DomainMode::PerPanel => &panel,
                _ => &shown,
            }
            .iter()
            .copied()
            .filter(|value| !value.is_nan())
            .collect();
            let outside_below = considered.iter().filter(|&&v| v < domain.min).count();
            let outside_above = considered.iter().filter(|&&v| v > domain.max).count();
            assert_eq!(resolved.below, outside_below, "{mode}");
            assert_eq!(resolved.above, outside_above, "{mode}");
            assert_eq!(resolved.clips(), outside_below + outside_above > 0);

            match mode {
                DomainMode::Fixed { min, max } => {
                    assert_eq!(domain, Domain { min, max });
                    assert_eq!(
                        resolved.below + resolved.above,
                        considered.iter().filter(|&&v| !domain.contains(v)).count()
                    );
                }
                _ => {
                    assert!(
                        considered.iter().all(|&value| domain.contains(value)),
                        "{mode}: {domain:?} misses a value of {considered:?}"
                    );
                    assert!(!resolved.clips(), "{mode}");
                }
            }
            if let DomainMode::Centered { center } = mode {
                let lower = center - domain.min;
                let upper = domain.max - center;
                // Rounding of `center ± half_width` and the widening to the data cost an ulp or so.
                let tolerance = 4.0 * f64::EPSILON * (center.abs() + lower.abs().max(upper.abs()));
                assert!(
                    (lower - upper).abs() <= tolerance,
                    "{mode}: {domain:?} is not symmetric"
                );
                assert!(lower > 0.0, "{mode}: {domain:?} has zero width");
            }
            if considered.is_empty() && !matches!(mode, DomainMode::Fixed { .. }) {
                assert_eq!(resolved.data_min, None);
                assert!(domain.max > domain.min, "{mode}: empty gives a real range");
                empty += 1;
            }
            clipped += usize::from(resolved.clips());
            centered += usize::from(resolved.center.is_some());
        }
        assert!(clipped > 1_000, "only {clipped} clipping cases");
        assert!(empty > 100, "only {empty} empty cases");
        assert!(centered > 3_000, "only {centered} centred cases");
    }
}
