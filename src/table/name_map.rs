//! [`NameMap`]: values by name, kept sorted by name. What the views and options of run tables
//! need of a map (a choice per parameter, a role per column: a handful of entries) without
//! `BTreeMap`, whose node code and bulk-build sort cost about 18 KB in the wasm (measured
//! 2026-11-25): a sorted vector, searched by binary search.

use serde::{Deserialize, Serialize, Serializer};
use std::collections::BTreeMap;

/// Values by name, in name order, each name once. Serialized as a map (a JavaScript object);
/// read from one through `BTreeMap` (native tests and serde users only: the wasm reads options
/// by hand).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(from = "BTreeMap<String, T>")]
pub struct NameMap<T>(Vec<(String, T)>);

impl<T> Default for NameMap<T> {
    fn default() -> Self {
        NameMap(Vec::new())
    }
}

impl<T> NameMap<T> {
    /// An empty map.
    pub fn new() -> Self {
        NameMap(Vec::new())
    }

    /// Sets `name`'s value; returns the value it replaces.
    pub fn insert(&mut self, name: String, value: T) -> Option<T> {
        match self
            .0
            .binary_search_by(|(known, _)| known.as_str().cmp(&name))
        {
            Ok(at) => self
                .0
                .get_mut(at)
                .map(|slot| std::mem::replace(&mut slot.1, value)),
            Err(at) => {
                self.0.insert(at, (name, value));
                None
            }
        }
    }

    /// The value of `name`.
    pub fn get(&self, name: &str) -> Option<&T> {
        self.0
            .binary_search_by(|(known, _)| known.as_str().cmp(name))
            .ok()
            .and_then(|at| self.0.get(at))
            .map(|(_, value)| value)
    }

    /// Names and values in name order.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &T)> {
        self.into_iter()
    }

    /// Names in order.
    pub fn keys(&self) -> impl Iterator<Item = &String> {
        self.0.iter().map(|(name, _)| name)
    }

    /// Values in name order, to change.
    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut T> {
        self.0.iter_mut().map(|(_, value)| value)
    }

    /// The number of names.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True when there is no name.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Removes every name.
    pub fn clear(&mut self) {
        self.0.clear();
    }
}

impl<T> From<BTreeMap<String, T>> for NameMap<T> {
    fn from(map: BTreeMap<String, T>) -> Self {
        NameMap(map.into_iter().collect())
    }
}

impl<T, const N: usize> From<[(String, T); N]> for NameMap<T> {
    fn from(entries: [(String, T); N]) -> Self {
        entries.into_iter().collect()
    }
}

impl<T> FromIterator<(String, T)> for NameMap<T> {
    fn from_iter<I: IntoIterator<Item = (String, T)>>(entries: I) -> Self {
        let mut map = NameMap::new();
        for (name, value) in entries {
            map.insert(name, value);
        }
        map
    }
}

impl<T> IntoIterator for NameMap<T> {
    type Item = (String, T);
    type IntoIter = std::vec::IntoIter<(String, T)>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a, T> IntoIterator for &'a NameMap<T> {
    type Item = (&'a String, &'a T);
    type IntoIter = std::iter::Map<
        std::slice::Iter<'a, (String, T)>,
        fn(&'a (String, T)) -> (&'a String, &'a T),
    >;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().map(|(name, value)| (name, value))
    }
}

impl<T: Serialize> Serialize for NameMap<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(name, value)| (name, value)))
    }
}

#[cfg(test)]
mod tests {
    use super::NameMap;

    #[test]
    fn names_stay_sorted_and_unique() {
        let mut map = NameMap::new();
        assert_eq!(map.insert("lr".to_string(), 1), None);
        assert_eq!(map.insert("batch".to_string(), 2), None);
        assert_eq!(map.insert("wd".to_string(), 3), None);
        assert_eq!(map.insert("lr".to_string(), 4), Some(1));
        assert_eq!(map.keys().collect::<Vec<_>>(), ["batch", "lr", "wd"]);
        assert_eq!(map.get("lr"), Some(&4));
        assert_eq!(map.get("momentum"), None);
        assert_eq!(map.len(), 3);
        let json = serde_json::to_string(&map).unwrap();
        assert_eq!(json, r#"{"batch":2,"lr":4,"wd":3}"#);
        let back: NameMap<i32> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, map);
    }
}
