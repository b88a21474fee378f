//! The files researchers have, recognised by their headers:
//! - a **W&B runs export** (the runs table saved as CSV): `Name,State,Notes,User,Tags,Created,
//!   Runtime,Sweep`, then the config columns and the summary metrics, sometimes `_step`,
//!   `_runtime`, `_timestamp`, `_wandb`. Only `finished` runs are used; bookkeeping is ignored;
//!   summary metrics are named like metrics or under a namespace (`val/acc`);
//! - an **Optuna** `study.trials_dataframe()` saved as CSV: `number,value,datetime_start,
//!   datetime_complete,duration,params_*,user_attrs_*,system_attrs_*,state` (`values_0`,
//!   `values_1`, ... for several objectives; `value_<name>`/`values_<name>` when the study named
//!   its metrics; pandas' unnamed index first when saved with it). Only `COMPLETE` trials are
//!   used; `params_*` are the parameters, shown without the prefix; the objectives are metrics,
//!   minimised unless the view says otherwise (Optuna's default); `user_attrs_*` holding numbers
//!   are extra metrics.
//!
//! Anything else is a tidy table, read by name and content alone.

use std::fmt::Write;

use serde::Serialize;

use super::roles::{Reason, Role};
use super::{RunTable, TableColumn, PANDAS_INDEX};
use crate::error::grouped;

/// The format a run table was recognised as.
/// Serialized as its name: `"tidy"`, `"wandb"`, `"optuna"`, `"configuration"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Any tidy table: one run per row.
    Tidy,
    /// A W&B runs export.
    Wandb,
    /// An Optuna `trials_dataframe()`.
    Optuna,
    /// A configuration table: one row per configuration, with its runs' statistics
    /// ([`super::config`]).
    Configuration,
}

impl Format {
    /// The format's name: `"tidy"`, `"wandb"`, `"optuna"`, `"configuration"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Tidy => "tidy",
            Format::Wandb => "wandb",
            Format::Optuna => "optuna",
            Format::Configuration => "configuration",
        }
    }
}

// By hand, as a string: serde's derive writes a unit variant through code of its own.
impl Serialize for Format {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// The columns every W&B runs export starts with.
const WANDB_COLUMNS: &[&str] = &[
    "Name", "State", "Notes", "User", "Tags", "Created", "Runtime", "Sweep",
];
/// Other run properties a W&B export may hold.
const WANDB_PROPERTIES: &[&str] = &[
    "ID",
    "Group",
    "Job Type",
    "JobType",
    "Hostname",
    "Commit",
    "GPU Type",
    "GPU Count",
    "Host",
    "Project",
    "Entity",
];
/// Optuna's own columns, beside the parameters, objectives and attributes.
const OPTUNA_BOOKKEEPING: &[&str] = &[
    "number",
    "datetime_start",
    "datetime_complete",
    "duration",
    "state",
    "trial_id",
];

fn has(table: &RunTable, name: &str) -> bool {
    table
        .columns
        .iter()
        .any(|c| c.name.eq_ignore_ascii_case(name))
}

/// The format of a table, from its header: W&B when it has `Name`, `State` and at least three
/// more of the export's first columns; Optuna when it has `number`, `state`, an objective and a
/// `params_` column.
pub fn recognise(table: &RunTable) -> Format {
    let wandb = WANDB_COLUMNS.iter().filter(|&&n| has(table, n)).count();
    if has(table, "Name") && has(table, "State") && wandb >= 5 {
        return Format::Wandb;
    }
    let objective = table.columns.iter().any(|c| is_optuna_objective(&c.name));
    let params = table.columns.iter().any(|c| c.name.starts_with("params_"));
    if has(table, "number") && has(table, "state") && objective && params {
        return Format::Optuna;
    }
    Format::Tidy
}

/// `Unnamed: 0`: how pandas' `read_csv` names a column without a name (the row index a
/// `to_csv` wrote), which a second `to_csv` then writes as a named column.
fn is_pandas_unnamed(name: &str) -> bool {
    name.strip_prefix("Unnamed: ")
        .is_some_and(|number| !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()))
}

fn is_optuna_objective(name: &str) -> bool {
    name == "value" || name.starts_with("values_") || name.starts_with("value_")
}

/// The role a format gives a column by its name, with the name to show, or `None` when the
/// format says nothing about it.
pub(crate) fn role_by_format(
    format: Format,
    column: &TableColumn,
) -> Option<(Role, Reason, String)> {
    let name = column.name.as_str();
    let plain = |role, reason| Some((role, reason, name.to_string()));
    if name == PANDAS_INDEX || is_pandas_unnamed(name) {
        return plain(Role::Ignore, Reason::PandasIndex);
    }
    match format {
        Format::Tidy => None,
        Format::Configuration => super::config::role(column),
        Format::Wandb => {
            let known = |list: &[&str]| list.iter().any(|k| k.eq_ignore_ascii_case(name));
            let bookkeeping =
                known(WANDB_COLUMNS) || known(WANDB_PROPERTIES) || name.starts_with('_');
            if bookkeeping {
                plain(Role::Ignore, Reason::WandbBookkeeping)
            } else if name.contains('/') && column.is_numeric() {
                plain(Role::Metric, Reason::WandbNamespace)
            } else {
                None
            }
        }
        Format::Optuna => {
            if let Some(parameter) = name.strip_prefix("params_") {
                Some((
                    Role::Parameter,
                    Reason::OptunaParameter,
                    parameter.to_string(),
                ))
            } else if is_optuna_objective(name) {
                plain(Role::Metric, Reason::OptunaObjective)
            } else if let Some(attribute) = name.strip_prefix("user_attrs_") {
                let role = if column.is_numeric() {
                    Role::Metric
                } else {
                    Role::Ignore
                };
                Some((role, Reason::OptunaUserAttribute, attribute.to_string()))
            } else if name.starts_with("system_attrs_") || OPTUNA_BOOKKEEPING.contains(&name) {
                plain(Role::Ignore, Reason::OptunaBookkeeping)
            } else {
                None
            }
        }
    }
}

/// The runs a format uses (W&B: `finished`; Optuna: `COMPLETE`; tidy: all) as a flag per run,
/// and the notice that counts the others by state; `None` when every run is used.
pub(crate) fn finished_runs(format: Format, table: &RunTable) -> Option<(Vec<bool>, String)> {
    let (column, done, noun, adjective) = match format {
        Format::Tidy | Format::Configuration => return None,
        Format::Wandb => ("State", "finished", "runs", "finished"),
        Format::Optuna => ("state", "COMPLETE", "trials", "complete"),
    };
    let state = table.find(column).and_then(|i| table.columns.get(i))?;
    let mut keep: Vec<bool> = Vec::with_capacity(table.runs());
    let mut left_out = 0;
    for run in 0..table.runs() {
        let finished = state
            .text(run)
            .is_some_and(|s| s.eq_ignore_ascii_case(done));
        keep.push(finished);
        left_out += usize::from(!finished);
    }
    if left_out == 0 {
        return None;
    }
    // Counts per state, in first-seen order.
    let mut states: Vec<(String, usize)> = Vec::new();
    for run in (0..table.runs()).filter(|&r| !keep.get(r).copied().unwrap_or(true)) {
        let text = state.text(run).unwrap_or("no state").to_string();
        match states.iter_mut().find(|(known, _)| *known == text) {
            Some((_, count)) => *count += 1,
            None => states.push((text, 1)),
        }
    }
    let mut notice = format!(
        "{} of {} {noun} were not {adjective} and were left out (",
        grouped(left_out),
        grouped(table.runs())
    );
    for (k, (state, count)) in states.iter().enumerate() {
        let separator = if k > 0 { ", " } else { "" };
        let _ = write!(
            notice,
            "{separator}{} {}",
            grouped(*count),
            crate::error::excerpt(state)
        );
    }
    notice.push(')');
    Some((keep, notice))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_tell_the_formats_apart() {
        let read = |text: &str| recognise(&RunTable::read_csv(text).unwrap());
        assert_eq!(
            read("Name,State,Notes,User,Tags,Created,Runtime,Sweep,lr,val/acc\na,finished,,u,,c,1,s,0.1,0.5\n"),
            Format::Wandb
        );
        assert_eq!(
            read(",number,value,datetime_start,params_lr,state\n0,0,1.5,t,0.1,COMPLETE\n"),
            Format::Optuna
        );
        assert_eq!(
            read("number,values_0,values_1,params_x,state\n0,1,2,3,COMPLETE\n"),
            Format::Optuna
        );
        assert_eq!(
            read("name,state,lr,acc\na,finished,0.1,0.5\n"),
            Format::Tidy
        );
    }

    #[test]
    fn formats_serialize_as_their_names() {
        for (format, name) in [
            (Format::Tidy, "tidy"),
            (Format::Wandb, "wandb"),
            (Format::Optuna, "optuna"),
            (Format::Configuration, "configuration"),
        ] {
            assert_eq!(
                serde_json::to_string(&format).unwrap(),
                format!("\"{name}\"")
            );
        }
    }

    #[test]
    fn unfinished_runs_are_left_out_and_counted_by_state() {
        let table = RunTable::read_csv(
            "number,value,params_x,state\n0,1,1,COMPLETE\n1,,2,PRUNED\n2,3,3,COMPLETE\n3,,4,FAIL\n4,,5,PRUNED\n",
        )
        .unwrap();
        let (keep, notice) = finished_runs(Format::Optuna, &table).unwrap();
        assert_eq!(keep, [true, false, true, false, false]);
        assert_eq!(
            notice,
            "3 of 5 trials were not complete and were left out (2 PRUNED, 1 FAIL)"
        );
        assert_eq!(finished_runs(Format::Tidy, &table), None);
    }
}
