// Values that are costly to compute and may be a little old: computed once per database pool,
// then served from memory. After the TTL the old value is still served at once while a single
// refresh runs in the background, so no request waits except the very first.

type Entry<T> = { value?: T; expiresAt: number; loading?: Promise<T>; generation: number };

export type CacheOptions<T, K> = { ttlMs?: number; clock?: () => number; load?: (key: K) => Promise<T> };

export function cachedPerKey<K extends object, T>(load: (key: K) => Promise<T>, defaultTtlMs: number) {
  const entries = new WeakMap<K, Entry<T>>();
  let generation = 0;
  /** Forgets every key's value (a change announced by another instance names no pool of ours). */
  get.invalidateAll = () => {
    generation++;
  };
  return get;
  function get(key: K, { ttlMs = defaultTtlMs, clock = Date.now, load: loader = load }: CacheOptions<T, K> = {}) {
    let entry = entries.get(key);
    if (!entry || entry.generation !== generation) {
      entry = { expiresAt: 0, generation };
      entries.set(key, entry);
    }
    if (entry.value !== undefined && clock() < entry.expiresAt) return Promise.resolve(entry.value);
    if (!entry.loading) {
      const current = entry;
      current.loading = loader(key)
        .then((value) => {
          current.value = value;
          current.expiresAt = clock() + ttlMs;
          return value;
        })
        .finally(() => {
          current.loading = undefined;
        });
    }
    if (entry.value !== undefined) {
      // Served stale; a failed refresh is retried by the next caller.
      entry.loading?.catch(() => {});
      return Promise.resolve(entry.value);
    }
    return entry.loading as Promise<T>;
  }
}
