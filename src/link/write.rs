//! Writing a link: the source, then the view values that differ from the defaults and that the
//! layout and range use, in the order of [`KEYS`](super::read::KEYS). Equal views give equal
//! links, and every link written reads back as the view it was written from.

use super::number::js_number;
use super::query::push_pair;
use super::read::join_names;
use super::view::{
    BinValue, Format, Layout, PairwiseView, Range, Source, SweepView, ViewState, DEFAULT_BINS,
    DEFAULT_COLOR_MAP,
};

/// The query string (without `?`) of a view, as the page writes it in its address.
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

fn write_format(query: &mut String, format: Format) {
    match format {
        Format::Auto => {}
        Format::Csv => push_pair(query, "fmt", "csv"),
        Format::Json => push_pair(query, "fmt", "json"),
    }
}

/// Which of model, model B, benchmark and the uncertainty marks a layout uses.
pub(super) struct Used {
    pub model: bool,
    pub model_b: bool,
    pub benchmark: bool,
    pub uncertainty: bool,
}

pub(super) fn used_by(layout: Layout) -> Used {
    use Layout::*;
    Used {
        model: matches!(layout, Model | Difference | Reconcile),
        model_b: layout == Difference,
        benchmark: matches!(layout, Benchmark | Difference | Reconcile),
        uncertainty: layout != Reconcile,
    }
}

fn layout_name(layout: Layout) -> &'static str {
    match layout {
        Layout::Model => "model",
        Layout::Benchmark => "benchmark",
        Layout::Grid => "grid",
        Layout::Difference => "difference",
        Layout::Reconcile => "reconcile",
    }
}

fn range_name(range: Range) -> &'static str {
    match range {
        Range::Panel => "panel",
        Range::Shared => "shared",
        Range::Fixed => "fixed",
        Range::Centered => "centered",
    }
}

fn write_sweep(query: &mut String, view: &SweepView) {
    let used = used_by(view.layout);
    if view.layout != Layout::Model {
        push_pair(query, "layout", layout_name(view.layout));
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
    write_colour(query, &view.color_map, view.reversed);
    if view.range != Range::Panel {
        push_pair(query, "range", range_name(view.range));
    }
    write_bounds(query, view.range, view.min, view.max);
    if view.range == Range::Centered && view.center != 0.0 {
        push_pair(query, "center", &js_number(view.center));
    }
    write_labels(query, view.annotate, view.decimals);
    if let (true, Some(level)) = (used.uncertainty, view.uncertainty) {
        push_pair(query, "unc", &js_number(level));
    }
}

fn write_pairwise(query: &mut String, view: &PairwiseView) {
    if let Some(models) = view.models.as_deref().filter(|m| !m.is_empty()) {
        push_pair(query, "models", &join_names(models));
    }
    if let Some(group) = &view.group {
        push_pair(query, "group", group);
    }
    if view.bins != DEFAULT_BINS {
        push_pair(query, "bins", &view.bins.to_string());
    }
    if view.value == BinValue::Share {
        push_pair(query, "by", "share");
    }
    if view.logarithmic {
        push_pair(query, "log", "1");
    }
    write_colour(query, &view.color_map, view.reversed);
    if view.range != Range::Shared {
        push_pair(query, "range", range_name(view.range));
    }
    write_bounds(query, view.range, view.min, view.max);
    write_labels(query, view.annotate, view.decimals);
}

fn write_colour(query: &mut String, color_map: &str, reversed: bool) {
    if color_map != DEFAULT_COLOR_MAP {
        push_pair(query, "cmap", color_map);
    }
    if reversed {
        push_pair(query, "rev", "1");
    }
}

fn write_bounds(query: &mut String, range: Range, min: Option<f64>, max: Option<f64>) {
    if range != Range::Fixed {
        return;
    }
    for (key, bound) in [("min", min), ("max", max)] {
        if let Some(bound) = bound {
            push_pair(query, key, &js_number(bound));
        }
    }
}

fn write_labels(query: &mut String, annotate: bool, decimals: Option<u32>) {
    if !annotate {
        push_pair(query, "annot", "0");
    }
    if let Some(decimals) = decimals {
        push_pair(query, "dec", &decimals.to_string());
    }
}
