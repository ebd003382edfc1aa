import { z } from "zod";

// The contact page form: one schema for the browser (Conform) and the action.

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

function requiredText(message: string, max: number, tooLong: string) {
  return z.string({ error: message }).trim().min(1, message).max(max, tooLong);
}

export const contactMessageSchema = z.object({
  firstName: requiredText(
    "First name is required",
    CONTACT_NAME_MAX,
    `First name must be at most ${CONTACT_NAME_MAX} characters`,
  ),
  lastName: requiredText("Last name is required", CONTACT_NAME_MAX, `Last name must be at most ${CONTACT_NAME_MAX} characters`),
  email: z
    .string({ error: "Valid email address is required" })
    .trim()
    .max(255, "Valid email address is required")
    .pipe(z.email({ error: "Valid email address is required" })),
  subject: z.enum(CONTACT_SUBJECT_VALUES, { error: "Please choose a subject" }),
  message: z
    .string({ error: `Message must be at least ${CONTACT_MESSAGE_MIN} characters long` })
    .trim()
    .min(CONTACT_MESSAGE_MIN, `Message must be at least ${CONTACT_MESSAGE_MIN} characters long`)
    .max(CONTACT_MESSAGE_MAX, `Message must be at most ${CONTACT_MESSAGE_MAX} characters long`),
  // The honeypot: hidden from people, filled in by form-filling bots.
  website: z.string().optional(),
});

export type ContactMessageInput = z.infer<typeof contactMessageSchema>;
