//! Numeric building blocks shared by the analyses: ties within a tolerance, means, medians,
//! sample standard deviations, average ranks and Spearman's rank correlation.
//!
//! Two printed values such as 88.5 and 88.5 must compare equal even when they reached us through
//! different arithmetic, so "equal" always means "within `1e-9 * max(1, |a|, |b|)`", never `==`.
//! Ranks are 1-based and ascending; tied values share the average of the ranks they span, the
//! usual convention for Spearman's correlation. Only finite cell values take part in any analysis:
//! a NaN or infinite mean (which the loaders never produce) is treated like a missing cell.

use super::position::CellPosition;
use crate::Grid;

/// Relative tolerance under which two values count as equal.
pub(crate) const RELATIVE_TOLERANCE: f64 = 1e-9;

/// True when `a` and `b` are equal up to [`RELATIVE_TOLERANCE`] (at least `1e-9` absolute).
pub(crate) fn values_tie(a: f64, b: f64) -> bool {
    (a - b).abs() <= RELATIVE_TOLERANCE * a.abs().max(b.abs()).max(1.0)
}

/// The finite value of a cell, or `None` when the cell is missing, out of range or not finite.
pub(crate) fn finite_value(grid: &Grid, x: usize, y: usize) -> Option<f64> {
    grid.value(x, y).filter(|value| value.is_finite())
}

/// Present, finite cells as `(position, value)`, row-major from the smallest y.
pub(crate) fn present_values(grid: &Grid) -> impl Iterator<Item = (CellPosition, f64)> + '_ {
    grid.present()
        .filter(|(_, _, cell)| cell.mean.is_finite())
        .map(|(x, y, cell)| (CellPosition::new(x, y), cell.mean))
}

/// Arithmetic mean; `None` for no values.
pub(crate) fn mean(values: &[f64]) -> Option<f64> {
    let scale = magnitude_scale(values);
    (!values.is_empty()).then(|| {
        values.iter().map(|value| value / scale).sum::<f64>() / values.len() as f64 * scale
    })
}

/// The power of two at or below the largest magnitude among `values` (1 when that is zero or
/// subnormal). Sums and squares are taken of the values divided by it: a power of two divides
/// exactly, so ordinary values give the very same results, and values near f64::MAX (1e300 in a
/// file) give a finite mean and spread instead of infinity.
fn magnitude_scale(values: &[f64]) -> f64 {
    let largest = values
        .iter()
        .fold(0.0f64, |largest, value| largest.max(value.abs()));
    power_of_two_at_or_below(largest)
}

/// The power of two at or below `largest` (a magnitude), or 1 when it is zero or subnormal: the
/// scale of [`magnitude_scale`] for values whose largest magnitude is already known.
pub(crate) fn power_of_two_at_or_below(largest: f64) -> f64 {
    if largest.is_normal() {
        f64::from_bits(largest.to_bits() & 0x7ff0_0000_0000_0000)
    } else {
        1.0
    }
}

/// Median (mean of the two middle values for an even count); `None` for no values.
pub(crate) fn median(values: &[f64]) -> Option<f64> {
    // Selection, not a sort: linear time, so a million cells take milliseconds. After it the
    // middle element is in place and everything before it is no larger.
    let mut values = values.to_vec();
    let count = values.len();
    let middle = count / 2;
    if middle >= count {
        return None;
    }
    let (below, upper, _) = values.select_nth_unstable_by(middle, f64::total_cmp);
    let upper = *upper;
    if count % 2 == 1 {
        Some(upper)
    } else {
        let lower = below.iter().copied().max_by(f64::total_cmp)?;
        Some((lower + upper) / 2.0)
    }
}

/// Sample standard deviation (`n - 1` in the denominator); `None` for fewer than two values.
pub(crate) fn sample_standard_deviation(values: &[f64]) -> Option<f64> {
    if values.len() < 2 {
        return None;
    }
    let scale = magnitude_scale(values);
    let center = mean(values)? / scale;
    let squares: f64 = values
        .iter()
        .map(|value| (value / scale - center).powi(2))
        .sum();
    Some((squares / (values.len() - 1) as f64).sqrt() * scale)
}

/// The rank of one value among others.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Rank {
    /// 1-based ascending rank; tied values share the average of the ranks they span.
    pub average: f64,
    /// How many values are strictly smaller (not tied).
    pub strictly_smaller: usize,
}

/// Ranks values in ascending order, aligned with the input. Ties (see [`values_tie`]) between
/// neighbours in sorted order share their average rank.
pub(crate) fn rank_ascending(values: &[f64]) -> Vec<Rank> {
    let mut sorted: Vec<(usize, f64)> = Vec::with_capacity(values.len());
    for (index, &value) in values.iter().enumerate() {
        sorted.push((index, value));
    }
    crate::sort::sort_by(&mut sorted, |a, b| a.1.total_cmp(&b.1));
    let mut ranks = vec![
        Rank {
            average: 0.0,
            strictly_smaller: 0
        };
        values.len()
    ];
    let mut start = 0;
    for group in sorted.chunk_by(|a, b| values_tie(a.1, b.1)) {
        // Ranks start + 1 ..= start + len; their average is the midpoint.
        let average = start as f64 + (group.len() as f64 + 1.0) / 2.0;
        for (index, _) in group {
            if let Some(rank) = ranks.get_mut(*index) {
                *rank = Rank {
                    average,
                    strictly_smaller: start,
                };
            }
        }
        start += group.len();
    }
    ranks
}

/// The average ranks of `values` ([`rank_ascending`]), aligned with the input.
fn average_ranks(values: &[f64]) -> Vec<f64> {
    let ranks = rank_ascending(values);
    let mut averages = Vec::with_capacity(ranks.len());
    for rank in &ranks {
        averages.push(rank.average);
    }
    averages
}

/// Spearman's rank correlation of two equally long series: the Pearson correlation of their
/// average ranks. `None` when the lengths differ, when there are fewer than three pairs, or when
/// either series does not vary (all values tied), since no trend can be measured then.
pub fn spearman_correlation(first: &[f64], second: &[f64]) -> Option<f64> {
    if first.len() != second.len() || first.len() < 3 {
        return None;
    }
    let first_ranks = average_ranks(first);
    let second_ranks = average_ranks(second);
    let first_center = mean(&first_ranks)?;
    let second_center = mean(&second_ranks)?;
    let mut cross = 0.0;
    let mut first_squares = 0.0;
    let mut second_squares = 0.0;
    for (a, b) in first_ranks.iter().zip(&second_ranks) {
        let (da, db) = (a - first_center, b - second_center);
        cross += da * db;
        first_squares += da * da;
        second_squares += db * db;
    }
    if first_squares <= 0.0 || second_squares <= 0.0 {
        return None;
    }
    Some((cross / (first_squares * second_squares).sqrt()).clamp(-1.0, 1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mean_and_spread_of_the_largest_doubles_are_finite() {
        let huge = [1e308, 1.5e308, 1.7e308, -1.2e308];
        let ordinary = [1.0, 1.5, 1.7, -1.2];
        let mean_huge = mean(&huge).unwrap();
        let spread_huge = sample_standard_deviation(&huge).unwrap();
        assert!((mean_huge / 1e308 - mean(&ordinary).unwrap()).abs() < 1e-12);
        let spread = sample_standard_deviation(&ordinary).unwrap();
        assert!(
            (spread_huge / 1e308 - spread).abs() < 1e-12,
            "{spread_huge}"
        );
        // Ordinary values give exactly what the plain formulas give.
        let mut next = crate::testing::xorshift(0x9e37_79b9_7f4a_7c15);
        for _ in 0..500 {
            let values: Vec<f64> = (0..1 + next() % 40)
                .map(|_| (next() % 2_000_000) as f64 / 1000.0 - 1000.0)
                .collect();
            let plain_mean = values.iter().sum::<f64>() / values.len() as f64;
            assert_eq!(mean(&values), Some(plain_mean));
            if values.len() > 1 {
                let squares: f64 = values.iter().map(|v| (v - plain_mean).powi(2)).sum();
                let plain = (squares / (values.len() - 1) as f64).sqrt();
                assert_eq!(
                    sample_standard_deviation(&values),
                    Some(plain),
                    "{values:?}"
                );
            }
        }
    }

    #[test]
    fn ties_use_a_relative_tolerance() {
        assert!(values_tie(88.5, 88.5));
        assert!(values_tie(0.1 + 0.2, 0.3));
        assert!(values_tie(1e12, 1e12 + 1e-4));
        assert!(!values_tie(88.5, 88.4));
    }

    #[test]
    fn the_median_by_selection_is_the_median_of_the_sorted_values() {
        let mut state = 7u64;
        for length in 1..60 {
            let values: Vec<f64> = (0..length)
                .map(|_| {
                    state = state
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1);
                    f64::from((state >> 58) as u32) / 4.0
                })
                .collect();
            let mut sorted = values.clone();
            sorted.sort_by(f64::total_cmp);
            let expected = if length % 2 == 1 {
                sorted[length / 2]
            } else {
                (sorted[length / 2 - 1] + sorted[length / 2]) / 2.0
            };
            assert_eq!(median(&values), Some(expected), "{values:?}");
        }
    }

    #[test]
    fn median_and_standard_deviation_of_small_series() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
        assert_eq!(median(&[]), None);
        // Squared deviations from the mean 5 sum to 32; 32 / 7 is the sample variance.
        let spread = sample_standard_deviation(&[2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]).unwrap();
        assert!((spread - (32.0f64 / 7.0).sqrt()).abs() < 1e-12);
        assert_eq!(sample_standard_deviation(&[5.0]), None);
    }

    #[test]
    fn tied_values_share_the_average_rank() {
        let ranks = rank_ascending(&[10.0, 30.0, 20.0, 30.0, 10.0]);
        let averages: Vec<f64> = ranks.iter().map(|r| r.average).collect();
        assert_eq!(averages, [1.5, 4.5, 3.0, 4.5, 1.5]);
        let smaller: Vec<usize> = ranks.iter().map(|r| r.strictly_smaller).collect();
        assert_eq!(smaller, [0, 3, 2, 3, 0]);
    }

    #[test]
    fn spearman_handles_ties_short_series_and_constants() {
        assert_eq!(
            spearman_correlation(&[1.0, 2.0, 3.0], &[10.0, 20.0, 30.0]),
            Some(1.0)
        );
        assert_eq!(
            spearman_correlation(&[1.0, 2.0, 3.0], &[3.0, 2.0, 1.0]),
            Some(-1.0)
        );
        assert_eq!(spearman_correlation(&[1.0, 2.0], &[1.0, 2.0]), None);
        assert_eq!(
            spearman_correlation(&[1.0, 2.0, 3.0], &[5.0, 5.0, 5.0]),
            None
        );
        assert_eq!(spearman_correlation(&[1.0, 2.0, 3.0], &[5.0, 5.0]), None);
        // Ranks (1, 2, 3, 4) against (1.5, 1.5, 3, 4): hand-computed 0.9486833 = 3 / sqrt(10).
        let rho = spearman_correlation(&[1.0, 2.0, 3.0, 4.0], &[7.0, 7.0, 8.0, 9.0]).unwrap();
        assert!((rho - 3.0 / 10f64.sqrt()).abs() < 1e-12);
    }
}
