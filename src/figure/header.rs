//! What the page's header says about loaded data: the facts line ("Pass@1 (%), higher is better ·
//! 2 models · 4 benchmarks · Ratio × Local Window Size") and whether the data call themselves
//! synthetic, for either kind of data. Labels from the data are written as shown (see
//! [`crate::display`]); the page places the text with `textContent`.

use super::wording::counted;
use crate::display::{display_label, display_note};
use crate::Dataset;

/// True when `text` has the word "synthetic" (any case, not inside a longer word: "synthetics"
/// and "nonsynthetic" are not it), as in a title or a provenance note.
pub fn says_synthetic(text: &str) -> bool {
    let lower = crate::text::lower(text);
    let word = |c: char| c.is_alphanumeric() || c == '_';
    lower.match_indices("synthetic").any(|(at, found)| {
        let before = lower.get(..at).and_then(|head| head.chars().next_back());
        let after = lower
            .get(at + found.len()..)
            .and_then(|tail| tail.chars().next());
        !before.is_some_and(word) && !after.is_some_and(word)
    })
}

/// True when the data's title or source say they are synthetic.
pub fn is_synthetic(title: Option<&str>, source: Option<&str>) -> bool {
    title.is_some_and(says_synthetic) || source.is_some_and(says_synthetic)
}

/// The facts line of a sweep: metric (unit), direction, models, benchmarks, the two axes.
pub fn sweep_facts(dataset: &Dataset) -> String {
    let metric = &dataset.metric;
    let unit = metric
        .unit
        .as_deref()
        .map(|unit| format!(" ({})", display_label(unit)))
        .unwrap_or_default();
    let mut parts = vec![format!(
        "{}{unit}, {} is better",
        display_label(&metric.name),
        metric.direction.as_str()
    )];
    // A dataset without a model facet (models on an axis, as lm-evaluation-harness results
    // have them) is not "1 model".
    if !dataset.models.is_absent() {
        parts.push(counted(dataset.models.levels.len(), "model"));
    }
    let benchmarks = dataset
        .benchmarks
        .levels
        .iter()
        .filter(|name| !name.is_empty())
        .count();
    if benchmarks > 0 {
        parts.push(counted(benchmarks, "benchmark"));
    }
    parts.push(format!(
        "{} × {}",
        display_label(&dataset.x.name),
        display_label(&dataset.y.name)
    ));
    parts.join(" · ")
}

/// The facts line of per-item scores: "progress ratio per item, from 0 to 1 · 4 models · 300
/// items · 3 benchmarks", bounded as a note is (it names the data's score and groups).
pub fn pairwise_facts(scores: &crate::pairwise::PairwiseDataset) -> String {
    let mut parts = vec![
        format!("{} per item, from 0 to 1", scores.score_name()),
        counted(scores.models().len(), "model"),
        counted(scores.items().len(), "item"),
    ];
    if !scores.groups().is_empty() {
        let noun = scores.group_name().filter(|name| !name.is_empty());
        parts.push(counted(scores.groups().len(), noun.unwrap_or("group")));
    }
    display_note(&parts.join(" · ")).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn synthetic_is_a_whole_word_in_any_case() {
        for yes in [
            "Synthetic example",
            "a SYNTHETIC sweep",
            "data (synthetic)",
            "synthetic",
            "made-up: synthetic.",
            "Ünïcode synthetic ünïcode",
        ] {
            assert!(says_synthetic(yes), "{yes}");
        }
        for no in [
            "synthetics",
            "nonsynthetic",
            "synthetic_data",
            "asynthetic",
            "",
            "synth",
        ] {
            assert!(!says_synthetic(no), "{no}");
        }
        assert!(is_synthetic(None, Some("generated: synthetic")));
        assert!(!is_synthetic(Some("Paper figure"), None));
    }
}
