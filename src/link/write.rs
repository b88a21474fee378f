//! Writing a link: the source, then the view values that differ from the defaults and that the
//! layout and range use, in the order of [`KEYS`](super::read::KEYS). Equal views give equal
//! links, and every link written reads back as the view it was written from. The defaults are
//! the views' `Default`s, the ones the parser starts from, so "left out" always reads back as
//! the value it stood for.

use super::number::js_number;
use super::query::push_pair;
use super::read::join_names;
use super::view::{Format, Named, PairwiseView, Range, Source, SweepView, ViewState};

/// The link text of a view (without a leading `#`), as the page writes it in its address's
/// fragment; the same `key=value&...` text a query string would hold.
pub fn format_link(state: &ViewState) -> String {
    let mut query = String::new();
    write_source(&mut query, state.source());
    match state {
        ViewState::Sweep(view) => write_sweep(&mut query, view),
        ViewState::Pairwise(view) => write_pairwise(&mut query, view),
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

fn write_sweep(query: &mut String, view: &SweepView) {
    let defaults = SweepView::default();
    let used = view.layout.uses();
    if view.layout != defaults.layout {
        push_pair(query, "layout", view.layout.name());
    }
    let names = [
        ("model", used.model, &view.model),
        ("b", used.model_b, &view.model_b),
        ("bench", used.benchmark, &view.benchmark),
    ];
    for (key, is_used, value) in names {
        if let (true, Some(value)) = (is_used, value) {
            push_pair(query, key, value);
        }
    }
    write_colour(
        query,
        (&view.color_map, view.reversed),
        (&defaults.color_map, defaults.reversed),
    );
    write_range(query, view.range, defaults.range, (view.min, view.max));
    if view.range == Range::Centered && view.center != defaults.center {
        push_pair(query, "center", &js_number(view.center));
    }
    write_labels(query, (view.annotate, view.decimals), defaults.annotate);
    if let (true, Some(level)) = (used.uncertainty, view.uncertainty) {
        push_pair(query, "unc", &js_number(level));
    }
}

fn write_pairwise(query: &mut String, view: &PairwiseView) {
    let defaults = PairwiseView::default();
    if let Some(models) = view.models.as_deref().filter(|m| !m.is_empty()) {
        push_pair(query, "models", &join_names(models));
    }
    if let Some(group) = &view.group {
        push_pair(query, "group", group);
    }
    if view.bins != defaults.bins {
        push_pair(query, "bins", &view.bins.to_string());
    }
    if view.value != defaults.value {
        push_pair(query, "by", view.value.name());
    }
    write_flag(query, "log", view.logarithmic, defaults.logarithmic);
    write_colour(
        query,
        (&view.color_map, view.reversed),
        (&defaults.color_map, defaults.reversed),
    );
    write_range(query, view.range, defaults.range, (view.min, view.max));
    write_labels(query, (view.annotate, view.decimals), defaults.annotate);
}

/// `key=1` or `key=0`, when `value` is not the default.
fn write_flag(query: &mut String, key: &str, value: bool, default: bool) {
    if value != default {
        push_pair(query, key, if value { "1" } else { "0" });
    }
}

/// `cmap=` and `rev=`: the colour map and its direction, where they are not the defaults.
fn write_colour(query: &mut String, (color_map, reversed): (&str, bool), default: (&str, bool)) {
    if color_map != default.0 {
        push_pair(query, "cmap", color_map);
    }
    write_flag(query, "rev", reversed, default.1);
}

/// `range=` where it is not the default, and the bounds `min=` and `max=` of a fixed range.
fn write_range(
    query: &mut String,
    range: Range,
    default: Range,
    (min, max): (Option<f64>, Option<f64>),
) {
    if range != default {
        push_pair(query, "range", range.name());
    }
    if range != Range::Fixed {
        return;
    }
    for (key, bound) in [("min", min), ("max", max)] {
        if let Some(bound) = bound {
            push_pair(query, key, &js_number(bound));
        }
    }
}

/// `annot=` where it is not the default, and `dec=` unless the decimals are automatic.
fn write_labels(query: &mut String, (annotate, decimals): (bool, Option<u32>), default: bool) {
    write_flag(query, "annot", annotate, default);
    if let Some(decimals) = decimals {
        push_pair(query, "dec", &decimals.to_string());
    }
}
