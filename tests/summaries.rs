//! Every text the page places beside a figure, written by the core: who is ahead how often in a
//! difference, the reconciliation's mismatch table, the accessible description and the whole
//! Markdown copy of a sweep figure; the scope sentence, cards, sentences and Markdown table of a
//! pairwise figure. Checked on the bundled seed data and the synthetic pairwise example against
//! counts, means and orders recomputed here from the data.
#![cfg(not(target_arch = "wasm32"))]

#[path = "support/exports.rs"]
mod exports;

use std::path::PathBuf;

use sweepmap::figure::{
    format_value, key_observations, prepare_figure, prepare_pairwise_figure, summarize_comparisons,
    BenchmarkChoice, FigureOptions, KeyObservations, PairwiseOptions, View,
};
use sweepmap::pairwise::{load_pairwise_json, PairwiseDataset};
use sweepmap::{load_json, Dataset, Grid};

use exports::{check_observations_markdown, markdown_blocks, Block};

fn read(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("www/data")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

fn seed() -> Dataset {
    load_json(&read("kv-cache-sweep.json")).unwrap()
}

fn shown(dataset: &Dataset, view: View) -> KeyObservations {
    let options = FigureOptions {
        view: view.clone(),
        ..FigureOptions::default()
    };
    let figure = prepare_figure(dataset, &options).unwrap();
    key_observations(dataset, &figure, &view, Some(0.95))
}

fn grid<'a>(dataset: &'a Dataset, model: &str, benchmark: &str) -> &'a Grid {
    &dataset.panel(model, benchmark).unwrap().grid
}

/// The present cells of a grid, row-major from the smallest y.
fn values(grid: &Grid) -> Vec<Option<f64>> {
    let mut values = Vec::new();
    for y in 0..grid.rows() {
        for x in 0..grid.columns() {
            values.push(grid.value(x, y));
        }
    }
    values
}

#[test]
fn a_difference_says_who_is_higher_how_often() {
    let dataset = seed();
    let llama = values(grid(&dataset, "R1-Llama", "AMC23"));
    let qwen = values(grid(&dataset, "R1-Qwen", "AMC23"));
    let differences: Vec<f64> = llama
        .iter()
        .zip(&qwen)
        .filter_map(|(a, b)| Some((*a)? - (*b)?))
        .collect();
    let ahead = differences.iter().filter(|d| **d > 1e-9).count();
    let behind = differences.iter().filter(|d| **d < -1e-9).count();
    let tie = differences.len() - ahead - behind;
    assert_eq!((differences.len(), ahead, behind, tie), (20, 7, 10, 3));

    let shown = shown(
        &dataset,
        View::Difference {
            a: "R1-Llama".into(),
            b: "R1-Qwen".into(),
            benchmark: BenchmarkChoice::Named("AMC23".into()),
        },
    );
    let lines = shown
        .difference
        .as_ref()
        .expect("a difference has its lines");
    assert_eq!(lines.heading, "R1-Llama against R1-Qwen");
    assert_eq!(
        lines.lines,
        [
            format!("R1-Llama is higher in {ahead} of 20 configurations."),
            format!("R1-Qwen is higher in {behind}."),
            format!("{tie} configurations tie."),
        ]
    );
    assert!(shown.mismatches.is_none());
    assert!(
        shown.markdown().ends_with(
            "\n\n### R1-Llama against R1-Qwen\n\n- R1-Llama is higher in 7 of 20 configurations.\n\
             - R1-Qwen is higher in 10.\n- 3 configurations tie.\n"
        ),
        "{}",
        shown.markdown()
    );
    // Other views have none.
    let model = View::Model {
        model: "R1-Llama".into(),
    };
    assert!(self::shown(&dataset, model).difference.is_none());
}

#[test]
fn the_mismatch_table_lists_every_disagreeing_cell_largest_shown_gap_first() {
    let dataset = seed();
    let parts = ["AIME24", "AIME25", "AMC23", "GPQA-Diamond"];
    let reported = values(grid(&dataset, "R1-Llama", "Average (reported)"));
    let parts: Vec<Vec<Option<f64>>> = parts
        .iter()
        .map(|part| values(grid(&dataset, "R1-Llama", part)))
        .collect();
    // Reported to one decimal, parts to one decimal: rounding explains up to 0.05 + 0.05.
    let mut expected: Vec<(f64, Vec<String>)> = Vec::new();
    for (index, reported) in reported.iter().enumerate() {
        let columns = dataset.x.labels.len();
        let recomputed = parts.iter().map(|part| part[index].unwrap()).sum::<f64>() / 4.0;
        let difference = reported.unwrap() - recomputed;
        if difference.abs() > 0.1 + 1e-9 {
            let gap = (difference.abs() * 100.0).round() / 100.0;
            let sign = if difference > 0.0 { "+" } else { "" };
            expected.push((
                gap,
                vec![
                    dataset.x.labels[index % columns].clone(),
                    dataset.y.labels[index / columns].clone(),
                    format_value(reported.unwrap(), 1),
                    format_value(recomputed, 2),
                    format!("{sign}{}", format_value(difference, 2)),
                ],
            ));
        }
    }
    expected.sort_by(|a, b| b.0.total_cmp(&a.0));
    assert_eq!(expected.len(), 19);

    let shown = shown(
        &dataset,
        View::Reconcile {
            model: "R1-Llama".into(),
            benchmark: "Average (reported)".into(),
        },
    );
    let table = shown.mismatches.as_ref().expect("R1-Llama's table");
    assert_eq!(
        table.caption,
        "Cells that differ beyond rounding (± 0.10), largest gap first"
    );
    let columns: Vec<(&str, bool)> = table
        .columns
        .iter()
        .map(|c| (c.name.as_str(), c.numeric))
        .collect();
    assert_eq!(
        columns,
        [
            ("Ratio", false),
            ("Local Window Size", false),
            ("Reported", true),
            ("Recomputed", true),
            ("Difference", true)
        ]
    );
    let rows: Vec<(f64, Vec<String>)> = table
        .rows
        .iter()
        .map(|row| (row.gap, row.cells.clone()))
        .collect();
    assert_eq!(rows, expected);
    assert_eq!(rows[0].1, ["0.1", "2000", "49.5", "51.60", "−2.10"]);
    // 50.1 − 51.725 is exactly −1.625: the half rounds away from zero.
    assert_eq!(rows[1].1, ["0.2", "3000", "50.1", "51.73", "−1.63"]);
    assert_eq!(rows[1].0, 1.63);
    // Each row's position names its labels.
    for row in &table.rows {
        assert_eq!(dataset.x.labels[row.position.x], row.cells[0]);
        assert_eq!(dataset.y.labels[row.position.y], row.cells[1]);
    }

    // The Markdown ends with the table, one row per mismatch.
    let markdown = shown.markdown();
    let table_text: Vec<String> = expected
        .iter()
        .map(|(_, cells)| format!("| {} |", cells.join(" | ")))
        .collect();
    assert!(
        markdown.ends_with(&format!(
            "\n\n### Cells that differ beyond rounding (± 0.10), largest gap first\n\n\
             | Ratio | Local Window Size | Reported | Recomputed | Difference |\n\
             | --- | --- | ---: | ---: | ---: |\n{}\n",
            table_text.join("\n")
        )),
        "{markdown}"
    );

    // R1-Qwen's reported averages agree with their parts: no table.
    let qwen = self::shown(
        &dataset,
        View::Reconcile {
            model: "R1-Qwen".into(),
            benchmark: "Average (reported)".into(),
        },
    );
    assert!(qwen.mismatches.is_none());
}

#[test]
fn the_description_puts_the_observations_across_panels_first() {
    let dataset = seed();
    let shown = shown(
        &dataset,
        View::Benchmark {
            benchmark: BenchmarkChoice::Named("AMC23".into()),
        },
    );
    assert_eq!(shown.panels, 2);
    let (panels, across) = shown.split();
    assert_eq!(across.len(), 1);
    assert_eq!(across[0].0, "Across panels");
    let part = |(title, observations): &(String, Vec<sweepmap::figure::Observation>)| {
        let texts: Vec<&str> = observations.iter().map(|o| o.text.as_str()).collect();
        format!("{title}: {}", texts.join(" "))
    };
    assert_eq!(
        shown.description(),
        format!(
            "Key observations. {} {} {}",
            part(&across[0]),
            part(&panels[0]),
            part(&panels[1])
        )
    );
    assert!(shown
        .description()
        .starts_with("Key observations. Across panels: R1-Qwen is ahead of R1-Llama in "));
}

#[test]
fn the_markdown_of_every_view_of_the_seed_data_keeps_its_structure() {
    let dataset = seed();
    let views = [
        View::Model {
            model: "R1-Qwen".into(),
        },
        View::Benchmark {
            benchmark: BenchmarkChoice::Mean,
        },
        View::Grid,
        View::Difference {
            a: "R1-Qwen".into(),
            b: "R1-Llama".into(),
            benchmark: BenchmarkChoice::Named("AIME24".into()),
        },
        View::Reconcile {
            model: "R1-Llama".into(),
            benchmark: "Average (reported)".into(),
        },
    ];
    for view in views {
        let shown = shown(&dataset, view.clone());
        // One bullet per sentence, reading back as it; one row per mismatch.
        assert_eq!(check_observations_markdown(&shown), Ok(()), "{view:?}");
    }
}

fn synthetic() -> PairwiseDataset {
    load_pairwise_json(&read("synthetic-pairwise.json")).unwrap()
}

/// Counts recomputed from the scores: paired, A ahead, tied, B ahead, only A, only B, and the
/// mean of A − B.
fn pair_counts(dataset: &PairwiseDataset, a: &str, b: &str) -> [f64; 7] {
    let (a, b) = (dataset.scores(a).unwrap(), dataset.scores(b).unwrap());
    let mut counts = [0.0; 7];
    let mut sum = 0.0;
    for (a, b) in a.iter().zip(b) {
        match (a, b) {
            (Some(a), Some(b)) => {
                counts[0] += 1.0;
                counts[if a > b {
                    1
                } else if a == b {
                    2
                } else {
                    3
                }] += 1.0;
                sum += a - b;
            }
            (Some(_), None) => counts[4] += 1.0,
            (None, Some(_)) => counts[5] += 1.0,
            (None, None) => {}
        }
    }
    counts[6] = sum / counts[0];
    counts
}

fn percent(count: f64, of: f64) -> String {
    format!("{} %", format_value(count / of * 100.0, 1))
}

#[test]
fn the_pairwise_summary_and_markdown_state_each_pairs_statistics() {
    let dataset = synthetic();
    let figure = prepare_pairwise_figure(&dataset, &PairwiseOptions::default()).unwrap();
    let summary = summarize_comparisons(figure.comparisons());
    let models = dataset.models();
    assert_eq!(models, ["model-a", "model-b", "model-c", "model-d"]);
    assert_eq!(summary.pairs.len(), 6);
    assert_eq!(
        summary.scope,
        "Each pair is compared over the items both models scored, of the 300 items: the shares \
         are of those paired items, and the sign test leaves the ties out. The bins shape the \
         histograms only."
    );
    let mut pairs = summary.pairs.iter();
    for (index, a) in models.iter().enumerate() {
        for b in &models[index + 1..] {
            let pair = pairs.next().unwrap();
            assert_eq!(pair.title, format!("{a} vs {b}"));
            let [paired, a_ahead, tied, b_ahead, only_a, only_b, mean] =
                pair_counts(&dataset, a, b);
            let texts: Vec<(&str, &str, &str)> = pair
                .statistics
                .iter()
                .map(|s| (s.key, s.term.as_str(), s.text.as_str()))
                .collect();
            let of = |count: f64| format!("{count} of {paired} ({})", percent(count, paired));
            let a_term = format!("{a} ahead");
            let b_term = format!("{b} ahead");
            let mean_term = format!("Mean {a} − {b}");
            let mean_text = format!(
                "{}{}",
                if mean > 0.0 { "+" } else { "" },
                format_value(mean, 3)
            );
            let one = format!(
                "{}: {only_a} by {a}, {only_b} by {b} (not compared)",
                only_a + only_b
            );
            assert_eq!(texts[0], ("a_ahead", a_term.as_str(), of(a_ahead).as_str()));
            assert_eq!(texts[1], ("tied", "Tied", of(tied).as_str()));
            assert_eq!(texts[2], ("b_ahead", b_term.as_str(), of(b_ahead).as_str()));
            assert_eq!(
                texts[3],
                ("mean_difference", mean_term.as_str(), mean_text.as_str())
            );
            assert_eq!(texts[4].0, "sign_test");
            assert!(
                texts[4]
                    .2
                    .ends_with(&format!(" ({} untied items)", a_ahead + b_ahead)),
                "{}",
                texts[4].2
            );
            assert_eq!(
                texts[5],
                ("one_model", "Scored by one model only", one.as_str())
            );
            assert!(pair.sentence.starts_with(&format!(
                "{a} vs {b}: {a} ahead on {} of {paired} paired items, tied on {}, {b} ahead on {}; \
                 mean {a} − {b} {mean_text}; sign test p ",
                percent(a_ahead, paired),
                percent(tied, paired),
                percent(b_ahead, paired)
            )));
        }
    }
    // model-a and model-b are ahead on as many items each: the sign test's p is exactly 1.
    let [paired, a_ahead, tied, b_ahead, only_a, only_b, mean] =
        pair_counts(&dataset, "model-a", "model-b");
    assert_eq!(a_ahead, b_ahead);
    assert_eq!(
        summary.pairs[0].statistics[4].text,
        format!("p = 1.000 ({} untied items)", a_ahead + b_ahead)
    );
    assert_eq!(
        summary.description,
        format!(
            "Pairwise comparisons. {}",
            summary
                .pairs
                .iter()
                .map(|p| p.sentence.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        )
    );

    let markdown = sweepmap::figure::comparisons_markdown(figure.comparisons());
    let lines: Vec<&str> = markdown.trim_end().split('\n').collect();
    assert_eq!(lines.len(), 6 + 6);
    assert_eq!(lines[0], "## Pairwise comparisons");
    assert_eq!(lines[2], summary.scope);
    assert_eq!(
        lines[4],
        "| Pair (A vs B) | Paired items | A ahead | Tied | B ahead | Mean A − B | Sign test p | \
         Scored by one model only |"
    );
    assert_eq!(
        lines[5],
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    );
    let mean_text = format!(
        "{}{}",
        if mean > 0.0 { "+" } else { "" },
        format_value(mean, 3)
    );
    assert_eq!(
        lines[6],
        format!(
            "| model-a vs model-b | {paired} | {} | {} | {} | {mean_text} | 1.000 | {} ({only_a} A, \
             {only_b} B) |",
            percent(a_ahead, paired),
            percent(tied, paired),
            percent(b_ahead, paired),
            only_a + only_b
        )
    );
    let blocks = markdown_blocks(&markdown).unwrap();
    assert_eq!(
        blocks.iter().filter(|b| matches!(b, Block::Row(_))).count(),
        2 + 6
    );
}
