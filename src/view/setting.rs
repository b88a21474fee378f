//! What a view setting is, and the machinery every setting shares: a value as JavaScript gave it
//! ([`OptionValue`]), a partial options object ([`Patch`]), the options a person chose
//! ([`Settings`]), and the errors about an option. Nothing here knows a particular setting; the
//! settings themselves are declared in [`super::settings`].

use crate::{Error, Result};

/// The type of value a setting takes (besides `null`, "back to the default").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueKind {
    Text,
    Flag,
    Number,
    /// An array of strings.
    TextList,
}

/// Which views have a setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Views {
    Sweep,
    Pairwise,
    Both,
    /// The view of a run table (which columns are drawn, and how): read against the table.
    Table,
}

/// How a share link writes a setting's value, so that the link reader reads it from this
/// declaration alone: a value it does not take is a notice naming what the setting takes, ending
/// with the setting's `fallback` (or, without one, "using" the value the view keeps).
#[derive(Debug, Clone, Copy)]
pub enum LinkForm {
    /// Read by its own code in `src/link/read.rs`: names checked against the data (models,
    /// benchmarks, groups, colour maps), or values read with another setting (`min`, `max` and
    /// `center` with the range). Also every setting that links do not carry.
    Custom,
    /// `1` or `0` (also `true`/`false`, `yes`/`no`, `on`/`off`).
    Flag,
    /// One of some words, in any case: `what` they are, for the notice ("a layout"), and the
    /// function that lists them (from the setting's own word list, such as `Layout::ALL`).
    Word {
        what: &'static str,
        words: fn() -> Vec<&'static str>,
    },
    /// A whole number from 0 to `most`, or `auto` for the default.
    WholeOrAuto { most: u32 },
    /// One of the whole numbers offered.
    OfferedWhole { offered: &'static [u32] },
    /// A confidence level offered, or 0 for no marks (see [`super::settings::offered_level`]).
    Level,
}

/// One view setting, declared once: its option name, type, what a value must be, its share-link
/// key and element attribute with their older spellings, and what a link falls back to.
#[derive(Debug, Clone, Copy)]
pub struct Setting {
    /// The option name, as JavaScript writes it (camelCase). Links and the element accept it too.
    pub option: &'static str,
    /// The field of the page's view state that holds it, when the state has one.
    pub state: Option<&'static str>,
    pub views: Views,
    pub kind: ValueKind,
    /// What a value must be, as every error about the option says (empty for a word setting,
    /// whose message lists its words: [`Setting::expected`]).
    pub expects: &'static str,
    /// The key a link is written with; `None`: links do not carry the setting.
    pub link: Option<&'static str>,
    /// Other keys a link may use for it (older spellings). The option name is always read too.
    pub link_aliases: &'static [&'static str],
    /// The attribute of `<sweep-map>`; `None`: the element has none.
    pub attribute: Option<&'static str>,
    /// Other attributes the element reads for it. The option name (in any case, as HTML
    /// attributes are) is always read too.
    pub attribute_aliases: &'static [&'static str],
    /// What a link falls back to when it gives a value the setting does not take, as its notice
    /// ends: `rev="x" should be 1 or 0; not reversing the colour map.`
    pub fallback: &'static str,
    /// How a link writes the value (and so how the link reader reads it).
    pub link_form: LinkForm,
    /// The label of the control the page makes for the setting itself (a checkbox for a flag);
    /// `None` for the settings whose controls the page lays out by hand.
    pub control: Option<&'static str>,
    /// What the setting does, in a sentence or two for the people who use it: the doc comment of
    /// its option in the generated TypeScript and of its `<sweep-map>` property. Native builds
    /// only (see [`Doc`]).
    pub doc: Doc,
}

/// A setting's doc text, read by the native generator of the option declarations and the
/// element's attribute list (`src/view/typescript.rs`). In wasm it holds nothing, so no doc text
/// reaches a package: the text given to [`Doc::new`] is only read while the constant is
/// evaluated, at compile time.
#[derive(Debug, Clone, Copy)]
pub struct Doc {
    #[cfg(not(target_arch = "wasm32"))]
    text: &'static str,
    /// The TypeScript type of a text setting whose words are not a generated word type (or
    /// `None`: the generator finds the type from the setting's link form).
    #[cfg(not(target_arch = "wasm32"))]
    type_name: Option<&'static str>,
    /// What the page's list calls each of a word setting's words, in the order of its word list
    /// (the generator writes them as the `<option>`s of `www/index.html`); `None` for a setting
    /// the page does not list.
    #[cfg(not(target_arch = "wasm32"))]
    labels: Option<fn() -> Vec<String>>,
    /// The keyword Python takes the setting by, when it is not the `<sweep-map>` attribute in
    /// snake case (`show_model`: `model` names a column there).
    #[cfg(not(target_arch = "wasm32"))]
    keyword: Option<&'static str>,
}

/// A word setting's labels written as text: `|| labels(&["Linear", "Logarithmic"])` (in wasm
/// nothing calls it, so none of the text reaches a package).
pub fn labels(texts: &[&str]) -> Vec<String> {
    texts.iter().map(|text| (*text).to_owned()).collect()
}

impl Doc {
    /// The doc text of a setting.
    pub const fn new(text: &'static str) -> Doc {
        #[cfg(target_arch = "wasm32")]
        let _ = text;
        Doc {
            #[cfg(not(target_arch = "wasm32"))]
            text,
            #[cfg(not(target_arch = "wasm32"))]
            type_name: None,
            #[cfg(not(target_arch = "wasm32"))]
            labels: None,
            #[cfg(not(target_arch = "wasm32"))]
            keyword: None,
        }
    }

    /// The doc text, with the keyword Python's `Figure` and `save_html` take the setting by
    /// (without it: the `<sweep-map>` attribute in snake case; without either, none).
    #[cfg_attr(target_arch = "wasm32", allow(unused_mut))]
    pub const fn keyword(mut self, keyword: &'static str) -> Doc {
        #[cfg(target_arch = "wasm32")]
        let _ = keyword;
        #[cfg(not(target_arch = "wasm32"))]
        {
            self.keyword = Some(keyword);
        }
        self
    }

    /// The doc text, with what the page's list calls each word of the setting (in the order of
    /// its word list). Native builds only, as the text is: the wasm holds none of it.
    #[cfg_attr(target_arch = "wasm32", allow(unused_mut))]
    pub const fn labels(mut self, labels: fn() -> Vec<String>) -> Doc {
        #[cfg(target_arch = "wasm32")]
        let _ = labels;
        #[cfg(not(target_arch = "wasm32"))]
        {
            self.labels = Some(labels);
        }
        self
    }

    /// The doc text, with the TypeScript type of the setting's value named (a type the
    /// declarations have: `"Direction"`), for a text setting whose words its link form does not
    /// list.
    #[cfg_attr(target_arch = "wasm32", allow(unused_mut))]
    pub const fn typed(mut self, type_name: &'static str) -> Doc {
        #[cfg(target_arch = "wasm32")]
        let _ = type_name;
        #[cfg(not(target_arch = "wasm32"))]
        {
            self.type_name = Some(type_name);
        }
        self
    }

    /// The doc text.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn text(&self) -> &'static str {
        self.text
    }

    /// The TypeScript type named by [`Doc::typed`].
    #[cfg(not(target_arch = "wasm32"))]
    pub fn type_name(&self) -> Option<&'static str> {
        self.type_name
    }

    /// The keyword given by [`Doc::keyword`].
    #[cfg(not(target_arch = "wasm32"))]
    pub fn python_keyword(&self) -> Option<&'static str> {
        self.keyword
    }

    /// The labels given by [`Doc::labels`], one per word.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn word_labels(&self) -> Option<Vec<String>> {
        self.labels.map(|labels| labels())
    }
}

impl Setting {
    /// A setting with only its option name, type and message; the rest is filled in by the
    /// declaration with struct update syntax.
    pub const fn option(option: &'static str, kind: ValueKind, expects: &'static str) -> Setting {
        Setting {
            option,
            state: Some(option),
            views: Views::Both,
            kind,
            expects,
            link: None,
            link_aliases: &[],
            attribute: None,
            attribute_aliases: &[],
            fallback: "",
            link_form: match kind {
                ValueKind::Flag => LinkForm::Flag,
                _ => LinkForm::Custom,
            },
            control: None,
            doc: Doc::new(""),
        }
    }

    /// A setting that takes one of some words (in any case): `what` they are, for a link's
    /// notice ("a layout"), and the function that lists them (the setting's own word list, such
    /// as `Layout::ALL`). The message for a wrong value lists the words ([`Setting::expected`]),
    /// so the words are written once, in their list.
    pub const fn word(
        option: &'static str,
        what: &'static str,
        words: fn() -> Vec<&'static str>,
    ) -> Setting {
        Setting {
            link_form: LinkForm::Word { what, words },
            ..Setting::option(option, ValueKind::Text, "")
        }
    }

    /// What a value must be, as every error about the option says: a word setting's words
    /// (`one of "model", "benchmark"`), else the declared message.
    pub fn expected(&self) -> String {
        match self.link_form {
            LinkForm::Word { words, .. } => {
                let words = words();
                let mut expected = String::from("one of ");
                for (index, word) in words.iter().enumerate() {
                    if index > 0 {
                        expected.push_str(", ");
                    }
                    expected.push('"');
                    expected.push_str(word);
                    expected.push('"');
                }
                expected
            }
            _ => self.expects.to_string(),
        }
    }

    /// Whether a view of this kind has the setting.
    pub fn in_sweep(&self) -> bool {
        matches!(self.views, Views::Sweep | Views::Both)
    }

    pub fn in_pairwise(&self) -> bool {
        matches!(self.views, Views::Pairwise | Views::Both)
    }

    /// Every link key read for the setting: its own, its aliases, and its option name.
    pub fn link_keys(&self) -> Vec<&'static str> {
        let mut keys: Vec<&'static str> = Vec::new();
        if let Some(own) = self.link {
            keys.push(own);
        }
        for &key in self.link_aliases {
            if !keys.contains(&key) {
                keys.push(key);
            }
        }
        if !keys.contains(&self.option) {
            keys.push(self.option);
        }
        keys
    }

    /// Every attribute the element reads for the setting: its own, its aliases, and its option
    /// name as HTML spells it (lower case). Empty when the element has none.
    pub fn attributes(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        let Some(own) = self.attribute else {
            return names;
        };
        names.push(own.to_string());
        for &alias in self.attribute_aliases {
            if !names.iter().any(|name| name == alias) {
                names.push(alias.to_string());
            }
        }
        let option = crate::text::lower(self.option);
        if !names.contains(&option) {
            names.push(option);
        }
        names
    }

    /// The error for a value that is not what the setting takes; `found` is already written the
    /// way JavaScript would show it.
    pub fn invalid(&self, found: &str) -> Error {
        invalid_value(self.option, &self.expected(), found)
    }
}

/// The vocabulary of one kind of option object: what its options are called in messages, its
/// settings in order, and an example for the message about an argument that is not an object.
#[derive(Debug, Clone, Copy)]
pub struct OptionSet {
    /// What one option is called in messages: `unknown figure option: "colour"`.
    pub what: &'static str,
    pub settings: &'static [&'static Setting],
    pub example: &'static str,
}

impl OptionSet {
    /// The setting an option name names, or the error for an unknown option.
    pub fn setting(&self, name: &str) -> Result<&'static Setting> {
        self.settings
            .iter()
            .find(|setting| setting.option == name)
            .copied()
            .ok_or_else(|| Error::Unknown {
                what: self.what,
                name: name.to_string(),
                known: {
                    let mut known = Vec::with_capacity(self.settings.len());
                    for setting in self.settings {
                        known.push(setting.option.to_string());
                    }
                    known
                },
            })
    }

    /// The option names, in order.
    pub fn names(&self) -> Vec<&'static str> {
        let mut names = Vec::with_capacity(self.settings.len());
        for setting in self.settings {
            names.push(setting.option);
        }
        names
    }

    /// A patch from options given as `(name, value)` pairs, in the order given: an unknown name
    /// or a value of the wrong type is an error naming the option. Ranges and names are checked
    /// later, against the data, when the settings are resolved.
    pub fn patch(&self, given: impl IntoIterator<Item = (String, OptionValue)>) -> Result<Patch> {
        let mut patch = Patch::default();
        for (name, value) in given {
            let setting = self.setting(&name)?;
            patch.set(setting, value)?;
        }
        Ok(patch)
    }
}

/// The error for a value that is not what it must be: `field "<name>": expected <expected>,
/// found <found>`.
pub fn invalid_value(name: &str, expected: &str, found: &str) -> Error {
    Error::InvalidField {
        field: name.to_string(),
        expected: format!("{expected}, found {found}"),
    }
}

/// The longest piece of a string quoted back in a message.
const QUOTED_LENGTH: usize = 40;

/// A string as a message quotes it: in double quotes, cut after 40 characters with `…`.
pub fn quoted(text: &str) -> String {
    let mut quoted: String = text.chars().take(QUOTED_LENGTH).collect();
    if text.chars().count() > QUOTED_LENGTH {
        quoted.push('…');
    }
    format!("\"{quoted}\"")
}

/// One option's value as JavaScript gave it. The binding layer turns any JavaScript value into
/// one of these; whether it is of the setting's type is decided here.
#[derive(Debug, Clone, PartialEq)]
pub enum OptionValue {
    /// `null`: back to the default.
    Null,
    Text(String),
    Flag(bool),
    Number(f64),
    /// An array whose every element is a string.
    TextList(Vec<String>),
    /// Anything else, as a message describes it (`an object`, `an array`, `undefined`).
    Other(String),
}

impl OptionValue {
    /// The value as a message shows it: `"text"`, `12`, `NaN`, `true`, `null`, `an array`.
    pub fn describe(&self) -> String {
        match self {
            OptionValue::Null => "null".to_string(),
            OptionValue::Text(text) => quoted(text),
            OptionValue::Flag(flag) => flag.to_string(),
            OptionValue::Number(number) => crate::link::js_number(*number),
            OptionValue::TextList(_) => "an array".to_string(),
            OptionValue::Other(described) => described.clone(),
        }
    }

    /// Whether the value is of type `kind` (`null` is of every type).
    pub fn is(&self, kind: ValueKind) -> bool {
        matches!(
            (self, kind),
            (OptionValue::Null, _)
                | (OptionValue::Text(_), ValueKind::Text)
                | (OptionValue::Flag(_), ValueKind::Flag)
                | (OptionValue::Number(_), ValueKind::Number)
                | (OptionValue::TextList(_), ValueKind::TextList)
        )
    }

    /// The value as a string option's (`None` for `null`).
    pub fn text(self, name: &str) -> Result<Option<String>> {
        match self {
            OptionValue::Text(text) => Ok(Some(text)),
            other => other.unless_null(name),
        }
    }

    /// `null` as "not given"; any other value is of the wrong type for `name`.
    fn unless_null<T>(self, name: &str) -> Result<Option<T>> {
        match self {
            OptionValue::Null => Ok(None),
            other => Err(invalid_value(
                name,
                "a value of the option's type",
                &other.describe(),
            )),
        }
    }
}

/// A partial options object: per setting given, its value (`Null`: back to the default); a
/// setting left out keeps what is set.
#[derive(Debug, Clone, Default)]
pub struct Patch {
    pub(crate) values: Vec<(&'static Setting, OptionValue)>,
}

impl Patch {
    /// Gives `setting` the value `value`, checking its type.
    pub fn set(&mut self, setting: &'static Setting, value: OptionValue) -> Result<()> {
        if !value.is(setting.kind) {
            return Err(setting.invalid(&value.describe()));
        }
        self.values
            .retain(|(given, _)| given.option != setting.option);
        self.values.push((setting, value));
        Ok(())
    }

    /// Whether the patch gives `setting` (a value or `null`).
    pub fn gives(&self, setting: &Setting) -> bool {
        self.values
            .iter()
            .any(|(given, _)| given.option == setting.option)
    }
}

/// The options a person chose; a setting not chosen is left to its default. Values are kept as
/// given, of their setting's type, and checked when the settings are resolved.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Settings {
    values: Vec<(&'static str, OptionValue)>,
}

impl Settings {
    /// These settings with a patch applied over them: `null` clears a setting.
    pub fn merged(&self, patch: &Patch) -> Settings {
        let mut merged = self.clone();
        for (setting, value) in &patch.values {
            merged
                .values
                .retain(|(option, _)| *option != setting.option);
            if *value != OptionValue::Null {
                merged.values.push((setting.option, value.clone()));
            }
        }
        merged
    }

    /// Clears a setting, back to its default.
    pub fn clear(&mut self, setting: &Setting) {
        self.values.retain(|(option, _)| *option != setting.option);
    }

    fn get(&self, setting: &Setting) -> Option<&OptionValue> {
        self.values
            .iter()
            .find(|(option, _)| *option == setting.option)
            .map(|(_, value)| value)
    }

    /// Whether `setting` is chosen.
    pub fn has(&self, setting: &Setting) -> bool {
        self.get(setting).is_some()
    }

    /// A string setting, when chosen.
    pub fn text(&self, setting: &Setting) -> Option<&str> {
        match self.get(setting) {
            Some(OptionValue::Text(text)) => Some(text),
            _ => None,
        }
    }

    /// A true-or-false setting, when chosen.
    pub fn flag(&self, setting: &Setting) -> Option<bool> {
        match self.get(setting) {
            Some(OptionValue::Flag(flag)) => Some(*flag),
            _ => None,
        }
    }

    /// A number setting, when chosen.
    pub fn number(&self, setting: &Setting) -> Option<f64> {
        match self.get(setting) {
            Some(OptionValue::Number(number)) => Some(*number),
            _ => None,
        }
    }

    /// A list-of-strings setting, when chosen.
    pub fn list(&self, setting: &Setting) -> Option<&[String]> {
        match self.get(setting) {
            Some(OptionValue::TextList(list)) => Some(list),
            _ => None,
        }
    }
}
