//! The view of a run table as links and `<sweep-map>` carry it: the roles named per column, the
//! metric and its direction, the x and y parameters, every other parameter's choice, and what a
//! cell of a binned axis shows. Each declared once, as the figure's settings are; the option
//! names are those of `openSweep`'s options (`roles`) and of a `SweepView` (`metric`, ...), and
//! the link key and the attribute are the same word. One exception: what a binned cell shows is
//! `bins` in a `SweepView`, but `bins` is already the link key and attribute of the pairwise
//! bins (a number), so links and the element call it `binned`.
//!
//! These settings are read and written against a run table (`crate::link::table`): their values
//! name columns, which only the table knows. `roles` and `others` are lists written as the
//! other lists of a link are (`,` between items, `\,` and `\\` inside a name), each column
//! followed by what it is: `roles=seed,replicate,notes,ignore`,
//! `others=batch_size,fixed,64,warmup,best`.

use super::setting::{Doc, Setting, ValueKind, Views};

/// Roles per column: `column,role,...`.
pub const ROLES: Setting = Setting {
    views: Views::Table,
    link: Some("roles"),
    attribute: Some("roles"),
    fallback: "inferring its role",
    doc: Doc::new(
        "A run table: the role of each column named, `column,role,...` as share links write them.",
    ),
    ..Setting::option(
        "roles",
        ValueKind::Text,
        "column,role (roles: parameter, metric, facet, replicate, ignore)",
    )
};
pub const METRIC: Setting = Setting {
    views: Views::Table,
    link: Some("metric"),
    attribute: Some("metric"),
    fallback: "showing the default metric",
    doc: Doc::new("A run table: the metric drawn."),
    ..Setting::option("metric", ValueKind::Text, "a metric column's name")
};
pub const DIRECTION: Setting = Setting {
    views: Views::Table,
    link: Some("direction"),
    attribute: Some("direction"),
    fallback: "guessing it from the metric",
    doc: Doc::new("A run table: whether higher or lower values of the metric are better.")
        .typed("Direction"),
    ..Setting::option("direction", ValueKind::Text, "higher or lower")
};
pub const X: Setting = Setting {
    views: Views::Table,
    link: Some("x"),
    attribute: Some("x"),
    doc: Doc::new("A run table: the parameter along x."),
    ..Setting::option("x", ValueKind::Text, "a parameter column's name")
};
pub const Y: Setting = Setting {
    views: Views::Table,
    link: Some("y"),
    attribute: Some("y"),
    doc: Doc::new("A run table: the parameter along y."),
    ..Setting::option("y", ValueKind::Text, "a parameter column's name")
};
/// Every parameter but x and y: `parameter,best`, `parameter,mean`, `parameter,facet` or
/// `parameter,fixed,value`, one after another.
pub const OTHERS: Setting = Setting {
    views: Views::Table,
    link: Some("others"),
    attribute: Some("others"),
    fallback: "using the default view's choice",
    doc: Doc::new("A run table: every other parameter's choice, `parameter,best`, `parameter,mean`, `parameter,facet` or `parameter,fixed,value`, one after another."),
    ..Setting::option(
        "others",
        ValueKind::Text,
        "parameter,choice (best, mean, facet, or fixed,value)",
    )
};
/// What a cell of a binned axis shows (`bins` in a `SweepView`: see the module documentation).
pub const BINNED: Setting = Setting {
    views: Views::Table,
    state: Some("bins"),
    link: Some("binned"),
    attribute: Some("binned"),
    fallback: "using mean",
    doc: Doc::new("A run table: what a cell of a binned axis shows.").typed("BinPick"),
    ..Setting::option("binned", ValueKind::Text, "mean or best")
};

/// The settings of a run table's view, in the order a link writes them (after the data source,
/// before the figure's settings).
pub const TABLE: &[&Setting] = &[&ROLES, &METRIC, &DIRECTION, &X, &Y, &OTHERS, &BINNED];
