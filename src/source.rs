//! What a source of data is before any loader reads it: the format its name suggests, and
//! whether its text is a web page rather than data (a link to a file's page on GitHub instead of
//! the raw file, a login page, a server's error page). The explorer, `<sweep-map>` and every
//! loader ask here, so a web page gets the same clear message however it arrives (a fetched
//! address, "Open file", inline data, the API).

use crate::link::Format;

/// How far into a text [`is_web_page`] looks for the first tag, past white space, comments and
/// an XML declaration: a page starts with its tag well within this; data never need to.
const HEAD_CHARS: usize = 8 * 1024;

/// Tags a web page starts with (after white space, comments and an XML declaration), matched
/// in any case and followed by anything but a letter, digit, `-` or `_` (`<header` is not
/// `<head`).
const PAGE_TAGS: [&str; 8] = [
    "html", "head", "body", "meta", "title", "script", "link", "style",
];

/// The data format a file name or URL suggests: `.json` JSON; `.csv`, `.tsv` and `.txt` CSV
/// (the CSV reader picks the delimiter); anything else `Auto` (the text decides). A URL's query
/// and fragment are ignored, and the extension's case.
pub fn format_from_name(name: &str) -> Format {
    let path = name.split(['?', '#']).next().unwrap_or_default();
    let file = path.rsplit(['/', '\\']).next().unwrap_or_default();
    let Some((stem, extension)) = file.rsplit_once('.') else {
        return Format::Auto;
    };
    if stem.is_empty() && extension.is_empty() {
        return Format::Auto;
    }
    match extension.to_ascii_lowercase().as_str() {
        "json" => Format::Json,
        "csv" | "tsv" | "txt" => Format::Csv,
        _ => Format::Auto,
    }
}

/// True when `text` (its start is enough) is a web page, not data: past a byte-order mark, white
/// space, HTML comments and an XML declaration it opens with `<!doctype html` or one of a
/// page's first tags (`<html`, `<head`, `<body`, `<meta`, `<title`, `<script`, `<link`,
/// `<style`), in any case; or `content_type` (a response's `Content-Type`) says HTML and the
/// text starts with `<`.
pub fn is_web_page(text: &str, content_type: Option<&str>) -> bool {
    let start = skip_prologue(text);
    if content_type.is_some_and(says_html) && start.starts_with('<') {
        return true;
    }
    let Some(rest) = start.strip_prefix('<') else {
        return false;
    };
    if let Some(doctype) = strip_prefix_ignore_case(rest, "!doctype") {
        let name = doctype.trim_start();
        return name.len() < doctype.len() && strip_prefix_ignore_case(name, "html").is_some();
    }
    PAGE_TAGS.iter().any(|tag| {
        strip_prefix_ignore_case(rest, tag).is_some_and(|after| {
            !after.starts_with(|c: char| c.is_alphanumeric() || c == '-' || c == '_')
        })
    })
}

/// The text after a byte-order mark, white space, HTML comments and an XML declaration, looking
/// no further than [`HEAD_CHARS`] (an empty string when the prologue goes on past that).
fn skip_prologue(text: &str) -> &str {
    let mut rest = text.strip_prefix('\u{feff}').unwrap_or(text);
    loop {
        rest = rest.trim_start();
        let skipped = text.len() - rest.len();
        if skipped > HEAD_CHARS {
            return "";
        }
        let end = if let Some(comment) = rest.strip_prefix("<!--") {
            comment.find("-->").map(|end| end + 7)
        } else if rest.starts_with("<?xml") {
            rest.find("?>").map(|end| end + 2)
        } else {
            return rest;
        };
        match end.and_then(|end| rest.get(end..)) {
            Some(after) => rest = after,
            // A comment or declaration that never ends: nothing after it to judge.
            None => return "",
        }
    }
}

/// The text after `prefix` (ASCII, matched in any case), or `None`.
fn strip_prefix_ignore_case<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    if head.eq_ignore_ascii_case(prefix) {
        text.get(prefix.len()..)
    } else {
        None
    }
}

/// True when a `Content-Type` is an HTML page's (`text/html`, `application/xhtml+xml`).
fn says_html(content_type: &str) -> bool {
    let essence = content_type.split(';').next().unwrap_or_default().trim();
    essence.eq_ignore_ascii_case("text/html")
        || essence.eq_ignore_ascii_case("application/xhtml+xml")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_give_their_format() {
        for (name, format) in [
            ("results.csv", Format::Csv),
            ("RESULTS.CSV", Format::Csv),
            ("a/b/results.tsv", Format::Csv),
            ("notes.txt", Format::Csv),
            (
                "https://example.org/data/sweep.json?raw=1#top",
                Format::Json,
            ),
            ("sweep.JSON", Format::Json),
            ("https://example.org/data.json/view", Format::Auto),
            ("https://example.org/file?name=x.json", Format::Auto),
            ("results", Format::Auto),
            ("results.csv.gz", Format::Auto),
            (".csv", Format::Csv),
            ("", Format::Auto),
            ("C:\\data\\sweep.json", Format::Json),
        ] {
            assert_eq!(format_from_name(name), format, "{name}");
        }
    }

    #[test]
    fn pages_are_told_from_data() {
        for page in [
            "<!DOCTYPE html><html>",
            "<!doctype  HTML>",
            "\u{feff}  \n<html lang=\"en\">",
            "<HEAD>",
            "<body>",
            "<meta charset=utf-8>",
            "<title>Sign in</title>",
            "<script>",
            "<link rel=stylesheet href=a.css>",
            "<style>",
            "<!-- generated -->\n<!DOCTYPE html>",
            "<?xml version=\"1.0\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\">",
            "<html",
        ] {
            assert!(is_web_page(page, None), "{page:?}");
        }
        for data in [
            "model,benchmark,x,y,value\nA,B,1,2,3\n",
            "{\"panels\": []}",
            "<header>,x,y\n",
            "<htmlish>,x\n",
            "<!doctypehtml>",
            "<!-- never closed <html>",
            "",
            "<",
            "html,head\n1,2\n",
        ] {
            assert!(!is_web_page(data, None), "{data:?}");
        }
    }

    #[test]
    fn an_html_content_type_counts_when_the_text_opens_a_tag() {
        assert!(is_web_page(
            "<div>Not found</div>",
            Some("text/html; charset=utf-8")
        ));
        assert!(is_web_page("  <p>", Some("application/xhtml+xml")));
        assert!(!is_web_page("model,x\nA,1\n", Some("text/html")));
        assert!(!is_web_page("<div>", Some("text/csv")));
        assert!(!is_web_page("<div>", None));
    }

    #[test]
    fn a_long_prologue_is_not_searched_past_its_bound() {
        let spaces = " ".repeat(HEAD_CHARS + 1);
        assert!(!is_web_page(&format!("{spaces}<html>"), None));
        assert!(is_web_page(
            &format!("{}<html>", " ".repeat(HEAD_CHARS)),
            None
        ));
    }
}
