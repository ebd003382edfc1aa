import { z } from "zod";
import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN, CONTACT_NAME_MAX, CONTACT_SUBJECT_VALUES } from "./contact.ts";
import { boundedText, emailAddress, tooLong } from "./zod-fields.ts";

// The contact form's schema: one for the browser (Conform) and the action.

export const contactMessageSchema = z.object({
  firstName: boundedText("First name is required", 1, CONTACT_NAME_MAX, tooLong("First name", CONTACT_NAME_MAX)),
  lastName: boundedText("Last name is required", 1, CONTACT_NAME_MAX, tooLong("Last name", CONTACT_NAME_MAX)),
  email: emailAddress("Valid email address is required", 255),
  subject: z.enum(CONTACT_SUBJECT_VALUES, { error: "Please choose a subject" }),
  message: boundedText(
    `Message must be at least ${CONTACT_MESSAGE_MIN} characters long`,
    CONTACT_MESSAGE_MIN,
    CONTACT_MESSAGE_MAX,
    `Message must be at most ${CONTACT_MESSAGE_MAX} characters long`,
  ),
  // The honeypot: hidden from people, filled in by form-filling bots.
  website: z.string().optional(),
});

export type ContactMessageInput = z.infer<typeof contactMessageSchema>;
