//! lm-evaluation-harness results JSON, several files at once, into one models x tasks dataset.
//!
//! What is read from each file (everything else, `configs` included, is skipped):
//! - `results`: per task, its metrics as `"<metric>,<filter>": number` (0.4) or `"<metric>":
//!   number` (0.3), each with its standard error beside it as `"<metric>_stderr,<filter>"`
//!   (`"N/A"` or `null` when the harness had none); `alias` and blank keys are skipped;
//! - `groups` and `group_subtasks`: which tasks are groups (aggregates of their subtasks);
//! - `higher_is_better`: per task and metric name, the direction (guessed from the name when
//!   missing, as in 0.3 files);
//! - `n-samples`: per task, the items evaluated (`effective`, else `original`);
//! - the model: `model_name`, else `config.model_args` (the first of `peft`, `delta`,
//!   `pretrained`, `model`, `path`, `engine` there, as the harness itself names models), else
//!   the file's name.
//!
//! The dataset has one panel: y = model, x = task, in the order the files give them. The value
//! of a cell is one metric per task: the one asked for, else the metric name most tasks report
//! (its first filter), else the task's first metric; when tasks use different metrics the
//! dataset's metric name says which. One panel has one direction: tasks whose metric goes the
//! other way than most are left out, and said. Files of the same model merge when their tasks
//! differ; a task given twice for one model is an error naming both files.

use serde::de::{Deserializer, IgnoredAny, MapAccess, Visitor};
use serde::Deserialize;
use serde_json::Value;

use super::ordered::Ordered;
use super::{in_file, in_file_explained, key};
use crate::error::{excerpt, quoted_list, Error, Result};
use crate::model::build::{BenchmarkInfos, Builder, Names, Record};
use crate::model::parse_object;
use crate::{Dataset, Direction, Metric};

/// One results file: its name (shown in messages and used as the model name when the file
/// names none) and its text.
#[derive(Debug, Clone, Copy)]
pub struct ResultsFile<'a> {
    pub name: &'a str,
    pub text: &'a str,
}

/// What to draw from results files.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ResultsOptions {
    /// The metric to show for every task: a key as the harness writes it (`acc_norm,none`) or a
    /// metric name (`acc_norm`, then each task's first filter of it). `None`: see the module
    /// documentation.
    pub metric: Option<String>,
    /// Models renamed, `(old, new)` pairs applied to the names the files give or that were
    /// guessed from the files' names ([`crate::importers::rename_models`]).
    pub rename: Vec<(String, String)>,
}

/// Where a model's name came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModelSource {
    /// The file's `model_name`.
    ModelName,
    /// `config.model_args` (`pretrained=...`).
    ModelArgs,
    /// The file's name: the file names no model.
    FileName,
    /// The reader's new name for it ([`ResultsOptions::rename`]).
    Renamed,
}

/// One task (an x value of the dataset).
#[derive(Debug, Clone, PartialEq)]
pub struct Task {
    /// The task's name as the harness writes it (`hellaswag`, `mmlu_formal_logic`).
    pub name: String,
    /// The metric key whose values the cells show, e.g. `acc,none`.
    pub metric: String,
    /// Its direction: from `higher_is_better`, else guessed from the name.
    pub direction: Direction,
    /// Items evaluated (`n-samples`), from the first file that gives them.
    pub items: Option<u32>,
    /// For a group (e.g. `mmlu`), the subtasks it aggregates as `group_subtasks` lists them;
    /// `None` for a task that is not a group. The harness's group scores are usually means
    /// weighted by the subtasks' sizes, not the plain means a sweepmap reported aggregate is.
    pub aggregate_of: Option<Vec<String>>,
}

/// Results files loaded together.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadedResults {
    /// One panel: y = model, x = task, with each cell's reported standard error in the panel's
    /// `reported_errors`.
    pub dataset: Dataset,
    /// The tasks, in the order of the dataset's x axis.
    pub tasks: Vec<Task>,
    /// Each model (in the order of the y axis) with where its name came from and its files.
    pub models: Vec<(String, ModelSource, Vec<String>)>,
    /// What a reader should be told: what was merged, tasks left out, cells missing.
    pub notes: Vec<String>,
}

/// A metric's value and standard error in one file's task.
#[derive(Debug, Clone)]
struct Measured {
    /// The key as written: `acc,none`, or `acc` in a 0.3 file.
    key: String,
    value: Option<f64>,
    stderr: Option<f64>,
}

/// One task of one file.
struct FileTask {
    name: String,
    metrics: Vec<Measured>,
}

/// One file, read.
struct FileResults {
    file: String,
    model: String,
    source: ModelSource,
    tasks: Vec<FileTask>,
    raw: ResultsJson,
}

/// The parts of a results JSON sweepmap reads; the rest is skipped unread.
#[derive(Default)]
struct ResultsJson {
    results: Option<Ordered<Ordered<Value>>>,
    groups: Option<Value>,
    group_subtasks: Option<Value>,
    higher_is_better: Option<Value>,
    n_samples: Option<Value>,
    config: Option<Value>,
    model_name: Option<Value>,
}

impl<'de> Deserialize<'de> for ResultsJson {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> std::result::Result<Self, D::Error> {
        struct ResultsVisitor;

        impl<'de> Visitor<'de> for ResultsVisitor {
            type Value = ResultsJson;

            fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
                formatter.write_str("an lm-evaluation-harness results object")
            }

            fn visit_map<A: MapAccess<'de>>(
                self,
                mut map: A,
            ) -> std::result::Result<ResultsJson, A::Error> {
                let mut json = ResultsJson::default();
                while let Some(name) = map.next_key::<String>()? {
                    let slot = match name.as_str() {
                        "results" => {
                            json.results = Some(map.next_value()?);
                            continue;
                        }
                        "groups" => &mut json.groups,
                        "group_subtasks" => &mut json.group_subtasks,
                        "higher_is_better" => &mut json.higher_is_better,
                        "n-samples" => &mut json.n_samples,
                        "config" => &mut json.config,
                        "model_name" => &mut json.model_name,
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                            continue;
                        }
                    };
                    *slot = Some(map.next_value()?);
                }
                Ok(json)
            }
        }

        deserializer.deserialize_map(ResultsVisitor)
    }
}

/// A JSON value as a message quotes it: text in quotes, other kinds by name.
fn describe(value: &Value) -> String {
    match value {
        Value::String(text) => format!("\"{}\"", excerpt(text)),
        Value::Bool(flag) => flag.to_string(),
        Value::Array(_) => "an array".to_string(),
        Value::Object(_) => "an object".to_string(),
        Value::Number(number) => number.to_string(),
        Value::Null => "null".to_string(),
    }
}

/// The metric name and filter of a key: `acc,none` -> (`acc`, `none`); `acc` -> (`acc`, none).
fn split_key(key: &str) -> (&str, Option<&str>) {
    match key.split_once(',') {
        Some((name, filter)) => (name, Some(filter)),
        None => (key, None),
    }
}

/// The key of a metric's standard error: `acc,none` -> `acc_stderr,none`.
fn stderr_key(key: &str) -> String {
    match split_key(key) {
        (name, Some(filter)) => format!("{name}_stderr,{filter}"),
        (name, None) => format!("{name}_stderr"),
    }
}

/// A metric key as a figure names it: the filter left out when it is `none`.
fn shown_key(key: &str) -> &str {
    match split_key(key) {
        (name, None | Some("none")) => name,
        _ => key,
    }
}

/// Reads one task's metrics, in written order, each with its standard error.
fn read_task(task: &str, entries: &Ordered<Value>) -> Result<Vec<Measured>> {
    let field = |name: &str| format!("results{}{}", key(task), key(name));
    let mut metrics = Vec::new();
    for (name, value) in &entries.0 {
        let (metric, _) = split_key(name);
        if name == "alias" || metric.trim().is_empty() || metric.ends_with("_stderr") {
            continue;
        }
        let value = match value {
            Value::Null => None,
            Value::Number(number) => number.as_f64(),
            other => {
                return Err(Error::InvalidField {
                    field: field(name),
                    expected: format!("a number, found {}", describe(other)),
                })
            }
        };
        let stderr_name = stderr_key(name);
        let stderr = match entries.get(&stderr_name) {
            None | Some(Value::Null) => None,
            Some(Value::String(text)) if text.trim() == "N/A" => None,
            Some(Value::Number(number)) if number.as_f64().is_some_and(|se| se >= 0.0) => {
                number.as_f64()
            }
            Some(other) => {
                return Err(Error::InvalidField {
                    field: field(&stderr_name),
                    expected: format!(
                        "a standard error (a number of at least 0, or \"N/A\"), found {}",
                        describe(other)
                    ),
                })
            }
        };
        metrics.push(Measured {
            key: name.clone(),
            value,
            stderr,
        });
    }
    Ok(metrics)
}

/// The model a file names, as the harness names it, and where the name came from.
fn model_of(json: &ResultsJson) -> Option<(String, ModelSource)> {
    if let Some(Value::String(name)) = &json.model_name {
        if !name.trim().is_empty() {
            return Some((name.trim().to_string(), ModelSource::ModelName));
        }
    }
    const KEYS: [&str; 6] = ["peft", "delta", "pretrained", "model", "path", "engine"];
    let found = match json.config.as_ref()?.get("model_args")? {
        Value::String(args) => KEYS.iter().find_map(|wanted| {
            args.split(',').find_map(|pair| {
                let (key, value) = pair.split_once('=')?;
                (key.trim() == *wanted).then(|| value.trim().to_string())
            })
        }),
        Value::Object(args) => KEYS.iter().find_map(|wanted| {
            args.get(*wanted)?
                .as_str()
                .map(|name| name.trim().to_string())
        }),
        _ => None,
    };
    found
        .filter(|name| !name.is_empty())
        .map(|name| (name, ModelSource::ModelArgs))
}

fn read_file(file: &ResultsFile<'_>) -> Result<FileResults> {
    let raw: ResultsJson = parse_object(file.text)?;
    let Some(results) = &raw.results else {
        return Err(Error::InvalidField {
            field: "results".to_string(),
            expected: "the object of task results an lm-evaluation-harness results_*.json file \
                       has; this file has none"
                .to_string(),
        });
    };
    let tasks = results
        .0
        .iter()
        .map(|(name, entries)| {
            Ok(FileTask {
                name: name.clone(),
                metrics: read_task(name, entries)?,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    let (model, source) = model_of(&raw).unwrap_or_else(|| {
        let name = file.name.rsplit(['/', '\\']).next().unwrap_or(file.name);
        (name.to_string(), ModelSource::FileName)
    });
    Ok(FileResults {
        file: file.name.to_string(),
        model,
        source,
        tasks,
        raw,
    })
}

/// A direction from `higher_is_better`, else guessed: perplexities and bits per byte are lower
/// is better, and names sweepmap guesses for any metric.
fn direction_of(files: &[FileResults], task: &str, key: &str) -> Direction {
    let (name, _) = split_key(key);
    let given = files.iter().find_map(|file| {
        file.raw
            .higher_is_better
            .as_ref()?
            .get(task)?
            .get(name)?
            .as_bool()
    });
    match given {
        Some(true) => Direction::Higher,
        Some(false) => Direction::Lower,
        None if name.contains("perplexity") || name == "bits_per_byte" => Direction::Lower,
        None => Direction::guess_from_name(name),
    }
}

/// Items of a task from the first file that gives `n-samples` for it.
fn items_of(files: &[FileResults], task: &str) -> Option<u32> {
    files.iter().find_map(|file| {
        let counts = file.raw.n_samples.as_ref()?.get(task)?;
        let count = counts.get("effective").or_else(|| counts.get("original"))?;
        u32::try_from(count.as_u64()?).ok()
    })
}

/// The subtasks of a group, from the first file that lists a task as one.
fn subtasks_of(files: &[FileResults], task: &str) -> Option<Vec<String>> {
    files.iter().find_map(|file| {
        let listed = file
            .raw
            .group_subtasks
            .as_ref()
            .and_then(|groups| groups.get(task)?.as_array())
            .map(|list| {
                list.iter()
                    .filter_map(|name| name.as_str().map(str::to_string))
                    .collect::<Vec<_>>()
            })
            .filter(|list| !list.is_empty());
        let grouped = file
            .raw
            .groups
            .as_ref()
            .is_some_and(|groups| groups.get(task).is_some());
        match listed {
            Some(list) => Some(list),
            None if grouped => Some(Vec::new()),
            None => None,
        }
    })
}

/// The metric key each task shows (`None`: the task has none of it), by the rule of the module
/// documentation.
fn choose_metrics(
    order: &[String],
    keys: &[Vec<String>],
    wanted: Option<&str>,
) -> Result<Vec<Option<String>>> {
    let first_of = |keys: &[String], name: &str| {
        keys.iter()
            .find(|key| key.as_str() == name)
            .or_else(|| keys.iter().find(|key| split_key(key).0 == name))
            .cloned()
    };
    if let Some(wanted) = wanted {
        let chosen: Vec<Option<String>> = keys.iter().map(|keys| first_of(keys, wanted)).collect();
        if chosen.iter().all(Option::is_none) {
            let mut known: Vec<String> = Vec::new();
            for key in keys.iter().flatten() {
                if !known.contains(key) {
                    known.push(key.clone());
                }
            }
            return Err(Error::Unknown {
                what: "metric",
                name: wanted.to_string(),
                known,
            });
        }
        return Ok(chosen);
    }
    // The metric name most tasks report; the first seen among equals.
    let mut names: Vec<(&str, usize)> = Vec::new();
    for task_keys in keys {
        let mut seen: Vec<&str> = Vec::new();
        for key in task_keys {
            let name = split_key(key).0;
            if seen.contains(&name) {
                continue;
            }
            seen.push(name);
            match names.iter_mut().find(|(known, _)| *known == name) {
                Some((_, count)) => *count += 1,
                None => names.push((name, 1)),
            }
        }
    }
    let most = names.iter().map(|(_, count)| *count).max().unwrap_or(0);
    let common = names
        .iter()
        .find(|(_, count)| *count == most)
        .map(|(name, _)| *name);
    debug_assert_eq!(order.len(), keys.len());
    Ok(keys
        .iter()
        .map(|task_keys| {
            common
                .and_then(|name| first_of(task_keys, name))
                .or_else(|| task_keys.first().cloned())
        })
        .collect())
}

/// "acc (acc_norm on "hellaswag", "arc_challenge")": the metric most tasks show, and the others
/// with their tasks.
fn metric_name(tasks: &[Task]) -> String {
    let mut keys: Vec<(&str, Vec<String>)> = Vec::new();
    for task in tasks {
        match keys.iter_mut().find(|(key, _)| *key == task.metric) {
            Some((_, names)) => names.push(task.name.clone()),
            None => keys.push((&task.metric, vec![task.name.clone()])),
        }
    }
    let most = keys.iter().map(|(_, names)| names.len()).max().unwrap_or(0);
    let Some(main) = keys.iter().position(|(_, names)| names.len() == most) else {
        return String::new();
    };
    let main_key = keys.get(main).map_or("", |(key, _)| key);
    let others: Vec<String> = keys
        .iter()
        .enumerate()
        .filter(|(index, _)| *index != main)
        .map(|(_, (key, names))| format!("{} on {}", shown_key(key), quoted_list(names)))
        .collect();
    if others.is_empty() {
        shown_key(main_key).to_string()
    } else {
        format!("{} ({})", shown_key(main_key), others.join("; "))
    }
}

/// Loads several results files (one per model is the common case) into one dataset of models x
/// tasks. Never panics; an error names the file, then the line and column or the field.
pub fn load_results(files: &[ResultsFile<'_>], options: &ResultsOptions) -> Result<LoadedResults> {
    if files.is_empty() {
        return Err(Error::InvalidField {
            field: "files".to_string(),
            expected: "at least one lm-evaluation-harness results file".to_string(),
        });
    }
    let mut read: Vec<FileResults> = files
        .iter()
        .map(|file| read_file(file).map_err(|error| in_file_explained(file.name, file.text, error)))
        .collect::<Result<_>>()?;
    let mut notes = Vec::new();
    if !options.rename.is_empty() {
        let mut named: Vec<String> = Vec::new();
        for file in &read {
            if !named.contains(&file.model) {
                named.push(file.model.clone());
            }
        }
        let (renamed, left_out) = crate::importers::rename_models(&named, &options.rename)?;
        for file in &mut read {
            if let Some(index) = named.iter().position(|name| *name == file.model) {
                if let Some(new) = renamed.get(index).filter(|new| **new != file.model) {
                    file.model = new.clone();
                    file.source = ModelSource::Renamed;
                }
            }
        }
        notes.extend(left_out);
    }

    // Tasks in first-seen order with every metric key any file gives them; models likewise,
    // with the files that name them; and which file gave each (model, task).
    let mut task_order: Vec<String> = Vec::new();
    let mut task_keys: Vec<Vec<String>> = Vec::new();
    let mut models: Vec<(String, ModelSource, Vec<String>)> = Vec::new();
    let mut given: Vec<(usize, usize, usize)> = Vec::new(); // (model, task, file)
    for (file_index, file) in read.iter().enumerate() {
        let model = match models.iter().position(|(name, _, _)| *name == file.model) {
            Some(index) => index,
            None => {
                models.push((file.model.clone(), file.source, Vec::new()));
                models.len() - 1
            }
        };
        if let Some((_, _, files)) = models.get_mut(model) {
            files.push(file.file.clone());
        }
        for task in &file.tasks {
            let index = match task_order.iter().position(|name| *name == task.name) {
                Some(index) => index,
                None => {
                    task_order.push(task.name.clone());
                    task_keys.push(Vec::new());
                    task_order.len() - 1
                }
            };
            if let Some(&(_, _, earlier)) =
                given.iter().find(|(m, t, _)| *m == model && *t == index)
            {
                let earlier = read.get(earlier).map_or("", |file| file.file.as_str());
                return Err(in_file(
                    &file.file,
                    Error::InvalidField {
                        field: format!("results{}", key(&task.name)),
                        expected: format!(
                            "a task model \"{}\" has no result for yet, but \"{}\" gives one; \
                             leave one of the two files out",
                            excerpt(&file.model),
                            excerpt(earlier)
                        ),
                    },
                ));
            }
            given.push((model, index, file_index));
            if let Some(keys) = task_keys.get_mut(index) {
                for metric in &task.metrics {
                    if !keys.contains(&metric.key) {
                        keys.push(metric.key.clone());
                    }
                }
            }
        }
    }
    for (model, source, files) in &models {
        if *source == ModelSource::FileName {
            notes.push(format!(
                "model \"{}\" is named after its file: the file names no model (no model_name, \
                 no model_args); check it, and rename it if it is not the model's name",
                excerpt(model)
            ));
        }
        if files.len() > 1 {
            notes.push(format!(
                "model \"{}\": results of {} files merged ({}), since their tasks differ",
                excerpt(model),
                files.len(),
                quoted_list(files)
            ));
        }
    }

    let chosen = choose_metrics(&task_order, &task_keys, options.metric.as_deref())?;
    let mut tasks: Vec<Task> = Vec::new();
    for ((name, keys), metric) in task_order.iter().zip(&task_keys).zip(chosen) {
        match metric {
            Some(metric) => tasks.push(Task {
                direction: direction_of(&read, name, &metric),
                name: name.clone(),
                metric,
                items: items_of(&read, name),
                aggregate_of: subtasks_of(&read, name),
            }),
            None if keys.is_empty() => notes.push(format!(
                "task \"{}\" reports no metric (a group without a score of its own): left out",
                excerpt(name)
            )),
            None => notes.push(format!(
                "task \"{}\" has no \"{}\" (it has {}): left out",
                excerpt(name),
                excerpt(options.metric.as_deref().unwrap_or_default()),
                quoted_list(keys)
            )),
        }
    }
    // One panel, one direction: most tasks' (the first task's among equals).
    let higher = tasks
        .iter()
        .filter(|task| task.direction == Direction::Higher)
        .count();
    let direction = match tasks.first() {
        _ if 2 * higher > tasks.len() => Direction::Higher,
        _ if 2 * higher < tasks.len() => Direction::Lower,
        Some(first) => first.direction,
        None => Direction::Higher,
    };
    tasks.retain(|task| {
        let keep = task.direction == direction;
        if !keep {
            notes.push(format!(
                "task \"{}\" left out: its metric {} is {} is better, the other tasks' {}; \
                 choose that metric to see it",
                excerpt(&task.name),
                excerpt(&task.metric),
                task.direction.as_str(),
                direction.as_str()
            ));
        }
        keep
    });
    if tasks.is_empty() {
        return Err(in_file(
            files.first().map_or("", |file| file.name),
            Error::InvalidField {
                field: "results".to_string(),
                expected: "at least one task with a metric".to_string(),
            },
        ));
    }

    let mut builder = Builder::default();
    let mut errors: Vec<(usize, usize, f64)> = Vec::new(); // (model, task, stderr)
    for (task_index, task) in tasks.iter().enumerate() {
        for (model_index, (model, _, _)) in models.iter().enumerate() {
            let found = read
                .iter()
                .filter(|file| file.model == *model)
                .find_map(|file| file.tasks.iter().find(|t| t.name == task.name));
            let Some(file_task) = found else {
                notes.push(format!(
                    "model \"{}\" has no result on task \"{}\": a missing cell",
                    excerpt(model),
                    excerpt(&task.name)
                ));
                continue;
            };
            let measured = file_task.metrics.iter().find(|m| m.key == task.metric);
            let value = measured.and_then(|m| m.value);
            if value.is_none() {
                notes.push(format!(
                    "model \"{}\" has no {} on task \"{}\": a missing cell",
                    excerpt(model),
                    excerpt(&task.metric),
                    excerpt(&task.name)
                ));
            }
            if let Some(stderr) = measured.and_then(|m| m.stderr) {
                errors.push((model_index, task_index, stderr));
            }
            builder.add(Record {
                model: "",
                benchmark: "",
                x: &task.name,
                y: model,
                replicate: None,
                value,
                line: 0,
            });
        }
    }
    let names = Names {
        metric: Metric {
            name: metric_name(&tasks),
            direction,
            unit: None,
        },
        x: "task".to_string(),
        y: "model".to_string(),
        model: None,
        benchmark: None,
        replicate: None,
    };
    let file_names: Vec<String> = files.iter().map(|file| file.name.to_string()).collect();
    let source = format!(
        "lm-evaluation-harness results: {}",
        quoted_list(&file_names)
    );
    let mut dataset = builder.build(names, None, Some(source), &BenchmarkInfos::default())?;
    if files.len() > 1 {
        notes.insert(
            0,
            format!(
                "{} results files merged: {} models x {} tasks",
                files.len(),
                dataset.y.len(),
                dataset.x.len()
            ),
        );
    }
    let columns = dataset.x.len();
    let (x_axis, y_axis) = (dataset.x.clone(), dataset.y.clone());
    if let Some(panel) = dataset.panels.first_mut() {
        let mut reported = vec![None; panel.grid.cells().len()];
        for (model, task, stderr) in errors {
            let x = tasks.get(task).and_then(|task| x_axis.position(&task.name));
            let y = models
                .get(model)
                .and_then(|(name, _, _)| y_axis.position(name));
            if let (Some(x), Some(y)) = (x, y) {
                if let Some(slot) = reported.get_mut(y * columns + x) {
                    *slot = Some(stderr);
                }
            }
        }
        if reported.iter().any(Option::is_some) {
            panel.reported_errors = reported;
        }
    }
    // Tasks and models in axis order.
    let tasks = x_axis
        .labels
        .iter()
        .filter_map(|label| tasks.iter().find(|task| task.name == *label).cloned())
        .collect();
    let models = y_axis
        .labels
        .iter()
        .filter_map(|label| models.iter().find(|(name, _, _)| name == label).cloned())
        .collect();
    Ok(LoadedResults {
        dataset,
        tasks,
        models,
        notes,
    })
}
