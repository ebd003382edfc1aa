import { z } from "zod";
import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN, CONTACT_NAME_MAX, CONTACT_SUBJECT_VALUES } from "./contact.ts";

// The contact form's schema: one for the browser (Conform) and the action.

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
