//! The pairs of a share link (the address's fragment, or the query string of older links) as
//! key/value pairs, and back.
//!
//! Hand-written rather than a URL crate: the format is `application/x-www-form-urlencoded` (what
//! the browser's `URLSearchParams` reads and writes), small enough to decode here, and decoding
//! it ourselves lets every damaged pair get a notice of its own instead of being silently patched
//! (the browser turns a bad `%` into a literal and invalid UTF-8 into U+FFFD).

/// One `key=value` pair as it was written, decoded.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Pair {
    pub key: String,
    pub value: String,
}

/// Why a pair could not be decoded; the message names the raw pair and what was expected.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Damaged {
    /// The raw key as written (percent-encoding and all), for the notice.
    pub key: String,
    pub message: String,
}

/// Splits a link's text into decoded pairs, in order. The text may start with one `#` (the
/// fragment, where the explorer keeps its view) or one `?` (the query string, where links made
/// before that kept it); only one is taken off, so `#?a=1` has the key `?a`. Empty segments
/// (`a=1&&b=2`) are skipped, as browsers do; a segment without `=` has an empty value.
pub(super) fn split_query(query: &str) -> Vec<Result<Pair, Damaged>> {
    let query = query.strip_prefix(['?', '#']).unwrap_or(query);
    let mut pairs = Vec::new();
    for segment in query.split('&') {
        if !segment.is_empty() {
            pairs.push(decode_pair(segment));
        }
    }
    pairs
}

fn decode_pair(segment: &str) -> Result<Pair, Damaged> {
    let (raw_key, raw_value) = segment.split_once('=').unwrap_or((segment, ""));
    let damaged = |problem: String| Damaged {
        key: raw_key.to_string(),
        message: format!("Ignored {} in the link: {problem}.", shown(segment)),
    };
    let key = decode_component(raw_key).map_err(damaged)?;
    let value = decode_component(raw_value).map_err(damaged)?;
    Ok(Pair { key, value })
}

/// Decodes one form-urlencoded component: `+` is a space, `%XX` a byte, and the bytes must be
/// UTF-8. The error says what is wrong and where.
fn decode_component(raw: &str) -> Result<String, String> {
    let bytes = raw.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while let Some(&byte) = bytes.get(index) {
        match byte {
            b'+' => decoded.push(b' '),
            b'%' => {
                let digits = bytes.get(index + 1..index + 3);
                match digits.and_then(hex_pair) {
                    Some(value) => decoded.push(value),
                    None => return Err(bad_escape(raw, index)),
                }
                index += 2;
            }
            other => decoded.push(other),
        }
        index += 1;
    }
    String::from_utf8(decoded).map_err(|error| {
        let at = error.utf8_error().valid_up_to();
        format!("its percent-encoded bytes are not UTF-8 text (an invalid sequence after {at} bytes), as if the link was cut short or edited")
    })
}

fn bad_escape(raw: &str, index: usize) -> String {
    let rest: String = raw
        .get(index..)
        .unwrap_or_default()
        .chars()
        .take(3)
        .collect();
    if rest.chars().count() < 3 && raw.get(index + 1..).is_some_and(|r| r.bytes().all(is_hex)) {
        format!("it ends in the middle of a percent-encoded byte ({rest:?}), as if the link was cut short")
    } else {
        format!(
            "{rest:?} is not percent-encoding (expected % and two hexadecimal digits; a literal % is written %25)"
        )
    }
}

fn is_hex(byte: u8) -> bool {
    byte.is_ascii_hexdigit()
}

fn hex_pair(digits: &[u8]) -> Option<u8> {
    let text = std::str::from_utf8(digits).ok()?;
    if digits.len() != 2 || !digits.iter().all(|&b| is_hex(b)) {
        return None;
    }
    u8::from_str_radix(text, 16).ok()
}

/// Appends `key=value` form-urlencoded as `URLSearchParams` writes it, except that commas stay
/// commas (a query may hold them as they are, and lists of model names read better).
pub(super) fn push_pair(query: &mut String, key: &str, value: &str) {
    if !query.is_empty() {
        query.push('&');
    }
    encode_into(query, key);
    query.push('=');
    encode_into(query, value);
}

fn encode_into(out: &mut String, text: &str) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for &byte in text.as_bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'*' | b'-' | b'.' | b'_' | b',' => {
                out.push(char::from(byte));
            }
            b' ' => out.push('+'),
            _ => {
                out.push('%');
                for nibble in [byte >> 4, byte & 0x0f] {
                    if let Some(&digit) = HEX.get(usize::from(nibble)) {
                        out.push(char::from(digit));
                    }
                }
            }
        }
    }
}

/// A value quoted for a message as JavaScript's `JSON.stringify` does, shortened when long (a
/// `data=` value can be thousands of characters).
pub(super) fn shown(value: &str) -> String {
    if value.chars().count() > 60 {
        let start: String = value.chars().take(57).collect();
        quote(&format!("{start}..."))
    } else {
        quote(value)
    }
}

/// A value in double quotes with JSON escapes, as the page's messages have always quoted.
pub(super) fn quote(value: &str) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| format!("\"{value}\""))
}

/// A list of quoted names: `"a", "b"`.
pub(super) fn quoted_list(names: &[String]) -> String {
    let mut list = String::new();
    for name in names {
        if !list.is_empty() {
            list.push_str(", ");
        }
        list.push_str(&quote(name));
    }
    list
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(query: &str) -> Vec<Result<(String, String), String>> {
        split_query(query)
            .into_iter()
            .map(|pair| pair.map(|p| (p.key, p.value)).map_err(|d| d.message))
            .collect()
    }

    #[test]
    fn decodes_form_encoding() {
        assert_eq!(
            pairs("?a=1&&b=x+y%3A%C3%A9&c&=z"),
            vec![
                Ok(("a".into(), "1".into())),
                Ok(("b".into(), "x y:é".into())),
                Ok(("c".into(), String::new())),
                Ok((String::new(), "z".into())),
            ]
        );
    }

    #[test]
    fn one_leading_hash_or_question_mark_is_taken_off() {
        let expected = vec![
            Ok(("dataset".into(), "kv-cache-sweep".into())),
            Ok(("layout".into(), "grid".into())),
        ];
        assert_eq!(pairs("#dataset=kv-cache-sweep&layout=grid"), expected);
        assert_eq!(pairs("?dataset=kv-cache-sweep&layout=grid"), expected);
        assert_eq!(pairs("dataset=kv-cache-sweep&layout=grid"), expected);
        // Only one: a second mark is part of the first key, which the reader then ignores.
        assert_eq!(
            pairs("#?layout=grid"),
            vec![Ok(("?layout".into(), "grid".into()))]
        );
        assert_eq!(
            pairs("?#layout=grid"),
            vec![Ok(("#layout".into(), "grid".into()))]
        );
        // A mark inside the text is a character of its pair, as in any query string.
        assert_eq!(
            pairs("#model=a#b"),
            vec![Ok(("model".into(), "a#b".into()))]
        );
    }

    #[test]
    fn damaged_escapes_say_what_is_wrong() {
        assert_eq!(
            pairs("model=R1%2"),
            vec![Err("Ignored \"model=R1%2\" in the link: it ends in the middle of a percent-encoded byte (\"%2\"), as if the link was cut short.".into())]
        );
        assert_eq!(
            pairs("model=a%zzb"),
            vec![Err("Ignored \"model=a%zzb\" in the link: \"%zz\" is not percent-encoding (expected % and two hexadecimal digits; a literal % is written %25).".into())]
        );
        assert_eq!(
            pairs("model=%C3"),
            vec![Err("Ignored \"model=%C3\" in the link: its percent-encoded bytes are not UTF-8 text (an invalid sequence after 0 bytes), as if the link was cut short or edited.".into())]
        );
    }

    #[test]
    fn encodes_as_url_search_params_does() {
        let mut query = String::new();
        push_pair(&mut query, "bench", "Average (reported)");
        push_pair(&mut query, "models", "a,b:é*~");
        assert_eq!(
            query,
            "bench=Average+%28reported%29&models=a,b%3A%C3%A9*%7E"
        );
    }
}
