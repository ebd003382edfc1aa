/**
 * A form's fields as a plain object for a service that parses `unknown` input: a field sent once
 * is a string, a field sent several times (checkbox groups) an array of strings.
 */
export function formValues(form: FormData): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    const all = form.getAll(key).map(String);
    values[key] = all.length > 1 ? all : all[0];
  }
  return values;
}
