//! Data-supplied text as it is shown: bounded in length and isolated in direction.
//!
//! Titles, labels and notes come from files and links written by anyone. Shown verbatim, a
//! million-character title blocks a browser tab in layout for tens of seconds, and a label
//! holding a bidi override (`safe\u{202E}gnp.exe`) reorders what is written around it
//! ("safeexe.png"). Everywhere such text becomes something to read (a figure's titles, ticks,
//! axis names and caption; the sentences of the observations; the page's header, controls,
//! cards and tooltips, through the wasm's `displayLabel` and `displayNote`), it goes through
//! [`display_label`] or [`display_note`] first:
//! - text longer than the limit is cut, and ends with "…" so the cut shows;
//! - text holding a bidi control is wrapped in U+2068 FIRST STRONG ISOLATE ... U+2069 POP
//!   DIRECTIONAL ISOLATE, so its own direction cannot leak into the text around it. Text without
//!   bidi controls is returned unchanged (borrowed), so figures of ordinary labels stay
//!   byte-identical.
//!
//! Nothing here changes the data: lookups, exports and links keep every label whole.

use std::borrow::Cow;

/// The most characters of one label or title shown (a model, a benchmark, an axis value, a
/// dataset's title, a file name).
pub const LABEL_LIMIT: usize = 200;

/// The most characters of a note shown (a dataset's source note), and of a label given in full
/// on request (the tooltip of a cut title).
pub const NOTE_LIMIT: usize = 5_000;

/// The character that ends a cut text.
const ELLIPSIS: char = '…';
const FIRST_STRONG_ISOLATE: char = '\u{2068}';
const POP_DIRECTIONAL_ISOLATE: char = '\u{2069}';

/// True for the characters that set or change the direction of the text after them: the
/// embeddings and overrides (U+202A..U+202E), the isolates (U+2066..U+2069) and the marks
/// (U+200E, U+200F, U+061C).
pub fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}'
    )
}

/// `text` cut to at most `limit` characters, the last of them "…" when it was cut.
pub fn cut_text(text: &str, limit: usize) -> Cow<'_, str> {
    let limit = limit.max(1);
    match text.char_indices().nth(limit) {
        None => Cow::Borrowed(text),
        Some(_) => {
            let end = text
                .char_indices()
                .nth(limit - 1)
                .map_or(text.len(), |(at, _)| at);
            let mut cut = String::with_capacity(end + ELLIPSIS.len_utf8());
            cut.push_str(text.get(..end).unwrap_or_default());
            cut.push(ELLIPSIS);
            Cow::Owned(cut)
        }
    }
}

/// `text` wrapped in FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE when it holds a bidi
/// control (whatever it opens ends at the POP DIRECTIONAL ISOLATE); unchanged otherwise.
pub fn isolate(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_bidi_control) {
        return Cow::Borrowed(text);
    }
    let mut isolated = String::with_capacity(text.len() + 6);
    isolated.push(FIRST_STRONG_ISOLATE);
    isolated.push_str(text);
    isolated.push(POP_DIRECTIONAL_ISOLATE);
    Cow::Owned(isolated)
}

fn bounded(text: &str, limit: usize) -> Cow<'_, str> {
    match cut_text(text, limit) {
        Cow::Borrowed(whole) => isolate(whole),
        Cow::Owned(cut) => Cow::Owned(isolate(&cut).into_owned()),
    }
}

/// A label or title as shown: at most [`LABEL_LIMIT`] characters, isolated when it holds bidi
/// controls.
pub fn display_label(text: &str) -> Cow<'_, str> {
    bounded(text, LABEL_LIMIT)
}

/// A note as shown: at most [`NOTE_LIMIT`] characters, isolated when it holds bidi controls.
pub fn display_note(text: &str) -> Cow<'_, str> {
    bounded(text, NOTE_LIMIT)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn short_text_without_bidi_controls_is_borrowed_unchanged() {
        for text in [
            "",
            "R1-Qwen",
            "AIME'24 | Ratio",
            "שלום",
            &"x".repeat(LABEL_LIMIT),
        ] {
            assert!(matches!(display_label(text), Cow::Borrowed(t) if t == text));
        }
    }

    #[test]
    fn long_text_is_cut_with_an_ellipsis() {
        let title = "T".repeat(1_000_000);
        let shown = display_label(&title);
        assert_eq!(shown.chars().count(), LABEL_LIMIT);
        assert_eq!(shown, format!("{}…", "T".repeat(LABEL_LIMIT - 1)));
        let long_note = "é".repeat(NOTE_LIMIT + 1);
        let note = display_note(&long_note);
        assert_eq!(note, format!("{}…", "é".repeat(NOTE_LIMIT - 1)));
    }

    #[test]
    fn bidi_overrides_are_isolated_after_the_cut() {
        assert_eq!(
            display_label("safe\u{202E}gnp.exe"),
            "\u{2068}safe\u{202E}gnp.exe\u{2069}"
        );
        let long = format!("\u{202E}{}", "a".repeat(500));
        assert_eq!(
            display_label(&long),
            format!("\u{2068}\u{202E}{}…\u{2069}", "a".repeat(LABEL_LIMIT - 2))
        );
    }

    proptest! {
        /// Any text: at most the limit plus the two isolate characters; a prefix of the text
        /// (and "…" when cut); isolated exactly when it holds a bidi control, and then every
        /// control sits between the isolate's ends.
        #[test]
        fn any_label_is_bounded_and_isolated(text in "(\\PC|[\u{202A}-\u{202E}\u{2066}-\u{2069}\u{200E}\u{200F}]){0,300}") {
            let shown = display_label(&text);
            let count = text.chars().count();
            let kept = if count > LABEL_LIMIT { LABEL_LIMIT - 1 } else { count };
            let controls = text.chars().take(kept).any(is_bidi_control);
            let inner: &str = if controls {
                let inner = shown
                    .strip_prefix(FIRST_STRONG_ISOLATE)
                    .and_then(|rest| rest.strip_suffix(POP_DIRECTIONAL_ISOLATE));
                prop_assert!(inner.is_some(), "not isolated: {:?}", shown);
                inner.unwrap_or_default()
            } else {
                &shown
            };
            if count <= LABEL_LIMIT {
                prop_assert_eq!(inner, text.as_str());
            } else {
                prop_assert_eq!(inner.chars().count(), LABEL_LIMIT);
                let kept = inner.strip_suffix('…').unwrap_or_default();
                prop_assert!(text.starts_with(kept));
            }
        }
    }
}
