import { useEffect, useState } from "react";

/**
 * A form's validation in the browser, loaded after the page rather than with it: zod and Conform's
 * parser are then not part of the first load. Until it has arrived (a moment after hydration),
 * Conform sends a submission to the server, which validates it with the same schema and answers
 * with the same messages, so a visitor sees the same errors either way.
 *
 * `load` must be a stable (module-level) function resolving to the validator.
 */
export function useDeferredValidation<Validate>(load: () => Promise<Validate>): Validate | undefined {
  const [validate, setValidate] = useState<Validate>();
  useEffect(() => {
    let live = true;
    load().then(
      (loaded) => {
        if (live) setValidate(() => loaded);
      },
      // Offline or the chunk failed: the server still validates.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [load]);
  return validate;
}
