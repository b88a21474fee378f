//! Lower case for matching names against ASCII words, without Unicode's case tables.
//!
//! `str::to_lowercase` pulls Unicode's case-conversion tables into the wasm (about 12 KB of data
//! for lower case alone, plus the code that searches them). Everywhere sweepmap lowers text, the
//! result is only compared with ASCII words ("model", "pass@", "synthetic") or filtered down to
//! ASCII (file names), so ASCII lowering gives the same answers, provided the two non-ASCII
//! characters whose lower case contains ASCII are lowered too. The tests below check that claim
//! against `char::to_lowercase` for every character.

/// Appends the lower case of `c` as far as ASCII is concerned: ASCII letters are lowered, the
/// KELVIN SIGN becomes `k` and LATIN CAPITAL LETTER I WITH DOT ABOVE becomes `i` and a combining
/// dot above (as `char::to_lowercase` gives); every other character is kept as it is, since its
/// lower case holds no ASCII character.
pub(crate) fn push_lower(out: &mut String, c: char) {
    match c {
        '\u{212A}' => out.push('k'),
        '\u{130}' => out.push_str("i\u{307}"),
        _ => out.push(c.to_ascii_lowercase()),
    }
}

/// `text` lowered with [`push_lower`]: equal to `text.to_lowercase()` in every ASCII character
/// and in where its alphanumeric runs start and end.
pub(crate) fn lower(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_lower(&mut out, c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_char() -> impl Iterator<Item = char> {
        (0..=u32::from(char::MAX)).filter_map(char::from_u32)
    }

    #[test]
    fn lowers_ascii_and_the_two_special_letters() {
        assert_eq!(lower("Pass@1 VAL_Accuracy"), "pass@1 val_accuracy");
        assert_eq!(lower("\u{212A}L"), "kl");
        assert_eq!(lower("\u{130}X"), "i\u{307}x");
        assert_eq!(lower("Ünïcode Σ"), "Ünïcode Σ");
    }

    /// Every character not lowered here has a Unicode lower case with no ASCII in it, and the
    /// same alphanumeric class in every character of it: so a comparison with ASCII words, a
    /// split on non-alphanumeric characters or a filter down to ASCII gives the same result on
    /// `lower(text)` as on `text.to_lowercase()`.
    #[test]
    fn agrees_with_unicode_lower_case_wherever_ascii_is_concerned() {
        for c in every_char() {
            let mut ours = String::new();
            push_lower(&mut ours, c);
            let unicode: String = c.to_lowercase().collect();
            if c.is_ascii() || c == '\u{212A}' || c == '\u{130}' {
                assert_eq!(ours, unicode, "{c:?}");
                continue;
            }
            assert_eq!(ours, c.to_string(), "{c:?}");
            assert!(
                !unicode.chars().any(|l| l.is_ascii()),
                "{c:?} lowers to {unicode:?}"
            );
            assert!(
                unicode
                    .chars()
                    .all(|l| l.is_alphanumeric() == c.is_alphanumeric()),
                "{c:?} lowers to {unicode:?}"
            );
        }
    }

    #[test]
    fn lowering_keeps_whole_text_ascii_parts() {
        let text = "Sýnthetic K\u{212A} \u{130}tem Größe pass@K";
        let ascii = |s: &str| s.chars().filter(char::is_ascii).collect::<String>();
        assert_eq!(ascii(&lower(text)), ascii(&text.to_lowercase()));
    }
}
