//! Stable sorting through one instance of the standard library's sort.
//!
//! `slice::sort_by` is generic over the element type and the comparison closure, so each call
//! site compiles its own copy of the whole sort (about 4 KB of wasm each, measured 2026-11).
//! sweepmap sorts only short lists (axis values, the cells of a row, configurations), so it
//! sorts their positions instead: one copy of the sort, on `usize`, with the comparison behind
//! a `dyn` reference, then moves the items into that order by swaps (the only per-type code).

use std::cmp::Ordering;

/// The positions `0..len` in the stable order that `compare` gives them.
fn stable_order(len: usize, compare: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    order.sort_by(|&a, &b| compare(a, b));
    order
}

/// Sorts `items` stably by `compare`, as `items.sort_by(compare)` would.
pub(crate) fn sort_by<T>(items: &mut [T], compare: impl Fn(&T, &T) -> Ordering) {
    let order = {
        let items = &*items;
        stable_order(items.len(), &|a, b| match (items.get(a), items.get(b)) {
            (Some(a), Some(b)) => compare(a, b),
            // Positions come from 0..len: both are always there.
            _ => Ordering::Equal,
        })
    };
    permute(order, &mut |a, b| items.swap(a, b));
}

/// Moves the item at `order[k]` to position `k` for every `k`, with `swap`, one cycle of the
/// permutation at a time. Not generic: each element type only brings its `swap` closure.
fn permute(mut order: Vec<usize>, swap: &mut dyn FnMut(usize, usize)) {
    for start in 0..order.len() {
        let mut current = start;
        while let Some(slot) = order.get_mut(current) {
            // Mark `current` as filled; its item comes from `source`.
            let source = std::mem::replace(slot, current);
            if source == start || source == current {
                break;
            }
            swap(current, source);
            current = source;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::sort_by;

    #[test]
    fn sorts_stably_like_the_standard_sort() {
        let mut items = vec![
            (3.0_f64, "a"),
            (1.0, "b"),
            (3.0, "c"),
            (-2.0, "d"),
            (1.0, "e"),
        ];
        let mut expected = items.clone();
        expected.sort_by(|a, b| a.0.total_cmp(&b.0));
        sort_by(&mut items, |a, b| a.0.total_cmp(&b.0));
        assert_eq!(items, expected);
        assert_eq!(items.iter().map(|item| item.1).collect::<String>(), "dbeac");
    }

    #[test]
    fn sorts_nothing_and_one() {
        let mut empty: Vec<f64> = Vec::new();
        sort_by(&mut empty, f64::total_cmp);
        assert!(empty.is_empty());
        let mut one = vec![String::from("x")];
        sort_by(&mut one, |a, b| a.cmp(b));
        assert_eq!(one, ["x"]);
    }

    #[test]
    fn permutes_every_order_of_five() {
        // Every permutation of 0..5, as keys: sorting must give 0..5 whatever the cycles.
        fn each(prefix: &mut Vec<usize>, rest: &mut Vec<usize>, check: &mut dyn FnMut(&[usize])) {
            if rest.is_empty() {
                check(prefix);
            }
            for index in 0..rest.len() {
                let item = rest.remove(index);
                prefix.push(item);
                each(prefix, rest, check);
                prefix.pop();
                rest.insert(index, item);
            }
        }
        let mut count = 0;
        each(&mut Vec::new(), &mut (0..5).collect(), &mut |keys| {
            let mut items: Vec<(usize, String)> = keys
                .iter()
                .map(|&key| (key, format!("item {key}")))
                .collect();
            sort_by(&mut items, |a, b| a.0.cmp(&b.0));
            let expected: Vec<(usize, String)> =
                (0..5).map(|key| (key, format!("item {key}"))).collect();
            assert_eq!(items, expected, "{keys:?}");
            count += 1;
        });
        assert_eq!(count, 120);
    }
}
