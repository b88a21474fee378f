//! The typed view states ([`SweepView`](super::SweepView), [`PairwiseView`](super::PairwiseView)):
//! one field per setting, declared with its default by [`view_state!`], which also gives every
//! state the generic access by setting that link reading and writing and the binding layer use,
//! so a new field needs no code there.

use super::setting::{OptionValue, Setting};
use crate::color::{ColorScale, Theme};
use crate::figure::{BinValue, Layout, Named, Order, Range};

/// A field's value as the page's state objects hold it.
pub trait StateValue: Sized {
    /// The value as an option value.
    fn to_value(&self) -> OptionValue;
    /// The field's value from an option value (never `Null`, which the caller reads as the
    /// default); `None` when it is not of the field's type.
    fn from_value(value: &OptionValue) -> Option<Self>;
    /// What the field takes, for the error about a value it does not.
    fn expected() -> String;
}

impl StateValue for bool {
    fn to_value(&self) -> OptionValue {
        OptionValue::Flag(*self)
    }
    fn from_value(value: &OptionValue) -> Option<Self> {
        match value {
            OptionValue::Flag(flag) => Some(*flag),
            _ => None,
        }
    }
    fn expected() -> String {
        "true or false".into()
    }
}

impl StateValue for f64 {
    fn to_value(&self) -> OptionValue {
        OptionValue::Number(*self)
    }
    fn from_value(value: &OptionValue) -> Option<Self> {
        match value {
            OptionValue::Number(number) if number.is_finite() => Some(*number),
            _ => None,
        }
    }
    fn expected() -> String {
        "a finite number".into()
    }
}

impl StateValue for u32 {
    fn to_value(&self) -> OptionValue {
        OptionValue::Number(f64::from(*self))
    }
    fn from_value(value: &OptionValue) -> Option<Self> {
        match value {
            OptionValue::Number(n)
                if n.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(n) =>
            {
                // A whole number within u32: the cast is exact.
                Some(*n as u32)
            }
            _ => None,
        }
    }
    fn expected() -> String {
        "a whole number".into()
    }
}

impl StateValue for String {
    fn to_value(&self) -> OptionValue {
        OptionValue::Text(self.clone())
    }
    fn from_value(value: &OptionValue) -> Option<Self> {
        match value {
            OptionValue::Text(text) => Some(text.clone()),
            _ => None,
        }
    }
    fn expected() -> String {
        "a string".into()
    }
}

impl StateValue for Vec<String> {
    fn to_value(&self) -> OptionValue {
        OptionValue::TextList(self.clone())
    }
    fn from_value(value: &OptionValue) -> Option<Self> {
        match value {
            OptionValue::TextList(list) => Some(list.clone()),
            _ => None,
        }
    }
    fn expected() -> String {
        "an array of strings".into()
    }
}

impl<T: StateValue> StateValue for Option<T> {
    fn to_value(&self) -> OptionValue {
        self.as_ref().map_or(OptionValue::Null, T::to_value)
    }
    fn from_value(value: &OptionValue) -> Option<Self> {
        T::from_value(value).map(Some)
    }
    fn expected() -> String {
        T::expected()
    }
}

/// The word settings: read by their word among every value of the type.
macro_rules! named_state_value {
    ($($named:ty),*) => {$(
        impl StateValue for $named {
            fn to_value(&self) -> OptionValue {
                OptionValue::Text(self.name().to_string())
            }
            fn from_value(value: &OptionValue) -> Option<Self> {
                match value {
                    OptionValue::Text(text) => <$named>::among(<$named>::ALL, text),
                    _ => None,
                }
            }
            fn expected() -> String {
                format!("one of {}", <$named>::names(<$named>::ALL).join(", "))
            }
        }
    )*};
}
named_state_value!(Layout, Range, BinValue, Theme, ColorScale, Order);

/// A view state's fields, by setting (what [`view_state!`] gives every state).
pub trait ViewFields: Default {
    /// The settings the state has a field for, in the order links write them.
    fn fields() -> &'static [&'static Setting];

    /// The value of a setting's field (`None`: the state has no such field).
    fn get(&self, setting: &Setting) -> Option<OptionValue>;

    /// Sets a setting's field; `Null` puts its default back. `Err` holds what the field takes
    /// when the value is not of its type; a setting without a field is ignored.
    fn put(&mut self, setting: &Setting, value: &OptionValue) -> std::result::Result<(), String>;

    /// Where the view's data come from.
    fn source_mut(&mut self) -> &mut crate::link::Source;

    /// Every field's value by its state name, in order: the state as the page holds it, after
    /// its source.
    fn values(&self) -> Vec<(&'static str, OptionValue)> {
        let mut values = Vec::new();
        for setting in Self::fields() {
            if let (Some(name), Some(value)) = (setting.state, self.get(setting)) {
                values.push((name, value));
            }
        }
        values
    }

    /// Whether the view uses a setting as it is (a layout without a benchmark does not use
    /// `benchmark`, a range that is not fixed does not use `min`): a link keeps only these.
    fn uses(&self, setting: &Setting) -> bool;
}

/// Sets a field from an option value: `Null` puts `default` back; `Err` holds what the field
/// takes when the value is not of its type. One instance per field type, not one per field.
pub fn put_field<T: StateValue>(
    field: &mut T,
    value: &OptionValue,
    default: T,
) -> std::result::Result<(), String> {
    *field = if matches!(value, OptionValue::Null) {
        default
    } else {
        T::from_value(value).ok_or_else(T::expected)?
    };
    Ok(())
}

/// Declares a view state: a struct with a `source` and one field per setting (the setting's
/// constant in `super::settings` and its default), `Default`, and access by setting:
/// `get(setting)` and `put(setting, value)` (`Null` puts the default back; `Err` says what the
/// field takes).
macro_rules! view_state {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $( $(#[$field_meta:meta])* $field:ident: $type:ty = $default:expr => $setting:path, )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq)]
        pub struct $name {
            pub source: $crate::link::Source,
            $( $(#[$field_meta])* pub $field: $type, )*
        }

        impl Default for $name {
            fn default() -> Self {
                Self {
                    source: $crate::link::Source::Bundled { id: None },
                    $( $field: $default, )*
                }
            }
        }

        impl $crate::view::ViewFields for $name {
            fn fields() -> &'static [&'static $crate::view::Setting] {
                &[$( &$setting ),*]
            }

            fn source_mut(&mut self) -> &mut $crate::link::Source {
                &mut self.source
            }

            fn uses(&self, setting: &$crate::view::Setting) -> bool {
                self.uses_setting(setting)
            }

            fn get(&self, setting: &$crate::view::Setting) -> Option<$crate::view::OptionValue> {
                use $crate::view::StateValue;
                $( if setting.option == $setting.option {
                    return Some(self.$field.to_value());
                } )*
                None
            }

            fn put(
                &mut self,
                setting: &$crate::view::Setting,
                value: &$crate::view::OptionValue,
            ) -> std::result::Result<(), String> {
                $( if setting.option == $setting.option {
                    return $crate::view::put_field(&mut self.$field, value, $default);
                } )*
                Ok(())
            }
        }
    };
}
pub(crate) use view_state;
