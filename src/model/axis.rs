//! Axes: the ordered hyperparameter values a sweep was run over.
//!
//! An axis is a list of categories drawn evenly spaced, whatever their values. When every value
//! reads as a number the axis is numeric and ordered by value (500 < 1000 < 3000, never as text);
//! otherwise it keeps the order in which values first appeared. Each value keeps the text it was
//! written with, so an export writes back what was read.

use serde::Serialize;

/// One hyperparameter axis (x or y).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Axis {
    /// The axis name as given in the data, e.g. "Local Window Size".
    pub name: String,
    /// The category labels in axis order (ascending for numeric axes).
    pub labels: Vec<String>,
    /// The numeric value of each label, when every label is a finite number.
    pub values: Option<Vec<f64>>,
}

/// What joins the two ends of a bin's label, `1e-4–3e-4` (an en dash: the numbers' own minus
/// signs and exponents stay readable). Bins write it (`src/table/bins.rs`), axes read it back
/// ([`Axis::is_ordered`]).
pub(crate) const RANGE_DASH: char = '–';

/// Parses an axis label as a finite number, if it is one.
pub(crate) fn parse_number(text: &str) -> Option<f64> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return None;
    }
    crate::decimal::parse_f64(trimmed).filter(|value| value.is_finite())
}

/// Every label parsed as a number ([`parse_number`]), or `None` when some label is not one. One
/// loop for the three callers rather than a collecting chain each (README "Package size").
pub(crate) fn parse_numbers(labels: &[String]) -> Option<Vec<f64>> {
    let mut numbers = Vec::with_capacity(labels.len());
    for label in labels {
        numbers.push(parse_number(label)?);
    }
    Some(numbers)
}

impl Axis {
    /// Builds an axis from labels in first-seen order: numeric when all labels are numbers
    /// (then sorted by value; labels with equal values must already have been merged by the
    /// caller), categorical otherwise (order kept).
    pub fn from_labels(name: impl Into<String>, labels: Vec<String>) -> Axis {
        let numbers = parse_numbers(&labels);
        match numbers {
            Some(numbers) => {
                let mut pairs: Vec<(f64, String)> = numbers.into_iter().zip(labels).collect();
                crate::sort::sort_by(&mut pairs, |a, b| a.0.total_cmp(&b.0));
                let (values, labels) = pairs.into_iter().unzip();
                Axis {
                    name: name.into(),
                    labels,
                    values: Some(values),
                }
            }
            None => Axis {
                name: name.into(),
                labels,
                values: None,
            },
        }
    }

    /// Number of categories on the axis.
    pub fn len(&self) -> usize {
        self.labels.len()
    }

    /// True when the axis has no categories.
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }

    /// True when every category is a number.
    pub fn is_numeric(&self) -> bool {
        self.values.is_some()
    }

    /// True when the categories have an order a trend can run along: numbers, or the ranges
    /// `low–high` that a binned parameter's labels are (`src/table/bins.rs`). Text categories
    /// (models, tasks, an optimizer's names) have none: their order is only the data's.
    pub fn is_ordered(&self) -> bool {
        if self.is_numeric() {
            return true;
        }
        for label in &self.labels {
            match label.split_once(RANGE_DASH) {
                Some((low, high))
                    if parse_number(low).is_some() && parse_number(high).is_some() => {}
                _ => return false,
            }
        }
        !self.labels.is_empty()
    }

    /// The position of a label on the axis. Numeric axes match by value, so "0.10" finds "0.1".
    pub fn position(&self, label: &str) -> Option<usize> {
        match (&self.values, parse_number(label)) {
            (Some(values), Some(number)) => values.iter().position(|value| *value == number),
            (Some(_), None) => None,
            (None, _) => self.labels.iter().position(|known| known == label),
        }
    }

    /// The label at a position.
    pub fn label(&self, index: usize) -> Option<&str> {
        self.labels.get(index).map(String::as_str)
    }
}

/// Collects the distinct labels of one column in first-seen order, merging labels that denote
/// the same number when every label is numeric.
#[derive(Debug, Default)]
pub(crate) struct LabelSet {
    labels: Vec<String>,
    index: crate::hash::FastMap<String, usize>,
}

impl LabelSet {
    /// Records a label and returns its first-seen index (stable until `into_axis`).
    pub(crate) fn insert(&mut self, label: &str) -> usize {
        if let Some(&index) = self.index.get(label) {
            return index;
        }
        let index = self.labels.len();
        self.labels.push(label.to_string());
        self.index.insert(label.to_string(), index);
        index
    }

    /// The labels in first-seen order (for facets, which are never sorted).
    pub(crate) fn into_labels(self) -> Vec<String> {
        self.labels
    }

    /// Turns the collected labels into an axis and a map from first-seen index to axis position.
    pub(crate) fn into_axis(self, name: &str) -> (Axis, Vec<usize>) {
        let numbers = parse_numbers(&self.labels);
        match numbers {
            Some(numbers) => {
                // Merge labels with equal numeric value ("0.1" and "0.10"): first-seen text wins.
                let mut order: Vec<(f64, usize, &String)> = Vec::with_capacity(numbers.len());
                for (seen, (value, label)) in numbers.into_iter().zip(&self.labels).enumerate() {
                    order.push((value, seen, label));
                }
                crate::sort::sort_by(&mut order, |a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
                let mut labels = Vec::new();
                let mut values: Vec<f64> = Vec::new();
                let mut position = vec![0; self.labels.len()];
                for (value, seen, label) in order {
                    if values.last() != Some(&value) {
                        values.push(value);
                        labels.push(label.clone());
                    }
                    if let Some(slot) = position.get_mut(seen) {
                        *slot = values.len() - 1;
                    }
                }
                let axis = Axis {
                    name: name.to_string(),
                    labels,
                    values: Some(values),
                };
                (axis, position)
            }
            None => {
                let position = (0..self.labels.len()).collect();
                (
                    Axis {
                        name: name.to_string(),
                        labels: self.labels,
                        values: None,
                    },
                    position,
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numeric_axes_sort_by_value_not_text() {
        let axis = Axis::from_labels("w", vec!["3000".into(), "500".into(), "1000".into()]);
        assert_eq!(axis.labels, ["500", "1000", "3000"]);
        assert_eq!(axis.values, Some(vec![500.0, 1000.0, 3000.0]));
        assert_eq!(axis.position("1000"), Some(1));
        assert_eq!(axis.position("1e3"), Some(1));
    }

    #[test]
    fn categorical_axes_keep_first_seen_order() {
        let axis = Axis::from_labels("opt", vec!["sgd".into(), "adam".into()]);
        assert_eq!(axis.labels, ["sgd", "adam"]);
        assert!(!axis.is_numeric());
        assert_eq!(axis.position("adam"), Some(1));
    }

    #[test]
    fn label_set_merges_equal_numbers() {
        let mut set = LabelSet::default();
        assert_eq!(set.insert("0.10"), 0);
        assert_eq!(set.insert("0.05"), 1);
        assert_eq!(set.insert("0.1"), 2);
        let (axis, position) = set.into_axis("ratio");
        assert_eq!(axis.labels, ["0.05", "0.10"]);
        assert_eq!(position, [1, 0, 1]);
    }
}
