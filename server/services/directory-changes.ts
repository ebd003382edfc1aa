// Writes that change the listed directory (a profile created, edited, approved, hidden, rejected
// or deleted) say so here; the caches that summarize it (the home page's stats) drop their value,
// so the stats strip and the list agree right after a change. A module of its own, so the write
// services and the caches need not import each other.

type Listener = (db: object) => void;
const listeners = new Set<Listener>();

export function onDirectoryChange(listener: Listener): void {
  listeners.add(listener);
}

/** Called after a write to consultants has committed (or failed: dropping a cache is harmless). */
export function directoryChanged(db: object): void {
  for (const listener of listeners) listener(db);
}
