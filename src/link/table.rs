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

use super::query::{push_pair, quote, shown, split_query};
use super::read::{join_names, split_names};
use super::view::Notice;
use crate::error::{Error, Result};
use crate::table::{open_sweep, BinPick, Choice, NameMap, Role, Sweep, TableOptions, View};
use crate::view::table::{BINNED, DIRECTION, METRIC, OTHERS, ROLES, X, Y};
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

/// A notice about a setting, its message the parts joined (one function for every message:
/// `format!` per message cost about a kilobyte of wasm).
fn notice(setting: &Setting, value: Option<&str>, parts: &[&str]) -> Notice {
    Notice {
        key: setting.link.unwrap_or(setting.option).to_string(),
        value: value.map(str::to_string),
        message: parts.concat(),
    }
}

/// The notice for a value (or an item of a list) that is not what the key takes.
fn bad_value(setting: &Setting, text: &str) -> Notice {
    let key = setting.link.unwrap_or(setting.option);
    let expected = setting.expected();
    let parts = [
        key,
        "=",
        &shown(text),
        " is not ",
        &expected,
        "; ",
        setting.fallback,
        ".",
    ];
    notice(setting, Some(text), &parts)
}

/// The first value a link gives a setting, under its key or another spelling of it.
fn value_of<'a>(pairs: &'a [(String, String)], setting: &Setting) -> Option<&'a str> {
    let keys = setting.link_keys();
    pairs
        .iter()
        .find(|(key, _)| keys.contains(&key.as_str()))
        .map(|(_, value)| value.as_str())
}

/// Reads the run-table keys of a link's text (with or without its `#` or `?`). Problems with a
/// key's own text are notices; damaged pairs and keys given twice are `parse_link`'s to notice.
pub fn read_table_link(query: &str) -> (TableLink, Vec<Notice>) {
    let mut pairs: Vec<(String, String)> = Vec::new();
    for pair in split_query(query).into_iter().flatten() {
        pairs.push((pair.key, pair.value));
    }
    read_table_pairs(&pairs)
}

/// Reads the run-table keys of decoded `key=value` pairs (see [`read_table_link`]).
pub fn read_table_pairs(pairs: &[(String, String)]) -> (TableLink, Vec<Notice>) {
    let mut link = TableLink::default();
    let mut notices = Vec::new();
    if let Some(text) = value_of(pairs, &ROLES) {
        let items = split_names(text);
        for pair in items.chunks(2) {
            match pair {
                [column, role] if Role::named(role.trim()).is_some() => {
                    if let Some(role) = Role::named(role.trim()) {
                        link.roles.insert(column.clone(), role);
                    }
                }
                _ => notices.push(bad_value(&ROLES, &join_names(pair))),
            }
        }
    }
    let name = |setting: &Setting| value_of(pairs, setting).map(str::to_string);
    link.metric = name(&METRIC);
    link.x = name(&X);
    link.y = name(&Y);
    if let Some(text) = value_of(pairs, &DIRECTION) {
        link.direction = match crate::text::lower(text.trim()).as_str() {
            "higher" => Some(Direction::Higher),
            "lower" => Some(Direction::Lower),
            _ => None,
        };
        if link.direction.is_none() {
            notices.push(bad_value(&DIRECTION, text));
        }
    }
    if let Some(text) = value_of(pairs, &BINNED) {
        link.bins = match crate::text::lower(text.trim()).as_str() {
            "mean" => Some(BinPick::Mean),
            "best" => Some(BinPick::Best),
            _ => None,
        };
        if link.bins.is_none() {
            notices.push(bad_value(&BINNED, text));
        }
    }
    if let Some(text) = value_of(pairs, &OTHERS) {
        // parameter, choice[, value] after another: a fixed choice is followed by its value.
        let items = split_names(text);
        let mut rest = items.as_slice();
        while let [parameter, choice, after @ ..] = rest {
            let (picked, next) = match (choice.trim(), after) {
                ("best", _) => (Choice::Best, after),
                ("mean", _) => (Choice::Mean, after),
                ("facet", _) => (Choice::Facet, after),
                ("fixed", [value, next @ ..]) => (Choice::Fixed(value.clone()), next),
                _ => break,
            };
            link.others.insert(parameter.clone(), picked);
            rest = next;
        }
        if !rest.is_empty() {
            // What cannot be read: the rest of the list, which no longer pairs up.
            notices.push(bad_value(&OTHERS, &join_names(rest)));
        }
    }
    (link, notices)
}

/// Roles as `roles=` writes them: column, role, column, role, ...
fn role_list(roles: &NameMap<Role>) -> String {
    let mut items = Vec::with_capacity(roles.len() * 2);
    for (column, role) in roles {
        items.push(column.clone());
        items.push(role.as_str().to_string());
    }
    join_names(&items)
}

/// The link text (`key=value&...`, no leading `#`) of a run table's keys, in the order of
/// [`crate::view::settings::TABLE`]; empty when the link names nothing.
pub fn format_table_link(link: &TableLink) -> String {
    let mut query = String::new();
    let mut push = |setting: &Setting, value: Option<&str>| {
        if let (Some(key), Some(value)) = (setting.link, value) {
            push_pair(&mut query, key, value);
        }
    };
    let roles = role_list(&link.roles);
    push(
        &ROLES,
        Some(roles.as_str()).filter(|roles| !roles.is_empty()),
    );
    push(&METRIC, link.metric.as_deref());
    push(&DIRECTION, link.direction.map(Direction::as_str));
    push(&X, link.x.as_deref());
    push(&Y, link.y.as_deref());
    let mut items: Vec<String> = Vec::new();
    for (parameter, choice) in &link.others {
        items.push(parameter.clone());
        let (word, value) = match choice {
            Choice::Fixed(value) => ("fixed", Some(value)),
            Choice::Best => ("best", None),
            Choice::Mean => ("mean", None),
            Choice::Facet => ("facet", None),
        };
        items.push(word.to_string());
        items.extend(value.cloned());
    }
    let others = join_names(&items);
    push(
        &OTHERS,
        Some(others.as_str()).filter(|others| !others.is_empty()),
    );
    let bins = link.bins.map(|bins| match bins {
        BinPick::Mean => "mean",
        BinPick::Best => "best",
    });
    push(&BINNED, bins);
    query
}

/// The label of the column a name gives, when it has the role.
fn label_of(sweep: &Sweep, column: Result<usize>) -> Option<String> {
    column.ok().map(|column| sweep.label(column).to_string())
}

/// The keys of a view of a sweep: the roles the sweep was opened with, and what differs from
/// its default view (the metric, its direction, the axes, the choices), so that the view read
/// back from them is `view`.
pub fn table_link(sweep: &Sweep, view: &View) -> Result<TableLink> {
    let default = sweep.default_view()?;
    let parameter = |name: &str| label_of(sweep, sweep.parameter_column(name));
    let (x, y) = (parameter(&view.x), parameter(&view.y));
    let mut others = NameMap::new();
    for (name, choice) in &view.others {
        let Some(label) = parameter(name) else {
            continue;
        };
        let axis = Some(&label) == x.as_ref() || Some(&label) == y.as_ref();
        if !axis && default.others.get(&label) != Some(choice) {
            others.insert(label, choice.clone());
        }
    }
    // The direction is written when it is not the metric's own.
    let metric = sweep.metric_column(&view.metric).ok();
    let own = metric.map(|column| sweep.direction(column, None));
    let metric = metric.map(|column| sweep.label(column).to_string());
    Ok(TableLink {
        roles: sweep.named_roles.clone(),
        metric: metric.filter(|metric| *metric != default.metric),
        direction: view.direction.filter(|d| Some(*d) != own),
        x: x.filter(|x| *x != default.x),
        y: y.filter(|y| *y != default.y),
        others,
        bins: Some(view.bins).filter(|bins| *bins != default.bins),
    })
}

/// The notice for a value the file refuses, in the file's own words:
/// `x="lrr": unknown parameter: "lrr"; expected one of "lr", "opt"; showing "batch".`
fn refused(setting: &Setting, value: &str, error: &Error, instead: &str) -> Notice {
    let key = setting.link.unwrap_or(setting.option);
    let error = error.to_string();
    let parts = [key, "=", &shown(value), ": ", &error, "; ", instead, "."];
    notice(setting, Some(value), &parts)
}

/// The view a link gives on a sweep, every name checked against it: a name the sweep lacks (or
/// a fixed value its parameter never takes) is a notice and the default view's choice; a view
/// that cannot be drawn is a notice and the default view. `Err` only when the sweep has no
/// default view either (nothing can be drawn).
pub fn linked_view(sweep: &Sweep, link: &TableLink) -> Result<(View, Vec<Notice>)> {
    let mut notices = Vec::new();
    let default = sweep.default_view()?;
    let mut view = default.clone();
    if let Some(name) = &link.metric {
        match sweep.metric_column(name) {
            Ok(column) => {
                view.metric = sweep.label(column).to_string();
                // The direction is the new metric's own, unless the link gives one.
                view.direction = None;
            }
            Err(error) => notices.push(refused(&METRIC, name, &error, METRIC.fallback)),
        }
    }
    if link.direction.is_some() {
        view.direction = link.direction;
    }
    for (setting, given, axis) in [(&X, &link.x, &mut view.x), (&Y, &link.y, &mut view.y)] {
        let Some(name) = given else { continue };
        match sweep.parameter_column(name) {
            Ok(column) => *axis = sweep.label(column).to_string(),
            Err(error) => {
                let instead = ["showing ", &quote(axis)].concat();
                notices.push(refused(setting, name, &error, &instead));
            }
        }
    }
    for (name, choice) in &link.others {
        let checked = sweep
            .parameter_column(name)
            .and_then(|column| match choice {
                Choice::Fixed(value) => sweep.fixed_key(column, value).map(|_| column),
                _ => Ok(column),
            });
        match checked {
            Ok(column) => {
                view.others
                    .insert(sweep.label(column).to_string(), choice.clone());
            }
            Err(error) => notices.push(refused(&OTHERS, name, &error, OTHERS.fallback)),
        }
    }
    if let Some(bins) = link.bins {
        view.bins = bins;
    }
    if let Err(error) = sweep.project(&view) {
        let error = error.to_string();
        notices.push(Notice {
            key: "metric, x, y, others".into(),
            value: None,
            message: [
                "The run-table view in the link could not be drawn (",
                &error,
                "); showing the default view.",
            ]
            .concat(),
        });
        view = sweep.default_view()?;
    }
    Ok((view, notices))
}

/// A sweep opened for a link: the sweep (with the link's roles when they fit), the view the
/// link gives on it, and the notices about both.
#[derive(Debug, Clone)]
pub struct LinkedSweep {
    pub sweep: Sweep,
    pub view: View,
    pub notices: Vec<Notice>,
}

/// Opens a CSV sweep as a link describes it: its roles (when they do not fit the file, a column
/// it does not have or a parameter with one value, a notice, and every role is inferred), then
/// its view ([`linked_view`]). `Err` only when the file cannot be drawn as a run table at all.
pub fn open_linked_sweep(text: &str, link: &TableLink) -> Result<LinkedSweep> {
    open_linked_sweep_with(text, link, TableOptions::default())
}

/// [`open_linked_sweep`] with options under the link's roles (`base.roles` is replaced by
/// them): `from_json` for the CSV the importers wrote from runs as JSON.
pub fn open_linked_sweep_with(
    text: &str,
    link: &TableLink,
    base: TableOptions,
) -> Result<LinkedSweep> {
    let mut notices = Vec::new();
    let options = TableOptions {
        roles: link.roles.clone(),
        ..base.clone()
    };
    let sweep = match open_sweep(text, &options) {
        Ok(sweep) => sweep,
        Err(error) if !link.roles.is_empty() => {
            let roles = role_list(&link.roles);
            notices.push(refused(&ROLES, &roles, &error, "inferring every role"));
            let base = TableOptions {
                roles: NameMap::new(),
                ..base
            };
            open_sweep(text, &base)?
        }
        Err(error) => return Err(error),
    };
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
    fn key_notices_say_what_the_key_takes() {
        let (link, notices) = read_table_link(
            "#roles=seed,replicate,lr,axis&direction=up&binned=max&others=bs,best,wd,fix,1",
        );
        let messages: Vec<&str> = notices.iter().map(|n| n.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "roles=\"lr,axis\" is not column,role (roles: parameter, metric, facet, replicate, ignore); inferring its role.",
                "direction=\"up\" is not higher or lower; guessing it from the metric.",
                "binned=\"max\" is not mean or best; using mean.",
                "others=\"wd,fix,1\" is not parameter,choice (best, mean, facet, or fixed,value); using the default view's choice.",
            ]
        );
        assert_eq!(link.roles.get("seed"), Some(&Role::Replicate));
        assert_eq!(link.others.get("bs"), Some(&Choice::Best));
        assert_eq!((link.direction, link.bins), (None, None));
    }

    #[test]
    fn lists_pair_each_column_with_what_it_is() {
        let (link, notices) =
            read_table_link("others=a\\,b,fixed,x\\,y,c,mean,d,fixed,&roles=s,replicate,t");
        let others: Vec<(&str, &Choice)> =
            link.others.iter().map(|(k, v)| (k.as_str(), v)).collect();
        assert_eq!(
            others,
            [
                ("a,b", &Choice::Fixed("x,y".into())),
                ("c", &Choice::Mean),
                ("d", &Choice::Fixed(String::new())),
            ]
        );
        assert_eq!(link.roles.len(), 1);
        assert_eq!(notices.len(), 1, "{notices:?}");
        assert_eq!(notices[0].value.as_deref(), Some("t"));
    }
}
