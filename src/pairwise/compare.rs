//! Comparing two models item by item: a 2D histogram of their scores and who is ahead.
//!
//! Model A is on x, model B on y. The histogram covers [0, 1] x [0, 1] with `columns` bins for A
//! and `rows` bins for B; bin `i` of `n` spans `[i / n, (i + 1) / n)`, except the last, which
//! also holds a score of exactly 1. It is a [`Grid`] whose cells hold item counts (column 0 is
//! the lowest A score, row 0 the lowest B score, as in every sweepmap grid). Every bin is
//! present, an empty one with a count of 0: here zero is a measurement, not missing data.
//!
//! Only items scored by both models enter the histogram and the statistics; the items scored by
//! only one of them (or by neither) are counted beside it, never silently dropped. Over the
//! paired items: A is ahead, tied (exactly equal scores) or B is ahead; the mean paired difference
//! is the mean of A - B (positive when A scores higher on average); the sign test p-value is the
//! exact two-sided test over the untied items ([`sign_test_p_value`]).

use serde::Serialize;

use super::dataset::PairwiseDataset;
use super::sign_test::sign_test_p_value;
use crate::error::{Error, Result};
use crate::{Cell, Grid};

/// Bins of a histogram when nothing else is asked for: 10 x 10.
pub const DEFAULT_BINS: (usize, usize) = (10, 10);

/// The largest number of bins along either axis.
pub use crate::view::MAX_BINS;

/// The comparison of model A (x) with model B (y), optionally within one group.
///
/// Serialized (camelCase) as the statistics the bindings return (`PairStatistics`, which adds
/// the shares): the score name and the histogram, which a figure shows, are left out.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PairComparison {
    /// Model A, on x.
    pub model_a: String,
    /// Model B, on y.
    pub model_b: String,
    /// The group the comparison is restricted to; `None` for all items.
    pub group: Option<String>,
    /// The score's name, for the axis labels.
    #[serde(skip)]
    pub score_name: String,
    /// Item counts per bin: `columns` bins of A's score by `rows` bins of B's score.
    #[serde(skip)]
    pub histogram: Grid,
    /// Items in scope (in the group, or all).
    pub items: usize,
    /// Items scored by both models: the ones in the histogram.
    pub paired: usize,
    /// Items scored by A but not B.
    pub only_a: usize,
    /// Items scored by B but not A.
    pub only_b: usize,
    /// Items scored by neither.
    pub neither: usize,
    /// Paired items where A's score is higher.
    pub a_ahead: usize,
    /// Paired items where the scores are exactly equal.
    pub tied: usize,
    /// Paired items where B's score is higher.
    pub b_ahead: usize,
    /// Mean of A - B over the paired items; `None` when there are none.
    pub mean_difference: Option<f64>,
    /// Exact two-sided sign test over the untied paired items; `None` when every paired item is
    /// tied (or there are none), so that there is nothing to test.
    pub sign_test_p_value: Option<f64>,
}

impl PairComparison {
    fn share(&self, count: usize) -> Option<f64> {
        (self.paired > 0).then(|| count as f64 / self.paired as f64)
    }

    /// Share of paired items where A is ahead; `None` without paired items.
    pub fn a_ahead_share(&self) -> Option<f64> {
        self.share(self.a_ahead)
    }

    /// Share of paired items where the scores tie; `None` without paired items.
    pub fn tied_share(&self) -> Option<f64> {
        self.share(self.tied)
    }

    /// Share of paired items where B is ahead; `None` without paired items.
    pub fn b_ahead_share(&self) -> Option<f64> {
        self.share(self.b_ahead)
    }

    /// The histogram as shares of the paired items (each bin's count / `paired`); all cells
    /// missing when there are no paired items.
    pub fn histogram_shares(&self) -> Grid {
        let (columns, rows) = (self.histogram.columns(), self.histogram.rows());
        let mut shares = Grid::empty(columns, rows);
        if self.paired > 0 {
            for (column, row, cell) in self.histogram.present() {
                shares.set(
                    column,
                    row,
                    Some(Cell::single(cell.mean / self.paired as f64)),
                );
            }
        }
        shares
    }

    /// The range of A's scores in histogram column `column`, as `(low, high)`; `None` out of
    /// range. The last bin includes `high` = 1, every other bin excludes its `high`.
    pub fn column_range(&self, column: usize) -> Option<(f64, f64)> {
        bin_range(column, self.histogram.columns())
    }

    /// The range of B's scores in histogram row `row`, as for [`column_range`](Self::column_range).
    pub fn row_range(&self, row: usize) -> Option<(f64, f64)> {
        bin_range(row, self.histogram.rows())
    }

    /// The x axis label: `"<score name> - <model A>"`.
    pub fn x_label(&self) -> String {
        format!("{} - {}", self.score_name, self.model_a)
    }

    /// The y axis label: `"<score name> - <model B>"`.
    pub fn y_label(&self) -> String {
        format!("{} - {}", self.score_name, self.model_b)
    }
}

fn bin_edge(index: usize, bins: usize) -> f64 {
    index as f64 / bins as f64
}

fn bin_range(index: usize, bins: usize) -> Option<(f64, f64)> {
    (index < bins).then(|| (bin_edge(index, bins), bin_edge(index + 1, bins)))
}

/// The bin of a score in [0, 1] among `bins` bins with edges `i / bins`: the `i` with
/// `i / bins <= score < (i + 1) / bins`, and the last bin for 1. Computed from the same edges
/// the ranges report, so a score equal to an edge (say 1/49 in 49 bins) always falls in the bin
/// that starts there, whatever `score * bins` rounds to.
fn bin_of(score: f64, bins: usize) -> usize {
    let last = bins.saturating_sub(1);
    let mut index = ((score * bins as f64).floor().max(0.0) as usize).min(last);
    if index > 0 && score < bin_edge(index, bins) {
        index -= 1;
    } else if index < last && score >= bin_edge(index + 1, bins) {
        index += 1;
    }
    index
}

fn check_bins(bins: (usize, usize)) -> Result<()> {
    for (field, count) in [("x bins", bins.0), ("y bins", bins.1)] {
        if !(1..=MAX_BINS).contains(&count) {
            return Err(Error::InvalidField {
                field: field.into(),
                expected: format!("a number of bins from 1 to {MAX_BINS}, found {count}"),
            });
        }
    }
    Ok(())
}

/// Compares model `a` (x) with model `b` (y) over the items both scored, optionally only the
/// items of one `group`, with `bins = (columns for A, rows for B)`.
///
/// Fails with [`Error::InvalidField`] for bins outside 1..=[`MAX_BINS`] (field "x bins" or
/// "y bins") or a model compared with itself, and [`Error::Unknown`] for a model or group the
/// dataset does not have. A pair without common items is not an error: its histogram is all
/// zeros and its statistics are `None`.
pub fn compare_pair(
    dataset: &PairwiseDataset,
    a: &str,
    b: &str,
    bins: (usize, usize),
    group: Option<&str>,
) -> Result<PairComparison> {
    check_bins(bins)?;
    let scores_a = dataset.scores(a)?;
    let scores_b = dataset.scores(b)?;
    if a == b {
        return Err(Error::InvalidField {
            field: "models".into(),
            expected: format!("two different models, found \"{a}\" twice"),
        });
    }
    if let Some(group) = group {
        dataset.check_group(group)?;
    }
    let (columns, rows) = bins;
    let mut counts = vec![0_usize; columns * rows];
    let mut comparison = PairComparison {
        model_a: a.to_string(),
        model_b: b.to_string(),
        group: group.map(str::to_string),
        score_name: dataset.score_name().to_string(),
        histogram: Grid::empty(columns, rows),
        items: 0,
        paired: 0,
        only_a: 0,
        only_b: 0,
        neither: 0,
        a_ahead: 0,
        tied: 0,
        b_ahead: 0,
        mean_difference: None,
        sign_test_p_value: None,
    };
    let mut difference_sum = 0.0;
    let in_scope = dataset
        .items()
        .iter()
        .zip(scores_a.iter().zip(scores_b))
        .filter(|(item, _)| group.is_none() || item.group.as_deref() == group);
    for (_, (score_a, score_b)) in in_scope {
        comparison.items += 1;
        let (score_a, score_b) = match (score_a, score_b) {
            (Some(score_a), Some(score_b)) => (*score_a, *score_b),
            (Some(_), None) => {
                comparison.only_a += 1;
                continue;
            }
            (None, Some(_)) => {
                comparison.only_b += 1;
                continue;
            }
            (None, None) => {
                comparison.neither += 1;
                continue;
            }
        };
        comparison.paired += 1;
        difference_sum += score_a - score_b;
        if score_a > score_b {
            comparison.a_ahead += 1;
        } else if score_a < score_b {
            comparison.b_ahead += 1;
        } else {
            comparison.tied += 1;
        }
        let index = bin_of(score_b, rows) * columns + bin_of(score_a, columns);
        if let Some(count) = counts.get_mut(index) {
            *count += 1;
        }
    }
    for (index, count) in counts.iter().enumerate() {
        comparison.histogram.set(
            index % columns,
            index / columns,
            Some(Cell::single(*count as f64)),
        );
    }
    if comparison.paired > 0 {
        comparison.mean_difference = Some(difference_sum / comparison.paired as f64);
    }
    if comparison.a_ahead + comparison.b_ahead > 0 {
        comparison.sign_test_p_value =
            Some(sign_test_p_value(comparison.a_ahead, comparison.b_ahead));
    }
    Ok(comparison)
}

/// How few models a comparison of every pair takes: one pair needs two.
pub const MIN_MODELS: usize = 2;

/// What the page says when a choice of models would leave fewer than [`MIN_MODELS`] to compare
/// (`chosen` models ticked; the box unticked stays ticked): "Compare at least two models.";
/// `None` when `chosen` is enough.
pub fn models_choice_note(chosen: usize) -> Option<&'static str> {
    (chosen < MIN_MODELS).then_some("Compare at least two models.")
}

/// Compares every unordered pair of `models`, in small-multiples order: (0, 1), (0, 2), ...,
/// (1, 2), ...; the earlier model of each pair is A (x). Four models give six comparisons.
///
/// Fails with [`Error::InvalidField`] (field "models") for fewer than two models or a model
/// named twice, and otherwise as [`compare_pair`].
pub fn compare_all_pairs(
    dataset: &PairwiseDataset,
    models: &[&str],
    bins: (usize, usize),
    group: Option<&str>,
) -> Result<Vec<PairComparison>> {
    if models.len() < MIN_MODELS {
        return Err(Error::InvalidField {
            field: "models".into(),
            expected: format!("at least two models to compare, found {}", models.len()),
        });
    }
    for (index, model) in models.iter().enumerate() {
        dataset.model_index(model)?;
        if models.iter().take(index).any(|earlier| earlier == model) {
            return Err(Error::InvalidField {
                field: "models".into(),
                expected: format!("each model once, found \"{model}\" twice"),
            });
        }
    }
    let mut comparisons = Vec::with_capacity(models.len() * (models.len() - 1) / 2);
    for (index, a) in models.iter().enumerate() {
        for b in models.iter().skip(index + 1) {
            comparisons.push(compare_pair(dataset, a, b, bins, group)?);
        }
    }
    Ok(comparisons)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_on_an_edge_fall_in_the_bin_that_starts_there() {
        for bins in 1..=MAX_BINS {
            for edge in 0..bins {
                let score = bin_edge(edge, bins);
                assert_eq!(bin_of(score, bins), edge, "{edge} / {bins}");
            }
            assert_eq!(bin_of(1.0, bins), bins - 1);
            assert_eq!(bin_of(0.0, bins), 0);
        }
        // 1/49 * 49 rounds to just below 1 in f64; the edge still wins.
        let edge = bin_edge(1, 49);
        assert!(edge * 49.0 < 1.0);
        assert_eq!(bin_of(edge, 49), 1);
        assert_eq!(bin_of(0.099_999, 10), 0);
        assert_eq!(bin_of(0.999_999, 10), 9);
    }

    #[test]
    fn a_choice_of_fewer_than_two_models_gets_the_note_and_the_figure_refuses_it() {
        assert_eq!(models_choice_note(0), Some("Compare at least two models."));
        assert_eq!(models_choice_note(1), Some("Compare at least two models."));
        assert_eq!(models_choice_note(2), None);
        assert_eq!(models_choice_note(40), None);
        // The same rule as the comparison of every pair.
        let dataset = crate::pairwise::load_pairwise_csv(
            "item,model,score\n1,a,1\n1,b,0\n",
            &Default::default(),
        )
        .unwrap();
        let error = compare_all_pairs(&dataset, &["a"], (10, 10), None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "field \"models\": expected at least two models to compare, found 1"
        );
        assert_eq!(
            compare_all_pairs(&dataset, &["a", "b"], (10, 10), None)
                .unwrap()
                .len(),
            1
        );
    }
}
