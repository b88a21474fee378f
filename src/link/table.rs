//! A run table's view in a link (and in `<sweep-map>`'s attributes, which are read as a link):
//! the roles named per column, the metric and its direction, the axes, every other parameter's
//! choice and what a binned cell shows, under the keys the view spec declares
//! ([`crate::view::table`]).
//!
//! Reading is in two steps. [`read_table_link`] reads the keys alone (a word that is not a
//! role, a direction that is neither higher nor lower, ...); [`open_linked_sweep`] then checks
//! every name against the file: a column the file does not have, a value a parameter never
//! takes, or a view that cannot be drawn is a [`Notice`] naming the key and the column, and that
//! setting (or, when nothing else works, the whole view) is the default view's. A link always
//! opens. Writing ([`table_link`], [`format_table_link`]) keeps what differs from the default
//! view, so a link read and written again is the same link.

use super::query::{push_pair, quote, quoted_list, shown, split_query};
use super::view::Notice;
use crate::error::Result;
use crate::table::{open_sweep, BinPick, Choice, NameMap, Role, Sweep, TableOptions, View};
use crate::view::table::{BINNED, DIRECTION, METRIC, OTHERS, ROLES, TABLE, X, Y};
use crate::view::Setting;
use crate::Direction;

/// The run-table keys of a link, read but not yet checked against a file.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TableLink {
    /// Roles named per column (the others are inferred).
    pub roles: NameMap<Role>,
    pub metric: Option<String>,
    pub direction: Option<Direction>,
    pub x: Option<String>,
    pub y: Option<String>,
    /// Choices of parameters other than the axes (the others keep the default view's).
    pub others: NameMap<Choice>,
    pub bins: Option<BinPick>,
}

impl TableLink {
    /// True when the link names nothing about a run table.
    pub fn is_empty(&self) -> bool {
        *self == TableLink::default()
    }
}

/// Splits a list of items with parts: `,` between items, `:` between the parts of one, `\`
/// before a `,`, `:` or `\` that belongs to a name. `a:b,c` is `[[a, b], [c]]`; an empty text
/// has no items.
pub fn split_records(text: &str) -> Vec<Vec<String>> {
    let mut records = Vec::new();
    if text.is_empty() {
        return records;
    }
    let mut parts = Vec::new();
    let mut current = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => current.extend(chars.next()),
            ':' => parts.push(std::mem::take(&mut current)),
            ',' => {
                parts.push(std::mem::take(&mut current));
                records.push(std::mem::take(&mut parts));
            }
            other => current.push(other),
        }
    }
    parts.push(current);
    records.push(parts);
    records
}

/// Writes items with parts as [`split_records`] reads them.
pub fn join_records(records: &[Vec<&str>]) -> String {
    let mut text = String::new();
    for (index, parts) in records.iter().enumerate() {
        if index > 0 {
            text.push(',');
        }
        for (part_index, part) in parts.iter().enumerate() {
            if part_index > 0 {
                text.push(':');
            }
            for c in part.chars() {
                if matches!(c, '\\' | ',' | ':') {
                    text.push('\\');
                }
                text.push(c);
            }
        }
    }
    text
}

fn notice(setting: &Setting, value: Option<&str>, message: String) -> Notice {
    Notice {
        key: setting.link.unwrap_or(setting.option).to_string(),
        value: value.map(str::to_string),
        message,
    }
}

/// The first value a link gives a setting, under its key or another spelling of it.
fn value_of<'a>(pairs: &'a [(String, String)], setting: &Setting) -> Option<&'a str> {
    let keys = setting.link_keys();
    pairs
        .iter()
        .find(|(key, _)| keys.contains(&key.as_str()))
        .map(|(_, value)| value.as_str())
}

/// A record written back as the link shows it, for a notice.
fn record_text(parts: &[String]) -> String {
    let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
    shown(&join_records(&[parts]))
}

/// Reads the run-table keys of a link's text (with or without its `#` or `?`). Problems with a
/// key's own text are notices; damaged pairs and keys given twice are `parse_link`'s to notice.
pub fn read_table_link(query: &str) -> (TableLink, Vec<Notice>) {
    let pairs: Vec<(String, String)> = split_query(query)
        .into_iter()
        .filter_map(|pair| pair.ok().map(|pair| (pair.key, pair.value)))
        .collect();
    read_table_pairs(&pairs)
}

/// Reads the run-table keys of decoded `key=value` pairs (see [`read_table_link`]).
pub fn read_table_pairs(pairs: &[(String, String)]) -> (TableLink, Vec<Notice>) {
    let mut link = TableLink::default();
    let mut notices = Vec::new();
    if let Some(text) = value_of(pairs, &ROLES) {
        for record in split_records(text) {
            match record.as_slice() {
                [column, role] if Role::named(role.trim()).is_some() => {
                    if let Some(role) = Role::named(role.trim()) {
                        link.roles.insert(column.clone(), role);
                    }
                }
                _ => notices.push(notice(
                    &ROLES,
                    Some(text),
                    format!(
                        "roles: {} is not column:role (a role is one of {}); {}.",
                        record_text(&record),
                        role_words(),
                        ROLES.fallback
                    ),
                )),
            }
        }
    }
    let name = |setting: &Setting| value_of(pairs, setting).map(str::to_string);
    link.metric = name(&METRIC);
    link.x = name(&X);
    link.y = name(&Y);
    if let Some(text) = value_of(pairs, &DIRECTION) {
        link.direction = word(&DIRECTION, text, &mut notices, |word| match word {
            "higher" => Some(Direction::Higher),
            "lower" => Some(Direction::Lower),
            _ => None,
        });
    }
    if let Some(text) = value_of(pairs, &BINNED) {
        link.bins = word(&BINNED, text, &mut notices, |word| match word {
            "mean" => Some(BinPick::Mean),
            "best" => Some(BinPick::Best),
            _ => None,
        });
    }
    if let Some(text) = value_of(pairs, &OTHERS) {
        for record in split_records(text) {
            let choice = match record.as_slice() {
                [_, choice] => match choice.trim() {
                    "best" => Some(Choice::Best),
                    "mean" => Some(Choice::Mean),
                    "facet" => Some(Choice::Facet),
                    _ => None,
                },
                [_, fixed, value] if fixed.trim() == "fixed" => Some(Choice::Fixed(value.clone())),
                _ => None,
            };
            match (record.first(), choice) {
                (Some(parameter), Some(choice)) => {
                    link.others.insert(parameter.clone(), choice);
                }
                _ => notices.push(notice(
                    &OTHERS,
                    Some(text),
                    format!(
                        "others: {} is not parameter:choice (a choice is best, mean, facet or fixed:value); {}.",
                        record_text(&record),
                        OTHERS.fallback
                    ),
                )),
            }
        }
    }
    (link, notices)
}

fn role_words() -> String {
    let words: Vec<&str> = Role::ALL.iter().map(|role| role.as_str()).collect();
    words.join(", ")
}

/// A word setting's value (any case, spaces around ignored), or a notice and `None`.
fn word<T>(
    setting: &Setting,
    text: &str,
    notices: &mut Vec<Notice>,
    read: impl Fn(&str) -> Option<T>,
) -> Option<T> {
    let value = read(&crate::text::lower(text.trim()));
    if value.is_none() {
        let key = setting.link.unwrap_or(setting.option);
        notices.push(notice(
            setting,
            Some(text),
            format!(
                "{key}={} is not {}; {}.",
                shown(text),
                setting.expects,
                setting.fallback
            ),
        ));
    }
    value
}

/// The link text (`key=value&...`, no leading `#`) of a run table's keys, in the order of
/// [`TABLE`]; empty when the link names nothing.
pub fn format_table_link(link: &TableLink) -> String {
    let mut query = String::new();
    for &setting in TABLE {
        let Some(key) = setting.link else { continue };
        let value = if setting.option == ROLES.option {
            let records: Vec<Vec<&str>> = link
                .roles
                .iter()
                .map(|(column, role)| vec![column.as_str(), role.as_str()])
                .collect();
            (!records.is_empty()).then(|| join_records(&records))
        } else if setting.option == METRIC.option {
            link.metric.clone()
        } else if setting.option == DIRECTION.option {
            link.direction
                .map(|direction| direction.as_str().to_string())
        } else if setting.option == X.option {
            link.x.clone()
        } else if setting.option == Y.option {
            link.y.clone()
        } else if setting.option == OTHERS.option {
            let records: Vec<Vec<&str>> = link
                .others
                .iter()
                .map(|(parameter, choice)| match choice {
                    Choice::Fixed(value) => vec![parameter.as_str(), "fixed", value.as_str()],
                    Choice::Best => vec![parameter.as_str(), "best"],
                    Choice::Mean => vec![parameter.as_str(), "mean"],
                    Choice::Facet => vec![parameter.as_str(), "facet"],
                })
                .collect();
            (!records.is_empty()).then(|| join_records(&records))
        } else {
            link.bins
                .filter(|bins| *bins == BinPick::Best)
                .map(|_| "best".to_string())
        };
        if let Some(value) = value {
            push_pair(&mut query, key, &value);
        }
    }
    query
}

/// The label of the column a name gives, when it has `role`.
fn label_with(sweep: &Sweep, name: &str, role: Role) -> Option<String> {
    let column = sweep.find(name)?;
    let has = sweep.roles.get(column).is_some_and(|r| r.role == role);
    has.then(|| sweep.label(column).to_string())
}

/// The labels of the columns with a role, quoted for a notice.
fn labels_with(sweep: &Sweep, role: Role) -> String {
    let labels: Vec<String> = sweep
        .columns_with(role)
        .into_iter()
        .map(|column| sweep.label(column).to_string())
        .collect();
    quoted_list(&labels)
}

/// The keys of a view of a sweep: the roles the sweep was opened with, and what differs from
/// the default view of the view's metric (its direction, axes and choices), so that the view
/// read back from them is `view`.
pub fn table_link(sweep: &Sweep, view: &View) -> Result<TableLink> {
    let default = sweep.default_view()?;
    let metric = label_with(sweep, &view.metric, Role::Metric);
    let same_metric = metric.as_deref() == Some(default.metric.as_str());
    let of_metric = match &metric {
        Some(label) if !same_metric => sweep.default_view_of(Some(label))?,
        _ => default,
    };
    let parameter = |name: &str| label_with(sweep, name, Role::Parameter);
    let (x, y) = (parameter(&view.x), parameter(&view.y));
    let mut others = NameMap::new();
    for (name, choice) in &view.others {
        let Some(label) = parameter(name) else {
            continue;
        };
        let axis = Some(&label) == x.as_ref() || Some(&label) == y.as_ref();
        if !axis && of_metric.others.get(&label) != Some(choice) {
            others.insert(label, choice.clone());
        }
    }
    Ok(TableLink {
        roles: sweep.named_roles.clone(),
        metric: metric.filter(|_| !same_metric),
        direction: view.direction.filter(|d| Some(*d) != of_metric.direction),
        x: x.filter(|x| *x != of_metric.x),
        y: y.filter(|y| *y != of_metric.y),
        others,
        bins: Some(view.bins).filter(|bins| *bins != of_metric.bins),
    })
}

/// The view a link gives on a sweep, every name checked against it: a name the sweep lacks (or
/// a fixed value its parameter never takes) is a notice and the default view's choice; a view
/// that cannot be drawn is a notice and the default view. `Err` only when the sweep has no
/// default view either (nothing can be drawn).
pub fn linked_view(sweep: &Sweep, link: &TableLink) -> Result<(View, Vec<Notice>)> {
    let mut notices = Vec::new();
    let metric = link.metric.as_deref().and_then(|name| {
        let label = label_with(sweep, name, Role::Metric);
        if label.is_none() {
            notices.push(notice(
                &METRIC,
                Some(name),
                format!(
                    "metric={}: the file has no metric {} (metrics: {}); showing the default one.",
                    shown(name),
                    quote(name),
                    labels_with(sweep, Role::Metric)
                ),
            ));
        }
        label
    });
    let default = sweep.default_view_of(metric.as_deref())?;
    let mut view = default.clone();
    if link.direction.is_some() {
        view.direction = link.direction;
    }
    for (setting, given, axis) in [(&X, &link.x, &mut view.x), (&Y, &link.y, &mut view.y)] {
        let Some(name) = given else { continue };
        match label_with(sweep, name, Role::Parameter) {
            Some(label) => *axis = label,
            None => notices.push(notice(
                setting,
                Some(name),
                format!(
                    "{}={}: the file has no parameter {} (parameters: {}); showing {}.",
                    setting.option,
                    shown(name),
                    quote(name),
                    labels_with(sweep, Role::Parameter),
                    quote(axis)
                ),
            )),
        }
    }
    if view.x == view.y {
        let other = if default.y != view.x {
            &default.y
        } else {
            &default.x
        };
        if link.y.is_some() {
            notices.push(notice(
                &Y,
                link.y.as_deref(),
                format!(
                    "x and y name the same parameter {}; showing y = {}.",
                    quote(&view.x),
                    quote(other)
                ),
            ));
        }
        view.y = other.clone();
    }
    for (name, choice) in &link.others {
        let Some(label) = label_with(sweep, name, Role::Parameter) else {
            notices.push(notice(
                &OTHERS,
                Some(name),
                format!(
                    "others names {}, which is not a parameter of the file (parameters: {}); ignoring it.",
                    quote(name),
                    labels_with(sweep, Role::Parameter)
                ),
            ));
            continue;
        };
        if let Choice::Fixed(value) = choice {
            let takes = sweep
                .find(&label)
                .is_some_and(|column| sweep.fixed_key(column, value).is_ok());
            if !takes {
                let values = sweep.parameter_values(&label).unwrap_or_default();
                notices.push(notice(
                    &OTHERS,
                    Some(value),
                    format!(
                        "others fixes {} at {}, a value it never takes (values: {}); {}.",
                        quote(&label),
                        shown(value),
                        quoted_list(values),
                        OTHERS.fallback
                    ),
                ));
                continue;
            }
        }
        view.others.insert(label, choice.clone());
    }
    if let Some(bins) = link.bins {
        view.bins = bins;
    }
    if let Err(error) = sweep.project(&view) {
        notices.push(Notice {
            key: "metric, x, y, others".into(),
            value: None,
            message: format!(
                "The run-table view in the link could not be drawn ({error}); showing the default view."
            ),
        });
        view = sweep.default_view()?;
    }
    Ok((view, notices))
}

/// A sweep opened for a link: the sweep (with the link's roles where they apply), the view the
/// link gives on it, and the notices about both.
#[derive(Debug, Clone)]
pub struct LinkedSweep {
    pub sweep: Sweep,
    pub view: View,
    pub notices: Vec<Notice>,
}

/// Opens a CSV sweep as a link describes it: its roles (a column the file does not have is a
/// notice; roles that cannot all apply are a notice, and every role is inferred), then its view
/// ([`linked_view`]). `Err` only when the file cannot be drawn as a run table at all.
pub fn open_linked_sweep(text: &str, link: &TableLink) -> Result<LinkedSweep> {
    let mut sweep = open_sweep(text, &TableOptions::default())?;
    let mut notices = Vec::new();
    if !link.roles.is_empty() {
        let mut roles = NameMap::new();
        let mut unknown = Vec::new();
        for (column, role) in &link.roles {
            match sweep.table.find(column) {
                Some(_) => {
                    roles.insert(column.clone(), *role);
                }
                None => unknown.push(column.clone()),
            }
        }
        if !unknown.is_empty() {
            let noun = if unknown.len() == 1 {
                "a column"
            } else {
                "columns"
            };
            notices.push(notice(
                &ROLES,
                None,
                format!(
                    "roles names {noun} the file does not have ({}; columns: {}); inferring {}.",
                    quoted_list(&unknown),
                    quoted_list(&sweep.table.names()),
                    if unknown.len() == 1 {
                        "its role"
                    } else {
                        "their roles"
                    }
                ),
            ));
        }
        if !roles.is_empty() {
            let options = TableOptions {
                roles,
                ..TableOptions::default()
            };
            match open_sweep(text, &options) {
                Ok(named) => sweep = named,
                Err(error) => notices.push(notice(
                    &ROLES,
                    None,
                    format!("The roles in the link do not fit the file ({error}); inferring every role."),
                )),
            }
        }
    }
    let (view, mut more) = linked_view(&sweep, link)?;
    notices.append(&mut more);
    Ok(LinkedSweep {
        sweep,
        view,
        notices,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip_any_text() {
        let names = ["a:b", "c,d", "e\\f", "", "é ∑ &=?#", "\\:,"];
        for first in names {
            for second in names {
                let records = vec![vec![first, second], vec![second]];
                let joined = join_records(&records);
                let read = split_records(&joined);
                assert_eq!(read, records, "{joined}");
            }
        }
        assert!(split_records("").is_empty());
        assert_eq!(split_records("a:b,c"), [vec!["a", "b"], vec!["c"]]);
    }

    #[test]
    fn key_notices_say_what_the_key_takes() {
        let (link, notices) = read_table_link(
            "#roles=seed:replicate,lr:axis&direction=up&binned=max&others=wd:fix:1,bs:best",
        );
        let messages: Vec<&str> = notices.iter().map(|n| n.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "roles: \"lr:axis\" is not column:role (a role is one of parameter, metric, facet, replicate, ignore); inferring its role.",
                "direction=\"up\" is not higher or lower; guessing it from the metric's name.",
                "binned=\"max\" is not mean or best; showing the mean of the runs in a bin.",
                "others: \"wd:fix:1\" is not parameter:choice (a choice is best, mean, facet or fixed:value); using the default view's choice.",
            ]
        );
        assert_eq!(link.roles.get("seed"), Some(&Role::Replicate));
        assert_eq!(link.others.get("bs"), Some(&Choice::Best));
        assert_eq!((link.direction, link.bins), (None, None));
    }
}
