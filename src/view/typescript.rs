//! What the view settings' declarations give the JavaScript surface, generated from them: the
//! TypeScript declarations of the option objects (`FigureOptions`, `PairwiseFigureOptions`,
//! `ComparePairOptions`), and `<sweep-map>`'s attribute lists and their properties' types.
//!
//! A native test (like the result types', `src/typescript.rs`) writes each file from the
//! settings (option name, type, words, doc text, attribute, and the default of each view's
//! state) and compares it with the file checked in; when a setting changes, it fails and says
//! how to write the files again:
//!
//! ```sh
//! SWEEPMAP_WRITE_TYPES=1 cargo test --lib typescript
//! ```
//!
//! - `src/wasm/options.d.ts`: handed to wasm-bindgen by `src/wasm/mod.rs`, so it lands in each
//!   package's `sweepmap.d.ts` (`.ci/types.mjs` checks that it does, as it is);
//! - `www/lib/view-attributes.js`: the element's view attributes, which of them are flags
//!   (with what an absent one means) and which are numbers, imported by `www/lib/element.js`;
//! - `www/lib/view-attributes.d.ts`: that module's declarations, and the properties that
//!   reflect the attributes, which `www/lib/element.d.ts` gives `SweepMapElement`;
//! - `www/index.html`: the options of the explorer's lists (each word setting's words with the
//!   labels declared beside them, the bins, decimals and levels offered), written between each
//!   list's `<select>` and `</select>` lines so that they show before the wasm loads;
//! - `python/src/sweepmap/_settings.py`: the settings as Python's `Figure` and `save_html` take
//!   them (keyword, option, type, words, doc text, link key, and the values a link holds).
//!
//! Nothing here reaches the wasm: the module is compiled for tests only, and the doc text it
//! reads is kept in native builds only ([`Doc`](super::Doc)).

use super::setting::{LinkForm, OptionSet, OptionValue, Setting, ValueKind};
use super::settings::{self, COMPARISON, PAIRWISE, SWEEP};
use super::{PairwiseView, SweepView, ViewFields};

/// The header of every generated file (a `//` comment in both languages).
const HEADER: &str = "// Generated from the view settings (src/view/) by src/view/typescript.rs: do not edit.\n\
                      // Written again with `SWEEPMAP_WRITE_TYPES=1 cargo test --lib typescript`.\n";

/// The longest line the doc comments are wrapped to.
const LINE_WIDTH: usize = 100;

/// One option object's declaration: its interface name and doc comment, its settings, and the
/// view state whose defaults it states.
struct Interface {
    name: &'static str,
    doc: String,
    set: OptionSet,
    default: fn(&Setting) -> Option<OptionValue>,
}

fn sweep_default(setting: &Setting) -> Option<OptionValue> {
    SweepView::default().get(setting)
}

fn pairwise_default(setting: &Setting) -> Option<OptionValue> {
    PairwiseView::default().get(setting)
}

/// What the doc comment of a figure's options says of `update` and of `setter`.
fn partial(setter: &str) -> String {
    format!(
        "every field is optional. In `update` and `{setter}`, a field left out (or `undefined`) \
         keeps its current value and `null` resets it to its default."
    )
}

/// The option objects, in the order the file declares them.
fn interfaces() -> [Interface; 3] {
    [
        Interface {
            name: "FigureOptions",
            doc: format!(
                "Options of a sweep figure (`SweepFigure`); {}",
                partial("setDataset")
            ),
            set: SWEEP,
            default: sweep_default,
        },
        Interface {
            name: "PairwiseFigureOptions",
            doc: format!(
                "Options of a pairwise figure (`SweepPairwiseFigure`); {}",
                partial("setData")
            ),
            set: PAIRWISE,
            default: pairwise_default,
        },
        Interface {
            name: "ComparePairOptions",
            doc: "Options of `SweepPairwise.comparePair`; every field is optional.".into(),
            set: COMPARISON,
            default: pairwise_default,
        },
    ]
}

/// The TypeScript type of a setting's value (without `null`): a word setting's generated word
/// type (the one with its words, else their union), the type its doc names, or its kind's type.
fn value_type(setting: &Setting) -> String {
    match setting.kind {
        ValueKind::Flag => "boolean".into(),
        ValueKind::Number => "number".into(),
        ValueKind::TextList => "string[]".into(),
        ValueKind::Text => {
            if let Some(name) = setting.doc.type_name() {
                return name.into();
            }
            let LinkForm::Word { words, .. } = setting.link_form else {
                return "string".into();
            };
            let words = words();
            crate::typescript::word_types()
                .into_iter()
                .find(|(_, declared)| *declared == words)
                .map_or_else(
                    || {
                        let quoted: Vec<String> =
                            words.iter().map(|word| format!("{word:?}")).collect();
                        quoted.join(" | ")
                    },
                    |(name, _)| name.to_string(),
                )
        }
    }
}

/// A default as JavaScript writes it; `None` for `null` (the doc text says what it means).
fn literal(value: &OptionValue) -> Option<String> {
    match value {
        OptionValue::Text(text) => Some(format!("{text:?}")),
        OptionValue::Flag(flag) => Some(flag.to_string()),
        OptionValue::Number(number) => Some(crate::link::js_number(*number)),
        OptionValue::Null | OptionValue::TextList(_) | OptionValue::Other(_) => None,
    }
}

/// A doc comment at `indent` spaces: on one line when it fits, else wrapped.
fn doc_comment(text: &str, indent: usize) -> String {
    let pad = " ".repeat(indent);
    let one_line = format!("{pad}/** {text} */\n");
    if one_line.len() <= LINE_WIDTH + 1 {
        return one_line;
    }
    let mut comment = format!("{pad}/**\n");
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && pad.len() + 3 + line.len() + 1 + word.len() > LINE_WIDTH {
            comment.push_str(&format!("{pad} * {line}\n"));
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        comment.push_str(&format!("{pad} * {line}\n"));
    }
    comment.push_str(&format!("{pad} */\n"));
    comment
}

/// `src/wasm/options.d.ts`: the option objects' interfaces.
fn options_declarations() -> String {
    let mut text = String::from(HEADER);
    for interface in interfaces() {
        text.push('\n');
        text.push_str(&doc_comment(&interface.doc, 0));
        text.push_str(&format!("export interface {} {{\n", interface.name));
        for setting in interface.set.settings {
            let mut doc = setting.doc.text().to_string();
            if let Some(default) = (interface.default)(setting).as_ref().and_then(literal) {
                doc.push_str(&format!(" Default {default}."));
            }
            text.push_str(&doc_comment(&doc, 2));
            text.push_str(&format!(
                "  {}?: {} | null;\n",
                setting.option,
                value_type(setting)
            ));
        }
        text.push_str("}\n");
    }
    text
}

/// The settings with an attribute, in the order links write them, each with its attribute.
fn attributed() -> Vec<(&'static Setting, &'static str)> {
    settings::all()
        .into_iter()
        .filter_map(|setting| setting.attribute.map(|attribute| (setting, attribute)))
        .collect()
}

/// What an absent flag attribute means: the default of the view that has the setting (a
/// setting of both views has the same default in each: a test says so).
fn flag_default(setting: &Setting) -> bool {
    let default = sweep_default(setting).or_else(|| pairwise_default(setting));
    matches!(default, Some(OptionValue::Flag(true)))
}

/// A JavaScript list of strings, one a line.
fn string_list(names: &[&str]) -> String {
    let mut text = String::from("[\n");
    for name in names {
        text.push_str(&format!("  {name:?},\n"));
    }
    text.push(']');
    text
}

/// `www/lib/view-attributes.js`: the element's view attributes.
fn attributes_module() -> String {
    let attributed = attributed();
    let of_kind = |kind: ValueKind| -> Vec<&str> {
        attributed
            .iter()
            .filter(|(setting, _)| setting.kind == kind)
            .map(|(_, attribute)| *attribute)
            .collect()
    };
    let all: Vec<&str> = attributed.iter().map(|(_, attribute)| *attribute).collect();
    let mut flags = String::from("[\n");
    for (setting, attribute) in attributed.iter().filter(|(s, _)| s.kind == ValueKind::Flag) {
        flags.push_str(&format!("  [{attribute:?}, {}],\n", flag_default(setting)));
    }
    flags.push(']');
    format!(
        "{HEADER}\n\
         /**\n \
         * The attributes of <sweep-map> that shape the figure: each view setting's own attribute (the\n \
         * core reads its older spellings and its option name too: viewOptions in element.js), in the\n \
         * order links write the settings. Each is reflected as a property (model-b as modelB).\n \
         */\n\
         export const VIEW_ATTRIBUTES = {};\n\n\
         /** The attributes that are on or off (present, \"\", \"true\" or \"false\"), with what an absent one means. */\n\
         export const FLAG_ATTRIBUTES = new Map({flags});\n\n\
         /** The attributes that are numbers (absent, \"\" or a word such as \"auto\" for the default). */\n\
         export const NUMBER_ATTRIBUTES = new Set({});\n",
        string_list(&all),
        string_list(&of_kind(ValueKind::Number)),
    )
}

/// `www/lib/view-attributes.d.ts`: the module's declarations and the attributes' properties.
fn attributes_declarations() -> String {
    let mut properties = String::new();
    let mut imported: Vec<String> = Vec::new();
    for (setting, attribute) in attributed() {
        let property = camel_case(attribute);
        let (value, doc) = match setting.kind {
            ValueKind::Flag => ("boolean".to_string(), setting.doc.text().to_string()),
            ValueKind::TextList => (
                "string | null".to_string(),
                format!(
                    "{} Comma-separated (`\\,` for a comma inside a name).",
                    setting.doc.text()
                ),
            ),
            _ => {
                let value = value_type(setting);
                if value.chars().next().is_some_and(char::is_uppercase)
                    && !imported.contains(&value)
                {
                    imported.push(value.clone());
                }
                (format!("{value} | null"), setting.doc.text().to_string())
            }
        };
        properties.push_str(&doc_comment(&doc, 2));
        properties.push_str(&format!("  {property}: {value};\n"));
    }
    imported.sort();
    format!(
        "{HEADER}\n\
         import type {{ {} }} from \"../pkg/sweepmap.js\";\n\n\
         export declare const VIEW_ATTRIBUTES: string[];\n\
         export declare const FLAG_ATTRIBUTES: Map<string, boolean>;\n\
         export declare const NUMBER_ATTRIBUTES: Set<string>;\n\n\
         /** The properties of <sweep-map> that reflect its view attributes (model-b as modelB). */\n\
         export interface ViewAttributeProperties {{\n{properties}}}\n",
        imported.join(", "),
    )
}

/// "model-b" -> "modelB": the property that reflects an attribute.
fn camel_case(attribute: &str) -> String {
    let mut property = String::new();
    let mut upper = false;
    for character in attribute.chars() {
        if character == '-' {
            upper = true;
        } else if upper {
            property.extend(character.to_uppercase());
            upper = false;
        } else {
            property.push(character);
        }
    }
    property
}

/// One `<option>` of a list of the page: its value, its text, and whether it is the one selected
/// before the page sets the list from a view.
type PageOption = (String, String, bool);

/// A word setting's words with their labels ([`Doc::labels`](super::Doc::labels)), in the order
/// of its word list.
fn word_options(setting: &Setting) -> Vec<PageOption> {
    let LinkForm::Word { words, .. } = setting.link_form else {
        panic!("{}: the page lists only word settings", setting.option);
    };
    let words = words();
    let labels = setting
        .doc
        .word_labels()
        .unwrap_or_else(|| panic!("{}: declared without labels", setting.option));
    assert_eq!(
        words.len(),
        labels.len(),
        "{}: one label per word ({words:?}, {labels:?})",
        setting.option
    );
    words
        .into_iter()
        .zip(labels)
        .map(|(word, label)| (word.to_owned(), label, false))
        .collect()
}

/// The lists of `www/index.html` whose options come from the settings, by the select's id. They
/// are written into the page (not filled in by the wasm) so that they show before it loads.
fn page_lists() -> Vec<(&'static str, Vec<PageOption>)> {
    use super::settings::{
        ACROSS, ALONG, BINS, CHART, COLOR_SCALE, DOMAIN, LAYOUT, LEVELS, MARGINALS,
        MAX_OFFERED_DECIMALS, ORDER, THEME, VALUE,
    };
    // The chart list holds `chart` and `along` at once: "slice:x" is a slice along x.
    let mut charts = Vec::new();
    for (chart, label, _) in word_options(&CHART) {
        match ALONG.link_form {
            LinkForm::Word { words, .. } if chart == "slice" => {
                for axis in words() {
                    charts.push((
                        format!("{chart}:{axis}"),
                        format!("{label} along {axis}"),
                        false,
                    ));
                }
            }
            _ => charts.push((chart, label, false)),
        }
    }
    let default_bins = PairwiseView::default().bins;
    let bins = BINS
        .iter()
        .map(|bins| {
            (
                bins.to_string(),
                format!("{bins} × {bins}"),
                *bins == default_bins,
            )
        })
        .collect();
    let mut decimals = vec![("auto".to_owned(), "Automatic".to_owned(), false)];
    decimals.extend(
        (0..=MAX_OFFERED_DECIMALS).map(|count| (count.to_string(), count.to_string(), false)),
    );
    let levels = LEVELS
        .iter()
        .map(|level| {
            let percent = (level * 100.0).round();
            (
                crate::link::js_number(*level),
                format!("{percent} %"),
                false,
            )
        })
        .collect();
    vec![
        ("layout-select", word_options(&LAYOUT)),
        ("order-select", word_options(&ORDER)),
        ("marginals-select", word_options(&MARGINALS)),
        ("chart-select", charts),
        ("across-select", word_options(&ACROSS)),
        ("bins-select", bins),
        ("by-select", word_options(&VALUE)),
        ("scale-select", word_options(&COLOR_SCALE)),
        ("range-select", word_options(&DOMAIN)),
        ("theme-select", word_options(&THEME)),
        ("decimals-select", decimals),
        ("level-select", levels),
    ]
}

/// Text for an HTML element's content or a quoted attribute.
fn html_escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// `page` (the text of `www/index.html`) with the options of each of [`page_lists`] written
/// again between its `<select id="...">` line and its `</select>`; the rest as it is.
fn page_with_lists(page: &str) -> String {
    let mut lines: Vec<String> = page.lines().map(str::to_owned).collect();
    for (id, options) in page_lists() {
        let opening = format!("<select id=\"{id}\"");
        let start = lines
            .iter()
            .position(|line| line.trim_start().starts_with(&opening))
            .unwrap_or_else(|| panic!("www/index.html has no {opening}"));
        let end = start
            + lines[start..]
                .iter()
                .position(|line| line.trim() == "</select>")
                .unwrap_or_else(|| panic!("www/index.html: {opening} has no </select> line"));
        let indent = " ".repeat(lines[start].len() - lines[start].trim_start().len() + 2);
        let written: Vec<String> = options
            .iter()
            .map(|(value, text, selected)| {
                format!(
                    "{indent}<option value=\"{}\"{}>{}</option>",
                    html_escaped(value),
                    if *selected { " selected" } else { "" },
                    html_escaped(text)
                )
            })
            .collect();
        lines.splice(start + 1..end, written);
    }
    let mut text = lines.join("\n");
    if page.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// A Python tuple of literals, as ruff formats it.
fn python_tuple(items: &[String]) -> String {
    match items {
        [one] => format!("({one},)"),
        _ => format!("({})", items.join(", ")),
    }
}

/// A Python literal of text, quoted as ruff formats it: in double quotes, unless the text holds
/// more double quotes than single ones.
fn python_text(text: &str) -> String {
    let quote = if text.matches('"').count() > text.matches('\'').count() {
        '\''
    } else {
        '"'
    };
    let mut literal = String::from(quote);
    for character in text.chars() {
        match character {
            '\\' => literal.push_str("\\\\"),
            '\n' => literal.push_str("\\n"),
            _ if character == quote => {
                literal.push('\\');
                literal.push(character);
            }
            _ => literal.push(character),
        }
    }
    literal.push(quote);
    literal
}

/// The keyword Python's `Figure` and `save_html` take a setting by: the keyword declared for it
/// ([`Doc::keyword`](super::Doc::keyword)), else its `<sweep-map>` attribute in snake case;
/// `None` for a setting Python does not take (a run table's view, which Python reads with its
/// columns; one without an attribute or keyword, such as the width, the notebook's own).
fn python_keyword(setting: &Setting) -> Option<String> {
    if setting.views == super::Views::Table {
        return None;
    }
    setting.doc.python_keyword().map(str::to_owned).or_else(|| {
        setting
            .attribute
            .map(|attribute| attribute.replace('-', "_"))
    })
}

/// `python/src/sweepmap/_settings.py`: the view settings as Python's keywords, their options,
/// types, words, doc text and link keys, and the values a link holds.
fn python_module() -> String {
    use super::settings::{BINS, LEVELS, MAX_LABEL_DECIMALS, MAX_OFFERED_DECIMALS, NO_MARKS};
    let keywords = |set: &OptionSet| -> Vec<(String, &'static Setting)> {
        set.settings
            .iter()
            .filter_map(|setting| python_keyword(setting).map(|keyword| (keyword, *setting)))
            .collect()
    };
    let (sweep, pairwise) = (keywords(&SWEEP), keywords(&PAIRWISE));
    let mut every: Vec<(String, &'static Setting)> = sweep.clone();
    for (keyword, setting) in &pairwise {
        if !every.iter().any(|(known, _)| known == keyword) {
            every.push((keyword.clone(), setting));
        }
    }
    let dict = |entries: &[(String, &'static Setting)]| -> String {
        let mut text = String::from("{\n");
        for (keyword, setting) in entries {
            text.push_str(&format!("    {keyword:?}: {:?},\n", setting.option));
        }
        text.push('}');
        text
    };
    let only = |of: &[(String, &'static Setting)], not_in: &[(String, &'static Setting)]| {
        let mut text = String::from("(\n");
        for (keyword, _) in of
            .iter()
            .filter(|(keyword, _)| !not_in.iter().any(|(other, _)| other == keyword))
        {
            text.push_str(&format!("    {keyword:?},\n"));
        }
        text.push(')');
        text
    };
    let mut kinds = String::from("{\n");
    let mut words = String::from("{\n");
    let mut docs = String::from("{\n");
    let mut link_keys = String::from("{\n");
    for (keyword, setting) in &every {
        let kind = match (setting.kind, setting.link_form) {
            (ValueKind::Text, LinkForm::Word { words: listed, .. }) => {
                let listed: Vec<String> = listed().iter().map(|word| python_text(word)).collect();
                words.push_str(&format!("    {keyword:?}: {},\n", python_tuple(&listed)));
                "word"
            }
            (ValueKind::Text, _) => "text",
            (ValueKind::Flag, _) => "flag",
            (ValueKind::Number, LinkForm::WholeOrAuto { .. }) => "whole",
            (ValueKind::Number, _) => "number",
            (ValueKind::TextList, _) => "names",
        };
        kinds.push_str(&format!("    {keyword:?}: {kind:?},\n"));
        docs.push_str(&format!(
            "    {keyword:?}: {},\n",
            python_text(setting.doc.text())
        ));
        if let Some(key) = setting.link {
            link_keys.push_str(&format!("    {keyword:?}: {key:?},\n"));
        }
    }
    for text in [&mut kinds, &mut words, &mut docs, &mut link_keys] {
        text.push('}');
    }
    let bins: Vec<String> = BINS.iter().map(u32::to_string).collect();
    let mut levels = vec![format!("{NO_MARKS:?}")];
    levels.extend(LEVELS.iter().map(|level| format!("{level:?}")));
    // The doc texts are one line each, as the core holds them.
    let python_header = format!("{}# ruff: noqa: E501\n", HEADER.replace("// ", "# "));
    format!(
        "{python_header}\n\
         \"\"\"The view settings of sweepmap's core (src/view/) as the Python package takes them:\n\
         each setting's keyword (its <sweep-map> attribute in snake case, or the keyword it declares),\n\
         its option name, type, words, doc text and link key, and the values a link holds.\"\"\"\n\n\
         #: SweepFigure's options: keyword -> option, in the order links write them.\n\
         SWEEP: dict[str, str] = {}\n\n\
         #: SweepPairwiseFigure's options: keyword -> option, in the order links write them.\n\
         PAIRWISE: dict[str, str] = {}\n\n\
         #: The keywords of sweeps alone, and of per-item scores alone.\n\
         SWEEP_ONLY: tuple[str, ...] = {}\n\
         PAIRWISE_ONLY: tuple[str, ...] = {}\n\n\
         #: Each keyword's type: \"word\" (one of WORDS), \"text\", \"flag\", \"number\", \"whole\" (0 to\n\
         #: MAX_DECIMALS) or \"names\" (a list of names).\n\
         KINDS: dict[str, str] = {kinds}\n\n\
         #: The words a word setting takes, in the order the page lists them.\n\
         WORDS: dict[str, tuple[str, ...]] = {words}\n\n\
         #: What each setting does (the doc text of its option in the TypeScript declarations).\n\
         DOCS: dict[str, str] = {docs}\n\n\
         #: Each setting's share-link key (README \"Share links\").\n\
         LINK_KEYS: dict[str, str] = {link_keys}\n\n\
         #: The most decimals of a value label.\n\
         MAX_DECIMALS = {MAX_LABEL_DECIMALS}\n\
         #: What a link holds of the settings that are numbers here but a short list there.\n\
         LINK_BINS = {}\n\
         LINK_DECIMALS = range({})\n\
         LINK_LEVELS = {}\n",
        dict(&sweep),
        dict(&pairwise),
        only(&sweep, &pairwise),
        only(&pairwise, &sweep),
        python_tuple(&bins),
        MAX_OFFERED_DECIMALS + 1,
        python_tuple(&levels),
    )
}

/// The generated files, from the crate root, with their text (`www/index.html`: the options of
/// its lists, the rest of it as it is).
fn generated_files() -> [(&'static str, String); 5] {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("www/index.html")).unwrap_or_default();
    [
        ("src/wasm/options.d.ts", options_declarations()),
        ("www/lib/view-attributes.js", attributes_module()),
        ("www/lib/view-attributes.d.ts", attributes_declarations()),
        ("www/index.html", page_with_lists(&page)),
        ("python/src/sweepmap/_settings.py", python_module()),
    ]
}

#[test]
fn generated_option_declarations_and_attributes_match_the_settings() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut stale = Vec::new();
    for (file, generated) in generated_files() {
        let path = root.join(file);
        if std::env::var_os("SWEEPMAP_WRITE_TYPES").is_some() {
            std::fs::write(&path, &generated).unwrap();
        }
        if std::fs::read_to_string(&path).unwrap_or_default() != generated {
            stale.push(file);
        }
    }
    assert!(
        stale.is_empty(),
        "{stale:?} differ from what the view settings give; write them again with \
         `SWEEPMAP_WRITE_TYPES=1 cargo test --lib typescript` and commit them"
    );
}

/// Every setting of an option object or with an attribute says what it does; a flag both views
/// have means the same when absent in each (the element has one attribute for both).
#[test]
fn every_setting_has_doc_text_and_one_default_per_flag() {
    for setting in settings::all()
        .into_iter()
        .chain(SWEEP.settings.iter().copied())
        .chain(PAIRWISE.settings.iter().copied())
    {
        let text = setting.doc.text();
        assert!(
            text.ends_with('.') && text.len() > 10,
            "{}: {text:?}",
            setting.option
        );
        if setting.kind == ValueKind::Flag {
            if let (Some(sweep), Some(pairwise)) =
                (sweep_default(setting), pairwise_default(setting))
            {
                assert_eq!(sweep, pairwise, "{}", setting.option);
            }
        }
    }
}

/// A text setting with a state default states it once: in the generated "Default" sentence,
/// not in its doc text as well.
#[test]
fn doc_text_leaves_a_stated_default_to_the_generator() {
    for interface in interfaces() {
        for setting in interface.set.settings {
            let stated = (interface.default)(setting).as_ref().and_then(literal);
            if stated.is_some() {
                assert!(
                    !setting.doc.text().contains("Default"),
                    "{}: its doc text says a default the generator writes",
                    setting.option
                );
            }
        }
    }
}

/// The page's lists say what the settings' words are, in their order, with the labels declared
/// beside them; the difference's label is the core's for data with two models.
#[test]
fn the_page_lists_the_words_of_the_settings_with_their_labels() {
    let lists = page_lists();
    let list = |id: &str| -> Vec<(String, String, bool)> {
        lists
            .iter()
            .find(|(list, _)| *list == id)
            .unwrap()
            .1
            .clone()
    };
    let option = |value: &str, text: &str| (value.to_owned(), text.to_owned(), false);
    assert_eq!(
        list("chart-select"),
        [
            option("heatmap", "Heatmap"),
            option("slice:x", "Slice along x"),
            option("slice:y", "Slice along y")
        ]
    );
    assert_eq!(
        list("marginals-select")[0],
        option("auto", "When panels are larger than 6 × 6")
    );
    assert_eq!(
        list("bins-select"),
        [
            option("5", "5 × 5"),
            ("10".to_owned(), "10 × 10".to_owned(), true),
            option("20", "20 × 20")
        ]
    );
    assert_eq!(list("level-select")[1], option("0.95", "95 %"));
    assert_eq!(list("decimals-select").len(), 8);
    let names = super::Names {
        models: vec!["a".to_owned(), "b".to_owned()],
        ..super::Names::default()
    };
    assert!(list("layout-select").contains(&option(
        "difference",
        super::normalize::difference_label(&names)
    )));
}

/// The numbers doc texts state for people are the constants the rules use.
#[test]
fn doc_texts_state_the_constants() {
    use super::settings::{ACROSS, MARGINALS};
    let largest = crate::figure::Strips::AUTO_LARGEST_PLAIN;
    assert!(MARGINALS.doc.text().contains(&format!(
        "larger than {largest} x {largest} (more than {largest} columns"
    )));
    let lines = crate::color::SERIES_COLORS;
    assert!(ACROSS
        .doc
        .text()
        .contains(&format!("the other axis has at most {lines} values")));
}

/// Python's keywords are the attributes in snake case, or the keyword a setting declares (where
/// the attribute names a column in Python); a run table's view and the width are not among them.
#[test]
fn python_takes_each_setting_by_its_keyword() {
    use super::settings::{BINNED, COLOR_SCALE, MODEL, MODEL_B, PIXEL_RATIO, VALUE, WIDTH};
    let keyword = |setting: &Setting| python_keyword(setting);
    assert_eq!(keyword(&MODEL).as_deref(), Some("show_model"));
    assert_eq!(keyword(&MODEL_B).as_deref(), Some("show_model_b"));
    assert_eq!(keyword(&COLOR_SCALE).as_deref(), Some("color_scale"));
    assert_eq!(keyword(&VALUE).as_deref(), Some("by"));
    assert_eq!(keyword(&PIXEL_RATIO).as_deref(), Some("pixel_ratio"));
    assert_eq!(keyword(&WIDTH), None);
    assert_eq!(keyword(&BINNED), None);
    let module = python_module();
    assert!(module.contains("    \"range\": \"domain\",\n"), "{module}");
    assert!(module.contains(
        "    \"layout\": (\"model\", \"benchmark\", \"grid\", \"difference\", \"reconcile\"),\n"
    ));
    assert!(module.contains("LINK_BINS = (5, 10, 20)\n"));
    assert!(module.contains("LINK_DECIMALS = range(7)\n"));
    assert!(module.contains("LINK_LEVELS = (0.0, 0.9, 0.95, 0.99)\n"));
    assert!(module.contains("MAX_DECIMALS = 12\n"));
    assert_eq!(python_text("it's"), "\"it's\"");
    assert_eq!(python_text(r#"a "b" c's"#), r#"'a "b" c\'s'"#);
}

#[test]
fn the_generated_declarations_say_what_the_settings_say() {
    let options = options_declarations();
    // A word setting names its generated word type; a default is written as JavaScript would.
    assert!(options.contains("  layout?: Layout | null;\n"), "{options}");
    assert!(options.contains("  domain?: PairwiseColorRange | null;\n"));
    assert!(options.contains("  models?: string[] | null;\n"));
    assert!(options.contains(" Default \"viridis\". */\n  colorMap?: string | null;\n"));
    assert!(options.contains("Run the colour map the other way. Default false. */"));
    assert!(options.contains("  bins?: number | null;\n"));
    let attributes = attributes_module();
    assert!(
        attributes.contains("  [\"annotate\", true],\n"),
        "{attributes}"
    );
    assert!(attributes.contains("[\"reverse\", false]"));
    let properties = attributes_declarations();
    assert!(properties.contains("  modelB: string | null;\n"));
    assert!(properties.contains("  decimals: number | null;\n"));
    assert!(properties.contains("  direction: Direction | null;\n"));
    assert!(properties.contains("  binned: BinPick | null;\n"));
    assert!(properties.contains("  reverse: boolean;\n"));
    assert_eq!(camel_case("color-scale"), "colorScale");
}
