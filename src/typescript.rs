//! The TypeScript declarations of the result types, generated from the Rust types.
//!
//! The types JavaScript receives as plain objects derive `ts_rs::TS` under `cfg(test)` (ts-rs is
//! a dev-dependency: nothing of it reaches the wasm). The test below writes each one's
//! declaration, in the order of [`declarations`], and compares the text with
//! `src/wasm/generated.d.ts`, which `src/wasm/mod.rs` hands to wasm-bindgen
//! (`typescript_custom_section`, `include_str!`) so that it lands in `www/pkg/sweepmap.d.ts`.
//! When a result type changes, the test fails and says how to write the file again:
//!
//! ```sh
//! SWEEPMAP_WRITE_TYPES=1 cargo test --lib typescript
//! ```
//!
//! `.ci/types.mjs` then checks that the built `.d.ts` carries the file as it is.
//!
//! To declare another type: `#[cfg_attr(test, derive(ts_rs::TS))]` on it (and on the types of its
//! fields), and one line in [`declarations`]. The small result objects `src/wasm/` builds
//! (compiled for wasm32 only) are declared in `src/results.rs`, where this test sees them. What
//! stays hand-written in `src/wasm/` is what has no Rust type ts-rs can see: load options (read
//! field by field from JavaScript) and a slice's point. The option objects of figures are
//! generated from the view settings, by `src/view/typescript.rs`, with the same command.

use ts_rs::{Config, TS};

use crate::figure::Named;

/// The file the declarations are written to, from the crate root.
const GENERATED_FILE: &str = "src/wasm/generated.d.ts";

/// A union of string literals: the words of a [`Named`] setting, as serde writes them.
fn word_union(words: impl IntoIterator<Item = &'static str>) -> String {
    let words: Vec<String> = words.into_iter().map(|word| format!("{word:?}")).collect();
    words.join(" | ")
}

/// `TS` for the word settings, whose words are their [`Named::ALL`] list (they serialize by
/// name, by hand, so ts-rs cannot derive them): each is declared as the union of its words.
macro_rules! words_type {
    ($($named:ty => $name:literal: $words:expr),* $(,)?) => {
        $(words_type!(@one $named => $name: $words.iter().map(|word| word.name()));)*

        /// The word types of the settings, by name, with their words: the generated option
        /// declarations (`src/view/typescript.rs`) name the type whose words a setting takes.
        pub(crate) fn word_types() -> Vec<(&'static str, Vec<&'static str>)> {
            vec![$(($name, $words.iter().map(|word| word.name()).collect())),*]
        }
    };
    (@one $named:ty => $name:literal: $words:expr) => {
        impl TS for $named {
            type WithoutGenerics = Self;
            type OptionInnerType = Self;
            fn name(_: &Config) -> String {
                $name.to_string()
            }
            fn inline(_: &Config) -> String {
                word_union($words)
            }
            fn decl(config: &Config) -> String {
                format!("type {} = {};", $name, <Self as TS>::inline(config))
            }
        }
    };
}

/// The colour ranges a pairwise figure offers ([`Range::PAIRWISE`](crate::figure::Range)):
/// its `domain` is declared with these words only.
pub struct PairwiseRange;

words_type!(
    crate::figure::Layout => "Layout": <crate::figure::Layout as Named>::ALL,
    crate::figure::Range => "ColorRange": <crate::figure::Range as Named>::ALL,
    PairwiseRange => "PairwiseColorRange": crate::figure::Range::PAIRWISE,
    crate::figure::BinValue => "BinValue": <crate::figure::BinValue as Named>::ALL,
    crate::color::Theme => "Theme": <crate::color::Theme as Named>::ALL,
    crate::color::ColorScale => "ColorScale": <crate::color::ColorScale as Named>::ALL,
    crate::figure::Order => "PanelOrder": <crate::figure::Order as Named>::ALL,
    crate::figure::Strips => "MarginalStrips": <crate::figure::Strips as Named>::ALL,
    crate::figure::Chart => "Chart": <crate::figure::Chart as Named>::ALL,
    crate::analysis::SliceAxis => "SliceAxis": <crate::analysis::SliceAxis as Named>::ALL,
    crate::figure::SliceAcross => "SliceAcross": <crate::figure::SliceAcross as Named>::ALL,
);
#[cfg(feature = "tables")]
words_type!(@one crate::table::Role => "ColumnRoleName": crate::table::Role::ALL.iter().map(|role| role.as_str()));

/// A colour map crosses as its name, one of `colorMaps()`: a `string`, so that a name held in a
/// variable type-checks.
impl TS for crate::color::ColorMap {
    type WithoutGenerics = Self;
    type OptionInnerType = Self;
    fn name(_: &Config) -> String {
        "string".to_string()
    }
    fn inline(config: &Config) -> String {
        <Self as TS>::name(config)
    }
}

/// One declaration: `export type Name = ...;` with the Rust doc comments as JSDoc.
fn declaration<T: TS>(config: &Config) -> String {
    format!("export {}\n", T::decl(config))
}

/// Every generated declaration, in the order the file has them.
fn declarations() -> String {
    // Numbers cross to JavaScript as numbers (serde-wasm-bindgen's JSON-compatible serializer),
    // so 64-bit integers are `number`, not ts-rs' default `bigint`.
    let config = Config::new().with_large_int("number");
    let mut parts = vec![
        // Words of the settings.
        declaration::<crate::figure::Layout>(&config),
        declaration::<crate::figure::Range>(&config),
        declaration::<PairwiseRange>(&config),
        declaration::<crate::figure::BinValue>(&config),
        declaration::<crate::color::Theme>(&config),
        declaration::<crate::color::ColorScale>(&config),
        declaration::<crate::figure::Order>(&config),
        declaration::<crate::figure::Strips>(&config),
        declaration::<crate::figure::Chart>(&config),
        declaration::<crate::analysis::SliceAxis>(&config),
        declaration::<crate::figure::SliceAcross>(&config),
        declaration::<crate::Direction>(&config),
        // Analysis results (`SweepDataset.analysis`, `reconcile`, `rankConfigurations`).
        declaration::<crate::analysis::CellPosition>(&config),
        declaration::<crate::analysis::Extreme>(&config),
        declaration::<crate::analysis::Summary>(&config),
        declaration::<crate::analysis::TrendStrength>(&config),
        declaration::<crate::analysis::TrendDirection>(&config),
        declaration::<crate::analysis::Trend>(&config),
        declaration::<crate::analysis::Trends>(&config),
        declaration::<crate::analysis::LineMean>(&config),
        declaration::<crate::analysis::Marginals>(&config),
        declaration::<crate::Cell>(&config),
        declaration::<crate::Grid>(&config),
        declaration::<crate::analysis::Mismatch>(&config),
        declaration::<crate::analysis::Reconciliation>(&config),
        declaration::<crate::analysis::BenchmarkSelection>(&config),
        declaration::<crate::analysis::ConfigurationRank>(&config),
        declaration::<crate::analysis::ConfigurationRanking>(&config),
        // Datasets (`SweepDataset`, `colorMaps`).
        declaration::<crate::results::ColorMapInfo>(&config),
        declaration::<crate::results::MetricInfo>(&config),
        declaration::<crate::results::AxisInfo>(&config),
        declaration::<crate::results::PanelInfo>(&config),
        declaration::<crate::results::BenchmarkMetadata>(&config),
        declaration::<crate::results::PanelAnalysis>(&config),
        // Figures (`SweepFigure`, `SweepPairwiseFigure`).
        declaration::<crate::view::ResolvedOptions>(&config),
        declaration::<crate::view::ResolvedPairwiseOptions>(&config),
        declaration::<crate::figure::FigureNotes>(&config),
        declaration::<crate::figure::TooltipRow>(&config),
        declaration::<crate::figure::CellInfo>(&config),
        declaration::<crate::layout::Rect>(&config),
        declaration::<crate::figure::PanelReport>(&config),
        declaration::<crate::figure::Statistic>(&config),
        declaration::<crate::figure::PairSummary>(&config),
        declaration::<crate::figure::ComparisonsSummary>(&config),
        declaration::<crate::results::FigureSize>(&config),
        declaration::<crate::results::ValueRange>(&config),
        declaration::<crate::results::FigurePanelInfo>(&config),
        // Key observations (`keyObservations`, `observations`).
        declaration::<crate::figure::AxisName>(&config),
        declaration::<crate::figure::Claim>(&config),
        declaration::<crate::figure::Observation>(&config),
        declaration::<crate::results::Section>(&config),
        declaration::<crate::figure::DifferenceLines>(&config),
        declaration::<crate::figure::TableColumn>(&config),
        declaration::<crate::figure::MismatchRow>(&config),
        declaration::<crate::figure::MismatchTable>(&config),
        declaration::<crate::results::ShownObservations>(&config),
        // Pairwise comparisons (`SweepPairwise`, `SweepPairwiseFigure`).
        declaration::<crate::results::Shares>(&config),
        declaration::<crate::pairwise::PairComparison>(&config),
        // What `comparePair` and `comparisons` return: a comparison with its shares set over it
        // (src/wasm/pairwise.rs, `pair_statistics`).
        "export type PairStatistics = PairComparison & { shares: PairShares };\n".to_string(),
        declaration::<crate::results::PairwisePanelInfo>(&config),
        declaration::<crate::results::BinDetails>(&config),
        // A bin's hover info: the cell information with the bin's details over it (its `count`
        // is the bin's items).
        "export type PairwiseCellInfo = CellInfo & PairwiseBin;\n".to_string(),
        // Links and files.
        declaration::<crate::link::Notice>(&config),
        declaration::<crate::table::MergedFiles>(&config),
    ];
    // Run tables (`openSweep`, `SweepTable`).
    #[cfg(feature = "tables")]
    parts.extend([
        declaration::<crate::table::Role>(&config),
        declaration::<crate::table::ColumnRole>(&config),
        declaration::<crate::table::Choice>(&config),
        declaration::<crate::table::BinPick>(&config),
        declaration::<crate::table::View>(&config),
        declaration::<crate::table::TableChoices>(&config),
        declaration::<crate::table::Effect>(&config),
    ]);
    let mut text = String::from(
        "// Generated from the Rust types by src/typescript.rs: do not edit. Written again with\n\
         // `SWEEPMAP_WRITE_TYPES=1 cargo test --lib typescript`.\n",
    );
    for part in parts {
        text.push('\n');
        text.push_str(&indent(&part));
    }
    text
}

/// A line break after every `{` and before every `}` of an object type, and after every comma
/// that ends a field (outside `<...>`, `[...]`, string literals and doc comments), so that
/// [`indent`] sees one field a line.
fn break_fields(declaration: &str) -> String {
    let mut text = String::new();
    let mut nesting = 0usize;
    let mut characters = declaration.chars().peekable();
    let mut skip_spaces = false;
    while let Some(character) = characters.next() {
        if skip_spaces && character == ' ' {
            continue;
        }
        skip_spaces = false;
        match character {
            '/' if characters.peek() == Some(&'*') => {
                text.push(character);
                while let Some(inner) = characters.next() {
                    text.push(inner);
                    if inner == '*' && characters.peek() == Some(&'/') {
                        text.extend(characters.next());
                        break;
                    }
                }
            }
            '"' => {
                text.push(character);
                for inner in characters.by_ref() {
                    text.push(inner);
                    if inner == '"' {
                        break;
                    }
                }
            }
            '{' => {
                text.push_str("{\n");
                skip_spaces = true;
            }
            '}' => {
                text.push_str("\n}");
            }
            '<' | '[' | '(' => {
                nesting += 1;
                text.push(character);
            }
            '>' | ']' | ')' => {
                nesting = nesting.saturating_sub(1);
                text.push(character);
            }
            ',' if nesting == 0 => {
                text.push_str(",\n");
                skip_spaces = true;
            }
            _ => text.push(character),
        }
    }
    text
}

/// ts-rs' declarations laid out as the hand-written ones are: one field a line, indented by
/// two spaces a level of braces, its doc comment above it, no trailing spaces, and Rust's
/// `None` in doc comments written as JavaScript sees it, `null`.
fn indent(declaration: &str) -> String {
    let mut text = String::new();
    let mut depth = 0usize;
    let declaration = break_fields(&declaration.replace("`None`", "null"));
    for line in declaration.lines() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let comment = line.starts_with("/**") || line.starts_with('*');
        let closes = !comment && line.starts_with('}');
        let level = if closes {
            depth.saturating_sub(1)
        } else {
            depth
        };
        let pad = if line.starts_with('*') { 1 } else { 0 };
        text.push_str(&" ".repeat(level * 2 + pad));
        text.push_str(line);
        text.push('\n');
        if !comment {
            let opens = line.matches('{').count();
            let shuts = line.matches('}').count();
            depth = (depth + opens).saturating_sub(shuts);
        }
    }
    text
}

// The file is the declarations of a build with every feature (the default).
#[cfg(all(feature = "tables", feature = "pairwise"))]
#[test]
fn generated_declarations_match_the_rust_types() {
    let generated = declarations();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(GENERATED_FILE);
    if std::env::var_os("SWEEPMAP_WRITE_TYPES").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let written = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        written == generated,
        "{GENERATED_FILE} differs from the declarations of the Rust types; write it again with \
         `SWEEPMAP_WRITE_TYPES=1 cargo test --lib typescript` and commit it"
    );
}

/// The keys of an object type's fields in the laid-out declarations (one field a line, doc
/// comments on their own lines): the name before the `:` of each line that is not a comment.
fn field_keys(declarations: &str) -> Vec<String> {
    let mut keys = Vec::new();
    for line in declarations.lines() {
        let line = line.trim();
        if line.starts_with("//") || line.starts_with("/**") || line.starts_with('*') {
            continue;
        }
        let Some((key, _)) = line.split_once(':') else {
            continue;
        };
        let key = key.trim_end_matches('?').trim_matches('"');
        if !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            keys.push(key.to_string());
        }
    }
    keys
}

// Every result JavaScript reads has camelCase keys, as option names are (README "Changed"): a
// result type without `#[serde(rename_all = "camelCase")]` and a field of two words fails here.
#[cfg(all(feature = "tables", feature = "pairwise"))]
#[test]
fn result_keys_are_camel_case() {
    let keys = field_keys(&declarations());
    for expected in [
        "xLabel",
        "belowPeakLabel",
        "aAhead",
        "signTestPValue",
        "samplesPerItem",
    ] {
        assert!(keys.iter().any(|key| key == expected), "no key {expected}");
    }
    let snake: Vec<&String> = keys.iter().filter(|key| key.contains('_')).collect();
    assert!(snake.is_empty(), "snake_case keys in results: {snake:?}");
    // The reader of the keys sees a two-word key written otherwise.
    assert_eq!(
        field_keys("export type T = {\n  /**\n   * a_b: c\n   */\n  x_label: string,\n};"),
        ["x_label"]
    );
}
