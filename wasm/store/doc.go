//go:build js && wasm

// Package store keeps saved runs behind one small interface with two implementations: Memory (for
// tests and as the fallback when a browser has no IndexedDB) and IDB (IndexedDB, which survives
// reload and browser restart). Both pass one contract test, so the history panel cannot tell them
// apart. IDB's schema is versioned, and its upgrade code moves older databases forward.
package store
