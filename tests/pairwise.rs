//! Pairwise model comparison: loading per-item scores from CSV and JSON, histograms and shares on
//! hand-made inputs whose every count is known, the exact sign test, every malformed input with
//! its exact message, and the committed synthetic example against the script that generates it.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::path::Path;

use sweepmap::pairwise::{
    compare_all_pairs, compare_pair, load_pairwise_csv, load_pairwise_json, pairwise_columns,
    sign_test_p_value, PairComparison, PairwiseColumns, PairwiseCsvOptions, PairwiseDataset,
    PairwiseItem, DEFAULT_BINS, MAX_BINS,
};
use sweepmap::Grid;

fn csv(text: &str) -> PairwiseDataset {
    csv_with(text, &PairwiseCsvOptions::default())
}

fn csv_with(text: &str, options: &PairwiseCsvOptions) -> PairwiseDataset {
    match load_pairwise_csv(text, options) {
        Ok(dataset) => dataset,
        Err(error) => panic!("expected {text:?} to load, got: {error}"),
    }
}

fn csv_error(text: &str) -> String {
    csv_error_with(text, &PairwiseCsvOptions::default())
}

fn csv_error_with(text: &str, options: &PairwiseCsvOptions) -> String {
    match load_pairwise_csv(text, options) {
        Ok(_) => panic!("expected an error for {text:?}"),
        Err(error) => error.to_string(),
    }
}

fn json(text: &str) -> PairwiseDataset {
    match load_pairwise_json(text) {
        Ok(dataset) => dataset,
        Err(error) => panic!("expected {text:?} to load, got: {error}"),
    }
}

fn json_error(text: &str) -> String {
    match load_pairwise_json(text) {
        Ok(_) => panic!("expected an error for {text:?}"),
        Err(error) => error.to_string(),
    }
}

fn compare(
    dataset: &PairwiseDataset,
    a: &str,
    b: &str,
    bins: (usize, usize),
    group: Option<&str>,
) -> PairComparison {
    match compare_pair(dataset, a, b, bins, group) {
        Ok(comparison) => comparison,
        Err(error) => panic!("expected {a} vs {b} to compare, got: {error}"),
    }
}

fn compare_error(dataset: &PairwiseDataset, a: &str, b: &str, bins: (usize, usize)) -> String {
    match compare_pair(dataset, a, b, bins, None) {
        Ok(_) => panic!("expected an error comparing {a} with {b} in {bins:?} bins"),
        Err(error) => error.to_string(),
    }
}

/// The histogram's counts, top row last: `counts[row][column]`, row 0 = lowest B score.
fn counts(grid: &Grid) -> Vec<Vec<f64>> {
    (0..grid.rows())
        .map(|row| {
            (0..grid.columns())
                .map(|column| grid.value(column, row).expect("every bin is present"))
                .collect()
        })
        .collect()
}

fn relative_difference(found: f64, expected: f64) -> f64 {
    (found - expected).abs() / expected.abs()
}

/// Six paired items, each in a known bin of a 4 x 4 histogram (edges 0, .25, .5, .75, 1), one
/// item only A scored, one only B scored and one that neither did. Scores are dyadic fractions,
/// so every sum is exact.
///
/// | item | A     | B     | bin (column, row) | ahead |
/// |------|-------|-------|-------------------|-------|
/// | t1   | 0.125 | 0.25  | (0, 1)            | B     |
/// | t2   | 0.375 | 0.875 | (1, 3)            | B     |
/// | t3   | 0.5   | 0.5   | (2, 2)            | tie   |
/// | t4   | 1     | 0.875 | (3, 3)            | A     |
/// | t5   | 0     | 0     | (0, 0)            | tie   |
/// | t6   | 0.75  | 0.125 | (3, 0)            | A     |
const SIX_ITEMS: &str = "item,model,score\n\
    t1,model-a,0.125\n\
    t1,model-b,0.25\n\
    t2,model-a,0.375\n\
    t2,model-b,0.875\n\
    t3,model-a,0.5\n\
    t3,model-b,0.5\n\
    t4,model-a,1\n\
    t4,model-b,0.875\n\
    t5,model-a,0\n\
    t5,model-b,0\n\
    t6,model-a,0.75\n\
    t6,model-b,0.125\n\
    t7,model-a,0.625\n\
    t8,model-b,0.125\n\
    t9,model-a,NA\n\
    t9,model-b,\n";

#[test]
fn loads_tidy_csv_into_models_items_and_scores_in_first_seen_order() {
    let dataset = csv(SIX_ITEMS);
    assert_eq!(dataset.score_name(), "score");
    assert_eq!(dataset.models(), ["model-a", "model-b"]);
    assert_eq!(dataset.group_name(), None);
    assert_eq!(dataset.all_groups_label(), "All groups");
    assert!(dataset.groups().is_empty());
    assert_eq!(dataset.title(), None);
    assert_eq!(dataset.source(), None);
    let names: Vec<&str> = dataset.items().iter().map(|i| i.name.as_str()).collect();
    assert_eq!(
        names,
        ["t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "t9"]
    );
    assert_eq!(
        dataset.scores("model-a").unwrap(),
        [
            Some(0.125),
            Some(0.375),
            Some(0.5),
            Some(1.0),
            Some(0.0),
            Some(0.75),
            Some(0.625),
            None,
            None
        ]
    );
    assert_eq!(dataset.scored_count("model-a").unwrap(), 7);
    assert_eq!(dataset.scored_count("model-b").unwrap(), 7);
    assert_eq!(dataset.score("model-b", "t2", None).unwrap(), Some(0.875));
    assert_eq!(dataset.score("model-b", "t7", None).unwrap(), None);
    assert_eq!(dataset.model_index("model-b").unwrap(), 1);
    assert_eq!(
        dataset
            .score("model-c", "t1", None)
            .unwrap_err()
            .to_string(),
        "unknown model: \"model-c\"; expected one of \"model-a\", \"model-b\""
    );
    assert_eq!(
        dataset
            .score("model-a", "t10", None)
            .unwrap_err()
            .to_string(),
        "unknown item: \"t10\""
    );
}

#[test]
fn items_are_told_apart_by_name_and_group_however_they_split() {
    // "ab" in group "c" and "a" in group "bc" are two items; a duplicate is one item and model.
    let dataset = csv("item,group,model,score\nab,c,m,0.5\na,bc,m,0.25\n1:a,b,m,1\n1,:ab,m,0\n");
    let items: Vec<(&str, Option<&str>)> = dataset
        .items()
        .iter()
        .map(|item| (item.name.as_str(), item.group.as_deref()))
        .collect();
    assert_eq!(
        items,
        [
            ("ab", Some("c")),
            ("a", Some("bc")),
            ("1:a", Some("b")),
            ("1", Some(":ab"))
        ]
    );
    assert_eq!(
        csv_error("item,group,model,score\nab,c,m,0.5\na,bc,m,0.25\nab,c,m,1\n"),
        "lines 2 and 4 both score model \"m\" on item \"ab\" of group \"c\"; expected one score \
         per item and model"
    );
}

#[test]
fn histogram_counts_every_paired_item_in_its_known_bin() {
    let dataset = csv(SIX_ITEMS);
    let comparison = compare(&dataset, "model-a", "model-b", (4, 4), None);
    assert_eq!(comparison.histogram.columns(), 4);
    assert_eq!(comparison.histogram.rows(), 4);
    assert_eq!(
        counts(&comparison.histogram),
        [
            [1.0, 0.0, 0.0, 1.0],
            [1.0, 0.0, 0.0, 0.0],
            [0.0, 0.0, 1.0, 0.0],
            [0.0, 1.0, 0.0, 1.0],
        ]
    );
    assert_eq!(comparison.histogram.present_count(), 16);
    assert_eq!(comparison.items, 9);
    assert_eq!(comparison.paired, 6);
    assert_eq!(comparison.only_a, 1);
    assert_eq!(comparison.only_b, 1);
    assert_eq!(comparison.neither, 1);
    assert_eq!(
        (comparison.a_ahead, comparison.tied, comparison.b_ahead),
        (2, 2, 2)
    );
    assert_eq!(comparison.a_ahead_share(), Some(2.0 / 6.0));
    assert_eq!(comparison.tied_share(), Some(2.0 / 6.0));
    assert_eq!(comparison.b_ahead_share(), Some(2.0 / 6.0));
    // A - B: -0.125 - 0.5 + 0 + 0.125 + 0 + 0.625 = 0.125 over six items.
    assert_eq!(comparison.mean_difference, Some(0.125 / 6.0));
    // Two ahead each way: the most even split there is.
    assert_eq!(comparison.sign_test_p_value, Some(1.0));
    assert_eq!(comparison.x_label(), "score - model-a");
    assert_eq!(comparison.y_label(), "score - model-b");
    assert_eq!(comparison.group, None);

    let shares = comparison.histogram_shares();
    assert_eq!(shares.value(0, 0), Some(1.0 / 6.0));
    assert_eq!(shares.value(1, 0), Some(0.0));
    assert_eq!(shares.value(3, 3), Some(1.0 / 6.0));
    assert_eq!(comparison.column_range(0), Some((0.0, 0.25)));
    assert_eq!(comparison.column_range(3), Some((0.75, 1.0)));
    assert_eq!(comparison.row_range(2), Some((0.5, 0.75)));
    assert_eq!(comparison.column_range(4), None);
}

#[test]
fn swapping_the_pair_transposes_the_histogram_and_flips_the_statistics() {
    let dataset = csv(SIX_ITEMS);
    let forward = compare(&dataset, "model-a", "model-b", (4, 4), None);
    let backward = compare(&dataset, "model-b", "model-a", (4, 4), None);
    for column in 0..4 {
        for row in 0..4 {
            assert_eq!(
                forward.histogram.value(column, row),
                backward.histogram.value(row, column)
            );
        }
    }
    assert_eq!((backward.only_a, backward.only_b), (1, 1));
    assert_eq!(backward.mean_difference, Some(-0.125 / 6.0));
}

#[test]
fn columns_bin_model_a_and_rows_bin_model_b_with_unequal_bin_counts() {
    let dataset = csv(SIX_ITEMS);
    // Three bins of A (edges 0, 1/3, 2/3, 1) by two of B (edges 0, 0.5, 1).
    let comparison = compare(&dataset, "model-a", "model-b", (3, 2), None);
    assert_eq!(comparison.histogram.columns(), 3);
    assert_eq!(comparison.histogram.rows(), 2);
    // Row 0 (B < 0.5): t1 (A 0.125), t5 (A 0), t6 (A 0.75).
    // Row 1 (B >= 0.5): t2 (A 0.375), t3 (A 0.5), t4 (A 1).
    assert_eq!(
        counts(&comparison.histogram),
        [[2.0, 0.0, 1.0], [0.0, 2.0, 1.0]]
    );
    let single = compare(&dataset, "model-a", "model-b", (1, 1), None);
    assert_eq!(counts(&single.histogram), [[6.0]]);
    let finest = compare(&dataset, "model-a", "model-b", (MAX_BINS, MAX_BINS), None);
    let total: f64 = finest
        .histogram
        .present()
        .map(|(_, _, cell)| cell.mean)
        .sum();
    assert_eq!(total, 6.0);
    // Scores of exactly 1 land in the last bin.
    assert_eq!(finest.histogram.value(MAX_BINS - 1, 175), Some(1.0));
    assert_eq!(DEFAULT_BINS, (10, 10));
}

#[test]
fn five_untied_items_all_one_way_give_the_hand_computed_sign_test() {
    let text = "item,model,score\n\
        t1,model-a,0.9\nt1,model-b,0.1\n\
        t2,model-a,0.8\nt2,model-b,0.2\n\
        t3,model-a,0.7\nt3,model-b,0.3\n\
        t4,model-a,0.6\nt4,model-b,0.4\n\
        t5,model-a,1\nt5,model-b,0\n\
        t6,model-a,0.5\nt6,model-b,0.5\n\
        t7,model-a,1\nt7,model-b,1\n";
    let dataset = csv(text);
    let comparison = compare(&dataset, "model-a", "model-b", DEFAULT_BINS, None);
    assert_eq!(
        (comparison.a_ahead, comparison.tied, comparison.b_ahead),
        (5, 2, 0)
    );
    // Ties are left out: n = 5, all one way, p = 2 * 0.5^5.
    assert_eq!(comparison.sign_test_p_value, Some(0.0625));
    assert_eq!(comparison.a_ahead_share(), Some(5.0 / 7.0));
    assert_eq!(comparison.tied_share(), Some(2.0 / 7.0));
    assert_eq!(comparison.b_ahead_share(), Some(0.0));
    // In 10 bins: (0.9, 0.1) -> (9, 1), (0.8, 0.2) -> (8, 2), (0.7, 0.3) -> (7, 3),
    // (0.6, 0.4) -> (6, 4), (1, 0) -> (9, 0), (0.5, 0.5) -> (5, 5), (1, 1) -> (9, 9).
    let expected_bins = [(9, 1), (8, 2), (7, 3), (6, 4), (9, 0), (5, 5), (9, 9)];
    for (column, row) in expected_bins {
        assert_eq!(
            comparison.histogram.value(column, row),
            Some(1.0),
            "bin ({column}, {row})"
        );
    }
    let total: f64 = comparison
        .histogram
        .present()
        .map(|(_, _, cell)| cell.mean)
        .sum();
    assert_eq!(total, 7.0);
    let mean = comparison.mean_difference.unwrap();
    assert!((mean - 3.0 / 7.0).abs() < 1e-15, "{mean}");

    // Only ties: nothing to test.
    let tied = csv("item,model,score\nt1,a,0.5\nt1,b,0.5\n");
    let comparison = compare(&tied, "a", "b", DEFAULT_BINS, None);
    assert_eq!(comparison.sign_test_p_value, None);
    assert_eq!(comparison.mean_difference, Some(0.0));
}

#[test]
fn sign_test_matches_exact_values_up_to_a_hundred_thousand_items() {
    assert_eq!(sign_test_p_value(0, 5), 0.0625);
    assert_eq!(sign_test_p_value(5, 0), 0.0625);
    // 2 * (1 + 10 + 45) / 1024.
    assert!(relative_difference(sign_test_p_value(2, 8), 0.109375) < 1e-12);
    assert_eq!(sign_test_p_value(0, 0), 1.0);
    assert_eq!(sign_test_p_value(3, 3), 1.0);
    assert_eq!(sign_test_p_value(3, 4), 1.0);
    // Reference values: the exact tail 2 * sum C(n, i) / 2^n in rational arithmetic.
    let references = [
        ((30, 70), 7.85013964559367e-05),
        ((450, 550), 0.0017305360849763176),
        ((49_500, 50_500), 0.0015823598788515956),
        ((49_800, 50_200), 0.20703897176422484),
        ((49_000, 51_000), 2.588716038346898e-10),
    ];
    for ((a, b), expected) in references {
        let found = sign_test_p_value(a, b);
        assert!(
            relative_difference(found, expected) < 1e-9,
            "{a} vs {b}: {found} != {expected}"
        );
        assert_eq!(sign_test_p_value(b, a), found);
    }
    // 2^-99999 is below the smallest f64: the p-value underflows to 0, it does not fail.
    assert_eq!(sign_test_p_value(0, 100_000), 0.0);
    assert_eq!(sign_test_p_value(50_000, 50_000), 1.0);
}

const GROUPED: &str = "task_id,benchmark,agent,progress_ratio,notes\n\
    1,web,model-a,0.5,first\n\
    1,web,model-b,0.75,\n\
    1,code,model-a,1,same id in another benchmark\n\
    1,code,model-b,0.25,\n\
    2,web,model-a,0,\n\
    2,web,model-b,0.25,\n\
    2,code,model-b,0.5,only model-b\n";

#[test]
fn infers_item_group_model_and_score_columns_and_keeps_items_per_group() {
    let dataset = csv(GROUPED);
    assert_eq!(dataset.score_name(), "progress_ratio");
    assert_eq!(dataset.group_name(), Some("benchmark"));
    assert_eq!(dataset.all_groups_label(), "All benchmarks");
    assert_eq!(dataset.groups(), ["web", "code"]);
    assert_eq!(dataset.models(), ["model-a", "model-b"]);
    assert_eq!(
        dataset.items(),
        [
            PairwiseItem {
                name: "1".into(),
                group: Some("web".into())
            },
            PairwiseItem {
                name: "1".into(),
                group: Some("code".into())
            },
            PairwiseItem {
                name: "2".into(),
                group: Some("web".into())
            },
            PairwiseItem {
                name: "2".into(),
                group: Some("code".into())
            },
        ]
    );
    assert_eq!(
        dataset.score("model-a", "1", Some("code")).unwrap(),
        Some(1.0)
    );
    assert_eq!(
        dataset
            .score("model-a", "1", Some("math"))
            .unwrap_err()
            .to_string(),
        "unknown item: \"1\" of group \"math\""
    );

    let all = compare(&dataset, "model-a", "model-b", (2, 2), None);
    assert_eq!(
        (all.items, all.paired, all.only_a, all.only_b),
        (4, 3, 0, 1)
    );
    assert_eq!((all.a_ahead, all.tied, all.b_ahead), (1, 0, 2));
    // (0.5, 0.75) -> (1, 1); (1, 0.25) -> (1, 0); (0, 0.25) -> (0, 0).
    assert_eq!(counts(&all.histogram), [[1.0, 1.0], [0.0, 1.0]]);
    assert_eq!(all.mean_difference, Some((-0.25 + 0.75 - 0.25) / 3.0));

    let web = compare(&dataset, "model-a", "model-b", (2, 2), Some("web"));
    assert_eq!(web.group.as_deref(), Some("web"));
    assert_eq!(
        (web.items, web.paired, web.only_a, web.only_b),
        (2, 2, 0, 0)
    );
    assert_eq!((web.a_ahead, web.tied, web.b_ahead), (0, 0, 2));
    assert_eq!(counts(&web.histogram), [[1.0, 0.0], [0.0, 1.0]]);
    assert_eq!(web.sign_test_p_value, Some(0.5));

    let code = compare(&dataset, "model-a", "model-b", (2, 2), Some("code"));
    assert_eq!(
        (code.items, code.paired, code.only_a, code.only_b),
        (2, 1, 0, 1)
    );
    assert_eq!(code.mean_difference, Some(0.75));
    assert_eq!(code.sign_test_p_value, Some(1.0));

    assert_eq!(
        compare_pair(&dataset, "model-a", "model-b", (2, 2), Some("math"))
            .unwrap_err()
            .to_string(),
        "unknown group: \"math\"; expected one of \"web\", \"code\""
    );
    assert_eq!(
        compare_pair(&csv(SIX_ITEMS), "model-a", "model-b", (2, 2), Some("web"))
            .unwrap_err()
            .to_string(),
        "unknown group: \"web\""
    );
}

#[test]
fn reads_bom_crlf_quotes_blank_lines_and_explicit_roles() {
    let text = "\u{feff}name,who,\"pr, final\",run dir\r\n\
        \r\n\
        \"t,1\",model-a,0.5,/runs/1\r\n\
        \"t,1\",\"model-b\",\"0.25\",/runs/2\r\n\
        \r\n\
        t2,model-a,1,/runs/3\r\n";
    let options = PairwiseCsvOptions {
        item: Some("name".into()),
        model: Some("who".into()),
        score: Some("pr, final".into()),
        group: None,
    };
    let dataset = csv_with(text, &options);
    assert_eq!(dataset.score_name(), "pr, final");
    assert_eq!(dataset.models(), ["model-a", "model-b"]);
    assert_eq!(dataset.score("model-b", "t,1", None).unwrap(), Some(0.25));
    assert_eq!(dataset.score("model-a", "t2", None).unwrap(), Some(1.0));
    // Lines count physical lines, blank ones and the header included.
    let bad = text.replace("t2,model-a,1", "t2,model-a,1.5");
    assert_eq!(
        csv_error_with(&bad, &options),
        "line 6, column \"pr, final\": expected a score between 0 and 1, found 1.5"
    );
    // Semicolons and tabs as delimiters, names in any case, "-0" is a zero that ties with 0.
    let semicolons = csv("Problem;System;Accuracy\np1;x;-0\np1;y;0\n");
    let tie = compare(&semicolons, "x", "y", DEFAULT_BINS, None);
    assert_eq!((tie.tied, tie.histogram.value(0, 0)), (1, Some(1.0)));
    let tabs = csv("question\tmodel\tvalue\nq1\tx\t0.5\n");
    assert_eq!(tabs.score("x", "q1", None).unwrap(), Some(0.5));
}

#[test]
fn every_malformed_csv_gets_its_exact_message() {
    let cases: &[(&str, &str)] = &[
        (
            "",
            "the file is empty: expected a header line and data rows",
        ),
        (
            "\u{feff}\r\n\n",
            "the file is empty: expected a header line and data rows",
        ),
        (
            "item,model,score\n",
            "the file has a header but no data rows",
        ),
        (
            "item,model,score\r\n\r\n,,\r\n",
            "the file has a header but no data rows",
        ),
        (
            "item,model,score\nt1,a,0.5\nt1,b,abc\n",
            "line 3, column \"score\": expected a number, found \"abc\"; fix that cell in the file",
        ),
        (
            "item,model,score\r\nt1,a,0.5\r\nt1,b,0.5\r\nt2,a,abc\r\n",
            "line 4, column \"score\": expected a number, found \"abc\"; fix that cell in the file",
        ),
        (
            "item,model,score\n\n\nt1,a,0.5\n\"t2\nwith a line break\",a,abc\n",
            "line 5, column \"score\": expected a number, found \"abc\"; fix that cell in the file",
        ),
        (
            "item,model,score\nt1,a,inf\n",
            "line 2, column \"score\": expected a finite number, found \"inf\"",
        ),
        (
            "item,model,score\nt1,a,NaN\n",
            "line 2, column \"score\": expected a finite number, found \"NaN\"",
        ),
        (
            "item,model,score\nt1,a,0.1\nt1,b,0.2\nt2,a,0.3\nt2,b,0.4\nt3,a,0.5\nt3,b,1.4\n",
            "line 7, column \"score\": expected a score between 0 and 1, found 1.4",
        ),
        (
            "item,model,score\nt1,a,-0.1\n",
            "line 2, column \"score\": expected a score between 0 and 1, found -0.1",
        ),
        (
            "item,model,score\nt1,a,85\n",
            "line 2, column \"score\": expected a score between 0 and 1, found 85",
        ),
        (
            "item,model,score\nt1,model-a,0.5\nt2,model-a,0.5\nt1,model-a,0.75\n",
            "lines 2 and 4 both score model \"model-a\" on item \"t1\"; \
             expected one score per item and model",
        ),
        (
            "item,benchmark,model,score\nt1,web,a,0.5\nt1,code,a,0.5\n\nt1,web,a,NA\n",
            "lines 2 and 5 both score model \"a\" on item \"t1\" of group \"web\"; \
             expected one score per item and model",
        ),
        (
            "item,model,score\nt1,a,0.5\nt2,a,0.5,extra\n",
            "line 3: expected 3 fields like the header, found 4",
        ),
        (
            "item,model,score\nt1,a\n",
            "line 2: expected 3 fields like the header, found 2",
        ),
        (
            "item,model,score\n,a,0.5\n",
            "line 2, column \"item\": expected a value, found an empty field",
        ),
        (
            "item,model,score\nt1, ,0.5\n",
            "line 2, column \"model\": expected a value, found an empty field",
        ),
        (
            "item,benchmark,model,score\nt1,,a,0.5\n",
            "line 2, column \"benchmark\": expected a value, found an empty field",
        ),
        (
            "item,model,notes\nt1,a,fine\n",
            "no column can be the score; expected a column named like score, progress, ratio, \
             value or accuracy: rename that column in the file; from code, name it with \
             the roles option, e.g. {score: \"column name\"}; the columns are \"item\", \"model\", \"notes\"",
        ),
        (
            "name,model,score\nt1,a,0.5\n",
            "no column can be the item; expected a column named like item, task_id, id, problem \
             or question: rename that column in the file; from code, name it with the roles \
             option, e.g. {item: \"column name\"}; the columns are \"name\", \"model\", \"score\"",
        ),
        (
            "item,who,score\nt1,a,0.5\n",
            "no column can be the model; expected a column named like model, system or agent: \
             rename that column in the file; from code, name it with the roles option, e.g. \
             {model: \"column name\"}; the columns are \"item\", \"who\", \"score\"",
        ),
        (
            "item,model,score,progress_ratio\nt1,a,0.5,0.5\n",
            "cannot tell which column is the score: candidates are \"score\", \"progress_ratio\"; \
             keep one of them and remove the others from the file (or rename them to names that \
             are ignored, such as notes or comment); from code, name it with the roles option, \
             e.g. {score: \"score\"}",
        ),
        (
            "item,task_id,model,score\nt1,1,a,0.5\n",
            "cannot tell which column is the item: candidates are \"item\", \"task_id\"; \
             keep one of them and remove the others from the file (or rename them to names that \
             are ignored, such as notes or comment); from code, name it with the roles option, \
             e.g. {item: \"item\"}",
        ),
        (
            "item,model,score,model\nt1,a,0.5,b\n",
            "the header names column \"model\" twice",
        ),
        (
            "item,,score\nt1,a,0.5\n",
            "field \"header, column 2\": expected a column name",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(&csv_error(text), expected, "for {text:?}");
    }
    let missing = PairwiseCsvOptions {
        score: Some("progress".into()),
        ..PairwiseCsvOptions::default()
    };
    assert_eq!(
        csv_error_with("item,model,score\nt1,a,0.5\n", &missing),
        "no column \"progress\" for the score; the columns are \"item\", \"model\", \"score\""
    );
    let twice = PairwiseCsvOptions {
        item: Some("id".into()),
        model: Some("id".into()),
        ..PairwiseCsvOptions::default()
    };
    assert_eq!(
        csv_error_with("id,score\nt1,0.5\n", &twice),
        "field \"id\": expected one role per column, but it was named for two"
    );
    // A long bad field is cut so the message stays one line.
    let long = format!("item,model,score\nt1,a,{}\n", "x".repeat(100));
    assert_eq!(
        csv_error(&long),
        format!(
            "line 2, column \"score\": expected a number, found \"{}...\"; fix that cell in the file",
            "x".repeat(60)
        )
    );
}

#[test]
fn odd_inputs_fail_cleanly_and_never_panic() {
    let texts = [
        "\u{feff}",
        "\u{feff}item,model,score",
        "item,model,score\nt1,\"a,0.5\n",
        "\"\"\"\n\"",
        "item\n\n\n",
        ",,,\n,,,\n",
        "item,model,score\n\r\r\r\n",
        "item,model,score\r\r\nt1,a,0.5\r",
        "item,model,score\nt1,a,1e999\n",
        "item,model,score\nt1,a,0x10\n",
        "item,model,score\nt1,a,\u{0}\n",
        "item;model\tscore\n",
    ];
    for text in texts {
        // Any outcome but a panic.
        let _ = load_pairwise_csv(text, &PairwiseCsvOptions::default());
    }
    for text in [
        "{",
        "[]",
        "null",
        "{\"items\": 1}",
        "{\"score\": {\"name\": \"s\"}, \"items\": [1]}",
    ] {
        assert!(load_pairwise_json(text).is_err(), "{text}");
    }
    assert_eq!(
        csv_error("item,model,score\nt1,a,1e999\n"),
        "line 2, column \"score\": expected a finite number, found \"1e999\""
    );
}

const JSON_FORM: &str = r#"{
  "title": "Hand-made",
  "source": "Written for the tests",
  "score": {"name": "progress ratio"},
  "group": {"name": "benchmark"},
  "items": [
    {"item": "t1", "group": "web", "scores": {"model-b": 0.25, "model-a": 0.5}},
    {"item": 2, "group": "web", "scores": {"model-a": 1, "model-c": 0}},
    {"item": "t1", "group": "code", "scores": {"model-a": 0.75, "model-b": null}},
    {"item": "t3", "group": "code", "scores": {}}
  ]
}"#;

#[test]
fn loads_the_json_form_with_its_metadata() {
    let dataset = json(JSON_FORM);
    assert_eq!(dataset.title(), Some("Hand-made"));
    assert_eq!(dataset.source(), Some("Written for the tests"));
    assert_eq!(dataset.score_name(), "progress ratio");
    assert_eq!(dataset.group_name(), Some("benchmark"));
    assert_eq!(dataset.groups(), ["web", "code"]);
    assert_eq!(dataset.models(), ["model-b", "model-a", "model-c"]);
    assert_eq!(dataset.items().len(), 4);
    assert_eq!(dataset.items()[1].name, "2");
    assert_eq!(
        dataset.scores("model-a").unwrap(),
        [Some(0.5), Some(1.0), Some(0.75), None]
    );
    assert_eq!(
        dataset.scores("model-b").unwrap(),
        [Some(0.25), None, None, None]
    );
    let comparison = compare(&dataset, "model-a", "model-b", (2, 2), None);
    assert_eq!(comparison.x_label(), "progress ratio - model-a");
    assert_eq!(
        (
            comparison.items,
            comparison.paired,
            comparison.only_a,
            comparison.only_b,
            comparison.neither
        ),
        (4, 1, 2, 0, 1)
    );

    let plain = json(
        r#"{"score": {"name": "s"}, "items": [{"item": "a", "scores": {"x": 0.5, "y": 0.5}}]}"#,
    );
    assert_eq!(plain.group_name(), None);
    assert!(plain.groups().is_empty());
    assert_eq!(plain.title(), None);
    let default_group = json(
        r#"{"score": {"name": "s"}, "items": [{"item": "a", "group": "g", "scores": {"x": 1}}]}"#,
    );
    assert_eq!(default_group.group_name(), Some("group"));
}

#[test]
fn every_malformed_json_gets_its_exact_message() {
    let item = |scores: &str| {
        format!(r#"{{"score": {{"name": "s"}}, "items": [{{"item": "t1", "scores": {scores}}}]}}"#)
    };
    let cases: Vec<(String, &str)> = vec![
        (
            " \n".into(),
            "the file is empty: expected a JSON dataset object",
        ),
        (
            "{\"score\": {\"name\": \"s\"},\n \"items\": [}".into(),
            "JSON line 2, column 12: expected value",
        ),
        (
            r#"{"scor": 1}"#.into(),
            "JSON line 1, column 7: unknown field `scor`, expected one of `title`, `source`, \
             `score`, `group`, `items`",
        ),
        (
            item("[1]"),
            "JSON line 1, column 60: invalid type: sequence, expected an object of scores keyed \
             by model name",
        ),
        (
            r#"{"score": {"name": " "}, "items": []}"#.into(),
            "field \"score.name\": expected a non-empty score name",
        ),
        (
            r#"{"score": {"name": "s"}, "items": []}"#.into(),
            "field \"items\": expected at least one item",
        ),
        (
            item(r#"{"a": 0.5, "b": 1.4}"#),
            "field \"items[0].scores[\"b\"]\": expected a score between 0 and 1, found 1.4",
        ),
        (
            item(r#"{"a": -1}"#),
            "field \"items[0].scores[\"a\"]\": expected a score between 0 and 1, found -1",
        ),
        (
            item(r#"{"a": "0.5"}"#),
            "field \"items[0].scores[\"a\"]\": expected a score between 0 and 1 (a number) or \
             null, found \"0.5\"",
        ),
        (
            item(r#"{"a": [0.5, {"z": true, "b": null}]}"#),
            "field \"items[0].scores[\"a\"]\": expected a score between 0 and 1 (a number) or \
             null, found [0.5,{\"b\":null,\"z\":true}]",
        ),
        (
            item(r#"{"a": false}"#),
            "field \"items[0].scores[\"a\"]\": expected a score between 0 and 1 (a number) or \
             null, found false",
        ),
        (
            item(r#"{"a": 0.5, "a": 0.75}"#),
            "field \"items[0].scores\": expected each model once, found \"a\" twice",
        ),
        (
            item(r#"{" ": 0.5}"#),
            "field \"items[0].scores\": expected non-empty model names",
        ),
        (item("{}"), "field \"items\": expected at least one score"),
        (
            r#"{"score": {"name": "s"}, "items": [
                {"item": "t1", "scores": {"a": 0.5}},
                {"item": "t2", "scores": {"a": 0.5}},
                {"item": "t1", "scores": {"b": 0.5}}]}"#
                .into(),
            "field \"items[2]\": expected an item not already given by items[0]",
        ),
        (
            r#"{"score": {"name": "s"}, "items": [
                {"item": "t1", "group": "web", "scores": {"a": 0.5}},
                {"item": "t2", "scores": {"a": 0.5}}]}"#
                .into(),
            "field \"items[1].group\": expected a group, as the other items have one",
        ),
        (
            r#"{"score": {"name": "s"}, "items": [
                {"item": "t1", "scores": {"a": 0.5}},
                {"item": "t2", "group": "web", "scores": {"a": 0.5}}]}"#
                .into(),
            "field \"items[1].group\": expected no group, as the other items have none",
        ),
        (
            r#"{"score": {"name": "s"}, "group": {"name": "benchmark"}, "items": [
                {"item": "t1", "scores": {"a": 0.5}}]}"#
                .into(),
            "field \"items[0].group\": expected a group, as the other items have one",
        ),
        (
            r#"{"score": {"name": "s"}, "items": [{"item": "", "scores": {"a": 0.5}}]}"#.into(),
            "field \"items[0].item\": expected a non-empty item name (a string or a number), \
             found \"\"",
        ),
        (
            r#"{"score": {"name": "s"}, "items": [{"item": "t1", "scores": {"a": 0.5}, "x": 1}]}"#
                .into(),
            "JSON line 1, column 75: unknown field `x`, expected one of `item`, `group`, `scores`",
        ),
    ];
    for (text, expected) in &cases {
        assert_eq!(&json_error(text), expected, "for {text:?}");
    }
}

#[test]
fn invalid_comparisons_name_the_field_or_the_unknown_name() {
    let dataset = csv(SIX_ITEMS);
    assert_eq!(
        compare_error(&dataset, "model-a", "model-b", (0, 10)),
        "field \"x bins\": expected a number of bins from 1 to 200, found 0"
    );
    assert_eq!(
        compare_error(&dataset, "model-a", "model-b", (10, 201)),
        "field \"y bins\": expected a number of bins from 1 to 200, found 201"
    );
    assert_eq!(
        compare_error(&dataset, "model-a", "model-z", (10, 10)),
        "unknown model: \"model-z\"; expected one of \"model-a\", \"model-b\""
    );
    assert_eq!(
        compare_error(&dataset, "model-a", "model-a", (10, 10)),
        "field \"models\": expected two different models, found \"model-a\" twice"
    );
    assert_eq!(
        compare_all_pairs(&dataset, &["model-a"], DEFAULT_BINS, None)
            .unwrap_err()
            .to_string(),
        "field \"models\": expected at least two models to compare, found 1"
    );
    assert_eq!(
        compare_all_pairs(
            &dataset,
            &["model-a", "model-b", "model-a"],
            DEFAULT_BINS,
            None
        )
        .unwrap_err()
        .to_string(),
        "field \"models\": expected each model once, found \"model-a\" twice"
    );
    assert_eq!(
        compare_all_pairs(&dataset, &["model-a", "model-q"], DEFAULT_BINS, None)
            .unwrap_err()
            .to_string(),
        "unknown model: \"model-q\"; expected one of \"model-a\", \"model-b\""
    );
}

#[test]
fn all_pairs_come_in_small_multiples_order() {
    let text = "item,model,score\n\
        t1,w,0.1\nt1,x,0.2\nt1,y,0.3\nt1,z,0.4\n\
        t2,w,0.9\nt2,x,0.8\nt2,y,0.7\n";
    let dataset = csv(text);
    let comparisons = compare_all_pairs(&dataset, &["w", "x", "y", "z"], (5, 5), None).unwrap();
    let pairs: Vec<(&str, &str)> = comparisons
        .iter()
        .map(|c| (c.model_a.as_str(), c.model_b.as_str()))
        .collect();
    assert_eq!(
        pairs,
        [
            ("w", "x"),
            ("w", "y"),
            ("w", "z"),
            ("x", "y"),
            ("x", "z"),
            ("y", "z")
        ]
    );
    let paired: Vec<usize> = comparisons.iter().map(|c| c.paired).collect();
    assert_eq!(paired, [2, 2, 1, 2, 1, 1]);
    let only_a: Vec<usize> = comparisons.iter().map(|c| c.only_a).collect();
    assert_eq!(only_a, [0, 0, 1, 0, 1, 1]);
    // A pair with no common item is not an error: zeros and no statistics.
    let disjoint = csv("item,model,score\nt1,a,0.5\nt2,b,0.5\n");
    let comparison = compare(&disjoint, "a", "b", (2, 2), None);
    assert_eq!(comparison.paired, 0);
    assert_eq!((comparison.only_a, comparison.only_b), (1, 1));
    assert_eq!(counts(&comparison.histogram), [[0.0, 0.0], [0.0, 0.0]]);
    assert_eq!(comparison.mean_difference, None);
    assert_eq!(comparison.sign_test_p_value, None);
    assert_eq!(comparison.a_ahead_share(), None);
    assert_eq!(comparison.histogram_shares().present_count(), 0);
}

#[test]
fn the_synthetic_example_is_exactly_what_its_script_writes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let committed = std::fs::read_to_string(root.join("www/data/synthetic-pairwise.json"))
        .expect("www/data/synthetic-pairwise.json is committed");
    if let Some(stdout) = common::run_node(
        "www/data/synthetic-pairwise.mjs",
        &[],
        "the synthetic example",
    ) {
        assert!(
            stdout == committed.as_bytes(),
            "www/data/synthetic-pairwise.json differs from the output of \
             `node www/data/synthetic-pairwise.mjs`; regenerate it with \
             `node www/data/synthetic-pairwise.mjs > www/data/synthetic-pairwise.json`"
        );
    }

    let dataset = json(&committed);
    assert!(dataset.title().unwrap().starts_with("Synthetic example"));
    assert!(dataset.source().unwrap().starts_with(
        "Synthetic example, generated by www/data/synthetic-pairwise.mjs with seed 4."
    ));
    assert_eq!(dataset.score_name(), "progress ratio");
    assert_eq!(dataset.group_name(), Some("benchmark"));
    assert_eq!(dataset.groups(), ["web", "code", "data"]);
    assert_eq!(
        dataset.models(),
        ["model-a", "model-b", "model-c", "model-d"]
    );
    for model in dataset.models() {
        let neutral = model.len() == 7
            && model.starts_with("model-")
            && model.chars().last().is_some_and(|c| c.is_ascii_lowercase());
        assert!(neutral, "{model} is not a neutral name like model-a");
    }

    // Count what the file holds independently of the loader.
    let raw: serde_json::Value = serde_json::from_str(&committed).unwrap();
    let raw_items = raw["items"].as_array().unwrap();
    assert_eq!(raw_items.len(), 300);
    assert_eq!(dataset.items().len(), 300);
    for group in dataset.groups() {
        let in_group = raw_items.iter().filter(|i| i["group"] == *group).count();
        assert_eq!(in_group, 100, "{group}");
    }
    let raw_score = |item: &serde_json::Value, model: &str| item["scores"][model].as_f64();
    for model in dataset.models() {
        let scored = raw_items
            .iter()
            .filter(|i| raw_score(i, model).is_some())
            .count();
        assert_eq!(dataset.scored_count(model).unwrap(), scored, "{model}");
        assert!(scored > 280 && scored < 300, "{model}: {scored}");
    }
    let partial = raw_items
        .iter()
        .filter(|i| i["scores"].as_object().unwrap().len() < 4)
        .count();
    assert!(partial > 0, "some items are scored by only some models");

    let models: Vec<&str> = dataset.models().iter().map(String::as_str).collect();
    let comparisons = compare_all_pairs(&dataset, &models, DEFAULT_BINS, None).unwrap();
    assert_eq!(comparisons.len(), 6);
    for comparison in &comparisons {
        let (a, b) = (comparison.model_a.as_str(), comparison.model_b.as_str());
        let both = |item: &&serde_json::Value| {
            raw_score(item, a).is_some() && raw_score(item, b).is_some()
        };
        let pairs: Vec<(f64, f64)> = raw_items
            .iter()
            .filter(both)
            .map(|i| (raw_score(i, a).unwrap(), raw_score(i, b).unwrap()))
            .collect();
        assert_eq!(comparison.paired, pairs.len(), "{a} vs {b}");
        assert_eq!(
            comparison.a_ahead,
            pairs.iter().filter(|(x, y)| x > y).count()
        );
        assert_eq!(
            comparison.tied,
            pairs.iter().filter(|(x, y)| x == y).count()
        );
        assert_eq!(
            comparison.items,
            comparison.paired + comparison.only_a + comparison.only_b + comparison.neither
        );
        assert_eq!(comparison.items, 300);
        let total: f64 = comparison
            .histogram
            .present()
            .map(|(_, _, cell)| cell.mean)
            .sum();
        assert_eq!(total, comparison.paired as f64);
        // Real progress ratios tie at 0 and 1: so does the example.
        assert_eq!(
            comparison.histogram.value(0, 0),
            Some(pairs.iter().filter(|(x, y)| *x < 0.1 && *y < 0.1).count() as f64)
        );
        assert!(comparison.tied > 0);
        let p_value = comparison.sign_test_p_value.unwrap();
        assert!((0.0..=1.0).contains(&p_value));
    }
    let per_group = compare_all_pairs(&dataset, &models, DEFAULT_BINS, Some("code")).unwrap();
    assert!(per_group.iter().all(|c| c.items == 100));
}

#[test]
fn per_item_scores_are_told_from_sweeps_by_their_defining_keys_and_columns() {
    use sweepmap::pairwise::looks_like_item_scores as item_scores;
    assert!(item_scores(r#"{"items": []}"#, None));
    assert!(item_scores(
        "\u{feff}  {\"title\": \"x\", \"items\": [{\"item\": \"t1\", \"scores\": {}}]}",
        None
    ));
    assert!(!item_scores(r#"{"panels": [], "items": []}"#, None));
    assert!(!item_scores(r#"{"x": {}, "panels": []}"#, None));
    assert!(!item_scores("{ not json", None));
    // Read as JSON, a CSV is not per-item JSON: the sweep loader then names the syntax error.
    assert!(!item_scores("item,model,score\n", Some(true)));
    assert!(item_scores("item,model,score\nt1,a,0.5\n", None));
    assert!(item_scores("Task ID;Model;Progress\n", None));
    assert!(item_scores("\"problem\"\t\"system\"\t\"pass@1\"\n", None));
    assert!(!item_scores("\"a,item\",model,score\n", Some(false)));
    assert!(!item_scores(
        "model,benchmark,window,ratio,pass@1\nA,B,500,0.1,40\n",
        None
    ));
    assert!(!item_scores("a,b\n1,2\n", None));
}

#[test]
fn pairwise_columns_are_the_loaders_choice_from_the_header() {
    // A per-sample log's header, as DuckDB-wasm writes a sample of it (README "Parquet in the
    // page"): the item, model, score and group the loader itself would read.
    let columns = pairwise_columns(
        "task,model,question,seed,correct\nmath,a,q1,0,1\n",
        &PairwiseCsvOptions::default(),
    )
    .unwrap();
    assert_eq!(
        columns,
        PairwiseColumns {
            item: "question".into(),
            model: "model".into(),
            score: "correct".into(),
            group: Some("task".into()),
        }
    );
    let loaded = csv("task,model,question,seed,correct\nmath,a,q1,0,1\n");
    assert_eq!(loaded.score_name(), columns.score);
    // Named roles win, and a header alone is enough.
    let named = PairwiseCsvOptions {
        score: Some("seed".into()),
        ..PairwiseCsvOptions::default()
    };
    let columns = pairwise_columns("\u{feff}item;model;seed;score", &named).unwrap();
    assert_eq!(columns.score, "seed");
    assert_eq!(columns.group, None);
    // No item column: the loader's own message.
    let error = pairwise_columns("model,lr,score\n", &PairwiseCsvOptions::default()).unwrap_err();
    assert_eq!(error.to_string(), csv_error("model,lr,score\na,1,0.5\n"));
}
