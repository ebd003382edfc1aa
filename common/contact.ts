import { choices } from "./choices.ts";

// The contact page form: its subjects and limits (free of zod: the page shows them); the schema for
// the browser (Conform) and the action is in contact-schema.ts.

const subjects = choices({
  general: "General Inquiry",
  technical: "Technical Support",
  consultant: "Consultant Questions",
  organization: "Organization Inquiry",
  partnership: "Partnership Opportunities",
  feedback: "Feedback",
  other: "Other",
});

export const CONTACT_SUBJECTS = subjects.options;
export const CONTACT_SUBJECT_VALUES = subjects.values;
export type ContactSubject = (typeof CONTACT_SUBJECT_VALUES)[number];

export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

/** The subject value named in `?subject=`, when it is one of ours. */
export function contactSubjectFrom(value: string | null | undefined): ContactSubject | undefined {
  return CONTACT_SUBJECT_VALUES.find((subject) => subject === value);
}

export function contactSubjectLabel(value: ContactSubject): string {
  return subjects.labels[value];
}
