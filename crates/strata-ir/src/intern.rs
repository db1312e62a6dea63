//! Thread-safe uniquing storage behind the context's handles.
//!
//! Every type, attribute and identifier string is stored once; its handle is
//! the index of that single copy, so equality of handles is equality of
//! values (as MLIR's `StorageUniquer` guarantees). Reads by handle take no
//! lock: entries live in an append-only `boxcar::Vec` that never moves them.
//! Insertion takes a mutex around the dedup table only, which keeps passes
//! running in parallel on different functions free to create constants.

use std::hash::{BuildHasher, Hash};
use std::sync::Mutex;

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

pub(crate) struct Interner<T> {
    items: boxcar::Vec<T>,
    table: Mutex<HashTable<u32>>,
}

impl<T: Eq + Hash> Interner<T> {
    pub fn new() -> Self {
        Interner { items: boxcar::Vec::new(), table: Mutex::new(HashTable::new()) }
    }

    #[inline]
    pub fn get(&self, index: u32) -> &T {
        &self.items[index as usize]
    }

    pub fn len(&self) -> usize {
        self.items.count()
    }

    /// The index of the stored value equal to `key`, without storing anything.
    pub fn find<Q>(&self, key: &Q) -> Option<u32>
    where
        Q: Hash + Eq + ?Sized,
        T: std::borrow::Borrow<Q>,
    {
        let hash = FxBuildHasher.hash_one(key);
        let table = self.table.lock().unwrap_or_else(|e| e.into_inner());
        table.find(hash, |&i| self.items[i as usize].borrow() == key).copied()
    }

    /// Returns the index of the stored value equal to `value`, storing it first
    /// if it was not there.
    pub fn intern(&self, value: T) -> u32 {
        let hash = FxBuildHasher.hash_one(&value);
        let mut table = self.table.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&index) = table.find(hash, |&i| self.items[i as usize] == value) {
            return index;
        }
        let index = self.items.push(value) as u32;
        let items = &self.items;
        table.insert_unique(hash, index, |&i| FxBuildHasher.hash_one(&items[i as usize]));
        index
    }

    /// Like [`Interner::intern`] but looks up by a borrowed form first so the
    /// common hit path allocates nothing.
    pub fn intern_with<Q>(&self, key: &Q, make: impl FnOnce() -> T) -> u32
    where
        Q: Hash + ?Sized,
        T: std::borrow::Borrow<Q>,
        Q: Eq,
    {
        let hash = FxBuildHasher.hash_one(key);
        let mut table = self.table.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&index) = table.find(hash, |&i| self.items[i as usize].borrow() == key) {
            return index;
        }
        let index = self.items.push(make()) as u32;
        let items = &self.items;
        table.insert_unique(hash, index, |&i| FxBuildHasher.hash_one(items[i as usize].borrow()));
        index
    }
}
