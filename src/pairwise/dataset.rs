//! A pairwise dataset: which models scored which items, and how well.
//!
//! An item is identified by its name *and* its group, so item "17" of one benchmark and item
//! "17" of another are two items. Models, groups and items keep the order in which the input
//! first names them. Scores are stored densely, one slot per model and item; a slot is `None`
//! when the model has no score for the item (no row for it, or a row whose score is empty or
//! `NA`), never a zero standing in for "not scored".

use crate::hash::FastMap;

use serde::Serialize;

use crate::error::{Error, Result};

/// One scored item: its name and, when the dataset has groups, its group.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct PairwiseItem {
    /// The item's name (a task id, a problem number, a question).
    pub name: String,
    /// The item's group (a benchmark, a task family); `None` when the dataset has no groups.
    pub group: Option<String>,
}

/// Per-item scores in [0, 1] of several models, as loaded from CSV or JSON.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PairwiseDataset {
    title: Option<String>,
    source: Option<String>,
    score_name: String,
    group_name: Option<String>,
    models: Vec<String>,
    groups: Vec<String>,
    items: Vec<PairwiseItem>,
    /// `scores[model][item]`, aligned with `models` and `items`.
    scores: Vec<Vec<Option<f64>>>,
}

impl PairwiseDataset {
    /// The dataset's title, when the input gives one (JSON only).
    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    /// Where the data come from, when the input says (JSON only). Synthetic data say so here.
    pub fn source(&self) -> Option<&str> {
        self.source.as_deref()
    }

    /// The name of the score, e.g. "progress ratio": the CSV column name or the JSON
    /// `score.name`. Axis labels read `"<score name> - <model>"`.
    pub fn score_name(&self) -> &str {
        &self.score_name
    }

    /// The name of the grouping, e.g. "benchmark"; `None` when the items have no groups.
    pub fn group_name(&self) -> Option<&str> {
        self.group_name.as_deref()
    }

    /// What the group list calls every group: "All benchmarks", or "All groups" when the
    /// grouping has no name.
    pub fn all_groups_label(&self) -> String {
        let noun = self.group_name().filter(|name| !name.is_empty());
        format!("All {}s", noun.unwrap_or("group"))
    }

    /// Model names in first-seen order.
    pub fn models(&self) -> &[String] {
        &self.models
    }

    /// Group names in first-seen order; empty when the items have no groups.
    pub fn groups(&self) -> &[String] {
        &self.groups
    }

    /// Items in first-seen order.
    pub fn items(&self) -> &[PairwiseItem] {
        &self.items
    }

    /// The position of a model in [`models`](Self::models); [`Error::Unknown`] when the dataset
    /// has no such model.
    pub fn model_index(&self, model: &str) -> Result<usize> {
        self.models
            .iter()
            .position(|name| name == model)
            .ok_or_else(|| Error::Unknown {
                what: "model",
                name: model.to_string(),
                known: self.models.clone(),
            })
    }

    /// A model's scores, one per item in the order of [`items`](Self::items); `None` where the
    /// model has no score for the item.
    pub fn scores(&self, model: &str) -> Result<&[Option<f64>]> {
        let index = self.model_index(model)?;
        Ok(self
            .scores
            .get(index)
            .map(Vec::as_slice)
            .unwrap_or_default())
    }

    /// How many items a model has a score for.
    pub fn scored_count(&self, model: &str) -> Result<usize> {
        Ok(self.scores(model)?.iter().flatten().count())
    }

    /// The score of one model on one item (`group` must be given when the dataset has groups);
    /// `Ok(None)` when the model has no score for the item, [`Error::Unknown`] when the model or
    /// the item is not in the dataset.
    pub fn score(&self, model: &str, item: &str, group: Option<&str>) -> Result<Option<f64>> {
        let scores = self.scores(model)?;
        let index = self
            .items
            .iter()
            .position(|candidate| candidate.name == item && candidate.group.as_deref() == group)
            .ok_or_else(|| Error::Unknown {
                what: "item",
                name: match group {
                    Some(group) => format!(
                        "{}\" of group \"{}",
                        crate::error::excerpt(item),
                        crate::error::excerpt(group)
                    ),
                    None => item.to_string(),
                },
                known: Vec::new(),
            })?;
        Ok(scores.get(index).copied().flatten())
    }

    /// Checks that `group` is one of the dataset's groups.
    pub(super) fn check_group(&self, group: &str) -> Result<()> {
        if self.groups.iter().any(|name| name == group) {
            Ok(())
        } else {
            Err(Error::Unknown {
                what: "group",
                name: group.to_string(),
                known: self.groups.clone(),
            })
        }
    }
}

/// An item's key in [`Builder`]'s map: the name's length first, so that no two (name, group)
/// pairs share one (`None` and `Some("")` differ by the `+`).
fn item_key(name: &str, group: Option<&str>) -> String {
    let mut key = name.len().to_string();
    key.reserve(name.len() + group.map_or(0, |group| group.len() + 1) + 1);
    key.push(':');
    key.push_str(name);
    if let Some(group) = group {
        key.push('+');
        key.push_str(group);
    }
    key
}

/// Names and metadata that a loader hands to [`Builder::build`].
pub(crate) struct Names {
    pub title: Option<String>,
    pub source: Option<String>,
    pub score: String,
    pub group: Option<String>,
}

/// Collects scores in input order and builds the dense dataset.
#[derive(Default)]
pub(crate) struct Builder {
    models: Vec<String>,
    model_positions: FastMap<String, usize>,
    groups: Vec<String>,
    items: Vec<PairwiseItem>,
    /// Items by [`item_key`]: `FastMap<String, usize>` is the map type the sweep loaders use
    /// too, one hash table compiled for all of them.
    item_positions: FastMap<String, usize>,
    /// `(item, model)` -> where the score was given (a line), for duplicates.
    seen: FastMap<(usize, usize), u64>,
    scores: Vec<(usize, usize, Option<f64>)>,
}

impl Builder {
    /// Registers an item (so that an item every model left unscored still counts).
    pub fn add_item(&mut self, name: &str, group: Option<&str>) -> usize {
        let key = item_key(name, group);
        if let Some(&index) = self.item_positions.get(&key) {
            return index;
        }
        let item = PairwiseItem {
            name: name.to_string(),
            group: group.map(str::to_string),
        };
        if let Some(group) = group {
            if !self.groups.iter().any(|known| known == group) {
                self.groups.push(group.to_string());
            }
        }
        let index = self.items.len();
        self.items.push(item);
        self.item_positions.insert(key, index);
        index
    }

    /// True when the item is already registered.
    pub fn has_item(&self, name: &str, group: Option<&str>) -> bool {
        self.item_positions.contains_key(&item_key(name, group))
    }

    fn add_model(&mut self, name: &str) -> usize {
        if let Some(&index) = self.model_positions.get(name) {
            return index;
        }
        let index = self.models.len();
        self.models.push(name.to_string());
        self.model_positions.insert(name.to_string(), index);
        index
    }

    /// Adds one model's score (or its explicit absence) for one item, given at `position` (a
    /// line). Returns the position of an earlier score of the same item and model, if any, and
    /// then adds nothing.
    pub fn add_score(
        &mut self,
        item: &str,
        group: Option<&str>,
        model: &str,
        score: Option<f64>,
        position: u64,
    ) -> Option<u64> {
        let item = self.add_item(item, group);
        let model = self.add_model(model);
        if let Some(&first) = self.seen.get(&(item, model)) {
            return Some(first);
        }
        self.seen.insert((item, model), position);
        self.scores.push((item, model, score));
        None
    }

    /// Number of models seen so far.
    pub fn model_count(&self) -> usize {
        self.models.len()
    }

    /// The dataset, once the size of its score table (models x items) is checked against
    /// [`MAX_ITEM_SCORES`](crate::limits::MAX_ITEM_SCORES): a few rows that each name a new
    /// model and a new item would otherwise ask for more memory than there is.
    pub fn build(self, names: Names) -> Result<PairwiseDataset> {
        crate::limits::check_scores(self.models.len(), self.items.len())?;
        let mut scores = vec![vec![None; self.items.len()]; self.models.len()];
        for (item, model, score) in self.scores {
            if let Some(slot) = scores
                .get_mut(model)
                .and_then(|per_item| per_item.get_mut(item))
            {
                *slot = score;
            }
        }
        Ok(PairwiseDataset {
            title: names.title,
            source: names.source,
            score_name: names.score,
            group_name: names.group,
            models: self.models,
            groups: self.groups,
            items: self.items,
            scores,
        })
    }
}
