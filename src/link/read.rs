//! Reading a link: the data source, then the view keys of the kind of data, each falling back
//! to its default with a notice when its value is not one the key takes.

use super::number::{js_number, parse_number, parse_small_whole, Number};
use super::query::{quote, quoted_list, shown, split_query};
use super::view::{
    DataKind, Format, Layout, LinkContext, Named, Notice, PairwiseView, ParsedLink, Range, Source,
    SweepView, ViewState, DEFAULT_PAIRWISE_MODELS, LEVELS, MEAN_BENCHMARK,
};
use crate::view::settings::{
    by_link_key, link_keys, BENCHMARK, COLOR_MAP, DOMAIN, GROUP, LAYOUT, MODEL, MODELS, MODEL_B,
    PAIRWISE_DOMAIN,
};
use crate::view::{offered_level, LinkForm, OptionValue, Setting, ViewFields};

/// The keys of a link's data source, in the order a link is written.
const SOURCE_KEYS: [&str; 5] = ["dataset", "src", "data", "fmt", "name"];

/// Every key a link may carry, in the order a link is written: the source's, then the view
/// settings' (older spellings and option names are read too: see [`crate::view::settings`]).
pub fn keys() -> Vec<&'static str> {
    let mut keys = SOURCE_KEYS.to_vec();
    keys.extend(link_keys());
    keys
}

/// The decoded pairs of a link: the first value of each key counts, as in `URLSearchParams.get`.
struct Params {
    pairs: Vec<(String, String)>,
}

impl Params {
    fn has(&self, key: &str) -> bool {
        self.pairs.iter().any(|(k, _)| k == key)
    }

    /// The first value of `key`, else of another spelling of it.
    fn get(&self, key: &str) -> Option<&str> {
        self.pairs
            .iter()
            .find(|(k, _)| k == key)
            .or_else(|| self.pairs.iter().find(|(k, _)| canonical_key(k) == key))
            .map(|(_, value)| value.as_str())
    }
}

fn notice(key: &str, value: Option<&str>, message: String) -> Notice {
    Notice {
        key: key.to_string(),
        value: value.map(str::to_string),
        message,
    }
}

/// Most notices of one kind a link shows one by one: more (a link naming 2,000 unknown models)
/// are merged into one notice that gives their count and the first few names.
const MOST_NOTICES_OF_A_KIND: usize = 3;

/// Appends `found` (the notices of one kind, in link order), or one notice in their place when
/// there are more than [`MOST_NOTICES_OF_A_KIND`]: `merged(count, names)`, where `names` lists
/// the first few keys (or values) quoted, then "and N more".
fn push_merged(
    notices: &mut Vec<Notice>,
    found: Vec<(String, Notice)>,
    merged: impl FnOnce(usize, &str, &Notice) -> Notice,
) {
    if found.len() <= MOST_NOTICES_OF_A_KIND {
        notices.extend(found.into_iter().map(|(_, notice)| notice));
        return;
    }
    let count = found.len();
    let mut names: Vec<String> = Vec::new();
    let mut distinct = 0;
    for (name, _) in &found {
        let quoted = shown(name);
        if !names.contains(&quoted) {
            distinct += 1;
            if names.len() < MOST_NOTICES_OF_A_KIND {
                names.push(quoted);
            }
        }
    }
    let mut listed = names.join(", ");
    if distinct > names.len() {
        listed.push_str(&format!(" and {} more", distinct - names.len()));
    }
    if let Some((_, first)) = found.first() {
        notices.push(merged(count, &listed, first));
    }
}

/// Decodes the pairs, with a notice for each damaged pair and each key given twice (the first
/// value counts, as the browser's reading of the address has always done); many of one kind
/// are merged into one notice.
fn decode(query: &str, notices: &mut Vec<Notice>) -> Params {
    let mut pairs: Vec<(String, String)> = Vec::new();
    // The key each pair's key stands for, beside it.
    let mut canonicals: Vec<String> = Vec::new();
    let mut twice: Vec<(String, Notice)> = Vec::new();
    let mut damaged_pairs: Vec<(String, Notice)> = Vec::new();
    // The notices of both kinds in link order, while there are few of each.
    let mut in_order: Vec<Notice> = Vec::new();
    for pair in split_query(query) {
        match pair {
            Ok(pair) => {
                let canonical = canonical_key(&pair.key);
                let first = pairs
                    .iter()
                    .zip(&canonicals)
                    .find(|(_, known)| **known == canonical)
                    .map(|(pair, _)| pair);
                if let Some((first_key, first_value)) = first {
                    let found = notice(
                        &pair.key,
                        Some(&pair.value),
                        format!(
                            "{} is given twice in the link ({first_key}={} and {}={}); using the first.",
                            quote(canonical),
                            shown(first_value),
                            pair.key,
                            shown(&pair.value)
                        ),
                    );
                    in_order.push(found.clone());
                    twice.push((canonical.to_string(), found));
                }
                canonicals.push(canonical.to_string());
                pairs.push((pair.key, pair.value));
            }
            Err(damaged) => {
                let found = notice(&damaged.key, None, damaged.message);
                in_order.push(found.clone());
                damaged_pairs.push((damaged.key, found));
            }
        }
    }
    if twice.len() <= MOST_NOTICES_OF_A_KIND && damaged_pairs.len() <= MOST_NOTICES_OF_A_KIND {
        notices.extend(in_order);
    } else {
        push_merged(notices, damaged_pairs, |count, keys, first| {
            notice(
                &first.key,
                None,
                format!(
                    "{} ({count} damaged pairs were left out of the link, keys {keys}.)",
                    first.message
                ),
            )
        });
        push_merged(notices, twice, |count, keys, first| {
            notice(
                &first.key,
                None,
                format!("{count} pairs give again a key given before in the link ({keys}); using the first value of each."),
            )
        });
    }
    Params { pairs }
}

/// The key a link writes for a key it reads: `b` for `modelB`, `cmap` for `colorMap`.
fn canonical_key(key: &str) -> &str {
    by_link_key(key)
        .and_then(|setting| setting.link)
        .unwrap_or(key)
}

/// Reads a whole link against the data it is for: the text of the address's fragment (with or
/// without its `#`) or, for links made before the view moved there, of its query string (with or
/// without its `?`).
pub fn parse_link(query: &str, context: &LinkContext) -> ParsedLink {
    let mut notices = Vec::new();
    let params = decode(query, &mut notices);
    let source = read_source(&params, &context.datasets, &mut notices);
    notice_unknown_keys(&params, &mut notices);
    let state = match context.kind {
        DataKind::Sweep => ViewState::Sweep(read_sweep(&params, context, source, &mut notices)),
        DataKind::Pairwise => {
            ViewState::Pairwise(read_pairwise(&params, context, source, &mut notices))
        }
    };
    ParsedLink { state, notices }
}

/// Reads only the data source of a link (which data to load before the view can be checked),
/// with the notices about the source and the link's encoding.
pub fn read_link_source(query: &str, datasets: &[String]) -> (Source, Vec<Notice>) {
    let mut notices = Vec::new();
    let params = decode(query, &mut notices);
    let source = read_source(&params, datasets, &mut notices);
    (source, notices)
}

fn read_source(params: &Params, datasets: &[String], notices: &mut Vec<Notice>) -> Source {
    let fallback = || Source::Bundled {
        id: datasets.first().cloned(),
    };
    let mut given: Vec<&str> = Vec::new();
    for key in ["data", "src", "dataset"] {
        if params.has(key) {
            given.push(key);
        }
    }
    if let [first, rest @ ..] = given.as_slice() {
        if !rest.is_empty() {
            notices.push(notice(
                &rest.join(", "),
                None,
                format!(
                    "The link names more than one data source ({}); using {first}.",
                    given.join(", ")
                ),
            ));
        }
    }
    let format = read_format(params, notices);

    if let Some(data) = params.get("data") {
        return match data_problem(data) {
            None => Source::Local {
                name: params.get("name").unwrap_or_default().to_string(),
                format,
                data: Some(data.to_string()),
                key: format!("data:{}:{data}", format.name()),
            },
            Some(problem) => {
                notices.push(notice("data", Some(data), format!("The data in the link (data={}) {problem}; showing the default dataset instead.", shown(data))));
                fallback()
            }
        };
    }
    if let Some(url) = params.get("src") {
        if is_http_url(url) {
            return Source::Url {
                url: url.to_string(),
                format,
            };
        }
        notices.push(notice(
            "src",
            Some(url),
            format!(
                "src={} is not an http or https address; showing the default dataset instead.",
                shown(url)
            ),
        ));
        return fallback();
    }
    if let Some(name) = params.get("name") {
        notices.push(notice("name", Some(name), format!("The link was made for the local file {}, which was too large to carry in the link; open it again with \"Open file\". Showing the default dataset meanwhile.", quote(name))));
        return fallback();
    }
    if let Some(id) = params.get("dataset") {
        if datasets.is_empty() || datasets.iter().any(|known| known == id) {
            return Source::Bundled {
                id: Some(id.to_string()),
            };
        }
        let first = datasets.first().map_or("null".into(), |id| quote(id));
        notices.push(notice(
            "dataset",
            Some(id),
            format!(
                "There is no bundled dataset {} (available: {}); showing {first} instead.",
                shown(id),
                quoted_list(datasets)
            ),
        ));
    }
    fallback()
}

/// Why a `data=` value cannot be base64url text of some bytes, or `None` when it can be. Whether
/// those bytes decompress is found where they are decompressed (the page's DecompressionStream).
fn data_problem(data: &str) -> Option<String> {
    if data.is_empty() {
        return Some("are empty".into());
    }
    if let Some((at, bad)) = data
        .chars()
        .enumerate()
        .find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '-' || *c == '_'))
    {
        return Some(format!(
            "are not valid base64url text: {} at character {} (expected only A-Z, a-z, 0-9, - and _)",
            quote(&bad.to_string()),
            at + 1
        ));
    }
    if data.len() % 4 == 1 {
        return Some(format!("are not valid base64url text: {} characters cannot encode whole bytes, as if the link was cut short", data.len()));
    }
    None
}

/// An http or https URL, or a relative one (resolved against the page, itself http or https).
fn is_http_url(url: &str) -> bool {
    let trimmed = url.trim_matches(|c: char| c <= ' ');
    if trimmed.is_empty() || url.trim().is_empty() {
        return false;
    }
    let mut cleaned = String::with_capacity(trimmed.len());
    for c in trimmed.chars() {
        if !matches!(c, '\t' | '\n' | '\r') {
            cleaned.push(c);
        }
    }
    let scheme_end = cleaned.find(':');
    let scheme = scheme_end
        .and_then(|end| cleaned.get(..end))
        .filter(|scheme| {
            let mut chars = scheme.chars();
            chars.next().is_some_and(|c| c.is_ascii_alphabetic())
                && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
        });
    match scheme {
        Some(scheme) => scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https"),
        None => true,
    }
}

fn read_format(params: &Params, notices: &mut Vec<Notice>) -> Format {
    let Some(text) = params.get("fmt") else {
        return Format::default();
    };
    Format::among(Format::ALL, &crate::text::lower(text.trim())).unwrap_or_else(|| {
        // `auto` is read but never written, so the message offers the formats a link names.
        let mut declared: Vec<&str> = Vec::new();
        for format in Format::ALL {
            if *format != Format::Auto {
                declared.push(format.name());
            }
        }
        notices.push(notice(
            "fmt",
            Some(text),
            format!(
                "fmt={} is not a format (expected {}); detecting the format instead.",
                shown(text),
                declared.join(" or ")
            ),
        ));
        Format::default()
    })
}

fn notice_unknown_keys(params: &Params, notices: &mut Vec<Notice>) {
    let mut found: Vec<(String, Notice)> = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for (key, value) in &params.pairs {
        let known = SOURCE_KEYS.contains(&key.as_str()) || by_link_key(key).is_some();
        if known || seen.contains(&key.as_str()) {
            continue;
        }
        seen.push(key);
        let ignored = notice(
            key,
            Some(value),
            format!(
                "Ignored {} in the link: it is not a sweepmap setting.",
                quote(key)
            ),
        );
        found.push((key.clone(), ignored));
    }
    push_merged(notices, found, |count, keys, _| {
        let mut first = String::new();
        for key in seen.iter().take(MOST_NOTICES_OF_A_KIND) {
            if !first.is_empty() {
                first.push_str(", ");
            }
            first.push_str(key);
        }
        notice(
            &first,
            None,
            format!("Ignored {count} keys in the link that are not sweepmap settings: {keys}."),
        )
    });
}

fn read_sweep(
    params: &Params,
    context: &LinkContext,
    source: Source,
    notices: &mut Vec<Notice>,
) -> SweepView {
    let mut view = SweepView {
        source,
        ..SweepView::default()
    };
    for &setting in SweepView::fields() {
        let is = |other: &Setting| setting.option == other.option;
        if read_declared(params, setting, &mut view, notices) {
            // What a word needs of the data, or the values read with it.
            if is(&LAYOUT) {
                check_layout(params, context, &mut view, notices);
            } else if is(&DOMAIN) {
                let mut bounds = Bounds {
                    center: view.center,
                    ..Bounds::default()
                };
                let fallback = SweepView::default().range;
                read_bounds_of(params, &mut view.range, fallback, &mut bounds, notices);
                (view.min, view.max, view.center) = (bounds.min, bounds.max, bounds.center);
            }
        } else if is(&MODEL) {
            read_model(params, context, &mut view, notices);
        } else if is(&MODEL_B) {
            read_model_b(params, context, &mut view, notices);
        } else if is(&BENCHMARK) {
            read_benchmark(params, context, &mut view, notices);
        } else if is(&COLOR_MAP) {
            read_color_map(params, context, &mut view.color_map, notices);
        }
        // min, max and center are read with the range.
    }
    forget_unused(&mut view);
    view
}

/// Values are checked (and noticed) whatever the layout or range, but a view keeps only what it
/// uses, so a link reads as the view it shows and writes back the same.
fn forget_unused<V: ViewFields>(view: &mut V) {
    for setting in V::fields() {
        if !view.uses(setting) {
            // Null puts the default back, which every field takes.
            let _ = view.put(setting, &OptionValue::Null);
        }
    }
}

/// Reads a setting whose value a link writes in one of the [`LinkForm`]s its declaration names
/// (a flag, a word, a number): the value goes into the view, or a notice says what the key takes
/// and what the view keeps. `false` for a setting read by its own code ([`LinkForm::Custom`]).
fn read_declared<V: ViewFields>(
    params: &Params,
    setting: &Setting,
    view: &mut V,
    notices: &mut Vec<Notice>,
) -> bool {
    if setting.link.is_none() || matches!(setting.link_form, LinkForm::Custom) {
        return false;
    }
    if let Some(value) = declared_value(params, setting, view.get(setting), notices) {
        // The value is of the setting's type, which its field takes.
        let _ = view.put(setting, &value);
    }
    true
}

/// The value a link gives a setting of a [`LinkForm`] other than `Custom`; `None` when it gives
/// none, or one the setting does not take (then with a notice ending with the setting's fallback,
/// or "using" `current`, the value the view keeps). Not generic over the view, so compiled once.
fn declared_value(
    params: &Params,
    setting: &Setting,
    current: Option<OptionValue>,
    notices: &mut Vec<Notice>,
) -> Option<OptionValue> {
    let key = setting.link?;
    let text = params.get(key)?;
    let number = |value: u32| OptionValue::Number(f64::from(value));
    let read = match setting.link_form {
        LinkForm::Custom => return None,
        LinkForm::Flag => parse_boolean(text)
            .map(OptionValue::Flag)
            .ok_or_else(|| "should be 1 or 0".to_string()),
        LinkForm::Word { what, words } => {
            let words = words();
            let lowered = crate::text::lower(text.trim());
            match words.iter().find(|word| **word == lowered) {
                Some(word) => Ok(OptionValue::Text(word.to_string())),
                None => Err(format!("is not {what} (expected {})", listed(&words))),
            }
        }
        LinkForm::WholeOrAuto { most } => {
            if text.trim().eq_ignore_ascii_case("auto") {
                Ok(OptionValue::Null)
            } else {
                parse_small_whole(text, most)
                    .map(number)
                    .ok_or_else(|| format!("should be a whole number from 0 to {most}"))
            }
        }
        LinkForm::OfferedWhole { offered } => parse_small_whole(text, u32::MAX / 2)
            .filter(|value| offered.contains(value))
            .map(number)
            .ok_or_else(|| format!("is not offered (expected {})", listed(offered))),
        LinkForm::Level => match parse_number(text) {
            Number::Finite(value) if offered_level(value) => Ok(OptionValue::Number(value)),
            _ => Err(format!(
                "is not a confidence level (expected {}, or 0 for no marks)",
                listed(LEVELS.map(js_number))
            )),
        },
    };
    read.map_err(|problem| {
        let keeps = match (setting.fallback, current) {
            ("", Some(OptionValue::Text(word))) => format!("using {}", quote(&word)),
            ("", Some(OptionValue::Number(value))) => format!("using {}", js_number(value)),
            (fallback, _) => fallback.to_string(),
        };
        notices.push(notice(
            key,
            Some(text),
            format!("{key}={} {problem}; {keeps}.", shown(text)),
        ));
    })
    .ok()
}

/// Values as a message lists what a key takes: `a, b, c`.
fn listed<T: ToString>(values: impl IntoIterator<Item = T>) -> String {
    let mut list = String::new();
    for (index, value) in values.into_iter().enumerate() {
        if index > 0 {
            list.push_str(", ");
        }
        list.push_str(&value.to_string());
    }
    list
}

/// What a layout needs of the data: two models for a difference, a reported aggregate for a
/// reconciliation; without it, the default layout.
fn check_layout(
    params: &Params,
    context: &LinkContext,
    view: &mut SweepView,
    notices: &mut Vec<Notice>,
) {
    let layout = params.get("layout");
    let one_model = context
        .models
        .as_ref()
        .is_some_and(|models| models.len() < 2);
    if view.layout == Layout::Difference && one_model {
        notices.push(notice(
            "layout",
            layout,
            format!(
                "layout=difference needs two models and this dataset has one; using {}.",
                quote(Layout::default().name())
            ),
        ));
        view.layout = Layout::default();
    }
    let no_aggregate = context.aggregates.as_ref().is_some_and(Vec::is_empty);
    if view.layout == Layout::Reconcile && no_aggregate {
        notices.push(notice("layout", layout, format!("layout=reconcile needs a reported aggregate (a benchmark with aggregate_of) and this dataset has none; using {}.", quote(Layout::default().name()))));
        view.layout = Layout::default();
    }
}

/// Whether the data (when they are known) have a model.
fn known_model(context: &LinkContext, name: &str) -> bool {
    context
        .models
        .as_deref()
        .map_or(true, |models| models.iter().any(|m| m == name))
}

/// `model=`.
fn read_model(
    params: &Params,
    context: &LinkContext,
    view: &mut SweepView,
    notices: &mut Vec<Notice>,
) {
    let models = context.models.as_deref();
    if let Some(model) = params.get("model") {
        if known_model(context, model) {
            view.model = Some(model.to_string());
        } else {
            let first = models
                .and_then(|m| m.first())
                .map_or("null".into(), |m| quote(m));
            notices.push(notice(
                "model",
                Some(model),
                format!(
                    "There is no model {} in this dataset (models: {}); showing {first}.",
                    shown(model),
                    quoted_list(models.unwrap_or_default())
                ),
            ));
        }
    }
}

/// `b=` (or `modelB=`).
fn read_model_b(
    params: &Params,
    context: &LinkContext,
    view: &mut SweepView,
    notices: &mut Vec<Notice>,
) {
    let models = context.models.as_deref();
    if let Some(model_b) = params.get("b") {
        let model_a = view
            .model
            .as_deref()
            .or_else(|| models.and_then(|m| m.first()).map(String::as_str));
        if !known_model(context, model_b) {
            notices.push(notice("b", Some(model_b), format!("There is no model {} in this dataset to compare with (models: {}); using the default.", shown(model_b), quoted_list(models.unwrap_or_default()))));
        } else if Some(model_b) == model_a {
            notices.push(notice(
                "b",
                Some(model_b),
                format!(
                    "b={} is the same model as model; comparing with another model instead.",
                    shown(model_b)
                ),
            ));
        } else {
            view.model_b = Some(model_b.to_string());
        }
    }
}

fn read_benchmark(
    params: &Params,
    context: &LinkContext,
    view: &mut SweepView,
    notices: &mut Vec<Notice>,
) {
    let Some(benchmark) = params.get("bench") else {
        return;
    };
    let contains = |list: &Option<Vec<String>>| {
        list.as_ref()
            .map_or(true, |names| names.iter().any(|n| n == benchmark))
    };
    if view.layout == Layout::Reconcile {
        if contains(&context.aggregates) {
            view.benchmark = Some(benchmark.to_string());
        } else {
            let aggregates = context.aggregates.as_deref().unwrap_or_default();
            let first = aggregates.first().map_or("null".into(), |a| quote(a));
            notices.push(notice("bench", Some(benchmark), format!("{} is not a reported aggregate to reconcile (aggregates: {}); showing {first}.", shown(benchmark), quoted_list(aggregates))));
        }
    } else if benchmark == MEAN_BENCHMARK || contains(&context.benchmarks) {
        view.benchmark = Some(benchmark.to_string());
    } else {
        let mut known = context.benchmarks.clone().unwrap_or_default();
        known.push(MEAN_BENCHMARK.into());
        notices.push(notice(
            "bench",
            Some(benchmark),
            format!(
                "There is no benchmark {} in this dataset (benchmarks: {}); showing the first.",
                shown(benchmark),
                quoted_list(&known)
            ),
        ));
    }
}

/// `cmap=`: a colour map by name or label, in any case.
fn read_color_map(
    params: &Params,
    context: &LinkContext,
    color_map: &mut String,
    notices: &mut Vec<Notice>,
) {
    if let Some(text) = params.get("cmap") {
        let lowered = crate::text::lower(text.trim());
        let found = match &context.color_maps {
            Some(maps) => maps
                .iter()
                .find(|map| {
                    crate::text::lower(&map.name) == lowered
                        || crate::text::lower(&map.label) == lowered
                })
                .map(|map| map.name.clone()),
            None => Some(lowered).filter(|name| !name.is_empty()),
        };
        match found {
            Some(name) => *color_map = name,
            None => {
                let mut names: Vec<&str> = Vec::new();
                for map in context.color_maps.iter().flatten() {
                    names.push(map.name.as_str());
                }
                notices.push(notice(
                    "cmap",
                    Some(text),
                    format!(
                        "cmap={} is not a colour map (expected one of {}); using {}.",
                        shown(text),
                        names.join(", "),
                        SweepView::default().color_map
                    ),
                ));
            }
        }
    }
}

fn parse_boolean(text: &str) -> Option<bool> {
    match crate::text::lower(text.trim()).as_str() {
        "1" | "true" | "yes" | "on" => Some(true),
        "0" | "false" | "no" | "off" => Some(false),
        _ => None,
    }
}

/// The bounds and centre a range reads.
#[derive(Default)]
struct Bounds {
    min: Option<f64>,
    max: Option<f64>,
    center: f64,
}

/// `min=` and `max=` for a fixed range, `center=` for a centred one: `bounds` come in as their
/// defaults. A fixed range without two numbers min < max falls back to the view's default.
fn read_bounds_of(
    params: &Params,
    range: &mut Range,
    fallback: Range,
    bounds: &mut Bounds,
    notices: &mut Vec<Notice>,
) {
    if *range == Range::Fixed {
        match read_bounds(params) {
            Ok((low, high)) => (bounds.min, bounds.max) = (Some(low), Some(high)),
            Err(problem) => {
                notices.push(problem.into_notice(fallback.name()));
                *range = fallback;
            }
        }
    }
    if *range == Range::Centered {
        if let Some(text) = params.get("center") {
            match parse_number(text) {
                Number::Finite(value) => bounds.center = value,
                Number::TooLarge => notices.push(notice(
                    "center",
                    Some(text),
                    format!(
                        "center={} is too large to be a number; centring on {}.",
                        shown(text),
                        js_number(bounds.center)
                    ),
                )),
                Number::Invalid => notices.push(notice(
                    "center",
                    Some(text),
                    format!(
                        "center={} is not a number; centring on {}.",
                        shown(text),
                        js_number(bounds.center)
                    ),
                )),
            }
        }
    }
}

/// Why `range=fixed` cannot be used: the key to name, its value and the problems.
struct BoundsProblem {
    key: &'static str,
    value: Option<String>,
    problems: Vec<String>,
}

impl BoundsProblem {
    fn into_notice(self, fallback: &str) -> Notice {
        notice(
            self.key,
            self.value.as_deref(),
            format!(
                "range=fixed needs two numbers min < max, but {}; using {}.",
                self.problems.join(" and "),
                quote(fallback)
            ),
        )
    }
}

fn read_bounds(params: &Params) -> Result<(f64, f64), BoundsProblem> {
    let read = |key: &str| -> Result<f64, String> {
        match params.get(key) {
            None => Err(format!("{key} is missing")),
            Some(text) => match parse_number(text) {
                Number::Finite(value) => Ok(value),
                Number::TooLarge => Err(format!("{key}={} is too large", shown(text))),
                Number::Invalid => Err(format!("{key}={} is not a number", shown(text))),
            },
        }
    };
    let (low, high) = (read("min"), read("max"));
    let key = if low.is_ok() && high.is_err() {
        "max"
    } else {
        "min"
    };
    let problems: Vec<String> = match (&low, &high) {
        (Ok(low), Ok(high)) if low < high => return Ok((*low, *high)),
        (Ok(low), Ok(high)) => vec![format!(
            "min ({}) is not below max ({})",
            js_number(*low),
            js_number(*high)
        )],
        _ => {
            let mut problems = Vec::new();
            for read in [low, high] {
                if let Err(problem) = read {
                    problems.push(problem);
                }
            }
            problems
        }
    };
    Err(BoundsProblem {
        key,
        value: params.get(key).map(str::to_string),
        problems,
    })
}

fn read_pairwise(
    params: &Params,
    context: &LinkContext,
    source: Source,
    notices: &mut Vec<Notice>,
) -> PairwiseView {
    let mut view = PairwiseView {
        source,
        ..PairwiseView::default()
    };
    for &setting in PairwiseView::fields() {
        let is = |other: &Setting| setting.option == other.option;
        if read_declared(params, setting, &mut view, notices) {
            if is(&PAIRWISE_DOMAIN) {
                let mut bounds = Bounds::default();
                let fallback = PairwiseView::default().range;
                read_bounds_of(params, &mut view.range, fallback, &mut bounds, notices);
                (view.min, view.max) = (bounds.min, bounds.max);
            }
        } else if is(&MODELS) {
            if let Some(text) = params.get("models") {
                view.models = read_model_list(text, context.models.as_deref(), notices);
            }
        } else if is(&GROUP) {
            if let Some(group) = params.get("group") {
                read_group(group, context.groups.as_deref(), &mut view, notices);
            }
        } else if is(&COLOR_MAP) {
            read_color_map(params, context, &mut view.color_map, notices);
        }
    }
    view
}

/// What a pairwise view without `models=` compares, in words: every model when the data have no
/// more than the default number, else the default models. Without the data's models, the default.
fn default_models_shown(models: Option<&[String]>) -> String {
    match models {
        Some(models) if models.len() <= DEFAULT_PAIRWISE_MODELS => "every model".into(),
        _ => format!("the default models (the first {DEFAULT_PAIRWISE_MODELS})"),
    }
}

/// `models=`: at least two known names, in the data's order; `None` (the default models)
/// otherwise.
fn read_model_list(
    text: &str,
    models: Option<&[String]>,
    notices: &mut Vec<Notice>,
) -> Option<Vec<String>> {
    let mut names: Vec<String> = Vec::new();
    let mut unknown: Vec<(String, Notice)> = Vec::new();
    for name in split_names(text) {
        if name.is_empty() || names.contains(&name) || unknown.iter().any(|(n, _)| *n == name) {
            continue;
        }
        match models {
            Some(models) if !models.contains(&name) => {
                let missing = notice(
                    "models",
                    Some(&name),
                    format!(
                        "There is no model {} in these data (models: {}); leaving it out.",
                        shown(&name),
                        quoted_list(models)
                    ),
                );
                unknown.push((name, missing));
            }
            _ => names.push(name),
        }
    }
    push_merged(notices, unknown, |count, listed, _| {
        notice(
            "models",
            None,
            format!(
                "There are no models {listed} in these data ({count} names; models: {}); leaving them out.",
                quoted_list(models.unwrap_or_default())
            ),
        )
    });
    if names.len() < 2 {
        notices.push(notice(
            "models",
            Some(text),
            format!(
                "models={} names fewer than two models of these data; comparing {}.",
                shown(text),
                default_models_shown(models)
            ),
        ));
        return None;
    }
    // Pairs are drawn in the data's order, whatever order the link lists them in.
    Some(match models {
        Some(models) => {
            let mut kept = Vec::with_capacity(names.len());
            for name in models {
                if names.contains(name) {
                    kept.push(name.clone());
                }
            }
            kept
        }
        None => names,
    })
}

fn read_group(
    group: &str,
    groups: Option<&[String]>,
    view: &mut PairwiseView,
    notices: &mut Vec<Notice>,
) {
    match groups {
        Some([]) => notices.push(notice(
            "group",
            Some(group),
            format!(
                "group={}: these data have no groups; comparing all items.",
                shown(group)
            ),
        )),
        Some(groups) if !groups.iter().any(|g| g == group) => notices.push(notice(
            "group",
            Some(group),
            format!(
                "There is no group {} in these data (groups: {}); comparing all items.",
                shown(group),
                quoted_list(groups)
            ),
        )),
        _ => view.group = Some(group.to_string()),
    }
}

/// Reads a list written by [`join_names`]: names separated by commas, `\,` a comma inside a
/// name and `\\` a backslash.
pub fn split_names(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut current = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek().is_some() => current.extend(chars.next()),
            ',' => names.push(std::mem::take(&mut current)),
            other => current.push(other),
        }
    }
    names.push(current);
    names
}

/// Writes names as one value, escaping commas and backslashes (see [`split_names`]).
pub fn join_names(names: &[String]) -> String {
    let mut joined = String::new();
    for (index, name) in names.iter().enumerate() {
        if index > 0 {
            joined.push(',');
        }
        joined.push_str(&name.replace('\\', "\\\\").replace(',', "\\,"));
    }
    joined
}

#[cfg(test)]
mod tests {
    use super::*;

    fn messages(query: &str, context: &LinkContext) -> Vec<String> {
        parse_link(query, context)
            .notices
            .into_iter()
            .map(|notice| notice.message)
            .collect()
    }

    /// Many unknown keys give one notice, about the first three keys, with no value.
    #[test]
    fn unknown_keys_merge_into_one_notice_about_the_first_three() {
        let notices = parse_link("k1=1&k2=2&k3=3&k4=4&k5=5", &LinkContext::default()).notices;
        assert_eq!(
            notices,
            [Notice {
                key: "k1, k2, k3".into(),
                value: None,
                message: "Ignored 5 keys in the link that are not sweepmap settings: \"k1\", \"k2\", \"k3\" and 2 more.".into(),
            }]
        );
    }

    /// The lists and defaults a notice names come from the same constants the parser checks
    /// against; these are the words the page has always shown.
    #[test]
    fn notices_name_the_values_offered_and_the_default() {
        let sweep = LinkContext::default();
        let pairwise = LinkContext {
            kind: DataKind::Pairwise,
            ..LinkContext::default()
        };
        let one_model = LinkContext {
            models: Some(vec!["A".into()]),
            ..LinkContext::default()
        };
        assert_eq!(
            messages("fmt=xml&layout=tiles&range=all&unc=2", &sweep),
            [
                "fmt=\"xml\" is not a format (expected csv or json); detecting the format instead.",
                "layout=\"tiles\" is not a layout (expected model, benchmark, grid, difference, reconcile); using \"model\".",
                "range=\"all\" is not a colour range (expected panel, shared, fixed, centered); using \"panel\".",
                "unc=\"2\" is not a confidence level (expected 0.9, 0.95, 0.99, or 0 for no marks); marking cells within noise when the data carry a noise estimate.",
            ]
        );
        assert_eq!(
            messages("range=centered&center=x", &sweep),
            ["center=\"x\" is not a number; centring on 0."]
        );
        assert_eq!(
            messages("layout=difference", &one_model),
            ["layout=difference needs two models and this dataset has one; using \"model\"."]
        );
        assert_eq!(
            messages("bins=7&by=mean&range=centered", &pairwise),
            [
                "bins=\"7\" is not offered (expected 5, 10, 20); using 10.",
                "by=\"mean\" is not what bins can be coloured by (expected count, share); using \"count\".",
                "range=\"centered\" is not a colour range (expected panel, shared, fixed); using \"shared\".",
            ]
        );
    }

    /// Too few models fall back to the default models, and the notice says which those are: every
    /// model when the data have no more than the default number, else the first ones.
    #[test]
    fn too_few_models_name_the_default_models_shown() {
        let with_models = |count: usize| LinkContext {
            kind: DataKind::Pairwise,
            models: Some((1..=count).map(|m| format!("m{m}")).collect()),
            ..LinkContext::default()
        };
        let few = "models=\"m1\" names fewer than two models of these data; comparing every model.";
        let many = "models=\"m1\" names fewer than two models of these data; comparing the default models (the first 5).";
        assert_eq!(messages("models=m1", &with_models(4)), [few]);
        assert_eq!(messages("models=m1", &with_models(5)), [few]);
        assert_eq!(messages("models=m1", &with_models(6)), [many]);
        let unchecked = LinkContext {
            kind: DataKind::Pairwise,
            ..LinkContext::default()
        };
        assert_eq!(messages("models=m1", &unchecked), [many]);
        let parsed = parse_link("models=m1", &with_models(6));
        let ViewState::Pairwise(view) = parsed.state else {
            panic!("a pairwise view")
        };
        assert_eq!(view.models, None);
    }
}
