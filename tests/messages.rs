//! Messages stay short whatever the data hold: a header of 100,000 columns, a megabyte label or
//! a JSON key of a megabyte gives a message of a line or two that lists a few names and "and
//! 99,992 more", each name cut. Small inputs keep their whole lists (their exact messages are
//! asserted in tests/loading.rs, tests/pairwise.rs and the malformed corpus).
#![cfg(not(target_arch = "wasm32"))]

use sweepmap::pairwise::{load_pairwise_csv, load_pairwise_json, PairwiseCsvOptions};
use sweepmap::{load_csv, load_json, CsvOptions};

/// Longest message any input may give, in characters: two lists of eight names cut to 60
/// characters, and a sentence of advice.
const MESSAGE_LIMIT: usize = 1_600;

/// Names listed before "and N more".
const LISTED: usize = 8;

/// Counts of names tried: around the listing limit, and up to 100,000.
const COUNTS: [usize; 11] = [0, 1, 2, 3, 7, 8, 9, 10, 100, 10_000, 100_000];

/// 1234567 -> "1,234,567".
fn grouped(count: usize) -> String {
    let digits = count.to_string();
    let mut out = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

fn names(prefix: &str, count: usize) -> Vec<String> {
    (1..=count)
        .map(|index| format!("{prefix}{index}"))
        .collect()
}

/// The message is short, and lists `names` whole when that takes up to 250 characters, else
/// the first eight and the count of the others.
fn assert_lists(message: &str, names: &[String], context: &str) {
    let length = message.chars().count();
    assert!(
        length <= MESSAGE_LIMIT,
        "{context}: {length} characters: {}",
        message.chars().take(300).collect::<String>()
    );
    let listed: Vec<&String> = names
        .iter()
        .filter(|name| message.contains(&format!("\"{name}\"")))
        .collect();
    let whole: usize = names.iter().map(|name| name.chars().count() + 4).sum();
    if whole > 252 {
        let more = format!(
            "\"{}\" and {} more",
            names[LISTED - 1],
            grouped(names.len() - LISTED)
        );
        assert!(
            message.contains(&more),
            "{context}: no {more:?} in {message}"
        );
        assert_eq!(
            listed,
            names.iter().take(LISTED).collect::<Vec<_>>(),
            "{context}"
        );
    } else {
        assert_eq!(listed.len(), names.len(), "{context}: {message}");
        assert!(!message.contains(" more"), "{context}: {message}");
    }
}

/// A sweep CSV of `header` with two rows of numbers that differ in every column but the first
/// (a model name).
fn sweep_text(header: &[String]) -> String {
    let row = |offset: usize| {
        let fields: Vec<String> = (0..header.len())
            .map(|index| match index {
                0 => "A".to_string(),
                _ => (index * 2 + offset).to_string(),
            })
            .collect();
        fields.join(",")
    };
    format!("{}\n{}\n{}\n", header.join(","), row(0), row(1))
}

fn sweep_error(text: &str, options: &CsvOptions) -> String {
    match load_csv(text, options) {
        Ok(_) => panic!("expected an error for {} bytes", text.len()),
        Err(error) => error.to_string(),
    }
}

#[test]
fn axes_candidates_are_listed_up_to_eight() {
    for count in COUNTS {
        let candidates = names("c", count);
        let header: Vec<String> = std::iter::once("model".to_string())
            .chain(candidates.iter().cloned())
            .chain(["score".to_string()])
            .collect();
        let text = sweep_text(&header);
        let context = format!("{count} axis candidates");
        match count {
            2 => assert!(load_csv(&text, &CsvOptions::default()).is_ok()),
            // Too few: the message lists the header.
            0 | 1 => assert_lists(
                &sweep_error(&text, &CsvOptions::default()),
                &header,
                &context,
            ),
            _ => {
                let message = sweep_error(&text, &CsvOptions::default());
                assert!(message.starts_with("cannot tell which column is the x or y axis: "));
                assert_lists(&message, &candidates, &context);
            }
        }
    }
}

#[test]
fn value_candidates_are_listed_up_to_eight() {
    for count in COUNTS.into_iter().filter(|&count| count >= 2) {
        let candidates = names("acc_", count);
        let header: Vec<String> = ["model", "window", "ratio"]
            .into_iter()
            .map(str::to_string)
            .chain(candidates.iter().cloned())
            .collect();
        let message = sweep_error(&sweep_text(&header), &CsvOptions::default());
        assert!(message.starts_with("cannot tell which column is the value: "));
        assert_lists(&message, &candidates, &format!("{count} value candidates"));
    }
}

#[test]
fn a_column_named_for_a_role_lists_the_header_up_to_eight() {
    let options = CsvOptions {
        x: Some("temperature".into()),
        ..CsvOptions::default()
    };
    for count in COUNTS.into_iter().filter(|&count| count >= 2) {
        let header = names("c", count);
        let message = sweep_error(&sweep_text(&header), &options);
        assert!(message.starts_with("no column \"temperature\" for the x axis; the columns are "));
        assert_lists(&message, &header, &format!("{count} columns"));
    }
}

#[test]
fn a_missing_score_column_lists_the_header_up_to_eight() {
    for count in COUNTS {
        let header: Vec<String> = ["item".to_string(), "model".to_string()]
            .into_iter()
            .chain(names("note", count))
            .collect();
        let text = format!("{}\n", header.join(","));
        let message = load_pairwise_csv(&text, &PairwiseCsvOptions::default())
            .unwrap_err()
            .to_string();
        assert!(
            message.starts_with("no column can be the score; "),
            "{message}"
        );
        assert_lists(&message, &header, &format!("{count} columns"));
    }
}

#[test]
fn long_names_and_values_are_cut() {
    let long = "x".repeat(1_000_000);
    let cut = format!("\"{}...\"", "x".repeat(60));
    // Twenty axis candidates of a megabyte each, a duplicate column, an unknown role name, a
    // bad number: every message is short and quotes the start of the text.
    let candidates: Vec<String> = (0..20).map(|index| format!("{long}{index}")).collect();
    let header: Vec<String> = std::iter::once("model".to_string())
        .chain(candidates.iter().cloned())
        .chain(["score".to_string()])
        .collect();
    let mut messages = vec![
        sweep_error(&sweep_text(&header), &CsvOptions::default()),
        sweep_error(
            &format!("{long},{long},score\n1,2,3\n"),
            &CsvOptions::default(),
        ),
        sweep_error(
            "model,window,ratio,score\nA,1,2,3\n",
            &CsvOptions {
                value: Some(long.clone()),
                ..CsvOptions::default()
            },
        ),
        sweep_error(
            &format!("model,window,ratio,score\nA,1,2,{long}\n"),
            &CsvOptions::default(),
        ),
        load_pairwise_csv(
            &format!("item,model,score\n{long},m,0.5\n{long},m,0.5\n"),
            &PairwiseCsvOptions::default(),
        )
        .unwrap_err()
        .to_string(),
    ];
    // A JSON key of a megabyte, quoted by the JSON reader's own message.
    messages.push(
        load_json(&format!("{{\"{long}\": 1}}"))
            .unwrap_err()
            .to_string(),
    );
    messages.push(
        load_pairwise_json(&format!("{{\"items\": [], \"{long}\": 1}}"))
            .unwrap_err()
            .to_string(),
    );
    for message in &messages {
        let length = message.chars().count();
        assert!(
            length <= MESSAGE_LIMIT,
            "{length} characters: {}",
            message.chars().take(200).collect::<String>()
        );
    }
    // Names and values quoted as such are cut to their first 60 characters.
    for message in messages.iter().take(5) {
        assert!(message.contains(&cut), "{message}");
    }
    assert!(messages[0].contains(" and 12 more"), "{}", messages[0]);
}
