//! Writing a link: the source, then the view values that differ from the defaults and that the
//! layout and range use, in the order of [`keys`](super::read::keys). Equal views give equal
//! links, and every link written reads back as the view it was written from. The defaults are
//! the views' `Default`s, the ones the parser starts from, so "left out" always reads back as
//! the value it stood for.

use super::number::js_number;
use super::query::push_pair;
use super::read::join_names;
use super::view::{Format, Named, Source, ViewState};
use crate::view::{OptionValue, ViewFields};

/// The link text of a view (without a leading `#`), as the page writes it in its address's
/// fragment; the same `key=value&...` text a query string would hold.
pub fn format_link(state: &ViewState) -> String {
    format_link_with(state, "")
}

/// The link text of a view with more keys after its source: `keys` (already encoded, as
/// [`format_table_link`](super::table::format_table_link) writes a run table's view) in the
/// place [`keys`](super::read::keys) gives them, between the source and the figure's settings.
pub fn format_link_with(state: &ViewState, keys: &str) -> String {
    let mut query = String::new();
    write_source(&mut query, state.source());
    if !keys.is_empty() {
        if !query.is_empty() {
            query.push('&');
        }
        query.push_str(keys);
    }
    match state {
        ViewState::Sweep(view) => write_view(&mut query, view),
        ViewState::Pairwise(view) => write_view(&mut query, view),
    }
    query
}

fn write_source(query: &mut String, source: &Source) {
    match source {
        Source::Bundled { id: Some(id) } => push_pair(query, "dataset", id),
        Source::Bundled { id: None } => {}
        Source::Url { url, format } => {
            push_pair(query, "src", url);
            write_format(query, *format);
        }
        Source::Local {
            name, format, data, ..
        } => {
            if let Some(data) = data.as_deref().filter(|data| !data.is_empty()) {
                push_pair(query, "data", data);
                write_format(query, *format);
            }
            if !name.is_empty() {
                push_pair(query, "name", name);
            }
        }
    }
}

/// `fmt=`, unless the format is detected (`auto`, never written).
fn write_format(query: &mut String, format: Format) {
    if format != Format::Auto {
        push_pair(query, "fmt", format.name());
    }
}

/// The view's settings in the order of their declaration: each one the view uses, where it is
/// not the default, under its link key. Flags are written `1` and `0`, numbers as JavaScript
/// writes them, lists by [`join_names`].
fn write_view<V: ViewFields>(query: &mut String, view: &V) {
    let defaults = V::default();
    for setting in V::fields() {
        let Some(key) = setting.link else { continue };
        let Some(value) = view.get(setting) else {
            continue;
        };
        if !view.uses(setting) || defaults.get(setting).as_ref() == Some(&value) {
            continue;
        }
        match value {
            OptionValue::Text(text) => push_pair(query, key, &text),
            OptionValue::Flag(flag) => push_pair(query, key, if flag { "1" } else { "0" }),
            OptionValue::Number(number) => push_pair(query, key, &js_number(number)),
            OptionValue::TextList(names) if !names.is_empty() => {
                push_pair(query, key, &join_names(&names))
            }
            OptionValue::TextList(_) | OptionValue::Null | OptionValue::Other(_) => {}
        }
    }
}
