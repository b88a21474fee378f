//! Named colour maps: the continuous gradients a heatmap can be painted with.
//!
//! Every map is a gradient from the `colorous` crate, sampled at a position `t` in `[0, 1]`;
//! sweepmap keeps no colour tables of its own. Sequential maps (viridis, ylgnbu, blues, ...) run
//! from one end to the other and suit plain scores. Diverging maps (rdbu, puor, ...) have a light
//! neutral middle at `t = 0.5` and suit differences around a reference, with a centred domain.
//! Each map has a canonical lowercase name used in URLs (`"ylgnbu"`) and a display label
//! (`"YlGnBu"`); parsing accepts either spelling in any case.
//!
//! Orientation is the library's: position 0 is the map's first-named colour and 1 its last. For
//! the Brewer maps that means `ylgnbu` goes yellow to blue, `blues` light to dark, and the
//! diverging maps go as their names read: `rdbu` red to blue, `puor` purple to orange,
//! `rdylbu` red to blue, `brbg` brown to blue-green, `piyg` pink to green, `spectral` red to
//! blue-purple. A [`Scale`](super::Scale) can reverse any map.

use super::rgb::Rgb;
use crate::{Error, Result};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A named colour map backed by a `colorous` gradient.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ColorMap {
    /// Viridis (perceptually uniform, dark purple to yellow). The default.
    #[default]
    Viridis,
    /// Cividis (colour-vision-deficiency friendly, dark blue to yellow).
    Cividis,
    /// Magma (black to light yellow through purple and orange).
    Magma,
    /// Inferno (black to light yellow through purple and red).
    Inferno,
    /// Plasma (dark blue to yellow through magenta).
    Plasma,
    /// Turbo (an improved rainbow, dark blue to dark red).
    Turbo,
    /// Brewer YlGnBu: yellow, green, blue.
    YellowGreenBlue,
    /// Brewer Blues: light to dark blue.
    Blues,
    /// Brewer Greens: light to dark green.
    Greens,
    /// Brewer Oranges: light to dark orange.
    Oranges,
    /// Brewer Purples: light to dark purple.
    Purples,
    /// Brewer Greys: white to black.
    Greys,
    /// Brewer YlOrRd: yellow, orange, red.
    YellowOrangeRed,
    /// Brewer RdBu (diverging): red, white, blue.
    RedBlue,
    /// Brewer PuOr (diverging): purple, white, orange.
    PurpleOrange,
    /// Brewer RdYlBu (diverging): red, yellow, blue.
    RedYellowBlue,
    /// Brewer BrBG (diverging): brown, white, blue-green.
    BrownBlueGreen,
    /// Brewer PiYG (diverging): pink, white, green.
    PinkYellowGreen,
    /// Brewer Spectral (diverging): red, yellow, blue-purple.
    Spectral,
}

/// Every map, in the order a picker should list them: sequential first, then diverging.
const ALL: [ColorMap; 19] = [
    ColorMap::Viridis,
    ColorMap::Cividis,
    ColorMap::Magma,
    ColorMap::Inferno,
    ColorMap::Plasma,
    ColorMap::Turbo,
    ColorMap::YellowGreenBlue,
    ColorMap::Blues,
    ColorMap::Greens,
    ColorMap::Oranges,
    ColorMap::Purples,
    ColorMap::Greys,
    ColorMap::YellowOrangeRed,
    ColorMap::RedBlue,
    ColorMap::PurpleOrange,
    ColorMap::RedYellowBlue,
    ColorMap::BrownBlueGreen,
    ColorMap::PinkYellowGreen,
    ColorMap::Spectral,
];

impl ColorMap {
    /// Every available map: sequential ones first, then diverging ones.
    pub fn all() -> &'static [ColorMap] {
        &ALL
    }

    /// The map named `name`, ignoring case and surrounding spaces: `"viridis"`, `"YlGnBu"`,
    /// `"RDBU"` all work.
    ///
    /// Fails with [`Error::Unknown`] listing the canonical names when no map has that name.
    pub fn parse(name: &str) -> Result<ColorMap> {
        let wanted = name.trim();
        ALL.iter()
            .copied()
            .find(|map| map.name().eq_ignore_ascii_case(wanted))
            .ok_or_else(|| Error::Unknown {
                what: "colour map",
                name: name.to_string(),
                known: {
                    let mut known = Vec::with_capacity(ALL.len());
                    for map in ALL {
                        known.push(map.name().to_string());
                    }
                    known
                },
            })
    }

    /// The canonical lowercase identifier, used in URLs and share links: `"viridis"`, `"ylgnbu"`.
    pub fn name(&self) -> &'static str {
        match self {
            ColorMap::Viridis => "viridis",
            ColorMap::Cividis => "cividis",
            ColorMap::Magma => "magma",
            ColorMap::Inferno => "inferno",
            ColorMap::Plasma => "plasma",
            ColorMap::Turbo => "turbo",
            ColorMap::YellowGreenBlue => "ylgnbu",
            ColorMap::Blues => "blues",
            ColorMap::Greens => "greens",
            ColorMap::Oranges => "oranges",
            ColorMap::Purples => "purples",
            ColorMap::Greys => "greys",
            ColorMap::YellowOrangeRed => "ylorrd",
            ColorMap::RedBlue => "rdbu",
            ColorMap::PurpleOrange => "puor",
            ColorMap::RedYellowBlue => "rdylbu",
            ColorMap::BrownBlueGreen => "brbg",
            ColorMap::PinkYellowGreen => "piyg",
            ColorMap::Spectral => "spectral",
        }
    }

    /// The name to show people, in its usual spelling: `"Viridis"`, `"YlGnBu"`, `"RdBu"`.
    pub fn label(&self) -> &'static str {
        match self {
            ColorMap::Viridis => "Viridis",
            ColorMap::Cividis => "Cividis",
            ColorMap::Magma => "Magma",
            ColorMap::Inferno => "Inferno",
            ColorMap::Plasma => "Plasma",
            ColorMap::Turbo => "Turbo",
            ColorMap::YellowGreenBlue => "YlGnBu",
            ColorMap::Blues => "Blues",
            ColorMap::Greens => "Greens",
            ColorMap::Oranges => "Oranges",
            ColorMap::Purples => "Purples",
            ColorMap::Greys => "Greys",
            ColorMap::YellowOrangeRed => "YlOrRd",
            ColorMap::RedBlue => "RdBu",
            ColorMap::PurpleOrange => "PuOr",
            ColorMap::RedYellowBlue => "RdYlBu",
            ColorMap::BrownBlueGreen => "BrBG",
            ColorMap::PinkYellowGreen => "PiYG",
            ColorMap::Spectral => "Spectral",
        }
    }

    /// Whether the map has a neutral middle meant to sit on a reference value (a centred domain),
    /// rather than running from low to high.
    pub fn is_diverging(&self) -> bool {
        matches!(
            self,
            ColorMap::RedBlue
                | ColorMap::PurpleOrange
                | ColorMap::RedYellowBlue
                | ColorMap::BrownBlueGreen
                | ColorMap::PinkYellowGreen
                | ColorMap::Spectral
        )
    }

    /// The colour at position `t`: 0 is the map's first colour, 1 its last (see the module
    /// documentation for each map's orientation).
    ///
    /// `t` is clamped to `[0, 1]`; NaN is treated as 0.
    pub fn color_at(&self, t: f64) -> Rgb {
        let t = if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) };
        Rgb::from(self.gradient().eval_continuous(t))
    }

    fn gradient(&self) -> colorous::Gradient {
        match self {
            ColorMap::Viridis => colorous::VIRIDIS,
            ColorMap::Cividis => colorous::CIVIDIS,
            ColorMap::Magma => colorous::MAGMA,
            ColorMap::Inferno => colorous::INFERNO,
            ColorMap::Plasma => colorous::PLASMA,
            ColorMap::Turbo => colorous::TURBO,
            ColorMap::YellowGreenBlue => colorous::YELLOW_GREEN_BLUE,
            ColorMap::Blues => colorous::BLUES,
            ColorMap::Greens => colorous::GREENS,
            ColorMap::Oranges => colorous::ORANGES,
            ColorMap::Purples => colorous::PURPLES,
            ColorMap::Greys => colorous::GREYS,
            ColorMap::YellowOrangeRed => colorous::YELLOW_ORANGE_RED,
            ColorMap::RedBlue => colorous::RED_BLUE,
            ColorMap::PurpleOrange => colorous::PURPLE_ORANGE,
            ColorMap::RedYellowBlue => colorous::RED_YELLOW_BLUE,
            ColorMap::BrownBlueGreen => colorous::BROWN_GREEN,
            ColorMap::PinkYellowGreen => colorous::PINK_GREEN,
            ColorMap::Spectral => colorous::SPECTRAL,
        }
    }
}

impl fmt::Display for ColorMap {
    /// The canonical name, as in URLs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for ColorMap {
    /// Serialises as the canonical name, e.g. `"ylgnbu"`.
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for ColorMap {
    /// Accepts any spelling [`ColorMap::parse`] accepts.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> std::result::Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        ColorMap::parse(&name).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn viridis_ends_are_the_published_colours() {
        assert_eq!(ColorMap::Viridis.color_at(0.0).hex(), "#440154");
        assert_eq!(ColorMap::Viridis.color_at(1.0).hex(), "#fde725");
    }

    #[test]
    fn ends_match_the_library_tables() {
        // colorous samples a B-spline through its tables and truncates, so an end can differ
        // from the table's last entry by one unit (rdbu's #053061 comes out as #042f60).
        let expected = [
            (ColorMap::Cividis, "#002051", "#fde945"),
            (ColorMap::Magma, "#000004", "#fcfdbf"),
            (ColorMap::Inferno, "#000004", "#fcffa4"),
            (ColorMap::Plasma, "#0d0887", "#f0f921"),
            (ColorMap::Turbo, "#22171b", "#900c00"),
            (ColorMap::YellowGreenBlue, "#ffffd9", "#081d58"),
            (ColorMap::Blues, "#f7fbff", "#08306b"),
            (ColorMap::Greens, "#f7fcf5", "#00441b"),
            (ColorMap::Oranges, "#fff5eb", "#7f2704"),
            (ColorMap::Purples, "#fcfbfd", "#3f007d"),
            (ColorMap::Greys, "#ffffff", "#000000"),
            (ColorMap::YellowOrangeRed, "#ffffcc", "#800026"),
            (ColorMap::RedBlue, "#67001f", "#042f60"),
            (ColorMap::PurpleOrange, "#2d004b", "#7e3a08"),
            (ColorMap::RedYellowBlue, "#a50026", "#303594"),
            (ColorMap::BrownBlueGreen, "#543005", "#003b2f"),
            (ColorMap::PinkYellowGreen, "#8e0152", "#266318"),
            (ColorMap::Spectral, "#9e0142", "#5e4ea2"),
        ];
        for (map, start, end) in expected {
            assert_eq!(map.color_at(0.0).hex(), start, "{map} at 0");
            assert_eq!(map.color_at(1.0).hex(), end, "{map} at 1");
        }
    }

    #[test]
    fn diverging_maps_are_near_neutral_in_the_middle() {
        // The spline smooths the middle table entry (#f7f7f7 for rdbu) a little.
        assert_eq!(ColorMap::RedBlue.color_at(0.5).hex(), "#f1efed");
        assert_eq!(ColorMap::PurpleOrange.color_at(0.5).hex(), "#f3eeea");
        assert_eq!(ColorMap::BrownBlueGreen.color_at(0.5).hex(), "#edf1ea");
        assert_eq!(ColorMap::RedYellowBlue.color_at(0.5).hex(), "#f9f7c0");
        assert_eq!(ColorMap::Viridis.color_at(0.5).hex(), "#20908c");
    }

    #[test]
    fn positions_outside_the_unit_interval_clamp_and_nan_is_zero() {
        for &map in ColorMap::all() {
            assert_eq!(map.color_at(-3.0), map.color_at(0.0), "{map}");
            assert_eq!(map.color_at(f64::NEG_INFINITY), map.color_at(0.0), "{map}");
            assert_eq!(map.color_at(7.5), map.color_at(1.0), "{map}");
            assert_eq!(map.color_at(f64::INFINITY), map.color_at(1.0), "{map}");
            assert_eq!(map.color_at(f64::NAN), map.color_at(0.0), "{map}");
        }
    }

    #[test]
    fn parse_ignores_case_and_accepts_labels() {
        assert_eq!(
            ColorMap::parse("YlGnBu").unwrap(),
            ColorMap::YellowGreenBlue
        );
        assert_eq!(
            ColorMap::parse("ylgnbu").unwrap(),
            ColorMap::YellowGreenBlue
        );
        assert_eq!(ColorMap::parse("RdBu").unwrap(), ColorMap::RedBlue);
        assert_eq!(ColorMap::parse(" VIRIDIS ").unwrap(), ColorMap::Viridis);
        for &map in ColorMap::all() {
            assert_eq!(ColorMap::parse(map.name()).unwrap(), map);
            assert_eq!(ColorMap::parse(map.label()).unwrap(), map);
            assert_eq!(map.name(), map.label().to_lowercase());
        }
    }

    #[test]
    fn parse_error_lists_every_name() {
        let error = ColorMap::parse("jet").unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown colour map: \"jet\"; expected one of \"viridis\", \"cividis\", \"magma\", \
             \"inferno\", \"plasma\", \"turbo\", \"ylgnbu\", \"blues\", \"greens\", \"oranges\", \
             \"purples\", \"greys\", \"ylorrd\", \"rdbu\", \"puor\", \"rdylbu\", \"brbg\", \
             \"piyg\", \"spectral\""
        );
        assert!(matches!(
            ColorMap::parse(""),
            Err(Error::Unknown {
                what: "colour map",
                ..
            })
        ));
    }

    #[test]
    fn all_lists_each_map_once_sequential_first() {
        let all = ColorMap::all();
        assert_eq!(all.len(), 19);
        for (index, map) in all.iter().enumerate() {
            assert!(!all[index + 1..].contains(map), "{map} twice");
        }
        let diverging: Vec<&str> = all
            .iter()
            .filter(|map| map.is_diverging())
            .map(|map| map.name())
            .collect();
        assert_eq!(
            diverging,
            ["rdbu", "puor", "rdylbu", "brbg", "piyg", "spectral"]
        );
        let first_diverging = all.iter().position(|map| map.is_diverging());
        assert_eq!(first_diverging, Some(13));
    }

    #[test]
    fn serde_uses_the_canonical_name() {
        assert_eq!(
            serde_json::to_string(&ColorMap::YellowGreenBlue).unwrap(),
            "\"ylgnbu\""
        );
        let parsed: ColorMap = serde_json::from_str("\"RdBu\"").unwrap();
        assert_eq!(parsed, ColorMap::RedBlue);
        let error = serde_json::from_str::<ColorMap>("\"jet\"").unwrap_err();
        assert!(error.to_string().starts_with("unknown colour map: \"jet\""));
    }
}
