//! lm-evaluation-harness files converted into text sweepmap's loaders open, through the
//! readers of [`crate::lm_eval`]:
//! - results JSON (one or several files) into sweepmap's JSON panel form ([`results_to_json`]):
//!   one panel, y = model, x = task, the metric per task the reader chooses, and each cell's
//!   reported standard error as the panel's `standard_errors`, which the JSON loader reads back
//!   into the same dataset (`load_json(to_json(d)) == d`), so every figure, uncertainty mark,
//!   link and export of the default package works on it;
//! - samples logs (`--log_samples`, one per model and task) into per-item scores as the
//!   pairwise package's JSON ([`samples_to_json`]), which `loadPairwise` reads back into the
//!   same scores; the logs do not name their model, so it is given or guessed from the file's
//!   name ([`guess_model`]) and the notes say which.
//!
//! Errors are the readers': they name the file, then the line and column or the field of the
//! original file.

use crate::error::Result;
use crate::lm_eval::{load_results, ResultsFile, ResultsOptions};

/// Results files converted: sweepmap's JSON of their one panel, and the notes a reader should
/// see (what was merged, tasks left out, cells missing).
#[derive(Debug, Clone, PartialEq)]
pub struct ConvertedResults {
    pub json: String,
    /// Per model, in the order of the y axis: its name, and whether it was named after its
    /// file (the file names no model).
    pub models: Vec<(String, bool)>,
    pub notes: Vec<String>,
}

/// Converts lm-evaluation-harness results files (one per model is the common case) into
/// sweepmap's JSON panel form: see the module documentation.
pub fn results_to_json(
    files: &[ResultsFile<'_>],
    options: &ResultsOptions,
) -> Result<ConvertedResults> {
    let loaded = load_results(files, options)?;
    let mut models = Vec::with_capacity(loaded.models.len());
    for (model, source, _) in &loaded.models {
        models.push((
            model.clone(),
            *source == crate::lm_eval::ModelSource::FileName,
        ));
    }
    Ok(ConvertedResults {
        json: crate::to_json(&loaded.dataset),
        models,
        notes: loaded.notes,
    })
}

/// Samples logs converted: the per-item scores' JSON (the pairwise package's `loadPairwise`
/// reads it), the model each file was read as, and the notes to show.
#[derive(Debug, Clone, PartialEq)]
pub struct ConvertedSamples {
    pub json: String,
    /// Per file, in the order given: its name, the model its scores are under, and whether
    /// that model was guessed from the file's name (the logs do not name their model).
    pub models: Vec<(String, String, bool)>,
    pub notes: Vec<String>,
}

/// The model a samples log is guessed to score, from its name (its path when the folder is
/// known): the folder the harness wrote it into (`<output>/<model>/samples_...`), else the text
/// before `samples_` in the file's name (`model-a__samples_piqa_...jsonl`), else the run's date
/// at the end of the name (one harness run, usually one model), else the name without its
/// extension. The harness writes a model's `/` as `__` in folder names: it is put back.
pub fn guess_model(name: &str) -> String {
    let mut parts = name.rsplit(['/', '\\']);
    let file = parts.next().unwrap_or(name);
    let folder = parts.next().filter(|folder| !folder.trim().is_empty());
    let stem = file.strip_suffix(".jsonl").unwrap_or(file);
    let prefix = stem
        .rsplit_once("samples_")
        .map(|(prefix, _)| prefix.trim_end_matches('_'))
        .filter(|prefix| !prefix.is_empty());
    let guessed = match (folder, prefix) {
        (Some(folder), _) => folder,
        (None, Some(prefix)) => prefix,
        (None, None) => match stem.rsplit_once('_') {
            Some((_, date)) if date.starts_with(|c: char| c.is_ascii_digit()) => date,
            _ => stem,
        },
    };
    guessed.replace("__", "/")
}

/// Converts lm-evaluation-harness samples logs (`(name, model, text)`: a model of `None` is
/// guessed from the name, [`guess_model`]) into per-item scores as the pairwise package's JSON:
/// items by `doc_id` in a group per task, as [`crate::lm_eval::load_samples`] reads them. Two
/// files of one task whose guessed models are the same get ` (2)`, ` (3)` after the later
/// ones' models, in the order given. The notes say what was guessed and how to name a model.
/// Logs of one model alone are refused (the pairwise view compares two or more), saying so.
pub fn samples_to_json(
    files: &[(&str, Option<&str>, &str)],
    options: &crate::lm_eval::SamplesOptions,
) -> Result<ConvertedSamples> {
    use crate::lm_eval::{load_samples, task_of_file, SamplesFile};
    let mut models: Vec<(String, String, bool)> = Vec::with_capacity(files.len());
    for (name, model, _) in files {
        let (mut model, guessed) = match model {
            Some(model) => (model.to_string(), false),
            None => (guess_model(name), true),
        };
        if guessed {
            let task = task_of_file(name);
            let taken = |candidate: &str| {
                models
                    .iter()
                    .zip(files)
                    .any(|((_, known, _), (other, _, _))| {
                        known == candidate && task_of_file(other) == task
                    })
            };
            let base = model.clone();
            let mut count = 1;
            while taken(&model) {
                count += 1;
                model = format!("{base} ({count})");
            }
        }
        models.push((name.to_string(), model, guessed));
    }
    let mut notes = Vec::new();
    if !options.rename.is_empty() {
        let mut named: Vec<String> = Vec::new();
        for (_, model, _) in &models {
            if !named.contains(model) {
                named.push(model.clone());
            }
        }
        let (renamed, left_out) = super::rename_models(&named, &options.rename)?;
        for (_, model, guessed) in &mut models {
            if let Some(index) = named.iter().position(|name| name == model) {
                if let Some(new) = renamed.get(index).filter(|new| *new != model) {
                    *model = new.clone();
                    *guessed = false;
                }
            }
        }
        notes.extend(left_out);
    }
    let mut samples = Vec::with_capacity(files.len());
    for ((name, _, text), (_, model, _)) in files.iter().zip(&models) {
        samples.push(SamplesFile { model, name, text });
    }
    let dataset = load_samples(&samples, options)?;
    // Each model guessed, once: with its file, or how many files it is guessed for.
    let mut guessed: Vec<(&str, &str, usize)> = Vec::new();
    for (name, model, was_guessed) in &models {
        if !was_guessed {
            continue;
        }
        match guessed.iter_mut().find(|(known, _, _)| known == model) {
            Some((_, _, count)) => *count += 1,
            None => guessed.push((model, name.rsplit(['/', '\\']).next().unwrap_or(name), 1)),
        }
    }
    if !guessed.is_empty() {
        let mut said = Vec::with_capacity(guessed.len());
        for (model, file, count) in &guessed {
            let from = if *count == 1 {
                format!("from \"{}\"", crate::error::excerpt(file))
            } else {
                format!("{count} files")
            };
            said.push(format!("\"{}\" ({from})", crate::error::excerpt(model)));
        }
        notes.push(format!(
            "The samples logs do not name their models; guessed from the file names: {}. To \
             name a model, put it before \"samples_\" in the file's name \
             (model-a__samples_<task>_<date>.jsonl) and open the files again.",
            said.join(", ")
        ));
    }
    if let [only] = dataset.models() {
        // The pairwise view compares models: one alone has nothing to be drawn against.
        let how = match models
            .iter()
            .find(|(_, model, guessed)| model == only && *guessed)
        {
            Some((name, _, _)) => format!(
                ", guessed from \"{}\"",
                crate::error::excerpt(name.rsplit(['/', '\\']).next().unwrap_or(name))
            ),
            None => String::new(),
        };
        return Err(crate::Error::InvalidField {
            field: "files".to_string(),
            expected: format!(
                "the samples logs of two or more models, to compare them item by item, found \
                 one model (\"{}\"{how}); pick the logs of the other models together with it",
                crate::error::excerpt(only)
            ),
        });
    }
    Ok(ConvertedSamples {
        json: pairwise_json(&dataset),
        models,
        notes,
    })
}

/// Per-item scores as the pairwise JSON form writes them (README "Pairwise comparisons"): every
/// model of every item, `null` where it has no score, numbers with their shortest digits, so
/// that `load_pairwise_json` reads back the same dataset.
fn pairwise_json(dataset: &crate::pairwise::PairwiseDataset) -> String {
    let string = |text: &str| serde_json::to_string(text).unwrap_or_else(|_| "\"\"".into());
    let mut json = String::from("{\n  \"score\": {\"name\": ");
    json.push_str(&string(dataset.score_name()));
    json.push('}');
    if let Some(group) = dataset.group_name() {
        json.push_str(",\n  \"group\": {\"name\": ");
        json.push_str(&string(group));
        json.push('}');
    }
    json.push_str(",\n  \"items\": [");
    let mut columns = Vec::with_capacity(dataset.models().len());
    for model in dataset.models() {
        columns.push(dataset.scores(model).unwrap_or_default());
    }
    for (index, item) in dataset.items().iter().enumerate() {
        json.push_str(if index == 0 { "\n    {" } else { ",\n    {" });
        json.push_str("\"item\": ");
        json.push_str(&string(&item.name));
        if let Some(group) = &item.group {
            json.push_str(", \"group\": ");
            json.push_str(&string(group));
        }
        json.push_str(", \"scores\": {");
        for (k, (model, scores)) in dataset.models().iter().zip(&columns).enumerate() {
            if k > 0 {
                json.push_str(", ");
            }
            json.push_str(&string(model));
            json.push_str(": ");
            match scores.get(index).copied().flatten() {
                Some(score) => json.push_str(&crate::float_text::shortest(score)),
                None => json.push_str("null"),
            }
        }
        json.push_str("}}");
    }
    json.push_str("\n  ]\n}\n");
    json
}
