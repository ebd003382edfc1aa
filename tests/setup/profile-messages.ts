// The spec's messages for an empty profile (its bio too short), word for word, written once for
// the tests of every door that checks one: the owner's form and API, the services, the admin's edit.
// A copy on purpose, not an import of common/consultant-schema.ts's PROFILE_MESSAGES: the tests are
// the spec's check, and an import would let a changed message pass unnoticed.

/** The owner's form, `POST`/`PUT /api/consultants` and the services (spec section 5), in the form's order. */
export const OWNER_REQUIRED_MESSAGES: Record<string, string> = {
  name: "Name is required",
  title: "Professional title is required",
  email: "Valid email address is required",
  location: "Location is required",
  country: "Country is required",
  yearsExperience: "Years of experience is required",
  primarySpecialization: "Primary specialization is required",
  bio: "Bio must be at least 10 characters long",
};

/** The admin's edit (spec section 5, admin rules): the same fields, three of them worded otherwise. */
export const ADMIN_REQUIRED_MESSAGES: Record<string, string> = {
  ...OWNER_REQUIRED_MESSAGES,
  title: "Title is required",
  email: "Valid email is required",
  bio: "Bio must be at least 10 characters",
};

/** The messages as the API and the services list them: `{ path, message }` in the same order. */
export function errorList(messages: Record<string, string>) {
  return Object.entries(messages).map(([path, message]) => ({ path, message }));
}
