// Writes that change the listed directory (a profile created, edited, approved, hidden, rejected
// or deleted) say so here; the caches that summarize it (the home page's stats) drop their value,
// so the stats strip and the list agree right after a change. A module of its own, so the write
// services and the caches need not import each other. Other app instances hear of a change
// through PostgreSQL (server/instances.ts) and announce it here as "remote".

export type ChangeOrigin = "local" | "remote";
type Listener = (db: object | undefined, origin: ChangeOrigin) => void;
const listeners = new Set<Listener>();

export function onDirectoryChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called after a write to consultants has committed (or failed: dropping a cache is harmless). */
export function directoryChanged(db: object): void {
  for (const listener of listeners) listener(db, "local");
}

/** Another instance changed the directory (its write has committed). */
export function directoryChangedElsewhere(): void {
  for (const listener of listeners) listener(undefined, "remote");
}
