//! Main effects: how much each parameter alone moves the metric.
//!
//! For a parameter, runs are grouped by its value (or bin); the **spread** is the largest minus
//! the smallest group mean of the metric, and the **share** is the share of the metric's
//! variance between those groups (eta squared: the sum of squares between groups over the total
//! sum of squares). Main effects only: each parameter is looked at alone, averaging over every
//! other, so interactions are not separated (this is not fANOVA, and on an unbalanced random
//! search a parameter can borrow another's effect). Runs missing the metric or the parameter
//! are left out of that parameter's effect. Parameters are ranked by spread, largest first,
//! ties in column order; the default view's axes are the first two.

use serde::Serialize;

use super::project::Groups;
use super::{Role, Sweep, MISSING};

/// One parameter's main effect on a metric.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "MainEffect"))]
pub struct Effect {
    /// The parameter's column.
    pub parameter: String,
    /// The name it is shown by.
    pub label: String,
    /// Largest minus smallest mean of the metric over the parameter's values (or bins).
    pub spread: f64,
    /// Share of the metric's variance between the parameter's values (eta squared, 0 to 1).
    pub share: f64,
    /// The share as a page shows it: "62 %".
    pub share_label: String,
    /// What the page writes under the parameter's control: "Main effect: 62 % of the variance".
    pub hint: String,
    /// What it writes beside the column in the column panel: "main effect 62 %".
    pub brief: String,
    /// Values (or bins) with at least one run measured.
    pub values: usize,
    /// True when the parameter is binned.
    pub binned: bool,
}

/// The main effect of one parameter on the metric `values` (one per run; a configuration
/// table's row weighs as its runs, and its squares within count in the total).
pub(crate) fn effect_of(
    sweep: &Sweep,
    metric: usize,
    groups: &Groups,
    values: &[Option<f64>],
) -> (f64, f64, usize) {
    let mut sums = vec![0.0f64; groups.labels.len()];
    let mut counts = vec![0.0f64; groups.labels.len()];
    let mut total = 0.0;
    let mut runs = 0.0;
    for (run, (&key, value)) in groups.keys.iter().zip(values).enumerate() {
        let (Some(value), true) = (value, key != MISSING) else {
            continue;
        };
        if let (Some(sum), Some(count)) = (sums.get_mut(key as usize), counts.get_mut(key as usize))
        {
            let weight = sweep.weight(metric, run);
            *sum += value * weight;
            *count += weight;
            total += value * weight;
            runs += weight;
        }
    }
    if runs == 0.0 {
        return (0.0, 0.0, 0);
    }
    let grand = total / runs;
    // Over the groups measured: the smallest and largest mean, and the sum of squares between.
    let (mut low, mut high, mut between, mut measured) = (f64::INFINITY, f64::NEG_INFINITY, 0.0, 0);
    for (sum, &count) in sums.iter().zip(&counts) {
        if count > 0.0 {
            let mean = sum / count;
            low = low.min(mean);
            high = high.max(mean);
            between += count * (mean - grand) * (mean - grand);
            measured += 1;
        }
    }
    let mut within_total = 0.0;
    for (run, (&key, value)) in groups.keys.iter().zip(values).enumerate() {
        if let (Some(value), true) = (value, key != MISSING) {
            let (weight, squares) = (sweep.weight(metric, run), sweep.squares(metric, run));
            within_total += weight * (value - grand) * (value - grand) + squares;
        }
    }
    let share = if within_total > 0.0 {
        (between / within_total).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (high - low, share, measured)
}

/// Every parameter's main effect on a metric column's values, ranked.
pub(crate) fn rank(sweep: &Sweep, metric: usize, values: &[Option<f64>]) -> Vec<(usize, Effect)> {
    let mut effects: Vec<(usize, Effect)> = Vec::new();
    for column in sweep.columns_with(Role::Parameter) {
        let Some(Some(groups)) = sweep.groups.get(column) else {
            continue;
        };
        let (spread, share, measured) = effect_of(sweep, metric, groups, values);
        let name = sweep
            .table
            .columns
            .get(column)
            .map_or(String::new(), |c| c.name.clone());
        let share_label = crate::figure::format_percent(Some(share), 0);
        effects.push((
            column,
            Effect {
                parameter: name,
                label: sweep.label(column).to_string(),
                spread,
                share,
                hint: format!("Main effect: {share_label} of the variance"),
                brief: format!("main effect {share_label}"),
                share_label,
                values: measured,
                binned: groups.bins.is_some(),
            },
        ));
    }
    crate::sort::sort_by(&mut effects, |a, b| {
        b.1.spread
            .partial_cmp(&a.1.spread)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(a.0.cmp(&b.0))
    });
    effects
}
