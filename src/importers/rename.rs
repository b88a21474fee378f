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

/// Reads a rename written as one text, as `<sweep-map rename="...">` takes it: `old=new` pairs
/// separated by commas, written as links write lists of names (`\,` for a comma inside a name,
/// `\=` for an equals sign, `\\` for a backslash); blank pairs are skipped and names trimmed.
/// A pair without exactly one unescaped `=`, or with no old name, is refused quoting it.
pub fn parse_renames(text: &str) -> Result<Vec<(String, String)>> {
    let mut pairs = Vec::new();
    // Each pair's names as read, and the text as written (for the message).
    let mut names = vec![String::new()];
    let mut written = String::new();
    let mut chars = text.chars().peekable();
    loop {
        let c = chars.next();
        match c {
            Some('\\') if chars.peek().is_some() => {
                written.push('\\');
                if let Some(escaped) = chars.next() {
                    written.push(escaped);
                    if let Some(name) = names.last_mut() {
                        name.push(escaped);
                    }
                }
            }
            Some('=') => {
                written.push('=');
                names.push(String::new());
            }
            Some(',') | None => {
                if !written.trim().is_empty() {
                    let pair = match names.as_slice() {
                        [old, new] if !old.trim().is_empty() => {
                            (old.trim().to_string(), new.trim().to_string())
                        }
                        _ => {
                            return Err(Error::InvalidField {
                                field: "rename".to_string(),
                                expected: format!(
                                    "old=new pairs separated by commas (\\, for a comma and \\= \
                                     for an equals sign inside a name), found \"{}\"",
                                    excerpt(written.trim())
                                ),
                            })
                        }
                    };
                    pairs.push(pair);
                }
                if c.is_none() {
                    return Ok(pairs);
                }
                names = vec![String::new()];
                written.clear();
            }
            Some(other) => {
                written.push(other);
                if let Some(name) = names.last_mut() {
                    name.push(other);
                }
            }
        }
    }
}

/// The note for a rename given with data no importer converted (a CSV, sweepmap's JSON): their
/// models are named in the file, so the rename was left out.
pub fn rename_left_out(rename: &str) -> String {
    format!(
        "The rename \"{}\" was left out: only the models of lm-evaluation-harness files are \
         renamed; these data name their models themselves (edit the file to rename one).",
        excerpt(rename.trim())
    )
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
    fn a_rename_written_as_one_text_reads_as_links_write_names() {
        let read = |text: &str| parse_renames(text).unwrap();
        assert_eq!(
            read(" results.json = org/model-a , model-b=b "),
            pairs(&[("results.json", "org/model-a"), ("model-b", "b")])
        );
        // Escaped commas, equals signs and backslashes belong to the names.
        assert_eq!(
            read(r"a\,b=c\=d,e\\f=g"),
            pairs(&[("a,b", "c=d"), (r"e\f", "g")])
        );
        // Blank pairs are skipped; an empty new name is kept, for rename_models to refuse.
        assert_eq!(read(",a=,  ,"), pairs(&[("a", "")]));
        assert_eq!(read(""), pairs(&[]));
        let message = |text: &str| parse_renames(text).unwrap_err().to_string();
        assert_eq!(
            message("a=b,c"),
            "field \"rename\": expected old=new pairs separated by commas (\\, for a comma and \\= \
             for an equals sign inside a name), found \"c\""
        );
        assert_eq!(
            message("a=b=c"),
            "field \"rename\": expected old=new pairs separated by commas (\\, for a comma and \\= \
             for an equals sign inside a name), found \"a=b=c\""
        );
        assert!(message(" = x").ends_with("found \"= x\""));
    }

    #[test]
    fn a_rename_of_other_data_is_left_out_and_said() {
        assert_eq!(
            rename_left_out(" a=b "),
            "The rename \"a=b\" was left out: only the models of lm-evaluation-harness files \
             are renamed; these data name their models themselves (edit the file to rename one)."
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
