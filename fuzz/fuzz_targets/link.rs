//! The share-link parser on any text, for sweeps and for pairwise data: it never panics, and the
//! link it writes for the view it read reads back as that view, without notices; so do a run
//! table's keys.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sweepmap::link::table::{format_table_link, read_table_link};
use sweepmap::link::{format_link, parse_link, DataKind, LinkContext};

fuzz_target!(|bytes: &[u8]| {
    let query = String::from_utf8_lossy(bytes);
    let (table, _) = read_table_link(&query);
    let written = format_table_link(&table);
    let (reread, notices) = read_table_link(&written);
    assert_eq!(reread, table, "{written}");
    assert_eq!(notices, Vec::new(), "{written}");
    for kind in [DataKind::Sweep, DataKind::Pairwise] {
        let context = LinkContext {
            kind,
            ..LinkContext::default()
        };
        let parsed = parse_link(&query, &context);
        let written = format_link(&parsed.state);
        let reread = parse_link(&written, &context);
        assert_eq!(reread.state, parsed.state, "{written}");
        assert_eq!(reread.notices, Vec::new(), "{written}");
    }
});
