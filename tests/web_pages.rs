//! A web page where data were expected (a GitHub file page instead of the raw file, a login or
//! error page) gets one clear message from every loader, whole or in slices, sweep or per-item
//! scores, CSV or JSON; and data that merely contain `<` are never taken for a page.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;

use sweepmap::pairwise::{load_pairwise_csv, load_pairwise_json, PairwiseCsvOptions};
use sweepmap::source::is_web_page;
use sweepmap::{load_csv, load_json, CsvLoader, CsvOptions, Error};

const PAGE_MESSAGE: &str = "this is a web page (HTML), not a CSV or JSON file; open the raw file instead (on GitHub, its \"Raw\" button)";

/// The start of a web page: optional byte-order mark, white space, comments and XML
/// declaration, then a page's first tag in any case, then anything a page may hold.
fn page() -> impl Strategy<Value = String> {
    let tag = prop_oneof![
        Just("!DOCTYPE html".to_string()),
        Just("!doctype HTML".to_string()),
        Just("html".to_string()),
        Just("head".to_string()),
        Just("body".to_string()),
        Just("meta charset=\"utf-8\"".to_string()),
        Just("title".to_string()),
        Just("script".to_string()),
        Just("link rel=\"stylesheet\"".to_string()),
        Just("style".to_string()),
    ];
    let case = prop::collection::vec(any::<bool>(), 16);
    (
        any::<bool>(),
        "[ \t\r\n]{0,4}",
        prop::option::of("<!--[a-z ,<]{0,12}-->[ \n]{0,2}"),
        prop::option::of(Just("<?xml version=\"1.0\"?>\n".to_string())),
        tag,
        case,
        "[>\n ]",
        "[a-z0-9,.{}\"<>/= \n]{0,80}",
    )
        .prop_map(|(bom, space, comment, xml, tag, case, after, body)| {
            let tag: String = tag
                .chars()
                .zip(case.iter().cycle())
                .map(|(c, upper)| {
                    if *upper {
                        c.to_ascii_uppercase()
                    } else {
                        c.to_ascii_lowercase()
                    }
                })
                .collect();
            format!(
                "{}{space}{}{}<{tag}{after}{body}",
                if bom { "\u{feff}" } else { "" },
                xml.unwrap_or_default(),
                comment.unwrap_or_default(),
            )
        })
}

fn message<T>(result: sweepmap::Result<T>) -> String {
    match result {
        Ok(_) => "loaded".to_string(),
        Err(error) => error.to_string(),
    }
}

/// The sweep loader in slices, `slice` bytes at a time (a slice may end inside a character).
fn sliced(text: &str, slice: usize) -> String {
    let mut loader = CsvLoader::new(CsvOptions::default());
    for chunk in text.as_bytes().chunks(slice.max(1)) {
        if let Err(error) = loader.push(chunk) {
            return error.to_string();
        }
    }
    message(loader.finish_input())
}

proptest! {
    #[test]
    fn every_loader_says_a_page_is_a_page(text in page(), slice in 1usize..64) {
        prop_assert!(is_web_page(&text, None));
        prop_assert_eq!(message(load_csv(&text, &CsvOptions::default())), PAGE_MESSAGE);
        prop_assert_eq!(message(load_json(&text)), PAGE_MESSAGE);
        prop_assert_eq!(message(load_pairwise_csv(&text, &PairwiseCsvOptions::default())), PAGE_MESSAGE);
        prop_assert_eq!(message(load_pairwise_json(&text)), PAGE_MESSAGE);
        prop_assert_eq!(sliced(&text, slice), PAGE_MESSAGE);
    }

    /// CSV whose labels start with `<` (even `<header>` or `<html5>`) is data.
    #[test]
    fn data_with_angle_brackets_are_data(
        column in "<(header|htmlx|html5|bodyguard|heading|titles|metal)>?",
        model in "<[a-z]{1,6}>",
    ) {
        let text = format!("{column},benchmark,window,ratio,pass@1\n{model},B,1,0.1,40\n{model},B,1,0.2,41\n");
        prop_assert!(!is_web_page(&text, None));
        let roles = CsvOptions { model: Some(column.clone()), ..CsvOptions::default() };
        let loaded = load_csv(&text, &roles);
        prop_assert!(loaded.is_ok(), "{text:?}: {}", message(loaded));
    }
}

#[test]
fn a_fetched_page_says_so_in_the_words_for_a_link() {
    assert_eq!(
        Error::WebPage { fetched: true }.to_string(),
        "it sent a web page (HTML), not a CSV or JSON file; link to the raw file instead (on GitHub, its \"Raw\" button)"
    );
}
