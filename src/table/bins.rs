//! Bins for continuous parameters: a learning rate drawn log-uniformly has no two runs with the
//! same value, so there is no grid until the values are binned.
//!
//! A numeric parameter is binned when it has more than [`GRID_VALUES`] distinct values, or at
//! least 8 and nearly every run its own (80 %). Bins are log-spaced when every value is positive
//! and the values span more than two decades (edges at 1 and 3 of each decade, or whole
//! decades past six), else linear with a round step (1, 2 or 5 times a power of ten) giving
//! at most ten bins. Edges are written as decimals and read back as the data are read, so a
//! value on an edge falls in the bin the label says: bins hold `[low, high)`, the last one its
//! top edge too. Labels are ranges: `1e-4–3e-4`, `0.2–0.4`.
//!
//! The rule needs only a column's count of distinct values, its runs, and its smallest and
//! largest value ([`Bins::for_values`]), so an engine that holds rows a tab cannot (DuckDB, in
//! the page or in Python: README "Too many configurations") bins a column by it from four
//! numbers: the importers package gives the page these bins (`reductionBins`), and the run
//! table's own grouping calls the same function.

use serde::Serialize;

#[cfg(feature = "tables")]
use super::TableColumn;

/// Distinct values a numeric parameter may have and stay a grid.
pub const GRID_VALUES: usize = 12;

/// The bins of one parameter.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Bins {
    /// Edges, ascending; bin `i` holds `edges[i] <= value < edges[i + 1]` (the last bin its top
    /// edge too).
    pub edges: Vec<f64>,
    /// One label per bin: `low–high`.
    pub labels: Vec<String>,
    /// True when log-spaced.
    pub log: bool,
}

impl Bins {
    /// The bins for a column, when it should be binned (see the module documentation).
    #[cfg(feature = "tables")]
    pub fn of(column: &TableColumn, runs: usize) -> Option<Bins> {
        let numbers = column.numbers.as_ref()?;
        let (mut min, mut max) = (f64::INFINITY, f64::NEG_INFINITY);
        for &number in numbers {
            min = min.min(number);
            max = max.max(number);
        }
        Bins::for_values(numbers.len(), runs, min, max)
    }

    /// The bins of a numeric column with `values` distinct values over `runs` runs, from
    /// `min` to `max`, when it should be binned: the rule of [`Bins::of`] (the run table's), for
    /// a column whose rows are elsewhere (an engine's reduction: README "Too many
    /// configurations").
    pub fn for_values(values: usize, runs: usize, min: f64, max: f64) -> Option<Bins> {
        let mostly_unique = values >= 8 && values.saturating_mul(5) >= runs.saturating_mul(4);
        if values <= GRID_VALUES && !mostly_unique {
            return None;
        }
        Some(Bins::spanning(min, max))
    }

    /// The edges as the decimals the labels write them (`["1e-4", "3e-4", "0.001"]`): what an
    /// engine compares values with to put them in the bins the labels name.
    pub fn edge_texts(&self) -> Vec<String> {
        let mut texts = Vec::with_capacity(self.labels.len() + 1);
        for (index, label) in self.labels.iter().enumerate() {
            let mut ends = label.splitn(2, crate::model::axis::RANGE_DASH);
            let (low, high) = (ends.next().unwrap_or(""), ends.next().unwrap_or(""));
            if index == 0 {
                texts.push(low.to_string());
            }
            texts.push(high.to_string());
        }
        texts
    }

    /// Bins that cover `min..=max`.
    pub fn spanning(min: f64, max: f64) -> Bins {
        if min > 0.0 && max / min > 100.0 {
            log_bins(min, max)
        } else {
            linear_bins(min, max)
        }
    }

    /// The bin of a value (values outside the edges go to the first or last bin).
    pub fn index(&self, value: f64) -> usize {
        let below = self.edges.partition_point(|&edge| edge <= value);
        below
            .saturating_sub(1)
            .min(self.labels.len().saturating_sub(1))
    }

    /// Number of bins.
    pub fn len(&self) -> usize {
        self.labels.len()
    }

    /// True when there are no bins.
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }
}

/// `mantissa × 10^exponent` as decimal text: "0.003", "1500", "-0.25"; exponent notation
/// ("1e-4") when `scientific` and the exponent is outside -3..=3.
fn decimal(mut mantissa: i64, mut exponent: i32, scientific: bool) -> String {
    if mantissa == 0 {
        return "0".into();
    }
    while mantissa % 10 == 0 {
        mantissa /= 10;
        exponent += 1;
    }
    let sign = if mantissa < 0 { "-" } else { "" };
    let digits = mantissa.unsigned_abs().to_string();
    if scientific && !(-3..=3).contains(&exponent) {
        return format!("{sign}{digits}e{exponent}");
    }
    if exponent >= 0 {
        return format!(
            "{sign}{digits}{}",
            "0".repeat(exponent.unsigned_abs() as usize)
        );
    }
    let places = exponent.unsigned_abs() as usize;
    if digits.len() > places {
        let (whole, fraction) = digits.split_at(digits.len() - places);
        format!("{sign}{whole}.{fraction}")
    } else {
        format!("{sign}0.{}{digits}", "0".repeat(places - digits.len()))
    }
}

/// An edge's decimal text read back as the number it is, as a run table reads its fields (the
/// texts are the edges' own, finite decimals).
fn edge_number(text: &str) -> f64 {
    crate::decimal::parse_f64(text)
        .filter(|value| value.is_finite())
        .unwrap_or_default()
}

/// Edges given as decimal texts, read back as numbers, labelled as ranges.
fn from_texts(texts: &[String], log: bool) -> Bins {
    let mut edges = Vec::with_capacity(texts.len());
    let mut labels = Vec::with_capacity(texts.len());
    for (k, text) in texts.iter().enumerate() {
        edges.push(edge_number(text));
        if let Some(low) = k.checked_sub(1).and_then(|low| texts.get(low)) {
            labels.push(range(low, text));
        }
    }
    Bins { edges, labels, log }
}

/// A bin's label: `low–high`.
fn range(low: &str, high: &str) -> String {
    let mut label = String::with_capacity(low.len() + high.len() + 3);
    label.push_str(low);
    label.push(crate::model::axis::RANGE_DASH);
    label.push_str(high);
    label
}

/// Log-spaced bins: edges at 1 and 3 of each decade, or every decade past six decades.
fn log_bins(min: f64, max: f64) -> Bins {
    let decades = (max / min).log10();
    let per_decade: i32 = if decades > 6.0 { 1 } else { 2 };
    // Edge `j`: decade j / per_decade, mantissa 1 or 3.
    let edge = |j: i32| -> (String, f64) {
        let decade = j.div_euclid(per_decade);
        let mantissa = if j.rem_euclid(per_decade) == 0 { 1 } else { 3 };
        let text = decimal(mantissa, decade, true);
        let value = edge_number(&text);
        (text, value)
    };
    let guess = |value: f64| (value.log10().floor() as i32) * per_decade;
    let mut low = guess(min) - per_decade;
    while edge(low + 1).1 <= min {
        low += 1;
    }
    let mut high = guess(max);
    while edge(high).1 < max {
        high += 1;
    }
    let mut texts: Vec<String> = Vec::new();
    for j in low..=high.max(low + 1) {
        texts.push(edge(j).0);
    }
    from_texts(&texts, true)
}

/// Linear bins with a round step: at most ten.
fn linear_bins(min: f64, max: f64) -> Bins {
    let span = max - min;
    if span <= 0.0 || !span.is_finite() {
        return one_bin(min, max);
    }
    let exponent = (span / 10.0).log10().floor() as i32;
    for mantissa in [1i64, 2, 5, 10, 20, 50] {
        let step = mantissa as f64 * 10f64.powi(exponent);
        let text = |k: i64| decimal(k.saturating_mul(mantissa), exponent, false);
        let value = |k: i64| edge_number(&text(k));
        let mut low = (min / step).floor() as i64;
        while value(low + 1) <= min {
            low += 1;
        }
        while value(low) > min {
            low -= 1;
        }
        let mut high = (max / step).ceil() as i64;
        while high - 1 > low && value(high - 1) >= max {
            high -= 1;
        }
        while value(high) < max {
            high += 1;
        }
        if high - low <= 10 {
            let mut texts: Vec<String> = Vec::new();
            for k in low..=high {
                texts.push(text(k));
            }
            return from_texts(&texts, false);
        }
    }
    // Unreachable for finite spans (a step of 50 × 10^e covers any span under 10^(e+2)).
    one_bin(min, max)
}

/// One bin from `min` to `max`, labelled with their shortest decimals (as `{}` writes them).
fn one_bin(min: f64, max: f64) -> Bins {
    let text = crate::float_text::shortest;
    Bins {
        edges: vec![min, max],
        labels: vec![range(&text(min), &text(max))],
        log: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_are_written_exactly() {
        assert_eq!(decimal(3, -4, true), "3e-4");
        assert_eq!(decimal(3, -3, true), "0.003");
        assert_eq!(decimal(25, -2, false), "0.25");
        assert_eq!(decimal(-15, 2, false), "-1500");
        assert_eq!(decimal(10, -1, false), "1");
        assert_eq!(decimal(1, 5, true), "1e5");
    }

    #[test]
    fn log_bins_are_half_decades_with_range_labels() {
        let bins = Bins::spanning(0.00012, 0.05);
        assert!(bins.log);
        assert_eq!(
            bins.labels,
            [
                "1e-4–3e-4",
                "3e-4–0.001",
                "0.001–0.003",
                "0.003–0.01",
                "0.01–0.03",
                "0.03–0.1"
            ]
        );
        assert_eq!(bins.index(0.00012), 0);
        assert_eq!(bins.index(0.0003), 1);
        assert_eq!(bins.index(0.00299), 2);
        assert_eq!(bins.index(0.05), 5);
        assert_eq!(bins.edges[0], 1e-4);
    }

    #[test]
    fn wide_log_spans_use_whole_decades() {
        let bins = Bins::spanning(1e-9, 0.5);
        assert_eq!(bins.labels.len(), 9);
        assert_eq!(bins.labels[0], "1e-9–1e-8");
        assert_eq!(bins.labels[8], "0.1–1");
    }

    #[test]
    fn linear_bins_have_a_round_step() {
        let bins = Bins::spanning(0.03, 0.97);
        assert!(!bins.log);
        assert_eq!(
            bins.labels,
            [
                "0–0.1",
                "0.1–0.2",
                "0.2–0.3",
                "0.3–0.4",
                "0.4–0.5",
                "0.5–0.6",
                "0.6–0.7",
                "0.7–0.8",
                "0.8–0.9",
                "0.9–1"
            ]
        );
        // A value on an edge is in the bin that starts there, as the labels say.
        assert_eq!(bins.index(0.3), 3);
        assert_eq!(bins.index(0.97), 9);
        assert_eq!(bins.index(1.0), 9);
        let bins = Bins::spanning(16.0, 512.0);
        assert_eq!(bins.labels.first().unwrap(), "0–100");
        assert_eq!(bins.labels.len(), 6);
        let negative = Bins::spanning(-1.0, 1.0);
        assert_eq!(negative.labels.first().unwrap(), "-1–-0.8");
        assert_eq!(negative.labels.len(), 10);
        // Positive values spanning exactly two decades stay linear.
        assert!(!Bins::spanning(1.0, 100.0).log);
    }

    #[test]
    fn a_span_of_nothing_is_one_bin_labelled_as_rust_writes_the_numbers() {
        for (min, max) in [
            (0.5, 0.5),
            (3.0, 3.0),
            (1e-7, 1e-7),
            (1e21, 1e21),
            (-0.0, -0.0),
            (0.1 + 0.2, 0.1 + 0.2),
            (2.0, 1.0),
            (f64::NEG_INFINITY, f64::INFINITY),
        ] {
            let bins = Bins::spanning(min, max);
            assert_eq!(bins.labels, [format!("{min}–{max}")]);
            assert_eq!(bins.edges, [min, max]);
        }
    }

    #[test]
    #[cfg(feature = "tables")]
    fn only_many_or_mostly_unique_numbers_are_binned() {
        let column = |values: usize, runs: usize| TableColumn {
            name: "p".into(),
            levels: (0..values).map(|v| v.to_string()).collect(),
            numbers: Some((0..values).map(|v| v as f64).collect()),
            codes: (0..runs).map(|r| (r % values) as u32).collect(),
        };
        assert!(Bins::of(&column(12, 120), 120).is_none());
        assert!(Bins::of(&column(13, 130), 130).is_some());
        assert!(Bins::of(&column(8, 9), 9).is_some());
        assert!(Bins::of(&column(8, 16), 16).is_none());
        assert!(Bins::of(&column(5, 5), 5).is_none());
    }
}
