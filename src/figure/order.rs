//! Panel order: the panels of a view in the data's order (the default), or by a statistic of
//! each, the mean of its cells or its best cell, best first.
//!
//! Parameter axes never move: only whole panels do (a model's benchmarks, a benchmark's models;
//! in a grid, its rows of models and its columns of benchmarks, each by the mean or the best of
//! its panels' statistics). Panels whose statistics read the same at the panel's decimals are
//! ties: they keep the data's order, share a rank, and every panel says its statistic and rank
//! in a subtitle line ("mean 41.3 · tied 2nd of 4"), so the order is never a silent claim. A
//! panel without values goes last and says so.

use super::words::{serialize_by_name, Named};
use super::{format_value, FigurePanel};
use crate::sort::sort_by;
use crate::Direction;

/// How a view orders its panels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Order {
    /// As the data list models and benchmarks.
    #[default]
    Data,
    /// By the mean of each panel's cells, best first.
    Mean,
    /// By each panel's best cell, best first.
    Best,
}

impl Named for Order {
    const ALL: &'static [Self] = &[Order::Data, Order::Mean, Order::Best];

    fn name(self) -> &'static str {
        match self {
            Order::Data => "data",
            Order::Mean => "mean",
            Order::Best => "best",
        }
    }
}

serialize_by_name!(Order);

/// "1st", "2nd", "3rd", "4th", ..., "11th", "21st".
pub fn ordinal(rank: usize) -> String {
    let suffix = match (rank % 10, rank % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{rank}{suffix}")
}

/// A panel's statistic: the mean of its present cells, or its best cell's value.
fn statistic(panel: &FigurePanel, order: Order) -> Option<f64> {
    match order {
        Order::Best => panel.best.as_ref().map(|best| best.value),
        _ => {
            let mut values: Vec<f64> = Vec::new();
            for (_, _, cell) in panel.grid.present() {
                values.push(cell.mean);
            }
            crate::analysis::mean(&values)
        }
    }
}

/// Every panel's statistic, in the panels' order.
fn statistics(panels: &[FigurePanel], order: Order) -> Vec<Option<f64>> {
    let mut stats = Vec::with_capacity(panels.len());
    for panel in panels {
        stats.push(statistic(panel, order));
    }
    stats
}

/// Whether `a` comes before `b`: better first, panels without a statistic last.
fn better_first(a: Option<f64>, b: Option<f64>, direction: Direction) -> std::cmp::Ordering {
    use std::cmp::Ordering::*;
    match (a, b) {
        (Some(a), Some(b)) => {
            let order = a.partial_cmp(&b).unwrap_or(Equal);
            match direction {
                Direction::Higher => order.reverse(),
                Direction::Lower => order,
            }
        }
        (Some(_), None) => Less,
        (None, Some(_)) => Greater,
        (None, None) => Equal,
    }
}

/// One ranked entry: its position in the data and its statistic as written.
struct Ranked {
    /// 1-based competition rank (ties share the first one's).
    rank: usize,
    tied: bool,
    text: Option<String>,
}

/// Ranks `stats` (in the data's order) best first: the order of their indices, and each one's
/// rank, in the data's order. Ties are statistics equal as written at `decimals`.
fn rank(stats: &[Option<f64>], decimals: usize, direction: Direction) -> (Vec<usize>, Vec<Ranked>) {
    let mut order: Vec<usize> = Vec::with_capacity(stats.len());
    let mut ranked: Vec<Ranked> = Vec::with_capacity(stats.len());
    for index in 0..stats.len() {
        order.push(index);
        ranked.push(Ranked {
            rank: 0,
            tied: false,
            text: None,
        });
    }
    let stat = |index: usize| stats.get(index).copied().flatten();
    sort_by(&mut order, |&a, &b| {
        better_first(stat(a), stat(b), direction)
    });
    let text = |index: usize| stat(index).map(|value| format_value(value, decimals));
    // Values that read the same are next to each other now: each such run goes back to the
    // data's order.
    let text_at = |order: &[usize], at: usize| order.get(at).and_then(|&index| text(index));
    let mut start = 0;
    while start < order.len() {
        let shown = text_at(&order, start);
        let end = (start..order.len())
            .find(|&at| text_at(&order, at) != shown)
            .unwrap_or(order.len());
        if let Some(run) = order.get_mut(start..end) {
            sort_by(run, usize::cmp);
        }
        start = end;
    }
    for (position, &index) in order.iter().enumerate() {
        let shown = text(index);
        let same = |other: Option<&usize>| other.is_some_and(|&o| text(o) == shown);
        let previous = position.checked_sub(1).and_then(|p| order.get(p));
        let rank = match previous {
            Some(&p) if same(previous) => ranked.get(p).map_or(position + 1, |r| r.rank),
            _ => position + 1,
        };
        let tied = same(previous) || same(order.get(position + 1));
        if let Some(slot) = ranked.get_mut(index) {
            *slot = Ranked {
                rank,
                tied,
                text: shown,
            };
        }
    }
    (order, ranked)
}

/// "mean 41.3 · tied 2nd of 4" (or "no values · last of 4"); the layout wraps at the " · ".
fn rank_line(order: Order, ranked: &Ranked, count: usize) -> String {
    match &ranked.text {
        None => format!("no values · last of {count}"),
        Some(value) => {
            let tied = if ranked.tied { "tied " } else { "" };
            let place = ordinal(ranked.rank);
            format!("{} {value} · {tied}{place} of {count}", order.name())
        }
    }
}

/// The statistic of a group of panels (a grid's row or column): the mean of their means, or
/// the best of their bests.
fn combined(stats: &[Option<f64>], order: Order, direction: Direction) -> Option<f64> {
    let mut present: Vec<f64> = Vec::with_capacity(stats.len());
    for &value in stats.iter().flatten() {
        present.push(value);
    }
    match order {
        Order::Best => present
            .into_iter()
            .min_by(|&a, &b| better_first(Some(a), Some(b), direction)),
        _ => crate::analysis::mean(&present),
    }
}

/// Puts the panels of a view with one facet (a model's benchmarks, a benchmark's models) in
/// `order`, each saying its statistic and rank in a subtitle line. `decimals` is the
/// figure's.
pub(crate) fn order_panels(
    panels: &mut Vec<FigurePanel>,
    order: Order,
    direction: Direction,
    decimals: usize,
) {
    if order == Order::Data {
        return;
    }
    let stats = statistics(panels, order);
    let (sorted, ranked) = rank(&stats, decimals, direction);
    let count = panels.len();
    for (panel, ranked) in panels.iter_mut().zip(&ranked) {
        panel.subtitle.push(rank_line(order, ranked, count));
    }
    reorder(panels, &sorted);
}

/// Puts a grid's rows (models) and columns (benchmarks) in `order`, by the mean or best of
/// their panels' statistics; each panel says its own statistic and the ranks of its row and
/// column.
pub(crate) fn order_grid(
    panels: &mut Vec<FigurePanel>,
    order: Order,
    direction: Direction,
    decimals: usize,
) {
    if order == Order::Data {
        return;
    }
    let stats = statistics(panels, order);
    // The distinct models and benchmarks, in the data's order.
    let mut models: Vec<Option<&str>> = Vec::new();
    let mut benchmarks: Vec<Option<&str>> = Vec::new();
    for panel in panels.iter() {
        if !models.contains(&panel.model.as_deref()) {
            models.push(panel.model.as_deref());
        }
        if !benchmarks.contains(&panel.benchmark.as_deref()) {
            benchmarks.push(panel.benchmark.as_deref());
        }
    }
    let group = |names: &[Option<&str>], of: fn(&FigurePanel) -> Option<&str>| {
        let mut group_stats: Vec<Option<f64>> = Vec::with_capacity(names.len());
        for name in names {
            let mut members: Vec<Option<f64>> = Vec::new();
            for (panel, stat) in panels.iter().zip(&stats) {
                if of(panel) == *name {
                    members.push(*stat);
                }
            }
            group_stats.push(combined(&members, order, direction));
        }
        rank(&group_stats, decimals, direction)
    };
    let (model_order, model_ranks) = group(&models, |p| p.model.as_deref());
    let (benchmark_order, benchmark_ranks) = group(&benchmarks, |p| p.benchmark.as_deref());
    let position = |names: &[Option<&str>], order: &[usize], name: Option<&str>| {
        let index = names.iter().position(|n| *n == name).unwrap_or(0);
        (order.iter().position(|&i| i == index).unwrap_or(0), index)
    };
    let mut keyed: Vec<(usize, usize, usize)> = Vec::with_capacity(panels.len());
    let mut lines = Vec::with_capacity(panels.len());
    for (index, (panel, stat)) in panels.iter().zip(&stats).enumerate() {
        let (row, model) = position(&models, &model_order, panel.model.as_deref());
        let (column, benchmark) =
            position(&benchmarks, &benchmark_order, panel.benchmark.as_deref());
        keyed.push((row, column, index));
        let place = |ranked: Option<&Ranked>, count: usize| {
            ranked.map_or_else(String::new, |r| {
                let tied = if r.tied { "tied " } else { "" };
                format!("{tied}{} of {count}", ordinal(r.rank))
            })
        };
        let value = stat.map_or("no values".to_string(), |v| {
            format!("{} {}", order.name(), format_value(v, decimals))
        });
        lines.push(format!(
            "{value} · model {} · benchmark {}",
            place(model_ranks.get(model), models.len()),
            place(benchmark_ranks.get(benchmark), benchmarks.len())
        ));
    }
    for (panel, line) in panels.iter_mut().zip(lines) {
        panel.subtitle.push(line);
    }
    sort_by(&mut keyed, <(usize, usize, usize)>::cmp);
    let mut sorted: Vec<usize> = Vec::with_capacity(keyed.len());
    for (_, _, index) in keyed {
        sorted.push(index);
    }
    reorder(panels, &sorted);
}

/// Puts `panels` in the order of `indices` (a permutation).
fn reorder(panels: &mut Vec<FigurePanel>, indices: &[usize]) {
    let mut taken: Vec<Option<FigurePanel>> = Vec::with_capacity(panels.len());
    for panel in panels.drain(..) {
        taken.push(Some(panel));
    }
    for &index in indices {
        if let Some(panel) = taken.get_mut(index).and_then(Option::take) {
            panels.push(panel);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinals() {
        let words: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111]
            .into_iter()
            .map(ordinal)
            .collect();
        assert_eq!(
            words,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st",
                "111th"
            ]
        );
    }

    #[test]
    fn ties_at_the_shown_decimals_share_a_rank_and_keep_the_data_order() {
        // 41.31 and 41.34 both read 41.3: tied 2nd, in the data's order; None last.
        let stats = [Some(40.0), Some(41.31), None, Some(45.0), Some(41.34)];
        let (order, ranked) = rank(&stats, 1, Direction::Higher);
        assert_eq!(order, [3, 1, 4, 0, 2]);
        let ranks: Vec<(usize, bool)> = ranked.iter().map(|r| (r.rank, r.tied)).collect();
        assert_eq!(
            ranks,
            [(4, false), (2, true), (5, false), (1, false), (2, true)]
        );
        // Lower is better: ascending, the tie still together.
        let (order, _) = rank(&stats, 1, Direction::Lower);
        assert_eq!(order, [0, 1, 4, 3, 2]);
        // At two decimals they are not tied.
        let (_, ranked) = rank(&stats, 2, Direction::Higher);
        assert!(!ranked[1].tied && !ranked[4].tied);
    }
}
