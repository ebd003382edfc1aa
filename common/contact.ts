// The contact page form: its subjects and limits (free of zod: the page shows them); the schema for
// the browser (Conform) and the action is in contact-schema.ts.

export const CONTACT_SUBJECTS = [
  { value: "general", label: "General Inquiry" },
  { value: "technical", label: "Technical Support" },
  { value: "consultant", label: "Consultant Questions" },
  { value: "organization", label: "Organization Inquiry" },
  { value: "partnership", label: "Partnership Opportunities" },
  { value: "feedback", label: "Feedback" },
  { value: "other", label: "Other" },
] as const;

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]["value"];

export const CONTACT_SUBJECT_VALUES = CONTACT_SUBJECTS.map((subject) => subject.value) as [ContactSubject, ...ContactSubject[]];

export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

/** The subject value named in `?subject=`, when it is one of ours. */
export function contactSubjectFrom(value: string | null | undefined): ContactSubject | undefined {
  return CONTACT_SUBJECT_VALUES.find((subject) => subject === value);
}

export function contactSubjectLabel(value: ContactSubject): string {
  return CONTACT_SUBJECTS.find((subject) => subject.value === value)?.label ?? value;
}
