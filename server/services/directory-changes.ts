// Writes that change the listed directory (a profile created, edited, approved, hidden, rejected
// or deleted) say so here; the caches that summarize it (the stats, the word analyses) drop their
// value, so the stats strip and the list agree right after a change. One instance per process,
// in its runtime (server/runtime.ts): the write services reach it through `deps.runtime`, so a
// page rendered by the React Router build and an API call announce to the same listeners. Other
// app instances hear of a change through PostgreSQL (server/instances.ts) and announce it here
// as "remote".

export type ChangeOrigin = "local" | "remote";
type Listener = (origin: ChangeOrigin) => void;

export class DirectoryChanges {
  private readonly listeners = new Set<Listener>();

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called after a write to consultants has committed (or failed: dropping a cache is harmless). */
  changed(): void {
    for (const listener of this.listeners) listener("local");
  }

  /** Another instance changed the directory (its write has committed). */
  changedElsewhere(): void {
    for (const listener of this.listeners) listener("remote");
  }
}
