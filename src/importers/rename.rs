//! Renaming the models an importer named: an lm-evaluation-harness file that names no model is
//! named after its file (results) or its file's name or folder (samples logs), a guess the
//! reader may need to correct. A rename is a list of `(old, new)` pairs, applied to every model
//! at once (so `a -> b` with `b -> a` swaps two names). Refused, naming the models: an empty new
//! name, one model given two new names, and two models that would share a name (a rename to a
//! name another model keeps). A pair whose old name names no model is left out and said, so
//! that a rename kept in a link never stops the files from opening.

use crate::error::{excerpt, Error, Result};

/// The models' names after `rename` (in the order of `models`, which are distinct), and the
/// notes about pairs left out (their old name names no model).
pub fn rename_models(
    models: &[String],
    rename: &[(String, String)],
) -> Result<(Vec<String>, Vec<String>)> {
    let invalid = |expected: String| Error::InvalidField {
        field: "rename".to_string(),
        expected,
    };
    let mut notes = Vec::new();
    let mut renamed: Vec<String> = models.to_vec();
    let mut seen: Vec<(&str, &str)> = Vec::new();
    for (old, new) in rename {
        let new = new.trim();
        if new.is_empty() {
            return Err(invalid(format!(
                "a new name for model \"{}\", found an empty name",
                excerpt(old)
            )));
        }
        if let Some((_, earlier)) = seen.iter().find(|(known, _)| known == old) {
            if *earlier != new {
                return Err(invalid(format!(
                    "one new name for model \"{}\", found two (\"{}\" and \"{}\")",
                    excerpt(old),
                    excerpt(earlier),
                    excerpt(new)
                )));
            }
            continue;
        }
        seen.push((old, new));
        match models.iter().position(|model| model == old) {
            Some(index) => {
                if let Some(slot) = renamed.get_mut(index) {
                    *slot = new.to_string();
                }
            }
            None => notes.push(format!(
                "No model is named \"{}\" (the models: {}); its rename to \"{}\" was left out.",
                excerpt(old),
                quoted_list(models),
                excerpt(new)
            )),
        }
    }
    for (index, (name, first)) in renamed.iter().zip(models).enumerate() {
        let later = renamed.iter().zip(models).skip(index + 1);
        if let Some((_, second)) = later.into_iter().find(|(other, _)| *other == name) {
            return Err(invalid(format!(
                "a name no other model has, found \"{}\" for both model \"{}\" and model \"{}\"; \
                 pick another name",
                excerpt(name),
                excerpt(first),
                excerpt(second)
            )));
        }
    }
    Ok((renamed, notes))
}

/// Names quoted and joined by commas, each cut as messages cut names.
fn quoted_list(names: &[String]) -> String {
    let quoted: Vec<String> = names
        .iter()
        .map(|name| format!("\"{}\"", excerpt(name)))
        .collect();
    quoted.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|name| name.to_string()).collect()
    }

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(old, new)| (old.to_string(), new.to_string()))
            .collect()
    }

    #[test]
    fn renames_apply_at_once_and_keep_commas() {
        let models = names(&["results.json", "model-b", "model-c"]);
        let (renamed, notes) = rename_models(
            &models,
            &pairs(&[
                ("results.json", " org/model-a, 7B "),
                ("model-c", "model-c"),
            ]),
        )
        .unwrap();
        assert_eq!(renamed, ["org/model-a, 7B", "model-b", "model-c"]);
        assert!(notes.is_empty());
        // A swap is two renames at once, not a clash.
        let (swapped, _) = rename_models(
            &models,
            &pairs(&[("model-b", "model-c"), ("model-c", "model-b")]),
        )
        .unwrap();
        assert_eq!(swapped, ["results.json", "model-c", "model-b"]);
    }

    #[test]
    fn bad_renames_are_refused_naming_the_models() {
        let models = names(&["results.json", "model-b"]);
        let message = |rename: &[(&str, &str)]| {
            rename_models(&models, &pairs(rename))
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            message(&[("results.json", "model-b")]),
            "field \"rename\": expected a name no other model has, found \"model-b\" for both \
             model \"results.json\" and model \"model-b\"; pick another name"
        );
        assert_eq!(
            message(&[("results.json", "  ")]),
            "field \"rename\": expected a new name for model \"results.json\", found an empty name"
        );
        assert_eq!(
            message(&[("model-b", "x"), ("model-b", "y")]),
            "field \"rename\": expected one new name for model \"model-b\", found two (\"x\" \
             and \"y\")"
        );
    }

    #[test]
    fn a_rename_of_no_model_is_left_out_and_said() {
        let models = names(&["model-a", "model-b"]);
        let (renamed, notes) =
            rename_models(&models, &pairs(&[("gone", "x"), ("model-a", "a")])).unwrap();
        assert_eq!(renamed, ["a", "model-b"]);
        assert_eq!(
            notes,
            [
                "No model is named \"gone\" (the models: \"model-a\", \"model-b\"); its rename to \
              \"x\" was left out."
            ]
        );
    }
}
