import { parseWithZod } from "@conform-to/zod/v4";
import { useCallback, useEffect, useRef, useState } from "react";
import { consultantProfileSchema } from "#common/consultant-schema.ts";
import { draftFormValues, normalizeProfileFormData, type ProfileFormValues } from "./form-values.ts";

// Nothing typed is lost on a refresh: the form's values are kept in this browser (localStorage)
// as they change, restored when the form opens again, removed after a successful save or when
// the consultant discards them. The chosen photo file is not kept (a browser cannot store it).

type Stored = { savedAt: string; payload: unknown };

function read(key: string): Stored | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Stored;
    return typeof stored?.savedAt === "string" ? stored : null;
  } catch {
    return null;
  }
}

function forget(key: string) {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Storage refused (private mode): nothing was kept.
  }
}

export type ProfileDraft = ReturnType<typeof useProfileDraft>;

/** What the form holds now, as values (what a kept draft holds). */
export function currentFormValues(form: HTMLFormElement): ProfileFormValues {
  const data = normalizeProfileFormData(new FormData(form));
  data.delete("profilePhoto");
  data.delete("__intent__");
  return draftFormValues(parseWithZod(data, { schema: consultantProfileSchema, disableAutoCoercion: true }).payload);
}

export function useProfileDraft(key: string, defaults: ProfileFormValues) {
  const [state, setState] = useState({ values: defaults, restoredAt: null as string | null, version: 0 });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // After hydration: the server rendered the saved profile; a kept draft replaces it.
  useEffect(() => {
    const stored = read(key);
    if (stored)
      setState((current) => ({
        values: draftFormValues(stored.payload),
        restoredAt: stored.savedAt,
        version: current.version + 1,
      }));
  }, [key]);

  useEffect(() => () => clearTimeout(timer.current), []);

  /** Keeps the form's current values, a moment after the last change. */
  const keep = useCallback(
    (form: HTMLFormElement | null) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        if (!form?.isConnected) return;
        const data = normalizeProfileFormData(new FormData(form));
        data.delete("profilePhoto");
        data.delete("__intent__");
        const { payload } = parseWithZod(data, { schema: consultantProfileSchema, disableAutoCoercion: true });
        try {
          window.localStorage.setItem(key, JSON.stringify({ savedAt: new Date().toISOString(), payload } satisfies Stored));
        } catch {
          // Storage full or refused: the form still works, only without a draft.
        }
      }, 300);
    },
    [key],
  );

  /** After a successful save: the draft is done with. */
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    forget(key);
  }, [key]);

  /** New values for the whole form (an imported CV's drafts): shown at once and kept like typed ones. */
  const replace = useCallback(
    (values: ProfileFormValues) => {
      clearTimeout(timer.current);
      try {
        window.localStorage.setItem(key, JSON.stringify({ savedAt: new Date().toISOString(), payload: values } satisfies Stored));
      } catch {
        // Storage full or refused: the values are in the form all the same.
      }
      setState((current) => ({ values, restoredAt: null, version: current.version + 1 }));
    },
    [key],
  );

  /** Back to the saved profile. */
  const discard = useCallback(() => {
    clearTimeout(timer.current);
    forget(key);
    setState((current) => ({ values: defaults, restoredAt: null, version: current.version + 1 }));
  }, [key, defaults]);

  return { ...state, keep, clear, discard, replace };
}
