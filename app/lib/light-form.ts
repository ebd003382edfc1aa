import { useEffect, useId, useRef, useState } from "react";

// The state of a small public form (contact, sign-in, sign-up, password reset, message to a
// consultant) without Conform and zod in the page's first load. It reads the answers the server
// gives with Conform's `submission.reply()` (the server still parses every form with zod), and
// behaves as Conform's useForm did for these forms:
//
// - a field's error shows once the field was validated: when it loses focus (`shouldValidate:
//   "onBlur"`) or at the first submit, and is checked again as the person types;
// - a submit with errors is stopped in the browser, every error shows, and the first field in
//   error takes the focus; so does an answer from the server with errors;
// - `noValidate`: the messages are ours (the spec's), not the browser's bubbles; without
//   JavaScript the form posts and the server answers with the same messages.
//
// The browser's validation (zod through Conform's parser, the same messages as the server) is a
// chunk of its own: it starts loading when the form is first used (focus or pointer), and a submit
// before it has arrived waits for it (a moment), so errors always show before anything is sent.
// If it cannot load (offline), the form is sent and the server's answer shows the errors.

export type FieldErrors = Record<string, string[] | null | undefined>;
export type Validate = (formData: FormData) => FieldErrors;

/** What the server answers for a form (the subset of Conform's SubmissionResult used here). */
export type FormResult = {
  status?: "success" | "error";
  initialValue?: Record<string, unknown> | null;
  error?: FieldErrors | null;
  state?: { validated?: Record<string, boolean> } | null;
};

/** A form's browser validation, loaded once on first use and then at hand. Create at module level. */
export type DeferredValidation = { ready: () => Validate | undefined; load: () => Promise<Validate> };

export function deferredValidation(load: () => Promise<Validate>): DeferredValidation {
  let ready: Validate | undefined;
  let loading: Promise<Validate> | undefined;
  return {
    ready: () => ready,
    load: () => {
      loading ??= load().then(
        (validate) => {
          ready = validate;
          return validate;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}

type FormState = {
  errors: Record<string, string[]>;
  /** The fields whose errors show; `all` after a submit. */
  validated: Record<string, boolean>;
  all: boolean;
  initialValue: Record<string, unknown>;
  /** Changes when the form is reset, so its inputs mount afresh (their `key`). */
  generation: number;
};

function cleanErrors(errors: FieldErrors | null | undefined): Record<string, string[]> {
  const clean: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(errors ?? {})) {
    if (messages && messages.length > 0) clean[name] = messages;
  }
  return clean;
}

const hasErrors = (errors: Record<string, string[]>) => Object.keys(errors).length > 0;

function firstState(lastResult: FormResult | null | undefined, defaultValue: Record<string, unknown>): FormState {
  const errors = cleanErrors(lastResult?.error);
  return {
    errors,
    validated: { ...Object.fromEntries(Object.keys(errors).map((name) => [name, true])), ...lastResult?.state?.validated },
    all: false,
    initialValue: lastResult?.initialValue ?? defaultValue,
    generation: 0,
  };
}

/** The first control of the form (in page order) whose field has an error takes the focus. */
function focusFirstError(form: HTMLFormElement | null, errors: Record<string, string[]>) {
  if (!form) return;
  for (const element of form.elements) {
    if (
      (element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement) &&
      element.type !== "hidden" &&
      errors[element.name]
    ) {
      element.focus();
      return;
    }
  }
}

function namedField(event: React.SyntheticEvent<HTMLFormElement>): string | null {
  const target = event.target as { name?: unknown; form?: unknown };
  return target.form === event.currentTarget && typeof target.name === "string" && target.name !== "" ? target.name : null;
}

export function useLightForm({
  id: preferredId,
  lastResult,
  defaultValue = {},
  shouldValidate = "onSubmit",
  validation,
}: {
  id?: string;
  /** The server's latest answer for this form (a new object for each answer). */
  lastResult?: FormResult | null;
  defaultValue?: Record<string, unknown>;
  shouldValidate?: "onBlur" | "onSubmit";
  validation: DeferredValidation;
}) {
  const generatedId = useId();
  const id = preferredId ?? generatedId;
  const [state, setState] = useState(() => firstState(lastResult, defaultValue));
  const reported = useRef(lastResult);
  const focusPending = useRef(false);
  const sendUnchecked = useRef(false);
  const formElement = () => document.getElementById(id) as HTMLFormElement | null;

  // A new answer from the server: its errors show (its values were what was typed), or the form
  // starts afresh when the server says so (`reply({ resetForm: true })`).
  useEffect(() => {
    if (!lastResult || lastResult === reported.current) return;
    reported.current = lastResult;
    if (lastResult.initialValue === null) {
      setState((current) => ({
        errors: {},
        validated: {},
        all: false,
        initialValue: defaultValue,
        generation: current.generation + 1,
      }));
      return;
    }
    const errors = cleanErrors(lastResult.error);
    setState((current) => ({
      ...current,
      errors,
      validated: {
        ...current.validated,
        ...Object.fromEntries(Object.keys(errors).map((name) => [name, true])),
        ...lastResult.state?.validated,
      },
    }));
    if (lastResult.status === "error") focusPending.current = true;
    // Only a new answer matters; defaultValue is a fresh object on each render.
  }, [lastResult]);

  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    focusFirstError(formElement(), state.errors);
  });

  /** Validates the whole form, marks `names` (or every field) as validated; null until the validation is loaded. */
  const check = (form: HTMLFormElement, names: string[] | "all") => {
    const validate = validation.ready();
    if (!validate) return null;
    const errors = cleanErrors(validate(new FormData(form)));
    setState((current) => ({
      ...current,
      errors,
      all: current.all || names === "all",
      validated:
        names === "all" ? current.validated : { ...current.validated, ...Object.fromEntries(names.map((n) => [n, true])) },
    }));
    return errors;
  };

  const isValidated = (name: string) => state.all || state.validated[name] === true;
  const visible = (name: string) => (isValidated(name) ? state.errors[name] : undefined);
  const formErrors = visible("");
  const errorId = `${id}-form-error`;

  const props = {
    id,
    noValidate: true,
    "aria-describedby": formErrors ? errorId : undefined,
    onFocus: () => void validation.load().catch(() => {}),
    onPointerDown: () => void validation.load().catch(() => {}),
    onBlur: (event: React.FocusEvent<HTMLFormElement>) => {
      const name = namedField(event);
      if (name && shouldValidate === "onBlur" && !isValidated(name)) check(event.currentTarget, [name]);
    },
    onInput: (event: React.FormEvent<HTMLFormElement>) => {
      const name = namedField(event);
      if (name && isValidated(name)) check(event.currentTarget, [name]);
    },
    onSubmit: (event: React.FormEvent<HTMLFormElement>) => {
      if (sendUnchecked.current) {
        sendUnchecked.current = false;
        return;
      }
      const form = event.currentTarget;
      const errors = check(form, "all");
      if (errors === null) {
        // Not loaded yet: wait for it, then submit again (checked this time). If it cannot load,
        // send the form as it is and let the server answer.
        event.preventDefault();
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        validation.load().then(
          () => form.isConnected && form.requestSubmit(submitter),
          () => {
            if (!form.isConnected) return;
            sendUnchecked.current = true;
            form.requestSubmit(submitter);
          },
        );
        return;
      }
      if (hasErrors(errors)) {
        event.preventDefault();
        focusPending.current = true;
      }
    },
  };

  return {
    id,
    errorId,
    /** The form's own errors (not tied to a field), e.g. "Invalid email or password". */
    errors: formErrors,
    props,
    field: (name: string) => ({
      key: `${name}-${state.generation}`,
      name,
      initialValue: state.initialValue[name] as string | undefined,
      errors: visible(name),
    }),
  };
}
