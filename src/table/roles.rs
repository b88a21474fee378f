//! Column roles, inferred with the reason for each and what to check when inference is unsure.
//!
//! Every column gets one role: **parameter** (a hyperparameter the sweep varied), **metric** (a
//! measured number), **facet** (panels: model, benchmark), **replicate** (seed, run) or
//! **ignore**. Inference, per column in header order, first rule that applies:
//! 1. a role named in [`TableOptions`] (the old loader options `x`, `y`, `value`, `model`,
//!    `benchmark`, `replicate`, `ignore` name roles too);
//! 2. the format's own columns (W&B bookkeeping, Optuna `params_*`, objectives, attributes);
//! 3. every value missing: ignored;
//! 4. named like a model or benchmark: facet; like a replicate (`seed`, `run`): replicate;
//! 5. one value: ignored (constant); named like bookkeeping (`notes`, `path`): ignored;
//! 6. named like a metric (`accuracy`, `loss`, `pass@1`): metric;
//! 7. text different on every row (a run directory): ignored;
//! 8. anything else is a parameter: text with a few values, or numbers.
//!
//! Then, never a dead end: with no metric, the last numeric parameter column is the metric
//! (with a note to check it); only a table with no column of numbers, or nothing left to be a
//! parameter, is an error, which names the columns and what to change.

use std::fmt;

use super::name_map::NameMap;
use serde::ser::{SerializeStruct, Serializer};
use serde::{Deserialize, Serialize};

use super::formats::{role_by_format, Format};
use super::names::{
    is_metric_name, BENCHMARK_NAMES, BOOKKEEPING_NAMES, MODEL_NAMES, REPLICATE_NAMES,
};
use super::{RunTable, TableColumn};
use crate::error::{excerpt, quoted_list, Error, Result};
use crate::model::tidy::is_named_like;
use crate::CsvOptions;

/// What a column is to a sweep. Serialized as its name ([`Role::as_str`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// A hyperparameter the sweep varied: an axis, or fixed / best / mean / facet in a view.
    Parameter,
    /// A measured number.
    Metric,
    /// Splits the figure into panels (model, benchmark, or any column chosen).
    Facet,
    /// Tells repeated runs of one configuration apart (seed).
    Replicate,
    /// Not used.
    Ignore,
}

// By hand, as a string: serde's derive writes a unit variant through code of its own.
impl Serialize for Role {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl Role {
    /// Every role, in the order messages list them.
    pub const ALL: [Role; 5] = [
        Role::Parameter,
        Role::Metric,
        Role::Facet,
        Role::Replicate,
        Role::Ignore,
    ];

    /// The role an options' word names (`"parameter"`, ...), exactly.
    pub fn named(word: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|role| role.as_str() == word)
    }

    /// The role's name as the options write it.
    pub const fn as_str(self) -> &'static str {
        match self {
            Role::Parameter => "parameter",
            Role::Metric => "metric",
            Role::Facet => "facet",
            Role::Replicate => "replicate",
            Role::Ignore => "ignore",
        }
    }
}

/// Why a column has its role. `Display` is the phrase a column panel shows; serialized as
/// `{"kind": "text", "values": 3}` (`values` only for text and numbers).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reason {
    /// Named in the options.
    Named,
    /// Every field missing.
    EveryValueMissing,
    /// One value in every run.
    Constant,
    /// Text different on every row.
    UniquePerRow,
    /// Named like a metric.
    NamedLikeMetric,
    /// Named like a model.
    NamedLikeModel,
    /// Named like a benchmark.
    NamedLikeBenchmark,
    /// Named like a replicate (seed, run).
    NamedLikeReplicate,
    /// Named like bookkeeping (notes, path, timestamp).
    BookkeepingName,
    /// Text with a few values.
    Text { values: usize },
    /// Numbers.
    Numbers { values: usize },
    /// No column is named like a metric: the last column of numbers.
    LastNumbers,
    /// The unnamed first column pandas writes.
    PandasIndex,
    /// An Optuna `params_` column.
    OptunaParameter,
    /// An Optuna objective (`value`, `values_0`).
    OptunaObjective,
    /// An Optuna `user_attrs_` column.
    OptunaUserAttribute,
    /// Optuna's own columns (number, datetimes, duration, state, system attributes).
    OptunaBookkeeping,
    /// W&B's own columns (Name, State, Notes, ..., `_step`).
    WandbBookkeeping,
    /// A W&B summary metric under a namespace (`val/acc`).
    WandbNamespace,
    /// A configuration table's `m.mean`: the metric `m`.
    ConfigurationMean,
    /// A configuration table's `n`, `m.n` or `m.var`: a weight, not a column to draw.
    ConfigurationStatistic,
}

impl Reason {
    /// The kind as serialized and the phrase (text and numbers add "with N values"). One
    /// table for both, written by hand: serde's derive of an internally tagged enum cost
    /// 2.7 KB of wasm raw, 819 bytes gzipped (measured 2026-11-25).
    fn names(&self) -> (&'static str, &'static str) {
        match self {
            Reason::Named => ("named", "named in the roles"),
            Reason::EveryValueMissing => ("every_value_missing", "every value missing"),
            Reason::Constant => ("constant", "constant"),
            Reason::UniquePerRow => ("unique_per_row", "unique per row"),
            Reason::NamedLikeMetric => ("named_like_metric", "named like a metric"),
            Reason::NamedLikeModel => ("named_like_model", "named like a model"),
            Reason::NamedLikeBenchmark => ("named_like_benchmark", "named like a benchmark"),
            Reason::NamedLikeReplicate => ("named_like_replicate", "named like a replicate"),
            Reason::BookkeepingName => ("bookkeeping_name", "bookkeeping name"),
            Reason::Text { .. } => ("text", "text"),
            Reason::Numbers { .. } => ("numbers", "numbers"),
            Reason::LastNumbers => ("last_numbers", "last column of numbers"),
            Reason::PandasIndex => ("pandas_index", "pandas row index"),
            Reason::OptunaParameter => ("optuna_parameter", "Optuna params_ column"),
            Reason::OptunaObjective => ("optuna_objective", "Optuna objective"),
            Reason::OptunaUserAttribute => ("optuna_user_attribute", "Optuna user attribute"),
            Reason::OptunaBookkeeping => ("optuna_bookkeeping", "Optuna bookkeeping"),
            Reason::WandbBookkeeping => ("wandb_bookkeeping", "W&B bookkeeping"),
            Reason::WandbNamespace => ("wandb_namespace", "W&B summary metric"),
            Reason::ConfigurationMean => ("configuration_mean", "mean of a configuration's runs"),
            Reason::ConfigurationStatistic => ("configuration_statistic", "count or variance"),
        }
    }

    /// The number of values, for text and numbers.
    fn values(&self) -> Option<usize> {
        match self {
            Reason::Text { values } | Reason::Numbers { values } => Some(*values),
            _ => None,
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let phrase = self.names().1;
        match self.values() {
            Some(values) => write!(f, "{phrase} with {} values", crate::error::grouped(values)),
            None => f.write_str(phrase),
        }
    }
}

impl Serialize for Reason {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        let values = self.values();
        let mut state = serializer.serialize_struct("Reason", 1 + usize::from(values.is_some()))?;
        state.serialize_field("kind", self.names().0)?;
        if let Some(values) = values {
            state.serialize_field("values", &values)?;
        }
        state.end()
    }
}

/// One column's role, for a column panel.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "SweepColumn"))]
pub struct ColumnRole {
    /// The column's name in the header.
    pub column: String,
    /// The name it is shown by (an Optuna `params_lr` is `lr`).
    pub label: String,
    /// The role.
    pub role: Role,
    /// Why (left out of the JavaScript crossing: `because` says it in words).
    #[serde(skip)]
    pub reason: Reason,
    /// The reason as a phrase: "numbers with 12 values".
    pub because: String,
    /// What to check, when inference is unsure of this column.
    pub check: Option<String>,
    /// Distinct present values.
    pub values: usize,
    /// Runs with the field missing.
    pub missing: usize,
    /// True when every present value is a number.
    pub numeric: bool,
}

/// Explicit column roles; every column left out is inferred. The fields of the tidy loader's
/// options ([`CsvOptions`]) are accepted too: `x`, `y` and `value` name parameters and a metric
/// (and the default view's axes and metric), `model` and `benchmark` facets.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TableOptions {
    /// Role per column name.
    pub roles: NameMap<Role>,
    /// The x axis of the default view (a parameter).
    pub x: Option<String>,
    /// The y axis of the default view (a parameter).
    pub y: Option<String>,
    /// The metric of the default view.
    pub value: Option<String>,
    /// A facet column (the model slot).
    pub model: Option<String>,
    /// A facet column (the benchmark slot).
    pub benchmark: Option<String>,
    /// The replicate column.
    pub replicate: Option<String>,
    /// Columns to ignore.
    pub ignore: Vec<String>,
    /// Set when the text is the CSV the importers wrote from the JSON table form
    /// ([`crate::importers::table_from_json`]): the roles the JSON file names (under those
    /// named here, and not carried by links, as the file carries them). Its runs are one
    /// record each, so messages name them by number, as the JSON does.
    pub from_json: Option<NameMap<Role>>,
}

impl From<&CsvOptions> for TableOptions {
    fn from(options: &CsvOptions) -> TableOptions {
        TableOptions {
            roles: NameMap::new(),
            x: options.x.clone(),
            y: options.y.clone(),
            value: options.value.clone(),
            model: options.model.clone(),
            benchmark: options.benchmark.clone(),
            replicate: options.replicate.clone(),
            ignore: options.ignore.clone(),
            from_json: None,
        }
    }
}

impl TableOptions {
    /// Every role the options name, as (column, role, what the option called it).
    fn named(&self) -> Vec<(&str, Role, &'static str)> {
        let mut named: Vec<(&str, Role, &'static str)> = Vec::new();
        for (column, role) in &self.roles {
            named.push((column, *role, role.as_str()));
        }
        let fields: [(&Option<String>, Role, &'static str); 6] = [
            (&self.x, Role::Parameter, "x axis"),
            (&self.y, Role::Parameter, "y axis"),
            (&self.value, Role::Metric, "value"),
            (&self.model, Role::Facet, "model"),
            (&self.benchmark, Role::Facet, "benchmark"),
            (&self.replicate, Role::Replicate, "replicate"),
        ];
        for (field, role, what) in fields {
            if let Some(column) = field {
                named.push((column, role, what));
            }
        }
        for column in &self.ignore {
            named.push((column, Role::Ignore, "ignored columns"));
        }
        named
    }
}

/// The role inference gives a column by its name and content, before the table-wide checks.
fn by_content(column: &TableColumn, runs: usize) -> (Role, Reason) {
    let name = column.name.as_str();
    let values = column.levels.len();
    if is_metric_name(name) && !is_named_like(name, BOOKKEEPING_NAMES) {
        // Whether or not its fields are numbers (or present): a metric with text or with
        // every value missing is reported as such when drawn.
        return (Role::Metric, Reason::NamedLikeMetric);
    }
    if values == 0 {
        return (Role::Ignore, Reason::EveryValueMissing);
    }
    if is_named_like(name, MODEL_NAMES) {
        return (Role::Facet, Reason::NamedLikeModel);
    }
    if is_named_like(name, BENCHMARK_NAMES) {
        return (Role::Facet, Reason::NamedLikeBenchmark);
    }
    if is_named_like(name, REPLICATE_NAMES) {
        return (Role::Replicate, Reason::NamedLikeReplicate);
    }
    if values == 1 {
        return (Role::Ignore, Reason::Constant);
    }
    if is_named_like(name, BOOKKEEPING_NAMES) {
        return (Role::Ignore, Reason::BookkeepingName);
    }
    if !column.is_numeric() {
        if runs > 1 && values == runs {
            return (Role::Ignore, Reason::UniquePerRow);
        }
        return (Role::Parameter, Reason::Text { values });
    }
    (Role::Parameter, Reason::Numbers { values })
}

/// Infers every column's role; returns the roles and the notices about choices to check.
pub(crate) fn infer(
    table: &RunTable,
    format: Format,
    options: &TableOptions,
    file_roles: NameMap<Role>,
) -> Result<(Vec<ColumnRole>, Vec<String>)> {
    let mut explicit: Vec<Option<Role>> = vec![None; table.columns.len()];
    for (name, role, what) in options.named() {
        let column = table.require(what, name)?;
        if let Some(slot) = explicit.get_mut(column) {
            if slot.is_some_and(|known| known != role) {
                return Err(Error::InvalidField {
                    field: table
                        .columns
                        .get(column)
                        .map_or(String::new(), |c| c.name.clone()),
                    expected: "one role per column, but it was named for two".into(),
                });
            }
            *slot = Some(role);
        }
    }
    // The roles a file names (the JSON table form), under those of the options.
    for (name, role) in file_roles {
        let column = table.require(role.as_str(), &name)?;
        if let Some(slot @ None) = explicit.get_mut(column) {
            *slot = Some(role);
        }
    }
    let runs = table.runs();
    let mut roles: Vec<ColumnRole> = Vec::with_capacity(table.columns.len());
    for (column, named) in table.columns.iter().zip(&explicit) {
        let by_format = role_by_format(format, column);
        let label = by_format
            .as_ref()
            .map_or_else(|| column.name.clone(), |(_, _, label)| label.clone());
        let (role, reason) = match (named, by_format) {
            (Some(role), _) => (*role, Reason::Named),
            (None, Some((role, reason, _))) => (role, reason),
            (None, None) => by_content(column, runs),
        };
        roles.push(ColumnRole {
            column: column.name.clone(),
            label,
            because: reason.to_string(),
            role,
            reason,
            check: None,
            values: column.levels.len(),
            missing: column.missing(),
            numeric: column.is_numeric(),
        });
    }
    check_explicit(table, &roles)?;
    let mut notices = Vec::new();
    settle(table, &mut roles, &mut notices)?;
    Ok((roles, notices))
}

/// A parameter named explicitly needs two values to vary.
fn check_explicit(table: &RunTable, roles: &[ColumnRole]) -> Result<()> {
    for (role, column) in roles.iter().zip(&table.columns) {
        if role.reason == Reason::Named && role.role == Role::Parameter && role.values < 2 {
            return Err(single_value(column));
        }
    }
    Ok(())
}

/// The error for a parameter that does not vary.
pub(crate) fn single_value(column: &TableColumn) -> Error {
    let found = match column.levels.first() {
        Some(only) => format!("one (\"{}\")", excerpt(only)),
        None => "none (every value is missing)".to_string(),
    };
    Error::InvalidField {
        field: column.name.clone(),
        expected: format!(
            "a parameter with at least two values, found {found}; make it a facet or ignore it"
        ),
    }
}

/// The table-wide checks: one replicate column, at least one metric and one parameter.
fn settle(table: &RunTable, roles: &mut [ColumnRole], notices: &mut Vec<String>) -> Result<()> {
    // A second column named like a replicate is a parameter (seed and run both present).
    let mut replicate_seen = false;
    for role in roles.iter_mut() {
        if role.role != Role::Replicate {
            continue;
        }
        if replicate_seen && role.reason != Reason::Named {
            role.role = Role::Parameter;
            role.check = Some("named like a replicate, but another column is the replicate".into());
        }
        replicate_seen = true;
    }
    if !roles.iter().any(|r| r.role == Role::Metric) {
        let last_numbers = roles
            .iter()
            .rposition(|r| r.role == Role::Parameter && r.numeric && r.reason != Reason::Named);
        match last_numbers.and_then(|i| roles.get_mut(i)) {
            Some(role) => {
                role.role = Role::Metric;
                role.reason = Reason::LastNumbers;
                role.because = role.reason.to_string();
                let check = "no column is named like a metric: check that this is the metric \
                             (or rename it, e.g. score)"
                    .to_string();
                notices.push(format!(
                    "\"{}\" is the metric: {check}",
                    excerpt(&role.column)
                ));
                role.check = Some(check);
            }
            None => {
                return Err(Error::NoCandidate {
                    role: "metric",
                    hint: format!(
                        "expected a column of numbers to draw; the columns are {}",
                        quoted_list(&table.names())
                    ),
                })
            }
        }
    }
    // Numbers that differ on every run may be a parameter sampled at random or a metric.
    let runs = table.runs();
    for role in roles.iter_mut() {
        if role.role == Role::Parameter
            && role.numeric
            && runs > 2
            && role.values == runs
            && matches!(role.reason, Reason::Numbers { .. })
        {
            role.check = Some(
                "numbers different on every run: a parameter sampled at random, or a metric?"
                    .into(),
            );
        }
    }
    // Too few parameters: constant columns and text different on every row are axes when
    // nothing better is left (as the tidy loader takes them).
    let mut parameters = roles.iter().filter(|r| r.role == Role::Parameter).count();
    for role in roles.iter_mut() {
        if parameters >= 2 {
            break;
        }
        if matches!(role.reason, Reason::Constant | Reason::UniquePerRow) {
            role.role = Role::Parameter;
            role.check = Some(format!(
                "{}: a parameter only because the sweep varies fewer than two",
                role.because
            ));
            parameters += 1;
        }
    }
    if parameters == 0 {
        return Err(Error::NoCandidate {
            role: "parameter",
            hint: format!(
                "expected a column that the sweep varied beside the metric; the columns are {} \
                 (constant columns, bookkeeping names and text that differs on every row are \
                 ignored: name a parameter with the roles option, e.g. {{roles: {{\"{}\": \
                 \"parameter\"}}}})",
                quoted_list(&table.names()),
                excerpt(table.columns.first().map_or("", |c| c.name.as_str()))
            ),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roles_of(text: &str, options: &TableOptions) -> Vec<(String, Role, String)> {
        let table = RunTable::read_csv(text).unwrap();
        let (roles, _) = infer(&table, Format::Tidy, options, NameMap::new()).unwrap();
        roles
            .into_iter()
            .map(|r| (r.column, r.role, r.because))
            .collect()
    }

    fn row(column: &str, role: Role, because: &str) -> (String, Role, String) {
        (column.to_string(), role, because.to_string())
    }

    #[test]
    fn every_column_gets_a_role_and_a_reason() {
        let text = "model,run_dir,lr,opt,seed,const,notes,val_accuracy,val_loss\n\
                    a,/r/1,0.1,adam,1,x,yo,0.5,1.0\n\
                    a,/r/2,0.01,sgd,1,x,hi,0.6,0.9\n\
                    b,/r/3,0.1,sgd,2,x,,0.7,0.8\n";
        assert_eq!(
            roles_of(text, &TableOptions::default()),
            [
                row("model", Role::Facet, "named like a model"),
                row("run_dir", Role::Ignore, "bookkeeping name"),
                row("lr", Role::Parameter, "numbers with 2 values"),
                row("opt", Role::Parameter, "text with 2 values"),
                row("seed", Role::Replicate, "named like a replicate"),
                row("const", Role::Ignore, "constant"),
                row("notes", Role::Ignore, "bookkeeping name"),
                row("val_accuracy", Role::Metric, "named like a metric"),
                row("val_loss", Role::Metric, "named like a metric"),
            ]
        );
    }

    #[test]
    fn explicit_roles_win_and_old_options_still_name_roles() {
        let text = "a,b,c,d\n1,x,3,4\n2,y,5,6\n";
        let mut options = TableOptions::from(&CsvOptions {
            value: Some("c".into()),
            ..CsvOptions::default()
        });
        options.roles.insert("b".into(), Role::Facet);
        assert_eq!(
            roles_of(text, &options),
            [
                row("a", Role::Parameter, "numbers with 2 values"),
                row("b", Role::Facet, "named in the roles"),
                row("c", Role::Metric, "named in the roles"),
                row("d", Role::Parameter, "numbers with 2 values"),
            ]
        );
    }

    #[test]
    fn without_a_metric_name_the_last_numbers_are_the_metric_to_check() {
        let table = RunTable::read_csv("a,b,c\n1,2,3\n2,3,4\n3,4,5\n").unwrap();
        let (roles, notices) = infer(
            &table,
            Format::Tidy,
            &TableOptions::default(),
            NameMap::new(),
        )
        .unwrap();
        let c = &roles[2];
        assert_eq!(
            (c.role, c.because.as_str()),
            (Role::Metric, "last column of numbers")
        );
        assert_eq!(
            notices,
            [
                "\"c\" is the metric: no column is named like a metric: check that this is the \
              metric (or rename it, e.g. score)"
            ]
        );
        assert_eq!(
            roles[0].check.as_deref(),
            Some("numbers different on every run: a parameter sampled at random, or a metric?")
        );
    }

    #[test]
    fn roles_serialize_as_their_names() {
        for (role, name) in [
            (Role::Parameter, "parameter"),
            (Role::Metric, "metric"),
            (Role::Facet, "facet"),
            (Role::Replicate, "replicate"),
            (Role::Ignore, "ignore"),
        ] {
            assert_eq!(serde_json::to_string(&role).unwrap(), format!("\"{name}\""));
            assert_eq!(
                serde_json::from_str::<Role>(&format!("\"{name}\"")).unwrap(),
                role
            );
        }
    }

    #[test]
    fn reasons_serialize_as_their_kind_with_the_count() {
        let json = |reason: &Reason| serde_json::to_string(reason).unwrap();
        assert_eq!(
            json(&Reason::Text { values: 3 }),
            r#"{"kind":"text","values":3}"#
        );
        assert_eq!(
            json(&Reason::Numbers { values: 12 }),
            r#"{"kind":"numbers","values":12}"#
        );
        let kinds = [
            (Reason::Named, "named", "named in the roles"),
            (
                Reason::EveryValueMissing,
                "every_value_missing",
                "every value missing",
            ),
            (Reason::Constant, "constant", "constant"),
            (Reason::UniquePerRow, "unique_per_row", "unique per row"),
            (
                Reason::NamedLikeMetric,
                "named_like_metric",
                "named like a metric",
            ),
            (
                Reason::NamedLikeModel,
                "named_like_model",
                "named like a model",
            ),
            (
                Reason::NamedLikeBenchmark,
                "named_like_benchmark",
                "named like a benchmark",
            ),
            (
                Reason::NamedLikeReplicate,
                "named_like_replicate",
                "named like a replicate",
            ),
            (
                Reason::BookkeepingName,
                "bookkeeping_name",
                "bookkeeping name",
            ),
            (
                Reason::LastNumbers,
                "last_numbers",
                "last column of numbers",
            ),
            (Reason::PandasIndex, "pandas_index", "pandas row index"),
            (
                Reason::OptunaParameter,
                "optuna_parameter",
                "Optuna params_ column",
            ),
            (
                Reason::OptunaObjective,
                "optuna_objective",
                "Optuna objective",
            ),
            (
                Reason::OptunaUserAttribute,
                "optuna_user_attribute",
                "Optuna user attribute",
            ),
            (
                Reason::OptunaBookkeeping,
                "optuna_bookkeeping",
                "Optuna bookkeeping",
            ),
            (
                Reason::WandbBookkeeping,
                "wandb_bookkeeping",
                "W&B bookkeeping",
            ),
            (
                Reason::WandbNamespace,
                "wandb_namespace",
                "W&B summary metric",
            ),
            (
                Reason::ConfigurationMean,
                "configuration_mean",
                "mean of a configuration's runs",
            ),
            (
                Reason::ConfigurationStatistic,
                "configuration_statistic",
                "count or variance",
            ),
        ];
        for (reason, kind, phrase) in kinds {
            assert_eq!(json(&reason), format!(r#"{{"kind":"{kind}"}}"#));
            assert_eq!(reason.to_string(), phrase);
        }
        assert_eq!(Reason::Text { values: 3 }.to_string(), "text with 3 values");
    }

    #[test]
    fn nothing_to_draw_is_an_error_naming_the_columns() {
        let table = RunTable::read_csv("name,kind\na,x\nb,y\n").unwrap();
        assert_eq!(
            infer(
                &table,
                Format::Tidy,
                &TableOptions::default(),
                NameMap::new()
            )
            .unwrap_err()
            .to_string(),
            "no column can be the metric; expected a column of numbers to draw; the columns \
             are \"name\", \"kind\""
        );
        let table = RunTable::read_csv("lr,acc\n0.1,1\n0.2,2\n").unwrap();
        let options = TableOptions {
            roles: NameMap::from([("lr".to_string(), Role::Parameter)]),
            ..TableOptions::default()
        };
        let table_one = RunTable::read_csv("lr,b,acc\n0.1,1,1\n0.1,2,2\n").unwrap();
        assert!(infer(&table, Format::Tidy, &options, NameMap::new()).is_ok());
        assert_eq!(
            infer(&table_one, Format::Tidy, &options, NameMap::new())
                .unwrap_err()
                .to_string(),
            "field \"lr\": expected a parameter with at least two values, found one (\"0.1\"); \
             make it a facet or ignore it"
        );
    }
}
