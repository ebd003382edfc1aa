import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";

// Work is never lost to the network (issue 36 item 4): a form that sends typed text keeps what
// was typed in this browser (localStorage) as it is typed, puts it back when the form opens again
// (after a failed send, a closed dialog, a reload, a page that could not load), and forgets it only
// once the server has confirmed the send. The profile form keeps its own, richer draft
// (app/components/consultants/profile-form/use-profile-draft.ts); this one serves the small forms:
// the message dialog, a conversation's answer, a review, the contact form.
//
// The forms' text fields are uncontrolled, so the draft works on the form element itself: it
// reads and writes the named fields' values, and the form's own state (light-form, Conform) is
// untouched. Keys name the form and the account (`draft:message:<consultant>:<account>`), so on a
// shared device one account's draft never shows in another's form.

type Stored = { savedAt: string; values: Record<string, string> };

const PREFIX = "draft:";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readDraft(key: string): Stored | null {
  try {
    const raw = storage()?.getItem(PREFIX + key);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Stored;
    return typeof stored?.savedAt === "string" && stored.values && typeof stored.values === "object" ? stored : null;
  } catch {
    return null;
  }
}

/** The server confirmed the send: the draft is done with. */
export function forgetDraft(key: string) {
  try {
    storage()?.removeItem(PREFIX + key);
  } catch {
    // Storage refused (private mode): nothing was kept.
  }
}

type TextControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function controlOf(form: HTMLFormElement, name: string): TextControl | null {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement
    ? element
    : null;
}

/** Whether the control holds something other than what the page was served with. */
function isTyped(control: TextControl | null): boolean {
  if (!control) return false;
  if (control instanceof HTMLSelectElement)
    return [...control.options].some((option) => option.selected !== option.defaultSelected);
  return control.value !== control.defaultValue;
}

/** Keeps the named fields' values now (nothing typed: no draft). */
export function keepDraft(key: string, form: HTMLFormElement, names: readonly string[]) {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = controlOf(form, name)?.value ?? "";
    if (value.trim() !== "") values[name] = value;
  }
  if (Object.keys(values).length === 0) return forgetDraft(key);
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify({ savedAt: new Date().toISOString(), values } satisfies Stored));
  } catch {
    // Storage full or refused: the form still works, only without a draft.
  }
}

/**
 * The draft of one form. Spread `props` on the form (a ref and an input listener; call `onInput`
 * yourself if the form has its own). `restored` says a kept draft was put back into the form.
 * `key` null (nobody signed in, the form not ready) keeps nothing.
 */
export function useKeptDraft(key: string | null, names: readonly string[]) {
  const ref = useRef<HTMLFormElement>(null);
  const [restored, setRestored] = useState(false);
  const fields = useRef(names);
  fields.current = names;

  // After hydration (or when the form mounts afresh): a kept draft fills the fields it names.
  useEffect(() => {
    const form = ref.current;
    if (!form || !key) return;
    const stored = readDraft(key);
    if (!stored) {
      // Typed before this form's code had arrived (a form loaded on first use, a slow phone): no
      // input listener heard it, so it is kept now.
      if (fields.current.some((name) => isTyped(controlOf(form, name)))) keepDraft(key, form, fields.current);
      return;
    }
    let filled = false;
    for (const name of fields.current) {
      const value = stored.values[name];
      const control = controlOf(form, name);
      if (typeof value === "string" && value !== "" && control && control.value !== value) {
        control.value = value;
        filled = true;
      }
    }
    setRestored(filled);
  }, [key]);

  const keep = useCallback(() => {
    if (key && ref.current) keepDraft(key, ref.current, fields.current);
  }, [key]);

  const forget = useCallback(() => {
    if (key) forgetDraft(key);
    setRestored(false);
  }, [key]);

  return { ref, restored, keep, forget, props: { ref, onInput: keep, onChange: keep } };
}

/**
 * For a form that posts as a navigation and leaves with a redirect on success (a conversation's
 * answer, a review, the contact form): once a submission of this page ends without an answer of
 * the action (the action redirected: the server confirmed), `onConfirmed` runs. A failure answers
 * with actionData and keeps the draft. `isMine` picks this form's submissions on a page with several.
 */
export function useConfirmedSubmission(
  actionData: unknown,
  onConfirmed: () => void,
  isMine: (formData: FormData) => boolean = () => true,
) {
  const navigation = useNavigation();
  const submitting = useRef(false);
  const callback = useRef({ onConfirmed, isMine });
  callback.current = { onConfirmed, isMine };
  useEffect(() => {
    if (navigation.state === "submitting") {
      if (navigation.formData && callback.current.isMine(navigation.formData)) submitting.current = true;
      return;
    }
    if (navigation.state === "idle" && submitting.current) {
      submitting.current = false;
      if (actionData === undefined) callback.current.onConfirmed();
    }
  }, [navigation.state, navigation.formData, actionData]);
}
