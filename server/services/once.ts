// A value computed on first use and never changed after: a parsed dictionary, a document built
// from constants, a process-wide setting applied once. Harmless in a module, unlike state: if
// the module is loaded twice (the pages run from React Router's build, which bundles its own copy
// of every service), each copy computes the same value. Anything that changes after it is made (a
// cache, a buffer, a listener list, a flag) belongs in the process's runtime (server/runtime.ts).

/** `make`'s value, made by the first call and returned by every later one. */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
