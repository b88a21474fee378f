//! Pairwise comparisons in words: what every pair is compared over, each pair's statistics as
//! the cards beside the figure list them, one sentence per pair for the canvas' accessible
//! description, and all of it as Markdown. Written from the [`PairComparison`]s behind the
//! panels; the page only places the text.

use serde::Serialize;

use super::markdown::{MarkdownWriter, TableColumn};
use super::wording::{counted, format_p_value, format_percent, format_signed, grouped};
use crate::display::display_label;
use crate::link::js_number;
use crate::pairwise::PairComparison;

/// Decimals of the shares in the cards, sentences and table ("36.1 %").
const SHARE_DECIMALS: usize = 1;

/// Decimals of the mean paired difference.
const MEAN_DECIMALS: usize = 3;

/// One statistic of a pair: a key for the page (`"a_ahead"`, `"sign_test"`, ...), its term and
/// its value in words.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "PairStatisticText"))]
pub struct Statistic {
    pub key: &'static str,
    pub term: String,
    pub text: String,
}

/// A pair's card and sentence.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PairSummary {
    /// "model-a vs model-b", with " | web" within one group: the panel's title.
    pub title: String,
    pub statistics: Vec<Statistic>,
    /// One sentence with the pair's title, for the accessible description.
    pub sentence: String,
}

/// Everything the page shows in words beside a pairwise figure.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ComparisonsSummary {
    /// What every pair is compared over; empty without pairs.
    pub scope: String,
    pub pairs: Vec<PairSummary>,
    /// "Pairwise comparisons." and every pair's sentence; empty without pairs.
    pub description: String,
}

/// "model-a vs model-b", with " | web" when compared within one group.
pub fn pair_title(comparison: &PairComparison) -> String {
    let mut title = format!(
        "{} vs {}",
        display_label(&comparison.model_a),
        display_label(&comparison.model_b)
    );
    if let Some(group) = &comparison.group {
        title.push_str(&format!(" | {}", display_label(group)));
    }
    title
}

fn share(value: Option<f64>) -> String {
    format_percent(value, SHARE_DECIMALS)
}

fn mean(comparison: &PairComparison) -> String {
    comparison
        .mean_difference
        .map_or_else(|| "–".to_string(), |m| format_signed(m, MEAN_DECIMALS))
}

/// The statistics of one pair: shares ahead, tied and behind (of the paired items), the mean
/// paired difference, the sign test, and the items only one model (or neither) scored.
pub fn pair_statistics(comparison: &PairComparison) -> Vec<Statistic> {
    let (a, b) = (&comparison.model_a, &comparison.model_b);
    let mut rows: Vec<(&'static str, String, String)> = Vec::new();
    if comparison.paired == 0 {
        rows.push((
            "paired",
            "Paired items".into(),
            "none: no item was scored by both models".into(),
        ));
    } else {
        for (key, term, count, value) in [
            (
                "a_ahead",
                format!("{a} ahead"),
                comparison.a_ahead,
                comparison.a_ahead_share(),
            ),
            (
                "tied",
                "Tied".into(),
                comparison.tied,
                comparison.tied_share(),
            ),
            (
                "b_ahead",
                format!("{b} ahead"),
                comparison.b_ahead,
                comparison.b_ahead_share(),
            ),
        ] {
            let text = format!("{count} of {} ({})", comparison.paired, share(value));
            rows.push((key, term, text));
        }
        rows.push((
            "mean_difference",
            format!("Mean {a} − {b}"),
            mean(comparison),
        ));
        let sign_test = match comparison.sign_test_p_value {
            None => "– (every paired item is tied)".to_string(),
            Some(p) => format!(
                "p {} ({})",
                format_p_value(Some(p)),
                counted(comparison.a_ahead + comparison.b_ahead, "untied item")
            ),
        };
        rows.push(("sign_test", "Sign test".into(), sign_test));
    }
    let one_sided = comparison.only_a + comparison.only_b;
    let one_model = if one_sided == 0 {
        "none".into()
    } else {
        format!(
            "{one_sided}: {} by {a}, {} by {b} (not compared)",
            comparison.only_a, comparison.only_b
        )
    };
    rows.push(("one_model", "Scored by one model only".into(), one_model));
    if comparison.neither > 0 {
        rows.push((
            "neither",
            "Scored by neither".into(),
            comparison.neither.to_string(),
        ));
    }
    rows.into_iter()
        .map(|(key, term, text)| Statistic { key, term, text })
        .collect()
}

/// One sentence per pair, for the canvas' accessible description.
pub fn pair_sentence(comparison: &PairComparison) -> String {
    let title = pair_title(comparison);
    if comparison.paired == 0 {
        return format!("{title}: no item was scored by both models.");
    }
    let (a, b) = (&comparison.model_a, &comparison.model_b);
    format!(
        "{title}: {a} ahead on {} of {}, tied on {}, {b} ahead on {}; mean {a} − {b} {}; sign \
         test p {}; {} scored by one model only.",
        share(comparison.a_ahead_share()),
        counted(comparison.paired, "paired item"),
        share(comparison.tied_share()),
        share(comparison.b_ahead_share()),
        mean(comparison),
        format_p_value(comparison.sign_test_p_value),
        counted(comparison.only_a + comparison.only_b, "item"),
    )
}

/// A bin's share of its pair's paired items in words: "6.3 % of 285 paired items", or
/// "– (no paired items)".
pub fn bin_share_text(count: f64, paired: usize) -> String {
    if paired == 0 {
        return "– (no paired items)".to_string();
    }
    format!(
        "{} of {}",
        share(Some(count / paired as f64)),
        counted(paired, "paired item")
    )
}

/// A bin's score range as JavaScript writes the numbers: "[0.2, 0.3)", and "[0.9, 1]" for the
/// last bin, which includes 1.
pub fn bin_range_text((low, high): (f64, f64)) -> String {
    let close = if high >= 1.0 { ']' } else { ')' };
    format!("[{}, {}{close}", js_number(low), js_number(high))
}

/// The live region's line for a bin reached with the keyboard: "model-a vs model-b: model-a
/// [0.2, 0.3), model-b [0.5, 0.6): 3 items, 6.3 % of 285 paired items."
pub fn bin_announcement(
    title: &str,
    (x_name, x_range): (&str, (f64, f64)),
    (y_name, y_range): (&str, (f64, f64)),
    count: usize,
    share_text: &str,
) -> String {
    format!(
        "{title}: {x_name} {}, {y_name} {}: {}, {share_text}.",
        bin_range_text(x_range),
        bin_range_text(y_range),
        counted(count, "item")
    )
}

/// Pairs among `models` models: every panel of a pairwise figure is one.
fn pair_count(models: usize) -> usize {
    models * models.saturating_sub(1) / 2
}

/// Where the reader of [`default_models_note`] chooses the models: its last sentence says how
/// to add others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModelsControl {
    /// The page's list of models, one checkbox each ("Tick others to add them.").
    Checkboxes,
    /// Python's `models=[...]` keyword ("Choose them with models=[...].").
    Keyword,
}

impl ModelsControl {
    /// The control named by `word` (`"checkboxes"`, `"keyword"`), or the message naming both.
    pub fn from_word(word: &str) -> Result<Self, String> {
        match word {
            "checkboxes" => Ok(Self::Checkboxes),
            "keyword" => Ok(Self::Keyword),
            other => Err(format!(
                "modelsNote: the control must be \"checkboxes\" or \"keyword\", found {other:?}"
            )),
        }
    }
}

/// The note under the model list while the default models are shown and the data have more:
/// "Comparing the first 5 of 40 models (10 of 780 pairs). Tick others to add them."; empty when
/// the default models are every model. Its last sentence says how to add models with `control`.
pub fn default_models_note(shown: usize, total: usize, control: ModelsControl) -> String {
    if shown >= total {
        return String::new();
    }
    let add = match control {
        ModelsControl::Checkboxes => "Tick others to add them.",
        ModelsControl::Keyword => "Choose them with models=[...].",
    };
    format!(
        "Comparing the first {} of {} models ({} of {} pairs). {add}",
        grouped(shown),
        grouped(total),
        grouped(pair_count(shown)),
        grouped(pair_count(total))
    )
}

/// What every pair is compared over (they all share the scope of the first): one sentence
/// above the cards; empty without pairs.
pub fn scope_sentence(comparisons: &[PairComparison]) -> String {
    let Some(first) = comparisons.first() else {
        return String::new();
    };
    let items = counted(first.items, "item");
    let scope = match &first.group {
        None => format!("the {items}"),
        Some(group) => format!("the {items} of {group}"),
    };
    format!(
        "Each pair is compared over the items both models scored, of {scope}: the shares are of \
         those paired items, and the sign test leaves the ties out. The bins shape the \
         histograms only."
    )
}

/// The scope, every pair's statistics and sentence, and the description they make.
pub fn summarize_comparisons(comparisons: &[PairComparison]) -> ComparisonsSummary {
    let pairs: Vec<PairSummary> = comparisons
        .iter()
        .map(|comparison| PairSummary {
            title: pair_title(comparison),
            statistics: pair_statistics(comparison),
            sentence: pair_sentence(comparison),
        })
        .collect();
    let description = if pairs.is_empty() {
        String::new()
    } else {
        let sentences: Vec<&str> = pairs.iter().map(|pair| pair.sentence.as_str()).collect();
        format!("Pairwise comparisons. {}", sentences.join(" "))
    };
    ComparisonsSummary {
        scope: scope_sentence(comparisons),
        pairs,
        description,
    }
}

/// The statistics of every pair as Markdown: a heading, the scope sentence and one table row per
/// pair.
pub fn comparisons_markdown(comparisons: &[PairComparison]) -> String {
    let mut writer = MarkdownWriter::default();
    writer.heading(2, "Pairwise comparisons");
    writer.paragraph(&scope_sentence(comparisons));
    let mut columns = vec![TableColumn::text("Pair (A vs B)")];
    for name in [
        "Paired items",
        "A ahead",
        "Tied",
        "B ahead",
        "Mean A − B",
        "Sign test p",
        "Scored by one model only",
    ] {
        columns.push(TableColumn::numeric(name));
    }
    let rows: Vec<Vec<String>> = comparisons
        .iter()
        .map(|comparison| {
            let p = format_p_value(comparison.sign_test_p_value);
            vec![
                pair_title(comparison),
                comparison.paired.to_string(),
                share(comparison.a_ahead_share()),
                share(comparison.tied_share()),
                share(comparison.b_ahead_share()),
                mean(comparison),
                p.strip_prefix("= ").map_or(p.clone(), str::to_string),
                format!(
                    "{} ({} A, {} B)",
                    comparison.only_a + comparison.only_b,
                    comparison.only_a,
                    comparison.only_b
                ),
            ]
        })
        .collect();
    writer.table(&columns, &rows);
    writer.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;

    #[test]
    fn bin_wording() {
        assert_eq!(bin_range_text((0.2, 0.3)), "[0.2, 0.3)");
        assert_eq!(bin_range_text((0.0, 0.1)), "[0, 0.1)");
        assert_eq!(bin_range_text((0.9, 1.0)), "[0.9, 1]");
        assert_eq!(bin_range_text((0.95, 1.0)), "[0.95, 1]");
        assert_eq!(
            bin_range_text((0.2, 0.30000000000000004)),
            "[0.2, 0.30000000000000004)"
        );
        assert_eq!(
            bin_range_text((0.3, 0.30000000000000004)),
            "[0.3, 0.30000000000000004)"
        );
        assert_eq!(
            bin_announcement(
                "model-a vs model-b",
                ("model-a", (0.0, 0.1)),
                ("model-b", (0.9, 1.0)),
                3,
                "6.3 % of 48 paired items"
            ),
            "model-a vs model-b: model-a [0, 0.1), model-b [0.9, 1]: 3 items, 6.3 % of 48 paired items."
        );
        assert_eq!(
            bin_announcement(
                "A vs B | web",
                ("A", (0.5, 0.6)),
                ("B", (0.5, 0.6)),
                1,
                "– (no paired items)"
            ),
            "A vs B | web: A [0.5, 0.6), B [0.5, 0.6): 1 item, – (no paired items)."
        );
    }

    #[test]
    fn default_models_note_counts_models_and_pairs() {
        assert_eq!(
            default_models_note(5, 40, ModelsControl::Checkboxes),
            "Comparing the first 5 of 40 models (10 of 780 pairs). Tick others to add them."
        );
        assert_eq!(
            default_models_note(5, 2000, ModelsControl::Checkboxes),
            "Comparing the first 5 of 2,000 models (10 of 1,999,000 pairs). Tick others to add them."
        );
        assert_eq!(
            default_models_note(5, 7, ModelsControl::Checkboxes),
            "Comparing the first 5 of 7 models (10 of 21 pairs). Tick others to add them."
        );
        assert_eq!(default_models_note(5, 5, ModelsControl::Checkboxes), "");
        assert_eq!(default_models_note(4, 4, ModelsControl::Checkboxes), "");
        assert_eq!(default_models_note(3, 3, ModelsControl::Checkboxes), "");
    }

    #[test]
    fn default_models_note_says_how_python_adds_models() {
        assert_eq!(
            default_models_note(5, 40, ModelsControl::Keyword),
            "Comparing the first 5 of 40 models (10 of 780 pairs). Choose them with models=[...]."
        );
        assert_eq!(default_models_note(5, 5, ModelsControl::Keyword), "");
        assert_eq!(
            ModelsControl::from_word("keyword"),
            Ok(ModelsControl::Keyword)
        );
        assert_eq!(
            ModelsControl::from_word("checkboxes"),
            Ok(ModelsControl::Checkboxes)
        );
        assert_eq!(
            ModelsControl::from_word("ticks"),
            Err(
                "modelsNote: the control must be \"checkboxes\" or \"keyword\", found \"ticks\""
                    .to_string()
            )
        );
    }

    /// Model A and B over five items: B ahead on two, one tie, one scored by A only, one by
    /// neither.
    fn comparison() -> PairComparison {
        PairComparison {
            model_a: "A".into(),
            model_b: "B".into(),
            group: None,
            score_name: "score".into(),
            histogram: Grid::empty(1, 1),
            items: 5,
            paired: 3,
            only_a: 1,
            only_b: 0,
            neither: 1,
            a_ahead: 0,
            tied: 1,
            b_ahead: 2,
            mean_difference: Some(-0.5),
            sign_test_p_value: Some(0.5),
        }
    }

    fn rows(comparison: &PairComparison) -> Vec<(&'static str, String, String)> {
        pair_statistics(comparison)
            .into_iter()
            .map(|s| (s.key, s.term, s.text))
            .collect()
    }

    #[test]
    fn a_pairs_statistics_as_rows() {
        let row = |key, term: &str, text: &str| (key, term.to_string(), text.to_string());
        assert_eq!(
            rows(&comparison()),
            [
                row("a_ahead", "A ahead", "0 of 3 (0.0 %)"),
                row("tied", "Tied", "1 of 3 (33.3 %)"),
                row("b_ahead", "B ahead", "2 of 3 (66.7 %)"),
                row("mean_difference", "Mean A − B", "−0.500"),
                row("sign_test", "Sign test", "p = 0.500 (2 untied items)"),
                row(
                    "one_model",
                    "Scored by one model only",
                    "1: 1 by A, 0 by B (not compared)"
                ),
                row("neither", "Scored by neither", "1"),
            ]
        );
        let none = PairComparison {
            paired: 0,
            tied: 0,
            b_ahead: 0,
            only_a: 0,
            neither: 0,
            mean_difference: None,
            sign_test_p_value: None,
            ..comparison()
        };
        assert_eq!(
            rows(&none),
            [
                row(
                    "paired",
                    "Paired items",
                    "none: no item was scored by both models"
                ),
                row("one_model", "Scored by one model only", "none"),
            ]
        );
        assert_eq!(
            pair_sentence(&none),
            "A vs B: no item was scored by both models."
        );
        let all_tied = PairComparison {
            tied: 3,
            b_ahead: 0,
            mean_difference: Some(0.0),
            sign_test_p_value: None,
            ..comparison()
        };
        assert_eq!(
            rows(&all_tied)[4],
            row("sign_test", "Sign test", "– (every paired item is tied)")
        );
    }

    #[test]
    fn one_sentence_and_one_table_row_per_pair() {
        let grouped = PairComparison {
            group: Some("web".into()),
            ..comparison()
        };
        assert_eq!(
            pair_sentence(&grouped),
            "A vs B | web: A ahead on 0.0 % of 3 paired items, tied on 33.3 %, B ahead on \
             66.7 %; mean A − B −0.500; sign test p = 0.500; 1 item scored by one model only."
        );
        assert_eq!(
            scope_sentence(std::slice::from_ref(&grouped)),
            "Each pair is compared over the items both models scored, of the 5 items of web: the \
             shares are of those paired items, and the sign test leaves the ties out. The bins \
             shape the histograms only."
        );
        let summary = summarize_comparisons(std::slice::from_ref(&grouped));
        assert_eq!(
            summary.description,
            format!("Pairwise comparisons. {}", pair_sentence(&grouped))
        );
        assert_eq!(
            comparisons_markdown(&[grouped]),
            format!(
                "## Pairwise comparisons\n\n{}\n\n\
                 | Pair (A vs B) | Paired items | A ahead | Tied | B ahead | Mean A − B | Sign test p \
                 | Scored by one model only |\n\
                 | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n\
                 | A vs B \\| web | 3 | 0.0 % | 33.3 % | 66.7 % | −0.500 | 0.500 | 1 (1 A, 0 B) |\n",
                summary.scope
            )
        );
        assert_eq!(bin_share_text(18.0, 285), "6.3 % of 285 paired items");
        assert_eq!(bin_share_text(1.0, 1), "100.0 % of 1 paired item");
        assert_eq!(bin_share_text(0.0, 0), "– (no paired items)");
        let empty = summarize_comparisons(&[]);
        assert_eq!((empty.scope.as_str(), empty.description.as_str()), ("", ""));
    }
}
